//! Block members WGSL cannot lay out because their stride is wider than WGSL's: arrays of
//! 32-bit scalars or vectors whose `ArrayStride` exceeds WGSL's stride for the element (std140's
//! 16-byte stride for `float` and `vec2` arrays, in uniform blocks and in `layout(std140)`
//! storage blocks, or any wider stride a compiler chose), arrays of such arrays or of arrays
//! WGSL lays out as given, at any depth, and matrices whose column stride is wider than WGSL's
//! (std140's 16 bytes for `vec2` columns: `mat2`, `mat3x2`, `mat4x2`), alone or in arrays.
//!
//! WGSL gives `array<f32>` a 4-byte stride and `mat4x2<f32>` an 8-byte column stride, and has no
//! stride attribute, so naga cannot express these Vulkan layouts. Such a member of a uniform or
//! storage block becomes, level by level, an array of *padded elements*,
//! `struct { T value; u32 pad... }` spanning the stride (sized arrays and runtime arrays alike),
//! or of the next level's padded array where only an inner level needs padding:
//! - an access chain through the member gains an index 0 after each padded element's (or
//!   column's) index, so it still points at a `T` (a column, or a component of it);
//! - a chain that stops at the member and is loaded whole is replaced by one load per element
//!   and an `OpCompositeConstruct` of the original array or matrix type (per level); stored
//!   whole, by one extract and store per element;
//! - a struct holding such a member (at any depth, through arrays) loaded or stored whole goes
//!   member by member, its value taking a *twin* of its type ([`super::whole_values`]).
//!
//! Other uses of such a member or struct value (copying it through a pointer, passing it to a
//! function) are refused. A stride WGSL's struct layout cannot reach (not a multiple of the
//! element's alignment; in a uniform block, not a multiple of 16) is left for the layout check's
//! refusal by name.

use super::access_chains::{self, Access, At, Chain, Mapping, Member};
use super::whole_values::{ChangedMembers, WholeValues, MAX_WHOLE};
use super::{constant, fresh_id, pointer_type, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{BTreeMap, HashMap};

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
    let Some(natural) = size.div_ceil(align).checked_mul(align) else { return false };
    stride > natural && stride % align == 0 && (!uniform_only || stride % 16 == 0) && (stride - size) / 4 <= MAX_PADDING_WORDS
}

