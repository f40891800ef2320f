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

use super::access_chains::{self, Access, At, Chain, Mapping, Member};
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

pub fn lower(module: &mut dr::Module) -> Result<bool, String> {
    let defs = super::global_defs(module);
    let member_names = super::member_names(module);
    let splits = packed_members(module, &defs, &member_names)?;
    if splits.is_empty() {
        return Ok(false);
    }
    // Rewrite each struct: scalar members in place of the split ones; renumber decorations
    // and names of the members after them.
    let mut remap: BTreeMap<Word, Vec<u32>> = BTreeMap::new(); // old member → new first member
    let mut split_of: BTreeMap<(Word, u32), Split> = BTreeMap::new();
    for (s, members) in &splits {
        let map = split_struct(module, &defs, *s, members, &mut split_of);
        renumber_member_decorations(module, *s, members, &map);
        renumber_member_names(module, *s, members, &map);
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

/// The vector members of uniform and push-constant blocks placed where WGSL cannot align them,
/// by struct and old member index; such a member of a storage block is refused.
fn packed_members(
    module: &dr::Module,
    defs: &HashMap<Word, Instruction>,
    member_names: &HashMap<(Word, u32), String>,
) -> Result<BTreeMap<Word, BTreeMap<u32, Packed>>, String> {
    let offset_of = |s: Word, m: u32| {
        module.annotations.iter().find_map(|a| match (a.class.opcode, a.operands.as_slice()) {
            (
                Op::MemberDecorate,
                [Operand::IdRef(t), Operand::LiteralBit32(mm), Operand::Decoration(Decoration::Offset), Operand::LiteralBit32(v)],
            ) if *t == s && *mm == m => Some(*v),
            _ => None,
        })
    };
    // (scalar type, components, scalar bits) of a vector type.
    let vector = |t: Word| -> Option<(Word, u32, u32)> {
        let d = defs.get(&t).filter(|d| d.class.opcode == Op::TypeVector)?;
        let (Some(Operand::IdRef(s)), Some(Operand::LiteralBit32(n))) = (d.operands.first(), d.operands.get(1)) else { return None };
        let Some(Operand::LiteralBit32(bits)) = defs.get(s)?.operands.first() else { return None };
        (2..=4).contains(n).then_some((*s, *n, *bits))
    };
    let blocks = [StorageClass::Uniform, StorageClass::PushConstant, StorageClass::StorageBuffer];
    let reached = access_chains::block_structs(module, defs, &blocks);
    let mut splits: BTreeMap<Word, BTreeMap<u32, Packed>> = BTreeMap::new();
    for (s, sc) in &reached {
        for (m, op) in defs[s].operands.iter().enumerate() {
            let Operand::IdRef(t) = op else { continue };
            let (Some((scalar, n, bits)), Some(offset)) = (vector(*t), offset_of(*s, m as u32)) else { continue };
            if offset % wgsl_alignment(n, bits) == 0 {
                continue;
            }
            if *sc == StorageClass::StorageBuffer || module.annotations.iter().any(|a| is_buffer_block(a, *s)) {
                let name = member_names.get(&(*s, m as u32)).cloned().unwrap_or_else(|| format!("member {m}"));
                return Err(format!(
                    "`{name}`, a {n}-component vector at offset {offset} of a storage block (WGSL aligns it to {})",
                    wgsl_alignment(n, bits)
                ));
            }
            splits.entry(*s).or_default().insert(m as u32, Packed { offset, scalar, n, bits });
        }
    }
    Ok(splits)
}

/// Struct `s` with each of `members` replaced by its scalars (recorded in `split_of`); returns
/// each old member's new (first) index.
fn split_struct(
    module: &mut dr::Module,
    defs: &HashMap<Word, Instruction>,
    s: Word,
    members: &BTreeMap<u32, Packed>,
    split_of: &mut BTreeMap<(Word, u32), Split>,
) -> Vec<u32> {
    let mut new_ops = Vec::new();
    let mut map = Vec::new();
    for (m, op) in defs[&s].operands.iter().enumerate() {
        map.push(new_ops.len() as u32);
        match (members.get(&(m as u32)), op) {
            (Some(Packed { scalar, n, .. }), Operand::IdRef(vector)) => {
                split_of.insert(
                    (s, m as u32),
                    Split { first: new_ops.len() as u32, n: *n, scalar: *scalar, vector: *vector, old: (s, m as u32) },
                );
                new_ops.extend((0..*n).map(|_| Operand::IdRef(*scalar)));
            }
            _ => new_ops.push(op.clone()),
        }
    }
    if let Some(st) = module.types_global_values.iter_mut().find(|i| i.result_id == Some(s)) {
        st.operands = new_ops;
    }
    map
}

/// The member decorations of struct `s` renumbered by `map`; a split member's decorations
/// repeated for each of its scalars (offsets advanced by a scalar each).
fn renumber_member_decorations(module: &mut dr::Module, s: Word, members: &BTreeMap<u32, Packed>, map: &[u32]) {
    rewrite_member_instructions(&mut module.annotations, Op::MemberDecorate, s, |a, m| match members.get(&m) {
        Some(Packed { offset, n, bits, .. }) => (0..*n)
            .map(|c| {
                let mut d = a.clone();
                d.operands[1] = Operand::LiteralBit32(map[m as usize] + c);
                if let (Some(Operand::Decoration(Decoration::Offset)), true) = (d.operands.get(2), d.operands.len() > 3) {
                    d.operands[3] = Operand::LiteralBit32(offset.saturating_add(c.saturating_mul(bits / 8)));
                }
                d
            })
            .collect(),
        None => {
            let mut d = a.clone();
            d.operands[1] = Operand::LiteralBit32(map.get(m as usize).copied().unwrap_or(m));
            vec![d]
        }
    });
}

/// The member names of struct `s` renumbered by `map`; a split member's scalars named
/// `NAME_x`, `NAME_y`...
fn renumber_member_names(module: &mut dr::Module, s: Word, members: &BTreeMap<u32, Packed>, map: &[u32]) {
    rewrite_member_instructions(&mut module.debug_names, Op::MemberName, s, |n, m| {
        let Some(Operand::LiteralString(name)) = n.operands.get(2) else { return vec![n.clone()] };
        let first = map.get(m as usize).copied().unwrap_or(m);
        let renamed: Vec<(u32, String)> = match members.get(&m) {
            Some(Packed { n: count, .. }) => {
                (0..*count).map(|c| (first + c, format!("{name}_{}", ["x", "y", "z", "w"][c as usize % 4]))).collect()
            }
            None => vec![(first, name.clone())],
        };
        renamed
            .into_iter()
            .map(|(k, name)| {
                Instruction::new(
                    Op::MemberName,
                    None,
                    None,
                    vec![Operand::IdRef(s), Operand::LiteralBit32(k), Operand::LiteralString(name)],
                )
            })
            .collect()
    });
}

/// Replaces each `op` instruction of `list` that names a member of struct `s` (its operands
/// start with the struct and the member index) by what `expand` makes of it and that index.
fn rewrite_member_instructions(
    list: &mut Vec<Instruction>,
    op: Op,
    s: Word,
    mut expand: impl FnMut(&Instruction, u32) -> Vec<Instruction>,
) {
    let mut out = Vec::with_capacity(list.len());
    for i in list.drain(..) {
        let member = match (i.operands.first(), i.operands.get(1)) {
            (Some(Operand::IdRef(t)), Some(Operand::LiteralBit32(m))) if i.class.opcode == op && *t == s => Some(*m),
            _ => None,
        };
        match member {
            Some(m) => out.extend(expand(&i, m)),
            None => out.push(i),
        }
    }
    *list = out;
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
    let uint = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    let mut accesses = Accesses { defs, remap, split_of, member_names, containing, uint, stopped: HashMap::new() };
    access_chains::rewrite(module, defs, &mut accesses)?;
    // The chains that stopped at a split member are gone: every use was a load, now expanded.
    let stopped = accesses.stopped;
    module.annotations.retain(|a| !matches!(a.operands.first(), Some(Operand::IdRef(t)) if stopped.contains_key(t)));
    Ok(())
}

/// The accesses through split members ([`access_chains::rewrite`]): a chain through a
/// rewritten struct takes the member's new index, a chain to a component of a split member
/// takes the component's member; a chain that stops at a split member is dropped and each load
/// through it becomes a load per component and the vector.
struct Accesses<'a> {
    defs: &'a HashMap<Word, Instruction>,
    remap: &'a BTreeMap<Word, Vec<u32>>,
    split_of: &'a BTreeMap<(Word, u32), Split>,
    member_names: &'a HashMap<(Word, u32), String>,
    containing: &'a [Word],
    uint: Word,
    /// The chains that stopped at a split member: their opcode and operands.
    stopped: HashMap<Word, (Op, Vec<Operand>)>,
}

impl Accesses<'_> {
    fn name(&self, s: &Split) -> String {
        self.member_names.get(&s.old).map_or_else(|| format!("member {}", s.old.1), |n| format!("`{n}`"))
    }
}

