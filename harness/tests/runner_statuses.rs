//! The runner's bookkeeping, driven by a stand-in child (a shell script speaking the batch
//! protocol) so every outcome can be produced on demand: a crash and a hang in the middle of a
//! batch cost only themselves, a flake is caught by the retry, expectations match their status,
//! and each exit status of `run` is what it promises.

use std::path::PathBuf;
use std::process::Command;
use tesserae_harness::image::solid;

/// Behaviour by test name: `pass*` renders red (what the probe expects), `fail*` renders
/// black, `crash*` kills the child, `hang*` sleeps past the timeout, `flake*` renders black
/// the first time and red after, `skip*` skips, `nodevice*` cannot open its device.
/// `FAKE_UNAVAILABLE=EXECUTOR` makes that executor unavailable.
const FAKE_CHILD: &str = r#"#!/bin/bash
if [ "$1" = adapters ]; then
  echo '{"vulkan":[["Fake GPU","fakedrv"]],"wgpu_vulkan":["Fake GPU"],"wgpu_gl":[]}'
  exit 0
fi
[ "$1" = batch ] || exit 0
executor="$3"
while IFS=$'\t' read -r name path png; do
  base="${name#*/}"
  reply() { printf '{"name":"%s","status":"%s","message":"%s","driver":null}\n' "$name" "$1" "$2"; }
  if [ "$FAKE_UNAVAILABLE" = "$executor" ]; then reply unavailable "no such adapter here"; continue; fi
  case "$base" in
    pass*) cp "$FAKE_DIR/red.png" "$png"; reply rendered "" ;;
    fail*) cp "$FAKE_DIR/black.png" "$png"; reply rendered "" ;;
    crash*) echo "fake driver: segmentation fault" >&2; exit 139 ;;
    hang*) sleep 60 ;;
    skip*) reply skip "needs something" ;;
    nodevice*) reply unavailable "could not open the device" ;;
    flake*)
      mark="$FAKE_DIR/state/${name//\//_}-$executor"
      if [ -e "$mark" ]; then cp "$FAKE_DIR/red.png" "$png"; else touch "$mark"; cp "$FAKE_DIR/black.png" "$png"; fi
      reply rendered "" ;;
  esac
done
"#;

struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new(tag: &str, tests: &[&str]) -> Scratch {
        let dir = std::env::temp_dir().join(format!("tesserae-runner-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("corpus/a")).unwrap();
        std::fs::create_dir_all(dir.join("state")).unwrap();
        solid(8, 8, [1.0, 0.0, 0.0, 1.0]).write_png(&dir.join("red.png")).unwrap();
        solid(8, 8, [0.0, 0.0, 0.0, 1.0]).write_png(&dir.join("black.png")).unwrap();
        for t in tests {
            let text = "[vertex shader]\n#version 450\nvoid main() {}\n\n[test]\nframebuffer 8 8\ndraw point-list vertices 1\nprobe all rgba 1 0 0 1\nno-compare reference the stand-in child draws no real picture\n";
            std::fs::write(dir.join(format!("corpus/a/{t}.shader_test")), text).unwrap();
        }
        let child = dir.join("child.sh");
        std::fs::write(&child, FAKE_CHILD).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&child, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        Scratch { dir }
    }

    fn expectations(&self, rows: &str) -> PathBuf {
        let p = self.dir.join("expectations.csv");
        std::fs::write(&p, format!("# test,executor,status\n{rows}")).unwrap();
        p
    }

    /// Runs the corpus with `extra` arguments; returns (exit code, results.csv rows without
    /// durations, stderr).
    fn run(&self, extra: &[&str], env: &[(&str, &str)]) -> (i32, Vec<String>, String) {
        let _ = std::fs::remove_dir_all(self.dir.join("state"));
        std::fs::create_dir_all(self.dir.join("state")).unwrap();
        let out = self.dir.join("out");
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tesserae-harness"));
        cmd.args(["run", "--backend", "vulkan", "--clip", "native", "--timeout", "2", "--corpus"])
            .arg(self.dir.join("corpus"))
            .arg("--out")
            .arg(&out)
            .arg("--child-exe")
            .arg(self.dir.join("child.sh"))
            .args(extra)
            .env("FAKE_DIR", &self.dir);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let o = cmd.output().unwrap();
        let csv = std::fs::read_to_string(out.join("results.csv")).unwrap_or_default();
        let rows = csv.lines().skip(1).map(|l| l.rsplit_once(',').map(|(a, _)| a.to_string()).unwrap_or_default()).collect();
        (o.status.code().unwrap_or(-1), rows, String::from_utf8_lossy(&o.stderr).into_owned())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn has(rows: &[String], row: &str) -> bool {
    rows.iter().any(|r| r == row)
}

#[test]
fn crash_and_hang_in_a_batch_cost_only_themselves() {
    let s = Scratch::new("batch", &["pass1", "crash", "pass2", "hang", "pass3"]);
    let (code, rows, stderr) = s.run(&["--batch", "5", "--jobs", "1"], &[]);
    for ex in ["native", "wgpu-vulkan"] {
        for p in ["pass1", "pass2", "pass3"] {
            assert!(has(&rows, &format!("a/{p},{ex},Pass")), "{rows:?}");
        }
        assert!(has(&rows, &format!("a/crash,{ex},Crash")), "{rows:?}");
        assert!(has(&rows, &format!("a/hang,{ex},Timeout")), "{rows:?}");
    }
    assert!(stderr.contains("Crash a/crash native"), "{stderr}");
    let junit = std::fs::read_to_string(s.dir.join("out/junit.xml")).unwrap();
    assert!(junit.contains("fake driver: segmentation fault"), "the crash message carries the child's stderr: {junit}");
    assert_eq!(code, 1);
    // Corpus order, whatever the batching.
    let names: Vec<&str> = rows.iter().map(|r| r.split(',').next().unwrap()).collect();
    assert_eq!(names, ["a/crash", "a/crash", "a/hang", "a/hang", "a/pass1", "a/pass1", "a/pass2", "a/pass2", "a/pass3", "a/pass3"]);
    let (_, again, _) = s.run(&["--batch", "1", "--jobs", "3"], &[]);
    assert_eq!(rows, again, "results do not depend on --batch or --jobs");
}

#[test]
fn statuses_and_exit_codes() {
    let s = Scratch::new("status", &["crash", "fail", "flake", "hang", "pass"]);
    // Nothing listed: every bad outcome is a regression, the flake included.
    let (code, rows, _) = s.run(&[], &[]);
    assert_eq!(code, 1);
    for row in ["a/crash,native,Crash", "a/fail,native,Fail", "a/flake,native,Flake", "a/hang,native,Timeout", "a/pass,native,Pass"] {
        assert!(has(&rows, row), "{row} in {rows:?}");
    }
    // Each listed with its own status: expected, and the run passes.
    let all = "a/crash,{e},Crash\na/fail,{e},Fail\na/flake,{e},Flake\na/hang,{e},Timeout\n";
    let listed = s.expectations(&(all.replace("{e}", "native") + &all.replace("{e}", "wgpu-vulkan")));
    let (code, rows, stderr) = s.run(&["--expectations", listed.to_str().unwrap()], &[]);
    assert_eq!(code, 0, "{rows:?}\n{stderr}");
    for row in ["a/crash,native,ExpectedFail", "a/fail,native,ExpectedFail", "a/flake,native,ExpectedFlake", "a/hang,native,ExpectedFail"] {
        assert!(has(&rows, row), "{row} in {rows:?}");
    }
    // Listed with the wrong status: a Fail row does not cover a crash; a passing test with a
    // row is an unexpected pass.
    let wrong = s.expectations("a/crash,native,Fail\na/pass,native,Fail\n");
    let (code, rows, _) = s.run(&["--expectations", wrong.to_str().unwrap()], &[]);
    assert_eq!(code, 1);
    assert!(has(&rows, "a/crash,native,Crash") && has(&rows, "a/pass,native,UnexpectedPass"), "{rows:?}");
}

#[test]
fn skips_and_unavailable_executors() {
    let s = Scratch::new("skip", &["pass", "skip"]);
    // One executor that cannot be created while the other renders fails the run...
    let (code, rows, stderr) = s.run(&[], &[("FAKE_UNAVAILABLE", "wgpu-vulkan")]);
    assert!(has(&rows, "a/pass,wgpu-vulkan,Skip") && has(&rows, "a/pass,native,Pass"), "{rows:?}");
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("wgpu-vulkan skipped every test") && stderr.contains("--allow-skip wgpu-vulkan"), "{stderr}");
    // ...unless allowed.
    let (code, _, stderr) = s.run(&["--allow-skip", "wgpu-vulkan"], &[("FAKE_UNAVAILABLE", "wgpu-vulkan")]);
    assert_eq!(code, 0, "{stderr}");
    // An expectation row whose test skipped is reported, not silently kept.
    let listed = s.expectations("a/skip,native,Fail\n");
    let (code, _, stderr) = s.run(&["--expectations", listed.to_str().unwrap()], &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("expectation `a/skip,native,Fail` not exercised: the test skipped (needs something)"), "{stderr}");
    // An executor that renders some tests but cannot open its device for others (a child
    // that lost its device) fails the run, allowed skips or not.
    let lost = Scratch::new("lost-device", &["pass", "nodevice"]);
    let (code, rows, stderr) = lost.run(&["--allow-skip", "wgpu-vulkan"], &[]);
    assert!(has(&rows, "a/nodevice,wgpu-vulkan,Skip") && has(&rows, "a/pass,wgpu-vulkan,Pass"), "{rows:?}");
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("could not open its device for 1 test(s)"), "{stderr}");
    // Nothing renderable anywhere: 125 (git bisect's "cannot test").
    let only_skips = Scratch::new("skip-only", &["skip1", "skip2"]);
    let (code, _, _) = only_skips.run(&[], &[]);
    assert_eq!(code, 125);
}

#[test]
fn bad_expectations_file_is_a_usage_error() {
    let s = Scratch::new("badexp", &["pass"]);
    let bad = s.expectations("a/pass,native,Sometimes\n");
    let (code, _, stderr) = s.run(&["--expectations", bad.to_str().unwrap()], &[]);
    assert_eq!(code, 2);
    assert!(stderr.contains("expectations.csv:2") && stderr.contains("Sometimes"), "{stderr}");
}

#[test]
fn an_adapter_matching_nothing_is_a_usage_error_listing_the_devices() {
    let s = Scratch::new("adapter", &["pass"]);
    let (code, _, stderr) = s.run(&["--adapter", "lavapip"], &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("matches no device") && stderr.contains("Fake GPU"), "{stderr}");
    let (code, rows, stderr) = s.run(&["--adapter", "fake"], &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(has(&rows, "a/pass,native,Pass"), "{rows:?}");
}

#[test]
fn the_native_driver_picks_the_default_expectations() {
    let s = Scratch::new("driver", &["fail"]);
    std::fs::create_dir_all(s.dir.join("corpus/expectations")).unwrap();
    std::fs::write(s.dir.join("corpus/expectations/fakedrv.csv"), "a/fail,native,Fail\na/fail,wgpu-vulkan,Fail\n").unwrap();
    let (code, rows, stderr) = s.run(&[], &[]);
    assert_eq!(code, 0, "{rows:?}\n{stderr}");
    assert!(has(&rows, "a/fail,native,ExpectedFail"), "{rows:?}");
}

/// SIGTERM stops a run while other workers keep answering (the wait for the next result
/// never times out then): the run exits 130 at once with the rows decided so far, instead of
/// rendering on to the end.
#[cfg(unix)]
#[test]
fn sigterm_stops_a_run_whose_workers_keep_answering() {
    let names: Vec<String> = std::iter::once("hang".to_string()).chain((0..6000).map(|i| format!("pass{i:04}"))).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let s = Scratch::new("sigterm", &refs);
    let out = s.dir.join("out");
    // `hang` sorts first, so no row after it is decided while it hangs; the other workers
    // keeps sending results of the `pass` tests meanwhile (the two workers on the first batch,
    // one per executor, hang; the other two do not).
    let mut child = Command::new(env!("CARGO_BIN_EXE_tesserae-harness"))
        .args(["run", "--backend", "vulkan", "--clip", "native", "--timeout", "60", "--jobs", "4", "--batch", "8", "--corpus"])
        .arg(s.dir.join("corpus"))
        .arg("--out")
        .arg(&out)
        .arg("--child-exe")
        .arg(s.dir.join("child.sh"))
        .env("FAKE_DIR", &s.dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let asked = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if asked.elapsed() > std::time::Duration::from_secs(5) {
            let _ = child.kill();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let status = status.expect("the run did not stop within 5 s of SIGTERM (it answers within 250 ms)");
    assert_eq!(status.code(), Some(130));
    // The `hang` row never completed, so nothing after it was decided either.
    let csv = std::fs::read_to_string(out.join("results.csv")).unwrap_or_default();
    assert!(csv.lines().count() < 2 * names.len(), "stopped before the end: {} rows", csv.lines().count());
}
