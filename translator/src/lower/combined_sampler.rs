//! Combined image samplers → a texture and a sampler.
//!
//! WebGPU binds textures and samplers apart. A `UniformConstant` variable of
//! `OpTypeSampledImage` at (set, binding) becomes a texture variable at the same (set, binding)
//! and a sampler variable at (set, `sampler_binding`); each `OpLoad` of it becomes two loads
//! and an `OpSampledImage`, so every later use (sampling, `OpImage`, queries) is unchanged.
//! A combined sampler passed to a function (glslang passes a pointer) passes the texture and
//! then the sampler: the parameter becomes a pointer to the texture followed by a sampler
//! parameter, through every call it reaches. A loaded combined sampler passed by value (an
//! `OpTypeSampledImage` parameter, as hand-written SPIR-V does) passes the loaded texture and
//! sampler likewise: the parameter becomes a texture value followed by a sampler value, and
//! each use of it in the callee an `OpSampledImage` of the two in the use's block (SPIR-V
//! keeps a sampled image in the block that makes it; naga's reader takes no sampled image as
//! an argument: "invalid id"). Arrays of combined samplers (split into elements first by
//! `descriptor_arrays`) and other uses are refused.

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

    // Every use must be an OpLoad or an argument of a call, whose parameter's uses must be
    // the same (checked before anything changes).
    check_uses(module, var, &mut Vec::new())?;

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

    // Loads of the variable, then of every parameter it reaches through calls; then the loaded
    // values passed to calls, through every parameter they reach.
    let mut work = vec![(var, svar)];
    let mut values = Vec::new();
    while let Some((combined, sampler_ptr_id)) = work.pop() {
        values.extend(split_loads(module, combined, sampler_ptr_id, image, sampler));
        work.extend(split_arguments(module, combined, sampler_ptr_id, image_ptr, sampler_ptr));
    }
    while let Some(value) = values.pop() {
        values.extend(split_value_arguments(module, value, sampled_image, image, sampler)?);
    }
    Ok(())
}

/// Refuses uses of the combined sampler pointer `id` other than loads and call arguments,
/// following arguments into the parameters they bind (`seen`: parameters already checked).
fn check_uses(module: &dr::Module, id: Word, seen: &mut Vec<Word>) -> Result<(), String> {
    for inst in module.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions)) {
        if !inst.operands.contains(&Operand::IdRef(id)) {
            continue;
        }
        match inst.class.opcode {
            Op::Load => {}
            Op::FunctionCall if inst.operands.first() != Some(&Operand::IdRef(id)) => {
                let Some(Operand::IdRef(callee)) = inst.operands.first() else { continue };
                let Some(f) = module.functions.iter().find(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(*callee)) else {
                    return Err(format!("a combined image sampler passed to the undefined function %{callee}"));
                };
                for (k, arg) in inst.operands[1..].iter().enumerate() {
                    let Some(param) = f.parameters.get(k).and_then(|p| p.result_id) else {
                        return Err(format!("a call to %{callee} with more arguments than parameters"));
                    };
                    if *arg == Operand::IdRef(id) && !seen.contains(&param) {
                        seen.push(param);
                        check_uses(module, param, seen)?;
                    }
                }
            }
            op => return Err(format!("a combined image sampler used by {op:?} (only loads and call arguments are split)")),
        }
    }
    Ok(())
}

