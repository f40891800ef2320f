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

/// The decorations to write: outputs to decorate `Flat`, and outputs whose interpolation
/// decorations are replaced by the listed ones.
#[derive(Debug, Default)]
pub struct Rewrites {
    flat: Vec<Word>,
    replace: Vec<(Word, [bool; 4])>,
}

impl Rewrites {
    /// Whether applying them changes the module.
    pub fn is_empty(&self) -> bool {
        self.flat.is_empty() && self.replace.is_empty()
    }
}

/// `pairs`: (producer output variable id, consumer input) already matched by location.
/// Integer outputs that no input reads become `Flat` too: WGSL requires it of every integer
/// varying, Vulkan only of fragment inputs. Outputs already decorated as wanted are left as
/// they are (most pipelines need nothing: [`Rewrites::is_empty`]).
pub fn plan(pairs: &[(Word, &InterfaceVar)], outputs: &[InterfaceVar]) -> Rewrites {
    let mut r = Rewrites::default();
    for o in outputs {
        let consumed = pairs.iter().any(|(id, _)| *id == o.id);
        if !consumed && o.ty.kind != crate::reflect::ScalarKind::Float && !o.interpolation.flat {
            r.flat.push(o.id);
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
        if !decorated_as_wanted {
            r.replace.push((*out_id, want));
        }
    }
    r
}

/// Writes the decorations `rewrites` (from [`plan`]) lists; whether it changed the module.
pub fn apply(module: &mut dr::Module, rewrites: &Rewrites) -> bool {
    for id in &rewrites.flat {
        module.annotations.push(Instruction::new(
            Op::Decorate,
            None,
            None,
            vec![Operand::IdRef(*id), Operand::Decoration(Decoration::Flat)],
        ));
    }
    for (out_id, want) in &rewrites.replace {
        module.annotations.retain(|a| {
            !(a.class.opcode == Op::Decorate
                && a.operands.first() == Some(&Operand::IdRef(*out_id))
                && matches!(a.operands.get(1), Some(Operand::Decoration(d)) if KINDS.contains(d)))
        });
        for (d, on) in KINDS.iter().zip(want) {
            if *on {
                module.annotations.push(Instruction::new(Op::Decorate, None, None, vec![Operand::IdRef(*out_id), Operand::Decoration(*d)]));
            }
        }
    }
    !rewrites.is_empty()
}
