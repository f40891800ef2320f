//! The geometry pass (module docs of `super`, pass 2): the stage as compute, built in naga IR
//! around a template.
//!
//! The template ([`template_wgsl`], parsed once per process by
//! [`crate::wgsl::round_trip_template`]) holds what depends only on the topologies and on which
//! parts the pass has: the invocation's state as private globals; [`BEGIN`], which finds the
//! invocation's input primitive, slot and input vertices' records; [`STORED`], the primitive a
//! vertex completes (captured, culled, its indices written); [`FINISH`], the unused index
//! range culled and the capture count. The primitive topologies are written into the text;
//! counts that vary by pipeline (invocations, primitives per workgroup, index slots per
//! invocation, the record stride, where the cull distances lie) reach them as arguments.
//!
//! Built in IR: the entry point (fills the stage's inputs from the vertex records by their
//! types, calls the stage between `BEGIN` and `FINISH`), and the bodies of the stage's emission
//! functions ([`crate::lower::geometry_emit`]): `EmitVertex` stores the outputs' current values
//! by the record layout, then calls `STORED`. Since a function of the stage's module calls the
//! template's, the template's functions are hoisted ahead of the stage's
//! ([`ir::hoist_functions`]).

use super::outputs::GeometryOutputs;
use super::{
    GeometryBuffers, GeometryState, Input, OutputPrimitive, CLIP_GLOBAL, GEOMETRY_ENTRY, LAYER_GLOBAL, POSITION_GLOBAL,
    PRIMITIVE_ID_GLOBAL, STAGE_FUNCTION, VIEWPORT_GLOBAL,
};
use crate::capture::CaptureBuffers;
use crate::cull;
use crate::desc::{Stage, Topology};
use crate::emulate::ir::{self, FunctionBuilder};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::lower::geometry_emit::{EMIT_FUNCTION, END_FUNCTION};
use crate::lower::tess_io::IoVar;
use crate::records::{Field, RecordLayout};
use crate::reflect::CaptureLayout;
use crate::tessellation::entry_to_function;
use crate::tessellation::evaluation::CULLED_INDEX;
use crate::tessellation::inputs::{self, per_vertex_fills, Inputs};
use crate::tessellation::module_items::global_item;
use crate::vertex_function;
use crate::vertex_records::{self, Source, Store, Values};
use crate::wgsl::ValidatedWgsl;
use naga::{BinaryOperator, Expression, Handle, Module, ScalarKind};
use spirv::BuiltIn as SpvBuiltIn;

/// `tesserae_gs_begin(wg, groups, lid, n, k) -> u32`: 0 when the invocation has no input
/// primitive, 1 when its primitive is dropped (a restart), 2 when the stage runs.
const BEGIN: &str = "tesserae_gs_begin";
/// `tesserae_gs_stored(v, per_invocation, stride, cull_first, cull_n)`: vertex `v` is stored.
const STORED: &str = "tesserae_gs_stored";
/// `tesserae_gs_finish(per_invocation)`.
const FINISH: &str = "tesserae_gs_finish";

/// The template's placeholder bindings (group 0), bound for the pipeline once linked.
const RECORDS_AT: u32 = 100;
const INDICES_AT: u32 = 101;
const TESS_INDICES_AT: u32 = 102;
const TESS_INDIRECT_AT: u32 = 103;
const WORDS_AT: u32 = 104;
const COUNTS_AT: u32 = 105;
const LIST_AT: u32 = 106;

/// Which parts the pass's template has.
#[derive(Debug, Clone, Copy)]
struct Parts {
    input: Input,
    output: OutputPrimitive,
    /// The input primitive's vertices.
    n_in: u32,
    /// Indices rotated by one for a last-vertex rasterizer.
    rotate: bool,
    /// Primitives culled by their records' cull distances.
    cull: bool,
    /// Points drawn as squares: the point-list rules decide at the emission.
    sprites: bool,
    /// Transform feedback: (per-slot counts, the primitives' index list).
    capture: Option<(bool, bool)>,
    restart: bool,
}

