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

/// What an executor binds at `@group(0) @binding(binding)`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PassResource {
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
}

/// Where a draw's counts come from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawShape {
    /// The application's draw call, unchanged (vertex, instance and index counts as recorded).
    AsRecorded,
    /// Point expansion: each recorded draw of `n` points (indexed or not) becomes a
    /// non-indexed draw of `corners * n` vertices with the same instances; face culling off.
    ExpandedPoints { corners: u32 },
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

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IntermediateBuffer {
    pub name: String,
    /// Size as a formula of the draw, for humans and executors (`vertices * 16`...).
    pub size: String,
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
