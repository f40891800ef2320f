//! The vertex stage once per draw position and instance, as a compute pass: point expansion's
//! first pass, the cull primitive pass's vertex pass, tessellation's vertex pass and transform
//! feedback's capture. Each invocation pulls its vertex's attributes from the vertex buffers
//! bound as storage ([`crate::vertex_pulling`]), calls the stage as a function
//! ([`crate::vertex_function`]) and stores what the pass asks ([`Store`]) in the vertex's
//! record ([`crate::records`]), or the words transform feedback captures.
//!
//! What does not depend on the pipeline is a template, static WGSL parsed once per process:
//! the draw parameters and index reading, the half-float decoder, the record and captured-word
//! buffers, the point-list rules. It is linked into the stage's module ([`crate::link`]) and
//! the entry point is built in naga IR ([`crate::emulate::ir`]): it finds the invocation's
//! vertex, instance and record, decodes the attributes by the vertex layout and stores by the
//! record layout and the user's types, so no WGSL is written from the user's module.

use crate::desc::{Stage, VertexBufferLayout, VertexFormat};
use crate::emulate::ir::{self, FunctionBuilder};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::records::{Field, RecordLayout};
use crate::vertex_function::VertexFunction;
use crate::vertex_pulling::{self, VertexBuffers};
use crate::wgsl::ValidatedWgsl;
use naga::{BinaryOperator, Expression, Handle, Module, Scalar, ScalarKind, TypeInner, VectorSize};

/// A value the stage computes, as a pass stores it.
#[derive(Debug, Clone, Copy)]
pub enum Source {
    /// Output `i` of the stage's function ([`VertexFunction::outputs`]).
    Output(usize),
    /// A global the lowering demoted an output to ([`crate::vertex_function::DEMOTED_GLOBALS`]).
    Global(Handle<naga::GlobalVariable>),
    /// The draw's point size (`tesserae_draw.point_size`).
    DrawPointSize,
    /// A value the pass computed, in the function being built.
    Computed(Handle<Expression>),
}

/// What a pass stores in each vertex's record.
#[derive(Debug, Clone)]
pub enum Store {
    /// A `vec4<f32>` as it is.
    Vec4(Field, Source),
    /// A value of any interface type ([`RecordLayout::store_value`]).
    Value(Field, Source),
    /// The first `n` floats of an array, four to a slot.
    Floats(Field, Source, u32),
    /// A float as the slot's `x`.
    Float(Field, Source),
    /// An integer scalar converted to `u32`, its bits as the slot's `x`.
    U32(Field, Source),
    /// The point-list rules ([`crate::points::point_rules`]): the centre `position` to
    /// [`Field::Position`], `(size clamped, keep, 0, 0)` to [`Field::PointSizeKeep`]; the point
    /// is not kept when one of the first `n` distances of an array is negative.
    Point { position: Source, size: Source, distances: Vec<(Source, u32)> },
}

/// Where a records pass reads attributes and writes records.
pub struct RecordsPass<'a> {
    pub emulation: Emulation,
    pub layouts: &'a [VertexBufferLayout],
    /// Vertex buffer slots the stage pulls ([`crate::vertex_pulling::used_slots`]).
    pub slots: &'a [u32],
    /// Binding (in the emulation group) of the records buffer; `None`: the pass writes none.
    pub records_binding: Option<u32>,
    /// Where the stage's captured words go (transform feedback): the binding of an `array<u32>`
    /// and the words per vertex ([`crate::reflect::CaptureLayout`]); vertex `i` (draw position
    /// × instance, as records) takes words `i × words ..`.
    pub capture: Option<(u32, u32)>,
    pub entry: &'a str,
    pub workgroup: u32,
    /// The records the pass writes.
    pub layout: &'a RecordLayout,
    pub stores: Vec<Store>,
    /// Parse the written WGSL back and validate it.
    pub verify: bool,
}

const VERTEX_INDEX: &str = "tesserae_vertex_index";
const RECORDS: &str = "tesserae_records";
const CAPTURE: &str = "tesserae_capture_words";
const HALF2: &str = "tesserae_unpack_half2";
pub(crate) const POINT_SIZE_KEEP: &str = "tesserae_point_size_keep";

