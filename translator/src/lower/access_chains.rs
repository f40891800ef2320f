//! One walk of the pointers into block variables, shared by the passes that change a block's
//! layout (`row_major`, `std140`, `packed_vectors`): each pass says only what becomes of the
//! members it rewrites and of the accesses through them ([`Mapping`]).
//!
//! The walk follows every access chain from a global variable of a storage class the pass
//! follows, in the order of the functions' instructions: through struct members (by constant
//! index; each member the pass keeps, renumbers or maps), the elements of arrays, vectors and
//! matrices, and the indices into a mapped member (which the pass rewrites). It then hands the
//! pass each chain that ends at a mapped member and every other use of a followed pointer:
//! loads, stores and any other instruction, which the pass rewrites, keeps or refuses.

use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, StorageClass, Word};
use std::collections::HashMap;

/// Where a followed pointer points.
#[derive(Clone, Copy, Debug)]
pub(super) enum At<M> {
    /// A value of a type the pass keeps (0: one the walk cannot follow, in a malformed module).
    Type(Word),
    /// Into a member the pass rewrites, in the pass's own terms.
    Mapped(M),
}

/// A load or store through a followed pointer: the pointer, where it points, its storage class.
#[derive(Clone, Copy, Debug)]
pub(super) struct Access<M> {
    pub pointer: Word,
    pub at: At<M>,
    pub sc: StorageClass,
}

/// What becomes of a struct member that an access chain goes through.
pub(super) enum Member<M> {
    /// Kept as it is.
    Kept,
    /// The same member, at this index of the rewritten struct.
    Renumbered(u32),
    /// A member the pass rewrites; its index in the chain is kept.
    Mapped(M),
}

/// An access chain being rewritten: its operands so far (the base first) and the indices left.
pub(super) struct Chain {
    pub ops: Vec<Operand>,
    rest: std::vec::IntoIter<Operand>,
    uint: Word,
}

impl Chain {
    /// Takes the next index of the original chain (`None` at its end).
    pub fn next_index(&mut self) -> Option<Operand> {
        self.rest.next()
    }

    /// Appends the index `v` (a 32-bit unsigned constant).
    pub fn push_constant(&mut self, module: &mut dr::Module, v: u32) {
        self.ops.push(Operand::IdRef(super::constant(module, self.uint, v)));
    }
}

/// A layout pass's part of the walk.
pub(super) trait Mapping {
    /// Where a pointer into a member the pass rewrites points.
    type Mapped: Copy;

    /// Whether pointers from variables of `sc` are followed.
    fn follows(&self, sc: StorageClass) -> bool;

    /// What becomes of member `k` of the struct `s` (the original index).
    fn member(&self, s: Word, k: u32) -> Member<Self::Mapped>;

    /// A chain whose base points at `m`: `Err` refuses it.
    fn start(&self, _m: Self::Mapped) -> Result<(), String> {
        Ok(())
    }

    /// The index `index` applied at `m`: pushes what replaces it onto `chain` (taking further
    /// indices if the pass needs them) and says where the chain then points.
    fn index(&mut self, module: &mut dr::Module, m: Self::Mapped, index: Operand, chain: &mut Chain) -> Result<At<Self::Mapped>, String>;

    /// A chain (its operands rewritten) ending at `m` in `sc`: the pass may retype it; `false`
    /// drops it (the pass then rewrites every use of its result).
    fn end(&mut self, module: &mut dr::Module, chain: &mut Instruction, m: Self::Mapped, sc: StorageClass) -> Result<bool, String>;

    /// A load: `true` when the pass pushed its replacement onto `out`, `false` to keep it
    /// (checked as any other use, [`Mapping::other`]).
    fn load(
        &mut self,
        module: &mut dr::Module,
        load: &Instruction,
        a: Access<Self::Mapped>,
        out: &mut Vec<Instruction>,
    ) -> Result<bool, String>;

