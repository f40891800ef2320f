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

use spirv::BuiltIn;

/// `PointSize` becomes the private variable [`points::POINT_SIZE_GLOBAL`], which the point
/// kernels read.
pub(crate) fn demote_point_size(module: &mut rspirv::dr::Module) {
    for var in crate::lower::builtin_output::demote(module, BuiltIn::PointSize) {
        crate::lower::builtin_output::name_variable(module, var, points::POINT_SIZE_GLOBAL);
    }
}

/// `CullDistance` becomes the private array [`vertex_function::CULL_GLOBAL`].
pub(crate) fn demote_cull(module: &mut rspirv::dr::Module) {
    for var in crate::lower::builtin_output::demote(module, BuiltIn::CullDistance) {
        crate::lower::builtin_output::name_variable(module, var, vertex_function::CULL_GLOBAL);
    }
}
