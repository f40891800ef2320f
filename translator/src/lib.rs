//! Tesserae: translate Vulkan pipelines (SPIR-V) into plans for wgpu.
//!
//! Front end → lowering → naga → plan, in the style of naga itself:
//! 1. [`reflect::load`] reads each stage (a [`spirv_view::ModuleView`] of its words), checks
//!    it and reflects its interface.
//! 2. [`translate`] refuses what is out of scope with [`TranslateError::Unsupported`], checks
//!    the stage interfaces ([`interface`]) and runs the SPIR-V → SPIR-V passes in [`lower`]
//!    (on rspirv's module, built only for a stage a pass applies to).
//! 3. [`wgsl`] hands the lowered SPIR-V to naga (the input words themselves when no pass
//!    changed the stage: see [`LoadedModule`]) and returns validated WGSL.
//!
//! Invariants: no I/O; never panics on any input; every WGSL returned validates; the output is
//! a deterministic function of the input.

pub mod compute;
pub mod desc;
pub mod draw_uniform;
mod emulate;
pub mod error;
pub mod lower;
mod output;
pub mod profile;
mod read;
mod shape;
pub mod tessellator;

// The layers' modules keep the paths they had at the crate root: the paths the crate's users
// and its own code name them by.
pub use emulate::{
    capture, cull, geometry, link, points, record_draw, records, tessellation, vertex_function, vertex_pulling, vertex_records,
};
pub use output::{deep_expressions, emulation, naga_repairs, plan, resources, wgsl, wgsl_layout};
use read::spare;
pub use read::{descriptors, interface, module_checks, spirv_reader, spirv_view};

/// Loading and reflecting one module: what reflection reads of it (`read/reflect.rs`), and
/// [`load`](reflect::load), which reads, checks, normalizes and reflects it and lives with
/// the passes it runs (`lower/load.rs`), so that reading imports nothing from lowering.
pub mod reflect {
    pub use crate::lower::load::{load, load_compute};
    pub use crate::read::reflect::*;
}

pub use compute::translate_compute;
pub use desc::*;
pub use descriptors::DescriptorKind;
pub use error::{LoadError, TranslateError};
pub use plan::{
    AppResource, Binding, BindingType, BufferId, BufferSize, BufferUsage, ComputePass, ComputePlan, DrawShape, IntermediateBuffer, Pass,
    PassResource, Plan, PlanError, PushConstants, RenderPass, Resource, ShaderPlan, StorageAccess, StorageFormat, TextureDimension,
    TextureSample, Visibility, WgpuBinding, Workgroups, PLAN_VERSION,
};
pub use reflect::{LoadedModule, Reflection};

use emulate::{demote_cull, demote_point_size};
use emulation::{binding, Emulation};
use plan::{compute_pass, shader_plan, BufferTable};
use resources::ResourceContext;
use shape::{Path, PipelineShape, Stages};
use spirv::BuiltIn;

/// Loads a stage with the pipeline's specialization constants applied (so reflection sees the
/// specialized array sizes), and runs the passes every loaded stage gets ([`lower::ON_LOADED`]).
/// Without an entry point name, the `slot`'s kind picks one: a graphics stage, or `GLCompute`
/// for [`Stage::Compute`].
fn load_specialized<'w>(
    slot: Stage,
    spirv: &'w [u32],
    entry_point: Option<&str>,
    spec: &[(u32, SpecValue)],
) -> Result<LoadedModule<'w>, TranslateError> {
    let load = |words: std::borrow::Cow<'w, [u32]>| {
        let read = if slot == Stage::Compute { reflect::load_compute } else { reflect::load };
        profile::phase("load", || read(words, entry_point)).map_err(|source| TranslateError::load(slot, source))
    };
    let mut m = load(spirv.into())?;
    let has_spec = m.view().types_global_values().any(|i| {
        matches!(
            i.opcode,
            spirv::Op::SpecConstant | spirv::Op::SpecConstantTrue | spirv::Op::SpecConstantFalse | spirv::Op::SpecConstantComposite
        )
    });
    if has_spec {
        // Specialized from the words as given, then loaded again: the first load may have
        // lowered the module already (transform feedback's capture function, with `Xfb` gone),
        // and what it lowered may depend on the specialized values (array sizes).
        use rspirv::binary::Assemble;
        let mut words_module = None;
        let module = reflect::rspirv_module(&mut words_module, spirv).map_err(|source| TranslateError::load(slot, source))?;
        profile::phase("lower: specialize", || lower::specialize::lower(module, spec));
        m = load(profile::phase("rspirv assemble", || module.assemble()).into())?;
    }
    for (name, applies, pass) in lower::ON_LOADED {
        profile::phase(name, || m.lower(applies, pass));
    }
    Ok(m)
}

