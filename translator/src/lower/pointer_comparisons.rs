//! `OpPtrEqual`, `OpPtrNotEqual` and `OpPtrDiff` (SPIR-V 1.4) on pointers whose targets the
//! module spells out → comparisons and differences of their indices.
//!
//! naga's reader takes none of the three, and WGSL cannot compare pointers. Under logical
//! addressing a pointer is a variable and a path of indices into it, so where each operand is
//! known as such the comparison needs no pointer:
//! - a *target* is a variable (global or local) followed by the indices of the access chains
//!   (and copies) leading from it, the null pointer (`OpConstantNull`), or an `OpSelect` of two
//!   targets (variable pointers: then the result is a select of the two comparisons);
//! - two targets in different variables are different pointers (distinct variables are
//!   distinct objects, even where two descriptors name the same buffer: the CTS's
//!   `different_ssbos_*` expects them unequal); in the same variable, equal exactly when the
//!   paths are as long and every index is equal (paths of different lengths to one pointee type
//!   reach different objects: the shorter one's object would hold the longer one's at its
//!   start, and no type holds itself); the null pointer equals only itself;
//! - `OpPtrDiff` of two targets in the same array (the only operands it is defined on) is the
//!   difference of their last indices, in elements.
//!
//! Indices compare as integers of their width (either signedness: a bitcast first where the two
//! differ); an operand that is not a target (a pointer from a phi, a call, a load, an
//! `OpPtrAccessChain`), indices of different widths or a select tree wider than
//! [`MAX_LEAVES`] leave the instruction for naga's refusal by name. Pointer instructions left
//! without a use (the operands' chains and selects, null pointer constants) are removed: naga's
//! reader cannot take a select or null constant of a pointer.

use super::type_id;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::{HashMap, HashSet};

/// The most leaves a select tree of one operand may have (selects of selects double it).
const MAX_LEAVES: usize = 16;

fn compares_pointers(op: Op) -> bool {
    matches!(op, Op::PtrEqual | Op::PtrNotEqual | Op::PtrDiff)
}

/// Whether [`lower`] may change the module: a function compares or subtracts pointers.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.has_any_opcode(&[Op::PtrEqual, Op::PtrNotEqual, Op::PtrDiff])
}

/// What a pointer operand points at.
#[derive(Clone, Debug)]
enum Target {
    Path { root: Word, indices: Vec<Word> },
    Null,
    Select { condition: Word, accept: Box<Target>, reject: Box<Target> },
}

impl Target {
    fn leaves(&self) -> usize {
        match self {
            Target::Select { accept, reject, .. } => accept.leaves() + reject.leaves(),
            _ => 1,
        }
    }

    fn extended(self, more: &[Word]) -> Target {
        match self {
            Target::Path { root, mut indices } => {
                indices.extend_from_slice(more);
                Target::Path { root, indices }
            }
            Target::Null => Target::Null,
            Target::Select { condition, accept, reject } => {
                Target::Select { condition, accept: Box::new(accept.extended(more)), reject: Box::new(reject.extended(more)) }
            }
        }
    }
}

/// A value the expansion computes: known when the module is translated, or an id.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Value {
    Known(bool),
    Id(Word),
}

/// The definitions a function's targets are read from: the module's globals and the function's
/// own instructions, by result id.
struct Definitions<'m> {
    defs: HashMap<Word, &'m Instruction>,
    /// Pointer types, and the integer types' (width, signedness).
    pointer_types: HashSet<Word>,
    int_types: HashMap<Word, (u32, u32)>,
}

impl<'m> Definitions<'m> {
    fn new(module: &'m dr::Module, function: &'m dr::Function) -> Self {
        let globals = module.types_global_values.iter();
        let locals = function.blocks.iter().flat_map(|b| &b.instructions);
        let defs = globals.chain(locals).filter_map(|i| Some((i.result_id?, i))).collect();
        let pointer_types =
            module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypePointer).filter_map(|i| i.result_id).collect();
        let int_types = module
            .types_global_values
            .iter()
            .filter_map(|i| match (i.class.opcode, i.operands.as_slice()) {
                (Op::TypeInt, [Operand::LiteralBit32(w), Operand::LiteralBit32(s)]) => Some((i.result_id?, (*w, *s))),
                _ => None,
            })
            .collect();
        Definitions { defs, pointer_types, int_types }
    }

    /// The target of pointer `id`, if the module spells it out.
    fn target(&self, id: Word, depth: u32) -> Option<Target> {
        let def = self.defs.get(&id)?;
        if depth > 64 {
            return None;
        }
        let ids: Vec<Word> = def.operands.iter().filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None }).collect();
        let target = match def.class.opcode {
            Op::Variable => Target::Path { root: id, indices: Vec::new() },
            Op::ConstantNull if def.result_type.is_some_and(|t| self.pointer_types.contains(&t)) => Target::Null,
            Op::AccessChain | Op::InBoundsAccessChain => self.target(*ids.first()?, depth + 1)?.extended(&ids[1..]),
            Op::CopyObject => self.target(*ids.first()?, depth + 1)?,
            Op::Select if def.result_type.is_some_and(|t| self.pointer_types.contains(&t)) => {
                let [condition, accept, reject] = ids[..] else { return None };
                let accept = Box::new(self.target(accept, depth + 1)?);
                let reject = Box::new(self.target(reject, depth + 1)?);
                Target::Select { condition, accept, reject }
            }
            _ => return None,
        };
        (target.leaves() <= MAX_LEAVES).then_some(target)
    }

    /// An index's integer type.
    fn int_type(&self, id: Word) -> Option<(Word, (u32, u32))> {
        let ty = self.defs.get(&id)?.result_type?;
        Some((ty, *self.int_types.get(&ty)?))
    }

    /// The value of a 32- or 64-bit integer constant (as written), if `id` is one.
    fn constant(&self, id: Word) -> Option<u64> {
        let def = self.defs.get(&id)?;
        match (def.class.opcode, def.operands.as_slice()) {
            (Op::Constant, [Operand::LiteralBit32(v)]) => Some(u64::from(*v)),
            (Op::Constant, [Operand::LiteralBit64(v)]) => Some(*v),
            (Op::ConstantNull, []) => Some(0),
            _ => None,
        }
    }
}

