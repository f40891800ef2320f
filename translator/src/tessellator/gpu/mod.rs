//! The tessellator on the GPU: WGSL compute kernels that produce exactly what
//! [`super::tessellate`] produces (the same `f32` bits of every domain point, the same points
//! in the same order, the same primitives in the same order) for many patches at once.
//!
//! The kernels are a port of the CPU code (`fixed.rs`, `partition.rs`, `levels.rs`,
//! `stitch.rs`, `tri.rs`, `quad.rs`, `isoline.rs`; none of it uses 64-bit integers, so the
//! port is plain `u32`/`i32` arithmetic with the same wrapping). Everything that inspects a
//! level the application wrote (culling, D3D clamping, the fractional-odd frame test, the
//! float → 16.16 conversion) works on the `f32` bits, and fixed point → `f32` is built from
//! integer operations too, so the result does not depend on the GPU's float mode (denormal
//! flushing, NaN handling, conversion rounding). The only float operations are `ceil` and a
//! truncating `i32()` of clamped levels in [1, 64], and, for triangle points whose fixed-point
//! coordinates are not both in [0, 1] (never produced by valid levels), `(1 - u) - v`.
//!
//! # Passes
//!
//! With P = `tesserae_draw.primitives × tesserae_draw.instances` patches (global patch index
//! p = instance × primitives + patch), in this order, each a dispatch of one entry point of
//! [`TessKernels`]:
//!
//! 1. `count` ([`COUNT_ENTRY`] of `tessellate`): ceil(P / [`WORKGROUP`]) workgroups
//!    ([`count_workgroups`]), one invocation per patch; writes `counts[2p]` (domain points) and
//!    `counts[2p + 1]` (index entries).
//! 2. `scan[0]`: ceil(P / [`SCAN_BLOCK`]) workgroups of 256 invocations: per block of
//!    [`SCAN_BLOCK`] patches, exclusive sums into `offsets[..2P]` and the block's totals into
//!    the scratch at `offsets[2P + 2b ..]`.
//!    `scan[1]`: exactly 1 workgroup: block totals → block prefixes, and the grand totals
//!    into `indirect` (`[entries, 1, 0, 0, 0, points]`, so it is written even when P = 0),
//!    then, when `indirect` has 9 words, the workgroups `[x, y, 1]` of a dispatch with one
//!    invocation per index entry in workgroups of [`ENTRY_WORKGROUP`] (x ≤ 65,535; the
//!    evaluation stage's cull pass, [`INDIRECT_DISPATCH_OFFSET`]), then `draw_indirect`
//!    arguments of [`EXPANDED_VERTICES_PER_ENTRY`] vertices per index entry (the point
//!    sprites of point mode, [`EXPANDED_DRAW_OFFSET`]), when it has 13, then the workgroups of a
//!    dispatch with one invocation per domain point ([`INDIRECT_POINT_DISPATCH_OFFSET`]), when
//!    it has 16.
//!    `scan[2]`: ceil(P / [`SCAN_BLOCK`]) workgroups: block prefixes added to the offsets.
//!    ([`scan_workgroups`] gives the three numbers.)
//! 3. `emit` ([`EMIT_ENTRY`] of `tessellate`): ceil(P / [`WORKGROUP`]) workgroups, one
//!    invocation per patch: domain points at `domain[offsets[2p] + k]` = (u, v, w, bitcast(p)),
//!    global point indices at `indices[offsets[2p + 1] + j]`. Writes past the end of either
//!    buffer are dropped.
//!
//! A workgroup count above the device's `max_compute_workgroups_per_dimension` may be split
//! over x and y (any x × y ≥ the count, see [`dispatch_size`]): every kernel numbers its
//! workgroups `x + y × num_workgroups.x` and ignores those past the end.
//!
//! # Bindings
//!
//! Every module declares the draw uniform (`crate::draw_uniform`) and the buffers it uses,
//! all in group `b.group`: `tessellate` levels (read), counts (`count` writes them), offsets,
//! domain and indices (`emit` writes them); the scans offsets and, the first, counts, the
//! second, indirect (all read_write but levels). `count` and `emit` are two entry points of
//! one module because `emit` needs everything `count` does (levels, the domain's counting),
//! which a cold translation would otherwise parse twice; each scan module has one entry point,
//! [`ENTRY_POINT`].
//!
//! # Modes
//!
//! The WGSL of `tessellate` depends on the domain and the bindings only: spacing, winding and
//! point mode come from the draw uniform at run time ([`TessMode::draw_bits`]; the plan
//! carries the mode in `Plan::tessellation`, the runtime writes it). So the translator parses
//! one `tessellate` module per domain for every mode (a template: parsed once per process),
//! a driver compiles one pipeline per domain and entry point (the runtime's `KernelCache`
//! shares them between plans), and the scan kernels, which depend on nothing, once.

