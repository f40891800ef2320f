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
pub const PLAN_VERSION: u32 = 7;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    pub version: u32,
    /// The topology the application draws with (its draw calls count in it).
    pub topology: Topology,
    /// The application's vertex buffer layouts, by slot.
    pub vertex_buffers: Vec<VertexBufferLayout>,
    pub passes: Vec<Pass>,
    /// Buffers that passes write and later passes read, sized from the draw.
    pub buffers: Vec<IntermediateBuffer>,
    /// The bind group of the emulation's own resources ([`crate::emulation`]); `None` when no
    /// pass needs one.
    pub emulation_group: Option<u32>,
    /// The push-constant block, lowered to a uniform buffer in the emulation group.
    pub push_constants: Option<PushConstants>,
    /// Every descriptor of the application's shaders: Vulkan (set, binding, kind) → wgpu
    /// (group, binding, type, visibility), and the passes that use it.
    pub resources: Vec<AppResource>,
    /// The tessellator's spacing, winding and point mode, which the runtime writes into the
    /// draw uniform (`tess_mode`, [`crate::tessellator::gpu::TessMode::draw_bits`]) for the
    /// kernels to read; `None` without tessellation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tessellation: Option<crate::tessellator::gpu::TessMode>,
}

/// Where the application's push constants go: its bytes, at their Vulkan offsets, in a uniform
/// buffer of `size` bytes at `@group(group) @binding(binding)`.
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
    StorageTexture { format: String, access: String, dimension: TextureDimension },
    Sampler { comparison: bool },
}

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
    /// (ceil(patches × instances / divisor), 1, 1), at least 1: a level of a prefix sum.
    ScanLevel { divisor: u32 },
    /// (1, 1, 1).
    One,
    /// `[x, y, z]` as the application dispatches them: the pass of a [`ComputePlan`], and
    /// only there.
    AsDispatched,
    /// `[x, y, z]` as a pass before wrote them: three `u32`s at byte `offset` of the
    /// intermediate buffer `arguments` (an [`BufferUsage::Indirect`] one); the kernel numbers
    /// its workgroups itself.
    Indirect { arguments: String, offset: u64 },
}

impl Pass {
    pub fn label(&self) -> &str {
        match self {
            Pass::Render(r) => &r.label,
            Pass::Compute(c) => &c.label,
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
    /// Resources the pass binds (group 0), beyond vertex and index buffers bound as such.
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
    /// One of the plan's [`IntermediateBuffer`]s, by name.
    Intermediate { name: String },
    /// The uniform buffer holding the application's push constants ([`Plan::push_constants`]).
    PushConstants,
}

/// Where a draw's counts come from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawShape {
    /// The application's draw call, unchanged (vertex, instance and index counts as recorded).
    AsRecorded,
    /// Point expansion: each recorded draw of `n` points × `i` instances (indexed or not)
    /// becomes one indexed draw of `indices_per_point * n * i` indices from the buffer
    /// `indices` that an earlier pass wrote (u32); face culling off.
    ExpandedPoints { indices_per_point: u32, indices: String },
    /// `draw_indexed_indirect` with the index buffer and arguments earlier passes wrote.
    IndexedIndirect { indices: String, arguments: String },
    /// Point sprites of tessellation's point mode: `draw_indirect` with the arguments an
    /// earlier pass wrote at byte `offset` of `arguments`, `vertices_per_point` vertices
    /// (two triangles) per point; face culling off.
    ExpandedPointsIndirect { vertices_per_point: u32, arguments: String, offset: u64 },
}

impl DrawShape {
    /// Whether the draw's triangles are expanded points (never face-culled, front-facing).
    pub fn expands_points(&self) -> bool {
        matches!(self, DrawShape::ExpandedPoints { .. } | DrawShape::ExpandedPointsIndirect { .. })
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
    /// The push-constant block, lowered to a uniform buffer in the emulation group.
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
        check_pass(&pass.label, &[&pass.shader], &pass.resources, None, self.emulation_group, &[], &mut Vec::new())?;
        check_group_free(self.emulation_group, &self.resources)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

/// A buffer that passes of one draw write and later passes read; created per draw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IntermediateBuffer {
    pub name: String,
    /// Its binding in the emulation group.
    pub binding: u32,
    pub size: BufferSize,
    pub usage: BufferUsage,
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
    #[error("pass `{pass}` names an unknown intermediate buffer `{name}`")]
    UnknownBuffer { pass: String, name: String },
    #[error("@group({group}) @binding({binding}) is declared as {first} in one shader and {second} in another")]
    Conflict { group: u32, binding: u32, first: String, second: String },
    #[error("the application's set {group} is also the emulation group")]
    GroupTaken { group: u32 },
    #[error("pass `{pass}`: pipeline-overridable constant `{name}` has no value, or is not declared")]
    Constant { pass: String, name: String },
    #[error("pass `{pass}` reads {bytes} bytes of indirect arguments from `{name}` at byte {offset}, which is not in an indirect-arguments buffer or not 4-byte aligned")]
    IndirectArguments { pass: String, name: String, offset: u64, bytes: u64 },
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
        buffers: Vec<IntermediateBuffer>,
    ) -> Plan {
        Plan {
            version: PLAN_VERSION,
            topology: desc.topology,
            vertex_buffers: desc.vertex_buffers.clone(),
            passes,
            buffers,
            emulation_group,
            push_constants: None,
            resources: Vec::new(),
            tessellation: None,
        }
    }

