//! Emulated clipping, producer side: `ClipDistance` outputs become ordinary varyings.
//!
//! The built-in is demoted to a private `float[N]` (see [`super::builtin_output`]); before
//! every return of the entry point its elements are packed into `ceil(N / 4)` `vec4` outputs at
//! consecutive locations from `location`, interpolated perspective-correctly like the hardware
//! distances. [`super::clip_discard`] is the fragment side.

use super::*;
use spirv::BuiltIn;

/// Returns the number of vec4 varyings added (0 when the stage writes no clip distance).
pub fn lower(module: &mut dr::Module, entry_id: Word, count: u32, location: u32) -> u32 {
    let privates = super::builtin_output::demote(module, BuiltIn::ClipDistance);
    let Some(&private) = privates.first() else { return 0 };
    if count == 0 {
        return 0;
    }
    let f32_ty = float_type(module);
    let v4 = vec4_type(module);
    let u32_ty = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    let ptr_f = pointer_type(module, StorageClass::Private, f32_ty);
    let zero = constant(module, f32_ty, 0f32.to_bits());
    let slots = count.div_ceil(4);
    let outputs: Vec<Word> = (0..slots).map(|k| add_located_variable(module, StorageClass::Output, v4, location + k)).collect();
    let indices: Vec<Word> = (0..count).map(|i| constant(module, u32_ty, i)).collect();
    let Some(fi) = entry_function(module, entry_id) else { return 0 };
    // Build the packing code once per return, with fresh ids each time.
    let mut blocks = std::mem::take(&mut module.functions[fi].blocks);
    for b in &mut blocks {
        let Some(last) = b.instructions.last() else { continue };
        if last.class.opcode != Op::Return {
            continue;
        }
        let ret = b.instructions.pop();
        for (k, out) in outputs.iter().enumerate() {
            let mut comps = Vec::new();
            for c in 0..4 {
                let i = k * 4 + c;
                if i >= count as usize {
                    comps.push(Operand::IdRef(zero));
                    continue;
                }
                let p = fresh_id(module);
                b.instructions.push(Instruction::new(
                    Op::AccessChain,
                    Some(ptr_f),
                    Some(p),
                    vec![Operand::IdRef(private), Operand::IdRef(indices[i])],
                ));
                let v = fresh_id(module);
                b.instructions.push(Instruction::new(Op::Load, Some(f32_ty), Some(v), vec![Operand::IdRef(p)]));
                comps.push(Operand::IdRef(v));
            }
            let vec = fresh_id(module);
            b.instructions.push(Instruction::new(Op::CompositeConstruct, Some(v4), Some(vec), comps));
            b.instructions.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(*out), Operand::IdRef(vec)]));
        }
        b.instructions.extend(ret);
    }
    module.functions[fi].blocks = blocks;
    slots
}
