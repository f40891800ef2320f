//! `cargo xtask codegen [--check]`: generated corpus files, written or checked.
//!
//! The clip/cull functional matrix (in the spirit of the GL CTS `clip_distance.functional`):
//! primitive types points, lines and triangles × distance counts 1–8 × value functions (all
//! zero, all positive, all negative, a sign change across the vertices) × clip or cull. Each
//! case is an ordinary corpus file, `corpus/{clip,cull}/matrix-<prim>-<n>-<values>.shader_test`.
//!
//! Each case also carries a spec oracle: probes computed here from the same distance
//! expressions the shader is printed from ([`Expr`] is both evaluated and printed as GLSL), by
//! the Vulkan rules (a primitive is culled when one cull distance is negative at all of its
//! vertices; clip distances are interpolated and the primitive is clipped where one is
//! negative; a point is discarded when any distance is negative). Probes sit only where the
//! answer does not depend on rasterization rules: at least [`MARGIN_PX`] pixels from every
//! primitive edge, line end and clip boundary.

use std::fmt::Write;
use std::path::Path;

const PRIMS: [&str; 3] = ["points", "lines", "triangles"];
const VALUES: [&str; 4] = ["zero", "positive", "negative", "sign-change"];

/// Framebuffer size of every matrix case (the format's default).
const FB: f32 = 64.0;
/// How far (pixels) a probe keeps from any edge, line end or clip boundary.
const MARGIN_PX: f32 = 2.0;
/// A per-vertex distance this close to zero (but not exactly zero) decides nothing: the
/// shader computes it in the driver's float precision.
const EPS: f32 = 1e-3;

