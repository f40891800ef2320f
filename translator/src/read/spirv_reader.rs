//! Reading a SPIR-V binary into rspirv's data representation, faster than
//! `rspirv::dr::load_words`.
//!
//! rspirv's parser finds each instruction's grammar by a linear scan of its instruction table,
//! twice (once to decode, once more in `dr::Instruction::new`), allocates a vector per operand,
//! and tracks the type of every result in a `HashMap`. For the few hundred instructions of a
//! shader that was most of the translator's own parsing time. This reader indexes the grammar
//! once per process, decodes operands straight into the instruction's vector and tracks result
//! types in a flat table, and sorts instructions into the module's sections as rspirv's
//! `dr::Loader` does, with each section sized ahead from a scan of the opcodes.
//!
//! Invariant: [`load_words`] returns what `rspirv::dr::load_words` returns for the same words —
//! the same module, or the same error. Operands this reader does not decode itself (enumerants
//! with parameters other than the common decorations, `OpSpecConstantOp`, extension operand
//! kinds) are decoded by rspirv's parser on that one instruction; anything the fast path finds
//! wrong (an error, an unknown opcode or enumerant, a loader error) sends the whole module
//! through `rspirv::dr::load_words`, so errors read exactly as rspirv writes them. Tests compare
//! both readers on the fuzz seeds, the kept fuzz inputs and shaders written to reach the
//! delegating paths, and the `spirv_words` fuzz target compares them on every input it runs.
//!
//! The decoder (`decode_into`) writes into a sink: rspirv's operand vector here, or only the
//! ids for [`crate::spirv_view`], which reads a module's words without building rspirv's data
//! at all (the translator builds it only when a lowering pass applies). Grammars whose
//! operands are all single-word ids and literals (most instructions in functions) are decoded
//! word by word without walking the grammar.

use rspirv::binary::{Consumer, ParseAction, ParseResult};
use rspirv::dr::{self, Instruction, Operand};
use rspirv::grammar::{self, OperandKind as Kind, OperandQuantifier as Quantifier};
use spirv::Word;
use std::sync::OnceLock;

pub(crate) type Grammar = &'static grammar::Instruction<'static>;

/// Parses `words` as `rspirv::dr::load_words` does (see the module invariant).
pub fn load_words(words: &[u32]) -> ParseResult<dr::Module> {
    match read(words) {
        Some(module) => Ok(module),
        None => dr::load_words(words),
    }
}

/// The grammar of `opcode`, from a table indexed by opcode (built on first use).
pub fn grammar_of(opcode: Word) -> Option<Grammar> {
    entries().get(opcode as usize).and_then(|e| e.as_ref()).map(|e| e.grammar)
}

/// The table entry of `opcode` (see [`Entry`]).
#[inline]
pub(crate) fn entry_of(opcode: Word) -> Option<&'static Entry> {
    entries().get(opcode as usize).and_then(|e| e.as_ref())
}

/// One opcode's grammar, its operands' shape when every operand is one word, and what sorting
/// it into its section needs: one lookup per instruction for the view's walk. Compact (32
/// bytes, the opcode and the one-word shape inline) so the walk reads one cache line per
/// opcode rather than following the grammar's pointer for the opcode.
pub(crate) struct Entry {
    pub(crate) opcode: spirv::Op,
    /// [`section_of`] for each (in a function, in a block), indexed `2 * function + block`.
    sections: [Section; 4],
    /// The opcode ends a block.
    pub(crate) terminator: bool,
    words: Option<OneWordOperands>,
    pub(crate) grammar: Grammar,
}

impl Entry {
    fn new(grammar: Grammar) -> Self {
        let op = grammar.opcode;
        let sections = [(false, false), (false, true), (true, false), (true, true)].map(|(f, b)| section_of(op, f, b));
        Entry {
            opcode: op,
            sections,
            terminator: grammar::reflect::is_block_terminator(op),
            words: OneWordOperands::of(grammar).ok(),
            grammar,
        }
    }
    /// [`section_of`] this opcode.
    #[inline]
    pub(crate) fn section(&self, in_function: bool, in_block: bool) -> Section {
        self.sections[usize::from(in_function) * 2 + usize::from(in_block)]
    }
}

/// The operands of a grammar whose operands are each one word of a kind that needs no
/// checking (ids and plain literals), results first, then required operands, then optional
/// ones: decoded word by word without walking the grammar (most instructions in functions).
/// Grammars of more than [`OneWordOperands::MAX`] such operands take the grammar decoder.
struct OneWordOperands {
    result_type: bool,
    result_id: bool,
    /// How many of `kinds` are required.
    required: u8,
    /// The last kind repeats (`ZeroOrMore`).
    repeats: bool,
    /// How many of `kinds` there are.
    len: u8,
    /// Kinds of the operands after the results (`kinds[..len]`).
    kinds: [OneWord; OneWordOperands::MAX],
}