use super::{Domain, Spacing, Winding};

/// The execution modes the kernels tessellate for: the domain in the WGSL text, the rest read
/// from the draw uniform ([`TessMode::draw_bits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct TessMode {
    pub domain: Domain,
    pub spacing: Spacing,
    pub winding: Winding,
    pub point_mode: bool,
}

/// Bindings in the emulation group (group number and binding numbers given by the caller).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TessBindings {
    pub group: u32,
    /// The draw uniform ([`crate::draw_uniform::DrawUniform`]).
    pub draw: u32,
    /// `array<vec4<f32>>`, read: `levels[2p]` = outer levels 0..4, `levels[2p + 1]` = (inner
    /// level 0, inner level 1, unused, unused).
    pub levels: u32,
    /// `array<u32>`: points and index entries per patch (written by `count`).
    pub counts: u32,
    /// `array<u32>`: exclusive prefix sums of `counts` (written by the scan), then scratch;
    /// at least [`offsets_len`] words.
    pub offsets: u32,
    /// `array<vec4<f32>>`: the domain points (written by `emit`).
    pub domain: u32,
    /// `array<u32>`: the primitives' global point indices (written by `emit`).
    pub indices: u32,
    /// `array<u32>`, at least 6 words: `draw_indexed_indirect` arguments, then the point total;
    /// with 9 words, then a dispatch over the index entries ([`INDIRECT_DISPATCH_OFFSET`]); with
    /// 13, then the draw of point sprites ([`EXPANDED_DRAW_OFFSET`]); with 16, then a dispatch
    /// over the domain points ([`INDIRECT_POINT_DISPATCH_OFFSET`]).
    pub indirect: u32,
}

/// WGSL sources: `tessellate` holds `count` and `emit` ([`COUNT_ENTRY`], [`EMIT_ENTRY`]), the
/// scans one module each, in dispatch order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TessKernels {
    pub tessellate: String,
    pub scan: Vec<String>,
}

/// Invocations per workgroup of `count` and `emit` (one per patch). Small, because `emit` loops
/// over a whole patch: with few patches per draw, wide workgroups leave cores idle (llvmpipe
/// runs a workgroup on one thread; measured with `cargo xtask bench --only tessellation`: 64 →
/// 1.30x lavapipe per draw for 4,096 triangle patches at level 16, 8 → 0.96x).
pub const WORKGROUP: u32 = 8;
/// Invocations per workgroup of a pass dispatched over the index entries through `indirect`
/// (the evaluation stage's cull pass).
pub const ENTRY_WORKGROUP: u32 = 64;
/// Byte offset in `indirect` of that dispatch's workgroups `[x, y, 1]`.
pub const INDIRECT_DISPATCH_OFFSET: u64 = 24;
/// Vertices per index entry of the point-sprite draw (two triangles).
pub const EXPANDED_VERTICES_PER_ENTRY: u32 = 6;
/// Byte offset in `indirect` of the point-sprite draw's `draw_indirect` arguments.
pub const EXPANDED_DRAW_OFFSET: u64 = 36;
/// Byte offset in `indirect` of the workgroups `[x, y, 1]` of a dispatch with one invocation
/// per domain point, in workgroups of [`ENTRY_WORKGROUP`] (the evaluation stage's cull
/// distances).
pub const INDIRECT_POINT_DISPATCH_OFFSET: u64 = 52;
/// Bytes of `indirect` with those dispatches and that draw.
pub const INDIRECT_BYTES: u64 = 64;
/// Patches per workgroup of the first and last scan kernels.
pub const SCAN_BLOCK: u32 = 1024;
/// The entry point of every scan module.
pub const ENTRY_POINT: &str = "main";
/// The entry point of `count` in the `tessellate` module.
pub const COUNT_ENTRY: &str = "tess_count";
/// The entry point of `emit` in the `tessellate` module.
pub const EMIT_ENTRY: &str = "tess_emit";

