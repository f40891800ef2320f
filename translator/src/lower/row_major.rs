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
//! - a block or struct holding such matrices (through arrays and structs) loaded or stored
//!   whole goes member by member ([`super::whole_values`]), each matrix transposed.
//!
//! Other uses — an array of such matrices loaded whole through a pointer to it, a pointer to
//! one copied or passed to a function — are refused.

use super::access_chains::{self, Access, At, Chain, Mapping, Member};
use super::whole_values::{ChangedMembers, WholeValues};
use super::{fresh_id, pointer_type};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{BTreeMap, HashMap};

/// Whether [`lower`] may change the module: a struct member is decorated `RowMajor`.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    const ROW_MAJOR: u32 = Decoration::RowMajor as u32;
    module.annotations().any(|a| a.opcode == Op::MemberDecorate && a.operands.get(2) == Some(&ROW_MAJOR))
}

/// A matrix member made column-major: the original matrix type (C columns of `vecR`), the
/// transposed one (R columns of `vecC`), the shapes, the member's original type (the matrix,
/// or arrays of it) and where the member is (for names).
#[derive(Clone, Copy, Debug)]
struct Transposed {
    matrix: Word,
    transposed: Word,
    rows: u32,
    scalar: Word,
    column: Word,
    member_type: Word,
    member: (Word, u32),
}

/// Where a pointer into a transposed member points.
#[derive(Clone, Copy, Debug)]
enum Mapped {
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
        let info = Transposed { matrix: t, transposed, rows, scalar, column, member_type: member_ty, member: (s, m) };
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
    let uint = super::type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    let changed = TransposedMembers { members: &transposed_members, defs: &defs, uint };
    rewrite_functions(module, &defs, &changed, &structs, &name)?;
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

fn rewrite_functions(
    module: &mut dr::Module,
    defs: &HashMap<Word, Instruction>,
    changed: &TransposedMembers,
    structs: &[Word],
    name: &dyn Fn((Word, u32)) -> String,
) -> Result<(), String> {
    let uint = changed.uint;
    let whole = WholeValues::new(changed, structs, defs, uint);
    let mut accesses = Accesses { members: changed.members, name, uint, whole };
    access_chains::rewrite(module, defs, &mut accesses)?;
    accesses.whole.finish(module).map_err(|e| format!("a block or struct holding row-major matrices loaded or stored whole: {e}"))
}

/// The accesses through transposed matrices ([`access_chains::rewrite`]).
struct Accesses<'a> {
    members: &'a BTreeMap<(Word, u32), (Transposed, u32)>,
    name: &'a dyn Fn((Word, u32)) -> String,
    uint: Word,
    /// Blocks and structs holding transposed members, loaded or stored whole.
    whole: WholeValues<'a, TransposedMembers<'a>>,
}

/// The transposed members as [`ChangedMembers`]: each matrix (in its arrays, element by
/// element) loaded and transposed back, or transposed and stored.
struct TransposedMembers<'a> {
    members: &'a BTreeMap<(Word, u32), (Transposed, u32)>,
    defs: &'a HashMap<Word, Instruction>,
    uint: Word,
}

