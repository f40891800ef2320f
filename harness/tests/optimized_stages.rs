//! Stages as users ship them: GLSL through glslang, then spirv-opt's performance passes
//! (SPIRV-Tools in process), translated by a debug build, whose load checks that every
//! lowering pass that changed a module said so. Issue 34 item 7b: a spirv-opt-optimised
//! fragment stage of a CTS GraphicsFuzz test (a loop left when the floor of a NaN is positive)
//! panicked there. The shapes below are written here after that description; the CTS's own
//! 1,649 GraphicsFuzz stages optimised with `-O` and `-Os` translate in a debug build too
//! (docs/external-suites.md says how to sweep them).

use glslang::ShaderStage;
use tesserae::{translate, PipelineDesc, StageDesc, VertexBufferLayout};
use tesserae_harness::compile::{compile_source, SourceKind};
use tesserae_harness::shader_test::CompileTarget;

fn glsl(stage: ShaderStage, src: &str) -> Vec<u32> {
    compile_source(SourceKind::Glsl, src, stage, CompileTarget::Vulkan1_0, "main").unwrap_or_else(|e| panic!("{e}"))
}

fn optimized(words: &[u32]) -> Vec<u32> {
    use spirv_tools::opt::Optimizer;
    let mut opt = spirv_tools::opt::create(Some(spirv_tools::TargetEnv::Vulkan_1_0));
    opt.register_performance_passes();
    let out = opt.optimize(words, &mut |_: spirv_tools::error::Message| {}, None).expect("spirv-opt takes the stage");
    out.as_words().to_vec()
}

/// Translates a pass-through vertex stage with `fragment` optimised, checking the WGSL parses
/// back, and returns the fragment stage's WGSL.
fn translate_optimized(fragment: &str) -> String {
    let v = glsl(ShaderStage::Vertex, "#version 450\nlayout(location=0) in vec2 p;\nvoid main(){ gl_Position = vec4(p, 0.0, 1.0); }");
    let f = optimized(&glsl(ShaderStage::Fragment, fragment));
    let r = tesserae::reflect::load(&v, None).expect("vertex loads").reflection;
    let mut desc =
        PipelineDesc { vertex_buffers: VertexBufferLayout::infer(&r), ..PipelineDesc::new(StageDesc::new(v), Some(StageDesc::new(f))) };
    desc.options.verify_wgsl_round_trip = true;
    let plan = translate(&desc).unwrap_or_else(|e| panic!("{e}"));
    let tesserae::Pass::Render(rp) = &plan.passes[0] else { panic!("a render pass first") };
    rp.fragment.as_ref().expect("a fragment stage").wgsl.as_str().to_string()
}

#[test]
fn a_loop_left_on_the_floor_of_a_nan_translates_optimised() {
    let wgsl = translate_optimized(
        "#version 450
        layout(set = 0, binding = 0) uniform U { int one; };
        layout(location = 0) out vec4 colour;
        void main() {
            int a = 0;
            for (int i = 0; i < 5; i++) {
                if (one == 0) {
                    if (floor(intBitsToFloat(0xffc00000)) > 0.0) {
                        a = -1;
                        break;
                    }
                }
                a++;
            }
            colour = a == 5 ? vec4(1.0, 0.0, 0.0, 1.0) : vec4(0.0);
        }",
    );
    assert!(wgsl.contains("loop"), "the loop is kept:\n{wgsl}");
}

#[test]
fn a_loop_whose_condition_is_the_floor_of_a_nan_translates_optimised() {
    translate_optimized(
        "#version 450
        layout(set = 0, binding = 0) uniform U { float x; };
        layout(location = 0) out vec4 colour;
        void main() {
            float n = intBitsToFloat(0x7fc00000);
            int steps = 0;
            while (!(floor(n * x) <= 0.0) && steps < 3) {
                steps++;
            }
            colour = vec4(float(steps) / 3.0, floor(n), 0.0, 1.0);
        }",
    );
}
