//! A read-only view of a SPIR-V module's words: what the load checks and reflection read,
//! without building rspirv's `dr::Module` (an allocation per instruction).
//!
//! [`ModuleView::read`] walks the words once with the reader's grammar-driven decoder
//! ([`crate::spirv_reader`]), keeping per instruction its opcode, result type and id, its
//! operand words and the ids among them; and per result id its defining instruction. Sections
//! are in rspirv's assembly order: a module whose words are out of that order has its
//! instructions moved to their sections as rspirv's loader moves them. [`ModuleView::of_module`]
//! views a `dr::Module` (the lowering passes' modules) through its assembly.
//!
//! Invariants, checked against rspirv by [`check_agrees_with_rspirv`] (translator tests on
//! every seed and kept fuzz input, and the `spirv_words` fuzz target on every input):
//! - [`ModuleView::read`] succeeds only where `rspirv::dr::load_words` succeeds (it may refuse
//!   more: the caller then reads the module with rspirv and views that);
//! - when it succeeds, it holds the instructions, operand words and ids that viewing rspirv's
//!   module gives, and `in_order` means that assembling rspirv's module gives the words back
//!   (bar the header's generator and schema words).

use crate::spare::SpareVec;
use crate::spirv_reader::{decode_entry_into, delegate, entries, Entry, IdOperands, Section, Stop, Types};
use rspirv::dr::{self, Operand};
use spirv::{Op, Word};
use std::borrow::Cow;
use std::ops::Range;

/// One instruction as kept by the view (28 bytes: a shader has a few hundred).
#[derive(Debug, Clone, Copy)]
struct Record {
    opcode: Op,
    section: Section,
    /// Bit 0: has a result type; bit 1: has a result id.
    results: u8,
    /// Operand words after the result type and id: `words[operands..operands + operand_count]`.
    operand_count: u16,
    operands: u32,
    result_type: Word,
    result_id: Word,
    /// `ids[ids..ids + id_count]` are the id operands.
    ids: u32,
    id_count: u16,
}

crate::spare::spare!(Record);

impl Record {
    fn result_type(&self) -> Option<Word> {
        (self.results & 1 != 0).then_some(self.result_type)
    }
    fn result_id(&self) -> Option<Word> {
        (self.results & 2 != 0).then_some(self.result_id)
    }
}

/// One instruction of a [`ModuleView`].
#[derive(Debug, Clone, Copy)]
pub struct Inst<'v> {
    pub opcode: Op,
    pub result_type: Option<Word>,
    pub result_id: Option<Word>,
    /// The operand words after the result type and id (strings take several words, 64-bit
    /// literals two).
    pub operands: &'v [u32],
    /// The id operands (`IdRef`, `IdScope`, `IdMemorySemantics`), in order; not the result
    /// type.
    pub ids: &'v [Word],
}

impl<'v> Inst<'v> {
    /// The operand words from `at` on read as a nul-terminated string, and the words after it.
    pub fn string_at(&self, at: usize) -> Option<(String, &'v [u32])> {
        let operands: &'v [u32] = self.operands;
        literal_string(operands.get(at..)?)
    }
}

/// The atomic instructions that write memory (every atomic but the load and the flag
/// operations, which Vulkan's shaders never use), each taking its memory semantics as id
/// operand 2 (the compare-exchanges their two semantics as 2 and 3).
pub fn is_atomic_write(op: Op) -> bool {
    matches!(
        op,
        Op::AtomicStore
            | Op::AtomicExchange
            | Op::AtomicCompareExchange
            | Op::AtomicCompareExchangeWeak
            | Op::AtomicIIncrement
            | Op::AtomicIDecrement
            | Op::AtomicIAdd
            | Op::AtomicISub
            | Op::AtomicSMin
            | Op::AtomicUMin
            | Op::AtomicSMax
            | Op::AtomicUMax
            | Op::AtomicAnd
            | Op::AtomicOr
            | Op::AtomicXor
            | Op::AtomicFAddEXT
            | Op::AtomicFMinEXT
            | Op::AtomicFMaxEXT
    )
}

/// A nul-terminated UTF-8 string at the start of `words`, and the words after it.
pub fn literal_string(words: &[u32]) -> Option<(String, &[u32])> {
    let mut bytes = Vec::new();
    for (k, w) in words.iter().enumerate() {
        let b = w.to_le_bytes();
        if let Some(nul) = b.iter().position(|x| *x == 0) {
            bytes.extend_from_slice(&b[..nul]);
            return String::from_utf8(bytes).ok().map(|s| (s, &words[k + 1..]));
        }
        bytes.extend_from_slice(&b);
    }
    None
}

