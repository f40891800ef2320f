//! Flattens user interface blocks, structs, arrays and matrices into one variable per location.
//!
//! Vulkan passes blocks (`out VS_OUT { vec3 normal; vec2 uv; } vs_out;`), structs, nested
//! structs, arrays and matrices between stages, matching them location by location; WGSL takes
//! only scalars and vectors. Each such variable becomes one variable per *leaf* (a scalar or
//! vector member or element), at the location Vulkan assigns it ("Location Assignment"): a
//! block's members take consecutive locations from the block's `Location`, and a member with its
//! own `Location` restarts the count there; struct members take consecutive locations; an array
//! one location per element, a matrix one per column (a 64-bit `vec3`/`vec4` two). A leaf keeps
//! its member's (or the variable's) `Component` and inherits `Flat` / `NoPerspective` /
//! `Centroid` / `Sample` / `Patch` / `Invariant` from the variable and every member on its path.
//!
//! Code follows in one of two ways, per variable:
//! - **direct** (the usual case): `OpAccessChain %block %m ...rest` becomes `OpAccessChain
//!   %leaf ...rest` (or `%leaf` itself); a load or store of a whole block, struct, array or
//!   matrix is split into one per leaf (`OpCompositeConstruct` / `OpCompositeExtract`);
//! - **shadow**, when the code indexes an array (or a matrix) with a value known only at run
//!   time (`vs_out.lights[i].color`, `v[i]`) or copies it (`OpCopyMemory`, `OpCopyObject`):
//!   the variable becomes a `Private` one of the same type, copied from the leaves at the start
//!   of the entry point (inputs) or to them before each `OpReturn` of the entry point and each
//!   `OpEmitVertex` of a geometry stage (outputs).
//!
//! Passing an interface pointer to a function, or a variable pointer (`OpPhi`, `OpSelect`), is
//! refused. Built-in blocks (`gl_PerVertex`: members decorated `BuiltIn`) and built-in variables
//! are left alone, as are the per-vertex arrays of tessellation and geometry stages (inputs of
//! those stages and outputs of the control stage, not `Patch`; the tessellation lowering owns
//! them), and arrays and matrices between the control and evaluation stages (passed whole by
//! the tessellation lowering). The control stage's outputs are shared by its invocations, so
//! they never take the shadow: one that would is refused. Runs when a module is loaded ([`crate::reflect::load`]), so every later step
//! (reflection, interface matching, every translation path) sees only scalar and vector
//! variables.

use super::interface_lists_all_globals;
use crate::desc::Stage;
use crate::error::LoadError;
use crate::reflect::{Reflector, MAX_LOCATION};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// Decorations a leaf inherits from the variable and the members on its path.
const CARRIED: [Decoration; 7] = [
    Decoration::Flat,
    Decoration::NoPerspective,
    Decoration::Centroid,
    Decoration::Sample,
    Decoration::Patch,
    Decoration::Invariant,
    Decoration::RelaxedPrecision,
];

/// Member decorations that only mean something on an interface type; struct types left without
/// an interface variable lose them (with `Block`), so they read as plain structs.
const INTERFACE_ONLY: [Decoration; 9] = [
    Decoration::Location,
    Decoration::Component,
    Decoration::Flat,
    Decoration::NoPerspective,
    Decoration::Centroid,
    Decoration::Sample,
    Decoration::Patch,
    Decoration::Invariant,
    Decoration::Offset,
];

/// Most type nodes one variable may expand to (each leaf takes at least one location, so real
/// interfaces stay far below; this bounds malformed ones such as arrays of empty structs).
const MAX_NODES: usize = 1 << 16;

#[derive(Debug, Clone)]
enum Shape {
    /// A scalar or vector: one variable.
    Leaf,
    Struct(Vec<Word>),
    Array(Word, u32),
}

#[derive(Debug, Clone)]
struct Leaf {
    path: Vec<u32>,
    ty: Word,
    location: u32,
    component: Option<u32>,
    flags: Vec<Decoration>,
    name: String,
    var: Word,
}

#[derive(Debug, Clone)]
struct FlatVar {
    var: Word,
    sc: StorageClass,
    ty: Word,
    name: String,
    leaves: Vec<Leaf>,
    by_path: HashMap<Vec<u32>, usize>,
}

