//! The highest tessellation level a control stage can write, when its code says so.
//!
//! Intermediate buffers are sized for the highest level the control stage writes
//! ([`crate::Options::max_tessellation_level`], 64 unless the application says less). A stage
//! whose every store to `TessLevelOuter`/`TessLevelInner` (an element through an access chain,
//! or the whole array) stores a constant cannot write more than the largest of them: sizing
//! for that bound instead keeps every output and can take buffers from hundreds of megabytes
//! to kilobytes (the CTS's tessellation scripts store 1.0 and draw 20,736 patches).

use crate::spirv_view::ModuleView;
use spirv::{BuiltIn, Op, Word};

/// The largest level the stage stores, rounded up to an integer, or `None` when some store is
/// not a constant (or a level is written some other way).
pub fn constant_level_bound(view: &ModuleView) -> Option<u32> {
    let r = crate::reflect::Reflector::new(view);
    let levels: Vec<Word> = view
        .types_global_values()
        .filter(|i| i.opcode == Op::Variable)
        .filter_map(|i| i.result_id)
        .filter(|id| matches!(r.builtin(*id), Some(BuiltIn::TessLevelOuter | BuiltIn::TessLevelInner)))
        .collect();
    if levels.is_empty() {
        return None;
    }
    // Pointers into the level arrays: the variables and access chains from them.
    let mut pointers = levels.clone();
    let mut max = 0.0f32;
    for inst in view.bodies() {
        let uses_level = inst.ids.iter().any(|id| pointers.contains(id));
        match inst.opcode {
            Op::AccessChain | Op::InBoundsAccessChain if inst.ids.first().is_some_and(|b| pointers.contains(b)) => {
                pointers.extend(inst.result_id);
            }
            Op::Store if inst.ids.first().is_some_and(|p| pointers.contains(p)) => {
                let value = *inst.ids.get(1)?;
                max = max.max(constant_max(view, value)?);
            }
            Op::Load => {}
            // Any other use of a level pointer (a copy, a call, an atomic) is not followed.
            _ if uses_level => return None,
            _ => {}
        }
    }
    if !max.is_finite() {
        return None;
    }
    Some((max.ceil() as u32).clamp(1, 64))
}

/// The largest float of a constant (a scalar, or a composite of scalars), or `None`.
fn constant_max(view: &ModuleView, id: Word) -> Option<f32> {
    let def = view.def(id)?;
    match def.opcode {
        Op::Constant => Some(f32::from_bits(*def.operands.first()?)),
        Op::ConstantNull => Some(0.0),
        Op::ConstantComposite => def.ids.iter().map(|c| constant_max(view, *c)).try_fold(0.0f32, |m, v| Some(m.max(v?))),
        _ => None,
    }
}
