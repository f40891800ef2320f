//! Non-vacuity of the whole corpus: an executor that draws nothing (an image of only the clear
//! colour) must fail every test whose expected image shows something. Each test is judged
//! exactly as the runner judges a rendering (probes, reference with the executor's tolerance,
//! native comparison), for every executor name the runner uses.

use std::path::Path;
use std::time::Duration;
use tesserae_harness::image::{is_blank, solid, Image};
use tesserae_harness::runner::{batch::Rendering, discover, judge, reference_path, report, Status};
use tesserae_harness::shader_test;

const EXECUTORS: [&str; 5] = ["native", "wgpu-vulkan", "wgpu-gl", "wgpu-vulkan-clip-emulated", "wgpu-gl-clip-emulated"];

#[test]
fn a_blank_image_passes_no_test_that_draws_something() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let references = root.join("reference_images");
    let pages_dir = std::env::temp_dir().join(format!("tesserae-blank-{}", std::process::id()));
    let mut pages = report::Pages::new(&pages_dir);
    let (mut judged, mut drawn, mut passed) = (0, 0, Vec::new());
    for (name, path) in discover(&root.join("corpus")).into_iter().filter(|(_, p)| !tesserae_harness::runner::is_amber(p)) {
        let test = shader_test::load(&path, &name).unwrap_or_else(|e| panic!("{e}"));
        let Ok(reference) = Image::read_png(&reference_path(&references, &name)) else { continue };
        if is_blank(&reference, test.test.clear) {
            continue;
        }
        drawn += 1;
        let blank = solid(reference.width, reference.height, test.test.clear);
        for ex in EXECUTORS {
            let r = Rendering {
                status: Status::Pass,
                message: String::new(),
                image: Some(blank.clone()),
                captures: None,
                driver: None,
                unavailable: false,
                duration: Duration::ZERO,
            };
            // The live native rendering is the reference (what the driver drew when blessed).
            let native = judge::Native { image: (ex != "native").then_some(&reference), captures: None };
            let v = judge::judge(&references, None, &test, ex, &r, native, &mut pages);
            judged += 1;
            if v.status == Status::Pass {
                passed.push(format!("{name} on {ex}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&pages_dir);
    eprintln!("{judged} blank renderings judged over {drawn} tests that draw something; {} passed", passed.len());
    assert!(drawn > 300, "the corpus and its references are there ({drawn} tests)");
    assert!(passed.is_empty(), "a blank image passes {} test rows:\n{}", passed.len(), passed.join("\n"));
}
