//! The tessellation picture on a failure page: for a test that draws patches, the domain the
//! CPU tessellator produces for one patch, drawn by [`tesserae::tessellator::to_svg`] (the
//! picture `tesserae tessellate --svg` writes).
//!
//! The mode (domain, spacing, winding, point mode) is what the translator reflects from both
//! tessellation stages ([`tesserae::tessellation::state`]); the levels are the constants the
//! control stage stores, directly or through locals and an HLSL patch-constant function
//! ([`super::tess_levels`]). Anything that cannot be derived leaves the
//! picture out (with a sentence when only the levels are unknown); it never fails a run.

use super::escape;
use super::tess_levels::{self, Level};
use crate::shader_test::ShaderTest;
use std::path::Path;
use tesserae::tessellator::{self, Domain, Spacing, TessConfig, Winding};
use tesserae::{Stage, Topology};

/// What the page can say about the tessellation of a test.
#[derive(Debug, Clone, PartialEq)]
pub enum Picture {
    /// The configuration of one patch.
    Config(TessConfig),
    /// The mode is known but not every level the domain uses: a sentence saying which.
    UnknownLevels(String),
}

/// The picture for `test`, or `None` when it draws no patches or its stages cannot be read.
pub fn derive(test: &ShaderTest) -> Option<Picture> {
    let Topology::PatchList { .. } = test.topology() else { return None };
    let load = |stage: Stage| -> Option<(Vec<u32>, tesserae::LoadedModule<'static>)> {
        let section = test.shader(stage)?;
        let words = crate::compile::compile_section(test, section).ok()?;
        let module = tesserae::reflect::load(words.clone(), Some(&section.entry_point)).ok()?;
        Some((words, module))
    };
    let (tcs_words, tcs) = load(Stage::TessControl)?;
    let (_, tes) = load(Stage::TessEval)?;
    let state = tesserae::tessellation::state(&tcs, &tes, test.topology()).ok()?;
    let levels = tess_levels::levels(&tcs_words);
    let mode = state.mode;
    let (n_outer, n_inner) = used_levels(mode.domain);
    let outer = &levels.outer[..n_outer];
    let inner = &levels.inner[..n_inner];
    if outer.iter().chain(inner).any(|l| l.value().is_none()) {
        let show = |ls: &[Level]| ls.iter().map(|l| l.value().map_or("?".to_string(), |v| v.to_string())).collect::<Vec<_>>().join(", ");
        let inner_text = if n_inner > 0 { format!(", inner [{}]", show(inner)) } else { String::new() };
        return Some(Picture::UnknownLevels(format!(
            "{:?} {:?} {:?}{}: the control stage computes levels at run time (outer [{}]{inner_text}; ? = not a constant), so there is no picture of the domain.",
            mode.domain,
            mode.spacing,
            mode.winding,
            if mode.point_mode { " point-mode" } else { "" },
            show(outer),
        )));
    }
    let mut cfg = TessConfig {
        domain: mode.domain,
        spacing: mode.spacing,
        winding: mode.winding,
        point_mode: mode.point_mode,
        outer: [0.0; 4],
        inner: [0.0; 2],
    };
    for (i, l) in outer.iter().enumerate() {
        cfg.outer[i] = l.value().unwrap_or(0.0);
    }
    for (i, l) in inner.iter().enumerate() {
        cfg.inner[i] = l.value().unwrap_or(0.0);
    }
    Some(Picture::Config(cfg))
}

/// (outer, inner) levels the domain uses.
fn used_levels(d: Domain) -> (usize, usize) {
    match d {
        Domain::Triangles => (3, 1),
        Domain::Quads => (4, 2),
        Domain::Isolines => (2, 0),
    }
}

/// The `tesserae tessellate` command that draws the same picture.
pub fn command(cfg: &TessConfig) -> String {
    let (n_outer, n_inner) = used_levels(cfg.domain);
    let list = |v: &[f32]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
    let domain = match cfg.domain {
        Domain::Triangles => "tri",
        Domain::Quads => "quad",
        Domain::Isolines => "isolines",
    };
    let spacing = match cfg.spacing {
        Spacing::Equal => "equal",
        Spacing::FractionalOdd => "fractional-odd",
        Spacing::FractionalEven => "fractional-even",
    };
    let mut s = format!("tesserae tessellate --domain {domain} --spacing {spacing} --outer {}", list(&cfg.outer[..n_outer]));
    if n_inner > 0 {
        s += &format!(" --inner {}", list(&cfg.inner[..n_inner]));
    }
    if cfg.winding == Winding::Cw {
        s += " --cw";
    }
    if cfg.point_mode {
        s += " --point-mode";
    }
    s + " --svg tessellation.svg"
}

/// The HTML section for a failure page in `dir`, writing `tessellation.svg` there; empty when
/// the test draws no patches or anything goes wrong (a panic included).
pub fn section(test: &ShaderTest, dir: &Path) -> String {
    let work = || -> Option<String> {
        match derive(test)? {
            Picture::UnknownLevels(why) => Some(format!("<h2>Tessellation</h2><p>{}</p>", escape(&why))),
            Picture::Config(cfg) => {
                let t = tessellator::tessellate(&cfg);
                std::fs::write(dir.join("tessellation.svg"), tessellator::to_svg(&cfg, &t)).ok()?;
                Some(format!(
                    "<h2>Tessellation of one patch</h2><p>The domain the CPU tessellator produces for the levels the control stage writes as constants ({} points, {} primitives{}); the same picture as <code>{}</code>. Where the control stage chooses levels per patch at run time, this shows one choice.</p><img class=tess src=tessellation.svg alt=\"tessellated domain\">",
                    t.points.len(),
                    t.primitives.len(),
                    if t.is_empty() { ", patch culled" } else { "" },
                    escape(&command(&cfg))
                ))
            }
        }
    };
    std::panic::catch_unwind(work).ok().flatten().unwrap_or_default()
}
