//! The native executor: the test's original SPIR-V on a Vulkan driver through ash, with real
//! tessellation stages, wide points and clip/cull distances. Its image is the *driver output*
//! the translated renderings are held to.
//!
//! One instance and device per executor; every per-test object is destroyed before `render`
//! returns, on success and on error alike.

use super::{DriverInfo, ExecError, Executor, INSTALL_HINT};
use crate::compile;
use crate::image::Image;
use crate::shader_test::{CullMode, FrontFace, IndexFormat, ShaderTest};
use ash::vk;
use tesserae::{Stage, StepMode, Topology, VertexFormat};

pub struct NativeExecutor {
    _entry: ash::Entry,
    instance: ash::Instance,
    physical: vk::PhysicalDevice,
    device: ash::Device,
    queue: vk::Queue,
    queue_family: u32,
    features: vk::PhysicalDeviceFeatures,
    limits: vk::PhysicalDeviceLimits,
    info: DriverInfo,
}

fn vkerr(what: &str) -> impl Fn(vk::Result) -> ExecError + '_ {
    move |e| ExecError::Device(format!("{what}: {e}"))
}

impl NativeExecutor {
    pub fn new(adapter: Option<&str>) -> Result<Self, ExecError> {
        // SAFETY: loading the system Vulkan loader; failure is reported, not assumed.
        let entry = unsafe { ash::Entry::load() }.map_err(|e| ExecError::Skip(format!("no Vulkan loader ({e}); {INSTALL_HINT}")))?;
        let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_1);
        let ci = vk::InstanceCreateInfo::default().application_info(&app);
        let instance =
            unsafe { entry.create_instance(&ci, None) }.map_err(|e| ExecError::Skip(format!("no Vulkan driver ({e}); {INSTALL_HINT}")))?;
        match Self::with_instance(entry, instance.clone(), adapter) {
            Ok(x) => Ok(x),
            Err(e) => {
                unsafe { instance.destroy_instance(None) };
                Err(e)
            }
        }
    }

    fn with_instance(entry: ash::Entry, instance: ash::Instance, adapter: Option<&str>) -> Result<Self, ExecError> {
        let devices = unsafe { instance.enumerate_physical_devices() }.map_err(vkerr("vkEnumeratePhysicalDevices"))?;
        let mut chosen = None;
        let mut seen = Vec::new();
        for pd in devices {
            let props = unsafe { instance.get_physical_device_properties(pd) };
            let name = props.device_name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
            seen.push(name.clone());
            if adapter.is_none_or(|a| name.to_lowercase().contains(&a.to_lowercase())) {
                chosen = Some((pd, props, name));
                break;
            }
        }
        let Some((physical, props, name)) = chosen else {
            return Err(ExecError::Skip(format!(
                "no Vulkan device matches {:?} (devices: {}); {INSTALL_HINT}",
                adapter.unwrap_or(""),
                if seen.is_empty() { "none".into() } else { seen.join(", ") }
            )));
        };
        let families = unsafe { instance.get_physical_device_queue_family_properties(physical) };
        let Some(queue_family) = families.iter().position(|f| f.queue_flags.contains(vk::QueueFlags::GRAPHICS)) else {
            return Err(ExecError::Skip(format!("{name} has no graphics queue")));
        };
        let queue_family = queue_family as u32;
        let supported = unsafe { instance.get_physical_device_features(physical) };
        let features = vk::PhysicalDeviceFeatures {
            tessellation_shader: supported.tessellation_shader,
            geometry_shader: supported.geometry_shader,
            shader_clip_distance: supported.shader_clip_distance,
            shader_cull_distance: supported.shader_cull_distance,
            large_points: supported.large_points,
            fill_mode_non_solid: supported.fill_mode_non_solid,
            vertex_pipeline_stores_and_atomics: supported.vertex_pipeline_stores_and_atomics,
            fragment_stores_and_atomics: supported.fragment_stores_and_atomics,
            ..Default::default()
        };
        let priorities = [1.0f32];
        let qci = [vk::DeviceQueueCreateInfo::default().queue_family_index(queue_family).queue_priorities(&priorities)];
        let dci = vk::DeviceCreateInfo::default().queue_create_infos(&qci).enabled_features(&features);
        let device = unsafe { instance.create_device(physical, &dci, None) }.map_err(vkerr("vkCreateDevice"))?;
        let queue = unsafe { device.get_device_queue(queue_family, 0) };
        let v = props.api_version;
        let mut driver = String::new();
        let mut driver_version = format!("{:#x}", props.driver_version);
        // Vulkan 1.2 driver properties give the human-readable driver version (Mesa x.y.z).
        if vk::api_version_minor(v) >= 2 || vk::api_version_major(v) > 1 {
            let mut dp = vk::PhysicalDeviceDriverProperties::default();
            let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut dp);
            unsafe { instance.get_physical_device_properties2(physical, &mut p2) };
            driver = dp.driver_name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
            driver_version = dp.driver_info_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or(driver_version);
        }
        let info = DriverInfo {
            executor: "native".into(),
            device: name,
            driver,
            driver_version,
            api_version: format!("{}.{}.{}", vk::api_version_major(v), vk::api_version_minor(v), vk::api_version_patch(v)),
        };
        Ok(NativeExecutor { _entry: entry, instance, physical, device, queue, queue_family, features, limits: props.limits, info })
    }

    fn check_requirements(&self, test: &ShaderTest) -> Result<(), ExecError> {
        let r = &test.requires;
        let f = &self.features;
        let missing = |what: &str| Err(ExecError::Skip(format!("{} lacks {what}", self.info.device)));
        if r.tessellation && f.tessellation_shader == 0 {
            return missing("tessellationShader");
        }
        if r.geometry && f.geometry_shader == 0 {
            return missing("geometryShader");
        }
        if r.clip_distances > 0 && (f.shader_clip_distance == 0 || r.clip_distances > self.limits.max_clip_distances) {
            return missing(&format!("{} clip distances", r.clip_distances));
        }
        if r.cull_distances > 0 && (f.shader_cull_distance == 0 || r.cull_distances > self.limits.max_cull_distances) {
            return missing(&format!("{} cull distances", r.cull_distances));
        }
        if r.wide_points && f.large_points == 0 {
            return missing("largePoints");
        }
        if r.shader_f16 {
            return missing("shader-f16 (not enabled by the native executor)");
        }
        Ok(())
    }

    fn memory_type(&self, bits: u32, flags: vk::MemoryPropertyFlags) -> Result<u32, ExecError> {
        let mp = unsafe { self.instance.get_physical_device_memory_properties(self.physical) };
        (0..mp.memory_type_count)
            .find(|&i| bits & (1 << i) != 0 && mp.memory_types[i as usize].property_flags.contains(flags))
            .ok_or_else(|| ExecError::Device(format!("no memory type with {flags:?}")))
    }
}

