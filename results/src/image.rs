//! RGBA8 images: PNG I/O, comparison with a tolerance, difference pictures.

use std::path::Path;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    pub width: u32,
    pub height: u32,
    /// Tightly packed RGBA8 rows, top row first.
    pub data: Vec<u8>,
}

/// How far two images may differ and still match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tolerance {
    /// Largest allowed per-channel difference (0–255).
    pub channel: u8,
    /// Largest share of pixels (percent) allowed to differ beyond `channel`: of the whole
    /// image, or with `edges_only` of the expected image's edge pixels ([`edge_mask`]).
    pub pixels_percent: f32,
    pub edges_only: bool,
}

impl Tolerance {
    /// Every channel of every pixel equal.
    pub const EXACT: Tolerance = Tolerance { channel: 0, pixels_percent: 0.0, edges_only: false };
}

#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("{path}: not an 8-bit RGBA PNG ({found})")]
    Format { path: String, found: String },
}

impl Image {
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * self.width + x) * 4) as usize;
        [self.data[i], self.data[i + 1], self.data[i + 2], self.data[i + 3]]
    }

    pub fn write_png(&self, path: &Path) -> Result<(), ImageError> {
        let io = |e: &dyn std::fmt::Display| ImageError::Io { path: path.display().to_string(), message: e.to_string() };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| io(&e))?;
        }
        let file = std::fs::File::create(path).map_err(|e| io(&e))?;
        let mut enc = png::Encoder::new(std::io::BufWriter::new(file), self.width, self.height);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().map_err(|e| io(&e))?;
        w.write_image_data(&self.data).map_err(|e| io(&e))?;
        w.finish().map_err(|e| io(&e))
    }

    pub fn read_png(path: &Path) -> Result<Image, ImageError> {
        let io = |e: &dyn std::fmt::Display| ImageError::Io { path: path.display().to_string(), message: e.to_string() };
        let file = std::fs::File::open(path).map_err(|e| io(&e))?;
        let dec = png::Decoder::new(std::io::BufReader::new(file));
        let mut reader = dec.read_info().map_err(|e| io(&e))?;
        let info = reader.info();
        if info.color_type != png::ColorType::Rgba || info.bit_depth != png::BitDepth::Eight {
            return Err(ImageError::Format {
                path: path.display().to_string(),
                found: format!("{:?} {:?}", info.color_type, info.bit_depth),
            });
        }
        let (width, height) = (info.width, info.height);
        let mut data = vec![0; (width * height * 4) as usize];
        reader.next_frame(&mut data).map_err(|e| io(&e))?;
        Ok(Image { width, height, data })
    }
}

/// Result of comparing two images.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    pub max_channel_diff: u8,
    /// Pixels whose difference exceeds the tolerance's channel bound.
    pub differing_pixels: u64,
    pub total_pixels: u64,
    /// With an edge tolerance: the expected image's edge pixels, and how many differing
    /// pixels lie off them (any such pixel fails the comparison).
    pub edges: Option<EdgeCount>,
    pub passed: bool,
    pub exact: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EdgeCount {
    pub edge_pixels: u64,
    pub differing_off_edge: u64,
}

impl Comparison {
    pub fn summary(&self) -> String {
        let mut s = format!(
            "{} of {} pixels differ (largest channel difference {})",
            self.differing_pixels, self.total_pixels, self.max_channel_diff
        );
        if let Some(e) = self.edges {
            s += &format!("; {} edge pixels, {} differing pixels off the edges", e.edge_pixels, e.differing_off_edge);
        }
        s
    }
}

/// Two neighbouring pixels further apart than this (in any channel) make an edge. Smooth
/// gradients (a few steps per pixel) are not edges; a primitive's border against the clear
/// colour is.
pub const EDGE_CONTRAST: u8 = 16;

/// Pixels whose 3×3 neighbourhood (clamped at the border) is not uniform: some neighbour
/// differs from the pixel by more than [`EDGE_CONTRAST`]. Row-major, one flag per pixel.
pub fn edge_mask(img: &Image) -> Vec<bool> {
    let (w, h) = (img.width as i64, img.height as i64);
    let mut mask = vec![false; (w * h) as usize];
    for y in 0..h {
        for x in 0..w {
            let c = img.pixel(x as u32, y as u32);
            'n: for dy in -1..=1 {
                for dx in -1..=1 {
                    let (nx, ny) = (x + dx, y + dy);
                    if nx < 0 || ny < 0 || nx >= w || ny >= h {
                        continue;
                    }
                    let n = img.pixel(nx as u32, ny as u32);
                    if c.iter().zip(n).any(|(a, b)| a.abs_diff(b) > EDGE_CONTRAST) {
                        mask[(y * w + x) as usize] = true;
                        break 'n;
                    }
                }
            }
        }
    }
    mask
}

