//! Small cases worked out by hand from the algorithm, with exact expected `f32` bit patterns.

use super::*;

/// Bits of k/65536 for the few fractions used below, each derived by hand:
/// k in [0x4000, 0x8000) is 1.m x 2^-2 (exponent field 125, 0x3E80_0000) with mantissa
/// (k - 0x4000) << 9; k in [0x8000, 0x10000) is 1.m x 2^-1 (0x3F00_0000) with (k - 0x8000) << 8.
const ZERO: u32 = 0x0000_0000;
const ONE: u32 = 0x3F80_0000;
const HALF: u32 = 0x3F00_0000;
/// 0x5555 / 65536, the triangle centre: (0x1555 << 9) = 0x2A_AA00.
const THIRD: u32 = 0x3EAA_AA00;
/// The six points of a fractional-odd 3.7 edge: 0, 0x4963, 0x5B4E, 0xA4B2, 0xB69D, 1.
const A: u32 = 0x3E92_C600; // 0x4963: (0x0963 << 9) = 0x12_C600
const B: u32 = 0x3EB6_9C00; // 0x5B4E: (0x1B4E << 9) = 0x36_9C00
const C: u32 = 0x3F24_B200; // 0xA4B2: (0x24B2 << 8) = 0x24_B200
const D: u32 = 0x3F36_9D00; // 0xB69D: (0x369D << 8) = 0x36_9D00

fn bits(t: &Tessellation) -> Vec<[u32; 2]> {
    t.points.iter().map(|p| p.map(f32::to_bits)).collect()
}

#[test]
fn hand_computed_fractions_match() {
    for (k, b) in [(0x5555u32, THIRD), (0x4963, A), (0x5B4E, B), (0xA4B2, C), (0xB69D, D)] {
        assert_eq!((k as f32 / 65536.0).to_bits(), b, "{k:#x}");
    }
}

/// Triangle, equal spacing, outer 2,2,2, inner 2. Each outer edge has 3 points (0, 1/2, 1);
/// the inner level 2 leaves no ring, only the centre. Ring order: edge u=0 from v=1, edge v=0
/// from w=1, edge w=0 from u=1. Each edge is stitched to the centre by two triangles.
#[test]
fn tri_equal_2() {
    let mut cfg = TessConfig::uniform(Domain::Triangles, Spacing::Equal, 2.0);
    cfg.winding = Winding::Cw;
    let t = tessellate(&cfg);
    assert_eq!(bits(&t), vec![[ZERO, ONE], [ZERO, HALF], [ZERO, ZERO], [HALF, ZERO], [ONE, ZERO], [HALF, HALF], [THIRD, THIRD],]);
    let cw = vec![[0, 1, 6], [1, 2, 6], [2, 3, 6], [3, 4, 6], [4, 5, 6], [5, 0, 6]];
    assert_eq!(t.primitives, Primitives::Triangles(cw.clone()));
    cfg.winding = Winding::Ccw;
    let ccw: Vec<[u32; 3]> = cw.iter().map(|&[a, b, c]| [a, c, b]).collect();
    assert_eq!(tessellate(&cfg).primitives, Primitives::Triangles(ccw));
    // w of the centre as the driver computes it: (1 - 0x5555/65536) - 0x5555/65536.
    assert_eq!(t.coord3(6)[2].to_bits(), (0x5556 as f32 / 65536.0).to_bits());
}

/// Triangle with every level 1: the bare domain, corners v=1, w=1, u=1.
#[test]
fn tri_minimal() {
    let mut cfg = TessConfig::uniform(Domain::Triangles, Spacing::Equal, 1.0);
    cfg.winding = Winding::Cw;
    let t = tessellate(&cfg);
    assert_eq!(bits(&t), vec![[ZERO, ONE], [ZERO, ZERO], [ONE, ZERO]]);
    assert_eq!(t.primitives, Primitives::Triangles(vec![[0, 1, 2]]));
}

/// Quad, fractional-odd 3.7 everywhere. 3.7 is 0x3B333 in 16.16; an odd edge then has six
/// points at 0, 0x4963, 0x5B4E, 0xA4B2, 0xB69D, 1 (x 1/65536): see `partition.rs` tests for
/// the arithmetic. The inner axes have six points too, giving two inner rings.
#[test]
fn quad_fractional_odd_3_7() {
    let cfg = TessConfig::uniform(Domain::Quads, Spacing::FractionalOdd, 3.7);
    let t = tessellate(&cfg);
    #[rustfmt::skip]
    let expected = vec![
        // Outer edge u = 0, v from 1 down (its last point, (0,0), starts the next edge).
        [ZERO, ONE], [ZERO, D], [ZERO, C], [ZERO, B], [ZERO, A],
        // Edge v = 0, u increasing.
        [ZERO, ZERO], [A, ZERO], [B, ZERO], [C, ZERO], [D, ZERO],
        // Edge u = 1, v increasing.
        [ONE, ZERO], [ONE, A], [ONE, B], [ONE, C], [ONE, D],
        // Edge v = 1, u decreasing.
        [ONE, ONE], [D, ONE], [C, ONE], [B, ONE], [A, ONE],
        // Ring 1 (points 1..=4 of each inner axis), same order.
        [A, D], [A, C], [A, B],
        [A, A], [B, A], [C, A],
        [D, A], [D, B], [D, C],
        [D, D], [C, D], [B, D],
        // Ring 2 (points 2..=3).
        [B, C], [B, B], [C, B], [C, C],
    ];
    assert_eq!(bits(&t), expected);
    // 6 x 6 points, and 5 x 5 cells of two triangles.
    assert_eq!(t.primitives.len(), 50);
}

/// Isolines, equal spacing, density 2 and detail 3: lines at v = 0 and 1/2, each with points at
/// u = 0, 0x5555, 0xAAAB (the mirror of 0x5555), 1.
#[test]
fn isolines_2_by_3() {
    let mut cfg = TessConfig::uniform(Domain::Isolines, Spacing::Equal, 0.0);
    cfg.outer = [2.0, 3.0, 0.0, 0.0];
    let t = tessellate(&cfg);
    let two_thirds = 0x3F2A_AB00; // 0xAAAB: (0x2AAB << 8)
    #[rustfmt::skip]
    let expected = vec![
        [ZERO, ZERO], [THIRD, ZERO], [two_thirds, ZERO], [ONE, ZERO],
        [ZERO, HALF], [THIRD, HALF], [two_thirds, HALF], [ONE, HALF],
    ];
    assert_eq!(bits(&t), expected);
    assert_eq!(t.primitives, Primitives::Lines(vec![[0, 1], [1, 2], [2, 3], [4, 5], [5, 6], [6, 7]]));
}
