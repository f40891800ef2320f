//! Descriptors: the application's resource variables of one stage, as Vulkan sees them.
//!
//! [`reflect`] lists every `OpVariable` of the `Uniform`, `StorageBuffer` and `UniformConstant`
//! storage classes with its (set, binding) and [`DescriptorKind`], and the push-constant block.
//! Kinds wgpu cannot express (input attachments, acceleration structures) are refused by
//! [`refuse_inexpressible`] with the variable named.

use crate::desc::Stage;
use crate::error::TranslateError;
use crate::reflect::Reflector;
use crate::spirv_view::{Inst, ModuleView};
use serde::Serialize;
use spirv::{Decoration, Op, StorageClass, Word};

/// A Vulkan descriptor type, as the SPIR-V declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DescriptorKind {
    UniformBuffer,
    StorageBuffer,
    SampledImage,
    StorageImage,
    Sampler,
    CombinedImageSampler,
    UniformTexelBuffer,
    StorageTexelBuffer,
    InputAttachment,
    AccelerationStructure,
}

impl DescriptorKind {
    /// The kind as words (`combined image sampler`).
    pub fn words(self) -> String {
        format!("{self:?}").chars().fold(String::new(), |mut s, c| {
            if c.is_uppercase() && !s.is_empty() {
                s.push(' ');
            }
            s.push(c.to_ascii_lowercase());
            s
        })
    }
}

/// One descriptor variable of a stage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DescriptorVar {
    pub set: u32,
    pub binding: u32,
    pub kind: DescriptorKind,
    /// Array length (1 for a single descriptor; 0 for a runtime-sized array).
    pub count: u32,
    /// Declared as an array (of `count` elements; GLSL sizes `t[]` indexed only at 0 as one).
    pub array: bool,
    /// Debug name, or `%id`.
    pub name: String,
    #[serde(skip)]
    pub id: Word,
}

/// Every descriptor variable declared by the module (whether or not the entry point uses it),
/// sorted by (set, binding), and the push-constant block's variable, if any.
pub fn reflect(module: &ModuleView) -> (Vec<DescriptorVar>, Option<Word>) {
    let resource_class = |i: &Inst| {
        i.operands.first().and_then(|sc| StorageClass::from_u32(*sc)).is_some_and(|sc| {
            matches!(sc, StorageClass::PushConstant | StorageClass::Uniform | StorageClass::StorageBuffer | StorageClass::UniformConstant)
        })
    };
    if !module.types_global_values().any(|i| i.opcode == Op::Variable && resource_class(&i)) {
        return (Vec::new(), None);
    }
    let r = Reflector::new(module);
    let mut out = Vec::new();
    let mut push = None;
    for v in module.types_global_values().filter(|i| i.opcode == Op::Variable) {
        let (Some(id), Some(ptr)) = (v.result_id, v.result_type) else { continue };
        let Some((sc, pointee)) = r.pointee(ptr) else { continue };
        if sc == StorageClass::PushConstant {
            push = Some(id);
            continue;
        }
        if !matches!(sc, StorageClass::Uniform | StorageClass::StorageBuffer | StorageClass::UniformConstant) {
            continue;
        }
        let (elem, count) = r.strip_descriptor_array(pointee);
        let array = elem != pointee;
        let Some(kind) = kind_of(&r, sc, elem) else { continue };
        out.push(DescriptorVar {
            set: r.decoration_literal(id, Decoration::DescriptorSet).unwrap_or(0),
            binding: r.decoration_literal(id, Decoration::Binding).unwrap_or(0),
            kind,
            count,
            array,
            name: r.debug_name(id).unwrap_or_else(|| format!("%{id}")),
            id,
        });
    }
    out.sort_by_key(|d| (d.set, d.binding, d.id));
    (out, push)
}

fn kind_of(r: &Reflector, sc: StorageClass, ty: Word) -> Option<DescriptorKind> {
    let inst = r.def(ty)?;
    Some(match (sc, inst.opcode) {
        (StorageClass::StorageBuffer, _) => DescriptorKind::StorageBuffer,
        (StorageClass::Uniform, _) if r.has_decoration(ty, Decoration::BufferBlock) => DescriptorKind::StorageBuffer,
        (StorageClass::Uniform, _) => DescriptorKind::UniformBuffer,
        (_, Op::TypeSampler) => DescriptorKind::Sampler,
        (_, Op::TypeSampledImage) => DescriptorKind::CombinedImageSampler,
        (_, Op::TypeAccelerationStructureKHR) => DescriptorKind::AccelerationStructure,
        (_, Op::TypeImage) => {
            // OpTypeImage: sampled type, Dim, Depth, Arrayed, MS, Sampled, format.
            let dim = spirv::Dim::from_u32(*inst.operands.get(1)?)?;
            let sampled = inst.operands.get(5).copied().unwrap_or(1);
            match (dim, sampled) {
                (spirv::Dim::DimSubpassData, _) => DescriptorKind::InputAttachment,
                (spirv::Dim::DimBuffer, 2) => DescriptorKind::StorageTexelBuffer,
                (spirv::Dim::DimBuffer, _) => DescriptorKind::UniformTexelBuffer,
                (_, 2) => DescriptorKind::StorageImage,
                _ => DescriptorKind::SampledImage,
            }
        }
        _ => return None,
    })
}

