//! `index.html`: what a reader of a run needs first. In order: a banner with the verdict, the
//! summary per executor, what changed against the previous run and the expectations, the
//! regressions (new ones first) with thumbnails of expected, actual and difference linking to
//! their failure pages, the expected failures and flakes, then the test × executor matrix
//! ([`super::index_matrix`]).
//!
//! Every link is relative to the output directory, so it can be archived and opened anywhere;
//! style and script are inline ([`super::index_assets`]).

use super::baseline::{self, Baselines, Change, Changes};
use super::escape;
use super::index_assets::{CSS, JS};
use crate::runner::{Status, TestResult};
use std::collections::BTreeSet;
use std::path::Path;

pub const ALL_STATUSES: [Status; 9] = [
    Status::Fail,
    Status::Crash,
    Status::Timeout,
    Status::UnexpectedPass,
    Status::ExpectedFail,
    Status::Flake,
    Status::ExpectedFlake,
    Status::Skip,
    Status::Pass,
];

/// Writes `out/index.html`.
pub fn write(out: &Path, results: &[TestResult], baselines: &Baselines) -> std::io::Result<()> {
    std::fs::write(out.join("index.html"), render(out, results, baselines))
}

/// The page; `out` is where the failure pages are (to show only images that exist).
pub fn render(out: &Path, results: &[TestResult], baselines: &Baselines) -> String {
    let changes: Vec<(&baseline::Baseline, Changes)> =
        baselines.list.iter().map(|b| (b, baseline::diff(results, b, baselines.corpus_tests.as_ref()))).collect();
    let new_failures: BTreeSet<(String, String)> =
        changes.iter().flat_map(|(_, c)| c.new_failures.iter().map(|ch| ch.key.clone())).collect();
    let regressions = results.iter().filter(|r| r.status.is_regression()).count();
    let tests: BTreeSet<&str> = results.iter().map(|r| r.test.as_str()).collect();
    let verdict = if results.is_empty() {
        "no tests were run".to_string()
    } else if regressions == 0 {
        format!("no regressions in {} results ({} tests × {} executors)", results.len(), tests.len(), executors(results).len())
    } else {
        format!(
            "{} in {} results ({} tests × {} executors)",
            plural(regressions, "regression", "regressions"),
            results.len(),
            tests.len(),
            executors(results).len()
        )
    };

    let mut verdict = verdict;
    if let Some((_, c)) = changes.iter().find(|(b, _)| b.complete) {
        verdict +=
            &format!("; since the previous run: {} new, {} fixed", plural(c.new_failures.len(), "failure", "failures"), c.fixes.len());
    }
    let mut h = format!(
        "<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content=\"width=device-width, initial-scale=1\"><title>Tesserae conformance: {v}</title><style>{CSS}</style><body><header class=\"banner {}\"><h1>Tesserae conformance</h1><p>{v}</p></header><main>",
        if regressions == 0 { "good" } else { "bad" },
        v = escape(&verdict)
    );
    h += "<nav><a href=\"#summary\">summary</a>";
    if !changes.is_empty() {
        h += "<a href=\"#changes\">changes</a>";
    }
    h += "<a href=\"#failures\">failures</a><a href=\"#matrix\">matrix</a>";
    h += "<span class=muted>files:</span> <a href=\"results.csv\">results.csv</a><a href=\"failures.csv\">failures.csv</a><a href=\"junit.xml\">junit.xml</a></nav>";
    h += &summary_section(results);
    if !changes.is_empty() {
        h += "<section id=changes class=changes>";
        for (b, c) in &changes {
            h += &changes_html(b, c);
        }
        h += "</section>";
    }
    h += &failures_section(out, results, &new_failures);
    h += &super::index_matrix::section(results);
    h += &format!("</main><script>{JS}</script></body></html>\n");
    h
}

/// Executors in the order they first appear (the run's order: native first).
pub fn executors(results: &[TestResult]) -> Vec<&str> {
    let mut v: Vec<&str> = Vec::new();
    for r in results {
        if !v.contains(&r.executor.as_str()) {
            v.push(&r.executor);
        }
    }
    v
}

/// A short mark per status, so cells read without colour too.
pub fn symbol(s: Status) -> &'static str {
    match s {
        Status::Pass => "✓",
        Status::Fail => "✗",
        Status::Crash => "crash",
        Status::Timeout => "time",
        Status::Skip => "–",
        Status::ExpectedFail => "xfail",
        Status::UnexpectedPass => "xpass",
        Status::Flake => "flake",
        Status::ExpectedFlake => "xflake",
    }
}

