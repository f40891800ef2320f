//! A CPU reference tessellator that reproduces Mesa's lavapipe bit for bit.
//!
//! lavapipe (through gallium's `draw` module) tessellates with the fixed-point (16.16)
//! algorithm that Direct3D 11 specifies, Microsoft's reference tessellator. This module is an
//! independent re-implementation of that algorithm from its description; the goal is that,
//! for the same levels and execution modes, [`tessellate`] yields the same domain points (same
//! `f32` bits, same order) and the same primitives (same index tuples, same order) that
//! lavapipe feeds to the evaluation shader.
//!
//! `cargo xtask tess-sweep` checks that against the Vulkan driver (`harness/src/tess_sweep/`:
//! evaluation and geometry shaders that write `gl_TessCoord` to storage buffers), over every
//! domain × spacing × vertex order × point mode and some 54,000 level combinations; on Mesa
//! 22.3.6 lavapipe every point and primitive is identical, in the same order.
//!
//! # Conventions
//!
//! * **Coordinates.** Each point is `(u, v)`, the first two components of `TessCoord`. For
//!   triangles the third is derived by the driver as `(1 - u) - v` in `f32` (see
//!   [`Tessellation::coord3`]); for quads and isolines it is 0.
//! * **Domain origin.** Vulkan's default, upper left: u grows to the right and v downwards.
//!   Quad edges: outer level 0 is the edge u = 0, 1 is v = 0, 2 is u = 1, 3 is v = 1; inner
//!   level 0 subdivides u, inner level 1 subdivides v. Triangle edges: outer level 0 is the
//!   edge u = 0, 1 is v = 0, 2 is w = 0.
//! * **Winding.** [`Winding::Cw`] yields triangles `(a, b, c)` whose cross product
//!   `(b - a) x (c - a)` computed on `(u, v)` is positive, i.e. clockwise when drawn with v
//!   pointing down; [`Winding::Ccw`] swaps the last two vertices of every triangle (negative
//!   cross product). lavapipe gets there by inverting the shader's `ccw` flag for the upper-left
//!   origin and again when handing it to the D3D tessellator, whose "clockwise" is this one.
//! * **Isolines.** Outer level 0 is the density (number of lines, always integer, clamped to
//!   `[1, 64]` whatever the spacing), outer level 1 the detail (segments per line, following
//!   the spacing). Lines are at constant v, v = 0 included and v = 1 omitted.
//! * **Point mode** keeps the same points in the same order; the primitives are then every
//!   point once, in order.
//! * **Culling.** A patch whose relevant outer levels include one that is not `> 0` (zero,
//!   negative, NaN, and also subnormal: lavapipe compares with denormals treated as zero)
//!   produces nothing. Relevant: 3 outer levels for triangles, 4 for quads, 2
//!   for isolines; inner levels never cull.
//! * **Levels** are clamped as the Vulkan spec describes (maximum 64): equal spacing to
//!   `[1, 64]` rounded up, fractional-even to `[2, 64]`, fractional-odd to `[1, 63]`. The
//!   rounding to an even/odd count happens inside the subdivision (see `partition.rs`).

mod fixed;
pub mod gpu;
mod isoline;
mod levels;
mod partition;
mod quad;
mod stitch;
mod svg;
mod tri;

#[cfg(test)]
mod golden;
#[cfg(test)]
mod tests;

use serde::Serialize;
use std::str::FromStr;

pub use svg::to_svg;

/// The abstract patch the tessellator subdivides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Domain {
    Triangles,
    Quads,
    Isolines,
}

/// How levels subdivide edges (`SpacingEqual`, `SpacingFractionalOdd`, `SpacingFractionalEven`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spacing {
    Equal,
    FractionalOdd,
    FractionalEven,
}

/// Triangle vertex order as declared by the evaluation shader (`VertexOrderCcw`/`Cw`), with the
/// default upper-left domain origin. See the module documentation for the exact meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Winding {
    Ccw,
    Cw,
}

/// Everything that determines the tessellation of one patch.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TessConfig {
    pub domain: Domain,
    pub spacing: Spacing,
    pub winding: Winding,
    pub point_mode: bool,
    /// `TessLevelOuter`; triangles use the first 3, isolines the first 2.
    pub outer: [f32; 4],
    /// `TessLevelInner`; triangles use the first, isolines none.
    pub inner: [f32; 2],
}

impl TessConfig {
    /// A configuration with every level set to `level`, counter-clockwise, no point mode.
    pub fn uniform(domain: Domain, spacing: Spacing, level: f32) -> TessConfig {
        TessConfig { domain, spacing, winding: Winding::Ccw, point_mode: false, outer: [level; 4], inner: [level; 2] }
    }
}

/// The primitives of a tessellated patch, as indices into [`Tessellation::points`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Primitives {
    Points(Vec<u32>),
    Lines(Vec<[u32; 2]>),
    Triangles(Vec<[u32; 3]>),
}

