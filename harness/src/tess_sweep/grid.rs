//! The level combinations the sweep tries, deterministic.
//!
//! Levels come from [`GRID`] (clamping boundaries, fractional values, the culling values 0,
//! −1 and NaN) plus a few [`EXTRA`] edge values. Every triangle and quad mode gets every
//! grid value as a uniform level, every grid value on each outer edge in turn (the other
//! edges and the inner levels at distinct values), every grid value as each inner level,
//! combinations drawn at random from the grid, and combinations of arbitrary floats
//! (uniform in (0, 70], integers a hair off, random bit patterns). The clockwise, non-point
//! mode also gets every pair of (outer level 0, inner level 0) and, for quads, of (inner
//! level 0, inner level 1). Isolines have only two relevant levels, so they get the full
//! grid × grid, plus arbitrary floats. The unused levels (the fourth outer and second inner
//! of triangles, the inner levels of isolines...) are set to grid values too: the driver
//! must ignore them.
//!
//! Vertex order and point mode do not change the points, so those modes get fewer random
//! combinations than the clockwise, non-point mode.
//!
//! The quick sweep (`--quick`, [`quick_level_sets`]) keeps, for every mode, every grid and
//! extra value as a uniform level and on each used level in turn, plus every
//! [`QUICK_STRIDE`]-th combination of the full sweep: no randomness of its own.

use super::{Levels, Mode};
use tesserae::tessellator::{Domain, Winding};

pub const GRID: [f32; 23] =
    [0.0, 0.5, 1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 3.7, 4.0, 5.5, 7.0, 8.0, 13.3, 16.0, 31.0, 32.5, 63.0, 64.0, 65.0, 100.0, -1.0, f32::NAN];

/// Rarer values: a subnormal (culls: lavapipe flushes denormals), −0, infinities, values a
/// hair above an integer, between the maximum and the next level, the largest finite float.
const EXTRA: [f32; 10] = [1e-40, -0.0, f32::INFINITY, f32::NEG_INFINITY, 1.000_01, 2.000_01, 63.5, 64.5, f32::MAX, 0.25];

/// Random combinations per (domain, spacing) for the clockwise, non-point mode, and for the
/// others: of grid values, and of arbitrary floats.
const RANDOM_MAIN: usize = 1500;
const RANDOM_OTHER: usize = 250;
const FREE_MAIN: usize = 1000;
const FREE_OTHER: usize = 150;

/// xorshift64*, deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn pick(&mut self, items: &[f32]) -> f32 {
        items[(self.next() % items.len() as u64) as usize]
    }
    /// Mostly positive grid values (so that most patches are not culled), sometimes any grid
    /// value, sometimes an extra one.
    fn level(&mut self) -> f32 {
        match self.next() % 16 {
            0 => self.pick(&EXTRA),
            1 | 2 => self.pick(&GRID),
            _ => self.pick(&GRID[1..21]),
        }
    }
    /// An arbitrary level: mostly uniform in (0, 70], some integers a hair off, some random
    /// bit patterns (NaNs, infinities, negatives, subnormals and huge values included).
    fn free_level(&mut self) -> f32 {
        let unit = (self.next() >> 40) as f32 / (1u64 << 24) as f32;
        match self.next() % 10 {
            0 => f32::from_bits(self.next() as u32),
            1 | 2 => {
                let n = (self.next() % 64 + 1) as f32;
                let eps = [1e-6f32, 1e-5, 1.0 / 65536.0, 1.0 / 131072.0, 3e-3][(self.next() % 5) as usize];
                if self.next() % 2 == 0 {
                    n + eps
                } else {
                    (n - eps).max(1e-3)
                }
            }
            _ => unit * 70.0 + 1e-3,
        }
    }
}

/// Number of outer and inner levels the domain uses.
fn used(domain: Domain) -> (usize, usize) {
    match domain {
        Domain::Triangles => (3, 1),
        Domain::Quads => (4, 2),
        Domain::Isolines => (2, 0),
    }
}

/// The level combinations of one mode under construction: [`Sets::push`] sets the levels the
/// domain does not use to rotating grid values (the driver must ignore them).
struct Sets {
    n_outer: usize,
    n_inner: usize,
    sets: Vec<Levels>,
}

