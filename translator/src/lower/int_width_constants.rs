//! Integer constants of widths WGSL lacks (8, 16 and 64 bits) used as access-chain indices →
//! 32-bit constants, and such constants and types nothing uses any more → gone.
//!
//! SPIR-V lets an index be an integer of any width (`OpAccessChain %p %block %uint64_0`), and
//! specialization folds a 64- or 16-bit spec constant converted to 32 bits into a 32-bit
//! constant (the CTS's `uconvert/spec_const_opt_*`), leaving the narrow or wide one unused.
//! naga's reader takes only 32-bit constants as struct member indices ("invalid access
//! Constant") and refuses 8- and 16-bit integers, and WGSL has no 64-bit integers at all (naga's
//! validator refuses the type by name wherever it appears). So an index constant that fits in
//! 32 bits becomes the 32-bit constant of the same signedness, and a module whose integers of
//! those widths were only such constants and folded spec constants no longer declares them:
//! their constants without a use go, then their types without a use, with their names and
//! decorations. A value of such a width that anything else reads stays, for naga to refuse.

use super::{constant, type_id};
use rspirv::dr::{self, Operand};
use spirv::{Op, Word};
use std::collections::{HashMap, HashSet};

fn access_chain(op: Op) -> bool {
    matches!(op, Op::AccessChain | Op::InBoundsAccessChain)
}

/// The integer widths WGSL lacks.
fn foreign_width(width: u32) -> bool {
    matches!(width, 8 | 16 | 64)
}

/// Whether [`lower`] may change the module: it declares an 8-, 16- or 64-bit integer type.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.types_global_values().any(|i| i.opcode == Op::TypeInt && i.operands.first().is_some_and(|w| foreign_width(*w)))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let foreign_types: HashMap<Word, u32> = module
        .types_global_values
        .iter()
        .filter_map(|i| match (i.class.opcode, i.result_id, i.operands.as_slice()) {
            (Op::TypeInt, Some(id), [Operand::LiteralBit32(width), Operand::LiteralBit32(signed)]) if foreign_width(*width) => {
                Some((id, *signed))
            }
            _ => None,
        })
        .collect();
    if foreign_types.is_empty() {
        return false;
    }
    // Constants whose value fits in 32 bits: (signedness, value). (A narrower constant's word
    // holds its value zero- or sign-extended, as its signedness says.)
    let narrowable: HashMap<Word, (u32, u32)> = module
        .types_global_values
        .iter()
        .filter_map(|i| match (i.class.opcode, i.result_id, i.result_type.and_then(|t| foreign_types.get(&t)), i.operands.as_slice()) {
            (Op::Constant, Some(id), Some(&signed), [Operand::LiteralBit64(v)]) => {
                let fits = if signed == 1 { i32::try_from(*v as i64).is_ok() } else { u32::try_from(*v).is_ok() };
                fits.then_some((id, (signed, *v as u32)))
            }
            (Op::Constant, Some(id), Some(&signed), [Operand::LiteralBit32(v)]) => Some((id, (signed, *v))),
            _ => None,
        })
        .collect();
    let mut changed = false;
    let mut functions = std::mem::take(&mut module.functions);
    for inst in functions.iter_mut().flat_map(|f| &mut f.blocks).flat_map(|b| &mut b.instructions) {
        if !access_chain(inst.class.opcode) {
            continue;
        }
        for op in inst.operands.iter_mut().skip(1) {
            if let Operand::IdRef(id) = op {
                if let Some(&(signed, value)) = narrowable.get(id) {
                    let ty = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(signed)]);
                    *op = Operand::IdRef(constant(module, ty, value));
                    changed = true;
                }
            }
        }
    }
    module.functions = functions;
    changed |= drop_unused(module, &foreign_types);
    changed
}

/// Removes integer constants of the foreign widths nothing refers to, then such types nothing
/// refers to, with the names and decorations that target them.
fn drop_unused(module: &mut dr::Module, foreign_types: &HashMap<Word, u32>) -> bool {
    let mut removed: HashSet<Word> = HashSet::new();
    for pass in 0..2 {
        let referenced = super::referenced_ids(module);
        let dead = |i: &dr::Instruction| {
            let Some(id) = i.result_id else { return false };
            let candidate = match pass {
                0 => i.class.opcode == Op::Constant && i.result_type.is_some_and(|t| foreign_types.contains_key(&t)),
                _ => foreign_types.contains_key(&id),
            };
            candidate && !referenced.contains(&id)
        };
        removed.extend(module.types_global_values.iter().filter(|i| dead(i)).filter_map(|i| i.result_id));
        module.types_global_values.retain(|i| !i.result_id.is_some_and(|id| removed.contains(&id)));
    }
    super::forget_ids(module, &removed);
    !removed.is_empty()
}
