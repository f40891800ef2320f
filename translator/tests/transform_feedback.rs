//! Transform feedback's capture layout, read at load: every 32-bit component of a captured
//! output at its byte offset (blocks, arrays, matrices and built-ins tightly packed, as the
//! Vulkan spec lays them out), and the plans that capture.

mod common;

use common::{glsl, vs};
use glslang::ShaderStage;
use tesserae::reflect::{CaptureLayout, CaptureWord};
use tesserae::*;

fn layout(words: &[u32]) -> Option<Result<CaptureLayout, String>> {
    reflect::load(words, None).expect("loads").reflection.capture
}

fn words(buffer: u32, offsets: impl IntoIterator<Item = u32>) -> Vec<CaptureWord> {
    offsets.into_iter().map(|offset| CaptureWord { buffer, offset }).collect()
}

#[test]
fn components_lie_at_their_offsets_tightly_packed() {
    let v = vs("#version 450
layout(location = 0, xfb_buffer = 0, xfb_offset = 16, xfb_stride = 64) out vec3 a;
layout(location = 1, xfb_buffer = 0, xfb_offset = 0) out float b[2];
layout(location = 3, xfb_buffer = 1, xfb_offset = 16, xfb_stride = 40) out mat2 m;
layout(location = 5, xfb_buffer = 1, xfb_offset = 32) flat out ivec2 i;
layout(location = 6) out vec4 not_captured;
layout(xfb_buffer = 1) out gl_PerVertex { layout(xfb_offset = 0) vec4 gl_Position; };
void main() { gl_Position = vec4(0.0); a = vec3(0.0); b[0] = 0.0; b[1] = 0.0; m = mat2(1.0); i = ivec2(0); not_captured = vec4(0.0); }");
    let l = layout(&v).expect("a capture").expect("taken");
    assert_eq!(l.buffers, vec![(0, 64), (1, 40)]);
    let mut got = l.words.clone();
    got.sort_by_key(|w| (w.buffer, w.offset));
    // a at 16..28, b at 0..8; gl_Position at 0..16, m's columns at 16..32, i at 32..40.
    let mut expected = words(0, [0, 4, 16, 20, 24]);
    expected.extend(words(1, (0..10).map(|k| 4 * k)));
    assert_eq!(got, expected);
}

#[test]
fn a_block_captures_its_members_with_offsets_only() {
    let v = vs("#version 450
layout(location = 0, xfb_buffer = 2, xfb_stride = 32) out Block {
    layout(xfb_offset = 4) float x;
    vec2 skipped;
    layout(xfb_offset = 12) vec4 y;
} blk;
void main() { gl_Position = vec4(0.0); blk.x = 1.0; blk.skipped = vec2(2.0); blk.y = vec4(3.0); }");
    let l = layout(&v).expect("a capture").expect("taken");
    assert_eq!(l.buffers, vec![(2, 32)]);
    assert_eq!(l.words, words(2, [4, 12, 16, 20, 24]));
}

#[test]
fn a_stage_without_xfb_captures_nothing_and_the_plan_says_so() {
    let v = vs("#version 450\nlayout(location = 0) out vec4 c;\nvoid main() { gl_Position = vec4(0.0); c = vec4(1.0); }");
    assert!(layout(&v).is_none());
    let plan = translate(&PipelineDesc::new(StageDesc::new(v), None)).expect("translates");
    assert!(plan.capture.is_none());
    assert!(plan.passes.iter().all(|p| !matches!(p, Pass::Compute(c) if c.capture)));
}

#[test]
fn a_capturing_vertex_stage_draws_as_before_after_its_capture_passes() {
    let v = vs("#version 450
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 c;
void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); c = vec4(1.0); }");
    let plan =
        translate(&PipelineDesc { topology: Topology::LineStrip, ..PipelineDesc::new(StageDesc::new(v), None) }).expect("translates");
    plan.validate().expect("valid");
    let capture = plan.capture.as_ref().expect("captures");
    assert_eq!(capture.buffers, vec![(0, 16)]);
    assert_eq!(capture.vertices_per_primitive, 2);
    let labels: Vec<&str> = plan.passes.iter().map(|p| p.label()).collect();
    assert_eq!(labels.last(), Some(&"draw"));
    assert!(plan.passes[..plan.passes.len() - 1].iter().all(|p| matches!(p, Pass::Compute(c) if c.capture)), "{labels:?}");
}

#[test]
fn a_64_bit_capture_is_refused_by_name() {
    let d = glsl(
        ShaderStage::Vertex,
        "#version 450
#extension GL_ARB_gpu_shader_fp64 : require
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) flat out dvec2 c;
void main() { gl_Position = vec4(0.0); c = dvec2(1.0); }",
    );
    match layout(&d) {
        Some(Err(why)) => assert!(why.contains("64-bit"), "{why}"),
        other => panic!("a 64-bit capture is refused, got {other:?}"),
    }
}
