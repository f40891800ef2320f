//! Output storage and the two ways the reference tessellator stitches a row of inner points to
//! a row of outer points with triangles.
//!
//! Triangles are always specified clockwise in the tessellator's own frame (u to the right, v
//! downwards, i.e. a positive `(b-a) x (c-a)` in (u, v) coordinates) and flipped on output when
//! counter-clockwise triangles are wanted, by swapping the last two vertices.
//!
//! The stitchers walk two rows of consecutive point indices. Rows that are not stored
//! consecutively (the last side of a ring, which wraps around to the ring's first point; rows
//! stored in reverse) are handled by a [`Remap`] that translates the indices the stitcher
//! produces into real storage indices, exactly as the reference does, so that the emitted
//! index values match it.

use super::fixed::{self, Fxp};
use super::partition::Parity;

/// Index translation applied to every vertex of every triangle while it is active.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Remap {
    None,
    /// The last side of a ring. The stitcher sees the inner row as `0..` and the outer row as
    /// `outer_start..`; both are shifted to their storage, and the last point of each row
    /// (one past the ring's storage) is the first point of its ring.
    Wrap {
        inner_shift: i32,
        inner_last: i32,
        inner_first: i32,
        outer_start: i32,
        outer_shift: i32,
        outer_last: i32,
        outer_first: i32,
    },
    /// A row stored backwards from `start`: index `i >= start` is really `pivot - i`. One
    /// index (`corner`, anywhere) is replaced by `corner_to`; `corner` may be -1 (never hit).
    Reverse {
        start: i32,
        pivot: i32,
        corner: i32,
        corner_to: i32,
    },
}

impl Remap {
    fn apply(self, i: i32) -> i32 {
        match self {
            Remap::None => i,
            Remap::Wrap { inner_shift, inner_last, inner_first, outer_start, outer_shift, outer_last, outer_first } => {
                if i >= outer_start {
                    if i == outer_last {
                        outer_first
                    } else {
                        i + outer_shift
                    }
                } else if i == inner_last {
                    inner_first
                } else {
                    i + inner_shift
                }
            }
            Remap::Reverse { start, pivot, corner, corner_to } => {
                if i == corner {
                    corner_to
                } else if i >= start {
                    pivot - i
                } else {
                    i
                }
            }
        }
    }
}

/// How the quads of a regular strip are split into triangles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Diagonals {
    /// Every diagonal from the current inner point to the next outer point.
    InsideToOutside,
    /// Like `InsideToOutside` but the middle quad uses the other diagonal (odd strips).
    InsideToOutsideExceptMiddle,
    /// First half one way, second half the other: symmetric about the middle of the side.
    Mirrored,
}

/// The points and triangles of one patch under construction.
#[derive(Debug)]
pub(crate) struct Mesh {
    pub points: Vec<[f32; 2]>,
    pub triangles: Vec<[u32; 3]>,
    clockwise: bool,
    pub remap: Remap,
}

impl Mesh {
    pub fn new(clockwise: bool) -> Mesh {
        Mesh { points: Vec::new(), triangles: Vec::new(), clockwise, remap: Remap::None }
    }

    /// Append a domain point given in fixed point.
    pub fn point(&mut self, u: Fxp, v: Fxp) {
        self.points.push([fixed::to_f32(u), fixed::to_f32(v)]);
    }

    /// Number of points so far, as a point index.
    pub fn next_index(&self) -> i32 {
        self.points.len() as i32
    }

    /// Append a triangle given clockwise (in the stitcher's index space).
    pub fn triangle(&mut self, a: i32, b: i32, c: i32) {
        let [a, b, c] = [a, b, c].map(|i| self.remap.apply(i) as u32);
        self.triangles.push(if self.clockwise { [a, b, c] } else { [a, c, b] });
    }

    /// Triangulate the band between an inner row of `inner_count` points starting at `inner`
    /// and an outer row starting at `outer` that has the same number of points, or (with
    /// `trapezoid`) two more: then the first and last triangles take the outer row's extra
    /// points as fans onto the inner row's ends.
    pub fn stitch_regular(&mut self, trapezoid: bool, diagonals: Diagonals, inner_count: i32, inner: i32, outer: i32) {
        let (mut i, mut o) = (inner, outer);
        if trapezoid {
            self.triangle(o, o + 1, i);
            o += 1;
        }
        match diagonals {
            Diagonals::InsideToOutside => {
                for _ in 0..inner_count - 1 {
                    self.quad_from_inner(&mut i, &mut o);
                }
            }
            Diagonals::InsideToOutsideExceptMiddle => {
                // The quad counter mirrors the reference exactly, including the way it
                // steps over the middle quad.
                let mut p = 0;
                while p < inner_count / 2 - 1 {
                    self.quad_fan_outer(&mut i, &mut o);
                    p += 1;
                }
                self.quad_from_outer(&mut i, &mut o);
                p += 2;
                while p < inner_count {
                    self.quad_fan_outer(&mut i, &mut o);
                    p += 1;
                }
            }
            Diagonals::Mirrored => {
                let half = inner_count / 2;
                for _ in 0..half {
                    self.quad_from_outer(&mut i, &mut o);
                }
                for _ in half..inner_count - 1 {
                    self.quad_from_inner(&mut i, &mut o);
                }
            }
        }
        if trapezoid {
            self.triangle(o, o + 1, i);
        }
    }

    // The quad between inner points i, i+1 and outer points o, o+1, split three ways; each
    // advances both rows by one.

    /// Diagonal from i to o+1, the inner-side triangle first.
    fn quad_from_inner(&mut self, i: &mut i32, o: &mut i32) {
        self.triangle(*i, *o, *o + 1);
        self.triangle(*i, *o + 1, *i + 1);
        *i += 1;
        *o += 1;
    }

