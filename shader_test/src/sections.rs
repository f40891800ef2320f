//! Splitting a `.shader_test` into sections and parsing each one.

use super::*;
use crate::layout;
use tesserae::{StepMode, VertexAttribute, VertexFormat};

struct Cursor<'a> {
    path: &'a Path,
}

impl Cursor<'_> {
    fn err(&self, line: usize, message: impl Into<String>) -> ParseError {
        ParseError { file: self.path.to_path_buf(), line, message: message.into() }
    }
}

struct RawSection<'t> {
    header: String,
    line: usize,
    body: Vec<(usize, &'t str)>,
}

/// Word prefixes of the section headers this format knows; a `[...]` line opens a section only
/// if its words start with one of these (so HLSL attributes such as `[domain("tri")]` stay
/// shader text).
const HEADERS: &[&[&str]] = &[
    &["require"],
    &["test"],
    &["vertex", "buffer"],
    &["index", "buffer"],
    &["uniform", "buffer"],
    &["storage", "buffer"],
    &["push", "constants"],
    &["texture"],
    &["input", "attachment"],
    &["sampler"],
    &["specialization", "constants"],
    &["transform", "feedback"],
];

/// Word prefixes of shader section headers.
const SHADER_HEADERS: &[&[&str]] = &[
    &["vertex", "shader"],
    &["tessellation", "control", "shader"],
    &["tessellation", "evaluation", "shader"],
    &["geometry", "shader"],
    &["fragment", "shader"],
    &["hull", "shader"],
    &["domain", "shader"],
    &["pixel", "shader"],
];

fn starts_with_any(header: &str, prefixes: &[&[&str]]) -> bool {
    let words: Vec<&str> = header.split(' ').collect();
    prefixes.iter().any(|p| words.starts_with(p))
}

/// Whether a line of a test opens a section: a header this format knows (a line in brackets
/// inside a shader section that is no header is source, as HLSL's attributes).
pub fn opens_section(line: &str) -> bool {
    let t = line.trim();
    t.strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .is_some_and(|h| is_known_header(&h.split_whitespace().collect::<Vec<_>>().join(" ")))
}

/// Whether `header` (the words between the brackets, single spaced) is one this format knows.
pub fn is_known_header(header: &str) -> bool {
    starts_with_any(header, HEADERS) || starts_with_any(header, SHADER_HEADERS)
}

pub(super) fn parse(path: &Path, name: &str, text: &str) -> Result<ShaderTest, ParseError> {
    let c = Cursor { path };
    let mut sections: Vec<RawSection> = Vec::new();
    let mut in_shader = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim();
        if t.starts_with('[') {
            let header = t.strip_prefix('[').and_then(|s| s.strip_suffix(']')).map(|h| h.split_whitespace().collect::<Vec<_>>().join(" "));
            match header {
                Some(h) if is_known_header(&h) => {
                    in_shader = starts_with_any(&h, SHADER_HEADERS);
                    sections.push(RawSection { header: h, line, body: Vec::new() });
                    continue;
                }
                // Inside shader text, anything else is source (HLSL attributes).
                _ if in_shader => {}
                None => return Err(c.err(line, format!("malformed section header `{t}`"))),
                // Reported as an unknown section, in file order, below.
                Some(h) => {
                    in_shader = false;
                    sections.push(RawSection { header: h, line, body: Vec::new() });
                    continue;
                }
            }
        }
        if let Some(s) = sections.last_mut() {
            s.body.push((line, raw));
        } else if !t.is_empty() && !t.starts_with('#') {
            return Err(c.err(line, "text before the first section"));
        }
    }
    let mut test = ShaderTest {
        path: path.to_path_buf(),
        name: name.to_string(),
        requires: Requirements::default(),
        shaders: Vec::new(),
        vertex_buffers: Vec::new(),
        index_buffer: None,
        resources: Vec::new(),
        push_constants: None,
        specialization: Vec::new(),
        captures: Vec::new(),
        test: TestSection::default(),
    };
    let mut saw_test = false;
    let (mut push_line, mut spec_line) = (None, None);
    for s in &sections {
        let h = s.header.as_str();
        if h == "require" {
            parse_require(&c, s, &mut test.requires)?;
        } else if h == "test" {
            if saw_test {
                return Err(c.err(s.line, "second [test] section"));
            }
            saw_test = true;
            test.test = parse_test(&c, s)?;
        } else if let Some(rest) = h.strip_prefix("vertex buffer ") {
            test.vertex_buffers.push(parse_vertex_buffer(&c, s, rest)?);
        } else if let Some(rest) = h.strip_prefix("index buffer") {
            if test.index_buffer.is_some() {
                return Err(c.err(s.line, "second [index buffer] section"));
            }
            test.index_buffer = Some(parse_index_buffer(&c, s, rest.trim())?);
        } else if let Some(rest) = after_words(h, &["uniform", "buffer"]) {
            let (set, binding, element) = set_binding(&c, s, rest, "uniform buffer")?;
            let data = parse_buffer(&c, s, BufferLayout::Std140, 16)?;
            add_resource(
                &c,
                &mut test.resources,
                ResourceBinding { set, binding, element, descriptor: Descriptor::UniformBuffer(data), line: s.line },
            )?;
        } else if let Some(rest) = after_words(h, &["storage", "buffer"]) {
            let (set, binding, element) = set_binding(&c, s, rest, "storage buffer")?;
            let data = parse_buffer(&c, s, BufferLayout::Std430, 16)?;
            add_resource(
                &c,
                &mut test.resources,
                ResourceBinding { set, binding, element, descriptor: Descriptor::StorageBuffer(data), line: s.line },
            )?;
        } else if let Some(rest) = after_words(h, &["texture"]) {
            let (set, binding, element) = set_binding(&c, s, rest, "texture")?;
            let descriptor = parse_texture(&c, s)?;
            add_resource(&c, &mut test.resources, ResourceBinding { set, binding, element, descriptor, line: s.line })?;
        } else if let Some(rest) = after_words(h, &["input", "attachment"]) {
            let (set, binding, element) = set_binding(&c, s, rest, "input attachment")?;
            let descriptor = parse_input_attachment(&c, s)?;
            add_resource(&c, &mut test.resources, ResourceBinding { set, binding, element, descriptor, line: s.line })?;
        } else if let Some(rest) = after_words(h, &["sampler"]) {
            let (set, binding, element) = set_binding(&c, s, rest, "sampler")?;
            let descriptor = Descriptor::Sampler(parse_sampler(&c, s)?);
            add_resource(&c, &mut test.resources, ResourceBinding { set, binding, element, descriptor, line: s.line })?;
        } else if h == "push constants" {
            if let Some(first) = push_line {
                return Err(c.err(s.line, format!("second [push constants] section (the first is at line {first})")));
            }
            push_line = Some(s.line);
            test.push_constants = Some(parse_buffer(&c, s, BufferLayout::Std430, 4)?);
        } else if h == "specialization constants" {
            if let Some(first) = spec_line {
                return Err(c.err(s.line, format!("second [specialization constants] section (the first is at line {first})")));
            }
            spec_line = Some(s.line);
            test.specialization = parse_specialization(&c, s)?;
        } else if let Some(rest) = after_words(h, &["transform", "feedback"]) {
            let capture = parse_capture(&c, s, &rest)?;
            if let Some(first) = test.capture(capture.buffer) {
                return Err(
                    c.err(s.line, format!("second [transform feedback {}] section (the first is at line {})", capture.buffer, first.line))
                );
            }
            test.captures.push(capture);
        } else if let Some(shader) = parse_shader_header(&c, s)? {
            if test.shaders.iter().any(|x| x.stage == shader.stage) {
                return Err(c.err(s.line, format!("second {} shader", shader.stage)));
            }
            test.shaders.push(shader);
        } else {
            return Err(c.err(s.line, format!("unknown section [{h}]")));
        }
    }
    if !saw_test {
        return Err(c.err(text.lines().count().max(1), "missing [test] section"));
    }
    check_arrays(&c, &test.resources)?;
    for r in &test.resources {
        if let Descriptor::InputAttachment { texture: t, .. } = &r.descriptor {
            if (t.width, t.height) != (test.test.width, test.test.height) {
                return Err(c.err(
                    r.line,
                    format!(
                        "an input attachment is the framebuffer's size ({}x{}), not {}x{}",
                        test.test.width, test.test.height, t.width, t.height
                    ),
                ));
            }
        }
    }
    if test.shader(Stage::Vertex).is_none() {
        return Err(c.err(1, "missing vertex shader section"));
    }
    if test.test.draws.is_empty() {
        return Err(c.err(sections.iter().find(|s| s.header == "test").map_or(1, |s| s.line), "[test] has no draw"));
    }
    let topo = test.test.draws[0].topology;
    if let Some(d) = test.test.draws.iter().find(|d| d.topology != topo) {
        return Err(c.err(d.line, "all draws of a test must use the same topology (one pipeline per test)"));
    }
    if let Some(d) = test.test.draws.iter().find(|d| d.indexed) {
        if test.index_buffer.is_none() {
            return Err(c.err(d.line, "draw-indexed without an [index buffer] section"));
        }
    }
    let mut slots: Vec<u32> = test.vertex_buffers.iter().map(|b| b.slot).collect();
    slots.sort();
    if slots.iter().enumerate().any(|(i, s)| *s != i as u32) {
        return Err(c.err(1, "vertex buffer slots must be numbered 0, 1, 2... without gaps"));
    }
    test.vertex_buffers.sort_by_key(|b| b.slot);
    test.captures.sort_by_key(|b| b.buffer);
    check_capture_probes(&c, &test)?;
    Ok(test)
}