/// [`load_specialized`], checked to be a `slot` stage.
pub(crate) fn load_stage_words<'w>(
    slot: Stage,
    spirv: &'w [u32],
    entry_point: Option<&str>,
    spec: &[(u32, SpecValue)],
) -> Result<LoadedModule<'w>, TranslateError> {
    let m = load_specialized(slot, spirv, entry_point, spec)?;
    if m.reflection.stage != slot {
        return Err(TranslateError::InvalidDesc(format!("the module given as the {slot} stage has a {} entry point", m.reflection.stage)));
    }
    Ok(m)
}

/// Translates a whole pipeline into a [`Plan`].
pub fn translate(desc: &PipelineDesc) -> Result<Plan, TranslateError> {
    profile::phase("translate", || translate_unprofiled(desc))
}

fn translate_unprofiled(desc: &PipelineDesc) -> Result<Plan, TranslateError> {
    let mut stages = Stages::load(desc)?;
    let shape = PipelineShape::of(desc, &stages)?;
    let mut ctx = profile::phase("lower: resources", || ResourceContext::prepare(&mut stages.all_mut(), desc.options.max_bind_groups))?;
    ctx.set_primitive_restart(desc.primitive_restart_enable);
    let primitive_id = shape::prepare::stages(&shape, &mut stages)?;
    let emulation = |stage, why| ctx.emulation(stage, why);
    let vertex_capture = vertex_capture(desc, &shape, &stages)?;
    let mut plan = match shape.path {
        Path::Direct => translate_direct(desc, &shape, stages)?,
        Path::ExpandedPoints => translate_expanded_points(desc, emulation(Stage::Vertex, "expanded points")?, &shape, stages)?,
        Path::PrimitivePass { why } => translate_with_primitive_pass(desc, emulation(Stage::Vertex, why)?, &shape, stages)?,
        Path::Tessellated { point_sprites, .. } => {
            translate_tessellated(desc, emulation(Stage::TessControl, "tessellation")?, &shape, point_sprites, stages, primitive_id)?
        }
        Path::Geometry { state, .. } => {
            translate_geometry(desc, emulation(Stage::Geometry, "geometry shaders")?, &shape, &state, stages, primitive_id)?
        }
    };
    if let Some((module, layout)) = vertex_capture {
        add_vertex_capture(desc, emulation(Stage::Vertex, "transform feedback")?, module, &layout, &mut plan)?;
    }
    profile::phase("resources finish", || ctx.finish(&mut plan))?;
    Ok(plan)
}

/// What the last stage captures (transform feedback), when it is the vertex stage: its module
/// as compute's, and the capture's layout. A capture Tesserae cannot take is refused.
fn vertex_capture(
    desc: &PipelineDesc,
    shape: &PipelineShape,
    stages: &Stages,
) -> Result<Option<(naga::Module, reflect::CaptureLayout)>, TranslateError> {
    let last = stages.last();
    let Some(capture) = &last.reflection.capture else { return Ok(None) };
    let layout = capture.clone().map_err(|why| TranslateError::unsupported(shape.last, why))?;
    match shape.last {
        Stage::Vertex => {
            capture::check(Stage::Vertex, &layout, &capture::Source::Draw { topology: desc.topology })?;
            Ok(Some((wgsl::spirv_to_module_unflipped(Stage::Vertex, last)?, layout)))
        }
        // The tessellation and geometry paths capture themselves.
        _ => Ok(None),
    }
}

