use super::{Field, Record, RecordLayout, Value};
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

fn global_ty(m: &naga::Module, name: &str) -> naga::Handle<naga::Type> {
    m.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some(name)).unwrap().1.ty
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
fn values_load_from_where_they_are_stored() {
    let m = module();
    let mut l = RecordLayout::by_location(&[Field::Position]);
    for (location, name) in [(0, "m"), (2, "s"), (6, "u")] {
        l.add_location(location, &m, global_ty(&m, name));
    }
    assert_eq!(l.stride(), 8);
    let at = Record { buffer: "r", base: "b" };
    let (mut stored, mut loaded) = (String::new(), String::new());
    let value = |name| Value { stage: Stage::Vertex, module: &m, ty: global_ty(&m, name), access: name };
    l.store_value(Field::Location(2), value("s"), &at, &mut stored).unwrap();
    l.load_value(Field::Location(6), value("u"), &at, &mut loaded).unwrap();
    l.store_vec4(Field::Position, "p", &at, &mut stored).unwrap();
    assert_eq!(
        stored,
        "    r[b + 3u] = vec4<f32>(s[0].a, 0.0, 0.0, 0.0);
    r[b + 4u] = bitcast<vec4<f32>>(vec4<i32>(s[0].b, 0i, 0i));
    r[b + 5u] = vec4<f32>(s[1].a, 0.0, 0.0, 0.0);
    r[b + 6u] = bitcast<vec4<f32>>(vec4<i32>(s[1].b, 0i, 0i));
    r[b] = p;
"
    );
    assert_eq!(loaded, "    u = bitcast<vec4<u32>>(r[b + 7u]).xyz;\n");
}

#[test]
fn distances_go_four_to_a_slot() {
    let mut l = RecordLayout::packed();
    l.add(Field::Position, 1);
    l.add_distances(Field::CullDistances, 5);
    let at = Record { buffer: "r", base: "b" };
    let mut stored = String::new();
    l.store_floats(Field::CullDistances, "d", 5, &at, &mut stored).unwrap();
    assert_eq!(stored, "    r[b + 1u] = vec4<f32>(d[0], d[1], d[2], d[3]);\n    r[b + 2u] = vec4<f32>(d[4], 0.0, 0.0, 0.0);\n");
    assert_eq!(l.float(Field::CullDistances, &at, "c").unwrap(), "r[b + 1u + c / 4u][c % 4u]");
    assert_eq!(l.float_group(Field::CullDistances, &at, 1).unwrap(), "r[b + 2u]");
    assert_eq!(l.base_of("(i + 1u)"), "(i + 1u) * 3u");
}

#[test]
fn a_field_the_layout_lacks_is_an_error() {
    let l = RecordLayout::packed();
    assert!(l.vec4(Field::Position, &Record { buffer: "r", base: "b" }).is_err());
}

/// The codec in naga IR: a value stored and loaded back takes the slots the text codec's
/// [`values_load_from_where_they_are_stored`] names, in the same order, and the loaded value
/// has the stored value's type (naga validates the assignment of it to the original global).
#[test]
fn ir_values_load_from_where_they_are_stored() {
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
        super::codec::store_ir(Stage::Vertex, &mut b, value, ty, &mut write, &mut next).unwrap();
        let slots: Vec<u32> = written.iter().map(|w| w.0).collect();
        let expected: Vec<u32> = (first..first + super::codec::locations(b.module, ty)).collect();
        assert_eq!(slots, expected, "location {location}");
        let mut read = |_: &mut FunctionBuilder, k: u32| written.iter().find(|w| w.0 == k).unwrap().1;
        let mut next = first;
        let loaded = super::codec::load_ir(Stage::Vertex, &mut b, ty, &mut read, &mut next).unwrap();
        b.statement(Statement::Store { pointer, value: loaded });
    }
    b.finish_entry_point(naga::ShaderStage::Compute, [1, 1, 1]);
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), crate::wgsl::capabilities())
        .validate(&m)
        .unwrap_or_else(|e| panic!("{}", e.emit_to_string("")));
    let text = naga::back::wgsl::write_string(&m, &info, naga::back::wgsl::WriterFlags::empty()).unwrap();
    assert!(text.contains("bitcast<vec4<f32>>(vec4<i32>("), "{text}");
}
