//! Descriptor variables sharing one (set, binding): a separate image and sampler there are the
//! two halves of one combined image sampler (as HLSL's `register(t1)` and `register(s1)` land),
//! and become a combined sampler's two wgpu bindings; other variables sharing a binding are
//! refused naming both.

mod common;
use common::*;
use tesserae::*;

#[test]
fn separate_image_and_sampler_at_one_binding_are_one_combined_sampler() {
    let plan = translate(&pipeline_with_fragment(
        "#version 450
layout(set = 0, binding = 1) uniform texture2D tex;
layout(set = 0, binding = 1) uniform sampler smp;
layout(location = 0) out vec4 o;
void main() { o = texture(sampler2D(tex, smp), vec2(0.5)); }",
    ))
    .unwrap();
    let r: Vec<_> = plan.resources.iter().map(|r| (r.set, r.binding, r.kind, r.count)).collect();
    assert_eq!(r, [(0, 1, DescriptorKind::CombinedImageSampler, 1)]);
    let halves: Vec<_> = plan.resources[0].wgpu.iter().map(|w| (w.group, w.binding, matches!(w.ty, BindingType::Sampler { .. }))).collect();
    assert_eq!(halves, [(0, 1, false), (0, 2, true)], "texture first, the sampler at a binding of its own");
    let wgsl = fragment_wgsl(&plan);
    assert!(wgsl.contains("@group(0) @binding(1) \nvar tex: texture_2d<f32>;"), "{wgsl}");
    assert!(wgsl.contains("@group(0) @binding(2) \nvar smp: sampler;"), "{wgsl}");
    plan.validate().unwrap();
}

#[test]
fn a_combined_sampler_and_its_separate_halves_in_different_stages_share_bindings() {
    let mut desc = pipeline_with_fragment(
        "#version 450
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 0) uniform sampler smp;
layout(location = 0) out vec4 o;
void main() { o = texture(sampler2D(tex, smp), vec2(0.25)); }",
    );
    desc.vertex.spirv = vs("#version 450
layout(set = 0, binding = 0) uniform sampler2D combined;
void main() { gl_Position = textureLod(combined, vec2(0.5), 0.0); }");
    let plan = translate(&desc).unwrap();
    assert_eq!(plan.resources.len(), 1, "{:?}", plan.resources);
    let halves: Vec<_> = plan.resources[0].wgpu.iter().map(|w| (w.binding, w.visibility.vertex, w.visibility.fragment)).collect();
    assert_eq!(halves, [(0, true, true), (1, true, true)]);
}

#[test]
fn a_combined_sampler_and_a_separate_half_in_one_stage_are_refused() {
    let err = translate(&pipeline_with_fragment(
        "#version 450
layout(set = 0, binding = 0) uniform sampler2D combined;
layout(set = 0, binding = 0) uniform sampler smp;
layout(set = 0, binding = 0) uniform texture2D tex;
layout(location = 0) out vec4 o;
void main() { o = texture(combined, vec2(0.5)) + texture(sampler2D(tex, smp), vec2(0.25)); }",
    ))
    .unwrap_err();
    assert!(matches!(err, TranslateError::Unsupported { .. }), "{err}");
    assert!(err.to_string().contains("set 0 binding 0 in one stage"), "{err}");
}

#[test]
fn aliased_buffers_are_refused_naming_both() {
    let err = translate(&pipeline_with_fragment(
        "#version 450
layout(set = 0, binding = 3) uniform A { vec4 a; };
layout(set = 0, binding = 3) buffer B { vec4 b; };
layout(location = 0) out vec4 o;
void main() { o = a + b; }",
    ))
    .unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, TranslateError::Unsupported { .. }), "{text}");
    assert!(text.contains("set 0 binding 3") && text.contains("uniform buffer") && text.contains("storage buffer"), "{text}");
}

#[test]
fn two_images_at_one_binding_of_one_stage_are_refused() {
    let err = translate(&pipeline_with_fragment(
        "#version 450
layout(set = 0, binding = 0) uniform texture2D t0;
layout(set = 0, binding = 0) uniform texture2D t1;
layout(set = 0, binding = 1) uniform sampler smp;
layout(location = 0) out vec4 o;
void main() { o = texture(sampler2D(t0, smp), vec2(0.5)) + texture(sampler2D(t1, smp), vec2(0.5)); }",
    ))
    .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("`t0`") && text.contains("`t1`") && text.contains("aliased"), "{text}");
}

/// A texture sampled through two samplers gets a second wgpu binding (wgpu's GL backend gives a
/// texture unit one sampler): the plan lists both as bindings of the one texture resource, and
/// the WGSL samples the copy with the second sampler.
#[test]
fn a_texture_sampled_through_two_samplers_is_bound_once_per_sampler() {
    let plan = translate(&pipeline_with_fragment(
        "#version 450
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 1) uniform sampler nearest;
layout(set = 0, binding = 2) uniform sampler linear;
layout(location = 0) out vec4 o;
void main() { o = texture(sampler2D(tex, nearest), vec2(0.5)) + texture(sampler2D(tex, linear), vec2(0.25)); }",
    ))
    .unwrap();
    let tex = plan.resources.iter().find(|r| r.name == "tex").expect("the texture resource");
    let bindings: Vec<u32> = tex.wgpu.iter().map(|w| w.binding).collect();
    assert_eq!(bindings, [0, 3], "the texture at its own binding and a copy above the set's highest");
    assert!(tex.wgpu.iter().all(|w| matches!(w.ty, BindingType::Texture { .. })));
    let wgsl = fragment_wgsl(&plan);
    assert!(wgsl.contains("@binding(3)") && wgsl.contains("textureSample(tex_copy_3"), "{wgsl}");
    plan.validate().unwrap();
}
