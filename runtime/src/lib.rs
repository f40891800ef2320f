//! `tesserae-wgpu`: runs a Tesserae [`Plan`] (or [`tesserae::ComputePlan`]) on an application's
//! own wgpu device.
//!
//! ```text
//! let plan = tesserae::translate(&desc)?;                       // once
//! let mut pipeline = TranslatedPipeline::new(&device, plan, &config)?;
//! let group0 = device.create_bind_group(&BindGroupDescriptor {
//!     layout: pipeline.bind_group_layout(0).unwrap(), ... });   // the application's set 0
//! // every frame:
//! pipeline.prepare(&device, &queue, &mut encoder, &[draw], &inputs)?;  // emulation compute work
//! let mut pass = encoder.begin_render_pass(...);                // the application's pass
//! pipeline.draw(&mut pass)?;                                    // the draws, in order
//! ```
//!
//! Shader modules are created from each plan shader's validated naga module
//! (`wgpu::ShaderSource::Naga`; this crate turns on wgpu's `naga-ir` feature), not from its
//! WGSL text, which wgpu would parse again.
//!
//! The application keeps its buffers, textures and bind groups: vertex and index buffers (with
//! `STORAGE` usage too when the plan pulls vertices in compute), and one bind group per Vulkan
//! set, made with [`TranslatedPipeline::bind_group_layout`]. The runtime owns what the
//! emulation adds: the per-draw [`DrawUniform`], the push-constant buffer, the intermediate
//! buffers (kept between frames, grown when a draw needs more) and dispatch sizes.
//!
//! A compute pipeline's plan ([`tesserae::ComputePlan`]) runs through [`TranslatedCompute`]:
//! its layouts, module and push constants are made by the same functions as a graphics
//! plan's passes.
//!
//! Invariants: pipelines are created once, in [`TranslatedPipeline::new`]; `prepare` records
//! only compute passes and buffer writes; `draw` records only into the render pass it is given,
//! in the order of the draws, so depth and blending see primitives in API order.

mod compute;
mod gl_clip_reset;
mod kernel_cache;
mod stage_limits;

pub use compute::{ComputeConfig, ComputeInputs, TranslatedCompute};
pub use kernel_cache::KernelCache;

use std::collections::BTreeMap;
use std::num::NonZeroU32;
use tesserae::draw_uniform::DrawUniform;
use tesserae::{
    Binding, BindingType, BufferId, BufferUsage, ComputePass, DrawShape, Pass, PassResource, Plan, PushConstants, Resource, ShaderPlan,
    StepMode, StorageAccess, StorageFormat, TextureDimension, TextureSample, Topology, VertexFormat, Visibility, Workgroups,
};

pub use tesserae;

/// Why a plan cannot run, or a frame cannot be recorded.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    #[error("invalid plan: {0}")]
    Plan(#[from] tesserae::PlanError),
    #[error("the plan needs {0}, which this device does not have")]
    MissingFeature(String),
    #[error("the plan uses bind group {group}, but the device has {max} (wgpu::Limits::max_bind_groups)")]
    TooManyBindGroups { group: u32, max: u32 },
    #[error("no bind group given for set {set} (the shaders use it)")]
    MissingBindGroup { set: u32 },
    #[error("no vertex buffer given for slot {slot}")]
    MissingVertexBuffer { slot: u32 },
    #[error("no buffer given for transform feedback buffer {buffer}, which the plan captures into (others are given)")]
    MissingCaptureBuffer { buffer: u32 },
    #[error("an indexed draw without an index buffer")]
    MissingIndexBuffer,
    #[error("{what} must be created with {needed:?} usage")]
    BufferUsage { what: String, needed: wgpu::BufferUsages },
    #[error("{given} bytes of push constants given; the shaders' block holds {size}")]
    PushConstantsTooLarge { given: usize, size: u64 },
    #[error("{what} is {size} bytes, smaller than the {needed} bytes the draw reads")]
    BufferTooSmall { what: String, size: u64, needed: u64 },
    #[error("unsupported by the runtime: {0}")]
    Unsupported(String),
    #[error("the `{pass}` pass binds {count} {kind} to its {stage} stage, above the device's {limit} (wgpu::Limits::{name})")]
    TooManyBindings { pass: String, stage: &'static str, kind: &'static str, count: u32, limit: u32, name: &'static str },
    #[error("{what} needs {size} bytes, above the device's {limit}-byte limit ({name}); lower the draw's patch count or Options::max_tessellation_level")]
    LimitExceeded { what: String, size: u64, limit: u64, name: &'static str },
    #[error("{what}: {value} is above the device's {limit} (wgpu::Limits::{name})")]
    WorkgroupLimit { what: String, value: u32, limit: u32, name: &'static str },
}

/// The application's fixed-function state for the pipeline, in wgpu's terms.
#[derive(Debug, Clone)]
pub struct PipelineConfig {
    pub color_targets: Vec<Option<wgpu::ColorTargetState>>,
    pub depth_stencil: Option<wgpu::DepthStencilState>,
    pub front_face: wgpu::FrontFace,
    /// Face culling of triangles (never applied to expanded points, as Vulkan culls only polygons).
    pub cull_mode: Option<wgpu::Face>,
    /// Index format of indexed strip draws (primitive restart).
    pub strip_index_format: Option<wgpu::IndexFormat>,
    pub multisample: wgpu::MultisampleState,
    /// Point sizes clamp to this range (lavapipe draws sizes below 1 as 1).
    pub point_size_range: [f32; 2],
    /// Binding types the application chooses instead of the shader-derived ones, by wgpu
    /// (group, binding): a shader cannot say that its texture is `Rgba32Float` (not filterable
    /// without `FLOAT32_FILTERABLE`) or a depth texture it reads as a value (a Vulkan
    /// `texture2D` over a depth image, which WGSL sees as `texture_2d<f32>`; WebGPU binds depth
    /// formats there only as `Float { filterable: false }`), so the application marks it, and
    /// its samplers as `NonFiltering`, here.
    pub binding_type_overrides: Vec<((u32, u32), wgpu::BindingType)>,
    /// Compute pipelines shared with the other plans of this device (the tessellator's
    /// kernels are the same in every tessellated plan): `None` compiles every pass afresh.
    pub kernel_cache: Option<KernelCache>,
}

impl PipelineConfig {
    /// One colour target of `format`, no depth, no culling.
    pub fn new(format: wgpu::TextureFormat) -> Self {
        PipelineConfig {
            color_targets: vec![Some(wgpu::ColorTargetState { format, blend: None, write_mask: wgpu::ColorWrites::ALL })],
            depth_stencil: None,
            front_face: wgpu::FrontFace::Ccw,
            cull_mode: None,
            strip_index_format: None,
            multisample: wgpu::MultisampleState::default(),
            point_size_range: [1.0, 255.0],
            binding_type_overrides: Vec::new(),
            kernel_cache: None,
        }
    }
}

/// One draw as the application records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawCall {
    pub indexed: bool,
    /// Vertex count, or index count for indexed draws.
    pub count: u32,
    pub instances: u32,
    /// First vertex, or first index.
    pub first: u32,
    pub first_instance: u32,
    pub base_vertex: i32,
}

/// The application's resources for a frame's draws.
#[derive(Debug, Clone, Copy)]
pub struct Inputs<'a> {
    pub vertex_buffers: &'a [&'a wgpu::Buffer],
    pub index_buffer: Option<(&'a wgpu::Buffer, wgpu::IndexFormat)>,
    /// (Vulkan set, bind group made with [`TranslatedPipeline::bind_group_layout`]).
    pub bind_groups: &'a [(u32, &'a wgpu::BindGroup)],
    /// Push-constant bytes at their Vulkan offsets.
    pub push_constants: &'a [u8],
    /// Framebuffer size in pixels (points are sized in pixels).
    pub viewport: [f32; 2],
    /// Point size when the shaders write none.
    pub point_size: f32,
    /// Transform feedback: the application's buffer for each `XfbBuffer` number the plan
    /// captures into ([`tesserae::Plan::capture`]), bound whole (its size is the room the
    /// capture has), with `STORAGE` usage. Empty: nothing is captured.
    pub capture_buffers: &'a [(u32, &'a wgpu::Buffer)],
}