impl Drop for NativeExecutor {
    fn drop(&mut self) {
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}

/// Every Vulkan object made for one test, destroyed in reverse order on drop.
struct Scratch<'d> {
    device: &'d ash::Device,
    buffers: Vec<(vk::Buffer, vk::DeviceMemory)>,
    image: Option<(vk::Image, vk::DeviceMemory)>,
    view: vk::ImageView,
    render_pass: vk::RenderPass,
    framebuffer: vk::Framebuffer,
    modules: Vec<vk::ShaderModule>,
    layout: vk::PipelineLayout,
    pipeline: vk::Pipeline,
    pool: vk::CommandPool,
    fence: vk::Fence,
}

impl Drop for Scratch<'_> {
    fn drop(&mut self) {
        let d = self.device;
        unsafe {
            let _ = d.device_wait_idle();
            d.destroy_fence(self.fence, None);
            d.destroy_command_pool(self.pool, None);
            d.destroy_pipeline(self.pipeline, None);
            d.destroy_pipeline_layout(self.layout, None);
            for m in &self.modules {
                d.destroy_shader_module(*m, None);
            }
            d.destroy_framebuffer(self.framebuffer, None);
            d.destroy_render_pass(self.render_pass, None);
            d.destroy_image_view(self.view, None);
            if let Some((i, m)) = self.image {
                d.destroy_image(i, None);
                d.free_memory(m, None);
            }
            for (b, m) in &self.buffers {
                d.destroy_buffer(*b, None);
                d.free_memory(*m, None);
            }
        }
    }
}

