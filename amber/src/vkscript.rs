//! VkScript (VkRunner's format, Amber's second one; piglit's Vulkan tests' style) into the
//! same [`Script`] model: one graphics pipeline of the shaders given (and one compute
//! pipeline), a framebuffer, a buffer per `ssbo` / `uniform ubo` binding bound to both, the
//! push constants, and the `[test]` commands in order. A `.amber` file that does not start
//! with `#!amber` is VkScript, as Amber decides.

use crate::script::*;
use crate::types::{parse_value, write_field, DataType, ElementLayout, Format, Layout, Value};
use crate::{ErrorKind, ParseError};
use std::path::Path;

type Result<T> = std::result::Result<T, ParseError>;

struct Builder<'a> {
    path: &'a Path,
    script: Script,
    graphics: Option<PipelineId>,
    compute: Option<PipelineId>,
    framebuffer: BufferId,
    /// Buffers by (set, binding), and the push constants.
    bound: Vec<((u32, u32), BufferId)>,
    push: Option<BufferId>,
    tolerance: Vec<Tolerance>,
    size: (u32, u32),
}

impl Builder<'_> {
    fn err(&self, line: usize, kind: ErrorKind, message: impl Into<String>) -> ParseError {
        ParseError { file: self.path.to_path_buf(), line, kind, message: message.into() }
    }
    fn malformed(&self, line: usize, m: impl Into<String>) -> ParseError {
        self.err(line, ErrorKind::Malformed, m)
    }
    fn unsupported(&self, line: usize, m: impl Into<String>) -> ParseError {
        self.err(line, ErrorKind::Unsupported, m)
    }
    fn add_buffer(&mut self, name: String, element: ElementType, line: usize) -> BufferId {
        self.script.buffers.push(Buffer { name, element, data: Vec::new(), image: None, samples: 1, mip_levels: 1, line });
        BufferId(self.script.buffers.len() - 1)
    }
    fn pipelines(&self) -> impl Iterator<Item = PipelineId> {
        self.graphics.into_iter().chain(self.compute)
    }
    /// The buffer at `set:binding`, made and bound to every pipeline on first use.
    fn binding(&mut self, set: u32, binding: u32, ty: DescriptorType, line: usize) -> BufferId {
        if let Some((_, b)) = self.bound.iter().find(|(k, _)| *k == (set, binding)) {
            return *b;
        }
        let id = self.add_buffer(
            format!("buffer_{set}_{binding}"),
            ElementType::Data { ty: DataType::parse("uint8").expect("a type"), layout: Layout::Std430 },
            line,
        );
        for p in self.pipelines().collect::<Vec<_>>() {
            self.script.pipelines[p.0].bindings.push(Binding::Buffers {
                buffers: vec![id],
                ty,
                set,
                binding,
                sampler: None,
                dynamic_offsets: Vec::new(),
                descriptor_offsets: Vec::new(),
                descriptor_ranges: Vec::new(),
                base_mip: 0,
            });
        }
        self.bound.push(((set, binding), id));
        id
    }
    fn push_constants(&mut self, line: usize) -> BufferId {
        if let Some(p) = self.push {
            return p;
        }
        let id = self.add_buffer(
            "push_constants".into(),
            ElementType::Data { ty: DataType::parse("uint8").expect("a type"), layout: Layout::Std430 },
            line,
        );
        for p in self.pipelines().collect::<Vec<_>>() {
            self.script.pipelines[p.0].bindings.push(Binding::PushConstant { buffer: id });
        }
        self.push = Some(id);
        id
    }
    fn step(&mut self, line: usize, command: Command) {
        self.script.commands.push(Step { line, command });
    }
}

