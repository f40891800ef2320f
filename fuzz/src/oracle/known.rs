//! Known translator bugs: reported, reproduced by an `#[ignore]`d test in
//! `tests/regressions.rs` (with the input kept in `regressions/<target>/`), not fixed yet.
//!
//! The oracles tolerate a failure that matches one of these signatures *exactly*, so that a
//! fuzzing campaign keeps exploring past a bug it already found instead of stopping at it
//! again. `TESSERAE_FUZZ_STRICT=1` turns every allowance off (run the regressions that way to
//! check a fix). When a bug is fixed: delete its variant here, un-ignore its regression test
//! and move its input to `regressions/<target>/fixed/`.

use crate::gen::{Kind, PipelineSpec};
use tesserae::{Stage, TranslateError};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownBug {
    /// An integer vertex output without `Flat` that no fragment input consumes (or in a
    /// pipeline without a fragment stage): valid Vulkan (only fragment inputs need `Flat`), but
    /// the translator leaves it undecorated and naga's validation refuses the WGSL
    /// ("`@interpolate(flat)` must be explicitly specified for integer I/O"; with cull
    /// distances, the generated pass-through stage fails the same way). Regression:
    /// `tests/regressions.rs::integer_output_without_flat`.
    IntegerOutputWithoutFlat,
    /// A module whose `OpEntryPoint` names a function that is not defined (a truncated module)
    /// is translated "successfully" into WGSL without any entry point, and a plan whose entry
    /// point name is empty; it should be refused. Regression:
    /// `tests/regressions.rs::entry_point_lost` (`regressions/spirv_words/entry-point-lost.bin`).
    EntryPointLost,
    /// (Rendering only; found by the differential fuzzer.) naga's SPIR-V front end reads
    /// `OpShiftRightLogical` with signed operands as WGSL `>>` on `i32`, an arithmetic shift,
    /// so the translated pipeline computes another value. The generator avoids it when
    /// `PipelineSpec::avoid_known_bugs` is set. Reproducers:
    /// `regressions/differential/shift-right-logical-signed-*.shader_test`.
    ShiftRightLogicalSigned,
    /// naga's SPIR-V front end panics (`unwrap` on a `LayoutError`, `front/spv/mod.rs`
    /// `parse_type_array`) on an array of a float or integer type whose width is not a power of
    /// two (`OpTypeFloat 28`): the translator hands naga unchecked types and panics on
    /// untrusted input. The `spirv_words` target skips such modules. Regression:
    /// `tests/regressions.rs::naga_panics_on_odd_width` (`regressions/spirv_words/odd-width-array.bin`).
    NagaPanicOnOddWidth,
    /// More generally, naga's SPIR-V front end panics on malformed modules in many places
    /// (`unwrap`s, `HashMap` indexing: `front/spv/mod.rs:960` "no entry found for key", ...),
    /// and the translator hands it modules it has not validated, so the translator panics on
    /// untrusted input. The `spirv_words` oracle tolerates a panic *located in naga's source*
    /// ([`tolerate_naga_panics`]), prints each distinct site once, and keeps fuzzing for
    /// panics in Tesserae's own code and invalid WGSL. Regressions:
    /// `tests/regressions.rs::naga_panics_on_malformed_spirv` (`regressions/spirv_words/naga-panic-*.bin`).
    NagaPanicOnMalformedSpirv,
}

thread_local! {
    static TOLERATING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static NAGA_PANICKED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

static NAGA_PANIC_SITES: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Distinct naga panic sites tolerated so far (`file:line: message`).
pub fn naga_panic_sites() -> Vec<String> {
    NAGA_PANIC_SITES.lock().map(|v| v.clone()).unwrap_or_default()
}

fn install_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // libFuzzer's hook aborts on any panic; this one lets panics located in naga unwind
        // (to `tolerate_naga_panics`) while tolerating, and hands everything else on.
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let in_naga = info.location().is_some_and(|l| l.file().contains("/naga-") || l.file().contains("\\naga-"));
            if in_naga && TOLERATING.with(|t| t.get()) {
                let loc = info.location().map(|l| format!("{}:{}", l.file().rsplit("/src/").next().unwrap_or(l.file()), l.line())).unwrap_or_default();
                let msg = info.payload().downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| info.payload().downcast_ref::<String>().cloned()).unwrap_or_default();
                NAGA_PANICKED.with(|p| p.set(true));
                let site = format!("naga {loc}: {msg}");
                if let Ok(mut v) = NAGA_PANIC_SITES.lock() {
                    if !v.iter().any(|s| s.starts_with(&format!("naga {loc}:"))) {
                        eprintln!("tolerated known bug NagaPanicOnMalformedSpirv: {site}");
                        v.push(site);
                    }
                }
                return;
            }
            prev(info)
        }));
    });
}

