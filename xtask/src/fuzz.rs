//! `cargo xtask fuzz` and `cargo xtask oss-fuzz-build` (see fuzz/README.md).
//!
//! * `cargo xtask fuzz TARGET [--seconds N]`: one cargo-fuzz target with libFuzzer, on the
//!   stable toolchain (`RUSTC_BOOTSTRAP=1 cargo fuzz run`), seeded from `fuzz/corpus/TARGET`
//!   (read only) with new inputs kept in `fuzz/corpus_run/TARGET` (ignored by git), and the
//!   target's dictionary. Crashes land in `fuzz/artifacts/TARGET/`.
//! * `cargo xtask fuzz --differential [--seconds N]`: generated pipelines rendered natively and
//!   translated on the available Vulkan driver; reproducers land in
//!   `fuzz/artifacts/differential/`.
//! * `cargo xtask fuzz metamorphic [--seconds N] [--seed S]`: variants of the corpus (frozen to
//!   SPIR-V by `tesserae-harness freeze`) and of generated pipelines that must render as the
//!   original on each executor; findings land in `fuzz/artifacts/metamorphic/`.
//! * `cargo xtask oss-fuzz-build [--out DIR]`: `fuzz/oss-fuzz/build.sh` with `$SRC` and `$OUT`
//!   set, as OSS-Fuzz runs it, without Docker.

use std::path::{Path, PathBuf};
use xshell::{cmd, Shell};

/// The cargo-fuzz targets (files in fuzz/fuzz_targets/).
pub const TARGETS: &[&str] = &["spirv_words", "pipeline", "pipeline_tess", "tessellator", "shader_test"];

#[derive(clap::Args)]
pub struct FuzzArgs {
    /// Target name (spirv_words, pipeline, pipeline_tess, tessellator, shader_test), or
    /// `metamorphic` for the metamorphic fuzzer.
    pub target: Option<String>,
    #[arg(long, default_value_t = 60)]
    pub seconds: u64,
    /// Run the differential fuzzer (native driver vs translated) instead of a libFuzzer target.
    #[arg(long)]
    pub differential: bool,
    /// Differential fuzzer: seed of the generated pipelines.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Differential fuzzer: seconds spent shrinking each finding.
    #[arg(long, default_value_t = 120)]
    pub shrink_seconds: u64,
    /// Differential fuzzer: Vulkan device name substring (e.g. llvmpipe).
    #[arg(long)]
    pub adapter: Option<String>,
    /// Differential fuzzer: every pipeline with a pass-through geometry stage.
    #[arg(long)]
    pub through_geometry: bool,
    /// libFuzzer: parallel fuzzing jobs (-fork=N).
    #[arg(long)]
    pub jobs: Option<u32>,
    /// Report the share of translator/src the target's corpus reaches (lines, functions)
    /// instead of fuzzing.
    #[arg(long)]
    pub coverage: bool,
}

#[derive(clap::Args)]
pub struct OssFuzzArgs {
    /// Output directory ($OUT); default target/oss-fuzz-out.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

fn dictionary(target: &str) -> Option<&'static str> {
    match target {
        "spirv_words" => Some("spirv.dict"),
        "shader_test" => Some("shader_test.dict"),
        _ => None,
    }
}

/// Targets whose input is consumed by `arbitrary` (generated pipelines) rather than parsed:
/// built without libFuzzer's comparison tracing, which costs half of an execution there and
/// guides little (the bytes pick among choices, they are not compared with magic values), in
/// a target directory of their own so the two instrumentations do not rebuild each other.
/// Measured on `pipeline` replaying one corpus: 77 exec/s with tracing, 160 without.
pub const STRUCTURED: &[&str] = &["pipeline", "pipeline_tess"];

/// The `cargo fuzz` flags for `target` (see [`STRUCTURED`]).
pub fn build_flags(root: &Path, target: &str) -> Vec<String> {
    if STRUCTURED.contains(&target) {
        vec!["--no-trace-compares".into(), "--target-dir".into(), root.join("target/fuzz-structured").display().to_string()]
    } else {
        Vec::new()
    }
}

fn have_cargo_fuzz(sh: &Shell) -> bool {
    cmd!(sh, "cargo fuzz --version").quiet().ignore_stdout().ignore_stderr().run().is_ok()
}