impl Mapping for Accesses<'_> {
    type Mapped = Split;

    fn follows(&self, sc: StorageClass) -> bool {
        matches!(sc, StorageClass::Uniform | StorageClass::PushConstant)
    }

    fn member(&self, s: Word, k: u32) -> Member<Split> {
        match (self.split_of.get(&(s, k)), self.remap.get(&s)) {
            (Some(split), _) => Member::Mapped(*split),
            (None, Some(map)) => Member::Renumbered(map.get(k as usize).copied().unwrap_or(k)),
            (None, None) => Member::Kept,
        }
    }

    /// A chain continuing one that stopped at the member (not glslang's shape): its component
    /// index would have to join the base chain.
    fn start(&self, s: Split) -> Result<(), String> {
        Err(format!("{} (a vector HLSL packs tighter than WGSL aligns) reached through two access chains", self.name(&s)))
    }

    /// The member's index (the chain's last operand) becomes the component's member.
    fn index(&mut self, module: &mut dr::Module, s: Split, index: Operand, chain: &mut Chain) -> Result<At<Split>, String> {
        let component = match index {
            Operand::IdRef(c) => super::constant_value(self.defs.get(&c)).filter(|c| *c < s.n),
            _ => None,
        };
        let Some(c) = component else {
            return Err(format!(
                "{} (a vector HLSL packs tighter than WGSL aligns) indexed by a value known only when the shader runs",
                self.name(&s)
            ));
        };
        chain.ops.pop();
        chain.push_constant(module, s.first + c);
        Ok(At::Type(s.scalar))
    }

    fn end(&mut self, _: &mut dr::Module, chain: &mut Instruction, _: Split, _: StorageClass) -> Result<bool, String> {
        if let Some(id) = chain.result_id {
            self.stopped.insert(id, (chain.class.opcode, chain.operands.clone()));
        }
        Ok(false)
    }

    /// A load of a split member: one chain and load per component, then the vector.
    fn load(
        &mut self,
        module: &mut dr::Module,
        load: &Instruction,
        Access { pointer, at, sc }: Access<Split>,
        out: &mut Vec<Instruction>,
    ) -> Result<bool, String> {
        let s = match at {
            At::Mapped(s) => s,
            At::Type(t) if self.containing.contains(&t) => {
                return Err("a block or struct holding vectors HLSL packs tighter than WGSL aligns, loaded whole".into());
            }
            At::Type(_) => return Ok(false),
        };
        let (opcode, chain) =
            self.stopped.get(&pointer).cloned().ok_or("a packed vector member reached other than through an access chain")?;
        let scalar_ptr = pointer_type(module, sc, s.scalar);
        let mut parts = Vec::new();
        for c in 0..s.n {
            let (ptr, value) = (fresh_id(module), fresh_id(module));
            let mut ops = chain.clone();
            ops.pop();
            ops.push(Operand::IdRef(constant(module, self.uint, s.first + c)));
            out.push(Instruction::new(opcode, Some(scalar_ptr), Some(ptr), ops));
            out.push(Instruction::new(Op::Load, Some(s.scalar), Some(value), vec![Operand::IdRef(ptr)]));
            parts.push(Operand::IdRef(value));
        }
        out.push(Instruction::new(Op::CompositeConstruct, Some(s.vector), load.result_id, parts));
        Ok(true)
    }

    fn other(&self, op: Op, at: At<Split>) -> Result<(), String> {
        match at {
            At::Mapped(s) => Err(format!("{} (a vector HLSL packs tighter than WGSL aligns) used by {op:?}", self.name(&s))),
            At::Type(t) if self.containing.contains(&t) => {
                Err(format!("a block or struct holding vectors HLSL packs tighter than WGSL aligns, used by {op:?}"))
            }
            At::Type(_) => Ok(()),
        }
    }
}
