//! The translator's output: an ordered list of passes for an executor to turn into wgpu calls.
//!
//! Invariants: every [`ShaderPlan::wgsl`] is a [`ValidatedWgsl`] (validated by naga after
//! generation and after being parsed back); [`Plan::validate`] holds (every binding a shader
//! declares in the emulation group is provided by its pass, no two application resources share
//! a wgpu binding; every pipeline-overridable constant of a shader has a value, in the module or
//! in [`ShaderPlan::constants`]); a plan is a pure function of its [`crate::PipelineDesc`].

use crate::desc::{Stage, Topology, VertexBufferLayout};
use crate::descriptors::DescriptorKind;
use crate::wgsl::ValidatedWgsl;
use serde::Serialize;

/// Version of the plan's JSON form; bumped on every incompatible change.
///
/// The JSON form is serde's of these types: structs as objects by field name, enums by
/// kebab-case variant name (a unit variant as a string, others as a one-key object), a
/// [`BufferId`] as its number (an index into `buffers`), a [`StorageFormat`] as WGSL spells it
/// (`rgba8unorm`). Version 11: transform feedback (`capture`, capture resources, intermediate
/// buffers from binding 32). Version 10: geometry stages (the `indexed-per-primitive` draw, `layered`).
/// Version 9: every pass lists exactly the emulation bindings its shaders declare, in binding
/// order (version 8: buffers by id, typed storage formats, the tessellation mode in the draw
/// uniform).
pub const PLAN_VERSION: u32 = 11;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    pub version: u32,
    /// The topology the application draws with (its draw calls count in it).
    pub topology: Topology,
    /// The application's vertex buffer layouts, by slot.
    pub vertex_buffers: Vec<VertexBufferLayout>,
    pub passes: Vec<Pass>,
    /// Buffers that passes write and later passes read, sized from the draw; a [`BufferId`]
    /// is an index into it.
    pub buffers: Vec<IntermediateBuffer>,
    /// The bind group of the emulation's own resources ([`crate::emulation`]); `None` when no
    /// pass needs one.
    pub emulation_group: Option<u32>,
    /// The push-constant block, lowered to a buffer in the emulation group: bound as a uniform
    /// buffer, or as a read-only storage buffer where its layout needs one (the binding's type
    /// says which; create the buffer for both).
    pub push_constants: Option<PushConstants>,
    /// Every descriptor of the application's shaders: Vulkan (set, binding, kind) → wgpu
    /// (group, binding, type, visibility), and the passes that use it.
    pub resources: Vec<AppResource>,
    /// The tessellator's spacing, winding and point mode, which the runtime writes into the
    /// draw uniform (`tess_mode`, [`crate::tessellator::gpu::TessMode::draw_bits`]) for the
    /// kernels to read; `None` without tessellation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tessellation: Option<crate::tessellator::gpu::TessMode>,
    /// The last pre-rasterization stage writes `Layer`: the application draws the plan once per
    /// layer of its targets (`TranslatedPipeline::draw_layer`), into a render pass on that
    /// layer, and each draw keeps the primitives of that layer.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub layered: bool,
    /// The last pre-rasterization stage writes `ViewportIndex`: the application draws the plan
    /// once per viewport, with that viewport and scissor set (`TranslatedPipeline::draw_view`),
    /// and each draw keeps the primitives of that viewport.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub viewports: bool,
    /// The last pre-rasterization stage captures (transform feedback): the passes whose
    /// resources include a [`Resource::CaptureBuffer`] write the application's buffers, which
    /// it binds whole, one per `XfbBuffer` number listed here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capture: Option<CapturePlan>,
}

/// What a capturing plan writes ([`Plan::capture`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CapturePlan {
    /// `(XfbBuffer, XfbStride in bytes)` of every buffer it writes.
    pub buffers: Vec<(u32, u32)>,
    /// Vertices of one captured primitive (1, 2 or 3: strips are captured as lists).
    pub vertices_per_primitive: u32,
}

/// Viewports a plan may select among (Vulkan's guaranteed `maxViewports`): a layered or
/// multi-viewport draw's one instance is `layer × MAX_VIEWPORTS + viewport`.
pub const MAX_VIEWPORTS: u32 = 16;

/// Where the application's push constants go: its bytes, at their Vulkan offsets, in a buffer
/// of `size` bytes at `@group(group) @binding(binding)` (uniform, or read-only storage where
/// the shaders declare it so).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PushConstants {
    pub group: u32,
    pub binding: u32,
    pub size: u64,
}

