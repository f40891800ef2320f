//! The test × executor matrix of the index page: one coloured cell per result (status and
//! message in its title, a link to the failure page where there is one), tests grouped by
//! area (the part of the name before the first '/') with counts per area, and filters.

use super::index_page::{count_phrase, executors, href, symbol, ALL_STATUSES};
use crate::runner::report::escape;
use crate::runner::{Status, TestResult};
use std::collections::BTreeMap;

/// The area of a test: `tess/foo` → `tess`; a name without '/' is its own area.
pub fn area(test: &str) -> &str {
    test.split_once('/').map_or(test, |(a, _)| a)
}

/// A test and its result per executor (in the order of [`executors`]).
type TestRow<'a> = (&'a str, Vec<Option<&'a TestResult>>);

pub fn section(results: &[TestResult]) -> String {
    let execs = executors(results);
    // area → test → executor → result, tests in run order within their area.
    let mut areas: BTreeMap<&str, Vec<TestRow>> = BTreeMap::new();
    for r in results {
        let tests = areas.entry(area(&r.test)).or_default();
        let i = match tests.iter().position(|(t, _)| *t == r.test) {
            Some(i) => i,
            None => {
                tests.push((&r.test, vec![None; execs.len()]));
                tests.len() - 1
            }
        };
        if let Some(col) = execs.iter().position(|e| *e == r.executor) {
            tests[i].1[col] = Some(r);
        }
    }

    let mut h = String::from("<section id=matrix><h2>Matrix</h2>");
    h += "<p class=muted>One cell per test and executor; hover a cell for its status and message, click a failing cell for its failure page.</p>";
    h += &filters(results, &areas.keys().copied().collect::<Vec<_>>());
    h += "<table class=matrix id=matrix-table><thead><tr><th class=test>test</th>";
    for e in &execs {
        h += &format!("<th>{}</th>", escape(e));
    }
    h += "</tr></thead>";
    for (name, tests) in &areas {
        let rows: Vec<&TestResult> = tests.iter().flat_map(|(_, cells)| cells.iter().flatten().copied()).collect();
        h += &format!(
            "<tbody data-area=\"{a}\"><tr class=area><th colspan={}>{a}<span class=counts>{} tests · {}</span></th></tr>",
            execs.len() + 1,
            tests.len(),
            count_phrase(&rows),
            a = escape(name)
        );
        for (test, cells) in tests {
            let statuses: Vec<&str> = {
                let mut s: Vec<Status> = cells.iter().flatten().map(|r| r.status).collect();
                s.sort();
                s.dedup();
                s.into_iter().map(Status::name).collect()
            };
            let short = test.split_once('/').map_or(*test, |(_, n)| n);
            h += &format!(
                "<tr class=t data-t=\"{t}\" data-s=\"{}\"><th class=test title=\"{t}\">{}</th>",
                statuses.join(" "),
                escape(short),
                t = escape(test)
            );
            for (col, cell) in cells.iter().enumerate() {
                h += &match cell {
                    Some(r) => cell_html(r),
                    None => format!("<td class=none title=\"{} on {}: not run\"><span></span></td>", escape(test), escape(execs[col])),
                };
            }
            h += "</tr>";
        }
        h += "</tbody>";
    }
    h += "</table></section>";
    h
}

fn cell_html(r: &TestResult) -> String {
    let s = r.status.name();
    let mut title = format!("{} on {}: {s}", r.test, r.executor);
    if !r.message.is_empty() {
        let first: String = r.message.lines().take(3).collect::<Vec<_>>().join(" ");
        title += &format!(" — {first}");
    }
    let inner = match &r.page {
        Some(p) => format!("<a href=\"{}\">{}</a>", href(p), symbol(r.status)),
        None => format!("<span>{}</span>", symbol(r.status)),
    };
    format!("<td class=\"c {s}\" title=\"{}\">{inner}</td>", escape(&title))
}

fn filters(results: &[TestResult], areas: &[&str]) -> String {
    let mut h = String::from("<div class=filters id=filters hidden><span id=f-status>");
    for s in ALL_STATUSES {
        let n = results.iter().filter(|r| r.status == s).count();
        if n == 0 {
            continue;
        }
        h += &format!(
            "<label><input type=checkbox value={n_} checked> <span class=\"badge {n_}\">{} {}</span></label> ",
            symbol(s),
            n,
            n_ = s.name()
        );
    }
    h += "</span><label>area <select id=f-area><option value=\"\">all</option>";
    for a in areas {
        h += &format!("<option value=\"{a}\">{a}</option>", a = escape(a));
    }
    h += "</select></label><label>name <input id=f-text type=search placeholder=\"part of a name\"></label>";
    h += "<button id=f-bad type=button>failing only</button><button id=f-all type=button>show all</button></div>";
    h
}
