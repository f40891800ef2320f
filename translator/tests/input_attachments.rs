//! Input attachments: WebGPU has no subpasses, so a `subpassInput` becomes a texture the
//! application binds in the attachment's place, read at the fragment's pixel.

mod common;
use common::*;
use tesserae::*;

#[test]
fn subpass_loads_read_a_texture_at_the_fragments_pixel() {
    let plan = translate(&pipeline_with_fragment(
        "#version 450
layout(input_attachment_index = 0, set = 0, binding = 2) uniform subpassInput colour;
layout(input_attachment_index = 1, set = 0, binding = 3) uniform isubpassInput ids;
layout(location = 0) out vec4 o;
void main() { o = subpassLoad(colour) + vec4(subpassLoad(ids)); }",
    ))
    .unwrap();
    let kinds: Vec<_> = plan.resources.iter().map(|r| (r.binding, r.kind, r.wgpu.len())).collect();
    assert_eq!(kinds, [(2, DescriptorKind::InputAttachment, 1), (3, DescriptorKind::InputAttachment, 1)]);
    assert!(matches!(plan.resources[0].wgpu[0].ty, BindingType::Texture { sample: TextureSample::Float, .. }));
    assert!(matches!(plan.resources[1].wgpu[0].ty, BindingType::Texture { sample: TextureSample::Sint, .. }));
    let wgsl = fragment_wgsl(&plan);
    assert!(wgsl.contains("texture_2d<f32>") && wgsl.contains("texture_2d<i32>"), "{wgsl}");
    assert_eq!(wgsl.matches("textureLoad(").count(), 2, "{wgsl}");
    assert!(wgsl.contains("@builtin(position)"), "the fragment's position is read: {wgsl}");
}

#[test]
fn multisampled_input_attachments_are_refused() {
    let err = translate(&pipeline_with_fragment(
        "#version 450
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInputMS colour;
layout(location = 0) out vec4 o;
void main() { o = subpassLoad(colour, 1); }",
    ))
    .unwrap_err();
    assert!(matches!(&err, TranslateError::Unsupported { feature, .. } if feature.contains("multisampled")), "{err}");
}
