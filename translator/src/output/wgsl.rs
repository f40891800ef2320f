//! naga: lowered SPIR-V → naga IR → validation → WGSL. [`ValidatedWgsl`] can only be built
//! here, so every WGSL the translator hands out is either naga's WGSL writer's output for a
//! module naga validated, or WGSL text (the emulation passes' generated source) that naga
//! parsed and validated. With [`crate::Options::verify_wgsl_round_trip`] the written WGSL is
//! also parsed back and validated ([`round_trip`]): tests, fuzzing and the CLI's `--paranoid`
//! turn it on to check naga's writer; translation leaves it off, as it costs more than the
//! rest of translating a plain pipeline.

use crate::desc::Stage;
use crate::error::TranslateError;
use naga::valid::{Capabilities, ValidationFlags, Validator};

/// WGSL source that naga validated, with the naga module it came from. Immutable and shared:
/// a clone is a reference count (the tessellator's kernels serve every plan of a domain).
#[derive(Debug, Clone)]
pub struct ValidatedWgsl(std::sync::Arc<Validated>);

#[derive(Debug)]
struct Validated {
    source: String,
    module: naga::Module,
}

impl ValidatedWgsl {
    fn new(source: String, module: naga::Module) -> Self {
        ValidatedWgsl(std::sync::Arc::new(Validated { source, module }))
    }
    pub fn source(&self) -> &str {
        &self.0.source
    }
    pub fn as_str(&self) -> &str {
        &self.0.source
    }
    pub fn module(&self) -> &naga::Module {
        &self.0.module
    }
    /// Whether `self` and `other` are one module (a clone of the other): a template's module
    /// is one for every plan that holds it.
    pub fn is_shared_with(&self, other: &ValidatedWgsl) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
    pub fn into_source(self) -> String {
        std::sync::Arc::try_unwrap(self.0).map(|v| v.source).unwrap_or_else(|shared| shared.source.clone())
    }
}

/// Capabilities the generated WGSL may use: what wgpu offers with `CLIP_DISTANCES` and
/// `SHADER_F16` enabled.
pub fn capabilities() -> Capabilities {
    // (`pack2x16float`/`unpack2x16float` need SHADER_FLOAT16_IN_FLOAT32: core WGSL.
    // MULTISAMPLED_SHADING is `@builtin(sample_index)` and `@interpolate(_, sample)`: core
    // WebGPU, a downlevel flag only for WebGL2.)
    Capabilities::CLIP_DISTANCES
        | Capabilities::SHADER_FLOAT16
        | Capabilities::CUBE_ARRAY_TEXTURES
        | Capabilities::SHADER_FLOAT16_IN_FLOAT32
        | Capabilities::MULTISAMPLED_SHADING
}

fn validate(module: &naga::Module) -> Result<naga::valid::ModuleInfo, String> {
    Validator::new(ValidationFlags::all(), capabilities()).validate(module).map_err(|e| e.emit_to_string(""))
}

