//! Shifts whose operand types do not say how they shift.
//!
//! In SPIR-V, `OpShiftRightLogical` fills with zeros and `OpShiftRightArithmetic` with the sign
//! bit whatever the signedness of Base, and the Result type may differ from Base's in
//! signedness. naga's SPIR-V front end reads both right shifts as its `>>` on Base, typed as
//! Base, which WGSL makes arithmetic on `i32` and logical on `u32`: a logical shift of a signed
//! value shifted in sign bits and an arithmetic shift of an
//! unsigned value zeros.
//!
//! Each such shift is rewritten to shift Base bitcast to the type the shift needs (unsigned for
//! logical, signed for arithmetic, of Result's shape), and the result is bitcast back to the
//! Result type. `OpShiftLeftLogical` (the same bits either way) is rewritten only when Result's
//! signedness differs from Base's, which naga would otherwise type as Base.

use super::signed_operations::{int_shapes, int_signedness, with_signedness, IntShape};
use super::value_types;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::HashMap;

/// Whether [`lower`] may change the module: a function shifts Base of a signedness other than
/// the shift's, or into a Result type of another signedness than Base's.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    if !module.has_any_opcode(&[Op::ShiftRightLogical, Op::ShiftRightArithmetic, Op::ShiftLeftLogical]) {
        return false;
    }
    let signedness = |ty: Option<Word>| ty.and_then(|t| int_signedness(module, t));
    module.bodies().any(|i| {
        let (Op::ShiftRightLogical | Op::ShiftRightArithmetic | Op::ShiftLeftLogical, [base, _]) = (i.opcode, i.operands) else {
            return false;
        };
        let (Some(result), Some(base)) = (signedness(i.result_type), signedness(module.def(*base).and_then(|d| d.result_type))) else {
            return false;
        };
        let shifts_on = match i.opcode {
            Op::ShiftRightLogical => 0,
            Op::ShiftRightArithmetic => 1,
            _ => result,
        };
        base != shifts_on || result != shifts_on
    })
}

pub fn lower(module: &mut dr::Module) -> bool {
    let shifts = [Op::ShiftRightLogical, Op::ShiftRightArithmetic, Op::ShiftLeftLogical];
    let has_shift =
        module.functions.iter().any(|f| f.blocks.iter().any(|b| b.instructions.iter().any(|i| shifts.contains(&i.class.opcode))));
    if !has_shift {
        return false;
    }
    let shapes = int_shapes(module);
    let value_types = value_types(module);
    let mut changed = false;
    let mut functions = std::mem::take(&mut module.functions);
    for f in &mut functions {
        for b in &mut f.blocks {
            let old = std::mem::take(&mut b.instructions);
            for inst in old {
                match rewrite(module, &shapes, &value_types, &inst) {
                    Some(new) => {
                        changed = true;
                        b.instructions.extend(new);
                    }
                    None => b.instructions.push(inst),
                }
            }
        }
    }
    module.functions = functions;
    changed
}

