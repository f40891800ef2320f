//! Oracle on the `.shader_test` parser: no panic on any text, and what it accepts is
//! self-consistent (the invariants the runner and executors rely on).

use crate::shader_test::{parse, spirv_words, CaptureProbe, ShaderTest, MAX_CAPTURE_BUFFER, MAX_CAPTURE_BYTES};
use std::path::Path;
use tesserae::Stage;

pub fn check_text(text: &str) -> Option<ShaderTest> {
    let path = Path::new("fuzz.shader_test");
    let test = match parse(path, "fuzz/input", text) {
        Ok(t) => t,
        Err(e) => {
            // Errors point at a line of the file (0 is reserved for I/O errors, 1.. for lines).
            let lines = text.lines().count().max(1);
            assert!(e.line >= 1 && e.line <= lines + 1, "error line {} outside 1..={} ({e})", e.line, lines + 1);
            return None;
        }
    };
    assert!(test.shader(Stage::Vertex).is_some(), "accepted a test without a vertex shader");
    assert!(!test.test.draws.is_empty(), "accepted a test without a draw");
    let topo = test.test.draws[0].topology;
    assert!(test.test.draws.iter().all(|d| d.topology == topo), "accepted draws with different topologies");
    for (i, b) in test.vertex_buffers.iter().enumerate() {
        assert_eq!(b.slot, i as u32, "vertex buffer slots not 0..n in order");
        let stride = b.layout.stride as usize;
        assert!(stride > 0, "vertex buffer {i} has stride 0");
        assert_eq!(b.data.len() % stride, 0, "vertex buffer {i}: {} bytes is not whole vertices of {stride}", b.data.len());
        let mut offset = 0;
        for a in &b.layout.attributes {
            assert_eq!(a.offset, offset, "attribute offsets are not packed");
            offset += a.format.size();
        }
        assert_eq!(offset, b.layout.stride, "stride is not the sum of the attribute sizes");
    }
    if test.test.draws.iter().any(|d| d.indexed) {
        assert!(test.index_buffer.is_some(), "accepted draw-indexed without an index buffer");
    }
    assert!((1..=4096).contains(&test.test.width) && (1..=4096).contains(&test.test.height), "framebuffer size");
    for (i, c) in test.captures.iter().enumerate() {
        assert!(c.buffer <= MAX_CAPTURE_BUFFER, "capture buffer {} out of range", c.buffer);
        assert!(c.size > 0 && c.size.is_multiple_of(4) && c.size <= MAX_CAPTURE_BYTES, "capture buffer {} of {} bytes", c.buffer, c.size);
        assert!(test.captures[..i].iter().all(|d| d.buffer < c.buffer), "capture buffers not unique and in order");
    }
    for p in &test.test.capture_probes {
        match p {
            CaptureProbe::Words { buffer, offset, values, .. } => {
                let c = test.capture(*buffer).unwrap_or_else(|| panic!("a probe of undeclared capture buffer {buffer}"));
                assert!(offset.is_multiple_of(4) && !values.is_empty(), "capture probe offset {offset}, {} values", values.len());
                assert!(*offset as u64 + 4 * values.len() as u64 <= c.size as u64, "a capture probe past its buffer's end");
            }
            CaptureProbe::Primitives { .. } => assert!(!test.captures.is_empty(), "a primitives probe without capture buffers"),
        }
    }
    for s in &test.shaders {
        assert!(!s.source.contains('\0'), "shader source with NUL");
        let _ = spirv_words(path, s);
    }
    Some(test)
}

/// The whole oracle on fuzzer bytes (lossy UTF-8, as a file read would not be; the parser
/// only takes `&str`).
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    check_text(&text);
}
