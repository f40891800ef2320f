//! Constant indices past the end of a vector, matrix or array (in access chains and dynamic
//! vector extracts and inserts) → the same index read from a private variable.
//!
//! SPIR-V lets a module index out of bounds where the access is never executed, or where it is
//! (the result is then undefined); GraphicsFuzz writes such accesses in code that never runs.
//! WGSL makes a constant index out of bounds a shader-creation error, and naga's validator
//! failed the module. Read at run time, the index is WGSL's out-of-bounds access, which reads
//! some element or zero and writes some element or nothing: one of the behaviours SPIR-V's
//! undefined result allows, and nothing where the access never runs. Negative signed indices
//! count as past the end.

use super::{fresh_id, private_variable};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::HashMap;

/// Whether [`lower`] may change the module: a function indexes a vector, matrix or array past
/// its end with a constant.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    let constant = |id: Word| match module.def(id) {
        Some(d) if d.opcode == Op::Constant => d.operands.first().map(|&bits| u64::from(bits)),
        _ => None,
    };
    let type_of = |id: Word| module.def(id).and_then(|d| d.result_type);
    let vector_size = |v: Word| match type_of(v).and_then(|t| module.def(t)) {
        Some(t) if t.opcode == Op::TypeVector => t.operands.get(1).map(|&n| u64::from(n)),
        _ => None,
    };
    let past = |index: Option<u64>, size: Option<u64>| matches!((index, size), (Some(i), Some(n)) if i >= n);
    module.bodies().any(|i| match i.opcode {
        Op::AccessChain | Op::InBoundsAccessChain => {
            let Some((&base, indices)) = i.ids.split_first() else { return false };
            let mut ty = match type_of(base).and_then(|p| module.def(p)) {
                Some(p) if p.opcode == Op::TypePointer => p.ids.first().copied(),
                _ => None,
            };
            for &index in indices {
                let Some(t) = ty.and_then(|t| module.def(t)) else { return false };
                let value = constant(index);
                ty = match t.opcode {
                    Op::TypeStruct => value.and_then(|v| t.ids.get(v as usize).copied()),
                    Op::TypeVector | Op::TypeMatrix if past(value, t.operands.get(1).map(|&n| u64::from(n))) => return true,
                    Op::TypeArray if past(value, t.ids.get(1).and_then(|&length| constant(length))) => return true,
                    Op::TypeVector | Op::TypeMatrix | Op::TypeArray | Op::TypeRuntimeArray => t.ids.first().copied(),
                    _ => None,
                };
            }
            false
        }
        Op::VectorExtractDynamic => matches!(i.ids, [v, index] if past(constant(*index), vector_size(*v))),
        Op::VectorInsertDynamic => matches!(i.ids, [v, _, index] if past(constant(*index), vector_size(*v))),
        _ => false,
    })
}

pub fn lower(module: &mut dr::Module) -> bool {
    let defs: HashMap<Word, Instruction> =
        module.types_global_values.iter().filter_map(|i| i.result_id.map(|id| (id, i.clone()))).collect();
    let types: HashMap<Word, Word> = super::value_types(module);
    // (function, block, instruction, operand, the constant index)
    let mut found: Vec<(usize, usize, usize, usize, Word)> = Vec::new();
    for (f, func) in module.functions.iter().enumerate() {
        for (b, block) in func.blocks.iter().enumerate() {
            for (n, i) in block.instructions.iter().enumerate() {
                for (o, index) in out_of_bounds(i, &defs, &types) {
                    found.push((f, b, n, o, index));
                }
            }
        }
    }
    if found.is_empty() {
        return false;
    }
    // One private variable per constant; each function loads it once, at its start.
    let mut variables: HashMap<Word, Word> = HashMap::new();
    let mut loads: HashMap<(usize, Word), Word> = HashMap::new();
    for &(f, _, _, _, index) in &found {
        if loads.contains_key(&(f, index)) {
            continue;
        }
        let Some(ty) = defs.get(&index).and_then(|d| d.result_type) else { continue };
        let var = *variables.entry(index).or_insert_with(|| private_variable(module, ty, index));
        let load = fresh_id(module);
        let Some(entry) = module.functions[f].blocks.first_mut() else { continue };
        let at = entry.instructions.iter().position(|i| i.class.opcode != Op::Variable).unwrap_or(entry.instructions.len());
        entry.instructions.insert(at, Instruction::new(Op::Load, Some(ty), Some(load), vec![Operand::IdRef(var)]));
        loads.insert((f, index), load);
    }
    for (f, b, n, o, index) in found {
        let Some(&load) = loads.get(&(f, index)) else { continue };
        // The entry block gained the function's loads before the instruction.
        let n = if b == 0 { n + loads.keys().filter(|(lf, _)| *lf == f).count() } else { n };
        if let Some(operand) = module.functions[f].blocks[b].instructions.get_mut(n).and_then(|i| i.operands.get_mut(o)) {
            *operand = Operand::IdRef(load);
        }
    }
    true
}

