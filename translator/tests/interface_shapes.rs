//! Valid Vulkan interface shapes the translator takes: blocks and structs between stages
//! (flattened to one variable per location), a vertex stage without `Position`, transform
//! feedback decorations.

mod common;
use common::*;
use tesserae::*;

fn desc(v: Vec<u32>, f: Option<Vec<u32>>) -> PipelineDesc {
    let r = reflect::load(&v, None).expect("vertex loads").reflection;
    PipelineDesc { vertex_buffers: VertexBufferLayout::infer(&r), ..PipelineDesc::new(StageDesc::new(v), f.map(StageDesc::new)) }
}

fn render(plan: &Plan) -> &RenderPass {
    plan.passes.iter().rev().find_map(|p| if let Pass::Render(rp) = p { Some(rp) } else { None }).expect("a render pass")
}

/// (location, type, flat) of each user output of a loaded stage.
fn outputs(words: &[u32]) -> Vec<(u32, String, bool)> {
    let r = reflect::load(words, None).expect("loads").reflection;
    r.outputs.iter().map(|o| (o.location, o.ty.to_string(), o.interpolation.flat)).collect()
}

fn inputs(words: &[u32]) -> Vec<(u32, String, bool)> {
    let r = reflect::load(words, None).expect("loads").reflection;
    r.inputs.iter().map(|o| (o.location, o.ty.to_string(), o.interpolation.flat)).collect()
}

const BLOCK_VS: &str = "#version 450
struct Inner { vec2 uv; float w; };
struct Light { vec3 color; float k; };
layout(location = 0) in vec2 pos;
layout(location = 0) out VS_OUT {
    vec3 normal;
    Inner inner;
    vec2 offs[2];
    flat int id;
    layout(location = 9) noperspective float np;
    Light lights[2];
    mat2 m;
} vs_out;
layout(location = 16) out Light extra;
void main() {
    gl_Position = vec4(pos, 0.0, 1.0);
    vs_out.normal = vec3(pos, 1.0);
    vs_out.inner.uv = pos;
    vs_out.inner.w = 0.5;
    vs_out.offs[0] = pos;
    vs_out.offs[1] = -pos;
    vs_out.id = 3;
    vs_out.np = 1.0;
    vs_out.lights[0].color = vec3(0.25);
    vs_out.lights[1] = Light(vec3(0.5), 2.0);
    vs_out.lights[0].k = 1.0;
    vs_out.m = mat2(1.0);
    extra = Light(vec3(1.0), 2.0);
}";

const BLOCK_FS: &str = "#version 450
struct Inner { vec2 uv; float w; };
struct Light { vec3 color; float k; };
layout(location = 0) in VS_OUT {
    vec3 normal;
    Inner inner;
    vec2 offs[2];
    flat int id;
    layout(location = 9) noperspective float np;
    Light lights[2];
    mat2 m;
} fs_in;
layout(location = 16) in Light extra;
layout(location = 0) out vec4 o;
void main() {
    Light l = fs_in.lights[1];
    Inner inner = fs_in.inner;
    o = vec4(fs_in.normal * inner.w + l.color * extra.k, fs_in.offs[1].x + float(fs_in.id) + fs_in.np + fs_in.m[1][1] + inner.uv.y);
}";

fn expected_block_locations() -> Vec<(u32, String, bool)> {
    let f = |l: u32, t: &str, flat: bool| (l, t.to_string(), flat);
    vec![
        f(0, "f32x3", false),  // normal
        f(1, "f32x2", false),  // inner.uv
        f(2, "f32", false),    // inner.w
        f(3, "f32x2", false),  // offs[0]
        f(4, "f32x2", false),  // offs[1]
        f(5, "i32", true),     // id
        f(9, "f32", false),    // np (own Location)
        f(10, "f32x3", false), // lights[0].color
        f(11, "f32", false),   // lights[0].k
        f(12, "f32x3", false), // lights[1].color
        f(13, "f32", false),   // lights[1].k
        f(14, "f32x2", false), // m[0] (a location per column)
        f(15, "f32x2", false), // m[1]
        f(16, "f32x3", false), // extra.color
        f(17, "f32", false),   // extra.k
    ]
}

