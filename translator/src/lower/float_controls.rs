//! Float controls (SPV_KHR_float_controls, core in SPIR-V 1.4): execution modes that bind the
//! implementation to IEEE behaviour WGSL leaves open, refused naming the mode; the extension
//! and its capabilities dropped where no such mode binds a float width the module uses.
//!
//! - `SignedZeroInfNanPreserve`: WGSL lets an implementation assume that no infinity or NaN
//!   occurs and ignore the sign of zero, so it cannot promise to keep them.
//! - `DenormPreserve`, `DenormFlushToZero`: WGSL lets an implementation flush subnormals or
//!   keep them, either.
//! - `RoundingModeRTE`, `RoundingModeRTZ`: WGSL lets an implementation round an inexact
//!   result either way.
//!
//! naga's reader refused the extension whatever the module asked (GraphicsFuzz declares
//! `SignedZeroInfNanPreserve 32` to keep the compiler from folding `asin(2.0)` and friends).

use rspirv::dr::{self, Operand};
use spirv::{Capability, ExecutionMode, Op};

const EXTENSION: &str = "SPV_KHR_float_controls";

fn float_control(mode: ExecutionMode) -> bool {
    matches!(
        mode,
        ExecutionMode::SignedZeroInfNanPreserve
            | ExecutionMode::DenormPreserve
            | ExecutionMode::DenormFlushToZero
            | ExecutionMode::RoundingModeRTE
            | ExecutionMode::RoundingModeRTZ
    )
}

fn float_control_capability(c: Capability) -> bool {
    matches!(
        c,
        Capability::SignedZeroInfNanPreserve
            | Capability::DenormPreserve
            | Capability::DenormFlushToZero
            | Capability::RoundingModeRTE
            | Capability::RoundingModeRTZ
    )
}

/// Whether [`lower`] may change or refuse the module: it declares the extension, a float
/// controls capability, or a float controls execution mode.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.all().any(|i| i.opcode == Op::Extension && i.string_at(0).is_some_and(|(name, _)| name == EXTENSION))
        || module.capabilities().any(|i| i.operands.first().and_then(|&c| Capability::from_u32(c)).is_some_and(float_control_capability))
        || module.execution_modes().any(|i| i.operands.get(1).and_then(|&m| ExecutionMode::from_u32(m)).is_some_and(float_control))
}

pub fn lower(module: &mut dr::Module) -> Result<bool, String> {
    let widths: Vec<u32> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypeFloat)
        .filter_map(|i| match i.operands.first() {
            Some(Operand::LiteralBit32(w)) => Some(*w),
            _ => None,
        })
        .collect();
    let mut changed = false;
    let mut refused = None;
    module.execution_modes.retain(|i| {
        let (Some(Operand::ExecutionMode(mode)), Some(Operand::LiteralBit32(width))) = (i.operands.get(1), i.operands.get(2)) else {
            return true;
        };
        if !float_control(*mode) {
            return true;
        }
        if widths.contains(width) {
            refused.get_or_insert((*mode, *width));
            return true;
        }
        // A mode for floats the module does not have asks nothing.
        changed = true;
        false
    });
    if let Some((mode, width)) = refused {
        let why = match mode {
            ExecutionMode::SignedZeroInfNanPreserve => {
                "WGSL lets an implementation assume no infinities or NaNs and ignore the sign of zero"
            }
            ExecutionMode::DenormPreserve | ExecutionMode::DenormFlushToZero => {
                "WGSL lets an implementation flush subnormal values or keep them"
            }
            _ => "WGSL lets an implementation round inexact results either way",
        };
        return Err(format!("the execution mode {mode:?} for {width}-bit floats (SPV_KHR_float_controls; {why})"));
    }
    let extensions = module.extensions.len();
    module.extensions.retain(|e| !matches!(e.operands.first(), Some(Operand::LiteralString(s)) if s == EXTENSION));
    let capabilities = module.capabilities.len();
    module.capabilities.retain(|c| !matches!(c.operands.first(), Some(Operand::Capability(c)) if float_control_capability(*c)));
    Ok(changed || module.extensions.len() != extensions || module.capabilities.len() != capabilities)
}