/// The instructions replacing `inst`, or `None` to keep it.
fn rewrite(
    module: &mut dr::Module,
    shapes: &HashMap<Word, IntShape>,
    value_types: &HashMap<Word, Word>,
    inst: &Instruction,
) -> Option<Vec<Instruction>> {
    let (Some(result_ty), [Operand::IdRef(base), Operand::IdRef(_)]) = (inst.result_type, inst.operands.as_slice()) else {
        return None;
    };
    let (width, result_signed, components) = *shapes.get(&result_ty)?;
    let (base_width, _, base_components) = *shapes.get(value_types.get(base)?)?;
    if (base_width, base_components) != (width, components) {
        return None; // invalid; naga reports it
    }
    let signed = match inst.class.opcode {
        Op::ShiftRightLogical => 0,
        Op::ShiftRightArithmetic => 1,
        Op::ShiftLeftLogical => result_signed,
        _ => return None,
    };
    with_signedness(module, shapes, value_types, inst, &[0], true, signed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::binary::Assemble;

    /// A fragment module writing `op(input, 1)` to an output; the input's and the output's
    /// signedness (1: signed) as given, scalars or `vec2`s.
    fn module(op: Op, base_signed: u32, result_signed: u32, vector: bool) -> dr::Module {
        let mut b = dr::Builder::new();
        b.set_version(1, 3);
        b.capability(spirv::Capability::Shader);
        b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
        let void = b.type_void();
        let int = b.type_int(32, 1);
        let uint = b.type_int(32, 0);
        let (base_ty, result_ty) = {
            let s = |signed| if signed == 1 { int } else { uint };
            if vector {
                (b.type_vector(s(base_signed), 2), b.type_vector(s(result_signed), 2))
            } else {
                (s(base_signed), s(result_signed))
            }
        };
        let in_ptr = b.type_pointer(None, spirv::StorageClass::Input, base_ty);
        let out_ptr = b.type_pointer(None, spirv::StorageClass::Output, result_ty);
        let input = b.variable(in_ptr, None, spirv::StorageClass::Input, None);
        let output = b.variable(out_ptr, None, spirv::StorageClass::Output, None);
        b.decorate(input, spirv::Decoration::Location, [Operand::LiteralBit32(0)]);
        b.decorate(input, spirv::Decoration::Flat, []);
        b.decorate(output, spirv::Decoration::Location, [Operand::LiteralBit32(0)]);
        let mut one = b.constant_bit32(uint, 1);
        if vector {
            let uvec2 = b.type_vector(uint, 2);
            one = b.constant_composite(uvec2, [one, one]);
        }
        let fn_ty = b.type_function(void, []);
        let main = b.begin_function(void, None, spirv::FunctionControl::NONE, fn_ty).unwrap();
        b.begin_block(None).unwrap();
        let x = b.load(base_ty, None, input, None, []).unwrap();
        let r = match op {
            Op::ShiftRightLogical => b.shift_right_logical(result_ty, None, x, one),
            Op::ShiftRightArithmetic => b.shift_right_arithmetic(result_ty, None, x, one),
            _ => b.shift_left_logical(result_ty, None, x, one),
        }
        .unwrap();
        b.store(output, r, None, []).unwrap();
        b.ret().unwrap();
        b.end_function().unwrap();
        b.entry_point(spirv::ExecutionModel::Fragment, main, "main", [input, output]);
        b.execution_mode(main, spirv::ExecutionMode::OriginUpperLeft, []);
        b.module()
    }

    fn shift_operand_signedness(m: &dr::Module, op: Op) -> Vec<(u32, u32)> {
        let shapes = int_shapes(m);
        let types = value_types(m);
        let insts = m.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter()));
        insts
            .filter(|i| i.class.opcode == op)
            .map(|i| {
                let Operand::IdRef(base) = i.operands[0] else { panic!() };
                (shapes[&types[&base]].1, shapes[&i.result_type.unwrap()].1)
            })
            .collect()
    }

    /// The kind of the left operand of every `>>` in a WGSL module.
    fn shift_right_kinds(wgsl: &str) -> Vec<naga::ScalarKind> {
        let module = naga::front::wgsl::parse_str(wgsl).unwrap();
        let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), crate::wgsl::capabilities()).validate(&module).unwrap();
        let kinds = |f: &naga::Function, fi: &naga::valid::FunctionInfo| -> Vec<naga::ScalarKind> {
            f.expressions
                .iter()
                .filter_map(|(_, e)| match e {
                    naga::Expression::Binary { op: naga::BinaryOperator::ShiftRight, left, .. } => {
                        fi[*left].ty.inner_with(&module.types).scalar_kind()
                    }
                    _ => None,
                })
                .collect()
        };
        let functions = module.functions.iter().flat_map(|(h, f)| kinds(f, &info[h]));
        functions.chain(module.entry_points.iter().enumerate().flat_map(|(i, ep)| kinds(&ep.function, info.get_entry_point(i)))).collect()
    }

    #[test]
    fn right_shifts_operate_on_the_signedness_they_need() {
        for vector in [false, true] {
            for (base, result) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                for (op, needed) in [(Op::ShiftRightLogical, 0), (Op::ShiftRightArithmetic, 1)] {
                    let mut m = module(op, base, result, vector);
                    let differs = base != needed || result != needed;
                    assert_eq!(applies(&crate::spirv_view::ModuleView::of_module(&m)), differs, "{op:?} base {base} result {result}");
                    assert_eq!(lower(&mut m), differs, "{op:?} base {base} result {result}");
                    assert_eq!(shift_operand_signedness(&m, op), [(needed, needed)], "{op:?} base {base} result {result}");
                    // naga's `>>` now shifts the kind of integer the SPIR-V shift asked for.
                    let words = m.assemble();
                    let loaded = crate::reflect::load(&words, None).expect("lowered module loads");
                    let wgsl = crate::wgsl::spirv_to_wgsl(crate::Stage::Fragment, &loaded, true).expect("lowered module translates");
                    let kind = if needed == 1 { naga::ScalarKind::Sint } else { naga::ScalarKind::Uint };
                    assert_eq!(shift_right_kinds(wgsl.source()), [kind], "{op:?} base {base} result {result}:\n{}", wgsl.source());
                }
            }
        }
    }

    #[test]
    fn left_shifts_follow_the_result_type() {
        let mut same = module(Op::ShiftLeftLogical, 1, 1, false);
        let before = same.assemble();
        assert!(!applies(&crate::spirv_view::ModuleView::of_module(&same)));
        assert!(!lower(&mut same));
        assert_eq!(same.assemble(), before, "a shift whose types agree is left alone");
        let mut m = module(Op::ShiftLeftLogical, 0, 1, true);
        assert!(applies(&crate::spirv_view::ModuleView::of_module(&m)));
        assert!(lower(&mut m));
        assert_eq!(shift_operand_signedness(&m, Op::ShiftLeftLogical), [(1, 1)]);
    }
}
