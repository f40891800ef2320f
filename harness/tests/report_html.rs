//! The conformance report's index page, without a GPU: synthetic results and images through
//! the report functions, then the page read back. Every failure links to an existing page,
//! every `src`/`href` (of the index and of the failure pages) names an existing file, the
//! matrix has one cell per result, and a test that draws patches gets its tessellation picture.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tesserae_harness::image::Image;
use tesserae_harness::oracle;
use tesserae_harness::runner::report::{self, baseline};
use tesserae_harness::runner::{Status, TestResult};
use tesserae_harness::shader_test::{self, ShaderTest};

const QUAD_PATCH: &str = "[require]\ntessellation\n\n[vertex shader]\n#version 450\nlayout(location = 0) in vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n\n[tessellation control shader]\n#version 450\nlayout(vertices = 4) out;\nvoid main() {\n    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n    gl_TessLevelOuter[0] = 2.0; gl_TessLevelOuter[1] = 3.0; gl_TessLevelOuter[2] = 4.0; gl_TessLevelOuter[3] = 5.0;\n    gl_TessLevelInner[0] = 2.0; gl_TessLevelInner[1] = 3.0;\n}\n\n[tessellation evaluation shader]\n#version 450\nlayout(quads, fractional_odd_spacing, cw) in;\nvoid main() { gl_Position = mix(mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x), mix(gl_in[2].gl_Position, gl_in[3].gl_Position, gl_TessCoord.x), gl_TessCoord.y); }\n\n[fragment shader]\n#version 450\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(1.0); }\n\n[vertex buffer 0]\n0/float32x2\n-1 -1\n1 -1\n-1 1\n1 1\n\n[test]\ndraw patch-list-4 vertices 4\n";

const TRIANGLE: &str = "[vertex shader]\n#version 450\nvoid main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n\n[fragment shader]\n#version 450\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(1.0); }\n\n[test]\ndraw point-list vertices 1\nprobe rgba 0 0 1 0 0 1\n";

fn test(name: &str, text: &str) -> ShaderTest {
    shader_test::parse(Path::new(&format!("{name}.shader_test")), name, text).expect("test text parses")
}

fn image(rgba: [u8; 4]) -> Image {
    Image { width: 8, height: 8, data: rgba.repeat(64) }
}

fn row(test: &str, executor: &str, status: Status, page: Option<String>) -> TestResult {
    let message = if status == Status::Pass { String::new() } else { format!("{} on {executor}", status.name()) };
    TestResult { test: test.into(), executor: executor.into(), status, outcome: status, duration_ms: 12, message, page }
}

/// `src=` and `href=` values of `html`, quoted or not, without fragments; `#…` links left out.
fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in [" src=", " href="] {
        let mut rest = html;
        while let Some(i) = rest.find(attr) {
            rest = &rest[i + attr.len()..];
            let value = match rest.chars().next() {
                Some(q @ ('"' | '\'')) => rest[1..].split(q).next().unwrap_or(""),
                _ => rest.split(|c: char| c.is_whitespace() || c == '>').next().unwrap_or(""),
            };
            let value = value.split('#').next().unwrap_or("");
            if !value.is_empty() {
                out.push(percent_decode(value));
            }
        }
    }
    out
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let Ok(v) = u8::from_str_radix(&s[i + 1..i + 3], 16) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap()
}

