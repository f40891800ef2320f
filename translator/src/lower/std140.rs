//! Block members WGSL cannot lay out because their stride is wider than WGSL's: arrays of
//! 32-bit scalars or vectors whose `ArrayStride` exceeds WGSL's stride for the element (std140's
//! 16-byte stride for `float` and `vec2` arrays, in uniform blocks and in `layout(std140)`
//! storage blocks, or any wider stride a compiler chose), and matrices of `vec2` columns
//! (`mat2`, `mat3x2`, `mat4x2`) with a 16-byte column stride.
//!
//! WGSL gives `array<f32>` a 4-byte stride and `mat4x2<f32>` an 8-byte column stride, and has no
//! stride attribute, so naga cannot express these Vulkan layouts. Such a member of a uniform or
//! storage block becomes an array of *padded elements*, `struct { T value; u32 pad... }`
//! spanning the stride (sized arrays and runtime arrays alike):
//! - an access chain through the member gains an index 0 after the element (or column) index,
//!   so it still points at a `T` (a column, or a component of it);
//! - a chain that stops at the member and is loaded whole is replaced by one load per element
//!   and an `OpCompositeConstruct` of the original array or matrix type; stored whole, by one
//!   extract and store per element;
//! - a struct holding such a member (at any depth, through arrays) loaded whole is loaded
//!   member by member into a *twin* of its type, with the original member types, and what
//!   reads the value (extracts, composites of that type) takes the twins' types.
//! Other uses of such a member or struct value (copying it through a pointer, storing a struct
//! holding it whole, passing it to a function) are refused. A stride WGSL's struct layout cannot
//! reach (not a multiple of the element's alignment; in a uniform block, not a multiple of 16)
//! is left for the layout check's refusal by name.

use super::access_chains::{self, Access, At, Chain, Mapping, Member};
use super::{constant, fresh_id, pointer_type, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{BTreeMap, HashMap};

/// A rewritten member: its new padded-array type, the element type, element count (0 for a
/// runtime array, never accessed whole) and the original member type.
#[derive(Clone, Copy)]
struct Padded {
    array: Word,
    element: Word,
    len: u32,
    original: Word,
}

/// A 32-bit scalar's or vector's (size, alignment) in bytes, from its type's opcode and
/// operands (a vector's component type looked up by `scalar`).
fn element_layout(opcode: Op, operands: &[u32], scalar: impl Fn(Word) -> bool) -> Option<(u32, u32)> {
    match (opcode, operands) {
        (Op::TypeFloat | Op::TypeInt, [32, ..]) => Some((4, 4)),
        (Op::TypeVector, [c, n @ 2..=4]) if scalar(*c) => Some((4 * n, if *n == 2 { 8 } else { 16 })),
        _ => None,
    }
}

/// The most padding words an element gets (a member each: WGSL's uniform rules give an array of
/// them a 16-byte stride). A wider stride is left for the layout check's refusal.
const MAX_PADDING_WORDS: u32 = 64;

/// Whether an array of elements of this (size, alignment) with `stride` needs padding that a
/// WGSL struct can give: wider than WGSL's stride, a multiple of the alignment (and of 16 in a
/// uniform block, WGSL's uniform array rule), by at most [`MAX_PADDING_WORDS`].
fn pads(stride: u32, (size, align): (u32, u32), uniform_only: bool) -> bool {
    let natural = size.div_ceil(align) * align;
    stride > natural && stride % align == 0 && (!uniform_only || stride % 16 == 0) && (stride - size) / 4 <= MAX_PADDING_WORDS
}

/// Most elements of a padded array accessed as a whole (see `lower`).
const MAX_WHOLE_ARRAY: u32 = 4096;

/// Whether [`lower`] may change the module: it declares a uniform or storage variable, and an
/// array of 32-bit scalars or vectors with a stride wider than WGSL's, or a matrix of `vec2`
/// columns with a 16-byte column stride.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    const ARRAY_STRIDE: u32 = Decoration::ArrayStride as u32;
    const MATRIX_STRIDE: u32 = Decoration::MatrixStride as u32;
    let shape = |id: Word| module.def(id).map(|d| (d.opcode, d.operands));
    let scalar32 = |id: Word| matches!(shape(id), Some((Op::TypeFloat | Op::TypeInt, [32, ..])));
    let layout = |id: Word| shape(id).and_then(|(op, operands)| element_layout(op, operands, scalar32));
    let vec2 = |id: Word| matches!(shape(id), Some((Op::TypeVector, [s, 2])) if scalar32(*s));
    let (uniform, storage) = (StorageClass::Uniform as u32, StorageClass::StorageBuffer as u32);
    module
        .types_global_values()
        .any(|i| i.opcode == Op::Variable && matches!(i.operands.first(), Some(sc) if *sc == uniform || *sc == storage))
        && module.annotations().any(|a| match (a.opcode, a.operands) {
            (Op::Decorate, [t, ARRAY_STRIDE, stride]) => match shape(*t) {
                Some((Op::TypeArray | Op::TypeRuntimeArray, [e, ..])) => layout(*e).is_some_and(|l| pads(*stride, l, false)),
                _ => false,
            },
            (Op::MemberDecorate, [s, m, MATRIX_STRIDE, 16]) => {
                let mut member =
                    shape(*s).and_then(|(op, members)| (op == Op::TypeStruct).then(|| members.get(*m as usize)).flatten().copied());
                // Through arrays (arrays of such matrices are refused by `lower`).
                for _ in 0..8 {
                    match member.and_then(shape) {
                        Some((Op::TypeArray | Op::TypeRuntimeArray, [e, ..])) => member = Some(*e),
                        _ => break,
                    }
                }
                member.and_then(shape).is_some_and(|(op, ops)| op == Op::TypeMatrix && ops.first().is_some_and(|c| vec2(*c)))
            }
            _ => false,
        })
}

