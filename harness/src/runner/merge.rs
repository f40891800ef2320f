//! `merge-runs`: the outputs of a sharded run (`--shard I/N` on several machines) as one
//! run's: `results.csv`, `rows.jsonl`, `failures.csv`, `junit.xml`, `index.html`, and the
//! shards' failure pages and images copied beside them.
//!
//! Rows come in the unsharded run's order: by test name (the corpus order), then by the order
//! the executors first appear in. A test and executor reported by two shards is an error: the
//! shards were not of one run.

use super::report::{self, ResultsWriter};
use super::TestResult;
use std::path::{Path, PathBuf};

/// Merges `shards` into `out` and returns the rows.
pub fn merge(out: &Path, shards: &[PathBuf]) -> Result<Vec<TestResult>, String> {
    if shards.is_empty() {
        return Err("merge-runs needs at least one shard's output directory".into());
    }
    let mut rows: Vec<TestResult> = Vec::new();
    let mut executors: Vec<String> = Vec::new();
    for dir in shards {
        for row in tesserae_results::rows::read_rows(dir).map_err(|e| e.to_string())? {
            if !executors.contains(&row.executor) {
                executors.push(row.executor.clone());
            }
            rows.push(row);
        }
    }
    let rank = |e: &str| executors.iter().position(|x| x == e).unwrap_or(usize::MAX);
    rows.sort_by(|a, b| a.test.cmp(&b.test).then(rank(&a.executor).cmp(&rank(&b.executor))));
    if let Some(w) = rows.windows(2).find(|w| w[0].test == w[1].test && w[0].executor == w[1].executor) {
        return Err(format!("{} on {} is in two shards: were they shards of one run?", w[0].test, w[0].executor));
    }
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let io = |e: std::io::Error| format!("writing {}: {e}", out.display());
    for dir in shards {
        for sub in ["failures", "images"] {
            copy_tree(&dir.join(sub), &out.join(sub)).map_err(io)?;
        }
    }
    let mut writer = ResultsWriter::create(out).map_err(io)?;
    for r in &rows {
        writer.push(r).map_err(io)?;
    }
    report::write_summaries(out, &rows, &report::baseline::Baselines::default()).map_err(io)?;
    Ok(rows)
}

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    let Ok(entries) = std::fs::read_dir(from) else { return Ok(()) };
    std::fs::create_dir_all(to)?;
    for e in entries.flatten() {
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if src.is_dir() {
            copy_tree(&src, &dst)?;
        } else {
            std::fs::copy(&src, &dst)?;
        }
    }
    Ok(())
}
