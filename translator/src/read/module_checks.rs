//! Structural checks of a module (through its [`ModuleView`]), run by [`crate::reflect::load`] before anything
//! reads it: each is a rule of the SPIR-V or Vulkan specification that naga or the lowering
//! passes assume, and each was found missing by the `spirv_words` fuzzer (its input kept under
//! `fuzz/regressions/spirv_words/fixed/`). A module breaking one is refused as
//! [`LoadError::Malformed`], naming what and where; valid SPIR-V that WGSL cannot express is
//! refused as [`LoadError::Unsupported`].
//!
//! Invariant after [`check`]: ids are defined once, below the header's bound, and every id an
//! instruction refers to is defined; struct member decorations name existing members; built-in
//! blocks are all built-in; integer and float widths are 8 to 64 bits; image operands are in
//! range; variables carry their pointer's storage class; built-ins have Vulkan's types;
//! fragment-only instructions (discard, implicit-LOD sampling, derivatives) and non-variable
//! pointer arguments do not occur where they are invalid; branches name labels; vector
//! shuffles select existing
//! components; explicit-LOD samples name their level; atomics are relaxed (WGSL's only kind); types, constants and global variables
//! refer only to ids defined before them (so types form a graph without cycles) and types
//! nest at most [`MAX_TYPE_DEPTH`] deep.

use crate::desc::Stage;
use crate::error::LoadError;
use crate::profile::phase;
use crate::spirv_view::{IdProblem, IdTable, Inst, ModuleView};
use spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{BTreeSet, HashMap};

/// Runs every check on `module`, whose entry point `entry_id` is a `stage` stage: one walk
/// per section, each instruction given to the rules that read it.
pub fn check(module: &ModuleView, entry_id: Word, stage: Stage) -> Result<(), LoadError> {
    phase("ids", || check_ids(module))?;
    phase("globals", || {
        let mut order = DefinitionOrder::new(module);
        for inst in module.types_global_values() {
            order.check(inst)?;
            check_scalar_width(inst)?;
            check_composite_count(inst)?;
            check_image_type(inst)?;
            check_variable_storage(module, inst)?;
        }
        Ok(())
    })?;
    phase("names", || module.debug_names().try_for_each(|n| check_member_name(module, n)))?;
    phase("annotations", || {
        let mut builtin_members = Vec::new();
        for a in module.annotations() {
            check_member_decoration(module, a, &mut builtin_members)?;
            check_builtin_type(module, a)?;
            check_index_decoration(a, stage)?;
        }
        check_builtin_blocks(module, builtin_members)
    })?;
    phase("function bodies", || {
        let mut fragment_only_seen = false;
        let mut call_arguments = CallArguments::new(module);
        for inst in module.bodies() {
            fragment_only_seen |= fragment_only(inst.opcode);
            check_branch_targets(module, inst)?;
            call_arguments.collect(inst);
            check_explicit_lod(inst)?;
            check_vector_shuffle(module, inst)?;
            check_atomic_ordering(module, inst)?;
        }
        call_arguments.check(module)?;
        if fragment_only_seen {
            check_fragment_only_instructions(module, entry_id, stage)?;
        }
        Ok(())
    })
}

/// `OpKill`, `OpTerminateInvocation` and `OpDemoteToHelperInvocation` are for fragment
/// shaders only; in a function another stage's entry point reaches, they are invalid (naga
/// writes them into a vertex or compute function that does not validate). Functions the entry point does not
/// call are not looked at: one module may hold a fragment entry point next to this one. Run
/// once the walk has seen such an instruction somewhere.
fn check_fragment_only_instructions(module: &ModuleView, entry_id: Word, stage: Stage) -> Result<(), LoadError> {
    if stage == Stage::Fragment {
        return Ok(());
    }
    let by_id: HashMap<Word, _> = module.functions().filter_map(|f| Some((f.def()?.result_id?, f))).collect();
    let (mut seen, mut todo) = (BTreeSet::from([entry_id]), vec![entry_id]);
    while let Some(id) = todo.pop() {
        let Some(f) = by_id.get(&id) else { continue };
        for inst in f.body() {
            if fragment_only(inst.opcode) {
                return Err(LoadError::Malformed(format!("{:?} in a {stage} stage (fragment shaders only)", inst.opcode)));
            }
            if inst.opcode == Op::FunctionCall {
                if let Some(&callee) = inst.operands.first() {
                    if seen.insert(callee) {
                        todo.push(callee);
                    }
                }
            }
        }
    }
    Ok(())
}