impl Parts {
    fn tessellated(&self) -> bool {
        matches!(self.input, Input::Tessellation { .. })
    }

    /// Whether [`BEGIN`] reads the draw's index buffer for restarts (an indexed strip drawn
    /// directly, not after tessellation).
    fn reads_restarts(&self) -> bool {
        matches!(self.input, Input::Draw(t) if t.is_strip())
    }

    /// Whether the template reads the draw uniform.
    fn reads_draw(&self) -> bool {
        !self.tessellated() || self.sprites
    }
}

/// The geometry stage as compute: the template linked into the stage's module, the emission
/// bodies and the entry point built, validated and written.
#[allow(clippy::too_many_arguments)]
pub(super) fn geometry_pass(
    e: Emulation,
    mut module: Module,
    vars: &[IoVar],
    st: &GeometryState,
    vertex_records: &RecordLayout,
    outputs: &GeometryOutputs,
    layout: &RecordLayout,
    buffers: &GeometryBuffers,
    provoking_last: bool,
    input: &Input,
    capture: Option<(&CaptureLayout, &CaptureBuffers)>,
    verify: bool,
) -> Result<ValidatedWgsl, TranslateError> {
    let stage = Stage::Geometry;
    let parts = Parts {
        input: *input,
        output: st.output,
        n_in: st.input.vertices(),
        rotate: provoking_last && st.output.vertices() > 1,
        cull: outputs.cull_distances > 0 && !outputs.sprites,
        sprites: outputs.sprites,
        capture: capture.map(|(_, b)| (b.counts().is_some(), b.list.is_some())),
        restart: e.restart,
    };
    let stage_function = entry_to_function(&mut module, stage, STAGE_FUNCTION)?;
    let fills = per_vertex_fills(&module, vars, vertex_records, stage)?;
    let mut user = vertex_function::UserItems::of(&module);
    let template = crate::wgsl::round_trip_template(stage, template_wgsl(parts))?;
    let t = template.module();
    let linked = crate::link::link(&mut module, t)
        .map_err(|err| TranslateError::InvalidPlan(format!("linking the geometry pass's template: {err}")))?;
    let user_functions = user.functions();
    let renumbered = ir::hoist_functions(&mut module, user_functions);
    user.hoisted(t.functions.len());
    let global = |name: &str| ir::template_global(t, name).map(|h| linked.global(h));
    let function = |name: &str| ir::template_function(t, name).map(|h| renumbered[linked.function(h).index()]);
    let named = |name: &str| {
        let found = module.functions.iter().find(|(h, f)| h.index() >= t.functions.len() && f.name.as_deref() == Some(name));
        found.map(|(h, _)| h).ok_or_else(|| TranslateError::InvalidPlan(format!("the geometry stage lost its function `{name}`")))
    };
    let stage_function = renumbered[stage_function.index()];
    let (emit, end) = (named(EMIT_FUNCTION)?, named(END_FUNCTION)?);
    // Their bodies are the pass's: a validation error in them is a translator bug.
    user.built_by_the_pass(&[emit, end]);
    let items = Items {
        begin: function(BEGIN)?,
        stored: function(STORED)?,
        finish: function(FINISH)?,
        stage: stage_function,
        emit,
        end,
        point_size_keep: parts.sprites.then(|| function(vertex_records::POINT_SIZE_KEEP)).transpose()?,
        draw: parts.reads_draw().then(|| global("tesserae_draw")).transpose()?,
        records: global("tesserae_gs_records")?,
        slot: global("tesserae_gs_slot")?,
        emitted_count: global("tesserae_gs_emitted")?,
        strip: global("tesserae_gs_strip")?,
        invocation: global("tesserae_gs_invocation")?,
        input_primitive: global("tesserae_gs_input_primitive")?,
        inputs: global("tesserae_gs_inputs")?,
        words: parts.capture.is_some().then(|| global("tesserae_capture_words")).transpose()?,
    };
    let at = |id| binding::intermediate(id);
    let mut binds = vec![(items.records, at(buffers.records)), (global("tesserae_gs_indices")?, at(buffers.indices))];
    if let Some(draw) = items.draw {
        binds.push((draw, binding::DRAW));
    }
    if parts.reads_restarts() {
        binds.push((global("tesserae_indices")?, binding::INDEX));
    }
    if let Input::Tessellation { indices, indirect, .. } = *input {
        binds.push((global("tesserae_tess_indices")?, at(indices)));
        binds.push((global("tesserae_tess_indirect")?, at(indirect)));
    }
    if let Some((_, b)) = capture {
        binds.extend(items.words.map(|w| (w, at(b.words))));
        if let Some(counts) = b.counts() {
            binds.push((global("tesserae_capture_counts")?, at(counts)));
        }
        if let Some(list) = b.list {
            binds.push((global("tesserae_capture_list")?, at(list)));
        }
    }
    for (g, b) in binds {
        ir::bind(&mut module, g, e.group, b);
    }
    // The vertex records, where an input or (after tessellation) the primitive ID is read.
    let src = (!fills.is_empty() || parts.tessellated())
        .then(|| inputs::record_buffer(&mut module, e, "tesserae_src", at(buffers.vertex_records), false));

    let words = capture.map(|(l, _)| l.words.len() as u32);
    emission_bodies(&mut module, &items, st, outputs, layout, words)?;
    let pass = EntryPoint { vars, st, vertex_records, src, fills: &fills, tessellated: parts.tessellated() };
    entry_point(&mut module, &items, &pass)?;
    vertex_function::validate_and_write_linked(stage, module, &user, verify, |e| {
        TranslateError::InvalidPlan(format!("the geometry pass does not validate: {e}"))
    })
}

