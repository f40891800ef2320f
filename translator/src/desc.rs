//! The translator's input: a Vulkan pipeline described as SPIR-V stages plus fixed-function state.

use serde::Serialize;
use std::fmt;

/// Most clip plus cull distances a pipeline may write (Vulkan's guaranteed minimum).
pub const MAX_COMBINED_CLIP_CULL: u32 = 8;
/// WebGPU's guaranteed inter-stage locations.
pub const MAX_VARYING_LOCATIONS: u32 = 16;

/// A programmable stage of a Vulkan pipeline: the stages of a graphics pipeline, and the one
/// stage of a compute pipeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    Vertex,
    TessControl,
    TessEval,
    Geometry,
    Fragment,
    Compute,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stage::Vertex => "vertex",
            Stage::TessControl => "tessellation control",
            Stage::TessEval => "tessellation evaluation",
            Stage::Geometry => "geometry",
            Stage::Fragment => "fragment",
            Stage::Compute => "compute",
        })
    }
}

/// One stage: SPIR-V words and the entry point to use (`None`: the module's only, or first, one
/// whose execution model is a stage of the pipeline's kind: a graphics stage in a
/// [`PipelineDesc`], `GLCompute` in a [`ComputeDesc`]).
#[derive(Debug, Clone, PartialEq)]
pub struct StageDesc {
    pub spirv: Vec<u32>,
    pub entry_point: Option<String>,
}

impl StageDesc {
    pub fn new(spirv: Vec<u32>) -> Self {
        StageDesc { spirv, entry_point: None }
    }
}

/// Primitive topology of the draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Topology {
    PointList,
    LineList,
    LineStrip,
    TriangleList,
    TriangleStrip,
    /// Lines with adjacency (4 vertices a primitive), for a geometry stage.
    LineListAdjacency,
    LineStripAdjacency,
    /// Triangles with adjacency (6 vertices a primitive), for a geometry stage.
    TriangleListAdjacency,
    TriangleStripAdjacency,
    PatchList {
        control_points: u32,
    },
}

impl std::str::FromStr for Topology {
    type Err = String;
    /// `point-list`, `line-list`, `line-strip`, `triangle-list`, `triangle-strip`, the same
    /// four with `-adjacency` after them, `patch-list-N` (N control points).
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "point-list" => Topology::PointList,
            "line-list" => Topology::LineList,
            "line-strip" => Topology::LineStrip,
            "triangle-list" => Topology::TriangleList,
            "triangle-strip" => Topology::TriangleStrip,
            "line-list-adjacency" => Topology::LineListAdjacency,
            "line-strip-adjacency" => Topology::LineStripAdjacency,
            "triangle-list-adjacency" => Topology::TriangleListAdjacency,
            "triangle-strip-adjacency" => Topology::TriangleStripAdjacency,
            _ => match s.strip_prefix("patch-list-").and_then(|n| n.parse().ok()) {
                Some(control_points) => Topology::PatchList { control_points },
                None => return Err(format!("unknown topology `{s}`")),
            },
        })
    }
}

impl Topology {
    pub fn is_points(self) -> bool {
        matches!(self, Topology::PointList)
    }
    pub fn is_strip(self) -> bool {
        matches!(self, Topology::LineStrip | Topology::TriangleStrip | Topology::LineStripAdjacency | Topology::TriangleStripAdjacency)
    }
    /// A topology with adjacency, which only a geometry stage reads.
    pub fn has_adjacency(self) -> bool {
        matches!(
            self,
            Topology::LineListAdjacency | Topology::LineStripAdjacency | Topology::TriangleListAdjacency | Topology::TriangleStripAdjacency
        )
    }
    /// The name `from_str` reads.
    pub fn name(self) -> String {
        match self {
            Topology::PointList => "point-list".into(),
            Topology::LineList => "line-list".into(),
            Topology::LineStrip => "line-strip".into(),
            Topology::TriangleList => "triangle-list".into(),
            Topology::TriangleStrip => "triangle-strip".into(),
            Topology::LineListAdjacency => "line-list-adjacency".into(),
            Topology::LineStripAdjacency => "line-strip-adjacency".into(),
            Topology::TriangleListAdjacency => "triangle-list-adjacency".into(),
            Topology::TriangleStripAdjacency => "triangle-strip-adjacency".into(),
            Topology::PatchList { control_points } => format!("patch-list-{control_points}"),
        }
    }
}

