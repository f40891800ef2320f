//! Transform feedback: what the last pre-rasterization stage captures, written into the
//! application's buffers in API order.
//!
//! The stage running as compute stores each vertex's captured words
//! ([`crate::lower::xfb_capture`]) into `words`, `W` per vertex, at the vertex's record index.
//! A capture then takes, for each *item* of the draw, how many primitives it captures and
//! which vertices each has:
//! - [`Source::Draw`] (a vertex stage, last): an item is a primitive of the draw per instance,
//!   assembled as the rasterizer does (lists, strips in Vulkan's order, restarts); a pass
//!   `count` writes 1, or 0 for a strip window holding a restart.
//! - [`Source::Geometry`]: an item is one geometry invocation's slot; the geometry pass writes
//!   its count, and the vertex indices of each primitive it completes (in Vulkan's strip order,
//!   whether or not a cull distance culls it) into `list`, `entries_per_slot` per slot.
//!
//! The passes, per draw:
//! 1. the three scan kernels of the tessellator ([`crate::tessellator::gpu::scan_kernels`]):
//!    each item's first primitive in the draw, and the draw's total in `totals[5]`;
//! 2. `write`: one invocation per item; primitive `j` of item `i` is primitive
//!    `q = state[0] + offsets[2i] + j` of the capture, written when it fits: vertex `t` of it is
//!    vertex `q × n + t` of every buffer, each word at `(q × n + t) × stride + offset` (bytes),
//!    the words no output covers untouched;
//! 3. `finish` (one invocation): `state[1] += total`, `state[0] = min(room, state[0] + total)`.
//!
//! `room`, the primitives every buffer holds whole (`⌊bytes / (n × stride)⌋`, the least over
//! the buffers), is Vulkan's rule: a primitive that does not fit in every buffer is written to
//! none, and neither is any after it. `state` ([`Resource::CaptureState`]) spans a frame's
//! draws, so each draw appends where the last one stopped.

use crate::cull;
use crate::desc::{Stage, Topology};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::plan::*;
use crate::reflect::CaptureLayout;
use crate::tessellator::gpu::{self, TessBindings};
use std::fmt::Write;

/// The captured words of the vertices (module docs), one layout for every stage that stores
/// them and the `write` pass that reads them: `words` u32s per vertex, vertex `index`'s from
/// `index × words` on, in `tesserae_capture_words`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CapturedWords {
    pub words: u32,
}

impl CapturedWords {
    /// The buffer's declaration at `at` (`@group(g) @binding(b)`).
    pub fn declaration(at: &str, access: &str) -> String {
        format!("{at} var<storage, {access}> tesserae_capture_words: array<u32>;")
    }

    /// Word `i` of vertex `index`.
    pub fn word(self, index: &str, i: usize) -> String {
        format!("tesserae_capture_words[{index} * {}u + {i}u]", self.words)
    }
}

/// Invocations per workgroup of `count` and of a draw's `write`.
pub const WORKGROUP: u32 = 64;

/// Where a capture's primitives come from (module docs).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Source {
    Draw {
        topology: Topology,
    },
    Geometry {
        invocations: u32,
        primitives_per_workgroup: u32,
        entries_per_slot: u32,
        vertices_per_primitive: u32,
        /// After tessellation: the geometry stage's input primitives counted on the GPU.
        tessellated: Option<TessellatedInput>,
    },
    /// The tessellator's index list (`indices`, global point indices) and its arguments
    /// (`indirect`: the entries at word 0, the points at word 5), before any cull pass.
    Tessellation {
        vertices_per_primitive: u32,
        points_per_patch: u32,
        indices: BufferId,
        indirect: BufferId,
    },
}

impl Source {
    /// Vertices of a captured primitive.
    pub(crate) fn vertices_per_primitive(&self) -> u32 {
        match *self {
            Source::Draw { topology } => cull::vertices_per_primitive(topology),
            Source::Geometry { vertices_per_primitive, .. } | Source::Tessellation { vertices_per_primitive, .. } => vertices_per_primitive,
        }
    }

    /// Items per primitive and instance of the draw.
    fn items_per_primitive(&self) -> u32 {
        match *self {
            Source::Draw { .. } | Source::Tessellation { .. } => 1,
            Source::Geometry { invocations, tessellated, .. } => invocations * tessellated.map_or(1, |t| t.per_patch),
        }
    }
}

