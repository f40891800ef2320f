//! `cargo xtask bisect --good REV --bad REV --filter TEST`: `git bisect run` over this
//! repository, in a temporary `git worktree` (the user's tree and its uncommitted work are
//! never checked out over), with `xtask bisect-step` as the test: build the harness (dev
//! profile, the shared target directory, so steps are incremental) and run the selected
//! tests. Prints the first bad commit, then resets the bisection and removes the worktree.

use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(clap::Args, Clone)]
pub struct StepArgs {
    /// Glob over test names, as the harness's --filter.
    #[arg(long)]
    pub filter: String,
    /// wgpu backends for the harness: vulkan, gl or all (default: the harness's).
    #[arg(long)]
    pub backend: Option<String>,
    /// Vulkan ICD manifest, passed as VK_DRIVER_FILES (old commits lack --driver).
    #[arg(long, value_name = "MANIFEST")]
    pub driver: Option<PathBuf>,
}

#[derive(clap::Args)]
pub struct BisectArgs {
    /// A commit where the selected tests pass.
    #[arg(long)]
    pub good: String,
    /// A commit where they fail.
    #[arg(long)]
    pub bad: String,
    #[command(flatten)]
    pub step: StepArgs,
}

fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git").current_dir(dir).args(args).output().map_err(|e| format!("git: {e}"))?;
    if !out.status.success() {
        return Err(format!("git {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The commit `git bisect log` names as the first bad one, if the bisection ended with one.
pub fn first_bad(log: &str) -> Option<String> {
    let l = log.lines().rev().find_map(|l| l.strip_prefix("# first bad commit: ["))?;
    Some(l.split(']').next()?.to_string())
}

/// Returns 0 when the first bad commit was found, 2 when the bisection could not tell.
pub fn bisect(root: &Path, target_dir: &Path, args: &BisectArgs) -> Result<u8, String> {
    let good = git(root, &["rev-parse", "--verify", &format!("{}^{{commit}}", args.good)])?;
    let bad = git(root, &["rev-parse", "--verify", &format!("{}^{{commit}}", args.bad)])?;
    let scratch = std::env::temp_dir().join(format!("tesserae-bisect-{}", std::process::id()));
    let tree = scratch.join("tree");
    std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
    // A copy of this xtask runs the steps: the target directory's may be rebuilt meanwhile.
    let step = scratch.join("xtask-step");
    std::fs::copy(std::env::current_exe().map_err(|e| e.to_string())?, &step).map_err(|e| format!("copying xtask: {e}"))?;
    git(root, &["worktree", "add", "--detach", &tree.to_string_lossy(), &bad])?;
    let result = (|| {
        git(&tree, &["bisect", "start", &bad, &good])?;
        let mut cmd = Command::new("git");
        cmd.current_dir(&tree).args(["bisect", "run"]).arg(&step).arg("bisect-step");
        cmd.arg("--filter").arg(&args.step.filter).arg("--scratch").arg(&scratch);
        if let Some(b) = &args.step.backend {
            cmd.arg("--backend").arg(b);
        }
        if let Some(d) = &args.step.driver {
            cmd.arg("--driver").arg(std::path::absolute(d).map_err(|e| e.to_string())?);
        }
        cmd.env("CARGO_TARGET_DIR", target_dir);
        let status = cmd.status().map_err(|e| format!("git bisect run: {e}"))?;
        let log = git(&tree, &["bisect", "log"])?;
        match first_bad(&log) {
            Some(sha) => {
                println!("\nfirst bad commit:\n{}", git(&tree, &["show", "--stat", "--format=%H%n%an, %ad%n%n    %s%n", &sha])?);
                Ok(0)
            }
            None => {
                eprintln!("git bisect run ended ({status}) without naming a first bad commit:\n{log}");
                Ok(2)
            }
        }
    })();
    let _ = git(&tree, &["bisect", "reset"]);
    let _ = git(root, &["worktree", "remove", "--force", &tree.to_string_lossy()]);
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

/// One step, in the bisection's worktree: 0 good, 1 bad, 125 cannot tell (build broken,
/// nothing rendered, the harness failed to run). Never 128 or more, which aborts `git bisect`.
pub fn step(args: &StepArgs, scratch: &Path) -> u8 {
    let head = git(Path::new("."), &["rev-parse", "--short", "HEAD"]).unwrap_or_default();
    let built = Command::new("cargo").args(crate::BUILD_BINS).status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("bisect-step {head}: the harness does not build: skip");
        return 125;
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("target"));
    let exe = scratch.join("tesserae-harness");
    if let Err(e) = std::fs::copy(target.join("debug/tesserae-harness"), &exe) {
        eprintln!("bisect-step {head}: copying the harness: {e}: skip");
        return 125;
    }
    let mut cmd = Command::new(&exe);
    cmd.args(["run", "--filter", &args.filter]).arg("--out").arg(scratch.join(format!("run-{head}")));
    if let Some(b) = &args.backend {
        cmd.arg("--backend").arg(b);
    }
    if let Some(d) = &args.driver {
        cmd.env("VK_DRIVER_FILES", d).env("VK_ICD_FILENAMES", d);
    }
    let exit = cmd.status().ok().and_then(|s| s.code());
    let (code, word) = match exit {
        Some(0) => (0, "good"),
        Some(1) => (1, "bad"),
        _ => (125, "skip"),
    };
    eprintln!("bisect-step {head}: harness exit {exit:?}: {word}");
    code
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_the_first_bad_commit_from_the_log() {
        let log = "git bisect start 'b' 'g'\n# bad: [b] x\ngit bisect bad b\n# first bad commit: [0123abc] Break it\n";
        assert_eq!(super::first_bad(log).as_deref(), Some("0123abc"));
        assert_eq!(super::first_bad("# skip: [x] y\n"), None);
    }
}
