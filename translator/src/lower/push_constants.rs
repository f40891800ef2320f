//! Push constants → a uniform (or read-only storage) buffer at a binding the plan names.
//!
//! WebGPU has no push constants (wgpu's immediates are native-only and naga's SPIR-V reader
//! needs a capability wgpu does not give every device), so the `PushConstant` block becomes a
//! `Uniform` block decorated with the emulation's (group, binding); where WGSL's uniform layout
//! cannot hold it (std430's arrays strided by less than 16 bytes, which push constants use:
//! `descriptors::block_fits_uniform`), a `StorageBuffer` block, `NonWritable`, instead. The
//! application's bytes keep their offsets: the runtime writes them to that buffer before the
//! draw.
//!
//! Every `OpTypePointer PushConstant T` becomes `OpTypePointer Uniform T` (or `StorageBuffer`),
//! so access chains into the block keep their types; the variable's storage class follows.
//!
//! A stage's block often starts past offset 0 (`layout(offset = 64)`: the vertex stage owns
//! bytes 0–63). WGSL cannot place a struct's first member past 0, so such a block gets a
//! `uint` member at offset 0 and every access chain from the variable shifts its first index.

use super::{constant, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, StorageClass, Word};

/// `class` is `Uniform`, or `StorageBuffer` for a pipeline whose push constants some stage
/// lays out tighter than WGSL's uniform rules allow (every stage takes the same, as they share
/// the binding).
pub fn lower(module: &mut dr::Module, var: Word, group: u32, binding: u32, class: StorageClass) -> Result<(), String> {
    pad_leading_offset(module, var)?;
    for inst in &mut module.types_global_values {
        let is_pc = |ops: &[Operand]| ops.first() == Some(&Operand::StorageClass(StorageClass::PushConstant));
        if matches!(inst.class.opcode, Op::TypePointer | Op::Variable) && is_pc(&inst.operands) {
            inst.operands[0] = Operand::StorageClass(class);
        }
    }
    let decorate = |d: Decoration, literal: Option<u32>| {
        let mut operands = vec![Operand::IdRef(var), Operand::Decoration(d)];
        operands.extend(literal.map(Operand::LiteralBit32));
        Instruction::new(Op::Decorate, None, None, operands)
    };
    module.annotations.push(decorate(Decoration::DescriptorSet, Some(group)));
    module.annotations.push(decorate(Decoration::Binding, Some(binding)));
    if class == StorageClass::StorageBuffer {
        module.annotations.push(decorate(Decoration::NonWritable, None));
    }
    Ok(())
}

fn pad_leading_offset(module: &mut dr::Module, var: Word) -> Result<(), String> {
    let def = |m: &dr::Module, id: Word| m.types_global_values.iter().find(|i| i.result_id == Some(id)).cloned();
    let Some(ptr) = def(module, var).and_then(|v| v.result_type) else { return Ok(()) };
    let Some(Operand::IdRef(block)) = def(module, ptr).and_then(|p| p.operands.get(1).cloned()) else { return Ok(()) };
    let offset0 = module.annotations.iter().find_map(|a| match a.operands.as_slice() {
        [Operand::IdRef(t), Operand::LiteralBit32(0), Operand::Decoration(Decoration::Offset), Operand::LiteralBit32(o)] if *t == block => {
            Some(*o)
        }
        _ => None,
    });
    if offset0.unwrap_or(0) == 0 {
        return Ok(());
    }
    // Every use of the variable must be an access chain that names a member.
    for f in &module.functions {
        for b in &f.blocks {
            for i in &b.instructions {
                if i.operands.contains(&Operand::IdRef(var))
                    && !(matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain) && i.operands.len() >= 2)
                {
                    return Err(format!("a push-constant block starting at offset {} used by {:?}", offset0.unwrap_or(0), i.class.opcode));
                }
            }
        }
    }
    let uint = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    let int = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(1)]);
    // The new member goes first.
    if let Some(s) = module.types_global_values.iter_mut().find(|i| i.result_id == Some(block)) {
        s.operands.insert(0, Operand::IdRef(uint));
    }
    // The block type must now follow the uint type it uses: move it (and what follows it that
    // may depend on it keeps its order) to the end if it came first.
    let pos_uint = module.types_global_values.iter().position(|i| i.result_id == Some(uint));
    let pos_block = module.types_global_values.iter().position(|i| i.result_id == Some(block));
    if let (Some(pu), Some(pb)) = (pos_uint, pos_block) {
        if pu > pb {
            let u = module.types_global_values.remove(pu);
            module.types_global_values.insert(pb, u);
        }
    }
    for a in &mut module.annotations {
        if let [Operand::IdRef(t), Operand::LiteralBit32(m), ..] = a.operands.as_mut_slice() {
            if *t == block && matches!(a.class.opcode, Op::MemberDecorate) {
                *m += 1;
            }
        }
    }
    for n in &mut module.debug_names {
        if let [Operand::IdRef(t), Operand::LiteralBit32(m), ..] = n.operands.as_mut_slice() {
            if *t == block && n.class.opcode == Op::MemberName {
                *m += 1;
            }
        }
    }
    module.annotations.push(Instruction::new(
        Op::MemberDecorate,
        None,
        None,
        vec![Operand::IdRef(block), Operand::LiteralBit32(0), Operand::Decoration(Decoration::Offset), Operand::LiteralBit32(0)],
    ));
    // Shift the member index of every chain from the variable.
    let literal = |m: &dr::Module, id: Word| {
        m.types_global_values.iter().find(|i| i.result_id == Some(id) && i.class.opcode == Op::Constant).and_then(|i| {
            match i.operands.first() {
                Some(Operand::LiteralBit32(v)) => Some((*v, i.result_type)),
                _ => None,
            }
        })
    };
    let mut chains = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                if matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain) && i.operands.first() == Some(&Operand::IdRef(var)) {
                    if let Some(Operand::IdRef(idx)) = i.operands.get(1) {
                        chains.push((fi, bi, ii, *idx));
                    }
                }
            }
        }
    }
    for (fi, bi, ii, idx) in chains {
        let Some((v, ty)) = literal(module, idx) else { return Err("a push-constant member chosen by a non-constant index".into()) };
        // An index past every member (invalid) stays past them: naga's validator reports it.
        let Some(next) = v.checked_add(1) else { continue };
        let shifted = constant(module, ty.unwrap_or(int), next);
        module.functions[fi].blocks[bi].instructions[ii].operands[1] = Operand::IdRef(shifted);
    }
    Ok(())
}
