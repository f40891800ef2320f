//! GLSL → SPIR-V for the translator's tests, through glslang in process.
// Each test binary includes this module and uses part of it.
#![allow(dead_code)]

use glslang::*;

pub fn glsl(stage: ShaderStage, src: &str) -> Vec<u32> {
    let compiler = Compiler::acquire().expect("glslang");
    let source = ShaderSource::from(src);
    let options = CompilerOptions {
        source_language: SourceLanguage::GLSL,
        target: Target::Vulkan { version: VulkanVersion::Vulkan1_1, spirv_version: SpirvVersion::SPIRV1_3 },
        version_profile: None,
        messages: ShaderMessage::DEFAULT,
    };
    let input = ShaderInput::new(&source, stage, &options, None::<&[(&str, Option<&str>)]>, None).expect("input");
    compiler.create_shader(input).expect("parse").compile().expect("compile")
}

pub fn vs(src: &str) -> Vec<u32> {
    glsl(ShaderStage::Vertex, src)
}
pub fn fs(src: &str) -> Vec<u32> {
    glsl(ShaderStage::Fragment, src)
}

pub const VS: &str = "#version 450
layout(location = 0) in vec2 pos;
layout(location = 0) out vec3 color;
void main() { gl_Position = vec4(pos, 0.0, 1.0); color = vec3(pos, 1.0); }";

#[allow(dead_code)]
pub const FS: &str = "#version 450
layout(location = 0) in vec3 color;
layout(location = 0) out vec4 o;
void main() { o = vec4(color, 1.0); }";

/// A pass-through vertex stage (its vertex buffer inferred) and the fragment stage `fragment`.
#[allow(dead_code)]
pub fn pipeline_with_fragment(fragment: &str) -> tesserae::PipelineDesc {
    use tesserae::*;
    let v = vs("#version 450\nlayout(location=0) in vec2 p;\nvoid main(){ gl_Position = vec4(p, 0.0, 1.0); }");
    let r = reflect::load(&v, None).expect("vertex loads").reflection;
    PipelineDesc {
        vertex_buffers: VertexBufferLayout::infer(&r),
        ..PipelineDesc::new(StageDesc::new(v), Some(StageDesc::new(fs(fragment))))
    }
}

/// The WGSL of the first render pass's fragment stage.
#[allow(dead_code)]
pub fn fragment_wgsl(plan: &tesserae::Plan) -> String {
    let tesserae::Pass::Render(rp) = &plan.passes[0] else { panic!("a render pass first") };
    rp.fragment.as_ref().expect("a fragment stage").wgsl.as_str().to_string()
}
