//! Whole values of structs whose members a layout pass changed (`std140`'s padded arrays,
//! `row_major`'s transposed matrices), held at any depth, through arrays.
//!
//! A struct type holding a changed member keeps its id with the member's new type, so a value
//! of it loaded whole would hold the new member where its users expect the original. Such a
//! load from a block becomes loads member by member into a *twin* of its type (the same shape
//! with the original member types), and what reads the value (extracts, and composites of that
//! type, a selection among array elements: `descriptor_select`) takes the twins' types; a store
//! of such a value becomes stores member by member, from extracts that take the twins' types
//! too. The pass says how one changed member is loaded and stored as its original type
//! ([`ChangedMembers`]); other uses of such a value are refused.

use super::{constant, fresh_id, pointer_type, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// Loads or stores one value loaded or stored whole may take (a 64 KiB uniform buffer holds
/// 4096 vec4s).
pub(super) const MAX_WHOLE: u32 = 4096;

/// How a layout pass reads and writes a member it changed, as the member's original type.
pub(super) trait ChangedMembers {
    /// Member `k` of struct `s`, if the pass changed it: its original type.
    fn original(&self, s: Word, k: u32) -> Option<Word>;
    /// The loads (or stores) [`Self::load`] (or [`Self::store`]) takes for `member`, counted
    /// before any is emitted.
    fn cost(&self, member: (Word, u32)) -> u64;
    /// Emits into `out` the value `id` (of the original type) of the changed member `member`
    /// at the chain `base` (a pointer of storage class `sc` and the member's index).
    fn load(
        &self,
        module: &mut dr::Module,
        member: (Word, u32),
        base: &[Operand],
        id_sc: (Word, StorageClass),
        out: &mut Vec<Instruction>,
    ) -> Result<(), String>;
    /// Emits into `out` the stores of `value` (of the original type) into the changed member
    /// `member` at the chain `base`.
    fn store(
        &self,
        module: &mut dr::Module,
        member: (Word, u32),
        base: &[Operand],
        value_sc: (Word, StorageClass),
        out: &mut Vec<Instruction>,
    ) -> Result<(), String>;
}

/// The whole values of the `holders` (the structs holding changed members, and arrays and
/// structs holding those) one pass meets.
pub(super) struct WholeValues<'a, C> {
    changed: &'a C,
    holders: &'a [Word],
    defs: &'a HashMap<Word, Instruction>,
    /// A holder type → its twin.
    twins: HashMap<Word, Word>,
    uint: Word,
    /// Loads or stores left to the value being loaded or stored.
    budget: u32,
    /// Loads of holders met by the access-chain walk, rewritten by [`Self::finish`]: (load,
    /// pointer, type, storage class).
    loads: Vec<(Word, Word, Word, StorageClass)>,
    /// Values stored whole (split by [`Self::store`]): each must be one [`Self::finish`] gives
    /// a twin type (a load or a composite of the module's).
    stored: Vec<Word>,
}

impl<'a, C: ChangedMembers> WholeValues<'a, C> {
    pub fn new(changed: &'a C, holders: &'a [Word], defs: &'a HashMap<Word, Instruction>, uint: Word) -> Self {
        WholeValues { changed, holders, defs, twins: HashMap::new(), uint, budget: MAX_WHOLE, loads: Vec::new(), stored: Vec::new() }
    }

    pub fn holds_changed(&self, ty: Word) -> bool {
        self.holders.contains(&ty)
    }

    /// A load of a holder `ty` at `pointer`, left for [`Self::finish`] (the walk keeps the
    /// instruction: later loads in the block see their pointers' types unchanged).
    pub fn defer_load(&mut self, load: Word, pointer: Word, ty: Word, sc: StorageClass) {
        self.loads.push((load, pointer, ty, sc));
    }