    /// Diagonal from o to i+1.
    fn quad_from_outer(&mut self, i: &mut i32, o: &mut i32) {
        self.triangle(*o, *i + 1, *i);
        self.triangle(*o, *o + 1, *i + 1);
        *i += 1;
        *o += 1;
    }

    /// Diagonal from i to o+1, the outer-side triangle first.
    fn quad_fan_outer(&mut self, i: &mut i32, o: &mut i32) {
        self.triangle(*o, *o + 1, *i);
        self.triangle(*i, *o + 1, *i + 1);
        *i += 1;
        *o += 1;
    }

    /// Triangulate the band between two rows subdivided with different levels (the outer
    /// edge of a patch and the first inner ring). `*_half` are the rulers' half-edge point
    /// counts. Both rows are walked from their start to their middle and then from the middle
    /// to their end; a point slot on a half-edge exists in a row if the row has more points
    /// per half than the slot's birth rank (see [`BIRTH`]), and each existing slot advances
    /// that row by one triangle. Walking slots in spatial order keeps the triangles thin
    /// and the result symmetric.
    pub fn stitch_transition(
        &mut self,
        inner: i32,
        inner_half: i32,
        inner_parity: Parity,
        outer: i32,
        outer_half: i32,
        outer_parity: Parity,
    ) {
        // An odd row's middle segment is handled separately below.
        let inner_half = inner_half - (inner_parity == Parity::Odd) as i32;
        let outer_half = outer_half - (outer_parity == Parity::Odd) as i32;
        let (mut i, mut o) = (inner, outer);

        // Slot 0 is the row's start, shared by both rows' first triangle.
        if BIRTH[0] < outer_half {
            self.triangle(o, o + 1, i);
            o += 1;
        }
        for &birth in &BIRTH[1..] {
            if birth < inner_half {
                self.triangle(i, o, i + 1);
                i += 1;
            }
            if birth < outer_half {
                self.triangle(o, o + 1, i);
                o += 1;
            }
        }

        // The middle: a quad if both rows have a middle segment, a single triangle if only
        // one does, nothing if both have a middle point.
        match (inner_parity, outer_parity) {
            (Parity::Odd, Parity::Odd) => {
                self.triangle(i, o, i + 1);
                self.triangle(i + 1, o, o + 1);
                i += 1;
                o += 1;
            }
            (Parity::Even, Parity::Odd) => {
                self.triangle(i, o, o + 1);
                o += 1;
            }
            (Parity::Odd, Parity::Even) => {
                self.triangle(i, o, i + 1);
                i += 1;
            }
            (Parity::Even, Parity::Even) => {}
        }

        // Second half: the same slots in reverse order, outer row first.
        for &birth in BIRTH[1..].iter().rev() {
            if birth < outer_half {
                self.triangle(o, o + 1, i);
                o += 1;
            }
            if birth < inner_half {
                self.triangle(i, o, i + 1);
                i += 1;
            }
        }
        if BIRTH[0] < outer_half {
            self.triangle(o, o + 1, i);
        }
    }
}

/// Slots on a half-edge in spatial order (slot 0 at the edge's end, slot 32 next to the
/// middle), each with its birth rank: a half-edge with `n` points has exactly the slots whose
/// rank is below `n`. Ranks follow a ruler (binary subdivision) order: slot 0 first, then the
/// odd slots 17; 9, 25; 5, 13, 21, 29; 3, 7, ..., 31 level by level, then the even slots 2, 4,
/// ..., 32 left to right, and slot 1 last. 33 slots cover 32 points per half (level 64).
const BIRTH: [i32; 33] = {
    let mut birth = [0i32; 33];
    // Odd slots 3..=31 and 17: for rank r in [2^k, 2^(k+1)), k = 0..=3, the slots are
    // 1 + (2j + 1) * 2^(4-k) for j = r - 2^k.
    let mut k = 0;
    while k < 4 {
        let first = 1 << k;
        let mut r = first;
        while r < 2 * first {
            let slot = 1 + (2 * (r - first) + 1) * (1 << (4 - k));
            birth[slot as usize] = r;
            r += 1;
        }
        k += 1;
    }
    // Even slots 2..=32 get ranks 16..=31, and slot 1 is born last.
    let mut slot = 2;
    while slot <= 32 {
        birth[slot] = 15 + (slot as i32) / 2;
        slot += 2;
    }
    birth[1] = 32;
    birth
};

#[cfg(test)]
mod tests {
    use super::BIRTH;

    #[test]
    fn birth_ranks_are_a_permutation() {
        let mut seen = [false; 33];
        for &b in &BIRTH {
            assert!(!seen[b as usize]);
            seen[b as usize] = true;
        }
        assert_eq!(BIRTH[0], 0);
        // The GPU kernel computes the ranks (`gpu/mesh.wgsl`, `stitch_birth`) by this formula.
        for (slot, &birth) in BIRTH.iter().enumerate() {
            let computed = match slot as u32 {
                0 => 0,
                1 => 32,
                s if s % 2 == 0 => 15 + s / 2,
                s => {
                    let m = s - 1;
                    let t = m.trailing_zeros();
                    (1 << (4 - t)) + (m >> (t + 1))
                }
            };
            assert_eq!(computed as i32, birth, "slot {slot}");
        }
        assert_eq!(BIRTH[17], 1);
        assert_eq!(BIRTH[9], 2);
        assert_eq!(BIRTH[25], 3);
        assert_eq!(BIRTH[3], 8);
        assert_eq!(BIRTH[32], 31);
        assert_eq!(BIRTH[1], 32);
    }
}