/// A `u32` per id: a flat table for small bounds (all real modules), a map beyond (a
/// malformed header's bound can be anything). The view's definitions (id → instruction
/// index), and the load checks' per-id tables.
#[derive(Debug, Clone)]
pub(crate) enum IdTable {
    Flat(SpareVec<u32>),
    Map(naga::FastHashMap<Word, u32>),
}

impl IdTable {
    const FLAT_BOUND: u32 = 1 << 16;
    const ABSENT: u32 = u32::MAX;

    pub(crate) fn new(bound: Word) -> Self {
        if bound <= Self::FLAT_BOUND {
            let mut flat = SpareVec::new();
            flat.resize(bound as usize, Self::ABSENT);
            IdTable::Flat(flat)
        } else {
            IdTable::Map(Default::default())
        }
    }
    #[inline]
    pub(crate) fn get(&self, id: Word) -> Option<u32> {
        match self {
            IdTable::Flat(v) => v.get(id as usize).copied().filter(|i| *i != Self::ABSENT),
            IdTable::Map(m) => m.get(&id).copied(),
        }
    }
    /// Sets `id` to `value` (not `u32::MAX`) unless it is set already (then `false`); an id at
    /// or above a flat table's bound is left out.
    pub(crate) fn insert_new(&mut self, id: Word, value: u32) -> bool {
        match self {
            IdTable::Flat(v) => match v.get_mut(id as usize) {
                Some(slot) if *slot == Self::ABSENT => {
                    *slot = value;
                    true
                }
                Some(_) => false,
                None => true,
            },
            IdTable::Map(m) => m.insert(id, value).is_none(),
        }
    }
    /// Sets `id` to `value` (not `u32::MAX`); an id at or above a flat table's bound is left out.
    pub(crate) fn set(&mut self, id: Word, value: u32) {
        match self {
            IdTable::Flat(v) => {
                if let Some(slot) = v.get_mut(id as usize) {
                    *slot = value;
                }
            }
            IdTable::Map(m) => {
                m.insert(id, value);
            }
        }
    }
}

/// The first problem with the module's result ids, in instruction order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdProblem {
    /// A result id at or above the header's bound.
    AboveBound(Word),
    /// A result id defined a second time.
    Redefined(Word),
}

/// A module's instructions over its words (borrowed, or owned for a viewed `dr::Module`).
#[derive(Debug, Clone)]
pub struct ModuleView<'w> {
    words: Cow<'w, [u32]>,
    records: SpareVec<Record>,
    ids: SpareVec<Word>,
    defs: IdTable,
    id_problem: Option<IdProblem>,
    /// Instruction ranges of each section, indexed by `Section as usize`.
    sections: [Range<u32>; SECTIONS],
    /// Instruction ranges of each function, `OpFunction` to `OpFunctionEnd`.
    functions: Vec<Range<u32>>,
    /// The opcodes the module uses.
    opcodes: OpcodeSet,
}

/// A set of opcodes: a bit per opcode below [`OpcodeSet::BITS`] (every opcode SPIR-V's grammar
/// names today), and one flag for all above, which then count as present.
#[derive(Debug, Clone)]
struct OpcodeSet {
    bits: [u64; OpcodeSet::BITS / 64],
    above: bool,
}

impl OpcodeSet {
    const BITS: usize = 8192;

    fn new() -> Self {
        OpcodeSet { bits: [0; Self::BITS / 64], above: false }
    }
    #[inline]
    fn insert(&mut self, op: Op) {
        match self.bits.get_mut(op as usize / 64) {
            Some(word) => *word |= 1 << (op as usize % 64),
            None => self.above = true,
        }
    }
    #[inline]
    fn contains(&self, op: Op) -> bool {
        self.bits.get(op as usize / 64).map_or(self.above, |word| word & (1 << (op as usize % 64)) != 0)
    }
}

const SECTIONS: usize = Section::Functions as usize + 1;

/// Where the walk is, for the loader's structural rules.
#[derive(Default)]
struct Layout {
    in_function: bool,
    in_block: bool,
    function_has_blocks: bool,
    section: Option<Section>,
    memory_model_seen: bool,
    in_order: bool,
}

