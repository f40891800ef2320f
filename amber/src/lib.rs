//! AmberScript (`.amber`) and VkScript (`.vkscript`), the test formats of Amber and of the Vulkan CTS's Amber tests: its
//! reader and the checks of its `EXPECT` commands over buffer contents. No GPU, no compiler:
//! executors run the commands and hand the buffers they read back to [`verify`].
//!
//! [`parse`] takes valid Amber whole or refuses it with a [`ParseError`] of kind
//! [`ErrorKind::Unsupported`] naming the command and line Tesserae cannot run (ray tracing,
//! OpenCL, files outside the script); [`ErrorKind::Malformed`] is kept for text that is not
//! Amber. Parsing never panics, whatever the text.

mod lexer;
mod parse;
pub mod script;
pub mod types;
pub mod verify;
mod vkscript;

pub use script::*;
pub use types::{DataType, ElementLayout, Field, Format, Layout, NumKind, Scalar, Value};

use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// Not valid AmberScript.
    Malformed,
    /// Valid AmberScript that Tesserae does not run.
    Unsupported,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}:{line}: {}{message}", file.display(), if *kind == ErrorKind::Unsupported { "not supported: " } else { "" })]
pub struct ParseError {
    pub file: PathBuf,
    pub line: usize,
    pub kind: ErrorKind,
    pub message: String,
}

/// Reads and parses a script; `name` is its `area/name`.
pub fn load(path: &Path, name: &str) -> Result<Script, ParseError> {
    let text = std::fs::read_to_string(path).map_err(|e| ParseError {
        file: path.to_path_buf(),
        line: 0,
        kind: ErrorKind::Malformed,
        message: format!("cannot read: {e}"),
    })?;
    parse(path, name, &text)
}

/// Parses the text of a script: AmberScript when it starts with `#!amber`, else VkScript (as
/// Amber decides).
pub fn parse(path: &Path, name: &str, text: &str) -> Result<Script, ParseError> {
    if text.trim_start().starts_with("#!amber") {
        parse::Parser::new(path, name, text).parse()
    } else {
        vkscript::parse(path, name, text)
    }
}
