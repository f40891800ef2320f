//! Cull distances through a compute primitive pass.
//!
//! WebGPU has no cull distances, and culling needs whole primitives, so a pipeline whose
//! vertex stage writes `CullDistance` runs as four passes per draw:
//!
//! 1. **vertex** (compute, one invocation per draw position × instance): pulls the attributes
//!    ([`crate::vertex_pulling`]), runs the vertex stage as a function, and writes a record
//!    ([`record_layout`]) to `records[instance * count + position]`: position, the varyings in
//!    output order, then the clip and cull distances.
//! 2. **primitives** (compute, one invocation per primitive × instance): assembles lists and
//!    strips in Vulkan's vertex order (odd strip triangles `(i, i+2, i+1)`; primitive restart
//!    for indexed strips restarts the parity), sets `flags[q]` to 0 when for some cull distance
//!    every vertex is negative, else 1, and writes the record indices to `prims[q * n + k]`.
//! 3. **compact** (compute, one workgroup of 256): an ordered compaction — each thread sums the
//!    flags of a contiguous chunk, the chunk sums are scanned, each thread copies its
//!    survivors — into `indices`, and writes `indirect` = (index count, 1, 0, 0, 0). Order is
//!    preserved, so later primitives still draw over earlier ones.
//! 4. **draw** (render): an indexed indirect draw with a pass-through vertex stage that reads
//!    `records[vertex_index]` and outputs position, varyings and clip distances (native
//!    `clip_distances` or emulated varyings).

use crate::desc::{Topology, VertexBufferLayout};
use crate::emulation::Emulation;
use crate::error::TranslateError;
use crate::record_draw;
use crate::records::{self, Field, RecordLayout};
use crate::vertex_function::{self, unsupported};
use crate::vertex_pulling;
use crate::vertex_records::{self, Source, Store};
use crate::wgsl::ValidatedWgsl;
use crate::Stage;
use naga::{Binding, BuiltIn};

pub const VERTEX_ENTRY: &str = "tesserae_vertex_main";
pub const PRIMITIVE_ENTRY: &str = "tesserae_primitive_main";
pub const COMPACT_ENTRY: &str = "tesserae_compact_main";
pub const PASSTHROUGH_ENTRY: &str = "tesserae_passthrough_main";
/// Invocations per workgroup of the vertex and primitive passes.
pub const WORKGROUP: u32 = 64;

/// Vertices per primitive of a (non-point) topology.
pub fn vertices_per_primitive(t: Topology) -> u32 {
    match t {
        Topology::LineList | Topology::LineStrip => 2,
        Topology::PointList => 1,
        Topology::LineListAdjacency | Topology::LineStripAdjacency => 4,
        Topology::TriangleListAdjacency | Topology::TriangleStripAdjacency => 6,
        _ => 3,
    }
}

/// Vertices of a primitive the rasterizer draws: without a geometry stage, primitives with
/// adjacency draw their line (vertices 1, 2) or triangle (0, 2, 4) alone.
pub fn rasterized_vertices(t: Topology) -> u32 {
    match t {
        Topology::LineListAdjacency | Topology::LineStripAdjacency => 2,
        Topology::TriangleListAdjacency | Topology::TriangleStripAdjacency => 3,
        _ => vertices_per_primitive(t),
    }
}

/// Primitives per instance of a draw of `count` vertices (or indices), restarts included.
pub fn primitives_per_instance(t: Topology, count: u32) -> u32 {
    let n = vertices_per_primitive(t);
    match t {
        Topology::LineStrip | Topology::TriangleStrip | Topology::LineStripAdjacency => (count + 1).saturating_sub(n),
        // Triangle i takes vertices 2i - 2 to 2i + 6 (Vulkan's table), so 2 more per triangle.
        Topology::TriangleStripAdjacency => count.saturating_sub(4) / 2,
        Topology::PatchList { control_points } => count / control_points.max(1),
        _ => count / n,
    }
}