/// `[transform feedback N]`: `size BYTES` (required) and `fill WORD`.
fn parse_capture(c: &Cursor, s: &RawSection, rest: &[&str]) -> Result<CaptureBuffer, ParseError> {
    let [n] = rest else {
        return Err(c.err(s.line, format!("expected [transform feedback N] (N the XfbBuffer number), got [{}]", s.header)));
    };
    let buffer: u32 = num(c, s.line, n, "transform feedback buffer")?;
    if buffer > MAX_CAPTURE_BUFFER {
        return Err(c.err(s.line, format!("transform feedback buffer {buffer} is out of range (buffers 0 to {MAX_CAPTURE_BUFFER})")));
    }
    let mut size: Option<(usize, u32)> = None;
    let mut fill: Option<(usize, u32)> = None;
    for (line, w) in data_lines(s) {
        match w.as_slice() {
            ["size", bytes] => {
                let bytes: u32 = num(c, line, bytes, "capture buffer size")?;
                if bytes == 0 || !bytes.is_multiple_of(4) || bytes > MAX_CAPTURE_BYTES {
                    return Err(
                        c.err(line, format!("a capture buffer's size is a multiple of 4 from 4 to {MAX_CAPTURE_BYTES}, got {bytes}"))
                    );
                }
                once(c, &mut size, line, "size", bytes)?;
            }
            ["fill", word] => once(c, &mut fill, line, "fill", word32(c, line, word, "fill word")?)?,
            _ => return Err(c.err(line, format!("unknown transform feedback line `{}` (size BYTES, fill 0xHHHHHHHH)", w.join(" ")))),
        }
    }
    let Some((_, size)) = size else {
        return Err(c.err(s.line, format!("[{}] without a `size BYTES` line", s.header)));
    };
    Ok(CaptureBuffer { buffer, size, fill: fill.map_or(0, |f| f.1), line: s.line })
}

/// A 32-bit word written `0xHHHHHHHH` (hexadecimal) or in decimal.
fn word32(c: &Cursor, line: usize, w: &str, what: &str) -> Result<u32, ParseError> {
    match w.strip_prefix("0x").or_else(|| w.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16).map_err(|_| c.err(line, format!("bad hexadecimal word `{w}` for {what}"))),
        None => num(c, line, w, what),
    }
}

/// Every `probe xfb` line reads a declared capture buffer, inside it.
fn check_capture_probes(c: &Cursor, test: &ShaderTest) -> Result<(), ParseError> {
    for p in &test.test.capture_probes {
        match p {
            CaptureProbe::Words { buffer, offset, values, line } => {
                let Some(capture) = test.capture(*buffer) else {
                    return Err(c.err(*line, format!("probe xfb {buffer}, but the test has no [transform feedback {buffer}] section")));
                };
                let end = *offset as u64 + 4 * values.len() as u64;
                if end > capture.size as u64 {
                    return Err(c.err(
                        *line,
                        format!(
                            "probe xfb {buffer} reads bytes {offset}..{end}, past the end of the {}-byte buffer (line {})",
                            capture.size, capture.line
                        ),
                    ));
                }
            }
            CaptureProbe::Primitives { line, .. } => {
                if test.captures.is_empty() {
                    return Err(c.err(*line, "probe xfb primitives, but the test has no [transform feedback N] section"));
                }
            }
        }
    }
    Ok(())
}

/// The words of `header` after `prefix`, if it starts with those words.
fn after_words<'h>(header: &'h str, prefix: &[&str]) -> Option<Vec<&'h str>> {
    let words: Vec<&str> = header.split(' ').collect();
    words.starts_with(prefix).then(|| words[prefix.len()..].to_vec())
}

fn body_text(s: &RawSection) -> String {
    let mut out = String::new();
    for (_, l) in &s.body {
        out.push_str(l);
        out.push('\n');
    }
    out
}

