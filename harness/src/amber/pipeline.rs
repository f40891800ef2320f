//! An Amber `RUN` as the harness's test model: a graphics run becomes a [`ShaderTest`] (one
//! draw into the pipeline's attachments), a compute run the test of a [`crate::executor::ComputeJob`]. What the model
//! cannot say yet is refused with [`Refusal`], naming it, so the script is skipped rather
//! than run differently from what Amber would do.

use super::State;
use crate::shader_test::{
    AddressMode as TAddress, BlendMode, CompareOp as TCompare, CompileTarget, CullMode as TCull, DepthFormat, DepthState as TDepth,
    Descriptor, Draw, Filter as TFilter, FrontFace, IndexData, IndexFormat, Language, Requirements, ResourceBinding, SamplerState,
    ShaderSection, ShaderTest, TargetFormat, TestSection, TexelFormat, TextureData, TextureView, VertexBufferData,
};
use tesserae::{SpecValue, Stage, StepMode, Topology as TTopology, VertexAttribute, VertexBufferLayout, VertexFormat};
use tesserae_amber::{
    AddressMode, Binding, Blend, BlendFactor, BlendOp, BufferId, CompareOp, CullMode, DescriptorType, Filter, Format, InputRate, Pipeline,
    PolygonMode, Run, Script, ShaderSource, ShaderStage, Topology,
};

/// Something valid in the script that the harness's model does not run yet.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal(pub String);

type R<T> = Result<T, Refusal>;

fn refuse<T>(what: impl Into<String>) -> R<T> {
    Err(Refusal(what.into()))
}

/// Amber's pass-through vertex shader: location 0 to `gl_Position`.
pub const PASSTHROUGH: &str = "#version 450\nlayout(location = 0) in vec4 position;\nvoid main() { gl_Position = position; }\n";

/// The compile target a `TARGET_ENV` asks for (Amber's default is SPIR-V 1.0).
pub fn compile_target(env: Option<&str>) -> R<CompileTarget> {
    Ok(match env.unwrap_or("spv1.0") {
        "spv1.0" | "vulkan1.0" => CompileTarget::Vulkan1_0,
        "spv1.1" | "spv1.2" | "spv1.3" | "vulkan1.1" => CompileTarget::Vulkan1_1,
        "spv1.4" | "vulkan1.1spv1.4" => CompileTarget::Vulkan1_1Spirv1_4,
        "spv1.5" | "vulkan1.2" => CompileTarget::Vulkan1_2,
        "spv1.6" | "vulkan1.3" => CompileTarget::Vulkan1_3,
        other => return refuse(format!("TARGET_ENV {other}")),
    })
}

/// The attached shaders as sections of the test model.
fn sections(script: &Script, p: &Pipeline) -> R<Vec<ShaderSection>> {
    let mut out = Vec::new();
    for a in &p.shaders {
        let shader = script.shader(a.shader);
        let stage = match a.stage {
            ShaderStage::Vertex => Stage::Vertex,
            ShaderStage::TessControl => Stage::TessControl,
            ShaderStage::TessEval => Stage::TessEval,
            ShaderStage::Geometry => Stage::Geometry,
            ShaderStage::Fragment => Stage::Fragment,
            ShaderStage::Compute | ShaderStage::Multi => return refuse("a compute or multi shader in a graphics pipeline"),
        };
        let (language, source) = match &shader.source {
            ShaderSource::Passthrough => (Language::Glsl, PASSTHROUGH.to_string()),
            ShaderSource::Glsl(s) => (Language::Glsl, s.clone()),
            ShaderSource::Hlsl(s) => (Language::Hlsl, s.clone()),
            ShaderSource::SpirvAsm(s) => (Language::SpirvAsm, s.clone()),
            ShaderSource::SpirvWords(w) => (Language::SpirvHex, w.iter().map(|w| format!("{w:08x}")).collect::<Vec<_>>().join(" ")),
        };
        let target = match shader.source {
            ShaderSource::Passthrough => CompileTarget::Vulkan1_0,
            _ => compile_target(shader.target_env.as_deref())?,
        };
        out.push(ShaderSection { stage, language, source, line: shader.line, entry_point: a.entry_point.clone(), target });
    }
    Ok(out)
}

