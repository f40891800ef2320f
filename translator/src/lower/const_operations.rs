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
//! are `OpConstant*`, `OpUndef` (which naga reads as a zero value, a constant) and the results
//! of operations WGSL also evaluates on constants (compositions, extracts, shuffles,
//! comparisons, selects): an overflowing product of `vec2(big, 1.0).x` is found through the
//! extract. The constant read at run time is the first operand's, followed through derived
//! values down to a constant, so the derived value it passes through becomes a run-time value
//! too. An integer division or remainder reads its divisor at run time whenever the divisor
//! is constant-derived and may be zero, whatever the dividend: naga refuses `x / 0` even for a
//! run-time `x`. The derivation stays within a function (an id used in another function than
//! the one defining it is not followed).
//!
//! For example `asin(2.0943952)` in a clip distance, or `-2.8e21 * f32(-2.8e21)` (a product
//! through a conversion).

use super::fresh_id;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::{BTreeSet, HashMap, HashSet};

/// What WGSL's constant evaluation does with an operation whose operands are all constants.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Folded {
    /// Evaluated, and the evaluation can fail (overflow, a domain error).
    Fallible,
    /// An integer division or remainder: fallible, and refused by naga with a zero constant
    /// divisor even when the dividend is a run-time value.
    Divides,
    /// Evaluated without failing: the result is constant-derived.
    Passed,
}

