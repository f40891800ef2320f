//! Tessellation and geometry stages → stages naga reads: their interface becomes plain globals.
//!
//! naga's SPIR-V reader takes only vertex, fragment and compute entry points. A tessellation
//! or geometry stage is rewritten so that every interface variable the emulation feeds or
//! reads becomes a global of the same type that generated WGSL fills before calling the stage,
//! or reads after:
//! - inputs (`gl_in[]`, per-vertex and patch varyings, `TessCoord`, levels, `InvocationId`,
//!   `PrimitiveId`, `PatchVertices`) become `Private`;
//! - the control stage's outputs (`gl_out[]`, per-vertex and patch varyings, levels) become
//!   `Workgroup`, shared by the invocations of one patch (one patch per workgroup), so an
//!   invocation reads what another wrote after a barrier;
//! - the evaluation stage's outputs stay outputs: it runs as a vertex stage;
//! - the geometry stage's inputs (`gl_in[]`, per-vertex varyings, `PrimitiveId`,
//!   `InvocationId`) and outputs become `Private`: it runs as compute, one invocation per
//!   input primitive and geometry invocation, storing its outputs at each emission.
//!
//! Each such global is renamed `tesserae_io_<id>` and described by an [`IoVar`]. Execution modes
//! are dropped (the reflection keeps them); a stage run as compute gets `LocalSize` (for the
//! control stage its output vertex count). A block of user varyings is taken when its members'
//! locations follow one another (records walk them in that order); other layouts, and blocks
//! mixing built-ins and user varyings, are refused by name.

use crate::reflect::Reflector;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{BuiltIn, Capability, Decoration, ExecutionMode, ExecutionModel, Op, StorageClass, Word};

/// What an interface global holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IoRole {
    BuiltIn(BuiltIn),
    /// `gl_in[]` / `gl_out[]`: an array of `gl_PerVertex` blocks; `position` is the member
    /// index of `Position`.
    PerVertexBlock {
        position: Option<u32>,
        /// The block's members by index: their built-ins (`PointSize`, `ClipDistance`, ...).
        members: Vec<BuiltIn>,
    },
    /// A varying at `location` (an array over control points unless `patch`).
    Location {
        location: u32,
        patch: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IoVar {
    pub id: Word,
    /// Its name in the WGSL naga writes.
    pub name: String,
    pub input: bool,
    pub role: IoRole,
}

pub fn global_name(id: Word) -> String {
    format!("tesserae_io_{id}_g")
}

const IO_DECORATIONS: [Decoration; 9] = [
    Decoration::BuiltIn,
    Decoration::Location,
    Decoration::Component,
    Decoration::Patch,
    Decoration::Flat,
    Decoration::NoPerspective,
    Decoration::Centroid,
    Decoration::Sample,
    Decoration::Invariant,
];

/// Which stage [`lower`] rewrites.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IoStage {
    /// Outputs become workgroup globals; the entry point a compute shader.
    TessControl,
    /// Outputs stay outputs; the entry point becomes a vertex shader.
    TessEval,
    /// Outputs become private globals; the entry point a compute shader.
    Geometry,
}

/// Rewrites the stage `entry_id` as `stage` says; a compute entry point gets `local_size`
/// invocations.
pub fn lower(module: &mut dr::Module, entry_id: Word, stage: IoStage, local_size: u32) -> Result<Vec<IoVar>, String> {
    let outputs_lowered = stage != IoStage::TessEval;
    let (vars, mut block_types) = interface(module, outputs_lowered)?;
    if stage == IoStage::TessEval {
        unshare_block_types(module, &vars, &mut block_types);
    }
    let ids: Vec<Word> = vars.iter().map(|v| v.id).collect();
    move_to_globals(module, entry_id, stage);
    forget_interface(module, &vars, &ids, &block_types);
    retarget_entry_point(module, entry_id, &ids, outputs_lowered, local_size);
    Ok(vars)
}

