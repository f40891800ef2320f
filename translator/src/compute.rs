//! Compute pipelines: one `GLCompute` stage becomes one compute pass the application
//! dispatches ([`translate_compute`]).
//!
//! The stage takes the path every stage takes: loaded with the pipeline's specialization and
//! the load-time passes ([`crate::load_stage_words`]), its descriptors and push constants
//! lowered by [`ResourceContext`] (std140 padding, arrays of descriptors and combined samplers
//! split, push constants → a uniform in the emulation group), then naga. What is particular to
//! compute is the workgroup size, which Vulkan lets a module give three ways, the later
//! overriding the earlier: the `LocalSize` execution mode (literals), `LocalSizeId` (constant
//! ids, specialization constants in practice), and a constant decorated `BuiltIn
//! WorkgroupSize` (glslang's `local_size_x_id` for SPIR-V before 1.6). naga reads only
//! `LocalSize`, and rspirv cannot read `OpExecutionModeId` at all, so:
//! 1. before loading, each `OpExecutionModeId LocalSizeId` becomes an `OpExecutionMode
//!    LocalSize` of the same length (the ids kept aside) and `LocalSizeHintId` a
//!    `LocalSizeHint`; other id modes are refused by name ([`take_id_modes`]);
//! 2. after specialization the size is resolved ([`workgroup_size`]) and written back as the
//!    entry point's one `LocalSize`; hints and the `WorkgroupSize` decoration go
//!    ([`set_local_size`]), as the size is now in the mode.
//!
//! Invariant: [`ComputePlan::workgroup_size`] is the `@workgroup_size` of the WGSL's entry
//! point ([`ComputePlan::validate`] checks it).

use crate::desc::{ComputeDesc, Stage};
use crate::error::{LoadError, TranslateError};
use crate::plan::{ComputePass, ComputePlan, Workgroups};
use crate::reflect::{LoadedModule, Reflector};
use crate::resources::ResourceContext;
use crate::spirv_view::ModuleView;
use rspirv::dr::{self, Operand};
use spirv::{BuiltIn, Decoration, ExecutionMode, Op, Word};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The label of a compute plan's pass.
pub const PASS_LABEL: &str = "dispatch";

/// Translates a compute pipeline into a [`ComputePlan`]: its one pass, the workgroup size after
/// specialization, and the application's resources.
pub fn translate_compute(desc: &ComputeDesc) -> Result<ComputePlan, TranslateError> {
    crate::profile::phase("translate compute", || translate_unprofiled(desc))
}

fn translate_unprofiled(desc: &ComputeDesc) -> Result<ComputePlan, TranslateError> {
    let (words, size_ids) = take_id_modes(&desc.shader.spirv)?;
    let mut m = crate::load_stage_words(Stage::Compute, &words, desc.shader.entry_point.as_deref(), &desc.specialization)?;
    let size = workgroup_size(&m, size_ids.get(&m.entry_id).copied())?;
    let entry = m.entry_id;
    m.lower(|view| needs_local_size(view, entry, size), |module| set_local_size(module, entry, size));
    let ctx = crate::profile::phase("lower: resources", || ResourceContext::prepare(&mut [&mut m], desc.options.max_bind_groups))?;
    let wgsl = crate::wgsl::spirv_to_wgsl(Stage::Compute, &m, desc.options.verify_wgsl_round_trip)?;
    let pass = ComputePass {
        label: PASS_LABEL.into(),
        shader: crate::shader_plan(Stage::Compute, wgsl),
        workgroups: Workgroups::AsDispatched,
        resources: Vec::new(),
        capture: false,
    };
    crate::profile::phase("resources finish", || ctx.finish_compute(pass, size))
}

/// `OpExecutionModeId` (opcode 331) and the modes taking ids that a compute stage may carry.
const OP_EXECUTION_MODE_ID: u32 = Op::ExecutionModeId as u32;
const OP_EXECUTION_MODE: u32 = Op::ExecutionMode as u32;

