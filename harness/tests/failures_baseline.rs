//! `failures.csv` of one run is a valid expectations file for the next (`--expectations`):
//! every failing row comes back with what actually happened (an expected failure as the
//! failure it was, a flake as a flake), and passing rows stay out.

use tesserae_harness::runner::{report, Status, TestResult};
use tesserae_results::expectations::Expectations;

fn row(test: &str, executor: &str, status: Status, outcome: Status) -> TestResult {
    TestResult { test: test.into(), executor: executor.into(), status, outcome, duration_ms: 1, message: String::new(), page: None }
}

#[test]
fn failures_csv_loads_as_expectations() {
    let out = std::env::temp_dir().join(format!("tesserae-failures-baseline-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let results = [
        row("a/pass", "native", Status::Pass, Status::Pass),
        row("a/fail", "wgpu-gl", Status::Fail, Status::Fail),
        row("a/crash", "wgpu-vulkan", Status::Crash, Status::Crash),
        row("a/timeout", "native", Status::Timeout, Status::Timeout),
        row("a/known", "wgpu-vulkan-clip-emulated", Status::ExpectedFail, Status::Fail),
        row("a/known-crash", "native", Status::ExpectedFail, Status::Crash),
        row("a/flake", "native", Status::Flake, Status::Flake),
        row("a/skip", "native", Status::Skip, Status::Skip),
        row("a/fixed", "native", Status::UnexpectedPass, Status::Pass),
    ];
    report::write_summaries(&out, &results, &Default::default()).unwrap();
    let loaded = Expectations::load(&out.join("failures.csv")).unwrap();
    for (t, e, s) in [
        ("a/fail", "wgpu-gl", Status::Fail),
        ("a/crash", "wgpu-vulkan", Status::Crash),
        ("a/timeout", "native", Status::Timeout),
        ("a/known", "wgpu-vulkan-clip-emulated", Status::Fail),
        ("a/known-crash", "native", Status::Crash),
        ("a/flake", "native", Status::Flake),
    ] {
        assert_eq!(loaded.expected(t, e), Some(s), "{t} {e}");
    }
    for (t, e) in [("a/pass", "native"), ("a/skip", "native"), ("a/fixed", "native")] {
        assert_eq!(loaded.expected(t, e), None, "{t} {e}");
    }
    // Judged against it, the same outcomes are expected and the run would pass.
    assert_eq!(loaded.apply("a/crash", "wgpu-vulkan", Status::Crash), Status::ExpectedFail);
    assert_eq!(loaded.apply("a/flake", "native", Status::Flake), Status::ExpectedFlake);
    let _ = std::fs::remove_dir_all(out);
}
