//! Switch cases that fall through (a case construct branching to the next case's target) → the
//! fallen-into case's blocks copied into the case that falls, so every case ends by leaving the
//! switch; and case bodies naga would misread as falling through end in a `break`.
//!
//! WGSL has no fall-through: a case's body ends by leaving the switch. naga's reader marks a
//! case as falling through whenever its body does not end in a `break`, `continue`, `return`
//! or `discard` statement, and its WGSL writer refuses such a case unless it is empty. A case
//! falls through in SPIR-V when a block of its construct branches to another case's target
//! (GLSL's `case 0: x = 1; case 1: x += 2; break;`); that branch is redirected to a copy of the
//! fallen-into case's construct (every block it dominates up to the switch's merge, other case
//! targets and the exits of the constructs around the switch), with fresh ids. So case 0 runs
//! `x = 1; x += 2; break;` and case 1 `x += 2; break;`: what SPIR-V runs, without falling. A
//! case that falls into one that falls again is handled once the latter no longer falls. The
//! copy's first block keeps the `OpPhi` operands of the branches that now reach it, the
//! original keeps the others, and phis after the copied blocks gain the copies' branches. A
//! value of the construct read after it (where the construct dominated the read) is read from a
//! phi joining it and its copy at the one block the construct leaves to. naga drops a
//! fall-through from the `default` case, which it puts last: the copy makes that case right too.
//!
//! A case whose body ends in a structure every path of which leaves (a loop left only by
//! `discard`, whose merge block is `OpUnreachable` or branches, unreached, to the next case; a
//! conditional branch to two exits such as `break` and `continue`) never falls through, but
//! naga's body for it does not end in a terminator: the unreached block branches to the
//! switch's merge instead, and the conditional branch gets a selection merge block that
//! branches there, so the body ends in a `break` that is never reached. Phis of the switch's
//! merge read `OpUndef` from those branches.
//!
//! Left as they are (naga then refuses the case by name): a fallen-into construct whose values
//! are read after it where no one block it leaves to dominates the reads, or whose pointers are
//! (phis cannot join pointers), a construct that is not entered only at its target, and copies
//! that would grow the function past [`MAX_COPIED_INSTRUCTIONS`].

use super::cfg::{id_operands, label, merge_instruction, retain_phi_parents, terminator, Cfg};
use super::{fresh_id, undef};
use rspirv::dr::{self, Block, Instruction, Operand};
use spirv::{Op, SelectionControl, Word};
use std::collections::{HashMap, HashSet};

/// The most instructions the copies may add to one function (a chain of cases falling into each
/// other copies every later case into each earlier one).
pub const MAX_COPIED_INSTRUCTIONS: usize = 1 << 16;

/// Whether [`lower`] may change the module: it has a switch, and a block branches to a case's
/// target, or a block is `OpUnreachable`, or a conditional branch has no merge instruction.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    if !module.has_opcode(Op::Switch) {
        return false;
    }
    let targets: HashSet<Word> =
        module.bodies().filter(|i| i.opcode == Op::Switch).flat_map(|i| i.ids.get(1..).unwrap_or(&[]).iter().copied()).collect();
    if targets.is_empty() {
        return false;
    }
    let mut after_merge = false;
    for i in module.bodies() {
        match i.opcode {
            Op::Branch | Op::BranchConditional if i.ids.iter().any(|id| targets.contains(id)) => return true,
            Op::BranchConditional if !after_merge => return true,
            Op::Unreachable => return true,
            _ => {}
        }
        after_merge = matches!(i.opcode, Op::SelectionMerge | Op::LoopMerge);
    }
    false
}

pub fn lower(module: &mut dr::Module) -> bool {
    let mut changed = false;
    for f in 0..module.functions.len() {
        let mut copied = 0;
        loop {
            let cfg = Cfg::of(&module.functions[f]);
            let Some(plan) = cfg.fallthrough() else { break };
            let size: usize = plan.region.iter().map(|&b| module.functions[f].blocks[b].instructions.len() + 1).sum();
            copied += size;
            if copied > MAX_COPIED_INSTRUCTIONS || !duplicate(module, f, &cfg, &plan) {
                break;
            }
            changed = true;
        }
        changed |= end_case_bodies(module, f);
    }
    changed
}

/// A fall-through to remove: blocks `sources` of one case branch to `into`, the target of
/// another case, whose construct is `region` (block indices, in function order; `into` first).
struct Plan {
    into: usize,
    sources: Vec<usize>,
    region: Vec<usize>,
}

