//! Geometry shaders on wgpu: the geometry stage as compute, what it emits drawn as lists.
//!
//! A draw of `p` primitives × `i` instances through a geometry stage of `N` invocations and
//! `max_vertices` output vertices runs three passes:
//! 1. **vertex** (compute, one invocation per draw position × instance): the vertex stage with
//!    vertex pulling, writing vertex records by location (as tessellation's vertex pass).
//! 2. **geometry** (compute, one invocation per input primitive × geometry invocation ×
//!    instance): assembles its primitive as the rasterizer would (lists, strips in Vulkan's
//!    vertex order, primitive restart), fills `gl_in` and the per-vertex inputs from the vertex
//!    records, sets `InvocationId` and `PrimitiveId`, and runs the stage
//!    ([`crate::lower::tess_io`] made its interface private globals). Each `EmitVertex`
//!    ([`crate::lower::geometry_emit`]) stores the outputs' current values as a record
//!    (position y-flipped as the last pre-rasterization stage's, varyings, clip and cull
//!    distances) at `slot * max_vertices + k`; each vertex that completes a primitive of the
//!    output strip (a point, a line, a triangle in Vulkan's strip order) writes that primitive's
//!    record indices into the invocation's own range of the index list, unless a cull distance
//!    is negative at all its vertices. What the range does not use holds
//!    [`CULLED_INDEX`], which the draw places outside the clip volume.
//! 3. **draw** (render): one indexed draw of the whole list (point, line or triangle list; its
//!    size is known from the draw: a fixed range per invocation), a pass-through vertex stage
//!    reading the records ([`crate::cull::passthrough`]). When the stage writes `Layer`, the
//!    application draws the plan once per layer, the layer as the draw's one instance, and the
//!    pass-through stage drops the vertices of other layers.
//!
//! `slot = (instance × p + primitive) × N + invocation`: ranges lie in API order (input
//! primitive, then invocation, then emission order), as Vulkan requires for depth and blending.
//! On a last-vertex rasterizer each primitive's indices are rotated by one (`(b, c, a)`), which
//! keeps the winding and puts Vulkan's provoking vertex last.

use crate::cull::{self, Passthrough};
use crate::desc::{PipelineDesc, ProvokingVertex, Stage, Topology};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::lower::geometry_emit::{EMIT_FUNCTION, END_FUNCTION};
use crate::lower::tess_io::{IoRole, IoStage, IoVar};
use crate::plan::*;
use crate::records::{self, Field, Record, RecordLayout, Value};
use crate::reflect::{LoadedModule, Reflection};
use crate::shape::PipelineShape;
use crate::tessellation::evaluation::CULLED_INDEX;
use crate::tessellation::module_items::global;
use crate::tessellation::{entry_to_function, fill_per_vertex, io_globals, set_builtins};
use crate::vertex_function;
use crate::wgsl::ValidatedWgsl;
use spirv::{BuiltIn, ExecutionMode};
use std::fmt::Write;

/// The private variable the geometry stage's `Position` output becomes.
pub const POSITION_GLOBAL: &str = "tesserae_geometry_position";
/// The private array the geometry stage's `ClipDistance` output becomes.
pub const CLIP_GLOBAL: &str = "tesserae_geometry_clip_distance";
/// The private variable the geometry stage's `PrimitiveId` output becomes.
pub const PRIMITIVE_ID_GLOBAL: &str = "tesserae_geometry_primitive_id";
/// The private variable the geometry stage's `Layer` output becomes.
pub const LAYER_GLOBAL: &str = "tesserae_geometry_layer";
/// The private variable the geometry stage's `ViewportIndex` output becomes.
pub const VIEWPORT_GLOBAL: &str = "tesserae_geometry_viewport_index";
/// The kernel's functions whose bodies the stage's emission functions take.
const EMIT_BODY: &str = "tesserae_gs_emit";
const END_BODY: &str = "tesserae_gs_end";
/// The stage's entry point as a function.
const STAGE_FUNCTION: &str = "tesserae_geometry";
pub const GEOMETRY_ENTRY: &str = "tesserae_geometry_main";
/// The entry point drawing a geometry stage's points as squares.
pub const SPRITES_ENTRY: &str = "tesserae_gs_sprites_main";
/// Invocations per workgroup of the vertex pass; the geometry pass has about as many.
pub const WORKGROUP: u32 = 64;
/// Most output vertices a geometry stage may declare (lavapipe's `maxGeometryOutputVertices`;
/// Vulkan guarantees 256).
pub const MAX_OUTPUT_VERTICES: u32 = 1024;
/// Most invocations (Vulkan's guaranteed `maxGeometryShaderInvocations`).
pub const MAX_INVOCATIONS: u32 = 32;

