//! Records: how a pass hands per-vertex (or per-patch) values to a later pass.
//!
//! A record is [`RecordLayout::stride`] slots of a storage buffer `array<vec4<f32>>` (record
//! `i` starts at slot `i * stride`). The [`RecordLayout`] of a producer owns where each
//! [`Field`] lies, and generates both the WGSL that stores a field and the WGSL that reads it,
//! so a producer and its consumer cannot disagree on an offset or an encoding.
//!
//! Invariants:
//! - Fields never overlap, and a field's slots lie inside the stride; a record takes at least
//!   one slot (no buffer binds zero bytes).
//! - A field's encoding is fixed by its kind: [`Field::Position`] and [`Field::PointSizeKeep`]
//!   are one `vec4<f32>` stored as is; [`Field::PrimitiveId`], [`Field::Layer`] and [`Field::ViewportIndex`] one slot
//!   whose `x` holds a `u32` bitcast ([`RecordLayout::store_u32`], [`RecordLayout::u32`]); [`Field::Location`] is a value of any interface type,
//!   one slot per location it occupies (a matrix one per column, an array one per element, a
//!   struct one per member, as Vulkan assigns locations), floats as they are, integers and
//!   booleans bitcast, missing components zero ([`codec`]); [`Field::ClipDistances`] and
//!   [`Field::CullDistances`] are `n` floats four to a slot, the last slot padded with zeros.
//! - In a [`RecordLayout::by_location`] layout, `Location(L)` lies at `first + L` whether or
//!   not the producer wrote it, so a consumer reads a location by number alone (Vulkan's
//!   interface matching) and needs only the producer's stride. In a [`RecordLayout::packed`]
//!   layout every field lies where it was added, in order.
//!
//! A new emulation that hands values between passes builds one layout (its fields in order,
//! or its fixed fields and then locations), stores with [`RecordLayout::store_vec4`],
//! [`RecordLayout::store_value`] and [`RecordLayout::store_floats`] in the producing pass, reads
//! with the matching [`RecordLayout::vec4`], [`RecordLayout::load_value`] and
//! [`RecordLayout::float`] in the consuming one, declares the buffer with [`declaration`], and
//! sizes it with [`RecordLayout::bytes`].

mod codec;

use crate::desc::Stage;
use crate::emulate::ir::FunctionBuilder;
use crate::error::TranslateError;
use naga::{Expression, GlobalVariable, Handle, Type};

/// WGSL type of one slot; a record buffer is an `array` of them.
pub const SLOT: &str = "vec4<f32>";
/// Bytes of one slot.
pub const SLOT_BYTES: u64 = 16;

/// What a record holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The clip-space position (`vec4<f32>`).
    Position,
    /// An expanded point's `(size, keep, 0, 0)`: its size in pixels, and 1 when it is drawn.
    PointSizeKeep,
    /// The interface value at a location, of any interface type.
    Location(u32),
    /// Clip distances, four to a slot.
    ClipDistances,
    /// Cull distances, four to a slot.
    CullDistances,
    /// The primitive ID a geometry stage writes for the fragment stage.
    PrimitiveId,
    /// The layer a geometry stage's vertex selects.
    Layer,
    /// The viewport a geometry stage's vertex selects.
    ViewportIndex,
}

/// Where every field of a record lies, and the record's stride (module docs).
#[derive(Debug, Clone)]
pub struct RecordLayout {
    /// Each field added, at its offset (locations of a by-location layout aside).
    placed: Vec<(Field, u32)>,
    /// `Some(first)`: `Location(L)` lies at `first + L`.
    locations_from: Option<u32>,
    /// The end of the last slot any field takes.
    end: u32,
}

/// A record in a WGSL buffer: the buffer's name and the expression of the record's first slot.
#[derive(Debug, Clone, Copy)]
pub struct Record<'a> {
    pub buffer: &'a str,
    pub base: &'a str,
}

impl Record<'_> {
    /// The WGSL reference to slot `k` of the record.
    pub fn slot(&self, k: u32) -> String {
        match k {
            0 => format!("{}[{}]", self.buffer, self.base),
            k => format!("{}[{} + {k}u]", self.buffer, self.base),
        }
    }
}

/// A value of an interface type in a stage's module: what a [`Field::Location`] holds.
#[derive(Clone, Copy)]
pub struct Value<'a> {
    pub stage: Stage,
    pub module: &'a naga::Module,
    pub ty: Handle<Type>,
    /// The WGSL expression (to store) or place (to load into).
    pub access: &'a str,
}

impl RecordLayout {
    /// Fields one after another, in the order they are added.
    pub fn packed() -> Self {
        RecordLayout { placed: Vec::new(), locations_from: None, end: 0 }
    }

