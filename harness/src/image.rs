//! RGBA8 images: PNG I/O, comparison with a tolerance, difference pictures.

use crate::shader_test::Tolerance;
use std::path::Path;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    pub width: u32,
    pub height: u32,
    /// Tightly packed RGBA8 rows, top row first.
    pub data: Vec<u8>,
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
    pub passed: bool,
    pub exact: bool,
}

impl Comparison {
    pub fn summary(&self) -> String {
        format!("{} of {} pixels differ (largest channel difference {})", self.differing_pixels, self.total_pixels, self.max_channel_diff)
    }
}

/// Exact first; otherwise within the tolerance (largest channel difference, share of pixels).
pub fn compare(expected: &Image, actual: &Image, tol: &Tolerance) -> Comparison {
    let total = (expected.width as u64) * (expected.height as u64);
    if expected.width != actual.width || expected.height != actual.height {
        return Comparison { max_channel_diff: 255, differing_pixels: total, total_pixels: total, passed: false, exact: false };
    }
    let mut max = 0u8;
    let mut differing = 0u64;
    let mut any = false;
    for (e, a) in expected.data.chunks_exact(4).zip(actual.data.chunks_exact(4)) {
        let d = e.iter().zip(a).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
        if d > 0 {
            any = true;
        }
        max = max.max(d);
        if d > tol.channel {
            differing += 1;
        }
    }
    let allowed = (tol.pixels_percent as f64 / 100.0 * total as f64).floor() as u64;
    Comparison {
        max_channel_diff: max,
        differing_pixels: differing,
        total_pixels: total,
        passed: !any || differing <= allowed,
        exact: !any,
    }
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