/// Refuses descriptor kinds that have no WebGPU binding type, naming the variable.
pub fn refuse_inexpressible(stage: Stage, vars: &[DescriptorVar]) -> Result<(), TranslateError> {
    for d in vars {
        let what = match d.kind {
            DescriptorKind::AccelerationStructure => "acceleration structure",
            DescriptorKind::UniformTexelBuffer => "uniform texel buffer",
            DescriptorKind::StorageTexelBuffer => "storage texel buffer",
            _ => continue,
        };
        return Err(TranslateError::unsupported(
            stage,
            format!("{what} `{}` at set {} binding {} (WebGPU has no such binding type)", d.name, d.set, d.binding),
        ));
    }
    Ok(())
}

/// Bytes a `Block` struct spans under its explicit layout (`Offset`, `ArrayStride`,
/// `MatrixStride` decorations): the end of its last member, rounded up to 16.
pub fn block_size(module: &ModuleView, var: Word) -> u32 {
    let r = Reflector::new(module);
    let Some(ptr) = module.def(var).and_then(|i| i.result_type) else { return 16 };
    let Some((_, ty)) = r.pointee(ptr) else { return 16 };
    // (Saturating arithmetic below: a malformed module may declare sizes past u32.)
    size_of(&r, ty, None).unwrap_or(16).clamp(16, u32::MAX - 15).div_ceil(16) * 16
}

/// Whether WGSL's uniform address space can hold the block `var` points to as laid out:
/// every array in it strided by a multiple of 16 bytes, and every struct nested in it at an
/// offset that is a multiple of 16 with the next member at least its size rounded up to 16
/// further on (WGSL's uniform layout rules; scalars, vectors and matrices lie as in storage).
/// Push constants take std430's tighter layout (`float[4]` strided by 4), which only a storage
/// buffer can hold.
pub fn block_fits_uniform(module: &ModuleView, var: Word) -> bool {
    fn fits(r: &Reflector, ty: Word, depth: u32) -> bool {
        let Some(inst) = r.def(ty) else { return true };
        if depth > 64 {
            return true;
        }
        match (inst.opcode, inst.operands) {
            (Op::TypeArray | Op::TypeRuntimeArray, [e, ..]) => {
                r.decoration_literal(ty, Decoration::ArrayStride).is_none_or(|s| s % 16 == 0) && fits(r, *e, depth + 1)
            }
            (Op::TypeStruct, members) => members.iter().enumerate().all(|(i, m)| {
                let offset = |i: usize| r.member_decoration_literal(ty, i as u32, Decoration::Offset);
                let nested = r.def(*m).is_some_and(|d| d.opcode == Op::TypeStruct);
                let spaced = || {
                    let (Some(at), Some(size)) = (offset(i), size_of(r, *m, None)) else { return true };
                    at % 16 == 0 && offset(i + 1).is_none_or(|next| next.saturating_sub(at) >= size.div_ceil(16) * 16)
                };
                (!nested || spaced()) && fits(r, *m, depth + 1)
            }),
            _ => true,
        }
    }
    let r = Reflector::new(module);
    let Some((_, ty)) = module.def(var).and_then(|i| i.result_type).and_then(|p| r.pointee(p)) else { return true };
    fits(&r, ty, 0)
}

fn size_of(r: &Reflector, ty: Word, matrix_stride: Option<u32>) -> Option<u32> {
    let inst = r.def(ty)?;
    Some(match (inst.opcode, inst.operands) {
        (Op::TypeInt | Op::TypeFloat, [w, ..]) => w / 8,
        (Op::TypeBool, _) => 4,
        (Op::TypeVector, [s, n]) => size_of(r, *s, None)?.saturating_mul(*n),
        (Op::TypeMatrix, [col, n]) => match matrix_stride {
            Some(stride) => stride.saturating_mul(n.saturating_sub(1)).saturating_add(size_of(r, *col, None)?),
            None => size_of(r, *col, None)?.saturating_mul(*n),
        },
        (Op::TypeArray, [e, len]) => {
            let n = r.constant_u32(*len)?;
            let stride = r.decoration_literal(ty, Decoration::ArrayStride).or_else(|| size_of(r, *e, matrix_stride))?;
            stride.saturating_mul(n.saturating_sub(1)).saturating_add(size_of(r, *e, matrix_stride)?)
        }
        (Op::TypeStruct, members) => {
            let mut end = 0;
            for (i, m) in members.iter().enumerate() {
                let offset = r.member_decoration_literal(ty, i as u32, Decoration::Offset).unwrap_or(end);
                let stride = r.member_decoration_literal(ty, i as u32, Decoration::MatrixStride);
                end = end.max(offset.saturating_add(size_of(r, *m, stride)?));
            }
            end
        }
        _ => return None,
    })
}