/// What the built code calls and reads, in the linked module.
struct Items {
    begin: Handle<naga::Function>,
    stored: Handle<naga::Function>,
    finish: Handle<naga::Function>,
    /// The stage, as a function.
    stage: Handle<naga::Function>,
    emit: Handle<naga::Function>,
    end: Handle<naga::Function>,
    point_size_keep: Option<Handle<naga::Function>>,
    draw: Option<Handle<naga::GlobalVariable>>,
    records: Handle<naga::GlobalVariable>,
    slot: Handle<naga::GlobalVariable>,
    emitted_count: Handle<naga::GlobalVariable>,
    strip: Handle<naga::GlobalVariable>,
    invocation: Handle<naga::GlobalVariable>,
    input_primitive: Handle<naga::GlobalVariable>,
    inputs: Handle<naga::GlobalVariable>,
    words: Option<Handle<naga::GlobalVariable>>,
}

/// What an emission stores in its vertex's record (the point-list rules first for point
/// sprites, which decide there whether the point is drawn): the position y-flipped, as the
/// last pre-rasterization stage's, the varyings, the distances, the IDs.
fn emission_stores(module: &Module, outputs: &GeometryOutputs, items: &Items, position: Source) -> Vec<Store> {
    let global = |name: &str| global_item(module, name).map(|(h, _)| Source::Global(h));
    let mut stores = Vec::new();
    let clip = (outputs.clip_distances > 0).then(|| global(CLIP_GLOBAL)).flatten();
    let cull = (outputs.cull_distances > 0).then(|| global(vertex_function::CULL_GLOBAL)).flatten();
    if outputs.sprites {
        let size = global(crate::points::POINT_SIZE_GLOBAL).unwrap_or(Source::DrawPointSize);
        let mut distances = Vec::new();
        distances.extend(clip.map(|c| (c, outputs.clip_distances)));
        distances.extend(cull.map(|c| (c, outputs.cull_distances)));
        stores.push(Store::Point { position, size, distances });
    } else {
        stores.push(Store::Vec4(Field::Position, position));
    }
    for (v, location) in &outputs.locations {
        if let Some(g) = global(&v.name) {
            stores.push(Store::Value(Field::Location(*location), g));
        }
    }
    if !outputs.sprites {
        stores.extend(clip.map(|c| Store::Floats(Field::ClipDistances, c, outputs.clip_distances)));
        stores.extend(cull.map(|c| Store::Floats(Field::CullDistances, c, outputs.cull_distances)));
    }
    if outputs.primitive_id {
        // The stage's output, else the input primitive's ID (Vulkan leaves it undefined).
        let id = global(PRIMITIVE_ID_GLOBAL).unwrap_or(Source::Global(items.input_primitive));
        stores.push(Store::U32(Field::PrimitiveId, id));
    }
    if outputs.layer {
        stores.extend(global(LAYER_GLOBAL).map(|g| Store::U32(Field::Layer, g)));
    }
    if outputs.viewport {
        stores.extend(global(VIEWPORT_GLOBAL).map(|g| Store::U32(Field::ViewportIndex, g)));
    }
    stores
}

