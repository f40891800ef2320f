//! Specialization constants: the values a pipeline gives replace the module's defaults.
//!
//! A translated pipeline is specialized once, when it is translated, so every scalar
//! specialization constant becomes an ordinary constant: the value the pipeline gives for its
//! `SpecId`, else its default. (naga's SPIR-V reader refuses spec constants in places such as
//! array sizes, and any `OpSpecConstantOp`.) Composites become `OpConstantComposite`, and
//! `OpSpecConstantOp` on 32-bit integers and booleans is folded to a constant; one that cannot
//! be folded is left for naga, which refuses it by name.
//! Values whose type differs from the constant's (a float given for an int) are bit patterns,
//! as Vulkan's `VkSpecializationInfo` bytes are.

use crate::desc::SpecValue;
use rspirv::dr::{self, Operand};
use spirv::{Decoration, Op, Word};
use std::collections::HashMap;

pub fn lower(module: &mut dr::Module, values: &[(u32, SpecValue)]) {
    let mut spec_ids: HashMap<Word, u32> = HashMap::new();
    for a in &module.annotations {
        if let (Op::Decorate, [Operand::IdRef(t), Operand::Decoration(Decoration::SpecId), Operand::LiteralBit32(id)]) =
            (a.class.opcode, a.operands.as_slice())
        {
            spec_ids.insert(*t, *id);
        }
    }
    for inst in &mut module.types_global_values {
        let value = inst.result_id.and_then(|r| spec_ids.get(&r)).and_then(|spec| values.iter().rev().find(|(id, _)| id == spec));
        let op = match inst.class.opcode {
            Op::SpecConstantTrue | Op::SpecConstantFalse => {
                let on = match value {
                    Some((_, v)) => v.word() != 0,
                    None => inst.class.opcode == Op::SpecConstantTrue,
                };
                *inst =
                    dr::Instruction::new(if on { Op::ConstantTrue } else { Op::ConstantFalse }, inst.result_type, inst.result_id, vec![]);
                continue;
            }
            Op::SpecConstant => Op::Constant,
            Op::SpecConstantComposite => Op::ConstantComposite,
            _ => continue,
        };
        if let (Some((_, v)), Some(Operand::LiteralBit32(w))) = (value, inst.operands.first_mut()) {
            *w = v.word();
        }
        *inst = dr::Instruction::new(op, inst.result_type, inst.result_id, std::mem::take(&mut inst.operands));
    }
    fold_ops(module);
    // A SpecId on what is now a constant is invalid.
    module.annotations.retain(|a| {
        !(a.class.opcode == Op::Decorate
            && matches!(a.operands.get(1), Some(Operand::Decoration(Decoration::SpecId)))
            && a.operands
                .first()
                .and_then(|o| if let Operand::IdRef(t) = o { Some(*t) } else { None })
                .is_some_and(|t| spec_ids.contains_key(&t)))
    });
}

/// A folded scalar: a 32-bit integer pattern or a boolean.
#[derive(Clone, Copy)]
enum Scalar {
    Int(u32),
    Bool(bool),
}

/// Folds `OpSpecConstantOp` whose operands are (now) constants, in declaration order.
fn fold_ops(module: &mut dr::Module) {
    let mut values: HashMap<Word, Scalar> = HashMap::new();
    for inst in &mut module.types_global_values {
        let Some(id) = inst.result_id else { continue };
        match inst.class.opcode {
            Op::Constant => {
                if let [Operand::LiteralBit32(v)] = inst.operands.as_slice() {
                    values.insert(id, Scalar::Int(*v));
                }
            }
            Op::ConstantTrue => {
                values.insert(id, Scalar::Bool(true));
            }
            Op::ConstantFalse => {
                values.insert(id, Scalar::Bool(false));
            }
            Op::SpecConstantOp => {
                let Some(Operand::LiteralSpecConstantOpInteger(op)) = inst.operands.first() else { continue };
                let args: Option<Vec<Scalar>> = inst.operands[1..]
                    .iter()
                    .map(|o| match o {
                        Operand::IdRef(r) => values.get(r).copied(),
                        _ => None,
                    })
                    .collect();
                let Some(result) = args.and_then(|a| eval(*op, &a)) else { continue };
                values.insert(id, result);
                *inst = match result {
                    Scalar::Int(v) => dr::Instruction::new(Op::Constant, inst.result_type, Some(id), vec![Operand::LiteralBit32(v)]),
                    Scalar::Bool(true) => dr::Instruction::new(Op::ConstantTrue, inst.result_type, Some(id), vec![]),
                    Scalar::Bool(false) => dr::Instruction::new(Op::ConstantFalse, inst.result_type, Some(id), vec![]),
                };
            }
            _ => {}
        }
    }
}