impl Primitives {
    /// Number of primitives.
    pub fn len(&self) -> usize {
        match self {
            Primitives::Points(p) => p.len(),
            Primitives::Lines(l) => l.len(),
            Primitives::Triangles(t) => t.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every index of every primitive, in order (a flat index buffer).
    pub fn indices(&self) -> Vec<u32> {
        match self {
            Primitives::Points(p) => p.clone(),
            Primitives::Lines(l) => l.iter().flatten().copied().collect(),
            Primitives::Triangles(t) => t.iter().flatten().copied().collect(),
        }
    }
}

/// The result of tessellating one patch.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tessellation {
    /// The domain the points belong to (decides how [`Tessellation::coord3`] completes them).
    pub domain: Domain,
    /// Domain points `(u, v)` in generation order (the evaluation shader invocation order).
    pub points: Vec<[f32; 2]>,
    pub primitives: Primitives,
}

impl Tessellation {
    /// The full `TessCoord` of point `i` as lavapipe computes it: for triangles the third
    /// component is `(1.0 - u) - v` in `f32`, for quads and isolines it is 0.
    ///
    /// # Panics
    /// If `i` is out of range.
    pub fn coord3(&self, i: usize) -> [f32; 3] {
        let [u, v] = self.points[i];
        let w = match self.domain {
            Domain::Triangles => (1.0 - u) - v,
            Domain::Quads | Domain::Isolines => 0.0,
        };
        [u, v, w]
    }

    /// Whether the patch was culled (or produced nothing).
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
}

/// Tessellate one patch. Never panics: any float is accepted for any level.
pub fn tessellate(cfg: &TessConfig) -> Tessellation {
    let mut mesh = stitch::Mesh::new(cfg.winding == Winding::Cw);
    let primitives = match cfg.domain {
        Domain::Triangles => {
            let patch = tri_patch(cfg);
            tri::generate(&patch, &mut mesh, cfg.point_mode);
            surface_primitives(cfg.point_mode, &mut mesh)
        }
        Domain::Quads => {
            let patch = quad_patch(cfg);
            quad::generate(&patch, &mut mesh, cfg.point_mode);
            surface_primitives(cfg.point_mode, &mut mesh)
        }
        Domain::Isolines => {
            let lines = iso_patch(cfg).map_or(Vec::new(), |iso| isoline::generate(&iso, &mut mesh));
            if cfg.point_mode {
                Primitives::Points((0..mesh.points.len() as u32).collect())
            } else {
                Primitives::Lines(lines)
            }
        }
    };
    Tessellation { domain: cfg.domain, points: mesh.points, primitives }
}

fn surface_primitives(point_mode: bool, mesh: &mut stitch::Mesh) -> Primitives {
    if point_mode {
        Primitives::Points((0..mesh.points.len() as u32).collect())
    } else {
        Primitives::Triangles(std::mem::take(&mut mesh.triangles))
    }
}

fn tri_patch(cfg: &TessConfig) -> levels::Patch<3, 1> {
    let [o0, o1, o2, _] = cfg.outer;
    levels::process([o0, o1, o2], [cfg.inner[0]], cfg.spacing, false)
}

fn quad_patch(cfg: &TessConfig) -> levels::Patch<4, 2> {
    levels::process(cfg.outer, cfg.inner, cfg.spacing, true)
}

fn iso_patch(cfg: &TessConfig) -> Option<levels::Isolines> {
    levels::process_isolines(cfg.outer[0], cfg.outer[1], cfg.spacing)
}

/// Number of points [`tessellate`] produces, computed from the levels alone.
pub fn point_count(cfg: &TessConfig) -> usize {
    match cfg.domain {
        Domain::Triangles => tri::point_count(&tri_patch(cfg)),
        Domain::Quads => quad::point_count(&quad_patch(cfg)),
        Domain::Isolines => iso_patch(cfg).map_or(0, |iso| isoline::point_count(&iso)),
    }
}

/// Number of primitives [`tessellate`] produces (points in point mode, else triangles or
/// lines), computed from the levels alone.
pub fn primitive_count(cfg: &TessConfig) -> usize {
    if cfg.point_mode {
        return point_count(cfg);
    }
    match cfg.domain {
        Domain::Triangles => tri::triangle_count(&tri_patch(cfg)),
        Domain::Quads => quad::triangle_count(&quad_patch(cfg)),
        Domain::Isolines => iso_patch(cfg).map_or(0, |iso| isoline::segment_count(&iso)),
    }
}

/// A name that does not denote a domain, spacing or winding.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("unknown tessellation domain `{0}` (expected tri, triangles, quad, quads or isolines)")]
    Domain(String),
    #[error("unknown tessellation spacing `{0}` (expected equal, fractional-odd or fractional-even)")]
    Spacing(String),
    #[error("unknown vertex order `{0}` (expected cw or ccw)")]
    Winding(String),
}

impl FromStr for Domain {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "tri" | "triangles" => Ok(Domain::Triangles),
            "quad" | "quads" => Ok(Domain::Quads),
            "isolines" => Ok(Domain::Isolines),
            _ => Err(ParseError::Domain(s.to_owned())),
        }
    }
}

impl FromStr for Spacing {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "equal" => Ok(Spacing::Equal),
            "fractional-odd" => Ok(Spacing::FractionalOdd),
            "fractional-even" => Ok(Spacing::FractionalEven),
            _ => Err(ParseError::Spacing(s.to_owned())),
        }
    }
}

impl FromStr for Winding {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "cw" => Ok(Winding::Cw),
            "ccw" => Ok(Winding::Ccw),
            _ => Err(ParseError::Winding(s.to_owned())),
        }
    }
}