/// The kinds of one-word operand [`OneWordOperands`] decodes (a byte, where rspirv's
/// `OperandKind` takes two).
#[derive(Clone, Copy)]
enum OneWord {
    IdRef,
    IdScope,
    IdMemorySemantics,
    ExtInstLiteral,
    Literal,
}

/// Why a grammar has no [`OneWordOperands`] shape.
#[derive(Debug, PartialEq)]
enum NoShape {
    /// An operand that is not one unchecked word, or quantifiers out of the shape's order.
    Kinds,
    /// More than [`OneWordOperands::MAX`] operands after the results.
    TooMany,
}

impl OneWord {
    fn of(kind: Kind) -> Option<Self> {
        Some(match kind {
            Kind::IdRef => OneWord::IdRef,
            Kind::IdScope => OneWord::IdScope,
            Kind::IdMemorySemantics => OneWord::IdMemorySemantics,
            Kind::LiteralExtInstInteger => OneWord::ExtInstLiteral,
            Kind::LiteralInteger | Kind::LiteralFloat => OneWord::Literal,
            _ => return None,
        })
    }
}

impl OneWordOperands {
    const MAX: usize = 8;

    /// The shape of `g`, or why it has none.
    fn of(g: Grammar) -> Result<Self, NoShape> {
        let mut ops = g.operands.iter().peekable();
        let result_type = ops.next_if(|o| o.kind == Kind::IdResultType && o.quantifier == Quantifier::One).is_some();
        let result_id = ops.next_if(|o| o.kind == Kind::IdResult && o.quantifier == Quantifier::One).is_some();
        let (mut kinds, mut len, mut required, mut repeats) = ([OneWord::IdRef; Self::MAX], 0, 0, false);
        for o in ops {
            let kind = OneWord::of(o.kind).ok_or(NoShape::Kinds)?;
            if repeats {
                return Err(NoShape::Kinds);
            }
            match o.quantifier {
                Quantifier::One if required == len => required += 1,
                Quantifier::One => return Err(NoShape::Kinds),
                Quantifier::ZeroOrOne => {}
                Quantifier::ZeroOrMore => repeats = true,
            }
            // Past the cap the rest is still read, to tell the two refusals apart.
            if let Some(slot) = kinds.get_mut(len) {
                *slot = kind;
            }
            len += 1;
        }
        if len > Self::MAX {
            return Err(NoShape::TooMany);
        }
        Ok(OneWordOperands { result_type, result_id, required: required as u8, repeats, len: len as u8, kinds })
    }

    fn kinds(&self) -> &[OneWord] {
        &self.kinds[..usize::from(self.len)]
    }
}

/// The table of [`Entry`]s, indexed by opcode (built on first use).
#[inline]
pub(crate) fn entries() -> &'static [Option<Entry>] {
    static INDEX: OnceLock<Vec<Option<Entry>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let max = grammar::INSTRUCTION_TABLE.iter().map(|g| g.opcode as usize).max().unwrap_or(0);
        let mut index: Vec<Option<Entry>> = (0..=max).map(|_| None).collect();
        // `lookup_opcode` returns the first entry of an opcode; keep the first too.
        for g in grammar::INSTRUCTION_TABLE.iter() {
            index[g.opcode as usize].get_or_insert_with(|| Entry::new(g));
        }
        index
    })
}

/// The numeric type rspirv's parser tracks for a result id (to size the literals of
/// `OpConstant`, `OpSpecConstant` and `OpSwitch`).
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Tracked {
    None,
    Int(u32),
    Float(u32),
}

impl Tracked {
    /// The words of a literal of this type (`parse_literal` in rspirv's parser); `None` for
    /// widths it refuses.
    #[inline]
    fn literal_words(self) -> Option<usize> {
        match self {
            Tracked::Int(8 | 16 | 32) | Tracked::Float(16 | 32) | Tracked::None => Some(1),
            Tracked::Int(64) | Tracked::Float(64) => Some(2),
            _ => None,
        }
    }
}

/// Result id → tracked type: a flat table for ids below the bound (capped), a map beyond it.
pub(crate) struct Types {
    flat: crate::spare::SpareVec<Tracked>,
    far: naga::FastHashMap<Word, Tracked>,
}

impl Types {
    const FLAT_MAX: usize = 1 << 20;

    pub(crate) fn new(bound: Word) -> Self {
        let mut flat = crate::spare::SpareVec::new();
        flat.resize((bound as usize).min(Self::FLAT_MAX), Tracked::None);
        Types { flat, far: Default::default() }
    }
    /// The words of a literal sized by the tracked type `id` (`OpConstant`'s value).
    #[inline]
    pub(crate) fn literal_words(&self, id: Word) -> Option<usize> {
        self.get(id).literal_words()
    }
    #[inline]
    fn get(&self, id: Word) -> Tracked {
        match self.flat.get(id as usize) {
            Some(t) => *t,
            None => self.far.get(&id).copied().unwrap_or(Tracked::None),
        }
    }
    fn set(&mut self, id: Word, t: Tracked) {
        match self.flat.get_mut(id as usize) {
            Some(slot) => *slot = t,
            None => {
                self.far.insert(id, t);
            }
        }
    }