/// Exact first; otherwise within the tolerance: pixels differing by more than `channel` are
/// at most `pixels_percent` of the image, or with `edges_only` lie on the expected image's
/// edges and are at most `pixels_percent` of those.
pub fn compare(expected: &Image, actual: &Image, tol: &Tolerance) -> Comparison {
    let total = (expected.width as u64) * (expected.height as u64);
    if expected.width != actual.width || expected.height != actual.height {
        return Comparison {
            max_channel_diff: 255,
            differing_pixels: total,
            total_pixels: total,
            edges: None,
            passed: false,
            exact: false,
        };
    }
    let mask = tol.edges_only.then(|| edge_mask(expected));
    let mut max = 0u8;
    let mut differing = 0u64;
    let mut off_edge = 0u64;
    for (i, (e, a)) in expected.data.chunks_exact(4).zip(actual.data.chunks_exact(4)).enumerate() {
        let d = e.iter().zip(a).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
        max = max.max(d);
        if d > tol.channel {
            differing += 1;
            if mask.as_ref().is_some_and(|m| !m[i]) {
                off_edge += 1;
            }
        }
    }
    let share_of = |n: u64| (tol.pixels_percent as f64 / 100.0 * n as f64).floor() as u64;
    let edges = mask.map(|m| EdgeCount { edge_pixels: m.iter().filter(|e| **e).count() as u64, differing_off_edge: off_edge });
    let within = match edges {
        Some(e) => e.differing_off_edge == 0 && differing <= share_of(e.edge_pixels),
        None => differing <= share_of(total),
    };
    Comparison {
        max_channel_diff: max,
        differing_pixels: differing,
        total_pixels: total,
        edges,
        passed: max == 0 || within,
        exact: max == 0,
    }
}

/// Images of one height side by side, the first leftmost (a test's colour targets).
pub fn side_by_side(images: &[Image]) -> Image {
    let height = images.first().map_or(0, |i| i.height);
    let width = images.iter().map(|i| i.width).sum();
    let mut data = Vec::with_capacity((width * height * 4) as usize);
    for y in 0..height as usize {
        for i in images {
            let row = i.width as usize * 4;
            data.extend_from_slice(&i.data[y * row..(y + 1) * row]);
        }
    }
    Image { width, height, data }
}

/// An image of `width`×`height` pixels all of one colour (a test's clear colour: what an
/// executor that draws nothing produces).
pub fn solid(width: u32, height: u32, rgba: [f32; 4]) -> Image {
    let px = rgba.map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8);
    Image { width, height, data: px.iter().copied().cycle().take((width * height * 4) as usize).collect() }
}

/// Whether every pixel of `img` is within one step of `rgba` (the image shows nothing drawn).
pub fn is_blank(img: &Image, rgba: [f32; 4]) -> bool {
    let px = rgba.map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8);
    img.data.chunks_exact(4).all(|p| p.iter().zip(px).all(|(a, b)| a.abs_diff(b) <= 1))
}

/// The first pixel, in row order, where two images of one size differ.
pub fn first_difference(expected: &Image, actual: &Image) -> Option<(u32, u32)> {
    if (expected.width, expected.height) != (actual.width, actual.height) {
        return None;
    }
    let i = expected.data.chunks_exact(4).zip(actual.data.chunks_exact(4)).position(|(e, a)| e != a)? as u32;
    Some((i % expected.width, i / expected.width))
}