/// Non-empty, non-comment lines of a data section, split in words.
fn data_lines<'a>(s: &'a RawSection) -> impl Iterator<Item = (usize, Vec<&'a str>)> + 'a {
    s.body.iter().filter_map(|(line, raw)| {
        let t = raw.split('#').next().unwrap_or("").trim();
        if t.is_empty() {
            None
        } else {
            Some((*line, t.split_whitespace().collect()))
        }
    })
}

fn parse_shader_header(c: &Cursor, s: &RawSection) -> Result<Option<ShaderSection>, ParseError> {
    let words: Vec<&str> = s.header.split(' ').collect();
    let (stage, rest) = match words.as_slice() {
        ["vertex", "shader", rest @ ..] => (Stage::Vertex, rest),
        ["tessellation", "control", "shader", rest @ ..] => (Stage::TessControl, rest),
        ["tessellation", "evaluation", "shader", rest @ ..] => (Stage::TessEval, rest),
        ["geometry", "shader", rest @ ..] => (Stage::Geometry, rest),
        ["fragment", "shader", rest @ ..] => (Stage::Fragment, rest),
        ["hull", "shader", rest @ ..] if rest.first() == Some(&"hlsl") => (Stage::TessControl, rest),
        ["domain", "shader", rest @ ..] if rest.first() == Some(&"hlsl") => (Stage::TessEval, rest),
        ["pixel", "shader", rest @ ..] if rest.first() == Some(&"hlsl") => (Stage::Fragment, rest),
        _ => return Ok(None),
    };
    let (language, rest) = match rest {
        [] | ["target" | "entry", ..] => (Language::Glsl, rest),
        ["hlsl", r @ ..] => (Language::Hlsl, r),
        ["spirv", r @ ..] => (Language::SpirvHex, r),
        ["spirv-asm", r @ ..] => (Language::SpirvAsm, r),
        _ => return Err(c.err(s.line, format!("unknown shader language in [{}]", s.header))),
    };
    let (target, rest) = match rest {
        ["target", "vulkan1.1", r @ ..] if language != Language::SpirvHex => (CompileTarget::Vulkan1_1, r),
        ["target", "vulkan1.3", r @ ..] if language != Language::SpirvHex => (CompileTarget::Vulkan1_3, r),
        ["target", t, ..] => {
            return Err(c.err(s.line, format!("unknown target `{t}` in [{}] (vulkan1.1 or vulkan1.3, for GLSL and HLSL)", s.header)))
        }
        r => (CompileTarget::default(), r),
    };
    let entry_point = match rest {
        [] => "main".to_string(),
        ["entry", name] => name.to_string(),
        _ => return Err(c.err(s.line, format!("unexpected `{}` in [{}] (only `target T` and `entry NAME`)", rest.join(" "), s.header))),
    };
    let source = body_text(s);
    if source.contains('\0') {
        return Err(c.err(s.line, "shader source contains a NUL character"));
    }
    if source.trim().is_empty() {
        return Err(c.err(s.line, format!("[{}] is empty", s.header)));
    }
    Ok(Some(ShaderSection { stage, language, source, line: s.line, entry_point, target }))
}

/// Words as the body of a `spirv` section (what [`spirv_words`] reads): eight hexadecimal
/// words a line.
pub fn spirv_hex(words: &[u32]) -> String {
    let mut out = String::new();
    for line in words.chunks(8) {
        let line: Vec<String> = line.iter().map(|w| format!("{w:08x}")).collect();
        out += &line.join(" ");
        out.push('\n');
    }
    out
}

/// Hex words of a `spirv` section.
pub fn spirv_words(path: &Path, section: &ShaderSection) -> Result<Vec<u32>, ParseError> {
    let mut words = Vec::new();
    for (i, raw) in section.source.lines().enumerate() {
        let t = raw.split('#').next().unwrap_or("");
        for w in t.split_whitespace() {
            let h = w.strip_prefix("0x").unwrap_or(w);
            let v = u32::from_str_radix(h, 16).map_err(|_| ParseError {
                file: path.to_path_buf(),
                line: section.line + 1 + i,
                message: format!("bad SPIR-V hex word `{w}`"),
            })?;
            words.push(v);
        }
    }
    Ok(words)
}

fn num<T: std::str::FromStr>(c: &Cursor, line: usize, w: &str, what: &str) -> Result<T, ParseError> {
    w.parse().map_err(|_| c.err(line, format!("bad number `{w}` for {what}")))
}

fn parse_require(c: &Cursor, s: &RawSection, r: &mut Requirements) -> Result<(), ParseError> {
    for (line, w) in data_lines(s) {
        match w.as_slice() {
            ["clip-distances", n] => r.clip_distances = num(c, line, n, "clip-distances")?,
            ["cull-distances", n] => r.cull_distances = num(c, line, n, "cull-distances")?,
            ["tessellation"] => r.tessellation = true,
            ["geometry"] => r.geometry = true,
            ["wide-points"] => r.wide_points = true,
            ["shader-f16"] => r.shader_f16 = true,
            ["sampled-image-array-dynamic-indexing"] => r.sampled_image_array_dynamic_indexing = true,
            ["uniform-buffer-array-dynamic-indexing"] => r.uniform_buffer_array_dynamic_indexing = true,
            ["sampled-image-array-non-uniform-indexing"] => r.sampled_image_array_non_uniform_indexing = true,
            ["transform-feedback"] => r.transform_feedback = true,
            _ => return Err(c.err(line, format!("unknown requirement `{}`", w.join(" ")))),
        }
    }
    Ok(())
}

fn parse_vertex_buffer(c: &Cursor, s: &RawSection, rest: &str) -> Result<VertexBufferData, ParseError> {
    let words: Vec<&str> = rest.split(' ').collect();
    let (slot, step_mode) = match words.as_slice() {
        [n] => (num(c, s.line, n, "vertex buffer slot")?, StepMode::Vertex),
        [n, "instance"] => (num(c, s.line, n, "vertex buffer slot")?, StepMode::Instance),
        [n, "vertex"] => (num(c, s.line, n, "vertex buffer slot")?, StepMode::Vertex),
        _ => return Err(c.err(s.line, format!("expected [vertex buffer N] or [vertex buffer N instance], got [{}]", s.header))),
    };
    let mut lines = data_lines(s);
    let Some((hline, header)) = lines.next() else {
        return Err(c.err(s.line, "vertex buffer without a `LOCATION/FORMAT ...` header line"));
    };
    let mut attributes = Vec::new();
    let mut offset = 0u32;
    for col in header {
        let Some((loc, fmt)) = col.split_once('/') else {
            return Err(c.err(hline, format!("column `{col}` is not LOCATION/FORMAT")));
        };
        let location = num(c, hline, loc, "attribute location")?;
        let Some(format) = VertexFormat::from_name(fmt) else {
            return Err(c.err(hline, format!("unknown vertex format `{fmt}`")));
        };
        attributes.push(VertexAttribute { location, format, offset });
        offset += format.size();
    }
    let mut data = Vec::new();
    let mut values: Vec<(usize, &str)> = Vec::new();
    for (line, w) in lines {
        values.extend(w.into_iter().map(|v| (line, v)));
    }
    let per_vertex: usize = attributes.iter().map(|a| a.format.components() as usize).sum();
    if per_vertex == 0 {
        return Err(c.err(hline, "vertex buffer has no columns"));
    }
    if !values.len().is_multiple_of(per_vertex) {
        let line = values.last().map_or(hline, |v| v.0);
        return Err(c.err(line, format!("{} values do not fill whole vertices of {per_vertex} values", values.len())));
    }
    let mut it = values.into_iter();
    while it.len() > 0 {
        for a in &attributes {
            for _ in 0..a.format.components() {
                let (line, v) = it.next().unwrap_or((hline, "0"));
                encode(c, line, a.format, v, &mut data)?;
            }
        }
    }
    Ok(VertexBufferData { slot, layout: tesserae::VertexBufferLayout { stride: offset, step_mode, attributes }, data, line: s.line })
}

fn encode(c: &Cursor, line: usize, f: VertexFormat, v: &str, out: &mut Vec<u8>) -> Result<(), ParseError> {
    use VertexFormat::*;
    match f {
        Float32 | Float32x2 | Float32x3 | Float32x4 => out.extend(num::<f32>(c, line, v, "float32")?.to_le_bytes()),
        Uint32 | Uint32x2 | Uint32x3 | Uint32x4 => out.extend(num::<u32>(c, line, v, "uint32")?.to_le_bytes()),
        Sint32 | Sint32x2 | Sint32x3 | Sint32x4 => out.extend(num::<i32>(c, line, v, "sint32")?.to_le_bytes()),
        // (Bytes in memory order: blue first for the BGRA format.)
        Unorm8x4 | Unorm8x4Bgra => out.push(num::<u8>(c, line, v, "unorm8 (0-255)")?),
        Uint8x2 => out.push(num::<u8>(c, line, v, "uint8 (0-255)")?),
        Snorm8x2 => out.extend(num::<i8>(c, line, v, "snorm8 (-128-127)")?.to_le_bytes()),
        Float16x2 | Float16x4 => out.extend(f32_to_f16(num::<f32>(c, line, v, "float16")?).to_le_bytes()),
    }
    Ok(())
}

/// Round-to-nearest-even conversion to IEEE half precision.
pub fn f32_to_f16(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let mid = 1 << (shift - 1);
        let r = if rem > mid || (rem == mid && half & 1 == 1) { half + 1 } else { half };
        return sign | r as u16;
    }
    let half = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1fff;
    let r = if rem > 0x1000 || (rem == 0x1000 && half & 1 == 1) { half + 1 } else { half };
    sign | r as u16
}

