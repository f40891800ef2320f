//! Input attachments (`subpassInput`, `subpassLoad`) → textures read at the fragment's pixel.
//!
//! WebGPU has no subpasses: an application renders the attachment in one render pass and
//! binds it as a texture in the next. A subpass-data image type becomes a 2D sampled image
//! (WGSL `texture_2d<T>`), and each `OpImageRead` of one (`subpassLoad(s)`, whose coordinate
//! is an offset from the fragment's own pixel) becomes `OpImageFetch` at
//! `ivec2(FragCoord.xy) + offset`, level 0: the texel Vulkan reads. A `FragCoord` input is
//! added when the stage declares none. Multisampled input attachments (`subpassInputMS`,
//! read per sample) are refused.

use super::{constant, float_type, fresh_id, pointer_type, type_id, vec4_type};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{BuiltIn, Decoration, Dim, ExecutionModel, Op, StorageClass, Word};
use std::collections::HashSet;

/// Whether the module declares a subpass-data image type.
pub fn applies(view: &crate::spirv_view::ModuleView) -> bool {
    view.types_global_values().any(|i| i.opcode == Op::TypeImage && i.operands.get(1) == Some(&(Dim::DimSubpassData as u32)))
}

/// Rewrites the module (whether it changed); `Err` names what cannot be rewritten.
pub fn lower(module: &mut dr::Module) -> Result<bool, String> {
    let mut subpass_types: HashSet<Word> = HashSet::new();
    for inst in &mut module.types_global_values {
        if inst.class.opcode != Op::TypeImage || inst.operands.get(1) != Some(&Operand::Dim(Dim::DimSubpassData)) {
            continue;
        }
        if inst.operands.get(4) == Some(&Operand::LiteralBit32(1)) {
            return Err("a multisampled input attachment (subpassInputMS)".into());
        }
        if let (Some(id), Some(dim)) = (inst.result_id, inst.operands.get_mut(1)) {
            *dim = Operand::Dim(Dim::Dim2D);
            subpass_types.insert(id);
        }
        if let Some(sampled) = inst.operands.get_mut(5) {
            *sampled = Operand::LiteralBit32(1);
        }
    }
    if subpass_types.is_empty() {
        return Ok(false);
    }
    module.annotations.retain(|a| a.operands.get(1) != Some(&Operand::Decoration(Decoration::InputAttachmentIndex)));

    // The loaded images of those types, and the reads of them.
    let images: HashSet<Word> = module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter()))
        .filter(|i| i.class.opcode == Op::Load && i.result_type.is_some_and(|t| subpass_types.contains(&t)))
        .filter_map(|i| i.result_id)
        .collect();
    let reads = |i: &Instruction| {
        i.class.opcode == Op::ImageRead && matches!(i.operands.first(), Some(Operand::IdRef(img)) if images.contains(img))
    };
    if !module.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter())).any(reads) {
        return Ok(true);
    }
    if module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter()))
        .any(|i| reads(i) && !matches!(i.operands.get(2..).unwrap_or(&[]), [] | [Operand::ImageOperands(spirv::ImageOperands::NONE)]))
    {
        return Err("an input attachment read with image operands".into());
    }

    let fragcoord = fragcoord_input(module);
    let float = float_type(module);
    let vec4 = vec4_type(module);
    let vec2 = type_id(module, Op::TypeVector, vec![Operand::IdRef(float), Operand::LiteralBit32(2)]);
    let int = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(1)]);
    let ivec2 = type_id(module, Op::TypeVector, vec![Operand::IdRef(int), Operand::LiteralBit32(2)]);
    let zero = constant(module, int, 0);
    let mut fresh: Vec<Word> = Vec::new();
    let reads_count =
        module.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter())).filter(|i| reads(i)).count();
    for _ in 0..reads_count * 4 {
        fresh.push(fresh_id(module));
    }
    for f in &mut module.functions {
        for b in &mut f.blocks {
            let mut out = Vec::with_capacity(b.instructions.len());
            for inst in b.instructions.drain(..) {
                if !reads(&inst) {
                    out.push(inst);
                    continue;
                }
                let (Some(Operand::IdRef(image)), Some(Operand::IdRef(offset))) =
                    (inst.operands.first().cloned(), inst.operands.get(1).cloned())
                else {
                    out.push(inst);
                    continue;
                };
                let ids: Vec<Word> = fresh.drain(..4).collect();
                let (coord, xy, pixel, at) = (ids[0], ids[1], ids[2], ids[3]);
                out.push(Instruction::new(Op::Load, Some(vec4), Some(coord), vec![Operand::IdRef(fragcoord)]));
                out.push(Instruction::new(
                    Op::VectorShuffle,
                    Some(vec2),
                    Some(xy),
                    vec![Operand::IdRef(coord), Operand::IdRef(coord), Operand::LiteralBit32(0), Operand::LiteralBit32(1)],
                ));
                out.push(Instruction::new(Op::ConvertFToS, Some(ivec2), Some(pixel), vec![Operand::IdRef(xy)]));
                out.push(Instruction::new(Op::IAdd, Some(ivec2), Some(at), vec![Operand::IdRef(pixel), Operand::IdRef(offset)]));
                out.push(Instruction::new(
                    Op::ImageFetch,
                    inst.result_type,
                    inst.result_id,
                    vec![
                        Operand::IdRef(image),
                        Operand::IdRef(at),
                        Operand::ImageOperands(spirv::ImageOperands::LOD),
                        Operand::IdRef(zero),
                    ],
                ));
            }
            b.instructions = out;
        }
    }
    Ok(true)
}

/// The stage's `FragCoord` input, added (and listed in the fragment entry points'
/// interfaces) when it declares none.
fn fragcoord_input(module: &mut dr::Module) -> Word {
    let existing = super::builtin_inputs(module).into_iter().find(|(_, b, _)| *b == BuiltIn::FragCoord).map(|(v, _, _)| v);
    if let Some(v) = existing {
        return v;
    }
    let vec4 = vec4_type(module);
    let ptr = pointer_type(module, StorageClass::Input, vec4);
    let var = fresh_id(module);
    module.types_global_values.push(Instruction::new(Op::Variable, Some(ptr), Some(var), vec![Operand::StorageClass(StorageClass::Input)]));
    module.annotations.push(Instruction::new(
        Op::Decorate,
        None,
        None,
        vec![Operand::IdRef(var), Operand::Decoration(Decoration::BuiltIn), Operand::BuiltIn(BuiltIn::FragCoord)],
    ));
    for ep in &mut module.entry_points {
        if ep.operands.first() == Some(&Operand::ExecutionModel(ExecutionModel::Fragment)) {
            ep.operands.push(Operand::IdRef(var));
        }
    }
    var
}
