//! Vectors a uniform block packs tighter than WGSL aligns them (HLSL cbuffers; GLSL's scalar
//! layout here): split into scalar members; a run-time component index and such vectors in
//! storage blocks are refused naming the member.

mod common;
use common::*;
use tesserae::*;

#[test]
fn packed_vectors_become_scalar_members() {
    let plan = translate(&pipeline_with_fragment(
        "#version 450
#extension GL_EXT_scalar_block_layout : require
layout(scalar, set = 0, binding = 0) uniform Packed { float a; vec2 b; vec3 c; float d; } u;
layout(location = 0) out vec4 o;
void main() { o = vec4(u.a + u.b.y, u.c.xy, u.d) + vec4(u.c, 0.0); }",
    ))
    .unwrap();
    let wgsl = fragment_wgsl(&plan);
    for member in ["a: f32", "b_x: f32", "b_y: f32", "c_x: f32", "c_y: f32", "c_z: f32", "d: f32"] {
        assert!(wgsl.contains(member), "{member} in\n{wgsl}");
    }
    // b at 4, c at 12, d at 24: six floats in a row, no padding.
    assert!(!wgsl.contains("@size") && !wgsl.contains("@align"), "{wgsl}");
}

#[test]
fn a_packed_vector_indexed_at_run_time_is_refused_naming_it() {
    let e = translate(&pipeline_with_fragment(
        "#version 450
#extension GL_EXT_scalar_block_layout : require
layout(scalar, set = 0, binding = 0) uniform Packed { float a; vec2 weights; } u;
layout(location = 0) out vec4 o;
void main() { o = vec4(u.weights[int(gl_FragCoord.x) & 1]); }",
    ))
    .unwrap_err();
    assert!(
        matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("`weights`") && feature.contains("known only when the shader runs")),
        "{e}"
    );
}

#[test]
fn a_packed_vector_in_a_storage_block_is_refused_naming_it() {
    let e = translate(&pipeline_with_fragment(
        "#version 450
#extension GL_EXT_scalar_block_layout : require
layout(scalar, set = 0, binding = 0) buffer Packed { float a; vec3 normal; } s;
layout(location = 0) out vec4 o;
void main() { s.normal = vec3(1.0); o = vec4(s.a); }",
    ))
    .unwrap_err();
    assert!(
        matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("`normal`") && feature.contains("storage block")),
        "{e}"
    );
}

#[test]
fn a_struct_holding_a_packed_vector_loaded_whole_is_refused() {
    let e = translate(&pipeline_with_fragment(
        "#version 450
#extension GL_EXT_scalar_block_layout : require
struct S { float a; vec2 b; float c; };
layout(scalar, set = 0, binding = 0) uniform Packed { S s[2]; } u;
layout(location = 0) out vec4 o;
void main() { S l[2] = u.s; o = vec4(l[1].b, l[0].c, 1.0); }",
    ))
    .unwrap_err();
    assert!(matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("packs tighter")), "{e}");
}