const FIXED: &str = include_str!("fixed.wgsl");
const LEVELS: &str = include_str!("levels.wgsl");
const PATCH: &str = include_str!("patch.wgsl");
const MESH: &str = include_str!("mesh.wgsl");
const COUNT: &str = include_str!("count.wgsl");
const EMIT: &str = include_str!("emit.wgsl");
const SCAN: &str = include_str!("scan.wgsl");
/// The three scan kernels, in dispatch order, with the buffers each reads or writes.
const SCAN_KERNELS: [(&str, &[Buf]); 3] = [
    (include_str!("scan_blocks.wgsl"), &[Buf::Counts, Buf::Offsets]),
    (include_str!("scan_totals.wgsl"), &[Buf::Offsets, Buf::Indirect]),
    (include_str!("scan_add.wgsl"), &[Buf::Offsets]),
];

fn domain_sources(domain: Domain) -> (&'static str, &'static str) {
    match domain {
        Domain::Triangles => (include_str!("count_tri.wgsl"), include_str!("emit_tri.wgsl")),
        Domain::Quads => (include_str!("count_quad.wgsl"), include_str!("emit_quad.wgsl")),
        Domain::Isolines => (include_str!("count_iso.wgsl"), include_str!("emit_iso.wgsl")),
    }
}

/// The declarations the `tessellate` module starts with: the domain as constants (its
/// sources differ anyway); spacing, winding and point mode as private variables that
/// `tess_read_mode` sets from the draw uniform's `tess_mode` ([`TessMode::draw_bits`]) at the
/// start of each entry point, so one compiled kernel serves every mode of a domain (a driver
/// compiles each distinct pipeline again: as pipeline constants, the 12 modes of a domain
/// were 12 compilations of the same kernel).
fn preamble(domain: Domain) -> String {
    let code = match domain {
        Domain::Triangles => 0,
        Domain::Quads => 1,
        Domain::Isolines => 2,
    };
    format!(
        "// Tesserae GPU tessellator, {domain:?} domain (spacing, winding and point mode from the draw uniform).
const DOMAIN_TRIANGLES: u32 = 0u;
const DOMAIN_QUADS: u32 = 1u;
const DOMAIN_ISOLINES: u32 = 2u;
const TESS_DOMAIN: u32 = {code}u;
var<private> TESS_SPACING: u32;
var<private> TESS_CW: bool;
var<private> TESS_POINT_MODE: bool;
fn tess_read_mode() {{
    let mode = tesserae_draw.tess_mode;
    TESS_SPACING = mode & 3u;
    TESS_CW = (mode & 4u) != 0u;
    TESS_POINT_MODE = (mode & 8u) != 0u;
}}
const TESS_WORKGROUP: u32 = {WORKGROUP}u;
"
    )
}

impl TessMode {
    /// The draw uniform's `tess_mode`: spacing in bits 0-1 (0 equal, 1 fractional odd, 2
    /// fractional even), clockwise winding in bit 2, point mode in bit 3.
    pub fn draw_bits(&self) -> u32 {
        let spacing = match self.spacing {
            Spacing::Equal => 0,
            Spacing::FractionalOdd => 1,
            Spacing::FractionalEven => 2,
        };
        spacing | ((self.winding == Winding::Cw) as u32 * 4) | (self.point_mode as u32 * 8)
    }
}

#[derive(Clone, Copy)]
enum Buf {
    Levels,
    Counts,
    Offsets,
    Domain,
    Indices,
    Indirect,
}

fn declare(b: &TessBindings, which: &[Buf]) -> String {
    let mut s = String::new();
    for buf in which {
        let (binding, decl) = match buf {
            Buf::Levels => (b.levels, "var<storage, read> tess_levels: array<vec4<f32>>"),
            Buf::Counts => (b.counts, "var<storage, read_write> tess_counts: array<u32>"),
            Buf::Offsets => (b.offsets, "var<storage, read_write> tess_offsets: array<u32>"),
            Buf::Domain => (b.domain, "var<storage, read_write> tess_domain: array<vec4<f32>>"),
            Buf::Indices => (b.indices, "var<storage, read_write> tess_out_indices: array<u32>"),
            Buf::Indirect => (b.indirect, "var<storage, read_write> tess_indirect: array<u32>"),
        };
        s.push_str(&format!("@group({}) @binding({binding}) {decl};\n", b.group));
    }
    s
}

