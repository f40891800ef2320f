//! Integer operations whose opcode fixes the signedness, on operands or results typed with the
//! other one (lower/signed_operations.rs, lower/atomic_signedness.rs): each compute kernel
//! below (built with rspirv) translates, its WGSL parses back and validates, the passes'
//! predicates hold on it, two translations are equal, and the WGSL computes on the signedness
//! the opcode names (read from naga's IR of the WGSL: the kind of each operation's operand).

use rspirv::binary::Assemble;
use rspirv::dr::{Builder, InsertPoint, Instruction, Operand};
use spirv::{Op, StorageClass, Word};
use tesserae::*;

/// GLSL.std.450 instruction numbers.
const S_ABS: u32 = 5;
const S_SIGN: u32 = 7;
const U_MIN: u32 = 38;
const S_MIN: u32 = 39;
const U_MAX: u32 = 41;
const S_MAX: u32 = 42;
const U_CLAMP: u32 = 44;
const S_CLAMP: u32 = 45;
const FIND_I_LSB: u32 = 73;
const FIND_S_MSB: u32 = 74;
const FIND_U_MSB: u32 = 75;

/// A compute kernel under construction: `data` (binding 0, `int[]`) gives `x`, `y`, `z`
/// (`data[0..3]`, as `int` and bitcast to `uint`); `atom_i` (binding 1, `int[]`) and
/// `atom_u` (binding 2, `uint[]`) are locations for atomics.
struct Kernel {
    b: Builder,
    int: Word,
    uint: Word,
    float: Word,
    boolean: Word,
    glsl: Word,
    x: [Word; 2],
    y: [Word; 2],
    z: [Word; 2],
    /// `data[i]` pointers for `i` in 0..32.
    slots: Vec<Word>,
    atom_i: Word,
    atom_u: Word,
    device: Word,
    relaxed: Word,
    /// The type of every value made with [`Kernel::op`].
    types: std::collections::HashMap<Word, Word>,
}

impl Kernel {
    /// Appends `op` to the current block and returns its result id.
    fn op(&mut self, op: Op, ty: Word, operands: &[Word]) -> Word {
        let id = self.b.id();
        let operands = operands.iter().map(|&o| Operand::IdRef(o)).collect();
        self.b.insert_into_block(InsertPoint::End, Instruction::new(op, Some(ty), Some(id), operands)).unwrap();
        self.types.insert(id, ty);
        id
    }
    fn glsl(&mut self, ty: Word, number: u32, args: &[Word]) -> Word {
        let id = self.b.ext_inst(ty, None, self.glsl, number, args.iter().map(|&a| Operand::IdRef(a))).unwrap();
        self.types.insert(id, ty);
        id
    }
    fn constant(&mut self, ty: Word, v: u32) -> Word {
        self.b.constant_bit32(ty, v)
    }
    /// Stores `value` (`int` or `uint`) to `data[3 + k]`.
    fn store(&mut self, k: usize, value: Word) {
        let value = if self.types.get(&value) == Some(&self.uint) { self.op(Op::Bitcast, self.int, &[value]) } else { value };
        let slot = self.slots[3 + k];
        self.b.store(slot, value, None, []).unwrap();
    }
}