/// A GLSL expression of the matrix's vertex shader, evaluated here with the same operations.
#[derive(Clone, Debug)]
enum Expr {
    /// A literal, written as GLSL spells it.
    Lit(&'static str),
    /// `float(i)`: the distance's index.
    Index,
    /// `a`: the shader's angle variable ([`angle`]).
    Angle,
    /// `pos`: the vertex position (vec2).
    Pos,
    Vec2(Box<Expr>, Box<Expr>),
    Dot(Box<Expr>, Box<Expr>),
    Cos(Box<Expr>),
    Sin(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Val {
    S(f32),
    V2([f32; 2]),
}

impl Val {
    fn s(self) -> f32 {
        match self {
            Val::S(v) => v,
            Val::V2(_) => panic!("scalar expected"),
        }
    }
    fn v2(self) -> [f32; 2] {
        match self {
            Val::V2(v) => v,
            Val::S(_) => panic!("vec2 expected"),
        }
    }
}

fn b(e: Expr) -> Box<Expr> {
    Box::new(e)
}

impl Expr {
    /// Evaluates in f32, as the shader does, for distance index `i` at position `pos`.
    fn eval(&self, i: u32, pos: [f32; 2]) -> Val {
        match self {
            Expr::Lit(t) => Val::S(t.parse().expect("literal")),
            Expr::Index => Val::S(i as f32),
            Expr::Angle => angle().eval(i, pos),
            Expr::Pos => Val::V2(pos),
            Expr::Vec2(x, y) => Val::V2([x.eval(i, pos).s(), y.eval(i, pos).s()]),
            Expr::Dot(x, y) => {
                let (x, y) = (x.eval(i, pos).v2(), y.eval(i, pos).v2());
                Val::S(x[0] * y[0] + x[1] * y[1])
            }
            Expr::Cos(x) => Val::S(x.eval(i, pos).s().cos()),
            Expr::Sin(x) => Val::S(x.eval(i, pos).s().sin()),
            Expr::Add(x, y) => Val::S(x.eval(i, pos).s() + y.eval(i, pos).s()),
            Expr::Sub(x, y) => Val::S(x.eval(i, pos).s() - y.eval(i, pos).s()),
            Expr::Mul(x, y) => Val::S(x.eval(i, pos).s() * y.eval(i, pos).s()),
        }
    }

    /// 1: `+ -`, 2: `*`, 3: everything that needs no parentheses.
    fn precedence(&self) -> u8 {
        match self {
            Expr::Add(..) | Expr::Sub(..) => 1,
            Expr::Mul(..) => 2,
            _ => 3,
        }
    }

    fn glsl(&self) -> String {
        let wrap = |e: &Expr, min: u8| if e.precedence() < min { format!("({})", e.glsl()) } else { e.glsl() };
        match self {
            Expr::Lit(t) => t.to_string(),
            Expr::Index => "float(i)".into(),
            Expr::Angle => "a".into(),
            Expr::Pos => "pos".into(),
            Expr::Vec2(x, y) => format!("vec2({}, {})", x.glsl(), y.glsl()),
            Expr::Dot(x, y) => format!("dot({}, {})", x.glsl(), y.glsl()),
            Expr::Cos(x) => format!("cos({})", x.glsl()),
            Expr::Sin(x) => format!("sin({})", x.glsl()),
            Expr::Add(x, y) => format!("{} + {}", wrap(x, 1), wrap(y, 2)),
            Expr::Sub(x, y) => format!("{} - {}", wrap(x, 1), wrap(y, 2)),
            Expr::Mul(x, y) => format!("{} * {}", wrap(x, 2), wrap(y, 3)),
        }
    }
}

/// The shader's `float a = ...;` (a different direction per distance index).
fn angle() -> Expr {
    Expr::Add(b(Expr::Lit("0.7")), b(Expr::Mul(b(Expr::Lit("2.399")), b(Expr::Index))))
}

/// The distance written for index `i`, for each value function.
fn value_expr(values: &str) -> Expr {
    use Expr::*;
    match values {
        "zero" => Lit("0.0"),
        "positive" => Add(b(Lit("0.25")), b(Mul(b(Lit("0.125")), b(Index)))),
        "negative" => Sub(b(Lit("-0.25")), b(Mul(b(Lit("0.125")), b(Index)))),
        _ => Add(b(Dot(b(Pos), b(Vec2(b(Cos(b(Angle))), b(Sin(b(Angle))))))), b(Lit("0.2"))),
    }
}

#[derive(Clone, Copy)]
struct Vertex {
    pos: [f32; 2],
    color: [f32; 3],
}

/// The vertices of each primitive type, and the topology that draws them.
fn geometry(prim: &str) -> (Vec<Vertex>, &'static str) {
    let mut v = Vec::new();
    match prim {
        "points" => {
            for y in 0..8 {
                for x in 0..8 {
                    let (px, py) = (-0.875 + 0.25 * x as f32, -0.875 + 0.25 * y as f32);
                    v.push(Vertex { pos: [px, py], color: [x as f32 / 7.0, y as f32 / 7.0, 0.5] });
                }
            }
            (v, "point-list")
        }
        "lines" => {
            for i in 0..12 {
                let y = -0.9 + 0.15 * i as f32;
                v.push(Vertex { pos: [-0.9, y], color: [1.0, i as f32 / 11.0, 0.0] });
                v.push(Vertex { pos: [0.9, y + 0.1], color: [0.0, 1.0 - i as f32 / 11.0, 1.0] });
            }
            (v, "line-list")
        }
        _ => {
            for y in 0..4 {
                for x in 0..4 {
                    let (x0, y0) = (-1.0 + 0.5 * x as f32, -1.0 + 0.5 * y as f32);
                    let c = (x + 4 * y) as f32 / 15.0;
                    v.push(Vertex { pos: [x0 + 0.05, y0 + 0.05], color: [1.0, c, 0.0] });
                    v.push(Vertex { pos: [x0 + 0.45, y0 + 0.1], color: [0.0, 1.0, c] });
                    v.push(Vertex { pos: [x0 + 0.15, y0 + 0.45], color: [c, 0.0, 1.0] });
                }
            }
            (v, "triangle-list")
        }
    }
}

/// Framebuffer pixel coordinates of an NDC position (Vulkan: y down, viewport = framebuffer).
fn to_px(p: [f32; 2]) -> [f32; 2] {
    [(p[0] + 1.0) * FB / 2.0, (p[1] + 1.0) * FB / 2.0]
}

/// Sign of a per-vertex distance: `Some(true)` negative, `Some(false)` not negative, `None`
/// too close to zero to say (unless exactly zero: the literal 0.0 is exact everywhere).
fn negative(d: f32) -> Option<bool> {
    if d == 0.0 {
        Some(false)
    } else if d.abs() <= EPS {
        None
    } else {
        Some(d < 0.0)
    }
}

/// What the spec says about a pixel of a primitive.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Fate {
    /// Drawn with this colour.
    Drawn([f32; 3]),
    /// Not drawn (clipped, culled or discarded): the clear colour shows.
    Gone,
}

/// One probe: pixel rectangle, expected fate, and how far (pixels) it is from anything that
/// could change the answer (edges, line ends, clip boundaries).
struct Candidate {
    x: u32,
    y: u32,
    size: u32,
    fate: Fate,
    margin: f32,
}

/// Per-primitive verdict from the per-vertex distances `d[vertex][index]`, before any
/// interpolation: `None` when a distance is too close to zero to decide.
enum Verdict {
    /// Culled or discarded whole.
    Gone,
    /// Passes to rasterization; for clip distances, still cut where the interpolated value is
    /// negative.
    Kept,
}

fn verdict(kind: &str, prim: &str, d: &[Vec<f32>]) -> Option<Verdict> {
    let n = d[0].len();
    if prim == "points" {
        // A point is discarded when any of its clip or cull distances is negative.
        let mut gone = false;
        for &v in &d[0] {
            gone |= negative(v)?;
        }
        return Some(if gone { Verdict::Gone } else { Verdict::Kept });
    }
    if kind == "cull" {
        // Culled when some one cull distance is negative at every vertex.
        for i in 0..n {
            let signs: Option<Vec<bool>> = d.iter().map(|vd| negative(vd[i])).collect();
            match signs {
                Some(s) if s.iter().all(|&x| x) => return Some(Verdict::Gone),
                Some(_) => {}
                // Undecidable only if the other vertices are all negative for this index.
                None if d.iter().all(|vd| negative(vd[i]) != Some(false)) => return None,
                None => {}
            }
        }
    }
    Some(Verdict::Kept)
}

/// The fate of a point of a kept primitive with barycentric weights `w`: for clip distances,
/// interpolated and cut where negative. `None` when the point is within the margin of a clip
/// boundary.
fn interpolated_fate(kind: &str, verts: &[Vertex], d: &[Vec<f32>], w: &[f32]) -> (Option<Fate>, f32) {
    let lerp3 = |f: &dyn Fn(usize) -> f32| -> f32 { (0..verts.len()).map(|k| w[k] * f(k)).sum() };
    let color = [lerp3(&|k| verts[k].color[0]), lerp3(&|k| verts[k].color[1]), lerp3(&|k| verts[k].color[2])];
    if kind == "cull" {
        return (Some(Fate::Drawn(color)), f32::INFINITY);
    }
    // Clip distances: d is affine in the NDC position with a unit (or zero) gradient, so
    // |d| × (pixels per NDC unit) is the distance in pixels to the boundary d = 0.
    let scale = FB / 2.0;
    let mut min_margin = f32::INFINITY;
    let mut gone_margin: f32 = 0.0;
    for i in 0..d[0].len() {
        if d.iter().all(|vd| vd[i] == 0.0) {
            continue; // exactly zero everywhere: kept (the clip volume includes d = 0)
        }
        let v = lerp3(&|k| d[k][i]) * scale;
        if v < 0.0 {
            gone_margin = gone_margin.max(-v);
        }
        min_margin = min_margin.min(v);
    }
    if gone_margin > 0.0 {
        if gone_margin >= MARGIN_PX {
            (Some(Fate::Gone), gone_margin)
        } else {
            (None, 0.0)
        }
    } else if min_margin >= MARGIN_PX {
        (Some(Fate::Drawn(color)), min_margin)
    } else {
        (None, 0.0)
    }
}

/// Candidate probes for one primitive.
fn candidates(kind: &str, prim: &str, verts: &[Vertex], d: &[Vec<f32>]) -> Vec<Candidate> {
    let Some(verdict) = verdict(kind, prim, d) else { return Vec::new() };
    let gone = matches!(verdict, Verdict::Gone);
    let mut out = Vec::new();
    match prim {
        "points" => {
            // 4-pixel points centred on pixel corners: the middle 2×2 pixels are 1.5 pixels
            // inside every edge, the colour is the vertex's.
            let c = to_px(verts[0].pos);
            let fate = if gone { Fate::Gone } else { Fate::Drawn(verts[0].color) };
            out.push(Candidate { x: c[0] as u32 - 1, y: c[1] as u32 - 1, size: 2, fate, margin: 1.5 });
        }
        "lines" => {
            // x-major lines: a pixel is covered for certain when the line passes within a
            // quarter pixel of its centre (every line rasterization rule lights it); the
            // colour is interpolated along x.
            let (a, bb) = (to_px(verts[0].pos), to_px(verts[1].pos));
            for px in 0..FB as u32 {
                let xc = px as f32 + 0.5;
                let end = (xc - a[0]).min(bb[0] - xc);
                if end < MARGIN_PX {
                    continue;
                }
                let t = (xc - a[0]) / (bb[0] - a[0]);
                let yl = a[1] + t * (bb[1] - a[1]);
                let off = yl - yl.floor() - 0.5;
                if off.abs() > 0.25 {
                    continue;
                }
                let (fate, margin) = if gone {
                    (Some(Fate::Gone), end)
                } else {
                    let (f, m) = interpolated_fate(kind, verts, d, &[1.0 - t, t]);
                    (f, m.min(end))
                };
                if let Some(fate) = fate {
                    out.push(Candidate { x: px, y: yl.floor() as u32, size: 1, fate, margin });
                }
            }
        }
        _ => {
            let p: Vec<[f32; 2]> = verts.iter().map(|v| to_px(v.pos)).collect();
            let cross = |o: [f32; 2], u: [f32; 2], q: [f32; 2]| (u[0] - o[0]) * (q[1] - o[1]) - (u[1] - o[1]) * (q[0] - o[0]);
            let area = cross(p[0], p[1], p[2]);
            for py in 0..FB as u32 {
                for px in 0..FB as u32 {
                    let q = [px as f32 + 0.5, py as f32 + 0.5];
                    // Barycentric weight of vertex k, and the pixel's distance to the edge
                    // opposite k.
                    let mut w = [0.0; 3];
                    let mut edge = f32::INFINITY;
                    for k in 0..3 {
                        let (u, v) = (p[(k + 1) % 3], p[(k + 2) % 3]);
                        w[k] = cross(u, v, q) / area;
                        let len = ((v[0] - u[0]).powi(2) + (v[1] - u[1]).powi(2)).sqrt();
                        edge = edge.min(w[k] * area.abs() / len);
                    }
                    if edge < MARGIN_PX {
                        continue;
                    }
                    let (fate, margin) = if gone {
                        (Some(Fate::Gone), edge)
                    } else {
                        let (f, m) = interpolated_fate(kind, verts, d, &w);
                        (f, m.min(edge))
                    };
                    if let Some(fate) = fate {
                        out.push(Candidate { x: px, y: py, size: 1, fate, margin });
                    }
                }
            }
        }
    }
    out
}

/// The probes of one case: per primitive, the safest pixel drawn and the safest pixel not
/// drawn (where there is one); `probe all` the clear colour when nothing at all is drawn.
fn probes(kind: &str, prim: &str, n: u32, values: &str) -> String {
    let (verts, _) = geometry(prim);
    let expr = value_expr(values);
    let per = match prim {
        "points" => 1,
        "lines" => 2,
        _ => 3,
    };
    let mut lines = Vec::new();
    let mut everything_gone = true;
    for prim_verts in verts.chunks(per) {
        let d: Vec<Vec<f32>> = prim_verts.iter().map(|v| (0..n).map(|i| expr.eval(i, v.pos).s()).collect()).collect();
        if !matches!(verdict(kind, prim, &d), Some(Verdict::Gone)) {
            everything_gone = false;
        }
        let cands = candidates(kind, prim, prim_verts, &d);
        for drawn in [true, false] {
            let best = cands.iter().filter(|c| matches!(c.fate, Fate::Drawn(_)) == drawn).fold(None::<&Candidate>, |best, c| {
                if best.is_some_and(|b| b.margin >= c.margin) {
                    best
                } else {
                    Some(c)
                }
            });
            if let Some(c) = best {
                let [r, g, bl] = match c.fate {
                    Fate::Drawn(col) => col.map(|v| v.clamp(0.0, 1.0)),
                    Fate::Gone => [0.0; 3],
                };
                lines.push(if c.size == 1 {
                    format!("probe rgba {} {} {r:.4} {g:.4} {bl:.4} 1\n", c.x, c.y)
                } else {
                    format!("probe rect rgba {} {} {} {} {r:.4} {g:.4} {bl:.4} 1\n", c.x, c.y, c.size, c.size)
                });
            }
        }
    }
    let mut s = String::from(
        "# Spec oracle (computed by `cargo xtask codegen` from the distances above): each primitive's safest pixel drawn and not drawn, at least 2 pixels from edges, line ends and clip boundaries.\n",
    );
    if everything_gone {
        s.push_str("probe all rgba 0 0 0 1\n");
    } else {
        lines.iter().for_each(|l| s.push_str(l));
    }
    s
}

fn case(kind: &str, prim: &str, n: u32, values: &str) -> String {
    let builtin = if kind == "clip" { "gl_ClipDistance" } else { "gl_CullDistance" };
    let (verts, topology) = geometry(prim);
    let mut rows = String::new();
    for v in &verts {
        let _ = writeln!(rows, "{} {}  {} {} {}", v.pos[0], v.pos[1], v.color[0], v.color[1], v.color[2]);
    }
    let count = verts.len();
    let point_size = if prim == "points" { "    gl_PointSize = 4.0;\n" } else { "" };
    let mut s = format!("# Generated by `cargo xtask codegen`: do not edit. {kind} distances, {n} of them, {values} values, on {prim}.\n");
    let _ = write!(s, "[require]\n{kind}-distances {n}\n");
    if prim == "points" {
        s.push_str("wide-points\n");
    }
    let _ = write!(
        s,
        "
[vertex shader]
#version 450
layout(location = 0) in vec2 pos;
layout(location = 1) in vec3 color;
layout(location = 0) out vec3 v_color;
out float {builtin}[{n}];
void main() {{
    gl_Position = vec4(pos, 0.0, 1.0);
{point_size}    v_color = color;
    for (int i = 0; i < {n}; i++) {{
        float a = {};
        {builtin}[i] = {};
    }}
}}

[fragment shader]
#version 450
layout(location = 0) in vec3 v_color;
layout(location = 0) out vec4 frag;
void main() {{
    frag = vec4(v_color, 1.0);
}}

[vertex buffer 0]
0/float32x2 1/float32x3
{rows}
[test]
draw {topology} vertices {count}
",
        angle().glsl(),
        value_expr(values).glsl()
    );
    // Measured bounds (`tesserae-harness tolerances --run DIR` on a full run): differences
    // lie on edges only, so the tolerances allow edge pixels, a share of the reference's.
    const MEASURED: &str = "measured on lavapipe/llvmpipe (Mesa 22.3.6), worst test of the family:";
    if kind == "clip" && values == "sign-change" && prim != "points" {
        let (share, worst) = if prim == "lines" { ("6%", "50 of 1429 edge pixels, 3.5%") } else { ("1%", "1 of 1265 edge pixels, 0.08%") };
        let _ = writeln!(
            s,
            "tolerance on *-clip-emulated channel 0 edge-pixels {share} reason emulated clipping discards per fragment on the interpolated distance instead of clipping the primitive: pixels along the cut differ ({MEASURED} {worst})"
        );
    }
    match prim {
        "lines" => {
            let _ = writeln!(
                s,
                "tolerance on wgpu-gl* channel 0 edge-pixels 6% reason GL rasterizes lines with the diamond-exit rule, Vulkan on lavapipe with Bresenham: pixels along the lines move ({MEASURED} 6 of 149 edge pixels, 4.0%)"
            );
        }
        // (No pixel differs in the negative and sign-change cases, measured: no tolerance.)
        "triangles" if matches!(values, "positive" | "zero") => {
            let worst = if kind == "clip" { "2 of 4096 pixels, by 1" } else { "1 of 4096 pixels, by 1" };
            let _ = writeln!(
                s,
                "tolerance on wgpu-gl* channel 1 pixels 0% reason llvmpipe GL rounds interpolated colours one step differently from lavapipe Vulkan on some pixels ({MEASURED} {worst})"
            );
        }
        _ => {}
    }
    s.push_str(&probes(kind, prim, n, values));
    s
}

/// Every generated file: (path relative to the repository root, contents).
pub fn files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for kind in ["clip", "cull"] {
        for prim in PRIMS {
            for n in 1..=8 {
                for values in VALUES {
                    out.push((format!("corpus/{kind}/matrix-{prim}-{n}-{values}.shader_test"), case(kind, prim, n, values)));
                }
            }
        }
    }
    out
}

/// Writes the files, or with `check` reports those that differ; returns the exit code.
pub fn codegen(root: &Path, check: bool) -> u8 {
    let mut stale = 0;
    for (rel, text) in files() {
        let path = root.join(&rel);
        if std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
            continue;
        }
        if check {
            eprintln!("{rel} is out of date: run `cargo xtask codegen`");
            stale += 1;
        } else if let Err(e) = std::fs::write(&path, text) {
            eprintln!("{rel}: {e}");
            return 2;
        }
    }
    u8::from(stale > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The printed GLSL is what the evaluator computes: spot values by hand.
    #[test]
    fn expressions_print_and_evaluate_alike() {
        assert_eq!(angle().glsl(), "0.7 + 2.399 * float(i)");
        assert_eq!(value_expr("zero").glsl(), "0.0");
        assert_eq!(value_expr("positive").glsl(), "0.25 + 0.125 * float(i)");
        assert_eq!(value_expr("negative").glsl(), "-0.25 - 0.125 * float(i)");
        assert_eq!(value_expr("sign-change").glsl(), "dot(pos, vec2(cos(a), sin(a))) + 0.2");
        assert_eq!(value_expr("negative").eval(2, [0.0, 0.0]).s(), -0.5);
        assert_eq!(value_expr("positive").eval(3, [0.0, 0.0]).s(), 0.625);
        let a = 0.7f32 + 2.399 * 1.0;
        let want = 0.3 * a.cos() - 0.4 * a.sin() + 0.2;
        assert!((value_expr("sign-change").eval(1, [0.3, -0.4]).s() - want).abs() < 1e-6);
    }

    /// Cull: one distance negative at all vertices culls; negative at some vertices of each
    /// distance does not.
    #[test]
    fn cull_needs_one_distance_negative_everywhere() {
        let d = vec![vec![-1.0, 1.0], vec![1.0, -1.0], vec![-1.0, -1.0]];
        assert!(matches!(verdict("cull", "triangles", &d), Some(Verdict::Kept)));
        let d = vec![vec![-1.0, 1.0], vec![-1.0, -1.0], vec![-1.0, 1.0]];
        assert!(matches!(verdict("cull", "triangles", &d), Some(Verdict::Gone)));
        assert!(matches!(verdict("clip", "points", &[vec![1.0, -0.5]]), Some(Verdict::Gone)));
        assert!(matches!(verdict("cull", "points", &[vec![0.0]]), Some(Verdict::Kept)));
    }
}
