//! `BaseVertex`, `BaseInstance` and `DrawIndex` (SPV_KHR_shader_draw_parameters: GLSL's
//! `gl_BaseVertex`, `gl_BaseInstance`, `gl_DrawID`; Slang and DXC subtract the first two from
//! `VertexIndex` and `InstanceIndex` to give D3D's `SV_VertexID` and `SV_InstanceID`) → the
//! per-draw uniform.
//!
//! WebGPU has none of the three. The runtime already writes a uniform for every draw
//! ([`crate::draw_uniform::DrawUniform`]), which holds Vulkan's values: `vulkan_base_vertex`
//! (the vertex offset of an indexed draw, the first vertex of any other) and `first_instance`.
//! Each such input variable becomes a private variable that the entry point's function sets
//! first thing, from a uniform block over those fields at the emulation's
//! [`crate::emulation::binding::DRAW_PARAMETERS`] (the draw uniform's buffer bound a second
//! time: the emulation passes' kernels read it at [`crate::emulation::binding::DRAW`], and one
//! linked module cannot declare two variables at one binding). `DrawIndex` is 0: the runtime
//! records one draw per call, never a multi-draw.

use super::{constant, fresh_id, interface_lists_all_globals, pointer_type, type_id};
use crate::draw_uniform;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{BuiltIn, Decoration, Op, StorageClass, Word};

/// The built-ins this pass replaces.
const REPLACED: [BuiltIn; 3] = [BuiltIn::BaseVertex, BuiltIn::BaseInstance, BuiltIn::DrawIndex];

/// Whether the module may read one of the draw parameters: it decorates something with one
/// (a scan of the annotations, cheaper than reflecting; [`lower`] looks for the inputs).
pub fn applies(view: &crate::spirv_view::ModuleView) -> bool {
    let builtin = Decoration::BuiltIn as u32;
    view.annotations().any(|a| {
        a.opcode == Op::Decorate
            && a.operands.get(1) == Some(&builtin)
            && a.operands.get(2).is_some_and(|b| REPLACED.iter().any(|r| *r as u32 == *b))
    })
}

/// Rewrites the module (whether it changed); `Err` names what cannot be rewritten.
pub fn lower(module: &mut dr::Module, group: u32, binding: u32) -> Result<bool, String> {
    // (variable, built-in, pointee type)
    let vars: Vec<(Word, BuiltIn, Word)> = super::builtin_inputs(module).into_iter().filter(|(_, b, _)| REPLACED.contains(b)).collect();
    if vars.is_empty() {
        return Ok(false);
    }
    let defs = super::global_defs(module);
    for (_, b, ty) in &vars {
        let scalar = defs.get(ty).is_some_and(|d| d.class.opcode == Op::TypeInt && d.operands.first() == Some(&Operand::LiteralBit32(32)));
        if !scalar {
            return Err(format!("the {b:?} input declared as other than a 32-bit integer"));
        }
    }
    let offset = |name: &str| draw_uniform::FIELDS.iter().find(|(n, _, _)| *n == name).map(|(_, _, o)| *o as u32);
    let (Some(base_vertex_at), Some(base_instance_at)) = (offset("vulkan_base_vertex"), offset("first_instance")) else {
        return Err("the draw uniform lacks its base vertex or instance".into());
    };

    // The block reads `first_instance` and `vulkan_base_vertex`, each as its variable's type
    // (`uint` when none reads it).
    let uint = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    let type_of = |builtin: BuiltIn| -> Result<Word, String> {
        let mut types = vars.iter().filter(|(_, b, _)| *b == builtin).map(|(_, _, t)| *t);
        let first = types.next().unwrap_or(uint);
        match types.find(|t| *t != first) {
            Some(_) => Err(format!("two {builtin:?} inputs of different types")),
            None => Ok(first),
        }
    };
    let read: [Read; 2] = [
        (BuiltIn::BaseInstance, 3u32, type_of(BuiltIn::BaseInstance)?, base_instance_at),
        (BuiltIn::BaseVertex, 4, type_of(BuiltIn::BaseVertex)?, base_vertex_at),
    ];
    if base_instance_at != 48 || base_vertex_at != 52 {
        return Err("the draw uniform's layout moved (`lower::draw_parameters` spells it out)".into());
    }
    let ubo = declare_block(module, &read, group, binding);
    let ids: Vec<Word> = vars.iter().map(|(v, _, _)| *v).collect();
    make_private(module, &vars);
    let prologue = prologue(module, &vars, &read, ubo);
    insert_prologue(module, &ids, ubo, &prologue);
    Ok(true)
}

/// A field the block reads: its built-in, member index, type and offset.
type Read = (BuiltIn, u32, Word, u32);

