//! A user's debug name in the translator's namespace (`tesserae_…`) gets `user_` in front.
//!
//! The translator names its own items in a stage's module `tesserae_…` (the outputs it demotes,
//! the interface globals of the tessellation and geometry stages, the functions emission
//! becomes, transform feedback's captured words) and finds them again by name in naga's module,
//! whose reader keeps `OpName`s. A user item of such a name (valid SPIR-V: any string names
//! anything) would be taken for the translator's, or make the lookup refuse the stage. Runs
//! first when a module is loaded, before any pass adds a name of its own.

use rspirv::dr::{self, Operand};
use spirv::Op;

/// The namespace of the translator's own names.
pub const PREFIX: &str = "tesserae_";
/// What a user's name in that namespace gets in front.
pub const RENAMED: &str = "user_";

/// Whether [`lower`] may change the module: an `OpName` starts with [`PREFIX`] (read off the
/// string's words, without decoding it).
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    let word = |s: &[u8]| u32::from_le_bytes([s[0], s[1], s[2], s[3]]);
    let (tess, erae) = (word(b"tess"), word(b"erae"));
    module
        .debug_names()
        .any(|n| n.opcode == Op::Name && matches!(n.operands, [_, a, b, c, ..] if *a == tess && *b == erae && c.to_le_bytes()[0] == b'_'))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let mut changed = false;
    for n in module.debug_names.iter_mut().filter(|n| n.class.opcode == Op::Name) {
        if let Some(Operand::LiteralString(name)) = n.operands.get_mut(1) {
            if name.starts_with(PREFIX) {
                name.insert_str(0, RENAMED);
                changed = true;
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::{applies, lower};
    use rspirv::binary::Assemble;

    fn named(names: &[&str]) -> rspirv::dr::Module {
        let mut b = rspirv::dr::Builder::new();
        b.set_version(1, 0);
        b.capability(spirv::Capability::Shader);
        b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
        let float = b.type_float(32, None);
        let ptr = b.type_pointer(None, spirv::StorageClass::Private, float);
        for name in names {
            let v = b.variable(ptr, None, spirv::StorageClass::Private, None);
            b.name(v, *name);
        }
        b.module()
    }

    /// The oracle is the names themselves: the predicate holds exactly where a name is in the
    /// namespace (prefixes of it and near misses are left), and the pass renames only those.
    #[test]
    fn only_names_in_the_translators_namespace_are_renamed() {
        let names = ["tesserae_point_size", "tesserae", "tesseraeX", "Tesserae_x", "my_tesserae_x", "tesserae_"];
        for (name, expected) in names.iter().zip([true, false, false, false, false, true]) {
            let mut m = named(&[name]);
            let view = crate::spirv_view::ModuleView::of_module(&m);
            assert_eq!(applies(&view), expected, "{name}");
            assert_eq!(lower(&mut m), expected, "{name}");
            let words = m.assemble();
            let renamed = rspirv::dr::load_words(&words).unwrap();
            let Some(rspirv::dr::Operand::LiteralString(s)) = renamed.debug_names[0].operands.get(1) else { panic!("no name") };
            assert_eq!(s.as_str(), if expected { format!("user_{name}") } else { name.to_string() });
        }
    }
}
