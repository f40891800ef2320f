//! `tesserae tessellate`: the CPU reference tessellator on the command line (part of the
//! binary, not the library). Prints the domain points and primitives of one patch, as text or
//! JSON, and draws them to an SVG picture with `--svg`.

use std::fmt::Write as _;
use std::path::PathBuf;
use tesserae::tessellator::{self, Domain, Primitives, Spacing, TessConfig, Winding};

#[derive(clap::Args)]
pub struct Args {
    /// tri, quad or isolines
    #[arg(long)]
    domain: String,
    /// equal, fractional-odd or fractional-even
    #[arg(long, default_value = "equal")]
    spacing: String,
    /// Outer levels, comma-separated (3 for tri, 4 for quad, 2 for isolines: density, detail;
    /// up to 4 accepted). Any float, e.g. 3.7, 0, -1, NaN, inf.
    #[arg(long, allow_hyphen_values = true)]
    outer: String,
    /// Inner levels, comma-separated (1 for tri, 2 for quad, none for isolines).
    #[arg(long, allow_hyphen_values = true)]
    inner: Option<String>,
    /// Clockwise vertex order (default counter-clockwise).
    #[arg(long)]
    cw: bool,
    /// Point mode: every domain point once, as a point.
    #[arg(long)]
    point_mode: bool,
    /// Also draw the tessellation to this SVG file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Print JSON (the configuration, points and primitives) instead of text.
    #[arg(long)]
    json: bool,
}

/// `N` levels from a comma-separated list of at least `min` and at most `N` floats; the rest
/// (unused by the domain) are 0.
fn levels<const N: usize>(flag: &str, text: Option<&str>, min: usize, domain: Domain) -> Result<[f32; N], String> {
    let text = text.unwrap_or("").trim();
    let values: Vec<f32> = if text.is_empty() {
        Vec::new()
    } else {
        text.split(',')
            .map(|s| s.trim().parse::<f32>().map_err(|_| format!("--{flag}: `{}` is not a number", s.trim())))
            .collect::<Result<_, _>>()?
    };
    if values.len() < min || values.len() > N {
        let want = if min == N { format!("{N}") } else { format!("{min} to {N}") };
        return Err(format!("--{flag}: {domain:?} takes {want} levels, got {}", values.len()));
    }
    let mut out = [0.0; N];
    out[..values.len()].copy_from_slice(&values);
    Ok(out)
}

pub fn run(a: Args) -> Result<String, String> {
    let domain: Domain = a.domain.parse().map_err(|e| format!("--domain: {e}"))?;
    let spacing: Spacing = a.spacing.parse().map_err(|e| format!("--spacing: {e}"))?;
    let (n_outer, n_inner) = match domain {
        Domain::Triangles => (3, 1),
        Domain::Quads => (4, 2),
        Domain::Isolines => (2, 0),
    };
    let cfg = TessConfig {
        domain,
        spacing,
        winding: if a.cw { Winding::Cw } else { Winding::Ccw },
        point_mode: a.point_mode,
        outer: levels("outer", Some(&a.outer), n_outer, domain)?,
        inner: levels("inner", a.inner.as_deref(), n_inner, domain)?,
    };
    let t = tessellator::tessellate(&cfg);
    if let Some(path) = &a.svg {
        std::fs::write(path, tessellator::to_svg(&cfg, &t)).map_err(|e| format!("--svg {}: {e}", path.display()))?;
    }
    if a.json {
        let v = serde_json::json!({ "config": cfg, "points": t.points, "primitives": t.primitives });
        return serde_json::to_string(&v).map(|s| s + "\n").map_err(|e| e.to_string());
    }
    Ok(text(&cfg, &t, n_outer, n_inner))
}

fn text(cfg: &TessConfig, t: &tessellator::Tessellation, n_outer: usize, n_inner: usize) -> String {
    let mut s = String::new();
    let kind = match &t.primitives {
        Primitives::Points(_) => "points",
        Primitives::Lines(_) => "lines",
        Primitives::Triangles(_) => "triangles",
    };
    let _ = writeln!(
        s,
        "{:?} {:?} {:?}{}, outer {:?}, inner {:?}: {} points, {} {kind}{}",
        cfg.domain,
        cfg.spacing,
        cfg.winding,
        if cfg.point_mode { " point-mode" } else { "" },
        &cfg.outer[..n_outer],
        &cfg.inner[..n_inner],
        t.points.len(),
        t.primitives.len(),
        if t.is_empty() { " (patch culled)" } else { "" }
    );
    let w = if cfg.domain == Domain::Triangles { "   w" } else { "" };
    let _ = writeln!(s, "points: index   u   v{w}");
    for i in 0..t.points.len() {
        let [u, v, w] = t.coord3(i);
        let w = if cfg.domain == Domain::Triangles { format!(" {w}") } else { String::new() };
        let _ = writeln!(s, "  {i:>5} {u} {v}{w}");
    }
    let _ = writeln!(s, "{kind} (point indices, in order):");
    match &t.primitives {
        Primitives::Points(p) => p.iter().for_each(|i| {
            let _ = writeln!(s, "  {i}");
        }),
        Primitives::Lines(l) => l.iter().for_each(|[a, b]| {
            let _ = writeln!(s, "  {a} {b}");
        }),
        Primitives::Triangles(tr) => tr.iter().for_each(|[a, b, c]| {
            let _ = writeln!(s, "  {a} {b} {c}");
        }),
    }
    s
}
