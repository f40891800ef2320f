//! The native executor: the test's original SPIR-V on a Vulkan driver through ash, with real
//! tessellation stages, wide points and clip/cull distances. Its image is the *driver output*
//! the translated renderings are held to.
//!
//! One instance and device per executor; every per-test object is destroyed before `render`
//! returns, on success and on error alike.

mod compute;
mod render;
mod requirements;
pub use requirements::is_checked;

use super::{DriverInfo, ExecError, Executor, Outputs, INSTALL_HINT};
use crate::compile;
use crate::shader_test::{
    AddressMode, BlendMode, CompareOp, Descriptor, Filter, SamplerState, ShaderTest, StencilOp, TexelFormat, TextureData, TextureView,
};
use ash::vk;
use tesserae::{Stage, Topology, VertexFormat};

pub struct NativeExecutor {
    _entry: ash::Entry,
    instance: ash::Instance,
    physical: vk::PhysicalDevice,
    device: ash::Device,
    queue: vk::Queue,
    queue_family: u32,
    features: vk::PhysicalDeviceFeatures,
    /// Vulkan 1.1-1.3 features and properties, and the enabled extensions (what Amber's
    /// requirements name).
    extended: requirements::Extended,
    /// `shaderSampledImageArrayNonUniformIndexing` (Vulkan 1.2 descriptor indexing).
    non_uniform_sampled_images: bool,
    /// `VK_EXT_transform_feedback` with its `transformFeedback` feature, when the device has
    /// them (enabled at creation).
    transform_feedback: Option<TransformFeedback>,
    /// The device's Vulkan version.
    api_version: u32,
    limits: vk::PhysicalDeviceLimits,
    info: DriverInfo,
}

/// The device's transform feedback: the extension's commands and the limits a test's capture
/// buffers are checked against.
struct TransformFeedback {
    commands: ash::ext::transform_feedback::Device,
    max_buffers: u32,
    max_buffer_size: u64,
    /// `transformFeedbackQueries`: the primitives query a capture reads.
    queries: bool,
}

fn vkerr(what: &str) -> impl Fn(vk::Result) -> ExecError + '_ {
    move |e| ExecError::Device(format!("{what}: {e}"))
}

/// The pipeline layout of `set_layouts` and, when the test gives push constants, one range of
/// their size visible to `stages`.
fn pipeline_layout(
    d: &ash::Device,
    set_layouts: &[vk::DescriptorSetLayout],
    push_constants: Option<&Vec<u8>>,
    stages: vk::ShaderStageFlags,
) -> Result<vk::PipelineLayout, ExecError> {
    let push_ranges: Vec<vk::PushConstantRange> =
        push_constants.iter().map(|p| vk::PushConstantRange { stage_flags: stages, offset: 0, size: p.len() as u32 }).collect();
    // SAFETY: the set layouts are live objects of `d`; the create info outlives the call.
    unsafe {
        d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(set_layouts).push_constant_ranges(&push_ranges), None)
    }
    .map_err(vkerr("vkCreatePipelineLayout"))
}

/// `vkerr` with a message built for one object (`vkCreateBuffer (uniform buffer set 0 binding 1)`).
fn vkerr_for(what: String) -> impl Fn(vk::Result) -> ExecError {
    move |e| ExecError::Device(format!("{what}: {e}"))
}

