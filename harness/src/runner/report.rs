//! Reports in the output directory: `results.csv` (appended row by row), `failures.csv`
//! (usable as a baseline), `junit.xml`, `index.html`, failure pages with expected, actual and
//! difference PNGs side by side (and, for tests that draw patches, the tessellated domain), a
//! progress line and a summary table.

pub mod baseline;
mod index_assets;
pub mod index_matrix;
pub mod index_page;
pub mod tess_levels;
pub mod tess_picture;

use super::{Status, TestResult};
use crate::image::Image;
use crate::oracle::ImageMismatch;
use crate::shader_test::ShaderTest;
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
pub use tesserae_results::rows::{ResultsWriter, ROWS};

pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Failure pages under `failures/<test>/<executor>/`.
pub struct Pages {
    out: PathBuf,
}

impl Pages {
    pub fn new(out: &Path) -> Self {
        Pages { out: out.to_path_buf() }
    }

    fn dir(&self, test: &ShaderTest, executor: &str) -> (PathBuf, String) {
        let rel = format!("failures/{}/{executor}", test.name);
        (self.out.join(&rel), rel)
    }

    fn page(&self, test: &ShaderTest, dir: &Path, rel: &str, title: &str, body: &str) -> Option<String> {
        // Back to the index: one `..` per component of `failures/<test>/<executor>`.
        let up = "../".repeat(rel.split('/').count());
        let tess = tess_picture::section(test, dir);
        let html = format!(
            "<!doctype html><meta charset=utf-8><title>{t}</title><style>body{{font-family:system-ui,sans-serif;margin:20px;line-height:1.4}} img{{width:256px;image-rendering:pixelated;border:1px solid #888}} img.tess{{width:560px;image-rendering:auto}} td{{padding:4px;text-align:center}}</style><p><a href=\"{up}index.html\">← all results</a></p><h1>{t}</h1>{body}{tess}",
            t = escape(title)
        );
        std::fs::write(dir.join("index.html"), html).ok()?;
        Some(format!("{rel}/index.html"))
    }

    pub fn write_mismatch(&mut self, test: &ShaderTest, executor: &str, m: &ImageMismatch) -> Option<String> {
        let (dir, rel) = self.dir(test, executor);
        std::fs::create_dir_all(&dir).ok()?;
        m.expected.write_png(&dir.join("expected.png")).ok()?;
        m.actual.write_png(&dir.join("actual.png")).ok()?;
        m.diff.write_png(&dir.join("diff.png")).ok()?;
        let body = format!(
            "<p>{} vs {}: {}</p><p>tolerance: channel {}, pixels {}% {}</p><table><tr><td>expected ({})</td><td>actual ({})</td><td>difference</td></tr><tr><td><img src=expected.png></td><td><img src=actual.png></td><td><img src=diff.png></td></tr></table><p>test file: <code>{}</code></p>",
            escape(executor),
            m.oracle,
            escape(&m.comparison.summary()),
            test.test.tolerance(executor).channel,
            test.test.tolerance(executor).pixels_percent,
            escape(&test.test.tolerance(executor).reason),
            m.oracle,
            escape(executor),
            escape(&test.path.display().to_string())
        );
        self.page(test, &dir, &rel, &format!("{} on {executor}", test.name), &body)
    }

    pub fn write_single(&mut self, test: &ShaderTest, executor: &str, img: &Image, message: &str) -> Option<String> {
        let (dir, rel) = self.dir(test, executor);
        std::fs::create_dir_all(&dir).ok()?;
        img.write_png(&dir.join("actual.png")).ok()?;
        let body = format!("<p>{}</p><img src=actual.png>", escape(message));
        self.page(test, &dir, &rel, &format!("{} on {executor}", test.name), &body)
    }
}

pub struct Progress {
    total: usize,
    done: usize,
    tty: bool,
    bad: usize,
}

impl Progress {
    pub fn new(total: usize) -> Self {
        Progress { total, done: 0, tty: std::io::stderr().is_terminal(), bad: 0 }
    }
    pub fn show(&mut self, name: &str) {
        self.done += 1;
        if self.tty {
            eprint!("\r\x1b[K[{}/{}] {} failing, {name}", self.done, self.total, self.bad);
        }
    }
    pub fn record(&mut self, r: &TestResult) {
        if r.status.is_regression() {
            self.bad += 1;
            if self.tty {
                eprint!("\r\x1b[K");
            }
            let first = r.message.lines().next().unwrap_or("");
            eprintln!("{} {} {}: {first}", r.status.name(), r.test, r.executor);
        }
    }
    pub fn finish(&self) {
        if self.tty {
            eprint!("\r\x1b[K");
        }
    }
}

/// `failures.csv`, `junit.xml`, `index.html`, and the summary table on stdout.
pub fn write_summaries(out: &Path, results: &[TestResult], baselines: &baseline::Baselines) -> std::io::Result<()> {
    tesserae_results::rows::write_failures(out, results)?;

    let mut j = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    let by_exec = group(results);
    for (ex, rows) in &by_exec {
        let failures = rows.iter().filter(|r| r.status.is_regression()).count();
        let skipped = rows.iter().filter(|r| r.status == Status::Skip).count();
        j += &format!("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\">\n", escape(ex), rows.len());
        for r in rows {
            j += &format!(
                "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\">",
                escape(ex),
                escape(&r.test),
                r.duration_ms as f64 / 1000.0
            );
            if r.status.is_regression() {
                j += &format!("<failure message=\"{}\">{}</failure>", r.status.name(), escape(&r.message));
            } else if r.status == Status::Skip {
                j += &format!("<skipped message=\"{}\"/>", escape(&r.message));
            }
            j += "</testcase>\n";
        }
        j += "  </testsuite>\n";
    }
    j += "</testsuites>\n";
    std::fs::write(out.join("junit.xml"), j)?;

    index_page::write(out, results, baselines)?;
    print!("{}", summary_table(results));
    Ok(())
}

fn group(results: &[TestResult]) -> BTreeMap<String, Vec<&TestResult>> {
    let mut m: BTreeMap<String, Vec<&TestResult>> = BTreeMap::new();
    for r in results {
        m.entry(r.executor.clone()).or_default().push(r);
    }
    m
}

pub fn summary_table(results: &[TestResult]) -> String {
    let mut s = format!("{:<28} {:>6} {:>6} {:>6} {:>8} {:>6}\n", "executor", "pass", "fail", "skip", "expected", "flake");
    for (ex, rows) in group(results) {
        let c = |f: &dyn Fn(Status) -> bool| rows.iter().filter(|r| f(r.status)).count();
        s += &format!(
            "{:<28} {:>6} {:>6} {:>6} {:>8} {:>6}\n",
            ex,
            c(&|s| s == Status::Pass),
            c(&|s| s.is_regression()),
            c(&|s| s == Status::Skip),
            c(&|s| s == Status::ExpectedFail),
            c(&|s| s.is_flake())
        );
    }
    s
}
