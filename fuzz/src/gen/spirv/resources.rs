//! Emission of [`Read`]s: each resource is declared in a stage the first time the stage reads
//! it (so stages declare different subsets of the pipeline's layout, as real ones do).
//!
//! Block structs and their arrays are fresh ids rather than rspirv's deduplicated types: a
//! decorated (`Block`, `ArrayStride`) type must not be shared with an undecorated one of the
//! same shape, such as a stage interface array. Their length constants are fresh too, so a
//! later `type_array` of the same shape cannot find them either.

use super::*;
use crate::gen::resources::{MatrixLayout, TEXTURE_SIZE};

/// A resource's declaration in one module.
#[derive(Clone, Copy)]
pub(super) enum Declared {
    /// A `vec4 data[N]` block variable and its storage class.
    Block(Word, Sc),
    /// A texture: the image or combined image-sampler variable (an array of them when the
    /// texture is an array), and the separate sampler.
    Texture {
        image: Word,
        sampler: Option<Word>,
    },
    Spec(Word),
}

/// Keys of [`Em::resources`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Key {
    Buffer(u8),
    Push,
    Texture(u8),
    Spec(u8),
}

impl Em<'_> {
    /// A new type or constant instruction at module scope with a fresh id.
    fn fresh(&mut self, op: ::spirv::Op, ty: Option<Word>, operands: Vec<Operand>) -> Word {
        let id = self.b.id();
        self.b.module_mut().types_global_values.push(rspirv::dr::Instruction::new(op, ty, Some(id), operands));
        id
    }

    /// A module-scope variable (always there, even while a block is selected: built-ins and
    /// resources are declared lazily), not listed in the entry point's interface (SPIR-V 1.0
    /// lists only inputs and outputs there).
    pub(super) fn resource_variable(&mut self, sc: Sc, ty: Word) -> Word {
        let p = self.ptr(sc, ty);
        self.fresh(::spirv::Op::Variable, Some(p), vec![Operand::StorageClass(sc)])
    }

    fn descriptor(&mut self, var: Word, set: u32, binding: u32) {
        self.b.decorate(var, Decoration::DescriptorSet, [Operand::LiteralBit32(set)]);
        self.b.decorate(var, Decoration::Binding, [Operand::LiteralBit32(binding)]);
    }

    /// `struct { vec4 data[n]; }` decorated as `decoration` (with member offset and stride).
    /// `struct { vec4 data[n]; vec4 tail[unread_tail]; }` (no `tail` member when
    /// `unread_tail` is 0) decorated as `decoration`.
    fn vec4_block(&mut self, n: u32, unread_tail: u32, decoration: Decoration, read_only: bool) -> Word {
        let vec4 = self.vtype(VType { kind: Kind::Float, n: 4 });
        let u32_ = self.t.u32_;
        let mut members = Vec::new();
        for len in [n.max(1), unread_tail] {
            if len == 0 {
                continue;
            }
            let len = self.fresh(::spirv::Op::Constant, Some(u32_), vec![Operand::LiteralBit32(len)]);
            let arr = self.fresh(::spirv::Op::TypeArray, None, vec![Operand::IdRef(vec4), Operand::IdRef(len)]);
            self.b.decorate(arr, Decoration::ArrayStride, [Operand::LiteralBit32(16)]);
            members.push(Operand::IdRef(arr));
        }
        let st = self.fresh(::spirv::Op::TypeStruct, None, members.clone());
        self.b.decorate(st, decoration, []);
        for k in 0..members.len() as u32 {
            self.b.member_decorate(st, k, Decoration::Offset, [Operand::LiteralBit32(16 * n.max(1) * k)]);
            if read_only {
                self.b.member_decorate(st, k, Decoration::NonWritable, []);
            }
        }
        st
    }

    /// `struct { matCxR data[n]; }` decorated as `decoration`, each stored vector 16 bytes apart
    /// (`MatrixStride` 16), `RowMajor` or `ColMajor`.
    fn matrix_block(&mut self, m: MatrixLayout, n: u32, decoration: Decoration, read_only: bool) -> Word {
        let column = self.vtype(VType { kind: Kind::Float, n: m.rows as u32 });
        let mat = self.b.type_matrix(column, m.columns as u32);
        let u32_ = self.t.u32_;
        let len = self.fresh(::spirv::Op::Constant, Some(u32_), vec![Operand::LiteralBit32(n.max(1))]);
        let arr = self.fresh(::spirv::Op::TypeArray, None, vec![Operand::IdRef(mat), Operand::IdRef(len)]);
        self.b.decorate(arr, Decoration::ArrayStride, [Operand::LiteralBit32(16 * m.vectors() as u32)]);
        let st = self.fresh(::spirv::Op::TypeStruct, None, vec![Operand::IdRef(arr)]);
        self.b.decorate(st, decoration, []);
        self.b.member_decorate(st, 0, Decoration::Offset, [Operand::LiteralBit32(0)]);
        self.b.member_decorate(st, 0, Decoration::MatrixStride, [Operand::LiteralBit32(16)]);
        self.b.member_decorate(st, 0, if m.row_major { Decoration::RowMajor } else { Decoration::ColMajor }, []);
        if read_only {
            self.b.member_decorate(st, 0, Decoration::NonWritable, []);
        }
        st
    }

    fn declared(&mut self, key: Key) -> Option<Declared> {
        if let Some(&d) = self.resources.get(&key) {
            return Some(d);
        }
        let spec = self.spec;
        let r = &spec.resources;
        let d = match key {
            Key::Buffer(i) => {
                let b = r.buffers.get(i as usize)?.clone();
                let (sc, decoration) = match b.kind {
                    BufferKind::Uniform => (Sc::Uniform, Decoration::Block),
                    BufferKind::Storage => {
                        self.b.extension("SPV_KHR_storage_buffer_storage_class");
                        (Sc::StorageBuffer, Decoration::Block)
                    }
                    BufferKind::StorageBufferBlock => (Sc::Uniform, Decoration::BufferBlock),
                };
                let st = match b.matrix {
                    Some(m) => self.matrix_block(m, m.matrices(b.data.len()) as u32, decoration, b.kind != BufferKind::Uniform),
                    None => self.vec4_block(b.data.len() as u32, b.unread_tail, decoration, b.kind != BufferKind::Uniform),
                };
                let var = self.resource_variable(sc, st);
                self.descriptor(var, b.set, b.binding);
                Declared::Block(var, sc)
            }
            Key::Push => {
                if r.push.is_empty() {
                    return None;
                }
                let st = self.vec4_block(r.push.len() as u32, 0, Decoration::Block, false);
                Declared::Block(self.resource_variable(Sc::PushConstant, st), Sc::PushConstant)
            }
            Key::Texture(i) => {
                let t = r.textures.get(i as usize)?.clone();
                let image_ty = self.image_type();
                let element_ty = match t.sampler {
                    SamplerRes::Combined => self.b.type_sampled_image(image_ty),
                    _ => image_ty,
                };
                let ty = if t.array {
                    let u32_ = self.t.u32_;
                    let len = self.b.constant_bit32(u32_, t.declared.unwrap_or(t.elements.len().max(1) as u32));
                    self.b.type_array(element_ty, len)
                } else {
                    element_ty
                };
                let image = self.resource_variable(Sc::UniformConstant, ty);
                let sampler = match t.sampler {
                    SamplerRes::Separate { set, binding, .. } => {
                        let s = self.b.type_sampler();
                        let sampler = self.resource_variable(Sc::UniformConstant, s);
                        self.descriptor(sampler, set, binding);
                        Some(sampler)
                    }
                    _ => None,
                };
                self.descriptor(image, t.set, t.binding);
                Declared::Texture { image, sampler }
            }
            Key::Spec(i) => {
                let c = r.spec_consts.get(i as usize)?.clone();
                let f32_ = self.t.f32_;
                let id = self.b.spec_constant_bit32(f32_, (c.default as f32 / 8.0).to_bits());
                self.b.decorate(id, Decoration::SpecId, [Operand::LiteralBit32(c.id)]);
                Declared::Spec(id)
            }
        };
        self.resources.insert(key, d);
        Some(d)
    }

    /// `texture2D` with float texels.
    fn image_type(&mut self) -> Word {
        let f32_ = self.t.f32_;
        self.b.type_image(f32_, ::spirv::Dim::Dim2D, 0, 0, 0, 1, ::spirv::ImageFormat::Unknown, None)
    }

    /// Component `comp` of element `index` of a `vec4 data[n]` block variable.
    fn block_element(&mut self, var: Word, sc: Sc, index: Word, comp: u8) -> Word {
        let f32_ = self.t.f32_;
        let p = self.ptr(sc, f32_);
        let zero = self.i(0);
        let c = self.i(comp.min(3) as i32);
        let p = self.b.access_chain(p, None, var, [zero, index, c]).expect("access_chain");
        self.b.load(f32_, None, p, None, []).expect("load")
    }

    /// `int & (TEXTURE_SIZE - 1)`.
    fn texel_coordinate(&mut self, e: &IExpr) -> Word {
        let x = self.iexpr(e);
        let mask = self.i(TEXTURE_SIZE as i32 - 1);
        let i32_ = self.t.i32_;
        self.b.bitwise_and(i32_, None, x, mask).expect("and")
    }

    pub(super) fn read_f(&mut self, read: &Read) -> Word {
        let f32_ = self.t.f32_;
        match read {
            Read::Buffer { buf, index, comp } => {
                let Some(Declared::Block(var, sc)) = self.declared(Key::Buffer(*buf)) else { return self.f(0.0) };
                let b = &self.spec.resources.buffers[*buf as usize];
                let (rows, matrix) = (b.data.len().max(1), b.matrix);
                let n = matrix.map_or(rows, |m| m.matrices(rows)) as i32;
                let i = self.iexpr(index);
                let (lo, hi) = (self.i(0), self.i(n - 1));
                let i32_ = self.t.i32_;
                let e = self.gl(i32_, Gl::SClamp, &[i, lo, hi]);
                match matrix {
                    None => self.block_element(var, sc, e, *comp),
                    Some(m) => {
                        let last = self.i(m.columns as i32 - 1);
                        let c = self.gl(i32_, Gl::SClamp, &[i, lo, last]);
                        let r = self.i((*comp % m.rows) as i32);
                        let p = self.ptr(sc, f32_);
                        let zero = self.i(0);
                        let p = self.b.access_chain(p, None, var, [zero, e, c, r]).expect("access_chain");
                        self.b.load(f32_, None, p, None, []).expect("load")
                    }
                }
            }
            Read::Push { elem, comp } => {
                let Some(Declared::Block(var, sc)) = self.declared(Key::Push) else { return self.f(0.0) };
                let n = self.spec.resources.push.len().max(1);
                let i = self.i((*elem as usize % n) as i32);
                self.block_element(var, sc, i, *comp)
            }
            Read::Spec(i) => match self.declared(Key::Spec(*i)) {
                Some(Declared::Spec(id)) => id,
                _ => self.f(0.0),
            },
            Read::Texel { tex, element, x, y, comp, fetch } => {
                let Some(Declared::Texture { image, sampler }) = self.declared(Key::Texture(*tex)) else { return self.f(0.0) };
                let t = &self.spec.resources.textures[*tex as usize];
                let (kind, array, elements) = (t.sampler, t.array, t.elements.len().max(1));
                // An array's element, by a constant index.
                let image = if array {
                    let element_ty = match kind {
                        SamplerRes::Combined => {
                            let image_ty = self.image_type();
                            self.b.type_sampled_image(image_ty)
                        }
                        _ => self.image_type(),
                    };
                    let ptr = self.ptr(Sc::UniformConstant, element_ty);
                    let k = self.i((*element as usize % elements) as i32);
                    self.b.access_chain(ptr, None, image, [k]).expect("access chain")
                } else {
                    image
                };
                let (x, y) = (self.texel_coordinate(x), self.texel_coordinate(y));
                let ivec2 = self.vtype(VType { kind: Kind::Sint, n: 2 });
                let vec4 = self.vtype(VType { kind: Kind::Float, n: 4 });
                let image_ty = self.image_type();
                let sampled_ty = self.b.type_sampled_image(image_ty);
                // The image to fetch from, or the sampled image to sample.
                let (img, sampled) = match kind {
                    SamplerRes::Combined => {
                        let si = self.b.load(sampled_ty, None, image, None, []).expect("load");
                        if *fetch {
                            (Some(self.b.image(image_ty, None, si).expect("image")), None)
                        } else {
                            (None, Some(si))
                        }
                    }
                    SamplerRes::Separate { .. } if !*fetch => {
                        let img = self.b.load(image_ty, None, image, None, []).expect("load");
                        let s_ty = self.b.type_sampler();
                        let s = self.b.load(s_ty, None, sampler.expect("separate sampler"), None, []).expect("load");
                        (None, Some(self.b.sampled_image(sampled_ty, None, img, s).expect("sampled_image")))
                    }
                    _ => (Some(self.b.load(image_ty, None, image, None, []).expect("load")), None),
                };
                let texel = if let Some(si) = sampled {
                    // The texel's centre: (c + 0.5) / size, exact in binary.
                    let mut uv = Vec::new();
                    for c in [x, y] {
                        let c = self.b.convert_s_to_f(f32_, None, c).expect("convert");
                        let half = self.f(0.5);
                        let c = self.b.f_add(f32_, None, c, half).expect("fadd");
                        let scale = self.f(1.0 / TEXTURE_SIZE as f32);
                        uv.push(self.b.f_mul(f32_, None, c, scale).expect("fmul"));
                    }
                    let vec2 = self.vtype(VType { kind: Kind::Float, n: 2 });
                    let uv = self.b.composite_construct(vec2, None, uv).expect("construct");
                    let lod = self.f(0.0);
                    self.b
                        .image_sample_explicit_lod(vec4, None, si, uv, ::spirv::ImageOperands::LOD, [Operand::IdRef(lod)])
                        .expect("sample")
                } else {
                    let xy = self.b.composite_construct(ivec2, None, [x, y]).expect("construct");
                    let lod = self.i(0);
                    let img = img.expect("an image to fetch from");
                    self.b.image_fetch(vec4, None, img, xy, Some(::spirv::ImageOperands::LOD), [Operand::IdRef(lod)]).expect("fetch")
                };
                self.b.composite_extract(f32_, None, texel, [(*comp).min(3) as u32]).expect("extract")
            }
        }
    }
}
