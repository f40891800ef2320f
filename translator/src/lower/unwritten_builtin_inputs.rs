//! A fragment built-in input that no earlier stage writes reads zero: `Layer` and
//! `ViewportIndex` when the last pre-rasterization stage writes neither (Vulkan gives the
//! fragment stage 0; WebGPU has no such built-in). The input variable becomes a private one
//! initialized to zero; its decorations, name and place in the entry points' interfaces go.

use super::{null_constant, private_variable, replace_uses_in_functions};
use rspirv::dr::{self, Operand};
use spirv::{BuiltIn, Op};

/// Rewrites the module's `builtin` input, if it has one; returns whether it did.
pub fn lower(module: &mut dr::Module, builtin: BuiltIn) -> bool {
    let Some((var, _, pointee)) = super::builtin_inputs(module).into_iter().find(|(_, b, _)| *b == builtin) else { return false };
    let zero = null_constant(module, pointee);
    let private = private_variable(module, pointee, zero);
    replace_uses_in_functions(module, var, private);
    module.types_global_values.retain(|i| i.result_id != Some(var));
    let targets_var = |operands: &[Operand]| operands.first() == Some(&Operand::IdRef(var));
    module.annotations.retain(|a| !targets_var(&a.operands));
    module.debug_names.retain(|n| !(n.class.opcode == Op::Name && targets_var(&n.operands)));
    for ep in &mut module.entry_points {
        ep.operands.retain(|o| *o != Operand::IdRef(var));
    }
    true
}
