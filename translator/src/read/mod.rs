//! Reading and checking: a stage's words read ([`spirv_reader`], [`spirv_view`]), checked
//! ([`module_checks`]) and reflected ([`reflect`]); the stages' interfaces matched
//! ([`interface`]) and their descriptors found ([`descriptors`]). The lowest layer: it imports
//! only the shared modules (`desc`, `error`, `profile`); loading, which also normalizes, is
//! `lower::load`.

pub mod descriptors;
pub mod interface;
pub mod module_checks;
pub mod reflect;
pub(crate) mod refusals;
pub(crate) mod spare;
pub mod spirv_reader;
pub mod spirv_view;
