//! Row-major matrices in blocks (GLSL `row_major`, HLSL's default packing) become column-major
//! matrices of the transposed shape before naga reads the module.

mod common;
use common::*;
use tesserae::*;

#[test]
fn row_major_members_are_declared_transposed() {
    // mat4x2 (four columns of vec2) stored as two rows of four: WGSL's mat2x4 (two columns of
    // vec4) at the same 16-byte stride; loads transpose it back.
    let plan = translate(&pipeline_with_fragment(
        "#version 450
layout(std140, row_major, set = 0, binding = 0) uniform U { mat4x2 m; mat4x3 bones[2]; } u;
layout(location = 0) out vec4 o;
void main() { o = vec4(u.m * vec4(1.0), u.m[int(gl_FragCoord.x) & 3][1], 1.0) + vec4(u.bones[1][2], 0.0); }",
    ))
    .unwrap();
    let wgsl = fragment_wgsl(&plan);
    assert!(wgsl.contains("m: mat2x4<f32>"), "{wgsl}");
    assert!(wgsl.contains("bones: array<mat3x4<f32>, 2>"), "{wgsl}");
    assert!(wgsl.contains("transpose("), "{wgsl}");
}

#[test]
fn a_block_with_row_major_matrices_copied_whole_is_refused() {
    let e = translate(&pipeline_with_fragment(
        "#version 450
layout(std140, row_major, set = 0, binding = 0) uniform U { mat2x3 m; } u;
struct S { mat2x3 m; };
layout(location = 0) out vec4 o;
void main() { S copy = S(u.m); o = vec4(copy.m[0], 1.0); }",
    ));
    // A member copy is a load of the member (allowed); the refusal is for the block itself.
    assert!(e.is_ok(), "{e:?}");
    let e = translate(&pipeline_with_fragment(
        "#version 450
struct Bones { mat2x3 m; };
layout(std140, row_major, set = 0, binding = 0) uniform U { Bones b; } u;
layout(location = 0) out vec4 o;
void main() { Bones copy = u.b; o = vec4(copy.m[0], 1.0); }",
    ))
    .unwrap_err();
    assert!(matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("row-major")), "{e}");
}

#[test]
fn structs_and_arrays_holding_row_major_matrices_loaded_whole_are_refused() {
    // Square matrices would come out untransposed: refused, not rendered wrong.
    for body in [
        "struct Bone { mat4 m; };
layout(std140, row_major, set = 0, binding = 0) uniform U { Bone bones[2]; } u;
layout(location = 0) out vec4 o;
void main() { Bone b[2] = u.bones; o = b[1].m[0]; }",
        "struct Bone { mat4 m; }; struct Outer { Bone b; };
layout(std140, row_major, set = 0, binding = 0) uniform U { Outer o; } u;
layout(location = 0) out vec4 o;
void main() { Outer x = u.o; o = x.b.m[0]; }",
    ] {
        let e = translate(&pipeline_with_fragment(&format!("#version 450\n{body}"))).unwrap_err();
        assert!(matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("row-major")), "{e}");
    }
}

#[test]
fn arrays_of_matrices_with_two_component_columns_in_uniform_blocks_are_refused() {
    // std140 puts each vec2 column 16 bytes apart; WGSL's uniform layout cannot, for arrays of
    // them (a single such matrix is padded by lower::std140). Also what row-major mat2x3 becomes.
    for block in ["mat3x2 m[2];", "layout(row_major) mat2x3 m[2];"] {
        let e = translate(&pipeline_with_fragment(&format!(
            "#version 450
layout(std140, set = 0, binding = 0) uniform U {{ {block} }} u;
layout(location = 0) out vec4 o;
void main() {{ o = vec4(u.m[1][0].xy, 0.0, 1.0); }}"
        )))
        .unwrap_err();
        assert!(matches!(&e, TranslateError::Unsupported { feature, .. } if feature.contains("2-component columns")), "{block}: {e}");
    }
}