/// Vertex attribute formats the translator and harness understand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum VertexFormat {
    Float32,
    Float32x2,
    Float32x3,
    Float32x4,
    Uint32,
    Uint32x2,
    Uint32x3,
    Uint32x4,
    Sint32,
    Sint32x2,
    Sint32x3,
    Sint32x4,
    Unorm8x4,
    /// `B8G8R8A8_UNORM`: four bytes in blue, green, red, alpha order.
    Unorm8x4Bgra,
    /// Two bytes, each a signed normalized value (`R8G8_SNORM`).
    Snorm8x2,
    /// Two bytes, each an unsigned integer (`R8G8_UINT`).
    Uint8x2,
    Float16x2,
    Float16x4,
}

impl VertexFormat {
    /// Size in bytes of one attribute value.
    pub fn size(self) -> u32 {
        use VertexFormat::*;
        match self {
            Snorm8x2 | Uint8x2 => 2,
            Float32 | Uint32 | Sint32 | Unorm8x4 | Unorm8x4Bgra | Float16x2 => 4,
            Float32x2 | Uint32x2 | Sint32x2 | Float16x4 => 8,
            Float32x3 | Uint32x3 | Sint32x3 => 12,
            Float32x4 | Uint32x4 | Sint32x4 => 16,
        }
    }
    /// Number of components.
    pub fn components(self) -> u32 {
        use VertexFormat::*;
        match self {
            Float32 | Uint32 | Sint32 => 1,
            Float32x2 | Uint32x2 | Sint32x2 | Float16x2 | Snorm8x2 | Uint8x2 => 2,
            Float32x3 | Uint32x3 | Sint32x3 => 3,
            Float32x4 | Uint32x4 | Sint32x4 | Unorm8x4 | Unorm8x4Bgra | Float16x4 => 4,
        }
    }
    /// Names as written in `.shader_test` files and on the command line.
    pub const ALL: &'static [(&'static str, VertexFormat)] = &[
        ("float32", VertexFormat::Float32),
        ("float32x2", VertexFormat::Float32x2),
        ("float32x3", VertexFormat::Float32x3),
        ("float32x4", VertexFormat::Float32x4),
        ("uint32", VertexFormat::Uint32),
        ("uint32x2", VertexFormat::Uint32x2),
        ("uint32x3", VertexFormat::Uint32x3),
        ("uint32x4", VertexFormat::Uint32x4),
        ("sint32", VertexFormat::Sint32),
        ("sint32x2", VertexFormat::Sint32x2),
        ("sint32x3", VertexFormat::Sint32x3),
        ("sint32x4", VertexFormat::Sint32x4),
        ("unorm8x4", VertexFormat::Unorm8x4),
        ("unorm8x4-bgra", VertexFormat::Unorm8x4Bgra),
        ("snorm8x2", VertexFormat::Snorm8x2),
        ("uint8x2", VertexFormat::Uint8x2),
        ("float16x2", VertexFormat::Float16x2),
        ("float16x4", VertexFormat::Float16x4),
    ];
    pub fn from_name(name: &str) -> Option<VertexFormat> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
    }
    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|(_, f)| *f == self).map(|(n, _)| *n).unwrap_or("?")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepMode {
    Vertex,
    Instance,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VertexAttribute {
    pub location: u32,
    pub format: VertexFormat,
    pub offset: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VertexBufferLayout {
    pub stride: u32,
    pub step_mode: StepMode,
    pub attributes: Vec<VertexAttribute>,
}

/// How clip distances reach the rasterizer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClipMode {
    /// `@builtin(clip_distances)`; needs `wgpu::Features::CLIP_DISTANCES`.
    #[default]
    Native,
    /// Interpolated varyings and a fragment discard, for adapters without the feature.
    Emulated,
}

/// The value of a specialization constant (`OpSpecConstant*` with a `SpecId`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpecValue {
    Bool(bool),
    Int(i32),
    Uint(u32),
    Float(f32),
}

