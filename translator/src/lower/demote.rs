//! `OpDemoteToHelperInvocation` → an `OpKill` under `if (true)`, which naga writes as WGSL's
//! `discard`.
//!
//! glslang writes GLSL's and HLSL's `discard` as demote to helper invocation when it compiles
//! for SPIR-V 1.6 (Vulkan 1.3, where `OpKill` is deprecated), as DXC and Slang do for Vulkan
//! 1.3, and naga's SPIR-V reader does not take the instruction or its extension. WGSL's
//! `discard` *is* a demote: the invocation becomes a helper that keeps executing (for its
//! neighbours' derivatives) and its fragment is thrown away. naga reads `OpKill` as that
//! `discard`, but `OpKill` ends its block, so the demote's block is split around it: what came
//! before ends in a selection on `true` whose one branch kills, and what came after starts the
//! merge block, where WGSL runs it on as a helper. Successors' `OpPhi`s name the merge block
//! as their predecessor. The extension and capability go once no demote is left.
//!
//! A module that also asks whether an invocation is a helper (`OpIsHelperInvocationEXT`, no
//! WGSL equivalent) or demotes inside a loop header block is left as it is (naga refuses it by
//! name).

use super::{fresh_id, type_id};
use rspirv::dr::{self, Block, Instruction, Operand};
use spirv::{Capability, Op, SelectionControl};

/// Whether [`lower`] may change the module: a function demotes.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.has_opcode(Op::DemoteToHelperInvocation)
}

pub fn lower(module: &mut dr::Module) -> bool {
    let body = || module.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions));
    if !body().any(|i| i.class.opcode == Op::DemoteToHelperInvocation) || body().any(|i| i.class.opcode == Op::IsHelperInvocationEXT) {
        return false;
    }
    let demotes_in_loop_header = module.functions.iter().flat_map(|f| &f.blocks).any(|b| {
        b.instructions.iter().any(|i| i.class.opcode == Op::DemoteToHelperInvocation)
            && b.instructions.iter().any(|i| i.class.opcode == Op::LoopMerge)
    });
    if demotes_in_loop_header {
        return false;
    }
    let bool_type = type_id(module, Op::TypeBool, vec![]);
    let always = match module.types_global_values.iter().find(|i| i.class.opcode == Op::ConstantTrue && i.result_type == Some(bool_type)) {
        Some(i) => i.result_id.unwrap_or(0),
        None => {
            let id = fresh_id(module);
            module.types_global_values.push(Instruction::new(Op::ConstantTrue, Some(bool_type), Some(id), vec![]));
            id
        }
    };
    for f in 0..module.functions.len() {
        let mut b = 0;
        while b < module.functions[f].blocks.len() {
            let Some(at) = module.functions[f].blocks[b].instructions.iter().position(|i| i.class.opcode == Op::DemoteToHelperInvocation)
            else {
                b += 1;
                continue;
            };
            let (kill, merge) = (fresh_id(module), fresh_id(module));
            let block = &mut module.functions[f].blocks[b];
            let label = block.label.as_ref().and_then(|l| l.result_id).unwrap_or(0);
            let after: Vec<Instruction> = block.instructions.split_off(at + 1);
            block.instructions.pop(); // the demote
            block.instructions.push(Instruction::new(
                Op::SelectionMerge,
                None,
                None,
                vec![Operand::IdRef(merge), Operand::SelectionControl(SelectionControl::NONE)],
            ));
            block.instructions.push(Instruction::new(
                Op::BranchConditional,
                None,
                None,
                vec![Operand::IdRef(always), Operand::IdRef(kill), Operand::IdRef(merge)],
            ));
            let kill_block = Block {
                label: Some(Instruction::new(Op::Label, None, Some(kill), vec![])),
                instructions: vec![Instruction::new(Op::Kill, None, None, vec![])],
            };
            let merge_block = Block { label: Some(Instruction::new(Op::Label, None, Some(merge), vec![])), instructions: after };
            // The merge block ends as the block did: its successors' phis come from it now.
            for other in &mut module.functions[f].blocks {
                for phi in other.instructions.iter_mut().filter(|i| i.class.opcode == Op::Phi) {
                    for pair in phi.operands.chunks_mut(2) {
                        if pair.get(1) == Some(&Operand::IdRef(label)) {
                            pair[1] = Operand::IdRef(merge);
                        }
                    }
                }
            }
            module.functions[f].blocks.splice(b + 1..b + 1, [kill_block, merge_block]);
            // The merge block may demote again.
            b += 2;
        }
    }
    module
        .extensions
        .retain(|e| !matches!(e.operands.first(), Some(Operand::LiteralString(s)) if s == "SPV_EXT_demote_to_helper_invocation"));
    module.capabilities.retain(|c| c.operands.first() != Some(&Operand::Capability(Capability::DemoteToHelperInvocation)));
    true
}
