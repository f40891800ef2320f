//! Records: how stages run as compute hand their outputs to the next pass.
//!
//! A record is `stride` `vec4<f32>` slots in an `array<vec4<f32>>` storage buffer. Slot 0 holds
//! `Position`; the value at `Location` L starts at slot `1 + L` and takes one slot per location
//! it occupies (a matrix one per column, an array one per element, a struct one per member, as
//! Vulkan's interface matching assigns locations). Integers travel bitcast. A producer and a
//! consumer agree by location alone, so neither needs to know the other.
//!
//! [`store`] writes a value of any interface type to consecutive slots; [`fill`] is its inverse
//! into a global of the consumer's type. Both emit WGSL statements.

use crate::error::TranslateError;
use crate::Stage;
use naga::{Handle, ScalarKind, Type, TypeInner};
use std::fmt::Write;

/// Slot of location `location`.
pub fn slot_of(location: u32) -> u32 {
    1 + location
}

/// Locations a value of `ty` occupies.
pub fn locations(module: &naga::Module, ty: Handle<Type>) -> u32 {
    match &module.types[ty].inner {
        TypeInner::Matrix { columns, .. } => *columns as u32,
        TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => n.get() * locations(module, *base),
        TypeInner::Struct { members, .. } => members.iter().map(|m| locations(module, m.ty)).sum(),
        _ => 1,
    }
}

fn unsupported(stage: Stage, what: String) -> TranslateError {
    TranslateError::unsupported(stage, what)
}

fn vector_parts(module: &naga::Module, ty: Handle<Type>) -> Option<(ScalarKind, u32)> {
    match &module.types[ty].inner {
        TypeInner::Scalar(s) if s.width == 4 => Some((s.kind, 1)),
        TypeInner::Vector { size, scalar } if scalar.width == 4 => Some((scalar.kind, *size as u32)),
        _ => None,
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

/// Statements assigning `lvalue` (of type `ty`) from consecutive slots: `slot(k)` is the WGSL
/// expression of slot `k`, starting at `*next`.
pub fn fill(
    stage: Stage,
    module: &naga::Module,
    ty: Handle<Type>,
    lvalue: &str,
    slot: &dyn Fn(u32) -> String,
    next: &mut u32,
    out: &mut String,
) -> Result<(), TranslateError> {
    walk(stage, module, ty, lvalue, next, &mut |kind, n, lv, k| {
        let v = unpack(kind, n, &slot(k)).ok_or_else(|| unsupported(stage, format!("a {kind:?} value between passes")))?;
        let _ = writeln!(out, "    {lv} = {v};");
        Ok(())
    })
}

/// Statements storing `value` (of type `ty`) to consecutive slots, the inverse of [`fill`].
pub fn store(
    stage: Stage,
    module: &naga::Module,
    ty: Handle<Type>,
    value: &str,
    slot: &dyn Fn(u32) -> String,
    next: &mut u32,
    out: &mut String,
) -> Result<(), TranslateError> {
    walk(stage, module, ty, value, next, &mut |kind, n, v, k| {
        let packed = pack(kind, n, v).ok_or_else(|| unsupported(stage, format!("a {kind:?} value between passes")))?;
        let _ = writeln!(out, "    {} = {packed};", slot(k));
        Ok(())
    })
}

/// Calls `leaf(kind, components, access, slot)` for every location-sized part of `ty`.
fn walk(
    stage: Stage,
    module: &naga::Module,
    ty: Handle<Type>,
    access: &str,
    next: &mut u32,
    leaf: &mut dyn FnMut(ScalarKind, u32, &str, u32) -> Result<(), TranslateError>,
) -> Result<(), TranslateError> {
    if let Some((kind, n)) = vector_parts(module, ty) {
        let k = *next;
        *next += 1;
        return leaf(kind, n, access, k);
    }
    match &module.types[ty].inner {
        TypeInner::Matrix { columns, rows, scalar } if scalar.width == 4 => {
            for c in 0..*columns as u32 {
                let k = *next;
                *next += 1;
                leaf(scalar.kind, *rows as u32, &format!("{access}[{c}]"), k)?;
            }
            Ok(())
        }
        TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => {
            for i in 0..n.get() {
                walk(stage, module, *base, &format!("{access}[{i}]"), next, leaf)?;
            }
            Ok(())
        }
        TypeInner::Struct { members, .. } => {
            for m in members {
                let name = m.name.clone().unwrap_or_default();
                walk(stage, module, m.ty, &format!("{access}.{name}"), next, leaf)?;
            }
            Ok(())
        }
        other => Err(unsupported(stage, format!("a value of type {other:?} between passes"))),
    }
}

/// The global named `name` in `module`, with its type.
pub fn global(module: &naga::Module, name: &str) -> Option<Handle<Type>> {
    module.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some(name)).map(|(_, g)| g.ty)
}

/// Element type and length of an array type.
pub fn array_of(module: &naga::Module, ty: Handle<Type>) -> Option<(Handle<Type>, u32)> {
    match &module.types[ty].inner {
        TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => Some((*base, n.get())),
        _ => None,
    }
}

/// Name of member `index` of a struct type.
pub fn member_name(module: &naga::Module, ty: Handle<Type>, index: u32) -> Option<String> {
    match &module.types[ty].inner {
        TypeInner::Struct { members, .. } => members.get(index as usize).and_then(|m| m.name.clone()),
        _ => None,
    }
}
