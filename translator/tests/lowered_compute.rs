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
    let null_initialized = words
        .windows(5)
        .filter(|w| w[0] == (5 << 16 | spirv::Op::Variable as u32) && w[3] == spirv::StorageClass::Workgroup as u32)
        .count();
    assert_eq!(null_initialized, 3, "glslang writes the three initializers");
    let wgsl = translate_words(words).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(wgsl.matches("var<workgroup>").count(), 3, "{wgsl}");
    assert!(wgsl.contains("atomic<u32>"), "{wgsl}");
}

/// The string decorations HLSL compilers write as hints (`UserSemantic` on a variable and a
/// block member, `UserTypeGOOGLE` on a buffer with its extension, SPIR-V 1.4's
/// `OpDecorateString`/`OpMemberDecorateString`), which naga's reader refused, change nothing:
/// the decorated module translates to the WGSL of the undecorated one.
#[test]
fn string_decoration_hints_change_nothing() {
    use rspirv::binary::Assemble;
    use rspirv::dr::{Instruction, Operand};
    use spirv::{Decoration, Op};
    let plain = compute(
        "#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Data { uint v[4]; } data;
void main() { data.v[1] = data.v[0] + 5u; }",
    );
    let mut module = rspirv::dr::load_words(&plain).unwrap();
    module.header.as_mut().unwrap().set_version(1, 4);
    let named = |module: &rspirv::dr::Module, name: &str| {
        module
            .debug_names
            .iter()
            .find(|n| matches!(&n.operands[1], Operand::LiteralString(s) if s == name))
            .map(|n| n.operands[0].unwrap_id_ref())
            .unwrap()
    };
    let (block, buffer) = (named(&module, "Data"), named(&module, "data"));
    let string = |s: &str| Operand::LiteralString(s.to_string());
    module.extensions.push(Instruction::new(Op::Extension, None, None, vec![string("SPV_GOOGLE_user_type")]));
    let hints = [
        (Op::DecorateString, vec![Operand::IdRef(buffer), Operand::Decoration(Decoration::UserSemantic), string("DATA")]),
        (
            Op::DecorateString,
            vec![Operand::IdRef(buffer), Operand::Decoration(Decoration::UserTypeGOOGLE), string("rwstructuredbuffer:<uint>")],
        ),
        (
            Op::MemberDecorateString,
            vec![Operand::IdRef(block), Operand::LiteralBit32(0), Operand::Decoration(Decoration::UserSemantic), string("V")],
        ),
    ];
    module.annotations.extend(hints.into_iter().map(|(op, operands)| Instruction::new(op, None, None, operands)));
    let decorated = module.assemble();
    let mut undecorated = rspirv::dr::load_words(&plain).unwrap();
    undecorated.header.as_mut().unwrap().set_version(1, 4);
    let wgsl = translate_words(decorated).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(wgsl, translate_words(undecorated.assemble()).unwrap());
    assert!(wgsl.contains("+ 5u"), "{wgsl}");
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
    let elements: Vec<u32> = (0..4)
        .map(|i| {
            let c = b.constant_bit32(uint, i);
            b.access_chain(p_uint, None, buf, [zero, c]).unwrap()
        })
        .collect();
    let aligned = |n: u32| [Operand::MemoryAccess(MemoryAccess::ALIGNED), Operand::LiteralBit32(n)];
    let put = |b: &mut Builder, op: Op, ty: Option<u32>, operands: Vec<Operand>| {
        let id = ty.map(|_| b.id());
        b.insert_into_block(InsertPoint::End, Instruction::new(op, ty, id, operands)).unwrap();
        id
    };
    let copy = [vec![Operand::IdRef(elements[1]), Operand::IdRef(elements[0])], aligned(16).to_vec(), aligned(4).to_vec()].concat();
    put(&mut b, Op::CopyMemory, None, copy);
    let copy =
        [vec![Operand::IdRef(elements[2]), Operand::IdRef(elements[0]), Operand::MemoryAccess(MemoryAccess::NONE)], aligned(4).to_vec()]
            .concat();
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

/// 16-bit spec constants converted to 32 bits fold to their 32-bit values, zero- or
/// sign-extended as the conversion says, and a 16-bit struct index becomes a 32-bit one: no
/// 16-bit type is left (naga's reader refuses them; WGSL has none).
#[test]
fn sixteen_bit_spec_constants_converted_to_32_bits_leave_no_16_bit_type() {
    use rspirv::binary::Assemble;
    use rspirv::dr::{Builder, InsertPoint, Instruction, Operand};
    use spirv::{Op, StorageClass};
    let mut b = Builder::new();
    b.set_version(1, 4);
    b.capability(spirv::Capability::Shader);
    b.capability(spirv::Capability::Int16);
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let int = b.type_int(32, 1);
    let short = b.type_int(16, 1);
    let uint = b.type_int(32, 0);
    let two = b.constant_bit32(uint, 2);
    let array = b.type_array(int, two);
    b.decorate(array, spirv::Decoration::ArrayStride, [Operand::LiteralBit32(4)]);
    let block = b.type_struct([array]);
    b.decorate(block, spirv::Decoration::Block, []);
    b.member_decorate(block, 0, spirv::Decoration::Offset, [Operand::LiteralBit32(0)]);
    let p_block = b.type_pointer(None, StorageClass::StorageBuffer, block);
    let p_int = b.type_pointer(None, StorageClass::StorageBuffer, int);
    let buf = b.variable(p_block, None, StorageClass::StorageBuffer, None);
    b.decorate(buf, spirv::Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
    b.decorate(buf, spirv::Decoration::Binding, [Operand::LiteralBit32(0)]);
    let short_0 = b.constant_bit32(short, 0);
    let indices: Vec<u32> = (0..2).map(|i| b.constant_bit32(uint, i)).collect();
    let mut global = |op: Op, ty: u32, operands: Vec<Operand>| {
        let id = b.id();
        b.insert_types_global_values(InsertPoint::End, Instruction::new(op, Some(ty), Some(id), operands));
        id
    };
    // -4096 as a 16-bit constant's word: sign-extended.
    let spec = global(Op::SpecConstant, short, vec![Operand::LiteralBit32(-4096i32 as u32)]);
    let zero_extended = global(Op::SpecConstantOp, uint, vec![Operand::LiteralSpecConstantOpInteger(Op::UConvert), Operand::IdRef(spec)]);
    let sign_extended = global(Op::SpecConstantOp, int, vec![Operand::LiteralSpecConstantOpInteger(Op::SConvert), Operand::IdRef(spec)]);
    let fn_ty = b.type_function(void, []);
    let main = b.begin_function(void, None, spirv::FunctionControl::NONE, fn_ty).unwrap();
    b.begin_block(None).unwrap();
    let v0 = b.bitcast(int, None, zero_extended).unwrap();
    for (i, v) in [v0, sign_extended].into_iter().enumerate() {
        let p = b.access_chain(p_int, None, buf, [short_0, indices[i]]).unwrap();
        b.store(p, v, None, []).unwrap();
    }
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(spirv::ExecutionModel::GLCompute, main, "main", [buf]);
    b.execution_mode(main, spirv::ExecutionMode::LocalSize, [1, 1, 1]);
    let wgsl = translate_words(b.module().assemble()).unwrap_or_else(|e| panic!("{e}"));
    assert!(wgsl.contains("61440u") && wgsl.contains("-4096i"), "{wgsl}");
}

/// A 64-bit value stored to a 64-bit buffer member is refused naming the type, not read as
/// malformed.
#[test]
fn a_64_bit_buffer_is_refused_by_name() {
    let err = translate_words(wide_spec_constants(true)).unwrap_err();
    assert!(matches!(err, TranslateError::Unsupported { .. }), "{err:?}");
    assert!(err.to_string().contains("u64"), "{err}");
}

/// How a test kernel uses a select of two pointers into its buffer.
#[derive(Clone, Copy, Debug, PartialEq)]
enum PointerUse {
    None,
    /// A load, a store and a copy through the pointer chosen.
    Accesses,
    /// An access chain on it.
    AccessChain,
}

/// A compute module selecting (on `data[0] != 0`) between two constants of an array, a struct
/// and a matrix type, storing an element of each, in the entry block or, with `in_loop`, in a
/// loop whose one block is its header (and continue target); and between two pointers into
/// the buffer, used as `pointers` says.
fn composite_selects(in_loop: bool, pointers: PointerUse) -> Vec<u32> {
    use rspirv::binary::Assemble;
    use rspirv::dr::{Builder, Operand};
    use spirv::StorageClass;
    let mut b = Builder::new();
    b.set_version(1, 4);
    b.capability(spirv::Capability::Shader);
    if pointers != PointerUse::None {
        b.capability(spirv::Capability::VariablePointersStorageBuffer);
    }
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let boolean = b.type_bool();
    let uint = b.type_int(32, 0);
    let float = b.type_float(32, None);
    let vec2 = b.type_vector(float, 2);
    let mat2 = b.type_matrix(vec2, 2);
    let c: Vec<u32> = (0..9).map(|i| b.constant_bit32(uint, i)).collect();
    let f: Vec<u32> = (0..9).map(|i| b.constant_bit32(float, (i as f32).to_bits())).collect();
    let array = b.type_array(uint, c[4]);
    let data_array = b.type_array(uint, c[8]);
    b.decorate(data_array, spirv::Decoration::ArrayStride, [Operand::LiteralBit32(4)]);
    let pair = b.type_struct([uint, vec2]);
    let block = b.type_struct([data_array]);
    b.decorate(block, spirv::Decoration::Block, []);
    b.member_decorate(block, 0, spirv::Decoration::Offset, [Operand::LiteralBit32(0)]);
    let p_block = b.type_pointer(None, StorageClass::StorageBuffer, block);
    let p_uint = b.type_pointer(None, StorageClass::StorageBuffer, uint);
    let data = b.variable(p_block, None, StorageClass::StorageBuffer, None);
    b.decorate(data, spirv::Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
    b.decorate(data, spirv::Decoration::Binding, [Operand::LiteralBit32(0)]);
    let arrays = [b.constant_composite(array, [c[1], c[2], c[3], c[4]]), b.constant_composite(array, [c[5], c[6], c[7], c[8]])];
    let vecs = [b.constant_composite(vec2, [f[1], f[2]]), b.constant_composite(vec2, [f[3], f[4]])];
    let pairs = [b.constant_composite(pair, [c[1], vecs[0]]), b.constant_composite(pair, [c[2], vecs[1]])];
    let mats = [b.constant_composite(mat2, [vecs[0], vecs[1]]), b.constant_composite(mat2, [vecs[1], vecs[0]])];
    let fn_ty = b.type_function(void, []);
    let main = b.begin_function(void, None, spirv::FunctionControl::NONE, fn_ty).unwrap();
    let entry = b.begin_block(None).unwrap();
    let slot = |b: &mut Builder, i: usize| b.access_chain(p_uint, None, data, [c[0], c[i]]).unwrap();
    let p0 = slot(&mut b, 0);
    let x = b.load(uint, None, p0, None, []).unwrap();
    let cond = b.i_not_equal(boolean, None, x, c[0]).unwrap();
    let (header, merge) = (b.id(), b.id());
    if in_loop {
        b.branch(header).unwrap();
        b.begin_block(Some(header)).unwrap();
    }
    let i = if in_loop { b.phi(uint, None, [(c[0], entry), (0, 0)]).unwrap() } else { c[0] };
    let a = b.select(array, None, cond, arrays[0], arrays[1]).unwrap();
    let a1 = b.composite_extract(uint, None, a, [1]).unwrap();
    let s = b.select(pair, None, cond, pairs[0], pairs[1]).unwrap();
    let s0 = b.composite_extract(uint, None, s, [0]).unwrap();
    let m = b.select(mat2, None, cond, mats[0], mats[1]).unwrap();
    let m01 = b.composite_extract(float, None, m, [0, 1]).unwrap();
    let m01 = b.convert_f_to_u(uint, None, m01).unwrap();
    let sum = b.i_add(uint, None, a1, s0).unwrap();
    let sum = b.i_add(uint, None, sum, m01).unwrap();
    let sum = b.i_add(uint, None, sum, i).unwrap();
    let p1 = slot(&mut b, 1);
    b.store(p1, sum, None, []).unwrap();
    if pointers != PointerUse::None {
        let (p2, p3, p4) = (slot(&mut b, 2), slot(&mut b, 3), slot(&mut b, 4));
        let p = b.select(p_uint, None, cond, p2, p3).unwrap();
        if pointers == PointerUse::Accesses {
            b.store(p, sum, None, []).unwrap();
            let v = b.load(uint, None, p, None, []).unwrap();
            let v = b.i_add(uint, None, v, c[1]).unwrap();
            b.store(p4, v, None, []).unwrap();
            b.copy_memory(p4, p, None, None, []).unwrap();
        } else {
            let q = b.access_chain(p_uint, None, p, []).unwrap();
            b.store(q, sum, None, []).unwrap();
        }
    }
    if in_loop {
        let next = b.i_add(uint, None, i, c[1]).unwrap();
        // The phi's back edge: from the header, with `next`.
        let func = b.module_mut().functions.last_mut().unwrap();
        let phi = func.blocks.last_mut().unwrap().instructions.iter_mut().find(|i| i.class.opcode == spirv::Op::Phi).unwrap();
        phi.operands[2] = Operand::IdRef(next);
        phi.operands[3] = Operand::IdRef(header);
        let more = b.u_less_than(boolean, None, next, c[2]).unwrap();
        b.loop_merge(merge, header, spirv::LoopControl::NONE, []).unwrap();
        b.branch_conditional(more, header, merge, []).unwrap();
        b.begin_block(Some(merge)).unwrap();
    }
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(spirv::ExecutionModel::GLCompute, main, "main", [data]);
    b.execution_mode(main, spirv::ExecutionMode::LocalSize, [1, 1, 1]);
    b.module().assemble()
}

/// The types of the `select`s in a WGSL module, as naga reads it back.
fn select_types(wgsl: &str) -> Vec<String> {
    let module = naga::front::wgsl::parse_str(wgsl).unwrap();
    let info =
        naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::empty()).validate(&module).unwrap();
    let functions = module.functions.iter().map(|(h, f)| (f, &info[h]));
    let entries = module.entry_points.iter().enumerate().map(|(i, ep)| (&ep.function, info.get_entry_point(i)));
    functions
        .chain(entries)
        .flat_map(|(f, fi)| {
            let module = &module;
            f.expressions.iter().filter_map(move |(h, e)| match e {
                naga::Expression::Select { .. } => Some(format!("{:?}", fi[h].ty.inner_with(&module.types))),
                _ => None,
            })
        })
        .collect()
}

/// `OpSelect` of arrays, structs and matrices (SPIR-V 1.4), which WGSL's `select` does not
/// take, becomes a branch storing the chosen one, in a straight block and in a loop whose one
/// block is its header; loads, stores and copies through a select of pointers become the access
/// in a branch on either pointer, and a select of pointers used otherwise is refused by name.
#[test]
fn composite_and_pointer_selects_become_branches() {
    for in_loop in [false, true] {
        for pointers in [PointerUse::None, PointerUse::Accesses] {
            let wgsl = translate_words(composite_selects(in_loop, pointers)).unwrap_or_else(|e| panic!("in loop {in_loop}: {e}"));
            let types = select_types(&wgsl);
            assert!(types.iter().all(|t| t.starts_with("Scalar") || t.starts_with("Vector")), "in loop {in_loop}: {types:?}\n{wgsl}");
            let branches = if pointers == PointerUse::None { 3 } else { 6 };
            assert_eq!(wgsl.matches("if ").count(), branches + usize::from(in_loop), "in loop {in_loop} {pointers:?}:\n{wgsl}");
            // The loop assigns its counter in its body (no `continuing` block to assign it in).
            assert!(!wgsl.contains("continuing"), "in loop {in_loop}:\n{wgsl}");
        }
        let err = translate_words(composite_selects(in_loop, PointerUse::AccessChain)).unwrap_err();
        assert!(
            matches!(err, TranslateError::Unsupported { .. }) && err.to_string().contains("OpSelect of pointers used by OpAccessChain"),
            "{err}"
        );
    }
}
