//! Point expansion: a point-list draw whose last pre-rasterization stage writes `PointSize`
//! (or whose fragment stage reads `PointCoord`) becomes a triangle-list draw of six vertices
//! per point.
//!
//! The stage naga translated is turned from an entry point into an ordinary function,
//! `tesserae_vertex`, returning a struct with known member names. A generated WGSL entry point
//! then, for corner `k` of point `p`: finds the original vertex index (through the index buffer
//! for indexed draws), pulls its attributes from the vertex buffers bound as storage buffers,
//! calls `tesserae_vertex`, and moves the position to the corner of a square of `PointSize`
//! pixels (viewport size from the draw's uniform). Varyings leave as `flat`, `PointCoord` as a
//! `linear` varying from (0,0) at the upper left to (1,1).
//!
//! A point is dropped whole (all six corners at one position outside the clip volume) when its
//! depth lies outside [0, w] or any clip distance is negative; lavapipe keeps points whose
//! centre is just outside the x/y planes (see ARCHITECTURE.md).
//!
//! Bindings of the expanded stage (group 0): 0 = [`DRAW_PARAMS_SIZE`]-byte uniform
//! `TesseraeDraw`, 1 = index buffer (read-only storage, u32 words), 2 + slot = vertex buffer
//! `slot`. Other stages that end in points (tessellation evaluation in point mode) reuse this
//! by handing their module and a different index source.

use crate::desc::{Stage, StepMode, VertexBufferLayout, VertexFormat};
use crate::error::TranslateError;
use crate::wgsl::{round_trip, ValidatedWgsl};
use naga::{Binding, BuiltIn, Handle, ScalarKind, Span, Type, TypeInner};
use std::fmt::Write;

/// Bytes of the `TesseraeDraw` uniform the executor writes for each draw.
pub const DRAW_PARAMS_SIZE: u64 = 48;
/// Vertices drawn per point.
pub const CORNERS: u32 = 6;
/// Name the lowering gives the private variable that holds the written point size.
pub const POINT_SIZE_GLOBAL: &str = "tesserae_point_size";

pub struct PointExpansion<'a> {
    pub layouts: &'a [VertexBufferLayout],
    /// Location of the `PointCoord` varying, when the fragment stage reads it.
    pub point_coord_location: Option<u32>,
}

enum Arg {
    Location { location: u32, ty: Handle<Type> },
    VertexIndex { ty: Handle<Type> },
    InstanceIndex { ty: Handle<Type> },
}

struct Output {
    name: String,
    binding: Binding,
    ty: Handle<Type>,
}

fn unsupported(what: impl Into<String>) -> TranslateError {
    TranslateError::unsupported(Stage::Vertex, what)
}

/// Turns the module's vertex entry point into `tesserae_vertex` and returns the generated
/// expansion entry point's WGSL (validated).
pub fn expand(mut module: naga::Module, cfg: &PointExpansion) -> Result<ValidatedWgsl, TranslateError> {
    let Some(pos) = module.entry_points.iter().position(|e| e.stage == naga::ShaderStage::Vertex) else {
        return Err(unsupported("point expansion of a module without a vertex entry point"));
    };
    let ep = module.entry_points.remove(pos);
    module.entry_points.clear();
    let mut f = ep.function;
    f.name = Some("tesserae_vertex".into());

    let mut args = Vec::new();
    for a in &mut f.arguments {
        args.push(match a.binding.take() {
            Some(Binding::Location { location, .. }) => Arg::Location { location, ty: a.ty },
            Some(Binding::BuiltIn(BuiltIn::VertexIndex)) => Arg::VertexIndex { ty: a.ty },
            Some(Binding::BuiltIn(BuiltIn::InstanceIndex)) => Arg::InstanceIndex { ty: a.ty },
            other => return Err(unsupported(format!("vertex input {other:?} in a point-expanded draw"))),
        });
    }

    let Some(result) = f.result.take() else {
        return Err(unsupported("a vertex stage without outputs"));
    };
    let mut outputs = Vec::new();
    let single = result.binding.is_some();
    if let Some(b) = result.binding {
        outputs.push(Output { name: String::new(), binding: b, ty: result.ty });
        f.result = Some(naga::FunctionResult { ty: result.ty, binding: None });
    } else {
        let TypeInner::Struct { members, span } = module.types[result.ty].inner.clone() else {
            return Err(unsupported("a vertex result that is neither bound nor a struct"));
        };
        let mut new_members = Vec::new();
        for (i, m) in members.iter().enumerate() {
            let Some(b) = m.binding.clone() else { continue };
            let name = format!("out{i}_member");
            outputs.push(Output { name: name.clone(), binding: b, ty: m.ty });
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
    let writes_size = module.global_variables.iter().any(|(_, g)| g.name.as_deref() == Some(POINT_SIZE_GLOBAL));

    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), crate::wgsl::capabilities())
        .validate(&module)
        .map_err(|e| TranslateError::NagaValidation { stage: Stage::Vertex, message: e.emit_to_string("") })?;
    let mut src = naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty())
        .map_err(|e| TranslateError::NagaBackend { stage: Stage::Vertex, message: e.to_string() })?;
    src.push_str(&wrapper(&module, cfg, &args, &outputs, single, writes_size)?);
    round_trip(Stage::Vertex, src)
}

