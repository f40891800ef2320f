//! Fragment stage of an expanded point: `PointCoord` becomes an ordinary varying.
//!
//! The built-in input is redeclared as a `NoPerspective` input at a free location, which the
//! point-expansion vertex stage feeds with (0,0)–(1,1) across the quad (origin upper left).
//! Every other input becomes `Flat`: a point's varyings are the vertex's values on every
//! fragment of the quad, never interpolated across it.

use crate::reflect::Reflector;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{BuiltIn, Decoration, Op, StorageClass};

const INTERPOLATION: [Decoration; 4] = [Decoration::Flat, Decoration::NoPerspective, Decoration::Centroid, Decoration::Sample];

/// Rewrites the fragment module; `location` is where the PointCoord varying goes.
pub fn lower(module: &mut dr::Module, location: u32) {
    let (point_coord, inputs) = {
        let view = crate::spirv_view::ModuleView::of_module(module);
        let r = Reflector::new(&view);
        let inputs: Vec<_> = module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable && i.operands.first() == Some(&Operand::StorageClass(StorageClass::Input)))
            .filter_map(|i| i.result_id)
            .collect();
        (inputs.iter().copied().find(|v| r.builtin(*v) == Some(BuiltIn::PointCoord)), inputs)
    };
    let decorated = |a: &Instruction, id: u32, pred: &dyn Fn(&Decoration) -> bool| {
        a.class.opcode == Op::Decorate
            && a.operands.first() == Some(&Operand::IdRef(id))
            && matches!(a.operands.get(1), Some(Operand::Decoration(d)) if pred(d))
    };
    let has_location = |m: &dr::Module, id: u32| m.annotations.iter().any(|a| decorated(a, id, &|d| *d == Decoration::Location));
    for v in inputs {
        if Some(v) == point_coord {
            continue;
        }
        if !has_location(module, v) {
            continue;
        }
        module.annotations.retain(|a| !decorated(a, v, &|d| INTERPOLATION.contains(d)));
        module.annotations.push(Instruction::new(Op::Decorate, None, None, vec![Operand::IdRef(v), Operand::Decoration(Decoration::Flat)]));
    }
    if let Some(pc) = point_coord {
        module.annotations.retain(|a| !decorated(a, pc, &|d| *d == Decoration::BuiltIn || INTERPOLATION.contains(d)));
        module.annotations.push(Instruction::new(
            Op::Decorate,
            None,
            None,
            vec![Operand::IdRef(pc), Operand::Decoration(Decoration::Location), Operand::LiteralBit32(location)],
        ));
        module.annotations.push(Instruction::new(
            Op::Decorate,
            None,
            None,
            vec![Operand::IdRef(pc), Operand::Decoration(Decoration::NoPerspective)],
        ));
    }
}
