//! The run's files of rows: `results.csv` (`test,executor,status,duration_ms`), `failures.csv`
//! and expectations files (`test,executor,status`), `rows.jsonl` (every field of each row, what
//! merging shards reads). Blank lines, `#` comments and the `test,` header are not rows.

use crate::status::{Status, UnknownStatus};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// One row of a run's results.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TestResult {
    pub test: String,
    pub executor: String,
    pub status: Status,
    /// What happened before the expectations were applied (Pass, Fail, Crash, Timeout, Skip,
    /// Flake): what `failures.csv` records, so it can serve as the next run's expectations.
    pub outcome: Status,
    pub duration_ms: u128,
    pub message: String,
    /// Failure page, relative to the output directory.
    pub page: Option<String>,
}

/// The file of a run's rows as JSON lines.
pub const ROWS: &str = "rows.jsonl";
/// A run's results as CSV.
pub const RESULTS_CSV: &str = "results.csv";
/// A run's failures as CSV, an expectations file for the next run.
pub const FAILURES_CSV: &str = "failures.csv";

#[derive(Debug, thiserror::Error)]
pub enum RowsError {
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{}:{line}: expected {expected}, got `{text}`", path.display())]
    Shape { path: PathBuf, line: usize, expected: &'static str, text: String },
    #[error("{}:{line}: {source}", path.display())]
    Status { path: PathBuf, line: usize, source: UnknownStatus },
    #[error("{}:{line}: {source}", path.display())]
    Json { path: PathBuf, line: usize, source: serde_json::Error },
}

/// One `test,executor,status[,duration_ms]` row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvRow {
    /// 1-based line number.
    pub line: usize,
    pub test: String,
    pub executor: String,
    pub status: Status,
    /// The fourth field, when there is one (an unreadable number reads as 0).
    pub duration_ms: Option<u64>,
}

/// A row that is not one: its line, its text, and whether its status was unreadable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRow {
    pub line: usize,
    pub text: String,
    pub status: Option<UnknownStatus>,
}

impl BadRow {
    pub fn error(self, path: &Path, expected: &'static str) -> RowsError {
        match self.status {
            Some(source) => RowsError::Status { path: path.to_path_buf(), line: self.line, source },
            None => RowsError::Shape { path: path.to_path_buf(), line: self.line, expected, text: self.text },
        }
    }
}

/// How many fields a row has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Columns {
    /// `test,executor,status`, further fields ignored (expectations, `failures.csv`).
    AtLeastThree,
    /// `test,executor,status,duration_ms` (`results.csv`).
    Four,
}

/// The rows of a CSV text.
pub fn parse_csv(text: &str, columns: Columns) -> impl Iterator<Item = Result<CsvRow, BadRow>> + '_ {
    text.lines().enumerate().filter_map(move |(i, raw)| {
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') || l.starts_with("test,") {
            return None;
        }
        let f: Vec<&str> = l.split(',').map(str::trim).collect();
        let bad = |status| BadRow { line: i + 1, text: l.to_string(), status };
        let fits = match columns {
            Columns::AtLeastThree => f.len() >= 3,
            Columns::Four => f.len() == 4,
        };
        if !fits {
            return Some(Err(bad(None)));
        }
        Some(match Status::parse(f[2]) {
            Ok(status) => Ok(CsvRow {
                line: i + 1,
                test: f[0].to_string(),
                executor: f[1].to_string(),
                status,
                duration_ms: (columns == Columns::Four).then(|| f[3].parse().unwrap_or(0)),
            }),
            Err(e) => Err(bad(Some(e))),
        })
    })
}

pub fn read_text(path: &Path) -> Result<String, RowsError> {
    std::fs::read_to_string(path).map_err(|source| RowsError::Io { path: path.to_path_buf(), source })
}

