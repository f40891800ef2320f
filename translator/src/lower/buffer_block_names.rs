//! Gives a `BufferBlock` struct (the SPIR-V 1.0 form of a storage buffer: `Uniform` storage
//! class, struct decorated `BufferBlock`) a name no other struct of the module has.
//!
//! naga's type arena merges structurally equal types, names (and member names) included, and
//! its SPIR-V reader remembers "this struct is a storage buffer" on the merged type. A
//! `BufferBlock` struct with the same layout and name as a uniform `Block` struct (two
//! unnamed `vec4 data[3]` blocks in a stripped module, say) therefore turns the uniform buffer
//! into a storage buffer when the `BufferBlock` struct comes first, and two such blocks with
//! different `NonWritable` members share one access. Each stage then declares the same binding
//! differently, which no wgpu pipeline layout accepts. A distinct name keeps the types apart;
//! only structs that share their name with another struct are renamed. Runs when
//! a module is loaded ([`crate::reflect::load`]).

use rspirv::dr::{self, Instruction, Operand};
use spirv::{Decoration, Op, Word};
use std::collections::{HashMap, HashSet};

/// Whether [`lower`] may change the module: a struct is decorated `BufferBlock`.
pub fn applies(module: &crate::spirv_view::ModuleView) -> bool {
    module.annotations().any(|a| a.opcode == Op::Decorate && a.operands.get(1) == Some(&(Decoration::BufferBlock as u32)))
}

pub fn lower(module: &mut dr::Module) -> bool {
    let decorated = |d: Decoration| -> HashSet<Word> {
        module
            .annotations
            .iter()
            .filter(|a| a.class.opcode == Op::Decorate && a.operands.get(1) == Some(&Operand::Decoration(d)))
            .filter_map(|a| match a.operands.first() {
                Some(Operand::IdRef(id)) => Some(*id),
                _ => None,
            })
            .collect()
    };
    let buffer_blocks = decorated(Decoration::BufferBlock);
    if buffer_blocks.is_empty() {
        return false;
    }
    let names: HashMap<Word, String> = module
        .debug_names
        .iter()
        .filter(|n| n.class.opcode == Op::Name)
        .filter_map(|n| match (n.operands.first(), n.operands.get(1)) {
            (Some(Operand::IdRef(id)), Some(Operand::LiteralString(s))) => Some((*id, s.clone())),
            _ => None,
        })
        .collect();
    let structs: Vec<Word> =
        module.types_global_values.iter().filter(|i| i.class.opcode == Op::TypeStruct).filter_map(|i| i.result_id).collect();
    let mut changed = false;
    let mut taken: HashSet<String> = structs.iter().filter_map(|s| names.get(s).cloned()).collect();
    for &s in structs.iter().filter(|s| buffer_blocks.contains(s)) {
        let name = names.get(&s).map(String::as_str);
        if !structs.iter().any(|&t| t != s && names.get(&t).map(String::as_str) == name) {
            continue;
        }
        let base = name.unwrap_or("StorageBlock");
        let fresh = (0..).map(|k| format!("{base}_storage{k}")).find(|n| !taken.contains(n)).expect("an unused name");
        taken.insert(fresh.clone());
        module.debug_names.retain(|n| !(n.class.opcode == Op::Name && n.operands.first() == Some(&Operand::IdRef(s))));
        module.debug_names.push(Instruction::new(Op::Name, None, None, vec![Operand::IdRef(s), Operand::LiteralString(fresh)]));
        changed = true;
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::binary::Assemble;

    /// A vertex stage with an unnamed uniform block and an unnamed `BufferBlock` of the same
    /// layout (`vec4 data[2]`), the `BufferBlock` declared first, both read.
    fn module() -> Vec<u32> {
        let mut b = rspirv::dr::Builder::new();
        b.set_version(1, 0);
        b.capability(spirv::Capability::Shader);
        b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
        let void = b.type_void();
        let f32_ = b.type_float(32, None);
        let vec4 = b.type_vector(f32_, 4);
        let u32_ = b.type_int(32, 0);
        let i32_ = b.type_int(32, 1);
        let two = b.constant_bit32(u32_, 2);
        let zero = b.constant_bit32(i32_, 0);
        let mut vars = Vec::new();
        for (set, d) in [(1, Decoration::BufferBlock), (0, Decoration::Block)] {
            let arr = b.id();
            b.module_mut().types_global_values.push(Instruction::new(
                Op::TypeArray,
                None,
                Some(arr),
                vec![Operand::IdRef(vec4), Operand::IdRef(two)],
            ));
            b.decorate(arr, Decoration::ArrayStride, [Operand::LiteralBit32(16)]);
            let st = b.id();
            b.module_mut().types_global_values.push(Instruction::new(Op::TypeStruct, None, Some(st), vec![Operand::IdRef(arr)]));
            b.decorate(st, d, []);
            b.member_decorate(st, 0, Decoration::Offset, [Operand::LiteralBit32(0)]);
            let p = b.type_pointer(None, spirv::StorageClass::Uniform, st);
            let v = b.variable(p, None, spirv::StorageClass::Uniform, None);
            b.decorate(v, Decoration::DescriptorSet, [Operand::LiteralBit32(set)]);
            b.decorate(v, Decoration::Binding, [Operand::LiteralBit32(0)]);
            vars.push(v);
        }
        let pvec4 = b.type_pointer(None, spirv::StorageClass::Output, vec4);
        let pos = b.variable(pvec4, None, spirv::StorageClass::Output, None);
        b.decorate(pos, Decoration::BuiltIn, [Operand::BuiltIn(spirv::BuiltIn::Position)]);
        let fty = b.type_function(void, []);
        let main = b.begin_function(void, None, spirv::FunctionControl::NONE, fty).unwrap();
        b.begin_block(None).unwrap();
        let pu = b.type_pointer(None, spirv::StorageClass::Uniform, vec4);
        let mut sum = None;
        for v in vars {
            let p = b.access_chain(pu, None, v, [zero, zero]).unwrap();
            let x = b.load(vec4, None, p, None, []).unwrap();
            sum = Some(match sum {
                None => x,
                Some(s) => b.f_add(vec4, None, s, x).unwrap(),
            });
        }
        b.store(pos, sum.unwrap(), None, []).unwrap();
        b.ret().unwrap();
        b.end_function().unwrap();
        b.entry_point(spirv::ExecutionModel::Vertex, main, "main", [pos]);
        b.module().assemble()
    }

    #[test]
    fn uniform_block_stays_uniform_next_to_an_equal_buffer_block() {
        let loaded = crate::reflect::load(module(), None).unwrap();
        let naga = crate::wgsl::spirv_to_module(crate::Stage::Vertex, &loaded).unwrap();
        let spaces: Vec<(u32, naga::AddressSpace)> =
            naga.global_variables.iter().filter_map(|(_, g)| g.binding.as_ref().map(|b| (b.group, g.space))).collect();
        assert!(spaces.contains(&(0, naga::AddressSpace::Uniform)), "{spaces:?}");
        assert!(spaces.iter().any(|(g, s)| *g == 1 && matches!(s, naga::AddressSpace::Storage { .. })), "{spaces:?}");
    }
}
