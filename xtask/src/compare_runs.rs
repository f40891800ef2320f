//! `cargo xtask compare-runs OLD NEW`: what changed between two harness output directories
//! (their `results.csv`): regressions, fixes, other status changes, new and removed rows,
//! flakes and the slowest tests. Exit 1 when a row went from good to bad.

use std::collections::BTreeMap;
use std::path::Path;
use tesserae_results::rows::{read_results_csv, RowsError};
use tesserae_results::status::{Rendering, Status};

/// One `results.csv` row, keyed by (test, executor).
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub status: Status,
    pub duration_ms: u64,
}

pub type Results = BTreeMap<(String, String), Row>;

/// Reads `DIR/results.csv` (`test,executor,status,duration_ms`); a path to the file works too.
pub fn load(dir: &Path) -> Result<Results, RowsError> {
    let (_, rows) = read_results_csv(dir)?;
    Ok(rows.into_iter().map(|r| ((r.test, r.executor), Row { status: r.status, duration_ms: r.duration_ms.unwrap_or(0) })).collect())
}

type Key = (String, String);

#[derive(Debug, Default)]
pub struct Diff {
    /// (key, old status, new status)
    pub regressions: Vec<(Key, Status, Status)>,
    pub fixes: Vec<(Key, Status, Status)>,
    pub changed: Vec<(Key, Status, Status)>,
    pub added: Vec<(Key, Status)>,
    pub removed: Vec<(Key, Status)>,
    /// Rows that were Flake in either run: (key, old status, new status; `None` where the run
    /// has no such row).
    pub flakes: Vec<(Key, Option<Status>, Option<Status>)>,
    /// The slowest rows of the new run: (key, new ms, old ms if present).
    pub slowest: Vec<(Key, u64, Option<u64>)>,
}

pub fn diff(old: &Results, new: &Results, slowest: usize) -> Diff {
    let mut d = Diff::default();
    for (k, n) in new {
        let Some(o) = old.get(k) else {
            d.added.push((k.clone(), n.status));
            continue;
        };
        let entry = (k.clone(), o.status, n.status);
        if o.status == Status::Flake || n.status == Status::Flake {
            d.flakes.push((k.clone(), Some(o.status), Some(n.status)));
        }
        if o.status == n.status {
            continue;
        }
        match (o.status.rendering(), n.status.rendering()) {
            (Rendering::Good, Rendering::Bad) => d.regressions.push(entry),
            (Rendering::Bad, Rendering::Good) => d.fixes.push(entry),
            _ => d.changed.push(entry),
        }
    }
    for (k, o) in old {
        if !new.contains_key(k) {
            d.removed.push((k.clone(), o.status));
            if o.status == Status::Flake {
                d.flakes.push((k.clone(), Some(o.status), None));
            }
        }
    }
    for (k, n) in new.iter().filter(|(k, n)| n.status == Status::Flake && !old.contains_key(*k)) {
        d.flakes.push((k.clone(), None, Some(n.status)));
    }
    let mut by_time: Vec<_> = new.iter().map(|(k, n)| (k.clone(), n.duration_ms, old.get(k).map(|o| o.duration_ms))).collect();
    by_time.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    by_time.truncate(slowest);
    d.slowest = by_time;
    d
}

impl Diff {
    pub fn report(&self) -> String {
        let mut s = String::new();
        let key = |k: &Key| format!("{} {}", k.0, k.1);
        let mut section = |title: &str, rows: Vec<String>| {
            s += &format!("{title}: {}\n", rows.len());
            for r in rows {
                s += &format!("  {r}\n");
            }
        };
        let moves = |v: &[(Key, Status, Status)]| v.iter().map(|(k, o, n)| format!("{}: {o} -> {n}", key(k))).collect();
        let or_dash = |s: &Option<Status>| s.map_or("-", Status::name);
        section("regressions", moves(&self.regressions));
        section("fixes", moves(&self.fixes));
        section("other changes", moves(&self.changed));
        section("new", self.added.iter().map(|(k, st)| format!("{}: {st}", key(k))).collect());
        section("removed", self.removed.iter().map(|(k, st)| format!("{}: {st}", key(k))).collect());
        section("flakes", self.flakes.iter().map(|(k, o, n)| format!("{}: {} -> {}", key(k), or_dash(o), or_dash(n))).collect());
        let slow = self
            .slowest
            .iter()
            .map(|(k, n, o)| match o {
                Some(o) => format!("{n:>7} ms (was {o} ms) {}", key(k)),
                None => format!("{n:>7} ms (new) {}", key(k)),
            })
            .collect();
        section("slowest", slow);
        s
    }
}