enum PipelineKind {
    Render(wgpu::RenderPipeline),
    Compute(wgpu::ComputePipeline),
}

struct PreparedPass {
    pipeline: PipelineKind,
    /// Layout of the emulation group for this pass, when its shaders use it.
    emulation_layout: Option<wgpu::BindGroupLayout>,
    /// Application sets the pass's pipeline layout holds.
    sets: Vec<u32>,
}

/// Buffers of one draw slot, kept between frames.
struct DrawBuffers {
    uniform: wgpu::Buffer,
    intermediates: Vec<wgpu::Buffer>,
}

/// What [`TranslatedPipeline::draw`] replays for one prepared draw.
/// `per` vertices or indices for each primitive of every instance of the draw `d`.
fn per_primitive(per: u32, d: &PreparedDraw) -> Result<u32, RuntimeError> {
    let count = u64::from(per) * u64::from(d.primitives) * u64::from(d.call.instances);
    u32::try_from(count).map_err(|_| RuntimeError::Unsupported(format!("a draw of {count} vertices or indices")))
}

struct PreparedDraw {
    call: DrawCall,
    /// Primitives per instance of the draw's source topology.
    primitives: u32,
    /// Per render pass of the plan (by pass index): the emulation bind group.
    emulation_groups: Vec<Option<wgpu::BindGroup>>,
    intermediates: Vec<wgpu::Buffer>,
    vertex_buffers: Vec<wgpu::Buffer>,
    index_buffer: Option<(wgpu::Buffer, wgpu::IndexFormat)>,
    bind_groups: Vec<(u32, wgpu::BindGroup)>,
}

/// A plan's pipelines on one device, and the state of the frame being recorded.
pub struct TranslatedPipeline {
    plan: Plan,
    set_layouts: BTreeMap<u32, wgpu::BindGroupLayout>,
    passes: Vec<PreparedPass>,
    push_constants: Option<wgpu::Buffer>,
    dummy: wgpu::Buffer,
    pool: Vec<DrawBuffers>,
    frame: Vec<PreparedDraw>,
    point_size_range: [f32; 2],
    /// wgpu GL backend only: leaves clip planes disabled after drawing (see the module).
    clip_reset: Option<gl_clip_reset::ClipPlaneReset>,
    /// Transform feedback's progress over a frame ([`Resource::CaptureState`]), for a plan
    /// that captures.
    capture_state: Option<wgpu::Buffer>,
}

fn stages(v: Visibility) -> wgpu::ShaderStages {
    let mut s = wgpu::ShaderStages::empty();
    if v.vertex {
        s |= wgpu::ShaderStages::VERTEX;
    }
    if v.fragment {
        s |= wgpu::ShaderStages::FRAGMENT;
    }
    if v.compute {
        s |= wgpu::ShaderStages::COMPUTE;
    }
    s
}

fn view_dimension(d: TextureDimension) -> wgpu::TextureViewDimension {
    match d {
        TextureDimension::D1 => wgpu::TextureViewDimension::D1,
        TextureDimension::D2 => wgpu::TextureViewDimension::D2,
        TextureDimension::D2Array => wgpu::TextureViewDimension::D2Array,
        TextureDimension::Cube => wgpu::TextureViewDimension::Cube,
        TextureDimension::CubeArray => wgpu::TextureViewDimension::CubeArray,
        TextureDimension::D3 => wgpu::TextureViewDimension::D3,
    }
}

/// The wgpu binding type of a binding a shader declares.
fn binding_type(b: &Binding) -> wgpu::BindingType {
    match &b.ty {
        BindingType::UniformBuffer => {
            wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Uniform, has_dynamic_offset: false, min_binding_size: None }
        }
        BindingType::StorageBuffer { read_only } => wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only: *read_only },
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        BindingType::Texture { sample, dimension, multisampled } => wgpu::BindingType::Texture {
            sample_type: match sample {
                TextureSample::Float => wgpu::TextureSampleType::Float { filterable: !multisampled },
                TextureSample::Depth => wgpu::TextureSampleType::Depth,
                TextureSample::Sint => wgpu::TextureSampleType::Sint,
                TextureSample::Uint => wgpu::TextureSampleType::Uint,
            },
            view_dimension: view_dimension(*dimension),
            multisampled: *multisampled,
        },
        BindingType::Sampler { comparison: false } => wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
        BindingType::Sampler { comparison: true } => wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Comparison),
        BindingType::StorageTexture { format, access, dimension } => wgpu::BindingType::StorageTexture {
            access: match access {
                StorageAccess::Read => wgpu::StorageTextureAccess::ReadOnly,
                StorageAccess::Write => wgpu::StorageTextureAccess::WriteOnly,
                StorageAccess::ReadWrite => wgpu::StorageTextureAccess::ReadWrite,
                StorageAccess::Atomic => wgpu::StorageTextureAccess::Atomic,
            },
            format: texture_format(*format),
            view_dimension: view_dimension(*dimension),
        },
    }
}

macro_rules! texture_format_fn {
    ($($format:ident)*) => {
        /// A storage texture format as wgpu's texture format (they spell every name alike).
        fn texture_format(format: StorageFormat) -> wgpu::TextureFormat {
            match format {
                $(StorageFormat::$format => wgpu::TextureFormat::$format,)*
            }
        }
    };
}
tesserae::with_storage_formats!(texture_format_fn);