/// A validation error of a user stage's module: a refusal naming the capability when the
/// module needs one WebGPU lacks (a valid Vulkan shader reading `ViewIndex` needs naga's
/// `MULTIVIEW`, one reading `BaryCoordKHR` its `SHADER_BARYCENTRICS`), else the error.
pub(crate) fn validation_error(stage: Stage, e: &naga::WithSpan<naga::valid::ValidationError>) -> TranslateError {
    // A type of a valid module that WGSL cannot declare: 64- or 16-bit integers, a struct
    // whose members' offsets go backwards, a capability WebGPU lacks. (Other type errors stay
    // validation failures: they may be a lowering pass's bug.)
    if let naga::valid::ValidationError::Type { name, source, .. } = e.as_inner() {
        use naga::valid::TypeError as T;
        if matches!(
            source,
            T::WidthError(_) | T::MemberOverlap { .. } | T::MemberOutOfBounds { .. } | T::MissingCapability(_) | T::InvalidAtomicWidth(..)
        ) {
            let name = if name.is_empty() { String::new() } else { format!(" `{name}`") };
            return TranslateError::unsupported(stage, format!("a type{name} WGSL cannot declare: {source}"));
        }
    }
    let mut level: Option<&(dyn std::error::Error + 'static)> = Some(e.as_inner());
    while let Some(err) = level {
        let text = err.to_string();
        let names_capability = text.starts_with("Capability ") || text.starts_with("Shader requires capability ");
        if let (true, Some((_, rest))) = (names_capability, text.split_once("Capabilities(")) {
            let name = rest.split(')').next().unwrap_or(rest);
            if name.starts_with("SUBGROUP") {
                return TranslateError::unsupported(
                    stage,
                    format!("subgroup operations (naga's capability {name}; WebGPU's `subgroups` feature is optional and Tesserae does not require it)"),
                );
            }
            let what = match name {
                "MULTIVIEW" => "multiview (ViewIndex)".to_string(),
                "SHADER_BARYCENTRICS" => "fragment barycentrics (BaryCoordKHR, BaryCoordNoPerspKHR)".to_string(),
                "EARLY_DEPTH_TEST" => "early fragment tests (`early_fragment_tests`) in a stage that discards, writes depth, the sample mask or memory (its result depends on when the depth test runs)".to_string(),
                other => format!("what naga's capability {other} allows"),
            };
            return TranslateError::unsupported(stage, format!("{what}: WebGPU has no equivalent"));
        }
        // Interface variables packed into one location by component.
        if text.starts_with("Multiple bindings at location") {
            return TranslateError::unsupported(
                stage,
                format!("two interface variables in one location by `Component` ({text}; WGSL has one variable per location)"),
            );
        }
        // Image operations WGSL's texture builtins lack.
        let image_limit = if text.starts_with("Depth sample level can only be Auto or Zero") {
            Some("a depth comparison at an explicit level other than 0, with a bias or with gradients (WGSL compares at the implicit level or level 0)")
        } else if text.starts_with("Bias can't be done for image dimension D1") {
            Some("a 1D texture sampled with a bias or an explicit level (WGSL samples 1D textures at their only level)")
        } else if text.starts_with("Unable to operate on image class Storage")
            || text.starts_with("Cannot textureLoad from a specific multisample sample on a non-multisampled image")
        {
            Some("a multisampled storage image (`image2DMS`) or its sample count (WGSL's storage textures have one sample)")
        } else if text.starts_with("Comparison sampling mismatch") {
            Some("a depth comparison through a texture or sampler passed to a function (naga's SPIR-V reader infers depth textures and comparison samplers for global variables only)")
        } else {
            None
        };
        if let Some(what) = image_limit {
            return TranslateError::unsupported(stage, what.to_string());
        }
        // A buffer laid out as SPIR-V allows and WGSL does not (scalar block layout).
        if text.starts_with("Alignment requirements for address space") {
            let why = err.source().map_or(String::new(), |s| format!(": {s}"));
            return TranslateError::unsupported(stage, format!("a buffer layout WGSL cannot express{why}"));
        }
        level = err.source();
    }
    TranslateError::NagaValidation { stage, message: e.emit_to_string("") }
}

/// Reads a lowered module with naga, y flipped for WebGPU's clip space, keeping only the
/// selected entry point (a module may hold several, even of the same name), with its struct
/// members named as the WGSL writer will write them ([`name_struct_members`]): for a stage
/// an emulation pass links and names members of.
pub fn spirv_to_module(stage: Stage, loaded: &crate::LoadedModule) -> Result<naga::Module, TranslateError> {
    read_module(stage, loaded, true, MemberNames::AsWritten)
}

/// As [`spirv_to_module`], without the y flip: for a vertex stage whose `Position` feeds a
/// later stage (tessellation) rather than the rasterizer; the last stage flips.
pub fn spirv_to_module_unflipped(stage: Stage, loaded: &crate::LoadedModule) -> Result<naga::Module, TranslateError> {
    read_module(stage, loaded, false, MemberNames::AsWritten)
}

/// Whether a stage's struct members get the names naga's writer will write.
enum MemberNames {
    /// Named now ([`name_struct_members`]): an emulation pass links the stage and writes WGSL
    /// naming its members itself.
    AsWritten,
    /// Left to the writer: the stage is written on its own, and nothing else reads the names.
    LeftToWriter,
}

fn read_module(stage: Stage, loaded: &crate::LoadedModule, flip: bool, members: MemberNames) -> Result<naga::Module, TranslateError> {
    let words = loaded.spirv();
    let mut module = crate::profile::phase("naga spv-in", || parse_spirv(stage, words, flip))?;
    crate::naga_repairs::repair(&mut module, loaded.view());
    crate::profile::phase("layout padding", || crate::wgsl_layout::pad_shared_structs(&mut module));
    let wanted = match stage {
        Stage::Fragment => naga::ShaderStage::Fragment,
        // The control and geometry stages run as compute once `lower::tess_io` has rewritten
        // them.
        Stage::TessControl | Stage::Geometry | Stage::Compute => naga::ShaderStage::Compute,
        _ => naga::ShaderStage::Vertex,
    };
    module.entry_points.retain(|e| e.stage == wanted && e.name == loaded.reflection.entry_point);
    crate::profile::phase("wgsl limits", || refuse_oversized_types(stage, &module).and_then(|()| refuse_deep_nesting(stage, &module)))?;
    if let MemberNames::AsWritten = members {
        crate::profile::phase("struct member names", || name_struct_members(&mut module));
    }
    crate::profile::phase("deep expressions", || crate::deep_expressions::name_deep_expressions(&mut module));
    if module.entry_points.len() != 1 {
        return Err(TranslateError::NagaFrontend {
            stage,
            message: format!(
                "naga kept {} {stage} entry points named `{}`, not one",
                module.entry_points.len(),
                loaded.reflection.entry_point
            ),
        });
    }
    Ok(module)
}

/// Clip distances the entry point `name` of `module` writes (its `clip_distances` output's
/// length): what a render pass running it must enable, whatever reflection of the SPIR-V said.
pub fn entry_clip_distances(module: &naga::Module, name: &str) -> u32 {
    let Some(ep) = module.entry_points.iter().find(|e| e.name == name) else { return 0 };
    let Some(r) = &ep.function.result else { return 0 };
    let len = |ty: naga::Handle<naga::Type>| match module.types[ty].inner {
        naga::TypeInner::Array { size: naga::ArraySize::Constant(n), .. } => n.get(),
        _ => 1,
    };
    let is_clip = |b: &Option<naga::Binding>| matches!(b, Some(naga::Binding::BuiltIn(naga::BuiltIn::ClipDistances)));
    if is_clip(&r.binding) {
        return len(r.ty);
    }
    match &module.types[r.ty].inner {
        naga::TypeInner::Struct { members, .. } => members.iter().find(|m| is_clip(&m.binding)).map_or(0, |m| len(m.ty)),
        _ => 0,
    }
}

/// WGSL allows 127 nested brace-enclosed statements in a function (naga's parser, and so wgpu,
/// enforce it); SPIR-V has no such limit. A function nested deeper is refused by name rather
/// than written as WGSL no implementation parses. The count is what naga's writer writes:
/// a brace per `if` branch, block and loop body, two for a `switch` case and a `continuing`.
/// Found while looking for deep-recursion crashes (300 nested selections).
fn refuse_deep_nesting(stage: Stage, module: &naga::Module) -> Result<(), TranslateError> {
    const WGSL_MAX_BRACES: u32 = 127;
    let functions = module.functions.iter().map(|(_, f)| f).chain(module.entry_points.iter().map(|e| &e.function));
    for f in functions {
        // Iterative, so a module nested far beyond the limit costs no stack either.
        let mut todo: Vec<(&naga::Block, u32)> = vec![(&f.body, 1)];
        while let Some((block, depth)) = todo.pop() {
            if depth > WGSL_MAX_BRACES {
                return Err(TranslateError::unsupported(
                    stage,
                    format!("control flow nested more than {WGSL_MAX_BRACES} deep (WGSL's limit on nested braces)"),
                ));
            }
            for statement in block.iter() {
                match statement {
                    naga::Statement::Block(b) => todo.push((b, depth + 1)),
                    naga::Statement::If { accept, reject, .. } => todo.extend([(accept, depth + 1), (reject, depth + 1)]),
                    naga::Statement::Switch { cases, .. } => todo.extend(cases.iter().map(|c| (&c.body, depth + 2))),
                    naga::Statement::Loop { body, continuing, .. } => todo.extend([(body, depth + 1), (continuing, depth + 2)]),
                    _ => {}
                }
            }
        }
    }
    Ok(())
}

/// WGSL caps a type at `i32::MAX` bytes; SPIR-V does not (a 3 GiB array is valid SPIR-V), and
/// naga's validator refuses such a type as a layout error, so it is refused here first, by
/// name, as unsupported. A type's size is what naga's layouter takes it to be
/// (`TypeInner::try_size`: an array's count times its stride, a struct's span), read off each
/// type without building the layouter's table, so a struct of two 1 GiB arrays is refused as
/// one array past the limit is.
fn refuse_oversized_types(stage: Stage, module: &naga::Module) -> Result<(), TranslateError> {
    let gctx = module.to_ctx();
    // (`try_size` caps arrays at the limit, but gives a struct's span as it is.)
    let too_large = |t: &naga::Type| t.inner.try_size(gctx).is_none_or(|size| u64::from(size) > WGSL_MAX_TYPE_SIZE);
    let Some((_, ty)) = module.types.iter().find(|(_, t)| too_large(t)) else { return Ok(()) };
    let bytes = match ty.inner {
        naga::TypeInner::Array { size, stride, .. } => match size.resolve(gctx) {
            Ok(naga::proc::IndexableLength::Known(count)) => Some(u64::from(count) * u64::from(stride)),
            _ => None,
        },
        naga::TypeInner::Struct { span, .. } => Some(u64::from(span)),
        _ => None,
    };
    Err(type_too_large(stage, bytes))
}

/// WGSL's cap on a type's size in bytes.
const WGSL_MAX_TYPE_SIZE: u64 = i32::MAX as u64;

/// The refusal of a type past [`WGSL_MAX_TYPE_SIZE`], of `bytes` when known.
fn type_too_large(stage: Stage, bytes: Option<u64>) -> TranslateError {
    let bytes = bytes.map_or_else(|| format!("more than {WGSL_MAX_TYPE_SIZE}"), |b| b.to_string());
    TranslateError::unsupported(stage, format!("a type of {bytes} bytes (WGSL allows at most {WGSL_MAX_TYPE_SIZE})"))
}

/// Gives every struct member the name naga's WGSL writer will write for it. SPIR-V without
/// `OpMemberName` (a stripped module, valid and common in shipped applications) leaves members
/// unnamed, and `OpMemberName` may hold any string (`color2`, a keyword, `gl_Po"ition`); the
/// writer names members in a namespace of their own per struct (sanitized, a `_` after a
/// trailing digit or a keyword, unique within the struct), but the emulation passes write WGSL
/// that names members themselves (records of `gl_in`/`gl_out` blocks), so the module must
/// already hold the written names (nameless `gl_in`/`gl_out` blocks would lose their control
/// points). Unnamed members become `mN_member` first.
fn name_struct_members(module: &mut naga::Module) {
    use naga::proc::{CaseInsensitiveKeywordSet, KeywordSet, NameKey, Namer};
    let mut namer = Namer::default();
    let mut unused = naga::FastHashMap::<NameKey, String>::default();
    let empty = naga::Module::default();
    let renamed: Vec<_> = module
        .types
        .iter()
        .filter_map(|(h, t)| {
            let naga::TypeInner::Struct { members, .. } = &t.inner else { return None };
            if written_as_given(members) {
                return None;
            }
            // The names as given (unnamed members `mN_member`), then named in a fresh member
            // namespace (no names taken, WGSL's keywords reserved, built-in identifiers
            // allowed, as in the writer's `namespace`) until naming changes nothing: the writer
            // names them once more, and naming is not idempotent (`_naga…` → `gen__naga…` →
            // `gen_naga…`). Names that are already a fixpoint take one pass.
            let mut written: Vec<String> =
                members.iter().enumerate().map(|(i, m)| m.name.clone().unwrap_or_else(|| format!("m{i}_member"))).collect();
            // Most often only unnamed members (naga's entry point results): `mN_member` is
            // kept as it is, and no naming round is needed.
            let rounds = if names_kept(written.iter().map(String::as_str)) { 0 } else { 4 };
            for _ in 0..rounds {
                namer.reset(
                    &empty,
                    &naga::keywords::wgsl::RESERVED_SET,
                    KeywordSet::empty(),
                    CaseInsensitiveKeywordSet::empty(),
                    &["__", "_naga"],
                    &mut unused,
                );
                let again: Vec<String> = written.iter().map(|w| namer.call(w)).collect();
                if again == written {
                    break;
                }
                written = again;
            }
            let same = members.iter().zip(&written).all(|(m, w)| m.name.as_deref() == Some(w.as_str()));
            (!same).then_some((h, written))
        })
        .collect();
    for (h, written) in renamed {
        let given = module.types[h].clone();
        let mut ty = given.clone();
        if let naga::TypeInner::Struct { members, .. } = &mut ty.inner {
            for (m, w) in members.iter_mut().zip(written) {
                m.name = Some(w);
            }
        }
        // `replace` requires the new type to be new to the arena. Renamed, it may equal another
        // struct (`gl:Position` becomes the `gl_Position` of a second `gl_PerVertex`): then the
        // renamed members are written as unnamed ones, `mN_member`, which no kept name is.
        if module.types.get(&ty).is_some() {
            if let (naga::TypeInner::Struct { members, .. }, naga::TypeInner::Struct { members: was, .. }) = (&mut ty.inner, &given.inner) {
                for (i, (m, w)) in members.iter_mut().zip(was).enumerate() {
                    if m.name != w.name {
                        m.name = Some(format!("m{i}_member"));
                    }
                }
            }
        }
        if module.types.get(&ty).is_none() {
            module.types.replace(h, ty);
        }
    }
}

/// Whether the writer's member namer leaves every member name as it is (most structs): each
/// is an ASCII identifier without `__`, not starting with a digit, `_naga` or `__`, not ending
/// in `_` or a digit, not a WGSL keyword, and no two are the same. What `Namer::call` keeps
/// unchanged in a fresh member namespace.
fn written_as_given(members: &[naga::StructMember]) -> bool {
    members.iter().all(|m| m.name.is_some()) && names_kept(members.iter().filter_map(|m| m.name.as_deref()))
}

/// [`written_as_given`] for member names `names`.
fn names_kept<'a>(names: impl Iterator<Item = &'a str> + Clone) -> bool {
    // The duplicate check is quadratic: long structs take the namer.
    names.clone().count() <= 64 && names.clone().enumerate().all(|(i, n)| kept_as_written(n) && !names.clone().take(i).any(|o| o == n))
}