/// The input primitive a geometry stage declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputPrimitive {
    Points,
    Lines,
    LinesAdjacency,
    Triangles,
    TrianglesAdjacency,
}

impl InputPrimitive {
    /// Vertices of one input primitive (`gl_in.length()`).
    pub fn vertices(self) -> u32 {
        match self {
            InputPrimitive::Points => 1,
            InputPrimitive::Lines => 2,
            InputPrimitive::LinesAdjacency => 4,
            InputPrimitive::Triangles => 3,
            InputPrimitive::TrianglesAdjacency => 6,
        }
    }
}

/// The output primitive a geometry stage declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputPrimitive {
    Points,
    LineStrip,
    TriangleStrip,
}

impl OutputPrimitive {
    /// Vertices of one primitive the strip decomposes into.
    pub fn vertices(self) -> u32 {
        match self {
            OutputPrimitive::Points => 1,
            OutputPrimitive::LineStrip => 2,
            OutputPrimitive::TriangleStrip => 3,
        }
    }

    /// The list topology the draw rasterizes.
    pub fn list(self) -> Topology {
        match self {
            OutputPrimitive::Points => Topology::PointList,
            OutputPrimitive::LineStrip => Topology::LineList,
            OutputPrimitive::TriangleStrip => Topology::TriangleList,
        }
    }
}

/// What the geometry stage's execution modes declare, checked against the draw's topology.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GeometryState {
    pub input: InputPrimitive,
    pub output: OutputPrimitive,
    pub max_vertices: u32,
    pub invocations: u32,
}

impl GeometryState {
    /// Primitives one invocation can complete: every vertex past the first of a primitive
    /// completes at most one.
    pub fn max_primitives(&self) -> u32 {
        (self.max_vertices + 1).saturating_sub(self.output.vertices()).max(1)
    }

    /// Index-list entries each invocation owns.
    pub fn indices_per_invocation(&self) -> u32 {
        self.max_primitives() * self.output.vertices()
    }

    /// Input primitives per workgroup of the geometry pass.
    pub fn primitives_per_workgroup(&self) -> u32 {
        (WORKGROUP / self.invocations).max(1)
    }
}

fn refuse(what: impl Into<String>) -> TranslateError {
    TranslateError::unsupported(Stage::Geometry, what)
}

/// The input primitive the geometry stage declares.
fn geometry_input(r: &Reflection) -> Option<InputPrimitive> {
    [
        (ExecutionMode::InputPoints, InputPrimitive::Points),
        (ExecutionMode::InputLines, InputPrimitive::Lines),
        (ExecutionMode::InputLinesAdjacency, InputPrimitive::LinesAdjacency),
        (ExecutionMode::Triangles, InputPrimitive::Triangles),
        (ExecutionMode::InputTrianglesAdjacency, InputPrimitive::TrianglesAdjacency),
    ]
    .into_iter()
    .find(|(m, _)| r.execution_mode(*m).is_some())
    .map(|(_, p)| p)
}

/// Reads the geometry stage's execution modes.
pub fn state(r: &Reflection, topology: Topology) -> Result<GeometryState, TranslateError> {
    let has = |m: ExecutionMode| r.execution_mode(m).is_some();
    let input = geometry_input(r).ok_or_else(|| TranslateError::InvalidDesc("the geometry stage declares no input primitive".into()))?;
    let output = [
        (ExecutionMode::OutputPoints, OutputPrimitive::Points),
        (ExecutionMode::OutputLineStrip, OutputPrimitive::LineStrip),
        (ExecutionMode::OutputTriangleStrip, OutputPrimitive::TriangleStrip),
    ]
    .into_iter()
    .find(|(m, _)| has(*m))
    .map(|(_, p)| p)
    .ok_or_else(|| TranslateError::InvalidDesc("the geometry stage declares no output primitive".into()))?;
    let max_vertices = r.execution_mode(ExecutionMode::OutputVertices).and_then(|v| v.first().copied()).unwrap_or(0);
    if max_vertices == 0 {
        return Err(TranslateError::InvalidDesc("the geometry stage declares no output vertices".into()));
    }
    if max_vertices > MAX_OUTPUT_VERTICES {
        return Err(refuse(format!("{max_vertices} geometry output vertices (at most {MAX_OUTPUT_VERTICES})")));
    }
    let invocations = r.execution_mode(ExecutionMode::Invocations).and_then(|v| v.first().copied()).unwrap_or(1).max(1);
    if invocations > MAX_INVOCATIONS {
        return Err(refuse(format!("{invocations} geometry invocations (at most {MAX_INVOCATIONS})")));
    }
    let fits = match input {
        InputPrimitive::Points => topology == Topology::PointList,
        InputPrimitive::Lines => matches!(topology, Topology::LineList | Topology::LineStrip),
        InputPrimitive::Triangles => matches!(topology, Topology::TriangleList | Topology::TriangleStrip),
        InputPrimitive::LinesAdjacency => matches!(topology, Topology::LineListAdjacency | Topology::LineStripAdjacency),
        InputPrimitive::TrianglesAdjacency => matches!(topology, Topology::TriangleListAdjacency | Topology::TriangleStripAdjacency),
    };
    if !fits {
        return Err(TranslateError::InvalidDesc(format!("a geometry stage taking {input:?} drawn with {topology:?}")));
    }
    Ok(GeometryState { input, output, max_vertices, invocations })
}

