//! Emulation: the passes that do in compute and in generated kernels what WebGPU lacks in
//! fixed function. Point expansion ([`points`]), the primitive pass for cull distances
//! ([`cull`]), tessellation ([`tessellation`], over [`crate::tessellator`]), the geometry
//! stage ([`geometry`]), the records they hand each other ([`records`]), vertex pulling
//! ([`vertex_pulling`]) and the stage as a function a kernel calls ([`vertex_function`],
//! [`link`]).

pub mod cull;
pub mod geometry;
pub mod link;
pub mod points;
pub mod records;
pub mod tessellation;
pub mod vertex_function;
pub mod vertex_pulling;
