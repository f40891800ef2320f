//! `cargo xtask fuzz --coverage TARGET`: the share of the translator's lines and functions a
//! fuzz target's corpus (seeds and `fuzz/corpus_run/TARGET`) reaches. The target's body runs on
//! every input through `replay`, built with `-C instrument-coverage` in its own target
//! directory (`target/coverage`); `llvm-profdata` and `llvm-cov` come from rustup's
//! `llvm-tools` component (`rustup component add llvm-tools`).

use std::path::{Path, PathBuf};
use xshell::{cmd, Shell};

fn llvm_tool(sh: &Shell, name: &str) -> Result<PathBuf, Box<dyn std::error::Error>> {
    let sysroot = cmd!(sh, "rustc --print sysroot").read()?;
    let host = cmd!(sh, "rustc -vV").read()?.lines().find_map(|l| l.strip_prefix("host: ").map(str::to_string)).unwrap_or_default();
    let p = Path::new(sysroot.trim()).join("lib/rustlib").join(host).join("bin").join(name);
    if !p.exists() {
        return Err(format!("{} not found: rustup component add llvm-tools", p.display()).into());
    }
    Ok(p)
}

pub fn coverage(sh: &Shell, target: &str) -> Result<u8, Box<dyn std::error::Error>> {
    let (profdata, llvm_cov) = (llvm_tool(sh, "llvm-profdata")?, llvm_tool(sh, "llvm-cov")?);
    let root = sh.current_dir();
    let target_dir = crate::target_dir(sh).join("coverage");
    let profiles = target_dir.join(format!("profiles-{target}"));
    let _ = std::fs::remove_dir_all(&profiles);
    std::fs::create_dir_all(&profiles)?;
    {
        let _flags = sh.push_env("RUSTFLAGS", "-C instrument-coverage");
        let _dir = sh.push_env("CARGO_TARGET_DIR", &target_dir);
        cmd!(sh, "cargo build --quiet -p tesserae-fuzz --bin replay").run()?;
    }
    let replay = target_dir.join("debug/replay");
    let corpus: Vec<PathBuf> =
        [root.join("fuzz/corpus").join(target), root.join("fuzz/corpus_run").join(target)].into_iter().filter(|p| p.exists()).collect();
    let corpus_dirs = corpus.len();
    {
        let _profile = sh.push_env("LLVM_PROFILE_FILE", profiles.join("replay-%p-%m.profraw"));
        cmd!(sh, "{replay} {target} {corpus...}").run()?;
    }
    let raw: Vec<PathBuf> =
        std::fs::read_dir(&profiles)?.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "profraw")).collect();
    let merged = profiles.join("merged.profdata");
    cmd!(sh, "{profdata} merge -sparse {raw...} -o {merged}").run()?;
    // Only the translator's sources: everything else (dependencies, the fuzz crate) is noise.
    let translator = root.join("translator/src");
    let report = cmd!(sh, "{llvm_cov} report {replay} -instr-profile={merged} {translator}").read()?;
    println!("coverage of translator/src by the `{target}` corpus ({corpus_dirs} corpus dirs):");
    println!("{report}");
    Ok(0)
}
