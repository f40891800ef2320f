//! SPIR-V → SPIR-V lowering passes, one per file, run on rspirv's data representation before
//! naga sees the module.
//!
//! Invariant: every pass leaves a module that is valid SPIR-V for its stage (types defined
//! before use, ids below the header bound), so passes compose in any order.

pub(crate) mod access_chains;
pub mod atomic_signedness;
pub mod buffer_block_names;
pub mod builtin_output;
pub(crate) mod cfg;
pub mod clip_discard;
pub mod clip_to_varying;
pub mod combined_sampler;
pub mod composite_select;
pub mod const_operations;
pub mod constant_indices;
pub mod copy_logical;
pub mod decoration_hints;
pub mod default_position;
pub mod demote;
pub mod descriptor_arrays;
pub mod descriptor_select;
pub mod draw_parameters;
pub mod drop_non_semantic;
pub mod drop_xfb;
pub mod extended_arithmetic;
pub mod flatten_io;
pub mod float_classify;
pub mod float_controls;
pub mod float_specials;
pub mod fragment_test_modes;
pub mod geometry_emit;
pub mod half_bitcast;
pub mod input_attachments;
pub mod int_width_constants;
pub mod interpolate_at_identity;
pub mod interpolation;
pub(crate) mod load;
pub mod memory_access_operands;
pub mod memory_qualifiers;
pub mod modf_frexp_out;
pub mod modf_frexp_struct;
pub mod non_writable_blocks;
pub mod pack_components;
pub mod packed_vectors;
pub mod point_coord;
pub mod pointer_comparisons;
pub mod pointer_returns;
pub mod pointers_across_blocks;
pub mod primitive_id;
pub mod push_constants;
pub mod reserved_names;
pub mod row_major;
pub mod sample_mask;
pub mod scalar_geometric;
pub mod shift_signedness;
pub mod signed_operations;
pub mod specialize;
pub mod std140;
pub mod switch_fallthrough;
pub mod switch_loop_break;
pub mod terminate_invocation;
pub mod tess_io;
pub mod texture_per_sampler;
pub mod undef_globals;
pub mod unreachable_returns;
pub mod unread_block_tail;
pub mod unwritten_builtin_inputs;
pub mod variable_pointers;
pub mod vector_logical;
mod whole_values;
pub mod widen_fragment_outputs;
pub mod widen_inputs;
pub mod workgroup_null_init;
pub mod xfb_capture;

use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, StorageClass, Word};

