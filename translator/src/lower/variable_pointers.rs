//! Variable pointers (`VariablePointers`, `VariablePointersStorageBuffer`) into arrays →
//! a base number and an element index, as integers.
//!
//! WGSL pointers cannot be chosen at run time: no phi of pointers, no variable holding one, no
//! `OpPtrAccessChain`, and naga's reader takes none of them. Under logical addressing such a
//! pointer still only ever points at an element of an array the module names, so it is
//! written as two integers: which *base* (an array reached from a variable by constant indices,
//! numbered from 1; 0 is the null pointer) and the element's index in it.
//! - An access chain from a variable whose indices before the last are constants is a *root*:
//!   it stays (loads and stores through it are unchanged), and its pair is its base's number
//!   and its last index.
//! - These pointer types are followed: those held in variables, merged by phis, offset by
//!   `OpPtrAccessChain` or with a null constant; every value of them is tracked.
//! - `OpPtrAccessChain p e` adds `e` to `p`'s index; phis, selects and copies of pointers pick
//!   among pairs; a variable holding a pointer or an array of them (`Private` or `Function`)
//!   becomes two variables, its loads and stores two each (through chains into both, for an
//!   array); a null pointer is base 0, index 0.
//! - Comparisons compare the pairs (`OpPtrEqual`, `OpPtrNotEqual`), differences subtract the
//!   indices (`OpPtrDiff`, defined only within one array).
//! - A load, store or chain through a pointer that is not a root becomes one through the access
//!   chain rebuilt from its base and index, where only one base can reach it.
//! Anything else (a pointer passed to or returned from a function, stored elsewhere than a
//! pointer variable, reaching a use through two bases, a wide index) leaves the module as it
//! is, for naga's refusal by name. `SPV_KHR_variable_pointers`, which only adds the
//! capabilities, is dropped either way (naga's reader refuses the extension by name).

use super::{constant, fresh_id, interface_lists_all_globals, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, StorageClass, Word};
use std::collections::{BTreeSet, HashMap, HashSet};

/// Whether [`lower`] may change the module: it declares `SPV_KHR_variable_pointers` or a null
/// pointer, holds a pointer in a variable, merges pointers in a phi, or offsets one with
/// `OpPtrAccessChain`.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    let pointer = |t: Word| module.def(t).is_some_and(|d| d.opcode == Op::TypePointer);
    module.extensions().any(|e| e.string_at(0).is_some_and(|(name, _)| name == EXTENSION))
        || module.types_global_values().any(|i| i.opcode == Op::TypePointer && i.operands.get(1).is_some_and(|p| pointer(*p)))
        || module.types_global_values().any(|i| i.opcode == Op::ConstantNull && i.result_type.is_some_and(pointer))
        || module.bodies().any(|i| i.opcode == Op::PtrAccessChain || (i.opcode == Op::Phi && i.result_type.is_some_and(pointer)))
}

/// How a tracked pointer is defined.
#[derive(Clone, Debug)]
enum Def {
    /// An access chain from a variable: its base's number and last index.
    Root {
        base: u32,
        last: Word,
    },
    Offset {
        of: Word,
        by: Word,
    },
    Phi(Vec<(Word, Word)>),
    Select {
        condition: Word,
        accept: Word,
        reject: Word,
    },
    Copy(Word),
    /// A load of a pointer variable.
    Load(Word),
    Null,
}

/// What the analysis found: the tracked pointer types, values, bases and pointer variables.
struct Plan {
    /// (variable, array prefix) per base, numbered from 1.
    bases: Vec<(Word, Vec<Word>, Word)>,
    defs: HashMap<Word, Def>,
    /// Pointer variables (`Private` or `Function`), with their storage class and, for an array
    /// of pointers, its length.
    holders: HashMap<Word, (StorageClass, Option<Word>)>,
    /// Chains to one pointer of an array held in a variable: (variable, index).
    holder_chains: HashMap<Word, (Word, Word)>,
    /// Tracked values whose uses dereference them: their one base.
    rebuilt: HashMap<Word, u32>,
    /// Integer type of each index a root or offset takes, by id: (width, signedness).
    index_types: HashMap<Word, (u32, u32)>,
}