    /// Emits into `out` the stores of `value`, of the holder type `ty`, at `pointer` of storage
    /// class `sc`: member by member and element by element down to what holds no changed
    /// member.
    pub fn store(
        &mut self,
        module: &mut dr::Module,
        at: (Word, StorageClass),
        ty: Word,
        value: Word,
        out: &mut Vec<Instruction>,
    ) -> Result<(), String> {
        self.stored.push(value);
        self.budget = MAX_WHOLE;
        self.store_parts(module, at, ty, value, out)
    }

    fn store_parts(
        &mut self,
        module: &mut dr::Module,
        (pointer, sc): (Word, StorageClass),
        ty: Word,
        value: Word,
        out: &mut Vec<Instruction>,
    ) -> Result<(), String> {
        let parts = match self.parts(ty)? {
            Some(parts) => parts,
            None => {
                self.spend(1)?;
                out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(pointer), Operand::IdRef(value)]));
                return Ok(());
            }
        };
        for (k, part, original) in parts {
            let index = constant(module, self.uint, k);
            let element = fresh_id(module);
            // (`finish` gives a holder's part its twin type.)
            out.push(Instruction::new(
                Op::CompositeExtract,
                Some(original.unwrap_or(part)),
                Some(element),
                vec![Operand::IdRef(value), Operand::LiteralBit32(k)],
            ));
            if original.is_some() {
                self.spend(self.changed.cost((ty, k)))?;
                let base = [Operand::IdRef(pointer), Operand::IdRef(index)];
                self.changed.store(module, (ty, k), &base, (element, sc), out)?;
                continue;
            }
            let chain = fresh_id(module);
            let part_pointer = pointer_type(module, sc, part);
            out.push(Instruction::new(
                Op::AccessChain,
                Some(part_pointer),
                Some(chain),
                vec![Operand::IdRef(pointer), Operand::IdRef(index)],
            ));
            self.store_parts(module, (chain, sc), part, element, out)?;
        }
        Ok(())
    }

    /// Rewrites the deferred loads into twins and gives the twins' types to what reads them
    /// and to the values stored whole; `Err` names a use of such a value that cannot follow.
    pub fn finish(mut self, module: &mut dr::Module) -> Result<(), String> {
        if self.loads.is_empty() && self.stored.is_empty() {
            return Ok(());
        }
        let loads = std::mem::take(&mut self.loads);
        for &(load, pointer, ty, sc) in &loads {
            self.rewrite_load(module, load, pointer, ty, sc)?;
        }
        let loaded: Vec<Word> = loads.iter().map(|(load, ..)| *load).collect();
        let typed = self.retype(module, &loaded)?;
        match self.stored.iter().find(|v| !typed.contains(v)) {
            Some(v) => Err(format!("a value stored whole that is not loaded or built here (%{v}: a parameter, or loaded from elsewhere)")),
            None => Ok(()),
        }
    }

    fn spend(&mut self, n: u64) -> Result<(), String> {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        self.budget = self.budget.checked_sub(n).ok_or(format!("more than {MAX_WHOLE} loads or stores"))?;
        Ok(())
    }

    /// A holder's parts: (index, type, the original type of a changed member); `None` for a
    /// type that holds no changed member.
    #[allow(clippy::type_complexity)]
    fn parts(&self, ty: Word) -> Result<Option<Vec<(u32, Word, Option<Word>)>>, String> {
        if !self.holders.contains(&ty) {
            return Ok(None);
        }
        let d = self.defs.get(&ty).ok_or_else(|| format!("an undefined type %{ty}"))?;
        Ok(match (d.class.opcode, d.operands.as_slice()) {
            (Op::TypeArray, [Operand::IdRef(e), Operand::IdRef(len)]) => {
                let n = super::constant_value(self.defs.get(len)).ok_or("an array of a length set when the pipeline is made")?;
                if n > self.budget {
                    return Err(format!("more than {MAX_WHOLE} loads or stores"));
                }
                Some((0..n).map(|i| (i, *e, None)).collect())
            }
            (Op::TypeStruct, members) => Some(
                members
                    .iter()
                    .enumerate()
                    .filter_map(|(k, m)| match m {
                        Operand::IdRef(m) => Some((k as u32, *m, self.changed.original(ty, k as u32))),
                        _ => None,
                    })
                    .collect(),
            ),
            _ => None,
        })
    }

    /// The twin of `ty` (itself when it holds no changed member).
    fn twin(&mut self, module: &mut dr::Module, ty: Word) -> Word {
        if !self.holders.contains(&ty) {
            return ty;
        }
        if let Some(t) = self.twins.get(&ty) {
            return *t;
        }
        let Some(d) = self.defs.get(&ty).cloned() else { return ty };
        let twin = match (d.class.opcode, d.operands.as_slice()) {
            (Op::TypeArray, [Operand::IdRef(e), len]) => {
                let e = self.twin(module, *e);
                type_id(module, Op::TypeArray, vec![Operand::IdRef(e), len.clone()])
            }
            (Op::TypeStruct, members) => {
                let mut twin_members = Vec::with_capacity(members.len());
                for (k, m) in members.iter().enumerate() {
                    let Operand::IdRef(m) = m else { continue };
                    let t = match self.changed.original(ty, k as u32) {
                        Some(original) => original,
                        None => self.twin(module, *m),
                    };
                    twin_members.push(Operand::IdRef(t));
                }
                // A new struct even when one of the same members exists: structs are nominal.
                let id = fresh_id(module);
                module.types_global_values.push(Instruction::new(Op::TypeStruct, None, Some(id), twin_members));
                id
            }
            _ => ty,
        };
        self.twins.insert(ty, twin);
        twin
    }

    /// Emits into `out` the value of `ty` at `pointer` (of storage class `sc`), as its twin.
    fn value(
        &mut self,
        module: &mut dr::Module,
        (pointer, sc): (Word, StorageClass),
        ty: Word,
        out: &mut Vec<Instruction>,
    ) -> Result<Word, String> {
        let twin = self.twin(module, ty);
        let Some(parts) = self.parts(ty)? else {
            self.spend(1)?;
            let id = fresh_id(module);
            out.push(Instruction::new(Op::Load, Some(ty), Some(id), vec![Operand::IdRef(pointer)]));
            return Ok(id);
        };
        let mut values = Vec::with_capacity(parts.len());
        for (k, part, original) in parts {
            let index = constant(module, self.uint, k);
            if original.is_some() {
                self.spend(self.changed.cost((ty, k)))?;
                let id = fresh_id(module);
                let base = [Operand::IdRef(pointer), Operand::IdRef(index)];
                self.changed.load(module, (ty, k), &base, (id, sc), out)?;
                values.push(Operand::IdRef(id));
                continue;
            }
            let part_pointer = pointer_type(module, sc, part);
            let chain = fresh_id(module);
            out.push(Instruction::new(
                Op::AccessChain,
                Some(part_pointer),
                Some(chain),
                vec![Operand::IdRef(pointer), Operand::IdRef(index)],
            ));
            values.push(Operand::IdRef(self.value(module, (chain, sc), part, out)?));
        }
        let id = fresh_id(module);
        out.push(Instruction::new(Op::CompositeConstruct, Some(twin), Some(id), values));
        Ok(id)
    }

    /// Replaces the load `load` of `ty` at `pointer` by its value as the twin type.
    fn rewrite_load(&mut self, module: &mut dr::Module, load: Word, pointer: Word, ty: Word, sc: StorageClass) -> Result<(), String> {
        let Some((fi, bi, ii)) = module.functions.iter().enumerate().find_map(|(fi, f)| {
            f.blocks
                .iter()
                .enumerate()
                .find_map(|(bi, b)| b.instructions.iter().position(|i| i.result_id == Some(load)).map(|ii| (fi, bi, ii)))
        }) else {
            return Ok(());
        };
        let mut out = Vec::new();
        self.budget = MAX_WHOLE;
        let value = self.value(module, (pointer, sc), ty, &mut out)?;
        // The value takes the load's id.
        if let Some(last) = out.last_mut() {
            if last.result_id == Some(value) {
                last.result_id = Some(load);
            }
        }
        module.functions[fi].blocks[bi].instructions.splice(ii..=ii, out);
        Ok(())
    }

    /// Gives the twins' types to what reads the rewritten `loads`: extracts (and what they
    /// extract), and composites built of a holder type; `Err` names another use of such a value.
    /// The values of twin types.
    fn retype(&mut self, module: &mut dr::Module, loads: &[Word]) -> Result<HashSet<Word>, String> {
        let holders: Vec<Word> = self.holders.to_vec();
        // The twins of the holders a value is made of: loaded (made by `value`) or built.
        let built: Vec<Word> = module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .filter(|i| i.class.opcode == Op::CompositeConstruct)
            .filter_map(|i| i.result_type.filter(|t| holders.contains(t)))
            .collect();
        for t in built {
            self.twin(module, t);
        }
        let twins = self.twins.clone();
        let twin_defs = super::global_defs(module);
        let is_twin = |t: Word| twins.iter().any(|(h, tw)| *tw == t && *tw != *h);
        let mut typed: HashSet<Word> = loads.iter().copied().collect();
        let mut types: HashMap<Word, Word> = HashMap::new();
        for f in &module.functions {
            for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
                if let (Some(id), Some(t)) = (inst.result_id, inst.result_type) {
                    types.insert(id, t);
                }
            }
        }
        for f in &mut module.functions {
            for inst in f.blocks.iter_mut().flat_map(|b| b.instructions.iter_mut()) {
                let reads_typed = inst.operands.iter().any(|o| matches!(o, Operand::IdRef(x) if typed.contains(x)));
                match inst.class.opcode {
                    Op::CompositeConstruct if inst.result_type.is_some_and(|t| twins.contains_key(&t)) => {
                        let t = twins[&inst.result_type.unwrap_or(0)];
                        inst.result_type = Some(t);
                        if let Some(id) = inst.result_id {
                            typed.insert(id);
                            types.insert(id, t);
                        }
                    }
                    Op::CompositeExtract if matches!(inst.operands.first(), Some(Operand::IdRef(x)) if typed.contains(x)) => {
                        let Some(Operand::IdRef(from)) = inst.operands.first() else { continue };
                        let at = extracted_type(&twin_defs, types.get(from).copied().unwrap_or(0), &inst.operands[1..])?;
                        inst.result_type = Some(at);
                        if let Some(id) = inst.result_id {
                            types.insert(id, at);
                            // An inner struct or array holding a changed member is followed.
                            if is_twin(at) {
                                typed.insert(id);
                            }
                        }
                    }
                    op if reads_typed => return Err(format!("its value used by {op:?}")),
                    op if inst.result_type.is_some_and(|t| holders.contains(&t) && !is_twin(t)) && op != Op::Load => {
                        return Err(format!("a value of its type made by {op:?}"));
                    }
                    _ => {}
                }
            }
        }
        Ok(typed)
    }
}

/// The type `OpCompositeExtract` with the literal `indices` takes out of a value of type `ty`.
fn extracted_type(defs: &HashMap<Word, Instruction>, mut ty: Word, indices: &[Operand]) -> Result<Word, String> {
    for index in indices {
        let Operand::LiteralBit32(k) = index else { return Err("a malformed OpCompositeExtract".into()) };
        ty = match defs.get(&ty).map(|d| (d.class.opcode, d.operands.as_slice())) {
            Some((Op::TypeStruct, members)) => match members.get(*k as usize) {
                Some(Operand::IdRef(m)) => *m,
                _ => return Err("an extract past a struct's members".into()),
            },
            Some((Op::TypeArray | Op::TypeMatrix | Op::TypeVector, [Operand::IdRef(e), ..])) => *e,
            _ => return Err("an extract from a scalar".into()),
        };
    }
    Ok(ty)
}
