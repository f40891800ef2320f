//! A function's control flow graph for the passes that restructure it (switch_fallthrough,
//! switch_loop_break): successors, predecessors, merge instructions, dominators.

use rspirv::dr::{self, Block, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::HashMap;

/// One function's control flow graph, by block index.
pub(crate) struct Cfg {
    pub labels: Vec<Word>,
    pub index: HashMap<Word, usize>,
    pub succ: Vec<Vec<usize>>,
    pub preds: Vec<Vec<usize>>,
    /// Each block's merge instruction's blocks (merge, and continue target for a loop).
    pub merges: Vec<Vec<usize>>,
    /// Immediate dominators (the entry block's is itself; unreachable blocks have none).
    pub idom: Vec<Option<usize>>,
    /// Switch headers: (header, merge, targets: default first, then each case's).
    pub switches: Vec<(usize, usize, Vec<usize>)>,
    /// Entry and exit times of each block in a walk of the dominator tree (`None` for blocks no
    /// path from the entry reaches): `a` dominates `b` when `b`'s interval lies in `a`'s.
    times: Vec<Option<(usize, usize)>>,
}

pub(crate) fn label(b: &Block) -> Word {
    b.label.as_ref().and_then(|l| l.result_id).unwrap_or(0)
}

pub(crate) fn terminator(b: &Block) -> Option<&Instruction> {
    b.instructions.last()
}

/// The merge instruction of a block (the one before its terminator).
pub(crate) fn merge_instruction(b: &Block) -> Option<&Instruction> {
    let n = b.instructions.len();
    b.instructions.get(n.checked_sub(2)?).filter(|i| matches!(i.class.opcode, Op::SelectionMerge | Op::LoopMerge))
}

/// Keeps the (value, parent) pairs of the phi `i` whose parent block `keep` accepts.
pub(crate) fn retain_phi_parents(i: &mut Instruction, keep: impl Fn(Word) -> bool) {
    let kept: Vec<Operand> =
        i.operands.chunks(2).filter(|pair| matches!(pair, [_, Operand::IdRef(p)] if keep(*p))).flatten().cloned().collect();
    i.operands = kept;
}

pub(crate) fn id_operands(i: &Instruction) -> impl Iterator<Item = Word> + '_ {
    i.operands.iter().filter_map(|o| match o {
        Operand::IdRef(id) => Some(*id),
        _ => None,
    })
}

impl Cfg {
    pub fn of(f: &dr::Function) -> Cfg {
        let labels: Vec<Word> = f.blocks.iter().map(label).collect();
        let index: HashMap<Word, usize> = labels.iter().enumerate().map(|(k, l)| (*l, k)).collect();
        let at = |id: &Word| index.get(id).copied();
        let mut succ = vec![Vec::new(); labels.len()];
        let mut merges = vec![Vec::new(); labels.len()];
        let mut switches = Vec::new();
        for (k, b) in f.blocks.iter().enumerate() {
            if let Some(t) = terminator(b) {
                if matches!(t.class.opcode, Op::Branch | Op::BranchConditional | Op::Switch) {
                    let ids: Vec<Word> = id_operands(t).collect();
                    // A branch's first id operand is its condition or selector, bar OpBranch's.
                    let skip = usize::from(t.class.opcode != Op::Branch);
                    for id in ids.iter().skip(skip) {
                        if let Some(s) = at(id) {
                            if !succ[k].contains(&s) {
                                succ[k].push(s);
                            }
                        }
                    }
                }
            }
            if let Some(m) = merge_instruction(b) {
                merges[k] = id_operands(m).filter_map(|id| at(&id)).collect();
            }
            if let (Some(t), Some(m)) = (terminator(b), merge_instruction(b)) {
                if t.class.opcode == Op::Switch && m.class.opcode == Op::SelectionMerge {
                    let targets: Vec<usize> = id_operands(t).skip(1).filter_map(|id| at(&id)).collect();
                    if let Some(&merge) = merges[k].first() {
                        switches.push((k, merge, targets));
                    }
                }
            }
        }
        let mut preds = vec![Vec::new(); labels.len()];
        for (k, s) in succ.iter().enumerate() {
            for &t in s {
                preds[t].push(k);
            }
        }
        let idom = dominators(&succ, &preds);
        let times = tree_times(&idom);
        Cfg { labels, index, succ, preds, merges, idom, switches, times }
    }

