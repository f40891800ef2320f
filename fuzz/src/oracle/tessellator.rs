//! Oracle on the reference tessellator (`tesserae::tessellator`): for any levels, domain,
//! spacing, winding and point mode, it must not panic, and what it returns must obey the rules
//! below. They restate the Vulkan specification's tessellation and invariance rules as the
//! module documents them (the module's own property tests are private to its crate, so they are
//! restated here rather than reused):
//!
//! 1. `point_count` / `primitive_count` agree with `tessellate`; sizes are bounded (64 levels).
//! 2. Culling: a patch with a relevant outer level that is not `> 0` (or is subnormal) is
//!    empty; otherwise it is not. Inner levels never cull.
//! 3. Coordinates are finite, in `[0, 1]`; triangle coordinates have `u + v <= 1`.
//! 4. Point mode yields every point once in order; otherwise triangles (triangles, quads) or
//!    lines (isolines) with indices in range.
//! 5. Winding and point mode change only the primitives (triangles' last two vertices swap).
//! 6. Triangles are proper, consistently wound (up to a rounding sliver), use every directed edge
//!    once, and tile the domain exactly; interior edges have a twin.
//! 7. Isolines are segments at constant `v < 1` between consecutive points, left to right
//!    (up to a few 1/65536 steps backwards around fractional middle segments, as lavapipe).
//! 8. Equal spacing with all levels the same integer `n`: the documented point and primitive
//!    counts.
//! 9. Edge points are symmetric (`t` and `1 - t`) and depend only on the edge's own level and
//!    the spacing; interior points depend only on the inner levels.

use arbitrary::Unstructured;
use std::collections::{BTreeSet, HashSet};
use tesserae::tessellator::{point_count, primitive_count, tessellate, Domain, Primitives, Spacing, TessConfig, Tessellation, Winding};

/// Largest twice-area of an inverted sliver triangle (two 1/65536 rounding steps).
const SLIVER: f64 = 1.0 / 8192.0;

const SPECIAL: [f32; 14] = [
    f32::NAN,
    -f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    0.0,
    -0.0,
    -1.0,
    1e-45,
    1e-39,
    f32::MAX,
    f32::MIN,
    f32::MIN_POSITIVE,
    64.0,
    1.0,
];

/// A level as fuzzers like them: raw bits, small integers, fractions, near-integers, specials.
fn level(u: &mut Unstructured) -> arbitrary::Result<f32> {
    Ok(match u.int_in_range(0..=5u8)? {
        0 => f32::from_bits(u.arbitrary()?),
        1 => u.int_in_range(0..=70u32)? as f32,
        2 => u.int_in_range(0..=70 * 16u32)? as f32 / 16.0,
        3 => {
            let n = u.int_in_range(1..=64u32)? as f32;
            let eps = *u.choose(&[1e-6f32, 1e-5, 1.0 / 65536.0, 1.0 / 131072.0, 3e-3])?;
            if u.arbitrary()? {
                n + eps
            } else {
                n - eps
            }
        }
        4 => *u.choose(&SPECIAL)?,
        _ => u.int_in_range(1..=64u32)? as f32,
    })
}

/// A positive, finite level (for the invariance checks).
fn positive_level(u: &mut Unstructured) -> arbitrary::Result<f32> {
    let l = level(u)?;
    Ok(if l.is_finite() && l > 1e-3 { l.min(1e6) } else { 1.0 + (l.to_bits() % 64) as f32 })
}

fn domain_of(b: u8) -> Domain {
    [Domain::Triangles, Domain::Quads, Domain::Isolines][b as usize % 3]
}

fn spacing_of(b: u8) -> Spacing {
    [Spacing::Equal, Spacing::FractionalOdd, Spacing::FractionalEven][b as usize % 3]
}