pub fn lower(module: &mut dr::Module) -> Result<bool, String> {
    // Only uniform and storage blocks have such layouts (most modules have neither: return
    // before copying the type table).
    let blocks = module.types_global_values.iter().any(|i| {
        i.class.opcode == Op::Variable
            && matches!(i.operands.first(), Some(Operand::StorageClass(StorageClass::Uniform | StorageClass::StorageBuffer)))
    });
    if !blocks {
        return Ok(false);
    }
    let defs = super::global_defs(module);
    let reached = access_chains::block_structs(module, &defs, &[StorageClass::Uniform, StorageClass::StorageBuffer]);
    let todo = members_to_pad(module, &defs, &reached)?;
    if todo.is_empty() {
        return Ok(false);
    }
    let uint = type_id(module, Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)]);
    let zero = constant(module, uint, 0);
    let mut padded: BTreeMap<(Word, u32), Padded> = BTreeMap::new();
    for member in todo {
        let size = scalar_layout(&defs, member.element).map_or(4, |(size, _)| size);
        padded.insert((member.block, member.member), pad(module, &defs, &member, size, (uint, zero)));
    }
    let mut classes: Vec<StorageClass> = reached.iter().filter(|(s, _)| padded.keys().any(|(p, _)| p == s)).map(|(_, sc)| *sc).collect();
    classes.dedup();
    rewrite_functions(module, &padded, &classes, zero, uint)?;
    Ok(true)
}

/// A member of a block struct whose elements (an array's, or a matrix's 2-component columns
/// 16 bytes apart) need padding to their stride.
struct ToPad {
    block: Word,
    member: u32,
    element: Word,
    /// Elements (0: a runtime array).
    len: u32,
    original: Word,
    stride: u32,
}

/// A 32-bit scalar's or vector's (size, alignment), by its type's id.
fn scalar_layout(defs: &HashMap<Word, Instruction>, ty: Word) -> Option<(u32, u32)> {
    let i = defs.get(&ty)?;
    let words: Vec<u32> = i
        .operands
        .iter()
        .map(|o| match o {
            Operand::IdRef(w) | Operand::LiteralBit32(w) => *w,
            _ => 0,
        })
        .collect();
    let scalar32 = |c: Word| {
        defs.get(&c).is_some_and(|d| {
            matches!(d.class.opcode, Op::TypeFloat | Op::TypeInt) && d.operands.first() == Some(&Operand::LiteralBit32(32))
        })
    };
    element_layout(i.class.opcode, &words, scalar32)
}

