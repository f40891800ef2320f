//! Specialization constants: the values a pipeline gives replace the module's defaults.
//!
//! A translated pipeline is specialized once, when it is translated, so every scalar
//! specialization constant becomes an ordinary constant: the value the pipeline gives for its
//! `SpecId`, else its default. (naga's SPIR-V reader refuses spec constants in places such as
//! array sizes.) Composites become `OpConstantComposite`; `OpSpecConstantOp` stays for naga.
//! Values whose type differs from the constant's (a float given for an int) are bit patterns,
//! as Vulkan's `VkSpecializationInfo` bytes are.

use crate::desc::SpecValue;
use rspirv::dr::{self, Operand};
use spirv::{Decoration, Op, Word};
use std::collections::HashMap;

pub fn lower(module: &mut dr::Module, values: &[(u32, SpecValue)]) {
    let mut spec_ids: HashMap<Word, u32> = HashMap::new();
    for a in &module.annotations {
        if let (Op::Decorate, [Operand::IdRef(t), Operand::Decoration(Decoration::SpecId), Operand::LiteralBit32(id)]) =
            (a.class.opcode, a.operands.as_slice())
        {
            spec_ids.insert(*t, *id);
        }
    }
    for inst in &mut module.types_global_values {
        let value = inst.result_id.and_then(|r| spec_ids.get(&r)).and_then(|spec| values.iter().rev().find(|(id, _)| id == spec));
        let op = match inst.class.opcode {
            Op::SpecConstantTrue | Op::SpecConstantFalse => {
                let on = match value {
                    Some((_, v)) => v.word() != 0,
                    None => inst.class.opcode == Op::SpecConstantTrue,
                };
                *inst = dr::Instruction::new(if on { Op::ConstantTrue } else { Op::ConstantFalse }, inst.result_type, inst.result_id, vec![]);
                continue;
            }
            Op::SpecConstant => Op::Constant,
            Op::SpecConstantComposite => Op::ConstantComposite,
            _ => continue,
        };
        if let (Some((_, v)), Some(Operand::LiteralBit32(w))) = (value, inst.operands.first_mut()) {
            *w = v.word();
        }
        *inst = dr::Instruction::new(op, inst.result_type, inst.result_id, std::mem::take(&mut inst.operands));
    }
    // A SpecId on what is now a constant is invalid.
    module.annotations.retain(|a| {
        !(a.class.opcode == Op::Decorate
            && matches!(a.operands.get(1), Some(Operand::Decoration(Decoration::SpecId)))
            && a.operands.first().and_then(|o| if let Operand::IdRef(t) = o { Some(*t) } else { None }).is_some_and(|t| spec_ids.contains_key(&t)))
    });
}
