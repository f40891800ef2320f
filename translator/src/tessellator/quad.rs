//! The quad domain.
//!
//! Edge 0 is u = 0 (outer level 0), edge 1 is v = 0, edge 2 is u = 1, edge 3 is v = 1. The
//! outer ring starts at (0, 1) and visits (0, 0), (1, 0), (1, 1): with u to the right and v
//! downwards that is clockwise. Inner rings follow in the same order, spiralling inwards.
//! When an inner axis is even and the other axis has more points, the rings end in a single
//! row (or column) of points through the middle; when it is odd they end in a strip of quads.

use super::fixed::{HALF, ONE};
use super::levels::{Edge, Patch};
use super::partition::Parity;
use super::stitch::{Diagonals, Mesh, Remap};

/// Inner axes: 0 is u (inner level 0), 1 is v (inner level 1).
const U: usize = 0;
const V: usize = 1;

/// Number of points of a processed patch.
pub(crate) fn point_count(patch: &Patch<4, 2>) -> usize {
    match patch {
        Patch::Culled => 0,
        Patch::Minimal => 4,
        Patch::Full { outer, inner } => {
            let ring: i32 = outer.iter().map(|e| e.points - 1).sum();
            (ring + (inner[U].points - 2) * (inner[V].points - 2)) as usize
        }
    }
}

/// Number of triangles of a processed patch (not in point mode).
pub(crate) fn triangle_count(patch: &Patch<4, 2>) -> usize {
    match patch {
        Patch::Culled => 0,
        Patch::Minimal => 2,
        Patch::Full { outer, inner } => {
            let n = [inner[U].points, inner[V].points];
            let rings = ((n[U] + 1) / 2).min((n[V] + 1) / 2);
            let mut outer_points = outer.map(|e| e.points);
            let mut count = 0;
            for ring in 1..rings {
                for (side, points) in outer_points.iter_mut().enumerate() {
                    let inner_points = n[(side + 1) & 1] - 2 * ring;
                    count += inner_points + *points - 2;
                    *points = inner_points;
                }
            }
            (count + 2 * centre_strip(inner).map_or(0, |(quads, _)| quads)) as usize
        }
    }
}

/// The strip of quads left in the middle when the rings stop at an odd axis: its number of
/// quads, and whether it runs along u (true) or along v.
fn centre_strip(inner: &[Edge; 2]) -> Option<(i32, bool)> {
    let n = [inner[U].points, inner[V].points];
    let extra = |axis: usize| if inner[axis].parity() == Parity::Even { 2 } else { 1 };
    if n[U] > n[V] && inner[V].parity() == Parity::Odd {
        Some((((n[U] / 2 - n[V] / 2) << 1) + extra(U), true))
    } else if n[V] >= n[U] && inner[U].parity() == Parity::Odd {
        Some((((n[V] / 2 - n[U] / 2) << 1) + extra(V), false))
    } else {
        None
    }
}

/// Generate the points (and, unless `points_only`, the triangles) of a processed patch.
pub(crate) fn generate(patch: &Patch<4, 2>, mesh: &mut Mesh, points_only: bool) {
    match patch {
        Patch::Culled => {}
        Patch::Minimal => {
            mesh.point(0, 0);
            mesh.point(ONE, 0);
            mesh.point(ONE, ONE);
            mesh.point(0, ONE);
            if !points_only {
                mesh.triangle(0, 1, 3);
                mesh.triangle(1, 2, 3);
            }
        }
        Patch::Full { outer, inner } => {
            generate_points(outer, inner, mesh);
            if !points_only {
                generate_triangles(outer, inner, mesh);
            }
        }
    }
}

fn generate_points(outer: &[Edge; 4], inner: &[Edge; 2], mesh: &mut Mesh) {
    // Outer ring, each edge without its last point. Edges 0 and 3 run against their ruler.
    for (e, edge) in outer.iter().enumerate() {
        let last = edge.points - 1;
        for p in 0..last {
            let q = if e == 1 || e == 2 { p } else { last - p };
            let t = edge.place(q);
            match e {
                0 => mesh.point(0, t),
                1 => mesh.point(t, 0),
                2 => mesh.point(ONE, t),
                _ => mesh.point(t, ONE),
            }
        }
    }

    // Inner rings: ring r uses points r..=n-1-r of each inner axis. A side at constant u
    // (sides 0 and 2) runs along v, and vice versa.
    let n = [inner[U].points, inner[V].points];
    let rings = n[U].min(n[V]) / 2;
    for ring in 1..rings {
        let first = ring;
        let last = [n[U] - 1 - ring, n[V] - 1 - ring];
        for side in 0..4 {
            let across = side & 1; // the axis held constant on this side
            let along = 1 - across;
            let fixed_at = inner[across].place(if side < 2 { first } else { last[across] });
            for p in first..last[along] {
                let q = if side == 1 || side == 2 { p } else { last[along] - (p - first) };
                let t = inner[along].place(q);
                if along == V {
                    mesh.point(fixed_at, t);
                } else {
                    mesh.point(t, fixed_at);
                }
            }
        }
    }

    // An even axis that runs out of rings first leaves a row of points through the middle.
    if n[U] > n[V] && inner[V].parity() == Parity::Even {
        for p in rings..=n[U] - 1 - rings {
            mesh.point(inner[U].place(p), HALF);
        }
    } else if n[V] >= n[U] && inner[U].parity() == Parity::Even {
        for p in (rings..=n[V] - 1 - rings).rev() {
            mesh.point(HALF, inner[V].place(p));
        }
    }
}