/// A module of `parts` after the draw uniform (where a part reads it) and `buffers`' declarations, and after the
/// [`preamble`] of `domain` when one is given.
fn module(domain: Option<Domain>, b: &TessBindings, buffers: &[Buf], parts: &[&str]) -> String {
    let mut s = domain.map(preamble).unwrap_or_default();
    // Every kernel reads the draw but a scan over an earlier pass's count.
    if domain.is_some() || parts.iter().any(|p| p.contains("tesserae_draw.")) {
        s.push_str(&crate::draw_uniform::wgsl_declaration(b.group, b.draw));
    }
    s.push_str(&declare(b, buffers));
    for part in parts {
        s.push('\n');
        s.push_str(part);
    }
    s
}

/// The kernels of one mode (`tessellate` needs [`TessMode::constants`] when its pipelines are
/// created). Every module validates with naga (tested for every mode).
pub fn kernels(mode: TessMode, b: &TessBindings) -> TessKernels {
    let (count_domain, emit_domain) = domain_sources(mode.domain);
    let tessellate = module(
        Some(mode.domain),
        b,
        &[Buf::Levels, Buf::Counts, Buf::Offsets, Buf::Domain, Buf::Indices],
        &[FIXED, LEVELS, count_domain, PATCH, COUNT, MESH, emit_domain, EMIT],
    );
    TessKernels { tessellate, scan: scan_kernels(b, ScanItems::PerPatch(1)) }
}

/// How many `counts` pairs a scan covers.
#[derive(Debug, Clone, Copy)]
pub enum ScanItems<'a> {
    /// This many per patch (or primitive) and instance of the draw: the tessellator's one, or
    /// one per slot of another emulation's pass.
    PerPatch(u32),
    /// As many as the WGSL expression `count` says, over buffers `declarations` declare (an
    /// earlier pass's count, known only on the GPU).
    Counted { declarations: &'a str, count: &'a str },
}

/// The three scan kernels over `counts` pairs of `b` (its levels, domain and indices unused):
/// the tessellator's, or transform feedback's capture counts.
pub fn scan_kernels(b: &TessBindings, items: ScanItems) -> Vec<String> {
    // The sizes the totals kernel writes its dispatch and draw arguments with.
    let constants = format!(
        "const ENTRY_WORKGROUP: u32 = {ENTRY_WORKGROUP}u;\nconst EXPANDED_VERTICES_PER_ENTRY: u32 = {EXPANDED_VERTICES_PER_ENTRY}u;"
    );
    let count = match items {
        ScanItems::PerPatch(k) => format!(
            "// Items scanned: {k} per patch (or primitive) and instance of the draw.
fn scan_patches() -> u32 {{
    return tesserae_draw.primitives * tesserae_draw.instances * {k}u;
}}"
        ),
        ScanItems::Counted { declarations, count } => format!(
            "{declarations}
// Items scanned: as many as an earlier pass counted.
fn scan_patches() -> u32 {{
    return {count};
}}"
        ),
    };
    SCAN_KERNELS.iter().map(|(k, buffers)| module(None, b, buffers, &[SCAN, &constants, &count, k])).collect()
}

/// Words of `offsets` the kernels use for `patches` patches: 2 per patch, then 2 per scan
/// block of scratch.
pub fn offsets_len(patches: u32) -> u32 {
    2 * patches + 2 * patches.div_ceil(SCAN_BLOCK)
}

/// Workgroups of `count` and of `emit`.
pub fn count_workgroups(patches: u32) -> u32 {
    patches.div_ceil(WORKGROUP)
}

/// Workgroups of each scan kernel, in order.
pub fn scan_workgroups(patches: u32) -> [u32; 3] {
    let blocks = patches.div_ceil(SCAN_BLOCK);
    [blocks, 1, blocks]
}

/// `workgroups` as a dispatch `[x, y, 1]` with x at most `max_per_dimension`.
pub fn dispatch_size(workgroups: u32, max_per_dimension: u32) -> [u32; 3] {
    let max = max_per_dimension.max(1);
    if workgroups <= max {
        [workgroups, 1, 1]
    } else {
        [max, workgroups.div_ceil(max), 1]
    }
}

/// Most segments of an edge whose level is clamped to at most `max_level`, under any spacing
/// (fractional-even rounds the segment count up to even, fractional-odd to odd; inner axes
/// have at least 2 or 3 segments; the lower clamp of fractional-even is 2).
fn max_segments(max_level: u32) -> i32 {
    (max_level.clamp(1, 64) as i32 + 1).clamp(3, 64)
}