/// The stage's inputs (and, when `outputs_lowered`, outputs) with their roles, and the struct
/// types of their blocks.
fn interface(module: &dr::Module, outputs_lowered: bool) -> Result<(Vec<IoVar>, Vec<Word>), String> {
    let mut vars = Vec::new();
    let mut block_types = Vec::new();
    let view = crate::spirv_view::ModuleView::of_module(module);
    let r = Reflector::new(&view);
    for v in module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable) {
        let input = match v.operands.first() {
            Some(Operand::StorageClass(StorageClass::Input)) => true,
            Some(Operand::StorageClass(StorageClass::Output)) if outputs_lowered => false,
            _ => continue,
        };
        let (Some(id), Some(ptr)) = (v.result_id, v.result_type) else { continue };
        let Some((_, pointee)) = r.pointee(ptr) else { continue };
        let role = if let Some(b) = r.builtin(id) {
            IoRole::BuiltIn(b)
        } else if let Some(location) = r.decoration_literal(id, Decoration::Location) {
            let (elem, _) = r.strip_descriptor_array(pointee);
            if r.def(elem).is_some_and(|d| d.opcode == Op::TypeStruct) {
                block_types.push(elem);
            }
            IoRole::Location { location, patch: r.has_decoration(id, Decoration::Patch) }
        } else {
            // An array of blocks (gl_in / gl_out), or a block (patch block): its members say.
            let (elem, _) = r.strip_descriptor_array(pointee);
            let members = r.def(elem).filter(|d| d.opcode == Op::TypeStruct).map(|d| d.operands.len()).unwrap_or(0);
            let builtins: Vec<Option<BuiltIn>> = (0..members as u32).map(|m| r.member_builtin(elem, m)).collect();
            let locations: Vec<Option<u32>> =
                (0..members as u32).map(|m| r.member_decoration_literal(elem, m, Decoration::Location)).collect();
            block_types.push(elem);
            if members > 0 && builtins.iter().all(Option::is_some) {
                IoRole::PerVertexBlock {
                    position: builtins.iter().position(|b| *b == Some(BuiltIn::Position)).map(|p| p as u32),
                    members: builtins.iter().flatten().copied().collect(),
                }
            } else if let (Some(Some(first)), true) = (locations.first(), builtins.iter().all(Option::is_none)) {
                // A block of user varyings: its members take consecutive locations in
                // order (records walk them the same way); other layouts are refused.
                let mut expected = *first;
                for (m, l) in locations.iter().enumerate() {
                    if l.is_some_and(|l| l != expected) {
                        return Err(format!(
                            "the interface block `{}` whose member {m} breaks the order of locations",
                            r.debug_name(id).unwrap_or_else(|| "?".into())
                        ));
                    }
                    let Some(mt) = r.def(elem).and_then(|d| d.operands.get(m)) else { break };
                    expected = l.unwrap_or(expected) + r.io_locations(*mt).unwrap_or(1);
                }
                IoRole::Location { location: *first, patch: r.has_decoration(id, Decoration::Patch) }
            } else {
                return Err(format!(
                    "the interface block `{}` mixing built-ins and user varyings in a tessellation or geometry stage",
                    r.debug_name(id).unwrap_or_else(|| "?".into())
                ));
            }
        };
        vars.push(IoVar { id, name: global_name(id), input, role });
    }
    Ok((vars, block_types))
}