/// A pass with a predicate saying whether it may change a module (so the module's rspirv form
/// need not be built where none applies): `(profile phase name, applies, pass)`.
pub(crate) type PredicatedPass = (&'static str, fn(&crate::spirv_view::ModuleView) -> bool, fn(&mut dr::Module) -> bool);

/// The pass [`crate::reflect::load`] runs first on every input, before transform feedback's
/// capture and [`ON_INPUT`] add names of the translator's own (`reserved_names`).
pub(crate) const FIRST: PredicatedPass = ("lower: reserved_names", reserved_names::applies, reserved_names::lower);

/// The passes [`crate::reflect::load`] runs on every input, in order, before reflecting.
pub(crate) const ON_INPUT: [PredicatedPass; 6] = [
    ("lower: drop_non_semantic", drop_non_semantic::applies, drop_non_semantic::lower),
    ("lower: decoration_hints", decoration_hints::applies, decoration_hints::lower),
    ("lower: memory_qualifiers", memory_qualifiers::applies, memory_qualifiers::lower),
    ("lower: drop_xfb", drop_xfb::applies, drop_xfb::lower),
    ("lower: buffer_block_names", buffer_block_names::applies, buffer_block_names::lower),
    ("lower: non_writable_blocks", non_writable_blocks::applies, non_writable_blocks::lower),
];

/// The passes every loaded (and specialized) stage goes through, in order
/// (`crate::load_specialized`).
pub(crate) const ON_LOADED: [PredicatedPass; 29] = [
    ("lower: float_specials", float_specials::applies, float_specials::lower),
    ("lower: demote", demote::applies, demote::lower),
    ("lower: terminate_invocation", terminate_invocation::applies, terminate_invocation::lower),
    ("lower: switch_loop_break", switch_loop_break::applies, switch_loop_break::lower),
    ("lower: switch_fallthrough", switch_fallthrough::applies, switch_fallthrough::lower),
    ("lower: unreachable_returns", unreachable_returns::applies, unreachable_returns::lower),
    ("lower: interpolate_at_identity", interpolate_at_identity::applies, interpolate_at_identity::lower),
    ("lower: pointer_returns", pointer_returns::applies, pointer_returns::lower),
    ("lower: variable_pointers", variable_pointers::applies, variable_pointers::lower),
    ("lower: pointer_comparisons", pointer_comparisons::applies, pointer_comparisons::lower),
    ("lower: pointers_across_blocks", pointers_across_blocks::applies, pointers_across_blocks::lower),
    ("lower: extended_arithmetic", extended_arithmetic::applies, extended_arithmetic::lower),
    ("lower: modf_frexp_out", modf_frexp_out::applies, modf_frexp_out::lower),
    ("lower: modf_frexp_struct", modf_frexp_struct::applies, modf_frexp_struct::lower),
    ("lower: float_classify", float_classify::applies, float_classify::lower),
    ("lower: constant_indices", constant_indices::applies, constant_indices::lower),
    ("lower: fragment_test_modes", fragment_test_modes::applies, fragment_test_modes::lower),
    ("lower: copy_logical", copy_logical::applies, copy_logical::lower),
    ("lower: scalar_geometric", scalar_geometric::applies, scalar_geometric::lower),
    ("lower: undef_globals", undef_globals::applies, undef_globals::lower),
    ("lower: const_operations", const_operations::applies, const_operations::lower),
    ("lower: shift_signedness", shift_signedness::applies, shift_signedness::lower),
    ("lower: signed_operations", signed_operations::applies, signed_operations::lower),
    ("lower: workgroup_null_init", workgroup_null_init::applies, workgroup_null_init::lower),
    ("lower: memory_access_operands", memory_access_operands::applies, memory_access_operands::lower),
    ("lower: int_width_constants", int_width_constants::applies, int_width_constants::lower),
    ("lower: vector_logical", vector_logical::applies, vector_logical::lower),
    ("lower: widen_fragment_outputs", widen_fragment_outputs::applies, widen_fragment_outputs::lower),
    ("lower: half_bitcast", half_bitcast::applies, half_bitcast::lower),
];

/// A pass that may refuse the module (`Err` names what it cannot rewrite), with its predicate:
/// `(profile phase name, applies, pass)`; the pass returns whether it changed the module.
pub(crate) type FalliblePass = (&'static str, fn(&crate::spirv_view::ModuleView) -> bool, fn(&mut dr::Module) -> Result<bool, String>);

/// The passes `ResourceContext::prepare` runs on every stage, in order, after splitting arrays
/// of descriptors and combined samplers (each a refusal by name when it fails).
pub(crate) const ON_RESOURCES: [FalliblePass; 9] = [
    ("lower: unread_block_tail", unread_block_tail::applies, unread_block_tail::lower),
    ("lower: float_controls", float_controls::applies, float_controls::lower),
    ("lower: atomic_signedness", atomic_signedness::applies, atomic_signedness::lower),
    ("lower: composite_select", composite_select::applies, composite_select::lower),
    ("lower: input_attachments", input_attachments::applies, input_attachments::lower),
    ("lower: sample_mask", sample_mask::applies, sample_mask::lower),
    ("lower: row_major", row_major::applies, row_major::lower),
    ("lower: std140", std140::applies, std140::lower),
    ("lower: packed_vectors", packed_vectors::applies, packed_vectors::lower),
];

/// Checks the predicates on `words` (which must pass [`crate::reflect::check_header`]): a
/// pass whose predicate says it does not apply changes nothing (and does not fail). The
/// passes that run when a module is loaded ([`FIRST`], [`ON_INPUT`]) are checked on the input, the others
/// ([`ON_LOADED`] and [`ON_RESOURCES`]) on the loaded module; modules that do not
/// load are skipped (the passes assume the load checks). Debug builds check every skipped pass
/// of every translation; the `spirv_words` fuzz target and the translator tests check this on
/// their inputs, in release builds too.
pub fn check_predicates(words: &[u32]) -> Result<(), String> {
    let Ok(loaded) = crate::reflect::load(words, None) else { return Ok(()) };
    let Some((input, _)) = crate::spirv_view::ModuleView::read(words) else { return Ok(()) };
    let Ok(module) = crate::spirv_reader::load_words(words) else { return Ok(()) };
    let on_input = std::iter::once(&FIRST).chain(&ON_INPUT).map(|p| (p, &input, &module));
    let on_loaded = ON_LOADED.iter().map(|p| (p, loaded.view(), loaded.module()));
    let changed = |name: &str| Err(format!("{name} changed a module its predicate says it does not apply to"));
    for ((name, applies, pass), view, module) in on_input.chain(on_loaded) {
        if !applies(view) && pass(&mut module.clone()) {
            return changed(name);
        }
    }
    // (A refusal counts as a change: the pass would have failed a module it says it skips.)
    for (name, applies, pass) in &ON_RESOURCES {
        if !applies(loaded.view()) && pass(&mut loaded.module().clone()).unwrap_or(true) {
            return changed(name);
        }
    }
    Ok(())
}

/// The type of every value the module defines (global values, function parameters and
/// instructions).
pub(crate) fn value_types(module: &dr::Module) -> std::collections::HashMap<Word, Word> {
    let globals = module.types_global_values.iter();
    let params = module.functions.iter().flat_map(|f| f.parameters.iter());
    let body = module.functions.iter().flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter()));
    globals.chain(params).chain(body).filter_map(|i| Some((i.result_id?, i.result_type?))).collect()
}

