//! Translation of whole pipelines: what works, and every kind of bad input giving a typed
//! error instead of a panic.

mod common;
use common::*;
use tesserae::*;

fn desc(v: Vec<u32>, f: Option<Vec<u32>>) -> PipelineDesc {
    let r = reflect::load(&v, None).expect("vertex loads").reflection;
    PipelineDesc { vertex_buffers: VertexBufferLayout::infer(&r), ..PipelineDesc::new(StageDesc::new(v), f.map(StageDesc::new)) }
}

fn wgsl_of(plan: &Plan) -> String {
    let Pass::Render(rp) = &plan.passes[0] else { panic!("render pass first") };
    format!("{}\n{}", rp.vertex.wgsl, rp.fragment.as_ref().map(|f| f.wgsl.as_str()).unwrap_or(""))
}

#[test]
fn vertex_fragment_translates_and_is_deterministic() {
    let d = desc(vs(VS), Some(fs(FS)));
    let a = translate(&d).expect("translates");
    let b = translate(&d).expect("translates");
    assert_eq!(a, b, "same input, same plan");
    let w = wgsl_of(&a);
    assert!(w.contains("@vertex") && w.contains("@fragment"), "{w}");
    assert!(a.to_json().contains("\"kind\": \"render\""));
}

#[test]
fn point_size_dropped_in_triangle_draw() {
    let v = vs("#version 450\nlayout(location=0) in vec2 p;\nvoid main(){ gl_Position = vec4(p,0,1); gl_PointSize = 4.0; }");
    let plan = translate(&desc(v, None)).expect("translates");
    assert!(!wgsl_of(&plan).contains("point_size"));
}

#[test]
fn clip_distance_becomes_native_builtin() {
    let v = vs("#version 450\nlayout(location=0) in vec2 p;\nout float gl_ClipDistance[3];\nvoid main(){ gl_Position = vec4(p,0,1); for (int i = 0; i < 3; i++) gl_ClipDistance[i] = p.x + float(i); }");
    let plan = translate(&desc(v, None)).expect("translates");
    let Pass::Render(rp) = &plan.passes[0] else { panic!("render pass first") };
    assert_eq!(rp.clip_distances, 3);
    assert!(rp.vertex.wgsl.contains("clip_distances"), "{}", rp.vertex.wgsl);
}

#[test]
fn flat_on_fragment_side_only_is_copied_to_vertex_output() {
    let f = fs(
        "#version 450\nlayout(location = 0) flat in vec3 color;\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(color, 1.0); }",
    );
    let plan = translate(&desc(vs(VS), Some(f))).expect("translates");
    let Pass::Render(rp) = &plan.passes[0] else { panic!("render pass first") };
    assert!(rp.vertex.wgsl.contains("@interpolate(flat"), "{}", rp.vertex.wgsl);
}

#[test]
fn truncated_spirv_is_an_error() {
    let v = vs(VS);
    for len in [0, 1, 3, 5, 9, v.len() / 2, v.len() - 1] {
        let r = translate(&desc_unchecked(v[..len].to_vec()));
        assert!(matches!(r, Err(TranslateError::Load { stage: Stage::Vertex, .. })), "len {len}: {r:?}");
    }
}

fn desc_unchecked(v: Vec<u32>) -> PipelineDesc {
    PipelineDesc::new(StageDesc::new(v), None)
}

#[test]
fn wrong_magic_is_named() {
    let mut v = vs(VS);
    v[0] = 0xdead_beef;
    let e = translate(&desc_unchecked(v)).unwrap_err();
    assert!(matches!(e, TranslateError::Load { source: LoadError::BadMagic { found: 0xdead_beef }, .. }), "{e}");
    assert!(e.to_string().contains("magic"), "{e}");
}

#[test]
fn garbage_words_are_an_error() {
    let mut state = 0x1234_5678u32;
    for n in 0..200 {
        let mut words = vec![0x0723_0203, 0x0001_0300, 0, 100, 0];
        for _ in 0..(n % 40) {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            words.push(state);
        }
        // Random words after a header: no entry point, so never a stage; a load error (the
        // words do not read as instructions, or no entry point), never a panic.
        let pipeline = translate(&desc_unchecked(words.clone()));
        assert!(matches!(pipeline, Err(TranslateError::Load { .. })), "{n} words: {:?}", pipeline.map(|p| p.passes.len()));
        let stage = translate_stage(&StageDesc::new(words));
        assert!(matches!(stage, Err(TranslateError::Load { .. })), "{n} words: {:?}", stage.map(|p| p.entry_point));
    }
}

#[test]
fn tessellation_pipelines_translate_and_gaps_are_refused() {
    let tcs = glsl(glslang::ShaderStage::TesselationControl, "#version 450\nlayout(vertices = 3) out;\nvoid main(){ gl_TessLevelOuter[0] = 1.0; gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position; }");
    let tes = glsl(
        glslang::ShaderStage::TesselationEvaluation,
        "#version 450\nlayout(triangles) in;\nvoid main(){ gl_Position = gl_in[0].gl_Position * gl_TessCoord.x; }",
    );
    let mut d = desc(vs(VS), None);
    d.tess_control = Some(StageDesc::new(tcs.clone()));
    d.tess_eval = Some(StageDesc::new(tes.clone()));
    d.topology = Topology::PatchList { control_points: 3 };
    let plan = translate(&d).unwrap();
    plan.validate().unwrap();
    let labels: Vec<&str> = plan.passes.iter().map(|p| p.label()).collect();
    assert_eq!(
        labels,
        [
            "vertex",
            "tessellation control",
            "tessellator: count",
            "tessellator: scan 0",
            "tessellator: scan 1",
            "tessellator: scan 2",
            "tessellator: emit",
            "tessellation evaluation"
        ]
    );
    // Each stage on its own, with a default context.
    let c = translate_stage(&StageDesc::new(tcs.clone())).unwrap();
    assert!(c.is_compute(), "{}", c.wgsl);
    let e = translate_stage(&StageDesc::new(tes)).unwrap();
    assert!(e.wgsl.contains("@vertex"), "{}", e.wgsl);
    // A control stage without an evaluation stage is an incomplete pipeline.
    d.tess_eval = None;
    assert!(matches!(translate(&d).unwrap_err(), TranslateError::IncompleteTessellation { present: Stage::TessControl }));
}

