//! What the harness, the fuzzers and xtask share without a GPU: result statuses and their CSV
//! form ([`status`]), the run's files of rows ([`rows`]) and expectations ([`expectations`]),
//! the render child's protocol and its timeout-guarded process ([`child`]), RGBA images and
//! their comparison ([`image`]), corpus discovery ([`corpus`]).

pub mod child;
pub mod corpus;
pub mod expectations;
pub mod image;
pub mod rows;
pub mod status;

pub use status::Status;
