//! Drops the members past the last one a stage reads from a uniform or storage block.
//!
//! Vulkan lets an application bind a range shorter than the block a shader declares when the
//! shader reads only inside it (`VkDescriptorBufferInfo::range`; robust access aside, only what
//! is read must lie in the range). WebGPU checks every bound range against the size of the
//! block the shader declares, so a 32-byte range bound to a 48-byte block whose shader reads
//! only the first 32 bytes fails at draw time. Each block variable whose every use is an access
//! chain with a constant member index (or `OpArrayLength` of its last member) gets a struct of
//! the members up to the last index used; offsets, strides and names stay, so what is read is
//! where it was (the struct is cut in place when only that variable has it, else a shortened
//! copy is made). A block read whole, passed to a function or copied keeps its type.

use super::{constant_value, global_defs, pointer_type};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, StorageClass, Word};
use std::collections::HashMap;

/// Whether [`lower`] may change the module: a uniform or storage block variable's access
/// chains and array lengths name constant members, none of them its last.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    const UNIFORM: u32 = StorageClass::Uniform as u32;
    const STORAGE: u32 = StorageClass::StorageBuffer as u32;
    // Each block variable, its member count and the highest member named so far.
    let mut blocks: Vec<(Word, usize, Option<u32>)> = module
        .types_global_values()
        .filter(|i| matches!((i.opcode, i.operands), (Op::Variable, [UNIFORM | STORAGE, ..])))
        .filter_map(|v| {
            let pointer = module.def(v.result_type?)?;
            let [_, pointee] = pointer.operands else { return None };
            let st = module.def(*pointee).filter(|t| t.opcode == Op::TypeStruct)?;
            Some((v.result_id?, st.operands.len(), None))
        })
        .collect();
    if blocks.is_empty() {
        return false;
    }
    for i in module.bodies() {
        let member = match (i.opcode, i.operands) {
            (Op::AccessChain | Op::InBoundsAccessChain, [_, index, ..]) => match module.def(*index) {
                Some(c) if c.opcode == Op::Constant && c.operands.len() == 1 => c.operands[0],
                _ => continue,
            },
            (Op::ArrayLength, [_, member]) => *member,
            _ => continue,
        };
        if let Some((_, _, last)) = blocks.iter_mut().find(|(var, ..)| *var == i.operands[0]) {
            *last = Some(last.map_or(member, |l| l.max(member)));
        }
    }
    // (A use other than these keeps the block whole: the pass finds it, this need not.)
    blocks.iter().any(|&(_, members, last)| last.is_some_and(|l| (l as usize).saturating_add(1) < members))
}

pub fn lower(module: &mut dr::Module) -> Result<bool, String> {
    let defs = global_defs(module);
    let mut blocks: HashMap<Word, BlockUse> = HashMap::new();
    for v in &module.types_global_values {
        let (Op::Variable, Some(var), Some(ptr)) = (v.class.opcode, v.result_id, v.result_type) else { continue };
        if !matches!(v.operands.first(), Some(Operand::StorageClass(StorageClass::Uniform | StorageClass::StorageBuffer))) {
            continue;
        }
        let Some([Operand::StorageClass(_), Operand::IdRef(pointee)]) = defs.get(&ptr).map(|p| p.operands.as_slice()) else { continue };
        if defs.get(pointee).is_some_and(|t| t.class.opcode == Op::TypeStruct) {
            blocks.insert(var, BlockUse { ty: *pointee, last: None, shrinkable: true });
        }
    }
    if blocks.is_empty() {
        return Ok(false);
    }
    let uses_in_globals = module.types_global_values.iter().flat_map(|i| i.operands.iter());
    for o in uses_in_globals {
        if let Operand::IdRef(id) = o {
            if let Some(b) = blocks.get_mut(id) {
                b.shrinkable = false;
            }
        }
    }
    for inst in module.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter())) {
        for (k, o) in inst.operands.iter().enumerate() {
            let Operand::IdRef(id) = o else { continue };
            let Some(b) = blocks.get_mut(id) else { continue };
            let member = match (inst.class.opcode, k, inst.operands.get(1)) {
                (Op::AccessChain | Op::InBoundsAccessChain, 0, Some(Operand::IdRef(index))) => constant_value(defs.get(index)),
                (Op::ArrayLength, 0, Some(Operand::LiteralBit32(m))) => Some(*m),
                _ => None,
            };
            match member {
                Some(m) => b.last = Some(b.last.map_or(m, |x| x.max(m))),
                None => b.shrinkable = false,
            }
        }
    }
    let mut changed = false;
    let mut truncated: HashMap<(Word, u32), Word> = HashMap::new();
    for (var, BlockUse { ty: st, last, shrinkable }) in blocks {
        let Some(last) = last.filter(|_| shrinkable) else { continue };
        let members = defs.get(&st).map_or(0, |s| s.operands.len() as u32);
        if last.saturating_add(1) >= members {
            continue;
        }
        if only_type_of(module, st, var) {
            truncate_in_place(module, st, last + 1);
            changed = true;
            continue;
        }
        let new_struct = match truncated.get(&(st, last)) {
            Some(id) => *id,
            None => {
                let id = copy_struct(module, st, last + 1);
                truncated.insert((st, last), id);
                id
            }
        };
        let at = module.types_global_values.iter().position(|i| i.result_id == Some(var)).expect("a variable found above");
        let Some(Operand::StorageClass(class)) = module.types_global_values[at].operands.first().cloned() else { continue };
        // (Appended: `at` stays the variable's index.)
        let ptr = pointer_type(module, class, new_struct);
        // The variable moves after its new type (types come before their uses).
        let mut v = module.types_global_values.remove(at);
        v.result_type = Some(ptr);
        module.types_global_values.push(v);
        changed = true;
    }
    Ok(changed)
}

