//! A device on a real adapter (lavapipe on CI), and GLSL through glslang.

use glslang::*;

pub fn glsl(stage: ShaderStage, src: &str) -> Vec<u32> {
    let compiler = Compiler::acquire().expect("glslang");
    let source = ShaderSource::from(src);
    let options = CompilerOptions {
        source_language: SourceLanguage::GLSL,
        target: Target::Vulkan { version: VulkanVersion::Vulkan1_1, spirv_version: SpirvVersion::SPIRV1_3 },
        version_profile: None,
        messages: ShaderMessage::DEFAULT,
    };
    let input = ShaderInput::new(&source, stage, &options, None::<&[(&str, Option<&str>)]>, None).expect("input");
    compiler.create_shader(input).expect("parse").compile().expect("compile")
}

/// A Vulkan device with the given limits (the adapter's when `None`). Panics without an
/// adapter: CI installs lavapipe, so a missing one is a broken machine, not a skip.
#[allow(dead_code)]
pub fn device(limits: Option<wgpu::Limits>) -> (wgpu::Device, wgpu::Queue) {
    quiet_headless();
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::VULKAN;
    let instance = wgpu::Instance::new(desc);
    let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default()))
        .expect("a Vulkan adapter (install mesa-vulkan-drivers for lavapipe)");
    let limits = limits.unwrap_or_else(|| adapter.limits());
    pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: None,
        required_features: adapter.features() & wgpu::Features::CLIP_DISTANCES,
        required_limits: limits,
        experimental_features: wgpu::ExperimentalFeatures::disabled(),
        memory_hints: wgpu::MemoryHints::Performance,
        trace: wgpu::Trace::Off,
    }))
    .expect("device")
}

/// A Vulkan device with the given limits (the adapter's when `None`), or `None` without a
/// Vulkan adapter: for tests that skip (see [`no_device`]) rather than fail there.
#[allow(dead_code)]
pub fn try_device(limits: Option<wgpu::Limits>) -> Option<(wgpu::Device, wgpu::Queue)> {
    quiet_headless();
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::VULKAN;
    let instance = wgpu::Instance::new(desc);
    let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default())).ok()?;
    let limits = limits.unwrap_or_else(|| adapter.limits());
    pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: None,
        required_features: wgpu::Features::empty(),
        required_limits: limits,
        experimental_features: wgpu::ExperimentalFeatures::disabled(),
        memory_hints: wgpu::MemoryHints::Performance,
        trace: wgpu::Trace::Off,
    }))
    .ok()
}

/// A test that cannot run for lack of a device (`why`): fails under
/// `TESSERAE_REQUIRE_DEVICE=1` (CI, which installs Mesa), else prints that it skipped; the
/// caller then returns.
#[allow(dead_code)] // not every test crate that includes this module has optional devices
pub fn no_device(why: &str) {
    assert!(std::env::var("TESSERAE_REQUIRE_DEVICE").map_or(true, |v| v != "1"), "TESSERAE_REQUIRE_DEVICE=1 but no device: {why}");
    eprintln!("skipped: no device ({why})");
}

/// Mesa's window-system code prints `error: XDG_RUNTIME_DIR is invalid or not set` when the
/// variable is unset (CI, containers); it is not a failure. Tests get a private directory.
#[allow(dead_code)]
pub fn quiet_headless() {
    if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
        let dir = std::env::temp_dir().join("tesserae-test-runtime");
        if std::fs::create_dir_all(&dir).is_ok() {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
            }
            std::env::set_var("XDG_RUNTIME_DIR", &dir);
        }
    }
}

/// The RGBA8 texel at the centre of a `size` x `size` target (`size` at most 64), after the
/// queue's work.
#[allow(dead_code)]
pub fn centre_pixel(device: &wgpu::Device, queue: &wgpu::Queue, target: &wgpu::Texture, size: u32) -> [u8; 4] {
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 256 * size as u64,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    encoder.copy_texture_to_buffer(
        target.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &buffer,
            layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: None },
        },
        wgpu::Extent3d { width: size, height: size, depth_or_array_layers: 1 },
    );
    queue.submit([encoder.finish()]);
    buffer.slice(..).map_async(wgpu::MapMode::Read, |r| r.expect("map"));
    device.poll(wgpu::PollType::wait_indefinitely()).expect("poll");
    let data = buffer.slice(..).get_mapped_range().expect("mapped");
    let i = (size / 2 * 256 + size / 2 * 4) as usize;
    [data[i], data[i + 1], data[i + 2], data[i + 3]]
}

/// One submission: clear the `size` x `size` target to black, draw three vertices of `p`.
#[allow(dead_code)]
pub fn draw_three_vertices(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    p: &mut tesserae_wgpu::TranslatedPipeline,
    view: &wgpu::TextureView,
    size: u32,
) {
    let mut encoder = device.create_command_encoder(&Default::default());
    let call = tesserae_wgpu::DrawCall { indexed: false, count: 3, instances: 1, first: 0, first_instance: 0, base_vertex: 0 };
    let inputs = tesserae_wgpu::Inputs {
        vertex_buffers: &[],
        index_buffer: None,
        bind_groups: &[],
        push_constants: &[],
        viewport: [size as f32; 2],
        point_size: 1.0,
        capture_buffers: &[],
    };
    p.prepare(device, queue, &mut encoder, &[call], &inputs).expect("prepare");
    {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: None,
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations { load: wgpu::LoadOp::Clear(wgpu::Color::BLACK), store: wgpu::StoreOp::Store },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        p.draw(&mut pass).expect("draw");
    }
    queue.submit([encoder.finish()]);
}