/// Flattens the block, struct, array and matrix interface variables of the entry point `entry_id`.
pub fn lower(module: &mut dr::Module, entry_id: Word, stage: Stage) -> Result<(), LoadError> {
    let view = crate::spirv_view::ModuleView::of_module(module);
    let analysis = analyse(&Reflector::new(&view), entry_id, stage)?;
    if let Some(a) = analysis {
        apply(module, entry_id, stage, a)?;
    }
    Ok(())
}

/// The variables to flatten and the shapes of their types, `None` when there is nothing to
/// flatten (most modules): read-only, so [`crate::reflect::load`] reflects with the same
/// [`Reflector`] when it returns `None`.
pub(crate) struct Analysis {
    flats: Vec<FlatVar>,
    shapes: HashMap<Word, Shape>,
}

/// Rewrites `module` as `analysis` (of this module) says.
pub(crate) fn apply(module: &mut dr::Module, entry_id: Word, stage: Stage, analysis: Analysis) -> Result<(), LoadError> {
    let Analysis { mut flats, shapes } = analysis;
    let mut next = module.header.as_ref().map_or(1, |h| h.bound.max(1));
    for l in flats.iter_mut().flat_map(|f| &mut f.leaves) {
        l.var = next;
        next += 1;
    }
    let private_ids: Vec<Word> = (next..).take(flats.len()).collect();
    let first_free = next + flats.len() as Word;

    let pointers: HashMap<(StorageClass, Word), Word> = module
        .types_global_values
        .iter()
        .filter_map(|i| match (i.class.opcode, i.operands.as_slice(), i.result_id) {
            (Op::TypePointer, [Operand::StorageClass(sc), Operand::IdRef(t)], Some(id)) => Some(((*sc, *t), id)),
            _ => None,
        })
        .collect();
    let constants: HashMap<Word, u32> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Constant)
        .filter_map(|i| match i.operands.as_slice() {
            [Operand::LiteralBit32(v)] => Some((i.result_id?, *v)),
            [Operand::LiteralBit64(v)] => Some((i.result_id?, u32::try_from(*v).ok()?)),
            _ => None,
        })
        .collect();
    let pointees: HashMap<Word, Word> = module
        .types_global_values
        .iter()
        .filter_map(|i| match (i.class.opcode, i.operands.as_slice(), i.result_id) {
            (Op::TypePointer, [_, Operand::IdRef(t)], Some(id)) => Some((id, *t)),
            _ => None,
        })
        .collect();
    let entry = super::entry_function(module, entry_id);

    // Direct unless the code needs the shadow; each refusal of direct rewriting names the
    // variable that needs it, and the functions are rewritten again from the original.
    let mut shadow: Vec<Option<Word>> = vec![None; flats.len()];
    let (functions, new_pointers, next_id) = loop {
        let mut rw = Rewriter {
            flats: &flats,
            shapes: &shapes,
            constants: &constants,
            pointer_ids: &pointers,
            pointees: &pointees,
            shadow: &shadow,
            next_id: first_free,
            new_pointers: Vec::new(),
        };
        let mut functions = module.functions.clone();
        let result = functions.iter_mut().enumerate().try_for_each(|(i, f)| rw.function(f, Some(i) == entry));
        match result {
            Ok(()) => break (functions, rw.new_pointers, rw.next_id),
            Err(Stop::Shadow(i)) if stage == Stage::TessControl && flats[i].sc == StorageClass::Output => {
                return Err(LoadError::Unsupported(format!(
                    "output {} of the tessellation control stage: a struct indexed dynamically or copied whole by pointer",
                    describe(&flats[i].name, flats[i].var)
                )))
            }
            Err(Stop::Shadow(i)) if shadow[i].is_none() => shadow[i] = Some(private_ids[i]),
            Err(Stop::Shadow(i)) => {
                return Err(LoadError::Malformed(format!("cannot rewrite the uses of interface variable %{}", flats[i].var)))
            }
            Err(Stop::Refuse(what)) => return Err(LoadError::Unsupported(what)),
            Err(Stop::Malformed(what)) => return Err(LoadError::Malformed(what)),
        }
    };
    module.functions = functions;
    if let Some(h) = module.header.as_mut() {
        h.bound = next_id;
    }
    for (sc, pointee, id) in new_pointers {
        module.types_global_values.push(Instruction::new(
            Op::TypePointer,
            None,
            Some(id),
            vec![Operand::StorageClass(sc), Operand::IdRef(pointee)],
        ));
    }
    replace_globals(module, &flats, &shadow);
    strip_struct_decorations(module, &shapes);
    Ok(())
}