pub fn vk_format(f: VertexFormat) -> vk::Format {
    use VertexFormat::*;
    match f {
        Float32 => vk::Format::R32_SFLOAT,
        Float32x2 => vk::Format::R32G32_SFLOAT,
        Float32x3 => vk::Format::R32G32B32_SFLOAT,
        Float32x4 => vk::Format::R32G32B32A32_SFLOAT,
        Uint32 => vk::Format::R32_UINT,
        Uint32x2 => vk::Format::R32G32_UINT,
        Uint32x3 => vk::Format::R32G32B32_UINT,
        Uint32x4 => vk::Format::R32G32B32A32_UINT,
        Sint32 => vk::Format::R32_SINT,
        Sint32x2 => vk::Format::R32G32_SINT,
        Sint32x3 => vk::Format::R32G32B32_SINT,
        Sint32x4 => vk::Format::R32G32B32A32_SINT,
        Unorm8x4 => vk::Format::R8G8B8A8_UNORM,
        Float16x2 => vk::Format::R16G16_SFLOAT,
        Float16x4 => vk::Format::R16G16B16A16_SFLOAT,
    }
}

fn vk_topology(t: Topology) -> vk::PrimitiveTopology {
    match t {
        Topology::PointList => vk::PrimitiveTopology::POINT_LIST,
        Topology::LineList => vk::PrimitiveTopology::LINE_LIST,
        Topology::LineStrip => vk::PrimitiveTopology::LINE_STRIP,
        Topology::TriangleList => vk::PrimitiveTopology::TRIANGLE_LIST,
        Topology::TriangleStrip => vk::PrimitiveTopology::TRIANGLE_STRIP,
        Topology::PatchList { .. } => vk::PrimitiveTopology::PATCH_LIST,
    }
}

fn vk_stage(s: Stage) -> vk::ShaderStageFlags {
    match s {
        Stage::Vertex => vk::ShaderStageFlags::VERTEX,
        Stage::TessControl => vk::ShaderStageFlags::TESSELLATION_CONTROL,
        Stage::TessEval => vk::ShaderStageFlags::TESSELLATION_EVALUATION,
        Stage::Geometry => vk::ShaderStageFlags::GEOMETRY,
        Stage::Fragment => vk::ShaderStageFlags::FRAGMENT,
    }
}

impl Executor for NativeExecutor {
    fn name(&self) -> String {
        "native".into()
    }

    fn driver(&self) -> DriverInfo {
        self.info.clone()
    }

    fn render(&mut self, test: &ShaderTest) -> Result<Image, ExecError> {
        self.check_requirements(test)?;
        let mut stages = Vec::new();
        for s in &test.shaders {
            stages.push((s.stage, compile::compile_section(test, s)?, s.entry_point.clone()));
        }
        let d = &self.device;
        let mut sc = Scratch {
            device: d,
            buffers: Vec::new(),
            image: None,
            view: vk::ImageView::null(),
            render_pass: vk::RenderPass::null(),
            framebuffer: vk::Framebuffer::null(),
            modules: Vec::new(),
            layout: vk::PipelineLayout::null(),
            pipeline: vk::Pipeline::null(),
            pool: vk::CommandPool::null(),
            fence: vk::Fence::null(),
        };
        let t = &test.test;
        let (w, h) = (t.width, t.height);
        let format = vk::Format::R8G8B8A8_UNORM;

        // Colour target.
        let ici = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D { width: w, height: h, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::TRANSFER_SRC);
        let image = unsafe { d.create_image(&ici, None) }.map_err(vkerr("vkCreateImage"))?;
        let req = unsafe { d.get_image_memory_requirements(image) };
        let mem_ty = self.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::DEVICE_LOCAL)?;
        let mem =
            unsafe { d.allocate_memory(&vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(mem_ty), None) };
        let mem = match mem {
            Ok(m) => m,
            Err(e) => {
                unsafe { d.destroy_image(image, None) };
                return Err(ExecError::Device(format!("vkAllocateMemory: {e}")));
            }
        };
        sc.image = Some((image, mem));
        unsafe { d.bind_image_memory(image, mem, 0) }.map_err(vkerr("vkBindImageMemory"))?;
        let range = vk::ImageSubresourceRange::default().aspect_mask(vk::ImageAspectFlags::COLOR).level_count(1).layer_count(1);
        sc.view = unsafe {
            d.create_image_view(
                &vk::ImageViewCreateInfo::default()
                    .image(image)
                    .view_type(vk::ImageViewType::TYPE_2D)
                    .format(format)
                    .subresource_range(range),
                None,
            )
        }
        .map_err(vkerr("vkCreateImageView"))?;

