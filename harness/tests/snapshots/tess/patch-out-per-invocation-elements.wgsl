// pass `vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_10 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: f32,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: f32,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> vs_val: f32;
var<private> val_1: f32;

fn main() {
    let _e8 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e8.x, _e8.y, 0f, 1f);
    let _e13 = val_1;
    vs_val = _e13;
    return;
}

fn tesserae_vertex(pos: vec2<f32>, val: f32) -> TesseraeVertexOut {
    pos_1 = pos;
    val_1 = val;
    main();
    let _e7 = unnamed.gl_Position;
    let _e8 = vs_val;
    return TesseraeVertexOut(_e7, _e8);
}

struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
}
@group(0) @binding(0) var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) var<storage, read> tesserae_indices: array<u32>;

// The index at position `i` of the draw, as stored (restart indices included).
fn tesserae_raw_index(i: u32) -> u32 {
    if tesserae_draw.index_u16 != 0u {
        return (tesserae_indices[i / 2u] >> ((i & 1u) * 16u)) & 0xffffu;
    }
    return tesserae_indices[i];
}

// The vertex index of position `position` of the draw (gl_VertexIndex).
fn tesserae_vertex_index(position: u32) -> u32 {
    let i = tesserae_draw.first + position;
    if tesserae_draw.indexed == 0u {
        return i;
    }
    return u32(i32(tesserae_raw_index(i)) + tesserae_draw.base_vertex);
}
@group(0) @binding(2) var<storage, read> tesserae_vb0: array<u32>;

@group(0) @binding(24) var<storage, read_write> tesserae_records: array<vec4<f32>>;

@compute @workgroup_size(64)
fn tesserae_vertex_main(@builtin(global_invocation_id) tesserae_gid: vec3<u32>) {
    if tesserae_gid.x >= tesserae_draw.count {
        return;
    }
    let tesserae_vertex_id = tesserae_vertex_index(tesserae_gid.x);
    let tesserae_instance = tesserae_gid.y + tesserae_draw.first_instance;
    let tesserae_w0 = (tesserae_vertex_id) * 3u + 0u;
    let tesserae_a0 = vec4<f32>(bitcast<f32>(tesserae_vb0[tesserae_w0 + 0u]), bitcast<f32>(tesserae_vb0[tesserae_w0 + 1u]), 0.0, 1.0);
    let tesserae_w1 = (tesserae_vertex_id) * 3u + 2u;
    let tesserae_a1 = vec4<f32>(bitcast<f32>(tesserae_vb0[tesserae_w1 + 0u]), 0.0, 0.0, 1.0);
    let tesserae_out = tesserae_vertex(vec2<f32>(tesserae_a0.xy), f32(tesserae_a1.x));
    let tesserae_base = (tesserae_gid.y * tesserae_draw.count + tesserae_gid.x) * 2u;
    tesserae_records[tesserae_base] = tesserae_out.out0_member;
    tesserae_records[tesserae_base + 1u] = vec4<f32>(tesserae_out.out1_member, 0.0, 0.0, 0.0);
}
// pass `tessellation control`, tessellation control stage
struct gl_PerVertex {
    gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

var<private> tesserae_io_10_g: i32;
var<workgroup> tesserae_io_21_g: array<gl_PerVertex, 4>;
var<private> tesserae_io_28_g: array<gl_PerVertex, 32>;
var<workgroup> tesserae_io_37_g: array<f32, 4>;
var<private> tesserae_io_41_g: array<f32, 32>;
var<workgroup> tesserae_io_48_g: array<f32, 4>;
var<workgroup> tesserae_io_64_g: array<f32, 2>;

fn main() {
    var i: i32;

    let _e16 = tesserae_io_10_g;
    i = _e16;
    let _e17 = tesserae_io_10_g;
    let _e18 = i;
    let _e21 = tesserae_io_28_g[_e18].gl_Position;
    tesserae_io_21_g[_e17].gl_Position = _e21;
    let _e24 = i;
    let _e25 = i;
    let _e27 = tesserae_io_41_g[_e25];
    tesserae_io_37_g[_e24] = _e27;
    let _e29 = i;
    let _e30 = i;
    tesserae_io_48_g[_e29] = (1f + f32(_e30));
    let _e34 = i;
    if (_e34 < 2i) {
        let _e36 = i;
        tesserae_io_64_g[_e36] = 2f;
    }
    return;
}

fn tesserae_control() {
    main();
}

struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
}
@group(0) @binding(0) var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) var<storage, read> tesserae_indices: array<u32>;

// The index at position `i` of the draw, as stored (restart indices included).
fn tesserae_raw_index(i: u32) -> u32 {
    if tesserae_draw.index_u16 != 0u {
        return (tesserae_indices[i / 2u] >> ((i & 1u) * 16u)) & 0xffffu;
    }
    return tesserae_indices[i];
}

// The vertex index of position `position` of the draw (gl_VertexIndex).
fn tesserae_vertex_index(position: u32) -> u32 {
    let i = tesserae_draw.first + position;
    if tesserae_draw.indexed == 0u {
        return i;
    }
    return u32(i32(tesserae_raw_index(i)) + tesserae_draw.base_vertex);
}

@group(0) @binding(24) var<storage, read> tesserae_src: array<vec4<f32>>;
@group(0) @binding(25) var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(26) var<storage, read_write> tesserae_patch_records: array<vec4<f32>>;
@group(0) @binding(27) var<storage, read_write> tesserae_levels: array<vec4<f32>>;

@compute @workgroup_size(4)
fn tesserae_control_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    let p = tesserae_wg.y * tesserae_draw.primitives + tesserae_wg.x;
    tesserae_io_10_g = i32(tesserae_lid);
    for (var j = 0u; j < 4u; j++) {
        let b = (tesserae_wg.y * tesserae_draw.count + tesserae_wg.x * 4u + j) * 2u;
        tesserae_io_28_g[j].gl_Position = tesserae_src[b];
    tesserae_io_41_g[j] = tesserae_src[b + 1u].x;
    }
    tesserae_control();
    // Every invocation's outputs are in workgroup memory; store them once all have run.
    workgroupBarrier();
    let ob = (p * 4u + tesserae_lid) * 1u;
    tesserae_cps[ob] = tesserae_io_21_g[tesserae_lid].gl_Position;
    if tesserae_lid == 0u {
        let pb = p * 7u;
    tesserae_patch_records[pb + 3u] = vec4<f32>(tesserae_io_37_g[0], 0.0, 0.0, 0.0);
    tesserae_patch_records[pb + 4u] = vec4<f32>(tesserae_io_37_g[1], 0.0, 0.0, 0.0);
    tesserae_patch_records[pb + 5u] = vec4<f32>(tesserae_io_37_g[2], 0.0, 0.0, 0.0);
    tesserae_patch_records[pb + 6u] = vec4<f32>(tesserae_io_37_g[3], 0.0, 0.0, 0.0);
    tesserae_levels[2u * p] = vec4<f32>(tesserae_io_48_g[0], tesserae_io_48_g[1], tesserae_io_48_g[2], tesserae_io_48_g[3]);
    tesserae_levels[2u * p + 1u] = vec4<f32>(tesserae_io_64_g[0], tesserae_io_64_g[1], 0.0, 0.0);
    }
}
// pass `tessellator: count`, tessellation evaluation stage
// Tesserae GPU tessellator: Quads Equal Cw.
const DOMAIN_TRIANGLES: u32 = 0u;
const DOMAIN_QUADS: u32 = 1u;
const DOMAIN_ISOLINES: u32 = 2u;
const TESS_DOMAIN: u32 = 1u;
const TESS_SPACING: u32 = 0u;
const TESS_CW: bool = true;
const TESS_POINT_MODE: bool = false;
const TESS_WORKGROUP: u32 = 64u;
struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
}
@group(0) @binding(0) var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) var<storage, read> tesserae_indices: array<u32>;

// The index at position `i` of the draw, as stored (restart indices included).
fn tesserae_raw_index(i: u32) -> u32 {
    if tesserae_draw.index_u16 != 0u {
        return (tesserae_indices[i / 2u] >> ((i & 1u) * 16u)) & 0xffffu;
    }
    return tesserae_indices[i];
}

// The vertex index of position `position` of the draw (gl_VertexIndex).
fn tesserae_vertex_index(position: u32) -> u32 {
    let i = tesserae_draw.first + position;
    if tesserae_draw.indexed == 0u {
        return i;
    }
    return u32(i32(tesserae_raw_index(i)) + tesserae_draw.base_vertex);
}
@group(0) @binding(27) var<storage, read> tess_levels: array<vec4<f32>>;
@group(0) @binding(28) var<storage, read_write> tess_counts: array<u32>;

// Unsigned 16.16 fixed point and the float rules of the reference tessellator (a port of
// `tessellator/fixed.rs`). Everything that looks at a float the application gave us works
// on its bits, so NaNs, subnormals and infinities behave exactly as on the CPU whatever the
// GPU's float mode (denormal flushing, NaN handling) is.

const FX_FRAC_BITS: u32 = 16u;
const FX_ONE: u32 = 0x10000u;
const FX_HALF: u32 = 0x8000u;
const FX_ONE_THIRD: u32 = 21845u;
const FX_TWO_THIRDS: u32 = 43690u;
const FX_INT_MASK: u32 = 0x7fff0000u;
const FX_FRAC_MASK: u32 = 0xffffu;

// 1/segments rounded to nearest; 0 gives all ones, counts above 64 are clamped to 64.
fn fx_reciprocal(segments: i32) -> u32 {
    let n = u32(clamp(segments, 0, 64));
    if n == 0u {
        return 0xffffffffu;
    }
    return (FX_ONE + n / 2u) / n;
}

fn fx_ceil(x: u32) -> u32 {
    if (x & FX_FRAC_MASK) != 0u {
        return (x & FX_INT_MASK) + FX_ONE;
    }
    return x;
}