/// Whether `name` can be written as a WGSL identifier as it is: ASCII letters, digits and `_`,
/// not starting with a digit or `__`, not `_` alone, not a word WGSL reserves. Every name the
/// writer's namer gives (a fixpoint of it, as [`name_struct_members`] makes member names) is
/// one; names written by the namer can end in `_` or a digit, so this is wider than
/// [`kept_as_written`].
pub(crate) fn is_identifier(name: &str) -> bool {
    let bytes = name.as_bytes();
    !bytes.is_empty()
        && !bytes[0].is_ascii_digit()
        && name != "_"
        && !name.starts_with("__")
        && bytes.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
        && !naga::keywords::wgsl::RESERVED_SET.contains(name)
}

/// Whether the writer's namer leaves the name `name` as it is: an ASCII identifier without
/// `__`, not starting with a digit or `_naga`, not ending in `_` or a digit, not a WGSL keyword.
pub(crate) fn kept_as_written(name: &str) -> bool {
    is_identifier(name) && !name.ends_with(|c: char| c.is_ascii_digit() || c == '_') && !name.contains("__") && !name.starts_with("_naga")
}

fn parse_spirv(stage: Stage, words: &[u32], flip: bool) -> Result<naga::Module, TranslateError> {
    let options = naga::front::spv::Options { adjust_coordinate_space: flip, strict_capabilities: false, block_ctx_dump_prefix: None };
    // naga's SPIR-V reader still panics on some malformed modules; the translator promises
    // typed errors, so a panic there becomes one (the fuzzers keep finding the sites).
    let parsed = std::panic::catch_unwind(|| naga::front::spv::Frontend::new(words.iter().copied(), &options).parse());
    match parsed {
        Ok(r) => r.map_err(|e| reader_error(stage, e)),
        Err(payload) => {
            let what = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            // naga's reader unwraps its layouter while reading types: a type past naga's (and
            // WGSL's) size cap is valid SPIR-V it cannot take, refused as unsupported like
            // `refuse_oversized_types` refuses one the reader lets through.
            if what.contains("LayoutError") && what.contains("TooLarge") {
                return Err(type_too_large(stage, None));
            }
            Err(TranslateError::NagaFrontend { stage, message: format!("naga's SPIR-V reader panicked: {what}") })
        }
    }
}