fn parse_index_buffer(c: &Cursor, s: &RawSection, fmt: &str) -> Result<IndexData, ParseError> {
    let format = match fmt {
        "u16" => IndexFormat::U16,
        "u32" => IndexFormat::U32,
        _ => return Err(c.err(s.line, format!("index buffer format must be u16 or u32, got `{fmt}`"))),
    };
    let mut indices = Vec::new();
    for (line, w) in data_lines(s) {
        for v in w {
            let i: u32 = if v == "restart" {
                match format {
                    IndexFormat::U16 => 0xffff,
                    IndexFormat::U32 => 0xffff_ffff,
                }
            } else {
                num(c, line, v, "index")?
            };
            if format == IndexFormat::U16 && i > 0xffff {
                return Err(c.err(line, format!("index {i} does not fit u16")));
            }
            indices.push(i);
        }
    }
    Ok(IndexData { format, indices })
}

fn unit(c: &Cursor, line: usize, w: &str) -> Result<f32, ParseError> {
    let v: f32 = num(c, line, w, "colour channel")?;
    if !(0.0..=1.0).contains(&v) {
        return Err(c.err(line, format!("colour channel {v} outside [0, 1]")));
    }
    Ok(v)
}

fn parse_test(c: &Cursor, s: &RawSection) -> Result<TestSection, ParseError> {
    let mut t = TestSection::default();
    let (mut depth_line, mut blend_line, mut stencil_line) = (None, None, None);
    for (line, mut w) in data_lines(s) {
        // `probe target K ...`: the rest is a probe of target K.
        let mut target = None;
        if let ["probe", "target", k, ..] = w.as_slice() {
            target = Some(num(c, line, k, "probe target")?);
            w.drain(1..3);
            if w.get(1) == Some(&"xfb") {
                return Err(c.err(line, "`probe target K` reads a colour target; `probe xfb` reads a capture buffer"));
            }
        }
        let probes = t.probes.len();
        match w.as_slice() {
            ["samples", n] => {
                t.samples = num(c, line, n, "samples")?;
                if !matches!(t.samples, 1 | 4) {
                    return Err(c.err(line, "samples must be 1 or 4 (WebGPU's sample counts)"));
                }
            }
            ["targets", n] => {
                t.targets = num(c, line, n, "targets")?;
                if !(1..=8).contains(&t.targets) {
                    return Err(c.err(line, "targets must be within 1..8"));
                }
            }
            ["viewport", x, y, wd, ht] => {
                let v = [
                    num::<f32>(c, line, x, "viewport x")?,
                    num(c, line, y, "viewport y")?,
                    num(c, line, wd, "viewport width")?,
                    num(c, line, ht, "viewport height")?,
                ];
                if !(v[2] > 0.0 && v[3] > 0.0 && v[0] >= 0.0 && v[1] >= 0.0) {
                    return Err(c.err(line, "a viewport needs a positive size at a non-negative offset"));
                }
                if t.viewports.len() == 16 {
                    return Err(c.err(line, "at most 16 viewports"));
                }
                t.viewports.push(v);
            }
            ["framebuffer", wd, ht, rest @ ..] => parse_framebuffer(c, line, wd, ht, rest, &mut t)?,
            ["clear", r, g, b, a] => t.clear = [unit(c, line, r)?, unit(c, line, g)?, unit(c, line, b)?, unit(c, line, a)?],
            ["cull", m] => {
                t.cull = match *m {
                    "none" => CullMode::None,
                    "front" => CullMode::Front,
                    "back" => CullMode::Back,
                    _ => return Err(c.err(line, format!("cull must be none, front or back, got `{m}`"))),
                }
            }
            ["front-face", f] => {
                t.front_face = match *f {
                    "ccw" => FrontFace::Ccw,
                    "cw" => FrontFace::Cw,
                    _ => return Err(c.err(line, format!("front-face must be ccw or cw, got `{f}`"))),
                }
            }
            ["draw", topo, "vertices", n, opts @ ..] => t.draws.push(parse_draw(c, line, topo, n, false, opts)?),
            ["draw-indexed", topo, "indices", n, opts @ ..] => t.draws.push(parse_draw(c, line, topo, n, true, opts)?),
            ["probe", "all" | "rgba" | "rgb" | "rect", ..] => t.probes.push(parse_probe(c, line, &w)?),
            ["tolerance", rest @ ..] => {
                let tolerance = parse_tolerance(c, line, rest, &t.tolerances)?;
                t.tolerances.push(tolerance);
            }
            ["depth", format, opts @ ..] => {
                if let Some(first) = depth_line.replace(line) {
                    return Err(c.err(line, format!("second `depth` line (the first is at line {first})")));
                }
                t.depth = Some(parse_depth(c, line, format, opts)?);
            }
            ["stencil", opts @ ..] => {
                if let Some(first) = stencil_line.replace(line) {
                    return Err(c.err(line, format!("second `stencil` line (the first is at line {first})")));
                }
                t.stencil = Some(parse_stencil(c, line, opts)?);
            }
            ["blend", m] => {
                if let Some(first) = blend_line.replace(line) {
                    return Err(c.err(line, format!("second `blend` line (the first is at line {first})")));
                }
                t.blend = parse_blend_mode(m).ok_or_else(|| c.err(line, format!("blend must be replace, alpha or additive, got `{m}`")))?;
            }
            ["rasterizer-discard"] => t.rasterizer_discard = true,
            ["probe", "xfb", rest @ ..] => t.capture_probes.push(parse_capture_probe(c, line, rest)?),
            ["compare", "reference"] => t.compare_reference = true,
            ["compare", "native"] => t.compare_native = true,
            ["no-compare", "reference", reason @ ..] if !reason.is_empty() => t.compare_reference = false,
            ["no-compare", "native", reason @ ..] if !reason.is_empty() => t.compare_native = false,
            ["no-compare", ..] => return Err(c.err(line, "expected `no-compare reference|native REASON`")),
            ["render-alone", reason @ ..] if !reason.is_empty() => t.render_alone = true,
            ["render-alone"] => return Err(c.err(line, "expected `render-alone REASON`")),
            _ => return Err(c.err(line, format!("unknown directive `{}`", w.join(" ")))),
        }
        if target.is_some() {
            let added = t.probes.len() == probes + 1;
            match t.probes.get_mut(probes) {
                Some(p) if added => p.target = target,
                _ => return Err(c.err(line, "`target K` only follows `probe`")),
            }
        }
    }
    // With layers, the image is the layers side by side and `probe target K` reads layer K.
    let images = t.targets * t.layers;
    if let Some(p) = t.probes.iter().find(|p| p.target.is_some_and(|k| k >= images)) {
        return Err(c.err(p.line, format!("probe of target {} past the test's {images} targets and layers", p.target.unwrap_or(0))));
    }
    Ok(t)
}