fn fx_floor(x: u32) -> u32 {
    return x & FX_INT_MASK;
}

// x / 65536 rounded to the nearest f32, ties to even: what the CPU's
// `(x >> 16) as f32 + (x & 0xffff) as f32 / 65536.0` gives (one rounding, in the addition),
// built from integer operations so that no GPU float conversion is involved.
fn fx_to_f32(x: u32) -> f32 {
    if x == 0u {
        return 0.0;
    }
    var e = firstLeadingBit(x);
    var m: u32;
    if e <= 23u {
        m = x << (23u - e);
    } else {
        let shift = e - 23u;
        m = x >> shift;
        let rest = x & ((1u << shift) - 1u);
        let half = 1u << (shift - 1u);
        if rest > half || (rest == half && (m & 1u) != 0u) {
            m = m + 1u;
        }
        if m == 0x1000000u {
            m = m >> 1u;
            e = e + 1u;
        }
    }
    return bitcast<f32>(((e + 127u - FX_FRAC_BITS) << 23u) | (m & 0x7fffffu));
}

// f32 bits to unsigned 15.16 fixed point with the reference's saturation: NaN and negatives
// give 0, 2^15 and up give all ones, below 2^-17 gives 0, else round half to even.
fn fx_from_f32(bits: u32) -> u32 {
    let exp_field = i32((bits >> 23u) & 0xffu);
    let exponent = exp_field - 127;
    let mantissa = bits & 0x7fffffu;
    if exp_field == 0xff && mantissa != 0u {
        return 0u;
    }
    if (bits & 0x80000000u) != 0u {
        return 0u;
    }
    if bits >= (142u << 23u) {
        return 0xffffffffu;
    }
    if exponent < -17 {
        return 0u;
    }
    let significand = mantissa | 0x800000u;
    let extra = 7 - exponent;
    if extra >= 0 {
        let lsb = 1u << u32(extra);
        let rest = significand & (lsb - 1u);
        let half = lsb >> 1u;
        var rounded = significand;
        if (significand & lsb) != 0u || rest > half {
            rounded = significand + half;
        }
        return rounded >> u32(extra);
    }
    return significand << u32(-extra);
}

// ---- floats as bits ----

fn fb_is_nan(b: u32) -> bool {
    return (b & 0x7fffffffu) > 0x7f800000u;
}

// Subnormal magnitudes flushed to a signed zero.
fn fb_flush(b: u32) -> u32 {
    if (b & 0x7fffffffu) < 0x800000u {
        return b & 0x80000000u;
    }
    return b;
}

// An integer with the order of the (non-NaN) float: -0 and +0 are both 0.
fn fb_key(b: u32) -> i32 {
    let magnitude = i32(b & 0x7fffffffu);
    if (b & 0x80000000u) != 0u {
        return -magnitude;
    }
    return magnitude;
}

fn fb_is_zero(b: u32) -> bool {
    return (b & 0x7fffffffu) == 0u;
}

// D3D max: subnormals compare as zero, a NaN b yields a, +0 preferred over -0.
fn fb_max(a: u32, b: u32) -> u32 {
    let fa = fb_flush(a);
    let fb = fb_flush(b);
    if fb_is_nan(fb) {
        return a;
    }
    if fb_is_zero(fa) && fb_is_zero(fb) {
        if (fb & 0x80000000u) != 0u {
            return a;
        }
        return b;
    }
    if !fb_is_nan(fa) && fb_key(fa) >= fb_key(fb) {
        return a;
    }
    return b;
}

// D3D min, the mirror (-0 preferred over +0).
fn fb_min(a: u32, b: u32) -> u32 {
    let fa = fb_flush(a);
    let fb = fb_flush(b);
    if fb_is_nan(fb) {
        return a;
    }
    if fb_is_zero(fa) && fb_is_zero(fb) {
        if (fa & 0x80000000u) != 0u {
            return a;
        }
        return b;
    }
    if !fb_is_nan(fa) && fb_key(fa) < fb_key(fb) {
        return a;
    }
    return b;
}

fn fb_clamp(x: u32, lo: u32, hi: u32) -> u32 {
    return fb_min(hi, fb_max(lo, x));
}

// Whether a level culls: !(flush(x) > 0), so NaN, zero, negatives and subnormals do.
fn fb_culls(b: u32) -> bool {
    return !(b >= 0x800000u && b <= 0x7f800000u);
}

// C's truncating cast, then the low bit (only called on finite values in [1, 64]).
fn fb_is_even(b: u32) -> bool {
    return (i32(bitcast<f32>(b)) & 1) == 0;
}

fn fx_remove_msb(x: i32) -> i32 {
    if x <= 0 {
        return 0;
    }
    return x & ~(1 << (31u - countLeadingZeros(u32(x))));
}

// Edge subdivision (a port of `partition.rs`) and level processing (`levels.rs`). The
// processed patch of the invocation lives in private variables.

const PARITY_EVEN: u32 = 0u;
const PARITY_ODD: u32 = 1u;

const SPACING_EQUAL: u32 = 0u;
const SPACING_FRACTIONAL_ODD: u32 = 1u;
const SPACING_FRACTIONAL_EVEN: u32 = 2u;

const PATCH_CULLED: u32 = 0u;
const PATCH_MINIMAL: u32 = 1u;
const PATCH_FULL: u32 = 2u;

// One subdivided edge: its ruler and its number of points.
struct TessEdge {
    parity: u32,
    frac: u32,
    half_points: i32,
    split_point: i32,
    inv_floor_segments: u32,
    inv_ceil_segments: u32,
    points: i32,
}

fn edge_point_count(level: u32, parity: u32) -> i32 {
    let half = (level + 1u) / 2u;
    if parity == PARITY_ODD {
        return i32((fx_ceil(FX_HALF + half) * 2u) >> FX_FRAC_BITS);
    }
    return i32((fx_ceil(half) * 2u) >> FX_FRAC_BITS) + 1;
}

fn edge_new(level: u32, parity: u32) -> TessEdge {
    var half = (level + 1u) / 2u;
    if parity == PARITY_ODD || half == FX_HALF {
        half = half + FX_HALF;
    }
    let lo = fx_floor(half);
    let hi = fx_ceil(half);
    let half_points = i32(hi >> FX_FRAC_BITS);
    var split_point: i32;
    if lo == hi {
        split_point = half_points + 1;
    } else {
        let base = i32(lo >> FX_FRAC_BITS);
        if parity == PARITY_ODD {
            if lo == FX_ONE {
                split_point = 0;
            } else {
                split_point = (fx_remove_msb(base - 1) << 1u) + 1;
            }
        } else {
            split_point = (fx_remove_msb(base) << 1u) + 1;
        }
    }
    var floor_segments = i32((lo * 2u) >> FX_FRAC_BITS);
    var ceil_segments = i32((hi * 2u) >> FX_FRAC_BITS);
    if parity == PARITY_ODD {
        floor_segments = floor_segments - 1;
        ceil_segments = ceil_segments - 1;
    }
    return TessEdge(
        parity,
        half - lo,
        half_points,
        split_point,
        fx_reciprocal(floor_segments),
        fx_reciprocal(ceil_segments),
        edge_point_count(level, parity),
    );
}

// An inner axis: at least 3 points (even) or 4 (odd).
fn edge_inner(level: u32, parity: u32) -> TessEdge {
    var edge = edge_new(level, parity);
    var least = 3;
    if parity == PARITY_ODD {
        least = 4;
    }
    edge.points = max(edge.points, least);
    return edge;
}

// Fixed-point parameter of point `index` along the edge.
fn edge_place(edge: TessEdge, index: i32) -> u32 {
    var point = index;
    let mirrored = point >= edge.half_points;
    if mirrored {
        point = 2 * edge.half_points - point;
        if edge.parity == PARITY_ODD {
            point = point - 1;
        }
    }
    if point == edge.half_points {
        return FX_HALF;
    }
    let fine_index = u32(point);
    var coarse_index = fine_index;
    if point > edge.split_point {
        coarse_index = fine_index - 1u;
    }
    let coarse = coarse_index * edge.inv_floor_segments;
    let fine = fine_index * edge.inv_ceil_segments;
    let blended = coarse * (FX_ONE - edge.frac) + fine * edge.frac;
    let location = (blended + FX_HALF) >> FX_FRAC_BITS;
    if mirrored {
        return FX_ONE - location;
    }
    return location;
}

// ---- levels ----

// Bounds of a level under the spacing, as f32 bits.
fn level_lo() -> u32 {
    if TESS_SPACING == SPACING_FRACTIONAL_EVEN {
        return 0x40000000u; // 2.0
    }
    return 0x3f800000u; // 1.0
}

fn level_hi() -> u32 {
    if TESS_SPACING == SPACING_FRACTIONAL_ODD {
        return 0x427c0000u; // 63.0
    }
    return 0x42800000u; // 64.0
}

// Clamp (and for equal spacing round up) a level; the result is a float in [1, 64].
fn clamp_level(level: u32, lo: u32, hi: u32) -> u32 {
    let clamped = fb_clamp(level, lo, hi);
    if TESS_SPACING == SPACING_EQUAL {
        return bitcast<u32>(ceil(bitcast<f32>(clamped)));
    }
    return clamped;
}

fn level_parity(level: u32, inner: bool) -> u32 {
    if TESS_SPACING == SPACING_FRACTIONAL_EVEN {
        return PARITY_EVEN;
    }
    if TESS_SPACING == SPACING_FRACTIONAL_ODD {
        return PARITY_ODD;
    }
    if fb_is_even(level) || (inner && level == 0x3f800000u) {
        return PARITY_EVEN;
    }
    return PARITY_ODD;
}

var<private> patch_kind: u32;
var<private> patch_outer: array<TessEdge, 4>;
var<private> patch_inner: array<TessEdge, 2>;

