//! Drops non-semantic extended instruction sets (SPV_KHR_non_semantic_info): every
//! `OpExtInstImport "NonSemantic.*"` and the `OpExtInst`s of those sets (`debugPrintfEXT`'s
//! `NonSemantic.DebugPrintf`, `NonSemantic.ClspvReflection.*`...).
//!
//! Their instructions have no semantic effect by definition, and their results may be used
//! only by other non-semantic instructions, so removing them all leaves the module's meaning
//! unchanged. naga's SPIR-V reader takes only `NonSemantic.Shader.DebugInfo.100` (it ignores
//! it) and refuses every other set, which shader printf left in a shipped shader would hit.
//! That one set is left to naga.

use rspirv::dr::{self, Operand};
use spirv::{Op, Word};

/// The set naga's reader ignores by itself.
const LEFT_TO_NAGA: &str = "NonSemantic.Shader.DebugInfo.100";

fn dropped(name: &str) -> bool {
    name.starts_with("NonSemantic.") && name != LEFT_TO_NAGA
}

/// Whether [`lower`] would change the module: it imports a non-semantic set naga refuses.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.ext_inst_imports().any(|i| i.string_at(0).is_some_and(|(name, _)| dropped(&name)))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let sets: Vec<Word> = module
        .ext_inst_imports
        .iter()
        .filter(|i| matches!(i.operands.first(), Some(Operand::LiteralString(name)) if dropped(name)))
        .filter_map(|i| i.result_id)
        .collect();
    if sets.is_empty() {
        return false;
    }
    let of_dropped_set =
        |i: &dr::Instruction| i.class.opcode == Op::ExtInst && matches!(i.operands.first(), Some(Operand::IdRef(s)) if sets.contains(s));
    module.ext_inst_imports.retain(|i| !i.result_id.is_some_and(|id| sets.contains(&id)));
    module.types_global_values.retain(|i| !of_dropped_set(i));
    let mut results: Vec<Word> = Vec::new();
    for f in &mut module.functions {
        for b in &mut f.blocks {
            results.extend(b.instructions.iter().filter(|i| of_dropped_set(i)).filter_map(|i| i.result_id));
            b.instructions.retain(|i| !of_dropped_set(i));
        }
    }
    // Names and decorations of what went.
    results.extend(&sets);
    let names_dropped = |i: &dr::Instruction| matches!(i.operands.first(), Some(Operand::IdRef(t)) if results.contains(t));
    module.debug_names.retain(|i| !names_dropped(i));
    module.annotations.retain(|i| !names_dropped(i));
    true
}