/// Storage classes: `Input` → `Private`; the control stage's `Output` → `Workgroup`, the
/// geometry stage's → `Private`.
fn move_to_globals(module: &mut dr::Module, entry_id: Word, stage: IoStage) {
    let control = stage == IoStage::TessControl;
    let outputs_lowered = stage != IoStage::TessEval;
    let new_class = |sc: StorageClass| match sc {
        StorageClass::Input => Some(StorageClass::Private),
        StorageClass::Output if control => Some(StorageClass::Workgroup),
        StorageClass::Output if outputs_lowered => Some(StorageClass::Private),
        _ => None,
    };
    // (Workgroup variables take no initializer: the control stage's initialized outputs are
    // stored by every invocation when it starts, before a barrier, the same value each.)
    let mut initialized: Vec<(Word, Operand)> = Vec::new();
    for inst in &mut module.types_global_values {
        if matches!(inst.class.opcode, Op::TypePointer | Op::Variable) {
            if let Some(Operand::StorageClass(sc)) = inst.operands.first() {
                if let Some(n) = new_class(*sc) {
                    inst.operands[0] = Operand::StorageClass(n);
                    if n == StorageClass::Workgroup && inst.class.opcode == Op::Variable && inst.operands.len() > 1 {
                        initialized.extend(inst.result_id.map(|v| (v, inst.operands.remove(1))));
                    }
                }
            }
        }
    }
    if !initialized.is_empty() {
        let workgroup = super::uint_constant(module, None, spirv::Scope::Workgroup as u32);
        let semantics =
            super::uint_constant(module, None, (spirv::MemorySemantics::ACQUIRE_RELEASE | spirv::MemorySemantics::WORKGROUP_MEMORY).bits());
        if let Some(f) = super::entry_function(module, entry_id) {
            if let Some(block) = module.functions[f].blocks.first_mut() {
                let at = block.instructions.iter().take_while(|i| i.class.opcode == Op::Variable).count();
                let mut start: Vec<Instruction> = initialized
                    .iter()
                    .map(|(v, init)| Instruction::new(Op::Store, None, None, vec![Operand::IdRef(*v), init.clone()]))
                    .collect();
                start.push(Instruction::new(
                    Op::ControlBarrier,
                    None,
                    None,
                    vec![Operand::IdRef(workgroup), Operand::IdRef(workgroup), Operand::IdRef(semantics)],
                ));
                block.instructions.splice(at..at, start);
            }
        }
    }
}

/// The interface's decorations, block decorations and names go; each variable is named
/// [`IoVar::name`].
fn forget_interface(module: &mut dr::Module, vars: &[IoVar], ids: &[Word], block_types: &[Word]) {
    module.annotations.retain(|a| {
        let target = match a.operands.first() {
            Some(Operand::IdRef(t)) => *t,
            _ => return true,
        };
        match a.class.opcode {
            Op::Decorate => {
                let d = match a.operands.get(1) {
                    Some(Operand::Decoration(d)) => *d,
                    _ => return true,
                };
                !(ids.contains(&target) && IO_DECORATIONS.contains(&d) || block_types.contains(&target) && d == Decoration::Block)
            }
            Op::MemberDecorate => {
                !(block_types.contains(&target) && matches!(a.operands.get(2), Some(Operand::Decoration(d)) if IO_DECORATIONS.contains(d)))
            }
            _ => true,
        }
    });
    module
        .debug_names
        .retain(|n| !(n.class.opcode == Op::Name && matches!(n.operands.first(), Some(Operand::IdRef(t)) if ids.contains(t))));
    for v in vars {
        module.debug_names.push(Instruction::new(Op::Name, None, None, vec![Operand::IdRef(v.id), Operand::LiteralString(v.name.clone())]));
    }
}