/// Builds the kernel whose body `body` writes (it may add blocks, and must leave one open),
/// then returns.
fn kernel(body: impl FnOnce(&mut Kernel)) -> Vec<u32> {
    let mut b = Builder::new();
    b.set_version(1, 3);
    b.capability(spirv::Capability::Shader);
    let glsl = b.ext_inst_import("GLSL.std.450");
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let boolean = b.type_bool();
    let int = b.type_int(32, 1);
    let uint = b.type_int(32, 0);
    let float = b.type_float(32, None);
    // One block type per element type (rspirv's builder gives equal types one id).
    let block_pointer = |b: &mut Builder, element: Word| {
        let array = b.type_runtime_array(element);
        b.decorate(array, spirv::Decoration::ArrayStride, [Operand::LiteralBit32(4)]);
        let block = b.type_struct([array]);
        b.decorate(block, spirv::Decoration::Block, []);
        b.member_decorate(block, 0, spirv::Decoration::Offset, [Operand::LiteralBit32(0)]);
        b.type_pointer(None, StorageClass::StorageBuffer, block)
    };
    let (int_block, uint_block) = (block_pointer(&mut b, int), block_pointer(&mut b, uint));
    let buffer = |b: &mut Builder, ptr: Word, binding: u32| {
        let var = b.variable(ptr, None, StorageClass::StorageBuffer, None);
        b.decorate(var, spirv::Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
        b.decorate(var, spirv::Decoration::Binding, [Operand::LiteralBit32(binding)]);
        var
    };
    let data = buffer(&mut b, int_block, 0);
    let atom_i_buffer = buffer(&mut b, int_block, 1);
    let atom_u_buffer = buffer(&mut b, uint_block, 2);
    let p_int = b.type_pointer(None, StorageClass::StorageBuffer, int);
    let p_uint = b.type_pointer(None, StorageClass::StorageBuffer, uint);
    let device = b.constant_bit32(uint, 1);
    let relaxed = b.constant_bit32(uint, 0);
    let fn_ty = b.type_function(void, []);
    let main = b.begin_function(void, None, spirv::FunctionControl::NONE, fn_ty).unwrap();
    b.begin_block(None).unwrap();
    let zero = b.constant_bit32(int, 0);
    let mut slots = Vec::new();
    for i in 0..32 {
        let c = b.constant_bit32(int, i);
        slots.push(b.access_chain(p_int, None, data, [zero, c]).unwrap());
    }
    let atom_i = b.access_chain(p_int, None, atom_i_buffer, [zero, zero]).unwrap();
    let atom_u = b.access_chain(p_uint, None, atom_u_buffer, [zero, zero]).unwrap();
    let mut k = Kernel {
        b,
        int,
        uint,
        float,
        boolean,
        glsl,
        x: [0; 2],
        y: [0; 2],
        z: [0; 2],
        slots,
        atom_i,
        atom_u,
        device,
        relaxed,
        types: Default::default(),
    };
    let read = |k: &mut Kernel, i: usize| {
        let v = k.b.load(int, None, k.slots[i], None, []).unwrap();
        k.types.insert(v, int);
        [v, k.op(Op::Bitcast, uint, &[v])]
    };
    k.x = read(&mut k, 0);
    k.y = read(&mut k, 1);
    k.z = read(&mut k, 2);
    body(&mut k);
    let mut b = k.b;
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(spirv::ExecutionModel::GLCompute, main, "main", []);
    b.execution_mode(main, spirv::ExecutionMode::LocalSize, [1, 1, 1]);
    b.module().assemble()
}

/// The kernel's WGSL, after the checks every translation here gets.
fn translate(words: Vec<u32>) -> Result<String, TranslateError> {
    tesserae::lower::check_predicates(&words).unwrap();
    tesserae::spirv_reader::check_agrees_with_rspirv(&words).unwrap();
    let mut desc = ComputeDesc::new(StageDesc::new(words));
    desc.options.verify_wgsl_round_trip = true;
    let plan = translate_compute(&desc)?;
    assert_eq!(plan, translate_compute(&desc).unwrap(), "translation is deterministic");
    Ok(plan.pass.shader.wgsl.as_str().to_string())
}

/// What the WGSL computes, as naga reads it back: each operation with the scalar kind of its
/// (first) operand.
#[derive(Debug, Default)]
struct Operations {
    math: Vec<(naga::MathFunction, naga::ScalarKind)>,
    binary: Vec<(naga::BinaryOperator, naga::ScalarKind)>,
    unary: Vec<(naga::UnaryOperator, naga::ScalarKind)>,
    /// Conversions (not bitcasts): (from, to).
    conversions: Vec<(naga::ScalarKind, naga::ScalarKind)>,
    atomics: Vec<naga::AtomicFunction>,
}

fn operations(wgsl: &str) -> Operations {
    let module = naga::front::wgsl::parse_str(wgsl).unwrap();
    let info =
        naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::empty()).validate(&module).unwrap();
    let mut ops = Operations::default();
    let functions = module.functions.iter().map(|(h, f)| (f, &info[h]));
    let entries = module.entry_points.iter().enumerate().map(|(i, ep)| (&ep.function, info.get_entry_point(i)));
    for (f, fi) in functions.chain(entries) {
        let kind = |e: naga::Handle<naga::Expression>| fi[e].ty.inner_with(&module.types).scalar_kind().unwrap();
        for (_, e) in f.expressions.iter() {
            match *e {
                naga::Expression::Math { fun, arg, .. } => ops.math.push((fun, kind(arg))),
                naga::Expression::Binary { op, left, .. } => ops.binary.push((op, kind(left))),
                naga::Expression::Unary { op, expr } => ops.unary.push((op, kind(expr))),
                naga::Expression::As { expr, kind: to, convert: Some(_) } => ops.conversions.push((kind(expr), to)),
                _ => {}
            }
        }
        fn atomics(block: &naga::Block, out: &mut Vec<naga::AtomicFunction>) {
            for s in block.iter() {
                match s {
                    naga::Statement::Atomic { fun, .. } => out.push(*fun),
                    naga::Statement::Block(b) => atomics(b, out),
                    naga::Statement::If { accept, reject, .. } => {
                        atomics(accept, out);
                        atomics(reject, out);
                    }
                    naga::Statement::Loop { body, continuing, .. } => {
                        atomics(body, out);
                        atomics(continuing, out);
                    }
                    naga::Statement::Switch { cases, .. } => cases.iter().for_each(|c| atomics(&c.body, out)),
                    _ => {}
                }
            }
        }
        atomics(&f.body, &mut ops.atomics);
    }
    ops
}

