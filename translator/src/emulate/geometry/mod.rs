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
//!    reading the records ([`crate::record_draw::passthrough`]). When the stage writes `Layer` or
//!    `ViewportIndex`, the application draws the plan once per layer and viewport, numbered by
//!    the draw's one instance, and the pass-through stage drops the vertices of the others.
//!    Points of a size are drawn as squares instead ([`crate::record_draw::squares`]).
//!
//! `slot = (instance × p + primitive) × N + invocation`: ranges lie in API order (input
//! primitive, then invocation, then emission order), as Vulkan requires for depth and blending.
//! On a last-vertex rasterizer each primitive's indices are rotated by one (`(b, c, a)`), which
//! keeps the winding and puts Vulkan's provoking vertex last.

mod kernel;
mod outputs;

use kernel::geometry_pass;
use outputs::GeometryOutputs;

use crate::capture;
use crate::cull;
use crate::desc::{PipelineDesc, ProvokingVertex, Stage, Topology};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::lower::tess_io::{IoStage, IoVar};
use crate::plan::*;
use crate::record_draw;
use crate::records::{Field, RecordLayout};
use crate::reflect::{CaptureLayout, LoadedModule, Reflection};
use crate::tessellator::gpu::TessMode;
use crate::vertex_function;
use crate::wgsl::ValidatedWgsl;
use spirv::{BuiltIn, ExecutionMode};

/// The private variable the geometry stage's `Position` output becomes.
pub const POSITION_GLOBAL: &str = "tesserae_geometry_position";
/// The private array the geometry stage's `ClipDistance` output becomes.
pub const CLIP_GLOBAL: &str = "tesserae_geometry_clip_distance";
/// The private variable the geometry stage's `PrimitiveId` output becomes.
pub const PRIMITIVE_ID_GLOBAL: &str = "tesserae_geometry_primitive_id";
/// The private variable the geometry stage's `Layer` output becomes.
pub const LAYER_GLOBAL: &str = vertex_function::LAYER_GLOBAL;
/// The private variable the geometry stage's `ViewportIndex` output becomes.
pub const VIEWPORT_GLOBAL: &str = vertex_function::VIEWPORT_GLOBAL;
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

/// What a geometry stage after tessellation does not take yet, refused by name: the evaluation
/// stage's records carry its position and locations.
pub fn refuse_after_tessellation(r: &Reflection) -> Result<(), TranslateError> {
    for (b, what) in [(BuiltIn::PointSize, "PointSize"), (BuiltIn::ClipDistance, "ClipDistance"), (BuiltIn::CullDistance, "CullDistance")] {
        if r.reads(b) {
            return Err(refuse(format!("gl_in[].gl_{what} in a geometry stage after tessellation")));
        }
    }
    Ok(())
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

/// What the pipeline's shape decides of the geometry draw (`shape::PipelineShape`'s fields,
/// passed down so that emulation does not import the driver's shape).
#[derive(Debug, Clone, Copy)]
pub(crate) struct GeometryDraw {
    /// Clip and cull distances the geometry stage writes.
    pub clip_distances: u32,
    pub cull_distances: u32,
    /// Where clip distances go as varyings (emulated clipping), or `None` for native ones.
    pub emulated_clip: Option<u32>,
    /// Points out are drawn as squares (`PointSize` written or `PointCoord` read), with
    /// `PointCoord` at `point_coord` when read.
    pub point_sprites: bool,
    pub point_coord: Option<u32>,
}

/// Where the geometry stage's input primitives come from.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Input {
    /// The draw's primitives of this topology, from vertex records.
    Draw(Topology),
    /// The tessellator's `topology` primitives (its index list `indices` of global point
    /// indices, its arguments `indirect`), from the evaluation stage's records.
    Tessellation { topology: Topology, indices: BufferId, indirect: BufferId },
}

