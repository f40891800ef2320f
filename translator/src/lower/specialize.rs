//! Specialization constants: the values a pipeline gives replace the module's defaults.
//!
//! A translated pipeline is specialized once, when it is translated, so every scalar
//! specialization constant becomes an ordinary constant: the value the pipeline gives for its
//! `SpecId`, else its default. (naga's SPIR-V reader refuses spec constants in places such as
//! array sizes, and any `OpSpecConstantOp`.) Composites become `OpConstantComposite`, and
//! `OpSpecConstantOp` on 32-bit integers and booleans, and `UConvert`/`SConvert` between integer
//! widths (a 64-bit result written as two words), is folded to a constant; one that cannot be
//! folded is left for naga, which refuses it by name.
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

/// A folded scalar: an integer pattern of 32 bits or fewer (as its constant's one literal word
/// holds it), a 64-bit one, or a boolean.
#[derive(Clone, Copy)]
enum Scalar {
    Int(u32),
    Wide(u64),
    Bool(bool),
}

/// Folds `OpSpecConstantOp` whose operands are (now) constants, in declaration order.
fn fold_ops(module: &mut dr::Module) {
    let mut values: HashMap<Word, Scalar> = HashMap::new();
    // Integer types (width, signedness) and the type of each constant, for the conversions.
    let mut ints: HashMap<Word, (u32, u32)> = HashMap::new();
    let mut types: HashMap<Word, Word> = HashMap::new();
    for inst in &mut module.types_global_values {
        let Some(id) = inst.result_id else { continue };
        if let Some(ty) = inst.result_type {
            types.insert(id, ty);
        }
        match inst.class.opcode {
            Op::TypeInt => {
                if let [Operand::LiteralBit32(width), Operand::LiteralBit32(signed)] = inst.operands.as_slice() {
                    ints.insert(id, (*width, *signed));
                }
            }
            Op::Constant => match inst.operands.as_slice() {
                [Operand::LiteralBit32(v)] => {
                    values.insert(id, Scalar::Int(*v));
                }
                [Operand::LiteralBit64(v)] => {
                    values.insert(id, Scalar::Wide(*v));
                }
                _ => {}
            },
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
                let result_int = inst.result_type.and_then(|t| ints.get(&t)).copied();
                let source_int = match inst.operands.get(1) {
                    Some(Operand::IdRef(a)) => types.get(a).and_then(|t| ints.get(t)).copied(),
                    _ => None,
                };
                let result = match (*op, args.as_deref(), source_int, result_int) {
                    (Op::UConvert | Op::SConvert, Some([x]), Some(from), Some(to)) => convert(*op == Op::SConvert, *x, from, to),
                    (Op::UConvert | Op::SConvert, ..) => None,
                    (_, Some(a), ..) => eval(*op, a),
                    _ => None,
                };
                let Some(result) = result else { continue };
                values.insert(id, result);
                *inst = match result {
                    Scalar::Int(v) => dr::Instruction::new(Op::Constant, inst.result_type, Some(id), vec![Operand::LiteralBit32(v)]),
                    Scalar::Wide(v) => dr::Instruction::new(Op::Constant, inst.result_type, Some(id), vec![Operand::LiteralBit64(v)]),
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
        _ => return None,
    })
}

/// `OpUConvert` (zero-extending) or `OpSConvert` (sign-extending) of `x`, an integer of type
/// `from` (width, signedness), to type `to`: the value truncated to `to`'s width, a 64-bit
/// one as two words, a narrower one in one word, its high bits zero or, for a signed type,
/// copies of its sign bit (SPIR-V's rule for literals narrower than a word).
fn convert(sign_extend: bool, x: Scalar, (from, _): (u32, u32), (to, to_signed): (u32, u32)) -> Option<Scalar> {
    let bits = match x {
        Scalar::Int(v) => u64::from(v),
        Scalar::Wide(v) => v,
        Scalar::Bool(_) => return None,
    };
    if !(1..=64).contains(&from) || !(1..=64).contains(&to) {
        return None;
    }
    let extend = |v: u64, width: u32, signed: bool| -> u64 {
        let shift = 64 - width;
        if signed {
            (((v << shift) as i64) >> shift) as u64
        } else {
            (v << shift) >> shift
        }
    };
    let value = extend(bits, from, sign_extend);
    Some(match to {
        64 => Scalar::Wide(value),
        _ => Scalar::Int(extend(value, to, to_signed == 1) as u32),
    })
}
