//! `OpPtrEqual`, `OpPtrNotEqual` and `OpPtrDiff` (`lower/pointer_comparisons.rs`): pointers
//! the module spells out compare by their variables and indices; variable pointers
//! (`lower/variable_pointers.rs`: phis, pointer variables, `OpPtrAccessChain`) by base number
//! and index. (`corpus/amber/pointer-comparisons.amber` runs the comparisons natively
//! and translated against the spec's values.)

use rspirv::binary::Assemble;
use rspirv::dr::{Builder, Operand};
use spirv::{Op, StorageClass};
use tesserae::*;

/// What the test module compares: `&data[k]` (k loaded at run time) with `&data[2]`, with a
/// pointer into another buffer, with a select of `&data[1]` and `&data[k]`, and `&data[k] -
/// &data[7]`; with `phi`, also a pointer merged by a phi.
fn module(phi: bool) -> Vec<u32> {
    let mut b = Builder::new();
    b.set_version(1, 4);
    b.capability(spirv::Capability::Shader);
    b.capability(spirv::Capability::VariablePointersStorageBuffer);
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let boolean = b.type_bool();
    let uint = b.type_int(32, 0);
    let int = b.type_int(32, 1);
    let c: Vec<u32> = (0..9).map(|i| b.constant_bit32(uint, i)).collect();
    let two = b.constant_bit32(int, 2);
    let array = b.type_array(uint, c[8]);
    b.decorate(array, spirv::Decoration::ArrayStride, [Operand::LiteralBit32(4)]);
    let block = b.type_struct([array]);
    b.decorate(block, spirv::Decoration::Block, []);
    b.member_decorate(block, 0, spirv::Decoration::Offset, [Operand::LiteralBit32(0)]);
    let p_block = b.type_pointer(None, StorageClass::StorageBuffer, block);
    let p_uint = b.type_pointer(None, StorageClass::StorageBuffer, uint);
    let buffers: Vec<u32> = (0..2)
        .map(|binding| {
            let v = b.variable(p_block, None, StorageClass::StorageBuffer, None);
            b.decorate(v, spirv::Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
            b.decorate(v, spirv::Decoration::Binding, [Operand::LiteralBit32(binding)]);
            v
        })
        .collect();
    let fn_ty = b.type_function(void, []);
    let main = b.begin_function(void, None, spirv::FunctionControl::NONE, fn_ty).unwrap();
    let entry = b.begin_block(None).unwrap();
    let data = buffers[0];
    let at = |b: &mut Builder, buffer: u32, i: u32| b.access_chain(p_uint, None, buffer, [c[0], i]).unwrap();
    let d0 = at(&mut b, data, c[0]);
    let k = b.load(uint, None, d0, None, []).unwrap();
    let (dk, d1, d2, d7, other) =
        (at(&mut b, data, k), at(&mut b, data, c[1]), at(&mut b, data, two), at(&mut b, data, c[7]), at(&mut b, buffers[1], c[0]));
    let is_two = b.i_equal(boolean, None, k, c[2]).unwrap();
    let chosen = b.select(p_uint, None, is_two, d1, dk).unwrap();
    let mut results = vec![
        b.ptr_equal(boolean, None, dk, d2).unwrap(),
        b.ptr_not_equal(boolean, None, dk, other).unwrap(),
        b.ptr_equal(boolean, None, chosen, d1).unwrap(),
    ];
    if phi {
        let (next, merge) = (b.id(), b.id());
        b.selection_merge(merge, spirv::SelectionControl::NONE).unwrap();
        b.branch_conditional(is_two, next, merge, []).unwrap();
        b.begin_block(Some(next)).unwrap();
        b.branch(merge).unwrap();
        b.begin_block(Some(merge)).unwrap();
        let merged = b.phi(p_uint, None, [(d1, entry), (dk, next)]).unwrap();
        results.push(b.ptr_equal(boolean, None, merged, d1).unwrap());
    }
    for (i, r) in results.into_iter().enumerate() {
        let v = b.select(uint, None, r, c[1], c[0]).unwrap();
        let slot = at(&mut b, data, c[i + 1]);
        b.store(slot, v, None, []).unwrap();
    }
    let diff = b.ptr_diff(int, None, dk, d7).unwrap();
    let diff = b.bitcast(uint, None, diff).unwrap();
    let slot = at(&mut b, data, c[6]);
    b.store(slot, diff, None, []).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(spirv::ExecutionModel::GLCompute, main, "main", buffers);
    b.execution_mode(main, spirv::ExecutionMode::LocalSize, [1, 1, 1]);
    b.module().assemble()
}

fn translate_words(words: Vec<u32>) -> Result<String, TranslateError> {
    tesserae::lower::check_predicates(&words).unwrap();
    let mut desc = ComputeDesc::new(StageDesc::new(words));
    desc.options.verify_wgsl_round_trip = true;
    let plan = translate_compute(&desc)?;
    assert_eq!(plan, translate_compute(&desc).unwrap(), "translation is deterministic");
    Ok(plan.pass.shader.wgsl.as_str().to_string())
}

#[test]
fn pointers_the_module_spells_out_compare_by_their_indices() {
    let words = module(false);
    assert!(words.chunks(1).any(|w| w[0] & 0xffff == Op::PtrDiff as u32), "the module holds the instructions");
    let wgsl = translate_words(words).unwrap_or_else(|e| panic!("{e}"));
    // `&data[k] == &data[2]` compares k with 2 (the signed constant bitcast); a pointer into
    // another buffer is never equal, so its `!=` is known (`true`); the select's comparison is
    // `k == 2 ? &data[1] == &data[1] : &data[k] == &data[1]`; the difference subtracts the
    // indices in the result's type.
    let lines: Vec<&str> = wgsl.lines().map(str::trim).filter(|l| l.starts_with("global.member[")).collect();
    assert_eq!(lines.len(), 4, "{wgsl}");
    assert!(lines[0].starts_with("global.member[1u] = select(0u, 1u, (_e") && lines[0].contains(" == bitcast<u32>("), "{wgsl}");
    assert_eq!(lines[1], "global.member[2u] = select(0u, 1u, true);", "{wgsl}");
    let k = lines[0].split(['(', ' ']).find(|w| w.starts_with("_e")).unwrap();
    assert_eq!(lines[2], format!("global.member[3u] = select(0u, 1u, select(({k} == 1u), true, ({k} == 2u)));"), "{wgsl}");
    assert!(lines[3].starts_with(&format!("global.member[6u] = bitcast<u32>((bitcast<i32>({k}) - bitcast<i32>(")), "{wgsl}");
}

/// A pointer merged by a phi is a variable pointer (`lower/variable_pointers.rs`): the phi
/// merges base numbers and indices, which the comparison then compares.
#[test]
fn a_pointer_from_a_phi_compares_by_base_and_index() {
    let wgsl = translate_words(module(true)).unwrap_or_else(|e| panic!("{e}"));
    let stores = wgsl.lines().filter(|l| l.trim_start().starts_with("global.member[")).count();
    assert_eq!(stores, 5, "{wgsl}");
    assert!(!wgsl.contains("ptr<"), "{wgsl}");
}

/// A module walking a pointer held in a `Private` variable with `OpPtrAccessChain` and loading
/// through it (`lower/variable_pointers.rs`); with `passed`, the walked pointer also goes to a
/// function.
fn walker(passed: bool) -> Vec<u32> {
    let mut b = Builder::new();
    b.set_version(1, 4);
    b.capability(spirv::Capability::Shader);
    b.capability(spirv::Capability::VariablePointers);
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let uint = b.type_int(32, 0);
    let c: Vec<u32> = (0..9).map(|i| b.constant_bit32(uint, i)).collect();
    let array = b.type_array(uint, c[8]);
    b.decorate(array, spirv::Decoration::ArrayStride, [Operand::LiteralBit32(4)]);
    let block = b.type_struct([array]);
    b.decorate(block, spirv::Decoration::Block, []);
    b.member_decorate(block, 0, spirv::Decoration::Offset, [Operand::LiteralBit32(0)]);
    let p_block = b.type_pointer(None, StorageClass::StorageBuffer, block);
    let p_uint = b.type_pointer(None, StorageClass::StorageBuffer, uint);
    b.decorate(p_uint, spirv::Decoration::ArrayStride, [Operand::LiteralBit32(4)]);
    let data = b.variable(p_block, None, StorageClass::StorageBuffer, None);
    b.decorate(data, spirv::Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
    b.decorate(data, spirv::Decoration::Binding, [Operand::LiteralBit32(0)]);
    let p_private = b.type_pointer(None, StorageClass::Private, p_uint);
    let holder = b.variable(p_private, None, StorageClass::Private, None);
    let fn_ty = b.type_function(void, []);
    let takes = b.type_function(uint, [p_uint]);
    let reader = if passed {
        let f = b.begin_function(uint, None, spirv::FunctionControl::NONE, takes).unwrap();
        let p = b.function_parameter(p_uint).unwrap();
        b.begin_block(None).unwrap();
        let v = b.load(uint, None, p, None, []).unwrap();
        b.ret_value(v).unwrap();
        b.end_function().unwrap();
        Some(f)
    } else {
        None
    };
    let main = b.begin_function(void, None, spirv::FunctionControl::NONE, fn_ty).unwrap();
    b.begin_block(None).unwrap();
    let first = b.access_chain(p_uint, None, data, [c[0], c[1]]).unwrap();
    b.store(holder, first, None, []).unwrap();
    let held = b.load(p_uint, None, holder, None, []).unwrap();
    let next = b.ptr_access_chain(p_uint, None, held, c[2], []).unwrap();
    let v = match reader {
        Some(f) => b.function_call(uint, None, f, [next]).unwrap(),
        None => b.load(uint, None, next, None, []).unwrap(),
    };
    let out = b.access_chain(p_uint, None, data, [c[0], c[0]]).unwrap();
    b.store(out, v, None, []).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(spirv::ExecutionModel::GLCompute, main, "main", [data, holder]);
    b.execution_mode(main, spirv::ExecutionMode::LocalSize, [1, 1, 1]);
    b.module().assemble()
}

/// The held pointer becomes a base number and an index in two private variables; the load
/// through the walked pointer reads `data[1 + 2]` through a chain rebuilt from them.
#[test]
fn a_walked_pointer_becomes_a_base_and_an_index() {
    let wgsl = translate_words(walker(false)).unwrap_or_else(|e| panic!("{e}"));
    // (Constants read at run time are private variables too: `const_operations`.)
    assert!(wgsl.contains(": u32 = 0u;") && wgsl.contains(": i32 = 0i;"), "{wgsl}");
    let load = wgsl.lines().find(|l| l.contains("= global.member[(")).unwrap_or_else(|| panic!("{wgsl}"));
    assert!(load.contains(" + bitcast<i32>("), "{wgsl}");
    assert!(!wgsl.contains("ptr<"), "{wgsl}");
}

/// A pointer handed to a function is not followed: the module is left for naga, which refuses
/// `OpPtrAccessChain` by name.
#[test]
fn a_variable_pointer_passed_to_a_function_is_refused_by_name() {
    match translate_words(walker(true)) {
        Err(TranslateError::Unsupported { feature, .. }) => assert!(feature.contains("OpPtrAccessChain"), "{feature}"),
        other => panic!("{:?}", other.map(|_| ())),
    }
}

/// A function returning one of two pointers (`lower/pointer_returns.rs`) is inlined where it is
/// called, so the choice is a select of the caller's pointers; the function goes.
#[test]
fn a_function_returning_a_pointer_is_inlined() {
    let mut b = Builder::new();
    b.set_version(1, 4);
    b.capability(spirv::Capability::Shader);
    b.capability(spirv::Capability::VariablePointers);
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let boolean = b.type_bool();
    let uint = b.type_int(32, 0);
    let c: Vec<u32> = (0..9).map(|i| b.constant_bit32(uint, i)).collect();
    let array = b.type_array(uint, c[8]);
    b.decorate(array, spirv::Decoration::ArrayStride, [Operand::LiteralBit32(4)]);
    let block = b.type_struct([array]);
    b.decorate(block, spirv::Decoration::Block, []);
    b.member_decorate(block, 0, spirv::Decoration::Offset, [Operand::LiteralBit32(0)]);
    let p_block = b.type_pointer(None, StorageClass::StorageBuffer, block);
    let p_uint = b.type_pointer(None, StorageClass::StorageBuffer, uint);
    let data = b.variable(p_block, None, StorageClass::StorageBuffer, None);
    b.decorate(data, spirv::Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
    b.decorate(data, spirv::Decoration::Binding, [Operand::LiteralBit32(0)]);
    let choose_ty = b.type_function(p_uint, [p_uint, p_uint, boolean]);
    let choose = b.begin_function(p_uint, None, spirv::FunctionControl::NONE, choose_ty).unwrap();
    let (x, y, pick) =
        (b.function_parameter(p_uint).unwrap(), b.function_parameter(p_uint).unwrap(), b.function_parameter(boolean).unwrap());
    b.begin_block(None).unwrap();
    let picked = b.select(p_uint, None, pick, x, y).unwrap();
    b.ret_value(picked).unwrap();
    b.end_function().unwrap();
    let fn_ty = b.type_function(void, []);
    let main = b.begin_function(void, None, spirv::FunctionControl::NONE, fn_ty).unwrap();
    b.begin_block(None).unwrap();
    let (d0, d5) = (b.access_chain(p_uint, None, data, [c[0], c[0]]).unwrap(), b.access_chain(p_uint, None, data, [c[0], c[5]]).unwrap());
    let k = b.load(uint, None, d0, None, []).unwrap();
    let odd = b.i_equal(boolean, None, k, c[1]).unwrap();
    let chosen = b.function_call(p_uint, None, choose, [d5, d0, odd]).unwrap();
    let v = b.load(uint, None, chosen, None, []).unwrap();
    let d1 = b.access_chain(p_uint, None, data, [c[0], c[1]]).unwrap();
    b.store(d1, v, None, []).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(spirv::ExecutionModel::GLCompute, main, "main", [data]);
    b.execution_mode(main, spirv::ExecutionMode::LocalSize, [1, 1, 1]);
    let wgsl = translate_words(b.module().assemble()).unwrap_or_else(|e| panic!("{e}"));
    // Two functions (the entry point and its body): the helper is gone, and the load through
    // its choice is a branch loading either element (`composite_select`).
    assert_eq!(wgsl.matches("\nfn ").count(), 2, "{wgsl}");
    assert!(wgsl.contains("global.member[5u];") && wgsl.contains("if (") && !wgsl.contains("ptr<"), "{wgsl}");
}
