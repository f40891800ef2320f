//! The evaluation stage's passes: the render pass that runs it as a vertex stage over the
//! domain points, and, when it writes cull distances, the two compute passes that cull
//! primitives before that draw.
//!
//! The passes that run the stage read a domain point `tesserae_d` = (u, v, w, bitcast(patch))
//! and fill the stage's inputs from the buffers the control stage and the tessellator wrote
//! (`Inputs::evaluation_prologue`, built in naga IR), then call the stage as a function.
//!
//! **Cull distances.** Vulkan drops a primitive when, for some cull distance, every vertex of
//! it has a negative value; a primitive with any vertex at or above zero stays whole. WebGPU has
//! no cull distances, and a vertex stage sees one vertex, so two compute passes run before the
//! draw, both dispatched through the `indirect` buffer the tessellator's scan fills:
//! `cull distances` ([`cull_distance_pass`], one invocation per domain point,
//! [`gpu::INDIRECT_POINT_DISPATCH_OFFSET`]) evaluates the stage once per point and writes one
//! bit per negative distance to `cull masks`; `cull` ([`cull_primitive_pass`], one invocation
//! per primitive of the index list, [`gpu::INDIRECT_DISPATCH_OFFSET`]) ands the masks of its
//! vertices and, when a bit is left, overwrites the primitive's indices with [`CULLED_INDEX`].
//! The render pass's vertex stage places that index outside the clip volume, so the primitive
//! is clipped away whole; the index list keeps its length and order, so the primitives that
//! stay draw in their order. A vertex shared by a culled and a kept primitive is still shaded
//! for the kept one. The stage thus runs twice per point (masks, draw), not once per vertex of
//! every primitive.
//!
//! **Point sprites.** In point mode, when the stage writes `PointSize` or the fragment stage
//! reads `PointCoord`, the draw expands each point of the index list into a square of `size`
//! pixels, as [`crate::points`] does for point lists: a non-indexed indirect draw of
//! [`gpu::EXPANDED_VERTICES_PER_ENTRY`] vertices per entry (two triangles), each vertex
//! evaluating the stage at its entry's point and moving to a corner; varyings leave `flat`,
//! `PointCoord` as a `linear` varying. A point is dropped whole (every corner outside the clip
//! volume) when its depth is outside [0, w] or a clip or cull distance is negative, so no cull
//! pass runs; sizes are clamped to the range as on point lists.

use super::inputs::{link_template, per_vertex_fills, record_buffer, EvaluationRecords, Inputs, PerVertexFill, TemplateFunctions};
use super::{relabel, tess_err, TessState};
use crate::desc::Stage;
use crate::emulate::ir::{self, FunctionBuilder};
use crate::emulation::Emulation;
use crate::error::TranslateError;
use crate::lower::tess_io::IoVar;
use crate::plan::{Pass, Workgroups};
use crate::record_draw::{OutputStruct, Varying};
use crate::records::{Field as RecordField, RecordLayout};
use crate::tessellator::gpu;
use crate::vertex_function;
use crate::wgsl::ValidatedWgsl;
use naga::{BinaryOperator, Binding as NagaBinding, BuiltIn, Expression, Handle, ScalarKind};
use spirv::BuiltIn as SpvBuiltIn;

/// The index the cull passes write over a culled primitive's indices: the render pass's vertex
/// stage places it outside the clip volume (and a backend that treats it as a primitive
/// restart drops the primitive: either way nothing of it is drawn).
pub const CULLED_INDEX: u32 = u32::MAX;
/// The entry points of the cull passes: cull distances per domain point, then primitives.
pub const CULL_DISTANCES_ENTRY: &str = "tesserae_cull_distances";
pub const CULL_ENTRY: &str = "tesserae_cull_primitives";
/// The entry point of the pass storing the words transform feedback captures at each point.
pub const CAPTURE_ENTRY: &str = "tesserae_capture_points";
/// The entry point of the pass storing the stage's records for a geometry stage.
pub const RECORDS_ENTRY: &str = "tesserae_evaluation_records";

/// Bindings (in the emulation group) of the buffers the evaluation passes read.
#[derive(Debug, Clone, Copy)]
pub struct EvaluationBuffers {
    /// Control points (records), patch records, levels, domain points: `array<vec4<f32>>`.
    pub cps: u32,
    pub patches: u32,
    pub levels: u32,
    pub domain: u32,
    /// The tessellator's index list and indirect arguments (`array<u32>`; the cull passes and
    /// the point sprites).
    pub indices: u32,
    pub indirect: u32,
}

