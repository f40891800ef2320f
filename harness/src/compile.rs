//! GLSL and HLSL to SPIR-V in process, through the `glslang` crate.

use crate::shader_test::{spirv_words, CompileTarget, Language, ShaderSection, ShaderTest};
use glslang::{
    Compiler, CompilerOptions, Shader, ShaderInput, ShaderMessage, ShaderSource, ShaderStage, SourceLanguage, SpirvVersion, Target,
    VulkanVersion,
};
use tesserae::{Stage, StageDesc};

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CompileError {
    #[error("glslang is not available in this process")]
    NoCompiler,
    #[error("{file}:{line}: {stage} shader does not compile:\n{log}")]
    Shader { file: String, line: usize, stage: Stage, log: String },
    #[error(transparent)]
    Parse(#[from] crate::shader_test::ParseError),
}

fn glslang_stage(s: Stage) -> ShaderStage {
    match s {
        Stage::Vertex => ShaderStage::Vertex,
        Stage::TessControl => ShaderStage::TesselationControl,
        Stage::TessEval => ShaderStage::TesselationEvaluation,
        Stage::Geometry => ShaderStage::Geometry,
        Stage::Fragment => ShaderStage::Fragment,
        Stage::Compute => ShaderStage::Compute,
    }
}

/// Source languages glslang compiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceKind {
    Glsl,
    Hlsl,
}

/// Compiles (or decodes, or assembles) one shader section to SPIR-V words.
pub fn compile_section(test: &ShaderTest, s: &ShaderSection) -> Result<Vec<u32>, CompileError> {
    let key = SectionKey {
        path: test.path.clone(),
        line: s.line,
        source: s.source.clone(),
        target: s.target,
        entry_point: s.entry_point.clone(),
    };
    let memo = || COMPILED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(words) = memo().get(&key) {
        return words.clone();
    }
    // (Compiled without the lock: the tests compile on many threads at once.)
    let words = compile_section_uncached(test, s);
    let mut memo = memo();
    if memo.len() >= MEMO_SECTIONS {
        memo.clear();
    }
    memo.insert(key, words.clone());
    words
}

/// What a section's words depend on besides its language and stage, which its file and line
/// fix.
#[derive(PartialEq, Eq, Hash)]
struct SectionKey {
    path: std::path::PathBuf,
    line: usize,
    source: String,
    target: CompileTarget,
    entry_point: String,
}

/// Sections compiled in this process. A child checks that a test's sections compile before it
/// opens its device, then renders them: the render's compile is answered from here (over
/// `tess/`, glslang took a third of a native row's time).
static COMPILED: std::sync::LazyLock<std::sync::Mutex<std::collections::HashMap<SectionKey, Result<Vec<u32>, CompileError>>>> =
    std::sync::LazyLock::new(Default::default);

/// Sections kept before the memo starts over: a batch's tests (24 by default) and then some.
const MEMO_SECTIONS: usize = 256;

fn compile_section_uncached(test: &ShaderTest, s: &ShaderSection) -> Result<Vec<u32>, CompileError> {
    let fail = |log: String| CompileError::Shader { file: test.path.display().to_string(), line: s.line, stage: s.stage, log };
    let kind = match s.language {
        Language::SpirvHex => return Ok(spirv_words(&test.path, s)?),
        Language::SpirvAsm => return assemble(&s.source, s.target).map_err(fail),
        Language::Glsl => SourceKind::Glsl,
        Language::Hlsl => SourceKind::Hlsl,
    };
    compile_source(kind, &s.source, glslang_stage(s.stage), s.target, &s.entry_point).map_err(|e| match e.as_str() {
        NO_COMPILER => CompileError::NoCompiler,
        _ => fail(e),
    })
}

const NO_COMPILER: &str = "glslang is not available in this process";