/// Which parts a template has.
#[derive(Debug, Clone, Copy)]
struct Parts {
    halves: bool,
    records: bool,
    capture: bool,
    point: bool,
}

/// The template's WGSL: the bindings of the records and the captured words are placeholders,
/// and every binding is in group 0. It has no entry point: the pass's is built.
fn template_wgsl(parts: Parts) -> String {
    let mut w = Emulation { group: 0, restart: false }.draw_params_wgsl();
    if parts.halves {
        w += crate::vertex_pulling::HALF_DECODER;
    }
    if parts.records {
        w += &format!(
            "@group(0) @binding({}) var<storage, read_write> {RECORDS}: array<{}>;\n",
            binding::INTERMEDIATES,
            crate::records::SLOT
        );
    }
    if parts.capture {
        w += &format!("@group(0) @binding({}) var<storage, read_write> {CAPTURE}: array<u32>;\n", binding::CAPTURE_BUFFERS);
    }
    if parts.point {
        w += &point_size_keep_wgsl();
    }
    w
}

/// `tesserae_point_size_keep(c, size, distances_kept) -> vec4<f32>`: the point-list rules
/// ([`crate::points::point_rules`]) as a template function returning `(size clamped, keep, 0,
/// 0)` (it reads the draw uniform's size range).
pub(crate) fn point_size_keep_wgsl() -> String {
    let rules = crate::points::point_rules("c", "size", "    if !distances_kept { tesserae_keep = false; }\n");
    format!(
        "
fn {POINT_SIZE_KEEP}(c: vec4<f32>, size: f32, distances_kept: bool) -> vec4<f32> {{
{rules}    return vec4<f32>(tesserae_size, select(0.0, 1.0, tesserae_keep), 0.0, 0.0);
}}
"
    )
}

/// The template with `parts`, parsed and validated once per process
/// ([`crate::wgsl::round_trip_template`]).
fn template(parts: Parts) -> Result<ValidatedWgsl, TranslateError> {
    crate::wgsl::round_trip_template(Stage::Vertex, template_wgsl(parts))
}

/// What the entry point reads and writes, in the linked module.
struct Items {
    draw: Handle<naga::GlobalVariable>,
    vertex_index: Handle<naga::Function>,
    records: Option<Handle<naga::GlobalVariable>>,
    capture: Option<(Handle<naga::GlobalVariable>, Handle<naga::GlobalVariable>)>,
    point_size_keep: Option<Handle<naga::Function>>,
    vertex_buffers: VertexBuffers,
}

/// The records pass for the stage's `module` (whose entry point [`crate::vertex_function`]
/// made `func`), validated and written.
pub fn build(mut module: Module, func: &VertexFunction, pass: &RecordsPass) -> Result<ValidatedWgsl, TranslateError> {
    let halves =
        pass.layouts.iter().flat_map(|b| &b.attributes).any(|a| matches!(a.format, VertexFormat::Float16x2 | VertexFormat::Float16x4));
    let point = pass.stores.iter().any(|s| matches!(s, Store::Point { .. }));
    let parts = Parts { halves, records: pass.records_binding.is_some(), capture: pass.capture.is_some(), point };
    let template = template(parts)?;
    let kernel = template.module();
    let captured = match pass.capture {
        Some(_) => Some(crate::capture::CapturedWords::global(&module)?),
        None => None,
    };
    let user = crate::vertex_function::UserItems::of(&module);
    let linked = crate::profile::phase("emulation: link", || crate::link::link(&mut module, kernel))
        .map_err(|e| TranslateError::InvalidPlan(format!("linking the vertex records pass: {e}")))?;
    let global = |name: &str| ir::template_global(kernel, name).map(|h| linked.global(h));
    let function = |name: &str| ir::template_function(kernel, name).map(|h| linked.function(h));
    let e = pass.emulation;
    let mut items = Items {
        draw: global("tesserae_draw")?,
        vertex_index: function(VERTEX_INDEX)?,
        records: parts.records.then(|| global(RECORDS)).transpose()?,
        capture: match captured {
            Some(c) => Some((global(CAPTURE)?, c)),
            None => None,
        },
        point_size_keep: parts.point.then(|| function(POINT_SIZE_KEEP)).transpose()?,
        vertex_buffers: VertexBuffers { slots: Vec::new(), half2: parts.halves.then(|| function(HALF2)).transpose()? },
    };
    ir::bind(&mut module, items.draw, e.group, binding::DRAW);
    ir::bind(&mut module, global("tesserae_indices")?, e.group, binding::INDEX);
    if let (Some(h), Some(b)) = (items.records, pass.records_binding) {
        ir::bind(&mut module, h, e.group, b);
    }
    if let (Some((h, _)), Some((b, _))) = (items.capture, pass.capture) {
        ir::bind(&mut module, h, e.group, b);
    }
    items.vertex_buffers.slots = vertex_pulling::declare_vertex_buffers(&mut module, e, pass.slots);
    crate::profile::phase("emulation: entry point", || entry_point(&mut module, func, pass, &items))?;
    crate::vertex_function::validate_and_write_linked(Stage::Vertex, module, &user, pass.verify, |e| {
        TranslateError::InvalidPlan(format!("the vertex records pass does not validate: {e}"))
    })
}