/// Puts the capture of a draw's primitives (`capture`) before the plan's passes.
fn add_vertex_capture(
    desc: &PipelineDesc,
    e: Emulation,
    module: naga::Module,
    layout: &reflect::CaptureLayout,
    plan: &mut Plan,
) -> Result<(), TranslateError> {
    let source = capture::Source::Draw { topology: desc.topology };
    let mut table = BufferTable::from_vec(std::mem::take(&mut plan.buffers));
    let buffers = capture::CaptureBuffers::declare(&mut table, layout, &source);
    let mut passes = vec![capture::vertex_pass(e, module, desc, layout, &buffers)?];
    passes.extend(capture::passes(e, Stage::Vertex, layout, &source, &buffers, desc.options.verify_wgsl_round_trip)?);
    passes.append(&mut plan.passes);
    plan.passes = passes;
    plan.buffers = table.into_vec();
    plan.emulation_group = Some(e.group);
    plan.capture = Some(capture::plan(layout, &source));
    Ok(())
}

/// Vertex, control, evaluation (and fragment) stages: see [`tessellation`].
fn translate_tessellated(
    desc: &PipelineDesc,
    e: Emulation,
    shape: &PipelineShape,
    point_sprites: bool,
    stages: Stages,
    primitive_id: emulate::PrimitiveIdVarying,
) -> Result<Plan, TranslateError> {
    let Stages { vertex, tessellation: Some(t), fragment, .. } = stages else {
        return Err(TranslateError::InvalidPlan("a tessellated shape without tessellation stages".into()));
    };
    let varyings = tessellation::DrawVaryings {
        clip_location: shape.varyings.clip,
        primitive_id_location: primitive_id,
        point_sprites,
        point_coord_location: shape.varyings.point_coord,
    };
    let fragment_plan = fragment_plan(desc, fragment.as_ref())?;
    tessellation::translate(desc, e, vertex, t.control, t.evaluation, fragment_plan, varyings)
}

/// Vertex, geometry (and fragment) stages: see [`geometry`].
fn translate_geometry(
    desc: &PipelineDesc,
    e: Emulation,
    shape: &PipelineShape,
    state: &geometry::GeometryState,
    stages: Stages,
    primitive_id: emulate::PrimitiveIdVarying,
) -> Result<Plan, TranslateError> {
    let Stages { vertex, tessellation, geometry: Some(gs), fragment } = stages else {
        return Err(TranslateError::InvalidPlan("a geometry shape without a geometry stage".into()));
    };
    let fragment_plan = fragment_plan(desc, fragment.as_ref())?;
    let fragment = fragment_plan.map(|plan| geometry::FragmentSide { plan, primitive_id });
    let draw = geometry::GeometryDraw {
        clip_distances: shape.clip_distances,
        cull_distances: shape.cull_distances,
        emulated_clip: shape.varyings.clip,
        point_sprites: shape.draws_quads(),
        point_coord: shape.varyings.point_coord,
    };
    let tessellation = tessellation.map(|t| (t.control, t.evaluation));
    geometry::translate(desc, e, &draw, state, vertex, tessellation, gs, fragment)
}