/// One descriptor of the application.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AppResource {
    pub set: u32,
    pub binding: u32,
    pub kind: DescriptorKind,
    pub name: String,
    /// Elements of its array of descriptors (1 for a single descriptor). WebGPU has no arrays
    /// of bindings: each element has wgpu bindings of its own.
    pub count: u32,
    /// Its wgpu bindings, element by element: one per element, or two for a combined image
    /// sampler (texture, then sampler); a texture sampled through several samplers has a
    /// texture binding per sampler, each bound to the same texture (wgpu's GL backend gives a
    /// texture unit one sampler). Bind each binding's type from the element's descriptor.
    pub wgpu: Vec<WgpuBinding>,
    /// Labels of the passes whose shaders use it.
    pub passes: Vec<String>,
}

impl AppResource {
    /// The Vulkan kind as words (`combined image sampler`).
    pub fn kind_name(&self) -> String {
        self.kind.words()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WgpuBinding {
    pub group: u32,
    pub binding: u32,
    /// The element of the application's array of descriptors it holds (0 for a single one).
    pub element: u32,
    pub ty: BindingType,
    pub visibility: Visibility,
    /// A buffer's least size in bytes, as WebGPU checks it when drawing: the block's size (with
    /// one element of a runtime-sized array). Vulkan lets an application bind less when the
    /// shader reads only what is there (Amber's and the CTS's uniform arrays do); on wgpu the
    /// application pads the buffer to this size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_size: Option<u64>,
}

/// Shader stages that see a binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Visibility {
    pub vertex: bool,
    pub fragment: bool,
    pub compute: bool,
}

impl Visibility {
    pub fn union(self, o: Visibility) -> Visibility {
        Visibility { vertex: self.vertex || o.vertex, fragment: self.fragment || o.fragment, compute: self.compute || o.compute }
    }
}

/// A wgpu binding type, as a shader declares it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BindingType {
    UniformBuffer,
    StorageBuffer { read_only: bool },
    Texture { sample: TextureSample, dimension: TextureDimension, multisampled: bool },
    StorageTexture { format: StorageFormat, access: StorageAccess, dimension: TextureDimension },
    Sampler { comparison: bool },
}

/// How a shader accesses a storage texture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StorageAccess {
    Read,
    Write,
    ReadWrite,
    Atomic,
}

impl StorageAccess {
    fn from_naga(access: naga::StorageAccess) -> Self {
        use naga::StorageAccess as A;
        if access.contains(A::ATOMIC) {
            StorageAccess::Atomic
        } else if access.contains(A::LOAD | A::STORE) {
            StorageAccess::ReadWrite
        } else if access.contains(A::LOAD) {
            StorageAccess::Read
        } else {
            StorageAccess::Write
        }
    }
}

/// Calls `$then!` with the name of every storage texture format: naga's `StorageFormat`,
/// [`StorageFormat`] and wgpu's `TextureFormat` spell them alike, so each mapping between them
/// is generated from this one list.
#[macro_export]
macro_rules! with_storage_formats {
    ($then:ident) => {
        $then!(
            R8Unorm R8Snorm R8Uint R8Sint R16Uint R16Sint R16Float Rg8Unorm Rg8Snorm Rg8Uint Rg8Sint R32Uint R32Sint
            R32Float Rg16Uint Rg16Sint Rg16Float Rgba8Unorm Rgba8Snorm Rgba8Uint Rgba8Sint Bgra8Unorm Rgb10a2Uint
            Rgb10a2Unorm Rg11b10Ufloat R64Uint Rg32Uint Rg32Sint Rg32Float Rgba16Uint Rgba16Sint Rgba16Float Rgba32Uint
            Rgba32Sint Rgba32Float R16Unorm R16Snorm Rg16Unorm Rg16Snorm Rgba16Unorm Rgba16Snorm
        );
    };
}