impl Layout {
    /// The section of an instruction with opcode `op`; `None` where rspirv's loader refuses
    /// it. Clears `in_order` where rspirv would move it.
    fn place(&mut self, op: Op, entry: &Entry) -> Option<Section> {
        let section = entry.section(self.in_function, self.in_block);
        let out_of_order = if self.in_function {
            section != Section::Functions || (op == Op::FunctionParameter && (self.in_block || self.function_has_blocks))
        } else {
            self.section.is_some_and(|s| section < s) || (op == Op::MemoryModel && self.memory_model_seen)
        };
        if out_of_order {
            self.in_order = false;
        }
        self.section = Some(section);
        match op {
            Op::MemoryModel => self.memory_model_seen = true,
            Op::Function if section == Section::Functions => {
                if self.in_function {
                    return None;
                }
                self.in_function = true;
                self.function_has_blocks = false;
            }
            Op::FunctionEnd => {
                if self.in_block || !self.in_function {
                    return None;
                }
                self.in_function = false;
            }
            Op::FunctionParameter => {
                if !self.in_function {
                    return None;
                }
            }
            Op::Label => {
                if !self.in_function || self.in_block {
                    return None;
                }
                self.in_block = true;
                self.function_has_blocks = true;
            }
            _ if section == Section::Functions && entry.terminator => {
                if !self.in_block {
                    return None;
                }
                self.in_block = false;
            }
            _ if section == Section::Functions && !self.in_block => return None,
            _ => {}
        }
        Some(section)
    }
}

impl<'w> ModuleView<'w> {
    /// Views `words` (borrowed or owned), and whether they hold the module in rspirv's
    /// assembly order; `None` where the reader's fast path stops (rspirv then reads the
    /// module, or reports the error).
    pub fn read(words: impl Into<Cow<'w, [u32]>>) -> Option<(ModuleView<'w>, bool)> {
        let kept = words.into();
        let words: &[u32] = &kept;
        if words.len() < 5 || words[0] != spirv::MAGIC_NUMBER {
            return None;
        }
        let bound = words[3];
        let mut types = Types::new(bound);
        let mut layout = Layout { in_order: true, ..Layout::default() };
        let mut view = ModuleView::empty(Cow::Borrowed(&[]), bound);
        // Sized ahead for shaders' usual three to five words per instruction and an id in about
        // half the operand words (counting the instructions first cost a quarter of the walk:
        // one dependent load per instruction).
        view.records.reserve(words.len() / 3);
        view.ids.reserve(words.len() / 2);
        let entries = entries();
        let mut at = 5;
        while at < words.len() {
            let count = (words[at] >> 16) as usize;
            if count == 0 || at + count > words.len() {
                return None;
            }
            let entry = entries.get((words[at] & 0xffff) as usize).and_then(Option::as_ref)?;
            let op = entry.opcode;
            let ids = view.ids.len();
            let operand_words = &words[at + 1..at + count];
            let decoded = match common_ids(op, operand_words, &types, &mut view.ids) {
                Some(results) => Ok(results),
                None => decode_entry_into(entry, operand_words, &types, &mut IdOperands { ids: &mut view.ids, first: None }),
            };
            let (result_type, result_id) = match decoded {
                Ok((rt, rid, canonical)) => {
                    layout.in_order &= canonical;
                    (rt, rid)
                }
                Err(Stop::Delegate) => {
                    let inst = delegate(words, &words[at..at + count])?;
                    if layout.in_order {
                        use rspirv::binary::Assemble;
                        let mut back = Vec::with_capacity(count);
                        inst.assemble_into(&mut back);
                        layout.in_order = back == words[at..at + count];
                    }
                    view.ids.truncate(ids);
                    view.ids.extend(id_operands(&inst.operands));
                    (inst.result_type, inst.result_id)
                }
                Err(Stop::Module) => return None,
            };
            let first = at + 1 + usize::from(result_type.is_some()) + usize::from(result_id.is_some());
            types.track(op, result_type, result_id, &words[first..at + count]);
            let section = layout.place(op, entry)?;
            view.push(op, section, result_type, result_id, (first, at + count), ids, bound);
            at += count;
        }
        if layout.in_function {
            return None;
        }
        // rspirv keeps only the version's major and minor bytes.
        let in_order = layout.in_order && words[1] & 0xff00_00ff == 0;
        view.words = kept;
        view.finish(in_order);
        Some((view, in_order))
    }

