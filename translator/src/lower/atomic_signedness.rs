//! Atomic minimum and maximum whose opcode's signedness is not that of the memory they update
//! → a compare-and-exchange loop comparing with the opcode's signedness.
//!
//! `OpAtomicUMax` on an `int` location (or `OpAtomicSMin` on a `uint` one, ...) compares as its
//! opcode says. naga's reader reads all four as WGSL's `atomicMax`/`atomicMin` on the
//! location's type, which compares signed `i32`s and unsigned `u32`s, so the other comparison
//! was lost. The location's type cannot be bitcast (WGSL's atomics are typed, and other
//! accesses read it as declared), so the operation becomes what a compiler without such an
//! atomic writes:
//!
//! ```text
//! var = atomic load (relaxed)
//! loop { old = var
//!        new = old OP value ? old : value            (comparison of the opcode's signedness)
//!        var = atomic compare-exchange(new if equal to old)   (the atomic's scope and semantics)
//!        if var == old: leave }
//! result = var                                       (the value the location held before)
//! ```
//!
//! The value seen crosses iterations in a function variable, not an `OpPhi`: naga would assign
//! the phi in the loop's `continuing` block, which its GLSL writer writes before the body, where
//! the exchange's result is not yet named (wgpu's GL back end panicked).
//!
//! Each exchange that fails does so because another invocation updated the location, so some
//! invocation always progresses, and the value left is the one the atomic operation gives.
//! (naga reads `OpAtomicCompareExchange` as WGSL's `atomicCompareExchangeWeak`, which WGSL lets
//! fail spuriously with the old value equal to the comparand; its SPIR-V and GLSL writers, the
//! back ends wgpu runs here, write strong exchanges, which do not.) The block holding the
//! atomic is split around the loop (what follows it, the block's merge instruction and
//! terminator move to the loop's merge block, whose successors' `OpPhi`s name it). A loop
//! header block keeps only its `OpPhi`s and `OpLoopMerge` (the rest moves to a block of its
//! own, and a header that was its own continue target gets a continue block:
//! [`split_loop_header`]), so the header stays a header; a header whose branch goes two ways
//! inside the loop (a selection without a merge block of its own, which the moved branch could
//! not keep) is refused.

use super::signed_operations::int_shapes;
use super::{fresh_id, type_id};
use rspirv::dr::{self, Block, Instruction, Operand};
use spirv::{LoopControl, Op, StorageClass, Word};

fn min_max(op: Op) -> bool {
    matches!(op, Op::AtomicSMin | Op::AtomicSMax | Op::AtomicUMin | Op::AtomicUMax)
}

/// Whether [`lower`] may change the module: a function computes an atomic minimum or maximum.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.has_any_opcode(&[Op::AtomicSMin, Op::AtomicSMax, Op::AtomicUMin, Op::AtomicUMax])
}

pub fn lower(module: &mut dr::Module) -> Result<bool, String> {
    if !module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions).any(|i| min_max(i.class.opcode)) {
        return Ok(false);
    }
    let shapes = int_shapes(module);
    // An atomic whose Result type (the location's type) has the other signedness.
    let mismatched = |i: &Instruction| {
        let signed = match i.class.opcode {
            Op::AtomicSMin | Op::AtomicSMax => 1,
            Op::AtomicUMin | Op::AtomicUMax => 0,
            _ => return false,
        };
        matches!(i.result_type.and_then(|t| shapes.get(&t)), Some(&(_, s, None)) if s != signed)
            && matches!(i.operands[..], [Operand::IdRef(_), Operand::IdScope(_), Operand::IdMemorySemantics(_), Operand::IdRef(_)])
    };
    let mut changed = false;
    for f in 0..module.functions.len() {
        let mut b = 0;
        while b < module.functions[f].blocks.len() {
            let Some(at) = module.functions[f].blocks[b].instructions.iter().position(&mismatched) else {
                b += 1;
                continue;
            };
            changed = true;
            let is_header = module.functions[f].blocks[b].instructions.iter().any(|i| i.class.opcode == Op::LoopMerge);
            if is_header {
                if !splittable_header(&module.functions[f].blocks[b]) {
                    let op = module.functions[f].blocks[b].instructions[at].class.opcode;
                    return Err(format!(
                        "Op{op:?} on a location of the other signedness in a loop header that branches two ways inside the loop"
                    ));
                }
                split_loop_header(module, f, b)?;
                b += 1; // the block the header's instructions moved to
                continue;
            }
            let atomic = module.functions[f].blocks[b].instructions[at].clone();
            let blocks = compare_exchange_loop(module, f, b, at, &atomic);
            let n = blocks.len();
            module.functions[f].blocks.splice(b + 1..b + 1, blocks);
            b += n; // the loop's merge block, which may hold another atomic
        }
    }
    Ok(changed)
}

