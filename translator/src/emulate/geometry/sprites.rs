//! The draw of a geometry stage's points of a size: squares, as point expansion draws them.

use super::{GeometryBuffers, SPRITES_ENTRY};
use crate::desc::Stage;
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::records::{self, Field, Record, RecordLayout, Value};
use crate::tessellation::evaluation::CULLED_INDEX;
use crate::vertex_function;
use std::fmt::Write;

/// The vertex stage drawing a geometry stage's points as squares: six vertices per entry of the
/// index list (read as storage), each moving its record's point to a corner of a square of the
/// record's size (the point-list rules, as [`crate::points`]); varyings flat, `PointCoord` at
/// `point_coord`.
pub(super) fn sprites_wgsl(
    e: Emulation,
    module: &naga::Module,
    varyings: &[vertex_function::Output],
    layout: &RecordLayout,
    buffers: &GeometryBuffers,
    point_coord: Option<u32>,
) -> Result<String, TranslateError> {
    use crate::points::{corner, point_coord as coord_at, OUTSIDE_CLIP_VOLUME};
    let record = Record { buffer: "tesserae_records", base: "b" };
    let mut fields = String::from("    @builtin(position) position: vec4<f32>,\n");
    let mut copies = String::new();
    for o in varyings {
        let naga::Binding::Location { location, .. } = o.binding else { continue };
        let (ty, _, _) = vertex_function::wgsl_type(module, o.ty)?;
        let _ = writeln!(fields, "    @location({location}) {} v{location}: {ty},", vertex_function::interpolate_attr(&o.binding));
        let place = Value { stage: Stage::Geometry, module, ty: o.ty, access: &format!("o.v{location}") };
        layout.load_value(Field::Location(location), place, &record, &mut copies)?;
    }
    if let Some(l) = point_coord {
        let _ = writeln!(fields, "    @location({l}) @interpolate(linear) point_coord: vec2<f32>,");
        let _ = writeln!(copies, "    o.point_coord = {};", coord_at("corner"));
    }
    Ok(format!(
        "{params}
{records}
{list} var<storage, read> tesserae_gs_list: array<u32>;

struct TesseraeSpriteOut {{
{fields}}}

@vertex
fn {SPRITES_ENTRY}(@builtin(vertex_index) tesserae_vertex: u32) -> TesseraeSpriteOut {{
    var o: TesseraeSpriteOut;
    let r = tesserae_gs_list[tesserae_vertex / 6u];
    if r == {CULLED_INDEX}u {{
        o.position = {OUTSIDE_CLIP_VOLUME};
        return o;
    }}
    // Two triangles over the corners (0, 1, 2) and (2, 1, 3).
    let k = tesserae_vertex % 6u;
    let corner_id = select(select(select(3u, 1u, k == 4u), 2u, k == 3u), k, k < 3u);
    let b = {base};
    let c = {position};
    let size_keep = {size_keep};
    let corner = {corner};
    let offset = corner * size_keep.x / tesserae_draw.viewport * c.w;
    o.position = select({OUTSIDE_CLIP_VOLUME}, vec4<f32>(c.xy + offset, c.zw), size_keep.y != 0.0);
{copies}    return o;
}}
",
        params = e.draw_uniform_wgsl(),
        records = records::declaration(&e.at(binding::intermediate(buffers.records)), "read", "tesserae_records"),
        list = e.at(binding::intermediate(buffers.indices)),
        base = layout.base_of("r"),
        position = layout.vec4(Field::Position, &record)?,
        size_keep = layout.vec4(Field::PointSizeKeep, &record)?,
        corner = corner("corner_id"),
    ))
}