/// The layouts of the records the stage reads, as the control stage wrote them.
#[derive(Debug, Clone, Copy)]
pub struct Layouts<'a> {
    pub control_point: &'a RecordLayout,
    pub patch: &'a RecordLayout,
}

/// The stage's entry point, turned into [`vertex_function::FUNCTION`]: every input is a global
/// the prologue fills ([`crate::lower::tess_io`]).
fn stage_function(module: &mut naga::Module) -> Result<vertex_function::VertexFunction, TranslateError> {
    let stage = Stage::TessEval;
    let func = vertex_function::from_entry(module).map_err(|e| relabel(e, stage))?;
    if !func.args.is_empty() {
        return Err(tess_err(stage, "an input naga kept after lowering"));
    }
    Ok(func)
}

/// What the evaluation stage's passes need besides its module.
pub struct EvaluationPass<'a> {
    pub emulation: Emulation,
    pub vars: &'a [IoVar],
    pub state: &'a TessState,
    pub layouts: Layouts<'a>,
    pub buffers: EvaluationBuffers,
    /// Where clip distances go as a varying (emulated clipping), or `None` for native ones.
    pub clip_location: Option<u32>,
    pub primitive_id_location: Option<(u32, &'static str)>,
    /// The cull passes run before the draw: [`CULLED_INDEX`] is placed outside the clip volume.
    pub culled: bool,
    /// The stage writes `Layer` / `ViewportIndex` ([`crate::vertex_function::LAYER_GLOBAL`],
    /// [`crate::vertex_function::VIEWPORT_GLOBAL`]): the draw covers the index list's whole
    /// capacity (its tail [`CULLED_INDEX`]) once per layer and viewport, numbered by its one
    /// instance, and a vertex of another target is placed outside the clip volume.
    pub layered: bool,
    pub viewports: bool,
    /// Points drawn as squares (module docs), or `None` for primitives as tessellated.
    pub sprites: Option<Sprites>,
    pub verify: bool,
}

/// Point sprites of the draw (module docs).
#[derive(Debug, Clone, Copy)]
pub struct Sprites {
    /// Location of the `PointCoord` varying, when the fragment stage reads it.
    pub point_coord_location: Option<u32>,
    /// Cull distances the stage writes, demoted to [`vertex_function::CULL_GLOBAL`].
    pub cull_distances: u32,
}

/// What an evaluation pass's entry point uses of the stage's module, prepared by [`prepare`]:
/// the stage as [`vertex_function::FUNCTION`], the draw uniform (and template functions) where
/// the pass reads them, and the record buffers its inputs read (only those it uses).
struct Prepared<'a> {
    user: vertex_function::UserItems,
    func: vertex_function::VertexFunction,
    inputs: Inputs<'a>,
    records: EvaluationRecords,
    fills: Vec<PerVertexFill>,
    /// The template's functions in the module, by name.
    functions: TemplateFunctions,
}

/// Prepares `module` for a pass; `template`: WGSL functions the pass links in with the draw
/// uniform (a template, [`crate::wgsl::round_trip_template`]); the draw uniform comes alone when
/// `needs_draw` (or the stage reads `PrimitiveId`).
fn prepare<'a>(
    module: &mut naga::Module,
    pass: &'a EvaluationPass,
    needs_draw: bool,
    template: Option<String>,
) -> Result<Prepared<'a>, TranslateError> {
    let stage = Stage::TessEval;
    let func = stage_function(module)?;
    let user = vertex_function::UserItems::of(module);
    let mut inputs = Inputs { stage, vars: pass.vars, draw: None };
    let mut functions = Vec::new();
    let e = pass.emulation;
    if needs_draw || template.is_some() || inputs.has_builtin(module, SpvBuiltIn::PrimitiveId) {
        let (draw, names) = link_template(module, e, stage, &template.unwrap_or_default())?;
        inputs.draw = Some(draw);
        functions = names;
    }
    let fills = per_vertex_fills(module, pass.vars, pass.layouts.control_point, stage)?;
    let b = &pass.buffers;
    let records = EvaluationRecords {
        domain: record_buffer(module, e, "tesserae_domain", b.domain, false),
        cps: (!fills.is_empty()).then(|| record_buffer(module, e, "tesserae_cps", b.cps, false)),
        patches: inputs.has_patch_inputs(module).then(|| record_buffer(module, e, "tesserae_patch_records", b.patches, false)),
        levels: inputs.has_levels(module).then(|| record_buffer(module, e, "tesserae_levels", b.levels, false)),
    };
    Ok(Prepared { user, func, inputs, records, fills, functions })
}