/// A naga SPIR-V reader error as a translation error: what the reader says it does not support
/// (an instruction, capability, extension, storage class, built-in... of a valid module) is a
/// refusal naming it, the rest a reader failure.
fn reader_error(stage: Stage, e: naga::front::spv::Error) -> TranslateError {
    use naga::front::spv::Error as E;
    let unsupported = |what: String| TranslateError::unsupported(stage, format!("{what} (naga's SPIR-V reader does not take it)"));
    match e {
        E::UnsupportedInstruction(_, op) => unsupported(format!("the instruction Op{op:?}")),
        E::UnsupportedCapability(c) => unsupported(format!("the capability {c:?}")),
        E::UnsupportedExtension(name) => unsupported(format!("the extension {name}")),
        E::UnsupportedExtSet(name) => unsupported(format!("the extended instruction set {name}")),
        E::UnsupportedStorageClass(sc) => unsupported(match spirv::StorageClass::from_u32(sc) {
            Some(spirv::StorageClass::Image) => "image atomics (pointers into an image, storage class Image)".to_string(),
            Some(sc) => format!("the storage class {sc:?}"),
            None => format!("storage class {sc}"),
        }),
        E::UnsupportedBuiltIn(b) => unsupported(match spirv::BuiltIn::from_u32(b) {
            Some(b) => format!("the built-in {b:?}"),
            None => format!("built-in {b}"),
        }),
        E::InconsistentComparisonSampling(_) => unsupported("a texture or sampler used both with and without depth comparison".into()),
        // The reader gives a constant's width in bytes (a 16-bit integer constant is 2), a
        // type's in bits.
        E::InvalidTypeWidth(w) => unsupported(format!("{}-bit scalars", if w <= 8 { w * 8 } else { w })),
        E::InvalidStorageImageWithoutFormat => {
            unsupported("a storage image without a format (`Unknown`: WGSL's storage textures name their texel format)".into())
        }
        E::UnsupportedExtInstSet(_)
        | E::UnsupportedExtInst(_)
        | E::UnsupportedType(_)
        | E::UnsupportedExecutionModel(_)
        | E::UnsupportedExecutionMode(_)
        | E::UnsupportedImageDim(_)
        | E::UnsupportedImageFormat(_)
        | E::UnsupportedControlFlow(_)
        | E::UnsupportedBinaryOperator(_)
        | E::UnsupportedRuntimeArrayStorageClass
        | E::UnsupportedMatrixStride { .. }
        | E::UnsupportedGroupOperation(_) => unsupported(e.to_string()),
        e => TranslateError::NagaFrontend { stage, message: e.to_string() },
    }
}