/// The WGSL of the four passes.
pub struct CullPasses {
    pub vertex: ValidatedWgsl,
    pub primitive: ValidatedWgsl,
    pub compact: ValidatedWgsl,
    pub passthrough: ValidatedWgsl,
    /// The vertex records the vertex pass writes.
    pub layout: RecordLayout,
    /// Clip distances output natively by the pass-through stage.
    pub native_clip: u32,
    /// The vertex stage writes `Layer` / `ViewportIndex`: the draw is the direct one of
    /// [`Self::direct`], once per layer and viewport.
    pub layered: bool,
    pub viewports: bool,
}

impl CullPasses {
    /// Whether the draw reads `prims` directly (every primitive at its place, a dropped one's
    /// indices [`crate::tessellation::evaluation::CULLED_INDEX`]), one instance per layer and
    /// viewport, instead of the compacted list through `indirect`: an indirect draw cannot
    /// carry the instance that names the layer and viewport drawn.
    pub fn direct(&self) -> bool {
        self.layered || self.viewports
    }
}

/// Bindings (in the emulation group) of the intermediate buffers.
#[derive(Debug, Clone, Copy)]
pub struct CullBindings {
    pub emulation: Emulation,
    pub records: u32,
    pub prims: u32,
    pub flags: u32,
    pub indices: u32,
    pub indirect: u32,
}

/// What the four passes are built for.
pub struct CullConfig<'a> {
    pub bindings: CullBindings,
    pub layouts: &'a [VertexBufferLayout],
    pub topology: Topology,
    /// Cull distances, demoted to [`vertex_function::CULL_GLOBAL`].
    pub cull_distances: u32,
    /// Where clip distances go as varyings (emulated clipping), or `None` for native
    /// `clip_distances`.
    pub emulated_clip_location: Option<u32>,
    /// The rasterizer takes flat varyings from a primitive's last vertex.
    pub provoking_last: bool,
    /// Parse the written WGSL back and validate it ([`crate::Options::verify_wgsl_round_trip`]).
    pub verify: bool,
}

pub fn build(mut module: naga::Module, cfg: &CullConfig) -> Result<CullPasses, TranslateError> {
    let CullConfig { bindings: b, layouts, topology, cull_distances: cull_n, emulated_clip_location, provoking_last, verify } = *cfg;
    let func = vertex_function::from_entry(&mut module)?;
    let slots = vertex_pulling::used_slots(&func, layouts)?;
    let mut position = None;
    let mut varyings = Vec::new();
    let mut clip = None;
    let mut stores = Vec::new();
    for (i, o) in func.outputs.iter().enumerate() {
        match &o.binding {
            Binding::BuiltIn(BuiltIn::Position { .. }) => position = Some(Source::Output(i)),
            Binding::BuiltIn(BuiltIn::ClipDistances) => {
                clip = Some((Source::Output(i), vertex_function::clip_distance_count(Stage::Vertex, &module, o.ty)?))
            }
            &Binding::Location { location, .. } => {
                varyings.push(o);
                stores.push(Store::Value(Field::Location(location), Source::Output(i)));
            }
            other => return Err(unsupported(format!("output {other:?} with cull distances"))),
        }
    }
    let Some(position) = position else { return Err(unsupported("a vertex stage that writes no Position")) };
    let demoted = |name: &str| vertex_function::demoted_global(&module, name).map(|g| g.map(Source::Global));
    let cull = demoted(vertex_function::CULL_GLOBAL)?;
    if cull_n > 0 && cull.is_none() {
        return Err(unsupported("cull distances the lowering did not demote"));
    }
    let clip_n = clip.as_ref().map_or(0, |c| c.1);
    let (layer, viewport) = (demoted(vertex_function::LAYER_GLOBAL)?, demoted(vertex_function::VIEWPORT_GLOBAL)?);
    let (layered, viewports) = (layer.is_some(), viewport.is_some());
    let mut layout = record_layout(&module, &varyings, clip_n, cull_n);
    if layered {
        layout.add(Field::Layer, 1);
    }
    if viewports {
        layout.add(Field::ViewportIndex, 1);
    }
    let direct = layered || viewports;

    // 1. Vertex stage as compute.
    stores.insert(0, Store::Vec4(Field::Position, position));
    if let Some((source, n)) = clip {
        stores.push(Store::Floats(Field::ClipDistances, source, n));
    }
    if let Some(cull) = cull.filter(|_| cull_n > 0) {
        stores.push(Store::Floats(Field::CullDistances, cull, cull_n));
    }
    stores.extend(layer.map(|l| Store::U32(Field::Layer, l)));
    stores.extend(viewport.map(|v| Store::U32(Field::ViewportIndex, v)));
    let n = rasterized_vertices(topology);
    let primitive = crate::profile::phase("emulation: primitive kernel", || {
        primitive_pass(b, topology, &layout, cull_n, provoking_last, direct, verify)
    })?;
    let compact =
        crate::profile::phase("emulation: compact kernel", || crate::wgsl::round_trip_template(Stage::Vertex, compact_kernel(b, n)))?;
    let passthrough = crate::profile::phase("emulation: passthrough", || {
        record_draw::passthrough(&record_draw::Passthrough {
            stage: Stage::Vertex,
            emulation: b.emulation,
            records: b.records,
            module: &module,
            varyings: varyings.iter().filter_map(|o| record_draw::Varying::of_output(&module, o)).collect(),
            layout: &layout,
            clip_distances: clip_n,
            emulated_clip: emulated_clip_location,
            culled_index: direct,
            primitive_id: None,
            layered,
            viewports,
            entry: PASSTHROUGH_ENTRY,
            verify,
        })
    })?;
    let pass = vertex_records::RecordsPass {
        emulation: b.emulation,
        layouts,
        slots: &slots,
        records_binding: Some(b.records),
        capture: None,
        entry: VERTEX_ENTRY,
        workgroup: WORKGROUP,
        layout: &layout,
        stores,
        verify,
    };
    let vertex = vertex_records::build(module, &func, &pass)?;
    Ok(CullPasses {
        vertex,
        primitive,
        compact,
        passthrough,
        layout,
        native_clip: if emulated_clip_location.is_some() { 0 } else { clip_n },
        layered,
        viewports,
    })
}

