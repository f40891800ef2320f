//! Operations WGSL would evaluate on constants get a run-time operand.
//!
//! SPIR-V computes `OpFMul %big %big`, `OpSDiv %x %zero`, `OpShiftLeftLogical %x %c40` or a
//! `GLSL.std.450` `Asin(2.0)` when the shader runs, overflow and all (the result is infinite,
//! undefined or NaN), and compilers keep such instructions when nothing folds them. naga's WGSL
//! writer writes the operation with its constant operands inlined, and WGSL evaluates every
//! expression built from constants when the shader is created, where an overflowing or
//! non-finite result, a division by zero, an oversized shift or an argument outside a
//! function's domain is an error: the WGSL would not parse back, and wgpu would refuse it.
//!
//! So an operation that can fail that way (arithmetic, conversions, shifts, `GLSL.std.450`
//! calls), whose operands are all *constant-derived*, reads one constant from a private
//! variable initialized with it, and runs like any other operation. Constant-derived values
//! are `OpConstant*` and the results of operations WGSL also evaluates on constants
//! (compositions, extracts, shuffles, comparisons, selects and the fallible operations
//! themselves): an overflowing product of `vec2(big, 1.0).x` is found through the extract. The
//! constant read at run time is the first operand's, followed through derived values down to
//! an `OpConstant*`, so the derived value it passes through becomes a run-time value too.
//!
//! Found by the `spirv_words` fuzzer: `asin(2.0943952)` in a clip distance, and
//! `-2.8e21 * f32(-2.8e21)` (a product through a conversion).

use super::fresh_id;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::{BTreeSet, HashMap, HashSet};

/// What WGSL's constant evaluation does with an operation whose operands are all constants.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Folded {
    /// Evaluated, and the evaluation can fail (overflow, division by zero, a domain error).
    Fallible,
    /// Evaluated without failing: the result is constant-derived.
    Passed,
}

fn folded(opcode: Op) -> Option<Folded> {
    use Op::*;
    Some(match opcode {
        ConvertFToU | ConvertFToS | ConvertSToF | ConvertUToF | UConvert | SConvert | FConvert | Bitcast | QuantizeToF16 | SNegate
        | FNegate | IAdd | FAdd | ISub | FSub | IMul | FMul | UDiv | SDiv | FDiv | UMod | SRem | SMod | FRem | FMod | VectorTimesScalar
        | MatrixTimesScalar | VectorTimesMatrix | MatrixTimesVector | MatrixTimesMatrix | OuterProduct | Dot | ShiftRightLogical
        | ShiftRightArithmetic | ShiftLeftLogical | ExtInst => Folded::Fallible,
        CompositeConstruct
        | CompositeExtract
        | CompositeInsert
        | VectorShuffle
        | VectorExtractDynamic
        | VectorInsertDynamic
        | CopyObject
        | Transpose
        | Select
        | Not
        | BitwiseOr
        | BitwiseXor
        | BitwiseAnd
        | LogicalEqual
        | LogicalNotEqual
        | LogicalOr
        | LogicalAnd
        | LogicalNot
        | IEqual
        | INotEqual
        | UGreaterThan
        | SGreaterThan
        | UGreaterThanEqual
        | SGreaterThanEqual
        | ULessThan
        | SLessThan
        | ULessThanEqual
        | SLessThanEqual
        | FOrdEqual
        | FUnordEqual
        | FOrdNotEqual
        | FUnordNotEqual
        | FOrdLessThan
        | FUnordLessThan
        | FOrdGreaterThan
        | FUnordGreaterThan
        | FOrdLessThanEqual
        | FUnordLessThanEqual
        | FOrdGreaterThanEqual
        | FUnordGreaterThanEqual
        | Any
        | All => Folded::Passed,
        _ => return None,
    })
}

fn is_constant(opcode: Op) -> bool {
    matches!(opcode, Op::Constant | Op::ConstantComposite | Op::ConstantNull | Op::ConstantTrue | Op::ConstantFalse)
}

/// The operands an operation computes on: every id but a call's instruction set.
fn skipped_ids(opcode: Op) -> usize {
    usize::from(opcode == Op::ExtInst)
}

/// Follows function-body instructions in order (definitions come before uses in SPIR-V's
/// block order; `OpPhi`, which may not, is never derived): whether each is an operation on
/// constant-derived operands, and which such operations WGSL's evaluation could fail on.
#[derive(Default)]
struct Derivation {
    derived: HashSet<Word>,
}

impl Derivation {
    /// Whether an instruction `opcode` (a `GLSL.std.450` call when `glsl`) with `result` computing
    /// on `ids` is a fallible operation on constant-derived operands; records its result as
    /// derived when every operand is.
    fn fallible(&mut self, opcode: Op, glsl: bool, result: Option<Word>, ids: &[Word], constant: impl Fn(Word) -> bool) -> bool {
        let Some(kind) = folded(opcode) else { return false };
        if (opcode == Op::ExtInst && !glsl) || ids.is_empty() {
            return false;
        }
        if !ids.iter().all(|&id| constant(id) || self.derived.contains(&id)) {
            return false;
        }
        if let Some(r) = result {
            self.derived.insert(r);
        }
        kind == Folded::Fallible
    }
}