/// A naga WGSL writer error: what WGSL (or the writer) cannot express of a valid module — a
/// switch case falling through into a non-empty one, `isnan`, `outerProduct` — is a refusal
/// naming it.
fn writer_error(stage: Stage, e: naga::back::wgsl::Error) -> TranslateError {
    use naga::back::wgsl::Error as E;
    match e {
        E::Unsupported { .. } | E::UnsupportedRelationalFunction(_) => {
            TranslateError::unsupported(stage, format!("{e} (naga's WGSL writer cannot write it)"))
        }
        E::Unimplemented(m) if m.contains("fall-through") => {
            TranslateError::unsupported(stage, "a switch case falling through into the next (WGSL has no fall-through)")
        }
        e => TranslateError::NagaBackend { stage, message: e.to_string() },
    }
}

/// Reads lowered SPIR-V with naga (y flipped for WebGPU's clip space) and writes WGSL; with
/// `verify_round_trip`, the WGSL is parsed back and validated too (and the module kept is the
/// parsed one).
pub fn spirv_to_wgsl(stage: Stage, loaded: &crate::LoadedModule, verify_round_trip: bool) -> Result<ValidatedWgsl, TranslateError> {
    if verify_round_trip {
        loaded.check_words().map_err(TranslateError::InvalidPlan)?;
    }
    // Written on its own: no pass names the members, the writer does.
    let module = read_module(stage, loaded, true, MemberNames::LeftToWriter)?;
    let info = crate::profile::phase("naga validate", || Validator::new(ValidationFlags::all(), capabilities()).validate(&module))
        .map_err(|e| validation_error(stage, &e))?;
    write_validated(stage, module, &info, verify_round_trip)
}