pub fn vertex_format(f: VertexFormat) -> wgpu::VertexFormat {
    use VertexFormat::*;
    match f {
        Float32 => wgpu::VertexFormat::Float32,
        Float32x2 => wgpu::VertexFormat::Float32x2,
        Float32x3 => wgpu::VertexFormat::Float32x3,
        Float32x4 => wgpu::VertexFormat::Float32x4,
        Uint32 => wgpu::VertexFormat::Uint32,
        Uint32x2 => wgpu::VertexFormat::Uint32x2,
        Uint32x3 => wgpu::VertexFormat::Uint32x3,
        Uint32x4 => wgpu::VertexFormat::Uint32x4,
        Sint32 => wgpu::VertexFormat::Sint32,
        Sint32x2 => wgpu::VertexFormat::Sint32x2,
        Sint32x3 => wgpu::VertexFormat::Sint32x3,
        Sint32x4 => wgpu::VertexFormat::Sint32x4,
        Unorm8x4 => wgpu::VertexFormat::Unorm8x4,
        Unorm8x4Bgra => wgpu::VertexFormat::Unorm8x4Bgra,
        Snorm8x2 => wgpu::VertexFormat::Snorm8x2,
        Uint8x2 => wgpu::VertexFormat::Uint8x2,
        Float16x2 => wgpu::VertexFormat::Float16x2,
        Float16x4 => wgpu::VertexFormat::Float16x4,
    }
}

fn topology(t: Topology) -> Result<wgpu::PrimitiveTopology, RuntimeError> {
    Ok(match t {
        Topology::PointList => wgpu::PrimitiveTopology::PointList,
        Topology::LineList => wgpu::PrimitiveTopology::LineList,
        Topology::LineStrip => wgpu::PrimitiveTopology::LineStrip,
        Topology::TriangleList => wgpu::PrimitiveTopology::TriangleList,
        Topology::TriangleStrip => wgpu::PrimitiveTopology::TriangleStrip,
        Topology::PatchList { .. } => return Err(RuntimeError::Unsupported("a render pass drawing patches".into())),
        t if t.has_adjacency() => return Err(RuntimeError::Unsupported("a render pass drawing primitives with adjacency".into())),
        t => return Err(RuntimeError::Unsupported(format!("a render pass drawing {}", t.name()))),
    })
}

/// Primitives per instance of a draw of `count` vertices or indices.
pub fn primitives_per_instance(t: Topology, count: u32) -> u32 {
    tesserae::cull::primitives_per_instance(t, count)
}