fn wgsl_type(module: &naga::Module, ty: Handle<Type>) -> Result<(String, ScalarKind, u32), TranslateError> {
    let scalar_name = |s: naga::Scalar| match (s.kind, s.width) {
        (ScalarKind::Float, 4) => Ok("f32"),
        (ScalarKind::Float, 2) => Ok("f16"),
        (ScalarKind::Sint, 4) => Ok("i32"),
        (ScalarKind::Uint, 4) => Ok("u32"),
        _ => Err(unsupported(format!("varying of scalar type {s:?} in a point-expanded draw"))),
    };
    match module.types[ty].inner {
        TypeInner::Scalar(s) => Ok((scalar_name(s)?.to_string(), s.kind, 1)),
        TypeInner::Vector { size, scalar } => Ok((format!("vec{}<{}>", size as u32, scalar_name(scalar)?), scalar.kind, size as u32)),
        ref other => Err(unsupported(format!("varying of type {other:?} in a point-expanded draw"))),
    }
}

/// WGSL expression decoding attribute `format` at word address `w` of `vb`, widened to a vec4
/// with the Vulkan defaults (0, 0, 0, 1) for missing components.
fn decode(format: VertexFormat, vb: &str, w: &str) -> String {
    use VertexFormat::*;
    let word = |i: u32| format!("{vb}[{w} + {i}u]");
    let f = |i: u32| format!("bitcast<f32>({})", word(i));
    let u = |i: u32| word(i);
    let s = |i: u32| format!("bitcast<i32>({})", word(i));
    match format {
        Float32 => format!("vec4<f32>({}, 0.0, 0.0, 1.0)", f(0)),
        Float32x2 => format!("vec4<f32>({}, {}, 0.0, 1.0)", f(0), f(1)),
        Float32x3 => format!("vec4<f32>({}, {}, {}, 1.0)", f(0), f(1), f(2)),
        Float32x4 => format!("vec4<f32>({}, {}, {}, {})", f(0), f(1), f(2), f(3)),
        Uint32 => format!("vec4<u32>({}, 0u, 0u, 1u)", u(0)),
        Uint32x2 => format!("vec4<u32>({}, {}, 0u, 1u)", u(0), u(1)),
        Uint32x3 => format!("vec4<u32>({}, {}, {}, 1u)", u(0), u(1), u(2)),
        Uint32x4 => format!("vec4<u32>({}, {}, {}, {})", u(0), u(1), u(2), u(3)),
        Sint32 => format!("vec4<i32>({}, 0i, 0i, 1i)", s(0)),
        Sint32x2 => format!("vec4<i32>({}, {}, 0i, 1i)", s(0), s(1)),
        Sint32x3 => format!("vec4<i32>({}, {}, {}, 1i)", s(0), s(1), s(2)),
        Sint32x4 => format!("vec4<i32>({}, {}, {}, {})", s(0), s(1), s(2), s(3)),
        Unorm8x4 => format!("unpack4x8unorm({})", word(0)),
        Float16x2 => format!("vec4<f32>(unpack2x16float({}), 0.0, 1.0)", word(0)),
        Float16x4 => format!("vec4<f32>(unpack2x16float({}), unpack2x16float({}))", word(0), word(1)),
    }
}

