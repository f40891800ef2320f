//! The evaluation stage's passes: the render pass that runs it as a vertex stage over the
//! domain points, and, when it writes cull distances, the two compute passes that cull
//! primitives before that draw.
//!
//! The passes that run the stage read a domain point `tesserae_d` = (u, v, w, bitcast(patch))
//! and fill the stage's inputs from the buffers the control stage and the tessellator wrote
//! ([`evaluation_prologue`]), then call the stage as a function.
//!
//! **Cull distances.** Vulkan drops a primitive when, for some cull distance, every vertex of
//! it has a negative value; a primitive with any vertex at or above zero stays whole. WebGPU has
//! no cull distances, and a vertex stage sees one vertex, so two compute passes run before the
//! draw, both dispatched through the `indirect` buffer the tessellator's scan fills:
//! `cull distances` ([`cull_distance_pass`], one invocation per domain point,
//! [`gpu::INDIRECT_POINT_DISPATCH_OFFSET`]) evaluates the stage once per point and writes one
//! bit per negative distance to `cull masks`; `cull` ([`cull_primitive_pass`], one invocation
//! per primitive of the index list, [`gpu::INDIRECT_DISPATCH_OFFSET`]) ands the masks of its
//! vertices and, when a bit is left, overwrites the primitive's indices with [`CULLED_INDEX`].
//! The render pass's vertex stage places that index outside the clip volume, so the primitive
//! is clipped away whole; the index list keeps its length and order, so the primitives that
//! stay draw in their order. A vertex shared by a culled and a kept primitive is still shaded
//! for the kept one. The stage thus runs twice per point (masks, draw), not once per vertex of
//! every primitive.
//!
//! **Point sprites.** In point mode, when the stage writes `PointSize` or the fragment stage
//! reads `PointCoord`, the draw expands each point of the index list into a square of `size`
//! pixels, as [`crate::points`] does for point lists: a non-indexed indirect draw of
//! [`gpu::EXPANDED_VERTICES_PER_ENTRY`] vertices per entry (two triangles), each vertex
//! evaluating the stage at its entry's point and moving to a corner; varyings leave `flat`,
//! `PointCoord` as a `linear` varying. A point is dropped whole (every corner outside the clip
//! volume) when its depth is outside [0, w] or a clip or cull distance is negative, so no cull
//! pass runs; sizes are clamped to the range as on point lists.

use super::{fill_levels, fill_patch_inputs, fill_per_vertex, io_globals, relabel, set_builtins, tess_coord_value, tess_err, TessState};
use crate::desc::Stage;
use crate::emulation::Emulation;
use crate::error::TranslateError;
use crate::lower::tess_io::IoVar;
use crate::plan::{Pass, Workgroups};
use crate::points::{self, OUTSIDE_CLIP_VOLUME};
use crate::records::RecordLayout;
use crate::tessellator::gpu;
use crate::vertex_function;
use crate::wgsl::{round_trip_kernel, ValidatedWgsl};
use naga::{Binding as NagaBinding, BuiltIn};
use spirv::BuiltIn as SpvBuiltIn;
use std::fmt::Write;

/// The index the cull passes write over a culled primitive's indices: the render pass's vertex
/// stage places it outside the clip volume (and a backend that treats it as a primitive
/// restart drops the primitive: either way nothing of it is drawn).
pub const CULLED_INDEX: u32 = u32::MAX;
/// The entry points of the cull passes: cull distances per domain point, then primitives.
pub const CULL_DISTANCES_ENTRY: &str = "tesserae_cull_distances";
pub const CULL_ENTRY: &str = "tesserae_cull_primitives";
/// The entry point of the pass storing the words transform feedback captures at each point.
pub const CAPTURE_ENTRY: &str = "tesserae_capture_points";
/// The entry point of the pass storing the stage's records for a geometry stage.
pub const RECORDS_ENTRY: &str = "tesserae_evaluation_records";