/// The fragment stage of a geometry pipeline: its plan (whose inputs' bindings the draw's
/// varyings repeat) and where its `PrimitiveId` input went.
pub(crate) struct FragmentSide {
    pub plan: ShaderPlan,
    pub primitive_id: crate::shape::prepare::PrimitiveIdVarying,
}

/// The intermediate buffers of a geometry draw.
struct GeometryBuffers {
    vertex_records: BufferId,
    records: BufferId,
    indices: BufferId,
}

impl GeometryBuffers {
    /// Adds the buffers to `table`; the records' sizes are set once their passes give their
    /// layouts.
    fn declare(table: &mut BufferTable, st: &GeometryState) -> Self {
        let unsized_records = || BufferSize::Fixed { bytes: 0 };
        let index_bytes = 4 * (st.invocations * st.indices_per_invocation()) as u64;
        GeometryBuffers {
            vertex_records: table.add("vertex records", unsized_records(), BufferUsage::Storage),
            records: table.add("geometry records", unsized_records(), BufferUsage::Storage),
            indices: table.add("geometry indices", BufferSize::PerPrimitive { bytes: index_bytes }, BufferUsage::Index),
        }
    }
}

/// The passes of a pipeline with a geometry stage (after the shared per-stage steps).
pub(crate) fn translate(
    desc: &PipelineDesc,
    e: Emulation,
    shape: &PipelineShape,
    st: &GeometryState,
    vertex: LoadedModule,
    mut gs: LoadedModule,
    fragment: Option<FragmentSide>,
) -> Result<Plan, TranslateError> {
    let primitive_id = fragment.as_ref().and_then(|f| f.primitive_id);
    let verify = desc.options.verify_wgsl_round_trip;
    let native_clip = shape.varyings.clip.is_none();
    let vars = lower_stage(&mut gs, st)?;

    let mut table = BufferTable::default();
    let buffers = GeometryBuffers::declare(&mut table, st);

    // 1. Vertex stage → vertex records.
    let vmodule = crate::wgsl::spirv_to_module_unflipped(Stage::Vertex, &vertex)?;
    let (vwgsl, vlayout) = crate::tessellation::vertex_records(e, vmodule, desc, binding::intermediate(buffers.vertex_records))?;
    table.resize(buffers.vertex_records, BufferSize::PerPosition { bytes: vlayout.bytes() });

    // 2. Geometry stage → records and indices.
    let module = crate::wgsl::spirv_to_module(Stage::Geometry, &gs)?;
    let sprites = shape.draws_quads();
    let mut outputs = GeometryOutputs::of(&module, &vars, shape.clip_distances, shape.cull_distances, primitive_id.is_some());
    outputs.sprites = sprites;
    if sprites && (outputs.layer || outputs.viewport || outputs.primitive_id) {
        return Err(refuse(
            "points of a size from a geometry stage that writes Layer, ViewportIndex or a PrimitiveId the fragment stage reads",
        ));
    }
    let layout = outputs.layout(&module);
    let provoking_last = desc.options.provoking_vertex == ProvokingVertex::Last;
    let gwgsl = geometry_pass(e, module.clone(), &vars, st, &vlayout, &outputs, &layout, &buffers, provoking_last, desc.topology, verify)?;
    table.resize(buffers.records, BufferSize::PerPrimitive { bytes: layout.bytes() * (st.invocations * st.max_vertices) as u64 });

    // 3. The draw: a pass-through vertex stage over the records.
    let fragment = fragment.map(|f| f.plan);
    let varyings = outputs.varyings(&module, fragment.as_ref().map(|f| f.wgsl.module()));
    let varying_refs: Vec<&vertex_function::Output> = varyings.iter().collect();
    let passthrough = Passthrough {
        emulation: e,
        records: binding::intermediate(buffers.records),
        varyings: &varying_refs,
        layout: &layout,
        clip_distances: shape.clip_distances,
        emulated_clip: shape.varyings.clip,
        culled_index: true,
        primitive_id,
        layered: outputs.layer,
        viewports: outputs.viewport,
    };
    let (pwgsl, draw, clip_distances) = if sprites {
        let src = sprites_wgsl(e, &module, &varyings, &layout, &buffers, shape.varyings.point_coord)?;
        let w = crate::profile::phase("emulation: passthrough", || crate::wgsl::round_trip_kernel(Stage::Geometry, src))?;
        let draw = DrawShape::PointSpritesPerPrimitive {
            indices: buffers.indices,
            entries_per_primitive: st.invocations * st.indices_per_invocation(),
            vertices_per_entry: crate::points::INDICES_PER_POINT,
        };
        (w, draw, 0)
    } else {
        let w = crate::profile::phase("emulation: passthrough", || {
            cull::passthrough(&module, &passthrough).and_then(|s| crate::wgsl::round_trip_kernel(Stage::Geometry, s))
        })?;
        let draw = DrawShape::IndexedPerPrimitive {
            indices: buffers.indices,
            indices_per_primitive: st.invocations * st.indices_per_invocation(),
        };
        (w, draw, if native_clip { shape.clip_distances } else { 0 })
    };
    let shader = |stage, w: ValidatedWgsl| crate::shader_plan(stage, w);
    let passes = vec![
        crate::compute_pass("vertex", shader(Stage::Vertex, vwgsl), Workgroups::PerPosition { size: WORKGROUP }),
        crate::compute_pass("geometry", shader(Stage::Geometry, gwgsl), Workgroups::PerPrimitive { size: st.primitives_per_workgroup() }),
        Pass::Render(RenderPass {
            label: "geometry draw".into(),
            vertex: shader(Stage::Geometry, pwgsl),
            fragment,
            topology: if sprites { Topology::TriangleList } else { st.output.list() },
            vertex_buffers: Vec::new(),
            clip_distances,
            draw,
            resources: Vec::new(),
        }),
    ];
    let mut plan = Plan::assemble(desc, Some(e.group), passes, table);
    plan.layered = outputs.layer;
    plan.viewports = outputs.viewport;
    Ok(plan)
}