/// A path relative to the output directory as a URL path (percent-encoding what needs it).
pub fn href(rel: &str) -> String {
    let mut s = String::new();
    for b in rel.bytes() {
        if b.is_ascii_alphanumeric() || b"-_./~+,".contains(&b) {
            s.push(b as char);
        } else {
            s += &format!("%{b:02X}");
        }
    }
    s
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// e.g. `3 pass · 1 fail`, non-zero statuses only.
pub fn count_phrase(rows: &[&TestResult]) -> String {
    ALL_STATUSES
        .iter()
        .filter_map(|&s| {
            let n = rows.iter().filter(|r| r.status == s).count();
            (n > 0).then(|| format!("{n} {}", label(s)))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

fn label(s: Status) -> &'static str {
    match s {
        Status::Pass => "pass",
        Status::Fail => "fail",
        Status::Crash => "crash",
        Status::Timeout => "timeout",
        Status::Skip => "skip",
        Status::ExpectedFail => "expected fail",
        Status::UnexpectedPass => "unexpected pass",
        Status::Flake => "flake",
        Status::ExpectedFlake => "listed flake",
    }
}

fn duration(ms: u128) -> String {
    match ms {
        0..=999 => format!("{ms} ms"),
        1000..=59_999 => format!("{:.1} s", ms as f64 / 1000.0),
        _ => format!("{} min {:02} s", ms / 60_000, (ms % 60_000) / 1000),
    }
}

fn summary_section(results: &[TestResult]) -> String {
    let mut h = String::from(
        "<section id=summary><h2>Summary</h2><table class=data><thead><tr><th>executor</th><th class=num>pass</th><th class=num>fail</th><th class=num>skip</th><th class=num>expected fail</th><th class=num>flake</th><th class=num>time</th></tr></thead><tbody>",
    );
    let row = |name: &str, rows: &[&TestResult]| {
        let c = |f: &dyn Fn(Status) -> bool| {
            let n = rows.iter().filter(|r| f(r.status)).count();
            if n == 0 {
                "<td class=\"num zero\">0</td>".to_string()
            } else {
                format!("<td class=num>{n}</td>")
            }
        };
        let failing: Vec<String> = [Status::Fail, Status::Crash, Status::Timeout, Status::UnexpectedPass]
            .iter()
            .filter_map(|&s| {
                let n = rows.iter().filter(|r| r.status == s).count();
                (n > 0).then(|| format!("<span class=\"badge {}\">{n} {}</span>", s.name(), label(s)))
            })
            .collect();
        let fail = rows.iter().filter(|r| r.status.is_regression()).count();
        let fail_cell =
            if fail == 0 { "<td class=\"num zero\">0</td>".to_string() } else { format!("<td class=num>{}</td>", failing.join(" ")) };
        format!(
            "<tr><td>{}</td>{}{fail_cell}{}{}{}<td class=num>{}</td></tr>",
            escape(name),
            c(&|s| s == Status::Pass),
            c(&|s| s == Status::Skip),
            c(&|s| s == Status::ExpectedFail),
            c(&|s| matches!(s, Status::Flake | Status::ExpectedFlake)),
            duration(rows.iter().map(|r| r.duration_ms).sum())
        )
    };
    for ex in executors(results) {
        let rows: Vec<&TestResult> = results.iter().filter(|r| r.executor == ex).collect();
        h += &row(ex, &rows);
    }
    h += "</tbody>";
    if executors(results).len() > 1 {
        let all: Vec<&TestResult> = results.iter().collect();
        h += &format!("<tfoot>{}</tfoot>", row("all", &all).replace("<td>all</td>", "<td>all executors</td>"));
    }
    h += "</table><p class=muted>fail counts failures, crashes, timeouts and unexpected passes: what fails the run.</p></section>";
    h
}

fn changes_html(b: &baseline::Baseline, c: &Changes) -> String {
    let mut h = format!("<h2>Changes against the {}</h2>", escape(&b.label));
    if c.is_empty() {
        h += "<p>No changes.</p>";
    }
    let list = |title: &str, items: &[Change]| -> String {
        if items.is_empty() {
            return String::new();
        }
        let mut s = format!("<h3>{title} ({})</h3><ul>", items.len());
        for ch in items {
            let st = |x: Option<Status>| x.map_or("—".to_string(), |s| format!("<span class=\"badge {n}\">{n}</span>", n = s.name()));
            s += &format!("<li>{} on {}: {} → {}</li>", escape(&ch.key.0), escape(&ch.key.1), st(ch.before), st(ch.now));
        }
        s + "</ul>"
    };
    h += &list("New failures", &c.new_failures);
    h += &list("Fixed", &c.fixes);
    if b.complete {
        h += &list("New tests", &c.new_tests);
    }
    h += &list("Removed tests", &c.removed_tests);
    h += &list("Other changes", &c.other);
    if c.not_run > 0 {
        h += &format!("<p class=muted>{} of the baseline were not selected by this run.</p>", plural(c.not_run, "row", "rows"));
    }
    h
}

/// The regressions (new ones first), then expected failures and flakes, folded.
fn failures_section(out: &Path, results: &[TestResult], new_failures: &BTreeSet<(String, String)>) -> String {
    let is_new = |r: &TestResult| new_failures.contains(&(r.test.clone(), r.executor.clone()));
    let mut regressions: Vec<&TestResult> = results.iter().filter(|r| r.status.is_regression()).collect();
    regressions.sort_by_key(|r| !is_new(r));
    let mut h = format!("<section id=failures><h2>Regressions ({})</h2>", regressions.len());
    if regressions.is_empty() {
        h += "<p>None: every test passed, was skipped, or failed as expected.</p>";
    }
    for r in &regressions {
        h += &card(out, r, is_new(r));
    }
    for (status, title) in
        [(Status::ExpectedFail, "Expected failures"), (Status::ExpectedFlake, "Listed flakes (failed once, then passed)")]
    {
        let rows: Vec<&TestResult> = results.iter().filter(|r| r.status == status).collect();
        if !rows.is_empty() {
            h += &format!("<details><summary><h3 style=\"display:inline\">{title} ({})</h3></summary>", rows.len());
            for r in rows {
                h += &card(out, r, is_new(r));
            }
            h += "</details>";
        }
    }
    h + "</section>"
}

/// One failing result: status, name linking to its page, message, thumbnails of the images
/// its page has (a probe failure has only the actual image).
fn card(out: &Path, r: &TestResult, new: bool) -> String {
    let s = r.status.name();
    let name = format!("{} on {}", r.test, r.executor);
    let title = match &r.page {
        Some(p) => format!("<a href=\"{}\">{}</a>", href(p), escape(&name)),
        None => escape(&name),
    };
    let mut h = format!(
        "<div class=\"card {s}\"><span class=\"badge {s}\">{}</span> {}<span class=title>{title}</span>",
        label(r.status),
        if new { "<span class=\"badge new\">new</span> " } else { "" }
    );
    if r.status == Status::UnexpectedPass && r.message.is_empty() {
        h += "<p class=msg>Passes, but the expectations list it as failing: remove its row from the expectations file.</p>";
    }
    if !r.message.is_empty() {
        let lines: Vec<&str> = r.message.lines().collect();
        let shown = lines.iter().take(6).copied().collect::<Vec<_>>().join("\n");
        let more = if lines.len() > 6 {
            format!("\n… {} more lines on the failure page or in junit.xml", lines.len() - 6)
        } else {
            String::new()
        };
        h += &format!("<p class=msg>{}{}</p>", escape(&shown), escape(&more));
    }
    if let Some(dir) = r.page.as_deref().and_then(|p| p.strip_suffix("index.html")) {
        let figures: Vec<String> =
            [("expected.png", "expected"), ("actual.png", "actual"), ("diff.png", "difference"), ("tessellation.svg", "tessellation")]
                .iter()
                .filter(|(f, _)| out.join(dir).join(f).is_file())
                .map(|(f, caption)| {
                    format!(
                    "<figure><a href=\"{}\"><img src=\"{}\" alt=\"{caption}\" loading=lazy></a><figcaption>{caption}</figcaption></figure>",
                    href(&format!("{dir}index.html")),
                    href(&format!("{dir}{f}"))
                )
                })
                .collect();
        if !figures.is_empty() {
            h += &format!("<div class=thumbs>{}</div>", figures.join(""));
        }
    }
    h + "</div>"
}
