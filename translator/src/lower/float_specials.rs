//! Float constants WGSL cannot hold: NaN and infinities.
//!
//! naga refuses a constant expression that evaluates to NaN or ±∞ (WGSL forbids them), but
//! SPIR-V compilers fold `1.0 / 0.0` into exactly such an `OpConstant`, and naga itself folds
//! `uintBitsToFloat(0x7fc00000u)` (an `OpBitcast` of a constant) into one. Each such constant
//! becomes a load of a private `u32` initialized with its bits, bitcast to `f32` at the start of
//! every function that uses it; each such bitcast reads its integer from a private variable.
//! Either way the value stays a run-time one. A constant composite built of such a constant (at
//! any depth; spirv-opt folds `vec4(-1.0 / 0.0)` into one) is constructed at the start of every
//! function that reads it.

use super::{constant, fresh_id, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::{HashMap, HashSet};

/// Whether [`lower`] may change the module: a 32-bit constant's bits are a non-finite float.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.types_global_values().any(|i| matches!((i.opcode, i.operands), (Op::Constant, [bits]) if !f32::from_bits(*bits).is_finite()))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let floats: Vec<Word> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypeFloat && i.operands.first() == Some(&Operand::LiteralBit32(32)))
        .filter_map(|i| i.result_id)
        .collect();
    let specials: Vec<(Word, Word, u32)> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Constant && i.result_type.is_some_and(|t| floats.contains(&t)))
        .filter_map(|i| match (i.result_id, i.result_type, i.operands.first()) {
            (Some(id), Some(ty), Some(Operand::LiteralBit32(bits))) if !f32::from_bits(*bits).is_finite() => Some((id, ty, *bits)),
            _ => None,
        })
        .collect();
    // Integer constants that a bitcast turns into a non-finite float.
    let int_constants: Vec<(Word, Word, u32)> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Constant && !i.result_type.is_some_and(|t| floats.contains(&t)))
        .filter_map(|i| match (i.result_id, i.result_type, i.operands.as_slice()) {
            (Some(id), Some(ty), [Operand::LiteralBit32(bits)]) if !f32::from_bits(*bits).is_finite() => Some((id, ty, *bits)),
            _ => None,
        })
        .collect();
    let bitcast_sources: Vec<(Word, Word, u32)> = int_constants
        .into_iter()
        .filter(|(id, _, _)| {
            module.functions.iter().any(|f| {
                f.blocks.iter().any(|b| {
                    b.instructions.iter().any(|i| {
                        i.class.opcode == Op::Bitcast
                            && i.operands.first() == Some(&Operand::IdRef(*id))
                            && i.result_type.is_some_and(|t| floats.contains(&t))
                    })
                })
            })
        })
        .collect();
    if specials.is_empty() && bitcast_sources.is_empty() {
        return false;
    }
    for &(id, ty, bits) in &bitcast_sources {
        read_bitcast_source(module, id, ty, bits);
    }
    if !specials.is_empty() {
        rebuild_specials(module, &specials);
    }
    true
}

/// A bitcast source (`id`, an integer constant of type `ty` whose `bits` are a non-finite
/// float) is read from a private variable of its own type by every function bitcasting it,
/// with no bitcast added.
fn read_bitcast_source(module: &mut dr::Module, id: Word, ty: Word, bits: u32) {
    let var = private_constant(module, ty, bits);
    for fi in 0..module.functions.len() {
        let uses_bitcast = module.functions[fi]
            .blocks
            .iter()
            .any(|b| b.instructions.iter().any(|i| i.class.opcode == Op::Bitcast && i.operands.first() == Some(&Operand::IdRef(id))));
        if !uses_bitcast {
            continue;
        }
        let load = fresh_id(module);
        let f = &mut module.functions[fi];
        for b in &mut f.blocks {
            for i in &mut b.instructions {
                if i.class.opcode == Op::Bitcast && i.operands.first() == Some(&Operand::IdRef(id)) {
                    i.operands[0] = Operand::IdRef(load);
                }
            }
        }
        let Some(entry) = f.blocks.first_mut() else { continue };
        let at = entry.instructions.iter().position(|i| i.class.opcode != Op::Variable).unwrap_or(entry.instructions.len());
        entry.instructions.insert(at, Instruction::new(Op::Load, Some(ty), Some(load), vec![Operand::IdRef(var)]));
    }
}