/// Allocates a fresh id by bumping the header's bound.
pub(crate) fn fresh_id(module: &mut dr::Module) -> Word {
    let header = module.header.get_or_insert_with(|| dr::ModuleHeader::new(1));
    let id = header.bound.max(1);
    header.bound = id + 1;
    id
}

/// `u32`, or a vector of `count` of them.
pub(crate) fn uint_type(module: &mut dr::Module, count: Option<u32>) -> Word {
    let uint = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    match count {
        None => uint,
        Some(n) => type_id(module, Op::TypeVector, vec![Operand::IdRef(uint), Operand::LiteralBit32(n)]),
    }
}

/// A `u32` constant, or a vector of `count` of it ([`uint_type`]).
pub(crate) fn uint_constant(module: &mut dr::Module, count: Option<u32>, bits: u32) -> Word {
    let uint = uint_type(module, None);
    let scalar = constant(module, uint, bits);
    let Some(n) = count else { return scalar };
    let ty = uint_type(module, count);
    let operands = vec![Operand::IdRef(scalar); n as usize];
    let existing = module
        .types_global_values
        .iter()
        .find(|i| i.class.opcode == Op::ConstantComposite && i.result_type == Some(ty) && i.operands == operands);
    if let Some(id) = existing.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    module.types_global_values.push(Instruction::new(Op::ConstantComposite, Some(ty), Some(id), operands));
    id
}

/// A module-scope `OpUndef` of type `ty`, added if missing.
pub(crate) fn undef(module: &mut dr::Module, ty: Word) -> Word {
    let existing = module.types_global_values.iter().find(|i| i.class.opcode == Op::Undef && i.result_type == Some(ty));
    if let Some(id) = existing.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    module.types_global_values.push(Instruction::new(Op::Undef, Some(ty), Some(id), vec![]));
    id
}