// Process the levels of a triangle (3 outer, 1 inner, no inner frame test) or quad patch
// (4, 2, inner levels in the frame test) into patch_kind, patch_outer and patch_inner.
fn process_levels(outer_raw: vec4<u32>, inner_raw: vec2<u32>, n_outer: u32, n_inner: u32, inner_frames: bool) {
    for (var e = 0u; e < n_outer; e++) {
        if fb_culls(outer_raw[e]) {
            patch_kind = PATCH_CULLED;
            return;
        }
    }
    let lo = level_lo();
    let hi = level_hi();
    var outer: vec4<u32>;
    for (var e = 0u; e < n_outer; e++) {
        outer[e] = clamp_level(outer_raw[e], lo, hi);
    }
    var inner_lo = lo;
    if TESS_SPACING == SPACING_FRACTIONAL_ODD {
        // Anything above 1 + 2^-17 (it rounds above 1.0 in fixed point)?
        let above_one = 0x3f800040u;
        var frame = false;
        for (var e = 0u; e < n_outer; e++) {
            frame = frame || fb_greater_positive(outer[e], above_one);
        }
        if inner_frames {
            for (var i = 0u; i < n_inner; i++) {
                frame = frame || fb_greater_positive(inner_raw[i], above_one);
            }
        }
        if frame {
            inner_lo = 0x3f800080u; // 1 + 2^-16
        }
    }
    var inner: vec2<u32>;
    for (var i = 0u; i < n_inner; i++) {
        inner[i] = clamp_level(inner_raw[i], inner_lo, hi);
    }
    var all_one = true;
    for (var e = 0u; e < n_outer; e++) {
        all_one = all_one && fx_from_f32(outer[e]) == FX_ONE;
    }
    for (var i = 0u; i < n_inner; i++) {
        all_one = all_one && fx_from_f32(inner[i]) == FX_ONE;
    }
    if TESS_SPACING != SPACING_FRACTIONAL_EVEN && all_one {
        patch_kind = PATCH_MINIMAL;
        return;
    }
    for (var e = 0u; e < n_outer; e++) {
        patch_outer[e] = edge_new(fx_from_f32(outer[e]), level_parity(outer[e], false));
    }
    for (var i = 0u; i < n_inner; i++) {
        patch_inner[i] = edge_inner(fx_from_f32(inner[i]), level_parity(inner[i], true));
    }
    patch_kind = PATCH_FULL;
}

// `x > b` for any float x and a positive, finite, normal b (NaN is not greater).
fn fb_greater_positive(x: u32, b: u32) -> bool {
    return x <= 0x7f800000u && x > b;
}

// Isolines: the detail edge in patch_outer[0], the density edge in patch_outer[1], and the
// number of lines drawn; patch_kind is PATCH_CULLED or PATCH_FULL.
var<private> iso_lines: i32;

fn process_isolines(density_raw: u32, detail_raw: u32) {
    if fb_culls(density_raw) || fb_culls(detail_raw) {
        patch_kind = PATCH_CULLED;
        return;
    }
    let detail = clamp_level(detail_raw, level_lo(), level_hi());
    patch_outer[0] = edge_new(fx_from_f32(detail), level_parity(detail, false));
    let density = bitcast<u32>(ceil(bitcast<f32>(fb_clamp(density_raw, 0x3f800000u, 0x42800000u))));
    var density_parity = PARITY_ODD;
    if fb_is_even(density) {
        density_parity = PARITY_EVEN;
    }
    patch_outer[1] = edge_new(fx_from_f32(density), density_parity);
    iso_lines = patch_outer[1].points - 1;
    patch_kind = PATCH_FULL;
}

// Quad domain: process the levels and count points and triangles (`quad.rs`).

fn tess_process(outer: vec4<u32>, inner: vec2<u32>) {
    process_levels(outer, inner, 4u, 2u, true);
}

fn tess_point_count() -> u32 {
    if patch_kind == PATCH_CULLED {
        return 0u;
    }
    if patch_kind == PATCH_MINIMAL {
        return 4u;
    }
    let ring = patch_outer[0].points - 1 + patch_outer[1].points - 1 + patch_outer[2].points - 1 + patch_outer[3].points - 1;
    return u32(ring + (patch_inner[0].points - 2) * (patch_inner[1].points - 2));
}

// The strip of quads left in the middle when the rings stop at an odd axis: x = its number
// of quads (0: none), y = 1 when it runs along u.
fn quad_centre_strip() -> vec2<i32> {
    let nu = patch_inner[0].points;
    let nv = patch_inner[1].points;
    if nu > nv && patch_inner[1].parity == PARITY_ODD {
        var extra = 1;
        if patch_inner[0].parity == PARITY_EVEN {
            extra = 2;
        }
        return vec2<i32>(((nu / 2 - nv / 2) << 1u) + extra, 1);
    }
    if nv >= nu && patch_inner[0].parity == PARITY_ODD {
        var extra = 1;
        if patch_inner[1].parity == PARITY_EVEN {
            extra = 2;
        }
        return vec2<i32>(((nv / 2 - nu / 2) << 1u) + extra, 0);
    }
    return vec2<i32>(0, 0);
}

fn tess_triangle_count() -> u32 {
    if patch_kind == PATCH_CULLED {
        return 0u;
    }
    if patch_kind == PATCH_MINIMAL {
        return 2u;
    }
    let n = vec2<i32>(patch_inner[0].points, patch_inner[1].points);
    let rings = min((n.x + 1) / 2, (n.y + 1) / 2);
    var outer_points = vec4<i32>(patch_outer[0].points, patch_outer[1].points, patch_outer[2].points, patch_outer[3].points);
    var count = 0;
    for (var ring = 1; ring < rings; ring++) {
        for (var side = 0; side < 4; side++) {
            let inner_points = n[(side + 1) & 1] - 2 * ring;
            count += inner_points + outer_points[side] - 2;
            outer_points[side] = inner_points;
        }
    }
    return u32(count + 2 * quad_centre_strip().x);
}

fn tess_entry_count() -> u32 {
    if TESS_POINT_MODE {
        return tess_point_count();
    }
    return 3u * tess_triangle_count();
}

// The patch an invocation of `count` or `emit` works on.

// The number of patches of the draw: primitives per instance × instances.
fn tess_patches() -> u32 {
    return tesserae_draw.primitives * tesserae_draw.instances;
}

// One invocation per patch; a dispatch too large for one dimension continues in y.
fn tess_patch_index(gid: vec3<u32>, workgroups: vec3<u32>) -> u32 {
    return gid.x + gid.y * workgroups.x * TESS_WORKGROUP;
}

// Reads and processes patch p's levels; false when they are not in the buffer.
fn tess_load(p: u32) -> bool {
    if 2u * p + 1u >= arrayLength(&tess_levels) {
        return false;
    }
    let outer = bitcast<vec4<u32>>(tess_levels[2u * p]);
    let inner = bitcast<vec4<u32>>(tess_levels[2u * p + 1u]);
    tess_process(outer, inner.xy);
    return true;
}

// `count`: one invocation per patch writes its number of domain points and index entries.

@compute @workgroup_size(TESS_WORKGROUP)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) workgroups: vec3<u32>) {
    let p = tess_patch_index(gid, workgroups);
    if p >= tess_patches() || 2u * p + 1u >= arrayLength(&tess_counts) {
        return;
    }
    var points = 0u;
    var entries = 0u;
    if tess_load(p) {
        points = tess_point_count();
        entries = tess_entry_count();
    }
    tess_counts[2u * p] = points;
    tess_counts[2u * p + 1u] = entries;
}
// pass `tessellator: scan 0`, tessellation evaluation stage
// Tesserae GPU tessellator: Quads Equal Cw.
const DOMAIN_TRIANGLES: u32 = 0u;
const DOMAIN_QUADS: u32 = 1u;
const DOMAIN_ISOLINES: u32 = 2u;
const TESS_DOMAIN: u32 = 1u;
const TESS_SPACING: u32 = 0u;
const TESS_CW: bool = true;
const TESS_POINT_MODE: bool = false;
const TESS_WORKGROUP: u32 = 64u;
struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
}
@group(0) @binding(0) var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) var<storage, read> tesserae_indices: array<u32>;

// The index at position `i` of the draw, as stored (restart indices included).
fn tesserae_raw_index(i: u32) -> u32 {
    if tesserae_draw.index_u16 != 0u {
        return (tesserae_indices[i / 2u] >> ((i & 1u) * 16u)) & 0xffffu;
    }
    return tesserae_indices[i];
}

// The vertex index of position `position` of the draw (gl_VertexIndex).
fn tesserae_vertex_index(position: u32) -> u32 {
    let i = tesserae_draw.first + position;
    if tesserae_draw.indexed == 0u {
        return i;
    }
    return u32(i32(tesserae_raw_index(i)) + tesserae_draw.base_vertex);
}
@group(0) @binding(28) var<storage, read_write> tess_counts: array<u32>;
@group(0) @binding(29) var<storage, read_write> tess_offsets: array<u32>;
@group(0) @binding(32) var<storage, read_write> tess_indirect: array<u32>;

// Exclusive prefix sums of the (points, entries) pairs in tess_counts, into tess_offsets, in
// three kernels: per block of SCAN_BLOCK patches (local sums, block totals into the scratch
// after the 2P offsets), the block totals (one workgroup), then the block prefixes added.

const SCAN_THREADS: u32 = 256u;
const SCAN_ITEMS: u32 = 4u;
const SCAN_BLOCK: u32 = 1024u;

var<workgroup> scan_shared: array<vec2<u32>, 256>;

fn scan_patches() -> u32 {
    return tesserae_draw.primitives * tesserae_draw.instances;
}

fn scan_block_count(patches: u32) -> u32 {
    return patches / SCAN_BLOCK + select(0u, 1u, patches % SCAN_BLOCK != 0u);
}

// Where block b's total (then its prefix) is kept.
fn scan_scratch(patches: u32, block: u32) -> u32 {
    return 2u * patches + 2u * block;
}

