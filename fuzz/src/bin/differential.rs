//! The differential fuzzer's command line (usually run through `cargo xtask fuzz --differential`).
//!
//! ```text
//! differential [--seconds N] [--seed S] [--harness PATH] [--work DIR] [--artifacts DIR]
//!              [--shrink-seconds N] [--max-shrinks N] [--executor E]... [--adapter NAME]
//!              [--first I] [--only I]   (start at iteration I / replay and shrink iteration I)
//!              [--tessellation]          (every pipeline with tessellation stages)
//!              [--geometry]              (every pipeline with a generated geometry stage)
//!              [--through-geometry]      (every pipeline with a pass-through geometry stage)
//! ```
//! Prints progress to stderr and one JSON line of statistics to stdout; exits 1 if it found
//! anything, 125 if nothing could be compared.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tesserae_fuzz::cli::Args;
use tesserae_fuzz::differential::{run, Config};
use tesserae_fuzz::gen::Features;

fn main() -> ExitCode {
    let mut cfg = Config {
        harness: PathBuf::from("target/debug/tesserae-harness"),
        work: PathBuf::from("target/differential"),
        artifacts: PathBuf::from("fuzz/artifacts/differential"),
        seconds: 60,
        seed: 1,
        shrink_seconds: 120,
        max_shrinks: 5,
        executors: vec!["wgpu-vulkan".into(), "wgpu-gl".into()],
        adapter: None,
        timeout: Duration::from_secs(60),
        features: Features::DIFFERENTIAL,
        first: 0,
        only: None,
        through_geometry: false,
    };
    let mut args = Args::new("differential");
    let mut executor_given = false;
    while let Some(a) = args.next_flag() {
        match a.as_str() {
            "--seconds" => cfg.seconds = args.number(&a),
            "--seed" => cfg.seed = args.number(&a),
            "--harness" => cfg.harness = PathBuf::from(args.value(&a)),
            "--work" => cfg.work = PathBuf::from(args.value(&a)),
            "--artifacts" => cfg.artifacts = PathBuf::from(args.value(&a)),
            "--shrink-seconds" => cfg.shrink_seconds = args.number(&a),
            "--max-shrinks" => cfg.max_shrinks = args.number(&a) as usize,
            "--executor" => {
                // Repeatable; the first one given replaces the default pair.
                if !executor_given {
                    cfg.executors.clear();
                    executor_given = true;
                }
                cfg.executors.push(args.value(&a));
            }
            "--adapter" => cfg.adapter = Some(args.value(&a)),
            "--first" => cfg.first = args.number(&a),
            "--only" => {
                let i = args.number(&a);
                cfg.first = i;
                cfg.only = Some(i);
            }
            "--timeout" => cfg.timeout = Duration::from_secs(args.number(&a)),
            "--tessellation" => cfg.features = Features { tessellation: true, only_tessellation: true, ..cfg.features },
            "--geometry" => cfg.features = Features { geometry: true, only_geometry: true, ..cfg.features },
            "--through-geometry" => cfg.through_geometry = true,
            other => args.usage(&format!("unknown argument `{other}`")),
        }
    }
    let stats = run(&cfg);
    println!("{}", stats.to_json());
    eprintln!(
        "differential: {:.0}s, {} pipelines generated, {} compared ({} drew something: {:.0}% of those rendered alike), {} mismatches, {} translated failures, \
         {} native failures, {} skipped, {} known driver bugs (by signature), {} artifacts",
        stats.seconds,
        stats.generated,
        stats.compared,
        stats.drawn,
        stats.drawn_percent(),
        stats.mismatches,
        stats.translated_failed,
        stats.native_failed,
        stats.skipped,
        stats.known_driver_bugs,
        stats.artifacts.len()
    );
    // What each signature explained (and the most pixels it took), and how often a
    // signature's shape matched a difference its evidence did not explain (a finding).
    for (name, count) in &stats.signatures {
        eprintln!(
            "differential:   {name}: explained {count} (at most {} pixels), evidence failed {}",
            stats.signature_max_pixels.get(name).copied().unwrap_or(0),
            stats.evidence_failed.get(name).copied().unwrap_or(0)
        );
    }
    for (name, count) in stats.evidence_failed.iter().filter(|(n, _)| !stats.signatures.contains_key(*n)) {
        eprintln!("differential:   {name}: explained 0, evidence failed {count}");
    }
    if stats.compared == 0 {
        return ExitCode::from(125);
    }
    if stats.mismatches + stats.translated_failed + stats.native_failed > 0 {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