/// A run's `results.csv`, from its directory or the file itself; every row must have four
/// fields and a known status.
pub fn read_results_csv(dir: &Path) -> Result<(PathBuf, Vec<CsvRow>), RowsError> {
    let path = if dir.is_dir() { dir.join(RESULTS_CSV) } else { dir.to_path_buf() };
    let text = read_text(&path)?;
    let rows = parse_csv(&text, Columns::Four)
        .map(|r| r.map_err(|b| b.error(&path, "test,executor,status,duration_ms")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((path, rows))
}

/// `rows.jsonl` of a run's directory.
pub fn read_rows(dir: &Path) -> Result<Vec<TestResult>, RowsError> {
    let path = dir.join(ROWS);
    let text = read_text(&path)?;
    let rows = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    rows.map(|(i, l)| serde_json::from_str(l).map_err(|source| RowsError::Json { path: path.clone(), line: i + 1, source })).collect()
}

/// `results.csv` and `rows.jsonl`, appended row by row.
pub struct ResultsWriter {
    csv: std::fs::File,
    rows: std::fs::File,
}

impl ResultsWriter {
    pub fn create(out: &Path) -> std::io::Result<Self> {
        let mut csv = std::fs::File::create(out.join(RESULTS_CSV))?;
        writeln!(csv, "test,executor,status,duration_ms")?;
        Ok(ResultsWriter { csv, rows: std::fs::File::create(out.join(ROWS))? })
    }

    pub fn push(&mut self, r: &TestResult) -> std::io::Result<()> {
        writeln!(self.csv, "{},{},{},{}", r.test, r.executor, r.status.name(), r.duration_ms)?;
        self.csv.flush()?;
        writeln!(self.rows, "{}", serde_json::to_string(r).map_err(std::io::Error::other)?)?;
        self.rows.flush()
    }
}

/// `failures.csv`: what happened, not how it was judged, so the file works as the next run's
/// expectations.
pub fn write_failures(out: &Path, results: &[TestResult]) -> std::io::Result<()> {
    let mut f = std::io::BufWriter::new(std::fs::File::create(out.join(FAILURES_CSV))?);
    writeln!(f, "test,executor,status")?;
    for r in results.iter().filter(|r| matches!(r.outcome, Status::Fail | Status::Crash | Status::Timeout | Status::Flake)) {
        writeln!(f, "{},{},{}", r.test, r.executor, r.outcome.name())?;
    }
    f.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(test: &str, status: Status, outcome: Status) -> TestResult {
        TestResult { test: test.into(), executor: "native".into(), status, outcome, duration_ms: 7, message: "m".into(), page: None }
    }

    #[test]
    fn results_files_round_trip() {
        let dir = std::env::temp_dir().join(format!("tesserae-results-rows-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let rows = [row("a/x", Status::Pass, Status::Pass), row("a/y", Status::ExpectedFail, Status::Crash)];
        let mut w = ResultsWriter::create(&dir).unwrap();
        rows.iter().for_each(|r| w.push(r).unwrap());
        write_failures(&dir, &rows).unwrap();
        let csv = std::fs::read_to_string(dir.join(RESULTS_CSV)).unwrap();
        assert_eq!(csv, "test,executor,status,duration_ms\na/x,native,Pass,7\na/y,native,ExpectedFail,7\n");
        assert_eq!(std::fs::read_to_string(dir.join(FAILURES_CSV)).unwrap(), "test,executor,status\na/y,native,Crash\n");
        let (_, read) = read_results_csv(&dir).unwrap();
        assert_eq!(
            read.iter().map(|r| (r.test.as_str(), r.status, r.duration_ms)).collect::<Vec<_>>(),
            [("a/x", Status::Pass, Some(7)), ("a/y", Status::ExpectedFail, Some(7))]
        );
        let back = read_rows(&dir).unwrap();
        assert_eq!(
            back.iter().map(|r| (r.status, r.outcome)).collect::<Vec<_>>(),
            [(Status::Pass, Status::Pass), (Status::ExpectedFail, Status::Crash)]
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn bad_rows_name_their_line() {
        let text = "# comment\ntest,executor,status\na,native,Fail\nb,native\nc,native,Sometimes\n";
        let r: Vec<_> = parse_csv(text, Columns::AtLeastThree).collect();
        assert_eq!(r[0].as_ref().map(|r| (r.line, r.duration_ms)), Ok((3, None)));
        assert_eq!(r[1].as_ref().unwrap_err().line, 4);
        assert!(r[2].as_ref().unwrap_err().status.is_some());
        let e = r[2].clone().unwrap_err().error(Path::new("x.csv"), "test,executor,status");
        assert!(e.to_string().starts_with("x.csv:5: unknown status `Sometimes`"), "{e}");
        assert!(parse_csv("a,native,Pass,1,extra\n", Columns::Four).all(|r| r.is_err()));
        assert!(parse_csv("a,native,Pass,1,extra\n", Columns::AtLeastThree).all(|r| r.is_ok()));
    }
}
