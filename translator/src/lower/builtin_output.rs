//! Demotes a built-in output (for example `PointSize` in a non-point draw) to a private variable.
//!
//! The code keeps writing and reading it, but nothing leaves the stage: naga then never sees
//! the built-in (it drops `gl_PerVertex` members that are not accessed). Works for a built-in
//! declared as its own variable and for a member of a `gl_PerVertex`-style output block.

use super::{fresh_id, interface_lists_all_globals, pointer_type, replace_uses_in_functions};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{BuiltIn, Decoration, Op, StorageClass, Word};
use std::collections::HashMap;

/// Whether [`demote`] would change the module: an `Output` variable is the built-in, or has
/// it as a member of its struct type. (Read from the words: a stage without the output is
/// never rebuilt as rspirv's module for it.)
pub fn applies(module: &crate::spirv_view::ModuleView, builtin: BuiltIn) -> bool {
    const BUILTIN: u32 = Decoration::BuiltIn as u32;
    let b = builtin as u32;
    let targets: Vec<Word> = module
        .annotations()
        .filter_map(|a| match (a.opcode, a.operands) {
            (Op::Decorate, [target, BUILTIN, v]) | (Op::MemberDecorate, [target, _, BUILTIN, v]) if *v == b => Some(*target),
            _ => None,
        })
        .collect();
    if targets.is_empty() {
        return false;
    }
    let output = StorageClass::Output as u32;
    module.types_global_values().any(|i| {
        let pointee = || i.result_type.and_then(|p| module.def(p)).and_then(|p| p.operands.get(1).copied());
        i.opcode == Op::Variable
            && i.operands.first() == Some(&output)
            && (i.result_id.is_some_and(|v| targets.contains(&v)) || pointee().is_some_and(|t| targets.contains(&t)))
    })
}

/// Returns the private variables that now hold the built-in (empty: nothing was demoted).
pub fn demote(module: &mut dr::Module, builtin: BuiltIn) -> Vec<Word> {
    let Outputs { vars, chains } = outputs(module, builtin);
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

/// Where a module's `Output` built-in `builtin` is written.
struct Outputs {
    /// Variables that are the built-in, with their pointee types.
    vars: Vec<(Word, Word)>,
    /// Access chains selecting it as a member of an output block, with the member's type.
    chains: Vec<(Word, Word)>,
}

fn outputs(module: &dr::Module, builtin: BuiltIn) -> Outputs {
    let decorates_builtin = |a: &Instruction, at: usize| {
        a.operands.get(at) == Some(&Operand::Decoration(Decoration::BuiltIn)) && a.operands.get(at + 1) == Some(&Operand::BuiltIn(builtin))
    };
    let id = |o: Option<&Operand>| match o {
        Some(Operand::IdRef(id)) => Some(*id),
        _ => None,
    };
    let mut direct = Vec::new();
    let mut members = Vec::new(); // (struct, member)
    for a in &module.annotations {
        match a.class.opcode {
            Op::Decorate if decorates_builtin(a, 1) => direct.extend(id(a.operands.first())),
            Op::MemberDecorate if decorates_builtin(a, 2) => {
                if let (Some(s), Some(Operand::LiteralBit32(m))) = (id(a.operands.first()), a.operands.get(1)) {
                    members.push((s, *m));
                }
            }
            _ => {}
        }
    }
    let mut found = Outputs { vars: Vec::new(), chains: Vec::new() };
    if direct.is_empty() && members.is_empty() {
        return found;
    }
    let defs: HashMap<Word, &Instruction> = module.types_global_values.iter().filter_map(|i| Some((i.result_id?, i))).collect();
    let pointee = |ptr: Word| defs.get(&ptr).filter(|d| d.class.opcode == Op::TypePointer).and_then(|d| id(d.operands.get(1)));
    // Output variables, with their pointee types.
    let outputs: Vec<(Word, Word)> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Variable && i.operands.first() == Some(&Operand::StorageClass(StorageClass::Output)))
        .filter_map(|i| Some((i.result_id?, pointee(i.result_type?)?)))
        .collect();
    found.vars = outputs.iter().filter(|(v, _)| direct.contains(v)).copied().collect();
    let blocks: Vec<(Word, Word)> = outputs.into_iter().filter(|(_, t)| members.iter().any(|(s, _)| s == t)).collect();
    if blocks.is_empty() {
        return found;
    }
    let constant = |c: Word| match defs.get(&c).map(|d| (d.class.opcode, d.operands.as_slice())) {
        Some((Op::Constant | Op::SpecConstant, [Operand::LiteralBit32(v)])) => Some(*v),
        _ => None,
    };
    for inst in module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions) {
        if !matches!(inst.class.opcode, Op::AccessChain | Op::InBoundsAccessChain) {
            continue;
        }
        let (Some(base), Some(index)) = (id(inst.operands.first()), id(inst.operands.get(1))) else { continue };
        let Some((_, block)) = blocks.iter().find(|(v, _)| *v == base) else { continue };
        let Some(member) = constant(index).filter(|m| members.contains(&(*block, *m))) else { continue };
        let member_ty = defs.get(block).and_then(|s| id(s.operands.get(member as usize)));
        // Deeper indices (into an array member) stay as a chain on the new variable.
        if let (Some(result), Some(member_ty)) = (inst.result_id, member_ty) {
            found.chains.push((result, member_ty));
        }
    }
    found
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
        let ptr = module.types_global_values.iter().find(|i| i.result_id == Some(t) && i.class.opcode == Op::TypePointer)?;
        match ptr.operands.get(1) {
            Some(Operand::IdRef(p)) => Some(*p),
            _ => None,
        }
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
