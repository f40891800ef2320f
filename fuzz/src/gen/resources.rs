//! The application resources of a generated pipeline ([`Resources`]) and the expressions that
//! read them ([`Read`]).
//!
//! Every resource is at a (set, binding) of its own, shared by all stages as one Vulkan
//! pipeline layout would be. Sets are drawn from 0–3, so the emulation's own bind group (the
//! lowest free set) moves, and a pipeline may take all four of wgpu's default bind groups
//! (the translator then refuses pipelines whose emulation needs a group, naming the limit).
//!
//! Reads are defined whatever their operands: buffer indices are clamped to the array, texel
//! coordinates masked to the texture, sampling is nearest at a texel centre with an explicit
//! LOD of 0 (defined in every stage and under any control flow), buffers are read-only, and
//! every value is finite (buffer and push-constant data are eighths in [-2, 2], texels bytes).
//! A read of a resource that does not exist (after shrinking) is emitted as the constant 0.

use super::IExpr;
use arbitrary::{Result, Unstructured};

/// Texture width and height (texel coordinates are masked with `TEXTURE_SIZE - 1`).
pub const TEXTURE_SIZE: u32 = 4;

/// The resources a pipeline's stages read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Resources {
    pub buffers: Vec<BufferRes>,
    /// Push constants: `vec4` elements (at most 4: 64 bytes), eighths.
    pub push: Vec<[i32; 4]>,
    pub textures: Vec<TextureRes>,
    pub spec_consts: Vec<SpecConst>,
}

/// A uniform (std140) or read-only storage (std430) buffer holding `vec4 data[N]`, or
/// matrices over the same bytes ([`MatrixLayout`]).
#[derive(Debug, Clone, PartialEq)]
pub struct BufferRes {
    pub set: u32,
    pub binding: u32,
    pub kind: BufferKind,
    /// The 16-byte rows of the buffer, eighths.
    pub data: Vec<[i32; 4]>,
    pub matrix: Option<MatrixLayout>,
    /// `vec4` members declared after the data that no stage reads and the test does not give:
    /// the block is longer than the range bound to it, which Vulkan allows when the shaders
    /// read only inside the range (uniform `vec4` blocks only).
    pub unread_tail: u32,
}

/// The buffer read as `matCxR data[M]` (C columns of R components, 2-4 each): each stored
/// vector of a matrix (a column, or a row when `row_major`: HLSL's default packing) is one
/// 16-byte row of the data, a matrix is `vectors()` rows, so the rows are its memory either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatrixLayout {
    pub columns: u8,
    pub rows: u8,
    pub row_major: bool,
}

impl MatrixLayout {
    /// Stored vectors (16-byte rows) per matrix.
    pub fn vectors(self) -> usize {
        if self.row_major {
            self.rows as usize
        } else {
            self.columns as usize
        }
    }
    /// Matrices in `rows` rows of data (at least one: the data holds one matrix's rows at least).
    pub fn matrices(self, rows: usize) -> usize {
        (rows / self.vectors()).max(1)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BufferKind {
    Uniform,
    /// `StorageBuffer` storage class (SPV_KHR_storage_buffer_storage_class), `Block`.
    Storage,
    /// The SPIR-V 1.0 form glslang emitted before 1.3: `Uniform` storage class, `BufferBlock`.
    StorageBufferBlock,
}

/// A 4×4 `rgba8unorm` 2D texture, or an array of them (`texture2D t[N]`, `sampler2D t[N]`:
/// one descriptor binding of N elements, each read by a constant index).
#[derive(Debug, Clone, PartialEq)]
pub struct TextureRes {
    pub set: u32,
    pub binding: u32,
    pub sampler: SamplerRes,
    /// Each element's texels, row by row from the top, 16 per element; one element unless
    /// `array`.
    pub elements: Vec<Vec<[u8; 4]>>,
    /// Declared as an array (of `elements.len()`, which may be 1).
    pub array: bool,
    /// Declared as an array of this many elements, more than the test gives (and reads):
    /// [`super::Features::huge_arrays`].
    pub declared: Option<u32>,
}

/// How a texture is sampled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SamplerRes {
    /// A combined image sampler (GLSL `sampler2D`) with a nearest, clamp-to-edge sampler.
    Combined,
    /// A separate `SAMPLER` descriptor (nearest, `repeat` or `clamp`).
    Separate { set: u32, binding: u32, repeat: bool },
    /// A sampled image only read with `OpImageFetch` (GLSL `texture2D` + `texelFetch`).
    FetchOnly,
}

/// A float specialization constant: `value` is what the pipeline gives it (eighths), `None`
/// keeps the default.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecConst {
    pub id: u32,
    pub default: i32,
    pub value: Option<i32>,
}