pub fn fuzz(sh: &Shell, args: &FuzzArgs) -> Result<u8, Box<dyn std::error::Error>> {
    if args.differential {
        return differential(sh, args);
    }
    if args.target.as_deref() == Some("metamorphic") {
        return metamorphic(sh, args);
    }
    let Some(target) = args.target.as_deref() else {
        return Err(format!("name a target ({}) or pass --differential", TARGETS.join(", ")).into());
    };
    if !TARGETS.contains(&target) {
        return Err(format!("unknown fuzz target `{target}` (expected one of {})", TARGETS.join(", ")).into());
    }
    if args.coverage {
        return crate::coverage::coverage(sh, target);
    }
    if !have_cargo_fuzz(sh) {
        return Err("cargo-fuzz is not installed: cargo install cargo-fuzz".into());
    }
    let root = sh.current_dir();
    let fuzz_dir = root.join("fuzz");
    let run_corpus = fuzz_dir.join("corpus_run").join(target);
    let seeds = fuzz_dir.join("corpus").join(target);
    sh.create_dir(&run_corpus)?;
    // -timeout: an input that takes 10 s is a hang; -rss_limit_mb keeps libFuzzer's 2 GB default.
    let mut libfuzzer = vec![format!("-max_total_time={}", args.seconds), "-timeout=10".to_string(), "-print_final_stats=1".to_string()];
    if let Some(d) = dictionary(target) {
        libfuzzer.push(format!("-dict={}", fuzz_dir.join(d).display()));
    }
    if let Some(j) = args.jobs {
        libfuzzer.push(format!("-fork={j}"));
    }
    let _dir = sh.push_dir(&fuzz_dir);
    let _bootstrap = sh.push_env("RUSTC_BOOTSTRAP", "1");
    // The first corpus directory receives new inputs; the seed corpus in the repo is read only.
    let flags = build_flags(&root, target);
    let status = cmd!(sh, "cargo fuzz run -s none {flags...} {target} {run_corpus} {seeds} -- {libfuzzer...}").run();
    Ok(if status.is_ok() { 0 } else { 1 })
}

fn differential(sh: &Shell, args: &FuzzArgs) -> Result<u8, Box<dyn std::error::Error>> {
    let build = crate::BUILD_BINS;
    cmd!(sh, "cargo {build...}").run()?;
    let root = sh.current_dir();
    let bin = crate::target_dir(sh).join("debug");
    let mut cmd = std::process::Command::new(bin.join("differential"));
    cmd.arg("--seconds").arg(args.seconds.to_string());
    cmd.arg("--seed").arg(args.seed.to_string());
    cmd.arg("--shrink-seconds").arg(args.shrink_seconds.to_string());
    cmd.arg("--harness").arg(bin.join("tesserae-harness"));
    cmd.arg("--work").arg(crate::target_dir(sh).join("differential"));
    cmd.arg("--artifacts").arg(root.join("fuzz/artifacts/differential"));
    if let Some(a) = &args.adapter {
        cmd.arg("--adapter").arg(a);
    }
    if args.through_geometry {
        cmd.arg("--through-geometry");
    }
    let status = cmd.current_dir(&root).status()?;
    Ok(status.code().unwrap_or(1) as u8)
}

fn metamorphic(sh: &Shell, args: &FuzzArgs) -> Result<u8, Box<dyn std::error::Error>> {
    let build = crate::BUILD_BINS;
    cmd!(sh, "cargo {build...}").run()?;
    let root = sh.current_dir();
    let bin = crate::target_dir(sh).join("debug");
    let work = crate::target_dir(sh).join("metamorphic");
    let frozen = work.join("frozen");
    let harness = bin.join("tesserae-harness");
    let corpus = root.join("corpus");
    cmd!(sh, "{harness} freeze --corpus {corpus} --out {frozen}").quiet().ignore_stdout().run()?;
    let mut cmd = std::process::Command::new(bin.join("metamorphic"));
    cmd.arg("--seconds").arg(args.seconds.to_string());
    cmd.arg("--seed").arg(args.seed.to_string());
    cmd.arg("--harness").arg(&harness);
    cmd.arg("--corpus").arg(&frozen);
    cmd.arg("--work").arg(&work);
    cmd.arg("--artifacts").arg(root.join("fuzz/artifacts/metamorphic"));
    let status = cmd.current_dir(&root).status()?;
    Ok(status.code().unwrap_or(1) as u8)
}

pub fn oss_fuzz_build(sh: &Shell, args: &OssFuzzArgs) -> Result<u8, Box<dyn std::error::Error>> {
    if !have_cargo_fuzz(sh) {
        return Err("cargo-fuzz is not installed: cargo install cargo-fuzz".into());
    }
    let root = sh.current_dir();
    let out = args.out.clone().unwrap_or_else(|| root.join("target/oss-fuzz-out"));
    let out = if out.is_absolute() { out } else { root.join(out) };
    // OSS-Fuzz checks the project out in $SRC/<project>; here $SRC holds a link to this checkout.
    let src = root.join("target/oss-fuzz-src");
    sh.create_dir(&src)?;
    sh.create_dir(&out)?;
    let link = src.join("tesserae");
    if std::fs::symlink_metadata(&link).is_err() {
        #[cfg(unix)]
        std::os::unix::fs::symlink(&root, &link)?;
    }
    let script = root.join("fuzz/oss-fuzz/build.sh");
    let _src = sh.push_env("SRC", &src);
    let _out = sh.push_env("OUT", &out);
    let _project = sh.push_env("PROJECT", &root);
    cmd!(sh, "bash {script}").run()?;
    let missing = check_out(&out);
    if !missing.is_empty() {
        return Err(format!("{} lacks {}", out.display(), missing.join(", ")).into());
    }
    eprintln!("oss-fuzz-build: every target, seed corpus and dictionary is in {}", out.display());
    Ok(0)
}

/// What `$OUT` must hold after `build.sh`: every target and its seed corpus.
fn check_out(out: &Path) -> Vec<String> {
    let mut missing = Vec::new();
    for t in TARGETS {
        for f in [t.to_string(), format!("{t}_seed_corpus.zip")] {
            let p: PathBuf = out.join(&f);
            if !p.is_file() {
                missing.push(f);
            }
        }
    }
    missing
}