use naga::ScalarKind::{Sint, Uint};

#[test]
fn glsl_min_max_abs_sign_and_msb_compute_on_the_opcodes_signedness() {
    use naga::MathFunction as Mf;
    // (instruction, arguments signed, Result signed, naga's function, the kind it must see)
    let cases = [
        (S_ABS, false, false, Mf::Abs, Sint),
        (S_SIGN, false, false, Mf::Sign, Sint),
        (S_MIN, false, true, Mf::Min, Sint),
        (S_MAX, false, false, Mf::Max, Sint),
        (S_CLAMP, false, false, Mf::Clamp, Sint),
        (FIND_S_MSB, false, true, Mf::FirstLeadingBit, Sint),
        (U_MIN, true, true, Mf::Min, Uint),
        (U_MAX, true, false, Mf::Max, Uint),
        (U_CLAMP, true, true, Mf::Clamp, Uint),
        (FIND_U_MSB, true, true, Mf::FirstLeadingBit, Uint),
        // Sign-agnostic: computed on the Result type's signedness, so the value has its type.
        (FIND_I_LSB, true, false, Mf::FirstTrailingBit, Uint),
        (FIND_I_LSB, false, true, Mf::FirstTrailingBit, Sint),
        // Already of the opcode's signedness: left alone.
        (S_MAX, true, true, Mf::Max, Sint),
        (U_MIN, false, false, Mf::Min, Uint),
    ];
    for (number, args_signed, result_signed, fun, kind) in cases {
        let wgsl = translate(kernel(|k| {
            let pick = |v: [Word; 2]| if args_signed { v[0] } else { v[1] };
            let args: Vec<Word> = [k.x, k.y, k.z]
                .into_iter()
                .map(pick)
                .take(match fun {
                    Mf::Min | Mf::Max => 2,
                    Mf::Clamp => 3,
                    _ => 1,
                })
                .collect();
            let ty = if result_signed { k.int } else { k.uint };
            let r = k.glsl(ty, number, &args);
            k.store(0, r);
        }))
        .unwrap_or_else(|e| panic!("GLSL.std.450 {number}: {e}"));
        let ops = operations(&wgsl);
        assert_eq!(ops.math, [(fun, kind)], "GLSL.std.450 {number} (arguments signed {args_signed}):\n{wgsl}");
    }
}