#[test]
fn cull_distance_becomes_the_primitive_pass() {
    let v = vs("#version 450\nlayout(location=0) in vec2 p;\nout float gl_CullDistance[1];\nvoid main(){ gl_Position = vec4(p,0,1); gl_CullDistance[0] = p.x; }");
    let plan = translate(&desc(v, Some(fs(FS).clone()).filter(|_| false))).expect("translates");
    let labels: Vec<&str> = plan.passes.iter().map(|p| p.label()).collect();
    assert_eq!(labels, ["vertex", "primitives", "compact", "draw survivors"]);
    let Pass::Render(rp) = &plan.passes[3] else { panic!() };
    assert_eq!(rp.draw, DrawShape::IndexedIndirect { indices: buffer_id(&plan, "indices"), arguments: buffer_id(&plan, "indirect") });
    assert_eq!(plan.buffers.len(), 5);
    // The draw's buffers are checked by id: its indices must be an index buffer, its
    // arguments an indirect one, and both must exist.
    let with_draw = |draw: DrawShape| {
        let mut p = plan.clone();
        if let Some(Pass::Render(r)) = p.passes.last_mut() {
            r.draw = draw;
        }
        p.validate()
    };
    let (records, indices, indirect) = (buffer_id(&plan, "records"), buffer_id(&plan, "indices"), buffer_id(&plan, "indirect"));
    assert!(with_draw(DrawShape::IndexedIndirect { indices, arguments: indirect }).is_ok());
    let r = with_draw(DrawShape::IndexedIndirect { indices: records, arguments: indirect });
    assert!(matches!(r, Err(PlanError::NotAnIndexBuffer { buffer, .. }) if buffer == records), "{r:?}");
    let r = with_draw(DrawShape::IndexedIndirect { indices, arguments: indices });
    assert!(matches!(r, Err(PlanError::IndirectArguments { .. })), "{r:?}");
    let r = with_draw(DrawShape::IndexedIndirect { indices: BufferId(5), arguments: indirect });
    assert!(matches!(r, Err(PlanError::UnknownBuffer { buffer: BufferId(5), .. })), "{r:?}");
}

#[test]
fn pass_resources_follow_the_emulation_table() {
    let v = vs("#version 450\nlayout(location=0) in vec2 p;\nlayout(push_constant) uniform P { float x; } pc;\nout float gl_CullDistance[1];\nvoid main(){ gl_Position = vec4(p,0,1); gl_CullDistance[0] = p.x - pc.x; }");
    let plan = translate(&desc(v, None)).expect("translates");
    let group = plan.emulation_group.expect("an emulation group");
    for pass in &plan.passes {
        // One resource per binding the shaders declare in the emulation group, in order.
        let mut declared: Vec<u32> =
            pass.shaders().iter().flat_map(|s| &s.bindings).filter(|b| b.group == group).map(|b| b.binding).collect();
        declared.sort();
        declared.dedup();
        let provided: Vec<u32> = pass.resources().iter().map(|r| r.binding).collect();
        assert_eq!(provided, declared, "pass `{}`", pass.label());
    }
    let vertex = &plan.passes[0];
    let kinds: Vec<&Resource> = vertex.resources().iter().map(|r| &r.resource).collect();
    assert_eq!(
        kinds,
        [
            &Resource::DrawParams { size: 64 },
            &Resource::IndexBufferAsStorage,
            &Resource::VertexBufferAsStorage { slot: 0 },
            &Resource::PushConstants,
            &Resource::Intermediate(buffer_id(&plan, "records")),
        ]
    );
    // A resource other than the table's at its binding is refused, naming both.
    let mut edited = plan.clone();
    if let Pass::Compute(c) = &mut edited.passes[0] {
        let records = c.resources.iter_mut().find(|r| matches!(r.resource, Resource::Intermediate(_))).expect("records");
        records.resource = Resource::Intermediate(buffer_id(&plan, "prims"));
    }
    let r = edited.validate();
    assert!(matches!(&r, Err(PlanError::WrongResource { binding: 32, expected: Some(Resource::Intermediate(BufferId(0))), .. })), "{r:?}");
}

/// The id of the plan's intermediate buffer `name`.
fn buffer_id(plan: &Plan, name: &str) -> BufferId {
    BufferId(plan.buffers.iter().position(|b| b.name == name).unwrap_or_else(|| panic!("no buffer `{name}`")) as u32)
}

#[test]
fn mismatched_interface_names_both_sides() {
    let f = fs(
        "#version 450\nlayout(location = 0) flat in ivec3 color;\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(color, 1.0); }",
    );
    let e = translate(&desc(vs(VS), Some(f))).unwrap_err();
    let TranslateError::InterfaceMismatch { producer, consumer, producer_var, consumer_var, .. } = &e else { panic!("{e}") };
    assert_eq!((*producer, *consumer), (Stage::Vertex, Stage::Fragment));
    assert!(producer_var.contains("color") && consumer_var.contains("color"), "{e}");
}

#[test]
fn missing_fragment_input_is_named() {
    let f = fs("#version 450\nlayout(location = 3) in vec2 uv;\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(uv, 0.0, 1.0); }");
    let e = translate(&desc(vs(VS), Some(f))).unwrap_err();
    assert!(matches!(&e, TranslateError::InterfaceMissing { consumer_var, .. } if consumer_var.contains("uv")), "{e}");
}

#[test]
fn unfed_vertex_input_is_an_error() {
    let d = PipelineDesc::new(StageDesc::new(vs(VS)), None);
    let e = translate(&d).unwrap_err();
    assert!(matches!(e, TranslateError::InvalidDesc(ref m) if m.contains("location 0")), "{e}");
}

#[test]
fn fragment_module_in_vertex_slot_is_an_error() {
    let e = translate(&desc_unchecked(fs(FS))).unwrap_err();
    assert!(matches!(e, TranslateError::InvalidDesc(_)), "{e}");
}

#[test]
fn too_many_clip_distances_are_refused() {
    let v = vs("#version 450\nlayout(location=0) in vec2 p;\nout float gl_ClipDistance[6];\nout float gl_CullDistance[3];\nvoid main(){ gl_Position = vec4(p,0,1); for (int i = 0; i < 6; i++) gl_ClipDistance[i] = p.x; for (int i = 0; i < 3; i++) gl_CullDistance[i] = p.y; }");
    let e = translate(&desc(v, None)).unwrap_err();
    assert!(matches!(e, TranslateError::Unsupported { .. }), "{e}");
}

