//! `OpIAddCarry`, `OpISubBorrow`, `OpUMulExtended`, `OpSMulExtended` (GLSL's `uaddCarry`,
//! `usubBorrow`, `umulExtended`, `imulExtended`) → 32-bit arithmetic building the same
//! two-member struct.
//!
//! naga's reader takes none of them; WGSL has no wide or carrying arithmetic. On 32-bit
//! unsigned values (operands bitcast to `u32` where typed otherwise, results bitcast back):
//! - add with carry: `lo = a + b` (wrapping), carry `lo < a ? 1 : 0`;
//! - subtract with borrow: `lo = a - b` (wrapping), borrow `a < b ? 1 : 0`;
//! - unsigned multiply: `lo = a * b` (wrapping); the high word from 16-bit halves,
//!   `a = ah·2¹⁶ + al`: with `ll = al·bl`, `lh = al·bh`, `hl = ah·bl`, `hh = ah·bh` (none
//!   overflows), `mid = (ll >> 16) + (lh & 0xffff) + (hl & 0xffff)` and
//!   `hi = hh + (lh >> 16) + (hl >> 16) + (mid >> 16)`;
//! - signed multiply: the unsigned high word less `b` where `a` is negative and less `a` where
//!   `b` is negative (two's complement: `a = a_u - 2³²·[a < 0]`), the low word the same.
//!
//! Vectors work component-wise (constants splatted). Scalars other than 32-bit are left to
//! naga's refusal.

use super::{fresh_id, type_id, uint_constant, uint_type};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::HashMap;

fn extended(op: Op) -> bool {
    matches!(op, Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended)
}

/// Whether [`lower`] may change the module: a function uses one of the four instructions.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.has_any_opcode(&[Op::IAddCarry, Op::ISubBorrow, Op::UMulExtended, Op::SMulExtended])
}

pub fn lower(module: &mut dr::Module) -> bool {
    if !module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions).any(|i| extended(i.class.opcode)) {
        return false;
    }
    // Every value's type (operands may be typed with either signedness).
    let types: HashMap<Word, Word> = super::value_types(module);
    let mut changed = false;
    for f in 0..module.functions.len() {
        for b in 0..module.functions[f].blocks.len() {
            let mut at = 0;
            while at < module.functions[f].blocks[b].instructions.len() {
                let inst = &module.functions[f].blocks[b].instructions[at];
                if !extended(inst.class.opcode) {
                    at += 1;
                    continue;
                }
                let inst = inst.clone();
                let Some(new) = expand(module, &types, &inst) else {
                    at += 1;
                    continue;
                };
                let n = new.len();
                module.functions[f].blocks[b].instructions.splice(at..at + 1, new);
                at += n;
                changed = true;
            }
        }
    }
    changed
}

/// A 32-bit integer type's component count (`None` for a scalar), given its id.
fn shape(module: &dr::Module, ty: Word) -> Option<Option<u32>> {
    let def = |id: Word| module.types_global_values.iter().find(|i| i.result_id == Some(id));
    let t = def(ty)?;
    match (t.class.opcode, t.operands.as_slice()) {
        (Op::TypeInt, [Operand::LiteralBit32(32), _]) => Some(None),
        (Op::TypeVector, [Operand::IdRef(c), Operand::LiteralBit32(n)]) => match def(*c) {
            Some(ci) if ci.class.opcode == Op::TypeInt && ci.operands.first() == Some(&Operand::LiteralBit32(32)) => Some(Some(*n)),
            _ => None,
        },
        _ => None,
    }
}

