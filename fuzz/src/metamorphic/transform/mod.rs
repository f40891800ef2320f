//! Semantics-preserving transformations of one SPIR-V stage (the metamorphic fuzzer's
//! variants). Each takes a module and a seeded choice, changes one place, and says what it did;
//! a module it cannot apply to is left as it was (`None`). Every transformation keeps the
//! module valid (the tests run `spirv-val` on every variant) and its results bit-exact in real
//! arithmetic; where a compiler may round differently (a product by 1.0 stops a multiply-add
//! from contracting), the oracle's bound says so ([`super::ROUNDING_STEPS`]).

mod functions;
mod uniform;
mod wrap;

pub use uniform::NewUniform;

use crate::rng::XorShift as Rng;
use rspirv::dr::{Instruction, Module, Operand};
use spirv::{Decoration, Op, StorageClass, Word};

/// A transformation the fuzzer applies; [`Transformation::ALL`] in the order the shrinker
/// tries them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Transformation {
    /// `x` becomes `x * 1.0` (floats) or `x + 0` (integers) at one use.
    Identity,
    /// A scalar `x` becomes `vec2(x, x).y` at one use.
    Vectorise,
    /// A scalar constant used only by arithmetic becomes a specialization constant with the
    /// same default (the application specializes nothing): a value only the pipeline knows.
    ConstantToSpecConstant,
    /// Two adjacent pure instructions, neither using the other, swap places.
    Reorder,
    /// The entry point begins with a branch no invocation takes, to code that ends it: a
    /// fragment `OpKill` behind `FragCoord.x < 0`, a vertex `OpReturn` behind `VertexIndex < 0`
    /// (values only the draw knows).
    DeadBranch,
    /// The same branch on a uniform the variant's test fills with 0.0, compared `> 1.0`, in any
    /// graphics stage (GraphicsFuzz's `injectionSwitch`).
    DeadBranchUniform,
    /// Straight-line code moves into a loop whose back edge is taken while a specialization
    /// constant (default `false`) holds: it runs once.
    OneIterationLoop,
    /// Straight-line code moves into a selection on a specialization constant (default
    /// `true`); values it defines reach the rest through `OpPhi`.
    AlwaysTrue,
    /// Pure straight-line code moves into a new function, called with the values it reads.
    Outline,
    /// A call of a one-block function is replaced by a copy of the function's body.
    Inline,
    /// A scalar constant used only by arithmetic is read from a new uniform buffer that the
    /// variant's test fills with the same value.
    ConstantToUniform,
    /// A global variable or the entry point's function gets (as its debug name) a name the
    /// translator gives an item of its own (a demoted output, the stage as a function, an
    /// emission function): names change no result, and the translator must not take the
    /// user's item for its own.
    TranslatorName,
}

