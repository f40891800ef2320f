//! `tesserae-harness`: the conformance runner (`run`), its child (`render`), `bless` and
//! `bench`. Usually driven through `cargo xtask`.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tesserae::ClipMode;
use tesserae_harness::executor::{adapters::Adapters, translated::Backend, ExecutorKind};
use tesserae_harness::runner::{self, ExecutorConfig, RunOptions, Status};

mod bench;
mod bench_frames;
mod bless;
mod tolerances;

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
    /// Vulkan ICD manifest (JSON) to load instead of the installed drivers; sets
    /// VK_DRIVER_FILES for this process and its children.
    #[arg(long, value_name = "MANIFEST")]
    driver: Option<PathBuf>,
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
        /// Child processes rendering at once (default: the number of cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// Tests per child process (1: a process per test, the slowest and most isolated).
        #[arg(long, default_value_t = runner::DEFAULT_BATCH)]
        batch: usize,
        /// An executor allowed to skip every test (no such device here) without failing the
        /// run; repeatable.
        #[arg(long)]
        allow_skip: Vec<String>,
        /// The program children run as (default: this binary); for testing the runner.
        #[arg(long, hide = true)]
        child_exe: Option<PathBuf>,
        /// A previous run's output directory (its results.csv): index.html shows what changed.
        #[arg(long)]
        previous: Option<PathBuf>,
    },
    /// Render tests with one executor, one request per stdin line (the runner's batch child).
    Batch {
        #[arg(long)]
        executor: String,
        #[arg(long)]
        adapter: Option<String>,
        #[arg(long, default_value = "native")]
        clip: String,
    },
    /// List the Vulkan devices and wgpu adapters this machine has (JSON).
    Adapters,
    /// Merge the output directories of a sharded run (`run --shard I/N`) into one run's
    /// reports; exit 1 on any regression, as the run would.
    MergeRuns {
        /// Output directory.
        #[arg(long)]
        out: PathBuf,
        /// The shards' output directories.
        #[arg(required = true)]
        shards: Vec<PathBuf>,
    },
    /// Write the corpus again with a pass-through geometry stage in every test that can take
    /// one (`through_geometry`), to `run --corpus OUT` against the same references.
    ThroughGeometry {
        /// Corpus directory.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
        /// Directory to write the wrapped tests to.
        #[arg(long)]
        out: PathBuf,
    },
    /// Write the corpus again with every shader section replaced by the SPIR-V it compiles to
    /// (`freeze`), for tools that work on SPIR-V (`cargo xtask fuzz metamorphic`).
    Freeze {
        /// Corpus directory.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
        /// Directory to write the frozen tests to.
        #[arg(long)]
        out: PathBuf,
    },
    /// Measure how far a finished run's translated images stray from the references, for
    /// every test with a tolerance (CSV on stdout): the numbers a tolerance's reason cites.
    Tolerances {
        #[command(flatten)]
        sel: Selection,
        /// The run's output directory.
        #[arg(long)]
        run: PathBuf,
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
        /// Vulkan ICD manifest to load (sets VK_DRIVER_FILES).
        #[arg(long, value_name = "MANIFEST")]
        driver: Option<PathBuf>,
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
        /// Which groups to run: points, cull, tessellation, geometry, capture (frame times), tessellator (CPU
        /// tessellator), translate (translation time; `translate:plain`, `translate:points+cull`, `translate:passes`
        /// (other compute passes: a primitive pass or a capture), `translate:tess`, `translate:geom` for some sets); comma separated
        /// (default: all).
        #[arg(long)]
        only: Option<String>,
        /// With `translate`: also time each translation phase (inclusive, nested phases
        /// indented), per set, in an extra pass after the measured one.
        #[arg(long)]
        profile: bool,
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
        /// A fixed subset (every mode, every edge-case level on every edge, a sample of the
        /// rest), for CI: well under a minute instead of the full sweep.
        #[arg(long)]
        quick: bool,
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
    let filter = sel.filter.as_deref().map(tesserae_results::corpus::filter).transpose().map_err(|e| e.to_string())?;
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
        previous: None,
        child_exe: std::env::current_exe().map_err(|e| e.to_string())?,
        jobs: 1,
        batch: runner::DEFAULT_BATCH,
        native_driver: None,
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

/// Points the Vulkan loader at one ICD manifest, before anything opens Vulkan; children
/// inherit the environment. VK_ICD_FILENAMES too, for loaders older than 1.3.207.
fn use_driver(manifest: Option<&PathBuf>) -> Result<(), String> {
    let Some(m) = manifest else { return Ok(()) };
    let m = std::path::absolute(m).map_err(|e| format!("--driver {}: {e}", m.display()))?;
    if !m.is_file() {
        return Err(format!("--driver {}: no such manifest", m.display()));
    }
    std::env::set_var("VK_DRIVER_FILES", &m);
    std::env::set_var("VK_ICD_FILENAMES", &m);
    Ok(())
}

fn real_main() -> Result<ExitCode, String> {
    let cli = Cli::parse();
    match &cli.command {
        Cmd::Render { driver, .. } => use_driver(driver.as_ref())?,
        Cmd::Run { sel, .. } | Cmd::Bless { sel } | Cmd::Bench { sel, .. } => use_driver(sel.driver.as_ref())?,
        Cmd::Tolerances { sel, .. } => use_driver(sel.driver.as_ref())?,
        Cmd::TessSweep { .. }
        | Cmd::Batch { .. }
        | Cmd::Adapters
        | Cmd::MergeRuns { .. }
        | Cmd::ThroughGeometry { .. }
        | Cmd::Freeze { .. } => {}
    }
    match cli.command {
        Cmd::Render { test, name, executor, out, adapter, clip, driver: _ } => {
            let kind = ExecutorKind::parse(&executor).ok_or_else(|| format!("unknown executor `{executor}`"))?;
            let clip = parse_clip(&clip)?.into_iter().next().unwrap_or_default();
            let report = runner::child::render(&test, &name, kind, adapter.as_deref(), clip, &out);
            println!("{}", report.to_line());
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Batch { executor, adapter, clip } => {
            let kind = ExecutorKind::parse(&executor).ok_or_else(|| format!("unknown executor `{executor}`"))?;
            let clip = parse_clip(&clip)?.into_iter().next().unwrap_or_default();
            let mut renderer = runner::child::BatchRenderer::new(kind, adapter.as_deref(), clip);
            runner::child::serve(&mut renderer, std::io::stdin().lock(), std::io::stdout().lock()).map_err(|e| e.to_string())?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Adapters => {
            println!("{}", serde_json::to_string(&Adapters::list()).map_err(|e| e.to_string())?);
            Ok(ExitCode::SUCCESS)
        }
        Cmd::MergeRuns { out, shards } => {
            let rows = runner::merge::merge(&out, &shards)?;
            println!("merged {} rows of {} shards into {}", rows.len(), shards.len(), out.join("index.html").display());
            Ok(if rows.iter().any(|r| r.status.is_regression()) { ExitCode::from(1) } else { ExitCode::SUCCESS })
        }
        Cmd::Run { sel, backend, clip, out, timeout, expectations, jobs, batch, allow_skip, child_exe, previous } => {
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
            opts.jobs = jobs.unwrap_or_else(runner::default_jobs);
            if let Some(exe) = child_exe {
                opts.child_exe = exe;
            }
            opts.batch = batch;
            let adapters = list_adapters(&opts.child_exe);
            if let (Some(filter), Some(seen)) = (&sel.adapter, &adapters) {
                if !seen.any_matches(filter) {
                    let names = seen.names();
                    return Err(format!(
                        "--adapter {filter:?} matches no device (devices here: {})",
                        if names.is_empty() { "none".into() } else { names.join(", ") }
                    ));
                }
            }
            opts.expectations = expectations.or_else(|| default_expectations(&sel, adapters.as_ref()));
            opts.native_driver = adapters.as_ref().and_then(|a| a.native_driver(sel.adapter.as_deref()));
            opts.previous = previous;
            let summary = runner::run(&opts)?;
            let results = summary.results;
            eprintln!("results in {}/index.html", opts.out.display());
            let mut failed = results.iter().any(|r| r.status.is_regression());
            for (executor, why) in &summary.unavailable {
                if allow_skip.contains(executor) {
                    eprintln!("note: {executor} skipped every test (allowed by --allow-skip): {why}");
                } else {
                    eprintln!(
                        "FAILED: {executor} skipped every test while other executors rendered: {why}\n        (pass --allow-skip {executor} if this machine is not meant to have it)"
                    );
                    failed = true;
                }
            }
            for (executor, why, tests) in &summary.lost_device {
                eprintln!("FAILED: {executor} could not open its device for {tests} test(s) after rendering others: {why}");
                failed = true;
            }
            if failed {
                return Ok(ExitCode::from(1));
            }
            if !results.is_empty() && results.iter().all(|r| r.status == Status::Skip) {
                eprintln!("nothing could be rendered; {}", tesserae_harness::executor::INSTALL_HINT);
                return Ok(ExitCode::from(125));
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Bless { sel } => bless::bless(&sel),
        Cmd::Tolerances { sel, run } => tolerances::tolerances(&sel, &run),
        Cmd::ThroughGeometry { corpus, out } => {
            let (written, left_out) = tesserae_harness::through_geometry::write_corpus(&corpus, &out)?;
            for (name, why) in &left_out {
                println!("left out {name}: {why}");
            }
            println!("{written} tests written to {} with a pass-through geometry stage, {} left out", out.display(), left_out.len());
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Freeze { corpus, out } => {
            let (written, left_out) = tesserae_harness::freeze::write_corpus(&corpus, &out)?;
            for (name, why) in &left_out {
                println!("left out {name}: {why}");
            }
            println!("{written} tests written to {} as SPIR-V, {} left out", out.display(), left_out.len());
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Bench { sel, iterations, only, profile } => bench::bench(&sel, iterations, only.as_deref(), profile),
        Cmd::TessSweep { adapter, gpu: false, quick, .. } => Ok(tesserae_harness::tess_sweep::run(adapter.as_deref(), quick)),
        Cmd::TessSweep { adapter, gpu: true, backend, quick } => {
            use tesserae_harness::tess_sweep::gpu;
            let backend = Backend::parse(backend.as_deref().unwrap_or("vulkan"))?;
            if backend == Backend::Gl && std::env::var_os("LIBGL_ALWAYS_SOFTWARE").is_none() {
                // Mesa's llvmpipe, the GL the harness is written against; still single-threaded here.
                std::env::set_var("LIBGL_ALWAYS_SOFTWARE", "1");
            }
            Ok(gpu::run(backend, adapter.as_deref(), quick))
        }
    }
}

/// The machine's devices, listed by a child (`adapters`), so no device is opened in the parent;
/// `None` when the child fails.
fn list_adapters(exe: &std::path::Path) -> Option<Adapters> {
    let out = std::process::Command::new(exe).arg("adapters").stderr(std::process::Stdio::null()).output().ok()?;
    String::from_utf8_lossy(&out.stdout).lines().rev().find_map(|l| serde_json::from_str(l).ok())
}

/// `corpus/expectations/<driver>.csv`, where the driver is the native device's driver name.
fn default_expectations(sel: &Selection, adapters: Option<&Adapters>) -> Option<PathBuf> {
    let driver = adapters?.native_driver(sel.adapter.as_deref())?.to_lowercase();
    let p = sel.corpus.join("expectations").join(format!("{driver}.csv"));
    p.exists().then_some(p)
}
