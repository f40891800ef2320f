//! Push constants → a uniform buffer at a binding the plan names.
//!
//! WebGPU has no push constants (wgpu's immediates are native-only and naga's SPIR-V reader
//! needs a capability wgpu does not give every device), so the `PushConstant` block becomes a
//! `Uniform` block decorated with the emulation's (group, binding). The application's bytes
//! keep their offsets: the runtime writes them to that buffer before the draw.
//!
//! Every `OpTypePointer PushConstant T` becomes `OpTypePointer Uniform T`, so access chains
//! into the block keep their types; the variable's storage class follows.

use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, StorageClass, Word};

pub fn lower(module: &mut dr::Module, var: Word, group: u32, binding: u32) {
    for inst in &mut module.types_global_values {
        let is_pc = |ops: &[Operand]| ops.first() == Some(&Operand::StorageClass(StorageClass::PushConstant));
        if matches!(inst.class.opcode, Op::TypePointer | Op::Variable) && is_pc(&inst.operands) {
            inst.operands[0] = Operand::StorageClass(StorageClass::Uniform);
        }
    }
    for (d, v) in [(Decoration::DescriptorSet, group), (Decoration::Binding, binding)] {
        module.annotations.push(Instruction::new(Op::Decorate, None, None, vec![Operand::IdRef(var), Operand::Decoration(d), Operand::LiteralBit32(v)]));
    }
}