/// Bindings (in the emulation group) of the buffers the evaluation passes read.
#[derive(Debug, Clone, Copy)]
pub struct EvaluationBuffers {
    /// Control points (records), patch records, levels, domain points: `array<vec4<f32>>`.
    pub cps: u32,
    pub patches: u32,
    pub levels: u32,
    pub domain: u32,
    /// The tessellator's index list and indirect arguments (`array<u32>`; the cull passes and
    /// the point sprites).
    pub indices: u32,
    pub indirect: u32,
}

/// The layouts of the records the stage reads, as the control stage wrote them.
#[derive(Debug, Clone, Copy)]
pub struct Layouts<'a> {
    pub control_point: &'a RecordLayout,
    pub patch: &'a RecordLayout,
}

/// Statements that set the stage's inputs for the domain point `tesserae_d` of patch `p`:
/// `TessCoord`, `PrimitiveId`, `PatchVertices`, the levels, per-vertex and per-patch inputs.
fn evaluation_prologue(module: &naga::Module, vars: &[IoVar], st: &TessState, layouts: Layouts) -> Result<String, TranslateError> {
    let stage = Stage::TessEval;
    let n = st.output_vertices;
    let mut prologue = String::new();
    set_builtins(
        module,
        vars,
        &[
            (SpvBuiltIn::TessCoord, tess_coord_value(stage, module, vars)?),
            (SpvBuiltIn::PrimitiveId, "(p % max(tesserae_draw.primitives, 1u))".into()),
            (SpvBuiltIn::PatchVertices, format!("{n}u")),
        ],
        &mut prologue,
    );
    fill_levels(module, vars, "p", &mut prologue);
    fill_per_vertex(stage, module, vars, n, layouts.control_point, "tesserae_cps", &format!("(p * {n}u + j)"), &mut prologue)?;
    fill_patch_inputs(stage, module, vars, layouts.patch, "p", &mut prologue)?;
    Ok(prologue)
}

/// The stage's entry point, turned into [`vertex_function::FUNCTION`]: every input is a global
/// the prologue fills ([`crate::lower::tess_io`]).
fn stage_function(module: &mut naga::Module) -> Result<vertex_function::VertexFunction, TranslateError> {
    let stage = Stage::TessEval;
    let func = vertex_function::from_entry(module).map_err(|e| relabel(e, stage))?;
    if !func.args.is_empty() {
        return Err(tess_err(stage, "an input naga kept after lowering"));
    }
    Ok(func)
}

/// The `array<vec4<f32>>` buffers of `b` that `body` names, and the draw uniform if it does.
fn record_buffers(e: Emulation, b: &EvaluationBuffers, body: &str) -> String {
    let buffers = [
        (b.cps, "read", "tesserae_cps"),
        (b.patches, "read", "tesserae_patch_records"),
        (b.levels, "read", "tesserae_levels"),
        (b.domain, "read", "tesserae_domain"),
    ];
    super::declarations_used(e, body, &buffers)
}

/// What the evaluation stage's passes need besides its module.
pub struct EvaluationPass<'a> {
    pub emulation: Emulation,
    pub vars: &'a [IoVar],
    pub state: &'a TessState,
    pub layouts: Layouts<'a>,
    pub buffers: EvaluationBuffers,
    /// Where clip distances go as a varying (emulated clipping), or `None` for native ones.
    pub clip_location: Option<u32>,
    pub primitive_id_location: Option<(u32, &'static str)>,
    /// The cull passes run before the draw: [`CULLED_INDEX`] is placed outside the clip volume.
    pub culled: bool,
    /// The stage writes `Layer` / `ViewportIndex` ([`crate::vertex_function::LAYER_GLOBAL`],
    /// [`crate::vertex_function::VIEWPORT_GLOBAL`]): the draw covers the index list's whole
    /// capacity (its tail [`CULLED_INDEX`]) once per layer and viewport, numbered by its one
    /// instance, and a vertex of another target is placed outside the clip volume.
    pub layered: bool,
    pub viewports: bool,
    /// Points drawn as squares (module docs), or `None` for primitives as tessellated.
    pub sprites: Option<Sprites>,
    pub verify: bool,
}