    /// As rspirv's `TypeTracker::track`: integer and float types by their width, and every
    /// other result whose result type is tracked, with that type. Other types change nothing.
    /// `operands`: the instruction's operand words after its result type and id.
    pub(crate) fn track(&mut self, op: spirv::Op, result_type: Option<Word>, result_id: Option<Word>, operands: &[u32]) {
        let Some(rid) = result_id else { return };
        if op.is_type() {
            match (op, operands) {
                (spirv::Op::TypeInt, [bits, _]) => self.set(rid, Tracked::Int(*bits)),
                (spirv::Op::TypeFloat, [bits, ..]) => self.set(rid, Tracked::Float(*bits)),
                _ => {}
            }
        } else if let Some(t) = result_type.map(|t| self.get(t)).filter(|t| *t != Tracked::None) {
            self.set(rid, t);
        }
    }
}

crate::spare::spare!(Tracked);

/// Why the fast path stopped decoding an instruction.
pub(crate) enum Stop {
    /// Decode this one instruction with rspirv's parser.
    Delegate,
    /// Give the whole module to rspirv (an error, or something the fast path does not know).
    Module,
}

/// The fast path alone: `None` where [`load_words`] hands the whole module to rspirv.
pub fn read(words: &[u32]) -> Option<dr::Module> {
    if words.len() < 5 || words[0] != spirv::MAGIC_NUMBER {
        return None;
    }
    let mut header = dr::ModuleHeader::new(words[3]);
    let [_, minor, major, _] = words[1].to_le_bytes();
    header.set_version(major, minor);
    let mut sections = Sections::sized_for(words)?;
    sections.module.header = Some(header);
    let mut types = Types::new(words[3]);
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let class = grammar_of(words[at] & 0xffff)?;
        let inst = match decode(class, &words[at + 1..at + count], &types) {
            Ok(inst) => inst,
            Err(Stop::Delegate) => delegate(words, &words[at..at + count])?,
            Err(Stop::Module) => return None,
        };
        let results = usize::from(inst.result_type.is_some()) + usize::from(inst.result_id.is_some());
        types.track(inst.class.opcode, inst.result_type, inst.result_id, &words[at + 1 + results..at + count]);
        sections.place(inst)?;
        at += count;
    }
    sections.finish()
}

/// The module under construction, sorted into its sections as `dr::Loader` sorts it (a
/// loader error is `None`: rspirv then reads the module and reports it).
struct Sections {
    module: dr::Module,
    function: Option<dr::Function>,
    block: Option<dr::Block>,
    /// Instructions per block, in order, counted ahead (to size each block once).
    block_sizes: std::vec::IntoIter<usize>,
}

/// The section rspirv's loader puts an instruction with opcode `op` in, given whether a
/// function and a block are open there (as `Sections::place` sorts it; an instruction it
/// refuses counts as `Functions`).
pub(crate) fn section_of(op: spirv::Op, in_function: bool, in_block: bool) -> Section {
    use spirv::Op;
    match op {
        Op::Capability => Section::Capabilities,
        Op::Extension => Section::Extensions,
        Op::ExtInstImport => Section::ExtInstImports,
        Op::MemoryModel => Section::MemoryModel,
        Op::EntryPoint => Section::EntryPoints,
        Op::ExecutionMode => Section::ExecutionModes,
        Op::String | Op::SourceExtension | Op::Source | Op::SourceContinued => Section::DebugStringSource,
        Op::Name | Op::MemberName => Section::DebugNames,
        Op::ModuleProcessed => Section::DebugModuleProcessed,
        op if grammar::reflect::is_location_debug(op) && !in_block => Section::TypesGlobalValues,
        op if op.is_annotation() => Section::Annotations,
        op if op.is_type() || op.is_constant() => Section::TypesGlobalValues,
        Op::Variable | Op::Undef if !in_function => Section::TypesGlobalValues,
        _ => Section::Functions,
    }
}

/// The module's sections in the order rspirv assembles them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum Section {
    Capabilities,
    Extensions,
    ExtInstImports,
    MemoryModel,
    EntryPoints,
    ExecutionModes,
    DebugStringSource,
    DebugNames,
    DebugModuleProcessed,
    Annotations,
    TypesGlobalValues,
    Functions,
}