impl Sets {
    fn new(domain: Domain) -> Sets {
        let (n_outer, n_inner) = used(domain);
        Sets { n_outer, n_inner, sets: Vec::new() }
    }
    fn push(&mut self, mut outer: [f32; 4], mut inner: [f32; 2]) {
        let filler = |k: usize| GRID[(k * 7 + 3) % GRID.len()];
        let k = self.sets.len();
        outer[self.n_outer..].iter_mut().enumerate().for_each(|(i, l)| *l = filler(k + i));
        inner[self.n_inner..].iter_mut().enumerate().for_each(|(i, l)| *l = filler(k + 5 + i));
        self.sets.push((outer, inner));
    }
    /// Every grid and extra value as a uniform level, then on each used level in turn (outer
    /// edges, then inner levels) with the others at distinct base values.
    fn per_level(&mut self, domain: Domain) {
        let (base_outer, base_inner) = if domain == Domain::Isolines { ([3.0, 5.5, 0.0, 0.0], [0.0; 2]) } else { BASE };
        for &g in GRID.iter().chain(&EXTRA) {
            self.push([g; 4], [g; 2]);
            for e in 0..self.n_outer {
                let mut outer = base_outer;
                outer[e] = g;
                self.push(outer, base_inner);
            }
            for i in 0..self.n_inner {
                let mut inner = base_inner;
                inner[i] = g;
                self.push(base_outer, inner);
            }
        }
    }
}

/// The levels the others sit at while one level takes every grid value (triangles and quads).
const BASE: ([f32; 4], [f32; 2]) = ([3.7, 5.5, 8.0, 2.5], [7.0, 4.0]);

/// Stride of the sample of [`level_sets`] that [`quick_level_sets`] adds.
pub const QUICK_STRIDE: usize = 97;

/// The level combinations for one mode.
pub fn level_sets(mode: Mode) -> Vec<Levels> {
    let main = mode.winding == Winding::Cw && !mode.point_mode;
    // Seeded by the domain and spacing only, so all four modes of a (domain, spacing) share
    // their first RANDOM_OTHER random combinations.
    let mut rng = Rng(((mode.domain as u64) << 8 | mode.spacing as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut sets = Sets::new(mode.domain);
    if mode.domain == Domain::Isolines {
        for &a in GRID.iter().chain(&EXTRA) {
            for &b in GRID.iter().chain(&EXTRA) {
                sets.push([a, b, 0.0, 0.0], [0.0; 2]);
            }
        }
        for _ in 0..if main { FREE_MAIN } else { FREE_OTHER } {
            sets.push([rng.free_level(), rng.free_level(), 0.0, 0.0], [0.0; 2]);
        }
        return sets.sets;
    }
    let (base_outer, base_inner) = BASE;
    sets.per_level(mode.domain);
    if main {
        // Where an outer edge meets the interior: outer edge 0 against inner level 0, and for
        // quads inner level 0 against inner level 1, all pairs.
        for &a in GRID.iter().chain(&EXTRA) {
            for &b in GRID.iter().chain(&EXTRA) {
                let mut outer = base_outer;
                outer[0] = a;
                sets.push(outer, [b, base_inner[1]]);
                if mode.domain == Domain::Quads {
                    sets.push(base_outer, [a, b]);
                }
            }
        }
    }
    let count = if main { RANDOM_MAIN } else { RANDOM_OTHER };
    for _ in 0..count {
        let outer = [0; 4].map(|_| rng.level());
        let inner = [0; 2].map(|_| rng.level());
        sets.push(outer, inner);
    }
    let count = if main { FREE_MAIN } else { FREE_OTHER };
    for _ in 0..count {
        let outer = [0; 4].map(|_| rng.free_level());
        let inner = [0; 2].map(|_| rng.free_level());
        sets.push(outer, inner);
    }
    sets.sets
}

/// The quick sweep's level combinations for one mode (`tess-sweep --quick`), a fixed subset
/// of the same values: every grid and extra value as a uniform level and on each used level
/// in turn (so 0, −0, −1, NaN, ±∞, a subnormal, 1, a hair above 1 and 2, fractional, odd and
/// even integers, 64, 64.5, 65, 100 and the largest float reach every edge and inner level of
/// every mode), then every [`QUICK_STRIDE`]-th combination of [`level_sets`] (the pairs,
/// random grid combinations and arbitrary floats among them).
pub fn quick_level_sets(mode: Mode) -> Vec<Levels> {
    let mut sets = Sets::new(mode.domain);
    sets.per_level(mode.domain);
    sets.sets.extend(level_sets(mode).into_iter().step_by(QUICK_STRIDE));
    sets.sets
}
