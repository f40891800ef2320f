//! Row-major matrices in blocks → column-major matrices of the transposed shape.
//!
//! A block member decorated `RowMajor` stores its matrix row by row. HLSL's default
//! (`column_major`) packing is SPIR-V's `RowMajor` (glslang and DXC flip the convention), so
//! every matrix in a D3D port's cbuffer is one. naga's reader declares such a member with the
//! matrix's own shape and transposes loads, which reads the wrong bytes for non-square shapes
//! and fails on chains with run-time indices (`float3x3 m; m[i][j]`). Here the member's
//! type becomes the transposed matrix (its columns are the stored rows, at the same
//! `MatrixStride`), decorated `ColMajor`, arrays of them rebuilt with the same strides, and
//! every use follows:
//! - a chain to an element `[c][r]` takes `[r][c]`;
//! - a load of the whole matrix is an `OpTranspose` of the load, a store stores the transpose;
//! - a chain that stops at a column `[c]` (a row of the stored matrix) is loaded or stored one
//!   element at a time.
//!
//! Other uses — a block, struct or array holding such matrices loaded or stored whole, a
//! pointer to one copied or passed to a function — are refused.

use super::fresh_id;
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{BTreeMap, HashMap};

/// Whether [`lower`] may change the module: a struct member is decorated `RowMajor`.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    const ROW_MAJOR: u32 = Decoration::RowMajor as u32;
    module.annotations().any(|a| a.opcode == Op::MemberDecorate && a.operands.get(2) == Some(&ROW_MAJOR))
}

/// A matrix member made column-major: the original matrix type (C columns of `vecR`), the
/// transposed one (R columns of `vecC`), the shapes, and where the member is (for names).
#[derive(Clone, Copy, Debug)]
struct Transposed {
    matrix: Word,
    transposed: Word,
    rows: u32,
    scalar: Word,
    column: Word,
    member: (Word, u32),
}

/// Where a pointer points, as far as this pass follows it.
#[derive(Clone, Copy, Debug)]
enum At {
    Type(Word),
    /// Inside arrays of transposed matrices (`arrays` array levels left).
    Arrays(Transposed, u32),
    /// A transposed matrix (the pointer's type is now the transposed matrix's).
    Matrix(Transposed),
    /// Column `c` of the original matrix: the pointer still points at the transposed matrix.
    Column(Transposed, Word),
}

