//! Bad input reaches the application as typed errors: a set the device cannot hold, a missing
//! bind group, buffers too small or without the usage the plan needs, too many push-constant
//! bytes.

mod common;
use common::*;
use glslang::ShaderStage;
use tesserae::{PipelineDesc, StageDesc, StepMode, Topology, VertexAttribute, VertexBufferLayout, VertexFormat};
use tesserae_wgpu::{DrawCall, Inputs, PipelineConfig, RuntimeError, TranslatedPipeline};

const FS: &str = "#version 450
layout(location = 0) out vec4 o;
void main() { o = vec4(1.0); }";

/// One buffer of `vec2` positions at location 0.
fn points_desc_layout() -> Vec<VertexBufferLayout> {
    vec![VertexBufferLayout {
        stride: 8,
        step_mode: StepMode::Vertex,
        attributes: vec![VertexAttribute { location: 0, format: VertexFormat::Float32x2, offset: 0 }],
    }]
}

fn points_desc(vs: &str, max_bind_groups: u32) -> PipelineDesc {
    let mut desc = PipelineDesc::new(StageDesc::new(glsl(ShaderStage::Vertex, vs)), Some(StageDesc::new(glsl(ShaderStage::Fragment, FS))));
    desc.topology = Topology::PointList;
    desc.vertex_buffers = points_desc_layout();
    desc.options.max_bind_groups = max_bind_groups;
    desc
}

const UBO_POINTS: &str = "#version 450
layout(set = 0, binding = 0) uniform Globals { float psize; } g;
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); gl_PointSize = g.psize; }";

const FOUR_SETS: &str = "#version 450
layout(set = 0, binding = 0) uniform A { vec4 a; };
layout(set = 1, binding = 0) uniform B { vec4 b; };
layout(set = 2, binding = 0) uniform C { vec4 c; };
layout(set = 3, binding = 0) uniform D { vec4 d; };
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0) + a + b + c + d; gl_PointSize = 4.0; }";

fn call(count: u32) -> DrawCall {
    DrawCall { indexed: false, count, instances: 1, first: 0, first_instance: 0, base_vertex: 0 }
}

fn buffer(device: &wgpu::Device, size: u64, usage: wgpu::BufferUsages) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor { label: None, size, usage, mapped_at_creation: false })
}

#[test]
fn every_set_taken_is_refused_with_the_limit_named() {
    let e = tesserae::translate(&points_desc(FOUR_SETS, 4)).unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, tesserae::TranslateError::Unsupported { .. }), "{text}");
    assert!(text.contains("4 bind groups"), "{text}");
    // With room for a fifth group the same pipeline translates, the emulation in group 4.
    let plan = tesserae::translate(&points_desc(FOUR_SETS, 8)).unwrap();
    assert_eq!(plan.emulation_group, Some(4));
}

#[test]
fn a_group_past_the_device_limit_is_a_runtime_error() {
    let plan = tesserae::translate(&points_desc(FOUR_SETS, 8)).unwrap();
    let (device, _) = device(Some(wgpu::Limits { max_bind_groups: 4, ..wgpu::Limits::downlevel_defaults() }));
    let e = TranslatedPipeline::new(&device, plan, &PipelineConfig::new(wgpu::TextureFormat::Rgba8Unorm)).err().unwrap();
    assert!(matches!(e, RuntimeError::TooManyBindGroups { group: 4, max: 4 }), "{e}");
}

#[test]
fn texel_buffers_are_refused_naming_the_variable() {
    // WebGPU has no texel buffers (input attachments, refused here before, now read as
    // textures: translator/tests/input_attachments.rs).
    let fs = glsl(
        ShaderStage::Fragment,
        "#version 450
layout(set = 0, binding = 3, r32f) uniform readonly imageBuffer values;
layout(location = 0) out vec4 o;
void main() { o = imageLoad(values, 0); }",
    );
    let vs = glsl(ShaderStage::Vertex, "#version 450\nvoid main() { gl_Position = vec4(0.0); }");
    let e = tesserae::translate(&PipelineDesc::new(StageDesc::new(vs), Some(StageDesc::new(fs)))).unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, tesserae::TranslateError::Unsupported { .. }), "{text}");
    assert!(text.contains("texel buffer") && text.contains("values") && text.contains("binding 3"), "{text}");
}

#[test]
fn draw_time_errors_are_typed() {
    let plan = tesserae::translate(&points_desc(UBO_POINTS, 4)).unwrap();
    assert_eq!(plan.resources.len(), 1, "the uniform buffer is listed");
    assert_eq!((plan.resources[0].set, plan.resources[0].binding), (0, 0));
    assert_eq!(plan.emulation_group, Some(1), "the emulation takes the first set the shaders leave free");
    let (device, queue) = device(None);
    let mut pipeline = TranslatedPipeline::new(&device, plan, &PipelineConfig::new(wgpu::TextureFormat::Rgba8Unorm)).unwrap();
    let ubo = buffer(&device, 16, wgpu::BufferUsages::UNIFORM);
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: pipeline.bind_group_layout(0).expect("set 0"),
        entries: &[wgpu::BindGroupEntry { binding: 0, resource: ubo.as_entire_binding() }],
    });
    let storage_vb = buffer(&device, 8 * 3, wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::STORAGE);
    let plain_vb = buffer(&device, 8 * 3, wgpu::BufferUsages::VERTEX);
    let mut encoder = device.create_command_encoder(&Default::default());
    let mut prepare = |vbs: &[&wgpu::Buffer], groups: &[(u32, &wgpu::BindGroup)], count: u32| {
        let inputs = Inputs {
            vertex_buffers: vbs,
            index_buffer: None,
            bind_groups: groups,
            push_constants: &[],
            viewport: [64.0, 64.0],
            point_size: 1.0,
            capture_buffers: &[],
        };
        pipeline.prepare(&device, &queue, &mut encoder, &[call(count)], &inputs)
    };
    let e = prepare(&[&storage_vb], &[], 3).unwrap_err();
    assert!(matches!(e, RuntimeError::MissingBindGroup { set: 0 }), "{e}");
    let e = prepare(&[&storage_vb], &[(0, &group)], 4).unwrap_err();
    assert!(matches!(e, RuntimeError::BufferTooSmall { needed: 32, .. }), "{e}");
    let e = prepare(&[&plain_vb], &[(0, &group)], 3).unwrap_err();
    assert!(matches!(e, RuntimeError::BufferUsage { .. }), "{e}");
    let e = prepare(&[], &[(0, &group)], 3).unwrap_err();
    assert!(matches!(e, RuntimeError::MissingVertexBuffer { slot: 0 }), "{e}");
    prepare(&[&storage_vb], &[(0, &group)], 3).expect("a well-formed frame");
}