// Inclusive sum over the workgroup's invocations of `value`. Every invocation calls it.
fn scan_workgroup(t: u32, value: vec2<u32>) -> vec2<u32> {
    var acc = value;
    scan_shared[t] = acc;
    workgroupBarrier();
    for (var d = 1u; d < SCAN_THREADS; d = d << 1u) {
        var add = vec2<u32>(0u);
        if t >= d {
            add = scan_shared[t - d];
        }
        workgroupBarrier();
        acc = acc + add;
        scan_shared[t] = acc;
        workgroupBarrier();
    }
    return acc;
}

// Scan kernel 1, ceil(P / SCAN_BLOCK) workgroups: each block's local exclusive sums into
// tess_offsets, its total into the scratch.

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) t: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) workgroups: vec3<u32>) {
    let patches = scan_patches();
    let block = wid.x + wid.y * workgroups.x;
    let first = block * SCAN_BLOCK + t * SCAN_ITEMS;
    var items: array<vec2<u32>, 4>;
    var sum = vec2<u32>(0u);
    for (var k = 0u; k < SCAN_ITEMS; k++) {
        let p = first + k;
        var c = vec2<u32>(0u);
        if p < patches && 2u * p + 1u < arrayLength(&tess_counts) {
            c = vec2<u32>(tess_counts[2u * p], tess_counts[2u * p + 1u]);
        }
        items[k] = c;
        sum = sum + c;
    }
    let inclusive = scan_workgroup(t, sum);
    var running = inclusive - sum;
    for (var k = 0u; k < SCAN_ITEMS; k++) {
        let p = first + k;
        if p < patches && 2u * p + 1u < arrayLength(&tess_offsets) {
            tess_offsets[2u * p] = running.x;
            tess_offsets[2u * p + 1u] = running.y;
        }
        running = running + items[k];
    }
    let s = scan_scratch(patches, block);
    if t == SCAN_THREADS - 1u && block < scan_block_count(patches) && s + 1u < arrayLength(&tess_offsets) {
        tess_offsets[s] = inclusive.x;
        tess_offsets[s + 1u] = inclusive.y;
    }
}
// pass `tessellator: scan 1`, tessellation evaluation stage
// Tesserae GPU tessellator: Quads Equal Cw.
const DOMAIN_TRIANGLES: u32 = 0u;
const DOMAIN_QUADS: u32 = 1u;
const DOMAIN_ISOLINES: u32 = 2u;
const TESS_DOMAIN: u32 = 1u;
const TESS_SPACING: u32 = 0u;
const TESS_CW: bool = true;
const TESS_POINT_MODE: bool = false;
const TESS_WORKGROUP: u32 = 64u;
struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
}
@group(0) @binding(0) var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) var<storage, read> tesserae_indices: array<u32>;

// The index at position `i` of the draw, as stored (restart indices included).
fn tesserae_raw_index(i: u32) -> u32 {
    if tesserae_draw.index_u16 != 0u {
        return (tesserae_indices[i / 2u] >> ((i & 1u) * 16u)) & 0xffffu;
    }
    return tesserae_indices[i];
}

// The vertex index of position `position` of the draw (gl_VertexIndex).
fn tesserae_vertex_index(position: u32) -> u32 {
    let i = tesserae_draw.first + position;
    if tesserae_draw.indexed == 0u {
        return i;
    }
    return u32(i32(tesserae_raw_index(i)) + tesserae_draw.base_vertex);
}
@group(0) @binding(28) var<storage, read_write> tess_counts: array<u32>;
@group(0) @binding(29) var<storage, read_write> tess_offsets: array<u32>;
@group(0) @binding(32) var<storage, read_write> tess_indirect: array<u32>;

// Exclusive prefix sums of the (points, entries) pairs in tess_counts, into tess_offsets, in
// three kernels: per block of SCAN_BLOCK patches (local sums, block totals into the scratch
// after the 2P offsets), the block totals (one workgroup), then the block prefixes added.

const SCAN_THREADS: u32 = 256u;
const SCAN_ITEMS: u32 = 4u;
const SCAN_BLOCK: u32 = 1024u;

var<workgroup> scan_shared: array<vec2<u32>, 256>;

fn scan_patches() -> u32 {
    return tesserae_draw.primitives * tesserae_draw.instances;
}

fn scan_block_count(patches: u32) -> u32 {
    return patches / SCAN_BLOCK + select(0u, 1u, patches % SCAN_BLOCK != 0u);
}

// Where block b's total (then its prefix) is kept.
fn scan_scratch(patches: u32, block: u32) -> u32 {
    return 2u * patches + 2u * block;
}

// Inclusive sum over the workgroup's invocations of `value`. Every invocation calls it.
fn scan_workgroup(t: u32, value: vec2<u32>) -> vec2<u32> {
    var acc = value;
    scan_shared[t] = acc;
    workgroupBarrier();
    for (var d = 1u; d < SCAN_THREADS; d = d << 1u) {
        var add = vec2<u32>(0u);
        if t >= d {
            add = scan_shared[t - d];
        }
        workgroupBarrier();
        acc = acc + add;
        scan_shared[t] = acc;
        workgroupBarrier();
    }
    return acc;
}

// Scan kernel 2, exactly one workgroup: the block totals become exclusive block prefixes (in
// place), and the grand totals go to tess_indirect.

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) t: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    if wid.x != 0u || wid.y != 0u || wid.z != 0u {
        return;
    }
    let patches = scan_patches();
    let blocks = scan_block_count(patches);
    let per = blocks / SCAN_THREADS + select(0u, 1u, blocks % SCAN_THREADS != 0u);
    let first = t * per;
    let len = arrayLength(&tess_offsets);
    var sum = vec2<u32>(0u);
    for (var k = 0u; k < per; k++) {
        let b = first + k;
        let s = scan_scratch(patches, b);
        if b < blocks && s + 1u < len {
            sum = sum + vec2<u32>(tess_offsets[s], tess_offsets[s + 1u]);
        }
    }
    let inclusive = scan_workgroup(t, sum);
    var running = inclusive - sum;
    for (var k = 0u; k < per; k++) {
        let b = first + k;
        let s = scan_scratch(patches, b);
        if b < blocks && s + 1u < len {
            let c = vec2<u32>(tess_offsets[s], tess_offsets[s + 1u]);
            tess_offsets[s] = running.x;
            tess_offsets[s + 1u] = running.y;
            running = running + c;
        }
    }
    if t == SCAN_THREADS - 1u && arrayLength(&tess_indirect) >= 6u {
        tess_indirect[0] = inclusive.y;
        tess_indirect[1] = 1u;
        tess_indirect[2] = 0u;
        tess_indirect[3] = 0u;
        tess_indirect[4] = 0u;
        tess_indirect[5] = inclusive.x;
    }
}
// pass `tessellator: scan 2`, tessellation evaluation stage
// Tesserae GPU tessellator: Quads Equal Cw.
const DOMAIN_TRIANGLES: u32 = 0u;
const DOMAIN_QUADS: u32 = 1u;
const DOMAIN_ISOLINES: u32 = 2u;
const TESS_DOMAIN: u32 = 1u;
const TESS_SPACING: u32 = 0u;
const TESS_CW: bool = true;
const TESS_POINT_MODE: bool = false;
const TESS_WORKGROUP: u32 = 64u;
struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
}
@group(0) @binding(0) var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) var<storage, read> tesserae_indices: array<u32>;

// The index at position `i` of the draw, as stored (restart indices included).
fn tesserae_raw_index(i: u32) -> u32 {
    if tesserae_draw.index_u16 != 0u {
        return (tesserae_indices[i / 2u] >> ((i & 1u) * 16u)) & 0xffffu;
    }
    return tesserae_indices[i];
}

// The vertex index of position `position` of the draw (gl_VertexIndex).
fn tesserae_vertex_index(position: u32) -> u32 {
    let i = tesserae_draw.first + position;
    if tesserae_draw.indexed == 0u {
        return i;
    }
    return u32(i32(tesserae_raw_index(i)) + tesserae_draw.base_vertex);
}
@group(0) @binding(28) var<storage, read_write> tess_counts: array<u32>;
@group(0) @binding(29) var<storage, read_write> tess_offsets: array<u32>;
@group(0) @binding(32) var<storage, read_write> tess_indirect: array<u32>;

// Exclusive prefix sums of the (points, entries) pairs in tess_counts, into tess_offsets, in
// three kernels: per block of SCAN_BLOCK patches (local sums, block totals into the scratch
// after the 2P offsets), the block totals (one workgroup), then the block prefixes added.

const SCAN_THREADS: u32 = 256u;
const SCAN_ITEMS: u32 = 4u;
const SCAN_BLOCK: u32 = 1024u;

var<workgroup> scan_shared: array<vec2<u32>, 256>;

fn scan_patches() -> u32 {
    return tesserae_draw.primitives * tesserae_draw.instances;
}

fn scan_block_count(patches: u32) -> u32 {
    return patches / SCAN_BLOCK + select(0u, 1u, patches % SCAN_BLOCK != 0u);
}

// Where block b's total (then its prefix) is kept.
fn scan_scratch(patches: u32, block: u32) -> u32 {
    return 2u * patches + 2u * block;
}

// Inclusive sum over the workgroup's invocations of `value`. Every invocation calls it.
fn scan_workgroup(t: u32, value: vec2<u32>) -> vec2<u32> {
    var acc = value;
    scan_shared[t] = acc;
    workgroupBarrier();
    for (var d = 1u; d < SCAN_THREADS; d = d << 1u) {
        var add = vec2<u32>(0u);
        if t >= d {
            add = scan_shared[t - d];
        }
        workgroupBarrier();
        acc = acc + add;
        scan_shared[t] = acc;
        workgroupBarrier();
    }
    return acc;
}

