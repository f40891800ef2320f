//! The GPU tessellator's kernels on wgpu's Vulkan backend against the CPU tessellator: a
//! deterministic subset of the sweep over every mode, several instances, dispatches split over
//! two dimensions, output buffers too small, and a scan over millions of patches.
//!
//! Without a Vulkan adapter these tests print that they skipped, unless
//! `TESSERAE_REQUIRE_DEVICE=1`, where they fail. `TESSERAE_GPU_BACKEND=gl` runs them on wgpu's
//! GL backend instead (set `LIBGL_ALWAYS_SOFTWARE=1` for llvmpipe).

mod common;

use tesserae::tessellator::{Domain, Spacing, Winding};
use tesserae_harness::executor::translated::Backend;
use tesserae_harness::tess_sweep::gpu::{self, GpuError, GpuTessellator, OutputSizes};
use tesserae_harness::tess_sweep::{config, level_sets, modes, Levels, Mode};

/// Vulkan, or the backend named by `TESSERAE_GPU_BACKEND` (`gl` for a manual run on GL).
fn device() -> Option<GpuTessellator> {
    let backend = std::env::var("TESSERAE_GPU_BACKEND").map_or(Ok(Backend::Vulkan), |b| Backend::parse(&b)).expect("backend");
    match GpuTessellator::new(backend, None) {
        Ok(g) => Some(g),
        Err(GpuError::Unavailable(why)) => {
            common::no_device(&format!("no wgpu adapter: {why}"));
            None
        }
        Err(e) => panic!("{e}"),
    }
}

/// Every `step`-th configuration of the mode's sweep, plus hand-picked edge cases.
fn subset(mode: Mode, step: usize) -> Vec<Levels> {
    let mut v: Vec<Levels> = level_sets(mode).into_iter().step_by(step).collect();
    let nan = f32::NAN;
    v.extend([
        ([64.0; 4], [64.0; 2]),
        ([1.0; 4], [1.0; 2]),
        ([1e-40, 2.0, 3.0, 4.0], [2.0; 2]),
        ([2.0, 3.0, 4.0, 5.0], [nan, 1e-40]),
        ([f32::INFINITY, f32::MAX, 63.5, 64.5], [-0.0, f32::NEG_INFINITY]),
        ([1.0, 1.0, 1.0, 1.0], [1.000_01, 1.0]),
        ([3.7, 2.5, 5.5, 1.2], [4.0, 7.0]),
        ([2.0, nan, 2.0, 2.0], [3.0; 2]),
        // Around the fractional-odd frame threshold (a level above 1 + 2^-17 raises the inner
        // levels' lower bound) and the round-to-even of 1 + 2^-17 to 1.0 in fixed point.
        ([1.0 + 1.0 / 131072.0, 1.0, 1.0, 1.0], [1.0; 2]),
        ([1.0, 1.0, 1.0, 1.0], [1.0 + 1.0 / 131072.0, 1.0]),
        ([1.0, 1.0, 1.0, 1.0 + 3.0 / 131072.0], [1.0; 2]),
        ([1.0, 1.0, 1.0, 1.0], [1.0, 1.0 + 1.0 / 65536.0]),
        ([1.0, 1.0 + 1.0 / 65536.0, 1.0, 1.0], [0.5, 1.0]),
    ]);
    v
}

fn check(g: &mut GpuTessellator, mode: Mode, levels: &[Levels], instances: u32) -> usize {
    let out = g.run(gpu::tess_mode(mode), levels, instances).expect("kernels run");
    let scan = gpu::check_scan(&out);
    assert!(scan.is_empty(), "{mode:?}: {scan:?}");
    let mut bad = 0;
    for (p, &l) in levels.iter().enumerate() {
        if let Some(why) = gpu::compare_patch(&config(mode, l), p, &out) {
            bad += 1;
            if bad <= 3 {
                eprintln!("MISMATCH {mode:?} {l:?}: {why}");
            }
        }
    }
    bad
}

#[test]
fn gpu_matches_cpu_on_every_mode() {
    let Some(mut g) = device() else { return };
    let (mut total, mut bad) = (0, 0);
    for mode in modes() {
        let levels = subset(mode, 97);
        total += levels.len();
        bad += check(&mut g, mode, &levels, 1);
    }
    assert!(total >= 600, "{total}");
    assert_eq!(bad, 0, "{bad} of {total} configurations differ");
}