/// The stage's SPIR-V made a compute stage: its `Position` and `ClipDistance` outputs the
/// private variables [`POSITION_GLOBAL`] and [`CLIP_GLOBAL`] (`CullDistance` is already
/// [`vertex_function::CULL_GLOBAL`]), emissions calls, its interface private globals.
fn lower_stage(gs: &mut LoadedModule, st: &GeometryState) -> Result<Vec<IoVar>, TranslateError> {
    let named = [
        (BuiltIn::Position, POSITION_GLOBAL),
        (BuiltIn::ClipDistance, CLIP_GLOBAL),
        (BuiltIn::PrimitiveId, PRIMITIVE_ID_GLOBAL),
        (BuiltIn::Layer, LAYER_GLOBAL),
        (BuiltIn::ViewportIndex, VIEWPORT_GLOBAL),
    ];
    for (b, name) in named {
        for var in crate::lower::builtin_output::demote(gs.module_mut(), b) {
            crate::lower::builtin_output::name_variable(gs.module_mut(), var, name);
        }
    }
    // Points out with a size are refused (`state`).
    crate::lower::builtin_output::demote(gs.module_mut(), BuiltIn::PointSize);
    crate::lower::geometry_emit::lower(gs.module_mut()).map_err(refuse)?;
    let local_size = st.invocations * st.primitives_per_workgroup();
    gs.with_entry(|module, entry| crate::lower::tess_io::lower(module, entry, IoStage::Geometry, local_size)).map_err(refuse)
}

