//! A pointer (an access chain, or a copy of a pointer) computed in one block and used in
//! another → computed again where it is used, from the same base and indices.
//!
//! naga's reader keeps a value used outside the structured body that computed it (an access
//! chain computed in a loop and loaded after it, as spirv-opt leaves them) in a local variable,
//! and a local variable cannot hold a pointer: naga's validator then failed the module ("Local
//! variable has a type that can't be stored in a local variable"). Recomputing the chain gives
//! the same pointer: its base is a variable or another such pointer (recomputed the same way),
//! and its indices are values that dominate the use, which naga may keep in locals. Uses in
//! `OpPhi` are left alone (SPIR-V's logical addressing has no phis of pointers).

use super::fresh_id;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::{HashMap, HashSet};

fn recomputable(op: Op) -> bool {
    matches!(op, Op::AccessChain | Op::InBoundsAccessChain | Op::CopyObject)
}

/// Whether [`lower`] may change the module: a function computes a pointer by an access chain
/// or copy and uses it in a later block.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    let is_pointer = |ty: Word| module.def(ty).is_some_and(|t| t.opcode == Op::TypePointer);
    // The block (counted over the module's functions) that defines each such pointer.
    let mut block_of = crate::spirv_view::IdTable::new(module.bound());
    let mut block = 0;
    for i in module.bodies() {
        if i.opcode != Op::Phi && i.ids.iter().any(|id| block_of.get(*id).is_some_and(|b| b != block)) {
            return true;
        }
        if recomputable(i.opcode) && i.result_type.is_some_and(is_pointer) {
            if let Some(id) = i.result_id {
                block_of.set(id, block);
            }
        }
        if rspirv::grammar::reflect::is_block_terminator(i.opcode) {
            block += 1;
        }
    }
    false
}

pub fn lower(module: &mut dr::Module) -> bool {
    let pointers: HashSet<Word> =
        module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypePointer).filter_map(|i| i.result_id).collect();
    let mut changed = false;
    for f in 0..module.functions.len() {
        // Each pointer's definition and the block it is in.
        let defs: HashMap<Word, (usize, Instruction)> = module.functions[f]
            .blocks
            .iter()
            .enumerate()
            .flat_map(|(b, block)| block.instructions.iter().map(move |i| (b, i)))
            .filter(|(_, i)| recomputable(i.class.opcode) && i.result_type.is_some_and(|t| pointers.contains(&t)))
            .filter_map(|(b, i)| Some((i.result_id?, (b, i.clone()))))
            .collect();
        if defs.is_empty() {
            continue;
        }
        for b in 0..module.functions[f].blocks.len() {
            let mut at = 0;
            while at < module.functions[f].blocks[b].instructions.len() {
                let inst = &module.functions[f].blocks[b].instructions[at];
                if inst.class.opcode == Op::Phi {
                    at += 1;
                    continue;
                }
                let foreign: Vec<Word> = inst
                    .operands
                    .iter()
                    .filter_map(|o| match o {
                        Operand::IdRef(id) if defs.get(id).is_some_and(|(db, _)| *db < b) => Some(*id),
                        _ => None,
                    })
                    .collect();
                if foreign.is_empty() {
                    at += 1;
                    continue;
                }
                // Recompute each pointer (and the pointers it is built on) just before the use.
                let mut recomputed: HashMap<Word, Word> = HashMap::new();
                let mut new: Vec<Instruction> = Vec::new();
                for id in foreign {
                    recompute(module, &defs, b, id, &mut recomputed, &mut new);
                }
                let block = &mut module.functions[f].blocks[b];
                for o in &mut block.instructions[at].operands {
                    if let Operand::IdRef(id) = o {
                        if let Some(r) = recomputed.get(id) {
                            *id = *r;
                        }
                    }
                }
                let added = new.len();
                block.instructions.splice(at..at, new);
                at += added + 1;
                changed = true;
            }
        }
    }
    changed
}

/// Appends to `new` the instructions computing pointer `id` afresh in block `b` (after the
/// pointers its operands name that are computed in other blocks); records the new id.
fn recompute(
    module: &mut dr::Module,
    defs: &HashMap<Word, (usize, Instruction)>,
    b: usize,
    id: Word,
    recomputed: &mut HashMap<Word, Word>,
    new: &mut Vec<Instruction>,
) -> Word {
    if let Some(&r) = recomputed.get(&id) {
        return r;
    }
    let Some((def_block, def)) = defs.get(&id) else { return id };
    // (A definition dominates its uses, so it comes in an earlier block or this one.)
    if *def_block >= b {
        return id;
    }
    let mut inst = def.clone();
    // Only a malformed module's definitions loop back to `id`; the walk then stops there.
    recomputed.insert(id, id);
    for o in &mut inst.operands {
        if let Operand::IdRef(operand) = o {
            *operand = recompute(module, defs, b, *operand, recomputed, new);
        }
    }
    let fresh = fresh_id(module);
    inst.result_id = Some(fresh);
    new.push(inst);
    recomputed.insert(id, fresh);
    fresh
}
