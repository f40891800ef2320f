//! Widens fragment inputs that read fewer components than the previous stage writes at their
//! location.
//!
//! Vulkan's interface matching lets an output vector have more components than the input that
//! reads it (a `vec4` output read as a `float`): the input takes the leading components. WGSL
//! through wgpu's Vulkan backend accepts the pair, but GLSL links it as a type mismatch, so on
//! wgpu's GL backend the pipeline fails. The input variable takes the output's vector type and
//! each whole load takes the leading components again (`OpCompositeExtract` for a scalar,
//! `OpVectorShuffle` for a vector); access chains into it already name one component and stay.
//!
//! Invariant: only single-location, non-array inputs whose every use is `OpLoad` or an access
//! chain are widened; anything else is left as it was (the pipeline still runs on Vulkan).

use crate::lower::{fresh_id, pointer_type, type_id};
use crate::reflect::InterfaceVar;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, StorageClass, Word};

/// An input that reads fewer components than the output at its location writes.
#[derive(Debug, Clone, Copy)]
pub struct NarrowInput {
    pub id: Word,
    /// Components the output writes.
    pub wide: u32,
    /// Components the input reads.
    pub narrow: u32,
}

/// The inputs to widen, from `pairs` (producer output variable id, consumer input) matched by
/// location and the producer's `outputs`.
pub fn narrow_inputs(pairs: &[(Word, &InterfaceVar)], outputs: &[InterfaceVar]) -> Vec<NarrowInput> {
    pairs
        .iter()
        .filter_map(|(output_id, input)| {
            let output = outputs.iter().find(|o| o.id == *output_id)?;
            let single = output.ty.locations == 1 && input.ty.locations == 1;
            (single && output.ty.components > input.ty.components).then_some(NarrowInput {
                id: input.id,
                wide: output.ty.components,
                narrow: input.ty.components,
            })
        })
        .collect()
}

pub fn lower(module: &mut dr::Module, inputs: &[NarrowInput]) {
    for i in inputs {
        widen(module, i.id, i.wide, i.narrow);
    }
}

fn widen(module: &mut dr::Module, var: Word, wide: u32, narrow: u32) {
    let Some(at) = module.types_global_values.iter().position(|i| i.result_id == Some(var) && i.class.opcode == Op::Variable) else {
        return;
    };
    let def = |id: Word| module.types_global_values.iter().find(|i| i.result_id == Some(id));
    let Some(pointee) = module.types_global_values[at].result_type.and_then(def).and_then(|p| match p.operands.as_slice() {
        [Operand::StorageClass(StorageClass::Input), Operand::IdRef(t)] => Some(*t),
        _ => None,
    }) else {
        return;
    };
    let component = match def(pointee).map(|t| (t.class.opcode, t.operands.as_slice())) {
        Some((Op::TypeVector, [Operand::IdRef(c), Operand::LiteralBit32(n)])) if *n == narrow => *c,
        Some((Op::TypeFloat | Op::TypeInt, _)) if narrow == 1 => pointee,
        _ => return,
    };
    let body = || module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions);
    let only_loads_and_chains = body().all(|i| match i.class.opcode {
        Op::Load | Op::AccessChain | Op::InBoundsAccessChain => !i.operands.iter().skip(1).any(|o| *o == Operand::IdRef(var)),
        _ => !i.operands.contains(&Operand::IdRef(var)),
    });
    if !only_loads_and_chains {
        return;
    }
    let loads = body().filter(|i| i.class.opcode == Op::Load && i.operands.first() == Some(&Operand::IdRef(var))).count();

    let wide_ty = type_id(module, Op::TypeVector, vec![Operand::IdRef(component), Operand::LiteralBit32(wide)]);
    let wide_ptr = pointer_type(module, StorageClass::Input, wide_ty);
    // The pointer type may be new (at the end of the section): the variable moves after it.
    let mut variable = module.types_global_values.remove(at);
    variable.result_type = Some(wide_ptr);
    module.types_global_values.push(variable);
    let fresh: Vec<Word> = (0..loads).map(|_| fresh_id(module)).collect();
    let mut fresh = fresh.into_iter();
    for block in module.functions.iter_mut().flat_map(|f| &mut f.blocks) {
        let mut out = Vec::with_capacity(block.instructions.len() + loads);
        for mut inst in block.instructions.drain(..) {
            if inst.class.opcode != Op::Load || inst.operands.first() != Some(&Operand::IdRef(var)) {
                out.push(inst);
                continue;
            }
            let (Some(ty), Some(result), Some(loaded)) = (inst.result_type, inst.result_id, fresh.next()) else {
                out.push(inst);
                continue;
            };
            inst.result_type = Some(wide_ty);
            inst.result_id = Some(loaded);
            out.push(inst);
            let narrowed = if narrow == 1 {
                Instruction::new(Op::CompositeExtract, Some(ty), Some(result), vec![Operand::IdRef(loaded), Operand::LiteralBit32(0)])
            } else {
                let lanes = (0..narrow).map(Operand::LiteralBit32);
                Instruction::new(
                    Op::VectorShuffle,
                    Some(ty),
                    Some(result),
                    [Operand::IdRef(loaded), Operand::IdRef(loaded)].into_iter().chain(lanes).collect(),
                )
            };
            out.push(narrowed);
        }
        block.instructions = out;
    }
}