    /// Checks the plan's invariants: versions agree; in every pass, the bindings its shaders
    /// declare in the emulation group are exactly those it provides; intermediate buffers
    /// exist; one (group, binding) has one type across the plan.
    pub fn validate(&self) -> Result<(), PlanError> {
        if self.version != PLAN_VERSION {
            return Err(PlanError::Version { found: self.version });
        }
        let mut seen: Vec<&Binding> = Vec::new();
        for pass in &self.passes {
            let (label, provided) = match pass {
                Pass::Render(r) => (&r.label, &r.resources),
                Pass::Compute(c) => (&c.label, &c.resources),
            };
            if let Pass::Compute(ComputePass { workgroups: Workgroups::AsDispatched, .. }) = pass {
                return Err(PlanError::Workgroups { pass: label.clone() });
            }
            let indirect = match pass {
                Pass::Compute(ComputePass { workgroups: Workgroups::Indirect { arguments, offset }, .. }) => Some((arguments, *offset, 12)),
                Pass::Render(RenderPass { draw: DrawShape::ExpandedPointsIndirect { arguments, offset, .. }, .. }) => {
                    Some((arguments, *offset, 16))
                }
                _ => None,
            };
            check_pass(label, &pass.shaders(), provided, indirect, self.emulation_group, &self.buffers, &mut seen)?;
        }
        check_group_free(self.emulation_group, &self.resources)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

/// One pass's checks (see [`Plan::validate`]): its shaders' constants; the emulation-group
/// bindings its shaders declare are those it provides; each other (group, binding) has one
/// type across the plan (`seen`: the bindings of the passes before); its indirect arguments
/// (`(buffer, offset, bytes)`) lie in an indirect-arguments buffer; the intermediate buffers
/// it names exist.
fn check_pass<'p>(
    label: &str,
    shaders: &[&'p ShaderPlan],
    provided: &[PassResource],
    indirect: Option<(&String, u64, u64)>,
    emulation_group: Option<u32>,
    buffers: &[IntermediateBuffer],
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
    if let Some((arguments, offset, bytes)) = indirect {
        let fits = |b: &IntermediateBuffer| match b.size {
            BufferSize::Fixed { bytes: size } => offset.checked_add(bytes).is_some_and(|end| end <= size),
            _ => true,
        };
        if offset % 4 != 0 || !buffers.iter().any(|b| &b.name == arguments && b.usage == BufferUsage::Indirect && fits(b)) {
            return Err(PlanError::IndirectArguments { pass: label.into(), name: arguments.clone(), offset, bytes });
        }
    }
    for p in provided {
        if !declared.iter().any(|b| b.group == p.group && b.binding == p.binding) {
            return Err(PlanError::Undeclared { pass: label.into(), group: p.group, binding: p.binding });
        }
        if let Resource::Intermediate { name } = &p.resource {
            if !buffers.iter().any(|b| &b.name == name) {
                return Err(PlanError::UnknownBuffer { pass: label.into(), name: name.clone() });
            }
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
                format: format!("{format:?}"),
                access: format!("{access:?}"),
                dimension: dimension(*dim, *arrayed),
            },
            ImageClass::External => return None,
        },
        _ => return None,
    };
    Some((ty, count))
}
