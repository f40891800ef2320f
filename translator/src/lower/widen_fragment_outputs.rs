//! Widens fragment outputs with fewer than four components to four.
//!
//! Vulkan lets a fragment shader write fewer components than its colour attachment has (a
//! `vec2` into an RGBA attachment: the others are undefined); WebGPU refuses such a pipeline
//! (a fragment output needs at least the target format's components), and the translator does
//! not know the attachment's format. A four-component output fits every format (WebGPU drops
//! the components a format lacks), so each located output variable of a fragment module takes
//! the four-component vector type of its scalar: a store of the narrow value stores it padded
//! with `(0, 0, 1)` from the first missing component on (alpha 1: Vulkan leaves the missing
//! components undefined, and an opaque alpha blends as the written colour alone would); a load
//! takes the leading components again; access chains name one component and stay.
//!
//! Invariant: only fragment modules (every entry point `Fragment`), only single-location
//! scalar or vector outputs without `Component` or `Index` decorations (component packing and
//! dual-source blending keep their exact types) whose every use is a load, a store or an
//! access chain; anything else is left as it was. Runs after `flatten_io`, which makes arrays
//! and blocks of outputs one variable per location.

use crate::lower::{constant, fresh_id, pointer_type, type_id};
use crate::spirv_view::ModuleView;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, ExecutionModel, Op, StorageClass, Word};

pub fn applies(view: &ModuleView) -> bool {
    let mut entries = view.entry_points().peekable();
    entries.peek().is_some()
        && entries.all(|e| e.operands.first() == Some(&(ExecutionModel::Fragment as u32)))
        && view
            .types_global_values()
            .any(|i| i.opcode == Op::Variable && i.operands.first() == Some(&(StorageClass::Output as u32)) && narrow(view, i.result_type))
}

/// Whether `pointer` points to a 32-bit scalar or a vector of fewer than four components (what
/// [`widen`] widens).
fn narrow(view: &ModuleView, pointer: Option<Word>) -> bool {
    let pointee = pointer.and_then(|p| view.def(p)).and_then(|p| match p.operands {
        [_, pointee] => view.def(*pointee),
        _ => None,
    });
    match pointee.map(|t| (t.opcode, t.operands)) {
        Some((Op::TypeVector, [_, n])) => *n < 4,
        Some((Op::TypeFloat | Op::TypeInt, [32, ..])) => true,
        _ => false,
    }
}

pub fn lower(module: &mut dr::Module) -> bool {
    let fragment_only = !module.entry_points.is_empty()
        && module.entry_points.iter().all(|e| e.operands.first() == Some(&Operand::ExecutionModel(ExecutionModel::Fragment)));
    if !fragment_only {
        return false;
    }
    let mut changed = false;
    for var in narrow_outputs(module) {
        changed |= widen(module, var);
    }
    changed
}

/// Output variables with a `Location` and neither `Component` nor `Index`.
fn narrow_outputs(module: &dr::Module) -> Vec<Word> {
    let decorated = |var: Word, d: Decoration| {
        module.annotations.iter().any(|a| {
            a.class.opcode == Op::Decorate
                && a.operands.first() == Some(&Operand::IdRef(var))
                && a.operands.get(1) == Some(&Operand::Decoration(d))
        })
    };
    module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Variable && i.operands.first() == Some(&Operand::StorageClass(StorageClass::Output)))
        .filter_map(|i| i.result_id)
        .filter(|v| decorated(*v, Decoration::Location) && !decorated(*v, Decoration::Component) && !decorated(*v, Decoration::Index))
        .collect()
}