/// Returns `OpTypePointer sc pointee`, adding it at the end of the global section if missing
/// (valid: the pointee is already defined earlier).
pub(crate) fn pointer_type(module: &mut dr::Module, sc: StorageClass, pointee: Word) -> Word {
    for inst in &module.types_global_values {
        if inst.class.opcode == Op::TypePointer && inst.operands.as_slice() == [Operand::StorageClass(sc), Operand::IdRef(pointee)] {
            if let Some(id) = inst.result_id {
                return id;
            }
        }
    }
    let id = fresh_id(module);
    module.types_global_values.push(Instruction::new(
        Op::TypePointer,
        None,
        Some(id),
        vec![Operand::StorageClass(sc), Operand::IdRef(pointee)],
    ));
    id
}

/// The module's global definitions (types, constants, variables) by id, copied: the passes
/// that read them change the module meanwhile.
pub(crate) fn global_defs(module: &dr::Module) -> std::collections::HashMap<Word, Instruction> {
    module.types_global_values.iter().filter_map(|i| i.result_id.map(|id| (id, i.clone()))).collect()
}

/// The value of a 32-bit integer `OpConstant`, given its definition (specialization constants
/// are frozen before the passes that read indices run).
pub(crate) fn constant_value(def: Option<&Instruction>) -> Option<u32> {
    match def.map(|i| (i.class.opcode, i.operands.as_slice())) {
        Some((Op::Constant, [Operand::LiteralBit32(v)])) => Some(*v),
        _ => None,
    }
}

/// Struct member names (`OpMemberName`) by (struct, member).
pub(crate) fn member_names(module: &dr::Module) -> std::collections::HashMap<(Word, u32), String> {
    module
        .debug_names
        .iter()
        .filter_map(|n| match (n.class.opcode, n.operands.as_slice()) {
            (Op::MemberName, [Operand::IdRef(t), Operand::LiteralBit32(m), Operand::LiteralString(name)]) => Some(((*t, *m), name.clone())),
            _ => None,
        })
        .collect()
}

/// `seeds` and every type that holds one (arrays of it, structs with a member of it), in one
/// pass over the module's types (which are defined before their uses).
pub(crate) fn containing_types(module: &dr::Module, seeds: &[Word]) -> Vec<Word> {
    let mut set: Vec<Word> = seeds.to_vec();
    for t in &module.types_global_values {
        let holds = match t.class.opcode {
            Op::TypeArray | Op::TypeRuntimeArray => matches!(t.operands.first(), Some(Operand::IdRef(e)) if set.contains(e)),
            Op::TypeStruct => t.operands.iter().any(|m| matches!(m, Operand::IdRef(e) if set.contains(e))),
            _ => false,
        };
        if let (true, Some(id)) = (holds, t.result_id) {
            if !set.contains(&id) {
                set.push(id);
            }
        }
    }
    set
}

/// The first storage class outside `allowed` that a pointer type to one of `types` names.
pub(crate) fn pointed_from_outside(module: &dr::Module, types: &[Word], allowed: &[StorageClass]) -> Option<StorageClass> {
    module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypePointer).find_map(|p| match p.operands.as_slice() {
        [Operand::StorageClass(sc), Operand::IdRef(t)] if types.contains(t) && !allowed.contains(sc) => Some(*sc),
        _ => None,
    })
}

/// Replaces every use of `from` by `to` in function bodies.
pub(crate) fn replace_uses_in_functions(module: &mut dr::Module, from: Word, to: Word) {
    for f in &mut module.functions {
        for b in &mut f.blocks {
            for inst in &mut b.instructions {
                for op in &mut inst.operands {
                    if *op == Operand::IdRef(from) {
                        *op = Operand::IdRef(to);
                    }
                }
            }
        }
    }
}

