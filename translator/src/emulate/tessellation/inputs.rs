//! The tessellation stages' lowered inputs ([`crate::lower::tess_io`]) filled in naga IR from
//! the records the passes before them wrote: the built-ins, `gl_in[]` and arrayed locations
//! from vertex or control-point records, patch inputs from patch records, the levels. The
//! control pass ([`super::control`]) and the evaluation passes ([`super::evaluation`]) share
//! them.

use super::module_items::{array_of, global_item as global};
use super::tess_err;
use crate::desc::Stage;
use crate::emulate::ir::{self, FunctionBuilder};
use crate::emulation::Emulation;
use crate::error::TranslateError;
use crate::lower::tess_io::{IoRole, IoVar};
use crate::records::{Field, RecordLayout};
use naga::{BinaryOperator, Expression, Handle, Module, ScalarKind, TypeInner};
use spirv::BuiltIn as SpvBuiltIn;

/// A record buffer of the pass (`array<vec4<f32>>`) at emulation binding `b`.
pub(crate) fn record_buffer(module: &mut Module, e: Emulation, name: &str, b: u32, writes: bool) -> Handle<naga::GlobalVariable> {
    crate::records::declare(module, name, naga::ResourceBinding { group: e.group, binding: b }, writes)
}

/// What fills one per-vertex input of a control point from its vertex record.
pub(crate) enum Fill {
    /// The record's position, to the element (or its block's member).
    Position,
    /// The x of the record's `PointSizeKeep`, to the block's member.
    PointSize,
    /// The first `n` distances of the record's field, to the block's member array.
    Distances(Field, u32),
    /// The record's location, a value of the element type.
    Location(u32, Handle<naga::Type>),
}

/// A per-vertex input filled from a record: the global, its block's member (or the element
/// itself), what fills it.
pub(crate) type PerVertexFill = (Handle<naga::GlobalVariable>, Option<u32>, Fill);

/// The per-vertex inputs the vertex records fill: (global, block member, what). A built-in the
/// producer did not keep stays undefined, as in Vulkan.
pub(crate) fn per_vertex_fills(
    module: &Module,
    vars: &[IoVar],
    layout: &RecordLayout,
    stage: Stage,
) -> Result<Vec<PerVertexFill>, TranslateError> {
    let mut fills = Vec::new();
    for v in vars.iter().filter(|v| v.input) {
        let Some((g, ty)) = global(module, &v.name) else { continue };
        match v.role {
            IoRole::PerVertexBlock { ref members, .. } => {
                let Some((block, _)) = array_of(module, ty) else { continue };
                let TypeInner::Struct { members: fields, .. } = &module.types[block].inner else { continue };
                for (m, builtin) in members.iter().enumerate() {
                    let fill = match *builtin {
                        SpvBuiltIn::Position => Fill::Position,
                        SpvBuiltIn::PointSize if layout.offset(Field::PointSizeKeep).is_some() => Fill::PointSize,
                        b @ (SpvBuiltIn::ClipDistance | SpvBuiltIn::CullDistance) => {
                            let field = if b == SpvBuiltIn::ClipDistance { Field::ClipDistances } else { Field::CullDistances };
                            let n = fields.get(m).and_then(|f| array_of(module, f.ty)).map_or(0, |(_, n)| n);
                            if layout.offset(field).is_none() || n == 0 {
                                continue;
                            }
                            Fill::Distances(field, n)
                        }
                        _ => continue,
                    };
                    fills.push((g, Some(m as u32), fill));
                }
            }
            // HLSL's `SV_Position` per control point: an array variable, not a block.
            IoRole::BuiltIn(SpvBuiltIn::Position) if array_of(module, ty).is_some() => fills.push((g, None, Fill::Position)),
            IoRole::Location { location, patch: false } => {
                let Some((elem, _)) = array_of(module, ty) else {
                    return Err(tess_err(stage, format!("the per-vertex input at location {location} is not an array")));
                };
                fills.push((g, None, Fill::Location(location, elem)));
            }
            _ => {}
        }
    }
    Ok(fills)
}

