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
use crate::emulate::ir::{self, FunctionBuilder};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::plan::*;
use crate::reflect::CaptureLayout;
use crate::tessellator::gpu::{self, TessBindings};
use crate::wgsl::ValidatedWgsl;
use naga::{BinaryOperator, Expression, Handle};
use std::fmt::Write;

/// The captured words of the vertices (module docs), one layout for every stage that stores
/// them and the `write` pass that reads them: `words` u32s per vertex, vertex `index`'s from
/// `index × words` on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CapturedWords {
    pub words: u32,
}

impl CapturedWords {
    /// The private array a capturing stage's module holds its captured words in
    /// ([`crate::lower::xfb_capture::CAPTURE_GLOBAL`]).
    pub fn global(module: &naga::Module) -> Result<Handle<naga::GlobalVariable>, TranslateError> {
        crate::vertex_function::demoted_global(module, crate::lower::xfb_capture::CAPTURE_GLOBAL)?
            .ok_or_else(|| TranslateError::InvalidPlan("transform feedback's capture without the captured words".into()))
    }

    /// In naga IR: the slot of word 0 of vertex `index`.
    fn first(self, b: &mut FunctionBuilder, index: Handle<Expression>) -> Handle<Expression> {
        let words = b.u32(self.words);
        b.binary(BinaryOperator::Multiply, index, words)
    }

    /// In naga IR: `buffer[index × words + i] = captured[i]` for each word the stage captured
    /// into the array `captured` ([`crate::lower::xfb_capture::CAPTURE_GLOBAL`]).
    pub fn store(
        self,
        b: &mut FunctionBuilder,
        captured: Handle<naga::GlobalVariable>,
        buffer: Handle<naga::GlobalVariable>,
        index: Handle<Expression>,
    ) {
        let first = self.first(b, index);
        b.for_count("tesserae_i", self.words, |b, i| {
            let at = b.binary(BinaryOperator::Add, first, i);
            let target = b.element_pointer(buffer, at);
            let word = b.load_element(captured, i);
            b.store(target, word);
        });
    }

