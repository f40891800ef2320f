//! Fragment execution modes WebGPU has no words for, dropped where that changes no result.
//!
//! naga reads them into its `EarlyDepthTest`, which WGSL (and its validator without the
//! `EARLY_DEPTH_TEST` capability) does not take:
//! - `DepthGreater`, `DepthLess`, `DepthUnchanged` (GLSL's `layout(depth_greater) out float
//!   gl_FragDepth`, conservative depth) only promise how the stage changes depth, so a driver
//!   may test early; dropped always.
//! - `EarlyFragmentTests` (`layout(early_fragment_tests) in;`) runs the depth and stencil tests
//!   before the stage. WebGPU tests after it, which renders the same unless the stage can
//!   change what the tests see or what survives them: it discards or demotes, writes
//!   `FragDepth` or `SampleMask` (ignored, or applied after the depth write, under early
//!   tests), or writes memory or atomics (which early tests skip for failing fragments).
//!   Dropped only for a stage that does none of these; otherwise it stays and the stage is
//!   refused naming it. (Alpha to coverage is pipeline state the stage cannot see: an
//!   application that enables it with early tests gets the late order.) A `FragDepth` the stage
//!   writes under early tests has no effect (the depth test and write use the interpolated
//!   depth): it is demoted to a private variable first, with `DepthReplacing`, so it no longer
//!   keeps the early tests.

use rspirv::dr::{self, Operand};
use spirv::{BuiltIn, Decoration, ExecutionMode, Op, StorageClass, Word};
use std::collections::HashMap;

const CONSERVATIVE_DEPTH: [ExecutionMode; 3] = [ExecutionMode::DepthGreater, ExecutionMode::DepthLess, ExecutionMode::DepthUnchanged];

/// Whether [`lower`] may change the module: it declares early tests or conservative depth.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    const MODES: [u32; 4] = [
        ExecutionMode::EarlyFragmentTests as u32,
        ExecutionMode::DepthGreater as u32,
        ExecutionMode::DepthLess as u32,
        ExecutionMode::DepthUnchanged as u32,
    ];
    module.execution_modes().any(|m| m.operands.get(1).is_some_and(|mode| MODES.contains(mode)))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let mode = |m: &dr::Instruction| match m.operands.get(1) {
        Some(Operand::ExecutionMode(mode)) => Some(*mode),
        _ => None,
    };
    let before = module.execution_modes.len();
    module.execution_modes.retain(|m| !mode(m).is_some_and(|x| CONSERVATIVE_DEPTH.contains(&x)));
    let early = module.execution_modes.iter().any(|m| mode(m) == Some(ExecutionMode::EarlyFragmentTests));
    let mut changed = false;
    if early && !super::builtin_output::demote(module, BuiltIn::FragDepth).is_empty() {
        module.execution_modes.retain(|m| mode(m) != Some(ExecutionMode::DepthReplacing));
        changed = true;
    }
    if early && late_tests_render_the_same(module) {
        module.execution_modes.retain(|m| mode(m) != Some(ExecutionMode::EarlyFragmentTests));
    }
    changed || module.execution_modes.len() != before
}

/// Whether the stage neither discards, nor writes depth or the sample mask, nor writes memory.
fn late_tests_render_the_same(module: &dr::Module) -> bool {
    let written_builtin = module.annotations.iter().any(|a| {
        matches!(
            a.operands.as_slice(),
            [_, Operand::Decoration(Decoration::BuiltIn), Operand::BuiltIn(BuiltIn::FragDepth | BuiltIn::SampleMask)]
                | [_, _, Operand::Decoration(Decoration::BuiltIn), Operand::BuiltIn(BuiltIn::FragDepth | BuiltIn::SampleMask)]
        )
    });
    if written_builtin {
        return false;
    }
    // Storage classes of pointer types, and of every pointer value.
    let pointer_class: HashMap<Word, StorageClass> = module
        .types_global_values
        .iter()
        .filter_map(|i| match (i.class.opcode, i.operands.first()) {
            (Op::TypePointer, Some(Operand::StorageClass(sc))) => Some((i.result_id?, *sc)),
            _ => None,
        })
        .collect();
    let mut value_type: HashMap<Word, Word> = HashMap::new();
    for i in module
        .types_global_values
        .iter()
        .chain(module.functions.iter().flat_map(|f| f.parameters.iter().chain(f.blocks.iter().flat_map(|b| &b.instructions))))
    {
        if let (Some(id), Some(t)) = (i.result_id, i.result_type) {
            value_type.insert(id, t);
        }
    }
    let class_of = |pointer: Word| value_type.get(&pointer).and_then(|t| pointer_class.get(t)).copied();
    module.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions)).all(|i| {
        let op = i.class.opcode;
        let memory_write = match op {
            Op::Store | Op::CopyMemory | Op::CopyMemorySized => match i.operands.first() {
                Some(Operand::IdRef(p)) => {
                    !matches!(class_of(*p), Some(StorageClass::Function | StorageClass::Private | StorageClass::Output))
                }
                _ => true,
            },
            Op::ImageWrite => true,
            op if crate::spirv_view::is_atomic_write(op) => true,
            _ => false,
        };
        !memory_write && !matches!(op, Op::Kill | Op::TerminateInvocation | Op::DemoteToHelperInvocation)
    })
}
