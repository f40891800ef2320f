//! Oracles: what a rendering is checked against. Each returns `Ok(())` or a failure message;
//! image oracles also return the pictures to show on failure.

use crate::executor::Captures;
use crate::image::{compare, difference, Comparison, Image};
use crate::shader_test::{CaptureProbe, Probe, ShaderTest};

/// Probes compare against the expected colour with this many 1/255 steps of slack, as piglit
/// does, because a value such as 0.5 has no exact 8-bit representation.
pub const PROBE_SLACK: f32 = 2.0;

pub fn check_probes(test: &ShaderTest, executor: &str, img: &Image) -> Result<(), String> {
    for p in &test.test.probes {
        check_probe(test, executor, p, img)?;
    }
    Ok(())
}

fn check_probe(test: &ShaderTest, executor: &str, p: &Probe, img: &Image) -> Result<(), String> {
    let slack = PROBE_SLACK.max(test.test.tolerance(executor).channel as f32);
    // The targets lie side by side: a probe of target K reads within K's columns; one without
    // a target (`probe all`) reads every target.
    let (left, right) = match p.target {
        Some(k) => (k * test.test.width, (k + 1) * test.test.width),
        None if p.w == u32::MAX => (0, img.width),
        None => (0, test.test.width),
    };
    let right = right.min(img.width);
    let (x0, x1) = (p.x.saturating_add(left), p.x.saturating_add(left).saturating_add(p.w).min(right));
    let y1 = p.y.saturating_add(p.h).min(img.height);
    if x0 >= right || p.y >= img.height {
        return Err(format!("line {}: probe ({}, {}) is outside the {}x{} framebuffer", p.line, p.x, p.y, test.test.width, img.height));
    }
    for y in p.y..y1 {
        for x in x0..x1 {
            // Coordinates in messages are the target's own.
            let tx = x - left;
            let got = img.pixel(x, y);
            let n = if p.check_alpha { 4 } else { 3 };
            let bad = (0..n).any(|i| (got[i] as f32 - p.rgba[i] * 255.0).abs() > slack);
            if bad {
                return Err(format!(
                    "line {}: probe at ({tx}, {y}){}: expected ({:.3}, {:.3}, {:.3}, {:.3}), got ({:.3}, {:.3}, {:.3}, {:.3})",
                    p.line,
                    p.target.map_or(String::new(), |k| format!(" of target {k}")),
                    p.rgba[0],
                    p.rgba[1],
                    p.rgba[2],
                    p.rgba[3],
                    got[0] as f32 / 255.0,
                    got[1] as f32 / 255.0,
                    got[2] as f32 / 255.0,
                    got[3] as f32 / 255.0
                ));
            }
        }
    }
    Ok(())
}

/// An image comparison that failed, with the pictures for the report.
pub struct ImageMismatch {
    pub oracle: &'static str,
    pub comparison: Comparison,
    pub expected: Image,
    pub actual: Image,
    pub diff: Image,
}

pub fn check_image(
    oracle: &'static str,
    test: &ShaderTest,
    executor: &str,
    expected: &Image,
    actual: &Image,
) -> Result<Comparison, Box<ImageMismatch>> {
    let c = compare(expected, actual, &test.test.tolerance(executor));
    if c.passed {
        return Ok(c);
    }
    Err(Box::new(ImageMismatch {
        oracle,
        diff: difference(expected, actual),
        comparison: c,
        expected: expected.clone(),
        actual: actual.clone(),
    }))
}