fn specialization(p: &Pipeline) -> R<Vec<(u32, SpecValue)>> {
    let mut out: Vec<(u32, SpecValue)> = Vec::new();
    for a in &p.shaders {
        for (id, v) in &a.specialization {
            let v = match *v {
                tesserae_amber::SpecValue::U32(u) => SpecValue::Uint(u),
                tesserae_amber::SpecValue::I32(i) => SpecValue::Int(i),
                tesserae_amber::SpecValue::F32(f) => SpecValue::Float(f),
            };
            match out.iter().find(|(i, _)| i == id) {
                Some((_, w)) if w.word() != v.word() => {
                    return refuse(format!("specialization constant {id} with a different value per stage"))
                }
                Some(_) => {}
                None => out.push((*id, v)),
            }
        }
    }
    Ok(out)
}

/// Where a storage buffer's bytes came from, to write what the shaders left back.
#[derive(Debug, Clone, Copy)]
pub struct StorageSource {
    pub resource: usize,
    pub buffer: BufferId,
    pub offset: usize,
}

/// The pipeline's descriptors and push constants from the buffers' current contents.
fn resources(script: &Script, p: &Pipeline, state: &State) -> R<(Vec<ResourceBinding>, Option<Vec<u8>>, Vec<StorageSource>)> {
    let mut out = Vec::new();
    let mut storage = Vec::new();
    let mut push = None;
    for b in &p.bindings {
        match b {
            Binding::PushConstant { buffer } => push = Some(state.bytes(*buffer)?.to_vec()),
            Binding::Buffers { buffers, ty, set, binding, sampler, dynamic_offsets, descriptor_offsets, descriptor_ranges, .. } => {
                for (element, &buffer) in buffers.iter().enumerate() {
                    let bytes = state.bytes(buffer)?;
                    let offset = dynamic_offsets.get(element).copied().unwrap_or(0) as usize
                        + descriptor_offsets.get(element).copied().unwrap_or(0) as usize;
                    let end = match descriptor_ranges.get(element).copied().flatten() {
                        Some(r) => offset + r as usize,
                        None => bytes.len(),
                    };
                    let Some(view) = bytes.get(offset..end.min(bytes.len())) else {
                        return refuse(format!("a descriptor range past the end of buffer `{}`", script.buffer(buffer).name));
                    };
                    let descriptor = match ty {
                        DescriptorType::Uniform | DescriptorType::UniformDynamic => Descriptor::UniformBuffer(view.to_vec()),
                        DescriptorType::Storage | DescriptorType::StorageDynamic => {
                            storage.push(StorageSource { resource: out.len(), buffer, offset });
                            Descriptor::StorageBuffer(view.to_vec())
                        }
                        DescriptorType::SampledImage => Descriptor::SampledTexture(texture(script, buffer, state)?),
                        DescriptorType::CombinedImageSampler => {
                            let s = sampler
                                .map(|s| sampler_state(script.sampler(s)))
                                .transpose()?
                                .unwrap_or(SamplerState::new(TFilter::Nearest, TAddress::Repeat));
                            Descriptor::CombinedTextureSampler(texture(script, buffer, state)?, s)
                        }
                        DescriptorType::StorageImage => return refuse("storage images"),
                        DescriptorType::UniformTexelBuffer | DescriptorType::StorageTexelBuffer => return refuse("texel buffers"),
                    };
                    out.push(ResourceBinding { set: *set, binding: *binding, element: element as u32, descriptor, line: p.line });
                }
            }
            Binding::Samplers { samplers, set, binding } => {
                for (element, s) in samplers.iter().enumerate() {
                    out.push(ResourceBinding {
                        set: *set,
                        binding: *binding,
                        element: element as u32,
                        descriptor: Descriptor::Sampler(sampler_state(script.sampler(*s))?),
                        line: p.line,
                    });
                }
            }
            Binding::Color { .. } | Binding::DepthStencil { .. } => {}
            Binding::Resolve { .. } => return refuse("resolve attachments"),
        }
    }
    if out.iter().any(|r| r.set >= crate::shader_test::MAX_SETS || r.binding >= crate::shader_test::MAX_BINDING) {
        return refuse("a descriptor set or binding number beyond the harness's range");
    }
    Ok((out, push, storage))
}

