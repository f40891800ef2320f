//! Valid modules with features naga's SPIR-V reader does not take are refused as
//! `Unsupported`, naming the feature, not reported as reader failures; non-semantic
//! instruction sets naga refuses are dropped (they cannot change what a shader computes).

mod common;
use common::*;
use tesserae::*;

fn unsupported(fragment: &str) -> String {
    match translate(&pipeline_with_fragment(fragment)) {
        Err(TranslateError::Unsupported { feature, stage }) => {
            assert_eq!(stage, Stage::Fragment);
            feature
        }
        other => panic!("expected a refusal by name, got {other:?}"),
    }
}

#[test]
fn image_atomics_are_refused_by_name() {
    let feature = unsupported(
        "#version 450
layout(set = 0, binding = 0, r32ui) uniform uimage2D counts;
layout(location = 0) out vec4 o;
void main() { o = vec4(float(imageAtomicAdd(counts, ivec2(0), 1u))); }",
    );
    assert!(feature.contains("image atomics"), "{feature}");
}

#[test]
fn sparse_residency_is_refused_naming_the_instruction() {
    let feature = unsupported(
        "#version 450
#extension GL_ARB_sparse_texture2 : enable
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) out vec4 o;
void main() { vec4 t; int code = sparseTextureARB(tex, vec2(0.5), t); o = t * float(sparseTexelsResidentARB(code)); }",
    );
    assert!(feature.contains("OpImageSparseSampleImplicitLod"), "{feature}");
}