impl Sections {
    /// Empty sections sized from a scan of the opcodes; `None` if an instruction's word count
    /// is zero or runs past the end.
    fn sized_for(words: &[u32]) -> Option<Sections> {
        let (mut annotations, mut globals, mut names, mut functions) = (0, 0, 0, 0);
        let mut block_sizes = Vec::new();
        let mut in_block: Option<usize> = None;
        let mut at = 5;
        while at < words.len() {
            let count = (words[at] >> 16) as usize;
            if count == 0 || at + count > words.len() {
                return None;
            }
            if let Some(op) = spirv::Op::from_u32(words[at] & 0xffff) {
                match op {
                    spirv::Op::Name | spirv::Op::MemberName => names += 1,
                    spirv::Op::Function => functions += 1,
                    spirv::Op::Label => in_block = Some(0),
                    op if op.is_annotation() => annotations += 1,
                    op if in_block.is_none() && (op.is_type() || op.is_constant() || op == spirv::Op::Variable) => globals += 1,
                    _ => {}
                }
                if let Some(n) = &mut in_block {
                    if op != spirv::Op::Label {
                        *n += 1;
                    }
                    if grammar::reflect::is_block_terminator(op) {
                        block_sizes.push(*n);
                        in_block = None;
                    }
                }
            }
            at += count;
        }
        let mut module = dr::Module::new();
        module.annotations.reserve(annotations);
        module.types_global_values.reserve(globals);
        module.debug_names.reserve(names);
        module.functions.reserve(functions);
        Some(Sections { module, function: None, block: None, block_sizes: block_sizes.into_iter() })
    }

    fn place(&mut self, inst: Instruction) -> Option<()> {
        let m = &mut self.module;
        match section_of(inst.class.opcode, self.function.is_some(), self.block.is_some()) {
            Section::Capabilities => m.capabilities.push(inst),
            Section::Extensions => m.extensions.push(inst),
            Section::ExtInstImports => m.ext_inst_imports.push(inst),
            Section::MemoryModel => m.memory_model = Some(inst),
            Section::EntryPoints => m.entry_points.push(inst),
            Section::ExecutionModes => m.execution_modes.push(inst),
            Section::DebugStringSource => m.debug_string_source.push(inst),
            Section::DebugNames => m.debug_names.push(inst),
            Section::DebugModuleProcessed => m.debug_module_processed.push(inst),
            Section::Annotations => m.annotations.push(inst),
            Section::TypesGlobalValues => m.types_global_values.push(inst),
            Section::Functions => return self.place_in_function(inst),
        }
        Some(())
    }

    /// Places an instruction of the functions' section (a loader error is `None`).
    fn place_in_function(&mut self, inst: Instruction) -> Option<()> {
        use spirv::Op;
        let m = &mut self.module;
        match inst.class.opcode {
            Op::Function => {
                if self.function.is_some() {
                    return None;
                }
                self.function = Some(dr::Function { def: Some(inst), ..dr::Function::new() });
            }
            Op::FunctionEnd => {
                if self.block.is_some() {
                    return None;
                }
                let mut f = self.function.take()?;
                f.end = Some(inst);
                m.functions.push(f);
            }
            Op::FunctionParameter => self.function.as_mut()?.parameters.push(inst),
            Op::Label => {
                if self.function.is_none() || self.block.is_some() {
                    return None;
                }
                let size = self.block_sizes.next().unwrap_or(0);
                self.block = Some(dr::Block { label: Some(inst), instructions: Vec::with_capacity(size) });
            }
            op if grammar::reflect::is_block_terminator(op) => {
                let mut block = self.block.take()?;
                block.instructions.push(inst);
                self.function.as_mut()?.blocks.push(block);
            }
            _ => self.block.as_mut()?.instructions.push(inst),
        }
        Some(())
    }

    fn finish(self) -> Option<dr::Module> {
        (self.block.is_none() && self.function.is_none()).then_some(self.module)
    }
}

/// One instruction decoded by rspirv's parser, in a module of its own.
pub(crate) fn delegate(module: &[u32], inst: &[u32]) -> Option<Instruction> {
    // rspirv panics on an `OpSpecConstantOp` wrapping what it cannot parse there.
    if inst[0] & 0xffff == spirv::Op::SpecConstantOp as u32
        && inst.len() >= 4
        && crate::reflect::check_spec_constant_op(0, inst[3]).is_err()
    {
        return None;
    }
    struct One(Option<Instruction>);
    impl Consumer for One {
        fn initialize(&mut self) -> ParseAction {
            ParseAction::Continue
        }
        fn finalize(&mut self) -> ParseAction {
            ParseAction::Continue
        }
        fn consume_header(&mut self, _: dr::ModuleHeader) -> ParseAction {
            ParseAction::Continue
        }
        fn consume_instruction(&mut self, inst: Instruction) -> ParseAction {
            self.0 = Some(inst);
            ParseAction::Continue
        }
    }
    let mut words = module[..5].to_vec();
    words.extend_from_slice(inst);
    let mut one = One(None);
    rspirv::binary::parse_words(&words, &mut one).ok()?;
    one.0
}

/// The words of one instruction's operands, consumed front to back.
struct Cursor<'w> {
    words: &'w [u32],
    /// Whether string operands are kept (else checked and left empty).
    keep_strings: bool,
    /// Every string so far was padded with zero bytes (rspirv writes zeros back, so a string
    /// with other bytes after its terminator does not assemble back to its words).
    zero_padded: bool,
}