#[test]
fn point_pipeline_is_expanded() {
    let v = vs("#version 450\nlayout(location=0) in vec2 p;\nlayout(location=0) out vec3 c;\nvoid main(){ gl_Position = vec4(p,0,1); gl_PointSize = 4.0; c = vec3(p, 1.0); }");
    let f = fs("#version 450\nlayout(location = 0) in vec3 c;\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(gl_PointCoord, c.z, 1.0); }");
    let mut d = desc(v, Some(f));
    d.topology = Topology::PointList;
    let plan = translate(&d).expect("translates");
    let [Pass::Compute(cp), Pass::Render(rp)] = plan.passes.as_slice() else { panic!("point vertices, then expanded points") };
    assert!(cp.resources.iter().any(|r| r.resource == Resource::VertexBufferAsStorage { slot: 0 }), "attributes are pulled");
    assert!(cp.shader.wgsl.contains("tesserae_point_size"), "{}", cp.shader.wgsl);
    assert_eq!(rp.draw, DrawShape::ExpandedPoints { indices_per_point: 6, indices: buffer_id(&plan, "quad indices") });
    assert_eq!(rp.topology, Topology::TriangleList);
    assert!(rp.vertex_buffers.is_empty());
    let frag = rp.fragment.as_ref().unwrap();
    assert!(frag.wgsl.contains("@interpolate(flat"), "varyings are flat across a point: {}", frag.wgsl);
    assert!(plan.to_json().contains("expanded-points"));
}

#[test]
fn point_coord_outside_points_is_refused() {
    let f = fs("#version 450\nlayout(location = 0) in vec3 c;\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(gl_PointCoord, c.z, 1.0); }");
    let e = translate(&desc(vs(VS), Some(f))).unwrap_err();
    assert!(matches!(&e, TranslateError::Unsupported { feature, stage: Stage::Fragment } if feature.contains("PointCoord")), "{e}");
}

#[test]
fn strips_are_assembled_in_compute_where_the_target_has_no_primitive_restart() {
    let mut d = desc(vs(VS), Some(fs(FS)));
    d.topology = Topology::TriangleStrip;
    let direct = translate(&d).expect("translates");
    assert_eq!(direct.passes.len(), 1, "a target with restart draws the strip as recorded");
    d.options.primitive_restart = false;
    let assembled = translate(&d).expect("translates");
    let labels: Vec<&str> = assembled.passes.iter().map(|p| p.label()).collect();
    assert!(labels.len() > 1 && matches!(assembled.passes[0], Pass::Compute(_)), "{labels:?}");
    // Lists have nothing to restart.
    d.topology = Topology::TriangleList;
    assert_eq!(translate(&d).expect("translates").passes.len(), 1);
}

/// A strip pipeline with primitive restart disabled (Vulkan's default) has its strips assembled
/// in compute, where no index restarts them (WebGPU would restart at a u16 0xFFFF); with restart
/// enabled, the assembly finds the all-ones index.
#[test]
fn strips_without_primitive_restart_are_assembled_without_restarting() {
    let mut d = desc(vs(VS), Some(fs(FS)));
    d.topology = Topology::TriangleStrip;
    d.primitive_restart_enable = false;
    let plan = translate(&d).expect("translates");
    let primitives = plan.passes.iter().find(|p| p.label() == "primitives").expect("a primitive pass");
    let shaders = primitives.shaders();
    let wgsl = shaders[0].wgsl.as_str();
    let is_restart = wgsl.split("fn tesserae_is_restart(").nth(1).and_then(|f| f.split("\n}").next()).expect("the restart test");
    assert!(is_restart.ends_with("-> bool {\n    return false;"), "{wgsl}");
    // With restart enabled on a target without it, the same pass finds the restart index.
    d.primitive_restart_enable = true;
    d.options.primitive_restart = false;
    let plan = translate(&d).expect("translates");
    let primitives = plan.passes.iter().find(|p| p.label() == "primitives").expect("a primitive pass");
    // naga writes the all-ones u16 and u32 indices in decimal.
    let wgsl = primitives.shaders()[0].wgsl.as_str();
    assert!(wgsl.contains("65535u") && wgsl.contains("4294967295u"), "restart at the all-ones index: {wgsl}");
}

/// A geometry stage is translated as its passes, never dropped; an input primitive the draw's
/// topology does not give is an invalid description.
#[test]
fn geometry_stage_is_translated_not_dropped() {
    let g = common::glsl(
        glslang::ShaderStage::Geometry,
        "#version 450\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\nlayout(location = 0) in vec3 c[];\nlayout(location = 0) out vec3 color;\nvoid main() { gl_Position = gl_in[0].gl_Position; color = c[0]; EmitVertex(); }",
    );
    let mut d = PipelineDesc { geometry: Some(StageDesc::new(g)), ..desc(vs(VS), Some(fs(FS))) };
    d.topology = Topology::PointList;
    let plan = translate(&d).expect("translates");
    let labels: Vec<&str> = plan.passes.iter().map(|p| p.label()).collect();
    assert_eq!(labels, ["vertex", "geometry", "geometry draw"]);
    d.topology = Topology::TriangleList;
    assert!(matches!(translate(&d), Err(TranslateError::InvalidDesc(_))));
}

/// WGSL has no 1D array or multisampled array textures: valid SPIR-V declaring one is refused
/// as unsupported, naming it (naga wrote `texture_1d_array`, which does not validate; found by
/// `spirv_words` through a malformed image type, which is now refused as malformed).
#[test]
fn texture_types_wgsl_lacks_are_refused() {
    let cases = [
        ("sampler1DArray t; void main() { o = texture(t, vec2(0.5, 0.0)); }", "1D array"),
        ("sampler2DMSArray t; void main() { o = texelFetch(t, ivec3(0), 0); }", "multisampled array"),
        ("sampler1DShadow t; void main() { o = vec4(texture(t, vec3(0.5, 0.0, 0.5))); }", "1D and 3D depth"),
    ];
    for (body, name) in cases {
        let f = fs(&format!("#version 450\nlayout(location = 0) out vec4 o;\nlayout(set = 0, binding = 0) uniform {body}"));
        let e = translate(&desc(vs(VS), Some(f))).unwrap_err();
        assert!(matches!(&e, TranslateError::Unsupported { feature, stage: Stage::Fragment } if feature.contains(name)), "{e}");
    }
}

