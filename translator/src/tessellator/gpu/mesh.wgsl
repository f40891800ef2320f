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

// The stitcher's quads: between the inner row's point `st_i` and the outer row's `st_o` and
// their successors, two triangles, their diagonal and order given by the kind.
const QUAD_FROM_INNER: u32 = 0u;
const QUAD_FROM_OUTER: u32 = 1u;
const QUAD_FAN_OUTER: u32 = 2u;

// The stitcher emits its triangles through few call sites (here, `stitch_regular` and
// `stitch_transition`): drivers inline a function at each call, and lavapipe's compile of the
// emit kernel grew with every copy of `mesh_triangle` (the quad domain's 55 copies took 230 ms;
// with 9, 117 ms; the triangle domain's 130 ms, 84 ms).
fn stitch_quad(kind: u32) {
    var first = vec3<i32>(st_i, st_o, st_o + 1);
    var second = vec3<i32>(st_i, st_o + 1, st_i + 1);
    if kind == QUAD_FROM_OUTER {
        first = vec3<i32>(st_o, st_i + 1, st_i);
        second = vec3<i32>(st_o, st_o + 1, st_i + 1);
    } else if kind == QUAD_FAN_OUTER {
        first = vec3<i32>(st_o, st_o + 1, st_i);
    }
    mesh_triangle(first.x, first.y, first.z);
    mesh_triangle(second.x, second.y, second.z);
    st_i += 1;
    st_o += 1;
}

fn stitch_regular(trapezoid: bool, diagonals: u32, inner_count: i32, inner: i32, outer: i32) {
    st_i = inner;
    st_o = outer;
    // Quads: inner_count - 1 of them (at least one with the middle excepted), each's diagonal
    // from the kind: all from the inner row; all fanned from the outer row but the middle one
    // (inner_count / 2 - 1); mirrored, the first half from the outer row.
    var quads = max(inner_count - 1, 0);
    var first_kind = QUAD_FROM_INNER;
    var first_quads = 0;
    var later_kind = QUAD_FROM_INNER;
    var middle = -1;
    if diagonals == DIAGONALS_INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE {
        quads = max(quads, 1);
        later_kind = QUAD_FAN_OUTER;
        middle = max(inner_count / 2 - 1, 0);
    } else if diagonals != DIAGONALS_INSIDE_TO_OUTSIDE {
        first_kind = QUAD_FROM_OUTER;
        first_quads = inner_count / 2;
    }
    // Step -1 and step `quads` are the trapezoid's end triangles.
    for (var q = -1; q <= quads; q++) {
        if q == -1 || q == quads {
            if trapezoid {
                mesh_triangle(st_o, st_o + 1, st_i);
                st_o += 1;
            }
            continue;
        }
        var kind = select(later_kind, first_kind, q < first_quads);
        if q == middle {
            kind = QUAD_FROM_OUTER;
        }
        stitch_quad(kind);
    }
}

// Birth rank of a slot of a half-edge, slot 0 at the edge's end: `stitch.rs`'s `BIRTH`,
// computed instead of looked up (a constant array indexed at run time took lavapipe a quarter
// of the triangle kernel's compile, 174 -> 128 ms). Slot 1 is born last; even slots 2..=32 get
// ranks 16..=31; odd slot 1 + (2j + 1) * 2^t (t in 1..=4) gets rank 2^(4 - t) + j.
fn stitch_birth(slot: i32) -> i32 {
    if slot == 0 {
        return 0;
    }
    if slot == 1 {
        return 32;
    }
    if (slot & 1) == 0 {
        return 15 + slot / 2;
    }
    let m = u32(slot - 1);
    let t = countTrailingZeros(m);
    return i32((1u << (4u - t)) + (m >> (t + 1u)));
}

// A transition step's triangle: advancing the outer row (st_o, st_o + 1, st_i), the inner
// row (st_i, st_o, st_i + 1), or the middle's (st_i, st_o, st_o + 1), which advances the outer.
const STEP_NONE: u32 = 0u;
const STEP_OUTER: u32 = 1u;
const STEP_INNER: u32 = 2u;
const STEP_MIDDLE: u32 = 3u;

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
    // Step 0: slot 0 of the first half (outer); steps 1..=64: slots 1..=32, inner then outer;
    // 65, 66: the middle (an odd inner row's triangle, then an odd outer row's); 67..=130:
    // slots 32..=1 of the second half, outer then inner; 131: slot 0 (outer).
    for (var step = 0; step < 132; step++) {
        var kind = STEP_NONE;
        if step == 0 || step == 131 {
            if 0 < outer_half {
                kind = STEP_OUTER;
            }
        } else if step == 65 {
            if inner_parity == PARITY_ODD {
                kind = STEP_INNER;
            }
        } else if step == 66 {
            if outer_parity == PARITY_ODD {
                kind = STEP_MIDDLE;
            }
        } else {
            let k = select(step - 67, step - 1, step < 65);
            let slot = select(32 - k / 2, 1 + k / 2, step < 65);
            let inner_turn = ((k & 1) == 0) == (step < 65);
            let birth = stitch_birth(slot);
            if inner_turn && birth < inner_half {
                kind = STEP_INNER;
            } else if !inner_turn && birth < outer_half {
                kind = STEP_OUTER;
            }
        }
        if kind == STEP_NONE {
            continue;
        }
        var t = vec3<i32>(st_o, st_o + 1, st_i);
        if kind == STEP_INNER {
            t = vec3<i32>(st_i, st_o, st_i + 1);
            st_i += 1;
        } else if kind == STEP_MIDDLE {
            t = vec3<i32>(st_i, st_o, st_o + 1);
            st_o += 1;
        } else {
            st_o += 1;
        }
        mesh_triangle(t.x, t.y, t.z);
    }
}
