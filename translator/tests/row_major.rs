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
fn structs_and_arrays_holding_row_major_matrices_loaded_whole_go_member_by_member() {
    // A whole value would hold the stored (transposed) matrices: each is loaded and transposed
    // back on its own (lower/whole_values.rs), square ones too, through arrays and structs.
    for (body, matrices) in [
        (
            "struct Bones { mat2x3 m; };
layout(std140, row_major, set = 0, binding = 0) uniform U { Bones b; } u;
layout(location = 0) out vec4 o;
void main() { Bones copy = u.b; o = vec4(copy.m[0], 1.0); }",
            1,
        ),
        (
            "struct Bone { mat4 m; };
layout(std140, row_major, set = 0, binding = 0) uniform U { Bone bones[2]; } u;
layout(location = 0) out vec4 o;
void main() { Bone b[2] = u.bones; o = b[1].m[0]; }",
            2,
        ),
        (
            "struct Bone { mat4 m; }; struct Outer { Bone b; };
layout(std140, row_major, set = 0, binding = 0) uniform U { Outer o; } u;
layout(location = 0) out vec4 o;
void main() { Outer x = u.o; o = x.b.m[0]; }",
            1,
        ),
    ] {
        let plan = translate(&pipeline_with_fragment(&format!("#version 450\n{body}"))).unwrap_or_else(|e| panic!("{body}: {e}"));
        let wgsl = fragment_wgsl(&plan);
        assert_eq!(wgsl.matches("transpose(").count(), matrices, "{wgsl}");
    }
}

#[test]
fn arrays_of_matrices_with_two_component_columns_in_uniform_blocks_are_padded_by_column() {
    // std140 puts each vec2 column 16 bytes apart, which WGSL's uniform layout gives no matrix:
    // lower::std140 makes each matrix an array of padded columns, inside the array of them.
    // Also what row-major mat2x3 becomes. Read back, the member is laid out as std140 says.
    for block in ["mat3x2 m[2];", "layout(row_major) mat2x3 m[2];"] {
        let plan = translate(&pipeline_with_fragment(&format!(
            "#version 450
layout(std140, set = 0, binding = 0) uniform U {{ {block} }} u;
layout(location = 0) out vec4 o;
void main() {{ o = vec4(u.m[1][0].xy, u.m[int(gl_FragCoord.x) & 1][1].xy); }}"
        )))
        .unwrap_or_else(|e| panic!("{block}: {e}"));
        let wgsl = fragment_wgsl(&plan);
        let module = naga::front::wgsl::parse_str(&wgsl).unwrap();
        let block_type = module.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some("u")).map(|(_, g)| g.ty).unwrap();
        let naga::TypeInner::Struct { members, .. } = &module.types[block_type].inner else { panic!("{wgsl}") };
        let naga::TypeInner::Array { base: matrix, stride: 48, size: naga::ArraySize::Constant(n) } = module.types[members[0].ty].inner
        else {
            panic!("{block}: the array of matrices is not strided by 48: {wgsl}")
        };
        assert_eq!(n.get(), 2, "{wgsl}");
        let naga::TypeInner::Array { base: column, stride: 16, size: naga::ArraySize::Constant(c) } = module.types[matrix].inner else {
            panic!("{block}: a matrix is not an array of columns strided by 16: {wgsl}")
        };
        assert_eq!(c.get(), 3, "{wgsl}");
        assert!(matches!(&module.types[column].inner, naga::TypeInner::Struct { span: 16, .. }), "{wgsl}");
    }
}