/// The bodies of `EmitVertex` (store the record at `slot × max_vertices + emitted`, the
/// captured words, then [`STORED`]) and `EndPrimitive` (a new strip).
fn emission_bodies(
    module: &mut Module,
    items: &Items,
    st: &GeometryState,
    outputs: &GeometryOutputs,
    layout: &RecordLayout,
    capture_words: Option<u32>,
) -> Result<(), TranslateError> {
    let mut b = FunctionBuilder::new(module, EMIT_FUNCTION, Vec::new(), None);
    let emitted = b.load_global(items.emitted_count);
    let max = b.u32(st.max_vertices);
    let full = b.binary(BinaryOperator::GreaterEqual, emitted, max);
    b.if_then(full, |b| b.ret(None));
    let slot = b.load_global(items.slot);
    let first = b.binary(BinaryOperator::Multiply, slot, max);
    let v = b.binary(BinaryOperator::Add, first, emitted);
    let stride = b.u32(layout.stride());
    let base = b.binary(BinaryOperator::Multiply, v, stride);
    let position = flipped_position(&mut b);
    let values = Values { stage: Stage::Geometry, outputs: None, draw: items.draw, point_size_keep: items.point_size_keep };
    for store in emission_stores(b.module, outputs, items, Source::Computed(position)) {
        vertex_records::write(&mut b, &store, &values, layout, items.records, base)?;
    }
    if let (Some(words), Some(n)) = (items.words, capture_words) {
        let captured = crate::capture::CapturedWords::global(b.module)?;
        crate::capture::CapturedWords { words: n }.store(&mut b, captured, words, v);
    }
    let (cull_first, cull_n) = match layout.offset(Field::CullDistances) {
        Some(first) => (first, outputs.cull_distances),
        None if outputs.cull_distances > 0 && !outputs.sprites => {
            return Err(TranslateError::InvalidPlan("geometry records without the cull distances the pass culls by".into()))
        }
        None => (0, 0),
    };
    let arguments = [st.indices_per_invocation(), layout.stride(), cull_first, cull_n];
    let mut passed = vec![v];
    passed.extend(arguments.map(|a| b.u32(a)));
    b.call(items.stored, passed);
    b.finish_as(items.emit);

    let mut b = FunctionBuilder::new(module, END_FUNCTION, Vec::new(), None);
    let zero = b.u32(0);
    b.store_global(items.strip, zero);
    b.finish_as(items.end);
    Ok(())
}

/// The stage's `Position` output y-flipped, or (0, 0, 0, 1) when it writes none.
fn flipped_position(b: &mut FunctionBuilder) -> Handle<Expression> {
    let vec4 = b.ty(ir::vec4(ScalarKind::Float));
    let Some((g, _)) = global_item(b.module, POSITION_GLOBAL) else {
        let (zero, one) = (b.f32(0.0), b.f32(1.0));
        return b.compose(vec4, vec![zero, zero, zero, one]);
    };
    let p = b.load_global(g);
    let mut c: Vec<_> = (0..4).map(|index| b.expr(Expression::AccessIndex { base: p, index })).collect();
    c[1] = b.expr(Expression::Unary { op: naga::UnaryOperator::Negate, expr: c[1] });
    b.compose(vec4, c)
}