#[test]
fn too_many_push_constant_bytes_are_refused() {
    let vs = "#version 450
layout(push_constant) uniform PC { vec4 offset; } pc;
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0) + pc.offset; }";
    let mut desc = points_desc(vs, 4);
    desc.topology = Topology::TriangleList;
    let plan = tesserae::translate(&desc).unwrap();
    assert_eq!(plan.push_constants.as_ref().map(|p| p.size), Some(16));
    let (device, queue) = device(None);
    let mut pipeline = TranslatedPipeline::new(&device, plan, &PipelineConfig::new(wgpu::TextureFormat::Rgba8Unorm)).unwrap();
    let vb = buffer(&device, 24, wgpu::BufferUsages::VERTEX);
    let mut encoder = device.create_command_encoder(&Default::default());
    let inputs = Inputs {
        vertex_buffers: &[&vb],
        index_buffer: None,
        bind_groups: &[],
        push_constants: &[0; 32],
        viewport: [64.0, 64.0],
        point_size: 1.0,
        capture_buffers: &[],
    };
    let e = pipeline.prepare(&device, &queue, &mut encoder, &[call(3)], &inputs).unwrap_err();
    assert!(matches!(e, RuntimeError::PushConstantsTooLarge { given: 32, size: 16 }), "{e}");
}

/// An evaluation stage with a cull distance that reads five storage buffers: the tessellation
/// cull-distances pass binds four storage buffers of its own besides them here (domain points,
/// control points, point counts, masks; up to six with per-patch outputs), nine to the compute
/// stage, one over WebGPU's default limit of eight.
fn tessellated_cull_with_storage_reads() -> PipelineDesc {
    let vs =
        glsl(ShaderStage::Vertex, "#version 450\nlayout(location = 0) in vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }");
    let tcs = glsl(
        ShaderStage::TesselationControl,
        "#version 450
layout(vertices = 3) out;
void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    gl_TessLevelOuter[0] = 2.0; gl_TessLevelOuter[1] = 2.0; gl_TessLevelOuter[2] = 2.0; gl_TessLevelInner[0] = 2.0;
}",
    );
    let tes = glsl(
        ShaderStage::TesselationEvaluation,
        "#version 450
layout(triangles) in;
layout(set = 0, binding = 0) readonly buffer A { vec4 a; };
layout(set = 0, binding = 1) readonly buffer B { vec4 b; };
layout(set = 0, binding = 2) readonly buffer C { vec4 c; };
layout(set = 0, binding = 3) readonly buffer D { vec4 d; };
layout(set = 0, binding = 4) readonly buffer E { vec4 e; };
out float gl_CullDistance[1];
void main() {
    gl_Position = gl_TessCoord.x * gl_in[0].gl_Position + gl_TessCoord.y * gl_in[1].gl_Position
        + gl_TessCoord.z * gl_in[2].gl_Position + a + b + c + d + e;
    gl_CullDistance[0] = gl_Position.x;
}",
    );
    let mut desc = PipelineDesc::new(StageDesc::new(vs), Some(StageDesc::new(glsl(ShaderStage::Fragment, FS))));
    desc.vertex_buffers = points_desc_layout();
    desc.tess_control = Some(StageDesc::new(tcs));
    desc.tess_eval = Some(StageDesc::new(tes));
    desc.topology = Topology::PatchList { control_points: 3 };
    desc
}

#[test]
fn a_pass_over_a_per_stage_binding_limit_is_refused_by_name() {
    let plan = tesserae::translate(&tessellated_cull_with_storage_reads()).unwrap();
    let config = PipelineConfig::new(wgpu::TextureFormat::Rgba8Unorm);
    let (webgpu_defaults, _) = device(Some(wgpu::Limits::default()));
    let e = TranslatedPipeline::new(&webgpu_defaults, plan.clone(), &config).err().unwrap();
    let RuntimeError::TooManyBindings { pass, stage, kind, count, limit, name } = &e else { panic!("{e}") };
    assert_eq!((pass.as_str(), *stage, *kind, *count, *limit), ("tessellation cull distances", "compute", "storage buffers", 9, 8), "{e}");
    assert_eq!(*name, "max_storage_buffers_per_shader_stage");
    // On the adapter's own limits (lavapipe's are far above eight) the same plan creates.
    let (device, _) = device(None);
    assert!(device.limits().max_storage_buffers_per_shader_stage >= 9);
    TranslatedPipeline::new(&device, plan, &config).expect("the adapter's limits hold the pass");
}
