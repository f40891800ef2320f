//! Reflecting one SPIR-V module, and what loading it needs of the reading layer.
//!
//! [`LoadedModule`] is a module as loaded ([`crate::lower::load`] reads the words into a
//! [`ModuleView`], rspirv's module only where the view's reader hands the words to rspirv or a
//! load-time pass applies, runs the load checks ([`crate::module_checks`]) and the load-time
//! passes). [`Reflector`] picks out what the later steps need: the stage, execution modes,
//! location-decorated interface variables with their types and interpolation, and which
//! built-ins the code actually accesses. A `gl_PerVertex` block that the code never touches
//! declares built-ins without using them, so "accessed" is what counts.
//!
//! Invariant: a [`LoadedModule`] always has exactly one selected entry point and a consistent
//! id → instruction map for its types and constants; reflection never panics on malformed input.

use crate::desc::Stage;
use crate::error::LoadError;
use crate::spirv_view::{literal_string, EntryPoint, Inst, ModuleView};
use rspirv::dr;
use spirv::{BuiltIn, Decoration, ExecutionMode, Op, StorageClass, Word};
use std::borrow::Cow;
use std::cell::OnceCell;
use std::collections::BTreeSet;

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

/// Where a stage's captured values go (transform feedback): word `k` of the array the capture
/// gathers each vertex's values in ([`crate::lower::xfb_capture`]) is `words[k]`.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct CaptureLayout {
    pub words: Vec<CaptureWord>,
    /// `(XfbBuffer, XfbStride in bytes)` of every buffer a word goes to, by buffer number.
    pub buffers: Vec<(u32, u32)>,
}

/// One captured 32-bit component: its buffer and byte offset in the buffer's vertex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct CaptureWord {
    pub buffer: u32,
    pub offset: u32,
}

impl CaptureLayout {
    /// The stride of buffer `b`.
    pub fn stride(&self, b: u32) -> u32 {
        self.buffers.iter().find(|(x, _)| *x == b).map_or(0, |(_, s)| *s)
    }
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
    /// What the stage captures (its `Xfb` execution mode), or why Tesserae cannot capture it.
    pub capture: Option<Result<CaptureLayout, String>>,
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

/// A loaded module with its selected entry point.
///
/// The module lives as a [`ModuleView`] of its words, as rspirv's `dr::Module`, or both; each
/// is built from the other when first asked for. Invariants: when both are present they hold
/// the same module (a change through [`LoadedModule::module_mut`] drops the view, rebuilt from
/// the changed module when asked for); while `input` is set, the view holds the words the
/// module was read from and nothing has changed it, so naga reads those words (nine stages in
/// ten need no lowering: their rspirv module is never built). A lowering pass skipped because
/// its predicate says it would change nothing is run anyway in debug builds, on a copy, to
/// check that; the skipped passes share one copy, taken again only after the module changes
/// (a pass that changes nothing leaves its input as it was: [`LoadedModule::check_words`]).
#[derive(Debug, Clone)]
pub struct LoadedModule<'w> {
    view: OnceCell<ModuleView<'w>>,
    module: OnceCell<dr::Module>,
    /// Debug builds: the copy the skipped passes run on, while the module is unchanged.
    skipped_passes_copy: Option<Box<dr::Module>>,
    input: bool,
    pub entry_id: Word,
    pub reflection: Reflection,
}

impl<'w> LoadedModule<'w> {
    /// A module as the load leaves it ([`crate::lower::load`]): its view, rspirv's module where
    /// one was built, and whether the view still holds the input words.
    pub(crate) fn loaded(view: ModuleView<'w>, module: Option<dr::Module>, input: bool, entry_id: Word, reflection: Reflection) -> Self {
        LoadedModule {
            view: OnceCell::from(view),
            module: module.map(OnceCell::from).unwrap_or_default(),
            skipped_passes_copy: None,
            input,
            entry_id,
            reflection,
        }
    }

