//! The oracles applied to one rendering, in order: the test's probes (the spec's answer: pixels,
//! then what transform feedback captured), the stored reference image (only on the driver that
//! blessed it: another driver may round a colour or place an edge differently where the spec
//! allows it), and (translated executors) the live native rendering: its image, then its
//! captures byte for byte. A tolerance that an image of only the clear colour would pass is
//! refused before it is used.

use super::batch::Rendering;
use super::{reference_path, report, Status};
use crate::executor::Captures;
use crate::image::{vacuous_tolerance, Image};
use crate::oracle;
use crate::shader_test::ShaderTest;
use std::path::Path;

/// The status of a row before expectations, with its message and failure page.
#[derive(Debug, Clone)]
pub struct Verdict {
    pub status: Status,
    pub message: String,
    pub page: Option<String>,
}

impl Verdict {
    fn fail(message: String, page: Option<String>) -> Self {
        Verdict { status: Status::Fail, message, page }
    }
}

/// The live native rendering a translated one is held to: nothing for the native executor
/// itself, or where the native executor rendered nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Native<'a> {
    pub image: Option<&'a Image>,
    /// What it captured (tests with `[transform feedback N]` sections).
    pub captures: Option<&'a Captures>,
}

pub fn judge(
    references: &Path,
    native_driver: Option<&str>,
    test: &ShaderTest,
    ex_name: &str,
    r: &Rendering,
    native: Native,
    pages: &mut report::Pages,
) -> Verdict {
    let Some(img) = &r.image else {
        return Verdict { status: r.status, message: r.message.clone(), page: None };
    };
    if let Err(m) = oracle::check_probes(test, ex_name, img) {
        let page = pages.write_single(test, ex_name, img, &m);
        return Verdict::fail(format!("probe failed: {m}"), page);
    }
    if let Err(m) = oracle::check_captures(test, r.captures.as_ref()) {
        return Verdict::fail(m, None);
    }
    let tolerance = test.test.tolerance(ex_name);
    let ref_path = reference_path(references, &test.name);
    if test.test.compare_reference && blessed_on(&ref_path, native_driver) {
        match Image::read_png(&ref_path) {
            Ok(reference) => {
                if let Some(m) = vacuous_tolerance(&reference, test.test.clear, &tolerance) {
                    return Verdict::fail(format!("against the reference image: {m}"), None);
                }
                if let Err(mm) = oracle::check_image("reference", test, ex_name, &reference, img) {
                    let page = pages.write_mismatch(test, ex_name, &mm);
                    return Verdict::fail(format!("differs from the reference image: {}", mm.comparison.summary()), page);
                }
            }
            Err(_) if !ref_path.exists() => {
                return Verdict::fail(
                    format!("no reference image {}; bless it with `cargo xtask bless --filter {}`", ref_path.display(), test.name),
                    None,
                );
            }
            Err(e) => return Verdict::fail(format!("unreadable reference image: {e}"), None),
        }
    }
    if let (true, Some(n)) = (test.test.compare_native, native.image) {
        if let Some(m) = vacuous_tolerance(n, test.test.clear, &tolerance) {
            return Verdict::fail(format!("against the native rendering: {m}"), None);
        }
        if let Err(mm) = oracle::check_image("native", test, ex_name, n, img) {
            let page = pages.write_mismatch(test, ex_name, &mm);
            return Verdict::fail(format!("differs from the native rendering: {}", mm.comparison.summary()), page);
        }
    }
    // `check_captures` above made sure this rendering captured every declared buffer.
    if let (true, Some(n), Some(c)) = (test.test.compare_native && !test.captures.is_empty(), native.captures, &r.captures) {
        if let Err(m) = oracle::check_captures_against("native", n, c) {
            return Verdict::fail(format!("captures differ from the native rendering's: {m}"), None);
        }
    }
    Verdict { status: Status::Pass, message: String::new(), page: None }
}

/// Whether the reference at `png` was blessed on `driver` (its sidecar's `driver`, compared
/// without case). A reference without a readable sidecar, or a run whose driver is unknown,
/// keeps the reference as an oracle: only a known other driver sets it aside.
fn blessed_on(png: &Path, driver: Option<&str>) -> bool {
    let Some(driver) = driver else { return true };
    let Ok(text) = std::fs::read_to_string(png.with_extension("json")) else { return true };
    let Ok(sidecar) = serde_json::from_str::<serde_json::Value>(&text) else { return true };
    sidecar["driver"].as_str().is_none_or(|blessed| blessed.eq_ignore_ascii_case(driver))
}

#[cfg(test)]
mod tests {
    use super::blessed_on;

    #[test]
    fn a_reference_is_an_oracle_only_on_the_driver_that_blessed_it() {
        let dir = std::env::temp_dir().join(format!("tesserae-blessed-on-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let png = dir.join("t.png");
        assert!(blessed_on(&png, Some("NVIDIA")), "no sidecar: kept");
        std::fs::write(dir.join("t.json"), r#"{"executor": "native", "driver": "llvmpipe"}"#).unwrap();
        assert!(blessed_on(&png, Some("llvmpipe")));
        assert!(blessed_on(&png, Some("LLVMpipe")));
        assert!(blessed_on(&png, None), "unknown driver: kept");
        assert!(!blessed_on(&png, Some("NVIDIA")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
