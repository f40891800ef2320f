//! The render child's protocol and the child process guarded by a timeout.
//!
//! A child (`tesserae-harness render` or `batch`) answers each request with one
//! [`ChildReport`] as a JSON line on stdout. Anything else a driver prints there is not a
//! report: a parent reads only the lines that parse as one. `batch` reads one [`Request`] per
//! line on stdin (`NAME<TAB>TEST_PATH<TAB>OUTPUT_PNG`).

use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Name and version of the driver behind an executor, for reports and reference sidecars.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DriverInfo {
    pub executor: String,
    pub device: String,
    pub driver: String,
    pub driver_version: String,
    pub api_version: String,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ChildStatus {
    /// The image was written to the output path.
    Rendered,
    /// The test's own checks passed (Amber's EXPECTs); an image may have been written.
    Passed,
    /// The test needs something this executor or device lacks.
    Skip,
    /// The executor itself could not be created (no driver, no adapter): every test skips.
    Unavailable,
    Fail,
}

impl ChildStatus {
    /// The protocol's form.
    pub fn name(self) -> &'static str {
        match self {
            ChildStatus::Rendered => "rendered",
            ChildStatus::Passed => "passed",
            ChildStatus::Skip => "skip",
            ChildStatus::Unavailable => "unavailable",
            ChildStatus::Fail => "fail",
        }
    }
}

impl std::fmt::Display for ChildStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ChildReport {
    /// The request's test name, so the parent can tell which request a line answers.
    #[serde(default)]
    pub name: String,
    pub status: ChildStatus,
    pub message: String,
    pub driver: Option<DriverInfo>,
}

impl ChildReport {
    /// The JSON line.
    pub fn to_line(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_else(|e| format!("{{\"name\":\"\",\"status\":\"fail\",\"message\":\"unprintable report: {e}\",\"driver\":null}}"))
    }

    /// The report in one line of a child's stdout, if the line is one.
    pub fn parse_line(line: &str) -> Option<ChildReport> {
        serde_json::from_str(line).ok()
    }

    /// The last report in a child's stdout.
    pub fn last_in(stdout: &str) -> Option<ChildReport> {
        stdout.lines().rev().find_map(ChildReport::parse_line)
    }

    /// The device that rendered, if the child opened one.
    pub fn device(&self) -> &str {
        self.driver.as_ref().map_or("", |d| d.device.as_str())
    }
}

/// One test for a batch child: its name, its file and where the child writes the PNG.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub name: String,
    pub path: PathBuf,
    pub png: PathBuf,
}

impl Request {
    /// The line on the child's stdin (without the newline).
    pub fn to_line(&self) -> String {
        format!("{}\t{}\t{}", self.name, self.path.display(), self.png.display())
    }

    /// A line of the child's stdin; `None` unless it has the three fields.
    pub fn parse_line(line: &str) -> Option<Request> {
        let mut parts = line.splitn(3, '\t');
        let (name, path, png) = (parts.next()?, parts.next()?, parts.next()?);
        Some(Request { name: name.to_string(), path: PathBuf::from(path), png: PathBuf::from(png) })
    }
}

/// Why a child gave no report.
#[derive(Debug, thiserror::Error)]
pub enum ChildError {
    #[error("cannot start {}: {source}", exe.display())]
    Spawn { exe: PathBuf, source: std::io::Error },
    #[error("waiting for the child: {0}")]
    Wait(std::io::Error),
    #[error("no result after {0:?}")]
    Timeout(Duration),
    /// The child ended without printing a report; the last lines of its stderr.
    #[error("child exited with {exit} without a result:\n{stderr}")]
    NoReport { exit: ExitStatus, stderr: String },
}

impl ChildError {
    /// The word a report uses for it: `timeout`, or `crash`.
    pub fn status(&self) -> &'static str {
        match self {
            ChildError::Timeout(_) => "timeout",
            _ => "crash",
        }
    }
}

/// Lines of a child's stderr kept for the message of a crash.
pub const STDERR_LINES: usize = 15;

/// Makes the child die with this thread's process, however it ends (Ctrl-C, SIGTERM from a
/// cancelled CI job, SIGKILL): no driver process is left running.
pub fn die_with_parent(cmd: &mut Command) -> &mut Command {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: prctl is async-signal-safe and touches no memory of the parent.
        unsafe {
            cmd.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
    }
    cmd
}

/// The tail of a child's stderr, read on a thread of its own so the child never blocks on a
/// full pipe; keeps the last 8 to 16 KiB.
pub struct StderrTail {
    text: Arc<Mutex<String>>,
    thread: Option<JoinHandle<()>>,
}