/// The ids of the module's `GLSL.std.450` imports (the extended instructions the passes
/// rewrite name their set by one of these).
pub(crate) fn glsl_std_imports(module: &dr::Module) -> Vec<Word> {
    module
        .ext_inst_imports
        .iter()
        .filter(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "GLSL.std.450"))
        .filter_map(|i| i.result_id)
        .collect()
}

/// Every id an instruction refers to (operands and result types), but the targets of debug
/// names and decorations.
pub(crate) fn referenced_ids(module: &dr::Module) -> std::collections::HashSet<Word> {
    let functions = module.functions.iter().flat_map(|f| {
        f.def
            .iter()
            .chain(f.parameters.iter())
            .chain(f.blocks.iter().flat_map(|b| b.label.iter().chain(b.instructions.iter())))
            .chain(f.end.iter())
    });
    let globals = module.entry_points.iter().chain(module.execution_modes.iter()).chain(module.types_global_values.iter());
    let mut ids = std::collections::HashSet::new();
    for i in globals.chain(functions) {
        ids.extend(i.result_type);
        ids.extend(i.operands.iter().filter_map(|op| op.id_ref_any()));
    }
    // A decoration's operands after its target (`OpDecorateId`) refer to ids too.
    ids.extend(module.annotations.iter().flat_map(|i| i.operands.iter().skip(1)).filter_map(|op| op.id_ref_any()));
    ids
}

/// Drops the names and decorations of `ids` (instructions the caller removed).
pub(crate) fn forget_ids(module: &mut dr::Module, ids: &std::collections::HashSet<Word>) {
    let names = |i: &Instruction| matches!(i.operands.first(), Some(Operand::IdRef(t)) if ids.contains(t));
    module.debug_names.retain(|i| !names(i));
    module.annotations.retain(|i| !names(i));
}

/// SPIR-V 1.4 and later list every global used by the entry point in its interface.
pub(crate) fn interface_lists_all_globals(module: &dr::Module) -> bool {
    module.header.as_ref().is_some_and(|h| h.version >= 0x0001_0400)
}

/// Returns the id of a type instruction with exactly these operands, adding it if missing.
pub(crate) fn type_id(module: &mut dr::Module, op: Op, operands: Vec<Operand>) -> Word {
    if let Some(id) = module.types_global_values.iter().find(|i| i.class.opcode == op && i.operands == operands).and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    module.types_global_values.push(Instruction::new(op, None, Some(id), operands));
    id
}

pub(crate) fn float_type(module: &mut dr::Module) -> Word {
    type_id(module, Op::TypeFloat, vec![Operand::LiteralBit32(32)])
}

pub(crate) fn vec4_type(module: &mut dr::Module) -> Word {
    let f = float_type(module);
    type_id(module, Op::TypeVector, vec![Operand::IdRef(f), Operand::LiteralBit32(4)])
}

/// `OpConstant` of a 32-bit type (`bits` as written in the module).
pub(crate) fn constant(module: &mut dr::Module, ty: Word, bits: u32) -> Word {
    if let Some(id) = module
        .types_global_values
        .iter()
        .find(|i| i.class.opcode == Op::Constant && i.result_type == Some(ty) && i.operands == [Operand::LiteralBit32(bits)])
        .and_then(|i| i.result_id)
    {
        return id;
    }
    let id = fresh_id(module);
    module.types_global_values.push(Instruction::new(Op::Constant, Some(ty), Some(id), vec![Operand::LiteralBit32(bits)]));
    id
}

/// `OpConstantNull` of `ty`, added at the end of the global section if missing (valid: the
/// type is defined earlier).
pub(crate) fn null_constant(module: &mut dr::Module, ty: Word) -> Word {
    let existing = module.types_global_values.iter().find(|i| i.class.opcode == Op::ConstantNull && i.result_type == Some(ty));
    if let Some(id) = existing.and_then(|i| i.result_id) {
        return id;
    }
    let id = fresh_id(module);
    module.types_global_values.push(Instruction::new(Op::ConstantNull, Some(ty), Some(id), Vec::new()));
    id
}

