//! The conformance runner: walks the corpus, renders each test with each executor in a child
//! process, applies the oracles, and writes the reports.
//!
//! Tests are rendered in batches by child processes ([`batch`]), `jobs` of them at a time; the
//! results are judged ([`judge`]) and written in corpus order, whatever finished first.
//!
//! Invariants: no result already computed is lost (each row is appended to `results.csv` as
//! soon as every row before it is known); the order of `results.csv` does not depend on `jobs`
//! or `batch`; a broken test file, a crash or a hang affects only its own rows.

pub mod batch;
pub mod child;
pub mod judge;
pub mod merge;
pub mod report;

use crate::executor::ExecutorKind;
use crate::image::Image;
use crate::shader_test::{self, ShaderTest};
use batch::{ChildCommand, Rendering};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Mutex};
use std::time::Duration;
use tesserae::ClipMode;
use tesserae_results::child::Request;
pub use tesserae_results::corpus::{discover, is_amber, TEST_EXTENSIONS};
use tesserae_results::expectations::Expectations;
pub use tesserae_results::rows::TestResult;
pub use tesserae_results::Status;

/// An executor configuration of a run.
#[derive(Debug, Clone)]
pub struct ExecutorConfig {
    pub kind: ExecutorKind,
    pub clip: ClipMode,
}

impl ExecutorConfig {
    pub fn name(&self) -> String {
        match (self.kind, self.clip) {
            (ExecutorKind::Wgpu(_), ClipMode::Emulated) => format!("{}-clip-emulated", self.kind.name()),
            _ => self.kind.name().to_string(),
        }
    }
}

pub struct RunOptions {
    pub corpus: PathBuf,
    pub references: PathBuf,
    pub out: PathBuf,
    pub filter: Option<globset::GlobMatcher>,
    pub shard: Option<(usize, usize)>,
    pub executors: Vec<ExecutorConfig>,
    pub adapter: Option<String>,
    pub timeout: Duration,
    pub expectations: Option<PathBuf>,
    /// A previous run's output directory: the index page shows what changed since.
    pub previous: Option<PathBuf>,
    /// The harness binary to run children with.
    pub child_exe: PathBuf,
    /// Child processes rendering at the same time.
    pub jobs: usize,
    /// Tests per child process (1: a process per test).
    pub batch: usize,
    /// The native Vulkan driver of this run (`llvmpipe`, `NVIDIA`, ...), when known: a stored
    /// reference image is an oracle only on the driver that blessed it (its JSON sidecar).
    pub native_driver: Option<String>,
}

/// Children rendering at once by default: one per core.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// Tests per child by default: enough that opening the device is a small share of a batch,
/// few enough that the batches spread over the workers.
pub const DEFAULT_BATCH: usize = 24;

/// A test file as read by the parent, which decides `.shader_test` rows with the oracles and
/// takes an Amber script's verdict from the child that ran it.
pub enum CorpusTest {
    Shader(ShaderTest),
    Amber(tesserae_amber::Script),
}

impl CorpusTest {
    pub fn name(&self) -> &str {
        match self {
            CorpusTest::Shader(t) => &t.name,
            CorpusTest::Amber(s) => &s.name,
        }
    }

    /// Whether the test is rendered in a child of its own (`render-alone`).
    pub fn render_alone(&self) -> bool {
        matches!(self, CorpusTest::Shader(t) if t.test.render_alone)
    }
}

/// Why a test file gives no test: not valid (its rows fail) or valid but not run here (its
/// rows skip, naming the command and line).
pub struct LoadError {
    pub message: String,
    pub unsupported: bool,
}

pub fn load_test(path: &Path, name: &str) -> Result<CorpusTest, LoadError> {
    if is_amber(path) {
        return tesserae_amber::load(path, name)
            .map(CorpusTest::Amber)
            .map_err(|e| LoadError { unsupported: e.kind == tesserae_amber::ErrorKind::Unsupported, message: e.to_string() });
    }
    shader_test::load(path, name).map(CorpusTest::Shader).map_err(|e| LoadError { message: e.to_string(), unsupported: false })
}

pub fn select(opts: &RunOptions) -> Vec<(String, PathBuf)> {
    discover(&opts.corpus)
        .into_iter()
        .filter(|(n, _)| opts.filter.as_ref().is_none_or(|g| g.is_match(n)))
        .enumerate()
        .filter(|(i, _)| opts.shard.is_none_or(|(k, n)| i % n == k))
        .map(|(_, t)| t)
        .collect()
}

pub fn reference_path(references: &Path, name: &str) -> PathBuf {
    references.join(format!("{name}.png"))
}

/// A finished run: every row, and the executors that could not render anything at all.
pub struct RunSummary {
    pub results: Vec<TestResult>,
    /// (executor, why): executors whose every row is a skip because the executor itself could
    /// not be created (no driver, no adapter), while another executor rendered.
    pub unavailable: Vec<(String, String)>,
    /// (executor, why, tests): executors that rendered some tests but could not create their
    /// device for `tests` others (a child that lost its device skips its whole batch): the run
    /// fails, whatever `--allow-skip` says.
    pub lost_device: Vec<(String, String, usize)>,
}

