//! Repairs of what naga's SPIR-V reader leaves incomplete in a module it reads, applied before
//! validation.
//!
//! - `modf` and `frexp` (glslang writes GLSL's `modf(x, out i)` and `frexp(x, out e)` as
//!   GLSL.std.450's `ModfStruct`/`FrexpStruct`): the reader makes them `Math { Modf | Frexp }`,
//!   whose result is one of WGSL's predeclared structs (`__modf_result_f32`...), but does not
//!   register that type in the module, so validation fails ("special type is not registered")
//!   on a valid shader. Each one used is registered here.

use naga::proc::{ResolveContext, TypeResolution};
use naga::{Expression, MathFunction, PredeclaredType, TypeInner};

/// Applies every repair to `module`.
pub fn repair(module: &mut naga::Module) {
    register_modf_frexp_results(module);
}

fn register_modf_frexp_results(module: &mut naga::Module) {
    let uses = |f: &naga::Function| {
        f.expressions.iter().any(|(_, e)| matches!(e, Expression::Math { fun: MathFunction::Modf | MathFunction::Frexp, .. }))
    };
    if !module.functions.iter().map(|(_, f)| f).chain(module.entry_points.iter().map(|e| &e.function)).any(uses) {
        return;
    }
    // Resolving a function's expressions stops at the first call whose result type is
    // missing; its argument's type says which to register. Repeat until none is missing.
    loop {
        let mut needed: Option<PredeclaredType> = None;
        let functions = module.functions.iter().map(|(_, f)| f).chain(module.entry_points.iter().map(|e| &e.function));
        'functions: for f in functions.filter(|f| uses(f)) {
            let ctx = ResolveContext::with_locals(module, &f.local_variables, &f.arguments);
            let mut resolved: Vec<TypeResolution> = Vec::with_capacity(f.expressions.len());
            for (_, e) in f.expressions.iter() {
                match ctx.resolve(e, |h| resolved.get(h.index()).ok_or(naga::proc::ResolveError::MissingSpecialType)) {
                    Ok(r) => resolved.push(r),
                    Err(_) => {
                        let Expression::Math { fun: fun @ (MathFunction::Modf | MathFunction::Frexp), arg, .. } = *e else {
                            break 'functions;
                        };
                        let Some(arg) = resolved.get(arg.index()) else { break 'functions };
                        let (size, scalar) = match arg.inner_with(&module.types) {
                            TypeInner::Scalar(s) => (None, *s),
                            TypeInner::Vector { size, scalar } => (Some(*size), *scalar),
                            _ => break 'functions,
                        };
                        needed = Some(match fun {
                            MathFunction::Modf => PredeclaredType::ModfResult { size, scalar },
                            _ => PredeclaredType::FrexpResult { size, scalar },
                        });
                        break 'functions;
                    }
                }
            }
        }
        match needed {
            Some(t) if !module.special_types.predeclared_types.contains_key(&t) => {
                module.generate_predeclared_type(t);
            }
            _ => return,
        }
    }
}