impl Transformation {
    pub const ALL: [Transformation; 12] = [
        Transformation::Identity,
        Transformation::Vectorise,
        Transformation::ConstantToSpecConstant,
        Transformation::Reorder,
        Transformation::DeadBranch,
        Transformation::DeadBranchUniform,
        Transformation::OneIterationLoop,
        Transformation::AlwaysTrue,
        Transformation::Outline,
        Transformation::Inline,
        Transformation::ConstantToUniform,
        Transformation::TranslatorName,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Transformation::Identity => "identity",
            Transformation::Vectorise => "vectorise",
            Transformation::ConstantToSpecConstant => "constant-to-spec-constant",
            Transformation::Reorder => "reorder",
            Transformation::DeadBranch => "dead-branch",
            Transformation::DeadBranchUniform => "dead-branch-uniform",
            Transformation::OneIterationLoop => "one-iteration-loop",
            Transformation::AlwaysTrue => "always-true",
            Transformation::Outline => "outline",
            Transformation::Inline => "inline",
            Transformation::ConstantToUniform => "constant-to-uniform",
            Transformation::TranslatorName => "translator-name",
        }
    }

    /// Whether the transformation adds a uniform buffer (and so needs a free binding).
    pub fn adds_uniform(self) -> bool {
        matches!(self, Transformation::ConstantToUniform | Transformation::DeadBranchUniform)
    }

    /// Applies the transformation at the place `rng` picks; `None` when the module has no such
    /// place. `binding` (set, binding) is free in every stage of the test, for a uniform buffer
    /// the transformation adds (returned with what it did).
    pub fn apply(self, m: &mut Module, rng: &mut Rng, binding: (u32, u32)) -> Option<(String, Option<NewUniform>)> {
        // (Most transformations change the module alone; those adding a uniform return it.)
        let alone = |what: Option<String>| what.map(|w| (w, None));
        let (set, binding) = binding;
        match self {
            Transformation::Identity => alone(identity(m, rng)),
            Transformation::Vectorise => alone(vectorise(m, rng)),
            Transformation::ConstantToSpecConstant => alone(constant_to_spec(m, rng)),
            Transformation::Reorder => alone(reorder(m, rng)),
            Transformation::DeadBranch => dead_branch(m, DeadCondition::Builtin),
            Transformation::DeadBranchUniform => dead_branch(m, DeadCondition::Uniform(set, binding)),
            Transformation::OneIterationLoop => alone(wrap::one_iteration_loop(m, rng)),
            Transformation::AlwaysTrue => alone(wrap::always_true(m, rng)),
            Transformation::Outline => alone(functions::outline(m, rng)),
            Transformation::Inline => alone(functions::inline(m, rng)),
            Transformation::ConstantToUniform => uniform::constant_to_uniform(m, rng, set, binding).map(|(w, u)| (w, Some(u))),
            Transformation::TranslatorName => alone(translator_name(m, rng)),
        }
    }
}

/// Instructions that compute a value from their operands alone (no memory, no control flow,
/// no derivatives, no side effects): they may move and their operands may be any value of the
/// right type.
fn pure(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        FAdd | FSub
            | FMul
            | FDiv
            | FNegate
            | IAdd
            | ISub
            | IMul
            | SNegate
            | BitwiseAnd
            | BitwiseOr
            | BitwiseXor
            | Not
            | FOrdLessThan
            | FOrdGreaterThan
            | FOrdLessThanEqual
            | FOrdGreaterThanEqual
            | FOrdEqual
            | FOrdNotEqual
            | FUnordLessThan
            | FUnordGreaterThan
            | FUnordNotEqual
            | SLessThan
            | SGreaterThan
            | SLessThanEqual
            | SGreaterThanEqual
            | ULessThan
            | UGreaterThan
            | IEqual
            | INotEqual
            | LogicalAnd
            | LogicalOr
            | LogicalNot
            | LogicalEqual
            | LogicalNotEqual
            | Select
            | CompositeConstruct
            | CompositeExtract
            | VectorShuffle
            | VectorTimesScalar
            | Dot
            | ConvertFToS
            | ConvertFToU
            | ConvertSToF
            | ConvertUToF
            | Bitcast
            | CopyObject
    )
}

/// The scalar type of `ty`: (width, float?, signed?) for `OpTypeFloat`/`OpTypeInt`.
fn scalar(m: &Module, ty: Word) -> Option<(u32, bool, bool)> {
    let def = m.types_global_values.iter().find(|i| i.result_id == Some(ty))?;
    match (def.class.opcode, def.operands.as_slice()) {
        (Op::TypeFloat, [Operand::LiteralBit32(w), ..]) => Some((*w, true, true)),
        (Op::TypeInt, [Operand::LiteralBit32(w), Operand::LiteralBit32(s)]) => Some((*w, false, *s == 1)),
        _ => None,
    }
}

fn next_id(m: &mut Module) -> Word {
    let header = m.header.get_or_insert_with(|| rspirv::dr::ModuleHeader::new(1));
    let id = header.bound;
    header.bound += 1;
    id
}

