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

fn fragment_to_wgsl(glsl: &str) -> String {
    fragment_words_to_wgsl(fs(glsl))
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

/// Constant composites built of a non-finite float (spirv-opt folds `vec4(-1.0 / 0.0)` into
/// one; CTS cov-apfloat-mix-nan optimized): `%vec = OpConstantComposite %v4float %neg_inf
/// %neg_inf %neg_inf %zero` and `%pair = OpConstantComposite %v2float %neg_inf %zero`, read as
/// `o = (vec * vec) * pair.x`. naga refused the composites ("Float literal is NaN"); they are
/// constructed at run time from the bits, as the scalar is.
const INFINITE_COMPOSITES: &str = "
07230203 00010000 00070000 00000011 00000000 00020011 00000001 0003000e
00000000 00000001 0006000f 00000004 00000001 6e69616d 00000000 00000002
00030010 00000001 00000007 00040047 00000002 0000001e 00000000 00020013
00000003 00030021 00000004 00000003 00030016 00000005 00000020 00040017
00000006 00000005 00000004 00040017 00000007 00000005 00000002 00040020
00000008 00000003 00000006 0004003b 00000008 00000002 00000003 0004002b
00000005 00000009 ff800000 0004002b 00000005 0000000a 00000000 0005002c
00000007 0000000b 00000009 0000000a 0007002c 00000006 0000000c 00000009
00000009 00000009 0000000a 00050036 00000003 00000001 00000000 00000004
000200f8 0000000d 00050051 00000005 0000000e 0000000b 00000000 00050085
00000006 0000000f 0000000c 0000000c 0005008e 00000006 00000010 0000000f
0000000e 0003003e 00000002 00000010 000100fd 00010038
";

#[test]
fn constant_composites_of_an_infinity_are_built_at_run_time() {
    let wgsl = fragment_words_to_wgsl(hex(INFINITE_COMPOSITES));
    assert!(wgsl.contains("4286578688u") && wgsl.contains("bitcast<f32>"), "the bits of -inf, read at run time: {wgsl}");
    assert!(
        wgsl.contains("vec4<f32>(_e5, _e5, _e5, 0f)") && wgsl.contains("vec2<f32>(_e5, 0f)"),
        "both composites built of the value: {wgsl}"
    );
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
    assert!(words.contains(&(1 << 16 | OP_TERMINATE_INVOCATION)), "glslang wrote OpTerminateInvocation");
    let wgsl = fragment_words_to_wgsl(words);
    assert_eq!(wgsl.matches("discard").count(), 2, "{wgsl}");
}

/// Cases falling through, as glslang writes them: case 0 into case 1, `default` into case 3.
/// Each falling case gets a copy of what it falls into; naga's reader had dropped the
/// fall-through from `default` (it puts that case last) and refused the others.
#[test]
fn switch_cases_falling_through_run_the_next_case() {
    let wgsl = fragment_to_wgsl(
        "#version 450
layout(location = 0) out vec4 o;
void main() {
    float r = 0.0, g = 0.0, b = 0.0;
    switch (int(gl_FragCoord.x) >> 4) {
    case 0: r = 1.0;
    case 1: g = 0.75; break;
    default: b = 0.25;
    case 3: r += 0.5; break;
    }
    o = vec4(r, g, b, 1.0);
}",
    );
    assert_eq!(wgsl.matches("0.75f").count(), 2, "case 1 runs in case 0 too: {wgsl}");
    assert_eq!(wgsl.matches("+ 0.5f").count(), 2, "case 3 runs in default too: {wgsl}");
}

/// A loop around a switch (the module of corpus test basic/switch-exits-spirv):
///
/// ```text
/// for (i = 0; i < 2; i++) switch (int(FragCoord.x) >> 4) {
///   case 0: a1 = acc + 0.125;                 // falls into default
///   default: dn = (a1 or acc) + 0.0625;        // → merge, which reads dn: acc = dn + 0.125
///   case 1: b1 = acc + 0.25; if (i == 1) leave the loop with b1 else continue with b1
///   case 3: loop { OpKill }                    // merge block OpUnreachable
/// }
/// ```
///
/// The copy of `default` in case 0 meets the original in a phi at the switch's merge; the
/// branch out of the loop goes through the switch's merge with a flag; the last two cases end
/// in a `break` naga can see.
const SWITCH_EXITS: &str = "
07230203 00010000 00070000 00000036 00000000 00020011 00000001 0006000b
00000001 4c534c47 6474732e 3035342e 00000000 0003000e 00000000 00000001
0007000f 00000004 00000002 6e69616d 00000000 00000003 00000004 00030010
00000002 00000007 00040047 00000003 0000000b 0000000f 00040047 00000004
0000001e 00000000 00020013 00000005 00030021 00000006 00000005 00040015
00000007 00000020 00000001 00030016 00000008 00000020 00020014 00000009
00040017 0000000a 00000008 00000004 00040020 0000000b 00000001 0000000a
00040020 0000000c 00000003 0000000a 0004003b 0000000b 00000003 00000001
0004003b 0000000c 00000004 00000003 0004002b 00000007 0000000d 00000000
0004002b 00000007 0000000e 00000001 0004002b 00000007 0000000f 00000002
0004002b 00000007 00000010 00000004 0004002b 00000008 00000011 00000000
0004002b 00000008 00000012 3f800000 0004002b 00000008 00000013 3e000000
0004002b 00000008 00000014 3d800000 0004002b 00000008 00000015 3e800000
00050036 00000005 00000002 00000000 00000006 000200f8 00000016 0004003d
0000000a 00000017 00000003 00050051 00000008 00000018 00000017 00000000
0004006e 00000007 00000019 00000018 000500c3 00000007 0000001a 00000019
00000010 000200f9 0000001b 000200f8 0000001b 000700f5 00000008 0000001c
00000011 00000016 0000001d 0000001e 000700f5 00000007 0000001f 0000000d
00000016 00000020 0000001e 000400f6 00000021 0000001e 00000000 000200f9
00000022 000200f8 00000022 000500b1 00000009 00000023 0000001f 0000000f
000400fa 00000023 00000024 00000021 000200f8 00000024 000300f7 00000025
00000000 000900fb 0000001a 00000026 00000000 00000027 00000001 00000028
00000003 00000029 000200f8 00000027 00050081 00000008 0000002a 0000001c
00000013 000200f9 00000026 000200f8 00000026 000700f5 00000008 0000002b
0000001c 00000024 0000002a 00000027 00050081 00000008 0000002c 0000002b
00000014 000200f9 00000025 000200f8 00000028 00050081 00000008 0000002d
0000001c 00000015 000500aa 00000009 0000002e 0000001f 0000000e 000400fa
0000002e 00000021 0000001e 000200f8 00000029 000200f9 0000002f 000200f8
0000002f 000400f6 00000030 00000031 00000000 000200f9 00000032 000200f8
00000032 000100fc 000200f8 00000031 000200f9 0000002f 000200f8 00000030
000100ff 000200f8 00000025 00050081 00000008 00000033 0000002c 00000013
000200f9 0000001e 000200f8 0000001e 000700f5 00000008 0000001d 00000033
00000025 0000002d 00000028 00050080 00000007 00000020 0000001f 0000000e
000200f9 0000001b 000200f8 00000021 000700f5 00000008 00000034 0000001c
00000022 0000002d 00000028 00070050 0000000a 00000035 00000034 00000011
00000012 00000012 0003003e 00000004 00000035 000100fd 00010038
";

#[test]
fn switch_cases_that_leave_the_loop_or_never_finish_translate() {
    let wgsl = fragment_words_to_wgsl(hex(SWITCH_EXITS));
    assert!(wgsl.contains("switch"), "{wgsl}");
}

/// `switch (x) { case 1: loop { OpKill } (its merge block, which nothing reaches, branches to
/// case 0's target) case 0: colour = green; }`: the unreachable branch into the next case
/// leaves the switch instead.
const SWITCH_UNREACHABLE_FALLTHROUGH: &str = "
07230203 00010000 00070000 0000001d 00000000 00020011 00000001 0006000b
00000001 4c534c47 6474732e 3035342e 00000000 0003000e 00000000 00000001
0007000f 00000004 00000002 6e69616d 00000000 00000003 00000004 00030010
00000002 00000007 00040047 00000003 0000000b 0000000f 00040047 00000004
0000001e 00000000 00020013 00000005 00030021 00000006 00000005 00040015
00000007 00000020 00000001 00030016 00000008 00000020 00020014 00000009
00040017 0000000a 00000008 00000004 00040020 0000000b 00000001 0000000a
00040020 0000000c 00000003 0000000a 0004003b 0000000b 00000003 00000001
0004003b 0000000c 00000004 00000003 0004002b 00000007 0000000d 00000004
0004002b 00000008 0000000e 00000000 0004002b 00000008 0000000f 3f800000
00050036 00000005 00000002 00000000 00000006 000200f8 00000010 0004003d
0000000a 00000011 00000003 00050051 00000008 00000012 00000011 00000000
0004006e 00000007 00000013 00000012 000500c3 00000007 00000014 00000013
0000000d 000300f7 00000015 00000000 000700fb 00000014 00000015 00000001
00000016 00000000 00000017 000200f8 00000016 000200f9 00000018 000200f8
00000018 000400f6 00000019 0000001a 00000000 000200f9 0000001b 000200f8
0000001b 000100fc 000200f8 0000001a 000200f9 00000018 000200f8 00000019
000200f9 00000017 000200f8 00000017 00070050 0000000a 0000001c 0000000e
0000000f 0000000e 0000000f 0003003e 00000004 0000001c 000200f9 00000015
000200f8 00000015 000100fd 00010038
";

#[test]
fn an_unreachable_branch_into_the_next_case_leaves_the_switch() {
    let wgsl = fragment_words_to_wgsl(hex(SWITCH_UNREACHABLE_FALLTHROUGH));
    assert!(wgsl.contains("discard"), "{wgsl}");
}

/// `S s = S(vec2(0.25, 0.5)); do { pm = &s.m; pe = &pm[1]; *pe += 0.25; pc = copy(pe); }
/// while (false); colour = (pm[0], *pc, 0, 1)`: pointers computed in the loop and used after
/// it (as spirv-opt leaves access chains), which naga kept in local variables its validator
/// refused. They are computed again after the loop (module of basic/pointers-across-blocks).
const POINTERS_ACROSS_BLOCKS: &str = "
07230203 00010000 00070000 00000028 00000000 00020011 00000001 0006000b
00000001 4c534c47 6474732e 3035342e 00000000 0003000e 00000000 00000001
0006000f 00000004 00000002 6e69616d 00000000 00000003 00030010 00000002
00000007 00040047 00000003 0000001e 00000000 00020013 00000004 00030021
00000005 00000004 00040015 00000006 00000020 00000001 00030016 00000007
00000020 00020014 00000008 00040017 00000009 00000007 00000002 00040017
0000000a 00000007 00000004 0003001e 0000000b 00000009 00040020 0000000c
00000007 0000000b 00040020 0000000d 00000007 00000009 00040020 0000000e
00000007 00000007 00040020 0000000f 00000003 0000000a 0004003b 0000000f
00000003 00000003 0004002b 00000006 00000010 00000000 0004002b 00000006
00000011 00000001 0003002a 00000008 00000012 0004002b 00000007 00000013
00000000 0004002b 00000007 00000014 3f800000 0004002b 00000007 00000015
3e800000 0004002b 00000007 00000016 3f000000 0005002c 00000009 00000017
00000015 00000016 0004002c 0000000b 00000018 00000017 00050036 00000004
00000002 00000000 00000005 000200f8 00000019 0004003b 0000000c 0000001a
00000007 0003003e 0000001a 00000018 000200f9 0000001b 000200f8 0000001b
000400f6 0000001c 0000001d 00000000 000200f9 0000001e 000200f8 0000001e
00050041 0000000d 0000001f 0000001a 00000010 00050041 0000000e 00000020
0000001f 00000011 0004003d 00000007 00000021 00000020 00050081 00000007
00000022 00000021 00000015 0003003e 00000020 00000022 00040053 0000000e
00000023 00000020 000200f9 0000001d 000200f8 0000001d 000400fa 00000012
0000001b 0000001c 000200f8 0000001c 0004003d 00000007 00000024 00000023
00050041 0000000e 00000025 0000001f 00000010 0004003d 00000007 00000026
00000025 00070050 0000000a 00000027 00000026 00000024 00000013 00000014
0003003e 00000003 00000027 000100fd 00010038
";

#[test]
fn pointers_used_after_the_block_computing_them_are_computed_again() {
    let wgsl = fragment_words_to_wgsl(hex(POINTERS_ACROSS_BLOCKS));
    assert!(wgsl.contains("loop"), "{wgsl}");
}

/// `uaddCarry`, `usubBorrow`, `umulExtended`, `imulExtended` (OpIAddCarry, OpISubBorrow,
/// OpUMulExtended, OpSMulExtended, which naga's reader refused) are 32-bit arithmetic building
/// the same structs, on scalars and vectors.
#[test]
fn carries_borrows_and_wide_products_are_32_bit_arithmetic() {
    let wgsl = fragment_to_wgsl(
        "#version 450
layout(location = 0) out vec4 o;
void main() {
    uint x = uint(gl_FragCoord.x);
    uint carry, borrow, hi, lo;
    uint s = uaddCarry(0xfffffffau, x, carry);
    uint d = usubBorrow(x, 10u, borrow);
    umulExtended(0xffffffffu, 0xffffffffu - x, hi, lo);
    int shi, slo;
    imulExtended(-int(x), 0x40000000, shi, slo);
    uvec2 vc;
    uvec2 vs = uaddCarry(uvec2(x), uvec2(0xffffffffu, 1u), vc);
    ivec3 vhi, vlo;
    imulExtended(ivec3(x), ivec3(-3), vhi, vlo);
    o = vec4(float(carry + borrow), float(s ^ d ^ hi ^ lo), float(shi ^ slo ^ vhi.x ^ vlo.z), float(vs.x ^ vc.y));
}",
    );
    assert!(wgsl.contains("select("), "{wgsl}");
}

/// `m = frexp(FragCoord.x, e)` in the pointer form (`OpExtInst Frexp %x %e`; glslang writes
/// `FrexpStruct` for GLSL's frexp but `Modf` with a pointer for its modf).
const FREXP_OUT: &str = "
07230203 00010000 00070000 00000017 00000000 00020011 00000001 0006000b
00000001 4c534c47 6474732e 3035342e 00000000 0003000e 00000000 00000001
0007000f 00000004 00000002 6e69616d 00000000 00000003 00000004 00030010
00000002 00000007 00040047 00000003 0000000b 0000000f 00040047 00000004
0000001e 00000000 00020013 00000005 00030021 00000006 00000005 00040015
00000007 00000020 00000001 00030016 00000008 00000020 00040017 00000009
00000008 00000004 00040020 0000000a 00000001 00000009 00040020 0000000b
00000003 00000009 00040020 0000000c 00000007 00000007 0004003b 0000000a
00000003 00000001 0004003b 0000000b 00000004 00000003 0004002b 00000008
0000000d 00000000 0004002b 00000008 0000000e 3f800000 00050036 00000005
00000002 00000000 00000006 000200f8 0000000f 0004003b 0000000c 00000010
00000007 0004003d 00000009 00000011 00000003 00050051 00000008 00000012
00000011 00000000 0007000c 00000008 00000013 00000001 00000033 00000012
00000010 0004003d 00000007 00000014 00000010 0004006f 00000008 00000015
00000014 00070050 00000009 00000016 00000013 00000015 0000000d 0000000e
0003003e 00000004 00000016 000100fd 00010038
";

/// GLSL.std.450's `Modf` and `Frexp` storing a part through a pointer (naga's reader refused
/// them) are the struct forms, the part stored where the instruction was.
#[test]
fn modf_and_frexp_storing_through_a_pointer_are_the_struct_forms() {
    let wgsl = fragment_to_wgsl(
        "#version 450
layout(location = 0) out vec4 o;
void main() { vec2 w; vec2 f = modf(gl_FragCoord.xy / 16.0, w); float s; float g = modf(gl_FragCoord.y, s); o = vec4(f, w.x + s, g); }",
    );
    assert_eq!(wgsl.matches("modf(").count(), 2, "{wgsl}");
    let wgsl = fragment_words_to_wgsl(hex(FREXP_OUT));
    assert!(wgsl.contains("frexp("), "{wgsl}");
}

/// `isnan` and `isinf` (OpIsNan, OpIsInf, which naga's WGSL writer refused) test the value's
/// bits: with the sign cleared, above 0x7f800000 is a NaN, equal to it an infinity.
#[test]
fn isnan_and_isinf_test_the_bits() {
    let wgsl = fragment_to_wgsl(
        "#version 450
layout(location = 0) out vec4 o;
void main() {
    float v = uintBitsToFloat(uint(gl_FragCoord.x) << 23);
    bvec3 n = isnan(vec3(v, 1.0, gl_FragCoord.y));
    o = vec4(float(isnan(v)), float(isinf(v)), float(any(n)), float(any(isinf(vec2(v)))));
}",
    );
    assert!(wgsl.contains("bitcast<vec3<u32>>") && wgsl.contains("2147483647u") && wgsl.contains("2139095040u"), "{wgsl}");
}

/// On 16-bit floats, the value is converted to 32 bits (exactly) and its bits tested the same
/// way (naga's writer refused `isnan` of an `f16`, and WGSL cannot bitcast a lone `f16`).
#[test]
fn isnan_and_isinf_of_halves_test_the_bits_of_the_exact_f32() {
    let wgsl = fragment_to_wgsl(
        "#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(location = 0) out vec4 o;
void main() {
    float16_t h = float16_t(gl_FragCoord.x - 8.0);
    o = vec4(float(isnan(h)), float(isinf(h)), float(any(isnan(f16vec2(h, 1.0hf)))), 1.0);
}",
    );
    assert!(wgsl.contains("bitcast<u32>(f32(") && wgsl.contains("bitcast<vec2<u32>>(vec2<f32>("), "{wgsl}");
    assert!(wgsl.contains("2147483647u") && wgsl.contains("2139095040u"), "{wgsl}");
}

/// `v = vec4(0.25, 0.5, 0.75, 1); if (FragCoord.x < 0) { v[5] = 0; a[-1] = m[3][1];
/// v[3] = extract(v, 5); } colour = v`: constant indices past the end of a vector, a matrix and
/// an array, and of a dynamic vector extract, in code that never runs (the module of
/// basic/constant-index-out-of-bounds).
const CONSTANT_INDICES_OUT_OF_BOUNDS: &str = "
07230203 00010000 00070000 00000031 00000000 00020011 00000001 0006000b
00000001 4c534c47 6474732e 3035342e 00000000 0003000e 00000000 00000001
0007000f 00000004 00000002 6e69616d 00000000 00000003 00000004 00030010
00000002 00000007 00040047 00000003 0000000b 0000000f 00040047 00000004
0000001e 00000000 00020013 00000005 00030021 00000006 00000005 00040015
00000007 00000020 00000001 00040015 00000008 00000020 00000000 00030016
00000009 00000020 00020014 0000000a 00040017 0000000b 00000009 00000002
00040017 0000000c 00000009 00000004 00040018 0000000d 0000000b 00000002
0004002b 00000008 0000000e 00000003 0004001c 0000000f 00000009 0000000e
00040020 00000010 00000001 0000000c 00040020 00000011 00000003 0000000c
00040020 00000012 00000007 0000000c 00040020 00000013 00000007 0000000d
00040020 00000014 00000007 0000000f 00040020 00000015 00000007 00000009
0004003b 00000010 00000003 00000001 0004003b 00000011 00000004 00000003
0004002b 00000007 00000016 00000001 0004002b 00000007 00000017 00000003
0004002b 00000007 00000018 00000005 0004002b 00000007 00000019 ffffffff
0004002b 00000009 0000001a 00000000 0004002b 00000009 0000001b 3e800000
0004002b 00000009 0000001c 3f000000 0004002b 00000009 0000001d 3f400000
0004002b 00000009 0000001e 3f800000 0007002c 0000000c 0000001f 0000001b
0000001c 0000001d 0000001e 00050036 00000005 00000002 00000000 00000006
000200f8 00000020 0004003b 00000012 00000021 00000007 0004003b 00000013
00000022 00000007 0004003b 00000014 00000023 00000007 0003003e 00000021
0000001f 0004003d 0000000c 00000024 00000003 00050051 00000009 00000025
00000024 00000000 000500b8 0000000a 00000026 00000025 0000001a 000300f7
00000027 00000000 000400fa 00000026 00000028 00000027 000200f8 00000028
00050041 00000015 00000029 00000021 00000018 0003003e 00000029 0000001a
00060041 00000015 0000002a 00000022 00000017 00000016 0004003d 00000009
0000002b 0000002a 00050041 00000015 0000002c 00000023 00000019 0003003e
0000002c 0000002b 0004003d 0000000c 0000002d 00000021 0005004d 00000009
0000002e 0000002d 00000018 0006004e 0000000c 0000002f 0000002d 0000002e
0000000e 0003003e 00000021 0000002f 000200f9 00000027 000200f8 00000027
0004003d 0000000c 00000030 00000021 0003003e 00000004 00000030 000100fd
00010038
";

/// Constant indices out of bounds, which WGSL makes a shader-creation error (naga's validator
/// failed the module), are read from private variables; indices in bounds stay constants.
#[test]
fn constant_indices_out_of_bounds_are_read_at_run_time() {
    let wgsl = fragment_words_to_wgsl(hex(CONSTANT_INDICES_OUT_OF_BOUNDS));
    for constant in ["[5i]", "[-1i]"] {
        assert!(!wgsl.contains(constant), "{constant} in {wgsl}");
    }
    // m[3][1]: the column index read at run time, the row index (in bounds) a constant.
    assert!(wgsl.contains("][1i]") && !wgsl.contains("[3i][1i]"), "{wgsl}");
}

/// `a = FragCoord.xx < (32, 16); b = FragCoord.xx >= (16, 48); colour from a && b and a || b`
/// on `bvec2`s (OpLogicalAnd, OpLogicalOr of vectors; the module of basic/vector-logical-ops).
const VECTOR_LOGICAL: &str = "
07230203 00010000 00070000 00000022 00000000 00020011 00000001 0006000b
00000001 4c534c47 6474732e 3035342e 00000000 0003000e 00000000 00000001
0007000f 00000004 00000002 6e69616d 00000000 00000003 00000004 00030010
00000002 00000007 00040047 00000003 0000000b 0000000f 00040047 00000004
0000001e 00000000 00020013 00000005 00030021 00000006 00000005 00030016
00000007 00000020 00020014 00000008 00040017 00000009 00000008 00000002
00040017 0000000a 00000007 00000002 00040017 0000000b 00000007 00000004
00040020 0000000c 00000001 0000000b 00040020 0000000d 00000003 0000000b
0004003b 0000000c 00000003 00000001 0004003b 0000000d 00000004 00000003
0004002b 00000007 0000000e 00000000 0004002b 00000007 0000000f 3f800000
0004002b 00000007 00000010 41800000 0004002b 00000007 00000011 42000000
0004002b 00000007 00000012 42400000 0005002c 0000000a 00000013 00000011
00000010 0005002c 0000000a 00000014 00000010 00000012 0005002c 0000000a
00000015 0000000e 0000000e 0005002c 0000000a 00000016 0000000f 0000000f
00050036 00000005 00000002 00000000 00000006 000200f8 00000017 0004003d
0000000b 00000018 00000003 00050051 00000007 00000019 00000018 00000000
00050050 0000000a 0000001a 00000019 00000019 000500b8 00000009 0000001b
0000001a 00000013 000500be 00000009 0000001c 0000001a 00000014 000500a7
00000009 0000001d 0000001b 0000001c 000500a6 00000009 0000001e 0000001b
0000001c 000600a9 0000000a 0000001f 0000001d 00000016 00000015 000600a9
0000000a 00000020 0000001e 00000016 00000015 0009004f 0000000b 00000021
0000001f 00000020 00000000 00000003 00000001 00000002 0003003e 00000004
00000021 000100fd 00010038
";

/// Logical and and or of boolean vectors, which naga read as WGSL's scalar-only `&&` and `||`
/// (its validator failed the module), select per component.
#[test]
fn logical_operations_on_boolean_vectors_select() {
    let wgsl = fragment_words_to_wgsl(hex(VECTOR_LOGICAL));
    assert!(!wgsl.contains("&&") && !wgsl.contains("||"), "{wgsl}");
    assert!(wgsl.contains("vec2<bool>(false, false)") && wgsl.contains("vec2<bool>(true, true)"), "{wgsl}");
}

/// A function returning a value whose loop is left only by `return` (glslang ends it with an
/// `OpUnreachable` merge block): naga's WGSL front end ended the function with a `return;` of
/// no value and refused the WGSL naga wrote. The unreachable block returns an undefined value
/// instead, which naga writes after the loop (`fragment_words_to_wgsl` parses the WGSL back).
#[test]
fn a_loop_left_only_by_return_ends_in_a_return_of_a_value() {
    let wgsl = fragment_to_wgsl(
        "#version 450
layout(location = 0) out vec4 o;
vec4 f(float x) { for (;;) { if (x > 2.0) return vec4(x); x += 1.0; } }
void main() { o = f(gl_FragCoord.x) * 0.01; }",
    );
    assert!(wgsl.contains("return vec4<f32>();"), "{wgsl}");
}

/// `v = vec4(1); do { x = *p; } while (false); p = &v[0]; colour = vec4(*p)`: the loop reads
/// `p`, which a later block defines. Invalid (a use its definition does not dominate), but
/// past the load checks; pointers_across_blocks recomputes only pointers defined in earlier
/// blocks, as its predicate says (a mutation of a GraphicsFuzz stage found them disagreeing,
/// which a debug assertion caught).
const POINTER_USED_BEFORE_ITS_DEFINITION: &str = "
07230203 00010000 00070000 0000001b 00000000 00020011 00000001 0006000b
00000001 4c534c47 6474732e 3035342e 00000000 0003000e 00000000 00000001
0006000f 00000004 00000002 6e69616d 00000000 00000003 00030010 00000002
00000007 00040047 00000003 0000001e 00000000 00020013 00000004 00030021
00000005 00000004 00040015 00000006 00000020 00000001 00030016 00000007
00000020 00020014 00000008 00040017 00000009 00000007 00000004 00040020
0000000a 00000007 00000009 00040020 0000000b 00000007 00000007 00040020
0000000c 00000003 00000009 0004003b 0000000c 00000003 00000003 0004002b
00000006 0000000d 00000000 0003002a 00000008 0000000e 0004002b 00000007
0000000f 3f800000 0007002c 00000009 00000010 0000000f 0000000f 0000000f
0000000f 00050036 00000004 00000002 00000000 00000005 000200f8 00000011
0004003b 0000000a 00000012 00000007 0003003e 00000012 00000010 000200f9
00000013 000200f8 00000013 000400f6 00000014 00000015 00000000 000200f9
00000016 000200f8 00000016 0004003d 00000007 00000017 00000018 000200f9
00000015 000200f8 00000015 000400fa 0000000e 00000013 00000014 000200f8
00000014 00050041 0000000b 00000018 00000012 0000000d 0004003d 00000007
00000019 00000018 00070050 00000009 0000001a 00000019 00000019 00000019
00000019 0003003e 00000003 0000001a 000100fd 00010038
";

#[test]
fn pointers_defined_later_are_not_recomputed() {
    tesserae::lower::check_predicates(&hex(POINTER_USED_BEFORE_ITS_DEFINITION)).unwrap();
}
