//! A combined image sampler loaded and passed by value (an `OpTypeSampledImage` parameter, as
//! hand-written SPIR-V and the CTS's function_params/sampler_param do) becomes a texture and a
//! sampler parameter through every call it reaches (lower/combined_sampler.rs): naga's reader
//! took no sampled image as an argument ("invalid id").

mod common;
use common::*;
use rspirv::binary::Assemble;
use rspirv::dr::{Builder, Operand};
use spirv::{Op, StorageClass};
use tesserae::*;

/// A fragment stage loading the combined sampler at (0, 0) and passing it with FragCoord.xy
/// to `outer`, which samples it in one branch and passes it to `inner` (which samples it) in
/// the other.
fn fragment() -> Vec<u32> {
    let mut b = Builder::new();
    b.set_version(1, 0);
    b.capability(spirv::Capability::Shader);
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let boolean = b.type_bool();
    let float = b.type_float(32, None);
    let vec2 = b.type_vector(float, 2);
    let vec4 = b.type_vector(float, 4);
    let image = b.type_image(float, spirv::Dim::Dim2D, 0, 0, 0, 1, spirv::ImageFormat::Unknown, None);
    let sampled = b.type_sampled_image(image);
    let samp_fn = b.type_function(vec4, [sampled, vec2]);
    let p_sampled = b.type_pointer(None, StorageClass::UniformConstant, sampled);
    let p_out = b.type_pointer(None, StorageClass::Output, vec4);
    let p_in = b.type_pointer(None, StorageClass::Input, vec4);
    let color = b.variable(p_out, None, StorageClass::Output, None);
    let frag_coord = b.variable(p_in, None, StorageClass::Input, None);
    let tex = b.variable(p_sampled, None, StorageClass::UniformConstant, None);
    b.decorate(color, spirv::Decoration::Location, [Operand::LiteralBit32(0)]);
    b.decorate(frag_coord, spirv::Decoration::BuiltIn, [Operand::BuiltIn(spirv::BuiltIn::FragCoord)]);
    b.decorate(tex, spirv::Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
    b.decorate(tex, spirv::Decoration::Binding, [Operand::LiteralBit32(0)]);
    let zero = b.constant_bit32(float, 0f32.to_bits());
    let half = b.constant_bit32(float, 0.5f32.to_bits());
    let (outer, inner) = (b.id(), b.id());
    let void_fn = b.type_function(void, []);
    let main = b.begin_function(void, None, spirv::FunctionControl::NONE, void_fn).unwrap();
    b.begin_block(None).unwrap();
    let fc = b.load(vec4, None, frag_coord, None, []).unwrap();
    let uv = b.vector_shuffle(vec2, None, fc, fc, [0, 1]).unwrap();
    let si = b.load(sampled, None, tex, None, []).unwrap();
    let c = b.function_call(vec4, None, outer, [si, uv]).unwrap();
    b.store(color, c, None, []).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    // outer(s, p): p.x < 0.5 ? inner(s, p) : sample(s, p).bgra
    b.begin_function(vec4, Some(outer), spirv::FunctionControl::NONE, samp_fn).unwrap();
    let s = b.function_parameter(sampled).unwrap();
    let p = b.function_parameter(vec2).unwrap();
    b.begin_block(None).unwrap();
    let x = b.composite_extract(float, None, p, [0]).unwrap();
    let left = b.f_ord_less_than(boolean, None, x, half).unwrap();
    let (take_left, take_right, merge) = (b.id(), b.id(), b.id());
    b.selection_merge(merge, spirv::SelectionControl::NONE).unwrap();
    b.branch_conditional(left, take_left, take_right, []).unwrap();
    b.begin_block(Some(take_left)).unwrap();
    let a = b.function_call(vec4, None, inner, [s, p]).unwrap();
    b.branch(merge).unwrap();
    b.begin_block(Some(take_right)).unwrap();
    let lod = [Operand::ImageOperands(spirv::ImageOperands::LOD), Operand::IdRef(zero)];
    let sample = |b: &mut Builder, s, p| {
        let id = b.id();
        let inst = rspirv::dr::Instruction::new(
            Op::ImageSampleExplicitLod,
            Some(vec4),
            Some(id),
            [vec![Operand::IdRef(s), Operand::IdRef(p)], lod.to_vec()].concat(),
        );
        b.insert_into_block(rspirv::dr::InsertPoint::End, inst).unwrap();
        id
    };
    let b0 = sample(&mut b, s, p);
    let swapped = b.vector_shuffle(vec4, None, b0, b0, [2, 1, 0, 3]).unwrap();
    b.branch(merge).unwrap();
    b.begin_block(Some(merge)).unwrap();
    let res = b.phi(vec4, None, [(a, take_left), (swapped, take_right)]).unwrap();
    b.ret_value(res).unwrap();
    b.end_function().unwrap();
    // inner(s2, p2): sample(s2, p2)
    b.begin_function(vec4, Some(inner), spirv::FunctionControl::NONE, samp_fn).unwrap();
    let s2 = b.function_parameter(sampled).unwrap();
    let p2 = b.function_parameter(vec2).unwrap();
    b.begin_block(None).unwrap();
    let t = sample(&mut b, s2, p2);
    b.ret_value(t).unwrap();
    b.end_function().unwrap();
    b.entry_point(spirv::ExecutionModel::Fragment, main, "main", [color, frag_coord]);
    b.execution_mode(main, spirv::ExecutionMode::OriginUpperLeft, []);
    b.module().assemble()
}

#[test]
fn a_sampled_image_passed_by_value_becomes_a_texture_and_a_sampler() {
    let words = fragment();
    tesserae::lower::check_predicates(&words).unwrap();
    let v = vs("#version 450\nlayout(location=0) in vec2 p;\nvoid main(){ gl_Position = vec4(p, 0.0, 1.0); }");
    let r = reflect::load(&v, None).expect("vertex loads").reflection;
    let mut desc =
        PipelineDesc { vertex_buffers: VertexBufferLayout::infer(&r), ..PipelineDesc::new(StageDesc::new(v), Some(StageDesc::new(words))) };
    desc.options.verify_wgsl_round_trip = true;
    let plan = translate(&desc).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(plan, translate(&desc).unwrap(), "translation is deterministic");
    let wgsl = fragment_wgsl(&plan);
    // Both functions take the texture and the sampler; the texture is sampled in each.
    assert_eq!(wgsl.matches(": texture_2d<f32>, ").count(), 2, "{wgsl}");
    assert_eq!(wgsl.matches(": sampler, ").count(), 2, "{wgsl}");
    assert_eq!(wgsl.matches("textureSampleLevel(").count(), 2, "{wgsl}");
    // The application binds one combined image sampler at (0, 0): a texture and a sampler.
    let r = plan.resources.iter().find(|r| (r.set, r.binding) == (0, 0)).expect("the combined sampler");
    assert_eq!(r.kind, DescriptorKind::CombinedImageSampler, "{r:?}");
    assert_eq!(r.wgpu.len(), 2, "{r:?}");
}