/// The id of a type or constant made by `make` if the module has none equal, added at the end
/// of the global section (after everything it may refer to).
fn global(m: &mut Module, opcode: Op, result_type: Option<Word>, operands: Vec<Operand>) -> Word {
    if let Some(id) = m
        .types_global_values
        .iter()
        .find(|i| i.class.opcode == opcode && i.result_type == result_type && i.operands == operands)
        .and_then(|i| i.result_id)
    {
        return id;
    }
    let id = next_id(m);
    m.types_global_values.push(Instruction::new(opcode, result_type, Some(id), operands));
    id
}

/// Uses of function-local 32-bit scalar values in pure instructions: (function, block,
/// instruction, operand) with the value's type.
fn scalar_uses(m: &Module) -> Vec<(usize, usize, usize, usize, Word)> {
    let mut types = std::collections::HashMap::new();
    for f in &m.functions {
        for b in &f.blocks {
            for i in &b.instructions {
                if let (Some(id), Some(ty)) = (i.result_id, i.result_type) {
                    types.insert(id, ty);
                }
            }
        }
    }
    let mut uses = Vec::new();
    for (fi, f) in m.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, i) in b.instructions.iter().enumerate() {
                if !pure(i.class.opcode) || matches!(i.class.opcode, Op::CompositeExtract | Op::VectorShuffle) {
                    continue;
                }
                for (oi, o) in i.operands.iter().enumerate() {
                    let Operand::IdRef(v) = o else { continue };
                    let Some(&ty) = types.get(v) else { continue };
                    if scalar(m, ty).is_some_and(|(w, _, _)| w == 32) {
                        uses.push((fi, bi, ii, oi, ty));
                    }
                }
            }
        }
    }
    uses
}

/// Inserts `inst` before instruction `ii` of the block and makes operand `oi` of what was there
/// use its result.
fn insert_before_use(m: &mut Module, (fi, bi, ii, oi): (usize, usize, usize, usize), inst: Vec<Instruction>, result: Word) {
    let block = &mut m.functions[fi].blocks[bi];
    block.instructions[ii].operands[oi] = Operand::IdRef(result);
    for (k, i) in inst.into_iter().enumerate() {
        block.instructions.insert(ii + k, i);
    }
}

fn identity(m: &mut Module, rng: &mut Rng) -> Option<String> {
    let uses = scalar_uses(m);
    if uses.is_empty() {
        return None;
    }
    let (fi, bi, ii, oi, ty) = uses[rng.below(uses.len() as u64) as usize];
    let Operand::IdRef(value) = m.functions[fi].blocks[bi].instructions[ii].operands[oi] else { return None };
    let (_, float, _) = scalar(m, ty)?;
    let (op, one) = if float {
        (Op::FMul, global(m, Op::Constant, Some(ty), vec![Operand::LiteralBit32(1.0f32.to_bits())]))
    } else {
        (Op::IAdd, global(m, Op::Constant, Some(ty), vec![Operand::LiteralBit32(0)]))
    };
    let result = next_id(m);
    let inst = Instruction::new(op, Some(ty), Some(result), vec![Operand::IdRef(value), Operand::IdRef(one)]);
    insert_before_use(m, (fi, bi, ii, oi), vec![inst], result);
    Some(format!("%{value} {} at a use in %{}", if float { "* 1.0" } else { "+ 0" }, m.functions[fi].blocks[bi].label_id().unwrap_or(0)))
}

fn vectorise(m: &mut Module, rng: &mut Rng) -> Option<String> {
    let uses = scalar_uses(m);
    if uses.is_empty() {
        return None;
    }
    let (fi, bi, ii, oi, ty) = uses[rng.below(uses.len() as u64) as usize];
    let Operand::IdRef(value) = m.functions[fi].blocks[bi].instructions[ii].operands[oi] else { return None };
    let vec2 = global(m, Op::TypeVector, None, vec![Operand::IdRef(ty), Operand::LiteralBit32(2)]);
    let (pair, result) = (next_id(m), next_id(m));
    let construct = Instruction::new(Op::CompositeConstruct, Some(vec2), Some(pair), vec![Operand::IdRef(value), Operand::IdRef(value)]);
    let extract = Instruction::new(Op::CompositeExtract, Some(ty), Some(result), vec![Operand::IdRef(pair), Operand::LiteralBit32(1)]);
    insert_before_use(m, (fi, bi, ii, oi), vec![construct, extract], result);
    Some(format!("%{value} as vec2(%{value}, %{value}).y"))
}

