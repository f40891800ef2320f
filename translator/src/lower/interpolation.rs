//! Copies the fragment stage's interpolation decorations onto the matching outputs of the
//! previous stage.
//!
//! In Vulkan only the fragment input's `Flat` / `NoPerspective` / `Centroid` / `Sample`
//! decorations decide interpolation; WGSL requires both sides of a varying to agree. The
//! producer side is rewritten so the fragment stage stays untouched.

use crate::reflect::{InterfaceVar, Interpolation};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, Word};

const KINDS: [Decoration; 4] = [Decoration::Flat, Decoration::NoPerspective, Decoration::Centroid, Decoration::Sample];

fn wanted(i: &Interpolation) -> [bool; 4] {
    [i.flat, i.no_perspective, i.centroid, i.sample]
}

/// `pairs`: (producer output variable id, consumer input) already matched by location.
/// Integer outputs that no input reads become `Flat` too: WGSL requires it of every integer
/// varying, Vulkan only of fragment inputs.
/// Returns whether it changed the module: outputs already decorated as wanted are left as
/// they are.
pub fn harmonize(module: &mut dr::Module, pairs: &[(Word, &InterfaceVar)], outputs: &[InterfaceVar]) -> bool {
    let mut changed = false;
    for o in outputs {
        let consumed = pairs.iter().any(|(id, _)| *id == o.id);
        if !consumed && o.ty.kind != crate::reflect::ScalarKind::Float && !o.interpolation.flat {
            module.annotations.push(Instruction::new(
                Op::Decorate,
                None,
                None,
                vec![Operand::IdRef(o.id), Operand::Decoration(Decoration::Flat)],
            ));
            changed = true;
        }
    }
    for (out_id, input) in pairs {
        let want = wanted(&input.interpolation);
        // The output's own decorations, as reflection read them; a variable standing for
        // several outputs (the members of a per-vertex block, which take their block's
        // decorations too) is always rewritten.
        let mut same_id = outputs.iter().filter(|o| o.id == *out_id);
        let decorated_as_wanted = match (same_id.next(), same_id.next()) {
            (Some(o), None) => wanted(&o.interpolation) == want,
            _ => false,
        };
        if decorated_as_wanted {
            continue;
        }
        changed = true;
        module.annotations.retain(|a| {
            !(a.class.opcode == Op::Decorate
                && a.operands.first() == Some(&Operand::IdRef(*out_id))
                && matches!(a.operands.get(1), Some(Operand::Decoration(d)) if KINDS.contains(d)))
        });
        for (d, on) in KINDS.iter().zip(want) {
            if on {
                module.annotations.push(Instruction::new(Op::Decorate, None, None, vec![Operand::IdRef(*out_id), Operand::Decoration(*d)]));
            }
        }
    }
    changed
}