/// A geometry stage on its own, with a default context (as SPIRV-Cross takes one stage): its
/// compute pass, reading vertex records laid out by its inputs' locations, from a list of its
/// input primitive, on a first-vertex rasterizer.
pub fn translate_stage(mut m: LoadedModule, verify: bool) -> Result<ShaderPlan, TranslateError> {
    let ctx = crate::resources::ResourceContext::prepare(&mut [&mut m], crate::Options::default().max_bind_groups)?;
    let e = ctx.emulation(Stage::Geometry, "geometry shaders")?;
    let r = m.reflection.clone();
    crate::shape::refusals::refuse_outputs(&r, true)?;
    let topology = match geometry_input(&r) {
        Some(InputPrimitive::Points) => Topology::PointList,
        Some(InputPrimitive::Lines) => Topology::LineList,
        Some(InputPrimitive::LinesAdjacency) => Topology::LineListAdjacency,
        Some(InputPrimitive::TrianglesAdjacency) => Topology::TriangleListAdjacency,
        _ => Topology::TriangleList,
    };
    let st = state(&r, topology)?;
    let mut vertex_records = crate::tessellation::by_location(true);
    for v in &r.inputs {
        vertex_records.add(Field::Location(v.location), v.ty.locations);
    }
    if r.cull_distance_outputs > 0 {
        crate::demote_cull(m.module_mut());
    }
    let vars = lower_stage(&mut m, &st)?;
    let mut table = BufferTable::default();
    let buffers = GeometryBuffers::declare(&mut table, &st);
    let module = crate::wgsl::spirv_to_module(Stage::Geometry, &m)?;
    let outputs = GeometryOutputs::of(&module, &vars, r.clip_distance_outputs, r.cull_distance_outputs, false);
    let layout = outputs.layout(&module);
    let w = geometry_pass(e, module.clone(), &vars, &st, &vertex_records, &outputs, &layout, &buffers, false, topology, verify)?;
    Ok(crate::shader_plan(Stage::Geometry, w))
}

/// What one emission stores, found in the lowered stage's module.
struct GeometryOutputs<'v> {
    /// The user varyings: (interface variable, location).
    locations: Vec<(&'v IoVar, u32)>,
    position: bool,
    clip_distances: u32,
    cull_distances: u32,
    /// The fragment stage reads `PrimitiveId`: the stage's output, or the input primitive's ID
    /// when it writes none (Vulkan leaves that undefined).
    primitive_id: bool,
    /// The stage writes `Layer`.
    layer: bool,
    /// The stage writes `ViewportIndex`.
    viewport: bool,
    /// Points drawn as squares: records hold (size, keep) and no distances, which decide
    /// `keep` at the emission.
    sprites: bool,
}

impl<'v> GeometryOutputs<'v> {
    fn of(module: &naga::Module, vars: &'v [IoVar], clip_distances: u32, cull_distances: u32, primitive_id: bool) -> Self {
        let mut locations: Vec<(&IoVar, u32)> = vars
            .iter()
            .filter(|v| !v.input && global(module, &v.name).is_some())
            .filter_map(|v| match v.role {
                IoRole::Location { location, .. } => Some((v, location)),
                _ => None,
            })
            .collect();
        locations.sort_by_key(|(_, l)| *l);
        let position = global(module, POSITION_GLOBAL).is_some();
        let clip_distances = if global(module, CLIP_GLOBAL).is_some() { clip_distances } else { 0 };
        let cull_distances = if global(module, vertex_function::CULL_GLOBAL).is_some() { cull_distances } else { 0 };
        let layer = global(module, LAYER_GLOBAL).is_some();
        let viewport = global(module, VIEWPORT_GLOBAL).is_some();
        GeometryOutputs { locations, position, clip_distances, cull_distances, primitive_id, layer, viewport, sprites: false }
    }

    /// The emitted vertex's record: position, the varyings by location, clip distances, cull
    /// distances.
    fn layout(&self, module: &naga::Module) -> RecordLayout {
        let mut layout = RecordLayout::packed();
        layout.add(Field::Position, 1);
        if self.sprites {
            layout.add(Field::PointSizeKeep, 1);
        }
        for (v, location) in &self.locations {
            if let Some(ty) = global(module, &v.name) {
                layout.add_location(*location, module, ty);
            }
        }
        if self.sprites {
            return layout;
        }
        if self.clip_distances > 0 {
            layout.add_distances(Field::ClipDistances, self.clip_distances);
        }
        if self.cull_distances > 0 {
            layout.add_distances(Field::CullDistances, self.cull_distances);
        }
        if self.primitive_id {
            layout.add(Field::PrimitiveId, 1);
        }
        if self.layer {
            layout.add(Field::Layer, 1);
        }
        if self.viewport {
            layout.add(Field::ViewportIndex, 1);
        }
        layout
    }