    /// The module as rspirv's data (read from the view's words on first use).
    pub fn module(&self) -> &dr::Module {
        self.module.get_or_init(|| {
            let words = self.view.get().expect("a loaded module has a view or an rspirv module").words();
            // The view reads only what rspirv reads (`spirv_view::check_agrees_with_rspirv`).
            crate::profile::phase("spirv read", || crate::spirv_reader::load_words(words)).expect("words the view reads are read by rspirv")
        })
    }

    /// The module's view (of its assembly, once a pass has changed it).
    pub fn view(&self) -> &ModuleView<'w> {
        self.view.get_or_init(|| crate::profile::phase("rspirv assemble", || ModuleView::of_module(self.module())))
    }

    /// The module, to change: the words it was read from no longer describe it.
    pub fn module_mut(&mut self) -> &mut dr::Module {
        self.module();
        self.view.take();
        self.skipped_passes_copy = None;
        self.input = false;
        self.module.get_mut().expect("built above")
    }

    /// [`LoadedModule::module_mut`] with the entry point's id, for passes that take both.
    pub fn with_entry<T>(&mut self, pass: impl FnOnce(&mut dr::Module, Word) -> T) -> T {
        let entry = self.entry_id;
        pass(self.module_mut(), entry)
    }

    /// Runs a lowering pass that returns whether it changed the module, unless `applies` says
    /// it would change nothing.
    pub fn lower(&mut self, applies: impl FnOnce(&ModuleView) -> bool, pass: impl FnOnce(&mut dr::Module) -> bool) {
        self.try_lower(applies, |m| Ok::<_, std::convert::Infallible>(pass(m))).unwrap_or_else(|never| match never {})
    }

    /// As [`LoadedModule::lower`], for a pass that may fail (the module then counts as changed).
    pub fn try_lower<E: std::fmt::Debug>(
        &mut self,
        applies: impl FnOnce(&ModuleView) -> bool,
        pass: impl FnOnce(&mut dr::Module) -> Result<bool, E>,
    ) -> Result<(), E> {
        if !applies(self.view()) {
            if cfg!(debug_assertions) {
                if self.skipped_passes_copy.is_none() {
                    self.skipped_passes_copy = Some(Box::new(self.module().clone()));
                }
                let outcome = pass(self.skipped_passes_copy.as_mut().expect("taken above"));
                assert!(matches!(outcome, Ok(false)), "a lowering pass whose predicate says it does not apply gave {outcome:?}");
            }
            return Ok(());
        }
        self.module();
        let changed = pass(self.module.get_mut().expect("built above"));
        if !matches!(changed, Ok(false)) {
            self.view.take();
            self.skipped_passes_copy = None;
            self.input = false;
        }
        changed.map(|_| ())
    }

    /// The module's SPIR-V: the words it was read from while no pass has changed it, else its
    /// assembly.
    pub fn spirv(&self) -> &[u32] {
        debug_assert_eq!(self.check_words(), Ok(()));
        self.view().words()
    }

    /// Checks the invariant: the input words kept (if any) are the module's assembly, bar the
    /// header's generator and schema words, which naga ignores. Debug builds check it on every
    /// [`LoadedModule::spirv`]; translation with `verify_wgsl_round_trip` (tests, fuzzing)
    /// checks it too.
    pub fn check_words(&self) -> Result<(), String> {
        use rspirv::binary::Assemble;
        if !self.input {
            return Ok(());
        }
        let words = self.view().words();
        let assembled = self.module().assemble();
        let Some(at) = crate::spirv_reader::first_difference(&assembled, words) else { return Ok(()) };
        Err(format!(
            "a lowering pass changed the module without saying so: its assembly ({} words) differs from the input ({} words) at word {at}",
            assembled.len(),
            words.len()
        ))
    }
}

/// Checks the header and the instruction stream before handing the words to rspirv, for
/// precise errors.
pub fn check_header(words: &[u32]) -> Result<(), LoadError> {
    check_header_words(words)?;
    check_instruction_stream(words)
}

/// The header alone: magic number, length and id bound.
pub(crate) fn check_header_words(words: &[u32]) -> Result<(), LoadError> {
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
    Ok(())
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
pub(crate) fn check_spec_constant_op(at: usize, inner: u32) -> Result<(), LoadError> {
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
        M::GLCompute => Stage::Compute,
        _ => return None,
    })
}