    /// Whether block `a` dominates block `b` (every block dominates itself).
    pub fn dominates(&self, a: usize, b: usize) -> bool {
        match (self.times[a], self.times[b]) {
            (Some((a_in, a_out)), Some((b_in, b_out))) => a_in <= b_in && b_out <= a_out,
            _ => a == b,
        }
    }

    /// The loops around block `b`, innermost first: (header, merge, continue target) of each
    /// loop whose header dominates `b` where neither the merge nor the continue target does.
    pub fn loops_around(&self, b: usize) -> Vec<(usize, usize, usize)> {
        let mut loops: Vec<(usize, usize, usize)> = Vec::new();
        let mut at = Some(b);
        while let Some(h) = at {
            if let [merge, cont] = self.merges[h][..] {
                if h != b && !self.dominates(merge, b) && !self.dominates(cont, b) {
                    loops.push((h, merge, cont));
                }
            }
            at = self.idom[h].filter(|&up| up != h);
        }
        loops
    }
}

/// Immediate dominators by Cooper, Harvey and Kennedy's iteration over reverse postorder from
/// the entry block (index 0).
fn dominators(succ: &[Vec<usize>], preds: &[Vec<usize>]) -> Vec<Option<usize>> {
    let n = succ.len();
    let mut idom = vec![None; n];
    if n == 0 {
        return idom;
    }
    let mut order = Vec::with_capacity(n);
    let mut visited = vec![false; n];
    let mut stack = vec![(0usize, 0usize)];
    visited[0] = true;
    while let Some((b, next)) = stack.pop() {
        if let Some(&s) = succ[b].get(next) {
            stack.push((b, next + 1));
            if !visited[s] {
                visited[s] = true;
                stack.push((s, 0));
            }
        } else {
            order.push(b);
        }
    }
    order.reverse();
    let mut rpo = vec![usize::MAX; n];
    for (k, &b) in order.iter().enumerate() {
        rpo[b] = k;
    }
    idom[0] = Some(0);
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().skip(1) {
            let mut new: Option<usize> = None;
            for &p in &preds[b] {
                if idom[p].is_none() {
                    continue;
                }
                new = Some(match new {
                    None => p,
                    Some(mut a) => {
                        let mut c = p;
                        while a != c {
                            while rpo[a] > rpo[c] {
                                a = idom[a].unwrap_or(0);
                            }
                            while rpo[c] > rpo[a] {
                                c = idom[c].unwrap_or(0);
                            }
                        }
                        a
                    }
                });
            }
            if new.is_some() && idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    idom
}

/// Entry and exit times of each block in a depth-first walk of the dominator tree.
fn tree_times(idom: &[Option<usize>]) -> Vec<Option<(usize, usize)>> {
    let n = idom.len();
    let mut children = vec![Vec::new(); n];
    for (b, up) in idom.iter().enumerate() {
        if let Some(up) = *up {
            if up != b {
                children[up].push(b);
            }
        }
    }
    let mut times = vec![None; n];
    if n == 0 || idom[0].is_none() {
        return times;
    }
    let mut clock = 0;
    let mut entered = vec![0usize; n];
    let mut stack = vec![(0usize, 0usize)];
    entered[0] = clock;
    while let Some((b, next)) = stack.pop() {
        if let Some(&c) = children[b].get(next) {
            stack.push((b, next + 1));
            clock += 1;
            entered[c] = clock;
            stack.push((c, 0));
        } else {
            clock += 1;
            times[b] = Some((entered[b], clock));
        }
    }
    times
}