/// The test's `probe xfb` lines against what a rendering captured. A test with
/// `[transform feedback N]` sections fails when the rendering captured nothing, or not every
/// declared buffer at its declared size. Messages are whole (`probe failed: line N: ...`).
pub fn check_captures(test: &ShaderTest, captures: Option<&Captures>) -> Result<(), String> {
    if test.captures.is_empty() {
        return Ok(());
    }
    let Some(c) = captures else {
        return Err("the executor captured nothing (the test has [transform feedback] sections)".into());
    };
    for decl in &test.captures {
        match c.buffer(decl.buffer) {
            None => {
                return Err(format!(
                    "the executor captured no buffer {} (the test's [transform feedback {}] at line {})",
                    decl.buffer, decl.buffer, decl.line
                ))
            }
            Some(b) if b.len() != decl.size as usize => {
                return Err(format!(
                    "the executor's capture buffer {} has {} bytes, the test's [transform feedback {}] at line {} has {}",
                    decl.buffer,
                    b.len(),
                    decl.buffer,
                    decl.line,
                    decl.size
                ))
            }
            Some(_) => {}
        }
    }
    for p in &test.test.capture_probes {
        check_capture_probe(p, c).map_err(|m| format!("probe failed: line {}: {m}", p.line()))?;
    }
    Ok(())
}

/// The little-endian word at byte `at` (bytes past the end read as 0).
fn word_at(bytes: &[u8], at: usize) -> u32 {
    let mut w = [0u8; 4];
    for (k, b) in w.iter_mut().enumerate() {
        *b = bytes.get(at + k).copied().unwrap_or(0);
    }
    u32::from_le_bytes(w)
}

fn check_capture_probe(p: &CaptureProbe, c: &Captures) -> Result<(), String> {
    match p {
        CaptureProbe::Words { buffer, offset, values, .. } => {
            let bytes = c.buffer(*buffer).unwrap_or(&[]);
            for i in 0..values.len() {
                let at = *offset as usize + 4 * i;
                if at + 4 > bytes.len() {
                    return Err(format!("probe xfb {buffer} reads byte {at}, past the {} bytes captured", bytes.len()));
                }
                let word = word_at(bytes, at);
                if !values.matches(i, word) {
                    let (expected, got) = values.describe(i, word);
                    return Err(format!(
                        "probe xfb {buffer} offset {offset}: value {i} (byte {at}) expected {} {expected}, got {got} ({word:#010x})",
                        values.type_name()
                    ));
                }
            }
            Ok(())
        }
        CaptureProbe::Primitives { written, needed, .. } => {
            if (c.primitives_written, c.primitives_needed) == (*written, *needed) {
                Ok(())
            } else {
                Err(format!(
                    "probe xfb primitives: expected written {written} needed {needed}, got written {} needed {}",
                    c.primitives_written, c.primitives_needed
                ))
            }
        }
    }
}

/// A rendering's captures against another's (`oracle`: the native rendering): every buffer
/// byte for byte, then the primitives query. The message of a differing buffer names it, the
/// first differing byte, the word there in both (hexadecimal and as f32), and how many of its
/// words differ.
pub fn check_captures_against(oracle: &str, expected: &Captures, actual: &Captures) -> Result<(), String> {
    for (n, e) in &expected.buffers {
        let Some(a) = actual.buffer(*n) else {
            return Err(format!("capture buffer {n}: the {oracle} rendering captured it, this one did not"));
        };
        if a == e.as_slice() {
            continue;
        }
        if a.len() != e.len() {
            return Err(format!("capture buffer {n} has {} bytes, {} in the {oracle} rendering", a.len(), e.len()));
        }
        let first = e.iter().zip(a).position(|(x, y)| x != y).unwrap_or(0);
        let at = first / 4 * 4;
        let (we, wa) = (word_at(e, at), word_at(a, at));
        let differ = e.chunks(4).zip(a.chunks(4)).filter(|(x, y)| x != y).count();
        return Err(format!(
            "capture buffer {n} differs from the {oracle} rendering's at byte {first}: the word at byte {at} is {wa:#010x} ({:?}) here, {we:#010x} ({:?}) in the {oracle} rendering; {differ} of {} words differ",
            f32::from_bits(wa),
            f32::from_bits(we),
            e.len().div_ceil(4)
        ));
    }
    let (e, a) = ((expected.primitives_written, expected.primitives_needed), (actual.primitives_written, actual.primitives_needed));
    if e != a {
        return Err(format!("primitives written {} needed {} here, written {} needed {} in the {oracle} rendering", a.0, a.1, e.0, e.1));
    }
    Ok(())
}