/// Instructions for fragment shaders only: discards, and implicit level of detail and
/// derivatives (they need fragment quads).
fn fragment_only(op: Op) -> bool {
    matches!(
        op,
        Op::Kill
            | Op::TerminateInvocation
            | Op::DemoteToHelperInvocation
            | Op::ImageSampleImplicitLod
            | Op::ImageSampleDrefImplicitLod
            | Op::ImageSampleProjImplicitLod
            | Op::ImageSampleProjDrefImplicitLod
            | Op::ImageSparseSampleImplicitLod
            | Op::ImageSparseSampleDrefImplicitLod
            | Op::ImageQueryLod
            | Op::DPdx
            | Op::DPdy
            | Op::Fwidth
            | Op::DPdxFine
            | Op::DPdyFine
            | Op::FwidthFine
            | Op::DPdxCoarse
            | Op::DPdyCoarse
            | Op::FwidthCoarse
    )
}

/// Branches, merges, switch targets and phi parents name labels. Unchecked:
/// `OpBranch` to a composite (an `OpReturnValue` changed into it) left naga a
/// function without its return, which the WGSL writer wrote as a function that does not
/// validate.
fn check_branch_targets(module: &ModuleView, inst: Inst) -> Result<(), LoadError> {
    // The ids that must be labels (the ids of the `OpSwitch` pairs follow the selector and
    // the default; a phi's parents are its odd ids).
    let mut targets: &mut dyn Iterator<Item = &Word> = match (inst.opcode, inst.ids) {
        (Op::Branch | Op::SelectionMerge, [target, ..]) => &mut std::iter::once(target),
        (Op::BranchConditional, [_, labels @ ..]) => &mut labels.iter().take(2),
        (Op::LoopMerge, labels) => &mut labels.iter().take(2),
        (Op::Switch, [_, labels @ ..]) => &mut labels.iter(),
        (Op::Phi, ids) => &mut ids.iter().skip(1).step_by(2),
        _ => return Ok(()),
    };
    match Iterator::find(&mut targets, |t| module.def(**t).is_none_or(|d| d.opcode != Op::Label)) {
        Some(t) => Err(LoadError::Malformed(format!("{:?} names %{t} as a block, which is not a label", inst.opcode))),
        None => Ok(()),
    }
}

/// Under the logical addressing model without variable pointers, a pointer passed to a
/// function is a memory object declaration (an `OpVariable` or the caller's own
/// `OpFunctionParameter`), or points into `UniformConstant` storage. naga reads an access
/// chain passed to a function as the address of a vector component, which WGSL forbids.
/// Unchecked: `OpFunctionCall %tent %70`, `%70` an access chain into a vector. Modules declaring a variable-pointers
/// capability are not checked (the rule is looser there, and naga refuses them anyway).
struct CallArguments {
    /// The rule applies (logical addressing, no variable pointers).
    applies: bool,
    /// The ids passed to functions (few; most modules pass none).
    passed: Vec<Word>,
}

impl CallArguments {
    fn new(module: &ModuleView) -> Self {
        use spirv::Capability as C;
        let variable_pointers = module.capabilities().any(
            |c| matches!(c.operands.first(), Some(&c) if c == C::VariablePointers as u32 || c == C::VariablePointersStorageBuffer as u32),
        );
        let logical = module.memory_model().is_some_and(|m| m.operands.first() == Some(&(spirv::AddressingModel::Logical as u32)));
        CallArguments { applies: logical && !variable_pointers, passed: Vec::new() }
    }

    fn collect(&mut self, inst: Inst) {
        if self.applies && inst.opcode == Op::FunctionCall {
            self.passed.extend(inst.ids.iter().skip(1));
        }
    }

