//! Known failures and flakes: `test,executor,status` rows (`#` comments), as in
//! `corpus/expectations/<driver>.csv` or a previous run's `failures.csv`.
//!
//! A row is a promise about one outcome, not a licence for any: a test listed as `Fail` that
//! starts crashing is a regression, and so is one that passes (so the row gets removed). A
//! `Flake` row lets a test fail once and pass on the retry; without it a flake fails the run.

use crate::rows::{parse_csv, read_text, Columns, RowsError};
use crate::status::Status;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Default)]
pub struct Expectations {
    rows: Vec<(String, String, Status)>,
}

#[derive(Debug, thiserror::Error)]
pub enum ExpectationsError {
    #[error(transparent)]
    Rows(#[from] RowsError),
    #[error("{}:{line}: status must be Fail, Crash, Timeout or Flake, got `{status}`", path.display())]
    Status { path: PathBuf, line: usize, status: Status },
}

impl Expectations {
    /// Reads `path`; an unreadable file or a row with another status is an error naming the
    /// file and line.
    pub fn load(path: &Path) -> Result<Self, ExpectationsError> {
        let text = read_text(path)?;
        let mut rows = Vec::new();
        for row in parse_csv(&text, Columns::AtLeastThree) {
            let row = row.map_err(|b| b.error(path, "`test,executor,status`"))?;
            if !matches!(row.status, Status::Fail | Status::Crash | Status::Timeout | Status::Flake) {
                return Err(ExpectationsError::Status { path: path.to_path_buf(), line: row.line, status: row.status });
            }
            rows.push((row.test, row.executor, row.status));
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
    }

    #[test]
    fn only_failure_statuses_are_expectations() {
        let dir = std::env::temp_dir().join(format!("tesserae-results-expectations-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (good, bad) = (dir.join("good.csv"), dir.join("bad.csv"));
        std::fs::write(&good, "# known\ntest,executor,status\na/x, wgpu-gl ,fail\n").unwrap();
        std::fs::write(&bad, "a/x,wgpu-gl,Fail\na/y,native,Pass\n").unwrap();
        assert_eq!(Expectations::load(&good).unwrap().expected("a/x", "wgpu-gl"), Some(Status::Fail));
        let e = Expectations::load(&bad).unwrap_err().to_string();
        assert!(e.ends_with("bad.csv:2: status must be Fail, Crash, Timeout or Flake, got `Pass`"), "{e}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