/// The uniform block over the draw uniform's first 48 bytes (three `uvec4`s: naga's WGSL
/// writer writes no member offsets, so a block must spell its layout out) and the fields
/// `read`, at (`group`, `binding`); returns its variable.
fn declare_block(module: &mut dr::Module, read: &[Read; 2], group: u32, binding: u32) -> Word {
    let uint = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    let uvec4 = type_id(module, Op::TypeVector, vec![Operand::IdRef(uint), Operand::LiteralBit32(4)]);
    let block = fresh_id(module);
    let mut members = vec![Operand::IdRef(uvec4); 3];
    members.extend(read.iter().map(|(_, _, ty, _)| Operand::IdRef(*ty)));
    module.types_global_values.push(Instruction::new(Op::TypeStruct, None, Some(block), members));
    let decorate = |target: Word, d: Decoration, v: Option<u32>| {
        let mut ops = vec![Operand::IdRef(target), Operand::Decoration(d)];
        ops.extend(v.map(Operand::LiteralBit32));
        Instruction::new(Op::Decorate, None, None, ops)
    };
    module.annotations.push(decorate(block, Decoration::Block, None));
    let offsets = [0, 16, 32, read[0].3, read[1].3];
    for (m, offset) in offsets.into_iter().enumerate() {
        module.annotations.push(Instruction::new(
            Op::MemberDecorate,
            None,
            None,
            vec![
                Operand::IdRef(block),
                Operand::LiteralBit32(m as u32),
                Operand::Decoration(Decoration::Offset),
                Operand::LiteralBit32(offset),
            ],
        ));
    }
    let ptr = pointer_type(module, StorageClass::Uniform, block);
    let ubo = fresh_id(module);
    module.types_global_values.push(Instruction::new(
        Op::Variable,
        Some(ptr),
        Some(ubo),
        vec![Operand::StorageClass(StorageClass::Uniform)],
    ));
    module.annotations.push(decorate(ubo, Decoration::DescriptorSet, Some(group)));
    module.annotations.push(decorate(ubo, Decoration::Binding, Some(binding)));
    module.debug_names.push(Instruction::new(
        Op::Name,
        None,
        None,
        vec![Operand::IdRef(ubo), Operand::LiteralString("tesserae_draw_parameters".into())],
    ));
    ubo
}

/// The input variables `vars` become private (set by the prologue), and the module no longer
/// names the extension (naga's reader refuses its name) or its capability.
fn make_private(module: &mut dr::Module, vars: &[(Word, BuiltIn, Word)]) {
    let ids: Vec<Word> = vars.iter().map(|(v, _, _)| *v).collect();
    module.annotations.retain(|a| {
        !(a.class.opcode == Op::Decorate
            && matches!(a.operands.first(), Some(Operand::IdRef(t)) if ids.contains(t))
            && a.operands.get(1) == Some(&Operand::Decoration(Decoration::BuiltIn)))
    });
    for (var, _, ty) in vars {
        let ptr = pointer_type(module, StorageClass::Private, *ty);
        // Declared again after its new pointer type (types precede their uses).
        module.types_global_values.retain(|i| i.result_id != Some(*var));
        module.types_global_values.push(Instruction::new(
            Op::Variable,
            Some(ptr),
            Some(*var),
            vec![Operand::StorageClass(StorageClass::Private)],
        ));
    }
    module.extensions.retain(|e| !matches!(e.operands.first(), Some(Operand::LiteralString(n)) if n == "SPV_KHR_shader_draw_parameters"));
    module.capabilities.retain(|c| c.operands.first() != Some(&Operand::Capability(spirv::Capability::DrawParameters)));
}

/// The stores setting each of `vars` from the block `ubo` (`DrawIndex` to 0).
fn prologue(module: &mut dr::Module, vars: &[(Word, BuiltIn, Word)], read: &[Read; 2], ubo: Word) -> Vec<Instruction> {
    let mut prologue = Vec::new();
    let int = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(1)]);
    for (var, b, ty) in vars {
        let value = match read.iter().find(|(r, _, _, _)| r == b) {
            Some((_, member, _, _)) => {
                let index = constant(module, int, *member);
                let member_ptr = pointer_type(module, StorageClass::Uniform, *ty);
                let (chain, value) = (fresh_id(module), fresh_id(module));
                prologue.push(Instruction::new(
                    Op::AccessChain,
                    Some(member_ptr),
                    Some(chain),
                    vec![Operand::IdRef(ubo), Operand::IdRef(index)],
                ));
                prologue.push(Instruction::new(Op::Load, Some(*ty), Some(value), vec![Operand::IdRef(chain)]));
                value
            }
            None => constant(module, *ty, 0),
        };
        prologue.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(*var), Operand::IdRef(value)]));
    }
    prologue
}

/// Puts `prologue` at the start of every entry point whose interface listed one of the
/// variables `ids` (after the function's variables, which must open its first block), and
/// fixes the interfaces: SPIR-V before 1.4 lists only inputs and outputs, from 1.4 every
/// global used.
fn insert_prologue(module: &mut dr::Module, ids: &[Word], ubo: Word, prologue: &[Instruction]) {
    let all_globals = interface_lists_all_globals(module);
    let mut entries = Vec::new();
    for ep in &mut module.entry_points {
        let listed = ep.operands.iter().any(|o| matches!(o, Operand::IdRef(v) if ids.contains(v)));
        if !listed {
            continue;
        }
        if let Some(Operand::IdRef(f)) = ep.operands.get(1) {
            entries.push(*f);
        }
        if !all_globals {
            ep.operands.retain(|o| !matches!(o, Operand::IdRef(v) if ids.contains(v)));
        } else {
            ep.operands.push(Operand::IdRef(ubo));
        }
    }
    for f in &mut module.functions {
        if !f.def.as_ref().and_then(|d| d.result_id).is_some_and(|id| entries.contains(&id)) {
            continue;
        }
        let Some(first) = f.blocks.first_mut() else { continue };
        let at = first.instructions.iter().take_while(|i| i.class.opcode == Op::Variable).count();
        first.instructions.splice(at..at, prologue.iter().cloned());
    }
}
