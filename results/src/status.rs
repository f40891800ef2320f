//! A row's status, its CSV form, and how the statuses are judged.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Status {
    Pass,
    Fail,
    Crash,
    Timeout,
    Skip,
    ExpectedFail,
    UnexpectedPass,
    /// Failed, then passed on the retry; a regression unless listed as a flake.
    Flake,
    /// A flake listed in the expectations.
    ExpectedFlake,
}

/// Whether a rendering passed its oracles in the end, failed them, or says neither, whatever
/// the expectations said about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rendering {
    Good,
    Bad,
    Neither,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown status `{0}` (one of {names})", names = Status::ALL.map(Status::name).join(", "))]
pub struct UnknownStatus(pub String);

impl Status {
    pub const ALL: [Status; 9] = [
        Status::Pass,
        Status::Fail,
        Status::Crash,
        Status::Timeout,
        Status::Skip,
        Status::ExpectedFail,
        Status::UnexpectedPass,
        Status::Flake,
        Status::ExpectedFlake,
    ];

    /// The CSV form.
    pub fn name(self) -> &'static str {
        match self {
            Status::Pass => "Pass",
            Status::Fail => "Fail",
            Status::Crash => "Crash",
            Status::Timeout => "Timeout",
            Status::Skip => "Skip",
            Status::ExpectedFail => "ExpectedFail",
            Status::UnexpectedPass => "UnexpectedPass",
            Status::Flake => "Flake",
            Status::ExpectedFlake => "ExpectedFlake",
        }
    }

    /// Reads the CSV form, in any case.
    pub fn parse(s: &str) -> Result<Status, UnknownStatus> {
        Status::ALL.into_iter().find(|x| x.name().eq_ignore_ascii_case(s)).ok_or_else(|| UnknownStatus(s.to_string()))
    }

    /// Whether this status fails a run.
    pub fn is_regression(self) -> bool {
        matches!(self, Status::Fail | Status::Crash | Status::Timeout | Status::UnexpectedPass | Status::Flake)
    }

    /// Whether a rendering with this status gets a retry (to tell a flake from a failure).
    pub fn is_bad(self) -> bool {
        matches!(self, Status::Fail | Status::Crash | Status::Timeout)
    }

    /// Whether a flake happened (listed or not).
    pub fn is_flake(self) -> bool {
        matches!(self, Status::Flake | Status::ExpectedFlake)
    }

    /// What the rendering did: a flake passed on its retry, an expected failure still failed,
    /// a skip rendered nothing.
    pub fn rendering(self) -> Rendering {
        match self {
            Status::Pass | Status::UnexpectedPass | Status::Flake | Status::ExpectedFlake => Rendering::Good,
            Status::Fail | Status::Crash | Status::Timeout | Status::ExpectedFail => Rendering::Bad,
            Status::Skip => Rendering::Neither,
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Status {
    type Err = UnknownStatus;
    fn from_str(s: &str) -> Result<Status, UnknownStatus> {
        Status::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_round_trips_through_its_csv_form() {
        for s in Status::ALL {
            assert_eq!(Status::parse(s.name()), Ok(s));
            assert_eq!(Status::parse(&s.name().to_uppercase()), Ok(s));
            assert_eq!(s.to_string().parse::<Status>(), Ok(s));
            // The CSV form is the JSON form (rows.jsonl).
            assert_eq!(serde_json::to_string(&s).unwrap(), format!("\"{}\"", s.name()));
        }
        assert_eq!(Status::parse("Passed"), Err(UnknownStatus("Passed".into())));
        assert!(Status::parse("").unwrap_err().to_string().contains("ExpectedFlake"));
    }

    #[test]
    fn every_status_is_judged() {
        let good = [Status::Pass, Status::UnexpectedPass, Status::Flake, Status::ExpectedFlake];
        let bad = [Status::Fail, Status::Crash, Status::Timeout, Status::ExpectedFail];
        for s in Status::ALL {
            let want = if good.contains(&s) {
                Rendering::Good
            } else if bad.contains(&s) {
                Rendering::Bad
            } else {
                Rendering::Neither
            };
            assert_eq!(s.rendering(), want, "{s}");
        }
        let regressions: Vec<_> = Status::ALL.into_iter().filter(|s| s.is_regression()).collect();
        assert_eq!(regressions, [Status::Fail, Status::Crash, Status::Timeout, Status::UnexpectedPass, Status::Flake]);
        let retried: Vec<_> = Status::ALL.into_iter().filter(|s| s.is_bad()).collect();
        assert_eq!(retried, [Status::Fail, Status::Crash, Status::Timeout]);
    }
}
