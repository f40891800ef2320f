//! Point expansion: a point-list draw whose last pre-rasterization stage writes `PointSize`
//! (or whose fragment stage reads `PointCoord`, or that culls or emulates clipping) becomes
//! two passes per draw:
//!
//! 1. **point vertices** (compute, one invocation per draw position × instance): pulls the
//!    vertex ([`crate::vertex_pulling`]), runs the stage as a function
//!    ([`crate::vertex_function`]) and writes a record ([`record_layout`]) to
//!    `records[instance * count + position]`: the clip-space position, (size, keep, 0, 0), the
//!    varyings in output order. `keep` is 0 when the point is dropped whole.
//! 2. **expanded points** (render): one indexed triangle-list draw, six indices per record
//!    over its four corners (a `QuadIndices` buffer the runtime fills once), so each corner is shaded once and llvmpipe
//!    sees one draw rather than an instance per point; each corner moves the position to the corner of a square of `size` pixels
//!    (viewport from the draw's uniform). Varyings leave as `flat`, `PointCoord` as a `linear`
//!    varying from (0,0) at the upper left to (1,1).
//!
//! The vertex stage thus runs once per point, not once per corner. A point is dropped whole
//! when its depth lies outside [0, w], any clip distance is negative, or any cull distance is
//! negative; lavapipe keeps points whose centre is just outside the x/y planes (see
//! docs/emulation.md, "What lavapipe does where the spec leaves a choice"). Sizes below the range minimum, and NaN, draw at the minimum, as on lavapipe.

use crate::emulation::Emulation;
use crate::error::TranslateError;
use crate::records::{Field, RecordLayout};
use crate::vertex_function::{self, array_len, unsupported};
use crate::vertex_records::{self, Source, Store};
use crate::wgsl::ValidatedWgsl;
use crate::{desc::Stage, record_draw, vertex_pulling, VertexBufferLayout};
use naga::{Binding, BuiltIn};

/// Indices drawn per point (two triangles over its four corners).
pub const INDICES_PER_POINT: u32 = 6;
/// Name the lowering gives the private variable that holds the written point size.
pub const POINT_SIZE_GLOBAL: &str = "tesserae_point_size";
pub const VERTEX_ENTRY: &str = "tesserae_point_vertex_main";
pub const ENTRY_POINT: &str = "tesserae_points_main";
/// Invocations per workgroup of the point-vertex pass.
pub const WORKGROUP: u32 = 64;
/// A position outside the clip volume: every corner of a dropped point goes there.
pub(crate) const OUTSIDE_CLIP_VOLUME: &str = "vec4<f32>(2.0, 2.0, 2.0, 1.0)";

/// The point-list rules as WGSL statements: `tesserae_c`, the clip-space centre `position`;
/// `tesserae_size`, `size` clamped to the draw's range; `tesserae_keep`, whether the point is
/// drawn (its depth, then `tests`, statements that may set it false).
pub(crate) fn point_rules(position: &str, size: &str, tests: &str) -> String {
    format!(
        "    let tesserae_c = {position};
    // `select` rather than `clamp`: a NaN size must become the minimum, as on lavapipe.
    let tesserae_size = min(select(tesserae_draw.size_range.x, {size}, {size} > tesserae_draw.size_range.x), tesserae_draw.size_range.y);
    // Only depth clips a point's centre: lavapipe draws points whose centre is just outside
    // the x/y planes (its guard band), and the viewport cuts the rest.
    var tesserae_keep = tesserae_c.z >= 0.0 && tesserae_c.z <= tesserae_c.w;
{tests}"
    )
}

/// The corner numbered `id` (0 to 3, from its bits) of a point's square, in units of half its
/// size: (-1, 1), (-1, -1), (1, 1), (1, -1). A dynamically indexed constant array would cost a
/// local copy per invocation in the SPIR-V naga writes.
pub(crate) fn corner(id: &str) -> String {
    format!("vec2<f32>(select(-1.0, 1.0, ({id} & 2u) != 0u), select(1.0, -1.0, ({id} & 1u) != 0u))")
}

/// `PointCoord` at `corner`: (0, 0) at the upper left, (1, 1) at the lower right.
pub(crate) fn point_coord(corner: &str) -> String {
    format!("vec2<f32>(0.5 + 0.5 * {corner}.x, 0.5 - 0.5 * {corner}.y)")
}

