//! Fragment stage after tessellation: `PrimitiveId` becomes a flat varying.
//!
//! The rasterized primitives of a tessellated draw come from an indexed draw over domain
//! points, whose `primitive_index` would count triangles, not patches; Vulkan gives the
//! fragment stage the patch's primitive ID. The input is redeclared as a `Flat` input at a free
//! location, which the evaluation pass writes with the patch's ID.

use crate::reflect::Reflector;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{BuiltIn, Decoration, Op};

/// Rewrites the fragment module; returns the WGSL type of the input (`i32` or `u32`) when it
/// reads `PrimitiveId`.
pub fn lower(module: &mut dr::Module, location: u32) -> Option<&'static str> {
    let (var, _, pointee) = super::builtin_inputs(module).into_iter().find(|(_, b, _)| *b == BuiltIn::PrimitiveId)?;
    let signed = {
        let view = crate::spirv_view::ModuleView::of_module(module);
        Reflector::new(&view).def(pointee).is_none_or(|d| d.operands.get(1) != Some(&0))
    };
    module.annotations.retain(|a| {
        !(a.class.opcode == Op::Decorate
            && a.operands.first() == Some(&Operand::IdRef(var))
            && matches!(a.operands.get(1), Some(Operand::Decoration(Decoration::BuiltIn | Decoration::Flat))))
    });
    module.annotations.push(Instruction::new(
        Op::Decorate,
        None,
        None,
        vec![Operand::IdRef(var), Operand::Decoration(Decoration::Location), Operand::LiteralBit32(location)],
    ));
    module.annotations.push(Instruction::new(Op::Decorate, None, None, vec![Operand::IdRef(var), Operand::Decoration(Decoration::Flat)]));
    Some(if signed { "i32" } else { "u32" })
}