/// The `specials` (id, type, bits) and the constant composites built of them are rebuilt at
/// the start of every function that reads them; the constants themselves go.
fn rebuild_specials(module: &mut dr::Module, specials: &[(Word, Word, u32)]) {
    let uint = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    // The constants to rebuild at run time, in definition order: the specials, and the
    // composites built (at any depth) of them, which naga would evaluate just the same.
    let mut rebuilt: Vec<(Word, Rebuilt)> = Vec::new();
    let mut taken: HashSet<Word> = HashSet::new();
    for i in &module.types_global_values {
        let Some(id) = i.result_id else { continue };
        if let Some(&(_, ty, bits)) = specials.iter().find(|(s, _, _)| *s == id) {
            rebuilt.push((id, Rebuilt::Special { ty, bits }));
        } else if i.class.opcode == Op::ConstantComposite && i.operands.iter().any(|o| matches!(o, Operand::IdRef(c) if taken.contains(c)))
        {
            let parts = i.operands.iter().filter_map(|o| if let Operand::IdRef(c) = o { Some(*c) } else { None }).collect();
            rebuilt.push((id, Rebuilt::Composite { ty: i.result_type.unwrap_or_default(), parts }));
        } else {
            continue;
        }
        taken.insert(id);
    }
    let vars: HashMap<Word, Word> = rebuilt
        .iter()
        .filter_map(|(id, r)| if let Rebuilt::Special { bits, .. } = r { Some((*id, *bits)) } else { None })
        .map(|(id, bits)| (id, private_constant(module, uint, bits)))
        .collect();
    for fi in 0..module.functions.len() {
        // What the function reads, and what that is built of.
        let mut needed: HashSet<Word> = HashSet::new();
        for b in &module.functions[fi].blocks {
            for i in &b.instructions {
                needed.extend(i.operands.iter().filter_map(|o| if let Operand::IdRef(c) = o { taken.get(c).copied() } else { None }));
            }
        }
        if needed.is_empty() {
            continue;
        }
        for (id, r) in rebuilt.iter().rev() {
            if let (true, Rebuilt::Composite { parts, .. }) = (needed.contains(id), r) {
                needed.extend(parts.iter().filter(|c| taken.contains(c)).copied().collect::<Vec<_>>());
            }
        }
        let mut values: HashMap<Word, Word> = HashMap::new();
        let mut prologue = Vec::new();
        for (id, r) in rebuilt.iter().filter(|(id, _)| needed.contains(id)) {
            let value = fresh_id(module);
            match r {
                Rebuilt::Special { ty, .. } => {
                    let load = fresh_id(module);
                    prologue.push(Instruction::new(Op::Load, Some(uint), Some(load), vec![Operand::IdRef(vars[id])]));
                    prologue.push(Instruction::new(Op::Bitcast, Some(*ty), Some(value), vec![Operand::IdRef(load)]));
                }
                Rebuilt::Composite { ty, parts } => {
                    let parts = parts.iter().map(|c| Operand::IdRef(values.get(c).copied().unwrap_or(*c))).collect();
                    prologue.push(Instruction::new(Op::CompositeConstruct, Some(*ty), Some(value), parts));
                }
            }
            values.insert(*id, value);
        }
        let f = &mut module.functions[fi];
        for b in &mut f.blocks {
            for i in &mut b.instructions {
                for o in &mut i.operands {
                    if let Operand::IdRef(c) = o {
                        if let Some(v) = values.get(c) {
                            *o = Operand::IdRef(*v);
                        }
                    }
                }
            }
        }
        // After the entry block's OpVariables (which must come first).
        let Some(entry) = f.blocks.first_mut() else { continue };
        let at = entry.instructions.iter().position(|i| i.class.opcode != Op::Variable).unwrap_or(entry.instructions.len());
        entry.instructions.splice(at..at, prologue);
    }
    // The constants themselves must go: naga evaluates every declared constant. Those still
    // referenced by a global (a variable's initializer) stay, and naga refuses them.
    for (id, _) in rebuilt.iter().rev() {
        let referenced = module.types_global_values.iter().any(|i| i.operands.contains(&Operand::IdRef(*id)));
        if !referenced {
            module.types_global_values.retain(|i| i.result_id != Some(*id));
            module.debug_names.retain(|n| n.operands.first() != Some(&Operand::IdRef(*id)));
            module.annotations.retain(|a| a.operands.first() != Some(&Operand::IdRef(*id)));
        }
    }
}

/// A constant rebuilt at run time by every function that reads it.
enum Rebuilt {
    /// A non-finite float: its bits loaded from a private `u32` and bitcast.
    Special { ty: Word, bits: u32 },
    /// A composite with a rebuilt constituent: constructed from its parts.
    Composite { ty: Word, parts: Vec<Word> },
}

/// A private variable of type `ty` initialized with the 32-bit pattern `bits`.
fn private_constant(module: &mut dr::Module, ty: Word, bits: u32) -> Word {
    let init = constant(module, ty, bits);
    super::private_variable(module, ty, init)
}
