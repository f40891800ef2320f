//! `tesserae-harness through-geometry`: the corpus again, each test with a pass-through geometry
//! stage inserted between its vertex and fragment stages.
//!
//! A geometry stage that re-emits every input primitive unchanged (its vertices in the order
//! it receives them, every varying and built-in copied, `PrimitiveId` passed on) draws what the
//! pipeline without it draws: Vulkan hands it a strip's triangles in the order the rasterizer
//! would take them, with the same provoking vertex and winding. So every test keeps its probes
//! and its reference image, and the geometry path is checked against tests written for other
//! features. The stage is GLSL written from the vertex stage's reflected outputs; tests it
//! cannot wrap (tessellation, an existing geometry stage, varyings of several locations,
//! primitives with adjacency, specialization constants, which may size the outputs) are left
//! out, and the count says so.

use crate::compile::compile_section;
use crate::shader_test::{self, ShaderTest};
use std::fmt::Write as _;
use std::path::Path;
use tesserae::reflect::{InterfaceVar, ScalarKind};
use tesserae::{Stage, Topology};

/// Writes every wrappable `.shader_test` under `corpus` to the same place under `out`; returns
/// (written, left out with why).
pub fn write_corpus(corpus: &Path, out: &Path) -> Result<(usize, Vec<(String, String)>), String> {
    rewrite_corpus(corpus, out, |path, name, text| {
        let test = shader_test::parse(path, name, text).map_err(|e| format!("does not parse: {e}"))?;
        wrap(&test, text)
    })
}