impl Cfg {
    /// The construct of case target `target` of a switch (merge `merge`, targets `targets`):
    /// the blocks reached from it before the merge, another case's target or an exit of a
    /// construct around the switch (a merge or continue target declared by a header the case
    /// does not dominate). `None` when a block reached is not dominated by the target.
    fn region(&self, target: usize, merge: usize, targets: &[usize]) -> Option<Vec<usize>> {
        let mut exits: HashSet<usize> = targets.iter().copied().filter(|&t| t != target).collect();
        exits.insert(merge);
        for (h, m) in self.merges.iter().enumerate() {
            if !self.dominates(target, h) {
                exits.extend(m.iter().copied());
            }
        }
        let mut seen: HashSet<usize> = HashSet::from([target]);
        let mut todo = vec![target];
        while let Some(b) = todo.pop() {
            for &s in &self.succ[b] {
                if !exits.contains(&s) && seen.insert(s) {
                    todo.push(s);
                }
            }
        }
        let mut region: Vec<usize> = seen.into_iter().collect();
        region.sort_unstable();
        region.iter().all(|&b| self.dominates(target, b)).then_some(region)
    }

    /// A fall-through whose fallen-into case does not fall through itself, if any.
    fn fallthrough(&self) -> Option<Plan> {
        for (_, merge, targets) in &self.switches {
            let mut cases: Vec<usize> = Vec::new();
            for &t in targets {
                if t != *merge && !cases.contains(&t) {
                    cases.push(t);
                }
            }
            // (case, its region, the fall-through edges out of it)
            let mut found = Vec::new();
            for &t in &cases {
                let region = self.region(t, *merge, targets)?;
                let edges: Vec<(usize, usize)> = region
                    .iter()
                    .flat_map(|&s| self.succ[s].iter().filter(|u| cases.contains(u) && **u != t).map(move |&u| (s, u)))
                    .collect();
                found.push((t, region, edges));
            }
            for (_, _, edges) in &found {
                let Some(&(_, into)) = edges.first() else { continue };
                let (_, region, into_edges) = found.iter().find(|(t, _, _)| *t == into)?;
                if into_edges.is_empty() {
                    let sources = edges.iter().filter(|(_, u)| *u == into).map(|(s, _)| *s).collect();
                    return Some(Plan { into, sources, region: region.clone() });
                }
            }
        }
        None
    }
}

/// Values of the fallen-into construct read after it, and where they meet its copy's.
struct Joins {
    /// (block, instruction, operand) of each read outside the construct, other than by the
    /// phis of the blocks it branches to on the edges it branches there.
    reads: Vec<(usize, usize, usize)>,
    /// Each value read so, with its type.
    values: Vec<(Word, Word)>,
    /// The one block the construct leaves to, where a phi joins each value and its copy
    /// (`None` when nothing is read outside).
    exit: Option<usize>,
}

