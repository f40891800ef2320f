//! Vector members of uniform and push-constant blocks packed tighter than WGSL aligns them.
//!
//! HLSL packs a constant buffer into 16-byte registers: a vector may start at any 4-byte
//! offset that keeps it inside one register, so `float a; float2 b;` puts `b` at offset 4 and
//! `float a; float3 b;` puts `b` at 4 (glslang keeps those offsets). WGSL aligns `vec2<f32>` to 8
//! and `vec3<f32>`/`vec4<f32>` to 16, so naga cannot declare such a block. Each such member
//! becomes one scalar member per component, at the component's offset, named `NAME_x`,
//! `NAME_y`, ... (the members after it are renumbered):
//! - an access chain through the member to a component takes that component's member;
//! - a chain that stops at the member and is loaded is replaced by one load per component and
//!   an `OpCompositeConstruct` of the vector.
//!
//! Other uses — a component chosen by a value known only at run time, a block, struct or
//! array holding such a member loaded whole, a pointer to one copied or passed on — are
//! refused; so is such a member in a storage block (writable: its stores would need the same
//! treatment).

use super::{constant, fresh_id, pointer_type, type_id};
use crate::spirv_view::ModuleView;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{BTreeMap, HashMap};

/// WGSL's alignment of a vector of `n` components of `bits`-bit scalars.
/// (At least 1: a malformed module's scalar width may be anything.)
fn wgsl_alignment(n: u32, bits: u32) -> u32 {
    let scalar = bits / 8;
    if n == 2 { scalar.saturating_mul(2) } else { scalar.saturating_mul(4) }.max(1)
}

/// Whether [`lower`] may change the module: a struct member of vector type has an `Offset`
/// that is not a multiple of WGSL's alignment for it.
pub fn applies(module: &ModuleView) -> bool {
    const OFFSET: u32 = Decoration::Offset as u32;
    module.annotations().any(|a| match (a.opcode, a.operands) {
        (Op::MemberDecorate, [s, m, OFFSET, offset]) => {
            let member = module.def(*s).filter(|d| d.opcode == Op::TypeStruct).and_then(|d| d.ids.get(*m as usize).copied());
            let vector = member.and_then(|t| module.def(t)).filter(|d| d.opcode == Op::TypeVector);
            let shape =
                vector.and_then(|v| Some((v.operands.get(1).copied()?, module.def(v.ids.first().copied()?)?.operands.first().copied()?)));
            shape.is_some_and(|(n, bits)| offset % wgsl_alignment(n, bits) != 0)
        }
        _ => false,
    })
}

/// A member to split: its offset, scalar type, component count and scalar width in bits.
#[derive(Clone, Copy, Debug)]
struct Packed {
    offset: u32,
    scalar: Word,
    n: u32,
    bits: u32,
}

/// A split member: the first of its scalar members in the rewritten struct, the component
/// count, the scalar and vector types.
#[derive(Clone, Copy, Debug)]
struct Split {
    first: u32,
    n: u32,
    scalar: Word,
    vector: Word,
    /// The member's index before the rewrite (for its name in refusals).
    old: (Word, u32),
}

/// What a pointer id points at.
#[derive(Clone, Copy, Debug)]
enum Pointee {
    Type(Word),
    /// A split member (the chain stopped at it): the struct it is a member of.
    Split(Split),
}