    /// A store, as [`Mapping::load`].
    fn store(&mut self, _: &mut dr::Module, _: &Instruction, _: Access<Self::Mapped>, _: &mut Vec<Instruction>) -> Result<bool, String> {
        Ok(false)
    }

    /// Another instruction `op` with a followed pointer at `at` among its operands: `Err`
    /// refuses it.
    fn other(&self, op: Op, at: At<Self::Mapped>) -> Result<(), String>;
}

/// `t` without its arrays: the element type of its innermost array, or `t` itself.
pub(super) fn innermost(defs: &HashMap<Word, Instruction>, mut t: Word) -> Word {
    let array = |d: &&Instruction| matches!(d.class.opcode, Op::TypeArray | Op::TypeRuntimeArray);
    while let Some(Operand::IdRef(e)) = defs.get(&t).filter(array).and_then(|d| d.operands.first()) {
        t = *e;
    }
    t
}

/// The structs that variables of the storage classes `classes` reach (through arrays and
/// members), each with the class of a variable reaching it (listed once per class).
pub(super) fn block_structs(module: &dr::Module, defs: &HashMap<Word, Instruction>, classes: &[StorageClass]) -> Vec<(Word, StorageClass)> {
    structs_reached(module, defs, |sc, _| classes.contains(&sc))
}

/// The structs that the global variables `reaches` accepts (by storage class and pointee type)
/// reach, through arrays and members, each with the class of a variable reaching it (listed
/// once per class).
pub(super) fn structs_reached(
    module: &dr::Module,
    defs: &HashMap<Word, Instruction>,
    reaches: impl Fn(StorageClass, Word) -> bool,
) -> Vec<(Word, StorageClass)> {
    let mut reached: Vec<(Word, StorageClass)> = Vec::new();
    for v in module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable) {
        let Some(Operand::StorageClass(sc)) = v.operands.first() else { continue };
        let Some(Operand::IdRef(ty)) = v.result_type.and_then(|p| defs.get(&p)).and_then(|p| p.operands.get(1)) else { continue };
        if !reaches(*sc, *ty) {
            continue;
        }
        let mut stack = vec![*ty];
        while let Some(t) = stack.pop() {
            let t = innermost(defs, t);
            let Some(d) = defs.get(&t).filter(|d| d.class.opcode == Op::TypeStruct && !reached.contains(&(t, *sc))) else { continue };
            reached.push((t, *sc));
            stack.extend(d.operands.iter().filter_map(|o| if let Operand::IdRef(m) = o { Some(*m) } else { None }));
        }
    }
    reached
}

/// Rewrites every function of `module` for `mapping`. `defs` are the global definitions the
/// chains' types are read from (struct members by their original index).
pub(super) fn rewrite<P: Mapping>(module: &mut dr::Module, defs: &HashMap<Word, Instruction>, mapping: &mut P) -> Result<(), String> {
    let uint = super::type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    let mut walk = Walk { defs, pointers: HashMap::new(), uint };
    for v in module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable) {
        let Some(Operand::StorageClass(sc)) = v.operands.first() else { continue };
        let pointee = v.result_type.and_then(|p| defs.get(&p)).and_then(|p| p.operands.get(1));
        if let (true, Some(id), Some(Operand::IdRef(t))) = (mapping.follows(*sc), v.result_id, pointee) {
            walk.pointers.insert(id, (At::Type(*t), *sc));
        }
    }
    for fi in 0..module.functions.len() {
        for bi in 0..module.functions[fi].blocks.len() {
            let old = std::mem::take(&mut module.functions[fi].blocks[bi].instructions);
            let mut out = Vec::with_capacity(old.len());
            for inst in old {
                walk.instruction(module, mapping, inst, &mut out)?;
            }
            module.functions[fi].blocks[bi].instructions = out;
        }
    }
    Ok(())
}

struct Walk<'a, M> {
    defs: &'a HashMap<Word, Instruction>,
    /// Followed pointers: where each points, in which storage class.
    pointers: HashMap<Word, (At<M>, StorageClass)>,
    uint: Word,
}

