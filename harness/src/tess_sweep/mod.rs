//! `tesserae-harness tess-sweep` (`cargo xtask tess-sweep`): the CPU tessellator
//! ([`tesserae::tessellator`]) against the Vulkan driver's, over every domain × spacing ×
//! vertex order × point mode and a grid of levels.
//!
//! For each configuration (one patch) it compares
//! * the domain points: the `f32` bits of every `gl_TessCoord` the evaluation shader saw
//!   (u, v and, for triangles, w as the driver computed it), in the order the capture's
//!   increments recorded them; and
//! * the primitives: each as the tuple of its vertices' coordinates in the order the
//!   geometry shader received them (so the winding counts), in capture order.
//!
//! A configuration is a mismatch when the multisets of points or primitives differ
//! ([`Verdict::Differ`]) and also when they agree but the order does not
//! ([`Verdict::OrderOnly`]): Vulkan itself guarantees neither the order of evaluation
//! invocations nor how often a point is evaluated, but the tessellator promises the driver's
//! order (lavapipe's shaders run in order, so its capture order is its generation order), and
//! the runtime's output order depends on it. Each mismatch says which kind it is, and the
//! summary counts the order-only ones separately.
//!
//! `--quick` ([`quick_level_sets`]) runs a fixed subset, 6,510 configurations over every mode
//! with every edge-case level on every edge, for CI: 3.6 s in the dev profile on two cores
//! with lavapipe (Mesa 22.3.6), where the full sweep ([`level_sets`], 54,171 configurations)
//! takes 44 s.
//!
//! The last line of stdout is `configurations=N mismatches=M`. Exit status: 0 when M = 0, 1
//! otherwise, 125 when no usable Vulkan device exists.

mod capture;
mod device;
pub mod gpu;
mod grid;

pub use capture::{Capture, Levels, Mode, PatchCapture};
pub use device::CaptureError;
pub use grid::{level_sets, quick_level_sets, GRID, QUICK_STRIDE};

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;
use tesserae::tessellator::{self, Domain, Primitives, Spacing, TessConfig, Winding};

/// Domain points per draw. lavapipe (Mesa 22.3.6) numbers the evaluated vertices of a draw
/// with 16-bit indices: past 65,536 points in one draw its primitives wrap around to the
/// draw's first vertices. So a draw holds as many patches as fit in 65,536 points (a patch
/// has at most 65 × 65 = 4,225).
const MAX_POINTS_PER_DRAW: usize = 1 << 16;
/// How many mismatching configurations are printed in detail.
const DETAILS: usize = 5;

/// Every evaluation-shader mode, in sweep order.
pub fn modes() -> Vec<Mode> {
    let mut v = Vec::new();
    for domain in [Domain::Triangles, Domain::Quads, Domain::Isolines] {
        for spacing in [Spacing::Equal, Spacing::FractionalOdd, Spacing::FractionalEven] {
            for winding in [Winding::Cw, Winding::Ccw] {
                for point_mode in [false, true] {
                    v.push(Mode { domain, spacing, winding, point_mode });
                }
            }
        }
    }
    v
}

pub fn config(mode: Mode, (outer, inner): Levels) -> TessConfig {
    TessConfig { domain: mode.domain, spacing: mode.spacing, winding: mode.winding, point_mode: mode.point_mode, outer, inner }
}

/// What the driver should produce for `cfg`, in the capture's form and the CPU tessellator's
/// order.
pub fn expected(cfg: &TessConfig) -> PatchCapture {
    let t = tessellator::tessellate(cfg);
    let bits = |i: u32| t.coord3(i as usize).map(f32::to_bits);
    let points = (0..t.points.len() as u32).map(bits).collect();
    let primitives = match &t.primitives {
        Primitives::Points(p) => p.iter().map(|&i| vec![bits(i)]).collect(),
        Primitives::Lines(l) => l.iter().map(|l| l.iter().map(|&i| bits(i)).collect()).collect(),
        Primitives::Triangles(t) => t.iter().map(|t| t.iter().map(|&i| bits(i)).collect()).collect(),
    };
    PatchCapture { points, primitives }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Same,
    /// Same multisets of points and primitives, different increment order: a mismatch too.
    OrderOnly,
    Differ,
}

