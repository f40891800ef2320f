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
//! invocation always progresses, and the value left is the one the atomic operation gives. The
//! block holding the atomic is split around the loop (what follows it, the block's merge
//! instruction and terminator move to the loop's merge block, whose successors' `OpPhi`s name
//! it). A loop header block keeps only its `OpPhi`s and `OpLoopMerge` (the rest moves to a
//! block of its own, and a loop whose header was its continue target gets a continue block),
//! so the header stays a header; a header whose branch goes two ways inside the loop (a
//! selection without a merge block of its own, which the moved branch could not keep) is
//! refused.

use super::signed_operations::int_shapes;
use super::{fresh_id, type_id};
use rspirv::dr::{self, Block, Instruction, Operand};
use spirv::{LoopControl, Op, StorageClass, Word};

fn min_max(op: Op) -> bool {
    matches!(op, Op::AtomicSMin | Op::AtomicSMax | Op::AtomicUMin | Op::AtomicUMax)
}

/// Whether [`lower`] may change the module: a function computes an atomic minimum or maximum.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.bodies().any(|i| min_max(i.opcode))
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
                    return Err(format!("Op{op:?} on a location of the other signedness in a loop header that branches two ways inside the loop"));
                }
                split_loop_header(module, f, b);
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
fn splittable_header(block: &Block) -> bool {
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

fn label_of(block: &Block) -> Word {
    block.label.as_ref().and_then(|l| l.result_id).unwrap_or(0)
}

/// In every block of function `f` but `skip`, `OpPhi` pairs naming `from` as the incoming
/// block name `to`.
fn rename_phi_parents(module: &mut dr::Module, f: usize, from: Word, to: Word, skip: Option<Word>) {
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
/// a new block (inserted after it) holding its other instructions and terminator. Where the
/// header was its own continue target, a new continue block branching back to it takes that
/// role (the back edge now leaves from the new block).
fn split_loop_header(module: &mut dr::Module, f: usize, b: usize) {
    let rest = fresh_id(module);
    let header = label_of(&module.functions[f].blocks[b]);
    let block = &mut module.functions[f].blocks[b];
    let merge_at = block.instructions.iter().position(|i| i.class.opcode == Op::LoopMerge).unwrap_or(0);
    let mut loop_merge = block.instructions.remove(merge_at);
    let phis = block.instructions.iter().take_while(|i| i.class.opcode == Op::Phi).count();
    let moved: Vec<Instruction> = block.instructions.drain(phis..).collect();
    let continue_target = match loop_merge.operands.get(1) {
        Some(Operand::IdRef(c)) => *c,
        _ => 0,
    };
    let mut moved_block = Block { label: Some(Instruction::new(Op::Label, None, Some(rest), vec![])), instructions: moved };
    let mut new_blocks = Vec::new();
    if continue_target == header {
        let cont = fresh_id(module);
        loop_merge.operands[1] = Operand::IdRef(cont);
        if let Some(term) = moved_block.instructions.last_mut() {
            for op in &mut term.operands {
                if *op == Operand::IdRef(header) {
                    *op = Operand::IdRef(cont);
                }
            }
        }
        // The header's phis took the back edge from the header; it now comes from `cont`.
        let block = &mut module.functions[f].blocks[b];
        for phi in block.instructions.iter_mut().filter(|i| i.class.opcode == Op::Phi) {
            for pair in phi.operands.chunks_mut(2) {
                if pair.get(1) == Some(&Operand::IdRef(header)) {
                    pair[1] = Operand::IdRef(cont);
                }
            }
        }
        new_blocks.push(Block {
            label: Some(Instruction::new(Op::Label, None, Some(cont), vec![])),
            instructions: vec![Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(header)])],
        });
    }
    rename_phi_parents(module, f, header, rest, Some(header));
    let block = &mut module.functions[f].blocks[b];
    block.instructions.push(loop_merge);
    block.instructions.push(Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(rest)]));
    new_blocks.insert(0, moved_block);
    module.functions[f].blocks.splice(b + 1..b + 1, new_blocks);
}

/// Replaces the atomic at `blocks[b].instructions[at]` (not in a loop header) by the loop in
/// the module's comment; returns the blocks to insert after `blocks[b]`: the loop's header,
/// body and continue blocks and its merge block, which holds what followed the atomic.
fn compare_exchange_loop(module: &mut dr::Module, f: usize, b: usize, at: usize, atomic: &Instruction) -> Vec<Block> {
    let [Operand::IdRef(pointer), Operand::IdScope(scope), Operand::IdMemorySemantics(semantics), Operand::IdRef(value)] = atomic.operands[..]
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
