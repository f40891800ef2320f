//! The tessellation sweep: its grid covers what the issue asks for, its comparison tells
//! winding and order apart, and (where a Vulkan device exists) the capture agrees with the CPU
//! tessellator on draws larger than lavapipe's 16-bit vertex numbering.

mod common;

use tesserae::tessellator::{Domain, Winding};
use tesserae_harness::tess_sweep::*;

fn has(levels: &[f32], value: f32) -> bool {
    levels.iter().any(|l| l.to_bits() == value.to_bits())
}

const REQUIRED: [f32; 23] =
    [0.0, 0.5, 1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 3.7, 4.0, 5.5, 7.0, 8.0, 13.3, 16.0, 31.0, 32.5, 63.0, 64.0, 65.0, 100.0, -1.0, f32::NAN];

/// Every required value (and, for the quick sets, the rarer ones) on every used level of
/// every mode's `sets`, and outer levels that differ per edge.
fn covers_every_level_on_every_edge(sets: fn(Mode) -> Vec<Levels>, required: &[f32]) {
    for mode in modes() {
        let sets = sets(mode);
        let (n_outer, n_inner) = match mode.domain {
            Domain::Triangles => (3, 1),
            Domain::Quads => (4, 2),
            Domain::Isolines => (2, 0),
        };
        for &r in required {
            for e in 0..n_outer {
                let on_edge: Vec<f32> = sets.iter().map(|(o, _)| o[e]).collect();
                assert!(has(&on_edge, r), "{mode:?}: outer {e} never {r}");
            }
            for i in 0..n_inner {
                let inner: Vec<f32> = sets.iter().map(|(_, inn)| inn[i]).collect();
                assert!(has(&inner, r), "{mode:?}: inner {i} never {r}");
            }
        }
        // Outer levels differing per edge, not only equal ones.
        let distinct = sets.iter().filter(|(o, _)| (1..n_outer).all(|e| o[e].to_bits() != o[0].to_bits())).count();
        assert!(distinct > sets.len() / 4, "{mode:?}: {distinct} of {} with distinct outer levels", sets.len());
    }
}

#[test]
fn grid_covers_every_level_on_every_edge() {
    assert!(REQUIRED.iter().all(|&r| has(&GRID, r)));
    covers_every_level_on_every_edge(level_sets, &REQUIRED);
    assert_eq!(modes().len(), 36);
    assert_eq!(modes().into_iter().map(|m| level_sets(m).len()).sum::<usize>(), 54_171);
}

#[test]
fn quick_sweep_is_a_fixed_subset_with_every_edge_case() {
    let rare = [1e-40, -0.0, f32::INFINITY, f32::NEG_INFINITY, 1.000_01, 2.000_01, 63.5, 64.5, f32::MAX, 0.25];
    covers_every_level_on_every_edge(quick_level_sets, &[&REQUIRED[..], &rare].concat());
    let bits = |l: &Levels| (l.0.map(f32::to_bits), l.1.map(f32::to_bits));
    let mut total = 0;
    for mode in modes() {
        let quick = quick_level_sets(mode);
        // The same every time, and (up to the unused levels' fillers) levels of the full sweep.
        assert_eq!(quick.iter().map(bits).collect::<Vec<_>>(), quick_level_sets(mode).iter().map(bits).collect::<Vec<_>>());
        let full: Vec<_> = level_sets(mode).iter().map(bits).collect();
        let sampled = quick.len() - full.len().div_ceil(QUICK_STRIDE);
        assert!(quick[sampled..].iter().all(|l| full.contains(&bits(l))), "{mode:?}");
        total += quick.len();
    }
    // A few thousand, so that CI runs it in seconds (see the module documentation).
    assert_eq!(total, 6_510);
}

#[test]
fn order_differences_are_mismatches() {
    let mode =
        Mode { domain: Domain::Quads, spacing: tesserae::tessellator::Spacing::FractionalEven, winding: Winding::Cw, point_mode: false };
    let levels = ([3.0, 4.0, 5.5, 2.0], [3.0, 2.5]);
    let want = expected(&config(mode, levels));
    let mut got = want.clone();
    got.primitives.swap(0, 1);
    let mut sum = Summary::default();
    assert!(!sum.record(compare(&want, &want)));
    assert!(sum.record(compare(&want, &got)));
    let mut bent = want.clone();
    bent.points[0][1] ^= 1;
    assert!(sum.record(compare(&want, &bent)));
    assert_eq!((sum.configurations, sum.mismatches, sum.order_differences), (3, 2, 1));
    let text = describe(&config(mode, levels), &want, &got);
    assert!(text.starts_with("MISMATCH (order only)") && text.contains("primitive 0 is"), "{text}");
    assert!(!text.contains("points, different order"), "{text}");
}

#[test]
fn comparison_sees_winding_and_order() {
    let mode =
        Mode { domain: Domain::Triangles, spacing: tesserae::tessellator::Spacing::FractionalOdd, winding: Winding::Cw, point_mode: false };
    let levels = ([3.7, 2.5, 5.5, 0.0], [4.0, 0.0]);
    let cw = expected(&config(mode, levels));
    let ccw = expected(&config(Mode { winding: Winding::Ccw, ..mode }, levels));
    assert_eq!(compare(&cw, &cw), Verdict::Same);
    assert_eq!(compare(&cw, &ccw), Verdict::Differ, "winding must count");
    let mut shuffled = cw.clone();
    shuffled.points.reverse();
    shuffled.primitives.rotate_left(3);
    assert_eq!(compare(&cw, &shuffled), Verdict::OrderOnly);
    let mut nudged = cw.clone();
    nudged.points[5][0] ^= 1; // one ulp
    assert_eq!(compare(&cw, &nudged), Verdict::Differ, "exact bits must count");
    let text = describe(&config(mode, levels), &cw, &nudged);
    assert!(text.starts_with("MISMATCH") && text.contains("1 only on cpu") && text.contains("1 only on driver"), "{text}");
}

#[test]
fn driver_agrees_on_large_draws() {
    let mut cap = match Capture::new(None) {
        Ok(c) => c,
        Err(CaptureError::Unavailable(why)) => return common::no_device(&format!("no Vulkan device, nothing compared: {why}")),
        Err(e) => panic!("{e}"),
    };
    // 25 patches of 3,169 points: more than 65,536 points, which one lavapipe draw cannot
    // number; the sweep splits them over several draws. Then a culled patch between two
    // others, and every grid value as a uniform level.
    let mode = Mode { domain: Domain::Triangles, spacing: tesserae::tessellator::Spacing::Equal, winding: Winding::Cw, point_mode: false };
    let mut levels = vec![([64.0; 4], [64.0; 2]); 25];
    levels.extend([([2.0; 4], [3.0; 2]), ([2.0, f32::NAN, 2.0, 2.0], [3.0; 2]), ([3.7, 1.5, 7.0, 0.0], [2.5; 2])]);
    levels.extend(GRID.iter().map(|&g| ([g; 4], [g; 2])));
    for mode in [mode, Mode { domain: Domain::Isolines, point_mode: true, ..mode }] {
        let mut total = Summary::default();
        let s = sweep_mode(&mut cap, mode, &levels, &mut total).expect("capture runs");
        assert_eq!((s.configurations, s.mismatches, s.order_differences), (levels.len(), 0, 0), "{mode:?}");
        assert!(s.points > 25 * 3169 || mode.domain == Domain::Isolines);
    }
}
