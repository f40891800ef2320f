//! Functions made and unmade: a run of pure instructions becomes a function called with the
//! values it reads, and a call of a one-block function becomes a copy of its body. The two
//! compose (a variant may outline and inline again), and both keep every value bit-exact: the
//! same instructions run on the same operands.

use super::{global, local_types, next_id, plain_value_type, pure, Rng};
use rspirv::dr::{Block, Function, Instruction, Module, Operand};
use spirv::{Op, Word};
use std::collections::{HashMap, HashSet};

/// An instruction an outlined function may hold: a pure one, or an extended instruction with a
/// value result whose operands are all values (no `interpolateAt*` on a pointer; in practice
/// `GLSL.std.450`, since non-semantic instructions have no value result).
fn outlinable(m: &Module, types: &HashMap<Word, Word>, i: &Instruction) -> bool {
    let value = |o: &Operand| match o {
        Operand::IdRef(id) => types.get(id).map_or_else(|| global_value(m, *id), |t| plain_value_type(m, *t)),
        _ => true,
    };
    let result = i.result_type.is_some_and(|t| plain_value_type(m, t));
    match i.class.opcode {
        // (Operands: the set, the instruction's number, then its operands.)
        Op::ExtInst => result && i.operands.iter().skip(2).all(value),
        op => pure(op) && result && i.operands.iter().all(value),
    }
}

/// A global id usable inside any function as a value: a constant or specialization constant.
fn global_value(m: &Module, id: Word) -> bool {
    super::global_def(m, id).is_some_and(|d| d.class.opcode != Op::Variable)
}

pub(super) fn outline(m: &mut Module, rng: &mut Rng) -> Option<String> {
    let types = local_types(m);
    // Runs of outlinable instructions: (function, block, first, end).
    let mut runs = Vec::new();
    for (fi, f) in m.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            let mut k = 0;
            while k < b.instructions.len() {
                let first = k;
                while k < b.instructions.len() && outlinable(m, &types, &b.instructions[k]) {
                    k += 1;
                }
                if k > first {
                    runs.push((fi, bi, first, k));
                }
                k += 1;
            }
        }
    }
    // A sub-run with at most one value used after it (tried a few times).
    let (f, b, start, end, escaping) = (0..8).find_map(|_| {
        if runs.is_empty() {
            return None;
        }
        let (f, b, first, end) = runs[rng.below(runs.len() as u64) as usize];
        let start = first + rng.below((end - first) as u64) as usize;
        let end = start + 1 + rng.below((end - start).min(6) as u64) as usize;
        let defined: HashSet<Word> = m.functions[f].blocks[b].instructions[start..end].iter().filter_map(|i| i.result_id).collect();
        let mut escaping = HashSet::new();
        for (bi, blk) in m.functions[f].blocks.iter().enumerate() {
            for (ii, i) in blk.instructions.iter().enumerate() {
                if bi == b && (start..end).contains(&ii) {
                    continue;
                }
                escaping.extend(i.operands.iter().filter_map(|o| match o {
                    Operand::IdRef(id) if defined.contains(id) => Some(*id),
                    _ => None,
                }));
            }
        }
        (escaping.len() <= 1).then(|| (f, b, start, end, escaping.into_iter().next()))
    })?;
    let run: Vec<Instruction> = m.functions[f].blocks[b].instructions[start..end].to_vec();
    let result = escaping.unwrap_or_else(|| run.last().and_then(|i| i.result_id).unwrap_or(0));
    let ret_ty = *types.get(&result)?;
    // The values the run reads that are defined in the function, in order of first use.
    let defined: HashSet<Word> = run.iter().filter_map(|i| i.result_id).collect();
    let mut free: Vec<Word> = Vec::new();
    for i in &run {
        for o in &i.operands {
            if let Operand::IdRef(id) = o {
                if types.contains_key(id) && !defined.contains(id) && !free.contains(id) {
                    free.push(*id);
                }
            }
        }
    }
    let fn_ty =
        global(m, Op::TypeFunction, None, std::iter::once(ret_ty).chain(free.iter().map(|v| types[v])).map(Operand::IdRef).collect());
    let (callee, label, inner) = (next_id(m), next_id(m), next_id(m));
    let params: Vec<(Word, Word)> = free.iter().map(|v| (*v, next_id(m))).collect();
    let mut body: Vec<Instruction> = run
        .into_iter()
        .map(|mut i| {
            for o in i.operands.iter_mut() {
                if let Operand::IdRef(id) = o {
                    if let Some(&(_, p)) = params.iter().find(|(v, _)| v == id) {
                        *id = p;
                    } else if *id == result {
                        *id = inner;
                    }
                }
            }
            if i.result_id == Some(result) {
                i.result_id = Some(inner);
            }
            i
        })
        .collect();
    body.push(Instruction::new(Op::ReturnValue, None, None, vec![Operand::IdRef(inner)]));
    let mut function = Function::new();
    function.def = Some(Instruction::new(
        Op::Function,
        Some(ret_ty),
        Some(callee),
        vec![Operand::FunctionControl(spirv::FunctionControl::NONE), Operand::IdRef(fn_ty)],
    ));
    function.parameters = params.iter().map(|&(v, p)| Instruction::new(Op::FunctionParameter, Some(types[&v]), Some(p), vec![])).collect();
    let mut block = Block::new();
    block.label = Some(Instruction::new(Op::Label, None, Some(label), vec![]));
    block.instructions = body;
    function.blocks.push(block);
    function.end = Some(Instruction::new(Op::FunctionEnd, None, None, vec![]));
    let call = Instruction::new(
        Op::FunctionCall,
        Some(ret_ty),
        Some(result),
        std::iter::once(callee).chain(free.iter().copied()).map(Operand::IdRef).collect(),
    );
    let n = end - start;
    m.functions[f].blocks[b].instructions.splice(start..end, [call]);
    m.functions.push(function);
    Some(format!("{n} instructions outlined into %{callee} ({} parameters, returning %{result})", params.len()))
}

