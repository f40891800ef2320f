//! Compute pipelines: `translate_compute` gives one pass whose WGSL validates, the workgroup
//! size after specialization (LocalSize, LocalSizeId, the WorkgroupSize built-in) and the
//! resource table; what WGSL cannot express is refused by name.

mod common;
use glslang::*;
use tesserae::*;

/// GLSL compute → SPIR-V, for SPIR-V 1.3 (glslang writes `local_size_x_id` as a constant
/// decorated `BuiltIn WorkgroupSize`) or 1.6 (as `LocalSizeId`).
fn compute(src: &str, spirv_1_6: bool) -> Vec<u32> {
    let compiler = Compiler::acquire().expect("glslang");
    let source = ShaderSource::from(src);
    let target = if spirv_1_6 {
        Target::Vulkan { version: VulkanVersion::Vulkan1_3, spirv_version: SpirvVersion::SPIRV1_6 }
    } else {
        Target::Vulkan { version: VulkanVersion::Vulkan1_1, spirv_version: SpirvVersion::SPIRV1_3 }
    };
    let options =
        CompilerOptions { source_language: SourceLanguage::GLSL, target, version_profile: None, messages: ShaderMessage::DEFAULT };
    let input = ShaderInput::new(&source, ShaderStage::Compute, &options, None::<&[(&str, Option<&str>)]>, None).expect("input");
    compiler.create_shader(input).expect("parse").compile().expect("compile")
}

fn desc(words: Vec<u32>, spec: &[(u32, SpecValue)]) -> ComputeDesc {
    let mut d = ComputeDesc::new(StageDesc::new(words));
    d.specialization = spec.to_vec();
    d.options.verify_wgsl_round_trip = true;
    d
}

/// Doubles `data[i]` and adds a push constant, over a workgroup whose x size is spec
/// constant 0 (default 64).
const DOUBLE: &str = "#version 450
layout(local_size_x = 64, local_size_x_id = 0) in;
layout(set = 0, binding = 0, std430) buffer Data { uint data[]; };
layout(push_constant) uniform Push { uint add; uint count; } pc;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < pc.count) { data[i] = data[i] * 2u + pc.add; }
}";

#[test]
fn doubling_kernel_translates_with_its_specialized_workgroup_size() {
    for spirv_1_6 in [false, true] {
        let words = compute(DOUBLE, spirv_1_6);
        let plan = translate_compute(&desc(words.clone(), &[])).unwrap_or_else(|e| panic!("SPIR-V 1.6 {spirv_1_6}: {e}"));
        assert_eq!(plan.workgroup_size, [64, 1, 1], "default spec value (SPIR-V 1.6 {spirv_1_6})");
        let plan = translate_compute(&desc(words, &[(0, SpecValue::Uint(32))])).unwrap();
        assert_eq!(plan.workgroup_size, [32, 1, 1], "specialized (SPIR-V 1.6 {spirv_1_6})");
        plan.validate().unwrap();
        let wgsl = plan.pass.shader.wgsl.as_str();
        assert!(wgsl.contains("@compute @workgroup_size(32, 1, 1)"), "{wgsl}");
        assert_eq!(plan.pass.shader.stage, Stage::Compute);
        assert!(plan.pass.shader.is_compute());
        assert_eq!(plan.pass.workgroups, Workgroups::AsDispatched);

        // The storage buffer keeps its set and binding.
        assert_eq!(plan.resources.len(), 1, "{:#?}", plan.resources);
        let r = &plan.resources[0];
        assert_eq!((r.set, r.binding, r.kind, r.count), (0, 0, DescriptorKind::StorageBuffer, 1));
        assert_eq!(r.wgpu.len(), 1);
        let w = &r.wgpu[0];
        assert_eq!((w.group, w.binding, &w.ty), (0, 0, &BindingType::StorageBuffer { read_only: false }));
        assert_eq!(w.visibility, Visibility { compute: true, ..Default::default() });
        assert_eq!(r.passes, vec![plan.pass.label.clone()]);

        // Push constants: a uniform in the emulation group (the lowest set the shader leaves).
        let pc = plan.push_constants.as_ref().expect("push constants");
        assert_eq!((pc.group, pc.binding, pc.size), (1, emulation::binding::PUSH_CONSTANTS, 16));
        assert_eq!(plan.emulation_group, Some(1));
        assert_eq!(plan.pass.resources, vec![PassResource { group: 1, binding: pc.binding, resource: Resource::PushConstants }]);
        assert!(wgsl.contains("@group(1) @binding(20) \nvar<uniform>") || wgsl.contains("@group(1) @binding(20)"), "{wgsl}");
    }
}

