//! Linking emulation WGSL into a stage's naga module.
//!
//! A pass that runs a user stage as a function needs one module holding the user's code and
//! the pass's entry point. The pass's fixed code is parsed WGSL: a *template*
//! (`wgsl::round_trip_template`, parsed once per process; the vertex records and tessellation
//! passes, which then build their entry point in naga IR) or a *kernel* (the geometry pass:
//! `wgsl::round_trip_kernel`, parsed once per distinct text), which declares the user items it
//! uses as *stubs* (a function with the user function's signature and a trivial body; private
//! globals of the user globals' types). [`link`] appends the template's or kernel's other items
//! to the module, every use of a stub going to the user item it stands for, and returns where
//! its items went ([`Linked`]) so the caller reaches them by handle.
//!
//! Invariants:
//! - A stub is linked only by an explicit name to an explicit item ([`Stub`]), never by
//!   looking up a user name; its signature (or type) must map onto that item's exactly.
//! - A copied function keeps its expression and local-variable handles (its arenas are copied
//!   whole); only handles into the module's arenas (types, constants, globals, functions) are
//!   mapped. Global expressions are appended in order, so their handles map by one table.
//! - The kernel may use no overrides, diagnostic filters or special types: anything [`link`]
//!   does not map is refused, never copied with a handle that would point elsewhere.
//! - The caller validates the linked module as a whole before writing it.

use naga::{Block, Expression, Function, GlobalVariable, Handle, Module, Span, Statement, Type, TypeInner};