pub(super) fn inline(m: &mut Module, rng: &mut Rng) -> Option<String> {
    // Callees of one block without variables or other exits than a return.
    let inlinable: HashMap<Word, usize> = m
        .functions
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            f.blocks.len() == 1
                && f.blocks[0].instructions.iter().all(|i| i.class.opcode != Op::Variable)
                && f.blocks[0].instructions.last().is_some_and(|t| matches!(t.class.opcode, Op::Return | Op::ReturnValue))
        })
        .filter_map(|(k, f)| Some((f.def.as_ref()?.result_id?, k)))
        .collect();
    let mut calls = Vec::new();
    for (fi, f) in m.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                if let (Op::FunctionCall, Some(Operand::IdRef(callee))) = (i.class.opcode, i.operands.first()) {
                    if inlinable.get(callee).is_some_and(|&k| k != fi) {
                        calls.push((fi, bi, ii, inlinable[callee]));
                    }
                }
            }
        }
    }
    if calls.is_empty() {
        return None;
    }
    let (f, b, i, callee) = calls[rng.below(calls.len() as u64) as usize];
    let call = m.functions[f].blocks[b].instructions[i].clone();
    let callee_fn = m.functions[callee].clone();
    let mut map: HashMap<Word, Word> = HashMap::new();
    for (p, arg) in callee_fn.parameters.iter().zip(call.operands.iter().skip(1)) {
        if let (Some(p), Operand::IdRef(arg)) = (p.result_id, arg) {
            map.insert(p, *arg);
        }
    }
    let instructions = &callee_fn.blocks[0].instructions;
    for inst in instructions {
        if let Some(id) = inst.result_id {
            let fresh = next_id(m);
            map.insert(id, fresh);
        }
    }
    let remap = |mut inst: Instruction| {
        inst.result_id = inst.result_id.map(|id| map[&id]);
        for o in inst.operands.iter_mut() {
            if let Operand::IdRef(id) = o {
                if let Some(&new) = map.get(id) {
                    *id = new;
                }
            }
        }
        inst
    };
    let (last, body) = instructions.split_last()?;
    let mut copy: Vec<Instruction> = body.iter().cloned().map(remap).collect();
    if let (Op::ReturnValue, Some(Operand::IdRef(v))) = (last.class.opcode, last.operands.first()) {
        let value = map.get(v).copied().unwrap_or(*v);
        copy.push(Instruction::new(Op::CopyObject, call.result_type, call.result_id, vec![Operand::IdRef(value)]));
    }
    let n = copy.len();
    m.functions[f].blocks[b].instructions.splice(i..i + 1, copy);
    let name = callee_fn.def.as_ref().and_then(|d| d.result_id).unwrap_or(0);
    Some(format!("call of %{name} inlined ({n} instructions)"))
}
