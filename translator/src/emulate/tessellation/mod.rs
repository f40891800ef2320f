//! Tessellation on wgpu: the control stage as compute, the fixed-function tessellator on the
//! GPU ([`crate::tessellator::gpu`]), the evaluation stage as a vertex stage over the domain.
//!
//! A draw of `n` patch vertices × `i` instances runs these passes:
//! 1. **vertex** (compute, one invocation per patch vertex × instance): the vertex stage with
//!    vertex pulling, writing `vertex records` ([`by_location`]).
//! 2. **tessellation control** (compute, one workgroup of `output vertices` invocations per
//!    patch × instance): the control stage with its interface lowered to globals
//!    ([`crate::lower::tess_io`]): `gl_in` filled from the vertex records, `gl_out` and patch
//!    outputs in workgroup memory (so invocations read each other's outputs after a barrier,
//!    and every invocation reaches every barrier), stored after a final barrier to
//!    `control points` and `patch records` ([`by_location`]) and `levels` (two vec4 per patch).
//! 3. **tessellator** (compute kernels: count, prefix sum across all patches, emit): the
//!    domain points (u, v, w, patch) and the index list, bit-exact with the CPU tessellator
//!    and lavapipe, and the arguments of an indexed indirect draw.
//! 4. **tessellation cull distances** and **tessellation cull** (compute, only when the
//!    evaluation stage writes cull distances, dispatched indirectly): the stage once per
//!    domain point writes masks of its negative distances, then one invocation per primitive
//!    drops from the index list the primitives a distance culls ([`evaluation`]).
//! 5. **tessellation evaluation** (render): an indexed indirect draw over the domain points;
//!    the evaluation stage runs as a vertex stage with `TessCoord`, `gl_in`, patch inputs,
//!    levels and `PrimitiveId` filled from those buffers, then the fragment stage. In point
//!    mode with `PointSize` written or `PointCoord` read, a non-indexed indirect draw of point
//!    sprites instead, six vertices per point ([`evaluation`]).
//!
//! Patches per instance must fit one dispatch dimension (65,535 by default).

use crate::compute_pass;
use crate::desc::{PipelineDesc, Stage, Topology};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::lower::tess_io::{IoStage, IoVar};
use crate::plan::*;
use crate::records::{Field, RecordLayout};
use crate::reflect::LoadedModule;
use crate::tessellator::gpu::{self, TessBindings, TessMode};
use crate::tessellator::{Domain, Spacing, Winding};
use crate::vertex_function;
use crate::vertex_records::{self, Source, Store};
use crate::wgsl::ValidatedWgsl;
use naga::{Binding as NagaBinding, BuiltIn};
use spirv::BuiltIn as SpvBuiltIn;
use spirv::ExecutionMode;

mod control;
pub(crate) mod evaluation;
pub(crate) mod inputs;
mod level_bound;
pub(crate) mod module_items;
use evaluation::{EvaluationBuffers, EvaluationPass, Layouts, Sprites};

/// The layout of the records tessellation hands between stages, by location (a producer and
/// its consumer agree by location alone): vertex and control-point records hold `Position`
/// then the locations, patch records only locations.
pub fn by_location(per_vertex: bool) -> RecordLayout {
    RecordLayout::by_location(if per_vertex { &[Field::Position] } else { &[] })
}