/// The members of the block structs (`reached`) that WGSL would lay out tighter than their
/// stride; `Err` for a layout WGSL cannot express.
fn members_to_pad(module: &dr::Module, defs: &HashMap<Word, Instruction>, reached: &[(Word, StorageClass)]) -> Result<Vec<ToPad>, String> {
    let deco = |id: Word, d: Decoration| {
        module.annotations.iter().find_map(|a| match (a.class.opcode, a.operands.as_slice()) {
            (Op::Decorate, [Operand::IdRef(t), Operand::Decoration(x), Operand::LiteralBit32(v)]) if *t == id && *x == d => Some(*v),
            _ => None,
        })
    };
    let member_deco = |id: Word, m: u32, d: Decoration| {
        module.annotations.iter().find_map(|a| match (a.class.opcode, a.operands.as_slice()) {
            (Op::MemberDecorate, [Operand::IdRef(t), Operand::LiteralBit32(mm), Operand::Decoration(x), Operand::LiteralBit32(v)])
                if *t == id && *mm == m && *x == d =>
            {
                Some(*v)
            }
            _ => None,
        })
    };
    let vec2 = |ty: Word| scalar_layout(defs, ty) == Some((8, 8));
    let mut structs: Vec<Word> = reached.iter().map(|(s, _)| *s).collect();
    structs.sort_unstable();
    structs.dedup();
    // Uniform blocks (not `BufferBlock`s, storage buffers in the uniform class) take WGSL's
    // uniform array rule.
    let buffer_block = |t: Word| {
        module.annotations.iter().any(|a| {
            a.class.opcode == Op::Decorate
                && a.operands.first() == Some(&Operand::IdRef(access_chains::innermost(defs, t)))
                && a.operands.get(1) == Some(&Operand::Decoration(Decoration::BufferBlock))
        })
    };
    let uniform_blocks = access_chains::structs_reached(module, defs, |sc, t| sc == StorageClass::Uniform && !buffer_block(t));
    let in_uniform = |s: Word| uniform_blocks.iter().any(|(u, _)| *u == s);
    let mut todo = Vec::new();
    for s in &structs {
        for (m, op) in defs[s].operands.iter().enumerate() {
            let Operand::IdRef(t) = op else { continue };
            // A member type that is not defined (a malformed module) is left alone.
            let Some(d) = defs.get(t) else { continue };
            let column_stride_16 = member_deco(*s, m as u32, Decoration::MatrixStride) == Some(16);
            let vec2_columns = |ty: Word| matches!(defs.get(&ty).map(|d| (d.class.opcode, d.operands.as_slice())), Some((Op::TypeMatrix, [Operand::IdRef(col), _])) if vec2(*col));
            // An array of matrices of vec2 columns 16 bytes apart: WGSL's uniform layout gives
            // such a matrix 8-byte columns and its arrays a stride that is not a multiple of 16;
            // padding them (an array of arrays of padded columns) is not done yet.
            let inner = access_chains::innermost(defs, *t);
            if inner != *t && column_stride_16 && vec2_columns(inner) {
                return Err("an array of matrices with 2-component columns in a std140 uniform block (WGSL cannot lay out their 16-byte column stride)".into());
            }
            let stride = deco(*t, Decoration::ArrayStride);
            let padded_array = |e: &Word| stride.zip(scalar_layout(defs, *e)).is_some_and(|(stride, l)| pads(stride, l, in_uniform(*s)));
            let to_pad = |element: Word, len: u32, stride: u32| ToPad { block: *s, member: m as u32, element, len, original: *t, stride };
            match (d.class.opcode, d.operands.as_slice()) {
                (Op::TypeArray, [Operand::IdRef(e), Operand::IdRef(len)]) if padded_array(e) => {
                    if let Some(n) = super::constant_value(defs.get(len)) {
                        todo.push(to_pad(*e, n, stride.unwrap_or(0)));
                    }
                }
                (Op::TypeRuntimeArray, [Operand::IdRef(e)]) if padded_array(e) => todo.push(to_pad(*e, 0, stride.unwrap_or(0))),
                (Op::TypeMatrix, [Operand::IdRef(col), Operand::LiteralBit32(n)]) if column_stride_16 && vec2(*col) => {
                    todo.push(to_pad(*col, *n, 16));
                }
                _ => {}
            }
        }
    }
    Ok(todo)
}

