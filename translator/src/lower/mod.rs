//! SPIR-V → SPIR-V lowering passes, one per file, run on rspirv's data representation before
//! naga sees the module.
//!
//! Invariant: every pass leaves a module that is valid SPIR-V for its stage (types defined
//! before use, ids below the header bound), so passes compose in any order.

pub mod builtin_output;
pub mod interpolation;
pub mod point_coord;

use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, StorageClass, Word};

/// Allocates a fresh id by bumping the header's bound.
pub(crate) fn fresh_id(module: &mut dr::Module) -> Word {
    let header = module.header.get_or_insert_with(|| dr::ModuleHeader::new(1));
    let id = header.bound.max(1);
    header.bound = id + 1;
    id
}

/// Returns `OpTypePointer sc pointee`, adding it at the end of the global section if missing
/// (valid: the pointee is already defined earlier).
pub(crate) fn pointer_type(module: &mut dr::Module, sc: StorageClass, pointee: Word) -> Word {
    for inst in &module.types_global_values {
        if inst.class.opcode == Op::TypePointer
            && inst.operands.as_slice() == [Operand::StorageClass(sc), Operand::IdRef(pointee)]
        {
            if let Some(id) = inst.result_id {
                return id;
            }
        }
    }
    let id = fresh_id(module);
    module.types_global_values.push(Instruction::new(
        Op::TypePointer,
        None,
        Some(id),
        vec![Operand::StorageClass(sc), Operand::IdRef(pointee)],
    ));
    id
}

/// Replaces every use of `from` by `to` in function bodies.
pub(crate) fn replace_uses_in_functions(module: &mut dr::Module, from: Word, to: Word) {
    for f in &mut module.functions {
        for b in &mut f.blocks {
            for inst in &mut b.instructions {
                for op in &mut inst.operands {
                    if *op == Operand::IdRef(from) {
                        *op = Operand::IdRef(to);
                    }
                }
            }
        }
    }
}

/// SPIR-V 1.4 and later list every global used by the entry point in its interface.
pub(crate) fn interface_lists_all_globals(module: &dr::Module) -> bool {
    module.header.as_ref().is_some_and(|h| h.version >= 0x0001_0400)
}