/// A kernel item (by its name in the kernel) that stands for an item of the user's module.
#[derive(Debug, Clone, Copy)]
pub enum Stub<'a> {
    Function(&'a str, Handle<Function>),
    Global(&'a str, Handle<GlobalVariable>),
    /// The other direction: the user's function (no arguments, no result, an empty body left by
    /// a lowering pass, such as a geometry stage's `EmitVertex`) takes the body of the kernel
    /// function of this name, which may call nothing (a function may only call functions
    /// before it, and the user's comes before every kernel function).
    Body(&'a str, Handle<Function>),
}

/// Where each kernel item went in the linked module (indexed by the kernel's handles).
struct Maps {
    types: Vec<Handle<Type>>,
    constants: Vec<Handle<naga::Constant>>,
    globals: Vec<Handle<GlobalVariable>>,
    global_expressions: Vec<Handle<Expression>>,
    functions: Vec<Handle<Function>>,
}

/// Where a kernel's functions and globals went in the module it was linked into.
pub struct Linked {
    functions: Vec<Handle<Function>>,
    globals: Vec<Handle<GlobalVariable>>,
}

impl Linked {
    /// The linked module's handle of the kernel's function `f`.
    pub fn function(&self, f: Handle<Function>) -> Handle<Function> {
        self.functions[f.index()]
    }

    /// The linked module's handle of the kernel's global `g`.
    pub fn global(&self, g: Handle<GlobalVariable>) -> Handle<GlobalVariable> {
        self.globals[g.index()]
    }
}

/// Appends `kernel`'s types, global expressions, constants, globals, functions and entry
/// points to `target`, with its `stubs` replaced by the user items they name. An error is a
/// translator bug (a kernel the linker does not take, or a stub that does not match).
pub fn link(target: &mut Module, kernel: &Module, stubs: &[Stub]) -> Result<Linked, String> {
    if !kernel.overrides.is_empty() || !kernel.diagnostic_filters.is_empty() || !kernel.special_types.predeclared_types.is_empty() {
        return Err("the kernel uses overrides, diagnostic filters or predeclared types".into());
    }
    let stub_function = |name: &str| {
        stubs.iter().find_map(|s| match s {
            Stub::Function(n, h) if *n == name => Some(*h),
            _ => None,
        })
    };
    let stub_global = |name: &str| {
        stubs.iter().find_map(|s| match s {
            Stub::Global(n, h) if *n == name => Some(*h),
            _ => None,
        })
    };

    // Types a stub's signature fixes: the kernel's copy is the user's type, and so are the
    // types it is made of.
    let mut fixed: Vec<Option<Handle<Type>>> = vec![None; kernel.types.len()];
    let mut fix = |kernel_ty: Handle<Type>, user_ty: Handle<Type>| fix_type(kernel, kernel_ty, target, user_ty, &mut fixed);
    let body_stub = |name: &str| {
        stubs.iter().find_map(|s| match s {
            Stub::Body(n, h) if *n == name => Some(*h),
            _ => None,
        })
    };
    let mut linked_stubs = 0;
    let mut bodies = Vec::new();
    for (h, f) in kernel.functions.iter() {
        let Some(user) = f.name.as_deref().and_then(body_stub) else { continue };
        let u = &target.functions[user];
        if !(u.arguments.is_empty() && u.result.is_none() && f.arguments.is_empty() && f.result.is_none()) {
            return Err(format!(
                "`{}` and the function whose body it gives take arguments or return a value",
                f.name.as_deref().unwrap_or("")
            ));
        }
        if calls_any(&f.body) {
            return Err(format!("`{}` gives a body that calls a function", f.name.as_deref().unwrap_or("")));
        }
        bodies.push((h, user));
        linked_stubs += 1;
    }
    for (_, f) in kernel.functions.iter() {
        let Some(user) = f.name.as_deref().and_then(stub_function) else { continue };
        let u = &target.functions[user];
        if u.arguments.len() != f.arguments.len() || u.result.is_some() != f.result.is_some() {
            return Err(format!("stub `{}` does not have the signature of the user's function", f.name.as_deref().unwrap_or("")));
        }
        for (k, a) in f.arguments.iter().zip(&u.arguments) {
            fix(k.ty, a.ty)?;
        }
        if let (Some(k), Some(r)) = (&f.result, &u.result) {
            fix(k.ty, r.ty)?;
        }
        linked_stubs += 1;
    }
    for (_, g) in kernel.global_variables.iter() {
        let Some(user) = g.name.as_deref().and_then(stub_global) else { continue };
        fix(g.ty, target.global_variables[user].ty)?;
        linked_stubs += 1;
    }
    if linked_stubs != stubs.len() {
        return Err(format!("the kernel declares {linked_stubs} of {} stubs", stubs.len()));
    }

    let mut maps =
        Maps { types: Vec::new(), constants: Vec::new(), globals: Vec::new(), global_expressions: Vec::new(), functions: Vec::new() };
    for (h, ty) in kernel.types.iter() {
        let mapped = match fixed[h.index()] {
            Some(user) => user,
            None => {
                let inner = map_type_inner(&ty.inner, &maps.types)?;
                target.types.insert(Type { name: ty.name.clone(), inner }, Span::UNDEFINED)
            }
        };
        maps.types.push(mapped);
    }
    let mut global_expressions: Vec<Handle<Expression>> = Vec::with_capacity(kernel.global_expressions.len());
    for (_, e) in kernel.global_expressions.iter() {
        let mut e = e.clone();
        map_expression(&mut e, &maps, &mut |h| *h = global_expressions[h.index()])?;
        global_expressions.push(target.global_expressions.append(e, Span::UNDEFINED));
    }
    maps.global_expressions = global_expressions;
    for (_, c) in kernel.constants.iter() {
        let c = naga::Constant { name: c.name.clone(), ty: maps.types[c.ty.index()], init: maps.global_expressions[c.init.index()] };
        maps.constants.push(target.constants.append(c, Span::UNDEFINED));
    }
    for (_, g) in kernel.global_variables.iter() {
        let mapped = match g.name.as_deref().and_then(stub_global) {
            Some(user) => user,
            None => {
                let g =
                    GlobalVariable { ty: maps.types[g.ty.index()], init: g.init.map(|i| maps.global_expressions[i.index()]), ..g.clone() };
                target.global_variables.append(g, Span::UNDEFINED)
            }
        };
        maps.globals.push(mapped);
    }
    for (_, f) in kernel.functions.iter() {
        let mapped = match f.name.as_deref().and_then(stub_function) {
            Some(user) => user,
            None => {
                let f = map_function(f, &maps)?;
                target.functions.append(f, Span::UNDEFINED)
            }
        };
        maps.functions.push(mapped);
    }
    for (kernel_fn, user) in bodies {
        let mut f = target.functions[maps.functions[kernel_fn.index()]].clone();
        f.name = target.functions[user].name.clone();
        target.functions[user] = f;
    }
    for ep in &kernel.entry_points {
        if ep.workgroup_size_overrides.is_some() || ep.mesh_info.is_some() || ep.task_payload.is_some() || ep.incoming_ray_payload.is_some()
        {
            return Err(format!("entry point `{}` uses overrides or mesh or ray-tracing state", ep.name));
        }
        let ep = naga::EntryPoint { function: map_function(&ep.function, &maps)?, ..ep.clone() };
        target.entry_points.push(ep);
    }
    Ok(Linked { functions: maps.functions, globals: maps.globals })
}

/// Records that the kernel's type `k` is the user's `u`, and so each type `k` is made of the
/// user's counterpart (array elements, struct members, pointees).
fn fix_type(kernel: &Module, k: Handle<Type>, user: &Module, u: Handle<Type>, fixed: &mut [Option<Handle<Type>>]) -> Result<(), String> {
    if !same_shape(kernel, k, user, u) {
        return Err(format!("a stub's type {:?} is not the user's {:?}", kernel.types[k].inner, user.types[u].inner));
    }
    match fixed[k.index()] {
        // Two user types of one shape (arrays that differ in stride, structs in names) have
        // one stub text: the kernel's type stands for the first. Kernels reach into such
        // values (members, elements) rather than build them, and the linked module's
        // validation refuses any use that needs the other.
        Some(_) => return Ok(()),
        None => fixed[k.index()] = Some(u),
    }
    match (&kernel.types[k].inner, &user.types[u].inner) {
        (TypeInner::Array { base: kb, .. }, TypeInner::Array { base: ub, .. })
        | (TypeInner::Pointer { base: kb, .. }, TypeInner::Pointer { base: ub, .. }) => fix_type(kernel, *kb, user, *ub, fixed),
        (TypeInner::Struct { members: km, .. }, TypeInner::Struct { members: um, .. }) => {
            km.iter().zip(um).try_for_each(|(a, b)| fix_type(kernel, a.ty, user, b.ty, fixed))
        }
        _ => Ok(()),
    }
}

/// Whether the kernel's type `k` describes the same values as the user's `u` (names, struct
/// layouts and array strides aside: a stub declares what crosses the signature, not where it
/// lives in memory).
fn same_shape(kernel: &Module, k: Handle<Type>, user: &Module, u: Handle<Type>) -> bool {
    match (&kernel.types[k].inner, &user.types[u].inner) {
        (TypeInner::Array { base: kb, size: ks, .. }, TypeInner::Array { base: ub, size: us, .. }) => {
            ks == us && same_shape(kernel, *kb, user, *ub)
        }
        (TypeInner::Struct { members: km, .. }, TypeInner::Struct { members: um, .. }) => {
            km.len() == um.len() && km.iter().zip(um).all(|(a, b)| same_shape(kernel, a.ty, user, b.ty))
        }
        (TypeInner::Pointer { base: kb, space: ks }, TypeInner::Pointer { base: ub, space: us }) => {
            ks == us && same_shape(kernel, *kb, user, *ub)
        }
        (TypeInner::BindingArray { .. }, _) | (_, TypeInner::BindingArray { .. }) => false,
        (a, b) => a == b,
    }
}

fn map_type_inner(inner: &TypeInner, types: &[Handle<Type>]) -> Result<TypeInner, String> {
    let mut inner = inner.clone();
    match &mut inner {
        TypeInner::Pointer { base, .. } | TypeInner::BindingArray { base, .. } => *base = types[base.index()],
        TypeInner::Array { base, size, .. } => {
            if matches!(size, naga::ArraySize::Pending(_)) {
                return Err("an array sized by an override".into());
            }
            *base = types[base.index()];
        }
        TypeInner::Struct { members, .. } => {
            for m in members {
                m.ty = types[m.ty.index()];
            }
        }
        TypeInner::Scalar(_)
        | TypeInner::Vector { .. }
        | TypeInner::Matrix { .. }
        | TypeInner::CooperativeMatrix { .. }
        | TypeInner::Atomic(_)
        | TypeInner::ValuePointer { .. }
        | TypeInner::Image { .. }
        | TypeInner::Sampler { .. }
        | TypeInner::AccelerationStructure { .. }
        | TypeInner::RayQuery { .. } => {}
    }
    Ok(inner)
}

/// A copy of the kernel function `f` with its module handles mapped.
/// Whether `block` calls a function anywhere.
fn calls_any(block: &Block) -> bool {
    block.iter().any(|s| match s {
        Statement::Call { .. } => true,
        Statement::Block(b) => calls_any(b),
        Statement::If { accept, reject, .. } => calls_any(accept) || calls_any(reject),
        Statement::Switch { cases, .. } => cases.iter().any(|c| calls_any(&c.body)),
        Statement::Loop { body, continuing, .. } => calls_any(body) || calls_any(continuing),
        _ => false,
    })
}

fn map_function(f: &Function, maps: &Maps) -> Result<Function, String> {
    if f.diagnostic_filter_leaf.is_some() {
        return Err("a function with diagnostic filters".into());
    }
    let mut f = f.clone();
    for a in &mut f.arguments {
        a.ty = maps.types[a.ty.index()];
    }
    if let Some(r) = &mut f.result {
        r.ty = maps.types[r.ty.index()];
    }
    for (_, v) in f.local_variables.iter_mut() {
        v.ty = maps.types[v.ty.index()];
    }
    for (_, e) in f.expressions.iter_mut() {
        // Expressions refer to expressions of the same function: their handles stay.
        map_expression(e, maps, &mut |_| {})?;
    }
    map_block(&mut f.body, maps);
    Ok(f)
}

fn map_block(block: &mut Block, maps: &Maps) {
    for (s, _) in block.span_iter_mut() {
        match s {
            Statement::Call { function, .. } => *function = maps.functions[function.index()],
            Statement::Block(b) => map_block(b, maps),
            Statement::If { accept, reject, .. } => {
                map_block(accept, maps);
                map_block(reject, maps);
            }
            Statement::Switch { cases, .. } => {
                for c in cases {
                    map_block(&mut c.body, maps);
                }
            }
            Statement::Loop { body, continuing, .. } => {
                map_block(body, maps);
                map_block(continuing, maps);
            }
            // The rest refer to expressions of the function only.
            Statement::Emit(_)
            | Statement::Break
            | Statement::Continue
            | Statement::Return { .. }
            | Statement::Kill
            | Statement::ControlBarrier(_)
            | Statement::MemoryBarrier(_)
            | Statement::Store { .. }
            | Statement::ImageStore { .. }
            | Statement::Atomic { .. }
            | Statement::ImageAtomic { .. }
            | Statement::WorkGroupUniformLoad { .. }
            | Statement::RayQuery { .. }
            | Statement::RayPipelineFunction(_)
            | Statement::SubgroupBallot { .. }
            | Statement::SubgroupGather { .. }
            | Statement::SubgroupCollectiveOperation { .. }
            | Statement::CooperativeStore { .. } => {}
        }
    }
}

/// Maps the module handles of `e`, and its expression handles through `expr` (the identity
/// inside a function; the global expressions' table for those).
fn map_expression(e: &mut Expression, maps: &Maps, expr: &mut dyn FnMut(&mut Handle<Expression>)) -> Result<(), String> {
    use naga::{ImageQuery, SampleLevel};
    let opt = |h: &mut Option<Handle<Expression>>, expr: &mut dyn FnMut(&mut Handle<Expression>)| {
        if let Some(h) = h {
            expr(h);
        }
    };
    match e {
        Expression::Literal(_)
        | Expression::FunctionArgument(_)
        | Expression::LocalVariable(_)
        | Expression::RayQueryProceedResult
        | Expression::SubgroupBallotResult => {}
        Expression::Override(_) => return Err("an override".into()),
        Expression::Constant(c) => *c = maps.constants[c.index()],
        Expression::GlobalVariable(g) => *g = maps.globals[g.index()],
        Expression::CallResult(f) => *f = maps.functions[f.index()],
        Expression::ZeroValue(ty)
        | Expression::AtomicResult { ty, .. }
        | Expression::WorkGroupUniformLoadResult { ty }
        | Expression::SubgroupOperationResult { ty } => *ty = maps.types[ty.index()],
        Expression::Compose { ty, components } => {
            *ty = maps.types[ty.index()];
            components.iter_mut().for_each(&mut *expr);
        }
        Expression::Access { base, index } => {
            expr(base);
            expr(index);
        }
        Expression::AccessIndex { base, .. } => expr(base),
        Expression::Splat { value, .. } => expr(value),
        Expression::Swizzle { vector, .. } => expr(vector),
        Expression::Load { pointer } => expr(pointer),
        Expression::ImageSample { image, sampler, coordinate, array_index, offset, level, depth_ref, .. } => {
            expr(image);
            expr(sampler);
            expr(coordinate);
            opt(array_index, expr);
            opt(offset, expr);
            opt(depth_ref, expr);
            match level {
                SampleLevel::Auto | SampleLevel::Zero => {}
                SampleLevel::Exact(h) | SampleLevel::Bias(h) => expr(h),
                SampleLevel::Gradient { x, y } => {
                    expr(x);
                    expr(y);
                }
            }
        }
        Expression::ImageLoad { image, coordinate, array_index, sample, level } => {
            expr(image);
            expr(coordinate);
            opt(array_index, expr);
            opt(sample, expr);
            opt(level, expr);
        }
        Expression::ImageQuery { image, query } => {
            expr(image);
            if let ImageQuery::Size { level } = query {
                opt(level, expr);
            }
        }
        Expression::Unary { expr: e, .. } | Expression::Derivative { expr: e, .. } | Expression::As { expr: e, .. } => expr(e),
        Expression::Relational { argument, .. } => expr(argument),
        Expression::ArrayLength(e) => expr(e),
        Expression::Binary { left, right, .. } => {
            expr(left);
            expr(right);
        }
        Expression::Select { condition, accept, reject } => {
            expr(condition);
            expr(accept);
            expr(reject);
        }
        Expression::Math { arg, arg1, arg2, arg3, .. } => {
            expr(arg);
            opt(arg1, expr);
            opt(arg2, expr);
            opt(arg3, expr);
        }
        Expression::RayQueryVertexPositions { query, .. } | Expression::RayQueryGetIntersection { query, .. } => expr(query),
        Expression::CooperativeLoad { data, .. } => {
            expr(&mut data.pointer);
            expr(&mut data.stride);
        }
        Expression::CooperativeMultiplyAdd { a, b, c } => {
            expr(a);
            expr(b);
            expr(c);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{link, Stub};

    fn parse(src: &str) -> naga::Module {
        naga::front::wgsl::parse_str(src).unwrap_or_else(|e| panic!("{}", e.emit_to_string(src)))
    }

    const USER: &str = "
var<private> scale: f32 = 2.0;
fn twice(x: f32) -> f32 { return x * scale; }
";

    fn user() -> (naga::Module, Stub<'static>, Stub<'static>) {
        let m = parse(USER);
        let f = m.functions.iter().find(|(_, f)| f.name.as_deref() == Some("twice")).unwrap().0;
        let g = m.global_variables.iter().next().unwrap().0;
        (m, Stub::Function("twice", f), Stub::Global("scale", g))
    }

    fn linked(kernel: &str, stubs: &[Stub]) -> Result<String, String> {
        let (mut m, ..) = user();
        link(&mut m, &parse(kernel), stubs)?;
        let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::empty())
            .validate(&m)
            .map_err(|e| e.emit_to_string(""))?;
        naga::back::wgsl::write_string(&m, &info, naga::back::wgsl::WriterFlags::empty()).map_err(|e| e.to_string())
    }

    const KERNEL: &str = "
struct Out { v: vec4<f32> }
var<private> scale: f32;
@group(0) @binding(0) var<storage, read_write> out: array<Out>;
fn twice(a0: f32) -> f32 { return 0.0; }
fn helper(i: u32) -> f32 { return twice(f32(i)) + scale; }
@compute @workgroup_size(1)
fn kernel_main(@builtin(global_invocation_id) id: vec3<u32>) {
    out[id.x] = Out(vec4<f32>(helper(id.x)));
}
";

    #[test]
    fn stubs_become_the_user_items() {
        let (_, f, g) = user();
        let wgsl = linked(KERNEL, &[f, g]).unwrap();
        // One `twice` (the user's, whose body reads `scale`) and one `scale`: the stubs are gone.
        assert_eq!(wgsl.matches("fn twice(").count(), 1, "{wgsl}");
        assert!(wgsl.contains("return (x * "), "{wgsl}");
        assert_eq!(wgsl.matches("var<private> scale").count(), 1, "{wgsl}");
        assert!(wgsl.contains("fn kernel_main("), "{wgsl}");
        // The kernel's own items are copied, calls and globals mapped.
        let parsed = parse(&wgsl);
        assert_eq!(parsed.entry_points.len(), 1);
        assert_eq!(parsed.functions.len(), 2);
    }

    #[test]
    fn a_stub_of_another_type_is_refused() {
        let (_, f, g) = user();
        let kernel = KERNEL.replace("var<private> scale: f32;", "var<private> scale: u32;").replace("+ scale", "+ f32(scale)");
        let e = linked(&kernel, &[f, g]).unwrap_err();
        assert!(e.contains("is not the user's"), "{e}");
        let kernel = KERNEL.replace("fn twice(a0: f32) -> f32 { return 0.0; }", "fn twice(a0: f32, b: f32) -> f32 { return 0.0; }");
        let kernel = kernel.replace("twice(f32(i))", "twice(f32(i), 1.0)");
        assert!(linked(&kernel, &[f, g]).unwrap_err().contains("signature"));
    }

    #[test]
    fn a_stub_the_kernel_lacks_is_refused() {
        let (_, f, g) = user();
        let kernel = KERNEL.replace("var<private> scale: f32;", "var<private> other: f32;").replace("+ scale", "+ other");
        assert!(linked(&kernel, &[f, g]).unwrap_err().contains("1 of 2 stubs"));
    }

    #[test]
    fn without_its_stubs_a_kernel_keeps_its_own_items() {
        // Nothing is linked by name alone: a kernel function named like a user function is a
        // second function (the writer renames one), not the user's.
        let wgsl = linked(KERNEL, &[]).unwrap();
        assert_eq!(wgsl.matches("fn twice").count(), 2, "{wgsl}");
    }

    /// A `Stub::Body` gives the user's empty function (a geometry stage's `EmitVertex`) the
    /// kernel function's body, which may use the user's globals through their stubs; a body
    /// that calls a function is refused (it could only call functions after the user's).
    #[test]
    fn a_body_stub_gives_the_user_function_the_kernel_body() {
        let user = "var<private> scale: f32 = 2.0;\nfn emit() {}\nfn twice(x: f32) -> f32 { emit(); return x * scale; }\n";
        let kernel = "var<private> scale: f32;\nfn gs_emit() { scale = 3.0; }\nfn twice(a0: f32) -> f32 { return 0.0; }\n\
                      @compute @workgroup_size(1)\nfn kernel_main() { _ = twice(1.0); }\n";
        let run = |kernel: &str| {
            let mut m = parse(user);
            let named = |n: &str| m.functions.iter().find(|(_, f)| f.name.as_deref() == Some(n)).map(|(h, _)| h).unwrap();
            let (emit, twice) = (named("emit"), named("twice"));
            let g = m.global_variables.iter().next().unwrap().0;
            let stubs = [Stub::Function("twice", twice), Stub::Global("scale", g), Stub::Body("gs_emit", emit)];
            link(&mut m, &parse(kernel), &stubs)?;
            let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::empty())
                .validate(&m)
                .map_err(|e| e.emit_to_string(""))?;
            naga::back::wgsl::write_string(&m, &info, naga::back::wgsl::WriterFlags::empty()).map_err(|e| e.to_string())
        };
        let wgsl = run(kernel).unwrap();
        let emit = &wgsl[wgsl.find("fn emit()").expect("the user's emit")..];
        let emit = &emit[..emit.find('}').unwrap()];
        assert!(emit.contains("scale = 3"), "the user's function has the kernel's body:\n{wgsl}");
        let calling = kernel.replace("fn gs_emit() { scale = 3.0; }", "fn other() {}\nfn gs_emit() { other(); }");
        assert!(run(&calling).unwrap_err().contains("calls a function"));
    }

    #[test]
    fn overrides_are_refused() {
        let kernel = format!("override k: f32 = 1.0;\n{KERNEL}").replace("+ scale", "+ scale * k");
        let (_, f, g) = user();
        assert!(linked(&kernel, &[f, g]).unwrap_err().contains("overrides"));
    }
}
