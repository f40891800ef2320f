//! Oracles: each checks one promise and panics (with what to report) when it is broken.

pub mod driver_bugs;
pub mod known;
pub mod platform;
pub mod shader_test;
pub mod tessellator;
pub mod translate;

pub use translate::{check_plan, check_wgsl, pipeline, spirv_words};