    /// In naga IR: word `i` in `buffer` of the vertex whose word 0 is at `first` ([`Self::first`]).
    fn word(self, b: &mut FunctionBuilder, buffer: Handle<naga::GlobalVariable>, first: Handle<Expression>, i: u32) -> Handle<Expression> {
        let at = b.offset(first, i);
        b.load_element(buffer, at)
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
/// scans, `write`, `finish`. Every kernel is a template
/// ([`crate::wgsl::round_trip_template`]: it depends on the topology, the bindings and counts
/// of a handful of values); what the capture layout fixes (which word goes where, how many
/// primitives the buffers hold) is built in naga IR as the bodies of two functions the
/// templates declare empty ([`VERTEX_FUNCTION`], [`ROOM_FUNCTION`]).
pub(crate) fn passes(
    e: Emulation,
    stage: Stage,
    layout: &CaptureLayout,
    source: &Source,
    buffers: &CaptureBuffers,
    verify: bool,
) -> Result<Vec<Pass>, TranslateError> {
    let template = |src: String| crate::profile::phase("emulation: capture", || crate::wgsl::round_trip_template(stage, src));
    let pass =
        |label: &str, w: ValidatedWgsl, workgroups| mark_capture(crate::compute_pass(label, crate::shader_plan(stage, w), workgroups));
    let mut passes = Vec::new();
    if let (Source::Draw { topology }, Some(scan)) = (*source, &buffers.scan) {
        passes.push(pass("capture count", template(count_kernel(e, topology, scan))?, Workgroups::PerPrimitive { size: WORKGROUP }));
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
            passes.push(pass(&format!("capture scan {k}"), template(src)?, workgroups));
        }
    }
    let n = source.vertices_per_primitive();
    let (write, workgroups) = write_kernel(e, layout, source, buffers)?;
    let mut module = template(write)?.module().clone();
    fill_capture_functions(&mut module, layout, n, true)?;
    if let Source::Geometry { invocations, primitives_per_workgroup, entries_per_slot, .. } = *source {
        let function = ir::template_function(&module, WRITE_FUNCTION)?;
        let arguments = ir::workgroup_arguments(&mut module);
        let values = [invocations, primitives_per_workgroup, entries_per_slot];
        ir::compute_entry_passing(&mut module, "main", invocations * primitives_per_workgroup, function, arguments, &values);
    }
    passes.push(pass("capture write", crate::wgsl::validate_and_write(stage, module, verify)?, workgroups));
    let mut module = template(finish_kernel(e, layout, source, buffers)?)?.module().clone();
    fill_capture_functions(&mut module, layout, n, false)?;
    passes.push(pass("capture finish", crate::wgsl::validate_and_write(stage, module, verify)?, Workgroups::One));
    Ok(passes)
}

/// `tesserae_capture_vertex(q, t, src)`, declared empty by the write template: writes vertex
/// `src`'s captured words as vertex `t` of captured primitive `q`.
const VERTEX_FUNCTION: &str = "tesserae_capture_vertex";
/// `tesserae_capture_room() -> u32`, declared returning 0 by the templates: the primitives
/// every buffer holds whole.
const ROOM_FUNCTION: &str = "tesserae_capture_room";
/// The geometry source's write, a template function taking the geometry pass's counts
/// (invocations, primitives per workgroup, index entries per slot).
const WRITE_FUNCTION: &str = "tesserae_capture_write";

/// The bodies of [`VERTEX_FUNCTION`] (with `writes`: the write template declares it) and
/// [`ROOM_FUNCTION`], built in naga IR from the capture layout, `n` vertices per primitive.
fn fill_capture_functions(module: &mut naga::Module, layout: &CaptureLayout, n: u32, writes: bool) -> Result<(), TranslateError> {
    let buffer = |module: &naga::Module, b: u32| ir::template_global(module, &format!("tesserae_xfb{b}_buffer"));
    if writes {
        let vertex_function = ir::template_function(module, VERTEX_FUNCTION)?;
        let words = ir::template_global(module, "tesserae_capture_words")?;
        let targets = layout.words.iter().map(|w| buffer(module, w.buffer)).collect::<Result<Vec<_>, _>>()?;
        let u32_ty = ir::scalar(module, naga::Scalar::U32);
        let arguments = ["q", "t", "src"].map(|a| naga::FunctionArgument { name: Some(a.into()), ty: u32_ty, binding: None }).to_vec();
        let mut b = FunctionBuilder::new(module, VERTEX_FUNCTION, arguments, None);
        let (q, t, src) = (b.argument(0), b.argument(1), b.argument(2));
        let count = b.u32(n);
        let first = b.binary(BinaryOperator::Multiply, q, count);
        let vertex = b.binary(BinaryOperator::Add, first, t);
        let captured = CapturedWords { words: layout.words.len() as u32 };
        let from = captured.first(&mut b, src);
        for (i, (word, &target)) in layout.words.iter().zip(&targets).enumerate() {
            let stride = b.u32(layout.stride(word.buffer) / 4);
            let at = b.binary(BinaryOperator::Multiply, vertex, stride);
            let at = b.offset(at, word.offset / 4);
            let value = captured.word(&mut b, words, from, i as u32);
            b.store_element(target, at, value);
        }
        b.finish_as(vertex_function);
    }
    let room_function = ir::template_function(module, ROOM_FUNCTION)?;
    let targets = layout.buffers.iter().map(|&(b, stride)| Ok((buffer(module, b)?, stride))).collect::<Result<Vec<_>, TranslateError>>()?;
    let mut b = FunctionBuilder::new(module, ROOM_FUNCTION, Vec::new(), None);
    let mut room = b.u32(u32::MAX);
    for (target, stride) in targets {
        let array = b.expr(Expression::GlobalVariable(target));
        let length = b.expr(Expression::ArrayLength(array));
        let four = b.u32(4);
        let bytes = b.binary(BinaryOperator::Multiply, length, four);
        let per_primitive = b.u32((n * stride).max(1));
        let whole = b.binary(BinaryOperator::Divide, bytes, per_primitive);
        room = b.expr(Expression::Math { fun: naga::MathFunction::Min, arg: room, arg1: Some(whole), arg2: None, arg3: None });
    }
    b.ret(Some(room));
    b.finish_as(room_function);
    Ok(())
}

/// The capture buffers' declarations and [`ROOM_FUNCTION`], declared returning 0 (its body is
/// built from the buffers' strides, [`fill_capture_functions`]).
fn capture_buffers_wgsl(e: Emulation, layout: &CaptureLayout) -> String {
    let mut s = String::new();
    for &(b, _) in &layout.buffers {
        let _ = writeln!(s, "{} var<storage, read_write> tesserae_xfb{b}_buffer: array<u32>;", e.at(binding::CAPTURE_BUFFERS + b));
    }
    s + &format!("fn {ROOM_FUNCTION}() -> u32 {{\n    return 0u;\n}}\n")
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

fn write_kernel(e: Emulation, layout: &CaptureLayout, source: &Source, b: &CaptureBuffers) -> Result<(String, Workgroups), TranslateError> {
    let n = source.vertices_per_primitive();
    let at = |id| e.at(binding::intermediate(id));
    let mut common = format!(
        "{words} var<storage, read> tesserae_capture_words: array<u32>;
{state} var<storage, read> tesserae_capture_state: array<u32>;
{buffers}fn {VERTEX_FUNCTION}(q: u32, t: u32, src: u32) {{}}
",
        words = at(b.words),
        state = e.at(binding::CAPTURE_STATE),
        buffers = capture_buffers_wgsl(e, layout),
    );
    if let Some(scan) = &b.scan {
        let _ = write!(
            common,
            "{} var<storage, read> tesserae_capture_counts: array<u32>;\n{} var<storage, read> tesserae_capture_offsets: array<u32>;\n",
            at(scan.counts),
            at(scan.offsets)
        );
    }
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
        {VERTEX_FUNCTION}(q, t, gid.y * tesserae_draw.count + v[t]);
    }}
}}
",
                len = n.max(3),
                assemble = cull::assemble_wgsl(topology),
            );
            (src, Workgroups::PerPrimitive { size: WORKGROUP })
        }
        Source::Geometry { primitives_per_workgroup, tessellated, .. } => {
            let list = b.list.map(|l| format!("{} var<storage, read> tesserae_capture_list: array<u32>;\n", at(l))).unwrap_or_default();
            // The geometry pass's numbering of its slots (`geometry::kernel`): `n` invocations
            // per input primitive, `k` primitives per workgroup.
            let (params, first, slot) = match tessellated {
                None => (
                    e.draw_uniform_wgsl(),
                    "    let p = wg.x * k + lid / n;\n    if p >= tesserae_draw.primitives {\n        return;\n    }\n".to_string(),
                    "(wg.y * tesserae_draw.primitives + p) * n + lid % n",
                ),
                Some(t) => (
                    format!("{} var<storage, read> tesserae_tess_indirect: array<u32>;\n", at(t.indirect)),
                    format!(
                        "    let p = (wg.x + wg.y * groups.x) * k + lid / n;\n    if p >= tesserae_tess_indirect[0] / {}u {{\n        return;\n    }}\n",
                        t.vertices
                    ),
                    "p * n + lid % n",
                ),
            };
            let src = format!(
                "{params}{common}{list}
fn {WRITE_FUNCTION}(wg: vec3<u32>, groups: vec3<u32>, lid: u32, n: u32, k: u32, entries_per_slot: u32) {{
{first}    let slot = {slot};
    let first = tesserae_capture_state[0] + tesserae_capture_offsets[2u * slot];
    let room = {ROOM_FUNCTION}();
    for (var j = 0u; j < tesserae_capture_counts[2u * slot]; j++) {{
        let q = first + j;
        if q >= room {{
            return;
        }}
        for (var t = 0u; t < {vertices}u; t++) {{
            {VERTEX_FUNCTION}(q, t, tesserae_capture_list[slot * entries_per_slot + j * {vertices}u + t]);
        }}
    }}
}}
",
                vertices = n,
            );
            let workgroups = match tessellated {
                None => Workgroups::PerPrimitive { size: primitives_per_workgroup },
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
        {VERTEX_FUNCTION}(q, t, tesserae_tess_indices[primitive * {n}u + t]);
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
        buffers = capture_buffers_wgsl(e, layout),
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
