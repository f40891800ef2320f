//! `tolerances --run DIR`: for every translated rendering of a finished run whose test carries
//! a tolerance, how far it actually strays from the reference image: differing pixels, the
//! reference's edge pixels, differing pixels off the edges, and the share of edge pixels that
//! differ. This is how a tolerance gets a measured bound in its reason.

use crate::Selection;
use std::process::ExitCode;
use tesserae_harness::image::{compare, edge_mask, Image};
use tesserae_harness::runner;
use tesserae_harness::shader_test::{self, Tolerance};

pub fn tolerances(sel: &Selection, run: &std::path::Path) -> Result<ExitCode, String> {
    let opts = crate::run_options(sel, run.to_path_buf(), Vec::new(), 1)?;
    println!("test,executor,tolerance,differing,edge_pixels,off_edge,edge_share_percent,image_share_percent,any_difference,max_channel_difference");
    for (name, path) in runner::select(&opts) {
        // Amber scripts carry their own tolerances in their EXPECT commands.
        if runner::is_amber(&path) {
            continue;
        }
        let test = shader_test::load(&path, &name).map_err(|e| e.to_string())?;
        if test.test.tolerances.is_empty() {
            continue;
        }
        let Ok(reference) = Image::read_png(&runner::reference_path(&sel.references, &name)) else { continue };
        let edges = edge_mask(&reference).iter().filter(|e| **e).count() as u64;
        let Ok(dir) = std::fs::read_dir(run.join("images").join(&name)) else { continue };
        let mut pngs: Vec<_> = dir.flatten().map(|e| e.path()).collect();
        pngs.sort();
        for png in pngs {
            let executor = png.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let tol = test.test.tolerance(&executor);
            if executor == "native" || tol == Tolerance::default() {
                continue;
            }
            let Ok(img) = Image::read_png(&png) else { continue };
            let strict = Tolerance { edges_only: true, ..tol.clone() };
            let c = compare(&reference, &img, &strict);
            let off = c.edges.map(|e| e.differing_off_edge).unwrap_or(0);
            // Pixels that differ at all, and by how much: whether the tolerance is needed.
            let exact = compare(&reference, &img, &Tolerance::default());
            println!(
                "{name},{executor},{},{},{edges},{off},{:.2},{:.2},{},{}",
                tol.describe(),
                c.differing_pixels,
                100.0 * c.differing_pixels as f64 / edges.max(1) as f64,
                100.0 * c.differing_pixels as f64 / c.total_pixels.max(1) as f64,
                exact.differing_pixels,
                exact.max_channel_diff
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
