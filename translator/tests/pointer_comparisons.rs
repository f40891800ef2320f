//! `OpPtrEqual`, `OpPtrNotEqual` and `OpPtrDiff` (`lower/pointer_comparisons.rs`): pointers
//! the module spells out compare by their variables and indices; a pointer from a phi is still
//! refused by name. (`corpus/amber/pointer-comparisons.amber` runs the comparisons natively
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

#[test]
fn a_pointer_from_a_phi_is_refused_by_name() {
    match translate_words(module(true)) {
        Err(TranslateError::Unsupported { feature, .. }) => assert!(feature.contains("OpPtrEqual"), "{feature}"),
        other => panic!("{:?}", other.map(|_| ())),
    }
}
