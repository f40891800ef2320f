//! The `.shader_test` parser: every corpus file parses, and malformed files give errors that
//! name the file and line.

use std::path::Path;
use tesserae_harness::runner::discover;
use tesserae_harness::shader_test::{parse, ParseError};

const GOOD: &str = "[vertex shader]
#version 450
void main() { gl_Position = vec4(0.0); }

[test]
draw triangle-list vertices 3
";

fn err(text: &str) -> ParseError {
    parse(Path::new("t.shader_test"), "x/t", text).expect_err("must fail")
}

#[test]
fn corpus_parses() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let tests = discover(&root);
    assert!(tests.len() >= 30, "corpus has {} tests", tests.len());
    for (name, path) in tests {
        tesserae_harness::shader_test::load(&path, &name).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn minimal_test_parses() {
    let t = parse(Path::new("t.shader_test"), "x/t", GOOD).unwrap();
    assert_eq!(t.test.draws.len(), 1);
    assert_eq!((t.test.width, t.test.height), (64, 64));
}

#[test]
fn unknown_section() {
    let e = err(&format!("{GOOD}\n[geometry thing]\nfoo\n"));
    assert_eq!(e.line, 8);
    assert!(e.message.contains("unknown section [geometry thing]"), "{e}");
    assert!(e.to_string().starts_with("t.shader_test:8:"), "{e}");
}

#[test]
fn bad_number() {
    let e = err(&GOOD.replace("vertices 3", "vertices three"));
    assert_eq!(e.line, 6);
    assert!(e.message.contains("bad number `three`"), "{e}");
}

#[test]
fn missing_shader() {
    let e = err("[test]\ndraw triangle-list vertices 3\n");
    assert!(e.message.contains("missing vertex shader"), "{e}");
}

#[test]
fn unknown_directive() {
    let e = err(&format!("{GOOD}frobnicate 3\n"));
    assert_eq!(e.line, 7);
    assert!(e.message.contains("unknown directive `frobnicate 3`"), "{e}");
}

#[test]
fn missing_test_section() {
    let e = err("[vertex shader]\n#version 450\nvoid main() {}\n");
    assert!(e.message.contains("missing [test]"), "{e}");
}

#[test]
fn vertex_buffer_errors() {
    let with = |vb: &str| format!("{GOOD}\n[vertex buffer 0]\n{vb}\n");
    assert!(err(&with("0/float33\n1")).message.contains("unknown vertex format `float33`"));
    assert!(err(&with("0/float32x2\n1 2 3")).message.contains("do not fill whole vertices"));
    assert!(err(&with("0/unorm8x4\n1 2 3 300")).message.contains("bad number `300`"));
    assert!(err(&with("zero/float32\n1")).message.contains("bad number `zero`"));
}

#[test]
fn tolerance_needs_a_reason() {
    let e = err(&format!("{GOOD}tolerance channel 2 pixels 1%\n"));
    assert!(e.message.contains("reason"), "{e}");
    let t = parse(Path::new("t"), "x/t", &format!("{GOOD}tolerance on wgpu-gl channel 2 pixels 1% reason GL rounds\n")).unwrap();
    assert_eq!(t.test.tolerance("wgpu-gl").channel, 2);
    assert_eq!(t.test.tolerance("native").channel, 0);
}

#[test]
fn indexed_draw_needs_indices() {
    let e = err(&GOOD.replace("draw triangle-list vertices 3", "draw-indexed triangle-list indices 3"));
    assert!(e.message.contains("index buffer"), "{e}");
}

#[test]
fn spirv_hex_errors_name_the_line() {
    let text = "[vertex shader spirv]\n07230203 00010000\nzzzz\n\n[test]\ndraw point-list vertices 1\n";
    let t = parse(Path::new("t"), "x/t", text).unwrap();
    let e = tesserae_harness::shader_test::spirv_words(Path::new("t"), &t.shaders[0]).unwrap_err();
    assert_eq!(e.line, 3);
}

#[test]
fn garbage_never_panics() {
    let mut s = 0x9e37_79b9u32;
    let alphabet: Vec<char> = "[]#/ \n0123456789.-abcdefghijklmnopqrstuvwxyz_".chars().collect();
    for n in 0..500 {
        let mut text = String::new();
        for _ in 0..(n % 200) {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            text.push(alphabet[(s as usize) % alphabet.len()]);
        }
        let _ = parse(Path::new("g"), "g/g", &text);
        let _ = parse(Path::new("g"), "g/g", &format!("{GOOD}{text}"));
    }
}

#[test]
fn tolerance_patterns_match_executors() {
    use tesserae_harness::shader_test::wildcard_match;
    assert!(wildcard_match("*-clip-emulated", "wgpu-gl-clip-emulated"));
    assert!(wildcard_match("wgpu-*", "wgpu-vulkan"));
    assert!(!wildcard_match("wgpu-gl", "wgpu-gl-clip-emulated"));
    let text = format!("{GOOD}tolerance on *-emulated channel 9 pixels 1% reason a\ntolerance on wgpu-gl channel 1 pixels 0% reason b\n");
    let t = parse(Path::new("t"), "x/t", &text).unwrap();
    assert_eq!(t.test.tolerance("wgpu-gl-clip-emulated").channel, 9);
    assert_eq!(t.test.tolerance("wgpu-gl").channel, 1);
}