impl TransposedMembers<'_> {
    /// The array of `ty`'s elements: (element type, length); `Err` for a run-time array.
    fn array(&self, ty: Word) -> Result<(Word, u32), String> {
        match self.defs.get(&ty).map(|d| (d.class.opcode, d.operands.as_slice())) {
            Some((Op::TypeArray, [Operand::IdRef(e), Operand::IdRef(len)])) => {
                Ok((*e, super::constant_value(self.defs.get(len)).ok_or("an array of a length set when the pipeline is made")?))
            }
            _ => Err("a run-time array of row-major matrices".into()),
        }
    }

    /// Emits the value `id` of `ty` (the original matrix, or arrays of it) at the chain `ops`.
    fn load_as(
        &self,
        module: &mut dr::Module,
        t: Transposed,
        ty: Word,
        ops: Vec<Operand>,
        (id, sc): (Word, StorageClass),
        out: &mut Vec<Instruction>,
    ) -> Result<(), String> {
        if ty == t.matrix {
            let (chain, loaded) = (fresh_id(module), fresh_id(module));
            out.push(Instruction::new(Op::AccessChain, Some(pointer_type(module, sc, t.transposed)), Some(chain), ops));
            out.push(Instruction::new(Op::Load, Some(t.transposed), Some(loaded), vec![Operand::IdRef(chain)]));
            out.push(Instruction::new(Op::Transpose, Some(t.matrix), Some(id), vec![Operand::IdRef(loaded)]));
            return Ok(());
        }
        let (element, len) = self.array(ty)?;
        let mut parts = Vec::with_capacity(len as usize);
        for j in 0..len {
            let part = fresh_id(module);
            let mut chain = ops.clone();
            chain.push(Operand::IdRef(super::constant(module, self.uint, j)));
            self.load_as(module, t, element, chain, (part, sc), out)?;
            parts.push(Operand::IdRef(part));
        }
        out.push(Instruction::new(Op::CompositeConstruct, Some(ty), Some(id), parts));
        Ok(())
    }

    /// Emits the stores of `value`, of `ty` (the original matrix, or arrays of it), at the
    /// chain `ops`.
    fn store_as(
        &self,
        module: &mut dr::Module,
        t: Transposed,
        ty: Word,
        ops: Vec<Operand>,
        (value, sc): (Word, StorageClass),
        out: &mut Vec<Instruction>,
    ) -> Result<(), String> {
        if ty == t.matrix {
            let (chain, transposed) = (fresh_id(module), fresh_id(module));
            out.push(Instruction::new(Op::Transpose, Some(t.transposed), Some(transposed), vec![Operand::IdRef(value)]));
            out.push(Instruction::new(Op::AccessChain, Some(pointer_type(module, sc, t.transposed)), Some(chain), ops));
            out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(chain), Operand::IdRef(transposed)]));
            return Ok(());
        }
        let (element, len) = self.array(ty)?;
        for j in 0..len {
            let part = fresh_id(module);
            out.push(Instruction::new(
                Op::CompositeExtract,
                Some(element),
                Some(part),
                vec![Operand::IdRef(value), Operand::LiteralBit32(j)],
            ));
            let mut chain = ops.clone();
            chain.push(Operand::IdRef(super::constant(module, self.uint, j)));
            self.store_as(module, t, element, chain, (part, sc), out)?;
        }
        Ok(())
    }
}

impl ChangedMembers for TransposedMembers<'_> {
    fn original(&self, s: Word, k: u32) -> Option<Word> {
        self.members.get(&(s, k)).map(|(t, _)| t.member_type)
    }

    /// One load or store per matrix: the product of the arrays' lengths (a run-time array
    /// counts as more than any budget).
    fn cost(&self, member: (Word, u32)) -> u64 {
        let Some((t, _)) = self.members.get(&member) else { return 0 };
        let mut ty = t.member_type;
        let mut n: u64 = 1;
        while ty != t.matrix {
            match self.array(ty) {
                Ok((element, len)) => (n, ty) = (n.saturating_mul(u64::from(len)), element),
                Err(_) => return u64::MAX,
            }
        }
        n
    }

    fn load(
        &self,
        module: &mut dr::Module,
        member: (Word, u32),
        base: &[Operand],
        id_sc: (Word, StorageClass),
        out: &mut Vec<Instruction>,
    ) -> Result<(), String> {
        let (t, _) = self.members.get(&member).ok_or("not a row-major member")?;
        self.load_as(module, *t, t.member_type, base.to_vec(), id_sc, out)
    }

    fn store(
        &self,
        module: &mut dr::Module,
        member: (Word, u32),
        base: &[Operand],
        value_sc: (Word, StorageClass),
        out: &mut Vec<Instruction>,
    ) -> Result<(), String> {
        let (t, _) = self.members.get(&member).ok_or("not a row-major member")?;
        self.store_as(module, *t, t.member_type, base.to_vec(), value_sc, out)
    }
}

