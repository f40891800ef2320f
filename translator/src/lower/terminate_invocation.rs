//! `OpTerminateInvocation` (SPV_KHR_terminate_invocation, core in SPIR-V 1.6) → `OpKill`, which
//! naga writes as WGSL's `discard`.
//!
//! The extension gave GLSL's `discard` of SPIR-V 1.0–1.5 (`OpKill`) a name that says what it
//! does: the invocation stops and its fragment is thrown away. The two instructions are the
//! same block terminator with the same meaning, so the instruction is swapped in place and the
//! extension goes; naga's reader does not take the extension.
//!
//! WGSL's `discard` is specified as a demote: the invocation goes on as a helper, whose writes
//! to storage buffers and textures have no effect and whose outputs are thrown away. So the
//! fragment's colour, depth and memory writes are those of the terminated invocation; a helper
//! running on can differ only in what it lends its neighbours' derivatives, and, if it never
//! leaves a loop the terminated invocation left, in not finishing. naga writes every `OpKill`
//! (GLSL's `discard` before SPIR-V 1.6) this way, and WebGPU's back ends end the invocation.

use rspirv::dr::{self, Instruction, Operand};
use spirv::Op;

const EXTENSION: &str = "SPV_KHR_terminate_invocation";

/// Whether [`lower`] may change the module: a function terminates an invocation, or the module
/// declares the extension.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.has_opcode(Op::TerminateInvocation)
        || module.extensions().any(|i| i.opcode == Op::Extension && i.string_at(0).is_some_and(|(name, _)| name == EXTENSION))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let mut changed = false;
    for f in &mut module.functions {
        for b in &mut f.blocks {
            for i in &mut b.instructions {
                if i.class.opcode == Op::TerminateInvocation {
                    *i = Instruction::new(Op::Kill, None, None, vec![]);
                    changed = true;
                }
            }
        }
    }
    let extensions = module.extensions.len();
    module.extensions.retain(|e| !matches!(e.operands.first(), Some(Operand::LiteralString(s)) if s == EXTENSION));
    changed || module.extensions.len() != extensions
}