/// Point sprites of the draw (module docs).
#[derive(Debug, Clone, Copy)]
pub struct Sprites {
    /// Location of the `PointCoord` varying, when the fragment stage reads it.
    pub point_coord_location: Option<u32>,
    /// Cull distances the stage writes, demoted to [`vertex_function::CULL_GLOBAL`].
    pub cull_distances: u32,
}

/// The evaluation stage as a vertex stage over domain points; returns the WGSL and its
/// native clip distance count.
pub(super) fn evaluation_pass(mut module: naga::Module, pass: &EvaluationPass) -> Result<(ValidatedWgsl, u32), TranslateError> {
    let stage = Stage::TessEval;
    let func = stage_function(&mut module)?;
    if let Some(sprites) = pass.sprites {
        return Ok((sprite_pass(module, func, pass, sprites)?, 0));
    }
    let prologue = evaluation_prologue(&module, pass.vars, pass.state, pass.layouts)?;
    // The vertex output, as the stage declared it.
    let mut fields = String::from("    @builtin(position) position: vec4<f32>,\n");
    let mut copies = String::new();
    let mut enable = "";
    let mut native_clip = 0;
    for o in &func.outputs {
        match &o.binding {
            NagaBinding::BuiltIn(BuiltIn::Position { .. }) => {
                let _ = writeln!(copies, "    o.position = {};", o.access);
            }
            NagaBinding::Location { location, .. } => {
                let (ty, _, _) = vertex_function::wgsl_type(&module, o.ty).map_err(|e| relabel(e, stage))?;
                let _ = writeln!(fields, "    @location({location}) {} v{location}: {ty},", vertex_function::interpolate_attr(&o.binding));
                let _ = writeln!(copies, "    o.v{location} = {};", o.access);
            }
            NagaBinding::BuiltIn(BuiltIn::ClipDistances) if pass.clip_location.is_none() => {
                native_clip = vertex_function::clip_distance_count(stage, &module, o.ty)?;
                enable = "enable clip_distances;\n";
                let _ = writeln!(fields, "    @builtin(clip_distances) clip: array<f32, {native_clip}>,");
                let _ = writeln!(copies, "    o.clip = {};", o.access);
            }
            _ => {}
        }
    }
    if let Some((l, ty)) = pass.primitive_id_location {
        let _ = writeln!(fields, "    @location({l}) @interpolate(flat) primitive_id: {ty},");
        let _ = writeln!(copies, "    o.primitive_id = {ty}(p % max(tesserae_draw.primitives, 1u));");
    }
    // The layer and viewport the draw's instance names (`plan::MAX_VIEWPORTS` per layer).
    let mut target_arg = "";
    let mut other_target = String::new();
    let max = crate::plan::MAX_VIEWPORTS;
    for (global, wanted, selects) in [
        (vertex_function::LAYER_GLOBAL, format!("tesserae_target / {max}u"), pass.layered),
        (vertex_function::VIEWPORT_GLOBAL, format!("tesserae_target % {max}u"), pass.viewports),
    ] {
        if selects {
            target_arg = ", @builtin(instance_index) tesserae_target: u32";
            let _ = writeln!(other_target, "    if u32({global}) != {wanted} {{\n        o.position = {OUTSIDE_CLIP_VOLUME};\n    }}");
        }
    }
    let culled = if pass.culled || pass.layered || pass.viewports {
        format!(
            "    if tesserae_point == {CULLED_INDEX}u {{
        // A primitive the cull pass dropped: every vertex at one point outside the clip volume.
        var culled: TesseraeEvalOut;
        culled.position = {OUTSIDE_CLIP_VOLUME};
        return culled;
    }}
"
        )
    } else {
        String::new()
    };
    let body = format!(
        "
struct TesseraeEvalOut {{
{fields}}}

@vertex
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_point: u32{target_arg}) -> TesseraeEvalOut {{
{culled}    let tesserae_d = tesserae_domain[tesserae_point];
    let p = bitcast<u32>(tesserae_d.w);
{prologue}    let tesserae_out = {}();
    var o: TesseraeEvalOut;
{copies}{other_target}    return o;
}}
",
        vertex_function::FUNCTION,
    );
    let kernel = format!("{enable}{}{body}", record_buffers(pass.emulation, &pass.buffers, &body));
    let mut globals = io_globals(&module, pass.vars);
    if pass.layered || pass.viewports {
        globals.extend(vertex_function::demoted_globals(&module).map_err(|e| relabel(e, stage))?);
    }
    let uses = vertex_function::KernelUses { function: (vertex_function::FUNCTION, func.handle), globals, bodies: Vec::new() };
    Ok((vertex_function::link_kernel(stage, module, &uses, &kernel, pass.verify)?, native_clip))
}