/// The extension adding the capabilities (core since SPIR-V 1.3); naga's reader refuses it by
/// name, and it adds nothing else.
const EXTENSION: &str = "SPV_KHR_variable_pointers";

pub fn lower(module: &mut dr::Module) -> bool {
    let extensions = module.extensions.len();
    module.extensions.retain(|e| !matches!(e.operands.first(), Some(Operand::LiteralString(s)) if s == EXTENSION));
    let dropped = module.extensions.len() != extensions;
    let Some(plan) = analyse(module) else { return dropped };
    rewrite(module, &plan);
    true
}

fn ids(i: &Instruction) -> impl Iterator<Item = Word> + '_ {
    i.operands.iter().filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None })
}

fn analyse(module: &dr::Module) -> Option<Plan> {
    let globals: HashMap<Word, &Instruction> = module.types_global_values.iter().filter_map(|i| Some((i.result_id?, i))).collect();
    let pointee = |t: Word| match globals.get(&t).map(|d| (d.class.opcode, d.operands.as_slice())) {
        Some((Op::TypePointer, [Operand::StorageClass(sc), Operand::IdRef(p)])) => Some((*sc, *p)),
        _ => None,
    };
    let is_pointer = |t: Word| pointee(t).is_some();
    let body = || module.functions.iter().flat_map(|f| f.parameters.iter().chain(f.blocks.iter().flat_map(|b| &b.instructions)));
    // The tracked pointer types: held in variables, merged by phis, offset.
    let mut tracked: HashSet<Word> =
        module.types_global_values.iter().filter_map(|i| pointee(i.result_id?).map(|(_, p)| p)).filter(|p| is_pointer(*p)).collect();
    tracked.extend(
        body()
            .filter(|i| i.class.opcode == Op::PtrAccessChain || (i.class.opcode == Op::Phi && i.result_type.is_some_and(is_pointer)))
            .filter_map(|i| i.result_type),
    );
    // Null pointers (naga's reader has no null pointer).
    tracked.extend(
        module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::ConstantNull && i.result_type.is_some_and(is_pointer))
            .filter_map(|i| i.result_type),
    );
    if tracked.is_empty() {
        return None;
    }
    // Types of pointer variables: a tracked pointer, or an array of them (with its length).
    let held_type = |t: Word| -> Option<Option<Word>> {
        if tracked.contains(&t) {
            return Some(None);
        }
        match globals.get(&t).map(|d| (d.class.opcode, d.operands.as_slice())) {
            Some((Op::TypeArray, [Operand::IdRef(e), Operand::IdRef(len)])) if tracked.contains(e) => Some(Some(*len)),
            _ => None,
        }
    };
    let mut holders: HashMap<Word, (StorageClass, Option<Word>)> = HashMap::new();
    for v in module.types_global_values.iter().chain(body()).filter(|i| i.class.opcode == Op::Variable) {
        let (Some(id), Some((sc, p))) = (v.result_id, v.result_type.and_then(pointee)) else { continue };
        if let Some(len) = held_type(p) {
            if !matches!(sc, StorageClass::Private | StorageClass::Function) {
                return None;
            }
            holders.insert(id, (sc, len));
        }
    }
    // Chains to one pointer of a held array; any other chain into a pointer variable is not
    // followed.
    let mut holder_chains: HashMap<Word, (Word, Word)> = HashMap::new();
    for i in body().filter(|i| matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain)) {
        let operands: Vec<Word> = ids(i).collect();
        match (operands.as_slice(), i.result_id) {
            ([var, index], Some(id)) if holders.get(var).is_some_and(|(_, len)| len.is_some()) => {
                holder_chains.insert(id, (*var, *index));
            }
            ([var, ..], _) if holders.contains_key(var) => return None,
            _ => {}
        }
    }
    let holds = |h: &Word| holder_chains.contains_key(h) || holders.get(h).is_some_and(|(_, len)| len.is_none());
    let int_type = |t: Word| match globals.get(&t).map(|d| (d.class.opcode, d.operands.as_slice())) {
        Some((Op::TypeInt, [Operand::LiteralBit32(w), Operand::LiteralBit32(s)])) => Some((*w, *s)),
        _ => None,
    };
    let value_types = super::value_types(module);
    let mut index_types = HashMap::new();
    let mut index = |id: Word| -> Option<()> {
        let t = int_type(*value_types.get(&id)?)?;
        (t.0 == 32).then(|| index_types.insert(id, t)).map(|_| ())
    };
    // Each tracked value's definition.
    let mut bases: Vec<(Word, Vec<Word>, Word)> = Vec::new();
    let mut defs: HashMap<Word, Def> = HashMap::new();
    for i in module.types_global_values.iter().filter(|i| i.class.opcode == Op::ConstantNull) {
        if let (Some(id), true) = (i.result_id, i.result_type.is_some_and(|t| tracked.contains(&t))) {
            defs.insert(id, Def::Null);
        }
    }
    for i in body() {
        let (Some(id), Some(t)) = (i.result_id, i.result_type) else { continue };
        if !tracked.contains(&t) {
            continue;
        }
        let operands: Vec<Word> = ids(i).collect();
        let def = match (i.class.opcode, operands.as_slice()) {
            (Op::AccessChain | Op::InBoundsAccessChain, [var, prefix @ .., last])
                if globals.get(var).is_some_and(|v| v.class.opcode == Op::Variable) && prefix.iter().all(|p| globals.contains_key(p)) =>
            {
                index(*last)?;
                let key = (*var, prefix.to_vec(), t);
                let base = match bases.iter().position(|b| *b == key) {
                    Some(k) => k,
                    None => {
                        bases.push(key);
                        bases.len() - 1
                    }
                };
                Def::Root { base: base as u32 + 1, last: *last }
            }
            (Op::PtrAccessChain, [of, by]) => {
                index(*by)?;
                Def::Offset { of: *of, by: *by }
            }
            (Op::Phi, _) => Def::Phi(operands.chunks(2).map(|c| (c[0], c.get(1).copied().unwrap_or(0))).collect()),
            (Op::Select, [condition, accept, reject]) => Def::Select { condition: *condition, accept: *accept, reject: *reject },
            (Op::CopyObject, [of]) => Def::Copy(*of),
            (Op::Load, [holder]) if holds(holder) => Def::Load(*holder),
            _ => return None,
        };
        defs.insert(id, def);
    }
    // The values a definition reads are tracked too (a pointer parameter or call result is not).
    let reads_tracked = |d: &Def| match d {
        Def::Offset { of: v, .. } | Def::Copy(v) => defs.contains_key(v),
        Def::Phi(sources) => sources.iter().all(|(v, _)| defs.contains_key(v)),
        Def::Select { accept, reject, .. } => defs.contains_key(accept) && defs.contains_key(reject),
        Def::Root { .. } | Def::Load(_) | Def::Null => true,
    };
    if !defs.values().all(reads_tracked) {
        return None;
    }
    // Every use of a tracked value, and the bases reaching each value.
    let stored: Vec<(Word, Word)> = body()
        .filter(|i| i.class.opcode == Op::Store)
        .filter_map(|i| match i.operands.as_slice() {
            [Operand::IdRef(h), Operand::IdRef(v), ..] if holds(h) => Some((*h, *v)),
            _ => None,
        })
        .collect();
    let mut deref: Vec<Word> = Vec::new();
    for i in body() {
        check_uses(i, &defs, &holds, &int_type, &mut deref)?;
    }
    let reach = bases_reaching(&defs, &holder_chains, &stored);
    let mut rebuilt = HashMap::new();
    for v in deref {
        match reach.get(&v).map(|s| s.iter().copied().collect::<Vec<u32>>()).as_deref() {
            Some([base]) => {
                rebuilt.insert(v, *base);
            }
            _ => return None,
        }
    }
    Some(Plan { bases, defs, holders, holder_chains, rebuilt, index_types })
}