/// `probe all rgba R G B A`, `probe rgba X Y R G B A`, `probe rgb X Y R G B`,
/// `probe rect rgba X Y W H R G B A`: a colour expected over a region of the target.
fn parse_probe(c: &Cursor, line: usize, w: &[&str]) -> Result<Probe, ParseError> {
    Ok(match w {
        ["probe", "all", "rgba", r, g, b, a] => Probe {
            x: 0,
            y: 0,
            w: u32::MAX,
            h: u32::MAX,
            rgba: [unit(c, line, r)?, unit(c, line, g)?, unit(c, line, b)?, unit(c, line, a)?],
            check_alpha: true,
            line,
            target: None,
        },
        ["probe", "rgba", x, y, r, g, b, a] => Probe {
            x: num(c, line, x, "probe x")?,
            y: num(c, line, y, "probe y")?,
            w: 1,
            h: 1,
            rgba: [unit(c, line, r)?, unit(c, line, g)?, unit(c, line, b)?, unit(c, line, a)?],
            check_alpha: true,
            line,
            target: None,
        },
        ["probe", "rgb", x, y, r, g, b] => Probe {
            x: num(c, line, x, "probe x")?,
            y: num(c, line, y, "probe y")?,
            w: 1,
            h: 1,
            rgba: [unit(c, line, r)?, unit(c, line, g)?, unit(c, line, b)?, 1.0],
            check_alpha: false,
            line,
            target: None,
        },
        ["probe", "rect", "rgba", x, y, wd, ht, r, g, b, a] => Probe {
            x: num(c, line, x, "probe x")?,
            y: num(c, line, y, "probe y")?,
            w: num(c, line, wd, "probe width")?,
            h: num(c, line, ht, "probe height")?,
            rgba: [unit(c, line, r)?, unit(c, line, g)?, unit(c, line, b)?, unit(c, line, a)?],
            check_alpha: true,
            line,
            target: None,
        },
        _ => return Err(c.err(line, format!("unknown directive `{}`", w.join(" ")))),
    })
}

/// The words after `tolerance`: `[on EXECUTOR] channel N pixels|edge-pixels P% reason TEXT`;
/// `earlier`, the test's tolerances so far (one per executor).
fn parse_tolerance(c: &Cursor, line: usize, rest: &[&str], earlier: &[Tolerance]) -> Result<Tolerance, ParseError> {
    let (executor, rest) = match rest {
        ["on", ex, r @ ..] => (Some(ex.to_string()), r),
        r => (None, r),
    };
    let ["channel", ch, kind @ ("pixels" | "edge-pixels"), px, "reason", reason @ ..] = rest else {
        return Err(c.err(line, "expected `tolerance [on EXECUTOR] channel N pixels|edge-pixels P% reason TEXT` (a reason is mandatory)"));
    };
    if reason.is_empty() {
        return Err(c.err(line, "a tolerance needs a reason"));
    }
    let channel: u8 = num(c, line, ch, "tolerance channel (0-254)")?;
    if channel == 255 {
        return Err(c.err(line, "`channel 255` accepts any image; `channel 0 pixels P%` lets P% of pixels differ by any amount"));
    }
    let Some(percent) = px.strip_suffix('%') else {
        return Err(c.err(line, format!("the pixel share must end in `%`, got `{px}`")));
    };
    let pixels_percent: f32 = num(c, line, percent, "tolerance pixels percent")?;
    if !(0.0..=100.0).contains(&pixels_percent) {
        return Err(c.err(line, format!("the pixel share must be 0-100%, got `{px}`")));
    }
    if earlier.iter().any(|x| x.executor == executor) {
        return Err(c.err(line, "a second tolerance for the same executor"));
    }
    Ok(Tolerance { channel, pixels_percent, edges_only: *kind == "edge-pixels", reason: reason.join(" "), executor })
}

/// `framebuffer W H [layers N]` into `t`.
fn parse_framebuffer(c: &Cursor, line: usize, wd: &str, ht: &str, rest: &[&str], t: &mut TestSection) -> Result<(), ParseError> {
    t.width = num(c, line, wd, "framebuffer width")?;
    t.height = num(c, line, ht, "framebuffer height")?;
    if !(1..=4096).contains(&t.width) || !(1..=4096).contains(&t.height) {
        return Err(c.err(line, "framebuffer size must be within 1..4096"));
    }
    match rest {
        [] => {}
        ["layers", n] => {
            t.layers = num(c, line, n, "framebuffer layers")?;
            if !(1..=16).contains(&t.layers) {
                return Err(c.err(line, "framebuffer layers must be within 1..16"));
            }
        }
        _ => return Err(c.err(line, "expected `framebuffer W H` or `framebuffer W H layers N`")),
    }
    Ok(())
}

/// The words after `probe xfb`: `N offset BYTES TYPE V...` or `primitives written W needed P`.
fn parse_capture_probe(c: &Cursor, line: usize, rest: &[&str]) -> Result<CaptureProbe, ParseError> {
    const USAGE: &str = "expected `probe xfb N offset BYTES float|int|uint V...` or `probe xfb primitives written W needed P`";
    match rest {
        ["primitives", "written", w, "needed", n] => Ok(CaptureProbe::Primitives {
            written: num(c, line, w, "primitives written")?,
            needed: num(c, line, n, "primitives needed")?,
            line,
        }),
        ["primitives", ..] => Err(c.err(line, USAGE)),
        [n, "offset", bytes, ty, values @ ..] => {
            let buffer: u32 = num(c, line, n, "transform feedback buffer")?;
            let offset: u32 = num(c, line, bytes, "capture offset")?;
            if !offset.is_multiple_of(4) {
                return Err(c.err(line, format!("a capture offset is a multiple of 4 (the probe reads 32-bit words), got {offset}")));
            }
            if values.is_empty() {
                return Err(c.err(line, "probe xfb needs at least one value"));
            }
            let values = match *ty {
                "float" => CaptureValues::Float(values.iter().map(|v| num(c, line, v, "float")).collect::<Result<_, _>>()?),
                "int" => CaptureValues::Int(values.iter().map(|v| num(c, line, v, "int")).collect::<Result<_, _>>()?),
                "uint" => CaptureValues::Uint(values.iter().map(|v| word32(c, line, v, "uint")).collect::<Result<_, _>>()?),
                _ => return Err(c.err(line, format!("probe xfb values are float, int or uint, got `{ty}`"))),
            };
            Ok(CaptureProbe::Words { buffer, offset, values, line })
        }
        _ => Err(c.err(line, USAGE)),
    }
}

fn parse_draw(c: &Cursor, line: usize, topo: &str, n: &str, indexed: bool, opts: &[&str]) -> Result<Draw, ParseError> {
    let Some(topology) = parse_topology(topo) else {
        return Err(c.err(line, format!("unknown topology `{topo}`")));
    };
    let mut d =
        Draw { topology, indexed, count: num(c, line, n, "draw count")?, instances: 1, first: 0, first_instance: 0, base_vertex: 0, line };
    let mut it = opts.chunks(2);
    for pair in &mut it {
        match pair {
            ["instances", v] => d.instances = num(c, line, v, "instances")?,
            ["first", v] => d.first = num(c, line, v, "first")?,
            ["first-instance", v] => d.first_instance = num(c, line, v, "first-instance")?,
            ["base-vertex", v] if indexed => d.base_vertex = num(c, line, v, "base-vertex")?,
            _ => return Err(c.err(line, format!("unknown draw option `{}`", pair.join(" ")))),
        }
    }
    Ok(d)
}