/// What the draw feeds the fragment stage besides the evaluation stage's outputs, as the
/// pipeline's lowering of the fragment stage expects.
#[derive(Debug, Clone, Copy, Default)]
pub struct DrawVaryings {
    /// Where clip distances go as varyings (emulated clipping), or `None` for native ones.
    pub clip_location: Option<u32>,
    /// Where the patch's primitive ID goes (flat), and its WGSL type.
    pub primitive_id_location: Option<(u32, &'static str)>,
    /// Point mode drawn as point sprites ([`evaluation`]: `PointSize` written, or
    /// `PointCoord` read), with `PointCoord` at `point_coord_location` when read.
    pub point_sprites: bool,
    pub point_coord_location: Option<u32>,
}

/// Invocations per workgroup of the vertex pass.
pub const WORKGROUP: u32 = 64;

/// The tessellation state both stages declare, merged.
#[derive(Debug, Clone, Copy)]
pub struct TessState {
    pub mode: TessMode,
    pub output_vertices: u32,
    pub input_vertices: u32,
}

impl TessState {
    /// The primitives the tessellator's index list holds, as a list topology.
    pub fn primitives(&self) -> Topology {
        match (self.mode.point_mode, self.mode.domain) {
            (true, _) => Topology::PointList,
            (false, Domain::Isolines) => Topology::LineList,
            (false, _) => Topology::TriangleList,
        }
    }
}

fn tess_err(stage: Stage, what: impl Into<String>) -> TranslateError {
    TranslateError::unsupported(stage, what)
}

/// Reads the execution modes of both stages (either may declare spacing, order, point mode).
pub fn state(tcs: &LoadedModule, tes: &LoadedModule, topology: Topology) -> Result<TessState, TranslateError> {
    let modes: Vec<&(ExecutionMode, Vec<u32>)> = tcs.reflection.execution_modes.iter().chain(&tes.reflection.execution_modes).collect();
    let has = |m: ExecutionMode| modes.iter().any(|(x, _)| *x == m);
    let domain = if has(ExecutionMode::Triangles) {
        Domain::Triangles
    } else if has(ExecutionMode::Quads) {
        Domain::Quads
    } else if has(ExecutionMode::Isolines) {
        Domain::Isolines
    } else {
        return Err(TranslateError::InvalidDesc("the tessellation stages declare no domain (Triangles, Quads or Isolines)".into()));
    };
    let spacing = if has(ExecutionMode::SpacingFractionalOdd) {
        Spacing::FractionalOdd
    } else if has(ExecutionMode::SpacingFractionalEven) {
        Spacing::FractionalEven
    } else {
        Spacing::Equal
    };
    let winding = if has(ExecutionMode::VertexOrderCw) { Winding::Cw } else { Winding::Ccw };
    let output_vertices =
        modes.iter().find(|(m, _)| *m == ExecutionMode::OutputVertices).and_then(|(_, v)| v.first().copied()).unwrap_or(0);
    if !(1..=32).contains(&output_vertices) {
        return Err(TranslateError::InvalidDesc(format!("the control stage declares {output_vertices} output vertices (1 to 32)")));
    }
    let Topology::PatchList { control_points } = topology else {
        return Err(TranslateError::InvalidDesc("tessellation stages need a patch-list topology".into()));
    };
    if !(1..=32).contains(&control_points) {
        return Err(TranslateError::InvalidDesc(format!("patches of {control_points} control points (1 to 32)")));
    }
    Ok(TessState {
        mode: TessMode { domain, spacing, winding, point_mode: has(ExecutionMode::PointMode) },
        output_vertices,
        input_vertices: control_points,
    })
}

/// One tessellation stage on its own, with a default context (as SPIRV-Cross takes one stage):
/// the control stage as its compute pass reading vertex records laid out by its inputs'
/// locations, patches as large as its output; the evaluation stage as its vertex pass over
/// domain points, control-point records laid out by its inputs' locations, 32 control points.
pub fn translate_stage(mut m: LoadedModule, verify: bool) -> Result<ShaderPlan, TranslateError> {
    let stage = m.reflection.stage;
    let ctx = crate::resources::ResourceContext::prepare(&mut [&mut m], crate::Options::default().max_bind_groups)?;
    let e = ctx.emulation(stage, "tessellation")?;
    let r = m.reflection.clone();
    // The records this stage reads, laid out by its own inputs.
    let (mut per_vertex, mut per_patch) = (by_location(true), by_location(false));
    for v in &r.inputs {
        let layout = if v.patch { &mut per_patch } else { &mut per_vertex };
        layout.add(Field::Location(v.location), v.ty.locations);
    }
    let n = r.execution_mode(ExecutionMode::OutputVertices).and_then(|v| v.first().copied()).unwrap_or(32).clamp(1, 32);
    let st = TessState {
        mode: TessMode { domain: Domain::Triangles, spacing: Spacing::Equal, winding: Winding::Ccw, point_mode: false },
        output_vertices: n,
        input_vertices: n,
    };
    let buffers = TessBuffers::declare(&mut BufferTable::default(), &st, 64, false);
    let w = match stage {
        Stage::TessControl => {
            let vars = m
                .with_entry(|module, entry| crate::lower::tess_io::lower(module, entry, IoStage::TessControl, n))
                .map_err(|w| tess_err(stage, w))?;
            let module = crate::wgsl::spirv_to_module(stage, &m)?;
            control::control_pass(e, module, &vars, &st, &per_vertex, &buffers, verify)?.0
        }
        _ => {
            // Integer outputs become flat, as in a pipeline without a fragment stage (WGSL
            // requires it of every integer varying).
            let rewrites = crate::lower::interpolation::plan(&[], &r.outputs);
            m.lower(|_| !rewrites.is_empty(), |module| crate::lower::interpolation::apply(module, &rewrites));
            if r.writes(SpvBuiltIn::PointSize) {
                crate::emulate::demote_output(&mut m, SpvBuiltIn::PointSize, None);
            }
            crate::emulate::demote_output(&mut m, SpvBuiltIn::CullDistance, None);
            let vars = m
                .with_entry(|module, entry| crate::lower::tess_io::lower(module, entry, IoStage::TessEval, 1))
                .map_err(|w| tess_err(stage, w))?;
            let module = crate::wgsl::spirv_to_module(stage, &m)?;
            let pass = EvaluationPass {
                emulation: e,
                vars: &vars,
                state: &st,
                layouts: Layouts { control_point: &per_vertex, patch: &per_patch },
                buffers: buffers.evaluation(),
                clip_location: None,
                primitive_id_location: None,
                culled: false,
                layered: false,
                viewports: false,
                sprites: None,
                verify,
            };
            evaluation::evaluation_pass(module, &pass)?.0
        }
    };
    Ok(crate::shader_plan(stage, w))
}

/// What every tessellated draw runs before its evaluation stage: the vertex stage (vertex
/// records), the control stage, and the tessellator's count, scan and emit, with the buffers,
/// the control stage's record layouts and the evaluation stage's lowered interface.
struct Front {
    st: TessState,
    max_level: u32,
    buffers: TessBuffers,
    passes: Vec<Pass>,
    clayout: RecordLayout,
    playout: RecordLayout,
    tes_vars: Vec<IoVar>,
}

/// Builds the [`Front`] into `table`; `culled`: the evaluation stage's cull passes run.
fn front(
    desc: &PipelineDesc,
    e: Emulation,
    vertex: &LoadedModule,
    tcs: &mut LoadedModule,
    tes: &mut LoadedModule,
    culled: bool,
    table: &mut BufferTable,
) -> Result<Front, TranslateError> {
    let st = state(tcs, tes, desc.topology)?;
    let verify = desc.options.verify_wgsl_round_trip;
    let level_bound = level_bound::constant_level_bound(tcs.view()).unwrap_or(64);
    let tcs_vars = tcs
        .with_entry(|module, entry| crate::lower::tess_io::lower(module, entry, IoStage::TessControl, st.output_vertices))
        .map_err(|w| tess_err(Stage::TessControl, w))?;
    let tes_vars = tes
        .with_entry(|module, entry| crate::lower::tess_io::lower(module, entry, IoStage::TessEval, 1))
        .map_err(|w| tess_err(Stage::TessEval, w))?;
    // Sized for the levels the control stage can write, when its code bounds them.
    let max_level = desc.options.max_tessellation_level.clamp(1, 64).min(level_bound);
    let buffers = TessBuffers::declare(table, &st, max_level, culled);

    // 1. Vertex stage → vertex records.
    let vmodule = crate::wgsl::spirv_to_module_unflipped(Stage::Vertex, vertex)?;
    let (vwgsl, vlayout) = vertex_records(e, vmodule, desc, binding::intermediate(buffers.vertex_records))?;
    table.resize(buffers.vertex_records, BufferSize::PerPosition { bytes: vlayout.bytes() });

    // 2. Control stage → control points, patch records, levels.
    let tcs_module = crate::wgsl::spirv_to_module(Stage::TessControl, tcs)?;
    let (tcs_wgsl, clayout, playout) = control::control_pass(e, tcs_module, &tcs_vars, &st, &vlayout, &buffers, verify)?;
    table.resize(buffers.control_points, BufferSize::PerPatch { bytes: clayout.bytes() * st.output_vertices as u64 });
    table.resize(buffers.patch_records, BufferSize::PerPatch { bytes: playout.bytes() });

    // 3. The tessellator.
    let kernels = gpu::kernels(st.mode, &buffers.tessellator(e));
    let shader = |stage, w: ValidatedWgsl| crate::shader_plan(stage, w);
    // A kernel module's shader (the mode comes from the draw uniform, `Plan::tessellation`).
    let parse = |src: String| {
        let w = crate::profile::phase("emulation: tessellator kernel", || crate::wgsl::round_trip_template(Stage::TessEval, src))?;
        Ok::<_, TranslateError>(shader(Stage::TessEval, w))
    };
    let entry = |shader: ShaderPlan, entry: &str| ShaderPlan { entry_point: entry.to_string(), ..shader };
    let mut passes = vec![
        compute_pass("vertex", shader(Stage::Vertex, vwgsl), Workgroups::PerPosition { size: WORKGROUP }),
        compute_pass("tessellation control", shader(Stage::TessControl, tcs_wgsl), Workgroups::OnePerPatch),
    ];
    let tessellate = parse(kernels.tessellate)?;
    let per_patch = Workgroups::PerPatch { size: gpu::WORKGROUP };
    passes.push(compute_pass("tessellator: count", entry(tessellate.clone(), gpu::COUNT_ENTRY), per_patch.clone()));
    // The prefix sum: blocks of SCAN_BLOCK patches, one workgroup over the block totals, then
    // the block prefixes added back (`gpu::scan_workgroups`).
    let shapes = [Workgroups::ScanBlocks { items_per_patch: 1 }, Workgroups::One, Workgroups::ScanBlocks { items_per_patch: 1 }];
    if kernels.scan.len() != shapes.len() {
        return Err(TranslateError::InvalidPlan(format!("{} scan kernels, {} dispatch shapes", kernels.scan.len(), shapes.len())));
    }
    for (k, (src, shape)) in kernels.scan.into_iter().zip(shapes).enumerate() {
        passes.push(compute_pass(&format!("tessellator: scan {k}"), entry(parse(src)?, gpu::ENTRY_POINT), shape));
    }
    passes.push(compute_pass("tessellator: emit", entry(tessellate, gpu::EMIT_ENTRY), per_patch));
    Ok(Front { st, max_level, buffers, passes, clayout, playout, tes_vars })
}

/// What a geometry stage after tessellation reads: the evaluation stage's records, one per
/// domain point (by location, as vertex records), the tessellator's index list of `topology`
/// primitives (global point indices) and its arguments (entries at word 0).
pub(crate) struct GeometryInput {
    pub passes: Vec<Pass>,
    pub records: BufferId,
    pub layout: RecordLayout,
    pub indices: BufferId,
    pub indirect: BufferId,
    pub topology: Topology,
    /// Primitives one patch may make, at the levels the buffers are sized for.
    pub max_primitives_per_patch: u32,
    pub mode: TessMode,
}

/// The tessellation passes in front of a geometry stage (its [`GeometryInput`]).
pub(crate) fn for_geometry(
    desc: &PipelineDesc,
    e: Emulation,
    vertex: &LoadedModule,
    tcs: &mut LoadedModule,
    tes: &mut LoadedModule,
    table: &mut BufferTable,
) -> Result<GeometryInput, TranslateError> {
    let Front { st, max_level, buffers, mut passes, clayout, playout, tes_vars } = front(desc, e, vertex, tcs, tes, false, table)?;
    let topology = st.primitives();
    let records = table.add("evaluation records", BufferSize::Fixed { bytes: 0 }, BufferUsage::Storage);
    let module = crate::wgsl::spirv_to_module_unflipped(Stage::TessEval, tes)?;
    let eval = EvaluationPass {
        emulation: e,
        vars: &tes_vars,
        state: &st,
        layouts: Layouts { control_point: &clayout, patch: &playout },
        buffers: buffers.evaluation(),
        clip_location: None,
        primitive_id_location: None,
        culled: false,
        layered: false,
        viewports: false,
        sprites: None,
        verify: desc.options.verify_wgsl_round_trip,
    };
    let (wgsl, layout) = evaluation::records_pass(module, &eval, binding::intermediate(records))?;
    let points = gpu::max_points_per_patch(st.mode.domain, max_level) as u64;
    table.resize(records, BufferSize::PerPatch { bytes: layout.bytes() * points });
    passes.push(compute_pass(
        "tessellation evaluation",
        ShaderPlan { entry_point: evaluation::RECORDS_ENTRY.into(), ..crate::shader_plan(Stage::TessEval, wgsl) },
        Workgroups::Indirect { arguments: buffers.indirect, offset: gpu::INDIRECT_POINT_DISPATCH_OFFSET },
    ));
    let n = crate::cull::vertices_per_primitive(topology);
    let max_primitives_per_patch = gpu::max_indices_per_patch(st.mode.domain, st.mode.point_mode, max_level) / n;
    Ok(GeometryInput {
        passes,
        records,
        layout,
        indices: buffers.indices,
        indirect: buffers.indirect,
        topology,
        max_primitives_per_patch,
        mode: st.mode,
    })
}

/// The passes of a tessellation pipeline. The stages have been through resource lowering and
/// the steps every path shares ([`crate::shape::prepare`]).
pub fn translate(
    desc: &PipelineDesc,
    e: Emulation,
    vertex: LoadedModule,
    mut tcs: LoadedModule,
    mut tes: LoadedModule,
    fragment: Option<ShaderPlan>,
    varyings: DrawVaryings,
) -> Result<Plan, TranslateError> {
    let DrawVaryings { clip_location, primitive_id_location, .. } = varyings;
    let verify = desc.options.verify_wgsl_round_trip;
    let cull_distances = tes.reflection.cull_distance_outputs;
    let sprites = varyings.point_sprites.then_some(Sprites { point_coord_location: varyings.point_coord_location, cull_distances });
    let (layered, viewports) = (tes.reflection.writes(SpvBuiltIn::Layer), tes.reflection.writes(SpvBuiltIn::ViewportIndex));
    if sprites.is_some() && (layered || viewports) {
        return Err(tess_err(Stage::TessEval, "points of a size with Layer or ViewportIndex"));
    }
    // Sprites drop a culled point in the draw itself.
    let culled = cull_distances > 0 && sprites.is_none();
    let mut table = BufferTable::default();
    let Front { st, max_level, buffers, mut passes, clayout, playout, tes_vars } =
        front(desc, e, &vertex, &mut tcs, &mut tes, culled, &mut table)?;
    // The primitives the tessellator's index list holds.
    let topology = st.primitives();
    if sprites.is_some() && (!st.mode.point_mode || clip_location.is_some()) {
        return Err(TranslateError::InvalidPlan("point sprites outside point mode, or with clip distances as varyings".into()));
    }

    // 4. Evaluation stage as a vertex stage over the domain points.
    let tes_module = crate::wgsl::spirv_to_module(Stage::TessEval, &tes)?;
    let eval = EvaluationPass {
        emulation: e,
        vars: &tes_vars,
        state: &st,
        layouts: Layouts { control_point: &clayout, patch: &playout },
        buffers: buffers.evaluation(),
        clip_location,
        primitive_id_location,
        culled,
        layered,
        viewports,
        sprites,
        verify,
    };
    let cull_wgsl = match buffers.cull_masks {
        Some(masks) => {
            let masks = binding::intermediate(masks);
            let per_point = evaluation::cull_distance_pass(tes_module.clone(), &eval, cull_distances, masks)?;
            let vertices = crate::cull::vertices_per_primitive(topology);
            Some((per_point, evaluation::cull_primitive_pass(e, &eval.buffers, masks, vertices)?))
        }
        None => None,
    };
    let capture = capture(desc, &tes, &eval, &buffers, tes_module.clone(), max_level, &mut table)?;
    let (tes_wgsl, native_clip) = evaluation::evaluation_pass(tes_module, &eval)?;

    let shader = |stage, w: ValidatedWgsl| crate::shader_plan(stage, w);
    let entry = |shader: ShaderPlan, entry: &str| ShaderPlan { entry_point: entry.to_string(), ..shader };
    let capture_plan = match capture {
        Some((plan, capture_passes)) => {
            passes.extend(capture_passes);
            Some(plan)
        }
        None => None,
    };
    if let Some((per_point, per_primitive)) = cull_wgsl {
        let per_point = entry(shader(Stage::TessEval, per_point), evaluation::CULL_DISTANCES_ENTRY);
        let arguments = buffers.indirect;
        let at = |offset| Workgroups::Indirect { arguments, offset };
        passes.push(compute_pass("tessellation cull distances", per_point, at(gpu::INDIRECT_POINT_DISPATCH_OFFSET)));
        let per_primitive = entry(shader(Stage::TessEval, per_primitive), evaluation::CULL_ENTRY);
        passes.push(compute_pass("tessellation cull", per_primitive, at(gpu::INDIRECT_DISPATCH_OFFSET)));
    }
    // Drawn per layer and viewport, the index list is drawn whole: its tail past the
    // tessellator's entries becomes the culled index (an indirect draw cannot carry the
    // instance that names the target).
    if layered || viewports {
        let per_patch = gpu::max_indices_per_patch(st.mode.domain, st.mode.point_mode, max_level);
        let (indices, indirect) = (eval.buffers.indices, eval.buffers.indirect);
        passes.push(evaluation::fill_tail_pass(e, Stage::TessEval, indices, indirect, per_patch, 1, 1, verify)?);
    }
    let (topology, draw_shape) = draw_shape(&st, &buffers, sprites.is_some(), layered || viewports, max_level);
    passes.push(Pass::Render(RenderPass {
        label: "tessellation evaluation".into(),
        vertex: shader(Stage::TessEval, tes_wgsl),
        fragment,
        topology,
        vertex_buffers: Vec::new(),
        clip_distances: native_clip,
        draw: draw_shape,
        resources: Vec::new(),
    }));
    let mut plan = Plan::assemble(desc, Some(e.group), passes, table);
    plan.tessellation = Some(st.mode);
    plan.capture = capture_plan;
    plan.layered = layered;
    plan.viewports = viewports;
    Ok(plan)
}

/// Transform feedback from the evaluation stage, when it captures: the stage's words per
/// domain point, then the tessellator's primitives written in its order, before any cull pass
/// (capture precedes culling). Its plan entry and passes.
fn capture(
    desc: &PipelineDesc,
    tes: &LoadedModule,
    eval: &EvaluationPass,
    buffers: &TessBuffers,
    tes_module: naga::Module,
    max_level: u32,
    table: &mut BufferTable,
) -> Result<Option<(CapturePlan, Vec<Pass>)>, TranslateError> {
    let Some(c) = &tes.reflection.capture else { return Ok(None) };
    let (st, e) = (eval.state, eval.emulation);
    let layout = c.clone().map_err(|why| tess_err(Stage::TessEval, why))?;
    let source = crate::capture::Source::Tessellation {
        vertices_per_primitive: crate::cull::vertices_per_primitive(st.primitives()),
        points_per_patch: gpu::max_points_per_patch(st.mode.domain, max_level),
        indices: buffers.indices,
        indirect: buffers.indirect,
    };
    crate::capture::check(Stage::TessEval, &layout, &source)?;
    let cbuffers = crate::capture::CaptureBuffers::declare(table, &layout, &source);
    let words = evaluation::capture_pass(tes_module, eval, binding::intermediate(cbuffers.words), layout.words.len() as u32)?;
    let mut passes = vec![crate::capture::mark_capture(compute_pass(
        "capture points",
        ShaderPlan { entry_point: evaluation::CAPTURE_ENTRY.into(), ..crate::shader_plan(Stage::TessEval, words) },
        Workgroups::Indirect { arguments: buffers.indirect, offset: gpu::INDIRECT_POINT_DISPATCH_OFFSET },
    ))];
    passes.extend(crate::capture::passes(e, Stage::TessEval, &layout, &source, &cbuffers, desc.options.verify_wgsl_round_trip)?);
    Ok(Some((crate::capture::plan(&layout, &source), passes)))
}

/// The evaluation draw's topology and shape: point sprites drawn as squares from the
/// tessellator's expanded-draw arguments; drawn per layer and viewport, the whole index list
/// (an indirect draw cannot carry the instance that names the target); else the tessellator's
/// indirect indexed draw.
fn draw_shape(st: &TessState, buffers: &TessBuffers, sprites: bool, per_target: bool, max_level: u32) -> (Topology, DrawShape) {
    if sprites {
        let shape = DrawShape::ExpandedPointsIndirect {
            vertices_per_point: gpu::EXPANDED_VERTICES_PER_ENTRY,
            arguments: buffers.indirect,
            offset: gpu::EXPANDED_DRAW_OFFSET,
        };
        return (Topology::TriangleList, shape);
    }
    let shape = if per_target {
        DrawShape::IndexedPerPrimitive {
            indices: buffers.indices,
            indices_per_primitive: gpu::max_indices_per_patch(st.mode.domain, st.mode.point_mode, max_level),
        }
    } else {
        DrawShape::IndexedIndirect { indices: buffers.indices, arguments: buffers.indirect }
    };
    (st.primitives(), shape)
}

/// The intermediate buffers of a tessellation draw, in the plan's table.
#[derive(Debug, Clone, Copy)]
struct TessBuffers {
    vertex_records: BufferId,
    control_points: BufferId,
    patch_records: BufferId,
    levels: BufferId,
    counts: BufferId,
    offsets: BufferId,
    domain_points: BufferId,
    indices: BufferId,
    indirect: BufferId,
    /// Only when a cull pass runs.
    cull_masks: Option<BufferId>,
}

impl TessBuffers {
    /// Adds the buffers to `table`, sized for `st` at levels up to `max_level`; the records'
    /// sizes are set once their passes give their layouts.
    fn declare(table: &mut BufferTable, st: &TessState, max_level: u32, culled: bool) -> Self {
        let points = gpu::max_points_per_patch(st.mode.domain, max_level) as u64;
        let indices = gpu::max_indices_per_patch(st.mode.domain, st.mode.point_mode, max_level) as u64;
        let unsized_records = || BufferSize::Fixed { bytes: 0 };
        TessBuffers {
            vertex_records: table.add("vertex records", unsized_records(), BufferUsage::Storage),
            control_points: table.add("control points", unsized_records(), BufferUsage::Storage),
            patch_records: table.add("patch records", unsized_records(), BufferUsage::Storage),
            levels: table.add("levels", BufferSize::PerPatch { bytes: 32 }, BufferUsage::Storage),
            counts: table.add("tess counts", BufferSize::PerPatch { bytes: 8 }, BufferUsage::Storage),
            offsets: table.add("tess offsets", BufferSize::ScanOffsets, BufferUsage::Storage),
            domain_points: table.add("domain points", BufferSize::PerPatch { bytes: 16 * points }, BufferUsage::Storage),
            indices: table.add("tess indices", BufferSize::PerPatch { bytes: 4 * indices }, BufferUsage::Index),
            indirect: table.add("tess indirect", BufferSize::Fixed { bytes: gpu::INDIRECT_BYTES }, BufferUsage::Indirect),
            cull_masks: culled.then(|| table.add("cull masks", BufferSize::PerPatch { bytes: 4 * points }, BufferUsage::Storage)),
        }
    }