    /// The globals the emission reads, for the kernel's stubs.
    fn globals(&self, module: &naga::Module) -> Vec<(&'static str, naga::Handle<naga::GlobalVariable>)> {
        let mut found = Vec::new();
        let primitive_id = if self.primitive_id { Some(PRIMITIVE_ID_GLOBAL) } else { None };
        let named =
            [POSITION_GLOBAL, CLIP_GLOBAL, vertex_function::CULL_GLOBAL, LAYER_GLOBAL, VIEWPORT_GLOBAL, crate::points::POINT_SIZE_GLOBAL];
        for name in named.into_iter().chain(primitive_id) {
            if let Some((h, _)) = module.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some(name)) {
                found.push((name, h));
            }
        }
        found
    }

    /// The varyings the draw outputs: those the fragment stage reads, each with the binding
    /// (interpolation and sampling) the fragment stage's naga module gives its input, which
    /// WebGPU requires the vertex output to repeat.
    fn varyings(&self, module: &naga::Module, fragment: Option<&naga::Module>) -> Vec<vertex_function::Output> {
        let Some(fragment) = fragment else { return Vec::new() };
        let mut out = Vec::new();
        for (v, location) in &self.locations {
            let Some(binding) = fragment_input(fragment, *location) else { continue };
            let Some(ty) = global(module, &v.name) else { continue };
            out.push(vertex_function::Output { access: String::new(), binding, ty });
        }
        out
    }
}

/// The binding of the fragment entry point's input at `location` (an argument, or a member of
/// an argument's struct).
fn fragment_input(fragment: &naga::Module, location: u32) -> Option<naga::Binding> {
    let ep = fragment.entry_points.iter().find(|e| e.stage == naga::ShaderStage::Fragment)?;
    let at = |b: &Option<naga::Binding>| matches!(b, Some(naga::Binding::Location { location: l, .. }) if *l == location);
    for a in &ep.function.arguments {
        if at(&a.binding) {
            return a.binding.clone();
        }
        if let naga::TypeInner::Struct { members, .. } = &fragment.types[a.ty].inner {
            if let Some(m) = members.iter().find(|m| at(&m.binding)) {
                return m.binding.clone();
            }
        }
    }
    None
}

