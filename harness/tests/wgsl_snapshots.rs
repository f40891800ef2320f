//! Data-driven snapshot tests: the WGSL the translator makes for every translatable corpus
//! pipeline, and its plan (JSON, WGSL left out), checked against
//! `harness/tests/snapshots/<area>/<name>.wgsl` and `<name>.plan.json`.
//! Bless with `BLESS=1 cargo test -p tesserae-harness --test wgsl_snapshots`.

use std::path::Path;
use tesserae_harness::{compile, runner::discover, shader_test};

#[test]
fn corpus_wgsl_matches_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let snapshots = root.join("tests/snapshots");
    let bless = std::env::var_os("BLESS").is_some();
    let mut mismatches = Vec::new();
    let mut differing = Vec::new();
    let mut checked = 0;
    let mut unused = Vec::new();
    for (name, path) in discover(&root.join("../corpus")).into_iter().filter(|(_, p)| !tesserae_harness::runner::is_amber(p)) {
        let test = shader_test::load(&path, &name).unwrap();
        let options = tesserae::Options { max_bind_groups: 8, ..Default::default() };
        let Ok(desc) = compile::pipeline(&test, options) else { continue };
        // Verified (the written WGSL parsed back and validated) and as translation runs by
        // default: the same plan, names and all.
        let verified = tesserae::translate(&tesserae::PipelineDesc {
            options: tesserae::Options { verify_wgsl_round_trip: true, ..desc.options },
            ..desc.clone()
        });
        let translated = tesserae::translate(&desc);
        if verified.as_ref().map_err(|e| e.to_string()) != translated.as_ref().map_err(|e| e.to_string()) {
            differing.push(name.clone());
        }
        if let Ok(plan) = &verified {
            unused_emulation_bindings(plan, &name, &mut unused);
        }
        let (text, json) = match verified {
            Ok(plan) => (
                plan.passes
                    .iter()
                    // The tessellator's kernels are the same few modules in every tessellation
                    // plan; their own tests validate them and compare them with the CPU one.
                    .filter(|p| !p.label().starts_with("tessellator"))
                    .map(|p| {
                        p.shaders().iter().map(|s| format!("// pass `{}`, {} stage\n{}", p.label(), s.stage, s.wgsl)).collect::<String>()
                    })
                    .collect::<String>(),
                plan_json(&plan),
            ),
            Err(e) => (format!("// refused: {e}\n"), format!("{{\"refused\": {:?}}}\n", e.to_string())),
        };
        checked += 1;
        for (file, text) in [(snapshots.join(format!("{name}.wgsl")), text), (snapshots.join(format!("{name}.plan.json")), json)] {
            if bless {
                std::fs::create_dir_all(file.parent().unwrap()).unwrap();
                std::fs::write(&file, &text).unwrap();
            } else if std::fs::read_to_string(&file).ok().as_deref() != Some(text.as_str()) {
                mismatches.push(file.strip_prefix(&snapshots).unwrap().display().to_string());
            }
        }
    }
    assert!(checked > 0);
    assert!(differing.is_empty(), "translation without the WGSL round trip differs from the verified one for {differing:?}");
    assert!(mismatches.is_empty(), "WGSL differs from the snapshot for {mismatches:?}; rerun with BLESS=1 if intended");
    assert!(unused.is_empty(), "passes declare emulation bindings their entry point does not use: {unused:?}");
}

/// Every binding of the emulation group a pass's shader declares is used by its entry point,
/// or in a module of several entry points (the tessellator's `count` and `emit`), by one of
/// them (docs/decisions.md, "Kernels declare only the bindings they read": each declared binding
/// is one the pass must bind and text every cold translation parses).
fn unused_emulation_bindings(plan: &tesserae::Plan, name: &str, out: &mut Vec<String>) {
    let Some(group) = plan.emulation_group else { return };
    for pass in &plan.passes {
        for shader in pass.shaders() {
            let module = shader.wgsl.module();
            let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), tesserae::wgsl::capabilities())
                .validate(module)
                .expect("the plan's module validates");
            if !module.entry_points.iter().any(|e| e.name == shader.entry_point) {
                out.push(format!("{name}: pass `{}` has no entry point `{}`", pass.label(), shader.entry_point));
                continue;
            }
            let used = |handle: naga::Handle<naga::GlobalVariable>| {
                (0..module.entry_points.len()).any(|e| !info.get_entry_point(e)[handle].is_empty())
            };
            for (handle, var) in module.global_variables.iter() {
                let Some(binding) = var.binding.as_ref().filter(|b| b.group == group) else { continue };
                if !used(handle) {
                    out.push(format!(
                        "{name}: pass `{}` declares @binding({}) `{}`",
                        pass.label(),
                        binding.binding,
                        var.name.as_deref().unwrap_or("")
                    ));
                }
            }
        }
    }
}

/// The plan as JSON without its WGSL (which the `.wgsl` snapshot holds).
fn plan_json(plan: &tesserae::Plan) -> String {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                m.remove("wgsl");
                m.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(plan).unwrap();
    strip(&mut v);
    serde_json::to_string_pretty(&v).unwrap() + "\n"
}
