//! Building a naga function by hand: what the emulation's generated code is made of where it
//! depends on the pipeline (the user's types, the record layout), so that no WGSL text is
//! written from the user's module and parsed back.
//!
//! Invariants:
//! - Every expression that needs emitting is covered by exactly one `Emit` statement, placed
//!   before the first statement that uses it: the builder keeps an emitter running and closes
//!   it before each statement and before each expression that must not be emitted
//!   (`needs_pre_emit`, `CallResult`).
//! - Types are interned in the module the function goes into (`UniqueArena::insert`); a type
//!   of another module is brought over by [`copy_type`], so no handle of one module is used in
//!   another.

use crate::error::TranslateError;
use naga::{
    BinaryOperator, Block, Expression, Function, FunctionArgument, FunctionResult, Handle, Literal, Module, Scalar, ScalarKind, Span,
    Statement, Type, TypeInner, VectorSize,
};

/// A function under construction in `module`.
pub(crate) struct FunctionBuilder<'m> {
    pub module: &'m mut Module,
    function: Function,
    block: Block,
    emitter: naga::proc::Emitter,
}

impl<'m> FunctionBuilder<'m> {
    pub fn new(module: &'m mut Module, name: &str, arguments: Vec<FunctionArgument>, result: Option<FunctionResult>) -> Self {
        let function = Function { name: Some(name.into()), arguments, result, ..Function::default() };
        let mut b = FunctionBuilder { module, function, block: Block::new(), emitter: naga::proc::Emitter::default() };
        b.emitter.start(&b.function.expressions);
        b
    }

    /// The type `inner`, interned in the module.
    pub fn ty(&mut self, inner: TypeInner) -> Handle<Type> {
        ty(self.module, inner)
    }

    fn close_emit(&mut self) {
        if let Some((s, span)) = self.emitter.finish(&self.function.expressions) {
            self.block.push(s, span);
        }
    }

    /// Appends `e`, emitted where it needs to be.
    pub fn expr(&mut self, e: Expression) -> Handle<Expression> {
        if e.needs_pre_emit() || matches!(e, Expression::CallResult(_)) {
            self.close_emit();
            let h = self.function.expressions.append(e, Span::UNDEFINED);
            self.emitter.start(&self.function.expressions);
            h
        } else {
            self.function.expressions.append(e, Span::UNDEFINED)
        }
    }

    /// Appends `s` after the expressions so far.
    pub fn statement(&mut self, s: Statement) {
        self.close_emit();
        self.block.push(s, Span::UNDEFINED);
        self.emitter.start(&self.function.expressions);
    }

    pub fn argument(&mut self, index: u32) -> Handle<Expression> {
        self.expr(Expression::FunctionArgument(index))
    }

    pub fn u32(&mut self, value: u32) -> Handle<Expression> {
        self.expr(Expression::Literal(Literal::U32(value)))
    }

    pub fn binary(&mut self, op: BinaryOperator, left: Handle<Expression>, right: Handle<Expression>) -> Handle<Expression> {
        self.expr(Expression::Binary { op, left, right })
    }

    /// `base + offset`, or `base` when `offset` is 0.
    pub fn offset(&mut self, base: Handle<Expression>, offset: u32) -> Handle<Expression> {
        if offset == 0 {
            return base;
        }
        let k = self.u32(offset);
        self.binary(BinaryOperator::Add, base, k)
    }

    /// Stores `value` in the global `global`.
    pub fn store_global(&mut self, global: Handle<naga::GlobalVariable>, value: Handle<Expression>) {
        let pointer = self.expr(Expression::GlobalVariable(global));
        self.store(pointer, value);
    }

    /// The value of the global `global`.
    pub fn load_global(&mut self, global: Handle<naga::GlobalVariable>) -> Handle<Expression> {
        let pointer = self.expr(Expression::GlobalVariable(global));
        self.expr(Expression::Load { pointer })
    }

    /// The value of global `global[index]` (a runtime-sized array in storage).
    pub fn load_element(&mut self, global: Handle<naga::GlobalVariable>, index: Handle<Expression>) -> Handle<Expression> {
        let pointer = self.element_pointer(global, index);
        self.expr(Expression::Load { pointer })
    }

