//! The tessellation stages' lowered inputs ([`crate::lower::tess_io`]) filled in naga IR from
//! the records the passes before them wrote: the built-ins, `gl_in[]` and arrayed locations
//! from vertex or control-point records, patch inputs from patch records, the levels. The
//! control pass ([`super::control`]) and the evaluation passes ([`super::evaluation`]) share
//! them.

use super::module_items::array_of;
use super::tess_err;
use crate::desc::Stage;
use crate::emulate::ir::{self, FunctionBuilder};
use crate::emulation::Emulation;
use crate::error::TranslateError;
use crate::lower::tess_io::{IoRole, IoVar};
use crate::records::{Field, RecordLayout};
use naga::{BinaryOperator, Expression, Handle, Module, ScalarKind, TypeInner};
use spirv::BuiltIn as SpvBuiltIn;

/// The interface global `name` of the stage (the first by that name, as the lowering names it).
pub(super) fn global(module: &Module, name: &str) -> Option<(Handle<naga::GlobalVariable>, Handle<naga::Type>)> {
    module.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some(name)).map(|(h, g)| (h, g.ty))
}

/// A record buffer of the pass (`array<vec4<f32>>`) at emulation binding `b`.
pub(super) fn record_buffer(module: &mut Module, e: Emulation, name: &str, b: u32, writes: bool) -> Handle<naga::GlobalVariable> {
    let access = if writes { naga::StorageAccess::LOAD | naga::StorageAccess::STORE } else { naga::StorageAccess::LOAD };
    let binding = naga::ResourceBinding { group: e.group, binding: b };
    ir::storage_array(module, name, ir::vec4(ScalarKind::Float), crate::records::SLOT_BYTES as u32, access, binding)
}

/// What fills one per-vertex input of a control point from its vertex record.
pub(super) enum Fill {
    /// The record's position, to the element (or its block's member).
    Position,
    /// The x of the record's `PointSizeKeep`, to the block's member.
    PointSize,
    /// The first `n` distances of the record's field, to the block's member array.
    Distances(Field, u32),
    /// The record's location, a value of the element type.
    Location(u32, Handle<naga::Type>),
}

/// The per-vertex inputs the vertex records fill: (global, block member, what). A built-in the
/// producer did not keep stays undefined, as in Vulkan.
pub(super) fn per_vertex_fills(
    module: &Module,
    vars: &[IoVar],
    layout: &RecordLayout,
    stage: Stage,
) -> Result<Vec<(Handle<naga::GlobalVariable>, Option<u32>, Fill)>, TranslateError> {
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
pub(super) struct Inputs<'a> {
    pub stage: Stage,
    pub vars: &'a [IoVar],
    pub draw: Handle<naga::GlobalVariable>,
}

impl Inputs<'_> {
    pub fn draw_field(&self, b: &mut FunctionBuilder, name: &str) -> Result<Handle<Expression>, TranslateError> {
        ir::draw_field(b, self.draw, name)
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
            let pointer = b.expr(Expression::GlobalVariable(g));
            b.store(pointer, value);
        }
    }

    /// Fills the per-vertex inputs (`gl_in[]` and arrayed locations) of control points
    /// `0..count`, point `j` from record `first + j` of `src` (laid out by `layout`).
    #[allow(clippy::too_many_arguments)]
    pub fn fill_per_vertex(
        &self,
        b: &mut FunctionBuilder,
        count: u32,
        layout: &RecordLayout,
        src: Handle<naga::GlobalVariable>,
        first: Handle<Expression>,
        fills: &[(Handle<naga::GlobalVariable>, Option<u32>, Fill)],
    ) -> Result<(), TranslateError> {
        let mut result = Ok(());
        b.for_count("j", count, |b, j| {
            let record = b.binary(BinaryOperator::Add, first, j);
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
                let value = layout.vec4_ir(Field::Position, b, src, base)?;
                let place = place(b);
                b.store(place, value);
            }
            Fill::PointSize => {
                let slot = layout.vec4_ir(Field::PointSizeKeep, b, src, base)?;
                let value = b.first_components(slot, 1);
                let place = place(b);
                b.store(place, value);
            }
            Fill::Distances(field, n) => {
                for k in 0..n {
                    let group = layout.vec4_ir_at(field, k / 4, b, src, base)?;
                    let value = b.expr(Expression::AccessIndex { base: group, index: k % 4 });
                    let array = place(b);
                    let place = b.expr(Expression::AccessIndex { base: array, index: k });
                    b.store(place, value);
                }
            }
            Fill::Location(location, elem) => {
                let value = layout.load_value_ir(Field::Location(location), self.stage, b, src, base, elem)?;
                let place = place(b);
                b.store(place, value);
            }
        }
        Ok(())
    }
}

/// The pointer to element `j` of the array global `g`.
pub(super) fn element(b: &mut FunctionBuilder, g: Handle<naga::GlobalVariable>, j: Handle<Expression>) -> Handle<Expression> {
    let global = b.expr(Expression::GlobalVariable(g));
    b.expr(Expression::Access { base: global, index: j })
}