/// The vertex stage as the render pass's vertex stage.
fn translate_direct(desc: &PipelineDesc, shape: &PipelineShape, stages: Stages) -> Result<Plan, TranslateError> {
    let vertex_wgsl = wgsl::spirv_to_wgsl(Stage::Vertex, &stages.vertex, desc.options.verify_wgsl_round_trip)?;
    // What the WGSL writes decides: naga outputs every Output built-in it finds, also one a
    // (malformed) entry point interface leaves out, which reflection does not count.
    let entry = vertex_wgsl.module().entry_points.first().map(|e| e.name.clone()).unwrap_or_default();
    let clip_distances = shape.native_clip_distances().max(wgsl::entry_clip_distances(vertex_wgsl.module(), &entry));
    let fragment_plan = fragment_plan(desc, stages.fragment.as_ref())?;
    Ok(Plan::assemble(
        desc,
        None,
        vec![Pass::Render(RenderPass {
            label: "draw".into(),
            vertex: shader_plan(Stage::Vertex, vertex_wgsl),
            fragment: fragment_plan,
            topology: desc.topology,
            vertex_buffers: desc.vertex_buffers.clone(),
            clip_distances,
            draw: DrawShape::AsRecorded,
            resources: Vec::new(),
        })],
        BufferTable::default(),
    ))
}

/// Point-list draw with `PointSize` or `PointCoord`: see [`points`].
fn translate_expanded_points(desc: &PipelineDesc, e: Emulation, shape: &PipelineShape, stages: Stages) -> Result<Plan, TranslateError> {
    let module = wgsl::spirv_to_module(Stage::Vertex, &stages.vertex)?;
    let mut buffers = BufferTable::default();
    let records = buffers.add("records", BufferSize::Fixed { bytes: 0 }, BufferUsage::Storage);
    let quads =
        buffers.add("quad indices", BufferSize::PerPosition { bytes: 4 * points::INDICES_PER_POINT as u64 }, BufferUsage::QuadIndices);
    let passes = profile::phase("points::expand", || {
        points::expand(
            module,
            &points::PointExpansion {
                layouts: &desc.vertex_buffers,
                point_coord_location: shape.varyings.point_coord,
                cull_distances: shape.cull_distances,
                emulation: e,
                records_binding: binding::intermediate(records),
                verify: desc.options.verify_wgsl_round_trip,
            },
        )
    })?;
    buffers.resize(records, BufferSize::PerPosition { bytes: passes.layout.bytes() });
    let fragment_plan = fragment_plan(desc, stages.fragment.as_ref())?;
    Ok(Plan::assemble(
        desc,
        Some(e.group),
        vec![
            compute_pass("point vertices", shader_plan(Stage::Vertex, passes.vertex), Workgroups::PerPosition { size: points::WORKGROUP }),
            Pass::Render(RenderPass {
                label: "expanded points".into(),
                vertex: shader_plan(Stage::Vertex, passes.expand),
                fragment: fragment_plan,
                topology: Topology::TriangleList,
                vertex_buffers: Vec::new(),
                clip_distances: 0,
                draw: DrawShape::ExpandedPoints { indices_per_point: points::INDICES_PER_POINT, indices: quads },
                resources: Vec::new(),
            }),
        ],
        buffers,
    ))
}

