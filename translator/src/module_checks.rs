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
//! components; explicit-LOD samples name their level; types, constants and global variables
//! refer only to ids defined before them (so types form a graph without cycles) and types
//! nest at most [`MAX_TYPE_DEPTH`] deep.

use crate::desc::Stage;
use crate::error::LoadError;
use crate::profile::phase;
use crate::spirv_view::{IdProblem, IdTable, Inst, ModuleView};
use spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{BTreeSet, HashMap};

/// Runs every check on `module`, whose entry point `entry_id` is a `stage` stage.
pub fn check(module: &ModuleView, entry_id: Word, stage: Stage) -> Result<(), LoadError> {
    phase("ids", || check_ids(module))?;
    phase("definition order", || check_global_definition_order(module))?;
    phase("member decorations", || check_member_decorations(module))?;
    phase("fragment-only instructions", || check_fragment_only_instructions(module, entry_id, stage))?;
    phase("branch targets", || check_branch_targets(module))?;
    phase("call pointer arguments", || check_call_pointer_arguments(module))?;
    phase("vector shuffles", || check_vector_shuffles(module))?;
    phase("explicit lod", || check_explicit_lod(module))?;
    phase("types and storage", || {
        check_scalar_widths(module)?;
        check_image_types(module)?;
        check_variable_storage(module)?;
        check_builtin_types(module)
    })
}

