//! tools/bisect-driver-step.sh against a fake driver history: a throwaway git repository
//! whose commits change the manifest the step uses and the references it compares with.
//! Lavapipe cannot be made to render wrongly, so the "bad" driver is simulated by a changed
//! expected image (a reference of another test). Skipped, saying why, without a built
//! harness binary or lavapipe.

use std::path::{Path, PathBuf};
use std::process::Command;

const LAVAPIPE: &str = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// `TESSERAE_HARNESS`, else the harness next to this test's target directory.
fn harness() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TESSERAE_HARNESS") {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    let exe = std::env::current_exe().ok()?;
    let p = exe.parent()?.parent()?.join("tesserae-harness");
    p.is_file().then_some(p)
}

/// Says why the test does not run; with `TESSERAE_REQUIRE_DEVICE=1` (CI, which installs
/// lavapipe and builds the harness with the workspace's tests) it fails instead.
fn skip(why: &str) {
    assert!(std::env::var("TESSERAE_REQUIRE_DEVICE").ok().as_deref() != Some("1"), "TESSERAE_REQUIRE_DEVICE=1 but {why}");
    eprintln!("SKIPPED: {why}");
}

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .current_dir(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "fake")
        .env("GIT_AUTHOR_EMAIL", "fake@example.invalid")
        .env("GIT_COMMITTER_NAME", "fake")
        .env("GIT_COMMITTER_EMAIL", "fake@example.invalid")
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn commit(repo: &Path, files: &[(&str, &[u8])], msg: &str) -> String {
    for (name, content) in files {
        let p = repo.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, content).unwrap();
    }
    git(repo, &["add", "-A"]);
    git(repo, &["commit", "-q", "-m", msg]);
    git(repo, &["rev-parse", "HEAD"])
}

/// `program args` in the fake driver's tree, with the step's settings in the environment.
fn with_step_env(program: &Path, args: &[&str], repo: &Path, harness: &Path) -> Command {
    let mut c = Command::new(program);
    c.current_dir(repo).args(args);
    c.env("DRIVER_BUILD", "rm -rf build && mkdir build && cp -r icd.json refs build/")
        .env("DRIVER_MANIFEST", "build/icd.json")
        .env("TESSERAE", root())
        .env("TESSERAE_HARNESS", harness)
        .env("TESSERAE_FILTER", "basic/clear-only")
        .env("TESSERAE_REFERENCES", repo.join("build/refs"))
        .env("LIBGL_ALWAYS_SOFTWARE", "1")
        .env_remove("VK_DRIVER_FILES")
        .env_remove("VK_ICD_FILENAMES")
        .env("TESSERAE_OUT", repo.with_file_name("results"));
    c
}

#[test]
fn bisect_finds_the_first_bad_driver_commit() {
    let Some(built) = harness() else {
        skip("no tesserae-harness binary (cargo build -p tesserae-harness, or set TESSERAE_HARNESS)");
        return;
    };
    if !Path::new(LAVAPIPE).is_file() {
        skip(&format!("no lavapipe manifest at {LAVAPIPE} (apt-get install mesa-vulkan-drivers)"));
        return;
    }
    let tmp = std::env::temp_dir().join(format!("tesserae-fake-driver-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let repo = tmp.join("driver");
    std::fs::create_dir_all(&repo).unwrap();
    // A private copy: builds in the shared target directory may replace the binary meanwhile.
    let harness = tmp.join("tesserae-harness");
    std::fs::copy(&built, &harness).unwrap();

    let good_icd = std::fs::read(LAVAPIPE).unwrap();
    let missing_icd = String::from_utf8_lossy(&good_icd).replace("libvulkan_lvp.so", "libvulkan_tesserae_missing.so");
    let refs = root().join("reference_images/basic");
    let good_ref = std::fs::read(refs.join("clear-only.png")).unwrap();
    let wrong_ref = std::fs::read(refs.join("discard.png")).unwrap();
    let r = "refs/basic/clear-only.png";
    git(&repo, &["init", "-q"]);
    let c1 = commit(&repo, &[(".gitignore", b"build/\n"), ("icd.json", &good_icd), (r, &good_ref)], "c1 good");
    commit(&repo, &[("NEWS", b"c2\n")], "c2 good");
    let c3 = commit(&repo, &[("icd.json", missing_icd.as_bytes())], "c3 manifest names a missing library");
    commit(&repo, &[("icd.json", &good_icd)], "c4 good again");
    let c5 = commit(&repo, &[(r, &wrong_ref)], "c5 renders differently");
    let c6 = commit(&repo, &[("NEWS", b"c6\n")], "c6 still bad");

    // Each kind of step on its own.
    let script = root().join("tools/bisect-driver-step.sh");
    for (rev, want) in [(&c1, 0), (&c3, 125), (&c5, 1)] {
        git(&repo, &["checkout", "-q", rev]);
        let out = with_step_env(&script, &[], &repo, &harness).output().unwrap();
        let log = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(want), "step at {rev}:\n{log}");
    }

    // The bisection, with one skip-able commit in its range.
    git(&repo, &["checkout", "-q", &c6]);
    git(&repo, &["bisect", "start", &c6, &c1]);
    let out = with_step_env(Path::new("git"), &["bisect", "run", &script.to_string_lossy()], &repo, &harness).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let log = git(&repo, &["bisect", "log"]);
    println!("{stdout}\n{log}");
    assert_eq!(out.status.code(), Some(0), "git bisect run:\n{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains(&format!("{c5} is the first bad commit")), "{stdout}");
    assert!(log.contains(&format!("# first bad commit: [{c5}]")), "{log}");
    git(&repo, &["bisect", "reset"]);
    let _ = std::fs::remove_dir_all(&tmp);
}