/// `SET BINDING` of a resource header (SET < 8, BINDING < 1000).
/// `SET BINDING [ELEMENT]` of a resource section's header: ELEMENT (default 0) is the
/// descriptor's index in an array of descriptors.
fn set_binding(c: &Cursor, s: &RawSection, rest: Vec<&str>, kind: &str) -> Result<(u32, u32, u32), ParseError> {
    let (set, binding, element) = match rest.as_slice() {
        [set, binding] => (set, binding, None),
        [set, binding, element] => (set, binding, Some(element)),
        _ => return Err(c.err(s.line, format!("expected [{kind} SET BINDING] or [{kind} SET BINDING ELEMENT], got [{}]", s.header))),
    };
    let set: u32 = num(c, s.line, set, "descriptor set")?;
    let binding: u32 = num(c, s.line, binding, "binding")?;
    let element: u32 = element.map(|e| num(c, s.line, e, "array element")).transpose()?.unwrap_or(0);
    if set >= MAX_SETS {
        return Err(c.err(s.line, format!("descriptor set {set} is out of range (sets 0 to {})", MAX_SETS - 1)));
    }
    if binding >= MAX_BINDING {
        return Err(c.err(s.line, format!("binding {binding} is out of range (bindings 0 to {})", MAX_BINDING - 1)));
    }
    if element >= MAX_ELEMENTS {
        return Err(c.err(s.line, format!("array element {element} is out of range (elements 0 to {})", MAX_ELEMENTS - 1)));
    }
    Ok((set, binding, element))
}

/// Every array of descriptors is whole (elements 0 to N - 1) and of one kind.
fn check_arrays(c: &Cursor, resources: &[ResourceBinding]) -> Result<(), ParseError> {
    for r in resources.iter().filter(|r| r.element > 0) {
        let same = |x: &&ResourceBinding| x.set == r.set && x.binding == r.binding;
        if let Some(other) =
            resources.iter().filter(same).find(|x| std::mem::discriminant(&x.descriptor) != std::mem::discriminant(&r.descriptor))
        {
            return Err(c.err(
                r.line,
                format!(
                    "set {} binding {} element {} is a {}, element {} (line {}) a {}: an array's elements are of one kind",
                    r.set,
                    r.binding,
                    r.element,
                    r.descriptor.kind(),
                    other.element,
                    other.line,
                    other.descriptor.kind()
                ),
            ));
        }
        if let Some(missing) = (0..r.element).find(|e| !resources.iter().filter(same).any(|x| x.element == *e)) {
            return Err(c.err(r.line, format!("set {} binding {} has element {} but no element {missing}", r.set, r.binding, r.element)));
        }
    }
    Ok(())
}

fn add_resource(c: &Cursor, resources: &mut Vec<ResourceBinding>, r: ResourceBinding) -> Result<(), ParseError> {
    if let Some(first) = resources.iter().find(|x| x.set == r.set && x.binding == r.binding && x.element == r.element) {
        let element = if r.element > 0 { format!(" element {}", r.element) } else { String::new() };
        return Err(c.err(
            r.line,
            format!(
                "set {} binding {}{element} is declared twice: at line {} ({}) and line {} ({})",
                r.set,
                r.binding,
                first.line,
                first.descriptor.kind(),
                r.line,
                r.descriptor.kind()
            ),
        ));
    }
    resources.push(r);
    Ok(())
}

/// Rows `TYPE values...` and `zeros N` of a buffer or push constant section, packed under
/// `layout`; uniform and storage buffers are rounded up to 16 bytes, push constants to 4.
fn parse_buffer(c: &Cursor, s: &RawSection, layout: BufferLayout, round_to: u64) -> Result<Vec<u8>, ParseError> {
    let mut p = layout::Packer::new(layout);
    let mut rows = 0;
    for (line, w) in data_lines(s) {
        rows += 1;
        match w.as_slice() {
            ["zeros", n] => {
                p.zeros(num(c, line, n, "zeros")?).map_err(|e| c.err(line, e))?;
            }
            [ty, values @ ..] => {
                let Some(t) = layout::MemberType::parse(ty) else {
                    return Err(
                        c.err(line, format!("unknown type `{ty}` (float, int, uint, vecN, ivecN, uvecN, matN, matCxR, optionally [N])"))
                    );
                };
                if values.len() as u64 != t.components() {
                    return Err(c.err(line, format!("`{ty}` takes {} values, got {}", t.components(), values.len())));
                }
                let mut words = Vec::with_capacity(values.len());
                for v in values {
                    words.push(match t.scalar {
                        layout::Scalar::Float => num::<f32>(c, line, v, "float")?.to_bits(),
                        layout::Scalar::Int => num::<i32>(c, line, v, "int")? as u32,
                        layout::Scalar::Uint => num::<u32>(c, line, v, "uint")?,
                    });
                }
                p.member(&t, &words).map_err(|e| c.err(line, e))?;
            }
            [] => {}
        }
    }
    if rows == 0 {
        return Err(c.err(s.line, format!("[{}] has no rows", s.header)));
    }
    Ok(p.finish(round_to))
}

fn parse_filter(c: &Cursor, line: usize, w: &str) -> Result<Filter, ParseError> {
    match w {
        "nearest" => Ok(Filter::Nearest),
        "linear" => Ok(Filter::Linear),
        _ => Err(c.err(line, format!("filter must be nearest or linear, got `{w}`"))),
    }
}

fn parse_address(c: &Cursor, line: usize, w: &str) -> Result<AddressMode, ParseError> {
    match w {
        "repeat" => Ok(AddressMode::Repeat),
        "clamp" => Ok(AddressMode::ClampToEdge),
        "mirror" => Ok(AddressMode::MirrorRepeat),
        _ => Err(c.err(line, format!("address mode must be repeat, clamp or mirror, got `{w}`"))),
    }
}

fn parse_compare(c: &Cursor, line: usize, w: &str) -> Result<crate::CompareOp, ParseError> {
    crate::parse_compare_op(w).ok_or_else(|| {
        c.err(line, format!("compare must be never, less, equal, less-equal, greater, not-equal, greater-equal or always, got `{w}`"))
    })
}

fn parse_sampler(c: &Cursor, s: &RawSection) -> Result<SamplerState, ParseError> {
    let mut st = SamplerState::new(Filter::Nearest, AddressMode::ClampToEdge);
    let (mut filter_line, mut address_line, mut compare_line) = (None, None, None);
    for (line, w) in data_lines(s) {
        let (first, what) = match w.as_slice() {
            ["filter", f] => {
                st.filter = parse_filter(c, line, f)?;
                (filter_line.replace(line), "filter")
            }
            ["address", a] => {
                st.address = parse_address(c, line, a)?;
                (address_line.replace(line), "address")
            }
            ["compare", op] => {
                st.compare = Some(parse_compare(c, line, op)?);
                (compare_line.replace(line), "compare")
            }
            _ => {
                return Err(c.err(
                    line,
                    format!("expected `filter nearest|linear`, `address repeat|clamp|mirror` or `compare OP`, got `{}`", w.join(" ")),
                ))
            }
        };
        if let Some(first) = first {
            return Err(c.err(line, format!("second `{what}` line (the first is at line {first})")));
        }
    }
    Ok(st)
}