#[test]
fn blocks_and_structs_flatten_to_one_variable_per_location() {
    let v = vs(BLOCK_VS);
    let f = fs(BLOCK_FS);
    assert_eq!(outputs(&v), expected_block_locations());
    assert_eq!(inputs(&f), expected_block_locations());
    let r = reflect::load(&f, None).unwrap().reflection;
    let np = r.inputs.iter().find(|i| i.location == 9).unwrap();
    assert!(np.interpolation.no_perspective, "noperspective carried over from the member");
    assert_eq!(np.name, "fs_in_np");

    let plan = translate(&desc(v.clone(), Some(f))).expect("translates");
    assert_eq!(plan, translate(&desc(v, Some(fs(BLOCK_FS)))).unwrap(), "deterministic");
    let rp = render(&plan);
    let vw = rp.vertex.wgsl.as_str();
    let fw = rp.fragment.as_ref().unwrap().wgsl.as_str();
    for l in [0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, 14, 15, 16, 17] {
        assert!(vw.contains(&format!("@location({l})")), "vertex output {l}:\n{vw}");
        assert!(fw.contains(&format!("@location({l})")), "fragment input {l}:\n{fw}");
    }
    assert!(vw.contains("@location(5) @interpolate(flat"), "{vw}");
    assert!(fw.contains("@location(5) @interpolate(flat"), "{fw}");
    assert!(fw.contains("@location(9) @interpolate(linear"), "{fw}");
    assert!(vw.contains("@location(9) @interpolate(linear"), "harmonized onto the vertex side:\n{vw}");
}

