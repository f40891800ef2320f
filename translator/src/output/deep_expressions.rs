//! Names expressions nested too deeply for WGSL parsers, so naga's writer binds them with
//! `let` instead of writing one ever-deeper expression.
//!
//! naga's writer inlines an expression used once into its user, so a chain of dependent
//! operations (an unrolled loop: `x = x + c` two hundred times) comes out as one expression
//! nested two hundred parentheses deep. naga's own WGSL parser stops at a recursion depth of
//! 200, and wgpu parses the WGSL it is given, so such a (valid) pipeline could not be created;
//! deeper still, parsers overflow their stack.
//!
//! Invariant: in every function, no emitted expression that is not named is nested more than
//! [`MAX_INLINE_DEPTH`] operands deep in expressions that are not named. Names change only how
//! the WGSL is spelt, not what it computes (the writer evaluates a named expression where it
//! is emitted, which is where an inlined one would be evaluated: emitted expressions are pure
//! or already baked by the writer when not).

use naga::{Expression, Function, Handle, Module, SampleLevel, TypeInner};

/// Nesting depth at which an expression gets a name: far below naga's parser limit of 200
/// rules, which one nesting level can take several of.
pub const MAX_INLINE_DEPTH: u32 = 24;
const NAME: &str = "tesserae_deep";

pub fn name_deep_expressions(module: &mut Module) {
    let types = &module.types;
    let run = |f: &mut Function| {
        // An expression's operands come before it in the arena, so no expression of a
        // function with this few is nested deeper.
        if f.expressions.len() <= MAX_INLINE_DEPTH as usize {
            return;
        }
        // Per expression: its depth, and `POINTER` where it is a pointer.
        const POINTER: u32 = 1 << 31;
        let mut depth: Vec<u32> = Vec::with_capacity(f.expressions.len());
        let mut named = Vec::new();
        for (h, e) in f.expressions.iter() {
            let is_pointer = match *e {
                Expression::GlobalVariable(_) | Expression::LocalVariable(_) => true,
                Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => {
                    depth.get(base.index()).is_some_and(|d| d & POINTER != 0)
                }
                Expression::FunctionArgument(i) => f
                    .arguments
                    .get(i as usize)
                    .is_some_and(|a| matches!(types[a.ty].inner, TypeInner::Pointer { .. } | TypeInner::ValuePointer { .. })),
                _ => false,
            };
            let mut d = 0;
            for_each_operand(e, |o| d = d.max(depth.get(o.index()).map_or(0, |d| d & !POINTER)));
            let mut d = d + 1;
            let already_named = !f.named_expressions.is_empty() && f.named_expressions.contains_key(&h);
            if already_named {
                d = 1;
            } else if d > MAX_INLINE_DEPTH && !is_pointer {
                named.push(h);
                d = 1;
            }
            depth.push(if is_pointer { d | POINTER } else { d });
        }
        for h in named {
            f.named_expressions.insert(h, NAME.into());
        }
    };
    for (_, f) in module.functions.iter_mut() {
        run(f);
    }
    for ep in &mut module.entry_points {
        run(&mut ep.function);
    }
}

/// Calls `visit` with each operand of `e` that can be inlined into it (the expressions that
/// nest in practice; the others count as leaves, which only makes the depth an
/// underestimate through them).
fn for_each_operand(e: &Expression, mut visit: impl FnMut(Handle<Expression>)) {
    let opt = |o: Option<Handle<Expression>>, visit: &mut dyn FnMut(Handle<Expression>)| {
        if let Some(o) = o {
            visit(o)
        }
    };
    match *e {
        Expression::Compose { ref components, .. } => components.iter().for_each(|c| visit(*c)),
        Expression::Access { base, index } => {
            visit(base);
            visit(index);
        }
        Expression::AccessIndex { base, .. } => visit(base),
        Expression::Splat { value, .. } => visit(value),
        Expression::Swizzle { vector, .. } => visit(vector),
        Expression::Load { pointer } => visit(pointer),
        Expression::Unary { expr, .. } | Expression::Derivative { expr, .. } | Expression::As { expr, .. } => visit(expr),
        Expression::Binary { left, right, .. } => {
            visit(left);
            visit(right);
        }
        Expression::Select { condition, accept, reject } => {
            visit(condition);
            visit(accept);
            visit(reject);
        }
        Expression::Relational { argument, .. } => visit(argument),
        Expression::Math { arg, arg1, arg2, arg3, .. } => {
            visit(arg);
            for a in [arg1, arg2, arg3] {
                opt(a, &mut visit);
            }
        }
        Expression::ImageSample { coordinate, array_index, offset, level, depth_ref, .. } => {
            visit(coordinate);
            for a in [array_index, offset, depth_ref] {
                opt(a, &mut visit);
            }
            match level {
                SampleLevel::Exact(l) | SampleLevel::Bias(l) => visit(l),
                SampleLevel::Gradient { x, y } => {
                    visit(x);
                    visit(y);
                }
                _ => {}
            }
        }
        Expression::ImageLoad { coordinate, array_index, sample, level, .. } => {
            visit(coordinate);
            for a in [array_index, sample, level] {
                opt(a, &mut visit);
            }
        }
        Expression::ArrayLength(e) => visit(e),
        _ => {}
    }
}