impl Prepared<'_> {
    /// Domain point `entry`'s inputs filled and the stage called: `(its result, p)`, `p` the
    /// point's patch record.
    fn run_stage(
        &self,
        b: &mut FunctionBuilder,
        pass: &EvaluationPass,
        entry: Handle<Expression>,
    ) -> Result<(Handle<Expression>, Handle<Expression>), TranslateError> {
        let d = b.load_element(self.records.domain, entry);
        let w = b.expr(Expression::AccessIndex { base: d, index: 3 });
        let p = b.bitcast(w, ScalarKind::Uint);
        let l = pass.layouts;
        self.inputs.evaluation_prologue(b, pass.state.output_vertices, l.control_point, l.patch, &self.records, &self.fills, (d, p))?;
        let out = b.call(self.func.handle, Vec::new()).ok_or_else(|| tess_err(Stage::TessEval, "an evaluation stage without outputs"))?;
        Ok((out, p))
    }

    /// The template function `name`.
    fn function(&self, name: &str) -> Result<Handle<naga::Function>, TranslateError> {
        self.functions
            .iter()
            .find(|f| f.0 == name)
            .map(|f| f.1)
            .ok_or_else(|| TranslateError::InvalidPlan(format!("the evaluation template lacks `{name}`")))
    }

    fn finish(self, module: naga::Module, verify: bool) -> Result<ValidatedWgsl, TranslateError> {
        vertex_function::validate_and_write_linked(Stage::TessEval, module, &self.user, verify, |e| {
            TranslateError::InvalidPlan(format!("an evaluation pass does not validate: {e}"))
        })
    }
}

/// The demoted global `name` of the evaluation stage's module.
fn demoted(module: &naga::Module, name: &str) -> Result<Option<Handle<naga::GlobalVariable>>, TranslateError> {
    vertex_function::demoted_global(module, name).map_err(|e| relabel(e, Stage::TessEval))
}

/// The primitive ID varying's value: `p % max(primitives, 1)` as `ty` (`u32` or `i32`).
fn primitive_id_varying(
    b: &mut FunctionBuilder,
    inputs: &Inputs,
    p: Handle<Expression>,
    ty: &str,
) -> Result<Handle<Expression>, TranslateError> {
    let id = inputs.primitive_id(b, p)?;
    Ok(if ty == "i32" { b.expr(Expression::As { expr: id, kind: ScalarKind::Sint, convert: Some(4) }) } else { id })
}