fn folded(opcode: Op) -> Option<Folded> {
    use Op::*;
    Some(match opcode {
        ConvertFToU | ConvertFToS | ConvertSToF | ConvertUToF | UConvert | SConvert | FConvert | Bitcast | QuantizeToF16 | SNegate
        | FNegate | IAdd | FAdd | ISub | FSub | IMul | FMul | FDiv | FRem | FMod | VectorTimesScalar | MatrixTimesScalar
        | VectorTimesMatrix | MatrixTimesVector | MatrixTimesMatrix | OuterProduct | Dot | ShiftRightLogical | ShiftRightArithmetic
        | ShiftLeftLogical | ExtInst => Folded::Fallible,
        UDiv | SDiv | UMod | SRem | SMod => Folded::Divides,
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
    matches!(opcode, Op::Constant | Op::ConstantComposite | Op::ConstantNull | Op::ConstantTrue | Op::ConstantFalse | Op::Undef)
}

/// Whether a constant-derived value may be zero (in some component): `opcode` and `operands`
/// define it when it is a constant, a composition or a copy (`None` for another derived value,
/// which may be anything), and `component` answers the same for a composite's components (or a
/// copy's source). Composites nest at most as deep as their types (`module_checks` bounds
/// that); deeper than 16 counts as maybe zero.
fn may_be_zero(definition: Option<(Op, &[u32])>, component: &dyn Fn(Word, u32) -> bool, depth: u32) -> bool {
    match definition {
        Some((Op::Constant, literal)) => literal.iter().all(|w| *w == 0),
        Some((Op::ConstantComposite | Op::CompositeConstruct | Op::CopyObject, ids)) => {
            depth >= 16 || ids.iter().any(|&c| component(c, depth + 1))
        }
        Some((Op::ConstantTrue | Op::ConstantFalse, _)) => false,
        _ => true,
    }
}

/// Whether a derived value of `opcode` is made of its operands' values (for [`may_be_zero`]).
fn composes(opcode: Op) -> bool {
    matches!(opcode, Op::CompositeConstruct | Op::CopyObject)
}

/// The operands an operation computes on: every id but a call's instruction set.
fn skipped_ids(opcode: Op) -> usize {
    usize::from(opcode == Op::ExtInst)
}

/// Follows one function's instructions in order (definitions come before uses in SPIR-V's
/// block order; `OpPhi`, which may not, is never derived): which values are constant-derived,
/// and which operations need a run-time operand.
#[derive(Default)]
struct Derivation {
    derived: HashSet<Word>,
}

impl Derivation {
    /// For an instruction `opcode` (a `GLSL.std.450` call when `glsl`) with `result` computing
    /// on `ids`: the position in `ids` of the operand to read at run time, if it needs one;
    /// else records its result as derived when it passes constants through and every operand
    /// is constant-derived. `constant` says which ids are constants, `zero` whether a
    /// constant-derived id may be zero.
    fn run_time_operand(
        &mut self,
        opcode: Op,
        glsl: bool,
        result: Option<Word>,
        ids: &[Word],
        constant: impl Fn(Word) -> bool,
        zero: impl Fn(Word) -> bool,
    ) -> Option<usize> {
        let kind = folded(opcode)?;
        if (opcode == Op::ExtInst && !glsl) || ids.is_empty() {
            return None;
        }
        let derived = |id: Word| constant(id) || self.derived.contains(&id);
        if kind == Folded::Divides && ids.get(1).is_some_and(|&d| derived(d) && zero(d)) {
            return Some(1);
        }
        if !ids.iter().all(|&id| derived(id)) {
            return None;
        }
        match kind {
            Folded::Passed => {
                self.derived.extend(result);
                None
            }
            Folded::Fallible | Folded::Divides => Some(0),
        }
    }
}

/// Whether [`lower`] changes the module: some operation needs a run-time operand.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    let constant = |id: Word| module.def(id).is_some_and(|d| is_constant(d.opcode));
    fn zero(module: &crate::spirv_view::ModuleView, id: Word, depth: u32) -> bool {
        let d = module.def(id).filter(|d| is_constant(d.opcode) || composes(d.opcode));
        let definition = d.as_ref().map(|d| (d.opcode, if d.opcode == Op::Constant { d.operands } else { d.ids }));
        may_be_zero(definition, &|c, depth| zero(module, c, depth), depth)
    }
    let glsl = |set: Option<&Word>| {
        set.and_then(|set| module.def(*set))
            .is_some_and(|d| d.opcode == Op::ExtInstImport && d.string_at(0).is_some_and(|(s, _)| s == "GLSL.std.450"))
    };
    // Nothing is derived unless some operation's operands are all constants, and a divisor
    // needs a constant: look for either first.
    let root = |i: &crate::spirv_view::Inst| {
        folded(i.opcode).is_some_and(|kind| {
            let ids = &i.ids[skipped_ids(i.opcode).min(i.ids.len())..];
            (!ids.is_empty() && ids.iter().all(|&id| constant(id)))
                || (kind == Folded::Divides && ids.get(1).is_some_and(|&d| constant(d) && zero(module, d, 0)))
        })
    };
    if !module.bodies().any(|i| root(&i)) {
        return false;
    }
    module.functions().any(|f| {
        let mut derivation = Derivation::default();
        f.body().any(|i| {
            // A call's operands are `set, instruction, args…`, its ids `set, args…`: every argument an id.
            if i.opcode == Op::ExtInst && i.ids.len() + 1 != i.operands.len() {
                return false;
            }
            let skip = skipped_ids(i.opcode).min(i.ids.len());
            let ids = &i.ids[skip..];
            derivation.run_time_operand(i.opcode, glsl(i.ids.first()), i.result_id, ids, constant, |id| zero(module, id, 0)).is_some()
        })
    })
}

pub fn lower(module: &mut dr::Module) -> bool {
    let glsl: HashSet<Word> = super::glsl_std_imports(module).into_iter().collect();
    // The values `may_be_zero` reads, by id: constants (a function's own `OpUndef`s too: naga
    // reads them as zero values) and a function's compositions and copies, as (type, opcode,
    // operand words; a 64-bit literal as one word, zero only when it is, other literals as
    // zero: maybe zero).
    let words = |operands: &[Operand]| -> Vec<u32> {
        operands
            .iter()
            .map(|o| match o {
                Operand::LiteralBit32(w) | Operand::IdRef(w) => *w,
                Operand::LiteralBit64(w) => u32::from(*w != 0),
                _ => 0,
            })
            .collect()
    };
    let globals = module.types_global_values.iter().filter(|i| is_constant(i.class.opcode));
    let locals = module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions);
    let locals = locals.filter(|i| i.class.opcode == Op::Undef || composes(i.class.opcode));
    let values: HashMap<Word, (Word, Op, Vec<u32>)> =
        globals.chain(locals).filter_map(|i| Some((i.result_id?, (i.result_type?, i.class.opcode, words(&i.operands))))).collect();
    let constant = |id: Word| values.get(&id).is_some_and(|(_, op, _)| !composes(*op));
    fn zero(values: &HashMap<Word, (Word, Op, Vec<u32>)>, id: Word, depth: u32) -> bool {
        let definition = values.get(&id).map(|(_, op, words)| (*op, words.as_slice()));
        may_be_zero(definition, &|c, depth| zero(values, c, depth), depth)
    }
    // One walk per function, in order: where each derived value is defined; each operation
    // that needs a run-time operand reads that operand's constant at run time (followed down
    // through derived values, by their first operand), which makes every value on the way a
    // run-time value, so later operations on them need nothing more. `reads`: (function,
    // block, instruction, operand index, constant).
    let mut reads: BTreeSet<(usize, usize, usize, usize, Word)> = BTreeSet::new();
    for (fi, f) in module.functions.iter().enumerate() {
        let mut derivation = Derivation::default();
        let mut defined: HashMap<Word, (usize, usize)> = HashMap::new();
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                let Some((is_glsl, ids)) = operation_ids(i, &glsl) else { continue };
                let Some(mut position) =
                    derivation.run_time_operand(i.class.opcode, is_glsl, i.result_id, &ids, constant, |id| zero(&values, id, 0))
                else {
                    if let Some(r) = i.result_id.filter(|r| derivation.derived.contains(r)) {
                        defined.insert(r, (bi, ii));
                    }
                    continue;
                };
                let mut at = (bi, ii);
                loop {
                    let i = &f.blocks[at.0].instructions[at.1];
                    if let Some(r) = i.result_id {
                        derivation.derived.remove(&r);
                    }
                    let skip = skipped_ids(i.class.opcode) * 2;
                    let operand = i
                        .operands
                        .iter()
                        .enumerate()
                        .skip(skip)
                        .filter_map(|(k, o)| match o {
                            Operand::IdRef(id) => Some((k, *id)),
                            _ => None,
                        })
                        .nth(position);
                    let Some((k, id)) = operand else { break };
                    if constant(id) {
                        reads.insert((fi, at.0, at.1, k, id));
                        break;
                    }
                    // Derived values are defined earlier in this function.
                    let Some(&next) = defined.get(&id) else { break };
                    (at, position) = (next, 0);
                }
            }
        }
    }
    if reads.is_empty() {
        return false;
    }
    // One private copy per constant; an `OpUndef` (not a valid initializer, and perhaps
    // defined in a function) is copied as the zero value naga reads it as.
    let mut copies: HashMap<Word, Word> = HashMap::new();
    for &(.., c) in &reads {
        if let std::collections::hash_map::Entry::Vacant(copy) = copies.entry(c) {
            let (ty, op) = (values[&c].0, values[&c].1);
            let init = if op == Op::Undef { super::null_constant(module, ty) } else { c };
            copy.insert(super::private_variable(module, ty, init));
        }
    }
    // Back to front, so earlier instruction indices stay valid.
    for &(fi, bi, ii, k, c) in reads.iter().rev() {
        let load = fresh_id(module);
        let block = &mut module.functions[fi].blocks[bi];
        block.instructions[ii].operands[k] = Operand::IdRef(load);
        block.instructions.insert(ii, Instruction::new(Op::Load, Some(values[&c].0), Some(load), vec![Operand::IdRef(copies[&c])]));
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
