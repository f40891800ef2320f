//! The body of every cargo-fuzz target, `fn(&[u8])`. `fuzz_targets/*.rs` call these; the smoke
//! tests call them on a deterministic byte stream.

use crate::gen::{Features, PipelineSpec};
use crate::oracle;
use arbitrary::Unstructured;

/// Raw bytes as SPIR-V words into the translator (see [`oracle::spirv_words`]).
pub fn spirv_words(data: &[u8]) {
    remember_input(data);
    oracle::known::let_naga_panics_unwind();
    oracle::spirv_words(data);
}

/// With `TESSERAE_FUZZ_LAST_INPUT=FILE`, writes each input to `FILE.PID` (the process's id:
/// `-fork` and `-jobs` workers each keep their own) before running it. A stack overflow kills
/// a libFuzzer process without an artifact (libFuzzer's signal handler runs on the overflowed
/// stack), so the dead worker's file is then the input that killed it. Costs a file write per
/// execution; off unless asked for.
pub fn remember_input(data: &[u8]) {
    static PATH: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    let path = PATH.get_or_init(|| {
        std::env::var_os("TESSERAE_FUZZ_LAST_INPUT").map(|p| {
            let mut p = p;
            p.push(format!(".{}", std::process::id()));
            p.into()
        })
    });
    if let Some(path) = path {
        let _ = std::fs::write(path, data);
    }
}

/// Features of the `pipeline` target: the first byte picks them, so one corpus explores both
/// what must translate and what must be refused cleanly.
/// Tessellation is left to `pipeline_tess` (its eight passes per translation would slow this
/// target several times over).
pub fn pipeline_features(first: u8) -> Features {
    let f = if first & 1 == 0 { Features::SUPPORTED } else { Features::ALL };
    Features { tessellation: false, ..f }
}

/// What the first byte asks of the `pipeline` and `pipeline_tess` oracles: bits 1-2, the
/// determinism check (a second translation) on a quarter of inputs; bit 3, emulated clip
/// distances instead of native ones (for a pipeline with clip distances). One clip mode per
/// input: checking both doubled the translations of the three in four generated pipelines
/// that have clip distances, and libFuzzer reaches both modes through the bit.
pub fn checks(first: u8) -> oracle::translate::Checks {
    use oracle::translate::{Checks, ClipModes};
    Checks { determinism: first & 0b110 == 0, clip: if first & 0b1000 == 0 { ClipModes::Native } else { ClipModes::Emulated } }
}

/// A generated pipeline must translate and validate (see [`oracle::pipeline`]), with the
/// checks the first byte asks for ([`checks`]).
pub fn pipeline(data: &[u8]) {
    oracle::known::let_naga_panics_unwind();
    let Some((&first, rest)) = data.split_first() else { return };
    let mut u = Unstructured::new(rest);
    let Ok(spec) = PipelineSpec::generate(&mut u, &pipeline_features(first)) else { return };
    oracle::translate::pipeline_with(&spec, checks(first));
}

/// Features of the `pipeline_tess` target: every spec has tessellation stages; the first byte
/// picks fully defined pipelines or everything, as for `pipeline`.
pub fn pipeline_tess_features(first: u8) -> Features {
    let f = if first & 1 == 0 { Features::SUPPORTED } else { Features::ALL };
    Features { only_tessellation: true, tessellation: true, ..f }
}

/// As [`pipeline`], every pipeline with tessellation control and evaluation stages.
pub fn pipeline_tess(data: &[u8]) {
    oracle::known::let_naga_panics_unwind();
    let Some((&first, rest)) = data.split_first() else { return };
    let mut u = Unstructured::new(rest);
    let Ok(spec) = PipelineSpec::generate(&mut u, &pipeline_tess_features(first)) else { return };
    oracle::translate::pipeline_with(&spec, checks(first));
}

/// The reference tessellator (see [`oracle::tessellator`]).
pub fn tessellator(data: &[u8]) {
    oracle::tessellator::run(data);
}

/// The `.shader_test` parser on any text.
pub fn shader_test(data: &[u8]) {
    oracle::shader_test::run(data);
}
