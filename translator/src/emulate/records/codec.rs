//! The encoding of an interface value in record slots: each location-sized part (a scalar or
//! vector; a matrix column; an array element or struct member, recursively) takes one
//! `vec4<f32>` slot, in the order Vulkan assigns locations. Floats are stored as they are,
//! integers bitcast, booleans as 0 or 1 bitcast; missing components are zero. [`store`] and
//! [`load`] are inverses.

use crate::desc::Stage;
use crate::emulate::ir::{self, FunctionBuilder};
use crate::error::TranslateError;
use naga::{Expression, Handle, ScalarKind, Type, TypeInner};

/// Locations (and so slots) a value of `ty` occupies.
pub(super) fn locations(module: &naga::Module, ty: Handle<Type>) -> u32 {
    match &module.types[ty].inner {
        TypeInner::Matrix { columns, .. } => *columns as u32,
        TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => n.get() * locations(module, *base),
        TypeInner::Struct { members, .. } => members.iter().map(|m| locations(module, m.ty)).sum(),
        _ => 1,
    }
}

/// Reads slot `k` of the record (an expression of `vec4<f32>`).
pub(super) type SlotReader<'a> = dyn FnMut(&mut FunctionBuilder, u32) -> Handle<Expression> + 'a;

/// The value of `ty` (a type of `b`'s module) read from the record's slots from `*next` on:
/// what [`load`] assigns, as a naga expression (composites composed from their parts in the
/// order Vulkan assigns their locations).
pub(super) fn load(
    stage: Stage,
    b: &mut FunctionBuilder,
    ty: Handle<Type>,
    slot: &mut SlotReader,
    next: &mut u32,
) -> Result<Handle<Expression>, TranslateError> {
    let mut take = |b: &mut FunctionBuilder, next: &mut u32| {
        let k = *next;
        *next += 1;
        slot(b, k)
    };
    match b.module.types[ty].inner.clone() {
        TypeInner::Scalar(s) if s.width == 4 => {
            let v = take(b, next);
            unpack(stage, b, s.kind, 1, v)
        }
        TypeInner::Vector { size, scalar } if scalar.width == 4 => {
            let v = take(b, next);
            unpack(stage, b, scalar.kind, size as u32, v)
        }
        TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => {
            Err(TranslateError::unsupported(stage, format!("a value of scalar type {s:?} between passes")))
        }
        TypeInner::Matrix { columns, rows, scalar } if scalar.width == 4 => {
            let mut parts = Vec::new();
            for _ in 0..columns as u32 {
                let v = take(b, next);
                parts.push(unpack(stage, b, scalar.kind, rows as u32, v)?);
            }
            Ok(b.compose(ty, parts))
        }
        TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => {
            let parts = (0..n.get()).map(|_| load(stage, b, base, slot, next)).collect::<Result<_, _>>()?;
            Ok(b.compose(ty, parts))
        }
        TypeInner::Struct { members, .. } => {
            let parts = members.iter().map(|m| load(stage, b, m.ty, slot, next)).collect::<Result<_, _>>()?;
            Ok(b.compose(ty, parts))
        }
        other => Err(TranslateError::unsupported(stage, format!("a value of type {other:?} between passes"))),
    }
}

/// Writes slot `k` of the record (a `vec4<f32>` value).
pub(super) type SlotWriter<'a> = dyn FnMut(&mut FunctionBuilder, u32, Handle<Expression>) + 'a;