    /// A 32-bit float literal.
    pub fn f32(&mut self, value: f32) -> Handle<Expression> {
        self.expr(Expression::Literal(Literal::F32(value)))
    }

    /// `vec4<f32>(parts..)` with the missing components 0.0 (`parts` are scalars or vectors
    /// of at most four components in all).
    pub fn widen_f32(&mut self, mut parts: Vec<Handle<Expression>>, components: u32) -> Handle<Expression> {
        for _ in components..4 {
            parts.push(self.f32(0.0));
        }
        let ty = self.ty(vec4(ScalarKind::Float));
        self.compose(ty, parts)
    }

    /// The first `n` components of `vector` (for `n` = 1, the first as a scalar).
    pub fn first_components(&mut self, vector: Handle<Expression>, n: u32) -> Handle<Expression> {
        match n {
            1 => self.expr(Expression::AccessIndex { base: vector, index: 0 }),
            n => {
                let size = vector_size(n);
                let pattern = [naga::SwizzleComponent::X, naga::SwizzleComponent::Y, naga::SwizzleComponent::Z, naga::SwizzleComponent::W];
                self.expr(Expression::Swizzle { size, vector, pattern })
            }
        }
    }

    /// `value`'s bits as `kind` (same width and shape).
    pub fn bitcast(&mut self, value: Handle<Expression>, kind: ScalarKind) -> Handle<Expression> {
        self.expr(Expression::As { expr: value, kind, convert: None })
    }

    pub fn compose(&mut self, ty: Handle<Type>, components: Vec<Handle<Expression>>) -> Handle<Expression> {
        self.expr(Expression::Compose { ty, components })
    }

    /// Calls `function`; its result, when it has one.
    pub fn call(&mut self, function: Handle<Function>, arguments: Vec<Handle<Expression>>) -> Option<Handle<Expression>> {
        let result = self.module.functions[function].result.is_some().then(|| self.expr(Expression::CallResult(function)));
        self.statement(Statement::Call { function, arguments, result });
        result
    }

    /// The statements `build` adds, as a block of their own.
    fn nested(&mut self, build: impl FnOnce(&mut Self)) -> Block {
        self.close_emit();
        let outer = std::mem::replace(&mut self.block, Block::new());
        self.emitter.start(&self.function.expressions);
        build(self);
        self.close_emit();
        let inner = std::mem::replace(&mut self.block, outer);
        self.emitter.start(&self.function.expressions);
        inner
    }

    /// `if condition { accept }`, `accept` adding its statements (and their expressions).
    pub fn if_then(&mut self, condition: Handle<Expression>, accept: impl FnOnce(&mut Self)) {
        let accept = self.nested(accept);
        self.statement(Statement::If { condition, accept, reject: Block::new() });
    }

    /// `for (var i = 0u; i < count; i++) { body(i) }`: `body` gets the value of `i`.
    pub fn for_count(&mut self, name: &str, count: u32, body: impl FnOnce(&mut Self, Handle<Expression>)) {
        let u32_ty = self.ty(TypeInner::Scalar(Scalar::U32));
        let zero = self.u32(0);
        let var = naga::LocalVariable { name: Some(name.into()), ty: u32_ty, init: None };
        let var = self.function.local_variables.append(var, Span::UNDEFINED);
        let pointer = self.expr(Expression::LocalVariable(var));
        self.statement(Statement::Store { pointer, value: zero });
        let body = self.nested(|b| {
            let i = b.expr(Expression::Load { pointer });
            let n = b.u32(count);
            let done = b.binary(BinaryOperator::GreaterEqual, i, n);
            let exit = b.nested(|b| b.statement(Statement::Break));
            b.statement(Statement::If { condition: done, accept: exit, reject: Block::new() });
            body(b, i);
        });
        let continuing = self.nested(|b| {
            let i = b.expr(Expression::Load { pointer });
            let one = b.u32(1);
            let next = b.binary(BinaryOperator::Add, i, one);
            b.statement(Statement::Store { pointer, value: next });
        });
        self.statement(Statement::Loop { body, continuing, break_if: None });
    }