    /// Views a `dr::Module` through its assembly (with the ids rspirv's operands name). Passes
    /// may define ids before raising the header's bound, so every id is looked up and none is
    /// reported above the bound.
    pub fn of_module(module: &dr::Module) -> ModuleView<'static> {
        Self::of_module_bounded(module, false)
    }

    /// Views a module rspirv read from input words: as [`ModuleView::of_module`], except that
    /// a result id at or above the header's bound is an [`IdProblem`], as when the view reads
    /// words itself (the lowering passes allocate fresh ids from the bound).
    pub fn of_read_module(module: &dr::Module) -> ModuleView<'static> {
        Self::of_module_bounded(module, true)
    }

    fn of_module_bounded(module: &dr::Module, input: bool) -> ModuleView<'static> {
        use rspirv::binary::Assemble;
        let bound = module.header.as_ref().map_or(0, |h| h.bound);
        let mut words = module.header.as_ref().map_or_else(|| vec![spirv::MAGIC_NUMBER, 0x0001_0000, 0, 0, 0], |h| h.assemble());
        let mut records = Vec::new();
        let sections: [(Section, &[dr::Instruction]); 10] = [
            (Section::Capabilities, &module.capabilities),
            (Section::Extensions, &module.extensions),
            (Section::ExtInstImports, &module.ext_inst_imports),
            (Section::MemoryModel, module.memory_model.as_slice()),
            (Section::EntryPoints, &module.entry_points),
            (Section::ExecutionModes, &module.execution_modes),
            (Section::DebugStringSource, &module.debug_string_source),
            (Section::DebugNames, &module.debug_names),
            (Section::DebugModuleProcessed, &module.debug_module_processed),
            (Section::Annotations, &module.annotations),
        ];
        let globals = sections.into_iter().chain([(Section::TypesGlobalValues, module.types_global_values.as_slice())]);
        for (section, insts) in globals {
            records.extend(insts.iter().map(|i| (section, i)));
        }
        for f in &module.functions {
            let blocks = f.blocks.iter().flat_map(|b| b.label.iter().chain(&b.instructions));
            records.extend(f.def.iter().chain(&f.parameters).chain(blocks).chain(&f.end).map(|i| (Section::Functions, i)));
        }
        let defined = records.iter().filter_map(|(_, i)| i.result_id).max().map_or(0, |m| m.saturating_add(1));
        let (table_bound, checked_bound) = if input { (bound, bound) } else { (bound.max(defined), u32::MAX) };
        let mut view = ModuleView::empty(Cow::Owned(Vec::new()), table_bound);
        for (section, inst) in records {
            let start = words.len();
            inst.assemble_into(&mut words);
            let first = start + 1 + usize::from(inst.result_type.is_some()) + usize::from(inst.result_id.is_some());
            let ops = (first, words.len());
            let ids = view.ids.len();
            view.ids.extend(id_operands(&inst.operands));
            view.push(inst.class.opcode, section, inst.result_type, inst.result_id, ops, ids, checked_bound);
        }
        view.words = Cow::Owned(words);
        view.finish(true);
        view
    }

    /// A view of no instructions yet, looking up ids below `bound`.
    fn empty(words: Cow<'w, [u32]>, bound: Word) -> Self {
        ModuleView {
            words,
            records: SpareVec::new(),
            ids: SpareVec::new(),
            defs: IdTable::new(bound),
            id_problem: None,
            sections: std::array::from_fn(|_| 0..0),
            functions: Vec::new(),
            opcodes: OpcodeSet::new(),
        }
    }

    /// Records an instruction whose id operands are `ids[ids_from..]`.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        opcode: Op,
        section: Section,
        result_type: Option<Word>,
        result_id: Option<Word>,
        (first, end): (usize, usize),
        ids_from: usize,
        bound: Word,
    ) {
        let index = self.records.len() as u32;
        self.opcodes.insert(opcode);
        if let Some(id) = result_id {
            let problem = if id >= bound {
                Some(IdProblem::AboveBound(id))
            } else if !self.defs.insert_new(id, index) {
                Some(IdProblem::Redefined(id))
            } else {
                None
            };
            if self.id_problem.is_none() {
                self.id_problem = problem;
            }
        }
        self.records.push(Record {
            opcode,
            section,
            results: u8::from(result_type.is_some()) | (u8::from(result_id.is_some()) << 1),
            // An instruction has at most 65535 words.
            operand_count: (end - first) as u16,
            operands: first as u32,
            result_type: result_type.unwrap_or(0),
            result_id: result_id.unwrap_or(0),
            ids: ids_from as u32,
            // At most one id per word.
            id_count: (self.ids.len() - ids_from) as u16,
        });
    }

    /// The end in `ids` of a record's id operands.
    fn ids_end(&self, r: &Record) -> usize {
        r.ids as usize + r.id_count as usize
    }

    /// Sorts instructions into their sections (where rspirv moves them) and finds the
    /// sections' and functions' ranges.
    fn finish(&mut self, in_order: bool) {
        if !in_order {
            // Stable: each section keeps the words' order, as rspirv's loader appends.
            let mut order: Vec<u32> = (0..self.records.len() as u32).collect();
            order.sort_by_key(|i| self.records[*i as usize].section);
            let mut moved = SpareVec::new();
            moved.extend(order.iter().map(|i| self.records[*i as usize]));
            self.records = moved;
            self.defs = IdTable::new(self.bound());
            for (i, r) in self.records.iter().enumerate() {
                if let Some(id) = r.result_id() {
                    self.defs.insert_new(id, i as u32);
                }
            }
        }
        let mut start = 0u32;
        for (s, range) in self.sections.iter_mut().enumerate() {
            let end = start + self.records[start as usize..].iter().take_while(|r| r.section as usize == s).count() as u32;
            *range = start..end;
            start = end;
        }
        let functions = self.sections[Section::Functions as usize].clone();
        let mut begin = functions.start;
        for i in functions {
            if self.records[i as usize].opcode == Op::FunctionEnd {
                self.functions.push(begin..i + 1);
                begin = i + 1;
            }
        }
    }

    #[inline]
    fn inst(&self, r: &Record) -> Inst<'_> {
        let (operands, ids) = (r.operands as usize, r.ids as usize);
        Inst {
            opcode: r.opcode,
            result_type: r.result_type(),
            result_id: r.result_id(),
            operands: &self.words[operands..operands + r.operand_count as usize],
            ids: &self.ids[ids..self.ids_end(r)],
        }
    }

    fn range(&self, range: Range<u32>) -> impl DoubleEndedIterator<Item = Inst<'_>> + Clone + '_ {
        self.records[range.start as usize..range.end as usize].iter().map(|r| self.inst(r))
    }

    /// The header's id bound.
    pub fn bound(&self) -> Word {
        self.words.get(3).copied().unwrap_or(0)
    }

    /// The words viewed (a viewed `dr::Module`'s assembly).
    pub fn words(&self) -> &[u32] {
        &self.words
    }

    /// The first result id above the bound or defined twice, in the words' order.
    pub fn id_problem(&self) -> Option<IdProblem> {
        self.id_problem
    }

    /// Whether an instruction defines `id`.
    #[inline]
    pub fn defines(&self, id: Word) -> bool {
        self.defs.get(id).is_some()
    }

    /// The first id an instruction refers to (its result type or an id operand) that no
    /// instruction defines, with that instruction's opcode.
    pub fn undefined_reference(&self) -> Option<(Op, Word)> {
        // Every id operand is in `ids` (one run per record): all defined is the common answer,
        // found without going through the records.
        let defined = |id: &Word| self.defines(*id);
        if self.ids.iter().all(defined) && self.records.iter().all(|r| r.result_type().is_none_or(|t| defined(&t))) {
            return None;
        }
        self.records.iter().find_map(|r| {
            let ids = self.ids[r.ids as usize..self.ids_end(r)].iter().copied();
            r.result_type().into_iter().chain(ids).find(|id| !self.defines(*id)).map(|id| (r.opcode, id))
        })
    }

    /// The first instruction in a function that names an id defined after it (or its own
    /// result), with its opcode and the id. SPIR-V allows such forward references only to
    /// labels (branches, merges, `OpPhi`'s parents), to functions (calls), in `OpPhi` (values
    /// from back edges) and in `OpExtInstWithForwardRefsKHR` (debug information): a definition
    /// dominates its other uses, and blocks come in dominance order. spirv-val says "has not
    /// been defined" of the rest.
    pub fn forward_reference(&self) -> Option<(Op, Word)> {
        let functions = &self.sections[Section::Functions as usize];
        for i in functions.start..functions.end {
            let r = &self.records[i as usize];
            if matches!(r.opcode, Op::Phi | Op::ExtInstWithForwardRefsKHR) {
                continue;
            }
            for &id in &self.ids[r.ids as usize..self.ids_end(r)] {
                let Some(d) = self.defs.get(id) else { continue };
                if d >= i && !matches!(self.records[d as usize].opcode, Op::Label | Op::Function) {
                    return Some((r.opcode, id));
                }
            }
        }
        None
    }

    /// Whether the module has an instruction of opcode `op` (in any section): a test that
    /// costs no walk, for predicates to make before they walk the instructions.
    #[inline]
    pub fn has_opcode(&self, op: Op) -> bool {
        self.opcodes.contains(op)
    }

    /// Whether the module has an instruction of one of the opcodes `ops` ([`Self::has_opcode`]).
    pub fn has_any_opcode(&self, ops: &[Op]) -> bool {
        ops.iter().any(|op| self.opcodes.contains(*op))
    }

    /// The instruction defining `id` (global or in a function).
    #[inline]
    pub fn def(&self, id: Word) -> Option<Inst<'_>> {
        self.defs.get(id).map(|i| self.inst(&self.records[i as usize]))
    }

    /// The instructions of one section, in order.
    pub(crate) fn section(&self, s: Section) -> impl DoubleEndedIterator<Item = Inst<'_>> + Clone + '_ {
        self.range(self.sections[s as usize].clone())
    }

    pub fn capabilities(&self) -> impl Iterator<Item = Inst<'_>> + Clone + '_ {
        self.section(Section::Capabilities)
    }
    pub fn extensions(&self) -> impl Iterator<Item = Inst<'_>> + Clone + '_ {
        self.section(Section::Extensions)
    }
    pub fn ext_inst_imports(&self) -> impl Iterator<Item = Inst<'_>> + Clone + '_ {
        self.section(Section::ExtInstImports)
    }
    /// The last `OpMemoryModel` (rspirv keeps the last of several).
    pub fn memory_model(&self) -> Option<Inst<'_>> {
        self.section(Section::MemoryModel).next_back()
    }
    pub fn entry_points(&self) -> impl Iterator<Item = Inst<'_>> + Clone + '_ {
        self.section(Section::EntryPoints)
    }
    pub fn execution_modes(&self) -> impl Iterator<Item = Inst<'_>> + Clone + '_ {
        self.section(Section::ExecutionModes)
    }
    pub fn debug_names(&self) -> impl Iterator<Item = Inst<'_>> + Clone + '_ {
        self.section(Section::DebugNames)
    }
    pub fn annotations(&self) -> impl Iterator<Item = Inst<'_>> + Clone + '_ {
        self.section(Section::Annotations)
    }
    pub fn types_global_values(&self) -> impl Iterator<Item = Inst<'_>> + Clone + '_ {
        self.section(Section::TypesGlobalValues)
    }

    /// Every instruction, sections in order.
    pub fn all(&self) -> impl Iterator<Item = Inst<'_>> + Clone + '_ {
        self.records.iter().map(|r| self.inst(r))
    }

    /// Each function's instructions, `OpFunction` to `OpFunctionEnd`.
    pub fn functions(&self) -> impl Iterator<Item = Function<'_>> + '_ {
        self.functions.iter().map(|f| Function { insts: self.records[f.start as usize..f.end as usize].iter(), view: self })
    }

    /// The instructions of every function's blocks (what rspirv keeps in `Block::instructions`).
    pub fn bodies(&self) -> impl Iterator<Item = Inst<'_>> + Clone + '_ {
        self.range(self.sections[Section::Functions as usize].clone()).filter(is_body)
    }

    /// The entry point `OpEntryPoint` naming function `entry_id`, if any.
    pub fn entry_point(&self, entry_id: Word) -> Option<EntryPoint<'_>> {
        self.entry_points().filter_map(EntryPoint::of).find(|ep| ep.function == entry_id)
    }
}