impl Cursor<'_> {
    fn word(&mut self) -> Result<Word, Stop> {
        let (first, rest) = self.words.split_first().ok_or(Stop::Module)?;
        self.words = rest;
        Ok(*first)
    }
    /// A nul-terminated UTF-8 string, padded to whole words (empty, once checked, where the
    /// strings are not kept).
    fn string(&mut self) -> Result<String, Stop> {
        let end = self.words.iter().position(|w| w.to_le_bytes().contains(&0)).ok_or(Stop::Module)?;
        let (full, last) = (&self.words[..end], self.words[end].to_le_bytes());
        let nul = last.iter().position(|x| *x == 0).unwrap_or(4);
        self.zero_padded &= last[nul..].iter().all(|x| *x == 0);
        self.words = &self.words[end + 1..];
        // ASCII (every name a shader compiler writes) is UTF-8.
        if !self.keep_strings && full.iter().all(|w| w & 0x8080_8080 == 0) && last[..nul].is_ascii() {
            return Ok(String::new());
        }
        let bytes = full.iter().flat_map(|w| w.to_le_bytes()).chain(last[..nul].iter().copied());
        let s = String::from_utf8(bytes.collect()).map_err(|_| Stop::Module)?;
        Ok(if self.keep_strings { s } else { String::new() })
    }
    /// A literal sized by the tracked type of `id` (`parse_literal` in rspirv's parser).
    fn literal(&mut self, t: Tracked) -> Result<Operand, Stop> {
        Ok(match t.literal_words() {
            Some(1) => Operand::LiteralBit32(self.word()?),
            Some(2) => {
                let low = u64::from(self.word()?);
                Operand::LiteralBit64((u64::from(self.word()?) << 32) | low)
            }
            _ => return Err(Stop::Module),
        })
    }
}

fn known<T>(value: Option<T>) -> Result<T, Stop> {
    value.ok_or(Stop::Module)
}

/// Decodes one instruction's operands by its grammar, as `Parser::parse_operands` does.
fn decode(class: Grammar, words: &[u32], types: &Types) -> Result<Instruction, Stop> {
    // One word per operand at most, less the result ids: no allocation where nothing is left
    // (`OpLabel`, `OpFunctionParameter`, `OpTypeVoid`, `OpConstantTrue`, …).
    let results = class.operands.iter().take(2).filter(|o| matches!(o.kind, Kind::IdResultType | Kind::IdResult)).count();
    let mut operands = Vec::with_capacity(words.len().saturating_sub(results));
    let (result_type, result_id, _) = decode_into(class, words, types, &mut operands)?;
    Ok(Instruction { class, result_type, result_id, operands })
}

/// Where [`decode_into`] puts operands: rspirv's operand vector, or only the ids
/// ([`IdOperands`], for [`crate::spirv_view`]).
pub(crate) trait OperandSink {
    /// Whether string operands are decoded (else checked and left empty).
    const KEEP_STRINGS: bool;
    /// An operand other than an id.
    fn push(&mut self, op: Operand);
    /// An id operand: `kind` is `IdRef`, `IdScope` or `IdMemorySemantics`.
    fn id(&mut self, kind: Kind, id: Word);
    /// The first operand pushed, when it is an `IdRef` (`OpSwitch`'s selector).
    fn first_id(&self) -> Option<Word>;
}

impl OperandSink for Vec<Operand> {
    const KEEP_STRINGS: bool = true;
    #[inline]
    fn push(&mut self, op: Operand) {
        Vec::push(self, op)
    }
    #[inline]
    fn id(&mut self, kind: Kind, id: Word) {
        Vec::push(
            self,
            match kind {
                Kind::IdScope => Operand::IdScope(id),
                Kind::IdMemorySemantics => Operand::IdMemorySemantics(id),
                _ => Operand::IdRef(id),
            },
        )
    }
    fn first_id(&self) -> Option<Word> {
        match self.first() {
            Some(Operand::IdRef(id)) => Some(*id),
            _ => None,
        }
    }
}

/// Keeps only the id operands (`IdRef`, `IdScope`, `IdMemorySemantics`), appended to `ids`.
pub(crate) struct IdOperands<'a> {
    pub ids: &'a mut Vec<Word>,
    /// `Some` once an operand is pushed: the first one, if an `IdRef`.
    pub first: Option<Option<Word>>,
}

impl OperandSink for IdOperands<'_> {
    const KEEP_STRINGS: bool = false;
    #[inline]
    fn push(&mut self, _: Operand) {
        self.first.get_or_insert(None);
    }
    #[inline]
    fn id(&mut self, kind: Kind, id: Word) {
        self.first.get_or_insert((kind == Kind::IdRef).then_some(id));
        self.ids.push(id);
    }
    fn first_id(&self) -> Option<Word> {
        self.first.flatten()
    }
}

