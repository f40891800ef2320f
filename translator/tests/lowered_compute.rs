//! Valid compute modules from the Vulkan CTS's Amber scripts that naga's reader or validator
//! did not take as they were, lowered to what they take: each translates, its WGSL parses back
//! and validates, the passes' predicates hold on it, and two translations are equal.

use glslang::*;
use tesserae::*;

/// GLSL compute → SPIR-V 1.3.
fn compute(src: &str) -> Vec<u32> {
    let compiler = Compiler::acquire().expect("glslang");
    let source = ShaderSource::from(src);
    let target = Target::Vulkan { version: VulkanVersion::Vulkan1_1, spirv_version: SpirvVersion::SPIRV1_3 };
    let options =
        CompilerOptions { source_language: SourceLanguage::GLSL, target, version_profile: None, messages: ShaderMessage::DEFAULT };
    let input = ShaderInput::new(&source, ShaderStage::Compute, &options, None::<&[(&str, Option<&str>)]>, None).expect("input");
    compiler.create_shader(input).expect("parse").compile().expect("compile")
}

/// The stage's WGSL, after the checks every translation here gets.
fn translate_words(words: Vec<u32>) -> Result<String, TranslateError> {
    tesserae::lower::check_predicates(&words).unwrap();
    tesserae::spirv_reader::check_agrees_with_rspirv(&words).unwrap();
    let mut desc = ComputeDesc::new(StageDesc::new(words));
    desc.options.verify_wgsl_round_trip = true;
    let plan = translate_compute(&desc)?;
    assert_eq!(plan, translate_compute(&desc).unwrap(), "translation is deterministic");
    Ok(plan.pass.shader.wgsl.as_str().to_string())
}

/// `shared T x = {};` (GL_EXT_null_initializer) is a workgroup variable initialized with
/// `OpConstantNull`: it translates to a plain workgroup variable (WGSL zero-initializes them),
/// scalars, arrays, structs and atomics alike.
#[test]
fn null_initialized_workgroup_variables_lose_the_initializer() {
    let words = compute(
        "#version 450
#extension GL_EXT_null_initializer : enable
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; } o;
struct Pair { uint x; uint y; };
shared uint wg[4] = {};
shared uint count = {};
shared Pair pair = {};
void main() {
  uint i = gl_LocalInvocationIndex;
  o.v[i] = wg[i] + pair.y;
  atomicAdd(count, 1u);
  barrier();
  o.v[4u + i] = count;
}",
    );
    let null_initialized = words.windows(5).filter(|w| w[0] == (5 << 16 | spirv::Op::Variable as u32) && w[3] == spirv::StorageClass::Workgroup as u32).count();
    assert_eq!(null_initialized, 3, "glslang writes the three initializers");
    let wgsl = translate_words(words).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(wgsl.matches("var<workgroup>").count(), 3, "{wgsl}");
    assert!(wgsl.contains("atomic<u32>"), "{wgsl}");
}