impl SpecValue {
    /// The 32-bit word Vulkan's `VkSpecializationInfo` carries for it (`VkBool32` for bools).
    pub fn word(self) -> u32 {
        match self {
            SpecValue::Bool(b) => b as u32,
            SpecValue::Int(i) => i as u32,
            SpecValue::Uint(u) => u,
            SpecValue::Float(f) => f.to_bits(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Options {
    pub clip: ClipMode,
    /// Bind groups the device offers (`wgpu::Limits::max_bind_groups`): the emulation's own
    /// group must fit beside the application's sets.
    pub max_bind_groups: u32,
    /// The highest tessellation level the application's control stages write (1 to 64):
    /// intermediate buffers are sized for it. Levels above it are still clamped to 64 by the
    /// tessellator, but their output past the buffers is dropped.
    pub max_tessellation_level: u32,
    /// Which vertex of a primitive the target's rasterizer takes flat varyings from: Vulkan
    /// and WebGPU the first; wgpu's GL backend (GL's default convention) the last.
    pub provoking_vertex: ProvokingVertex,
    /// Whether the target restarts indexed strips at the all-ones index, as Vulkan (with
    /// `primitiveRestartEnable`) and WebGPU do. wgpu's GL backend on a desktop GL context never
    /// enables `GL_PRIMITIVE_RESTART_FIXED_INDEX` (wgpu-hal 30.0.2; GLES has it always on), so
    /// there strips are assembled in compute, where restart is honoured.
    pub primitive_restart: bool,
    /// Parse back and validate the WGSL naga writes for the application's stages, beyond
    /// validating the module it is written from: a check of naga's WGSL writer for tests,
    /// fuzzing and `tesserae translate --paranoid`, off by default (it costs more than the
    /// rest of translating a plain pipeline). Generated WGSL (emulation passes) is always
    /// parsed and validated.
    pub verify_wgsl_round_trip: bool,
}

/// The vertex whose flat varyings a primitive's fragments get.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProvokingVertex {
    #[default]
    First,
    Last,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            clip: ClipMode::Native,
            max_bind_groups: 4,
            max_tessellation_level: 64,
            provoking_vertex: ProvokingVertex::First,
            primitive_restart: true,
            verify_wgsl_round_trip: false,
        }
    }
}

/// A whole Vulkan graphics pipeline.
#[derive(Debug, Clone, PartialEq)]
pub struct PipelineDesc {
    pub vertex: StageDesc,
    pub tess_control: Option<StageDesc>,
    pub tess_eval: Option<StageDesc>,
    /// The geometry stage, run as compute ([`crate::geometry`]).
    pub geometry: Option<StageDesc>,
    pub fragment: Option<StageDesc>,
    pub topology: Topology,
    pub vertex_buffers: Vec<VertexBufferLayout>,
    /// Specialization constants by `SpecId`, for every stage; unlisted ones keep their defaults.
    pub specialization: Vec<(u32, SpecValue)>,
    /// Vulkan's `primitiveRestartEnable`: whether indexed strips restart at the all-ones index.
    /// WebGPU always restarts them, so a strip pipeline with restart disabled has its strips
    /// assembled in compute (where a u16 index of 0xFFFF is a vertex); `true` by default, as
    /// WebGPU draws.
    pub primitive_restart_enable: bool,
    pub options: Options,
}

impl PipelineDesc {
    /// A vertex (+ fragment) pipeline drawing triangle lists, no vertex buffers.
    pub fn new(vertex: StageDesc, fragment: Option<StageDesc>) -> Self {
        PipelineDesc {
            vertex,
            tess_control: None,
            tess_eval: None,
            geometry: None,
            fragment,
            topology: Topology::TriangleList,
            vertex_buffers: Vec::new(),
            specialization: Vec::new(),
            primitive_restart_enable: true,
            options: Options::default(),
        }
    }
}

/// A Vulkan compute pipeline: one `GLCompute` stage and its specialization.
#[derive(Debug, Clone, PartialEq)]
pub struct ComputeDesc {
    pub shader: StageDesc,
    /// Specialization constants by `SpecId` (the workgroup size's too); unlisted ones keep
    /// their defaults.
    pub specialization: Vec<(u32, SpecValue)>,
    /// Of the options, compute translation reads `max_bind_groups` and
    /// `verify_wgsl_round_trip`; the others are about drawing.
    pub options: Options,
}

impl ComputeDesc {
    pub fn new(shader: StageDesc) -> Self {
        ComputeDesc { shader, specialization: Vec::new(), options: Options::default() }
    }
}
