//! RGBA8 images ([`tesserae_results::image`]) judged with a test's tolerance.

use crate::shader_test::Tolerance;
pub use tesserae_results::image::{difference, edge_mask, is_blank, side_by_side, solid, Comparison, Image};

/// The image bounds of a test's tolerance.
pub fn bounds(tol: &Tolerance) -> tesserae_results::image::Tolerance {
    tesserae_results::image::Tolerance { channel: tol.channel, pixels_percent: tol.pixels_percent, edges_only: tol.edges_only }
}

/// Exact first; otherwise within the test's tolerance ([`tesserae_results::image::compare`]).
pub fn compare(expected: &Image, actual: &Image, tol: &Tolerance) -> Comparison {
    tesserae_results::image::compare(expected, actual, &bounds(tol))
}

/// Non-vacuity: `Some(message)` when `tol` would let an image of only the clear colour pass
/// against `expected`, although `expected` shows something drawn. Such a tolerance cannot
/// tell a rendering from no rendering.
pub fn vacuous_tolerance(expected: &Image, clear: [f32; 4], tol: &Tolerance) -> Option<String> {
    if is_blank(expected, clear) {
        return None;
    }
    let blank = solid(expected.width, expected.height, clear);
    let c = compare(expected, &blank, tol);
    c.passed.then(|| {
        format!(
            "tolerance `{}` would pass an image of only the clear colour ({}); tighten it (an edge-pixels tolerance fits differences along edges)",
            tol.describe(),
            c.summary()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tol(channel: u8, pixels_percent: f32, edges_only: bool) -> Tolerance {
        Tolerance { channel, pixels_percent, edges_only, reason: "test".into(), executor: None }
    }

    /// A 16×16 black image with a white 8×8 square at (4, 4).
    fn square() -> Image {
        let mut img = solid(16, 16, [0.0, 0.0, 0.0, 1.0]);
        for y in 4..12 {
            for x in 4..12 {
                let i = ((y * 16 + x) * 4) as usize;
                img.data[i..i + 3].copy_from_slice(&[255, 255, 255]);
            }
        }
        img
    }

    #[test]
    fn blank_images_are_caught() {
        let expected = square();
        let black = [0.0, 0.0, 0.0, 1.0];
        // 64 of 256 pixels lit: 30% of the image may differ by anything, which a blank passes.
        assert!(vacuous_tolerance(&expected, black, &tol(0, 30.0, false)).is_some());
        assert!(vacuous_tolerance(&expected, black, &tol(0, 20.0, false)).is_none());
        // The interior is not an edge, so no edge share lets a blank pass.
        assert!(vacuous_tolerance(&expected, black, &tol(0, 100.0, true)).is_none());
        // An expected image that is itself blank proves nothing either way.
        assert!(vacuous_tolerance(&solid(16, 16, black), black, &tol(0, 100.0, false)).is_none());
    }
}