/// Whether the loop header `block`'s branch can move to a block without a merge instruction:
/// an `OpBranch`, or a conditional branch one of whose targets leaves or continues the loop.
pub(crate) fn splittable_header(block: &Block) -> bool {
    let targets = |i: &Instruction| -> Vec<Word> {
        i.operands.iter().filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None }).collect()
    };
    let loop_merge = block.instructions.iter().find(|i| i.class.opcode == Op::LoopMerge).map(|i| targets(i)).unwrap_or_default();
    match block.instructions.last() {
        Some(t) if t.class.opcode == Op::Branch => true,
        Some(t) if t.class.opcode == Op::BranchConditional => targets(t)[1..].iter().any(|to| loop_merge.contains(to)),
        _ => false,
    }
}

pub(crate) fn label_of(block: &Block) -> Word {
    block.label.as_ref().and_then(|l| l.result_id).unwrap_or(0)
}

/// In every block of function `f` but `skip`, `OpPhi` pairs naming `from` as the incoming
/// block name `to`.
pub(crate) fn rename_phi_parents(module: &mut dr::Module, f: usize, from: Word, to: Word, skip: Option<Word>) {
    for block in &mut module.functions[f].blocks {
        if Some(label_of(block)) == skip {
            continue;
        }
        for phi in block.instructions.iter_mut().filter(|i| i.class.opcode == Op::Phi) {
            for pair in phi.operands.chunks_mut(2) {
                if pair.get(1) == Some(&Operand::IdRef(from)) {
                    pair[1] = Operand::IdRef(to);
                }
            }
        }
    }
}

/// Splits the loop header `blocks[b]`: it keeps its `OpPhi`s and `OpLoopMerge` and branches to
/// a new block (inserted after it) holding its other instructions and terminator.
///
/// A header that was its own continue target gets a continue block (branching back to it) in
/// that role, and its phis become function variables: each is stored at the end of the block
/// the value comes from and loaded where the phi was. Left as phis, naga would assign them in
/// WGSL's `continuing`, which its GLSL writer writes before the loop's body, reading the body's
/// values before the body computes them. `Err` for a phi of pointers (no variable holds one).
pub(crate) fn split_loop_header(module: &mut dr::Module, f: usize, b: usize) -> Result<(), String> {
    let pointers: Vec<Word> =
        module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypePointer).filter_map(|i| i.result_id).collect();
    let rest = fresh_id(module);
    let header = label_of(&module.functions[f].blocks[b]);
    let block = &module.functions[f].blocks[b];
    let merge_at = block.instructions.iter().position(|i| i.class.opcode == Op::LoopMerge).unwrap_or(0);
    let continue_target = match block.instructions[merge_at].operands.get(1) {
        Some(Operand::IdRef(c)) => *c,
        _ => 0,
    };
    let phis = block.instructions.iter().take_while(|i| i.class.opcode == Op::Phi).count();
    let own_continue = continue_target == header;
    if own_continue && block.instructions[..phis].iter().any(|p| p.result_type.is_some_and(|t| pointers.contains(&t))) {
        return Err("a loop whose header is its own continue target carrying a pointer in a phi".into());
    }
    let block = &mut module.functions[f].blocks[b];
    let mut loop_merge = block.instructions.remove(merge_at);
    let mut moved: Vec<Instruction> = block.instructions.drain(phis..).collect();
    let header_phis: Vec<Instruction> = if own_continue { block.instructions.drain(..).collect() } else { Vec::new() };
    let mut new_blocks = Vec::new();
    if own_continue {
        let cont = fresh_id(module);
        loop_merge.operands[1] = Operand::IdRef(cont);
        if let Some(term) = moved.last_mut() {
            for op in &mut term.operands {
                if *op == Operand::IdRef(header) {
                    *op = Operand::IdRef(cont);
                }
            }
        }
        new_blocks.push(Block {
            label: Some(Instruction::new(Op::Label, None, Some(cont), vec![])),
            instructions: vec![Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(header)])],
        });
    }
    // Each phi: a variable loaded in the header, stored where its values come from (the back
    // edge's from `rest`, which ends as the header did).
    let mut stores: Vec<(Word, Instruction)> = Vec::new();
    let mut loads = Vec::new();
    for phi in header_phis {
        let (Some(ty), Some(id)) = (phi.result_type, phi.result_id) else { continue };
        let var_ty = super::pointer_type(module, StorageClass::Function, ty);
        let var = fresh_id(module);
        module.functions[f].blocks[0]
            .instructions
            .insert(0, Instruction::new(Op::Variable, Some(var_ty), Some(var), vec![Operand::StorageClass(StorageClass::Function)]));
        for pair in phi.operands.chunks(2) {
            if let [Operand::IdRef(value), Operand::IdRef(parent)] = pair {
                let store = Instruction::new(Op::Store, None, None, vec![Operand::IdRef(var), Operand::IdRef(*value)]);
                stores.push((if *parent == header { rest } else { *parent }, store));
            }
        }
        loads.push(Instruction::new(Op::Load, Some(ty), Some(id), vec![Operand::IdRef(var)]));
    }
    for (parent, store) in stores {
        let into = match parent == rest {
            true => Some(&mut moved),
            false => module.functions[f].blocks.iter_mut().find(|blk| label_of(blk) == parent).map(|blk| &mut blk.instructions),
        };
        if let Some(instructions) = into {
            // Before the terminator and the merge instruction preceding it.
            let mut at = instructions.len().saturating_sub(1);
            if at > 0 && matches!(instructions[at - 1].class.opcode, Op::SelectionMerge | Op::LoopMerge) {
                at -= 1;
            }
            instructions.insert(at, store);
        }
    }
    let block = &mut module.functions[f].blocks[b];
    block.instructions.splice(0..0, loads);
    block.instructions.push(loop_merge);
    block.instructions.push(Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(rest)]));
    // The edges the header's terminator made leave from `rest` now.
    rename_phi_parents(module, f, header, rest, Some(header));
    new_blocks.insert(0, Block { label: Some(Instruction::new(Op::Label, None, Some(rest), vec![])), instructions: moved });
    module.functions[f].blocks.splice(b + 1..b + 1, new_blocks);
    Ok(())
}