/// Writes a module `info` says is valid; with `verify_round_trip`, the WGSL is parsed back and
/// validated too (and the module kept is the parsed one).
pub(crate) fn write_validated(
    stage: Stage,
    mut module: naga::Module,
    info: &naga::valid::ModuleInfo,
    verify_round_trip: bool,
) -> Result<ValidatedWgsl, TranslateError> {
    let source =
        crate::profile::phase("wgsl write", || naga::back::wgsl::write_string(&module, info, naga::back::wgsl::WriterFlags::empty()))
            .map_err(|e| writer_error(stage, e))?;
    // naga's writer drops explicit offsets, sizes and strides: spell them out.
    let source = match crate::profile::phase("wgsl layout", || crate::wgsl_layout::spell_out(&module, &source)) {
        Ok(Some(spelled)) => spelled,
        Ok(None) => source,
        Err(what) => return Err(TranslateError::unsupported(stage, what)),
    };
    if verify_round_trip {
        let parsed = crate::profile::phase("user wgsl round trip", || round_trip(stage, source))?;
        if let Err(e) = crate::wgsl_layout::compare_bound_layouts(&module, parsed.module()) {
            return Err(TranslateError::WgslRoundTrip {
                stage,
                message: format!("the WGSL lays memory out otherwise than the module: {e}"),
                wgsl: parsed.source().to_string(),
            });
        }
        return Ok(parsed);
    }
    crate::profile::phase("writer names", || name_as_written(&mut module, &source));
    Ok(ValidatedWgsl::new(source, module))
}