/// Each `OpLoad` of `combined` (its pointer now to the image) becomes loads of the image and
/// of the sampler at `sampler_ptr_id`, and an `OpSampledImage` of the two. Returns each
/// sampled image with the image and sampler it is made of.
fn split_loads(module: &mut dr::Module, combined: Word, sampler_ptr_id: Word, image: Word, sampler: Word) -> Vec<SplitValue> {
    let count = module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
        .filter(|i| i.class.opcode == Op::Load && i.operands.first() == Some(&Operand::IdRef(combined)))
        .count();
    let mut ids: Vec<(Word, Word)> = (0..count).map(|_| (fresh_id(module), fresh_id(module))).collect();
    let mut split = Vec::new();
    for f in &mut module.functions {
        for b in &mut f.blocks {
            if !b.instructions.iter().any(|i| i.class.opcode == Op::Load && i.operands.first() == Some(&Operand::IdRef(combined))) {
                continue;
            }
            let mut out = Vec::with_capacity(b.instructions.len() + 2);
            for inst in b.instructions.drain(..) {
                if inst.class.opcode == Op::Load && inst.operands.first() == Some(&Operand::IdRef(combined)) {
                    let (i, s) = ids.pop().unwrap_or((0, 0));
                    split.push(SplitValue { sampled: inst.result_id.unwrap_or(0), image: i, sampler: s });
                    out.push(Instruction::new(Op::Load, Some(image), Some(i), vec![Operand::IdRef(combined)]));
                    out.push(Instruction::new(Op::Load, Some(sampler), Some(s), vec![Operand::IdRef(sampler_ptr_id)]));
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
    split
}

/// A sampled image value and the image and sampler values it is made of (the same id for the
/// sampled image and the image where a split parameter stands for both).
#[derive(Clone, Copy)]
struct SplitValue {
    sampled: Word,
    image: Word,
    sampler: Word,
}

/// Where `value.sampled` is a call's argument, the call passes `value.image` and then
/// `value.sampler`; the parameter it binds (of the sampled image type `sampled_image`) becomes
/// an `image` parameter followed by a new `sampler` parameter (once per function), and each
/// other use of it in the callee an `OpSampledImage` of the two made just before the use.
/// Returns the parameters split now, as values for their own calls.
fn split_value_arguments(
    module: &mut dr::Module,
    value: SplitValue,
    sampled_image: Word,
    image: Word,
    sampler: Word,
) -> Result<Vec<SplitValue>, String> {
    let mut split_now = Vec::new();
    let is_arg = |i: &Instruction| i.class.opcode == Op::FunctionCall && i.operands[1..].contains(&Operand::IdRef(value.sampled));
    let calls: Vec<(usize, usize, usize)> = module
        .functions
        .iter()
        .enumerate()
        .flat_map(|(fi, f)| {
            f.blocks
                .iter()
                .enumerate()
                .flat_map(move |(bi, b)| b.instructions.iter().enumerate().filter_map(move |(ii, i)| is_arg(i).then_some((fi, bi, ii))))
        })
        .collect();
    for (fi, bi, ii) in calls {
        let Some(Operand::IdRef(callee)) = module.functions[fi].blocks[bi].instructions[ii].operands.first().cloned() else { continue };
        let Some(ci) = module.functions.iter().position(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(callee)) else {
            return Err(format!("a combined image sampler passed to the undefined function %{callee}"));
        };
        // Argument positions, last first, so insertions keep the earlier ones.
        let positions: Vec<usize> = module.functions[fi].blocks[bi].instructions[ii].operands[1..]
            .iter()
            .enumerate()
            .filter(|(_, a)| **a == Operand::IdRef(value.sampled))
            .map(|(k, _)| k)
            .rev()
            .collect();
        for k in positions {
            let Some(param) = module.functions[ci].parameters.get(k).cloned() else {
                return Err(format!("a call to %{callee} with more arguments than parameters"));
            };
            let param_id = param.result_id.unwrap_or(0);
            if param.result_type == Some(sampled_image) {
                let sampler_param = fresh_id(module);
                let callee_fn = &mut module.functions[ci];
                callee_fn.parameters[k].result_type = Some(image);
                callee_fn.parameters.insert(k + 1, Instruction::new(Op::FunctionParameter, Some(sampler), Some(sampler_param), vec![]));
                retype_function(module, ci);
                sample_where_used(module, ci, param_id, sampler_param, sampled_image)?;
                split_now.push(SplitValue { sampled: param_id, image: param_id, sampler: sampler_param });
            } else if param.result_type != Some(image) {
                return Err(format!("a combined image sampler passed to a parameter of another type in %{callee}"));
            }
            let call = &mut module.functions[fi].blocks[bi].instructions[ii];
            call.operands[1 + k] = Operand::IdRef(value.image);
            call.operands.insert(k + 2, Operand::IdRef(value.sampler));
        }
    }
    Ok(split_now)
}

/// In function `fi`, each use of the image parameter `image_param` other than as a call's
/// argument takes an `OpSampledImage` of it and `sampler_param`, made just before the use.
fn sample_where_used(
    module: &mut dr::Module,
    fi: usize,
    image_param: Word,
    sampler_param: Word,
    sampled_image: Word,
) -> Result<(), String> {
    let uses = |i: &Instruction| i.class.opcode != Op::FunctionCall && i.operands.contains(&Operand::IdRef(image_param));
    let count = module.functions[fi].blocks.iter().flat_map(|b| &b.instructions).filter(|i| uses(i)).count();
    if module.functions[fi].blocks.iter().flat_map(|b| &b.instructions).any(|i| uses(i) && i.class.opcode == Op::Phi) {
        return Err("a combined image sampler parameter chosen by OpPhi".into());
    }
    let mut ids: Vec<Word> = (0..count).map(|_| fresh_id(module)).collect();
    for b in &mut module.functions[fi].blocks {
        let mut out = Vec::with_capacity(b.instructions.len());
        for mut inst in b.instructions.drain(..) {
            if uses(&inst) {
                let made = ids.pop().unwrap_or(0);
                out.push(Instruction::new(
                    Op::SampledImage,
                    Some(sampled_image),
                    Some(made),
                    vec![Operand::IdRef(image_param), Operand::IdRef(sampler_param)],
                ));
                for op in &mut inst.operands {
                    if *op == Operand::IdRef(image_param) {
                        *op = Operand::IdRef(made);
                    }
                }
            }
            out.push(inst);
        }
        b.instructions = out;
    }
    Ok(())
}

/// Where `combined` is a call's argument, the sampler at `sampler_ptr_id` follows it; the
/// parameter it binds becomes a pointer to the image followed by a new sampler parameter (once
/// per function: a parameter split for an earlier argument only gains the argument). Returns
/// the parameters split now, each with its sampler parameter.
fn split_arguments(module: &mut dr::Module, combined: Word, sampler_ptr_id: Word, image_ptr: Word, sampler_ptr: Word) -> Vec<(Word, Word)> {
    let mut split_now = Vec::new();
    let calls: Vec<(usize, usize, usize)> = module
        .functions
        .iter()
        .enumerate()
        .flat_map(|(fi, f)| {
            f.blocks.iter().enumerate().flat_map(move |(bi, b)| {
                b.instructions.iter().enumerate().filter_map(move |(ii, i)| {
                    (i.class.opcode == Op::FunctionCall && i.operands[1..].contains(&Operand::IdRef(combined))).then_some((fi, bi, ii))
                })
            })
        })
        .collect();
    for (fi, bi, ii) in calls {
        let Some(Operand::IdRef(callee)) = module.functions[fi].blocks[bi].instructions[ii].operands.first().cloned() else { continue };
        let Some(ci) = module.functions.iter().position(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(callee)) else { continue };
        // Argument positions, last first, so insertions keep the earlier ones.
        let positions: Vec<usize> = module.functions[fi].blocks[bi].instructions[ii].operands[1..]
            .iter()
            .enumerate()
            .filter(|(_, a)| **a == Operand::IdRef(combined))
            .map(|(k, _)| k)
            .rev()
            .collect();
        for k in positions {
            let Some(param) = module.functions[ci].parameters.get(k).cloned() else { continue };
            let already = param.result_type == Some(image_ptr);
            if !already {
                let sampler_param = fresh_id(module);
                let callee_fn = &mut module.functions[ci];
                callee_fn.parameters[k].result_type = Some(image_ptr);
                callee_fn.parameters.insert(k + 1, Instruction::new(Op::FunctionParameter, Some(sampler_ptr), Some(sampler_param), vec![]));
                retype_function(module, ci);
                split_now.push((param.result_id.unwrap_or(0), sampler_param));
            }
            let call = &mut module.functions[fi].blocks[bi].instructions[ii];
            call.operands.insert(k + 2, Operand::IdRef(sampler_ptr_id));
        }
    }
    split_now
}

/// Gives the function at `index` a function type matching its parameters.
fn retype_function(module: &mut dr::Module, index: usize) {
    let f = &module.functions[index];
    let Some(Operand::IdRef(old)) = f.def.as_ref().and_then(|d| d.operands.get(1)).cloned() else { return };
    let ret = module
        .types_global_values
        .iter()
        .find(|i| i.result_id == Some(old))
        .and_then(|t| t.operands.first().cloned())
        .unwrap_or(Operand::IdRef(0));
    let mut operands = vec![ret];
    operands.extend(f.parameters.iter().map(|p| Operand::IdRef(p.result_type.unwrap_or(0))));
    let ty = type_id(module, Op::TypeFunction, operands);
    if let Some(Operand::IdRef(t)) = module.functions[index].def.as_mut().and_then(|d| d.operands.get_mut(1)) {
        *t = ty;
    }
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
