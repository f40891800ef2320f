//! The pipeline's shape, computed once from the loaded stages before any lowering: which stages
//! run, how the last pre-rasterization stage reaches the rasterizer ([`Path`]), which emulations
//! apply (points drawn as quads, cull distances, emulated clipping, tessellation) and where the
//! emulation's varyings go ([`Varyings`]).
//!
//! Invariants:
//! - Every refusal that depends only on the description and the stages' reflection is made
//!   here, once, whatever the path.
//! - The per-stage steps every path shares ([`prepare`]) read the shape and never derive it
//!   again; a path differs from another only in the passes it builds.
//! - Stages before the last feed compute passes; only the last stage's outputs and the
//!   emulation's [`Varyings`] reach the fragment stage.

pub(crate) mod prepare;
pub(crate) mod stages;
pub(crate) mod varyings;

use crate::desc::{ClipMode, PipelineDesc, ProvokingVertex, Stage, Topology};
use crate::error::TranslateError;
use crate::geometry::{self, GeometryState, OutputPrimitive};
use crate::interface;
use crate::lower::interpolation::{self, Rewrites};
use crate::lower::widen_inputs::{self, NarrowInput};
use crate::reflect::{self, Reflection};
use crate::tessellation::{self, TessState};
use spirv::BuiltIn;
pub(crate) use stages::Stages;
use varyings::{Needed, Varyings};

/// How the last pre-rasterization stage reaches the rasterizer: what the paths differ in.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Path {
    /// The last stage is the render pass's vertex stage.
    Direct,
    /// Points drawn as quads by [`crate::points`].
    ExpandedPoints,
    /// Primitives assembled in compute by [`crate::cull`], for the reason named.
    PrimitivePass { why: &'static str },
    /// The passes of [`crate::tessellation`]; in point mode, `point_sprites` draws quads.
    Tessellated { state: TessState, point_sprites: bool },
    /// The passes of [`crate::geometry`]; with points out, `point_sprites` draws quads. After
    /// tessellation stages, the geometry stage takes the tessellator's primitives.
    Geometry { state: GeometryState, point_sprites: bool },
}

#[derive(Debug)]
pub(crate) struct PipelineShape {
    /// The stage that feeds the rasterizer (`Vertex`, `TessEval` or `Geometry`).
    pub last: Stage,
    pub path: Path,
    /// Clip and cull distances the last stage writes.
    pub clip_distances: u32,
    pub cull_distances: u32,
    pub varyings: Varyings,
    /// The last stage's outputs take the fragment stage's interpolation.
    pub interpolation: Rewrites,
    /// Fragment inputs narrower than the outputs they read.
    pub narrow_inputs: Vec<NarrowInput>,
}

impl PipelineShape {
    /// The shape of the pipeline `desc` describes, from its loaded (not yet lowered) stages.
    pub fn of(desc: &PipelineDesc, stages: &Stages) -> Result<Self, TranslateError> {
        let last = &stages.last().reflection;
        let fragment = stages.fragment.as_ref().map(|f| &f.reflection);
        if stages.tessellation.is_none() {
            if let Topology::PatchList { .. } = desc.topology {
                return Err(TranslateError::unsupported(Stage::Vertex, "patch-list topology without tessellation stages"));
            }
        } else if !matches!(desc.topology, Topology::PatchList { .. }) {
            return Err(TranslateError::InvalidDesc("tessellation stages need a patch-list topology".into()));
        }
        crate::read::refusals::refuse_outputs(last, stages.geometry.is_some())?;
        if let Some(t) = &stages.tessellation {
            // The control stage's records carry the position and locations alone.
            for (b, what) in
                [(BuiltIn::PointSize, "PointSize"), (BuiltIn::ClipDistance, "ClipDistance"), (BuiltIn::CullDistance, "CullDistance")]
            {
                if t.evaluation.reflection.reads(b) {
                    return Err(TranslateError::unsupported(
                        Stage::TessEval,
                        format!("gl_in[].gl_{what} (a control stage's built-in output other than Position)"),
                    ));
                }
            }
        }
        let path = path(desc, stages)?;
        if let Some(f) = fragment {
            crate::read::refusals::refuse_fragment_inputs(f, rasterizes_points(desc, &path), Some(last))?;
        }
        crate::read::refusals::check_vertex_inputs(&stages.vertex.reflection, &desc.vertex_buffers)?;
        for (producer, consumer) in stages.producer_consumer_pairs() {
            interface::match_stages(&producer.reflection, &consumer.reflection)?;
        }
        let pairs = match fragment {
            Some(f) => interface::match_stages(last, f)?,
            None => Vec::new(),
        };
        let quads = draws_quads(&path);
        let needed = Needed {
            point_coord: quads && fragment.is_some_and(|f| f.reads(BuiltIn::PointCoord)),
            clip: desc.options.clip == ClipMode::Emulated && last.clip_distance_outputs > 0 && !quads,
            primitive_id: matches!(path, Path::Tessellated { .. } | Path::Geometry { .. }),
        };
        Ok(PipelineShape {
            last: last.stage,
            path,
            clip_distances: last.clip_distance_outputs,
            cull_distances: last.cull_distance_outputs,
            varyings: Varyings::allocate(last, fragment, needed)?,
            interpolation: interpolation::plan(&pairs, &last.outputs),
            narrow_inputs: widen_inputs::narrow_inputs(&pairs, &last.outputs),
        })
    }

