//! `cargo xtask`: the project's task runner (conformance, bless, bench).
//!
//! Every task builds what it needs with cargo, then runs the harness binary, passing options
//! through. Conformance uses the dev profile, so CI builds the workspace once for the tests
//! and the corpus.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
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
        /// Test directory: the corpus (default), or a checkout's Amber tests
        /// (`.../external/vulkancts/data/vulkan/amber`, Amber's `tests/cases`)
        #[arg(long)]
        corpus: Option<String>,
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
        /// A previous run's output directory: the report shows what changed since
        #[arg(long)]
        previous: Option<String>,
        /// Child processes rendering at once (default: the number of cores)
        #[arg(long)]
        jobs: Option<String>,
        /// Tests per child process (1: a process per test)
        #[arg(long)]
        batch: Option<String>,
        /// Output directory (default target/conformance)
        #[arg(long)]
        out: Option<String>,
        /// Known failures (default corpus/expectations/<driver>.csv)
        #[arg(long)]
        expectations: Option<String>,
        /// Vulkan ICD manifest for the native executor (VK_DRIVER_FILES)
        #[arg(long)]
        driver: Option<String>,
        /// An executor allowed to skip every test; repeatable
        #[arg(long)]
        allow_skip: Vec<String>,
    },
    /// Merge the output directories of a sharded run (`conformance --shard I/N` on several
    /// machines) into one run's reports in OUT.
    MergeRuns {
        out: String,
        #[arg(required = true)]
        shards: Vec<String>,
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
        /// points, cull, tessellation, geometry, capture, tessellator, translate (comma separated; default all)
        #[arg(long)]
        only: Option<String>,
        /// Vulkan device / wgpu adapter name substring for the frame and tessellator benches.
        #[arg(long)]
        adapter: Option<String>,
        /// With `translate`: time spent per translation phase.
        #[arg(long)]
        profile: bool,
    },
    /// Fuzzing: a cargo-fuzz target with libFuzzer, or the differential fuzzer (see fuzz.rs).
    Fuzz(fuzz::FuzzArgs),
    /// Run fuzz/oss-fuzz/build.sh locally with $SRC and $OUT set, without Docker.
    OssFuzzBuild(fuzz::OssFuzzArgs),
    /// Compare the CPU tessellator with the Vulkan driver's over a sweep of levels and modes
    /// (dev profile); with `--gpu`, with the GPU tessellator's kernels on wgpu (`--backend
    /// vulkan|gl`); `--quick` for the fixed CI subset. Last line `configurations=N
    /// mismatches=M`.
    TessSweep {
        #[arg(long)]
        adapter: Option<String>,
        #[arg(long)]
        gpu: bool,
        /// vulkan (default) or gl; only with --gpu
        #[arg(long, requires = "gpu")]
        backend: Option<String>,
        /// The quick subset (every mode and edge-case level; well under a minute)
        #[arg(long)]
        quick: bool,
    },
    /// Compare two harness output directories (their results.csv): regressions, fixes, new and
    /// removed tests, flakes, the slowest tests. Exit 1 on a regression.
    CompareRuns {
        old: PathBuf,
        new: PathBuf,
        /// How many of the slowest tests to list.
        #[arg(long, default_value_t = 10)]
        slowest: usize,
    },
    /// Render with the native executor once per Vulkan ICD manifest and list the tests whose
    /// images differ (exit 1), with side-by-side pages under --out.
    CompareDrivers {
        /// A Vulkan ICD manifest (JSON); give two.
        #[arg(long = "driver", value_name = "MANIFEST", num_args = 1, required = true)]
        drivers: Vec<PathBuf>,
        #[arg(long)]
        filter: Option<String>,
        #[arg(long, default_value = "target/compare-drivers")]
        out: PathBuf,
    },
    /// `git bisect run` between two commits over the selected tests, in a temporary worktree;
    /// prints the first bad commit.
    Bisect(bisect::BisectArgs),
    /// One step of `bisect`, run by `git bisect run` in the bisection's worktree.
    #[command(hide = true)]
    BisectStep {
        #[command(flatten)]
        step: bisect::StepArgs,
        #[arg(long)]
        scratch: PathBuf,
    },
    /// Write the generated corpus files (the clip/cull matrix); `--check` only compares.
    Codegen {
        #[arg(long)]
        check: bool,
    },
}

