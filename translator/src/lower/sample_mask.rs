//! `SampleMask` built-ins (GLSL's `gl_SampleMask[]` and `gl_SampleMaskIn[]`, arrays of one
//! `int`) → scalar `uint` variables.
//!
//! WGSL's `sample_mask` is one `u32`. naga's reader keeps SPIR-V's array type for the variable
//! and initializes an output with a `u32` (a validation error on a valid shader), and refuses
//! an input declared so. The variable becomes a `uint`; an access chain to its element (the
//! only one) stands for the variable, and loads and stores through it are bitcast where the
//! element is signed. Any other use of the array is refused.

use super::{fresh_id, pointer_type, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{BuiltIn, Op, StorageClass, Word};
use std::collections::{BTreeMap, HashMap};

/// Whether the module may declare a `SampleMask` built-in (a scan of the annotations).
pub fn applies(view: &crate::spirv_view::ModuleView) -> bool {
    let (builtin, mask) = (spirv::Decoration::BuiltIn as u32, BuiltIn::SampleMask as u32);
    view.annotations().any(|a| a.opcode == Op::Decorate && a.operands.get(1) == Some(&builtin) && a.operands.get(2) == Some(&mask))
}

/// A rewritten variable: its storage class, element type and whether that is signed.
struct Mask {
    sc: StorageClass,
    element: Word,
    signed: bool,
}

pub fn lower(module: &mut dr::Module) -> Result<bool, String> {
    let defs = super::global_defs(module);
    let mut masks: BTreeMap<Word, Mask> = BTreeMap::new();
    for sc in [StorageClass::Input, StorageClass::Output] {
        for (var, b, pointee) in super::builtin_variables(module, sc) {
            let Some(array) = defs.get(&pointee).filter(|d| b == BuiltIn::SampleMask && d.class.opcode == Op::TypeArray) else { continue };
            let Some(Operand::IdRef(element)) = array.operands.first() else { continue };
            let signed =
                matches!(defs.get(element).map(|d| d.operands.as_slice()), Some([Operand::LiteralBit32(32), Operand::LiteralBit32(1)]));
            masks.insert(var, Mask { sc, element: *element, signed });
        }
    }
    if masks.is_empty() {
        return Ok(false);
    }
    // Chains to the element stand for the variable; any other use is refused.
    let mut chains: HashMap<Word, Word> = HashMap::new(); // chain result → variable
    let mut casts = 0;
    for i in module.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter())) {
        for (k, op) in i.operands.iter().enumerate() {
            let Operand::IdRef(id) = op else { continue };
            if masks.contains_key(id) {
                match (i.class.opcode, k, i.result_id) {
                    (Op::AccessChain | Op::InBoundsAccessChain, 0, Some(r)) if i.operands.len() == 2 => {
                        chains.insert(r, *id);
                    }
                    _ => return Err(format!("the SampleMask array used whole by Op{:?}", i.class.opcode)),
                }
            } else if let Some(var) = chains.get(id) {
                match (i.class.opcode, k) {
                    (Op::Load, 0) | (Op::Store, 0) => casts += usize::from(masks[var].signed),
                    _ => return Err(format!("an element of the SampleMask array used by Op{:?}", i.class.opcode)),
                }
            }
        }
    }
    let uint = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    for (var, m) in &masks {
        let ptr = pointer_type(module, m.sc, uint);
        // Declared again after its new pointer type (types precede their uses).
        module.types_global_values.retain(|i| i.result_id != Some(*var));
        module.types_global_values.push(Instruction::new(Op::Variable, Some(ptr), Some(*var), vec![Operand::StorageClass(m.sc)]));
    }
    let mut fresh: Vec<Word> = (0..casts).map(|_| fresh_id(module)).collect();
    for f in &mut module.functions {
        for b in &mut f.blocks {
            let mut out = Vec::with_capacity(b.instructions.len());
            for inst in b.instructions.drain(..) {
                let through = |k: usize| match inst.operands.get(k) {
                    Some(Operand::IdRef(p)) => chains.get(p).copied(),
                    _ => None,
                };
                match (inst.class.opcode, through(0)) {
                    (Op::AccessChain | Op::InBoundsAccessChain, _) if inst.result_id.is_some_and(|r| chains.contains_key(&r)) => {}
                    (Op::Load, Some(var)) => {
                        let m = &masks[&var];
                        match (m.signed, fresh.pop()) {
                            (true, Some(raw)) => {
                                out.push(Instruction::new(Op::Load, Some(uint), Some(raw), vec![Operand::IdRef(var)]));
                                out.push(Instruction::new(Op::Bitcast, Some(m.element), inst.result_id, vec![Operand::IdRef(raw)]));
                            }
                            _ => out.push(Instruction::new(Op::Load, Some(uint), inst.result_id, vec![Operand::IdRef(var)])),
                        }
                    }
                    (Op::Store, Some(var)) => {
                        let Some(Operand::IdRef(value)) = inst.operands.get(1).cloned() else { continue };
                        let value = match (masks[&var].signed, fresh.pop()) {
                            (true, Some(cast)) => {
                                out.push(Instruction::new(Op::Bitcast, Some(uint), Some(cast), vec![Operand::IdRef(value)]));
                                cast
                            }
                            _ => value,
                        };
                        out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(var), Operand::IdRef(value)]));
                    }
                    _ => out.push(inst),
                }
            }
            b.instructions = out;
        }
    }
    Ok(true)
}