static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn interrupted() -> bool {
    INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst)
}

/// Ctrl-C and SIGTERM end a run after writing the reports of what it decided.
fn on_interrupt_write_reports() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst));
    });
}

/// Runs the selected tests; rows are written to the reports as they are decided.
pub fn run(opts: &RunOptions) -> Result<RunSummary, String> {
    let io = |e: std::io::Error| format!("writing results to {}: {e}", opts.out.display());
    on_interrupt_write_reports();
    if discover(&opts.corpus).is_empty() {
        return Err(format!("no tests (*.{}) under {}", TEST_EXTENSIONS.join(", *."), opts.corpus.display()));
    }
    let tests = select(opts);
    let expectations = match &opts.expectations {
        Some(p) => Expectations::load(p).map_err(|e| e.to_string())?,
        None => Expectations::default(),
    };
    std::fs::create_dir_all(&opts.out).map_err(io)?;
    let parsed: Vec<_> = tests.iter().map(|(name, path)| load_test(path, name)).collect();
    let images = opts.out.join("images");
    let request = |t: usize, ex: &ExecutorConfig| Request {
        name: tests[t].0.clone(),
        path: tests[t].1.clone(),
        png: images.join(&tests[t].0).join(format!("{}.png", ex.name())),
    };
    let cmd = ChildCommand { exe: opts.child_exe.clone(), adapter: opts.adapter.clone(), timeout: opts.timeout };

    let queue = batches(opts, &parsed);
    let queue = Mutex::new(queue);
    let mut writer = report::ResultsWriter::create(&opts.out).map_err(io)?;
    let mut pages = report::Pages::new(&opts.out);
    let mut progress = report::Progress::new(tests.len());
    let mut results = Vec::new();
    let mut unavailable_seen: Vec<Option<String>> = vec![None; opts.executors.len()];
    let mut unavailable_tests: Vec<usize> = vec![0; opts.executors.len()];

    std::thread::scope(|scope| -> Result<(), String> {
        let (tx, rx) = mpsc::channel::<(usize, usize, Rendering)>();
        for _ in 0..opts.jobs.max(1) {
            let (tx, queue, cmd) = (tx.clone(), &queue, &cmd);
            let request = &request;
            scope.spawn(move || loop {
                let Some((ex, chunk)) = queue.lock().ok().and_then(|mut q| q.pop_front()) else { break };
                let config = &opts.executors[ex];
                let requests: Vec<Request> = chunk.iter().map(|&t| request(t, config)).collect();
                for (t, r) in chunk.iter().zip(batch::render_batch(cmd, config, &requests)) {
                    if tx.send((*t, ex, r)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut table: Vec<Vec<Option<Rendering>>> = vec![vec![None; opts.executors.len()]; tests.len()];
        let mut next = 0;
        loop {
            // Decide every test whose renderings are all in, in corpus order.
            while next < tests.len() && (parsed[next].is_err() || table[next].iter().all(Option::is_some)) {
                let (name, _) = &tests[next];
                progress.show(name);
                let rows = match &parsed[next] {
                    Err(e) => unparsed_rows(opts, &expectations, name, e),
                    Ok(test) => {
                        let renderings: Vec<Rendering> = table[next].iter_mut().map(|r| r.take().expect("complete row")).collect();
                        for (i, r) in renderings.iter().enumerate() {
                            if r.unavailable {
                                unavailable_seen[i].get_or_insert_with(|| r.message.clone());
                                unavailable_tests[i] += 1;
                            }
                        }
                        decide(opts, &cmd, &expectations, test, renderings, &|ex| request(next, ex), &mut pages)
                    }
                };
                for row in rows {
                    progress.record(&row);
                    writer.push(&row).map_err(io)?;
                    results.push(row);
                }
                next += 1;
            }
            if next >= tests.len() {
                return Ok(());
            }
            let received = rx.recv_timeout(Duration::from_millis(250));
            // Checked on every result too: while other workers keep answering, the wait never
            // times out, and a run told to stop went on to the end.
            if interrupted() {
                // What is decided stays: the reports of every row so far, then exit (the
                // children die with this process).
                progress.finish();
                let _ = report::write_summaries(&opts.out, &results, &report::baseline::Baselines::of(opts));
                eprintln!("interrupted: {} rows written to {}", results.len(), opts.out.display());
                std::process::exit(130);
            }
            match received {
                Ok((t, ex, r)) => table[t][ex] = Some(r),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => return Err("a worker stopped before rendering every test".into()),
            }
        }
    })?;
    progress.finish();
    report::write_summaries(&opts.out, &results, &report::baseline::Baselines::of(opts)).map_err(io)?;

    Ok(summary(&expectations, opts, results, unavailable_seen, unavailable_tests))
}

/// The batches of tests each child renders, per executor: tests in corpus order, `opts.batch`
/// to a batch (a test rendered alone is a batch of its own), the executors interleaved so the
/// first tests complete first. Tests that did not parse are rendered by none.
fn batches(opts: &RunOptions, parsed: &[Result<CorpusTest, LoadError>]) -> VecDeque<(usize, Vec<usize>)> {
    let renderable: Vec<usize> = (0..parsed.len()).filter(|&t| parsed[t].is_ok()).collect();
    // A test rendered alone is a batch of its own.
    let alone = |t: usize| parsed[t].as_ref().is_ok_and(CorpusTest::render_alone);
    let mut chunks: Vec<Vec<usize>> = Vec::new();
    for &t in &renderable {
        match chunks.last_mut() {
            Some(c) if !alone(t) && !alone(c[0]) && c.len() < opts.batch.max(1) => c.push(t),
            _ => chunks.push(vec![t]),
        }
    }
    let mut queue = VecDeque::new();
    for chunk in chunks {
        for ex in 0..opts.executors.len() {
            queue.push_back((ex, chunk.clone()));
        }
    }
    queue
}

/// The rows of a test that did not parse: skipped where it needs what is not supported, else
/// failed, for every executor.
fn unparsed_rows(opts: &RunOptions, expectations: &Expectations, name: &str, e: &LoadError) -> Vec<TestResult> {
    let status = if e.unsupported { Status::Skip } else { Status::Fail };
    opts.executors
        .iter()
        .map(|ex| TestResult {
            test: name.to_string(),
            executor: ex.name(),
            status: expectations.apply(name, &ex.name(), status),
            outcome: status,
            duration_ms: 0,
            message: e.message.clone(),
            page: None,
        })
        .collect()
}

/// The run's summary: executors that rendered nothing (`unavailable_seen` with their reason)
/// while others did, executors that lost their device part-way (`unavailable_tests` tests);
/// expectations not exercised because their test skipped are noted on stderr.
fn summary(
    expectations: &Expectations,
    opts: &RunOptions,
    results: Vec<TestResult>,
    unavailable_seen: Vec<Option<String>>,
    unavailable_tests: Vec<usize>,
) -> RunSummary {
    let rendered_somewhere = results.iter().any(|r| r.status != Status::Skip);
    let mut unavailable = Vec::new();
    let mut lost_device = Vec::new();
    for ((ex, why), count) in opts.executors.iter().zip(unavailable_seen).zip(unavailable_tests) {
        let Some(why) = why else { continue };
        let name = ex.name();
        let all_skipped = results.iter().filter(|r| r.executor == name).all(|r| r.status == Status::Skip);
        if all_skipped {
            if rendered_somewhere {
                unavailable.push((name, why));
            }
        } else {
            lost_device.push((name, why, count));
        }
    }
    // A row promises an outcome; a test that skipped kept no promise and broke none.
    for r in results.iter().filter(|r| r.status == Status::Skip) {
        if let Some(expected) = expectations.expected(&r.test, &r.executor) {
            eprintln!("note: expectation `{},{},{expected}` not exercised: the test skipped ({})", r.test, r.executor, r.message);
        }
    }
    RunSummary { results, unavailable, lost_device }
}

/// Judges one test's renderings in executor order (the native image, when there is one, is
/// the live oracle of the translated ones), retrying each failure once to tell a flake.
fn decide(
    opts: &RunOptions,
    cmd: &ChildCommand,
    expectations: &Expectations,
    test: &CorpusTest,
    renderings: Vec<Rendering>,
    request: &dyn Fn(&ExecutorConfig) -> Request,
    pages: &mut report::Pages,
) -> Vec<TestResult> {
    let mut native_image: Option<Image> = None;
    let mut native_captures: Option<crate::executor::Captures> = None;
    let mut rows = Vec::new();
    let judge = |ex_name: &str, r: &Rendering, native: judge::Native, pages: &mut report::Pages| match test {
        CorpusTest::Shader(t) => judge::judge(&opts.references, opts.native_driver.as_deref(), t, ex_name, r, native, pages),
        CorpusTest::Amber(_) => judge::Verdict { status: r.status, message: r.message.clone(), page: None },
    };
    for (ex, mut r) in opts.executors.iter().zip(renderings) {
        let ex_name = ex.name();
        let native = judge::Native { image: native_image.as_ref(), captures: native_captures.as_ref() };
        let mut verdict = judge(&ex_name, &r, native, pages);
        if verdict.status.is_bad() {
            let again = batch::render_batch(cmd, ex, &[request(ex)]).pop();
            if let Some(again) = again {
                let second = judge(&ex_name, &again, native, pages);
                if second.status == Status::Pass {
                    verdict = judge::Verdict {
                        status: Status::Flake,
                        message: format!("failed once, then passed: {}", verdict.message),
                        page: None,
                    };
                    r = again;
                }
            }
        }
        let outcome = verdict.status;
        let status = expectations.apply(test.name(), &ex_name, outcome);
        if ex.kind == ExecutorKind::Native {
            native_image = r.image.clone();
            native_captures = r.captures.clone();
        }
        rows.push(TestResult {
            test: test.name().to_string(),
            executor: ex_name,
            status,
            outcome,
            duration_ms: r.duration.as_millis(),
            message: verdict.message,
            page: verdict.page,
        });
    }
    rows
}