/// Adds `@compute fn entry(@builtin(global_invocation_id) gid: vec3<u32>)`: for the draw's position
/// `gid.x` of instance `gid.y`, the record (and captured words) number `gid.y × count + gid.x`.
fn entry_point(module: &mut Module, func: &VertexFunction, pass: &RecordsPass, items: &Items) -> Result<(), TranslateError> {
    let u32x3 = ir::ty(module, TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::U32 });
    let gid = ir::builtin_argument("tesserae_gid", u32x3, naga::BuiltIn::GlobalInvocationId);
    let mut b = FunctionBuilder::new(module, pass.entry, vec![gid], None);
    let gid = b.argument(0);
    let position = b.expr(Expression::AccessIndex { base: gid, index: 0 });
    let instance = b.expr(Expression::AccessIndex { base: gid, index: 1 });
    let count = ir::draw_field(&mut b, items.draw, "count")?;
    let past_end = b.binary(BinaryOperator::GreaterEqual, position, count);
    b.if_then(past_end, |b| b.ret(None));
    let vertex = b
        .call(items.vertex_index, vec![position])
        .ok_or_else(|| TranslateError::InvalidPlan("the vertex index function returns nothing".into()))?;
    let first_instance = ir::draw_field(&mut b, items.draw, "first_instance")?;
    let instance_index = b.binary(BinaryOperator::Add, instance, first_instance);
    let row = b.binary(BinaryOperator::Multiply, instance, count);
    let index = b.binary(BinaryOperator::Add, row, position);
    let out = vertex_pulling::call_stage(&mut b, func, pass.layouts, &items.vertex_buffers, vertex, instance_index)?;
    if let Some(records) = items.records {
        let stride = b.u32(pass.layout.stride());
        let base = b.binary(BinaryOperator::Multiply, index, stride);
        let values =
            Values { stage: Stage::Vertex, outputs: Some((func, out)), draw: Some(items.draw), point_size_keep: items.point_size_keep };
        for store in &pass.stores {
            write(&mut b, store, &values, pass.layout, records, base)?;
        }
    }
    if let (Some((words, captured)), Some((_, n))) = (items.capture, pass.capture) {
        crate::capture::CapturedWords { words: n }.store(&mut b, captured, words, index);
    }
    b.finish_entry_point(naga::ShaderStage::Compute, [pass.workgroup, 1, 1]);
    Ok(())
}

/// What the values a pass stores come from, besides globals: the stage function's outputs
/// (its call's result), the draw uniform, the point-list rules.
pub(crate) struct Values<'a> {
    /// The stage whose values they are (for errors).
    pub stage: Stage,
    pub outputs: Option<(&'a VertexFunction, Handle<Expression>)>,
    pub draw: Option<Handle<naga::GlobalVariable>>,
    pub point_size_keep: Option<Handle<naga::Function>>,
}

