//! Drops transform feedback: the `Xfb` execution mode, the `TransformFeedback` capability and
//! the `XfbBuffer` / `XfbStride` / `Offset` decorations of output variables (GLSL
//! `layout(xfb_buffer = 0, xfb_offset = 0) out vec4 v;`).
//!
//! WebGPU has no transform feedback; capturing outputs into buffers does not change what is
//! rasterized, so the pipeline renders the same without it. `Offset` stays where it lays out
//! memory (uniform, storage and push-constant blocks): only output variables and the struct
//! types that nothing but output variables use lose it. Runs when a module is loaded
//! ([`crate::reflect::load`]), so no later step sees transform feedback.

use rspirv::dr::{self, Operand};
use spirv::{Capability, Decoration, ExecutionMode, Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// Whether [`lower`] would change the module: it declares transform feedback.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    let (xfb_buffer, xfb_stride) = (Decoration::XfbBuffer as u32, Decoration::XfbStride as u32);
    module.capabilities().any(|c| c.operands.first() == Some(&(Capability::TransformFeedback as u32)))
        || module.execution_modes().any(|m| m.operands.get(1) == Some(&(ExecutionMode::Xfb as u32)))
        || module.annotations().any(|a| {
            let at = match a.opcode {
                Op::Decorate | Op::DecorateId | Op::DecorateString => 1,
                Op::MemberDecorate | Op::MemberDecorateString => 2,
                _ => return false,
            };
            a.operands.get(at).is_some_and(|d| *d == xfb_buffer || *d == xfb_stride)
        })
}

pub fn lower(module: &mut dr::Module) -> bool {
    let xfb = module.capabilities.iter().any(|c| c.operands.first() == Some(&Operand::Capability(Capability::TransformFeedback)))
        || module.execution_modes.iter().any(|m| m.operands.get(1) == Some(&Operand::ExecutionMode(ExecutionMode::Xfb)))
        || module
            .annotations
            .iter()
            .any(|a| a.operands.iter().any(|o| matches!(o, Operand::Decoration(Decoration::XfbBuffer | Decoration::XfbStride))));
    if !xfb {
        return false;
    }
    module.capabilities.retain(|c| c.operands.first() != Some(&Operand::Capability(Capability::TransformFeedback)));
    module.execution_modes.retain(|m| m.operands.get(1) != Some(&Operand::ExecutionMode(ExecutionMode::Xfb)));

    // Output variables, and the struct types (through arrays) that only outputs use.
    let defs: HashMap<Word, &dr::Instruction> = module.types_global_values.iter().filter_map(|i| Some((i.result_id?, i))).collect();
    let pointee = |ptr: Word| match defs.get(&ptr).map(|i| (i.class.opcode, i.operands.as_slice())) {
        Some((Op::TypePointer, [Operand::StorageClass(sc), Operand::IdRef(t)])) => Some((*sc, *t)),
        _ => None,
    };
    // Struct types a variable of this type holds, through arrays and nested structs.
    let structs_of = |ty: Word| {
        let mut out = Vec::new();
        let mut work = vec![ty];
        let mut seen = HashSet::new();
        while let Some(t) = work.pop() {
            // Each type once (a malformed module may declare an array of itself).
            if !seen.insert(t) {
                continue;
            }
            match defs.get(&t).map(|i| (i.class.opcode, i.operands.as_slice())) {
                Some((Op::TypeArray | Op::TypeRuntimeArray, [Operand::IdRef(e), ..])) => work.push(*e),
                Some((Op::TypeStruct, members)) => {
                    out.push(t);
                    work.extend(members.iter().filter_map(|m| if let Operand::IdRef(t) = m { Some(*t) } else { None }));
                }
                _ => {}
            }
        }
        out
    };
    let mut outputs = HashSet::new();
    let mut output_structs = HashSet::new();
    let mut other_structs = HashSet::new();
    for v in module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable) {
        let Some((sc, ty)) = v.result_type.and_then(pointee) else { continue };
        if sc == StorageClass::Output {
            outputs.extend(v.result_id);
            output_structs.extend(structs_of(ty));
        } else {
            other_structs.extend(structs_of(ty));
        }
    }
    let output_only: HashSet<Word> = output_structs.difference(&other_structs).copied().collect();
    module.annotations.retain(|a| match (a.class.opcode, a.operands.as_slice()) {
        (Op::Decorate, [_, Operand::Decoration(Decoration::XfbBuffer | Decoration::XfbStride), ..]) => false,
        (Op::Decorate, [Operand::IdRef(t), Operand::Decoration(Decoration::Offset), ..]) => !outputs.contains(t),
        (Op::MemberDecorate, [Operand::IdRef(t), _, Operand::Decoration(Decoration::Offset), ..]) => !output_only.contains(t),
        _ => true,
    });
    true
}