fn is_body(i: &Inst) -> bool {
    !matches!(i.opcode, Op::Function | Op::FunctionParameter | Op::Label | Op::FunctionEnd)
}

/// One function of a [`ModuleView`].
pub struct Function<'v> {
    insts: std::slice::Iter<'v, Record>,
    view: &'v ModuleView<'v>,
}

impl<'v> Function<'v> {
    /// The `OpFunction`.
    pub fn def(&self) -> Option<Inst<'v>> {
        self.insts.as_slice().first().map(|r| self.view.inst(r))
    }
    /// The instructions of the function's blocks.
    pub fn body(&self) -> impl Iterator<Item = Inst<'v>> + Clone + 'v {
        let view = self.view;
        self.insts.clone().map(move |r| view.inst(r)).filter(is_body)
    }
}

/// An `OpEntryPoint`, decoded.
#[derive(Debug, Clone)]
pub struct EntryPoint<'v> {
    pub model: spirv::ExecutionModel,
    pub function: Word,
    pub name: String,
    pub interface: &'v [Word],
}

impl<'v> EntryPoint<'v> {
    pub fn of(inst: Inst<'v>) -> Option<Self> {
        let [model, function, ..] = *inst.operands else { return None };
        let (name, interface) = inst.string_at(2)?;
        Some(EntryPoint { model: spirv::ExecutionModel::from_u32(model)?, function, name, interface })
    }
}