/// The stage of the entry point `entry`, when the module can be read that far (to label a
/// load error with the stage it is about).
pub fn peek_stage(words: &[u32], entry: Option<&str>) -> Option<Stage> {
    check_header_words(words).ok()?;
    let (view, _) = read(&Cow::Borrowed(words)).ok()?;
    let (_, model, _) = select_entry_point(&view, entry, false).ok()?;
    stage_of(model)
}

/// The view of `words`, and rspirv's module where the view's reader hands the words to rspirv
/// (then the view is of that module's assembly, and the words are not kept). The view borrows
/// words it is given borrowed (the input of a translation: no copy).
pub(crate) fn read<'w>(words: &Cow<'w, [u32]>) -> Result<(ModuleView<'w>, Option<dr::Module>), LoadError> {
    if let Some((view, true)) = crate::profile::phase("spirv view", || ModuleView::read(words.clone())) {
        return Ok((view, None));
    }
    // The view checks the stream as it reads; rspirv needs it checked first.
    let read = check_instruction_stream(words).and_then(|()| {
        crate::profile::phase("spirv read", || crate::spirv_reader::load_words(words)).map_err(|e| LoadError::Parse(e.to_string()))
    });
    // A module the readers cannot parse may be valid SPIR-V of an extension they do not know
    // (SPV_KHR_untyped_pointers' `OpUntypedVariableKHR` is a global rspirv places nowhere).
    let module = read.map_err(|e| unknown_extension(words).map_or(e, LoadError::Unsupported))?;
    Ok((ModuleView::of_read_module(&module), Some(module)))
}

/// Extensions whose instructions the readers know (naga's reader takes these, the load's
/// passes remove the others' uses), so a module declaring only these that fails to parse is
/// malformed.
const KNOWN_EXTENSIONS: &[&str] = &[
    "SPV_KHR_shader_draw_parameters",
    "SPV_GOOGLE_hlsl_functionality1",
    "SPV_GOOGLE_user_type",
    "SPV_GOOGLE_decorate_string",
    "SPV_KHR_8bit_storage",
    "SPV_KHR_float_controls",
    "SPV_KHR_terminate_invocation",
    "SPV_KHR_physical_storage_buffer",
    "SPV_KHR_fragment_shading_rate",
    "SPV_EXT_demote_to_helper_invocation",
    "SPV_EXT_fragment_shader_interlock",
    "SPV_EXT_shader_stencil_export",
    "SPV_EXT_shader_viewport_index_layer",
];

/// The first extension `words` declare that neither naga's reader nor [`KNOWN_EXTENSIONS`]
/// lists, as a refusal naming it.
fn unknown_extension(words: &[u32]) -> Option<String> {
    const OP_EXTENSION: u32 = 10;
    let mut at = 5;
    while let Some(&first) = words.get(at) {
        let (count, op) = ((first >> 16) as usize, first & 0xffff);
        if count == 0 || op == Op::Function as u32 {
            return None;
        }
        if op == OP_EXTENSION {
            let name = crate::spirv_view::literal_string(words.get(at + 1..at + count)?)?.0;
            let known = naga::front::spv::SUPPORTED_EXTENSIONS.contains(&name.as_str()) || KNOWN_EXTENSIONS.contains(&name.as_str());
            if !known {
                return Some(format!("the extension {name} (the SPIR-V readers here do not know its instructions)"));
            }
        }
        at += count;
    }
    None
}

/// The rspirv module of `words`, read now unless `module` holds it already.
pub(crate) fn rspirv_module<'m>(module: &'m mut Option<dr::Module>, words: &[u32]) -> Result<&'m mut dr::Module, LoadError> {
    match module {
        Some(m) => Ok(m),
        None => {
            let read = crate::profile::phase("spirv read", || crate::spirv_reader::load_words(words));
            Ok(module.insert(read.map_err(|e| LoadError::Parse(e.to_string()))?))
        }
    }
}