impl TranslatedPipeline {
    /// Creates every pipeline of the plan on `device`, with explicit layouts: one bind group
    /// layout per application set (shared by all passes, visible to every stage that reads it)
    /// and, per pass, one for the emulation group.
    pub fn new(device: &wgpu::Device, plan: Plan, config: &PipelineConfig) -> Result<Self, RuntimeError> {
        plan.validate()?;
        check_gl_storage_layouts(device, plan.passes.iter().flat_map(|p| p.shaders().into_iter().map(move |sh| (p.label(), sh))))?;
        let max = device.limits().max_bind_groups;
        let emulation = plan.emulation_group;
        // Application sets: the union of what every pass's shaders declare outside the
        // emulation group.
        let shaders = plan.passes.iter().flat_map(pass_shaders);
        let entries = set_layout_entries(shaders, emulation, max, &config.binding_type_overrides)?;
        if let Some(g) = emulation {
            if g >= max {
                return Err(RuntimeError::TooManyBindGroups { group: g, max });
            }
        }
        // Every pass's layout is counted before any layout is created: wgpu refuses one over a
        // per-stage limit with a validation error, not a value.
        let limits = device.limits();
        let mut layouts = Vec::new();
        for pass in &plan.passes {
            let (sets, emulation_entries) = pass_layout(emulation, &pass_shaders(pass));
            let app = sets.iter().filter_map(|s| entries.get(s)).flat_map(|es| es.values());
            stage_limits::check(&limits, pass.label(), app.chain(emulation_entries.values()))?;
            layouts.push((sets, emulation_entries));
        }
        let set_layouts = create_set_layouts(device, &entries);
        let mut passes = Vec::new();
        for (pass, (sets, emulation_entries)) in plan.passes.iter().zip(layouts) {
            passes.push(prepare_pass(device, emulation, pass, sets, emulation_entries, (&entries, &set_layouts), config)?);
        }
        let push_constants = plan.push_constants.as_ref().map(|p| push_constant_buffer(device, p));
        let dummy = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("tesserae empty index buffer"),
            size: 16,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        });
        let clip_reset = gl_clip_reset::ClipPlaneReset::new(device, &plan, config);
        let capture_state = plan.capture.as_ref().map(|_| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("tesserae capture state"),
                size: 16,
                usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        });
        Ok(TranslatedPipeline {
            capture_state,
            clip_reset,
            plan,
            set_layouts,
            passes,
            push_constants,
            dummy,
            pool: Vec::new(),
            frame: Vec::new(),
            point_size_range: config.point_size_range,
        })
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// For a plan that captures (transform feedback): a buffer whose first two `u32`s hold,
    /// once the work of the last [`Self::prepare`] that captured has run, the primitives
    /// written and the primitives the draws emitted (Vulkan's
    /// `VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT` pair, stream 0). Buffer `b` then holds
    /// `written × vertices_per_primitive × stride(b)` bytes of captured vertices (the counter
    /// `vkCmdEndTransformFeedbackEXT` would store). `COPY_SRC`, for the application to read.
    pub fn capture_counts(&self) -> Option<&wgpu::Buffer> {
        self.capture_state.as_ref()
    }

    /// The layout the application's bind group for Vulkan set `set` must be made with.
    pub fn bind_group_layout(&self, set: u32) -> Option<&wgpu::BindGroupLayout> {
        self.set_layouts.get(&set)
    }

    /// Vulkan sets the shaders use.
    pub fn sets(&self) -> impl Iterator<Item = u32> + '_ {
        self.set_layouts.keys().copied()
    }

    /// Records the emulation's compute work for `draws` into `encoder` and writes their
    /// uniforms; [`Self::draw`] then records the draws into a render pass. One `prepare` per
    /// submission: the next one reuses the buffers.
    pub fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        draws: &[DrawCall],
        inputs: &Inputs,
    ) -> Result<(), RuntimeError> {
        self.frame.clear();
        self.check_inputs(inputs)?;
        if let (Some(pc), Some(buf)) = (&self.plan.push_constants, &self.push_constants) {
            queue.write_buffer(buf, 0, &push_constant_bytes(pc, inputs.push_constants)?);
        }
        // Transform feedback begins: captures append from the first byte of every buffer.
        let capturing = !inputs.capture_buffers.is_empty();
        if let (true, Some(state)) = (capturing, &self.capture_state) {
            queue.write_buffer(state, 0, &[0u8; 16]);
        }
        let topology = self.plan.passes.iter().find_map(|p| match p {
            Pass::Render(r) if r.draw == DrawShape::AsRecorded => Some(r.topology),
            _ => None,
        });
        let max_workgroups = device.limits().max_compute_workgroups_per_dimension.max(1);
        for (i, call) in draws.iter().enumerate() {
            if call.indexed && inputs.index_buffer.is_none() {
                return Err(RuntimeError::MissingIndexBuffer);
            }
            self.check_vertex_buffers(inputs, call)?;
            let primitives = primitives_per_instance(topology.unwrap_or(self.source_topology()), call.count);
            self.ensure_draw_buffers(device, i, call, primitives)?;
            let buffers = &self.pool[i];
            queue.write_buffer(&buffers.uniform, 0, &self.draw_uniform(call, inputs, primitives).to_bytes());
            let mut emulation_groups = Vec::new();
            for (pass, prepared) in self.plan.passes.iter().zip(&self.passes) {
                if matches!(pass, Pass::Compute(c) if c.capture && !capturing) {
                    emulation_groups.push(None);
                    continue;
                }
                let group = match &prepared.emulation_layout {
                    None => None,
                    Some(layout) => Some(self.emulation_bind_group(device, pass, layout, buffers, inputs)?),
                };
                if let (Pass::Compute(cp), PipelineKind::Compute(pipeline)) = (pass, &prepared.pipeline) {
                    let direct = match cp.workgroups {
                        Workgroups::Indirect { .. } => None,
                        ref w => Some(workgroups(w, call, primitives, max_workgroups)?),
                    };
                    let mut c = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor { label: Some(&cp.label), timestamp_writes: None });
                    c.set_pipeline(pipeline);
                    for set in &prepared.sets {
                        c.set_bind_group(*set, app_group(inputs, *set)?, &[]);
                    }
                    if let (Some(g), Some(bg)) = (self.plan.emulation_group, &group) {
                        c.set_bind_group(g, bg, &[]);
                    }
                    match (direct, &cp.workgroups) {
                        (Some((x, y)), _) if x > 0 && y > 0 => c.dispatch_workgroups(x, y, 1),
                        (None, Workgroups::Indirect { arguments, offset }) => {
                            c.dispatch_workgroups_indirect(intermediate(&buffers.intermediates, &cp.label, *arguments)?, *offset)
                        }
                        _ => {}
                    }
                }
                emulation_groups.push(group);
            }
            self.frame.push(PreparedDraw {
                call: *call,
                primitives,
                emulation_groups,
                intermediates: buffers.intermediates.clone(),
                vertex_buffers: inputs.vertex_buffers.iter().map(|b| (*b).clone()).collect(),
                index_buffer: inputs.index_buffer.map(|(b, f)| (b.clone(), f)),
                bind_groups: inputs.bind_groups.iter().map(|(s, g)| (*s, (*g).clone())).collect(),
            });
        }
        Ok(())
    }

    /// What [`Self::prepare`] needs of `inputs` whatever the draws: a bind group for every set
    /// the shaders use, and storage usage on the buffers compute passes read or capture into.
    fn check_inputs(&self, inputs: &Inputs) -> Result<(), RuntimeError> {
        for set in self.set_layouts.keys() {
            if !inputs.bind_groups.iter().any(|(s, _)| s == set) {
                return Err(RuntimeError::MissingBindGroup { set: *set });
            }
        }
        let storage = |buf: &wgpu::Buffer, what: &dyn Fn() -> String| {
            if buf.usage().contains(wgpu::BufferUsages::STORAGE) {
                Ok(())
            } else {
                Err(RuntimeError::BufferUsage { what: what(), needed: wgpu::BufferUsages::STORAGE })
            }
        };
        if self.plan.passes.iter().any(|p| matches!(p, Pass::Compute(_))) {
            for (slot, b) in inputs.vertex_buffers.iter().enumerate() {
                storage(b, &|| format!("vertex buffer {slot}"))?;
            }
            if let Some((b, _)) = inputs.index_buffer {
                storage(b, &|| "the index buffer".into())?;
            }
        }
        if let (Some(c), false) = (&self.plan.capture, inputs.capture_buffers.is_empty()) {
            for (b, _) in &c.buffers {
                let Some((_, buf)) = inputs.capture_buffers.iter().find(|(x, _)| x == b) else {
                    return Err(RuntimeError::MissingCaptureBuffer { buffer: *b });
                };
                storage(buf, &|| format!("transform feedback buffer {b}"))?;
            }
        }
        Ok(())
    }

    /// The emulation's uniform for one draw.
    fn draw_uniform(&self, call: &DrawCall, inputs: &Inputs, primitives: u32) -> DrawUniform {
        DrawUniform {
            viewport: inputs.viewport,
            point_size: inputs.point_size,
            indexed: call.indexed as u32,
            first: call.first,
            base_vertex: call.base_vertex,
            index_u16: matches!(inputs.index_buffer, Some((_, wgpu::IndexFormat::Uint16))) as u32,
            count: call.count,
            size_range: self.point_size_range,
            instances: call.instances,
            primitives,
            first_instance: call.first_instance,
            vulkan_base_vertex: if call.indexed { call.base_vertex } else { call.first as i32 },
            tess_mode: self.plan.tessellation.map_or(0, |m| m.draw_bits()),
            _pad: 0,
        }
    }

    /// Records the prepared draws into the application's render pass, in order.
    pub fn draw(&self, rpass: &mut wgpu::RenderPass<'_>) -> Result<(), RuntimeError> {
        self.draw_layer(rpass, 0)
    }

    /// Whether the plan draws into layers ([`tesserae::Plan::layered`]): then the application
    /// records [`Self::draw_layer`] once per layer of its targets, each into a render pass on
    /// that layer.
    pub fn layered(&self) -> bool {
        self.plan.layered
    }

    /// Whether the plan selects viewports ([`tesserae::Plan::viewports`]): then the
    /// application records [`Self::draw_view`] once per viewport, with that viewport and its
    /// scissor set on the render pass.
    pub fn viewports(&self) -> bool {
        self.plan.viewports
    }

    /// [`Self::draw`] for the render pass on array layer `layer` of the targets: a layered plan
    /// draws only the primitives its last stage sends to that layer.
    pub fn draw_layer(&self, rpass: &mut wgpu::RenderPass<'_>, layer: u32) -> Result<(), RuntimeError> {
        self.draw_view(rpass, layer, 0)
    }

    /// [`Self::draw_layer`] with the render pass's viewport and scissor set to viewport
    /// `viewport` of the application's: a plan that selects viewports draws only the
    /// primitives its last stage sends there (at most [`tesserae::plan::MAX_VIEWPORTS`]).
    pub fn draw_view(&self, rpass: &mut wgpu::RenderPass<'_>, layer: u32, viewport: u32) -> Result<(), RuntimeError> {
        if viewport >= tesserae::plan::MAX_VIEWPORTS {
            return Err(RuntimeError::Unsupported(format!("viewport {viewport} (at most {})", tesserae::plan::MAX_VIEWPORTS)));
        }
        let target = layer.saturating_mul(tesserae::plan::MAX_VIEWPORTS).saturating_add(viewport);
        for d in &self.frame {
            for (p, (pass, prepared)) in self.plan.passes.iter().zip(&self.passes).enumerate() {
                let (Pass::Render(rp), PipelineKind::Render(pipeline)) = (pass, &prepared.pipeline) else { continue };
                rpass.set_pipeline(pipeline);
                for set in &prepared.sets {
                    let Some((_, bg)) = d.bind_groups.iter().find(|(s, _)| s == set) else {
                        return Err(RuntimeError::MissingBindGroup { set: *set });
                    };
                    rpass.set_bind_group(*set, bg, &[]);
                }
                if let (Some(g), Some(bg)) = (self.plan.emulation_group, &d.emulation_groups[p]) {
                    rpass.set_bind_group(g, bg, &[]);
                }
                let c = d.call;
                let buffer = |id: BufferId| intermediate(&d.intermediates, &rp.label, id);
                match &rp.draw {
                    DrawShape::AsRecorded => {
                        for (slot, b) in d.vertex_buffers.iter().enumerate() {
                            rpass.set_vertex_buffer(slot as u32, b.slice(..));
                        }
                        let instances = c.first_instance..c.first_instance + c.instances;
                        if c.indexed {
                            let Some((ib, f)) = &d.index_buffer else { return Err(RuntimeError::MissingIndexBuffer) };
                            rpass.set_index_buffer(ib.slice(..), *f);
                            rpass.draw_indexed(c.first..c.first + c.count, c.base_vertex, instances);
                        } else {
                            rpass.draw(c.first..c.first + c.count, instances);
                        }
                    }
                    DrawShape::ExpandedPoints { indices_per_point, indices } => {
                        rpass.set_index_buffer(buffer(*indices)?.slice(..), wgpu::IndexFormat::Uint32);
                        rpass.draw_indexed(0..indices_per_point * c.count * c.instances, 0, 0..1);
                    }
                    DrawShape::ExpandedPointsIndirect { arguments, offset, .. } => {
                        rpass.draw_indirect(buffer(*arguments)?, *offset);
                    }
                    DrawShape::IndexedIndirect { indices, arguments } => {
                        rpass.set_index_buffer(buffer(*indices)?.slice(..), wgpu::IndexFormat::Uint32);
                        rpass.draw_indexed_indirect(buffer(*arguments)?, 0);
                    }
                    DrawShape::PointSpritesPerPrimitive { entries_per_primitive, vertices_per_entry, .. } => {
                        rpass.draw(0..per_primitive(entries_per_primitive * vertices_per_entry, d)?, target..target + 1);
                    }
                    DrawShape::IndexedPerPrimitive { indices, indices_per_primitive } => {
                        rpass.set_index_buffer(buffer(*indices)?.slice(..), wgpu::IndexFormat::Uint32);
                        rpass.draw_indexed(0..per_primitive(*indices_per_primitive, d)?, 0, target..target + 1);
                    }
                }
            }
        }
        if let Some(reset) = &self.clip_reset {
            reset.apply(rpass);
        }
        Ok(())
    }
}

