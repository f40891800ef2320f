//! Subdividing one edge (a 0..1 parameter range) for a fixed-point tessellation level.
//!
//! The reference tessellator treats every edge as two mirrored halves meeting at 0.5. A level
//! `L` is halved (`L/2`), and points are laid out on a half-edge by blending two regular
//! subdivisions: one with `floor(L/2)` segments per half and one with `ceil(L/2)` segments per
//! half, weighted by the fraction of `L/2`. When the fraction grows from 0 to 1 one new point is
//! "born" (split off an existing one) on each half; which existing point splits is chosen by a
//! ruler-function order so that, as the level grows, points appear in a balanced way. The
//! second half is the exact mirror (`1 - x`) of the first, which is what makes edge point sets
//! symmetric and shared edges crack-free.
//!
//! Odd parity (fractional-odd spacing, or an odd integer level) works with `L/2 + 1/2`, so the
//! middle of the edge is a segment; even parity keeps a point fixed at exactly 0.5.

use super::fixed::{self, Fxp, HALF, ONE};

/// Whether an edge is subdivided around a middle point (even) or a middle segment (odd).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Parity {
    Even,
    Odd,
}

/// Everything needed to place the points of one edge: computed once per level.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ruler {
    pub parity: Parity,
    /// Fraction of the (shifted) half level: the blend weight of the finer subdivision.
    frac: Fxp,
    /// Points on one half-edge, counted from the end and including it; for even parity the
    /// fixed midpoint is not counted.
    pub half_points: i32,
    /// Points with an index above this one exist in the coarse subdivision one index lower:
    /// this is where the newest point is being split off.
    split_point: i32,
    /// 1/segments of the whole edge for the coarse (floor) and fine (ceil) subdivisions.
    inv_floor_segments: Fxp,
    inv_ceil_segments: Fxp,
}

/// Number of points (both ends included) on an edge of fixed-point level `level`.
pub(crate) fn point_count(level: Fxp, parity: Parity) -> i32 {
    // Half the level, rounded (the +1 rounds the last bit instead of truncating it).
    let half = level.wrapping_add(1) / 2;
    match parity {
        Parity::Odd => (fixed::ceil(HALF.wrapping_add(half)).wrapping_mul(2) >> fixed::FRAC_BITS) as i32,
        Parity::Even => (fixed::ceil(half).wrapping_mul(2) >> fixed::FRAC_BITS) as i32 + 1,
    }
}

impl Ruler {
    /// Prepare the subdivision of an edge with fixed-point level `level`.
    pub(crate) fn new(level: Fxp, parity: Parity) -> Ruler {
        let mut half = level.wrapping_add(1) / 2;
        // Odd parity is built on L/2 + 1/2. An even level of exactly 1 (which integer spacing
        // uses for an inner level of 1) is treated the same way, as if it were 2.
        if parity == Parity::Odd || half == HALF {
            half = half.wrapping_add(HALF);
        }
        let lo = fixed::floor(half);
        let hi = fixed::ceil(half);
        let half_points = (hi >> fixed::FRAC_BITS) as i32;
        let split_point = if lo == hi {
            // No point is being born: pick an index that is never exceeded.
            half_points + 1
        } else {
            // The point being born sits next to a point chosen by the ruler order: clear the
            // leading bit of the coarse half-count (for odd parity, counted without the middle
            // segment) and map it onto the odd point indices.
            let base = (lo >> fixed::FRAC_BITS) as i32;
            match parity {
                Parity::Odd if lo == ONE => 0,
                Parity::Odd => (fixed::remove_msb(base - 1) << 1) + 1,
                Parity::Even => (fixed::remove_msb(base) << 1) + 1,
            }
        };
        let mut floor_segments = (lo.wrapping_mul(2) >> fixed::FRAC_BITS) as i32;
        let mut ceil_segments = (hi.wrapping_mul(2) >> fixed::FRAC_BITS) as i32;
        if parity == Parity::Odd {
            // The shifted half level counted the middle segment twice.
            floor_segments -= 1;
            ceil_segments -= 1;
        }
        Ruler {
            parity,
            frac: half.wrapping_sub(lo),
            half_points,
            split_point,
            inv_floor_segments: fixed::reciprocal(floor_segments),
            inv_ceil_segments: fixed::reciprocal(ceil_segments),
        }
    }

    /// Fixed-point parameter of point `index` along the edge (0 at the start, ONE at the end).
    pub(crate) fn place(&self, index: i32) -> Fxp {
        let mut point = index;
        // Points on the second half are mirrors of points on the first half.
        let mirrored = point >= self.half_points;
        if mirrored {
            point = 2 * self.half_points - point;
            if self.parity == Parity::Odd {
                point -= 1;
            }
        }
        if point == self.half_points {
            // The even midpoint: exact, which the blend below could not guarantee.
            return HALF;
        }
        // Index of this point in the fine subdivision, and in the coarse one (where the point
        // being born does not exist yet, so everything past it shifts down by one).
        let fine_index = point as u32;
        let coarse_index = if point > self.split_point { fine_index.wrapping_sub(1) } else { fine_index };
        let coarse = coarse_index.wrapping_mul(self.inv_floor_segments);
        let fine = fine_index.wrapping_mul(self.inv_ceil_segments);
        // Blend the two positions (both at most 0.5, so the 32-bit products cannot overflow),
        // then round the 32-fraction-bit product back to 16 fraction bits.
        let blended = coarse.wrapping_mul(ONE.wrapping_sub(self.frac)).wrapping_add(fine.wrapping_mul(self.frac));
        let location = blended.wrapping_add(HALF) >> fixed::FRAC_BITS;
        if mirrored {
            ONE.wrapping_sub(location)
        } else {
            location
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_level_two() {
        let r = Ruler::new(2 << 16, Parity::Even);
        assert_eq!(point_count(2 << 16, Parity::Even), 3);
        assert_eq!([r.place(0), r.place(1), r.place(2)], [0, HALF, ONE]);
    }

    #[test]
    fn fractional_odd_3_7() {
        // Worked by hand (see golden tests): six points, three long and two short segments.
        let level = fixed::from_f32(3.7);
        assert_eq!(point_count(level, Parity::Odd), 6);
        let r = Ruler::new(level, Parity::Odd);
        let got: Vec<u32> = (0..6).map(|i| r.place(i)).collect();
        assert_eq!(got, vec![0, 0x4963, 0x5B4E, 0xA4B2, 0xB69D, ONE]);
    }

    #[test]
    fn integer_levels_are_regular() {
        for n in 1..=64u32 {
            let parity = if n % 2 == 0 { Parity::Even } else { Parity::Odd };
            let level = n << 16;
            assert_eq!(point_count(level, parity), n as i32 + 1, "level {n}");
            let r = Ruler::new(level, parity);
            for i in 0..=n as i32 {
                // Positions are i * round(65536/n), so the error grows with the index.
                let exact = (i as f64) / n as f64;
                let got = r.place(i) as f64 / 65536.0;
                assert!((got - exact).abs() <= 20.0 / 65536.0, "level {n} point {i}");
            }
        }
    }
}