    /// Points are drawn as quads: `PointCoord` is a varying and every other fragment input is
    /// the point's value, flat.
    pub fn draws_quads(&self) -> bool {
        draws_quads(&self.path)
    }

    /// Clip distances left to the rasterizer's `clip_distances`.
    pub fn native_clip_distances(&self) -> u32 {
        if self.varyings.clip.is_some() {
            0
        } else {
            self.clip_distances
        }
    }
}

fn draws_quads(path: &Path) -> bool {
    matches!(path, Path::ExpandedPoints | Path::Tessellated { point_sprites: true, .. } | Path::Geometry { point_sprites: true, .. })
}

fn rasterizes_points(desc: &PipelineDesc, path: &Path) -> bool {
    match path {
        Path::Tessellated { state, .. } => state.mode.point_mode,
        Path::Geometry { state, .. } => state.output == OutputPrimitive::Points,
        _ => desc.topology.is_points(),
    }
}

fn path(desc: &PipelineDesc, stages: &Stages) -> Result<Path, TranslateError> {
    let last = &stages.last().reflection;
    let reads_point_coord = stages.fragment.as_ref().is_some_and(|f| f.reflection.reads(BuiltIn::PointCoord));
    let point_size = last.writes(BuiltIn::PointSize);
    if let Some(g) = &stages.geometry {
        // After tessellation the geometry stage takes the tessellator's primitives.
        let tessellation = match &stages.tessellation {
            Some(t) => Some(tessellation::state(&t.control, &t.evaluation, desc.topology)?),
            None => None,
        };
        let topology = tessellation.as_ref().map_or(desc.topology, |t| t.primitives());
        let state = geometry::state(&g.reflection, topology)?;
        // Points of a size, or sprites the fragment stage reads `PointCoord` across.
        let point_sprites = state.output == OutputPrimitive::Points && (point_size || reads_point_coord);
        if tessellation.is_some() {
            geometry::refuse_after_tessellation(&g.reflection)?;
        }
        return Ok(Path::Geometry { state, point_sprites });
    }
    if let Some(t) = &stages.tessellation {
        let state = tessellation::state(&t.control, &t.evaluation, desc.topology)?;
        // Points of a size, or sprites the fragment stage reads `PointCoord` across.
        let point_sprites = state.mode.point_mode && (point_size || reads_point_coord);
        return Ok(Path::Tessellated { state, point_sprites });
    }
    let selects_targets = last.writes(BuiltIn::Layer) || last.writes(BuiltIn::ViewportIndex);
    if selects_targets && desc.topology.is_points() {
        return Err(TranslateError::unsupported(Stage::Vertex, "Layer or ViewportIndex from a vertex stage drawing points"));
    }
    let emulated_clip = desc.options.clip == ClipMode::Emulated && last.clip_distance_outputs > 0;
    if desc.topology.is_points() && (point_size || reads_point_coord || last.cull_distance_outputs > 0 || emulated_clip) {
        return Ok(Path::ExpandedPoints);
    }
    Ok(match primitive_pass_reason(desc, stages.fragment.as_ref().map(|f| &f.reflection), last) {
        Some(why) => Path::PrimitivePass { why },
        None => Path::Direct,
    })
}

/// Why primitives must be assembled in compute, if they must.
fn primitive_pass_reason(desc: &PipelineDesc, fragment: Option<&Reflection>, last: &Reflection) -> Option<&'static str> {
    // On a last-vertex rasterizer, flat varyings need primitives assembled in compute too.
    let flat_inputs = fragment.is_some_and(|f| f.inputs.iter().any(|v| v.interpolation.flat || v.ty.kind != reflect::ScalarKind::Float));
    let rotate = desc.options.provoking_vertex == ProvokingVertex::Last && flat_inputs && !desc.topology.is_points();
    // On a target that ignores the restart index, strips are assembled in compute too.
    let restart = !desc.options.primitive_restart && desc.topology.is_strip();
    // A pipeline without restart draws a u16 index of 0xFFFF as a vertex; WebGPU restarts there.
    let no_restart = !desc.primitive_restart_enable && desc.topology.is_strip();
    // WebGPU binds vertex buffers with strides of whole words only; the pass pulls the others.
    let unaligned = desc.vertex_buffers.iter().any(|b| b.stride % 4 != 0);
    match () {
        _ if desc.topology.has_adjacency() => Some("primitives with adjacency without a geometry stage"),
        _ if rotate => Some("flat varyings on a last-vertex rasterizer"),
        _ if last.cull_distance_outputs > 0 => Some("cull distances"),
        _ if last.writes(BuiltIn::Layer) || last.writes(BuiltIn::ViewportIndex) => Some("Layer or ViewportIndex output"),
        _ if restart => Some("strips on a target without primitive restart"),
        _ if no_restart => Some("strips with primitive restart disabled (WebGPU always restarts them)"),
        _ if unaligned => Some("a vertex buffer stride that is not a multiple of 4 (WebGPU's vertex buffer alignment)"),
        _ => None,
    }
}