/// A private variable of type `ty` initialized with the constant `init`, listed in the entry
/// points' interfaces where SPIR-V 1.4+ requires every global there.
pub(crate) fn private_variable(module: &mut dr::Module, ty: Word, init: Word) -> Word {
    let ptr = pointer_type(module, StorageClass::Private, ty);
    let var = fresh_id(module);
    module.types_global_values.push(Instruction::new(
        Op::Variable,
        Some(ptr),
        Some(var),
        vec![Operand::StorageClass(StorageClass::Private), Operand::IdRef(init)],
    ));
    if interface_lists_all_globals(module) {
        for ep in &mut module.entry_points {
            ep.operands.push(Operand::IdRef(var));
        }
    }
    var
}

/// A new variable in `sc` of type `pointee`, decorated with `Location`, listed in every entry
/// point's interface.
pub(crate) fn add_located_variable(module: &mut dr::Module, sc: StorageClass, pointee: Word, location: u32) -> Word {
    let ptr = pointer_type(module, sc, pointee);
    let var = fresh_id(module);
    module.types_global_values.push(Instruction::new(Op::Variable, Some(ptr), Some(var), vec![Operand::StorageClass(sc)]));
    module.annotations.push(Instruction::new(
        Op::Decorate,
        None,
        None,
        vec![Operand::IdRef(var), Operand::Decoration(spirv::Decoration::Location), Operand::LiteralBit32(location)],
    ));
    for ep in &mut module.entry_points {
        ep.operands.push(Operand::IdRef(var));
    }
    var
}

/// The module's built-in input variables: (variable, built-in, pointee type).
pub(crate) fn builtin_inputs(module: &dr::Module) -> Vec<(Word, spirv::BuiltIn, Word)> {
    builtin_variables(module, StorageClass::Input)
}

/// The module's built-in variables of storage class `sc`: (variable, built-in, pointee type).
pub(crate) fn builtin_variables(module: &dr::Module, sc: StorageClass) -> Vec<(Word, spirv::BuiltIn, Word)> {
    let view = crate::spirv_view::ModuleView::of_module(module);
    let r = crate::reflect::Reflector::new(&view);
    module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Variable && i.operands.first() == Some(&Operand::StorageClass(sc)))
        .filter_map(|i| {
            let var = i.result_id?;
            Some((var, r.builtin(var)?, r.pointee(i.result_type?)?.1))
        })
        .collect()
}

/// A function `void name()` of one block, `body` then `OpReturn`, placed first (a module's
/// functions may come in any order; naga sorts them by their calls). Returns its id.
pub(crate) fn add_void_function(module: &mut dr::Module, name: &str, mut body: Vec<Instruction>) -> Word {
    use rspirv::dr::{Block, Function};
    let void = type_id(module, Op::TypeVoid, Vec::new());
    let fn_type = type_id(module, Op::TypeFunction, vec![Operand::IdRef(void)]);
    let id = fresh_id(module);
    let label = fresh_id(module);
    let mut f = Function::new();
    f.def = Some(Instruction::new(
        Op::Function,
        Some(void),
        Some(id),
        vec![Operand::FunctionControl(spirv::FunctionControl::NONE), Operand::IdRef(fn_type)],
    ));
    f.end = Some(Instruction::new(Op::FunctionEnd, None, None, Vec::new()));
    let mut block = Block::new();
    block.label = Some(Instruction::new(Op::Label, None, Some(label), Vec::new()));
    body.push(Instruction::new(Op::Return, None, None, Vec::new()));
    block.instructions = body;
    f.blocks.push(block);
    module.functions.insert(0, f);
    module.debug_names.push(Instruction::new(Op::Name, None, None, vec![Operand::IdRef(id), Operand::LiteralString(name.into())]));
    id
}

/// Index of the function an entry point runs.
pub(crate) fn entry_function(module: &dr::Module, entry_id: Word) -> Option<usize> {
    module.functions.iter().position(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(entry_id))
}
