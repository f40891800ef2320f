//! `OpSelect` of arrays, structs and matrices → a branch storing the chosen one; `OpSelect` of
//! pointers → each load, store or copy through it done in a branch on the pointer it chooses.
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
//! WGSL cannot choose a pointer at run time (a `let` of pointer type is fixed where it is
//! declared, and no variable holds a pointer), so a pointer select goes: each of its uses
//! becomes the same selection around the use made through either pointer (a load through
//! `%a` or `%b` stored to the variable, a store or copy through one or the other; the other
//! pointer is never dereferenced, as in the module). A pointer select used otherwise (an
//! access chain, an atomic, a call, a phi) is refused by name.
//!
//! The block holding the select or use is split as lower/atomic_signedness.rs splits one
//! around an atomic (a loop header keeps its header role; successors' `OpPhi`s name the merge
//! block).

use super::atomic_signedness::{label_of, rename_phi_parents, split_loop_header, splittable_header};
use super::fresh_id;
use rspirv::dr::{self, Block, Instruction, Operand};
use spirv::{Op, SelectionControl, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// Whether [`lower`] may change or refuse the module: a function selects an array, struct,
/// matrix or pointer.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.has_opcode(Op::Select)
        && module.bodies().any(|i| {
            i.opcode == Op::Select
                && i.result_type
                    .and_then(|t| module.def(t))
                    .is_some_and(|t| matches!(t.opcode, Op::TypeArray | Op::TypeStruct | Op::TypeMatrix | Op::TypePointer))
        })
}

/// A pointer select: its condition and the two pointers.
#[derive(Clone, Copy)]
struct PointerSelect {
    condition: Word,
    a: Word,
    b: Word,
}

/// What one instruction becomes: the instructions each side of the branch runs (on `a`, on
/// `b`), and those the merge block starts with.
struct Sides {
    condition: Word,
    a: Vec<Instruction>,
    b: Vec<Instruction>,
    merged: Vec<Instruction>,
    /// A function variable the sides store to, declared in the function's first block.
    variable: Option<Instruction>,
}

pub fn lower(module: &mut dr::Module) -> Result<bool, String> {
    let kinds = |op: Op| module.types_global_values.iter().filter(move |i| i.class.opcode == op).filter_map(|i| i.result_id);
    let composites: HashSet<Word> = kinds(Op::TypeArray).chain(kinds(Op::TypeStruct)).chain(kinds(Op::TypeMatrix)).collect();
    let pointers: HashSet<Word> = kinds(Op::TypePointer).collect();
    let chooses =
        |i: &Instruction, types: &HashSet<Word>| i.class.opcode == Op::Select && i.result_type.is_some_and(|t| types.contains(&t));
    let body = || module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions);
    let pointer_selects: HashMap<Word, PointerSelect> = body()
        .filter(|i| chooses(i, &pointers))
        .filter_map(|i| match (i.result_id, i.operands.as_slice()) {
            (Some(id), [Operand::IdRef(condition), Operand::IdRef(a), Operand::IdRef(b)]) => {
                Some((id, PointerSelect { condition: *condition, a: *a, b: *b }))
            }
            _ => None,
        })
        .collect();
    if pointer_selects.is_empty() && !body().any(|i| chooses(i, &composites)) {
        return Ok(false);
    }
    if pointer_selects.values().any(|s| pointer_selects.contains_key(&s.a) || pointer_selects.contains_key(&s.b)) {
        return Err("OpSelect of pointers chosen by another OpSelect (variable pointers: WGSL cannot choose a pointer at run time)".into());
    }
    for i in body() {
        if i.class.opcode != Op::Select && i.operands.iter().any(|o| matches!(o, Operand::IdRef(id) if pointer_selects.contains_key(id))) {
            if pointer_use(i, &pointer_selects).is_none() {
                return Err(format!(
                    "OpSelect of pointers used by Op{:?} (variable pointers: WGSL cannot choose a pointer at run time)",
                    i.class.opcode
                ));
            }
        }
    }
    let rewritten =
        |i: &Instruction| chooses(i, &composites) || (i.class.opcode != Op::Select && pointer_use(i, &pointer_selects).is_some());
    for f in 0..module.functions.len() {
        let mut b = 0;
        while b < module.functions[f].blocks.len() {
            let Some(at) = module.functions[f].blocks[b].instructions.iter().position(rewritten) else {
                b += 1;
                continue;
            };
            if module.functions[f].blocks[b].instructions.iter().any(|i| i.class.opcode == Op::LoopMerge) {
                if !splittable_header(&module.functions[f].blocks[b]) {
                    return Err("OpSelect of a composite or pointer in a loop header that branches two ways inside the loop".into());
                }
                split_loop_header(module, f, b)?;
                b += 1; // the block the header's instructions moved to
                continue;
            }
            let inst = module.functions[f].blocks[b].instructions[at].clone();
            let sides = match inst.class.opcode {
                Op::Select => composite_sides(module, &inst),
                _ => pointer_sides(module, &inst, &pointer_selects),
            };
            let Some(sides) = sides else {
                return Err(format!("OpSelect: an unexpected Op{:?}", inst.class.opcode));
            };
            let blocks = branch(module, f, b, at, sides);
            let n = blocks.len();
            module.functions[f].blocks.splice(b + 1..b + 1, blocks);
            b += n; // the merge block, which may select again
        }
    }
    // The pointer selects have no uses left.
    for block in module.functions.iter_mut().flat_map(|f| &mut f.blocks) {
        block.instructions.retain(|i| !i.result_id.is_some_and(|id| pointer_selects.contains_key(&id)));
    }
    Ok(true)
}

