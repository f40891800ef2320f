//! Drops the `OpDecorateId` decorations that are only hints: `UniformId` (a value is uniform
//! within a scope), `CounterBuffer` (SPV_GOOGLE_hlsl_functionality1: an HLSL append buffer's
//! counter), `AlignmentId` and `MaxByteOffsetId` (what a pointer's address is known to satisfy).
//!
//! None changes what the module computes: a consumer may ignore each, and WGSL has no place
//! for any. naga's SPIR-V reader refuses `OpDecorateId` whatever it decorates, so a module
//! with one of them (the CTS's `spirv1p4/uniformid/*`, DXC's append buffers) was refused; any
//! other `OpDecorateId` is left for naga to refuse by name.

use rspirv::dr::{self, Operand};
use spirv::{Decoration, Op};

fn is_hint(d: u32) -> bool {
    [Decoration::UniformId, Decoration::CounterBuffer, Decoration::AlignmentId, Decoration::MaxByteOffsetId].iter().any(|h| *h as u32 == d)
}

/// Whether [`lower`] would change the module: it has an `OpDecorateId` hint.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.annotations().any(|a| a.opcode == Op::DecorateId && a.operands.get(1).is_some_and(|d| is_hint(*d)))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let before = module.annotations.len();
    module
        .annotations
        .retain(|a| !(a.class.opcode == Op::DecorateId && matches!(a.operands.get(1), Some(Operand::Decoration(d)) if is_hint(*d as u32))));
    module.annotations.len() != before
}
