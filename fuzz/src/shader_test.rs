//! The `.shader_test` reader the harness runs (crate `tesserae-shader-test`, which has no GPU or
//! compiler dependencies, so it builds quickly under cargo-fuzz and OSS-Fuzz).

pub use tesserae_shader_test::*;