/// The fragment stage of a geometry pipeline: its plan (whose inputs' bindings the draw's
/// varyings repeat) and where its `PrimitiveId` input went.
pub(crate) struct FragmentSide {
    pub plan: ShaderPlan,
    pub primitive_id: super::PrimitiveIdVarying,
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
    /// `per_primitive`: input primitives per primitive of the draw (1, or the most a
    /// tessellated patch makes).
    fn declare(table: &mut BufferTable, st: &GeometryState, per_primitive: u32, vertex_records: BufferId) -> Self {
        let index_bytes = 4 * (st.invocations * st.indices_per_invocation()) as u64 * per_primitive as u64;
        GeometryBuffers {
            vertex_records,
            records: table.add("geometry records", BufferSize::Fixed { bytes: 0 }, BufferUsage::Storage),
            indices: table.add("geometry indices", BufferSize::PerPrimitive { bytes: index_bytes }, BufferUsage::Index),
        }
    }
}

/// The one-invocation kernel that sizes the geometry pass of a tessellated draw from the
/// tessellator's index entries (`indirect[0]`): its workgroups `[x, y, 1]` at
/// [`ARGUMENTS_DISPATCH`] (x ≤ 65,535).
fn arguments_pass(
    e: Emulation,
    st: &GeometryState,
    n_in: u32,
    indirect: BufferId,
    arguments: BufferId,
    verify: bool,
) -> Result<ValidatedWgsl, TranslateError> {
    // A template: the vertices per input primitive and the primitives per workgroup are the
    // function's arguments, which the built entry point passes.
    let src = format!(
        "{indirect} var<storage, read> tesserae_tess_indirect: array<u32>;
{arguments} var<storage, read_write> tesserae_arguments: array<u32>;

fn {ARGUMENTS_FUNCTION}(n_in: u32, k: u32) {{
    let primitives = tesserae_tess_indirect[0] / n_in;
    let groups = primitives / k + select(0u, 1u, primitives % k != 0u);
    tesserae_arguments[0] = min(groups, 65535u);
    tesserae_arguments[1] = groups / 65535u + select(0u, 1u, groups % 65535u != 0u);
    tesserae_arguments[2] = 1u;
}}
",
        indirect = e.at(binding::intermediate(indirect)),
        arguments = e.at(binding::intermediate(arguments)),
    );
    let template = crate::wgsl::round_trip_template(Stage::Geometry, src)?;
    let mut module = template.module().clone();
    let function = crate::emulate::ir::template_function(&module, ARGUMENTS_FUNCTION)?;
    crate::emulate::ir::compute_entry_passing(&mut module, "main", 1, function, Vec::new(), &[n_in, st.primitives_per_workgroup()]);
    crate::wgsl::validate_and_write(Stage::Geometry, module, verify)
}

const ARGUMENTS_FUNCTION: &str = "tesserae_geometry_arguments";

/// Byte offset of the geometry pass's workgroups in a tessellated draw's arguments.
const ARGUMENTS_DISPATCH: u64 = 0;

