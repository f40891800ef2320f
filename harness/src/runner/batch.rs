//! The parent side of a batch child (deqp-runner's model): one child process renders a list of
//! tests with one executor, streaming one report per test. A crash or a hang costs only the
//! test being rendered: the parent records it and starts a new child on the rest of the list.

use super::{ExecutorConfig, Status};
use crate::image::Image;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};
use tesserae::ClipMode;
use tesserae_results::child::{
    captures_path, clear_output, die_with_parent, Captures, ChildReport, ChildStatus, DriverInfo, Request, StderrTail, STDERR_LINES,
};

/// What a child produced for one test.
#[derive(Debug, Clone)]
pub struct Rendering {
    pub status: Status,
    pub message: String,
    pub image: Option<Image>,
    /// What transform feedback captured (tests with `[transform feedback N]` sections), read
    /// from beside the PNG.
    pub captures: Option<Captures>,
    pub driver: Option<DriverInfo>,
    /// The executor itself could not be created (no driver or adapter), as opposed to a test
    /// the executor cannot run.
    pub unavailable: bool,
    pub duration: Duration,
}

impl Rendering {
    fn failed(status: Status, message: String, duration: Duration) -> Self {
        Rendering { status, message, image: None, captures: None, driver: None, unavailable: false, duration }
    }

    fn from_report(report: ChildReport, png: &Path, duration: Duration) -> Self {
        let base = Rendering { driver: report.driver.clone(), ..Rendering::failed(Status::Fail, report.message.clone(), duration) };
        match report.status {
            ChildStatus::Skip => Rendering { status: Status::Skip, ..base },
            ChildStatus::Unavailable => Rendering { status: Status::Skip, unavailable: true, ..base },
            ChildStatus::Fail => Rendering { image: Image::read_png(png).ok(), ..base },
            // The child decided the test itself (an Amber script's EXPECTs); the image, when
            // there is one, is for the report.
            ChildStatus::Passed => {
                Rendering { status: Status::Pass, message: report.message.clone(), image: Image::read_png(png).ok(), ..base }
            }
            ChildStatus::Rendered => match (Image::read_png(png), Captures::read(&captures_path(png))) {
                (Ok(img), Ok(captures)) => Rendering { status: Status::Pass, message: String::new(), image: Some(img), captures, ..base },
                (Err(e), _) => Rendering { status: Status::Crash, message: e.to_string(), ..base },
                (_, Err(e)) => Rendering { status: Status::Crash, message: format!("unreadable captures: {e}"), ..base },
            },
        }
    }
}

/// How children are started.
#[derive(Debug, Clone)]
pub struct ChildCommand {
    /// The harness binary (or, in tests, a stand-in speaking the same protocol).
    pub exe: PathBuf,
    pub adapter: Option<String>,
    /// Seconds one test may take before its child is killed.
    pub timeout: Duration,
}

impl ChildCommand {
    fn spawn(&self, ex: &ExecutorConfig) -> std::io::Result<Child> {
        let mut cmd = Command::new(&self.exe);
        cmd.arg("batch").arg("--executor").arg(ex.kind.name()).arg("--clip").arg(match ex.clip {
            ClipMode::Native => "native",
            ClipMode::Emulated => "emulated",
        });
        if let Some(a) = &self.adapter {
            cmd.arg("--adapter").arg(a);
        }
        die_with_parent(&mut cmd).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()
    }
}

/// Renders `requests` in order with one executor, in as few children as crashes and hangs
/// allow. Returns one rendering per request, in order.
pub fn render_batch(cmd: &ChildCommand, ex: &ExecutorConfig, requests: &[Request]) -> Vec<Rendering> {
    let mut out = Vec::with_capacity(requests.len());
    while out.len() < requests.len() {
        let rest = &requests[out.len()..];
        let before = out.len();
        run_child(cmd, ex, rest, &mut out);
        if out.len() == before {
            // The child made no progress and reported nothing: charge the first test.
            out.push(Rendering::failed(Status::Crash, "the child stopped without a result".into(), Duration::ZERO));
        }
    }
    out
}

/// One child over `requests`: pushes a rendering per answered request, plus one Crash or
/// Timeout for the request it died on; returns when the child is gone.
fn run_child(cmd: &ChildCommand, ex: &ExecutorConfig, requests: &[Request], out: &mut Vec<Rendering>) {
    let mut start = Instant::now();
    for r in requests {
        clear_output(&r.png);
    }
    let mut child = match cmd.spawn(ex) {
        Ok(c) => c,
        Err(e) => {
            out.push(Rendering::failed(Status::Crash, format!("cannot start {}: {e}", cmd.exe.display()), start.elapsed()));
            return;
        }
    };
    // All requests at once; closing stdin tells the child the batch is complete.
    if let Some(mut stdin) = child.stdin.take() {
        let text: String = requests.iter().map(|r| r.to_line() + "\n").collect();
        std::thread::spawn(move || {
            let _ = stdin.write_all(text.as_bytes());
        });
    }
    let (tx, rx) = mpsc::channel::<ChildReport>();
    if let Some(stdout) = child.stdout.take() {
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(report) = ChildReport::parse_line(&line) {
                    if tx.send(report).is_err() {
                        break;
                    }
                }
            }
        });
    }
    // The tail of stderr, for the message of a crash.
    let stderr_tail = StderrTail::read(child.stderr.take());
    for r in requests {
        match rx.recv_timeout(cmd.timeout) {
            Ok(report) if report.name == r.name || report.name.is_empty() => {
                out.push(Rendering::from_report(report, &r.png, start.elapsed()));
                start = Instant::now();
            }
            Ok(report) => {
                out.push(Rendering::failed(
                    Status::Crash,
                    format!("the child answered for `{}` while rendering `{}`", report.name, r.name),
                    start.elapsed(),
                ));
                break;
            }
            Err(RecvTimeoutError::Timeout) => {
                out.push(Rendering::failed(Status::Timeout, format!("no result after {:?}", cmd.timeout), start.elapsed()));
                break;
            }
            Err(RecvTimeoutError::Disconnected) => {
                let exit = child.wait().map(|s| s.to_string()).unwrap_or_else(|e| e.to_string());
                let tail = stderr_tail.finish(STDERR_LINES);
                out.push(Rendering::failed(Status::Crash, format!("child exited with {exit} without a result:\n{tail}"), start.elapsed()));
                return;
            }
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}