macro_rules! storage_format_enum {
    ($($format:ident)*) => {
        /// A storage texture's texel format; in JSON as WGSL spells it (`rgba8unorm`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
        #[serde(rename_all = "lowercase")]
        pub enum StorageFormat {
            $($format,)*
        }

        impl StorageFormat {
            fn from_naga(format: naga::StorageFormat) -> Self {
                match format {
                    $(naga::StorageFormat::$format => StorageFormat::$format,)*
                }
            }
        }
    };
}
with_storage_formats!(storage_format_enum);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TextureSample {
    Float,
    Depth,
    Sint,
    Uint,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TextureDimension {
    D1,
    D2,
    D2Array,
    Cube,
    CubeArray,
    D3,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Pass {
    Render(RenderPass),
    Compute(ComputePass),
}

/// A compute dispatch, run once per recorded draw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ComputePass {
    pub label: String,
    pub shader: ShaderPlan,
    pub workgroups: Workgroups,
    pub resources: Vec<PassResource>,
    /// The pass serves only transform feedback's capture ([`Plan::capture`]): an executor
    /// skips it when the application captures nothing.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub capture: bool,
}

/// How many workgroups a compute pass dispatches for a draw.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Workgroups {
    /// (ceil(count / size), instances, 1): one invocation per draw position and instance.
    PerPosition { size: u32 },
    /// (ceil(primitives / size), instances, 1).
    PerPrimitive { size: u32 },
    /// (ceil(patches × instances / size), 1, 1): one invocation per patch of the draw.
    PerPatch { size: u32 },
    /// (patches, instances, 1): one workgroup per patch.
    OnePerPatch,
    /// (ceil(patches × instances × items_per_patch / SCAN_BLOCK), 1, 1), at least 1: a block
    /// level of a prefix sum over that many items
    /// ([`crate::tessellator::gpu::SCAN_BLOCK`] items a workgroup).
    ScanBlocks { items_per_patch: u32 },
    /// (1, 1, 1).
    One,
    /// `[x, y, z]` as the application dispatches them: the pass of a [`ComputePlan`], and
    /// only there.
    AsDispatched,
    /// `[x, y, z]` as a pass before wrote them: three `u32`s at byte `offset` of the
    /// intermediate buffer `arguments` (an [`BufferUsage::Indirect`] one); the kernel numbers
    /// its workgroups itself.
    Indirect { arguments: BufferId, offset: u64 },
}

impl Pass {
    pub fn label(&self) -> &str {
        match self {
            Pass::Render(r) => &r.label,
            Pass::Compute(c) => &c.label,
        }
    }
    /// What the pass binds in the emulation group.
    pub fn resources(&self) -> &[PassResource] {
        match self {
            Pass::Render(r) => &r.resources,
            Pass::Compute(c) => &c.resources,
        }
    }

    pub(crate) fn resources_mut(&mut self) -> &mut Vec<PassResource> {
        match self {
            Pass::Render(r) => &mut r.resources,
            Pass::Compute(c) => &mut c.resources,
        }
    }

    /// The WGSL modules of the pass.
    pub fn shaders(&self) -> Vec<&ShaderPlan> {
        match self {
            Pass::Render(r) => std::iter::once(&r.vertex).chain(r.fragment.as_ref()).collect(),
            Pass::Compute(c) => vec![&c.shader],
        }
    }
}

/// A wgpu render pipeline and the draw that uses it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RenderPass {
    pub label: String,
    pub vertex: ShaderPlan,
    pub fragment: Option<ShaderPlan>,
    pub topology: Topology,
    pub vertex_buffers: Vec<VertexBufferLayout>,
    /// Number of `clip_distances` the vertex stage writes; non-zero needs
    /// `wgpu::Features::CLIP_DISTANCES`.
    pub clip_distances: u32,
    pub draw: DrawShape,
    /// Resources the pass binds in the emulation group, beyond vertex and index buffers bound
    /// as such: one per binding its shaders declare there, in binding order.
    pub resources: Vec<PassResource>,
}

/// What an executor binds at `@group(group) @binding(binding)`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PassResource {
    pub group: u32,
    pub binding: u32,
    pub resource: Resource,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Resource {
    /// The per-draw `TesseraeDraw` uniform ([`crate::draw_uniform::DrawUniform`]), `size` bytes.
    DrawParams { size: u64 },
    /// The application's index buffer, as read-only storage of u32 words (a 4-byte dummy for
    /// non-indexed draws).
    IndexBufferAsStorage,
    /// The application's vertex buffer `slot`, as read-only storage of u32 words.
    VertexBufferAsStorage { slot: u32 },
    /// One of the plan's [`IntermediateBuffer`]s.
    Intermediate(BufferId),
    /// The buffer holding the application's push constants ([`Plan::push_constants`]), a uniform
    /// or read-only storage buffer as the pass's binding declares.
    PushConstants,
    /// The application's transform feedback buffer of this `XfbBuffer` number, bound whole as
    /// `array<u32>` storage: its size is the capture's room ([`Plan::capture`]).
    CaptureBuffer { buffer: u32 },
    /// Two `u32`s the executor owns and zeroes when a frame's transform feedback begins: the
    /// primitives written so far, and the primitives the draws emitted (Vulkan's
    /// `VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT` pair); each draw's capture appends after
    /// the first and adds to both.
    CaptureState,
}

