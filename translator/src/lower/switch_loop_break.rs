//! A branch from inside a switch to the merge block of the loop around it (leaving the loop
//! from a case) → a branch to the switch's merge that sets a flag, and after the switch a
//! branch out of the loop where the flag is set.
//!
//! SPIR-V lets a case leave the innermost loop directly; WGSL's `break` inside a switch leaves
//! only the switch, and naga writes both exits as `break`, so the loop went on where SPIR-V left
//! it (the code after the switch ran, and the loop merge's phis read what that code stored).
//! The switch gets a new merge block that the cases leaving the loop branch to as well: its
//! phis say which way each branch came (a `bool`, `true` from the blocks that left the loop),
//! carry the values the loop merge's phis read from those blocks, and take over the old merge
//! block's phis (undefined from the new branches); it then branches to the loop's merge where
//! the flag is set and to the old merge block otherwise, which WGSL writes as
//! `if flag { break; }` after the switch. Switches inside switches are rewritten innermost
//! first, so the outer switch's new merge block carries the flag on.
//!
//! Left as they are: a switch whose `OpSwitch` targets the loop's merge itself, and a block
//! that branches both to the loop's merge and to the switch's merge (one phi operand per
//! predecessor cannot say which way it went).

use super::cfg::{retain_phi_parents, terminator, Cfg};
use super::{fresh_id, type_id, undef};
use rspirv::dr::{self, Block, Instruction, Operand};
use spirv::{Op, SelectionControl, Word};
use std::collections::HashSet;

/// Whether [`lower`] may change the module: it has a switch, and a block branches to a loop's
/// merge block other than by the loop's own conditional branch.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    if !module.has_opcode(Op::Switch) {
        return false;
    }
    let loop_merges: HashSet<Word> = module.bodies().filter(|i| i.opcode == Op::LoopMerge).filter_map(|i| i.ids.first().copied()).collect();
    module
        .bodies()
        .any(|i| matches!(i.opcode, Op::Branch | Op::BranchConditional | Op::Switch) && i.ids.iter().any(|id| loop_merges.contains(id)))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let mut changed = false;
    for f in 0..module.functions.len() {
        // Each round rewrites one switch; a switch rewritten hands its exits to the one around it.
        for _ in 0..module.functions[f].blocks.len() {
            let cfg = Cfg::of(&module.functions[f]);
            let Some(exit) = find(&module.functions[f], &cfg) else { break };
            rewrite(module, f, &cfg, &exit);
            changed = true;
        }
    }
    changed
}

/// A switch (`header`, `merge`) some of whose blocks (`from`) branch to `loop_merge`, the merge
/// of the loop around it.
struct LoopExit {
    header: usize,
    merge: usize,
    loop_merge: usize,
    from: Vec<usize>,
}

/// A switch none of whose blocks that leave the loop lie in a switch inside it.
fn find(func: &dr::Function, cfg: &Cfg) -> Option<LoopExit> {
    let inside = |header: usize, merge: usize, b: usize| cfg.dominates(header, b) && !cfg.dominates(merge, b) && b != header;
    for &(header, merge, ref targets) in &cfg.switches {
        let Some(&(_, loop_merge, cont)) = cfg.loops_around(header).first() else { continue };
        // (The loop's continue construct may be dominated by the switch; it is not in it.)
        let inside = |header: usize, merge: usize, b: usize| inside(header, merge, b) && !cfg.dominates(cont, b);
        if targets.contains(&loop_merge) {
            continue;
        }
        let from: Vec<usize> = cfg.preds[loop_merge]
            .iter()
            .copied()
            .filter(|&b| inside(header, merge, b))
            // Innermost: no switch inside this one holds the block.
            .filter(|&b| !cfg.switches.iter().any(|&(h, m, _)| h != header && inside(header, merge, h) && inside(h, m, b)))
            .collect();
        if from.is_empty() {
            continue;
        }
        // Blocks in a loop inside the switch cannot branch to this loop's merge; nor can one
        // branch that way and to the switch's merge.
        if from.iter().any(|&b| cfg.loops_around(b).first().is_some_and(|&(_, m, _)| m != loop_merge) || cfg.succ[b].contains(&merge)) {
            continue;
        }
        if from.iter().any(|&b| terminator(&func.blocks[b]).is_none()) {
            continue;
        }
        return Some(LoopExit { header, merge, loop_merge, from });
    }
    None
}

/// A phi: its result, its type and its (value, predecessor) pairs.
type Phi = (Word, Word, Vec<(Word, Word)>);

/// A phi of the loop merge whose values from the leaving blocks a phi of the new switch merge
/// (`carrier`, of type `ty`, with `operands`) carries.
struct Carried {
    phi: Word,
    carrier: Word,
    ty: Word,
    operands: Vec<Operand>,
}

