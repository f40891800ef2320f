//! Records: how a pass hands per-vertex (or per-patch) values to a later pass.
//!
//! A record is [`RecordLayout::stride`] slots of a storage buffer `array<vec4<f32>>` (record
//! `i` starts at slot `i * stride`). The [`RecordLayout`] of a producer owns where each
//! [`Field`] lies, and builds both the code (naga IR) that stores a field and the code that reads it,
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
//! or its fixed fields and then locations), stores with [`RecordLayout::store_slot`],
//! [`RecordLayout::store_value`] and [`RecordLayout::store_u32`] in the producing pass (in naga
//! IR, [`crate::emulate::ir`]), reads with the matching [`RecordLayout::vec4`],
//! [`RecordLayout::load_value`] and [`RecordLayout::u32`] in the consuming one, declares the
//! buffer with [`declare`] (or [`declaration`] in a template), and sizes it with
//! [`RecordLayout::bytes`].

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

    /// The `vec4<f32>` of `field` of the record whose first slot is `base` in
    /// `records`.
    pub(crate) fn vec4(
        &self,
        field: Field,
        b: &mut FunctionBuilder,
        records: Handle<GlobalVariable>,
        base: Handle<Expression>,
    ) -> Result<Handle<Expression>, TranslateError> {
        self.vec4_at(field, 0, b, records, base)
    }

    /// The `vec4<f32>` in slot `j` of `field` (distances `4j..4j+4`).
    pub(crate) fn vec4_at(
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

    /// The `u32` of the one-slot `field` (its `x`, bitcast).
    pub(crate) fn u32(
        &self,
        field: Field,
        b: &mut FunctionBuilder,
        records: Handle<GlobalVariable>,
        base: Handle<Expression>,
    ) -> Result<Handle<Expression>, TranslateError> {
        let slot = self.vec4(field, b, records, base)?;
        let x = b.first_components(slot, 1);
        Ok(b.bitcast(x, naga::ScalarKind::Uint))
    }

    /// Stores the `u32` `value` to the one-slot `field` (its bits as `x`, the rest
    /// zero), the inverse of [`Self::u32`].
    pub(crate) fn store_u32(
        &self,
        field: Field,
        b: &mut FunctionBuilder,
        records: Handle<GlobalVariable>,
        base: Handle<Expression>,
        value: Handle<Expression>,
    ) -> Result<(), TranslateError> {
        let bits = b.bitcast(value, naga::ScalarKind::Float);
        let slot = b.widen_f32(vec![bits], 1);
        self.store_slot(field, 0, b, records, base, slot)
    }

    /// The value of type `ty` (of `b`'s module) that `field` of the record whose
    /// first slot is `base` in `records` holds, the inverse of [`Self::store_value`].
    pub(crate) fn load_value(
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
        codec::load(stage, b, ty, &mut slot, &mut next)
    }

    /// Stores `value`, of type `ty` (of `b`'s module), to `field` of the record
    /// whose first slot is `base` in `records`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store_value(
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
            b.store_element(records, index, packed);
        };
        codec::store(stage, b, value, ty, &mut slot, &mut next)
    }

    /// Stores the `vec4<f32>` `value` to slot `j` of `field` of the record whose
    /// first slot is `base` in `records`.
    pub(crate) fn store_slot(
        &self,
        field: Field,
        j: u32,
        b: &mut FunctionBuilder,
        records: Handle<GlobalVariable>,
        base: Handle<Expression>,
        value: Handle<Expression>,
    ) -> Result<(), TranslateError> {
        let index = b.offset(base, self.offset_or_err(field)? + j);
        b.store_element(records, index, value);
        Ok(())
    }
}

/// A record buffer `name: array<vec4<f32>>` at `binding`, declared in naga IR (read-only unless
/// `writes`): [`declaration`]'s counterpart.
pub(crate) fn declare(module: &mut naga::Module, name: &str, binding: naga::ResourceBinding, writes: bool) -> Handle<GlobalVariable> {
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