/// The draw of point sprites (module docs): no clip distances leave it.
fn sprite_pass(
    module: naga::Module,
    func: vertex_function::VertexFunction,
    pass: &EvaluationPass,
    sprites: Sprites,
) -> Result<ValidatedWgsl, TranslateError> {
    let stage = Stage::TessEval;
    let prologue = evaluation_prologue(&module, pass.vars, pass.state, pass.layouts)?;
    let mut position = None;
    let mut fields = String::from("    @builtin(position) position: vec4<f32>,\n");
    let mut copies = String::new();
    let mut tests = String::new();
    for o in &func.outputs {
        match &o.binding {
            NagaBinding::BuiltIn(BuiltIn::Position { .. }) => position = Some(o.access.clone()),
            NagaBinding::Location { location, .. } => {
                let (ty, _, _) = vertex_function::wgsl_type(&module, o.ty).map_err(|e| relabel(e, stage))?;
                let _ = writeln!(fields, "    @location({location}) @interpolate(flat) v{location}: {ty},");
                let _ = writeln!(copies, "    o.v{location} = {};", o.access);
            }
            NagaBinding::BuiltIn(BuiltIn::ClipDistances) => {
                tests.push_str(&points::dropped_by(&o.access, vertex_function::clip_distance_count(stage, &module, o.ty)?));
            }
            _ => {}
        }
    }
    let Some(position) = position else {
        return Err(tess_err(stage, "a point-mode evaluation stage that writes no Position"));
    };
    if sprites.cull_distances > 0 {
        tests.push_str(&points::dropped_by(vertex_function::CULL_GLOBAL, sprites.cull_distances));
    }
    if let Some((l, ty)) = pass.primitive_id_location {
        let _ = writeln!(fields, "    @location({l}) @interpolate(flat) primitive_id: {ty},");
        let _ = writeln!(copies, "    o.primitive_id = {ty}(p % max(tesserae_draw.primitives, 1u));");
    }
    if let Some(l) = sprites.point_coord_location {
        let _ = writeln!(fields, "    @location({l}) @interpolate(linear) point_coord: vec2<f32>,");
        let _ = writeln!(copies, "    o.point_coord = {};", points::point_coord("tesserae_corner"));
    }
    let rules = points::point_rules(&position, points::size_of(&module), &tests);
    let per_entry = gpu::EXPANDED_VERTICES_PER_ENTRY;
    let body = format!(
        "
struct TesseraeEvalOut {{
{fields}}}

@vertex
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_vertex_index: u32) -> TesseraeEvalOut {{
    // Two triangles per entry over the corners (0, 1, 2), (2, 1, 3), as the point expansion's.
    let tesserae_corner_id = (0x312210u >> (4u * (tesserae_vertex_index % {per_entry}u))) & 0xfu;
    let tesserae_corner = {corner};
    let tesserae_d = tesserae_domain[tesserae_indices[tesserae_vertex_index / {per_entry}u]];
    let p = bitcast<u32>(tesserae_d.w);
{prologue}    let tesserae_out = {function}();
    var o: TesseraeEvalOut;
{rules}    let tesserae_offset = tesserae_corner * tesserae_size / tesserae_draw.viewport * tesserae_c.w;
    o.position = select({OUTSIDE_CLIP_VOLUME}, vec4<f32>(tesserae_c.xy + tesserae_offset, tesserae_c.zw), tesserae_keep);
{copies}    return o;
}}
",
        function = vertex_function::FUNCTION,
        corner = points::corner("tesserae_corner_id"),
    );
    let e = pass.emulation;
    let kernel = format!(
        "{}{} var<storage, read> tesserae_indices: array<u32>;\n{body}",
        record_buffers(e, &pass.buffers, &body),
        e.at(pass.buffers.indices)
    );
    let mut globals = io_globals(&module, pass.vars);
    globals.extend(vertex_function::demoted_globals(&module).map_err(|e| relabel(e, stage))?);
    let uses = vertex_function::KernelUses { function: (vertex_function::FUNCTION, func.handle), globals, bodies: Vec::new() };
    vertex_function::link_kernel(stage, module, &uses, &kernel, pass.verify)
}

