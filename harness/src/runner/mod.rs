//! The conformance runner: walks the corpus, renders each test with each executor in a child
//! process, applies the oracles, and writes the reports.
//!
//! Invariants: no result already computed is lost (each row is appended to `results.csv` as it
//! completes); a broken test file, a crash or a hang affects only its own rows.

pub mod child;
pub mod report;

use crate::executor::{DriverInfo, ExecutorKind};
use crate::image::Image;
use crate::oracle;
use crate::shader_test::{self, ShaderTest};
use child::{ChildReport, ChildStatus};
use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tesserae::ClipMode;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Status {
    Pass,
    Fail,
    Crash,
    Timeout,
    Skip,
    ExpectedFail,
    UnexpectedPass,
    Flake,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Pass => "Pass",
            Status::Fail => "Fail",
            Status::Crash => "Crash",
            Status::Timeout => "Timeout",
            Status::Skip => "Skip",
            Status::ExpectedFail => "ExpectedFail",
            Status::UnexpectedPass => "UnexpectedPass",
            Status::Flake => "Flake",
        }
    }
    pub fn parse(s: &str) -> Option<Status> {
        [
            Status::Pass,
            Status::Fail,
            Status::Crash,
            Status::Timeout,
            Status::Skip,
            Status::ExpectedFail,
            Status::UnexpectedPass,
            Status::Flake,
        ]
        .into_iter()
        .find(|x| x.name().eq_ignore_ascii_case(s))
    }
    /// Whether this status fails a run.
    pub fn is_regression(self) -> bool {
        matches!(self, Status::Fail | Status::Crash | Status::Timeout | Status::UnexpectedPass)
    }
    fn is_bad(self) -> bool {
        matches!(self, Status::Fail | Status::Crash | Status::Timeout)
    }
}

/// One row of the results.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TestResult {
    pub test: String,
    pub executor: String,
    pub status: Status,
    pub duration_ms: u128,
    pub message: String,
    /// Failure page, relative to the output directory.
    pub page: Option<String>,
}

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
}

/// Tests under `corpus`, as (`area/name`, path), sorted; `expectations/` is not a test area.
pub fn discover(corpus: &Path) -> Vec<(String, PathBuf)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(root, &p, out);
            } else if p.extension().is_some_and(|x| x == "shader_test") {
                if let Ok(rel) = p.strip_prefix(root) {
                    let name = rel.with_extension("").to_string_lossy().replace('\\', "/");
                    out.push((name, p.clone()));
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(corpus, corpus, &mut out);
    out.sort();
    out
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

/// What a child run produced.
pub struct Rendering {
    pub status: Status,
    pub message: String,
    pub image: Option<Image>,
    pub driver: Option<DriverInfo>,
    pub duration: Duration,
}

/// Runs one child process: `render` one test with one executor.
pub fn render_in_child(opts: &RunOptions, name: &str, path: &Path, ex: &ExecutorConfig, png: &Path) -> Rendering {
    let start = Instant::now();
    let _ = std::fs::remove_file(png);
    let mut cmd = Command::new(&opts.child_exe);
    cmd.arg("render").arg("--test").arg(path).arg("--name").arg(name).arg("--executor").arg(ex.kind.name()).arg("--out").arg(png);
    cmd.arg("--clip").arg(match ex.clip {
        ClipMode::Native => "native",
        ClipMode::Emulated => "emulated",
    });
    if let Some(a) = &opts.adapter {
        cmd.arg("--adapter").arg(a);
    }
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let done = |status, message: String| Rendering { status, message, image: None, driver: None, duration: start.elapsed() };
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return done(Status::Crash, format!("cannot start {}: {e}", opts.child_exe.display())),
    };
    // Drain the pipes on threads so a chatty child cannot block on a full pipe.
    let mut out_pipe = child.stdout.take();
    let mut err_pipe = child.stderr.take();
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = out_pipe.as_mut() {
            let _ = p.read_to_string(&mut s);
        }
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = err_pipe.as_mut() {
            let _ = std::io::BufReader::new(p).read_to_string(&mut s);
        }
        s
    });
    let exit = loop {
        match child.try_wait() {
            Ok(Some(st)) => break Some(st),
            Ok(None) if start.elapsed() > opts.timeout => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return done(Status::Crash, format!("waiting for the child: {e}")),
        }
    };
    let stdout = out_t.join().unwrap_or_default();
    let stderr = err_t.join().unwrap_or_default();
    let Some(exit) = exit else {
        return done(Status::Timeout, format!("no result after {:?}", opts.timeout));
    };
    let report: Option<ChildReport> = stdout.lines().rev().find_map(|l| serde_json::from_str(l).ok());
    let Some(report) = report else {
        let tail: String = stderr.lines().rev().take(15).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n");
        return done(Status::Crash, format!("child exited with {exit} without a result:\n{tail}"));
    };
    match report.status {
        ChildStatus::Skip => done(Status::Skip, report.message),
        ChildStatus::Fail => Rendering { driver: report.driver, ..done(Status::Fail, report.message) },
        ChildStatus::Rendered => match Image::read_png(png) {
            Ok(img) => Rendering {
                status: Status::Pass,
                message: String::new(),
                image: Some(img),
                driver: report.driver,
                duration: start.elapsed(),
            },
            Err(e) => done(Status::Crash, e.to_string()),
        },
    }
}

