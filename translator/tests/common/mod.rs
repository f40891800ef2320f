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