/// The passes of a pipeline with a geometry stage (after the shared per-stage steps), and of
/// the tessellation stages in front of it when there are.
#[allow(clippy::too_many_arguments)]
pub(crate) fn translate(
    desc: &PipelineDesc,
    e: Emulation,
    shape: &GeometryDraw,
    st: &GeometryState,
    vertex: LoadedModule,
    tessellation: Option<(LoadedModule, LoadedModule)>,
    mut gs: LoadedModule,
    fragment: Option<FragmentSide>,
) -> Result<Plan, TranslateError> {
    let primitive_id = fragment.as_ref().and_then(|f| f.primitive_id);
    let verify = desc.options.verify_wgsl_round_trip;
    let vars = lower_stage(&mut gs, st)?;

    let mut table = BufferTable::default();
    let shader = |stage, w: ValidatedWgsl| crate::shader_plan(stage, w);

    // 1. Vertex stage → vertex records; after tessellation, the tessellation passes →
    //    evaluation records and the tessellator's primitives.
    let mut passes = Vec::new();
    let InputSide { input, layout: vlayout, per_primitive, tess_mode, records: vertex_records } =
        input_side(desc, e, vertex, tessellation, &mut table, &mut passes)?;
    let buffers = GeometryBuffers::declare(&mut table, st, per_primitive, vertex_records);
    // After tessellation the geometry pass's workgroups are counted on the GPU.
    let arguments = match input {
        Input::Tessellation { .. } => Some(table.add("geometry arguments", BufferSize::Fixed { bytes: 16 }, BufferUsage::Indirect)),
        Input::Draw(_) => None,
    };

    // 2. Geometry stage → records and indices.
    let module = crate::wgsl::spirv_to_module(Stage::Geometry, &gs)?;
    let sprites = shape.point_sprites;
    let mut outputs = GeometryOutputs::of(&module, &vars, shape.clip_distances, shape.cull_distances, primitive_id.is_some());
    outputs.sprites = sprites;
    if sprites && (outputs.layer || outputs.viewport || outputs.primitive_id) {
        return Err(refuse(
            "points of a size from a geometry stage that writes Layer, ViewportIndex or a PrimitiveId the fragment stage reads",
        ));
    }
    let layout = outputs.layout(&module);
    let provoking_last = desc.options.provoking_vertex == ProvokingVertex::Last;
    let capture = capture_side(&gs, st, input, arguments, per_primitive, &mut table)?;
    let capture_for_kernel = capture.as_ref().map(|(l, _, b)| (l, b));
    let gwgsl = geometry_pass(
        e,
        module.clone(),
        &vars,
        st,
        &vlayout,
        &outputs,
        &layout,
        &buffers,
        provoking_last,
        &input,
        capture_for_kernel,
        verify,
    )?;
    let record_bytes = layout.bytes() * (st.invocations * st.max_vertices) as u64 * per_primitive as u64;
    table.resize(buffers.records, BufferSize::PerPrimitive { bytes: record_bytes });
    let capture_passes = match &capture {
        Some((l, source, b)) => capture::passes(e, Stage::Geometry, l, source, b, verify)?,
        None => Vec::new(),
    };

    // 3. The draw: a pass-through vertex stage over the records.
    let fragment = fragment.map(|f| f.plan);
    let varyings = outputs.varyings(&module, fragment.as_ref().map(|f| f.wgsl.module()));
    let (pwgsl, draw, clip_distances) =
        draw_vertex_stage(e, &module, &varyings, &layout, &buffers, shape, st, &outputs, primitive_id, verify)?;
    let (draw, geometry_workgroups) = match input {
        Input::Draw(_) => (draw, Workgroups::PerPrimitive { size: st.primitives_per_workgroup() }),
        // The tessellator's primitive count sizes the geometry pass; the draw covers every
        // patch's capacity, the ranges past the geometry pass's turned into the culled index
        // (below), so it draws once per layer and viewport as without tessellation.
        Input::Tessellation { topology, indirect, .. } => {
            let arguments = arguments.ok_or_else(|| TranslateError::InvalidPlan("a tessellated geometry draw without arguments".into()))?;
            let vertices = crate::cull::vertices_per_primitive(topology);
            let w =
                crate::profile::phase("emulation: geometry arguments", || arguments_pass(e, st, vertices, indirect, arguments, verify))?;
            passes.push(crate::compute_pass("geometry arguments", shader(Stage::Geometry, w), Workgroups::One));
            (per_patch(draw, per_primitive), Workgroups::Indirect { arguments, offset: ARGUMENTS_DISPATCH })
        }
    };
    passes.push(crate::compute_pass("geometry", shader(Stage::Geometry, gwgsl), geometry_workgroups));
    if let Input::Tessellation { topology, indirect, .. } = input {
        let entries = st.invocations * st.indices_per_invocation();
        let n_in = crate::cull::vertices_per_primitive(topology);
        passes.push(crate::tessellation::evaluation::fill_tail_pass(
            e,
            Stage::Geometry,
            binding::intermediate(buffers.indices),
            binding::intermediate(indirect),
            entries * per_primitive,
            n_in,
            entries,
            verify,
        )?);
    }
    passes.extend(capture_passes);
    passes.push(Pass::Render(RenderPass {
        label: "geometry draw".into(),
        vertex: shader(Stage::Geometry, pwgsl),
        fragment,
        topology: if sprites { Topology::TriangleList } else { st.output.list() },
        vertex_buffers: Vec::new(),
        clip_distances,
        draw,
        resources: Vec::new(),
    }));
    let mut plan = Plan::assemble(desc, Some(e.group), passes, table);
    plan.layered = outputs.layer;
    plan.viewports = outputs.viewport;
    plan.capture = capture.as_ref().map(|(l, source, _)| capture::plan(l, source));
    plan.tessellation = tess_mode;
    Ok(plan)
}