impl Values<'_> {
    /// Output `i` of the stage's function.
    fn output(&self, i: usize) -> Result<(&crate::vertex_function::Output, Handle<Expression>), TranslateError> {
        let lacks = || TranslateError::InvalidPlan(format!("a record stores output {i}, which the stage lacks"));
        let (func, out) = self.outputs.ok_or_else(lacks)?;
        Ok((func.outputs.get(i).ok_or_else(lacks)?, out))
    }

    /// The value of `source`.
    fn value(&self, b: &mut FunctionBuilder, source: Source) -> Result<Handle<Expression>, TranslateError> {
        Ok(match source {
            Source::Output(i) => {
                let (o, out) = self.output(i)?;
                o.read(b, out)
            }
            Source::Global(g) => b.load_global(g),
            Source::DrawPointSize => {
                let draw = self.draw.ok_or_else(|| TranslateError::InvalidPlan("the draw's point size without the draw uniform".into()))?;
                ir::draw_field(b, draw, "point_size")?
            }
            Source::Computed(e) => e,
        })
    }

    /// The type of `source`'s value, for a value of any interface type.
    fn type_of(&self, b: &FunctionBuilder, source: Source) -> Result<Handle<naga::Type>, TranslateError> {
        match source {
            Source::Output(i) => Ok(self.output(i)?.0.ty),
            Source::Global(g) => Ok(b.module.global_variables[g].ty),
            _ => Err(TranslateError::InvalidPlan("a record stores a value of an unknown type".into())),
        }
    }

    /// Element `i` of the array `source`.
    fn element(&self, b: &mut FunctionBuilder, source: Source, i: u32) -> Result<Handle<Expression>, TranslateError> {
        if let Source::Global(g) = source {
            let global = b.expr(Expression::GlobalVariable(g));
            let pointer = b.expr(Expression::AccessIndex { base: global, index: i });
            return Ok(b.expr(Expression::Load { pointer }));
        }
        let array = self.value(b, source)?;
        Ok(b.expr(Expression::AccessIndex { base: array, index: i }))
    }
}

/// Stores `store` in the record at slot `base` of `records`, laid out by `layout`.
pub(crate) fn write(
    b: &mut FunctionBuilder,
    store: &Store,
    values: &Values,
    layout: &RecordLayout,
    records: Handle<naga::GlobalVariable>,
    base: Handle<Expression>,
) -> Result<(), TranslateError> {
    match store {
        &Store::Vec4(field, source) => {
            let v = values.value(b, source)?;
            layout.store_slot(field, 0, b, records, base, v)
        }
        &Store::Value(field, source) => {
            let ty = values.type_of(b, source)?;
            let v = values.value(b, source)?;
            layout.store_value(field, values.stage, b, records, base, v, ty)
        }
        &Store::Floats(field, source, n) => {
            for j in 0..n.div_ceil(4) {
                let parts = (j * 4..n.min(j * 4 + 4)).map(|i| values.element(b, source, i)).collect::<Result<Vec<_>, _>>()?;
                let count = parts.len() as u32;
                let v = b.widen_f32(parts, count);
                layout.store_slot(field, j, b, records, base, v)?;
            }
            Ok(())
        }
        &Store::Float(field, source) => {
            let x = values.value(b, source)?;
            let v = b.widen_f32(vec![x], 1);
            layout.store_slot(field, 0, b, records, base, v)
        }
        &Store::U32(field, source) => {
            let x = values.value(b, source)?;
            let x = b.expr(Expression::As { expr: x, kind: ScalarKind::Uint, convert: Some(4) });
            layout.store_u32(field, b, records, base, x)
        }
        Store::Point { position, size, distances } => {
            let c = values.value(b, *position)?;
            let s = values.value(b, *size)?;
            let mut kept = Vec::new();
            for &(source, n) in distances {
                for i in 0..n {
                    kept.push(values.element(b, source, i)?);
                }
            }
            let kept = ir::none_negative(b, kept);
            let rules = values.point_size_keep.ok_or_else(|| TranslateError::InvalidPlan("point rules without their template".into()))?;
            let size_keep =
                b.call(rules, vec![c, s, kept]).ok_or_else(|| TranslateError::InvalidPlan("the point rules return nothing".into()))?;
            layout.store_slot(Field::Position, 0, b, records, base, c)?;
            layout.store_slot(Field::PointSizeKeep, 0, b, records, base, size_keep)
        }
    }
}
