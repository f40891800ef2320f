//! naga's WGSL writer drops explicit offsets, sizes and strides; the translation spells them
//! out with `@size` so the text lays buffers out as the module does (checked by reading the
//! text back: `Options::verify_wgsl_round_trip`), and refuses what WGSL cannot spell.

mod common;
use common::*;
use tesserae::*;

fn verified(fragment: &str) -> String {
    let mut desc = pipeline_with_fragment(fragment);
    desc.options.verify_wgsl_round_trip = true;
    fragment_wgsl(&translate(&desc).unwrap())
}

#[test]
fn push_constants_past_the_vertex_stages_bytes_keep_their_offsets() {
    let wgsl = verified(
        "#version 450
layout(push_constant) uniform P { layout(offset = 12) float roughness; float metallic; } p;
layout(location = 0) out vec4 o;
void main() { o = vec4(p.roughness, p.metallic, 0.0, 1.0); }",
    );
    // Padding members, not attributes: every backend (naga's GLSL writer too) then lays the
    // block out as the application does.
    assert!(wgsl.contains("tesserae_pad_4_: f32,") && wgsl.contains("tesserae_pad_8_: f32,"), "{wgsl}");
    assert!(!wgsl.contains("@size"), "{wgsl}");
}

#[test]
fn a_block_starting_past_zero_gets_a_leading_pad() {
    let wgsl = verified(
        "#version 450
layout(set = 0, binding = 0) uniform U { layout(offset = 272) float alpha; } u;
layout(location = 0) out vec4 o;
void main() { o = vec4(u.alpha); }",
    );
    assert!(wgsl.contains("tesserae_pad_268_: f32,\n    alpha: f32,"), "{wgsl}");
}

#[test]
fn std140_struct_padding_is_spelled_out() {
    // std140 rounds the struct S up to 16 bytes: `after` is at 16, WGSL's natural 4.
    let wgsl = verified(
        "#version 450
struct S { float a; };
layout(std140, set = 0, binding = 0) uniform U { S s; float after; } u;
layout(location = 0) out vec4 o;
void main() { o = vec4(u.s.a, u.after, 0.0, 1.0); }",
    );
    assert!(wgsl.contains("@size(16) "), "{wgsl}");
}

#[test]
fn a_stride_wgsl_cannot_spell_is_refused() {
    let err = translate(&pipeline_with_fragment(
        "#version 450
#extension GL_EXT_scalar_block_layout : require
struct Node { vec4 colour; float depth; uint next; };
layout(scalar, set = 0, binding = 0) readonly buffer Nodes { Node nodes[]; };
layout(location = 0) out vec4 o;
void main() { o = nodes[int(gl_FragCoord.x)].colour; }",
    ))
    .unwrap_err();
    assert!(
        matches!(&err, TranslateError::Unsupported { feature, .. } if feature.contains("layout WGSL cannot express") && feature.contains("stride 24")),
        "{err}"
    );
}

#[test]
fn the_layout_oracle_catches_the_writers_text() {
    // naga's own text for such a module reads back with another layout: the check that
    // verified translations pass is one that can fail.
    let words = fs("#version 450
layout(set = 0, binding = 0) uniform U { layout(offset = 32) vec4 late; } u;
layout(location = 0) out vec4 o;
void main() { o = u.late; }");
    let opts = naga::front::spv::Options { adjust_coordinate_space: true, strict_capabilities: false, block_ctx_dump_prefix: None };
    let module = naga::front::spv::Frontend::new(words.iter().copied(), &opts).parse().unwrap();
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), wgsl::capabilities()).validate(&module).unwrap();
    let text = naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty()).unwrap();
    let parsed = naga::front::wgsl::parse_str(&text).unwrap();
    let e = wgsl_layout::compare_bound_layouts(&module, &parsed).unwrap_err();
    assert!(e.contains("spanning 48 bytes read back as 1 spanning 16"), "{e}");
    let spelled = wgsl_layout::spell_out(&module, &text).unwrap().expect("a drift to spell out");
    wgsl_layout::compare_bound_layouts(&module, &naga::front::wgsl::parse_str(&spelled).unwrap()).unwrap();
}

