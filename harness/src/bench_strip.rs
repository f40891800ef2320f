//! For the translation bench: a module with some built-in outputs removed, the closest work
//! naga alone can do on a pipeline that writes built-ins WebGPU lacks (`PointSize` in a
//! point draw, `CullDistance`), which naga refuses.
//!
//! Removes each such output variable (and its decorations, name and interface entry) or, for a
//! member of a `gl_PerVertex`-style block, every access chain to the member (naga drops block
//! members nothing accesses), and the stores through them.

use rspirv::binary::Assemble;
use rspirv::dr::{self, Operand};
use spirv::{BuiltIn, Decoration, Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

pub fn strip_builtin_outputs(words: &[u32], builtins: &[BuiltIn]) -> Result<Vec<u32>, String> {
    let mut m = dr::load_words(words).map_err(|e| e.to_string())?;
    let is_stripped = |o: Option<&Operand>| matches!(o, Some(Operand::BuiltIn(b)) if builtins.contains(b));
    let decorated: HashSet<Word> = m
        .annotations
        .iter()
        .filter(|a| a.class.opcode == Op::Decorate && a.operands.get(1) == Some(&Operand::Decoration(Decoration::BuiltIn)))
        .filter(|a| is_stripped(a.operands.get(2)))
        .filter_map(|a| a.operands.first().and_then(|o| o.id_ref_any()))
        .collect();
    let members: HashSet<(Word, u32)> = m
        .annotations
        .iter()
        .filter(|a| a.class.opcode == Op::MemberDecorate && a.operands.get(2) == Some(&Operand::Decoration(Decoration::BuiltIn)))
        .filter(|a| is_stripped(a.operands.get(3)))
        .filter_map(|a| match a.operands.as_slice() {
            [Operand::IdRef(s), Operand::LiteralBit32(i), ..] => Some((*s, *i)),
            _ => None,
        })
        .collect();
    let output_pointees: HashMap<Word, Word> = m
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypePointer && i.operands.first() == Some(&Operand::StorageClass(StorageClass::Output)))
        .filter_map(|i| Some((i.result_id?, i.operands.get(1)?.id_ref_any()?)))
        .collect();
    let constants: HashMap<Word, u32> = m
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Constant)
        .filter_map(|i| match i.operands.as_slice() {
            [Operand::LiteralBit32(v)] => Some((i.result_id?, *v)),
            _ => None,
        })
        .collect();
    // Output variables: the stripped built-ins themselves, and blocks by their struct type.
    let mut dead: HashSet<Word> = HashSet::new();
    let mut blocks: HashMap<Word, Word> = HashMap::new();
    for v in m.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable) {
        let (Some(id), Some(pointee)) = (v.result_id, v.result_type.and_then(|t| output_pointees.get(&t))) else { continue };
        if decorated.contains(&id) {
            dead.insert(id);
        } else {
            blocks.insert(id, *pointee);
        }
    }
    // Pointers into them, to a fixed point (a chain may be defined in a later block).
    loop {
        let before = dead.len();
        for i in m.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter())) {
            if !matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain) {
                continue;
            }
            let (Some(res), Some(Operand::IdRef(base))) = (i.result_id, i.operands.first()) else { continue };
            let member = match (blocks.get(base), i.operands.get(1)) {
                (Some(s), Some(Operand::IdRef(c))) => constants.get(c).is_some_and(|c| members.contains(&(*s, *c))),
                _ => false,
            };
            if dead.contains(base) || member {
                dead.insert(res);
            }
        }
        if dead.len() == before {
            break;
        }
    }
    let removed = |i: &dr::Instruction| {
        i.result_id.is_some_and(|r| dead.contains(&r))
            || (i.class.opcode == Op::Store && matches!(i.operands.first(), Some(Operand::IdRef(p)) if dead.contains(p)))
    };
    for f in &mut m.functions {
        for b in &mut f.blocks {
            b.instructions.retain(|i| !removed(i));
            if let Some(i) = b.instructions.iter().find(|i| i.operands.iter().any(|o| o.id_ref_any().is_some_and(|r| dead.contains(&r)))) {
                return Err(format!("{:?} uses a stripped built-in output", i.class.opcode));
            }
        }
    }
    m.types_global_values.retain(|i| !removed(i));
    let names_dead = |i: &dr::Instruction| i.operands.first().and_then(|o| o.id_ref_any()).is_some_and(|r| dead.contains(&r));
    m.annotations.retain(|a| !names_dead(a));
    m.debug_names.retain(|n| !names_dead(n));
    for ep in &mut m.entry_points {
        ep.operands.retain(|o| !matches!(o, Operand::IdRef(r) if dead.contains(r)));
    }
    Ok(m.assemble())
}