    /// `fixed` fields (one slot each) first, then `Location(L)` at `fixed.len() + L`.
    pub fn by_location(fixed: &[Field]) -> Self {
        let mut layout = Self::packed();
        for &field in fixed {
            layout.add(field, 1);
        }
        layout.locations_from = Some(layout.end);
        layout
    }

    /// Adds `field`, taking `slots` slots: in a by-location layout a location at its place,
    /// anything else after every field so far; a field added again keeps its place. Returns
    /// its offset.
    pub fn add(&mut self, field: Field, slots: u32) -> u32 {
        let offset = match self.offset(field) {
            Some(offset) => offset,
            None => {
                self.placed.push((field, self.end));
                self.end
            }
        };
        self.end = self.end.max(offset + slots);
        offset
    }

    /// Adds a [`Field::Location`] holding a value of `ty` (as many slots as its locations).
    pub fn add_location(&mut self, location: u32, module: &naga::Module, ty: Handle<Type>) -> u32 {
        self.add(Field::Location(location), codec::locations(module, ty))
    }

    /// Adds `n` distances (`Field::ClipDistances` or `Field::CullDistances`), four to a slot.
    pub fn add_distances(&mut self, field: Field, n: u32) -> u32 {
        self.add(field, n.div_ceil(4))
    }

    /// The first slot of `field` within a record.
    pub fn offset(&self, field: Field) -> Option<u32> {
        match (field, self.locations_from) {
            (Field::Location(l), Some(first)) => Some(first + l),
            _ => self.placed.iter().find(|p| p.0 == field).map(|p| p.1),
        }
    }

    fn offset_or_err(&self, field: Field) -> Result<u32, TranslateError> {
        self.offset(field).ok_or_else(|| TranslateError::InvalidPlan(format!("a record without the field {field:?} read or written")))
    }

    /// Slots per record.
    pub fn stride(&self) -> u32 {
        self.end.max(1)
    }

    /// Bytes per record.
    pub fn bytes(&self) -> u64 {
        SLOT_BYTES * self.stride() as u64
    }

    /// The WGSL expression of the first slot of record number `index` (an expression that
    /// binds tighter than `*`).
    pub fn base_of(&self, index: &str) -> String {
        format!("{index} * {}u", self.stride())
    }

    /// A statement storing the `vec4<f32>` expression `value` to `field`.
    pub fn store_vec4(&self, field: Field, value: &str, at: &Record, out: &mut String) -> Result<(), TranslateError> {
        let k = self.offset_or_err(field)?;
        out.push_str(&format!("    {} = {value};\n", at.slot(k)));
        Ok(())
    }

    /// The `vec4<f32>` expression of `field`.
    pub fn vec4(&self, field: Field, at: &Record) -> Result<String, TranslateError> {
        Ok(at.slot(self.offset_or_err(field)?))
    }

    /// Statements storing `value` to `field` ([`codec`]).
    pub fn store_value(&self, field: Field, value: Value, at: &Record, out: &mut String) -> Result<(), TranslateError> {
        codec::store(value, self.offset_or_err(field)?, at, out)
    }

    /// Statements assigning `place` from `field`, the inverse of [`Self::store_value`].
    pub fn load_value(&self, field: Field, place: Value, at: &Record, out: &mut String) -> Result<(), TranslateError> {
        codec::load(place, self.offset_or_err(field)?, at, out)
    }

    /// In naga IR: the `vec4<f32>` of `field` of the record whose first slot is `base` in
    /// `records` ([`Self::vec4`]).
    pub(crate) fn vec4_ir(
        &self,
        field: Field,
        b: &mut FunctionBuilder,
        records: Handle<GlobalVariable>,
        base: Handle<Expression>,
    ) -> Result<Handle<Expression>, TranslateError> {
        self.vec4_ir_at(field, 0, b, records, base)
    }

    /// In naga IR: the `vec4<f32>` in slot `j` of `field` ([`Self::float_group`]).
    pub(crate) fn vec4_ir_at(
        &self,
        field: Field,
        j: u32,
        b: &mut FunctionBuilder,
        records: Handle<GlobalVariable>,
        base: Handle<Expression>,
    ) -> Result<Handle<Expression>, TranslateError> {
        let index = b.offset(base, self.offset_or_err(field)? + j);
        Ok(b.load_element(records, index))
    }

    /// In naga IR: the value of type `ty` (of `b`'s module) that `field` of the record whose
    /// first slot is `base` in `records` holds ([`Self::load_value`]).
    pub(crate) fn load_value_ir(
        &self,
        field: Field,
        stage: Stage,
        b: &mut FunctionBuilder,
        records: Handle<GlobalVariable>,
        base: Handle<Expression>,
        ty: Handle<Type>,
    ) -> Result<Handle<Expression>, TranslateError> {
        let mut next = self.offset_or_err(field)?;
        let mut slot = |b: &mut FunctionBuilder, k: u32| {
            let index = b.offset(base, k);
            b.load_element(records, index)
        };
        codec::load_ir(stage, b, ty, &mut slot, &mut next)
    }

