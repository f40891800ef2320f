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
