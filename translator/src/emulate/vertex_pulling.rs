//! Vertex pulling: the naga IR that fetches a vertex's attributes from the application's
//! vertex buffers bound as read-only storage (`array<u32>`) and calls the stage as a function
//! ([`crate::vertex_function`]) with them; the vertex index comes through the index buffer for
//! indexed draws (the template of [`crate::vertex_records`]).
//!
//! Bindings, in the emulation group ([`crate::emulation`]): vertex buffer `slot` at
//! `VERTEX_BUFFERS + slot`. Attributes are 4-byte aligned, or, for a format narrower than a
//! word, aligned to its size (read from the word holding them, shifted down). Missing
//! components take Vulkan's defaults (0, 0, 0, 1); an attribute converts to the input's type
//! as a WGSL constructor would.

use crate::desc::{StepMode, VertexBufferLayout, VertexFormat};
use crate::emulate::ir::{self, FunctionBuilder};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::vertex_function::{unsupported, Arg, VertexFunction};
use naga::{BinaryOperator, Expression, Handle, Literal, MathFunction, Module, Scalar, ScalarKind, TypeInner, VectorSize};

/// What pulling reads in the module: each pulled slot's buffer, and the half-float decoder
/// ([`HALF_DECODER`], where a 16-bit float format is pulled).
pub(crate) struct VertexBuffers {
    pub slots: Vec<(u32, Handle<naga::GlobalVariable>)>,
    pub half2: Option<Handle<naga::Function>>,
}

/// Vertex buffer slots the function's inputs read.
pub fn used_slots(func: &VertexFunction, layouts: &[VertexBufferLayout]) -> Result<Vec<u32>, TranslateError> {
    let mut slots = Vec::new();
    for a in &func.args {
        if let Arg::Location { location, .. } = a {
            let Some(slot) = layouts.iter().position(|b| b.attributes.iter().any(|x| x.location == *location)) else {
                return Err(TranslateError::InvalidDesc(format!("vertex input at location {location} has no attribute")));
            };
            if slot as u32 >= binding::MAX_VERTEX_BUFFERS {
                return Err(unsupported(format!(
                    "vertex buffer slot {slot} pulled from storage (at most {})",
                    binding::MAX_VERTEX_BUFFERS
                )));
            }
            if !slots.contains(&(slot as u32)) {
                slots.push(slot as u32);
            }
        }
    }
    slots.sort();
    Ok(slots)
}

/// Half floats decoded with integer operations: `unpack2x16float` needs naga's
/// `SHADER_FLOAT16_IN_FLOAT32`, which wgpu lacks on Mesa's Vulkan drivers without
/// `shader-f16`. Exact for every value: normals and infinities/NaNs by moving the bits,
/// subnormals as `m * 2^-24`.
pub(crate) const HALF_DECODER: &str = "fn tesserae_half(h: u32) -> f32 {
    let sign = (h & 0x8000u) << 16u;
    let e = (h >> 10u) & 0x1fu;
    let m = h & 0x3ffu;
    if e == 0u {
        return bitcast<f32>(sign | bitcast<u32>(f32(m) * 5.9604644775390625e-8));
    }
    if e == 31u {
        return bitcast<f32>(sign | 0x7f800000u | (m << 13u));
    }
    return bitcast<f32>(sign | ((e + 112u) << 23u) | (m << 13u));
}
fn tesserae_unpack_half2(w: u32) -> vec2<f32> {
    return vec2<f32>(tesserae_half(w & 0xffffu), tesserae_half(w >> 16u));
}
";

/// `tesserae_vb{slot}: array<u32>` for each slot, read-only storage at its emulation binding.
pub(crate) fn declare_vertex_buffers(module: &mut Module, e: Emulation, slots: &[u32]) -> Vec<(u32, Handle<naga::GlobalVariable>)> {
    slots
        .iter()
        .map(|&slot| {
            let binding = naga::ResourceBinding { group: e.group, binding: binding::VERTEX_BUFFERS + slot };
            let name = format!("tesserae_vb{slot}");
            (slot, ir::storage_array(module, &name, TypeInner::Scalar(Scalar::U32), 4, naga::StorageAccess::LOAD, binding))
        })
        .collect()
}