    /// Once every body instruction is collected.
    fn check(mut self, module: &ModuleView) -> Result<(), LoadError> {
        if self.passed.is_empty() {
            return Ok(());
        }
        self.passed.sort_unstable();
        let passed = |id: Word| self.passed.binary_search(&id).is_ok();
        let pointer_class =
            |ty: Word| module.def(ty).filter(|t| t.opcode == Op::TypePointer).and_then(|t| StorageClass::from_u32(*t.operands.first()?));
        // A passed id defined in a function by anything but a variable (access chains, copies...).
        for inst in module.bodies().filter(|i| !matches!(i.opcode, Op::Variable | Op::FunctionParameter)) {
            let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) else { continue };
            if !passed(id) {
                continue;
            }
            match pointer_class(ty) {
                Some(class) if class != StorageClass::UniformConstant => {
                    return Err(LoadError::Malformed(format!(
                        "a function call passes %{id} ({:?}, a {class:?} pointer): a pointer argument must be a variable or a parameter",
                        inst.opcode
                    )));
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// An explicit-LOD sample names its level: `Lod` or `Grad` among its image operands. Unchecked:
/// `OpImageSampleExplicitLod` with `MakeTexelVisible` instead of
/// `Lod` became WGSL `textureSample` (implicit level) in a vertex stage.
fn check_explicit_lod(inst: Inst) -> Result<(), LoadError> {
    use spirv::ImageOperands as Io;
    // Where the image operands mask is: after the sampled image and coordinate, and the
    // depth reference of the `Dref` forms.
    let at = match inst.opcode {
        Op::ImageSampleExplicitLod | Op::ImageSampleProjExplicitLod | Op::ImageSparseSampleExplicitLod => 2,
        Op::ImageSampleDrefExplicitLod | Op::ImageSampleProjDrefExplicitLod | Op::ImageSparseSampleDrefExplicitLod => 3,
        _ => return Ok(()),
    };
    let names_level = inst.operands.get(at).is_some_and(|m| m & (Io::LOD | Io::GRAD).bits() != 0);
    if !names_level {
        return Err(LoadError::Malformed(format!("{:?} %{} has neither Lod nor Grad", inst.opcode, inst.result_id.unwrap_or(0))));
    }
    Ok(())
}

/// `OpVectorShuffle` components select from the two vectors (or are `0xFFFFFFFF`, undefined).
/// Unchecked: component 24577 made naga drop the vertex stage's clip
/// distance writes, so the plan promised a clip distance the WGSL does not write.
fn check_vector_shuffle(module: &ModuleView, shuffle: Inst) -> Result<(), LoadError> {
    if shuffle.opcode != Op::VectorShuffle {
        return Ok(());
    }
    let vector_size = |id: Word| {
        let ty = module.def(id)?.result_type?;
        match module.def(ty).map(|t| (t.opcode, t.operands)) {
            Some((Op::TypeVector, [_, n])) => Some(*n),
            _ => None,
        }
    };
    let [a, b, components @ ..] = shuffle.operands else {
        return Err(LoadError::Malformed("OpVectorShuffle without its two vectors".into()));
    };
    let (Some(n), Some(m)) = (vector_size(*a), vector_size(*b)) else {
        return Err(LoadError::Malformed(format!("OpVectorShuffle %{} of operands that are not vectors", shuffle.result_id.unwrap_or(0))));
    };
    // (Vector sizes come from the module: a malformed one may be near u32::MAX.)
    let total = n.saturating_add(m);
    if let Some(c) = components.iter().find(|c| **c != u32::MAX && **c >= total) {
        return Err(LoadError::Malformed(format!("OpVectorShuffle %{} selects component {c} of {total}", shuffle.result_id.unwrap_or(0))));
    }
    Ok(())
}

/// Every result id is defined once (the lowering passes find a definition by its id; with two,
/// they would rewrite one and read the other), below the header's bound (which the lowering
/// passes allocate fresh ids from), every id an instruction refers to is defined, and an
/// instruction in a function names no id defined after it but labels, functions and `OpPhi`'s
/// values ([`ModuleView::forward_reference`]). Unchecked: a struct id defined twice sent the
/// std140 lowering past the end of the other definition's members; decorations of undefined
/// ids left a tessellation evaluation stage's built-in block half decorated; an
/// `OpSampledImage` taking its own result, and two pointer copies taking each other, sent
/// walks over definitions or uses round them until the stack overflowed.
fn check_ids(module: &ModuleView) -> Result<(), LoadError> {
    match module.id_problem() {
        Some(IdProblem::AboveBound(id)) => {
            return Err(LoadError::Malformed(format!("id %{id} is not below the header's bound {}", module.bound())))
        }
        Some(IdProblem::Redefined(id)) => return Err(LoadError::Malformed(format!("id %{id} is defined more than once"))),
        None => {}
    }
    if let Some((opcode, id)) = module.undefined_reference() {
        return Err(LoadError::Malformed(format!("{opcode:?} refers to %{id}, which is not defined")));
    }
    match module.forward_reference() {
        Some((opcode, id)) => Err(LoadError::Malformed(format!("{opcode:?} refers to %{id}, which is not defined before it"))),
        None => Ok(()),
    }
}

/// Struct decorations name members the struct has, and a struct with a built-in member has
/// only built-in members (Vulkan forbids mixing them; the per-vertex block lowering relies
/// on it). Unchecked: `OpMemberDecorate %gl_PerVertex 768`, and a
/// `gl_PerVertex` whose `PointSize` member lost its decoration.
fn check_member_decoration(module: &ModuleView, a: Inst, builtin_members: &mut Vec<(Word, u32)>) -> Result<(), LoadError> {
    let (Op::MemberDecorate, &[s, m, d, ..]) = (a.opcode, a.operands) else { return Ok(()) };
    let Some(count) = member_count(module, s) else {
        return Err(LoadError::Malformed(format!("OpMemberDecorate names %{s}, which is not a struct")));
    };
    if m as usize >= count {
        return Err(LoadError::Malformed(format!("OpMemberDecorate names member {m} of %{s}, which has {count} members")));
    }
    if d == Decoration::BuiltIn as u32 {
        builtin_members.push((s, m));
    }
    Ok(())
}

/// An `OpMemberName` names a member its struct has (spirv-val checks it; a pass renumbering a
/// block's members added one to a member number of 2^32 - 1).
fn check_member_name(module: &ModuleView, n: Inst) -> Result<(), LoadError> {
    let (Op::MemberName, &[s, m, ..]) = (n.opcode, n.operands) else { return Ok(()) };
    match member_count(module, s) {
        None => Err(LoadError::Malformed(format!("OpMemberName names %{s}, which is not a struct"))),
        Some(count) if m as usize >= count => {
            Err(LoadError::Malformed(format!("OpMemberName names member {m} of %{s}, which has {count} members")))
        }
        Some(_) => Ok(()),
    }
}

/// The second half of [`check_member_decoration`], once every annotation is seen: a struct
/// with a built-in member (`builtin_members`: struct and member, per `BuiltIn` decoration) has
/// only built-in members.
fn check_builtin_blocks(module: &ModuleView, mut builtin_members: Vec<(Word, u32)>) -> Result<(), LoadError> {
    builtin_members.sort_unstable();
    builtin_members.dedup();
    for block in builtin_members.chunk_by(|a, b| a.0 == b.0) {
        let s = block[0].0;
        if Some(block.len()) != member_count(module, s) {
            return Err(LoadError::Malformed(format!("struct %{s} mixes built-in members with members that are not built-ins")));
        }
    }
    Ok(())
}

/// The members of struct `s` (`None`: not a struct).
fn member_count(module: &ModuleView, s: Word) -> Option<usize> {
    module.def(s).filter(|i| i.opcode == Op::TypeStruct).map(|i| i.operands.len())
}

/// Types, constants and global variables refer only to ids defined before them in their
/// section (SPIR-V's logical layout allows no other forward reference there, bar pointers
/// declared by `OpTypeForwardPointer`), so the types form a graph without cycles, which the
/// passes that walk a type's members recursively rely on; and types nest at most
/// [`MAX_TYPE_DEPTH`] deep (valid beyond, but refused as unsupported: those walks recurse
/// once per level). Unchecked: `%v = OpTypeVector %v 4` sent the
/// push-constant block's size computation into unbounded recursion (a stack overflow).
struct DefinitionOrder {
    /// Depth of each type defined so far (constants and variables count as 0).
    depth: IdTable,
    forward_pointers: Vec<Word>,
}

impl DefinitionOrder {
    fn new(module: &ModuleView) -> Self {
        DefinitionOrder { depth: IdTable::new(module.bound()), forward_pointers: Vec::new() }
    }

    /// The next instruction of the types-and-globals section.
    fn check(&mut self, inst: Inst) -> Result<(), LoadError> {
        match inst.opcode {
            // Non-semantic and debug instructions may refer ahead; they declare no type.
            Op::ExtInst | Op::Line | Op::NoLine => return Ok(()),
            Op::TypeForwardPointer => {
                self.forward_pointers.extend(inst.ids.first());
                return Ok(());
            }
            _ => {}
        }
        let mut deepest = 0;
        for id in inst.result_type.into_iter().chain(inst.ids.iter().copied()) {
            match self.depth.get(id) {
                Some(d) => deepest = deepest.max(d),
                None if self.forward_pointers.contains(&id) => {}
                None => {
                    return Err(LoadError::Malformed(format!(
                        "{:?} %{} refers to %{id}, which is not defined before it",
                        inst.opcode,
                        inst.result_id.unwrap_or(0)
                    )))
                }
            }
        }
        let own = if inst.opcode.is_type() { deepest + 1 } else { 0 };
        if own > MAX_TYPE_DEPTH {
            return Err(LoadError::Unsupported(format!("types nested more than {MAX_TYPE_DEPTH} deep")));
        }
        if let Some(id) = inst.result_id {
            self.depth.set(id, own);
        }
        Ok(())
    }
}

/// How deep types may nest (an array of structs of arrays...: 4 levels).
pub const MAX_TYPE_DEPTH: u32 = 64;

/// Integer and float types must be 8, 16, 32 or 64 bits wide (naga panics on other widths).
fn check_scalar_width(inst: Inst) -> Result<(), LoadError> {
    if let (Op::TypeInt | Op::TypeFloat, Some(w)) = (inst.opcode, inst.operands.first()) {
        if ![8, 16, 32, 64].contains(w) {
            return Err(LoadError::Malformed(format!("{:?} of width {w}", inst.opcode)));
        }
    }
    Ok(())
}

/// Vectors of 2 to 4 components and matrices of 2 to 4 columns (8 and 16 components take the
/// `Vector16` capability, which is for kernels). Unchecked, a matrix of 738,197,506 columns
/// made the descriptor-selection lowering allocate a vector of that many column types.
fn check_composite_count(inst: Inst) -> Result<(), LoadError> {
    if let (Op::TypeVector | Op::TypeMatrix, [_, n, ..]) = (inst.opcode, inst.operands) {
        if !(2..=4).contains(n) {
            return Err(LoadError::Malformed(format!("{:?} %{} of {n} components", inst.opcode, inst.result_id.unwrap_or(0))));
        }
    }
    Ok(())
}

/// `OpTypeImage` operands within their ranges (depth 0-2, arrayed and multisampled 0-1,
/// sampled 0-2), else the module is malformed; and no image WGSL cannot declare (1D arrays,
/// multisampled arrays), which is valid SPIR-V refused as unsupported. Unchecked:
/// an image with `Arrayed` 16777216 came out as `texture_1d_array`, and
/// a 1D depth image as `texture_depth_1d`.
fn check_image_type(inst: Inst) -> Result<(), LoadError> {
    if inst.opcode == Op::TypeImage {
        let [_, dim, depth, arrayed, ms, sampled, ..] = *inst.operands else {
            return Err(LoadError::Malformed(format!("OpTypeImage %{} has malformed operands", inst.result_id.unwrap_or(0))));
        };
        if depth > 2 || arrayed > 1 || ms > 1 || sampled > 2 {
            return Err(LoadError::Malformed(format!(
                "OpTypeImage %{}: depth {depth}, arrayed {arrayed}, multisampled {ms}, sampled {sampled} out of range",
                inst.result_id.unwrap_or(0)
            )));
        }
        let (d1, d2, d3) = (spirv::Dim::Dim1D as u32, spirv::Dim::Dim2D as u32, spirv::Dim::Dim3D as u32);
        let what = if arrayed == 1 && ms == 1 {
            Some("multisampled array images")
        } else if arrayed == 1 && dim == d1 {
            Some("1D array images")
        } else if depth == 1 && (dim == d1 || dim == d3) {
            Some("1D and 3D depth images")
        } else if ms == 1 && dim != d2 {
            Some("multisampled images that are not 2D")
        } else {
            None
        };
        if let Some(what) = what {
            return Err(LoadError::Unsupported(format!("{what} (WGSL has no such texture type)")));
        }
    }
    Ok(())
}

/// A global `OpVariable`'s storage class must be its pointer type's (readers disagree otherwise).
fn check_variable_storage(module: &ModuleView, v: Inst) -> Result<(), LoadError> {
    if v.opcode != Op::Variable {
        return Ok(());
    }
    let pointer_class = |ty: Word| module.def(ty).filter(|i| i.opcode == Op::TypePointer).and_then(|i| i.operands.first().copied());
    let declared = v.operands.first().copied();
    if v.result_type.and_then(pointer_class) != declared {
        return Err(LoadError::Malformed(format!(
            "variable %{} is declared {:?} but its pointer type says otherwise",
            v.result_id.unwrap_or(0),
            declared.and_then(StorageClass::from_u32)
        )));
    }
    Ok(())
}

/// `Index` (which of two blend sources an output feeds) only in a fragment stage, as SPIR-V
/// allows it. Unchecked: a tessellation evaluation stage's integer output decorated
/// `Index 8` became a WGSL output without the `flat` WGSL requires of integers.
fn check_index_decoration(a: Inst, stage: Stage) -> Result<(), LoadError> {
    if a.opcode == Op::Decorate && a.operands.get(1) == Some(&(spirv::Decoration::Index as u32)) && stage != Stage::Fragment {
        let target = a.operands.first().copied().unwrap_or(0);
        return Err(LoadError::Malformed(format!("%{target} is decorated Index in a {stage} stage (only fragment outputs take it)")));
    }
    Ok(())
}

/// The built-ins whose values the translator moves itself must have the types Vulkan requires
/// (`Position` a `vec4` of 32-bit floats, and so on; per-vertex arrays of them allowed): a
/// module declaring another type is malformed, and would otherwise come out as WGSL that does
/// not validate (a `float` Position in `gl_PerVertex`).
fn check_builtin_type(module: &ModuleView, a: Inst) -> Result<(), LoadError> {
    use spirv::BuiltIn as B;
    let shape = |ty: Word| module.def(ty).map(|i: Inst| (i.opcode, i.operands));
    let is_f32 = |ty: Word| matches!(shape(ty), Some((Op::TypeFloat, [32, ..])));
    let is_i32 = |ty: Word| matches!(shape(ty), Some((Op::TypeInt, [32, ..])));
    let vec_f32 = |ty: Word, n: u32| matches!(shape(ty), Some((Op::TypeVector, [c, k])) if *k == n && is_f32(*c));
    // Strips at most `max` array levels; returns the element and the levels stripped.
    let strip = |mut ty: Word, max: u32| {
        let mut levels = 0;
        while levels < max {
            match shape(ty) {
                Some((Op::TypeArray | Op::TypeRuntimeArray, [e, ..])) => ty = *e,
                _ => break,
            }
            levels += 1;
        }
        (ty, levels)
    };
    // The element of (per-vertex arrays of) a value.
    let element = |ty: Word| strip(ty, 2).0;
    let array_of_f32 = |ty: Word| {
        let (elem, levels) = strip(ty, 3);
        levels > 0 && is_f32(elem)
    };
    let ok = |b: B, ty: Word| match b {
        B::Position | B::FragCoord => vec_f32(element(ty), 4),
        B::PointSize => is_f32(element(ty)),
        B::TessCoord => vec_f32(ty, 3),
        B::ClipDistance | B::CullDistance => array_of_f32(ty),
        // Patch built-ins: one array of floats, never arrayed per vertex (an
        // `array<array<f32, 4>, 2>` inner level would become WGSL storing a float into an
        // array).
        B::TessLevelOuter | B::TessLevelInner => matches!(strip(ty, 2), (elem, 1) if is_f32(elem)),
        B::VertexIndex | B::InstanceIndex | B::PrimitiveId | B::InvocationId | B::PatchVertices | B::Layer | B::ViewportIndex => is_i32(ty),
        _ => true,
    };
    let pointee = |ptr: Word| match shape(ptr) {
        Some((Op::TypePointer, [_, t])) => Some(*t),
        _ => None,
    };
    const BUILT_IN: u32 = Decoration::BuiltIn as u32;
    let (b, ty) = match (a.opcode, a.operands) {
        (Op::Decorate, [v, BUILT_IN, b]) => {
            let Some(var) = module.def(*v).filter(|i| i.opcode == Op::Variable) else { return Ok(()) };
            let Some(ty) = var.result_type.and_then(pointee) else { return Ok(()) };
            (*b, ty)
        }
        (Op::MemberDecorate, [s, m, BUILT_IN, b]) => {
            let Some((Op::TypeStruct, members)) = shape(*s) else { return Ok(()) };
            let Some(ty) = members.get(*m as usize) else { return Ok(()) };
            (*b, *ty)
        }
        _ => return Ok(()),
    };
    let Some(b) = B::from_u32(b) else { return Ok(()) };
    if !ok(b, ty) {
        return Err(LoadError::Malformed(format!("built-in {b:?} declared with type %{ty}, not the type Vulkan requires")));
    }
    // The distances themselves are the innermost array: longer than any device's limit (Vulkan
    // guarantees 8, WebGPU takes 8), and a record of them would grow with a length an untrusted
    // module sets (a ClipDistance of 589,825 elements ran a tessellation pass out of memory).
    if matches!(b, B::ClipDistance | B::CullDistance) {
        // (Per-vertex arrays of them come first; the array holding the floats is the last.)
        let (mut t, mut inner) = (ty, None);
        while let Some((Op::TypeArray, [e, len])) = shape(t) {
            (t, inner) = (*e, Some(*len));
        }
        let n = inner.and_then(|len| module.def(len)).and_then(|c| match (c.opcode, c.operands) {
            (Op::Constant, [n, ..]) => Some(*n),
            _ => None,
        });
        if let Some(n) = n.filter(|&n| n > MAX_DISTANCES) {
            return Err(LoadError::Unsupported(format!(
                "a {b:?} array of {n} elements, past the {MAX_DISTANCES} WebGPU and Tesserae take"
            )));
        }
    }
    Ok(())
}

/// The most clip or cull distances one array may hold (Vulkan's guaranteed `maxClipDistances`
/// and `maxCullDistances`, WebGPU's clip-distance limit).
const MAX_DISTANCES: u32 = 8;

/// Acquire, Release, AcquireRelease and SequentiallyConsistent: the memory semantics bits that
/// order other memory accesses around an atomic.
const ORDERING_SEMANTICS: u32 = 0x2 | 0x4 | 0x8 | 0x10;

/// An atomic whose memory semantics order other accesses (GLSL's `atomicStore(..., gl_SemanticsRelease)`,
/// the Vulkan memory model's message passing) has no WGSL form: WGSL's atomics are all relaxed,
/// so a translation would drop the ordering the shader relies on (on NVIDIA, the CTS's
/// `memory_model/message_passing` scripts then read stale data). Relaxed atomics, and
/// semantics naming only storage classes, pass.
fn check_atomic_ordering(module: &ModuleView, inst: Inst) -> Result<(), LoadError> {
    let semantics: &[Word] = match inst.opcode {
        Op::AtomicCompareExchange | Op::AtomicCompareExchangeWeak => inst.ids.get(2..4).unwrap_or(&[]),
        Op::AtomicLoad | Op::AtomicFlagTestAndSet | Op::AtomicFlagClear => inst.ids.get(2..3).unwrap_or(&[]),
        op if crate::spirv_view::is_atomic_write(op) => inst.ids.get(2..3).unwrap_or(&[]),
        _ => return Ok(()),
    };
    for &id in semantics {
        let value =
            module.def(id).filter(|c| matches!(c.opcode, Op::Constant | Op::SpecConstant)).and_then(|c| c.operands.first().copied());
        // Vulkan requires a constant; anything else is left to naga's reader, which names it.
        if value.is_some_and(|v| v & ORDERING_SEMANTICS != 0) {
            return Err(LoadError::Unsupported(format!(
                "{:?} with ordering memory semantics {:#x} (acquire/release: WGSL's atomics are all relaxed)",
                inst.opcode,
                value.unwrap_or(0)
            )));
        }
    }
    Ok(())
}
