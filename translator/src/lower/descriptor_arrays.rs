//! Arrays of descriptors → one variable per element.
//!
//! WebGPU has no arrays of bindings (wgpu's binding arrays are a native-only feature, absent
//! on its GL backend and in browsers). A descriptor variable whose type is an array of N
//! (`texture2D t[4]`, `sampler2D s[2]`, `uniform B { ... } b[2]`, HLSL `Texture2D t[4]`)
//! becomes N variables of the element type, element k at (set, `bindings[k]`) and named
//! `NAME_k`, when every use of it is an access chain whose first index is a constant: the
//! chain then starts at element k's variable, or is that variable when it has no other index.
//! A chain whose first index is known only when the shader runs has each read through it done
//! on every element and the indexed one selected ([`super::descriptor_select`]). Any other use
//! — the whole array passed to a function, a write through a run-time index — is refused,
//! naming the array; the module is then unchanged.
//!
//! Invariant: the elements keep the array's decorations other than `Binding` (so a read-only
//! storage buffer array stays read-only), and every entry point whose interface listed the
//! array lists every element.

use super::{fresh_id, interface_lists_all_globals, pointer_type, replace_uses_in_functions};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, StorageClass, Word};

/// The element count of the array variable `var` (`None`: not a sized array of descriptors).
pub fn length(module: &dr::Module, var: Word) -> Option<u32> {
    let (_, _, length) = array_of(module, var)?;
    Some(length)
}

/// (storage class, element type, length) of the array `var` points to.
fn array_of(module: &dr::Module, var: Word) -> Option<(StorageClass, Word, u32)> {
    let def = |id: Word| module.types_global_values.iter().find(|i| i.result_id == Some(id));
    let ptr = def(var).filter(|v| v.class.opcode == Op::Variable)?.result_type?;
    let (sc, pointee) = match def(ptr)?.operands.as_slice() {
        [Operand::StorageClass(sc), Operand::IdRef(p)] => (*sc, *p),
        _ => return None,
    };
    let array = def(pointee).filter(|a| a.class.opcode == Op::TypeArray)?;
    let [Operand::IdRef(elem), Operand::IdRef(len)] = array.operands.as_slice() else { return None };
    let length = constant_u32(module, *len)?;
    Some((sc, *elem, length))
}

/// The value of the 32-bit integer `OpConstant` `id`.
fn constant_u32(module: &dr::Module, id: Word) -> Option<u32> {
    super::constant_value(module.types_global_values.iter().find(|i| i.result_id == Some(id)))
}

