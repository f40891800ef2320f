//! What the harness's tests share: how a test that needs a device behaves without one.

/// Whether tests that need a device must have one: `TESSERAE_REQUIRE_DEVICE=1` (CI sets it,
/// having installed Mesa, so a missing device is a broken machine, not a skip).
pub fn device_required() -> bool {
    std::env::var("TESSERAE_REQUIRE_DEVICE").is_ok_and(|v| v == "1")
}

/// A test that cannot run for lack of a device (`why`): fails under
/// `TESSERAE_REQUIRE_DEVICE=1`, else prints that it skipped; the caller then returns.
pub fn no_device(why: &str) {
    assert!(!device_required(), "TESSERAE_REQUIRE_DEVICE=1 but no device: {why}");
    eprintln!("skipped: no device ({why})");
}