/// The vertex stage drawing a geometry stage's points as squares ([`record_draw::squares`]): six vertices
/// per entry of the index list (read as storage), each moving its record's point to a corner
/// of a square of the record's size; varyings as the geometry stage declares them,
/// `PointCoord` at `point_coord`.
fn sprites(
    e: Emulation,
    module: &naga::Module,
    varyings: &[vertex_function::Output],
    layout: &RecordLayout,
    buffers: &GeometryBuffers,
    point_coord: Option<u32>,
    verify: bool,
) -> Result<ValidatedWgsl, TranslateError> {
    let varyings = varyings.iter().filter_map(|o| record_draw::Varying::of_output(module, o)).collect();
    record_draw::squares(&record_draw::Squares {
        stage: Stage::Geometry,
        emulation: e,
        records_binding: binding::intermediate(buffers.records),
        vertices: record_draw::Vertices::SixPerListEntry { list_binding: binding::intermediate(buffers.indices) },
        module,
        varyings,
        layout,
        point_coord,
        entry: SPRITES_ENTRY,
        verify,
    })
}

/// The draw's vertex stage over the geometry pass's records (point sprites, or a
/// pass-through of each record), its draw and the clip distances left to the rasterizer.
#[allow(clippy::too_many_arguments)]
fn draw_vertex_stage(
    e: Emulation,
    module: &naga::Module,
    varyings: &[vertex_function::Output],
    layout: &RecordLayout,
    buffers: &GeometryBuffers,
    shape: &GeometryDraw,
    st: &GeometryState,
    outputs: &GeometryOutputs,
    primitive_id: Option<(u32, &'static str)>,
    verify: bool,
) -> Result<(ValidatedWgsl, DrawShape, u32), TranslateError> {
    let entries_per_primitive = st.invocations * st.indices_per_invocation();
    if shape.point_sprites {
        let w = crate::profile::phase("emulation: sprites", || sprites(e, module, varyings, layout, buffers, shape.point_coord, verify))?;
        let draw = DrawShape::PointSpritesPerPrimitive {
            indices: buffers.indices,
            entries_per_primitive,
            vertices_per_entry: crate::points::INDICES_PER_POINT,
        };
        return Ok((w, draw, 0));
    }
    let w = crate::profile::phase("emulation: passthrough", || {
        record_draw::passthrough(&record_draw::Passthrough {
            stage: Stage::Geometry,
            emulation: e,
            records: binding::intermediate(buffers.records),
            module,
            varyings: varyings.iter().filter_map(|o| record_draw::Varying::of_output(module, o)).collect(),
            layout,
            clip_distances: shape.clip_distances,
            emulated_clip: shape.emulated_clip,
            culled_index: true,
            primitive_id,
            layered: outputs.layer,
            viewports: outputs.viewport,
            entry: cull::PASSTHROUGH_ENTRY,
            verify,
        })
    })?;
    let draw = DrawShape::IndexedPerPrimitive { indices: buffers.indices, indices_per_primitive: entries_per_primitive };
    let native_clip = if shape.emulated_clip.is_none() { shape.clip_distances } else { 0 };
    Ok((w, draw, native_clip))
}

/// Where the geometry stage's input primitives come from ([`input_side`]).
struct InputSide {
    input: Input,
    /// The records of the vertices the primitives are made of.
    layout: RecordLayout,
    records: BufferId,
    /// Input primitives per draw primitive: 1, or the most a tessellated patch makes.
    per_primitive: u32,
    tess_mode: Option<TessMode>,
}

/// The passes in front of the geometry stage: the vertex stage storing vertex records, or
/// the tessellation passes storing evaluation records and the tessellator's primitives.
fn input_side(
    desc: &PipelineDesc,
    e: Emulation,
    vertex: LoadedModule,
    tessellation: Option<(LoadedModule, LoadedModule)>,
    table: &mut BufferTable,
    passes: &mut Vec<Pass>,
) -> Result<InputSide, TranslateError> {
    Ok(match tessellation {
        None => {
            let records = table.add("vertex records", BufferSize::Fixed { bytes: 0 }, BufferUsage::Storage);
            let vmodule = crate::wgsl::spirv_to_module_unflipped(Stage::Vertex, &vertex)?;
            let (vwgsl, layout) = crate::tessellation::vertex_records(e, vmodule, desc, binding::intermediate(records))?;
            table.resize(records, BufferSize::PerPosition { bytes: layout.bytes() });
            let shader = crate::shader_plan(Stage::Vertex, vwgsl);
            passes.push(crate::compute_pass("vertex", shader, Workgroups::PerPosition { size: WORKGROUP }));
            InputSide { input: Input::Draw(desc.topology), layout, records, per_primitive: 1, tess_mode: None }
        }
        Some((mut tcs, mut tes)) => {
            let t = crate::tessellation::for_geometry(desc, e, &vertex, &mut tcs, &mut tes, table)?;
            passes.extend(t.passes);
            InputSide {
                input: Input::Tessellation { topology: t.topology, indices: t.indices, indirect: t.indirect },
                layout: t.layout,
                records: t.records,
                per_primitive: t.max_primitives_per_patch,
                tess_mode: Some(t.mode),
            }
        }
    })
}

/// Transform feedback from the geometry stage, when it captures: its layout, where its
/// primitives come from, and its buffers (declared in `table`).
fn capture_side(
    gs: &LoadedModule,
    st: &GeometryState,
    input: Input,
    arguments: Option<BufferId>,
    per_primitive: u32,
    table: &mut BufferTable,
) -> Result<Option<(CaptureLayout, capture::Source, capture::CaptureBuffers)>, TranslateError> {
    let Some(c) = &gs.reflection.capture else { return Ok(None) };
    let layout = c.clone().map_err(refuse)?;
    let source = capture::Source::Geometry {
        invocations: st.invocations,
        primitives_per_workgroup: st.primitives_per_workgroup(),
        entries_per_slot: st.indices_per_invocation(),
        vertices_per_primitive: st.output.vertices(),
        tessellated: match (input, arguments) {
            (Input::Tessellation { topology, indirect, .. }, Some(arguments)) => Some(capture::TessellatedInput {
                indirect,
                vertices: crate::cull::vertices_per_primitive(topology),
                per_patch: per_primitive,
                arguments,
                offset: ARGUMENTS_DISPATCH,
            }),
            _ => None,
        },
    };
    capture::check(Stage::Geometry, &layout, &source)?;
    let buffers = capture::CaptureBuffers::declare(table, &layout, &source);
    Ok(Some((layout, source, buffers)))
}

/// A tessellated draw covers every patch's capacity: `per_primitive` input primitives each.
fn per_patch(draw: DrawShape, per_primitive: u32) -> DrawShape {
    match draw {
        DrawShape::IndexedPerPrimitive { indices, indices_per_primitive } => {
            DrawShape::IndexedPerPrimitive { indices, indices_per_primitive: indices_per_primitive * per_primitive }
        }
        DrawShape::PointSpritesPerPrimitive { indices, entries_per_primitive, vertices_per_entry } => DrawShape::PointSpritesPerPrimitive {
            indices,
            entries_per_primitive: entries_per_primitive * per_primitive,
            vertices_per_entry,
        },
        other => other,
    }
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
        crate::emulate::demote_output(gs, b, Some(name));
    }
    // Points out with a size are refused (`state`).
    crate::emulate::demote_output(gs, BuiltIn::PointSize, None);
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
    crate::read::refusals::refuse_outputs(&r, true)?;
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
        crate::demote_cull(&mut m);
    }
    let vars = lower_stage(&mut m, &st)?;
    let mut table = BufferTable::default();
    let records = table.add("vertex records", BufferSize::Fixed { bytes: 0 }, BufferUsage::Storage);
    let buffers = GeometryBuffers::declare(&mut table, &st, 1, records);
    let module = crate::wgsl::spirv_to_module(Stage::Geometry, &m)?;
    let outputs = GeometryOutputs::of(&module, &vars, r.clip_distance_outputs, r.cull_distance_outputs, false);
    let layout = outputs.layout(&module);
    let w = geometry_pass(
        e,
        module.clone(),
        &vars,
        &st,
        &vertex_records,
        &outputs,
        &layout,
        &buffers,
        false,
        &Input::Draw(topology),
        None,
        verify,
    )?;
    Ok(crate::shader_plan(Stage::Geometry, w))
}