/// Instructions computing a comparison or difference, appended to `out` with fresh ids.
struct Expansion<'d, 'm> {
    defs: &'d Definitions<'m>,
    next_id: Word,
    bool_type: Word,
    /// Ids reserved for `OpConstantTrue` and `OpConstantFalse`, defined if used.
    known: [Word; 2],
    out: Vec<Instruction>,
}

impl Expansion<'_, '_> {
    fn emit(&mut self, op: Op, ty: Word, operands: &[Word]) -> Word {
        let id = self.next_id;
        self.next_id += 1;
        self.out.push(Instruction::new(op, Some(ty), Some(id), operands.iter().map(|o| Operand::IdRef(*o)).collect()));
        id
    }

    /// `id` (an index) as a value of integer type `ty` of the same width, bitcast if needed.
    fn as_type(&mut self, id: Word, ty: Word) -> Option<Word> {
        let (own, (width, _)) = self.defs.int_type(id)?;
        match self.defs.int_types.get(&ty) {
            _ if own == ty => Some(id),
            Some((w, _)) if *w == width => Some(self.emit(Op::Bitcast, ty, &[id])),
            _ => None,
        }
    }

    /// Whether two targets are the same pointer.
    fn equal(&mut self, a: &Target, b: &Target) -> Option<Value> {
        match (a, b) {
            (Target::Select { condition, accept, reject }, other) | (other, Target::Select { condition, accept, reject }) => {
                let (x, y) = (self.equal(accept, other)?, self.equal(reject, other)?);
                Some(self.select(*condition, x, y))
            }
            (Target::Null, Target::Null) => Some(Value::Known(true)),
            (Target::Null, Target::Path { .. }) | (Target::Path { .. }, Target::Null) => Some(Value::Known(false)),
            (Target::Path { root: ra, indices: ia }, Target::Path { root: rb, indices: ib }) => {
                if ra != rb {
                    return Some(Value::Known(false));
                }
                // Paths of different lengths reach objects of different types: one would hold the
                // other at its start, and no type holds itself.
                if ia.len() != ib.len() {
                    return Some(Value::Known(false));
                }
                let mut all = Value::Known(true);
                for (&x, &y) in ia.iter().zip(ib) {
                    let (tx, (width_x, _)) = self.defs.int_type(x)?;
                    let same = match (self.defs.constant(x), self.defs.constant(y)) {
                        _ if x == y => Value::Known(true),
                        (Some(cx), Some(cy)) if self.defs.int_type(y)?.1 .0 == width_x => Value::Known(cx == cy),
                        _ => {
                            let y = self.as_type(y, tx)?;
                            Value::Id(self.emit(Op::IEqual, self.bool_type, &[x, y]))
                        }
                    };
                    all = self.and(all, same);
                }
                Some(all)
            }
        }
    }

    fn and(&mut self, a: Value, b: Value) -> Value {
        match (a, b) {
            (Value::Known(false), _) | (_, Value::Known(false)) => Value::Known(false),
            (Value::Known(true), v) | (v, Value::Known(true)) => v,
            (Value::Id(x), Value::Id(y)) => Value::Id(self.emit(Op::LogicalAnd, self.bool_type, &[x, y])),
        }
    }

    fn select(&mut self, condition: Word, x: Value, y: Value) -> Value {
        if x == y {
            return x;
        }
        let (x, y) = (self.id(x), self.id(y));
        Value::Id(self.emit(Op::Select, self.bool_type, &[condition, x, y]))
    }

    fn id(&self, v: Value) -> Word {
        match v {
            Value::Id(id) => id,
            Value::Known(k) => self.known[usize::from(!k)],
        }
    }