/// `value`, of `ty` (a type of `b`'s module), to the record's slots from `*next` on, its parts
/// in the order Vulkan assigns their locations.
pub(super) fn store(
    stage: Stage,
    b: &mut FunctionBuilder,
    value: Handle<Expression>,
    ty: Handle<Type>,
    slot: &mut SlotWriter,
    next: &mut u32,
) -> Result<(), TranslateError> {
    let mut take = |b: &mut FunctionBuilder, next: &mut u32, packed| {
        slot(b, *next, packed);
        *next += 1;
    };
    match b.module.types[ty].inner.clone() {
        TypeInner::Scalar(s) if s.width == 4 => {
            let packed = pack(stage, b, s.kind, 1, value)?;
            take(b, next, packed);
        }
        TypeInner::Vector { size, scalar } if scalar.width == 4 => {
            let packed = pack(stage, b, scalar.kind, size as u32, value)?;
            take(b, next, packed);
        }
        TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => {
            return Err(TranslateError::unsupported(stage, format!("a value of scalar type {s:?} between passes")))
        }
        TypeInner::Matrix { columns, rows, scalar } if scalar.width == 4 => {
            for c in 0..columns as u32 {
                let column = b.expr(Expression::AccessIndex { base: value, index: c });
                let packed = pack(stage, b, scalar.kind, rows as u32, column)?;
                take(b, next, packed);
            }
        }
        TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => {
            for i in 0..n.get() {
                let element = b.expr(Expression::AccessIndex { base: value, index: i });
                store(stage, b, element, base, slot, next)?;
            }
        }
        TypeInner::Struct { members, .. } => {
            for (i, m) in members.iter().enumerate() {
                let member = b.expr(Expression::AccessIndex { base: value, index: i as u32 });
                store(stage, b, member, m.ty, slot, next)?;
            }
        }
        other => return Err(TranslateError::unsupported(stage, format!("a value of type {other:?} between passes"))),
    }
    Ok(())
}

/// `n` components of `kind` as one `vec4<f32>`: floats as they are, integers bitcast,
/// booleans as 0 or 1 bitcast, missing components zero.
fn pack(
    stage: Stage,
    b: &mut FunctionBuilder,
    kind: ScalarKind,
    n: u32,
    value: Handle<Expression>,
) -> Result<Handle<Expression>, TranslateError> {
    let word = |b: &mut FunctionBuilder, kind, x: u32| match kind {
        ScalarKind::Sint => b.expr(Expression::Literal(naga::Literal::I32(x as i32))),
        _ => b.u32(x),
    };
    let (kind, value) = match kind {
        ScalarKind::Float => return Ok(if n == 4 { value } else { b.widen_f32(vec![value], n) }),
        ScalarKind::Uint | ScalarKind::Sint => (kind, value),
        ScalarKind::Bool => {
            let (one, zero) = (word(b, ScalarKind::Uint, 1), word(b, ScalarKind::Uint, 0));
            let (accept, reject) = match n {
                1 => (one, zero),
                n => {
                    let size = ir::vector_size(n);
                    (b.expr(Expression::Splat { size, value: one }), b.expr(Expression::Splat { size, value: zero }))
                }
            };
            (ScalarKind::Uint, b.expr(Expression::Select { condition: value, accept, reject }))
        }
        _ => return Err(TranslateError::unsupported(stage, format!("a {kind:?} value between passes"))),
    };
    let wide = if n == 4 {
        value
    } else {
        let mut parts = vec![value];
        for _ in n..4 {
            parts.push(word(b, kind, 0));
        }
        let ty = b.ty(ir::vec4(kind));
        b.compose(ty, parts)
    };
    Ok(b.bitcast(wide, ScalarKind::Float))
}

/// `n` components of `kind` from the `vec4<f32>` `slot`, the inverse of [`pack`].
fn unpack(
    stage: Stage,
    b: &mut FunctionBuilder,
    kind: ScalarKind,
    n: u32,
    slot: Handle<Expression>,
) -> Result<Handle<Expression>, TranslateError> {
    let bits = match kind {
        ScalarKind::Float => slot,
        ScalarKind::Uint | ScalarKind::Sint => b.bitcast(slot, kind),
        ScalarKind::Bool => b.bitcast(slot, ScalarKind::Uint),
        _ => return Err(TranslateError::unsupported(stage, format!("a {kind:?} value between passes"))),
    };
    let value = if n == 4 { bits } else { b.first_components(bits, n) };
    if kind != ScalarKind::Bool {
        return Ok(value);
    }
    let zero = match n {
        1 => b.u32(0),
        n => {
            let t = b.ty(TypeInner::Vector { size: ir::vector_size(n), scalar: naga::Scalar::U32 });
            b.expr(Expression::ZeroValue(t))
        }
    };
    Ok(b.binary(naga::BinaryOperator::NotEqual, value, zero))
}
