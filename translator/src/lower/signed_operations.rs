//! Integer operations whose opcode says how they treat the sign, computed on operands of that
//! signedness.
//!
//! In SPIR-V the opcode fixes the operation (`OpSDiv` divides signed values, GLSL.std.450's
//! `UMax` compares unsigned ones) whatever the signedness of the operand and Result types,
//! which may differ from it and from each other. naga's SPIR-V reader reads most of these as
//! one WGSL operation typed by the operands (`max`, `abs`, `firstLeadingBit`, `/`,
//! `extractBits`, conversions to float), or by the Result type (`OpSDiv`, `OpSRem`,
//! `OpSNegate`, conversions from float), so `UMax` of `i32`s compared signed values, `SAbs` of a
//! `u32` did nothing, `OpSDiv` of `u32`s divided unsigned ones, and `SSign` or `OpSNegate` of a
//! `u32` had no WGSL form at all (naga's validator refused the module, and wgpu's SPIR-V writer
//! panicked on `sign` of a `u32`).
//!
//! Each such operation is rewritten to compute on its signedness: its integer operands are
//! bitcast to the type of that signedness (their width and components kept), its integer
//! Result typed so, and the result bitcast back to the Result type. Operations that do not
//! depend on the sign but whose result naga types by the operand (`FindILsb`, `OpBitCount`)
//! compute on the Result type's signedness, so the value has the type the module says.
//!
//! The signed remainders are spelled out in signed division, multiplication and subtraction:
//! `OpSRem a b` as `r = a - b * (a / b)` (WGSL's `/` truncates, as `OpSDiv` does), and `OpSMod`
//! (the remainder taking the divisor's sign) as that `r`, plus `b` where `r` is not zero and
//! its sign differs from `b`'s. naga reads `OpSMod` as `a - b * i32(floor(f32(a) / f32(b)))`,
//! whose float quotient is wrong once `a` needs more than 24 bits (`2147483647 smod 2` gave
//! -1), and writes WGSL's `%` on `i32` as GLSL's `%`, which GLSL leaves undefined for negative
//! operands (wgpu's GL back end on llvmpipe gave `-7 % 2` as 1).
//!
//! [`with_signedness`] is shared with `shift_signedness` (shifts need the same treatment of
//! their Base alone).

use super::value_types;
use super::{fresh_id, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::HashMap;

/// An integer type: width, signedness, and components (`None`: a scalar).
pub(crate) type IntShape = (u32, u32, Option<u32>);

/// The signedness an operation computes on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sign {
    Signed,
    Unsigned,
    /// The Result type's (operations that do not depend on the sign).
    OfResult,
}

/// GLSL.std.450 instruction numbers.
mod glsl {
    pub const S_ABS: u32 = 5;
    pub const S_SIGN: u32 = 7;
    pub const U_MIN: u32 = 38;
    pub const S_MIN: u32 = 39;
    pub const U_MAX: u32 = 41;
    pub const S_MAX: u32 = 42;
    pub const U_CLAMP: u32 = 44;
    pub const S_CLAMP: u32 = 45;
    pub const FIND_I_LSB: u32 = 73;
    pub const FIND_S_MSB: u32 = 74;
    pub const FIND_U_MSB: u32 = 75;
}

/// How a GLSL.std.450 instruction treats its integer arguments, `None` for one that does not
/// read them by sign.
fn glsl_sign(number: u32) -> Option<Sign> {
    use glsl::*;
    match number {
        S_ABS | S_SIGN | S_MIN | S_MAX | S_CLAMP | FIND_S_MSB => Some(Sign::Signed),
        U_MIN | U_MAX | U_CLAMP | FIND_U_MSB => Some(Sign::Unsigned),
        FIND_I_LSB => Some(Sign::OfResult),
        _ => None,
    }
}