impl NativeExecutor {
    pub fn new(adapter: Option<&str>) -> Result<Self, ExecError> {
        // SAFETY: loading the system Vulkan loader; failure is reported, not assumed.
        let entry = unsafe { ash::Entry::load() }.map_err(|e| ExecError::Skip(format!("no Vulkan loader ({e}); {INSTALL_HINT}")))?;
        // Vulkan 1.3 at most (the device's version where lower): SPIR-V 1.6 for `target vulkan1.3`
        // sections, 1.2's descriptor indexing structures.
        let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_3);
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
        let vulkan_1_2 = vk::api_version_minor(props.api_version) >= 2 || vk::api_version_major(props.api_version) > 1;
        let vulkan_1_3 = vk::api_version_minor(props.api_version) >= 3 || vk::api_version_major(props.api_version) > 1;
        // Every feature and extension the device has is enabled, as a test suite's device
        // would enable what each test asks for (Amber's DEVICE_FEATURE / DEVICE_EXTENSION):
        // the features shaders use (16-bit and 64-bit types, variable pointers, subgroup
        // control flow, ...) work, and a test that needs what the device lacks skips by name
        // (`requirements`). robustBufferAccess stays off: it changes what out-of-bounds
        // accesses do.
        let features = vk::PhysicalDeviceFeatures { robust_buffer_access: 0, ..supported };
        let mut extended = requirements::Extended::default();
        let mut v11 = vk::PhysicalDeviceVulkan11Features::default();
        let mut v12 = vk::PhysicalDeviceVulkan12Features::default();
        let mut v13 = vk::PhysicalDeviceVulkan13Features::default();
        if vulkan_1_2 {
            let mut f2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut v11).push_next(&mut v12);
            if vulkan_1_3 {
                f2 = f2.push_next(&mut v13);
            }
            unsafe { instance.get_physical_device_features2(physical, &mut f2) };
            (v11.p_next, v12.p_next, v13.p_next) = (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
            extended = requirements::Extended::query(&instance, physical, &v11, &v12, &v13);
        }
        let extensions: Vec<std::ffi::CString> = unsafe { instance.enumerate_device_extension_properties(physical) }
            .unwrap_or_default()
            .iter()
            .filter_map(|e| e.extension_name_as_c_str().ok().map(|c| c.to_owned()))
            .filter(|n| requirements::enable_extension(&n.to_string_lossy()))
            .collect();
        // VK_EXT_transform_feedback's features (transformFeedback, geometryStreams) are enabled
        // with the extension, as every other feature is.
        let xfb_extension = extensions.iter().any(|e| e.as_c_str() == ash::ext::transform_feedback::NAME);
        let mut xfb = vk::PhysicalDeviceTransformFeedbackFeaturesEXT::default();
        let mut xfb_limits = vk::PhysicalDeviceTransformFeedbackPropertiesEXT::default();
        if xfb_extension {
            let mut f2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut xfb);
            unsafe { instance.get_physical_device_features2(physical, &mut f2) };
            let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut xfb_limits);
            unsafe { instance.get_physical_device_properties2(physical, &mut p2) };
            (xfb.p_next, xfb_limits.p_next) = (std::ptr::null_mut(), std::ptr::null_mut());
        }
        let priorities = [1.0f32];
        let qci = [vk::DeviceQueueCreateInfo::default().queue_family_index(queue_family).queue_priorities(&priorities)];
        let create = |with_extensions: bool| {
            let names: Vec<*const std::ffi::c_char> =
                if with_extensions { extensions.iter().map(|c| c.as_ptr()).collect() } else { Vec::new() };
            let (mut a, mut b, mut c, mut x) = (v11, v12, v13, xfb);
            let mut dci =
                vk::DeviceCreateInfo::default().queue_create_infos(&qci).enabled_features(&features).enabled_extension_names(&names);
            if vulkan_1_2 {
                dci = dci.push_next(&mut a).push_next(&mut b);
            }
            if vulkan_1_3 {
                dci = dci.push_next(&mut c);
            }
            if with_extensions && xfb_extension {
                dci = dci.push_next(&mut x);
            }
            unsafe { instance.create_device(physical, &dci, None) }
        };
        // A device that refuses its own extensions all at once still runs what needs none.
        let (device, enabled_extensions) = match create(true) {
            Ok(d) => (d, extensions.iter().map(|c| c.to_string_lossy().into_owned()).collect()),
            Err(_) => (create(false).map_err(vkerr("vkCreateDevice"))?, Vec::new()),
        };
        let transform_feedback = (xfb.transform_feedback != 0
            && enabled_extensions.iter().any(|e: &String| e == "VK_EXT_transform_feedback"))
        .then(|| TransformFeedback {
            commands: ash::ext::transform_feedback::Device::new(&instance, &device),
            max_buffers: xfb_limits.max_transform_feedback_buffers,
            max_buffer_size: xfb_limits.max_transform_feedback_buffer_size,
            queries: xfb_limits.transform_feedback_queries != 0,
        });
        extended.extensions = enabled_extensions;
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
        let non_uniform_sampled_images = v12.shader_sampled_image_array_non_uniform_indexing != 0;
        Ok(NativeExecutor {
            _entry: entry,
            instance,
            physical,
            device,
            queue,
            queue_family,
            features,
            extended,
            non_uniform_sampled_images,
            transform_feedback,
            api_version: props.api_version,
            limits: props.limits,
            info,
        })
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
        if r.sampled_image_array_dynamic_indexing && f.shader_sampled_image_array_dynamic_indexing == 0 {
            return missing("shaderSampledImageArrayDynamicIndexing");
        }
        if r.uniform_buffer_array_dynamic_indexing && f.shader_uniform_buffer_array_dynamic_indexing == 0 {
            return missing("shaderUniformBufferArrayDynamicIndexing");
        }
        if r.sampled_image_array_non_uniform_indexing && !self.non_uniform_sampled_images {
            return missing("shaderSampledImageArrayNonUniformIndexing");
        }
        let needed = test.shaders.iter().map(|s| s.target.vulkan_minor()).max().unwrap_or(0);
        if vk::api_version_major(self.api_version) == 1 && vk::api_version_minor(self.api_version) < needed {
            return missing(&format!("Vulkan 1.{needed} (for the shaders' SPIR-V version)"));
        }
        if r.shader_f16 {
            return missing("shader-f16 (not enabled by the native executor)");
        }
        if test.needs_transform_feedback() {
            let Some(x) = &self.transform_feedback else {
                return missing("transformFeedback (VK_EXT_transform_feedback)");
            };
            if !test.captures.is_empty() && !x.queries {
                return missing("transformFeedbackQueries (the primitives query of a capture)");
            }
            for c in &test.captures {
                if c.buffer >= x.max_buffers {
                    return missing(&format!("transform feedback buffer {} (maxTransformFeedbackBuffers {})", c.buffer, x.max_buffers));
                }
                if c.size as u64 > x.max_buffer_size {
                    return missing(&format!(
                        "a {}-byte transform feedback buffer (maxTransformFeedbackBufferSize {})",
                        c.size, x.max_buffer_size
                    ));
                }
            }
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
    /// Colour target, depth attachment and textures (memory may be null if allocation failed).
    images: Vec<(vk::Image, vk::DeviceMemory)>,
    views: Vec<vk::ImageView>,
    samplers: Vec<vk::Sampler>,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    descriptor_pool: vk::DescriptorPool,
    render_pass: vk::RenderPass,
    framebuffer: vk::Framebuffer,
    modules: Vec<vk::ShaderModule>,
    layout: vk::PipelineLayout,
    pipeline: vk::Pipeline,
    pool: vk::CommandPool,
    fence: vk::Fence,
    /// The transform feedback primitives query (tests with capture buffers).
    query_pool: vk::QueryPool,
}

impl<'d> Scratch<'d> {
    fn new(device: &'d ash::Device) -> Self {
        Scratch {
            device,
            buffers: Vec::new(),
            images: Vec::new(),
            views: Vec::new(),
            samplers: Vec::new(),
            set_layouts: Vec::new(),
            descriptor_pool: vk::DescriptorPool::null(),
            render_pass: vk::RenderPass::null(),
            framebuffer: vk::Framebuffer::null(),
            modules: Vec::new(),
            layout: vk::PipelineLayout::null(),
            pipeline: vk::Pipeline::null(),
            pool: vk::CommandPool::null(),
            fence: vk::Fence::null(),
            query_pool: vk::QueryPool::null(),
        }
    }
}

