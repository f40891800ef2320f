//! Structured control flow around straight-line code: a run of instructions of one block moves
//! into a loop that runs once or into a selection that is always taken. Both decide on a new
//! boolean specialization constant (a value the pipeline knows and the shader's front end does
//! not), so the condition is dynamically uniform and derivatives inside stay defined.
//!
//! The block is split as `prefix | run | rest`: the prefix keeps the block's label, `OpPhi`s
//! and variables; the run goes into the new construct; the rest (with the block's own merge
//! instruction and terminator) becomes the construct's merge block, so the block's successors
//! now name that merge block in their `OpPhi`s.

use super::{local_types, next_id, plain_value_type, spec_bool, Rng};
use rspirv::dr::{Block, Instruction, Module, Operand};
use spirv::{Op, Word};
use std::collections::HashSet;

/// Where a run may be taken from: function, block, and the range of instructions that may
/// move (`[first, end)`).
struct Place {
    f: usize,
    b: usize,
    first: usize,
    end: usize,
}

/// Blocks that may be split, with the stretch of instructions that may move: not a loop
/// header, not a continue target, not a block that branches to a loop header (a back edge, or
/// the branch into the loop: both are left whole), and instructions other than `OpPhi`,
/// variables, debug lines,
/// merges and the terminator. An `OpSampledImage` must share a block with its users, so no
/// run starts or ends between the two: the instructions from one to its last user stay.
fn places(m: &Module) -> Vec<Place> {
    let mut out = Vec::new();
    for (fi, f) in m.functions.iter().enumerate() {
        let mut headers = HashSet::new();
        let mut continues = HashSet::new();
        let mut sampled = HashSet::new();
        for b in &f.blocks {
            for i in &b.instructions {
                match (i.class.opcode, i.operands.get(1)) {
                    (Op::LoopMerge, Some(Operand::IdRef(c))) => {
                        continues.insert(*c);
                        headers.extend(b.label_id());
                    }
                    (Op::SampledImage, _) => sampled.extend(i.result_id),
                    _ => {}
                }
            }
        }
        for (bi, b) in f.blocks.iter().enumerate() {
            let Some(label) = b.label_id() else { continue };
            let back_edge = b.instructions.last().is_some_and(|t| {
                rspirv::grammar::reflect::is_block_terminator(t.class.opcode)
                    && t.operands.iter().any(|o| matches!(o, Operand::IdRef(id) if headers.contains(id)))
            });
            if headers.contains(&label) || continues.contains(&label) || back_edge {
                continue;
            }
            // From each `OpSampledImage` to its last user, nothing moves (a run beginning or
            // ending there would part them).
            let mut pinned = vec![false; b.instructions.len()];
            for (d, i) in b.instructions.iter().enumerate() {
                let Some(id) = i.result_id.filter(|id| sampled.contains(id)) else { continue };
                let last = (d..b.instructions.len()).rev().find(|&k| b.instructions[k].operands.contains(&Operand::IdRef(id))).unwrap_or(d);
                pinned[d..=last].iter_mut().for_each(|p| *p = true);
            }
            let movable = |k: usize| {
                let i = &b.instructions[k];
                !pinned[k]
                    && !matches!(i.class.opcode, Op::Phi | Op::Variable | Op::Line | Op::NoLine | Op::SelectionMerge | Op::LoopMerge)
                    && !rspirv::grammar::reflect::is_block_terminator(i.class.opcode)
            };
            let mut k = 0;
            while k < b.instructions.len() {
                if !movable(k) {
                    k += 1;
                    continue;
                }
                let first = k;
                while k < b.instructions.len() && movable(k) {
                    k += 1;
                }
                out.push(Place { f: fi, b: bi, first, end: k });
            }
        }
    }
    out
}

/// A run `[start, end)` inside a random place: up to 8 instructions.
fn pick(places: &[Place], rng: &mut Rng) -> Option<(usize, usize, usize, usize)> {
    if places.is_empty() {
        return None;
    }
    let p = &places[rng.below(places.len() as u64) as usize];
    let start = p.first + rng.below((p.end - p.first) as u64) as usize;
    let len = 1 + rng.below((p.end - start).min(8) as u64) as usize;
    Some((p.f, p.b, start, start + len))
}

fn block(label: Word, instructions: Vec<Instruction>) -> Block {
    let mut b = Block::new();
    b.label = Some(Instruction::new(Op::Label, None, Some(label), vec![]));
    b.instructions = instructions;
    b
}

fn branch(target: Word) -> Instruction {
    Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(target)])
}

/// Splits block `b` of function `f` around `[start, end)`; returns the label, the run and the
/// rest, and makes the block's successors' `OpPhi`s name `tail` instead of it.
fn split(m: &mut Module, f: usize, b: usize, start: usize, end: usize, tail: Word) -> (Word, Vec<Instruction>, Vec<Instruction>) {
    let func = &mut m.functions[f];
    let label = func.blocks[b].label_id().unwrap_or(0);
    for other in func.blocks.iter_mut() {
        for i in other.instructions.iter_mut().filter(|i| i.class.opcode == Op::Phi) {
            for o in i.operands.iter_mut().skip(1).step_by(2) {
                if *o == Operand::IdRef(label) {
                    *o = Operand::IdRef(tail);
                }
            }
        }
    }
    let block = &mut func.blocks[b];
    let rest: Vec<Instruction> = block.instructions.drain(end..).collect();
    let run: Vec<Instruction> = block.instructions.drain(start..).collect();
    (label, run, rest)
}