/// A block variable's struct type and the highest member index its stage reads (`None` while
/// none is read); not `shrinkable` once the variable is used other than by a constant member
/// index.
struct BlockUse {
    ty: Word,
    last: Option<u32>,
    shrinkable: bool,
}

/// Whether `st` is the type of `var` alone: named by one pointer type, which only `var` has.
fn only_type_of(module: &dr::Module, st: Word, var: Word) -> bool {
    let refs = |id: Word| {
        let globals = module.types_global_values.iter().filter(|i| i.result_type == Some(id) || i.operands.contains(&Operand::IdRef(id)));
        let bodies = module.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter()));
        globals.chain(bodies.filter(|i| i.result_type == Some(id) || i.operands.contains(&Operand::IdRef(id)))).collect::<Vec<_>>()
    };
    match refs(st).as_slice() {
        [ptr] if ptr.class.opcode == Op::TypePointer => {
            ptr.result_id.is_some_and(|p| matches!(refs(p).as_slice(), [v] if v.result_id == Some(var)))
        }
        _ => false,
    }
}

/// Keeps the first `count` members of `st`, and their decorations and names.
fn truncate_in_place(module: &mut dr::Module, st: Word, count: u32) {
    if let Some(s) = module.types_global_values.iter_mut().find(|i| i.result_id == Some(st)) {
        s.operands.truncate(count as usize);
    }
    let past = |ops: &[Operand]| matches!(ops, [Operand::IdRef(s), Operand::LiteralBit32(m), ..] if *s == st && *m >= count);
    module.annotations.retain(|a| !(a.class.opcode == Op::MemberDecorate && past(&a.operands)));
    module.debug_names.retain(|n| !(n.class.opcode == Op::MemberName && past(&n.operands)));
}

/// A struct of the first `count` members of `st`, with their decorations and names and the
/// struct's own; returns its id.
fn copy_struct(module: &mut dr::Module, st: Word, count: u32) -> Word {
    let id = super::fresh_id(module);
    let members = module.types_global_values.iter().find(|i| i.result_id == Some(st)).map(|s| s.operands[..count as usize].to_vec());
    module.types_global_values.push(Instruction::new(Op::TypeStruct, None, Some(id), members.unwrap_or_default()));
    let kept = |ops: &[Operand]| match ops {
        [Operand::IdRef(s), Operand::LiteralBit32(m), ..] => *s == st && *m < count,
        [Operand::IdRef(s), ..] => *s == st,
        _ => false,
    };
    let renamed = |i: &Instruction| {
        let mut i = i.clone();
        i.operands[0] = Operand::IdRef(id);
        i
    };
    let annotations: Vec<Instruction> = module
        .annotations
        .iter()
        .filter(|a| matches!(a.class.opcode, Op::Decorate | Op::MemberDecorate) && kept(&a.operands))
        .map(renamed)
        .collect();
    module.annotations.extend(annotations);
    let names: Vec<Instruction> = module
        .debug_names
        .iter()
        .filter(|n| matches!(n.class.opcode, Op::Name | Op::MemberName) && kept(&n.operands))
        .map(renamed)
        .collect();
    module.debug_names.extend(names);
    id
}
