//! The geometry pass: the stage as compute, linked with the kernel that assembles its input
//! primitive, fills its inputs and stores what each emission emits (module docs of `super`).

use super::outputs::GeometryOutputs;
use super::{
    GeometryBuffers, GeometryState, Input, OutputPrimitive, CLIP_GLOBAL, EMIT_BODY, END_BODY, GEOMETRY_ENTRY, LAYER_GLOBAL,
    POSITION_GLOBAL, PRIMITIVE_ID_GLOBAL, STAGE_FUNCTION, VIEWPORT_GLOBAL,
};
use crate::capture::{CaptureBuffers, CapturedWords};
use crate::cull;
use crate::desc::{Stage, Topology};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::lower::geometry_emit::{EMIT_FUNCTION, END_FUNCTION};
use crate::lower::tess_io::IoVar;
use crate::records::{self, Field, Record, RecordLayout, Value};
use crate::reflect::CaptureLayout;
use crate::tessellation::evaluation::CULLED_INDEX;
use crate::tessellation::module_items::global;
use crate::tessellation::{entry_to_function, fill_per_vertex, io_globals, set_builtins};
use crate::vertex_function;
use crate::wgsl::ValidatedWgsl;
use spirv::BuiltIn;
use std::fmt::Write;

/// The geometry stage as compute (module docs, pass 2): the emission's function, the entry
/// point and the declarations they use, linked into the stage's module.
#[allow(clippy::too_many_arguments)]
pub(super) fn geometry_pass(
    e: Emulation,
    mut module: naga::Module,
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
    let function = entry_to_function(&mut module, stage, STAGE_FUNCTION)?;
    let function_named = |name: &str| module.functions.iter().find(|(_, f)| f.name.as_deref() == Some(name)).map(|(h, _)| h);
    let (Some(emit), Some(end)) = (function_named(EMIT_FUNCTION), function_named(END_FUNCTION)) else {
        return Err(TranslateError::InvalidPlan("the geometry stage lost its emission functions".into()));
    };
    let emission = emission(&module, st, outputs, layout, provoking_last, capture.map(|(l, _)| l))?;
    let entry = entry_point(e, &module, vars, st, vertex_records, input, capture.is_some(), &emission)?;
    let mut kernel = declarations(e, buffers, input, capture.map(|(_, b)| b), &entry);
    kernel += &entry;
    let mut globals = io_globals(&module, vars);
    globals.extend(outputs.globals(&module));
    let uses =
        vertex_function::KernelUses { function: (STAGE_FUNCTION, function), globals, bodies: vec![(EMIT_BODY, emit), (END_BODY, end)] };
    vertex_function::link_kernel(stage, module, &uses, &kernel, verify)
}

/// Statements storing the emitted vertex's record at `record` (the point-list rules first for
/// point sprites, which decide there whether the point is drawn).
fn emission_stores(
    module: &naga::Module,
    outputs: &GeometryOutputs,
    layout: &RecordLayout,
    record: &Record,
) -> Result<String, TranslateError> {
    let stage = Stage::Geometry;
    let mut stores = String::new();
    let position = if outputs.position {
        format!("vec4<f32>({POSITION_GLOBAL}.x, -{POSITION_GLOBAL}.y, {POSITION_GLOBAL}.z, {POSITION_GLOBAL}.w)")
    } else {
        "vec4<f32>(0.0, 0.0, 0.0, 1.0)".into()
    };
    if outputs.sprites {
        let mut tests = String::new();
        if outputs.clip_distances > 0 {
            tests += &crate::points::dropped_by(CLIP_GLOBAL, outputs.clip_distances);
        }
        if outputs.cull_distances > 0 {
            tests += &crate::points::dropped_by(vertex_function::CULL_GLOBAL, outputs.cull_distances);
        }
        stores += &crate::points::point_rules(&position, crate::points::size_of(module), &tests);
        layout.store_vec4(Field::Position, "tesserae_c", record, &mut stores)?;
        let size_keep = "vec4<f32>(tesserae_size, select(0.0, 1.0, tesserae_keep), 0.0, 0.0)";
        layout.store_vec4(Field::PointSizeKeep, size_keep, record, &mut stores)?;
    } else {
        layout.store_vec4(Field::Position, &position, record, &mut stores)?;
    }
    for (v, location) in &outputs.locations {
        let Some(ty) = global(module, &v.name) else { continue };
        layout.store_value(Field::Location(*location), Value { stage, module, ty, access: &v.name }, record, &mut stores)?;
    }
    // A sprite's distances decided `keep` above; a primitive's go to its record.
    if outputs.clip_distances > 0 && !outputs.sprites {
        layout.store_floats(Field::ClipDistances, CLIP_GLOBAL, outputs.clip_distances, record, &mut stores)?;
    }
    if outputs.cull_distances > 0 && !outputs.sprites {
        layout.store_floats(Field::CullDistances, vertex_function::CULL_GLOBAL, outputs.cull_distances, record, &mut stores)?;
    }
    if outputs.primitive_id {
        let written = global(module, PRIMITIVE_ID_GLOBAL).is_some();
        let value = if written { format!("u32({PRIMITIVE_ID_GLOBAL})") } else { "tesserae_gs_input_primitive".into() };
        layout.store_u32(Field::PrimitiveId, &value, record, &mut stores)?;
    }
    if outputs.layer {
        layout.store_u32(Field::Layer, &format!("u32({LAYER_GLOBAL})"), record, &mut stores)?;
    }
    if outputs.viewport {
        layout.store_u32(Field::ViewportIndex, &format!("u32({VIEWPORT_GLOBAL})"), record, &mut stores)?;
    }
    Ok(stores)
}