/// A geometry stage's input primitives after tessellation: the tessellator's arguments
/// (`indirect`, its entries at word 0, `vertices` a primitive), the most primitives a patch
/// makes, and the geometry pass's own dispatch (`arguments` at byte `offset`), which the
/// capture's write repeats.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TessellatedInput {
    pub indirect: BufferId,
    pub vertices: u32,
    pub per_patch: u32,
    pub arguments: BufferId,
    pub offset: u64,
}

/// The intermediate buffers of a capture.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CaptureBuffers {
    /// `array<u32>`: each vertex's captured words.
    pub words: BufferId,
    /// The counts and their scan, where items capture different numbers of primitives.
    scan: Option<ScanBuffers>,
    /// `array<u32>`: a geometry slot's primitives' vertex indices.
    pub list: Option<BufferId>,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct ScanBuffers {
    /// `array<u32>`: (primitives, 0) per item.
    pub counts: BufferId,
    pub offsets: BufferId,
    pub totals: BufferId,
}

impl CaptureBuffers {
    /// `array<u32>`: (primitives, 0) per item, where items capture different numbers of them.
    pub(crate) fn counts(&self) -> Option<BufferId> {
        self.scan.map(|s| s.counts)
    }

    /// Adds the buffers to `table`.
    pub(crate) fn declare(table: &mut BufferTable, layout: &CaptureLayout, source: &Source) -> Self {
        let w = 4 * layout.words.len() as u64;
        let items = source.items_per_primitive() as u64;
        let scan = |table: &mut BufferTable, offsets| ScanBuffers {
            counts: table.add("capture counts", BufferSize::PerPrimitive { bytes: 8 * items }, BufferUsage::Storage),
            offsets: table.add("capture offsets", offsets, BufferUsage::Storage),
            totals: table.add("capture totals", BufferSize::Fixed { bytes: 24 }, BufferUsage::Storage),
        };
        match *source {
            Source::Draw { .. } => CaptureBuffers {
                words: table.add("captured words", BufferSize::PerPosition { bytes: w }, BufferUsage::Storage),
                scan: Some(scan(table, BufferSize::ScanOffsets)),
                list: None,
            },
            Source::Geometry { entries_per_slot, vertices_per_primitive, .. } => {
                // Vertices a slot emits: at most entries / n + n - 1 (a strip's first n - 1
                // complete nothing); offsets_len(P × I × N) ≤ 2 P I N + 2 P I words.
                let vertices = (entries_per_slot / vertices_per_primitive + vertices_per_primitive - 1) as u64;
                CaptureBuffers {
                    words: table.add("captured words", BufferSize::PerPrimitive { bytes: w * items * vertices }, BufferUsage::Storage),
                    scan: Some(scan(table, BufferSize::PerPrimitive { bytes: 8 * items + 8 })),
                    list: Some(table.add(
                        "captured primitives",
                        BufferSize::PerPrimitive { bytes: 4 * items * entries_per_slot as u64 },
                        BufferUsage::Storage,
                    )),
                }
            }
            Source::Tessellation { points_per_patch, .. } => CaptureBuffers {
                words: table.add("captured words", BufferSize::PerPatch { bytes: w * points_per_patch as u64 }, BufferUsage::Storage),
                scan: None,
                list: None,
            },
        }
    }
}

impl ScanBuffers {
    fn bindings(&self, emulation: Emulation) -> TessBindings {
        let b = |id| binding::intermediate(id);
        TessBindings {
            group: emulation.group,
            draw: binding::DRAW,
            levels: b(self.counts),
            counts: b(self.counts),
            offsets: b(self.offsets),
            domain: b(self.counts),
            indices: b(self.counts),
            indirect: b(self.totals),
        }
    }
}

/// Refuses what the capture does not take: too many buffers, adjacency without a geometry
/// stage.
pub(crate) fn check(stage: Stage, layout: &CaptureLayout, source: &Source) -> Result<(), TranslateError> {
    if let Some((b, _)) = layout.buffers.iter().find(|(b, _)| *b >= binding::MAX_CAPTURE_BUFFERS) {
        return Err(TranslateError::unsupported(
            stage,
            format!("transform feedback buffer {b} (at most {} buffers)", binding::MAX_CAPTURE_BUFFERS),
        ));
    }
    if let Source::Draw { topology } = source {
        if topology.has_adjacency() || matches!(topology, Topology::PatchList { .. }) {
            return Err(TranslateError::unsupported(stage, format!("transform feedback of a {} draw", topology.name())));
        }
    }
    Ok(())
}