/// The vertex record: position, each varying (in output order), clip distances, cull
/// distances (present even when there are none: the primitive pass reads its offset).
fn record_layout(module: &naga::Module, varyings: &[&vertex_function::Output], clip_n: u32, cull_n: u32) -> RecordLayout {
    let mut layout = RecordLayout::packed();
    layout.add(Field::Position, 1);
    for o in varyings {
        if let Binding::Location { location, .. } = o.binding {
            layout.add_location(location, module, o.ty);
        }
    }
    if clip_n > 0 {
        layout.add_distances(Field::ClipDistances, clip_n);
    }
    layout.add_distances(Field::CullDistances, cull_n);
    layout
}

/// WGSL statements assembling primitive `p` of the draw (`n` vertices, from a list or a
/// strip) into the draw positions `v[0..n]`, in Vulkan's vertex order: odd triangles of a strip
/// `(i, i+2, i+1)`, the parity counted from the last restart; `keep` is cleared when a restart
/// index lies inside a strip's primitive. Triangle strips with adjacency follow Vulkan's order
/// (first, middle odd or even, last, only; every triangle from its provoking vertex 2i) counted
/// from the draw's first vertex: a restart index
/// among a primitive's vertices drops the primitive, but does not start a new strip there
/// (not yet taken). `v` and `keep` are declared by the caller.
pub(crate) fn assemble_wgsl(topology: Topology) -> String {
    let n = vertices_per_primitive(topology);
    if topology == Topology::TriangleStripAdjacency {
        return "    let i2 = 2u * p;
    let last = p + 1u == tesserae_draw.primitives;
    if p == 0u {
        v = array<u32, 6>(0u, 1u, 2u, select(6u, 5u, last), 4u, 3u);
    } else if (p & 1u) == 1u {
        // OpenGL's table starts odd triangles at 2i + 2; Vulkan numbers every triangle from
        // its provoking vertex 2i, the same six vertices rotated by two.
        v = array<u32, 6>(i2, i2 + 3u, i2 + 4u, select(i2 + 6u, i2 + 5u, last), i2 + 2u, i2 - 2u);
    } else {
        v = array<u32, 6>(i2, i2 - 2u, i2 + 2u, select(i2 + 6u, i2 + 5u, last), i2 + 4u, i2 + 3u);
    }
    for (var k = 0u; k < 6u; k++) {
        if tesserae_is_restart(v[k]) {
            keep = false;
        }
    }
"
        .to_string();
    }
    if !topology.is_strip() {
        return format!("    for (var k = 0u; k < {n}u; k++) {{ v[k] = p * {n}u + k; }}\n");
    }
    let order = match n {
        2 => "v[0] = p; v[1] = p + 1u;",
        3 => "v[0] = p; v[1] = p + 1u + odd; v[2] = p + 2u - odd;",
        // Lines with adjacency: (i, i + 1, i + 2, i + 3), no parity.
        _ => "v[0] = p; v[1] = p + 1u; v[2] = p + 2u; v[3] = p + 3u;",
    };
    format!(
        "    for (var k = 0u; k < {n}u; k++) {{
        if tesserae_is_restart(p + k) {{
            keep = false;
        }}
    }}
    // Strip parity counts from the last restart.
    var start = 0u;
    for (var j = p; j > 0u; j--) {{
        if tesserae_is_restart(j - 1u) {{
            start = j;
            break;
        }}
    }}
    let odd = (p - start) & 1u;
    {order}