impl Drop for Scratch<'_> {
    fn drop(&mut self) {
        let d = self.device;
        unsafe {
            let _ = d.device_wait_idle();
            d.destroy_fence(self.fence, None);
            d.destroy_query_pool(self.query_pool, None);
            d.destroy_command_pool(self.pool, None);
            d.destroy_pipeline(self.pipeline, None);
            d.destroy_pipeline_layout(self.layout, None);
            d.destroy_descriptor_pool(self.descriptor_pool, None);
            for l in &self.set_layouts {
                d.destroy_descriptor_set_layout(*l, None);
            }
            for m in &self.modules {
                d.destroy_shader_module(*m, None);
            }
            d.destroy_framebuffer(self.framebuffer, None);
            d.destroy_render_pass(self.render_pass, None);
            for s in &self.samplers {
                d.destroy_sampler(*s, None);
            }
            for v in &self.views {
                d.destroy_image_view(*v, None);
            }
            for (i, m) in &self.images {
                d.destroy_image(*i, None);
                d.free_memory(*m, None);
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
        Unorm8x4Bgra => vk::Format::B8G8R8A8_UNORM,
        Snorm8x2 => vk::Format::R8G8_SNORM,
        Uint8x2 => vk::Format::R8G8_UINT,
        Float16x2 => vk::Format::R16G16_SFLOAT,
        Float16x4 => vk::Format::R16G16B16A16_SFLOAT,
    }
}

fn vk_target_format(f: crate::shader_test::TargetFormat) -> vk::Format {
    use crate::shader_test::TargetFormat as F;
    match f {
        F::Rgba8Unorm => vk::Format::R8G8B8A8_UNORM,
        F::Rgba16Float => vk::Format::R16G16B16A16_SFLOAT,
        F::Rgba32Float => vk::Format::R32G32B32A32_SFLOAT,
        F::Rg16Float => vk::Format::R16G16_SFLOAT,
        F::Rg32Float => vk::Format::R32G32_SFLOAT,
        F::R16Float => vk::Format::R16_SFLOAT,
        F::R32Float => vk::Format::R32_SFLOAT,
        F::R32Sint => vk::Format::R32_SINT,
        F::Rg8Uint => vk::Format::R8G8_UINT,
        F::Rg11b10Ufloat => vk::Format::B10G11R11_UFLOAT_PACK32,
    }
}

fn vk_topology(t: Topology) -> vk::PrimitiveTopology {
    match t {
        Topology::PointList => vk::PrimitiveTopology::POINT_LIST,
        Topology::LineList => vk::PrimitiveTopology::LINE_LIST,
        Topology::LineStrip => vk::PrimitiveTopology::LINE_STRIP,
        Topology::TriangleList => vk::PrimitiveTopology::TRIANGLE_LIST,
        Topology::TriangleStrip => vk::PrimitiveTopology::TRIANGLE_STRIP,
        Topology::LineListAdjacency => vk::PrimitiveTopology::LINE_LIST_WITH_ADJACENCY,
        Topology::LineStripAdjacency => vk::PrimitiveTopology::LINE_STRIP_WITH_ADJACENCY,
        Topology::TriangleListAdjacency => vk::PrimitiveTopology::TRIANGLE_LIST_WITH_ADJACENCY,
        Topology::TriangleStripAdjacency => vk::PrimitiveTopology::TRIANGLE_STRIP_WITH_ADJACENCY,
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
        Stage::Compute => vk::ShaderStageFlags::COMPUTE,
    }
}

impl Executor for NativeExecutor {
    fn name(&self) -> String {
        "native".into()
    }

    fn driver(&self) -> DriverInfo {
        self.info.clone()
    }

    fn compute(&mut self, job: &super::ComputeJob) -> Result<Vec<(usize, Vec<u8>)>, ExecError> {
        self.run_compute(job)
    }

    fn require(&self, r: &super::DeviceRequirements) -> Result<(), ExecError> {
        self.extended.check(&self.features, r).map_err(|what| ExecError::Skip(format!("{} lacks {what}", self.info.device)))
    }

    fn render_outputs(&mut self, test: &ShaderTest) -> Result<Outputs, ExecError> {
        self.check_requirements(test)?;
        let mut stages: Vec<render::StageCode> = Vec::new();
        for s in &test.shaders {
            stages.push((s.stage, compile::compile_section(test, s)?, s.entry_point.clone()));
        }
        check_shader_resources(test, &stages)?;
        check_capture_buffers(test, &stages)?;
        if let Some(what) = stages.iter().find_map(|(_, words, _)| self.extended.missing_for_module(words)) {
            return Err(ExecError::Skip(format!("{} lacks {what}", self.info.device)));
        }
        self.check_resource_limits(test)?;
        self.render_stages(test, &stages)
    }
}

/// A render pass attachment without stencil.
fn attachment(
    format: vk::Format,
    samples: vk::SampleCountFlags,
    load: vk::AttachmentLoadOp,
    store: vk::AttachmentStoreOp,
    initial: vk::ImageLayout,
    last: vk::ImageLayout,
) -> vk::AttachmentDescription {
    vk::AttachmentDescription::default()
        .format(format)
        .samples(samples)
        .load_op(load)
        .store_op(store)
        .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
        .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
        .initial_layout(initial)
        .final_layout(last)
}

/// A 2D image's extent, layers, and the view made of it.
#[derive(Clone, Copy)]
struct ImageShape {
    width: u32,
    height: u32,
    layers: u32,
    view: vk::ImageViewType,
}

impl ImageShape {
    /// One layer, viewed as a 2D image (attachments).
    fn flat(width: u32, height: u32) -> Self {
        ImageShape { width, height, layers: 1, view: vk::ImageViewType::TYPE_2D }
    }
}

/// A texture's copy from its staging buffer (every layer, layer after layer), recorded before
/// the render pass.
struct Upload {
    /// The layout, access and stage the image is used in after the copy.
    ready: (vk::ImageLayout, vk::AccessFlags, vk::PipelineStageFlags),
    staging: vk::Buffer,
    image: vk::Image,
    shape: ImageShape,
    aspect: vk::ImageAspectFlags,
}

/// The test's descriptor sets (sets 0..=highest used, bound from set 0) and texture uploads.
struct Bound {
    sets: Vec<vk::DescriptorSet>,
    /// Storage buffers, read back after the work: (index in `test.resources`, memory, bytes).
    storage: Vec<(usize, vk::DeviceMemory, usize)>,
    uploads: Vec<Upload>,
    /// The test's input attachments: attachments of the render pass after the colour target
    /// (and depth), uploaded before it begins.
    input_attachments: Vec<InputAttachment>,
    /// The test's `[transform feedback N]` buffers, bound while its draws run and read back.
    captures: Vec<CaptureBinding>,
}

/// A capture buffer: its `XfbBuffer` number, buffer, memory and bytes.
struct CaptureBinding {
    buffer: u32,
    handle: vk::Buffer,
    memory: vk::DeviceMemory,
    size: usize,
}

struct InputAttachment {
    /// `input_attachment_index`: the subpass's input attachment reference it fills.
    index: u32,
    view: vk::ImageView,
    format: vk::Format,
}

/// Records: texture → TRANSFER_DST, copy from staging, → SHADER_READ_ONLY for every graphics stage.
unsafe fn record_upload(d: &ash::Device, cmd: vk::CommandBuffer, up: &Upload) {
    let range = vk::ImageSubresourceRange::default().aspect_mask(up.aspect).level_count(1).layer_count(up.shape.layers);
    let to_dst = [vk::ImageMemoryBarrier::default()
        .src_access_mask(vk::AccessFlags::empty())
        .dst_access_mask(vk::AccessFlags::TRANSFER_WRITE)
        .old_layout(vk::ImageLayout::UNDEFINED)
        .new_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
        .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
        .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
        .image(up.image)
        .subresource_range(range)];
    d.cmd_pipeline_barrier(
        cmd,
        vk::PipelineStageFlags::TOP_OF_PIPE,
        vk::PipelineStageFlags::TRANSFER,
        vk::DependencyFlags::empty(),
        &[],
        &[],
        &to_dst,
    );
    let region = vk::BufferImageCopy::default()
        .image_subresource(vk::ImageSubresourceLayers::default().aspect_mask(up.aspect).layer_count(up.shape.layers))
        .image_extent(vk::Extent3D { width: up.shape.width, height: up.shape.height, depth: 1 });
    d.cmd_copy_buffer_to_image(cmd, up.staging, up.image, vk::ImageLayout::TRANSFER_DST_OPTIMAL, &[region]);
    let (layout, access, stage) = up.ready;
    let to_read = [vk::ImageMemoryBarrier::default()
        .src_access_mask(vk::AccessFlags::TRANSFER_WRITE)
        .dst_access_mask(access)
        .old_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
        .new_layout(layout)
        .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
        .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
        .image(up.image)
        .subresource_range(range)];
    d.cmd_pipeline_barrier(cmd, vk::PipelineStageFlags::TRANSFER, stage, vk::DependencyFlags::empty(), &[], &[], &to_read);
}

fn blend_state(mode: BlendMode) -> vk::PipelineColorBlendAttachmentState {
    let s = vk::PipelineColorBlendAttachmentState::default().color_write_mask(vk::ColorComponentFlags::RGBA);
    let (src_c, dst_c, src_a, dst_a) = match mode {
        BlendMode::Replace => return s.blend_enable(false),
        BlendMode::Alpha => {
            (vk::BlendFactor::SRC_ALPHA, vk::BlendFactor::ONE_MINUS_SRC_ALPHA, vk::BlendFactor::ONE, vk::BlendFactor::ONE_MINUS_SRC_ALPHA)
        }
        BlendMode::Additive => (vk::BlendFactor::ONE, vk::BlendFactor::ONE, vk::BlendFactor::ONE, vk::BlendFactor::ONE),
    };
    s.blend_enable(true)
        .src_color_blend_factor(src_c)
        .dst_color_blend_factor(dst_c)
        .color_blend_op(vk::BlendOp::ADD)
        .src_alpha_blend_factor(src_a)
        .dst_alpha_blend_factor(dst_a)
        .alpha_blend_op(vk::BlendOp::ADD)
}

fn vk_stencil_op(op: StencilOp) -> vk::StencilOp {
    match op {
        StencilOp::Keep => vk::StencilOp::KEEP,
        StencilOp::Zero => vk::StencilOp::ZERO,
        StencilOp::Replace => vk::StencilOp::REPLACE,
        StencilOp::IncrementClamp => vk::StencilOp::INCREMENT_AND_CLAMP,
        StencilOp::DecrementClamp => vk::StencilOp::DECREMENT_AND_CLAMP,
        StencilOp::Invert => vk::StencilOp::INVERT,
        StencilOp::IncrementWrap => vk::StencilOp::INCREMENT_AND_WRAP,
        StencilOp::DecrementWrap => vk::StencilOp::DECREMENT_AND_WRAP,
    }
}

fn vk_compare(op: CompareOp) -> vk::CompareOp {
    match op {
        CompareOp::Never => vk::CompareOp::NEVER,
        CompareOp::Less => vk::CompareOp::LESS,
        CompareOp::Equal => vk::CompareOp::EQUAL,
        CompareOp::LessEqual => vk::CompareOp::LESS_OR_EQUAL,
        CompareOp::Greater => vk::CompareOp::GREATER,
        CompareOp::NotEqual => vk::CompareOp::NOT_EQUAL,
        CompareOp::GreaterEqual => vk::CompareOp::GREATER_OR_EQUAL,
        CompareOp::Always => vk::CompareOp::ALWAYS,
    }
}

fn vk_descriptor_type(d: &Descriptor) -> vk::DescriptorType {
    match d {
        Descriptor::UniformBuffer(_) => vk::DescriptorType::UNIFORM_BUFFER,
        Descriptor::StorageBuffer(_) => vk::DescriptorType::STORAGE_BUFFER,
        Descriptor::SampledTexture(_) => vk::DescriptorType::SAMPLED_IMAGE,
        Descriptor::Sampler(_) => vk::DescriptorType::SAMPLER,
        Descriptor::CombinedTextureSampler(..) => vk::DescriptorType::COMBINED_IMAGE_SAMPLER,
        Descriptor::InputAttachment { .. } => vk::DescriptorType::INPUT_ATTACHMENT,
    }
}

fn vk_texel_format(f: TexelFormat) -> vk::Format {
    match f {
        TexelFormat::Rgba8Unorm => vk::Format::R8G8B8A8_UNORM,
        TexelFormat::Rgba32Float => vk::Format::R32G32B32A32_SFLOAT,
        TexelFormat::Depth16Unorm => vk::Format::D16_UNORM,
    }
}

/// The kind of a test descriptor in the translator's reflection terms.
fn descriptor_kind(d: &Descriptor) -> tesserae::DescriptorKind {
    use tesserae::DescriptorKind as K;
    match d {
        Descriptor::UniformBuffer(_) => K::UniformBuffer,
        Descriptor::StorageBuffer(_) => K::StorageBuffer,
        Descriptor::SampledTexture(_) => K::SampledImage,
        Descriptor::Sampler(_) => K::Sampler,
        Descriptor::CombinedTextureSampler(..) => K::CombinedImageSampler,
        Descriptor::InputAttachment { .. } => K::InputAttachment,
    }
}

/// Whether a shader variable of `kind` may read the descriptor `d`: its own kind, or a half of
/// a combined image sampler (Vulkan's table of descriptor types and the shader types that may
/// use them: a separate image or sampler variable reads a `COMBINED_IMAGE_SAMPLER` binding).
fn reads(d: &Descriptor, kind: tesserae::DescriptorKind) -> bool {
    use tesserae::DescriptorKind as K;
    descriptor_kind(d) == kind || matches!((d, kind), (Descriptor::CombinedTextureSampler(..), K::SampledImage | K::Sampler))
}

/// Every descriptor a stage declares must be one the test provides, of the same kind, and a
/// push constant block needs `[push constants]`: Vulkan leaves a pipeline whose layout lacks a
/// declared resource undefined (lavapipe may crash), so a mismatch is reported instead. Stages
/// the reflection cannot load are not checked here (the driver reports on them).
fn check_shader_resources(test: &ShaderTest, stages: &[(Stage, Vec<u32>, String)]) -> Result<(), ExecError> {
    for (stage, words, entry) in stages {
        let Ok(m) = tesserae::reflect::load(words, Some(entry)) else { continue };
        let (vars, push) = tesserae::descriptors::reflect(m.view());
        for v in vars {
            let found = test.resources.iter().find(|r| r.set == v.set && r.binding == v.binding && r.element == 0);
            // Vulkan needs a descriptor only for what a shader uses.
            let used = || m.view().bodies().any(|i| i.ids.contains(&v.id));
            let problem = match found {
                None if !used() => continue,
                None => "the test has no resource there".to_string(),
                Some(r) if !reads(&r.descriptor, v.kind) => {
                    format!(
                        "the test's [{} {} {}] (line {}) is a {}",
                        section_name(&r.descriptor),
                        r.set,
                        r.binding,
                        r.line,
                        r.descriptor.kind()
                    )
                }
                Some(_) if v.count == 0 => "runtime-sized arrays of descriptors are not supported by the format".to_string(),
                Some(r) if v.count != array_length(test, r.set, r.binding) => {
                    format!("it is an array of {} descriptors and the test gives {}", v.count, array_length(test, r.set, r.binding))
                }
                Some(_) => continue,
            };
            return Err(ExecError::Device(format!(
                "the {stage} shader declares `{}` ({:?}) at set {} binding {}, but {problem}",
                v.name, v.kind, v.set, v.binding
            )));
        }
        if push.is_some() && test.push_constants.is_none() {
            return Err(ExecError::Device(format!(
                "the {stage} shader declares push constants, but the test has no [push constants] section"
            )));
        }
    }
    Ok(())
}

/// A test with `[transform feedback N]` sections captures from its last pre-rasterization
/// stage: that stage must run in the Xfb execution mode, and every `XfbBuffer` it decorates
/// must be a buffer the test declares (Vulkan leaves a capture into an unbound buffer
/// undefined).
fn check_capture_buffers(test: &ShaderTest, stages: &[(Stage, Vec<u32>, String)]) -> Result<(), ExecError> {
    if test.captures.is_empty() {
        return Ok(());
    }
    let order = [Stage::Geometry, Stage::TessEval, Stage::Vertex];
    let Some((stage, words, _)) = order.iter().find_map(|o| stages.iter().find(|(s, _, _)| s == o)) else {
        return Ok(());
    };
    let (xfb_mode, buffers) = xfb_decorations(words);
    if !xfb_mode {
        return Err(ExecError::Device(format!(
            "the test has [transform feedback] sections, but its last pre-rasterization stage ({stage}) captures nothing (no Xfb execution mode: no xfb_buffer/xfb_offset qualifier)"
        )));
    }
    if let Some(b) = buffers.iter().find(|b| test.capture(**b).is_none()) {
        return Err(ExecError::Device(format!(
            "the {stage} shader captures into XfbBuffer {b}, but the test has no [transform feedback {b}] section"
        )));
    }
    Ok(())
}

/// Whether a module declares the Xfb execution mode, and the `XfbBuffer` numbers it decorates
/// (variables and block members).
fn xfb_decorations(words: &[u32]) -> (bool, Vec<u32>) {
    let (mut mode, mut buffers) = (false, Vec::new());
    let mut i = 5;
    while i < words.len() {
        let (count, op) = ((words[i] >> 16) as usize, words[i] & 0xffff);
        if count == 0 || i + count > words.len() {
            break;
        }
        let operands = &words[i + 1..i + count];
        let xfb_buffer = spirv::Decoration::XfbBuffer as u32;
        match op {
            o if o == spirv::Op::ExecutionMode as u32 && operands.get(1) == Some(&(spirv::ExecutionMode::Xfb as u32)) => mode = true,
            o if o == spirv::Op::Decorate as u32 && operands.get(1) == Some(&xfb_buffer) => buffers.extend(operands.get(2)),
            o if o == spirv::Op::MemberDecorate as u32 && operands.get(2) == Some(&xfb_buffer) => buffers.extend(operands.get(3)),
            _ => {}
        }
        i += count;
    }
    buffers.sort_unstable();
    buffers.dedup();
    (mode, buffers)
}

/// Descriptors the test gives at (set, binding): the elements of its array.
fn array_length(test: &ShaderTest, set: u32, binding: u32) -> u32 {
    test.resources.iter().filter(|r| r.set == set && r.binding == binding).count() as u32
}

fn section_name(d: &Descriptor) -> &'static str {
    match d {
        Descriptor::UniformBuffer(_) => "uniform buffer",
        Descriptor::StorageBuffer(_) => "storage buffer",
        Descriptor::SampledTexture(_) | Descriptor::CombinedTextureSampler(..) => "texture",
        Descriptor::Sampler(_) => "sampler",
        Descriptor::InputAttachment { .. } => "input attachment",
    }
}