// Scan kernel 3, ceil(P / SCAN_BLOCK) workgroups: each block's prefix added to its offsets.

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) t: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) workgroups: vec3<u32>) {
    let patches = scan_patches();
    let block = wid.x + wid.y * workgroups.x;
    let s = scan_scratch(patches, block);
    if block == 0u || block >= scan_block_count(patches) || s + 1u >= arrayLength(&tess_offsets) {
        return;
    }
    let prefix = vec2<u32>(tess_offsets[s], tess_offsets[s + 1u]);
    let first = block * SCAN_BLOCK + t * SCAN_ITEMS;
    for (var k = 0u; k < SCAN_ITEMS; k++) {
        let p = first + k;
        if p < patches && 2u * p + 1u < arrayLength(&tess_offsets) {
            tess_offsets[2u * p] += prefix.x;
            tess_offsets[2u * p + 1u] += prefix.y;
        }
    }
}
// pass `tessellator: emit`, tessellation evaluation stage
// Tesserae GPU tessellator: Quads Equal Cw.
const DOMAIN_TRIANGLES: u32 = 0u;
const DOMAIN_QUADS: u32 = 1u;
const DOMAIN_ISOLINES: u32 = 2u;
const TESS_DOMAIN: u32 = 1u;
const TESS_SPACING: u32 = 0u;
const TESS_CW: bool = true;
const TESS_POINT_MODE: bool = false;
const TESS_WORKGROUP: u32 = 64u;
struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
}
@group(0) @binding(0) var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) var<storage, read> tesserae_indices: array<u32>;

// The index at position `i` of the draw, as stored (restart indices included).
fn tesserae_raw_index(i: u32) -> u32 {
    if tesserae_draw.index_u16 != 0u {
        return (tesserae_indices[i / 2u] >> ((i & 1u) * 16u)) & 0xffffu;
    }
    return tesserae_indices[i];
}

// The vertex index of position `position` of the draw (gl_VertexIndex).
fn tesserae_vertex_index(position: u32) -> u32 {
    let i = tesserae_draw.first + position;
    if tesserae_draw.indexed == 0u {
        return i;
    }
    return u32(i32(tesserae_raw_index(i)) + tesserae_draw.base_vertex);
}
@group(0) @binding(27) var<storage, read> tess_levels: array<vec4<f32>>;
@group(0) @binding(29) var<storage, read_write> tess_offsets: array<u32>;
@group(0) @binding(30) var<storage, read_write> tess_domain: array<vec4<f32>>;
@group(0) @binding(31) var<storage, read_write> tess_out_indices: array<u32>;

// Unsigned 16.16 fixed point and the float rules of the reference tessellator (a port of
// `tessellator/fixed.rs`). Everything that looks at a float the application gave us works
// on its bits, so NaNs, subnormals and infinities behave exactly as on the CPU whatever the
// GPU's float mode (denormal flushing, NaN handling) is.

const FX_FRAC_BITS: u32 = 16u;
const FX_ONE: u32 = 0x10000u;
const FX_HALF: u32 = 0x8000u;
const FX_ONE_THIRD: u32 = 21845u;
const FX_TWO_THIRDS: u32 = 43690u;
const FX_INT_MASK: u32 = 0x7fff0000u;
const FX_FRAC_MASK: u32 = 0xffffu;

// 1/segments rounded to nearest; 0 gives all ones, counts above 64 are clamped to 64.
fn fx_reciprocal(segments: i32) -> u32 {
    let n = u32(clamp(segments, 0, 64));
    if n == 0u {
        return 0xffffffffu;
    }
    return (FX_ONE + n / 2u) / n;
}

fn fx_ceil(x: u32) -> u32 {
    if (x & FX_FRAC_MASK) != 0u {
        return (x & FX_INT_MASK) + FX_ONE;
    }
    return x;
}

fn fx_floor(x: u32) -> u32 {
    return x & FX_INT_MASK;
}

// x / 65536 rounded to the nearest f32, ties to even: what the CPU's
// `(x >> 16) as f32 + (x & 0xffff) as f32 / 65536.0` gives (one rounding, in the addition),
// built from integer operations so that no GPU float conversion is involved.
fn fx_to_f32(x: u32) -> f32 {
    if x == 0u {
        return 0.0;
    }
    var e = firstLeadingBit(x);
    var m: u32;
    if e <= 23u {
        m = x << (23u - e);
    } else {
        let shift = e - 23u;
        m = x >> shift;
        let rest = x & ((1u << shift) - 1u);
        let half = 1u << (shift - 1u);
        if rest > half || (rest == half && (m & 1u) != 0u) {
            m = m + 1u;
        }
        if m == 0x1000000u {
            m = m >> 1u;
            e = e + 1u;
        }
    }
    return bitcast<f32>(((e + 127u - FX_FRAC_BITS) << 23u) | (m & 0x7fffffu));
}

// f32 bits to unsigned 15.16 fixed point with the reference's saturation: NaN and negatives
// give 0, 2^15 and up give all ones, below 2^-17 gives 0, else round half to even.
fn fx_from_f32(bits: u32) -> u32 {
    let exp_field = i32((bits >> 23u) & 0xffu);
    let exponent = exp_field - 127;
    let mantissa = bits & 0x7fffffu;
    if exp_field == 0xff && mantissa != 0u {
        return 0u;
    }
    if (bits & 0x80000000u) != 0u {
        return 0u;
    }
    if bits >= (142u << 23u) {
        return 0xffffffffu;
    }
    if exponent < -17 {
        return 0u;
    }
    let significand = mantissa | 0x800000u;
    let extra = 7 - exponent;
    if extra >= 0 {
        let lsb = 1u << u32(extra);
        let rest = significand & (lsb - 1u);
        let half = lsb >> 1u;
        var rounded = significand;
        if (significand & lsb) != 0u || rest > half {
            rounded = significand + half;
        }
        return rounded >> u32(extra);
    }
    return significand << u32(-extra);
}

// ---- floats as bits ----

fn fb_is_nan(b: u32) -> bool {
    return (b & 0x7fffffffu) > 0x7f800000u;
}

// Subnormal magnitudes flushed to a signed zero.
fn fb_flush(b: u32) -> u32 {
    if (b & 0x7fffffffu) < 0x800000u {
        return b & 0x80000000u;
    }
    return b;
}

// An integer with the order of the (non-NaN) float: -0 and +0 are both 0.
fn fb_key(b: u32) -> i32 {
    let magnitude = i32(b & 0x7fffffffu);
    if (b & 0x80000000u) != 0u {
        return -magnitude;
    }
    return magnitude;
}

fn fb_is_zero(b: u32) -> bool {
    return (b & 0x7fffffffu) == 0u;
}

// D3D max: subnormals compare as zero, a NaN b yields a, +0 preferred over -0.
fn fb_max(a: u32, b: u32) -> u32 {
    let fa = fb_flush(a);
    let fb = fb_flush(b);
    if fb_is_nan(fb) {
        return a;
    }
    if fb_is_zero(fa) && fb_is_zero(fb) {
        if (fb & 0x80000000u) != 0u {
            return a;
        }
        return b;
    }
    if !fb_is_nan(fa) && fb_key(fa) >= fb_key(fb) {
        return a;
    }
    return b;
}

// D3D min, the mirror (-0 preferred over +0).
fn fb_min(a: u32, b: u32) -> u32 {
    let fa = fb_flush(a);
    let fb = fb_flush(b);
    if fb_is_nan(fb) {
        return a;
    }
    if fb_is_zero(fa) && fb_is_zero(fb) {
        if (fa & 0x80000000u) != 0u {
            return a;
        }
        return b;
    }
    if !fb_is_nan(fa) && fb_key(fa) < fb_key(fb) {
        return a;
    }
    return b;
}

fn fb_clamp(x: u32, lo: u32, hi: u32) -> u32 {
    return fb_min(hi, fb_max(lo, x));
}

// Whether a level culls: !(flush(x) > 0), so NaN, zero, negatives and subnormals do.
fn fb_culls(b: u32) -> bool {
    return !(b >= 0x800000u && b <= 0x7f800000u);
}

// C's truncating cast, then the low bit (only called on finite values in [1, 64]).
fn fb_is_even(b: u32) -> bool {
    return (i32(bitcast<f32>(b)) & 1) == 0;
}

fn fx_remove_msb(x: i32) -> i32 {
    if x <= 0 {
        return 0;
    }
    return x & ~(1 << (31u - countLeadingZeros(u32(x))));
}

// Edge subdivision (a port of `partition.rs`) and level processing (`levels.rs`). The
// processed patch of the invocation lives in private variables.

const PARITY_EVEN: u32 = 0u;
const PARITY_ODD: u32 = 1u;

const SPACING_EQUAL: u32 = 0u;
const SPACING_FRACTIONAL_ODD: u32 = 1u;
const SPACING_FRACTIONAL_EVEN: u32 = 2u;

const PATCH_CULLED: u32 = 0u;
const PATCH_MINIMAL: u32 = 1u;
const PATCH_FULL: u32 = 2u;

// One subdivided edge: its ruler and its number of points.
struct TessEdge {
    parity: u32,
    frac: u32,
    half_points: i32,
    split_point: i32,
    inv_floor_segments: u32,
    inv_ceil_segments: u32,
    points: i32,
}

fn edge_point_count(level: u32, parity: u32) -> i32 {
    let half = (level + 1u) / 2u;
    if parity == PARITY_ODD {
        return i32((fx_ceil(FX_HALF + half) * 2u) >> FX_FRAC_BITS);
    }
    return i32((fx_ceil(half) * 2u) >> FX_FRAC_BITS) + 1;
}

