//! `OpCopyLogical` → the value taken apart and put together again in the target type.
//!
//! SPIR-V 1.4's `OpCopyLogical` copies a composite into another type of the same shape (a
//! uniform block's struct, with offsets, into the function's struct without them; Slang and
//! glslang write it for `Light l = lights.light`). naga's SPIR-V reader does not take it. Each
//! copy becomes `OpCompositeExtract` of every member, the members copied the same way where
//! their types differ, and `OpCompositeConstruct` of the target type. Scalars, vectors and
//! matrices are logically equal only when identical, so they need no copy.

use super::{fresh_id, global_defs};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::HashMap;

/// Most instructions one copy may become (a large array copied element by element).
const MAX_COPY_INSTRUCTIONS: usize = 1 << 16;

/// Whether [`lower`] may change the module: a function holds an `OpCopyLogical`.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.has_opcode(Op::CopyLogical)
}

/// Rewrites every `OpCopyLogical`, but one between types of different shapes (an invalid
/// module) or too large to take apart, which stays (naga's reader then refuses it by name).
pub fn lower(module: &mut dr::Module) -> bool {
    if !module.functions.iter().any(|f| f.blocks.iter().any(|b| b.instructions.iter().any(|i| i.class.opcode == Op::CopyLogical))) {
        return false;
    }
    let mut changed = false;
    let defs = global_defs(module);
    for f in 0..module.functions.len() {
        // Result types of the function's values (the copied operand's type).
        let types: HashMap<Word, Word> = module.functions[f]
            .parameters
            .iter()
            .chain(module.functions[f].blocks.iter().flat_map(|b| &b.instructions))
            .filter_map(|i| Some((i.result_id?, i.result_type?)))
            .collect();
        for b in 0..module.functions[f].blocks.len() {
            if !module.functions[f].blocks[b].instructions.iter().any(|i| i.class.opcode == Op::CopyLogical) {
                continue;
            }
            let old = std::mem::take(&mut module.functions[f].blocks[b].instructions);
            let mut new = Vec::with_capacity(old.len());
            for inst in old {
                let (Op::CopyLogical, Some(target), Some(result), [Operand::IdRef(value)]) =
                    (inst.class.opcode, inst.result_type, inst.result_id, inst.operands.as_slice())
                else {
                    new.push(inst);
                    continue;
                };
                let source = types.get(value).or_else(|| defs.get(value).and_then(|d| d.result_type.as_ref())).copied().unwrap_or(0);
                let start = new.len();
                let bound = module.header.as_ref().map(|h| h.bound);
                let Ok(copied) = copy(module, &defs, *value, source, target, &mut new, start) else {
                    // Nothing of a copy that fails part way stays, not even the ids it took.
                    new.truncate(start);
                    if let (Some(h), Some(bound)) = (module.header.as_mut(), bound) {
                        h.bound = bound;
                    }
                    new.push(inst);
                    continue;
                };
                changed = true;
                // The copy's own id names the result.
                let emitted = new.len() > start;
                match new.last_mut() {
                    Some(last) if emitted && last.result_id == Some(copied) => last.result_id = Some(result),
                    _ => new.push(Instruction::new(Op::CopyObject, Some(target), Some(result), vec![Operand::IdRef(copied)])),
                }
            }
            module.functions[f].blocks[b].instructions = new;
        }
    }
    changed
}

/// Emits into `out` the copy of `value` (of type `source`) as type `target`; returns its id.
fn copy(
    module: &mut dr::Module,
    defs: &HashMap<Word, Instruction>,
    value: Word,
    source: Word,
    target: Word,
    out: &mut Vec<Instruction>,
    start: usize,
) -> Result<Word, String> {
    if source == target {
        return Ok(value);
    }
    if out.len() - start > MAX_COPY_INSTRUCTIONS {
        return Err(format!("an OpCopyLogical of more than {MAX_COPY_INSTRUCTIONS} members"));
    }
    let shape = |t: Word| defs.get(&t).map(|d| (d.class.opcode, d.operands.clone()));
    let members: Vec<(Word, Word)> = match (shape(source), shape(target)) {
        (Some((Op::TypeStruct, s)), Some((Op::TypeStruct, t))) if s.len() == t.len() => s
            .iter()
            .zip(&t)
            .filter_map(|(a, b)| match (a, b) {
                (Operand::IdRef(a), Operand::IdRef(b)) => Some((*a, *b)),
                _ => None,
            })
            .collect(),
        (Some((Op::TypeArray, s)), Some((Op::TypeArray, t))) => match (s.as_slice(), t.as_slice()) {
            ([Operand::IdRef(se), Operand::IdRef(sl)], [Operand::IdRef(te), Operand::IdRef(tl)])
                if super::constant_value(defs.get(sl)).is_some()
                    && super::constant_value(defs.get(sl)) == super::constant_value(defs.get(tl)) =>
            {
                let n = super::constant_value(defs.get(sl)).unwrap_or(0) as usize;
                if n > MAX_COPY_INSTRUCTIONS {
                    return Err(format!("an OpCopyLogical of an array of {n} elements"));
                }
                vec![(*se, *te); n]
            }
            _ => return Err(format!("an OpCopyLogical between arrays of different lengths (%{source} to %{target})")),
        },
        _ => return Err(format!("an OpCopyLogical between types of different shapes (%{source} to %{target})")),
    };
    let mut parts = Vec::with_capacity(members.len());
    for (k, (s, t)) in members.into_iter().enumerate() {
        let member = fresh_id(module);
        out.push(Instruction::new(
            Op::CompositeExtract,
            Some(s),
            Some(member),
            vec![Operand::IdRef(value), Operand::LiteralBit32(k as u32)],
        ));
        parts.push(Operand::IdRef(copy(module, defs, member, s, t, out, start)?));
    }
    let id = fresh_id(module);
    out.push(Instruction::new(Op::CompositeConstruct, Some(target), Some(id), parts));
    Ok(id)
}
