//! `tesserae-harness freeze`: the corpus again with every shader section replaced by the SPIR-V
//! it compiles to (`[STAGE shader spirv]`, hexadecimal words), so that tools working on SPIR-V
//! (the metamorphic fuzzer, a driver developer's own) take any test. Everything else of a test
//! (its data, probes, tolerances, comments) is kept as written, so each frozen test renders as
//! the original and keeps its probes and reference image.

use crate::compile::compile_section;
use crate::shader_test;
use std::fmt::Write as _;
use std::path::Path;
use tesserae::Stage;

/// Writes every `.shader_test` under `corpus` whose stages compile to the same place under
/// `out`; returns (written, left out with why).
pub fn write_corpus(corpus: &Path, out: &Path) -> Result<(usize, Vec<(String, String)>), String> {
    crate::through_geometry::rewrite_corpus(corpus, out, freeze)
}

/// The section header of `stage` for SPIR-V words.
pub fn spirv_header(stage: Stage, entry_point: &str) -> String {
    let stage = match stage {
        Stage::Vertex => "vertex",
        Stage::TessControl => "tessellation control",
        Stage::TessEval => "tessellation evaluation",
        Stage::Geometry => "geometry",
        Stage::Fragment => "fragment",
        Stage::Compute => "compute",
    };
    let entry = if entry_point == "main" { String::new() } else { format!(" entry {entry_point}") };
    format!("[{stage} shader spirv{entry}]")
}

/// The test's text with each shader section's body replaced by its SPIR-V.
pub fn freeze(path: &Path, name: &str, text: &str) -> Result<String, String> {
    let test = shader_test::parse(path, name, text).map_err(|e| format!("does not parse: {e}"))?;
    if test.shaders.is_empty() {
        return Err("has no shader sections".into());
    }
    let mut replaced = std::collections::BTreeMap::new();
    for s in &test.shaders {
        let words = compile_section(&test, s).map_err(|e| format!("does not compile: {e}"))?;
        replaced.insert(s.line, (spirv_header(s.stage, &s.entry_point), tesserae_shader_test::spirv_hex(&words)));
    }
    let mut out = String::new();
    let mut skipping = false;
    for (k, line) in text.lines().enumerate() {
        if tesserae_shader_test::opens_section(line) {
            skipping = false;
            if let Some((header, body)) = replaced.get(&(k + 1)) {
                let _ = writeln!(out, "{header}");
                out += body;
                out.push('\n');
                skipping = true;
                continue;
            }
        }
        if !skipping {
            let _ = writeln!(out, "{line}");
        }
    }
    Ok(out)
}