/// The `LocalSizeId` operands by entry point.
type SizeIds = BTreeMap<Word, [Word; 3]>;

/// Rewrites the module's `OpExecutionModeId`s, which rspirv (and so loading) cannot read: a
/// `LocalSizeId x y z` becomes `LocalSize 1 1 1` in place, its ids returned by entry point
/// (resolved after specialization); a `LocalSizeHintId` becomes a `LocalSizeHint` (dropped
/// later); any other is refused by name. Words without one are returned borrowed. Malformed
/// streams are left for loading to report.
fn take_id_modes(words: &[u32]) -> Result<(Cow<'_, [u32]>, SizeIds), TranslateError> {
    let mut out = Cow::Borrowed(words);
    let mut ids = BTreeMap::new();
    let mut i = 5;
    while let Some(&first) = words.get(i) {
        let count = (first >> 16) as usize;
        let Some(inst) = words.get(i..i + count).filter(|_| count > 0) else { break };
        if first & 0xffff == OP_EXECUTION_MODE_ID {
            if let [_, entry, mode, operands @ ..] = inst {
                let mode_word = *mode;
                match (ExecutionMode::from_u32(mode_word), operands) {
                    (Some(ExecutionMode::LocalSizeId), [x, y, z]) => {
                        ids.insert(*entry, [*x, *y, *z]);
                        let w = out.to_mut();
                        w[i] = (count as u32) << 16 | OP_EXECUTION_MODE;
                        w[i + 2] = ExecutionMode::LocalSize as u32;
                        w[i + 3..i + 6].copy_from_slice(&[1, 1, 1]);
                    }
                    (Some(ExecutionMode::LocalSizeHintId), [_, _, _]) => {
                        let w = out.to_mut();
                        w[i] = (count as u32) << 16 | OP_EXECUTION_MODE;
                        w[i + 2] = ExecutionMode::LocalSizeHint as u32;
                        w[i + 3..i + 6].copy_from_slice(&[1, 1, 1]);
                    }
                    (mode, _) => {
                        let name = mode.map_or_else(|| format!("{mode_word}"), |m| format!("{m:?}"));
                        return Err(TranslateError::unsupported(Stage::Compute, format!("the execution mode {name} (OpExecutionModeId)")));
                    }
                }
            }
        }
        i += count;
    }
    Ok((out, ids))
}

/// Whether a module's words hold an `OpExecutionModeId`: a module that only a compute
/// pipeline's loading reads ([`take_id_modes`]).
pub(crate) fn has_id_modes(words: &[u32]) -> bool {
    let mut i = 5;
    while let Some(&first) = words.get(i) {
        let count = (first >> 16) as usize;
        if count == 0 {
            return false;
        }
        if first & 0xffff == OP_EXECUTION_MODE_ID {
            return true;
        }
        i += count;
    }
    false
}

/// The entry point's workgroup size after specialization: the constant decorated `BuiltIn
/// WorkgroupSize` if any, else the `LocalSizeId` constants (`ids`), else `LocalSize`.
fn workgroup_size(m: &LoadedModule, ids: Option<[Word; 3]>) -> Result<[u32; 3], TranslateError> {
    let view = m.view();
    let r = Reflector::new(view);
    let constants = |ids: &[Word], what: &str| -> Result<[u32; 3], TranslateError> {
        let value = |id: Option<&Word>| id.and_then(|id| r.constant_u32(*id));
        match (ids.len(), value(ids.first()), value(ids.get(1)), value(ids.get(2))) {
            (3, Some(x), Some(y), Some(z)) => Ok([x, y, z]),
            (3, ..) => Err(TranslateError::unsupported(
                Stage::Compute,
                format!("a workgroup size ({what}) that is not a constant once specialized (an operation specialization does not fold)"),
            )),
            _ => Err(TranslateError::load(
                Stage::Compute,
                LoadError::Malformed(format!("the {what} constant does not have three components")),
            )),
        }
    };
    let size = if let Some(def) = builtin_workgroup_constant(view).and_then(|id| view.def(id)) {
        constants(def.ids, "WorkgroupSize built-in")?
    } else if let Some(ids) = ids {
        constants(&ids, "LocalSizeId")?
    } else {
        local_size(view, m.entry_id).ok_or_else(|| {
            let what = format!("compute entry point `{}` declares no workgroup size (LocalSize or LocalSizeId)", m.reflection.entry_point);
            TranslateError::load(Stage::Compute, LoadError::Malformed(what))
        })?
    };
    if size.contains(&0) {
        return Err(TranslateError::InvalidDesc(format!("workgroup size {size:?}: every dimension must be at least 1")));
    }
    Ok(size)
}