/// The variables to flatten, with their leaves (ids not yet assigned).
pub(crate) fn analyse(r: &Reflector<'_>, entry_id: Word, stage: Stage) -> Result<Option<Analysis>, LoadError> {
    let module = r.module();
    let interface = r.interface_ids(entry_id);
    // Per-vertex arrays (as reflection reads them): inputs of the tessellation and geometry
    // stages, outputs of the control stage, unless `Patch`.
    let arrayed_inputs = matches!(stage, Stage::TessControl | Stage::TessEval | Stage::Geometry);
    let arrayed_outputs = stage == Stage::TessControl;
    // Member names are gathered once a variable to flatten is found (most modules have none).
    let mut member_names: Option<HashMap<(Word, u32), String>> = None;
    let mut shapes = HashMap::new();
    let mut flats = Vec::new();
    // Each id once (a search of the ids before it: interfaces are short, but a malformed one
    // may not be).
    let mut seen = HashSet::new();
    for (i, &id) in interface.iter().enumerate() {
        let repeated = if interface.len() <= 64 { interface[..i].contains(&id) } else { !seen.insert(id) };
        if repeated {
            continue;
        }
        let Some(var) = r.def(id).filter(|v| v.opcode == Op::Variable) else { continue };
        let Some((sc, ty)) = var.result_type.and_then(|t| r.pointee(t)) else { continue };
        let composite = r.def(ty).is_some_and(|i| matches!(i.opcode, Op::TypeStruct | Op::TypeArray | Op::TypeMatrix));
        if !matches!(sc, StorageClass::Input | StorageClass::Output) || r.builtin(id).is_some() || !composite {
            continue;
        }
        let arrayed = match sc {
            StorageClass::Input => arrayed_inputs,
            _ => arrayed_outputs,
        };
        let per_vertex = arrayed && !r.has_decoration(id, Decoration::Patch) && r.def(ty).is_some_and(|i| i.opcode == Op::TypeArray);
        // Between the control and evaluation stages only blocks and structs are flattened (on
        // both sides alike): the tessellation lowering passes arrays and matrices whole, and
        // the control stage's outputs, shared by its invocations, cannot take the shadow.
        let tess_link =
            (stage == Stage::TessControl && sc == StorageClass::Output) || (stage == Stage::TessEval && sc == StorageClass::Input);
        if per_vertex || (tess_link && !r.contains_struct(ty, 0)) || has_builtin_member(r, ty, 0) {
            continue;
        }
        let member_names = member_names.get_or_insert_with(|| {
            let mut names = HashMap::new();
            for n in module.debug_names() {
                if let (Op::MemberName, [t, m, ..]) = (n.opcode, n.operands) {
                    if let Some((s, [])) = n.string_at(2) {
                        names.insert((*t, *m), s);
                    }
                }
            }
            names
        });
        let mut walker = Walker { r, member_names, shapes: std::mem::take(&mut shapes), nodes: 0 };
        let name = r.debug_name(id).unwrap_or_default();
        let flags: Vec<Decoration> = CARRIED.iter().copied().filter(|d| r.has_decoration(id, *d)).collect();
        let mut leaves = Vec::new();
        walker.nodes = 0;
        let location = r.decoration_literal(id, Decoration::Location);
        let component = r.decoration_literal(id, Decoration::Component);
        walker.walk(ty, &mut Vec::new(), location, component, &flags, &name, &describe(&name, id), &mut leaves, 0)?;
        let by_path = leaves.iter().enumerate().map(|(i, l)| (l.path.clone(), i)).collect();
        flats.push(FlatVar { var: id, sc, ty, name, leaves, by_path });
        shapes = walker.shapes;
    }
    if flats.is_empty() {
        return Ok(None);
    }
    Ok(Some(Analysis { flats, shapes }))
}

fn describe(name: &str, id: Word) -> String {
    if name.is_empty() {
        format!("%{id}")
    } else {
        format!("`{name}`")
    }
}

fn join(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_string(),
        (_, true) => a.to_string(),
        _ => format!("{a}_{b}"),
    }
}

