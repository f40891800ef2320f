//! A constant the harness fills: a scalar constant used only by pure instructions is read from
//! a new uniform block instead, and the variant's test supplies a buffer holding the same
//! value (GraphicsFuzz's uniforms: unlike a specialization constant, no compiler sees the
//! value, only the draw does).

use super::{global, next_id, pure_constants, scalar, Rng};
use rspirv::dr::{Instruction, Module, Operand};
use spirv::{Decoration, Op, StorageClass, Word};

/// A uniform buffer a variant adds: where it is bound and the `.shader_test` row of its one
/// member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUniform {
    pub set: u32,
    pub binding: u32,
    /// The member's row (`float 0.25`, `int -3`, `uint 7`), exactly the constant's bits.
    pub row: String,
}

impl NewUniform {
    /// The `[uniform buffer SET BINDING]` section that fills it.
    pub fn section(&self) -> String {
        format!("[uniform buffer {} {}]\n{}\n", self.set, self.binding, self.row)
    }
}

/// The member row holding `bits` of a 32-bit scalar; `None` for a float the row cannot state
/// (infinities, NaNs).
fn row(float: bool, signed: bool, bits: u32) -> Option<String> {
    match (float, signed) {
        (true, _) => {
            let f = f32::from_bits(bits);
            // (`{:?}` prints the shortest text that reads back to the same bits.)
            f.is_finite().then(|| format!("float {f:?}"))
        }
        (false, true) => Some(format!("int {}", bits as i32)),
        (false, false) => Some(format!("uint {bits}")),
    }
}

pub(super) fn constant_to_uniform(m: &mut Module, rng: &mut Rng, set: u32, binding: u32) -> Option<(String, NewUniform)> {
    // (Only constants a member row can state: not infinities or NaNs.)
    let candidates: Vec<(Word, Word, String)> = pure_constants(m)
        .into_iter()
        .filter_map(|id| {
            let def = m.types_global_values.iter().find(|i| i.result_id == Some(id))?;
            let ty = def.result_type?;
            let Some(Operand::LiteralBit32(bits)) = def.operands.first().cloned() else { return None };
            let (_, float, signed) = scalar(m, ty)?;
            Some((id, ty, row(float, signed, bits)?))
        })
        .collect();
    if candidates.is_empty() {
        return None;
    }
    let (id, ty, row) = candidates[rng.below(candidates.len() as u64) as usize].clone();
    let member = declare(m, ty, set, binding);
    // Each function that uses the constant loads the member once, at its top, and uses that.
    for f in 0..m.functions.len() {
        let uses = m.functions[f].blocks.iter().flat_map(|b| &b.instructions).any(|i| i.operands.contains(&Operand::IdRef(id)));
        if !uses {
            continue;
        }
        let (load, loaded) = member.load(m);
        let func = &mut m.functions[f];
        for i in func.blocks.iter_mut().flat_map(|b| b.instructions.iter_mut()) {
            for o in i.operands.iter_mut().filter(|o| **o == Operand::IdRef(id)) {
                *o = Operand::IdRef(loaded);
            }
        }
        let first = func.blocks.first_mut()?;
        let top = first.instructions.iter().rposition(|i| i.class.opcode == Op::Variable).map_or(0, |p| p + 1);
        first.instructions.splice(top..top, load);
    }
    let what = format!("constant %{id} read from a uniform buffer at set {set}, binding {binding} ({row})");
    Some((what, NewUniform { set, binding, row }))
}

/// The one member of a uniform block a transformation declared.
pub(super) struct Member {
    var: Word,
    pointer: Word,
    zero: Word,
    ty: Word,
}

impl Member {
    /// The instructions that load the member, and the loaded value's id.
    pub(super) fn load(&self, m: &mut Module) -> (Vec<Instruction>, Word) {
        let (pointer, loaded) = (next_id(m), next_id(m));
        let chain =
            Instruction::new(Op::AccessChain, Some(self.pointer), Some(pointer), vec![Operand::IdRef(self.var), Operand::IdRef(self.zero)]);
        (vec![chain, Instruction::new(Op::Load, Some(self.ty), Some(loaded), vec![Operand::IdRef(pointer)])], loaded)
    }
}

/// Declares a uniform block of one `ty` member (offset 0) at (set, binding): a struct of its own
/// (structs are never shared by equality), its pointers and variable, listed by the entry
/// points from SPIR-V 1.4 on (which list every global variable they use).
pub(super) fn declare(m: &mut Module, ty: Word, set: u32, binding: u32) -> Member {
    let block = next_id(m);
    m.types_global_values.push(Instruction::new(Op::TypeStruct, None, Some(block), vec![Operand::IdRef(ty)]));
    let block_ptr = global(m, Op::TypePointer, None, vec![Operand::StorageClass(StorageClass::Uniform), Operand::IdRef(block)]);
    let pointer = global(m, Op::TypePointer, None, vec![Operand::StorageClass(StorageClass::Uniform), Operand::IdRef(ty)]);
    let int = global(m, Op::TypeInt, None, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(1)]);
    let zero = global(m, Op::Constant, Some(int), vec![Operand::LiteralBit32(0)]);
    let var = next_id(m);
    m.types_global_values.push(Instruction::new(
        Op::Variable,
        Some(block_ptr),
        Some(var),
        vec![Operand::StorageClass(StorageClass::Uniform)],
    ));
    let decorate = |target: Word, d: Decoration, extra: Vec<Operand>| {
        Instruction::new(Op::Decorate, None, None, [vec![Operand::IdRef(target), Operand::Decoration(d)], extra].concat())
    };
    m.annotations.push(decorate(block, Decoration::Block, vec![]));
    m.annotations.push(Instruction::new(
        Op::MemberDecorate,
        None,
        None,
        vec![Operand::IdRef(block), Operand::LiteralBit32(0), Operand::Decoration(Decoration::Offset), Operand::LiteralBit32(0)],
    ));
    m.annotations.push(decorate(var, Decoration::DescriptorSet, vec![Operand::LiteralBit32(set)]));
    m.annotations.push(decorate(var, Decoration::Binding, vec![Operand::LiteralBit32(binding)]));
    if m.header.as_ref().is_some_and(|h| h.version() >= (1, 4)) {
        for e in m.entry_points.iter_mut() {
            e.operands.push(Operand::IdRef(var));
        }
    }
    Member { var, pointer, zero, ty }
}