fn visibility_of(pass: &Pass, sh: &tesserae::ShaderPlan) -> Visibility {
    match pass {
        Pass::Compute(_) => Visibility { compute: true, ..Default::default() },
        Pass::Render(r) if std::ptr::eq(sh, &r.vertex) => Visibility { vertex: true, ..Default::default() },
        Pass::Render(_) => Visibility { fragment: true, ..Default::default() },
    }
}

/// wgpu's GL backend writes GLSL from each naga module, declaring storage buffers `std430`
/// without member offsets: a storage buffer struct whose layout only the WGSL text spells out
/// (gaps `tesserae::wgsl_layout::pad_shared_structs` could not fill with members, as in a struct
/// some expression builds member by member) would read and write other bytes there.
pub(crate) fn check_gl_storage_layouts<'a>(
    device: &wgpu::Device,
    shaders: impl IntoIterator<Item = (&'a str, &'a ShaderPlan)>,
) -> Result<(), RuntimeError> {
    if device.adapter_info().backend != wgpu::Backend::Gl {
        return Ok(());
    }
    for (pass, shader) in shaders {
        if !tesserae::wgsl_layout::storage_drifts(shader.wgsl.module()).is_empty() {
            return Err(RuntimeError::MissingFeature(format!(
                "explicit member offsets in a storage buffer (pass `{pass}`: a struct whose gaps only the WGSL text spells out, such as one built member by member; wgpu's GL backend lays storage buffers out std430)"
            )));
        }
    }
    Ok(())
}

/// A pass's shaders, each with the stages that run it.
pub(crate) fn pass_shaders(pass: &Pass) -> Vec<(&ShaderPlan, Visibility)> {
    pass.shaders().into_iter().map(|sh| (sh, visibility_of(pass, sh))).collect()
}

/// The (x, y) workgroups a draw's compute pass dispatches (an indirect pass reads them from its
/// buffer). The tessellator's kernels number workgroups x + y × width, so a count past the
/// per-dimension limit `max` spreads over y.
fn workgroups(w: &Workgroups, call: &DrawCall, primitives: u32, max: u32) -> Result<(u32, u32), RuntimeError> {
    let (x, y) = match *w {
        Workgroups::PerPosition { size } => (call.count.div_ceil(size), call.instances),
        Workgroups::PerPrimitive { size } => (primitives.div_ceil(size), call.instances),
        Workgroups::PerPatch { size } => ((primitives * call.instances).div_ceil(size), 1),
        Workgroups::OnePerPatch => (primitives, call.instances),
        Workgroups::ScanBlocks { items_per_patch } => {
            let items = u64::from(primitives) * u64::from(call.instances) * u64::from(items_per_patch);
            let blocks = items.div_ceil(u64::from(tesserae::tessellator::gpu::SCAN_BLOCK)).max(1);
            (u32::try_from(blocks).map_err(|_| RuntimeError::Unsupported(format!("a prefix sum over {items} items")))?, 1)
        }
        Workgroups::One => (1, 1),
        // (Only a compute plan's pass, which `Plan::validate` keeps out of draws.)
        Workgroups::Indirect { .. } | Workgroups::AsDispatched => (0, 0),
    };
    Ok(match w {
        Workgroups::PerPatch { .. } | Workgroups::ScanBlocks { .. } if x > max => (max, x.div_ceil(max)),
        _ => (x, y),
    })
}

fn app_group<'a>(inputs: &Inputs<'a>, set: u32) -> Result<&'a wgpu::BindGroup, RuntimeError> {
    set_group(inputs.bind_groups, set)
}

/// The application's bind group for `set` among `groups`.
pub(crate) fn set_group<'a>(groups: &[(u32, &'a wgpu::BindGroup)], set: u32) -> Result<&'a wgpu::BindGroup, RuntimeError> {
    groups.iter().find(|(s, _)| *s == set).map(|(_, g)| *g).ok_or(RuntimeError::MissingBindGroup { set })
}