#[test]
fn core_operations_on_the_other_signedness_compute_on_the_opcodes() {
    use naga::{BinaryOperator as Bo, MathFunction as Mf, UnaryOperator as Uo};
    let float = naga::ScalarKind::Float;
    let wgsl = translate(kernel(|k| {
        let (int, uint, float) = (k.int, k.uint, k.float);
        let quotient = k.op(Op::SDiv, uint, &[k.x[1], k.y[1]]);
        k.store(0, quotient);
        let negated = k.op(Op::SNegate, uint, &[k.x[1]]);
        k.store(1, negated);
        let (zero, three) = (k.constant(int, 0), k.constant(int, 3));
        let extracted = k.op(Op::BitFieldSExtract, uint, &[k.x[1], zero, three]);
        k.store(2, extracted);
        let f = k.op(Op::ConvertSToF, float, &[k.x[1]]);
        let back = k.op(Op::ConvertFToS, uint, &[f]);
        k.store(3, back);
        let g = k.op(Op::ConvertUToF, float, &[k.y[0]]);
        let g_int = k.op(Op::ConvertFToS, int, &[g]);
        k.store(4, g_int);
        let unsigned_bits = k.op(Op::BitFieldUExtract, int, &[k.z[0], zero, three]);
        k.store(5, unsigned_bits);
        let count = k.op(Op::BitCount, uint, &[k.z[0]]);
        k.store(6, count);
    }))
    .unwrap();
    let ops = operations(&wgsl);
    assert!(ops.binary.contains(&(Bo::Divide, Sint)) && !ops.binary.contains(&(Bo::Divide, Uint)), "{wgsl}");
    assert_eq!(ops.unary, [(Uo::Negate, Sint)], "{wgsl}");
    assert!(ops.math.contains(&(Mf::ExtractBits, Sint)) && ops.math.contains(&(Mf::ExtractBits, Uint)), "{wgsl}");
    assert!(ops.math.contains(&(Mf::CountOneBits, Uint)), "{wgsl}");
    // SToF converts a signed value, UToF an unsigned one; FToS converts to a signed one.
    assert!(ops.conversions.contains(&(Sint, float)) && ops.conversions.contains(&(Uint, float)), "{wgsl}");
    assert!(ops.conversions.iter().filter(|(from, _)| *from == float).all(|(_, to)| *to == Sint), "{wgsl}");
}

/// `OpSRem` and `OpSMod` become signed division, multiplication and subtraction (no float
/// quotient, no `%`, which GLSL leaves undefined on negative operands), on `int`s and `uint`s,
/// scalars and vectors.
#[test]
fn signed_remainders_are_integer_arithmetic() {
    use naga::BinaryOperator as Bo;
    for op in [Op::SRem, Op::SMod] {
        let wgsl = translate(kernel(|k| {
            let (int, uint) = (k.int, k.uint);
            let r = k.op(op, int, &[k.x[0], k.y[0]]);
            k.store(0, r);
            let r = k.op(op, uint, &[k.x[1], k.y[0]]);
            k.store(1, r);
            let uvec2 = k.b.type_vector(uint, 2);
            let a = k.op(Op::CompositeConstruct, uvec2, &[k.x[1], k.y[1]]);
            let b = k.op(Op::CompositeConstruct, uvec2, &[k.z[1], k.z[1]]);
            let r = k.op(op, uvec2, &[a, b]);
            let r = k.b.composite_extract(uint, None, r, [1]).unwrap();
            k.types.insert(r, uint);
            k.store(2, r);
        }))
        .unwrap_or_else(|e| panic!("{op:?}: {e}"));
        let ops = operations(&wgsl);
        assert!(!ops.binary.iter().any(|(o, _)| *o == Bo::Modulo), "{op:?}:\n{wgsl}");
        assert!(!ops.math.iter().any(|(f, _)| *f == naga::MathFunction::Floor), "{op:?}:\n{wgsl}");
        assert!(!ops.conversions.iter().any(|(_, to)| *to == naga::ScalarKind::Float), "{op:?}:\n{wgsl}");
        assert!(ops.binary.iter().filter(|(o, _)| *o == Bo::Divide).all(|(_, kind)| *kind == Sint), "{op:?}:\n{wgsl}");
        assert_eq!(ops.binary.iter().filter(|(o, _)| *o == Bo::Divide).count(), 3, "{op:?}:\n{wgsl}");
    }
}