impl Mapping for Accesses<'_> {
    type Mapped = Mapped;

    fn follows(&self, _: StorageClass) -> bool {
        true
    }

    fn member(&self, s: Word, k: u32) -> Member<Mapped> {
        match self.members.get(&(s, k)) {
            Some((t, 0)) => Member::Mapped(Mapped::Matrix(*t)),
            Some((t, n)) => Member::Mapped(Mapped::Arrays(*t, *n)),
            None => Member::Kept,
        }
    }

    fn index(&mut self, _: &mut dr::Module, m: Mapped, index: Operand, chain: &mut Chain) -> Result<At<Mapped>, String> {
        let Operand::IdRef(i) = index else { return Err("malformed chain".into()) };
        Ok(match m {
            Mapped::Arrays(t, n) => {
                chain.ops.push(index);
                At::Mapped(if n == 1 { Mapped::Matrix(t) } else { Mapped::Arrays(t, n - 1) })
            }
            // [c][r] → [r][c]
            Mapped::Matrix(t) => match chain.next_index() {
                Some(r) => {
                    chain.ops.extend([r, index]);
                    At::Type(t.scalar)
                }
                None => At::Mapped(Mapped::Column(t, i)),
            },
            // A chain from a column pointer: the column index goes after the row index.
            Mapped::Column(t, c) => {
                chain.ops.extend([index, Operand::IdRef(c)]);
                At::Type(t.scalar)
            }
        })
    }

    fn end(&mut self, module: &mut dr::Module, chain: &mut Instruction, m: Mapped, sc: StorageClass) -> Result<bool, String> {
        match m {
            Mapped::Matrix(t) | Mapped::Column(t, _) => {
                chain.result_type = Some(pointer_type(module, sc, t.transposed));
                Ok(true)
            }
            Mapped::Arrays(t, _) => {
                Err(format!("a pointer to an array of the row-major matrices {} (only their elements are read)", (self.name)(t.member)))
            }
        }
    }

    fn load(
        &mut self,
        module: &mut dr::Module,
        load: &Instruction,
        Access { pointer, at, sc }: Access<Mapped>,
        out: &mut Vec<Instruction>,
    ) -> Result<bool, String> {
        match at {
            At::Mapped(Mapped::Matrix(t)) => {
                let loaded = fresh_id(module);
                out.push(Instruction::new(Op::Load, Some(t.transposed), Some(loaded), load.operands.clone()));
                out.push(Instruction::new(Op::Transpose, Some(t.matrix), load.result_id, vec![Operand::IdRef(loaded)]));
            }
            At::Mapped(Mapped::Column(t, c)) => {
                let mut parts = Vec::new();
                for r in 0..t.rows {
                    let (element, value, chain) = self.element(module, (pointer, r, c), t, sc);
                    out.push(chain);
                    out.push(Instruction::new(Op::Load, Some(t.scalar), Some(value), vec![Operand::IdRef(element)]));
                    parts.push(Operand::IdRef(value));
                }
                out.push(Instruction::new(Op::CompositeConstruct, Some(t.column), load.result_id, parts));
            }
            At::Mapped(Mapped::Arrays(t, _)) => return Err(format!("the row-major matrices {} loaded whole", (self.name)(t.member))),
            At::Type(t) if self.whole.holds_changed(t) => {
                if let Some(id) = load.result_id {
                    self.whole.defer_load(id, pointer, t, sc);
                }
                return Ok(false);
            }
            At::Type(_) => return Ok(false),
        }
        Ok(true)
    }

    fn store(
        &mut self,
        module: &mut dr::Module,
        store: &Instruction,
        Access { pointer, at, sc }: Access<Mapped>,
        out: &mut Vec<Instruction>,
    ) -> Result<bool, String> {
        let Some(Operand::IdRef(value)) = store.operands.get(1).cloned() else { return Ok(false) };
        match at {
            At::Mapped(Mapped::Matrix(t)) => {
                let transposed = fresh_id(module);
                out.push(Instruction::new(Op::Transpose, Some(t.transposed), Some(transposed), vec![Operand::IdRef(value)]));
                out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(pointer), Operand::IdRef(transposed)]));
            }
            At::Mapped(Mapped::Column(t, c)) => {
                for r in 0..t.rows {
                    let (element, part, chain) = self.element(module, (pointer, r, c), t, sc);
                    let extract = vec![Operand::IdRef(value), Operand::LiteralBit32(r)];
                    out.extend([Instruction::new(Op::CompositeExtract, Some(t.scalar), Some(part), extract), chain]);
                    out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(element), Operand::IdRef(part)]));
                }
            }
            At::Type(t) if self.whole.holds_changed(t) => self.whole.store(module, (pointer, sc), t, value, out)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn other(&self, op: Op, at: At<Mapped>) -> Result<(), String> {
        match at {
            At::Mapped(Mapped::Matrix(t) | Mapped::Column(t, _) | Mapped::Arrays(t, _)) => {
                Err(format!("the row-major matrix {} used by {op:?}", (self.name)(t.member)))
            }
            // (A load of one is left in place for `WholeValues::finish`.)
            At::Type(t) if self.whole.holds_changed(t) && !matches!(op, Op::ArrayLength | Op::Load) => {
                Err(format!("a block or struct holding row-major matrices used by {op:?}"))
            }
            At::Type(_) => Ok(()),
        }
    }
}

impl Accesses<'_> {
    /// The chain to element (`r`, `c`) of the original matrix at `pointer` (a pointer to the
    /// transposed one), `[r][c]`: its id, a fresh id for the element's value, the chain.
    fn element(
        &self,
        module: &mut dr::Module,
        (pointer, r, c): (Word, u32, Word),
        t: Transposed,
        sc: StorageClass,
    ) -> (Word, Word, Instruction) {
        let scalar_ptr = pointer_type(module, sc, t.scalar);
        let (chain, value) = (fresh_id(module), fresh_id(module));
        let r = super::constant(module, self.uint, r);
        let operands = vec![Operand::IdRef(pointer), Operand::IdRef(r), Operand::IdRef(c)];
        (chain, value, Instruction::new(Op::AccessChain, Some(scalar_ptr), Some(chain), operands))
    }
}
