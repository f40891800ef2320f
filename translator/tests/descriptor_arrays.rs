//! Arrays of descriptors: WebGPU has no arrays of bindings, so an array becomes one binding per
//! element (listed element by element in the plan); a read through an index known only when
//! the shader runs reads every element and selects. Writes through such an index, long arrays
//! read that way, and runtime-sized arrays are refused naming the array.

mod common;
use common::*;
use tesserae::*;

fn wgsl_of(plan: &Plan) -> String {
    plan.passes.iter().flat_map(|p| p.shaders()).map(|s| s.wgsl.as_str().to_string()).collect::<Vec<_>>().join("\n")
}

#[test]
fn constant_indices_split_into_one_binding_per_element() {
    let plan = translate(&pipeline_with_fragment(
        "#version 450
layout(set = 0, binding = 4) uniform sampler2D tex[3];
layout(set = 0, binding = 1) uniform Colours { vec4 c; } ubos[2];
layout(location = 0) out vec4 o;
void main() { o = texture(tex[0], vec2(0.5)) + texture(tex[2], vec2(0.5)) + ubos[1].c; }",
    ))
    .unwrap();
    let text = wgsl_of(&plan);
    assert!(!text.contains("binding_array") && !text.contains("enable"), "{text}");
    let r: Vec<_> = plan.resources.iter().map(|r| (r.binding, r.name.as_str(), r.count)).collect();
    assert_eq!(r, [(1, "ubos", 2), (4, "tex", 3)]);
    // Element by element, texture before sampler; every wgpu binding distinct (naga keeps the
    // elements no function reads).
    let ubos: Vec<_> = plan.resources[0].wgpu.iter().map(|w| w.element).collect();
    assert_eq!(ubos, [0, 1]);
    let tex: Vec<_> = plan.resources[1].wgpu.iter().map(|w| (w.element, matches!(w.ty, BindingType::Sampler { .. }))).collect();
    assert_eq!(tex, [(0, false), (0, true), (1, false), (1, true), (2, false), (2, true)]);
    let mut bindings: Vec<u32> = plan.resources.iter().flat_map(|r| r.wgpu.iter().map(|w| w.binding)).collect();
    assert_eq!(plan.resources[1].wgpu[0].binding, 4, "element 0 keeps the array's binding");
    bindings.sort();
    bindings.dedup();
    assert_eq!(bindings.len(), 8, "{bindings:?}");
    plan.validate().unwrap();
}

#[test]
fn an_index_known_only_at_run_time_reads_every_element_and_selects() {
    // A separate texture array, a sampler array, a combined sampler array (nonuniformEXT) and
    // a block array read whole (its struct holding std140 members padded for WGSL): every
    // element is bound, and each read is done per element.
    let plan = translate(&pipeline_with_fragment(
        "#version 450
#extension GL_EXT_nonuniform_qualifier : require
layout(set = 0, binding = 0) uniform texture2D layers[2];
layout(set = 0, binding = 2) uniform sampler smps[3];
layout(set = 0, binding = 5) uniform sampler2D combined[2];
struct Light { vec4 colour; mat2 m; float weights[2]; };
layout(set = 0, binding = 7) uniform Lights { Light light; } lights[2];
layout(location = 0) out vec4 o;
void main() {
    int i = int(gl_FragCoord.x) & 1;
    Light l = lights[i].light;
    o = texture(sampler2D(layers[i], smps[int(gl_FragCoord.y) % 3]), vec2(0.5))
        + texture(combined[nonuniformEXT(i)], vec2(0.5)) + l.colour + vec4(l.m[1], l.weights[1], 0.0);
}",
    ))
    .unwrap();
    let text = wgsl_of(&plan);
    assert!(!text.contains("binding_array") && !text.contains("enable"), "{text}");
    let r: Vec<_> = plan.resources.iter().map(|r| (r.name.as_str(), r.count)).collect();
    assert_eq!(r, [("layers", 2), ("smps", 3), ("combined", 2), ("lights", 2)]);
    // 2 images x 3 samplers + 2 combined samplers.
    assert_eq!(text.matches("textureSample(").count(), 8, "{text}");
    assert!(text.contains("select("), "{text}");
    plan.validate().unwrap();
}

#[test]
fn writes_through_an_index_known_only_at_run_time_are_refused_naming_the_array() {
    for (body, what) in [
        ("outs[int(gl_FragCoord.x) & 1].v = vec4(1.0);", "written through"),
        ("atomicAdd(outs[int(gl_FragCoord.x) & 1].n, 1u);", "AtomicIAdd"),
    ] {
        let e = translate(&pipeline_with_fragment(&format!(
            "#version 450
layout(set = 0, binding = 0) buffer Out {{ vec4 v; uint n; }} outs[2];
layout(location = 0) out vec4 o;
void main() {{ {body} o = vec4(0.0); }}"
        )))
        .unwrap_err();
        assert!(
            matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("`outs`") && feature.contains("known only when the shader runs") && feature.contains(what)),
            "{e}"
        );
    }
    let e = translate(&pipeline_with_fragment(
        "#version 450
layout(set = 0, binding = 0) uniform sampler2D many[17];
layout(location = 0) out vec4 o;
void main() { o = texture(many[int(gl_FragCoord.x) % 17], vec2(0.5)); }",
    ))
    .unwrap_err();
    assert!(
        matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("`many`") && feature.contains("17 elements")),
        "{e}"
    );
}