impl StderrTail {
    pub fn read(pipe: Option<impl Read + Send + 'static>) -> StderrTail {
        let text = Arc::new(Mutex::new(String::new()));
        let thread = pipe.map(|mut pipe| {
            let tail = text.clone();
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n) = pipe.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    if let Ok(mut t) = tail.lock() {
                        t.push_str(&String::from_utf8_lossy(&buf[..n]));
                        if t.len() > 16_384 {
                            let cut = t.len() - 8_192;
                            let cut = (cut..t.len()).find(|&i| t.is_char_boundary(i)).unwrap_or(cut);
                            t.drain(..cut);
                        }
                    }
                }
            })
        });
        StderrTail { text, thread }
    }

    /// Waits for the pipe to close (the child has exited) and returns its last `lines` lines.
    pub fn finish(mut self, lines: usize) -> String {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        let text = self.text.lock().map(|t| t.clone()).unwrap_or_default();
        let all: Vec<&str> = text.lines().collect();
        all[all.len().saturating_sub(lines)..].join("\n")
    }
}

/// Runs `cmd` (stdin closed) for one report: kills it after `timeout`; a child that exits
/// without printing a report is [`ChildError::NoReport`] with the end of its stderr.
pub fn run_once(cmd: &mut Command, timeout: Duration) -> Result<ChildReport, ChildError> {
    let exe = PathBuf::from(cmd.get_program());
    die_with_parent(cmd).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let start = Instant::now();
    let mut child = cmd.spawn().map_err(|source| ChildError::Spawn { exe, source })?;
    let out_pipe = child.stdout.take();
    let stdout = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(mut p) = out_pipe {
            let _ = p.read_to_string(&mut s);
        }
        s
    });
    let stderr = StderrTail::read(child.stderr.take());
    let exit = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(ChildError::Timeout(timeout));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(ChildError::Wait(e));
            }
        }
    };
    let stdout = stdout.join().unwrap_or_default();
    ChildReport::last_in(&stdout).ok_or_else(|| ChildError::NoReport { exit, stderr: stderr.finish(STDERR_LINES) })
}

/// What transform feedback captured in one rendering: every capture buffer's bytes after the
/// draws, and the primitives query of stream 0 over all of them. A batch child writes it beside
/// its PNG ([`captures_path`]); the parent reads it back with the image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Captures {
    /// (`XfbBuffer` number, the whole buffer's bytes after the draws), by buffer number.
    pub buffers: Vec<(u32, Vec<u8>)>,
    /// `VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT`'s first result: primitives written.
    pub primitives_written: u64,
    /// Its second: primitives the stream produced, whether the buffers held them or not.
    pub primitives_needed: u64,
}

/// The file form of [`Captures`]: JSON with each buffer's bytes in hexadecimal.
#[derive(Serialize, Deserialize)]
struct CapturesFile {
    primitives_written: u64,
    primitives_needed: u64,
    buffers: Vec<CaptureFileBuffer>,
}

#[derive(Serialize, Deserialize)]
struct CaptureFileBuffer {
    buffer: u32,
    hex: String,
}

impl Captures {
    /// The captured bytes of buffer `n`.
    pub fn buffer(&self, n: u32) -> Option<&[u8]> {
        self.buffers.iter().find(|(b, _)| *b == n).map(|(_, bytes)| bytes.as_slice())
    }

    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let file = CapturesFile {
            primitives_written: self.primitives_written,
            primitives_needed: self.primitives_needed,
            buffers: self
                .buffers
                .iter()
                .map(|(buffer, bytes)| CaptureFileBuffer { buffer: *buffer, hex: bytes.iter().map(|b| format!("{b:02x}")).collect() })
                .collect(),
        };
        let text = serde_json::to_string(&file).map_err(std::io::Error::other)?;
        std::fs::write(path, text + "\n")
    }

    /// The captures written at `path`; `Ok(None)` when there is no such file (the rendering
    /// captured nothing).
    pub fn read(path: &Path) -> Result<Option<Captures>, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        let file: CapturesFile = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut buffers = Vec::with_capacity(file.buffers.len());
        for b in file.buffers {
            let hex = b.hex.as_bytes();
            if hex.len() % 2 != 0 {
                return Err(format!("{}: buffer {} has an odd number of hex digits", path.display(), b.buffer));
            }
            let bytes = hex
                .chunks_exact(2)
                .map(|pair| std::str::from_utf8(pair).ok().and_then(|p| u8::from_str_radix(p, 16).ok()))
                .collect::<Option<Vec<u8>>>()
                .ok_or_else(|| format!("{}: buffer {} is not hexadecimal", path.display(), b.buffer))?;
            buffers.push((b.buffer, bytes));
        }
        Ok(Some(Captures { buffers, primitives_written: file.primitives_written, primitives_needed: file.primitives_needed }))
    }
}