/// Whether the struct (through arrays) has a `BuiltIn` member: `gl_PerVertex` and the like,
/// never flattened.
fn has_builtin_member(r: &Reflector<'_>, ty: Word, depth: u32) -> bool {
    match r.def(ty).map(|i| (i.opcode, i.operands)) {
        Some((Op::TypeArray | Op::TypeRuntimeArray, [e, ..])) if depth < 16 => has_builtin_member(r, *e, depth + 1),
        Some((Op::TypeStruct, members)) => (0..members.len() as u32).any(|m| r.member_builtin(ty, m).is_some()),
        _ => false,
    }
}

struct Walker<'r, 'm> {
    r: &'r Reflector<'m>,
    member_names: &'r HashMap<(Word, u32), String>,
    shapes: HashMap<Word, Shape>,
    nodes: usize,
}

impl Walker<'_, '_> {
    fn shape(&mut self, ty: Word, what: &str) -> Result<Shape, LoadError> {
        if let Some(s) = self.shapes.get(&ty) {
            return Ok(s.clone());
        }
        let r = self.r;
        let shape = match r.def(ty).map(|i| (i.opcode, i.operands)) {
            Some((Op::TypeStruct, members)) => Shape::Struct(members.to_vec()),
            Some((Op::TypeArray, [elem, len])) => match r.def(*len).map(|i| (i.opcode, i.operands)) {
                Some((Op::Constant, [n])) => Shape::Array(*elem, *n),
                Some((Op::SpecConstant | Op::SpecConstantOp, _)) => {
                    return Err(LoadError::Unsupported(format!("interface variable {what}: an array sized by a specialization constant")))
                }
                _ => return Err(LoadError::Malformed(format!("array type %{ty} without a constant length"))),
            },
            Some((Op::TypeMatrix, [column, n])) => Shape::Array(*column, *n),
            Some((Op::TypeRuntimeArray, _)) => {
                return Err(LoadError::Malformed(format!("interface variable {what} holds a runtime array")))
            }
            _ => Shape::Leaf,
        };
        self.shapes.insert(ty, shape.clone());
        Ok(shape)
    }

    /// Locations a leaf (scalar or vector) takes: two for a 64-bit `vec3` or `vec4`.
    fn locations(&self, ty: Word) -> u32 {
        let r = self.r;
        match r.def(ty).map(|i| (i.opcode, i.operands)) {
            Some((Op::TypeVector, [s, n])) => {
                let wide = r.def(*s).is_some_and(|s| matches!((s.opcode, s.operands), (Op::TypeInt | Op::TypeFloat, [64, ..])));
                if wide && *n > 2 {
                    2
                } else {
                    1
                }
            }
            _ => 1,
        }
    }

    /// Collects the leaves under `ty` (at `path`), the first at location `next`; returns the
    /// location after the last.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &mut self,
        ty: Word,
        path: &mut Vec<u32>,
        next: Option<u32>,
        component: Option<u32>,
        flags: &[Decoration],
        name: &str,
        what: &str,
        leaves: &mut Vec<Leaf>,
        depth: u32,
    ) -> Result<Option<u32>, LoadError> {
        self.nodes += 1;
        if depth > 16 || self.nodes > MAX_NODES {
            return Err(LoadError::Malformed(format!("interface variable {what} has a type nested too deeply or too large")));
        }
        match self.shape(ty, what)? {
            Shape::Leaf => {
                let Some(location) = next else {
                    return Err(LoadError::Malformed(format!("interface variable {what}: member {name} has no Location")));
                };
                let end = location.checked_add(self.locations(ty)).filter(|e| *e <= MAX_LOCATION);
                let Some(end) = end else {
                    return Err(LoadError::Malformed(format!(
                        "interface variable {what}: member {name} lies beyond location {MAX_LOCATION}"
                    )));
                };
                leaves.push(Leaf { path: path.clone(), ty, location, component, flags: flags.to_vec(), name: name.to_string(), var: 0 });
                Ok(Some(end))
            }
            Shape::Struct(members) => {
                let mut next = next;
                for (m, mty) in (0u32..).zip(members) {
                    if let Some(l) = self.r.member_decoration_literal(ty, m, Decoration::Location) {
                        next = Some(l);
                    }
                    let component = self.r.member_decoration_literal(ty, m, Decoration::Component);
                    let mut flags = flags.to_vec();
                    for d in CARRIED {
                        if self.r.member_has_decoration(ty, m, d) && !flags.contains(&d) {
                            flags.push(d);
                        }
                    }
                    let member = self.member_names.get(&(ty, m)).map_or_else(|| format!("m{m}"), String::clone);
                    path.push(m);
                    next = self.walk(mty, path, next, component, &flags, &join(name, &member), what, leaves, depth + 1)?;
                    path.pop();
                }
                Ok(next)
            }
            Shape::Array(elem, len) => {
                let mut next = next;
                for i in 0..len {
                    path.push(i);
                    next = self.walk(elem, path, next, component, flags, &join(name, &i.to_string()), what, leaves, depth + 1)?;
                    path.pop();
                }
                Ok(next)
            }
        }
    }
}

