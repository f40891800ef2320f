//! Calls of functions that return a pointer → the function's body in place of the call.
//!
//! WGSL functions cannot return pointers, and naga's reader refuses such a function. Under
//! variable pointers a helper choosing among pointers (`return c ? a : b;`) is common; inlined,
//! the choice becomes a select of the caller's pointers, which `variable_pointers` then
//! follows. Only a function of one block ending in `OpReturnValue`, with no variables of its
//! own and no calls, is inlined: its instructions are copied before the call with fresh ids,
//! its parameters replaced by the call's arguments, and the call's uses read the returned
//! value. A function no longer called (and not an entry point) goes. Any other function
//! returning a pointer is left for naga's refusal by name.

use super::fresh_id;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::{HashMap, HashSet};

/// Whether [`lower`] may change the module: a function returns a pointer.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    let pointer = |t: Word| module.def(t).is_some_and(|d| d.opcode == Op::TypePointer);
    module.functions().any(|f| f.def().and_then(|d| d.result_type).is_some_and(pointer))
}

/// An inlinable function: its parameters and the instructions of its one block, the last an
/// `OpReturnValue`.
struct Inlinable {
    parameters: Vec<Word>,
    body: Vec<Instruction>,
}

pub fn lower(module: &mut dr::Module) -> bool {
    let pointers: HashSet<Word> =
        module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypePointer).filter_map(|i| i.result_id).collect();
    let mut inlinable: HashMap<Word, Inlinable> = HashMap::new();
    for f in &module.functions {
        let (Some(def), [block]) = (&f.def, f.blocks.as_slice()) else { continue };
        let (Some(id), true) = (def.result_id, def.result_type.is_some_and(|t| pointers.contains(&t))) else { continue };
        let simple = block.instructions.iter().all(|i| !matches!(i.class.opcode, Op::Variable | Op::FunctionCall | Op::Phi))
            && block.instructions.last().is_some_and(|i| i.class.opcode == Op::ReturnValue);
        if simple {
            let parameters = f.parameters.iter().filter_map(|p| p.result_id).collect();
            inlinable.insert(id, Inlinable { parameters, body: block.instructions.clone() });
        }
    }
    if inlinable.is_empty() {
        return false;
    }
    let mut changed = false;
    // (call result, returned value): every use of the call's result reads the value instead.
    let mut replaced: Vec<(Word, Word)> = Vec::new();
    for fi in 0..module.functions.len() {
        let own = module.functions[fi].def.as_ref().and_then(|d| d.result_id);
        for bi in 0..module.functions[fi].blocks.len() {
            let old = std::mem::take(&mut module.functions[fi].blocks[bi].instructions);
            let mut out = Vec::with_capacity(old.len());
            for inst in old {
                let callee = match (inst.class.opcode, inst.operands.first()) {
                    (Op::FunctionCall, Some(Operand::IdRef(c))) if Some(*c) != own => inlinable.get(c),
                    _ => None,
                };
                let (Some(callee), Some(result)) = (callee, inst.result_id) else {
                    out.push(inst);
                    continue;
                };
                let arguments = inst.operands[1..].iter().filter_map(|o| if let Operand::IdRef(a) = o { Some(*a) } else { None });
                let mut renamed: HashMap<Word, Word> = callee.parameters.iter().copied().zip(arguments).collect();
                let Some((last, copied)) = callee.body.split_last() else {
                    out.push(inst);
                    continue;
                };
                for i in copied {
                    let mut copy = i.clone();
                    if let Some(r) = i.result_id {
                        let fresh = fresh_id(module);
                        renamed.insert(r, fresh);
                        copy.result_id = Some(fresh);
                    }
                    for o in &mut copy.operands {
                        if let Operand::IdRef(id) = o {
                            *id = renamed.get(id).copied().unwrap_or(*id);
                        }
                    }
                    out.push(copy);
                }
                let returned = match last.operands.first() {
                    Some(Operand::IdRef(v)) => renamed.get(v).copied().unwrap_or(*v),
                    _ => 0,
                };
                replaced.push((result, returned));
                changed = true;
            }
            module.functions[fi].blocks[bi].instructions = out;
        }
    }
    for (result, returned) in replaced {
        super::replace_uses_in_functions(module, result, returned);
    }
    // The inlined functions no longer called, and not entry points, go with their names.
    let called: HashSet<Word> = module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
        .filter(|i| i.class.opcode == Op::FunctionCall)
        .filter_map(|i| if let Some(Operand::IdRef(c)) = i.operands.first() { Some(*c) } else { None })
        .chain(module.entry_points.iter().filter_map(|e| if let Some(Operand::IdRef(f)) = e.operands.get(1) { Some(*f) } else { None }))
        .collect();
    let gone: HashSet<Word> = inlinable.keys().copied().filter(|f| !called.contains(f)).collect();
    let removed: HashSet<Word> = module
        .functions
        .iter()
        .filter(|f| f.def.as_ref().and_then(|d| d.result_id).is_some_and(|id| gone.contains(&id)))
        .flat_map(|f| f.def.iter().chain(&f.parameters).chain(f.blocks.iter().flat_map(|b| b.label.iter().chain(&b.instructions))))
        .filter_map(|i| i.result_id)
        .collect();
    module.functions.retain(|f| !f.def.as_ref().and_then(|d| d.result_id).is_some_and(|id| gone.contains(&id)));
    super::forget_ids(module, &removed);
    changed
}
