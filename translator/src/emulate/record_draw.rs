//! The vertex stages that draw what records hold ([`crate::records`]), built in naga IR
//! ([`crate::emulate::ir`]): their output struct holds the user's varying types and their reads
//! follow the record layout, so no WGSL is written from the user's module.
//!
//! - [`squares`]: points as squares, for point expansion's second pass ([`crate::points`]) and
//!   a geometry stage's points of a size ([`crate::geometry`]). Each record holds a point's
//!   clip-space centre ([`Field::Position`]), its `(size, keep, 0, 0)`
//!   ([`Field::PointSizeKeep`]) and its varyings; each corner of the square moves the centre by
//!   half the size in pixels (viewport from the draw uniform), or out of the clip volume when
//!   the point is not kept; `PointCoord` leaves as a `linear` varying from (0,0) at the upper
//!   left to (1,1). What does not depend on the pipeline (the corner arithmetic, which list
//!   entry and corner a vertex draws) is a template ([`crate::wgsl::round_trip_template`]) whose
//!   bindings take the pipeline's emulation group after it is copied.
//! - [`passthrough`]: `records[vertex_index]` as it is (the cull primitive pass's draw, a
//!   geometry stage's primitives): position, varyings, primitive ID, clip distances.
//!
//! Varyings leave with the interpolation they are given ([`Varying`]).

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

    /// The output, when it is a varying (a `Location` output).
    pub fn of_output(module: &Module, o: &crate::vertex_function::Output) -> Option<Self> {
        match o.binding {
            Binding::Location { location, .. } => Some(Varying::from_binding(module, location, o.ty, &o.binding)),
            Binding::BuiltIn(_) => None,
        }
    }

    /// The varying at `location`, flat.
    pub fn flat(location: u32, ty: Handle<naga::Type>) -> Self {
        Varying { location, ty, interpolation: Some(naga::Interpolation::Flat), sampling: None }
    }
}

pub struct Squares<'a> {
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
pub(crate) const SQUARE_CORNER: &str = "tesserae_square_corner";
pub(crate) const POINT_COORD: &str = "tesserae_square_point_coord";
const LIST_RECORD: &str = "tesserae_list_record";
const LIST_CORNER: &str = "tesserae_list_corner";

