//! What one emission of a geometry stage stores: the outputs the lowered stage's module holds,
//! the record they make, and the varyings the draw passes to the fragment stage.

use super::{CLIP_GLOBAL, LAYER_GLOBAL, VIEWPORT_GLOBAL};
use crate::lower::tess_io::{IoRole, IoVar};
use crate::records::{Field, RecordLayout};
use crate::tessellation::module_items::global;
use crate::vertex_function;

/// What one emission stores, found in the lowered stage's module.
pub(super) struct GeometryOutputs<'v> {
    /// The user varyings: (interface variable, location).
    pub(super) locations: Vec<(&'v IoVar, u32)>,
    pub(super) clip_distances: u32,
    pub(super) cull_distances: u32,
    /// The fragment stage reads `PrimitiveId`: the stage's output, or the input primitive's ID
    /// when it writes none (Vulkan leaves that undefined).
    pub(super) primitive_id: bool,
    /// The stage writes `Layer`.
    pub(super) layer: bool,
    /// The stage writes `ViewportIndex`.
    pub(super) viewport: bool,
    /// Points drawn as squares: records hold (size, keep) and no distances, which decide
    /// `keep` at the emission.
    pub(super) sprites: bool,
}

impl<'v> GeometryOutputs<'v> {
    pub(super) fn of(module: &naga::Module, vars: &'v [IoVar], clip_distances: u32, cull_distances: u32, primitive_id: bool) -> Self {
        let mut locations: Vec<(&IoVar, u32)> = vars
            .iter()
            .filter(|v| !v.input && global(module, &v.name).is_some())
            .filter_map(|v| match v.role {
                IoRole::Location { location, .. } => Some((v, location)),
                _ => None,
            })
            .collect();
        locations.sort_by_key(|(_, l)| *l);
        let clip_distances = if global(module, CLIP_GLOBAL).is_some() { clip_distances } else { 0 };
        let cull_distances = if global(module, vertex_function::CULL_GLOBAL).is_some() { cull_distances } else { 0 };
        let layer = global(module, LAYER_GLOBAL).is_some();
        let viewport = global(module, VIEWPORT_GLOBAL).is_some();
        GeometryOutputs { locations, clip_distances, cull_distances, primitive_id, layer, viewport, sprites: false }
    }

    /// The emitted vertex's record: position, the varyings by location, clip distances, cull
    /// distances.
    pub(super) fn layout(&self, module: &naga::Module) -> RecordLayout {
        let mut layout = RecordLayout::packed();
        layout.add(Field::Position, 1);
        if self.sprites {
            layout.add(Field::PointSizeKeep, 1);
        }
        for (v, location) in &self.locations {
            if let Some(ty) = global(module, &v.name) {
                layout.add_location(*location, module, ty);
            }
        }
        if self.sprites {
            return layout;
        }
        if self.clip_distances > 0 {
            layout.add_distances(Field::ClipDistances, self.clip_distances);
        }
        if self.cull_distances > 0 {
            layout.add_distances(Field::CullDistances, self.cull_distances);
        }
        if self.primitive_id {
            layout.add(Field::PrimitiveId, 1);
        }
        if self.layer {
            layout.add(Field::Layer, 1);
        }
        if self.viewport {
            layout.add(Field::ViewportIndex, 1);
        }
        layout
    }

    /// The varyings the draw outputs: those the fragment stage reads, each with the binding
    /// (interpolation and sampling) the fragment stage's naga module gives its input, which
    /// WebGPU requires the vertex output to repeat.
    pub(super) fn varyings(&self, module: &naga::Module, fragment: Option<&naga::Module>) -> Vec<vertex_function::Output> {
        let Some(fragment) = fragment else { return Vec::new() };
        let mut out = Vec::new();
        for (v, location) in &self.locations {
            let Some(binding) = fragment_input(fragment, *location) else { continue };
            let Some(ty) = global(module, &v.name) else { continue };
            out.push(vertex_function::Output { member: None, binding, ty });
        }
        out
    }
}

/// The binding of the fragment entry point's input at `location` (an argument, or a member of
/// an argument's struct).
fn fragment_input(fragment: &naga::Module, location: u32) -> Option<naga::Binding> {
    let ep = fragment.entry_points.iter().find(|e| e.stage == naga::ShaderStage::Fragment)?;
    let at = |b: &Option<naga::Binding>| matches!(b, Some(naga::Binding::Location { location: l, .. }) if *l == location);
    for a in &ep.function.arguments {
        if at(&a.binding) {
            return a.binding.clone();
        }
        if let naga::TypeInner::Struct { members, .. } = &fragment.types[a.ty].inner {
            if let Some(m) = members.iter().find(|m| at(&m.binding)) {
                return m.binding.clone();
            }
        }
    }
    None
}
