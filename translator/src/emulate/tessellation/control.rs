//! The control stage as compute (pass 2 of the module docs), built in naga IR: one workgroup of
//! `output vertices` invocations per patch and instance fills the stage's lowered inputs
//! (`gl_in` and arrayed locations from the vertex records, the built-ins), calls the stage,
//! waits for every invocation, and stores each invocation's control point and, from the first,
//! the patch's outputs and levels. The draw uniform is a template linked into the stage's
//! module ([`crate::wgsl::round_trip_template`]); the record buffers and the entry point are
//! built ([`crate::emulate::ir`]), so no WGSL is written from the user's types.

use super::inputs::{element, link_template, per_vertex_fills, record_buffer, Inputs};
use super::module_items::array_of;
use super::module_items::global_item as global;
use super::{by_location, entry_to_function, tess_err, TessBuffers, TessState};
use crate::desc::Stage;
use crate::emulate::ir::{self, FunctionBuilder};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::lower::tess_io::{IoRole, IoVar};
use crate::records::{Field, RecordLayout};
use crate::wgsl::ValidatedWgsl;
use naga::{BinaryOperator, Expression, Handle, Module, Scalar, Span, Statement, TypeInner};
use spirv::BuiltIn as SpvBuiltIn;

/// The control stage as compute, reading vertex records laid out by `vertex_records`: returns
/// the WGSL and the layouts of the control-point and patch records it writes.
pub(super) fn control_pass(
    e: Emulation,
    mut module: Module,
    vars: &[IoVar],
    st: &TessState,
    vertex_records: &RecordLayout,
    buffers: &TessBuffers,
    verify: bool,
) -> Result<(ValidatedWgsl, RecordLayout, RecordLayout), TranslateError> {
    let stage = Stage::TessControl;
    let control = entry_to_function(&mut module, stage, "tesserae_control")?;
    let user = crate::vertex_function::UserItems::of(&module);
    let (draw, _) = link_template(&mut module, e, stage, "")?;

    let (control_points, patches) = output_layouts(&module, vars, stage)?;
    let fills = per_vertex_fills(&module, vars, vertex_records, stage)?;
    let src =
        (!fills.is_empty()).then(|| record_buffer(&mut module, e, "tesserae_src", binding::intermediate(buffers.vertex_records), false));
    let outputs = Outputs::of(&module, vars);
    let cps = outputs.points.then(|| record_buffer(&mut module, e, "tesserae_cps", binding::intermediate(buffers.control_points), true));
    let patch_records =
        outputs.patch.then(|| record_buffer(&mut module, e, "tesserae_patch_records", binding::intermediate(buffers.patch_records), true));
    let levels = outputs.levels.then(|| record_buffer(&mut module, e, "tesserae_levels", binding::intermediate(buffers.levels), true));

    let u32x3 = module
        .types
        .insert(naga::Type { name: None, inner: TypeInner::Vector { size: naga::VectorSize::Tri, scalar: Scalar::U32 } }, Span::UNDEFINED);
    let u32_ty = ir::ty(&mut module, TypeInner::Scalar(Scalar::U32));
    let arguments = vec![
        naga::FunctionArgument {
            name: Some("tesserae_wg".into()),
            ty: u32x3,
            binding: Some(naga::Binding::BuiltIn(naga::BuiltIn::WorkGroupId)),
        },
        naga::FunctionArgument {
            name: Some("tesserae_lid".into()),
            ty: u32_ty,
            binding: Some(naga::Binding::BuiltIn(naga::BuiltIn::LocalInvocationIndex)),
        },
    ];
    let mut b = FunctionBuilder::new(&mut module, "tesserae_control_main", arguments, None);
    let ctx = Inputs { stage, vars, draw: Some(draw) };
    let (wg, lid) = (b.argument(0), b.argument(1));
    let (wg_x, wg_y) = (b.expr(Expression::AccessIndex { base: wg, index: 0 }), b.expr(Expression::AccessIndex { base: wg, index: 1 }));
    let primitives = ctx.draw_field(&mut b, "primitives")?;
    let row = b.binary(BinaryOperator::Multiply, wg_y, primitives);
    let p = b.binary(BinaryOperator::Add, row, wg_x);
    let n_in = b.u32(st.input_vertices);
    ctx.set_builtins(&mut b, &[(SpvBuiltIn::InvocationId, lid), (SpvBuiltIn::PrimitiveId, wg_x), (SpvBuiltIn::PatchVertices, n_in)]);
    if let Some(src) = src {
        // Record of control point j: (instance × count + patch × n_in + j).
        let count = ctx.draw_field(&mut b, "count")?;
        let instance_first = b.binary(BinaryOperator::Multiply, wg_y, count);
        let patch_first = b.binary(BinaryOperator::Multiply, wg_x, n_in);
        let first = b.binary(BinaryOperator::Add, instance_first, patch_first);
        ctx.fill_per_vertex(&mut b, st.input_vertices, (vertex_records, src), |b, j| b.binary(BinaryOperator::Add, first, j), &fills)?;
    }
    b.call(control, Vec::new());
    // Every invocation's outputs are in workgroup memory; store them once all have run.
    b.statement(Statement::ControlBarrier(naga::Barrier::WORK_GROUP));
    let records = [cps, patch_records, levels];
    ctx.store_outputs(&mut b, st.output_vertices, &control_points, &patches, records, p, lid)?;
    b.finish_entry_point(naga::ShaderStage::Compute, [st.output_vertices, 1, 1]);
    let written = crate::vertex_function::validate_and_write_linked(stage, module, &user, verify, |e| {
        TranslateError::InvalidPlan(format!("the tessellation control pass does not validate: {e}"))
    })?;
    Ok((written, control_points, patches))
}

