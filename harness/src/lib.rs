//! Tesserae's differential conformance harness: the `.shader_test` corpus, executors that
//! render it natively (ash) and translated (wgpu), oracles, and the runner with its reports.

pub mod amber;
pub mod compile;
pub mod executor;
pub mod freeze;
pub mod image;
pub mod oracle;
pub mod runner;
pub use tesserae_shader_test as shader_test;
pub mod tess_sweep;
pub mod through_geometry;