/// Where a draw's counts come from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawShape {
    /// The application's draw call, unchanged (vertex, instance and index counts as recorded).
    AsRecorded,
    /// Point expansion: each recorded draw of `n` points × `i` instances (indexed or not)
    /// becomes one indexed draw of `indices_per_point * n * i` indices (u32) from the buffer
    /// `indices` (an index buffer); face culling off.
    ExpandedPoints { indices_per_point: u32, indices: BufferId },
    /// `draw_indexed_indirect` with the index buffer and the arguments (at byte 0) earlier
    /// passes wrote.
    IndexedIndirect { indices: BufferId, arguments: BufferId },
    /// Point sprites of a geometry stage's points: `draw` of `vertices_per_entry` vertices (two
    /// triangles) per entry of the index list `indices` (`entries_per_primitive × primitives ×
    /// instances` entries), one instance as for [`DrawShape::IndexedPerPrimitive`]; face culling
    /// off.
    PointSpritesPerPrimitive { indices: BufferId, entries_per_primitive: u32, vertices_per_entry: u32 },
    /// `draw_indexed` of `indices_per_primitive × primitives × instances` indices (u32) from
    /// `indices`, one instance: `layer × MAX_VIEWPORTS + viewport` of the layer and viewport
    /// being drawn (0 when the plan is neither layered nor multi-viewport).
    IndexedPerPrimitive { indices: BufferId, indices_per_primitive: u32 },
    /// Point sprites of tessellation's point mode: `draw_indirect` with the arguments an
    /// earlier pass wrote at byte `offset` of `arguments`, `vertices_per_point` vertices
    /// (two triangles) per point; face culling off.
    ExpandedPointsIndirect { vertices_per_point: u32, arguments: BufferId, offset: u64 },
}

impl DrawShape {
    /// Whether the draw's triangles are expanded points (never face-culled, front-facing).
    pub fn expands_points(&self) -> bool {
        matches!(
            self,
            DrawShape::ExpandedPoints { .. } | DrawShape::ExpandedPointsIndirect { .. } | DrawShape::PointSpritesPerPrimitive { .. }
        )
    }