fn eval(op: Op, a: &[Scalar]) -> Option<Scalar> {
    use Scalar::*;
    Some(match (op, a) {
        (Op::IAdd, [Int(x), Int(y)]) => Int(x.wrapping_add(*y)),
        (Op::ISub, [Int(x), Int(y)]) => Int(x.wrapping_sub(*y)),
        (Op::IMul, [Int(x), Int(y)]) => Int(x.wrapping_mul(*y)),
        (Op::UDiv, [Int(x), Int(y)]) if *y != 0 => Int(x / y),
        (Op::SDiv, [Int(x), Int(y)]) if *y != 0 => Int((*x as i32).wrapping_div(*y as i32) as u32),
        (Op::UMod, [Int(x), Int(y)]) if *y != 0 => Int(x % y),
        (Op::SRem, [Int(x), Int(y)]) if *y != 0 => Int((*x as i32).wrapping_rem(*y as i32) as u32),
        // SMod: the remainder takes the divisor's sign (GLSL's `%` on ints).
        (Op::SMod, [Int(x), Int(y)]) if *y != 0 => {
            let (x, y) = (*x as i32, *y as i32);
            let r = x.wrapping_rem(y);
            Int(if r != 0 && (r < 0) != (y < 0) { r.wrapping_add(y) } else { r } as u32)
        }
        (Op::SNegate, [Int(x)]) => Int((*x as i32).wrapping_neg() as u32),
        (Op::Not, [Int(x)]) => Int(!x),
        (Op::BitwiseAnd, [Int(x), Int(y)]) => Int(x & y),
        (Op::BitwiseOr, [Int(x), Int(y)]) => Int(x | y),
        (Op::BitwiseXor, [Int(x), Int(y)]) => Int(x ^ y),
        (Op::ShiftLeftLogical, [Int(x), Int(y)]) => Int(x.wrapping_shl(*y)),
        (Op::ShiftRightLogical, [Int(x), Int(y)]) => Int(x.wrapping_shr(*y)),
        (Op::ShiftRightArithmetic, [Int(x), Int(y)]) => Int((*x as i32).wrapping_shr(*y) as u32),
        (Op::IEqual, [Int(x), Int(y)]) => Bool(x == y),
        (Op::INotEqual, [Int(x), Int(y)]) => Bool(x != y),
        (Op::ULessThan, [Int(x), Int(y)]) => Bool(x < y),
        (Op::UGreaterThan, [Int(x), Int(y)]) => Bool(x > y),
        (Op::ULessThanEqual, [Int(x), Int(y)]) => Bool(x <= y),
        (Op::UGreaterThanEqual, [Int(x), Int(y)]) => Bool(x >= y),
        (Op::SLessThan, [Int(x), Int(y)]) => Bool((*x as i32) < (*y as i32)),
        (Op::SGreaterThan, [Int(x), Int(y)]) => Bool((*x as i32) > (*y as i32)),
        (Op::SLessThanEqual, [Int(x), Int(y)]) => Bool((*x as i32) <= (*y as i32)),
        (Op::SGreaterThanEqual, [Int(x), Int(y)]) => Bool((*x as i32) >= (*y as i32)),
        (Op::LogicalNot, [Bool(x)]) => Bool(!x),
        (Op::LogicalAnd, [Bool(x), Bool(y)]) => Bool(*x && *y),
        (Op::LogicalOr, [Bool(x), Bool(y)]) => Bool(*x || *y),
        (Op::LogicalEqual, [Bool(x), Bool(y)]) => Bool(x == y),
        (Op::LogicalNotEqual, [Bool(x), Bool(y)]) => Bool(x != y),
        (Op::Select, [Bool(c), x, y]) => {
            if *c {
                *x
            } else {
                *y
            }
        }
        // 32-bit to 32-bit conversions keep the bits (the only widths constants have here).
        (Op::UConvert | Op::SConvert, [Int(x)]) => Int(*x),
        _ => return None,
    })
}