/// The vertex stage drawing a geometry stage's points as squares: six vertices per entry of the
/// index list (read as storage), each moving its record's point to a corner of a square of the
/// record's size (the point-list rules, as [`crate::points`]); varyings flat, `PointCoord` at
/// `point_coord`.
fn sprites_wgsl(
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

/// The geometry stage as compute (module docs, pass 2).
#[allow(clippy::too_many_arguments)]
fn geometry_pass(
    e: Emulation,
    mut module: naga::Module,
    vars: &[IoVar],
    st: &GeometryState,
    vertex_records: &RecordLayout,
    outputs: &GeometryOutputs,
    layout: &RecordLayout,
    buffers: &GeometryBuffers,
    provoking_last: bool,
    topology: Topology,
    verify: bool,
) -> Result<ValidatedWgsl, TranslateError> {
    let stage = Stage::Geometry;
    let function = entry_to_function(&mut module, stage, STAGE_FUNCTION)?;
    let function_named = |name: &str| module.functions.iter().find(|(_, f)| f.name.as_deref() == Some(name)).map(|(h, _)| h);
    let (Some(emit), Some(end)) = (function_named(EMIT_FUNCTION), function_named(END_FUNCTION)) else {
        return Err(TranslateError::InvalidPlan("the geometry stage lost its emission functions".into()));
    };
    let n_in = st.input.vertices();
    let n_out = st.output.vertices();
    let n = st.invocations;
    let k = st.primitives_per_workgroup();
    let max_v = st.max_vertices;
    let per_invocation = st.indices_per_invocation();

    // The emission: store the record, then the primitive it completes.
    let record = Record { buffer: "tesserae_gs_records", base: "ob" };
    let mut stores = String::new();
    let position = if outputs.position {
        format!("vec4<f32>({POSITION_GLOBAL}.x, -{POSITION_GLOBAL}.y, {POSITION_GLOBAL}.z, {POSITION_GLOBAL}.w)")
    } else {
        "vec4<f32>(0.0, 0.0, 0.0, 1.0)".into()
    };
    if outputs.sprites {
        // The point-list rules decide at the emission whether the point is drawn.
        let mut tests = String::new();
        if outputs.clip_distances > 0 {
            tests += &crate::points::dropped_by(CLIP_GLOBAL, outputs.clip_distances);
        }
        if outputs.cull_distances > 0 {
            tests += &crate::points::dropped_by(vertex_function::CULL_GLOBAL, outputs.cull_distances);
        }
        stores += &crate::points::point_rules(&position, crate::points::size_of(&module), &tests);
        layout.store_vec4(Field::Position, "tesserae_c", &record, &mut stores)?;
        let size_keep = "vec4<f32>(tesserae_size, select(0.0, 1.0, tesserae_keep), 0.0, 0.0)";
        layout.store_vec4(Field::PointSizeKeep, size_keep, &record, &mut stores)?;
    } else {
        layout.store_vec4(Field::Position, &position, &record, &mut stores)?;
    }
    for (v, location) in &outputs.locations {
        let Some(ty) = global(&module, &v.name) else { continue };
        layout.store_value(Field::Location(*location), Value { stage, module: &module, ty, access: &v.name }, &record, &mut stores)?;
    }
    // A sprite's distances decided `keep` above; a primitive's go to its record.
    if outputs.clip_distances > 0 && !outputs.sprites {
        layout.store_floats(Field::ClipDistances, CLIP_GLOBAL, outputs.clip_distances, &record, &mut stores)?;
    }
    if outputs.cull_distances > 0 && !outputs.sprites {
        layout.store_floats(Field::CullDistances, vertex_function::CULL_GLOBAL, outputs.cull_distances, &record, &mut stores)?;
    }
    if outputs.primitive_id {
        let written = global(&module, PRIMITIVE_ID_GLOBAL).is_some();
        let value = if written { format!("u32({PRIMITIVE_ID_GLOBAL})") } else { "tesserae_gs_input_primitive".into() };
        layout.store_u32(Field::PrimitiveId, &value, &record, &mut stores)?;
    }
    if outputs.layer {
        layout.store_u32(Field::Layer, &format!("u32({LAYER_GLOBAL})"), &record, &mut stores)?;
    }
    if outputs.viewport {
        layout.store_u32(Field::ViewportIndex, &format!("u32({VIEWPORT_GLOBAL})"), &record, &mut stores)?;
    }
    let order = match st.output {
        OutputPrimitive::Points => "idx[0] = v;".to_string(),
        OutputPrimitive::LineStrip => "idx[0] = v - 1u; idx[1] = v;".to_string(),
        // Triangle t of a strip is (t, t+1, t+2), odd ones (t, t+2, t+1) (Vulkan's order).
        OutputPrimitive::TriangleStrip => {
            "let odd = (tesserae_gs_strip - 3u) & 1u;\n        idx[0] = v - 2u; idx[1] = v - 1u + odd; idx[2] = v - odd;".to_string()
        }
    };
    let mut cull = String::new();
    if outputs.cull_distances > 0 && !outputs.sprites {
        let base = layout.base_of("idx[j]");
        let distance = layout.float(Field::CullDistances, &Record { buffer: "tesserae_gs_records", base: &base }, "c")?;
        let _ = write!(
            cull,
            "        for (var c = 0u; c < {}u; c++) {{
            var all_negative = true;
            for (var j = 0u; j < {n_out}u; j++) {{
                if !({distance} < 0.0) {{
                    all_negative = false;
                }}
            }}
            if all_negative {{
                keep = false;
            }}
        }}
",
            outputs.cull_distances
        );
    }
    let rotated = if provoking_last && n_out > 1 { format!("idx[(j + 1u) % {n_out}u]") } else { "idx[j]".into() };
    let emit_body = format!(
        "fn {EMIT_BODY}() {{
    if tesserae_gs_emitted >= {max_v}u {{
        return;
    }}
    let v = tesserae_gs_slot * {max_v}u + tesserae_gs_emitted;
    let ob = {ob};
{stores}    tesserae_gs_emitted += 1u;
    tesserae_gs_strip += 1u;
    if tesserae_gs_strip >= {n_out}u {{
        var idx = array<u32, 3>(v, v, v);
        {order}
        var keep = true;
{cull}        if keep {{
            let at = tesserae_gs_slot * {per_invocation}u + tesserae_gs_primitives * {n_out}u;
            for (var j = 0u; j < {n_out}u; j++) {{
                tesserae_gs_indices[at + j] = {rotated};
            }}
            tesserae_gs_primitives += 1u;
        }}
    }}
}}