/// Whether [`lower`] may change the module: it declares a uniform or storage variable, and an
/// array of 32-bit scalars or vectors with a stride wider than WGSL's, an array of arrays, or a
/// matrix whose column stride is wider than WGSL's.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    const ARRAY_STRIDE: u32 = Decoration::ArrayStride as u32;
    const MATRIX_STRIDE: u32 = Decoration::MatrixStride as u32;
    let shape = |id: Word| module.def(id).map(|d| (d.opcode, d.operands));
    let scalar32 = |id: Word| matches!(shape(id), Some((Op::TypeFloat | Op::TypeInt, [32, ..])));
    let layout = |id: Word| shape(id).and_then(|(op, operands)| element_layout(op, operands, scalar32));
    let (uniform, storage) = (StorageClass::Uniform as u32, StorageClass::StorageBuffer as u32);
    module
        .types_global_values()
        .any(|i| i.opcode == Op::Variable && matches!(i.operands.first(), Some(sc) if *sc == uniform || *sc == storage))
        && module.annotations().any(|a| match (a.opcode, a.operands) {
            (Op::Decorate, [t, ARRAY_STRIDE, stride]) => match shape(*t) {
                // An array of arrays: its stride or its element's may need padding (`lower`
                // works out which from the strides).
                Some((Op::TypeArray | Op::TypeRuntimeArray, [e, ..])) => {
                    layout(*e).is_some_and(|l| pads(*stride, l, false))
                        || matches!(shape(*e), Some((Op::TypeArray | Op::TypeRuntimeArray, _)))
                }
                _ => false,
            },
            (Op::MemberDecorate, [s, m, MATRIX_STRIDE, stride]) => {
                let mut member =
                    shape(*s).and_then(|(op, members)| (op == Op::TypeStruct).then(|| members.get(*m as usize)).flatten().copied());
                // Through arrays (arrays of such matrices are padded too).
                for _ in 0..8 {
                    match member.and_then(shape) {
                        Some((Op::TypeArray | Op::TypeRuntimeArray, [e, ..])) => member = Some(*e),
                        _ => break,
                    }
                }
                match member.and_then(shape) {
                    Some((Op::TypeMatrix, [c, ..])) => layout(*c).is_some_and(|l| pads(*stride, l, false)),
                    _ => false,
                }
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
    let mut members = Members { levels: Vec::with_capacity(todo.len()), by_member: BTreeMap::new() };
    for member in todo {
        let levels = pad(module, &member, (uint, zero));
        members.by_member.insert((member.block, member.member), members.levels.len());
        members.levels.push(levels);
    }
    let mut classes: Vec<StorageClass> =
        reached.iter().filter(|(s, _)| members.by_member.keys().any(|(p, _)| p == s)).map(|(_, sc)| *sc).collect();
    classes.dedup();
    rewrite_functions(module, &members, &classes, zero, uint)?;
    Ok(true)
}

/// One level of a padded member, outermost first: an array (or a matrix's columns) whose
/// elements are each wrapped in a struct padding them to the stride, or are the next level's
/// padded array.
#[derive(Clone, Copy)]
struct Level {
    /// The new array type.
    array: Word,
    /// The original element (or column) type.
    element: Word,
    /// Whether each element is a padding struct's first member (an index gains a 0 after it).
    wrapped: bool,
    /// Elements (0: a runtime array, never accessed whole).
    len: u32,
    /// The original array or matrix type.
    original: Word,
}

/// The padded members: each one's levels, and which member they belong to.
struct Members {
    levels: Vec<Vec<Level>>,
    /// (block struct, member index) → index into `levels`.
    by_member: BTreeMap<(Word, u32), usize>,
}

impl Members {
    fn of(&self, s: Word, k: u32) -> Option<Padded> {
        self.by_member.get(&(s, k)).map(|&member| Padded { member, depth: 0 })
    }

    fn level(&self, p: Padded) -> Level {
        self.levels[p.member][p.depth]
    }

    /// The level below `p`'s, if its elements are padded arrays themselves.
    fn inner(&self, p: Padded) -> Option<Padded> {
        (p.depth + 1 < self.levels[p.member].len()).then_some(Padded { member: p.member, depth: p.depth + 1 })
    }

    /// Elements loaded or stored one by one when `p`'s array is used whole.
    fn whole_elements(&self, p: Padded) -> u64 {
        self.levels[p.member][p.depth..].iter().fold(1, |n, l| n.saturating_mul(u64::from(l.len)))
    }
}

/// Where an access stands in a padded member: its levels and how deep into them.
#[derive(Clone, Copy)]
struct Padded {
    member: usize,
    depth: usize,
}

/// A level to pad, before its new types exist.
struct LevelToPad {
    original: Word,
    element: Word,
    /// Elements (0: a runtime array).
    len: u32,
    stride: u32,
    wrapped: bool,
    /// The element's size in bytes (what its padding struct pads up to `stride`).
    size: u32,
}

/// A member of a block struct holding elements (an array's, at one or more depths, or a
/// matrix's columns) that need padding to their stride.
struct ToPad {
    block: Word,
    member: u32,
    levels: Vec<LevelToPad>,
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

/// What [`levels`] reads of the module.
struct LayoutContext<'a> {
    defs: &'a HashMap<Word, Instruction>,
    strides: HashMap<Word, u32>,
    /// The member's matrices' column stride (`MatrixStride`).
    matrix_stride: Option<u32>,
    /// In a uniform block: WGSL's uniform rules (array strides a multiple of 16).
    uniform: bool,
}

/// The levels of type `t` (a block member's type, or an element of one) that need padding,
/// outermost first, with `t`'s (size, alignment) once padded; `None` when none does or WGSL
/// cannot lay it out anyway (left for the layout check's refusal by name).
fn levels(cx: &LayoutContext, t: Word) -> Option<(Vec<LevelToPad>, (u32, u32))> {
    let d = cx.defs.get(&t)?;
    match (d.class.opcode, d.operands.as_slice()) {
        (Op::TypeMatrix, [Operand::IdRef(col), Operand::LiteralBit32(n)]) => {
            let (stride, column) = (cx.matrix_stride?, scalar_layout(cx.defs, *col)?);
            let size = stride.checked_mul(*n)?;
            pads(stride, column, cx.uniform).then(|| {
                let level = LevelToPad { original: t, element: *col, len: *n, stride, wrapped: true, size: column.0 };
                (vec![level], (size, column.1))
            })
        }
        (Op::TypeArray | Op::TypeRuntimeArray, [Operand::IdRef(e), len @ ..]) => {
            let stride = *cx.strides.get(&t)?;
            let len = match len {
                [Operand::IdRef(len)] => super::constant_value(cx.defs.get(len))?,
                _ => 0,
            };
            let inner = levels(cx, *e);
            let element = match &inner {
                Some((_, layout)) => *layout,
                None => natural_layout(cx, *e)?,
            };
            let wrapped = pads(stride, element, cx.uniform);
            if !wrapped && (inner.is_none() || Some(stride) != element.0.div_ceil(element.1).checked_mul(element.1)) {
                return None;
            }
            // (Sizes past u32 are left for the layout check's refusal.)
            let size = len.checked_mul(stride)?;
            let mut all = vec![LevelToPad { original: t, element: *e, len, stride, wrapped, size: element.0 }];
            all.extend(inner.into_iter().flat_map(|(levels, _)| levels));
            Some((all, (size, element.1)))
        }
        _ => None,
    }
}

/// The (size, alignment) WGSL gives type `t` as it is: a 32-bit scalar or vector, or an array
/// of them (at any depth) whose stride is WGSL's.
fn natural_layout(cx: &LayoutContext, t: Word) -> Option<(u32, u32)> {
    if let Some(layout) = scalar_layout(cx.defs, t) {
        return Some(layout);
    }
    match cx.defs.get(&t).map(|d| (d.class.opcode, d.operands.as_slice())) {
        Some((Op::TypeArray, [Operand::IdRef(e), Operand::IdRef(len)])) => {
            let (size, align) = natural_layout(cx, *e)?;
            let stride = *cx.strides.get(&t)?;
            let n = super::constant_value(cx.defs.get(len))?;
            (Some(stride) == size.div_ceil(align).checked_mul(align)).then_some((n.checked_mul(stride)?, align))
        }
        _ => None,
    }
}

/// The members of the block structs (`reached`) that WGSL would lay out tighter than their
/// stride.
fn members_to_pad(module: &dr::Module, defs: &HashMap<Word, Instruction>, reached: &[(Word, StorageClass)]) -> Result<Vec<ToPad>, String> {
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
    let strides: HashMap<Word, u32> = module
        .annotations
        .iter()
        .filter_map(|a| match (a.class.opcode, a.operands.as_slice()) {
            (Op::Decorate, [Operand::IdRef(t), Operand::Decoration(Decoration::ArrayStride), Operand::LiteralBit32(v)]) => Some((*t, *v)),
            _ => None,
        })
        .collect();
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
    let mut todo = Vec::new();
    let mut cx = LayoutContext { defs, strides, matrix_stride: None, uniform: false };
    for s in &structs {
        for (m, op) in defs[s].operands.iter().enumerate() {
            let Operand::IdRef(t) = op else { continue };
            cx.matrix_stride = member_deco(*s, m as u32, Decoration::MatrixStride);
            cx.uniform = uniform_blocks.iter().any(|(u, _)| u == s);
            if let Some((levels, _)) = levels(&cx, *t) {
                todo.push(ToPad { block: *s, member: m as u32, levels });
            }
        }
    }
    Ok(todo)
}

/// The member's type becomes, level by level from the innermost, an array of structs of its
/// element and `u32` padding up to its stride (or of the next level's new array), declared
/// before the block struct and decorated; the member's matrix decorations no longer apply.
fn pad(module: &mut dr::Module, member: &ToPad, (uint, zero): (Word, Word)) -> Vec<Level> {
    let ToPad { block: s, member: m, levels } = member;
    let (s, m) = (*s, *m);
    let mut padded: Vec<Level> = Vec::with_capacity(levels.len());
    let mut inner: Option<Word> = None;
    for level in levels.iter().rev() {
        let &LevelToPad { original, element, len, stride, wrapped, size } = level;
        let value = inner.unwrap_or(element);
        let mut new = Vec::new();
        let mut annotations = Vec::new();
        let item = if wrapped { padding_struct(module, value, (size, stride), uint, (&mut new, &mut annotations)) } else { value };
        let array = fresh_id(module);
        let len_id = constant(module, uint, len);
        new.push(if len == 0 {
            Instruction::new(Op::TypeRuntimeArray, None, Some(array), vec![Operand::IdRef(item)])
        } else {
            Instruction::new(Op::TypeArray, None, Some(array), vec![Operand::IdRef(item), Operand::IdRef(len_id)])
        });
        annotations.push(Instruction::new(
            Op::Decorate,
            None,
            None,
            vec![Operand::IdRef(array), Operand::Decoration(Decoration::ArrayStride), Operand::LiteralBit32(stride)],
        ));
        // (The length constant and u32 type may have been appended after the struct.)
        declare_before(module, s, &[len_id, zero, uint], new);
        module.annotations.extend(annotations);
        padded.push(Level { array, element, wrapped, len, original });
        inner = Some(array);
    }
    padded.reverse();
    module.annotations.retain(|a| {
        !(a.class.opcode == Op::MemberDecorate
            && a.operands.first() == Some(&Operand::IdRef(s))
            && a.operands.get(1) == Some(&Operand::LiteralBit32(m))
            && matches!(
                a.operands.get(2),
                Some(Operand::Decoration(Decoration::MatrixStride | Decoration::ColMajor | Decoration::RowMajor))
            ))
    });
    if let (Some(st), Some(outer)) = (module.types_global_values.iter_mut().find(|i| i.result_id == Some(s)), inner) {
        st.operands[m as usize] = Operand::IdRef(outer);
    }
    padded
}

/// `struct { value; u32 pad... }` spanning `stride` (`value` is `size` bytes): its
/// declaration and `Offset` decorations go to `new` and `annotations`; its id.
fn padding_struct(
    module: &mut dr::Module,
    value: Word,
    (size, stride): (u32, u32),
    uint: Word,
    (new, annotations): (&mut Vec<Instruction>, &mut Vec<Instruction>),
) -> Word {
    let wrapper = fresh_id(module);
    let mut members = vec![Operand::IdRef(value)];
    members.extend(std::iter::repeat_n(Operand::IdRef(uint), ((stride - size) / 4) as usize));
    for k in 0..members.len() as u32 {
        let offset = if k == 0 { 0 } else { size + 4 * (k - 1) };
        let operands =
            vec![Operand::IdRef(wrapper), Operand::LiteralBit32(k), Operand::Decoration(Decoration::Offset), Operand::LiteralBit32(offset)];
        annotations.push(Instruction::new(Op::MemberDecorate, None, None, operands));
    }
    new.push(Instruction::new(Op::TypeStruct, None, Some(wrapper), members));
    wrapper
}

/// Declares `new` just before the struct `s` (its members are defined before it), after moving
/// the `used` ids up there if they were declared after it.
fn declare_before(module: &mut dr::Module, s: Word, used: &[Word], new: Vec<Instruction>) {
    let position = |module: &dr::Module, id: Word| module.types_global_values.iter().position(|i| i.result_id == Some(id));
    let at = position(module, s).unwrap_or(module.types_global_values.len());
    for &id in used {
        if let Some(p) = position(module, id).filter(|&p| p > at) {
            let inst = module.types_global_values.remove(p);
            module.types_global_values.insert(at, inst);
        }
    }
    let at = position(module, s).unwrap_or(module.types_global_values.len());
    for (k, inst) in new.into_iter().enumerate() {
        module.types_global_values.insert(at + k, inst);
    }
}

/// Rewrites the accesses through the `padded` members, whose structs variables of `classes`
/// reach.
fn rewrite_functions(module: &mut dr::Module, padded: &Members, classes: &[StorageClass], zero: Word, uint: Word) -> Result<(), String> {
    let defs = super::global_defs(module);
    let mut array_pointers = HashMap::new();
    // Declared before the constants the loads add (`load_padded` finds them).
    for level in padded.levels.iter().flatten() {
        for sc in classes {
            // (A runtime array is never accessed whole: naga refuses pointers to one outside
            // the storage buffer class, where `BufferBlock`s have it.)
            if level.len > 0 {
                array_pointers.insert((level.array, *sc), pointer_type(module, *sc, level.array));
            }
            pointer_type(module, *sc, level.element);
        }
    }
    // Structs holding a padded member (and arrays of them): their value loaded whole would
    // hold the padded array where its users expect the original type.
    let seeds: Vec<Word> = padded.by_member.keys().map(|(s, _)| *s).collect();
    let holders = super::containing_types(module, &seeds);
    let names = super::member_names(module);
    let changed = PaddedMembers { members: padded, uint, zero };
    let mut accesses = Accesses { changed: &changed, array_pointers, whole: WholeValues::new(&changed, &holders, &defs, uint) };
    access_chains::rewrite(module, &defs, &mut accesses)?;
    accesses.whole.finish(module).map_err(|e| {
        let ((s, m), _) = padded.by_member.iter().next().expect("padded members exist");
        let member = names.get(&(*s, *m)).map_or(format!("{m}"), |n| format!("`{n}`"));
        format!("a struct loaded or stored whole while it holds a member whose stride WGSL cannot lay out ({member}): {e}")
    })
}

/// The accesses through padded members ([`access_chains::rewrite`]): an index into the array
/// gains the element's index 0 (its `value`), a load of the whole array is rebuilt from its
/// elements and a store of it split into its elements, loads of structs holding it are
/// collected for [`WholeValues`] and stores of them split member by member.
struct Accesses<'a> {
    changed: &'a PaddedMembers<'a>,
    /// A padded array type and storage class → the pointer type to it.
    array_pointers: HashMap<(Word, StorageClass), Word>,
    /// Structs holding padded members, loaded or stored whole.
    whole: WholeValues<'a, PaddedMembers<'a>>,
}

/// The padded members as [`ChangedMembers`]: loaded element by element into the original
/// array or matrix, stored likewise.
struct PaddedMembers<'a> {
    members: &'a Members,
    uint: Word,
    zero: Word,
}