/// The layout entries of the application's sets: the union of what `shaders` declare outside
/// the emulation group, each visible to every stage that reads it; a buffer written anywhere
/// is bound writable everywhere; `overrides` replace the shader-derived types.
pub(crate) fn set_layout_entries<'p>(
    shaders: impl Iterator<Item = (&'p ShaderPlan, Visibility)>,
    emulation: Option<u32>,
    max_bind_groups: u32,
    overrides: &[((u32, u32), wgpu::BindingType)],
) -> Result<BTreeMap<u32, BTreeMap<u32, wgpu::BindGroupLayoutEntry>>, RuntimeError> {
    let mut entries: BTreeMap<u32, BTreeMap<u32, wgpu::BindGroupLayoutEntry>> = BTreeMap::new();
    for (sh, vis) in shaders {
        for b in sh.bindings.iter().filter(|b| Some(b.group) != emulation) {
            if b.group >= max_bind_groups {
                return Err(RuntimeError::TooManyBindGroups { group: b.group, max: max_bind_groups });
            }
            let ty = match overrides.iter().find(|(k, _)| *k == (b.group, b.binding)) {
                Some((_, ty)) => *ty,
                None => binding_type(b),
            };
            let e = entries.entry(b.group).or_default().entry(b.binding).or_insert(wgpu::BindGroupLayoutEntry {
                binding: b.binding,
                visibility: wgpu::ShaderStages::empty(),
                ty,
                count: b.count.and_then(NonZeroU32::new),
            });
            e.visibility |= stages(vis);
            if let (
                wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Storage { read_only: a }, .. },
                wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Storage { read_only: b }, .. },
            ) = (&mut e.ty, ty)
            {
                *a = *a && b;
            }
        }
    }
    Ok(entries)
}

/// One bind group layout per application set.
pub(crate) fn create_set_layouts(
    device: &wgpu::Device,
    entries: &BTreeMap<u32, BTreeMap<u32, wgpu::BindGroupLayoutEntry>>,
) -> BTreeMap<u32, wgpu::BindGroupLayout> {
    entries
        .iter()
        .map(|(set, es)| {
            let es: Vec<_> = es.values().cloned().collect();
            let label = format!("tesserae set {set}");
            (*set, device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor { label: Some(&label), entries: &es }))
        })
        .collect()
}

/// A pass's layout: the application sets its shaders use, and its emulation group's entries.
pub(crate) fn pass_layout(
    emulation: Option<u32>,
    shaders: &[(&ShaderPlan, Visibility)],
) -> (Vec<u32>, BTreeMap<u32, wgpu::BindGroupLayoutEntry>) {
    let declared = shaders.iter().flat_map(|(sh, vis)| sh.bindings.iter().map(move |b| (b, *vis)));
    let mut sets: Vec<u32> = declared.clone().map(|(b, _)| b.group).filter(|g| Some(*g) != emulation).collect();
    sets.sort();
    sets.dedup();
    let mut emu_entries: BTreeMap<u32, wgpu::BindGroupLayoutEntry> = BTreeMap::new();
    for (b, vis) in declared.filter(|(b, _)| Some(b.group) == emulation) {
        let e = emu_entries.entry(b.binding).or_insert(wgpu::BindGroupLayoutEntry {
            binding: b.binding,
            visibility: wgpu::ShaderStages::empty(),
            ty: binding_type(b),
            count: None,
        });
        e.visibility |= stages(vis);
    }
    (sets, emu_entries)
}

/// The pipeline layout of a pass using the application's `sets` and, when it has entries, its
/// emulation group (whose layout is returned too).
pub(crate) fn pipeline_layout(
    device: &wgpu::Device,
    label: &str,
    emulation: Option<u32>,
    sets: &[u32],
    emu_entries: BTreeMap<u32, wgpu::BindGroupLayoutEntry>,
    set_layouts: &BTreeMap<u32, wgpu::BindGroupLayout>,
) -> (wgpu::PipelineLayout, Option<wgpu::BindGroupLayout>) {
    let emulation_layout = (!emu_entries.is_empty()).then(|| {
        let es: Vec<_> = emu_entries.into_values().collect();
        device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor { label: Some(label), entries: &es })
    });
    let top = sets.iter().copied().chain(emulation.filter(|_| emulation_layout.is_some())).max();
    let layouts: Vec<Option<&wgpu::BindGroupLayout>> = match top {
        None => Vec::new(),
        Some(top) => (0..=top)
            .map(|g| if Some(g) == emulation { emulation_layout.as_ref() } else { set_layouts.get(&g).filter(|_| sets.contains(&g)) })
            .collect(),
    };
    let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: Some(label),
        bind_group_layouts: &layouts,
        immediate_size: 0,
    });
    (layout, emulation_layout)
}

/// A plan shader's module. wgpu takes the validated naga module the WGSL was written from,
/// not the text: parsing WGSL back is naga's slowest front end (about 13 MB/s), and the
/// module is what the translator validated (the WGSL is its rendering;
/// `verify_wgsl_round_trip` and the fuzzers' round-trip oracle check the two agree).
pub(crate) fn shader_module(device: &wgpu::Device, label: &str, sh: &ShaderPlan) -> wgpu::ShaderModule {
    device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(label),
        source: wgpu::ShaderSource::Naga(std::borrow::Cow::Owned(sh.wgsl.module().clone())),
    })
}

/// The compute pipeline of `cp` with `layout`.
pub(crate) fn compute_pipeline(device: &wgpu::Device, layout: &wgpu::PipelineLayout, cp: &ComputePass) -> wgpu::ComputePipeline {
    device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(&cp.label),
        layout: Some(layout),
        module: &shader_module(device, &cp.label, &cp.shader),
        entry_point: Some(&cp.shader.entry_point),
        compilation_options: wgpu::PipelineCompilationOptions { constants: &cp.shader.constant_pairs(), ..Default::default() },
        cache: None,
    })
}

/// The buffer the push constants are written to: bound as a uniform buffer, or as a read-only
/// storage buffer where the plan's shaders declare one (a layout WGSL's uniform rules refuse).
pub(crate) fn push_constant_buffer(device: &wgpu::Device, pc: &PushConstants) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("tesserae push constants"),
        size: pc.size,
        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

/// The push-constant buffer's contents: the application's bytes at their Vulkan offsets, the
/// rest zero.
pub(crate) fn push_constant_bytes(pc: &PushConstants, given: &[u8]) -> Result<Vec<u8>, RuntimeError> {
    if given.len() as u64 > pc.size {
        return Err(RuntimeError::PushConstantsTooLarge { given: given.len(), size: pc.size });
    }
    let mut bytes = given.to_vec();
    bytes.resize(pc.size as usize, 0);
    Ok(bytes)
}

