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
    let mut written = 0;
    let mut left_out = Vec::new();
    for (name, path) in tesserae_results::corpus::discover(corpus) {
        if path.extension().and_then(|e| e.to_str()) != Some("shader_test") {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        match freeze(&path, &name, &text) {
            Ok(frozen) => {
                let dest = out.join(path.strip_prefix(corpus).map_err(|e| e.to_string())?);
                if let Some(dir) = dest.parent() {
                    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                }
                std::fs::write(&dest, frozen).map_err(|e| format!("{}: {e}", dest.display()))?;
                written += 1;
            }
            Err(why) => left_out.push((name, why)),
        }
    }
    Ok((written, left_out))
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

/// Words as a section body: eight hexadecimal words a line.
pub fn hex_words(words: &[u32]) -> String {
    let mut out = String::new();
    for line in words.chunks(8) {
        let line: Vec<String> = line.iter().map(|w| format!("{w:08x}")).collect();
        let _ = writeln!(out, "{}", line.join(" "));
    }
    out
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
        replaced.insert(s.line, (spirv_header(s.stage, &s.entry_point), hex_words(&words)));
    }
    let mut out = String::new();
    let mut skipping = false;
    for (k, line) in text.lines().enumerate() {
        if line.starts_with('[') {
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
