//! A texture sampled through several samplers → one texture binding per sampler.
//!
//! WebGPU lets a shader sample one texture through any number of samplers, but wgpu's GL
//! backend (GLSL has only combined samplers; WebGL) gives each texture unit one sampler, so such
//! a pipeline fails to build there ("A image was used with multiple samplers"). Every
//! `OpSampledImage` that pairs a texture variable with a sampler other than the first one the
//! stages pair it with (in (set, binding) order) reads a copy of the texture variable at a
//! binding of its own instead; the application binds the same texture at every copy's binding
//! (the plan lists them as wgpu bindings of the one resource). Pairs made through function
//! parameters are left as they are.
//!
//! [`pairs`] reads which samplers each texture meets; `ResourceContext` allocates the copies'
//! bindings (the same in every stage), and [`apply`] rewrites each stage.

use super::{fresh_id, interface_lists_all_globals};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, Word};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A descriptor's (set, binding).
pub type SetBinding = (u32, u32);

/// The (set, binding) of every global variable that has both.
fn bindings(module: &dr::Module) -> HashMap<Word, SetBinding> {
    let (mut sets, mut binds) = (HashMap::new(), HashMap::new());
    for a in &module.annotations {
        if let (Op::Decorate, [Operand::IdRef(t), Operand::Decoration(d), Operand::LiteralBit32(v)]) =
            (a.class.opcode, a.operands.as_slice())
        {
            match d {
                Decoration::DescriptorSet => {
                    sets.insert(*t, *v);
                }
                Decoration::Binding => {
                    binds.insert(*t, *v);
                }
                _ => {}
            }
        }
    }
    sets.into_iter().filter_map(|(t, s)| binds.get(&t).map(|b| (t, (s, *b)))).collect()
}

/// Each `OpSampledImage` of a loaded texture variable and a loaded sampler variable, as
/// (function, block, index, texture variable, sampler variable).
fn sampled_images(module: &dr::Module) -> Vec<(usize, usize, usize, Word, Word)> {
    let mut out = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        let loads: HashMap<Word, Word> = f
            .blocks
            .iter()
            .flat_map(|b| &b.instructions)
            .filter_map(|i| match (i.class.opcode, i.result_id, i.operands.first()) {
                (Op::Load, Some(id), Some(Operand::IdRef(var))) => Some((id, *var)),
                _ => None,
            })
            .collect();
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                if let (Op::SampledImage, [Operand::IdRef(image), Operand::IdRef(sampler)]) = (i.class.opcode, i.operands.as_slice()) {
                    if let (Some(t), Some(s)) = (loads.get(image), loads.get(sampler)) {
                        out.push((fi, bi, ii, *t, *s));
                    }
                }
            }
        }
    }
    out
}

/// Which samplers each texture meets in `module`, by (set, binding).
pub fn pairs(module: &dr::Module) -> BTreeMap<SetBinding, BTreeSet<SetBinding>> {
    let at = bindings(module);
    let mut out: BTreeMap<SetBinding, BTreeSet<SetBinding>> = BTreeMap::new();
    for (_, _, _, t, s) in sampled_images(module) {
        if let (Some(t), Some(s)) = (at.get(&t), at.get(&s)) {
            out.entry(*t).or_default().insert(*s);
        }
    }
    out
}

/// Rewrites the pairs in `copies` ((texture, sampler) → the texture copy's binding, in the
/// texture's set) to read a copy of the texture variable.
pub fn apply(module: &mut dr::Module, copies: &BTreeMap<(SetBinding, SetBinding), u32>) -> bool {
    let at = bindings(module);
    let uses: Vec<(usize, usize, usize, Word, u32)> = sampled_images(module)
        .into_iter()
        .filter_map(|(fi, bi, ii, t, s)| {
            let copy = copies.get(&(*at.get(&t)?, *at.get(&s)?))?;
            Some((fi, bi, ii, t, *copy))
        })
        .collect();
    if uses.is_empty() {
        return false;
    }
    let mut made: HashMap<(Word, u32), Word> = HashMap::new();
    // Last first, so the insertions keep the earlier positions.
    for (fi, bi, ii, texture, binding) in uses.into_iter().rev() {
        let var = match made.get(&(texture, binding)) {
            Some(v) => *v,
            None => {
                let v = copy_variable(module, texture, binding);
                made.insert((texture, binding), v);
                v
            }
        };
        let Some(ty) = module.types_global_values.iter().find(|i| i.result_id == Some(texture)).and_then(|i| i.result_type) else {
            continue;
        };
        let image_type = module
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(ty))
            .and_then(|p| match p.operands.get(1) {
                Some(Operand::IdRef(t)) => Some(*t),
                _ => None,
            })
            .unwrap_or(0);
        let load = fresh_id(module);
        let block = &mut module.functions[fi].blocks[bi].instructions;
        block[ii].operands[0] = Operand::IdRef(load);
        block.insert(ii, Instruction::new(Op::Load, Some(image_type), Some(load), vec![Operand::IdRef(var)]));
    }
    true
}

/// A variable like `texture` at `binding` of its set, named after it.
fn copy_variable(module: &mut dr::Module, texture: Word, binding: u32) -> Word {
    let var = fresh_id(module);
    if let Some(def) = module.types_global_values.iter().find(|i| i.result_id == Some(texture)).cloned() {
        module.types_global_values.push(Instruction::new(Op::Variable, def.result_type, Some(var), def.operands.clone()));
    }
    let decorations: Vec<Instruction> = module
        .annotations
        .iter()
        .filter(|a| a.class.opcode == Op::Decorate && a.operands.first() == Some(&Operand::IdRef(texture)))
        .cloned()
        .collect();
    for mut d in decorations {
        d.operands[0] = Operand::IdRef(var);
        if d.operands.get(1) == Some(&Operand::Decoration(Decoration::Binding)) {
            d.operands[2] = Operand::LiteralBit32(binding);
        }
        module.annotations.push(d);
    }
    let name = module.debug_names.iter().find_map(|n| match (n.class.opcode, n.operands.as_slice()) {
        (Op::Name, [Operand::IdRef(t), Operand::LiteralString(s)]) if *t == texture => Some(s.clone()),
        _ => None,
    });
    module.debug_names.push(Instruction::new(
        Op::Name,
        None,
        None,
        vec![
            Operand::IdRef(var),
            Operand::LiteralString(format!("{}_copy_{binding}", name.unwrap_or_else(|| format!("tesserae_{texture}")))),
        ],
    ));
    if interface_lists_all_globals(module) {
        for ep in &mut module.entry_points {
            if ep.operands.contains(&Operand::IdRef(texture)) {
                ep.operands.push(Operand::IdRef(var));
            }
        }
    }
    var
}