"
    )
}

/// The primitive pass: for each primitive of the draw (and instance), its vertices' record
/// numbers and whether its cull distances keep it. Its template
/// ([`primitive_template`]) takes what the record layout fixes as arguments, which the entry
/// point built in naga IR passes.
#[allow(clippy::too_many_arguments)]
fn primitive_pass(
    b: CullBindings,
    topology: Topology,
    layout: &RecordLayout,
    cull_n: u32,
    provoking_last: bool,
    direct: bool,
    verify: bool,
) -> Result<ValidatedWgsl, TranslateError> {
    let template = crate::wgsl::round_trip_template(Stage::Vertex, primitive_template(b, topology, provoking_last, direct))?;
    let mut module = template.module().clone();
    let cull_first = if cull_n > 0 {
        layout.offset(Field::CullDistances).ok_or_else(|| TranslateError::InvalidPlan("cull distances without their field".into()))?
    } else {
        0
    };
    let primitive = crate::emulate::ir::template_function(&module, PRIMITIVE_FUNCTION)?;
    crate::emulate::ir::compute_entry_calling(&mut module, PRIMITIVE_ENTRY, WORKGROUP, primitive, &[layout.stride(), cull_first, cull_n]);
    crate::wgsl::validate_and_write(Stage::Vertex, module, verify)
}

const PRIMITIVE_FUNCTION: &str = "tesserae_cull_primitive";