    /// `*pointer = value`.
    pub fn store(&mut self, pointer: Handle<Expression>, value: Handle<Expression>) {
        self.statement(Statement::Store { pointer, value });
    }

    /// The pointer to `global[index]`.
    /// Stores `value` at `global[index]`.
    pub fn store_element(&mut self, global: Handle<naga::GlobalVariable>, index: Handle<Expression>, value: Handle<Expression>) {
        let pointer = self.element_pointer(global, index);
        self.store(pointer, value);
    }

    pub fn element_pointer(&mut self, global: Handle<naga::GlobalVariable>, index: Handle<Expression>) -> Handle<Expression> {
        let base = self.expr(Expression::GlobalVariable(global));
        self.expr(Expression::Access { base, index })
    }

    pub fn ret(&mut self, value: Option<Handle<Expression>>) {
        self.statement(Statement::Return { value });
    }

    /// Finishes the function as an entry point of the module, named as the function.
    pub fn finish_entry_point(mut self, stage: naga::ShaderStage, workgroup_size: [u32; 3]) {
        self.close_emit();
        self.function.body = std::mem::take(&mut self.block);
        let function = std::mem::take(&mut self.function);
        self.module.entry_points.push(naga::EntryPoint {
            name: function.name.clone().unwrap_or_default(),
            stage,
            early_depth_test: None,
            workgroup_size,
            workgroup_size_overrides: None,
            function,
            mesh_info: None,
            task_payload: None,
            incoming_ray_payload: None,
        });
    }
    /// Finishes the function as the body of `function`, which keeps its name and signature
    /// (a function the user's code calls, whose body the emulation gives).
    pub fn finish_as(mut self, function: Handle<Function>) {
        self.close_emit();
        let target = &mut self.module.functions[function];
        target.local_variables = std::mem::take(&mut self.function.local_variables);
        target.expressions = std::mem::take(&mut self.function.expressions);
        target.named_expressions = std::mem::take(&mut self.function.named_expressions);
        target.body = std::mem::take(&mut self.block);
    }
}

/// Moves the functions from index `first` on (a template linked into the module) ahead of
/// the others, renumbering every call: naga requires a callee to come before its caller, and
/// a function of the user's module (the body of a geometry stage's `EmitVertex`) calls
/// the template's. The moved functions must call none of the others. Returns each function's
/// new handle, by its old index.
pub(crate) fn hoist_functions(module: &mut Module, first: usize) -> Vec<Handle<Function>> {
    let old: Vec<(Function, Span)> = module.functions.drain().map(|(_, f, span)| (f, span)).collect();
    let (mut before, moved): (Vec<_>, Vec<_>) = old.into_iter().enumerate().partition(|(i, _)| *i < first);
    let mut renumbered = vec![None; before.len() + moved.len()];
    for (i, (f, span)) in moved.into_iter().chain(before.drain(..)) {
        renumbered[i] = Some(module.functions.append(f, span));
    }
    let renumbered: Vec<Handle<Function>> = renumbered.into_iter().flatten().collect();
    let new = |h: Handle<Function>| renumbered.get(h.index()).copied().unwrap_or(h);
    let functions = module.functions.iter_mut().map(|(_, f)| f);
    for f in functions.chain(module.entry_points.iter_mut().map(|ep| &mut ep.function)) {
        for (_, e) in f.expressions.iter_mut() {
            if let Expression::CallResult(h) = e {
                *h = new(*h);
            }
        }
        renumber_calls(&mut f.body, &new);
    }
    renumbered
}