/// The operands of `i` that are constant indices past the end of what they index, with the
/// constants.
fn out_of_bounds(i: &Instruction, defs: &HashMap<Word, Instruction>, types: &HashMap<Word, Word>) -> Vec<(usize, Word)> {
    let id = |o: Option<&Operand>| match o {
        Some(Operand::IdRef(id)) => Some(*id),
        _ => None,
    };
    let mut found = Vec::new();
    match i.class.opcode {
        Op::AccessChain | Op::InBoundsAccessChain => {
            let Some(base_type) = id(i.operands.first()).and_then(|b| types.get(&b)) else { return found };
            let mut ty = match defs.get(base_type) {
                Some(p) if p.class.opcode == Op::TypePointer => id(p.operands.get(1)),
                _ => None,
            };
            for (o, operand) in i.operands.iter().enumerate().skip(1) {
                let (Some(t), Operand::IdRef(index)) = (ty.and_then(|t| defs.get(&t)), operand) else { break };
                let value = constant_index(defs.get(index));
                ty = match (t.class.opcode, t.operands.as_slice()) {
                    (Op::TypeStruct, members) => value.and_then(|v| id(members.get(v as usize))),
                    (Op::TypeVector | Op::TypeMatrix, [Operand::IdRef(element), Operand::LiteralBit32(n)]) => {
                        if value.is_some_and(|v| v >= u64::from(*n)) {
                            found.push((o, *index));
                        }
                        Some(*element)
                    }
                    (Op::TypeArray, [Operand::IdRef(element), Operand::IdRef(length)]) => {
                        if let (Some(v), Some(n)) = (value, constant_index(defs.get(length))) {
                            if v >= n {
                                found.push((o, *index));
                            }
                        }
                        Some(*element)
                    }
                    (Op::TypeRuntimeArray, [Operand::IdRef(element)]) => Some(*element),
                    _ => None,
                };
            }
        }
        Op::VectorExtractDynamic | Op::VectorInsertDynamic => {
            let (vector, at) = if i.class.opcode == Op::VectorExtractDynamic { (0, 1) } else { (0, 2) };
            let Some(Operand::IdRef(index)) = i.operands.get(at) else { return found };
            let size =
                id(i.operands.get(vector)).and_then(|v| types.get(&v)).and_then(|t| defs.get(t)).and_then(|t| match t.operands[..] {
                    [Operand::IdRef(_), Operand::LiteralBit32(n)] if t.class.opcode == Op::TypeVector => Some(n),
                    _ => None,
                });
            if let (Some(v), Some(n)) = (constant_index(defs.get(index)), size) {
                if v >= u64::from(n) {
                    found.push((at, *index));
                }
            }
        }
        _ => {}
    }
    found
}

/// A 32-bit integer constant's value as an index: negative signed values count as past any end.
fn constant_index(def: Option<&Instruction>) -> Option<u64> {
    let def = def?;
    if def.class.opcode != Op::Constant {
        return None;
    }
    match def.operands[..] {
        [Operand::LiteralBit32(bits)] => Some(u64::from(bits)),
        _ => None,
    }
}
