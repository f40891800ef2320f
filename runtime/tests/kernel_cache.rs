//! Tessellated plans of one device share their tessellator kernels through a `KernelCache`:
//! the second plan's kernels come from the cache, and it renders with them (its bind groups,
//! made from its own layouts, bind to the cached pipelines: wgpu deduplicates equal layouts).

mod common;
use common::*;
use glslang::ShaderStage;
use tesserae::{PipelineDesc, StageDesc, Topology};
use tesserae_wgpu::{KernelCache, PipelineConfig, TranslatedPipeline};

const SIZE: u32 = 16;
const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// One triangle patch covering the target (the vertex stage makes its corners), tessellated at
/// level 2, in `rgb`.
fn tessellated(rgb: &str) -> PipelineDesc {
    let vs = "#version 450
void main() {
    vec2 c[3] = vec2[](vec2(-3.0, -1.0), vec2(1.0, -1.0), vec2(1.0, 3.0));
    gl_Position = vec4(c[gl_VertexIndex], 0.0, 1.0);
}";
    let tcs = "#version 450
layout(vertices = 3) out;
void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    gl_TessLevelOuter[0] = 2.0; gl_TessLevelOuter[1] = 2.0; gl_TessLevelOuter[2] = 2.0;
    gl_TessLevelInner[0] = 2.0;
}";
    let tes = "#version 450
layout(triangles, equal_spacing, ccw) in;
void main() {
    gl_Position = gl_TessCoord.x * gl_in[0].gl_Position + gl_TessCoord.y * gl_in[1].gl_Position + gl_TessCoord.z * gl_in[2].gl_Position;
}";
    let fs = format!("#version 450\nlayout(location = 0) out vec4 o;\nvoid main() {{ o = vec4({rgb}, 1.0); }}");
    let mut desc = PipelineDesc::new(StageDesc::new(glsl(ShaderStage::Vertex, vs)), Some(StageDesc::new(glsl(ShaderStage::Fragment, &fs))));
    desc.tess_control = Some(StageDesc::new(glsl(ShaderStage::TesselationControl, tcs)));
    desc.tess_eval = Some(StageDesc::new(glsl(ShaderStage::TesselationEvaluation, tes)));
    desc.topology = Topology::PatchList { control_points: 3 };
    desc
}

fn render(device: &wgpu::Device, queue: &wgpu::Queue, p: &mut TranslatedPipeline) -> [u8; 4] {
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
    draw_three_vertices(device, queue, p, &view, SIZE);
    centre_pixel(device, queue, &target, SIZE)
}

#[test]
fn a_second_tessellated_plan_takes_its_kernels_from_the_cache_and_renders() {
    let Some((device, queue)) = try_device(None) else {
        return no_device("no wgpu Vulkan adapter (install mesa-vulkan-drivers)");
    };
    let cache = KernelCache::new();
    let mut config = PipelineConfig::new(FORMAT);
    config.kernel_cache = Some(cache.clone());
    let red = tesserae::translate(&tessellated("1.0, 0.0, 0.0")).expect("translate");
    let kernels = red.passes.iter().filter(|p| matches!(p, tesserae::Pass::Compute(_))).count();
    let mut red = TranslatedPipeline::new(&device, red, &config).expect("pipeline");
    assert_eq!((cache.len(), cache.hits()), (kernels, 0), "every compute pass of the first plan compiled");
    let green = tesserae::translate(&tessellated("0.0, 1.0, 0.0")).expect("translate");
    let mut green = TranslatedPipeline::new(&device, green, &config).expect("pipeline");
    // Only the fragment stage differs: every compute pass (vertex and control stages as
    // compute, the tessellator's kernels) is the same text with the same layout.
    assert_eq!((cache.len(), cache.hits()), (kernels, kernels as u64));
    assert_eq!(render(&device, &queue, &mut green), [0, 255, 0, 255]);
    assert_eq!(render(&device, &queue, &mut red), [255, 0, 0, 255]);
}
