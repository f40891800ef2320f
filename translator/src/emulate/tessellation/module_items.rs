//! Lookups of the items the tessellation lowering leaves in a stage's naga module: its
//! interface globals by name, and the shapes of their types.

use naga::{Handle, Type, TypeInner};

/// The type of the global named `name` in `module`.
pub(crate) fn global(module: &naga::Module, name: &str) -> Option<Handle<Type>> {
    global_item(module, name).map(|(_, ty)| ty)
}

/// The global named `name` in `module` (the first by that name, as the lowering names it) and
/// its type.
pub(crate) fn global_item(module: &naga::Module, name: &str) -> Option<(Handle<naga::GlobalVariable>, Handle<Type>)> {
    module.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some(name)).map(|(h, g)| (h, g.ty))
}

/// Element type and length of an array type.
pub(crate) fn array_of(module: &naga::Module, ty: Handle<Type>) -> Option<(Handle<Type>, u32)> {
    match &module.types[ty].inner {
        TypeInner::Array { base, size: naga::ArraySize::Constant(n), .. } => Some((*base, n.get())),
        _ => None,
    }
}
