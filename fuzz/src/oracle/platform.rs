//! Platform rules: differences between two implementations that are both within what Vulkan
//! (and GL, for wgpu's GL backend) allow, recognised by bounded evidence. Each rule is bounded
//! by figures measured on this platform (how far pixels move, by how many steps a channel
//! differs, how many pixels) and cites its measurement ([`PlatformRule::measurement`]); a
//! difference past a bound is a finding.

use super::driver_bugs::{covered, near, Case};

/// Most pixels (percent of the image) llvmpipe's GL may differ at through a discontinuous
/// function of an interpolated value, from a Vulkan rendering the other executors matched
/// ([`crate::gen::Program::discontinuous_over_interpolated`]; seed 20 on 2026-12-02: 3 to 93
/// pixels of 4,096, 2.3%).
pub const GL_DISCONTINUITY_PERCENT: f64 = 3.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlatformRule {
    /// wgpu-gl: GL rasterizes lines with the diamond-exit rule, lavapipe with Bresenham; a
    /// line's pixels move by one and its colours round one step apart, and where segments
    /// meet or cross the pixel may be the other segment's.
    GlLineRule,
    /// wgpu-gl: llvmpipe's GL rounds interpolated values one step differently.
    GlRounding,
    /// wgpu-vulkan: WebGPU's y-up clip space reaches Vulkan through a flipped viewport, a
    /// mirrored triangle setup whose interpolated values may round one step apart.
    FlippedViewportRounding,
    /// wgpu-gl: an interpolated value one ulp apart crosses a discontinuous function (fract,
    /// floor, a comparison) at a few pixels; wgpu-vulkan rendered the same plan exactly.
    GlInterpolationDiscontinuity,
}

