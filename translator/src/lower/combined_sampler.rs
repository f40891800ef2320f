//! Combined image samplers → a texture and a sampler.
//!
//! WebGPU binds textures and samplers apart. A `UniformConstant` variable of
//! `OpTypeSampledImage` at (set, binding) becomes a texture variable at the same (set, binding)
//! and a sampler variable at (set, `sampler_binding`); each `OpLoad` of it becomes two loads
//! and an `OpSampledImage`, so every later use (sampling, `OpImage`, queries) is unchanged.
//! Arrays of combined samplers and uses other than `OpLoad` (passing one to a function) are
//! refused.

use super::{fresh_id, interface_lists_all_globals, pointer_type, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, StorageClass, Word};

/// Splits the combined sampler variable `var`; `Err` names what cannot be split.
pub fn split(module: &mut dr::Module, var: Word, set: u32, sampler_binding: u32) -> Result<(), String> {
    let Some(pos) = module.types_global_values.iter().position(|i| i.class.opcode == Op::Variable && i.result_id == Some(var)) else {
        return Err(format!("variable %{var} not found"));
    };
    let ptr = module.types_global_values[pos].result_type.unwrap_or(0);
    let def = |id: Word| module.types_global_values.iter().find(|i| i.result_id == Some(id));
    let Some(Operand::IdRef(sampled_image)) = def(ptr).and_then(|p| p.operands.get(1)).cloned() else {
        return Err("a combined image sampler whose type is not a pointer".into());
    };
    let Some(si) = def(sampled_image) else { return Err("undefined sampled image type".into()) };
    if si.class.opcode != Op::TypeSampledImage {
        return Err("arrays of combined image samplers".into());
    }
    let Some(Operand::IdRef(image)) = si.operands.first().cloned() else { return Err("malformed OpTypeSampledImage".into()) };

    // Every use must be an OpLoad.
    for f in &module.functions {
        for b in &f.blocks {
            for inst in &b.instructions {
                if inst.operands.contains(&Operand::IdRef(var)) && inst.class.opcode != Op::Load {
                    return Err(format!("a combined image sampler used by {:?} (only loads are split)", inst.class.opcode));
                }
            }
        }
    }

    let image_ptr = pointer_type(module, StorageClass::UniformConstant, image);
    let sampler = type_id(module, Op::TypeSampler, vec![]);
    let sampler_ptr = pointer_type(module, StorageClass::UniformConstant, sampler);
    // Redeclare the variable after its new pointer type (types must precede their uses).
    module.types_global_values.remove(pos);
    let uc = vec![Operand::StorageClass(StorageClass::UniformConstant)];
    module.types_global_values.push(Instruction::new(Op::Variable, Some(image_ptr), Some(var), uc.clone()));
    let svar = fresh_id(module);
    module.types_global_values.push(Instruction::new(Op::Variable, Some(sampler_ptr), Some(svar), uc));
    for (d, v) in [(Decoration::DescriptorSet, set), (Decoration::Binding, sampler_binding)] {
        module.annotations.push(Instruction::new(
            Op::Decorate,
            None,
            None,
            vec![Operand::IdRef(svar), Operand::Decoration(d), Operand::LiteralBit32(v)],
        ));
    }
    let name = module.debug_names.iter().find_map(|n| match (n.class.opcode, n.operands.as_slice()) {
        (Op::Name, [Operand::IdRef(t), Operand::LiteralString(s)]) if *t == var => Some(s.clone()),
        _ => None,
    });
    module.debug_names.push(Instruction::new(
        Op::Name,
        None,
        None,
        vec![Operand::IdRef(svar), Operand::LiteralString(format!("{}_sampler", name.unwrap_or_else(|| format!("tesserae_{var}"))))],
    ));
    if interface_lists_all_globals(module) {
        for ep in &mut module.entry_points {
            if ep.operands.contains(&Operand::IdRef(var)) {
                ep.operands.push(Operand::IdRef(svar));
            }
        }
    }

    let mut fresh = Vec::new();
    for f in &module.functions {
        for b in &f.blocks {
            fresh.extend(
                b.instructions
                    .iter()
                    .filter(|i| i.class.opcode == Op::Load && i.operands.first() == Some(&Operand::IdRef(var)))
                    .map(|_| ()),
            );
        }
    }
    let mut ids: Vec<(Word, Word)> = fresh.iter().map(|_| (fresh_id(module), fresh_id(module))).collect();
    for f in &mut module.functions {
        for b in &mut f.blocks {
            let mut out = Vec::with_capacity(b.instructions.len());
            for inst in b.instructions.drain(..) {
                if inst.class.opcode == Op::Load && inst.operands.first() == Some(&Operand::IdRef(var)) {
                    let (i, s) = ids.pop().unwrap_or((0, 0));
                    out.push(Instruction::new(Op::Load, Some(image), Some(i), vec![Operand::IdRef(var)]));
                    out.push(Instruction::new(Op::Load, Some(sampler), Some(s), vec![Operand::IdRef(svar)]));
                    out.push(Instruction::new(
                        Op::SampledImage,
                        inst.result_type,
                        inst.result_id,
                        vec![Operand::IdRef(i), Operand::IdRef(s)],
                    ));
                } else {
                    out.push(inst);
                }
            }
            b.instructions = out;
        }
    }
    Ok(())
}

/// Moves the separate sampler variable `var` to `binding` (its set unchanged): a sampler that
/// shares its (set, binding) with a separate image, the two halves of one combined image
/// sampler descriptor (Vulkan lets `OpTypeImage` and `OpTypeSampler` variables read a
/// `COMBINED_IMAGE_SAMPLER` binding; HLSL's `register(t1)` and `register(s1)` land there), goes
/// where [`split`] puts the sampler half of a combined sampler.
pub fn move_sampler(module: &mut dr::Module, var: Word, binding: u32) {
    for inst in &mut module.annotations {
        if let (Op::Decorate, [Operand::IdRef(target), Operand::Decoration(Decoration::Binding), Operand::LiteralBit32(b)]) =
            (inst.class.opcode, inst.operands.as_mut_slice())
        {
            if *target == var {
                *b = binding;
            }
        }
    }
}