/// What the entry point reads.
struct EntryPoint<'a> {
    vars: &'a [IoVar],
    st: &'a GeometryState,
    vertex_records: &'a RecordLayout,
    src: Option<Handle<naga::GlobalVariable>>,
    fills: &'a [inputs::PerVertexFill],
    tessellated: bool,
}

/// The entry point: [`BEGIN`]; after tessellation, the primitive ID from the first vertex's
/// record; when the primitive is kept, the built-ins and per-vertex inputs set and the stage
/// run; then [`FINISH`].
fn entry_point(module: &mut Module, items: &Items, pass: &EntryPoint) -> Result<(), TranslateError> {
    let st = pass.st;
    let arguments = ir::workgroup_arguments(module);
    let mut b = FunctionBuilder::new(module, GEOMETRY_ENTRY, arguments, None);
    let mut passed: Vec<_> = (0..3).map(|i| b.argument(i)).collect();
    passed.extend([st.invocations, st.primitives_per_workgroup()].map(|a| b.u32(a)));
    let state = b.call(items.begin, passed).ok_or_else(|| TranslateError::InvalidPlan("the geometry begin returns nothing".into()))?;
    let zero = b.u32(0);
    let none = b.binary(BinaryOperator::Equal, state, zero);
    b.if_then(none, |b| b.ret(None));
    let missing_src = || TranslateError::InvalidPlan("the geometry pass reads vertex records it does not declare".into());
    if pass.tessellated {
        let src = pass.src.ok_or_else(missing_src)?;
        let first = inputs::element(&mut b, items.inputs, zero);
        let first = b.expr(Expression::Load { pointer: first });
        let stride = b.u32(pass.vertex_records.stride());
        let base = b.binary(BinaryOperator::Multiply, first, stride);
        let id = pass.vertex_records.u32(Field::PrimitiveId, &mut b, src, base)?;
        b.store_global(items.input_primitive, id);
    }
    let two = b.u32(2);
    let runs = b.binary(BinaryOperator::Equal, state, two);
    let ctx = Inputs { stage: Stage::Geometry, vars: pass.vars, draw: None };
    let mut result = Ok(());
    b.if_then(runs, |b| {
        result = (|| {
            let invocation = b.load_global(items.invocation);
            let primitive = b.load_global(items.input_primitive);
            ctx.set_builtins(b, &[(SpvBuiltIn::InvocationId, invocation), (SpvBuiltIn::PrimitiveId, primitive)]);
            if !pass.fills.is_empty() {
                let src = pass.src.ok_or_else(missing_src)?;
                let record = |b: &mut FunctionBuilder, j| {
                    let pointer = inputs::element(b, items.inputs, j);
                    b.expr(Expression::Load { pointer })
                };
                ctx.fill_per_vertex(b, st.input.vertices(), (pass.vertex_records, src), record, pass.fills)?;
            }
            b.call(items.stage, Vec::new());
            Ok(())
        })();
    });
    result?;
    let per_invocation = b.u32(st.indices_per_invocation());
    b.call(items.finish, vec![per_invocation]);
    b.finish_entry_point(naga::ShaderStage::Compute, [st.invocations * st.primitives_per_workgroup(), 1, 1]);
    Ok(())
}