impl PlatformRule {
    pub const ALL: [PlatformRule; 4] = [
        PlatformRule::GlLineRule,
        PlatformRule::GlRounding,
        PlatformRule::FlippedViewportRounding,
        PlatformRule::GlInterpolationDiscontinuity,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PlatformRule::GlLineRule => "gl-line-rule",
            PlatformRule::GlRounding => "gl-rounding",
            PlatformRule::FlippedViewportRounding => "flipped-viewport-rounding",
            PlatformRule::GlInterpolationDiscontinuity => "gl-interpolation-discontinuity",
        }
    }

    /// The bound and the measurement it rests on.
    pub fn measurement(self) -> &'static str {
        match self {
            PlatformRule::GlLineRule => {
                "drawn pixels move by at most one pixel; a pixel both draw differs by at most one step more than half the step to a neighbour \
                 native draws (its value sampled within half a pixel along the line) or holds a value native shows within one pixel, or a moved \
                 pixel is next to it (corpus basic/line-list: \
                 34 of 590 edge pixels of a diagonal line move; basic/line-strip: 61 pixels by 1; Mesa 22.3.6, 2026-12-04; seed 32 iteration 203, \
                 2026-12-04: 8 pixels of a steep line 2 to 5 steps apart where native's neighbours are 15 to 30 apart, \
                 fuzz/regressions/differential/precision-gl-line-sampling-4505a57a; seed 14 iteration 109: 2 joint pixels of a line strip \
                 holding the value native shows a pixel away, precision-gl-line-joint-84f93307); or continues a line native draws within two \
                 pixels by one pixel, within half a pixel's change (seed 37 iteration 553: a segment's end pixel drawn over another segment, \
                 precision-gl-line-end-geometry-b9c30332; seed 14 iteration 109: a crossing segment moved by one under the other, \
                 precision-gl-line-crossing-a508abee)"
            }
            PlatformRule::GlRounding => {
                "one step in any channel, pixels both draw (basic/varying-smooth: 3 pixels by 1, cull/mixed-clip-cull: 11 of 4074, basic/line-strip: \
                 61; tesserae-harness tolerances, 2026-12-04; the differential run on seed 32, 2026-12-04: up to 2,175 of 4,096 pixels, by 1)"
            }
            PlatformRule::FlippedViewportRounding => {
                "one step in any channel, pixels both draw (seed 21, 2026-12-02: 1 to 172 of 4,096 pixels; \
                 fuzz/regressions/differential/precision-vulkan-flipped-viewport-1-lsb: 11; corpus \
                 basic/constant-varying-perspective-rounding: 11 of 4,096 by 1, 2026-12-06)"
            }
            PlatformRule::GlInterpolationDiscontinuity => {
                "at most 3% of the pixels, a discontinuous function of an interpolated value, wgpu-vulkan exact (seed 20, 2026-12-02: 3 to 93 of \
                 4,096 pixels; the precision-gl-* reproducers, each differing pixel's operand at the discontinuity by hand; corpus \
                 basic/constant-varying-perspective-ceil: 10 of 4,096 pixels, 2026-12-06)"
            }
        }
    }

    /// Whether the rule's shape says more than which executor differs (lines drawn, a
    /// discontinuous program): a difference with that shape past the bound is reported with the
    /// bound it broke. (The rounding rules' shape is the executor alone.)
    pub fn specific(self) -> bool {
        matches!(self, PlatformRule::GlLineRule | PlatformRule::GlInterpolationDiscontinuity)
    }

    /// Whether the rule can apply to `case` at all.
    pub fn applies(self, case: &Case, earlier_exact: bool) -> bool {
        match self {
            PlatformRule::GlLineRule => case.executor == "wgpu-gl" && case.spec.draws_lines(),
            PlatformRule::GlRounding => case.executor == "wgpu-gl",
            PlatformRule::FlippedViewportRounding => case.executor == "wgpu-vulkan",
            PlatformRule::GlInterpolationDiscontinuity => {
                case.executor == "wgpu-gl"
                    && earlier_exact
                    && case.spec.fragment.as_ref().is_some_and(|f| f.discontinuous_over_interpolated(&case.spec.varyings))
            }
        }
    }

    /// `Ok` with the figures when `case` is within the rule's bound, `Err` with the figure past
    /// it.
    pub fn bound(self, case: &Case) -> Result<String, String> {
        let (n, t) = (case.native, case.translated);
        let diff: Vec<usize> =
            (0..(n.width * n.height) as usize).filter(|&i| n.data[4 * i..4 * i + 4] != t.data[4 * i..4 * i + 4]).collect();
        let step = |i: usize| (0..4).map(|c| n.data[4 * i + c].abs_diff(t.data[4 * i + c])).max().unwrap_or(0);
        let largest = diff.iter().map(|&i| step(i)).max().unwrap_or(0);
        match self {
            PlatformRule::GlLineRule => {
                let moved = |i: usize| covered(n, i) != covered(t, i);
                let far = diff
                    .iter()
                    .filter(|&&i| {
                        if covered(n, i) && !covered(t, i) {
                            !near(t, i, |j| covered(t, j))
                        } else if covered(t, i) && !covered(n, i) {
                            !near(n, i, |j| covered(n, j))
                        } else {
                            step(i) > 1 && !near(n, i, moved) && !within_half_a_pixel(n, t, i) && !continues_a_line(n, t, i)
                        }
                    })
                    .count();
                if far > 0 {
                    return Err(format!(
                        "{far} of {} differing pixels are neither a line pixel moved by one nor a value sampled within half a pixel",
                        diff.len()
                    ));
                }
                Ok(format!("{} pixels, moved by one or sampled within half a pixel", diff.len()))
            }
            PlatformRule::GlRounding | PlatformRule::FlippedViewportRounding => {
                if largest > 1 {
                    return Err(format!("channels differ by {largest} steps"));
                }
                let one_side = diff.iter().filter(|&&i| covered(n, i) != covered(t, i)).count();
                if one_side > 0 {
                    return Err(format!("{one_side} differing pixels are drawn by one side only"));
                }
                Ok(format!("{} pixels, one step apart", diff.len()))
            }
            PlatformRule::GlInterpolationDiscontinuity => {
                let most = (n.width * n.height) as f64 * GL_DISCONTINUITY_PERCENT / 100.0;
                if diff.len() as f64 > most {
                    return Err(format!("{} pixels differ, more than {GL_DISCONTINUITY_PERCENT}% of the image", diff.len()));
                }
                Ok(format!("{} pixels (at most {GL_DISCONTINUITY_PERCENT}%)", diff.len()))
            }
        }
    }
}