    /// `a - b` in elements, of integer type `ty`, for two targets in one array.
    fn difference(&mut self, ty: Word, a: &Target, b: &Target) -> Option<Word> {
        match (a, b) {
            (Target::Select { condition, accept, reject }, other) => {
                let (x, y) = (self.difference(ty, accept, other)?, self.difference(ty, reject, other)?);
                Some(self.emit(Op::Select, ty, &[*condition, x, y]))
            }
            (other, Target::Select { condition, accept, reject }) => {
                let (x, y) = (self.difference(ty, other, accept)?, self.difference(ty, other, reject)?);
                Some(self.emit(Op::Select, ty, &[*condition, x, y]))
            }
            (Target::Path { root: ra, indices: ia }, Target::Path { root: rb, indices: ib }) if ra == rb && ia.len() == ib.len() => {
                let (x, y) = (self.as_type(*ia.last()?, ty)?, self.as_type(*ib.last()?, ty)?);
                Some(self.emit(Op::ISub, ty, &[x, y]))
            }
            _ => None,
        }
    }
}

pub fn lower(module: &mut dr::Module) -> bool {
    let bodies = module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions);
    if !bodies.clone().any(|i| compares_pointers(i.class.opcode)) {
        return false;
    }
    let bound = module.header.as_ref().map_or(1, |h| h.bound.max(1));
    let mut next_id = bound + 2;
    let known = [bound, bound + 1];
    let mut known_used = false;
    // (function, block, instruction, expansion), found with the module borrowed.
    let mut expansions: Vec<(usize, usize, usize, Vec<Instruction>)> = Vec::new();
    for (fi, f) in module.functions.iter().enumerate() {
        let defs = Definitions::new(module, f);
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                let (Some(ty), Some(result), [Operand::IdRef(a), Operand::IdRef(b)]) = (i.result_type, i.result_id, i.operands.as_slice())
                else {
                    continue;
                };
                if !compares_pointers(i.class.opcode) {
                    continue;
                }
                let (Some(a), Some(b)) = (defs.target(*a, 0), defs.target(*b, 0)) else { continue };
                let mut e = Expansion { defs: &defs, next_id, bool_type: ty, known, out: Vec::new() };
                let value = match i.class.opcode {
                    Op::PtrDiff => e.difference(ty, &a, &b),
                    Op::PtrEqual => e.equal(&a, &b).map(|v| e.id(v)),
                    _ => e.equal(&a, &b).map(|v| match v {
                        Value::Known(k) => e.id(Value::Known(!k)),
                        Value::Id(id) => e.emit(Op::LogicalNot, ty, &[id]),
                    }),
                };
                let Some(value) = value else { continue };
                let mut out = e.out;
                next_id = e.next_id;
                known_used |= out.iter().flat_map(|i| &i.operands).any(|o| matches!(o, Operand::IdRef(id) if known.contains(id)))
                    || known.contains(&value);
                out.push(Instruction::new(Op::CopyObject, Some(ty), Some(result), vec![Operand::IdRef(value)]));
                expansions.push((fi, bi, ii, out));
            }
        }
    }
    if expansions.is_empty() {
        return false;
    }
    // Back to front, so earlier instruction indices stay valid.
    for (fi, bi, ii, out) in expansions.into_iter().rev() {
        module.functions[fi].blocks[bi].instructions.splice(ii..ii + 1, out);
    }
    if let Some(h) = module.header.as_mut() {
        h.bound = next_id;
    }
    if known_used {
        let bool_type = type_id(module, Op::TypeBool, Vec::new());
        module.types_global_values.push(Instruction::new(Op::ConstantTrue, Some(bool_type), Some(known[0]), Vec::new()));
        module.types_global_values.push(Instruction::new(Op::ConstantFalse, Some(bool_type), Some(known[1]), Vec::new()));
    }
    remove_unused_pointers(module);
    true
}

/// Removes pointer values nothing uses any more (chains, copies and selects of pointers in
/// functions, null pointer constants), until none is left: naga's reader takes neither selects
/// nor null constants of pointers.
fn remove_unused_pointers(module: &mut dr::Module) {
    let pointer_types: HashSet<Word> =
        module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypePointer).filter_map(|i| i.result_id).collect();
    let is_pointer = |i: &Instruction| i.result_type.is_some_and(|t| pointer_types.contains(&t));
    loop {
        // (Names and decorations do not count as uses: they go with what they name.)
        let used = super::referenced_ids(module);
        let removable = |i: &Instruction| {
            matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain | Op::CopyObject | Op::Select | Op::ConstantNull)
                && is_pointer(i)
                && i.result_id.is_some_and(|r| !used.contains(&r))
        };
        let removed: HashSet<Word> = module
            .types_global_values
            .iter()
            .chain(module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions))
            .filter(|i| removable(i))
            .filter_map(|i| i.result_id)
            .collect();
        if removed.is_empty() {
            return;
        }
        module.types_global_values.retain(|i| !removable(i));
        for b in module.functions.iter_mut().flat_map(|f| &mut f.blocks) {
            b.instructions.retain(|i| !removable(i));
        }
        super::forget_ids(module, &removed);
    }
}
