//! `tesserae-harness`: the conformance runner (`run`), its child (`render`), `bless` and
//! `bench`. Usually driven through `cargo xtask`.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tesserae::ClipMode;
use tesserae_harness::executor::{translated::Backend, ExecutorKind};
use tesserae_harness::runner::{self, ExecutorConfig, RunOptions, Status};

mod bench;
mod bench_frames;
mod bench_strip;
mod bless;

#[derive(Parser)]
#[command(name = "tesserae-harness", about = "Tesserae's differential conformance harness")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(clap::Args, Clone)]
pub struct Selection {
    /// Corpus directory.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    /// Reference image directory.
    #[arg(long, default_value = "reference_images")]
    references: PathBuf,
    /// Glob over test names (`area/name`), e.g. `clip/*`.
    #[arg(long)]
    filter: Option<String>,
    /// Run only shard I of N (0-based), as `I/N`.
    #[arg(long)]
    shard: Option<String>,
    /// Vulkan device or wgpu adapter name substring (also WGPU_ADAPTER_NAME).
    #[arg(long)]
    adapter: Option<String>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run the corpus natively and translated; exit 1 on any regression, 125 if nothing could
    /// be rendered.
    Run {
        #[command(flatten)]
        sel: Selection,
        /// wgpu backends: vulkan, gl or all (default: WGPU_BACKEND, else all).
        #[arg(long)]
        backend: Option<String>,
        /// Clip-distance mode of the translated executors: native, emulated or both.
        #[arg(long, default_value = "both")]
        clip: String,
        /// Output directory.
        #[arg(long, default_value = "target/conformance")]
        out: PathBuf,
        /// Seconds before a child is killed.
        #[arg(long, default_value_t = 120)]
        timeout: u64,
        /// Known failures (`test,executor,status`); default corpus/expectations/<driver>.csv.
        #[arg(long)]
        expectations: Option<PathBuf>,
    },
    /// Render one test with one executor (the runner's child process).
    Render {
        #[arg(long)]
        test: PathBuf,
        #[arg(long)]
        name: String,
        #[arg(long)]
        executor: String,
        #[arg(long)]
        out: PathBuf,
        #[arg(long)]
        adapter: Option<String>,
        #[arg(long, default_value = "native")]
        clip: String,
    },
    /// Render references with the native executor (PNG plus a JSON sidecar naming the driver).
    Bless {
        #[command(flatten)]
        sel: Selection,
    },
    /// Time translation of the corpus pipelines against naga alone.
    Bench {
        #[command(flatten)]
        sel: Selection,
        /// Repetitions per pipeline.
        #[arg(long, default_value_t = 20)]
        iterations: u32,
        /// Which groups to run: points, cull, tessellation (frame times), tessellator (CPU
        /// tessellator), translate (translation time); comma separated (default: all).
        #[arg(long)]
        only: Option<String>,
    },
    /// Compare the CPU tessellator with the Vulkan driver's over a sweep of levels and modes
    /// (with `--gpu`: with Tesserae's GPU tessellator on wgpu); exit 1 on any mismatch, 125
    /// without a usable device.
    TessSweep {
        /// Vulkan device (or, with --gpu, wgpu adapter) name substring.
        #[arg(long)]
        adapter: Option<String>,
        /// Run the GPU tessellator's kernels through wgpu and compare them with the CPU
        /// tessellator, bit for bit and in order.
        #[arg(long)]
        gpu: bool,
        /// wgpu backend for --gpu: vulkan (default) or gl (LIBGL_ALWAYS_SOFTWARE=1 unless set).
        #[arg(long, requires = "gpu")]
        backend: Option<String>,
    },
}

fn parse_clip(s: &str) -> Result<Vec<ClipMode>, String> {
    Ok(match s {
        "native" => vec![ClipMode::Native],
        "emulated" => vec![ClipMode::Emulated],
        "both" => vec![ClipMode::Native, ClipMode::Emulated],
        _ => return Err(format!("--clip must be native, emulated or both, not `{s}`")),
    })
}