pub(super) fn one_iteration_loop(m: &mut Module, rng: &mut Rng) -> Option<String> {
    let (f, b, start, end) = pick(&places(m), rng)?;
    let again = spec_bool(m, false);
    let [header, body, cont, tail] = [next_id(m), next_id(m), next_id(m), next_id(m)];
    let (label, run, rest) = split(m, f, b, start, end, tail);
    let n = run.len();
    let func = &mut m.functions[f];
    func.blocks[b].instructions.push(branch(header));
    let new = [
        block(
            header,
            vec![
                Instruction::new(
                    Op::LoopMerge,
                    None,
                    None,
                    vec![Operand::IdRef(tail), Operand::IdRef(cont), Operand::LoopControl(spirv::LoopControl::NONE)],
                ),
                branch(body),
            ],
        ),
        block(body, run.into_iter().chain([branch(cont)]).collect()),
        block(
            cont,
            vec![Instruction::new(
                Op::BranchConditional,
                None,
                None,
                vec![Operand::IdRef(again), Operand::IdRef(header), Operand::IdRef(tail)],
            )],
        ),
        block(tail, rest),
    ];
    for (k, nb) in new.into_iter().enumerate() {
        func.blocks.insert(b + 1 + k, nb);
    }
    Some(format!("{n} instructions of %{label} in a loop that runs once (back edge on specialization constant %{again} = false)"))
}

pub(super) fn always_true(m: &mut Module, rng: &mut Rng) -> Option<String> {
    let all = places(m);
    let types = local_types(m);
    // A run whose values used after it can be merged by `OpPhi` (tried a few times).
    let (f, b, start, end, escaping) = (0..8).find_map(|_| {
        let (f, b, start, end) = pick(&all, rng)?;
        let instructions = &m.functions[f].blocks[b].instructions;
        let defined: HashSet<Word> = instructions[start..end].iter().filter_map(|i| i.result_id).collect();
        let mut escaping: Vec<Word> = Vec::new();
        for (bi, blk) in m.functions[f].blocks.iter().enumerate() {
            for (ii, i) in blk.instructions.iter().enumerate() {
                if bi == b && (start..end).contains(&ii) {
                    continue;
                }
                for o in &i.operands {
                    if let Operand::IdRef(id) = o {
                        if defined.contains(id) && !escaping.contains(id) {
                            escaping.push(*id);
                        }
                    }
                }
            }
        }
        escaping.iter().all(|id| types.get(id).is_some_and(|t| plain_value_type(m, *t))).then_some((f, b, start, end, escaping))
    })?;
    let taken = spec_bool(m, true);
    let [then, tail] = [next_id(m), next_id(m)];
    let merged: Vec<(Word, Word, Word, Word)> = escaping
        .iter()
        .map(|&id| {
            let ty = types[&id];
            let undef = super::global(m, Op::Undef, Some(ty), vec![]);
            (id, next_id(m), ty, undef)
        })
        .collect();
    let (label, run, mut rest) = split(m, f, b, start, end, tail);
    let n = run.len();
    let func = &mut m.functions[f];
    // Every use after the run reads the merged value.
    let rename = |i: &mut Instruction| {
        for o in i.operands.iter_mut() {
            if let Operand::IdRef(id) = o {
                if let Some(&(_, new, _, _)) = merged.iter().find(|(old, ..)| old == id) {
                    *id = new;
                }
            }
        }
    };
    rest.iter_mut().for_each(rename);
    for blk in func.blocks.iter_mut() {
        blk.instructions.iter_mut().for_each(rename);
    }
    let phis = merged.iter().map(|&(old, new, ty, undef)| {
        Instruction::new(
            Op::Phi,
            Some(ty),
            Some(new),
            vec![Operand::IdRef(old), Operand::IdRef(then), Operand::IdRef(undef), Operand::IdRef(label)],
        )
    });
    let tail_block = block(tail, phis.chain(rest).collect());
    let head = &mut func.blocks[b].instructions;
    head.push(Instruction::new(
        Op::SelectionMerge,
        None,
        None,
        vec![Operand::IdRef(tail), Operand::SelectionControl(spirv::SelectionControl::NONE)],
    ));
    head.push(Instruction::new(Op::BranchConditional, None, None, vec![Operand::IdRef(taken), Operand::IdRef(then), Operand::IdRef(tail)]));
    func.blocks.insert(b + 1, block(then, run.into_iter().chain([branch(tail)]).collect()));
    func.blocks.insert(b + 2, tail_block);
    Some(format!("{n} instructions of %{label} behind specialization constant %{taken} = true ({} values merged)", merged.len()))
}
