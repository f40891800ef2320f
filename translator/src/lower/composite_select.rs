//! `OpSelect` of arrays, structs and matrices → a branch storing the chosen one; `OpSelect` of
//! pointers is refused.
//!
//! SPIR-V 1.4 lets `OpSelect` choose between composites (a scalar condition) and, with variable
//! pointers, between pointers. WGSL's `select` takes scalars and vectors only, so naga's
//! validator refused the function. A composite select becomes a selection storing the operand
//! it chooses to a function variable, read back where the select was:
//!
//! ```text
//! OpSelectionMerge %merge None
//! OpBranchConditional %cond %take_a %take_b
//! %take_a: OpStore %var %a; OpBranch %merge
//! %take_b: OpStore %var %b; OpBranch %merge
//! %merge:  %result = OpLoad %var; ...what followed the select
//! ```
//!
//! The block holding the select is split as lower/atomic_signedness.rs splits one around an
//! atomic (a loop header keeps its header role; successors' `OpPhi`s name the merge block).
//! A pointer cannot be chosen at run time in WGSL (a `let` of pointer type is fixed where it
//! is declared, and no variable holds a pointer), so a pointer select is refused by name.

use super::atomic_signedness::{label_of, rename_phi_parents, split_loop_header, splittable_header};
use super::fresh_id;
use rspirv::dr::{self, Block, Instruction, Operand};
use spirv::{Op, SelectionControl, StorageClass, Word};
use std::collections::HashSet;

/// Whether [`lower`] may change or refuse the module: a function selects, and the module
/// declares an array, struct, matrix or pointer type (which a select might choose).
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.types_global_values().any(|i| matches!(i.opcode, Op::TypeArray | Op::TypeStruct | Op::TypeMatrix | Op::TypePointer))
        && module.bodies().any(|i| i.opcode == Op::Select)
}

pub fn lower(module: &mut dr::Module) -> Result<bool, String> {
    let kinds = |op: Op| module.types_global_values.iter().filter(move |i| i.class.opcode == op).filter_map(|i| i.result_id);
    let composites: HashSet<Word> = kinds(Op::TypeArray).chain(kinds(Op::TypeStruct)).chain(kinds(Op::TypeMatrix)).collect();
    let pointers: HashSet<Word> = kinds(Op::TypePointer).collect();
    let chooses = |i: &Instruction, types: &HashSet<Word>| i.class.opcode == Op::Select && i.result_type.is_some_and(|t| types.contains(&t));
    let body = || module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions);
    if body().any(|i| chooses(i, &pointers)) {
        return Err("OpSelect of pointers (variable pointers: WGSL cannot choose a pointer at run time)".into());
    }
    if !body().any(|i| chooses(i, &composites)) {
        return Ok(false);
    }
    for f in 0..module.functions.len() {
        let mut b = 0;
        while b < module.functions[f].blocks.len() {
            let Some(at) = module.functions[f].blocks[b].instructions.iter().position(|i| chooses(i, &composites)) else {
                b += 1;
                continue;
            };
            if module.functions[f].blocks[b].instructions.iter().any(|i| i.class.opcode == Op::LoopMerge) {
                if !splittable_header(&module.functions[f].blocks[b]) {
                    return Err("OpSelect of a composite in a loop header that branches two ways inside the loop".into());
                }
                split_loop_header(module, f, b)?;
                b += 1; // the block the header's instructions moved to
                continue;
            }
            let select = module.functions[f].blocks[b].instructions[at].clone();
            let blocks = branch(module, f, b, at, &select);
            let n = blocks.len();
            module.functions[f].blocks.splice(b + 1..b + 1, blocks);
            b += n; // the merge block, which may select again
        }
    }
    Ok(true)
}

/// Replaces the select at `blocks[b].instructions[at]` (not in a loop header) by the selection
/// in the module's comment; returns the blocks to insert after `blocks[b]`.
fn branch(module: &mut dr::Module, f: usize, b: usize, at: usize, select: &Instruction) -> Vec<Block> {
    let [Operand::IdRef(condition), Operand::IdRef(a), Operand::IdRef(b_value)] = select.operands[..] else {
        return Vec::new();
    };
    let (ty, result) = (select.result_type.unwrap_or(0), select.result_id.unwrap_or(0));
    let var_ty = super::pointer_type(module, StorageClass::Function, ty);
    let [var, take_a, take_b, merge] = std::array::from_fn(|_| fresh_id(module));
    let id = Operand::IdRef;
    let label = |id: Word| Some(Instruction::new(Op::Label, None, Some(id), vec![]));
    let store_and_merge = |value: Word| {
        vec![Instruction::new(Op::Store, None, None, vec![id(var), id(value)]), Instruction::new(Op::Branch, None, None, vec![id(merge)])]
    };

    let this = label_of(&module.functions[f].blocks[b]);
    rename_phi_parents(module, f, this, merge, None);
    let block = &mut module.functions[f].blocks[b];
    let after: Vec<Instruction> = block.instructions.split_off(at + 1);
    block.instructions.pop(); // the select
    block.instructions.push(Instruction::new(
        Op::SelectionMerge,
        None,
        None,
        vec![id(merge), Operand::SelectionControl(SelectionControl::NONE)],
    ));
    block.instructions.push(Instruction::new(Op::BranchConditional, None, None, vec![id(condition), id(take_a), id(take_b)]));
    let entry = &mut module.functions[f].blocks[0].instructions;
    entry.insert(0, Instruction::new(Op::Variable, Some(var_ty), Some(var), vec![Operand::StorageClass(StorageClass::Function)]));
    let merged = std::iter::once(Instruction::new(Op::Load, Some(ty), Some(result), vec![id(var)])).chain(after).collect();
    vec![
        Block { label: label(take_a), instructions: store_and_merge(a) },
        Block { label: label(take_b), instructions: store_and_merge(b_value) },
        Block { label: label(merge), instructions: merged },
    ]
}
