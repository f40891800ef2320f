//! The vertex stage as an ordinary WGSL function, for the passes that call it themselves
//! (point expansion, the compute vertex stage of the primitive pass).
//!
//! [`from_entry`] turns the naga module's vertex entry point into `fn tesserae_vertex(...)`
//! whose arguments have no bindings and whose result is a struct with known member names
//! (`out{i}_member`) or a single value. The caller generates the entry point that calls it.

use crate::desc::Stage;
use crate::error::TranslateError;
use crate::wgsl::ValidatedWgsl;
use naga::{Binding, BuiltIn, Handle, Span, Type, TypeInner};

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
        outputs.push(Output { member: None, binding: b, ty: result.ty });
        f.result = Some(naga::FunctionResult { ty: result.ty, binding: None });
    } else {
        let TypeInner::Struct { members, span } = module.types[result.ty].inner.clone() else {
            return Err(unsupported("a vertex result that is neither bound nor a struct"));
        };
        let mut new_members = Vec::new();
        for (i, m) in members.iter().enumerate() {
            let name = format!("out{i}_member");
            if let Some(b) = m.binding.clone() {
                outputs.push(Output { member: Some(i as u32), binding: b, ty: m.ty });
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

/// How many of each item the user's module had before linking: a validation error about an
/// item below these counts is about the user's code.
pub(crate) struct UserItems {
    types: usize,
    constants: usize,
    globals: usize,
    global_expressions: usize,
    /// The user's functions are `first_function..first_function + functions`, but for those
    /// whose bodies the pass built.
    first_function: usize,
    functions: usize,
    built: Vec<usize>,
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
            built: Vec::new(),
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

    /// `functions` of the user's module have bodies the pass built (a geometry stage's
    /// emission functions): an error in them is the pass's.
    pub(crate) fn built_by_the_pass(&mut self, functions: &[Handle<naga::Function>]) {
        self.built.extend(functions.iter().map(|f| f.index()));
    }

    fn holds(&self, e: &naga::valid::ValidationError) -> bool {
        use naga::valid::ValidationError as V;
        match e {
            V::Type { handle, .. } => handle.index() < self.types,
            V::ConstExpression { handle, .. } | V::ArraySizeError { handle } => handle.index() < self.global_expressions,
            V::Constant { handle, .. } => handle.index() < self.constants,
            V::GlobalVariable { handle, .. } => handle.index() < self.globals,
            V::Function { handle, .. } => {
                (self.first_function..self.first_function + self.functions).contains(&handle.index())
                    && !self.built.contains(&handle.index())
            }
            _ => false,
        }
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

#[cfg(test)]
mod tests {
    use super::{from_entry, validate_and_write_linked, UserItems, VertexFunction};
    use crate::desc::Stage;
    use crate::emulate::ir::FunctionBuilder;
    use crate::error::TranslateError;
    use crate::wgsl::ValidatedWgsl;
    use naga::Expression;

    const USER: &str = "
struct Out { @builtin(position) pos: vec4<f32>, @location(0) color: vec3<f32> }
var<private> scale: f32 = 2.0;
@vertex
fn main(@location(0) p: vec2<f32>) -> Out {
    return Out(vec4<f32>(p * scale, 0.0, 1.0), vec3<f32>(1.0));
}
";

    const TEMPLATE: &str = "@group(0) @binding(0) var<storage, read_write> records: array<vec4<f32>>;";

    fn user() -> naga::Module {
        naga::front::wgsl::parse_str(USER).unwrap()
    }

    /// A pass over the user's stage: the template linked, an entry point built that calls the
    /// stage with `(x, x)` and stores output `member` of its result (`wrong`: stores the
    /// 3-component output where a `vec4` goes, the pass's bug).
    fn pass(mut m: naga::Module, f: &VertexFunction, wrong: bool, built: bool) -> Result<ValidatedWgsl, TranslateError> {
        let mut user = UserItems::of(&m);
        if built {
            user.built_by_the_pass(&[f.handle]);
        }
        let template = naga::front::wgsl::parse_str(TEMPLATE).unwrap();
        let linked = crate::link::link(&mut m, &template).unwrap();
        let records = linked.global(template.global_variables.iter().next().unwrap().0);
        let mut b = FunctionBuilder::new(&mut m, "pass_main", Vec::new(), None);
        let x = b.f32(1.0);
        let ty = b.ty(naga::TypeInner::Vector { size: naga::VectorSize::Bi, scalar: naga::Scalar::F32 });
        let p = b.compose(ty, vec![x, x]);
        let out = b.call(f.handle, vec![p]).unwrap();
        let value = f.outputs[usize::from(wrong)].read(&mut b, out);
        let zero = b.u32(0);
        b.store_element(records, zero, value);
        b.finish_entry_point(naga::ShaderStage::Compute, [1, 1, 1]);
        validate_and_write_linked(Stage::Vertex, m, &user, true, TranslateError::InvalidPlan)
    }

    #[test]
    fn a_pass_runs_the_user_stage() {
        let mut m = user();
        let f = from_entry(&mut m).unwrap();
        let w = pass(m, &f, false, false).unwrap();
        assert_eq!(w.module().entry_points.len(), 1);
        assert!(w.source().contains("fn pass_main("), "{}", w.source());
        assert!(w.source().contains("tesserae_vertex("), "{}", w.source());
    }

    #[test]
    fn a_pass_that_does_not_validate_is_a_translator_bug() {
        let mut m = user();
        let f = from_entry(&mut m).unwrap();
        match pass(m, &f, true, false) {
            Err(TranslateError::InvalidPlan(message)) => assert!(message.contains("pass_main"), "{message}"),
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
        let (_, e) = user_fn.expressions.iter_mut().find(|(_, e)| matches!(e, Expression::Compose { .. })).unwrap();
        *e = Expression::ZeroValue(f32_ty);
        match pass(m.clone(), &f, false, false) {
            Err(TranslateError::NagaValidation { .. }) => {}
            other => panic!("{:?}", other.map(|w| w.into_source())),
        }
        // The same error in a user function whose body the pass built (a geometry stage's
        // `EmitVertex`) is the pass's.
        match pass(m, &f, false, true) {
            Err(TranslateError::InvalidPlan(_)) => {}
            other => panic!("{:?}", other.map(|w| w.into_source())),
        }
    }
}
