//! `failures.csv` of one run is a valid expectations file for the next (`--expectations`):
//! every failing row comes back, ExpectedFail as Fail, and passing rows stay out.

use tesserae_harness::runner::{load_expectations, report, Status, TestResult};

fn row(test: &str, executor: &str, status: Status) -> TestResult {
    TestResult { test: test.into(), executor: executor.into(), status, duration_ms: 1, message: String::new(), page: None }
}

#[test]
fn failures_csv_loads_as_expectations() {
    let out = std::env::temp_dir().join(format!("tesserae-failures-baseline-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let results = [
        row("a/pass", "native", Status::Pass),
        row("a/fail", "wgpu-gl", Status::Fail),
        row("a/crash", "wgpu-vulkan", Status::Crash),
        row("a/timeout", "native", Status::Timeout),
        row("a/known", "wgpu-vulkan-clip-emulated", Status::ExpectedFail),
        row("a/flake", "native", Status::Flake),
        row("a/skip", "native", Status::Skip),
        row("a/fixed", "native", Status::UnexpectedPass),
    ];
    report::write_summaries(&out, &results).unwrap();
    let loaded = load_expectations(&out.join("failures.csv"));
    let want = [
        ("a/fail", "wgpu-gl", Status::Fail),
        ("a/crash", "wgpu-vulkan", Status::Crash),
        ("a/timeout", "native", Status::Timeout),
        ("a/known", "wgpu-vulkan-clip-emulated", Status::Fail),
    ];
    let want: Vec<_> = want.iter().map(|(t, e, s)| (t.to_string(), e.to_string(), *s)).collect();
    assert_eq!(loaded, want);
    let _ = std::fs::remove_dir_all(out);
}
