//! Refusals that depend only on the description and the stages' reflection, made once by
//! `PipelineShape::of` (and by the lone-stage translations of a fragment or geometry stage).

use super::reflect::{self, Reflection};
use crate::desc::MAX_COMBINED_CLIP_CULL;
use crate::desc::{Stage, VertexBufferLayout, VertexFormat};
use crate::error::TranslateError;
use spirv::BuiltIn;

/// Built-in outputs of the last pre-rasterization stage that WebGPU cannot express; `Layer`
/// and `ViewportIndex` are taken from a geometry stage (`geometry`).
pub(crate) fn refuse_outputs(r: &Reflection, geometry: bool) -> Result<(), TranslateError> {
    // The last stage selects layers and viewports (a stage before a geometry stage does not).
    for (b, what) in [(BuiltIn::Layer, "Layer output"), (BuiltIn::ViewportIndex, "ViewportIndex output")] {
        if r.writes(b) && !geometry && !matches!(r.stage, Stage::Vertex | Stage::TessEval) {
            return Err(TranslateError::unsupported(r.stage, what));
        }
    }
    for (b, what) in [(BuiltIn::PrimitiveShadingRateKHR, "PrimitiveShadingRate output"), (BuiltIn::ViewportMaskNV, "ViewportMaskNV output")]
    {
        if r.writes(b) {
            return Err(TranslateError::unsupported(r.stage, what));
        }
    }
    if r.clip_distance_outputs.saturating_add(r.cull_distance_outputs) > MAX_COMBINED_CLIP_CULL {
        return Err(TranslateError::unsupported(
            r.stage,
            format!(
                "{} clip plus {} cull distances (at most {MAX_COMBINED_CLIP_CULL} combined)",
                r.clip_distance_outputs, r.cull_distance_outputs
            ),
        ));
    }
    Ok(())
}

/// Fragment inputs WebGPU cannot give; `Layer` and `ViewportIndex` read zero when `last` (the
/// last pre-rasterization stage, if known) does not write them
/// ([`crate::lower::unwritten_builtin_inputs`]), and are refused when it does.
pub(crate) fn refuse_fragment_inputs(r: &Reflection, points: bool, last: Option<&Reflection>) -> Result<(), TranslateError> {
    if r.reads(BuiltIn::PointCoord) && !points {
        return Err(TranslateError::unsupported(Stage::Fragment, "PointCoord input (point sprites)"));
    }
    for (b, what) in [
        (BuiltIn::Layer, "Layer input from a stage that writes Layer"),
        (BuiltIn::ViewportIndex, "ViewportIndex input from a stage that writes ViewportIndex"),
    ] {
        if r.reads(b) && last.is_some_and(|l| l.writes(b)) {
            return Err(TranslateError::unsupported(Stage::Fragment, what));
        }
    }
    for (b, what) in [(BuiltIn::ClipDistance, "ClipDistance input"), (BuiltIn::CullDistance, "CullDistance input")] {
        if r.reads(b) {
            return Err(TranslateError::unsupported(Stage::Fragment, what));
        }
    }
    Ok(())
}

/// Every vertex input must be fed by an attribute of a compatible kind.
pub(crate) fn check_vertex_inputs(r: &Reflection, buffers: &[VertexBufferLayout]) -> Result<(), TranslateError> {
    for input in &r.inputs {
        for loc in input.location..input.location + input.ty.locations {
            let attr = buffers.iter().flat_map(|b| &b.attributes).find(|a| a.location == loc);
            let Some(attr) = attr else {
                return Err(TranslateError::InvalidDesc(format!(
                    "vertex input {} is not fed by any vertex attribute at location {loc}",
                    input.describe()
                )));
            };
            if format_kind(attr.format) != input.ty.kind {
                return Err(TranslateError::InvalidDesc(format!(
                    "vertex input {} is fed by a {} attribute (component types differ)",
                    input.describe(),
                    attr.format.name()
                )));
            }
        }
    }
    Ok(())
}

fn format_kind(f: VertexFormat) -> reflect::ScalarKind {
    use VertexFormat::*;
    match f {
        Uint32 | Uint32x2 | Uint32x3 | Uint32x4 | Uint8x2 => reflect::ScalarKind::Uint,
        Sint32 | Sint32x2 | Sint32x3 | Sint32x4 => reflect::ScalarKind::Sint,
        Float32 | Float32x2 | Float32x3 | Float32x4 | Unorm8x4 | Unorm8x4Bgra | Snorm8x2 | Float16x2 | Float16x4 => {
            reflect::ScalarKind::Float
        }
    }
}