/// Decodes a configuration from fuzzer bytes.
pub fn config(u: &mut Unstructured) -> arbitrary::Result<TessConfig> {
    let domain = domain_of(u.arbitrary()?);
    let spacing = spacing_of(u.arbitrary()?);
    let winding = if u.arbitrary()? { Winding::Cw } else { Winding::Ccw };
    let point_mode = u.ratio(1, 5)?;
    let mut cfg = TessConfig { domain, spacing, winding, point_mode, outer: [1.0; 4], inner: [1.0; 2] };
    if u.ratio(1, 6)? {
        // Uniform levels, to hit the exact counts of rule 8.
        let l = level(&mut *u)?;
        cfg.outer = [l; 4];
        cfg.inner = [l; 2];
    } else {
        for o in &mut cfg.outer {
            *o = level(&mut *u)?;
        }
        for i in &mut cfg.inner {
            *i = level(&mut *u)?;
        }
    }
    Ok(cfg)
}

fn relevant_outer(d: Domain) -> usize {
    match d {
        Domain::Triangles => 3,
        Domain::Quads => 4,
        Domain::Isolines => 2,
    }
}

/// Not `> 0` (NaN included), or subnormal.
#[allow(clippy::neg_cmp_op_on_partial_ord)]
fn culls(x: f32) -> bool {
    !(x > 0.0) || (x.is_subnormal())
}

fn edge_count(d: Domain) -> usize {
    if d == Domain::Triangles {
        3
    } else {
        4
    }
}

fn on_edge(t: &Tessellation, i: usize, e: usize) -> Option<f32> {
    let [u, v, w] = t.coord3(i);
    let (coord, param) = match (t.domain, e) {
        (Domain::Triangles, 0) => (u, v),
        (Domain::Triangles, 1) => (v, u),
        (Domain::Triangles, _) => (w, u),
        (_, 0) => (u, v),
        (_, 1) => (v, u),
        (_, 2) => (1.0 - u, v),
        (_, _) => (1.0 - v, u),
    };
    (coord == 0.0).then_some(param)
}

fn edge_params(t: &Tessellation, e: usize) -> BTreeSet<u32> {
    (0..t.points.len()).filter_map(|i| on_edge(t, i, e)).map(f32::to_bits).collect()
}

fn interior(t: &Tessellation) -> BTreeSet<[u32; 2]> {
    let components = if t.domain == Domain::Triangles { 3 } else { 2 };
    (0..t.points.len())
        .filter(|&i| t.coord3(i)[..components].iter().all(|&x| x > 0.0 && x < 1.0))
        .map(|i| t.points[i].map(f32::to_bits))
        .collect()
}

