//! The vertex stage that draws points as squares from their records: point expansion's
//! second pass ([`crate::points`]) and the draw of a geometry stage's points of a size
//! ([`crate::geometry`]).
//!
//! Each point is a record ([`crate::records`]) holding its clip-space centre
//! ([`Field::Position`]), its `(size, keep, 0, 0)` ([`Field::PointSizeKeep`]) and its varyings;
//! each corner of the square moves the centre by half the size in pixels (viewport from the
//! draw uniform), or out of the clip volume when the point is not kept. Varyings leave with the
//! interpolation they are given, `PointCoord` as a `linear` varying from (0,0) at the upper
//! left to (1,1).
//!
//! The entry point is built in naga IR ([`crate::emulate::ir`]): its output struct holds the
//! user's varying types and its reads follow the record layout. What does not depend on the
//! pipeline (the corner arithmetic, which list entry and corner a vertex draws) is a template,
//! static WGSL parsed once per process; its bindings take the pipeline's emulation group
//! after it is copied.

use crate::desc::Stage;
use crate::emulate::ir::{self, FunctionBuilder};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::points::{corner, point_coord, OUTSIDE_CLIP_VOLUME};
use crate::records::{Field, RecordLayout};
use crate::wgsl::ValidatedWgsl;
use naga::{BinaryOperator, Binding, BuiltIn, Expression, Handle, Module, ScalarKind, TypeInner};

/// How a vertex finds its point and corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vertices {
    /// Point expansion: vertex `4 × record + corner` (the quad index buffer draws each point's
    /// two triangles from its four vertices).
    FourPerRecord,
    /// A geometry stage's points: six vertices per entry of the list at this emulation binding
    /// (two triangles over corners (0, 1, 2) and (2, 1, 3)); an entry of
    /// [`crate::tessellation::evaluation::CULLED_INDEX`] draws nothing.
    SixPerListEntry { list_binding: u32 },
}

/// A varying the squares carry from the records to the fragment stage.
pub struct Varying {
    pub location: u32,
    /// Its type in `SquareDraw::module`.
    pub ty: Handle<naga::Type>,
    pub interpolation: Option<naga::Interpolation>,
    pub sampling: Option<naga::Sampling>,
}

impl Varying {
    /// The varying at `location` with `binding`'s interpolation, or WGSL's default where it
    /// has none (perspective at the centre for floats).
    pub fn from_binding(module: &Module, location: u32, ty: Handle<naga::Type>, binding: &Binding) -> Self {
        let (mut interpolation, mut sampling) = match binding {
            Binding::Location { interpolation, sampling, .. } => (*interpolation, *sampling),
            Binding::BuiltIn(_) => (None, None),
        };
        if interpolation.is_none() && module.types[ty].inner.scalar_kind() == Some(ScalarKind::Float) {
            (interpolation, sampling) = (Some(naga::Interpolation::Perspective), Some(naga::Sampling::Center));
        }
        Varying { location, ty, interpolation, sampling }
    }

    /// The varying at `location`, flat.
    pub fn flat(location: u32, ty: Handle<naga::Type>) -> Self {
        Varying { location, ty, interpolation: Some(naga::Interpolation::Flat), sampling: None }
    }
}

pub struct SquareDraw<'a> {
    pub stage: Stage,
    pub emulation: Emulation,
    pub records_binding: u32,
    pub vertices: Vertices,
    /// The module whose outputs the records hold (the varyings' types are its).
    pub module: &'a Module,
    pub varyings: Vec<Varying>,
    pub layout: &'a RecordLayout,
    /// Location of the `PointCoord` varying, when the fragment stage reads it.
    pub point_coord: Option<u32>,
    pub entry: &'a str,
    /// Parse the written WGSL back and validate it.
    pub verify: bool,
}

const RECORDS: &str = "tesserae_records";
const LIST: &str = "tesserae_gs_list";
const SQUARE_CORNER: &str = "tesserae_square_corner";
const POINT_COORD: &str = "tesserae_square_point_coord";
const LIST_RECORD: &str = "tesserae_list_record";
const LIST_CORNER: &str = "tesserae_list_corner";