mod bisect;
mod codegen;
mod compare_drivers;
mod compare_runs;
mod coverage;
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
        Task::Conformance {
            corpus,
            filter,
            backend,
            adapter,
            clip,
            shard,
            previous,
            jobs,
            batch,
            out,
            expectations,
            driver,
            allow_skip,
        } => {
            let allowed: Vec<String> = allow_skip.iter().flat_map(|e| ["--allow-skip".to_string(), e.clone()]).collect();
            let args: Vec<String> = [
                opt("corpus", &corpus),
                opt("filter", &filter),
                opt("backend", &backend),
                opt("adapter", &adapter),
                opt("clip", &clip),
                opt("shard", &shard),
                opt("previous", &previous),
                opt("jobs", &jobs),
                opt("batch", &batch),
                opt("out", &out),
                opt("expectations", &expectations),
                opt("driver", &driver),
                allowed,
            ]
            .concat();
            harness(&sh, false, "run", &args)
        }
        Task::MergeRuns { out, shards } => harness(&sh, false, "merge-runs", &[vec!["--out".to_string(), out], shards].concat()),
        Task::Bless { filter, adapter } => harness(&sh, false, "bless", &[opt("filter", &filter), opt("adapter", &adapter)].concat()),
        Task::Bench { filter, only, adapter, profile } => {
            let flag = if profile { vec!["--profile".to_string()] } else { Vec::new() };
            harness(&sh, true, "bench", &[opt("filter", &filter), opt("only", &only), opt("adapter", &adapter), flag].concat())
        }
        Task::Fuzz(args) => fuzz::fuzz(&sh, &args),
        Task::Codegen { check } => Ok(codegen::codegen(&root, check)),
        Task::OssFuzzBuild(args) => fuzz::oss_fuzz_build(&sh, &args),
        Task::TessSweep { adapter, gpu, backend, quick } => {
            let flags = [(gpu, "--gpu"), (quick, "--quick")].into_iter().filter(|f| f.0).map(|f| f.1.to_string()).collect();
            harness(&sh, false, "tess-sweep", &[opt("adapter", &adapter), flags, opt("backend", &backend)].concat())
        }
        Task::CompareRuns { old, new, slowest } => compare_runs::compare_runs(&old, &new, slowest).map_err(Into::into),
        Task::CompareDrivers { drivers, filter, out } => {
            let args = compare_drivers::Args { drivers, filter, out: root.join(out), corpus: root.join("corpus") };
            build_harness(&sh).and_then(|exe| {
                let r = compare_drivers::compare_drivers(&exe, &args);
                let _ = std::fs::remove_file(exe);
                r.map_err(Into::into)
            })
        }
        Task::Bisect(args) => bisect::bisect(&root, &target_dir(&sh), &args).map_err(Into::into),
        Task::BisectStep { step, scratch } => return ExitCode::from(bisect::step(&step, &scratch)),
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

/// The cargo arguments that build the harness (and every other workspace binary) with the
/// features `cargo test --workspace` resolves. Built alone (`-p tesserae-harness`), cargo
/// unifies features over a smaller package set (no fuzz crate: `syn` without `extra-traits`),
/// which changes the hash of every crate above `syn` and rebuilt wgpu, naga and spirv-tools
/// after the test build (2 minutes and a second copy on disk in CI).
pub(crate) const BUILD_BINS: [&str; 4] = ["build", "--quiet", "--workspace", "--bins"];

/// Builds the harness (dev profile) and returns a private copy of it, which later builds in
/// the shared target directory cannot replace mid-run.
fn build_harness(sh: &Shell) -> Result<PathBuf, Box<dyn std::error::Error>> {
    cmd!(sh, "cargo {BUILD_BINS...}").run()?;
    let copy = std::env::temp_dir().join(format!("tesserae-harness-{}", std::process::id()));
    std::fs::copy(target_dir(sh).join("debug").join("tesserae-harness"), &copy)?;
    Ok(copy)
}

pub(crate) fn harness(sh: &Shell, release: bool, sub: &str, args: &[String]) -> Result<u8, Box<dyn std::error::Error>> {
    let profile: &[&str] = if release { &["--release"] } else { &[] };
    cmd!(sh, "cargo {BUILD_BINS...} {profile...}").run()?;
    let exe = target_dir(sh).join(if release { "release" } else { "debug" }).join("tesserae-harness");
    // Run directly (not through xshell) to inherit the terminal and keep the exit code.
    let status = std::process::Command::new(exe).arg(sub).args(args).current_dir(sh.current_dir()).status()?;
    Ok(status.code().unwrap_or(1) as u8)
}