/// Checks one instruction's uses of tracked values (`defs`): a store into a pointer variable
/// (`holds`) stores a tracked value, a comparison or difference takes tracked values only
/// (into a 32-bit integer, if any), and every other use dereferences the value (the pointer
/// operand of a memory access, an access chain's base); `None` for any other use. Dereferenced
/// values that are not roots go to `deref`.
fn check_uses(
    i: &Instruction,
    defs: &HashMap<Word, Def>,
    holds: impl Fn(&Word) -> bool,
    int_type: impl Fn(Word) -> Option<(u32, u32)>,
    deref: &mut Vec<Word>,
) -> Option<()> {
    let operands: Vec<Word> = ids(i).collect();
    let internal = match i.class.opcode {
        Op::Store if operands.first().is_some_and(&holds) => {
            // A pointer variable keeps tracked values only.
            if !operands.get(1).is_some_and(|v| defs.contains_key(v)) {
                return None;
            }
            true
        }
        Op::PtrEqual | Op::PtrNotEqual | Op::PtrDiff if operands.iter().any(|o| defs.contains_key(o)) => {
            if !operands.iter().all(|o| defs.contains_key(o)) || !i.result_type.is_some_and(|t| int_type(t).is_none_or(|w| w.0 == 32)) {
                return None;
            }
            true
        }
        _ => i.result_id.is_some_and(|r| defs.contains_key(&r)),
    };
    if internal {
        return Some(());
    }
    for (k, o) in operands.iter().enumerate() {
        if !defs.contains_key(o) {
            continue;
        }
        // Dereferenced: the pointer operand of a memory access or an access chain's base.
        let pointer_operand = (k == 1 && i.class.opcode == Op::CopyMemory)
            || (k == 0
                && (matches!(
                    i.class.opcode,
                    Op::Load | Op::Store | Op::CopyMemory | Op::AccessChain | Op::InBoundsAccessChain | Op::AtomicLoad
                ) || crate::spirv_view::is_atomic_write(i.class.opcode)));
        if !pointer_operand {
            return None;
        }
        if !matches!(defs[o], Def::Root { .. }) {
            deref.push(*o);
        }
    }
    Some(())
}