/// The template's WGSL (its bindings are placeholders in group 0).
fn template_wgsl(list: bool, with_point_coord: bool) -> String {
    let mut w = crate::draw_uniform::wgsl_declaration(0, binding::DRAW);
    w += &format!("@group(0) @binding(1) var<storage, read> {RECORDS}: array<{}>;\n", crate::records::SLOT);
    w += &format!(
        "
// Corner `corner_id` (0 to 3) of the square of the point at `c` whose record holds `size_keep`.
fn {SQUARE_CORNER}(corner_id: u32, c: vec4<f32>, size_keep: vec4<f32>) -> vec4<f32> {{
    // Corners (-1, 1), (-1, -1), (1, 1), (1, -1) from the id's bits: a dynamically indexed
    // constant array costs a local copy per invocation in the SPIR-V naga writes.
    let corner = {corner};
    let offset = corner * size_keep.x / tesserae_draw.viewport * c.w;
    return select({OUTSIDE_CLIP_VOLUME}, vec4<f32>(c.xy + offset, c.zw), size_keep.y != 0.0);
}}
",
        corner = corner("corner_id")
    );
    if with_point_coord {
        w += &format!(
            "
fn {POINT_COORD}(corner_id: u32) -> vec2<f32> {{
    let corner = {corner};
    return {coord};
}}
",
            corner = corner("corner_id"),
            coord = point_coord("corner")
        );
    }
    if list {
        w += &format!(
            "@group(0) @binding(2) var<storage, read> {LIST}: array<u32>;

fn {LIST_RECORD}(vertex: u32) -> u32 {{
    return {LIST}[vertex / 6u];
}}

// Two triangles over the corners (0, 1, 2) and (2, 1, 3).
fn {LIST_CORNER}(vertex: u32) -> u32 {{
    let k = vertex % 6u;
    return select(select(select(3u, 1u, k == 4u), 2u, k == 3u), k, k < 3u);
}}
"
        );
    }
    w
}

/// The template for `vertices` (with the point coordinate's function or not), parsed and
/// validated once per process ([`crate::wgsl::round_trip_template`]).
fn template(vertices: Vertices, with_point_coord: bool) -> Result<ValidatedWgsl, TranslateError> {
    let list = matches!(vertices, Vertices::SixPerListEntry { .. });
    crate::wgsl::round_trip_template(Stage::Vertex, template_wgsl(list, with_point_coord))
}

fn function(module: &Module, name: &str) -> Result<Handle<naga::Function>, TranslateError> {
    module
        .functions
        .iter()
        .find(|(_, f)| f.name.as_deref() == Some(name))
        .map(|(h, _)| h)
        .ok_or_else(|| TranslateError::InvalidPlan(format!("the square-drawing template lacks `{name}`")))
}

/// Gives the template's global `name` the emulation binding `b`; its handle.
fn bind(module: &mut Module, name: &str, e: Emulation, b: u32) -> Result<Handle<naga::GlobalVariable>, TranslateError> {
    let (h, g) = module
        .global_variables
        .iter_mut()
        .find(|(_, g)| g.name.as_deref() == Some(name))
        .ok_or_else(|| TranslateError::InvalidPlan(format!("the square-drawing template lacks `{name}`")))?;
    g.binding = Some(naga::ResourceBinding { group: e.group, binding: b });
    Ok(h)
}

