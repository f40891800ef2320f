//! GLSL.std.450 geometric functions of scalars → the same functions of 2-vectors.
//!
//! GLSL's `normalize`, `faceforward`, `reflect` and `refract` take any float type, scalars
//! included, and glslang writes them on scalars as they are; WGSL's take vectors only, so
//! naga's validator refuses the module. Each such call takes its float operands as
//! `vec2(x, 0)` and gives component 0 of the vector call: a second component of zero adds
//! nothing to a dot product or a length, so component 0 is the scalar formula (normalize: x/|x|;
//! faceforward: N, negated unless Nref·I < 0; reflect: I − 2(N·I)N; refract: 0 when
//! k = 1 − η²(1 − (N·I)²) < 0, else ηI − (η(N·I) + √k)N), evaluated as the
//! vector one is. `refract`'s η stays a scalar, as in both languages.

use super::{fresh_id, null_constant, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};

const NORMALIZE: u32 = 69;
const FACE_FORWARD: u32 = 70;
const REFLECT: u32 = 71;
const REFRACT: u32 = 72;

fn geometric(number: u32) -> bool {
    matches!(number, NORMALIZE | FACE_FORWARD | REFLECT | REFRACT)
}

/// Whether [`lower`] may change the module: a GLSL.std.450 geometric function returns a float
/// scalar.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.has_opcode(Op::ExtInst)
        && module.bodies().any(|i| {
            i.opcode == Op::ExtInst
                && i.operands.get(1).is_some_and(|n| geometric(*n))
                && i.result_type.and_then(|t| module.def(t)).is_some_and(|t| t.opcode == Op::TypeFloat)
                && i.operands.first().and_then(|s| module.def(*s)).is_some_and(|s| s.string_at(0).is_some_and(|(n, _)| n == "GLSL.std.450"))
        })
}

pub fn lower(module: &mut dr::Module) -> bool {
    let glsl = super::glsl_std_imports(module);
    let floats: Vec<Word> =
        module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypeFloat).filter_map(|i| i.result_id).collect();
    let scalar_call = |i: &Instruction| match (i.class.opcode, i.operands.as_slice(), i.result_type) {
        (Op::ExtInst, [Operand::IdRef(set), Operand::LiteralExtInstInteger(n), ..], Some(t)) => {
            glsl.contains(set) && geometric(*n) && floats.contains(&t)
        }
        _ => false,
    };
    let calls: Vec<(usize, usize)> = module
        .functions
        .iter()
        .enumerate()
        .flat_map(|(f, func)| {
            func.blocks.iter().enumerate().filter(|(_, b)| b.instructions.iter().any(scalar_call)).map(move |(b, _)| (f, b))
        })
        .collect();
    if calls.is_empty() {
        return false;
    }
    for (f, b) in calls {
        let old = std::mem::take(&mut module.functions[f].blocks[b].instructions);
        let mut new = Vec::with_capacity(old.len() + 8);
        for inst in old {
            if !scalar_call(&inst) {
                new.push(inst);
                continue;
            }
            let scalar = inst.result_type.unwrap_or(0);
            let vec2 = type_id(module, Op::TypeVector, vec![Operand::IdRef(scalar), Operand::LiteralBit32(2)]);
            let zero = null_constant(module, scalar);
            let number = match inst.operands.get(1) {
                Some(Operand::LiteralExtInstInteger(n)) => *n,
                _ => 0,
            };
            let mut operands = inst.operands[..2].to_vec();
            for (k, arg) in inst.operands[2..].iter().enumerate() {
                // refract(I, N, eta): eta stays a scalar.
                if number == REFRACT && k == 2 {
                    operands.push(arg.clone());
                    continue;
                }
                let widened = fresh_id(module);
                new.push(Instruction::new(Op::CompositeConstruct, Some(vec2), Some(widened), vec![arg.clone(), Operand::IdRef(zero)]));
                operands.push(Operand::IdRef(widened));
            }
            let call = fresh_id(module);
            new.push(Instruction::new(Op::ExtInst, Some(vec2), Some(call), operands));
            new.push(Instruction::new(
                Op::CompositeExtract,
                Some(scalar),
                inst.result_id,
                vec![Operand::IdRef(call), Operand::LiteralBit32(0)],
            ));
        }
        module.functions[f].blocks[b].instructions = new;
    }
    true
}
