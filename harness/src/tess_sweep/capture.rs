//! Capturing a driver's tessellation: one draw of many single-control-point patches through
//! vertex → tessellation control → tessellation evaluation → geometry, rasterization discarded.
//!
//! * The control shader reads patch `gl_PrimitiveID`'s levels (`f32` bits, 8 words a patch:
//!   4 outer, 2 inner, 2 unused) from storage buffer binding 0.
//! * The evaluation shader, compiled once per domain × spacing × vertex order × point mode,
//!   appends `(patch, bits of gl_TessCoord.xyz)` to binding 1 at an atomically incremented
//!   index: the domain points, once per evaluation invocation.
//! * The geometry shader (one per input primitive type) appends `(patch, vertex coordinates
//!   in input order)` to binding 2: the primitives, each vertex's `gl_TessCoord` bits as the
//!   evaluation shader passed them on, with the winding the driver gave them.
//!
//! The API guarantees neither the order of shader invocations nor that of atomic increments,
//! so the capture keeps, per patch, records in increment order and leaves the interpretation
//! to the caller. Both buffers are sized from the expected counts and grown (and the draw
//! repeated) if the driver produced more.

use super::device::{vkerr, Buffer, CaptureError, Gpu};
use ash::vk;
use std::collections::HashMap;
use tesserae::tessellator::{Domain, Spacing, Winding};

/// The execution modes of one evaluation shader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mode {
    pub domain: Domain,
    pub spacing: Spacing,
    pub winding: Winding,
    pub point_mode: bool,
}

impl Mode {
    /// Vertices per primitive the geometry shader sees.
    pub fn arity(&self) -> usize {
        match (self.point_mode, self.domain) {
            (true, _) => 1,
            (false, Domain::Isolines) => 2,
            (false, _) => 3,
        }
    }
}

/// Levels of one patch: outer, inner.
pub type Levels = ([f32; 4], [f32; 2]);

/// What the driver produced for one patch, as `f32` bits of `gl_TessCoord`, in the order of
/// the atomic increments.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PatchCapture {
    pub points: Vec<[u32; 3]>,
    /// `arity` coordinates per primitive.
    pub primitives: Vec<Vec<[u32; 3]>>,
}

const HEADER_WORDS: usize = 4; // counter + padding, so records start 16-byte aligned
const POINT_WORDS: usize = 4; // patch, x, y, z
const PRIM_WORDS: usize = 10; // patch, 3 × (x, y, z)
const LEVEL_WORDS: usize = 8;

const VS: &str = "#version 450\nvoid main() { gl_Position = vec4(0.0); }\n";

const TCS: &str = r#"#version 450
layout(vertices = 1) out;
layout(std430, set = 0, binding = 0) readonly buffer Levels { uint lv[]; };
void main() {
    uint b = 8u * uint(gl_PrimitiveID);
    gl_out[gl_InvocationID].gl_Position = vec4(0.0);
    for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = uintBitsToFloat(lv[b + uint(i)]);
    for (int i = 0; i < 2; i++) gl_TessLevelInner[i] = uintBitsToFloat(lv[b + 4u + uint(i)]);
}
"#;

const TES: &str = r#"#version 450
layout(MODES) in;
layout(std430, set = 0, binding = 1) buffer Points { uint count; uint pad[3]; uvec4 rec[]; } pts;
layout(location = 0) out vec3 tc;
layout(location = 1) out uint pid;
void main() {
    uint i = atomicAdd(pts.count, 1u);
    if (i < uint(pts.rec.length())) pts.rec[i] = uvec4(uint(gl_PrimitiveID), floatBitsToUint(gl_TessCoord));
    tc = gl_TessCoord;
    pid = uint(gl_PrimitiveID);
    gl_Position = vec4(0.0);
}
"#;

const GS: &str = r#"#version 450
layout(INPUT) in;
layout(points, max_vertices = 1) out;
layout(location = 0) in vec3 tc[];
layout(location = 1) in uint pid[];
layout(std430, set = 0, binding = 2) buffer Prims { uint count; uint pad[3]; uint rec[]; } prims;
void main() {
    uint i = atomicAdd(prims.count, 1u);
    uint b = 10u * i;
    if (b + 9u < uint(prims.rec.length())) {
        prims.rec[b] = pid[0];
        for (int k = 0; k < ARITY; k++)
            for (int c = 0; c < 3; c++) prims.rec[b + 1u + uint(3 * k + c)] = floatBitsToUint(tc[k][c]);
    }
}
"#;

