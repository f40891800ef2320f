use super::{Field, RecordLayout};
use crate::desc::Stage;

fn module() -> naga::Module {
    naga::front::wgsl::parse_str(
        "struct S { a: f32, b: vec2<i32> }
var<private> m: mat2x3<f32>;
var<private> s: array<S, 2>;
var<private> u: vec3<u32>;",
    )
    .unwrap()
}

#[test]
fn a_packed_layout_places_fields_in_order() {
    let mut l = RecordLayout::packed();
    assert_eq!(l.add(Field::Position, 1), 0);
    assert_eq!(l.add(Field::PointSizeKeep, 1), 1);
    assert_eq!(l.add(Field::Location(5), 1), 2);
    assert_eq!(l.add(Field::Location(1), 1), 3);
    assert_eq!(l.add_distances(Field::ClipDistances, 5), 4);
    assert_eq!(l.add_distances(Field::CullDistances, 0), 6);
    assert_eq!(l.offset(Field::Location(1)), Some(3));
    assert_eq!(l.offset(Field::Location(2)), None);
    assert_eq!((l.stride(), l.bytes()), (6, 96));
}

#[test]
fn a_by_location_layout_places_locations_by_number() {
    let mut l = RecordLayout::by_location(&[Field::Position]);
    assert_eq!(l.stride(), 1);
    assert_eq!(l.add(Field::Location(3), 2), 4);
    assert_eq!(l.stride(), 6);
    // A consumer reads a location the producer did not write where it would lie.
    assert_eq!(l.offset(Field::Location(0)), Some(1));
    let patches = RecordLayout::by_location(&[]);
    assert_eq!((patches.offset(Field::Location(0)), patches.stride()), (Some(0), 1));
}

#[test]
fn a_field_the_layout_lacks_is_an_error() {
    let mut m = module();
    let records = super::declare(&mut m, "r", naga::ResourceBinding { group: 0, binding: 0 }, true);
    let mut b = crate::emulate::ir::FunctionBuilder::new(&mut m, "main", Vec::new(), None);
    let base = b.u32(0);
    assert!(RecordLayout::packed().vec4(Field::Position, &mut b, records, base).is_err());
}

/// What a store pass writes, as naga's WGSL back end spells it: the oracle for the encoding
/// (module docs of `super`): an `i32` vector bitcast and zero-filled, a struct one slot per
/// member, distances four to a slot, a `u32` as the bits of `x`.
#[test]
fn values_are_encoded_as_the_module_docs_say() {
    use crate::emulate::ir::FunctionBuilder;
    let mut m = module();
    let records = super::declare(&mut m, "r", naga::ResourceBinding { group: 0, binding: 0 }, true);
    let s = m.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some("s")).unwrap().0;
    let mut l = RecordLayout::packed();
    l.add(Field::PrimitiveId, 1);
    l.add_location(2, &m, m.global_variables[s].ty);
    l.add_distances(Field::CullDistances, 5);
    assert_eq!(l.stride(), 7);
    let mut b = FunctionBuilder::new(&mut m, "main", Vec::new(), None);
    let base = b.u32(10);
    let ty = b.module.global_variables[s].ty;
    let pointer = b.expr(naga::Expression::GlobalVariable(s));
    let value = b.expr(naga::Expression::Load { pointer });
    l.store_value(Field::Location(2), Stage::Vertex, &mut b, records, base, value, ty).unwrap();
    let id = b.u32(7);
    l.store_u32(Field::PrimitiveId, &mut b, records, base, id).unwrap();
    for j in 0..2 {
        let d = b.f32(j as f32);
        let group = b.widen_f32(vec![d], 1);
        l.store_slot(Field::CullDistances, j, &mut b, records, base, group).unwrap();
    }
    b.finish_entry_point(naga::ShaderStage::Compute, [1, 1, 1]);
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), crate::wgsl::capabilities())
        .validate(&m)
        .unwrap_or_else(|e| panic!("{}", e.emit_to_string("")));
    let text = naga::back::wgsl::write_string(&m, &info, naga::back::wgsl::WriterFlags::empty()).unwrap();
    for (slot, what) in [
        (1, "vec4<f32>(_e"),
        (2, "bitcast<vec4<f32>>(vec4<i32>("),
        (3, "vec4<f32>(_e"),
        (4, "bitcast<vec4<f32>>(vec4<i32>("),
        (0, "vec4<f32>(bitcast<f32>(7u), 0f, 0f, 0f)"),
        (5, "vec4<f32>(0f, 0f, 0f, 0f)"),
        (6, "vec4<f32>(1f, 0f, 0f, 0f)"),
    ] {
        let place = if slot == 0 { "r[10u] = ".to_string() } else { format!("r[(10u + {slot}u)] = ") };
        let line = text.lines().find(|l| l.contains(&place)).unwrap_or_else(|| panic!("no store to slot {slot}:\n{text}"));
        assert!(line.contains(what), "slot {slot}: {line}\n{text}");
    }
    assert!(text.contains(", 0i, 0i)"), "an ivec2 is zero-filled:\n{text}");
}

/// A value stored and loaded back takes one slot per location it occupies, in order, and the
/// loaded value has the stored value's type (naga validates the assignment of it to the
/// original global).
#[test]
fn values_load_from_where_they_are_stored() {
    use crate::emulate::ir::FunctionBuilder;
    use naga::{Expression, Statement};
    let mut m = module();
    let globals: Vec<_> =
        ["m", "s", "u"].iter().map(|n| m.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some(n)).unwrap().0).collect();
    let mut l = RecordLayout::by_location(&[Field::Position]);
    for (location, &g) in [0, 2, 6].iter().zip(&globals) {
        l.add_location(*location, &m, m.global_variables[g].ty);
    }
    let mut b = FunctionBuilder::new(&mut m, "main", Vec::new(), None);
    for (location, &g) in [0u32, 2, 6].iter().zip(&globals) {
        let ty = b.module.global_variables[g].ty;
        let pointer = b.expr(Expression::GlobalVariable(g));
        let value = b.expr(Expression::Load { pointer });
        let first = l.offset(Field::Location(*location)).unwrap();
        let mut written = Vec::new();
        let mut write = |_: &mut FunctionBuilder, k: u32, packed| written.push((k, packed));
        let mut next = first;
        super::codec::store(Stage::Vertex, &mut b, value, ty, &mut write, &mut next).unwrap();
        let slots: Vec<u32> = written.iter().map(|w| w.0).collect();
        let expected: Vec<u32> = (first..first + super::codec::locations(b.module, ty)).collect();
        assert_eq!(slots, expected, "location {location}");
        let mut read = |_: &mut FunctionBuilder, k: u32| written.iter().find(|w| w.0 == k).unwrap().1;
        let mut next = first;
        let loaded = super::codec::load(Stage::Vertex, &mut b, ty, &mut read, &mut next).unwrap();
        b.statement(Statement::Store { pointer, value: loaded });
    }
    b.finish_entry_point(naga::ShaderStage::Compute, [1, 1, 1]);
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), crate::wgsl::capabilities())
        .validate(&m)
        .unwrap_or_else(|e| panic!("{}", e.emit_to_string("")));
    let text = naga::back::wgsl::write_string(&m, &info, naga::back::wgsl::WriterFlags::empty()).unwrap();
    assert!(text.contains("bitcast<vec4<f32>>(vec4<i32>("), "{text}");
}