/// 32-bit scalar constants every use of which is an operand of a pure instruction in a
/// function (not an access chain's index, a type's length, a scope, another constant's part),
/// used at least once.
fn pure_constants(m: &Module) -> Vec<Word> {
    let mut ok: std::collections::BTreeMap<Word, bool> = m
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Constant && i.result_type.is_some_and(|t| scalar(m, t).is_some_and(|(w, _, _)| w == 32)))
        .filter_map(|i| i.result_id.map(|id| (id, false)))
        .collect();
    let disqualify = |id: Word, pure_use: bool, ok: &mut std::collections::BTreeMap<Word, bool>| {
        if let Some(v) = ok.get_mut(&id) {
            if pure_use {
                *v = true;
            } else {
                ok.remove(&id);
            }
        }
    };
    let all_globals: Vec<&Instruction> = m.types_global_values.iter().chain(m.annotations.iter()).collect();
    for i in all_globals {
        for id in i.operands.iter().filter_map(Operand::id_ref_any) {
            disqualify(id, false, &mut ok);
        }
    }
    for f in &m.functions {
        for b in &f.blocks {
            for i in &b.instructions {
                // (Scopes and memory semantics are ids too, which must stay `OpConstant`.)
                let p = pure(i.class.opcode);
                for (k, o) in i.operands.iter().enumerate() {
                    if let Some(id) = o.id_ref_any() {
                        disqualify(id, p && matches!(o, Operand::IdRef(_)) && !(i.class.opcode == Op::CompositeExtract && k > 0), &mut ok);
                    }
                }
            }
        }
    }
    ok.into_iter().filter(|(_, used)| *used).map(|(id, _)| id).collect()
}

fn constant_to_spec(m: &mut Module, rng: &mut Rng) -> Option<String> {
    let candidates = pure_constants(m);
    if candidates.is_empty() {
        return None;
    }
    let id = candidates[rng.below(candidates.len() as u64) as usize];
    let def = m.types_global_values.iter_mut().find(|i| i.result_id == Some(id))?;
    *def = Instruction::new(Op::SpecConstant, def.result_type, def.result_id, def.operands.clone());
    let spec_id = decorate_spec_id(m, id);
    Some(format!("constant %{id} as specialization constant {spec_id} (default unchanged)"))
}

/// Gives `id` a `SpecId` no other specialization constant of the module has (from 1000 on,
/// above the ids tests specialize); returns it.
fn decorate_spec_id(m: &mut Module, id: Word) -> u32 {
    let used: Vec<u32> = m
        .annotations
        .iter()
        .filter(|a| a.class.opcode == Op::Decorate && a.operands.get(1) == Some(&Operand::Decoration(Decoration::SpecId)))
        .filter_map(|a| match a.operands.get(2) {
            Some(Operand::LiteralBit32(n)) => Some(*n),
            _ => None,
        })
        .collect();
    let spec_id = (1000..).find(|n| !used.contains(n)).unwrap_or(u32::MAX);
    m.annotations.push(Instruction::new(
        Op::Decorate,
        None,
        None,
        vec![Operand::IdRef(id), Operand::Decoration(Decoration::SpecId), Operand::LiteralBit32(spec_id)],
    ));
    spec_id
}

/// A new boolean specialization constant with default `value` and its own `SpecId` (never
/// shared with one the test may specialize).
fn spec_bool(m: &mut Module, value: bool) -> Word {
    let bool_ty = global(m, Op::TypeBool, None, vec![]);
    let id = next_id(m);
    let op = if value { Op::SpecConstantTrue } else { Op::SpecConstantFalse };
    m.types_global_values.push(Instruction::new(op, Some(bool_ty), Some(id), vec![]));
    decorate_spec_id(m, id);
    id
}