/// The member's type becomes an array of structs of its element (`size` bytes) and `u32`
/// padding up to its stride, declared before the block struct and decorated; the member's
/// matrix decorations no longer apply.
fn pad(module: &mut dr::Module, defs: &HashMap<Word, Instruction>, member: &ToPad, size: u32, (uint, zero): (Word, Word)) -> Padded {
    let &ToPad { block: s, member: m, element, len, original, stride } = member;
    let mut members = vec![Operand::IdRef(element)];
    members.extend(std::iter::repeat_n(Operand::IdRef(uint), ((stride - size) / 4) as usize));
    let wrapper = fresh_id(module);
    let len_id = constant(module, uint, len);
    let array = fresh_id(module);
    let array_type = match defs.get(&original).map(|d| d.class.opcode) {
        Some(Op::TypeRuntimeArray) => Instruction::new(Op::TypeRuntimeArray, None, Some(array), vec![Operand::IdRef(wrapper)]),
        _ => Instruction::new(Op::TypeArray, None, Some(array), vec![Operand::IdRef(wrapper), Operand::IdRef(len_id)]),
    };
    let new = [Instruction::new(Op::TypeStruct, None, Some(wrapper), members.clone()), array_type];
    // Before the struct that uses them (its members are defined before it).
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(s)).unwrap_or(module.types_global_values.len());
    // The length constant and u32 type may have been appended after the struct: move them up.
    for id in [len_id, zero, uint] {
        if let Some(p) = module.types_global_values.iter().position(|i| i.result_id == Some(id)) {
            if p > at {
                let inst = module.types_global_values.remove(p);
                module.types_global_values.insert(at, inst);
            }
        }
    }
    let at = module.types_global_values.iter().position(|i| i.result_id == Some(s)).unwrap_or(module.types_global_values.len());
    for (k, inst) in new.into_iter().enumerate() {
        module.types_global_values.insert(at + k, inst);
    }
    for k in 0..members.len() {
        module.annotations.push(Instruction::new(
            Op::MemberDecorate,
            None,
            None,
            vec![
                Operand::IdRef(wrapper),
                Operand::LiteralBit32(k as u32),
                Operand::Decoration(Decoration::Offset),
                Operand::LiteralBit32(if k == 0 { 0 } else { size + 4 * (k as u32 - 1) }),
            ],
        ));
    }
    module.annotations.push(Instruction::new(
        Op::Decorate,
        None,
        None,
        vec![Operand::IdRef(array), Operand::Decoration(Decoration::ArrayStride), Operand::LiteralBit32(stride)],
    ));
    module.annotations.retain(|a| {
        !(a.class.opcode == Op::MemberDecorate
            && a.operands.first() == Some(&Operand::IdRef(s))
            && a.operands.get(1) == Some(&Operand::LiteralBit32(m))
            && matches!(
                a.operands.get(2),
                Some(Operand::Decoration(Decoration::MatrixStride | Decoration::ColMajor | Decoration::RowMajor))
            ))
    });
    if let Some(st) = module.types_global_values.iter_mut().find(|i| i.result_id == Some(s)) {
        st.operands[m as usize] = Operand::IdRef(array);
    }
    Padded { array, element, len, original }
}