/// What filling a stage's inputs reads: its interface and the draw uniform.
pub(crate) struct Inputs<'a> {
    pub stage: Stage,
    pub vars: &'a [IoVar],
    /// The draw uniform, where the pass declares it.
    pub draw: Option<Handle<naga::GlobalVariable>>,
}

impl Inputs<'_> {
    pub fn draw_field(&self, b: &mut FunctionBuilder, name: &str) -> Result<Handle<Expression>, TranslateError> {
        let draw =
            self.draw.ok_or_else(|| TranslateError::InvalidPlan(format!("the draw uniform's `{name}` read by a pass without it")))?;
        ir::draw_field(b, draw, name)
    }

    /// The built-in input globals set from `values` (`u32`s), converted to their scalar type.
    pub fn set_builtins(&self, b: &mut FunctionBuilder, values: &[(SpvBuiltIn, Handle<Expression>)]) {
        for v in self.vars.iter().filter(|v| v.input) {
            let IoRole::BuiltIn(builtin) = v.role else { continue };
            let Some(&(_, value)) = values.iter().find(|(x, _)| *x == builtin) else { continue };
            let Some((g, ty)) = global(b.module, &v.name) else { continue };
            let value = match b.module.types[ty].inner {
                TypeInner::Scalar(s) if s.kind == ScalarKind::Sint => {
                    b.expr(Expression::As { expr: value, kind: ScalarKind::Sint, convert: Some(4) })
                }
                _ => value,
            };
            b.store_global(g, value);
        }
    }

    /// Fills the per-vertex inputs (`gl_in[]` and arrayed locations) of vertices `0..count`,
    /// vertex `j` from record `record(j)` of `src` (laid out by `layout`).
    pub fn fill_per_vertex(
        &self,
        b: &mut FunctionBuilder,
        count: u32,
        (layout, src): (&RecordLayout, Handle<naga::GlobalVariable>),
        record: impl FnOnce(&mut FunctionBuilder, Handle<Expression>) -> Handle<Expression>,
        fills: &[PerVertexFill],
    ) -> Result<(), TranslateError> {
        let mut result = Ok(());
        b.for_count("j", count, |b, j| {
            let record = record(b, j);
            let stride = b.u32(layout.stride());
            let base = b.binary(BinaryOperator::Multiply, record, stride);
            result = fills.iter().try_for_each(|(g, member, fill)| self.fill(b, layout, src, base, (*g, j, *member), fill));
        });
        result
    }

    /// One input of control point `j` (element `j` of `g`, or its block's `member`).
    fn fill(
        &self,
        b: &mut FunctionBuilder,
        layout: &RecordLayout,
        src: Handle<naga::GlobalVariable>,
        base: Handle<Expression>,
        (g, j, member): (Handle<naga::GlobalVariable>, Handle<Expression>, Option<u32>),
        fill: &Fill,
    ) -> Result<(), TranslateError> {
        let place = |b: &mut FunctionBuilder| {
            let e = element(b, g, j);
            match member {
                Some(index) => b.expr(Expression::AccessIndex { base: e, index }),
                None => e,
            }
        };
        match *fill {
            Fill::Position => {
                let value = layout.vec4(Field::Position, b, src, base)?;
                let place = place(b);
                b.store(place, value);
            }
            Fill::PointSize => {
                let slot = layout.vec4(Field::PointSizeKeep, b, src, base)?;
                let value = b.first_components(slot, 1);
                let place = place(b);
                b.store(place, value);
            }
            Fill::Distances(field, n) => {
                for k in 0..n {
                    let group = layout.vec4_at(field, k / 4, b, src, base)?;
                    let value = b.expr(Expression::AccessIndex { base: group, index: k % 4 });
                    let array = place(b);
                    let place = b.expr(Expression::AccessIndex { base: array, index: k });
                    b.store(place, value);
                }
            }
            Fill::Location(location, elem) => {
                let value = layout.load_value(Field::Location(location), self.stage, b, src, base, elem)?;
                let place = place(b);
                b.store(place, value);
            }
        }
        Ok(())
    }
}