fn id_operands(operands: &[Operand]) -> impl Iterator<Item = Word> + '_ {
    operands.iter().filter_map(|o| match o {
        Operand::IdRef(id) | Operand::IdScope(id) | Operand::IdMemorySemantics(id) => Some(*id),
        _ => None,
    })
}

/// Checks the module invariant on `words` (which must pass [`crate::reflect::check_header`]):
/// a view [`ModuleView::read`] gives holds what viewing rspirv's module gives, and only where
/// rspirv reads the words. For tests and the `spirv_words` fuzz target.
pub fn check_agrees_with_rspirv(words: &[u32]) -> Result<(), String> {
    let Some((view, in_order)) = ModuleView::read(words) else { return Ok(()) };
    let module = rspirv::dr::load_words(words).map_err(|e| format!("the view reads words rspirv refuses ({e})"))?;
    let theirs = ModuleView::of_module(&module);
    let key = |i: Inst| (i.opcode as u32, i.result_type, i.result_id, i.ids.to_vec());
    let differ = |k: usize, a: Inst, b: Inst| format!("instruction {k} differs: {a:?} and rspirv's {b:?}");
    for s in (0..SECTIONS).filter(|s| *s != Section::MemoryModel as usize && *s != Section::Functions as usize) {
        let (ours, rspirvs) = (view.range(view.sections[s].clone()), theirs.range(theirs.sections[s].clone()));
        if ours.clone().count() != rspirvs.clone().count() {
            return Err(format!("section {s} has {} instructions, rspirv's {}", ours.count(), rspirvs.count()));
        }
        for (k, (a, b)) in ours.zip(rspirvs).enumerate() {
            // Operand words differ only where rspirv normalizes (string padding): not in order.
            if key(a) != key(b) || (in_order && a.operands != b.operands) {
                return Err(differ(k, a, b));
            }
        }
    }
    match (view.memory_model(), theirs.memory_model()) {
        (Some(a), Some(b)) if key(a) == key(b) && a.operands == b.operands => {}
        (None, None) => {}
        (a, b) => return Err(format!("memory models differ: {a:?} and rspirv's {b:?}")),
    }
    // rspirv gathers a function's parameters ahead of its blocks: out of order, compare the
    // functions' instructions as sets.
    let (mut ours, mut rspirvs): (Vec<_>, Vec<_>) =
        (view.section(Section::Functions).collect(), theirs.section(Section::Functions).collect());
    if !in_order {
        ours.sort_by_key(|i| key(*i));
        rspirvs.sort_by_key(|i| key(*i));
    }
    if ours.len() != rspirvs.len() || view.functions.len() != theirs.functions.len() {
        return Err("the view and rspirv's module differ in their functions".into());
    }
    // A string's words differ where rspirv zero-pads after the nul and the input did not
    // (which clears `in_order`): out of order, instructions with a string (such as
    // `OpGraphEntryPointARM`) compare by their key.
    let has_string = |op: Op| {
        crate::spirv_reader::entries()
            .get(op as usize)
            .and_then(Option::as_ref)
            .is_some_and(|e| e.grammar.operands.iter().any(|o| o.kind == rspirv::grammar::OperandKind::LiteralString))
    };
    for (k, (a, b)) in ours.into_iter().zip(rspirvs).enumerate() {
        if key(a) != key(b) || (a.operands != b.operands && (in_order || !has_string(a.opcode))) {
            return Err(differ(k, a, b));
        }
    }
    if in_order {
        if let Some(at) = crate::spirv_reader::first_difference(theirs.words(), words) {
            return Err(format!("the words are said to be in assembly order, but the assembly differs at word {at}"));
        }
    }
    // rspirv's own assembly is in order.
    let read_back = ModuleView::read(theirs.words()).is_some_and(|(_, in_order)| in_order);
    if read_back {
        Ok(())
    } else {
        Err("rspirv's assembly of the module does not read back in order".into())
    }
}