#[test]
fn translation_is_deterministic_and_serializes() {
    let d = desc(compute(DOUBLE, true), &[(0, SpecValue::Uint(8))]);
    let a = translate_compute(&d).unwrap();
    let b = translate_compute(&d).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.to_json(), b.to_json());
    let json: serde_json::Value = serde_json::from_str(&a.to_json()).unwrap();
    assert_eq!(json["workgroup_size"], serde_json::json!([8, 1, 1]));
    assert_eq!(json["pass"]["workgroups"], "as-dispatched");
    assert_eq!(json["pass"]["shader"]["stage"], "compute");
}

#[test]
fn local_size_ids_default_to_their_literal_or_one() {
    // `local_size_x_id` without `local_size_x`: the spec constant's default is 1.
    let src = "#version 450
layout(local_size_x_id = 3, local_size_y = 2) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; };
void main() { v[gl_LocalInvocationIndex] = 7u; }";
    for spirv_1_6 in [false, true] {
        let words = compute(src, spirv_1_6);
        assert_eq!(translate_compute(&desc(words.clone(), &[])).unwrap().workgroup_size, [1, 2, 1], "SPIR-V 1.6 {spirv_1_6}");
        let plan = translate_compute(&desc(words, &[(3, SpecValue::Uint(5))])).unwrap();
        assert_eq!(plan.workgroup_size, [5, 2, 1], "SPIR-V 1.6 {spirv_1_6}");
    }
    let plain = "#version 450
layout(local_size_x = 4, local_size_y = 4, local_size_z = 2) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; };
void main() { v[gl_LocalInvocationIndex] = 1u; }";
    let plan = translate_compute(&desc(compute(plain, false), &[])).unwrap();
    assert_eq!(plan.workgroup_size, [4, 4, 2]);
    assert_eq!(plan.push_constants, None);
    assert_eq!(plan.emulation_group, None);
}

#[test]
fn resource_table_covers_every_descriptor_kind() {
    let src = "#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform Params { vec4 scale; float bias[3]; } params;
layout(set = 0, binding = 1, std430) readonly buffer In { vec4 values[]; };
layout(set = 1, binding = 0, rgba8) uniform writeonly image2D dst;
layout(set = 1, binding = 1) uniform texture2D src;
layout(set = 1, binding = 2) uniform sampler smp;
layout(set = 2, binding = 0) uniform sampler2D combined;
layout(set = 2, binding = 1, r32ui) uniform uimage2D counters[2];
layout(push_constant) uniform Push { vec2 offset; } pc;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    vec4 a = texelFetch(sampler2D(src, smp), p, 0);
    vec4 b = textureLod(combined, vec2(p) + pc.offset, 0.0);
    imageStore(counters[1], p, uvec4(imageLoad(counters[0], p).x + 1u));
    imageStore(dst, p, a * params.scale + b + values[p.x] + params.bias[2]);
}";
    let plan = translate_compute(&desc(compute(src, false), &[])).unwrap();
    plan.validate().unwrap();
    let table: Vec<(u32, u32, DescriptorKind, u32, Vec<(u32, u32)>)> =
        plan.resources.iter().map(|r| (r.set, r.binding, r.kind, r.count, r.wgpu.iter().map(|w| (w.group, w.binding)).collect())).collect();
    use DescriptorKind::*;
    assert_eq!(
        table,
        vec![
            (0, 0, UniformBuffer, 1, vec![(0, 0)]),
            (0, 1, StorageBuffer, 1, vec![(0, 1)]),
            (1, 0, StorageImage, 1, vec![(1, 0)]),
            (1, 1, SampledImage, 1, vec![(1, 1)]),
            (1, 2, Sampler, 1, vec![(1, 2)]),
            // The combined sampler's sampler half, and the array's second element, above the
            // set's bindings.
            (2, 0, CombinedImageSampler, 1, vec![(2, 0), (2, 3)]),
            (2, 1, StorageImage, 2, vec![(2, 1), (2, 2)]),
        ],
        "{:#?}",
        plan.resources
    );
    let ty = |set: u32, binding: u32| {
        plan.resources.iter().flat_map(|r| &r.wgpu).find(|w| (w.group, w.binding) == (set, binding)).unwrap().ty.clone()
    };
    assert_eq!(ty(0, 1), BindingType::StorageBuffer { read_only: true });
    let storage = |format, access| BindingType::StorageTexture { format, access, dimension: TextureDimension::D2 };
    assert_eq!(ty(1, 0), storage(StorageFormat::Rgba8Unorm, StorageAccess::Write));
    assert_eq!(ty(2, 2), storage(StorageFormat::R32Uint, StorageAccess::ReadWrite));
    assert!(plan.to_json().contains("\"format\": \"rgba8unorm\""), "formats are written as WGSL spells them");
    assert!(matches!(ty(2, 3), BindingType::Sampler { comparison: false }));
    assert!(plan.resources.iter().flat_map(|r| &r.wgpu).all(|w| w.visibility == Visibility { compute: true, ..Default::default() }));
    // Three sets: the push constants take group 3.
    assert_eq!(plan.emulation_group, Some(3));
}

