//! A geometry stage's `OpEmitVertex` / `OpEndPrimitive` → calls of two new functions.
//!
//! The geometry stage runs as compute ([`crate::geometry`]); emitting a vertex is storing the
//! outputs' current values into a record, which the geometry pass does. The stage gets two
//! functions of no parameters and an empty body, named [`EMIT_FUNCTION`] and [`END_FUNCTION`];
//! every `OpEmitVertex` (and `OpEmitStreamVertex` of stream 0) becomes a call of the first,
//! every `OpEndPrimitive` (and `OpEndStreamPrimitive` of stream 0) of the second. The geometry
//! pass builds their bodies in naga IR. Another stream is `Err` naming it (rasterization reads
//! only stream 0, and nothing captures the others yet).

use super::{constant_value, fresh_id, global_defs};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Capability, Op, Word};

/// The function `OpEmitVertex` becomes a call of.
pub const EMIT_FUNCTION: &str = "tesserae_emit_vertex";
/// The function `OpEndPrimitive` becomes a call of.
pub const END_FUNCTION: &str = "tesserae_end_primitive";

/// Rewrites the emission instructions of every function; `Err` names what is not taken.
pub fn lower(module: &mut dr::Module) -> Result<(), String> {
    let defs = global_defs(module);
    let stream_zero = |inst: &Instruction| match inst.operands.first() {
        Some(Operand::IdRef(id)) => constant_value(defs.get(id)) == Some(0),
        _ => false,
    };
    for f in &module.functions {
        for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
            if matches!(inst.class.opcode, Op::EmitStreamVertex | Op::EndStreamPrimitive) && !stream_zero(inst) {
                return Err("geometry output streams other than stream 0".into());
            }
        }
    }
    let void = void_type(module);
    let emit = super::add_void_function(module, EMIT_FUNCTION, Vec::new());
    let end = super::add_void_function(module, END_FUNCTION, Vec::new());
    let mut next = Vec::new();
    for f in &module.functions {
        let count = f.blocks.iter().flat_map(|b| &b.instructions).filter(|i| emission(i.class.opcode).is_some()).count();
        next.push(count);
    }
    let mut ids: Vec<Word> = Vec::new();
    for _ in 0..next.iter().sum::<usize>() {
        ids.push(fresh_id(module));
    }
    let mut ids = ids.into_iter();
    for f in &mut module.functions {
        for inst in f.blocks.iter_mut().flat_map(|b| &mut b.instructions) {
            let Some(is_emit) = emission(inst.class.opcode) else { continue };
            let Some(id) = ids.next() else { return Err("ran out of ids".into()) };
            let callee = if is_emit { emit } else { end };
            *inst = Instruction::new(Op::FunctionCall, Some(void), Some(id), vec![Operand::IdRef(callee)]);
        }
    }
    module.capabilities.retain(|c| {
        !matches!(
            c.operands.first(),
            Some(Operand::Capability(Capability::Geometry | Capability::GeometryPointSize | Capability::GeometryStreams))
        )
    });
    if !module.capabilities.iter().any(|c| c.operands.first() == Some(&Operand::Capability(Capability::Shader))) {
        module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(Capability::Shader)]));
    }
    Ok(())
}

/// `Some(true)` for an emission of a vertex, `Some(false)` for the end of a primitive.
fn emission(op: Op) -> Option<bool> {
    match op {
        Op::EmitVertex | Op::EmitStreamVertex => Some(true),
        Op::EndPrimitive | Op::EndStreamPrimitive => Some(false),
        _ => None,
    }
}

fn void_type(module: &mut dr::Module) -> Word {
    super::type_id(module, Op::TypeVoid, Vec::new())
}
