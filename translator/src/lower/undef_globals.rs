//! A function's `OpUndef`s move to module scope.
//!
//! naga's SPIR-V reader turns an `OpUndef` in a function body into a zero-value expression
//! while it is gathering an `Emit` range, so the expression is emitted although it needs no
//! emitting, and the module does not validate ("Expression \[n\] can't be introduced - it's
//! already in scope"): valid SPIR-V refused as naga's validation failure. An `OpUndef` at
//! module scope with the same id and type means the same (any value), and naga reads it as a
//! constant (its zero value).

use rspirv::dr;
use spirv::Op;

/// Whether [`lower`] changes the module: a function body holds an `OpUndef`.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.has_opcode(Op::Undef) && module.bodies().any(|i| i.opcode == Op::Undef)
}

pub fn lower(module: &mut dr::Module) -> bool {
    let mut moved = Vec::new();
    for block in module.functions.iter_mut().flat_map(|f| f.blocks.iter_mut()) {
        block.instructions.retain(|i| {
            let undef = i.class.opcode == Op::Undef;
            if undef {
                moved.push(i.clone());
            }
            !undef
        });
    }
    // After every type (the global section precedes the functions), so the result type is
    // defined before use.
    let changed = !moved.is_empty();
    module.types_global_values.extend(moved);
    changed
}
