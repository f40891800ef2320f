//! The `.shader_test` format: one self-contained test per file, in sections.
//!
//! `corpus/README.md` documents every section and directive; [`parse`] is the one reader of
//! the format. Every error carries the file and the 1-based line it is about, and parsing never
//! panics whatever the text (it is fuzzed).

mod directives;
pub mod layout;
mod resources;
mod sections;

pub use directives::*;
pub use resources::*;
pub use sections::{f32_to_f16, opens_section, spirv_hex, spirv_words};

use std::fmt;
use std::path::{Path, PathBuf};
use tesserae::{Stage, Topology, VertexBufferLayout};

/// A parse error, with the place it is about.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}:{line}: {message}", file.display())]
pub struct ParseError {
    pub file: PathBuf,
    pub line: usize,
    pub message: String,
}

/// Source language of a shader section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Glsl,
    Hlsl,
    SpirvHex,
    /// SPIR-V assembly (`spirv-as` syntax), assembled for the section's target.
    SpirvAsm,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ShaderSection {
    pub stage: Stage,
    pub language: Language,
    /// Source text (GLSL, HLSL or hex words).
    pub source: String,
    /// Line of the section header.
    pub line: usize,
    /// Entry point (HLSL: `main` unless the header says `entry NAME`).
    pub entry_point: String,
    /// What GLSL and HLSL compile for (`target vulkan1.3` in the header: SPIR-V 1.6).
    pub target: CompileTarget,
}

/// The Vulkan and SPIR-V versions a GLSL or HLSL section compiles for (and SPIR-V assembly
/// assembles for).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CompileTarget {
    /// Vulkan 1.0, SPIR-V 1.0 (Amber's default target).
    Vulkan1_0,
    /// Vulkan 1.1, SPIR-V 1.3 (the default of `.shader_test` files).
    #[default]
    Vulkan1_1,
    /// Vulkan 1.1 with `VK_KHR_spirv_1_4`, SPIR-V 1.4.
    Vulkan1_1Spirv1_4,
    /// Vulkan 1.2, SPIR-V 1.5.
    Vulkan1_2,
    /// Vulkan 1.3, SPIR-V 1.6: entry points list every global, composites copy with
    /// `OpCopyLogical`, as Slang's and DXC's Vulkan 1.3 output does.
    Vulkan1_3,
}

impl CompileTarget {
    /// The Vulkan minor version a device needs for modules of this target (1.x).
    pub fn vulkan_minor(self) -> u32 {
        match self {
            CompileTarget::Vulkan1_0 => 0,
            CompileTarget::Vulkan1_1 => 1,
            CompileTarget::Vulkan1_1Spirv1_4 | CompileTarget::Vulkan1_2 => 2,
            CompileTarget::Vulkan1_3 => 3,
        }
    }
}

/// Features a test needs; an executor that lacks one reports Skip.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Requirements {
    pub clip_distances: u32,
    pub cull_distances: u32,
    pub tessellation: bool,
    pub geometry: bool,
    pub wide_points: bool,
    pub shader_f16: bool,
    /// Arrays of descriptors indexed by dynamically uniform values (Vulkan's
    /// `shader*ArrayDynamicIndexing`): sampled images and samplers, uniform buffers.
    pub sampled_image_array_dynamic_indexing: bool,
    pub uniform_buffer_array_dynamic_indexing: bool,
    /// Sampled image arrays indexed by values that differ between invocations
    /// (`shaderSampledImageArrayNonUniformIndexing`, `nonuniformEXT`).
    pub sampled_image_array_non_uniform_indexing: bool,
    /// `transform-feedback`: `VK_EXT_transform_feedback` and its `transformFeedback` feature (a
    /// test with `[transform feedback N]` sections needs them whether it says so or not).
    pub transform_feedback: bool,
}