fn glsl_layout(m: Mode) -> String {
    let domain = match m.domain {
        Domain::Triangles => "triangles",
        Domain::Quads => "quads",
        Domain::Isolines => "isolines",
    };
    let spacing = match m.spacing {
        Spacing::Equal => "equal_spacing",
        Spacing::FractionalOdd => "fractional_odd_spacing",
        Spacing::FractionalEven => "fractional_even_spacing",
    };
    let order = if m.winding == Winding::Cw { "cw" } else { "ccw" };
    format!("{domain}, {spacing}, {order}{}", if m.point_mode { ", point_mode" } else { "" })
}

/// GLSL to SPIR-V in process (glslang), for the capture's own shaders.
fn compile(source: &str, stage: glslang::ShaderStage) -> Result<Vec<u32>, CaptureError> {
    use glslang::*;
    let fail = |e: String| CaptureError::Failed(format!("capture shader ({stage:?}) does not compile: {e}\n{source}"));
    let compiler = Compiler::acquire().ok_or_else(|| fail("glslang is not available in this process".into()))?;
    let source = ShaderSource::from(source);
    let options = CompilerOptions {
        source_language: SourceLanguage::GLSL,
        target: Target::Vulkan { version: VulkanVersion::Vulkan1_1, spirv_version: SpirvVersion::SPIRV1_3 },
        version_profile: None,
        messages: ShaderMessage::DEFAULT | ShaderMessage::SPV_RULES | ShaderMessage::VULKAN_RULES,
    };
    let input = ShaderInput::new(&source, stage, &options, None::<&[(&str, Option<&str>)]>, None).map_err(|e| fail(e.to_string()))?;
    let shader = Shader::new(compiler, input).parse().map_err(|e| fail(e.to_string()))?;
    shader.compile().map_err(|e| fail(e.to_string()))
}

/// The capture pipeline and its buffers on one device.
pub struct Capture {
    gpu: Gpu,
    set_layout: vk::DescriptorSetLayout,
    layout: vk::PipelineLayout,
    descriptor_pool: vk::DescriptorPool,
    set: vk::DescriptorSet,
    render_pass: vk::RenderPass,
    framebuffer: vk::Framebuffer,
    command_pool: vk::CommandPool,
    cmd: vk::CommandBuffer,
    fence: vk::Fence,
    modules: Vec<vk::ShaderModule>,
    /// Vertex and control shader modules, then the geometry shader per arity (1, 2, 3).
    fixed: [vk::ShaderModule; 5],
    pipelines: HashMap<Mode, vk::Pipeline>,
    /// Levels, points, primitives.
    buffers: [Buffer; 3],
}

impl Capture {
    /// Sets up the device (see [`Gpu::new`] for `adapter`) and everything but the pipelines.
    pub fn new(adapter: Option<&str>) -> Result<Capture, CaptureError> {
        let gpu = Gpu::new(adapter)?;
        let buffers = [gpu.buffer(1 << 16)?, gpu.buffer(1 << 16)?, gpu.buffer(1 << 16)?];
        let mut c = Capture {
            gpu,
            set_layout: Default::default(),
            layout: Default::default(),
            descriptor_pool: Default::default(),
            set: Default::default(),
            render_pass: Default::default(),
            framebuffer: Default::default(),
            command_pool: Default::default(),
            cmd: Default::default(),
            fence: Default::default(),
            modules: Vec::new(),
            fixed: Default::default(),
            pipelines: HashMap::new(),
            buffers,
        };
        c.init()?; // on error, Drop destroys whatever was made
        Ok(c)
    }

    /// The device and driver the capture runs on.
    pub fn description(&self) -> &str {
        &self.gpu.description
    }