/// The square-drawing vertex stage, validated and written.
pub fn draw(cfg: &SquareDraw) -> Result<ValidatedWgsl, TranslateError> {
    let mut module = template(cfg.vertices, cfg.point_coord.is_some())?.module().clone();
    bind(&mut module, "tesserae_draw", cfg.emulation, binding::DRAW)?;
    let records = bind(&mut module, RECORDS, cfg.emulation, cfg.records_binding)?;
    if let Vertices::SixPerListEntry { list_binding } = cfg.vertices {
        bind(&mut module, LIST, cfg.emulation, list_binding)?;
    }

    let f32x4 = module.types.insert(naga::Type { name: None, inner: ir::vec4(ScalarKind::Float) }, naga::Span::UNDEFINED);
    let f32x2 = module.types.insert(
        naga::Type { name: None, inner: TypeInner::Vector { size: naga::VectorSize::Bi, scalar: naga::Scalar::F32 } },
        naga::Span::UNDEFINED,
    );
    let u32_ty = module.types.insert(naga::Type { name: None, inner: TypeInner::Scalar(naga::Scalar::U32) }, naga::Span::UNDEFINED);
    let mut members = vec![("position".to_string(), f32x4, Binding::BuiltIn(BuiltIn::Position { invariant: false }))];
    let mut varying_types = Vec::new();
    for v in &cfg.varyings {
        let ty = ir::copy_type(cfg.module, v.ty, &mut module);
        varying_types.push(ty);
        let binding = Binding::Location {
            location: v.location,
            interpolation: v.interpolation,
            sampling: v.sampling,
            blend_src: None,
            per_primitive: false,
        };
        members.push((format!("v{}", v.location), ty, binding));
    }
    if let Some(location) = cfg.point_coord {
        let binding = Binding::Location {
            location,
            interpolation: Some(naga::Interpolation::Linear),
            sampling: None,
            blend_src: None,
            per_primitive: false,
        };
        members.push(("point_coord".to_string(), f32x2, binding));
    }
    let out = ir::io_struct(&mut module, "TesseraeSquareOut", members);
    let square_corner = function(&module, SQUARE_CORNER)?;
    let point_coord = cfg.point_coord.map(|_| function(&module, POINT_COORD)).transpose()?;
    let list_functions = match cfg.vertices {
        Vertices::SixPerListEntry { .. } => Some((function(&module, LIST_RECORD)?, function(&module, LIST_CORNER)?)),
        Vertices::FourPerRecord => None,
    };

    let argument =
        naga::FunctionArgument { name: Some("tesserae_vertex".into()), ty: u32_ty, binding: Some(Binding::BuiltIn(BuiltIn::VertexIndex)) };
    let result = naga::FunctionResult { ty: out, binding: None };
    let mut b = FunctionBuilder::new(&mut module, cfg.entry, vec![argument], Some(result));
    let vertex = b.argument(0);
    let (record, corner_id) = match list_functions {
        None => {
            let four = b.u32(4);
            (b.binary(BinaryOperator::Divide, vertex, four), b.binary(BinaryOperator::Modulo, vertex, four))
        }
        Some((list_record, list_corner)) => {
            let record = call(&mut b, list_record, vec![vertex])?;
            let culled = b.u32(crate::tessellation::evaluation::CULLED_INDEX);
            let is_culled = b.binary(BinaryOperator::Equal, record, culled);
            let nothing = outside_clip_volume(&mut b, f32x4);
            let zeros: Vec<_> =
                varying_types.iter().chain(cfg.point_coord.map(|_| &f32x2)).map(|&t| b.expr(Expression::ZeroValue(t))).collect();
            let nothing = b.compose(out, std::iter::once(nothing).chain(zeros).collect());
            b.if_then(is_culled, |b| b.ret(Some(nothing)));
            (record, call(&mut b, list_corner, vec![vertex])?)
        }
    };
    let stride = b.u32(cfg.layout.stride());
    let base = b.binary(BinaryOperator::Multiply, record, stride);
    let c = cfg.layout.vec4_ir(Field::Position, &mut b, records, base)?;
    let size_keep = cfg.layout.vec4_ir(Field::PointSizeKeep, &mut b, records, base)?;
    let position = call(&mut b, square_corner, vec![corner_id, c, size_keep])?;
    let mut fields = vec![position];
    for (v, &ty) in cfg.varyings.iter().zip(&varying_types) {
        fields.push(cfg.layout.load_value_ir(Field::Location(v.location), cfg.stage, &mut b, records, base, ty)?);
    }
    if let Some(f) = point_coord {
        fields.push(call(&mut b, f, vec![corner_id])?);
    }
    let value = b.compose(out, fields);
    b.ret(Some(value));
    let function = b.finish();
    module.entry_points.push(naga::EntryPoint {
        name: cfg.entry.into(),
        stage: naga::ShaderStage::Vertex,
        early_depth_test: None,
        workgroup_size: [0; 3],
        workgroup_size_overrides: None,
        function,
        mesh_info: None,
        task_payload: None,
        incoming_ray_payload: None,
    });
    crate::wgsl::validate_and_write(cfg.stage, module, cfg.verify)
}

/// The result of a template function that returns one.
fn call(
    b: &mut FunctionBuilder,
    f: Handle<naga::Function>,
    arguments: Vec<Handle<Expression>>,
) -> Result<Handle<Expression>, TranslateError> {
    b.call(f, arguments).ok_or_else(|| TranslateError::InvalidPlan("a square-drawing template function returns nothing".into()))
}

/// `vec4<f32>(2.0, 2.0, 2.0, 1.0)`: a position outside the clip volume ([`OUTSIDE_CLIP_VOLUME`]).
fn outside_clip_volume(b: &mut FunctionBuilder, f32x4: Handle<naga::Type>) -> Handle<Expression> {
    let components = [2.0, 2.0, 2.0, 1.0].map(|x| b.expr(Expression::Literal(naga::Literal::F32(x)))).to_vec();
    b.compose(f32x4, components)
}