fn cross(t: &Tessellation, [a, b, c]: [u32; 3]) -> f64 {
    let p = |i: u32| t.points[i as usize].map(|x| x as f64);
    let (a, b, c) = (p(a), p(b), p(c));
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

/// Checks rules 1-8 on one configuration; returns the tessellation.
pub fn check(cfg: &TessConfig) -> Tessellation {
    let t = tessellate(cfg);
    assert_eq!(t.domain, cfg.domain, "{cfg:?}");
    // 1.
    assert_eq!(point_count(cfg), t.points.len(), "point_count disagrees with tessellate: {cfg:?}");
    assert_eq!(primitive_count(cfg), t.primitives.len(), "primitive_count disagrees with tessellate: {cfg:?}");
    assert!(t.points.len() <= 65 * 65, "{} points: {cfg:?}", t.points.len());
    assert!(t.primitives.len() <= 64 * 64 * 2, "{} primitives: {cfg:?}", t.primitives.len());
    // 2.
    let culled = cfg.outer[..relevant_outer(cfg.domain)].iter().any(|&x| culls(x));
    if culled {
        assert!(t.points.is_empty() && t.primitives.is_empty(), "patch with outer levels {:?} is not culled: {cfg:?}", cfg.outer);
        return t;
    }
    assert!(!t.points.is_empty() && !t.primitives.is_empty(), "patch with positive outer levels is empty: {cfg:?}");
    // 3.
    for (i, p) in t.points.iter().enumerate() {
        assert!(p.iter().all(|x| x.is_finite() && (0.0..=1.0).contains(x)), "point {i} {p:?} outside the domain: {cfg:?}");
        if cfg.domain == Domain::Triangles {
            assert!(p[0] + p[1] <= 1.0, "triangle point {i} {p:?} has u + v > 1: {cfg:?}");
        }
    }
    // 4.
    let n = t.points.len() as u32;
    assert!(t.primitives.indices().iter().all(|&i| i < n), "index out of range: {cfg:?}");
    match (&t.primitives, cfg.point_mode, cfg.domain) {
        (Primitives::Points(p), true, _) => assert!(p.iter().copied().eq(0..n), "point mode primitives are not 0..n: {cfg:?}"),
        (Primitives::Triangles(tris), false, Domain::Triangles | Domain::Quads) => check_surface(cfg, &t, tris),
        (Primitives::Lines(lines), false, Domain::Isolines) => {
            // 7.
            for &[a, b] in lines {
                let (p, q) = (t.points[a as usize], t.points[b as usize]);
                assert!(p[1] == q[1] && b == a + 1, "isoline segment {a}->{b} {p:?} {q:?}: {cfg:?}");
                // Segments run left to right, except around the tiny middle segments of
                // fractional spacings, which can come out backwards by a few 1/65536 steps: the
                // fuzzer found Isolines/FractionalEven/30.003 with 0.50006 -> 0.5 -> 0.49994,
                // and lavapipe (Mesa 22.3.6) produces exactly the same segments, so this is the
                // reference algorithm, not a bug (the tessellator's own property test
                // `primitives_are_valid_and_consistently_wound` asserts p.u <= q.u and would
                // fail on that configuration).
                let tolerated = cfg.spacing != Spacing::Equal && p[0] - q[0] <= 16.0 / 65536.0;
                assert!(p[0] <= q[0] || tolerated, "isoline segment {a}->{b} {p:?} {q:?} runs backwards: {cfg:?}");
            }
            assert!(t.points.iter().all(|p| p[1] < 1.0), "an isoline at v = 1: {cfg:?}");
        }
        (p, _, _) => panic!("wrong primitive kind {} for {cfg:?}", p.len()),
    }
    // 8.
    let uniform = cfg.outer.iter().chain(&cfg.inner).all(|&x| x == cfg.outer[0]);
    let level = cfg.outer[0];
    if cfg.spacing == Spacing::Equal && uniform && level.fract() == 0.0 && (1.0..=64.0).contains(&level) && cfg.domain != Domain::Isolines {
        let n = level as usize;
        let (points, prims) = match cfg.domain {
            Domain::Quads => ((n + 1) * (n + 1), 2 * n * n),
            _ => {
                let ks = || (0..=n / 2).map(|r| n - 2 * r);
                let points: usize = ks().map(|k| if k == 0 { 1 } else { 3 * k }).sum();
                let tris: usize = ks().filter(|&k| k >= 2).map(|k| 3 * (2 * k - 2)).sum::<usize>() + n % 2;
                (points, tris)
            }
        };
        assert_eq!(t.points.len(), points, "point count: {cfg:?}");
        if !cfg.point_mode {
            assert_eq!(t.primitives.len(), prims, "primitive count: {cfg:?}");
        }
    }
    if cfg.spacing == Spacing::Equal && cfg.domain == Domain::Isolines {
        let ok = |x: f32| x.fract() == 0.0 && (1.0..=64.0).contains(&x);
        if ok(cfg.outer[0]) && ok(cfg.outer[1]) {
            let (d, s) = (cfg.outer[0] as usize, cfg.outer[1] as usize);
            assert_eq!(t.points.len(), d * (s + 1), "isoline points: {cfg:?}");
            if !cfg.point_mode {
                assert_eq!(t.primitives.len(), d * s, "isoline segments: {cfg:?}");
            }
        }
    }
    t
}

fn check_surface(cfg: &TessConfig, t: &Tessellation, tris: &[[u32; 3]]) {
    let sign = if cfg.winding == Winding::Cw { 1.0 } else { -1.0 };
    let mut total = 0.0;
    let mut directed = HashSet::new();
    for &tri in tris {
        let [a, b, c] = tri;
        assert!(a != b && b != c && a != c, "degenerate triangle {tri:?}: {cfg:?}");
        let area = cross(t, tri) * sign;
        assert!(area >= -SLIVER, "triangle {tri:?} is wound the wrong way ({area}): {cfg:?}");
        total += area;
        for (p, q) in [(a, b), (b, c), (c, a)] {
            assert!(directed.insert((p, q)), "directed edge {p}->{q} used twice: {cfg:?}");
        }
    }
    let domain_area = if cfg.domain == Domain::Triangles { 1.0 } else { 2.0 };
    assert_eq!(total, domain_area, "triangles do not tile the domain: {cfg:?}");
    for &(p, q) in &directed {
        if !directed.contains(&(q, p)) {
            let boundary = (0..edge_count(cfg.domain)).any(|e| on_edge(t, p as usize, e).is_some() && on_edge(t, q as usize, e).is_some());
            assert!(boundary, "interior edge {p}->{q} has no twin: {cfg:?}");
        }
    }
}

/// Fractional-odd inner levels near 1 put the first inner ring on the outer edges (a
/// legitimately degenerate frame); the invariance checks skip those.
fn frame_safe(cfg: &TessConfig) -> bool {
    let finite = cfg.outer.iter().chain(&cfg.inner).all(|x| x.is_finite() && *x > 1e-3);
    finite && (cfg.spacing != Spacing::FractionalOdd || cfg.inner.iter().all(|&x| x >= 1.5))
}

/// The whole oracle on fuzzer bytes.
pub fn run(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(cfg) = config(&mut u) else { return };
    let t = check(&cfg);
    // 5. Winding and point mode change only the primitives.
    let flipped = TessConfig { winding: if cfg.winding == Winding::Cw { Winding::Ccw } else { Winding::Cw }, ..cfg };
    let tf = tessellate(&flipped);
    assert_eq!(t.points, tf.points, "winding changed the points: {cfg:?}");
    match (&t.primitives, &tf.primitives) {
        (Primitives::Triangles(a), Primitives::Triangles(b)) => {
            let swapped: Vec<[u32; 3]> = a.iter().map(|&[x, y, z]| [x, z, y]).collect();
            assert_eq!(&swapped, b, "winding did not swap the triangles' last two vertices: {cfg:?}");
        }
        (a, b) => assert_eq!(a, b, "winding changed non-triangle primitives: {cfg:?}"),
    }
    let toggled = TessConfig { point_mode: !cfg.point_mode, ..cfg };
    assert_eq!(tessellate(&toggled).points, t.points, "point mode changed the points: {cfg:?}");

    // 9. Symmetry and invariance (surfaces, uncut patches).
    if t.points.is_empty() || cfg.domain == Domain::Isolines {
        return;
    }
    for e in 0..edge_count(cfg.domain) {
        let set = edge_params(&t, e);
        assert!(set.len() >= 2, "edge {e} has {} points: {cfg:?}", set.len());
        for &x in &set {
            let mirror = (1.0 - f32::from_bits(x)).to_bits();
            assert!(set.contains(&mirror), "edge {e}: point {} has no mirror: {cfg:?}", f32::from_bits(x));
        }
    }
    // The invariance checks tessellate twice more; keep them to moderate sizes (speed).
    if !frame_safe(&cfg) || t.points.len() > 1500 {
        return;
    }
    // A second configuration: same spacing and domain, other levels changed.
    let mut other = cfg;
    let Ok(e) = u.int_in_range(0..=edge_count(cfg.domain) - 1) else { return };
    for (i, o) in other.outer.iter_mut().enumerate() {
        if i != e {
            let Ok(l) = positive_level(&mut u) else { return };
            *o = l;
        }
    }
    for i in &mut other.inner {
        let Ok(l) = positive_level(&mut u) else { return };
        *i = if cfg.spacing == Spacing::FractionalOdd { l.max(1.5) } else { l };
    }
    if frame_safe(&other) {
        let t2 = check(&other);
        assert_eq!(edge_params(&t, e), edge_params(&t2, e), "edge {e} points depend on other levels: {cfg:?} vs {other:?}");
    }
    // Interior points: same inner levels, other outer levels above 1.5.
    let mut third = cfg;
    for o in &mut third.outer {
        let Ok(l) = positive_level(&mut u) else { return };
        *o = l.max(1.5);
    }
    if cfg.outer.iter().all(|&x| x >= 1.5) && frame_safe(&third) {
        let t3 = check(&third);
        assert_eq!(interior(&t), interior(&t3), "interior points depend on outer levels: {cfg:?} vs {third:?}");
    }
}
