//! What changed against a baseline: a previous run's `results.csv` (`test,executor,status,
//! duration_ms`) or an expectations file (`test,executor,status` rows, `#` comments; a row
//! missing from it means the test is expected to pass).
//!
//! A result is *bad* when the rendering failed (Fail, Crash, Timeout, or an expected failure)
//! and *good* when it passed (Pass, Flake, or an unexpected pass); Skip is neither.

use crate::runner::{RunOptions, Status, TestResult};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use tesserae_results::rows::{parse_csv, Columns};
use tesserae_results::status::Rendering;

/// A (test, executor) pair.
pub type Key = (String, String);

/// One baseline to compare a run with.
#[derive(Debug, Clone)]
pub struct Baseline {
    /// What the page calls it, e.g. `previous run ../old` or `expectations corpus/x.csv`.
    pub label: String,
    /// Where it was read from, for the page's link (relative to the output directory when
    /// possible).
    pub source: PathBuf,
    /// A previous run lists every row; expectations list only the failures.
    pub complete: bool,
    pub rows: BTreeMap<Key, Status>,
}

/// The baselines of a run, and which tests exist in the corpus (to tell a removed test from one
/// this run did not select).
#[derive(Debug, Clone, Default)]
pub struct Baselines {
    pub list: Vec<Baseline>,
    /// Every test in the corpus; `None` when unknown (then nothing is called removed).
    pub corpus_tests: Option<BTreeSet<String>>,
}

impl Baselines {
    /// The previous run and the expectations file of `opts`, where given and readable.
    pub fn of(opts: &RunOptions) -> Baselines {
        let mut list = Vec::new();
        if let Some(dir) = &opts.previous {
            match load_previous(dir) {
                Ok(b) => list.push(b),
                Err(e) => eprintln!("--previous {}: {e}; the report shows no changes against it", dir.display()),
            }
        }
        if let Some(path) = &opts.expectations {
            if let Ok(b) = load_expectations(path) {
                list.push(b);
            }
        }
        let corpus_tests = Some(tesserae_results::corpus::discover(&opts.corpus).into_iter().map(|(n, _)| n).collect());
        Baselines { list, corpus_tests }
    }
}

/// The readable rows of a results or expectations file (a baseline only informs the page).
fn parse_rows(text: &str) -> BTreeMap<Key, Status> {
    parse_csv(text, Columns::AtLeastThree).flatten().map(|r| ((r.test, r.executor), r.status)).collect()
}

/// A previous run's directory (its `results.csv`), or the `results.csv` itself.
pub fn load_previous(dir: &Path) -> std::io::Result<Baseline> {
    let csv = if dir.is_dir() { dir.join("results.csv") } else { dir.to_path_buf() };
    let text = std::fs::read_to_string(&csv)?;
    Ok(Baseline { label: format!("previous run {}", dir.display()), source: csv, complete: true, rows: parse_rows(&text) })
}

/// An expectations file.
pub fn load_expectations(path: &Path) -> std::io::Result<Baseline> {
    let text = std::fs::read_to_string(path)?;
    Ok(Baseline { label: format!("expectations {}", path.display()), source: path.to_path_buf(), complete: false, rows: parse_rows(&text) })
}

fn is_bad(s: Status) -> bool {
    s.rendering() == Rendering::Bad
}

fn is_good(s: Status) -> bool {
    s.rendering() == Rendering::Good
}

/// A row that changed: its key, the baseline's status (`None`: not in the baseline) and now
/// (`None`: not in this run).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub key: Key,
    pub before: Option<Status>,
    pub now: Option<Status>,
}

/// The differences between a run and one baseline.
#[derive(Debug, Clone, Default)]
pub struct Changes {
    /// Bad now, good (or skipped, or new) before.
    pub new_failures: Vec<Change>,
    /// Good now, bad before.
    pub fixes: Vec<Change>,
    /// In this run, not in a complete baseline.
    pub new_tests: Vec<Change>,
    /// In the baseline, and the test is no longer in the corpus.
    pub removed_tests: Vec<Change>,
    /// Any other change of status (e.g. Pass to Skip).
    pub other: Vec<Change>,
    /// Baseline rows of tests still in the corpus that this run did not select.
    pub not_run: usize,
}

impl Changes {
    pub fn is_empty(&self) -> bool {
        self.new_failures.is_empty()
            && self.fixes.is_empty()
            && self.new_tests.is_empty()
            && self.removed_tests.is_empty()
            && self.other.is_empty()
    }
}

/// Compares `results` with `b`; `corpus_tests` tells removed tests from unselected ones.
pub fn diff(results: &[TestResult], b: &Baseline, corpus_tests: Option<&BTreeSet<String>>) -> Changes {
    let mut c = Changes::default();
    let mut seen: BTreeSet<Key> = BTreeSet::new();
    for r in results {
        let key = (r.test.clone(), r.executor.clone());
        seen.insert(key.clone());
        let before = match b.rows.get(&key) {
            Some(s) => Some(*s),
            None if b.complete => None,
            // An expectations file lists failures only: anything else is expected to pass.
            None => Some(Status::Pass),
        };
        let change = Change { key, before, now: Some(r.status) };
        match before {
            None => {
                if is_bad(r.status) {
                    c.new_failures.push(change.clone());
                }
                c.new_tests.push(change);
            }
            Some(before) if is_bad(r.status) && !is_bad(before) => c.new_failures.push(change),
            Some(before) if is_good(r.status) && is_bad(before) => c.fixes.push(change),
            Some(before) if b.complete && before != r.status && !same_outcome(before, r.status) => c.other.push(change),
            Some(_) => {}
        }
    }
    for (key, &before) in &b.rows {
        if seen.contains(key) {
            continue;
        }
        match corpus_tests {
            Some(tests) if !tests.contains(&key.0) => c.removed_tests.push(Change { key: key.clone(), before: Some(before), now: None }),
            _ => c.not_run += 1,
        }
    }
    c
}

/// Statuses that only differ by how they were judged against expectations.
fn same_outcome(a: Status, b: Status) -> bool {
    (is_bad(a) && is_bad(b)) || (is_good(a) && is_good(b))
}