/// A compute pass of one invocation per domain point (the point total follows the draw's
/// arguments; the dispatch may spread over y), which fills the stage's inputs for the point,
/// calls the stage, then runs `tail` (with `tesserae_point` and `tesserae_out`). `declarations`
/// declare what `tail` writes; `globals` are the module's globals `tail` reads.
fn per_point_pass(
    module: naga::Module,
    func: &vertex_function::VertexFunction,
    pass: &EvaluationPass,
    entry: &str,
    declarations: &str,
    tail: &str,
    globals: &[&'static str],
) -> Result<ValidatedWgsl, TranslateError> {
    let stage = Stage::TessEval;
    let demoted = vertex_function::demoted_globals(&module).map_err(|e| relabel(e, stage))?;
    let mut uses = io_globals(&module, pass.vars);
    for name in globals {
        let Some(&found) = demoted.iter().find(|(n, _)| n == name) else {
            return Err(tess_err(stage, format!("`{name}`, which the lowering did not leave")));
        };
        uses.push(found);
    }
    let prologue = evaluation_prologue(&module, pass.vars, pass.state, pass.layouts)?;
    let w = gpu::ENTRY_WORKGROUP;
    let body = format!(
        "
@compute @workgroup_size({w})
fn {entry}(@builtin(global_invocation_id) tesserae_id: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>) {{
    let tesserae_point = tesserae_id.x + tesserae_id.y * tesserae_groups.x * {w}u;
    if tesserae_point >= tesserae_indirect[5] {{
        return;
    }}
    let tesserae_d = tesserae_domain[tesserae_point];
    let p = bitcast<u32>(tesserae_d.w);
{prologue}    let tesserae_out = {function}();
{tail}}}
",
        function = vertex_function::FUNCTION,
    );
    let e = pass.emulation;
    let kernel = format!(
        "{}{declarations}\n{} var<storage, read> tesserae_indirect: array<u32>;\n{body}",
        record_buffers(e, &pass.buffers, &body),
        e.at(pass.buffers.indirect),
    );
    let uses = vertex_function::KernelUses { function: (vertex_function::FUNCTION, func.handle), globals: uses, bodies: Vec::new() };
    vertex_function::link_kernel(stage, module, &uses, &kernel, pass.verify)
}

/// The first cull pass (module docs): one invocation per domain point, writing to `masks` one
/// bit per cull distance negative there; `cull_distances` distances, demoted to
/// [`vertex_function::CULL_GLOBAL`].
pub(super) fn cull_distance_pass(
    mut module: naga::Module,
    pass: &EvaluationPass,
    cull_distances: u32,
    masks: u32,
) -> Result<ValidatedWgsl, TranslateError> {
    let func = stage_function(&mut module)?;
    let cull = vertex_function::CULL_GLOBAL;
    let tail = format!(
        "    var tesserae_mask = 0u;
    for (var tesserae_i = 0u; tesserae_i < {cull_distances}u; tesserae_i++) {{
        if {cull}[tesserae_i] < 0.0 {{
            tesserae_mask |= 1u << tesserae_i;
        }}
    }}
    tesserae_cull_masks[tesserae_point] = tesserae_mask;
"
    );
    let declarations = format!("{} var<storage, read_write> tesserae_cull_masks: array<u32>;", pass.emulation.at(masks));
    per_point_pass(module, &func, pass, CULL_DISTANCES_ENTRY, &declarations, &tail, &[cull])
}

/// Transform feedback's words (`crate::capture`): one invocation per domain point, storing the
/// `words` words the stage captures at the point into the `array<u32>` at `binding`, the
/// point's `words` words from `point × words` on.
pub(super) fn capture_pass(
    mut module: naga::Module,
    pass: &EvaluationPass,
    binding: u32,
    words: u32,
) -> Result<ValidatedWgsl, TranslateError> {
    let func = stage_function(&mut module)?;
    let capture = crate::lower::xfb_capture::CAPTURE_GLOBAL;
    let tail = crate::capture::CapturedWords { words }.store("tesserae_point");
    let declarations = crate::capture::CapturedWords::declaration(&pass.emulation.at(binding), "read_write");
    per_point_pass(module, &func, pass, CAPTURE_ENTRY, &declarations, &tail, &[capture])
}

/// The evaluation stage's records for a geometry stage after it: one invocation per domain
/// point, storing the position, every location and the patch's primitive ID into the record of
/// the point (by location, in the `array<vec4<f32>>` at `binding`). `module` is the stage's
/// unflipped module: a geometry stage reads Vulkan's positions.
pub(super) fn records_pass(
    mut module: naga::Module,
    pass: &EvaluationPass,
    binding: u32,
) -> Result<(ValidatedWgsl, RecordLayout), TranslateError> {
    let func = stage_function(&mut module)?;
    let mut layout = super::by_location(true);
    let out = crate::records::Record { buffer: "tesserae_eval_records", base: "tesserae_base" };
    let mut stores = String::new();
    for o in &func.outputs {
        match &o.binding {
            NagaBinding::BuiltIn(BuiltIn::Position { .. }) => {
                layout.store_vec4(crate::records::Field::Position, &o.access, &out, &mut stores)?
            }
            NagaBinding::Location { location, .. } => {
                layout.add_location(*location, &module, o.ty);
                layout.store_value(crate::records::Field::Location(*location), o.value(&module), &out, &mut stores)?;
            }
            _ => {}
        }
    }
    // The patch's primitive ID, which a geometry stage after it reads (Vulkan: the same value).
    layout.add(crate::records::Field::PrimitiveId, 1);
    layout.store_u32(crate::records::Field::PrimitiveId, "p % max(tesserae_draw.primitives, 1u)", &out, &mut stores)?;
    let tail = format!("    let tesserae_base = {};\n{stores}", layout.base_of("tesserae_point"));
    let declarations = crate::records::declaration(&pass.emulation.at(binding), "read_write", out.buffer);
    Ok((per_point_pass(module, &func, pass, RECORDS_ENTRY, &declarations, &tail, &[])?, layout))
}

/// The entries of an index list's capacity (`per_patch` entries for each patch and instance,
/// the `array<u32>` at binding `indices`) that lie past the list's length
/// (`indirect[0] / divisor × multiplier`: the tessellator's entries, or what a later pass makes of
/// them) become [`CULLED_INDEX`], so the list can be drawn whole. Runs no user code.
///
/// One invocation per [`TAIL_ITEMS`] entries, over [`Workgroups::ScanBlocks`]: a capacity
/// walked by one invocation per patch would loop up to hundreds of thousands of times, and
/// llvmpipe and lavapipe end every loop of a shader invocation after 65,535 iterations in all
/// (gallivm's `LP_MAX_TGSI_LOOP_ITERATIONS`), which left the last entry of a 65,536-entry
/// capacity unwritten (`corpus/geom/after-tessellation-index-tail-*`). The pass is the
/// tessellation draw's (`stage` [`Stage::TessEval`]) or the geometry draw's after it.
pub(crate) fn fill_tail_pass(
    e: Emulation,
    stage: Stage,
    indices: u32,
    indirect: u32,
    per_patch: u32,
    divisor: u32,
    multiplier: u32,
) -> Result<Pass, TranslateError> {
    let threads = gpu::SCAN_BLOCK / TAIL_ITEMS;
    let src = format!(
        "{uniform}{indices} var<storage, read_write> tesserae_indices: array<u32>;
{indirect} var<storage, read> tesserae_indirect: array<u32>;

@compute @workgroup_size({threads})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>, @builtin(local_invocation_index) lid: u32) {{
    let first = (wg.x + wg.y * groups.x) * {block}u + lid;
    let total = tesserae_indirect[0] / {divisor}u * {multiplier}u;
    let end = tesserae_draw.primitives * tesserae_draw.instances * {per_patch}u;
    for (var k = 0u; k < {TAIL_ITEMS}u; k++) {{
        let i = first + k * {threads}u;
        if i >= total && i < end {{
            tesserae_indices[i] = {CULLED_INDEX}u;
        }}
    }}
}}
",
        uniform = e.draw_uniform_wgsl(),
        indices = e.at(indices),
        indirect = e.at(indirect),
        block = gpu::SCAN_BLOCK,
    );
    let w = crate::profile::phase("emulation: index tail", || round_trip_kernel(stage, src))?;
    let label = if stage == Stage::Geometry { "geometry index tail" } else { "tessellation index tail" };
    Ok(crate::compute_pass(label, crate::shader_plan(stage, w), Workgroups::ScanBlocks { items_per_patch: per_patch }))
}

