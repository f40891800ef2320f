//! Tesserae's fuzzing library: generators, oracles and the entry points of the fuzz targets.
//!
//! * [`gen`]: structured generators driven by [`arbitrary`], valid by construction. The main one
//!   builds a vertex + fragment pipeline as a small AST ([`gen::PipelineSpec`]) and emits it as
//!   SPIR-V with rspirv ([`gen::spirv`]); [`gen::Features`] switches language features on and
//!   off (clip and cull distances, points, tessellation, resources, control flow).
//! * [`oracle`]: checks that panic on a bug (translator output that does not validate, a
//!   refusal of a supported feature, a broken tessellation...), and the signatures of known
//!   driver bugs the differential fuzzer recognises.
//! * [`targets`]: one function per cargo-fuzz target, `fn(&[u8])`; the files in
//!   `fuzz_targets/` only call these, and the seeded smoke tests (`tests/smoke.rs`) call them too.
//! * [`differential`]: the differential fuzzer (native Vulkan vs translated through wgpu),
//!   run by `cargo xtask fuzz --differential`.
//! * [`metamorphic`]: the metamorphic fuzzer (variants of corpus tests and generated pipelines
//!   that must render as the original), run by `cargo xtask fuzz metamorphic`.
//! * [`shader_test`]: the harness's `.shader_test` parser, compiled from its source file so the
//!   fuzz targets do not link wgpu, ash and glslang (see the module's documentation).
//!
//! The crate builds on the stable toolchain as an ordinary workspace member; libFuzzer is only
//! linked under `cfg(fuzzing)` (set by cargo-fuzz).

pub mod cli;
pub mod differential;
pub mod gen;
pub mod metamorphic;
pub mod oracle;
pub mod rng;
pub mod shader_test;
pub mod shader_test_out;
pub mod targets;