/// The control-point and patch record layouts of the stage's outputs (by location).
fn output_layouts(module: &Module, vars: &[IoVar], stage: Stage) -> Result<(RecordLayout, RecordLayout), TranslateError> {
    let (mut control_points, mut patches) = (by_location(true), by_location(false));
    for v in vars.iter().filter(|v| !v.input) {
        let Some((_, ty)) = global(module, &v.name) else { continue };
        match v.role {
            IoRole::Location { location, patch: false } => {
                let Some((elem, _)) = array_of(module, ty) else {
                    return Err(tess_err(stage, format!("the per-vertex output at location {location} is not an array")));
                };
                control_points.add_location(location, module, elem);
            }
            IoRole::Location { location, patch: true } => {
                patches.add_location(location, module, ty);
            }
            _ => {}
        }
    }
    Ok((control_points, patches))
}

/// Which record buffers the stage's outputs go to.
struct Outputs {
    points: bool,
    patch: bool,
    levels: bool,
}

impl Outputs {
    fn of(module: &Module, vars: &[IoVar]) -> Self {
        let mut o = Outputs { points: false, patch: false, levels: false };
        for v in vars.iter().filter(|v| !v.input) {
            let Some((_, ty)) = global(module, &v.name) else { continue };
            let arrayed = array_of(module, ty).is_some();
            match v.role {
                IoRole::PerVertexBlock { position: Some(_), .. } | IoRole::BuiltIn(SpvBuiltIn::Position) => o.points |= arrayed,
                IoRole::Location { patch: false, .. } => o.points |= arrayed,
                IoRole::Location { patch: true, .. } => o.patch = true,
                IoRole::BuiltIn(SpvBuiltIn::TessLevelOuter | SpvBuiltIn::TessLevelInner) => o.levels = true,
                _ => {}
            }
        }
        o
    }
}