/// The bases that can reach each tracked value (`defs`), through pointer variables too
/// (`stored`: (variable or chain into a held array, value) of each store into one; every
/// pointer of a held array counts as one): the least fixed point.
fn bases_reaching(
    defs: &HashMap<Word, Def>,
    holder_chains: &HashMap<Word, (Word, Word)>,
    stored: &[(Word, Word)],
) -> HashMap<Word, BTreeSet<u32>> {
    let mut reach: HashMap<Word, BTreeSet<u32>> = HashMap::new();
    loop {
        let mut changed = false;
        for (id, def) in defs {
            let from = |v: &Word| reach.get(v).cloned().unwrap_or_default();
            // (Every pointer of a held array counts as one.)
            let slot = |h: &Word| holder_chains.get(h).map_or(*h, |(var, _)| *var);
            let held = |h: &Word| stored.iter().filter(|(x, _)| slot(x) == slot(h)).flat_map(|(_, v)| from(v)).collect::<BTreeSet<u32>>();
            let set: BTreeSet<u32> = match def {
                Def::Root { base, .. } => [*base].into(),
                Def::Null => BTreeSet::new(),
                Def::Offset { of, .. } | Def::Copy(of) => from(of),
                Def::Phi(sources) => sources.iter().flat_map(|(v, _)| from(v)).collect(),
                Def::Select { accept, reject, .. } => from(accept).union(&from(reject)).copied().collect(),
                Def::Load(h) => held(h),
            };
            if reach.get(id) != Some(&set) {
                reach.insert(*id, set);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    reach
}

fn rewrite(module: &mut dr::Module, plan: &Plan) {
    let uint = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    let int = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(1)]);
    let boolean = type_id(module, Op::TypeBool, Vec::new());
    let (uint_0, int_0) = (constant(module, uint, 0), constant(module, int, 0));
    let base_numbers: Vec<Word> = (0..=plan.bases.len() as u32).map(|k| constant(module, uint, k)).collect();
    // Each tracked value's (base, index) ids; a null pointer's are constants.
    let mut pair: HashMap<Word, (Word, Word)> = HashMap::new();
    let mut tracked: Vec<Word> = plan.defs.keys().copied().collect();
    tracked.sort_unstable();
    for v in tracked {
        let p = match plan.defs[&v] {
            Def::Null => (uint_0, int_0),
            _ => (fresh_id(module), fresh_id(module)),
        };
        pair.insert(v, p);
    }
    // Each pointer variable becomes two: (base, index).
    let mut held: HashMap<Word, (Word, Word)> = HashMap::new();
    let mut holders: Vec<(Word, (StorageClass, Option<Word>))> = plan.holders.iter().map(|(h, x)| (*h, *x)).collect();
    holders.sort_unstable_by_key(|(h, _)| *h);
    // Each variable's two: their types and (null) initializers.
    let mut split: HashMap<Word, [(Word, Word); 2]> = HashMap::new();
    for (h, (sc, len)) in &holders {
        let halves = [uint, int].map(|t| match len {
            None => (super::pointer_type(module, *sc, t), if t == uint { uint_0 } else { int_0 }),
            Some(len) => {
                let array = type_id(module, Op::TypeArray, vec![Operand::IdRef(t), Operand::IdRef(*len)]);
                (super::pointer_type(module, *sc, array), super::null_constant(module, array))
            }
        });
        split.insert(*h, halves);
        held.insert(*h, (fresh_id(module), fresh_id(module)));
    }
    let variables = |h: Word, sc: StorageClass, (hu, hi): (Word, Word), split: &HashMap<Word, [(Word, Word); 2]>| {
        let [(pu, iu), (pi, ii)] = split[&h];
        [
            Instruction::new(Op::Variable, Some(pu), Some(hu), vec![Operand::StorageClass(sc), Operand::IdRef(iu)]),
            Instruction::new(Op::Variable, Some(pi), Some(hi), vec![Operand::StorageClass(sc), Operand::IdRef(ii)]),
        ]
    };
    let mut new_private: Vec<Instruction> = Vec::new();
    for (h, (sc, _)) in &holders {
        if *sc == StorageClass::Private {
            new_private.extend(variables(*h, *sc, held[h], &split));
        }
    }
    // A chain to one held pointer: chains into both arrays.
    let mut chains: HashMap<Word, (Word, Word)> = HashMap::new();
    for (c, (var, _)) in &plan.holder_chains {
        chains.insert(*c, (fresh_id(module), fresh_id(module)));
        let sc = plan.holders[var].0;
        super::pointer_type(module, sc, uint);
        super::pointer_type(module, sc, int);
    }
    held.extend(chains.iter().map(|(c, p)| (*c, *p)));
    let index_of = |module: &mut dr::Module, out: &mut Vec<Instruction>, id: Word| -> Word {
        match plan.index_types.get(&id) {
            Some((_, 1)) => id,
            _ => {
                let cast = fresh_id(module);
                out.push(Instruction::new(Op::Bitcast, Some(int), Some(cast), vec![Operand::IdRef(id)]));
                cast
            }
        }
    };
    for fi in 0..module.functions.len() {
        for bi in 0..module.functions[fi].blocks.len() {
            let old = std::mem::take(&mut module.functions[fi].blocks[bi].instructions);
            let mut out: Vec<Instruction> = Vec::with_capacity(old.len() + 8);
            for mut inst in old {
                let result = inst.result_id;
                let emit = |out: &mut Vec<Instruction>, op: Op, ty: Word, id: Word, operands: Vec<Word>| {
                    out.push(Instruction::new(op, Some(ty), Some(id), operands.into_iter().map(Operand::IdRef).collect()));
                };
                // A pointer variable of this function: two variables; a chain to one pointer of a
                // held array: chains into both.
                if let Some(&(var, index)) = result.and_then(|r| plan.holder_chains.get(&r)) {
                    let ((cu, ci), (hu, hi), sc) = (chains[&result.unwrap_or(0)], held[&var], plan.holders[&var].0);
                    let (pu, pi) = (super::pointer_type(module, sc, uint), super::pointer_type(module, sc, int));
                    emit(&mut out, Op::AccessChain, pu, cu, vec![hu, index]);
                    emit(&mut out, Op::AccessChain, pi, ci, vec![hi, index]);
                    continue;
                }
                if let Some(pair) = result.and_then(|r| plan.holders.contains_key(&r).then(|| held[&r])) {
                    let h = result.unwrap_or(0);
                    out.extend(variables(h, plan.holders[&h].0, pair, &split));
                    continue;
                }
                if let Some(def) = result.and_then(|r| plan.defs.get(&r)) {
                    let (k, i) = pair[&result.unwrap_or(0)];
                    match def {
                        Def::Root { base, last } => {
                            out.push(inst.clone());
                            emit(&mut out, Op::CopyObject, uint, k, vec![base_numbers[*base as usize]]);
                            let last = index_of(module, &mut out, *last);
                            emit(&mut out, Op::CopyObject, int, i, vec![last]);
                        }
                        Def::Offset { of, by } => {
                            let (ko, io) = pair[of];
                            emit(&mut out, Op::CopyObject, uint, k, vec![ko]);
                            let by = index_of(module, &mut out, *by);
                            emit(&mut out, Op::IAdd, int, i, vec![io, by]);
                        }
                        Def::Phi(sources) => {
                            let phi = |n: usize| {
                                sources.iter().flat_map(|(v, from)| [if n == 0 { pair[v].0 } else { pair[v].1 }, *from]).collect()
                            };
                            emit(&mut out, Op::Phi, uint, k, phi(0));
                            emit(&mut out, Op::Phi, int, i, phi(1));
                        }
                        Def::Select { condition, accept, reject } => {
                            let ((ka, ia), (kr, ir)) = (pair[accept], pair[reject]);
                            emit(&mut out, Op::Select, uint, k, vec![*condition, ka, kr]);
                            emit(&mut out, Op::Select, int, i, vec![*condition, ia, ir]);
                        }
                        Def::Copy(of) => {
                            let (ko, io) = pair[of];
                            emit(&mut out, Op::CopyObject, uint, k, vec![ko]);
                            emit(&mut out, Op::CopyObject, int, i, vec![io]);
                        }
                        Def::Load(h) => {
                            let (hu, hi) = held[h];
                            emit(&mut out, Op::Load, uint, k, vec![hu]);
                            emit(&mut out, Op::Load, int, i, vec![hi]);
                        }
                        Def::Null => {}
                    }
                    continue;
                }
                if rewrite_use(module, plan, &pair, &held, (int, boolean), &mut inst, &mut out) {
                    continue;
                }
                out.push(inst);
            }
            module.functions[fi].blocks[bi].instructions = out;
        }
    }
    remove_pointer_holders(module, plan, &new_private);
}

/// Rewrites `inst`, an instruction using tracked pointers (not defining one), into `out`:
/// a store into a pointer variable stores its pair, a comparison or difference compares or
/// subtracts pairs (`true`: `inst` is replaced); a dereferenced pointer that is not a root is
/// replaced by the chain rebuilt from its one base (`false`: `inst` itself still goes to
/// `out`).
fn rewrite_use(
    module: &mut dr::Module,
    plan: &Plan,
    pair: &HashMap<Word, (Word, Word)>,
    held: &HashMap<Word, (Word, Word)>,
    (int, boolean): (Word, Word),
    inst: &mut Instruction,
    out: &mut Vec<Instruction>,
) -> bool {
    let result = inst.result_id;
    let emit = |out: &mut Vec<Instruction>, op: Op, ty: Word, id: Word, operands: Vec<Word>| {
        out.push(Instruction::new(op, Some(ty), Some(id), operands.into_iter().map(Operand::IdRef).collect()));
    };
    let operands: Vec<Word> = ids(inst).collect();
    match (inst.class.opcode, operands.as_slice()) {
        (Op::Store, [h, v, ..]) if held.contains_key(h) => {
            let ((hu, hi), (k, i)) = (held[h], pair[v]);
            out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(hu), Operand::IdRef(k)]));
            out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(hi), Operand::IdRef(i)]));
            return true;
        }
        (op @ (Op::PtrEqual | Op::PtrNotEqual), [a, b]) if pair.contains_key(a) => {
            let ((ka, ia), (kb, ib)) = (pair[a], pair[b]);
            let (same_base, same_index) = (fresh_id(module), fresh_id(module));
            let (compare, join) = if op == Op::PtrEqual { (Op::IEqual, Op::LogicalAnd) } else { (Op::INotEqual, Op::LogicalOr) };
            let ty = inst.result_type.unwrap_or(boolean);
            emit(out, compare, ty, same_base, vec![ka, kb]);
            emit(out, compare, ty, same_index, vec![ia, ib]);
            emit(out, join, ty, result.unwrap_or(0), vec![same_base, same_index]);
            return true;
        }
        (Op::PtrDiff, [a, b]) if pair.contains_key(a) => {
            let ty = inst.result_type.unwrap_or(int);
            let difference = if ty == int { result.unwrap_or(0) } else { fresh_id(module) };
            emit(out, Op::ISub, int, difference, vec![pair[a].1, pair[b].1]);
            if ty != int {
                emit(out, Op::Bitcast, ty, result.unwrap_or(0), vec![difference]);
            }
            return true;
        }
        _ => {}
    }
    // A dereferenced pointer that is not a root: the chain rebuilt from its base.
    let pointers = if inst.class.opcode == Op::CopyMemory { 2 } else { 1 };
    for k in 0..pointers.min(inst.operands.len()) {
        let Operand::IdRef(p) = inst.operands[k] else { continue };
        if let Some(&base) = plan.rebuilt.get(&p) {
            let (var, prefix, ty) = &plan.bases[base as usize - 1];
            let chain = fresh_id(module);
            let mut indices = vec![*var];
            indices.extend(prefix);
            indices.push(pair[&p].1);
            emit(out, Op::AccessChain, *ty, chain, indices);
            inst.operands[k] = Operand::IdRef(chain);
        }
    }
    false
}

