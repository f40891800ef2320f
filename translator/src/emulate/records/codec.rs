//! The encoding of an interface value in record slots: each location-sized part (a scalar or
//! vector; a matrix column; an array element or struct member, recursively) takes one
//! `vec4<f32>` slot, in the order Vulkan assigns locations. Floats are stored as they are,
//! integers bitcast, booleans as 0 or 1 bitcast; missing components are zero. [`store`] and
//! [`load`] are inverses.

use super::{Record, Value};
use crate::desc::Stage;
use crate::emulate::ir::{self, FunctionBuilder};
use crate::error::TranslateError;
use naga::{Expression, Handle, ScalarKind, Type, TypeInner};
use std::fmt::Write;

/// Locations (and so slots) a value of `ty` occupies.
pub(super) fn locations(module: &naga::Module, ty: Handle<Type>) -> u32 {
    match &module.types[ty].inner {
        TypeInner::Matrix { columns, .. } => *columns as u32,
        TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => n.get() * locations(module, *base),
        TypeInner::Struct { members, .. } => members.iter().map(|m| locations(module, m.ty)).sum(),
        _ => 1,
    }
}

/// Statements storing `value` to the record's slots from `first` on.
pub(super) fn store(value: Value, first: u32, at: &Record, out: &mut String) -> Result<(), TranslateError> {
    let mut next = first;
    walk(value, value.ty, value.access, &mut next, &mut |kind, n, v, k| {
        let packed = pack(kind, n, v).ok_or_else(|| unsupported(value, format!("a {kind:?} value between passes")))?;
        let _ = writeln!(out, "    {} = {packed};", at.slot(k));
        Ok(())
    })
}

/// Statements assigning `place` from the record's slots from `first` on.
pub(super) fn load(place: Value, first: u32, at: &Record, out: &mut String) -> Result<(), TranslateError> {
    let mut next = first;
    walk(place, place.ty, place.access, &mut next, &mut |kind, n, lv, k| {
        let v = unpack(kind, n, &at.slot(k)).ok_or_else(|| unsupported(place, format!("a {kind:?} value between passes")))?;
        let _ = writeln!(out, "    {lv} = {v};");
        Ok(())
    })
}

/// Reads slot `k` of the record (an expression of `vec4<f32>`).
pub(super) type SlotReader<'a> = dyn FnMut(&mut FunctionBuilder, u32) -> Handle<Expression> + 'a;

/// The value of `ty` (a type of `b`'s module) read from the record's slots from `*next` on:
/// what [`load`] assigns, as a naga expression (composites composed from their parts in the
/// order [`walk`] visits them).
pub(super) fn load_ir(
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
            unpack_ir(stage, b, s.kind, 1, v)
        }
        TypeInner::Vector { size, scalar } if scalar.width == 4 => {
            let v = take(b, next);
            unpack_ir(stage, b, scalar.kind, size as u32, v)
        }
        TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => {
            Err(TranslateError::unsupported(stage, format!("a value of scalar type {s:?} between passes")))
        }
        TypeInner::Matrix { columns, rows, scalar } if scalar.width == 4 => {
            let mut parts = Vec::new();
            for _ in 0..columns as u32 {
                let v = take(b, next);
                parts.push(unpack_ir(stage, b, scalar.kind, rows as u32, v)?);
            }
            Ok(b.compose(ty, parts))
        }
        TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => {
            let parts = (0..n.get()).map(|_| load_ir(stage, b, base, slot, next)).collect::<Result<_, _>>()?;
            Ok(b.compose(ty, parts))
        }
        TypeInner::Struct { members, .. } => {
            let parts = members.iter().map(|m| load_ir(stage, b, m.ty, slot, next)).collect::<Result<_, _>>()?;
            Ok(b.compose(ty, parts))
        }
        other => Err(TranslateError::unsupported(stage, format!("a value of type {other:?} between passes"))),
    }
}

/// Writes slot `k` of the record (a `vec4<f32>` value).
pub(super) type SlotWriter<'a> = dyn FnMut(&mut FunctionBuilder, u32, Handle<Expression>) + 'a;

