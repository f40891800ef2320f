//! The vertex stage as an ordinary WGSL function, for the passes that call it themselves
//! (point expansion, the compute vertex stage of the primitive pass).
//!
//! [`from_entry`] turns the naga module's vertex entry point into `fn tesserae_vertex(...)`
//! whose arguments have no bindings and whose result is a struct with known member names
//! (`out{i}_member`) or a single value. The caller generates the entry point that calls it.

use crate::desc::Stage;
use crate::error::TranslateError;
use crate::link::Stub;
use crate::wgsl::{round_trip_kernel, ValidatedWgsl};
use naga::{Binding, BuiltIn, Handle, ScalarKind, Span, Type, TypeInner};
use std::fmt::Write;

pub const FUNCTION: &str = "tesserae_vertex";
/// Name the lowering gives the private array that holds the cull distances: WGSL has no
/// cull distance built-in, so the passes read it after calling [`FUNCTION`].
pub const CULL_GLOBAL: &str = "tesserae_cull_distance";
/// The private variable the last stage's `Layer` output becomes (the primitive pass and the
/// geometry stage store it with each vertex).
pub const LAYER_GLOBAL: &str = "tesserae_layer";
/// The private variable the last stage's `ViewportIndex` output becomes.
pub const VIEWPORT_GLOBAL: &str = "tesserae_viewport_index";

pub enum Arg {
    Location { location: u32, ty: Handle<Type> },
    VertexIndex { ty: Handle<Type> },
    InstanceIndex { ty: Handle<Type> },
}

pub struct Output {
    /// WGSL expression reading this output from `tesserae_out`.
    pub access: String,
    /// The member of [`FUNCTION`]'s result struct holding it; `None`: the result itself.
    pub member: Option<u32>,
    pub binding: Binding,
    pub ty: Handle<Type>,
}

impl Output {
    /// The output's value in the stage function's result `out`, in naga IR.
    pub(crate) fn read(&self, b: &mut crate::emulate::ir::FunctionBuilder, out: Handle<naga::Expression>) -> Handle<naga::Expression> {
        match self.member {
            Some(index) => b.expr(naga::Expression::AccessIndex { base: out, index }),
            None => out,
        }
    }

    /// The output as a value to store in a record.
    pub fn value<'a>(&'a self, module: &'a naga::Module) -> crate::records::Value<'a> {
        crate::records::Value { stage: Stage::Vertex, module, ty: self.ty, access: &self.access }
    }
}

pub struct VertexFunction {
    /// [`FUNCTION`] in the module.
    pub handle: Handle<naga::Function>,
    pub args: Vec<Arg>,
    /// What the function returns: [`OUTPUT_STRUCT`] (member `i` named `out{i}_member`) or the
    /// one output's value.
    pub outputs: Vec<Output>,
}

/// The struct [`FUNCTION`] returns when the stage has several outputs.
pub const OUTPUT_STRUCT: &str = "TesseraeVertexOut";

pub(crate) fn unsupported(what: impl Into<String>) -> TranslateError {
    TranslateError::unsupported(Stage::Vertex, what)
}

/// Replaces the vertex entry point by the function [`FUNCTION`].
pub fn from_entry(module: &mut naga::Module) -> Result<VertexFunction, TranslateError> {
    let Some(pos) = module.entry_points.iter().position(|e| e.stage == naga::ShaderStage::Vertex) else {
        return Err(unsupported("a module without a vertex entry point"));
    };
    let ep = module.entry_points.remove(pos);
    module.entry_points.clear();
    let mut f = ep.function;
    f.name = Some(FUNCTION.into());
    let mut args = Vec::new();
    for a in &mut f.arguments {
        args.push(match a.binding.take() {
            Some(Binding::Location { location, .. }) => Arg::Location { location, ty: a.ty },
            Some(Binding::BuiltIn(BuiltIn::VertexIndex)) => Arg::VertexIndex { ty: a.ty },
            Some(Binding::BuiltIn(BuiltIn::InstanceIndex)) => Arg::InstanceIndex { ty: a.ty },
            other => return Err(unsupported(format!("vertex input {other:?} when the vertex stage runs as a function"))),
        });
    }
    let Some(result) = f.result.take() else {
        return Err(unsupported("a vertex stage without outputs"));
    };
    let mut outputs = Vec::new();
    if let Some(b) = result.binding {
        outputs.push(Output { access: "tesserae_out".into(), member: None, binding: b, ty: result.ty });
        f.result = Some(naga::FunctionResult { ty: result.ty, binding: None });
    } else {
        let TypeInner::Struct { members, span } = module.types[result.ty].inner.clone() else {
            return Err(unsupported("a vertex result that is neither bound nor a struct"));
        };
        let mut new_members = Vec::new();
        for (i, m) in members.iter().enumerate() {
            let name = format!("out{i}_member");
            if let Some(b) = m.binding.clone() {
                outputs.push(Output { access: format!("tesserae_out.{name}"), member: Some(i as u32), binding: b, ty: m.ty });
            }
            new_members.push(naga::StructMember { name: Some(name), ty: m.ty, binding: None, offset: m.offset });
        }
        let t = module
            .types
            .insert(Type { name: Some(OUTPUT_STRUCT.into()), inner: TypeInner::Struct { members: new_members, span } }, Span::UNDEFINED);
        for (_, e) in f.expressions.iter_mut() {
            if let naga::Expression::Compose { ty, .. } = e {
                if *ty == result.ty {
                    *ty = t;
                }
            }
        }
        f.result = Some(naga::FunctionResult { ty: t, binding: None });
    }
    let handle = module.functions.append(f, Span::UNDEFINED);
    Ok(VertexFunction { handle, args, outputs })
}

