//! Output: the lowered SPIR-V through naga to validated WGSL ([`wgsl`], [`wgsl_layout`],
//! [`naga_repairs`], [`deep_expressions`]), and the plan that carries it ([`plan`]): its
//! resources ([`resources`]) and the emulation's bind group ([`emulation`]). Every path ends
//! here, the emulation's passes included (they parse, link and write their kernels through
//! [`wgsl`] and build [`plan`]'s passes), so this layer sits below emulation: it imports
//! reading, lowering and the tessellator, never [`crate::emulate`].

pub mod deep_expressions;
pub mod emulation;
pub mod naga_repairs;
pub mod plan;
pub mod resources;
pub mod wgsl;
pub mod wgsl_layout;