/// GLSL type names of VkScript's data commands (`vec4`, `uint`, `mat3x2`, `i16vec2`, ...).
fn glsl_type(name: &str, layout: Layout) -> Option<ElementLayout> {
    let scalar = |s: &str| -> Option<&'static str> {
        Some(match s {
            "float" | "" => "float",
            "double" | "d" => "double",
            "int" | "i" => "int32",
            "uint" | "u" => "uint32",
            "int8_t" | "i8" => "int8",
            "uint8_t" | "u8" => "uint8",
            "int16_t" | "i16" => "int16",
            "uint16_t" | "u16" => "uint16",
            "int64_t" | "i64" => "int64",
            "uint64_t" | "u64" => "uint64",
            "float16_t" | "f16" => "float16",
            _ => return None,
        })
    };
    let ty = if let Some(s) = scalar(name).filter(|_| !name.is_empty()) {
        format!("{s}[]")
    } else if let Some((prefix, n)) = name.split_once("vec") {
        format!("vec{n}<{}>[]", scalar(prefix)?)
    } else if let Some((prefix, dims)) = name.split_once("mat") {
        let (c, r) = dims.split_once('x').unwrap_or((dims, dims));
        format!("mat{c}x{r}<{}>[]", scalar(prefix)?)
    } else {
        return None;
    };
    Some(DataType::parse(&ty)?.layout(layout))
}

/// Values laid out as consecutive elements of `layout`.
fn encode(layout: &ElementLayout, words: &[&str]) -> Option<Vec<u8>> {
    let n = layout.fields.len();
    if words.is_empty() || words.len() % n != 0 {
        return None;
    }
    let mut out = vec![0u8; words.len() / n * layout.stride as usize];
    for (i, w) in words.iter().enumerate() {
        let f = &layout.fields[i % n];
        let v = parse_value(w, f.kind, f.bits)?;
        write_field(&mut out[(i / n) * layout.stride as usize..], f, v);
    }
    Some(out)
}

fn set_binding(s: &str) -> Option<(u32, u32)> {
    match s.split_once(':') {
        Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
        None => Some((0, s.parse().ok()?)),
    }
}