/// WGSL allows 127 nested braces in a function: control flow nested deeper (valid SPIR-V) is
/// refused by name, not written as WGSL that wgpu cannot parse; 100 levels translate and parse.
#[test]
fn control_flow_nested_past_wgsl_limit_is_refused() {
    let nested = |n: usize| {
        let body = format!("{}o = vec4(1.0);{}", "if (c.x > 0.0) { ".repeat(n), " }".repeat(n));
        fs(&format!(
            "#version 450\nlayout(location = 0) in vec3 c;\nlayout(location = 0) out vec4 o;\nvoid main() {{ o = vec4(0.0); {body} }}"
        ))
    };
    let v = vs("#version 450\nlayout(location=0) in vec2 p;\nlayout(location=0) out vec3 c;\nvoid main(){ gl_Position = vec4(p,0,1); c = vec3(p, 1.0); }");
    let mut ok = desc(v.clone(), Some(nested(100)));
    ok.options.verify_wgsl_round_trip = true;
    translate(&ok).expect("100 nested ifs translate, and the WGSL parses back");
    let e = translate(&desc(v, Some(nested(140)))).unwrap_err();
    assert!(matches!(&e, TranslateError::Unsupported { feature, stage: Stage::Fragment } if feature.contains("nested")), "{e}");
}

/// WGSL caps a type at 2^31 - 1 bytes: a larger buffer array (valid SPIR-V, on which naga's
/// SPIR-V reader panics) is refused by name as unsupported; one within the cap translates.
#[test]
fn types_past_wgsl_size_limit_are_refused() {
    let buffer = |n: u64| {
        fs(&format!(
            "#version 450\nlayout(std430, set = 0, binding = 0) readonly buffer B {{ vec4 data[{n}]; }} b;\nlayout(location = 0) out vec4 o;\nvoid main() {{ o = b.data[7]; }}"
        ))
    };
    let v = vs("#version 450\nlayout(location=0) in vec2 p;\nvoid main(){ gl_Position = vec4(p,0,1); }");
    let mut ok = desc(v.clone(), Some(buffer(1 << 20)));
    ok.options.verify_wgsl_round_trip = true;
    translate(&ok).expect("a 16 MiB array translates");
    let refused = |f: &str| f.contains("bytes (WGSL allows at most 2147483647)");
    for n in [200_000_000u64, 134_217_728] {
        let e = translate(&desc(v.clone(), Some(buffer(n)))).unwrap_err();
        assert!(matches!(&e, TranslateError::Unsupported { feature, stage: Stage::Fragment } if refused(feature)), "{n}: {e}");
    }
    // Two arrays each within the cap, in a struct past it (naga's reader takes the struct).
    let two = fs("#version 450\nlayout(std430, set = 0, binding = 0) readonly buffer B { float a[268435457]; float b[268435457]; } b;\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(b.a[1], b.b[2], 0.0, 1.0); }");
    let e = translate(&desc(v.clone(), Some(two))).unwrap_err();
    assert!(matches!(&e, TranslateError::Unsupported { feature, stage: Stage::Fragment } if refused(feature)), "two arrays: {e}");
}

/// Types nested past `module_checks::MAX_TYPE_DEPTH` (the passes walking a type recurse once
/// per level) are refused as unsupported, by name; 20 levels translate.
#[test]
fn types_nested_past_the_limit_are_refused() {
    let nested = |n: usize| {
        let mut decls = String::from("struct S0 { vec4 v; };\n");
        for i in 1..n {
            decls += &format!("struct S{i} {{ S{} s; }};\n", i - 1);
        }
        let access = ".s".repeat(n - 1);
        fs(&format!(
            "#version 450\n{decls}layout(set = 0, binding = 0) uniform U {{ S{} top; }} u;\nlayout(location = 0) out vec4 o;\nvoid main() {{ o = u.top{access}.v; }}",
            n - 1
        ))
    };
    let v = vs("#version 450\nlayout(location=0) in vec2 p;\nvoid main(){ gl_Position = vec4(p,0,1); }");
    let mut ok = desc(v.clone(), Some(nested(20)));
    ok.options.verify_wgsl_round_trip = true;
    translate(&ok).expect("structs nested 20 deep translate");
    let e = translate(&desc(v, Some(nested(80)))).unwrap_err();
    assert!(matches!(&e, TranslateError::Unsupported { feature, stage: Stage::Fragment } if feature.contains("nested more than")), "{e}");
}

