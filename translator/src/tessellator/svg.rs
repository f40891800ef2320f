//! An SVG picture of a tessellation, for eyeballing and for bug reports.
//!
//! The origin is at the upper left with v growing downwards, as in Vulkan's default domain
//! origin. The quad domain is the unit square; the triangle domain is drawn as the triangle
//! with w = 1 at the upper left, u = 1 at the upper right and v = 1 at the bottom, an affine
//! image of (u, v) that keeps orientation, so a [`Winding::Cw`](super::Winding) triangle looks
//! clockwise in both pictures. Triangles are tinted by their on-screen orientation (blue:
//! clockwise, orange: counter-clockwise, red outline: zero area) and, when there are few
//! enough, carry a small arrow through their vertices in order.

use super::{Domain, Primitives, TessConfig, Tessellation};
use std::fmt::Write;

const SIZE: f64 = 560.0;
const MARGIN: f64 = 48.0;
const SIDE: f64 = SIZE - 2.0 * MARGIN;
/// Above this many primitives/points the arrows/labels are left out.
const MAX_ARROWS: usize = 400;
const MAX_LABELS: usize = 150;

/// Screen position of a domain point.
fn screen(domain: Domain, [u, v]: [f32; 2]) -> (f64, f64) {
    let (u, v) = (u as f64, v as f64);
    match domain {
        Domain::Triangles => {
            let height = SIDE * 3f64.sqrt() / 2.0;
            (MARGIN + u * SIDE + v * SIDE / 2.0, MARGIN + v * height)
        }
        Domain::Quads | Domain::Isolines => (MARGIN + u * SIDE, MARGIN + v * SIDE),
    }
}