/// Splits the array of descriptors `var` at `set` into one variable per element, element k at
/// binding `bindings[k]`; `Err` names the use that keeps it an array.
pub fn split(module: &mut dr::Module, var: Word, set: u32, bindings: &[u32]) -> Result<(), String> {
    let name = module
        .debug_names
        .iter()
        .find_map(|n| match (n.class.opcode, n.operands.as_slice()) {
            (Op::Name, [Operand::IdRef(t), Operand::LiteralString(s)]) if *t == var => Some(s.clone()),
            _ => None,
        })
        .unwrap_or_else(|| format!("tesserae_{var}"));
    let Some((sc, elem, length)) = array_of(module, var) else {
        return Err(format!("the array of descriptors `{name}` (its type is not an array of a constant length)"));
    };
    if module
        .types_global_values
        .iter()
        .any(|i| i.result_id == Some(elem) && matches!(i.class.opcode, Op::TypeArray | Op::TypeRuntimeArray))
    {
        return Err(format!("the array of arrays of descriptors `{name}`"));
    }
    if bindings.len() != length as usize {
        return Err(format!("the array of descriptors `{name}` ({length} elements, {} bindings)", bindings.len()));
    }
    // Every use: an access chain from the array by a constant index, or by one known only
    // when the shader runs (`descriptor_select`).
    let mut chains: Vec<(Word, u32)> = Vec::new();
    let mut dynamic: Vec<(Word, Word)> = Vec::new();
    for inst in module.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions)) {
        if !inst.operands.contains(&Operand::IdRef(var)) {
            continue;
        }
        let chain = matches!(inst.class.opcode, Op::AccessChain | Op::InBoundsAccessChain);
        let (index, index_id) = match inst.operands.as_slice() {
            [Operand::IdRef(base), Operand::IdRef(index), ..] if chain && *base == var => (constant_u32(module, *index), *index),
            _ => {
                return Err(format!(
                    "the array of descriptors `{name}` used by {:?} (only access chains with a constant index are split)",
                    inst.class.opcode
                ))
            }
        };
        match index {
            Some(k) if k < length => chains.push((inst.result_id.unwrap_or(0), k)),
            Some(k) => return Err(format!("the array of descriptors `{name}` indexed at {k}, past its {length} elements")),
            None => dynamic.push((inst.result_id.unwrap_or(0), index_id)),
        }
    }
    let selection = super::descriptor_select::plan(module, &name, &dynamic, length)?;

    // The elements' variables, after their pointer type; element 0 keeps the array's id.
    let elem_ptr = pointer_type(module, sc, elem);
    let Some(pos) = module.types_global_values.iter().position(|i| i.class.opcode == Op::Variable && i.result_id == Some(var)) else {
        return Err(format!("the array of descriptors `{name}` (no variable %{var})"));
    };
    let array_ptr = module.types_global_values.remove(pos).result_type.unwrap_or(0);
    let mut elements = vec![var];
    elements.extend((1..length).map(|_| fresh_id(module)));
    for e in &elements {
        module.types_global_values.push(Instruction::new(Op::Variable, Some(elem_ptr), Some(*e), vec![Operand::StorageClass(sc)]));
    }
    // Decorations: element 0's binding moves to bindings[0]; the others copy the array's.
    let decorations: Vec<Instruction> = module
        .annotations
        .iter()
        .filter(|a| a.class.opcode == Op::Decorate && a.operands.first() == Some(&Operand::IdRef(var)))
        .cloned()
        .collect();
    module.annotations.retain(|a| !(a.class.opcode == Op::Decorate && a.operands.first() == Some(&Operand::IdRef(var))));
    for (e, binding) in elements.iter().zip(bindings) {
        for d in &decorations {
            let mut d = d.clone();
            d.operands[0] = Operand::IdRef(*e);
            let value = match d.operands.get(1) {
                Some(Operand::Decoration(Decoration::Binding)) => Some(*binding),
                Some(Operand::Decoration(Decoration::DescriptorSet)) => Some(set),
                _ => None,
            };
            if let (Some(v), Some(slot)) = (value, d.operands.get_mut(2)) {
                *slot = Operand::LiteralBit32(v);
            }
            module.annotations.push(d);
        }
    }
    module.debug_names.retain(|n| !(n.class.opcode == Op::Name && n.operands.first() == Some(&Operand::IdRef(var))));
    for (k, e) in elements.iter().enumerate() {
        module.debug_names.push(Instruction::new(
            Op::Name,
            None,
            None,
            vec![Operand::IdRef(*e), Operand::LiteralString(format!("{name}_{k}"))],
        ));
    }
    if interface_lists_all_globals(module) {
        for ep in &mut module.entry_points {
            if ep.operands.contains(&Operand::IdRef(var)) {
                ep.operands.extend(elements[1..].iter().map(|e| Operand::IdRef(*e)));
            }
        }
    }

    // Chains: from element k; a chain of the index alone is element k itself.
    let mut whole: Vec<(Word, Word)> = Vec::new();
    for f in &mut module.functions {
        for b in &mut f.blocks {
            b.instructions.retain_mut(|inst| {
                let Some(&(result, k)) = chains.iter().find(|(r, _)| inst.result_id == Some(*r)) else { return true };
                let element = elements[k as usize];
                if inst.operands.len() == 2 {
                    whole.push((result, element));
                    return false;
                }
                inst.operands.splice(0..2, [Operand::IdRef(element)]);
                true
            });
        }
    }
    super::descriptor_select::apply(module, selection, &elements);
    // Decorations of a removed chain (`NonUniform`) go with it.
    module.annotations.retain(|a| !matches!(a.operands.first(), Some(Operand::IdRef(t)) if whole.iter().any(|(r, _)| r == t)));
    for (from, to) in whole {
        replace_uses_in_functions(module, from, to);
    }
    // The array's pointer and array types, when nothing else uses them: naga would declare
    // an array of textures as a binding array, which WGSL spells with a wgpu-only extension.
    for ty in [array_ptr, array_type(module, array_ptr)] {
        if ty != 0 && !used(module, ty) {
            module.types_global_values.retain(|i| i.result_id != Some(ty));
            module.debug_names.retain(|n| n.operands.first() != Some(&Operand::IdRef(ty)));
            module.annotations.retain(|a| a.operands.first() != Some(&Operand::IdRef(ty)));
        }
    }
    Ok(())
}

/// The pointee of the pointer type `ptr` (0 if none).
fn array_type(module: &dr::Module, ptr: Word) -> Word {
    module.types_global_values.iter().find(|i| i.result_id == Some(ptr)).and_then(|p| p.operands.get(1)).map_or(0, |o| match o {
        Operand::IdRef(t) => *t,
        _ => 0,
    })
}

/// Whether any instruction (other than a name or decoration) names `id`.
fn used(module: &dr::Module, id: Word) -> bool {
    let names = |i: &Instruction| i.result_type == Some(id) || i.operands.contains(&Operand::IdRef(id));
    module.types_global_values.iter().any(names)
        || module.entry_points.iter().any(names)
        || module.execution_modes.iter().any(names)
        || module
            .functions
            .iter()
            .any(|f| f.def.iter().chain(&f.parameters).any(names) || f.blocks.iter().any(|b| b.instructions.iter().any(names)))
}