/// The 16-element limit is for arrays read through a run-time index only: an array of 20
/// read by constant indices is split as any other (a regression of the day the limit came).
#[test]
fn long_arrays_read_by_constant_indices_are_split() {
    let plan = translate(&pipeline_with_fragment(
        "#version 450
layout(set = 0, binding = 0) uniform texture2D many[20];
layout(set = 0, binding = 1) uniform sampler smp;
layout(location = 0) out vec4 o;
void main() { o = texture(sampler2D(many[19], smp), vec2(0.5)) + texture(sampler2D(many[3], smp), vec2(0.5)); }",
    ))
    .unwrap();
    assert_eq!((plan.resources[0].name.as_str(), plan.resources[0].count), ("many", 20));
}

#[test]
fn an_array_of_one_is_split_too() {
    // GLSL sizes `t[]` indexed only by constants by its largest index: here an array of one,
    // which naga would declare as a binding array.
    let plan = translate(&pipeline_with_fragment(
        "#version 450
layout(set = 0, binding = 0) uniform texture2D sized_by_use[];
layout(set = 0, binding = 1) uniform sampler smp;
layout(location = 0) out vec4 o;
void main() { o = texture(sampler2D(sized_by_use[0], smp), vec2(0.5)); }",
    ))
    .unwrap();
    assert!(!wgsl_of(&plan).contains("binding_array"));
    assert_eq!((plan.resources[0].name.as_str(), plan.resources[0].count), ("sized_by_use", 1));
}

#[test]
fn runtime_sized_arrays_of_descriptors_are_refused() {
    let e = translate(&pipeline_with_fragment(
        "#version 450
#extension GL_EXT_nonuniform_qualifier : require
layout(set = 0, binding = 0) uniform texture2D all_textures[];
layout(set = 0, binding = 1) uniform sampler smp;
layout(location = 0) out vec4 o;
void main() { o = texture(sampler2D(all_textures[nonuniformEXT(int(gl_FragCoord.x))], smp), vec2(0.5)); }",
    ))
    .unwrap_err();
    assert!(
        matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("runtime-sized array of descriptors `all_textures`")),
        "{e}"
    );
}

#[test]
fn an_array_past_webgpus_bindings_per_group_is_refused() {
    let e = translate(&pipeline_with_fragment(
        "#version 450
layout(set = 0, binding = 0) uniform texture2D many[1000];
layout(set = 0, binding = 1) uniform sampler smp;
layout(location = 0) out vec4 o;
void main() { o = texture(sampler2D(many[999], smp), vec2(0.5)); }",
    ))
    .unwrap_err();
    assert!(matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("array of 1000 descriptors `many`")), "{e}");
}

#[test]
fn arrays_of_arrays_are_refused_and_stages_may_size_an_array_differently() {
    let e = translate(&pipeline_with_fragment(
        "#version 450
layout(set = 0, binding = 0) uniform B { vec4 c; } b[2][2];
layout(location = 0) out vec4 o;
void main() { o = b[1][0].c; }",
    ))
    .unwrap_err();
    assert!(matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("array of arrays of descriptors `b`")), "{e}");
    // GLSL sizes `t[]` by each stage's largest constant index: 1 in the vertex stage, 3 in the
    // fragment stage; the plan lists three elements.
    let v = vs("#version 450
layout(set = 0, binding = 0) uniform sampler2D t[];
layout(location = 0) in vec2 p;
void main() { gl_Position = vec4(p, 0.0, 1.0) + textureLod(t[0], vec2(0.5), 0.0); }");
    let f = fs("#version 450
layout(set = 0, binding = 0) uniform sampler2D t[];
layout(location = 0) out vec4 o;
void main() { o = texture(t[2], vec2(0.5)); }");
    let r = reflect::load(&v, None).expect("vertex loads").reflection;
    let desc =
        PipelineDesc { vertex_buffers: VertexBufferLayout::infer(&r), ..PipelineDesc::new(StageDesc::new(v), Some(StageDesc::new(f))) };
    let plan = translate(&desc).unwrap();
    assert_eq!((plan.resources[0].name.as_str(), plan.resources[0].count), ("t", 3));
    let elements: Vec<u32> = plan.resources[0].wgpu.iter().map(|w| w.element).collect();
    assert_eq!(elements, [0, 0, 1, 1, 2, 2], "every element of the largest size, texture and sampler");
}