/// The capture's plan entry.
pub(crate) fn plan(layout: &CaptureLayout, source: &Source) -> CapturePlan {
    CapturePlan { buffers: layout.buffers.clone(), vertices_per_primitive: source.vertices_per_primitive() }
}

/// The capture's passes after the stage's own (module docs): `count` for a draw source, the
/// scans, `write`, `finish`.
pub(crate) fn passes(
    e: Emulation,
    stage: Stage,
    layout: &CaptureLayout,
    source: &Source,
    buffers: &CaptureBuffers,
) -> Result<Vec<Pass>, TranslateError> {
    let kernel = |label: &str, src: String, workgroups| -> Result<Pass, TranslateError> {
        let w = crate::profile::phase("emulation: capture", || crate::wgsl::round_trip_kernel(stage, src))?;
        Ok(mark_capture(crate::compute_pass(label, crate::shader_plan(stage, w), workgroups)))
    };
    let mut passes = Vec::new();
    if let (Source::Draw { topology }, Some(scan)) = (*source, &buffers.scan) {
        // The count depends on the topology and the bindings only: a template.
        let w = crate::profile::phase("emulation: capture", || crate::wgsl::round_trip_template(stage, count_kernel(e, topology, scan)))?;
        let pass = crate::compute_pass("capture count", crate::shader_plan(stage, w), Workgroups::PerPrimitive { size: WORKGROUP });
        passes.push(mark_capture(pass));
    }
    if let Some(scan) = &buffers.scan {
        let items_per_patch = source.items_per_primitive();
        // After tessellation only the geometry pass's slots are counted (the rest of the
        // capacity holds nothing): the scan covers those.
        let (declarations, count) = match source {
            Source::Geometry { invocations, tessellated: Some(t), .. } => (
                format!("{} var<storage, read> tesserae_tess_indirect: array<u32>;", e.at(binding::intermediate(t.indirect))),
                format!("tesserae_tess_indirect[0] / {}u * {invocations}u", t.vertices),
            ),
            _ => (String::new(), String::new()),
        };
        let items = if count.is_empty() {
            gpu::ScanItems::PerPatch(items_per_patch)
        } else {
            gpu::ScanItems::Counted { declarations: &declarations, count: &count }
        };
        for (k, src) in gpu::scan_kernels(&scan.bindings(e), items).into_iter().enumerate() {
            let workgroups = if k == 1 { Workgroups::One } else { Workgroups::ScanBlocks { items_per_patch } };
            passes.push(kernel(&format!("capture scan {k}"), src, workgroups)?);
        }
    }
    let (write, workgroups) = write_kernel(e, layout, source, buffers)?;
    passes.push(kernel("capture write", write, workgroups)?);
    passes.push(kernel("capture finish", finish_kernel(e, layout, source, buffers)?, Workgroups::One)?);
    Ok(passes)
}

/// The capture buffers' declarations and `tesserae_capture_room()`: the primitives every
/// buffer holds whole.
fn capture_buffers_wgsl(e: Emulation, layout: &CaptureLayout, n: u32) -> String {
    let mut s = String::new();
    let mut room = String::from("fn tesserae_capture_room() -> u32 {\n    var room = 0xffffffffu;\n");
    for &(b, stride) in &layout.buffers {
        let _ = writeln!(s, "{} var<storage, read_write> tesserae_xfb{b}: array<u32>;", e.at(binding::CAPTURE_BUFFERS + b));
        let _ = writeln!(room, "    room = min(room, arrayLength(&tesserae_xfb{b}) * 4u / {}u);", (n * stride).max(1));
    }
    room.push_str("    return room;\n}\n");
    s + &room
}

fn count_kernel(e: Emulation, topology: Topology, b: &ScanBuffers) -> String {
    let n = cull::vertices_per_primitive(topology);
    let strip = topology.is_strip();
    let params = if strip { e.draw_params_wgsl() + e.is_restart_wgsl() } else { e.draw_uniform_wgsl() };
    format!(
        "{params}
{counts} var<storage, read_write> tesserae_capture_counts: array<u32>;

@compute @workgroup_size({WORKGROUP})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {{
    let p = gid.x;
    if p >= tesserae_draw.primitives {{
        return;
    }}
    var v = array<u32, {len}>();
    var keep = true;
{assemble}    let item = gid.y * tesserae_draw.primitives + p;
    tesserae_capture_counts[2u * item] = select(0u, 1u, keep);
    tesserae_capture_counts[2u * item + 1u] = 0u;
}}
",
        counts = e.at(binding::intermediate(b.counts)),
        len = n.max(3),
        assemble = cull::assemble_wgsl(topology),
    )
}