/// The pipeline of one pass, with its explicit layout (of [`pass_layout`]).
fn prepare_pass(
    device: &wgpu::Device,
    emulation: Option<u32>,
    pass: &Pass,
    sets: Vec<u32>,
    emu_entries: BTreeMap<u32, wgpu::BindGroupLayoutEntry>,
    (set_entries, set_layouts): (&BTreeMap<u32, BTreeMap<u32, wgpu::BindGroupLayoutEntry>>, &BTreeMap<u32, wgpu::BindGroupLayout>),
    config: &PipelineConfig,
) -> Result<PreparedPass, RuntimeError> {
    let mut layout_key: Vec<(u32, Vec<wgpu::BindGroupLayoutEntry>)> =
        sets.iter().map(|s| (*s, set_entries.get(s).map(|es| es.values().copied().collect()).unwrap_or_default())).collect();
    if let Some(g) = emulation.filter(|_| !emu_entries.is_empty()) {
        layout_key.push((g, emu_entries.values().copied().collect()));
    }
    let (layout, emulation_layout) = pipeline_layout(device, pass.label(), emulation, &sets, emu_entries, set_layouts);
    let module = |sh: &ShaderPlan| shader_module(device, pass.label(), sh);
    let pipeline = match pass {
        Pass::Compute(cp) => PipelineKind::Compute(match &config.kernel_cache {
            None => compute_pipeline(device, &layout, cp),
            Some(cache) => {
                let key = kernel_cache::KernelKey {
                    device: device.clone(),
                    wgsl: cp.shader.wgsl.source().to_string(),
                    entry_point: cp.shader.entry_point.clone(),
                    constants: cp.shader.constant_pairs().into_iter().map(|(k, v)| (k.to_string(), v.to_bits())).collect(),
                    layout: layout_key,
                };
                cache.get_or_make(key, || compute_pipeline(device, &layout, cp))
            }
        }),
        Pass::Render(rp) => {
            if rp.clip_distances > 0 && !device.features().contains(wgpu::Features::CLIP_DISTANCES) {
                return Err(RuntimeError::MissingFeature("wgpu::Features::CLIP_DISTANCES".into()));
            }
            let attrs: Vec<Vec<wgpu::VertexAttribute>> = rp
                .vertex_buffers
                .iter()
                .map(|b| {
                    b.attributes
                        .iter()
                        .map(|a| wgpu::VertexAttribute {
                            format: vertex_format(a.format),
                            offset: a.offset as u64,
                            shader_location: a.location,
                        })
                        .collect()
                })
                .collect();
            let buffers: Vec<Option<wgpu::VertexBufferLayout>> = rp
                .vertex_buffers
                .iter()
                .zip(&attrs)
                .map(|(b, a)| {
                    Some(wgpu::VertexBufferLayout {
                        array_stride: b.stride as u64,
                        step_mode: match b.step_mode {
                            StepMode::Vertex => wgpu::VertexStepMode::Vertex,
                            StepMode::Instance => wgpu::VertexStepMode::Instance,
                        },
                        attributes: a,
                    })
                })
                .collect();
            let vs = module(&rp.vertex);
            let fs = rp.fragment.as_ref().map(module);
            let fragment_constants = rp.fragment.as_ref().map(|f| f.constant_pairs()).unwrap_or_default();
            // Without a fragment stage, Vulkan leaves the colour attachments as they are; WebGPU
            // needs a fragment stage for a pipeline with colour targets, so an empty one writes
            // none of them.
            let no_fragment = (rp.fragment.is_none() && config.color_targets.iter().any(Option::is_some)).then(|| {
                device.create_shader_module(wgpu::ShaderModuleDescriptor {
                    label: Some("no fragment stage"),
                    source: wgpu::ShaderSource::Wgsl("@fragment fn main() {}".into()),
                })
            });
            let unwritten: Vec<Option<wgpu::ColorTargetState>> = config
                .color_targets
                .iter()
                .map(|t| t.clone().map(|t| wgpu::ColorTargetState { write_mask: wgpu::ColorWrites::empty(), ..t }))
                .collect();
            let as_recorded = rp.draw == DrawShape::AsRecorded;
            PipelineKind::Render(device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(&rp.label),
                layout: Some(&layout),
                vertex: wgpu::VertexState {
                    module: &vs,
                    entry_point: Some(&rp.vertex.entry_point),
                    compilation_options: wgpu::PipelineCompilationOptions { constants: &rp.vertex.constant_pairs(), ..Default::default() },
                    buffers: &buffers,
                },
                primitive: wgpu::PrimitiveState {
                    topology: topology(rp.topology)?,
                    strip_index_format: if as_recorded && rp.topology.is_strip() { config.strip_index_format } else { None },
                    // An expanded point is front-facing whatever the pipeline's front face, as a
                    // Vulkan point is: its quads are counter-clockwise.
                    front_face: if rp.draw.expands_points() { wgpu::FrontFace::Ccw } else { config.front_face },
                    // Expanded points are never culled: Vulkan culls polygons only.
                    cull_mode: if rp.draw.expands_points() { None } else { config.cull_mode },
                    unclipped_depth: false,
                    polygon_mode: wgpu::PolygonMode::Fill,
                    conservative: false,
                },
                depth_stencil: config.depth_stencil.clone(),
                multisample: config.multisample,
                fragment: match fs.as_ref().zip(rp.fragment.as_ref()) {
                    Some((m, f)) => Some(wgpu::FragmentState {
                        module: m,
                        entry_point: Some(&f.entry_point),
                        compilation_options: wgpu::PipelineCompilationOptions { constants: &fragment_constants, ..Default::default() },
                        targets: &config.color_targets,
                    }),
                    None => no_fragment.as_ref().map(|m| wgpu::FragmentState {
                        module: m,
                        entry_point: Some("main"),
                        compilation_options: Default::default(),
                        targets: &unwritten,
                    }),
                },
                multiview_mask: None,
                cache: None,
            }))
        }
    };
    Ok(PreparedPass { pipeline, emulation_layout, sets })
}

impl TranslatedPipeline {
    /// The topology the application draws with.
    fn source_topology(&self) -> Topology {
        self.plan.topology
    }

    /// Every vertex buffer slot the plan reads is given, and big enough for the draw when the
    /// plan pulls from it (a storage read past the end would silently read zeros).
    fn check_vertex_buffers(&self, inputs: &Inputs, call: &DrawCall) -> Result<(), RuntimeError> {
        for pass in &self.plan.passes {
            let (layouts, pulled): (&[tesserae::VertexBufferLayout], Vec<u32>) = match pass {
                Pass::Render(r) => (&r.vertex_buffers, Vec::new()),
                Pass::Compute(c) => (
                    &[],
                    c.resources
                        .iter()
                        .filter_map(|r| if let Resource::VertexBufferAsStorage { slot } = r.resource { Some(slot) } else { None })
                        .collect(),
                ),
            };
            for slot in (0..layouts.len() as u32).chain(pulled.iter().copied()) {
                let Some(buffer) = inputs.vertex_buffers.get(slot as usize) else {
                    return Err(RuntimeError::MissingVertexBuffer { slot });
                };
                if call.indexed || pulled.is_empty() {
                    continue;
                }
                let Some(layout) = self.plan.vertex_buffers.get(slot as usize) else { continue };
                let end = layout.attributes.iter().map(|a| a.offset + a.format.size()).max().unwrap_or(0) as u64;
                let last = match layout.step_mode {
                    StepMode::Vertex => (call.first + call.count).checked_sub(1),
                    StepMode::Instance => (call.first_instance + call.instances).checked_sub(1),
                };
                if let Some(last) = last {
                    let needed = last as u64 * layout.stride as u64 + end;
                    if buffer.size() < needed {
                        return Err(RuntimeError::BufferTooSmall { what: format!("vertex buffer {slot}"), size: buffer.size(), needed });
                    }
                }
            }
        }
        Ok(())
    }