/// The definition of a type or global value.
fn global_def(m: &Module, id: Word) -> Option<&Instruction> {
    m.types_global_values.iter().find(|i| i.result_id == Some(id))
}

/// A type a value of which may be passed, returned and merged by `OpPhi` in any module:
/// scalars, vectors, matrices, and arrays and structs of them (no pointers, no opaque types).
fn plain_value_type(m: &Module, ty: Word) -> bool {
    let Some(def) = global_def(m, ty) else { return false };
    match def.class.opcode {
        Op::TypeBool | Op::TypeInt | Op::TypeFloat => true,
        Op::TypeVector | Op::TypeMatrix | Op::TypeArray => {
            matches!(def.operands.first(), Some(Operand::IdRef(e)) if plain_value_type(m, *e))
        }
        Op::TypeStruct => def.operands.iter().all(|o| matches!(o, Operand::IdRef(e) if plain_value_type(m, *e))),
        _ => false,
    }
}

/// The result type of every value defined in the module's functions (parameters included).
fn local_types(m: &Module) -> std::collections::HashMap<Word, Word> {
    let mut types = std::collections::HashMap::new();
    for f in &m.functions {
        for i in f.parameters.iter().chain(f.blocks.iter().flat_map(|b| b.instructions.iter())) {
            if let (Some(id), Some(ty)) = (i.result_id, i.result_type) {
                types.insert(id, ty);
            }
        }
    }
    types
}

fn reorder(m: &mut Module, rng: &mut Rng) -> Option<String> {
    let mut places = Vec::new();
    for (fi, f) in m.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for ii in 0..b.instructions.len().saturating_sub(1) {
                let (a, c) = (&b.instructions[ii], &b.instructions[ii + 1]);
                if !pure(a.class.opcode) || !pure(c.class.opcode) {
                    continue;
                }
                let Some(ra) = a.result_id else { continue };
                if c.operands.iter().any(|o| *o == Operand::IdRef(ra)) {
                    continue;
                }
                places.push((fi, bi, ii));
            }
        }
    }
    if places.is_empty() {
        return None;
    }
    let (fi, bi, ii) = places[rng.below(places.len() as u64) as usize];
    let b = &mut m.functions[fi].blocks[bi];
    b.instructions.swap(ii, ii + 1);
    Some(format!("%{} and %{} swapped", b.instructions[ii].result_id.unwrap_or(0), b.instructions[ii + 1].result_id.unwrap_or(0)))
}

/// Names the translator gives items of its own in a stage's module, which it finds again by
/// name.
const TRANSLATOR_NAMES: [&str; 8] = [
    tesserae::points::POINT_SIZE_GLOBAL,
    tesserae::vertex_function::CULL_GLOBAL,
    tesserae::vertex_function::LAYER_GLOBAL,
    tesserae::vertex_function::VIEWPORT_GLOBAL,
    tesserae::vertex_function::FUNCTION,
    tesserae::lower::geometry_emit::EMIT_FUNCTION,
    tesserae::lower::xfb_capture::CAPTURE_GLOBAL,
    tesserae::geometry::POSITION_GLOBAL,
];

fn translator_name(m: &mut Module, rng: &mut Rng) -> Option<String> {
    let globals = m.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable).filter_map(|i| i.result_id);
    let entry = m.entry_points.first().and_then(|e| match e.operands.get(1) {
        Some(Operand::IdRef(f)) => Some(*f),
        _ => None,
    });
    let places: Vec<Word> = globals.chain(entry).collect();
    if places.is_empty() {
        return None;
    }
    let id = places[rng.below(places.len() as u64) as usize];
    let name = TRANSLATOR_NAMES[rng.below(TRANSLATOR_NAMES.len() as u64) as usize];
    m.debug_names.retain(|n| !(n.class.opcode == Op::Name && n.operands.first() == Some(&Operand::IdRef(id))));
    m.debug_names.push(Instruction::new(Op::Name, None, None, vec![Operand::IdRef(id), Operand::LiteralString(name.into())]));
    Some(format!("%{id} named `{name}`"))
}