fn sampler_state(s: &tesserae_amber::Sampler) -> R<SamplerState> {
    if s.mag_filter != s.min_filter || !s.normalized_coords || s.address.iter().any(|a| *a != s.address[0]) {
        return refuse(format!("sampler `{}` (different filters or address modes per axis, or unnormalized coordinates)", s.name));
    }
    let address = match s.address[0] {
        AddressMode::Repeat => TAddress::Repeat,
        AddressMode::ClampToEdge => TAddress::ClampToEdge,
        AddressMode::MirroredRepeat => TAddress::MirrorRepeat,
        other => return refuse(format!("address mode {other:?}")),
    };
    let filter = match s.mag_filter {
        Filter::Nearest => TFilter::Nearest,
        Filter::Linear => TFilter::Linear,
    };
    Ok(SamplerState { filter, address, compare: s.compare.map(compare_op) })
}

fn compare_op(c: CompareOp) -> TCompare {
    match c {
        CompareOp::Never => TCompare::Never,
        CompareOp::Less => TCompare::Less,
        CompareOp::Equal => TCompare::Equal,
        CompareOp::LessOrEqual => TCompare::LessEqual,
        CompareOp::Greater => TCompare::Greater,
        CompareOp::NotEqual => TCompare::NotEqual,
        CompareOp::GreaterOrEqual => TCompare::GreaterEqual,
        CompareOp::Always => TCompare::Always,
    }
}

/// A buffer sampled as a 2D texture: RGBA8 (either byte order) or RGBA32F texels.
fn texture(script: &Script, id: BufferId, state: &State) -> R<TextureData> {
    let b = script.buffer(id);
    let Some(format) = b.format() else { return refuse(format!("buffer `{}` sampled as an image without a format", b.name)) };
    let (width, height) = state.extent(id).ok_or_else(|| Refusal(format!("image `{}` of unknown size", b.name)))?;
    if b.image.is_some_and(|i| i.dimensions != 2 || i.depth != 1) || b.mip_levels > 1 {
        return refuse(format!("image `{}`: only single-level 2D images are sampled", b.name));
    }
    let bytes = state.bytes(id)?;
    let (format, data) = match format.name.as_str() {
        "R8G8B8A8_UNORM" => (TexelFormat::Rgba8Unorm, bytes.to_vec()),
        "B8G8R8A8_UNORM" => (TexelFormat::Rgba8Unorm, swap_red_blue(bytes)),
        "R32G32B32A32_SFLOAT" => (TexelFormat::Rgba32Float, bytes.to_vec()),
        "D16_UNORM"
        | "D32_SFLOAT"
        | "R32_SFLOAT"
        | "R32G32_SFLOAT"
        | "R16_SFLOAT"
        | "R16G16_SFLOAT"
        | "R16G16B16A16_SFLOAT"
        | "B10G11R11_UFLOAT_PACK32" => (TexelFormat::Rgba32Float, substituted_rgba(&b.element.layout(), bytes)),
        // (An unsigned integer format sampled through a float sampler is undefined; a `usampler`
        // reads the integers, which the model's float textures do not carry.)
        other => return refuse(format!("sampled image format {other}")),
    };
    Ok(TextureData { width, height, layers: 1, view: TextureView::D2, format, data })
}

/// RGBA32F texels of a depth or float image of fewer channels, read field by field (Amber's
/// formats) with Vulkan's component substitution: D → (D, 0, 0, 1), missing G and B 0, A 1.
/// Exact for every such value (16-bit floats and unorm depth are exact in 32 bits).
fn substituted_rgba(layout: &tesserae_amber::types::ElementLayout, bytes: &[u8]) -> Vec<u8> {
    use tesserae_amber::types::{read_field, Channel};
    bytes
        .chunks_exact(layout.stride as usize)
        .flat_map(|texel| {
            let mut px = [0.0f32, 0.0, 0.0, 1.0];
            for f in &layout.fields {
                let c = match f.channel {
                    Channel::R | Channel::D => 0,
                    Channel::G => 1,
                    Channel::B => 2,
                    Channel::A => 3,
                    _ => continue,
                };
                px[c] = read_field(texel, f) as f32;
            }
            px
        })
        .flat_map(f32::to_le_bytes)
        .collect()
}