/// The primitive pass's function, `tesserae_cull_primitive(gid, stride, cull_first, cull_n)`:
/// records of `stride` slots whose cull distances start at slot `cull_first`.
/// `provoking_last`: the rasterizer takes flat varyings from a primitive's last vertex (wgpu's
/// GL backend), so each primitive's vertices are rotated by one, `(b, c, a)`, which keeps the
/// winding and makes Vulkan's first vertex the last.
fn primitive_template(b: CullBindings, topology: Topology, provoking_last: bool, direct: bool) -> String {
    let (assembled, n, strip) = (vertices_per_primitive(topology), rasterized_vertices(topology), topology.is_strip());
    // Drawn directly, a dropped primitive's indices are the culled index.
    let vertex_of =
        |v: &str| if direct { format!("select({}u, {v}, keep)", crate::tessellation::evaluation::CULLED_INDEX) } else { v.to_string() };
    // The drawn vertices of a primitive with adjacency, moved to the front.
    let drawn = match assembled - n {
        2 => "    v[0] = v[1]; v[1] = v[2];\n",
        3 => "    v[1] = v[2]; v[2] = v[4];\n",
        _ => "",
    };
    let vertex = if provoking_last && n > 1 { format!("v[(k + 1u) % {n}u]") } else { "v[k]".to_string() };
    format!(
        "{params}
{records}
{prims} var<storage, read_write> tesserae_prims: array<u32>;
{flags} var<storage, read_write> tesserae_flags: array<u32>;

fn {PRIMITIVE_FUNCTION}(gid: vec3<u32>, stride: u32, cull_first: u32, cull_n: u32) {{
    let p = gid.x;
    if p >= tesserae_draw.primitives {{
        return;
    }}
    var v = array<u32, {v_len}>();
    var keep = true;
{assemble}{drawn}    let base = gid.y * tesserae_draw.count;
    for (var c = 0u; c < cull_n; c++) {{
        var all_negative = true;
        for (var k = 0u; k < {n}u; k++) {{
            let d = tesserae_records[(base + v[k]) * stride + cull_first + c / 4u][c % 4u];
            if !(d < 0.0) {{
                all_negative = false;
            }}
        }}
        if all_negative {{
            keep = false;
        }}
    }}
    let q = gid.y * tesserae_draw.primitives + p;
    tesserae_flags[q] = select(0u, 1u, keep);
    for (var k = 0u; k < {n}u; k++) {{
        tesserae_prims[q * {n}u + k] = {written};
    }}
}}
",
        written = vertex_of(&format!("base + {vertex}")),
        // Only strips read the index buffer (for restarts).
        params = if strip { b.emulation.draw_params_wgsl() + b.emulation.is_restart_wgsl() } else { b.emulation.draw_uniform_wgsl() },
        assemble = assemble_wgsl(topology),
        v_len = assembled.max(3),
        records = records::declaration(&b.emulation.at(b.records), "read", "tesserae_records"),
        prims = b.emulation.at(b.prims),
        flags = b.emulation.at(b.flags),
    )
}

/// The compaction pass's WGSL, a template ([`crate::wgsl::round_trip_template`]): it depends on
/// the bindings and the vertices per primitive only.
fn compact_kernel(b: CullBindings, n: u32) -> String {
    format!(
        "{params}
{prims} var<storage, read> tesserae_prims: array<u32>;
{flags} var<storage, read> tesserae_flags: array<u32>;
{indices} var<storage, read_write> tesserae_out_indices: array<u32>;
{indirect} var<storage, read_write> tesserae_indirect: array<u32>;
var<workgroup> tesserae_sums: array<u32, 256>;

@compute @workgroup_size(256)
fn {COMPACT_ENTRY}(@builtin(local_invocation_index) t: u32) {{
    let total = tesserae_draw.primitives * tesserae_draw.instances;
    let chunk = (total + 255u) / 256u;
    let start = min(t * chunk, total);
    let end = min(start + chunk, total);
    var sum = 0u;
    for (var i = start; i < end; i++) {{
        sum += tesserae_flags[i];
    }}
    tesserae_sums[t] = sum;
    workgroupBarrier();
    if t == 0u {{
        var acc = 0u;
        for (var i = 0u; i < 256u; i++) {{
            let x = tesserae_sums[i];
            tesserae_sums[i] = acc;
            acc += x;
        }}
        tesserae_indirect[0] = acc * {n}u;
        tesserae_indirect[1] = 1u;
        tesserae_indirect[2] = 0u;
        tesserae_indirect[3] = 0u;
        tesserae_indirect[4] = 0u;
    }}
    workgroupBarrier();
    var dst = tesserae_sums[t];
    for (var i = start; i < end; i++) {{
        if tesserae_flags[i] != 0u {{
            for (var k = 0u; k < {n}u; k++) {{
                tesserae_out_indices[dst * {n}u + k] = tesserae_prims[i * {n}u + k];
            }}
            dst += 1u;
        }}
    }}
}}
",
        params = b.emulation.draw_uniform_wgsl(),
        prims = b.emulation.at(b.prims),
        flags = b.emulation.at(b.flags),
        indices = b.emulation.at(b.indices),
        indirect = b.emulation.at(b.indirect),
    )
}
