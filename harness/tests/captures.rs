//! Transform feedback captures: the oracles (`probe xfb` lines, a translated rendering's
//! captures against the native one's), the judge that applies them, and the native executor's
//! captures travelling from a batch child to the parent.

mod common;

use std::path::Path;
use std::time::Duration;
use tesserae::ClipMode;
use tesserae_harness::executor::{Captures, ExecutorKind};
use tesserae_harness::image::{solid, Image};
use tesserae_harness::oracle::{check_captures, check_captures_against};
use tesserae_harness::runner::{batch, judge, report, ExecutorConfig, Status};
use tesserae_harness::shader_test::{parse, ShaderTest};

/// Two capture buffers and a probe of each kind; compared with neither a reference nor the
/// native image, so only the capture oracles decide.
const TEST: &str = "[require]
transform-feedback

[vertex shader]
#version 450
layout(xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16, location = 0) out vec4 v;
void main() { gl_Position = vec4(0.0); v = vec4(1.0); }

[transform feedback 0]
size 32
fill 0xdeadbeef

[transform feedback 1]
size 8

[test]
no-compare reference the capture oracles alone
rasterizer-discard
draw point-list vertices 1
probe xfb 0 offset 0 float 1.5 -0 nan
probe xfb 0 offset 12 int -2
probe xfb 0 offset 16 uint 0xdeadbeef 4
probe xfb primitives written 1 needed 2
";

fn test() -> ShaderTest {
    parse(Path::new("t.shader_test"), "x/t", TEST).unwrap_or_else(|e| panic!("{e}"))
}