/// The constant decorated `BuiltIn WorkgroupSize`, if any (an `Input` variable so decorated
/// is left to naga: the size is then the execution mode's).
fn builtin_workgroup_constant(view: &ModuleView) -> Option<Word> {
    view.annotations().find_map(|a| match (a.opcode, a.operands) {
        (Op::Decorate, [target, d, b])
            if *d == Decoration::BuiltIn as u32
                && *b == BuiltIn::WorkgroupSize as u32
                && view.def(*target).is_some_and(|def| def.opcode != Op::Variable) =>
        {
            Some(*target)
        }
        _ => None,
    })
}

/// The literals of the entry point's `LocalSize` execution mode.
fn local_size(view: &ModuleView, entry: Word) -> Option<[u32; 3]> {
    view.execution_modes().find_map(|m| match m.operands {
        [e, mode, x, y, z] if *e == entry && *mode == ExecutionMode::LocalSize as u32 => Some([*x, *y, *z]),
        _ => None,
    })
}

/// Whether [`set_local_size`] would change the module: unless the entry point's only size
/// mode is `LocalSize` of `size` and no constant is decorated `WorkgroupSize`.
fn needs_local_size(view: &ModuleView, entry: Word, size: [u32; 3]) -> bool {
    let (local_size, hint) = (ExecutionMode::LocalSize as u32, ExecutionMode::LocalSizeHint as u32);
    let mut size_modes = view
        .execution_modes()
        .map(|m| m.operands)
        .filter(|o| matches!(o, [e, mode, ..] if *e == entry && (*mode == local_size || *mode == hint)));
    let settled = match (size_modes.next(), size_modes.next()) {
        (Some([_, mode, x, y, z]), None) => *mode == local_size && [*x, *y, *z] == size,
        _ => false,
    };
    !settled || builtin_workgroup_constant(view).is_some()
}

/// Gives the entry point one `LocalSize` of `size` in place of its size modes and hints, and
/// drops `BuiltIn WorkgroupSize` from constants (the size is in the mode now); whether
/// anything changed (nothing is touched when [`needs_local_size`] says no).
fn set_local_size(module: &mut dr::Module, entry: Word, size: [u32; 3]) -> bool {
    if !needs_local_size(&ModuleView::of_module(module), entry, size) {
        return false;
    }
    let is_size_mode = |i: &dr::Instruction| matches!(i.operands.as_slice(), [Operand::IdRef(e), Operand::ExecutionMode(ExecutionMode::LocalSize | ExecutionMode::LocalSizeHint), ..] if *e == entry);
    module.execution_modes.retain(|i| !is_size_mode(i));
    module.execution_modes.push(dr::Instruction::new(
        Op::ExecutionMode,
        None,
        None,
        vec![
            Operand::IdRef(entry),
            Operand::ExecutionMode(ExecutionMode::LocalSize),
            Operand::LiteralBit32(size[0]),
            Operand::LiteralBit32(size[1]),
            Operand::LiteralBit32(size[2]),
        ],
    ));
    let variables: std::collections::BTreeSet<Word> =
        module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable).filter_map(|i| i.result_id).collect();
    module.annotations.retain(|a| {
        !matches!(
            a.operands.as_slice(),
            [Operand::IdRef(t), Operand::Decoration(Decoration::BuiltIn), Operand::BuiltIn(BuiltIn::WorkgroupSize)] if !variables.contains(t)
        )
    });
    true
}