/// Runs `f`; a panic located in naga's source is tolerated ([`KnownBug::NagaPanicOnMalformedSpirv`])
/// and gives `None`. Any other panic goes on as usual (libFuzzer reports it).
pub fn tolerate_naga_panics<R>(f: impl FnOnce() -> R) -> Option<R> {
    if strict() {
        return Some(f());
    }
    install_hook();
    TOLERATING.with(|t| t.set(true));
    NAGA_PANICKED.with(|f| f.set(false));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    TOLERATING.with(|t| t.set(false));
    match r {
        Ok(v) => Some(v),
        Err(p) => {
            // Only naga panics get here under libFuzzer (its hook aborts on the others);
            // without libFuzzer (tests), re-raise anything not from naga.
            if NAGA_PANICKED.with(|f| f.replace(false)) {
                None
            } else {
                std::panic::resume_unwind(p)
            }
        }
    }
}

/// [`KnownBug::NagaPanicOnOddWidth`]: the module declares an `OpTypeInt` or `OpTypeFloat` whose
/// width is not 8, 16, 32 or 64.
pub fn odd_width(words: &[u32]) -> bool {
    if strict() || words.len() < 5 {
        return false;
    }
    let mut i = 5;
    while i < words.len() {
        let (count, op) = ((words[i] >> 16) as usize, words[i] & 0xffff);
        if count == 0 {
            return false;
        }
        // OpTypeInt = 21, OpTypeFloat = 22: result id, then the width.
        if (op == 21 || op == 22) && count >= 3 {
            if let Some(&w) = words.get(i + 2) {
                if ![8, 16, 32, 64].contains(&w) {
                    return true;
                }
            }
        }
        i += count;
    }
    false
}

/// [`KnownBug::EntryPointLost`]: the plan names no entry point and the WGSL has none.
pub fn entry_point_lost(plan: &tesserae::ShaderPlan, module: &naga::Module) -> bool {
    !strict() && plan.entry_point.is_empty() && module.entry_points.is_empty()
}

/// Whether the allowances are off.
pub fn strict() -> bool {
    std::env::var_os("TESSERAE_FUZZ_STRICT").is_some_and(|v| v != "0")
}

const INTEGER_FLAT: &str = "must be explicitly specified for integer I/O";

fn message(err: &TranslateError) -> Option<&str> {
    match err {
        TranslateError::NagaValidation { message, .. } | TranslateError::WgslRoundTrip { message, .. } => Some(message),
        _ => None,
    }
}

/// The known bug `err` is an instance of, from the error alone (for raw SPIR-V input).
pub fn classify_error(err: &TranslateError) -> Option<KnownBug> {
    if strict() {
        return None;
    }
    message(err).filter(|m| m.contains(INTEGER_FLAT)).map(|_| KnownBug::IntegerOutputWithoutFlat)
}

/// The known bug `err` is an instance of, for this spec (the spec must show the cause too).
pub fn classify(spec: &PipelineSpec, err: &TranslateError) -> Option<KnownBug> {
    match classify_error(err)? {
        KnownBug::IntegerOutputWithoutFlat => {
            let stage_ok = matches!(err, TranslateError::NagaValidation { stage: Stage::Vertex, .. } | TranslateError::WgslRoundTrip { stage: Stage::Vertex, .. });
            let unconsumed_int = spec.varyings.iter().any(|v| {
                v.ty.kind != Kind::Float && !v.vertex_decorated && (v.read == 0 || spec.fragment.is_none())
            });
            (stage_ok && unconsumed_int).then_some(KnownBug::IntegerOutputWithoutFlat)
        }
        other => Some(other),
    }
}
