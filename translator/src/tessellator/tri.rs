//! The triangle domain.
//!
//! Points are stored as (u, v) with w = 1 - u - v implied. Edge 0 is u = 0 (from v = 1 to
//! w = 1), edge 1 is v = 0 (from w = 1 to u = 1), edge 2 is w = 0 (from u = 1 to v = 1): with
//! u to the right and v downwards this walks the outer ring clockwise. Inner rings follow the
//! same order, spiralling inwards, and even inner subdivisions end with the centre point.

use super::fixed::{self, HALF, ONE, ONE_THIRD, TWO_THIRDS};
use super::levels::{Edge, Patch};
use super::partition::Parity;
use super::stitch::{Diagonals, Mesh, Remap};

/// Number of points of a processed patch.
pub(crate) fn point_count(patch: &Patch<3, 1>) -> usize {
    match patch {
        Patch::Culled => 0,
        Patch::Minimal => 3,
        Patch::Full { outer, inner } => {
            let ring: i32 = outer.iter().map(|e| e.points - 1).sum();
            let inner_rings = inner[0].points / 2 - 1;
            // Each inner ring r (counted from the centre) has 3 * (2r - 1) points when odd
            // and 3 * 2r when even, where the even centre adds one point.
            let interior = match inner[0].parity() {
                Parity::Odd => 3 * (inner_rings * (inner_rings + 1) - inner_rings),
                Parity::Even => 3 * (inner_rings * (inner_rings + 1)) + 1,
            };
            (ring + interior) as usize
        }
    }
}

/// Number of triangles of a processed patch (not in point mode).
pub(crate) fn triangle_count(patch: &Patch<3, 1>) -> usize {
    match patch {
        Patch::Culled => 0,
        Patch::Minimal => 1,
        Patch::Full { outer, inner } => {
            let n = inner[0].points;
            let mut outer_points = outer.map(|e| e.points);
            let mut count = 0;
            for ring in 1..(n + 1) / 2 {
                let inner_points = n - 2 * ring;
                for points in &mut outer_points {
                    count += inner_points + *points - 2;
                    *points = inner_points;
                }
            }
            if inner[0].parity() == Parity::Odd {
                count += 1;
            }
            count as usize
        }
    }
}

/// Generate the points (and, unless `points_only`, the triangles) of a processed patch.
pub(crate) fn generate(patch: &Patch<3, 1>, mesh: &mut Mesh, points_only: bool) {
    match patch {
        Patch::Culled => {}
        Patch::Minimal => {
            // One corner per edge start: v = 1, w = 1, u = 1.
            mesh.point(0, ONE);
            mesh.point(0, 0);
            mesh.point(ONE, 0);
            if !points_only {
                mesh.triangle(0, 1, 2);
            }
        }
        Patch::Full { outer, inner } => {
            generate_points(outer, &inner[0], mesh);
            if !points_only {
                generate_triangles(outer, &inner[0], mesh);
            }
        }
    }
}

fn generate_points(outer: &[Edge; 3], inner: &Edge, mesh: &mut Mesh) {
    // Outer ring: each edge contributes all its points but the last (the next edge's first).
    // A ruler runs from 0 to 1 in its parameter; edges 0 and 2 run backwards in theirs.
    for (e, edge) in outer.iter().enumerate() {
        let last = edge.points - 1;
        for p in 0..last {
            let q = if e == 1 { p } else { last - p };
            let t = edge.place(q);
            match e {
                0 => mesh.point(0, t),
                1 => mesh.point(t, 0),
                _ => mesh.point(t, ONE - t),
            }
        }
    }

    // Inner rings. Ring r's sides are the inner subdivision's points r..n-1-r, pushed into
    // the triangle: the distance from the outer edge is the position of point r scaled by
    // 2/3, and the parameters along the side shrink by half that distance at each end.
    let n = inner.points;
    for ring in 1..n / 2 {
        let first = ring;
        let last = n - 1 - ring;
        for e in 0..3 {
            let depth = inner.place(first).wrapping_mul(TWO_THIRDS).wrapping_add(HALF) >> fixed::FRAC_BITS;
            let inset = depth.wrapping_add(1) / 2;
            for p in first..last {
                let q = if e == 1 { p } else { last - (p - first) };
                let t = inner.place(q).wrapping_sub(inset);
                match e {
                    0 => mesh.point(depth, t),
                    1 => mesh.point(t, depth),
                    _ => mesh.point(t, ONE.wrapping_sub(t).wrapping_sub(depth)),
                }
            }
        }
    }
    if inner.parity() == Parity::Even {
        mesh.point(ONE_THIRD, ONE_THIRD);
    }
}

fn generate_triangles(outer: &[Edge; 3], inner: &Edge, mesh: &mut Mesh) {
    let n = inner.points;
    // The outer row of each side: first the patch edges, then each inner ring in turn.
    let mut row_half = outer.map(|e| e.ruler.half_points);
    let mut row_parity = outer.map(|e| e.parity());
    let mut row_points = outer.map(|e| e.points);

    let mut inner_base = row_points.iter().map(|p| p - 1).sum::<i32>();
    let mut outer_base = 0;
    // Counting the even centre point as a ring of its own.
    for ring in 1..(n + 1) / 2 {
        let inner_points = n - 2 * ring;
        let ring_inner_start = inner_base;
        let ring_outer_start = outer_base;
        for side in 0..3 {
            let (inner_row, outer_row) = if side == 2 {
                // The last side wraps around to the first point of both rings.
                mesh.remap = Remap::Wrap {
                    inner_shift: inner_base,
                    inner_last: inner_points - 1,
                    inner_first: ring_inner_start,
                    outer_start: inner_points,
                    outer_shift: outer_base - inner_points,
                    outer_last: inner_points + row_points[side] - 1,
                    outer_first: ring_outer_start,
                };
                (0, inner_points)
            } else {
                (inner_base, outer_base)
            };
            if ring == 1 {
                mesh.stitch_transition(inner_row, inner.ruler.half_points, inner.parity(), outer_row, row_half[side], row_parity[side]);
            } else {
                mesh.stitch_regular(true, Diagonals::Mirrored, inner_points, inner_row, outer_row);
            }
            mesh.remap = Remap::None;
            outer_base += row_points[side] - 1;
            inner_base += inner_points - 1;
            row_points[side] = inner_points;
        }
        row_half = [inner.ruler.half_points; 3];
        row_parity = [inner.parity(); 3];
    }
    if inner.parity() == Parity::Odd {
        // The innermost ring of an odd subdivision is a single triangle.
        mesh.triangle(outer_base, outer_base + 1, outer_base + 2);
    }
}