pub fn lower(module: &mut dr::Module) -> Result<bool, String> {
    let defs = super::global_defs(module);
    let offset_of = |s: Word, m: u32| {
        module.annotations.iter().find_map(|a| match (a.class.opcode, a.operands.as_slice()) {
            (
                Op::MemberDecorate,
                [Operand::IdRef(t), Operand::LiteralBit32(mm), Operand::Decoration(Decoration::Offset), Operand::LiteralBit32(v)],
            ) if *t == s && *mm == m => Some(*v),
            _ => None,
        })
    };
    let member_names = super::member_names(module);
    let member_name = |s: Word, m: u32| member_names.get(&(s, m)).cloned();
    // (vector size, scalar type, components, scalar bits) of a vector type.
    let vector = |t: Word| -> Option<(Word, u32, u32)> {
        let d = defs.get(&t).filter(|d| d.class.opcode == Op::TypeVector)?;
        let (Some(Operand::IdRef(s)), Some(Operand::LiteralBit32(n))) = (d.operands.first(), d.operands.get(1)) else { return None };
        let Some(Operand::LiteralBit32(bits)) = defs.get(s)?.operands.first() else { return None };
        (2..=4).contains(n).then_some((*s, *n, *bits))
    };
    let element = |t: Word| match defs.get(&t).map(|d| (d.class.opcode, d.operands.first())) {
        Some((Op::TypeArray | Op::TypeRuntimeArray, Some(Operand::IdRef(e)))) => Some(*e),
        _ => None,
    };

    // Structs reachable from each block variable, by storage class.
    let mut reached: Vec<(Word, StorageClass)> = Vec::new();
    for v in module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable) {
        let Some(Operand::StorageClass(sc)) = v.operands.first() else { continue };
        if !matches!(sc, StorageClass::Uniform | StorageClass::PushConstant | StorageClass::StorageBuffer) {
            continue;
        }
        let Some(Operand::IdRef(ty)) = v.result_type.and_then(|p| defs.get(&p)).and_then(|p| p.operands.get(1)) else { continue };
        let mut stack = vec![*ty];
        while let Some(mut t) = stack.pop() {
            while let Some(e) = element(t) {
                t = e;
            }
            let Some(d) = defs.get(&t).filter(|d| d.class.opcode == Op::TypeStruct) else { continue };
            if reached.iter().any(|(s, c)| *s == t && c == sc) {
                continue;
            }
            reached.push((t, *sc));
            stack.extend(d.operands.iter().filter_map(|o| if let Operand::IdRef(m) = o { Some(*m) } else { None }));
        }
    }

    // Members to split, by struct: old member index → split.
    let mut splits: BTreeMap<Word, BTreeMap<u32, Packed>> = BTreeMap::new();
    for (s, sc) in &reached {
        for (m, op) in defs[s].operands.iter().enumerate() {
            let Operand::IdRef(t) = op else { continue };
            let (Some((scalar, n, bits)), Some(offset)) = (vector(*t), offset_of(*s, m as u32)) else { continue };
            if offset % wgsl_alignment(n, bits) == 0 {
                continue;
            }
            if *sc == StorageClass::StorageBuffer || module.annotations.iter().any(|a| is_buffer_block(a, *s)) {
                let name = member_name(*s, m as u32).unwrap_or_else(|| format!("member {m}"));
                return Err(format!(
                    "`{name}`, a {n}-component vector at offset {offset} of a storage block (WGSL aligns it to {})",
                    wgsl_alignment(n, bits)
                ));
            }
            splits.entry(*s).or_default().insert(m as u32, Packed { offset, scalar, n, bits });
        }
    }
    if splits.is_empty() {
        return Ok(false);
    }

    // Rewrite each struct: scalar members in place of the split ones; renumber decorations
    // and names of the members after them.
    let mut remap: BTreeMap<Word, Vec<u32>> = BTreeMap::new(); // old member → new first member
    let mut split_of: BTreeMap<(Word, u32), Split> = BTreeMap::new();
    for (s, members) in &splits {
        let old = defs[s].operands.clone();
        let mut new_ops = Vec::new();
        let mut map = Vec::new();
        for (m, op) in old.iter().enumerate() {
            map.push(new_ops.len() as u32);
            match members.get(&(m as u32)) {
                Some(Packed { scalar, n, .. }) => {
                    let Operand::IdRef(vector) = op else { unreachable!("checked above") };
                    split_of.insert(
                        (*s, m as u32),
                        Split { first: new_ops.len() as u32, n: *n, scalar: *scalar, vector: *vector, old: (*s, m as u32) },
                    );
                    new_ops.extend((0..*n).map(|_| Operand::IdRef(*scalar)));
                }
                None => new_ops.push(op.clone()),
            }
        }
        if let Some(st) = module.types_global_values.iter_mut().find(|i| i.result_id == Some(*s)) {
            st.operands = new_ops;
        }
        let mut annotations = Vec::new();
        for a in module.annotations.drain(..) {
            let (Op::MemberDecorate, Some(Operand::IdRef(t)), Some(Operand::LiteralBit32(m))) =
                (a.class.opcode, a.operands.first(), a.operands.get(1))
            else {
                annotations.push(a);
                continue;
            };
            if t != s {
                annotations.push(a);
                continue;
            }
            let m = *m;
            match members.get(&m) {
                Some(Packed { offset, n, bits, .. }) => {
                    for c in 0..*n {
                        let mut d = a.clone();
                        d.operands[1] = Operand::LiteralBit32(map[m as usize] + c);
                        if let (Some(Operand::Decoration(Decoration::Offset)), true) = (d.operands.get(2), d.operands.len() > 3) {
                            d.operands[3] = Operand::LiteralBit32(offset.saturating_add(c.saturating_mul(bits / 8)));
                        }
                        annotations.push(d);
                    }
                }
                None => {
                    let mut d = a;
                    d.operands[1] = Operand::LiteralBit32(map.get(m as usize).copied().unwrap_or(m));
                    annotations.push(d);
                }
            }
        }
        module.annotations = annotations;
        let mut names = Vec::new();
        for n in module.debug_names.drain(..) {
            match (n.class.opcode, n.operands.as_slice()) {
                (Op::MemberName, [Operand::IdRef(t), Operand::LiteralBit32(m), Operand::LiteralString(name)]) if t == s => {
                    match members.get(m) {
                        Some(Packed { n: count, .. }) => {
                            for c in 0..*count {
                                names.push(Instruction::new(
                                    Op::MemberName,
                                    None,
                                    None,
                                    vec![
                                        Operand::IdRef(*s),
                                        Operand::LiteralBit32(map[*m as usize] + c),
                                        Operand::LiteralString(format!("{name}_{}", ["x", "y", "z", "w"][c as usize % 4])),
                                    ],
                                ));
                            }
                        }
                        None => names.push(Instruction::new(
                            Op::MemberName,
                            None,
                            None,
                            vec![
                                Operand::IdRef(*s),
                                Operand::LiteralBit32(map.get(*m as usize).copied().unwrap_or(*m)),
                                Operand::LiteralString(name.clone()),
                            ],
                        )),
                    }
                }
                _ => names.push(n),
            }
        }
        module.debug_names = names;
        remap.insert(*s, map);
    }
    // The rewritten structs and every type holding one: only chains may go through those.
    let rewritten: Vec<Word> = remap.keys().copied().collect();
    let containing = super::containing_types(module, &rewritten);
    if let Some(sc) = super::pointed_from_outside(module, &containing, &[StorageClass::Uniform, StorageClass::PushConstant]) {
        return Err(format!("a struct with vectors HLSL packs tighter than WGSL aligns, in {sc:?} storage"));
    }
    rewrite_functions(module, &defs, &remap, &split_of, &member_names, &containing)?;
    Ok(true)
}

