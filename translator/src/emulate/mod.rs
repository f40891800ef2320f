//! Emulation: the passes that do in compute and in generated kernels what WebGPU lacks in
//! fixed function. Point expansion ([`points`]), the primitive pass for cull distances
//! ([`cull`]), tessellation ([`tessellation`], over [`crate::tessellator`]), the geometry
//! stage ([`geometry`]), transform feedback's capture ([`capture`]), the records they hand each other ([`records`]), vertex pulling
//! ([`vertex_pulling`]) and the stage as a function a kernel calls ([`vertex_function`],
//! [`link`]). Above output (it writes its passes through it); only the driver (`lib.rs`,
//! `shape/`, `compute.rs`) imports it.

pub mod capture;
pub mod cull;
pub mod geometry;
pub(crate) mod ir;
pub mod link;
pub mod points;
pub mod record_draw;
pub mod records;
pub mod tessellation;
pub mod vertex_function;
pub mod vertex_pulling;
pub mod vertex_records;

/// What the fragment stage's lowering found: its `PrimitiveId` input as a flat varying
/// (location, WGSL type), when it has one and the shape moves it.
pub(crate) type PrimitiveIdVarying = Option<(u32, &'static str)>;

use crate::lower::builtin_output;
use crate::reflect::LoadedModule;
use spirv::BuiltIn;

/// The stage's built-in output `b` becomes private variables ([`lower::builtin_output`]), named
/// `name` where the emulation's kernels read them; a stage without it is left as it is (not
/// rebuilt as rspirv's module).
pub(crate) fn demote_output(stage: &mut LoadedModule, b: BuiltIn, name: Option<&'static str>) {
    stage.lower(
        |view| builtin_output::applies(view, b),
        |module| {
            let vars = builtin_output::demote(module, b);
            if let Some(name) = name {
                for &var in &vars {
                    builtin_output::name_variable(module, var, name);
                }
            }
            !vars.is_empty()
        },
    );
}

/// `PointSize` becomes the private variable [`points::POINT_SIZE_GLOBAL`], which the point
/// kernels read.
pub(crate) fn demote_point_size(stage: &mut LoadedModule) {
    demote_output(stage, BuiltIn::PointSize, Some(points::POINT_SIZE_GLOBAL));
}

/// `CullDistance` becomes the private array [`vertex_function::CULL_GLOBAL`].
pub(crate) fn demote_cull(stage: &mut LoadedModule) {
    demote_output(stage, BuiltIn::CullDistance, Some(vertex_function::CULL_GLOBAL));
}