/// The module's pointer variables and null pointers go (`new_private`, the variables the
/// private ones became, join the module and the interfaces that list globals), and then every
/// type holding pointers that nothing uses any longer: naga's reader takes none of them.
fn remove_pointer_holders(module: &mut dr::Module, plan: &Plan, new_private: &[Instruction]) {
    let gone: HashSet<Word> =
        plan.holders.keys().copied().chain(plan.defs.iter().filter(|(_, d)| matches!(d, Def::Null)).map(|(id, _)| *id)).collect();
    module.types_global_values.retain(|i| !i.result_id.is_some_and(|r| gone.contains(&r)));
    module.types_global_values.extend(new_private.iter().cloned());
    // Names and decorations of what is gone: the variables, nulls and tracked values no longer
    // defined (every one but the roots).
    let undefined = plan.defs.iter().filter(|(_, d)| !matches!(d, Def::Root { .. })).map(|(id, _)| *id);
    super::forget_ids(module, &gone.iter().copied().chain(undefined).collect());
    let lists_globals = interface_lists_all_globals(module);
    for e in &mut module.entry_points {
        e.operands.retain(|o| !matches!(o, Operand::IdRef(id) if gone.contains(id)));
        if lists_globals {
            e.operands.extend(new_private.iter().filter_map(|v| v.result_id).map(Operand::IdRef));
        }
    }
    // Types holding pointers (pointers to pointers, arrays of pointers, pointers to those),
    // unused now: naga's reader takes none of them.
    loop {
        let pointers: HashSet<Word> =
            module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypePointer).filter_map(|i| i.result_id).collect();
        let holds_pointers = |i: &Instruction| match (i.class.opcode, i.operands.as_slice()) {
            (Op::TypePointer, [_, Operand::IdRef(p)]) => pointers.contains(p) || arrays_of_pointers(module, *p, &pointers),
            (Op::TypeArray | Op::TypeRuntimeArray, [Operand::IdRef(e), ..]) => pointers.contains(e),
            _ => false,
        };
        let used = super::referenced_ids(module);
        let unused: HashSet<Word> = module
            .types_global_values
            .iter()
            .filter(|i| holds_pointers(i))
            .filter_map(|i| i.result_id)
            .filter(|r| !used.contains(r))
            .collect();
        if unused.is_empty() {
            break;
        }
        module.types_global_values.retain(|i| !i.result_id.is_some_and(|r| unused.contains(&r)));
        super::forget_ids(module, &unused);
    }
}

/// Whether type `t` is an array of pointers.
fn arrays_of_pointers(module: &dr::Module, t: Word, pointers: &HashSet<Word>) -> bool {
    module.types_global_values.iter().any(|i| {
        i.result_id == Some(t)
            && matches!(i.class.opcode, Op::TypeArray | Op::TypeRuntimeArray)
            && matches!(i.operands.first(), Some(Operand::IdRef(e)) if pointers.contains(e))
    })
}