/// Redirects `plan`'s fall-through edges to a copy of the fallen-into construct. `false` (and
/// the function unchanged) when the construct's values are read outside it other than where
/// one block it leaves to dominates the reads (or are pointers), a block of it other than its
/// target is entered from outside, or a source branches there from a header that names the
/// target as its merge or continue block.
fn duplicate(module: &mut dr::Module, f: usize, cfg: &Cfg, plan: &Plan) -> bool {
    let func = &module.functions[f];
    let in_region: HashSet<usize> = plan.region.iter().copied().collect();
    if plan.region.iter().any(|&b| b != plan.into && cfg.preds[b].iter().any(|p| !in_region.contains(p))) {
        return false;
    }
    let into = cfg.labels[plan.into];
    if plan.sources.iter().any(|&s| {
        let b = &func.blocks[s];
        merge_instruction(b).is_some_and(|m| id_operands(m).any(|id| id == into))
            || terminator(b).is_some_and(|t| !matches!(t.class.opcode, Op::Branch | Op::BranchConditional))
    }) {
        return false;
    }
    let values: HashSet<Word> = plan.region.iter().flat_map(|&b| func.blocks[b].instructions.iter().filter_map(|i| i.result_id)).collect();
    let region_labels: HashSet<Word> = plan.region.iter().map(|&b| cfg.labels[b]).collect();
    let region = Region { blocks: in_region, values, labels: region_labels };
    let Some(joins) = joins(module, f, cfg, plan, &region) else { return false };
    let Region { blocks: in_region, values, labels: region_labels } = region;
    let mut defined: Vec<Word> = values.into_iter().chain(region_labels.iter().copied()).collect();
    defined.sort_unstable();
    let map: HashMap<Word, Word> = defined.iter().map(|&id| (id, fresh_id(module))).collect();
    let remap = |id: Word| map.get(&id).copied().unwrap_or(id);
    let source_labels: HashSet<Word> = plan.sources.iter().map(|&s| cfg.labels[s]).collect();
    // Sources whose conditional branch will enter the copy on one side only: each gets a
    // selection merge block.
    let need_merge: Vec<usize> = plan
        .sources
        .iter()
        .copied()
        .filter(|&s| {
            let b = &module.functions[f].blocks[s];
            merge_instruction(b).is_none()
                && terminator(b).is_some_and(|t| t.class.opcode == Op::BranchConditional && t.operands.get(1) != t.operands.get(2))
        })
        .collect();
    let merge_ids: HashMap<usize, Word> = need_merge.into_iter().map(|s| (s, fresh_id(module))).collect();
    join_values(module, f, cfg, &in_region, &joins);
    let func = &mut module.functions[f];
    let copies = copy_region(func, cfg, plan, &source_labels, remap);
    // The original is no longer entered from the sources.
    for i in func.blocks[plan.into].instructions.iter_mut().filter(|i| i.class.opcode == Op::Phi) {
        retain_phi_parents(i, |p| !source_labels.contains(&p));
    }
    // Phis of the blocks the construct branches to gain the copies' branches.
    for (k, b) in func.blocks.iter_mut().enumerate() {
        if in_region.contains(&k) {
            continue;
        }
        for i in b.instructions.iter_mut().filter(|i| i.class.opcode == Op::Phi) {
            let mut added = Vec::new();
            for pair in i.operands.chunks(2) {
                if let [Operand::IdRef(v), Operand::IdRef(p)] = pair {
                    if region_labels.contains(p) {
                        added.push(Operand::IdRef(remap(*v)));
                        added.push(Operand::IdRef(remap(*p)));
                    }
                }
            }
            i.operands.extend(added);
        }
    }
    let merge_blocks = redirect_sources(func, plan, into, remap(into), &merge_ids);
    let at = plan.sources.iter().max().map_or(func.blocks.len(), |s| s + 1);
    func.blocks.splice(at..at, copies.into_iter().chain(merge_blocks));
    true
}

/// The fallen-into construct's blocks (by index), the values they define and their labels.
struct Region {
    blocks: HashSet<usize>,
    values: HashSet<Word>,
    labels: HashSet<Word>,
}

/// The values of the construct read outside it, which must meet in a phi at the one block the
/// construct leaves to, dominating every such read; `None` when they cannot (several exits, a
/// read the exit does not dominate, a pointer: pointers cannot meet in a phi).
fn joins(module: &dr::Module, f: usize, cfg: &Cfg, plan: &Plan, region: &Region) -> Option<Joins> {
    let func = &module.functions[f];
    let Region { blocks: in_region, values, labels: region_labels } = region;
    let mut reads: Vec<(usize, usize, usize)> = Vec::new();
    // The block where each of those reads happens.
    let mut read_at: Vec<usize> = Vec::new();
    for (k, b) in func.blocks.iter().enumerate() {
        if in_region.contains(&k) {
            continue;
        }
        for (n, i) in b.instructions.iter().enumerate() {
            for (o, operand) in i.operands.iter().enumerate() {
                let Operand::IdRef(v) = operand else { continue };
                if !values.contains(v) {
                    continue;
                }
                // A phi reads its value at the end of the branch's block.
                let at = if i.class.opcode == Op::Phi {
                    match i.operands.get(o + 1) {
                        Some(Operand::IdRef(p)) if region_labels.contains(p) => continue,
                        Some(Operand::IdRef(p)) => cfg.index.get(p).copied(),
                        _ => None,
                    }
                } else {
                    Some(k)
                };
                reads.push((k, n, o));
                read_at.push(at?);
            }
        }
    }
    if reads.is_empty() {
        return Some(Joins { reads, values: Vec::new(), exit: None });
    }
    let mut exits: Vec<usize> = plan.region.iter().flat_map(|&r| cfg.succ[r].iter().copied()).filter(|s| !in_region.contains(s)).collect();
    exits.sort_unstable();
    exits.dedup();
    let [exit] = exits[..] else { return None };
    if read_at.iter().any(|&b| !cfg.dominates(exit, b)) {
        return None;
    }
    let mut read: Vec<Word> = reads
        .iter()
        .filter_map(|&(k, n, o)| match func.blocks[k].instructions[n].operands[o] {
            Operand::IdRef(v) => Some(v),
            _ => None,
        })
        .collect();
    read.sort_unstable();
    read.dedup();
    let types: HashMap<Word, Word> =
        plan.region.iter().flat_map(|&b| func.blocks[b].instructions.iter()).filter_map(|i| Some((i.result_id?, i.result_type?))).collect();
    let pointers: HashSet<Word> =
        module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypePointer).filter_map(|i| i.result_id).collect();
    let mut joined = Vec::new();
    for v in read {
        match types.get(&v) {
            Some(ty) if !pointers.contains(ty) => joined.push((v, *ty)),
            _ => return None,
        }
    }
    Some(Joins { reads, values: joined, exit: Some(exit) })
}