/// Texture contents as texel values (four channels, or one depth), before encoding.
enum Content {
    Fill(Vec<f32>),
    Checker(u32, Vec<f32>, Vec<f32>),
    Texels(Vec<(usize, Vec<f32>)>),
}

fn values(c: &Cursor, line: usize, w: &[&str]) -> Result<Vec<f32>, ParseError> {
    w.iter().map(|w| num(c, line, w, "texel channel")).collect()
}

/// Replaces `slot` (a line's value) unless an earlier line set it.
fn once<T>(c: &Cursor, slot: &mut Option<(usize, T)>, line: usize, what: &str, value: T) -> Result<(), ParseError> {
    if let Some((first, _)) = slot {
        return Err(c.err(line, format!("second `{what}` line (the first is at line {first})")));
    }
    *slot = Some((line, value));
    Ok(())
}

/// `[input attachment SET BINDING]`: a texture's lines (one layer, no sampler) and `index K`,
/// its `input_attachment_index` (default 0).
fn parse_input_attachment(c: &Cursor, s: &RawSection) -> Result<Descriptor, ParseError> {
    let mut index: Option<(usize, u32)> = None;
    let mut rest = RawSection { header: s.header.clone(), line: s.line, body: Vec::new() };
    for (line, raw) in &s.body {
        match raw.split('#').next().unwrap_or("").split_whitespace().collect::<Vec<_>>().as_slice() {
            ["index", k] => once(c, &mut index, *line, "index", num(c, *line, k, "input attachment index")?)?,
            _ => rest.body.push((*line, raw)),
        }
    }
    let texture = match parse_texture(c, &rest)? {
        Descriptor::SampledTexture(t) if t.layers == 1 => t,
        _ => return Err(c.err(s.line, "an input attachment has one layer and no sampler")),
    };
    Ok(Descriptor::InputAttachment { index: index.map_or(0, |i| i.1), texture })
}

fn parse_texture(c: &Cursor, s: &RawSection) -> Result<Descriptor, ParseError> {
    let mut size: Option<(usize, (u32, u32))> = None;
    let mut layers: Option<(usize, u32)> = None;
    let mut view: Option<(usize, TextureView)> = None;
    let mut format: Option<(usize, TexelFormat)> = None;
    let mut sampler: Option<(usize, SamplerState)> = None;
    let mut content: Option<(usize, Content)> = None;
    let mut lines = data_lines(s);
    let set_content = |content: &mut Option<(usize, Content)>, line, x| {
        if let Some((first, _)) = content {
            return Err(c.err(line, format!("second content line (the first is at line {first}); use one of fill, checker or texels")));
        }
        *content = Some((line, x));
        Ok(())
    };
    while let Some((line, w)) = lines.next() {
        match w.as_slice() {
            ["size", wd, ht] => {
                let (wd, ht): (u32, u32) = (num(c, line, wd, "texture width")?, num(c, line, ht, "texture height")?);
                if !(1..=256).contains(&wd) || !(1..=256).contains(&ht) {
                    return Err(c.err(line, "texture size must be within 1..256"));
                }
                once(c, &mut size, line, "size", (wd, ht))?;
            }
            ["layers", n] => {
                let n: u32 = num(c, line, n, "layer count")?;
                if !(1..=16).contains(&n) {
                    return Err(c.err(line, "a texture has 1 to 16 layers"));
                }
                once(c, &mut layers, line, "layers", n)?;
            }
            ["view", v] => {
                let v = match *v {
                    "2d" => TextureView::D2,
                    "2d-array" => TextureView::D2Array,
                    "cube" => TextureView::Cube,
                    "cube-array" => TextureView::CubeArray,
                    _ => return Err(c.err(line, format!("texture view must be 2d, 2d-array, cube or cube-array, got `{v}`"))),
                };
                once(c, &mut view, line, "view", v)?;
            }
            ["format", f] => {
                let f = match *f {
                    "rgba8unorm" => TexelFormat::Rgba8Unorm,
                    "rgba32float" => TexelFormat::Rgba32Float,
                    "depth16unorm" => TexelFormat::Depth16Unorm,
                    _ => return Err(c.err(line, format!("texture format must be rgba8unorm, rgba32float or depth16unorm, got `{f}`"))),
                };
                once(c, &mut format, line, "format", f)?;
            }
            ["sampler", f, a, compare @ ..] if compare.len() <= 1 => {
                let mut st = SamplerState::new(parse_filter(c, line, f)?, parse_address(c, line, a)?);
                st.compare = compare.first().map(|op| parse_compare(c, line, op)).transpose()?;
                once(c, &mut sampler, line, "sampler", st)?;
            }
            ["fill", v @ ..] if !v.is_empty() => set_content(&mut content, line, Content::Fill(values(c, line, v)?))?,
            ["checker", cell, v @ ..] if !v.is_empty() && v.len() % 2 == 0 => {
                let cell: u32 = num(c, line, cell, "checker cell size")?;
                if cell == 0 {
                    return Err(c.err(line, "checker cell size must be at least 1"));
                }
                let (a, b) = v.split_at(v.len() / 2);
                set_content(&mut content, line, Content::Checker(cell, values(c, line, a)?, values(c, line, b)?))?
            }
            ["texels"] => {
                let mut texels = Vec::new();
                for (tline, tw) in lines.by_ref() {
                    texels.push((tline, values(c, tline, &tw)?));
                }
                set_content(&mut content, line, Content::Texels(texels))?
            }
            _ => {
                return Err(c.err(
                    line,
                    format!(
                        "unknown texture line `{}` (size W H, layers N, view 2d|2d-array|cube, format F, sampler FILTER ADDRESS [COMPARE], fill V.., checker CELL V.. V.., texels)",
                        w.join(" ")
                    ),
                ))
            }
        }
    }
    let Some((size_line, (width, height))) = size else {
        return Err(c.err(s.line, "texture without a `size W H` line"));
    };
    let Some((cline, content)) = content else {
        return Err(c.err(s.line, "texture without contents (one of `fill`, `checker` or `texels`)"));
    };
    let layers_line = layers.map_or(size_line, |l| l.0);
    let layers = layers.map_or(1, |l| l.1);
    let view = match view {
        None if layers == 1 => TextureView::D2,
        None => TextureView::D2Array,
        Some((line, TextureView::D2)) if layers != 1 => {
            return Err(c.err(line, format!("a 2d view of a texture with {layers} layers (line {layers_line}); use view 2d-array")))
        }
        Some((line, TextureView::Cube)) if layers != 6 || width != height => {
            return Err(c.err(line, format!("a cube view needs 6 square layers, the texture has {layers} of {width}x{height}")))
        }
        Some((line, TextureView::CubeArray)) if layers % 6 != 0 || width != height => {
            return Err(
                c.err(line, format!("a cube-array view needs square layers, six per cube, the texture has {layers} of {width}x{height}"))
            )
        }
        Some((_, v)) => v,
    };
    let format = format.map_or(TexelFormat::Rgba8Unorm, |f| f.1);
    let channels = format.channels();
    let what = if format.is_depth() { "one depth value `D`" } else { "`R G B A`" };
    let shape = |line: usize, v: &[f32]| {
        if v.len() == channels {
            Ok(())
        } else {
            Err(c.err(line, format!("expected a texel {what} ({} texture), got {} values", format.name(), v.len())))
        }
    };
    let per_layer = (width * height) as usize;
    let n = per_layer * layers as usize;
    let texel_values: Vec<(usize, Vec<f32>)> = match content {
        Content::Fill(v) => {
            shape(cline, &v)?;
            vec![(cline, v); n]
        }
        Content::Checker(cell, a, b) => {
            shape(cline, &a)?;
            (0..n as u32)
                .map(|i| {
                    let i = i % (width * height);
                    (cline, if (i % width / cell + i / width / cell) % 2 == 0 { a.clone() } else { b.clone() })
                })
                .collect()
        }
        Content::Texels(t) => {
            if t.len() != n {
                let shape = if layers == 1 { format!("{width}x{height}") } else { format!("{width}x{height}x{layers}") };
                return Err(c.err(t.last().map_or(cline, |x| x.0), format!("{} texels listed, the {shape} texture has {n}", t.len())));
            }
            for (line, v) in &t {
                shape(*line, v)?;
            }
            t
        }
    };
    let mut data = Vec::with_capacity(n * format.bytes_per_texel() as usize);
    for (line, v) in texel_values {
        for ch in v {
            match format {
                TexelFormat::Rgba8Unorm | TexelFormat::Depth16Unorm => {
                    if !(0.0..=1.0).contains(&ch) {
                        return Err(c.err(line, format!("{} channel {ch} outside [0, 1]", format.name())));
                    }
                    if format == TexelFormat::Rgba8Unorm {
                        data.push((ch * 255.0).round() as u8);
                    } else {
                        data.extend(((ch * 65535.0).round() as u16).to_le_bytes());
                    }
                }
                TexelFormat::Rgba32Float => data.extend(ch.to_le_bytes()),
            }
        }
    }
    let texture = TextureData { width, height, layers, view, format, data };
    Ok(match sampler {
        Some((_, st)) => Descriptor::CombinedTextureSampler(texture, st),
        None => Descriptor::SampledTexture(texture),
    })
}