/// Replaces the atomic at `blocks[b].instructions[at]` (not in a loop header) by the loop in
/// the module's comment; returns the blocks to insert after `blocks[b]`: the loop's header,
/// body and continue blocks and its merge block, which holds what followed the atomic.
fn compare_exchange_loop(module: &mut dr::Module, f: usize, b: usize, at: usize, atomic: &Instruction) -> Vec<Block> {
    let [Operand::IdRef(pointer), Operand::IdScope(scope), Operand::IdMemorySemantics(semantics), Operand::IdRef(value)] =
        atomic.operands[..]
    else {
        return Vec::new();
    };
    let (ty, result) = (atomic.result_type.unwrap_or(0), atomic.result_id.unwrap_or(0));
    let bool_ty = type_id(module, Op::TypeBool, vec![]);
    let relaxed = super::uint_constant(module, None, 0);
    let var_ty = super::pointer_type(module, StorageClass::Function, ty);
    let [var, old0, header, body, cont, merge, old, keep_old, new, seen, done] = std::array::from_fn(|_| fresh_id(module));
    let comparison = match atomic.class.opcode {
        Op::AtomicSMax => Op::SGreaterThan,
        Op::AtomicUMax => Op::UGreaterThan,
        Op::AtomicSMin => Op::SLessThan,
        _ => Op::ULessThan,
    };
    let label = |id: Word| Some(Instruction::new(Op::Label, None, Some(id), vec![]));
    let branch = |to: Word| Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(to)]);
    let id = Operand::IdRef;

    let this = label_of(&module.functions[f].blocks[b]);
    rename_phi_parents(module, f, this, merge, None);
    let block = &mut module.functions[f].blocks[b];
    let after: Vec<Instruction> = block.instructions.split_off(at + 1);
    block.instructions.pop(); // the atomic
    block.instructions.push(Instruction::new(
        Op::AtomicLoad,
        Some(ty),
        Some(old0),
        vec![id(pointer), Operand::IdScope(scope), Operand::IdMemorySemantics(relaxed)],
    ));
    block.instructions.push(Instruction::new(Op::Store, None, None, vec![id(var), id(old0)]));
    block.instructions.push(branch(header));
    let after = std::iter::once(Instruction::new(Op::Load, Some(ty), Some(result), vec![id(var)])).chain(after).collect();
    let entry = &mut module.functions[f].blocks[0].instructions;
    entry.insert(0, Instruction::new(Op::Variable, Some(var_ty), Some(var), vec![Operand::StorageClass(StorageClass::Function)]));
    vec![
        Block {
            label: label(header),
            instructions: vec![
                Instruction::new(Op::Load, Some(ty), Some(old), vec![id(var)]),
                Instruction::new(Op::LoopMerge, None, None, vec![id(merge), id(cont), Operand::LoopControl(LoopControl::NONE)]),
                branch(body),
            ],
        },
        Block {
            label: label(body),
            instructions: vec![
                Instruction::new(comparison, Some(bool_ty), Some(keep_old), vec![id(old), id(value)]),
                Instruction::new(Op::Select, Some(ty), Some(new), vec![id(keep_old), id(old), id(value)]),
                Instruction::new(
                    Op::AtomicCompareExchange,
                    Some(ty),
                    Some(seen),
                    vec![
                        id(pointer),
                        Operand::IdScope(scope),
                        Operand::IdMemorySemantics(semantics),
                        Operand::IdMemorySemantics(relaxed),
                        id(new),
                        id(old),
                    ],
                ),
                Instruction::new(Op::Store, None, None, vec![id(var), id(seen)]),
                Instruction::new(Op::IEqual, Some(bool_ty), Some(done), vec![id(seen), id(old)]),
                Instruction::new(Op::BranchConditional, None, None, vec![id(done), id(merge), id(cont)]),
            ],
        },
        Block { label: label(cont), instructions: vec![branch(header)] },
        Block { label: label(merge), instructions: after },
    ]
}