#[test]
fn shared_memory_and_barriers_translate() {
    let src = "#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { float d[]; };
shared float tile[64];
void main() {
    uint l = gl_LocalInvocationID.x;
    tile[l] = d[gl_GlobalInvocationID.x];
    barrier();
    d[gl_GlobalInvocationID.x] = tile[63u - l] + float(gl_WorkGroupID.x) + float(gl_NumWorkGroups.x);
}";
    let plan = translate_compute(&desc(compute(src, false), &[])).unwrap();
    let wgsl = plan.pass.shader.wgsl.as_str();
    assert!(wgsl.contains("var<workgroup>"), "{wgsl}");
    assert!(wgsl.contains("workgroupBarrier()"), "{wgsl}");
}

#[test]
fn translate_stage_takes_compute_modules() {
    let shader = translate_stage(&StageDesc::new(compute(DOUBLE, true))).unwrap();
    assert_eq!(shader.stage, Stage::Compute);
    assert!(shader.wgsl.as_str().contains("@workgroup_size(64, 1, 1)"), "{}", shader.wgsl);
    let shader = translate_stage(&StageDesc::new(compute(DOUBLE, false))).unwrap();
    assert!(shader.wgsl.as_str().contains("@workgroup_size(64, 1, 1)"), "{}", shader.wgsl);
}

#[test]
fn stage_kinds_are_checked_both_ways() {
    // A compute module as a vertex stage, a vertex module as a compute pipeline.
    let e = translate(&PipelineDesc::new(StageDesc::new(compute(DOUBLE, false)), None)).unwrap_err();
    assert!(matches!(&e, TranslateError::InvalidDesc(m) if m.contains("compute entry point")), "{e}");
    let e = translate_compute(&desc(common::vs(common::VS), &[])).unwrap_err();
    assert!(matches!(&e, TranslateError::InvalidDesc(m) if m.contains("vertex entry point")), "{e}");
    // A named entry point that is not there.
    let mut d = desc(compute(DOUBLE, false), &[]);
    d.shader.entry_point = Some("other".into());
    let e = translate_compute(&d).unwrap_err();
    assert!(matches!(&e, TranslateError::Load { stage: Stage::Compute, source: LoadError::EntryPointNotFound { .. } }), "{e}");
}

#[test]
fn a_zero_workgroup_size_is_an_invalid_desc() {
    let e = translate_compute(&desc(compute(DOUBLE, true), &[(0, SpecValue::Uint(0))])).unwrap_err();
    assert!(matches!(&e, TranslateError::InvalidDesc(m) if m.contains("workgroup size")), "{e}");
}

#[test]
fn what_wgsl_cannot_express_is_refused_by_name() {
    let refused = |src: &str, feature: &str| {
        let e = translate_compute(&desc(compute(src, false), &[])).unwrap_err();
        match &e {
            TranslateError::Unsupported { stage: Stage::Compute, feature: f } => assert!(f.contains(feature), "{feature}: {e}"),
            _ => panic!("{feature}: not refused by name: {e}"),
        }
    };
    refused(
        "#version 450
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; };
void main() { v[gl_GlobalInvocationID.x] = gl_SubgroupInvocationID; }",
        "SUBGROUP",
    );
    refused(
        "#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, r32f) uniform imageBuffer texels;
layout(set = 0, binding = 1) buffer Out { vec4 v[]; };
void main() { v[0] = imageLoad(texels, 0); }",
        "storage texel buffer",
    );
    refused(
        "#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D counters;
void main() { imageAtomicAdd(counters, ivec2(0), 1u); }",
        "image atomics",
    );
    refused(
        "#version 450
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Out { uint64_t v[]; };
void main() { v[0] = 1ul; }",
        "64",
    );
    refused(
        "#version 450
#extension GL_EXT_shader_image_load_formatted : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform image2D img;
void main() { imageStore(img, ivec2(0), imageLoad(img, ivec2(1))); }",
        "format",
    );
}