fn words(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Captures that pass every probe of [`TEST`].
fn good() -> Captures {
    Captures {
        buffers: vec![
            (0, words(&[1.5f32.to_bits(), 0.0f32.to_bits(), f32::NAN.to_bits(), (-2i32) as u32, 0xdeadbeef, 4, 0, 0])),
            (1, words(&[0, 0])),
        ],
        primitives_written: 1,
        primitives_needed: 2,
    }
}

#[test]
fn probes_pass_on_the_captured_values() {
    assert_eq!(check_captures(&test(), Some(&good())), Ok(()));
    // -0 matches 0 (values, not bits), and any NaN a NaN.
    let mut c = good();
    c.buffers[0].1[4..8].copy_from_slice(&(-0.0f32).to_bits().to_le_bytes());
    c.buffers[0].1[8..12].copy_from_slice(&0x7fc0_0001u32.to_le_bytes());
    assert_eq!(check_captures(&test(), Some(&c)), Ok(()));
}

#[test]
fn a_probe_failure_names_its_line_value_and_word() {
    let mut c = good();
    c.buffers[0].1[0..4].copy_from_slice(&1.25f32.to_bits().to_le_bytes());
    let m = check_captures(&test(), Some(&c)).unwrap_err();
    assert_eq!(m, "probe failed: line 20: probe xfb 0 offset 0: value 0 (byte 0) expected float 1.5, got 1.25 (0x3fa00000)");
    let mut c = good();
    c.buffers[0].1[20..24].copy_from_slice(&5u32.to_le_bytes());
    let m = check_captures(&test(), Some(&c)).unwrap_err();
    assert_eq!(m, "probe failed: line 22: probe xfb 0 offset 16: value 1 (byte 20) expected uint 4, got 5 (0x00000005)");
    let mut c = good();
    c.buffers[0].1[12..16].copy_from_slice(&2u32.to_le_bytes());
    assert!(check_captures(&test(), Some(&c)).unwrap_err().contains("expected int -2, got 2"));
    let c = Captures { primitives_written: 2, ..good() };
    let m = check_captures(&test(), Some(&c)).unwrap_err();
    assert_eq!(m, "probe failed: line 23: probe xfb primitives: expected written 1 needed 2, got written 2 needed 2");
}

#[test]
fn missing_or_misshapen_captures_fail() {
    let t = test();
    let m = check_captures(&t, None).unwrap_err();
    assert!(m.contains("the executor captured nothing"), "{m}");
    let c = Captures { buffers: vec![good().buffers[0].clone()], ..good() };
    let m = check_captures(&t, Some(&c)).unwrap_err();
    assert!(m.contains("captured no buffer 1") && m.contains("line 13"), "{m}");
    let mut c = good();
    c.buffers[1].1.truncate(4);
    let m = check_captures(&t, Some(&c)).unwrap_err();
    assert!(m.contains("capture buffer 1 has 4 bytes") && m.contains("has 8"), "{m}");
    // A test without capture sections asks nothing of the captures.
    let plain =
        parse(Path::new("p"), "x/p", "[vertex shader]\n#version 450\nvoid main() {}\n[test]\ndraw point-list vertices 1\n").unwrap();
    assert_eq!(check_captures(&plain, None), Ok(()));
}

#[test]
fn a_capture_mismatch_names_buffer_byte_word_and_count() {
    let native = good();
    assert_eq!(check_captures_against("native", &native, &native), Ok(()));
    let mut c = good();
    // Byte 1 of word 0 (1.5 = 0x3fc00000 → 0x3fc00100), and all of word 5.
    c.buffers[0].1[1] = 1;
    c.buffers[0].1[20..24].copy_from_slice(&7u32.to_le_bytes());
    let m = check_captures_against("native", &native, &c).unwrap_err();
    assert_eq!(
        m,
        "capture buffer 0 differs from the native rendering's at byte 1: the word at byte 0 is 0x3fc00100 (1.5000305) here, 0x3fc00000 (1.5) in the native rendering; 2 of 8 words differ"
    );
    let c = Captures { primitives_needed: 3, ..good() };
    let m = check_captures_against("native", &native, &c).unwrap_err();
    assert_eq!(m, "primitives written 1 needed 3 here, written 1 needed 2 in the native rendering");
    let c = Captures { buffers: vec![good().buffers[0].clone()], ..good() };
    assert!(check_captures_against("native", &native, &c).unwrap_err().contains("capture buffer 1: the native rendering captured it"));
}

fn rendering(captures: Option<Captures>) -> batch::Rendering {
    batch::Rendering {
        status: Status::Pass,
        message: String::new(),
        image: Some(solid(64, 64, [0.0, 0.0, 0.0, 1.0])),
        captures,
        driver: None,
        unavailable: false,
        duration: Duration::ZERO,
    }
}

#[test]
fn the_judge_applies_the_capture_oracles() {
    let t = test();
    let dir = std::env::temp_dir().join(format!("tesserae-captures-judge-{}", std::process::id()));
    let mut pages = report::Pages::new(&dir);
    let native_image: Image = solid(64, 64, [0.0, 0.0, 0.0, 1.0]);
    let none = judge::Native::default();
    let v = judge::judge(&dir, None, &t, "native", &rendering(Some(good())), none, &mut pages);
    assert_eq!(v.status, Status::Pass, "{}", v.message);
    let v = judge::judge(&dir, None, &t, "wgpu-vulkan", &rendering(None), none, &mut pages);
    assert_eq!(v.status, Status::Fail);
    assert!(v.message.contains("the executor captured nothing"), "{}", v.message);
    // A translated rendering that passes the probes is held to the native captures.
    let native_captures = Captures { buffers: vec![good().buffers[0].clone(), (1, words(&[9, 0]))], ..good() };
    let native = judge::Native { image: Some(&native_image), captures: Some(&native_captures) };
    let v = judge::judge(&dir, None, &t, "wgpu-vulkan", &rendering(Some(good())), native, &mut pages);
    assert_eq!(v.status, Status::Fail);
    assert!(v.message.starts_with("captures differ from the native rendering's: capture buffer 1 differs"), "{}", v.message);
    let v = judge::judge(&dir, None, &t, "wgpu-vulkan", &rendering(Some(native_captures.clone())), native, &mut pages);
    assert_eq!(v.status, Status::Pass, "{}", v.message);
    // `no-compare native` turns the native captures off with the native image.
    let off = parse(Path::new("t"), "x/t", &TEST.replace("rasterizer-discard", "no-compare native r")).unwrap();
    let v = judge::judge(&dir, None, &off, "wgpu-vulkan", &rendering(Some(good())), native, &mut pages);
    assert_eq!(v.status, Status::Pass, "{}", v.message);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The native executor captures, its batch child writes the captures beside the PNG, and the
/// parent reads them into the rendering: the strip's two triangles that fit, in Vulkan's order,
/// the fill word after them, 2 primitives written of 3.
#[test]
fn native_captures_travel_from_the_batch_child() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let dir = std::env::temp_dir().join(format!("tesserae-captures-child-{}", std::process::id()));
    let cmd = batch::ChildCommand { exe: env!("CARGO_BIN_EXE_tesserae-harness").into(), adapter: None, timeout: Duration::from_secs(120) };
    let native = ExecutorConfig { kind: ExecutorKind::Native, clip: ClipMode::Native };
    let request = |name: &str| tesserae_results::child::Request {
        name: name.into(),
        path: root.join("corpus").join(format!("{name}.shader_test")),
        png: dir.join(name).join("native.png"),
    };
    let rs = batch::render_batch(&cmd, &native, &[request("xfb/triangle-strip-overflow"), request("basic/varying-xfb")]);
    if rs[0].status == Status::Skip {
        let _ = std::fs::remove_dir_all(&dir);
        return common::no_device(&format!("no transform feedback: {}", rs[0].message));
    }
    assert_eq!(rs[0].status, Status::Pass, "{}", rs[0].message);
    let c = rs[0].captures.as_ref().expect("captures");
    let fill = 0xcafef00d;
    assert_eq!(c.buffers, vec![(0, words(&[0, 1, 2, 1, 3, 2, fill, fill]))]);
    assert_eq!((c.primitives_written, c.primitives_needed), (2, 3));
    // Decorated outputs without capture sections: nothing captured, nothing read.
    assert_eq!(rs[1].status, Status::Pass, "{}", rs[1].message);
    assert_eq!(rs[1].captures, None);
    let _ = std::fs::remove_dir_all(&dir);
}