fn is_buffer_block(a: &Instruction, s: Word) -> bool {
    a.class.opcode == Op::Decorate
        && a.operands.first() == Some(&Operand::IdRef(s))
        && a.operands.get(1) == Some(&Operand::Decoration(Decoration::BufferBlock))
}

/// Member indices of chains through the rewritten structs, and loads of split members.
fn rewrite_functions(
    module: &mut dr::Module,
    defs: &HashMap<Word, Instruction>,
    remap: &BTreeMap<Word, Vec<u32>>,
    split_of: &BTreeMap<(Word, u32), Split>,
    member_names: &HashMap<(Word, u32), String>,
    containing: &[Word],
) -> Result<(), String> {
    let const_u32 = |id: Word| super::constant_value(defs.get(&id));
    let member_name = |s: &Split| member_names.get(&s.old).map_or_else(|| format!("member {}", s.old.1), |n| format!("`{n}`"));
    let uint = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    let mut pointers: HashMap<Word, (Pointee, StorageClass)> = HashMap::new();
    for v in module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable) {
        let Some(Operand::StorageClass(sc)) = v.operands.first() else { continue };
        if !matches!(sc, StorageClass::Uniform | StorageClass::PushConstant) {
            continue;
        }
        if let (Some(id), Some(Operand::IdRef(t))) = (v.result_id, v.result_type.and_then(|p| defs.get(&p)).and_then(|p| p.operands.get(1)))
        {
            pointers.insert(id, (Pointee::Type(*t), *sc));
        }
    }
    // New member-index constants, made after the walk (the walk borrows the functions).
    let mut indices: BTreeMap<u32, Word> = BTreeMap::new();
    let mut index_of = |module: &mut dr::Module, v: u32| *indices.entry(v).or_insert_with(|| constant(module, uint, v));
    let mut expansions: Vec<(usize, usize, usize)> = Vec::new();
    // (function, block, instruction, operand) → its new member index (u32::MAX: dropped); a
    // later edit of an operand replaces an earlier one.
    let mut pending: BTreeMap<(usize, usize, usize, usize), u32> = BTreeMap::new();
    for (fi, f) in module.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, inst) in b.instructions.iter().enumerate() {
                match inst.class.opcode {
                    Op::AccessChain | Op::InBoundsAccessChain => {
                        let Some(Operand::IdRef(base)) = inst.operands.first() else { continue };
                        let Some((mut at, sc)) = pointers.get(base).copied() else { continue };
                        if let Pointee::Split(s) = at {
                            // A chain continuing one that stopped at the member (not glslang's
                            // shape): its component index would have to join the base chain.
                            return Err(format!(
                                "{} (a vector HLSL packs tighter than WGSL aligns) reached through two access chains",
                                member_name(&s)
                            ));
                        }
                        for (k, op) in inst.operands.iter().enumerate().skip(1) {
                            at = match at {
                                Pointee::Split(s) => {
                                    let Operand::IdRef(idx) = op else { break };
                                    let Some(c) = const_u32(*idx).filter(|c| *c < s.n) else {
                                        return Err(format!(
                                            "{} (a vector HLSL packs tighter than WGSL aligns) indexed by a value known only when the shader runs",
                                            member_name(&s)
                                        ));
                                    };
                                    // The split member's index (the previous operand) becomes
                                    // the component's; this operand goes.
                                    pending.insert((fi, bi, ii, k - 1), s.first + c);
                                    pending.insert((fi, bi, ii, k), u32::MAX);
                                    Pointee::Type(s.scalar)
                                }
                                Pointee::Type(t) => {
                                    let Some(d) = defs.get(&t) else { break };
                                    match d.class.opcode {
                                        Op::TypeStruct => {
                                            let Operand::IdRef(idx) = op else { break };
                                            let Some(m) = const_u32(*idx) else { break };
                                            match (remap.get(&t), split_of.get(&(t, m))) {
                                                (_, Some(s)) => {
                                                    pending.insert((fi, bi, ii, k), s.first);
                                                    Pointee::Split(*s)
                                                }
                                                (Some(map), None) => {
                                                    pending.insert((fi, bi, ii, k), map.get(m as usize).copied().unwrap_or(m));
                                                    match d.operands.get(m as usize) {
                                                        Some(Operand::IdRef(mt)) => Pointee::Type(*mt),
                                                        _ => break,
                                                    }
                                                }
                                                (None, None) => match d.operands.get(m as usize) {
                                                    Some(Operand::IdRef(mt)) => Pointee::Type(*mt),
                                                    _ => break,
                                                },
                                            }
                                        }
                                        Op::TypeArray | Op::TypeRuntimeArray | Op::TypeVector | Op::TypeMatrix => {
                                            match d.operands.first() {
                                                Some(Operand::IdRef(e)) => Pointee::Type(*e),
                                                _ => break,
                                            }
                                        }
                                        _ => break,
                                    }
                                }
                            };
                        }
                        if let Some(id) = inst.result_id {
                            pointers.insert(id, (at, sc));
                        }
                    }
                    Op::Load => {
                        let Some(Operand::IdRef(p)) = inst.operands.first() else { continue };
                        match pointers.get(p) {
                            Some((Pointee::Split(_), _)) => expansions.push((fi, bi, ii)),
                            Some((Pointee::Type(t), _)) if containing.contains(t) => {
                                return Err("a block or struct holding vectors HLSL packs tighter than WGSL aligns, loaded whole".into());
                            }
                            _ => {}
                        }
                    }
                    _ => {
                        for op in &inst.operands {
                            if let Operand::IdRef(p) = op {
                                match pointers.get(p) {
                                    Some((Pointee::Split(s), _)) => {
                                        return Err(format!(
                                            "{} (a vector HLSL packs tighter than WGSL aligns) used by {:?}",
                                            member_name(s),
                                            inst.class.opcode
                                        ))
                                    }
                                    Some((Pointee::Type(t), _)) if containing.contains(t) => {
                                        return Err(format!(
                                            "a block or struct holding vectors HLSL packs tighter than WGSL aligns, used by {:?}",
                                            inst.class.opcode
                                        ))
                                    }
                                    _ => {}
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    // Apply the index changes, last operand first so that dropping one keeps the others' places.
    for ((fi, bi, ii, k), v) in pending.into_iter().rev() {
        if v == u32::MAX {
            module.functions[fi].blocks[bi].instructions[ii].operands.remove(k);
        } else {
            let id = index_of(module, v);
            module.functions[fi].blocks[bi].instructions[ii].operands[k] = Operand::IdRef(id);
        }
    }
    // Loads of a split member: one chain and load per component, then the vector.
    for (fi, bi, ii) in expansions.into_iter().rev() {
        let inst = module.functions[fi].blocks[bi].instructions[ii].clone();
        let Some(Operand::IdRef(p)) = inst.operands.first() else { continue };
        let Some((Pointee::Split(s), sc)) = pointers.get(p).copied() else { continue };
        // The chain that stopped at the member, rebuilt to each component's member.
        let chain = module.functions[fi].blocks.iter().flat_map(|b| &b.instructions).find(|i| i.result_id == Some(*p)).cloned();
        let Some(chain) = chain else {
            return Err("a packed vector member reached other than through an access chain".into());
        };
        let scalar_ptr = pointer_type(module, sc, s.scalar);
        let mut out = Vec::new();
        let mut parts = Vec::new();
        for c in 0..s.n {
            let (ptr, value) = (fresh_id(module), fresh_id(module));
            let mut ops = chain.operands.clone();
            let last = ops.len() - 1;
            ops[last] = Operand::IdRef(index_of(module, s.first + c));
            out.push(Instruction::new(chain.class.opcode, Some(scalar_ptr), Some(ptr), ops));
            out.push(Instruction::new(Op::Load, Some(s.scalar), Some(value), vec![Operand::IdRef(ptr)]));
            parts.push(Operand::IdRef(value));
        }
        out.push(Instruction::new(Op::CompositeConstruct, Some(s.vector), inst.result_id, parts));
        module.functions[fi].blocks[bi].instructions.splice(ii..=ii, out);
    }
    // The chains that stopped at a split member: every use was a load, now expanded.
    let stopped: Vec<Word> = pointers.iter().filter(|(_, (p, _))| matches!(p, Pointee::Split(_))).map(|(id, _)| *id).collect();
    module.annotations.retain(|a| !matches!(a.operands.first(), Some(Operand::IdRef(t)) if stopped.contains(t)));
    for f in &mut module.functions {
        for b in &mut f.blocks {
            b.instructions.retain(|i| !i.result_id.is_some_and(|id| stopped.contains(&id)));
        }
    }
    Ok(())
}
