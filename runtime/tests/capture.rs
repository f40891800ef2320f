//! Transform feedback through the runtime: captured vertices land in the application's buffer
//! in Vulkan's order (strips as lists), a primitive that does not fit is written nowhere, and
//! the counts are Vulkan's query pair. Every expected word is computed here from the spec.

mod common;

use common::glsl;
use glslang::ShaderStage;
use tesserae::{PipelineDesc, StageDesc, Topology};
use tesserae_wgpu::{DrawCall, Inputs, PipelineConfig, TranslatedPipeline};

const FILL: u32 = 0xCDCD_CDCD;

/// Runs `calls` of the pipeline with `capture_bytes` bytes of buffer 0 (filled with [`FILL`])
/// and returns its words and the (written, needed) counts.
fn capture(desc: &PipelineDesc, calls: &[DrawCall], capture_bytes: u64) -> Option<(Vec<u32>, [u32; 2])> {
    let Some((device, queue)) = common::try_device(None) else {
        common::no_device("transform feedback capture");
        return None;
    };
    let plan = tesserae::translate(desc).expect("translate");
    assert!(plan.capture.is_some(), "the plan captures");
    let mut p = TranslatedPipeline::new(&device, plan, &PipelineConfig::new(wgpu::TextureFormat::Rgba8Unorm)).expect("pipeline");
    let init: Vec<u8> = (0..capture_bytes / 4).flat_map(|_| FILL.to_le_bytes()).collect();
    let buffer = wgpu::util::DeviceExt::create_buffer_init(
        &device,
        &wgpu::util::BufferInitDescriptor {
            label: None,
            contents: &init,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        },
    );
    let mut encoder = device.create_command_encoder(&Default::default());
    let inputs = Inputs {
        vertex_buffers: &[],
        index_buffer: None,
        bind_groups: &[],
        push_constants: &[],
        viewport: [64.0; 2],
        point_size: 1.0,
        capture_buffers: &[(0, &buffer)],
    };
    p.prepare(&device, &queue, &mut encoder, calls, &inputs).expect("prepare");
    let counts = p.capture_counts().expect("a capturing plan has counts");
    let read = |encoder: &mut wgpu::CommandEncoder, b: &wgpu::Buffer, size: u64| {
        let r = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size,
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        encoder.copy_buffer_to_buffer(b, 0, &r, 0, size);
        r
    };
    let words_back = read(&mut encoder, &buffer, capture_bytes);
    let counts_back = read(&mut encoder, counts, 8);
    queue.submit([encoder.finish()]);
    let words = map_words(&device, &words_back);
    let c = map_words(&device, &counts_back);
    Some((words, [c[0], c[1]]))
}

fn map_words(device: &wgpu::Device, b: &wgpu::Buffer) -> Vec<u32> {
    b.slice(..).map_async(wgpu::MapMode::Read, |r| r.expect("map"));
    device.poll(wgpu::PollType::wait_indefinitely()).expect("poll");
    let data = b.slice(..).get_mapped_range().expect("mapped");
    data.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn draw(count: u32, instances: u32) -> DrawCall {
    DrawCall { indexed: false, count, instances, first: 0, first_instance: 0, base_vertex: 0 }
}

#[test]
fn a_vertex_stage_captures_a_strip_as_triangles_until_the_buffer_is_full() {
    // Word 0: the vertex index as a float, word 1: the instance as an int; stride 12 leaves
    // word 2 of every vertex unwritten.
    let vs = glsl(
        ShaderStage::Vertex,
        "#version 450
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 12) out float v;
layout(location = 1, xfb_buffer = 0, xfb_offset = 4) flat out int inst;
void main() {
    v = float(gl_VertexIndex);
    inst = gl_InstanceIndex;
    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
}",
    );
    let desc = PipelineDesc { topology: Topology::TriangleStrip, ..PipelineDesc::new(StageDesc::new(vs), None) };
    // A strip of 5 vertices is 3 triangles: (0, 1, 2), (1, 3, 2), (2, 3, 4) (Vulkan's order,
    // odd ones swapped); 2 instances make 6, of which a 5-triangle buffer holds 5.
    let triangle = 3 * 12;
    let Some((words, counts)) = capture(&desc, &[draw(5, 2)], 5 * triangle) else { return };
    assert_eq!(counts, [5, 6], "(written, needed)");
    let order = [0, 1, 2, 1, 3, 2, 2, 3, 4];
    let mut expected = Vec::new();
    for instance in 0..2u32 {
        for &v in &order {
            expected.extend([(v as f32).to_bits(), instance, FILL]);
        }
    }
    expected.truncate(5 * 9);
    assert_eq!(words, expected);
}