pub fn compare(want: &PatchCapture, got: &PatchCapture) -> Verdict {
    if want == got {
        return Verdict::Same;
    }
    let sorted = |c: &PatchCapture| {
        let (mut p, mut t) = (c.points.clone(), c.primitives.clone());
        p.sort_unstable();
        t.sort_unstable();
        (p, t)
    };
    if sorted(want) == sorted(got) {
        Verdict::OrderOnly
    } else {
        Verdict::Differ
    }
}

fn coord(c: &[u32; 3]) -> String {
    let f = c.map(f32::from_bits);
    format!("({}, {}, {})[{:08x} {:08x} {:08x}]", f[0], f[1], f[2], c[0], c[1], c[2])
}

/// Elements of `a` not matched in `b` (multiset difference), at most `n`.
fn only_in<T: Ord + Clone>(a: &[T], b: &[T], n: usize) -> (usize, Vec<T>) {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort();
    b.sort();
    let (mut out, mut count, mut j) = (Vec::new(), 0, 0);
    for x in a {
        while j < b.len() && b[j] < x {
            j += 1;
        }
        if j < b.len() && b[j] == x {
            j += 1;
        } else {
            count += 1;
            if out.len() < n {
                out.push(x);
            }
        }
    }
    (count, out)
}

/// A readable account of how `got` differs from `want` for `cfg`.
pub fn describe(cfg: &TessConfig, want: &PatchCapture, got: &PatchCapture) -> String {
    let mut s = String::new();
    let bits = |l: &[f32]| l.iter().map(|x| format!("{:08x}", x.to_bits())).collect::<Vec<_>>().join(" ");
    let _ = writeln!(
        s,
        "MISMATCH{} {:?} {:?} {:?}{}: outer {:?} [{}] inner {:?} [{}]",
        if compare(want, got) == Verdict::OrderOnly { " (order only)" } else { "" },
        cfg.domain,
        cfg.spacing,
        cfg.winding,
        if cfg.point_mode { " point-mode" } else { "" },
        cfg.outer,
        bits(&cfg.outer),
        cfg.inner,
        bits(&cfg.inner)
    );
    if compare(want, got) == Verdict::OrderOnly {
        // Same multisets: say where the order first departs.
        let first = |a: &[[u32; 3]], b: &[[u32; 3]]| a.iter().zip(b).position(|(x, y)| x != y);
        if let Some(i) = first(&want.points, &got.points) {
            let _ = writeln!(
                s,
                "  same points, different order: point {i} is {} on cpu, {} on driver",
                coord(&want.points[i]),
                coord(&got.points[i])
            );
        }
        if let Some(i) = want.primitives.iter().zip(&got.primitives).position(|(x, y)| x != y) {
            let prim = |p: &[[u32; 3]]| format!("[{}]", p.iter().map(coord).collect::<Vec<_>>().join(" "));
            let _ = writeln!(
                s,
                "  same primitives, different order: primitive {i} is {} on cpu, {} on driver",
                prim(&want.primitives[i]),
                prim(&got.primitives[i])
            );
        }
        return s;
    }
    let _ = writeln!(s, "  points: cpu {}, driver {}", want.points.len(), got.points.len());
    for (who, a, b) in [("cpu", &want.points, &got.points), ("driver", &got.points, &want.points)] {
        let (n, first) = only_in(a, b, 4);
        if n > 0 {
            let list: Vec<String> = first.iter().map(coord).collect();
            let _ = writeln!(s, "    {n} only on {who}, e.g. {}", list.join(", "));
        }
    }
    let _ = writeln!(s, "  primitives: cpu {}, driver {}", want.primitives.len(), got.primitives.len());
    for (who, a, b) in [("cpu", &want.primitives, &got.primitives), ("driver", &got.primitives, &want.primitives)] {
        let (n, first) = only_in(a, b, 3);
        if n > 0 {
            let list: Vec<String> = first.iter().map(|p| format!("[{}]", p.iter().map(coord).collect::<Vec<_>>().join(" "))).collect();
            let _ = writeln!(s, "    {n} only on {who}, e.g. {}", list.join(", "));
        }
    }
    s
}

/// Totals of a sweep.
#[derive(Debug, Default, Clone)]
pub struct Summary {
    pub configurations: usize,
    /// Configurations that differ, in their points or primitives or only in their order.
    pub mismatches: usize,
    /// Those of the mismatches that differ only in order ([`Verdict::OrderOnly`]).
    pub order_differences: usize,
    pub points: usize,
    pub primitives: usize,
}

