//! The metamorphic fuzzer's transformations keep what the driver draws: each one, applied to
//! each stage of a few frozen corpus tests (arithmetic, control flow, discard, tessellation, a
//! geometry stage), renders natively as the frozen test does, which renders as the original
//! (`freeze` changes only the language of the sections).

mod common;

use std::path::Path;
use tesserae::ClipMode;
use tesserae_fuzz::metamorphic::{apply, FrozenTest, Step, Transformation, ROUNDING_STEPS};
use tesserae_harness::executor::ExecutorKind;
use tesserae_harness::runner::child;
use tesserae_results::child::ChildStatus;
use tesserae_results::image::{self, Image};

const TESTS: [&str; 6] = [
    "basic/deep-expression-chain",
    "basic/varying-smooth",
    "basic/discard",
    "basic/loop-left-only-by-return",
    "tess/clip-evaluation-isolines",
    "geom/triangle-list-smooth",
];

fn render(dir: &Path, name: &str, text: &str) -> Result<Option<Image>, String> {
    render_on(ExecutorKind::Native, dir, name, text)
}

fn render_on(executor: ExecutorKind, dir: &Path, name: &str, text: &str) -> Result<Option<Image>, String> {
    let test = dir.join(format!("{}.shader_test", name.replace('/', "-")));
    let png = dir.join(format!("{}.png", name.replace('/', "-")));
    std::fs::write(&test, text).map_err(|e| e.to_string())?;
    let r = child::render(&test, name, executor, None, ClipMode::default(), &png);
    match r.status {
        ChildStatus::Rendered => Image::read_png(&png).map(Some).map_err(|e| e.to_string()),
        ChildStatus::Skip => Ok(None),
        s => Err(format!("{name}: {s}: {}", r.message)),
    }
}

#[test]
fn transformations_keep_native_images() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = std::env::temp_dir().join(format!("tesserae-metamorphic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut compared = 0;
    for name in TESTS {
        let path = root.join("corpus").join(format!("{name}.shader_test"));
        let text = std::fs::read_to_string(&path).unwrap();
        let frozen_text = tesserae_harness::freeze::freeze(&path, name, &text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let frozen = FrozenTest::parse(name, &frozen_text).expect("a frozen test is SPIR-V");
        let Some(original) = render(&dir, name, &text).unwrap() else {
            return common::no_device("native rendering skipped");
        };
        let again = render(&dir, &format!("{name}-frozen"), &frozen_text).unwrap().expect("rendered once");
        assert_eq!(image::compare(&original, &again, &image::Tolerance::EXACT).differing_pixels, 0, "{name}: frozen renders otherwise");
        for t in Transformation::ALL {
            for stage in 0..frozen.stages.len() {
                let step = Step { stage, transformation: t, seed: stage as u64 };
                // (Corpus stages call few functions: inlining follows an outlining.)
                let steps = match t {
                    Transformation::Inline => vec![Step { transformation: Transformation::Outline, ..step }, step],
                    _ => vec![step],
                };
                let v = apply(&frozen.words(), &steps).unwrap_or_else(|e| panic!("{name}: {e}"));
                let what = &v.what;
                if v.words == frozen.words() {
                    continue;
                }
                let variant = render(&dir, &format!("{name}-variant"), &frozen.text_of(&v, "")).unwrap().expect("rendered");
                let c = image::compare(&original, &variant, &image::Tolerance::EXACT);
                assert!(
                    c.max_channel_diff <= ROUNDING_STEPS,
                    "{name}: {what:?} renders otherwise natively: {} pixels, up to {} steps",
                    c.differing_pixels,
                    c.max_channel_diff
                );
                compared += 1;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(compared >= 15, "only {compared} variants compared");
}

/// Names change nothing: a stage whose global or entry function bears a name the translator
/// gives its own items (`translator-name`) renders on wgpu exactly as the frozen test does,
/// tessellation and geometry stages included (the translator renames the user's first,
/// `lower::reserved_names`).
#[test]
fn translator_names_keep_translated_images() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = std::env::temp_dir().join(format!("tesserae-translator-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wgpu = ExecutorKind::Wgpu(tesserae_harness::executor::translated::Backend::Vulkan);
    let mut compared = 0;
    for name in TESTS {
        let path = root.join("corpus").join(format!("{name}.shader_test"));
        let text = std::fs::read_to_string(&path).unwrap();
        let frozen_text = tesserae_harness::freeze::freeze(&path, name, &text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let frozen = FrozenTest::parse(name, &frozen_text).expect("a frozen test is SPIR-V");
        let Some(original) = render_on(wgpu, &dir, name, &frozen_text).unwrap() else {
            return common::no_device("wgpu rendering skipped");
        };
        for stage in 0..frozen.stages.len() {
            // (Seeds enough that every stage gets the names of the built-ins the next stage
            // reads: without `reserved_names`, the vertex records pass of the tessellation and
            // geometry tests then does not validate.)
            for seed in 0..40 {
                let step = Step { stage, transformation: Transformation::TranslatorName, seed };
                let v = apply(&frozen.words(), &[step]).unwrap_or_else(|e| panic!("{name}: {e}"));
                let variant = render_on(wgpu, &dir, &format!("{name}-named"), &frozen.text_of(&v, ""))
                    .unwrap_or_else(|e| panic!("{name}: {:?}: {e}", v.what))
                    .expect("rendered");
                let c = image::compare(&original, &variant, &image::Tolerance::EXACT);
                assert_eq!(
                    c.differing_pixels, 0,
                    "{name}: {:?} renders otherwise on wgpu-vulkan (up to {} steps)",
                    v.what, c.max_channel_diff
                );
                compared += 1;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(compared >= 500, "only {compared} variants compared");
}