        let attachments = [vk::AttachmentDescription::default()
            .format(format)
            .samples(vk::SampleCountFlags::TYPE_1)
            .load_op(vk::AttachmentLoadOp::CLEAR)
            .store_op(vk::AttachmentStoreOp::STORE)
            .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
            .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
            .initial_layout(vk::ImageLayout::UNDEFINED)
            .final_layout(vk::ImageLayout::TRANSFER_SRC_OPTIMAL)];
        let color_ref = [vk::AttachmentReference { attachment: 0, layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL }];
        let subpass =
            [vk::SubpassDescription::default().pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS).color_attachments(&color_ref)];
        let dependency = [vk::SubpassDependency::default()
            .src_subpass(0)
            .dst_subpass(vk::SUBPASS_EXTERNAL)
            .src_stage_mask(vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT)
            .dst_stage_mask(vk::PipelineStageFlags::TRANSFER)
            .src_access_mask(vk::AccessFlags::COLOR_ATTACHMENT_WRITE)
            .dst_access_mask(vk::AccessFlags::TRANSFER_READ)];
        sc.render_pass = unsafe {
            d.create_render_pass(
                &vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&subpass).dependencies(&dependency),
                None,
            )
        }
        .map_err(vkerr("vkCreateRenderPass"))?;
        let views = [sc.view];
        sc.framebuffer = unsafe {
            d.create_framebuffer(
                &vk::FramebufferCreateInfo::default().render_pass(sc.render_pass).attachments(&views).width(w).height(h).layers(1),
                None,
            )
        }
        .map_err(vkerr("vkCreateFramebuffer"))?;

        // Pipeline.
        let names: Vec<std::ffi::CString> =
            stages.iter().map(|(_, _, e)| std::ffi::CString::new(e.as_str()).unwrap_or_else(|_| c"main".to_owned())).collect();
        let mut stage_infos = Vec::new();
        for ((stage, words, _), name) in stages.iter().zip(&names) {
            let m = unsafe { d.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(words), None) }
                .map_err(vkerr("vkCreateShaderModule"))?;
            sc.modules.push(m);
            stage_infos.push(vk::PipelineShaderStageCreateInfo::default().stage(vk_stage(*stage)).module(m).name(name.as_c_str()));
        }
        let bindings: Vec<_> = test
            .vertex_buffers
            .iter()
            .map(|b| {
                vk::VertexInputBindingDescription::default().binding(b.slot).stride(b.layout.stride).input_rate(match b.layout.step_mode {
                    StepMode::Vertex => vk::VertexInputRate::VERTEX,
                    StepMode::Instance => vk::VertexInputRate::INSTANCE,
                })
            })
            .collect();
        let attrs: Vec<_> = test
            .vertex_buffers
            .iter()
            .flat_map(|b| {
                b.layout.attributes.iter().map(move |a| {
                    vk::VertexInputAttributeDescription::default()
                        .binding(b.slot)
                        .location(a.location)
                        .format(vk_format(a.format))
                        .offset(a.offset)
                })
            })
            .collect();
        let vi =
            vk::PipelineVertexInputStateCreateInfo::default().vertex_binding_descriptions(&bindings).vertex_attribute_descriptions(&attrs);
        let topology = test.topology();
        let indexed_strip = test.test.draws.iter().any(|d| d.indexed) && topology.is_strip();
        let ia =
            vk::PipelineInputAssemblyStateCreateInfo::default().topology(vk_topology(topology)).primitive_restart_enable(indexed_strip);
        let cp = match topology {
            Topology::PatchList { control_points } => control_points,
            _ => 1,
        };
        let tess = vk::PipelineTessellationStateCreateInfo::default().patch_control_points(cp);
        let viewports = [vk::Viewport { x: 0.0, y: 0.0, width: w as f32, height: h as f32, min_depth: 0.0, max_depth: 1.0 }];
        let scissors = [vk::Rect2D { offset: vk::Offset2D { x: 0, y: 0 }, extent: vk::Extent2D { width: w, height: h } }];
        let vp = vk::PipelineViewportStateCreateInfo::default().viewports(&viewports).scissors(&scissors);
        let rs = vk::PipelineRasterizationStateCreateInfo::default()
            .polygon_mode(vk::PolygonMode::FILL)
            .cull_mode(match t.cull {
                CullMode::None => vk::CullModeFlags::NONE,
                CullMode::Front => vk::CullModeFlags::FRONT,
                CullMode::Back => vk::CullModeFlags::BACK,
            })
            .front_face(match t.front_face {
                FrontFace::Ccw => vk::FrontFace::COUNTER_CLOCKWISE,
                FrontFace::Cw => vk::FrontFace::CLOCKWISE,
            })
            .line_width(1.0);
        let ms = vk::PipelineMultisampleStateCreateInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
        let blend = [vk::PipelineColorBlendAttachmentState::default().color_write_mask(vk::ColorComponentFlags::RGBA)];
        let cb = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend);
        sc.layout =
            unsafe { d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default(), None) }.map_err(vkerr("vkCreatePipelineLayout"))?;
        let mut gpci = vk::GraphicsPipelineCreateInfo::default()
            .stages(&stage_infos)
            .vertex_input_state(&vi)
            .input_assembly_state(&ia)
            .viewport_state(&vp)
            .rasterization_state(&rs)
            .multisample_state(&ms)
            .color_blend_state(&cb)
            .layout(sc.layout)
            .render_pass(sc.render_pass)
            .subpass(0);
        if matches!(topology, Topology::PatchList { .. }) {
            gpci = gpci.tessellation_state(&tess);
        }
        let pipelines = unsafe { d.create_graphics_pipelines(vk::PipelineCache::null(), &[gpci], None) }
            .map_err(|(_, e)| ExecError::Device(format!("vkCreateGraphicsPipelines: {e}")))?;
        sc.pipeline = pipelines[0];

        // Buffers: vertex data, indices, readback.
        let mut vertex_buffers = Vec::new();
        for b in &test.vertex_buffers {
            vertex_buffers.push(self.host_buffer(&mut sc, vk::BufferUsageFlags::VERTEX_BUFFER, &b.data)?);
        }
        let index_buffer = match &test.index_buffer {
            Some(ib) => Some(self.host_buffer(&mut sc, vk::BufferUsageFlags::INDEX_BUFFER, &ib.bytes())?),
            None => None,
        };
        let readback_size = (w * h * 4) as usize;
        let readback = self.host_buffer(&mut sc, vk::BufferUsageFlags::TRANSFER_DST, &vec![0u8; readback_size])?;

        // Commands.
        sc.pool = unsafe { d.create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(self.queue_family), None) }
            .map_err(vkerr("vkCreateCommandPool"))?;
        let cmd = unsafe {
            d.allocate_command_buffers(
                &vk::CommandBufferAllocateInfo::default()
                    .command_pool(sc.pool)
                    .level(vk::CommandBufferLevel::PRIMARY)
                    .command_buffer_count(1),
            )
        }
        .map_err(vkerr("vkAllocateCommandBuffers"))?[0];
        let clear = [vk::ClearValue { color: vk::ClearColorValue { float32: t.clear } }];
        unsafe {
            d.begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default()).map_err(vkerr("vkBeginCommandBuffer"))?;
            d.cmd_begin_render_pass(
                cmd,
                &vk::RenderPassBeginInfo::default()
                    .render_pass(sc.render_pass)
                    .framebuffer(sc.framebuffer)
                    .render_area(scissors[0])
                    .clear_values(&clear),
                vk::SubpassContents::INLINE,
            );
            d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, sc.pipeline);
            if !vertex_buffers.is_empty() {
                let offsets = vec![0u64; vertex_buffers.len()];
                d.cmd_bind_vertex_buffers(cmd, 0, &vertex_buffers, &offsets);
            }
            if let (Some(ib), Some(data)) = (index_buffer, &test.index_buffer) {
                let it = match data.format {
                    IndexFormat::U16 => vk::IndexType::UINT16,
                    IndexFormat::U32 => vk::IndexType::UINT32,
                };
                d.cmd_bind_index_buffer(cmd, ib, 0, it);
            }
            for dr in &t.draws {
                if dr.indexed {
                    d.cmd_draw_indexed(cmd, dr.count, dr.instances, dr.first, dr.base_vertex, dr.first_instance);
                } else {
                    d.cmd_draw(cmd, dr.count, dr.instances, dr.first, dr.first_instance);
                }
            }
            d.cmd_end_render_pass(cmd);
            let region = vk::BufferImageCopy::default()
                .image_subresource(vk::ImageSubresourceLayers::default().aspect_mask(vk::ImageAspectFlags::COLOR).layer_count(1))
                .image_extent(vk::Extent3D { width: w, height: h, depth: 1 });
            d.cmd_copy_image_to_buffer(cmd, image, vk::ImageLayout::TRANSFER_SRC_OPTIMAL, readback, &[region]);
            let barrier =
                [vk::MemoryBarrier::default().src_access_mask(vk::AccessFlags::TRANSFER_WRITE).dst_access_mask(vk::AccessFlags::HOST_READ)];
            d.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::TRANSFER,
                vk::PipelineStageFlags::HOST,
                vk::DependencyFlags::empty(),
                &barrier,
                &[],
                &[],
            );
            d.end_command_buffer(cmd).map_err(vkerr("vkEndCommandBuffer"))?;
            sc.fence = d.create_fence(&vk::FenceCreateInfo::default(), None).map_err(vkerr("vkCreateFence"))?;
            let cmds = [cmd];
            d.queue_submit(self.queue, &[vk::SubmitInfo::default().command_buffers(&cmds)], sc.fence).map_err(vkerr("vkQueueSubmit"))?;
            d.wait_for_fences(&[sc.fence], true, 60_000_000_000).map_err(vkerr("vkWaitForFences"))?;
        }
        let mem = sc.buffers.iter().find(|(b, _)| *b == readback).map(|(_, m)| *m).unwrap_or_default();
        let data = unsafe {
            let p = d.map_memory(mem, 0, readback_size as u64, vk::MemoryMapFlags::empty()).map_err(vkerr("vkMapMemory"))?;
            let v = std::slice::from_raw_parts(p as *const u8, readback_size).to_vec();
            d.unmap_memory(mem);
            v
        };
        drop(sc);
        Ok(Image { width: w, height: h, data })
    }
}