/// [`decode_into`] for a grammar of one-word operands: what the walk would decode (or refuse).
fn decode_one_word_operands(
    shape: &OneWordOperands,
    words: &[u32],
    out: &mut impl OperandSink,
) -> Result<(Option<Word>, Option<Word>, bool), Stop> {
    let results = usize::from(shape.result_type) + usize::from(shape.result_id);
    let kinds = shape.kinds();
    let Some(rest) = words.get(results..) else { return Err(Stop::Module) };
    if rest.len() < usize::from(shape.required) || (!shape.repeats && rest.len() > kinds.len()) {
        return Err(Stop::Module);
    }
    let result_type = shape.result_type.then(|| words[0]);
    let result_id = shape.result_id.then(|| words[results - 1]);
    let last = kinds.last().copied().unwrap_or(OneWord::IdRef);
    for (k, w) in rest.iter().enumerate() {
        match kinds.get(k).copied().unwrap_or(last) {
            OneWord::IdRef => out.id(Kind::IdRef, *w),
            OneWord::IdScope => out.id(Kind::IdScope, *w),
            OneWord::IdMemorySemantics => out.id(Kind::IdMemorySemantics, *w),
            OneWord::ExtInstLiteral => out.push(Operand::LiteralExtInstInteger(*w)),
            OneWord::Literal => out.push(Operand::LiteralBit32(*w)),
        }
    }
    Ok((result_type, result_id, true))
}

/// [`decode`] into `out`: the result type and id, and whether the instruction assembles back
/// to `words`.
pub(crate) fn decode_into<S: OperandSink>(
    class: Grammar,
    words: &[u32],
    types: &Types,
    operands: &mut S,
) -> Result<(Option<Word>, Option<Word>, bool), Stop> {
    match entry_of(class.opcode as Word) {
        Some(entry) => decode_entry_into(entry, words, types, operands),
        None => decode_by_grammar(class, words, types, operands),
    }
}

/// [`decode_into`] for the opcode of `entry`.
#[inline]
pub(crate) fn decode_entry_into<S: OperandSink>(
    entry: &Entry,
    words: &[u32],
    types: &Types,
    operands: &mut S,
) -> Result<(Option<Word>, Option<Word>, bool), Stop> {
    match &entry.words {
        Some(shape) => decode_one_word_operands(shape, words, operands),
        None => decode_by_grammar(entry.grammar, words, types, operands),
    }
}

/// [`decode_into`] walking the grammar.
fn decode_by_grammar<S: OperandSink>(
    class: Grammar,
    words: &[u32],
    types: &Types,
    operands: &mut S,
) -> Result<(Option<Word>, Option<Word>, bool), Stop> {
    let mut c = Cursor { words, keep_strings: S::KEEP_STRINGS, zero_padded: true };
    let (mut result_type, mut result_id) = (None, None);
    let mut i = 0;
    while let Some(logical) = class.operands.get(i) {
        if c.words.is_empty() {
            match logical.quantifier {
                Quantifier::One => return Err(Stop::Module),
                Quantifier::ZeroOrOne | Quantifier::ZeroOrMore => break,
            }
        }
        match logical.kind {
            Kind::IdResultType => result_type = Some(c.word()?),
            Kind::IdResult => result_id = Some(c.word()?),
            Kind::LiteralContextDependentNumber => {
                let ty = result_type.map_or(Tracked::None, |t| types.get(t));
                operands.push(c.literal(ty)?);
            }
            Kind::PairLiteralIntegerIdRef => {
                let Some(selector) = operands.first_id() else { return Err(Stop::Module) };
                let ty = types.get(selector);
                operands.push(c.literal(ty)?);
                operands.id(Kind::IdRef, c.word()?);
            }
            kind => operand(kind, &mut c, operands)?,
        }
        match logical.quantifier {
            Quantifier::One | Quantifier::ZeroOrOne => i += 1,
            Quantifier::ZeroOrMore => {}
        }
    }
    if !c.words.is_empty() {
        return Err(Stop::Module);
    }
    Ok((result_type, result_id, c.zero_padded))
}

