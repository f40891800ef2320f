//! GLSL.std.450 `ModfStruct` and `FrexpStruct` whose result is used as a whole (stored,
//! passed, returned, ...) → the same instruction under a fresh id, its two members extracted and
//! composed again into the struct type the module declares, under the instruction's result id.
//!
//! naga's reader makes these instructions `Math { Modf | Frexp }`, whose value has WGSL's
//! predeclared struct type (`__modf_result_f32`, `__frexp_result_f32`...), not the struct the
//! SPIR-V declares: storing it to a variable of that struct made naga's validator refuse the
//! function ("The type of [30] doesn't match the type stored in [15]"). Members extracted
//! (naga's `AccessIndex`) have the declared members' types, so a call used only by
//! `OpCompositeExtract` (as [`super::modf_frexp_out`] writes them) is left alone.

use super::fresh_id;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::{HashMap, HashSet};

const MODF_STRUCT: u32 = 36;
const FREXP_STRUCT: u32 = 52;

/// Whether [`lower`] may change the module: it calls GLSL.std.450's `ModfStruct` or
/// `FrexpStruct`.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    let sets: Vec<Word> = module
        .ext_inst_imports()
        .filter(|i| i.string_at(0).map(|(s, _)| s).as_deref() == Some("GLSL.std.450"))
        .filter_map(|i| i.result_id)
        .collect();
    !sets.is_empty()
        && module
            .bodies()
            .any(|i| i.opcode == Op::ExtInst && matches!(i.operands, [set, MODF_STRUCT | FREXP_STRUCT, ..] if sets.contains(set)))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let sets = super::glsl_std_imports(module);
    let struct_call = |i: &Instruction| {
        i.class.opcode == Op::ExtInst
            && matches!(i.operands[..], [Operand::IdRef(set), Operand::LiteralExtInstInteger(MODF_STRUCT | FREXP_STRUCT), Operand::IdRef(_)] if sets.contains(&set))
    };
    let bodies = || module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions);
    let calls: HashSet<Word> = bodies().filter(|i| struct_call(i)).filter_map(|i| i.result_id).collect();
    if calls.is_empty() {
        return false;
    }
    // The calls used other than as the composite of an OpCompositeExtract.
    let mut whole: HashSet<Word> = HashSet::new();
    for i in bodies() {
        for (n, op) in i.operands.iter().enumerate() {
            if let Operand::IdRef(id) = op {
                if calls.contains(id) && !(i.class.opcode == Op::CompositeExtract && n == 0) {
                    whole.insert(*id);
                }
            }
        }
    }
    // Entry-point interfaces and names cannot name a function-local value; decorations could.
    for i in &module.annotations {
        for op in &i.operands {
            if let Operand::IdRef(id) = op {
                if calls.contains(id) {
                    whole.insert(*id);
                }
            }
        }
    }
    if whole.is_empty() {
        return false;
    }
    // Each struct type's member types.
    let members: HashMap<Word, Vec<Word>> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypeStruct)
        .filter_map(|i| {
            let ids: Option<Vec<Word>> = i.operands.iter().map(|o| if let Operand::IdRef(t) = o { Some(*t) } else { None }).collect();
            Some((i.result_id?, ids?))
        })
        .collect();
    let mut changed = false;
    for f in 0..module.functions.len() {
        for b in 0..module.functions[f].blocks.len() {
            let mut at = 0;
            while at < module.functions[f].blocks[b].instructions.len() {
                let inst = &module.functions[f].blocks[b].instructions[at];
                let (Some(ty), Some(result)) = (inst.result_type, inst.result_id) else {
                    at += 1;
                    continue;
                };
                let Some([first, second]) = members.get(&ty).map(|m| &m[..]) else {
                    at += 1;
                    continue;
                };
                let (first, second) = (*first, *second);
                if !struct_call(inst) || !whole.contains(&result) {
                    at += 1;
                    continue;
                }
                let mut call = inst.clone();
                let (both, part0, part1) = (fresh_id(module), fresh_id(module), fresh_id(module));
                call.result_id = Some(both);
                let new = vec![
                    call,
                    Instruction::new(Op::CompositeExtract, Some(first), Some(part0), vec![Operand::IdRef(both), Operand::LiteralBit32(0)]),
                    Instruction::new(Op::CompositeExtract, Some(second), Some(part1), vec![Operand::IdRef(both), Operand::LiteralBit32(1)]),
                    Instruction::new(Op::CompositeConstruct, Some(ty), Some(result), vec![Operand::IdRef(part0), Operand::IdRef(part1)]),
                ];
                module.functions[f].blocks[b].instructions.splice(at..at + 1, new);
                at += 4;
                changed = true;
            }
        }
    }
    changed
}