/// The template's WGSL (module docs): bindings are placeholders in group 0.
fn template_wgsl(parts: Parts) -> String {
    let mut w = String::new();
    let e = Emulation { group: 0, restart: parts.restart };
    if parts.reads_restarts() {
        w += &e.draw_params_wgsl();
        w += e.is_restart_wgsl();
    } else if parts.reads_draw() {
        w += &e.draw_uniform_wgsl();
    }
    let at = |b: u32| format!("@group(0) @binding({b})");
    w += &format!("{} var<storage, read_write> tesserae_gs_records: array<{}>;\n", at(RECORDS_AT), crate::records::SLOT);
    w += &format!("{} var<storage, read_write> tesserae_gs_indices: array<u32>;\n", at(INDICES_AT));
    if parts.tessellated() {
        w += &format!("{} var<storage, read> tesserae_tess_indices: array<u32>;\n", at(TESS_INDICES_AT));
        w += &format!("{} var<storage, read> tesserae_tess_indirect: array<u32>;\n", at(TESS_INDIRECT_AT));
    }
    if let Some((counts, list)) = parts.capture {
        w += &format!("{} var<storage, read_write> tesserae_capture_words: array<u32>;\n", at(WORDS_AT));
        if counts {
            w += &format!("{} var<storage, read_write> tesserae_capture_counts: array<u32>;\n", at(COUNTS_AT));
        }
        if list {
            w += &format!("{} var<storage, read_write> tesserae_capture_list: array<u32>;\n", at(LIST_AT));
        }
    }
    if parts.sprites {
        w += &vertex_records::point_size_keep_wgsl();
    }
    w += "
var<private> tesserae_gs_slot: u32;
var<private> tesserae_gs_emitted: u32;
var<private> tesserae_gs_strip: u32;
var<private> tesserae_gs_primitives: u32;
var<private> tesserae_gs_captured: u32;
var<private> tesserae_gs_invocation: u32;
var<private> tesserae_gs_input_primitive: u32;
// The records of the input primitive's vertices.
var<private> tesserae_gs_inputs: array<u32, 6>;
";
    w += &begin_wgsl(parts);
    w += &stored_wgsl(parts);
    w += &finish_wgsl(parts);
    w
}

/// [`BEGIN`]: invocation `lid % n` of input primitive `p` (`k` primitives per workgroup).
fn begin_wgsl(parts: Parts) -> String {
    let n_in = parts.n_in;
    let tessellated = parts.tessellated();
    let assemble = match parts.input {
        Input::Draw(t) => cull::assemble_wgsl(t),
        Input::Tessellation { .. } => {
            format!("    for (var k = 0u; k < {n_in}u; k++) {{ v[k] = tesserae_tess_indices[p * {n_in}u + k]; }}\n")
        }
    };
    format!(
        "
fn {BEGIN}(wg: vec3<u32>, groups: vec3<u32>, lid: u32, n: u32, k: u32) -> u32 {{
{group}    let p = tesserae_group * k + lid / n;
    tesserae_gs_invocation = lid % n;
    if p >= {primitives} {{
        return 0u;
    }}
    tesserae_gs_slot = {slot};
    tesserae_gs_emitted = 0u;
    tesserae_gs_strip = 0u;
    tesserae_gs_primitives = 0u;
    tesserae_gs_captured = 0u;
    var v = array<u32, 6>();
    var keep = true;
{assemble}{primitive_id}    tesserae_gs_input_primitive = tesserae_primitive_id;
    for (var j = 0u; j < {n_in}u; j++) {{
        tesserae_gs_inputs[j] = {record};
    }}
    return select(1u, 2u, keep);
}}
",
        // A tessellated draw's primitives are counted on the GPU: the dispatch is indirect
        // (over x and y) and covers them across instances.
        group = if tessellated { "    let tesserae_group = wg.x + wg.y * groups.x;\n" } else { "    let tesserae_group = wg.x;\n" },
        primitives = if tessellated { format!("tesserae_tess_indirect[0] / {n_in}u") } else { "tesserae_draw.primitives".into() },
        slot = if tessellated {
            "p * n + tesserae_gs_invocation".to_string()
        } else {
            "(wg.y * tesserae_draw.primitives + p) * n + tesserae_gs_invocation".to_string()
        },
        primitive_id = primitive_id(parts),
        record = if tessellated { "v[j]" } else { "wg.y * tesserae_draw.count + v[j]" },
    )
}