impl NativeExecutor {
    /// Skips tests whose resources exceed this device's limits (the driver would be used out of
    /// its specification otherwise).
    fn check_resource_limits(&self, test: &ShaderTest) -> Result<(), ExecError> {
        let l = &self.limits;
        let skip = |what: String| Err(ExecError::Skip(format!("{} lacks {what}", self.info.device)));
        if let Some(p) = &test.push_constants {
            if p.len() as u64 > l.max_push_constants_size as u64 {
                return skip(format!("{} bytes of push constants (maxPushConstantsSize {})", p.len(), l.max_push_constants_size));
            }
        }
        let sets = test.resources.iter().map(|r| r.set + 1).max().unwrap_or(0);
        if sets > l.max_bound_descriptor_sets {
            return skip(format!("{sets} descriptor sets (maxBoundDescriptorSets {})", l.max_bound_descriptor_sets));
        }
        for r in &test.resources {
            let (len, max, name) = match &r.descriptor {
                Descriptor::UniformBuffer(b) => (b.len() as u64, l.max_uniform_buffer_range as u64, "maxUniformBufferRange"),
                Descriptor::StorageBuffer(b) => (b.len() as u64, l.max_storage_buffer_range as u64, "maxStorageBufferRange"),
                _ => continue,
            };
            if len > max {
                return skip(format!("a {len}-byte {} at set {} binding {} ({name} {max})", r.descriptor.kind(), r.set, r.binding));
            }
        }
        for r in &test.resources {
            let (tex, sampler) = match &r.descriptor {
                Descriptor::SampledTexture(t) => (t, None),
                Descriptor::CombinedTextureSampler(t, s) => (t, Some(s)),
                _ => continue,
            };
            let format = vk_texel_format(tex.format);
            let props = unsafe { self.instance.get_physical_device_format_properties(self.physical, format) };
            let mut need = vk::FormatFeatureFlags::SAMPLED_IMAGE | vk::FormatFeatureFlags::TRANSFER_DST;
            if sampler.is_some_and(|s| s.filter == Filter::Linear) {
                need |= vk::FormatFeatureFlags::SAMPLED_IMAGE_FILTER_LINEAR;
            }
            if !props.optimal_tiling_features.contains(need) {
                return skip(format!("{need:?} for {format:?} textures"));
            }
        }
        Ok(())
    }