/// Pulls the stage's inputs and calls it: its result.
pub(crate) fn call_stage(
    b: &mut FunctionBuilder,
    func: &VertexFunction,
    layouts: &[VertexBufferLayout],
    buffers: &VertexBuffers,
    vertex: Handle<Expression>,
    instance: Handle<Expression>,
) -> Result<Handle<Expression>, TranslateError> {
    let mut arguments = Vec::new();
    for a in &func.args {
        arguments.push(match *a {
            Arg::Location { location, ty } => {
                let (value, kind) = pull(b, location, layouts, buffers, vertex, instance)?;
                convert(b, value, kind, 4, ty)?
            }
            Arg::VertexIndex { ty } => convert(b, vertex, ScalarKind::Uint, 1, ty)?,
            Arg::InstanceIndex { ty } => convert(b, instance, ScalarKind::Uint, 1, ty)?,
        });
    }
    b.call(func.handle, arguments).ok_or_else(|| unsupported("a vertex stage without outputs"))
}

/// The attribute at `location` as a `vec4` of the format's kind (Vulkan's defaults (0, 0, 0, 1)
/// for missing components), read from its vertex buffer.
fn pull(
    b: &mut FunctionBuilder,
    location: u32,
    layouts: &[VertexBufferLayout],
    buffers: &VertexBuffers,
    vertex: Handle<Expression>,
    instance: Handle<Expression>,
) -> Result<(Handle<Expression>, ScalarKind), TranslateError> {
    let (slot, attr) = layouts
        .iter()
        .enumerate()
        .find_map(|(s, l)| l.attributes.iter().find(|x| x.location == location).map(|x| (s as u32, x)))
        .ok_or_else(|| TranslateError::InvalidDesc(format!("vertex input at location {location} has no attribute")))?;
    let layout = &layouts[slot as usize];
    let buffer = buffers
        .slots
        .iter()
        .find(|v| v.0 == slot)
        .map(|v| v.1)
        .ok_or_else(|| TranslateError::InvalidPlan(format!("vertex buffer slot {slot} is read but not among the pass's slots")))?;
    let element = match layout.step_mode {
        StepMode::Vertex => vertex,
        StepMode::Instance => instance,
    };
    let size = attr.format.size();
    let (word, shift) = if layout.stride % 4 == 0 && attr.offset % 4 == 0 {
        let stride = b.u32(layout.stride / 4);
        let first = b.binary(BinaryOperator::Multiply, element, stride);
        (b.offset(first, attr.offset / 4), None)
    } else if size < 4 && layout.stride % size == 0 && attr.offset % size == 0 {
        // A narrow format aligned to its size lies within one word.
        let stride = b.u32(layout.stride);
        let first = b.binary(BinaryOperator::Multiply, element, stride);
        let byte = b.offset(first, attr.offset);
        let four = b.u32(4);
        let word = b.binary(BinaryOperator::Divide, byte, four);
        let (three, eight) = (b.u32(3), b.u32(8));
        let in_word = b.binary(BinaryOperator::And, byte, three);
        (word, Some(b.binary(BinaryOperator::Multiply, in_word, eight)))
    } else {
        return Err(unsupported("vertex attributes not aligned to 4 bytes (or to their size, narrower) when pulled from storage"));
    };
    decode(b, attr.format, buffer, word, shift, buffers.half2)
}