fn generate_triangles(outer: &[Edge; 4], inner: &[Edge; 2], mesh: &mut Mesh) {
    let n = [inner[U].points, inner[V].points];
    // Rows of points from a side to the centre, counting an even middle row.
    let to_centre = [(n[U] + 1) / 2, (n[V] + 1) / 2];
    let rings = to_centre[U].min(to_centre[V]);
    // The ring that is really the middle row of points (for sides running along that axis),
    // which is stored in one direction only: -1 when there is none.
    let middle_row_ring = [
        if inner[V].parity() == Parity::Even { to_centre[V] - 1 } else { -1 },
        if inner[U].parity() == Parity::Even { to_centre[U] - 1 } else { -1 },
    ];

    let mut row_half = outer.map(|e| e.ruler.half_points);
    let mut row_parity = outer.map(|e| e.parity());
    let mut row_points = outer.map(|e| e.points);

    let mut inner_base = row_points.iter().map(|p| p - 1).sum::<i32>();
    let mut outer_base = 0;
    for ring in 1..rings {
        let inner_points = [n[U] - 2 * ring, n[V] - 2 * ring];
        let ring_inner_start = inner_base;
        let ring_outer_start = outer_base;
        for side in 0..4 {
            let along = (side + 1) & 1;
            let count = inner_points[along];
            let middle_row = ring == middle_row_ring[along];
            let (inner_row, outer_row) = if side == 3 && middle_row {
                // Walking the middle row backwards; the outer row's last point wraps to the
                // ring's first.
                let start = inner_base + 1;
                mesh.remap = Remap::Reverse {
                    start,
                    pivot: (start << 1) - 1,
                    corner: outer_base + row_points[side] - 1,
                    corner_to: ring_outer_start,
                };
                (start, outer_base)
            } else if side == 3 {
                mesh.remap = Remap::Wrap {
                    inner_shift: inner_base,
                    inner_last: count - 1,
                    inner_first: ring_inner_start,
                    outer_start: count,
                    outer_shift: outer_base - count,
                    outer_last: count + row_points[side] - 1,
                    outer_first: ring_outer_start,
                };
                (0, count)
            } else if side == 2 && middle_row {
                mesh.remap = Remap::Reverse { start: inner_base, pivot: inner_base << 1, corner: -1, corner_to: -1 };
                (inner_base, outer_base)
            } else {
                (inner_base, outer_base)
            };
            if ring == 1 {
                mesh.stitch_transition(
                    inner_row,
                    inner[along].ruler.half_points,
                    inner[along].parity(),
                    outer_row,
                    row_half[side],
                    row_parity[side],
                );
            } else {
                mesh.stitch_regular(true, Diagonals::Mirrored, count, inner_row, outer_row);
            }
            mesh.remap = Remap::None;
            outer_base += row_points[side] - 1;
            if side == 2 && middle_row {
                inner_base -= count - 1;
            } else {
                inner_base += count - 1;
            }
            row_points[side] = count;
        }
        for side in 0..4 {
            row_half[side] = inner[side & 1].ruler.half_points;
            row_parity[side] = inner[side & 1].parity();
        }
    }

    // The strip of quads in the middle, stitched between the two long sides of the last
    // ring (stored in opposite directions, hence the reversal).
    match centre_strip(inner) {
        Some((quads, true)) => {
            let start = outer_base + quads + 2;
            mesh.remap = Remap::Reverse { start, pivot: start + start + quads, corner: start, corner_to: outer_base };
            mesh.stitch_regular(false, Diagonals::InsideToOutside, quads + 1, start, outer_base + 1);
        }
        Some((quads, false)) => {
            let start = outer_base + quads + 1;
            mesh.remap = Remap::Reverse { start, pivot: start + start + quads, corner: -1, corner_to: -1 };
            let diagonals =
                if inner[V].parity() == Parity::Even { Diagonals::InsideToOutside } else { Diagonals::InsideToOutsideExceptMiddle };
            mesh.stitch_regular(false, diagonals, quads + 1, start, outer_base);
        }
        None => {}
    }
    mesh.remap = Remap::None;
}