/// The locations of one direction's user interface variables, wherever reflection found them
/// (variables, or members of per-vertex blocks): each ends by [`MAX_LOCATION`], and no two
/// overlap. Vulkan forbids overlapping locations and components; the emulation names varyings
/// by location, so an overlap (a 2,050-element output array at location 0 over an output at
/// location 2) would write WGSL with one name twice.
/// Per-patch and per-vertex variables are checked apart; 64-bit variables (two components per
/// scalar) are left out of the overlap check.
fn check_locations(vars: &[InterfaceVar], what: &str) -> Result<(), LoadError> {
    // Per location, per-vertex and per-patch apart: the components taken, and by which
    // variable first.
    let mut taken: [Vec<(u8, usize)>; 2] = [Vec::new(), Vec::new()];
    for (i, v) in vars.iter().enumerate() {
        let Some(end) = v.location.checked_add(v.ty.locations).filter(|end| *end <= MAX_LOCATION) else {
            return Err(LoadError::Malformed(format!("{what}: {} spans locations beyond {MAX_LOCATION}", v.describe())));
        };
        if v.ty.width > 32 {
            continue;
        }
        let bits = ((1u32 << v.ty.components.clamp(1, 4)) - 1) << v.component.min(4);
        let mask = (bits & 0xf) as u8;
        let slots = &mut taken[usize::from(v.patch)];
        if slots.len() < end as usize {
            slots.resize(end as usize, (0, i));
        }
        for l in v.location..end {
            let slot = &mut slots[l as usize];
            if slot.0 == 0 {
                slot.1 = i;
            }
            if slot.0 & mask != 0 {
                return Err(LoadError::Malformed(format!(
                    "{what} {} and {} overlap at location {l}",
                    vars[slot.1].describe(),
                    v.describe()
                )));
            }
            slot.0 |= mask;
        }
    }
    Ok(())
}

/// The entry point named `wanted`; without a name, the first of a graphics stage (of
/// `GLCompute` when `compute`), else the first.
pub(crate) fn select_entry_point(
    module: &ModuleView,
    wanted: Option<&str>,
    compute: bool,
) -> Result<(Word, spirv::ExecutionModel, String), LoadError> {
    let mut found = Vec::new();
    for ep in module.entry_points() {
        let Some(ep) = EntryPoint::of(ep) else {
            return Err(LoadError::Malformed("OpEntryPoint with unexpected operands".into()));
        };
        found.push((ep.function, ep.model, ep.name));
    }
    if found.is_empty() {
        return Err(LoadError::NoEntryPoint);
    }
    match wanted {
        Some(w) => found.iter().find(|(_, _, n)| n == w).cloned().ok_or_else(|| LoadError::EntryPointNotFound {
            name: w.to_string(),
            available: found.iter().map(|(_, _, n)| n.as_str()).collect::<Vec<_>>().join(", "),
        }),
        None => {
            let of_kind = |m: spirv::ExecutionModel| stage_of(m).is_some_and(|s| (s == Stage::Compute) == compute);
            Ok(found.iter().find(|(_, m, _)| of_kind(*m)).unwrap_or(&found[0]).clone())
        }
    }
}

