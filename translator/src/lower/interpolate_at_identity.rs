//! `InterpolateAtCentroid` of a centroid input and `InterpolateAtSample` of a sample input at
//! the invocation's own sample → a load of the input.
//!
//! WGSL has no `interpolateAt*` and naga's reader does not instantiate them. Where the input is
//! already interpolated where the call asks, the call is the input's value by definition: a
//! `Centroid` input is interpolated at the centroid, and a `Sample` input at the sample the
//! invocation shades (`SampleId`, loaded from its built-in). GLSL writes both
//! (`interpolateAtCentroid(c)` of a `centroid in`, `interpolateAtSample(s, gl_SampleID)` of a
//! `sample in`). Other calls (another sample, an offset, an input interpolated elsewhere) are
//! left for naga's refusal by name.

use rspirv::dr::{self, Instruction, Operand};
use spirv::{BuiltIn, Decoration, Op, Word};
use std::collections::HashMap;

const INTERPOLATE_AT_CENTROID: u32 = 76;
const INTERPOLATE_AT_SAMPLE: u32 = 77;

/// Whether [`lower`] may change the module: it calls `InterpolateAtCentroid` or
/// `InterpolateAtSample`.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.has_opcode(Op::ExtInst)
        && module.bodies().any(|i| {
            i.opcode == Op::ExtInst && i.operands.get(1).is_some_and(|n| *n == INTERPOLATE_AT_CENTROID || *n == INTERPOLATE_AT_SAMPLE)
        })
}

pub fn lower(module: &mut dr::Module) -> bool {
    let glsl = super::glsl_std_imports(module);
    let decorated = |id: Word, d: Decoration| {
        module.annotations.iter().any(|a| {
            a.class.opcode == Op::Decorate
                && a.operands.first() == Some(&Operand::IdRef(id))
                && a.operands.get(1) == Some(&Operand::Decoration(d))
        })
    };
    let sample_id: Vec<Word> = module
        .annotations
        .iter()
        .filter(|a| a.class.opcode == Op::Decorate && a.operands.get(2) == Some(&Operand::BuiltIn(BuiltIn::SampleId)))
        .filter_map(|a| if let Some(Operand::IdRef(v)) = a.operands.first() { Some(*v) } else { None })
        .collect();
    let mut changed = false;
    for f in &mut module.functions {
        // The variable each access chain starts from, and what each load reads.
        let mut base: HashMap<Word, Word> = HashMap::new();
        let mut loaded: HashMap<Word, Word> = HashMap::new();
        for i in f.blocks.iter().flat_map(|b| &b.instructions) {
            match (i.class.opcode, i.result_id, i.operands.first()) {
                (Op::AccessChain | Op::InBoundsAccessChain, Some(r), Some(Operand::IdRef(p))) => {
                    base.insert(r, base.get(p).copied().unwrap_or(*p));
                }
                (Op::Load, Some(r), Some(Operand::IdRef(p))) => {
                    loaded.insert(r, *p);
                }
                _ => {}
            }
        }
        for i in f.blocks.iter_mut().flat_map(|b| &mut b.instructions) {
            let (Op::ExtInst, Some(Operand::IdRef(set)), Some(Operand::LiteralExtInstInteger(n)), Some(Operand::IdRef(x))) =
                (i.class.opcode, i.operands.first(), i.operands.get(1), i.operands.get(2))
            else {
                continue;
            };
            if !glsl.contains(set) {
                continue;
            }
            let variable = base.get(x).copied().unwrap_or(*x);
            let identity = match *n {
                INTERPOLATE_AT_CENTROID => decorated(variable, Decoration::Centroid),
                INTERPOLATE_AT_SAMPLE => {
                    let own_sample =
                        matches!(i.operands.get(3), Some(Operand::IdRef(s)) if loaded.get(s).is_some_and(|v| sample_id.contains(v)));
                    own_sample && decorated(variable, Decoration::Sample)
                }
                _ => false,
            };
            if identity {
                *i = Instruction::new(Op::Load, i.result_type, i.result_id, vec![Operand::IdRef(*x)]);
                changed = true;
            }
        }
    }
    changed
}