/// Writes `rewrite(path, name, text)` of every `.shader_test` under `corpus` to the same place
/// under `out` (a test it refuses is left out, with why); returns (written, left out).
pub fn rewrite_corpus(
    corpus: &Path,
    out: &Path,
    rewrite: impl Fn(&Path, &str, &str) -> Result<String, String>,
) -> Result<(usize, Vec<(String, String)>), String> {
    let mut written = 0;
    let mut left_out = Vec::new();
    for (name, path) in tesserae_results::corpus::discover(corpus) {
        if path.extension().and_then(|e| e.to_str()) != Some("shader_test") {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        match rewrite(&path, &name, &text) {
            Ok(rewritten) => {
                let dest = out.join(path.strip_prefix(corpus).map_err(|e| e.to_string())?);
                if let Some(dir) = dest.parent() {
                    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                }
                std::fs::write(&dest, rewritten).map_err(|e| format!("{}: {e}", dest.display()))?;
                written += 1;
            }
            Err(why) => left_out.push((name, why)),
        }
    }
    Ok((written, left_out))
}

/// The test's text with a pass-through geometry section before its fragment section.
fn wrap(test: &ShaderTest, text: &str) -> Result<String, String> {
    if test.shaders.iter().any(|s| matches!(s.stage, Stage::TessControl | Stage::TessEval | Stage::Geometry | Stage::Compute)) {
        return Err("has tessellation, geometry or compute stages".into());
    }
    if !test.captures.is_empty() {
        // Transform feedback captures the last pre-rasterization stage: the inserted one.
        return Err("captures transform feedback (a geometry stage would be the stage captured)".into());
    }
    if !test.specialization.is_empty() {
        // The outputs are reflected unspecialized, and a constant may size them.
        return Err("has specialization constants".into());
    }
    let (input, output, n) = match test.topology() {
        Topology::PointList => ("points", "points", 1),
        Topology::LineList | Topology::LineStrip => ("lines", "line_strip", 2),
        Topology::TriangleList | Topology::TriangleStrip => ("triangles", "triangle_strip", 3),
        other => return Err(format!("draws {}", other.name())),
    };
    let vertex = test.shader(Stage::Vertex).ok_or("no vertex stage")?;
    let words = compile_section(test, vertex).map_err(|e| e.to_string())?;
    let r = tesserae::reflect::load(&words, Some(&vertex.entry_point)).map_err(|e| e.to_string())?.reflection;
    let fragment_reads_id = match test.shader(Stage::Fragment) {
        Some(f) => {
            let words = compile_section(test, f).map_err(|e| e.to_string())?;
            tesserae::reflect::load(&words, Some(&f.entry_point)).is_ok_and(|m| m.reflection.reads(spirv::BuiltIn::PrimitiveId))
        }
        None => false,
    };
    let mut decls = String::new();
    let mut copies = String::new();
    for (k, v) in r.outputs.iter().enumerate() {
        let ty = glsl_type(v)?;
        let quals = qualifiers(v);
        let at = format!("location = {}, component = {}", v.location, v.component);
        let _ = writeln!(decls, "layout({at}) {quals}in {ty} tesserae_in{k}[];\nlayout({at}) {quals}out {ty} tesserae_out{k};");
        let _ = writeln!(copies, "        tesserae_out{k} = tesserae_in{k}[i];");
    }
    let mut members = String::from("    vec4 gl_Position;\n");
    let writes = |b| r.writes(b);
    if writes(spirv::BuiltIn::PointSize) {
        members.push_str("    float gl_PointSize;\n");
        copies.push_str("        gl_PointSize = gl_in[i].gl_PointSize;\n");
    }
    for (count, name) in [(r.clip_distance_outputs, "gl_ClipDistance"), (r.cull_distance_outputs, "gl_CullDistance")] {
        if count > 0 {
            let _ = writeln!(members, "    float {name}[{count}];");
            let _ = writeln!(copies, "        for (int k = 0; k < {count}; k++) {{ {name}[k] = gl_in[i].{name}[k]; }}");
        }
    }
    if fragment_reads_id {
        copies.push_str("        gl_PrimitiveID = gl_PrimitiveIDIn;\n");
    }
    let geometry = format!(
        "[geometry shader]
#version 450
// A pass-through geometry stage (tesserae-harness through-geometry).
layout({input}) in;
layout({output}, max_vertices = {n}) out;
in gl_PerVertex {{
{members}}} gl_in[];
out gl_PerVertex {{
{members}}};
{decls}void main() {{
    for (int i = 0; i < {n}; i++) {{
        gl_Position = gl_in[i].gl_Position;
{copies}        EmitVertex();
    }}
}}

"
    );
    Ok(insert(text, &geometry))
}

/// `text` with `geometry` before its fragment (or pixel) section, else before `[test]`, and
/// `geometry` required.
fn insert(text: &str, geometry: &str) -> String {
    let mut out = String::new();
    let mut inserted = false;
    let mut required = false;
    for line in text.lines() {
        let header = line.trim_start();
        if !inserted && (header.starts_with("[fragment shader") || header.starts_with("[pixel shader") || header.starts_with("[test]")) {
            out.push_str(geometry);
            inserted = true;
        }
        out.push_str(line);
        out.push('\n');
        if header.starts_with("[require]") {
            out.push_str("geometry\n");
            required = true;
        }
    }
    if !required {
        out = format!("[require]\ngeometry\n\n{out}");
    }
    out
}

fn glsl_type(v: &InterfaceVar) -> Result<String, String> {
    if v.ty.locations != 1 {
        return Err(format!("a varying of {} locations", v.ty.locations));
    }
    let (scalar, vector) = match v.ty.kind {
        ScalarKind::Float => ("float", "vec"),
        ScalarKind::Sint => ("int", "ivec"),
        ScalarKind::Uint => ("uint", "uvec"),
        other => return Err(format!("a varying of kind {other:?}")),
    };
    Ok(match v.ty.components {
        1 => scalar.to_string(),
        n @ 2..=4 => format!("{vector}{n}"),
        n => return Err(format!("a varying of {n} components")),
    })
}

fn qualifiers(v: &InterfaceVar) -> String {
    let i = &v.interpolation;
    let mut q = String::new();
    for (on, word) in [(i.flat, "flat "), (i.no_perspective, "noperspective "), (i.centroid, "centroid "), (i.sample, "sample ")] {
        if on {
            q.push_str(word);
        }
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A triangle test gains a pass-through geometry stage copying its varying (flat kept),
    /// its clip distance and `PrimitiveId` (the fragment stage reads it), and still parses;
    /// a tessellated test is left out.
    #[test]
    fn wraps_a_test_with_a_pass_through_geometry_stage() {
        let text = "[vertex shader]\n#version 450\nlayout(location = 0) in vec2 pos;\nlayout(location = 1) flat out int v_k;\nout float gl_ClipDistance[1];\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); v_k = 3; gl_ClipDistance[0] = pos.x; }\n\n[fragment shader]\n#version 450\nlayout(location = 1) flat in int v_k;\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(float(v_k + gl_PrimitiveID)); }\n\n[vertex buffer 0]\n0/float32x2\n0 0\n1 0\n0 1\n\n[test]\ndraw triangle-list vertices 3\n";
        let test = shader_test::parse(Path::new("t.shader_test"), "x/t", text).expect("parses");
        let wrapped = wrap(&test, text).expect("wraps");
        let again = shader_test::parse(Path::new("t.shader_test"), "x/t", &wrapped).expect("the wrapped test parses");
        assert!(again.requires.geometry, "geometry is required");
        let gs = &again.shader(Stage::Geometry).expect("a geometry stage").source;
        for needed in [
            "layout(triangles) in;",
            "flat in int tesserae_in0[]",
            "gl_ClipDistance[k] = gl_in[i].gl_ClipDistance[k]",
            "gl_PrimitiveID = gl_PrimitiveIDIn",
        ] {
            assert!(gs.contains(needed), "`{needed}` in\n{gs}");
        }
        compile_section(&again, again.shader(Stage::Geometry).expect("a geometry stage")).expect("the geometry stage compiles");
        let tess = "[vertex shader]\n#version 450\nvoid main() {}\n\n[tessellation control shader]\n#version 450\nlayout(vertices = 3) out;\nvoid main() {}\n\n[tessellation evaluation shader]\n#version 450\nlayout(triangles) in;\nvoid main() {}\n\n[test]\ndraw patch-list-3 vertices 3\n";
        let test = shader_test::parse(Path::new("t.shader_test"), "x/t", tess).expect("parses");
        assert!(wrap(&test, tess).is_err());
    }
}