/// Gives every call in `block` (nested blocks included) the function `new` maps its callee to.
pub(crate) fn renumber_calls(block: &mut Block, new: &impl Fn(Handle<Function>) -> Handle<Function>) {
    for s in block.iter_mut() {
        match s {
            Statement::Call { function, .. } => *function = new(*function),
            Statement::Block(b) => renumber_calls(b, new),
            Statement::If { accept, reject, .. } => {
                renumber_calls(accept, new);
                renumber_calls(reject, new);
            }
            Statement::Switch { cases, .. } => cases.iter_mut().for_each(|c| renumber_calls(&mut c.body, new)),
            Statement::Loop { body, continuing, .. } => {
                renumber_calls(body, new);
                renumber_calls(continuing, new);
            }
            // The rest refer to expressions of the function only (listed, so that a new kind
            // of statement is looked at here).
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

pub(crate) fn vector_size(n: u32) -> VectorSize {
    match n {
        2 => VectorSize::Bi,
        3 => VectorSize::Tri,
        _ => VectorSize::Quad,
    }
}

/// `vec4<kind>` (32-bit components).
pub(crate) fn vec4(kind: ScalarKind) -> TypeInner {
    TypeInner::Vector { size: VectorSize::Quad, scalar: Scalar { kind, width: 4 } }
}

/// Type `ty` of module `from`, brought into `to` (its parts first; names and layouts kept).
pub(crate) fn copy_type(from: &Module, ty: Handle<Type>, to: &mut Module) -> Handle<Type> {
    let t = &from.types[ty];
    let inner = match &t.inner {
        TypeInner::Array { base, size, stride } => TypeInner::Array { base: copy_type(from, *base, to), size: *size, stride: *stride },
        TypeInner::Struct { members, span } => TypeInner::Struct {
            members: members.iter().map(|m| naga::StructMember { ty: copy_type(from, m.ty, to), ..m.clone() }).collect(),
            span: *span,
        },
        inner => inner.clone(),
    };
    to.types.insert(Type { name: t.name.clone(), inner }, from.types.get_span(ty))
}

/// A struct of `members` (name, type, binding) in `module`, laid out as WGSL lays it out; an
/// error names a member type naga cannot lay out.
pub(crate) fn io_struct(
    module: &mut Module,
    name: &str,
    members: Vec<(String, Handle<Type>, naga::Binding)>,
) -> Result<Handle<Type>, String> {
    let mut layouter = naga::proc::Layouter::default();
    layouter.update(module.to_ctx()).map_err(|e| format!("laying out `{name}`: {e}"))?;
    let mut offset = 0;
    let mut alignment = naga::proc::Alignment::ONE;
    let mut placed = Vec::new();
    for (name, ty, binding) in members {
        let l = layouter[ty];
        offset = l.alignment.round_up(offset);
        alignment = alignment.max(l.alignment);
        placed.push(naga::StructMember { name: Some(name), ty, binding: Some(binding), offset });
        offset += l.size;
    }
    let span = alignment.round_up(offset);
    Ok(module.types.insert(Type { name: Some(name.into()), inner: TypeInner::Struct { members: placed, span } }, Span::UNDEFINED))
}
/// The value of the draw uniform's field `name`.
pub(crate) fn draw_field(
    b: &mut FunctionBuilder,
    draw: Handle<naga::GlobalVariable>,
    name: &str,
) -> Result<Handle<Expression>, TranslateError> {
    let index = crate::draw_uniform::FIELDS
        .iter()
        .position(|f| f.0 == name)
        .ok_or_else(|| TranslateError::InvalidPlan(format!("the draw uniform has no `{name}`")))? as u32;
    let draw = b.expr(Expression::GlobalVariable(draw));
    let pointer = b.expr(Expression::AccessIndex { base: draw, index });
    Ok(b.expr(Expression::Load { pointer }))
}

/// The type `inner`, interned in `module`.
pub(crate) fn ty(module: &mut Module, inner: TypeInner) -> Handle<Type> {
    module.types.insert(Type { name: None, inner }, Span::UNDEFINED)
}

/// The scalar type `scalar`, interned in `module`.
pub(crate) fn scalar(module: &mut Module, scalar: Scalar) -> Handle<Type> {
    ty(module, TypeInner::Scalar(scalar))
}

/// An entry point argument `name: ty` bound to `builtin`.
pub(crate) fn builtin_argument(name: &str, ty: Handle<Type>, builtin: naga::BuiltIn) -> FunctionArgument {
    FunctionArgument { name: Some(name.into()), ty, binding: Some(naga::Binding::BuiltIn(builtin)) }
}

/// A compute entry point's `(workgroup_id, num_workgroups, local_invocation_index)` arguments,
/// as the passes that number their work by workgroup take them.
pub(crate) fn workgroup_arguments(module: &mut Module) -> Vec<FunctionArgument> {
    let u32x3 = ty(module, TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::U32 });
    let u32_ty = scalar(module, Scalar::U32);
    vec![
        builtin_argument("tesserae_wg", u32x3, naga::BuiltIn::WorkGroupId),
        builtin_argument("tesserae_groups", u32x3, naga::BuiltIn::NumWorkGroups),
        builtin_argument("tesserae_lid", u32_ty, naga::BuiltIn::LocalInvocationIndex),
    ]
}

/// `@location(location)` with this interpolation.
pub(crate) fn location(location: u32, interpolation: Option<naga::Interpolation>, sampling: Option<naga::Sampling>) -> naga::Binding {
    naga::Binding::Location { location, interpolation, sampling, blend_src: None, per_primitive: false }
}

/// `kept && !(d < 0.0)` for each distance `d` (a NaN keeps the primitive, as a comparison
/// with zero finds no negative NaN): whether no distance is negative.
pub(crate) fn none_negative(b: &mut FunctionBuilder, distances: Vec<Handle<Expression>>) -> Handle<Expression> {
    let mut kept = b.expr(Expression::Literal(Literal::Bool(true)));
    for d in distances {
        let zero = b.f32(0.0);
        let negative = b.binary(BinaryOperator::Less, d, zero);
        let not_negative = b.expr(Expression::Unary { op: naga::UnaryOperator::LogicalNot, expr: negative });
        kept = b.binary(BinaryOperator::LogicalAnd, kept, not_negative);
    }
    kept
}

/// The function named `name` in a template's module (an emulation name: never looked up in
/// the user's items).
pub(crate) fn template_function(module: &Module, name: &str) -> Result<Handle<Function>, TranslateError> {
    let found = module.functions.iter().find(|(_, f)| f.name.as_deref() == Some(name)).map(|(h, _)| h);
    found.ok_or_else(|| TranslateError::InvalidPlan(format!("a template lacks the function `{name}`")))
}

/// The global named `name` in a template's module.
pub(crate) fn template_global(module: &Module, name: &str) -> Result<Handle<naga::GlobalVariable>, TranslateError> {
    let found = module.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some(name)).map(|(h, _)| h);
    found.ok_or_else(|| TranslateError::InvalidPlan(format!("a template lacks the global `{name}`")))
}

/// Gives `global` the binding `binding` of the emulation group `group` (a template's
/// placeholder bound for the pipeline).
pub(crate) fn bind(module: &mut Module, global: Handle<naga::GlobalVariable>, group: u32, binding: u32) {
    module.global_variables[global].binding = Some(naga::ResourceBinding { group, binding });
}

/// A storage buffer `name: array<element>` (runtime-sized, `stride` bytes apart) at `binding`.
pub(crate) fn storage_array(
    module: &mut Module,
    name: &str,
    element: TypeInner,
    stride: u32,
    access: naga::StorageAccess,
    binding: naga::ResourceBinding,
) -> Handle<naga::GlobalVariable> {
    let base = module.types.insert(Type { name: None, inner: element }, Span::UNDEFINED);
    let array = TypeInner::Array { base, size: naga::ArraySize::Dynamic, stride };
    let ty = module.types.insert(Type { name: None, inner: array }, Span::UNDEFINED);
    let g = naga::GlobalVariable {
        name: Some(name.into()),
        space: naga::AddressSpace::Storage { access },
        binding: Some(binding),
        ty,
        init: None,
        memory_decorations: naga::MemoryDecorations::empty(),
    };
    module.global_variables.append(g, Span::UNDEFINED)
}

/// Adds a compute entry point `name` of `workgroup` invocations that calls `function` (whose
/// arguments are the global invocation id, then `u32`s) with its invocation id and `values`.
pub(crate) fn compute_entry_calling(module: &mut Module, name: &str, workgroup: u32, function: Handle<Function>, values: &[u32]) {
    let u32x3 = ty(module, TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::U32 });
    let gid = builtin_argument("gid", u32x3, naga::BuiltIn::GlobalInvocationId);
    compute_entry_passing(module, name, workgroup, function, vec![gid], values);
}