/// Whether [`lower`] changes the module: some fallible operation computes on constant-derived
/// operands only.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    let constant = |id: Word| module.def(id).is_some_and(|d| is_constant(d.opcode));
    let glsl = |set: Option<&Word>| {
        set.and_then(|set| module.def(*set))
            .is_some_and(|d| d.opcode == Op::ExtInstImport && d.string_at(0).is_some_and(|(s, _)| s == "GLSL.std.450"))
    };
    // Nothing is derived unless some operation's operands are all constants: look for one first.
    let root = |i: &crate::spirv_view::Inst| {
        folded(i.opcode).is_some() && {
            let ids = &i.ids[skipped_ids(i.opcode).min(i.ids.len())..];
            !ids.is_empty() && ids.iter().all(|&id| constant(id))
        }
    };
    if !module.bodies().any(|i| root(&i)) {
        return false;
    }
    let mut derivation = Derivation::default();
    module.bodies().any(|i| {
        // A call's operands are `set, instruction, args…`, its ids `set, args…`: every argument an id.
        if i.opcode == Op::ExtInst && i.ids.len() + 1 != i.operands.len() {
            return false;
        }
        let skip = skipped_ids(i.opcode).min(i.ids.len());
        derivation.fallible(i.opcode, glsl(i.ids.first()), i.result_id, &i.ids[skip..], constant)
    })
}

pub fn lower(module: &mut dr::Module) -> bool {
    let glsl: HashSet<Word> = module
        .ext_inst_imports
        .iter()
        .filter(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "GLSL.std.450"))
        .filter_map(|i| i.result_id)
        .collect();
    let constants: HashMap<Word, Word> = module
        .types_global_values
        .iter()
        .filter(|i| is_constant(i.class.opcode))
        .filter_map(|i| Some((i.result_id?, i.result_type?)))
        .collect();
    // One walk in order: where each derived value is defined; each fallible operation on
    // derived operands reads its first operand's constant at run time (followed down through
    // derived values), which makes every value on the way a run-time value, so later operations
    // on them need nothing more. `reads`: (instruction, operand index, constant).
    let mut derivation = Derivation::default();
    let mut defined: HashMap<Word, (usize, usize)> = HashMap::new();
    let mut reads: BTreeSet<(usize, usize, usize, usize, Word)> = BTreeSet::new();
    for (fi, f) in module.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                let Some((is_glsl, ids)) = operation_ids(i, &glsl) else { continue };
                if !derivation.fallible(i.class.opcode, is_glsl, i.result_id, &ids, |id| constants.contains_key(&id)) {
                    if let Some(r) = i.result_id.filter(|r| derivation.derived.contains(r)) {
                        defined.insert(r, (bi, ii));
                    }
                    continue;
                }
                let mut at = (bi, ii);
                loop {
                    let i = &f.blocks[at.0].instructions[at.1];
                    if let Some(r) = i.result_id {
                        derivation.derived.remove(&r);
                    }
                    let skip = skipped_ids(i.class.opcode) * 2;
                    let first = i.operands.iter().enumerate().skip(skip).find_map(|(k, o)| match o {
                        Operand::IdRef(id) => Some((k, *id)),
                        _ => None,
                    });
                    let Some((k, id)) = first else { break };
                    if constants.contains_key(&id) {
                        reads.insert((fi, at.0, at.1, k, id));
                        break;
                    }
                    let Some(&next) = defined.get(&id) else { break };
                    at = next;
                }
            }
        }
    }
    if reads.is_empty() {
        return false;
    }
    // One private copy per constant.
    let mut copies: HashMap<Word, Word> = HashMap::new();
    for &(.., c) in &reads {
        if let std::collections::hash_map::Entry::Vacant(copy) = copies.entry(c) {
            copy.insert(super::private_variable(module, constants[&c], c));
        }
    }
    // Back to front, so earlier instruction indices stay valid.
    for &(fi, bi, ii, k, c) in reads.iter().rev() {
        let load = fresh_id(module);
        let block = &mut module.functions[fi].blocks[bi];
        block.instructions[ii].operands[k] = Operand::IdRef(load);
        block.instructions.insert(ii, Instruction::new(Op::Load, Some(constants[&c]), Some(load), vec![Operand::IdRef(copies[&c])]));
    }
    true
}

/// An instruction's computed-on ids, and whether it is a `GLSL.std.450` call; `None` for
/// instructions WGSL does not evaluate on constants, and calls with a literal argument.
fn operation_ids(i: &Instruction, glsl: &HashSet<Word>) -> Option<(bool, Vec<Word>)> {
    folded(i.class.opcode)?;
    let (is_glsl, args) = match (i.class.opcode, i.operands.as_slice()) {
        (Op::ExtInst, [Operand::IdRef(set), Operand::LiteralExtInstInteger(_), args @ ..]) => (glsl.contains(set), args),
        (Op::ExtInst, _) => return None,
        (_, all) => (false, all),
    };
    let ids: Vec<Word> = args.iter().filter_map(|a| if let Operand::IdRef(id) = a { Some(*id) } else { None }).collect();
    if i.class.opcode == Op::ExtInst && ids.len() != args.len() {
        return None;
    }
    Some((is_glsl, ids))
}
