//! The translator's output: an ordered list of passes for an executor to turn into wgpu calls.
//!
//! Invariant: every [`ShaderPlan::wgsl`] validated under naga twice (after generation and after
//! being parsed back), and a plan is a pure function of its [`crate::PipelineDesc`].

use crate::desc::{Stage, Topology, VertexBufferLayout};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    pub passes: Vec<Pass>,
    /// Buffers that passes write and later passes read, sized from the draw.
    pub buffers: Vec<IntermediateBuffer>,
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
    /// (1, 1, 1).
    One,
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
    /// The per-draw `TesseraeDraw` uniform (see [`crate::points`]), `size` bytes.
    DrawParams { size: u64 },
    /// The application's index buffer, as read-only storage of u32 words (a 4-byte dummy for
    /// non-indexed draws).
    IndexBufferAsStorage,
    /// The application's vertex buffer `slot`, as read-only storage of u32 words.
    VertexBufferAsStorage { slot: u32 },
    /// One of the plan's [`IntermediateBuffer`]s, by name.
    Intermediate { name: String },
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
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShaderPlan {
    pub stage: Stage,
    /// Entry point name in the WGSL module.
    pub entry_point: String,
    pub wgsl: String,
    pub bindings: Vec<Binding>,
}

/// A resource binding the WGSL expects.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Binding {
    pub group: u32,
    pub binding: u32,
    pub name: String,
    pub space: String,
}

/// A buffer that passes of one draw write and later passes read; created per draw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IntermediateBuffer {
    pub name: String,
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
    Fixed {
        bytes: u64,
    },
}

impl BufferSize {
    /// Bytes for a draw of `count` positions, `primitives` primitives per instance.
    pub fn bytes(&self, count: u32, primitives: u32, instances: u32) -> u64 {
        let n = match self {
            BufferSize::PerPosition { bytes } => bytes * count as u64 * instances as u64,
            BufferSize::PerPrimitive { bytes } => bytes * primitives as u64 * instances as u64,
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
}

impl Plan {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

pub(crate) fn bindings_of(module: &naga::Module) -> Vec<Binding> {
    let mut out: Vec<Binding> = module
        .global_variables
        .iter()
        .filter_map(|(_, g)| {
            let rb = g.binding.as_ref()?;
            Some(Binding {
                group: rb.group,
                binding: rb.binding,
                name: g.name.clone().unwrap_or_default(),
                space: format!("{:?}", g.space),
            })
        })
        .collect();
    out.sort_by_key(|b| (b.group, b.binding));
    out
}
