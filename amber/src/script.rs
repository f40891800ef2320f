//! The model of an AmberScript file: declarations (shaders, buffers, samplers, pipelines) and
//! the commands that run in order against them. Declarations are referred to by typed indices
//! into the script's tables.

use crate::types::{DataType, ElementLayout, Format, Layout, Value};
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShaderId(pub usize);
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BufferId(pub usize);
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SamplerId(pub usize);
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PipelineId(pub usize);

#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    pub path: PathBuf,
    /// `area/name`, from the path under the corpus root.
    pub name: String,
    /// `DEVICE_FEATURE` names as written (`shaderFloat64`, `Float16Int8Features.shaderFloat16`).
    pub device_features: Vec<String>,
    /// `DEVICE_PROPERTY` names (`FloatControlsProperties.shaderSignedZeroInfNanPreserveFloat32`).
    pub device_properties: Vec<String>,
    pub device_extensions: Vec<String>,
    pub instance_extensions: Vec<String>,
    pub shaders: Vec<Shader>,
    pub buffers: Vec<Buffer>,
    pub samplers: Vec<Sampler>,
    pub pipelines: Vec<Pipeline>,
    pub commands: Vec<Step>,
}

impl Script {
    /// A script with nothing declared yet.
    pub fn empty(path: &std::path::Path, name: &str) -> Self {
        Script {
            path: path.to_path_buf(),
            name: name.to_string(),
            device_features: Vec::new(),
            device_properties: Vec::new(),
            device_extensions: Vec::new(),
            instance_extensions: Vec::new(),
            shaders: Vec::new(),
            buffers: Vec::new(),
            samplers: Vec::new(),
            pipelines: Vec::new(),
            commands: Vec::new(),
        }
    }
    pub fn buffer(&self, id: BufferId) -> &Buffer {
        &self.buffers[id.0]
    }
    pub fn shader(&self, id: ShaderId) -> &Shader {
        &self.shaders[id.0]
    }
    pub fn pipeline(&self, id: PipelineId) -> &Pipeline {
        &self.pipelines[id.0]
    }
    pub fn sampler(&self, id: SamplerId) -> &Sampler {
        &self.samplers[id.0]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShaderStage {
    Vertex,
    TessControl,
    TessEval,
    Geometry,
    Fragment,
    Compute,
    /// A SPIR-V module holding several entry points; `ATTACH ... TYPE` picks one.
    Multi,
}

impl ShaderStage {
    pub fn parse(s: &str) -> Option<ShaderStage> {
        Some(match s {
            "vertex" => ShaderStage::Vertex,
            "tessellation_control" => ShaderStage::TessControl,
            "tessellation_evaluation" => ShaderStage::TessEval,
            "geometry" => ShaderStage::Geometry,
            "fragment" => ShaderStage::Fragment,
            "compute" => ShaderStage::Compute,
            "multi" => ShaderStage::Multi,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum ShaderSource {
    /// Amber's pass-through vertex shader: location 0 to `gl_Position`.
    Passthrough,
    Glsl(String),
    Hlsl(String),
    SpirvAsm(String),
    SpirvWords(Vec<u32>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Shader {
    pub name: String,
    pub stage: ShaderStage,
    pub source: ShaderSource,
    /// `TARGET_ENV` as written (`spv1.3`, `vulkan1.1`); `None`: Amber's default, `spv1.0`.
    pub target_env: Option<String>,
    pub line: usize,
}

/// What a buffer's elements are.
#[derive(Debug, Clone, PartialEq)]
pub enum ElementType {
    Data { ty: DataType, layout: Layout },
    Format(Format),
}

impl ElementType {
    pub fn layout(&self) -> ElementLayout {
        match self {
            ElementType::Data { ty, layout } => ty.layout(*layout),
            ElementType::Format(f) => f.layout.clone(),
        }
    }
}

/// An image's extent (`IMAGE`, or a `FORMAT` buffer that becomes an attachment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageShape {
    pub dimensions: u32,
    pub width: u32,
    pub height: u32,
    pub depth: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Buffer {
    pub name: String,
    pub element: ElementType,
    /// Initial contents, laid out; a `FORMAT` buffer without data starts empty and is sized by
    /// the framebuffer it is attached to.
    pub data: Vec<u8>,
    pub image: Option<ImageShape>,
    pub samples: u32,
    pub mip_levels: u32,
    pub line: usize,
}

impl Buffer {
    pub fn format(&self) -> Option<&Format> {
        match &self.element {
            ElementType::Format(f) => Some(f),
            ElementType::Data { .. } => None,
        }
    }
    /// Elements the buffer holds now.
    pub fn element_count(&self) -> usize {
        let stride = self.element.layout().stride.max(1) as usize;
        self.data.len() / stride
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    Nearest,
    Linear,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressMode {
    Repeat,
    MirroredRepeat,
    ClampToEdge,
    ClampToBorder,
    MirrorClampToEdge,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompareOp {
    Never,
    Less,
    Equal,
    LessOrEqual,
    Greater,
    NotEqual,
    GreaterOrEqual,
    Always,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Sampler {
    pub name: String,
    pub mag_filter: Filter,
    pub min_filter: Filter,
    pub mipmap_mode: Filter,
    pub address: [AddressMode; 3],
    pub border_color: String,
    pub min_lod: f32,
    pub max_lod: f32,
    pub normalized_coords: bool,
    pub compare: Option<CompareOp>,
    pub line: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PipelineKind {
    Graphics,
    Compute,
}

/// A 32-bit specialization constant value (`SPECIALIZE id AS uint32|int32|float v`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SpecValue {
    U32(u32),
    I32(i32),
    F32(f32),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Attachment {
    pub shader: ShaderId,
    /// The stage used (a `multi` shader's `TYPE`).
    pub stage: ShaderStage,
    pub entry_point: String,
    pub specialization: Vec<(u32, SpecValue)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DescriptorType {
    Uniform,
    Storage,
    UniformDynamic,
    StorageDynamic,
    UniformTexelBuffer,
    StorageTexelBuffer,
    StorageImage,
    SampledImage,
    CombinedImageSampler,
}

impl DescriptorType {
    pub fn parse(s: &str) -> Option<DescriptorType> {
        Some(match s {
            "uniform" => DescriptorType::Uniform,
            "storage" => DescriptorType::Storage,
            "uniform_dynamic" => DescriptorType::UniformDynamic,
            "storage_dynamic" => DescriptorType::StorageDynamic,
            "uniform_texel_buffer" => DescriptorType::UniformTexelBuffer,
            "storage_texel_buffer" => DescriptorType::StorageTexelBuffer,
            "storage_image" => DescriptorType::StorageImage,
            "sampled_image" => DescriptorType::SampledImage,
            "combined_image_sampler" => DescriptorType::CombinedImageSampler,
            _ => return None,
        })
    }
    /// Whether a shader may write through a descriptor of this type.
    pub fn is_writable(self) -> bool {
        matches!(
            self,
            DescriptorType::Storage | DescriptorType::StorageDynamic | DescriptorType::StorageTexelBuffer | DescriptorType::StorageImage
        )
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Binding {
    Color {
        buffer: BufferId,
        location: u32,
        base_mip: u32,
    },
    DepthStencil {
        buffer: BufferId,
    },
    Resolve {
        buffer: BufferId,
    },
    PushConstant {
        buffer: BufferId,
    },
    /// `BIND BUFFER` / `BUFFER_ARRAY` at a descriptor set and binding.
    Buffers {
        buffers: Vec<BufferId>,
        ty: DescriptorType,
        set: u32,
        binding: u32,
        /// The sampler of a combined image sampler.
        sampler: Option<SamplerId>,
        /// `OFFSET` of dynamic buffers, one per buffer.
        dynamic_offsets: Vec<u32>,
        descriptor_offsets: Vec<u64>,
        /// `DESCRIPTOR_RANGE`; `None` is the whole buffer.
        descriptor_ranges: Vec<Option<u64>>,
        base_mip: u32,
    },
    Samplers {
        samplers: Vec<SamplerId>,
        set: u32,
        binding: u32,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputRate {
    Vertex,
    Instance,
}

#[derive(Debug, Clone, PartialEq)]
pub struct VertexData {
    pub buffer: BufferId,
    pub location: u32,
    pub rate: InputRate,
    /// The attribute's format; `None`: the buffer's own.
    pub format: Option<Format>,
    pub offset: u32,
    /// Bytes between vertices; `None`: the format's size.
    pub stride: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CullMode {
    None,
    Front,
    Back,
    FrontAndBack,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PolygonMode {
    Fill,
    Line,
    Point,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DepthState {
    pub test: bool,
    pub write: bool,
    pub compare: CompareOp,
    pub clamp: bool,
    pub bounds: Option<(f32, f32)>,
    /// (constant, clamp, slope).
    pub bias: Option<(f32, f32, f32)>,
}

impl Default for DepthState {
    fn default() -> Self {
        DepthState { test: false, write: false, compare: CompareOp::Never, clamp: false, bounds: None, bias: None }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StencilOp {
    Keep,
    Zero,
    Replace,
    IncrementAndClamp,
    DecrementAndClamp,
    Invert,
    IncrementAndWrap,
    DecrementAndWrap,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StencilFace {
    pub fail: StencilOp,
    pub pass: StencilOp,
    pub depth_fail: StencilOp,
    pub compare: CompareOp,
    pub compare_mask: u32,
    pub write_mask: u32,
    pub reference: u32,
}

impl Default for StencilFace {
    fn default() -> Self {
        StencilFace {
            fail: StencilOp::Keep,
            pass: StencilOp::Keep,
            depth_fail: StencilOp::Keep,
            compare: CompareOp::Always,
            compare_mask: 0xff,
            write_mask: 0xff,
            reference: 0,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StencilState {
    pub test: bool,
    pub front: StencilFace,
    pub back: StencilFace,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlendFactor {
    Zero,
    One,
    SrcColor,
    OneMinusSrcColor,
    DstColor,
    OneMinusDstColor,
    SrcAlpha,
    OneMinusSrcAlpha,
    DstAlpha,
    OneMinusDstAlpha,
    ConstantColor,
    OneMinusConstantColor,
    ConstantAlpha,
    OneMinusConstantAlpha,
    SrcAlphaSaturate,
    Src1Color,
    OneMinusSrc1Color,
    Src1Alpha,
    OneMinusSrc1Alpha,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlendOp {
    Add,
    Subtract,
    ReverseSubtract,
    Min,
    Max,
    /// `VK_EXT_blend_operation_advanced` operations, by name.
    Advanced(&'static str),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blend {
    pub src_color: BlendFactor,
    pub dst_color: BlendFactor,
    pub color_op: BlendOp,
    pub src_alpha: BlendFactor,
    pub dst_alpha: BlendFactor,
    pub alpha_op: BlendOp,
}

impl Default for Blend {
    fn default() -> Self {
        Blend {
            src_color: BlendFactor::One,
            dst_color: BlendFactor::Zero,
            color_op: BlendOp::Add,
            src_alpha: BlendFactor::One,
            dst_alpha: BlendFactor::Zero,
            alpha_op: BlendOp::Add,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Viewport {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
    pub min_depth: f32,
    pub max_depth: f32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Pipeline {
    pub name: String,
    pub kind: PipelineKind,
    pub shaders: Vec<Attachment>,
    pub framebuffer: (u32, u32),
    pub bindings: Vec<Binding>,
    pub vertex_data: Vec<VertexData>,
    pub index_data: Option<BufferId>,
    pub depth: DepthState,
    pub stencil: StencilState,
    pub blend: Option<Blend>,
    pub cull: CullMode,
    /// Counter-clockwise front faces (Amber's default) unless `FRONT_FACE clockwise`.
    pub front_face_ccw: bool,
    pub polygon_mode: PolygonMode,
    pub viewport: Option<Viewport>,
    pub patch_control_points: u32,
    pub line_width: f32,
    pub line: usize,
}

impl Pipeline {
    pub fn new(name: String, kind: PipelineKind, line: usize) -> Self {
        Pipeline {
            name,
            kind,
            shaders: Vec::new(),
            framebuffer: (250, 250),
            bindings: Vec::new(),
            vertex_data: Vec::new(),
            index_data: None,
            depth: DepthState::default(),
            stencil: StencilState::default(),
            blend: None,
            cull: CullMode::None,
            front_face_ccw: true,
            polygon_mode: PolygonMode::Fill,
            viewport: None,
            patch_control_points: 3,
            line_width: 1.0,
            line,
        }
    }
    pub fn color_attachments(&self) -> impl Iterator<Item = (BufferId, u32)> + '_ {
        self.bindings.iter().filter_map(|b| match b {
            Binding::Color { buffer, location, .. } => Some((*buffer, *location)),
            _ => None,
        })
    }
    pub fn depth_attachment(&self) -> Option<BufferId> {
        self.bindings.iter().find_map(|b| match b {
            Binding::DepthStencil { buffer } => Some(*buffer),
            _ => None,
        })
    }
    pub fn push_constants(&self) -> Option<BufferId> {
        self.bindings.iter().find_map(|b| match b {
            Binding::PushConstant { buffer } => Some(*buffer),
            _ => None,
        })
    }
    pub fn attached(&self, stage: ShaderStage) -> Option<&Attachment> {
        self.shaders.iter().find(|a| a.stage == stage)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topology {
    PointList,
    LineList,
    LineListWithAdjacency,
    LineStrip,
    LineStripWithAdjacency,
    TriangleList,
    TriangleListWithAdjacency,
    TriangleStrip,
    TriangleStripWithAdjacency,
    TriangleFan,
    PatchList,
}

impl Topology {
    pub fn parse(s: &str) -> Option<Topology> {
        Some(match s.to_ascii_uppercase().as_str() {
            "POINT_LIST" => Topology::PointList,
            "LINE_LIST" => Topology::LineList,
            "LINE_LIST_WITH_ADJACENCY" => Topology::LineListWithAdjacency,
            "LINE_STRIP" => Topology::LineStrip,
            "LINE_STRIP_WITH_ADJACENCY" => Topology::LineStripWithAdjacency,
            "TRIANGLE_LIST" => Topology::TriangleList,
            "TRIANGLE_LIST_WITH_ADJACENCY" => Topology::TriangleListWithAdjacency,
            "TRIANGLE_STRIP" => Topology::TriangleStrip,
            "TRIANGLE_STRIP_WITH_ADJACENCY" => Topology::TriangleStripWithAdjacency,
            "TRIANGLE_FAN" => Topology::TriangleFan,
            "PATCH_LIST" => Topology::PatchList,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Run {
    Compute {
        groups: [u32; 3],
    },
    /// A rectangle in pixels, drawn as a 4-vertex triangle strip.
    DrawRect {
        x: f32,
        y: f32,
        width: f32,
        height: f32,
    },
    /// `columns` × `rows` cells over a rectangle in pixels, two triangles per cell.
    DrawGrid {
        x: f32,
        y: f32,
        width: f32,
        height: f32,
        columns: u32,
        rows: u32,
    },
    DrawArray {
        topology: Topology,
        indexed: bool,
        start: u32,
        /// `None`: every vertex (or index) from `start` on.
        count: Option<u32>,
        start_instance: u32,
        instance_count: u32,
    },
}

/// Comparators of `EXPECT buffer IDX offset ...`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparator {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// One tolerance value: absolute, or `N%` of the expected value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tolerance {
    pub value: f64,
    pub percent: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BufferComparison {
    Equal,
    Rmse(f64),
    HistogramEmd(f64),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Expect {
    /// `EXPECT img IDX x y SIZE w h EQ_RGB(A) ...`: every pixel of the rectangle, with values
    /// in [0, 1].
    Pixels {
        buffer: BufferId,
        x: u32,
        y: u32,
        width: u32,
        height: u32,
        rgba: [f64; 4],
        alpha: bool,
        tolerance: Vec<Tolerance>,
    },
    /// `EXPECT buf IDX offset CMP values...`: the values from a byte offset on, read with the
    /// buffer's element layout or, where given, the probe's own (VkScript's `probe ssbo TYPE`).
    Values {
        buffer: BufferId,
        offset: u32,
        comparator: Comparator,
        tolerance: Vec<Tolerance>,
        values: Vec<Value>,
        layout: Option<ElementLayout>,
    },
    Buffers {
        a: BufferId,
        b: BufferId,
        comparison: BufferComparison,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    ClearColor {
        pipeline: PipelineId,
        rgba: [f32; 4],
    },
    ClearDepth {
        pipeline: PipelineId,
        value: f32,
    },
    ClearStencil {
        pipeline: PipelineId,
        value: u32,
    },
    Clear {
        pipeline: PipelineId,
    },
    Run {
        pipeline: PipelineId,
        run: Run,
    },
    Copy {
        from: BufferId,
        to: BufferId,
    },
    Expect(Expect),
    Repeat {
        count: u32,
        commands: Vec<Step>,
    },
    /// VkScript's `ssbo`, `uniform` and `uniform ubo` data commands: bytes written at an
    /// offset (the buffer grows to hold them).
    Write {
        buffer: BufferId,
        offset: usize,
        data: Vec<u8>,
    },
    /// VkScript's `ssbo BINDING SIZE`: the buffer becomes `bytes` long.
    Resize {
        buffer: BufferId,
        bytes: usize,
    },
}

/// A command and its line.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub line: usize,
    pub command: Command,
}
