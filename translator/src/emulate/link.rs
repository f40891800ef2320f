//! Linking a template into a stage's naga module.
//!
//! A pass that runs a user stage as a function needs one module holding the user's code and
//! the pass's entry point. The pass's fixed code is a *template*: WGSL parsed once per process
//! (`wgsl::round_trip_template`) that names none of the user's items. [`link`] appends the
//! template's items to the module and returns where they went ([`Linked`]); the pass then
//! builds what depends on the user's types in naga IR ([`crate::emulate::ir`]), reaching the
//! template's items by handle.
//!
//! Invariants:
//! - Nothing is linked by name: a template item named like a user item is a second item (the
//!   writer renames one).
//! - A copied function keeps its expression and local-variable handles (its arenas are copied
//!   whole); only handles into the module's arenas (types, constants, globals, functions) are
//!   mapped. Global expressions are appended in order, so their handles map by one table.
//! - The template may use no overrides, diagnostic filters or special types: anything [`link`]
//!   does not map is refused, never copied with a handle that would point elsewhere.
//! - The caller validates the linked module as a whole before writing it.

use naga::{Expression, Function, GlobalVariable, Handle, Module, Span, Type, TypeInner};

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
/// points to `target`. An error is a translator bug (a template the linker does not take).
pub fn link(target: &mut Module, kernel: &Module) -> Result<Linked, String> {
    if !kernel.overrides.is_empty() || !kernel.diagnostic_filters.is_empty() || !kernel.special_types.predeclared_types.is_empty() {
        return Err("the kernel uses overrides, diagnostic filters or predeclared types".into());
    }
    let mut maps =
        Maps { types: Vec::new(), constants: Vec::new(), globals: Vec::new(), global_expressions: Vec::new(), functions: Vec::new() };
    for (_, ty) in kernel.types.iter() {
        let inner = map_type_inner(&ty.inner, &maps.types)?;
        maps.types.push(target.types.insert(Type { name: ty.name.clone(), inner }, Span::UNDEFINED));
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
        let g = GlobalVariable { ty: maps.types[g.ty.index()], init: g.init.map(|i| maps.global_expressions[i.index()]), ..g.clone() };
        maps.globals.push(target.global_variables.append(g, Span::UNDEFINED));
    }
    for (_, f) in kernel.functions.iter() {
        let f = map_function(f, &maps)?;
        maps.functions.push(target.functions.append(f, Span::UNDEFINED));
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
    crate::emulate::ir::renumber_calls(&mut f.body, &|h| maps.functions[h.index()]);
    Ok(f)
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
    use super::link;

    fn parse(src: &str) -> naga::Module {
        naga::front::wgsl::parse_str(src).unwrap_or_else(|e| panic!("{}", e.emit_to_string(src)))
    }

    const USER: &str = "
var<private> scale: f32 = 2.0;
fn twice(x: f32) -> f32 { return x * scale; }
";

    fn linked(kernel: &str) -> Result<String, String> {
        let mut m = parse(USER);
        link(&mut m, &parse(kernel))?;
        let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::empty())
            .validate(&m)
            .map_err(|e| e.emit_to_string(""))?;
        naga::back::wgsl::write_string(&m, &info, naga::back::wgsl::WriterFlags::empty()).map_err(|e| e.to_string())
    }

    const KERNEL: &str = "
struct Out { v: vec4<f32> }
const K: f32 = 0.5;
var<private> bias: f32 = 1.0;
@group(0) @binding(0) var<storage, read_write> out: array<Out>;
fn helper(i: u32) -> f32 { return f32(i) * K + bias; }
@compute @workgroup_size(1)
fn kernel_main(@builtin(global_invocation_id) id: vec3<u32>) {
    out[id.x] = Out(vec4<f32>(helper(id.x)));
}
";

    /// The oracle is naga's validator and its WGSL front end reading the linked module back:
    /// the template's types, constants, globals, calls and entry point all map onto the
    /// module's own handles.
    #[test]
    fn a_template_links_beside_the_user_items() {
        let wgsl = linked(KERNEL).unwrap();
        let parsed = parse(&wgsl);
        assert_eq!(parsed.entry_points.len(), 1);
        assert_eq!(parsed.functions.len(), 2, "{wgsl}");
        assert_eq!(parsed.global_variables.len(), 3, "{wgsl}");
        assert!(wgsl.contains("helper(id.x)") && wgsl.contains("(f32(i) * K)"), "{wgsl}");
    }

    #[test]
    fn nothing_is_linked_by_name() {
        // A template function named like a user function is a second function (the writer
        // renames one), not the user's.
        let wgsl = linked(&format!("{KERNEL}\nfn twice(a0: f32) -> f32 {{ return 0.0; }}\n")).unwrap();
        assert_eq!(wgsl.matches("fn twice").count(), 2, "{wgsl}");
    }

    #[test]
    fn overrides_are_refused() {
        let kernel = format!("override k: f32 = 1.0;\n{KERNEL}").replace("+ bias", "+ bias * k");
        assert!(linked(&kernel).unwrap_err().contains("overrides"));
    }
}