/// The built-in input variable `builtin` of type `ty` the entry point lists, declared and
/// listed when it has none.
fn builtin_input(m: &mut Module, builtin: spirv::BuiltIn, ty: Word) -> Option<Word> {
    let existing = m.annotations.iter().find_map(|a| {
        (a.class.opcode == Op::Decorate
            && a.operands.get(1) == Some(&Operand::Decoration(Decoration::BuiltIn))
            && a.operands.get(2) == Some(&Operand::BuiltIn(builtin)))
        .then(|| match a.operands.first() {
            Some(Operand::IdRef(id)) => Some(*id),
            _ => None,
        })
        .flatten()
    });
    if let Some(var) = existing {
        // Only a variable of exactly this type (not a member of a block) is used here.
        let ptr = m.types_global_values.iter().find(|i| i.result_id == Some(var))?.result_type?;
        let pointee = m.types_global_values.iter().find(|i| i.result_id == Some(ptr))?;
        return (pointee.operands.get(1) == Some(&Operand::IdRef(ty))).then_some(var);
    }
    let ptr = global(m, Op::TypePointer, None, vec![Operand::StorageClass(StorageClass::Input), Operand::IdRef(ty)]);
    let var = next_id(m);
    m.types_global_values.push(Instruction::new(Op::Variable, Some(ptr), Some(var), vec![Operand::StorageClass(StorageClass::Input)]));
    m.annotations.push(Instruction::new(
        Op::Decorate,
        None,
        None,
        vec![Operand::IdRef(var), Operand::Decoration(Decoration::BuiltIn), Operand::BuiltIn(builtin)],
    ));
    m.entry_points.first_mut()?.operands.push(Operand::IdRef(var));
    Some(var)
}

/// What a dead branch's condition reads.
#[derive(Debug, Clone, Copy)]
enum DeadCondition {
    /// `FragCoord.x < 0` (fragment) or `VertexIndex < 0` (vertex).
    Builtin,
    /// A uniform at (set, binding) that the test fills with 0, compared `> 1` (any stage).
    Uniform(u32, u32),
}

