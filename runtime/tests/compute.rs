//! Compute pipelines on a real device (lavapipe here): `translate_compute`'s plan run through
//! `TranslatedCompute`, outputs checked against values computed here. Without a Vulkan
//! adapter the tests skip, unless `TESSERAE_REQUIRE_DEVICE=1`.

mod common;
use common::*;
use glslang::ShaderStage;
use tesserae::{ComputeDesc, SpecValue, StageDesc};
use tesserae_wgpu::{ComputeConfig, ComputeInputs, RuntimeError, TranslatedCompute};

/// `data[i] = data[i] * 2 + add` for `i < count`, workgroups of spec constant 0 (default 64).
const DOUBLE: &str = "#version 450
layout(local_size_x = 64, local_size_x_id = 0) in;
layout(set = 0, binding = 0, std430) buffer Data { uint data[]; };
layout(push_constant) uniform Push { uint add; uint count; } pc;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < pc.count) { data[i] = data[i] * 2u + pc.add; }
}";

fn compute_plan(src: &str, spec: &[(u32, SpecValue)]) -> tesserae::ComputePlan {
    let mut desc = ComputeDesc::new(StageDesc::new(glsl(ShaderStage::Compute, src)));
    desc.specialization = spec.to_vec();
    tesserae::translate_compute(&desc).expect("translates")
}

fn read_back(device: &wgpu::Device, queue: &wgpu::Queue, source: &wgpu::Buffer) -> Vec<u8> {
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: source.size(),
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    encoder.copy_buffer_to_buffer(source, 0, &readback, 0, source.size());
    queue.submit([encoder.finish()]);
    readback.slice(..).map_async(wgpu::MapMode::Read, |r| r.expect("map"));
    device.poll(wgpu::PollType::wait_indefinitely()).expect("poll");
    let data = readback.slice(..).get_mapped_range().expect("mapped").to_vec();
    data
}

fn push(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[test]
fn doubling_kernel_runs_with_push_constants_per_dispatch() {
    let Some((device, queue)) = try_device(None) else { return no_device("no Vulkan adapter (install mesa-vulkan-drivers)") };
    let plan = compute_plan(DOUBLE, &[(0, SpecValue::Uint(32))]);
    let compute = TranslatedCompute::new(&device, plan, &ComputeConfig::default()).expect("pipeline");
    assert_eq!(compute.workgroup_size(), [32, 1, 1]);
    assert_eq!(compute.sets().collect::<Vec<_>>(), vec![0]);

    const N: u32 = 1000;
    const COUNT: u32 = N - 5;
    let input: Vec<u32> = (0..N).map(|i| i * 7 + 1).collect();
    let data = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("data"),
        size: 4 * N as u64,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    queue.write_buffer(&data, 0, &push(&input));
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: compute.bind_group_layout(0).expect("set 0"),
        entries: &[wgpu::BindGroupEntry { binding: 0, resource: data.as_entire_binding() }],
    });
    // Two dispatches in one encoder, each with its own push constants.
    let mut encoder = device.create_command_encoder(&Default::default());
    let groups = [(0, &group)];
    let workgroups = [N.div_ceil(32), 1, 1];
    let first = push(&[3, COUNT]);
    compute.dispatch(&device, &mut encoder, &ComputeInputs { bind_groups: &groups, push_constants: &first }, workgroups).expect("dispatch");
    let second = push(&[100, COUNT]);
    compute
        .dispatch(&device, &mut encoder, &ComputeInputs { bind_groups: &groups, push_constants: &second }, workgroups)
        .expect("dispatch");
    queue.submit([encoder.finish()]);

    let out: Vec<u32> = read_back(&device, &queue, &data).chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let expected: Vec<u32> = input.iter().enumerate().map(|(i, &x)| if (i as u32) < COUNT { (x * 2 + 3) * 2 + 100 } else { x }).collect();
    assert_eq!(out, expected);
}

