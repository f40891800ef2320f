//! `EXPECT` over buffer contents, as Amber's verifier decides it: pixel rectangles against
//! a colour in [0, 1] (default tolerance 0.002, absolute), values from a byte offset with a
//! comparator (the expected value first converted to the element's type, as Amber's
//! `static_cast<T>` does, so a decimal names the nearest float; floats then equal within
//! Amber's relative 1e-8, or within the first `TOLERANCE` given), and buffers
//! against each other (exactly, by root mean square error, or by the earth mover's distance
//! of their 8-bit channel histograms).

use crate::script::{BufferComparison, Comparator, Tolerance};
use crate::types::{read_field, read_field_int, Channel, ElementLayout, Field, NumKind, Value};

/// Amber's tolerance for pixel probes without `TOLERANCE`.
pub const DEFAULT_PIXEL_TOLERANCE: f64 = 0.002;

fn within(actual: f64, expected: f64, t: Tolerance) -> bool {
    if actual.is_nan() || expected.is_nan() {
        return actual.is_nan() == expected.is_nan();
    }
    let d = (actual - expected).abs();
    if t.percent {
        d <= t.value / 100.0 * expected.abs()
    } else {
        d <= t.value
    }
}

/// Checks every pixel of a rectangle of an image `width` elements wide.
#[allow(clippy::too_many_arguments)]
pub fn pixels(
    data: &[u8],
    layout: &ElementLayout,
    image_width: u32,
    rect: (u32, u32, u32, u32),
    rgba: [f64; 4],
    alpha: bool,
    tolerance: &[Tolerance],
) -> Result<(), String> {
    let (x0, y0, w, h) = rect;
    let tol = |c: usize| match tolerance.len() {
        0 => Tolerance { value: DEFAULT_PIXEL_TOLERANCE, percent: false },
        1 => tolerance[0],
        _ => tolerance.get(c).copied().unwrap_or(Tolerance { value: DEFAULT_PIXEL_TOLERANCE, percent: false }),
    };
    let stride = layout.stride as usize;
    let mut bad = 0usize;
    let mut first = None;
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            let at = (y as usize * image_width as usize + x as usize) * stride;
            let Some(texel) = data.get(at..at + stride) else {
                return Err(format!("pixel ({x}, {y}) is outside the image"));
            };
            let mut got = [f64::NAN; 4];
            let mut ok = true;
            for f in &layout.fields {
                let c = match f.channel {
                    Channel::R => 0,
                    Channel::G => 1,
                    Channel::B => 2,
                    Channel::A if alpha => 3,
                    _ => continue,
                };
                got[c] = read_field(texel, f);
                ok &= within(got[c], rgba[c], tol(c));
            }
            if !ok {
                bad += 1;
                first.get_or_insert((x, y, got));
            }
        }
    }
    match first {
        None => Ok(()),
        Some((x, y, got)) => {
            let show =
                |v: [f64; 4]| v.iter().take(if alpha { 4 } else { 3 }).map(|c| format!("{:.0}", c * 255.0)).collect::<Vec<_>>().join(" ");
            Err(format!(
                "{bad} of {} pixels differ; first at ({x}, {y}): expected {}, got {}",
                w as usize * h as usize,
                show(rgba),
                show(got)
            ))
        }
    }
}

/// Amber's `kEpsilon` for value comparisons without `TOLERANCE`, a percentage of the expected value.
const AMBER_EPSILON: Tolerance = Tolerance { value: 1e-6, percent: true };

/// The expected value as the element's type holds it: a decimal becomes the nearest 32-bit float
/// for 16- and 32-bit float elements (Amber reads half floats into a `float`).
fn as_element_type(v: Value, field: &Field) -> f64 {
    match field.kind {
        NumKind::Float if field.bits <= 32 => v.as_f64() as f32 as f64,
        _ => v.as_f64(),
    }
}

