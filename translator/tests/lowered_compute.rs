//! Valid compute modules from the Vulkan CTS's Amber scripts that naga's reader or validator
//! did not take as they were, lowered to what they take: each translates, its WGSL parses back
//! and validates, the passes' predicates hold on it, and two translations are equal.

use glslang::*;
use tesserae::*;

/// GLSL compute → SPIR-V 1.3.
fn compute(src: &str) -> Vec<u32> {
    let compiler = Compiler::acquire().expect("glslang");
    let source = ShaderSource::from(src);
    let target = Target::Vulkan { version: VulkanVersion::Vulkan1_1, spirv_version: SpirvVersion::SPIRV1_3 };
    let options =
        CompilerOptions { source_language: SourceLanguage::GLSL, target, version_profile: None, messages: ShaderMessage::DEFAULT };
    let input = ShaderInput::new(&source, ShaderStage::Compute, &options, None::<&[(&str, Option<&str>)]>, None).expect("input");
    compiler.create_shader(input).expect("parse").compile().expect("compile")
}

/// The stage's WGSL, after the checks every translation here gets.
fn translate_words(words: Vec<u32>) -> Result<String, TranslateError> {
    tesserae::lower::check_predicates(&words).unwrap();
    tesserae::spirv_reader::check_agrees_with_rspirv(&words).unwrap();
    let mut desc = ComputeDesc::new(StageDesc::new(words));
    desc.options.verify_wgsl_round_trip = true;
    let plan = translate_compute(&desc)?;
    assert_eq!(plan, translate_compute(&desc).unwrap(), "translation is deterministic");
    Ok(plan.pass.shader.wgsl.as_str().to_string())
}

/// `shared T x = {};` (GL_EXT_null_initializer) is a workgroup variable initialized with
/// `OpConstantNull`: it translates to a plain workgroup variable (WGSL zero-initializes them),
/// scalars, arrays, structs and atomics alike.
#[test]
fn null_initialized_workgroup_variables_lose_the_initializer() {
    let words = compute(
        "#version 450
#extension GL_EXT_null_initializer : enable
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; } o;
struct Pair { uint x; uint y; };
shared uint wg[4] = {};
shared uint count = {};
shared Pair pair = {};
void main() {
  uint i = gl_LocalInvocationIndex;
  o.v[i] = wg[i] + pair.y;
  atomicAdd(count, 1u);
  barrier();
  o.v[4u + i] = count;
}",
    );
    let null_initialized = words.windows(5).filter(|w| w[0] == (5 << 16 | spirv::Op::Variable as u32) && w[3] == spirv::StorageClass::Workgroup as u32).count();
    assert_eq!(null_initialized, 3, "glslang writes the three initializers");
    let wgsl = translate_words(words).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(wgsl.matches("var<workgroup>").count(), 3, "{wgsl}");
    assert!(wgsl.contains("atomic<u32>"), "{wgsl}");
}