/// Where the atomic is: in the kernel's one block, in a loop header that is its own continue
/// target, or in a loop header with a continue block.
#[derive(Clone, Copy, Debug)]
enum Place {
    Straight,
    SingleBlockLoop,
    LoopHeader,
}

/// `op` on the location of the other signedness (`atom_u` for the signed ones), three times
/// in a loop where `place` says so; the values returned are summed into `data[3]`.
fn atomic_kernel(op: Op, place: Place) -> Vec<u32> {
    kernel(|k| {
        let signed = matches!(op, Op::AtomicSMin | Op::AtomicSMax);
        let (ty, location, value) = if signed { (k.uint, k.atom_u, k.x[1]) } else { (k.int, k.atom_i, k.x[0]) };
        let atomic = |k: &mut Kernel| {
            let id = k.b.id();
            let operands =
                vec![Operand::IdRef(location), Operand::IdScope(k.device), Operand::IdMemorySemantics(k.relaxed), Operand::IdRef(value)];
            k.b.insert_into_block(InsertPoint::End, Instruction::new(op, Some(ty), Some(id), operands)).unwrap();
            k.types.insert(id, ty);
            id
        };
        if let Place::Straight = place {
            let r = atomic(k);
            k.store(0, r);
            return;
        }
        let (int, boolean) = (k.int, k.boolean);
        let (zero, one, three) = (k.constant(int, 0), k.constant(int, 1), k.constant(int, 3));
        let zero_ty = k.b.constant_bit32(ty, 0);
        let entry = k.b.selected_block().and_then(|i| k.b.module_ref().functions.last()?.blocks[i].label.as_ref()?.result_id).unwrap();
        let (header, cont, merge) = (k.b.id(), k.b.id(), k.b.id());
        let (i_next, sum_next) = (k.b.id(), k.b.id());
        let cont = if let Place::SingleBlockLoop = place { header } else { cont };
        k.b.branch(header).unwrap();
        k.b.begin_block(Some(header)).unwrap();
        let i = k.b.phi(int, None, [(zero, entry), (i_next, cont)]).unwrap();
        let sum = k.b.phi(ty, None, [(zero_ty, entry), (sum_next, cont)]).unwrap();
        let old = atomic(k);
        k.b.i_add(ty, Some(sum_next), sum, old).unwrap();
        k.types.insert(sum_next, ty);
        if let Place::SingleBlockLoop = place {
            k.b.i_add(int, Some(i_next), i, one).unwrap();
            let more = k.b.s_less_than(boolean, None, i_next, three).unwrap();
            k.b.loop_merge(merge, header, spirv::LoopControl::NONE, []).unwrap();
            k.b.branch_conditional(more, header, merge, []).unwrap();
        } else {
            let more = k.b.s_less_than(boolean, None, i, three).unwrap();
            k.b.loop_merge(merge, cont, spirv::LoopControl::NONE, []).unwrap();
            k.b.branch_conditional(more, cont, merge, []).unwrap();
            k.b.begin_block(Some(cont)).unwrap();
            k.b.i_add(int, Some(i_next), i, one).unwrap();
            k.b.branch(header).unwrap();
        }
        k.b.begin_block(Some(merge)).unwrap();
        k.store(0, sum_next);
    })
}