/// One operand of a kind other than the result ids and the context-dependent literals.
fn operand(kind: Kind, c: &mut Cursor, out: &mut impl OperandSink) -> Result<(), Stop> {
    use spirv::*;
    let op = match kind {
        Kind::IdRef | Kind::IdScope | Kind::IdMemorySemantics => {
            out.id(kind, c.word()?);
            return Ok(());
        }
        Kind::LiteralInteger | Kind::LiteralFloat => Operand::LiteralBit32(c.word()?),
        Kind::LiteralExtInstInteger => Operand::LiteralExtInstInteger(c.word()?),
        Kind::LiteralString => Operand::LiteralString(c.string()?),
        Kind::PairIdRefIdRef => {
            out.id(Kind::IdRef, c.word()?);
            out.id(Kind::IdRef, c.word()?);
            return Ok(());
        }
        Kind::PairIdRefLiteralInteger => {
            out.id(Kind::IdRef, c.word()?);
            Operand::LiteralBit32(c.word()?)
        }
        Kind::StorageClass => Operand::StorageClass(known(StorageClass::from_u32(c.word()?))?),
        Kind::Dim => Operand::Dim(known(Dim::from_u32(c.word()?))?),
        Kind::ImageFormat => Operand::ImageFormat(known(ImageFormat::from_u32(c.word()?))?),
        Kind::ExecutionModel => Operand::ExecutionModel(known(ExecutionModel::from_u32(c.word()?))?),
        Kind::AddressingModel => Operand::AddressingModel(known(AddressingModel::from_u32(c.word()?))?),
        Kind::MemoryModel => Operand::MemoryModel(known(MemoryModel::from_u32(c.word()?))?),
        Kind::Capability => Operand::Capability(known(Capability::from_u32(c.word()?))?),
        Kind::SourceLanguage => Operand::SourceLanguage(known(SourceLanguage::from_u32(c.word()?))?),
        Kind::AccessQualifier => Operand::AccessQualifier(known(AccessQualifier::from_u32(c.word()?))?),
        Kind::BuiltIn => Operand::BuiltIn(known(BuiltIn::from_u32(c.word()?))?),
        Kind::SelectionControl => Operand::SelectionControl(known(SelectionControl::from_bits(c.word()?))?),
        Kind::FunctionControl => Operand::FunctionControl(known(FunctionControl::from_bits(c.word()?))?),
        Kind::ImageOperands => return image_operands(c, out),
        Kind::ExecutionMode => {
            let mode = known(ExecutionMode::from_u32(c.word()?))?;
            let literals = execution_mode_literals(mode).ok_or(Stop::Delegate)?;
            out.push(Operand::ExecutionMode(mode));
            for _ in 0..literals {
                out.push(Operand::LiteralBit32(c.word()?));
            }
            return Ok(());
        }
        // Flags whose bits may carry parameters: decoded here only without any bit set.
        Kind::LoopControl | Kind::MemoryAccess => {
            if c.words.first() != Some(&0) {
                return Err(Stop::Delegate);
            }
            c.word()?;
            match kind {
                Kind::LoopControl => Operand::LoopControl(LoopControl::NONE),
                _ => Operand::MemoryAccess(MemoryAccess::NONE),
            }
        }
        Kind::Decoration => {
            let d = known(Decoration::from_u32(c.word()?))?;
            out.push(Operand::Decoration(d));
            match decoration_argument(d) {
                Argument::None => return Ok(()),
                Argument::Literal => Operand::LiteralBit32(c.word()?),
                Argument::BuiltIn => Operand::BuiltIn(known(BuiltIn::from_u32(c.word()?))?),
                Argument::Other => return Err(Stop::Delegate),
            }
        }
        _ => return Err(Stop::Delegate),
    };
    out.push(op);
    Ok(())
}

/// Image operands: the mask, then each set bit's ids in the order of the bits (as rspirv's
/// parser reads them); masks with other bits are decoded by rspirv.
fn image_operands(c: &mut Cursor, out: &mut impl OperandSink) -> Result<(), Stop> {
    use spirv::ImageOperands as Io;
    // Bits in increasing order, with the ids each takes (the kind: `IdScope` for the memory
    // model's scopes).
    const BITS: [(Io, u32, Kind); 16] = [
        (Io::BIAS, 1, Kind::IdRef),
        (Io::LOD, 1, Kind::IdRef),
        (Io::GRAD, 2, Kind::IdRef),
        (Io::CONST_OFFSET, 1, Kind::IdRef),
        (Io::OFFSET, 1, Kind::IdRef),
        (Io::CONST_OFFSETS, 1, Kind::IdRef),
        (Io::SAMPLE, 1, Kind::IdRef),
        (Io::MIN_LOD, 1, Kind::IdRef),
        (Io::MAKE_TEXEL_AVAILABLE, 1, Kind::IdScope),
        (Io::MAKE_TEXEL_VISIBLE, 1, Kind::IdScope),
        (Io::NON_PRIVATE_TEXEL, 0, Kind::IdRef),
        (Io::VOLATILE_TEXEL, 0, Kind::IdRef),
        (Io::SIGN_EXTEND, 0, Kind::IdRef),
        (Io::ZERO_EXTEND, 0, Kind::IdRef),
        (Io::NONTEMPORAL, 0, Kind::IdRef),
        (Io::OFFSETS, 1, Kind::IdRef),
    ];
    let known_bits = BITS.iter().fold(0, |all, (bit, _, _)| all | bit.bits());
    let bits = *c.words.first().ok_or(Stop::Module)?;
    if bits & !known_bits != 0 {
        return Err(Stop::Delegate);
    }
    c.word()?;
    out.push(Operand::ImageOperands(Io::from_bits_truncate(bits)));
    for (bit, ids, kind) in BITS {
        if bits & bit.bits() != 0 {
            for _ in 0..ids {
                out.id(kind, c.word()?);
            }
        }
    }
    Ok(())
}

