//! `cargo xtask fuzz` and `cargo xtask oss-fuzz-build` (being written; see fuzz/README.md).

use xshell::Shell;

#[derive(clap::Args)]
pub struct FuzzArgs {
    /// Target name (spirv_words, pipeline, tessellator, shader_test).
    pub target: Option<String>,
    #[arg(long, default_value_t = 60)]
    pub seconds: u64,
    /// Run the differential fuzzer (native driver vs translated) instead of a libFuzzer target.
    #[arg(long)]
    pub differential: bool,
}

#[derive(clap::Args)]
pub struct OssFuzzArgs {
    /// Output directory ($OUT); default target/oss-fuzz-out.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

pub fn fuzz(_sh: &Shell, _args: &FuzzArgs) -> Result<u8, Box<dyn std::error::Error>> {
    Err("cargo xtask fuzz is not built yet".into())
}

pub fn oss_fuzz_build(_sh: &Shell, _args: &OssFuzzArgs) -> Result<u8, Box<dyn std::error::Error>> {
    Err("cargo xtask oss-fuzz-build is not built yet".into())
}