/// The instructions replacing `inst`, ending with the struct under `inst`'s result id.
fn expand(module: &mut dr::Module, types: &HashMap<Word, Word>, inst: &Instruction) -> Option<Vec<Instruction>> {
    let (result_type, result) = (inst.result_type?, inst.result_id?);
    let [Operand::IdRef(a), Operand::IdRef(b)] = inst.operands[..] else { return None };
    let member = match module.types_global_values.iter().find(|i| i.result_id == Some(result_type)) {
        Some(s) if s.class.opcode == Op::TypeStruct => match s.operands[..] {
            [Operand::IdRef(m0), Operand::IdRef(m1)] if m0 == m1 => m0,
            _ => return None,
        },
        _ => return None,
    };
    let count = shape(module, member)?;
    if [a, b].iter().any(|v| types.get(v).and_then(|t| shape(module, *t)) != Some(count)) {
        return None;
    }
    let ut = uint_type(module, count);
    let boolean = type_id(module, Op::TypeBool, vec![]);
    let bt = match count {
        None => boolean,
        Some(n) => type_id(module, Op::TypeVector, vec![Operand::IdRef(boolean), Operand::LiteralBit32(n)]),
    };
    let mut out = Vec::new();
    let mut e = Emitter { module, out: &mut out, count };
    let (c0, c1, c16, mask) = (e.constant(0), e.constant(1), e.constant(16), e.constant(0xffff));
    let au = if types.get(&a) == Some(&ut) { a } else { e.op(Op::Bitcast, ut, &[a]) };
    let bu = if types.get(&b) == Some(&ut) { b } else { e.op(Op::Bitcast, ut, &[b]) };
    let (lo, hi) = match inst.class.opcode {
        Op::IAddCarry => {
            let lo = e.op(Op::IAdd, ut, &[au, bu]);
            let wrapped = e.op(Op::ULessThan, bt, &[lo, au]);
            (lo, e.op(Op::Select, ut, &[wrapped, c1, c0]))
        }
        Op::ISubBorrow => {
            let lo = e.op(Op::ISub, ut, &[au, bu]);
            let borrowed = e.op(Op::ULessThan, bt, &[au, bu]);
            (lo, e.op(Op::Select, ut, &[borrowed, c1, c0]))
        }
        op => {
            let al = e.op(Op::BitwiseAnd, ut, &[au, mask]);
            let ah = e.op(Op::ShiftRightLogical, ut, &[au, c16]);
            let bl = e.op(Op::BitwiseAnd, ut, &[bu, mask]);
            let bh = e.op(Op::ShiftRightLogical, ut, &[bu, c16]);
            let ll = e.op(Op::IMul, ut, &[al, bl]);
            let lh = e.op(Op::IMul, ut, &[al, bh]);
            let hl = e.op(Op::IMul, ut, &[ah, bl]);
            let hh = e.op(Op::IMul, ut, &[ah, bh]);
            let ll_high = e.op(Op::ShiftRightLogical, ut, &[ll, c16]);
            let lh_low = e.op(Op::BitwiseAnd, ut, &[lh, mask]);
            let hl_low = e.op(Op::BitwiseAnd, ut, &[hl, mask]);
            let mid = e.op(Op::IAdd, ut, &[ll_high, lh_low]);
            let mid = e.op(Op::IAdd, ut, &[mid, hl_low]);
            let lh_high = e.op(Op::ShiftRightLogical, ut, &[lh, c16]);
            let hl_high = e.op(Op::ShiftRightLogical, ut, &[hl, c16]);
            let mid_high = e.op(Op::ShiftRightLogical, ut, &[mid, c16]);
            let hi = e.op(Op::IAdd, ut, &[hh, lh_high]);
            let hi = e.op(Op::IAdd, ut, &[hi, hl_high]);
            let mut hi = e.op(Op::IAdd, ut, &[hi, mid_high]);
            if op == Op::SMulExtended {
                let sign = e.constant(0x8000_0000);
                let a_negative = e.op(Op::UGreaterThanEqual, bt, &[au, sign]);
                let b_negative = e.op(Op::UGreaterThanEqual, bt, &[bu, sign]);
                let less_b = e.op(Op::Select, ut, &[a_negative, bu, c0]);
                let less_a = e.op(Op::Select, ut, &[b_negative, au, c0]);
                hi = e.op(Op::ISub, ut, &[hi, less_b]);
                hi = e.op(Op::ISub, ut, &[hi, less_a]);
            }
            (e.op(Op::IMul, ut, &[au, bu]), hi)
        }
    };
    let (lo, hi) = if member == ut { (lo, hi) } else { (e.op(Op::Bitcast, member, &[lo]), e.op(Op::Bitcast, member, &[hi])) };
    out.push(Instruction::new(Op::CompositeConstruct, Some(result_type), Some(result), vec![Operand::IdRef(lo), Operand::IdRef(hi)]));
    Some(out)
}

/// Appends instructions on 32-bit unsigned values of one shape.
struct Emitter<'m> {
    module: &'m mut dr::Module,
    out: &'m mut Vec<Instruction>,
    /// Components of the values (`None`: scalars).
    count: Option<u32>,
}

impl Emitter<'_> {
    fn op(&mut self, op: Op, ty: Word, operands: &[Word]) -> Word {
        let id = fresh_id(self.module);
        self.out.push(Instruction::new(op, Some(ty), Some(id), operands.iter().map(|&o| Operand::IdRef(o)).collect()));
        id
    }

    /// A `u32` constant, splatted to the vector type.
    fn constant(&mut self, bits: u32) -> Word {
        uint_constant(self.module, self.count, bits)
    }
}