    fn module(&mut self, source: &str, stage: glslang::ShaderStage) -> Result<vk::ShaderModule, CaptureError> {
        let words = compile(source, stage)?;
        let m = unsafe { self.gpu.device.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(&words), None) }
            .map_err(vkerr("vkCreateShaderModule"))?;
        self.modules.push(m);
        Ok(m)
    }

    fn init(&mut self) -> Result<(), CaptureError> {
        use glslang::ShaderStage as S;
        let d = self.gpu.device.clone();
        let stages =
            vk::ShaderStageFlags::TESSELLATION_CONTROL | vk::ShaderStageFlags::TESSELLATION_EVALUATION | vk::ShaderStageFlags::GEOMETRY;
        let bindings: Vec<_> = (0..3)
            .map(|b| {
                vk::DescriptorSetLayoutBinding::default()
                    .binding(b)
                    .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                    .descriptor_count(1)
                    .stage_flags(stages)
            })
            .collect();
        unsafe {
            self.set_layout = d
                .create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None)
                .map_err(vkerr("vkCreateDescriptorSetLayout"))?;
            let set_layouts = [self.set_layout];
            self.layout = d
                .create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts), None)
                .map_err(vkerr("vkCreatePipelineLayout"))?;
            let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 3 }];
            self.descriptor_pool = d
                .create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes), None)
                .map_err(vkerr("vkCreateDescriptorPool"))?;
            self.set = d
                .allocate_descriptor_sets(
                    &vk::DescriptorSetAllocateInfo::default().descriptor_pool(self.descriptor_pool).set_layouts(&set_layouts),
                )
                .map_err(vkerr("vkAllocateDescriptorSets"))?[0];
            let subpass = [vk::SubpassDescription::default().pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)];
            self.render_pass = d
                .create_render_pass(&vk::RenderPassCreateInfo::default().subpasses(&subpass), None)
                .map_err(vkerr("vkCreateRenderPass"))?;
            self.framebuffer = d
                .create_framebuffer(&vk::FramebufferCreateInfo::default().render_pass(self.render_pass).width(1).height(1).layers(1), None)
                .map_err(vkerr("vkCreateFramebuffer"))?;
            self.command_pool = d
                .create_command_pool(
                    &vk::CommandPoolCreateInfo::default()
                        .queue_family_index(self.gpu.queue_family)
                        .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER),
                    None,
                )
                .map_err(vkerr("vkCreateCommandPool"))?;
            self.cmd = d
                .allocate_command_buffers(&vk::CommandBufferAllocateInfo::default().command_pool(self.command_pool).command_buffer_count(1))
                .map_err(vkerr("vkAllocateCommandBuffers"))?[0];
            self.fence = d.create_fence(&vk::FenceCreateInfo::default(), None).map_err(vkerr("vkCreateFence"))?;
        }
        self.fixed[0] = self.module(VS, S::Vertex)?;
        self.fixed[1] = self.module(TCS, S::TesselationControl)?;
        for (arity, input) in [(1, "points"), (2, "lines"), (3, "triangles")] {
            let src = GS.replace("INPUT", input).replace("ARITY", &arity.to_string());
            self.fixed[1 + arity] = self.module(&src, S::Geometry)?;
        }
        self.write_descriptors();
        Ok(())
    }

    fn write_descriptors(&self) {
        let infos: Vec<[vk::DescriptorBufferInfo; 1]> =
            self.buffers.iter().map(|b| [vk::DescriptorBufferInfo { buffer: b.buffer, offset: 0, range: vk::WHOLE_SIZE }]).collect();
        let writes: Vec<_> = infos
            .iter()
            .enumerate()
            .map(|(i, info)| {
                vk::WriteDescriptorSet::default()
                    .dst_set(self.set)
                    .dst_binding(i as u32)
                    .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                    .buffer_info(info)
            })
            .collect();
        unsafe { self.gpu.device.update_descriptor_sets(&writes, &[]) };
    }

    fn pipeline(&mut self, mode: Mode) -> Result<vk::Pipeline, CaptureError> {
        if let Some(p) = self.pipelines.get(&mode) {
            return Ok(*p);
        }
        let tes = self.module(&TES.replace("MODES", &glsl_layout(mode)), glslang::ShaderStage::TesselationEvaluation)?;
        let stage = |s, m| vk::PipelineShaderStageCreateInfo::default().stage(s).module(m).name(c"main");
        let stages = [
            stage(vk::ShaderStageFlags::VERTEX, self.fixed[0]),
            stage(vk::ShaderStageFlags::TESSELLATION_CONTROL, self.fixed[1]),
            stage(vk::ShaderStageFlags::TESSELLATION_EVALUATION, tes),
            stage(vk::ShaderStageFlags::GEOMETRY, self.fixed[1 + mode.arity()]),
        ];
        let vi = vk::PipelineVertexInputStateCreateInfo::default();
        let ia = vk::PipelineInputAssemblyStateCreateInfo::default().topology(vk::PrimitiveTopology::PATCH_LIST);
        let ts = vk::PipelineTessellationStateCreateInfo::default().patch_control_points(1);
        let viewports = [vk::Viewport { x: 0.0, y: 0.0, width: 1.0, height: 1.0, min_depth: 0.0, max_depth: 1.0 }];
        let scissors = [vk::Rect2D { offset: vk::Offset2D { x: 0, y: 0 }, extent: vk::Extent2D { width: 1, height: 1 } }];
        let vp = vk::PipelineViewportStateCreateInfo::default().viewports(&viewports).scissors(&scissors);
        let rs = vk::PipelineRasterizationStateCreateInfo::default().rasterizer_discard_enable(true).line_width(1.0);
        let ms = vk::PipelineMultisampleStateCreateInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
        let ci = vk::GraphicsPipelineCreateInfo::default()
            .stages(&stages)
            .vertex_input_state(&vi)
            .input_assembly_state(&ia)
            .tessellation_state(&ts)
            .viewport_state(&vp)
            .rasterization_state(&rs)
            .multisample_state(&ms)
            .layout(self.layout)
            .render_pass(self.render_pass);
        let p = unsafe { self.gpu.device.create_graphics_pipelines(vk::PipelineCache::null(), &[ci], None) }
            .map_err(|(_, e)| CaptureError::Failed(format!("vkCreateGraphicsPipelines({mode:?}): {e}")))?[0];
        self.pipelines.insert(mode, p);
        Ok(p)
    }

    /// Makes buffer `i` hold at least `words` words (contents are lost when it grows).
    fn reserve(&mut self, i: usize, words: usize) -> Result<(), CaptureError> {
        if self.buffers[i].words >= words {
            return Ok(());
        }
        let new = self.gpu.buffer((words.next_power_of_two() * 4) as u64)?;
        let old = std::mem::replace(&mut self.buffers[i], new);
        old.destroy(&self.gpu.device);
        self.write_descriptors();
        Ok(())
    }

    /// Tessellates `patches` (one patch each, in one draw) with `mode` and returns what the
    /// driver produced per patch. `expected` = (points, primitives) in total, for sizing.
    pub fn run(&mut self, mode: Mode, patches: &[Levels], expected: (usize, usize)) -> Result<Vec<PatchCapture>, CaptureError> {
        let pipeline = self.pipeline(mode)?;
        self.reserve(0, patches.len() * LEVEL_WORDS)?;
        let levels = self.buffers[0].as_mut_slice();
        for (k, (outer, inner)) in patches.iter().enumerate() {
            let w = &mut levels[k * LEVEL_WORDS..][..LEVEL_WORDS];
            w[..4].copy_from_slice(&outer.map(f32::to_bits));
            w[4..6].copy_from_slice(&inner.map(f32::to_bits));
        }
        let (mut points, mut prims) = (expected.0 + 64, expected.1 + 64);
        for _ in 0..3 {
            self.reserve(1, HEADER_WORDS + points * POINT_WORDS)?;
            self.reserve(2, HEADER_WORDS + prims * PRIM_WORDS)?;
            self.buffers[1].as_mut_slice()[0] = 0;
            self.buffers[2].as_mut_slice()[0] = 0;
            self.draw(pipeline, patches.len() as u32)?;
            let (got_points, got_prims) = (self.buffers[1].as_slice()[0] as usize, self.buffers[2].as_slice()[0] as usize);
            let fits = |n: usize, buf: &Buffer, words: usize| HEADER_WORDS + n * words <= buf.words;
            if fits(got_points, &self.buffers[1], POINT_WORDS) && fits(got_prims, &self.buffers[2], PRIM_WORDS) {
                return Ok(self.collect(mode, patches.len(), got_points, got_prims));
            }
            // More than expected: grow to what the driver counted and draw again.
            (points, prims) = (points.max(got_points), prims.max(got_prims));
        }
        Err(CaptureError::Failed(format!("{mode:?}: the driver's output count keeps changing between identical draws")))
    }

    fn draw(&mut self, pipeline: vk::Pipeline, patches: u32) -> Result<(), CaptureError> {
        let d = &self.gpu.device;
        let cmd = self.cmd;
        unsafe {
            d.reset_command_buffer(cmd, vk::CommandBufferResetFlags::empty()).map_err(vkerr("vkResetCommandBuffer"))?;
            d.begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT))
                .map_err(vkerr("vkBeginCommandBuffer"))?;
            let area = vk::Rect2D { offset: vk::Offset2D { x: 0, y: 0 }, extent: vk::Extent2D { width: 1, height: 1 } };
            let rp = vk::RenderPassBeginInfo::default().render_pass(self.render_pass).framebuffer(self.framebuffer).render_area(area);
            d.cmd_begin_render_pass(cmd, &rp, vk::SubpassContents::INLINE);
            d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, pipeline);
            d.cmd_bind_descriptor_sets(cmd, vk::PipelineBindPoint::GRAPHICS, self.layout, 0, &[self.set], &[]);
            d.cmd_draw(cmd, patches, 1, 0, 0);
            d.cmd_end_render_pass(cmd);
            let barrier =
                [vk::MemoryBarrier::default().src_access_mask(vk::AccessFlags::SHADER_WRITE).dst_access_mask(vk::AccessFlags::HOST_READ)];
            let src = vk::PipelineStageFlags::TESSELLATION_EVALUATION_SHADER | vk::PipelineStageFlags::GEOMETRY_SHADER;
            d.cmd_pipeline_barrier(cmd, src, vk::PipelineStageFlags::HOST, vk::DependencyFlags::empty(), &barrier, &[], &[]);
            d.end_command_buffer(cmd).map_err(vkerr("vkEndCommandBuffer"))?;
            let cmds = [cmd];
            d.queue_submit(self.gpu.queue, &[vk::SubmitInfo::default().command_buffers(&cmds)], self.fence)
                .map_err(vkerr("vkQueueSubmit"))?;
            let waited = d.wait_for_fences(&[self.fence], true, 600_000_000_000);
            d.reset_fences(&[self.fence]).map_err(vkerr("vkResetFences"))?;
            waited.map_err(vkerr("vkWaitForFences"))?;
        }
        Ok(())
    }

    /// Splits the records by patch, keeping increment order within each patch. Records with an
    /// out-of-range patch index are kept under a last, extra patch so that they show up as a
    /// difference rather than vanish.
    fn collect(&self, mode: Mode, patches: usize, points: usize, prims: usize) -> Vec<PatchCapture> {
        let mut out = vec![PatchCapture::default(); patches + 1];
        let slot = |p: u32| (p as usize).min(patches);
        let words = &self.buffers[1].as_slice()[HEADER_WORDS..];
        for r in words.chunks_exact(POINT_WORDS).take(points) {
            out[slot(r[0])].points.push([r[1], r[2], r[3]]);
        }
        let words = &self.buffers[2].as_slice()[HEADER_WORDS..];
        for r in words.chunks_exact(PRIM_WORDS).take(prims) {
            let coords = (0..mode.arity()).map(|k| [r[1 + 3 * k], r[2 + 3 * k], r[3 + 3 * k]]).collect();
            out[slot(r[0])].primitives.push(coords);
        }
        if out[patches] == PatchCapture::default() {
            out.pop();
        }
        out
    }
}

impl Drop for Capture {
    fn drop(&mut self) {
        let d = &self.gpu.device;
        unsafe {
            let _ = d.device_wait_idle();
            for p in self.pipelines.values() {
                d.destroy_pipeline(*p, None);
            }
            for m in &self.modules {
                d.destroy_shader_module(*m, None);
            }
            d.destroy_fence(self.fence, None);
            d.destroy_command_pool(self.command_pool, None);
            d.destroy_framebuffer(self.framebuffer, None);
            d.destroy_render_pass(self.render_pass, None);
            d.destroy_descriptor_pool(self.descriptor_pool, None);
            d.destroy_pipeline_layout(self.layout, None);
            d.destroy_descriptor_set_layout(self.set_layout, None);
            for b in &self.buffers {
                b.destroy(d);
            }
        }
        // `gpu` drops after this, destroying the device and instance.
    }
}
