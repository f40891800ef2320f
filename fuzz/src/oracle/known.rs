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

/// No bug is open at the moment (the enum has no variant: nothing is tolerated).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownBug {}

// Fixed (51d7d1f), their regressions now run un-ignored: IntegerOutputWithoutFlat (integer
// vertex outputs nobody reads had no Flat), EntryPointLost (an entry point naming no function
// translated to WGSL without one), NagaPanicOnOddWidth and NagaPanicOnMalformedSpirv (panics in
// naga's SPIR-V front end on malformed input); and in aa80bcc ClipCullCountOverflow and
// VertexInputLocationOverflow (u32 overflows on clip + cull array lengths and on a vertex input
// Location near 2^32); in 3edbebe SpecConstantClipArray (spec-constant array lengths); in
// c7466ce DuplicateEntryPointName (two entry points named main: the wrong one translated); in
// 6c9be66 FreshIdBoundOverflow (an id bound of 0xffffffff overflowed when lowering allocated ids);
// in 5ec3528 VariableStorageClassMismatch (an OpVariable whose storage class differs from its
// pointer type's, which the spirv_words target used to skip); by lower::shift_signedness
// ShiftRightLogicalSigned (naga read OpShiftRightLogical on signed operands as an arithmetic
// shift; the differential generator used to emit it on bitcast unsigned operands only).

/// Whether the allowances are off.
pub fn strict() -> bool {
    std::env::var_os("TESSERAE_FUZZ_STRICT").is_some_and(|v| v != "0")
}

/// The known bug a translation error is an instance of (none is open at the moment).
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

static NAGA_PANIC_SITES: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Distinct naga panic sites seen so far (`file:line: message`).
pub fn naga_panic_sites() -> Vec<String> {
    NAGA_PANIC_SITES.lock().map(|v| v.clone()).unwrap_or_default()
}

/// The translator runs naga's SPIR-V reader under `catch_unwind` and turns its panics into
/// `TranslateError::NagaFrontend` (translator/src/wgsl.rs). libFuzzer's panic hook aborts on
/// every panic, caught or not, so the fuzz targets install this hook: a panic located in naga's
/// source unwinds quietly (each site is printed once), so the translator can catch it; any
/// other panic goes to the previous hook (libFuzzer's: a crash). A naga panic the translator
/// does not catch still reaches libFuzzer's `catch_unwind` and is reported.
pub fn let_naga_panics_unwind() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let in_naga = info.location().is_some_and(|l| l.file().contains("/naga-") || l.file().contains("\\naga-"));
            if in_naga && !strict() {
                let loc = info
                    .location()
                    .map(|l| format!("{}:{}", l.file().rsplit("/src/").next().unwrap_or(l.file()), l.line()))
                    .unwrap_or_default();
                let msg = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                if let Ok(mut v) = NAGA_PANIC_SITES.lock() {
                    if !v.iter().any(|s| s.starts_with(&format!("naga {loc}:"))) {
                        eprintln!("naga panicked at {loc}: {msg} (the translator turns it into an error; reported once per site)");
                        v.push(format!("naga {loc}: {msg}"));
                    }
                }
                return;
            }
            prev(info)
        }));
    });
}