/// The template functions drawing a point as a square: `tesserae_square_corner(corner_id, c,
/// size_keep)` and, `with_point_coord`, `tesserae_square_point_coord(corner_id)` (they read the
/// draw uniform's viewport).
pub(crate) fn square_functions_wgsl(with_point_coord: bool) -> String {
    let mut w = format!(
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
    w
}

/// The template's WGSL (its bindings are placeholders in group 0).
fn template_wgsl(list: bool, with_point_coord: bool) -> String {
    let mut w = crate::draw_uniform::wgsl_declaration(0, binding::DRAW);
    w += &format!("@group(0) @binding(1) var<storage, read> {RECORDS}: array<{}>;\n", crate::records::SLOT);
    w += &square_functions_wgsl(with_point_coord);
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

/// Gives the template's global `name` the emulation binding `b`; its handle.
fn bind(module: &mut Module, name: &str, e: Emulation, b: u32) -> Result<Handle<naga::GlobalVariable>, TranslateError> {
    let global = ir::template_global(module, name)?;
    ir::bind(module, global, e.group, b);
    Ok(global)
}

/// The square-drawing vertex stage, validated and written.
pub fn squares(cfg: &Squares) -> Result<ValidatedWgsl, TranslateError> {
    let mut module = template(cfg.vertices, cfg.point_coord.is_some())?.module().clone();
    bind(&mut module, "tesserae_draw", cfg.emulation, binding::DRAW)?;
    let records = bind(&mut module, RECORDS, cfg.emulation, cfg.records_binding)?;
    if let Vertices::SixPerListEntry { list_binding } = cfg.vertices {
        bind(&mut module, LIST, cfg.emulation, list_binding)?;
    }

    let (mut members, varying_types) = position_and_varyings(&mut module, cfg.module, &cfg.varyings);
    if let Some(location) = cfg.point_coord {
        members.point_coord(&mut module, location);
    }
    let out = members.finish(&mut module, "TesseraeSquareOut", cfg.stage)?;
    let square_corner = ir::template_function(&module, SQUARE_CORNER)?;
    let point_coord = cfg.point_coord.map(|_| ir::template_function(&module, POINT_COORD)).transpose()?;
    let list_functions = match cfg.vertices {
        Vertices::SixPerListEntry { .. } => {
            Some((ir::template_function(&module, LIST_RECORD)?, ir::template_function(&module, LIST_CORNER)?))
        }
        Vertices::FourPerRecord => None,
    };

    let arguments = vec![builtin_argument(&mut module, "tesserae_vertex", BuiltIn::VertexIndex)];
    let result = naga::FunctionResult { ty: out, binding: None };
    let mut b = FunctionBuilder::new(&mut module, cfg.entry, arguments, Some(result));
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
            return_nothing_if(&mut b, is_culled, out);
            (record, call(&mut b, list_corner, vec![vertex])?)
        }
    };
    let stride = b.u32(cfg.layout.stride());
    let base = b.binary(BinaryOperator::Multiply, record, stride);
    let c = cfg.layout.vec4(Field::Position, &mut b, records, base)?;
    let size_keep = cfg.layout.vec4(Field::PointSizeKeep, &mut b, records, base)?;
    let position = call(&mut b, square_corner, vec![corner_id, c, size_keep])?;
    let mut fields = vec![position];
    for (v, &ty) in cfg.varyings.iter().zip(&varying_types) {
        fields.push(cfg.layout.load_value(Field::Location(v.location), cfg.stage, &mut b, records, base, ty)?);
    }
    if let Some(f) = point_coord {
        fields.push(call(&mut b, f, vec![corner_id])?);
    }
    finish_vertex_entry(b, out, fields);
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
pub(crate) fn outside_clip_volume(b: &mut FunctionBuilder) -> Handle<Expression> {
    let components = [2.0, 2.0, 2.0, 1.0].map(|x| b.f32(x)).to_vec();
    let f32x4 = b.ty(ir::vec4(ScalarKind::Float));
    b.compose(f32x4, components)
}

/// `if condition { return Out(outside the clip volume, zeros..) }`: the vertex draws nothing.
pub(crate) fn return_nothing_if(b: &mut FunctionBuilder, condition: Handle<Expression>, out: Handle<naga::Type>) {
    let TypeInner::Struct { members, .. } = b.module.types[out].inner.clone() else { return };
    let position = outside_clip_volume(b);
    let zeros = members[1..].iter().map(|m| b.expr(Expression::ZeroValue(m.ty)));
    let nothing: Vec<_> = std::iter::once(position).chain(zeros.collect::<Vec<_>>()).collect();
    let nothing = b.compose(out, nothing);
    b.if_then(condition, |b| b.ret(Some(nothing)));
}

fn builtin_argument(module: &mut Module, name: &str, builtin: BuiltIn) -> naga::FunctionArgument {
    let ty = ir::scalar(module, naga::Scalar::U32);
    ir::builtin_argument(name, ty, builtin)
}

/// A vertex entry point's output struct under construction: the position, then each output
/// added, in order (its value goes at the same place of the `Compose` that returns it).
pub(crate) struct OutputStruct {
    members: Vec<(String, Handle<naga::Type>, Binding)>,
}

impl OutputStruct {
    pub fn new(module: &mut Module) -> Self {
        let f32x4 = ir::ty(module, ir::vec4(ScalarKind::Float));
        OutputStruct { members: vec![("position".into(), f32x4, Binding::BuiltIn(BuiltIn::Position { invariant: false }))] }
    }

    /// `v{L}` at the varying's location, of `ty` (the varying's type in the module built).
    pub fn varying(&mut self, v: &Varying, ty: Handle<naga::Type>) {
        self.members.push((format!("v{}", v.location), ty, ir::location(v.location, v.interpolation, v.sampling)));
    }

    /// The primitive ID at `location` (flat) as `ty` (`u32` or `i32`); its scalar kind.
    pub fn primitive_id(&mut self, module: &mut Module, location: u32, ty: &str) -> ScalarKind {
        let scalar = if ty == "i32" { naga::Scalar::I32 } else { naga::Scalar::U32 };
        let t = ir::scalar(module, scalar);
        self.members.push(("primitive_id".into(), t, ir::location(location, Some(naga::Interpolation::Flat), None)));
        scalar.kind
    }

    /// Native clip distances, an array of `ty`.
    pub fn clip_distances(&mut self, ty: Handle<naga::Type>) {
        self.members.push(("clip".into(), ty, Binding::BuiltIn(BuiltIn::ClipDistances)));
    }

    /// `n` emulated clip distances, four to a `vec4<f32>` varying from location `first` on.
    pub fn emulated_clip_distances(&mut self, module: &mut Module, first: u32, n: u32) {
        let slot = ir::ty(module, ir::vec4(ScalarKind::Float));
        for j in 0..n.div_ceil(4) {
            let binding = ir::location(first + j, Some(naga::Interpolation::Perspective), Some(naga::Sampling::Center));
            self.members.push((format!("clip{j}"), slot, binding));
        }
    }

    /// `PointCoord` at `location` (linear).
    pub fn point_coord(&mut self, module: &mut Module, location: u32) {
        let t = ir::ty(module, TypeInner::Vector { size: naga::VectorSize::Bi, scalar: naga::Scalar::F32 });
        self.members.push(("point_coord".into(), t, ir::location(location, Some(naga::Interpolation::Linear), None)));
    }

    /// The struct `name`, laid out; a layout error refused by name.
    pub fn finish(self, module: &mut Module, name: &str, stage: Stage) -> Result<Handle<naga::Type>, TranslateError> {
        ir::io_struct(module, name, self.members).map_err(|e| TranslateError::unsupported(stage, e))
    }
}

/// The position and `varyings` (their types brought from `user`); the varyings' types in
/// `module`.
fn position_and_varyings(module: &mut Module, user: &Module, varyings: &[Varying]) -> (OutputStruct, Vec<Handle<naga::Type>>) {
    let mut out = OutputStruct::new(module);
    let mut types = Vec::new();
    for v in varyings {
        let ty = ir::copy_type(user, v.ty, module);
        types.push(ty);
        out.varying(v, ty);
    }
    (out, types)
}

/// Returns `Out(fields..)` and adds the function as a vertex entry point.
fn finish_vertex_entry(mut b: FunctionBuilder, out: Handle<naga::Type>, fields: Vec<Handle<Expression>>) {
    let value = b.compose(out, fields);
    b.ret(Some(value));
    b.finish_entry_point(naga::ShaderStage::Vertex, [0; 3]);
}

/// What a pass-through vertex stage reads and outputs.
pub(crate) struct Passthrough<'a> {
    pub stage: Stage,
    pub emulation: Emulation,
    /// Binding of the records it reads, `records[vertex_index]`.
    pub records: u32,
    /// The module whose outputs the records hold (the varyings' types are its).
    pub module: &'a Module,
    /// The varyings it outputs (each a `Location` field of `layout`).
    pub varyings: Vec<Varying>,
    pub layout: &'a RecordLayout,
    pub clip_distances: u32,
    /// Where clip distances go as varyings (emulated clipping), or `None` for native ones.
    pub emulated_clip: Option<u32>,
    /// The vertex index [`crate::tessellation::evaluation::CULLED_INDEX`] places the vertex
    /// outside the clip volume (a primitive whose indices are all it draws nothing).
    pub culled_index: bool,
    /// The [`Field::PrimitiveId`] goes to this location (flat) with this WGSL type (`u32` or
    /// `i32`).
    pub primitive_id: Option<(u32, &'static str)>,
    /// The draw's `instance_index` is `layer × MAX_VIEWPORTS + viewport` of the layer and
    /// viewport drawn: a vertex whose [`Field::Layer`] (when `layered`) or
    /// [`Field::ViewportIndex`] (when `viewports`) is another is placed outside the clip volume.
    pub layered: bool,
    pub viewports: bool,
    pub entry: &'a str,
    /// Parse the written WGSL back and validate it.
    pub verify: bool,
}

/// A vertex stage that outputs what `records[vertex_index]` holds: position, varyings,
/// primitive ID and clip distances (native `clip_distances` or emulated varyings), validated
/// and written.
pub(crate) fn passthrough(p: &Passthrough) -> Result<ValidatedWgsl, TranslateError> {
    let mut module = Module::default();
    let binding = naga::ResourceBinding { group: p.emulation.group, binding: p.records };
    let records = crate::records::declare(&mut module, RECORDS, binding, false);
    let (mut members, varying_types) = position_and_varyings(&mut module, p.module, &p.varyings);
    let primitive_id = p.primitive_id.map(|(location, ty)| members.primitive_id(&mut module, location, ty));
    let clip_n = p.clip_distances;
    let mut native_clip = None;
    match (std::num::NonZeroU32::new(clip_n), p.emulated_clip) {
        (None, _) => {}
        (Some(n), None) => {
            let f32_ty = ir::scalar(&mut module, naga::Scalar::F32);
            let t = ir::ty(&mut module, TypeInner::Array { base: f32_ty, size: naga::ArraySize::Constant(n), stride: 4 });
            members.clip_distances(t);
            native_clip = Some(t);
        }
        (Some(_), Some(first)) => members.emulated_clip_distances(&mut module, first, clip_n),
    }
    let out = members.finish(&mut module, "TesseraePassOut", p.stage)?;
    let mut arguments = vec![builtin_argument(&mut module, "r", BuiltIn::VertexIndex)];
    if p.layered || p.viewports {
        arguments.push(builtin_argument(&mut module, "tesserae_target", BuiltIn::InstanceIndex));
    }
    let result = naga::FunctionResult { ty: out, binding: None };
    let mut b = FunctionBuilder::new(&mut module, p.entry, arguments, Some(result));
    let r = b.argument(0);
    if p.culled_index {
        let culled = b.u32(crate::tessellation::evaluation::CULLED_INDEX);
        let is_culled = b.binary(BinaryOperator::Equal, r, culled);
        return_nothing_if(&mut b, is_culled, out);
    }
    let stride = b.u32(p.layout.stride());
    let base = b.binary(BinaryOperator::Multiply, r, stride);
    let max = crate::plan::MAX_VIEWPORTS;
    for (field, op, selects) in
        [(Field::Layer, BinaryOperator::Divide, p.layered), (Field::ViewportIndex, BinaryOperator::Modulo, p.viewports)]
    {
        if !selects {
            continue;
        }
        let target = b.argument(1);
        let max = b.u32(max);
        let wanted = b.binary(op, target, max);
        let drawn = p.layout.u32(field, &mut b, records, base)?;
        let other = b.binary(BinaryOperator::NotEqual, drawn, wanted);
        return_nothing_if(&mut b, other, out);
    }
    let mut fields = vec![p.layout.vec4(Field::Position, &mut b, records, base)?];
    for (v, &ty) in p.varyings.iter().zip(&varying_types) {
        fields.push(p.layout.load_value(Field::Location(v.location), p.stage, &mut b, records, base, ty)?);
    }
    if let Some(kind) = primitive_id {
        let id = p.layout.u32(Field::PrimitiveId, &mut b, records, base)?;
        fields.push(if kind == ScalarKind::Uint { id } else { b.expr(Expression::As { expr: id, kind, convert: Some(4) }) });
    }
    if clip_n > 0 {
        let groups = (0..clip_n.div_ceil(4))
            .map(|j| p.layout.vec4_at(Field::ClipDistances, j, &mut b, records, base))
            .collect::<Result<Vec<_>, _>>()?;
        match native_clip {
            Some(ty) => {
                let distances =
                    (0..clip_n).map(|i| b.expr(Expression::AccessIndex { base: groups[(i / 4) as usize], index: i % 4 })).collect();
                fields.push(b.compose(ty, distances));
            }
            None => fields.extend(groups),
        }
    }
    finish_vertex_entry(b, out, fields);
    crate::wgsl::validate_and_write(p.stage, module, p.verify)
}
