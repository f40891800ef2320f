//! Known failures and flakes: `test,executor,status` rows (`#` comments), as in
//! `corpus/expectations/<driver>.csv` or a previous run's `failures.csv`.
//!
//! A row is a promise about one outcome, not a licence for any: a test listed as `Fail` that
//! starts crashing is a regression, and so is one that passes (so the row gets removed). A
//! `Flake` row lets a test fail once and pass on the retry; without it a flake fails the run.

use super::Status;
use std::io::BufRead;
use std::path::Path;

#[derive(Debug, Clone, Default)]
pub struct Expectations {
    rows: Vec<(String, String, Status)>,
}

impl Expectations {
    /// Reads `path`; an unreadable file or a row with an unknown status is an error naming the
    /// file and line.
    pub fn load(path: &Path) -> Result<Self, String> {
        let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut rows = Vec::new();
        for (i, line) in std::io::BufReader::new(f).lines().enumerate() {
            let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
            let l = line.trim();
            if l.is_empty() || l.starts_with('#') || l.starts_with("test,") {
                continue;
            }
            let at = || format!("{}:{}", path.display(), i + 1);
            let mut it = l.split(',').map(str::trim);
            let (Some(test), Some(executor), Some(status)) = (it.next(), it.next(), it.next()) else {
                return Err(format!("{}: expected `test,executor,status`, got `{l}`", at()));
            };
            let status = match Status::parse(status) {
                Some(s @ (Status::Fail | Status::Crash | Status::Timeout | Status::Flake)) => s,
                _ => return Err(format!("{}: status must be Fail, Crash, Timeout or Flake, got `{status}`", at())),
            };
            rows.push((test.to_string(), executor.to_string(), status));
        }
        Ok(Expectations { rows })
    }

    pub fn from_rows(rows: Vec<(String, String, Status)>) -> Self {
        Expectations { rows }
    }

    pub fn expected(&self, test: &str, executor: &str) -> Option<Status> {
        self.rows.iter().find(|(t, e, _)| t == test && e == executor).map(|(_, _, s)| *s)
    }

    /// The status a row gets, from what happened (`outcome`: Pass, Fail, Crash, Timeout, Skip
    /// or Flake) and what is expected.
    pub fn apply(&self, test: &str, executor: &str, outcome: Status) -> Status {
        match (self.expected(test, executor), outcome) {
            (_, Status::Skip) => Status::Skip,
            (None, s) => s,
            (Some(Status::Flake), Status::Flake) => Status::ExpectedFlake,
            (Some(Status::Flake), s) => s,
            (Some(e), s) if s == e => Status::ExpectedFail,
            (Some(_), Status::Pass) => Status::UnexpectedPass,
            // Listed as one kind of failure, failing another way: a regression, as itself.
            (Some(_), s) => s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_match_their_status() {
        let x = Expectations::from_rows(vec![
            ("a".into(), "e".into(), Status::Fail),
            ("b".into(), "e".into(), Status::Crash),
            ("c".into(), "e".into(), Status::Flake),
        ]);
        assert_eq!(x.apply("a", "e", Status::Fail), Status::ExpectedFail);
        assert_eq!(x.apply("a", "e", Status::Crash), Status::Crash);
        assert_eq!(x.apply("a", "e", Status::Timeout), Status::Timeout);
        assert_eq!(x.apply("a", "e", Status::Pass), Status::UnexpectedPass);
        assert_eq!(x.apply("a", "other", Status::Fail), Status::Fail);
        assert_eq!(x.apply("b", "e", Status::Crash), Status::ExpectedFail);
        assert_eq!(x.apply("b", "e", Status::Fail), Status::Fail);
        assert_eq!(x.apply("c", "e", Status::Flake), Status::ExpectedFlake);
        assert_eq!(x.apply("c", "e", Status::Pass), Status::Pass);
        assert_eq!(x.apply("c", "e", Status::Fail), Status::Fail);
        assert_eq!(x.apply("z", "e", Status::Flake), Status::Flake);
        for s in [Status::Fail, Status::Crash, Status::Timeout, Status::UnexpectedPass, Status::Flake] {
            assert!(s.is_regression(), "{s:?}");
        }
        for s in [Status::Pass, Status::Skip, Status::ExpectedFail, Status::ExpectedFlake] {
            assert!(!s.is_regression(), "{s:?}");
        }
    }
}
