//! `OpUnreachable` in a function that returns a value → `OpReturnValue` of an `OpUndef`.
//!
//! A loop left only by `return` (`for (;;) { return x; }` as spirv-opt leaves it) has an
//! unreachable merge block, which naga's reader writes as nothing: the WGSL function then ends
//! with the loop. WGSL takes that (the loop's behaviour is to return), but naga's WGSL front
//! end ends such a body with a `return;` of no value and its validator refuses the text
//! naga's writer wrote ("The `return` expression None does not match the declared return
//! type"), so the WGSL does not survive a round trip through naga (wgpu's WGSL path). Returning
//! an undefined value from a block no path reaches changes nothing, and naga writes the return
//! after the loop itself. Functions returning nothing are left alone (naga's `return;` fits).

use super::undef;
use rspirv::dr::{self, Instruction, Operand};
use spirv::Op;

/// Whether [`lower`] may change the module: a function has an `OpUnreachable` block.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.has_opcode(Op::Unreachable)
}

pub fn lower(module: &mut dr::Module) -> bool {
    let void: Vec<u32> = module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypeVoid).filter_map(|i| i.result_id).collect();
    let mut changed = false;
    for f in 0..module.functions.len() {
        let Some(ty) = module.functions[f].def.as_ref().and_then(|d| d.result_type) else { continue };
        if void.contains(&ty) {
            continue;
        }
        let unreachable = |i: &Instruction| i.class.opcode == Op::Unreachable;
        if !module.functions[f].blocks.iter().any(|b| b.instructions.last().is_some_and(unreachable)) {
            continue;
        }
        let value = undef(module, ty);
        for b in &mut module.functions[f].blocks {
            if let Some(t) = b.instructions.last_mut().filter(|t| unreachable(t)) {
                *t = Instruction::new(Op::ReturnValue, None, None, vec![Operand::IdRef(value)]);
                changed = true;
            }
        }
    }
    changed
}
