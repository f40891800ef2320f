//! Oracles: what a rendering is checked against. Each returns `Ok(())` or a failure message;
//! image oracles also return the pictures to show on failure.

use crate::image::{compare, difference, Comparison, Image};
use crate::shader_test::{Probe, ShaderTest};

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