/// Points of a triangle patch whose inner axis has `n` points, outer edges at most `outer`.
fn tri_counts(outer: i32, n: i32) -> (i32, i32) {
    let inner_rings = n / 2 - 1;
    let odd = n % 2 == 0;
    let interior = if odd { 3 * (inner_rings * (inner_rings + 1) - inner_rings) } else { 3 * (inner_rings * (inner_rings + 1)) + 1 };
    let points = 3 * (outer - 1) + interior;
    let mut outer_points = [outer; 3];
    let mut triangles = 0;
    for ring in 1..(n + 1) / 2 {
        let inner_points = n - 2 * ring;
        for p in &mut outer_points {
            triangles += inner_points + *p - 2;
            *p = inner_points;
        }
    }
    (points, triangles + odd as i32)
}

fn quad_counts(outer: i32, nu: i32, nv: i32) -> (i32, i32) {
    let points = 4 * (outer - 1) + (nu - 2) * (nv - 2);
    let n = [nu, nv];
    let rings = ((nu + 1) / 2).min((nv + 1) / 2);
    let mut outer_points = [outer; 4];
    let mut triangles = 0;
    for ring in 1..rings {
        for (side, p) in outer_points.iter_mut().enumerate() {
            let inner_points = n[(side + 1) & 1] - 2 * ring;
            triangles += inner_points + *p - 2;
            *p = inner_points;
        }
    }
    // Odd parity ⇔ an even number of points.
    let (odd_u, odd_v) = (nu % 2 == 0, nv % 2 == 0);
    let extra = |odd: bool| if odd { 1 } else { 2 };
    let strip = if nu > nv && odd_v {
        ((nu / 2 - nv / 2) << 1) + extra(odd_u)
    } else if nv >= nu && odd_u {
        ((nv / 2 - nu / 2) << 1) + extra(odd_v)
    } else {
        0
    };
    (points, triangles + 2 * strip)
}

/// (points, primitives without point mode) bound for one patch. The quad bound walks every
/// pair of inner point counts, so each (domain, level) is computed once per process.
fn bounds(domain: Domain, max_level: u32) -> (u32, u32) {
    static BOUNDS: [[std::sync::OnceLock<(u32, u32)>; 65]; 3] = [const { [const { std::sync::OnceLock::new() }; 65] }; 3];
    let d = match domain {
        Domain::Triangles => 0,
        Domain::Quads => 1,
        Domain::Isolines => 2,
    };
    let level = max_level.clamp(1, 64);
    *BOUNDS[d][level as usize].get_or_init(|| bounds_of(domain, level))
}

fn bounds_of(domain: Domain, max_level: u32) -> (u32, u32) {
    let s = max_segments(max_level);
    let edge = s + 1;
    let (mut points, mut prims) = match domain {
        Domain::Triangles => (3, 1),
        Domain::Quads => (4, 2),
        Domain::Isolines => (0, 0),
    };
    match domain {
        Domain::Triangles => {
            for n in 3..=edge {
                let (p, t) = tri_counts(edge, n);
                points = points.max(p);
                prims = prims.max(t);
            }
        }
        Domain::Quads => {
            for nu in 3..=edge {
                for nv in 3..=edge {
                    let (p, t) = quad_counts(edge, nu, nv);
                    points = points.max(p);
                    prims = prims.max(t);
                }
            }
        }
        Domain::Isolines => {
            let lines = max_level.clamp(1, 64) as i32;
            points = lines * edge;
            prims = lines * s;
        }
    }
    (points as u32, prims as u32)
}

/// Upper bound of the domain points of one patch whose levels are clamped to at most
/// `max_level` (1..=64), under any spacing.
pub fn max_points_per_patch(domain: Domain, max_level: u32) -> u32 {
    bounds(domain, max_level).0
}

/// Upper bound of the index-list entries of one patch (3 per triangle, 2 per line, 1 per
/// point in point mode) whose levels are clamped to at most `max_level` (1..=64).
pub fn max_indices_per_patch(domain: Domain, point_mode: bool, max_level: u32) -> u32 {
    let (points, prims) = bounds(domain, max_level);
    match (point_mode, domain) {
        (true, _) => points,
        (false, Domain::Isolines) => 2 * prims,
        (false, _) => 3 * prims,
    }
}

#[cfg(test)]
mod tests;