/// Arbitrary words never panic the compute path; a module with a malformed `LocalSizeId`
/// or a truncated one is an error.
#[test]
fn broken_modules_are_errors_not_panics() {
    let words = compute(DOUBLE, true);
    for cut in (0..words.len()).step_by(7) {
        let _ = translate_compute(&desc(words[..cut].to_vec(), &[]));
    }
    for at in 5..words.len() {
        for value in [0, 1, 0xffff_ffff, words[at] ^ 0x10000, 331 | (6 << 16)] {
            let mut w = words.clone();
            w[at] = value;
            let _ = translate_compute(&desc(w, &[]));
        }
    }
}

/// GLSL's packFloat2x16 / unpackFloat2x16 are bitcasts between a uint and an f16vec2, which
/// naga's validator refuses ("Unable to cast"): they become PackHalf2x16 / UnpackHalf2x16
/// around an exact f16 <-> f32 conversion (`lower/half_bitcast.rs`), also through a float.
#[test]
fn half_vector_bitcasts_become_half_packing() {
    let src = "#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : enable
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer B { uint word; float f; };
void main() {
    f16vec2 h = unpackFloat2x16(word);
    word = packFloat2x16(h * float16_t(0.5));
    f = uintBitsToFloat(packFloat2x16(h));
}";
    let plan = translate_compute(&desc(compute(src, false), &[])).expect("translates");
    let wgsl = plan.pass.shader.wgsl.as_str();
    assert!(wgsl.contains("unpack2x16float(") && wgsl.contains("pack2x16float(vec2<f32>("), "{wgsl}");
    assert!(!wgsl.contains("bitcast<u32>(vec2<f16>") && !wgsl.contains("bitcast<vec2<f16>>"), "{wgsl}");
}

#[test]
fn storage_structs_built_whole_keep_their_gaps_only_in_the_text() {
    // std140 puts `inner` at 16, WGSL's storage layout (and GLSL's std430) at 4. Copied member
    // by member (SPIR-V 1.3), the block's struct gets padding members: no gap is left for a
    // writer that drops offsets (wgpu's GL backend). Built whole (SPIR-V 1.6: OpCopyLogical,
    // lowered to a construct), it cannot gain members: the gap stays, which the runtime checks
    // on GL (`storage_drifts`).
    const COPY: &str = "#version 450
layout(local_size_x = 1) in;
struct Inner { float y; };
struct S { float x; Inner inner; };
layout(std140, set = 0, binding = 0) buffer B { S s; } b;
void main() { S t = S(b.s.inner.y, Inner(b.s.x)); b.s = t; }";
    for (spirv_1_6, gaps) in [(false, false), (true, true)] {
        let plan = translate_compute(&desc(compute(COPY, spirv_1_6), &[])).unwrap();
        let drifts = tesserae::wgsl_layout::storage_drifts(plan.pass.shader.wgsl.module());
        assert_eq!(!drifts.is_empty(), gaps, "SPIR-V 1.6: {spirv_1_6}: {drifts:?}\n{}", plan.pass.shader.wgsl.source());
    }
}

#[test]
fn a_struct_holding_a_huge_padded_array_loaded_whole_is_refused_before_it_is_split() {
    // 100,000 padded elements loaded one by one would be a module of a million instructions
    // built in quadratic time: the count is checked before any is emitted.
    const HUGE: &str = "#version 450
layout(local_size_x = 1) in;
struct S { float a[100000]; };
layout(std140, set = 0, binding = 0) buffer B { S s; float r; } b;
void main() { S t = b.s; b.r = t.a[7]; }";
    let e = translate_compute(&desc(compute(HUGE, false), &[])).unwrap_err();
    assert!(matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("more than 4096")), "{e}");
}
