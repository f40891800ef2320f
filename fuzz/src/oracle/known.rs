//! Known translator bugs: reported, reproduced by an `#[ignore]`d test in
//! `tests/regressions.rs` (with the input kept in `regressions/<target>/`), not fixed yet.
//!
//! The oracles tolerate a failure that matches one of these signatures *exactly*, so that a
//! fuzzing campaign keeps exploring past a bug it already found instead of stopping at it
//! again. `TESSERAE_FUZZ_STRICT=1` turns every allowance off (run the regressions that way to
//! check a fix). When a bug is fixed: delete its variant here, un-ignore its regression test
//! and move its input to `regressions/<target>/fixed/`.

use crate::gen::PipelineSpec;
use tesserae::TranslateError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownBug {
    /// (Rendering only; found by the differential fuzzer.) naga's SPIR-V front end reads
    /// `OpShiftRightLogical` with signed operands as WGSL `>>` on `i32`, an arithmetic shift,
    /// so the translated pipeline computes another value. The generator avoids it when
    /// `PipelineSpec::avoid_known_bugs` is set. Regression:
    /// `tests/regressions.rs::shift_right_logical_signed`
    /// (`regressions/differential/shift-right-logical-signed-*.shader_test`).
    ShiftRightLogicalSigned,
}

// Fixed (51d7d1f), their regressions now run un-ignored: IntegerOutputWithoutFlat (integer
// vertex outputs nobody reads had no Flat), EntryPointLost (an entry point naming no function
// translated to WGSL without one), NagaPanicOnOddWidth and NagaPanicOnMalformedSpirv (panics in
// naga's SPIR-V front end on malformed input).

/// Whether the allowances are off.
pub fn strict() -> bool {
    std::env::var_os("TESSERAE_FUZZ_STRICT").is_some_and(|v| v != "0")
}

/// The known bug a translation error is an instance of (none is open at the moment: the
/// only open bug shows in rendering, not as an error).
pub fn classify_error(_err: &TranslateError) -> Option<KnownBug> {
    None
}

/// The known bug `err` is an instance of, for this spec.
pub fn classify(_spec: &PipelineSpec, err: &TranslateError) -> Option<KnownBug> {
    if strict() {
        return None;
    }
    classify_error(err)
}