/// `tesserae_primitive_id`: the primitive's number in the draw, which for a strip counts
/// primitives, not windows of the strip (a window holding a restart index is none). Counting
/// them walks the draw up to `p` (each restart found once per window it spoils): quadratic
/// over an indexed strip draw, linear per invocation. After tessellation the entry point sets
/// the patch's instead (as the evaluation stage reads it: Vulkan gives the same value).
fn primitive_id(parts: Parts) -> String {
    let n_in = parts.n_in;
    match parts.input {
        Input::Tessellation { .. } => "    let tesserae_primitive_id = 0u;\n".to_string(),
        Input::Draw(t) if parts.reads_restarts() && t != Topology::TriangleStripAdjacency => format!(
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
        ),
        Input::Draw(_) => "    let tesserae_primitive_id = p;\n".to_string(),
    }
}

/// [`STORED`]: vertex `v` completes a primitive of the output strip once it holds enough
/// vertices (a point, a line, a triangle in Vulkan's strip order); that primitive is captured
/// (capture comes before culling), then culled when a cull distance is negative at all its
/// vertices, else its record indices go to the invocation's range of the index list.
fn stored_wgsl(parts: Parts) -> String {
    let n_out = parts.output.vertices();
    let order = match parts.output {
        OutputPrimitive::Points => "idx[0] = v;",
        OutputPrimitive::LineStrip => "idx[0] = v - 1u; idx[1] = v;",
        // Triangle t of a strip is (t, t+1, t+2), odd ones (t, t+2, t+1) (Vulkan's order).
        OutputPrimitive::TriangleStrip => {
            "let odd = (tesserae_gs_strip - 3u) & 1u;\n        idx[0] = v - 2u; idx[1] = v - 1u + odd; idx[2] = v - odd;"
        }
    };
    let capture = match parts.capture {
        Some((_, true)) => format!(
            "        for (var j = 0u; j < {n_out}u; j++) {{
            tesserae_capture_list[tesserae_gs_slot * per_invocation + tesserae_gs_captured * {n_out}u + j] = idx[j];
        }}
        tesserae_gs_captured += 1u;
"
        ),
        _ => String::new(),
    };
    let cull = if parts.cull {
        format!(
            "        for (var c = 0u; c < cull_n; c++) {{
            var all_negative = true;
            for (var j = 0u; j < {n_out}u; j++) {{
                if !(tesserae_gs_records[idx[j] * stride + cull_first + c / 4u][c % 4u] < 0.0) {{
                    all_negative = false;
                }}
            }}
            if all_negative {{
                keep = false;
            }}
        }}
"
        )
    } else {
        String::new()
    };
    let rotated = if parts.rotate { format!("idx[(j + 1u) % {n_out}u]") } else { "idx[j]".into() };
    format!(
        "
fn {STORED}(v: u32, per_invocation: u32, stride: u32, cull_first: u32, cull_n: u32) {{
    tesserae_gs_emitted += 1u;
    tesserae_gs_strip += 1u;
    if tesserae_gs_strip >= {n_out}u {{
        var idx = array<u32, 3>(v, v, v);
        {order}
{capture}        var keep = true;
{cull}        if keep {{
            let at = tesserae_gs_slot * per_invocation + tesserae_gs_primitives * {n_out}u;
            for (var j = 0u; j < {n_out}u; j++) {{
                tesserae_gs_indices[at + j] = {rotated};
            }}
            tesserae_gs_primitives += 1u;
        }}
    }}
}}
"
    )
}

/// [`FINISH`]: the invocation's index slots it left unused hold the culled index; its
/// captured primitives are counted.
fn finish_wgsl(parts: Parts) -> String {
    let n_out = parts.output.vertices();
    let counts = match parts.capture {
        Some((true, _)) => {
            "    tesserae_capture_counts[2u * tesserae_gs_slot] = tesserae_gs_captured;
    tesserae_capture_counts[2u * tesserae_gs_slot + 1u] = 0u;
"
        }
        _ => "",
    };
    format!(
        "
fn {FINISH}(per_invocation: u32) {{
    let first = tesserae_gs_slot * per_invocation;
    for (var i = tesserae_gs_primitives * {n_out}u; i < per_invocation; i++) {{
        tesserae_gs_indices[first + i] = {CULLED_INDEX}u;
    }}
{counts}}}
"
    )
}
