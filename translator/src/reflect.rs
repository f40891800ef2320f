//! Loading and reflecting one SPIR-V module with rspirv.
//!
//! [`load`] parses the words, picks the entry point and records what the later steps need: the
//! stage, execution modes, location-decorated interface variables with their types and
//! interpolation, and which built-ins the code actually accesses. A `gl_PerVertex` block that the
//! code never touches declares built-ins without using them, so "accessed" is what counts.
//!
//! Invariant: a [`LoadedModule`] always has exactly one selected entry point and a consistent
//! id → instruction map for its types and constants; reflection never panics on malformed input.

use crate::desc::Stage;
use crate::error::LoadError;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{BuiltIn, Decoration, ExecutionMode, Op, StorageClass, Word};
use std::collections::{BTreeMap, BTreeSet, HashMap};

pub const SPIRV_MAGIC: u32 = 0x0723_0203;
/// Locations beyond this are refused as malformed (no device has that many), which keeps
/// location arithmetic far from overflow.
pub const MAX_LOCATION: u32 = 4096;
/// Modules declaring more ids are refused: real shaders use far fewer, and the lowering passes
/// allocate new ids above the bound.
pub const MAX_ID_BOUND: u32 = 1 << 24;

/// Scalar kinds that can cross a stage interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScalarKind {
    Float,
    Sint,
    Uint,
    Bool,
}

/// The type of an interface variable, as far as interface matching cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct IoType {
    pub kind: ScalarKind,
    pub width: u32,
    /// Vector size (1 for scalars); columns are folded into `locations`.
    pub components: u32,
    /// Number of locations the variable occupies (arrays and matrices).
    pub locations: u32,
}

impl std::fmt::Display for IoType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let k = match self.kind {
            ScalarKind::Float => "f",
            ScalarKind::Sint => "i",
            ScalarKind::Uint => "u",
            ScalarKind::Bool => "bool",
        };
        write!(f, "{k}{}", self.width)?;
        if self.components > 1 {
            write!(f, "x{}", self.components)?;
        }
        if self.locations > 1 {
            write!(f, "[{}]", self.locations)?;
        }
        Ok(())
    }
}

/// Interpolation decorations of a varying.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct Interpolation {
    pub flat: bool,
    pub no_perspective: bool,
    pub centroid: bool,
    pub sample: bool,
}

/// A user (location-decorated) interface variable.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct InterfaceVar {
    pub id: Word,
    pub name: String,
    pub location: u32,
    pub component: u32,
    pub ty: IoType,
    pub interpolation: Interpolation,
    pub patch: bool,
}

impl InterfaceVar {
    pub fn describe(&self) -> String {
        let name = if self.name.is_empty() { format!("%{}", self.id) } else { self.name.clone() };
        format!("`{name}` (location {}, component {}, {})", self.location, self.component, self.ty)
    }
}

/// What the translator needs to know about one stage's module.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Reflection {
    pub stage: Stage,
    pub entry_point: String,
    /// The entry point's execution modes with their literal operands.
    pub execution_modes: Vec<(ExecutionMode, Vec<u32>)>,
    pub inputs: Vec<InterfaceVar>,
    pub outputs: Vec<InterfaceVar>,
    /// Built-ins the code reads (Input storage class) or writes (Output).
    pub builtin_inputs: BTreeSet<BuiltIn>,
    pub builtin_outputs: BTreeSet<BuiltIn>,
    /// Declared array sizes of ClipDistance / CullDistance outputs (0 when not declared).
    pub clip_distance_outputs: u32,
    pub cull_distance_outputs: u32,
}

impl Reflection {
    pub fn writes(&self, b: BuiltIn) -> bool {
        self.builtin_outputs.contains(&b)
    }
    pub fn reads(&self, b: BuiltIn) -> bool {
        self.builtin_inputs.contains(&b)
    }
    /// The literal operands of execution mode `mode`, when the entry point declares it.
    pub fn execution_mode(&self, mode: ExecutionMode) -> Option<&[u32]> {
        self.execution_modes.iter().find(|(m, _)| *m == mode).map(|(_, v)| v.as_slice())
    }
}

/// A parsed module with its selected entry point.
///
/// Invariant: while `words` is `Some`, it is the SPIR-V `module` was read from and no lowering
/// pass has changed `module` since, so naga can read `words` instead of an assembly of
/// `module` (nine stages in ten leave lowering unchanged). Every change goes through
/// [`LoadedModule::module_mut`], which forgets the words, or through [`LoadedModule::lower`]
/// with a pass that reports its changes.
#[derive(Debug, Clone)]
pub struct LoadedModule {
    module: dr::Module,
    words: Option<Vec<u32>>,
    pub entry_id: Word,
    pub reflection: Reflection,
}

