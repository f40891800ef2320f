//! Packs interface variables that share a location by `Component` into one vector variable.
//!
//! Vulkan lets several scalars or short vectors occupy one location at different components
//! (`layout(location = 4, component = 1) out float b;`, "Location and Component Assignment");
//! WGSL has one variable per location, always starting at component 0. For each location of
//! each direction (per-patch apart) whose variables use `Component`, one variable of
//! `vecN<S>` takes their place, `N` the highest component any of them covers; each old
//! variable's uses are rewritten onto its components:
//! - a load reads the vector and extracts (or shuffles out) the variable's components;
//! - a store writes each component through an access chain into the vector;
//! - an access chain into a vector variable indexes the packed vector past its first component.
//!
//! Components no variable covers are left unwritten (their value is undefined, as in Vulkan
//! when a stage does not write them). Runs after [`super::flatten_io`], so every variable is a
//! scalar or vector, bar the per-vertex arrays of tessellation and geometry stages: one of those
//! at a component other than 0, or sharing a location, is refused by name, as are variables of
//! one location with different scalar types or interpolation, 64-bit components, an initializer,
//! or a use other than a load, a store or an access chain (an interface pointer passed to a
//! function). Invalid packings (components past 4) are malformed.

use super::{constant, fresh_id, pointer_type, type_id};
use crate::error::LoadError;
use crate::spirv_view::ModuleView;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Whether any variable or member carries a `Component` decoration (the pass changes nothing
/// otherwise).
pub fn applies(view: &ModuleView) -> bool {
    let component = Decoration::Component as u32;
    view.annotations().any(|i| match i.opcode {
        Op::Decorate => i.operands.get(1) == Some(&component),
        Op::MemberDecorate => i.operands.get(2) == Some(&component),
        _ => false,
    })
}

/// Decorations that must agree between the variables of one location, and that the packed
/// variable keeps.
const SHARED: [Decoration; 6] =
    [Decoration::Flat, Decoration::NoPerspective, Decoration::Centroid, Decoration::Sample, Decoration::Patch, Decoration::Invariant];

/// (storage class, per-patch, location): the variables that may share one location.
type LocationKey = (u32, bool, u32);

/// (variable, component, pointee type) of one interface variable with a location.
type LocatedVariable = (Word, u32, Word);

/// Where an old variable's uses go.
#[derive(Debug, Clone, Copy)]
struct Rewrite {
    member: Member,
    /// The packed variable, its vector type, its scalar type and the pointer to one of its
    /// components.
    packed: Word,
    vector: Word,
    scalar: Word,
    component_pointer: Word,
}

/// One variable of a packed location.
#[derive(Debug, Clone, Copy)]
struct Member {
    var: Word,
    component: u32,
    /// Components it covers (1 for a scalar).
    width: u32,
}

/// One location of one direction that takes a packed variable.
#[derive(Debug)]
struct Group {
    class: StorageClass,
    location: u32,
    scalar: Word,
    members: Vec<Member>,
    decorations: Vec<Decoration>,
}

/// Packs the locations of `module` (one entry point's module, after flattening) that use
/// `Component`; returns whether it changed anything.
pub fn lower(module: &mut dr::Module) -> Result<bool, LoadError> {
    let groups = plan(module)?;
    if groups.is_empty() {
        return Ok(false);
    }
    let mut rewrites: HashMap<Word, Rewrite> = HashMap::new();
    for g in &groups {
        let width = g.members.iter().map(|m| m.component + m.width).max().unwrap_or(1);
        let vector = type_id(module, Op::TypeVector, vec![Operand::IdRef(g.scalar), Operand::LiteralBit32(width)]);
        let packed = super::add_located_variable(module, g.class, vector, g.location);
        for d in &g.decorations {
            module.annotations.push(Instruction::new(Op::Decorate, None, None, vec![Operand::IdRef(packed), Operand::Decoration(*d)]));
        }
        let component_pointer = pointer_type(module, g.class, g.scalar);
        for m in &g.members {
            rewrites.insert(m.var, Rewrite { member: *m, packed, vector, scalar: g.scalar, component_pointer });
        }
    }
    let old: HashSet<Word> = rewrites.keys().copied().collect();
    module.types_global_values.retain(|i| !i.result_id.is_some_and(|id| old.contains(&id)));
    module.annotations.retain(|i| !matches!(i.operands.first(), Some(Operand::IdRef(id)) if old.contains(id)));
    module.debug_names.retain(|i| !matches!(i.operands.first(), Some(Operand::IdRef(id)) if old.contains(id)));
    for ep in &mut module.entry_points {
        ep.operands.retain(|o| !matches!(o, Operand::IdRef(id) if old.contains(id)));
    }
    // The types of the values an access chain may index with (constants and function values).
    let value_types: HashMap<Word, Word> = super::value_types(module);
    let uint = super::uint_type(module, None);
    for fi in 0..module.functions.len() {
        for bi in 0..module.functions[fi].blocks.len() {
            let instructions = std::mem::take(&mut module.functions[fi].blocks[bi].instructions);
            let mut out = Vec::with_capacity(instructions.len());
            for inst in instructions {
                rewrite(module, &rewrites, &value_types, uint, inst, &mut out)?;
            }
            module.functions[fi].blocks[bi].instructions = out;
        }
    }
    Ok(true)
}

/// The locations to pack: every location of a direction where some variable has a
/// `Component` other than 0, or where two variables meet.
fn plan(module: &dr::Module) -> Result<Vec<Group>, LoadError> {
    let defs: HashMap<Word, &Instruction> = module.types_global_values.iter().filter_map(|i| Some((i.result_id?, i))).collect();
    let mut decorations: HashMap<Word, Vec<(Decoration, Option<u32>)>> = HashMap::new();
    for a in &module.annotations {
        if let (Op::Decorate, [Operand::IdRef(id), Operand::Decoration(d), rest @ ..]) = (a.class.opcode, a.operands.as_slice()) {
            let value = match rest.first() {
                Some(Operand::LiteralBit32(v)) => Some(*v),
                _ => None,
            };
            decorations.entry(*id).or_default().push((*d, value));
        }
    }
    let literal = |id: Word, d: Decoration| decorations.get(&id).and_then(|ds| ds.iter().find(|(x, _)| *x == d)).and_then(|(_, v)| *v);
    let has = |id: Word, d: Decoration| decorations.get(&id).is_some_and(|ds| ds.iter().any(|(x, _)| *x == d));
    let mut by_location: BTreeMap<LocationKey, Vec<LocatedVariable>> = BTreeMap::new();
    for v in &module.types_global_values {
        let (Op::Variable, Some(var), Some(ptr)) = (v.class.opcode, v.result_id, v.result_type) else { continue };
        let Some(Operand::StorageClass(class @ (StorageClass::Input | StorageClass::Output))) = v.operands.first() else { continue };
        let Some(location) = literal(var, Decoration::Location) else { continue };
        let Some(pointee) = defs.get(&ptr).and_then(|p| match p.operands.as_slice() {
            [_, Operand::IdRef(t)] => Some(*t),
            _ => None,
        }) else {
            continue;
        };
        let component = literal(var, Decoration::Component).unwrap_or(0);
        by_location.entry((*class as u32, has(var, Decoration::Patch), location)).or_default().push((var, component, pointee));
    }
    let mut groups = Vec::new();
    for ((class, _, location), vars) in by_location {
        if vars.len() == 1 && vars[0].1 == 0 {
            continue;
        }
        let class = if class == StorageClass::Input as u32 { StorageClass::Input } else { StorageClass::Output };
        let mut members = Vec::new();
        let mut scalar = None;
        for &(var, component, pointee) in &vars {
            let def = defs.get(&pointee).copied();
            let (ty_scalar, width) = match def.map(|d| (d.class.opcode, d.operands.as_slice())) {
                Some((Op::TypeVector, [Operand::IdRef(s), Operand::LiteralBit32(n)])) => (*s, *n),
                Some((Op::TypeInt | Op::TypeFloat | Op::TypeBool, _)) => (pointee, 1),
                _ => {
                    return Err(LoadError::Unsupported(format!(
                        "an arrayed interface variable at location {location} packed by `Component` (per-vertex arrays of tessellation and geometry stages)"
                    )))
                }
            };
            let bits = match defs.get(&ty_scalar).map(|d| d.operands.as_slice()) {
                Some([Operand::LiteralBit32(bits), ..]) => *bits,
                _ => 32,
            };
            if bits == 64 {
                return Err(LoadError::Unsupported(format!("64-bit interface variables packed by `Component` at location {location}")));
            }
            if component + width > 4 {
                return Err(LoadError::Malformed(format!(
                    "interface variable %{var} at location {location} covers components {component}..{} (a location has 4)",
                    component + width
                )));
            }
            if scalar.is_some_and(|s| s != ty_scalar) {
                return Err(LoadError::Unsupported(format!(
                    "interface variables of different component types packed into location {location}"
                )));
            }
            scalar = Some(ty_scalar);
            if defs.get(&var).is_some_and(|v| v.operands.len() > 1) {
                return Err(LoadError::Unsupported(format!("an initialized output packed by `Component` at location {location}")));
            }
            members.push(Member { var, component, width });
        }
        let shared: Vec<Decoration> = SHARED.into_iter().filter(|d| has(vars[0].0, *d)).collect();
        if vars.iter().any(|(v, ..)| SHARED.into_iter().filter(|d| has(*v, *d)).collect::<Vec<_>>() != shared) {
            return Err(LoadError::Unsupported(format!(
                "interface variables with different interpolation packed into location {location}"
            )));
        }
        groups.push(Group { class, location, scalar: scalar.unwrap_or_default(), members, decorations: shared });
    }
    Ok(groups)
}

/// Emits `inst` into `out`, rewritten when it uses a packed variable.
fn rewrite(
    module: &mut dr::Module,
    rewrites: &HashMap<Word, Rewrite>,
    value_types: &HashMap<Word, Word>,
    uint: Word,
    inst: Instruction,
    out: &mut Vec<Instruction>,
) -> Result<(), LoadError> {
    let packed_of = |id: &Operand| match id {
        Operand::IdRef(id) => rewrites.get(id),
        _ => None,
    };
    match (inst.class.opcode, inst.operands.first().and_then(packed_of)) {
        (Op::Load, Some(&Rewrite { member: m, packed, vector, .. })) => {
            let whole = fresh_id(module);
            let mut load = inst.clone();
            load.result_type = Some(vector);
            load.result_id = Some(whole);
            load.operands[0] = Operand::IdRef(packed);
            out.push(load);
            let (op, operands) = if m.width == 1 {
                (Op::CompositeExtract, vec![Operand::IdRef(whole), Operand::LiteralBit32(m.component)])
            } else {
                let lanes = (m.component..m.component + m.width).map(Operand::LiteralBit32);
                (Op::VectorShuffle, [Operand::IdRef(whole), Operand::IdRef(whole)].into_iter().chain(lanes).collect())
            };
            out.push(Instruction::new(op, inst.result_type, inst.result_id, operands));
        }
        (Op::Store, Some(&Rewrite { member: m, packed, scalar, component_pointer, .. })) => {
            let Some(&Operand::IdRef(value)) = inst.operands.get(1) else {
                return Err(LoadError::Malformed("OpStore without a value".into()));
            };
            for k in 0..m.width {
                let part = if m.width == 1 {
                    value
                } else {
                    let id = fresh_id(module);
                    out.push(Instruction::new(
                        Op::CompositeExtract,
                        Some(scalar),
                        Some(id),
                        vec![Operand::IdRef(value), Operand::LiteralBit32(k)],
                    ));
                    id
                };
                let at = fresh_id(module);
                let index = constant(module, uint, m.component + k);
                out.push(Instruction::new(
                    Op::AccessChain,
                    Some(component_pointer),
                    Some(at),
                    vec![Operand::IdRef(packed), Operand::IdRef(index)],
                ));
                out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(at), Operand::IdRef(part)]));
            }
        }
        (Op::AccessChain | Op::InBoundsAccessChain, Some(&Rewrite { member: m, packed, .. })) if inst.operands.len() == 2 => {
            let Operand::IdRef(index) = inst.operands[1] else {
                return Err(LoadError::Malformed("access chain index is not an id".into()));
            };
            let shifted = if m.component == 0 {
                index
            } else {
                let index_type = value_types.get(&index).copied().unwrap_or(uint);
                let offset = constant(module, index_type, m.component);
                let id = fresh_id(module);
                out.push(Instruction::new(Op::IAdd, Some(index_type), Some(id), vec![Operand::IdRef(index), Operand::IdRef(offset)]));
                id
            };
            let mut chain = inst;
            chain.operands = vec![Operand::IdRef(packed), Operand::IdRef(shifted)];
            out.push(chain);
        }
        _ => {
            if let Some(Operand::IdRef(var)) = inst.operands.iter().find(|o| packed_of(o).is_some()) {
                return Err(LoadError::Unsupported(format!(
                    "interface variable %{var}, packed by `Component`, used by {:?} (only loads, stores and access chains)",
                    inst.class.opcode
                )));
            }
            out.push(inst);
        }
    }
    Ok(())
}