/// Entries of an index list's tail each invocation of [`fill_tail_pass`] culls.
const TAIL_ITEMS: u32 = 4;

/// The second cull pass (module docs), which runs no user code: one invocation per primitive of
/// `vertices` vertices, overwriting its indices with [`CULLED_INDEX`] when some bit is set in the
/// masks of all its vertices. Its text depends on `vertices` and the bindings only: a template
/// ([`crate::wgsl::round_trip_template`]).
pub(super) fn cull_primitive_pass(
    e: Emulation,
    buffers: &EvaluationBuffers,
    masks: u32,
    vertices: u32,
) -> Result<ValidatedWgsl, TranslateError> {
    let w = gpu::ENTRY_WORKGROUP;
    let kernel = format!(
        "{} var<storage, read_write> tesserae_indices: array<u32>;
{} var<storage, read> tesserae_indirect: array<u32>;
{} var<storage, read> tesserae_cull_masks: array<u32>;

@compute @workgroup_size({w})
fn {CULL_ENTRY}(@builtin(global_invocation_id) tesserae_id: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>) {{
    // One invocation per primitive (dispatched per index entry: the rest return).
    let first = (tesserae_id.x + tesserae_id.y * tesserae_groups.x * {w}u) * {vertices}u;
    if first + {vertices}u > tesserae_indirect[0] {{
        return;
    }}
    var negative = 0xffffffffu;
    for (var k = 0u; k < {vertices}u; k++) {{
        negative &= tesserae_cull_masks[tesserae_indices[first + k]];
    }}
    if negative != 0u {{
        for (var k = 0u; k < {vertices}u; k++) {{
            tesserae_indices[first + k] = {CULLED_INDEX}u;
        }}
    }}
}}
",
        e.at(buffers.indices),
        e.at(buffers.indirect),
        e.at(masks),
    );
    crate::profile::phase("emulation: tessellation cull kernel", || crate::wgsl::round_trip_template(Stage::TessEval, kernel))
}
