//! `OpLogicalAnd` and `OpLogicalOr` of boolean vectors → `OpSelect` per component:
//! `a && b` is `a ? b : false`, `a || b` is `a ? true : b`.
//!
//! SPIR-V's logical operations take scalars or vectors of booleans; naga's reader makes them its
//! `&&` and `||`, which WGSL has for scalars only, so its validator failed a module that used
//! them on vectors ("Incompatible operands: LogicalAnd(vec2<bool>, _)"). Both operands are
//! values already computed, so the select (which WGSL evaluates component-wise, both sides
//! computed) gives the same components.

use super::{fresh_id, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::{HashMap, HashSet};

/// Whether [`lower`] may change the module: a function computes a logical and or or whose
/// result is a vector.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    if !module.has_any_opcode(&[Op::LogicalAnd, Op::LogicalOr]) {
        return false;
    }
    let vectors: HashSet<Word> = module.types_global_values().filter(|i| i.opcode == Op::TypeVector).filter_map(|i| i.result_id).collect();
    module.bodies().any(|i| matches!(i.opcode, Op::LogicalAnd | Op::LogicalOr) && i.result_type.is_some_and(|t| vectors.contains(&t)))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let sizes: HashMap<Word, u32> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypeVector)
        .filter_map(|i| match i.operands[..] {
            [Operand::IdRef(_), Operand::LiteralBit32(n)] => Some((i.result_id?, n)),
            _ => None,
        })
        .collect();
    let vector_result =
        |i: &Instruction| matches!(i.class.opcode, Op::LogicalAnd | Op::LogicalOr) && i.result_type.is_some_and(|t| sizes.contains_key(&t));
    if !module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions).any(vector_result) {
        return false;
    }
    let boolean = type_id(module, Op::TypeBool, vec![]);
    let mut splats: HashMap<(Word, bool), Word> = HashMap::new();
    let mut changed = false;
    for f in 0..module.functions.len() {
        for b in 0..module.functions[f].blocks.len() {
            for n in 0..module.functions[f].blocks[b].instructions.len() {
                let i = &module.functions[f].blocks[b].instructions[n];
                if !vector_result(i) {
                    continue;
                }
                let (op, ty) = (i.class.opcode, i.result_type.unwrap_or(0));
                let [Operand::IdRef(a), Operand::IdRef(c)] = i.operands[..] else { continue };
                let value = op == Op::LogicalOr;
                let count = sizes.get(&ty).copied().unwrap_or(0);
                let splat = match splats.get(&(ty, value)) {
                    Some(&s) => s,
                    None => {
                        let s = bool_splat(module, boolean, ty, count, value);
                        splats.insert((ty, value), s);
                        s
                    }
                };
                let (accept, reject) = if value { (splat, c) } else { (c, splat) };
                let i = &mut module.functions[f].blocks[b].instructions[n];
                *i = Instruction::new(
                    Op::Select,
                    i.result_type,
                    i.result_id,
                    vec![Operand::IdRef(a), Operand::IdRef(accept), Operand::IdRef(reject)],
                );
                changed = true;
            }
        }
    }
    changed
}

/// A boolean vector constant of `count` components, all `value`.
fn bool_splat(module: &mut dr::Module, boolean: Word, ty: Word, count: u32, value: bool) -> Word {
    let op = if value { Op::ConstantTrue } else { Op::ConstantFalse };
    let scalar = match module
        .types_global_values
        .iter()
        .find(|i| i.class.opcode == op && i.result_type == Some(boolean))
        .and_then(|i| i.result_id)
    {
        Some(id) => id,
        None => {
            let id = fresh_id(module);
            module.types_global_values.push(Instruction::new(op, Some(boolean), Some(id), vec![]));
            id
        }
    };
    let operands = vec![Operand::IdRef(scalar); count as usize];
    let existing = module
        .types_global_values
        .iter()
        .find(|i| i.class.opcode == Op::ConstantComposite && i.result_type == Some(ty) && i.operands == operands);
    if let Some(id) = existing.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    module.types_global_values.push(Instruction::new(Op::ConstantComposite, Some(ty), Some(id), operands));
    id
}