pub fn parse(path: &Path, name: &str, text: &str) -> Result<Script> {
    let mut b = Builder {
        path,
        script: Script::empty(path, name),
        graphics: None,
        compute: None,
        framebuffer: BufferId(0),
        bound: Vec::new(),
        push: None,
        tolerance: Vec::new(),
        size: (250, 250),
    };
    // Sections: a header line `[name]`, then its lines up to the next header.
    let lines: Vec<&str> = text.lines().collect();
    let mut sections: Vec<(usize, String, Vec<(usize, &str)>)> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim();
        if t.starts_with('[') && t.ends_with(']') && !t.contains("//") {
            sections.push((i + 1, t[1..t.len() - 1].trim().to_string(), Vec::new()));
        } else if let Some(s) = sections.last_mut() {
            s.2.push((i + 1, l));
        } else if !(t.is_empty() || t.starts_with('#')) {
            return Err(b.malformed(i + 1, format!("`{t}` outside a section")));
        }
    }
    let mut framebuffer_format = "B8G8R8A8_UNORM".to_string();
    let mut depth_format: Option<String> = None;
    let mut vertex_data: Option<(usize, Vec<(usize, &str)>)> = None;
    let mut indices: Option<(usize, Vec<(usize, &str)>)> = None;
    let mut test: Vec<(usize, &str)> = Vec::new();
    for (line, header, body) in &sections {
        let words: Vec<&str> = header.split_whitespace().collect();
        match words.as_slice() {
            ["require"] => require(&mut b, body, &mut framebuffer_format, &mut depth_format)?,
            ["vertex", "data"] => vertex_data = Some((*line, body.clone())),
            ["indices"] => indices = Some((*line, body.clone())),
            ["test"] => test = body.clone(),
            ["comment"] => {}
            [.., "shader"] | [.., "shader", "spirv"] | [.., "shader", "spirv", "hex"] | [.., "shader", "passthrough"] => {
                let shader = shader_section(&b, *line, header, &words, body)?;
                b.script.shaders.push(shader);
            }
            _ => return Err(b.malformed(*line, format!("unknown section [{header}]"))),
        }
    }
    // VkScript has no TARGET_ENV: a test that requires VK_KHR_spirv_1_4 is SPIR-V 1.4 (the
    // CTS compiles its spirv1p4 tests so), the rest SPIR-V 1.0 as Amber's default.
    if b.script.device_extensions.iter().any(|e| e == "VK_KHR_spirv_1_4") {
        for sh in b.script.shaders.iter_mut().filter(|s| !matches!(s.source, ShaderSource::Passthrough | ShaderSource::SpirvWords(_))) {
            sh.target_env = Some("spv1.4".into());
        }
    }
    // The pipelines.
    let attach =
        |s: &Shader, i: usize| Attachment { shader: ShaderId(i), stage: s.stage, entry_point: "main".into(), specialization: Vec::new() };
    let graphics: Vec<Attachment> =
        b.script.shaders.iter().enumerate().filter(|(_, s)| s.stage != ShaderStage::Compute).map(|(i, s)| attach(s, i)).collect();
    let compute: Vec<Attachment> =
        b.script.shaders.iter().enumerate().filter(|(_, s)| s.stage == ShaderStage::Compute).map(|(i, s)| attach(s, i)).collect();
    let fb_format =
        Format::parse(&framebuffer_format).ok_or_else(|| b.malformed(1, format!("unknown framebuffer format `{framebuffer_format}`")))?;
    b.framebuffer = b.add_buffer("framebuffer".into(), ElementType::Format(fb_format), 1);
    if !graphics.is_empty() {
        let mut p = Pipeline::new("graphics".into(), PipelineKind::Graphics, 1);
        if !graphics.iter().any(|a| a.stage == ShaderStage::Vertex) {
            return Err(b.malformed(1, "a graphics test without a vertex shader"));
        }
        p.shaders = graphics;
        p.framebuffer = b.size;
        p.bindings.push(Binding::Color { buffer: b.framebuffer, location: 0, base_mip: 0 });
        if let Some(f) = &depth_format {
            let format = Format::parse(f).ok_or_else(|| b.malformed(1, format!("unknown depth format `{f}`")))?;
            let d = b.add_buffer("depthstencil".into(), ElementType::Format(format), 1);
            p.bindings.push(Binding::DepthStencil { buffer: d });
        }
        b.script.pipelines.push(p);
        b.graphics = Some(PipelineId(b.script.pipelines.len() - 1));
    }
    if !compute.is_empty() {
        let mut p = Pipeline::new("compute".into(), PipelineKind::Compute, 1);
        p.shaders = compute;
        b.script.pipelines.push(p);
        b.compute = Some(PipelineId(b.script.pipelines.len() - 1));
    }
    if let Some((line, rows)) = vertex_data {
        add_vertex_data(&mut b, line, &rows)?;
    }
    if let Some((line, rows)) = indices {
        let words: Vec<String> =
            rows.iter().flat_map(|(_, t)| strip(t).split_whitespace().map(str::to_string).collect::<Vec<_>>()).collect();
        let layout = DataType::parse("uint32").expect("a type").layout(Layout::Std430);
        let bytes =
            encode(&layout, &words.iter().map(String::as_str).collect::<Vec<_>>()).ok_or_else(|| b.malformed(line, "bad indices"))?;
        let id = b.add_buffer(
            "indices".into(),
            ElementType::Data { ty: DataType::parse("uint32").expect("a type"), layout: Layout::Std430 },
            line,
        );
        b.script.buffers[id.0].data = bytes;
        if let Some(g) = b.graphics {
            b.script.pipelines[g.0].index_data = Some(id);
        }
    }
    let joined = joined_lines(&test);
    for (line, text) in joined {
        let t = text.replace(['(', ')', ','], " ");
        let w: Vec<&str> = t.split_whitespace().collect();
        if !w.is_empty() {
            test_command(&mut b, line, &w)?;
        }
    }
    Ok(b.script)
}