impl Inputs<'_> {
    /// Stores invocation `lid`'s control point and, from invocation 0, the patch's outputs and
    /// levels, of patch record `p`.
    #[allow(clippy::too_many_arguments)]
    fn store_outputs(
        &self,
        b: &mut FunctionBuilder,
        n_out: u32,
        control_points: &RecordLayout,
        patches: &RecordLayout,
        [cps, patch_records, levels]: [Option<Handle<naga::GlobalVariable>>; 3],
        p: Handle<Expression>,
        lid: Handle<Expression>,
    ) -> Result<(), TranslateError> {
        let missing = || TranslateError::InvalidPlan("a control pass output without its record buffer".into());
        if let Some(cps) = cps {
            let n = b.u32(n_out);
            let first = b.binary(BinaryOperator::Multiply, p, n);
            let point = b.binary(BinaryOperator::Add, first, lid);
            let stride = b.u32(control_points.stride());
            let ob = b.binary(BinaryOperator::Multiply, point, stride);
            for v in self.vars.iter().filter(|v| !v.input) {
                let Some((g, ty)) = global(b.module, &v.name) else { continue };
                match v.role {
                    IoRole::PerVertexBlock { position: Some(m), .. } if array_of(b.module, ty).is_some() => {
                        let e = element(b, g, lid);
                        let pointer = b.expr(Expression::AccessIndex { base: e, index: m });
                        let value = b.expr(Expression::Load { pointer });
                        control_points.store_slot(Field::Position, 0, b, cps, ob, value)?;
                    }
                    IoRole::BuiltIn(SpvBuiltIn::Position) if array_of(b.module, ty).is_some() => {
                        let pointer = element(b, g, lid);
                        let value = b.expr(Expression::Load { pointer });
                        control_points.store_slot(Field::Position, 0, b, cps, ob, value)?;
                    }
                    IoRole::Location { location, patch: false } => {
                        let Some((elem, _)) = array_of(b.module, ty) else { continue };
                        let pointer = element(b, g, lid);
                        let value = b.expr(Expression::Load { pointer });
                        control_points.store_value(Field::Location(location), self.stage, b, cps, ob, value, elem)?;
                    }
                    _ => {}
                }
            }
        }
        if patch_records.is_none() && levels.is_none() {
            return Ok(());
        }
        let zero = b.u32(0);
        let first = b.binary(BinaryOperator::Equal, lid, zero);
        let mut result = Ok(());
        b.if_then(first, |b| {
            result = (|| {
                let stride = b.u32(patches.stride());
                let pb = b.binary(BinaryOperator::Multiply, p, stride);
                for v in self.vars.iter().filter(|v| !v.input) {
                    let Some((g, ty)) = global(b.module, &v.name) else { continue };
                    match v.role {
                        IoRole::Location { location, patch: true } => {
                            let records = patch_records.ok_or_else(missing)?;
                            let value = b.load_global(g);
                            patches.store_value(Field::Location(location), self.stage, b, records, pb, value, ty)?;
                        }
                        IoRole::BuiltIn(level @ (SpvBuiltIn::TessLevelOuter | SpvBuiltIn::TessLevelInner)) => {
                            let levels = levels.ok_or_else(missing)?;
                            let (slot, most) = if level == SpvBuiltIn::TessLevelOuter { (0, 4) } else { (1, 2) };
                            let n = array_of(b.module, ty).map_or(0, |(_, n)| n).min(most);
                            let parts = (0..n)
                                .map(|i| {
                                    let global = b.expr(Expression::GlobalVariable(g));
                                    let pointer = b.expr(Expression::AccessIndex { base: global, index: i });
                                    b.expr(Expression::Load { pointer })
                                })
                                .collect();
                            let value = b.widen_f32(parts, n);
                            let two = b.u32(2);
                            let pair = b.binary(BinaryOperator::Multiply, two, p);
                            let index = b.offset(pair, slot);
                            b.store_element(levels, index, value);
                        }
                        _ => {}
                    }
                }
                Ok(())
            })();
        });
        result
    }
}
