//! 10,000 textured round sprites of varying sizes, a uniform-buffer camera and alpha
//! blending: a Vulkan point-sprite pipeline (GLSL with `gl_PointSize` and `gl_PointCoord`)
//! translated by Tesserae and drawn by `tesserae-wgpu` on a headless wgpu device, to a PNG.
//!
//! `cargo run -p tesserae-wgpu --example sprites [-- OUT.png]` (default `target/sprites.png`).

use glslang::*;
use tesserae::{PipelineDesc, StageDesc, StepMode, Topology, VertexAttribute, VertexBufferLayout, VertexFormat};
use tesserae_wgpu::{DrawCall, Inputs, PipelineConfig, TranslatedPipeline};

const VERTEX: &str = "#version 450
layout(set = 0, binding = 0) uniform Camera { mat4 view_proj; float size_scale; } cam;
layout(location = 0) in vec3 pos;
layout(location = 1) in float size;
layout(location = 2) in vec4 color;
layout(location = 0) out vec4 v_color;
void main() {
    gl_Position = cam.view_proj * vec4(pos, 1.0);
    gl_PointSize = size * cam.size_scale;
    v_color = color;
}";

const FRAGMENT: &str = "#version 450
layout(set = 0, binding = 1) uniform sampler2D sprite;
layout(location = 0) in vec4 v_color;
layout(location = 0) out vec4 o;
void main() {
    vec4 t = texture(sprite, gl_PointCoord);
    o = vec4(v_color.rgb * t.rgb, v_color.a * t.a);
}";

const SIZE: u32 = 512;
const SPRITES: u32 = 10_000;

fn spirv(stage: ShaderStage, src: &str) -> Vec<u32> {
    let compiler = Compiler::acquire().expect("glslang");
    let source = ShaderSource::from(src);
    let options = CompilerOptions {
        source_language: SourceLanguage::GLSL,
        target: Target::Vulkan { version: VulkanVersion::Vulkan1_1, spirv_version: SpirvVersion::SPIRV1_3 },
        version_profile: None,
        messages: ShaderMessage::DEFAULT,
    };
    let input = ShaderInput::new(&source, stage, &options, None::<&[(&str, Option<&str>)]>, None).expect("shader input");
    compiler.create_shader(input).expect("parse").compile().expect("compile")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "target/sprites.png".into());

    // 1. Translate the Vulkan pipeline once.
    let mut desc =
        PipelineDesc::new(StageDesc::new(spirv(ShaderStage::Vertex, VERTEX)), Some(StageDesc::new(spirv(ShaderStage::Fragment, FRAGMENT))));
    desc.topology = Topology::PointList;
    desc.vertex_buffers = vec![VertexBufferLayout {
        stride: 20,
        step_mode: StepMode::Vertex,
        attributes: vec![
            VertexAttribute { location: 0, format: VertexFormat::Float32x3, offset: 0 },
            VertexAttribute { location: 1, format: VertexFormat::Float32, offset: 12 },
            VertexAttribute { location: 2, format: VertexFormat::Unorm8x4, offset: 16 },
        ],
    }];

    // 2. The application's own device.
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle());
    let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default()))?;
    let (device, queue) =
        pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor { required_limits: adapter.limits(), ..Default::default() }))?;
    desc.options.max_bind_groups = device.limits().max_bind_groups;
    let plan = tesserae::translate(&desc)?;
    let mut config = PipelineConfig::new(wgpu::TextureFormat::Rgba8Unorm);
    config.color_targets[0] = Some(wgpu::ColorTargetState {
        format: wgpu::TextureFormat::Rgba8Unorm,
        blend: Some(wgpu::BlendState::ALPHA_BLENDING),
        write_mask: wgpu::ColorWrites::ALL,
    });
    let mut pipeline = TranslatedPipeline::new(&device, plan, &config)?;

    // 3. The application's resources: sprites (pulled in compute, so STORAGE too), a camera
    //    uniform, a round sprite texture and its sampler, bound with the runtime's layout.
    let vertices = sprite_vertices();
    let buffer = |bytes: &[u8], usage: wgpu::BufferUsages| {
        let b = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: bytes.len() as u64,
            usage: usage | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        queue.write_buffer(&b, 0, bytes);
        b
    };
    let sprites = buffer(&vertices, wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::STORAGE);
    let mut camera = Vec::new();
    for v in [0.9f32, 0.0, 0.0, 0.0, 0.0, 0.9, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0] {
        camera.extend(v.to_le_bytes());
    }
    let camera = buffer(&camera, wgpu::BufferUsages::UNIFORM);
    let texels = sprite_texels();
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("sprite"),
        size: wgpu::Extent3d { width: 32, height: 32, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    queue.write_texture(
        texture.as_image_copy(),
        &texels,
        wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(32 * 4), rows_per_image: Some(32) },
        wgpu::Extent3d { width: 32, height: 32, depth_or_array_layers: 1 },
    );
    let view = texture.create_view(&Default::default());
    let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
        mag_filter: wgpu::FilterMode::Linear,
        min_filter: wgpu::FilterMode::Linear,
        ..Default::default()
    });
    // The plan says where each Vulkan binding goes: the combined sampler at (0, 1) becomes a
    // texture at binding 1 and a sampler at the binding the plan lists after it.
    let combined = pipeline.plan().resources.iter().find(|r| r.binding == 1).expect("the sprite sampler");
    let (texture_binding, sampler_binding) = (combined.wgpu[0].binding, combined.wgpu[1].binding);
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("set 0"),
        layout: pipeline.bind_group_layout(0).expect("set 0"),
        entries: &[
            wgpu::BindGroupEntry { binding: 0, resource: camera.as_entire_binding() },
            wgpu::BindGroupEntry { binding: texture_binding, resource: wgpu::BindingResource::TextureView(&view) },
            wgpu::BindGroupEntry { binding: sampler_binding, resource: wgpu::BindingResource::Sampler(&sampler) },
        ],
    });

    // 4. A frame: the emulation's compute work, then the draw inside our render pass.
    let target = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("target"),
        size: wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let target_view = target.create_view(&Default::default());
    let mut encoder = device.create_command_encoder(&Default::default());
    let inputs = Inputs {
        vertex_buffers: &[&sprites],
        index_buffer: None,
        bind_groups: &[(0, &group)],
        push_constants: &[],
        viewport: [SIZE as f32, SIZE as f32],
        point_size: 1.0,
        capture_buffers: &[],
    };
    let draw = DrawCall { indexed: false, count: SPRITES, instances: 1, first: 0, first_instance: 0, base_vertex: 0 };
    pipeline.prepare(&device, &queue, &mut encoder, &[draw], &inputs)?;
    {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("sprites"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &target_view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color { r: 0.02, g: 0.02, b: 0.05, a: 1.0 }),
                    store: wgpu::StoreOp::Store,
                },
            })],
            ..Default::default()
        });
        pipeline.draw(&mut pass)?;
    }
    let pixels = read_back(&device, &queue, encoder, &target)?;
    let lit = pixels.chunks(4).filter(|p| p[0] > 20 || p[1] > 20 || p[2] > 30).count();

    write_png(&out, &pixels)?;
    println!(
        "{SPRITES} sprites on {} ({:?}): {lit} of {} pixels covered; wrote {out}",
        adapter.get_info().name,
        adapter.get_info().backend,
        SIZE * SIZE
    );
    Ok(())
}