/// A line without its `#` comment, trimmed.
fn strip(l: &str) -> String {
    l.split('#').next().unwrap_or("").trim().to_string()
}

/// A `[require]` section: device features and extensions into the script, the framebuffer
/// size into the builder, the framebuffer and depth/stencil formats into `framebuffer` and
/// `depth`.
fn require(b: &mut Builder, body: &[(usize, &str)], framebuffer: &mut String, depth: &mut Option<String>) -> Result<()> {
    for (l, text) in body {
        let t = strip(text);
        let w: Vec<&str> = t.split_whitespace().collect();
        match w.as_slice() {
            [] => {}
            ["framebuffer", f] => *framebuffer = f.to_string(),
            ["depthstencil", f] => *depth = Some(f.to_string()),
            ["fbsize", x, y] => {
                b.size = (x.parse().map_err(|_| b.malformed(*l, "bad fbsize"))?, y.parse().map_err(|_| b.malformed(*l, "bad fbsize"))?)
            }
            ["fence_timeout", _] => {}
            // An extension name: a device extension, but for the instance extension Amber knows
            // by name (its `Script::AddRequiredExtension`).
            ["VK_KHR_get_physical_device_properties2"] => b.script.instance_extensions.push(t.to_string()),
            [ext] if ext.starts_with("VK_") => b.script.device_extensions.push(ext.to_string()),
            [feature] => b.script.device_features.push(feature.to_string()),
            _ => return Err(b.malformed(*l, format!("unknown requirement `{t}`"))),
        }
    }
    Ok(())
}