/// What the draw's vertex output holds besides the position, in order.
enum Field {
    Output(usize),
    PrimitiveId(&'static str),
    PointCoord,
}

/// The draw's output struct: the position, each varying (flat when `flat`, else as the stage
/// declared it), native clip distances when `clip`, the primitive ID, `PointCoord`.
fn output_struct(
    module: &mut naga::Module,
    func: &vertex_function::VertexFunction,
    pass: &EvaluationPass,
    flat: bool,
    clip: bool,
    point_coord: Option<u32>,
) -> Result<(Handle<naga::Type>, Vec<Field>, u32), TranslateError> {
    let stage = Stage::TessEval;
    let mut members = OutputStruct::new(module);
    let mut fields = Vec::new();
    let mut native_clip = 0;
    for (i, o) in func.outputs.iter().enumerate() {
        match &o.binding {
            NagaBinding::Location { location, .. } => {
                let v = if flat { Varying::flat(*location, o.ty) } else { Varying::from_binding(module, *location, o.ty, &o.binding) };
                members.varying(&v, o.ty);
                fields.push(Field::Output(i));
            }
            NagaBinding::BuiltIn(BuiltIn::ClipDistances) if clip => {
                native_clip = vertex_function::clip_distance_count(stage, module, o.ty)?;
                members.clip_distances(o.ty);
                fields.push(Field::Output(i));
            }
            _ => {}
        }
    }
    if let Some((l, ty)) = pass.primitive_id_location {
        members.primitive_id(module, l, ty);
        fields.push(Field::PrimitiveId(ty));
    }
    if let Some(l) = point_coord {
        members.point_coord(module, l);
        fields.push(Field::PointCoord);
    }
    Ok((members.finish(module, "TesseraeEvalOut", stage)?, fields, native_clip))
}

/// The values of `fields` (`point_coord`: the `PointCoord` value, where there is one).
fn field_values(
    b: &mut FunctionBuilder,
    prep: &Prepared,
    fields: &[Field],
    (out, p): (Handle<Expression>, Handle<Expression>),
    point_coord: Option<Handle<Expression>>,
) -> Result<Vec<Handle<Expression>>, TranslateError> {
    let mut values = Vec::new();
    for f in fields {
        values.push(match *f {
            Field::Output(i) => prep.func.outputs[i].read(b, out),
            Field::PrimitiveId(ty) => primitive_id_varying(b, &prep.inputs, p, ty)?,
            Field::PointCoord => point_coord.ok_or_else(|| TranslateError::InvalidPlan("PointCoord without its value".into()))?,
        });
    }
    Ok(values)
}

/// The evaluation stage as a vertex stage over domain points; returns the WGSL and its
/// native clip distance count.
pub(super) fn evaluation_pass(mut module: naga::Module, pass: &EvaluationPass) -> Result<(ValidatedWgsl, u32), TranslateError> {
    if let Some(sprites) = pass.sprites {
        return Ok((sprite_pass(module, pass, sprites)?, 0));
    }
    let prep = prepare(&mut module, pass, pass.primitive_id_location.is_some(), None)?;
    let (out_ty, fields, native_clip) = output_struct(&mut module, &prep.func, pass, false, pass.clip_location.is_none(), None)?;
    let u32_ty = ir::scalar(&mut module, naga::Scalar::U32);
    let targets = pass.layered || pass.viewports;
    let mut arguments = vec![ir::builtin_argument("tesserae_point", u32_ty, BuiltIn::VertexIndex)];
    if targets {
        arguments.push(ir::builtin_argument("tesserae_target", u32_ty, BuiltIn::InstanceIndex));
    }
    // The layer and viewport the draw's instance names (`plan::MAX_VIEWPORTS` per layer).
    let target_globals = [
        (demoted(&module, vertex_function::LAYER_GLOBAL)?, BinaryOperator::Divide, pass.layered),
        (demoted(&module, vertex_function::VIEWPORT_GLOBAL)?, BinaryOperator::Modulo, pass.viewports),
    ];
    let result = naga::FunctionResult { ty: out_ty, binding: None };
    let mut b = FunctionBuilder::new(&mut module, "tesserae_evaluation_main", arguments, Some(result));
    let point = b.argument(0);
    if pass.culled || targets {
        // A primitive the cull pass dropped: every vertex at one point outside the clip volume.
        let culled = b.u32(CULLED_INDEX);
        let is_culled = b.binary(BinaryOperator::Equal, point, culled);
        crate::record_draw::return_nothing_if(&mut b, is_culled, out_ty);
    }
    let (out, p) = prep.run_stage(&mut b, pass, point)?;
    let mut position = match prep.func.outputs.iter().find(|o| matches!(o.binding, NagaBinding::BuiltIn(BuiltIn::Position { .. }))) {
        Some(o) => o.read(&mut b, out),
        None => {
            let f32x4 = b.ty(ir::vec4(ScalarKind::Float));
            b.expr(Expression::ZeroValue(f32x4))
        }
    };
    let mut values = field_values(&mut b, &prep, &fields, (out, p), None)?;
    for (global, op, selects) in target_globals {
        if !selects {
            continue;
        }
        let global = global.ok_or_else(|| tess_err(Stage::TessEval, "a layer or viewport output the lowering did not leave"))?;
        let target = b.argument(1);
        let max = b.u32(crate::plan::MAX_VIEWPORTS);
        let wanted = b.binary(op, target, max);
        let value = b.load_global(global);
        let drawn = b.expr(Expression::As { expr: value, kind: ScalarKind::Uint, convert: Some(4) });
        let other = b.binary(BinaryOperator::NotEqual, drawn, wanted);
        let outside = crate::record_draw::outside_clip_volume(&mut b);
        position = b.expr(Expression::Select { condition: other, accept: outside, reject: position });
    }
    values.insert(0, position);
    let value = b.compose(out_ty, values);
    b.ret(Some(value));
    b.finish_entry_point(naga::ShaderStage::Vertex, [0; 3]);
    Ok((prep.finish(module, pass.verify)?, native_clip))
}

/// The template functions of the point sprites' draw: two triangles per entry over the
/// corners (0, 1, 2), (2, 1, 3), as the point expansion's.
fn sprite_template(point_coord: bool) -> String {
    let per_entry = gpu::EXPANDED_VERTICES_PER_ENTRY;
    crate::vertex_records::point_size_keep_wgsl()
        + &crate::record_draw::square_functions_wgsl(point_coord)
        + &format!(
            "
fn {SPRITE_CORNER}(vertex: u32) -> u32 {{
    return (0x312210u >> (4u * (vertex % {per_entry}u))) & 0xfu;
}}
"
        )
}

const SPRITE_CORNER: &str = "tesserae_sprite_corner";

/// The draw of point sprites (module docs): no clip distances leave it.
fn sprite_pass(mut module: naga::Module, pass: &EvaluationPass, sprites: Sprites) -> Result<ValidatedWgsl, TranslateError> {
    let stage = Stage::TessEval;
    let prep = prepare(&mut module, pass, true, Some(sprite_template(sprites.point_coord_location.is_some())))?;
    let (out_ty, fields, _) = output_struct(&mut module, &prep.func, pass, true, false, sprites.point_coord_location)?;
    let position = prep.func.outputs.iter().position(|o| matches!(o.binding, NagaBinding::BuiltIn(BuiltIn::Position { .. })));
    let Some(position) = position else {
        return Err(tess_err(stage, "a point-mode evaluation stage that writes no Position"));
    };
    let mut distances: Vec<(Option<usize>, Option<Handle<naga::GlobalVariable>>, u32)> = Vec::new();
    for (i, o) in prep.func.outputs.iter().enumerate() {
        if matches!(o.binding, NagaBinding::BuiltIn(BuiltIn::ClipDistances)) {
            distances.push((Some(i), None, vertex_function::clip_distance_count(stage, &module, o.ty)?));
        }
    }
    if sprites.cull_distances > 0 {
        let cull = demoted(&module, vertex_function::CULL_GLOBAL)?.ok_or_else(|| tess_err(stage, "cull distances without their array"))?;
        distances.push((None, Some(cull), sprites.cull_distances));
    }
    let size = demoted(&module, crate::points::POINT_SIZE_GLOBAL)?;
    let binding = naga::ResourceBinding { group: pass.emulation.group, binding: pass.buffers.indices };
    let indices = ir::storage_array(
        &mut module,
        "tesserae_indices",
        naga::TypeInner::Scalar(naga::Scalar::U32),
        4,
        naga::StorageAccess::LOAD,
        binding,
    );
    let u32_ty = ir::scalar(&mut module, naga::Scalar::U32);
    let arguments = vec![ir::builtin_argument("tesserae_vertex_index", u32_ty, BuiltIn::VertexIndex)];
    let result = naga::FunctionResult { ty: out_ty, binding: None };
    let (corner_fn, size_keep_fn, square_fn) = (
        prep.function(SPRITE_CORNER)?,
        prep.function(crate::vertex_records::POINT_SIZE_KEEP)?,
        prep.function(crate::record_draw::SQUARE_CORNER)?,
    );
    let coord_fn = sprites.point_coord_location.map(|_| prep.function(crate::record_draw::POINT_COORD)).transpose()?;
    let mut b = FunctionBuilder::new(&mut module, "tesserae_evaluation_main", arguments, Some(result));
    let vertex = b.argument(0);
    let missing = || TranslateError::InvalidPlan("a sprite template function returns nothing".into());
    let corner_id = b.call(corner_fn, vec![vertex]).ok_or_else(missing)?;
    let per_entry = b.u32(gpu::EXPANDED_VERTICES_PER_ENTRY);
    let entry_index = b.binary(BinaryOperator::Divide, vertex, per_entry);
    let entry = b.load_element(indices, entry_index);
    let (out, p) = prep.run_stage(&mut b, pass, entry)?;
    let c = prep.func.outputs[position].read(&mut b, out);
    let s = match size {
        Some(g) => b.load_global(g),
        None => prep.inputs.draw_field(&mut b, "point_size")?,
    };
    let mut values = Vec::new();
    for (output_index, global, n) in distances {
        for i in 0..n {
            values.push(match (output_index, global) {
                (Some(o), _) => {
                    let array = prep.func.outputs[o].read(&mut b, out);
                    b.expr(Expression::AccessIndex { base: array, index: i })
                }
                (None, Some(g)) => {
                    let global = b.expr(Expression::GlobalVariable(g));
                    let pointer = b.expr(Expression::AccessIndex { base: global, index: i });
                    b.expr(Expression::Load { pointer })
                }
                (None, None) => continue,
            });
        }
    }
    let kept = ir::none_negative(&mut b, values);
    let size_keep = b.call(size_keep_fn, vec![c, s, kept]).ok_or_else(missing)?;
    let position = b.call(square_fn, vec![corner_id, c, size_keep]).ok_or_else(missing)?;
    let point_coord = match coord_fn {
        Some(f) => Some(b.call(f, vec![corner_id]).ok_or_else(missing)?),
        None => None,
    };
    let mut values = field_values(&mut b, &prep, &fields, (out, p), point_coord)?;
    values.insert(0, position);
    let value = b.compose(out_ty, values);
    b.ret(Some(value));
    b.finish_entry_point(naga::ShaderStage::Vertex, [0; 3]);
    prep.finish(module, pass.verify)
}

/// What a per-point pass does with the stage's result at each domain point.
enum Tail {
    /// Bit `i` of `masks[point]` set when cull distance `i` (of `n`) is negative.
    CullMasks { masks: Handle<naga::GlobalVariable>, cull: Handle<naga::GlobalVariable>, n: u32 },
    /// The `n` captured words to `words[point × n ..]`.
    Capture { words: Handle<naga::GlobalVariable>, captured: Handle<naga::GlobalVariable>, n: u32 },
    /// The point's record (position, locations, primitive ID) to `records`.
    Records { records: Handle<naga::GlobalVariable>, layout: RecordLayout },
}

/// A compute pass of one invocation per domain point (the point total follows the draw's
/// arguments; the dispatch may spread over y), which fills the stage's inputs for the point,
/// calls the stage, then runs `tail`.
fn per_point_pass(
    mut module: naga::Module,
    prep: Prepared,
    pass: &EvaluationPass,
    entry: &str,
    tail: impl FnOnce(&mut naga::Module, &Prepared) -> Result<Tail, TranslateError>,
) -> Result<ValidatedWgsl, TranslateError> {
    let tail = tail(&mut module, &prep)?;
    let binding = naga::ResourceBinding { group: pass.emulation.group, binding: pass.buffers.indirect };
    let indirect = ir::storage_array(
        &mut module,
        "tesserae_indirect",
        naga::TypeInner::Scalar(naga::Scalar::U32),
        4,
        naga::StorageAccess::LOAD,
        binding,
    );
    let u32x3 = ir::ty(&mut module, naga::TypeInner::Vector { size: naga::VectorSize::Tri, scalar: naga::Scalar::U32 });
    let arguments = vec![
        ir::builtin_argument("tesserae_id", u32x3, BuiltIn::GlobalInvocationId),
        ir::builtin_argument("tesserae_groups", u32x3, BuiltIn::NumWorkGroups),
    ];
    let w = gpu::ENTRY_WORKGROUP;
    let mut b = FunctionBuilder::new(&mut module, entry, arguments, None);
    let (id, groups) = (b.argument(0), b.argument(1));
    let (x, y, gx) = (
        b.expr(Expression::AccessIndex { base: id, index: 0 }),
        b.expr(Expression::AccessIndex { base: id, index: 1 }),
        b.expr(Expression::AccessIndex { base: groups, index: 0 }),
    );
    let row = b.binary(BinaryOperator::Multiply, y, gx);
    let width = b.u32(w);
    let rows = b.binary(BinaryOperator::Multiply, row, width);
    let point = b.binary(BinaryOperator::Add, x, rows);
    let five = b.u32(5);
    let total = b.load_element(indirect, five);
    let past = b.binary(BinaryOperator::GreaterEqual, point, total);
    b.if_then(past, |b| b.ret(None));
    let (out, p) = prep.run_stage(&mut b, pass, point)?;
    match tail {
        Tail::CullMasks { masks, cull, n } => {
            let mut mask = b.u32(0);
            for i in 0..n {
                let global = b.expr(Expression::GlobalVariable(cull));
                let pointer = b.expr(Expression::AccessIndex { base: global, index: i });
                let d = b.expr(Expression::Load { pointer });
                let zero = b.f32(0.0);
                let negative = b.binary(BinaryOperator::Less, d, zero);
                let (bit, none) = (b.u32(1 << i), b.u32(0));
                let set = b.expr(Expression::Select { condition: negative, accept: bit, reject: none });
                mask = b.binary(BinaryOperator::InclusiveOr, mask, set);
            }
            b.store_element(masks, point, mask);
        }
        Tail::Capture { words, captured, n } => crate::capture::CapturedWords { words: n }.store(&mut b, captured, words, point),
        Tail::Records { records, layout } => {
            let stride = b.u32(layout.stride());
            let base = b.binary(BinaryOperator::Multiply, point, stride);
            for o in &prep.func.outputs {
                match &o.binding {
                    NagaBinding::BuiltIn(BuiltIn::Position { .. }) => {
                        let v = o.read(&mut b, out);
                        layout.store_slot(RecordField::Position, 0, &mut b, records, base, v)?;
                    }
                    NagaBinding::Location { location, .. } => {
                        let v = o.read(&mut b, out);
                        layout.store_value(RecordField::Location(*location), Stage::TessEval, &mut b, records, base, v, o.ty)?;
                    }
                    _ => {}
                }
            }
            // The patch's primitive ID, which a geometry stage after it reads (Vulkan: the same value).
            let id = prep.inputs.primitive_id(&mut b, p)?;
            layout.store_u32(RecordField::PrimitiveId, &mut b, records, base, id)?;
        }
    }
    b.finish_entry_point(naga::ShaderStage::Compute, [w, 1, 1]);
    prep.finish(module, pass.verify)
}

/// The first cull pass (module docs): one invocation per domain point, writing to `masks` one
/// bit per cull distance negative there; `cull_distances` distances, demoted to
/// [`vertex_function::CULL_GLOBAL`].
pub(super) fn cull_distance_pass(
    mut module: naga::Module,
    pass: &EvaluationPass,
    cull_distances: u32,
    masks: u32,
) -> Result<ValidatedWgsl, TranslateError> {
    let prep = prepare(&mut module, pass, false, None)?;
    per_point_pass(module, prep, pass, CULL_DISTANCES_ENTRY, |module, _| {
        let cull = demoted(module, vertex_function::CULL_GLOBAL)?
            .ok_or_else(|| tess_err(Stage::TessEval, format!("`{}`, which the lowering did not leave", vertex_function::CULL_GLOBAL)))?;
        let binding = naga::ResourceBinding { group: pass.emulation.group, binding: masks };
        let masks = ir::storage_array(
            module,
            "tesserae_cull_masks",
            naga::TypeInner::Scalar(naga::Scalar::U32),
            4,
            naga::StorageAccess::LOAD | naga::StorageAccess::STORE,
            binding,
        );
        Ok(Tail::CullMasks { masks, cull, n: cull_distances })
    })
}

/// Transform feedback's words (`crate::capture`): one invocation per domain point, storing the
/// `words` words the stage captures at the point into the `array<u32>` at `binding`, the
/// point's `words` words from `point × words` on.
pub(super) fn capture_pass(
    mut module: naga::Module,
    pass: &EvaluationPass,
    binding: u32,
    words: u32,
) -> Result<ValidatedWgsl, TranslateError> {
    let prep = prepare(&mut module, pass, false, None)?;
    per_point_pass(module, prep, pass, CAPTURE_ENTRY, |module, _| {
        let captured = crate::capture::CapturedWords::global(module)?;
        let at = naga::ResourceBinding { group: pass.emulation.group, binding };
        let buffer = ir::storage_array(
            module,
            "tesserae_capture_words",
            naga::TypeInner::Scalar(naga::Scalar::U32),
            4,
            naga::StorageAccess::LOAD | naga::StorageAccess::STORE,
            at,
        );
        Ok(Tail::Capture { words: buffer, captured, n: words })
    })
}

/// The evaluation stage's records for a geometry stage after it: one invocation per domain
/// point, storing the position, every location and the patch's primitive ID into the record of
/// the point (by location, in the `array<vec4<f32>>` at `binding`). `module` is the stage's
/// unflipped module: a geometry stage reads Vulkan's positions.
pub(super) fn records_pass(
    mut module: naga::Module,
    pass: &EvaluationPass,
    binding: u32,
) -> Result<(ValidatedWgsl, RecordLayout), TranslateError> {
    let prep = prepare(&mut module, pass, true, None)?;
    let mut layout = super::by_location(true);
    for o in &prep.func.outputs {
        if let NagaBinding::Location { location, .. } = o.binding {
            layout.add_location(location, &module, o.ty);
        }
    }
    layout.add(RecordField::PrimitiveId, 1);
    let wgsl = per_point_pass(module, prep, pass, RECORDS_ENTRY, |module, _| {
        let at = naga::ResourceBinding { group: pass.emulation.group, binding };
        let records = crate::records::declare(module, "tesserae_eval_records", at, true);
        Ok(Tail::Records { records, layout: layout.clone() })
    })?;
    Ok((wgsl, layout))
}

/// The entries of an index list's capacity (`per_patch` entries for each patch and instance,
/// the `array<u32>` at binding `indices`) that lie past the list's length
/// (`indirect[0] / divisor × multiplier`: the tessellator's entries, or what a later pass makes of
/// them) become [`CULLED_INDEX`], so the list can be drawn whole. Runs no user code.
///
/// One invocation per [`TAIL_ITEMS`] entries, over [`Workgroups::ScanBlocks`]: a capacity
/// walked by one invocation per patch would loop up to hundreds of thousands of times, and
/// llvmpipe and lavapipe end every loop of a shader invocation after 65,535 iterations in all
/// (gallivm's `LP_MAX_TGSI_LOOP_ITERATIONS`), which left the last entry of a 65,536-entry
/// capacity unwritten (`corpus/geom/after-tessellation-index-tail-*`). The pass is the
/// tessellation draw's (`stage` [`Stage::TessEval`]) or the geometry draw's after it.
#[allow(clippy::too_many_arguments)]
pub(crate) fn fill_tail_pass(
    e: Emulation,
    stage: Stage,
    indices: u32,
    indirect: u32,
    per_patch: u32,
    divisor: u32,
    multiplier: u32,
    verify: bool,
) -> Result<Pass, TranslateError> {
    let threads = gpu::SCAN_BLOCK / TAIL_ITEMS;
    // A template: the counts are the function's arguments, which the built entry point passes.
    let src = format!(
        "{uniform}{indices} var<storage, read_write> tesserae_indices: array<u32>;
{indirect} var<storage, read> tesserae_indirect: array<u32>;

fn {TAIL_FUNCTION}(wg: vec3<u32>, groups: vec3<u32>, lid: u32, per_patch: u32, divisor: u32, multiplier: u32) {{
    let first = (wg.x + wg.y * groups.x) * {block}u + lid;
    let total = tesserae_indirect[0] / divisor * multiplier;
    let end = tesserae_draw.primitives * tesserae_draw.instances * per_patch;
    for (var k = 0u; k < {TAIL_ITEMS}u; k++) {{
        let i = first + k * {threads}u;
        if i >= total && i < end {{
            tesserae_indices[i] = {CULLED_INDEX}u;
        }}
    }}
}}
",
        uniform = e.draw_uniform_wgsl(),
        indices = e.at(indices),
        indirect = e.at(indirect),
        block = gpu::SCAN_BLOCK,
    );
    let w = crate::profile::phase("emulation: index tail", || {
        let template = crate::wgsl::round_trip_template(stage, src)?;
        let mut module = template.module().clone();
        let tail = ir::template_function(&module, TAIL_FUNCTION)?;
        let u32x3 = ir::ty(&mut module, naga::TypeInner::Vector { size: naga::VectorSize::Tri, scalar: naga::Scalar::U32 });
        let u32_ty = ir::scalar(&mut module, naga::Scalar::U32);
        let arguments = vec![
            ir::builtin_argument("wg", u32x3, BuiltIn::WorkGroupId),
            ir::builtin_argument("groups", u32x3, BuiltIn::NumWorkGroups),
            ir::builtin_argument("lid", u32_ty, BuiltIn::LocalInvocationIndex),
        ];
        ir::compute_entry_passing(&mut module, "main", threads, tail, arguments, &[per_patch, divisor, multiplier]);
        crate::wgsl::validate_and_write(stage, module, verify)
    })?;
    let label = if stage == Stage::Geometry { "geometry index tail" } else { "tessellation index tail" };
    Ok(crate::compute_pass(label, crate::shader_plan(stage, w), Workgroups::ScanBlocks { items_per_patch: per_patch }))
}

const TAIL_FUNCTION: &str = "tesserae_fill_tail";

/// Entries of an index list's tail each invocation of [`fill_tail_pass`] culls.
const TAIL_ITEMS: u32 = 4;

/// The second cull pass (module docs), which runs no user code: one invocation per primitive of
/// `vertices` vertices, overwriting its indices with [`CULLED_INDEX`] when some bit is set in the
/// masks of all its vertices. Its text depends on `vertices` and the bindings only: a template
/// ([`crate::wgsl::round_trip_template`]).
pub(super) fn cull_primitive_pass(
    e: Emulation,
    buffers: &EvaluationBuffers,
    masks: u32,
    vertices: u32,
) -> Result<ValidatedWgsl, TranslateError> {
    let w = gpu::ENTRY_WORKGROUP;
    let kernel = format!(
        "{} var<storage, read_write> tesserae_indices: array<u32>;
{} var<storage, read> tesserae_indirect: array<u32>;
{} var<storage, read> tesserae_cull_masks: array<u32>;

@compute @workgroup_size({w})
fn {CULL_ENTRY}(@builtin(global_invocation_id) tesserae_id: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>) {{
    // One invocation per primitive (dispatched per index entry: the rest return).
    let first = (tesserae_id.x + tesserae_id.y * tesserae_groups.x * {w}u) * {vertices}u;
    if first + {vertices}u > tesserae_indirect[0] {{
        return;
    }}
    var negative = 0xffffffffu;
    for (var k = 0u; k < {vertices}u; k++) {{
        negative &= tesserae_cull_masks[tesserae_indices[first + k]];
    }}
    if negative != 0u {{
        for (var k = 0u; k < {vertices}u; k++) {{
            tesserae_indices[first + k] = {CULLED_INDEX}u;
        }}
    }}
}}
",
        e.at(buffers.indices),
        e.at(buffers.indirect),
        e.at(masks),
    );
    crate::profile::phase("emulation: tessellation cull kernel", || crate::wgsl::round_trip_template(Stage::TessEval, kernel))
}
