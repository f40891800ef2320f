//! Turning the float tessellation levels of a patch into fixed-point edge subdivisions.
//!
//! The steps, in the order the reference applies them (and the order matters for NaN and
//! borderline values):
//!
//! 1. Cull: the patch is discarded when any relevant outer level is not `> 0` (NaN included,
//!    and subnormals, which lavapipe's denormals-are-zero float mode treats as 0).
//! 2. Clamp the outer levels to the spacing's range with D3D min/max (NaN cannot survive step
//!    1; subnormals act as zero): equal `[1, 64]`, fractional-even `[2, 64]`, fractional-odd
//!    `[1, 63]`. Equal spacing then rounds up to an integer.
//! 3. Clamp the inner levels the same way (a NaN inner level becomes the lower bound). For
//!    fractional-odd, if any level would end up above 1 in fixed point, the lower bound of the
//!    inner levels becomes `1 + 2^-16`, so a "picture frame" ring always separates the outer
//!    edges from the centre.
//! 4. Parity: fractional spacings use their own parity on every edge; equal spacing picks even
//!    or odd per level from the integer value, and an inner level of exactly 1 counts as even
//!    (it is then subdivided as if it were 2).
//! 5. Convert to 16.16 fixed point. If every level is exactly 1 (equal or fractional-odd), the
//!    patch is the bare domain: one triangle, or a quad split in two.

use super::fixed::{self, Fxp, ONE};
use super::partition::{self, Parity, Ruler};
use super::Spacing;

/// One subdivided edge (or inner axis): how to place its points, and how many there are.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Edge {
    pub ruler: Ruler,
    pub points: i32,
}

impl Edge {
    fn new(level: Fxp, parity: Parity) -> Edge {
        Edge { ruler: Ruler::new(level, parity), points: partition::point_count(level, parity) }
    }

    /// An inner axis: at least 3 points (even) or 4 (odd), so that there is always one ring
    /// between the outer edges and the centre, even if it is degenerate.
    fn inner(level: Fxp, parity: Parity) -> Edge {
        let mut edge = Edge::new(level, parity);
        let min = if parity == Parity::Odd { 4 } else { 3 };
        edge.points = edge.points.max(min);
        edge
    }

    pub fn parity(&self) -> Parity {
        self.ruler.parity
    }

    pub fn place(&self, index: i32) -> Fxp {
        self.ruler.place(index)
    }
}

/// The processed levels of a triangle (`O` = 3, `I` = 1) or quad (`O` = 4, `I` = 2) patch.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Patch<const O: usize, const I: usize> {
    Culled,
    /// All levels are 1: just the corners of the domain.
    Minimal,
    Full {
        outer: [Edge; O],
        inner: [Edge; I],
    },
}

/// Range of a level under a spacing.
pub(crate) fn bounds(spacing: Spacing) -> (f32, f32) {
    match spacing {
        Spacing::Equal => (1.0, 64.0),
        Spacing::FractionalEven => (2.0, 64.0),
        Spacing::FractionalOdd => (1.0, 63.0),
    }
}

/// Whether a level culls the patch: `!(x > 0)`, so NaN culls too. lavapipe runs the
/// tessellator with subnormals treated as zero (the CPU's denormals-are-zero mode that
/// llvmpipe keeps on), so a subnormal level culls as well.
pub(crate) fn culls(level: f32) -> bool {
    !(fixed::flush(level) > 0.0)
}

/// Clamp (and for equal spacing round up) a level.
pub(crate) fn clamp_level(level: f32, lo: f32, hi: f32, spacing: Spacing) -> f32 {
    let clamped = fixed::clamp(level, lo, hi);
    if spacing == Spacing::Equal {
        clamped.ceil()
    } else {
        clamped
    }
}

/// Parity of a clamped level: the spacing's own parity, or for equal spacing the parity of the
/// integer (an inner level of 1 counting as even).
pub(crate) fn parity(level: f32, spacing: Spacing, inner: bool) -> Parity {
    match spacing {
        Spacing::FractionalEven => Parity::Even,
        Spacing::FractionalOdd => Parity::Odd,
        Spacing::Equal if fixed::is_even(level) || (inner && level == 1.0) => Parity::Even,
        Spacing::Equal => Parity::Odd,
    }
}

/// Process the levels of a triangle or quad patch. `inner_frames` says whether the raw inner
/// levels also take part in the fractional-odd picture-frame test (they do for quads, which
/// have two of them; for triangles the single inner level is not looked at).
pub(crate) fn process<const O: usize, const I: usize>(
    outer: [f32; O],
    inner: [f32; I],
    spacing: Spacing,
    inner_frames: bool,
) -> Patch<O, I> {
    if outer.iter().any(|&l| culls(l)) {
        return Patch::Culled;
    }
    let (lo, hi) = bounds(spacing);
    let outer = outer.map(|l| clamp_level(l, lo, hi, spacing));

    let mut inner_lo = lo;
    if spacing == Spacing::FractionalOdd {
        // Anything that rounds above 1.0 in fixed point (more than half a step above 1)?
        let above_one = 1.0 + 1.0 / 131072.0;
        let raw_inner: &[f32] = if inner_frames { &inner } else { &[] };
        if outer.iter().chain(raw_inner).any(|&l| l > above_one) {
            inner_lo = 1.0 + 1.0 / 65536.0;
        }
    }
    let inner = inner.map(|l| clamp_level(l, inner_lo, hi, spacing));

    let outer_fx = outer.map(fixed::from_f32);
    let inner_fx = inner.map(fixed::from_f32);
    if spacing != Spacing::FractionalEven && outer_fx.iter().chain(&inner_fx).all(|&l| l == ONE) {
        return Patch::Minimal;
    }
    let mut outer_edges = [Edge::new(0, Parity::Even); O];
    for (edge, (&level, &fx)) in outer_edges.iter_mut().zip(outer.iter().zip(&outer_fx)) {
        *edge = Edge::new(fx, parity(level, spacing, false));
    }
    let mut inner_edges = [Edge::new(0, Parity::Even); I];
    for (edge, (&level, &fx)) in inner_edges.iter_mut().zip(inner.iter().zip(&inner_fx)) {
        *edge = Edge::inner(fx, parity(level, spacing, true));
    }
    Patch::Full { outer: outer_edges, inner: inner_edges }
}

/// The processed levels of an isoline patch.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Isolines {
    /// Subdivision along each line (u), from the detail level.
    pub detail: Edge,
    /// Subdivision across lines (v), from the density level, always integer spacing.
    pub density: Edge,
    /// Lines drawn: the last one, at v = 1, is omitted.
    pub lines: i32,
}

/// Process isoline levels: `density` (outer level 0) gives the number of lines and is always
/// clamped to `[1, 64]` and rounded up to an integer, whatever the spacing; `detail` (outer
/// level 1) gives the segments per line and follows the spacing. `None` when culled.
pub(crate) fn process_isolines(density: f32, detail: f32, spacing: Spacing) -> Option<Isolines> {
    if culls(density) || culls(detail) {
        return None;
    }
    let (lo, hi) = bounds(spacing);
    let detail = clamp_level(detail, lo, hi, spacing);
    // Not an inner level: with equal spacing a detail of 1 is odd (two points per line).
    let detail = Edge::new(fixed::from_f32(detail), parity(detail, spacing, false));

    let density = fixed::clamp(density, 1.0, 64.0).ceil();
    let density_parity = if fixed::is_even(density) { Parity::Even } else { Parity::Odd };
    let density = Edge::new(fixed::from_f32(density), density_parity);
    Some(Isolines { detail, density, lines: density.points - 1 })
}