#[test]
fn flattened_block_meets_plain_variables_on_the_other_side() {
    let v = vs("#version 450
layout(location = 0) in vec2 pos;
layout(location = 0) out vec3 a;
layout(location = 1) out vec2 b;
layout(location = 2) flat out ivec2 c;
void main() { gl_Position = vec4(pos, 0.0, 1.0); a = vec3(pos, 1.0); b = pos; c = ivec2(1, 2); }");
    let f = fs("#version 450
layout(location = 0) in Block { vec3 a; vec2 b; flat ivec2 c; } blk;
layout(location = 0) out vec4 o;
void main() { o = vec4(blk.a + vec3(blk.b, float(blk.c.y)), 1.0); }");
    translate(&desc(v, Some(f))).expect("translates");
}

#[test]
fn dynamically_indexed_array_of_structs_goes_through_a_private_copy() {
    let v = vs("#version 450
struct Light { vec3 color; float k; };
layout(location = 0) in vec2 pos;
layout(location = 0) out Block { Light lights[3]; flat int count; } vs_out;
void main() {
    gl_Position = vec4(pos, 0.0, 1.0);
    for (int i = 0; i < 3; i++) { vs_out.lights[i].color = vec3(float(i)); vs_out.lights[i].k = pos.x; }
    vs_out.count = 3;
}");
    let f = fs("#version 450
struct Light { vec3 color; float k; };
layout(location = 0) in Block { Light lights[3]; flat int count; } fs_in;
layout(location = 0) out vec4 o;
void main() {
    vec3 sum = vec3(0.0);
    for (int i = 0; i < fs_in.count; i++) sum += fs_in.lights[i].color * fs_in.lights[i].k;
    o = vec4(sum, 1.0);
}");
    let locations: Vec<u32> = outputs(&v).iter().map(|o| o.0).collect();
    assert_eq!(locations, [0, 1, 2, 3, 4, 5, 6]);
    let plan = translate(&desc(v, Some(f))).expect("translates");
    let rp = render(&plan);
    assert!(rp.vertex.wgsl.contains("var<private>"), "{}", rp.vertex.wgsl);
    assert!(rp.fragment.as_ref().unwrap().wgsl.contains("var<private>"), "{}", rp.fragment.as_ref().unwrap().wgsl);
}

#[test]
fn block_outputs_translate_on_their_own_and_in_every_path() {
    let v = vs("#version 450
layout(location = 0) in vec2 pos;
layout(location = 3) out Block { vec4 color; flat uint id; } vs_out;
out float gl_CullDistance[1];
void main() { gl_Position = vec4(pos, 0.0, 1.0); gl_PointSize = 3.0; gl_CullDistance[0] = pos.x; vs_out.color = vec4(pos, 0.0, 1.0); vs_out.id = 7u; }");
    let f = fs("#version 450
layout(location = 3) in Block { vec4 color; flat uint id; } fs_in;
layout(location = 0) out vec4 o;
void main() { o = fs_in.color * float(fs_in.id); }");
    let alone = vs("#version 450
layout(location = 0) in vec2 pos;
layout(location = 3) out Block { vec4 color; flat uint id; } vs_out;
void main() { gl_Position = vec4(pos, 0.0, 1.0); vs_out.color = vec4(pos, 0.0, 1.0); vs_out.id = 7u; }");
    let shader = translate_stage(&StageDesc::new(alone)).expect("translate_stage");
    assert!(shader.wgsl.contains("@location(4) @interpolate(flat"), "{}", shader.wgsl);
    // Cull distances: the primitive pass.
    let plan = translate(&desc(v.clone(), Some(f.clone()))).expect("culled");
    assert_eq!(plan.passes.len(), 4);
    // Points with a size: the expanded-points pass.
    let plan = translate(&PipelineDesc { topology: Topology::PointList, ..desc(v, Some(f)) }).expect("points");
    assert_eq!(plan.passes.len(), 2);
}

#[test]
fn builtin_block_is_left_alone() {
    let v = vs(common::VS);
    let m = reflect::load(&v, None).unwrap();
    assert!(m.reflection.writes(spirv::BuiltIn::Position));
    let per_vertex = m.module().debug_names.iter().any(|n| format!("{:?}", n.operands).contains("gl_PerVertex"));
    assert!(per_vertex);
}

#[test]
fn arrayed_blocks_of_tessellation_stages_reflect_member_by_member() {
    let tcs = glsl(
        glslang::ShaderStage::TesselationControl,
        "#version 450
layout(vertices = 3) out;
layout(location = 0) in Block { vec4 c; } tcs_in[];
layout(location = 0) out Block { vec4 c; } tcs_out[];
void main() { gl_TessLevelOuter[0] = 1.0; tcs_out[gl_InvocationID].c = tcs_in[gl_InvocationID].c; }",
    );
    // The module keeps the block (the tessellation lowering passes it through records); the
    // reflection lists its members at their locations, so interfaces match member by member.
    let m = reflect::load(&tcs, None).unwrap();
    let locations: Vec<u32> = m.reflection.outputs.iter().map(|v| v.location).collect();
    assert_eq!(locations, [0]);
    assert_eq!(m.reflection.inputs.iter().map(|v| (v.location, v.ty.components)).collect::<Vec<_>>(), [(0, 4)]);
}

#[test]
fn vertex_stage_without_position_gets_one_outside_the_clip_volume() {
    for (src, topology) in [
        ("#version 450\nlayout(location=0) in vec2 p;\nlayout(location=0) out vec2 v;\nvoid main(){ v = p; }", Topology::TriangleList),
        // gl_PerVertex declared (PointSize written), Position never written.
        (
            "#version 450\nlayout(location=0) in vec2 p;\nlayout(location=0) out vec2 v;\nvoid main(){ v = p; gl_PointSize = 2.0; }",
            Topology::TriangleList,
        ),
        (
            "#version 450\nlayout(location=0) in vec2 p;\nlayout(location=0) out vec2 v;\nvoid main(){ v = p; gl_PointSize = 2.0; }",
            Topology::PointList,
        ),
        ("#version 450\nlayout(location=0) in vec2 p;\nvoid main(){}", Topology::LineList),
    ] {
        let f = fs("#version 450\nlayout(location=0) in vec2 v;\nlayout(location=0) out vec4 o;\nvoid main(){ o = vec4(v, 0.0, 1.0); }");
        let v = vs(src);
        let f = src.contains("out vec2 v").then_some(f);
        let plan = translate(&PipelineDesc { topology, ..desc(v, f) }).unwrap_or_else(|e| panic!("{src}: {e}"));
        let all: String = plan.passes.iter().flat_map(|p| p.shaders()).map(|s| s.wgsl.to_string()).collect();
        assert!(all.contains("-1f") || all.contains("-1.0"), "{src}:\n{all}");
    }
    let shader = translate_stage(&StageDesc::new(vs("#version 450\nvoid main(){}"))).expect("translate_stage");
    assert!(shader.wgsl.contains("@builtin(position)"), "{}", shader.wgsl);
}

#[test]
fn transform_feedback_decorations_go_once_the_capture_is_read() {
    let v = vs("#version 450
layout(location = 0) in vec2 pos;
layout(xfb_buffer = 0, xfb_offset = 0, location = 0) out vec4 a;
layout(xfb_buffer = 1, xfb_stride = 32, location = 1) out Block { layout(xfb_offset = 16) vec2 b; layout(xfb_offset = 0) float c; } blk;
void main() { gl_Position = vec4(pos, 0.0, 1.0); a = vec4(pos, 0.0, 1.0); blk.b = pos; blk.c = 1.0; }");
    let raw = rspirv::dr::load_words(&v).unwrap();
    assert!(raw.execution_modes.iter().any(|m| format!("{:?}", m.operands).contains("Xfb")), "glslang emits the Xfb mode");
    let m = reflect::load(&v, None).unwrap();
    assert!(m.reflection.execution_mode(spirv::ExecutionMode::Xfb).is_none());
    assert!(!m
        .module()
        .capabilities
        .iter()
        .any(|c| c.operands[0] == rspirv::dr::Operand::Capability(spirv::Capability::TransformFeedback)));
    assert_eq!(outputs(&v), [(0, "f32x4".into(), false), (1, "f32x2".into(), false), (2, "f32".into(), false)]);
    let f = fs("#version 450
layout(location = 0) in vec4 a;
layout(location = 1) in vec2 b;
layout(location = 2) in float c;
layout(location = 0) out vec4 o;
void main() { o = a + vec4(b, c, 0.0); }");
    let plan = translate(&desc(v, Some(f))).expect("translates");
    // The capture's passes, then the draw as without transform feedback.
    let capture = plan.capture.as_ref().expect("the stage captures");
    assert_eq!(capture.buffers, vec![(0, 16), (1, 32)]);
    assert!(matches!(plan.passes.last(), Some(Pass::Render(_))));
    assert!(plan.passes[..plan.passes.len() - 1].iter().all(|p| matches!(p, Pass::Compute(c) if c.capture)));
}

#[test]
fn self_referencing_types_in_an_interface_do_not_hang_loading() {
    // Every OpTypeArray made an array of itself, in modules with xfb and with blocks.
    let sources = [
        "#version 450\nlayout(location=0) in vec2 p;\nlayout(xfb_buffer=0, xfb_offset=0, location=0) out float v[2];\nvoid main(){ gl_Position = vec4(p, 0.0, 1.0); v[0] = 1.0; v[1] = 2.0; }",
        BLOCK_VS,
    ];
    for src in sources {
        let mut words = vs(src);
        let mut i = 5;
        while i < words.len() {
            let (count, op) = ((words[i] >> 16) as usize, words[i] & 0xffff);
            if op == 28 && count == 4 {
                words[i + 2] = words[i + 1]; // OpTypeArray %result %element %length: element = result
            }
            i += count.max(1);
        }
        let _ = reflect::load(&words, None);
        let _ = translate(&PipelineDesc::new(StageDesc::new(words), None));
    }
}

#[test]
fn evaluation_stage_outputs_flatten_but_per_vertex_inputs_stay() {
    let tes = glsl(
        glslang::ShaderStage::TesselationEvaluation,
        "#version 450
layout(triangles) in;
layout(location = 0) in vec2 uv[];
layout(location = 0) out float v[2];
void main() { gl_Position = gl_in[0].gl_Position * gl_TessCoord.x; v[0] = uv[0].x; v[1] = uv[1].y; }",
    );
    assert_eq!(inputs(&tes), [(0, "f32x2".into(), false)]);
    assert_eq!(outputs(&tes), [(0, "f32".into(), false), (1, "f32".into(), false)]);
    let tcs = glsl(
        glslang::ShaderStage::TesselationControl,
        "#version 450
layout(vertices = 3) out;
layout(location = 0) in vec2 uv_in[];
layout(location = 0) out vec2 uv[];
void main() {
    gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0; gl_TessLevelOuter[2] = 1.0; gl_TessLevelInner[0] = 1.0;
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    uv[gl_InvocationID] = uv_in[gl_InvocationID];
}",
    );
    let v = vs("#version 450
layout(location = 0) in vec2 pos;
layout(location = 0) out vec2 uv;
void main() { gl_Position = vec4(pos, 0.0, 1.0); uv = pos; }");
    let f = fs("#version 450
layout(location = 0) in float v[2];
layout(location = 0) out vec4 o;
void main() { o = vec4(v[0], v[1], 0.0, 1.0); }");
    let mut d = desc(v, Some(f));
    d.tess_control = Some(StageDesc::new(tcs));
    d.tess_eval = Some(StageDesc::new(tes));
    d.topology = Topology::PatchList { control_points: 3 };
    translate(&d).expect("an array varying from the evaluation stage meets the fragment stage's");
}

/// A tessellated pipeline: `vs` → a pass-through control stage with `tcs_decl`/`tcs_body` →
/// an evaluation stage with `tes_decl`, colouring with `tes_color`.
fn tessellated(vs_src: &str, tcs_decl: &str, tcs_body: &str, tes_decl: &str, tes_color: &str) -> Result<Plan, TranslateError> {
    let tcs = glsl(
        glslang::ShaderStage::TesselationControl,
        &format!(
            "#version 450
layout(vertices = 3) out;
{tcs_decl}
void main() {{
    gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0; gl_TessLevelOuter[2] = 1.0; gl_TessLevelInner[0] = 1.0;
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    {tcs_body}
}}"
        ),
    );
    let tes = glsl(
        glslang::ShaderStage::TesselationEvaluation,
        &format!(
            "#version 450
layout(triangles) in;
{tes_decl}
layout(location = 0) out vec4 color;
void main() {{ gl_Position = gl_in[0].gl_Position * gl_TessCoord.x; color = {tes_color}; }}"
        ),
    );
    let f = fs("#version 450\nlayout(location = 0) in vec4 color;\nlayout(location = 0) out vec4 o;\nvoid main() { o = color; }");
    let mut d = desc(vs(vs_src), Some(f));
    d.tess_control = Some(StageDesc::new(tcs));
    d.tess_eval = Some(StageDesc::new(tes));
    d.topology = Topology::PatchList { control_points: 3 };
    translate(&d)
}

#[test]
fn vertex_array_output_meets_a_control_stage_array_of_arrays() {
    // The vertex stage's `arr` is flattened to locations 0 and 1; the control stage reads them
    // as one per-vertex `float[2]` (left whole).
    let plan = tessellated(
        "#version 450
layout(location = 0) in vec2 pos;
layout(location = 0) out float arr[2];
layout(location = 2) out mat2 m;
void main() { gl_Position = vec4(pos, 0.0, 1.0); arr[0] = pos.x; arr[1] = pos.y; m = mat2(pos, pos); }",
        "layout(location = 0) in float arr[][2];\nlayout(location = 2) in mat2 m[];\nlayout(location = 0) patch out vec2 sum;",
        "if (gl_InvocationID == 0) sum = vec2(arr[0][0] + arr[1][1], m[2][1].x);",
        "layout(location = 0) patch in vec2 sum;",
        "vec4(sum, 0.0, 1.0)",
    );
    plan.expect("translates");
}

#[test]
fn control_stage_patch_arrays_stay_whole_and_structs_flatten_on_both_sides() {
    let decl = "struct S { vec2 a; float b; };\n";
    tessellated(
        "#version 450\nlayout(location = 0) in vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }",
        &format!("{decl}layout(location = 0) patch out float parts[3];\nlayout(location = 3) patch out S s;"),
        "parts[gl_InvocationID] = float(gl_InvocationID); if (gl_InvocationID == 0) { s.a = vec2(1.0); s.b = 0.5; }",
        &format!("{decl}layout(location = 0) patch in float parts[3];\nlayout(location = 3) patch in S s;"),
        "vec4(parts[0], parts[2], s.a.y, s.b)",
    )
    .expect("translates");
    let tcs = glsl(
        glslang::ShaderStage::TesselationControl,
        "#version 450
struct S { vec2 a; float b; };
layout(vertices = 3) out;
layout(location = 0) patch out S s[3];
void main() { s[gl_InvocationID].b = 1.0; gl_TessLevelOuter[0] = 1.0; }",
    );
    let e = reflect::load(&tcs, None).unwrap_err();
    assert!(matches!(e, LoadError::Unsupported(ref what) if what.contains("tessellation control")), "{e}");
}

#[test]
fn matrix_vertex_attribute_and_fragment_output_array_flatten_too() {
    let v = vs("#version 450
layout(location = 0) in vec2 pos;
layout(location = 1) in mat4 model;
layout(location = 0) out vec4 c;
void main() { gl_Position = model * vec4(pos, 0.0, 1.0); c = model[3]; }");
    let r = reflect::load(&v, None).unwrap().reflection;
    let locations: Vec<(u32, String)> = r.inputs.iter().map(|i| (i.location, i.ty.to_string())).collect();
    assert_eq!(locations, [(0, "f32x2".into()), (1, "f32x4".into()), (2, "f32x4".into()), (3, "f32x4".into()), (4, "f32x4".into())]);
    let f = fs("#version 450
layout(location = 0) in vec4 c;
layout(location = 0) out vec4 o[2];
void main() { o[0] = c; o[1] = c * 0.5; }");
    let plan = translate(&desc(v, Some(f))).expect("translates");
    let fw = &render(&plan).fragment.as_ref().unwrap().wgsl;
    assert!(fw.contains("@location(1)"), "{fw}");
}

#[test]
fn variables_packed_by_component_share_one_vector_per_location() {
    let v = vs("#version 450
layout(location = 0) in vec2 pos;
layout(location = 4, component = 0) out float a;
layout(location = 4, component = 1) out vec2 bc;
layout(location = 6, component = 2) flat out uint id;
out float gl_CullDistance[1];
void main() { gl_Position = vec4(pos, 0.0, 1.0); gl_PointSize = 3.0; gl_CullDistance[0] = pos.x; a = pos.x; bc = pos; id = 3u; }");
    let f = fs("#version 450
layout(location = 4, component = 0) in float a;
layout(location = 4, component = 1) in float b;
layout(location = 4, component = 2) in float c;
layout(location = 6, component = 2) flat in uint id;
layout(location = 0) out vec4 o;
void main() { o = vec4(a, b, c, float(id)); }");
    // One variable per location, as wide as the highest component written.
    assert_eq!(outputs(&v), [(4, "f32x3".to_string(), false), (6, "u32x3".to_string(), true)]);
    assert_eq!(inputs(&f), [(4, "f32x3".to_string(), false), (6, "u32x3".to_string(), true)]);
    // Every path takes them: plain, cull distances, wide points.
    let culled = translate(&desc(v.clone(), Some(f.clone()))).expect("culled");
    assert!(render(&culled).fragment.as_ref().expect("fragment").wgsl.contains("@location(4) "), "{}", render(&culled).vertex.wgsl);
    translate(&PipelineDesc { topology: Topology::PointList, ..desc(v, Some(f.clone())) }).expect("points");
    let plain = vs("#version 450
layout(location = 0) in vec2 pos;
layout(location = 4, component = 2) out float c;
void main() { gl_Position = vec4(pos, 0.0, 1.0); c = pos.y; }");
    let f_c = fs("#version 450
layout(location = 4, component = 2) in float c;
layout(location = 0) out vec4 o;
void main() { o = vec4(c); }");
    let plan = translate(&desc(plain, Some(f_c))).expect("plain");
    assert!(render(&plan).vertex.wgsl.contains("vec3<f32>"), "{}", render(&plan).vertex.wgsl);
}

/// A control stage that stores only constant levels bounds the tessellation's buffers by the
/// largest of them (the CTS's tessellation scripts store 1.0 over 20,736 patches: sized for
/// level 64 they needed 191 MB of indices, over lavapipe's 128 MiB binding); a level computed
/// at run time keeps them sized for `Options::max_tessellation_level`.
#[test]
fn tessellation_buffers_are_sized_for_the_constant_levels_the_control_stage_stores() {
    let vs_src = "#version 450\nlayout(location = 0) in vec4 pos;\nvoid main() { gl_Position = pos; }";
    let index_bytes =
        |plan: &Plan| plan.buffers.iter().find(|b| b.name == "tess indices").map(|b| b.size.clone()).expect("a tess indices buffer");
    let constant = tessellated(vs_src, "", "", "", "vec4(1.0)").expect("translates");
    let computed = tessellated(vs_src, "", "gl_TessLevelOuter[1] = gl_in[0].gl_Position.x;", "", "vec4(1.0)").expect("translates");
    let per_patch = |size| match size {
        tesserae::BufferSize::PerPatch { bytes } => bytes,
        other => panic!("indices sized {other:?}"),
    };
    let (small, large) = (per_patch(index_bytes(&constant)), per_patch(index_bytes(&computed)));
    let at = |level| 4 * tesserae::tessellator::gpu::max_indices_per_patch(tesserae::tessellator::Domain::Triangles, false, level) as u64;
    assert_eq!(small, at(1), "levels of 1.0: indices for level 1");
    assert_eq!(large, at(64), "a computed level: indices for level 64");
}
