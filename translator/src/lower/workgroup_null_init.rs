//! A `Workgroup` variable initialized with `OpConstantNull` (GLSL's `shared uint x = {};`,
//! GL_EXT_null_initializer, under VK_KHR_zero_initialize_workgroup_memory) → the variable
//! without its initializer.
//!
//! naga's validator takes no initializer on a workgroup variable ("Global variable 'wg_mem' is
//! invalid": WGSL has no syntax for one), and WGSL needs none: every variable in the workgroup
//! address space starts as the zero value of its type (WGSL's memory model; wgpu writes the
//! zeroing in unless a module is created with unchecked runtime checks, which the runtime does
//! not ask for). An initializer other than `OpConstantNull` is not valid SPIR-V for Vulkan
//! (Workgroup variables may only be null-initialized) and is left for naga to refuse.

use rspirv::dr::{self, Operand};
use spirv::{Op, StorageClass, Word};

/// Whether [`lower`] may change the module: a workgroup variable has an initializer.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module
        .types_global_values()
        .any(|i| i.opcode == Op::Variable && i.operands.len() == 2 && i.operands[0] == StorageClass::Workgroup as u32)
}

pub fn lower(module: &mut dr::Module) -> bool {
    let nulls: Vec<Word> =
        module.types_global_values.iter().filter(|i| i.class.opcode == Op::ConstantNull).filter_map(|i| i.result_id).collect();
    let mut changed = false;
    for i in module.types_global_values.iter_mut().filter(|i| i.class.opcode == Op::Variable) {
        if let [Operand::StorageClass(StorageClass::Workgroup), Operand::IdRef(init)] = i.operands[..] {
            if nulls.contains(&init) {
                i.operands.truncate(1);
                changed = true;
            }
        }
    }
    changed
}