/// A phi at the exit per joined value (its operand from the construct's branches the value,
/// `OpUndef` from the others; the copies' branches are added with every other phi's later),
/// and the reads outside the construct read it.
fn join_values(module: &mut dr::Module, f: usize, cfg: &Cfg, in_region: &HashSet<usize>, joins: &Joins) {
    let Some(exit) = joins.exit else { return };
    let mut phis: Vec<(Word, Word, Vec<Operand>)> = Vec::new();
    for &(v, ty) in &joins.values {
        let phi = fresh_id(module);
        let mut operands = Vec::new();
        for &p in &cfg.preds[exit] {
            let from = cfg.labels[p];
            let value = if in_region.contains(&p) { v } else { undef(module, ty) };
            operands.extend([Operand::IdRef(value), Operand::IdRef(from)]);
        }
        phis.push((v, phi, operands));
    }
    let func = &mut module.functions[f];
    // The reads first, before any instruction moves.
    for &(k, n, o) in &joins.reads {
        if let Operand::IdRef(v) = &mut func.blocks[k].instructions[n].operands[o] {
            if let Some((_, phi, _)) = phis.iter().find(|(value, _, _)| value == v) {
                *v = *phi;
            }
        }
    }
    for ((_, phi, operands), &(_, ty)) in phis.into_iter().zip(&joins.values).rev() {
        func.blocks[exit].instructions.insert(0, Instruction::new(Op::Phi, Some(ty), Some(phi), operands));
    }
}

/// The construct's blocks with every id it defines renamed by `remap`; the copy of its first
/// block keeps only the phi operands of the branches from the sources (`source_labels`), the
/// only ones entering it.
fn copy_region(func: &dr::Function, cfg: &Cfg, plan: &Plan, source_labels: &HashSet<Word>, remap: impl Fn(Word) -> Word) -> Vec<Block> {
    let mut copies: Vec<Block> = Vec::with_capacity(plan.region.len());
    for &b in &plan.region {
        let block = &func.blocks[b];
        let mut instructions = Vec::with_capacity(block.instructions.len());
        for i in &block.instructions {
            let mut i = i.clone();
            if i.class.opcode == Op::Phi && b == plan.into {
                retain_phi_parents(&mut i, |p| source_labels.contains(&p));
            }
            i.result_id = i.result_id.map(&remap);
            for o in &mut i.operands {
                if let Operand::IdRef(id) = o {
                    *id = remap(*id);
                }
            }
            instructions.push(i);
        }
        copies.push(Block { label: Some(Instruction::new(Op::Label, None, Some(remap(cfg.labels[b])), vec![])), instructions });
    }
    copies
}

/// The sources branch to `copy` instead of `into`; a conditional branch that now enters a
/// construct gets a selection merge block of its own (`merge_ids`; never reached: both of its
/// targets leave), returned to be placed in the function.
fn redirect_sources(func: &mut dr::Function, plan: &Plan, into: Word, copy: Word, merge_ids: &HashMap<usize, Word>) -> Vec<Block> {
    let mut merge_blocks = Vec::new();
    for &s in &plan.sources {
        let block = &mut func.blocks[s];
        let has_merge = merge_instruction(block).is_some();
        let Some(t) = block.instructions.last_mut() else { continue };
        for o in &mut t.operands {
            if *o == Operand::IdRef(into) {
                *o = Operand::IdRef(copy);
            }
        }
        if t.class.opcode == Op::BranchConditional && !has_merge {
            match merge_ids.get(&s) {
                None => *t = Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(copy)]),
                Some(&merge) => {
                    let at = block.instructions.len() - 1;
                    block.instructions.insert(
                        at,
                        Instruction::new(
                            Op::SelectionMerge,
                            None,
                            None,
                            vec![Operand::IdRef(merge), Operand::SelectionControl(SelectionControl::NONE)],
                        ),
                    );
                    merge_blocks.push(Block {
                        label: Some(Instruction::new(Op::Label, None, Some(merge), vec![])),
                        instructions: vec![Instruction::new(Op::Unreachable, None, None, vec![])],
                    });
                }
            }
        }
    }
    merge_blocks
}