fn edge_new(level: u32, parity: u32) -> TessEdge {
    var half = (level + 1u) / 2u;
    if parity == PARITY_ODD || half == FX_HALF {
        half = half + FX_HALF;
    }
    let lo = fx_floor(half);
    let hi = fx_ceil(half);
    let half_points = i32(hi >> FX_FRAC_BITS);
    var split_point: i32;
    if lo == hi {
        split_point = half_points + 1;
    } else {
        let base = i32(lo >> FX_FRAC_BITS);
        if parity == PARITY_ODD {
            if lo == FX_ONE {
                split_point = 0;
            } else {
                split_point = (fx_remove_msb(base - 1) << 1u) + 1;
            }
        } else {
            split_point = (fx_remove_msb(base) << 1u) + 1;
        }
    }
    var floor_segments = i32((lo * 2u) >> FX_FRAC_BITS);
    var ceil_segments = i32((hi * 2u) >> FX_FRAC_BITS);
    if parity == PARITY_ODD {
        floor_segments = floor_segments - 1;
        ceil_segments = ceil_segments - 1;
    }
    return TessEdge(
        parity,
        half - lo,
        half_points,
        split_point,
        fx_reciprocal(floor_segments),
        fx_reciprocal(ceil_segments),
        edge_point_count(level, parity),
    );
}

// An inner axis: at least 3 points (even) or 4 (odd).
fn edge_inner(level: u32, parity: u32) -> TessEdge {
    var edge = edge_new(level, parity);
    var least = 3;
    if parity == PARITY_ODD {
        least = 4;
    }
    edge.points = max(edge.points, least);
    return edge;
}

// Fixed-point parameter of point `index` along the edge.
fn edge_place(edge: TessEdge, index: i32) -> u32 {
    var point = index;
    let mirrored = point >= edge.half_points;
    if mirrored {
        point = 2 * edge.half_points - point;
        if edge.parity == PARITY_ODD {
            point = point - 1;
        }
    }
    if point == edge.half_points {
        return FX_HALF;
    }
    let fine_index = u32(point);
    var coarse_index = fine_index;
    if point > edge.split_point {
        coarse_index = fine_index - 1u;
    }
    let coarse = coarse_index * edge.inv_floor_segments;
    let fine = fine_index * edge.inv_ceil_segments;
    let blended = coarse * (FX_ONE - edge.frac) + fine * edge.frac;
    let location = (blended + FX_HALF) >> FX_FRAC_BITS;
    if mirrored {
        return FX_ONE - location;
    }
    return location;
}

// ---- levels ----

// Bounds of a level under the spacing, as f32 bits.
fn level_lo() -> u32 {
    if TESS_SPACING == SPACING_FRACTIONAL_EVEN {
        return 0x40000000u; // 2.0
    }
    return 0x3f800000u; // 1.0
}

fn level_hi() -> u32 {
    if TESS_SPACING == SPACING_FRACTIONAL_ODD {
        return 0x427c0000u; // 63.0
    }
    return 0x42800000u; // 64.0
}

// Clamp (and for equal spacing round up) a level; the result is a float in [1, 64].
fn clamp_level(level: u32, lo: u32, hi: u32) -> u32 {
    let clamped = fb_clamp(level, lo, hi);
    if TESS_SPACING == SPACING_EQUAL {
        return bitcast<u32>(ceil(bitcast<f32>(clamped)));
    }
    return clamped;
}

fn level_parity(level: u32, inner: bool) -> u32 {
    if TESS_SPACING == SPACING_FRACTIONAL_EVEN {
        return PARITY_EVEN;
    }
    if TESS_SPACING == SPACING_FRACTIONAL_ODD {
        return PARITY_ODD;
    }
    if fb_is_even(level) || (inner && level == 0x3f800000u) {
        return PARITY_EVEN;
    }
    return PARITY_ODD;
}

var<private> patch_kind: u32;
var<private> patch_outer: array<TessEdge, 4>;
var<private> patch_inner: array<TessEdge, 2>;

// Process the levels of a triangle (3 outer, 1 inner, no inner frame test) or quad patch
// (4, 2, inner levels in the frame test) into patch_kind, patch_outer and patch_inner.
fn process_levels(outer_raw: vec4<u32>, inner_raw: vec2<u32>, n_outer: u32, n_inner: u32, inner_frames: bool) {
    for (var e = 0u; e < n_outer; e++) {
        if fb_culls(outer_raw[e]) {
            patch_kind = PATCH_CULLED;
            return;
        }
    }
    let lo = level_lo();
    let hi = level_hi();
    var outer: vec4<u32>;
    for (var e = 0u; e < n_outer; e++) {
        outer[e] = clamp_level(outer_raw[e], lo, hi);
    }
    var inner_lo = lo;
    if TESS_SPACING == SPACING_FRACTIONAL_ODD {
        // Anything above 1 + 2^-17 (it rounds above 1.0 in fixed point)?
        let above_one = 0x3f800040u;
        var frame = false;
        for (var e = 0u; e < n_outer; e++) {
            frame = frame || fb_greater_positive(outer[e], above_one);
        }
        if inner_frames {
            for (var i = 0u; i < n_inner; i++) {
                frame = frame || fb_greater_positive(inner_raw[i], above_one);
            }
        }
        if frame {
            inner_lo = 0x3f800080u; // 1 + 2^-16
        }
    }
    var inner: vec2<u32>;
    for (var i = 0u; i < n_inner; i++) {
        inner[i] = clamp_level(inner_raw[i], inner_lo, hi);
    }
    var all_one = true;
    for (var e = 0u; e < n_outer; e++) {
        all_one = all_one && fx_from_f32(outer[e]) == FX_ONE;
    }
    for (var i = 0u; i < n_inner; i++) {
        all_one = all_one && fx_from_f32(inner[i]) == FX_ONE;
    }
    if TESS_SPACING != SPACING_FRACTIONAL_EVEN && all_one {
        patch_kind = PATCH_MINIMAL;
        return;
    }
    for (var e = 0u; e < n_outer; e++) {
        patch_outer[e] = edge_new(fx_from_f32(outer[e]), level_parity(outer[e], false));
    }
    for (var i = 0u; i < n_inner; i++) {
        patch_inner[i] = edge_inner(fx_from_f32(inner[i]), level_parity(inner[i], true));
    }
    patch_kind = PATCH_FULL;
}

// `x > b` for any float x and a positive, finite, normal b (NaN is not greater).
fn fb_greater_positive(x: u32, b: u32) -> bool {
    return x <= 0x7f800000u && x > b;
}

// Isolines: the detail edge in patch_outer[0], the density edge in patch_outer[1], and the
// number of lines drawn; patch_kind is PATCH_CULLED or PATCH_FULL.
var<private> iso_lines: i32;

fn process_isolines(density_raw: u32, detail_raw: u32) {
    if fb_culls(density_raw) || fb_culls(detail_raw) {
        patch_kind = PATCH_CULLED;
        return;
    }
    let detail = clamp_level(detail_raw, level_lo(), level_hi());
    patch_outer[0] = edge_new(fx_from_f32(detail), level_parity(detail, false));
    let density = bitcast<u32>(ceil(bitcast<f32>(fb_clamp(density_raw, 0x3f800000u, 0x42800000u))));
    var density_parity = PARITY_ODD;
    if fb_is_even(density) {
        density_parity = PARITY_EVEN;
    }
    patch_outer[1] = edge_new(fx_from_f32(density), density_parity);
    iso_lines = patch_outer[1].points - 1;
    patch_kind = PATCH_FULL;
}

// Quad domain: process the levels and count points and triangles (`quad.rs`).

fn tess_process(outer: vec4<u32>, inner: vec2<u32>) {
    process_levels(outer, inner, 4u, 2u, true);
}

fn tess_point_count() -> u32 {
    if patch_kind == PATCH_CULLED {
        return 0u;
    }
    if patch_kind == PATCH_MINIMAL {
        return 4u;
    }
    let ring = patch_outer[0].points - 1 + patch_outer[1].points - 1 + patch_outer[2].points - 1 + patch_outer[3].points - 1;
    return u32(ring + (patch_inner[0].points - 2) * (patch_inner[1].points - 2));
}

// The strip of quads left in the middle when the rings stop at an odd axis: x = its number
// of quads (0: none), y = 1 when it runs along u.
fn quad_centre_strip() -> vec2<i32> {
    let nu = patch_inner[0].points;
    let nv = patch_inner[1].points;
    if nu > nv && patch_inner[1].parity == PARITY_ODD {
        var extra = 1;
        if patch_inner[0].parity == PARITY_EVEN {
            extra = 2;
        }
        return vec2<i32>(((nu / 2 - nv / 2) << 1u) + extra, 1);
    }
    if nv >= nu && patch_inner[0].parity == PARITY_ODD {
        var extra = 1;
        if patch_inner[1].parity == PARITY_EVEN {
            extra = 2;
        }
        return vec2<i32>(((nv / 2 - nu / 2) << 1u) + extra, 0);
    }
    return vec2<i32>(0, 0);
}

fn tess_triangle_count() -> u32 {
    if patch_kind == PATCH_CULLED {
        return 0u;
    }
    if patch_kind == PATCH_MINIMAL {
        return 2u;
    }
    let n = vec2<i32>(patch_inner[0].points, patch_inner[1].points);
    let rings = min((n.x + 1) / 2, (n.y + 1) / 2);
    var outer_points = vec4<i32>(patch_outer[0].points, patch_outer[1].points, patch_outer[2].points, patch_outer[3].points);
    var count = 0;
    for (var ring = 1; ring < rings; ring++) {
        for (var side = 0; side < 4; side++) {
            let inner_points = n[(side + 1) & 1] - 2 * ring;
            count += inner_points + outer_points[side] - 2;
            outer_points[side] = inner_points;
        }
    }
    return u32(count + 2 * quad_centre_strip().x);
}

fn tess_entry_count() -> u32 {
    if TESS_POINT_MODE {
        return tess_point_count();
    }
    return 3u * tess_triangle_count();
}

// The patch an invocation of `count` or `emit` works on.

// The number of patches of the draw: primitives per instance × instances.
fn tess_patches() -> u32 {
    return tesserae_draw.primitives * tesserae_draw.instances;
}