#[test]
fn instances_and_two_dimensional_dispatches() {
    let Some(mut g) = device() else { return };
    // 3 instances of 70 patches; 4 workgroups per dimension at most, so count and emit
    // (ceil(210 / 64) = 4 workgroups) still fit and the scan of 2,500 patches (3 blocks) too,
    // then 2 per dimension: (2, 2) and (2, 2).
    for max in [4, 2, 1] {
        g.set_max_workgroups_per_dimension(max);
        for mode in [
            Mode { domain: Domain::Quads, spacing: Spacing::FractionalOdd, winding: Winding::Ccw, point_mode: false },
            Mode { domain: Domain::Triangles, spacing: Spacing::FractionalEven, winding: Winding::Cw, point_mode: false },
            Mode { domain: Domain::Isolines, spacing: Spacing::Equal, winding: Winding::Cw, point_mode: true },
        ] {
            let levels: Vec<Levels> = level_sets(mode).into_iter().take(210).collect();
            assert_eq!(check(&mut g, mode, &levels, 3), 0, "{mode:?} max {max}");
            // More patches than one scan block, with small counts.
            let many: Vec<Levels> = (0..2500).map(|i| ([1.0 + (i % 5) as f32, 2.0, 3.0, 1.5], [2.5, 1.0 + (i % 3) as f32])).collect();
            assert_eq!(check(&mut g, mode, &many, 5), 0, "{mode:?} max {max}");
        }
    }
}

#[test]
fn too_small_output_buffers_drop_output() {
    let Some(mut g) = device() else { return };
    let mode = Mode { domain: Domain::Triangles, spacing: Spacing::FractionalOdd, winding: Winding::Cw, point_mode: false };
    let levels: Vec<Levels> = level_sets(mode).into_iter().take(40).collect();
    let tm = gpu::tess_mode(mode);
    let (full, intact) = g.run_sized(tm, &levels, 1, OutputSizes::default()).expect("runs");
    assert!(intact);
    let (points, entries) = (full.indirect[5] as u64, full.indirect[0] as u64);
    assert!(points > 100 && entries > 300);
    for (dp, de) in [(points / 2, entries / 3), (1, 1), (0, 0), (points - 1, entries - 1)] {
        let sizes = OutputSizes { domain: Some(16 * dp), indices: Some(4 * de) };
        let (out, intact) = g.run_sized(tm, &levels, 1, sizes).expect("runs");
        assert!(intact, "wrote past a binding of {dp} points / {de} entries");
        // What fits is what the full run wrote.
        assert_eq!(out.domain[..dp as usize], full.domain[..dp as usize]);
        assert_eq!(out.indices[..de as usize], full.indices[..de as usize]);
    }
}

#[test]
fn scan_of_four_million_patches() {
    let Some(mut g) = device() else { return };
    let mode = Mode { domain: Domain::Isolines, spacing: Spacing::Equal, winding: Winding::Cw, point_mode: false };
    let patches = (1usize << 22) + 5;
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let counts: Vec<u32> = (0..2 * patches)
        .map(|_| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 58) as u32 // 0..63
        })
        .collect();
    for max in [65535, 1000] {
        g.set_max_workgroups_per_dimension(max);
        let (offsets, indirect) = g.scan(gpu::tess_mode(mode), &counts).expect("scan runs");
        let (mut points, mut entries) = (0u32, 0u32);
        for p in 0..patches {
            assert_eq!((offsets[2 * p], offsets[2 * p + 1]), (points, entries), "patch {p} (max {max})");
            points += counts[2 * p];
            entries += counts[2 * p + 1];
        }
        assert_eq!(indirect, [entries, 1, 0, 0, 0, points]);
    }
    // And no patches at all: the totals are still written.
    let (offsets, indirect) = g.scan(gpu::tess_mode(mode), &[]).expect("scan runs");
    assert!(offsets.is_empty());
    assert_eq!(indirect, [0, 1, 0, 0, 0, 0]);
}

#[test]
fn comparison_sees_a_flipped_bit_and_a_swapped_index() {
    let Some(mut g) = device() else { return };
    let mode = Mode { domain: Domain::Quads, spacing: Spacing::Equal, winding: Winding::Cw, point_mode: false };
    let levels = [([3.0, 4.0, 5.0, 6.0], [4.0, 3.0]), ([2.0; 4], [2.0; 2])];
    let out = g.run(gpu::tess_mode(mode), &levels, 1).expect("runs");
    assert!(gpu::compare_patch(&config(mode, levels[1]), 1, &out).is_none());
    let mut bent = out.clone();
    let i = out.offsets[2] as usize + 3;
    bent.domain[i][1] ^= 1;
    assert!(gpu::compare_patch(&config(mode, levels[1]), 1, &bent).is_some_and(|s| s.contains("point 3")));
    let mut swapped = out.clone();
    let j = out.offsets[3] as usize;
    swapped.indices.swap(j + 1, j + 2);
    assert!(gpu::compare_patch(&config(mode, levels[1]), 1, &swapped).is_some_and(|s| s.contains("index entry 1")));
    // Counterclockwise differs.
    let ccw = Mode { winding: Winding::Ccw, ..mode };
    assert!(gpu::compare_patch(&config(ccw, levels[1]), 1, &out).is_some());
}