/// Gives the entry points and the bound global variables of `module` the names naga's WGSL
/// writer gave them in `source` (it renames keywords, invalid identifiers, duplicates and
/// anonymous globals), so the module reads as `source` would parse where the plan takes
/// names: entry points and bindings. The writer writes entry points and globals in arena
/// order, an entry point as `@STAGE ... fn NAME(` and a bound global as
/// `@group(G) @binding(B) var<...> NAME:`, so the names are read off the text in that order
/// (cheaper than running the writer's namer over the whole module again). The fuzzers'
/// determinism oracle compares every plan with the one built from the parsed text.
fn name_as_written(module: &mut naga::Module, source: &str) {
    let ident = |rest: &str| -> String { rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect() };
    let mut entry_names = Vec::new();
    let mut global_names = Vec::new();
    // Top-level attributes start a line; what they apply to follows on the same or later lines.
    // Only lines from one starting with `@` up to its declaration are read (function bodies,
    // most of the text, are skipped by searching for the next such line).
    let starts =
        source.starts_with('@').then_some(0).into_iter().chain(memchr::memmem::find_iter(source.as_bytes(), b"\n@").map(|i| i + 1));
    let mut read_up_to = 0;
    let mut pending: Option<bool> = None; // Some(true): an entry point, Some(false): a binding
    for start in starts {
        if start < read_up_to {
            continue;
        }
        let mut at = start;
        for line in source[start..].split('\n') {
            at += line.len() + 1;
            if line.starts_with('@') {
                if line.starts_with("@vertex") || line.starts_with("@fragment") || line.starts_with("@compute") {
                    pending = Some(true);
                } else if line.contains("@binding(") {
                    pending = Some(false);
                }
            }
            let Some(entry) = pending else { break };
            // The declaration: the attributes' own line or the next ones.
            let decl = if line.starts_with('@') { line.rsplit_once(") ").map_or(line, |(_, d)| d) } else { line }.trim_start();
            if entry {
                if let Some(rest) = decl.strip_prefix("fn ") {
                    entry_names.push(ident(rest.trim_start()));
                    pending = None;
                }
            } else if let Some(rest) = decl.strip_prefix("var") {
                // `var<uniform> NAME: T`, `var<storage, read> NAME: T`, `var NAME: T`.
                let rest = rest.split_once('>').map_or(rest, |(_, r)| if rest.trim_start().starts_with('<') { r } else { rest });
                global_names.push(ident(rest.trim_start()));
                pending = None;
            }
            if pending.is_none() {
                break;
            }
        }
        read_up_to = at;
    }
    for (ep, name) in module.entry_points.iter_mut().zip(entry_names) {
        ep.name = name;
    }
    let bound = module.global_variables.iter_mut().filter(|(_, g)| g.binding.is_some());
    for ((_, g), name) in bound.zip(global_names) {
        g.name = Some(name);
    }
}

impl PartialEq for ValidatedWgsl {
    fn eq(&self, other: &Self) -> bool {
        self.source() == other.source()
    }
}

impl std::ops::Deref for ValidatedWgsl {
    type Target = str;
    fn deref(&self) -> &str {
        self.source()
    }
}

impl std::fmt::Display for ValidatedWgsl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.source())
    }
}

impl serde::Serialize for ValidatedWgsl {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.source())
    }
}

/// Validates a module the emulation built in naga IR ([`crate::emulate::ir`]) and writes it
/// ([`write_emulation`]). An error is a translator bug, except a type WGSL cannot declare (a
/// user type the module carries), refused as in the user's stage.
pub(crate) fn validate_and_write(stage: Stage, module: naga::Module, verify: bool) -> Result<ValidatedWgsl, TranslateError> {
    let info = crate::profile::phase("emulation: validate", || {
        Validator::new(ValidationFlags::all(), capabilities()).validate(&module).map_err(|e| match validation_error(stage, &e) {
            refusal @ TranslateError::Unsupported { .. } => refusal,
            _ => TranslateError::InvalidPlan(format!("the emulation's {stage} module does not validate: {}", e.emit_to_string(""))),
        })
    })?;
    write_emulation(stage, module, &info, verify)
}

/// [`write_validated`] for a module holding an emulation pass: the plan names the pass's entry
/// points, so the writer must not have renamed one (a user identifier it would write as one is
/// refused by name).
pub(crate) fn write_emulation(
    stage: Stage,
    module: naga::Module,
    info: &naga::valid::ModuleInfo,
    verify: bool,
) -> Result<ValidatedWgsl, TranslateError> {
    let entries: Vec<String> = module.entry_points.iter().map(|e| e.name.clone()).collect();
    let written = write_validated(stage, module, info, verify)?;
    if let Some((e, _)) = entries.iter().zip(&written.module().entry_points).find(|(e, w)| **e != w.name) {
        return Err(TranslateError::unsupported(stage, format!("a user identifier that WGSL would write as the emulation's `{e}`")));
    }
    Ok(written)
}

/// Parses WGSL text and validates it: the check every generated WGSL goes through, and
/// written WGSL when verified.
pub(crate) fn round_trip(stage: Stage, source: String) -> Result<ValidatedWgsl, TranslateError> {
    let module = match crate::profile::phase("wgsl parse", || naga::front::wgsl::parse_str(&source)) {
        Ok(m) => m,
        Err(e) => return Err(TranslateError::WgslRoundTrip { stage, message: e.emit_to_string(&source), wgsl: source }),
    };
    if let Err(message) = crate::profile::phase("wgsl validate", || validate(&module)) {
        return Err(TranslateError::WgslRoundTrip { stage, message, wgsl: source });
    }
    Ok(ValidatedWgsl::new(source, module))
}