/// The ids of the commonest instructions whose grammar has an operand other than ids and
/// plain literals, in their usual encoding, without walking the grammar: `OpLoad`/`OpStore`
/// without memory operands, `OpVariable` and `OpTypePointer` with a known storage class,
/// `OpConstant` of a tracked 32- or 64-bit type, `OpName`/`OpMemberName` with one ASCII string
/// filling the instruction, `OpDecorate`/`OpMemberDecorate` with a decoration of no or one
/// literal or built-in argument; `OpFunction`, `OpSelectionMerge` and `OpLoopMerge` with
/// known control bits (loop controls without parameters), `OpTypeFloat` without an encoding,
/// `OpTypeImage` without an access qualifier, `OpImageSampleImplicitLod` without image
/// operands and `OpImageSampleExplicitLod` with `Lod` alone; and the module-level
/// `OpCapability`, `OpExtInstImport`, `OpMemoryModel` and `OpSource` (language and version
/// only) with known enumerants. `None` for everything else, and for any irregular encoding
/// (the grammar decoder then reads it, and reports what is wrong). Returns the result type and
/// id, and whether the words are canonical, as the decoder does.
#[inline(always)]
fn common_ids(op: Op, words: &[u32], types: &Types, ids: &mut Vec<Word>) -> Option<(Option<Word>, Option<Word>, bool)> {
    let storage_class = |w: u32| spirv::StorageClass::from_u32(w).is_some();
    match (op, words) {
        (Op::Load, &[rt, rid, pointer]) => {
            ids.push(pointer);
            Some((Some(rt), Some(rid), true))
        }
        (Op::Store, &[pointer, object]) => {
            ids.extend([pointer, object]);
            Some((None, None, true))
        }
        (Op::Variable, &[rt, rid, class]) if storage_class(class) => Some((Some(rt), Some(rid), true)),
        (Op::Variable, &[rt, rid, class, init]) if storage_class(class) => {
            ids.push(init);
            Some((Some(rt), Some(rid), true))
        }
        (Op::TypePointer, &[rid, class, pointee]) if storage_class(class) => {
            ids.push(pointee);
            Some((None, Some(rid), true))
        }
        (Op::Constant, &[rt, rid, ref value @ ..]) if value.len() == types.literal_words(rt)? => Some((Some(rt), Some(rid), true)),
        (Op::Name, &[target, ref name @ ..]) => {
            let canonical = ascii_string_filling(name)?;
            ids.push(target);
            Some((None, None, canonical))
        }
        (Op::MemberName, &[ty, _member, ref name @ ..]) => {
            let canonical = ascii_string_filling(name)?;
            ids.push(ty);
            Some((None, None, canonical))
        }
        (Op::Decorate, &[target, decoration, ref argument @ ..]) if decoration_fits(decoration, argument) => {
            ids.push(target);
            Some((None, None, true))
        }
        (Op::MemberDecorate, &[ty, _member, decoration, ref argument @ ..]) if decoration_fits(decoration, argument) => {
            ids.push(ty);
            Some((None, None, true))
        }
        (Op::Function, &[rt, rid, control, ty]) if spirv::FunctionControl::from_bits(control).is_some() => {
            ids.push(ty);
            Some((Some(rt), Some(rid), true))
        }
        (Op::SelectionMerge, &[merge, control]) if spirv::SelectionControl::from_bits(control).is_some() => {
            ids.push(merge);
            Some((None, None, true))
        }
        (Op::LoopMerge, &[merge, continue_target, 0]) => {
            ids.extend([merge, continue_target]);
            Some((None, None, true))
        }
        (Op::TypeFloat, &[rid, _width]) => Some((None, Some(rid), true)),
        (Op::TypeImage, &[rid, sampled_type, dim, _depth, _arrayed, _ms, _sampled, format])
            if spirv::Dim::from_u32(dim).is_some() && spirv::ImageFormat::from_u32(format).is_some() =>
        {
            ids.push(sampled_type);
            Some((None, Some(rid), true))
        }
        (Op::ImageSampleImplicitLod, &[rt, rid, sampled_image, coordinate]) => {
            ids.extend([sampled_image, coordinate]);
            Some((Some(rt), Some(rid), true))
        }
        (Op::ImageSampleExplicitLod, &[rt, rid, sampled_image, coordinate, mask, lod]) if mask == spirv::ImageOperands::LOD.bits() => {
            ids.extend([sampled_image, coordinate, lod]);
            Some((Some(rt), Some(rid), true))
        }
        (Op::Capability, &[capability]) if spirv::Capability::from_u32(capability).is_some() => Some((None, None, true)),
        (Op::ExtInstImport, &[rid, ref name @ ..]) => Some((None, Some(rid), ascii_string_filling(name)?)),
        (Op::MemoryModel, &[addressing, memory])
            if spirv::AddressingModel::from_u32(addressing).is_some() && spirv::MemoryModel::from_u32(memory).is_some() =>
        {
            Some((None, None, true))
        }
        (Op::Source, &[language, _version]) if spirv::SourceLanguage::from_u32(language).is_some() => Some((None, None, true)),
        _ => None,
    }
}