    /// Makes sure draw slot `i` has a uniform and intermediates big enough for `call`.
    fn ensure_draw_buffers(&mut self, device: &wgpu::Device, i: usize, call: &DrawCall, primitives: u32) -> Result<(), RuntimeError> {
        let sizes: Vec<u64> = self.plan.buffers.iter().map(|b| b.size.bytes(call.count, primitives, call.instances)).collect();
        let limits = device.limits();
        for (b, size) in self.plan.buffers.iter().zip(&sizes) {
            let (limit, name) = (limits.max_storage_buffer_binding_size as u64, "max_storage_buffer_binding_size");
            if *size > limit {
                return Err(RuntimeError::LimitExceeded { what: format!("the `{}` buffer", b.name), size: *size, limit, name });
            }
        }
        let fits = self.pool.get(i).is_some_and(|d| d.intermediates.iter().zip(&sizes).all(|(b, s)| b.size() >= *s));
        if fits {
            return Ok(());
        }
        let uniform = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("tesserae draw uniform"),
            size: tesserae::draw_uniform::SIZE,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let old: Vec<u64> = self.pool.get(i).map(|d| d.intermediates.iter().map(|b| b.size()).collect()).unwrap_or_default();
        let limit = limits.max_storage_buffer_binding_size as u64;
        let intermediates = self
            .plan
            .buffers
            .iter()
            .zip(&sizes)
            .enumerate()
            .map(|(k, (b, need))| {
                // Grow geometrically, so a slowly growing draw does not reallocate every frame.
                let size = match old.get(k) {
                    Some(&o) if o >= *need => o,
                    Some(&o) => (*need).max((2 * o).min(limit)),
                    None => *need,
                };
                let usage = wgpu::BufferUsages::STORAGE
                    | match b.usage {
                        BufferUsage::Storage => wgpu::BufferUsages::empty(),
                        BufferUsage::Index | BufferUsage::QuadIndices => wgpu::BufferUsages::INDEX,
                        BufferUsage::Indirect => wgpu::BufferUsages::INDIRECT,
                    };
                let quads = b.usage == BufferUsage::QuadIndices;
                let buffer = device.create_buffer(&wgpu::BufferDescriptor { label: Some(&b.name), size, usage, mapped_at_creation: quads });
                if quads {
                    if let Ok(mut view) = buffer.slice(..).get_mapped_range_mut() {
                        view.copy_from_slice(&quad_indices(size as usize));
                    }
                    buffer.unmap();
                }
                buffer
            })
            .collect();
        let d = DrawBuffers { uniform, intermediates };
        if i < self.pool.len() {
            self.pool[i] = d;
        } else {
            self.pool.push(d);
        }
        Ok(())
    }

    fn emulation_bind_group(
        &self,
        device: &wgpu::Device,
        pass: &Pass,
        layout: &wgpu::BindGroupLayout,
        buffers: &DrawBuffers,
        inputs: &Inputs,
    ) -> Result<wgpu::BindGroup, RuntimeError> {
        emulation_bind_group(device, pass.label(), layout, pass.resources(), |r| match &r.resource {
            Resource::DrawParams { .. } => Ok(&buffers.uniform),
            Resource::IndexBufferAsStorage => Ok(inputs.index_buffer.map_or(&self.dummy, |(b, _)| b)),
            Resource::VertexBufferAsStorage { slot } => {
                inputs.vertex_buffers.get(*slot as usize).copied().ok_or(RuntimeError::MissingVertexBuffer { slot: *slot })
            }
            Resource::Intermediate(id) => intermediate(&buffers.intermediates, pass.label(), *id),
            Resource::PushConstants => self.push_constants.as_ref().ok_or_else(|| undeclared(pass.label(), r)),
            Resource::CaptureBuffer { buffer } => inputs
                .capture_buffers
                .iter()
                .find(|(b, _)| b == buffer)
                .map(|(_, buf)| *buf)
                .ok_or(RuntimeError::MissingCaptureBuffer { buffer: *buffer }),
            Resource::CaptureState => self.capture_state.as_ref().ok_or_else(|| undeclared(pass.label(), r)),
        })
    }
}

/// The plan error for a resource a pass names that the plan does not declare.
pub(crate) fn undeclared(pass: &str, r: &PassResource) -> RuntimeError {
    RuntimeError::Plan(tesserae::PlanError::Undeclared { pass: pass.into(), group: r.group, binding: r.binding })
}

/// The emulation group's bind group of a pass providing `resources`, each bound to the whole
/// buffer `buffer` gives for it.
pub(crate) fn emulation_bind_group<'b>(
    device: &wgpu::Device,
    label: &str,
    layout: &wgpu::BindGroupLayout,
    resources: &[PassResource],
    buffer: impl Fn(&PassResource) -> Result<&'b wgpu::Buffer, RuntimeError>,
) -> Result<wgpu::BindGroup, RuntimeError> {
    let mut entries = Vec::new();
    for r in resources {
        entries.push(wgpu::BindGroupEntry { binding: r.binding, resource: buffer(r)?.as_entire_binding() });
    }
    Ok(device.create_bind_group(&wgpu::BindGroupDescriptor { label: Some(label), layout, entries: &entries }))
}

/// The intermediate buffer `id`, as allocated in `intermediates` (one per buffer of the plan,
/// in its order).
fn intermediate<'b>(intermediates: &'b [wgpu::Buffer], pass: &str, id: BufferId) -> Result<&'b wgpu::Buffer, RuntimeError> {
    intermediates
        .get(id.0 as usize)
        .ok_or_else(|| RuntimeError::Plan(tesserae::PlanError::UnknownBuffer { pass: pass.to_string(), buffer: id }))
}

/// Two triangles per quad of four vertices, as [`BufferUsage::QuadIndices`] defines: `bytes`
/// bytes of u32 indices (a partial last quad left zero).
fn quad_indices(bytes: usize) -> Vec<u8> {
    let mut out = vec![0u8; bytes];
    for (q, quad) in out.chunks_exact_mut(24).enumerate() {
        let v = 4 * q as u32;
        for (k, i) in [v, v + 1, v + 2, v + 2, v + 1, v + 3].into_iter().enumerate() {
            quad[4 * k..4 * k + 4].copy_from_slice(&i.to_le_bytes());
        }
    }
    out
}