pub fn compare_runs(old: &Path, new: &Path, slowest: usize) -> Result<u8, RowsError> {
    let d = diff(&load(old)?, &load(new)?, slowest);
    print!("{}", d.report());
    Ok(if d.regressions.is_empty() { 0 } else { 1 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str, csv: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("xtask-compare-runs-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("results.csv"), format!("test,executor,status,duration_ms\n{csv}")).unwrap();
        d
    }

    #[test]
    fn classifies_every_kind_of_change() {
        let old = dir(
            "old",
            "a/pass,native,Pass,10\na/fix,native,Fail,20\na/gone,native,Pass,5\na/flaky,native,Pass,7\n\
             a/expected,wgpu-gl,ExpectedFail,3\na/skip,native,Skip,1\n",
        );
        let new = dir(
            "new",
            "a/pass,native,Crash,300\na/fix,native,Pass,20\na/new,native,Fail,9\na/flaky,native,Flake,8\n\
             a/expected,wgpu-gl,Fail,3\na/skip,native,Pass,1\n",
        );
        let d = diff(&load(&old).unwrap(), &load(&new).unwrap(), 2);
        let keys = |v: &[(Key, Status, Status)]| v.iter().map(|(k, _, _)| k.0.clone()).collect::<Vec<_>>();
        assert_eq!(keys(&d.regressions), ["a/pass"]);
        assert_eq!(keys(&d.fixes), ["a/fix"]);
        // ExpectedFail -> Fail is still a failing rendering; Skip -> Pass is neither.
        assert_eq!(keys(&d.changed), ["a/expected", "a/flaky", "a/skip"]);
        assert_eq!(d.added.iter().map(|(k, _)| k.0.as_str()).collect::<Vec<_>>(), ["a/new"]);
        assert_eq!(d.removed.iter().map(|(k, _)| k.0.as_str()).collect::<Vec<_>>(), ["a/gone"]);
        assert_eq!(d.flakes.iter().map(|(k, _, _)| k.0.as_str()).collect::<Vec<_>>(), ["a/flaky"]);
        assert_eq!(d.slowest[0], (("a/pass".into(), "native".into()), 300, Some(10)));
        assert_eq!(d.slowest.len(), 2);
        assert_eq!(compare_runs(&old, &new, 5).unwrap(), 1);
        assert_eq!(compare_runs(&old, &old, 5).unwrap(), 0);
        let _ = std::fs::remove_dir_all(old);
        let _ = std::fs::remove_dir_all(new);
    }

    #[test]
    fn a_listed_flake_is_a_rendering_that_passed() {
        let old = dir("flake-old", "a/f,native,Fail,1\na/g,native,ExpectedFlake,1\n");
        let new = dir("flake-new", "a/f,native,ExpectedFlake,1\na/g,native,Crash,1\n");
        let d = diff(&load(&old).unwrap(), &load(&new).unwrap(), 0);
        assert_eq!(d.fixes, [(("a/f".into(), "native".into()), Status::Fail, Status::ExpectedFlake)]);
        assert_eq!(d.regressions, [(("a/g".into(), "native".into()), Status::ExpectedFlake, Status::Crash)]);
        let _ = std::fs::remove_dir_all(old);
        let _ = std::fs::remove_dir_all(new);
    }

    #[test]
    fn identical_runs_differ_in_nothing() {
        let a = dir("same", "x/y,native,Pass,1\nx/y,wgpu-vulkan,Fail,2\n");
        let d = diff(&load(&a).unwrap(), &load(&a).unwrap(), 10);
        assert!(d.regressions.is_empty() && d.fixes.is_empty() && d.changed.is_empty());
        assert!(d.added.is_empty() && d.removed.is_empty() && d.flakes.is_empty());
        let _ = std::fs::remove_dir_all(a);
    }

    #[test]
    fn malformed_rows_are_reported() {
        let a = dir("bad", "x/y,native,Pass\n");
        assert!(load(&a).unwrap_err().to_string().contains("results.csv:2"));
        let b = dir("unknown", "x/y,native,Sometimes,1\n");
        assert!(load(&b).unwrap_err().to_string().contains("results.csv:2: unknown status `Sometimes`"));
        let _ = std::fs::remove_dir_all(b);
        let _ = std::fs::remove_dir_all(a);
    }
}