impl LoadedModule {
    pub fn module(&self) -> &dr::Module {
        &self.module
    }

    /// The module, to change: the words it was read from no longer describe it.
    pub fn module_mut(&mut self) -> &mut dr::Module {
        self.words = None;
        &mut self.module
    }

    /// [`LoadedModule::module_mut`] with the entry point's id, for passes that take both.
    pub fn with_entry<T>(&mut self, pass: impl FnOnce(&mut dr::Module, Word) -> T) -> T {
        self.words = None;
        pass(&mut self.module, self.entry_id)
    }

    /// Runs a lowering pass that returns whether it changed the module.
    pub fn lower(&mut self, pass: impl FnOnce(&mut dr::Module) -> bool) {
        if pass(&mut self.module) {
            self.words = None;
        }
    }

    /// As [`LoadedModule::lower`], for a pass that may fail (the module then counts as changed).
    pub fn try_lower<E>(&mut self, pass: impl FnOnce(&mut dr::Module) -> Result<bool, E>) -> Result<(), E> {
        let changed = pass(&mut self.module);
        if !matches!(changed, Ok(false)) {
            self.words = None;
        }
        changed.map(|_| ())
    }

    /// The module's SPIR-V: the words it was read from while no pass has changed it, else its
    /// assembly.
    pub fn spirv(&self) -> std::borrow::Cow<'_, [u32]> {
        use rspirv::binary::Assemble;
        match &self.words {
            Some(words) => {
                debug_assert_eq!(self.check_words(), Ok(()));
                std::borrow::Cow::Borrowed(words)
            }
            None => std::borrow::Cow::Owned(crate::profile::phase("rspirv assemble", || self.module.assemble())),
        }
    }

    /// Checks the invariant: the words kept (if any) are the module's assembly, bar the
    /// header's generator and schema words, which naga ignores. Debug builds check it on every
    /// [`LoadedModule::spirv`]; translation with `verify_wgsl_round_trip` (tests, fuzzing)
    /// checks it too.
    pub fn check_words(&self) -> Result<(), String> {
        use rspirv::binary::Assemble;
        let Some(words) = &self.words else { return Ok(()) };
        let assembled = self.module.assemble();
        let Some(at) = crate::spirv_reader::first_difference(&assembled, words) else { return Ok(()) };
        Err(format!(
            "a lowering pass changed the module without saying so: its assembly ({} words) differs from the input ({} words) at word {at}",
            assembled.len(),
            words.len()
        ))
    }
}

/// Checks the header before handing the words to rspirv, for precise errors.
pub fn check_header(words: &[u32]) -> Result<(), LoadError> {
    if words.is_empty() {
        return Err(LoadError::Empty);
    }
    if words[0] != SPIRV_MAGIC {
        return Err(LoadError::BadMagic { found: words[0] });
    }
    if words.len() < 5 {
        return Err(LoadError::TruncatedHeader { words: words.len() });
    }
    if words[3] > MAX_ID_BOUND {
        return Err(LoadError::Malformed(format!("id bound {} is above {MAX_ID_BOUND}", words[3])));
    }
    check_instruction_stream(words)
}

/// Every instruction's word count is non-zero and stays inside the module. rspirv 0.13 panics
/// on an instruction that runs past the end, so the stream is checked before it sees it.
fn check_instruction_stream(words: &[u32]) -> Result<(), LoadError> {
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        if count == 0 {
            return Err(LoadError::Parse(format!("instruction at word {i} has a word count of zero")));
        }
        if i + count > words.len() {
            return Err(LoadError::Parse(format!(
                "instruction at word {i} (opcode {}) needs {count} words but the module ends after {}",
                words[i] & 0xffff,
                words.len() - i
            )));
        }
        if words[i] & 0xffff == spirv::Op::SpecConstantOp as u32 && count >= 4 {
            check_spec_constant_op(i, words[i + 3])?;
        }
        i += count;
    }
    Ok(())
}

/// rspirv 0.13 panics on an `OpSpecConstantOp` wrapping an opcode with operands it cannot
/// parse there (context-dependent literals, nested spec-constant ops, switch pairs); none of
/// them is an operation `OpSpecConstantOp` may take, so the module is malformed.
fn check_spec_constant_op(at: usize, inner: u32) -> Result<(), LoadError> {
    use rspirv::grammar::OperandKind as K;
    let bad = rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(inner).is_some_and(|g| {
        g.operands
            .iter()
            .any(|o| matches!(o.kind, K::LiteralContextDependentNumber | K::LiteralSpecConstantOpInteger | K::PairLiteralIntegerIdRef))
    });
    if bad {
        return Err(LoadError::Malformed(format!("OpSpecConstantOp at word {at} wraps opcode {inner}, which it cannot take")));
    }
    Ok(())
}

