//! Error types of the translator, one enum per layer.
//!
//! [`LoadError`] comes from reading SPIR-V, [`TranslateError`] from the pipeline-level steps
//! (interface checks, refusals, lowering, naga). Every error names the stage it is about.

use crate::desc::Stage;

/// Reading and reflecting one SPIR-V module failed.
#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum LoadError {
    #[error("SPIR-V is empty")]
    Empty,
    #[error("SPIR-V is {len} bytes, not a multiple of 4")]
    NotWords { len: usize },
    #[error("bad SPIR-V magic number {found:#010x} (expected 0x07230203)")]
    BadMagic { found: u32 },
    #[error("SPIR-V header is truncated ({words} words, need 5)")]
    TruncatedHeader { words: usize },
    #[error("malformed SPIR-V: {0}")]
    Parse(String),
    #[error("module has no entry point")]
    NoEntryPoint,
    #[error("entry point `{name}` not found (module has: {available})")]
    EntryPointNotFound { name: String, available: String },
    #[error("entry point `{name}` uses execution model {model}, which Tesserae does not translate")]
    UnknownExecutionModel { name: String, model: String },
    #[error("malformed SPIR-V: {0}")]
    Malformed(String),
    /// Valid SPIR-V that Tesserae refuses while loading ([`TranslateError::load`] turns it into
    /// [`TranslateError::Unsupported`]).
    #[error("unsupported feature: {0}")]
    Unsupported(String),
}

/// A pipeline could not be translated.
#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum TranslateError {
    #[error("{stage} stage: {source}")]
    Load {
        stage: Stage,
        #[source]
        source: LoadError,
    },
    #[error("{stage} stage: unsupported feature: {feature}")]
    Unsupported { feature: String, stage: Stage },
    #[error("tessellation control and evaluation stages must come together (only {present} given)")]
    IncompleteTessellation { present: Stage },
    #[error("stage interface mismatch: {producer} output {producer_var} vs {consumer} input {consumer_var}: {reason}")]
    InterfaceMismatch { producer: Stage, producer_var: String, consumer: Stage, consumer_var: String, reason: String },
    #[error("{consumer} input {consumer_var} has no matching {producer} output")]
    InterfaceMissing { producer: Stage, consumer: Stage, consumer_var: String },
    #[error("invalid pipeline description: {0}")]
    InvalidDesc(String),
    #[error("{stage} stage: naga could not read the lowered SPIR-V: {message}")]
    NagaFrontend { stage: Stage, message: String },
    #[error("{stage} stage: naga validation failed: {message}")]
    NagaValidation { stage: Stage, message: String },
    #[error("{stage} stage: naga could not write WGSL: {message}")]
    NagaBackend { stage: Stage, message: String },
    #[error("the plan breaks its invariants (translator bug): {0}")]
    InvalidPlan(String),
    #[error("{stage} stage: generated WGSL does not validate (translator bug): {message}\n{wgsl}")]
    WgslRoundTrip { stage: Stage, message: String, wgsl: String },
}

impl TranslateError {
    pub(crate) fn unsupported(stage: Stage, feature: impl Into<String>) -> Self {
        TranslateError::Unsupported { feature: feature.into(), stage }
    }

    /// Loading `stage` failed; a refusal met while loading stays a refusal.
    pub fn load(stage: Stage, source: LoadError) -> Self {
        match source {
            LoadError::Unsupported(feature) => TranslateError::Unsupported { feature, stage },
            source => TranslateError::Load { stage, source },
        }
    }
}