pub fn lower(module: &mut dr::Module) -> Result<bool, String> {
    let defs = super::global_defs(module);
    let row_major: Vec<(Word, u32)> = module
        .annotations
        .iter()
        .filter_map(|a| match (a.class.opcode, a.operands.as_slice()) {
            (Op::MemberDecorate, [Operand::IdRef(s), Operand::LiteralBit32(m), Operand::Decoration(Decoration::RowMajor)]) => {
                Some((*s, *m))
            }
            _ => None,
        })
        .collect();
    if row_major.is_empty() {
        return Ok(false);
    }
    let member_names = super::member_names(module);
    let name = |member: (Word, u32)| member_names.get(&member).map_or_else(|| format!("member {}", member.1), |n| format!("`{n}`"));

    // New member types, each defined just before the struct that uses it.
    let mut transposed_members: BTreeMap<(Word, u32), (Transposed, u32)> = BTreeMap::new(); // (info, array levels)
    for (s, m) in row_major {
        let Some(member_ty) = defs.get(&s).and_then(|d| d.operands.get(m as usize)).and_then(|o| match o {
            Operand::IdRef(t) => Some(*t),
            _ => None,
        }) else {
            continue;
        };
        // Arrays of matrices: (array type, length operand) from the outside in.
        let mut arrays: Vec<(Word, Operand)> = Vec::new();
        let mut t = member_ty;
        while let Some(d) = defs.get(&t).filter(|d| matches!(d.class.opcode, Op::TypeArray | Op::TypeRuntimeArray)) {
            let Some(Operand::IdRef(e)) = d.operands.first() else { break };
            arrays.push((t, d.operands.get(1).cloned().unwrap_or(Operand::LiteralBit32(0))));
            t = *e;
        }
        let Some(mat) = defs.get(&t).filter(|d| d.class.opcode == Op::TypeMatrix) else { continue };
        let (Some(Operand::IdRef(column)), Some(Operand::LiteralBit32(columns))) = (mat.operands.first(), mat.operands.get(1)) else {
            continue;
        };
        let Some(col) = defs.get(column) else { continue };
        let (Some(Operand::IdRef(scalar)), Some(Operand::LiteralBit32(rows))) = (col.operands.first(), col.operands.get(1)) else {
            continue;
        };
        let (scalar, rows, columns, column) = (*scalar, *rows, *columns, *column);
        if !(2..=4).contains(&rows) || !(2..=4).contains(&columns) {
            continue; // not a matrix SPIR-V allows; the load checks or naga report it
        }
        let at = |module: &dr::Module| module.types_global_values.iter().position(|i| i.result_id == Some(s)).unwrap_or(0);
        let row_vector = find_or_insert(module, at(module), Op::TypeVector, vec![Operand::IdRef(scalar), Operand::LiteralBit32(columns)]);
        let transposed = find_or_insert(module, at(module), Op::TypeMatrix, vec![Operand::IdRef(row_vector), Operand::LiteralBit32(rows)]);
        let info = Transposed { matrix: t, transposed, rows, scalar, column, member: (s, m) };
        // Arrays rebuilt inside out, with the original strides.
        let mut inner = transposed;
        for (array, len) in arrays.iter().rev() {
            let id = fresh_id(module);
            let operands = match defs[array].class.opcode {
                Op::TypeArray => vec![Operand::IdRef(inner), len.clone()],
                _ => vec![Operand::IdRef(inner)],
            };
            let pos = at(module);
            module.types_global_values.insert(pos, Instruction::new(defs[array].class.opcode, None, Some(id), operands));
            let strides: Vec<Instruction> = module
                .annotations
                .iter()
                .filter(|a| a.class.opcode == Op::Decorate && a.operands.first() == Some(&Operand::IdRef(*array)))
                .cloned()
                .collect();
            for mut d in strides {
                d.operands[0] = Operand::IdRef(id);
                module.annotations.push(d);
            }
            inner = id;
        }
        if let Some(st) = module.types_global_values.iter_mut().find(|i| i.result_id == Some(s)) {
            st.operands[m as usize] = Operand::IdRef(inner);
        }
        for a in &mut module.annotations {
            if a.class.opcode == Op::MemberDecorate
                && a.operands.first() == Some(&Operand::IdRef(s))
                && a.operands.get(1) == Some(&Operand::LiteralBit32(m))
                && a.operands.get(2) == Some(&Operand::Decoration(Decoration::RowMajor))
            {
                a.operands[2] = Operand::Decoration(Decoration::ColMajor);
            }
        }
        transposed_members.insert((s, m), (info, arrays.len() as u32));
    }
    if transposed_members.is_empty() {
        return Ok(false);
    }
    // The rewritten structs and every type holding one (arrays of them, structs around them):
    // only chains may go through those; a whole value of one would be read untransposed.
    let rewritten: Vec<Word> = transposed_members.keys().map(|(s, _)| *s).collect();
    let structs = super::containing_types(module, &rewritten);
    // They must be block types only: a variable of another storage class (glslang declares
    // such locals with a struct type of their own) would be read untransposed.
    let blocks = [StorageClass::Uniform, StorageClass::PushConstant, StorageClass::StorageBuffer];
    if let Some(sc) = super::pointed_from_outside(module, &structs, &blocks) {
        return Err(format!("a struct with row-major matrices in {sc:?} storage"));
    }
    rewrite_functions(module, &defs, &transposed_members, &structs, &name)?;
    Ok(true)
}

/// `op operands` among the module's types, or a new one inserted at `at`.
/// (An identical type defined after `at` moves up to `at`: SPIR-V declares each
/// non-aggregate type once, and its operands are defined before `at` too.)
fn find_or_insert(module: &mut dr::Module, at: usize, op: Op, operands: Vec<Operand>) -> Word {
    if let Some(p) = module.types_global_values.iter().position(|i| i.class.opcode == op && i.operands == operands) {
        if p > at {
            let inst = module.types_global_values.remove(p);
            module.types_global_values.insert(at, inst);
        }
        if let Some(id) = module.types_global_values[p.min(at)].result_id {
            return id;
        }
    }
    let id = fresh_id(module);
    module.types_global_values.insert(at, Instruction::new(op, None, Some(id), operands));
    id
}

fn pointer(module: &mut dr::Module, sc: StorageClass, pointee: Word) -> Word {
    super::pointer_type(module, sc, pointee)
}