enum Stop {
    /// Direct rewriting cannot express a use of this variable: shadow it.
    Shadow(usize),
    Refuse(String),
    Malformed(String),
}

struct Rewriter<'a> {
    flats: &'a [FlatVar],
    shapes: &'a HashMap<Word, Shape>,
    constants: &'a HashMap<Word, u32>,
    pointer_ids: &'a HashMap<(StorageClass, Word), Word>,
    pointees: &'a HashMap<Word, Word>,
    /// The private variable of each shadowed variable.
    shadow: &'a [Option<Word>],
    next_id: Word,
    new_pointers: Vec<(StorageClass, Word, Word)>,
}

/// A pointer into a flattened variable that does not reach a leaf: (variable, path, type).
type Partial = (usize, Vec<u32>, Word);

impl Rewriter<'_> {
    fn fresh(&mut self) -> Word {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    fn pointer(&mut self, sc: StorageClass, pointee: Word) -> Word {
        if let Some(id) = self.pointer_ids.get(&(sc, pointee)) {
            return *id;
        }
        if let Some((_, _, id)) = self.new_pointers.iter().find(|(s, p, _)| *s == sc && *p == pointee) {
            return *id;
        }
        let id = self.fresh();
        self.new_pointers.push((sc, pointee, id));
        id
    }

    fn pointee(&self, ptr: Word) -> Option<Word> {
        self.pointees.get(&ptr).copied().or_else(|| self.new_pointers.iter().find(|(_, _, id)| *id == ptr).map(|(_, t, _)| *t))
    }

    fn shape(&self, ty: Word) -> Shape {
        self.shapes.get(&ty).cloned().unwrap_or(Shape::Leaf)
    }

    fn function(&mut self, f: &mut dr::Function, is_entry: bool) -> Result<(), Stop> {
        let mut partial: HashMap<Word, Partial> = HashMap::new();
        let mut alias: HashMap<Word, Word> = HashMap::new();
        // Pointers into a shadow variable (the variable itself included), by variable.
        let mut shadowed: HashMap<Word, usize> = HashMap::new();
        let mut renamed: HashMap<Word, Word> = HashMap::new();
        for (i, fv) in self.flats.iter().enumerate() {
            match self.shadow[i] {
                Some(p) => {
                    renamed.insert(fv.var, p);
                    shadowed.insert(p, i);
                }
                None => {
                    partial.insert(fv.var, (i, Vec::new(), fv.ty));
                }
            }
        }
        let mut first = is_entry;
        for block in &mut f.blocks {
            let old = std::mem::take(&mut block.instructions);
            let mut out = Vec::with_capacity(old.len());
            let mut at_start = std::mem::take(&mut first);
            for mut inst in old {
                if at_start && !matches!(inst.class.opcode, Op::Variable | Op::Line | Op::NoLine) {
                    at_start = false;
                    self.copy_in(&mut out)?;
                }
                for op in &mut inst.operands {
                    if let Operand::IdRef(id) = op {
                        if let Some(to) = alias.get(id).or_else(|| renamed.get(id)) {
                            *id = *to;
                        }
                    }
                }
                let first_ref = match inst.operands.first() {
                    Some(Operand::IdRef(id)) => Some(*id),
                    _ => None,
                };
                match (inst.class.opcode, first_ref.and_then(|id| partial.get(&id).cloned())) {
                    (Op::AccessChain | Op::InBoundsAccessChain, Some(p)) => {
                        self.chain(&inst, p, &mut partial, &mut alias, &mut out)?;
                        continue;
                    }
                    (Op::Load, Some((fi, mut path, ty))) => {
                        self.load_tree(fi, &mut path, ty, inst.result_id, &mut out);
                        continue;
                    }
                    (Op::Store, Some((fi, mut path, ty))) => {
                        let Some(Operand::IdRef(value)) = inst.operands.get(1) else {
                            return Err(Stop::Malformed("OpStore without a value".into()));
                        };
                        if partial.contains_key(value) {
                            return Err(Stop::Malformed("OpStore of a pointer".into()));
                        }
                        self.store_tree(fi, &mut path, ty, *value, &mut out);
                        continue;
                    }
                    _ => {}
                }
                for op in &inst.operands {
                    let Operand::IdRef(id) = op else { continue };
                    if let Some((fi, _, _)) = partial.get(id) {
                        return Err(match inst.class.opcode {
                            Op::CopyMemory | Op::CopyMemorySized | Op::CopyObject => Stop::Shadow(*fi),
                            other => self.refusal(*fi, other),
                        });
                    }
                    if let Some(fi) = shadowed.get(id).copied() {
                        match inst.class.opcode {
                            Op::AccessChain | Op::InBoundsAccessChain | Op::PtrAccessChain | Op::CopyObject if first_ref == Some(*id) => {
                                let pointee = inst.result_type.and_then(|t| self.pointee(t));
                                let (Some(pointee), Some(res)) = (pointee, inst.result_id) else {
                                    return Err(Stop::Malformed("access chain without a pointer result type".into()));
                                };
                                inst.result_type = Some(self.pointer(StorageClass::Private, pointee));
                                shadowed.insert(res, fi);
                            }
                            Op::Load | Op::Store | Op::CopyMemory | Op::CopyMemorySized => {}
                            other => return Err(self.refusal(fi, other)),
                        }
                        break;
                    }
                }
                // A geometry stage's outputs are read at each emission, in whichever function.
                let emits = matches!(inst.class.opcode, Op::EmitVertex | Op::EmitStreamVertex);
                if emits || is_entry && inst.class.opcode == Op::Return {
                    self.copy_out(&mut out);
                }
                out.push(inst);
            }
            block.instructions = out;
        }
        Ok(())
    }

    fn refusal(&self, fi: usize, op: Op) -> Stop {
        let fv = &self.flats[fi];
        Stop::Refuse(format!("interface block or struct {} used by Op{op:?} (a pointer to it passed on)", describe(&fv.name, fv.var)))
    }

    /// `OpAccessChain` into a flattened variable: onto the leaf, or a partial pointer.
    fn chain(
        &mut self,
        inst: &Instruction,
        (fi, mut path, mut ty): Partial,
        partial: &mut HashMap<Word, Partial>,
        alias: &mut HashMap<Word, Word>,
        out: &mut Vec<Instruction>,
    ) -> Result<(), Stop> {
        let Some(result) = inst.result_id else { return Err(Stop::Malformed("access chain without a result".into())) };
        let indices = &inst.operands[1..];
        let mut k = 0;
        loop {
            let shape = self.shape(ty);
            if matches!(shape, Shape::Leaf) {
                break;
            }
            let Some(index) = indices.get(k) else {
                partial.insert(result, (fi, path, ty));
                return Ok(());
            };
            let index = match index {
                Operand::IdRef(id) => self.constants.get(id).copied(),
                _ => None,
            };
            (ty, path) = match (shape, index) {
                (Shape::Struct(members), Some(m)) if (m as usize) < members.len() => (members[m as usize], [path, vec![m]].concat()),
                (Shape::Struct(_), _) => return Err(Stop::Malformed("access chain with a bad struct member index".into())),
                (Shape::Array(elem, len), Some(i)) if i < len => (elem, [path, vec![i]].concat()),
                // Dynamic (or out-of-bounds) index into an array or matrix.
                _ => return Err(Stop::Shadow(fi)),
            };
            k += 1;
        }
        let Some(leaf) = self.flats[fi].by_path.get(&path).map(|i| &self.flats[fi].leaves[*i]) else {
            return Err(Stop::Malformed("access chain to no leaf".into()));
        };
        if k == indices.len() {
            alias.insert(result, leaf.var);
        } else {
            let mut operands = vec![Operand::IdRef(leaf.var)];
            operands.extend_from_slice(&indices[k..]);
            out.push(Instruction::new(inst.class.opcode, inst.result_type, Some(result), operands));
        }
        Ok(())
    }

    /// Loads every leaf under `path` and builds the value of type `ty` (id `result`).
    fn load_tree(&mut self, fi: usize, path: &mut Vec<u32>, ty: Word, result: Option<Word>, out: &mut Vec<Instruction>) -> Word {
        let id = result.unwrap_or_else(|| self.fresh());
        let parts = match self.shape(ty) {
            Shape::Leaf => {
                let var = self.flats[fi].by_path.get(path.as_slice()).map_or(0, |i| self.flats[fi].leaves[*i].var);
                out.push(Instruction::new(Op::Load, Some(ty), Some(id), vec![Operand::IdRef(var)]));
                return id;
            }
            Shape::Struct(members) => (0u32..).zip(members).collect::<Vec<_>>(),
            Shape::Array(elem, len) => (0..len).map(|i| (i, elem)).collect(),
        };
        let mut ids = Vec::with_capacity(parts.len());
        for (i, t) in parts {
            path.push(i);
            ids.push(Operand::IdRef(self.load_tree(fi, path, t, None, out)));
            path.pop();
        }
        out.push(Instruction::new(Op::CompositeConstruct, Some(ty), Some(id), ids));
        id
    }

    /// Stores `value` (of type `ty`) leaf by leaf.
    fn store_tree(&mut self, fi: usize, path: &mut Vec<u32>, ty: Word, value: Word, out: &mut Vec<Instruction>) {
        let parts = match self.shape(ty) {
            Shape::Leaf => {
                let var = self.flats[fi].by_path.get(path.as_slice()).map_or(0, |i| self.flats[fi].leaves[*i].var);
                out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(var), Operand::IdRef(value)]));
                return;
            }
            Shape::Struct(members) => (0u32..).zip(members).collect::<Vec<_>>(),
            Shape::Array(elem, len) => (0..len).map(|i| (i, elem)).collect(),
        };
        for (i, t) in parts {
            let part = self.fresh();
            out.push(Instruction::new(Op::CompositeExtract, Some(t), Some(part), vec![Operand::IdRef(value), Operand::LiteralBit32(i)]));
            path.push(i);
            self.store_tree(fi, path, t, part, out);
            path.pop();
        }
    }

    /// Shadowed inputs: the private copies filled from the leaves.
    fn copy_in(&mut self, out: &mut Vec<Instruction>) -> Result<(), Stop> {
        for (fi, fv) in self.flats.iter().enumerate() {
            if let (StorageClass::Input, Some(p)) = (fv.sc, self.shadow[fi]) {
                let value = self.load_tree(fi, &mut Vec::new(), fv.ty, None, out);
                out.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(p), Operand::IdRef(value)]));
            }
        }
        Ok(())
    }

    /// Shadowed outputs: the private copies written to the leaves.
    fn copy_out(&mut self, out: &mut Vec<Instruction>) {
        for (fi, fv) in self.flats.iter().enumerate() {
            if let (StorageClass::Output, Some(p)) = (fv.sc, self.shadow[fi]) {
                let value = self.fresh();
                out.push(Instruction::new(Op::Load, Some(fv.ty), Some(value), vec![Operand::IdRef(p)]));
                self.store_tree(fi, &mut Vec::new(), fv.ty, value, out);
            }
        }
    }
}