/// [`store`] in naga IR: `value`, of `ty` (a type of `b`'s module), to the record's slots
/// from `*next` on, its parts in the order [`walk`] visits them.
pub(super) fn store_ir(
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
            let packed = pack_ir(stage, b, s.kind, 1, value)?;
            take(b, next, packed);
        }
        TypeInner::Vector { size, scalar } if scalar.width == 4 => {
            let packed = pack_ir(stage, b, scalar.kind, size as u32, value)?;
            take(b, next, packed);
        }
        TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => {
            return Err(TranslateError::unsupported(stage, format!("a value of scalar type {s:?} between passes")))
        }
        TypeInner::Matrix { columns, rows, scalar } if scalar.width == 4 => {
            for c in 0..columns as u32 {
                let column = b.expr(Expression::AccessIndex { base: value, index: c });
                let packed = pack_ir(stage, b, scalar.kind, rows as u32, column)?;
                take(b, next, packed);
            }
        }
        TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => {
            for i in 0..n.get() {
                let element = b.expr(Expression::AccessIndex { base: value, index: i });
                store_ir(stage, b, element, base, slot, next)?;
            }
        }
        TypeInner::Struct { members, .. } => {
            for (i, m) in members.iter().enumerate() {
                let member = b.expr(Expression::AccessIndex { base: value, index: i as u32 });
                store_ir(stage, b, member, m.ty, slot, next)?;
            }
        }
        other => return Err(TranslateError::unsupported(stage, format!("a value of type {other:?} between passes"))),
    }
    Ok(())
}

/// [`pack`] in naga IR: `n` components of `kind` as one `vec4<f32>`.
fn pack_ir(
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

/// [`unpack`] in naga IR: `n` components of `kind` from the `vec4<f32>` `slot`.
fn unpack_ir(
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

fn unsupported(value: Value, what: String) -> TranslateError {
    TranslateError::unsupported(value.stage, what)
}

/// What [`walk`] calls for each location-sized part: `(kind, components, access, slot)`.
type Leaf<'a> = dyn FnMut(ScalarKind, u32, &str, u32) -> Result<(), TranslateError> + 'a;

/// Calls `leaf(kind, components, access, slot)` for every location-sized part of `ty`.
fn walk(value: Value, ty: Handle<Type>, access: &str, next: &mut u32, leaf: &mut Leaf) -> Result<(), TranslateError> {
    let module = value.module;
    let mut take = || {
        let k = *next;
        *next += 1;
        k
    };
    match &module.types[ty].inner {
        TypeInner::Scalar(s) if s.width == 4 => leaf(s.kind, 1, access, take()),
        TypeInner::Vector { size, scalar } if scalar.width == 4 => leaf(scalar.kind, *size as u32, access, take()),
        TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => {
            Err(unsupported(value, format!("a value of scalar type {s:?} between passes")))
        }
        TypeInner::Matrix { columns, rows, scalar } if scalar.width == 4 => {
            for c in 0..*columns as u32 {
                leaf(scalar.kind, *rows as u32, &format!("{access}[{c}]"), take())?;
            }
            Ok(())
        }
        TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => {
            for i in 0..n.get() {
                walk(value, *base, &format!("{access}[{i}]"), next, leaf)?;
            }
            Ok(())
        }
        TypeInner::Struct { members, .. } => {
            for m in members {
                let name = m.name.clone().unwrap_or_default();
                walk(value, m.ty, &format!("{access}.{name}"), next, leaf)?;
            }
            Ok(())
        }
        other => Err(unsupported(value, format!("a value of type {other:?} between passes"))),
    }
}

fn unpack(kind: ScalarKind, n: u32, slot: &str) -> Option<String> {
    let swizzle = ["x", "xy", "xyz", "xyzw"][n.clamp(1, 4) as usize - 1];
    Some(match kind {
        ScalarKind::Float => format!("{slot}.{swizzle}"),
        ScalarKind::Uint => format!("bitcast<vec4<u32>>({slot}).{swizzle}"),
        ScalarKind::Sint => format!("bitcast<vec4<i32>>({slot}).{swizzle}"),
        ScalarKind::Bool => {
            format!("(bitcast<vec4<u32>>({slot}).{swizzle} != {})", if n == 1 { "0u".into() } else { format!("vec{n}<u32>(0u)") })
        }
        _ => return None,
    })
}

fn pack(kind: ScalarKind, n: u32, value: &str) -> Option<String> {
    let widened = |vec: &str, zero: &str| {
        if n == 4 {
            value.to_string()
        } else {
            format!("{vec}({value}, {})", vec![zero; 4 - n as usize].join(", "))
        }
    };
    Some(match kind {
        ScalarKind::Float => widened("vec4<f32>", "0.0"),
        ScalarKind::Uint => format!("bitcast<vec4<f32>>({})", widened("vec4<u32>", "0u")),
        ScalarKind::Sint => format!("bitcast<vec4<f32>>({})", widened("vec4<i32>", "0i")),
        ScalarKind::Bool => {
            let u = if n == 1 { format!("select(0u, 1u, {value})") } else { format!("select(vec{n}<u32>(0u), vec{n}<u32>(1u), {value})") };
            let v = if n == 4 { u } else { format!("vec4<u32>({u}, {})", vec!["0u"; 4 - n as usize].join(", ")) };
            format!("bitcast<vec4<f32>>({v})")
        }
        _ => return None,
    })
}