impl Summary {
    /// Counts one configuration's verdict; true when it is a mismatch (order-only included).
    pub fn record(&mut self, verdict: Verdict) -> bool {
        self.configurations += 1;
        match verdict {
            Verdict::Same => false,
            Verdict::OrderOnly => {
                self.order_differences += 1;
                self.mismatches += 1;
                true
            }
            Verdict::Differ => {
                self.mismatches += 1;
                true
            }
        }
    }
}

/// Runs every configuration of `mode` on the driver, printing mismatch details while fewer
/// than [`DETAILS`] have been printed.
pub fn sweep_mode(cap: &mut Capture, mode: Mode, levels: &[Levels], total: &mut Summary) -> Result<Summary, CaptureError> {
    let mut sum = Summary::default();
    let mut start = 0;
    while start < levels.len() {
        // One draw: as many patches as fit the budget (at least one).
        let mut end = start;
        let (mut points, mut prims) = (0, 0);
        let mut wants: Vec<PatchCapture> = Vec::new();
        while end < levels.len() {
            let want = expected(&config(mode, levels[end]));
            if end > start && points + want.points.len() > MAX_POINTS_PER_DRAW {
                break;
            }
            points += want.points.len();
            prims += want.primitives.len();
            wants.push(want);
            end += 1;
        }
        let got = cap.run(mode, &levels[start..end], (points, prims))?;
        let empty = PatchCapture::default();
        for (k, want) in wants.iter().enumerate() {
            let got_k = got.get(k).unwrap_or(&empty);
            sum.points += got_k.points.len();
            sum.primitives += got_k.primitives.len();
            if sum.record(compare(want, got_k)) && total.mismatches + sum.mismatches <= DETAILS {
                print!("{}", describe(&config(mode, levels[start + k]), want, got_k));
            }
        }
        if let Some(stray) = got.get(end - start) {
            // Records whose patch index was out of range: a driver or capture bug.
            sum.mismatches += 1;
            println!(
                "MISMATCH {mode:?}: {} points and {} primitives with a patch index out of range",
                stray.points.len(),
                stray.primitives.len()
            );
        }
        start = end;
    }
    total.configurations += sum.configurations;
    total.mismatches += sum.mismatches;
    total.order_differences += sum.order_differences;
    total.points += sum.points;
    total.primitives += sum.primitives;
    Ok(sum)
}

/// The level combinations of `mode` a sweep runs: [`quick_level_sets`] when `quick`, else
/// [`level_sets`].
pub fn sweep_levels(mode: Mode, quick: bool) -> Vec<Levels> {
    if quick {
        quick_level_sets(mode)
    } else {
        level_sets(mode)
    }
}

/// The whole sweep (`quick`: the quick subset); see the module documentation for the output
/// and exit status.
pub fn run(adapter: Option<&str>, quick: bool) -> ExitCode {
    let started = Instant::now();
    let mut cap = match Capture::new(adapter) {
        Ok(c) => c,
        Err(CaptureError::Unavailable(m)) => {
            eprintln!("tess-sweep: cannot compare with a driver: {m}");
            return ExitCode::from(125);
        }
        Err(e) => {
            eprintln!("tess-sweep: {e}");
            return ExitCode::from(2);
        }
    };
    println!("driver: {}{}", cap.description(), if quick { " (quick sweep)" } else { "" });
    let mut total = Summary::default();
    for mode in modes() {
        let levels = sweep_levels(mode, quick);
        let t = Instant::now();
        match sweep_mode(&mut cap, mode, &levels, &mut total) {
            Ok(s) => println!(
                "{:<10} {:<15} {:<4}{:<11} {:>5} configurations {:>8} points {:>8} primitives {:>3} mismatches {:>6.2} s",
                format!("{:?}", mode.domain),
                format!("{:?}", mode.spacing),
                format!("{:?}", mode.winding),
                if mode.point_mode { " point-mode" } else { "" },
                s.configurations,
                s.points,
                s.primitives,
                s.mismatches,
                t.elapsed().as_secs_f64()
            ),
            Err(e) => {
                eprintln!("tess-sweep: {mode:?}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    println!(
        "{} points and {} primitives captured in {:.1} s; {} of the mismatches differ only in invocation order",
        total.points,
        total.primitives,
        started.elapsed().as_secs_f64(),
        total.order_differences
    );
    println!("configurations={} mismatches={}", total.configurations, total.mismatches);
    ExitCode::from(if total.mismatches == 0 { 0 } else { 1 })
}
