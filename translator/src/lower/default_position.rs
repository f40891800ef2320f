//! Gives a vertex stage that never writes `Position` one: (0, 0, 0, −1), stored at the start of
//! the entry point.
//!
//! Vulkan accepts such a stage (the positions are undefined, so is what gets drawn); WGSL
//! requires a `@builtin(position)` output. The value is chosen so that nothing is drawn, for
//! every topology and on every implementation: with w = −1 the vertex fails `x ≤ w`, `−w ≤ x`
//! (and the same for y) and `z ≤ w`, so every primitive lies wholly outside the clip volume and
//! is discarded before rasterization (points too: a point is kept only when its vertex is
//! inside). (0, 0, 0, 0) would not do: it satisfies every clip inequality with equality, so a
//! point would survive clipping and be divided by w = 0. Depth clamping does not change this
//! (x and y fail on their own). The value sits at the start of the entry point, so it holds on
//! every path, whatever the rest of the code does.

use super::{constant, float_type, fresh_id, pointer_type, vec4_type};
use crate::reflect::{Reflection, Reflector};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{BuiltIn, Decoration, Op, StorageClass, Word};

/// The w of the position written.
pub const W: f32 = -1.0;

/// Adds the position when `r` (the stage's reflection) shows no access to `Position`.
pub fn lower(module: &mut dr::Module, entry_id: Word, r: &Reflection) {
    if r.writes(BuiltIn::Position) {
        return;
    }
    let Some(fi) = super::entry_function(module, entry_id) else { return };
    let vec4 = vec4_type(module);
    let f32_ty = float_type(module);
    let zero = constant(module, f32_ty, 0f32.to_bits());
    let w = constant(module, f32_ty, W.to_bits());
    let value = fresh_id(module);
    module.types_global_values.push(Instruction::new(
        Op::ConstantComposite,
        Some(vec4),
        Some(value),
        vec![Operand::IdRef(zero), Operand::IdRef(zero), Operand::IdRef(zero), Operand::IdRef(w)],
    ));
    let target = match declared_position(module) {
        // Declared but never accessed: a variable of its own, or a member of `gl_PerVertex`.
        Some((var, None)) => (var, None),
        Some((var, Some(member))) => {
            let int = super::type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(1)]);
            let index = constant(module, int, member);
            (var, Some(index))
        }
        None => {
            let ptr = pointer_type(module, StorageClass::Output, vec4);
            let var = fresh_id(module);
            module.types_global_values.push(Instruction::new(
                Op::Variable,
                Some(ptr),
                Some(var),
                vec![Operand::StorageClass(StorageClass::Output)],
            ));
            module.annotations.push(Instruction::new(
                Op::Decorate,
                None,
                None,
                vec![Operand::IdRef(var), Operand::Decoration(Decoration::BuiltIn), Operand::BuiltIn(BuiltIn::Position)],
            ));
            (var, None)
        }
    };
    let (var, member) = target;
    if let Some(ep) = module.entry_points.iter_mut().find(|ep| ep.operands.get(1) == Some(&Operand::IdRef(entry_id))) {
        if !ep.operands.iter().skip(3).any(|o| *o == Operand::IdRef(var)) {
            ep.operands.push(Operand::IdRef(var));
        }
    }
    let mut code = Vec::new();
    let pointer = match member {
        None => var,
        Some(index) => {
            let ptr = pointer_type(module, StorageClass::Output, vec4);
            let chain = fresh_id(module);
            code.push(Instruction::new(Op::AccessChain, Some(ptr), Some(chain), vec![Operand::IdRef(var), Operand::IdRef(index)]));
            chain
        }
    };
    code.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(pointer), Operand::IdRef(value)]));
    let Some(block) = module.functions[fi].blocks.first_mut() else { return };
    let at = block.instructions.iter().position(|i| !matches!(i.class.opcode, Op::Variable | Op::Line | Op::NoLine)).unwrap_or(0);
    block.instructions.splice(at..at, code);
}

/// An output variable decorated `Position`, or an output block with a `Position` member
/// (with the member index).
fn declared_position(module: &dr::Module) -> Option<(Word, Option<u32>)> {
    let view = crate::spirv_view::ModuleView::of_module(module);
    let r = Reflector::new(&view);
    for v in module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable) {
        let (Some(id), Some((StorageClass::Output, ty))) = (v.result_id, v.result_type.and_then(|t| r.pointee(t))) else { continue };
        if r.builtin(id) == Some(BuiltIn::Position) {
            // A vec4 variable (anything else is not a valid Position).
            return r.def(ty).is_some_and(|t| t.opcode == Op::TypeVector).then_some((id, None));
        }
        let members = r.def(ty).filter(|t| t.opcode == Op::TypeStruct).map_or(0, |t| t.operands.len() as u32);
        if let Some(m) = (0..members).find(|m| r.member_builtin(ty, *m) == Some(BuiltIn::Position)) {
            return Some((id, Some(m)));
        }
    }
    None
}
