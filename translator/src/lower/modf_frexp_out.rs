//! GLSL.std.450 `Modf` and `Frexp`, which return one part and store the other through a
//! pointer (GLSL's `modf(x, out i)`, `frexp(x, out e)`) → `ModfStruct` and `FrexpStruct`, which
//! return both: the stored part is extracted and stored, the returned one extracted under the
//! instruction's result id.
//!
//! naga's reader takes only the struct forms (WGSL's `modf` and `frexp` return structs), and
//! refused the pointer forms as "unsupported extension instantiation" (glslang writes `Modf`
//! for GLSL's `modf`). The store happens where the instruction was, so the pointee's value is
//! the same at every point after it.

use super::fresh_id;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::HashMap;

const MODF: u32 = 35;
const MODF_STRUCT: u32 = 36;
const FREXP: u32 = 51;
const FREXP_STRUCT: u32 = 52;

/// The ids of the module's GLSL.std.450 imports.
fn glsl_sets<'a>(names: impl Iterator<Item = (Option<Word>, Option<String>)> + 'a) -> impl Iterator<Item = Word> + 'a {
    names.filter(|(_, name)| name.as_deref() == Some("GLSL.std.450")).filter_map(|(id, _)| id)
}

/// Whether [`lower`] may change the module: it calls GLSL.std.450's `Modf` or `Frexp`.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    let sets: Vec<Word> = glsl_sets(module.ext_inst_imports().map(|i| (i.result_id, i.string_at(0).map(|(s, _)| s)))).collect();
    !sets.is_empty()
        && module.has_opcode(Op::ExtInst)
        && module.bodies().any(|i| i.opcode == Op::ExtInst && matches!(i.operands, [set, MODF | FREXP, ..] if sets.contains(set)))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let sets: Vec<Word> = glsl_sets(module.ext_inst_imports.iter().map(|i| {
        let name = match i.operands.first() {
            Some(Operand::LiteralString(s)) => Some(s.clone()),
            _ => None,
        };
        (i.result_id, name)
    }))
    .collect();
    let pointer_call = |i: &Instruction| {
        i.class.opcode == Op::ExtInst
            && matches!(i.operands[..], [Operand::IdRef(set), Operand::LiteralExtInstInteger(MODF | FREXP), Operand::IdRef(_), Operand::IdRef(_)] if sets.contains(&set))
    };
    if !module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions).any(pointer_call) {
        return false;
    }
    // Every value's type, and each pointer type's pointee.
    let types: HashMap<Word, Word> = super::value_types(module);
    let pointees: HashMap<Word, Word> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypePointer)
        .filter_map(|i| match i.operands[..] {
            [Operand::StorageClass(_), Operand::IdRef(pointee)] => Some((i.result_id?, pointee)),
            _ => None,
        })
        .collect();
    let mut structs: HashMap<(Word, Word), Word> = HashMap::new();
    let mut changed = false;
    for f in 0..module.functions.len() {
        for b in 0..module.functions[f].blocks.len() {
            let mut at = 0;
            while at < module.functions[f].blocks[b].instructions.len() {
                let inst = &module.functions[f].blocks[b].instructions[at];
                if !pointer_call(inst) {
                    at += 1;
                    continue;
                }
                let [Operand::IdRef(set), Operand::LiteralExtInstInteger(which), Operand::IdRef(x), Operand::IdRef(ptr)] =
                    inst.operands[..]
                else {
                    at += 1;
                    continue;
                };
                let (Some(ty), Some(result)) = (inst.result_type, inst.result_id) else {
                    at += 1;
                    continue;
                };
                let Some(&stored) = types.get(&ptr).and_then(|t| pointees.get(t)) else {
                    at += 1;
                    continue;
                };
                let pair = *structs.entry((ty, stored)).or_insert_with(|| {
                    // A struct of its own: no decoration or name of another reaches it.
                    let id = fresh_id(module);
                    module.types_global_values.push(Instruction::new(
                        Op::TypeStruct,
                        None,
                        Some(id),
                        vec![Operand::IdRef(ty), Operand::IdRef(stored)],
                    ));
                    id
                });
                let (both, other) = (fresh_id(module), fresh_id(module));
                let whole = if which == MODF { MODF_STRUCT } else { FREXP_STRUCT };
                let new = vec![
                    Instruction::new(
                        Op::ExtInst,
                        Some(pair),
                        Some(both),
                        vec![Operand::IdRef(set), Operand::LiteralExtInstInteger(whole), Operand::IdRef(x)],
                    ),
                    Instruction::new(Op::CompositeExtract, Some(stored), Some(other), vec![Operand::IdRef(both), Operand::LiteralBit32(1)]),
                    Instruction::new(Op::Store, None, None, vec![Operand::IdRef(ptr), Operand::IdRef(other)]),
                    Instruction::new(Op::CompositeExtract, Some(ty), Some(result), vec![Operand::IdRef(both), Operand::LiteralBit32(0)]),
                ];
                module.functions[f].blocks[b].instructions.splice(at..at + 1, new);
                at += 4;
                changed = true;
            }
        }
    }
    changed
}