/// A shader section `[STAGE shader [spirv [hex] | passthrough]]` at `line`.
fn shader_section(b: &Builder, line: usize, header: &str, words: &[&str], body: &[(usize, &str)]) -> Result<Shader> {
    let at = words.iter().position(|w| *w == "shader").expect("matched");
    let stage = match &words[..at] {
        ["vertex"] => ShaderStage::Vertex,
        ["fragment"] => ShaderStage::Fragment,
        ["geometry"] => ShaderStage::Geometry,
        ["tessellation", "control"] => ShaderStage::TessControl,
        ["tessellation", "evaluation"] => ShaderStage::TessEval,
        ["compute"] => ShaderStage::Compute,
        _ => return Err(b.malformed(line, format!("unknown section [{header}]"))),
    };
    let source: String = body.iter().map(|(_, l)| format!("{l}\n")).collect();
    let source = match &words[at + 1..] {
        [] => ShaderSource::Glsl(source),
        ["spirv"] => ShaderSource::SpirvAsm(source),
        ["passthrough"] => ShaderSource::Passthrough,
        _ => {
            let mut bytes = Vec::new();
            for w in source.lines().map(strip).collect::<Vec<_>>().join(" ").split_whitespace() {
                bytes.push(
                    u8::from_str_radix(w.trim_start_matches("0x"), 16).map_err(|_| b.malformed(line, format!("bad hex byte `{w}`")))?,
                );
            }
            if bytes.len() % 4 != 0 {
                return Err(b.malformed(line, "SPIR-V hex is not a whole number of words"));
            }
            ShaderSource::SpirvWords(bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
        }
    };
    let target_env = matches!(source, ShaderSource::SpirvAsm(_)).then(|| "spv1.0".to_string());
    Ok(Shader { name: header.to_string(), stage, source, target_env, line })
}

/// A `[vertex data]` section at `line`: a header of `LOCATION/FORMAT` columns, then rows of
/// values; a buffer per column, bound to the graphics pipeline.
fn add_vertex_data(b: &mut Builder, line: usize, rows: &[(usize, &str)]) -> Result<()> {
    let rows: Vec<(usize, String)> = rows.iter().map(|(l, t)| (*l, strip(t))).filter(|(_, t)| !t.is_empty()).collect();
    let Some((hl, header)) = rows.first() else { return Err(b.malformed(line, "[vertex data] without a header")) };
    let mut columns = Vec::new();
    for h in header.split_whitespace() {
        let (loc, fmt) = h.split_once('/').ok_or_else(|| b.malformed(*hl, format!("vertex data header `{h}` is not LOCATION/FORMAT")))?;
        let location: u32 = loc.parse().map_err(|_| b.malformed(*hl, format!("bad location in `{h}`")))?;
        let format = Format::parse(fmt).ok_or_else(|| b.unsupported(*hl, format!("vertex data column `{h}` (GL type names)")))?;
        columns.push((location, format));
    }
    let mut data: Vec<Vec<String>> = vec![Vec::new(); columns.len()];
    for (l, row) in &rows[1..] {
        let mut w = row.split_whitespace();
        for (c, (_, f)) in columns.iter().enumerate() {
            for _ in 0..f.layout.fields.len() {
                data[c].push(w.next().ok_or_else(|| b.malformed(*l, "a vertex data row with too few values"))?.to_string());
            }
        }
    }
    for (c, (location, format)) in columns.into_iter().enumerate() {
        let words: Vec<&str> = data[c].iter().map(String::as_str).collect();
        let bytes = if words.is_empty() {
            Vec::new()
        } else {
            encode(&format.layout, &words).ok_or_else(|| b.malformed(line, "bad vertex data values"))?
        };
        let id = b.add_buffer(format!("vertices_{location}"), ElementType::Format(format), line);
        b.script.buffers[id.0].data = bytes;
        if let Some(g) = b.graphics {
            b.script.pipelines[g.0].vertex_data.push(VertexData {
                buffer: id,
                location,
                rate: InputRate::Vertex,
                format: None,
                offset: 0,
                stride: None,
            });
        }
    }
    Ok(())
}

/// The `[test]` section's commands, a trailing `\` continuing one on the next line.
fn joined_lines(test: &[(usize, &str)]) -> Vec<(usize, String)> {
    let mut joined: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for &(line, text) in test {
        let t = strip(text);
        let (t, cont) = match t.strip_suffix('\\') {
            Some(head) => (head.to_string(), true),
            None => (t, false),
        };
        match joined.last_mut() {
            Some((_, prev)) if open => {
                prev.push(' ');
                prev.push_str(&t);
            }
            _ => joined.push((line, t)),
        }
        open = cont;
    }
    joined
}

fn num<T: std::str::FromStr>(b: &Builder, line: usize, w: Option<&&str>, what: &str) -> Result<T> {
    w.and_then(|w| w.parse().ok()).ok_or_else(|| b.malformed(line, format!("missing or bad {what}")))
}

fn test_command(b: &mut Builder, line: usize, w: &[&str]) -> Result<()> {
    let graphics = |b: &Builder| b.graphics.ok_or_else(|| b.malformed(line, format!("`{}` needs graphics shaders", w.join(" "))));
    match w {
        ["clear", "color", r, g, bl, a] => {
            let p = graphics(b)?;
            let mut rgba = [0f32; 4];
            for (c, v) in rgba.iter_mut().zip([r, g, bl, a]) {
                *c = v.parse().map_err(|_| b.malformed(line, format!("bad colour `{v}`")))?;
            }
            b.step(line, Command::ClearColor { pipeline: p, rgba });
        }
        ["clear", "depth", v] => {
            let p = graphics(b)?;
            b.step(line, Command::ClearDepth { pipeline: p, value: num(b, line, Some(v), "depth")? });
        }
        ["clear", "stencil", v] => {
            let p = graphics(b)?;
            b.step(line, Command::ClearStencil { pipeline: p, value: num(b, line, Some(v), "stencil")? });
        }
        ["clear"] => {
            let p = graphics(b)?;
            b.step(line, Command::Clear { pipeline: p });
        }
        ["draw", "rect", rest @ ..] => {
            let p = graphics(b)?;
            let ortho = rest.contains(&"ortho");
            if rest.contains(&"patch") {
                return Err(b.unsupported(line, "draw rect patch"));
            }
            let n: Vec<f32> = rest
                .iter()
                .filter(|x| **x != "ortho")
                .map(|x| x.parse().map_err(|_| b.malformed(line, format!("bad number `{x}`"))))
                .collect::<Result<_>>()?;
            let [x, y, width, height] = n[..] else { return Err(b.malformed(line, "draw rect takes x y width height")) };
            let (fw, fh) = (b.size.0 as f32, b.size.1 as f32);
            let run = if ortho {
                Run::DrawRect { x, y, width, height }
            } else {
                Run::DrawRect { x: (x + 1.0) / 2.0 * fw, y: (y + 1.0) / 2.0 * fh, width: width / 2.0 * fw, height: height / 2.0 * fh }
            };
            b.step(line, Command::Run { pipeline: p, run });
        }
        ["draw", "arrays", rest @ ..] => {
            let p = graphics(b)?;
            let indexed = rest.contains(&"indexed");
            let rest: Vec<&&str> = rest.iter().filter(|x| **x != "indexed" && **x != "instanced").collect();
            let topology =
                rest.first().and_then(|t| Topology::parse(t)).ok_or_else(|| b.malformed(line, "draw arrays needs a topology"))?;
            let start = num(b, line, rest.get(1).copied(), "first vertex")?;
            let count = num(b, line, rest.get(2).copied(), "vertex count")?;
            let instance_count =
                rest.get(3).map(|x| x.parse()).transpose().map_err(|_| b.malformed(line, "bad instance count"))?.unwrap_or(1);
            b.step(
                line,
                Command::Run {
                    pipeline: p,
                    run: Run::DrawArray { topology, indexed, start, count: Some(count), start_instance: 0, instance_count },
                },
            );
        }
        ["compute", x, y, z] => {
            let p = b.compute.ok_or_else(|| b.malformed(line, "compute without a compute shader"))?;
            let groups = [num(b, line, Some(x), "x")?, num(b, line, Some(y), "y")?, num(b, line, Some(z), "z")?];
            b.step(line, Command::Run { pipeline: p, run: Run::Compute { groups } });
        }
        ["probe", "all", kind, rest @ ..] => probe(b, line, kind, &["0", "0", &b.size.0.to_string(), &b.size.1.to_string()], rest, false)?,
        ["relative", "probe", "rect", kind, rest @ ..] if rest.len() >= 4 => probe(b, line, kind, &rest[..4], &rest[4..], true)?,
        ["probe", "rect", kind, rest @ ..] if rest.len() >= 4 => probe(b, line, kind, &rest[..4], &rest[4..], false)?,
        ["relative", "probe", kind, x, y, rest @ ..] => probe(b, line, kind, &[x, y, "0", "0"], rest, true)?,
        ["probe", kind, x, y, rest @ ..] if *kind != "ssbo" => probe(b, line, kind, &[x, y, "1", "1"], rest, false)?,
        ["probe", "ssbo", ty, binding, offset, cmp, values @ ..] => {
            let (set, bind) = set_binding(binding).ok_or_else(|| b.malformed(line, format!("bad binding `{binding}`")))?;
            let layout = glsl_type(ty, Layout::Std430).ok_or_else(|| b.malformed(line, format!("unknown type `{ty}`")))?;
            let buffer = b.binding(set, bind, DescriptorType::Storage, line);
            let (comparator, tolerance) = match *cmp {
                "==" => (Comparator::Eq, Vec::new()),
                "~=" => (
                    Comparator::Eq,
                    if b.tolerance.is_empty() { vec![Tolerance { value: 0.01, percent: false }] } else { b.tolerance.clone() },
                ),
                "!=" => (Comparator::Ne, Vec::new()),
                "<" => (Comparator::Lt, Vec::new()),
                "<=" => (Comparator::Le, Vec::new()),
                ">" => (Comparator::Gt, Vec::new()),
                ">=" => (Comparator::Ge, Vec::new()),
                o => return Err(b.malformed(line, format!("unknown comparison `{o}`"))),
            };
            let values: Vec<Value> = values
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let f = &layout.fields[i % layout.fields.len()];
                    parse_value(v, f.kind, f.bits).ok_or_else(|| b.malformed(line, format!("bad value `{v}` for {ty}")))
                })
                .collect::<Result<_>>()?;
            let offset = num(b, line, Some(offset), "offset")?;
            b.step(line, Command::Expect(Expect::Values { buffer, offset, comparator, tolerance, values, layout: Some(layout) }));
        }
        ["tolerance", values @ ..] => {
            b.tolerance = values
                .iter()
                .map(|v| {
                    let (t, percent) = v.strip_suffix('%').map_or((*v, false), |t| (t, true));
                    t.parse().map(|value| Tolerance { value, percent }).map_err(|_| b.malformed(line, format!("bad tolerance `{v}`")))
                })
                .collect::<Result<_>>()?;
        }
        ["uniform", "ubo", binding, ty, offset, values @ ..] => {
            let (set, bind) = set_binding(binding).ok_or_else(|| b.malformed(line, format!("bad binding `{binding}`")))?;
            let buffer = b.binding(set, bind, DescriptorType::Uniform, line);
            // Values are packed one after the other (`float` x4 fills a vec4); matrix columns
            // keep std140's 16-byte stride.
            let layout = if ty.contains("mat") { Layout::Std140 } else { Layout::Std430 };
            write(b, line, buffer, ty, offset, values, layout)?;
        }
        ["uniform", ty, offset, values @ ..] => {
            let buffer = b.push_constants(line);
            write(b, line, buffer, ty, offset, values, Layout::Std430)?;
        }
        ["ssbo", binding, "subdata", ty, offset, values @ ..] => {
            let (set, bind) = set_binding(binding).ok_or_else(|| b.malformed(line, format!("bad binding `{binding}`")))?;
            let buffer = b.binding(set, bind, DescriptorType::Storage, line);
            write(b, line, buffer, ty, offset, values, Layout::Std430)?;
        }
        ["ssbo", binding, size] => {
            let (set, bind) = set_binding(binding).ok_or_else(|| b.malformed(line, format!("bad binding `{binding}`")))?;
            let buffer = b.binding(set, bind, DescriptorType::Storage, line);
            b.step(line, Command::Resize { buffer, bytes: num(b, line, Some(size), "size")? });
        }
        ["patch", "parameter", "vertices", n] => {
            let p = graphics(b)?;
            b.script.pipelines[p.0].patch_control_points = num(b, line, Some(n), "vertices")?;
        }
        [stage, "entrypoint", name] | [_, stage, "entrypoint", name] => {
            let entry = name.to_string();
            for p in b.script.pipelines.iter_mut() {
                for a in p
                    .shaders
                    .iter_mut()
                    .filter(|a| format!("{:?}", a.stage).to_lowercase().starts_with(&stage.to_lowercase()[..4.min(stage.len())]))
                {
                    a.entry_point = entry.clone();
                }
            }
        }
        [setting, value] => pipeline_setting(b, line, setting, value)?,
        _ => return Err(b.malformed(line, format!("unknown test command `{}`", w.join(" ")))),
    }
    Ok(())
}