#[test]
fn a_geometry_stage_captures_each_emitted_strip_as_triangles_in_api_order() {
    let vs = glsl(ShaderStage::Vertex, "#version 450\nvoid main() { gl_Position = vec4(float(gl_VertexIndex), 0.0, 0.0, 1.0); }");
    // Each point emits a strip of 4 vertices (2 triangles) per invocation; the captured word is
    // 100 × input primitive + 10 × invocation + vertex.
    let gs = glsl(
        ShaderStage::Geometry,
        "#version 450
layout(points, invocations = 2) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 4) out float tag;
void main() {
    for (int k = 0; k < 4; k++) {
        tag = float(100 * gl_PrimitiveIDIn + 10 * gl_InvocationID + k);
        gl_Position = gl_in[0].gl_Position;
        EmitVertex();
    }
}",
    );
    let desc =
        PipelineDesc { topology: Topology::PointList, geometry: Some(StageDesc::new(gs)), ..PipelineDesc::new(StageDesc::new(vs), None) };
    let Some((words, counts)) = capture(&desc, &[draw(3, 1)], 4 * 3 * 12 + 8) else { return };
    assert_eq!(counts, [12, 12]);
    let mut expected = Vec::new();
    for p in 0..3 {
        for i in 0..2 {
            for k in [0, 1, 2, 1, 3, 2] {
                expected.push(((100 * p + 10 * i + k) as f32).to_bits());
            }
        }
    }
    expected.extend([FILL, FILL]);
    assert_eq!(words, expected);
}

#[test]
fn an_evaluation_stage_captures_the_tessellators_triangles_in_its_order() {
    use tesserae::tessellator::{tessellate, Domain, Spacing, TessConfig};
    let vs = glsl(ShaderStage::Vertex, "#version 450\nvoid main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }");
    let tcs = glsl(
        ShaderStage::TesselationControl,
        "#version 450
layout(vertices = 3) out;
void main() {
    gl_TessLevelOuter[0] = 2.0; gl_TessLevelOuter[1] = 2.0; gl_TessLevelOuter[2] = 2.0;
    gl_TessLevelInner[0] = 2.0;
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
}",
    );
    // The captured vertex: TessCoord.xy and the patch, from the spec's tessellation of level 2.
    let tes = glsl(
        ShaderStage::TesselationEvaluation,
        "#version 450
layout(triangles, equal_spacing, ccw) in;
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 12) out vec2 uv;
layout(location = 1, xfb_buffer = 0, xfb_offset = 8) flat out int patch_id;
void main() {
    uv = gl_TessCoord.xy;
    patch_id = gl_PrimitiveID;
    gl_Position = vec4(gl_TessCoord, 1.0);
}",
    );
    let desc = PipelineDesc {
        topology: Topology::PatchList { control_points: 3 },
        tess_control: Some(StageDesc::new(tcs)),
        tess_eval: Some(StageDesc::new(tes)),
        ..PipelineDesc::new(StageDesc::new(vs), None)
    };
    let t = tessellate(&TessConfig::uniform(Domain::Triangles, Spacing::Equal, 2.0));
    let triangles = t.primitives.len() as u32;
    let Some((words, counts)) = capture(&desc, &[draw(6, 1)], 2 * triangles as u64 * 36) else { return };
    assert_eq!(counts, [2 * triangles, 2 * triangles]);
    let mut expected = Vec::new();
    for patch in 0..2u32 {
        for i in t.primitives.indices() {
            let [u, v] = t.points[i as usize];
            expected.extend([u.to_bits(), v.to_bits(), patch]);
        }
    }
    assert_eq!(words, expected);
}

fn capturing_vertex_stage() -> PipelineDesc {
    let vs = glsl(
        ShaderStage::Vertex,
        "#version 450
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 4) out float a;
layout(location = 1, xfb_buffer = 1, xfb_offset = 0, xfb_stride = 4) out float b;
void main() { a = 1.0; b = 2.0; gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }",
    );
    PipelineDesc::new(StageDesc::new(vs), None)
}

#[test]
fn a_capturing_plan_without_capture_buffers_skips_its_capture_and_one_missing_is_an_error() {
    let Some((device, queue)) = common::try_device(None) else {
        common::no_device("transform feedback capture");
        return;
    };
    let plan = tesserae::translate(&capturing_vertex_stage()).expect("translate");
    let mut p = TranslatedPipeline::new(&device, plan, &PipelineConfig::new(wgpu::TextureFormat::Rgba8Unorm)).expect("pipeline");
    let inputs = |capture_buffers| Inputs {
        vertex_buffers: &[],
        index_buffer: None,
        bind_groups: &[],
        push_constants: &[],
        viewport: [64.0; 2],
        point_size: 1.0,
        capture_buffers,
    };
    // Transform feedback inactive: nothing is bound or captured, the draw is recorded as ever.
    let mut encoder = device.create_command_encoder(&Default::default());
    p.prepare(&device, &queue, &mut encoder, &[draw(3, 1)], &inputs(&[])).expect("a capturing plan prepares without buffers");
    queue.submit([encoder.finish()]);
    // Active with buffer 0 only: buffer 1 is named.
    let b0 = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    let only_0 = [(0, &b0)];
    let err = p.prepare(&device, &queue, &mut encoder, &[draw(3, 1)], &inputs(&only_0)).expect_err("buffer 1 is missing");
    assert!(matches!(err, tesserae_wgpu::RuntimeError::MissingCaptureBuffer { buffer: 1 }), "{err}");
    // A buffer without STORAGE usage is named too.
    let mapped = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 64,
        usage: wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    let unusable = [(0, &b0), (1, &mapped)];
    let err = p.prepare(&device, &queue, &mut encoder, &[draw(3, 1)], &inputs(&unusable)).expect_err("no STORAGE");
    assert!(matches!(err, tesserae_wgpu::RuntimeError::BufferUsage { .. }), "{err}");
}