/// How a core instruction treats its operands: the signedness, the operand positions computed
/// on, and whether its Result is an integer computed on that signedness. (`OpUDiv`, `OpUMod`
/// and `OpConvertFToU` are missing: their Result type is unsigned, and the operands of the
/// first two are of the Result type.)
fn core_sign(op: Op) -> Option<(Sign, &'static [usize], bool)> {
    Some(match op {
        Op::SDiv | Op::SRem | Op::SMod => (Sign::Signed, &[0, 1], true),
        Op::SNegate => (Sign::Signed, &[0], true),
        Op::BitFieldSExtract => (Sign::Signed, &[0], true),
        Op::BitFieldUExtract => (Sign::Unsigned, &[0], true),
        Op::BitCount => (Sign::OfResult, &[0], true),
        Op::ConvertSToF => (Sign::Signed, &[0], false),
        Op::ConvertUToF => (Sign::Unsigned, &[0], false),
        Op::ConvertFToS => (Sign::Signed, &[], true),
        _ => return None,
    })
}

/// The ids of the module's GLSL.std.450 imports, read from a view.
fn glsl_sets<'a>(module: &'a crate::spirv_view::ModuleView) -> impl Iterator<Item = Word> + 'a {
    module.ext_inst_imports().filter(|i| i.string_at(0).is_some_and(|(s, _)| s == "GLSL.std.450")).filter_map(|i| i.result_id)
}

/// Whether [`lower`] may change the module: a function uses one of the operations above on an
/// integer operand or Result of the other signedness, or a signed remainder (always spelled out).
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    const OPERATIONS: [Op; 11] = [
        Op::SDiv,
        Op::SRem,
        Op::SMod,
        Op::SNegate,
        Op::BitFieldSExtract,
        Op::BitFieldUExtract,
        Op::BitCount,
        Op::ConvertSToF,
        Op::ConvertUToF,
        Op::ConvertFToS,
        Op::ExtInst,
    ];
    if !module.has_any_opcode(&OPERATIONS) {
        return false;
    }
    let sets: Vec<Word> = glsl_sets(module).collect();
    let signedness = |ty: Word| int_signedness(module, ty);
    let differs = |ty: Option<Word>, signed: u32| ty.and_then(signedness).is_some_and(|s| s != signed);
    let value_differs = |id: &Word, signed: u32| differs(module.def(*id).and_then(|d| d.result_type), signed);
    // Whether an operation on `sign` with these integer operands (and an integer Result, with
    // `result`) computes on a type of the other signedness somewhere.
    let computes_otherwise = |i: &crate::spirv_view::Inst, sign: Sign, mut operands: std::slice::Iter<u32>, result: bool| {
        let signed = match sign {
            Sign::Signed => 1,
            Sign::Unsigned => 0,
            Sign::OfResult => match i.result_type.and_then(signedness) {
                Some(s) => s,
                None => return false,
            },
        };
        operands.any(|id| value_differs(id, signed)) || (result && differs(i.result_type, signed))
    };
    module.bodies().any(|i| match (i.opcode, i.operands) {
        (Op::SRem | Op::SMod, _) => true,
        (Op::ExtInst, [set, n, args @ ..]) if sets.contains(set) => {
            glsl_sign(*n).is_some_and(|sign| computes_otherwise(&i, sign, args.iter(), true))
        }
        (op, operands) => core_sign(op).is_some_and(|(sign, positions, result)| {
            // The positioned operands are the leading ones (`core_sign`).
            computes_otherwise(&i, sign, operands[..positions.len().min(operands.len())].iter(), result)
        }),
    })
}

/// The signedness of an integer scalar or vector type (1: signed), read from a view.
pub(crate) fn int_signedness(module: &crate::spirv_view::ModuleView, ty: Word) -> Option<u32> {
    let def = module.def(ty)?;
    let scalar = match (def.opcode, def.operands) {
        (Op::TypeVector, [component, _]) => module.def(*component)?,
        _ => def,
    };
    match (scalar.opcode, scalar.operands) {
        (Op::TypeInt, [_, signed]) => Some(*signed),
        _ => None,
    }
}