impl ChangedMembers for PaddedMembers<'_> {
    fn original(&self, s: Word, k: u32) -> Option<Word> {
        self.members.of(s, k).map(|p| self.members.level(p).original)
    }

    fn cost(&self, (s, k): (Word, u32)) -> u64 {
        self.members.of(s, k).map_or(0, |p| self.members.whole_elements(p))
    }

    fn load(
        &self,
        module: &mut dr::Module,
        (s, k): (Word, u32),
        base: &[Operand],
        id_sc: (Word, StorageClass),
        out: &mut Vec<Instruction>,
    ) -> Result<(), String> {
        let p = self.members.of(s, k).ok_or("not a padded member")?;
        load_padded(module, self.members, p, base, (self.uint, self.zero), id_sc, out);
        Ok(())
    }

    fn store(
        &self,
        module: &mut dr::Module,
        (s, k): (Word, u32),
        base: &[Operand],
        value_sc: (Word, StorageClass),
        out: &mut Vec<Instruction>,
    ) -> Result<(), String> {
        let p = self.members.of(s, k).ok_or("not a padded member")?;
        store_padded(module, self.members, p, base, (self.uint, self.zero), value_sc, out);
        Ok(())
    }
}

impl Mapping for Accesses<'_> {
    type Mapped = Padded;

    fn follows(&self, sc: StorageClass) -> bool {
        matches!(sc, StorageClass::Uniform | StorageClass::StorageBuffer)
    }

    fn member(&self, s: Word, k: u32) -> Member<Padded> {
        self.changed.members.of(s, k).map_or(Member::Kept, Member::Mapped)
    }

    fn index(&mut self, _: &mut dr::Module, p: Padded, index: Operand, chain: &mut Chain) -> Result<At<Padded>, String> {
        let level = self.changed.members.level(p);
        chain.ops.push(index);
        if level.wrapped {
            chain.ops.push(Operand::IdRef(self.changed.zero));
        }
        Ok(self.changed.members.inner(p).map_or(At::Type(level.element), At::Mapped))
    }

    /// A pointer to the whole padded array: a whole load or store of it goes element by
    /// element, so its length is bounded (a 64 KiB uniform buffer holds 4096 padded elements).
    fn end(&mut self, module: &mut dr::Module, chain: &mut Instruction, p: Padded, sc: StorageClass) -> Result<bool, String> {
        let elements = self.changed.members.whole_elements(p);
        if elements > u64::from(MAX_WHOLE) {
            return Err(format!("a padded array of {elements} elements (its stride wider than WGSL's) used whole (at most {MAX_WHOLE})"));
        }
        let array = self.changed.members.level(p).array;
        // (A run-time array's pointer is not declared ahead: it is never loaded whole.)
        chain.result_type = Some(self.array_pointers.get(&(array, sc)).copied().unwrap_or_else(|| pointer_type(module, sc, array)));
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
                load_padded(
                    module,
                    self.changed.members,
                    p,
                    &[Operand::IdRef(pointer)],
                    (self.changed.uint, self.changed.zero),
                    (id, sc),
                    out,
                );
                Ok(true)
            }
            At::Type(t) if self.whole.holds_changed(t) => {
                self.whole.defer_load(id, pointer, t, sc);
                Ok(false)
            }
            At::Type(_) => Ok(false),
        }
    }

    /// A store of the whole padded array: one extract and store per element; of a struct
    /// holding one, member by member ([`WholeValues::store`]).
    fn store(
        &mut self,
        module: &mut dr::Module,
        store: &Instruction,
        Access { pointer, at, sc }: Access<Padded>,
        out: &mut Vec<Instruction>,
    ) -> Result<bool, String> {
        match (at, store.operands.get(1)) {
            (At::Mapped(p), Some(Operand::IdRef(value))) => {
                store_padded(
                    module,
                    self.changed.members,
                    p,
                    &[Operand::IdRef(pointer)],
                    (self.changed.uint, self.changed.zero),
                    (*value, sc),
                    out,
                );
                Ok(true)
            }
            (At::Type(t), Some(Operand::IdRef(value))) if self.whole.holds_changed(t) => {
                self.whole
                    .store(module, (pointer, sc), t, *value, out)
                    .map_err(|e| format!("a struct holding an array whose stride WGSL cannot lay out, stored whole: {e}"))?;
                Ok(true)
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
/// of them (an element that is a padded array itself, made of its elements likewise).
fn load_padded(
    module: &mut dr::Module,
    padded: &Members,
    p: Padded,
    base: &[Operand],
    (uint, zero): (Word, Word),
    (id, sc): (Word, StorageClass),
    out: &mut Vec<Instruction>,
) {
    let level = padded.level(p);
    let mut elements = Vec::with_capacity(level.len as usize);
    for j in 0..level.len {
        let j = constant(module, uint, j);
        let mut operands = base.to_vec();
        operands.push(Operand::IdRef(j));
        if level.wrapped {
            operands.push(Operand::IdRef(zero));
        }
        let value = fresh_id(module);
        match padded.inner(p) {
            Some(inner) => load_padded(module, padded, inner, &operands, (uint, zero), (value, sc), out),
            None => {
                let element_pointer = pointer_type(module, sc, level.element);
                let chain = fresh_id(module);
                out.push(Instruction::new(Op::AccessChain, Some(element_pointer), Some(chain), operands));
                out.push(Instruction::new(Op::Load, Some(level.element), Some(value), vec![Operand::IdRef(chain)]));
            }
        }
        elements.push(Operand::IdRef(value));
    }
    out.push(Instruction::new(Op::CompositeConstruct, Some(level.original), Some(id), elements));
}

/// Emits into `out` a store of each element of `value` (of `p`'s original array or matrix
/// type) into the padded array `p` at the chain `base` (an element that is a padded array
/// itself, element by element likewise).
fn store_padded(
    module: &mut dr::Module,
    padded: &Members,
    p: Padded,
    base: &[Operand],
    (uint, zero): (Word, Word),
    (value, sc): (Word, StorageClass),
    out: &mut Vec<Instruction>,
) {
    let level = padded.level(p);
    for j in 0..level.len {
        let element = fresh_id(module);
        out.push(Instruction::new(
            Op::CompositeExtract,
            Some(level.element),
            Some(element),
            vec![Operand::IdRef(value), Operand::LiteralBit32(j)],
        ));
        let j = constant(module, uint, j);
        let mut operands = base.to_vec();
        operands.push(Operand::IdRef(j));
        if level.wrapped {
            operands.push(Operand::IdRef(zero));
        }
        match padded.inner(p) {
            Some(inner) => store_padded(module, padded, inner, &operands, (uint, zero), (element, sc), out),
            None => {
                let element_pointer = pointer_type(module, sc, level.element);
                let chain = fresh_id(module);
                out.push(Instruction::new(Op::AccessChain, Some(element_pointer), Some(chain), operands));
                out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(chain), Operand::IdRef(element)]));
            }
        }
    }
}