/// Widens `var` when its type is a scalar or a vector of fewer than four components and every
/// use is a load, a store or an access chain; whether it did.
fn widen(module: &mut dr::Module, var: Word) -> bool {
    let def = |module: &dr::Module, id: Word| module.types_global_values.iter().find(|i| i.result_id == Some(id)).cloned();
    let Some(at) = module.types_global_values.iter().position(|i| i.result_id == Some(var)) else { return false };
    let Some(pointee) = module.types_global_values[at].result_type.and_then(|p| def(module, p)).and_then(|p| match p.operands.as_slice() {
        [Operand::StorageClass(StorageClass::Output), Operand::IdRef(t)] => Some(*t),
        _ => None,
    }) else {
        return false;
    };
    let Some(ty) = def(module, pointee) else { return false };
    let (scalar, narrow) = match (ty.class.opcode, ty.operands.as_slice()) {
        (Op::TypeVector, [Operand::IdRef(c), Operand::LiteralBit32(n)]) if *n < 4 => (*c, *n),
        (Op::TypeFloat | Op::TypeInt, [Operand::LiteralBit32(32), ..]) => (pointee, 1),
        _ => return false,
    };
    let Some(scalar_def) = def(module, scalar) else { return false };
    let is_float = scalar_def.class.opcode == Op::TypeFloat;
    if !matches!(scalar_def.operands.first(), Some(Operand::LiteralBit32(32))) {
        return false;
    }
    let uses_var = |i: &Instruction| i.operands.contains(&Operand::IdRef(var));
    let uses: Vec<&Instruction> =
        module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions).filter(|i| uses_var(i)).collect();
    let count = uses.iter().filter(|i| matches!(i.class.opcode, Op::Load | Op::Store)).count();
    let supported = uses.iter().all(|i| match i.class.opcode {
        Op::Load => i.operands.first() == Some(&Operand::IdRef(var)),
        // One index into a vector names a component, which the wide vector has too.
        Op::AccessChain | Op::InBoundsAccessChain => {
            narrow > 1 && i.operands.first() == Some(&Operand::IdRef(var)) && i.operands.len() == 2
        }
        Op::Store => i.operands.first() == Some(&Operand::IdRef(var)) && i.operands.get(1) != Some(&Operand::IdRef(var)),
        _ => false,
    });
    if !supported {
        return false;
    }
    let stores = uses.iter().filter(|i| i.class.opcode == Op::Store).count();
    let wide_ty = type_id(module, Op::TypeVector, vec![Operand::IdRef(scalar), Operand::LiteralBit32(4)]);
    let wide_ptr = pointer_type(module, StorageClass::Output, wide_ty);
    let bits = |v: f32, i: u32| if is_float { v.to_bits() } else { i };
    let zero = constant(module, scalar, bits(0.0, 0));
    let one = constant(module, scalar, bits(1.0, 1));
    // The pointer type may be new (at the end of the section): the variable moves after it.
    let Some(at) = module.types_global_values.iter().position(|i| i.result_id == Some(var)) else { return false };
    let mut variable = module.types_global_values.remove(at);
    variable.result_type = Some(wide_ptr);
    module.types_global_values.push(variable);
    let fill = |k: u32| if k == 3 { one } else { zero };
    let mut ids = Vec::new();
    for _ in 0..count {
        ids.push(fresh_id(module));
    }
    let mut fresh = ids.into_iter();
    let component_ids: Vec<Word> = (0..stores * narrow as usize).map(|_| fresh_id(module)).collect();
    let mut components = component_ids.into_iter();
    for block in module.functions.iter_mut().flat_map(|f| &mut f.blocks) {
        let mut out = Vec::with_capacity(block.instructions.len() + count);
        for mut inst in block.instructions.drain(..) {
            let targets_var = inst.operands.first() == Some(&Operand::IdRef(var));
            match inst.class.opcode {
                Op::Store if targets_var => {
                    let (Some(Operand::IdRef(value)), Some(padded)) = (inst.operands.get(1).cloned(), fresh.next()) else {
                        out.push(inst);
                        continue;
                    };
                    // Scalars only: naga folds a construct of constants into one constant, and
                    // writes a vector constituent of a vector constant as it is, which SPIR-V's
                    // OpConstantComposite does not allow.
                    let mut parts = Vec::with_capacity(4);
                    if narrow == 1 {
                        parts.push(Operand::IdRef(value));
                    } else {
                        for k in 0..narrow {
                            let id = components.next().unwrap_or(value);
                            out.push(Instruction::new(
                                Op::CompositeExtract,
                                Some(scalar),
                                Some(id),
                                vec![Operand::IdRef(value), Operand::LiteralBit32(k)],
                            ));
                            parts.push(Operand::IdRef(id));
                        }
                    }
                    parts.extend((narrow..4).map(|k| Operand::IdRef(fill(k))));
                    out.push(Instruction::new(Op::CompositeConstruct, Some(wide_ty), Some(padded), parts));
                    inst.operands[1] = Operand::IdRef(padded);
                    out.push(inst);
                }
                Op::Load if targets_var => {
                    let (Some(narrow_ty), Some(result), Some(loaded)) = (inst.result_type, inst.result_id, fresh.next()) else {
                        out.push(inst);
                        continue;
                    };
                    inst.result_type = Some(wide_ty);
                    inst.result_id = Some(loaded);
                    out.push(inst);
                    out.push(if narrow == 1 {
                        Instruction::new(
                            Op::CompositeExtract,
                            Some(narrow_ty),
                            Some(result),
                            vec![Operand::IdRef(loaded), Operand::LiteralBit32(0)],
                        )
                    } else {
                        let lanes = (0..narrow).map(Operand::LiteralBit32);
                        let operands = [Operand::IdRef(loaded), Operand::IdRef(loaded)].into_iter().chain(lanes).collect();
                        Instruction::new(Op::VectorShuffle, Some(narrow_ty), Some(result), operands)
                    });
                }
                _ => out.push(inst),
            }
        }
        block.instructions = out;
    }
    true
}
