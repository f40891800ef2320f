//! The vertex stage as an ordinary WGSL function, for the passes that call it themselves
//! (point expansion, the compute vertex stage of the primitive pass).
//!
//! [`from_entry`] turns the naga module's vertex entry point into `fn tesserae_vertex(...)`
//! whose arguments have no bindings and whose result is a struct with known member names
//! (`out{i}_member`) or a single value. The caller generates the entry point that calls it.

use crate::desc::Stage;
use crate::error::TranslateError;
use naga::{Binding, BuiltIn, Handle, ScalarKind, Span, Type, TypeInner};

pub const FUNCTION: &str = "tesserae_vertex";
/// Name the lowering gives the private array that holds the cull distances: WGSL has no
/// cull distance built-in, so the passes read it after calling [`FUNCTION`].
pub const CULL_GLOBAL: &str = "tesserae_cull_distance";

pub enum Arg {
    Location { location: u32, ty: Handle<Type> },
    VertexIndex { ty: Handle<Type> },
    InstanceIndex { ty: Handle<Type> },
}

pub struct Output {
    /// WGSL expression reading this output from `tesserae_out`.
    pub access: String,
    pub binding: Binding,
    pub ty: Handle<Type>,
}

pub struct VertexFunction {
    pub args: Vec<Arg>,
    pub outputs: Vec<Output>,
}

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
        outputs.push(Output { access: "tesserae_out".into(), binding: b, ty: result.ty });
        f.result = Some(naga::FunctionResult { ty: result.ty, binding: None });
    } else {
        let TypeInner::Struct { members, span } = module.types[result.ty].inner.clone() else {
            return Err(unsupported("a vertex result that is neither bound nor a struct"));
        };
        let mut new_members = Vec::new();
        for (i, m) in members.iter().enumerate() {
            let name = format!("out{i}_member");
            if let Some(b) = m.binding.clone() {
                outputs.push(Output { access: format!("tesserae_out.{name}"), binding: b, ty: m.ty });
            }
            new_members.push(naga::StructMember { name: Some(name), ty: m.ty, binding: None, offset: m.offset });
        }
        let t = module.types.insert(
            Type { name: Some("TesseraeVertexOut".into()), inner: TypeInner::Struct { members: new_members, span } },
            Span::UNDEFINED,
        );
        for (_, e) in f.expressions.iter_mut() {
            if let naga::Expression::Compose { ty, .. } = e {
                if *ty == result.ty {
                    *ty = t;
                }
            }
        }
        f.result = Some(naga::FunctionResult { ty: t, binding: None });
    }
    module.functions.append(f, Span::UNDEFINED);
    Ok(VertexFunction { args, outputs })
}

/// Validates the module (which now has no entry point) and writes it as WGSL.
pub fn module_wgsl(module: &naga::Module) -> Result<String, TranslateError> {
    crate::profile::phase("emulation: user module validate+write", || module_wgsl_unprofiled(module))
}

fn module_wgsl_unprofiled(module: &naga::Module) -> Result<String, TranslateError> {
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), crate::wgsl::capabilities())
        .validate(module)
        .map_err(|e| TranslateError::NagaValidation { stage: Stage::Vertex, message: e.emit_to_string("") })?;
    naga::back::wgsl::write_string(module, &info, naga::back::wgsl::WriterFlags::empty())
        .map_err(|e| TranslateError::NagaBackend { stage: Stage::Vertex, message: e.to_string() })
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

/// WGSL expression packing a scalar or vector value into a `vec4<f32>` record slot (integers
/// bitcast, missing components zero).
pub fn pack_vec4(module: &naga::Module, ty: Handle<Type>, value: &str) -> Result<String, TranslateError> {
    let (_, kind, n) = wgsl_type(module, ty)?;
    let (vec, zero) = match kind {
        ScalarKind::Uint => ("vec4<u32>", "0u"),
        ScalarKind::Sint => ("vec4<i32>", "0i"),
        _ => ("vec4<f32>", "0.0"),
    };
    let widened = if n == 4 { value.to_string() } else { format!("{vec}({value}, {})", vec![zero; 4 - n as usize].join(", ")) };
    Ok(if kind == ScalarKind::Float { widened } else { format!("bitcast<vec4<f32>>({widened})") })
}

/// The inverse of [`pack_vec4`]: the value of type `ty` stored in record slot `slot`.
pub fn unpack_vec4(module: &naga::Module, ty: Handle<Type>, slot: &str) -> Result<String, TranslateError> {
    let (_, kind, n) = wgsl_type(module, ty)?;
    let swizzle = ["x", "xy", "xyz", "xyzw"][(n as usize).clamp(1, 4) - 1];
    Ok(match kind {
        ScalarKind::Uint => format!("bitcast<vec4<u32>>({slot}).{swizzle}"),
        ScalarKind::Sint => format!("bitcast<vec4<i32>>({slot}).{swizzle}"),
        _ => format!("{slot}.{swizzle}"),
    })
}