/// `OpKill`, `OpTerminateInvocation` and `OpDemoteToHelperInvocation` are for fragment
/// shaders only; in a function another stage's entry point reaches, they are invalid (naga
/// writes them into a vertex or compute function that does not validate). Found by the
/// `spirv_words` fuzzer in a tessellation control stage. Functions the entry point does not
/// call are not looked at: one module may hold a fragment entry point next to this one.
fn check_fragment_only_instructions(module: &ModuleView, entry_id: Word, stage: Stage) -> Result<(), LoadError> {
    if stage == Stage::Fragment || !module.bodies().any(|i| fragment_only(i.opcode)) {
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

/// Branches, merges, switch targets and phi parents name labels. Found by the `spirv_words`
/// fuzzer: `OpBranch` to a composite (an `OpReturnValue` changed into it) left naga a
/// function without its return, which the WGSL writer wrote as a function that does not
/// validate.
fn check_branch_targets(module: &ModuleView) -> Result<(), LoadError> {
    for inst in module.bodies() {
        // The ids that must be labels (the ids of the `OpSwitch` pairs follow the selector and
        // the default; a phi's parents are its odd ids).
        let mut targets: &mut dyn Iterator<Item = &Word> = match (inst.opcode, inst.ids) {
            (Op::Branch | Op::SelectionMerge, [target, ..]) => &mut std::iter::once(target),
            (Op::BranchConditional, [_, labels @ ..]) => &mut labels.iter().take(2),
            (Op::LoopMerge, labels) => &mut labels.iter().take(2),
            (Op::Switch, [_, labels @ ..]) => &mut labels.iter(),
            (Op::Phi, ids) => &mut ids.iter().skip(1).step_by(2),
            _ => continue,
        };
        if let Some(t) = Iterator::find(&mut targets, |t| module.def(**t).is_none_or(|d| d.opcode != Op::Label)) {
            return Err(LoadError::Malformed(format!("{:?} names %{t} as a block, which is not a label", inst.opcode)));
        }
    }
    Ok(())
}

/// Under the logical addressing model without variable pointers, a pointer passed to a
/// function is a memory object declaration (an `OpVariable` or the caller's own
/// `OpFunctionParameter`), or points into `UniformConstant` storage. naga reads an access
/// chain passed to a function as the address of a vector component, which WGSL forbids.
/// Found by the `spirv_words` fuzzer (`OpFunctionCall %tent %70`, `%70` an access chain into
/// a vector) in a tessellation evaluation stage. Modules declaring a variable-pointers
/// capability are not checked (the rule is looser there, and naga refuses them anyway).
fn check_call_pointer_arguments(module: &ModuleView) -> Result<(), LoadError> {
    use spirv::Capability as C;
    let variable_pointers = module
        .capabilities()
        .any(|c| matches!(c.operands.first(), Some(&c) if c == C::VariablePointers as u32 || c == C::VariablePointersStorageBuffer as u32));
    let logical = module.memory_model().is_some_and(|m| m.operands.first() == Some(&(spirv::AddressingModel::Logical as u32)));
    if variable_pointers || !logical {
        return Ok(());
    }
    // The ids passed to functions (few; most modules pass none).
    let mut args: Vec<Word> =
        module.bodies().filter(|i| i.opcode == Op::FunctionCall).flat_map(|c| c.ids.iter().skip(1).copied()).collect();
    if args.is_empty() {
        return Ok(());
    }
    args.sort_unstable();
    let passed = |id: Word| args.binary_search(&id).is_ok();
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

/// An explicit-LOD sample names its level: `Lod` or `Grad` among its image operands. Found by
/// the `spirv_words` fuzzer: `OpImageSampleExplicitLod` with `MakeTexelVisible` instead of
/// `Lod` became WGSL `textureSample` (implicit level) in a vertex stage.
fn check_explicit_lod(module: &ModuleView) -> Result<(), LoadError> {
    use spirv::ImageOperands as Io;
    // Where the image operands mask is: after the sampled image and coordinate, and the
    // depth reference of the `Dref` forms.
    let mask_at = |op: Op| match op {
        Op::ImageSampleExplicitLod | Op::ImageSampleProjExplicitLod | Op::ImageSparseSampleExplicitLod => Some(2),
        Op::ImageSampleDrefExplicitLod | Op::ImageSampleProjDrefExplicitLod | Op::ImageSparseSampleDrefExplicitLod => Some(3),
        _ => None,
    };
    for inst in module.bodies() {
        let Some(at) = mask_at(inst.opcode) else { continue };
        let names_level = inst.operands.get(at).is_some_and(|m| m & (Io::LOD | Io::GRAD).bits() != 0);
        if !names_level {
            return Err(LoadError::Malformed(format!("{:?} %{} has neither Lod nor Grad", inst.opcode, inst.result_id.unwrap_or(0))));
        }
    }
    Ok(())
}

/// `OpVectorShuffle` components select from the two vectors (or are `0xFFFFFFFF`, undefined).
/// Found by the `spirv_words` fuzzer: component 24577 made naga drop the vertex stage's clip
/// distance writes, so the plan promised a clip distance the WGSL does not write.
fn check_vector_shuffles(module: &ModuleView) -> Result<(), LoadError> {
    let vector_size = |id: Word| {
        let ty = module.def(id)?.result_type?;
        match module.def(ty).map(|t| (t.opcode, t.operands)) {
            Some((Op::TypeVector, [_, n])) => Some(*n),
            _ => None,
        }
    };
    for shuffle in module.bodies().filter(|i| i.opcode == Op::VectorShuffle) {
        let [a, b, components @ ..] = shuffle.operands else {
            return Err(LoadError::Malformed("OpVectorShuffle without its two vectors".into()));
        };
        let (Some(n), Some(m)) = (vector_size(*a), vector_size(*b)) else {
            return Err(LoadError::Malformed(format!(
                "OpVectorShuffle %{} of operands that are not vectors",
                shuffle.result_id.unwrap_or(0)
            )));
        };
        // (Vector sizes come from the module: a malformed one may be near u32::MAX.)
        let total = n.saturating_add(m);
        if let Some(c) = components.iter().find(|c| **c != u32::MAX && **c >= total) {
            return Err(LoadError::Malformed(format!(
                "OpVectorShuffle %{} selects component {c} of {total}",
                shuffle.result_id.unwrap_or(0)
            )));
        }
    }
    Ok(())
}

/// Every result id is defined once (the lowering passes find a definition by its id; with two,
/// they would rewrite one and read the other), below the header's bound (which the lowering
/// passes allocate fresh ids from), and every id an instruction refers to is defined. Found by
/// the `spirv_words` fuzzer: a struct id defined twice sent the std140 lowering past the end of
/// the other definition's members; decorations of undefined ids left a tessellation
/// evaluation stage's built-in block half decorated.
fn check_ids(module: &ModuleView) -> Result<(), LoadError> {
    match module.id_problem() {
        Some(IdProblem::AboveBound(id)) => {
            return Err(LoadError::Malformed(format!("id %{id} is not below the header's bound {}", module.bound())))
        }
        Some(IdProblem::Redefined(id)) => return Err(LoadError::Malformed(format!("id %{id} is defined more than once"))),
        None => {}
    }
    match module.undefined_reference() {
        Some((opcode, id)) => Err(LoadError::Malformed(format!("{opcode:?} refers to %{id}, which is not defined"))),
        None => Ok(()),
    }
}

/// Struct decorations name members the struct has, and a struct with a built-in member has
/// only built-in members (Vulkan forbids mixing them; the per-vertex block lowering relies
/// on it). Found by the `spirv_words` fuzzer: `OpMemberDecorate %gl_PerVertex 768`, and a
/// `gl_PerVertex` whose `PointSize` member lost its decoration.
fn check_member_decorations(module: &ModuleView) -> Result<(), LoadError> {
    let mut builtin_members: HashMap<Word, BTreeSet<u32>> = HashMap::new();
    let members = |s: Word| module.def(s).filter(|i| i.opcode == Op::TypeStruct).map(|i| i.operands.len());
    for a in module.annotations().filter(|a| a.opcode == Op::MemberDecorate) {
        let [s, m, d, ..] = *a.operands else { continue };
        let Some(count) = members(s) else {
            return Err(LoadError::Malformed(format!("OpMemberDecorate names %{s}, which is not a struct")));
        };
        if m as usize >= count {
            return Err(LoadError::Malformed(format!("OpMemberDecorate names member {m} of %{s}, which has {count} members")));
        }
        if d == Decoration::BuiltIn as u32 {
            builtin_members.entry(s).or_default().insert(m);
        }
    }
    for (s, decorated) in &builtin_members {
        if Some(decorated.len()) != members(*s) {
            return Err(LoadError::Malformed(format!("struct %{s} mixes built-in members with members that are not built-ins")));
        }
    }
    Ok(())
}

/// Types, constants and global variables refer only to ids defined before them in their
/// section (SPIR-V's logical layout allows no other forward reference there, bar pointers
/// declared by `OpTypeForwardPointer`), so the types form a graph without cycles, which the
/// passes that walk a type's members recursively rely on; and types nest at most
/// [`MAX_TYPE_DEPTH`] deep (valid beyond, but refused as unsupported: those walks recurse
/// once per level). Found by the `spirv_words` fuzzer: `%v = OpTypeVector %v 4` sent the
/// push-constant block's size computation into unbounded recursion (a stack overflow).
fn check_global_definition_order(module: &ModuleView) -> Result<(), LoadError> {
    // Depth of each type defined so far (constants and variables count as 0).
    let globals = module.types_global_values();
    let mut depth = IdTable::new(module.bound());
    let mut forward_pointers: Vec<Word> = Vec::new();
    for inst in globals {
        match inst.opcode {
            // Non-semantic and debug instructions may refer ahead; they declare no type.
            Op::ExtInst | Op::Line | Op::NoLine => continue,
            Op::TypeForwardPointer => {
                forward_pointers.extend(inst.ids.first());
                continue;
            }
            _ => {}
        }
        let mut deepest = 0;
        for id in inst.result_type.into_iter().chain(inst.ids.iter().copied()) {
            match depth.get(id) {
                Some(d) => deepest = deepest.max(d),
                None if forward_pointers.contains(&id) => {}
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
            depth.set(id, own);
        }
    }
    Ok(())
}

/// How deep types may nest (an array of structs of arrays...: 4 levels).
pub const MAX_TYPE_DEPTH: u32 = 64;

/// Integer and float types must be 8, 16, 32 or 64 bits wide (naga panics on other widths).
fn check_scalar_widths(module: &ModuleView) -> Result<(), LoadError> {
    for inst in module.types_global_values() {
        if let (Op::TypeInt | Op::TypeFloat, Some(w)) = (inst.opcode, inst.operands.first()) {
            if ![8, 16, 32, 64].contains(w) {
                return Err(LoadError::Malformed(format!("{:?} of width {w}", inst.opcode)));
            }
        }
    }
    Ok(())
}

/// `OpTypeImage` operands within their ranges (depth 0-2, arrayed and multisampled 0-1,
/// sampled 0-2), else the module is malformed; and no image WGSL cannot declare (1D arrays,
/// multisampled arrays), which is valid SPIR-V refused as unsupported. Found by the
/// `spirv_words` fuzzer: an image with `Arrayed` 16777216 came out as `texture_1d_array`, and
/// a 1D depth image as `texture_depth_1d`.
fn check_image_types(module: &ModuleView) -> Result<(), LoadError> {
    for inst in module.types_global_values().filter(|i| i.opcode == Op::TypeImage) {
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
fn check_variable_storage(module: &ModuleView) -> Result<(), LoadError> {
    let pointer_class = |ty: Word| module.def(ty).filter(|i| i.opcode == Op::TypePointer).and_then(|i| i.operands.first().copied());
    for v in module.types_global_values().filter(|i| i.opcode == Op::Variable) {
        let declared = v.operands.first().copied();
        if v.result_type.and_then(pointer_class) != declared {
            return Err(LoadError::Malformed(format!(
                "variable %{} is declared {:?} but its pointer type says otherwise",
                v.result_id.unwrap_or(0),
                declared.and_then(StorageClass::from_u32)
            )));
        }
    }
    Ok(())
}

/// The built-ins whose values the translator moves itself must have the types Vulkan requires
/// (`Position` a `vec4` of 32-bit floats, and so on; per-vertex arrays of them allowed): a
/// module declaring another type is malformed, and would otherwise come out as WGSL that does
/// not validate. Found by the `spirv_words` fuzzer (a `float` Position in `gl_PerVertex`).
fn check_builtin_types(module: &ModuleView) -> Result<(), LoadError> {
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
        // Patch built-ins: one array of floats, never arrayed per vertex (found by
        // `spirv_words`: an `array<array<f32, 4>, 2>` inner level became WGSL storing a
        // float into an array).
        B::TessLevelOuter | B::TessLevelInner => matches!(strip(ty, 2), (elem, 1) if is_f32(elem)),
        B::VertexIndex | B::InstanceIndex | B::PrimitiveId | B::InvocationId | B::PatchVertices => is_i32(ty),
        _ => true,
    };
    let pointee = |ptr: Word| match shape(ptr) {
        Some((Op::TypePointer, [_, t])) => Some(*t),
        _ => None,
    };
    const BUILT_IN: u32 = Decoration::BuiltIn as u32;
    for a in module.annotations() {
        let (b, ty) = match (a.opcode, a.operands) {
            (Op::Decorate, [v, BUILT_IN, b]) => {
                let Some(var) = module.def(*v).filter(|i| i.opcode == Op::Variable) else { continue };
                let Some(ty) = var.result_type.and_then(pointee) else { continue };
                (*b, ty)
            }
            (Op::MemberDecorate, [s, m, BUILT_IN, b]) => {
                let Some((Op::TypeStruct, members)) = shape(*s) else { continue };
                let Some(ty) = members.get(*m as usize) else { continue };
                (*b, *ty)
            }
            _ => continue,
        };
        let Some(b) = B::from_u32(b) else { continue };
        if !ok(b, ty) {
            return Err(LoadError::Malformed(format!("built-in {b:?} declared with type %{ty}, not the type Vulkan requires")));
        }
    }
    Ok(())
}
