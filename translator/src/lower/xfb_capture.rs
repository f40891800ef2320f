//! Transform feedback: the values a stage captures, gathered into one private array each time
//! it completes a vertex.
//!
//! A vertex, evaluation or geometry stage with the `Xfb` execution mode captures every output
//! variable that has `XfbBuffer` and `Offset`, and every output block member that has `Offset`
//! (its buffer and stride on the member or on the block's variable): each 32-bit component of
//! the value at `Offset + 4k` of its buffer's `XfbStride`-byte vertex (arrays, struct members
//! and matrix columns tightly packed in order). This pass, run at load before `drop_xfb` drops
//! those decorations and `flatten_io` splits the blocks, adds:
//! - [`CAPTURE_GLOBAL`], a private `uint[W]`: one word per captured component;
//! - [`CAPTURE_FUNCTION`], which stores the bits of every captured component into its word
//!   (reading the outputs as the stage left them: a load of an output variable, or a chain into
//!   its block);
//! - a call of it wherever a vertex is complete: before every `OpReturn` of the entry point
//!   (vertex, evaluation), before every `OpEmitVertex` / `OpEmitStreamVertex` (geometry).
//!
//! The stage's code is otherwise unchanged, so the render pass draws as before; the emulation's
//! kernels that run the stage as compute store the array with each vertex's record, and the
//! capture pass writes the words where the returned [`CaptureLayout`] says
//! ([`crate::capture`]). Components that are not 32 bits wide are refused by name.

use super::{fresh_id, global_defs, pointer_type, type_id, uint_constant, uint_type};
use crate::desc::Stage;
use crate::reflect::{CaptureLayout, CaptureWord};
use crate::spirv_view::ModuleView;
use rspirv::dr::{self, Function, Instruction, Operand};
use spirv::{Decoration, ExecutionMode, Op, StorageClass, Word};
use std::collections::HashMap;

/// The private array of captured words.
pub const CAPTURE_GLOBAL: &str = "tesserae_xfb_values";
/// The function filling it.
pub const CAPTURE_FUNCTION: &str = "tesserae_xfb_capture";

/// Whether the entry point `entry_id` of a stage that may capture declares `Xfb`.
pub fn applies(view: &ModuleView, entry_id: Word, stage: Stage) -> bool {
    matches!(stage, Stage::Vertex | Stage::TessEval | Stage::Geometry)
        && view.execution_modes().any(|m| m.operands.first() == Some(&entry_id) && m.operands.get(1) == Some(&(ExecutionMode::Xfb as u32)))
}

/// A value the capture function loads: an output variable, or a chain into it, of a scalar or
/// vector type whose components are captured from `offset` on.
struct Unit {
    var: Word,
    path: Vec<u32>,
    ty: Word,
    components: Vec<Component>,
    buffer: u32,
    offset: u32,
}

#[derive(Clone, Copy, PartialEq)]
enum Component {
    Float,
    Int,
    Uint,
}

/// Decorations of ids and of struct members, as literal operands.
struct Decorations {
    of: HashMap<(Word, Decoration), u32>,
    member: HashMap<(Word, u32, Decoration), u32>,
}

impl Decorations {
    fn read(module: &dr::Module) -> Self {
        let mut of = HashMap::new();
        let mut member = HashMap::new();
        for a in &module.annotations {
            match (a.class.opcode, a.operands.as_slice()) {
                (Op::Decorate, [Operand::IdRef(id), Operand::Decoration(d), Operand::LiteralBit32(v), ..]) => {
                    of.insert((*id, *d), *v);
                }
                (Op::Decorate, [Operand::IdRef(id), Operand::Decoration(d)]) => {
                    of.insert((*id, *d), 0);
                }
                (
                    Op::MemberDecorate,
                    [Operand::IdRef(id), Operand::LiteralBit32(m), Operand::Decoration(d), Operand::LiteralBit32(v), ..],
                ) => {
                    member.insert((*id, *m, *d), *v);
                }
                _ => {}
            }
        }
        Decorations { of, member }
    }
    fn get(&self, id: Word, d: Decoration) -> Option<u32> {
        self.of.get(&(id, d)).copied()
    }
    fn member(&self, id: Word, m: u32, d: Decoration) -> Option<u32> {
        self.member.get(&(id, m, d)).copied()
    }
}

