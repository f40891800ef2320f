//! The per-stage steps every path shares, run once after resource lowering, from the
//! [`PipelineShape`] alone.
//!
//! Invariants: a stage before the last keeps no built-in output the rasterizer would read
//! (its `PointSize`, `ClipDistance` and `CullDistance` become private); the last stage's
//! `CullDistance`, and its `PointSize` where points are drawn as quads, become the private
//! variables the emulation's kernels read ([`crate::vertex_function::CULL_GLOBAL`],
//! [`crate::points::POINT_SIZE_GLOBAL`]; elsewhere `PointSize` is private and unnamed); the
//! fragment stage reads the emulation's varyings exactly where [`super::Varyings`] put them.

use super::{Path, PipelineShape, Stages};
use crate::error::TranslateError;
use crate::lower;
use crate::reflect::LoadedModule;
use spirv::BuiltIn;

use crate::emulate::{demote_output, PrimitiveIdVarying};

pub(crate) fn stages(shape: &PipelineShape, stages: &mut Stages) -> Result<PrimitiveIdVarying, TranslateError> {
    // The vertex stage keeps what the next stage reads of `gl_in[]` (its records carry it:
    // `tessellation::vertex_records`); other stages before the last keep none of it.
    let next_reads: Vec<BuiltIn> = stages
        .producer_consumer_pairs()
        .first()
        .map(|(_, next)| {
            [BuiltIn::PointSize, BuiltIn::CullDistance, BuiltIn::ClipDistance].into_iter().filter(|b| next.reflection.reads(*b)).collect()
        })
        .unwrap_or_default();
    for (k, stage) in stages.before_last_mut().into_iter().enumerate() {
        let kept = |b: BuiltIn| k == 0 && next_reads.contains(&b);
        if kept(BuiltIn::PointSize) {
            crate::demote_point_size(stage);
        } else {
            demote_output(stage, BuiltIn::PointSize, None);
        }
        if kept(BuiltIn::CullDistance) {
            crate::demote_cull(stage);
        } else {
            demote_output(stage, BuiltIn::CullDistance, None);
        }
        if !kept(BuiltIn::ClipDistance) {
            demote_output(stage, BuiltIn::ClipDistance, None);
        }
    }
    last_stage(shape, stages.last_mut());
    match &mut stages.fragment {
        Some(f) => fragment(shape, f),
        None => Ok(None),
    }
}

fn last_stage(shape: &PipelineShape, last: &mut LoadedModule) {
    let r = &last.reflection;
    let (writes_position, writes_point_size) = (r.writes(BuiltIn::Position), r.writes(BuiltIn::PointSize));
    if !writes_position && shape.last == crate::desc::Stage::Vertex {
        let r = last.reflection.clone();
        last.with_entry(|module, entry| lower::default_position::lower(module, entry, &r));
    }
    let rewrites = &shape.interpolation;
    last.lower(|_| !rewrites.is_empty(), |m| lower::interpolation::apply(m, rewrites));
    if writes_point_size && shape.draws_quads() {
        crate::demote_point_size(last);
    } else if writes_point_size {
        demote_output(last, BuiltIn::PointSize, None);
    }
    if shape.cull_distances > 0 {
        crate::demote_cull(last);
    }
    // A vertex or evaluation stage's layer and viewport: private variables the emulation reads
    // (the primitive pass's records, the evaluation draw's target test).
    if matches!(shape.last, crate::desc::Stage::Vertex | crate::desc::Stage::TessEval) {
        for (b, name) in
            [(BuiltIn::Layer, crate::vertex_function::LAYER_GLOBAL), (BuiltIn::ViewportIndex, crate::vertex_function::VIEWPORT_GLOBAL)]
        {
            if last.reflection.writes(b) {
                demote_output(last, b, Some(name));
                lower::builtin_output::drop_viewport_layer_extension(last.module_mut());
            }
        }
    }
    // The primitive pass and the geometry draw write the clip varyings from records themselves.
    if let (Some(location), false) = (shape.varyings.clip, matches!(shape.path, Path::PrimitivePass { .. } | Path::Geometry { .. })) {
        last.with_entry(|module, entry| lower::clip_to_varying::lower(module, entry, shape.clip_distances, location));
    }
}

fn fragment(shape: &PipelineShape, f: &mut LoadedModule) -> Result<PrimitiveIdVarying, TranslateError> {
    // The last stage writes neither (`read::refusals::refuse_fragment_inputs`): they read zero.
    for b in [BuiltIn::Layer, BuiltIn::ViewportIndex] {
        if f.reflection.reads(b) {
            f.lower(|_| true, |m| lower::unwritten_builtin_inputs::lower(m, b));
        }
    }
    if !shape.narrow_inputs.is_empty() {
        lower::widen_inputs::lower(f.module_mut(), &shape.narrow_inputs);
    }
    if shape.draws_quads() {
        lower::point_coord::lower(f.module_mut(), shape.varyings.point_coord.unwrap_or(0));
    }
    if let Some(location) = shape.varyings.clip {
        f.with_entry(|module, entry| lower::clip_discard::lower(module, entry, shape.clip_distances, location));
    }
    let Some(location) = shape.varyings.primitive_id else { return Ok(None) };
    match lower::primitive_id::lower(f.module_mut(), location) {
        Some(ty) => {
            super::Varyings::check_primitive_id(location)?;
            Ok(Some((location, ty)))
        }
        None => Ok(None),
    }
}
