//! `OpBitcast` between a 32-bit integer and two 16-bit floats → GLSL.std.450's
//! `PackHalf2x16` / `UnpackHalf2x16` around an exact width conversion.
//!
//! GLSL's `packFloat2x16(f16vec2)` and `unpackFloat2x16(uint)` are bitcasts between a `uint`
//! and an `f16vec2` in SPIR-V; naga's validator casts only between types of one component
//! count ("Unable to cast"), so such a module was a validation failure. Every 16-bit float is
//! exactly a 32-bit one, so `PackHalf2x16(FConvert(v))` rounds nothing and gives the same bits
//! as the bitcast, and `FConvert(UnpackHalf2x16(u))` the same two halves (a NaN keeps its
//! sign and stays a NaN; its payload may be quieted, which the bitcast would not do).

use super::{fresh_id, global_defs, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::HashMap;

const PACK_HALF_2X16: u32 = 58;
const UNPACK_HALF_2X16: u32 = 62;

/// Whether [`lower`] may change the module: it declares 16-bit floats and bitcasts something.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.types_global_values().any(|t| t.opcode == Op::TypeFloat && t.operands.first() == Some(&16)) && module.has_opcode(Op::Bitcast)
}

pub fn lower(module: &mut dr::Module) -> bool {
    let globals = global_defs(module);
    let is_half2 = |t: Word| match globals.get(&t).map(|v| (v.class.opcode, v.operands.as_slice())) {
        Some((Op::TypeVector, [Operand::IdRef(c), Operand::LiteralBit32(2)])) => {
            matches!(
                globals.get(c).map(|s| (s.class.opcode, s.operands.as_slice())),
                Some((Op::TypeFloat, [Operand::LiteralBit32(16), ..]))
            )
        }
        _ => false,
    };
    let is_word = |t: Word| {
        matches!(
            globals.get(&t).map(|s| (s.class.opcode, s.operands.as_slice())),
            Some((Op::TypeInt, [Operand::LiteralBit32(32), _]) | (Op::TypeFloat, [Operand::LiteralBit32(32), ..]))
        )
    };
    let mut types: HashMap<Word, Word> = HashMap::new();
    for i in module.functions.iter().flat_map(|f| f.parameters.iter().chain(f.blocks.iter().flat_map(|b| &b.instructions))) {
        if let (Some(id), Some(ty)) = (i.result_id, i.result_type) {
            types.insert(id, ty);
        }
    }
    for i in &module.types_global_values {
        if let (Some(id), Some(ty)) = (i.result_id, i.result_type) {
            types.insert(id, ty);
        }
    }
    // (result, result type, operand, packing: half2 → word, else word → half2)
    let mut casts = Vec::new();
    for i in module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions) {
        let (Op::Bitcast, Some(ty), Some(result), Some(Operand::IdRef(v))) =
            (i.class.opcode, i.result_type, i.result_id, i.operands.first())
        else {
            continue;
        };
        let Some(&from) = types.get(v) else { continue };
        if is_word(ty) && is_half2(from) {
            casts.push((result, ty, *v, true, from));
        } else if is_half2(ty) && is_word(from) {
            casts.push((result, ty, *v, false, from));
        }
    }
    if casts.is_empty() {
        return false;
    }
    let glsl =
        match module.ext_inst_imports.iter().find(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "GLSL.std.450"))
        {
            Some(i) => i.result_id.unwrap_or(0),
            None => {
                let id = fresh_id(module);
                module.ext_inst_imports.push(Instruction::new(
                    Op::ExtInstImport,
                    None,
                    Some(id),
                    vec![Operand::LiteralString("GLSL.std.450".into())],
                ));
                id
            }
        };
    let float = type_id(module, Op::TypeFloat, vec![Operand::LiteralBit32(32)]);
    let vec2 = type_id(module, Op::TypeVector, vec![Operand::IdRef(float), Operand::LiteralBit32(2)]);
    let uint = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    let mut expanded: HashMap<Word, Vec<Instruction>> = HashMap::new();
    for (result, ty, v, pack, from) in casts {
        let (a, b) = (fresh_id(module), fresh_id(module));
        let ext = |ty: Word, id: Word, number: u32, arg: Word| {
            Instruction::new(
                Op::ExtInst,
                Some(ty),
                Some(id),
                vec![Operand::IdRef(glsl), Operand::LiteralExtInstInteger(number), Operand::IdRef(arg)],
            )
        };
        let insts = if pack {
            // half2 → vec2<f32> (exact) → the packed word, then the word's own type.
            let (word, last) = if ty == uint {
                (result, None)
            } else {
                (b, Some(Instruction::new(Op::Bitcast, Some(ty), Some(result), vec![Operand::IdRef(b)])))
            };
            let mut insts =
                vec![Instruction::new(Op::FConvert, Some(vec2), Some(a), vec![Operand::IdRef(v)]), ext(uint, word, PACK_HALF_2X16, a)];
            insts.extend(last);
            insts
        } else {
            // The word as uint → vec2<f32> → half2 (exact).
            let word = if from == uint { v } else { a };
            let mut insts = Vec::new();
            if from != uint {
                insts.push(Instruction::new(Op::Bitcast, Some(uint), Some(a), vec![Operand::IdRef(v)]));
            }
            insts.push(ext(vec2, b, UNPACK_HALF_2X16, word));
            insts.push(Instruction::new(Op::FConvert, Some(ty), Some(result), vec![Operand::IdRef(b)]));
            insts
        };
        expanded.insert(result, insts);
    }
    for block in module.functions.iter_mut().flat_map(|f| &mut f.blocks) {
        let mut out = Vec::with_capacity(block.instructions.len());
        for inst in block.instructions.drain(..) {
            match inst.result_id.filter(|_| inst.class.opcode == Op::Bitcast).and_then(|id| expanded.remove(&id)) {
                Some(insts) => out.extend(insts),
                None => out.push(inst),
            }
        }
        block.instructions = out;
    }
    true
}