/// Known failures: `test,executor,status` rows.
pub fn load_expectations(path: &Path) -> Vec<(String, String, Status)> {
    let Ok(f) = std::fs::File::open(path) else { return Vec::new() };
    std::io::BufReader::new(f)
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#') && !l.starts_with("test,"))
        .filter_map(|l| {
            let mut it = l.split(',');
            Some((it.next()?.trim().to_string(), it.next()?.trim().to_string(), Status::parse(it.next()?.trim())?))
        })
        .collect()
}

/// The oracles for one rendering: probes, the stored reference, and (translated only) the
/// live native rendering.
fn judge(
    opts: &RunOptions,
    test: &ShaderTest,
    ex_name: &str,
    r: &Rendering,
    native: Option<&Image>,
    pages: &mut report::Pages,
) -> (Status, String, Option<String>) {
    let Some(img) = &r.image else {
        return (r.status, r.message.clone(), None);
    };
    if let Err(m) = oracle::check_probes(test, ex_name, img) {
        let page = pages.write_single(test, ex_name, img, &m);
        return (Status::Fail, format!("probe failed: {m}"), page);
    }
    if test.test.compare_reference {
        let ref_path = reference_path(&opts.references, &test.name);
        match Image::read_png(&ref_path) {
            Ok(reference) => {
                if let Err(mm) = oracle::check_image("reference", test, ex_name, &reference, img) {
                    let page = pages.write_mismatch(test, ex_name, &mm);
                    return (Status::Fail, format!("differs from the reference image: {}", mm.comparison.summary()), page);
                }
            }
            Err(_) if !ref_path.exists() => {
                return (
                    Status::Fail,
                    format!("no reference image {}; bless it with `cargo xtask bless --filter {}`", ref_path.display(), test.name),
                    None,
                );
            }
            Err(e) => return (Status::Fail, format!("unreadable reference image: {e}"), None),
        }
    }
    if let (true, Some(n)) = (test.test.compare_native, native) {
        if let Err(mm) = oracle::check_image("native", test, ex_name, n, img) {
            let page = pages.write_mismatch(test, ex_name, &mm);
            return (Status::Fail, format!("differs from the native rendering: {}", mm.comparison.summary()), page);
        }
    }
    (Status::Pass, String::new(), None)
}

pub fn reference_path(references: &Path, name: &str) -> PathBuf {
    references.join(format!("{name}.png"))
}

/// Runs the selected tests; returns every result (also written to the reports as they come).
pub fn run(opts: &RunOptions) -> std::io::Result<Vec<TestResult>> {
    let tests = select(opts);
    std::fs::create_dir_all(&opts.out)?;
    let images = opts.out.join("images");
    let mut writer = report::ResultsWriter::create(&opts.out)?;
    let mut pages = report::Pages::new(&opts.out);
    let expectations = opts.expectations.as_deref().map(load_expectations).unwrap_or_default();
    let mut results = Vec::new();
    let mut progress = report::Progress::new(tests.len());
    for (name, path) in &tests {
        progress.show(name);
        let parsed = shader_test::load(path, name);
        let test = match parsed {
            Ok(t) => t,
            Err(e) => {
                for ex in &opts.executors {
                    let r = TestResult {
                        test: name.clone(),
                        executor: ex.name(),
                        status: Status::Fail,
                        duration_ms: 0,
                        message: e.to_string(),
                        page: None,
                    };
                    progress.record(&r);
                    writer.push(&r)?;
                    results.push(r);
                }
                continue;
            }
        };
        let mut native_image: Option<Image> = None;
        for ex in &opts.executors {
            let ex_name = ex.name();
            let png = images.join(name).join(format!("{ex_name}.png"));
            if let Some(dir) = png.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let mut r = render_in_child(opts, name, path, ex, &png);
            let (mut status, mut message, mut page) = judge(opts, &test, &ex_name, &r, native_image.as_ref(), &mut pages);
            if status.is_bad() {
                // One retry tells a flake from a failure.
                let again = render_in_child(opts, name, path, ex, &png);
                let (s2, _, _) = judge(opts, &test, &ex_name, &again, native_image.as_ref(), &mut pages);
                if s2 == Status::Pass {
                    status = Status::Flake;
                    message = format!("failed once, then passed: {message}");
                    page = None;
                    r = again;
                }
            }
            let expected = expectations.iter().find(|(t, e, _)| t == name && *e == ex_name).map(|(_, _, s)| *s);
            status = match (status, expected) {
                (s, Some(_)) if s.is_bad() => Status::ExpectedFail,
                (Status::Pass, Some(_)) => Status::UnexpectedPass,
                (s, _) => s,
            };
            if ex.kind == ExecutorKind::Native {
                native_image = r.image.clone();
            }
            let row = TestResult { test: name.clone(), executor: ex_name, status, duration_ms: r.duration.as_millis(), message, page };
            progress.record(&row);
            writer.push(&row)?;
            results.push(row);
        }
    }
    progress.finish();
    report::write_summaries(&opts.out, &results, &report::baseline::Baselines::of(opts))?;
    Ok(results)
}