/// Rewrites the accesses through the `padded` members, whose structs variables of `classes`
/// reach.
fn rewrite_functions(
    module: &mut dr::Module,
    padded: &BTreeMap<(Word, u32), Padded>,
    classes: &[StorageClass],
    zero: Word,
    uint: Word,
) -> Result<(), String> {
    let defs = super::global_defs(module);
    let mut array_pointers = HashMap::new();
    // Declared before the constants the loads add (`load_padded` finds them).
    for p in padded.values() {
        for sc in classes {
            // (A runtime array is never accessed whole: naga refuses pointers to one outside
            // the storage buffer class, where `BufferBlock`s have it.)
            if p.len > 0 {
                array_pointers.insert((p.array, *sc), pointer_type(module, *sc, p.array));
            }
            pointer_type(module, *sc, p.element);
        }
    }
    // Structs holding a padded member (and arrays of them): their value loaded whole would
    // hold the padded array where its users expect the original type.
    let seeds: Vec<Word> = padded.keys().map(|(s, _)| *s).collect();
    let holders = super::containing_types(module, &seeds);
    let names = super::member_names(module);
    let mut accesses = Accesses { padded, holders: &holders, array_pointers, zero, uint, whole_structs: Vec::new() };
    access_chains::rewrite(module, &defs, &mut accesses)?;
    // Whole structs holding padded members, loaded member by member into twins of their
    // types that hold the original members.
    if accesses.whole_structs.is_empty() {
        return Ok(());
    }
    let mut whole = WholeStructs { padded, holders: &holders, defs: &defs, twins: HashMap::new(), uint, zero, budget: MAX_WHOLE_ARRAY };
    let refuse = |e: String| {
        let ((s, m), _) = padded.iter().next().expect("padded members exist");
        let member = names.get(&(*s, *m)).map_or(format!("{m}"), |n| format!("`{n}`"));
        format!("a struct loaded whole while it holds a member whose stride WGSL cannot lay out ({member}): {e}")
    };
    let mut loads = Vec::with_capacity(accesses.whole_structs.len());
    for (load, pointer, ty, sc) in accesses.whole_structs {
        whole.rewrite_load(module, load, pointer, ty, sc).map_err(refuse)?;
        loads.push(load);
    }
    whole.retype(module, &loads).map_err(refuse)
}

/// The accesses through padded members ([`access_chains::rewrite`]): an index into the array
/// gains the element's index 0 (its `value`), a load of the whole array is rebuilt from its
/// elements and a store of it split into its elements, loads of structs holding it are
/// collected for [`WholeStructs`].
struct Accesses<'a> {
    padded: &'a BTreeMap<(Word, u32), Padded>,
    holders: &'a [Word],
    /// A padded array type and storage class → the pointer type to it.
    array_pointers: HashMap<(Word, StorageClass), Word>,
    zero: Word,
    uint: Word,
    /// Loads of a struct (or an array of them) holding a padded member: (load, pointer, type,
    /// storage class).
    whole_structs: Vec<(Word, Word, Word, StorageClass)>,
}