/// The functions whose bodies `EmitVertex` and `EndPrimitive` take: an emission stores the
/// record, then the primitive it completes (captured first, then culled or kept).
fn emission(
    module: &naga::Module,
    st: &GeometryState,
    outputs: &GeometryOutputs,
    layout: &RecordLayout,
    provoking_last: bool,
    capture: Option<&CaptureLayout>,
) -> Result<String, TranslateError> {
    let n_out = st.output.vertices();
    let max_v = st.max_vertices;
    let per_invocation = st.indices_per_invocation();
    let stores = emission_stores(module, outputs, layout, &Record { buffer: "tesserae_gs_records", base: "ob" })?;
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
    // Transform feedback: the vertex's captured words, and every primitive it completes, in
    // Vulkan's order, culled or not (capture comes before culling).
    let (mut capture_words, mut capture_primitive) = (String::new(), String::new());
    if let Some(layout) = capture {
        capture_words = CapturedWords { words: layout.words.len() as u32 }.store("v");
        capture_primitive = format!(
            "        for (var j = 0u; j < {n_out}u; j++) {{
            tesserae_capture_list[tesserae_gs_slot * {per_invocation}u + tesserae_gs_captured * {n_out}u + j] = idx[j];
        }}
        tesserae_gs_captured += 1u;
"
        );
    }
    Ok(format!(
        "fn {EMIT_BODY}() {{
    if tesserae_gs_emitted >= {max_v}u {{
        return;
    }}
    let v = tesserae_gs_slot * {max_v}u + tesserae_gs_emitted;
    let ob = {ob};
{stores}{capture_words}    tesserae_gs_emitted += 1u;
    tesserae_gs_strip += 1u;
    if tesserae_gs_strip >= {n_out}u {{
        var idx = array<u32, 3>(v, v, v);
        {order}
{capture_primitive}        var keep = true;
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
    ))
}

/// Whether the pass reads the draw's index buffer for restarts (an indexed strip drawn
/// directly, not after tessellation).
fn reads_restarts(input: &Input) -> bool {
    matches!(input, Input::Draw(t) if t.is_strip())
}

/// `tesserae_primitive_id`: the patch's after tessellation (as the evaluation stage reads it:
/// Vulkan gives the same value), else the primitive's number in the draw, which for a strip
/// counts primitives, not windows of the strip (a window holding a restart index is none).
/// Counting them walks the draw up to `p` (each restart found once per window it spoils):
/// quadratic over an indexed strip draw, linear per invocation.
fn primitive_id(input: &Input, n_in: u32, vertex_records: &RecordLayout) -> Result<String, TranslateError> {
    Ok(match input {
        Input::Tessellation { .. } => {
            let src = Record { buffer: "tesserae_src", base: &vertex_records.base_of("v[0]") };
            format!("    let tesserae_primitive_id = {};\n", vertex_records.u32(Field::PrimitiveId, &src)?)
        }
        Input::Draw(t) if reads_restarts(input) && *t != Topology::TriangleStripAdjacency => format!(
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
    })
}

/// The pass's private state, `emission`, and the entry point: assemble the input primitive,
/// fill the inputs, run the stage, mark the index slots it left unused as culled.
#[allow(clippy::too_many_arguments)]
fn entry_point(
    e: Emulation,
    module: &naga::Module,
    vars: &[IoVar],
    st: &GeometryState,
    vertex_records: &RecordLayout,
    input: &Input,
    captures: bool,
    emission: &str,
) -> Result<String, TranslateError> {
    let stage = Stage::Geometry;
    let n_in = st.input.vertices();
    let n_out = st.output.vertices();
    let n = st.invocations;
    let k = st.primitives_per_workgroup();
    let per_invocation = st.indices_per_invocation();
    let mut prologue = String::new();
    set_builtins(
        module,
        vars,
        &[(BuiltIn::InvocationId, "tesserae_invocation".into()), (BuiltIn::PrimitiveId, "tesserae_primitive_id".into())],
        &mut prologue,
    );
    fill_per_vertex(
        stage,
        module,
        vars,
        n_in,
        vertex_records,
        "tesserae_src",
        match input {
            Input::Draw(_) => "(tesserae_wg.y * tesserae_draw.count + v[j])",
            Input::Tessellation { .. } => "v[j]",
        },
        &mut prologue,
    )?;
    let tessellated = matches!(input, Input::Tessellation { .. });
    let assemble = match input {
        Input::Draw(t) => cull::assemble_wgsl(*t),
        Input::Tessellation { .. } => {
            format!("    for (var k = 0u; k < {n_in}u; k++) {{ v[k] = tesserae_tess_indices[p * {n_in}u + k]; }}\n")
        }
    };
    let restart_fn = if reads_restarts(input) { e.is_restart_wgsl() } else { "" };
    let primitive_id = primitive_id(input, n_in, vertex_records)?;
    let capture_count = if captures {
        "    tesserae_capture_counts[2u * tesserae_gs_slot] = tesserae_gs_captured;
    tesserae_capture_counts[2u * tesserae_gs_slot + 1u] = 0u;
"
    } else {
        ""
    };
    Ok(format!(
        "
var<private> tesserae_gs_slot: u32;
var<private> tesserae_gs_emitted: u32;
var<private> tesserae_gs_strip: u32;
var<private> tesserae_gs_primitives: u32;
var<private> tesserae_gs_captured: u32;
var<private> tesserae_gs_input_primitive: u32;

{emission}
{restart_fn}
@compute @workgroup_size({local})
fn {GEOMETRY_ENTRY}(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {{
{first}    let p = tesserae_group * {k}u + tesserae_lid / {n}u;
    let tesserae_invocation = tesserae_lid % {n}u;
    if p >= {primitives} {{
        return;
    }}
    tesserae_gs_slot = {slot};
    tesserae_gs_emitted = 0u;
    tesserae_gs_strip = 0u;
    tesserae_gs_primitives = 0u;
    tesserae_gs_captured = 0u;
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
{capture_count}}}
",
        local = n * k,
        n_in_array = n_in.max(3),
        // A tessellated draw's primitives are counted on the GPU: the dispatch is indirect
        // (over x and y) and covers them across instances.
        first = if tessellated {
            "    let tesserae_group = tesserae_wg.x + tesserae_wg.y * tesserae_groups.x;\n"
        } else {
            "    let tesserae_group = tesserae_wg.x;\n"
        },
        primitives = if tessellated { format!("tesserae_tess_indirect[0] / {n_in}u") } else { "tesserae_draw.primitives".into() },
        slot = if tessellated {
            format!("p * {n}u + tesserae_invocation")
        } else {
            format!("(tesserae_wg.y * tesserae_draw.primitives + p) * {n}u + tesserae_invocation")
        },
    ))
}

/// The bindings `entry` (the pass's text after them) reads: the draw's parameters where it
/// reads restarts, else its uniform where it reads that, the vertex records where it reads
/// an input (a pass declares only what it uses), its records and index slots, the
/// tessellator's primitives and arguments, transform feedback's buffers.
fn declarations(e: Emulation, buffers: &GeometryBuffers, input: &Input, capture: Option<&CaptureBuffers>, entry: &str) -> String {
    let mut kernel = if reads_restarts(input) {
        e.draw_params_wgsl()
    } else if entry.contains("tesserae_draw.") {
        e.draw_uniform_wgsl()
    } else {
        // (After tessellation the counts come from the tessellator's arguments.)
        String::new()
    };
    let at = |id| e.at(binding::intermediate(id));
    let records = |id, access, name| records::declaration(&at(id), access, name);
    if entry.contains("tesserae_src") {
        let _ = writeln!(kernel, "{}", records(buffers.vertex_records, "read", "tesserae_src"));
    }
    let _ = writeln!(kernel, "{}", records(buffers.records, "read_write", "tesserae_gs_records"));
    if let Input::Tessellation { indices, indirect, .. } = *input {
        let _ = writeln!(kernel, "{} var<storage, read> tesserae_tess_indices: array<u32>;", at(indices));
        let _ = writeln!(kernel, "{} var<storage, read> tesserae_tess_indirect: array<u32>;", at(indirect));
    }
    let _ = writeln!(kernel, "{} var<storage, read_write> tesserae_gs_indices: array<u32>;", at(buffers.indices));
    if let Some(b) = capture {
        let _ = writeln!(kernel, "{}", CapturedWords::declaration(&at(b.words), "read_write"));
        if let Some(counts) = b.counts() {
            let _ = writeln!(kernel, "{} var<storage, read_write> tesserae_capture_counts: array<u32>;", at(counts));
        }
        if let Some(list) = b.list {
            let _ = writeln!(kernel, "{} var<storage, read_write> tesserae_capture_list: array<u32>;", at(list));
        }
    }
    kernel
}