fn assert_links_exist(html: &str, base: &Path) {
    for l in links(html) {
        assert!(!l.contains("://") && !l.starts_with('/'), "link {l} is not relative");
        assert!(base.join(&l).exists(), "{l} (from {}) does not exist", base.display());
    }
}

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tesserae-report-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn index_page_links_thumbnails_matrix_and_changes() {
    let out = scratch("out");
    let quad = test("tess/quad-odd-cw", QUAD_PATCH);
    let tri = test("basic/point", TRIANGLE);
    let mut pages = report::Pages::new(&out);

    // An image mismatch (expected, actual, difference) for the patch test, and a probe
    // failure (actual only) for the other.
    let mm = oracle::check_image("reference", &quad, "wgpu-vulkan", &image([255, 0, 0, 255]), &image([0, 0, 255, 255]))
        .expect_err("different images mismatch");
    let quad_page = pages.write_mismatch(&quad, "wgpu-vulkan", &mm).expect("mismatch page written");
    let probe_page = pages.write_single(&tri, "native", &image([0, 0, 0, 255]), "probe at (0, 0)").expect("probe page written");
    let xfail_page = pages.write_single(&tri, "wgpu-gl", &image([0, 0, 0, 255]), "probe at (0, 0)").expect("page written");

    let results = vec![
        row("basic/point", "native", Status::Fail, Some(probe_page.clone())),
        row("basic/point", "wgpu-vulkan", Status::Pass, None),
        row("basic/point", "wgpu-gl", Status::ExpectedFail, Some(xfail_page)),
        row("basic/crash", "native", Status::Crash, None),
        row("basic/crash", "wgpu-vulkan", Status::Skip, None),
        row("basic/crash", "wgpu-gl", Status::Timeout, None),
        row("tess/quad-odd-cw", "native", Status::Pass, None),
        row("tess/quad-odd-cw", "wgpu-vulkan", Status::Fail, Some(quad_page.clone())),
        row("tess/quad-odd-cw", "wgpu-gl", Status::Flake, None),
        row("tess/new-one", "native", Status::UnexpectedPass, None),
    ];

    // A previous run in which the probe test passed and a removed test failed.
    let prev = scratch("prev");
    std::fs::write(
        prev.join("results.csv"),
        "test,executor,status,duration_ms\nbasic/point,native,Pass,3\nbasic/crash,native,Crash,3\ntess/quad-odd-cw,wgpu-vulkan,Fail,4\nbasic/removed,native,Fail,1\n",
    )
    .unwrap();
    let corpus: BTreeSet<String> =
        ["basic/point", "basic/crash", "tess/quad-odd-cw", "tess/new-one"].iter().map(|s| s.to_string()).collect();
    let baselines = baseline::Baselines { list: vec![baseline::load_previous(&prev).unwrap()], corpus_tests: Some(corpus) };
    // As the runner does: rows appended as they come, then the summaries.
    let mut writer = report::ResultsWriter::create(&out).unwrap();
    for r in &results {
        writer.push(r).unwrap();
    }
    report::write_summaries(&out, &results, &baselines).unwrap();

    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert_links_exist(&html, &out);

    // Every failure with a page links to it, and the page exists and links back.
    for r in results.iter().filter(|r| r.status.is_regression() || r.status == Status::ExpectedFail) {
        assert!(html.contains(&format!("{} on {}", r.test, r.executor)), "no row for {} on {}", r.test, r.executor);
        if let Some(p) = &r.page {
            assert!(html.contains(&format!("href=\"{p}\"")), "no link to {p}");
            let page = out.join(p);
            let text = std::fs::read_to_string(&page).unwrap();
            assert_links_exist(&text, page.parent().unwrap());
        }
    }
    // Thumbnails: three images for the mismatch (plus the tessellation), one for the probe.
    let quad_dir = quad_page.trim_end_matches("index.html");
    for f in ["expected.png", "actual.png", "diff.png", "tessellation.svg"] {
        assert!(html.contains(&format!("src=\"{quad_dir}{f}\"")), "no thumbnail {f}");
    }
    let probe_dir = probe_page.trim_end_matches("index.html");
    assert!(html.contains(&format!("src=\"{probe_dir}actual.png\"")));
    assert!(!html.contains(&format!("src=\"{probe_dir}expected.png\"")));

    // The tessellation picture: mode from the evaluation stage, levels from the control stage.
    let quad_html = std::fs::read_to_string(out.join(&quad_page)).unwrap();
    assert!(
        quad_html.contains("--domain quad --spacing fractional-odd --outer 2,3,4,5 --inner 2,3 --cw"),
        "tessellation section: {quad_html}"
    );
    let svg = std::fs::read_to_string(out.join(quad_dir).join("tessellation.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("Quads FractionalOdd Cw"), "{svg}");
    let probe_html = std::fs::read_to_string(out.join(&probe_page)).unwrap();
    assert!(!probe_html.contains("Tessellation"), "no picture for a test without patches");

    // The matrix: one cell per result, three per test row, each titled with its status.
    let cells = html.matches("<td class=\"c ").count();
    assert_eq!(cells, results.len(), "one matrix cell per result");
    for r in &results {
        assert!(html.contains(&format!("<td class=\"c {}\" title=\"{} on {}: {}", r.status.name(), r.test, r.executor, r.status.name())));
    }
    let matrix = &html[html.find("id=matrix-table").unwrap()..];
    for row in matrix.split("<tr class=t ").skip(1) {
        let row = row.split("</tr>").next().unwrap();
        assert_eq!(row.matches("<td ").count(), 3, "a cell per executor: {row}");
    }
    assert!(matrix.contains("<tbody data-area=\"basic\">") && matrix.contains("<tbody data-area=\"tess\">"));
    assert!(html.contains("2 tests · "), "counts per area");

    // Changes against the previous run.
    let changes = &html[html.find("id=changes").unwrap()..html.find("id=failures").unwrap()];
    // basic/point on native passed before; the new rows that fail count too.
    assert!(changes.contains("New failures (3)") && changes.contains("basic/point on native"), "{changes}");
    assert!(changes.contains("Removed tests (1)") && changes.contains("basic/removed"), "{changes}");
    assert!(changes.contains("New tests"), "{changes}");
    // Regressions come first, the new failure at their head.
    let failures = &html[html.find("id=failures").unwrap()..html.find("id=matrix").unwrap()];
    let first = failures.find("class=\"card ").unwrap();
    assert!(failures[first..].find("basic/point on native").unwrap() < failures[first..].find("basic/crash").unwrap());
    assert!(failures.find("basic/crash on wgpu-gl").unwrap() < failures.find("Expected failures").unwrap());
    assert!(html.find("id=summary").unwrap() < html.find("id=matrix").unwrap());

    let _ = std::fs::remove_dir_all(&out);
    let _ = std::fs::remove_dir_all(&prev);
}

#[test]
fn changes_against_expectations() {
    let dir = scratch("exp");
    let path = dir.join("lavapipe.csv");
    std::fs::write(&path, "# known failures\ntest,executor,status\na/x,native,Fail\na/gone,native,Fail\n").unwrap();
    let b = baseline::load_expectations(&path).unwrap();
    let results = vec![row("a/x", "native", Status::UnexpectedPass, None), row("a/y", "native", Status::Fail, None)];
    let corpus: BTreeSet<String> = ["a/x", "a/y"].iter().map(|s| s.to_string()).collect();
    let c = baseline::diff(&results, &b, Some(&corpus));
    assert_eq!(c.fixes.len(), 1);
    assert_eq!(c.new_failures.len(), 1);
    assert_eq!(c.new_failures[0].key.0, "a/y");
    assert!(c.new_tests.is_empty(), "an expectations file lists failures only");
    assert_eq!(c.removed_tests.len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}