/// Checks `values` against the buffer's values from byte `offset` on, element by element.
pub fn values(
    data: &[u8],
    layout: &ElementLayout,
    offset: u32,
    comparator: Comparator,
    tolerance: &[Tolerance],
    values: &[Value],
) -> Result<(), String> {
    let n = layout.fields.len();
    for (i, expected) in values.iter().enumerate() {
        let (element, field) = (i / n, &layout.fields[i % n]);
        let at = offset as usize + element * layout.stride as usize;
        let Some(bytes) = data.get(at..at + layout.stride as usize) else {
            return Err(format!("value {i} at byte {at} is past the buffer's {} bytes", data.len()));
        };
        let ok = match (field.kind, *expected) {
            (NumKind::Sint | NumKind::Uint, Value::Int(e)) if tolerance.is_empty() => {
                let a = read_field_int(bytes, field);
                let a = if field.kind == NumKind::Uint && e < 0 { a - (1i128 << field.bits.min(127)) } else { a };
                compare(a.cmp(&e), comparator)
            }
            (_, e) => {
                let (a, e) = (read_field(bytes, field), as_element_type(e, field));
                match comparator {
                    Comparator::Eq => within(a, e, tolerance.first().copied().unwrap_or(AMBER_EPSILON)),
                    c => a.partial_cmp(&e).is_some_and(|o| compare(o, c)),
                }
            }
        };
        if !ok {
            let got = match field.kind {
                NumKind::Sint | NumKind::Uint => read_field_int(bytes, field).to_string(),
                _ => read_field(bytes, field).to_string(),
            };
            let want = match expected {
                Value::Int(v) => v.to_string(),
                Value::Float(v) => v.to_string(),
            };
            return Err(format!("value {i} (byte {at}): expected {comparator:?} {want}, got {got}"));
        }
    }
    Ok(())
}

fn compare(o: std::cmp::Ordering, c: Comparator) -> bool {
    use std::cmp::Ordering::*;
    match c {
        Comparator::Eq => o == Equal,
        Comparator::Ne => o != Equal,
        Comparator::Lt => o == Less,
        Comparator::Le => o != Greater,
        Comparator::Gt => o == Greater,
        Comparator::Ge => o != Less,
    }
}

/// Compares two buffers of one layout.
pub fn buffers(a: &[u8], b: &[u8], layout: &ElementLayout, comparison: BufferComparison) -> Result<(), String> {
    if a.len() != b.len() {
        return Err(format!("the buffers have different sizes ({} and {} bytes)", a.len(), b.len()));
    }
    let stride = layout.stride.max(1) as usize;
    match comparison {
        BufferComparison::Equal => match a
            .chunks(stride)
            .zip(b.chunks(stride))
            .position(|(x, y)| layout.fields.iter().any(|f| read_field_int(x, f) != read_field_int(y, f)))
        {
            None => Ok(()),
            Some(e) => {
                let count = a
                    .chunks(stride)
                    .zip(b.chunks(stride))
                    .filter(|(x, y)| layout.fields.iter().any(|f| read_field_int(x, f) != read_field_int(y, f)))
                    .count();
                Err(format!("{count} of {} elements differ; the first is element {e}", a.len() / stride))
            }
        },
        BufferComparison::Rmse(tolerance) => {
            // Amber measures the error of each value in its own units (0-255 for 8-bit colours).
            let (mut sum, mut n) = (0f64, 0usize);
            for (x, y) in a.chunks(stride).zip(b.chunks(stride)) {
                for f in &layout.fields {
                    let d = read_field_int(x, f) as f64 - read_field_int(y, f) as f64;
                    let d = if matches!(f.kind, NumKind::Float) { read_field(x, f) - read_field(y, f) } else { d };
                    sum += d * d;
                    n += 1;
                }
            }
            let rmse = (sum / n.max(1) as f64).sqrt();
            if rmse > tolerance {
                return Err(format!("root mean square error {rmse:.6} is over the tolerance {tolerance}"));
            }
            Ok(())
        }
        BufferComparison::HistogramEmd(tolerance) => {
            if layout.fields.len() != 4 || layout.fields.iter().any(|f| f.bits != 8 || f.kind != NumKind::Unorm && f.kind != NumKind::Uint)
            {
                return Err("the histogram comparison takes 8-bit formats of four channels only".into());
            }
            let count = (a.len() / stride) as f64;
            let mut worst = 0f64;
            for f in &layout.fields {
                let histogram = |d: &[u8]| {
                    let mut h = [0f64; 256];
                    for e in d.chunks(stride) {
                        h[read_field_int(e, f) as usize & 0xff] += 1.0;
                    }
                    h
                };
                let (ha, hb) = (histogram(a), histogram(b));
                let (mut carried, mut total) = (0f64, 0f64);
                for i in 0..256 {
                    carried += ha[i] / count - hb[i] / count;
                    total += carried.abs();
                }
                worst = worst.max(total / 256.0);
            }
            if worst > tolerance {
                return Err(format!("histogram earth mover's distance {worst:.6} is over the tolerance {tolerance}"));
            }
            Ok(())
        }
    }
}