fn write(b: &mut Builder, line: usize, buffer: BufferId, ty: &str, offset: &str, values: &[&str], layout: Layout) -> Result<()> {
    let l = glsl_type(ty, layout).ok_or_else(|| b.malformed(line, format!("unknown type `{ty}`")))?;
    let data = encode(&l, values).ok_or_else(|| b.malformed(line, format!("values that are not a whole number of {ty}")))?;
    let offset = num(b, line, Some(&offset), "offset")?;
    b.step(line, Command::Write { buffer, offset, data });
    Ok(())
}

fn probe(b: &mut Builder, line: usize, kind: &str, rect: &[&str], colour: &[&str], relative: bool) -> Result<()> {
    let alpha = match kind {
        "rgba" => true,
        "rgb" => false,
        o => return Err(b.malformed(line, format!("unknown probe `{o}`"))),
    };
    if colour.len() != if alpha { 4 } else { 3 } {
        return Err(b.malformed(line, "a probe's colour has the wrong number of values"));
    }
    let f: Vec<f64> =
        rect.iter().chain(colour).map(|v| v.parse().map_err(|_| b.malformed(line, format!("bad number `{v}`")))).collect::<Result<_>>()?;
    let (fw, fh) = (b.size.0 as f64, b.size.1 as f64);
    let (x, y, w, h) = if relative {
        let (w, h) = if rect[2] == "0" { (1.0, 1.0) } else { (f[2] * fw, f[3] * fh) };
        (f[0] * fw, f[1] * fh, w, h)
    } else {
        (f[0], f[1], f[2], f[3])
    };
    let mut rgba = [0.0; 4];
    rgba[..colour.len()].copy_from_slice(&f[4..]);
    let p = Expect::Pixels {
        buffer: b.framebuffer,
        x: x as u32,
        y: y as u32,
        width: (w as u32).max(1),
        height: (h as u32).max(1),
        rgba,
        alpha,
        tolerance: Vec::new(),
    };
    b.step(line, Command::Expect(p));
    Ok(())
}

