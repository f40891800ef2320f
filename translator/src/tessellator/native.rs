//! Comparison against a real driver: runs an external capture tool that tessellates through
//! Vulkan with transform feedback of `gl_TessCoord` and compares its output, primitive by
//! primitive and bit for bit, with [`tessellate`]. Ignored by default. The tool's source is in
//! `capture/` (C and GLSL; `capture/build.sh DIR` builds it); against lavapipe:
//!
//! ```text
//! bash translator/src/tessellator/capture/build.sh /tmp/cap
//! VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json TESS_CAPTURE_TOOL=/tmp/cap \
//!   cargo test -p tesserae --lib tessellator::native -- --ignored --nocapture
//! ```
//!
//! Last run: Mesa 22.3.6 lavapipe (LLVM 15), 26,640 cases (`TESS_NATIVE_SCALE=8`), all identical.
//!
//! The tool (`<dir>/cap`, run in `<dir>`) reads one case per line on stdin:
//! `DOMAIN SPACING ORDER POINT_MODE O0 O1 O2 O3 I0 I1`, with DOMAIN `triangles|quads|isolines`,
//! SPACING `equal_spacing|fractional_odd_spacing|fractional_even_spacing`, ORDER `cw|ccw`,
//! POINT_MODE `0|1` (the GLSL layout names) and the six levels as hexadecimal `f32` bits. For
//! each case it prints one line: the number of captured vertices, then the three components
//! of each vertex's `gl_TessCoord` as hexadecimal bits, primitives in output order.

use super::tests::Rng;
use super::*;
use std::io::Write as _;
use std::process::{Command, Stdio};

fn case_line(cfg: &TessConfig) -> String {
    let domain = match cfg.domain {
        Domain::Triangles => "triangles",
        Domain::Quads => "quads",
        Domain::Isolines => "isolines",
    };
    let spacing = match cfg.spacing {
        Spacing::Equal => "equal_spacing",
        Spacing::FractionalOdd => "fractional_odd_spacing",
        Spacing::FractionalEven => "fractional_even_spacing",
    };
    let order = if cfg.winding == Winding::Cw { "cw" } else { "ccw" };
    let levels: Vec<String> =
        cfg.outer.iter().chain(&cfg.inner).map(|l| format!("{:08x}", l.to_bits())).collect();
    format!("{domain} {spacing} {order} {} {}", cfg.point_mode as u8, levels.join(" "))
}

/// What the capture should contain: every vertex of every primitive, as `TessCoord` bits.
fn expected(cfg: &TessConfig) -> Vec<u32> {
    let t = tessellate(cfg);
    t.primitives.indices().iter().flat_map(|&i| t.coord3(i as usize).map(f32::to_bits)).collect()
}

fn cases() -> Vec<TessConfig> {
    let mut rng = Rng::new(0x1a7a_71be);
    // TESS_NATIVE_SCALE multiplies the number of random cases (default 1).
    let scale: usize = std::env::var("TESS_NATIVE_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    // Small levels, where special cases (minimal patches, degenerate rings) live.
    const SMALL: [f32; 10] = [0.5, 1.0, 1.000_01, 1.25, 1.5, 2.0, 2.5, 3.0, 3.7, 4.0];
    let mut cases = Vec::new();
    for domain in [Domain::Triangles, Domain::Quads, Domain::Isolines] {
        for spacing in [Spacing::Equal, Spacing::FractionalOdd, Spacing::FractionalEven] {
            for winding in [Winding::Cw, Winding::Ccw] {
                for point_mode in [false, true] {
                    let count = scale * if point_mode || winding == Winding::Ccw { 40 } else { 250 };
                    for k in 0..count {
                        let level = |rng: &mut Rng| match k % 5 {
                            4 => rng.any_level(),
                            3 => rng.pick(&SMALL),
                            _ => rng.positive_level(),
                        };
                        let outer = [0; 4].map(|_| level(&mut rng));
                        let inner = [0; 2].map(|_| level(&mut rng));
                        cases.push(TessConfig { domain, spacing, winding, point_mode, outer, inner });
                    }
                }
            }
        }
    }
    cases
}

#[test]
#[ignore = "needs TESS_CAPTURE_TOOL (a Vulkan capture tool) and a driver"]
fn matches_native_capture() {
    let Ok(dir) = std::env::var("TESS_CAPTURE_TOOL") else {
        eprintln!("TESS_CAPTURE_TOOL not set; nothing compared");
        return;
    };
    let cases = cases();
    let input: String = cases.iter().map(|c| case_line(c) + "\n").collect();
    let mut child = Command::new(format!("{dir}/cap"))
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("capture tool runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("capture tool finishes");
    writer.join().unwrap().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), cases.len(), "capture tool answered {} of {} cases", lines.len(), cases.len());
    let mut failures = Vec::new();
    for (cfg, line) in cases.iter().zip(&lines) {
        let mut words = line.split_whitespace();
        let vertices: usize = words.next().unwrap().parse().unwrap();
        let got: Vec<u32> = words.map(|w| u32::from_str_radix(w, 16).unwrap()).collect();
        assert_eq!(got.len(), vertices * 3);
        let want = expected(cfg);
        if got != want {
            let first = got.iter().zip(&want).position(|(a, b)| a != b).unwrap_or(got.len().min(want.len()));
            failures.push(format!(
                "{} ({:?}): {} vs {} words, first difference at word {first}",
                case_line(cfg),
                cfg,
                got.len(),
                want.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
    eprintln!("{} cases identical", cases.len());
}