    /// The bindings the evaluation passes read.
    fn evaluation(&self) -> EvaluationBuffers {
        EvaluationBuffers {
            cps: binding::intermediate(self.control_points),
            patches: binding::intermediate(self.patch_records),
            levels: binding::intermediate(self.levels),
            domain: binding::intermediate(self.domain_points),
            indices: binding::intermediate(self.indices),
            indirect: binding::intermediate(self.indirect),
        }
    }

    /// The bindings the tessellator's kernels read and write.
    fn tessellator(&self, emulation: Emulation) -> TessBindings {
        TessBindings {
            group: emulation.group,
            draw: binding::DRAW,
            levels: binding::intermediate(self.levels),
            counts: binding::intermediate(self.counts),
            offsets: binding::intermediate(self.offsets),
            domain: binding::intermediate(self.domain_points),
            indices: binding::intermediate(self.indices),
            indirect: binding::intermediate(self.indirect),
        }
    }
}

/// The vertex stage as compute over patch vertices, writing records by location.
pub(crate) fn vertex_records(
    e: Emulation,
    mut module: naga::Module,
    desc: &PipelineDesc,
    records_binding: u32,
) -> Result<(ValidatedWgsl, RecordLayout), TranslateError> {
    let func = vertex_function::from_entry(&mut module)?;
    let slots = crate::vertex_pulling::used_slots(&func, &desc.vertex_buffers)?;
    let mut layout = by_location(true);
    let mut stores = Vec::new();
    let mut clip = None;
    for (i, o) in func.outputs.iter().enumerate() {
        match &o.binding {
            NagaBinding::BuiltIn(BuiltIn::Position { .. }) => stores.push(Store::Vec4(Field::Position, Source::Output(i))),
            NagaBinding::Location { location, .. } => {
                layout.add_location(*location, &module, o.ty);
                stores.push(Store::Value(Field::Location(*location), Source::Output(i)));
            }
            NagaBinding::BuiltIn(BuiltIn::ClipDistances) => clip = Some((Source::Output(i), vertex_function::array_len(&module, o.ty))),
            _ => {}
        }
    }
    // What the next stage reads of `gl_in[]` besides the position, which the shared steps kept
    // (`shape::prepare`): after every location, so locations keep their by-location places.
    if let Some((source, n)) = clip {
        layout.add_distances(Field::ClipDistances, n);
        stores.push(Store::Floats(Field::ClipDistances, source, n));
    }
    if let Some(cull) = vertex_function::demoted_global(&module, vertex_function::CULL_GLOBAL)? {
        let n = vertex_function::array_len(&module, module.global_variables[cull].ty);
        layout.add_distances(Field::CullDistances, n);
        stores.push(Store::Floats(Field::CullDistances, Source::Global(cull), n));
    }
    if let Some(size) = vertex_function::demoted_global(&module, crate::points::POINT_SIZE_GLOBAL)? {
        layout.add(Field::PointSizeKeep, 1);
        stores.push(Store::Float(Field::PointSizeKeep, Source::Global(size)));
    }
    let pass = vertex_records::RecordsPass {
        emulation: e,
        layouts: &desc.vertex_buffers,
        slots: &slots,
        records_binding: Some(records_binding),
        capture: None,
        entry: "tesserae_vertex_main",
        workgroup: WORKGROUP,
        layout: &layout,
        stores,
        verify: desc.options.verify_wgsl_round_trip,
    };
    Ok((vertex_records::build(module, &func, &pass)?, layout))
}

/// The compute entry point of a module, turned into the function `name`.
pub(crate) fn entry_to_function(
    module: &mut naga::Module,
    stage: Stage,
    name: &str,
) -> Result<naga::Handle<naga::Function>, TranslateError> {
    let Some(pos) = module.entry_points.iter().position(|ep| ep.stage == naga::ShaderStage::Compute) else {
        return Err(tess_err(stage, "a module without its entry point"));
    };
    let ep = module.entry_points.remove(pos);
    module.entry_points.clear();
    let mut f = ep.function;
    if !f.arguments.is_empty() || f.result.is_some() {
        return Err(tess_err(stage, "an interface naga kept after lowering"));
    }
    f.name = Some(name.into());
    Ok(module.functions.append(f, naga::Span::UNDEFINED))
}

fn relabel(e: TranslateError, stage: Stage) -> TranslateError {
    match e {
        TranslateError::NagaValidation { message, .. } => TranslateError::NagaValidation { stage, message },
        TranslateError::NagaBackend { message, .. } => TranslateError::NagaBackend { stage, message },
        // vertex_function names the vertex stage; here it runs on a tessellation stage.
        TranslateError::Unsupported { feature, .. } => TranslateError::Unsupported { stage, feature },
        other => other,
    }
}