impl<M: Copy> Walk<'_, M> {
    fn followed(&self, operand: Option<&Operand>) -> Option<Access<M>> {
        let Some(Operand::IdRef(p)) = operand else { return None };
        self.pointers.get(p).map(|&(at, sc)| Access { pointer: *p, at, sc })
    }

    fn instruction<P: Mapping<Mapped = M>>(
        &mut self,
        module: &mut dr::Module,
        mapping: &mut P,
        inst: Instruction,
        out: &mut Vec<Instruction>,
    ) -> Result<(), String> {
        let replaced = match (inst.class.opcode, self.followed(inst.operands.first())) {
            (Op::AccessChain | Op::InBoundsAccessChain, Some(a)) => return self.chain(module, mapping, inst, a, out),
            (Op::Load, Some(a)) => mapping.load(module, &inst, a, out)?,
            (Op::Store, Some(a)) => mapping.store(module, &inst, a, out)?,
            _ => false,
        };
        if !replaced {
            for operand in &inst.operands {
                if let Some(a) = self.followed(Some(operand)) {
                    mapping.other(inst.class.opcode, a.at)?;
                }
            }
            out.push(inst);
        }
        Ok(())
    }

    /// An access chain from the followed pointer `base`.
    fn chain<P: Mapping<Mapped = M>>(
        &mut self,
        module: &mut dr::Module,
        mapping: &mut P,
        mut inst: Instruction,
        Access { at: start, sc, .. }: Access<M>,
        out: &mut Vec<Instruction>,
    ) -> Result<(), String> {
        if let At::Mapped(m) = start {
            mapping.start(m)?;
        }
        let mut operands = std::mem::take(&mut inst.operands).into_iter();
        let mut chain = Chain { ops: operands.next().into_iter().collect(), rest: operands, uint: self.uint };
        let mut at = start;
        while let Some(index) = chain.next_index() {
            at = match at {
                At::Mapped(m) => mapping.index(module, m, index, &mut chain)?,
                At::Type(t) => self.step(module, mapping, t, index, &mut chain)?,
            };
        }
        inst.operands = chain.ops;
        let keep = match at {
            At::Mapped(m) => mapping.end(module, &mut inst, m, sc)?,
            At::Type(_) => true,
        };
        if let Some(id) = inst.result_id {
            self.pointers.insert(id, (at, sc));
        }
        if keep {
            out.push(inst);
        }
        Ok(())
    }

    /// One index into a value of type `t`, pushed onto `chain` (or its replacement).
    fn step<P: Mapping<Mapped = M>>(
        &self,
        module: &mut dr::Module,
        mapping: &P,
        t: Word,
        index: Operand,
        chain: &mut Chain,
    ) -> Result<At<M>, String> {
        let Operand::IdRef(id) = index else { return Err("an access chain index that is not an id".into()) };
        let element = |e: &Operand| match e {
            Operand::IdRef(e) => At::Type(*e),
            _ => At::Type(0),
        };
        let (at, renumbered) = match self.defs.get(&t).map(|d| (d.class.opcode, d.operands.as_slice())) {
            Some((Op::TypeStruct, members)) => match super::constant_value(self.defs.get(&id)) {
                Some(k) => {
                    let member = members.get(k as usize).map_or(At::Type(0), element);
                    match mapping.member(t, k) {
                        Member::Kept => (member, None),
                        Member::Renumbered(n) => (member, Some(n)),
                        Member::Mapped(m) => (At::Mapped(m), None),
                    }
                }
                None => (At::Type(0), None),
            },
            Some((Op::TypeArray | Op::TypeRuntimeArray | Op::TypeVector | Op::TypeMatrix, [e, ..])) => (element(e), None),
            _ => (At::Type(0), None),
        };
        match renumbered {
            Some(n) => chain.push_constant(module, n),
            None => chain.ops.push(index),
        }
        Ok(at)
    }
}