/// Ends each case body naga would read as falling through without a branch out of the switch
/// (see the module comment). Returns whether anything changed.
fn end_case_bodies(module: &mut dr::Module, f: usize) -> bool {
    let cfg = Cfg::of(&module.functions[f]);
    let mergers: HashSet<usize> = cfg.merges.iter().flatten().copied().collect();
    // (tail block, switch merge, whether the tail is OpUnreachable)
    let mut tails: Vec<(usize, usize, bool)> = Vec::new();
    for (_, merge, targets) in &cfg.switches {
        let default = targets.first().copied();
        for &t in targets.iter().skip(1) {
            if t == *merge || Some(t) == default {
                continue;
            }
            let mut b = t;
            let mut seen = HashSet::new();
            while seen.insert(b) {
                let block = &module.functions[f].blocks[b];
                if merge_instruction(block).is_some() {
                    match cfg.merges[b].first() {
                        Some(&m) if m != *merge && !targets.contains(&m) => b = m,
                        _ => break,
                    }
                    continue;
                }
                let Some(term) = terminator(block) else { break };
                let next = || id_operands(term).next().and_then(|id| cfg.index.get(&id).copied());
                match term.class.opcode {
                    Op::Branch => match next() {
                        Some(x) if !mergers.contains(&x) && !targets.contains(&x) && x != *merge => b = x,
                        // A block no path reaches (the merge of a loop never left) may branch
                        // to the next case: it may as well leave the switch.
                        Some(x) if targets.contains(&x) && cfg.idom[b].is_none() => {
                            tails.push((b, *merge, true));
                            break;
                        }
                        _ => break,
                    },
                    Op::Unreachable => {
                        tails.push((b, *merge, true));
                        break;
                    }
                    Op::BranchConditional => {
                        let leaves =
                            |k: usize| id_operands(term).nth(k).and_then(|id| cfg.index.get(&id)).is_some_and(|x| mergers.contains(x));
                        if term.operands.get(1) != term.operands.get(2) && leaves(1) && leaves(2) {
                            tails.push((b, *merge, false));
                        }
                        break;
                    }
                    _ => break,
                }
            }
        }
    }
    if tails.is_empty() {
        return false;
    }
    tails.sort_unstable();
    tails.dedup();
    // New blocks go after their tails, last first so the indices hold.
    for &(b, merge, unreachable) in tails.iter().rev() {
        let merge_label = cfg.labels[merge];
        let from = if unreachable {
            let block = &mut module.functions[f].blocks[b];
            if let Some(t) = block.instructions.last_mut() {
                *t = Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(merge_label)]);
            }
            cfg.labels[b]
        } else {
            let n = fresh_id(module);
            let block = &mut module.functions[f].blocks[b];
            let at = block.instructions.len() - 1;
            block.instructions.insert(
                at,
                Instruction::new(
                    Op::SelectionMerge,
                    None,
                    None,
                    vec![Operand::IdRef(n), Operand::SelectionControl(SelectionControl::NONE)],
                ),
            );
            let new = Block {
                label: Some(Instruction::new(Op::Label, None, Some(n), vec![])),
                instructions: vec![Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(merge_label)])],
            };
            module.functions[f].blocks.insert(b + 1, new);
            n
        };
        // The switch's merge is entered from one more block: its phis read undefined values
        // from there (it is never reached).
        let merge_at = module.functions[f].blocks.iter().position(|blk| label(blk) == merge_label);
        let Some(merge_at) = merge_at else { continue };
        let phi_types: Vec<Word> = module.functions[f].blocks[merge_at]
            .instructions
            .iter()
            .filter(|i| i.class.opcode == Op::Phi)
            .filter_map(|i| i.result_type)
            .collect();
        let values: Vec<Word> = phi_types.into_iter().map(|ty| undef(module, ty)).collect();
        let phis = module.functions[f].blocks[merge_at].instructions.iter_mut().filter(|i| i.class.opcode == Op::Phi);
        for (phi, v) in phis.zip(values) {
            phi.operands.push(Operand::IdRef(v));
            phi.operands.push(Operand::IdRef(from));
        }
    }
    true
}