/// The entry point: the new execution model (compute, with `local_size` invocations, when
/// `compute`), its interface without the globals (SPIR-V < 1.4); tessellation capabilities go.
fn retarget_entry_point(module: &mut dr::Module, entry_id: Word, ids: &[Word], compute: bool, local_size: u32) {
    let lists_all = super::interface_lists_all_globals(module);
    for ep in &mut module.entry_points {
        if ep.operands.get(1) != Some(&Operand::IdRef(entry_id)) {
            continue;
        }
        ep.operands[0] = Operand::ExecutionModel(if compute { ExecutionModel::GLCompute } else { ExecutionModel::Vertex });
        if !lists_all {
            ep.operands.retain(|o| !matches!(o, Operand::IdRef(i) if ids.contains(i)));
        }
    }
    module.execution_modes.retain(|m| !matches!(m.operands.first(), Some(Operand::IdRef(t)) if *t == entry_id));
    if compute {
        module.execution_modes.push(Instruction::new(
            Op::ExecutionMode,
            None,
            None,
            vec![
                Operand::IdRef(entry_id),
                Operand::ExecutionMode(ExecutionMode::LocalSize),
                Operand::LiteralBit32(local_size),
                Operand::LiteralBit32(1),
                Operand::LiteralBit32(1),
            ],
        ));
    }
    module
        .capabilities
        .retain(|c| !matches!(c.operands.first(), Some(Operand::Capability(Capability::Tessellation | Capability::TessellationPointSize))));
    if !module.capabilities.iter().any(|c| c.operands.first() == Some(&Operand::Capability(Capability::Shader))) {
        module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(Capability::Shader)]));
    }
}

/// The evaluation stage's outputs stay an interface, and their `gl_PerVertex` block may be the
/// very type of `gl_in`'s elements (valid SPIR-V: a struct type `{ vec4 Position }` decorated
/// once, used by the input array and the output block). Stripping the lowered inputs' block
/// decorations would then strip the output's `BuiltIn Position` too (naga then finds no
/// output). Such inputs get a copy of the struct (and of their array and pointer types), and
/// only the copy is stripped.
fn unshare_block_types(module: &mut dr::Module, vars: &[IoVar], block_types: &mut Vec<Word>) {
    let (output_structs, plans) = {
        let view = crate::spirv_view::ModuleView::of_module(module);
        let r = Reflector::new(&view);
        let output_structs: Vec<Word> = module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable && i.operands.first() == Some(&Operand::StorageClass(StorageClass::Output)))
            .filter_map(|i| r.pointee(i.result_type?))
            .map(|(_, t)| r.strip_descriptor_array(t).0)
            .collect();
        // (variable, pointer type, pointee, struct) of the lowered inputs on a shared struct.
        let plans: Vec<(Word, Word, Word, Word)> = vars
            .iter()
            .filter(|v| v.input)
            .filter_map(|v| {
                let ptr = r.def(v.id)?.result_type?;
                let (_, pointee) = r.pointee(ptr)?;
                let elem = r.strip_descriptor_array(pointee).0;
                (block_types.contains(&elem) && output_structs.contains(&elem)).then_some((v.id, ptr, pointee, elem))
            })
            .collect();
        (output_structs, plans)
    };
    for (var, ptr, pointee, elem) in plans {
        let find = |m: &dr::Module, id: Word| m.types_global_values.iter().position(|i| i.result_id == Some(id));
        let (Some(si), Some(pi), Some(ti), Some(vi)) = (find(module, elem), find(module, ptr), find(module, pointee), find(module, var))
        else {
            continue;
        };
        let mut new = Vec::new();
        let s2 = super::fresh_id(module);
        let mut st = module.types_global_values[si].clone();
        st.result_id = Some(s2);
        new.push(st);
        let t2 = if pointee == elem {
            s2
        } else {
            let t2 = super::fresh_id(module);
            let mut arr = module.types_global_values[ti].clone();
            arr.result_id = Some(t2);
            if let Some(op) = arr.operands.first_mut() {
                *op = Operand::IdRef(s2);
            }
            new.push(arr);
            t2
        };
        let p2 = super::fresh_id(module);
        let mut p = module.types_global_values[pi].clone();
        p.result_id = Some(p2);
        if let Some(op) = p.operands.get_mut(1) {
            *op = Operand::IdRef(t2);
        }
        new.push(p);
        module.types_global_values[vi].result_type = Some(p2);
        for (k, inst) in new.into_iter().enumerate() {
            module.types_global_values.insert(vi + k, inst);
        }
        if !block_types.contains(&s2) {
            block_types.push(s2);
        }
    }
    // The outputs' structs keep their decorations.
    block_types.retain(|t| !output_structs.contains(t));
}