/// A depth buffer's bytes from depth values, laid out as its format's elements (Amber's: a D16
/// value in 4 bytes): `None` for a format other than `D16_UNORM` and `D32_SFLOAT` (its bytes
/// stay unknown).
pub fn encode_depth(buffer: &tesserae_amber::Buffer, values: &[f32]) -> Option<Vec<u8>> {
    use tesserae_amber::types::{write_field, Channel};
    if !matches!(buffer.format()?.name.as_str(), "D16_UNORM" | "D32_SFLOAT") {
        return None;
    }
    let layout = buffer.element.layout();
    let depth = layout.fields.iter().find(|f| f.channel == Channel::D)?;
    let mut bytes = vec![0u8; values.len() * layout.stride as usize];
    for (texel, d) in bytes.chunks_exact_mut(layout.stride as usize).zip(values) {
        write_field(texel, depth, tesserae_amber::Value::Float(f64::from(*d)));
    }
    Some(bytes)
}

pub fn swap_red_blue(bytes: &[u8]) -> Vec<u8> {
    bytes.chunks_exact(4).flat_map(|p| [p[2], p[1], p[0], p[3]]).collect()
}

fn vertex_format(f: &Format) -> R<VertexFormat> {
    Ok(match f.name.as_str() {
        "R32_SFLOAT" => VertexFormat::Float32,
        "R32G32_SFLOAT" => VertexFormat::Float32x2,
        "R32G32B32_SFLOAT" => VertexFormat::Float32x3,
        "R32G32B32A32_SFLOAT" => VertexFormat::Float32x4,
        "R32_UINT" => VertexFormat::Uint32,
        "R32G32_UINT" => VertexFormat::Uint32x2,
        "R32G32B32_UINT" => VertexFormat::Uint32x3,
        "R32G32B32A32_UINT" => VertexFormat::Uint32x4,
        "R32_SINT" => VertexFormat::Sint32,
        "R32G32_SINT" => VertexFormat::Sint32x2,
        "R32G32B32_SINT" => VertexFormat::Sint32x3,
        "R32G32B32A32_SINT" => VertexFormat::Sint32x4,
        "R8G8B8A8_UNORM" => VertexFormat::Unorm8x4,
        "B8G8R8A8_UNORM" => VertexFormat::Unorm8x4Bgra,
        "R8G8_SNORM" => VertexFormat::Snorm8x2,
        "R8G8_UINT" => VertexFormat::Uint8x2,
        "R16G16_SFLOAT" => VertexFormat::Float16x2,
        "R16G16B16A16_SFLOAT" => VertexFormat::Float16x4,
        other => return refuse(format!("vertex format {other}")),
    })
}

fn blend(b: &Blend) -> R<BlendMode> {
    use BlendFactor::*;
    let add = b.color_op == BlendOp::Add && b.alpha_op == BlendOp::Add;
    match (b.src_color, b.dst_color, b.src_alpha, b.dst_alpha) {
        (One, Zero, One, Zero) if add => Ok(BlendMode::Replace),
        (SrcAlpha, OneMinusSrcAlpha, One, OneMinusSrcAlpha) if add => Ok(BlendMode::Alpha),
        (One, One, One, One) if add => Ok(BlendMode::Additive),
        _ => refuse(format!("BLEND {b:?}")),
    }
}

fn topology(t: Topology, control_points: u32) -> R<TTopology> {
    Ok(match t {
        Topology::PointList => TTopology::PointList,
        Topology::LineList => TTopology::LineList,
        Topology::LineStrip => TTopology::LineStrip,
        Topology::TriangleList => TTopology::TriangleList,
        Topology::TriangleStrip => TTopology::TriangleStrip,
        Topology::LineListWithAdjacency => TTopology::LineListAdjacency,
        Topology::LineStripWithAdjacency => TTopology::LineStripAdjacency,
        Topology::TriangleListWithAdjacency => TTopology::TriangleListAdjacency,
        Topology::TriangleStripWithAdjacency => TTopology::TriangleStripAdjacency,
        Topology::PatchList => TTopology::PatchList { control_points },
        other => return refuse(format!("topology {other:?}")),
    })
}

