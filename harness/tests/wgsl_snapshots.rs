//! Data-driven snapshot tests: the WGSL the translator makes for every translatable corpus
//! pipeline, checked against `harness/tests/snapshots/<area>/<name>.wgsl`.
//! Bless with `BLESS=1 cargo test -p tesserae-harness --test wgsl_snapshots`.

use std::path::Path;
use tesserae_harness::{compile, runner::discover, shader_test};

#[test]
fn corpus_wgsl_matches_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let snapshots = root.join("tests/snapshots");
    let bless = std::env::var_os("BLESS").is_some();
    let mut mismatches = Vec::new();
    let mut checked = 0;
    for (name, path) in discover(&root.join("../corpus")) {
        let test = shader_test::load(&path, &name).unwrap();
        let Ok(desc) = compile::pipeline(&test, tesserae::Options::default()) else { continue };
        let text = match tesserae::translate(&desc) {
            Ok(plan) => plan
                .passes
                .iter()
                .map(|p| p.shaders().iter().map(|s| format!("// pass `{}`, {} stage\n{}", p.label(), s.stage, s.wgsl)).collect::<String>())
                .collect::<String>(),
            Err(e) => format!("// refused: {e}\n"),
        };
        let file = snapshots.join(format!("{name}.wgsl"));
        checked += 1;
        if bless {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, &text).unwrap();
        } else if std::fs::read_to_string(&file).ok().as_deref() != Some(text.as_str()) {
            mismatches.push(name);
        }
    }
    assert!(checked > 0);
    assert!(mismatches.is_empty(), "WGSL differs from the snapshot for {mismatches:?}; rerun with BLESS=1 if intended");
}