/// Statements writing the captured vertex `t` of primitive `q` from the words at `src`.
fn vertex_writes(layout: &CaptureLayout, n: u32) -> String {
    let captured = CapturedWords { words: layout.words.len() as u32 };
    let mut s = String::new();
    for (i, word) in layout.words.iter().enumerate() {
        let stride = layout.stride(word.buffer) / 4;
        let _ = writeln!(
            s,
            "            tesserae_xfb{b}[(q * {n}u + t) * {stride}u + {o}u] = {};",
            captured.word("src", i),
            b = word.buffer,
            o = word.offset / 4,
        );
    }
    s
}

fn write_kernel(e: Emulation, layout: &CaptureLayout, source: &Source, b: &CaptureBuffers) -> Result<(String, Workgroups), TranslateError> {
    let n = source.vertices_per_primitive();
    let at = |id| e.at(binding::intermediate(id));
    let mut common = format!(
        "{words}
{state} var<storage, read> tesserae_capture_state: array<u32>;
{buffers}",
        words = CapturedWords::declaration(&at(b.words), "read"),
        state = e.at(binding::CAPTURE_STATE),
        buffers = capture_buffers_wgsl(e, layout, n),
    );
    if let Some(scan) = &b.scan {
        let _ = write!(
            common,
            "{} var<storage, read> tesserae_capture_counts: array<u32>;\n{} var<storage, read> tesserae_capture_offsets: array<u32>;\n",
            at(scan.counts),
            at(scan.offsets)
        );
    }
    let writes = vertex_writes(layout, n);
    Ok(match *source {
        Source::Draw { topology } => {
            let strip = topology.is_strip();
            let params = if strip { e.draw_params_wgsl() + e.is_restart_wgsl() } else { e.draw_uniform_wgsl() };
            let src = format!(
                "{params}{common}
@compute @workgroup_size({WORKGROUP})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {{
    let p = gid.x;
    if p >= tesserae_draw.primitives {{
        return;
    }}
    let item = gid.y * tesserae_draw.primitives + p;
    if tesserae_capture_counts[2u * item] == 0u {{
        return;
    }}
    let q = tesserae_capture_state[0] + tesserae_capture_offsets[2u * item];
    if q >= tesserae_capture_room() {{
        return;
    }}
    var v = array<u32, {len}>();
    var keep = true;
{assemble}    for (var t = 0u; t < {n}u; t++) {{
        let src = gid.y * tesserae_draw.count + v[t];
        {{
{writes}        }}
    }}
}}
",
                len = n.max(3),
                assemble = cull::assemble_wgsl(topology),
            );
            (src, Workgroups::PerPrimitive { size: WORKGROUP })
        }
        Source::Geometry { invocations, primitives_per_workgroup, entries_per_slot, tessellated, .. } => {
            let list = b.list.map(|l| format!("{} var<storage, read> tesserae_capture_list: array<u32>;\n", at(l))).unwrap_or_default();
            let k = primitives_per_workgroup;
            // The geometry pass's numbering of its slots (`geometry::kernel`).
            let (params, first, slot) = match tessellated {
                None => (
                    e.draw_uniform_wgsl(),
                    format!("    let p = wg.x * {k}u + lid / {invocations}u;\n    if p >= tesserae_draw.primitives {{\n        return;\n    }}\n"),
                    format!("(wg.y * tesserae_draw.primitives + p) * {invocations}u + lid % {invocations}u"),
                ),
                Some(t) => (
                    format!("{} var<storage, read> tesserae_tess_indirect: array<u32>;\n", at(t.indirect)),
                    format!(
                        "    let p = (wg.x + wg.y * groups.x) * {k}u + lid / {invocations}u;\n    if p >= tesserae_tess_indirect[0] / {}u {{\n        return;\n    }}\n",
                        t.vertices
                    ),
                    format!("p * {invocations}u + lid % {invocations}u"),
                ),
            };
            let src = format!(
                "{params}{common}{list}
@compute @workgroup_size({local})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>, @builtin(local_invocation_index) lid: u32) {{
{first}    let slot = {slot};
    let first = tesserae_capture_state[0] + tesserae_capture_offsets[2u * slot];
    let room = tesserae_capture_room();
    for (var j = 0u; j < tesserae_capture_counts[2u * slot]; j++) {{
        let q = first + j;
        if q >= room {{
            return;
        }}
        for (var t = 0u; t < {n}u; t++) {{
            let src = tesserae_capture_list[slot * {entries_per_slot}u + j * {n}u + t];
            {{
{writes}            }}
        }}
    }}
}}
",
                local = invocations * k,
            );
            let workgroups = match tessellated {
                None => Workgroups::PerPrimitive { size: k },
                Some(t) => Workgroups::Indirect { arguments: t.arguments, offset: t.offset },
            };
            (src, workgroups)
        }
        Source::Tessellation { indices, indirect, .. } => {
            let w = gpu::ENTRY_WORKGROUP;
            let src = format!(
                "{common}{indices} var<storage, read> tesserae_tess_indices: array<u32>;
{indirect_at} var<storage, read> tesserae_indirect: array<u32>;

@compute @workgroup_size({w})
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {{
    // One invocation per primitive (dispatched per index entry: the rest return).
    let primitive = id.x + id.y * groups.x * {w}u;
    if (primitive + 1u) * {n}u > tesserae_indirect[0] {{
        return;
    }}
    let q = tesserae_capture_state[0] + primitive;
    if q >= tesserae_capture_room() {{
        return;
    }}
    for (var t = 0u; t < {n}u; t++) {{
        let src = tesserae_tess_indices[primitive * {n}u + t];
        {{
{writes}        }}
    }}
}}
",
                indices = at(indices),
                indirect_at = at(indirect),
            );
            (src, Workgroups::Indirect { arguments: indirect, offset: gpu::INDIRECT_DISPATCH_OFFSET })
        }
    })
}

