//! `cargo xtask compare-runs OLD NEW`: what changed between two harness output directories
//! (their `results.csv`): regressions, fixes, other status changes, new and removed rows,
//! flakes and the slowest tests. Exit 1 when a row went from good to bad.

use std::collections::BTreeMap;
use std::path::Path;

/// One `results.csv` row, keyed by (test, executor).
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub status: String,
    pub duration_ms: u64,
}

pub type Results = BTreeMap<(String, String), Row>;

/// Reads `DIR/results.csv` (`test,executor,status,duration_ms`); a path to the file works too.
pub fn load(dir: &Path) -> Result<Results, String> {
    let file = if dir.is_dir() { dir.join("results.csv") } else { dir.to_path_buf() };
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut out = Results::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') || line.starts_with("test,") {
            continue;
        }
        let f: Vec<&str> = line.split(',').map(str::trim).collect();
        let [test, executor, status, ms] = f[..] else {
            return Err(format!("{}:{}: expected test,executor,status,duration_ms", file.display(), i + 1));
        };
        let row = Row { status: status.to_string(), duration_ms: ms.parse().unwrap_or(0) };
        out.insert((test.to_string(), executor.to_string()), row);
    }
    Ok(out)
}

/// Whether the rendering passed its oracles, failed them, or says neither (Skip, unknown),
/// regardless of what the expectations file said about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Good,
    Bad,
    Neither,
}

pub fn outcome(status: &str) -> Outcome {
    match status {
        "Pass" | "UnexpectedPass" | "Flake" => Outcome::Good,
        "Fail" | "Crash" | "Timeout" | "ExpectedFail" => Outcome::Bad,
        _ => Outcome::Neither,
    }
}

type Key = (String, String);

#[derive(Debug, Default)]
pub struct Diff {
    /// (key, old status, new status)
    pub regressions: Vec<(Key, String, String)>,
    pub fixes: Vec<(Key, String, String)>,
    pub changed: Vec<(Key, String, String)>,
    pub added: Vec<(Key, String)>,
    pub removed: Vec<(Key, String)>,
    /// Rows that were Flake in either run: (key, old status or "-", new status or "-").
    pub flakes: Vec<(Key, String, String)>,
    /// The slowest rows of the new run: (key, new ms, old ms if present).
    pub slowest: Vec<(Key, u64, Option<u64>)>,
}

pub fn diff(old: &Results, new: &Results, slowest: usize) -> Diff {
    let mut d = Diff::default();
    for (k, n) in new {
        let Some(o) = old.get(k) else {
            d.added.push((k.clone(), n.status.clone()));
            continue;
        };
        let entry = (k.clone(), o.status.clone(), n.status.clone());
        if o.status == "Flake" || n.status == "Flake" {
            d.flakes.push(entry.clone());
        }
        if o.status == n.status {
            continue;
        }
        match (outcome(&o.status), outcome(&n.status)) {
            (Outcome::Good, Outcome::Bad) => d.regressions.push(entry),
            (Outcome::Bad, Outcome::Good) => d.fixes.push(entry),
            _ => d.changed.push(entry),
        }
    }
    for (k, o) in old {
        if !new.contains_key(k) {
            d.removed.push((k.clone(), o.status.clone()));
            if o.status == "Flake" {
                d.flakes.push((k.clone(), o.status.clone(), "-".into()));
            }
        }
    }
    for (k, n) in new.iter().filter(|(k, n)| n.status == "Flake" && !old.contains_key(*k)) {
        d.flakes.push((k.clone(), "-".into(), n.status.clone()));
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
        let moves = |v: &[(Key, String, String)]| v.iter().map(|(k, o, n)| format!("{}: {o} -> {n}", key(k))).collect();
        section("regressions", moves(&self.regressions));
        section("fixes", moves(&self.fixes));
        section("other changes", moves(&self.changed));
        section("new", self.added.iter().map(|(k, st)| format!("{}: {st}", key(k))).collect());
        section("removed", self.removed.iter().map(|(k, st)| format!("{}: {st}", key(k))).collect());
        section("flakes", moves(&self.flakes));
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

pub fn compare_runs(old: &Path, new: &Path, slowest: usize) -> Result<u8, String> {
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
        let keys = |v: &[(Key, String, String)]| v.iter().map(|(k, _, _)| k.0.clone()).collect::<Vec<_>>();
        assert_eq!(keys(&d.regressions), ["a/pass"]);
        assert_eq!(keys(&d.fixes), ["a/fix"]);
        // ExpectedFail -> Fail is still a failing rendering; Skip -> Pass is neither.
        assert_eq!(keys(&d.changed), ["a/expected", "a/flaky", "a/skip"]);
        assert_eq!(d.added.iter().map(|(k, _)| k.0.as_str()).collect::<Vec<_>>(), ["a/new"]);
        assert_eq!(d.removed.iter().map(|(k, _)| k.0.as_str()).collect::<Vec<_>>(), ["a/gone"]);
        assert_eq!(keys(&d.flakes), ["a/flaky"]);
        assert_eq!(d.slowest[0], (("a/pass".into(), "native".into()), 300, Some(10)));
        assert_eq!(d.slowest.len(), 2);
        assert_eq!(compare_runs(&old, &new, 5), Ok(1));
        assert_eq!(compare_runs(&old, &old, 5), Ok(0));
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
        assert!(load(&a).unwrap_err().contains("results.csv:2"));
        let _ = std::fs::remove_dir_all(a);
    }
}
