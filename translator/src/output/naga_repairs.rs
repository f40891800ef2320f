//! Repairs of what naga's SPIR-V reader leaves incomplete in a module it reads, applied before
//! validation.
//!
//! - `modf` and `frexp` (glslang writes GLSL's `modf(x, out i)` and `frexp(x, out e)` as
//!   GLSL.std.450's `ModfStruct`/`FrexpStruct`): the reader makes them `Math { Modf | Frexp }`,
//!   whose result is one of WGSL's predeclared structs (`__modf_result_f32`...), but does not
//!   register that type in the module, so validation fails ("special type is not registered")
//!   on a valid shader. Each one used is registered here.
//! - `Centroid` and `Sample` interpolation: the reader gives a perspective-interpolated input or
//!   output (one without `NoPerspective` or `Flat`) the sampling `Center` even where it read
//!   `Centroid` or `Sample` (naga 30.0.2's `apply_default_interpolation` overwrites the sampling
//!   it read when the interpolation is unset), which moves a multisampled fragment's value to
//!   the pixel's centre. The sampling is restored from the module's decorations, by location.

use naga::proc::{ResolveContext, TypeResolution};
use naga::{Binding, Expression, MathFunction, PredeclaredType, Sampling, TypeInner};
use spirv::{Decoration, Op, StorageClass};

/// Applies every repair to `module`, read from the module `view` shows.
pub fn repair(module: &mut naga::Module, view: &crate::spirv_view::ModuleView) {
    register_modf_frexp_results(module);
    restore_sampling(module, view);
}

/// The interface variables of `view` decorated `Centroid` or `Sample`: (storage class,
/// location, sampling).
fn declared_sampling(view: &crate::spirv_view::ModuleView) -> Vec<(StorageClass, u32, Sampling)> {
    let decorated = |d: Decoration| {
        view.annotations()
            .filter(move |a| a.opcode == Op::Decorate && a.operands.get(1) == Some(&(d as u32)))
            .filter_map(|a| a.operands.first().copied())
    };
    let mut out = Vec::new();
    for (d, sampling) in [(Decoration::Centroid, Sampling::Centroid), (Decoration::Sample, Sampling::Sample)] {
        for id in decorated(d) {
            let location = view.annotations().find_map(|a| match (a.opcode, a.operands) {
                (Op::Decorate, [t, l, v, ..]) if *t == id && *l == Decoration::Location as u32 => Some(*v),
                _ => None,
            });
            let class = view.def(id).filter(|v| v.opcode == Op::Variable).and_then(|v| v.operands.first().copied());
            let class = match class {
                Some(c) if c == StorageClass::Input as u32 => StorageClass::Input,
                Some(c) if c == StorageClass::Output as u32 => StorageClass::Output,
                _ => continue,
            };
            if let Some(location) = location {
                out.push((class, location, sampling));
            }
        }
    }
    out
}

/// `binding` with the declared sampling (of `class` variables), if the reader left the centre
/// there instead.
fn restored(binding: &Binding, declared: &[(StorageClass, u32, Sampling)], class: StorageClass) -> Option<Binding> {
    match *binding {
        Binding::Location {
            location,
            interpolation: Some(interpolation),
            sampling: None | Some(Sampling::Center),
            blend_src,
            per_primitive,
        } if interpolation != naga::Interpolation::Flat => {
            let sampling = declared.iter().find(|(c, l, _)| *c == class && *l == location).map(|(_, _, s)| *s)?;
            Some(Binding::Location { location, interpolation: Some(interpolation), sampling: Some(sampling), blend_src, per_primitive })
        }
        _ => None,
    }
}

fn restore_sampling(module: &mut naga::Module, view: &crate::spirv_view::ModuleView) {
    let declared = declared_sampling(view);
    if declared.is_empty() {
        return;
    }
    // A struct's members, restored: the struct replaced in the arena by the restored one (left
    // as it is in the unlikely case that an equal struct exists already).
    let restore_struct = |types: &mut naga::UniqueArena<naga::Type>, ty: naga::Handle<naga::Type>, class: StorageClass| {
        let mut new = types[ty].clone();
        let TypeInner::Struct { members, .. } = &mut new.inner else { return };
        let mut changed = false;
        for m in members.iter_mut() {
            if let Some(b) = m.binding.as_ref().and_then(|b| restored(b, &declared, class)) {
                m.binding = Some(b);
                changed = true;
            }
        }
        if changed && types.get(&new).is_none() {
            types.replace(ty, new);
        }
    };
    for ep in &mut module.entry_points {
        for arg in &mut ep.function.arguments {
            match arg.binding.as_ref() {
                Some(b) => {
                    if let Some(b) = restored(b, &declared, StorageClass::Input) {
                        arg.binding = Some(b);
                    }
                }
                None => restore_struct(&mut module.types, arg.ty, StorageClass::Input),
            }
        }
        if let Some(result) = &mut ep.function.result {
            match result.binding.as_ref() {
                Some(b) => {
                    if let Some(b) = restored(b, &declared, StorageClass::Output) {
                        result.binding = Some(b);
                    }
                }
                None => restore_struct(&mut module.types, result.ty, StorageClass::Output),
            }
        }
    }
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