/// The literal parameters of the execution modes graphics shaders declare (`None`: rspirv
/// decodes the mode).
fn execution_mode_literals(mode: spirv::ExecutionMode) -> Option<u32> {
    use spirv::ExecutionMode::*;
    Some(match mode {
        OriginUpperLeft
        | OriginLowerLeft
        | PixelCenterInteger
        | EarlyFragmentTests
        | DepthReplacing
        | DepthGreater
        | DepthLess
        | DepthUnchanged
        | PostDepthCoverage
        | SpacingEqual
        | SpacingFractionalEven
        | SpacingFractionalOdd
        | VertexOrderCw
        | VertexOrderCcw
        | PointMode
        | Triangles
        | Quads
        | Isolines
        | InputPoints
        | InputLines
        | InputLinesAdjacency
        | InputTrianglesAdjacency
        | OutputPoints
        | OutputLineStrip
        | OutputTriangleStrip
        | Xfb
        | ContractionOff => 0,
        Invocations | OutputVertices => 1,
        LocalSize | LocalSizeHint => 3,
        _ => return None,
    })
}

pub(crate) enum Argument {
    None,
    Literal,
    BuiltIn,
    Other,
}

/// The argument a decoration takes, for the decorations shaders carry; `Other` for the rest,
/// which rspirv decodes.
pub(crate) fn decoration_argument(d: spirv::Decoration) -> Argument {
    use spirv::Decoration::*;
    match d {
        RelaxedPrecision | Block | BufferBlock | RowMajor | ColMajor | GLSLShared | GLSLPacked | CPacked | NoPerspective | Flat | Patch
        | Centroid | Sample | Invariant | Restrict | Aliased | Volatile | Constant | Coherent | NonWritable | NonReadable | Uniform
        | SaturatedConversion | NoContraction | NonUniform | RestrictPointer | AliasedPointer => Argument::None,
        SpecId | ArrayStride | MatrixStride | Stream | Location | Component | Index | Binding | DescriptorSet | Offset | XfbBuffer
        | XfbStride | InputAttachmentIndex | Alignment | MaxByteOffset => Argument::Literal,
        BuiltIn => Argument::BuiltIn,
        _ => Argument::Other,
    }
}

/// Where two modules' words first differ, ignoring the header's generator and schema words
/// (which naga ignores); `None` when they do not.
pub fn first_difference(a: &[u32], b: &[u32]) -> Option<usize> {
    let header = [0, 1, 3].into_iter().find(|&i| a.get(i) != b.get(i));
    let body = || a.iter().zip(b).skip(5).position(|(x, y)| x != y).map(|p| p + 5);
    header.or_else(body).or_else(|| (a.len() != b.len()).then_some(a.len().min(b.len())))
}

/// Checks the module invariant on `words`: what [`load_words`] reads is what
/// `rspirv::dr::load_words` reads. For tests and the `spirv_words` fuzz target; `words` must
/// pass [`crate::reflect::check_header`] (rspirv panics on some streams it refuses). Checks
/// [`crate::spirv_view`]'s invariant too.
pub fn check_agrees_with_rspirv(words: &[u32]) -> Result<(), String> {
    crate::spirv_view::check_agrees_with_rspirv(words).map_err(|e| format!("view: {e}"))?;
    let shape = |m: &dr::Module| -> Vec<usize> { m.functions.iter().flat_map(|f| f.blocks.iter().map(|b| b.instructions.len())).collect() };
    match (load_words(words), dr::load_words(words)) {
        (Ok(fast), Ok(rspirv)) => {
            if fast.header != rspirv.header {
                return Err(format!("headers differ: {:?} and rspirv's {:?}", fast.header, rspirv.header));
            }
            if let Some((i, (a, b))) = fast.all_inst_iter().zip(rspirv.all_inst_iter()).enumerate().find(|(_, (a, b))| a != b) {
                return Err(format!("instruction {i} differs: {a:?} and rspirv's {b:?}"));
            }
            if fast.all_inst_iter().count() != rspirv.all_inst_iter().count() || shape(&fast) != shape(&rspirv) {
                return Err("the modules differ in instruction count or block shape".into());
            }
            Ok(())
        }
        (Err(fast), Err(rspirv)) if fast.to_string() == rspirv.to_string() => Ok(()),
        (fast, rspirv) => Err(format!("read {:?}, rspirv {:?}", fast.map(|_| "a module"), rspirv.map(|_| "a module"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The view's walk reads one entry per instruction: it stays within half a cache line.
    #[test]
    fn entries_are_compact() {
        assert!(size_of::<Entry>() <= 32, "Entry is {} bytes", size_of::<Entry>());
        // Grammars of one-word operands left to the grammar decoder by the inline cap all need
        // a capability that no graphics stage Tesserae takes declares (ray tracing, kernels,
        // vendor subgroup blocks): the cap costs the shaders it translates nothing.
        let capped: Vec<_> = entries()
            .iter()
            .flatten()
            .filter(|e| OneWordOperands::of(e.grammar).err() == Some(NoShape::TooMany))
            .map(|e| (e.grammar.opname, e.grammar.capabilities))
            .collect();
        assert!(capped.iter().all(|(_, caps)| !caps.is_empty() && !caps.contains(&spirv::Capability::Shader)), "{capped:?}");
    }
}