impl NativeExecutor {
    /// A host-visible, coherent buffer holding `data` (tracked in `sc` for destruction).
    fn host_buffer(&self, sc: &mut Scratch, usage: vk::BufferUsageFlags, data: &[u8]) -> Result<vk::Buffer, ExecError> {
        let d = &self.device;
        let size = data.len().max(4) as u64;
        let buf =
            unsafe { d.create_buffer(&vk::BufferCreateInfo::default().size(size).usage(usage), None) }.map_err(vkerr("vkCreateBuffer"))?;
        let req = unsafe { d.get_buffer_memory_requirements(buf) };
        let ty =
            match self.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT) {
                Ok(t) => t,
                Err(e) => {
                    unsafe { d.destroy_buffer(buf, None) };
                    return Err(e);
                }
            };
        let mem =
            match unsafe { d.allocate_memory(&vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty), None) } {
                Ok(m) => m,
                Err(e) => {
                    unsafe { d.destroy_buffer(buf, None) };
                    return Err(ExecError::Device(format!("vkAllocateMemory: {e}")));
                }
            };
        sc.buffers.push((buf, mem));
        unsafe {
            d.bind_buffer_memory(buf, mem, 0).map_err(vkerr("vkBindBufferMemory"))?;
            let p = d.map_memory(mem, 0, size, vk::MemoryMapFlags::empty()).map_err(vkerr("vkMapMemory"))?;
            std::ptr::copy_nonoverlapping(data.as_ptr(), p as *mut u8, data.len());
            d.unmap_memory(mem);
        }
        Ok(buf)
    }
}