#[test]
fn shader_printf_is_dropped() {
    let with = "#version 450
#extension GL_EXT_debug_printf : enable
layout(location = 0) out vec4 o;
void main() { o = vec4(gl_FragCoord.xy / 64.0, 0.0, 1.0); debugPrintfEXT(\"frag %f\", o.x); }";
    let words = fs(with);
    let dropped = |w: &[u32]| {
        let text = String::from_utf8_lossy(&w.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>()).into_owned();
        text.contains("NonSemantic.DebugPrintf")
    };
    assert!(dropped(&words), "glslang imports the printf set");
    let plan = translate(&pipeline_with_fragment(with)).unwrap();
    let without = translate(&pipeline_with_fragment(&with.replace("debugPrintfEXT(\"frag %f\", o.x);", ""))).unwrap();
    // The same WGSL but for expression numbers (the printed value's load stays, unused).
    let numbered = |w: String| w.split("_e").map(|p| p.trim_start_matches(|c: char| c.is_ascii_digit())).collect::<Vec<_>>().join("_e");
    assert_eq!(numbered(fragment_wgsl(&plan)), numbered(fragment_wgsl(&without)));
}

#[test]
fn multiview_and_barycentrics_are_refused_by_name() {
    let mut desc = pipeline_with_fragment(FS_PLAIN);
    desc.vertex.spirv = vs("#version 450
#extension GL_EXT_multiview : enable
layout(location = 0) in vec2 p;
void main() { gl_Position = vec4(p, float(gl_ViewIndex), 1.0); }");
    let err = translate(&desc).unwrap_err();
    assert!(matches!(&err, TranslateError::Unsupported { feature, .. } if feature.contains("ViewIndex")), "{err}");
    let feature = unsupported(
        "#version 450
#extension GL_EXT_fragment_shader_barycentric : enable
layout(location = 0) out vec4 o;
void main() { o = vec4(gl_BaryCoordEXT, 1.0); }",
    );
    assert!(feature.contains("BaryCoord"), "{feature}");
}

const FS_PLAIN: &str = "#version 450
layout(location = 0) out vec4 o;
void main() { o = vec4(1.0); }";

#[test]
fn a_module_of_an_extension_the_readers_do_not_know_is_refused_not_called_malformed() {
    // SPV_KHR_untyped_pointers: an `OpUntypedVariableKHR` among the globals, which rspirv's
    // loader places nowhere.
    let words = fs(FS_PLAIN);
    let mut out = words[..5].to_vec();
    let name = b"SPV_KHR_untyped_pointers\0\0\0\0";
    let name: Vec<u32> = name.chunks(4).take(7).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let mut at = 5;
    let mut inserted = false;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let op = words[at] & 0xffff;
        if !inserted && op != 17 {
            // After the capabilities: the extension.
            out.push(((name.len() as u32 + 1) << 16) | 10);
            out.extend(&name);
            inserted = true;
        }
        if op == 54 {
            // Before the first function: a global the loader cannot place (type and id
            // unchecked; the parse fails first).
            let bound = out[3];
            out[3] += 1;
            out.extend([(4 << 16) | 4417, 1, bound, 6]);
        }
        out.extend(&words[at..at + count]);
        at += count;
    }
    let err = translate_stage(&StageDesc::new(out)).unwrap_err();
    assert!(matches!(&err, TranslateError::Unsupported { feature, .. } if feature.contains("SPV_KHR_untyped_pointers")), "{err}");
}

#[test]
fn modf_and_frexp_translate() {
    let mut desc = pipeline_with_fragment(
        "#version 450
layout(location = 0) out vec4 o;
void main() { vec2 w; vec2 f = modf(gl_FragCoord.xy, w); int e; float m = frexp(gl_FragCoord.x, e); o = vec4(f, m, float(e) + w.x); }",
    );
    desc.options.verify_wgsl_round_trip = true;
    let wgsl = fragment_wgsl(&translate(&desc).unwrap());
    assert!(wgsl.contains("modf(") && wgsl.contains("frexp("), "{wgsl}");
}

#[test]
fn types_wgsl_cannot_declare_are_refused_by_name() {
    let feature = unsupported(
        "#version 450
#extension GL_ARB_gpu_shader_int64 : require
layout(set = 0, binding = 0) uniform U { int64_t big; };
layout(location = 0) out vec4 o;
void main() { o = vec4(float(big)); }",
    );
    assert!(feature.contains("a type") && feature.contains("WGSL cannot declare"), "{feature}");
}

/// Image operations and layouts WGSL lacks, which naga's validator reported as failures of
/// valid modules (found in SPIRV-Cross's test shaders): each refused naming the feature.
#[test]
fn image_operations_and_layouts_wgsl_lacks_are_refused_by_name() {
    for (shader, what) in [
        (
            "#version 450
layout(binding = 0) uniform sampler2DShadow shadow;
layout(location = 0) out vec4 o;
void main() { o = vec4(texture(shadow, gl_FragCoord.xyz, 1.5)); }",
            "depth comparison at an explicit level",
        ),
        (
            "#version 450
layout(binding = 0) uniform sampler1D line;
layout(location = 0) out vec4 o;
void main() { o = texture(line, gl_FragCoord.x, 2.0); }",
            "1D texture sampled with a bias",
        ),
        (
            "#version 450
layout(rgba8, binding = 0) uniform readonly image2DMS ms;
layout(location = 0) out vec4 o;
void main() { o = imageLoad(ms, ivec2(1, 2), 2); }",
            "multisampled storage image",
        ),
        (
            "#version 450
layout(binding = 0) uniform texture2D depth;
layout(binding = 1) uniform samplerShadow cmp;
layout(location = 0) out vec4 o;
float tap(texture2D t, samplerShadow s) { return texture(sampler2DShadow(t, s), vec3(0.5)); }
void main() { o = vec4(tap(depth, cmp)); }",
            "depth comparison through a texture or sampler passed to a function",
        ),
        (
            "#version 450
layout(early_fragment_tests) in;
layout(location = 0) out vec4 o;
void main() { if (gl_FragCoord.x < 8.0) discard; o = vec4(1.0); }",
            "early fragment tests",
        ),
        (
            "#version 450
layout(std140, binding = 0) uniform UBO { layout(offset = 16) mat4 m; layout(offset = 0) vec4 v; };
layout(location = 0) out vec4 o;
void main() { o = m * v; }",
            "WGSL cannot declare",
        ),
    ] {
        let feature = unsupported(shader);
        assert!(feature.contains(what), "{what}: {feature}");
    }
}

/// Demote to helper invocation (`demote`, and `discard` compiled for SPIR-V 1.6) becomes WGSL's
/// discard; asking whether an invocation is a helper has no WGSL equivalent and is refused
/// naming it.
#[test]
fn demote_translates_and_helper_queries_are_refused_by_name() {
    let demote = "#version 450
#extension GL_EXT_demote_to_helper_invocation : require
layout(location = 0) out vec4 o;
void main() { if (gl_FragCoord.x < 8.0) demote; o = vec4(dFdx(gl_FragCoord.x)); }";
    let plan = translate(&pipeline_with_fragment(demote)).expect("demote translates");
    assert!(fragment_wgsl(&plan).contains("discard"), "{}", fragment_wgsl(&plan));
    let feature = unsupported(&demote.replace("o = vec4(", "o = vec4(float(helperInvocationEXT()) + "));
    assert!(feature.contains("demote_to_helper_invocation") || feature.contains("IsHelperInvocation"), "{feature}");
}

/// A fragment stage writing white under `OpExecutionMode %main SignedZeroInfNanPreserve 32`
/// (SPV_KHR_float_controls, as GraphicsFuzz declares it); the same with the mode for 16-bit
/// floats, which the module does not have.
const SIGNED_ZERO_INF_NAN_PRESERVE_32: &str = "
07230203 00010000 00070000 0000000c 00000000 00020011 00000001 00020011
00001172 0007000a 5f565053 5f52484b 616f6c66 6f635f74 6f72746e 0000736c
0006000b 00000001 4c534c47 6474732e 3035342e 00000000 0003000e 00000000
00000001 0006000f 00000004 00000002 6e69616d 00000000 00000003 00030010
00000002 00000007 00040010 00000002 0000116d 00000020 00040047 00000003
0000001e 00000000 00020013 00000004 00030021 00000005 00000004 00030016
00000006 00000020 00040017 00000007 00000006 00000004 00040020 00000008
00000003 00000007 0004003b 00000008 00000003 00000003 0004002b 00000006
00000009 3f800000 0007002c 00000007 0000000a 00000009 00000009 00000009
00000009 00050036 00000004 00000002 00000000 00000005 000200f8 0000000b
0003003e 00000003 0000000a 000100fd 00010038
";
const SIGNED_ZERO_INF_NAN_PRESERVE_16: &str = "
07230203 00010000 00070000 0000000c 00000000 00020011 00000001 00020011
00001172 0007000a 5f565053 5f52484b 616f6c66 6f635f74 6f72746e 0000736c
0006000b 00000001 4c534c47 6474732e 3035342e 00000000 0003000e 00000000
00000001 0006000f 00000004 00000002 6e69616d 00000000 00000003 00030010
00000002 00000007 00040010 00000002 0000116d 00000010 00040047 00000003
0000001e 00000000 00020013 00000004 00030021 00000005 00000004 00030016
00000006 00000020 00040017 00000007 00000006 00000004 00040020 00000008
00000003 00000007 0004003b 00000008 00000003 00000003 0004002b 00000006
00000009 3f800000 0007002c 00000007 0000000a 00000009 00000009 00000009
00000009 00050036 00000004 00000002 00000000 00000005 000200f8 0000000b
0003003e 00000003 0000000a 000100fd 00010038
";

/// Float controls WGSL cannot promise (it lets an implementation assume no infinities or NaNs)
/// are refused naming the mode; a mode for a float width the module lacks asks nothing, and the
/// extension naga's reader refused goes.
#[test]
fn float_controls_are_refused_naming_the_mode_unless_they_ask_nothing() {
    let words = |hex: &str| -> Vec<u32> { hex.split_whitespace().map(|w| u32::from_str_radix(w, 16).unwrap()).collect() };
    match translate_stage(&StageDesc::new(words(SIGNED_ZERO_INF_NAN_PRESERVE_32))) {
        Err(TranslateError::Unsupported { feature, .. }) => {
            assert!(feature.contains("SignedZeroInfNanPreserve") && feature.contains("32-bit"), "{feature}")
        }
        other => panic!("{other:?}"),
    }
    let words16 = words(SIGNED_ZERO_INF_NAN_PRESERVE_16);
    tesserae::lower::check_predicates(&words16).unwrap();
    translate_stage(&StageDesc::new(words16)).expect("a mode for 16-bit floats asks nothing of a module without them");
}

/// Atomics that order other memory accesses (the Vulkan memory model's acquire and release)
/// are refused naming the semantics: WGSL's atomics are all relaxed. Relaxed ones translate.
#[test]
fn ordered_atomics_are_refused_naming_the_semantics() {
    let ordered = "#version 450
#extension GL_KHR_memory_scope_semantics : require
layout(set = 0, binding = 0, std430) buffer B { uint data; uint flag; } b;
layout(location = 0) out vec4 o;
void main() {
    atomicStore(b.data, 1u, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease);
    o = vec4(float(atomicLoad(b.flag, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire)));
}";
    let feature = unsupported(ordered);
    assert!(feature.contains("AtomicStore") && feature.contains("relaxed"), "{feature}");
    let relaxed = ordered
        .replace("gl_StorageSemanticsBuffer, gl_SemanticsRelease", "gl_StorageSemanticsNone, gl_SemanticsRelaxed")
        .replace("gl_StorageSemanticsBuffer, gl_SemanticsAcquire", "gl_StorageSemanticsNone, gl_SemanticsRelaxed");
    translate(&pipeline_with_fragment(&relaxed)).expect("relaxed atomics translate");
}

/// Subgroup operations need naga's `SUBGROUP` capabilities, which translation does not grant
/// (WebGPU's `subgroups` feature is optional): refused by name, not as a validation failure.
#[test]
fn subgroup_operations_are_refused_by_name() {
    let stage = StageDesc::new(fs("#version 450
#extension GL_KHR_shader_subgroup_ballot : require
layout(location = 0) out vec4 o;
void main() { uvec4 b = subgroupBallot(gl_FragCoord.x > 8.0); o = vec4(float(b.x & 1u)); }"));
    match translate_stage(&stage) {
        Err(TranslateError::Unsupported { feature, .. }) => assert!(feature.starts_with("subgroup operations"), "{feature}"),
        other => panic!("{:?}", other.map(|s| s.wgsl)),
    }
}

/// Under early fragment tests a `FragDepth` the stage writes has no effect (the tests use the
/// interpolated depth): it is demoted, and with nothing else the tests' order could change the
/// mode is dropped, not refused; with a discard as well the stage is still refused naming it.
#[test]
fn frag_depth_under_early_tests_is_dropped_with_the_mode() {
    let plan = translate(&pipeline_with_fragment(
        "#version 450
layout(early_fragment_tests) in;
layout(location = 0) out vec4 o;
void main() { o = vec4(1.0); gl_FragDepth = 0.0; }",
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    let wgsl = fragment_wgsl(&plan);
    assert!(!wgsl.contains("frag_depth") && !wgsl.contains("early_depth_test"), "{wgsl}");
    let feature = unsupported(
        "#version 450
layout(early_fragment_tests) in;
layout(location = 0) out vec4 o;
void main() { if (gl_FragCoord.x < 8.0) discard; o = vec4(1.0); gl_FragDepth = 0.0; }",
    );
    assert!(feature.contains("early fragment tests"), "{feature}");
}

/// `interpolateAtCentroid` of a centroid input is the input (lowered to a load); at an offset
/// WGSL has no form, and naga's reader refuses the instruction by name.
#[test]
fn interpolation_at_the_inputs_own_location_is_the_input_and_elsewhere_refused() {
    let stage = |src: &str| translate_stage(&StageDesc::new(fs(src)));
    let plan = stage(
        "#version 450
layout(location = 0) centroid in float c;
layout(location = 0) out vec4 o;
void main() { o = vec4(interpolateAtCentroid(c)); }",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(plan.wgsl.contains("@interpolate(perspective, centroid)"), "{}", plan.wgsl);
    match stage(
        "#version 450
layout(location = 0) in float c;
layout(location = 0) out vec4 o;
void main() { o = vec4(interpolateAtOffset(c, vec2(0.25))); }",
    ) {
        Err(TranslateError::Unsupported { feature, .. }) => assert!(feature.contains("extension instantiation"), "{feature}"),
        other => panic!("{:?}", other.map(|p| p.entry_point)),
    }
}