/// What a kernel uses of the stage's module, under the names the kernel gives them.
pub struct KernelUses<'a> {
    /// The one function the kernel calls.
    pub function: (&'a str, Handle<naga::Function>),
    /// Private and workgroup globals the kernel reads or writes.
    pub globals: Vec<(&'a str, Handle<naga::GlobalVariable>)>,
    /// Functions of the stage's module that take the body of the kernel's function of that
    /// name ([`crate::link::Stub::Body`]).
    pub bodies: Vec<(&'a str, Handle<naga::Function>)>,
}

/// The stage's module with a pass's `kernel` linked in ([`crate::link`]), validated and
/// written. `kernel` is WGSL that holds none of the application's code and uses only what
/// `uses` names of the stage's module, so it is parsed once per distinct text and signature:
/// the stubs declaring those items (their types written from the module) come before it, after
/// any `enable` directives it starts with.
pub fn link_kernel(
    stage: Stage,
    mut module: naga::Module,
    uses: &KernelUses,
    kernel: &str,
    verify: bool,
) -> Result<ValidatedWgsl, TranslateError> {
    let stubs = stubs_wgsl(stage, &module, uses)?;
    let directives = kernel.lines().take_while(|l| l.starts_with("enable ")).map(|l| l.len() + 1).sum::<usize>().min(kernel.len());
    let text = format!("{}{stubs}{}", &kernel[..directives], &kernel[directives..]);
    let parsed = crate::profile::phase("emulation: kernel", || round_trip_kernel(stage, text))?;
    let stubs: Vec<Stub> = std::iter::once(Stub::Function(uses.function.0, uses.function.1))
        .chain(uses.globals.iter().map(|&(name, handle)| Stub::Global(name, handle)))
        .chain(uses.bodies.iter().map(|&(name, handle)| Stub::Body(name, handle)))
        .collect();
    let user = UserItems::of(&module);
    crate::profile::phase("emulation: link", || crate::link::link(&mut module, parsed.module(), &stubs).map(drop))
        .map_err(|e| TranslateError::InvalidPlan(format!("linking a pass into the {stage} stage: {e}")))?;
    let kernel_error = |message| TranslateError::WgslRoundTrip { stage, message, wgsl: parsed.source().to_string() };
    validate_and_write_linked(stage, module, &user, verify, kernel_error)
}

/// Validates a module with an emulation pass linked in and writes it. A validation error about
/// the user's items (`user`, counted before linking) is the stage's; any other is the pass's,
/// a translator bug given to `kernel_error`.
pub(crate) fn validate_and_write_linked(
    stage: Stage,
    module: naga::Module,
    user: &UserItems,
    verify: bool,
    kernel_error: impl FnOnce(String) -> TranslateError,
) -> Result<ValidatedWgsl, TranslateError> {
    let info = crate::profile::phase("emulation: validate", || {
        naga::valid::Validator::new(naga::valid::ValidationFlags::all(), crate::wgsl::capabilities()).validate(&module).map_err(|e| {
            if user.holds(e.as_inner()) {
                crate::wgsl::validation_error(stage, &e)
            } else {
                kernel_error(e.emit_to_string(""))
            }
        })
    })?;
    crate::wgsl::write_emulation(stage, module, &info, verify)
}

/// Globals the lowering demotes outputs WGSL lacks to, and the array transform feedback's
/// capture fills ([`crate::lower::xfb_capture`]), which kernels read after calling [`FUNCTION`].
pub const DEMOTED_GLOBALS: [&str; 5] =
    [crate::points::POINT_SIZE_GLOBAL, CULL_GLOBAL, LAYER_GLOBAL, VIEWPORT_GLOBAL, crate::lower::xfb_capture::CAPTURE_GLOBAL];

/// The demoted global `name` ([`DEMOTED_GLOBALS`]) of the module, when it has it.
pub(crate) fn demoted_global(module: &naga::Module, name: &str) -> Result<Option<Handle<naga::GlobalVariable>>, TranslateError> {
    Ok(demoted_globals(module)?.into_iter().find(|g| g.0 == name).map(|g| g.1))
}

/// The [`DEMOTED_GLOBALS`] the module has, each by its one handle.
pub(crate) fn demoted_globals(module: &naga::Module) -> Result<Vec<(&'static str, Handle<naga::GlobalVariable>)>, TranslateError> {
    let mut found = Vec::new();
    for name in DEMOTED_GLOBALS {
        let mut named = module.global_variables.iter().filter(|(_, g)| g.name.as_deref() == Some(name)).map(|(h, _)| h);
        if let Some(h) = named.next() {
            if named.next().is_some() {
                return Err(unsupported(format!("two global variables named `{name}`")));
            }
            found.push((name, h));
        }
    }
    Ok(found)
}

/// WGSL declaring what a kernel uses of the stage's module: the globals (private or
/// workgroup) and the function, whose body returns zero; struct types as `TesseraeStub{N}`
/// with the module's member names where they are identifiers (kernels reach members by name,
/// never name the struct).
fn stubs_wgsl(stage: Stage, module: &naga::Module, uses: &KernelUses) -> Result<String, TranslateError> {
    let mut types = StubTypes { stage, structs: String::new(), declared: Vec::new(), f16: false };
    let mut w = String::new();
    for &(name, g) in &uses.globals {
        let g = &module.global_variables[g];
        let space = match g.space {
            naga::AddressSpace::Private => "private",
            naga::AddressSpace::WorkGroup => "workgroup",
            other => return Err(TranslateError::unsupported(stage, format!("a {other:?} global that a pass reads by name"))),
        };
        let _ = writeln!(w, "var<{space}> {name}: {};", types.of(module, g.ty)?);
    }
    let (name, handle) = uses.function;
    let f = &module.functions[handle];
    let args: Vec<String> = f
        .arguments
        .iter()
        .enumerate()
        .map(|(i, a)| Ok(format!("a{i}: {}", types.of(module, a.ty)?)))
        .collect::<Result<_, TranslateError>>()?;
    match &f.result {
        Some(r) => {
            let result = types.of(module, r.ty)?;
            let _ = writeln!(w, "fn {name}({}) -> {result} {{\n    return {result}();\n}}", args.join(", "));
        }
        None => {
            let _ = writeln!(w, "fn {name}({}) {{}}", args.join(", "));
        }
    }
    let enable = if types.f16 { "enable f16;\n" } else { "" };
    Ok(format!("{enable}{}{w}", types.structs))
}

/// Writes the WGSL of the module's types for [`stubs_wgsl`], declaring structs as met.
struct StubTypes {
    stage: Stage,
    structs: String,
    declared: Vec<Handle<Type>>,
    f16: bool,
}

impl StubTypes {
    fn of(&mut self, module: &naga::Module, ty: Handle<Type>) -> Result<String, TranslateError> {
        let scalar = |s: naga::Scalar, f16: &mut bool| match (s.kind, s.width) {
            (ScalarKind::Float, 4) => Ok("f32"),
            (ScalarKind::Float, 2) => {
                *f16 = true;
                Ok("f16")
            }
            (ScalarKind::Sint, 4) => Ok("i32"),
            (ScalarKind::Uint, 4) => Ok("u32"),
            (ScalarKind::Bool, _) => Ok("bool"),
            _ => Err(TranslateError::unsupported(self.stage, format!("a value of scalar type {s:?} between passes"))),
        };
        Ok(match &module.types[ty].inner {
            TypeInner::Scalar(s) => scalar(*s, &mut self.f16)?.to_string(),
            TypeInner::Vector { size, scalar: s } => format!("vec{}<{}>", *size as u32, scalar(*s, &mut self.f16)?),
            TypeInner::Matrix { columns, rows, scalar: s } => {
                format!("mat{}x{}<{}>", *columns as u32, *rows as u32, scalar(*s, &mut self.f16)?)
            }
            TypeInner::Atomic(s) => format!("atomic<{}>", scalar(*s, &mut self.f16)?),
            TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => format!("array<{}, {n}>", self.of(module, *base)?),
            TypeInner::Struct { members, .. } => {
                let name = format!("TesseraeStub{}", ty.index());
                if !self.declared.contains(&ty) {
                    let mut decl = format!("struct {name} {{\n");
                    // Members keep the module's names, which kernels use (the writer's names,
                    // `wgsl::name_struct_members`); a name that is not a WGSL identifier (one
                    // that naming left as the module gave it, e.g. where the renamed struct
                    // would equal another) or that repeats gets a placeholder: no kernel names
                    // it, and linking goes by shape.
                    let mut used: Vec<&str> = Vec::new();
                    for (i, m) in members.iter().enumerate() {
                        let member = match m.name.as_deref() {
                            Some(n) if crate::wgsl::is_identifier(n) && !used.contains(&n) => {
                                used.push(n);
                                n.to_string()
                            }
                            _ => format!("tesserae_m{i}"),
                        };
                        let _ = writeln!(decl, "    {member}: {},", self.of(module, m.ty)?);
                    }
                    decl.push_str("}\n");
                    self.declared.push(ty);
                    self.structs.push_str(&decl);
                }
                name
            }
            other => return Err(TranslateError::unsupported(self.stage, format!("a value of type {other:?} between passes"))),
        })
    }
}

/// How many of each item the user's module had before linking: a validation error about an
/// item below these counts is about the user's code.
pub(crate) struct UserItems {
    types: usize,
    constants: usize,
    globals: usize,
    global_expressions: usize,
    /// The user's functions are `first_function..first_function + functions`.
    first_function: usize,
    functions: usize,
}

impl UserItems {
    pub(crate) fn of(m: &naga::Module) -> Self {
        UserItems {
            types: m.types.len(),
            constants: m.constants.len(),
            globals: m.global_variables.len(),
            global_expressions: m.global_expressions.len(),
            first_function: 0,
            functions: m.functions.len(),
        }
    }

    /// How many functions the user's module has.
    pub(crate) fn functions(&self) -> usize {
        self.functions
    }

    /// The user's functions now follow `n` hoisted ones ([`crate::emulate::ir::hoist_functions`]).
    pub(crate) fn hoisted(&mut self, n: usize) {
        self.first_function = n;
    }

    fn holds(&self, e: &naga::valid::ValidationError) -> bool {
        use naga::valid::ValidationError as V;
        match e {
            V::Type { handle, .. } => handle.index() < self.types,
            V::ConstExpression { handle, .. } | V::ArraySizeError { handle } => handle.index() < self.global_expressions,
            V::Constant { handle, .. } => handle.index() < self.constants,
            V::GlobalVariable { handle, .. } => handle.index() < self.globals,
            V::Function { handle, .. } => (self.first_function..self.first_function + self.functions).contains(&handle.index()),
            _ => false,
        }
    }
}

/// WGSL name, scalar kind and component count of a scalar or vector type.
pub fn wgsl_type(module: &naga::Module, ty: Handle<Type>) -> Result<(String, ScalarKind, u32), TranslateError> {
    let scalar_name = |s: naga::Scalar| match (s.kind, s.width) {
        (ScalarKind::Float, 4) => Ok("f32"),
        (ScalarKind::Sint, 4) => Ok("i32"),
        (ScalarKind::Uint, 4) => Ok("u32"),
        _ => Err(unsupported(format!("a value of scalar type {s:?} between passes"))),
    };
    match module.types[ty].inner {
        TypeInner::Scalar(s) => Ok((scalar_name(s)?.to_string(), s.kind, 1)),
        TypeInner::Vector { size, scalar } => Ok((format!("vec{}<{}>", size as u32, scalar_name(scalar)?), scalar.kind, size as u32)),
        ref other => Err(unsupported(format!("a value of type {other:?} between passes"))),
    }
}

/// Length of the `clip_distances` output of type `ty`, refused past what WebGPU (and every
/// Vulkan device's guaranteed limit) takes: the passes declare it as a built-in of their own
/// entry points. naga outputs a clip distance array an entry point interface leaves out, so a
/// malformed module can reach here with any length.
pub fn clip_distance_count(stage: Stage, module: &naga::Module, ty: Handle<Type>) -> Result<u32, TranslateError> {
    let n = array_len(module, ty);
    if n > crate::MAX_COMBINED_CLIP_CULL {
        return Err(TranslateError::unsupported(stage, format!("{n} clip distances (at most {})", crate::MAX_COMBINED_CLIP_CULL)));
    }
    Ok(n)
}

/// Length of a `clip_distances`/`cull_distance` array output.
pub fn array_len(module: &naga::Module, ty: Handle<Type>) -> u32 {
    match module.types[ty].inner {
        TypeInner::Array { size: naga::ArraySize::Constant(n), .. } => n.get(),
        _ => 1,
    }
}

/// `@interpolate(...)` attribute text for a location binding, exactly as bound (wgpu matches
/// stages on the written form: `perspective` differs from `perspective, center`).
pub fn interpolate_attr(binding: &Binding) -> String {
    use naga::{Interpolation as I, Sampling as S};
    let Binding::Location { interpolation: Some(interpolation), sampling, .. } = binding else { return String::new() };
    let i = match interpolation {
        I::Flat => "flat",
        I::Linear => "linear",
        _ => "perspective",
    };
    let s = match sampling {
        None => return format!("@interpolate({i})"),
        Some(S::Center) => "center",
        Some(S::Centroid) => "centroid",
        Some(S::Sample) => "sample",
        Some(S::First) => "first",
        Some(S::Either) => "either",
    };
    format!("@interpolate({i}, {s})")
}

#[cfg(test)]
mod tests {
    use super::{demoted_globals, from_entry, KernelUses, VertexFunction, FUNCTION};
    use crate::desc::Stage;
    use crate::error::TranslateError;
    use crate::wgsl::ValidatedWgsl;

    fn link_kernel(module: naga::Module, func: &VertexFunction, kernel: &str, verify: bool) -> Result<ValidatedWgsl, TranslateError> {
        let uses = KernelUses { function: (FUNCTION, func.handle), globals: demoted_globals(&module)?, bodies: Vec::new() };
        super::link_kernel(Stage::Vertex, module, &uses, kernel, verify)
    }

    const USER: &str = "
struct Out { @builtin(position) pos: vec4<f32>, @location(0) color: vec3<f32> }
var<private> scale: f32 = 2.0;
@vertex
fn main(@location(0) p: vec2<f32>) -> Out {
    return Out(vec4<f32>(p * scale, 0.0, 1.0), vec3<f32>(1.0));
}
";

    const KERNEL: &str = "
@group(0) @binding(0) var<storage, read_write> records: array<vec4<f32>>;
@compute @workgroup_size(1)
fn kernel_main(@builtin(global_invocation_id) id: vec3<u32>) {
    let out = tesserae_vertex(vec2<f32>(f32(id.x)));
    records[id.x] = out.out0_member;
}
";

    fn user() -> naga::Module {
        naga::front::wgsl::parse_str(USER).unwrap()
    }

    #[test]
    fn a_kernel_runs_the_user_stage() {
        let mut m = user();
        let f = from_entry(&mut m).unwrap();
        let w = link_kernel(m, &f, KERNEL, true).unwrap();
        assert_eq!(w.module().entry_points.len(), 1);
        assert!(w.source().contains("fn kernel_main("), "{}", w.source());
        assert!(w.source().contains("tesserae_vertex("), "{}", w.source());
    }

    #[test]
    fn a_kernel_that_is_not_valid_wgsl_is_a_translator_bug() {
        let mut m = user();
        let f = from_entry(&mut m).unwrap();
        // An f32 where a u32 goes: the kernel's fault.
        let bad = KERNEL.replace("records[id.x] = out.out0_member;", "records[id.x] = out.out0_member; let x: u32 = out.out1_member.x;");
        match link_kernel(m, &f, &bad, false) {
            Err(TranslateError::WgslRoundTrip { wgsl, .. }) => assert!(wgsl.contains("kernel_main")),
            other => panic!("{:?}", other.map(|w| w.into_source())),
        }
    }

    #[test]
    fn a_user_function_that_does_not_validate_is_reported_as_naga_validation() {
        let mut m = user();
        let f = from_entry(&mut m).unwrap();
        // Break the user's function: its result becomes a zero value of the wrong type.
        let user_fn = &mut m.functions[f.handle];
        let f32_ty = m.types.iter().find(|(_, t)| matches!(t.inner, naga::TypeInner::Scalar(naga::Scalar::F32))).unwrap().0;
        let (_, e) = user_fn.expressions.iter_mut().find(|(_, e)| matches!(e, naga::Expression::Compose { .. })).unwrap();
        *e = naga::Expression::ZeroValue(f32_ty);
        match link_kernel(m, &f, KERNEL, false) {
            Err(TranslateError::NagaValidation { .. }) => {}
            other => panic!("{:?}", other.map(|w| w.into_source())),
        }
    }
}