/// Loads, stores and copies whose memory-access operands take parameters (`Aligned 16`, a copy's
/// two operands from SPIR-V 1.4), which naga's reader refused ("invalid operand count 7 for
/// CopyMemory"), translate to plain loads and stores.
#[test]
fn memory_access_operands_with_parameters_are_dropped() {
    use rspirv::binary::Assemble;
    use rspirv::dr::{Builder, InsertPoint, Instruction, Operand};
    use spirv::{MemoryAccess, Op, StorageClass};
    let mut b = Builder::new();
    b.set_version(1, 4);
    b.capability(spirv::Capability::Shader);
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let uint = b.type_int(32, 0);
    let eight = b.constant_bit32(uint, 8);
    let array = b.type_array(uint, eight);
    b.decorate(array, spirv::Decoration::ArrayStride, [Operand::LiteralBit32(4)]);
    let block = b.type_struct([array]);
    b.decorate(block, spirv::Decoration::Block, []);
    b.member_decorate(block, 0, spirv::Decoration::Offset, [Operand::LiteralBit32(0)]);
    let p_block = b.type_pointer(None, StorageClass::StorageBuffer, block);
    let p_uint = b.type_pointer(None, StorageClass::StorageBuffer, uint);
    let buf = b.variable(p_block, None, StorageClass::StorageBuffer, None);
    b.decorate(buf, spirv::Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
    b.decorate(buf, spirv::Decoration::Binding, [Operand::LiteralBit32(0)]);
    let fn_ty = b.type_function(void, []);
    let main = b.begin_function(void, None, spirv::FunctionControl::NONE, fn_ty).unwrap();
    b.begin_block(None).unwrap();
    let zero = b.constant_bit32(uint, 0);
    let elements: Vec<u32> = (0..4).map(|i| {
        let c = b.constant_bit32(uint, i);
        b.access_chain(p_uint, None, buf, [zero, c]).unwrap()
    }).collect();
    let aligned = |n: u32| [Operand::MemoryAccess(MemoryAccess::ALIGNED), Operand::LiteralBit32(n)];
    let put = |b: &mut Builder, op: Op, ty: Option<u32>, operands: Vec<Operand>| {
        let id = ty.map(|_| b.id());
        b.insert_into_block(InsertPoint::End, Instruction::new(op, ty, id, operands)).unwrap();
        id
    };
    let copy = [vec![Operand::IdRef(elements[1]), Operand::IdRef(elements[0])], aligned(16).to_vec(), aligned(4).to_vec()].concat();
    put(&mut b, Op::CopyMemory, None, copy);
    let copy = [vec![Operand::IdRef(elements[2]), Operand::IdRef(elements[0]), Operand::MemoryAccess(MemoryAccess::NONE)], aligned(4).to_vec()].concat();
    put(&mut b, Op::CopyMemory, None, copy);
    let load = [vec![Operand::IdRef(elements[0])], aligned(4).to_vec()].concat();
    let x = put(&mut b, Op::Load, Some(uint), load).unwrap();
    let volatile = MemoryAccess::VOLATILE | MemoryAccess::ALIGNED;
    let store = vec![Operand::IdRef(elements[3]), Operand::IdRef(x), Operand::MemoryAccess(volatile), Operand::LiteralBit32(4)];
    put(&mut b, Op::Store, None, store);
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(spirv::ExecutionModel::GLCompute, main, "main", [buf]);
    b.execution_mode(main, spirv::ExecutionMode::LocalSize, [1, 1, 1]);
    let wgsl = translate_words(b.module().assemble()).unwrap_or_else(|e| panic!("{e}"));
    // The two copies and the store write elements 1, 2 and 3 with what element 0 holds.
    for i in 1..4 {
        assert_eq!(wgsl.matches(&format!("global.member[{i}u] = ")).count(), 1, "{wgsl}");
    }
    assert_eq!(wgsl.matches("= global.member[0u];").count(), 3, "{wgsl}");
}

/// A compute module storing four values through access chains whose struct index is a 64-bit
/// constant: `OpSpecConstantOp` conversions between 32- and 64-bit spec constants (the stored
/// ones 32-bit), or, with `wide_buffer`, a 64-bit value into a 64-bit member.
fn wide_spec_constants(wide_buffer: bool) -> Vec<u32> {
    use rspirv::binary::Assemble;
    use rspirv::dr::{Builder, InsertPoint, Instruction, Operand};
    use spirv::{Op, StorageClass};
    let mut b = Builder::new();
    b.set_version(1, 4);
    b.capability(spirv::Capability::Shader);
    b.capability(spirv::Capability::Int64);
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let int = b.type_int(32, 1);
    let uint = b.type_int(32, 0);
    let ulong = b.type_int(64, 0);
    let long = b.type_int(64, 1);
    let four = b.constant_bit32(uint, 4);
    let element = if wide_buffer { ulong } else { uint };
    let array = b.type_array(element, four);
    b.decorate(array, spirv::Decoration::ArrayStride, [Operand::LiteralBit32(if wide_buffer { 8 } else { 4 })]);
    let block = b.type_struct([array]);
    b.decorate(block, spirv::Decoration::Block, []);
    b.member_decorate(block, 0, spirv::Decoration::Offset, [Operand::LiteralBit32(0)]);
    let p_block = b.type_pointer(None, StorageClass::StorageBuffer, block);
    let p_element = b.type_pointer(None, StorageClass::StorageBuffer, element);
    let buf = b.variable(p_block, None, StorageClass::StorageBuffer, None);
    b.decorate(buf, spirv::Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
    b.decorate(buf, spirv::Decoration::Binding, [Operand::LiteralBit32(0)]);
    let long_0 = b.constant_bit64(long, 0);
    let indices: Vec<u32> = (0..4).map(|i| b.constant_bit32(uint, i)).collect();
    let global = |b: &mut Builder, op: Op, ty: u32, operands: Vec<Operand>| {
        let id = b.id();
        b.insert_types_global_values(InsertPoint::End, Instruction::new(op, Some(ty), Some(id), operands));
        id
    };
    let spec_op = |b: &mut Builder, ty: u32, op: Op, arg: u32| {
        global(b, Op::SpecConstantOp, ty, vec![Operand::LiteralSpecConstantOpInteger(op), Operand::IdRef(arg)])
    };
    // 0x1_0000_0010 truncated: 16.
    let wide = global(&mut b, Op::SpecConstant, ulong, vec![Operand::LiteralBit64(0x1_0000_0010)]);
    let v0 = spec_op(&mut b, uint, Op::UConvert, wide);
    // SpecId 0 (given -5 below), sign-extended, truncated: -5.
    let given = global(&mut b, Op::SpecConstant, int, vec![Operand::LiteralBit32(-3i32 as u32)]);
    b.decorate(given, spirv::Decoration::SpecId, [Operand::LiteralBit32(0)]);
    let ext = spec_op(&mut b, long, Op::SConvert, given);
    let v1 = spec_op(&mut b, uint, Op::UConvert, ext);
    // 0xF0000000 zero-extended, truncated to an int: -268435456.
    let high = global(&mut b, Op::SpecConstant, uint, vec![Operand::LiteralBit32(0xF000_0000)]);
    let ext = spec_op(&mut b, ulong, Op::UConvert, high);
    let v2 = spec_op(&mut b, int, Op::SConvert, ext);
    let stored = if wide_buffer { vec![wide, ext, wide, ext] } else { vec![v0, v1, v2, v0] };
    let fn_ty = b.type_function(void, []);
    let main = b.begin_function(void, None, spirv::FunctionControl::NONE, fn_ty).unwrap();
    b.begin_block(None).unwrap();
    for (i, v) in stored.into_iter().enumerate() {
        let p = b.access_chain(p_element, None, buf, [long_0, indices[i]]).unwrap();
        let v = if wide_buffer || v != v2 { v } else { b.bitcast(uint, None, v).unwrap() };
        b.store(p, v, None, []).unwrap();
    }
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(spirv::ExecutionModel::GLCompute, main, "main", [buf]);
    b.execution_mode(main, spirv::ExecutionMode::LocalSize, [1, 1, 1]);
    b.module().assemble()
}

/// 64-bit spec constants converted to 32 bits fold to their 32-bit values (specialization wrote
/// a 64-bit result in one word, which the reader then called malformed), and 64-bit constants
/// used only as indices or by folded conversions leave no 64-bit type behind (WGSL has none).
#[test]
fn spec_constants_converted_between_widths_fold_to_32_bits() {
    let words = wide_spec_constants(false);
    tesserae::lower::check_predicates(&words).unwrap();
    let mut desc = ComputeDesc::new(StageDesc::new(words));
    desc.specialization = vec![(0, SpecValue::Int(-5))];
    desc.options.verify_wgsl_round_trip = true;
    let plan = translate_compute(&desc).unwrap_or_else(|e| panic!("{e}"));
    let wgsl = plan.pass.shader.wgsl.as_str();
    assert!(!wgsl.contains("64"), "{wgsl}");
    // 16 and -5 (as u32), -268435456.
    for value in ["16u", "4294967291u", "-268435456i"] {
        assert!(wgsl.contains(value), "{value}:\n{wgsl}");
    }
}

/// A 64-bit value stored to a 64-bit buffer member is refused naming the type, not read as
/// malformed.
#[test]
fn a_64_bit_buffer_is_refused_by_name() {
    let err = translate_words(wide_spec_constants(true)).unwrap_err();
    assert!(matches!(err, TranslateError::Unsupported { .. }), "{err:?}");
    assert!(err.to_string().contains("u64"), "{err}");
}
