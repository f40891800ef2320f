//! GLSL.std.450 calls whose operands are all constants get a run-time operand.
//!
//! SPIR-V leaves `asin(2.0)`, `sqrt(-1.0)`, `log(0.0)` or `pow(-2.0, 0.5)` undefined (or NaN)
//! and compilers keep such calls when nothing folds them. naga's WGSL writer writes the call
//! with its constant operands, and WGSL evaluates a call on constants when the shader is
//! created, where an argument outside the function's domain (or a non-finite result) is an
//! error: the module would not validate, and wgpu would refuse it. A call whose operands are
//! all constants therefore reads its first operand from a private variable initialized with
//! the constant, so the call runs like any other. Found by the `spirv_words` fuzzer
//! (`asin(2.0943952)` in a clip distance).

use super::fresh_id;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::{HashMap, HashSet};

/// Whether [`lower`] changes the module: a `GLSL.std.450` call's operands are all constants.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    let constant = |id: &Word| {
        module.def(*id).is_some_and(|d| {
            matches!(d.opcode, Op::Constant | Op::ConstantComposite | Op::ConstantNull | Op::ConstantTrue | Op::ConstantFalse)
        })
    };
    let glsl = |set: &Word| {
        module.def(*set).is_some_and(|d| d.opcode == Op::ExtInstImport && d.string_at(0).is_some_and(|(s, _)| s == "GLSL.std.450"))
    };
    module.bodies().any(|i| match (i.opcode, i.ids) {
        // Operands `set, instruction, args…`: every argument an id (the ids are `set, args…`).
        (Op::ExtInst, [set, args @ ..]) => !args.is_empty() && args.len() + 2 == i.operands.len() && args.iter().all(constant) && glsl(set),
        _ => false,
    })
}

pub fn lower(module: &mut dr::Module) -> bool {
    let glsl: HashSet<Word> = module
        .ext_inst_imports
        .iter()
        .filter(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "GLSL.std.450"))
        .filter_map(|i| i.result_id)
        .collect();
    if glsl.is_empty() {
        return false;
    }
    let constants: HashMap<Word, Word> = module
        .types_global_values
        .iter()
        .filter(|i| {
            matches!(i.class.opcode, Op::Constant | Op::ConstantComposite | Op::ConstantNull | Op::ConstantTrue | Op::ConstantFalse)
        })
        .filter_map(|i| Some((i.result_id?, i.result_type?)))
        .collect();
    // (function, block, instruction) of each call on constants, and its first operand.
    let mut calls = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                if i.class.opcode != Op::ExtInst {
                    continue;
                }
                let [Operand::IdRef(set), Operand::LiteralExtInstInteger(_), args @ ..] = i.operands.as_slice() else { continue };
                let ids: Vec<Word> = args.iter().filter_map(|a| if let Operand::IdRef(id) = a { Some(*id) } else { None }).collect();
                if glsl.contains(set) && !ids.is_empty() && ids.len() == args.len() && ids.iter().all(|id| constants.contains_key(id)) {
                    calls.push((fi, bi, ii, ids[0]));
                }
            }
        }
    }
    if calls.is_empty() {
        return false;
    }
    // One private copy per constant.
    let mut copies: HashMap<Word, (Word, Word)> = HashMap::new();
    for &(_, _, _, c) in &calls {
        if copies.contains_key(&c) {
            continue;
        }
        let ty = constants[&c];
        copies.insert(c, (super::private_variable(module, ty, c), ty));
    }
    // Back to front, so earlier instruction indices stay valid.
    for &(fi, bi, ii, c) in calls.iter().rev() {
        let (var, ty) = copies[&c];
        let load = fresh_id(module);
        let block = &mut module.functions[fi].blocks[bi];
        block.instructions[ii].operands[2] = Operand::IdRef(load);
        block.instructions.insert(ii, Instruction::new(Op::Load, Some(ty), Some(load), vec![Operand::IdRef(var)]));
    }
    true
}