pub struct PointExpansion<'a> {
    pub layouts: &'a [VertexBufferLayout],
    /// Location of the `PointCoord` varying, when the fragment stage reads it.
    pub point_coord_location: Option<u32>,
    /// Cull distances, demoted to [`vertex_function::CULL_GLOBAL`].
    pub cull_distances: u32,
    pub emulation: Emulation,
    /// Binding (in the emulation group) of the records buffer.
    pub records_binding: u32,
    /// Parse the written WGSL back and validate it ([`crate::Options::verify_wgsl_round_trip`]).
    pub verify: bool,
}

/// The two passes' WGSL.
pub struct PointPasses {
    pub vertex: ValidatedWgsl,
    pub expand: ValidatedWgsl,
    /// The records the point-vertex pass writes.
    pub layout: RecordLayout,
}

/// A point's record: position, (size, keep, 0, 0), each varying in output order.
fn record_layout<'a>(module: &naga::Module, varyings: impl Iterator<Item = (u32, &'a vertex_function::Output)>) -> RecordLayout {
    let mut layout = RecordLayout::packed();
    layout.add(Field::Position, 1);
    layout.add(Field::PointSizeKeep, 1);
    for (location, o) in varyings {
        layout.add_location(location, module, o.ty);
    }
    layout
}

/// Builds both passes from the naga module of the (lowered) vertex stage.
pub fn expand(mut module: naga::Module, cfg: &PointExpansion) -> Result<PointPasses, TranslateError> {
    let func = vertex_function::from_entry(&mut module)?;
    let slots = vertex_pulling::used_slots(&func, cfg.layouts)?;

    let demoted = |name: &str| vertex_function::demoted_global(&module, name).map(|g| g.map(Source::Global));
    let mut position = None;
    let mut distances = Vec::new();
    let mut varyings = Vec::new();
    for (i, o) in func.outputs.iter().enumerate() {
        match &o.binding {
            Binding::BuiltIn(BuiltIn::Position { .. }) => position = Some(Source::Output(i)),
            Binding::BuiltIn(BuiltIn::ClipDistances) => distances.push((Source::Output(i), array_len(&module, o.ty))),
            Binding::Location { location, .. } => varyings.push((*location, i, o)),
            other => return Err(unsupported(format!("output {other:?} in a point-expanded draw"))),
        }
    }
    let Some(position) = position else {
        return Err(unsupported("a point-list vertex stage that writes no Position"));
    };
    if cfg.cull_distances > 0 {
        let cull = demoted(vertex_function::CULL_GLOBAL)?.ok_or_else(|| unsupported("cull distances without their demoted array"))?;
        distances.push((cull, cfg.cull_distances));
    }
    let size = demoted(POINT_SIZE_GLOBAL)?.unwrap_or(Source::DrawPointSize);
    let layout = record_layout(&module, varyings.iter().map(|v| (v.0, v.2)));

    // 1. The vertex stage once per point, as compute.
    let mut stores = vec![Store::Point { position, size, distances }];
    stores.extend(varyings.iter().map(|&(location, i, _)| Store::Value(Field::Location(location), Source::Output(i))));

    // 2. Four corners per record.
    let expand = record_draw::squares(&record_draw::Squares {
        stage: Stage::Vertex,
        emulation: cfg.emulation,
        records_binding: cfg.records_binding,
        vertices: record_draw::Vertices::FourPerRecord,
        module: &module,
        varyings: varyings.iter().map(|&(location, _, o)| record_draw::Varying::flat(location, o.ty)).collect(),
        layout: &layout,
        point_coord: cfg.point_coord_location,
        entry: ENTRY_POINT,
        verify: cfg.verify,
    })?;
    let pass = vertex_records::RecordsPass {
        emulation: cfg.emulation,
        layouts: cfg.layouts,
        slots: &slots,
        records_binding: Some(cfg.records_binding),
        capture: None,
        entry: VERTEX_ENTRY,
        workgroup: WORKGROUP,
        layout: &layout,
        stores,
        verify: cfg.verify,
    };
    let vertex = vertex_records::build(module, &func, &pass)?;
    Ok(PointPasses { vertex, expand, layout })
}