// One invocation per patch; a dispatch too large for one dimension continues in y.
fn tess_patch_index(gid: vec3<u32>, workgroups: vec3<u32>) -> u32 {
    return gid.x + gid.y * workgroups.x * TESS_WORKGROUP;
}

// Reads and processes patch p's levels; false when they are not in the buffer.
fn tess_load(p: u32) -> bool {
    if 2u * p + 1u >= arrayLength(&tess_levels) {
        return false;
    }
    let outer = bitcast<vec4<u32>>(tess_levels[2u * p]);
    let inner = bitcast<vec4<u32>>(tess_levels[2u * p + 1u]);
    tess_process(outer, inner.xy);
    return true;
}

// Output of one patch (a port of `stitch.rs`): points go to tess_domain from the patch's
// first point on, primitives' indices to tess_out_indices from its first entry on, both
// dropped past the end of the buffer.

const REMAP_NONE: u32 = 0u;
const REMAP_WRAP: u32 = 1u;
const REMAP_REVERSE: u32 = 2u;

const DIAGONALS_INSIDE_TO_OUTSIDE: u32 = 0u;
const DIAGONALS_INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE: u32 = 1u;
const DIAGONALS_MIRRORED: u32 = 2u;

// Wrap: a = inner_shift, b = inner_last, c = inner_first, d = outer_start, e = outer_shift,
// f = outer_last, g = outer_first. Reverse: a = start, b = pivot, c = corner, d = corner_to.
struct TessRemap {
    kind: u32,
    a: i32,
    b: i32,
    c: i32,
    d: i32,
    e: i32,
    f: i32,
    g: i32,
}

var<private> mesh_patch: u32;
var<private> mesh_first_point: u32;
var<private> mesh_points: u32;
var<private> mesh_next_entry: u32;
var<private> mesh_remap: TessRemap;
// Stitcher cursors: the current inner and outer row points.
var<private> st_i: i32;
var<private> st_o: i32;

fn mesh_no_remap() {
    mesh_remap = TessRemap(REMAP_NONE, 0, 0, 0, 0, 0, 0, 0);
}

fn remap_apply(i: i32) -> i32 {
    let r = mesh_remap;
    if r.kind == REMAP_WRAP {
        if i >= r.d {
            if i == r.f {
                return r.g;
            }
            return i + r.e;
        }
        if i == r.b {
            return r.c;
        }
        return i + r.a;
    }
    if r.kind == REMAP_REVERSE {
        if i == r.c {
            return r.d;
        }
        if i >= r.a {
            return r.b - i;
        }
    }
    return i;
}

// A domain point from fixed-point (u, v): (u, v, w, patch) with w = (1 - u) - v in f32 for
// triangles (computed exactly in fixed point where u and v are in [0, 1], where the float
// subtraction is exact too), 0 otherwise.
fn mesh_point(u: u32, v: u32) {
    let fu = fx_to_f32(u);
    let fv = fx_to_f32(v);
    var w = 0.0;
    if TESS_DOMAIN == DOMAIN_TRIANGLES {
        if u <= FX_ONE && v <= FX_ONE {
            let d = i32(FX_ONE) - i32(u) - i32(v);
            if d < 0 {
                w = -fx_to_f32(u32(-d));
            } else {
                w = fx_to_f32(u32(d));
            }
        } else {
            w = (1.0 - fu) - fv;
        }
    }
    let slot = mesh_first_point + mesh_points;
    if slot < arrayLength(&tess_domain) {
        tess_domain[slot] = vec4<f32>(fu, fv, w, bitcast<f32>(mesh_patch));
    }
    mesh_points += 1u;
}

fn mesh_entry(local: u32) {
    if mesh_next_entry < arrayLength(&tess_out_indices) {
        tess_out_indices[mesh_next_entry] = mesh_first_point + local;
    }
    mesh_next_entry += 1u;
}

// A triangle given clockwise in the stitcher's index space.
fn mesh_triangle(a: i32, b: i32, c: i32) {
    let ra = u32(remap_apply(a));
    let rb = u32(remap_apply(b));
    let rc = u32(remap_apply(c));
    mesh_entry(ra);
    if TESS_CW {
        mesh_entry(rb);
        mesh_entry(rc);
    } else {
        mesh_entry(rc);
        mesh_entry(rb);
    }
}

// Every point once, in order (point mode).
fn mesh_point_list() {
    for (var k = 0u; k < mesh_points; k++) {
        mesh_entry(k);
    }
}

fn quad_from_inner() {
    mesh_triangle(st_i, st_o, st_o + 1);
    mesh_triangle(st_i, st_o + 1, st_i + 1);
    st_i += 1;
    st_o += 1;
}

fn quad_from_outer() {
    mesh_triangle(st_o, st_i + 1, st_i);
    mesh_triangle(st_o, st_o + 1, st_i + 1);
    st_i += 1;
    st_o += 1;
}

fn quad_fan_outer() {
    mesh_triangle(st_o, st_o + 1, st_i);
    mesh_triangle(st_i, st_o + 1, st_i + 1);
    st_i += 1;
    st_o += 1;
}

fn stitch_regular(trapezoid: bool, diagonals: u32, inner_count: i32, inner: i32, outer: i32) {
    st_i = inner;
    st_o = outer;
    if trapezoid {
        mesh_triangle(st_o, st_o + 1, st_i);
        st_o += 1;
    }
    if diagonals == DIAGONALS_INSIDE_TO_OUTSIDE {
        for (var q = 0; q < inner_count - 1; q++) {
            quad_from_inner();
        }
    } else if diagonals == DIAGONALS_INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE {
        var p = 0;
        while p < inner_count / 2 - 1 {
            quad_fan_outer();
            p += 1;
        }
        quad_from_outer();
        p += 2;
        while p < inner_count {
            quad_fan_outer();
            p += 1;
        }
    } else {
        let half = inner_count / 2;
        for (var q = 0; q < half; q++) {
            quad_from_outer();
        }
        for (var q = half; q < inner_count - 1; q++) {
            quad_from_inner();
        }
    }
    if trapezoid {
        mesh_triangle(st_o, st_o + 1, st_i);
    }
}

// Birth rank of each slot of a half-edge, slot 0 at the edge's end (see `stitch.rs`).
const BIRTH = array<i32, 33>(
    0, 32, 16, 8, 17, 4, 18, 9, 19, 2, 20, 10, 21, 5, 22, 11, 23, 1, 24, 12, 25, 6, 26, 13, 27, 3, 28, 14, 29, 7, 30, 15, 31
);

fn stitch_transition(inner: i32, inner_half_points: i32, inner_parity: u32, outer: i32, outer_half_points: i32, outer_parity: u32) {
    var inner_half = inner_half_points;
    if inner_parity == PARITY_ODD {
        inner_half -= 1;
    }
    var outer_half = outer_half_points;
    if outer_parity == PARITY_ODD {
        outer_half -= 1;
    }
    st_i = inner;
    st_o = outer;
    if 0 < outer_half {
        mesh_triangle(st_o, st_o + 1, st_i);
        st_o += 1;
    }
    for (var s = 1; s < 33; s++) {
        let birth = BIRTH[s];
        if birth < inner_half {
            mesh_triangle(st_i, st_o, st_i + 1);
            st_i += 1;
        }
        if birth < outer_half {
            mesh_triangle(st_o, st_o + 1, st_i);
            st_o += 1;
        }
    }
    if inner_parity == PARITY_ODD && outer_parity == PARITY_ODD {
        mesh_triangle(st_i, st_o, st_i + 1);
        mesh_triangle(st_i + 1, st_o, st_o + 1);
        st_i += 1;
        st_o += 1;
    } else if inner_parity == PARITY_EVEN && outer_parity == PARITY_ODD {
        mesh_triangle(st_i, st_o, st_o + 1);
        st_o += 1;
    } else if inner_parity == PARITY_ODD && outer_parity == PARITY_EVEN {
        mesh_triangle(st_i, st_o, st_i + 1);
        st_i += 1;
    }
    for (var s = 32; s >= 1; s--) {
        let birth = BIRTH[s];
        if birth < outer_half {
            mesh_triangle(st_o, st_o + 1, st_i);
            st_o += 1;
        }
        if birth < inner_half {
            mesh_triangle(st_i, st_o, st_i + 1);
            st_i += 1;
        }
    }
    if 0 < outer_half {
        mesh_triangle(st_o, st_o + 1, st_i);
    }
}

// Quad domain: generate the points and triangles of the processed patch (`quad.rs`).

fn quad_points() {
    // Outer ring, each edge without its last point; edges 0 and 3 run against their ruler.
    for (var e = 0; e < 4; e++) {
        let edge = patch_outer[e];
        let last = edge.points - 1;
        for (var p = 0; p < last; p++) {
            var q = last - p;
            if e == 1 || e == 2 {
                q = p;
            }
            let t = edge_place(edge, q);
            if e == 0 {
                mesh_point(0u, t);
            } else if e == 1 {
                mesh_point(t, 0u);
            } else if e == 2 {
                mesh_point(FX_ONE, t);
            } else {
                mesh_point(t, FX_ONE);
            }
        }
    }
    let n = vec2<i32>(patch_inner[0].points, patch_inner[1].points);
    let rings = min(n.x, n.y) / 2;
    for (var ring = 1; ring < rings; ring++) {
        let first = ring;
        let last = vec2<i32>(n.x - 1 - ring, n.y - 1 - ring);
        for (var side = 0; side < 4; side++) {
            let across = side & 1;
            let along = 1 - across;
            var fixed_index = last[across];
            if side < 2 {
                fixed_index = first;
            }
            let fixed_at = edge_place(patch_inner[across], fixed_index);
            let along_edge = patch_inner[along];
            for (var p = first; p < last[along]; p++) {
                var q = last[along] - (p - first);
                if side == 1 || side == 2 {
                    q = p;
                }
                let t = edge_place(along_edge, q);
                if along == 1 {
                    mesh_point(fixed_at, t);
                } else {
                    mesh_point(t, fixed_at);
                }
            }
        }
    }
    if n.x > n.y && patch_inner[1].parity == PARITY_EVEN {
        for (var p = rings; p <= n.x - 1 - rings; p++) {
            mesh_point(edge_place(patch_inner[0], p), FX_HALF);
        }
    } else if n.y >= n.x && patch_inner[0].parity == PARITY_EVEN {
        for (var p = n.y - 1 - rings; p >= rings; p--) {
            mesh_point(FX_HALF, edge_place(patch_inner[1], p));
        }
    }
}