/// A float read of a resource.
#[derive(Debug, Clone, PartialEq)]
pub enum Read {
    /// Component `comp` of element `clamp(index, 0, N - 1)` of buffer `buf`; of a matrix
    /// buffer, element `[clamp(index, 0, M - 1)][clamp(index, 0, C - 1)][comp mod R]` (the matrix
    /// and its column both by the run-time index).
    Buffer { buf: u8, index: Box<IExpr>, comp: u8 },
    /// Component `comp` of push-constant element `elem mod N`.
    Push { elem: u8, comp: u8 },
    /// Component `comp` of texel `(x & 3, y & 3)` of texture `tex` (of its array element
    /// `element mod N`): sampled (nearest, texel centre, LOD 0) unless the texture is
    /// [`SamplerRes::FetchOnly`] or `fetch`.
    Texel { tex: u8, element: u8, x: Box<IExpr>, y: Box<IExpr>, comp: u8, fetch: bool },
    /// Specialization constant `index`.
    Spec(u8),
}

impl Resources {
    pub fn is_empty(&self) -> bool {
        self.buffers.is_empty() && self.push.is_empty() && self.textures.is_empty() && self.spec_consts.is_empty()
    }

    /// Every (set, binding) taken, samplers included.
    pub fn bindings(&self) -> Vec<(u32, u32)> {
        let mut v: Vec<(u32, u32)> = self.buffers.iter().map(|b| (b.set, b.binding)).collect();
        for t in &self.textures {
            v.push((t.set, t.binding));
            if let SamplerRes::Separate { set, binding, .. } = t.sampler {
                v.push((set, binding));
            }
        }
        v
    }

    /// The sets the pipeline's descriptors take.
    pub fn sets(&self) -> std::collections::BTreeSet<u32> {
        self.bindings().into_iter().map(|(s, _)| s).collect()
    }