fn wrapper(
    module: &naga::Module,
    cfg: &PointExpansion,
    args: &[Arg],
    outputs: &[Output],
    single: bool,
    writes_size: bool,
) -> Result<String, TranslateError> {
    let mut w = String::new();
    let _ = writeln!(
        w,
        "
struct TesseraeDraw {{
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16: u32,
    pad: u32,
    size_range: vec2<f32>,
}}
@group(0) @binding(0) var<uniform> tesserae_draw: TesseraeDraw;"
    );
    let mut used_slots: Vec<usize> = Vec::new();
    for a in args {
        if let Arg::Location { location, .. } = a {
            let slot = cfg.layouts.iter().position(|b| b.attributes.iter().any(|x| x.location == *location));
            let Some(slot) = slot else {
                return Err(TranslateError::InvalidDesc(format!("vertex input at location {location} has no attribute")));
            };
            if !used_slots.contains(&slot) {
                used_slots.push(slot);
            }
        }
    }
    used_slots.sort();
    let _ = writeln!(w, "@group(0) @binding(1) var<storage, read> tesserae_indices: array<u32>;");
    for s in &used_slots {
        let _ = writeln!(w, "@group(0) @binding({}) var<storage, read> tesserae_vb{s}: array<u32>;", 2 + s);
    }
    let _ = writeln!(
        w,
        "
fn tesserae_vertex_index(point: u32) -> u32 {{
    let i = tesserae_draw.first + point;
    if tesserae_draw.indexed == 0u {{
        return i;
    }}
    var index = 0u;
    if tesserae_draw.index_u16 != 0u {{
        index = (tesserae_indices[i / 2u] >> ((i & 1u) * 16u)) & 0xffffu;
    }} else {{
        index = tesserae_indices[i];
    }}
    return u32(i32(index) + tesserae_draw.base_vertex);
}}

struct TesseraePointOut {{
    @builtin(position) position: vec4<f32>,"
    );
    let mut varyings = Vec::new();
    let mut position = None;
    let mut clip = None;
    for o in outputs {
        let access = if single { "tesserae_out".to_string() } else { format!("tesserae_out.{}", o.name) };
        match &o.binding {
            Binding::BuiltIn(BuiltIn::Position { .. }) => position = Some(access),
            Binding::BuiltIn(BuiltIn::ClipDistances) => {
                let n = match module.types[o.ty].inner {
                    TypeInner::Array { size: naga::ArraySize::Constant(n), .. } => n.get(),
                    _ => 1,
                };
                clip = Some((access, n));
            }
            Binding::Location { location, .. } => {
                let (ty, _, _) = wgsl_type(module, o.ty)?;
                let _ = writeln!(w, "    @location({location}) @interpolate(flat) v{location}: {ty},");
                varyings.push((*location, access));
            }
            other => return Err(unsupported(format!("output {other:?} in a point-expanded draw"))),
        }
    }
    if let Some(l) = cfg.point_coord_location {
        let _ = writeln!(w, "    @location({l}) @interpolate(linear) point_coord: vec2<f32>,");
    }
    let Some(position) = position else {
        return Err(unsupported("a point-list vertex stage that writes no Position"));
    };
    let _ = writeln!(
        w,
        "}}

const TESSERAE_CORNERS = array<vec2<f32>, 6>(
    vec2<f32>(-1.0, 1.0), vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, 1.0),
    vec2<f32>(1.0, 1.0), vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0),
);

@vertex
fn tesserae_points_main(@builtin(vertex_index) tesserae_corner_id: u32, @builtin(instance_index) tesserae_instance: u32) -> TesseraePointOut {{
    let tesserae_vertex_id = tesserae_vertex_index(tesserae_corner_id / 6u);
    let tesserae_corner = TESSERAE_CORNERS[tesserae_corner_id % 6u];"
    );
    let mut call = Vec::new();
    for (i, a) in args.iter().enumerate() {
        match a {
            Arg::Location { location, ty } => {
                let (slot, attr) = cfg
                    .layouts
                    .iter()
                    .enumerate()
                    .find_map(|(s, b)| b.attributes.iter().find(|x| x.location == *location).map(|x| (s, x)))
                    .ok_or_else(|| TranslateError::InvalidDesc(format!("vertex input at location {location} has no attribute")))?;
                let layout = &cfg.layouts[slot];
                if layout.stride % 4 != 0 || attr.offset % 4 != 0 {
                    return Err(unsupported("vertex attributes not aligned to 4 bytes in a point-expanded draw"));
                }
                let element = match layout.step_mode {
                    StepMode::Vertex => "tesserae_vertex_id",
                    StepMode::Instance => "tesserae_instance",
                };
                let _ = writeln!(
                    w,
                    "    let tesserae_w{i} = {element} * {}u + {}u;\n    let tesserae_a{i} = {};",
                    layout.stride / 4,
                    attr.offset / 4,
                    decode(attr.format, &format!("tesserae_vb{slot}"), &format!("tesserae_w{i}"))
                );
                let (tyname, _, n) = wgsl_type(module, *ty)?;
                let swizzle = ["x", "xy", "xyz", "xyzw"][(n as usize).clamp(1, 4) - 1];
                call.push(format!("{tyname}(tesserae_a{i}.{swizzle})"));
            }
            Arg::VertexIndex { ty } | Arg::InstanceIndex { ty } => {
                let v = if matches!(a, Arg::VertexIndex { .. }) { "tesserae_vertex_id" } else { "tesserae_instance" };
                let (tyname, _, _) = wgsl_type(module, *ty)?;
                call.push(format!("{tyname}({v})"));
            }
        }
    }
    let _ = writeln!(w, "    let tesserae_out = tesserae_vertex({});", call.join(", "));
    let _ = writeln!(w, "    let tesserae_c = {position};");
    let size = if writes_size { POINT_SIZE_GLOBAL } else { "tesserae_draw.point_size" };
    // `select` rather than `clamp`: a NaN size must become the minimum, as on lavapipe.
    // Only depth clips a point's centre: lavapipe draws points whose centre is just outside
    // the x/y planes (its guard band), and the viewport cuts the rest.
    let _ = writeln!(
        w,
        "    let tesserae_size = min(select(tesserae_draw.size_range.x, {size}, {size} > tesserae_draw.size_range.x), tesserae_draw.size_range.y);
    var tesserae_keep = tesserae_c.z >= 0.0 && tesserae_c.z <= tesserae_c.w;"
    );
    if let Some((clip, n)) = clip {
        let _ = writeln!(w, "    for (var i = 0u; i < {n}u; i++) {{ if {clip}[i] < 0.0 {{ tesserae_keep = false; }} }}");
    }
    let _ = writeln!(
        w,
        "    var o: TesseraePointOut;
    let tesserae_offset = tesserae_corner * tesserae_size / tesserae_draw.viewport * tesserae_c.w;
    o.position = select(vec4<f32>(2.0, 2.0, 2.0, 1.0), vec4<f32>(tesserae_c.xy + tesserae_offset, tesserae_c.zw), tesserae_keep);"
    );
    for (l, access) in &varyings {
        let _ = writeln!(w, "    o.v{l} = {access};");
    }
    if cfg.point_coord_location.is_some() {
        let _ = writeln!(w, "    o.point_coord = vec2<f32>(0.5 + 0.5 * tesserae_corner.x, 0.5 - 0.5 * tesserae_corner.y);");
    }
    let _ = writeln!(w, "    return o;\n}}");
    Ok(w)
}
