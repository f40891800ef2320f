//! Drops the decorations that are only hints: `UniformId` (a value is uniform within a scope),
//! `CounterBuffer` (SPV_GOOGLE_hlsl_functionality1: an HLSL append buffer's counter),
//! `AlignmentId` and `MaxByteOffsetId` (what a pointer's address is known to satisfy), all
//! `OpDecorateId`; `UserSemantic` (an HLSL semantic such as `"SV_TARGET0"`) and `UserTypeGOOGLE`
//! (SPV_GOOGLE_user_type: the HLSL type a resource was declared with), `OpDecorateString` and
//! `OpMemberDecorateString`. The extensions that add nothing but these hints
//! (`SPV_GOOGLE_hlsl_functionality1`, `SPV_GOOGLE_decorate_string`, `SPV_GOOGLE_user_type`) go
//! with them.
//!
//! None changes what the module computes: a consumer may ignore each, and WGSL has no place
//! for any. naga's SPIR-V reader refuses `OpDecorateId` and the string decorations whatever
//! they decorate, and the extensions by name, so a module with one of them (the CTS's
//! `spirv1p4/uniformid/*` and `hlsl_functionality1/*`, DXC's output with `-fspv-reflect`) was
//! refused; any other such decoration is left for naga to refuse by name.

use rspirv::dr::{self, Operand};
use spirv::{Decoration, Op};

const HINTS: [Decoration; 6] = [
    Decoration::UniformId,
    Decoration::CounterBuffer,
    Decoration::AlignmentId,
    Decoration::MaxByteOffsetId,
    Decoration::UserSemantic,
    Decoration::UserTypeGOOGLE,
];

/// The extensions whose only additions are hint decorations and the instructions that carry them.
const HINT_EXTENSIONS: [&str; 3] = ["SPV_GOOGLE_hlsl_functionality1", "SPV_GOOGLE_decorate_string", "SPV_GOOGLE_user_type"];

fn is_hint(d: u32) -> bool {
    HINTS.iter().any(|h| *h as u32 == d)
}

/// Where an annotation of `opcode` keeps its decoration (after the target, and a member index).
fn decoration_at(opcode: Op) -> Option<usize> {
    match opcode {
        Op::DecorateId | Op::DecorateString => Some(1),
        Op::MemberDecorateString => Some(2),
        _ => None,
    }
}

/// Whether [`lower`] would change the module: it has a hint, or an extension of hints only.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.annotations().any(|a| decoration_at(a.opcode).and_then(|at| a.operands.get(at)).is_some_and(|d| is_hint(*d)))
        || module.extensions().any(|e| e.string_at(0).is_some_and(|(name, _)| HINT_EXTENSIONS.contains(&name.as_str())))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let before = (module.annotations.len(), module.extensions.len());
    module.annotations.retain(|a| {
        let decoration = decoration_at(a.class.opcode).and_then(|at| a.operands.get(at));
        !matches!(decoration, Some(Operand::Decoration(d)) if is_hint(*d as u32))
    });
    module.extensions.retain(|e| !matches!(e.operands.first(), Some(Operand::LiteralString(s)) if HINT_EXTENSIONS.contains(&s.as_str())));
    (module.annotations.len(), module.extensions.len()) != before
}
