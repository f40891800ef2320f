//! `cargo xtask`: the project's task runner (conformance, bless, bench).
//!
//! Every task builds what it needs with cargo, then runs the harness binary, passing options
//! through. Conformance uses the dev profile, so CI builds the workspace once for the tests
//! and the corpus.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use xshell::{cmd, Shell};

#[derive(Parser)]
#[command(name = "xtask")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Run the conformance corpus natively and translated on every available wgpu backend.
    Conformance {
        #[arg(long)]
        filter: Option<String>,
        /// vulkan, gl or all
        #[arg(long)]
        backend: Option<String>,
        #[arg(long)]
        adapter: Option<String>,
        /// native, emulated or both
        #[arg(long)]
        clip: Option<String>,
        /// I/N
        #[arg(long)]
        shard: Option<String>,
    },
    /// Render reference images with the native executor.
    Bless {
        #[arg(long)]
        filter: Option<String>,
        #[arg(long)]
        adapter: Option<String>,
    },
    /// Benchmarks, as ratios against a peer measured in the same run (release build).
    Bench {
        #[arg(long)]
        filter: Option<String>,
        /// points, cull, tessellation, tessellator, translate (comma separated; default all)
        #[arg(long)]
        only: Option<String>,
        /// Vulkan device / wgpu adapter name substring for the frame and tessellator benches.
        #[arg(long)]
        adapter: Option<String>,
    },
    /// Fuzzing: a cargo-fuzz target with libFuzzer, or the differential fuzzer (see fuzz.rs).
    Fuzz(fuzz::FuzzArgs),
    /// Run fuzz/oss-fuzz/build.sh locally with $SRC and $OUT set, without Docker.
    OssFuzzBuild(fuzz::OssFuzzArgs),
    /// Compare the CPU tessellator with the Vulkan driver's over a sweep of levels and modes
    /// (dev profile); with `--gpu`, with the GPU tessellator's kernels on wgpu (`--backend
    /// vulkan|gl`). Last line `configurations=N mismatches=M`.
    TessSweep {
        #[arg(long)]
        adapter: Option<String>,
        #[arg(long)]
        gpu: bool,
        /// vulkan (default) or gl; only with --gpu
        #[arg(long, requires = "gpu")]
        backend: Option<String>,
    },
    /// Write the generated corpus files (the clip/cull matrix); `--check` only compares.
    Codegen {
        #[arg(long)]
        check: bool,
    },
}

mod codegen;
mod fuzz;

fn opt(name: &str, v: &Option<String>) -> Vec<String> {
    v.as_ref().map(|v| vec![format!("--{name}"), v.clone()]).unwrap_or_default()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let sh = match Shell::new() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("xtask: {e}");
            return ExitCode::from(2);
        }
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(|p| p.to_path_buf()).unwrap_or_default();
    sh.change_dir(&root);
    let result = match cli.task {
        Task::Conformance { filter, backend, adapter, clip, shard } => {
            let args: Vec<String> =
                [opt("filter", &filter), opt("backend", &backend), opt("adapter", &adapter), opt("clip", &clip), opt("shard", &shard)]
                    .concat();
            harness(&sh, false, "run", &args)
        }
        Task::Bless { filter, adapter } => harness(&sh, false, "bless", &[opt("filter", &filter), opt("adapter", &adapter)].concat()),
        Task::Bench { filter, only, adapter } => {
            harness(&sh, true, "bench", &[opt("filter", &filter), opt("only", &only), opt("adapter", &adapter)].concat())
        }
        Task::Fuzz(args) => fuzz::fuzz(&sh, &args),
        Task::Codegen { check } => Ok(codegen::codegen(&root, check)),
        Task::OssFuzzBuild(args) => fuzz::oss_fuzz_build(&sh, &args),
        Task::TessSweep { adapter, gpu, backend } => {
            let flag = if gpu { vec!["--gpu".to_string()] } else { Vec::new() };
            harness(&sh, false, "tess-sweep", &[opt("adapter", &adapter), flag, opt("backend", &backend)].concat())
        }
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("xtask: {e}");
            // 125: cannot test (build broken), as `git bisect run` expects.
            ExitCode::from(125)
        }
    }
}

/// Builds the harness and runs one of its subcommands; returns its exit code.
/// Cargo's target directory: `CARGO_TARGET_DIR` when set, else `target/` in the workspace.
pub(crate) fn target_dir(sh: &Shell) -> std::path::PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) => sh.current_dir().join(d),
        None => sh.current_dir().join("target"),
    }
}

pub(crate) fn harness(sh: &Shell, release: bool, sub: &str, args: &[String]) -> Result<u8, Box<dyn std::error::Error>> {
    let profile: &[&str] = if release { &["--release"] } else { &[] };
    cmd!(sh, "cargo build --quiet -p tesserae-harness {profile...}").run()?;
    let exe = target_dir(sh).join(if release { "release" } else { "debug" }).join("tesserae-harness");
    // Run directly (not through xshell) to inherit the terminal and keep the exit code.
    let status = std::process::Command::new(exe).arg(sub).args(args).current_dir(sh.current_dir()).status()?;
    Ok(status.code().unwrap_or(1) as u8)
}