    /// A device-local 2D image with one level and its view (both tracked in `sc`).
    #[allow(clippy::too_many_arguments)]
    fn device_image(
        &self,
        sc: &mut Scratch,
        what: &str,
        format: vk::Format,
        shape: ImageShape,
        usage: vk::ImageUsageFlags,
        aspect: vk::ImageAspectFlags,
    ) -> Result<(vk::Image, vk::ImageView), ExecError> {
        self.device_image_samples(sc, what, format, shape, usage, aspect, vk::SampleCountFlags::TYPE_1)
    }

    /// As [`Self::device_image`], with `samples` samples per texel (attachments).
    #[allow(clippy::too_many_arguments)]
    fn device_image_samples(
        &self,
        sc: &mut Scratch,
        what: &str,
        format: vk::Format,
        shape: ImageShape,
        usage: vk::ImageUsageFlags,
        aspect: vk::ImageAspectFlags,
        samples: vk::SampleCountFlags,
    ) -> Result<(vk::Image, vk::ImageView), ExecError> {
        let d = &self.device;
        let cube = matches!(shape.view, vk::ImageViewType::CUBE | vk::ImageViewType::CUBE_ARRAY);
        let ici = vk::ImageCreateInfo::default()
            .flags(if cube { vk::ImageCreateFlags::CUBE_COMPATIBLE } else { vk::ImageCreateFlags::empty() })
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D { width: shape.width, height: shape.height, depth: 1 })
            .mip_levels(1)
            .array_layers(shape.layers)
            .samples(samples)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(usage)
            .initial_layout(vk::ImageLayout::UNDEFINED);
        let image = unsafe { d.create_image(&ici, None) }.map_err(vkerr_for(format!("vkCreateImage ({what})")))?;
        sc.images.push((image, vk::DeviceMemory::null()));
        let req = unsafe { d.get_image_memory_requirements(image) };
        let mem_ty = self.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::DEVICE_LOCAL)?;
        let mem =
            unsafe { d.allocate_memory(&vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(mem_ty), None) }
                .map_err(vkerr_for(format!("vkAllocateMemory ({what})")))?;
        if let Some(last) = sc.images.last_mut() {
            last.1 = mem;
        }
        unsafe { d.bind_image_memory(image, mem, 0) }.map_err(vkerr_for(format!("vkBindImageMemory ({what})")))?;
        let range = vk::ImageSubresourceRange::default().aspect_mask(aspect).level_count(1).layer_count(shape.layers);
        let view = unsafe {
            d.create_image_view(
                &vk::ImageViewCreateInfo::default().image(image).view_type(shape.view).format(format).subresource_range(range),
                None,
            )
        }
        .map_err(vkerr_for(format!("vkCreateImageView ({what})")))?;
        sc.views.push(view);
        Ok((image, view))
    }

    fn sampler(&self, sc: &mut Scratch, s: &SamplerState, what: &str) -> Result<vk::Sampler, ExecError> {
        let filter = match s.filter {
            Filter::Nearest => vk::Filter::NEAREST,
            Filter::Linear => vk::Filter::LINEAR,
        };
        let address = match s.address {
            AddressMode::Repeat => vk::SamplerAddressMode::REPEAT,
            AddressMode::ClampToEdge => vk::SamplerAddressMode::CLAMP_TO_EDGE,
            AddressMode::MirrorRepeat => vk::SamplerAddressMode::MIRRORED_REPEAT,
        };
        let ci = vk::SamplerCreateInfo::default()
            .mag_filter(filter)
            .min_filter(filter)
            .mipmap_mode(vk::SamplerMipmapMode::NEAREST)
            .address_mode_u(address)
            .address_mode_v(address)
            .address_mode_w(address)
            .mip_lod_bias(0.0)
            .anisotropy_enable(false)
            .compare_enable(s.compare.is_some())
            .compare_op(s.compare.map_or(vk::CompareOp::NEVER, vk_compare))
            .min_lod(0.0)
            .max_lod(0.0)
            .border_color(vk::BorderColor::FLOAT_TRANSPARENT_BLACK)
            .unnormalized_coordinates(false);
        let sampler = unsafe { self.device.create_sampler(&ci, None) }.map_err(vkerr_for(format!("vkCreateSampler ({what})")))?;
        sc.samplers.push(sampler);
        Ok(sampler)
    }

    /// A sampled texture: image, view, and a staging buffer holding its texels.
    fn texture(
        &self,
        sc: &mut Scratch,
        tex: &TextureData,
        usage: vk::ImageUsageFlags,
        what: &str,
    ) -> Result<(vk::ImageView, Upload), ExecError> {
        let staging = self.host_buffer(sc, vk::BufferUsageFlags::TRANSFER_SRC, &tex.data, &format!("staging buffer of the {what}"))?;
        let view = match tex.view {
            TextureView::D2 => vk::ImageViewType::TYPE_2D,
            TextureView::D2Array => vk::ImageViewType::TYPE_2D_ARRAY,
            TextureView::Cube => vk::ImageViewType::CUBE,
            TextureView::CubeArray => vk::ImageViewType::CUBE_ARRAY,
        };
        let aspect = if tex.format.is_depth() { vk::ImageAspectFlags::DEPTH } else { vk::ImageAspectFlags::COLOR };
        let shape = ImageShape { width: tex.width, height: tex.height, layers: tex.layers, view };
        let usage = usage | vk::ImageUsageFlags::TRANSFER_DST;
        let (image, view) = self.device_image(sc, what, vk_texel_format(tex.format), shape, usage, aspect)?;
        let ready = (vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL, vk::AccessFlags::SHADER_READ, vk::PipelineStageFlags::ALL_GRAPHICS);
        Ok((view, Upload { ready, staging, image, shape, aspect }))
    }

    /// Set layouts (in `sc.set_layouts`, for sets 0..=highest used; gaps are empty layouts),
    /// the pool, the sets and their contents.
    fn descriptors(&self, sc: &mut Scratch, test: &ShaderTest) -> Result<Bound, ExecError> {
        let d = &self.device;
        let mut bound =
            Bound { sets: Vec::new(), storage: Vec::new(), uploads: Vec::new(), input_attachments: Vec::new(), captures: Vec::new() };
        let Some(max_set) = test.resources.iter().map(|r| r.set).max() else {
            return Ok(bound);
        };
        for set in 0..=max_set {
            // One layout binding per array (its element 0), counting the elements.
            let bindings: Vec<vk::DescriptorSetLayoutBinding> = test
                .resources
                .iter()
                .filter(|r| r.set == set && r.element == 0)
                .map(|r| {
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(r.binding)
                        .descriptor_type(vk_descriptor_type(&r.descriptor))
                        .descriptor_count(array_length(test, r.set, r.binding))
                        .stage_flags(vk::ShaderStageFlags::ALL_GRAPHICS | vk::ShaderStageFlags::COMPUTE)
                })
                .collect();
            let l = unsafe { d.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None) }
                .map_err(vkerr_for(format!("vkCreateDescriptorSetLayout (set {set})")))?;
            sc.set_layouts.push(l);
        }
        let mut sizes: Vec<vk::DescriptorPoolSize> = Vec::new();
        for r in &test.resources {
            let ty = vk_descriptor_type(&r.descriptor);
            match sizes.iter_mut().find(|s| s.ty == ty) {
                Some(s) => s.descriptor_count += 1,
                None => sizes.push(vk::DescriptorPoolSize { ty, descriptor_count: 1 }),
            }
        }
        sc.descriptor_pool =
            unsafe { d.create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(max_set + 1).pool_sizes(&sizes), None) }
                .map_err(vkerr("vkCreateDescriptorPool"))?;
        bound.sets = unsafe {
            d.allocate_descriptor_sets(
                &vk::DescriptorSetAllocateInfo::default().descriptor_pool(sc.descriptor_pool).set_layouts(&sc.set_layouts),
            )
        }
        .map_err(vkerr("vkAllocateDescriptorSets"))?;

        enum Info {
            Buffer([vk::DescriptorBufferInfo; 1]),
            Image([vk::DescriptorImageInfo; 1]),
        }
        let mut infos = Vec::new();
        for (index, r) in test.resources.iter().enumerate() {
            let what = format!("{} at set {} binding {}", r.descriptor.kind(), r.set, r.binding);
            let image_info = |view, sampler| {
                Info::Image([vk::DescriptorImageInfo {
                    sampler,
                    image_view: view,
                    image_layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL,
                }])
            };
            let info = match &r.descriptor {
                Descriptor::UniformBuffer(b) | Descriptor::StorageBuffer(b) => {
                    let usage = match r.descriptor {
                        Descriptor::UniformBuffer(_) => vk::BufferUsageFlags::UNIFORM_BUFFER,
                        _ => vk::BufferUsageFlags::STORAGE_BUFFER,
                    };
                    let buffer = self.host_buffer(sc, usage, b, &what)?;
                    if usage == vk::BufferUsageFlags::STORAGE_BUFFER {
                        let memory = sc.buffers.last().map(|(_, m)| *m).unwrap_or_default();
                        bound.storage.push((index, memory, b.len()));
                    }
                    Info::Buffer([vk::DescriptorBufferInfo { buffer, offset: 0, range: vk::WHOLE_SIZE }])
                }
                Descriptor::SampledTexture(t) => {
                    let (view, up) = self.texture(sc, t, vk::ImageUsageFlags::SAMPLED, &what)?;
                    bound.uploads.push(up);
                    image_info(view, vk::Sampler::null())
                }
                Descriptor::InputAttachment { index, texture } => {
                    let (view, up) = self.texture(sc, texture, vk::ImageUsageFlags::INPUT_ATTACHMENT, &what)?;
                    bound.uploads.push(up);
                    bound.input_attachments.push(InputAttachment { index: *index, view, format: vk_texel_format(texture.format) });
                    image_info(view, vk::Sampler::null())
                }
                Descriptor::CombinedTextureSampler(t, s) => {
                    let (view, up) = self.texture(sc, t, vk::ImageUsageFlags::SAMPLED, &what)?;
                    bound.uploads.push(up);
                    image_info(view, self.sampler(sc, s, &what)?)
                }
                Descriptor::Sampler(s) => Info::Image([vk::DescriptorImageInfo {
                    sampler: self.sampler(sc, s, &what)?,
                    image_view: vk::ImageView::null(),
                    image_layout: vk::ImageLayout::UNDEFINED,
                }]),
            };
            infos.push(info);
        }
        let writes: Vec<vk::WriteDescriptorSet> = test
            .resources
            .iter()
            .zip(&infos)
            .map(|(r, info)| {
                let w = vk::WriteDescriptorSet::default()
                    .dst_set(bound.sets[r.set as usize])
                    .dst_binding(r.binding)
                    .dst_array_element(r.element)
                    .descriptor_type(vk_descriptor_type(&r.descriptor));
                match info {
                    Info::Buffer(b) => w.buffer_info(b),
                    Info::Image(i) => w.image_info(i),
                }
            })
            .collect();
        unsafe { d.update_descriptor_sets(&writes, &[]) };
        Ok(bound)
    }

    /// A primary command buffer from a pool of its own (both destroyed with `sc`), begun, with
    /// `uploads` recorded first.
    fn begin_commands(&self, sc: &mut Scratch, uploads: &[Upload]) -> Result<vk::CommandBuffer, ExecError> {
        let d = &self.device;
        sc.pool = unsafe { d.create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(self.queue_family), None) }
            .map_err(vkerr("vkCreateCommandPool"))?;
        let info =
            vk::CommandBufferAllocateInfo::default().command_pool(sc.pool).level(vk::CommandBufferLevel::PRIMARY).command_buffer_count(1);
        let cmd = unsafe { d.allocate_command_buffers(&info) }.map_err(vkerr("vkAllocateCommandBuffers"))?[0];
        unsafe {
            d.begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default()).map_err(vkerr("vkBeginCommandBuffer"))?;
            for up in uploads {
                record_upload(d, cmd, up);
            }
        }
        Ok(cmd)
    }

    /// Makes everything `cmd` wrote (copies, storage writes) visible to the host, ends and
    /// submits it, and waits for it.
    fn submit_and_wait(&self, sc: &mut Scratch, cmd: vk::CommandBuffer) -> Result<(), ExecError> {
        let d = &self.device;
        let barrier =
            [vk::MemoryBarrier::default().src_access_mask(vk::AccessFlags::MEMORY_WRITE).dst_access_mask(vk::AccessFlags::HOST_READ)];
        unsafe {
            d.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::ALL_COMMANDS,
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
        Ok(())
    }

    /// The storage buffers' contents after the work has finished.
    fn read_storage(&self, bound: &Bound) -> Result<Vec<(usize, Vec<u8>)>, ExecError> {
        let mut out = Vec::new();
        for &(index, mem, len) in &bound.storage {
            out.push((index, self.read_host(mem, len, "vkMapMemory (storage buffer)")?));
        }
        Ok(out)
    }

    /// The first `len` bytes of a host-visible, coherent allocation of at least `len.max(4)`
    /// bytes (made by [`Self::host_buffer`]).
    fn read_host(&self, mem: vk::DeviceMemory, len: usize, what: &str) -> Result<Vec<u8>, ExecError> {
        let d = &self.device;
        // SAFETY: `mem` is a live host-visible allocation of at least `len.max(4)` bytes, not
        // mapped elsewhere; the work writing it has finished.
        unsafe {
            let p = d.map_memory(mem, 0, len.max(4) as u64, vk::MemoryMapFlags::empty()).map_err(vkerr(what))?;
            let v = std::slice::from_raw_parts(p as *const u8, len).to_vec();
            d.unmap_memory(mem);
            Ok(v)
        }
    }

    /// A host-visible, coherent buffer holding `data` (tracked in `sc` for destruction).
    fn host_buffer(&self, sc: &mut Scratch, usage: vk::BufferUsageFlags, data: &[u8], what: &str) -> Result<vk::Buffer, ExecError> {
        let d = &self.device;
        let size = data.len().max(4) as u64;
        let buf = unsafe { d.create_buffer(&vk::BufferCreateInfo::default().size(size).usage(usage), None) }
            .map_err(vkerr_for(format!("vkCreateBuffer ({what})")))?;
        sc.buffers.push((buf, vk::DeviceMemory::null()));
        let req = unsafe { d.get_buffer_memory_requirements(buf) };
        let ty = self.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT)?;
        let mem = unsafe { d.allocate_memory(&vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty), None) }
            .map_err(vkerr_for(format!("vkAllocateMemory ({what})")))?;
        if let Some(last) = sc.buffers.last_mut() {
            last.1 = mem;
        }
        unsafe {
            d.bind_buffer_memory(buf, mem, 0).map_err(vkerr_for(format!("vkBindBufferMemory ({what})")))?;
            let p = d.map_memory(mem, 0, size, vk::MemoryMapFlags::empty()).map_err(vkerr_for(format!("vkMapMemory ({what})")))?;
            std::ptr::copy_nonoverlapping(data.as_ptr(), p as *mut u8, data.len());
            d.unmap_memory(mem);
        }
        Ok(buf)
    }
}