/// Where a child writes a rendering's [`Captures`]: beside its PNG (`native.png` →
/// `native.xfb.json`).
pub fn captures_path(png: &Path) -> PathBuf {
    png.with_extension("xfb.json")
}

/// Where a child writes an image (and its captures): removed first, so a stale file is never
/// read as the answer.
pub fn clear_output(png: &Path) {
    let _ = std::fs::remove_file(png);
    let _ = std::fs::remove_file(captures_path(png));
    if let Some(dir) = png.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        let mut c = Command::new("sh");
        c.arg("-c").arg(script);
        c
    }

    #[test]
    fn reports_round_trip_and_noise_is_ignored() {
        let r = ChildReport { name: "a/b".into(), status: ChildStatus::Rendered, message: String::new(), driver: None };
        let line = r.to_line();
        assert_eq!(line, r#"{"name":"a/b","status":"rendered","message":"","driver":null}"#);
        let out = format!("driver noise\n{line}\n{{\"not\":\"a report\"}}\n");
        assert_eq!(ChildReport::last_in(&out).map(|r| (r.name, r.status)), Some(("a/b".into(), ChildStatus::Rendered)));
        // A report without a name (a `render` child of an older protocol) still reads.
        let old = ChildReport::parse_line(r#"{"status":"skip","message":"no device","driver":null}"#).unwrap();
        assert_eq!((old.name.as_str(), old.status, old.device()), ("", ChildStatus::Skip, ""));
        let req = Request { name: "x/y".into(), path: "corpus/x/y.shader_test".into(), png: "out/y.png".into() };
        assert_eq!(Request::parse_line(&req.to_line()), Some(req));
        assert_eq!(Request::parse_line("x/y\tonly-two"), None);
    }

    #[test]
    fn captures_round_trip_beside_the_png() {
        let dir = std::env::temp_dir().join(format!("tesserae-captures-{}", std::process::id()));
        let png = dir.join("t").join("native.png");
        clear_output(&png);
        let path = captures_path(&png);
        assert_eq!(path, dir.join("t").join("native.xfb.json"));
        assert_eq!(Captures::read(&path), Ok(None), "no file: nothing captured");
        let c = Captures {
            buffers: vec![(0, vec![0, 1, 0xfe, 0xff]), (2, vec![0xef, 0xbe, 0xad, 0xde])],
            primitives_written: 2,
            primitives_needed: 3,
        };
        c.write(&path).unwrap();
        assert_eq!(Captures::read(&path), Ok(Some(c.clone())));
        assert_eq!(c.buffer(2), Some(&[0xef, 0xbe, 0xad, 0xde][..]));
        assert_eq!(c.buffer(1), None);
        std::fs::write(&path, r#"{"primitives_written":0,"primitives_needed":0,"buffers":[{"buffer":0,"hex":"0g"}]}"#).unwrap();
        assert!(Captures::read(&path).unwrap_err().contains("not hexadecimal"));
        clear_output(&png);
        assert!(!path.exists(), "cleared with the PNG");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_child_that_reports_is_read() {
        let r = run_once(&mut sh(r#"echo noise; echo '{"status":"fail","message":"bad","driver":null}'"#), Duration::from_secs(20));
        let r = r.unwrap();
        assert_eq!((r.status, r.message.as_str()), (ChildStatus::Fail, "bad"));
    }

    #[test]
    fn a_hanging_child_is_killed_at_the_timeout() {
        let start = Instant::now();
        let e = run_once(&mut sh("sleep 30"), Duration::from_millis(200)).unwrap_err();
        assert!(matches!(e, ChildError::Timeout(_)), "{e}");
        assert_eq!(e.status(), "timeout");
        assert!(start.elapsed() < Duration::from_secs(10), "took {:?}", start.elapsed());
    }

    #[test]
    fn a_silent_child_is_a_crash_with_its_stderr() {
        let script = "for i in $(seq 1 40); do echo line $i >&2; done; exit 3";
        let e = run_once(&mut sh(script), Duration::from_secs(20)).unwrap_err();
        let ChildError::NoReport { exit, stderr } = &e else { panic!("{e}") };
        assert_eq!(exit.code(), Some(3));
        assert_eq!(stderr.lines().count(), STDERR_LINES);
        assert!(stderr.ends_with("line 40") && stderr.starts_with("line 26"), "{stderr}");
        assert_eq!(e.status(), "crash");
        let missing = run_once(&mut Command::new("/nonexistent/tesserae-harness"), Duration::from_secs(1)).unwrap_err();
        assert!(matches!(missing, ChildError::Spawn { .. }) && missing.to_string().starts_with("cannot start /nonexistent"));
    }
}