/// The pointer to element `j` of the array global `g`.
pub(crate) fn element(b: &mut FunctionBuilder, g: Handle<naga::GlobalVariable>, j: Handle<Expression>) -> Handle<Expression> {
    let global = b.expr(Expression::GlobalVariable(g));
    b.expr(Expression::Access { base: global, index: j })
}

/// A template's functions in the module it was linked into, by name.
pub(crate) type TemplateFunctions = Vec<(String, Handle<naga::Function>)>;

/// The draw uniform and `functions` (template WGSL: [`crate::wgsl::round_trip_template`])
/// linked into a stage's module, the uniform bound in the emulation group: its handle and the
/// template's functions in the module, by name.
pub(crate) fn link_template(
    module: &mut Module,
    e: Emulation,
    stage: Stage,
    functions: &str,
) -> Result<(Handle<naga::GlobalVariable>, TemplateFunctions), TranslateError> {
    let text = Emulation { group: 0, restart: false }.draw_uniform_wgsl() + functions;
    let template = crate::wgsl::round_trip_template(stage, text)?;
    let linked = crate::link::link(module, template.module())
        .map_err(|err| TranslateError::InvalidPlan(format!("linking a template into the {stage} stage's pass: {err}")))?;
    let t = template.module();
    let draw = linked.global(ir::template_global(t, "tesserae_draw")?);
    ir::bind(module, draw, e.group, crate::emulation::binding::DRAW);
    let names = t.functions.iter().filter_map(|(h, f)| Some((f.name.clone()?, linked.function(h)))).collect();
    Ok((draw, names))
}

/// The record buffers the evaluation stage's inputs read (read-only, declared where used).
pub(crate) struct EvaluationRecords {
    pub domain: Handle<naga::GlobalVariable>,
    pub cps: Option<Handle<naga::GlobalVariable>>,
    pub patches: Option<Handle<naga::GlobalVariable>>,
    pub levels: Option<Handle<naga::GlobalVariable>>,
}