/// Adds the capture to the stage whose entry point is `entry_id`. `Ok(None)`: it captures
/// nothing; `Err` names what it captures that Tesserae does not take.
pub fn lower(module: &mut dr::Module, entry_id: Word, stage: Stage) -> Result<Option<CaptureLayout>, String> {
    let defs = global_defs(module);
    let dec = Decorations::read(module);
    let mut units = Vec::new();
    let mut strides: Vec<(u32, u32)> = Vec::new();
    let mut stride_of = |buffer: u32, stride: Option<u32>| -> Result<(), String> {
        let Some(stride) = stride else { return Err(format!("a captured output of transform feedback buffer {buffer} without XfbStride")) };
        if stride > MAX_STRIDE {
            return Err(format!("transform feedback buffer {buffer}'s XfbStride {stride}, past the {MAX_STRIDE} bytes Tesserae takes"));
        }
        match strides.iter().find(|(b, _)| *b == buffer) {
            Some((_, s)) if *s != stride => Err(format!("transform feedback buffer {buffer} with two strides ({s} and {stride})")),
            Some(_) => Ok(()),
            None => {
                strides.push((buffer, stride));
                Ok(())
            }
        }
    };
    let vars: Vec<(Word, Word)> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Variable && i.operands.first() == Some(&Operand::StorageClass(StorageClass::Output)))
        .filter_map(|i| {
            let ptr = defs.get(&i.result_type?)?;
            match ptr.operands.as_slice() {
                [Operand::StorageClass(_), Operand::IdRef(t)] => Some((i.result_id?, *t)),
                _ => None,
            }
        })
        .collect();
    for (var, ty) in vars {
        let buffer = dec.get(var, Decoration::XfbBuffer);
        let stride = dec.get(var, Decoration::XfbStride);
        if dec.get(var, Decoration::Stream).is_some_and(|s| s != 0) {
            continue;
        }
        if let (Some(b), Some(offset)) = (buffer, dec.get(var, Decoration::Offset)) {
            stride_of(b, stride)?;
            leaves(&defs, ty, var, Vec::new(), b, offset, &mut units)?;
            continue;
        }
        let Some(Op::TypeStruct) = defs.get(&ty).map(|d| d.class.opcode) else { continue };
        let members = defs[&ty].operands.len() as u32;
        for m in 0..members {
            let Some(offset) = dec.member(ty, m, Decoration::Offset) else { continue };
            if dec.member(ty, m, Decoration::Stream).is_some_and(|s| s != 0) {
                continue;
            }
            let Some(b) = dec.member(ty, m, Decoration::XfbBuffer).or(buffer) else { continue };
            stride_of(b, dec.member(ty, m, Decoration::XfbStride).or(stride))?;
            let Some(Operand::IdRef(member_ty)) = defs[&ty].operands.get(m as usize) else { continue };
            leaves(&defs, *member_ty, var, vec![m], b, offset, &mut units)?;
        }
    }
    if units.is_empty() {
        return Ok(None);
    }
    let mut words = Vec::new();
    for u in &units {
        for k in 0..u.components.len() as u32 {
            words.push(CaptureWord { buffer: u.buffer, offset: u.offset + 4 * k });
        }
    }
    for w in &words {
        let stride = strides.iter().find(|(b, _)| *b == w.buffer).map_or(0, |(_, s)| *s);
        if w.offset + 4 > stride {
            return Err(format!(
                "a captured component at offset {} past transform feedback buffer {}'s stride {stride}",
                w.offset, w.buffer
            ));
        }
    }
    strides.sort();
    let capture = add_capture_function(module, &units, words.len() as u32);
    insert_calls(module, entry_id, stage, capture);
    Ok(Some(CaptureLayout { words, buffers: strides }))
}

/// Most captured 32-bit components a stage may have: four buffers of [`MAX_STRIDE`] bytes.
pub const MAX_WORDS: usize = 2048;