    /// In naga IR: stores `value`, of type `ty` (of `b`'s module), to `field` of the record
    /// whose first slot is `base` in `records` ([`Self::store_value`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store_value_ir(
        &self,
        field: Field,
        stage: Stage,
        b: &mut FunctionBuilder,
        records: Handle<GlobalVariable>,
        base: Handle<Expression>,
        value: Handle<Expression>,
        ty: Handle<Type>,
    ) -> Result<(), TranslateError> {
        let mut next = self.offset_or_err(field)?;
        let mut slot = |b: &mut FunctionBuilder, k: u32, packed: Handle<Expression>| {
            let index = b.offset(base, k);
            let pointer = b.element_pointer(records, index);
            b.store(pointer, packed);
        };
        codec::store_ir(stage, b, value, ty, &mut slot, &mut next)
    }

    /// In naga IR: stores the `vec4<f32>` `value` to slot `j` of `field` of the record whose
    /// first slot is `base` in `records`.
    pub(crate) fn store_slot_ir(
        &self,
        field: Field,
        j: u32,
        b: &mut FunctionBuilder,
        records: Handle<GlobalVariable>,
        base: Handle<Expression>,
        value: Handle<Expression>,
    ) -> Result<(), TranslateError> {
        let index = b.offset(base, self.offset_or_err(field)? + j);
        let pointer = b.element_pointer(records, index);
        b.store(pointer, value);
        Ok(())
    }

    /// Statements storing the `n` floats `access[0..n]` to `field`, four to a slot.
    pub fn store_floats(&self, field: Field, access: &str, n: u32, at: &Record, out: &mut String) -> Result<(), TranslateError> {
        let first = self.offset_or_err(field)?;
        for j in 0..n.div_ceil(4) {
            let comps: Vec<String> =
                (0..4).map(|c| if j * 4 + c < n { format!("{access}[{}]", j * 4 + c) } else { "0.0".into() }).collect();
            out.push_str(&format!("    {} = vec4<f32>({});\n", at.slot(first + j), comps.join(", ")));
        }
        Ok(())
    }

    /// A statement storing the WGSL `u32` expression `value` to the one-slot `field`.
    pub fn store_u32(&self, field: Field, value: &str, at: &Record, out: &mut String) -> Result<(), TranslateError> {
        self.store_vec4(field, &format!("vec4<f32>(bitcast<f32>({value}), 0.0, 0.0, 0.0)"), at, out)
    }

    /// The `u32` expression of the one-slot `field`, the inverse of [`Self::store_u32`].
    pub fn u32(&self, field: Field, at: &Record) -> Result<String, TranslateError> {
        Ok(format!("bitcast<u32>({}.x)", self.vec4(field, at)?))
    }

    /// The float number `index` (a WGSL `u32` expression) of `field`.
    pub fn float(&self, field: Field, at: &Record, index: &str) -> Result<String, TranslateError> {
        let first = self.offset_or_err(field)?;
        Ok(format!("{}[{} + {first}u + {index} / 4u][{index} % 4u]", at.buffer, at.base))
    }

    /// The slot of float group `j` (floats `4j..4j+4`) of `field`, as a `vec4<f32>`.
    pub fn float_group(&self, field: Field, at: &Record, j: u32) -> Result<String, TranslateError> {
        Ok(at.slot(self.offset_or_err(field)? + j))
    }
}

/// A record buffer `name: array<vec4<f32>>` at `binding`, declared in naga IR (read-only unless
/// `writes`): [`declaration`]'s counterpart.
pub(crate) fn declare_ir(module: &mut naga::Module, name: &str, binding: naga::ResourceBinding, writes: bool) -> Handle<GlobalVariable> {
    let access = if writes { naga::StorageAccess::LOAD | naga::StorageAccess::STORE } else { naga::StorageAccess::LOAD };
    let slot = crate::emulate::ir::vec4(naga::ScalarKind::Float);
    crate::emulate::ir::storage_array(module, name, slot, SLOT_BYTES as u32, access, binding)
}

/// The WGSL declaration of a record buffer: `binding` is its `@group(..) @binding(..)`
/// attribute, `access` `read` or `read_write`.
pub fn declaration(binding: &str, access: &str, name: &str) -> String {
    format!("{binding} var<storage, {access}> {name}: array<{SLOT}>;")
}

#[cfg(test)]
mod tests;