fn rewrite(module: &mut dr::Module, f: usize, cfg: &Cfg, exit: &LoopExit) {
    let bool_type = type_id(module, Op::TypeBool, vec![]);
    let yes = bool_constant(module, bool_type, true);
    let no = bool_constant(module, bool_type, false);
    let new_merge = fresh_id(module);
    let flag = fresh_id(module);
    let old_merge = cfg.labels[exit.merge];
    let loop_merge = cfg.labels[exit.loop_merge];
    let from: HashSet<Word> = exit.from.iter().map(|&b| cfg.labels[b]).collect();
    let merge_preds: Vec<Word> = cfg.preds[exit.merge].iter().map(|&p| cfg.labels[p]).collect();
    // The loop merge's phis: the values each leaving block gives them, carried by a phi of the
    // new merge block.
    let mut carried: Vec<Carried> = Vec::new();
    let loop_phis: Vec<Phi> = module.functions[f].blocks[exit.loop_merge]
        .instructions
        .iter()
        .filter(|i| i.class.opcode == Op::Phi)
        .filter_map(|i| Some((i.result_id?, i.result_type?, phi_pairs(i))))
        .collect();
    for (phi, ty, pairs) in &loop_phis {
        let carrier = fresh_id(module);
        let mut operands = Vec::new();
        for (v, p) in pairs.iter().filter(|(_, p)| from.contains(p)) {
            operands.extend([Operand::IdRef(*v), Operand::IdRef(*p)]);
        }
        for &p in &merge_preds {
            operands.extend([Operand::IdRef(undef(module, *ty)), Operand::IdRef(p)]);
        }
        carried.push(Carried { phi: *phi, carrier, ty: *ty, operands });
    }
    // The old merge block's phis move to the new one, undefined from the leaving blocks.
    let moved: Vec<Instruction> =
        module.functions[f].blocks[exit.merge].instructions.iter().filter(|i| i.class.opcode == Op::Phi).cloned().collect();
    let mut phis = Vec::new();
    for mut phi in moved {
        let Some(ty) = phi.result_type else { continue };
        for &p in &exit.from {
            phi.operands.extend([Operand::IdRef(undef(module, ty)), Operand::IdRef(cfg.labels[p])]);
        }
        phis.push(phi);
    }
    let mut flag_operands = Vec::new();
    for &p in &merge_preds {
        flag_operands.extend([Operand::IdRef(no), Operand::IdRef(p)]);
    }
    for &p in &exit.from {
        flag_operands.extend([Operand::IdRef(yes), Operand::IdRef(cfg.labels[p])]);
    }
    phis.push(Instruction::new(Op::Phi, Some(bool_type), Some(flag), flag_operands));
    for c in &carried {
        phis.push(Instruction::new(Op::Phi, Some(c.ty), Some(c.carrier), c.operands.clone()));
    }
    phis.push(Instruction::new(
        Op::SelectionMerge,
        None,
        None,
        vec![Operand::IdRef(old_merge), Operand::SelectionControl(SelectionControl::NONE)],
    ));
    phis.push(Instruction::new(
        Op::BranchConditional,
        None,
        None,
        vec![Operand::IdRef(flag), Operand::IdRef(loop_merge), Operand::IdRef(old_merge)],
    ));
    let func = &mut module.functions[f];
    // Branches to the old merge (the cases' breaks, the header's default) and out of the loop
    // go to the new merge; the switch names it.
    for (k, b) in func.blocks.iter_mut().enumerate() {
        let leaves = exit.from.contains(&k);
        let is_pred = cfg.preds[exit.merge].contains(&k);
        if !leaves && !is_pred {
            continue;
        }
        if let Some(t) = b.instructions.last_mut() {
            for o in &mut t.operands {
                if *o == Operand::IdRef(old_merge) || (leaves && *o == Operand::IdRef(loop_merge)) {
                    *o = Operand::IdRef(new_merge);
                }
            }
        }
    }
    if let Some(m) = func.blocks[exit.header].instructions.iter_mut().rev().nth(1) {
        if m.class.opcode == Op::SelectionMerge {
            m.operands[0] = Operand::IdRef(new_merge);
        }
    }
    func.blocks[exit.merge].instructions.retain(|i| i.class.opcode != Op::Phi);
    // The loop merge reads the carried values from the new merge block.
    for i in func.blocks[exit.loop_merge].instructions.iter_mut().filter(|i| i.class.opcode == Op::Phi) {
        let Some(carrier) = carried.iter().find(|c| Some(c.phi) == i.result_id).map(|c| c.carrier) else { continue };
        retain_phi_parents(i, |p| !from.contains(&p));
        i.operands.extend([Operand::IdRef(carrier), Operand::IdRef(new_merge)]);
    }
    let block = Block { label: Some(Instruction::new(Op::Label, None, Some(new_merge), vec![])), instructions: phis };
    func.blocks.insert(exit.merge, block);
}

fn phi_pairs(i: &Instruction) -> Vec<(Word, Word)> {
    i.operands
        .chunks(2)
        .filter_map(|pair| match pair {
            [Operand::IdRef(v), Operand::IdRef(p)] => Some((*v, *p)),
            _ => None,
        })
        .collect()
}

/// `OpConstantTrue` or `OpConstantFalse` of `bool_type`, added if missing.
fn bool_constant(module: &mut dr::Module, bool_type: Word, value: bool) -> Word {
    let op = if value { Op::ConstantTrue } else { Op::ConstantFalse };
    if let Some(id) =
        module.types_global_values.iter().find(|i| i.class.opcode == op && i.result_type == Some(bool_type)).and_then(|i| i.result_id)
    {
        return id;
    }
    let id = fresh_id(module);
    module.types_global_values.push(Instruction::new(op, Some(bool_type), Some(id), vec![]));
    id
}