/// Operations SPIR-V computes at run time on constants (here specialization constants, which
/// a pipeline fixes when it is translated) stay run-time operations in the WGSL: WGSL evaluates
/// an expression on constants when the shader is created, where an overflowing product, a
/// division by zero or an oversized shift is an error, so the written WGSL would not parse
/// back (`lower::const_operations`).
#[test]
fn operations_on_constants_that_overflow_run_when_the_shader_runs() {
    let v = vs("#version 450
layout(constant_id = 0) const float big = 2.8e21;
layout(constant_id = 1) const float one = 1.0;
layout(constant_id = 2) const uint wide = 40u;
layout(location = 0) in vec2 p;
layout(location = 0) out vec4 c;
void main() {
    gl_Position = vec4(p, vec2(big, one).x * big, one);
    c = vec4(float(1u << wide), big * -big, ivec2(7, 0).x / int(one - one), 1.0);
}");
    let f = fs("#version 450\nlayout(location = 0) in vec4 c;\nlayout(location = 0) out vec4 o;\nvoid main() { o = c; }");
    let mut d = desc(v, Some(f));
    d.options.verify_wgsl_round_trip = true;
    let plan = translate(&d).expect("translates, and the WGSL parses back");
    let wgsl = wgsl_of(&plan);
    assert!(wgsl.contains("var<private>"), "a constant is read at run time:\n{wgsl}");
}

/// The tessellator's `count` and `emit` kernels (two entry points of one module) read spacing,
/// winding and point mode from the draw uniform: the plan carries the evaluation stage's mode
/// (`Plan::tessellation`), the text is the same for every mode of a domain and declares no
/// pipeline constant (one compiled pipeline serves every mode), and `Plan::validate` refuses a
/// constant naming no override.
#[test]
fn tessellator_modes_come_from_the_draw_uniform() {
    let tcs = glsl(glslang::ShaderStage::TesselationControl, "#version 450\nlayout(vertices = 3) out;\nvoid main(){ gl_TessLevelOuter[0] = 1.0; gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position; }");
    let plan_of = |mode: &str| {
        let tes = glsl(
            glslang::ShaderStage::TesselationEvaluation,
            &format!("#version 450\nlayout(triangles, {mode}) in;\nvoid main(){{ gl_Position = gl_in[0].gl_Position * gl_TessCoord.x; }}"),
        );
        let mut d = desc(vs(VS), None);
        d.tess_control = Some(StageDesc::new(tcs.clone()));
        d.tess_eval = Some(StageDesc::new(tes));
        d.topology = Topology::PatchList { control_points: 3 };
        translate(&d).unwrap()
    };
    let kernel = |plan: &Plan, label: &str| -> ShaderPlan {
        let pass = plan.passes.iter().find(|p| p.label() == label).unwrap_or_else(|| panic!("no pass {label}"));
        let Pass::Compute(c) = pass else { panic!("{label} is not compute") };
        c.shader.clone()
    };
    let a = plan_of("fractional_odd_spacing, cw, point_mode");
    let b = plan_of("equal_spacing, ccw");
    // `count` and `emit` are two entry points of one module.
    assert_eq!(kernel(&a, "tessellator: count").wgsl.source(), kernel(&a, "tessellator: emit").wgsl.source());
    for (label, entry) in [("tessellator: count", "tess_count"), ("tessellator: emit", "tess_emit")] {
        let (ka, kb) = (kernel(&a, label), kernel(&b, label));
        assert_eq!(ka.entry_point, entry);
        assert_eq!(ka.wgsl.source(), kb.wgsl.source(), "{label}: one text for both modes");
        assert!(ka.constants.is_empty() && kb.constants.is_empty(), "{label}: no pipeline constants");
        assert!(ka.wgsl.module().overrides.is_empty(), "{label}: no overrides");
    }
    let mode = |p: &Plan| p.tessellation.map(|m| (m.spacing, m.winding, m.point_mode));
    use tesserae::tessellator::{Spacing, Winding};
    assert_eq!(mode(&a), Some((Spacing::FractionalOdd, Winding::Cw, true)));
    assert_eq!(mode(&b), Some((Spacing::Equal, Winding::Ccw, false)));
    assert_eq!((a.tessellation.unwrap().draw_bits(), b.tessellation.unwrap().draw_bits()), (1 | 4 | 8, 0));
    a.validate().unwrap();
    let mut unknown = a.clone();
    for pass in &mut unknown.passes {
        if let Pass::Compute(c) = pass {
            if c.label == "tessellator: emit" {
                c.shader.constants.insert("TESS_NONE".into(), 1.0);
            }
        }
    }
    let unknown = unknown.validate();
    assert!(matches!(&unknown, Err(PlanError::Constant { name, .. }) if name == "TESS_NONE"), "{unknown:?}");
}

/// Hand-built fragment shaders `lower::const_operations` must take (found by review): an
/// `OpUndef` operand (naga reads it as a zero value, a constant), an integer division by a
/// constant zero (naga refuses `x / 0` even for a run-time `x`), and a derived value used in
/// another function than the one defining it (invalid, and refused, but never a panic).
#[test]
fn operations_on_undef_zero_divisors_and_foreign_ids() {
    use rspirv::binary::Assemble;
    use spirv::{ExecutionMode, ExecutionModel, FunctionControl, StorageClass};
    // A fragment shader whose `main` stores what `body` computes into a function variable.
    let shader = |body: &dyn Fn(&mut rspirv::dr::Builder, u32, u32, u32) -> u32, int: bool| {
        let mut b = rspirv::dr::Builder::new();
        b.capability(spirv::Capability::Shader);
        b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
        let void = b.type_void();
        let f32t = b.type_float(32, None);
        let i32t = b.type_int(32, 1);
        let ty = if int { i32t } else { f32t };
        let ptr = b.type_pointer(None, StorageClass::Function, ty);
        let fnty = b.type_function(void, []);
        let main = b.begin_function(void, None, FunctionControl::NONE, fnty).unwrap();
        b.begin_block(None).unwrap();
        let var = b.variable(ptr, None, StorageClass::Function, None);
        let value = body(&mut b, ty, var, fnty);
        b.store(var, value, None, []).unwrap();
        b.ret().unwrap();
        b.end_function().unwrap();
        b.entry_point(ExecutionModel::Fragment, main, "main", []);
        b.execution_mode(main, ExecutionMode::OriginUpperLeft, []);
        b.module().assemble()
    };
    let translates = |what: &str, words: Vec<u32>| {
        lower::check_predicates(&words).unwrap_or_else(|e| panic!("{what}: {e}"));
        let options = Options { verify_wgsl_round_trip: true, ..Default::default() };
        translate_stage_with(&StageDesc::new(words), options).unwrap_or_else(|e| panic!("{what}: {e}")).wgsl.source().to_string()
    };
    // A divisor that cannot be zero stays a constant; one that may be, through a copy, is read.
    let divided_by = |divisor: u32| {
        shader(
            &|b, ty, var, _| {
                let d = b.constant_bit32(ty, divisor);
                let copy = b.copy_object(ty, None, d).unwrap();
                let x = b.load(ty, None, var, None, []).unwrap();
                b.s_div(ty, None, x, copy).unwrap()
            },
            true,
        )
    };
    assert!(!translates("x / copy(8)", divided_by(8)).contains("var<private>"));
    assert!(translates("x / copy(0)", divided_by(0)).contains("var<private>"));
    translates(
        "7.0 / undef",
        shader(
            &|b, ty, _, _| {
                let (seven, undef) = (b.constant_bit32(ty, 7.0f32.to_bits()), b.undef(ty, None));
                b.f_div(ty, None, seven, undef).unwrap()
            },
            false,
        ),
    );
    translates(
        "7 / null",
        shader(
            &|b, ty, _, _| {
                let (seven, null) = (b.constant_bit32(ty, 7), b.constant_null(ty));
                b.s_div(ty, None, seven, null).unwrap()
            },
            true,
        ),
    );
    translates(
        "x % 0",
        shader(
            &|b, ty, var, _| {
                let zero = b.constant_bit32(ty, 0);
                let x = b.load(ty, None, var, None, []).unwrap();
                b.s_rem(ty, None, x, zero).unwrap()
            },
            true,
        ),
    );
    translates(
        "x / function-local undef",
        shader(
            &|b, ty, var, _| {
                let x = b.load(ty, None, var, None, []).unwrap();
                let u = b.id();
                b.insert_into_block(
                    rspirv::dr::InsertPoint::End,
                    rspirv::dr::Instruction::new(spirv::Op::Undef, Some(ty), Some(u), vec![]),
                )
                .unwrap();
                b.u_div(ty, None, x, u).unwrap()
            },
            true,
        ),
    );
    // A composite of constants defined in a helper (its third block) and multiplied in `main`:
    // invalid SPIR-V that the load checks let through; refused by naga, never a panic.
    let mut b = rspirv::dr::Builder::new();
    b.capability(spirv::Capability::Shader);
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let f32t = b.type_float(32, None);
    let v2 = b.type_vector(f32t, 2);
    let ptr = b.type_pointer(None, StorageClass::Function, v2);
    let fnty = b.type_function(void, []);
    let (one, two) = (b.constant_bit32(f32t, 1.0f32.to_bits()), b.constant_bit32(f32t, 2.0f32.to_bits()));
    let helper = b.begin_function(void, None, FunctionControl::NONE, fnty).unwrap();
    b.begin_block(None).unwrap();
    let (second, third) = (b.id(), b.id());
    b.branch(second).unwrap();
    b.begin_block(Some(second)).unwrap();
    b.branch(third).unwrap();
    b.begin_block(Some(third)).unwrap();
    let pair = b.composite_construct(v2, None, [one, two]).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    let main = b.begin_function(void, None, FunctionControl::NONE, fnty).unwrap();
    b.begin_block(None).unwrap();
    let var = b.variable(ptr, None, StorageClass::Function, None);
    b.function_call(void, None, helper, []).unwrap();
    let product = b.f_mul(v2, None, pair, pair).unwrap();
    b.store(var, product, None, []).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(ExecutionModel::Fragment, main, "main", []);
    b.execution_mode(main, ExecutionMode::OriginUpperLeft, []);
    let words = b.module().assemble();
    lower::check_predicates(&words).unwrap();
    let e = translate_stage(&StageDesc::new(words)).unwrap_err();
    assert!(matches!(e, TranslateError::NagaFrontend { .. } | TranslateError::Load { .. }), "{e}");
}

#[test]
fn evaluation_cull_distances_cull_primitives_before_the_draw() {
    let tcs = glsl(glslang::ShaderStage::TesselationControl, "#version 450\nlayout(vertices = 3) out;\nvoid main(){ gl_TessLevelOuter[0] = 1.0; gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position; }");
    let plan_of = |mode: &str, cull: bool| {
        let (decl, write) = if cull {
            ("out float gl_CullDistance[2];\n", "gl_CullDistance[0] = gl_TessCoord.x - 0.5; gl_CullDistance[1] = 1.0;")
        } else {
            ("", "")
        };
        let tes = glsl(
            glslang::ShaderStage::TesselationEvaluation,
            &format!(
                "#version 450\nlayout({mode}) in;\n{decl}void main(){{ gl_Position = gl_in[0].gl_Position * gl_TessCoord.x; {write} }}"
            ),
        );
        let mut d = desc(vs(VS), None);
        d.tess_control = Some(StageDesc::new(tcs.clone()));
        d.tess_eval = Some(StageDesc::new(tes));
        d.topology = Topology::PatchList { control_points: 3 };
        translate(&d).unwrap_or_else(|e| panic!("{mode}: {e}"))
    };
    let labels = |plan: &Plan| plan.passes.iter().map(|p| p.label().to_string()).collect::<Vec<_>>();
    // Without cull distances, no cull pass and no culled index in the draw's vertex stage.
    let plain = plan_of("triangles", false);
    assert!(!labels(&plain).iter().any(|l| l == "tessellation cull"), "{:?}", labels(&plain));
    for (mode, per_primitive) in [("triangles", 3), ("quads", 3), ("isolines", 2), ("triangles, point_mode", 1)] {
        let plan = plan_of(mode, true);
        plan.validate().unwrap();
        // After the tessellator, before the draw; dispatched through the tessellator's arguments.
        let l = labels(&plan);
        let at = l.iter().position(|l| l == "tessellation cull").unwrap_or_else(|| panic!("{mode}: {l:?}"));
        assert_eq!(l[at - 2], "tessellator: emit", "{mode}");
        assert_eq!(l[at - 1], "tessellation cull distances", "{mode}");
        assert_eq!(l[at + 1], "tessellation evaluation", "{mode}");
        // The stage once per domain point, writing masks; then the primitives, no user code.
        let Pass::Compute(d) = &plan.passes[at - 1] else { panic!("the cull distances pass is compute") };
        assert_eq!(d.workgroups, Workgroups::Indirect { arguments: buffer_id(&plan, "tess indirect"), offset: 52 });
        let w = d.shader.wgsl.source();
        assert!(w.contains("tesserae_cull_distance") && w.contains("tesserae_cull_masks"), "{mode}:\n{w}");
        let Pass::Compute(c) = &plan.passes[at] else { panic!("the cull pass is compute") };
        assert_eq!(c.workgroups, Workgroups::Indirect { arguments: buffer_id(&plan, "tess indirect"), offset: 24 });
        let w = c.shader.wgsl.source();
        assert!(w.contains(&format!("k < {per_primitive}u")) && !w.contains("tesserae_vertex"), "{mode}:\n{w}");
        assert!(plan.buffers.iter().any(|b| b.name == "cull masks"));
        let Pass::Render(r) = &plan.passes[at + 1] else { panic!("the draw is a render pass") };
        assert!(r.vertex.wgsl.source().contains("4294967295u"), "{mode}: the draw places culled indices outside");
        let arguments = plan.buffers.iter().find(|b| b.name == "tess indirect").unwrap();
        assert_eq!(arguments.size, BufferSize::Fixed { bytes: 64 });
    }
    // The dispatch must name 12 bytes of an indirect-arguments buffer.
    let plan = plan_of("quads", true);
    let edited = |arguments: BufferId, offset: u64| {
        let mut p = plan.clone();
        for pass in &mut p.passes {
            if let Pass::Compute(c) = pass {
                if c.label == "tessellation cull" {
                    c.workgroups = Workgroups::Indirect { arguments, offset };
                }
            }
        }
        p.validate()
    };
    let (indirect, indices) = (buffer_id(&plan, "tess indirect"), buffer_id(&plan, "tess indices"));
    assert!(edited(indirect, 24).is_ok());
    for (arguments, offset) in [(indirect, 56), (indirect, 26), (indices, 0)] {
        let r = edited(arguments, offset);
        assert!(matches!(&r, Err(PlanError::IndirectArguments { .. })), "{arguments} at {offset}: {r:?}");
    }
    let past = BufferId(plan.buffers.len() as u32);
    assert!(matches!(edited(past, 0), Err(PlanError::UnknownBuffer { buffer, .. }) if buffer == past));
}

#[test]
fn point_mode_with_point_size_draws_sprites() {
    let tcs = glsl(glslang::ShaderStage::TesselationControl, "#version 450\nlayout(vertices = 3) out;\nvoid main(){ gl_TessLevelOuter[0] = 1.0; gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position; }");
    let plan_of = |body: &str, fragment: Option<&str>| {
        let tes = glsl(
            glslang::ShaderStage::TesselationEvaluation,
            &format!("#version 450\nlayout(triangles, point_mode) in;\nout float gl_CullDistance[1];\nvoid main(){{ gl_Position = gl_in[0].gl_Position * gl_TessCoord.x; gl_CullDistance[0] = gl_TessCoord.y; {body} }}"),
        );
        let mut d = desc(vs(VS), fragment.map(fs));
        d.tess_control = Some(StageDesc::new(tcs.clone()));
        d.tess_eval = Some(StageDesc::new(tes));
        d.topology = Topology::PatchList { control_points: 3 };
        translate(&d).unwrap_or_else(|e| panic!("{body}: {e}"))
    };
    let draw = |plan: &Plan| -> RenderPass {
        let Some(Pass::Render(r)) = plan.passes.last() else { panic!("the draw is last") };
        r.clone()
    };
    let labels = |plan: &Plan| plan.passes.iter().map(|p| p.label().to_string()).collect::<Vec<_>>();
    // Without PointSize or PointCoord: one-pixel points as tessellated, culled by the cull pass.
    let plain = plan_of("", None);
    assert!(matches!(draw(&plain).draw, DrawShape::IndexedIndirect { .. }));
    assert_eq!(draw(&plain).topology, Topology::PointList);
    assert!(labels(&plain).iter().any(|l| l == "tessellation cull"));
    // PointSize, or PointCoord read by the fragment stage: squares of two triangles drawn
    // indirectly; the draw drops culled points itself.
    let point_coord = "#version 450\nlayout(location = 0) out vec4 o;\nvoid main(){ o = vec4(gl_PointCoord, 0.0, 1.0); }";
    for plan in [plan_of("gl_PointSize = 4.0;", None), plan_of("", Some(point_coord))] {
        plan.validate().unwrap();
        let r = draw(&plan);
        assert_eq!(r.topology, Topology::TriangleList);
        let arguments = buffer_id(&plan, "tess indirect");
        assert_eq!(r.draw, DrawShape::ExpandedPointsIndirect { vertices_per_point: 6, arguments, offset: 36 });
        assert!(r.draw.expands_points());
        assert!(!labels(&plan).iter().any(|l| l == "tessellation cull"), "{:?}", labels(&plan));
        assert!(r.vertex.wgsl.source().contains("tesserae_cull_distance"), "{}", r.vertex.wgsl.source());
        let mut edited = plan.clone();
        if let Some(Pass::Render(r)) = edited.passes.last_mut() {
            r.draw = DrawShape::ExpandedPointsIndirect { vertices_per_point: 6, arguments, offset: 52 };
        }
        assert!(matches!(edited.validate(), Err(PlanError::IndirectArguments { bytes: 16, .. })));
    }
    let with_coord = plan_of("", Some(point_coord));
    let w = draw(&with_coord).vertex.wgsl.source().to_string();
    assert!(w.contains("@interpolate(linear) point_coord"), "{w}");
}

#[test]
fn point_coord_past_the_varying_locations_is_refused() {
    let v = |location: u32| {
        vs(&format!("#version 450\nlayout(location=0) in vec2 p;\nlayout(location={location}) out float x;\nvoid main(){{ gl_Position = vec4(p,0,1); gl_PointSize = 2.0; x = 1.0; }}"))
    };
    let f = |location: u32| {
        fs(&format!("#version 450\nlayout(location={location}) in float x;\nlayout(location=0) out vec4 o;\nvoid main(){{ o = vec4(gl_PointCoord, x, 1.0); }}"))
    };
    let mut d = desc(v(14), Some(f(14)));
    d.topology = Topology::PointList;
    translate(&d).expect("PointCoord at location 15");
    let mut d = desc(v(15), Some(f(15)));
    d.topology = Topology::PointList;
    let e = translate(&d).unwrap_err();
    assert!(matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("PointCoord beyond")), "{e}");
}