/// The pointer select `inst` dereferences, if it is a load, store or copy through one (and no
/// other operand is one).
fn pointer_use(inst: &Instruction, selects: &HashMap<Word, PointerSelect>) -> Option<Word> {
    let is_select = |o: &Operand| matches!(o, Operand::IdRef(id) if selects.contains_key(id));
    let through = match (inst.class.opcode, inst.operands.as_slice()) {
        (Op::Load, [Operand::IdRef(p), ..]) => *p,
        (Op::Store, [Operand::IdRef(p), value, ..]) if !is_select(value) => *p,
        (Op::CopyMemory, [Operand::IdRef(t), Operand::IdRef(s), ..]) if !(selects.contains_key(t) && selects.contains_key(s)) => {
            if selects.contains_key(t) {
                *t
            } else {
                *s
            }
        }
        _ => return None,
    };
    selects.contains_key(&through).then_some(through)
}

/// A composite select: each side stores its operand to a new function variable, which the
/// merge block loads as the select's result.
fn composite_sides(module: &mut dr::Module, select: &Instruction) -> Option<Sides> {
    let [Operand::IdRef(condition), Operand::IdRef(a), Operand::IdRef(b)] = select.operands[..] else { return None };
    let (ty, result) = (select.result_type?, select.result_id?);
    let (var, variable) = function_variable(module, ty);
    let store = |value: Word| Instruction::new(Op::Store, None, None, vec![Operand::IdRef(var), Operand::IdRef(value)]);
    let load = Instruction::new(Op::Load, Some(ty), Some(result), vec![Operand::IdRef(var)]);
    Some(Sides { condition, a: vec![store(a)], b: vec![store(b)], merged: vec![load], variable: Some(variable) })
}

/// A load, store or copy through a pointer select, on each side through that side's pointer;
/// a load's value is stored to a new function variable, which the merge block loads.
fn pointer_sides(module: &mut dr::Module, inst: &Instruction, selects: &HashMap<Word, PointerSelect>) -> Option<Sides> {
    let select_id = pointer_use(inst, selects)?;
    let select = selects[&select_id];
    let through = |pointer: Word| {
        let mut i = inst.clone();
        for op in &mut i.operands {
            if *op == Operand::IdRef(select_id) {
                *op = Operand::IdRef(pointer);
            }
        }
        i
    };
    if inst.class.opcode != Op::Load {
        let (a, b) = (vec![through(select.a)], vec![through(select.b)]);
        return Some(Sides { condition: select.condition, a, b, merged: vec![], variable: None });
    }
    let (ty, result) = (inst.result_type?, inst.result_id?);
    let (var, variable) = function_variable(module, ty);
    let side = |pointer: Word, module: &mut dr::Module| {
        let loaded = fresh_id(module);
        let mut load = through(pointer);
        load.result_id = Some(loaded);
        vec![load, Instruction::new(Op::Store, None, None, vec![Operand::IdRef(var), Operand::IdRef(loaded)])]
    };
    let (a, b) = (side(select.a, module), side(select.b, module));
    let load = Instruction::new(Op::Load, Some(ty), Some(result), vec![Operand::IdRef(var)]);
    Some(Sides { condition: select.condition, a, b, merged: vec![load], variable: Some(variable) })
}

/// A new function variable of type `ty`: its id and its declaration.
fn function_variable(module: &mut dr::Module, ty: Word) -> (Word, Instruction) {
    let var_ty = super::pointer_type(module, StorageClass::Function, ty);
    let var = fresh_id(module);
    (var, Instruction::new(Op::Variable, Some(var_ty), Some(var), vec![Operand::StorageClass(StorageClass::Function)]))
}

/// Replaces `blocks[b].instructions[at]` (not in a loop header) by the selection in the
/// module's comment running `sides`; returns the blocks to insert after `blocks[b]`.
fn branch(module: &mut dr::Module, f: usize, b: usize, at: usize, sides: Sides) -> Vec<Block> {
    let [take_a, take_b, merge] = std::array::from_fn(|_| fresh_id(module));
    let id = Operand::IdRef;
    let label = |id: Word| Some(Instruction::new(Op::Label, None, Some(id), vec![]));
    let to_merge = Instruction::new(Op::Branch, None, None, vec![id(merge)]);

    let this = label_of(&module.functions[f].blocks[b]);
    rename_phi_parents(module, f, this, merge, None);
    let block = &mut module.functions[f].blocks[b];
    let after: Vec<Instruction> = block.instructions.split_off(at + 1);
    block.instructions.pop(); // the select, or the access through one
    block.instructions.push(Instruction::new(
        Op::SelectionMerge,
        None,
        None,
        vec![id(merge), Operand::SelectionControl(SelectionControl::NONE)],
    ));
    block.instructions.push(Instruction::new(Op::BranchConditional, None, None, vec![id(sides.condition), id(take_a), id(take_b)]));
    if let Some(variable) = sides.variable {
        module.functions[f].blocks[0].instructions.insert(0, variable);
    }
    let side = |mut instructions: Vec<Instruction>| {
        instructions.push(to_merge.clone());
        instructions
    };
    vec![
        Block { label: label(take_a), instructions: side(sides.a) },
        Block { label: label(take_b), instructions: side(sides.b) },
        Block { label: label(merge), instructions: sides.merged.into_iter().chain(after).collect() },
    ]
}
