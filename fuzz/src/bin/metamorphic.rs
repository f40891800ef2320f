//! The metamorphic fuzzer's command line (usually run through `cargo xtask fuzz metamorphic`).
//!
//! ```text
//! metamorphic [--seconds N] [--seed S] [--harness PATH] [--work DIR] [--artifacts DIR]
//!             [--corpus DIR]          (tests frozen by `tesserae-harness freeze`)
//!             [--executor E]...       (default: native, wgpu-vulkan, wgpu-gl)
//!             [--max-shrinks N] [--timeout SECONDS]
//! ```
//! Prints findings to stderr and one JSON line of statistics to stdout; exits 1 if it found
//! anything, 125 if nothing could be compared.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tesserae_fuzz::cli::Args;
use tesserae_fuzz::metamorphic::{run, Config};

fn main() -> ExitCode {
    let mut cfg = Config {
        harness: PathBuf::from("target/debug/tesserae-harness"),
        work: PathBuf::from("target/metamorphic"),
        artifacts: PathBuf::from("fuzz/artifacts/metamorphic"),
        corpus: None,
        seconds: 60,
        seed: 1,
        executors: vec!["native".into(), "wgpu-vulkan".into(), "wgpu-gl".into()],
        timeout: Duration::from_secs(60),
        max_shrinks: 5,
    };
    let mut args = Args::new("metamorphic");
    let mut executor_given = false;
    while let Some(a) = args.next_flag() {
        match a.as_str() {
            "--seconds" => cfg.seconds = args.number(&a),
            "--seed" => cfg.seed = args.number(&a),
            "--harness" => cfg.harness = PathBuf::from(args.value(&a)),
            "--work" => cfg.work = PathBuf::from(args.value(&a)),
            "--artifacts" => cfg.artifacts = PathBuf::from(args.value(&a)),
            "--corpus" => cfg.corpus = Some(PathBuf::from(args.value(&a))),
            "--max-shrinks" => cfg.max_shrinks = args.number(&a) as usize,
            "--timeout" => cfg.timeout = Duration::from_secs(args.number(&a)),
            "--executor" => {
                if !executor_given {
                    cfg.executors.clear();
                    executor_given = true;
                }
                cfg.executors.push(args.value(&a));
            }
            other => args.usage(&format!("unknown argument `{other}`")),
        }
    }
    let stats = run(&cfg);
    println!("{}", stats.to_json());
    if stats.compared == 0 {
        ExitCode::from(125)
    } else if stats.findings.is_empty() && stats.invalid_variants == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
