//! Demotes a built-in output (for example `PointSize` in a non-point draw) to a private variable.
//!
//! The code keeps writing and reading it, but nothing leaves the stage: naga then never sees
//! the built-in (it drops `gl_PerVertex` members that are not accessed). Works for a built-in
//! declared as its own variable and for a member of a `gl_PerVertex`-style output block.

use super::{fresh_id, interface_lists_all_globals, pointer_type, replace_uses_in_functions};
use crate::reflect::Reflector;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{BuiltIn, Decoration, Op, StorageClass, Word};

/// Returns the private variables that now hold the built-in (empty: nothing was demoted).
pub fn demote(module: &mut dr::Module, builtin: BuiltIn) -> Vec<Word> {
    let mut chains: Vec<(Word, Word)> = Vec::new(); // (access chain result, pointee type)
    let mut vars: Vec<(Word, Word)> = Vec::new(); // (variable, pointee type)
    {
        let view = crate::spirv_view::ModuleView::of_module(module);
        let r = Reflector::new(&view);
        for inst in &module.types_global_values {
            if inst.class.opcode != Op::Variable || inst.operands.first() != Some(&Operand::StorageClass(StorageClass::Output)) {
                continue;
            }
            let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else { continue };
            let Some((_, pointee)) = r.pointee(ty) else { continue };
            if r.builtin(id) == Some(builtin) {
                vars.push((id, pointee));
            }
        }
        let block_vars: Vec<(Word, Word)> = module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable && i.operands.first() == Some(&Operand::StorageClass(StorageClass::Output)))
            .filter_map(|i| Some((i.result_id?, r.pointee(i.result_type?)?.1)))
            .filter(|(_, t)| r.def(*t).is_some_and(|d| d.opcode == Op::TypeStruct))
            .collect();
        for f in &module.functions {
            for b in &f.blocks {
                for inst in &b.instructions {
                    if !matches!(inst.class.opcode, Op::AccessChain | Op::InBoundsAccessChain) {
                        continue;
                    }
                    let (Some(Operand::IdRef(base)), Some(Operand::IdRef(idx))) = (inst.operands.first(), inst.operands.get(1)) else {
                        continue;
                    };
                    let Some((_, block_ty)) = block_vars.iter().find(|(v, _)| v == base) else { continue };
                    let Some(member) = r.constant_u32(*idx) else { continue };
                    if r.member_builtin(*block_ty, member) != Some(builtin) {
                        continue;
                    }
                    let (Some(res), Some(member_ty)) = (inst.result_id, r.member_type(*block_ty, member)) else {
                        continue;
                    };
                    // Deeper indices (into an array member) stay as a chain on the new variable.
                    chains.push((res, member_ty));
                }
            }
        }
    }
    let mut demoted: Vec<Word> = vars.iter().map(|(v, _)| *v).collect();
    for (var, pointee) in vars {
        let ptr = pointer_type(module, StorageClass::Private, pointee);
        // The pointer type may be new (appended at the end): move the variable after it.
        if let Some(at) = module.types_global_values.iter().position(|i| i.result_id == Some(var)) {
            let mut inst = module.types_global_values.remove(at);
            inst.result_type = Some(ptr);
            inst.operands[0] = Operand::StorageClass(StorageClass::Private);
            module.types_global_values.push(inst);
        }
        module.annotations.retain(|a| {
            !(a.class.opcode == Op::Decorate
                && a.operands.first() == Some(&Operand::IdRef(var))
                && a.operands.get(1) == Some(&Operand::Decoration(Decoration::BuiltIn)))
        });
        if !interface_lists_all_globals(module) {
            remove_from_interfaces(module, var);
        }
    }
    // One private variable per member type, shared by every chain that selects the member.
    let mut private_for: Vec<(Word, Word)> = Vec::new();
    for (chain, member_ty) in chains {
        let var = match private_for.iter().find(|(t, _)| *t == member_ty) {
            Some((_, v)) => *v,
            None => {
                let ptr = pointer_type(module, StorageClass::Private, member_ty);
                let v = fresh_id(module);
                module.types_global_values.push(Instruction::new(
                    Op::Variable,
                    Some(ptr),
                    Some(v),
                    vec![Operand::StorageClass(StorageClass::Private)],
                ));
                if interface_lists_all_globals(module) {
                    add_to_interfaces(module, v);
                }
                private_for.push((member_ty, v));
                v
            }
        };
        rewrite_chain(module, chain, var);
    }
    demoted.extend(private_for.iter().map(|(_, v)| *v));
    demoted
}

