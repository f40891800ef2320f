//! Resources a test binds: descriptor sets, push constants and specialization constants.
//!
//! Buffers are given as typed rows (`vec4 1 0 0 1`) and laid out here under the layout rules
//! of their kind (std140 for uniform buffers, std430 for storage buffers and push constants),
//! so a test states values, not offsets. Textures are generated (fill, checker) or listed
//! texel by texel. Both executors build their descriptors from these types only.

/// Descriptor sets a test may use: sets `0..MAX_SETS`.
pub const MAX_SETS: u32 = 8;
/// Bindings a test may use: `0..MAX_BINDING`.
pub const MAX_BINDING: u32 = 1000;
/// Elements an array of descriptors may have in a test: `0..MAX_ELEMENTS`.
pub const MAX_ELEMENTS: u32 = 16;

/// Layout rules for a buffer's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BufferLayout {
    Std140,
    Std430,
}

/// Texel formats a test texture may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TexelFormat {
    Rgba8Unorm,
    Rgba32Float,
    /// A depth texture (shadow maps): one channel, stored as `round(d * 65535)`. The depth
    /// format both APIs can fill from a buffer (WebGPU cannot copy into `depth32float`).
    Depth16Unorm,
}

impl TexelFormat {
    pub fn bytes_per_texel(self) -> u32 {
        match self {
            TexelFormat::Rgba8Unorm => 4,
            TexelFormat::Rgba32Float => 16,
            TexelFormat::Depth16Unorm => 2,
        }
    }
    /// Values a texel line gives: `R G B A`, or one depth.
    pub fn channels(self) -> usize {
        if self.is_depth() {
            1
        } else {
            4
        }
    }
    pub fn is_depth(self) -> bool {
        self == TexelFormat::Depth16Unorm
    }
    /// As written in a `format` line.
    pub fn name(self) -> &'static str {
        match self {
            TexelFormat::Rgba8Unorm => "rgba8unorm",
            TexelFormat::Rgba32Float => "rgba32float",
            TexelFormat::Depth16Unorm => "depth16unorm",
        }
    }
}

/// How the shaders view a texture's layers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextureView {
    /// One 2D image (`texture2D`, `sampler2DShadow`).
    D2,
    /// Every layer (`texture2DArray`, `sampler2DArrayShadow`).
    D2Array,
    /// Six square layers as the faces +X, -X, +Y, -Y, +Z, -Z (`textureCube`, `samplerCubeShadow`).
    Cube,
    /// Cubes of six square layers each, cube after cube (`textureCubeArray`).
    CubeArray,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    Nearest,
    Linear,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressMode {
    Repeat,
    ClampToEdge,
    MirrorRepeat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SamplerState {
    pub filter: Filter,
    pub address: AddressMode,
    /// A comparison sampler (depth textures: `sampler2DShadow`, HLSL `SamplerComparisonState`)
    /// and its comparison of the shader's reference against the texel.
    pub compare: Option<CompareOp>,
}

impl SamplerState {
    pub fn new(filter: Filter, address: AddressMode) -> Self {
        SamplerState { filter, address, compare: None }
    }
}

/// A texture with one mip level: `layers` images of `width`×`height` texels, each row by row
/// from the top, layer after layer.
#[derive(Debug, Clone, PartialEq)]
pub struct TextureData {
    pub width: u32,
    pub height: u32,
    pub layers: u32,
    pub view: TextureView,
    pub format: TexelFormat,
    pub data: Vec<u8>,
}

/// What a (set, binding) holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Descriptor {
    /// `VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER`; bytes laid out std140.
    UniformBuffer(Vec<u8>),
    /// `VK_DESCRIPTOR_TYPE_STORAGE_BUFFER`; bytes laid out std430.
    StorageBuffer(Vec<u8>),
    /// `VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE` (GLSL `texture2D`, HLSL `Texture2D`).
    SampledTexture(TextureData),
    /// `VK_DESCRIPTOR_TYPE_SAMPLER` (GLSL `sampler`, HLSL `SamplerState`).
    Sampler(SamplerState),
    /// `VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER` (GLSL `sampler2D`).
    CombinedTextureSampler(TextureData, SamplerState),
    /// `VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT` (GLSL `subpassInput`): an attachment of the draw's
    /// subpass, the framebuffer's size, read at each fragment's pixel; `index` is its
    /// `input_attachment_index`.
    InputAttachment { index: u32, texture: TextureData },
}

impl Descriptor {
    /// Name of the kind as written in reports.
    pub fn kind(&self) -> &'static str {
        match self {
            Descriptor::UniformBuffer(_) => "uniform buffer",
            Descriptor::StorageBuffer(_) => "storage buffer",
            Descriptor::SampledTexture(_) => "texture",
            Descriptor::Sampler(_) => "sampler",
            Descriptor::CombinedTextureSampler(..) => "combined texture and sampler",
            Descriptor::InputAttachment { .. } => "input attachment",
        }
    }
}

/// One descriptor of the test: Vulkan (set, binding) and its contents.
#[derive(Debug, Clone, PartialEq)]
pub struct ResourceBinding {
    pub set: u32,
    pub binding: u32,
    /// Index in an array of descriptors (0 for a single descriptor).
    pub element: u32,
    pub descriptor: Descriptor,
    /// Line of the section header.
    pub line: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DepthFormat {
    D32Float,
    /// 16-bit unsigned normalized depth (`d16`): what a test reads back or samples has its
    /// precision.
    D16Unorm,
}

impl DepthFormat {
    pub fn bytes_per_texel(self) -> u32 {
        match self {
            DepthFormat::D32Float => 4,
            DepthFormat::D16Unorm => 2,
        }
    }

    /// The depth values of tightly packed texels of this format.
    pub fn values(self, texels: &[u8]) -> Vec<f32> {
        match self {
            DepthFormat::D32Float => texels.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect(),
            DepthFormat::D16Unorm => texels.chunks_exact(2).map(|b| f32::from(u16::from_le_bytes([b[0], b[1]])) / 65535.0).collect(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompareOp {
    Never,
    Less,
    Equal,
    LessEqual,
    Greater,
    NotEqual,
    GreaterEqual,
    Always,
}

/// A depth attachment and the depth test (`depth` in `[test]`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DepthState {
    pub format: DepthFormat,
    pub clear: f32,
    pub compare: CompareOp,
    pub write: bool,
}

/// A stencil test, the same for both faces (`stencil` in `[test]`): the depth attachment gains
/// 8 stencil bits (D32 float + S8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StencilState {
    pub compare: CompareOp,
    /// The reference value (0-255), set on the draw.
    pub reference: u32,
    pub pass: StencilOp,
    pub fail: StencilOp,
    pub depth_fail: StencilOp,
    /// The value the stencil aspect is cleared to (0-255).
    pub clear: u32,
}

/// What a stencil test does to the stored value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StencilOp {
    Keep,
    Zero,
    Replace,
    IncrementClamp,
    DecrementClamp,
    Invert,
    IncrementWrap,
    DecrementWrap,
}

/// Colour blending of the colour targets (`blend` in `[test]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BlendMode {
    /// No blending: the fragment replaces the pixel.
    #[default]
    Replace,
    /// colour = src.rgb * src.a + dst.rgb * (1 - src.a); alpha = src.a + dst.a * (1 - src.a).
    Alpha,
    /// colour = src + dst, alpha = src.a + dst.a (both clamped by the unorm target).
    Additive,
}