/// The largest `XfbStride` and captured `Offset` taken, in bytes: four times lavapipe's
/// `maxTransformFeedbackBufferDataStride` (512 bytes on Mesa 22.3.6, `vulkaninfo`), so no
/// stride a device takes is refused here; it bounds the kernels' arithmetic on strides and
/// offsets, which an untrusted module could otherwise overflow.
pub const MAX_STRIDE: u32 = 2048;

/// The loadable units (scalars and vectors) of a value of type `ty` at `path` in `var`,
/// captured from `offset` on, tightly packed.
fn leaves(
    defs: &HashMap<Word, Instruction>,
    ty: Word,
    var: Word,
    path: Vec<u32>,
    buffer: u32,
    offset: u32,
    out: &mut Vec<Unit>,
) -> Result<u32, String> {
    // (Every offset is checked before it grows: no arithmetic below overflows, and an array
    // of billions of elements stops at the first element past the stride.)
    if offset >= MAX_STRIDE {
        return Err(format!("a captured output at offset {offset}, past the {MAX_STRIDE}-byte XfbStride Tesserae takes"));
    }
    let Some(def) = defs.get(&ty) else { return Err(format!("a captured output of unknown type %{ty}")) };
    // Interface types nest a few levels; a deeper path is a type that holds itself.
    if path.len() > 8 {
        return Err("a captured output nested more than 8 levels deep".into());
    }
    if out.iter().map(|u| u.components.len()).sum::<usize>() > MAX_WORDS {
        return Err(format!("more than {MAX_WORDS} captured components"));
    }
    let scalar = |t: Word| -> Result<Component, String> {
        match defs.get(&t).map(|d| (d.class.opcode, d.operands.as_slice())) {
            Some((Op::TypeFloat, [Operand::LiteralBit32(32), ..])) => Ok(Component::Float),
            Some((Op::TypeInt, [Operand::LiteralBit32(32), Operand::LiteralBit32(s)])) => {
                Ok(if *s == 0 { Component::Uint } else { Component::Int })
            }
            Some((Op::TypeFloat | Op::TypeInt, [Operand::LiteralBit32(w), ..])) => Err(format!("captured {w}-bit outputs")),
            _ => Err("a captured output of a type transform feedback does not write".into()),
        }
    };
    let unit = |components: Vec<Component>, out: &mut Vec<Unit>| {
        let n = components.len() as u32;
        out.push(Unit { var, path: path.clone(), ty, components, buffer, offset });
        4 * n
    };
    match (def.class.opcode, def.operands.as_slice()) {
        (Op::TypeFloat | Op::TypeInt, _) => Ok(unit(vec![scalar(ty)?], out)),
        (Op::TypeVector, [Operand::IdRef(c), Operand::LiteralBit32(n)]) => Ok(unit(vec![scalar(*c)?; *n as usize], out)),
        (Op::TypeMatrix, [Operand::IdRef(col), Operand::LiteralBit32(n)]) => {
            let mut size = 0;
            for i in 0..*n {
                size += leaves(defs, *col, var, extend(&path, i), buffer, offset + size, out)?;
            }
            Ok(size)
        }
        (Op::TypeArray, [Operand::IdRef(e), Operand::IdRef(len)]) => {
            let n = super::constant_value(defs.get(len)).ok_or("a captured array whose length is not a constant")?;
            let mut size = 0;
            for i in 0..n {
                size += leaves(defs, *e, var, extend(&path, i), buffer, offset + size, out)?;
            }
            Ok(size)
        }
        (Op::TypeStruct, members) => {
            let mut size = 0;
            for (i, m) in members.iter().enumerate() {
                let Operand::IdRef(m) = m else { continue };
                size += leaves(defs, *m, var, extend(&path, i as u32), buffer, offset + size, out)?;
            }
            Ok(size)
        }
        _ => Err("a captured output of a type transform feedback does not write".into()),
    }
}

fn extend(path: &[u32], i: u32) -> Vec<u32> {
    let mut p = path.to_vec();
    p.push(i);
    p
}