fn dead_branch(m: &mut Module, condition: DeadCondition) -> Option<(String, Option<NewUniform>)> {
    use spirv::ExecutionModel as Em;
    let entry = m.entry_points.first()?;
    let (Some(Operand::ExecutionModel(model)), Some(Operand::IdRef(main))) =
        (entry.operands.first().cloned(), entry.operands.get(1).cloned())
    else {
        return None;
    };
    let f = m.functions.iter().position(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(main))?;
    // Only a void entry point whose first block opens no construct of its own is split here.
    let first = m.functions[f].blocks.first()?;
    if first.instructions.iter().any(|i| matches!(i.class.opcode, Op::SelectionMerge | Op::LoopMerge)) {
        return None;
    }
    // (`OpKill` is deprecated from SPIR-V 1.6 on; an early return ends the invocation too.)
    let kill = model == Em::Fragment && m.header.as_ref().is_some_and(|h| h.version() < (1, 6));
    let end = if kill { Op::Kill } else { Op::Return };
    let bool_ty = global(m, Op::TypeBool, None, vec![]);
    let float = global(m, Op::TypeFloat, None, vec![Operand::LiteralBit32(32)]);
    let int = global(m, Op::TypeInt, None, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(1)]);
    let cond = next_id(m);
    let (guard, reads, uniform) = match (condition, model) {
        (DeadCondition::Builtin, Em::Fragment) => {
            let vec4 = global(m, Op::TypeVector, None, vec![Operand::IdRef(float), Operand::LiteralBit32(4)]);
            let var = builtin_input(m, spirv::BuiltIn::FragCoord, vec4)?;
            let (loaded, x, zero) = (next_id(m), next_id(m), global(m, Op::Constant, Some(float), vec![Operand::LiteralBit32(0)]));
            let guard = vec![
                Instruction::new(Op::Load, Some(vec4), Some(loaded), vec![Operand::IdRef(var)]),
                Instruction::new(Op::CompositeExtract, Some(float), Some(x), vec![Operand::IdRef(loaded), Operand::LiteralBit32(0)]),
                Instruction::new(Op::FOrdLessThan, Some(bool_ty), Some(cond), vec![Operand::IdRef(x), Operand::IdRef(zero)]),
            ];
            (guard, "FragCoord.x < 0".to_string(), None)
        }
        (DeadCondition::Builtin, Em::Vertex) => {
            let var = builtin_input(m, spirv::BuiltIn::VertexIndex, int)?;
            let (loaded, zero) = (next_id(m), global(m, Op::Constant, Some(int), vec![Operand::LiteralBit32(0)]));
            let guard = vec![
                Instruction::new(Op::Load, Some(int), Some(loaded), vec![Operand::IdRef(var)]),
                Instruction::new(Op::SLessThan, Some(bool_ty), Some(cond), vec![Operand::IdRef(loaded), Operand::IdRef(zero)]),
            ];
            (guard, "VertexIndex < 0".to_string(), None)
        }
        (
            DeadCondition::Uniform(set, binding),
            Em::Vertex | Em::Fragment | Em::TessellationControl | Em::TessellationEvaluation | Em::Geometry,
        ) => {
            let (mut guard, loaded) = uniform::declare(m, float, set, binding).load(m);
            let one = global(m, Op::Constant, Some(float), vec![Operand::LiteralBit32(1.0f32.to_bits())]);
            guard.push(Instruction::new(Op::FOrdGreaterThan, Some(bool_ty), Some(cond), vec![Operand::IdRef(loaded), Operand::IdRef(one)]));
            let u = NewUniform { set, binding, row: "float 0.0".into() };
            (guard, format!("a uniform at set {set}, binding {binding} (the test fills 0.0) > 1"), Some(u))
        }
        _ => return None,
    };
    let (dead, rest) = (next_id(m), next_id(m));
    let func = &mut m.functions[f];
    let entry_label = func.blocks[0].label_id()?;
    // The entry block's successors now have `rest` for parent.
    for b in func.blocks.iter_mut().skip(1) {
        for i in b.instructions.iter_mut().filter(|i| i.class.opcode == Op::Phi) {
            for o in i.operands.iter_mut().skip(1).step_by(2) {
                if *o == Operand::IdRef(entry_label) {
                    *o = Operand::IdRef(rest);
                }
            }
        }
    }
    let first = &mut func.blocks[0];
    // Variables stay at the top of the first block; everything after them moves to `rest`.
    let split = first.instructions.iter().rposition(|i| i.class.opcode == Op::Variable).map_or(0, |p| p + 1);
    let moved: Vec<Instruction> = first.instructions.drain(split..).collect();
    first.instructions.extend(guard);
    first.instructions.push(Instruction::new(
        Op::SelectionMerge,
        None,
        None,
        vec![Operand::IdRef(rest), Operand::SelectionControl(spirv::SelectionControl::NONE)],
    ));
    first.instructions.push(Instruction::new(
        Op::BranchConditional,
        None,
        None,
        vec![Operand::IdRef(cond), Operand::IdRef(dead), Operand::IdRef(rest)],
    ));
    let mut dead_block = rspirv::dr::Block::new();
    dead_block.label = Some(Instruction::new(Op::Label, None, Some(dead), vec![]));
    dead_block.instructions.push(Instruction::new(end, None, None, vec![]));
    let mut rest_block = rspirv::dr::Block::new();
    rest_block.label = Some(Instruction::new(Op::Label, None, Some(rest), vec![]));
    rest_block.instructions = moved;
    func.blocks.insert(1, dead_block);
    func.blocks.insert(2, rest_block);
    let end = if end == Op::Kill { "OpKill" } else { "OpReturn" };
    Some((format!("{end} behind {reads} at the entry"), uniform))
}