/// Vertices in normalized device coordinates of Amber's rectangles: `DRAW_RECT` as a strip of
/// (x0, y1), (x0, y0), (x1, y1), (x1, y0); `DRAW_GRID` as two triangles per cell.
fn rect_vertices(p: &Pipeline, run: &Run) -> Option<(Vec<f32>, TTopology)> {
    let (fw, fh) = (p.framebuffer.0 as f32, p.framebuffer.1 as f32);
    let ndc = |x: f32, y: f32, w: f32, h: f32| (x / fw * 2.0 - 1.0, y / fh * 2.0 - 1.0, w / fw * 2.0, h / fh * 2.0);
    match *run {
        Run::DrawRect { x, y, width, height } => {
            let (x, y, w, h) = ndc(x, y, width, height);
            let strip = if p.attached(ShaderStage::TessControl).is_some() {
                TTopology::PatchList { control_points: p.patch_control_points }
            } else {
                TTopology::TriangleStrip
            };
            Some((vec![x, y + h, x, y, x + w, y + h, x + w, y], strip))
        }
        Run::DrawGrid { x, y, width, height, columns, rows } => {
            let (x, y, w, h) = ndc(x, y, width, height);
            let (cw, ch) = (w / columns as f32, h / rows as f32);
            let mut v = Vec::new();
            for r in 0..rows {
                for c in 0..columns {
                    let (x0, y0) = (x + cw * c as f32, y + ch * r as f32);
                    let (x1, y1) = (x + cw * (c + 1) as f32, y + ch * (r + 1) as f32);
                    v.extend([x1, y1, x0, y1, x0, y0, x1, y1, x0, y0, x1, y0]);
                }
            }
            Some((v, TTopology::TriangleList))
        }
        _ => None,
    }
}

/// A graphics `RUN` as one draw of a [`ShaderTest`] into the pipeline's attachments, which
/// `state` says are each filled with one clear value.
/// What the colour attachments hold before a draw: one clear value, or texels.
pub struct Targets {
    pub format: TargetFormat,
    pub clear: Option<[f32; 4]>,
    pub initial: Option<Vec<Vec<u8>>>,
}

/// The colour-target format a buffer attached as colour has, and whether its bytes hold blue
/// before red (`B8G8R8A8`, read back as RGBA8).
pub fn target_format(script: &Script, b: BufferId) -> R<(TargetFormat, bool)> {
    let buffer = script.buffer(b);
    let name = match &buffer.element {
        tesserae_amber::ElementType::Format(f) => f.name.clone(),
        tesserae_amber::ElementType::Data { ty, .. } => ty.as_format().map(|f| f.name).unwrap_or_default(),
    };
    Ok(match name.as_str() {
        "R8G8B8A8_UNORM" => (TargetFormat::Rgba8Unorm, false),
        "B8G8R8A8_UNORM" => (TargetFormat::Rgba8Unorm, true),
        "R16G16B16A16_SFLOAT" => (TargetFormat::Rgba16Float, false),
        "R32G32B32A32_SFLOAT" => (TargetFormat::Rgba32Float, false),
        "R16G16_SFLOAT" => (TargetFormat::Rg16Float, false),
        "R32G32_SFLOAT" => (TargetFormat::Rg32Float, false),
        "R16_SFLOAT" => (TargetFormat::R16Float, false),
        "R32_SFLOAT" => (TargetFormat::R32Float, false),
        "R32_SINT" => (TargetFormat::R32Sint, false),
        "R8G8_UINT" => (TargetFormat::Rg8Uint, false),
        "B10G11R11_UFLOAT_PACK32" => (TargetFormat::Rg11b10Ufloat, false),
        other => return refuse(format!("colour attachment format {other} (`{}`)", buffer.name)),
    })
}