/// Bytes (little-endian, as `.spv` files are written) to words.
pub fn words_from_bytes(bytes: &[u8]) -> Result<Vec<u32>, LoadError> {
    if bytes.is_empty() {
        return Err(LoadError::Empty);
    }
    if bytes.len() % 4 != 0 {
        return Err(LoadError::NotWords { len: bytes.len() });
    }
    Ok(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
}

pub fn stage_of(model: spirv::ExecutionModel) -> Option<Stage> {
    use spirv::ExecutionModel as M;
    Some(match model {
        M::Vertex => Stage::Vertex,
        M::TessellationControl => Stage::TessControl,
        M::TessellationEvaluation => Stage::TessEval,
        M::Geometry => Stage::Geometry,
        M::Fragment => Stage::Fragment,
        _ => return None,
    })
}

/// The stage of the entry point `entry`, when the module can be read that far (to label a
/// load error with the stage it is about).
pub fn peek_stage(words: &[u32], entry: Option<&str>) -> Option<Stage> {
    check_header(words).ok()?;
    let module = crate::spirv_reader::load_words(words).ok()?;
    let (_, model, _) = select_entry_point(&module, entry).ok()?;
    stage_of(model)
}

/// Parses `words` and reflects the entry point `entry` (or the first graphics entry point).
pub fn load(words: &[u32], entry: Option<&str>) -> Result<LoadedModule, LoadError> {
    check_header(words)?;
    let (module, in_order) = crate::profile::phase("spirv read", || crate::spirv_reader::load_words_with_layout(words))
        .map_err(|e| LoadError::Parse(e.to_string()))?;
    let (entry_id, model, name) = select_entry_point(&module, entry)?;
    let Some(stage) = stage_of(model) else {
        return Err(LoadError::UnknownExecutionModel { name, model: format!("{model:?}") });
    };
    if !module.functions.iter().any(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(entry_id)) {
        return Err(LoadError::Malformed(format!("entry point `{name}` names %{entry_id}, which is not a function of the module")));
    }
    crate::profile::phase("load checks", || crate::module_checks::check(&module, entry_id, stage))?;
    // Shapes that are valid Vulkan but that the interface matching (and WGSL) does not take
    // are normalized before reflecting, so every consumer of a `LoadedModule` sees them gone.
    let mut module = module;
    let mut changed = !in_order;
    changed |= crate::profile::phase("lower: drop_xfb", || crate::lower::drop_xfb::lower(&mut module));
    changed |= crate::profile::phase("lower: buffer_block_names", || crate::lower::buffer_block_names::lower(&mut module));
    changed |= crate::profile::phase("lower: non_writable_blocks", || crate::lower::non_writable_blocks::lower(&mut module));
    // One index of the module serves the flattening's analysis and reflection, unless the
    // flattening changes the module (few modules have block or struct varyings).
    let reflector = crate::profile::phase("reflect", || Reflector::new(&module));
    let flatten = crate::profile::phase("lower: flatten_io", || crate::lower::flatten_io::analyse(&reflector, entry_id, stage))?;
    let reflection = match flatten {
        None => {
            let reflection = crate::profile::phase("reflect", || reflector.reflect(entry_id, stage, name));
            drop(reflector);
            reflection?
        }
        Some(analysis) => {
            drop(reflector);
            changed = true;
            crate::profile::phase("lower: flatten_io", || crate::lower::flatten_io::apply(&mut module, entry_id, stage, analysis))?;
            crate::profile::phase("reflect", || Reflector::new(&module).reflect(entry_id, stage, name))?
        }
    };
    Ok(LoadedModule { module, words: (!changed).then(|| words.to_vec()), entry_id, reflection })
}

/// The locations of one direction's user interface variables, wherever reflection found them
/// (variables, or members of per-vertex blocks): each ends by [`MAX_LOCATION`], and no two
/// overlap. Vulkan forbids overlapping locations and components; the emulation names varyings
/// by location, so an overlap would write WGSL with one name twice. Found by the `spirv_words`
/// fuzzer (a 2,050-element output array at location 0 over an output at location 2).
/// Per-patch and per-vertex variables are checked apart; 64-bit variables (two components per
/// scalar) are left out of the overlap check.
fn check_locations(vars: &[InterfaceVar], what: &str) -> Result<(), LoadError> {
    let mut taken: HashMap<(bool, u32), (u8, &InterfaceVar)> = HashMap::new();
    for v in vars {
        let Some(end) = v.location.checked_add(v.ty.locations).filter(|end| *end <= MAX_LOCATION) else {
            return Err(LoadError::Malformed(format!("{what}: {} spans locations beyond {MAX_LOCATION}", v.describe())));
        };
        if v.ty.width > 32 {
            continue;
        }
        let bits = ((1u32 << v.ty.components.clamp(1, 4)) - 1) << v.component.min(4);
        let mask = (bits & 0xf) as u8;
        for l in v.location..end {
            let slot = taken.entry((v.patch, l)).or_insert((0, v));
            if slot.0 & mask != 0 {
                return Err(LoadError::Malformed(format!("{what} {} and {} overlap at location {l}", slot.1.describe(), v.describe())));
            }
            slot.0 |= mask;
        }
    }
    Ok(())
}

fn select_entry_point(module: &dr::Module, wanted: Option<&str>) -> Result<(Word, spirv::ExecutionModel, String), LoadError> {
    let mut found = Vec::new();
    for ep in &module.entry_points {
        let (Some(Operand::ExecutionModel(model)), Some(Operand::IdRef(id)), Some(Operand::LiteralString(name))) =
            (ep.operands.first(), ep.operands.get(1), ep.operands.get(2))
        else {
            return Err(LoadError::Malformed("OpEntryPoint with unexpected operands".into()));
        };
        found.push((*id, *model, name.clone()));
    }
    if found.is_empty() {
        return Err(LoadError::NoEntryPoint);
    }
    match wanted {
        Some(w) => found.iter().find(|(_, _, n)| n == w).cloned().ok_or_else(|| LoadError::EntryPointNotFound {
            name: w.to_string(),
            available: found.iter().map(|(_, _, n)| n.as_str()).collect::<Vec<_>>().join(", "),
        }),
        None => Ok(found.iter().find(|(_, m, _)| stage_of(*m).is_some()).unwrap_or(&found[0]).clone()),
    }
}

pub(crate) struct Reflector<'m> {
    module: &'m dr::Module,
    // Built for every module loaded (and again by later passes): fast hashes, borrowed
    // operands and names.
    defs: naga::FastHashMap<Word, &'m Instruction>,
    /// `OpDecorate`s by target, in module order for each target (one sorted vector: no
    /// allocation per decorated id).
    decorations: Vec<(Word, Decoration, &'m [Operand])>,
    /// `OpMemberDecorate`s by (struct, member), likewise.
    member_decorations: Vec<((Word, u32), Decoration, &'m [Operand])>,
    names: naga::FastHashMap<Word, &'m str>,
}

impl<'m> Reflector<'m> {
    pub(crate) fn new(module: &'m dr::Module) -> Self {
        let mut defs = naga::FastHashMap::default();
        defs.reserve(module.types_global_values.len());
        for inst in &module.types_global_values {
            if let Some(id) = inst.result_id {
                defs.insert(id, inst);
            }
        }
        let mut decorations = Vec::with_capacity(module.annotations.len());
        let mut member_decorations = Vec::new();
        for a in &module.annotations {
            match (a.class.opcode, a.operands.as_slice()) {
                (Op::Decorate, [Operand::IdRef(t), Operand::Decoration(d), rest @ ..]) => decorations.push((*t, *d, rest)),
                (Op::MemberDecorate, [Operand::IdRef(t), Operand::LiteralBit32(m), Operand::Decoration(d), rest @ ..]) => {
                    member_decorations.push(((*t, *m), *d, rest))
                }
                _ => {}
            }
        }
        // Stable: a target's decorations stay in module order (the first of a kind counts).
        decorations.sort_by_key(|(t, _, _)| *t);
        member_decorations.sort_by_key(|(t, _, _)| *t);
        let mut names = naga::FastHashMap::default();
        names.reserve(module.debug_names.len());
        for n in &module.debug_names {
            if let (Op::Name, [Operand::IdRef(t), Operand::LiteralString(s)]) = (n.class.opcode, n.operands.as_slice()) {
                names.insert(*t, s.as_str());
            }
        }
        Reflector { module, defs, decorations, member_decorations, names }
    }

    /// The decorations of `id`, in module order.
    fn decorations_of(&self, id: Word) -> impl Iterator<Item = (Decoration, &'m [Operand])> + '_ {
        let start = self.decorations.partition_point(|(t, _, _)| *t < id);
        self.decorations[start..].iter().take_while(move |(t, _, _)| *t == id).map(|(_, d, ops)| (*d, *ops))
    }

    /// The decorations of member `member` of struct `id`, in module order.
    fn member_decorations_of(&self, id: Word, member: u32) -> impl Iterator<Item = (Decoration, &'m [Operand])> + '_ {
        let key = (id, member);
        let start = self.member_decorations.partition_point(|(t, _, _)| *t < key);
        self.member_decorations[start..].iter().take_while(move |(t, _, _)| *t == key).map(|(_, d, ops)| (*d, *ops))
    }

    pub(crate) fn module(&self) -> &'m dr::Module {
        self.module
    }

    pub(crate) fn def(&self, id: Word) -> Option<&'m Instruction> {
        self.defs.get(&id).copied()
    }

    pub(crate) fn has_decoration(&self, id: Word, d: Decoration) -> bool {
        self.has(id, d)
    }

    pub(crate) fn decoration_literal(&self, id: Word, d: Decoration) -> Option<u32> {
        self.literal(id, d)
    }

    pub(crate) fn member_has_decoration(&self, id: Word, member: u32, d: Decoration) -> bool {
        self.member_decorations_of(id, member).any(|(x, _)| x == d)
    }

    /// A struct type, or an array (of arrays) of one.
    pub(crate) fn contains_struct(&self, ty: Word, depth: u32) -> bool {
        match self.def(ty).map(|i| (i.class.opcode, i.operands.as_slice())) {
            Some((Op::TypeStruct, _)) => true,
            Some((Op::TypeArray | Op::TypeRuntimeArray, [Operand::IdRef(elem), ..])) if depth < 16 => {
                self.contains_struct(*elem, depth + 1)
            }
            _ => false,
        }
    }

    /// Locations a value of type `ty` occupies (matrices one per column, arrays per element,
    /// structs per member).
    pub(crate) fn io_locations(&self, ty: Word) -> Option<u32> {
        let inst = self.def(ty)?;
        Some(match (inst.class.opcode, inst.operands.as_slice()) {
            (Op::TypeMatrix, [_, Operand::LiteralBit32(n)]) => *n,
            (Op::TypeArray, [Operand::IdRef(e), Operand::IdRef(len)]) => self.constant_u32(*len)? * self.io_locations(*e)?,
            (Op::TypeStruct, members) => {
                members.iter().map(|m| if let Operand::IdRef(t) = m { self.io_locations(*t) } else { None }).sum::<Option<u32>>()?
            }
            _ => 1,
        })
    }

    /// The members of a per-vertex array of blocks as interface variables, or `None` when
    /// `ty` is not an array of structs.
    fn per_vertex_block_members(&self, id: Word, ty: Word) -> Result<Option<Vec<InterfaceVar>>, LoadError> {
        let elem = match self.def(ty).map(|i| (i.class.opcode, i.operands.as_slice())) {
            Some((Op::TypeArray | Op::TypeRuntimeArray, [Operand::IdRef(e), ..])) => *e,
            _ => return Ok(None),
        };
        let Some(members) = self.def(elem).filter(|d| d.class.opcode == Op::TypeStruct).map(|d| d.operands.clone()) else {
            return Ok(None);
        };
        let mut next = self.literal(id, Decoration::Location);
        let mut out = Vec::new();
        for (m, op) in members.iter().enumerate() {
            let Operand::IdRef(mt) = op else { continue };
            let location = self
                .member_decoration_literal(elem, m as u32, Decoration::Location)
                .or(next)
                .ok_or_else(|| LoadError::Malformed(format!("member {m} of the interface block {} has no location", self.name(id))))?;
            let io = self.io_type(*mt, false).ok_or_else(|| {
                LoadError::Unsupported(format!("member {m} of the interface block {} (a nested block or struct)", self.name(id)))
            })?;
            let has = |d| self.member_decorations_of(elem, m as u32).any(|(x, _)| x == d) || self.has(id, d);
            out.push(InterfaceVar {
                id,
                name: format!("{}.{}", self.names.get(&id).copied().unwrap_or_default(), m),
                location,
                component: 0,
                ty: io,
                interpolation: Interpolation {
                    flat: has(Decoration::Flat),
                    no_perspective: has(Decoration::NoPerspective),
                    centroid: has(Decoration::Centroid),
                    sample: has(Decoration::Sample),
                },
                patch: false,
            });
            next = location.checked_add(io.locations);
        }
        Ok(Some(out))
    }

    pub(crate) fn member_decoration_literal(&self, id: Word, member: u32, d: Decoration) -> Option<u32> {
        self.member_decorations_of(id, member).find(|(x, _)| *x == d).and_then(|(_, ops)| match ops.first() {
            Some(Operand::LiteralBit32(v)) => Some(*v),
            _ => None,
        })
    }

    /// `OpName` of an id.
    pub(crate) fn debug_name(&self, id: Word) -> Option<&str> {
        self.names.get(&id).copied()
    }

    /// A descriptor array's element type and length (1 when not an array, 0 when runtime-sized).
    pub(crate) fn strip_descriptor_array(&self, ty: Word) -> (Word, u32) {
        match self.def(ty).map(|i| (i.class.opcode, i.operands.as_slice())) {
            Some((Op::TypeArray, [Operand::IdRef(elem), Operand::IdRef(len)])) => (*elem, self.constant_u32(*len).unwrap_or(1)),
            Some((Op::TypeRuntimeArray, [Operand::IdRef(elem)])) => (*elem, 0),
            _ => (ty, 1),
        }
    }

    fn has(&self, id: Word, d: Decoration) -> bool {
        self.decorations_of(id).any(|(x, _)| x == d)
    }

    fn literal(&self, id: Word, d: Decoration) -> Option<u32> {
        self.decorations_of(id).find(|(x, _)| *x == d).and_then(|(_, ops)| match ops.first() {
            Some(Operand::LiteralBit32(v)) => Some(*v),
            _ => None,
        })
    }

    pub(crate) fn builtin(&self, id: Word) -> Option<BuiltIn> {
        self.decorations_of(id).find_map(|(d, ops)| match (d, ops.first()) {
            (Decoration::BuiltIn, Some(Operand::BuiltIn(b))) => Some(*b),
            _ => None,
        })
    }

    pub(crate) fn member_builtin(&self, struct_id: Word, member: u32) -> Option<BuiltIn> {
        self.member_decorations_of(struct_id, member).find_map(|(d, ops)| match (d, ops.first()) {
            (Decoration::BuiltIn, Some(Operand::BuiltIn(b))) => Some(*b),
            _ => None,
        })
    }

    /// Value of an integer `OpConstant`, or the default of an `OpSpecConstant` (naga
    /// specializes with the defaults too).
    pub(crate) fn constant_u32(&self, id: Word) -> Option<u32> {
        let inst = self.def(id)?;
        match (inst.class.opcode, inst.operands.first()) {
            (Op::Constant | Op::SpecConstant, Some(Operand::LiteralBit32(v))) => Some(*v),
            _ => None,
        }
    }

    /// Pointee of a pointer type, with its storage class.
    pub(crate) fn pointee(&self, ptr_ty: Word) -> Option<(StorageClass, Word)> {
        let inst = self.def(ptr_ty)?;
        match (inst.class.opcode, inst.operands.as_slice()) {
            (Op::TypePointer, [Operand::StorageClass(sc), Operand::IdRef(t)]) => Some((*sc, *t)),
            _ => None,
        }
    }

    /// Strips arrays (all levels, as for per-vertex arrays of tessellation stages).
    fn array_len(&self, ty: Word) -> Option<(Word, u32)> {
        let inst = self.def(ty)?;
        match (inst.class.opcode, inst.operands.as_slice()) {
            (Op::TypeArray, [Operand::IdRef(elem), Operand::IdRef(len)]) => Some((*elem, self.constant_u32(*len)?)),
            _ => None,
        }
    }

    fn io_type(&self, ty: Word, arrayed: bool) -> Option<IoType> {
        let mut ty = ty;
        if arrayed {
            let inst = self.def(ty)?;
            if matches!(inst.class.opcode, Op::TypeArray | Op::TypeRuntimeArray) {
                if let Some(Operand::IdRef(e)) = inst.operands.first() {
                    ty = *e;
                }
            }
        }
        let mut locations = 1u32;
        while let Some((elem, len)) = self.array_len(ty) {
            locations = locations.checked_mul(len)?;
            ty = elem;
        }
        let inst = self.def(ty)?;
        let (scalar, components, columns) = match (inst.class.opcode, inst.operands.as_slice()) {
            (Op::TypeVector, [Operand::IdRef(s), Operand::LiteralBit32(n)]) => (*s, *n, 1),
            (Op::TypeMatrix, [Operand::IdRef(col), Operand::LiteralBit32(n)]) => {
                let c = self.def(*col)?;
                match c.operands.as_slice() {
                    [Operand::IdRef(s), Operand::LiteralBit32(m)] => (*s, *m, *n),
                    _ => return None,
                }
            }
            _ => (ty, 1, 1),
        };
        let s = self.def(scalar)?;
        let (kind, width) = match (s.class.opcode, s.operands.as_slice()) {
            (Op::TypeFloat, [Operand::LiteralBit32(w), ..]) => (ScalarKind::Float, *w),
            (Op::TypeInt, [Operand::LiteralBit32(w), Operand::LiteralBit32(signed)]) => {
                (if *signed != 0 { ScalarKind::Sint } else { ScalarKind::Uint }, *w)
            }
            (Op::TypeBool, _) => (ScalarKind::Bool, 32),
            _ => return None,
        };
        Some(IoType { kind, width, components, locations: locations.checked_mul(columns)? })
    }

    fn interface_ids(&self, entry_id: Word) -> Vec<Word> {
        self.module
            .entry_points
            .iter()
            .find(|ep| matches!(ep.operands.get(1), Some(Operand::IdRef(id)) if *id == entry_id))
            .map(|ep| ep.operands.iter().skip(3).filter_map(|o| if let Operand::IdRef(i) = o { Some(*i) } else { None }).collect())
            .unwrap_or_default()
    }

    fn reflect(&self, entry_id: Word, stage: Stage, entry_point: String) -> Result<Reflection, LoadError> {
        let execution_modes = self
            .module
            .execution_modes
            .iter()
            .filter(|m| matches!(m.operands.first(), Some(Operand::IdRef(id)) if *id == entry_id))
            .filter_map(|m| match m.operands.get(1) {
                Some(Operand::ExecutionMode(mode)) => Some((
                    *mode,
                    m.operands[2..].iter().filter_map(|o| if let Operand::LiteralBit32(v) = o { Some(*v) } else { None }).collect(),
                )),
                _ => None,
            })
            .collect();
        // Per-vertex arrays wrap the interface of tessellation stages (inputs of control and
        // evaluation, outputs of control).
        let arrayed_inputs = matches!(stage, Stage::TessControl | Stage::TessEval | Stage::Geometry);
        let arrayed_outputs = stage == Stage::TessControl;

        let accessed = self.accessed_builtins();
        let mut r = Reflection {
            stage,
            entry_point,
            execution_modes,
            inputs: Vec::new(),
            outputs: Vec::new(),
            builtin_inputs: BTreeSet::new(),
            builtin_outputs: BTreeSet::new(),
            clip_distance_outputs: 0,
            cull_distance_outputs: 0,
        };
        for id in self.interface_ids(entry_id) {
            let Some(var) = self.def(id) else { continue };
            if var.class.opcode != Op::Variable {
                continue;
            }
            let Some((sc, ty)) = var.result_type.and_then(|t| self.pointee(t)) else {
                return Err(LoadError::Malformed(format!("interface variable %{id} has no pointer type")));
            };
            let (is_input, arrayed) = match sc {
                StorageClass::Input => (true, arrayed_inputs),
                StorageClass::Output => (false, arrayed_outputs),
                _ => continue,
            };
            let patch = self.has(id, Decoration::Patch);
            let builtins = if is_input { &mut r.builtin_inputs } else { &mut r.builtin_outputs };
            for (b, count) in accessed.get(&id).into_iter().flatten() {
                builtins.insert(*b);
                if !is_input {
                    match b {
                        BuiltIn::ClipDistance => r.clip_distance_outputs = r.clip_distance_outputs.max(*count),
                        BuiltIn::CullDistance => r.cull_distance_outputs = r.cull_distance_outputs.max(*count),
                        _ => {}
                    }
                }
            }
            if self.builtin(id).is_some() || self.is_builtin_block(ty, arrayed) {
                continue;
            }
            // A per-vertex array of blocks in a tessellation stage (`out Block { ... } v[];`):
            // one interface variable per member, at consecutive locations, as Vulkan assigns
            // them; `lower::tess_io` passes the block through records in the same order.
            if arrayed && !patch {
                if let Some(members) = self.per_vertex_block_members(id, ty)? {
                    let list = if is_input { &mut r.inputs } else { &mut r.outputs };
                    list.extend(members);
                    continue;
                }
            }
            let Some(location) = self.literal(id, Decoration::Location) else {
                return Err(LoadError::Malformed(format!("interface variable {} has neither Location nor BuiltIn", self.name(id))));
            };
            let Some(io) = self.io_type(ty, arrayed && !patch) else {
                if self.contains_struct(ty, 0) {
                    // Only blocks left by `flatten_io`: arrays of blocks in tessellation stages.
                    return Err(LoadError::Unsupported(format!("interface variable {} is an array of blocks or structs", self.name(id))));
                }
                return Err(LoadError::Malformed(format!(
                    "interface variable {} has a type Tesserae cannot pass between stages",
                    self.name(id)
                )));
            };
            let v = InterfaceVar {
                id,
                name: self.names.get(&id).map(|n| n.to_string()).unwrap_or_default(),
                location,
                component: self.literal(id, Decoration::Component).unwrap_or(0),
                ty: io,
                interpolation: Interpolation {
                    flat: self.has(id, Decoration::Flat),
                    no_perspective: self.has(id, Decoration::NoPerspective),
                    centroid: self.has(id, Decoration::Centroid),
                    sample: self.has(id, Decoration::Sample),
                },
                patch,
            };
            if is_input {
                r.inputs.push(v)
            } else {
                r.outputs.push(v)
            }
        }
        r.inputs.sort_by_key(|v| (v.location, v.component));
        r.outputs.sort_by_key(|v| (v.location, v.component));
        check_locations(&r.inputs, "inputs")?;
        check_locations(&r.outputs, "outputs")?;
        Ok(r)
    }

    fn name(&self, id: Word) -> String {
        match self.names.get(&id) {
            Some(n) if !n.is_empty() => format!("`{n}`"),
            _ => format!("%{id}"),
        }
    }

    fn is_builtin_block(&self, ty: Word, arrayed: bool) -> bool {
        let mut ty = ty;
        if arrayed {
            if let Some((e, _)) = self.array_len(ty) {
                ty = e;
            }
        }
        self.def(ty).is_some_and(|i| i.class.opcode == Op::TypeStruct) && self.member_builtin(ty, 0).is_some()
    }

    /// Declared length of a built-in's array type (clip/cull distances), else 1.
    fn builtin_len(&self, ty: Word) -> u32 {
        self.array_len(ty).map(|(_, n)| n).unwrap_or(1)
    }

    /// For each built-in variable or built-in block, the built-ins that function code accesses
    /// (with their declared array length). A block accessed as a whole counts all its members.
    fn accessed_builtins(&self) -> BTreeMap<Word, Vec<(BuiltIn, u32)>> {
        // Variables that are built-ins or built-in blocks (possibly arrayed).
        let mut candidates: HashMap<Word, Word> = HashMap::new(); // var -> block struct type or 0
        for inst in &self.module.types_global_values {
            if inst.class.opcode != Op::Variable {
                continue;
            }
            let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else { continue };
            let Some((_, mut pointee)) = self.pointee(ty) else { continue };
            if self.builtin(id).is_some() {
                candidates.insert(id, 0);
                continue;
            }
            if let Some((e, _)) = self.array_len(pointee) {
                pointee = e;
            }
            if self.def(pointee).is_some_and(|i| i.class.opcode == Op::TypeStruct) && self.member_builtin(pointee, 0).is_some() {
                candidates.insert(id, pointee);
            }
        }
        let mut out: BTreeMap<Word, Vec<(BuiltIn, u32)>> = BTreeMap::new();
        let mut add = |var: Word, b: BuiltIn, len: u32| {
            let v = out.entry(var).or_default();
            if !v.iter().any(|(x, _)| *x == b) {
                v.push((b, len));
            }
        };
        for f in &self.module.functions {
            for block in &f.blocks {
                for inst in &block.instructions {
                    let chain = matches!(inst.class.opcode, Op::AccessChain | Op::InBoundsAccessChain);
                    for (i, op) in inst.operands.iter().enumerate() {
                        let Operand::IdRef(id) = op else { continue };
                        let Some(&block_ty) = candidates.get(id) else { continue };
                        if block_ty == 0 {
                            let b = self.builtin(*id).unwrap_or(BuiltIn::Position);
                            let len = self
                                .def(*id)
                                .and_then(|v| v.result_type)
                                .and_then(|t| self.pointee(t))
                                .map(|(_, t)| self.builtin_len(t))
                                .unwrap_or(1);
                            add(*id, b, len);
                            continue;
                        }
                        // A block: find which member a chain selects. For arrayed blocks the
                        // first index is the vertex; the member index follows.
                        let arrayed = self
                            .def(*id)
                            .and_then(|v| v.result_type)
                            .and_then(|t| self.pointee(t))
                            .is_some_and(|(_, t)| self.array_len(t).is_some());
                        let member_pos = if arrayed { 2 } else { 1 };
                        let member = if chain && i == 0 {
                            match inst.operands.get(member_pos) {
                                Some(Operand::IdRef(c)) => self.constant_u32(*c),
                                _ => None,
                            }
                        } else {
                            None
                        };
                        match member {
                            Some(m) => {
                                if let Some(b) = self.member_builtin(block_ty, m) {
                                    add(*id, b, self.member_len(block_ty, m));
                                }
                            }
                            None => {
                                for m in 0..self.member_count(block_ty) {
                                    if let Some(b) = self.member_builtin(block_ty, m) {
                                        add(*id, b, self.member_len(block_ty, m));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    pub(crate) fn member_type(&self, struct_ty: Word, m: u32) -> Option<Word> {
        match self.def(struct_ty)?.operands.get(m as usize) {
            Some(Operand::IdRef(t)) => Some(*t),
            _ => None,
        }
    }

    fn member_len(&self, struct_ty: Word, m: u32) -> u32 {
        self.member_type(struct_ty, m).map(|t| self.builtin_len(t)).unwrap_or(1)
    }

    fn member_count(&self, struct_ty: Word) -> u32 {
        self.def(struct_ty).map(|i| i.operands.len() as u32).unwrap_or(0)
    }
}
