//! Valid SPIR-V that naga's reader, validator or WGSL writer does not take as it is, lowered
//! to what they take (lower/terminate_invocation.rs and the passes after it): each module
//! translates, its WGSL parses back and validates (`verify_wgsl_round_trip`), the passes'
//! predicates hold on it, and two translations are equal. Found by sweeping the Vulkan CTS's
//! GraphicsFuzz shaders (docs/external-suites.md).

mod common;
use common::*;
use tesserae::*;

/// Translates a pass-through vertex stage and `fragment` (SPIR-V words) and returns the
/// fragment stage's WGSL, after checking the module's predicates and that translation is
/// deterministic.
fn fragment_words_to_wgsl(fragment: Vec<u32>) -> String {
    tesserae::lower::check_predicates(&fragment).unwrap();
    tesserae::spirv_reader::check_agrees_with_rspirv(&fragment).unwrap();
    let v = vs("#version 450\nlayout(location=0) in vec2 p;\nvoid main(){ gl_Position = vec4(p, 0.0, 1.0); }");
    let r = reflect::load(&v, None).expect("vertex loads").reflection;
    let mut desc = PipelineDesc {
        vertex_buffers: VertexBufferLayout::infer(&r),
        ..PipelineDesc::new(StageDesc::new(v), Some(StageDesc::new(fragment)))
    };
    desc.options.verify_wgsl_round_trip = true;
    let plan = translate(&desc).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(plan, translate(&desc).unwrap(), "translation is deterministic");
    fragment_wgsl(&plan)
}

/// SPIR-V words written as hexadecimal, whitespace separated (the modules below were assembled
/// with spirv-as and pass spirv-val; their assembly is summarized above each).
fn hex(words: &str) -> Vec<u32> {
    words.split_whitespace().map(|w| u32::from_str_radix(w, 16).expect("a hexadecimal word")).collect()
}

/// `floor(bitcast<f32>(0xffc00000)) > 0.0 ? red : green`, the bitcast of an integer constant
/// (`OpBitcast %float %int_n4194304`, a NaN): the constant is read from a private variable so
/// naga does not fold the NaN, and the pass says it changed the module (debug builds check the
/// module's words against its assembly).
const NAN_BITCAST: &str = "
07230203 00010000 00070000 00000015 00000000 00020011 00000001 0006000b
00000001 4c534c47 6474732e 3035342e 00000000 0003000e 00000000 00000001
0006000f 00000004 00000002 6e69616d 00000000 00000003 00030010 00000002
00000007 00040047 00000003 0000001e 00000000 00020013 00000004 00030021
00000005 00000004 00040015 00000006 00000020 00000001 00030016 00000007
00000020 00020014 00000008 00040017 00000009 00000007 00000004 00040020
0000000a 00000003 00000009 0004003b 0000000a 00000003 00000003 0004002b
00000006 0000000b ffc00000 0004002b 00000007 0000000c 00000000 0004002b
00000007 0000000d 3f800000 00050036 00000004 00000002 00000000 00000005
000200f8 0000000e 0004007c 00000007 0000000f 0000000b 0006000c 00000007
00000010 00000001 00000008 0000000f 000500ba 00000008 00000011 00000010
0000000c 000600a9 00000007 00000012 00000011 0000000d 0000000c 000600a9
00000007 00000013 00000011 0000000c 0000000d 00070050 00000009 00000014
00000012 00000013 0000000c 0000000d 0003003e 00000003 00000014 000100fd
00010038
";

#[test]
fn an_integer_constant_bitcast_to_nan_is_read_at_run_time() {
    let wgsl = fragment_words_to_wgsl(hex(NAN_BITCAST));
    assert!(wgsl.contains("bitcast<f32>"), "{wgsl}");
}

/// `terminateInvocation` (GL_EXT_terminate_invocation) is `OpTerminateInvocation`, which
/// becomes WGSL's `discard`, in the entry point and in a function it calls; the extension
/// goes (naga's reader refused it).
#[test]
fn terminate_invocation_becomes_discard() {
    let glsl = "#version 450
#extension GL_EXT_terminate_invocation : require
layout(location = 0) out vec4 o;
void stop_above(float y) { if (gl_FragCoord.y > y) terminateInvocation; }
void main() {
    if (gl_FragCoord.x < 8.0) terminateInvocation;
    stop_above(40.0);
    o = vec4(1.0);
}";
    let words = fs(glsl);
    const OP_TERMINATE_INVOCATION: u32 = 4416;
    assert!(words.iter().any(|w| *w == (1 << 16 | OP_TERMINATE_INVOCATION)), "glslang wrote OpTerminateInvocation");
    let wgsl = fragment_words_to_wgsl(words);
    assert_eq!(wgsl.matches("discard").count(), 2, "{wgsl}");
}