/// `[transform feedback N]`: a buffer that transform feedback captures into, bound whole at
/// `XfbBuffer` N while the test's draws run.
#[derive(Debug, Clone, PartialEq)]
pub struct CaptureBuffer {
    /// The `XfbBuffer` number (0..=[`MAX_CAPTURE_BUFFER`]).
    pub buffer: u32,
    /// Bytes (a multiple of 4, at least 4).
    pub size: u32,
    /// The word every 32-bit word of the buffer holds before the draws (little endian).
    pub fill: u32,
    /// Line of the section header.
    pub line: usize,
}

/// The highest `XfbBuffer` number a `[transform feedback N]` section may name (Vulkan
/// guarantees one buffer; lavapipe and most desktop drivers have four).
pub const MAX_CAPTURE_BUFFER: u32 = 3;

/// The largest capture buffer, in bytes (as other buffers of the format: 16 MiB).
pub const MAX_CAPTURE_BYTES: u32 = 1 << 24;

impl CaptureBuffer {
    /// The buffer's bytes before the draws: the fill word, over and over.
    pub fn initial_bytes(&self) -> Vec<u8> {
        self.fill.to_le_bytes().iter().copied().cycle().take(self.size as usize).collect()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct VertexBufferData {
    pub slot: u32,
    pub layout: VertexBufferLayout,
    pub data: Vec<u8>,
    pub line: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexFormat {
    U16,
    U32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct IndexData {
    pub format: IndexFormat,
    pub indices: Vec<u32>,
}

impl IndexData {
    pub fn bytes(&self) -> Vec<u8> {
        match self.format {
            IndexFormat::U16 => self.indices.iter().flat_map(|&i| (i as u16).to_le_bytes()).collect(),
            IndexFormat::U32 => self.indices.iter().flat_map(|&i| i.to_le_bytes()).collect(),
        }
    }
}

/// A parsed test.
#[derive(Debug, Clone, PartialEq)]
pub struct ShaderTest {
    pub path: PathBuf,
    /// `area/name`, from the path under the corpus root.
    pub name: String,
    pub requires: Requirements,
    pub shaders: Vec<ShaderSection>,
    pub vertex_buffers: Vec<VertexBufferData>,
    pub index_buffer: Option<IndexData>,
    /// Descriptors, in file order (`[uniform buffer S B]`, `[texture S B]`, ...).
    pub resources: Vec<ResourceBinding>,
    /// `[push constants]`, laid out std430 from offset 0.
    pub push_constants: Option<Vec<u8>>,
    /// `[specialization constants]`: (SpecId, value), for every stage.
    pub specialization: Vec<(u32, tesserae::SpecValue)>,
    /// `[transform feedback N]` sections, by buffer number (at most one per number).
    pub captures: Vec<CaptureBuffer>,
    pub test: TestSection,
}

impl ShaderTest {
    pub fn shader(&self, stage: Stage) -> Option<&ShaderSection> {
        self.shaders.iter().find(|s| s.stage == stage)
    }
    pub fn topology(&self) -> Topology {
        self.test.draws.first().map(|d| d.topology).unwrap_or(Topology::TriangleList)
    }
    pub fn layouts(&self) -> Vec<VertexBufferLayout> {
        self.vertex_buffers.iter().map(|b| b.layout.clone()).collect()
    }
    /// The `[transform feedback N]` section of buffer N.
    pub fn capture(&self, buffer: u32) -> Option<&CaptureBuffer> {
        self.captures.iter().find(|c| c.buffer == buffer)
    }
    /// Whether the test needs transform feedback (its `[require]` line or a capture section).
    pub fn needs_transform_feedback(&self) -> bool {
        self.requires.transform_feedback || !self.captures.is_empty()
    }
}

impl fmt::Display for ShaderTest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// Reads and parses a test file; `name` is its `area/name`.
pub fn load(path: &Path, name: &str) -> Result<ShaderTest, ParseError> {
    let text = std::fs::read_to_string(path).map_err(|e| ParseError {
        file: path.to_path_buf(),
        line: 0,
        message: format!("cannot read: {e}"),
    })?;
    parse(path, name, &text)
}

/// Parses the text of a test.
pub fn parse(path: &Path, name: &str, text: &str) -> Result<ShaderTest, ParseError> {
    sections::parse(path, name, text)
}