fn rewrite_functions(
    module: &mut dr::Module,
    defs: &HashMap<Word, Instruction>,
    members: &BTreeMap<(Word, u32), (Transposed, u32)>,
    structs: &[Word],
    name: &dyn Fn((Word, u32)) -> String,
) -> Result<(), String> {
    let const_u32 = |id: Word| super::constant_value(defs.get(&id));
    let mut pointers: HashMap<Word, (At, StorageClass)> = HashMap::new();
    for v in module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable) {
        let Some(Operand::StorageClass(sc)) = v.operands.first() else { continue };
        if let (Some(id), Some(Operand::IdRef(t))) = (v.result_id, v.result_type.and_then(|p| defs.get(&p)).and_then(|p| p.operands.get(1)))
        {
            pointers.insert(id, (At::Type(*t), *sc));
        }
    }
    let int = super::type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    for fi in 0..module.functions.len() {
        for bi in 0..module.functions[fi].blocks.len() {
            let old = std::mem::take(&mut module.functions[fi].blocks[bi].instructions);
            let mut out = Vec::with_capacity(old.len());
            for mut inst in old {
                match inst.class.opcode {
                    Op::AccessChain | Op::InBoundsAccessChain => {
                        let Some(Operand::IdRef(base)) = inst.operands.first() else {
                            out.push(inst);
                            continue;
                        };
                        let Some((start, sc)) = pointers.get(base).copied() else {
                            out.push(inst);
                            continue;
                        };
                        // A chain from a column pointer: the base is the matrix, the column
                        // index goes after the row index.
                        let (mut at, mut ops) = match start {
                            At::Column(t, c) => {
                                let Some(Operand::IdRef(r)) = inst.operands.get(1).cloned() else { return Err("malformed chain".into()) };
                                let mut ops = vec![inst.operands[0].clone(), Operand::IdRef(r), Operand::IdRef(c)];
                                ops.extend(inst.operands[2..].iter().cloned());
                                inst.operands = ops;
                                (At::Type(t.scalar), Vec::new())
                            }
                            other => (other, Vec::new()),
                        };
                        if ops.is_empty() {
                            ops.push(inst.operands[0].clone());
                            let rest: Vec<Operand> = inst.operands[1..].to_vec();
                            let mut rest = rest.into_iter().peekable();
                            while let Some(op) = rest.next() {
                                let Operand::IdRef(idx) = op else { return Err("malformed chain".into()) };
                                at = match at {
                                    At::Type(t) => {
                                        ops.push(op.clone());
                                        match defs.get(&t).map(|d| (d.class.opcode, d)) {
                                            Some((Op::TypeStruct, d)) => {
                                                match const_u32(idx).and_then(|m| members.get(&(t, m)).map(|x| (m, *x))) {
                                                    Some((_, (info, 0))) => At::Matrix(info),
                                                    Some((_, (info, n))) => At::Arrays(info, n),
                                                    None => match const_u32(idx).and_then(|m| d.operands.get(m as usize)) {
                                                        Some(Operand::IdRef(mt)) => At::Type(*mt),
                                                        _ => At::Type(0),
                                                    },
                                                }
                                            }
                                            Some((Op::TypeArray | Op::TypeRuntimeArray | Op::TypeVector | Op::TypeMatrix, d)) => {
                                                match d.operands.first() {
                                                    Some(Operand::IdRef(e)) => At::Type(*e),
                                                    _ => At::Type(0),
                                                }
                                            }
                                            _ => At::Type(0),
                                        }
                                    }
                                    At::Arrays(info, n) => {
                                        ops.push(op.clone());
                                        if n == 1 {
                                            At::Matrix(info)
                                        } else {
                                            At::Arrays(info, n - 1)
                                        }
                                    }
                                    At::Matrix(info) => match rest.next() {
                                        // [c][r] → [r][c]
                                        Some(r) => {
                                            ops.push(r);
                                            ops.push(op.clone());
                                            At::Type(info.scalar)
                                        }
                                        None => At::Column(info, idx),
                                    },
                                    At::Column(..) => unreachable!("a column is the chain's end or is followed by its row"),
                                };
                            }
                            inst.operands = ops;
                        }
                        match at {
                            At::Matrix(info) => inst.result_type = Some(pointer(module, sc, info.transposed)),
                            At::Column(info, _) => inst.result_type = Some(pointer(module, sc, info.transposed)),
                            At::Arrays(info, _) => {
                                return Err(format!(
                                    "a pointer to an array of the row-major matrices {} (only their elements are read)",
                                    name(info.member)
                                ))
                            }
                            At::Type(_) => {}
                        }
                        if let Some(id) = inst.result_id {
                            pointers.insert(id, (at, sc));
                        }
                        out.push(inst);
                    }
                    Op::Load => {
                        let Some(Operand::IdRef(p)) = inst.operands.first().cloned() else {
                            out.push(inst);
                            continue;
                        };
                        match pointers.get(&p).copied() {
                            Some((At::Matrix(info), _)) => {
                                let loaded = fresh_id(module);
                                out.push(Instruction::new(Op::Load, Some(info.transposed), Some(loaded), inst.operands.clone()));
                                out.push(Instruction::new(Op::Transpose, Some(info.matrix), inst.result_id, vec![Operand::IdRef(loaded)]));
                            }
                            Some((At::Column(info, c), sc)) => {
                                let scalar_ptr = pointer(module, sc, info.scalar);
                                let mut parts = Vec::new();
                                for r in 0..info.rows {
                                    let (chain, value) = (fresh_id(module), fresh_id(module));
                                    let r = super::constant(module, int, r);
                                    out.push(Instruction::new(
                                        Op::AccessChain,
                                        Some(scalar_ptr),
                                        Some(chain),
                                        vec![Operand::IdRef(p), Operand::IdRef(r), Operand::IdRef(c)],
                                    ));
                                    out.push(Instruction::new(Op::Load, Some(info.scalar), Some(value), vec![Operand::IdRef(chain)]));
                                    parts.push(Operand::IdRef(value));
                                }
                                out.push(Instruction::new(Op::CompositeConstruct, Some(info.column), inst.result_id, parts));
                            }
                            Some((At::Type(t), _)) if structs.contains(&t) => {
                                return Err("a block or struct holding row-major matrices loaded whole".into());
                            }
                            Some((At::Arrays(info, _), _)) => {
                                return Err(format!("the row-major matrices {} loaded whole", name(info.member)));
                            }
                            _ => out.push(inst),
                        }
                    }
                    Op::Store => {
                        let (Some(Operand::IdRef(p)), Some(Operand::IdRef(value))) =
                            (inst.operands.first().cloned(), inst.operands.get(1).cloned())
                        else {
                            out.push(inst);
                            continue;
                        };
                        match pointers.get(&p).copied() {
                            Some((At::Matrix(info), _)) => {
                                let t = fresh_id(module);
                                out.push(Instruction::new(Op::Transpose, Some(info.transposed), Some(t), vec![Operand::IdRef(value)]));
                                out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(p), Operand::IdRef(t)]));
                            }
                            Some((At::Column(info, c), sc)) => {
                                let scalar_ptr = pointer(module, sc, info.scalar);
                                for r in 0..info.rows {
                                    let (chain, part) = (fresh_id(module), fresh_id(module));
                                    let rc = super::constant(module, int, r);
                                    out.push(Instruction::new(
                                        Op::CompositeExtract,
                                        Some(info.scalar),
                                        Some(part),
                                        vec![Operand::IdRef(value), Operand::LiteralBit32(r)],
                                    ));
                                    out.push(Instruction::new(
                                        Op::AccessChain,
                                        Some(scalar_ptr),
                                        Some(chain),
                                        vec![Operand::IdRef(p), Operand::IdRef(rc), Operand::IdRef(c)],
                                    ));
                                    out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(chain), Operand::IdRef(part)]));
                                }
                            }
                            Some((At::Type(t), _)) if structs.contains(&t) => {
                                return Err("a block or struct holding row-major matrices stored whole".into());
                            }
                            _ => out.push(inst),
                        }
                    }
                    _ => {
                        for op in &inst.operands {
                            if let Operand::IdRef(p) = op {
                                match pointers.get(p) {
                                    Some((At::Matrix(info) | At::Column(info, _) | At::Arrays(info, _), _)) => {
                                        return Err(format!("the row-major matrix {} used by {:?}", name(info.member), inst.class.opcode));
                                    }
                                    Some((At::Type(t), _)) if structs.contains(t) && inst.class.opcode != Op::ArrayLength => {
                                        return Err(format!(
                                            "a block or struct holding row-major matrices used by {:?}",
                                            inst.class.opcode
                                        ));
                                    }
                                    _ => {}
                                }
                            }
                        }
                        out.push(inst);
                    }
                }
            }
            module.functions[fi].blocks[bi].instructions = out;
        }
    }
    Ok(())
}