fn pipeline_setting(b: &mut Builder, line: usize, setting: &str, value: &str) -> Result<()> {
    let Some(p) = b.graphics else { return Err(b.malformed(line, format!("`{setting}` needs graphics shaders"))) };
    let on = || matches!(value, "true" | "1");
    let compare = || -> Option<CompareOp> {
        Some(match value.trim_start_matches("VK_COMPARE_OP_") {
            "NEVER" => CompareOp::Never,
            "LESS" => CompareOp::Less,
            "EQUAL" => CompareOp::Equal,
            "LESS_OR_EQUAL" => CompareOp::LessOrEqual,
            "GREATER" => CompareOp::Greater,
            "NOT_EQUAL" => CompareOp::NotEqual,
            "GREATER_OR_EQUAL" => CompareOp::GreaterOrEqual,
            "ALWAYS" => CompareOp::Always,
            _ => return None,
        })
    };
    let error = b.malformed(line, format!("bad value `{value}` for {setting}"));
    let unsupported = b.unsupported(line, format!("the pipeline setting {setting}"));
    let bad = || error.clone();
    let pipeline = &mut b.script.pipelines[p.0];
    match setting {
        "depthTestEnable" => pipeline.depth.test = on(),
        "depthWriteEnable" => pipeline.depth.write = on(),
        "depthCompareOp" => pipeline.depth.compare = compare().ok_or_else(bad)?,
        "cullMode" => {
            pipeline.cull = match value.trim_start_matches("VK_CULL_MODE_") {
                "NONE" => CullMode::None,
                "FRONT_BIT" => CullMode::Front,
                "BACK_BIT" => CullMode::Back,
                "FRONT_AND_BACK" => CullMode::FrontAndBack,
                _ => return Err(bad()),
            }
        }
        "frontFace" => pipeline.front_face_ccw = value.ends_with("COUNTER_CLOCKWISE"),
        "lineWidth" => pipeline.line_width = value.parse().map_err(|_| bad())?,
        _ => return Err(unsupported),
    }
    Ok(())
}
