//! The metamorphic fuzzer's transformations: each applies to generated pipelines, and every
//! variant it makes passes SPIRV-Tools' validator in process (a failure is a bug of the
//! transformation); frozen tests keep their text around the words they change.

use arbitrary::Unstructured;
use tesserae_fuzz::gen::{Features, PipelineSpec};
use tesserae_fuzz::metamorphic::{apply, FrozenTest, Step, Transformation};

/// Generated pipelines as frozen tests (seeded).
fn generated(n: u64) -> Vec<FrozenTest> {
    (0..n)
        .filter_map(|i| {
            let data = tesserae_fuzz::differential::input(77, i);
            let spec = PipelineSpec::generate(&mut Unstructured::new(&data), &Features::DIFFERENTIAL).ok()?;
            FrozenTest::parse(&format!("generated/{i}"), &tesserae_fuzz::shader_test_out::write(&spec, "test"))
        })
        .collect()
}

#[test]
fn every_transformation_applies_and_keeps_modules_valid() {
    let tests = generated(60);
    assert!(tests.len() > 30, "only {} generated tests", tests.len());
    for t in Transformation::ALL {
        let mut applied = 0;
        for test in &tests {
            for stage in 0..test.stages.len() {
                for seed in 0..2 {
                    // (Generated stages call no function: inlining follows an outlining.)
                    let before = match t {
                        Transformation::Inline => {
                            apply(&test.words(), &[Step { stage, transformation: Transformation::Outline, seed }]).unwrap().words
                        }
                        _ => test.words(),
                    };
                    let step = Step { stage, transformation: t, seed };
                    let v = apply(&before, &[step]).unwrap_or_else(|e| panic!("{}: {e}", test.name));
                    if v.words != before {
                        applied += 1;
                        assert!(!v.what[0].ends_with("no place"), "{}: changed the module but said {}", test.name, v.what[0]);
                    }
                    // A uniform the variant reads comes with the buffer that fills it.
                    assert_eq!(v.uniforms.len(), usize::from(t.adds_uniform() && v.words != before));
                }
            }
        }
        assert!(applied >= 10, "{} applied {applied} times over {} tests", t.name(), tests.len());
    }
}

#[test]
fn steps_compose_and_validate() {
    for test in generated(30) {
        let steps: Vec<Step> = Transformation::ALL
            .iter()
            .enumerate()
            .map(|(k, t)| Step { stage: k % test.stages.len(), transformation: *t, seed: k as u64 })
            .collect();
        apply(&test.words(), &steps).unwrap_or_else(|e| panic!("{}: {e}", test.name));
    }
}

#[test]
fn the_validator_follows_the_module_version() {
    // A SPIR-V 1.6 module is validated for Vulkan 1.3, a 1.0 one for Vulkan 1.1.
    let mut b = rspirv::dr::Builder::new();
    b.set_version(1, 6);
    b.capability(spirv::Capability::Shader);
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let fn_ty = b.type_function(void, vec![]);
    let main = b.begin_function(void, None, spirv::FunctionControl::NONE, fn_ty).unwrap();
    b.begin_block(None).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(spirv::ExecutionModel::Vertex, main, "main", vec![]);
    use rspirv::binary::Assemble;
    let words = b.module().assemble();
    tesserae_fuzz::metamorphic::validate(&words).expect("a SPIR-V 1.6 module validates for Vulkan 1.3");
}

#[test]
fn frozen_tests_keep_their_text() {
    let test = &generated(5)[0];
    let again = FrozenTest::parse("again", &test.text_with(&test.words(), "a comment\nof two lines")).expect("parses");
    assert_eq!(again.words(), test.words());
    let text = test.text_with(&test.words(), "note");
    assert!(text.starts_with("# note\n"));
    assert!(text.contains("[test]"), "the test section is kept");
    // A GLSL section is not SPIR-V: the test is not taken.
    assert!(FrozenTest::parse("glsl", "[vertex shader]\n#version 450\nvoid main() {}\n").is_none());
}

#[test]
fn a_constant_made_uniform_comes_with_its_buffer() {
    let (test, v) = generated(30)
        .into_iter()
        .find_map(|test| {
            let v = apply(&test.words(), &[Step { stage: 0, transformation: Transformation::ConstantToUniform, seed: 1 }]).ok()?;
            (!v.uniforms.is_empty()).then_some((test, v))
        })
        .expect("a generated vertex stage with a constant used by arithmetic");
    let u = &v.uniforms[0];
    assert!(u.binding >= 900, "{u:?}");
    let text = test.text_of(&v, "");
    let section = format!("[uniform buffer {} {}]\n{}\n", u.set, u.binding, u.row);
    let (at_section, at_test) = (text.find(&section).expect("the buffer's section"), text.find("\n[test]").expect("[test]"));
    assert!(at_section < at_test, "the buffer comes before [test]:\n{text}");
    assert!(FrozenTest::parse("again", &text).is_some(), "the variant's text parses");
}