/// Whether `words` hold exactly one nul-terminated ASCII string (then `Some`, with whether the
/// bytes after the nul are zeros, as rspirv writes them back). `None` for anything else,
/// which the grammar decoder reads (non-ASCII UTF-8) or refuses.
#[inline]
fn ascii_string_filling(words: &[u32]) -> Option<bool> {
    let (last, full) = words.split_last()?;
    // No zero byte and no byte above 0x7f in the words before the last.
    let has_zero = |w: u32| w.wrapping_sub(0x0101_0101) & !w & 0x8080_8080 != 0;
    if full.iter().any(|w| w & 0x8080_8080 != 0 || has_zero(*w)) {
        return None;
    }
    let bytes = last.to_le_bytes();
    let nul = bytes.iter().position(|b| *b == 0)?;
    if !bytes[..nul].is_ascii() {
        return None;
    }
    Some(bytes[nul..].iter().all(|b| *b == 0))
}

/// Whether `argument` is exactly what `decoration` takes, for decorations of no argument or
/// one literal or built-in (the grammar decoder reads the others).
#[inline]
fn decoration_fits(decoration: u32, argument: &[u32]) -> bool {
    use crate::spirv_reader::{decoration_argument, Argument};
    let Some(d) = spirv::Decoration::from_u32(decoration) else { return false };
    match (decoration_argument(d), argument) {
        (Argument::None, []) | (Argument::Literal, [_]) => true,
        (Argument::BuiltIn, [b]) => spirv::BuiltIn::from_u32(*b).is_some(),
        _ => false,
    }
}