fn parse_specialization(c: &Cursor, s: &RawSection) -> Result<Vec<(u32, tesserae::SpecValue)>, ParseError> {
    let mut out: Vec<(u32, tesserae::SpecValue)> = Vec::new();
    let mut lines: Vec<(u32, usize)> = Vec::new();
    for (line, w) in data_lines(s) {
        let [id, ty, v] = w.as_slice() else {
            return Err(c.err(line, format!("expected `ID TYPE VALUE` (TYPE bool, int, uint or float), got `{}`", w.join(" "))));
        };
        let id: u32 = num(c, line, id, "specialization constant id")?;
        let value = match *ty {
            "bool" => tesserae::SpecValue::Bool(match *v {
                "true" => true,
                "false" => false,
                _ => return Err(c.err(line, format!("a bool is true or false, got `{v}`"))),
            }),
            "int" => tesserae::SpecValue::Int(num(c, line, v, "int")?),
            "uint" => tesserae::SpecValue::Uint(num(c, line, v, "uint")?),
            "float" => tesserae::SpecValue::Float(num(c, line, v, "float")?),
            _ => return Err(c.err(line, format!("specialization constant type must be bool, int, uint or float, got `{ty}`"))),
        };
        if let Some((_, first)) = lines.iter().find(|x| x.0 == id) {
            return Err(c.err(line, format!("specialization constant {id} is given twice (lines {first} and {line})")));
        }
        lines.push((id, line));
        out.push((id, value));
    }
    Ok(out)
}

fn parse_depth(c: &Cursor, line: usize, format: &str, opts: &[&str]) -> Result<DepthState, ParseError> {
    let format = match format {
        "d32f" => DepthFormat::D32Float,
        "d16" => DepthFormat::D16Unorm,
        _ => return Err(c.err(line, format!("depth format must be d32f or d16, got `{format}`"))),
    };
    let mut d = DepthState { format, clear: 1.0, compare: CompareOp::Less, write: true };
    let mut seen: Vec<&str> = Vec::new();
    for pair in opts.chunks(2) {
        if let [key, _] = pair {
            if seen.contains(key) {
                return Err(c.err(line, format!("`{key}` given twice")));
            }
            seen.push(key);
        }
        match pair {
            ["compare", op] => {
                d.compare = parse_compare_op(op).ok_or_else(|| {
                    c.err(
                        line,
                        format!(
                            "compare op must be never, less, equal, less-equal, greater, not-equal, greater-equal or always, got `{op}`"
                        ),
                    )
                })?
            }
            ["clear", v] => {
                d.clear = num(c, line, v, "depth clear")?;
                if !(0.0..=1.0).contains(&d.clear) {
                    return Err(c.err(line, format!("depth clear {} outside [0, 1]", d.clear)));
                }
            }
            ["write", "on"] => d.write = true,
            ["write", "off"] => d.write = false,
            _ => return Err(c.err(line, format!("unknown depth option `{}` (compare OP, clear V, write on|off)", pair.join(" ")))),
        }
    }
    Ok(d)
}

fn parse_stencil(c: &Cursor, line: usize, opts: &[&str]) -> Result<StencilState, ParseError> {
    let mut st = StencilState {
        compare: CompareOp::Always,
        reference: 0,
        pass: StencilOp::Keep,
        fail: StencilOp::Keep,
        depth_fail: StencilOp::Keep,
        clear: 0,
    };
    let op = |w: &str| -> Result<StencilOp, ParseError> {
        Ok(match w {
            "keep" => StencilOp::Keep,
            "zero" => StencilOp::Zero,
            "replace" => StencilOp::Replace,
            "increment-clamp" => StencilOp::IncrementClamp,
            "decrement-clamp" => StencilOp::DecrementClamp,
            "invert" => StencilOp::Invert,
            "increment-wrap" => StencilOp::IncrementWrap,
            "decrement-wrap" => StencilOp::DecrementWrap,
            _ => return Err(c.err(line, format!("stencil op must be keep, zero, replace, increment-clamp, decrement-clamp, invert, increment-wrap or decrement-wrap, got `{w}`"))),
        })
    };
    let byte = |w: &str, what: &str| -> Result<u32, ParseError> {
        let v: u32 = num(c, line, w, what)?;
        if v > 255 {
            return Err(c.err(line, format!("{what} {v} outside 0-255")));
        }
        Ok(v)
    };
    let mut seen: Vec<&str> = Vec::new();
    for pair in opts.chunks(2) {
        if let [key, _] = pair {
            if seen.contains(key) {
                return Err(c.err(line, format!("`{key}` given twice")));
            }
            seen.push(key);
        }
        match pair {
            ["compare", o] => {
                st.compare = parse_compare_op(o).ok_or_else(|| c.err(line, format!("stencil compare op `{o}` unknown")))?;
            }
            ["ref", v] => st.reference = byte(v, "stencil reference")?,
            ["clear", v] => st.clear = byte(v, "stencil clear")?,
            ["pass", o] => st.pass = op(o)?,
            ["fail", o] => st.fail = op(o)?,
            ["depth-fail", o] => st.depth_fail = op(o)?,
            _ => {
                return Err(c.err(
                    line,
                    format!("unknown stencil option `{}` (compare OP, ref N, pass OP, fail OP, depth-fail OP, clear N)", pair.join(" ")),
                ))
            }
        }
    }
    Ok(st)
}