/// Whether every channel of pixel `i` in `t` is a value `n` shows within one pixel: at most one
/// step more than half the largest difference between `n` there and a neighbour `n` draws (a
/// sample up to half a pixel away along the line: GL and lavapipe sample a line's attributes at
/// slightly different points), or within one step of the range of `n` over the pixel and the
/// neighbours it draws (a strip's joint pixel drawn by the other segment).
fn within_half_a_pixel(n: &tesserae_results::image::Image, t: &tesserae_results::image::Image, i: usize) -> bool {
    let (w, h) = (n.width as i64, n.height as i64);
    let (x, y) = ((i as i64) % w, (i as i64) / w);
    (0..4).all(|c| {
        let (here, there) = (n.data[4 * i + c], t.data[4 * i + c]);
        let (mut gradient, mut lo, mut hi) = (0u8, here, here);
        for dy in -1..=1i64 {
            for dx in -1..=1i64 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx, dy) != (0, 0) && nx >= 0 && ny >= 0 && nx < w && ny < h {
                    let j = (ny * w + nx) as usize;
                    if covered(n, j) {
                        let v = n.data[4 * j + c];
                        gradient = gradient.max(here.abs_diff(v));
                        (lo, hi) = (lo.min(v), hi.max(v));
                    }
                }
            }
        }
        u16::from(here.abs_diff(there)) <= 1 + u16::from(gradient) / 2 || (lo.saturating_sub(1)..=hi.saturating_add(1)).contains(&there)
    })
}

/// Whether pixel `i` of `t` holds the value of another line `n` draws nearby, one pixel further
/// along it: for native pixels `j` within two pixels of `i` and `k` next to `j` and farther
/// from `i`, where `p = 2j − k` (the line's next pixel) is `i` or next to it and `i` is off the
/// line through `k` and `j` (a value moved along its own line is `within_half_a_pixel`'s to
/// judge), every channel within half a pixel's change (plus one step) of `2·n[j] − n[k]`. That
/// is the pixel at a segment's end or where segments cross, drawn by the other segment (GL's
/// diamond-exit rule draws a segment's last pixel where lavapipe does not, or moves a crossing
/// segment by one under the other).
fn continues_a_line(n: &tesserae_results::image::Image, t: &tesserae_results::image::Image, i: usize) -> bool {
    let (w, h) = (n.width as i64, n.height as i64);
    let (x, y) = ((i as i64) % w, (i as i64) / w);
    let at = |px: i64, py: i64| (px >= 0 && py >= 0 && px < w && py < h).then(|| (py * w + px) as usize);
    let distance = |ax: i64, ay: i64| (ax - x).abs().max((ay - y).abs());
    for (jx, jy) in (-2..=2i64).flat_map(|dy| (-2..=2i64).map(move |dx| (x + dx, y + dy))) {
        let Some(j) = at(jx, jy).filter(|&j| j != i && covered(n, j)) else { continue };
        for (kx, ky) in (-1..=1i64).flat_map(|dy| (-1..=1i64).map(move |dx| (jx + dx, jy + dy))) {
            let Some(k) = at(kx, ky).filter(|&k| k != j && covered(n, k)) else { continue };
            let (px, py) = (2 * jx - kx, 2 * jy - ky);
            let collinear = (x - jx) * (jy - ky) == (y - jy) * (jx - kx);
            if k == i || distance(kx, ky) <= distance(jx, jy) || distance(px, py) > 1 || collinear {
                continue;
            }
            let fits = (0..4).all(|c| {
                let (vj, vk) = (i32::from(n.data[4 * j + c]), i32::from(n.data[4 * k + c]));
                let expected = (2 * vj - vk).clamp(0, 255);
                (i32::from(t.data[4 * i + c]) - expected).abs() <= 1 + (vj - vk).abs() / 2
            });
            if fits {
                return true;
            }
        }
    }
    false
}

/// The first rule that applies and whose bound holds, or the [specific](PlatformRule::specific)
/// rules that applied and why their bounds did not.
pub fn classify(case: &Case, earlier_exact: bool) -> Result<(PlatformRule, String), Vec<(PlatformRule, String)>> {
    let mut failed = Vec::new();
    for rule in PlatformRule::ALL {
        if !rule.applies(case, earlier_exact) {
            continue;
        }
        match rule.bound(case) {
            Ok(e) => return Ok((rule, e)),
            Err(why) if rule.specific() => failed.push((rule, why)),
            Err(_) => {}
        }
    }
    Err(failed)
}