fn finish_kernel(e: Emulation, layout: &CaptureLayout, source: &Source, b: &CaptureBuffers) -> Result<String, TranslateError> {
    let n = source.vertices_per_primitive();
    // The draw's total: the scan's, or the tessellator's index entries over n.
    let (totals, total) = match (source, &b.scan) {
        (Source::Tessellation { indirect, .. }, _) => (*indirect, format!("tesserae_capture_totals[0] / {n}u")),
        (_, Some(scan)) => (scan.totals, "tesserae_capture_totals[5]".to_string()),
        (_, None) => return Err(TranslateError::InvalidPlan("a capture without its counts".into())),
    };
    Ok(format!(
        "{totals} var<storage, read> tesserae_capture_totals: array<u32>;
{state} var<storage, read_write> tesserae_capture_state: array<u32>;
{buffers}
@compute @workgroup_size(1)
fn main() {{
    let total = {total};
    tesserae_capture_state[1] += total;
    tesserae_capture_state[0] = min(tesserae_capture_room(), tesserae_capture_state[0] + total);
}}
",
        totals = e.at(binding::intermediate(totals)),
        state = e.at(binding::CAPTURE_STATE),
        buffers = capture_buffers_wgsl(e, layout, n),
    ))
}

/// The vertex stage as compute, storing each vertex's captured words (a [`Source::Draw`]).
pub(crate) fn vertex_pass(
    e: Emulation,
    mut module: naga::Module,
    desc: &crate::desc::PipelineDesc,
    layout: &CaptureLayout,
    buffers: &CaptureBuffers,
) -> Result<Pass, TranslateError> {
    let func = crate::vertex_function::from_entry(&mut module)?;
    let slots = crate::vertex_pulling::used_slots(&func, &desc.vertex_buffers)?;
    let records = crate::records::RecordLayout::packed();
    let pass = crate::vertex_records::RecordsPass {
        emulation: e,
        layouts: &desc.vertex_buffers,
        slots: &slots,
        records_binding: None,
        capture: Some((binding::intermediate(buffers.words), layout.words.len() as u32)),
        entry: "tesserae_capture_vertex_main",
        workgroup: WORKGROUP,
        layout: &records,
        stores: Vec::new(),
        verify: desc.options.verify_wgsl_round_trip,
    };
    let w = crate::vertex_records::build(module, &func, &pass)?;
    Ok(mark_capture(crate::compute_pass(
        "capture vertex",
        crate::shader_plan(Stage::Vertex, w),
        Workgroups::PerPosition { size: WORKGROUP },
    )))
}

/// `pass`, marked as serving only the capture.
pub(crate) fn mark_capture(mut pass: Pass) -> Pass {
    if let Pass::Compute(c) = &mut pass {
        c.capture = true;
    }
    pass
}