/// The flattened variables' declarations, decorations, names and interface entries give way to
/// the leaves' (and the shadows').
fn replace_globals(module: &mut dr::Module, flats: &[FlatVar], shadow: &[Option<Word>]) {
    let old: HashSet<Word> = flats.iter().map(|f| f.var).collect();
    module.types_global_values.retain(|i| !(i.class.opcode == Op::Variable && i.result_id.is_some_and(|id| old.contains(&id))));
    module.annotations.retain(|a| {
        !(matches!(a.class.opcode, Op::Decorate | Op::DecorateId | Op::DecorateString)
            && matches!(a.operands.first(), Some(Operand::IdRef(t)) if old.contains(t)))
    });
    for a in &mut module.annotations {
        if a.class.opcode == Op::GroupDecorate {
            let mut first = true;
            a.operands.retain(|o| std::mem::take(&mut first) || !matches!(o, Operand::IdRef(t) if old.contains(t)));
        }
    }
    module
        .debug_names
        .retain(|n| !(n.class.opcode == Op::Name && matches!(n.operands.first(), Some(Operand::IdRef(t)) if old.contains(t))));
    let all_globals = interface_lists_all_globals(module);
    for (fv, p) in flats.iter().zip(shadow) {
        let mut listed = Vec::new();
        for l in &fv.leaves {
            let ptr = super::pointer_type(module, fv.sc, l.ty);
            module.types_global_values.push(Instruction::new(Op::Variable, Some(ptr), Some(l.var), vec![Operand::StorageClass(fv.sc)]));
            let mut decorate = |d: Decoration, value: Option<u32>| {
                let mut ops = vec![Operand::IdRef(l.var), Operand::Decoration(d)];
                ops.extend(value.map(Operand::LiteralBit32));
                module.annotations.push(Instruction::new(Op::Decorate, None, None, ops));
            };
            decorate(Decoration::Location, Some(l.location));
            if let Some(c) = l.component {
                decorate(Decoration::Component, Some(c));
            }
            for d in &l.flags {
                decorate(*d, None);
            }
            if !l.name.is_empty() {
                module.debug_names.push(Instruction::new(
                    Op::Name,
                    None,
                    None,
                    vec![Operand::IdRef(l.var), Operand::LiteralString(l.name.clone())],
                ));
            }
            listed.push(Operand::IdRef(l.var));
        }
        if let Some(p) = *p {
            let ptr = super::pointer_type(module, StorageClass::Private, fv.ty);
            module.types_global_values.push(Instruction::new(
                Op::Variable,
                Some(ptr),
                Some(p),
                vec![Operand::StorageClass(StorageClass::Private)],
            ));
            if !fv.name.is_empty() {
                module.debug_names.push(Instruction::new(
                    Op::Name,
                    None,
                    None,
                    vec![Operand::IdRef(p), Operand::LiteralString(fv.name.clone())],
                ));
            }
            if all_globals {
                listed.push(Operand::IdRef(p));
            }
        }
        for ep in &mut module.entry_points {
            if let Some(at) = ep.operands.iter().skip(3).position(|o| *o == Operand::IdRef(fv.var)) {
                ep.operands.splice(at + 3..at + 4, listed.iter().cloned());
            }
        }
    }
}

