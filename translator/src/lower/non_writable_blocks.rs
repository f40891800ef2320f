//! Decorates a storage-buffer variable `NonWritable` when every member of its block is.
//!
//! glslang writes GLSL's `readonly buffer B { ... }` (and DXC a `StructuredBuffer`) as
//! `NonWritable` on each member of the block. naga's SPIR-V reader takes a `StorageBuffer`
//! variable's access only from decorations of the variable itself, so such a buffer becomes
//! `var<storage, read_write>`; wgpu then refuses it in a vertex stage unless the device has
//! `VERTEX_WRITABLE_STORAGE` (Vulkan's `vertexPipelineStoresAndAtomics`), which a read-only
//! buffer never needed. Runs when a module is loaded ([`crate::reflect::load`]).

use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// Whether [`lower`] may change the module: a struct member is decorated `NonWritable`.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    const NON_WRITABLE: u32 = Decoration::NonWritable as u32;
    module.annotations().any(|a| matches!((a.opcode, a.operands), (Op::MemberDecorate, [_, _, NON_WRITABLE])))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let mut members: HashMap<Word, HashSet<u32>> = HashMap::new();
    let mut decorated_vars = HashSet::new();
    for a in &module.annotations {
        match (a.class.opcode, a.operands.as_slice()) {
            (Op::MemberDecorate, [Operand::IdRef(s), Operand::LiteralBit32(m), Operand::Decoration(Decoration::NonWritable)]) => {
                members.entry(*s).or_default().insert(*m);
            }
            (Op::Decorate, [Operand::IdRef(v), Operand::Decoration(Decoration::NonWritable)]) => {
                decorated_vars.insert(*v);
            }
            _ => {}
        }
    }
    if members.is_empty() {
        return false;
    }
    let defs: HashMap<Word, &Instruction> = module.types_global_values.iter().filter_map(|i| Some((i.result_id?, i))).collect();
    // Structs whose every member is `NonWritable`.
    let read_only = |s: Word| match defs.get(&s) {
        Some(i) if i.class.opcode == Op::TypeStruct => {
            members.get(&s).is_some_and(|m| (0..i.operands.len() as u32).all(|k| m.contains(&k)))
        }
        _ => false,
    };
    let mut add = Vec::new();
    for v in module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable) {
        let (Some(id), Some(ptr)) = (v.result_id, v.result_type) else { continue };
        if decorated_vars.contains(&id)
            || !matches!(v.operands.first(), Some(Operand::StorageClass(StorageClass::StorageBuffer | StorageClass::Uniform)))
        {
            continue;
        }
        let pointee = match defs.get(&ptr).map(|p| p.operands.as_slice()) {
            Some([Operand::StorageClass(_), Operand::IdRef(t)]) => *t,
            _ => continue,
        };
        // The block itself, or (an array of blocks) its element.
        let block = match defs.get(&pointee).map(|t| (t.class.opcode, t.operands.as_slice())) {
            Some((Op::TypeArray | Op::TypeRuntimeArray, [Operand::IdRef(e), ..])) => *e,
            _ => pointee,
        };
        if read_only(block) {
            add.push(id);
        }
    }
    let changed = !add.is_empty();
    for id in add {
        module.annotations.push(Instruction::new(
            Op::Decorate,
            None,
            None,
            vec![Operand::IdRef(id), Operand::Decoration(Decoration::NonWritable)],
        ));
    }
    changed
}