pub fn run_options(sel: &Selection, out: PathBuf, executors: Vec<ExecutorConfig>, timeout: u64) -> Result<RunOptions, String> {
    let filter = match &sel.filter {
        Some(f) => Some(globset::Glob::new(f).map_err(|e| format!("--filter: {e}"))?.compile_matcher()),
        None => None,
    };
    let shard = match &sel.shard {
        Some(s) => {
            let (i, n) = s.split_once('/').ok_or("--shard must be I/N")?;
            let (i, n): (usize, usize) = (i.parse().map_err(|_| "--shard: bad I")?, n.parse().map_err(|_| "--shard: bad N")?);
            if n == 0 || i >= n {
                return Err("--shard I/N needs 0 <= I < N".into());
            }
            Some((i, n))
        }
        None => None,
    };
    Ok(RunOptions {
        corpus: sel.corpus.clone(),
        references: sel.references.clone(),
        out,
        filter,
        shard,
        executors,
        adapter: sel.adapter.clone(),
        timeout: Duration::from_secs(timeout),
        expectations: None,
        child_exe: std::env::current_exe().map_err(|e| e.to_string())?,
    })
}

fn main() -> ExitCode {
    tesserae_harness::executor::translated::quiet_headless_gl();
    match real_main() {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("tesserae-harness: {msg}");
            ExitCode::from(2)
        }
    }
}

fn real_main() -> Result<ExitCode, String> {
    let cli = Cli::parse();
    match cli.command {
        Cmd::Render { test, name, executor, out, adapter, clip } => {
            let kind = ExecutorKind::parse(&executor).ok_or_else(|| format!("unknown executor `{executor}`"))?;
            let clip = parse_clip(&clip)?.into_iter().next().unwrap_or_default();
            let report = runner::child::render(&test, &name, kind, adapter.as_deref(), clip, &out);
            println!("{}", serde_json::to_string(&report).map_err(|e| e.to_string())?);
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Run { sel, backend, clip, out, timeout, expectations } => {
            let backend = backend.or_else(|| std::env::var("WGPU_BACKEND").ok()).unwrap_or_else(|| "all".into());
            let backends = match backend.to_lowercase().as_str() {
                "all" => vec![Backend::Vulkan, Backend::Gl],
                "vulkan" => vec![Backend::Vulkan],
                "gl" | "gles" => vec![Backend::Gl],
                other => return Err(format!("--backend must be vulkan, gl or all, not `{other}`")),
            };
            let mut executors = vec![ExecutorConfig { kind: ExecutorKind::Native, clip: ClipMode::Native }];
            for b in backends {
                for c in parse_clip(&clip)? {
                    executors.push(ExecutorConfig { kind: ExecutorKind::Wgpu(b), clip: c });
                }
            }
            let mut opts = run_options(&sel, out, executors, timeout)?;
            opts.expectations = expectations.or_else(|| default_expectations(&sel));
            let results = runner::run(&opts).map_err(|e| format!("writing results: {e}"))?;
            eprintln!("results in {}/index.html", opts.out.display());
            if results.iter().any(|r| r.status.is_regression()) {
                return Ok(ExitCode::from(1));
            }
            if !results.is_empty() && results.iter().all(|r| r.status == Status::Skip) {
                eprintln!("nothing could be rendered; {}", tesserae_harness::executor::INSTALL_HINT);
                return Ok(ExitCode::from(125));
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Bless { sel } => bless::bless(&sel),
        Cmd::Bench { sel, iterations, only } => bench::bench(&sel, iterations, only.as_deref()),
        Cmd::TessSweep { adapter, gpu: false, .. } => Ok(tesserae_harness::tess_sweep::run(adapter.as_deref())),
        Cmd::TessSweep { adapter, gpu: true, backend } => {
            use tesserae_harness::tess_sweep::gpu::{self, GpuBackend};
            let backend = GpuBackend::parse(backend.as_deref().unwrap_or("vulkan"))?;
            if backend == GpuBackend::Gl && std::env::var_os("LIBGL_ALWAYS_SOFTWARE").is_none() {
                // Mesa's llvmpipe, the GL the harness is written against; still single-threaded here.
                std::env::set_var("LIBGL_ALWAYS_SOFTWARE", "1");
            }
            Ok(gpu::run(backend, adapter.as_deref()))
        }
    }
}

/// `corpus/expectations/<driver>.csv`, where the driver is the native device's driver name.
fn default_expectations(sel: &Selection) -> Option<PathBuf> {
    let ex = ExecutorKind::Native.create(sel.adapter.as_deref()).ok()?;
    let driver = ex.driver().driver.to_lowercase();
    let p = sel.corpus.join("expectations").join(format!("{driver}.csv"));
    p.exists().then_some(p)
}