fn quad_triangles() {
    let n = vec2<i32>(patch_inner[0].points, patch_inner[1].points);
    let to_centre = vec2<i32>((n.x + 1) / 2, (n.y + 1) / 2);
    let rings = min(to_centre.x, to_centre.y);
    var middle_row_ring = vec2<i32>(-1, -1);
    if patch_inner[1].parity == PARITY_EVEN {
        middle_row_ring.x = to_centre.y - 1;
    }
    if patch_inner[0].parity == PARITY_EVEN {
        middle_row_ring.y = to_centre.x - 1;
    }
    var row_half = vec4<i32>(patch_outer[0].half_points, patch_outer[1].half_points, patch_outer[2].half_points, patch_outer[3].half_points);
    var row_parity = vec4<u32>(patch_outer[0].parity, patch_outer[1].parity, patch_outer[2].parity, patch_outer[3].parity);
    var row_points = vec4<i32>(patch_outer[0].points, patch_outer[1].points, patch_outer[2].points, patch_outer[3].points);
    var inner_base = row_points.x - 1 + row_points.y - 1 + row_points.z - 1 + row_points.w - 1;
    var outer_base = 0;
    for (var ring = 1; ring < rings; ring++) {
        let inner_points = vec2<i32>(n.x - 2 * ring, n.y - 2 * ring);
        let ring_inner_start = inner_base;
        let ring_outer_start = outer_base;
        for (var side = 0; side < 4; side++) {
            let along = (side + 1) & 1;
            let count = inner_points[along];
            let middle_row = ring == middle_row_ring[along];
            var inner_row = inner_base;
            var outer_row = outer_base;
            if side == 3 && middle_row {
                let start = inner_base + 1;
                mesh_remap = TessRemap(REMAP_REVERSE, start, (start << 1u) - 1, outer_base + row_points[side] - 1, ring_outer_start, 0, 0, 0);
                inner_row = start;
            } else if side == 3 {
                mesh_remap = TessRemap(
                    REMAP_WRAP,
                    inner_base,
                    count - 1,
                    ring_inner_start,
                    count,
                    outer_base - count,
                    count + row_points[side] - 1,
                    ring_outer_start,
                );
                inner_row = 0;
                outer_row = count;
            } else if side == 2 && middle_row {
                mesh_remap = TessRemap(REMAP_REVERSE, inner_base, inner_base << 1u, -1, -1, 0, 0, 0);
            }
            let inner_edge = patch_inner[along];
            if ring == 1 {
                stitch_transition(inner_row, inner_edge.half_points, inner_edge.parity, outer_row, row_half[side], row_parity[side]);
            } else {
                stitch_regular(true, DIAGONALS_MIRRORED, count, inner_row, outer_row);
            }
            mesh_no_remap();
            outer_base += row_points[side] - 1;
            if side == 2 && middle_row {
                inner_base -= count - 1;
            } else {
                inner_base += count - 1;
            }
            row_points[side] = count;
        }
        for (var side = 0; side < 4; side++) {
            row_half[side] = patch_inner[side & 1].half_points;
            row_parity[side] = patch_inner[side & 1].parity;
        }
    }
    let strip = quad_centre_strip();
    let quads = strip.x;
    if quads > 0 {
        if strip.y == 1 {
            let start = outer_base + quads + 2;
            mesh_remap = TessRemap(REMAP_REVERSE, start, start + start + quads, start, outer_base, 0, 0, 0);
            stitch_regular(false, DIAGONALS_INSIDE_TO_OUTSIDE, quads + 1, start, outer_base + 1);
        } else {
            let start = outer_base + quads + 1;
            mesh_remap = TessRemap(REMAP_REVERSE, start, start + start + quads, -1, -1, 0, 0, 0);
            var diagonals = DIAGONALS_INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE;
            if patch_inner[1].parity == PARITY_EVEN {
                diagonals = DIAGONALS_INSIDE_TO_OUTSIDE;
            }
            stitch_regular(false, diagonals, quads + 1, start, outer_base);
        }
    }
    mesh_no_remap();
}

fn tess_generate() {
    mesh_no_remap();
    if patch_kind == PATCH_MINIMAL {
        mesh_point(0u, 0u);
        mesh_point(FX_ONE, 0u);
        mesh_point(FX_ONE, FX_ONE);
        mesh_point(0u, FX_ONE);
        if !TESS_POINT_MODE {
            mesh_triangle(0, 1, 3);
            mesh_triangle(1, 2, 3);
        }
    } else if patch_kind == PATCH_FULL {
        quad_points();
        if !TESS_POINT_MODE {
            quad_triangles();
        }
    }
    if TESS_POINT_MODE {
        mesh_point_list();
    }
}

// `emit`: one invocation per patch writes its domain points and its primitives' indices, in
// the CPU tessellator's order, from the offsets the scan computed.

@compute @workgroup_size(TESS_WORKGROUP)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) workgroups: vec3<u32>) {
    let p = tess_patch_index(gid, workgroups);
    if p >= tess_patches() || 2u * p + 1u >= arrayLength(&tess_offsets) {
        return;
    }
    if !tess_load(p) {
        return;
    }
    mesh_patch = p;
    mesh_first_point = tess_offsets[2u * p];
    mesh_next_entry = tess_offsets[2u * p + 1u];
    mesh_points = 0u;
    tess_generate();
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct gl_PerVertex_1 {
    gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_15 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: vec4<f32>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec4<f32>,
}

var<private> tesserae_io_11_g: vec3<f32>;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> tesserae_io_32_g: array<gl_PerVertex_1, 32>;
var<private> v_col: vec4<f32>;
var<private> tesserae_io_60_g: array<f32, 4>;

fn main() {
    var u: f32;
    var v: f32;

    let _e16 = tesserae_io_11_g[0u];
    u = _e16;
    let _e18 = tesserae_io_11_g[1u];
    v = _e18;
    let _e21 = tesserae_io_32_g[0i].gl_Position;
    let _e24 = tesserae_io_32_g[1i].gl_Position;
    let _e25 = u;
    let _e30 = tesserae_io_32_g[2i].gl_Position;
    let _e33 = tesserae_io_32_g[3i].gl_Position;
    let _e34 = u;
    let _e37 = v;
    unnamed.gl_Position = mix(mix(_e21, _e24, vec4(_e25)), mix(_e30, _e33, vec4(_e34)), vec4(_e37));
    let _e42 = tesserae_io_60_g[0i];
    let _e44 = tesserae_io_60_g[1i];
    let _e46 = tesserae_io_60_g[2i];
    let _e48 = tesserae_io_60_g[3i];
    v_col = vec4<f32>(_e42, _e44, _e46, _e48);
    return;
}

fn tesserae_vertex() -> TesseraeVertexOut {
    main();
    let _e4 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e4);
    let _e6 = unnamed.gl_Position;
    let _e7 = v_col;
    return TesseraeVertexOut(_e6, _e7);
}

struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
}
@group(0) @binding(0) var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) var<storage, read> tesserae_indices: array<u32>;

// The index at position `i` of the draw, as stored (restart indices included).
fn tesserae_raw_index(i: u32) -> u32 {
    if tesserae_draw.index_u16 != 0u {
        return (tesserae_indices[i / 2u] >> ((i & 1u) * 16u)) & 0xffffu;
    }
    return tesserae_indices[i];
}

// The vertex index of position `position` of the draw (gl_VertexIndex).
fn tesserae_vertex_index(position: u32) -> u32 {
    let i = tesserae_draw.first + position;
    if tesserae_draw.indexed == 0u {
        return i;
    }
    return u32(i32(tesserae_raw_index(i)) + tesserae_draw.base_vertex);
}

@group(0) @binding(25) var<storage, read> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(26) var<storage, read> tesserae_patch_records: array<vec4<f32>>;
@group(0) @binding(27) var<storage, read> tesserae_levels: array<vec4<f32>>;
@group(0) @binding(30) var<storage, read> tesserae_domain: array<vec4<f32>>;

struct TesseraeEvalOut {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(perspective, center) v0: vec4<f32>,
}

@vertex
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_point: u32) -> TesseraeEvalOut {
    let tesserae_d = tesserae_domain[tesserae_point];
    let p = bitcast<u32>(tesserae_d.w);
    tesserae_io_11_g = tesserae_d.xyz;
    for (var j = 0u; j < 4u; j++) {
        let b = (p * 4u + j) * 1u;
        tesserae_io_32_g[j].gl_Position = tesserae_cps[b];
    }
    tesserae_io_60_g[0] = tesserae_patch_records[p * 7u + 3u].x;
    tesserae_io_60_g[1] = tesserae_patch_records[p * 7u + 4u].x;
    tesserae_io_60_g[2] = tesserae_patch_records[p * 7u + 5u].x;
    tesserae_io_60_g[3] = tesserae_patch_records[p * 7u + 6u].x;
    let tesserae_out = tesserae_vertex();
    var o: TesseraeEvalOut;
    o.position = tesserae_out.out0_member;
    o.v0 = tesserae_out.out1_member;
    return o;
}
// pass `tessellation evaluation`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_col_1: vec4<f32>;

fn main_1() {
    let _e2 = v_col_1;
    frag = _e2;
    return;
}

@fragment 
fn main(@location(0) v_col: vec4<f32>) -> @location(0) vec4<f32> {
    v_col_1 = v_col;
    main_1();
    let _e3 = frag;
    return _e3;
}