/// Primitives assembled in compute: the four passes of [`cull`], for cull distances and, on a
/// last-vertex rasterizer, for flat varyings (primitives rotated).
fn translate_with_primitive_pass(desc: &PipelineDesc, e: Emulation, shape: &PipelineShape, stages: Stages) -> Result<Plan, TranslateError> {
    if desc.topology.is_points() {
        return Err(TranslateError::unsupported(Stage::Vertex, "the primitive pass for points"));
    }
    let module = wgsl::spirv_to_module(Stage::Vertex, &stages.vertex)?;
    let n = cull::rasterized_vertices(desc.topology) as u64;
    let mut buffers = BufferTable::default();
    let records = buffers.add("records", BufferSize::Fixed { bytes: 0 }, BufferUsage::Storage);
    // With a layer or viewport per vertex, `prims` is drawn directly (`CullPasses::direct`).
    let direct = [BuiltIn::Layer, BuiltIn::ViewportIndex].iter().any(|b| stages.vertex.reflection.writes(*b));
    let prims =
        buffers.add("prims", BufferSize::PerPrimitive { bytes: 4 * n }, if direct { BufferUsage::Index } else { BufferUsage::Storage });
    let flags = buffers.add("flags", BufferSize::PerPrimitive { bytes: 4 }, BufferUsage::Storage);
    let indices = buffers.add("indices", BufferSize::PerPrimitive { bytes: 4 * n }, BufferUsage::Index);
    let indirect = buffers.add("indirect", BufferSize::Fixed { bytes: 20 }, BufferUsage::Indirect);
    let bindings = cull::CullBindings {
        emulation: e,
        records: binding::intermediate(records),
        prims: binding::intermediate(prims),
        flags: binding::intermediate(flags),
        indices: binding::intermediate(indices),
        indirect: binding::intermediate(indirect),
    };
    let provoking_last = desc.options.provoking_vertex == ProvokingVertex::Last;
    let passes = profile::phase("cull::build", || {
        cull::build(
            module,
            &cull::CullConfig {
                bindings,
                layouts: &desc.vertex_buffers,
                topology: desc.topology,
                cull_distances: shape.cull_distances,
                emulated_clip_location: shape.varyings.clip,
                provoking_last,
                verify: desc.options.verify_wgsl_round_trip,
            },
        )
    })?;
    buffers.resize(records, BufferSize::PerPosition { bytes: passes.layout.bytes() });
    let fragment_plan = fragment_plan(desc, stages.fragment.as_ref())?;
    let compute = |label: &str, w: wgsl::ValidatedWgsl, workgroups| compute_pass(label, shader_plan(Stage::Vertex, w), workgroups);
    let (layered, viewports, direct_draw) = (passes.layered, passes.viewports, passes.direct());
    let mut list = vec![
        compute("vertex", passes.vertex, Workgroups::PerPosition { size: cull::WORKGROUP }),
        compute("primitives", passes.primitive, Workgroups::PerPrimitive { size: cull::WORKGROUP }),
    ];
    let draw = if direct_draw {
        DrawShape::IndexedPerPrimitive { indices: prims, indices_per_primitive: n as u32 }
    } else {
        list.push(compute("compact", passes.compact, Workgroups::One));
        DrawShape::IndexedIndirect { indices, arguments: indirect }
    };
    list.push(Pass::Render(RenderPass {
        label: "draw survivors".into(),
        vertex: shader_plan(Stage::Vertex, passes.passthrough),
        fragment: fragment_plan,
        topology: match n {
            2 => Topology::LineList,
            _ => Topology::TriangleList,
        },
        vertex_buffers: Vec::new(),
        clip_distances: passes.native_clip,
        draw,
        resources: Vec::new(),
    }));
    let mut plan = Plan::assemble(desc, Some(e.group), list, buffers);
    plan.layered = layered;
    plan.viewports = viewports;
    Ok(plan)
}

/// The fragment stage's plan, translated the ordinary way.
fn fragment_plan(desc: &PipelineDesc, fragment: Option<&LoadedModule>) -> Result<Option<ShaderPlan>, TranslateError> {
    let verify = desc.options.verify_wgsl_round_trip;
    fragment.map(|f| Ok(shader_plan(Stage::Fragment, wgsl::spirv_to_wgsl(Stage::Fragment, f, verify)?))).transpose()
}