#[test]
fn storage_image_and_uniform_buffer_run() {
    let Some((device, queue)) = try_device(None) else { return no_device("no Vulkan adapter (install mesa-vulkan-drivers)") };
    let src = "#version 450
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0) uniform Params { uvec4 base; } params;
layout(set = 1, binding = 0, rgba8ui) uniform writeonly uimage2D dst;
void main() {
    uvec2 p = gl_GlobalInvocationID.xy;
    imageStore(dst, ivec2(p), uvec4(p.x, p.y, p.x * p.y, 0u) + params.base);
}";
    let plan = compute_plan(src, &[]);
    assert_eq!(plan.push_constants, None);
    let compute = TranslatedCompute::new(&device, plan, &ComputeConfig::default()).expect("pipeline");
    const SIZE: u32 = 8;
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("dst"),
        size: wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Uint,
        usage: wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let view = texture.create_view(&Default::default());
    let params = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("params"),
        size: 16,
        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    queue.write_buffer(&params, 0, &push(&[10, 20, 30, 40]));
    let g0 = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: compute.bind_group_layout(0).expect("set 0"),
        entries: &[wgpu::BindGroupEntry { binding: 0, resource: params.as_entire_binding() }],
    });
    let g1 = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: compute.bind_group_layout(1).expect("set 1"),
        entries: &[wgpu::BindGroupEntry { binding: 0, resource: wgpu::BindingResource::TextureView(&view) }],
    });
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 256 * SIZE as u64,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    let inputs = ComputeInputs { bind_groups: &[(0, &g0), (1, &g1)], push_constants: &[] };
    compute.dispatch(&device, &mut encoder, &inputs, [SIZE / 4, SIZE / 4, 1]).expect("dispatch");
    encoder.copy_texture_to_buffer(
        texture.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &readback,
            layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(256), rows_per_image: None },
        },
        wgpu::Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 },
    );
    queue.submit([encoder.finish()]);
    readback.slice(..).map_async(wgpu::MapMode::Read, |r| r.expect("map"));
    device.poll(wgpu::PollType::wait_indefinitely()).expect("poll");
    let data = readback.slice(..).get_mapped_range().expect("mapped");
    for y in 0..SIZE {
        for x in 0..SIZE {
            let at = (y * 256 + x * 4) as usize;
            let want = [x + 10, y + 20, x * y + 30, 40].map(|v| v as u8);
            assert_eq!(&data[at..at + 4], &want, "texel ({x}, {y})");
        }
    }
}

#[test]
fn limits_and_missing_inputs_are_typed_errors() {
    let Some((device, _queue)) = try_device(Some(wgpu::Limits::default())) else {
        return no_device("no Vulkan adapter (install mesa-vulkan-drivers)");
    };
    // WebGPU's default limits: 256 invocations along x and per workgroup.
    let plan = compute_plan(DOUBLE, &[(0, SpecValue::Uint(512))]);
    match TranslatedCompute::new(&device, plan, &ComputeConfig::default()) {
        Err(RuntimeError::WorkgroupLimit { name: "max_compute_workgroup_size_x", value: 512, .. }) => {}
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a workgroup of 512 on a device of 256"),
    }
    let compute = TranslatedCompute::new(&device, compute_plan(DOUBLE, &[]), &ComputeConfig::default()).expect("pipeline");
    let mut encoder = device.create_command_encoder(&Default::default());
    let e = compute.dispatch(&device, &mut encoder, &ComputeInputs { bind_groups: &[], push_constants: &[] }, [1, 1, 1]).unwrap_err();
    assert!(matches!(e, RuntimeError::MissingBindGroup { set: 0 }), "{e}");
    let data = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 16,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: compute.bind_group_layout(0).expect("set 0"),
        entries: &[wgpu::BindGroupEntry { binding: 0, resource: data.as_entire_binding() }],
    });
    let inputs = ComputeInputs { bind_groups: &[(0, &group)], push_constants: &[0; 20] };
    let e = compute.dispatch(&device, &mut encoder, &inputs, [1, 1, 1]).unwrap_err();
    assert!(matches!(e, RuntimeError::PushConstantsTooLarge { given: 20, size: 16 }), "{e}");
    let inputs = ComputeInputs { bind_groups: &[(0, &group)], push_constants: &[] };
    let e = compute.dispatch(&device, &mut encoder, &inputs, [70_000, 1, 1]).unwrap_err();
    assert!(matches!(e, RuntimeError::WorkgroupLimit { name: "max_compute_workgroups_per_dimension", .. }), "{e}");
}

/// A uniform block of 48 bytes whose shader reads only its first member, bound to a 16-byte
/// buffer: valid in Vulkan (only what is read must lie in the range), and what WebGPU checks
/// is the block the translated shader declares, which ends after the last member read
/// (`lower::unread_block_tail`). The kernel writes the member it read.
#[test]
fn a_block_longer_than_its_bound_range_runs_when_the_shader_reads_inside_it() {
    let Some((device, queue)) = try_device(None) else { return no_device("no Vulkan adapter (install mesa-vulkan-drivers)") };
    let src = "#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std140) uniform Params { uint add; uvec4 unread; vec4 unread_too; } u;
layout(set = 0, binding = 1, std430) buffer Out { uint data[4]; };
void main() { data[gl_LocalInvocationID.x] = u.add + gl_LocalInvocationID.x; }";
    let plan = compute_plan(src, &[]);
    let compute = TranslatedCompute::new(&device, plan, &ComputeConfig::default()).expect("pipeline");
    let params = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("params"),
        size: 16,
        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    queue.write_buffer(&params, 0, &push(&[40, 0, 0, 0]));
    let out = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: 16,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: compute.bind_group_layout(0).expect("set 0"),
        entries: &[
            wgpu::BindGroupEntry { binding: 0, resource: params.as_entire_binding() },
            wgpu::BindGroupEntry { binding: 1, resource: out.as_entire_binding() },
        ],
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    let groups = [(0, &group)];
    compute.dispatch(&device, &mut encoder, &ComputeInputs { bind_groups: &groups, push_constants: &[] }, [1, 1, 1]).expect("dispatch");
    queue.submit([encoder.finish()]);
    assert_eq!(read_back(&device, &queue, &out), push(&[40, 41, 42, 43]));
}
