//! `merge-runs` over four shards of one run gives the unsharded run's rows: the same tests,
//! executors, statuses and messages in the same order (durations aside), on the corpus's own
//! Amber scripts.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn run(corpus: &Path, out: &Path, shard: Option<&str>) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tesserae-harness"));
    cmd.args(["run", "--backend", "vulkan", "--clip", "native", "--corpus"]).arg(corpus).arg("--out").arg(out);
    if let Some(s) = shard {
        cmd.args(["--shard", s]);
    }
    let o = cmd.output().unwrap();
    assert!(out.join("rows.jsonl").exists(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// (test, executor, status, outcome, message) of every row, in order.
fn rows(dir: &Path) -> Vec<(String, String, String, String, String)> {
    std::fs::read_to_string(dir.join("rows.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
            (s("test"), s("executor"), s("status"), s("outcome"), s("message"))
        })
        .collect()
}

#[test]
fn four_shards_merge_into_the_unsharded_run() {
    let dir = std::env::temp_dir().join(format!("tesserae-merge-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let corpus = dir.join("corpus");
    // The corpus's Amber scripts, twice over in two areas, so every shard gets several.
    for area in ["a", "b"] {
        std::fs::create_dir_all(corpus.join(area)).unwrap();
        for e in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/amber")).unwrap().flatten() {
            std::fs::copy(e.path(), corpus.join(area).join(e.file_name())).unwrap();
        }
    }
    run(&corpus, &dir.join("whole"), None);
    let shards: Vec<PathBuf> = (0..4).map(|i| dir.join(format!("shard{i}"))).collect();
    for (i, s) in shards.iter().enumerate() {
        run(&corpus, s, Some(&format!("{i}/4")));
    }
    let merged = dir.join("merged");
    let o =
        Command::new(env!("CARGO_BIN_EXE_tesserae-harness")).arg("merge-runs").arg("--out").arg(&merged).args(&shards).output().unwrap();
    assert!(merged.join("rows.jsonl").exists(), "{}", String::from_utf8_lossy(&o.stderr));
    let (whole, merged_rows) = (rows(&dir.join("whole")), rows(&merged));
    assert!(whole.len() >= 16, "{whole:?}");
    assert_eq!(whole, merged_rows);
    for f in ["results.csv", "failures.csv", "junit.xml", "index.html"] {
        assert!(merged.join(f).exists(), "{f}");
    }
    let csv = |d: &Path| -> Vec<String> {
        std::fs::read_to_string(d.join("results.csv")).unwrap().lines().map(|l| l.rsplit_once(',').unwrap().0.to_string()).collect()
    };
    assert_eq!(csv(&dir.join("whole")), csv(&merged), "results.csv equal but for durations");
    if whole.iter().all(|r| r.2 == "Skip") {
        common::no_device("no Vulkan driver: every row skipped, merged all the same");
    }
    // Shards of two different runs overlap: refused.
    let o = Command::new(env!("CARGO_BIN_EXE_tesserae-harness"))
        .arg("merge-runs")
        .arg("--out")
        .arg(dir.join("bad"))
        .arg(&shards[0])
        .arg(dir.join("whole"))
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&o.stderr).contains("is in two shards"), "{}", String::from_utf8_lossy(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