/// Compiles GLSL or HLSL for one stage; the error is glslang's log.
pub fn compile_source(
    kind: SourceKind,
    source: &str,
    stage: ShaderStage,
    target: CompileTarget,
    entry_point: &str,
) -> Result<Vec<u32>, String> {
    let compiler = Compiler::acquire().ok_or(NO_COMPILER)?;
    let source = ShaderSource::from(source);
    let (version, spirv_version) = match target {
        CompileTarget::Vulkan1_0 => (VulkanVersion::Vulkan1_0, SpirvVersion::SPIRV1_0),
        CompileTarget::Vulkan1_1 => (VulkanVersion::Vulkan1_1, SpirvVersion::SPIRV1_3),
        CompileTarget::Vulkan1_1Spirv1_4 => (VulkanVersion::Vulkan1_1, SpirvVersion::SPIRV1_4),
        CompileTarget::Vulkan1_2 => (VulkanVersion::Vulkan1_2, SpirvVersion::SPIRV1_5),
        CompileTarget::Vulkan1_3 => (VulkanVersion::Vulkan1_3, SpirvVersion::SPIRV1_6),
    };
    let options = CompilerOptions {
        source_language: match kind {
            SourceKind::Glsl => SourceLanguage::GLSL,
            SourceKind::Hlsl => SourceLanguage::HLSL,
        },
        target: Target::Vulkan { version, spirv_version },
        version_profile: None,
        messages: ShaderMessage::DEFAULT | ShaderMessage::SPV_RULES | ShaderMessage::VULKAN_RULES,
    };
    let input = ShaderInput::new(&source, stage, &options, None::<&[(&str, Option<&str>)]>, None).map_err(|e| e.to_string())?;
    let mut builder = Shader::new(compiler, input);
    builder.entry_point(entry_point);
    if kind == SourceKind::Hlsl {
        builder.source_entry_point(entry_point);
    }
    let shader = builder.parse().map_err(|e| e.to_string())?;
    shader.compile().map_err(|e| e.to_string())
}

/// Assembles SPIR-V assembly in process (SPIRV-Tools), with the target's SPIR-V version in the
/// header as `spirv-as --target-env spv1.N` writes it.
pub fn assemble(text: &str, target: CompileTarget) -> Result<Vec<u32>, String> {
    use spirv_tools::assembler::{self, Assembler};
    use spirv_tools::TargetEnv;
    let env = match target {
        CompileTarget::Vulkan1_0 => TargetEnv::Universal_1_0,
        CompileTarget::Vulkan1_1 => TargetEnv::Universal_1_3,
        CompileTarget::Vulkan1_1Spirv1_4 => TargetEnv::Universal_1_4,
        CompileTarget::Vulkan1_2 => TargetEnv::Universal_1_5,
        CompileTarget::Vulkan1_3 => TargetEnv::Universal_1_6,
    };
    let binary = assembler::create(Some(env)).assemble(text, assembler::AssemblerOptions::default()).map_err(|e| e.to_string())?;
    Ok(binary.as_words().to_vec())
}

/// The test's pipeline: every stage compiled, in a [`tesserae::PipelineDesc`].
pub fn pipeline(test: &ShaderTest, options: tesserae::Options) -> Result<tesserae::PipelineDesc, CompileError> {
    let stage = |st: Stage| -> Result<Option<StageDesc>, CompileError> {
        match test.shader(st) {
            None => Ok(None),
            Some(s) => Ok(Some(StageDesc { spirv: compile_section(test, s)?, entry_point: Some(s.entry_point.clone()) })),
        }
    };
    let vertex = stage(Stage::Vertex)?.ok_or_else(|| CompileError::Shader {
        file: test.path.display().to_string(),
        line: 1,
        stage: Stage::Vertex,
        log: "missing vertex shader".into(),
    })?;
    Ok(tesserae::PipelineDesc {
        vertex,
        tess_control: stage(Stage::TessControl)?,
        tess_eval: stage(Stage::TessEval)?,
        geometry: stage(Stage::Geometry)?,
        fragment: stage(Stage::Fragment)?,
        topology: test.topology(),
        vertex_buffers: test.layouts(),
        specialization: test.specialization.clone(),
        primitive_restart_enable: test.test.primitive_restart,
        options,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A geometry stage reaches the translator, which translates it as its own pass (never
    /// dropped: vertex → fragment would render another image).
    #[test]
    fn geometry_shaders_reach_the_translator() {
        let text = "[vertex shader]\n#version 450\nvoid main() { gl_Position = vec4(0.0); }\n\n[geometry shader]\n#version 450\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\nvoid main() {}\n\n[test]\ndraw triangle-list vertices 3\n";
        let test = crate::shader_test::parse(std::path::Path::new("g.shader_test"), "x/g", text).unwrap();
        let desc = pipeline(&test, tesserae::Options::default()).unwrap();
        assert!(desc.geometry.as_ref().is_some_and(|g| !g.spirv.is_empty()), "the geometry stage is compiled and passed on");
        let plan = tesserae::translate(&desc).unwrap();
        assert!(plan.passes.iter().any(|p| p.label() == "geometry"), "{:?}", plan.passes.iter().map(|p| p.label()).collect::<Vec<_>>());
    }
}
