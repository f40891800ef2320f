//! The `tesserae` command line: WGSL and plans out, exit status 2 with one message on bad input.

mod common;
use std::process::Command;

fn tesserae(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tesserae")).args(args).output().expect("runs")
}

fn spv(dir: &Path, name: &str, words: &[u32]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, words.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
    p.to_string_lossy().into_owned()
}

use std::path::Path;

fn tmp() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("tesserae-cli-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn translate_prints_wgsl_and_plan() {
    let d = tmp();
    let v = spv(&d, "a.vert.spv", &common::vs(common::VS));
    let f = spv(&d, "a.frag.spv", &common::fs(common::FS));
    let out = tesserae(&["translate", &v, &f]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("@vertex") && text.contains("@fragment"));
    let out = tesserae(&["translate", "--plan", &v, &f]);
    assert!(out.status.success());
    let plan: serde_json::Value = serde_json::from_slice(&out.stdout).expect("plan is JSON");
    assert_eq!(plan["passes"][0]["kind"], "render");
}

#[test]
fn bad_input_exits_2_with_one_message() {
    let d = tmp();
    let bad = d.join("bad.spv");
    std::fs::write(&bad, [1u8, 2, 3, 4, 5, 6, 7, 8]).unwrap();
    let out = tesserae(&["translate", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("magic") && err.lines().count() == 1, "{err}");
    let odd = d.join("odd.spv");
    std::fs::write(&odd, [3u8, 2, 0x23, 7, 0]).unwrap();
    let out = tesserae(&["translate", odd.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let tcs = spv(
        &d,
        "t.tesc.spv",
        &common::glsl(
            glslang::ShaderStage::TesselationControl,
            "#version 450\nlayout(vertices = 3) out;\nvoid main(){ gl_TessLevelOuter[0] = 1.0; }",
        ),
    );
    // A control stage on its own translates with a default context (as SPIRV-Cross takes one stage).
    let out = tesserae(&["translate", &tcs]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("@compute"));
    // A feature the translator lacks is refused by name, exit 2.
    let shading_rate = spv(
        &d,
        "rate.vert.spv",
        &common::glsl(
            glslang::ShaderStage::Vertex,
            "#version 450\n#extension GL_EXT_fragment_shading_rate : require\nvoid main(){ gl_Position = vec4(0.0); gl_PrimitiveShadingRateEXT = 0; }",
        ),
    );
    let vert = spv(&d, "t.vert.spv", &common::glsl(glslang::ShaderStage::Vertex, "#version 450\nvoid main(){ gl_Position = vec4(0.0); }"));
    // A whole tessellation pipeline: the output says the mode the kernels read at run time.
    let tes_ok = spv(
        &d,
        "ok.tese.spv",
        &common::glsl(
            glslang::ShaderStage::TesselationEvaluation,
            "#version 450\nlayout(triangles, cw) in;\nvoid main(){ gl_Position = gl_in[0].gl_Position; }",
        ),
    );
    let out = tesserae(&["translate", &vert, &tcs, &tes_ok]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("// tessellation: Equal spacing, Cw winding, point mode off (draw uniform tess_mode = 4)"), "{text}");
    assert!(text.contains("entry point `tess_emit`\n"), "{text}");
    let out = tesserae(&["translate", &shading_rate]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unsupported feature") && err.contains("PrimitiveShadingRate output"), "{err}");
}

/// A `.geom.spv` goes into the pipeline's geometry slot and `translate` translates it (with or
/// without `--plan`, and on its own), instead of translating vertex → fragment without it; the
/// draw's topology follows its input primitive (adjacency here); an output it does not take yet
/// is refused by name.
#[test]
fn geometry_stage_is_translated_in_its_slot() {
    let d = tmp();
    let v = spv(&d, "g.vert.spv", &common::vs(common::VS));
    let f = spv(&d, "g.frag.spv", &common::fs(common::FS));
    let g = spv(
        &d,
        "g.geom.spv",
        &common::glsl(
            glslang::ShaderStage::Geometry,
            "#version 450\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\nlayout(location = 0) in vec3 c[];\nlayout(location = 0) out vec3 color;\nvoid main() { for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; color = c[i]; EmitVertex(); } }",
        ),
    );
    for args in [vec!["translate", &v, &g, &f], vec!["translate", "--plan", &v, &g, &f], vec!["translate", &g]] {
        let out = tesserae(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("tesserae_geometry_main"), "{args:?}: the geometry stage's compute pass is missing:\n{text}");
    }
    let adjacency = spv(
        &d,
        "a.geom.spv",
        &common::glsl(
            glslang::ShaderStage::Geometry,
            "#version 450\nlayout(triangles_adjacency) in;\nlayout(triangle_strip, max_vertices = 3) out;\nlayout(location = 0) in vec3 c[];\nlayout(location = 0) out vec3 color;\nvoid main() { for (int i = 0; i < 3; i++) { gl_Position = gl_in[2 * i].gl_Position; color = c[2 * i]; EmitVertex(); } }",
        ),
    );
    let out = tesserae(&["translate", "--plan", &v, &adjacency, &f]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("triangle-list-adjacency"));
    let streams = spv(
        &d,
        "s.geom.spv",
        &common::glsl(
            glslang::ShaderStage::Geometry,
            "#version 450\nlayout(points) in;\nlayout(points, max_vertices = 2) out;\nlayout(stream = 1, location = 0) out vec4 s1;\nvoid main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); s1 = vec4(1.0); EmitStreamVertex(1); }",
        ),
    );
    for args in [vec!["translate", &v, &streams], vec!["translate", &streams]] {
        let out = tesserae(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("unsupported feature: geometry output streams other than stream 0"), "{args:?}: {err}");
    }
}

/// The commonest real shader, a vertex stage reading a uniform block at set 0 binding 0, in a
/// point-list pipeline that writes `PointSize` and in one with a cull distance: the plan lists
/// the buffer and where to bind it, and the emulation keeps out of set 0.
#[test]
fn plan_lists_the_uniform_buffer_on_the_point_and_cull_paths() {
    let d = tmp();
    let f = spv(&d, "u.frag.spv", &common::fs("#version 450\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(1.0); }"));
    for (name, topology, body) in
        [("points", "point-list", "gl_PointSize = g.psize;"), ("cull", "triangle-list", "gl_CullDistance[0] = g.psize;")]
    {
        let src = format!(
            "#version 450
layout(set = 0, binding = 0) uniform Globals {{ mat4 mvp; float psize; }} g;
layout(location = 0) in vec4 pos;
{}
void main() {{ gl_Position = g.mvp * pos; {body} }}",
            if name == "cull" { "out float gl_CullDistance[1];" } else { "" }
        );
        let v = spv(&d, &format!("u-{name}.vert.spv"), &common::vs(&src));
        let out = tesserae(&["translate", "--plan", "--topology", topology, &v, &f]);
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let plan: serde_json::Value = serde_json::from_slice(&out.stdout).expect("plan is JSON");
        let r = &plan["resources"][0];
        assert_eq!((r["set"].as_u64(), r["binding"].as_u64(), r["kind"].as_str()), (Some(0), Some(0), Some("uniform-buffer")), "{name}");
        assert_eq!((r["wgpu"][0]["group"].as_u64(), r["wgpu"][0]["binding"].as_u64()), (Some(0), Some(0)), "{name}");
        assert_eq!(r["wgpu"][0]["visibility"]["compute"], true, "{name}: the vertex stage runs as compute");
        assert_eq!(plan["emulation_group"].as_u64(), Some(1), "{name}");
    }
}

#[test]
fn sweep_classifies_every_pipeline_of_a_directory() {
    let d = std::env::temp_dir().join(format!("tesserae-sweep-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("nested")).unwrap();
    // ok: a vertex and fragment pair, one directory down.
    spv(&d.join("nested"), "lit.vert.spv", &common::vs(common::VS));
    spv(&d.join("nested"), "lit.frag.spv", &common::fs(common::FS));
    // refused: multiview.
    let multiview = "#version 450\n#extension GL_EXT_multiview : enable\nvoid main() { gl_Position = vec4(float(gl_ViewIndex)); }";
    spv(&d, "views.vert.spv", &common::vs(multiview));
    // invalid: the fragment stage reads a location the vertex stage does not write.
    spv(&d, "mismatch.vert.spv", &common::vs("#version 450\nvoid main() { gl_Position = vec4(0.0); }"));
    spv(&d, "mismatch.frag.spv", &common::fs(common::FS));
    // no vertex stage: each stage translated alone.
    spv(&d, "alone.frag.spv", &common::fs(common::FS));
    let out = tesserae(&["sweep", "--verbose", &d.to_string_lossy()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "no pipeline failed: {text}");
    assert!(text.contains("4 pipelines under") && text.contains("1 of them stage groups without a vertex stage"), "{text}");
    for line in
        ["ok       alone", "ok       nested/lit", "refused  views: vertex stage: unsupported feature: multiview", "invalid  mismatch: "]
    {
        assert!(text.contains(line), "`{line}` in\n{text}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