/// Adds [`CAPTURE_GLOBAL`] and [`CAPTURE_FUNCTION`] (placed first; naga orders functions by
/// their calls) and returns the function's id.
fn add_capture_function(module: &mut dr::Module, units: &[Unit], words: u32) -> Word {
    let uint = uint_type(module, None);
    let len = uint_constant(module, None, words);
    let array = type_id(module, Op::TypeArray, vec![Operand::IdRef(uint), Operand::IdRef(len)]);
    let init = super::null_constant(module, array);
    let values = super::private_variable(module, array, init);
    super::builtin_output::name_variable(module, values, CAPTURE_GLOBAL);
    let private_uint = pointer_type(module, StorageClass::Private, uint);
    let mut body = Vec::new();
    let mut word = 0u32;
    for u in units {
        let ptr = if u.path.is_empty() {
            u.var
        } else {
            let ptr_ty = pointer_type(module, StorageClass::Output, u.ty);
            let mut operands = vec![Operand::IdRef(u.var)];
            for &i in &u.path {
                operands.push(Operand::IdRef(uint_constant(module, None, i)));
            }
            let id = fresh_id(module);
            body.push(Instruction::new(Op::AccessChain, Some(ptr_ty), Some(id), operands));
            id
        };
        let value = fresh_id(module);
        body.push(Instruction::new(Op::Load, Some(u.ty), Some(value), vec![Operand::IdRef(ptr)]));
        let component_ty = match module.types_global_values.iter().find(|i| i.result_id == Some(u.ty)) {
            Some(i) if i.class.opcode == Op::TypeVector => match i.operands.first() {
                Some(Operand::IdRef(c)) => Some(*c),
                _ => None,
            },
            _ => None,
        };
        for (k, c) in u.components.iter().enumerate() {
            let scalar = match component_ty {
                Some(cty) => {
                    let id = fresh_id(module);
                    body.push(Instruction::new(
                        Op::CompositeExtract,
                        Some(cty),
                        Some(id),
                        vec![Operand::IdRef(value), Operand::LiteralBit32(k as u32)],
                    ));
                    id
                }
                None => value,
            };
            let bits = if *c == Component::Uint {
                scalar
            } else {
                let id = fresh_id(module);
                body.push(Instruction::new(Op::Bitcast, Some(uint), Some(id), vec![Operand::IdRef(scalar)]));
                id
            };
            let index = uint_constant(module, None, word);
            let slot = fresh_id(module);
            body.push(Instruction::new(
                Op::AccessChain,
                Some(private_uint),
                Some(slot),
                vec![Operand::IdRef(values), Operand::IdRef(index)],
            ));
            body.push(Instruction::new(Op::Store, None, None, vec![Operand::IdRef(slot), Operand::IdRef(bits)]));
            word += 1;
        }
    }
    super::add_void_function(module, CAPTURE_FUNCTION, body)
}

/// A call of `capture` where each vertex is complete.
fn insert_calls(module: &mut dr::Module, entry_id: Word, stage: Stage, capture: Word) {
    let void = type_id(module, Op::TypeVoid, Vec::new());
    let geometry = stage == Stage::Geometry;
    let at = |is_entry: bool, i: &Instruction| {
        if geometry {
            matches!(i.class.opcode, Op::EmitVertex | Op::EmitStreamVertex)
        } else {
            is_entry && i.class.opcode == Op::Return
        }
    };
    let is_entry = |f: &Function| f.def.as_ref().and_then(|d| d.result_id) == Some(entry_id);
    let count: usize =
        module.functions.iter().map(|f| f.blocks.iter().flat_map(|b| &b.instructions).filter(|i| at(is_entry(f), i)).count()).sum();
    let ids: Vec<Word> = (0..count).map(|_| fresh_id(module)).collect();
    let mut ids = ids.into_iter();
    for f in &mut module.functions {
        let entry = is_entry(f);
        let mut targets = Vec::new();
        for (b, block) in f.blocks.iter().enumerate() {
            for (k, i) in block.instructions.iter().enumerate() {
                if at(entry, i) {
                    targets.push((b, k));
                }
            }
        }
        for (b, k) in targets.into_iter().rev() {
            let Some(id) = ids.next() else { return };
            f.blocks[b].instructions.insert(k, Instruction::new(Op::FunctionCall, Some(void), Some(id), vec![Operand::IdRef(capture)]));
        }
    }
}