pub fn graphics(
    script: &Script,
    p: &Pipeline,
    run: &Run,
    state: &State,
    targets: &Targets,
    depth_clear: Option<f32>,
) -> R<(ShaderTest, Vec<StorageSource>)> {
    let cull = fixed_function(p)?;
    let (resources, push_constants, storage) = resources(script, p, state)?;
    let (draw, vertex_buffers, index_buffer) = match rect_vertices(p, run) {
        Some((v, topology)) => rect_draw(p, &v, topology),
        None => vertex_data_draw(script, p, run, state)?,
    };
    let colours: Vec<(BufferId, u32)> = p.color_attachments().collect();
    if colours.iter().enumerate().any(|(i, (_, loc))| *loc != i as u32) {
        return refuse("colour attachments at locations other than 0..N in order");
    }
    let depth = depth_of(script, p, depth_clear)?;
    let blend = match &p.blend {
        Some(b) => blend(b)?,
        None => BlendMode::Replace,
    };
    let test = TestSection {
        width: p.framebuffer.0,
        height: p.framebuffer.1,
        targets: colours.len().max(1) as u32,
        layers: 1,
        viewports: Vec::new(),
        samples: 1,
        clear: targets.clear.unwrap_or([0.0; 4]),
        cull,
        front_face: if p.front_face_ccw { FrontFace::Ccw } else { FrontFace::Cw },
        draws: vec![draw],
        probes: Vec::new(),
        capture_probes: Vec::new(),
        rasterizer_discard: false,
        tolerances: Vec::new(),
        compare_reference: false,
        compare_native: false,
        render_alone: false,
        depth,
        stencil: None,
        blend,
        primitive_restart: false,
        target_format: targets.format,
        initial_targets: targets.initial.clone(),
    };
    let shader_test = ShaderTest {
        path: script.path.clone(),
        name: script.name.clone(),
        requires: Requirements {
            tessellation: p.attached(ShaderStage::TessControl).is_some(),
            geometry: p.attached(ShaderStage::Geometry).is_some(),
            ..Default::default()
        },
        shaders: sections(script, p)?,
        vertex_buffers,
        index_buffer,
        resources,
        push_constants,
        specialization: specialization(p)?,
        captures: Vec::new(),
        test,
    };
    Ok((shader_test, storage))
}

/// The fixed-function state the translated executors draw, as its cull mode; what they do
/// not is refused.
fn fixed_function(p: &Pipeline) -> R<TCull> {
    if p.polygon_mode != PolygonMode::Fill {
        return refuse(format!("POLYGON_MODE {:?}", p.polygon_mode));
    }
    if p.viewport.is_some_and(|v| {
        (v.x, v.y, v.width, v.height, v.min_depth, v.max_depth) != (0.0, 0.0, p.framebuffer.0 as f32, p.framebuffer.1 as f32, 0.0, 1.0)
    }) {
        return refuse("a VIEWPORT other than the whole framebuffer");
    }
    if p.line_width != 1.0 {
        return refuse("LINE_WIDTH other than 1");
    }
    if p.stencil.test {
        return refuse("STENCIL tests");
    }
    // (`BOUNDS` only sets the bounds: AmberScript never enables the depth bounds test. A bias
    // of all-zero factors adds nothing.)
    let bias = p.depth.bias.filter(|b| *b != (0.0, 0.0, 0.0));
    if p.depth.clamp || bias.is_some() {
        return refuse("depth clamp, or a depth bias other than zero");
    }
    Ok(match p.cull {
        CullMode::None => TCull::None,
        CullMode::Front => TCull::Front,
        CullMode::Back => TCull::Back,
        CullMode::FrontAndBack => return refuse("CULL_MODE front_and_back"),
    })
}

/// `RUN ... DRAW_RECT`: the rectangle's vertices (`v`, two floats each) at location 0.
fn rect_draw(p: &Pipeline, v: &[f32], topology: tesserae::Topology) -> (Draw, Vec<VertexBufferData>, Option<IndexData>) {
    let data: Vec<u8> = v.iter().flat_map(|f| f.to_le_bytes()).collect();
    let layout = VertexBufferLayout {
        stride: 8,
        step_mode: StepMode::Vertex,
        attributes: vec![VertexAttribute { location: 0, format: VertexFormat::Float32x2, offset: 0 }],
    };
    let vertex_buffers = vec![VertexBufferData { slot: 0, layout, data, line: p.line }];
    let draw = Draw {
        topology,
        indexed: false,
        count: (v.len() / 2) as u32,
        instances: 1,
        first: 0,
        first_instance: 0,
        base_vertex: 0,
        line: p.line,
    };
    (draw, vertex_buffers, None)
}