/// Fragment outputs with fewer than four components are widened to four (WebGPU refuses an
/// output narrower than its target's format; the translator does not know the format), the
/// missing components (0, 0, 1) from the first one on.
#[test]
fn narrow_fragment_outputs_are_widened_to_four_components() {
    let wgsl = |fs: &str| {
        let plan = translate(&desc(vs(VS), Some(glsl(glslang::ShaderStage::Fragment, fs)))).unwrap();
        let Pass::Render(r) = plan.passes.last().unwrap() else { panic!("a render pass") };
        r.fragment.as_ref().unwrap().wgsl.source().to_string()
    };
    let w = wgsl(
        "#version 450\nlayout(location = 0) out vec2 o;\nlayout(location = 1) out uint u;\nvoid main() { o = vec2(0.25, 0.75); u = 7u; }",
    );
    assert!(w.contains("@location(0) member: vec4<f32>") && w.contains("@location(1) member_1: vec4<u32>"), "{w}");
    assert!(w.contains("o = vec4<f32>(vec2<f32>(0.25f, 0.75f).x, vec2<f32>(0.25f, 0.75f).y, 0f, 1f);"), "{w}");
    assert!(w.contains("vec4<u32>(7u, 0u, 0u, 1u)"), "{w}");
    // Outputs packed into one location by `Component` become one output, each written at
    // its components.
    let packed = wgsl("#version 450\nlayout(location = 0, component = 0) out vec2 a;\nlayout(location = 0, component = 2) out vec2 b;\nvoid main() { a = vec2(1.0); b = vec2(0.5); }");
    assert!(packed.contains("-> @location(0) vec4<f32>") && packed.contains("[3u] = "), "{packed}");
}