/// Adds a compute entry point `name` of `workgroup` invocations whose `arguments` (built-ins)
/// `function` takes first, then `values` as `u32`s.
pub(crate) fn compute_entry_passing(
    module: &mut Module,
    name: &str,
    workgroup: u32,
    function: Handle<Function>,
    arguments: Vec<FunctionArgument>,
    values: &[u32],
) {
    let count = arguments.len() as u32;
    let mut b = FunctionBuilder::new(module, name, arguments, None);
    let mut passed: Vec<_> = (0..count).map(|i| b.argument(i)).collect();
    passed.extend(values.iter().map(|&v| b.u32(v)));
    b.call(function, passed);
    b.finish_entry_point(naga::ShaderStage::Compute, [workgroup, 1, 1]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use naga::{Binding, BuiltIn};

    fn validate(module: &Module) -> naga::valid::ModuleInfo {
        naga::valid::Validator::new(naga::valid::ValidationFlags::all(), crate::wgsl::capabilities())
            .validate(module)
            .unwrap_or_else(|e| panic!("{}", e.emit_to_string("")))
    }

    /// The oracle is naga's WGSL front end laying out the same struct.
    #[test]
    fn io_structs_are_laid_out_as_the_wgsl_front_end_lays_them_out() {
        let wgsl = "struct S { @builtin(position) p: vec4<f32>, @location(0) a: f32, @location(1) b: vec3<f32>, \
                    @location(2) @interpolate(flat) c: vec2<i32>, @location(3) d: f32 }
                    @vertex fn main() -> S { return S(); }";
        let parsed = naga::front::wgsl::parse_str(wgsl).unwrap();
        let (_, expected) = parsed.types.iter().find(|(_, t)| t.name.as_deref() == Some("S")).unwrap();
        let mut module = Module::default();
        let mut ty = |inner| module.types.insert(Type { name: None, inner }, Span::UNDEFINED);
        let (f, f3, i2) = (
            ty(TypeInner::Scalar(Scalar::F32)),
            ty(TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::F32 }),
            ty(TypeInner::Vector { size: VectorSize::Bi, scalar: Scalar::I32 }),
        );
        let f4 = module.types.insert(Type { name: None, inner: vec4(ScalarKind::Float) }, Span::UNDEFINED);
        let at = |location| Binding::Location { location, interpolation: None, sampling: None, blend_src: None, per_primitive: false };
        let members = vec![
            ("p".to_string(), f4, Binding::BuiltIn(BuiltIn::Position { invariant: false })),
            ("a".to_string(), f, at(0)),
            ("b".to_string(), f3, at(1)),
            ("c".to_string(), i2, at(2)),
            ("d".to_string(), f, at(3)),
        ];
        let built = io_struct(&mut module, "S", members).unwrap();
        let (TypeInner::Struct { members: want, span: want_span }, TypeInner::Struct { members: got, span: got_span }) =
            (&expected.inner, &module.types[built].inner)
        else {
            panic!("not structs")
        };
        assert_eq!(got.iter().map(|m| m.offset).collect::<Vec<_>>(), want.iter().map(|m| m.offset).collect::<Vec<_>>());
        assert_eq!(got_span, want_span);
    }

    /// Branches, a counted loop, calls and stores come out as a function naga validates (every
    /// expression emitted once, before its use) and writes.
    #[test]
    fn built_control_flow_validates() {
        let wgsl = "@group(0) @binding(0) var<storage, read_write> words: array<u32>;
                    fn twice(x: u32) -> u32 { return x * 2u; }";
        let mut module = naga::front::wgsl::parse_str(wgsl).unwrap();
        let words = module.global_variables.iter().next().unwrap().0;
        let twice = module.functions.iter().next().unwrap().0;
        compute_entry_calling(&mut module, "unused_caller", 1, twice, &[]);
        module.entry_points.clear();
        let u32x3 = module
            .types
            .insert(Type { name: None, inner: TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::U32 } }, Span::UNDEFINED);
        let gid = FunctionArgument { name: Some("gid".into()), ty: u32x3, binding: Some(Binding::BuiltIn(BuiltIn::GlobalInvocationId)) };
        let mut b = FunctionBuilder::new(&mut module, "main", vec![gid], None);
        let gid = b.argument(0);
        let x = b.expr(Expression::AccessIndex { base: gid, index: 0 });
        let ten = b.u32(10);
        let past = b.binary(BinaryOperator::GreaterEqual, x, ten);
        b.if_then(past, |b| b.ret(None));
        let doubled = b.call(twice, vec![x]).unwrap();
        b.for_count("i", 4, |b, i| {
            let at = b.binary(BinaryOperator::Add, doubled, i);
            b.store_element(words, at, i);
        });
        let last = b.load_element(words, doubled);
        b.store_element(words, x, last);
        b.finish_entry_point(naga::ShaderStage::Compute, [1, 1, 1]);
        let info = validate(&module);
        let text = naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty()).unwrap();
        assert!(text.contains("loop {") && text.contains("twice("), "{text}");
    }

    /// A type copied to another module keeps its names and layout, its parts first.
    #[test]
    fn copied_types_keep_names_and_layout() {
        let from =
            naga::front::wgsl::parse_str("struct Inner { a: vec3<f32>, b: u32 } struct Outer { x: array<Inner, 2>, y: f32 }").unwrap();
        let (outer, _) = from.types.iter().find(|(_, t)| t.name.as_deref() == Some("Outer")).unwrap();
        let mut to = Module::default();
        let copied = copy_type(&from, outer, &mut to);
        let TypeInner::Struct { members, span } = &to.types[copied].inner else { panic!("not a struct") };
        let TypeInner::Struct { members: original, span: original_span } = &from.types[outer].inner else { panic!("not a struct") };
        assert_eq!(span, original_span);
        assert_eq!(
            members.iter().map(|m| (m.name.clone(), m.offset)).collect::<Vec<_>>(),
            original.iter().map(|m| (m.name.clone(), m.offset)).collect::<Vec<_>>()
        );
        let TypeInner::Array { base, stride, .. } = to.types[members[0].ty].inner else { panic!("not an array") };
        let TypeInner::Array { stride: original_stride, .. } = from.types[original[0].ty].inner else { panic!("not an array") };
        assert_eq!(stride, original_stride);
        assert_eq!(to.types[base].name.as_deref(), Some("Inner"));
    }

    /// A user function given a body that calls a template's function validates once the
    /// template's functions are hoisted, and every call (the user's own, the entry point's)
    /// follows its callee to its new handle.
    #[test]
    fn hoisted_functions_may_be_called_by_the_users() {
        let mut module = naga::front::wgsl::parse_str(
            "var<private> x: u32;
             fn emit() {}
             fn user_main() { emit(); emit(); }
             @compute @workgroup_size(1) fn main() { user_main(); }",
        )
        .unwrap();
        let template = naga::front::wgsl::parse_str("fn bump(by: u32) -> u32 { return by + 1u; }").unwrap();
        let linked = crate::link::link(&mut module, &template).unwrap();
        let user_functions = 2;
        let renumbered = hoist_functions(&mut module, user_functions);
        let bump = renumbered[linked.function(template.functions.iter().next().unwrap().0).index()];
        assert_eq!(bump.index(), 0);
        let emit = module.functions.iter().find(|(_, f)| f.name.as_deref() == Some("emit")).unwrap().0;
        let x = module.global_variables.iter().next().unwrap().0;
        let mut b = FunctionBuilder::new(&mut module, "emit", Vec::new(), None);
        let pointer = b.expr(Expression::GlobalVariable(x));
        let old = b.expr(Expression::Load { pointer });
        let new = b.call(bump, vec![old]).unwrap();
        b.store(pointer, new);
        b.finish_as(emit);
        let info = validate(&module);
        let text = naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty()).unwrap();
        assert!(text.find("fn bump(").unwrap() < text.find("fn emit(").unwrap(), "{text}");
        assert!(text.contains("bump(") && text.matches("emit();").count() == 2 && text.contains("user_main();"), "{text}");
    }
}