/// Draw `t` (the tessellation of `cfg`) as a standalone SVG document.
pub fn to_svg(cfg: &TessConfig, t: &Tessellation) -> String {
    let domain = t.domain;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" viewBox="0 0 {SIZE} {SIZE}" font-family="sans-serif">"#
    );
    out.push_str(
        r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#222"/></marker></defs>"##,
    );
    out.push_str("\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");

    // Title: the configuration and what the colours mean.
    let levels = match domain {
        Domain::Triangles => format!("outer {:?} inner {:?}", &cfg.outer[..3], &cfg.inner[..1]),
        Domain::Quads => format!("outer {:?} inner {:?}", cfg.outer, cfg.inner),
        Domain::Isolines => format!("density {:?} detail {:?}", cfg.outer[0], cfg.outer[1]),
    };
    let _ = writeln!(
        out,
        r#"<text x="8" y="16" font-size="12">{:?} {:?} {:?}{} {} : {} points, {} primitives</text>"#,
        domain,
        cfg.spacing,
        cfg.winding,
        if cfg.point_mode { " point-mode" } else { "" },
        levels,
        t.points.len(),
        t.primitives.len()
    );
    out.push_str(
        "<text x=\"8\" y=\"32\" font-size=\"10\" fill=\"#555\">origin upper left, v down; \
         blue = clockwise on screen, orange = counter-clockwise, red = zero area</text>\n",
    );

    draw_domain(&mut out, domain);

    match &t.primitives {
        Primitives::Triangles(tris) => {
            for &[a, b, c] in tris {
                let pts = [a, b, c].map(|i| point(t, i));
                let [p, q, r] = pts.map(|p| screen(domain, p));
                // Screen y points down, so a positive cross product is clockwise on screen.
                let cross = (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0);
                let (fill, stroke) = if cross > 0.0 {
                    ("#4a90d9", "#333")
                } else if cross < 0.0 {
                    ("#e8833a", "#333")
                } else {
                    ("none", "#d00")
                };
                let _ = writeln!(
                    out,
                    r##"<polygon points="{:.3},{:.3} {:.3},{:.3} {:.3},{:.3}" fill="{fill}" fill-opacity="0.3" stroke="{stroke}" stroke-width="0.6"/>"##,
                    p.0, p.1, q.0, q.1, r.0, r.1
                );
                if tris.len() <= MAX_ARROWS {
                    // The vertex order as an arrow, shrunk towards the centroid.
                    let centre = ((p.0 + q.0 + r.0) / 3.0, (p.1 + q.1 + r.1) / 3.0);
                    let shrink = |s: (f64, f64)| (centre.0 + (s.0 - centre.0) * 0.5, centre.1 + (s.1 - centre.1) * 0.5);
                    let [p, q, r] = [p, q, r].map(shrink);
                    let _ = writeln!(
                        out,
                        r##"<polyline points="{:.3},{:.3} {:.3},{:.3} {:.3},{:.3}" fill="none" stroke="#222" stroke-width="0.5" marker-end="url(#arrow)"/>"##,
                        p.0, p.1, q.0, q.1, r.0, r.1
                    );
                }
            }
        }
        Primitives::Lines(lines) => {
            for &[a, b] in lines {
                let (p, q) = (screen(domain, point(t, a)), screen(domain, point(t, b)));
                let arrow = if lines.len() <= MAX_ARROWS { r#" marker-end="url(#arrow)""# } else { "" };
                let _ = writeln!(
                    out,
                    r##"<line x1="{:.3}" y1="{:.3}" x2="{:.3}" y2="{:.3}" stroke="#1a5fa8" stroke-width="1"{arrow}/>"##,
                    p.0, p.1, q.0, q.1
                );
            }
        }
        Primitives::Points(_) => {}
    }

    let radius = if t.points.len() > 1000 { 1.2 } else { 2.5 };
    for (i, &p) in t.points.iter().enumerate() {
        let (x, y) = screen(domain, p);
        let _ = writeln!(out, r##"<circle cx="{x:.3}" cy="{y:.3}" r="{radius}" fill="#111"/>"##);
        if t.points.len() <= MAX_LABELS {
            let _ = writeln!(out, r##"<text x="{:.3}" y="{:.3}" font-size="8" fill="#a00">{i}</text>"##, x + 3.0, y - 3.0);
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The point an index refers to, or the origin for an index out of range (never expected;
/// drawing must not panic on a malformed tessellation).
fn point(t: &Tessellation, i: u32) -> [f32; 2] {
    t.points.get(i as usize).copied().unwrap_or([0.0, 0.0])
}

/// The domain's outline and corner labels.
fn draw_domain(out: &mut String, domain: Domain) {
    let corners: Vec<([f32; 2], &str, (f64, f64))> = match domain {
        Domain::Triangles => vec![([0.0, 0.0], "w=1", (-30.0, -6.0)), ([1.0, 0.0], "u=1", (6.0, -6.0)), ([0.0, 1.0], "v=1", (-10.0, 16.0))],
        Domain::Quads | Domain::Isolines => vec![
            ([0.0, 0.0], "(0,0)", (-34.0, -6.0)),
            ([1.0, 0.0], "(1,0)", (6.0, -6.0)),
            ([1.0, 1.0], "(1,1)", (6.0, 14.0)),
            ([0.0, 1.0], "(0,1)", (-34.0, 14.0)),
        ],
    };
    let outline: Vec<String> = corners
        .iter()
        .map(|(p, _, _)| {
            let (x, y) = screen(domain, *p);
            format!("{x:.3},{y:.3}")
        })
        .collect();
    let _ = writeln!(
        out,
        r##"<polygon points="{}" fill="#f4f4f4" stroke="#888" stroke-width="1.5" stroke-dasharray="{}"/>"##,
        outline.join(" "),
        if domain == Domain::Isolines { "4 3" } else { "none" }
    );
    for (p, label, (dx, dy)) in corners {
        let (x, y) = screen(domain, p);
        let _ = writeln!(out, r##"<text x="{:.3}" y="{:.3}" font-size="11" fill="#555">{label}</text>"##, x + dx, y + dy);
    }
}