impl VertexBufferLayout {
    /// One tightly packed per-vertex buffer feeding every input of a vertex stage with its
    /// natural 32-bit format: the default context for tools that have only the shader.
    pub fn infer(r: &Reflection) -> Vec<VertexBufferLayout> {
        let mut attributes = Vec::new();
        let mut offset = 0;
        for input in &r.inputs {
            for i in 0..input.ty.locations {
                let n = input.ty.components.clamp(1, 4) as usize;
                let format = match input.ty.kind {
                    reflect::ScalarKind::Uint => {
                        [VertexFormat::Uint32, VertexFormat::Uint32x2, VertexFormat::Uint32x3, VertexFormat::Uint32x4][n - 1]
                    }
                    reflect::ScalarKind::Sint => {
                        [VertexFormat::Sint32, VertexFormat::Sint32x2, VertexFormat::Sint32x3, VertexFormat::Sint32x4][n - 1]
                    }
                    _ => [VertexFormat::Float32, VertexFormat::Float32x2, VertexFormat::Float32x3, VertexFormat::Float32x4][n - 1],
                };
                attributes.push(VertexAttribute { location: input.location + i, format, offset });
                offset += format.size();
            }
        }
        if attributes.is_empty() {
            return Vec::new();
        }
        vec![VertexBufferLayout { stride: offset, step_mode: StepMode::Vertex, attributes }]
    }
}

/// Translates one stage on its own with a default context (as spirv-cross does): built-ins
/// WebGPU lacks are refused, `PointSize` is dropped. For tooling and fuzzing.
pub fn translate_stage(stage: &StageDesc) -> Result<ShaderPlan, TranslateError> {
    translate_stage_with(stage, Options::default())
}

/// As [`translate_stage`], with `options` in the default context.
pub fn translate_stage_with(stage: &StageDesc, options: Options) -> Result<ShaderPlan, TranslateError> {
    let words = stage.spirv.as_slice();
    // Only a compute stage's loading reads `OpExecutionModeId` (`LocalSizeId`).
    if compute::has_id_modes(words) {
        return Ok(translate_compute(&ComputeDesc { shader: stage.clone(), specialization: Vec::new(), options })?.pass.shader);
    }
    let loaded = reflect::load(words, stage.entry_point.as_deref()).map_err(|source| {
        TranslateError::load(reflect::peek_stage(words, stage.entry_point.as_deref()).unwrap_or(Stage::Vertex), source)
    })?;
    let slot = loaded.reflection.stage;
    match slot {
        Stage::Vertex => {
            let desc = PipelineDesc {
                vertex_buffers: VertexBufferLayout::infer(&loaded.reflection),
                options,
                ..PipelineDesc::new(stage.clone(), None)
            };
            let plan = translate(&desc)?;
            let Some(Pass::Render(rp)) = plan.passes.into_iter().next() else {
                return Err(TranslateError::InvalidDesc("plan without a render pass".into()));
            };
            Ok(rp.vertex)
        }
        Stage::Fragment => {
            let mut loaded = load_specialized(slot, &stage.spirv, stage.entry_point.as_deref(), &[])?;
            read::refusals::refuse_fragment_inputs(&loaded.reflection, false, None)?;
            for b in [BuiltIn::Layer, BuiltIn::ViewportIndex] {
                if loaded.reflection.reads(b) {
                    loaded.lower(|_| true, |m| lower::unwritten_builtin_inputs::lower(m, b));
                }
            }
            ResourceContext::prepare(&mut [&mut loaded], options.max_bind_groups)?;
            Ok(shader_plan(slot, wgsl::spirv_to_wgsl(slot, &loaded, options.verify_wgsl_round_trip)?))
        }
        Stage::TessControl | Stage::TessEval => tessellation::translate_stage(
            load_specialized(slot, &stage.spirv, stage.entry_point.as_deref(), &[])?,
            options.verify_wgsl_round_trip,
        ),
        Stage::Geometry => geometry::translate_stage(
            load_specialized(slot, &stage.spirv, stage.entry_point.as_deref(), &[])?,
            options.verify_wgsl_round_trip,
        ),
        Stage::Compute => {
            let desc = ComputeDesc { shader: stage.clone(), specialization: Vec::new(), options };
            Ok(translate_compute(&desc)?.pass.shader)
        }
    }
}
