//! The emulation's own resources: one bind group, never one the application's shaders use.
//!
//! Every pass the translator generates binds its buffers in a single group, the *emulation
//! group* (the lowest set no stage of the pipeline declares), at the fixed bindings below. The
//! application's descriptors keep their Vulkan (set, binding) as wgpu (group, binding).

use crate::plan::{PassResource, ShaderPlan};
use std::fmt::Write;

/// Bindings inside the emulation group, and the one table of what each holds ([`resource`]).
pub mod binding {
    use crate::plan::{BufferId, Resource};

    /// The per-draw [`crate::draw_uniform::DrawUniform`].
    pub const DRAW: u32 = 0;
    /// The application's index buffer as `array<u32>` storage.
    pub const INDEX: u32 = 1;
    /// Vertex buffer `slot` as `array<u32>` storage is at `VERTEX_BUFFERS + slot`.
    pub const VERTEX_BUFFERS: u32 = 2;
    /// Vertex buffer slots that can be pulled (bindings 2..18).
    pub const MAX_VERTEX_BUFFERS: u32 = 16;
    /// The push-constant block, lowered to a uniform buffer.
    pub const PUSH_CONSTANTS: u32 = 20;
    /// The draw uniform again, as the application's stages read their draw parameters
    /// (`lower::draw_parameters`): a linked module cannot declare two variables at `DRAW`.
    pub const DRAW_PARAMETERS: u32 = 21;
    /// The application's transform feedback buffer `b` (its `XfbBuffer` number) is at
    /// `CAPTURE_BUFFERS + b`.
    pub const CAPTURE_BUFFERS: u32 = 24;
    /// Transform feedback buffers a plan may capture into (Vulkan guarantees 1; lavapipe has 4).
    pub const MAX_CAPTURE_BUFFERS: u32 = 4;
    /// Transform feedback's progress over a frame's draws ([`crate::plan::Resource::CaptureState`]).
    pub const CAPTURE_STATE: u32 = 28;
    /// Intermediate buffers (records, indices, ...), by their index in the plan's list.
    pub const INTERMEDIATES: u32 = 32;

    /// The binding of intermediate buffer `id`.
    pub fn intermediate(id: BufferId) -> u32 {
        INTERMEDIATES + id.0
    }

    /// What a pass binds at `binding` of the emulation group: every pass provides, for each
    /// binding its shaders declare there, this resource.
    pub fn resource(binding: u32) -> Option<Resource> {
        Some(match binding {
            DRAW | DRAW_PARAMETERS => Resource::DrawParams { size: crate::draw_uniform::SIZE },
            INDEX => Resource::IndexBufferAsStorage,
            b if (VERTEX_BUFFERS..VERTEX_BUFFERS + MAX_VERTEX_BUFFERS).contains(&b) => {
                Resource::VertexBufferAsStorage { slot: b - VERTEX_BUFFERS }
            }
            PUSH_CONSTANTS => Resource::PushConstants,
            b if (CAPTURE_BUFFERS..CAPTURE_BUFFERS + MAX_CAPTURE_BUFFERS).contains(&b) => {
                Resource::CaptureBuffer { buffer: b - CAPTURE_BUFFERS }
            }
            CAPTURE_STATE => Resource::CaptureState,
            b if b >= INTERMEDIATES => Resource::Intermediate(BufferId(b - INTERMEDIATES)),
            _ => return None,
        })
    }
}

/// Where the emulation binds its resources.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Emulation {
    pub group: u32,
    /// Whether indexed strips restart at the all-ones index (the pipeline's
    /// `primitive_restart_enable`), for the passes that assemble strips.
    pub restart: bool,
}

impl Emulation {
    /// What a pass whose shaders are `shaders` binds in the emulation group: for each binding
    /// they declare there, in binding order, the resource [`binding::resource`] puts there (a
    /// binding the table does not know is left out, for `Plan::validate` to name).
    pub fn pass_resources(self, shaders: &[&ShaderPlan]) -> Vec<PassResource> {
        let mut declared: Vec<u32> =
            shaders.iter().flat_map(|s| &s.bindings).filter(|b| b.group == self.group).map(|b| b.binding).collect();
        declared.sort_unstable();
        declared.dedup();
        let provide = |binding| Some(PassResource { group: self.group, binding, resource: binding::resource(binding)? });
        declared.into_iter().filter_map(provide).collect()
    }

    /// `@group(G) @binding(b)`.
    pub fn at(self, b: u32) -> String {
        format!("@group({}) @binding({b})", self.group)
    }

    /// The draw uniform's struct and binding: what every pass reads of the draw.
    pub fn draw_uniform_wgsl(self) -> String {
        crate::draw_uniform::wgsl_declaration(self.group, binding::DRAW)
    }

    /// WGSL of `tesserae_is_restart(i)` for the pipeline: whether position `i` of an indexed
    /// draw holds the restart index, or never, with restart disabled (the kernel declares the
    /// draw parameters, [`Emulation::draw_params_wgsl`]).
    pub fn is_restart_wgsl(self) -> &'static str {
        if self.restart {
            IS_RESTART_WGSL
        } else {
            "fn tesserae_is_restart(i: u32) -> bool {\n    return false;\n}\n"
        }
    }

    /// The draw uniform, the index buffer and the helpers that read indices: for the passes
    /// that pull vertices or find restart indices. The others leave the index buffer out (a
    /// kernel is parsed per distinct text, so every line costs its WGSL parse).
    pub fn draw_params_wgsl(self) -> String {
        let mut w = self.draw_uniform_wgsl();
        let _ = write!(
            w,
            "{} var<storage, read> tesserae_indices: array<u32>;

// The index at position `i` of the draw, as stored (restart indices included).
fn tesserae_raw_index(i: u32) -> u32 {{
    if tesserae_draw.index_u16 != 0u {{
        return (tesserae_indices[i / 2u] >> ((i & 1u) * 16u)) & 0xffffu;
    }}
    return tesserae_indices[i];
}}

// The vertex index of position `position` of the draw (gl_VertexIndex).
fn tesserae_vertex_index(position: u32) -> u32 {{
    let i = tesserae_draw.first + position;
    if tesserae_draw.indexed == 0u {{
        return i;
    }}
    return u32(i32(tesserae_raw_index(i)) + tesserae_draw.base_vertex);
}}
",
            self.at(binding::INDEX)
        );
        w
    }
}

/// WGSL of `tesserae_is_restart(i)`: whether position `i` of an indexed draw holds the
/// restart index (the kernel declares the draw parameters, `Emulation::draw_params_wgsl`).
const IS_RESTART_WGSL: &str = "fn tesserae_is_restart(i: u32) -> bool {
    if tesserae_draw.indexed == 0u {
        return false;
    }
    let restart = select(0xffffffffu, 0xffffu, tesserae_draw.index_u16 != 0u);
    return tesserae_raw_index(tesserae_draw.first + i) == restart;
}
";