/// A picture of the differences: black where equal, red scaled by the largest channel
/// difference elsewhere (at least half intensity so single-step differences show).
pub fn difference(expected: &Image, actual: &Image) -> Image {
    let (w, h) = (expected.width.min(actual.width), expected.height.min(actual.height));
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let (e, a) = (expected.pixel(x, y), actual.pixel(x, y));
            let d = e.iter().zip(a).map(|(p, q)| p.abs_diff(q)).max().unwrap_or(0);
            let v = if d == 0 { 0 } else { 128u8.saturating_add(d / 2) };
            data.extend([v, 0, 0, 255]);
        }
    }
    Image { width: w, height: h, data }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tol(channel: u8, pixels_percent: f32, edges_only: bool) -> Tolerance {
        Tolerance { channel, pixels_percent, edges_only }
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
    fn edges_are_the_border_of_the_square() {
        let m = edge_mask(&square());
        assert!(m[4 * 16 + 4] && m[3 * 16 + 3] && m[11 * 16 + 11] && m[12 * 16 + 12]);
        assert!(!m[0] && !m[8 * 16 + 8], "far outside and deep inside are not edges");
        // Ring of 10×10 minus the 6×6 interior.
        assert_eq!(m.iter().filter(|e| **e).count(), 100 - 36);
    }

    #[test]
    fn edge_tolerance_allows_only_edge_pixels() {
        let expected = square();
        let mut moved = expected.clone();
        moved.data[(4 * 16 + 4) * 4] = 0; // a corner pixel of the square: an edge
        assert!(compare(&expected, &moved, &tol(0, 2.0, true)).passed);
        let mut inside = expected.clone();
        inside.data[(8 * 16 + 8) * 4] = 0; // deep inside: not an edge
        let c = compare(&expected, &inside, &tol(0, 50.0, true));
        assert!(!c.passed);
        assert_eq!(c.edges, Some(EdgeCount { edge_pixels: 64, differing_off_edge: 1 }));
        // Too many edge pixels: 2 of 64 allowed at 4%.
        let mut many = expected.clone();
        for x in 4..8 {
            many.data[(4 * 16 + x) * 4] = 0;
        }
        assert!(!compare(&expected, &many, &tol(0, 4.0, true)).passed);
    }

    #[test]
    fn exact_comparison_counts_every_differing_pixel() {
        let a = square();
        let same = compare(&a, &a.clone(), &Tolerance::EXACT);
        assert!(same.exact && same.passed && same.differing_pixels == 0);
        assert_eq!(first_difference(&a, &a), None);
        let mut b = a.clone();
        b.data[(2 * 16 + 3) * 4 + 1] = 3; // (3, 2): one step in green
        b.data[(9 * 16 + 9) * 4] = 200; // (9, 9): 55 down in red
        let c = compare(&a, &b, &Tolerance::EXACT);
        assert!(!c.passed && !c.exact);
        assert_eq!((c.differing_pixels, c.total_pixels, c.max_channel_diff), (2, 256, 55));
        assert_eq!(c.summary(), "2 of 256 pixels differ (largest channel difference 55)");
        assert_eq!(first_difference(&a, &b), Some((3, 2)));
        // Within a channel bound of 3, only the red pixel differs; 1% of 256 pixels is 2.
        let loose = compare(&a, &b, &tol(3, 1.0, false));
        assert_eq!(loose.differing_pixels, 1);
        assert!(loose.passed && !loose.exact);
        let d = difference(&a, &b);
        assert_eq!(d.pixel(3, 2), [129, 0, 0, 255]);
        assert_eq!(d.pixel(9, 9), [155, 0, 0, 255]);
        assert_eq!(d.pixel(0, 0), [0, 0, 0, 255]);
        // Images of two sizes differ everywhere.
        let small = solid(8, 8, [0.0; 4]);
        let c = compare(&a, &small, &Tolerance::EXACT);
        assert!(!c.passed && c.differing_pixels == c.total_pixels && c.max_channel_diff == 255);
        assert_eq!(first_difference(&a, &small), None);
    }

    #[test]
    fn png_round_trip_and_errors() {
        let dir = std::env::temp_dir().join(format!("tesserae-results-image-{}", std::process::id()));
        let path = dir.join("nested/square.png");
        let img = square();
        img.write_png(&path).unwrap();
        assert_eq!(Image::read_png(&path).unwrap(), img);
        assert!(matches!(Image::read_png(&dir.join("missing.png")), Err(ImageError::Io { .. })));
        let gray = dir.join("gray.png");
        let mut enc = png::Encoder::new(std::fs::File::create(&gray).unwrap(), 1, 1);
        enc.set_color(png::ColorType::Grayscale);
        enc.write_header().unwrap().write_image_data(&[7]).unwrap();
        assert!(matches!(Image::read_png(&gray), Err(ImageError::Format { .. })));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn side_by_side_keeps_rows() {
        let (a, b) = (solid(2, 2, [1.0, 0.0, 0.0, 1.0]), solid(1, 2, [0.0, 0.0, 1.0, 1.0]));
        let s = side_by_side(&[a, b]);
        assert_eq!((s.width, s.height), (3, 2));
        assert_eq!(s.pixel(1, 1), [255, 0, 0, 255]);
        assert_eq!(s.pixel(2, 1), [0, 0, 255, 255]);
        assert!(is_blank(&solid(3, 3, [0.5, 0.5, 0.5, 1.0]), [0.5, 0.5, 0.5, 1.0]));
        assert!(!is_blank(&s, [1.0, 0.0, 0.0, 1.0]));
    }
}
