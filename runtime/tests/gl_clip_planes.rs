//! wgpu's GL backend leaves `GL_CLIP_DISTANCEi` enabled after a command buffer that drew with
//! clip distances (wgpu-hal 30.0.2 resets its record of enabled planes per command buffer, not
//! the context). A later pipeline without clip distances would then be clipped by undefined
//! distances. `TranslatedPipeline::draw` leaves the planes disabled; this test draws with 8
//! clip distances in one submission and with fewer in the next, and reads the second.

mod common;
use common::glsl;
use glslang::ShaderStage;
use tesserae::{PipelineDesc, StageDesc};
use tesserae_wgpu::{PipelineConfig, TranslatedPipeline};

const SIZE: u32 = 16;
const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// A full-screen triangle from the vertex index, with `clip` clip distances that keep
/// everything, and a varying of negative values (what an undefined distance may read).
fn vertex(clip: usize) -> String {
    let decl = if clip > 0 { format!("out float gl_ClipDistance[{clip}];") } else { String::new() };
    let write: String = (0..clip).map(|i| format!("gl_ClipDistance[{i}] = 1.0;")).collect();
    format!(
        "#version 450
{decl}
layout(location = 0) out vec4 v;
void main() {{
    vec2 p = vec2(float((gl_VertexIndex & 1) * 4) - 1.0, float((gl_VertexIndex & 2) * 2) - 1.0);
    gl_Position = vec4(p, 0.0, 1.0);
    v = vec4(-1.0, -2.0, -3.0, -4.0);
    {write}
}}"
    )
}

fn fragment(rgb: &str) -> String {
    format!("#version 450\nlayout(location = 0) in vec4 v;\nlayout(location = 0) out vec4 o;\nvoid main() {{ o = vec4({rgb}, 1.0) + min(v, 0.0) * 0.0; }}")
}

fn gl_device() -> Option<(wgpu::Device, wgpu::Queue)> {
    std::env::set_var("LIBGL_ALWAYS_SOFTWARE", "1");
    common::quiet_headless();
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::GL;
    let instance = wgpu::Instance::new(desc);
    let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default())).ok()?;
    if !adapter.features().contains(wgpu::Features::CLIP_DISTANCES) {
        return None;
    }
    pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: None,
        required_features: wgpu::Features::CLIP_DISTANCES,
        required_limits: adapter.limits(),
        experimental_features: wgpu::ExperimentalFeatures::disabled(),
        memory_hints: wgpu::MemoryHints::Performance,
        trace: wgpu::Trace::Off,
    }))
    .ok()
}

fn pipeline(device: &wgpu::Device, clip: usize, rgb: &str) -> TranslatedPipeline {
    let desc = PipelineDesc::new(
        StageDesc::new(glsl(ShaderStage::Vertex, &vertex(clip))),
        Some(StageDesc::new(glsl(ShaderStage::Fragment, &fragment(rgb)))),
    );
    let plan = tesserae::translate(&desc).expect("translate");
    TranslatedPipeline::new(device, plan, &PipelineConfig::new(FORMAT)).expect("pipeline")
}

#[test]
fn fewer_clip_distances_after_more_are_not_clipped_by_stale_planes() {
    let Some((device, queue)) = gl_device() else {
        return common::no_device("no wgpu GL adapter with clip distances (install libegl1 and libgl1-mesa-dri)");
    };
    let target = device.create_texture(&wgpu::TextureDescriptor {
        label: None,
        size: wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: FORMAT,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let view = target.create_view(&Default::default());
    let mut eight = pipeline(&device, 8, "1.0, 0.0, 0.0");
    common::draw_three_vertices(&device, &queue, &mut eight, &view, SIZE);
    assert_eq!(common::centre_pixel(&device, &queue, &target, SIZE), [255, 0, 0, 255], "the clip-distance pipeline keeps everything");
    for (clip, rgb, px) in [(1, "0.0, 1.0, 0.0", [0, 255, 0, 255]), (0, "0.0, 0.0, 1.0", [0, 0, 255, 255])] {
        let mut fewer = pipeline(&device, clip, rgb);
        common::draw_three_vertices(&device, &queue, &mut fewer, &view, SIZE);
        assert_eq!(common::centre_pixel(&device, &queue, &target, SIZE), px, "{clip} clip distances after 8: not clipped by stale planes");
        common::draw_three_vertices(&device, &queue, &mut eight, &view, SIZE);
    }
}
