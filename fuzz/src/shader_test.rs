//! The harness's `.shader_test` parser, compiled from its own source files.
//!
//! `tesserae-harness` links wgpu, ash and glslang (C++ built with `cc`); under cargo-fuzz and
//! OSS-Fuzz every dependency is rebuilt with sanitizers and coverage, which makes that a long
//! and fragile build for a target that only needs the parser. The parser module
//! (`harness/src/shader_test/`) only uses `std`, `thiserror` and `tesserae`, so it is included
//! here by path: the fuzz target exercises exactly the code the harness runs.
//!
//! If the parser moves to its own crate, replace this file with `pub use that_crate::*;`.

#[allow(dead_code, unused_imports)]
#[path = "../../harness/src/shader_test/mod.rs"]
mod parser;

pub use parser::*;