impl Mapping for Accesses<'_> {
    type Mapped = Padded;

    fn follows(&self, sc: StorageClass) -> bool {
        matches!(sc, StorageClass::Uniform | StorageClass::StorageBuffer)
    }

    fn member(&self, s: Word, k: u32) -> Member<Padded> {
        self.padded.get(&(s, k)).map_or(Member::Kept, |p| Member::Mapped(*p))
    }

    fn index(&mut self, _: &mut dr::Module, p: Padded, index: Operand, chain: &mut Chain) -> Result<At<Padded>, String> {
        chain.ops.extend([index, Operand::IdRef(self.zero)]);
        Ok(At::Type(p.element))
    }

    /// A pointer to the whole padded array: a whole load or store of it goes element by
    /// element, so its length is bounded (a 64 KiB uniform buffer holds 4096 padded elements).
    fn end(&mut self, _: &mut dr::Module, chain: &mut Instruction, p: Padded, sc: StorageClass) -> Result<bool, String> {
        if p.len > MAX_WHOLE_ARRAY {
            return Err(format!(
                "a padded array of {} elements (its stride wider than WGSL's) used whole (at most {MAX_WHOLE_ARRAY})",
                p.len
            ));
        }
        chain.result_type = self.array_pointers.get(&(p.array, sc)).copied();
        Ok(true)
    }

    fn load(
        &mut self,
        module: &mut dr::Module,
        load: &Instruction,
        Access { pointer, at, sc }: Access<Padded>,
        out: &mut Vec<Instruction>,
    ) -> Result<bool, String> {
        let Some(id) = load.result_id else { return Ok(false) };
        match at {
            At::Mapped(p) => {
                load_padded(module, p, &[Operand::IdRef(pointer)], (self.uint, self.zero), (id, sc), out);
                Ok(true)
            }
            At::Type(t) if self.holders.contains(&t) => {
                self.whole_structs.push((id, pointer, t, sc));
                Ok(false)
            }
            At::Type(_) => Ok(false),
        }
    }

    /// A store of the whole padded array: one extract and store per element. A struct holding
    /// one stored whole is refused.
    fn store(
        &mut self,
        module: &mut dr::Module,
        store: &Instruction,
        Access { pointer, at, sc }: Access<Padded>,
        out: &mut Vec<Instruction>,
    ) -> Result<bool, String> {
        match (at, store.operands.get(1)) {
            (At::Mapped(p), Some(Operand::IdRef(value))) => {
                let element_pointer = pointer_type(module, sc, p.element);
                for j in 0..p.len {
                    let (chain, element) = (fresh_id(module), fresh_id(module));
                    out.push(Instruction::new(
                        Op::CompositeExtract,
                        Some(p.element),
                        Some(element),
                        vec![Operand::IdRef(*value), Operand::LiteralBit32(j)],
                    ));
                    let j = constant(module, self.uint, j);
                    let operands = vec![Operand::IdRef(pointer), Operand::IdRef(j), Operand::IdRef(self.zero)];
                    out.push(Instruction::new(Op::AccessChain, Some(element_pointer), Some(chain), operands));
                    out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(chain), Operand::IdRef(element)]));
                }
                Ok(true)
            }
            (At::Type(t), _) if self.holders.contains(&t) => {
                Err("a struct holding an array whose stride WGSL cannot lay out, stored whole".into())
            }
            _ => Ok(false),
        }
    }

    fn other(&self, op: Op, at: At<Padded>) -> Result<(), String> {
        match at {
            At::Mapped(_) => Err(format!("an array whose stride WGSL cannot lay out (padded element by element) used by {op:?}")),
            At::Type(_) => Ok(()),
        }
    }
}

/// Emits into `out` a load of each element of the padded array `p` at the chain `base` (a
/// pointer of storage class `sc` and its indices) and the original array or matrix `id` made
/// of them.
fn load_padded(
    module: &mut dr::Module,
    p: Padded,
    base: &[Operand],
    (uint, zero): (Word, Word),
    (id, sc): (Word, StorageClass),
    out: &mut Vec<Instruction>,
) {
    let element_pointer = pointer_type(module, sc, p.element);
    let mut elements = Vec::with_capacity(p.len as usize);
    for j in 0..p.len {
        let j = constant(module, uint, j);
        let (chain, value) = (fresh_id(module), fresh_id(module));
        let mut operands = base.to_vec();
        operands.extend([Operand::IdRef(j), Operand::IdRef(zero)]);
        out.push(Instruction::new(Op::AccessChain, Some(element_pointer), Some(chain), operands));
        out.push(Instruction::new(Op::Load, Some(p.element), Some(value), vec![Operand::IdRef(chain)]));
        elements.push(Operand::IdRef(value));
    }
    out.push(Instruction::new(Op::CompositeConstruct, Some(p.original), Some(id), elements));
}

/// Loads of whole structs that hold padded members (at any depth, through arrays).
struct WholeStructs<'a> {
    padded: &'a BTreeMap<(Word, u32), Padded>,
    holders: &'a [Word],
    defs: &'a HashMap<Word, Instruction>,
    /// A holder type → its twin: the same shape with the original member types.
    twins: HashMap<Word, Word>,
    uint: Word,
    zero: Word,
    /// Loads left for the values of one struct (a 64 KiB uniform buffer holds 4096 vec4s).
    budget: u32,
}