    /// Generates resources: each kind with some probability, at shuffled (set, binding)s.
    pub fn generate(u: &mut Unstructured, huge_arrays: bool) -> Result<Resources> {
        let mut r = Resources::default();
        if u.ratio(1, 3)? {
            return Ok(r);
        }
        let mut free: Vec<(u32, u32)> = Vec::new();
        for set in 0..4u32 {
            // Set 0 is the common one; set 3 makes the application take every bind group.
            let bindings = match set {
                0 => 0..4,
                1 => 0..3,
                2 => 0..2,
                _ => 0..1,
            };
            free.extend(bindings.map(|b| (set, b)));
        }
        let mut take = |u: &mut Unstructured| -> Result<(u32, u32)> {
            let i = u.choose_index(free.len())?;
            Ok(free.swap_remove(i))
        };
        let eighths = |u: &mut Unstructured| -> Result<[i32; 4]> {
            let mut e = [0; 4];
            for x in &mut e {
                *x = u.int_in_range(-16..=16)?;
            }
            Ok(e)
        };
        for _ in 0..u.int_in_range(0..=2u8)? {
            let (set, binding) = take(u)?;
            let kind = *u.choose(&[BufferKind::Uniform, BufferKind::Uniform, BufferKind::Storage, BufferKind::StorageBufferBlock])?;
            // The stored vectors have 3 or 4 components: arrays of matrices whose stored vectors
            // have 2 (16 bytes apart) are refused by the translator (WGSL cannot lay them out).
            let matrix = if u.ratio(1, 3)? {
                let (stored, other) = (u.int_in_range(3..=4)?, u.int_in_range(2..=4)?);
                let row_major: bool = u.arbitrary()?;
                let (columns, rows) = if row_major { (stored, other) } else { (other, stored) };
                Some(MatrixLayout { columns, rows, row_major })
            } else {
                None
            };
            let rows = match matrix {
                Some(m) => m.vectors() * u.int_in_range(1..=2usize)?,
                None => u.int_in_range(1..=4usize)?,
            };
            let mut data = Vec::new();
            for _ in 0..rows {
                data.push(eighths(u)?);
            }
            let unread_tail = if kind == BufferKind::Uniform && matrix.is_none() && u.ratio(1, 4)? { u.int_in_range(1..=3)? } else { 0 };
            r.buffers.push(BufferRes { set, binding, kind, data, matrix, unread_tail });
        }
        if u.ratio(1, 3)? {
            for _ in 0..u.int_in_range(1..=4u8)? {
                r.push.push(eighths(u)?);
            }
        }
        for _ in 0..u.int_in_range(0..=2u8)? {
            let (set, binding) = take(u)?;
            let sampler = match u.int_in_range(0..=2u8)? {
                0 => SamplerRes::Combined,
                1 => {
                    let (set, binding) = take(u)?;
                    SamplerRes::Separate { set, binding, repeat: u.arbitrary()? }
                }
                _ => SamplerRes::FetchOnly,
            };
            let array = u.ratio(1, 4)?;
            let mut elements = Vec::new();
            for _ in 0..if array { u.int_in_range(1..=3u8)? } else { 1 } {
                let mut texels = Vec::with_capacity(16);
                for _ in 0..TEXTURE_SIZE * TEXTURE_SIZE {
                    texels.push([u.arbitrary()?, u.arbitrary()?, u.arbitrary()?, 255]);
                }
                elements.push(texels);
            }
            let declared = if huge_arrays && array && u.ratio(1, 4)? { Some(1 << u.int_in_range(4..=24u32)?) } else { None };
            r.textures.push(TextureRes { set, binding, sampler, elements, array, declared });
        }
        for id in 0..u.int_in_range(0..=2u32)? {
            let value = if u.arbitrary()? { Some(u.int_in_range(-16..=16)?) } else { None };
            r.spec_consts.push(SpecConst { id: id * 3 + u.int_in_range(0..=2)?, default: u.int_in_range(-16..=16)?, value });
        }
        Ok(r)
    }

    /// Smaller variants: one resource fewer, or fewer elements.
    pub fn shrink_candidates(&self) -> Vec<Resources> {
        let mut out = Vec::new();
        for i in 0..self.buffers.len() {
            let mut r = self.clone();
            r.buffers.remove(i);
            out.push(r);
            if let Some(m) = self.buffers[i].matrix {
                let mut r = self.clone();
                r.buffers[i].matrix = None;
                out.push(r);
                if self.buffers[i].data.len() > m.vectors() {
                    let mut r = self.clone();
                    r.buffers[i].data.truncate(m.vectors());
                    out.push(r);
                }
            } else if self.buffers[i].data.len() > 1 {
                let mut r = self.clone();
                r.buffers[i].data.pop();
                out.push(r);
            }
        }
        if !self.push.is_empty() {
            out.push(Resources { push: Vec::new(), ..self.clone() });
            if self.push.len() > 1 {
                let mut r = self.clone();
                r.push.pop();
                out.push(r);
            }
        }
        for i in 0..self.textures.len() {
            let mut r = self.clone();
            r.textures.remove(i);
            out.push(r);
            if self.textures[i].elements.len() > 1 {
                let mut r = self.clone();
                r.textures[i].elements.pop();
                out.push(r);
            }
        }
        for i in 0..self.spec_consts.len() {
            let mut r = self.clone();
            r.spec_consts.remove(i);
            out.push(r);
        }
        out
    }

    /// [`super::shrink`]'s size measure of the resources.
    pub fn size(&self) -> usize {
        4 * (self.buffers.len() + self.textures.len() + self.spec_consts.len())
            + self.textures.iter().map(|t| t.elements.len()).sum::<usize>()
            + self.buffers.iter().map(|b| b.data.len()).sum::<usize>()
            + self.push.len()
    }

    /// The pipeline's specialization values.
    pub fn specialization(&self) -> Vec<(u32, tesserae::SpecValue)> {
        self.spec_consts.iter().filter_map(|c| c.value.map(|v| (c.id, tesserae::SpecValue::Float(v as f32 / 8.0)))).collect()
    }
}
