//! Point expansion: a point-list draw whose last pre-rasterization stage writes `PointSize`
//! (or whose fragment stage reads `PointCoord`) becomes an instanced draw of a four-vertex
//! triangle strip per point: instance `i` is point `i % count` of original instance
//! `i / count` (four vertex invocations per point rather than six).
//!
//! The vertex stage becomes the function `tesserae_vertex` ([`crate::vertex_function`]). A
//! generated entry point, for corner `k` of point `p`, pulls the vertex's attributes
//! ([`crate::vertex_pulling`]), calls it, and moves the position to the corner of a square of
//! `PointSize` pixels (viewport size from the draw's uniform). Varyings leave as `flat`,
//! `PointCoord` as a `linear` varying from (0,0) at the upper left to (1,1).
//!
//! A point is dropped whole (all six corners at one position outside the clip volume) when its
//! depth lies outside [0, w], any clip distance is negative, or any cull distance is negative;
//! lavapipe keeps points whose centre is just outside the x/y planes (see ARCHITECTURE.md).
//! Sizes below the range minimum, and NaN, draw at the minimum, as on lavapipe.

use crate::error::TranslateError;
use crate::vertex_function::{self, array_len, unsupported, wgsl_type};
use crate::vertex_pulling;
use crate::wgsl::{round_trip, ValidatedWgsl};
use crate::{desc::Stage, VertexBufferLayout};
use naga::{Binding, BuiltIn};
use std::fmt::Write;

pub use crate::vertex_pulling::DRAW_PARAMS_SIZE;
/// Vertices drawn per point (a triangle strip).
pub const CORNERS: u32 = 4;
/// Name the lowering gives the private variable that holds the written point size.
pub const POINT_SIZE_GLOBAL: &str = "tesserae_point_size";
pub const ENTRY_POINT: &str = "tesserae_points_main";

pub struct PointExpansion<'a> {
    pub layouts: &'a [VertexBufferLayout],
    /// Location of the `PointCoord` varying, when the fragment stage reads it.
    pub point_coord_location: Option<u32>,
    /// Cull distances, demoted to [`vertex_function::CULL_GLOBAL`].
    pub cull_distances: u32,
}

/// Turns the module's vertex entry point into the expansion entry point; returns its WGSL.
pub fn expand(mut module: naga::Module, cfg: &PointExpansion) -> Result<ValidatedWgsl, TranslateError> {
    let func = vertex_function::from_entry(&mut module)?;
    let writes_size = module.global_variables.iter().any(|(_, g)| g.name.as_deref() == Some(POINT_SIZE_GLOBAL));
    let mut src = vertex_function::module_wgsl(&module)?;
    let slots = vertex_pulling::used_slots(&func, cfg.layouts)?;
    src.push_str(&vertex_pulling::declarations(&slots));

    let mut out_struct = String::from("struct TesseraePointOut {\n    @builtin(position) position: vec4<f32>,\n");
    let mut copies = String::new();
    let mut tests = String::new();
    let mut position = None;
    for o in &func.outputs {
        match &o.binding {
            Binding::BuiltIn(BuiltIn::Position { .. }) => position = Some(o.access.clone()),
            Binding::BuiltIn(BuiltIn::ClipDistances) => {
                let n = array_len(&module, o.ty);
                let _ = writeln!(tests, "    for (var i = 0u; i < {n}u; i++) {{ if {}[i] < 0.0 {{ tesserae_keep = false; }} }}", o.access);
            }
            Binding::Location { location, .. } => {
                let (ty, _, _) = wgsl_type(&module, o.ty)?;
                let _ = writeln!(out_struct, "    @location({location}) @interpolate(flat) v{location}: {ty},");
                let _ = writeln!(copies, "    o.v{location} = {};", o.access);
            }
            other => return Err(unsupported(format!("output {other:?} in a point-expanded draw"))),
        }
    }
    if let Some(l) = cfg.point_coord_location {
        let _ = writeln!(out_struct, "    @location({l}) @interpolate(linear) point_coord: vec2<f32>,");
        copies.push_str("    o.point_coord = vec2<f32>(0.5 + 0.5 * tesserae_corner.x, 0.5 - 0.5 * tesserae_corner.y);\n");
    }
    out_struct.push_str("}\n");
    let Some(position) = position else {
        return Err(unsupported("a point-list vertex stage that writes no Position"));
    };
    if cfg.cull_distances > 0 {
        let _ = writeln!(tests, "    for (var i = 0u; i < {}u; i++) {{ if {}[i] < 0.0 {{ tesserae_keep = false; }} }}", cfg.cull_distances, vertex_function::CULL_GLOBAL);
    }
    let size = if writes_size { POINT_SIZE_GLOBAL } else { "tesserae_draw.point_size" };
    let pull = vertex_pulling::call(&module, &func, cfg.layouts, "tesserae_vertex_id", "tesserae_instance")?;
    let _ = write!(
        src,
        "
{out_struct}
const TESSERAE_CORNERS = array<vec2<f32>, 4>(
    vec2<f32>(-1.0, 1.0), vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, 1.0), vec2<f32>(1.0, -1.0),
);

@vertex
fn {ENTRY_POINT}(@builtin(vertex_index) tesserae_corner_id: u32, @builtin(instance_index) tesserae_id: u32) -> TesseraePointOut {{
    let tesserae_count = max(tesserae_draw.count, 1u);
    let tesserae_vertex_id = tesserae_vertex_index(tesserae_id % tesserae_count);
    let tesserae_instance = tesserae_id / tesserae_count + tesserae_draw.first_instance;
    let tesserae_corner = TESSERAE_CORNERS[tesserae_corner_id];
{pull}    let tesserae_c = {position};
    // `select` rather than `clamp`: a NaN size must become the minimum, as on lavapipe.
    let tesserae_size = min(select(tesserae_draw.size_range.x, {size}, {size} > tesserae_draw.size_range.x), tesserae_draw.size_range.y);
    // Only depth clips a point's centre: lavapipe draws points whose centre is just outside
    // the x/y planes (its guard band), and the viewport cuts the rest.
    var tesserae_keep = tesserae_c.z >= 0.0 && tesserae_c.z <= tesserae_c.w;
{tests}    var o: TesseraePointOut;
    let tesserae_offset = tesserae_corner * tesserae_size / tesserae_draw.viewport * tesserae_c.w;
    o.position = select(vec4<f32>(2.0, 2.0, 2.0, 1.0), vec4<f32>(tesserae_c.xy + tesserae_offset, tesserae_c.zw), tesserae_keep);
{copies}    return o;
}}
"
    );
    round_trip(Stage::Vertex, src)
}