/// `RUN ... DRAW_ARRAY`: the pipeline's vertex data (and index data when indexed), drawn as
/// the run says.
fn vertex_data_draw(script: &Script, p: &Pipeline, run: &Run, state: &State) -> R<(Draw, Vec<VertexBufferData>, Option<IndexData>)> {
    let mut vertex_buffers = Vec::new();
    let mut index_buffer = None;
    let Run::DrawArray { topology: t, indexed, start, count, start_instance, instance_count } = *run else {
        return refuse("a compute RUN on a graphics pipeline");
    };
    let mut vertices = u32::MAX;
    for (slot, vd) in p.vertex_data.iter().enumerate() {
        let b = script.buffer(vd.buffer);
        let format = match (&vd.format, &b.element) {
            (Some(f), _) => f.clone(),
            (None, tesserae_amber::ElementType::Format(f)) => f.clone(),
            (None, tesserae_amber::ElementType::Data { ty, .. }) => {
                ty.as_format().ok_or_else(|| Refusal(format!("vertex data `{}` of a matrix type", b.name)))?
            }
        };
        let stride = vd.stride.unwrap_or(b.element.layout().stride);
        let data = state.bytes(vd.buffer)?.to_vec();
        if vd.rate == InputRate::Vertex && stride > 0 {
            vertices = vertices.min(((data.len() as u32).saturating_sub(vd.offset)) / stride);
        }
        let step_mode = if vd.rate == InputRate::Vertex { StepMode::Vertex } else { StepMode::Instance };
        let layout = VertexBufferLayout {
            stride,
            step_mode,
            attributes: vec![VertexAttribute { location: vd.location, format: vertex_format(&format)?, offset: vd.offset }],
        };
        vertex_buffers.push(VertexBufferData { slot: slot as u32, layout, data, line: p.line });
    }
    let available = if indexed {
        let ib = p.index_data.expect("the parser requires INDEX_DATA for INDEXED");
        let b = script.buffer(ib);
        let bytes = state.bytes(ib)?;
        let format = match b.element.layout().fields.first().map(|f| f.bits) {
            Some(16) => IndexFormat::U16,
            Some(32) => IndexFormat::U32,
            _ => return refuse(format!("index data `{}` that is not 16- or 32-bit", b.name)),
        };
        let stride = b.element.layout().stride as usize;
        let indices: Vec<u32> =
            bytes.chunks_exact(stride).map(|c| tesserae_amber::types::read_field_int(c, &b.element.layout().fields[0]) as u32).collect();
        let n = indices.len() as u32;
        index_buffer = Some(IndexData { format, indices });
        n
    } else if vertices == u32::MAX {
        0
    } else {
        vertices
    };
    let count = count.unwrap_or(available.saturating_sub(start));
    // An indexed draw reads `count` indices from the first, and the start is the vertex
    // offset added to each (Amber's `vkCmdDrawIndexed(count, instances, 0, start, ...)`).
    let (first, base_vertex) = if indexed { (0, start as i32) } else { (start, 0) };
    let draw = Draw {
        topology: topology(t, p.patch_control_points)?,
        indexed,
        count,
        instances: instance_count,
        first,
        first_instance: start_instance,
        base_vertex,
        line: p.line,
    };
    Ok((draw, vertex_buffers, index_buffer))
}

/// The depth attachment a depth test or write needs, cleared to `depth_clear`.
fn depth_of(script: &Script, p: &Pipeline, depth_clear: Option<f32>) -> R<Option<TDepth>> {
    Ok(match (p.depth.test || p.depth.write, depth_clear) {
        (false, _) => None,
        (true, Some(clear)) => {
            // A 16-bit depth buffer keeps its precision (what is read back or sampled); other
            // formats are D32 float (their values are not read back: `depth_bytes`).
            let d16 = p.depth_attachment().and_then(|b| script.buffer(b).format()).is_some_and(|f| f.name == "D16_UNORM");
            let format = if d16 { DepthFormat::D16Unorm } else { DepthFormat::D32Float };
            Some(TDepth { format, clear, compare: compare_op(p.depth.compare), write: p.depth.write })
        }
        (true, None) => return refuse("a depth test over a depth buffer an earlier RUN wrote"),
    })
}

/// A compute `RUN`'s descriptors, push constants and specialization, as the test of a
/// [`crate::executor::ComputeJob`].
pub fn compute(script: &Script, p: &Pipeline, state: &State) -> R<(ShaderTest, Vec<StorageSource>)> {
    let (resources, push_constants, storage) = resources(script, p, state)?;
    let test = ShaderTest {
        path: script.path.clone(),
        name: script.name.clone(),
        requires: Requirements::default(),
        shaders: Vec::new(),
        vertex_buffers: Vec::new(),
        index_buffer: None,
        resources,
        push_constants,
        specialization: specialization(p)?,
        captures: Vec::new(),
        test: TestSection::default(),
    };
    Ok((test, storage))
}