#[test]
fn atomic_min_and_max_of_the_other_signedness_loop_on_compare_exchange() {
    use naga::{AtomicFunction as Af, BinaryOperator as Bo};
    for (op, comparison, kind) in [
        (Op::AtomicUMax, Bo::Greater, Uint),
        (Op::AtomicUMin, Bo::Less, Uint),
        (Op::AtomicSMax, Bo::Greater, Sint),
        (Op::AtomicSMin, Bo::Less, Sint),
    ] {
        for place in [Place::Straight, Place::SingleBlockLoop, Place::LoopHeader] {
            let wgsl = translate(atomic_kernel(op, place)).unwrap_or_else(|e| panic!("{op:?} {place:?}: {e}"));
            let ops = operations(&wgsl);
            assert!(
                ops.atomics.iter().all(|f| matches!(f, Af::Exchange { compare: Some(_) })) && ops.atomics.len() == 1,
                "{op:?} {place:?}: {:?}\n{wgsl}",
                ops.atomics
            );
            assert!(ops.binary.contains(&(comparison, kind)), "{op:?} {place:?}:\n{wgsl}");
        }
    }
}

#[test]
fn atomic_min_and_max_of_the_locations_signedness_stay_as_they_are() {
    use naga::AtomicFunction as Af;
    for (op, signed, fun) in [(Op::AtomicSMax, true, Af::Max), (Op::AtomicUMin, false, Af::Min)] {
        let wgsl = translate(kernel(|k| {
            let (ty, location, value) = if signed { (k.int, k.atom_i, k.x[0]) } else { (k.uint, k.atom_u, k.x[1]) };
            let id = k.b.id();
            let operands =
                vec![Operand::IdRef(location), Operand::IdScope(k.device), Operand::IdMemorySemantics(k.relaxed), Operand::IdRef(value)];
            k.b.insert_into_block(InsertPoint::End, Instruction::new(op, Some(ty), Some(id), operands)).unwrap();
            k.types.insert(id, ty);
            k.store(0, id);
        }))
        .unwrap();
        assert_eq!(operations(&wgsl).atomics, [fun], "{op:?}:\n{wgsl}");
    }
}

/// The pass's predicate holds where the pass changes something: operations on operands and
/// results of their opcode's signedness leave it off (no rspirv module is built for them); one
/// operand of the other signedness, or a signed remainder (always spelled out), turns it on.
#[test]
fn the_predicate_holds_only_where_a_signedness_differs() {
    let applies = |words: &[u32]| {
        let (view, _) = spirv_view::ModuleView::read(words).expect("the kernel reads");
        lower::signed_operations::applies(&view)
    };
    let same = kernel(|k| {
        let (int, uint, float) = (k.int, k.uint, k.float);
        let quotient = k.op(Op::SDiv, int, &[k.x[0], k.y[0]]);
        k.store(0, quotient);
        let max = k.glsl(uint, U_MAX, &[k.x[1], k.y[1]]);
        k.store(1, max);
        let abs = k.glsl(int, S_ABS, &[k.z[0]]);
        k.store(2, abs);
        let f = k.op(Op::ConvertSToF, float, &[k.x[0]]);
        let back = k.op(Op::ConvertFToS, int, &[f]);
        k.store(3, back);
        let count = k.op(Op::BitCount, uint, &[k.z[1]]);
        k.store(4, count);
    });
    assert!(!applies(&same), "every operation computes on its opcode's signedness already");
    let quotient_of_uint = kernel(|k| {
        let quotient = k.op(Op::SDiv, k.int, &[k.x[0], k.y[1]]);
        k.store(0, quotient);
    });
    assert!(applies(&quotient_of_uint), "OpSDiv of a uint operand");
    let max_into_int = kernel(|k| {
        let max = k.glsl(k.int, U_MAX, &[k.x[1], k.y[1]]);
        k.store(0, max);
    });
    assert!(applies(&max_into_int), "UMax with an int Result");
    let remainder = kernel(|k| {
        let r = k.op(Op::SRem, k.int, &[k.x[0], k.y[0]]);
        k.store(0, r);
    });
    assert!(applies(&remainder), "OpSRem of ints");
}