#[test]
fn a_gap_too_large_to_pad_is_spelled_out_instead() {
    // 64 KiB before the member: a thousand pads; the text's `@size` says it in one attribute.
    let wgsl = verified(
        "#version 450
layout(set = 0, binding = 0) uniform U { vec4 first; layout(offset = 65536) vec4 far; } u;
layout(location = 0) out vec4 o;
void main() { o = u.first + u.far; }",
    );
    assert!(wgsl.contains("@size(65536) first: vec4<f32>,"), "{wgsl}");
    assert!(!wgsl.contains("tesserae_pad"), "{wgsl}");
}

#[test]
fn std140_storage_arrays_are_padded_element_by_element() {
    // std140 gives these arrays a 16-byte stride; WGSL gives `f32` and `vec2<f32>` 4 and 8: each
    // element becomes a struct padded to 16 bytes (lower/std140.rs), a runtime array too.
    let wgsl = verified(
        "#version 450
layout(std140, set = 0, binding = 0) readonly buffer B { float a[4]; vec2 b[2]; float tail[]; } s;
layout(location = 0) out vec4 o;
void main() {
  float c[4] = s.a;
  o = vec4(c[1], s.b[1].y, s.tail[int(gl_FragCoord.x)], float(s.tail.length()));
}",
    );
    // Read back, the block's three arrays have std140's stride and offsets.
    let module = naga::front::wgsl::parse_str(&wgsl).unwrap();
    let block = module.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some("s")).map(|(_, g)| g.ty).unwrap();
    let naga::TypeInner::Struct { members, .. } = &module.types[block].inner else { panic!("{wgsl}") };
    let layout: Vec<(u32, Option<u32>)> = members
        .iter()
        .map(|m| match module.types[m.ty].inner {
            naga::TypeInner::Array { stride, .. } => (m.offset, Some(stride)),
            _ => (m.offset, None),
        })
        .collect();
    assert_eq!(layout, [(0, Some(16)), (64, Some(16)), (96, Some(16))], "{wgsl}");
    // Elements are read through their value, the runtime array's length counted in them.
    assert!(wgsl.contains("s.a[3u].member;") && wgsl.contains("s.b[1i].member[1u];"), "{wgsl}");
    assert!(wgsl.contains("arrayLength((&s.tail))"), "{wgsl}");
}

#[test]
fn a_member_after_a_struct_in_a_std140_storage_block_gets_pads_for_glsl_std430() {
    // std140 rounds the struct S (8 bytes) up to 16: `after` is at 16. WGSL's storage layout and
    // GLSL's std430 (what naga's GLSL writer declares storage buffers with, for wgpu's GL
    // backend) do not round, so the gap must be members, not only `@size` in the text.
    let wgsl = verified(
        "#version 450
struct S { vec2 a; };
layout(std140, set = 0, binding = 0) readonly buffer B { S s; float after; } b;
layout(location = 0) out vec4 o;
void main() { o = vec4(b.s.a, b.after, 1.0); }",
    );
    assert!(wgsl.contains("tesserae_pad_8_: f32,") && wgsl.contains("tesserae_pad_12_: f32,\n    after: f32,"), "{wgsl}");
    // In a uniform block the rule is WGSL's (and std140's) own: no pads after a struct.
    let wgsl = verified(
        "#version 450
struct S { vec2 a; };
layout(std140, set = 0, binding = 0) uniform B { S s; float after; } b;
layout(location = 0) out vec4 o;
void main() { o = vec4(b.s.a, b.after, 1.0); }",
    );
    assert!(!wgsl.contains("tesserae_pad_"), "{wgsl}");
}