/// The sprites' vertex data: position (x, y, z), size, RGBA8 colour; 20 bytes each, random.
fn sprite_vertices() -> Vec<u8> {
    let mut seed = 0x2545_f491u32;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed as f32 / u32::MAX as f32
    };
    let mut vertices = Vec::with_capacity(SPRITES as usize * 20);
    for _ in 0..SPRITES {
        for v in [rand() * 2.0 - 1.0, rand() * 2.0 - 1.0, rand(), 2.0 + 30.0 * rand() * rand()] {
            vertices.extend(v.to_le_bytes());
        }
        vertices.extend([(rand() * 255.0) as u8, (rand() * 255.0) as u8, (rand() * 255.0) as u8, 96 + (rand() * 159.0) as u8]);
    }
    vertices
}

/// A round 32 x 32 sprite, RGBA8: shaded towards its edge, alpha falling to 0 there.
fn sprite_texels() -> Vec<u8> {
    (0..32 * 32)
        .flat_map(|i| {
            let (x, y) = ((i % 32) as f32 + 0.5 - 16.0, (i / 32) as f32 + 0.5 - 16.0);
            let r = (x * x + y * y).sqrt() / 16.0;
            let shade = (255.0 * (1.0 - 0.5 * r)) as u8;
            [shade, shade, shade, if r < 1.0 { (255.0 * (1.0 - r * r)) as u8 } else { 0 }]
        })
        .collect()
}

/// Submits `encoder` with a copy of `target` (SIZE x SIZE, RGBA8) and returns its pixels.
fn read_back(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    mut encoder: wgpu::CommandEncoder,
    target: &wgpu::Texture,
) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: (SIZE * SIZE * 4) as u64,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    encoder.copy_texture_to_buffer(
        target.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &readback,
            layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(SIZE * 4), rows_per_image: Some(SIZE) },
        },
        wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
    );
    queue.submit([encoder.finish()]);
    readback.slice(..).map_async(wgpu::MapMode::Read, |r| r.expect("map"));
    device.poll(wgpu::PollType::wait_indefinitely())?;
    let pixels = readback.slice(..).get_mapped_range()?.to_vec();
    Ok(pixels)
}

/// Writes SIZE x SIZE RGBA8 `pixels` as a PNG at `path`.
fn write_png(path: &str, pixels: &[u8]) -> Result<(), Box<dyn std::error::Error>> {
    let file = std::fs::File::create(path)?;
    let mut png = png::Encoder::new(std::io::BufWriter::new(file), SIZE, SIZE);
    png.set_color(png::ColorType::Rgba);
    png.set_depth(png::BitDepth::Eight);
    png.write_header()?.write_image_data(pixels)?;
    Ok(())
}