    /// The buffers the draw reads as indices and as indirect arguments: (buffer, byte offset,
    /// bytes read) of its arguments, and its index buffer.
    fn buffers(&self) -> (Option<(BufferId, u64, u64)>, Option<BufferId>) {
        match *self {
            DrawShape::AsRecorded => (None, None),
            DrawShape::ExpandedPoints { indices, .. } => (None, Some(indices)),
            DrawShape::IndexedIndirect { indices, arguments } => (Some((arguments, 0, 20)), Some(indices)),
            DrawShape::IndexedPerPrimitive { indices, .. } => (None, Some(indices)),
            // Read as storage by the draw's vertex stage, not bound as indices.
            DrawShape::PointSpritesPerPrimitive { .. } => (None, None),
            DrawShape::ExpandedPointsIndirect { arguments, offset, .. } => (Some((arguments, offset, 16)), None),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShaderPlan {
    pub stage: Stage,
    /// Entry point name in the WGSL module.
    pub entry_point: String,
    pub wgsl: ValidatedWgsl,
    /// Every resource binding the WGSL declares, sorted by (group, binding).
    pub bindings: Vec<Binding>,
    /// Values of the module's pipeline-overridable constants (WGSL `override`s), by name, for
    /// `wgpu::PipelineCompilationOptions::constants`: exactly the overrides the module declares
    /// that need one (the tessellator's kernels, shared by every mode of a domain); empty for
    /// most shaders.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub constants: std::collections::BTreeMap<String, f64>,
}

impl ShaderPlan {
    /// Whether the module runs as a compute shader (the translator's kernels and the stages it
    /// turns into compute).
    pub fn is_compute(&self) -> bool {
        self.wgsl.module().entry_points.iter().any(|e| e.stage == naga::ShaderStage::Compute)
    }

    /// `(name, value)` pairs of [`Self::constants`], as wgpu takes them.
    pub fn constant_pairs(&self) -> Vec<(&str, f64)> {
        self.constants.iter().map(|(k, v)| (k.as_str(), *v)).collect()
    }

    fn declares_override(&self, name: &str) -> bool {
        self.wgsl.module().overrides.iter().any(|(_, o)| o.name.as_deref() == Some(name))
    }

    /// Whether the constants fit the module: a value for every `override` without a default,
    /// and no value for a name the module does not declare (wgpu refuses either). The name of
    /// the first that does not, if any.
    fn constants_mismatch(&self) -> Option<String> {
        if let Some(unknown) = self.constants.keys().find(|k| !self.declares_override(k)) {
            return Some(unknown.clone());
        }
        self.wgsl
            .module()
            .overrides
            .iter()
            .find(|(_, o)| o.init.is_none() && !o.name.as_ref().is_some_and(|n| self.constants.contains_key(n)))
            .map(|(h, o)| o.name.clone().unwrap_or_else(|| format!("{h:?}")))
    }
}

/// A resource binding the WGSL expects.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Binding {
    pub group: u32,
    pub binding: u32,
    pub name: String,
    pub ty: BindingType,
    /// Length of a binding array (`None` for a single resource).
    pub count: Option<u32>,
}

/// A compute pipeline, translated ([`crate::translate_compute`]): one pass that the
/// application dispatches, with its workgroup size and resources.
///
/// Invariants ([`ComputePlan::validate`]): the pass's `workgroups` is
/// [`Workgroups::AsDispatched`]; `workgroup_size` is the `@workgroup_size` of its shader's
/// entry point, every dimension at least 1; the pass provides exactly the emulation-group
/// bindings its shader declares (the push constants); the application's sets never include
/// the emulation group.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ComputePlan {
    pub version: u32,
    pub pass: ComputePass,
    /// Invocations per workgroup in x, y, z, after specialization: a dispatch of `[x, y, z]`
    /// workgroups runs `x * workgroup_size[0]` invocations along x, and so on.
    pub workgroup_size: [u32; 3],
    /// The bind group of the emulation's own resources (the push-constant uniform); `None`
    /// when the shader reads none.
    pub emulation_group: Option<u32>,
    /// The push-constant block, lowered to a buffer in the emulation group: bound as a uniform
    /// buffer, or as a read-only storage buffer where its layout needs one (the binding's type
    /// says which; create the buffer for both).
    pub push_constants: Option<PushConstants>,
    /// Every descriptor of the shader: Vulkan (set, binding, kind) → wgpu (group, binding,
    /// type, visibility).
    pub resources: Vec<AppResource>,
}

impl ComputePlan {
    /// Checks the plan's invariants (see [`ComputePlan`]).
    pub fn validate(&self) -> Result<(), PlanError> {
        if self.version != PLAN_VERSION {
            return Err(PlanError::Version { found: self.version });
        }
        let pass = &self.pass;
        if pass.workgroups != Workgroups::AsDispatched {
            return Err(PlanError::Workgroups { pass: pass.label.clone() });
        }
        let module = pass.shader.wgsl.module().entry_points.iter().find(|e| e.name == pass.shader.entry_point).map(|e| e.workgroup_size);
        if module != Some(self.workgroup_size) || self.workgroup_size.contains(&0) {
            return Err(PlanError::WorkgroupSize {
                pass: pass.label.clone(),
                plan: self.workgroup_size,
                module: module.unwrap_or_default(),
            });
        }
        check_pass(&pass.label, &[&pass.shader], &pass.resources, self.emulation_group, &mut Vec::new())?;
        check_group_free(self.emulation_group, &self.resources)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

/// An intermediate buffer: its index in [`Plan::buffers`]. Its binding in the emulation group
/// is [`crate::emulation::binding::intermediate`] of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct BufferId(pub u32);

impl std::fmt::Display for BufferId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A buffer that passes of one draw write and later passes read; created per draw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IntermediateBuffer {
    /// What it holds, for labels and messages.
    pub name: String,
    pub size: BufferSize,
    pub usage: BufferUsage,
}

/// The intermediate buffers of a plan being built: [`Self::add`] gives each its id.
#[derive(Debug, Clone, Default)]
pub(crate) struct BufferTable(Vec<IntermediateBuffer>);

impl BufferTable {
    /// A table holding `buffers` already (a plan's, to add to).
    pub(crate) fn from_vec(buffers: Vec<IntermediateBuffer>) -> Self {
        BufferTable(buffers)
    }

    pub(crate) fn add(&mut self, name: &str, size: BufferSize, usage: BufferUsage) -> BufferId {
        self.0.push(IntermediateBuffer { name: name.into(), size, usage });
        BufferId(self.0.len() as u32 - 1)
    }

    /// Sets the size of `id`, for a buffer whose size is known once its pass is written.
    pub(crate) fn resize(&mut self, id: BufferId, size: BufferSize) {
        if let Some(b) = self.0.get_mut(id.0 as usize) {
            b.size = size;
        }
    }

    pub(crate) fn into_vec(self) -> Vec<IntermediateBuffer> {
        self.0
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BufferSize {
    /// `bytes` per draw position (vertex or index) per instance.
    PerPosition {
        bytes: u64,
    },
    /// `bytes` per primitive per instance.
    PerPrimitive {
        bytes: u64,
    },
    /// `bytes` per patch per instance.
    PerPatch {
        bytes: u64,
    },
    /// The tessellator's offsets and prefix-sum scratch ([`crate::tessellator::gpu::offsets_len`]).
    ScanOffsets,
    Fixed {
        bytes: u64,
    },
}

impl BufferSize {
    /// Bytes for a draw of `count` positions, `primitives` primitives (or patches) per instance.
    pub fn bytes(&self, count: u32, primitives: u32, instances: u32) -> u64 {
        let n = match self {
            BufferSize::PerPosition { bytes } => bytes * count as u64 * instances as u64,
            BufferSize::PerPrimitive { bytes } | BufferSize::PerPatch { bytes } => bytes * primitives as u64 * instances as u64,
            BufferSize::ScanOffsets => 4 * crate::tessellator::gpu::offsets_len(primitives.saturating_mul(instances)) as u64,
            BufferSize::Fixed { bytes } => *bytes,
        };
        // At least one vec4: a runtime-sized array<vec4<f32>> binding needs 16 bytes, even for
        // a draw of zero vertices.
        n.max(16).div_ceil(16) * 16
    }
}

/// What a buffer is used as besides read-write storage.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BufferUsage {
    Storage,
    Index,
    Indirect,
    /// An index buffer the runtime fills once, when it creates the buffer, with two triangles
    /// per quad of four vertices: `4q, 4q+1, 4q+2, 4q+2, 4q+1, 4q+3` for quad `q` (expanded
    /// points); no pass writes it.
    QuadIndices,
}

/// A plan that breaks its own invariants (a translator bug, or a plan edited by hand).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlanError {
    #[error("plan version {found}, this build reads {PLAN_VERSION}")]
    Version { found: u32 },
    #[error("pass `{pass}`: the shaders declare @group({group}) @binding({binding}) (`{name}`), which the pass does not provide")]
    Unprovided { pass: String, group: u32, binding: u32, name: String },
    #[error("pass `{pass}` provides @group({group}) @binding({binding}), which no shader of it declares")]
    Undeclared { pass: String, group: u32, binding: u32 },
    #[error("pass `{pass}` names intermediate buffer {buffer}, which the plan does not have")]
    UnknownBuffer { pass: String, buffer: BufferId },
    #[error("@group({group}) @binding({binding}) is declared as {first} in one shader and {second} in another")]
    Conflict { group: u32, binding: u32, first: String, second: String },
    #[error("the application's set {group} is also the emulation group")]
    GroupTaken { group: u32 },
    #[error("pass `{pass}`: pipeline-overridable constant `{name}` has no value, or is not declared")]
    Constant { pass: String, name: String },
    #[error("pass `{pass}` reads {bytes} bytes of indirect arguments from buffer {buffer} at byte {offset}, which is not in an indirect-arguments buffer or not 4-byte aligned")]
    IndirectArguments { pass: String, buffer: BufferId, offset: u64, bytes: u64 },
    #[error("pass `{pass}` draws with buffer {buffer} as its index buffer, which is not an index buffer")]
    NotAnIndexBuffer { pass: String, buffer: BufferId },
    #[error(
        "pass `{pass}` binds {resource:?} at @binding({binding}) of the emulation group, where the emulation's table has {expected:?}"
    )]
    WrongResource { pass: String, binding: u32, resource: Resource, expected: Option<Resource> },
    #[error("pass `{pass}`: its workgroup counts do not fit the plan (as dispatched in a compute plan, and only there)")]
    Workgroups { pass: String },
    #[error("pass `{pass}`: workgroup size {plan:?} in the plan, {module:?} in the shader (each dimension at least 1)")]
    WorkgroupSize { pass: String, plan: [u32; 3], module: [u32; 3] },
}

impl Plan {
    /// A plan of `passes` and `buffers` for `desc`'s draws; [`crate::resources`] fills in the
    /// application's resources and push constants afterwards.
    pub(crate) fn assemble(
        desc: &crate::desc::PipelineDesc,
        emulation_group: Option<u32>,
        passes: Vec<Pass>,
        buffers: BufferTable,
    ) -> Plan {
        Plan {
            version: PLAN_VERSION,
            topology: desc.topology,
            vertex_buffers: desc.vertex_buffers.clone(),
            passes,
            buffers: buffers.into_vec(),
            emulation_group,
            push_constants: None,
            resources: Vec::new(),
            tessellation: None,
            layered: false,
            viewports: false,
            capture: None,
        }
    }

