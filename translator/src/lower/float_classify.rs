//! `OpIsNan` and `OpIsInf` on 32- and 16-bit floats → tests of the value's bits, read with
//! `OpBitcast` (a 16-bit value converted to 32 bits first: the conversion is exact, NaNs and
//! infinities included, and WGSL cannot bitcast a lone `f16`).
//!
//! WGSL has no `isnan` or `isinf`, and naga's WGSL writer refused them. An IEEE binary32 value
//! is a NaN when its exponent bits are all ones and its mantissa is not zero, an infinity when
//! the exponent bits are all ones and the mantissa is zero; with the sign cleared,
//! `bits & 0x7fffffff`, that is `> 0x7f800000` for a NaN and `== 0x7f800000` for an infinity.
//! Comparing the float with itself (`x != x`) would say the same in IEEE arithmetic, but WGSL
//! (and naga's constant folding) may assume no NaN occurs and fold it to `false`; integer
//! comparisons of the bits are not folded away. (Where WGSL lets an implementation assume no
//! infinity or NaN, the float's bits are what the implementation computed.) Vectors are tested
//! component-wise; 64-bit floats are left to naga's refusal.

use super::{float_type, fresh_id, type_id, uint_constant, uint_type};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::HashMap;

const SIGN_CLEARED: u32 = 0x7fff_ffff;
const INFINITY: u32 = 0x7f80_0000;

/// Whether [`lower`] may change the module: a function asks whether a value is a NaN or an
/// infinity.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.has_any_opcode(&[Op::IsNan, Op::IsInf])
}

pub fn lower(module: &mut dr::Module) -> bool {
    if !module
        .functions
        .iter()
        .flat_map(|f| &f.blocks)
        .flat_map(|b| &b.instructions)
        .any(|i| matches!(i.class.opcode, Op::IsNan | Op::IsInf))
    {
        return false;
    }
    let types: HashMap<Word, Word> = super::value_types(module);
    let mut changed = false;
    for f in 0..module.functions.len() {
        for b in 0..module.functions[f].blocks.len() {
            let mut at = 0;
            while at < module.functions[f].blocks[b].instructions.len() {
                let inst = &module.functions[f].blocks[b].instructions[at];
                let (op, ty, result) = (inst.class.opcode, inst.result_type, inst.result_id);
                let x = match inst.operands[..] {
                    [Operand::IdRef(x)] if matches!(op, Op::IsNan | Op::IsInf) => x,
                    _ => {
                        at += 1;
                        continue;
                    }
                };
                let (Some(ty), Some(result)) = (ty, result) else {
                    at += 1;
                    continue;
                };
                let Some((width, count)) = types.get(&x).and_then(|t| float_shape(module, *t)) else {
                    at += 1;
                    continue;
                };
                let mut new = Vec::with_capacity(4);
                let x = if width == 16 {
                    let f32_type = float_type(module);
                    let wide_type = match count {
                        None => f32_type,
                        Some(n) => type_id(module, Op::TypeVector, vec![Operand::IdRef(f32_type), Operand::LiteralBit32(n)]),
                    };
                    let wide = fresh_id(module);
                    new.push(Instruction::new(Op::FConvert, Some(wide_type), Some(wide), vec![Operand::IdRef(x)]));
                    wide
                } else {
                    x
                };
                let ut = uint_type(module, count);
                let mask = uint_constant(module, count, SIGN_CLEARED);
                let infinity = uint_constant(module, count, INFINITY);
                let (bits, magnitude) = (fresh_id(module), fresh_id(module));
                let compare = if op == Op::IsNan { Op::UGreaterThan } else { Op::IEqual };
                new.extend([
                    Instruction::new(Op::Bitcast, Some(ut), Some(bits), vec![Operand::IdRef(x)]),
                    Instruction::new(Op::BitwiseAnd, Some(ut), Some(magnitude), vec![Operand::IdRef(bits), Operand::IdRef(mask)]),
                    Instruction::new(compare, Some(ty), Some(result), vec![Operand::IdRef(magnitude), Operand::IdRef(infinity)]),
                ]);
                let n = new.len();
                module.functions[f].blocks[b].instructions.splice(at..at + 1, new);
                at += n;
                changed = true;
            }
        }
    }
    changed
}

/// A 32- or 16-bit float type's width and component count (`None` for a scalar), given its id.
fn float_shape(module: &dr::Module, ty: Word) -> Option<(u32, Option<u32>)> {
    let def = |id: Word| module.types_global_values.iter().find(|i| i.result_id == Some(id));
    let width = |i: &Instruction| match (i.class.opcode, i.operands.first()) {
        (Op::TypeFloat, Some(Operand::LiteralBit32(w @ (16 | 32)))) => Some(*w),
        _ => None,
    };
    let t = def(ty)?;
    match (t.class.opcode, t.operands.as_slice()) {
        (Op::TypeFloat, _) => Some((width(t)?, None)),
        (Op::TypeVector, [Operand::IdRef(c), Operand::LiteralBit32(n)]) => Some((width(def(*c)?)?, Some(*n))),
        _ => None,
    }
}