/// Struct types that no longer type an interface variable lose their interface decorations.
fn strip_struct_decorations(module: &mut dr::Module, shapes: &HashMap<Word, Shape>) {
    let flattened: HashSet<Word> = shapes.iter().filter(|(_, s)| matches!(s, Shape::Struct(_))).map(|(t, _)| *t).collect();
    // Struct types still reachable from a variable that is not private to the invocation.
    let defs: HashMap<Word, &Instruction> = module.types_global_values.iter().filter_map(|i| Some((i.result_id?, i))).collect();
    let mut kept = HashSet::new();
    let mut work = Vec::new();
    for v in module.types_global_values.iter().filter(|i| i.class.opcode == Op::Variable) {
        if matches!(v.operands.first(), Some(Operand::StorageClass(StorageClass::Private | StorageClass::Function))) {
            continue;
        }
        if let Some(Operand::IdRef(pointee)) = v.result_type.and_then(|t| defs.get(&t)).and_then(|p| p.operands.get(1)) {
            work.push(*pointee);
        }
    }
    let mut seen = HashSet::new();
    while let Some(t) = work.pop() {
        // Each type once (a malformed module may declare an array of itself).
        if !seen.insert(t) {
            continue;
        }
        match defs.get(&t).map(|i| (i.class.opcode, i.operands.as_slice())) {
            Some((Op::TypeArray | Op::TypeRuntimeArray, [Operand::IdRef(e), ..])) => work.push(*e),
            Some((Op::TypeStruct, members)) => {
                kept.insert(t);
                work.extend(members.iter().filter_map(|m| if let Operand::IdRef(t) = m { Some(*t) } else { None }))
            }
            _ => {}
        }
    }
    let stripped = |t: &Word| flattened.contains(t) && !kept.contains(t);
    module.annotations.retain(|a| match (a.class.opcode, a.operands.as_slice()) {
        (Op::MemberDecorate, [Operand::IdRef(t), _, Operand::Decoration(d), ..]) => !(stripped(t) && INTERFACE_ONLY.contains(d)),
        (Op::Decorate, [Operand::IdRef(t), Operand::Decoration(Decoration::Block), ..]) => !stripped(t),
        _ => true,
    });
}