pub fn lower(module: &mut dr::Module) -> bool {
    let sets = super::glsl_std_imports(module);
    let body = || module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions);
    if !body().any(|i| operation(&sets, i).is_some()) {
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
                match rewrite(module, &sets, &shapes, &value_types, &inst) {
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

/// What [`core_sign`] says of `inst`, the operand positions counted from its first operand
/// (a GLSL.std.450 call's arguments come after the set and the instruction number).
fn operation(sets: &[Word], inst: &Instruction) -> Option<(Sign, Vec<usize>, bool)> {
    match (inst.class.opcode, inst.operands.as_slice()) {
        (Op::ExtInst, [Operand::IdRef(set), Operand::LiteralExtInstInteger(n), args @ ..]) if sets.contains(set) => {
            Some((glsl_sign(*n)?, (2..2 + args.len()).collect(), true))
        }
        (op, _) => core_sign(op).map(|(sign, positions, result)| (sign, positions.to_vec(), result)),
    }
}

/// The instructions replacing `inst`, or `None` to keep it.
fn rewrite(
    module: &mut dr::Module,
    sets: &[Word],
    shapes: &HashMap<Word, IntShape>,
    value_types: &HashMap<Word, Word>,
    inst: &Instruction,
) -> Option<Vec<Instruction>> {
    let (sign, positions, result) = operation(sets, inst)?;
    let signed = match sign {
        Sign::Signed => 1,
        Sign::Unsigned => 0,
        Sign::OfResult => shapes.get(&inst.result_type?)?.1,
    };
    if matches!(inst.class.opcode, Op::SRem | Op::SMod) {
        return signed_remainder(module, shapes, value_types, inst);
    }
    with_signedness(module, shapes, value_types, inst, &positions, result, signed)
}

/// `inst` computing on integers of signedness `signed` (1: signed): the integer operands at
/// `positions` bitcast to it (width and components kept); with `result`, an integer Result
/// type too, the result bitcast back. `None` when every type already has that signedness
/// (or a type is not what the operation takes: naga reports it).
pub(crate) fn with_signedness(
    module: &mut dr::Module,
    shapes: &HashMap<Word, IntShape>,
    value_types: &HashMap<Word, Word>,
    inst: &Instruction,
    positions: &[usize],
    result: bool,
    signed: u32,
) -> Option<Vec<Instruction>> {
    let (result_ty, result_id) = (inst.result_type?, inst.result_id?);
    let mut retyped = Vec::new();
    for &at in positions {
        let Some(Operand::IdRef(id)) = inst.operands.get(at) else { return None };
        let &(width, s, components) = shapes.get(value_types.get(id)?)?;
        if s != signed {
            retyped.push((at, *id, (width, signed, components)));
        }
    }
    let result_shape = match result {
        true => Some(*shapes.get(&result_ty)?),
        false => None,
    };
    let result_differs = result_shape.is_some_and(|(_, s, _)| s != signed);
    if retyped.is_empty() && !result_differs {
        return None;
    }
    let mut out = Vec::new();
    let mut operands = inst.operands.clone();
    for (at, id, shape) in retyped {
        let ty = int_type(module, shape);
        let cast = fresh_id(module);
        out.push(Instruction::new(Op::Bitcast, Some(ty), Some(cast), vec![Operand::IdRef(id)]));
        operands[at] = Operand::IdRef(cast);
    }
    match result_shape {
        Some((width, s, components)) if s != signed => {
            let ty = int_type(module, (width, signed, components));
            let computed = fresh_id(module);
            out.push(Instruction::new(inst.class.opcode, Some(ty), Some(computed), operands));
            out.push(Instruction::new(Op::Bitcast, Some(result_ty), Some(result_id), vec![Operand::IdRef(computed)]));
        }
        _ => out.push(Instruction::new(inst.class.opcode, Some(result_ty), Some(result_id), operands)),
    }
    Some(out)
}

/// `OpSRem a b` as `r = a - b * (a / b)` on signed operands, and `OpSMod a b` as `r + b`
/// where `r != 0` and `(r ^ b) < 0` (their signs differ), else `r`; the result bitcast back to
/// the Result type.
fn signed_remainder(
    module: &mut dr::Module,
    shapes: &HashMap<Word, IntShape>,
    value_types: &HashMap<Word, Word>,
    inst: &Instruction,
) -> Option<Vec<Instruction>> {
    let (result_ty, result_id) = (inst.result_type?, inst.result_id?);
    let [Operand::IdRef(a), Operand::IdRef(b)] = inst.operands[..] else { return None };
    let (width, _, components) = *shapes.get(&result_ty)?;
    for operand in [a, b] {
        let &(w, _, c) = shapes.get(value_types.get(&operand)?)?;
        if (w, c) != (width, components) {
            return None; // invalid; naga reports it
        }
    }
    let int = int_type(module, (width, 1, components));
    let mut out = Vec::new();
    let mut signed = |module: &mut dr::Module, id: Word| {
        if value_types.get(&id) == Some(&int) {
            return id;
        }
        let cast = fresh_id(module);
        out.push(Instruction::new(Op::Bitcast, Some(int), Some(cast), vec![Operand::IdRef(id)]));
        cast
    };
    let (a, b) = (signed(module, a), signed(module, b));
    let id = Operand::IdRef;
    let [quotient, product, rem] = std::array::from_fn(|_| fresh_id(module));
    out.extend([
        Instruction::new(Op::SDiv, Some(int), Some(quotient), vec![id(a), id(b)]),
        Instruction::new(Op::IMul, Some(int), Some(product), vec![id(b), id(quotient)]),
        Instruction::new(Op::ISub, Some(int), Some(rem), vec![id(a), id(product)]),
    ]);
    let mut value = rem;
    if inst.class.opcode == Op::SMod {
        let bool_scalar = type_id(module, Op::TypeBool, vec![]);
        let boolean = match components {
            Some(n) => type_id(module, Op::TypeVector, vec![Operand::IdRef(bool_scalar), Operand::LiteralBit32(n)]),
            None => bool_scalar,
        };
        let zero = super::null_constant(module, int);
        let [sum, xor, signs_differ, nonzero, fix, chosen] = std::array::from_fn(|_| fresh_id(module));
        out.extend([
            Instruction::new(Op::IAdd, Some(int), Some(sum), vec![id(rem), id(b)]),
            Instruction::new(Op::BitwiseXor, Some(int), Some(xor), vec![id(rem), id(b)]),
            Instruction::new(Op::SLessThan, Some(boolean), Some(signs_differ), vec![id(xor), id(zero)]),
            Instruction::new(Op::INotEqual, Some(boolean), Some(nonzero), vec![id(rem), id(zero)]),
            Instruction::new(Op::LogicalAnd, Some(boolean), Some(fix), vec![id(signs_differ), id(nonzero)]),
            Instruction::new(Op::Select, Some(int), Some(chosen), vec![id(fix), id(sum), id(rem)]),
        ]);
        value = chosen;
    }
    // The last instruction takes the result id where the Result type is signed already.
    let last = out.last_mut().map(|i| i.result_id.as_mut());
    if result_ty == int {
        if let Some(Some(last)) = last {
            *last = result_id;
        }
    } else {
        out.push(Instruction::new(Op::Bitcast, Some(result_ty), Some(result_id), vec![id(value)]));
    }
    Some(out)
}

/// The integer type of `shape`, added if missing.
pub(crate) fn int_type(module: &mut dr::Module, (width, signed, components): IntShape) -> Word {
    let scalar = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(width), Operand::LiteralBit32(signed)]);
    match components {
        Some(n) => type_id(module, Op::TypeVector, vec![Operand::IdRef(scalar), Operand::LiteralBit32(n)]),
        None => scalar,
    }
}

/// Integer scalar and vector types by id.
pub(crate) fn int_shapes(module: &dr::Module) -> HashMap<Word, IntShape> {
    let mut shapes = HashMap::new();
    for i in &module.types_global_values {
        let Some(id) = i.result_id else { continue };
        match (i.class.opcode, i.operands.as_slice()) {
            (Op::TypeInt, [Operand::LiteralBit32(w), Operand::LiteralBit32(s)]) => {
                shapes.insert(id, (*w, *s, None));
            }
            (Op::TypeVector, [Operand::IdRef(c), Operand::LiteralBit32(n)]) => {
                if let Some(&(w, s, None)) = shapes.get(c) {
                    shapes.insert(id, (w, s, Some(*n)));
                }
            }
            _ => {}
        }
    }
    shapes
}