/// Lookups over a module's view: definitions, decorations and names by id.
pub(crate) struct Reflector<'m> {
    module: &'m ModuleView<'m>,
    /// `OpDecorate`s by target (decoration, argument words), in module order for each target
    /// (one sorted vector: no allocation per decorated id).
    decorations: Vec<(Word, Decoration, &'m [u32])>,
    /// `OpMemberDecorate`s by (struct, member), likewise.
    member_decorations: Vec<((Word, u32), Decoration, &'m [u32])>,
    /// `OpName` strings, as words.
    names: Vec<(Word, &'m [u32])>,
}

impl<'m> Reflector<'m> {
    pub(crate) fn new(module: &'m ModuleView<'m>) -> Self {
        let annotations = module.annotations();
        let mut decorations = Vec::with_capacity(annotations.clone().count());
        let mut member_decorations = Vec::new();
        for a in annotations {
            match (a.opcode, a.operands) {
                (Op::Decorate, [t, d, rest @ ..]) => decorations.extend(Decoration::from_u32(*d).map(|d| (*t, d, rest))),
                (Op::MemberDecorate, [t, m, d, rest @ ..]) => {
                    member_decorations.extend(Decoration::from_u32(*d).map(|d| ((*t, *m), d, rest)))
                }
                _ => {}
            }
        }
        // Stable: a target's decorations stay in module order (the first of a kind counts).
        decorations.sort_by_key(|(t, _, _)| *t);
        member_decorations.sort_by_key(|(t, _, _)| *t);
        // The last name of an id counts (as a map would keep it).
        let mut names: Vec<(Word, &[u32])> = module
            .debug_names()
            .filter_map(|n| if let (Op::Name, [t, rest @ ..]) = (n.opcode, n.operands) { Some((*t, rest)) } else { None })
            .collect();
        names.reverse();
        names.sort_by_key(|(t, _)| *t);
        Reflector { module, decorations, member_decorations, names }
    }

    /// The decorations of `id`, in module order.
    fn decorations_of(&self, id: Word) -> impl Iterator<Item = (Decoration, &'m [u32])> + '_ {
        let start = self.decorations.partition_point(|(t, _, _)| *t < id);
        self.decorations[start..].iter().take_while(move |(t, _, _)| *t == id).map(|(_, d, ops)| (*d, *ops))
    }

    /// The decorations of member `member` of struct `id`, in module order.
    fn member_decorations_of(&self, id: Word, member: u32) -> impl Iterator<Item = (Decoration, &'m [u32])> + '_ {
        let key = (id, member);
        let start = self.member_decorations.partition_point(|(t, _, _)| *t < key);
        self.member_decorations[start..].iter().take_while(move |(t, _, _)| *t == key).map(|(_, d, ops)| (*d, *ops))
    }

    pub(crate) fn module(&self) -> &'m ModuleView<'m> {
        self.module
    }

    pub(crate) fn def(&self, id: Word) -> Option<Inst<'m>> {
        self.module.def(id)
    }

    /// The `OpName` of `id`.
    pub(crate) fn debug_name(&self, id: Word) -> Option<String> {
        let at = self.names.partition_point(|(t, _)| *t < id);
        self.names.get(at).filter(|(t, _)| *t == id).and_then(|(_, words)| literal_string(words)).map(|(s, _)| s)
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

    pub(crate) fn member_decoration_literal(&self, id: Word, member: u32, d: Decoration) -> Option<u32> {
        self.member_decorations_of(id, member).find(|(x, _)| *x == d).and_then(|(_, ops)| ops.first().copied())
    }

    /// A struct type, or an array (of arrays) of one.
    pub(crate) fn contains_struct(&self, ty: Word, depth: u32) -> bool {
        match self.def(ty).map(|i| (i.opcode, i.operands)) {
            Some((Op::TypeStruct, _)) => true,
            Some((Op::TypeArray | Op::TypeRuntimeArray, [elem, ..])) if depth < 16 => self.contains_struct(*elem, depth + 1),
            _ => false,
        }
    }

    /// Locations a value of type `ty` occupies (matrices one per column, arrays per element,
    /// structs per member).
    pub(crate) fn io_locations(&self, ty: Word) -> Option<u32> {
        let inst = self.def(ty)?;
        Some(match (inst.opcode, inst.operands) {
            (Op::TypeMatrix, [_, n]) => *n,
            (Op::TypeArray, [e, len]) => self.constant_u32(*len)? * self.io_locations(*e)?,
            (Op::TypeStruct, members) => members.iter().map(|t| self.io_locations(*t)).sum::<Option<u32>>()?,
            _ => 1,
        })
    }

    /// The members of a per-vertex array of blocks as interface variables, or `None` when
    /// `ty` is not an array of structs.
    fn per_vertex_block_members(&self, id: Word, ty: Word) -> Result<Option<Vec<InterfaceVar>>, LoadError> {
        let elem = match self.def(ty).map(|i| (i.opcode, i.operands)) {
            Some((Op::TypeArray | Op::TypeRuntimeArray, [e, ..])) => *e,
            _ => return Ok(None),
        };
        let Some(members) = self.def(elem).filter(|d| d.opcode == Op::TypeStruct).map(|d| d.operands) else {
            return Ok(None);
        };
        let mut next = self.literal(id, Decoration::Location);
        let mut out = Vec::new();
        let block_name = self.debug_name(id).unwrap_or_default();
        for (m, mt) in members.iter().enumerate() {
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
                name: format!("{block_name}.{m}"),
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

    /// A descriptor array's element type and length (1 when not an array, 0 when runtime-sized).
    pub(crate) fn strip_descriptor_array(&self, ty: Word) -> (Word, u32) {
        match self.def(ty).map(|i| (i.opcode, i.operands)) {
            Some((Op::TypeArray, [elem, len])) => (*elem, self.constant_u32(*len).unwrap_or(1)),
            Some((Op::TypeRuntimeArray, [elem])) => (*elem, 0),
            _ => (ty, 1),
        }
    }

    fn has(&self, id: Word, d: Decoration) -> bool {
        self.decorations_of(id).any(|(x, _)| x == d)
    }

    fn literal(&self, id: Word, d: Decoration) -> Option<u32> {
        self.decorations_of(id).find(|(x, _)| *x == d).and_then(|(_, ops)| ops.first().copied())
    }

    pub(crate) fn builtin(&self, id: Word) -> Option<BuiltIn> {
        self.decorations_of(id).find_map(|(d, ops)| match (d, ops.first()) {
            (Decoration::BuiltIn, Some(b)) => BuiltIn::from_u32(*b),
            _ => None,
        })
    }

    pub(crate) fn member_builtin(&self, struct_id: Word, member: u32) -> Option<BuiltIn> {
        self.member_decorations_of(struct_id, member).find_map(|(d, ops)| match (d, ops.first()) {
            (Decoration::BuiltIn, Some(b)) => BuiltIn::from_u32(*b),
            _ => None,
        })
    }

    /// Value of an integer `OpConstant`, or the default of an `OpSpecConstant` (naga
    /// specializes with the defaults too).
    pub(crate) fn constant_u32(&self, id: Word) -> Option<u32> {
        let inst = self.def(id)?;
        match (inst.opcode, inst.operands) {
            (Op::Constant | Op::SpecConstant, [v]) => Some(*v),
            _ => None,
        }
    }

    /// Pointee of a pointer type, with its storage class.
    pub(crate) fn pointee(&self, ptr_ty: Word) -> Option<(StorageClass, Word)> {
        let inst = self.def(ptr_ty)?;
        match (inst.opcode, inst.operands) {
            (Op::TypePointer, [sc, t]) => Some((StorageClass::from_u32(*sc)?, *t)),
            _ => None,
        }
    }

    /// Strips arrays (all levels, as for per-vertex arrays of tessellation stages).
    fn array_len(&self, ty: Word) -> Option<(Word, u32)> {
        let inst = self.def(ty)?;
        match (inst.opcode, inst.operands) {
            (Op::TypeArray, [elem, len]) => Some((*elem, self.constant_u32(*len)?)),
            _ => None,
        }
    }

    fn io_type(&self, ty: Word, arrayed: bool) -> Option<IoType> {
        let mut ty = ty;
        if arrayed {
            let inst = self.def(ty)?;
            if matches!(inst.opcode, Op::TypeArray | Op::TypeRuntimeArray) {
                if let Some(e) = inst.operands.first() {
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
        let (scalar, components, columns) = match (inst.opcode, inst.operands) {
            (Op::TypeVector, [s, n]) => (*s, *n, 1),
            (Op::TypeMatrix, [col, n]) => {
                let c = self.def(*col)?;
                match c.operands {
                    [s, m] => (*s, *m, *n),
                    _ => return None,
                }
            }
            _ => (ty, 1, 1),
        };
        let s = self.def(scalar)?;
        let (kind, width) = match (s.opcode, s.operands) {
            (Op::TypeFloat, [w, ..]) => (ScalarKind::Float, *w),
            (Op::TypeInt, [w, signed]) => (if *signed != 0 { ScalarKind::Sint } else { ScalarKind::Uint }, *w),
            (Op::TypeBool, _) => (ScalarKind::Bool, 32),
            _ => return None,
        };
        Some(IoType { kind, width, components, locations: locations.checked_mul(columns)? })
    }

    /// The interface ids of the entry point `entry_id`.
    pub(crate) fn interface_ids(&self, entry_id: Word) -> &'m [Word] {
        self.module.entry_point(entry_id).map_or(&[], |ep| ep.interface)
    }

    pub(crate) fn reflect(&self, entry_id: Word, stage: Stage, entry_point: String) -> Result<Reflection, LoadError> {
        let execution_modes = self
            .module
            .execution_modes()
            .filter_map(|m| match m.operands {
                [id, mode, literals @ ..] if *id == entry_id => Some((ExecutionMode::from_u32(*mode)?, literals.to_vec())),
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
            capture: None,
        };
        for &id in self.interface_ids(entry_id) {
            let Some(var) = self.def(id) else { continue };
            if var.opcode != Op::Variable {
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
            for (_, b, count) in accessed.iter().filter(|(v, _, _)| *v == id) {
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
                name: self.debug_name(id).unwrap_or_default(),
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
        match self.debug_name(id) {
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
        self.def(ty).is_some_and(|i| i.opcode == Op::TypeStruct) && self.member_builtin(ty, 0).is_some()
    }

    /// Declared length of a built-in's array type (clip/cull distances), else 1.
    fn builtin_len(&self, ty: Word) -> u32 {
        self.array_len(ty).map(|(_, n)| n).unwrap_or(1)
    }

    /// For each built-in variable or built-in block, the built-ins that function code accesses
    /// (with their declared array length). A block accessed as a whole counts all its members.
    fn accessed_builtins(&self) -> Vec<(Word, BuiltIn, u32)> {
        // Variables that are built-ins or built-in blocks (possibly arrayed): a few per module,
        // so vectors rather than maps.
        let mut candidates: Vec<(Word, Word)> = Vec::new(); // var -> block struct type or 0
        for inst in self.module.types_global_values() {
            if inst.opcode != Op::Variable {
                continue;
            }
            let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else { continue };
            let Some((_, mut pointee)) = self.pointee(ty) else { continue };
            if self.builtin(id).is_some() {
                candidates.push((id, 0));
                continue;
            }
            if let Some((e, _)) = self.array_len(pointee) {
                pointee = e;
            }
            if self.def(pointee).is_some_and(|i| i.opcode == Op::TypeStruct) && self.member_builtin(pointee, 0).is_some() {
                candidates.push((id, pointee));
            }
        }
        let mut out: Vec<(Word, BuiltIn, u32)> = Vec::new();
        if candidates.is_empty() {
            return out;
        }
        let mut add = |var: Word, b: BuiltIn, len: u32| {
            if !out.iter().any(|(v, x, _)| *v == var && *x == b) {
                out.push((var, b, len));
            }
        };
        for inst in self.module.bodies() {
            let chain = matches!(inst.opcode, Op::AccessChain | Op::InBoundsAccessChain);
            for (i, id) in inst.ids.iter().enumerate() {
                let Some(&(_, block_ty)) = candidates.iter().find(|(v, _)| v == id) else { continue };
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
                // A block: find which member a chain selects. For arrayed blocks the first
                // index is the vertex; the member index follows.
                let arrayed = self
                    .def(*id)
                    .and_then(|v| v.result_type)
                    .and_then(|t| self.pointee(t))
                    .is_some_and(|(_, t)| self.array_len(t).is_some());
                let member_pos = if arrayed { 2 } else { 1 };
                let member = if chain && i == 0 { inst.ids.get(member_pos).and_then(|c| self.constant_u32(*c)) } else { None };
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
        out
    }

    pub(crate) fn member_type(&self, struct_ty: Word, m: u32) -> Option<Word> {
        self.def(struct_ty)?.operands.get(m as usize).copied()
    }

    fn member_len(&self, struct_ty: Word, m: u32) -> u32 {
        self.member_type(struct_ty, m).map(|t| self.builtin_len(t)).unwrap_or(1)
    }

    fn member_count(&self, struct_ty: Word) -> u32 {
        self.def(struct_ty).map(|i| i.operands.len() as u32).unwrap_or(0)
    }
}