/// A control stage's outputs with initializers (`OpVariable ... Output %init`, as the CTS's
/// `spirv1p4/entrypoint/tess_con_*` declare their levels) become workgroup variables, which WGSL
/// cannot initialize: every invocation stores the initializer when it starts, before a barrier.
#[test]
fn initialized_control_outputs_are_stored_before_a_barrier() {
    use rspirv::binary::Assemble;
    use rspirv::dr::Operand;
    let tcs = glsl(
        glslang::ShaderStage::TesselationControl,
        "#version 450\nlayout(vertices = 3) out;\nvoid main(){ gl_TessLevelInner[0] = gl_TessLevelOuter[1]; gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position; }",
    );
    let mut module = rspirv::dr::load_words(&tcs).unwrap();
    // An initializer of 2.0 for each outer level.
    let named = |m: &rspirv::dr::Module, name: &str| {
        m.debug_names
            .iter()
            .find(|n| matches!(&n.operands[1], Operand::LiteralString(s) if s == name))
            .map(|n| n.operands[0].unwrap_id_ref())
            .unwrap()
    };
    let outer = named(&module, "gl_TessLevelOuter");
    let pointer = module.types_global_values.iter().find(|i| i.result_id == Some(outer)).and_then(|v| v.result_type).unwrap();
    let array = module.types_global_values.iter().find(|i| i.result_id == Some(pointer)).map(|p| p.operands[1].unwrap_id_ref()).unwrap();
    let float = module.types_global_values.iter().find(|i| i.result_id == Some(array)).map(|a| a.operands[0].unwrap_id_ref()).unwrap();
    let mut b = rspirv::dr::Builder::new_from_module(module);
    let two = b.constant_bit32(float, 2.0f32.to_bits());
    let init = b.constant_composite(array, [two; 4]);
    module = b.module();
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(outer)).unwrap();
    let var = module.types_global_values.remove(at);
    let mut var = var;
    var.operands.push(Operand::IdRef(init));
    module.types_global_values.push(var);
    let tes = glsl(
        glslang::ShaderStage::TesselationEvaluation,
        "#version 450\nlayout(triangles) in;\nvoid main(){ gl_Position = gl_in[0].gl_Position * gl_TessCoord.x; }",
    );
    let mut d = desc(vs(VS), None);
    d.tess_control = Some(StageDesc::new(module.assemble()));
    d.tess_eval = Some(StageDesc::new(tes));
    d.topology = Topology::PatchList { control_points: 3 };
    d.options.verify_wgsl_round_trip = true;
    let plan = translate(&d).unwrap_or_else(|e| panic!("{e}"));
    let control = plan.passes.iter().find(|p| p.label() == "tessellation control").unwrap();
    let shaders = control.shaders();
    let wgsl = shaders[0].wgsl.as_str();
    let declaration =
        wgsl.lines().find(|l| l.starts_with("var<workgroup>") && l.contains("array<f32, 4>")).unwrap_or_else(|| panic!("{wgsl}"));
    assert!(!declaration.contains('='), "{wgsl}");
    let (store, barrier) = (wgsl.find("array<f32, 4>(2f, 2f, 2f, 2f)"), wgsl.find("workgroupBarrier()"));
    assert!(store.is_some() && barrier.is_some() && store < barrier, "{wgsl}");
}