    /// Checks the plan's invariants: versions agree; in every pass, the bindings its shaders
    /// declare in the emulation group are exactly those it provides, each the resource the
    /// emulation's table ([`crate::emulation::binding::resource`]) puts there; the
    /// intermediate buffers it names exist, its indirect arguments lie in an indirect-arguments
    /// buffer and its indices in an index buffer; one (group, binding) has one type across the
    /// plan.
    pub fn validate(&self) -> Result<(), PlanError> {
        if self.version != PLAN_VERSION {
            return Err(PlanError::Version { found: self.version });
        }
        let mut seen: Vec<&Binding> = Vec::new();
        for pass in &self.passes {
            let (label, provided) = (pass.label(), pass.resources());
            let (arguments, indices) = match pass {
                Pass::Compute(ComputePass { workgroups: Workgroups::AsDispatched, .. }) => {
                    return Err(PlanError::Workgroups { pass: label.into() });
                }
                Pass::Compute(ComputePass { workgroups: Workgroups::Indirect { arguments, offset }, .. }) => {
                    (Some((*arguments, *offset, 12)), None)
                }
                Pass::Compute(_) => (None, None),
                Pass::Render(r) => r.draw.buffers(),
            };
            check_pass(label, &pass.shaders(), provided, self.emulation_group, &mut seen)?;
            check_buffers(label, provided, arguments, indices, &self.buffers)?;
        }
        check_group_free(self.emulation_group, &self.resources)
    }