/// Once a stage's `Layer` and `ViewportIndex` outputs are demoted, the extension and the
/// capabilities that let a vertex or evaluation stage write them go too (naga's reader refuses
/// `SPV_EXT_shader_viewport_index_layer`; nothing needs them any more).
pub fn drop_viewport_layer_extension(module: &mut dr::Module) {
    use spirv::Capability;
    module
        .extensions
        .retain(|e| !matches!(e.operands.first(), Some(Operand::LiteralString(n)) if n == "SPV_EXT_shader_viewport_index_layer"));
    module.capabilities.retain(|c| {
        !matches!(
            c.operands.first(),
            Some(Operand::Capability(Capability::ShaderViewportIndexLayerEXT | Capability::ShaderLayer | Capability::ShaderViewportIndex))
        )
    });
}

/// Names a variable (`OpName`), replacing any earlier name, so that naga keeps it.
pub fn name_variable(module: &mut dr::Module, var: Word, name: &str) {
    module.debug_names.retain(|n| !(n.class.opcode == Op::Name && n.operands.first() == Some(&Operand::IdRef(var))));
    module.debug_names.push(Instruction::new(Op::Name, None, None, vec![Operand::IdRef(var), Operand::LiteralString(name.into())]));
}

/// `%c = OpAccessChain %ptr %block %member [rest...]` becomes either a direct use of `var`
/// (no further indices) or `OpAccessChain %ptr_private %var [rest...]`.
fn rewrite_chain(module: &mut dr::Module, chain: Word, var: Word) {
    let mut new_ptr_ty = None;
    for f in &module.functions {
        for b in &f.blocks {
            for inst in &b.instructions {
                if inst.result_id == Some(chain) && inst.operands.len() > 2 {
                    new_ptr_ty = inst.result_type;
                }
            }
        }
    }
    // Pointer types of deeper chains must switch storage class too.
    let private_ptr = new_ptr_ty.and_then(|t| {
        let view = crate::spirv_view::ModuleView::of_module(module);
        let r = Reflector::new(&view);
        r.pointee(t).map(|(_, p)| p)
    });
    let private_ptr = private_ptr.map(|p| pointer_type(module, StorageClass::Private, p));
    let mut direct = false;
    for f in &mut module.functions {
        for b in &mut f.blocks {
            b.instructions.retain_mut(|inst| {
                if inst.result_id != Some(chain) {
                    return true;
                }
                if inst.operands.len() > 2 {
                    inst.operands.remove(1);
                    inst.operands[0] = Operand::IdRef(var);
                    inst.result_type = private_ptr;
                    true
                } else {
                    direct = true;
                    false
                }
            });
        }
    }
    if direct {
        replace_uses_in_functions(module, chain, var);
    }
}

fn remove_from_interfaces(module: &mut dr::Module, var: Word) {
    for ep in &mut module.entry_points {
        let mut i = 3;
        while i < ep.operands.len() {
            if ep.operands[i] == Operand::IdRef(var) {
                ep.operands.remove(i);
            } else {
                i += 1;
            }
        }
    }
}

fn add_to_interfaces(module: &mut dr::Module, var: Word) {
    for ep in &mut module.entry_points {
        ep.operands.push(Operand::IdRef(var));
    }
}
