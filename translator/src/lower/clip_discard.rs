//! Emulated clipping, fragment side: discard where an interpolated clip distance is negative.
//!
//! Adds `ceil(count / 4)` `vec4` inputs at consecutive locations from `location` (fed by
//! [`super::clip_to_varying`]) and splits the entry block: after its `OpVariable`s, the
//! distances are tested and the invocation is killed when any of the first `count` is below 0.

use super::*;

pub fn lower(module: &mut dr::Module, entry_id: Word, count: u32, location: u32) {
    if count == 0 {
        return;
    }
    let f32_ty = float_type(module);
    let v4 = vec4_type(module);
    let bool_ty = type_id(module, Op::TypeBool, vec![]);
    let zero = constant(module, f32_ty, 0f32.to_bits());
    let inputs: Vec<Word> = (0..count.div_ceil(4)).map(|k| add_located_variable(module, StorageClass::Input, v4, location + k)).collect();
    let Some(fi) = entry_function(module, entry_id) else { return };
    let mut code = Vec::new();
    let mut any: Option<Word> = None;
    for (k, input) in inputs.iter().enumerate() {
        let v = fresh_id(module);
        code.push(Instruction::new(Op::Load, Some(v4), Some(v), vec![Operand::IdRef(*input)]));
        for c in 0..4u32 {
            if k as u32 * 4 + c >= count {
                break;
            }
            let x = fresh_id(module);
            code.push(Instruction::new(Op::CompositeExtract, Some(f32_ty), Some(x), vec![Operand::IdRef(v), Operand::LiteralBit32(c)]));
            let neg = fresh_id(module);
            code.push(Instruction::new(Op::FOrdLessThan, Some(bool_ty), Some(neg), vec![Operand::IdRef(x), Operand::IdRef(zero)]));
            any = Some(match any {
                None => neg,
                Some(prev) => {
                    let or = fresh_id(module);
                    code.push(Instruction::new(Op::LogicalOr, Some(bool_ty), Some(or), vec![Operand::IdRef(prev), Operand::IdRef(neg)]));
                    or
                }
            });
        }
    }
    let Some(any) = any else { return };
    let (kill, cont) = (fresh_id(module), fresh_id(module));
    let f = &mut module.functions[fi];
    let Some(first) = f.blocks.first_mut() else { return };
    let first_label = first.label.as_ref().and_then(|l| l.result_id);
    let split = first.instructions.iter().position(|i| i.class.opcode != Op::Variable).unwrap_or(first.instructions.len());
    let rest = first.instructions.split_off(split);
    first.instructions.extend(code);
    first.instructions.push(Instruction::new(
        Op::SelectionMerge,
        None,
        None,
        vec![Operand::IdRef(cont), Operand::SelectionControl(spirv::SelectionControl::NONE)],
    ));
    first.instructions.push(Instruction::new(
        Op::BranchConditional,
        None,
        None,
        vec![Operand::IdRef(any), Operand::IdRef(kill), Operand::IdRef(cont)],
    ));
    let kill_block = dr::Block {
        label: Some(Instruction::new(Op::Label, None, Some(kill), vec![])),
        instructions: vec![Instruction::new(Op::Kill, None, None, vec![])],
    };
    let cont_block = dr::Block { label: Some(Instruction::new(Op::Label, None, Some(cont), vec![])), instructions: rest };
    f.blocks.insert(1, kill_block);
    f.blocks.insert(2, cont_block);
    // Phis that named the entry block as a predecessor now come from the continuation.
    if let Some(first_label) = first_label {
        for b in f.blocks.iter_mut().skip(3) {
            for i in b.instructions.iter_mut().filter(|i| i.class.opcode == Op::Phi) {
                for pair in i.operands.chunks_mut(2) {
                    if pair.len() == 2 && pair[1] == Operand::IdRef(first_label) {
                        pair[1] = Operand::IdRef(cont);
                    }
                }
            }
        }
    }
}
