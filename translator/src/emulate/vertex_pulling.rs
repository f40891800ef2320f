//! Vertex pulling: WGSL that fetches a vertex's attributes from the application's vertex
//! buffers bound as read-only storage (`array<u32>`), through the index buffer for indexed
//! draws, and calls [`crate::vertex_function`]'s `tesserae_vertex` with them.
//!
//! Bindings, in the emulation group ([`crate::emulation`]): the draw uniform
//! ([`crate::draw_uniform`]), the index buffer, and vertex buffer `slot` at
//! `VERTEX_BUFFERS + slot`. Attributes are 4-byte aligned, or, for a format narrower than a
//! word, aligned to its size (read from the word holding them, shifted down).

use crate::desc::{StepMode, VertexBufferLayout, VertexFormat};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::vertex_function::{unsupported, wgsl_type, Arg, VertexFunction};
use std::fmt::Write;

/// WGSL expression decoding `format` at word `w` of `vb` (a format narrower than a word: at
/// byte `shift / 8` of it), widened to a vec4 with Vulkan's defaults (0, 0, 0, 1).
fn decode(format: VertexFormat, vb: &str, w: &str, shift: Option<&str>) -> String {
    use VertexFormat::*;
    let word = |i: u32| match shift {
        Some(shift) => format!("({vb}[{w} + {i}u] >> {shift})"),
        None => format!("{vb}[{w} + {i}u]"),
    };
    let f = |i: u32| format!("bitcast<f32>({})", word(i));
    let s = |i: u32| format!("bitcast<i32>({})", word(i));
    match format {
        Float32 => format!("vec4<f32>({}, 0.0, 0.0, 1.0)", f(0)),
        Float32x2 => format!("vec4<f32>({}, {}, 0.0, 1.0)", f(0), f(1)),
        Float32x3 => format!("vec4<f32>({}, {}, {}, 1.0)", f(0), f(1), f(2)),
        Float32x4 => format!("vec4<f32>({}, {}, {}, {})", f(0), f(1), f(2), f(3)),
        Uint32 => format!("vec4<u32>({}, 0u, 0u, 1u)", word(0)),
        Uint32x2 => format!("vec4<u32>({}, {}, 0u, 1u)", word(0), word(1)),
        Uint32x3 => format!("vec4<u32>({}, {}, {}, 1u)", word(0), word(1), word(2)),
        Uint32x4 => format!("vec4<u32>({}, {}, {}, {})", word(0), word(1), word(2), word(3)),
        Sint32 => format!("vec4<i32>({}, 0i, 0i, 1i)", s(0)),
        Sint32x2 => format!("vec4<i32>({}, {}, 0i, 1i)", s(0), s(1)),
        Sint32x3 => format!("vec4<i32>({}, {}, {}, 1i)", s(0), s(1), s(2)),
        Sint32x4 => format!("vec4<i32>({}, {}, {}, {})", s(0), s(1), s(2), s(3)),
        Unorm8x4 => format!("unpack4x8unorm({})", word(0)),
        Unorm8x4Bgra => format!("unpack4x8unorm({}).zyxw", word(0)),
        Snorm8x2 => format!("vec4<f32>(unpack4x8snorm({}).xy, 0.0, 1.0)", word(0)),
        Uint8x2 => format!("vec4<u32>({w0} & 0xffu, ({w0} >> 8u) & 0xffu, 0u, 1u)", w0 = word(0)),
        Float16x2 => format!("vec4<f32>(tesserae_unpack_half2({}), 0.0, 1.0)", word(0)),
        Float16x4 => format!("vec4<f32>(tesserae_unpack_half2({}), tesserae_unpack_half2({}))", word(0), word(1)),
    }
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
const HALF_DECODER: &str = "fn tesserae_half(h: u32) -> f32 {
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

/// Declarations: the uniform, index buffer and the vertex buffers in `slots` (and the
/// half-float decoder where `layouts` has a 16-bit float attribute).
pub fn declarations(e: Emulation, slots: &[u32], layouts: &[VertexBufferLayout]) -> String {
    let mut w = e.draw_params_wgsl();
    let halves = layouts.iter().flat_map(|b| &b.attributes).any(|a| matches!(a.format, VertexFormat::Float16x2 | VertexFormat::Float16x4));
    if halves {
        w.push_str(HALF_DECODER);
    }
    for s in slots {
        let _ = writeln!(w, "{} var<storage, read> tesserae_vb{s}: array<u32>;", e.at(binding::VERTEX_BUFFERS + s));
    }
    w
}

/// Statements that pull the attributes and bind `let tesserae_out = tesserae_vertex(...)`,
/// given WGSL expressions (u32) for the vertex and instance index.
pub fn call(
    module: &naga::Module,
    func: &VertexFunction,
    layouts: &[VertexBufferLayout],
    vertex: &str,
    instance: &str,
) -> Result<String, TranslateError> {
    let mut w = String::new();
    let mut call = Vec::new();
    for (i, a) in func.args.iter().enumerate() {
        match a {
            Arg::Location { location, ty } => {
                let (slot, attr) = layouts
                    .iter()
                    .enumerate()
                    .find_map(|(s, b)| b.attributes.iter().find(|x| x.location == *location).map(|x| (s, x)))
                    .ok_or_else(|| TranslateError::InvalidDesc(format!("vertex input at location {location} has no attribute")))?;
                let layout = &layouts[slot];
                let element = match layout.step_mode {
                    StepMode::Vertex => vertex,
                    StepMode::Instance => instance,
                };
                let (size, vb, word) = (attr.format.size(), format!("tesserae_vb{slot}"), format!("tesserae_w{i}"));
                if layout.stride % 4 == 0 && attr.offset % 4 == 0 {
                    let _ = writeln!(
                        w,
                        "    let {word} = ({element}) * {}u + {}u;\n    let tesserae_a{i} = {};",
                        layout.stride / 4,
                        attr.offset / 4,
                        decode(attr.format, &vb, &word, None)
                    );
                } else if size < 4 && layout.stride % size == 0 && attr.offset % size == 0 {
                    // A narrow format aligned to its size lies within one word.
                    let _ = writeln!(
                        w,
                        "    let tesserae_b{i} = ({element}) * {}u + {}u;\n    let {word} = tesserae_b{i} / 4u;\n    let tesserae_a{i} = {};",
                        layout.stride,
                        attr.offset,
                        decode(attr.format, &vb, &word, Some(&format!("((tesserae_b{i} & 3u) * 8u)")))
                    );
                } else {
                    return Err(unsupported(
                        "vertex attributes not aligned to 4 bytes (or to their size, narrower) when pulled from storage",
                    ));
                }
                let (tyname, _, n) = wgsl_type(module, *ty)?;
                let swizzle = ["x", "xy", "xyz", "xyzw"][(n as usize).clamp(1, 4) - 1];
                call.push(format!("{tyname}(tesserae_a{i}.{swizzle})"));
            }
            Arg::VertexIndex { ty } => call.push(format!("{}({vertex})", wgsl_type(module, *ty)?.0)),
            Arg::InstanceIndex { ty } => call.push(format!("{}({instance})", wgsl_type(module, *ty)?.0)),
        }
    }
    let _ = writeln!(w, "    let tesserae_out = {}({});", crate::vertex_function::FUNCTION, call.join(", "));
    Ok(w)
}
