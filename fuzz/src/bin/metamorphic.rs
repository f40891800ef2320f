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
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    let mut executor_given = false;
    while let Some(a) = it.next() {
        let mut val = || {
            it.next().cloned().unwrap_or_else(|| {
                eprintln!("metamorphic: {a} needs a value");
                std::process::exit(2)
            })
        };
        let num = |s: String| -> u64 {
            s.parse().unwrap_or_else(|_| {
                eprintln!("metamorphic: bad number `{s}`");
                std::process::exit(2)
            })
        };
        match a.as_str() {
            "--seconds" => cfg.seconds = num(val()),
            "--seed" => cfg.seed = num(val()),
            "--harness" => cfg.harness = PathBuf::from(val()),
            "--work" => cfg.work = PathBuf::from(val()),
            "--artifacts" => cfg.artifacts = PathBuf::from(val()),
            "--corpus" => cfg.corpus = Some(PathBuf::from(val())),
            "--max-shrinks" => cfg.max_shrinks = num(val()) as usize,
            "--timeout" => cfg.timeout = Duration::from_secs(num(val())),
            "--executor" => {
                if !executor_given {
                    cfg.executors.clear();
                    executor_given = true;
                }
                cfg.executors.push(val());
            }
            other => {
                eprintln!("metamorphic: unknown argument `{other}`");
                return ExitCode::from(2);
            }
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