    /// The intermediate buffer `id`.
    pub fn buffer(&self, id: BufferId) -> Option<&IntermediateBuffer> {
        self.buffers.get(id.0 as usize)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

/// One pass's checks of its bindings (see [`Plan::validate`]): its shaders' constants; the
/// emulation-group bindings its shaders declare are those it provides, each the resource the
/// emulation's table puts there; each other (group, binding) has one type across the plan
/// (`seen`: the bindings of the passes before).
fn check_pass<'p>(
    label: &str,
    shaders: &[&'p ShaderPlan],
    provided: &[PassResource],
    emulation_group: Option<u32>,
    seen: &mut Vec<&'p Binding>,
) -> Result<(), PlanError> {
    if let Some(name) = shaders.iter().find_map(|s| s.constants_mismatch()) {
        return Err(PlanError::Constant { pass: label.into(), name });
    }
    let declared: Vec<&Binding> = shaders.iter().flat_map(|s| &s.bindings).collect();
    for b in &declared {
        if Some(b.group) == emulation_group {
            if !provided.iter().any(|p| p.group == b.group && p.binding == b.binding) {
                return Err(PlanError::Unprovided { pass: label.into(), group: b.group, binding: b.binding, name: b.name.clone() });
            }
        } else if let Some(other) = seen.iter().find(|o| o.group == b.group && o.binding == b.binding) {
            if !compatible(&other.ty, &b.ty) {
                return Err(PlanError::Conflict {
                    group: b.group,
                    binding: b.binding,
                    first: format!("{:?}", other.ty),
                    second: format!("{:?}", b.ty),
                });
            }
        } else {
            seen.push(b);
        }
    }
    for p in provided {
        if !declared.iter().any(|b| b.group == p.group && b.binding == p.binding) {
            return Err(PlanError::Undeclared { pass: label.into(), group: p.group, binding: p.binding });
        }
        let expected = crate::emulation::binding::resource(p.binding).filter(|_| Some(p.group) == emulation_group);
        if expected.as_ref() != Some(&p.resource) {
            return Err(PlanError::WrongResource { pass: label.into(), binding: p.binding, resource: p.resource.clone(), expected });
        }
    }
    Ok(())
}

/// One pass's checks of the intermediate buffers it names (see [`Plan::validate`]): each
/// exists; its indirect arguments (`(buffer, offset, bytes)`) lie 4-byte aligned in an
/// indirect-arguments buffer; its `indices` are an index buffer.
fn check_buffers(
    label: &str,
    provided: &[PassResource],
    arguments: Option<(BufferId, u64, u64)>,
    indices: Option<BufferId>,
    buffers: &[IntermediateBuffer],
) -> Result<(), PlanError> {
    let get = |id: BufferId| buffers.get(id.0 as usize).ok_or_else(|| PlanError::UnknownBuffer { pass: label.into(), buffer: id });
    for p in provided {
        if let Resource::Intermediate(id) = p.resource {
            get(id)?;
        }
    }
    if let Some((id, offset, bytes)) = arguments {
        let b = get(id)?;
        let fits = match b.size {
            BufferSize::Fixed { bytes: size } => offset.checked_add(bytes).is_some_and(|end| end <= size),
            _ => true,
        };
        if offset % 4 != 0 || b.usage != BufferUsage::Indirect || !fits {
            return Err(PlanError::IndirectArguments { pass: label.into(), buffer: id, offset, bytes });
        }
    }
    if let Some(id) = indices {
        if !matches!(get(id)?.usage, BufferUsage::Index | BufferUsage::QuadIndices) {
            return Err(PlanError::NotAnIndexBuffer { pass: label.into(), buffer: id });
        }
    }
    Ok(())
}

/// The application's resources never take the emulation group.
fn check_group_free(emulation_group: Option<u32>, resources: &[AppResource]) -> Result<(), PlanError> {
    if let Some(g) = emulation_group {
        if resources.iter().any(|r| r.wgpu.iter().any(|w| w.group == g)) {
            return Err(PlanError::GroupTaken { group: g });
        }
    }
    Ok(())
}

/// Storage buffers read-only in one shader and writable in another share one binding type
/// (the writable one); everything else must agree exactly.
fn compatible(a: &BindingType, b: &BindingType) -> bool {
    matches!((a, b), (BindingType::StorageBuffer { .. }, BindingType::StorageBuffer { .. })) || a == b
}

/// The plan of one stage's validated WGSL: its entry point and the bindings it declares.
pub(crate) fn shader_plan(stage: Stage, w: ValidatedWgsl) -> ShaderPlan {
    let module = w.module();
    let bindings = crate::profile::phase("plan bindings", || bindings_of(module));
    let entry_point = module.entry_points.first().map(|e| e.name.clone()).unwrap_or_default();
    ShaderPlan { stage, entry_point, bindings, wgsl: w, constants: Default::default() }
}

/// A compute pass dispatching `shader` as `workgroups` per draw; what it binds is derived from
/// its shader's declarations when the plan is finished
/// ([`ResourceContext::finish`](crate::resources::ResourceContext::finish)).
pub(crate) fn compute_pass(label: &str, shader: ShaderPlan, workgroups: Workgroups) -> Pass {
    Pass::Compute(ComputePass { label: label.into(), shader, workgroups, resources: Vec::new(), capture: false })
}

pub(crate) fn bindings_of(module: &naga::Module) -> Vec<Binding> {
    let mut out: Vec<Binding> = module
        .global_variables
        .iter()
        .filter_map(|(_, g)| {
            let rb = g.binding.as_ref()?;
            let (ty, count) = binding_type(module, g)?;
            Some(Binding { group: rb.group, binding: rb.binding, name: g.name.clone().unwrap_or_default(), ty, count })
        })
        .collect();
    out.sort_by_key(|b| (b.group, b.binding));
    out
}

fn binding_type(module: &naga::Module, g: &naga::GlobalVariable) -> Option<(BindingType, Option<u32>)> {
    use naga::{AddressSpace, ImageClass, ImageDimension, TypeInner};
    let (inner, count) = match &module.types[g.ty].inner {
        TypeInner::BindingArray { base, size } => {
            let n = match size {
                naga::ArraySize::Constant(n) => n.get(),
                _ => 0,
            };
            (&module.types[*base].inner, Some(n))
        }
        other => (other, None),
    };
    let dimension = |dim: ImageDimension, arrayed: bool| match (dim, arrayed) {
        (ImageDimension::D1, _) => TextureDimension::D1,
        (ImageDimension::D2, false) => TextureDimension::D2,
        (ImageDimension::D2, true) => TextureDimension::D2Array,
        (ImageDimension::Cube, false) => TextureDimension::Cube,
        (ImageDimension::Cube, true) => TextureDimension::CubeArray,
        (ImageDimension::D3, _) => TextureDimension::D3,
    };
    let ty = match (g.space, inner) {
        (AddressSpace::Uniform, _) => BindingType::UniformBuffer,
        (AddressSpace::Storage { access }, _) => BindingType::StorageBuffer { read_only: !access.contains(naga::StorageAccess::STORE) },
        (AddressSpace::Handle, TypeInner::Sampler { comparison }) => BindingType::Sampler { comparison: *comparison },
        (AddressSpace::Handle, TypeInner::Image { dim, arrayed, class }) => match class {
            ImageClass::Sampled { kind, multi } => BindingType::Texture {
                sample: match kind {
                    naga::ScalarKind::Sint => TextureSample::Sint,
                    naga::ScalarKind::Uint => TextureSample::Uint,
                    _ => TextureSample::Float,
                },
                dimension: dimension(*dim, *arrayed),
                multisampled: *multi,
            },
            ImageClass::Depth { multi } => {
                BindingType::Texture { sample: TextureSample::Depth, dimension: dimension(*dim, *arrayed), multisampled: *multi }
            }
            ImageClass::Storage { format, access } => BindingType::StorageTexture {
                format: StorageFormat::from_naga(*format),
                access: StorageAccess::from_naga(*access),
                dimension: dimension(*dim, *arrayed),
            },
            ImageClass::External => return None,
        },
        _ => return None,
    };
    Some((ty, count))
}