fn {END_BODY}() {{
    tesserae_gs_strip = 0u;
}}
",
        ob = layout.base_of("v"),
    );

    // The entry point: assemble the input primitive, fill the inputs, run the stage.
    let mut prologue = String::new();
    set_builtins(
        &module,
        vars,
        &[(BuiltIn::InvocationId, "tesserae_invocation".into()), (BuiltIn::PrimitiveId, "tesserae_primitive_id".into())],
        &mut prologue,
    );
    fill_per_vertex(
        stage,
        &module,
        vars,
        n_in,
        vertex_records,
        "tesserae_src",
        "(tesserae_wg.y * tesserae_draw.count + v[j])",
        &mut prologue,
    )?;
    let strip = topology.is_strip();
    let assemble = cull::assemble_wgsl(topology);
    let restart_fn = if strip { cull::IS_RESTART_WGSL } else { "" };
    // `PrimitiveId` counts primitives, not windows of the strip: a window holding a restart index
    // is none. Counting them walks the draw up to `p` (each restart found once per window it
    // spoils): quadratic over an indexed strip draw, linear per invocation.
    let primitive_id = if strip && topology != Topology::TriangleStripAdjacency {
        format!(
            "    var tesserae_primitive_id = p;
    if tesserae_draw.indexed != 0u {{
        tesserae_primitive_id = 0u;
        var next = 0u;
        for (var w = 0u; w < p; w++) {{
            next = max(next, w);
            while next < w + {n_in}u && !tesserae_is_restart(next) {{
                next++;
            }}
            if next >= w + {n_in}u {{
                tesserae_primitive_id++;
            }}
        }}
    }}
"
        )
    } else {
        "    let tesserae_primitive_id = p;\n".to_string()
    };
    let body = format!(
        "
var<private> tesserae_gs_slot: u32;
var<private> tesserae_gs_emitted: u32;
var<private> tesserae_gs_strip: u32;
var<private> tesserae_gs_primitives: u32;
var<private> tesserae_gs_input_primitive: u32;

{emit_body}
{restart_fn}
@compute @workgroup_size({local})
fn {GEOMETRY_ENTRY}(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {{
    let p = tesserae_wg.x * {k}u + tesserae_lid / {n}u;
    let tesserae_invocation = tesserae_lid % {n}u;
    if p >= tesserae_draw.primitives {{
        return;
    }}
    tesserae_gs_slot = (tesserae_wg.y * tesserae_draw.primitives + p) * {n}u + tesserae_invocation;
    tesserae_gs_emitted = 0u;
    tesserae_gs_strip = 0u;
    tesserae_gs_primitives = 0u;
    var v = array<u32, {n_in_array}>();
    var keep = true;
{assemble}{primitive_id}    tesserae_gs_input_primitive = tesserae_primitive_id;
    if keep {{
{prologue}        {STAGE_FUNCTION}();
    }}
    let first = tesserae_gs_slot * {per_invocation}u;
    for (var i = tesserae_gs_primitives * {n_out}u; i < {per_invocation}u; i++) {{
        tesserae_gs_indices[first + i] = {CULLED_INDEX}u;
    }}
}}
",
        local = n * k,
        n_in_array = n_in.max(3),
    );
    // Strips read the index buffer for restarts.
    let mut kernel = if strip { e.draw_params_wgsl() } else { e.draw_uniform_wgsl() };
    let records = |id, access, name| records::declaration(&e.at(binding::intermediate(id)), access, name);
    // A stage that reads no input reads no vertex record (a pass declares only what it uses).
    if body.contains("tesserae_src") {
        let _ = writeln!(kernel, "{}", records(buffers.vertex_records, "read", "tesserae_src"));
    }
    let _ = writeln!(kernel, "{}", records(buffers.records, "read_write", "tesserae_gs_records"));
    let _ = writeln!(kernel, "{} var<storage, read_write> tesserae_gs_indices: array<u32>;", e.at(binding::intermediate(buffers.indices)));
    kernel += &body;
    let mut globals = io_globals(&module, vars);
    globals.extend(outputs.globals(&module));
    let uses =
        vertex_function::KernelUses { function: (STAGE_FUNCTION, function), globals, bodies: vec![(EMIT_BODY, emit), (END_BODY, end)] };
    vertex_function::link_kernel(stage, module, &uses, &kernel, verify)
}
