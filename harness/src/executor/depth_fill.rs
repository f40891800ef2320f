//! Depth textures for the translated executor, filled by drawing.
//!
//! WebGPU cannot copy a buffer into `depth32float`, and wgpu's GL backend copies into no depth
//! format at all (`DownlevelFlags::DEPTH_TEXTURE_AND_BUFFER_COPIES`). Applications render their
//! depth textures (shadow maps) anyway, so this executor does too, on every backend: one draw
//! per layer covers the layer, its fragment stage reads the texel's 16-bit value from a storage
//! buffer and writes `value / 65535` as its depth, which the depth16unorm attachment stores as
//! the same value (the conversion rounds to nearest, and f32 holds every such quotient to well
//! under half a 16-bit step). The native executor copies the same values from a buffer, so a
//! wrong fill differs from the native image and from the test's probes.

use crate::shader_test::TextureData;

fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

const FILL: &str = r#"
struct Layer { width: u32, first: u32 }
@group(0) @binding(0) var<storage, read> texels: array<u32>;
@group(0) @binding(1) var<uniform> layer: Layer;

@vertex
fn cover(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let xy = vec2<f32>(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0);
    return vec4<f32>(xy, 0.0, 1.0);
}

@fragment
fn depth(@builtin(position) p: vec4<f32>) -> @builtin(frag_depth) f32 {
    let at = layer.first + u32(p.y) * layer.width + u32(p.x);
    return f32(texels[at]) / 65535.0;
}
"#;

/// Draws `tex`'s 16-bit depth values into `texture` (made with `RENDER_ATTACHMENT` usage), layer
/// by layer, in one submission.
pub fn fill(device: &wgpu::Device, queue: &wgpu::Queue, texture: &wgpu::Texture, tex: &TextureData) {
    use wgpu::util::DeviceExt;
    let values: Vec<u32> = tex.data.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]]) as u32).collect();
    let texels = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("depth texels"),
        contents: &bytes(&values),
        usage: wgpu::BufferUsages::STORAGE,
    });
    let module = device
        .create_shader_module(wgpu::ShaderModuleDescriptor { label: Some("depth fill"), source: wgpu::ShaderSource::Wgsl(FILL.into()) });
    let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("depth fill"),
        layout: None,
        vertex: wgpu::VertexState { module: &module, entry_point: Some("cover"), compilation_options: Default::default(), buffers: &[] },
        primitive: wgpu::PrimitiveState::default(),
        depth_stencil: Some(wgpu::DepthStencilState {
            format: texture.format(),
            depth_write_enabled: Some(true),
            depth_compare: Some(wgpu::CompareFunction::Always),
            stencil: Default::default(),
            bias: Default::default(),
        }),
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module: &module,
            entry_point: Some("depth"),
            compilation_options: Default::default(),
            targets: &[],
        }),
        multiview_mask: None,
        cache: None,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    let per_layer = tex.width * tex.height;
    for layer in 0..tex.layers {
        let uniform = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("depth fill layer"),
            contents: &bytes(&[tex.width, layer * per_layer, 0, 0]),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[
                wgpu::BindGroupEntry { binding: 0, resource: texels.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 1, resource: uniform.as_entire_binding() },
            ],
        });
        let view = texture.create_view(&wgpu::TextureViewDescriptor {
            dimension: Some(wgpu::TextureViewDimension::D2),
            base_array_layer: layer,
            array_layer_count: Some(1),
            ..Default::default()
        });
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("depth fill"),
            color_attachments: &[],
            depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                view: &view,
                depth_ops: Some(wgpu::Operations { load: wgpu::LoadOp::Clear(0.0), store: wgpu::StoreOp::Store }),
                stencil_ops: None,
            }),
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.draw(0..3, 0..1);
    }
    queue.submit([encoder.finish()]);
}