/// `centroid` and `sample` interpolation reach the WGSL on both sides of the varying (naga's
/// reader turned them into the pixel centre; `output/naga_repairs.rs` restores them), so a
/// multisampled target interpolates where the shader asked.
#[test]
fn centroid_and_sample_interpolation_survive() {
    let v = vs("#version 450
layout(location = 0) in vec2 pos;
layout(location = 0) out float c;
layout(location = 1) out float s;
void main() { gl_Position = vec4(pos, 0.0, 1.0); c = pos.x; s = pos.y; }");
    let f = fs("#version 450
layout(location = 0) centroid in float c;
layout(location = 1) sample in float s;
layout(location = 0) out vec4 o;
void main() { o = vec4(c, s, 0.0, 1.0); }");
    let plan = translate(&desc(v, Some(f))).unwrap_or_else(|e| panic!("{e}"));
    let wgsl = wgsl_of(&plan);
    assert_eq!(wgsl.matches("@interpolate(perspective, centroid)").count(), 2, "{wgsl}");
    assert_eq!(wgsl.matches("@interpolate(perspective, sample)").count(), 2, "{wgsl}");
}

/// The translator's own names (`tesserae_*`: demoted outputs, interface globals, emulation
/// functions) are found by name in the stage's naga module, so a user item named like one must
/// not be taken for it (or make the stage refused): a point stage whose own globals and
/// function are named like the demoted point size, the demoted cull distances and the stage
/// function keeps its meaning, the size it writes (or else the draw's) and no cull distances.
#[test]
fn user_names_like_the_translators_are_not_taken_for_them() {
    let stage = |writes_size: bool| {
        vs(&format!(
            "#version 450
layout(location=0) in vec2 p;
float tesserae_point_size = 40.0;
float tesserae_cull_distance[2] = float[2](-1.0, -1.0);
void tesserae_vertex() {{ tesserae_point_size += 1.0; }}
void main() {{
    tesserae_vertex();
    gl_Position = vec4(p * tesserae_point_size * tesserae_cull_distance[1], 0, 1);
    {}
}}",
            if writes_size { "gl_PointSize = 4.0;" } else { "" }
        ))
    };
    let fragment = "#version 450\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(gl_PointCoord, 0.0, 1.0); }";
    for writes_size in [true, false] {
        let mut d = desc(stage(writes_size), Some(fs(fragment)));
        d.topology = Topology::PointList;
        let plan = translate(&d).unwrap_or_else(|e| panic!("{e}"));
        let Pass::Compute(cp) = &plan.passes[0] else { panic!("the point vertices pass first") };
        let w = cp.shader.wgsl.as_str();
        assert!(w.contains("var<private> user_tesserae_point_size: f32;"), "{w}");
        assert!(!w.contains("var<private> tesserae_cull_distance"), "no cull distances: {w}");
        let rules = w.lines().find(|l| l.contains("tesserae_point_size_keep(_e")).unwrap_or_else(|| panic!("{w}"));
        assert!(rules.ends_with(", true);"), "no distance drops the point: {rules}");
        let size = rules.split(", ").nth(1).unwrap_or_default();
        let read = w.lines().find(|l| l.contains(&format!("let {size} = "))).unwrap_or_else(|| panic!("{size} in {w}"));
        let expected = if writes_size { "= tesserae_point_size;" } else { ".point_size;" };
        assert!(read.ends_with(expected), "the size is {expected}: {read}");
    }
}
