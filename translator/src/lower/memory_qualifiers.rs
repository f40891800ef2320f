//! Memory qualifiers WGSL has no words for: `coherent` and `volatile` (any resource), and
//! `writeonly` on buffers.
//!
//! naga's SPIR-V reader keeps `Coherent` and `Volatile` as memory decorations that its
//! validator accepts only with capabilities WebGPU lacks, and takes `NonReadable` on a storage
//! buffer (glslang's `writeonly buffer`) as a write-only access WGSL's storage address space
//! does not have: valid modules refused. WebGPU's storage accesses need neither qualifier (a
//! buffer or texture is coherent within a dispatch or draw, under WGSL's memory model and
//! barriers, and naga reorders no memory access), and a write-only buffer bound
//! `read_write` behaves the same, so the decorations are dropped. `NonReadable` on an image
//! stays: WGSL spells write-only storage textures. Runs when a module is loaded
//! ([`crate::reflect::load`]).

use rspirv::dr::{self, Operand};
use spirv::{Decoration, Op, Word};

/// Whether [`lower`] may change the module: a `Coherent` or `Volatile` decoration, or a
/// `NonReadable` one on a struct member or on a variable of a struct (or an array of them).
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    const COHERENT: u32 = Decoration::Coherent as u32;
    const VOLATILE: u32 = Decoration::Volatile as u32;
    const NON_READABLE: u32 = Decoration::NonReadable as u32;
    module.annotations().any(|a| match (a.opcode, a.operands) {
        (Op::Decorate, [_, COHERENT | VOLATILE]) | (Op::MemberDecorate, [_, _, COHERENT | VOLATILE | NON_READABLE]) => true,
        (Op::Decorate, [v, NON_READABLE]) => buffer_variable_view(module, *v),
        _ => false,
    })
}

/// Whether `v` is a variable of a struct or an array of structs (a buffer block).
fn buffer_variable_view(module: &crate::spirv_view::ModuleView, v: Word) -> bool {
    let Some(ptr) = module.def(v).filter(|i| i.opcode == Op::Variable).and_then(|i| i.result_type) else { return false };
    let mut ty = module.def(ptr).and_then(|p| p.operands.get(1).copied());
    for _ in 0..8 {
        match ty.and_then(|t| module.def(t)) {
            Some(t) if matches!(t.opcode, Op::TypeArray | Op::TypeRuntimeArray) => ty = t.operands.first().copied(),
            Some(t) => return t.opcode == Op::TypeStruct,
            None => return false,
        }
    }
    false
}

pub fn lower(module: &mut dr::Module) -> bool {
    let defs = super::global_defs(module);
    let buffer_variable = |v: Word| {
        let Some(ptr) = defs.get(&v).filter(|i| i.class.opcode == Op::Variable).and_then(|i| i.result_type) else { return false };
        let mut ty = match defs.get(&ptr).and_then(|p| p.operands.get(1)) {
            Some(Operand::IdRef(t)) => *t,
            _ => return false,
        };
        for _ in 0..8 {
            match defs.get(&ty).map(|t| (t.class.opcode, t.operands.first())) {
                Some((Op::TypeArray | Op::TypeRuntimeArray, Some(Operand::IdRef(e)))) => ty = *e,
                Some((op, _)) => return op == Op::TypeStruct,
                None => return false,
            }
        }
        false
    };
    let before = module.annotations.len();
    module.annotations.retain(|a| match (a.class.opcode, a.operands.as_slice()) {
        (Op::Decorate, [_, Operand::Decoration(Decoration::Coherent | Decoration::Volatile)])
        | (Op::MemberDecorate, [_, _, Operand::Decoration(Decoration::Coherent | Decoration::Volatile | Decoration::NonReadable)]) => false,
        (Op::Decorate, [Operand::IdRef(v), Operand::Decoration(Decoration::NonReadable)]) => !buffer_variable(*v),
        _ => true,
    });
    module.annotations.len() != before
}