/// `format` decoded from word `word` of `buffer` on (shifted down by `shift` bits, for a
/// format narrower than a word), widened to a vec4 with Vulkan's defaults (0, 0, 0, 1).
fn decode(
    b: &mut FunctionBuilder,
    format: VertexFormat,
    buffer: Handle<naga::GlobalVariable>,
    word: Handle<Expression>,
    shift: Option<Handle<Expression>>,
    half2: Option<Handle<naga::Function>>,
) -> Result<(Handle<Expression>, ScalarKind), TranslateError> {
    use VertexFormat::*;
    let read = |b: &mut FunctionBuilder, i: u32| {
        let index = b.offset(word, i);
        let w = b.load_element(buffer, index);
        match shift {
            Some(s) => b.binary(BinaryOperator::ShiftRight, w, s),
            None => w,
        }
    };
    let unpack =
        |b: &mut FunctionBuilder, fun: MathFunction, arg| b.expr(Expression::Math { fun, arg, arg1: None, arg2: None, arg3: None });
    let half2 = |b: &mut FunctionBuilder, w| {
        half2
            .and_then(|f| b.call(f, vec![w]))
            .ok_or_else(|| TranslateError::InvalidPlan("a 16-bit float attribute without the half decoder".into()))
    };
    // Each 32-bit component is a word, bitcast from u32 to its kind.
    let words = |b: &mut FunctionBuilder, kind: ScalarKind| {
        let n = format.size() / 4;
        let parts = (0..n)
            .map(|i| {
                let w = read(b, i);
                if kind == ScalarKind::Uint {
                    w
                } else {
                    b.bitcast(w, kind)
                }
            })
            .collect();
        (kind, parts, n)
    };
    let (kind, parts, components): (ScalarKind, Vec<Handle<Expression>>, u32) = match format {
        Float32 | Float32x2 | Float32x3 | Float32x4 => words(b, ScalarKind::Float),
        Uint32 | Uint32x2 | Uint32x3 | Uint32x4 => words(b, ScalarKind::Uint),
        Sint32 | Sint32x2 | Sint32x3 | Sint32x4 => words(b, ScalarKind::Sint),
        Unorm8x4 => {
            let w = read(b, 0);
            return Ok((unpack(b, MathFunction::Unpack4x8unorm, w), ScalarKind::Float));
        }
        Unorm8x4Bgra => {
            let w = read(b, 0);
            let v = unpack(b, MathFunction::Unpack4x8unorm, w);
            use naga::SwizzleComponent::*;
            return Ok((b.expr(Expression::Swizzle { size: VectorSize::Quad, vector: v, pattern: [Z, Y, X, W] }), ScalarKind::Float));
        }
        Snorm8x2 => {
            let w = read(b, 0);
            let v = unpack(b, MathFunction::Unpack4x8snorm, w);
            (ScalarKind::Float, vec![b.first_components(v, 2)], 2)
        }
        Uint8x2 => {
            let w = read(b, 0);
            let (mask, eight) = (b.u32(0xff), b.u32(8));
            let low = b.binary(BinaryOperator::And, w, mask);
            let high = b.binary(BinaryOperator::ShiftRight, w, eight);
            (ScalarKind::Uint, vec![low, b.binary(BinaryOperator::And, high, mask)], 2)
        }
        Float16x2 => {
            let w = read(b, 0);
            (ScalarKind::Float, vec![half2(b, w)?], 2)
        }
        Float16x4 => {
            let (w0, w1) = (read(b, 0), read(b, 1));
            (ScalarKind::Float, vec![half2(b, w0)?, half2(b, w1)?], 4)
        }
    };
    Ok((widen_with_defaults(b, parts, components, kind), kind))
}

/// `vec4<kind>(parts.., 0, .., 1)`: the components after `components` are Vulkan's defaults.
fn widen_with_defaults(
    b: &mut FunctionBuilder,
    mut parts: Vec<Handle<Expression>>,
    components: u32,
    kind: ScalarKind,
) -> Handle<Expression> {
    let literal = |x: u32| match kind {
        ScalarKind::Float => Literal::F32(x as f32),
        ScalarKind::Sint => Literal::I32(x as i32),
        _ => Literal::U32(x),
    };
    for c in components..4 {
        parts.push(b.expr(Expression::Literal(literal(u32::from(c == 3)))));
    }
    let ty = b.ty(ir::vec4(kind));
    b.compose(ty, parts)
}

/// `value` (a vector of `n` components of 32-bit `kind`, or a scalar for `n` = 1) as the stage's
/// argument type `ty`: its first components, converted where the scalar differs.
fn convert(
    b: &mut FunctionBuilder,
    value: Handle<Expression>,
    kind: ScalarKind,
    n: u32,
    ty: Handle<naga::Type>,
) -> Result<Handle<Expression>, TranslateError> {
    let (components, scalar) = match b.module.types[ty].inner {
        TypeInner::Scalar(s) => (1, s),
        TypeInner::Vector { size, scalar } => (size as u32, scalar),
        ref other => return Err(unsupported(format!("a vertex input of type {other:?} when the vertex stage runs as a function"))),
    };
    let value = if components == n { value } else { b.first_components(value, components) };
    Ok(if scalar == (Scalar { kind, width: 4 }) {
        value
    } else {
        b.expr(Expression::As { expr: value, kind: scalar.kind, convert: Some(scalar.width) })
    })
}