impl Inputs<'_> {
    /// Whether the stage declares the built-in input `builtin`.
    pub fn has_builtin(&self, module: &Module, builtin: SpvBuiltIn) -> bool {
        self.vars.iter().any(|v| v.input && v.role == IoRole::BuiltIn(builtin) && global(module, &v.name).is_some())
    }

    /// Whether the stage has patch inputs (read from patch records).
    pub fn has_patch_inputs(&self, module: &Module) -> bool {
        self.vars.iter().any(|v| v.input && matches!(v.role, IoRole::Location { patch: true, .. }) && global(module, &v.name).is_some())
    }

    /// The evaluation stage's inputs for the domain point `d` (u, v, w, bitcast(patch)) of
    /// patch record `p`: `TessCoord`, `PrimitiveId`, `PatchVertices`, the levels, the
    /// per-vertex inputs (`fills`, from control-point records) and the patch inputs.
    #[allow(clippy::too_many_arguments)]
    pub fn evaluation_prologue(
        &self,
        b: &mut FunctionBuilder,
        output_vertices: u32,
        control_point: &RecordLayout,
        patch: &RecordLayout,
        records: &EvaluationRecords,
        fills: &[PerVertexFill],
        (d, p): (Handle<Expression>, Handle<Expression>),
    ) -> Result<(), TranslateError> {
        let mut values = Vec::new();
        if let Some(coord) = self.tess_coord(b, d)? {
            values.push((SpvBuiltIn::TessCoord, coord));
        }
        if self.has_builtin(b.module, SpvBuiltIn::PrimitiveId) {
            values.push((SpvBuiltIn::PrimitiveId, self.primitive_id(b, p)?));
        }
        let n = b.u32(output_vertices);
        values.push((SpvBuiltIn::PatchVertices, n));
        self.set_builtins(b, &values);
        if let Some(levels) = records.levels {
            self.fill_levels(b, levels, p);
        }
        if let Some(cps) = records.cps {
            let first = b.binary(BinaryOperator::Multiply, p, n);
            self.fill_per_vertex(b, output_vertices, (control_point, cps), |b, j| b.binary(BinaryOperator::Add, first, j), fills)?;
        }
        if let Some(patches) = records.patches {
            let stride = b.u32(patch.stride());
            let base = b.binary(BinaryOperator::Multiply, p, stride);
            for v in self.vars.iter().filter(|v| v.input) {
                let IoRole::Location { location, patch: true } = v.role else { continue };
                let Some((g, ty)) = global(b.module, &v.name) else { continue };
                let value = patch.load_value(Field::Location(location), self.stage, b, patches, base, ty)?;
                b.store_global(g, value);
            }
        }
        Ok(())
    }

    /// `p % max(tesserae_draw.primitives, 1)`: the patch's primitive ID (the patch within its
    /// instance).
    pub fn primitive_id(&self, b: &mut FunctionBuilder, p: Handle<Expression>) -> Result<Handle<Expression>, TranslateError> {
        let primitives = self.draw_field(b, "primitives")?;
        let one = b.u32(1);
        let at_least_one =
            b.expr(Expression::Math { fun: naga::MathFunction::Max, arg: primitives, arg1: Some(one), arg2: None, arg3: None });
        Ok(b.binary(BinaryOperator::Modulo, p, at_least_one))
    }

    /// The domain point's coordinate as the stage declared `TessCoord`: Vulkan requires a `vec3`
    /// of floats, but a module declaring fewer or more float components reads the first
    /// components of (u, v, w) (padded with 0) rather than failing to validate; other types
    /// are refused. `None` without a `TessCoord` input.
    fn tess_coord(&self, b: &mut FunctionBuilder, d: Handle<Expression>) -> Result<Option<Handle<Expression>>, TranslateError> {
        let declared = self
            .vars
            .iter()
            .filter(|v| v.input && v.role == IoRole::BuiltIn(SpvBuiltIn::TessCoord))
            .find_map(|v| global(b.module, &v.name));
        let Some((_, ty)) = declared else { return Ok(None) };
        let f32_ = naga::Scalar::F32;
        Ok(Some(match b.module.types[ty].inner.clone() {
            TypeInner::Vector { size: naga::VectorSize::Tri, scalar } if scalar == f32_ => b.first_components(d, 3),
            TypeInner::Vector { size: naga::VectorSize::Bi, scalar } if scalar == f32_ => b.first_components(d, 2),
            TypeInner::Vector { size: naga::VectorSize::Quad, scalar } if scalar == f32_ => {
                let uvw = b.first_components(d, 3);
                b.widen_f32(vec![uvw], 3)
            }
            TypeInner::Scalar(scalar) if scalar == f32_ => b.first_components(d, 1),
            other => {
                return Err(tess_err(self.stage, format!("TessCoord declared as {other:?} (Vulkan requires a vec3 of 32-bit floats)")));
            }
        }))
    }

    /// The level inputs from the patch's two level slots (outer, then inner).
    fn fill_levels(&self, b: &mut FunctionBuilder, levels: Handle<naga::GlobalVariable>, p: Handle<Expression>) {
        for v in self.vars.iter().filter(|v| v.input) {
            let (IoRole::BuiltIn(builtin), Some((g, ty))) = (&v.role, global(b.module, &v.name)) else { continue };
            let n = array_of(b.module, ty).map_or(0, |(_, n)| n);
            let (slot, count) = match builtin {
                SpvBuiltIn::TessLevelOuter => (0, 4),
                SpvBuiltIn::TessLevelInner => (1, 2),
                _ => continue,
            };
            for i in 0..count.min(n) {
                let two = b.u32(2);
                let pair = b.binary(BinaryOperator::Multiply, two, p);
                let index = b.offset(pair, slot);
                let vec = b.load_element(levels, index);
                let value = b.expr(Expression::AccessIndex { base: vec, index: i });
                let global = b.expr(Expression::GlobalVariable(g));
                let pointer = b.expr(Expression::AccessIndex { base: global, index: i });
                b.store(pointer, value);
            }
        }
    }

    /// Whether the stage reads levels.
    pub fn has_levels(&self, module: &Module) -> bool {
        self.has_builtin(module, SpvBuiltIn::TessLevelOuter) || self.has_builtin(module, SpvBuiltIn::TessLevelInner)
    }
}