/// [`round_trip`] for a template: emulation WGSL that holds nothing of the user's shaders and
/// depends only on choices with a handful of values each (a topology, which parts a pass has,
/// binding numbers, a count Vulkan bounds small, such as a geometry stage's at most 32
/// invocations), never on a size or an unbounded count derived from the user's types (a
/// record stride, a capture layout, `max_vertices`). There are so few
/// that each is parsed and validated once per process and kept (pipeline-dependent values
/// reach it as arguments from code built in naga IR, [`crate::emulate::ir`]).
pub(crate) fn round_trip_template(stage: Stage, source: String) -> Result<ValidatedWgsl, TranslateError> {
    type Templates = std::sync::Mutex<std::collections::HashMap<String, ValidatedWgsl>>;
    static TEMPLATES: std::sync::OnceLock<Templates> = std::sync::OnceLock::new();
    let templates = TEMPLATES.get_or_init(Default::default);
    if let Some(w) = templates.lock().unwrap_or_else(|e| e.into_inner()).get(&source) {
        return Ok(w.clone());
    }
    let started = std::time::Instant::now();
    let w = crate::profile::phase("template parse", || round_trip(stage, source))?;
    let mut parses = TEMPLATE_PARSES.lock().unwrap_or_else(|e| e.into_inner());
    parses.0 += 1;
    parses.1 += started.elapsed();
    templates.lock().unwrap_or_else(|e| e.into_inner()).insert(w.source().to_string(), w.clone());
    Ok(w)
}

static TEMPLATE_PARSES: std::sync::Mutex<(usize, std::time::Duration)> = std::sync::Mutex::new((0, std::time::Duration::ZERO));

/// How many templates this process parsed ([`round_trip_template`]) and the time their parse
/// and validation took: the one-time cost a benchmark of repeated translations leaves out.
pub fn template_parses() -> (usize, std::time::Duration) {
    *TEMPLATE_PARSES.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::written_as_given;
    use naga::proc::{CaseInsensitiveKeywordSet, KeywordSet, Namer};

    fn member(name: &str) -> naga::StructMember {
        let mut types = naga::UniqueArena::new();
        let ty = types.insert(naga::Type { name: None, inner: naga::TypeInner::Scalar(naga::Scalar::F32) }, naga::Span::UNDEFINED);
        naga::StructMember { name: Some(name.into()), ty, binding: None, offset: 0 }
    }

    /// The writer's member namer, in a fresh namespace (as `name_struct_members` runs it).
    fn named(names: &[&str]) -> Vec<String> {
        let mut namer = Namer::default();
        namer.reset(
            &naga::Module::default(),
            &naga::keywords::wgsl::RESERVED_SET,
            KeywordSet::empty(),
            CaseInsensitiveKeywordSet::empty(),
            &["__", "_naga"],
            &mut Default::default(),
        );
        names.iter().map(|n| namer.call(n)).collect()
    }

    /// The fast path only skips member lists the namer leaves as they are: hand-picked edge
    /// cases and 20,000 generated names over an alphabet of the characters that matter.
    #[test]
    fn names_kept_as_given_are_what_the_namer_keeps() {
        let mut lists: Vec<Vec<String>> = [
            &["color", "color2", "_x", "__x", "_naga_x", "x_", "loop", "struct", "a__b", "Ünï", "", "9a", "a9"][..],
            &["position", "uv"],
            &["x", "x"],
            &["gl_Position", "gl_PointSize"],
            &["f32", "vec4", "array"],
        ]
        .iter()
        .flat_map(|l| [l.iter().map(|s| s.to_string()).collect::<Vec<_>>()].into_iter().chain(l.iter().map(|s| vec![s.to_string()])))
        .collect();
        let alphabet: Vec<char> = "ab_1Z9é:".chars().collect();
        let mut seed = 0x2545_f491_u32;
        for _ in 0..20_000 {
            let mut next = || {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                seed
            };
            let len = next() % 6;
            lists.push(vec![(0..len).map(|_| alphabet[(next() % alphabet.len() as u32) as usize]).collect()]);
        }
        let mut kept = 0;
        for list in &lists {
            let members: Vec<_> = list.iter().map(|n| member(n)).collect();
            if written_as_given(&members) {
                kept += 1;
                let names: Vec<&str> = list.iter().map(String::as_str).collect();
                assert_eq!(named(&names), *list, "the namer renames {list:?}");
            }
        }
        assert!(kept > 1000, "only {kept} lists take the fast path");
        assert!(!written_as_given(&[member("x"), member("x")]));
        assert!(written_as_given(&[member("position"), member("uv")]));
    }
}
