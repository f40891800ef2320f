//! Memory-access operands with parameters on `OpLoad`, `OpStore` and `OpCopyMemory` → none.
//!
//! A load, store or copy may say how it accesses memory: a mask (`Volatile`, `Aligned`,
//! `Nontemporal`, the Vulkan memory model's `MakePointerAvailable`, `MakePointerVisible`,
//! `NonPrivatePointer`) followed by the literals and ids its bits take (`Aligned 16`,
//! `MakePointerVisible %scope`), and from SPIR-V 1.4 a copy may carry one such operand for its
//! target and another for its source (`Aligned 16 Aligned 4`). naga's reader takes one mask
//! word and nothing after it ("invalid operand count 6 for CopyMemory"), and reads nothing from
//! that mask. So the operands go wherever they take more than that mask word: what is loaded,
//! stored or copied is the same (`Aligned` and `Nontemporal` are hints; WGSL has no volatile
//! access, and the `Volatile` decoration is dropped the same way, lower/memory_qualifiers.rs;
//! availability and visibility come from WGSL's barriers, as for the accesses naga reads with
//! their one mask word ignored).

use rspirv::dr::{self, Operand};
use spirv::Op;

/// The operands an access keeps: its pointers and value.
fn kept(op: Op) -> Option<usize> {
    match op {
        Op::Load => Some(1),
        Op::Store | Op::CopyMemory => Some(2),
        _ => None,
    }
}

/// Whether [`lower`] may change the module: an access has more than one word of memory
/// operands.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.bodies().any(|i| kept(i.opcode).is_some_and(|n| i.operands.len() > n + 1))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let mut changed = false;
    let accesses = module.functions.iter_mut().flat_map(|f| &mut f.blocks).flat_map(|b| &mut b.instructions);
    for i in accesses {
        let Some(n) = kept(i.class.opcode) else { continue };
        if i.operands.len() > n + 1 && matches!(i.operands.get(n), Some(Operand::MemoryAccess(_))) {
            i.operands.truncate(n);
            changed = true;
        }
    }
    changed
}