impl WholeStructs<'_> {
    /// The twin of `ty` (itself when it holds no padded member).
    fn twin(&mut self, module: &mut dr::Module, ty: Word) -> Word {
        if !self.holders.contains(&ty) {
            return ty;
        }
        if let Some(t) = self.twins.get(&ty) {
            return *t;
        }
        let Some(d) = self.defs.get(&ty).cloned() else { return ty };
        let twin = match (d.class.opcode, d.operands.as_slice()) {
            (Op::TypeArray, [Operand::IdRef(e), len]) => {
                let e = self.twin(module, *e);
                type_id(module, Op::TypeArray, vec![Operand::IdRef(e), len.clone()])
            }
            (Op::TypeStruct, members) => {
                let mut twin_members = Vec::with_capacity(members.len());
                for (k, m) in members.iter().enumerate() {
                    let Operand::IdRef(m) = m else { continue };
                    let t = match self.padded.get(&(ty, k as u32)) {
                        Some(p) => p.original,
                        None => self.twin(module, *m),
                    };
                    twin_members.push(Operand::IdRef(t));
                }
                // A new struct even when one of the same members exists: structs are nominal.
                let id = fresh_id(module);
                module.types_global_values.push(Instruction::new(Op::TypeStruct, None, Some(id), twin_members));
                id
            }
            _ => ty,
        };
        self.twins.insert(ty, twin);
        twin
    }

    /// Emits into `out` the value of `ty` at `pointer` (of storage class `sc`), as its twin.
    fn value(
        &mut self,
        module: &mut dr::Module,
        (pointer, sc): (Word, StorageClass),
        ty: Word,
        out: &mut Vec<Instruction>,
    ) -> Result<Word, String> {
        let twin = self.twin(module, ty);
        let Some(d) = self.defs.get(&ty).cloned() else { return Err(format!("an undefined type %{ty}")) };
        let parts: Vec<(u32, Word, Option<Padded>)> = match (d.class.opcode, d.operands.as_slice()) {
            (Op::TypeArray, [Operand::IdRef(e), Operand::IdRef(len)]) if self.holders.contains(&ty) => {
                let n = super::constant_value(self.defs.get(len)).ok_or("an array of a length set when the pipeline is made")?;
                if n > self.budget {
                    return Err(format!("more than {MAX_WHOLE_ARRAY} loads"));
                }
                (0..n).map(|i| (i, *e, None)).collect()
            }
            (Op::TypeStruct, members) if self.holders.contains(&ty) => members
                .iter()
                .enumerate()
                .filter_map(|(k, m)| match m {
                    Operand::IdRef(m) => Some((k as u32, *m, self.padded.get(&(ty, k as u32)).copied())),
                    _ => None,
                })
                .collect(),
            _ => {
                self.budget = self.budget.checked_sub(1).ok_or(format!("more than {MAX_WHOLE_ARRAY} loads"))?;
                let id = fresh_id(module);
                out.push(Instruction::new(Op::Load, Some(ty), Some(id), vec![Operand::IdRef(pointer)]));
                return Ok(id);
            }
        };
        let mut values = Vec::with_capacity(parts.len());
        for (k, member, padded) in parts {
            let index = constant(module, self.uint, k);
            if let Some(p) = padded {
                // The padded array, element by element, into the original array or matrix.
                self.budget = self.budget.checked_sub(p.len).ok_or(format!("more than {MAX_WHOLE_ARRAY} loads"))?;
                let id = fresh_id(module);
                load_padded(module, p, &[Operand::IdRef(pointer), Operand::IdRef(index)], (self.uint, self.zero), (id, sc), out);
                values.push(Operand::IdRef(id));
                continue;
            }
            let member_ptr = pointer_type(module, sc, member);
            let chain = fresh_id(module);
            out.push(Instruction::new(
                Op::AccessChain,
                Some(member_ptr),
                Some(chain),
                vec![Operand::IdRef(pointer), Operand::IdRef(index)],
            ));
            values.push(Operand::IdRef(self.value(module, (chain, sc), member, out)?));
        }
        let id = fresh_id(module);
        out.push(Instruction::new(Op::CompositeConstruct, Some(twin), Some(id), values));
        Ok(id)
    }

    /// Replaces the load `load` of `ty` at `pointer` by its value as the twin type.
    fn rewrite_load(&mut self, module: &mut dr::Module, load: Word, pointer: Word, ty: Word, sc: StorageClass) -> Result<(), String> {
        let Some((fi, bi, ii)) = module.functions.iter().enumerate().find_map(|(fi, f)| {
            f.blocks
                .iter()
                .enumerate()
                .find_map(|(bi, b)| b.instructions.iter().position(|i| i.result_id == Some(load)).map(|ii| (fi, bi, ii)))
        }) else {
            return Ok(());
        };
        let mut out = Vec::new();
        let value = self.value(module, (pointer, sc), ty, &mut out)?;
        // The value takes the load's id.
        if let Some(last) = out.last_mut() {
            if last.result_id == Some(value) {
                last.result_id = Some(load);
            }
        }
        module.functions[fi].blocks[bi].instructions.splice(ii..=ii, out);
        Ok(())
    }

    /// Gives the twins' types to what reads the rewritten `loads`: extracts (and what they
    /// extract), and composites built of a holder type (a selection among array elements,
    /// `descriptor_select`); `Err` names another use of such a value.
    fn retype(&mut self, module: &mut dr::Module, loads: &[Word]) -> Result<(), String> {
        let holders: Vec<Word> = self.holders.to_vec();
        let twins: HashMap<Word, Word> = holders.iter().map(|h| (*h, self.twin(module, *h))).collect();
        let twin_defs = super::global_defs(module);
        let is_twin = |t: Word| twins.iter().any(|(h, tw)| *tw == t && *tw != *h);
        let mut typed: std::collections::HashSet<Word> = loads.iter().copied().collect();
        let mut types: HashMap<Word, Word> = HashMap::new();
        for f in &module.functions {
            for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
                if let (Some(id), Some(t)) = (inst.result_id, inst.result_type) {
                    types.insert(id, t);
                }
            }
        }
        for f in &mut module.functions {
            for inst in f.blocks.iter_mut().flat_map(|b| b.instructions.iter_mut()) {
                let reads_typed = inst.operands.iter().any(|o| matches!(o, Operand::IdRef(x) if typed.contains(x)));
                match inst.class.opcode {
                    Op::CompositeConstruct if inst.result_type.is_some_and(|t| twins.contains_key(&t)) => {
                        let t = twins[&inst.result_type.unwrap_or(0)];
                        inst.result_type = Some(t);
                        if let Some(id) = inst.result_id {
                            typed.insert(id);
                            types.insert(id, t);
                        }
                    }
                    Op::CompositeExtract if matches!(inst.operands.first(), Some(Operand::IdRef(x)) if typed.contains(x)) => {
                        let Some(Operand::IdRef(from)) = inst.operands.first() else { continue };
                        let at = extracted_type(&twin_defs, types.get(from).copied().unwrap_or(0), &inst.operands[1..])?;
                        inst.result_type = Some(at);
                        if let Some(id) = inst.result_id {
                            types.insert(id, at);
                            // An inner struct or array holding a padded member is followed.
                            if is_twin(at) {
                                typed.insert(id);
                            }
                        }
                    }
                    op if reads_typed => return Err(format!("its value used by {op:?}")),
                    op if inst.result_type.is_some_and(|t| holders.contains(&t) && !is_twin(t)) && op != Op::Load => {
                        return Err(format!("a value of its type made by {op:?}"));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

/// The type `OpCompositeExtract` with the literal `indices` takes out of a value of type `ty`.
fn extracted_type(defs: &HashMap<Word, Instruction>, mut ty: Word, indices: &[Operand]) -> Result<Word, String> {
    for index in indices {
        let Operand::LiteralBit32(k) = index else { return Err("a malformed OpCompositeExtract".into()) };
        ty = match defs.get(&ty).map(|d| (d.class.opcode, d.operands.as_slice())) {
            Some((Op::TypeStruct, members)) => match members.get(*k as usize) {
                Some(Operand::IdRef(m)) => *m,
                _ => return Err("an extract past a struct's members".into()),
            },
            Some((Op::TypeArray | Op::TypeMatrix | Op::TypeVector, [Operand::IdRef(e), ..])) => *e,
            _ => return Err("an extract from a scalar".into()),
        };
    }
    Ok(ty)
}
