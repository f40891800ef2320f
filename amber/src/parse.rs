//! The AmberScript reader: one pass over the commands, declarations resolved by name as they
//! appear (Amber requires a name to be declared before it is used).

use crate::lexer::{Lexer, Token};
use crate::script::*;
use crate::types::{parse_value, DataType, Format, Layout, Value};
use crate::{ErrorKind, ParseError};
use std::path::Path;

type Result<T> = std::result::Result<T, ParseError>;

pub struct Parser<'a> {
    lex: Lexer<'a>,
    path: &'a Path,
    script: Script,
    /// `VIRTUAL_FILE` contents by path.
    virtual_files: Vec<(String, String)>,
}

impl<'a> Parser<'a> {
    pub fn new(path: &'a Path, name: &str, text: &'a str) -> Self {
        Parser { lex: Lexer::new(text), path, script: Script::empty(path, name), virtual_files: Vec::new() }
    }

    fn error(&self, line: usize, kind: ErrorKind, message: String) -> ParseError {
        ParseError { file: self.path.to_path_buf(), line, kind, message }
    }
    fn malformed(&self, line: usize, message: impl Into<String>) -> ParseError {
        self.error(line, ErrorKind::Malformed, message.into())
    }
    fn unsupported(&self, line: usize, message: impl Into<String>) -> ParseError {
        self.error(line, ErrorKind::Unsupported, message.into())
    }

    /// The next word of the command, or an error naming what was expected.
    fn expect_word(&mut self, what: &str) -> Result<Token> {
        let line = self.lex.line();
        self.lex.word().ok_or_else(|| self.malformed(line, format!("missing {what}")))
    }
    fn keyword(&mut self, kw: &str) -> Result<()> {
        let t = self.expect_word(kw)?;
        if t.text != kw {
            return Err(self.malformed(t.line, format!("expected {kw}, found `{}`", t.text)));
        }
        Ok(())
    }
    fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T> {
        let t = self.expect_word(what)?;
        parse_number(&t.text).ok_or_else(|| self.malformed(t.line, format!("invalid {what} `{}`", t.text)))
    }
    fn float(&mut self, what: &str) -> Result<f32> {
        let t = self.expect_word(what)?;
        t.text.parse().map_err(|_| self.malformed(t.line, format!("invalid {what} `{}`", t.text)))
    }
    fn on_off(&mut self, what: &str) -> Result<bool> {
        let t = self.expect_word(what)?;
        match t.text.as_str() {
            "on" => Ok(true),
            "off" => Ok(false),
            _ => Err(self.malformed(t.line, format!("{what} must be on or off, found `{}`", t.text))),
        }
    }
    /// Ends a command: nothing may follow on its line.
    fn end_of_command(&mut self, command: &str) -> Result<()> {
        match self.lex.word() {
            None => Ok(()),
            Some(t) => Err(self.malformed(t.line, format!("extra parameter `{}` after {command}", t.text))),
        }
    }

    pub fn parse(mut self) -> Result<Script> {
        if !self.lex.start() {
            return Ok(self.script);
        }
        loop {
            let t = self.lex.word().expect("start and next_line stop at a word");
            let step = self.command(&t)?;
            if let Some(s) = step {
                self.script.commands.push(s);
            }
            if !self.lex.next_line() {
                return Ok(self.script);
            }
        }
    }

    /// A top-level command; declarations return `None`.
    fn command(&mut self, t: &Token) -> Result<Option<Step>> {
        match t.text.as_str() {
            "SHADER" => self.shader(t.line).map(|_| None),
            "BUFFER" => self.buffer(t.line, false).map(|_| None),
            "IMAGE" => self.buffer(t.line, true).map(|_| None),
            "SAMPLER" => self.sampler(t.line).map(|_| None),
            "PIPELINE" => self.pipeline(t.line, None).map(|_| None),
            "DERIVE_PIPELINE" => {
                let name = self.expect_word("pipeline name")?.text;
                self.keyword("FROM")?;
                let parent = self.pipeline_ref()?;
                self.pipeline(t.line, Some((name, parent))).map(|_| None)
            }
            "DEVICE_FEATURE" => {
                let f = self.expect_word("feature name")?.text;
                self.script.device_features.push(f);
                self.end_of_command("DEVICE_FEATURE").map(|_| None)
            }
            "DEVICE_PROPERTY" => {
                let f = self.expect_word("property name")?.text;
                self.script.device_properties.push(f);
                self.end_of_command("DEVICE_PROPERTY").map(|_| None)
            }
            "DEVICE_EXTENSION" => {
                let f = self.expect_word("extension name")?.text;
                self.script.device_extensions.push(f);
                self.end_of_command("DEVICE_EXTENSION").map(|_| None)
            }
            "INSTANCE_EXTENSION" => {
                let f = self.expect_word("extension name")?.text;
                self.script.instance_extensions.push(f);
                self.end_of_command("INSTANCE_EXTENSION").map(|_| None)
            }
            "SET" => {
                // `SET ENGINE_DATA fence_timeout_ms N`: engine tuning, nothing to run.
                self.keyword("ENGINE_DATA")?;
                while self.lex.word().is_some() {}
                Ok(None)
            }
            "VIRTUAL_FILE" => {
                let path = self.expect_word("virtual file path")?.text.trim_matches('"').to_string();
                let text = self.lex.raw_until_end().ok_or_else(|| self.malformed(t.line, "VIRTUAL_FILE without END"))?;
                self.virtual_files.push((path, text));
                Ok(None)
            }
            "ACCELERATION_STRUCTURE" | "STRUCT" => Err(self.unsupported(t.line, format!("{} (ray tracing / structs)", t.text))),
            _ => self.run_command(t).map(Some),
        }
    }

    /// Commands that may appear in `REPEAT` blocks too.
    fn run_command(&mut self, t: &Token) -> Result<Step> {
        let line = t.line;
        let command = match t.text.as_str() {
            "CLEAR_COLOR" => {
                let pipeline = self.graphics_ref()?;
                let mut rgba = [0f32; 4];
                for c in &mut rgba {
                    let v: u32 = self.number("colour value (0-255)")?;
                    if v > 255 {
                        return Err(self.malformed(line, format!("CLEAR_COLOR value {v} is outside 0-255")));
                    }
                    *c = v as f32 / 255.0;
                }
                Command::ClearColor { pipeline, rgba }
            }
            "CLEAR_DEPTH" => {
                let pipeline = self.graphics_ref()?;
                Command::ClearDepth { pipeline, value: self.float("depth clear value")? }
            }
            "CLEAR_STENCIL" => {
                let pipeline = self.graphics_ref()?;
                let value: u32 = self.number("stencil clear value")?;
                if value > 255 {
                    return Err(self.malformed(line, format!("CLEAR_STENCIL value {value} is outside 0-255")));
                }
                Command::ClearStencil { pipeline, value }
            }
            "CLEAR" => Command::Clear { pipeline: self.graphics_ref()? },
            "RUN" => self.run(line)?,
            "COPY" => {
                let from = self.buffer_ref()?;
                self.keyword("TO")?;
                let to = self.buffer_ref()?;
                Command::Copy { from, to }
            }
            "EXPECT" => Command::Expect(self.expect(line)?),
            "REPEAT" => {
                let count = self.number("REPEAT count")?;
                self.end_of_command("REPEAT")?;
                let mut commands = Vec::new();
                loop {
                    if !self.lex.next_line() {
                        return Err(self.malformed(line, "REPEAT without END"));
                    }
                    let t = self.lex.word().expect("next_line stops at a word");
                    if t.text == "END" {
                        break;
                    }
                    commands.push(self.run_command(&t)?);
                }
                Command::Repeat { count, commands }
            }
            "DEBUG" => return Err(self.unsupported(line, "DEBUG (shader debugging)")),
            other => return Err(self.malformed(line, format!("unknown command `{other}`"))),
        };
        self.end_of_command(&t.text)?;
        Ok(Step { line, command })
    }

    fn shader(&mut self, line: usize) -> Result<()> {
        let ty = self.expect_word("shader type")?;
        let stage = match ShaderStage::parse(&ty.text) {
            Some(s) => s,
            None if matches!(ty.text.as_str(), "ray_generation" | "any_hit" | "closest_hit" | "miss" | "intersection" | "callable") => {
                return Err(self.unsupported(line, format!("SHADER {} (ray tracing)", ty.text)))
            }
            None => return Err(self.malformed(line, format!("unknown shader type `{}`", ty.text))),
        };
        let name = self.expect_word("shader name")?.text;
        if self.script.shaders.iter().any(|s| s.name == name) {
            return Err(self.malformed(line, format!("duplicate shader name `{name}`")));
        }
        let format = self.expect_word("shader format")?;
        if format.text == "PASSTHROUGH" {
            if stage != ShaderStage::Vertex {
                return Err(self.malformed(line, "PASSTHROUGH is only for vertex shaders"));
            }
            self.end_of_command("SHADER")?;
            self.script.shaders.push(Shader { name, stage, source: ShaderSource::Passthrough, target_env: None, line });
            return Ok(());
        }
        let mut target_env = None;
        let mut text = None;
        while let Some(w) = self.lex.word() {
            match w.text.as_str() {
                "TARGET_ENV" => target_env = Some(self.expect_word("target environment")?.text),
                "VIRTUAL_FILE" => {
                    let p = self.expect_word("virtual file path")?.text.trim_matches('"').to_string();
                    let f = self
                        .virtual_files
                        .iter()
                        .find(|(n, _)| *n == p)
                        .ok_or_else(|| self.malformed(w.line, format!("unknown virtual file `{p}`")))?;
                    text = Some(f.1.clone());
                }
                "FILE" => return Err(self.unsupported(w.line, "SHADER ... FILE (shader source in a separate file)")),
                other => return Err(self.malformed(w.line, format!("unexpected `{other}` in SHADER"))),
            }
        }
        let text = match text {
            Some(t) => t,
            None => self.lex.raw_until_end().ok_or_else(|| self.malformed(line, "SHADER without END"))?,
        };
        let source = match format.text.as_str() {
            "GLSL" => ShaderSource::Glsl(text),
            "HLSL" => ShaderSource::Hlsl(text),
            "SPIRV-ASM" => ShaderSource::SpirvAsm(text),
            "SPIRV-HEX" => ShaderSource::SpirvWords(self.hex_words(line, &text)?),
            "SPIRV-BIN" => return Err(self.unsupported(line, "SPIRV-BIN (binary SPIR-V in a separate file)")),
            "OPENCL-C" => return Err(self.unsupported(line, "OPENCL-C shaders (clspv)")),
            other => return Err(self.malformed(line, format!("unknown shader format `{other}`"))),
        };
        if stage == ShaderStage::Multi && matches!(source, ShaderSource::Glsl(_) | ShaderSource::Hlsl(_)) {
            return Err(self.malformed(line, "a multi shader must be SPIR-V"));
        }
        self.script.shaders.push(Shader { name, stage, source, target_env, line });
        Ok(())
    }

    /// SPIRV-HEX: bytes as hex pairs, little-endian words.
    fn hex_words(&self, line: usize, text: &str) -> Result<Vec<u32>> {
        let mut bytes = Vec::new();
        for w in text.split_whitespace() {
            let w = w.strip_prefix("0x").unwrap_or(w);
            let b = u8::from_str_radix(w, 16).map_err(|_| self.malformed(line, format!("invalid SPIRV-HEX byte `{w}`")))?;
            bytes.push(b);
        }
        if bytes.len() % 4 != 0 {
            return Err(self.malformed(line, format!("SPIRV-HEX has {} bytes, not a whole number of words", bytes.len())));
        }
        Ok(bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
    }

    fn buffer(&mut self, line: usize, image: bool) -> Result<()> {
        let name = self.expect_word("buffer name")?.text;
        if self.script.buffers.iter().any(|b| b.name == name) {
            return Err(self.malformed(line, format!("duplicate buffer name `{name}`")));
        }
        let kind = self.expect_word("DATA_TYPE or FORMAT")?;
        let mut layout = Layout::Std430;
        let element = match kind.text.as_str() {
            "DATA_TYPE" => {
                let t = self.expect_word("data type")?;
                match DataType::parse(&t.text) {
                    Some(ty) => {
                        if let Some(l) = self.lex.peek_word() {
                            if l.text == "STD140" || l.text == "STD430" {
                                self.lex.word();
                                layout = if l.text == "STD140" { Layout::Std140 } else { Layout::Std430 };
                            }
                        }
                        ElementType::Data { ty, layout }
                    }
                    None => match Format::parse(&t.text) {
                        Some(f) => ElementType::Format(f),
                        None => return Err(self.malformed(t.line, format!("unknown data type `{}`", t.text))),
                    },
                }
            }
            "FORMAT" => {
                let t = self.expect_word("format")?;
                ElementType::Format(Format::parse(&t.text).ok_or_else(|| self.malformed(t.line, format!("unknown format `{}`", t.text)))?)
            }
            other => return Err(self.malformed(kind.line, format!("expected DATA_TYPE or FORMAT, found `{other}`"))),
        };
        let mut buffer = Buffer { name, element, data: Vec::new(), image: None, samples: 1, mip_levels: 1, line };
        let mut size: Option<usize> = None;
        let mut dims = ImageShape { dimensions: 0, width: 1, height: 1, depth: 1 };
        let layout_of = buffer.element.layout();
        let stride = layout_of.stride.max(1) as usize;
        while let Some(w) = self.lex.word() {
            match w.text.as_str() {
                "SIZE" => size = Some(self.number("SIZE")?),
                "WIDTH" => {
                    dims.width = self.number("WIDTH")?;
                    if !image {
                        // Deprecated BUFFER ... WIDTH w HEIGHT h: an image of w × h elements.
                        dims.dimensions = dims.dimensions.max(2);
                    }
                }
                "HEIGHT" => dims.height = self.number("HEIGHT")?,
                "DEPTH" => dims.depth = self.number("DEPTH")?,
                "DIM_1D" => dims.dimensions = 1,
                "DIM_2D" => dims.dimensions = 2,
                "DIM_3D" => dims.dimensions = 3,
                "SAMPLES" => buffer.samples = self.number("SAMPLES")?,
                "MIP_LEVELS" => buffer.mip_levels = self.number("MIP_LEVELS")?,
                "DATA" => {
                    let values = self.data_values(&buffer.element, w.line)?;
                    buffer.data = values;
                }
                "FILL" | "SERIES_FROM" => {
                    let count = match (size, dims.dimensions) {
                        (Some(s), _) => s,
                        (None, d) if d > 0 => (dims.width * dims.height * dims.depth) as usize,
                        _ => return Err(self.malformed(w.line, format!("{} needs SIZE first", w.text))),
                    };
                    buffer.data = self.generated(&buffer.element, count, w.text == "SERIES_FROM")?;
                }
                "FILE" => {
                    let kind = self.expect_word("TEXT, BINARY or PNG")?;
                    let name = self.expect_word("file name")?.text;
                    let file = self.path.parent().unwrap_or(Path::new(".")).join(&name);
                    let read = |e: std::io::Error| self.unsupported(w.line, format!("BUFFER ... FILE {} {name}: {e}", kind.text));
                    buffer.data = match kind.text.as_str() {
                        "TEXT" => {
                            let text = std::fs::read_to_string(&file).map_err(read)?;
                            let words = text.lines().flat_map(|l| l.split('#').next().unwrap_or("").split_whitespace());
                            self.values_of(&buffer.element, words, w.line)?
                        }
                        "BINARY" => std::fs::read(&file).map_err(read)?,
                        _ => return Err(self.unsupported(w.line, format!("BUFFER ... FILE {} (image files)", kind.text))),
                    };
                }
                other => return Err(self.malformed(w.line, format!("unexpected `{other}` in {}", if image { "IMAGE" } else { "BUFFER" }))),
            }
        }
        if dims.dimensions > 0 {
            buffer.image = Some(dims);
        }
        let wanted = size.or(buffer.image.map(|d| (d.width * d.height * d.depth) as usize));
        if let Some(n) = wanted {
            // SIZE with DATA: the data fills the front, the rest is zero.
            buffer.data.resize(n * stride, 0);
        }
        self.script.buffers.push(buffer);
        Ok(())
    }

    /// `DATA v... END`, values of every field of every element in order, across lines.
    fn data_values(&mut self, element: &ElementType, line: usize) -> Result<Vec<u8>> {
        let mut layout = element.layout();
        if let ElementType::Format(f) = element {
            if f.packed {
                layout.fields = vec![crate::types::Field {
                    bit_offset: 0,
                    bits: layout.stride * 8,
                    kind: crate::types::NumKind::Uint,
                    channel: crate::types::Channel::X,
                }];
            }
        }
        let mut words = Vec::new();
        loop {
            let Some(t) = self.lex.word_across_lines() else {
                return Err(self.malformed(line, "DATA without END"));
            };
            if t.text == "END" {
                break;
            }
            words.push(t);
        }
        self.encode(&layout, &words, line)
    }

    /// Values of a data file, laid out as the buffer's elements.
    fn values_of<'t>(&self, element: &ElementType, words: impl Iterator<Item = &'t str>, line: usize) -> Result<Vec<u8>> {
        let words: Vec<Token> = words.map(|w| Token { text: w.to_string(), line }).collect();
        self.encode(&element.layout(), &words, line)
    }

    fn encode(&self, layout: &crate::types::ElementLayout, words: &[Token], line: usize) -> Result<Vec<u8>> {
        let n = layout.fields.len();
        if words.len() % n != 0 {
            return Err(self.malformed(line, format!("DATA has {} values, not a whole number of {n}-value elements", words.len())));
        }
        let mut bytes = vec![0u8; words.len() / n * layout.stride as usize];
        for (i, t) in words.iter().enumerate() {
            let field = layout.fields[i % n];
            let v = parse_value(&t.text, field.kind, field.bits)
                .ok_or_else(|| self.malformed(t.line, format!("invalid value `{}` for this buffer's type", t.text)))?;
            crate::types::write_field(&mut bytes[(i / n) * layout.stride as usize..], &field, v);
        }
        Ok(bytes)
    }

    /// `FILL v` or `SERIES_FROM start INC_BY inc` over `count` elements.
    fn generated(&mut self, element: &ElementType, count: usize, series: bool) -> Result<Vec<u8>> {
        let layout = element.layout();
        let first = layout.fields[0];
        let t = self.expect_word("value")?;
        let start =
            parse_value(&t.text, first.kind, first.bits).ok_or_else(|| self.malformed(t.line, format!("invalid value `{}`", t.text)))?;
        let inc = if series {
            self.keyword("INC_BY")?;
            let t = self.expect_word("increment")?;
            Some(
                parse_value(&t.text, first.kind, first.bits)
                    .ok_or_else(|| self.malformed(t.line, format!("invalid increment `{}`", t.text)))?,
            )
        } else {
            None
        };
        if count > (1 << 28) {
            return Err(self.unsupported(t.line, format!("a buffer of {count} elements")));
        }
        let mut bytes = vec![0u8; count * layout.stride as usize];
        let mut v = start;
        for e in 0..count {
            for f in &layout.fields {
                crate::types::write_field(&mut bytes[e * layout.stride as usize..], f, v);
                if let Some(inc) = inc {
                    v = match (v, inc) {
                        (Value::Int(a), Value::Int(b)) => Value::Int(a + b),
                        (a, b) => Value::Float(a.as_f64() + b.as_f64()),
                    };
                }
            }
        }
        Ok(bytes)
    }

    fn sampler(&mut self, line: usize) -> Result<()> {
        let name = self.expect_word("sampler name")?.text;
        let mut s = Sampler {
            name,
            mag_filter: Filter::Nearest,
            min_filter: Filter::Nearest,
            mipmap_mode: Filter::Nearest,
            address: [AddressMode::Repeat; 3],
            border_color: "float_transparent_black".into(),
            min_lod: 0.0,
            max_lod: 1.0,
            normalized_coords: true,
            compare: None,
            line,
        };
        let mut compare_op = CompareOp::Never;
        let mut compare = false;
        while let Some(w) = self.lex.word() {
            match w.text.as_str() {
                "MAG_FILTER" => s.mag_filter = self.filter()?,
                "MIN_FILTER" => s.min_filter = self.filter()?,
                "MIPMAP_MODE" => s.mipmap_mode = self.filter()?,
                "ADDRESS_MODE_U" => s.address[0] = self.address_mode()?,
                "ADDRESS_MODE_V" => s.address[1] = self.address_mode()?,
                "ADDRESS_MODE_W" => s.address[2] = self.address_mode()?,
                "BORDER_COLOR" => s.border_color = self.expect_word("border colour")?.text,
                "MIN_LOD" => s.min_lod = self.float("MIN_LOD")?,
                "MAX_LOD" => s.max_lod = self.float("MAX_LOD")?,
                "NORMALIZED_COORDS" => s.normalized_coords = true,
                "UNNORMALIZED_COORDS" => s.normalized_coords = false,
                "COMPARE" => compare = self.on_off("COMPARE")?,
                "COMPARE_OP" => compare_op = self.compare_op()?,
                other => return Err(self.malformed(w.line, format!("unexpected `{other}` in SAMPLER"))),
            }
        }
        s.compare = compare.then_some(compare_op);
        self.script.samplers.push(s);
        Ok(())
    }

    fn filter(&mut self) -> Result<Filter> {
        let t = self.expect_word("filter")?;
        match t.text.as_str() {
            "nearest" => Ok(Filter::Nearest),
            "linear" => Ok(Filter::Linear),
            o => Err(self.malformed(t.line, format!("unknown filter `{o}`"))),
        }
    }
    fn address_mode(&mut self) -> Result<AddressMode> {
        let t = self.expect_word("address mode")?;
        Ok(match t.text.as_str() {
            "repeat" => AddressMode::Repeat,
            "mirrored_repeat" => AddressMode::MirroredRepeat,
            "clamp_to_edge" => AddressMode::ClampToEdge,
            "clamp_to_border" => AddressMode::ClampToBorder,
            "mirrored_clamp_to_edge" => AddressMode::MirrorClampToEdge,
            o => return Err(self.malformed(t.line, format!("unknown address mode `{o}`"))),
        })
    }
    fn compare_op(&mut self) -> Result<CompareOp> {
        let t = self.expect_word("compare operation")?;
        Ok(match t.text.as_str() {
            "never" => CompareOp::Never,
            "less" => CompareOp::Less,
            "equal" => CompareOp::Equal,
            "less_or_equal" => CompareOp::LessOrEqual,
            "greater" => CompareOp::Greater,
            "not_equal" => CompareOp::NotEqual,
            "greater_or_equal" => CompareOp::GreaterOrEqual,
            "always" => CompareOp::Always,
            o => return Err(self.malformed(t.line, format!("unknown compare operation `{o}`"))),
        })
    }

    fn pipeline_ref(&mut self) -> Result<PipelineId> {
        let t = self.expect_word("pipeline name")?;
        self.script
            .pipelines
            .iter()
            .position(|p| p.name == t.text)
            .map(PipelineId)
            .ok_or_else(|| self.malformed(t.line, format!("unknown pipeline `{}`", t.text)))
    }
    fn graphics_ref(&mut self) -> Result<PipelineId> {
        let line = self.lex.line();
        let p = self.pipeline_ref()?;
        if self.script.pipeline(p).kind != PipelineKind::Graphics {
            return Err(self.malformed(line, format!("`{}` is not a graphics pipeline", self.script.pipeline(p).name)));
        }
        Ok(p)
    }
    fn buffer_ref(&mut self) -> Result<BufferId> {
        let t = self.expect_word("buffer name")?;
        self.find_buffer(&t)
    }
    fn find_buffer(&self, t: &Token) -> Result<BufferId> {
        self.script
            .buffers
            .iter()
            .position(|b| b.name == t.text)
            .map(BufferId)
            .ok_or_else(|| self.malformed(t.line, format!("unknown buffer `{}`", t.text)))
    }
    fn sampler_ref(&mut self) -> Result<SamplerId> {
        let t = self.expect_word("sampler name")?;
        self.script
            .samplers
            .iter()
            .position(|s| s.name == t.text)
            .map(SamplerId)
            .ok_or_else(|| self.malformed(t.line, format!("unknown sampler `{}`", t.text)))
    }

    fn pipeline(&mut self, line: usize, derive: Option<(String, PipelineId)>) -> Result<()> {
        let mut p = match derive {
            Some((name, parent)) => {
                let mut p = self.script.pipeline(parent).clone();
                p.name = name;
                p.line = line;
                p
            }
            None => {
                let kind = self.expect_word("pipeline type")?;
                let kind = match kind.text.as_str() {
                    "graphics" => PipelineKind::Graphics,
                    "compute" => PipelineKind::Compute,
                    "ray_tracing" => return Err(self.unsupported(line, "PIPELINE ray_tracing")),
                    o => return Err(self.malformed(kind.line, format!("unknown pipeline type `{o}`"))),
                };
                Pipeline::new(self.expect_word("pipeline name")?.text, kind, line)
            }
        };
        if self.script.pipelines.iter().any(|q| q.name == p.name) {
            return Err(self.malformed(line, format!("duplicate pipeline name `{}`", p.name)));
        }
        self.end_of_command("PIPELINE")?;
        loop {
            if !self.lex.next_line() {
                return Err(self.malformed(line, "PIPELINE without END"));
            }
            let t = self.lex.word().expect("next_line stops at a word");
            if t.text == "END" {
                break;
            }
            self.pipeline_command(&mut p, &t)?;
        }
        let stages = |s: ShaderStage| p.shaders.iter().any(|a| a.stage == s);
        match p.kind {
            PipelineKind::Compute if !stages(ShaderStage::Compute) || p.shaders.len() != 1 => {
                return Err(self.malformed(line, format!("compute pipeline `{}` needs exactly one compute shader", p.name)))
            }
            PipelineKind::Graphics if stages(ShaderStage::Compute) => {
                return Err(self.malformed(line, format!("graphics pipeline `{}` has a compute shader", p.name)))
            }
            PipelineKind::Graphics if !stages(ShaderStage::Vertex) => {
                return Err(self.malformed(line, format!("graphics pipeline `{}` has no vertex shader", p.name)))
            }
            _ => {}
        }
        self.script.pipelines.push(p);
        Ok(())
    }

    fn pipeline_command(&mut self, p: &mut Pipeline, t: &Token) -> Result<()> {
        match t.text.as_str() {
            "ATTACH" => self.attach(p, t.line)?,
            "FRAMEBUFFER_SIZE" => p.framebuffer = (self.number("width")?, self.number("height")?),
            "BIND" => self.bind(p)?,
            "VERTEX_DATA" => self.vertex_data(p)?,
            "INDEX_DATA" => p.index_data = Some(self.buffer_ref()?),
            "POLYGON_MODE" => {
                let m = self.expect_word("polygon mode")?;
                p.polygon_mode = match m.text.as_str() {
                    "fill" => PolygonMode::Fill,
                    "line" => PolygonMode::Line,
                    "point" => PolygonMode::Point,
                    o => return Err(self.malformed(m.line, format!("unknown polygon mode `{o}`"))),
                };
            }
            "CULL_MODE" => {
                let m = self.expect_word("cull mode")?;
                p.cull = match m.text.as_str() {
                    "none" => CullMode::None,
                    "front" => CullMode::Front,
                    "back" => CullMode::Back,
                    "front_and_back" => CullMode::FrontAndBack,
                    o => return Err(self.malformed(m.line, format!("unknown cull mode `{o}`"))),
                };
            }
            "FRONT_FACE" => {
                let m = self.expect_word("front face")?;
                p.front_face_ccw = match m.text.as_str() {
                    "counter_clockwise" => true,
                    "clockwise" => false,
                    o => return Err(self.malformed(m.line, format!("unknown front face `{o}`"))),
                };
            }
            "PATCH_CONTROL_POINTS" => p.patch_control_points = self.number("control points")?,
            "LINE_WIDTH" => p.line_width = self.float("line width")?,
            "VIEWPORT" => {
                let x = self.float("viewport x")?;
                let y = self.float("viewport y")?;
                self.keyword("SIZE")?;
                let mut v = Viewport {
                    x,
                    y,
                    width: self.float("viewport width")?,
                    height: self.float("viewport height")?,
                    min_depth: 0.0,
                    max_depth: 1.0,
                };
                while let Some(w) = self.lex.word() {
                    match w.text.as_str() {
                        "MIN_DEPTH" => v.min_depth = self.float("MIN_DEPTH")?,
                        "MAX_DEPTH" => v.max_depth = self.float("MAX_DEPTH")?,
                        o => return Err(self.malformed(w.line, format!("unexpected `{o}` in VIEWPORT"))),
                    }
                }
                p.viewport = Some(v);
            }
            "DEPTH" => self.depth_block(p, t.line)?,
            "STENCIL" => self.stencil_block(p, t.line)?,
            "BLEND" => self.blend_block(p, t.line)?,
            "SHADER_OPTIMIZATION" => {
                self.expect_word("shader name")?;
                self.skip_block(t.line, "SHADER_OPTIMIZATION")?;
                return Err(self.unsupported(t.line, "SHADER_OPTIMIZATION (spirv-opt passes)"));
            }
            "COMPILE_OPTIONS" => return Err(self.unsupported(t.line, "COMPILE_OPTIONS (OpenCL)")),
            "SUBGROUP" => return Err(self.unsupported(t.line, "SUBGROUP size control")),
            "SHADER_GROUP"
            | "SHADER_BINDING_TABLE"
            | "FLAGS"
            | "USE_LIBRARY"
            | "MAX_RAY_PAYLOAD_SIZE"
            | "MAX_RAY_HIT_ATTRIBUTE_SIZE"
            | "MAX_RAY_RECURSION_DEPTH" => return Err(self.unsupported(t.line, format!("{} (ray tracing)", t.text))),
            "SET" => return Err(self.unsupported(t.line, "SET KERNEL (OpenCL)")),
            o => return Err(self.malformed(t.line, format!("unknown pipeline command `{o}`"))),
        }
        self.end_of_command(&t.text)
    }

    fn skip_block(&mut self, line: usize, what: &str) -> Result<()> {
        loop {
            if !self.lex.next_line() {
                return Err(self.malformed(line, format!("{what} without END")));
            }
            if self.lex.word().is_some_and(|w| w.text == "END") {
                return Ok(());
            }
        }
    }

    fn attach(&mut self, p: &mut Pipeline, line: usize) -> Result<()> {
        let t = self.expect_word("shader name")?;
        let shader = self
            .script
            .shaders
            .iter()
            .position(|s| s.name == t.text)
            .map(ShaderId)
            .ok_or_else(|| self.malformed(t.line, format!("unknown shader `{}`", t.text)))?;
        let mut a = Attachment { shader, stage: self.script.shader(shader).stage, entry_point: "main".into(), specialization: Vec::new() };
        while let Some(w) = self.lex.word() {
            match w.text.as_str() {
                "TYPE" => {
                    let s = self.expect_word("shader type")?;
                    a.stage = ShaderStage::parse(&s.text)
                        .filter(|s| *s != ShaderStage::Multi)
                        .ok_or_else(|| self.malformed(s.line, format!("unknown shader type `{}`", s.text)))?;
                }
                "ENTRY_POINT" => a.entry_point = self.expect_word("entry point")?.text,
                "SPECIALIZE" => {
                    let id: u32 = self.number("specialization id")?;
                    self.keyword("AS")?;
                    let ty = self.expect_word("specialization type")?;
                    let v = self.expect_word("specialization value")?;
                    let bad = || self.malformed(v.line, format!("invalid {} value `{}`", ty.text, v.text));
                    let value = match ty.text.as_str() {
                        "uint32" => SpecValue::U32(parse_number(&v.text).ok_or_else(bad)?),
                        "int32" => SpecValue::I32(parse_number(&v.text).ok_or_else(bad)?),
                        "float" => SpecValue::F32(v.text.parse().map_err(|_| bad())?),
                        o => return Err(self.malformed(ty.line, format!("specialization type `{o}` is not uint32, int32 or float"))),
                    };
                    a.specialization.push((id, value));
                }
                o => return Err(self.malformed(w.line, format!("unexpected `{o}` in ATTACH"))),
            }
        }
        if a.stage == ShaderStage::Multi {
            return Err(self.malformed(line, "a multi shader needs ATTACH ... TYPE"));
        }
        let compute = a.stage == ShaderStage::Compute;
        if compute != (p.kind == PipelineKind::Compute) {
            return Err(self.malformed(line, format!("a {:?} shader cannot be attached to a {:?} pipeline", a.stage, p.kind)));
        }
        p.shaders.retain(|b| b.stage != a.stage);
        p.shaders.push(a);
        Ok(())
    }

    fn bind(&mut self, p: &mut Pipeline) -> Result<()> {
        let what = self.expect_word("BUFFER or SAMPLER")?;
        match what.text.as_str() {
            "BUFFER" | "BUFFER_ARRAY" => {
                let mut buffers = vec![self.buffer_ref()?];
                if what.text == "BUFFER_ARRAY" {
                    while self.lex.peek_word().is_some_and(|w| w.text != "AS") {
                        buffers.push(self.buffer_ref()?);
                    }
                }
                let as_ = self.expect_word("AS")?;
                if as_.text == "KERNEL" {
                    return Err(self.unsupported(as_.line, "BIND ... KERNEL (OpenCL)"));
                }
                if as_.text != "AS" {
                    return Err(self.malformed(as_.line, format!("expected AS, found `{}`", as_.text)));
                }
                let ty = self.expect_word("buffer type")?;
                let binding = match ty.text.as_str() {
                    "color" => {
                        self.keyword("LOCATION")?;
                        let location = self.number("LOCATION")?;
                        let mut base_mip = 0;
                        if self.lex.peek_word().is_some_and(|w| w.text == "BASE_MIP_LEVEL") {
                            self.lex.word();
                            base_mip = self.number("BASE_MIP_LEVEL")?;
                        }
                        Binding::Color { buffer: buffers[0], location, base_mip }
                    }
                    "depth_stencil" => Binding::DepthStencil { buffer: buffers[0] },
                    "resolve" => Binding::Resolve { buffer: buffers[0] },
                    "push_constant" => Binding::PushConstant { buffer: buffers[0] },
                    other => {
                        let line = ty.line;
                        let ty = DescriptorType::parse(other)
                            .ok_or_else(|| self.malformed(ty.line, format!("unknown buffer type `{other}`")))?;
                        let mut sampler = None;
                        let (mut set, mut binding) = (None, None);
                        let (mut dynamic_offsets, mut descriptor_offsets, mut descriptor_ranges) = (Vec::new(), Vec::new(), Vec::new());
                        let mut base_mip = 0;
                        while let Some(w) = self.lex.word() {
                            match w.text.as_str() {
                                "SAMPLER" => sampler = Some(self.sampler_ref()?),
                                "DESCRIPTOR_SET" => set = Some(self.number("DESCRIPTOR_SET")?),
                                "BINDING" => binding = Some(self.number("BINDING")?),
                                "BASE_MIP_LEVEL" => base_mip = self.number("BASE_MIP_LEVEL")?,
                                "OFFSET" => {
                                    for _ in 0..buffers.len() {
                                        dynamic_offsets.push(self.number("OFFSET")?);
                                    }
                                }
                                "DESCRIPTOR_OFFSET" => {
                                    for _ in 0..buffers.len() {
                                        descriptor_offsets.push(self.number("DESCRIPTOR_OFFSET")?);
                                    }
                                }
                                "DESCRIPTOR_RANGE" => {
                                    for _ in 0..buffers.len() {
                                        let r: i64 = self.number("DESCRIPTOR_RANGE")?;
                                        descriptor_ranges.push((r >= 0).then_some(r as u64));
                                    }
                                }
                                o => return Err(self.malformed(w.line, format!("unexpected `{o}` in BIND"))),
                            }
                        }
                        let (Some(set), Some(binding)) = (set, binding) else {
                            return Err(self.malformed(line, "BIND needs DESCRIPTOR_SET and BINDING"));
                        };
                        if ty == DescriptorType::CombinedImageSampler && sampler.is_none() {
                            return Err(self.malformed(line, "combined_image_sampler needs SAMPLER"));
                        }
                        if matches!(ty, DescriptorType::UniformDynamic | DescriptorType::StorageDynamic) && dynamic_offsets.is_empty() {
                            return Err(self.malformed(line, "dynamic buffers need OFFSET"));
                        }
                        Binding::Buffers {
                            buffers,
                            ty,
                            set,
                            binding,
                            sampler,
                            dynamic_offsets,
                            descriptor_offsets,
                            descriptor_ranges,
                            base_mip,
                        }
                    }
                };
                p.bindings.retain(|b| !same_slot(b, &binding));
                p.bindings.push(binding);
            }
            "SAMPLER" | "SAMPLER_ARRAY" => {
                let mut samplers = vec![self.sampler_ref()?];
                if what.text == "SAMPLER_ARRAY" {
                    while self.lex.peek_word().is_some_and(|w| w.text != "DESCRIPTOR_SET" && w.text != "KERNEL") {
                        samplers.push(self.sampler_ref()?);
                    }
                }
                if self.lex.peek_word().is_some_and(|w| w.text == "KERNEL") {
                    return Err(self.unsupported(what.line, "BIND SAMPLER ... KERNEL (OpenCL)"));
                }
                self.keyword("DESCRIPTOR_SET")?;
                let set = self.number("DESCRIPTOR_SET")?;
                self.keyword("BINDING")?;
                let binding = self.number("BINDING")?;
                p.bindings.push(Binding::Samplers { samplers, set, binding });
            }
            "ACCELERATION_STRUCTURE" => return Err(self.unsupported(what.line, "BIND ACCELERATION_STRUCTURE (ray tracing)")),
            o => return Err(self.malformed(what.line, format!("cannot BIND `{o}`"))),
        }
        Ok(())
    }

    fn vertex_data(&mut self, p: &mut Pipeline) -> Result<()> {
        let buffer = self.buffer_ref()?;
        self.keyword("LOCATION")?;
        let mut v =
            VertexData { buffer, location: self.number("LOCATION")?, rate: InputRate::Vertex, format: None, offset: 0, stride: None };
        while let Some(w) = self.lex.word() {
            match w.text.as_str() {
                "RATE" => {
                    let r = self.expect_word("rate")?;
                    v.rate = match r.text.as_str() {
                        "vertex" => InputRate::Vertex,
                        "instance" => InputRate::Instance,
                        o => return Err(self.malformed(r.line, format!("unknown rate `{o}`"))),
                    };
                }
                "FORMAT" => {
                    let f = self.expect_word("format")?;
                    v.format = Some(Format::parse(&f.text).ok_or_else(|| self.malformed(f.line, format!("unknown format `{}`", f.text)))?);
                }
                "OFFSET" => v.offset = self.number("OFFSET")?,
                "STRIDE" => v.stride = Some(self.number("STRIDE")?),
                o => return Err(self.malformed(w.line, format!("unexpected `{o}` in VERTEX_DATA"))),
            }
        }
        p.vertex_data.push(v);
        Ok(())
    }

    /// Reads `KEY values...` lines up to `END`, handing each to `f`.
    fn block(&mut self, line: usize, what: &str, mut f: impl FnMut(&mut Self, &Token) -> Result<()>) -> Result<()> {
        self.end_of_command(what)?;
        loop {
            if !self.lex.next_line() {
                return Err(self.malformed(line, format!("{what} without END")));
            }
            let t = self.lex.word().expect("next_line stops at a word");
            if t.text == "END" {
                return Ok(());
            }
            f(self, &t)?;
            self.end_of_command(&t.text)?;
        }
    }

    fn depth_block(&mut self, p: &mut Pipeline, line: usize) -> Result<()> {
        let mut d = p.depth;
        self.block(line, "DEPTH", |s, t| {
            match t.text.as_str() {
                "TEST" => d.test = s.on_off("TEST")?,
                "WRITE" => d.write = s.on_off("WRITE")?,
                "CLAMP" => d.clamp = s.on_off("CLAMP")?,
                "COMPARE_OP" => d.compare = s.compare_op()?,
                "BOUNDS" => {
                    s.keyword("min")?;
                    let min = s.float("min")?;
                    s.keyword("max")?;
                    d.bounds = Some((min, s.float("max")?));
                }
                "BIAS" => {
                    s.keyword("constant")?;
                    let c = s.float("constant")?;
                    s.keyword("clamp")?;
                    let cl = s.float("clamp")?;
                    s.keyword("slope")?;
                    d.bias = Some((c, cl, s.float("slope")?));
                }
                o => return Err(s.malformed(t.line, format!("unknown DEPTH setting `{o}`"))),
            }
            Ok(())
        })?;
        p.depth = d;
        Ok(())
    }

    fn stencil_block(&mut self, p: &mut Pipeline, line: usize) -> Result<()> {
        let face = self.expect_word("stencil face")?;
        let (front, back) = match face.text.as_str() {
            "front" => (true, false),
            "back" => (false, true),
            "front_and_back" => (true, true),
            o => return Err(self.malformed(face.line, format!("unknown stencil face `{o}`"))),
        };
        let mut st = p.stencil;
        let mut f = if front { st.front } else { st.back };
        self.block(line, "STENCIL", |s, t| {
            match t.text.as_str() {
                "TEST" => st.test = s.on_off("TEST")?,
                "FAIL_OP" => f.fail = s.stencil_op()?,
                "PASS_OP" => f.pass = s.stencil_op()?,
                "DEPTH_FAIL_OP" => f.depth_fail = s.stencil_op()?,
                "COMPARE_OP" => f.compare = s.compare_op()?,
                "COMPARE_MASK" => f.compare_mask = s.number("COMPARE_MASK")?,
                "WRITE_MASK" => f.write_mask = s.number("WRITE_MASK")?,
                "REFERENCE" => f.reference = s.number("REFERENCE")?,
                o => return Err(s.malformed(t.line, format!("unknown STENCIL setting `{o}`"))),
            }
            Ok(())
        })?;
        if front {
            st.front = f;
        }
        if back {
            st.back = f;
        }
        p.stencil = st;
        Ok(())
    }

    fn stencil_op(&mut self) -> Result<StencilOp> {
        let t = self.expect_word("stencil operation")?;
        Ok(match t.text.as_str() {
            "keep" => StencilOp::Keep,
            "zero" => StencilOp::Zero,
            "replace" => StencilOp::Replace,
            "increment_and_clamp" => StencilOp::IncrementAndClamp,
            "decrement_and_clamp" => StencilOp::DecrementAndClamp,
            "invert" => StencilOp::Invert,
            "increment_and_wrap" => StencilOp::IncrementAndWrap,
            "decrement_and_wrap" => StencilOp::DecrementAndWrap,
            o => return Err(self.malformed(t.line, format!("unknown stencil operation `{o}`"))),
        })
    }

    fn blend_block(&mut self, p: &mut Pipeline, line: usize) -> Result<()> {
        let mut b = p.blend.unwrap_or_default();
        self.block(line, "BLEND", |s, t| {
            match t.text.as_str() {
                "SRC_COLOR_FACTOR" => b.src_color = s.blend_factor()?,
                "DST_COLOR_FACTOR" => b.dst_color = s.blend_factor()?,
                "SRC_ALPHA_FACTOR" => b.src_alpha = s.blend_factor()?,
                "DST_ALPHA_FACTOR" => b.dst_alpha = s.blend_factor()?,
                "COLOR_OP" => b.color_op = s.blend_op()?,
                "ALPHA_OP" => b.alpha_op = s.blend_op()?,
                o => return Err(s.malformed(t.line, format!("unknown BLEND setting `{o}`"))),
            }
            Ok(())
        })?;
        p.blend = Some(b);
        Ok(())
    }

    fn blend_factor(&mut self) -> Result<BlendFactor> {
        use BlendFactor::*;
        let t = self.expect_word("blend factor")?;
        Ok(match t.text.as_str() {
            "zero" => Zero,
            "one" => One,
            "src_color" => SrcColor,
            "one_minus_src_color" => OneMinusSrcColor,
            "dst_color" => DstColor,
            "one_minus_dst_color" => OneMinusDstColor,
            "src_alpha" => SrcAlpha,
            "one_minus_src_alpha" => OneMinusSrcAlpha,
            "dst_alpha" => DstAlpha,
            "one_minus_dst_alpha" => OneMinusDstAlpha,
            "constant_color" => ConstantColor,
            "one_minus_constant_color" => OneMinusConstantColor,
            "constant_alpha" => ConstantAlpha,
            "one_minus_constant_alpha" => OneMinusConstantAlpha,
            "src_alpha_saturate" => SrcAlphaSaturate,
            "src1_color" => Src1Color,
            "one_minus_src1_color" => OneMinusSrc1Color,
            "src1_alpha" => Src1Alpha,
            "one_minus_src1_alpha" => OneMinusSrc1Alpha,
            o => return Err(self.malformed(t.line, format!("unknown blend factor `{o}`"))),
        })
    }

    fn blend_op(&mut self) -> Result<BlendOp> {
        const ADVANCED: [&str; 46] = [
            "zero",
            "src",
            "dst",
            "src_over",
            "dst_over",
            "src_in",
            "dst_in",
            "src_out",
            "dst_out",
            "src_atop",
            "dst_atop",
            "xor",
            "multiply",
            "screen",
            "overlay",
            "darken",
            "lighten",
            "color_dodge",
            "color_burn",
            "hard_light",
            "soft_light",
            "difference",
            "exclusion",
            "invert",
            "invert_rgb",
            "linear_dodge",
            "linear_burn",
            "vivid_light",
            "linear_light",
            "pin_light",
            "hard_mix",
            "hsl_hue",
            "hsl_saturation",
            "hsl_color",
            "hsl_luminosity",
            "plus",
            "plus_clamped",
            "plus_clamped_alpha",
            "plus_darker",
            "minus",
            "minus_clamped",
            "contrast",
            "invert_ovg",
            "red",
            "green",
            "blue",
        ];
        let t = self.expect_word("blend operation")?;
        Ok(match t.text.as_str() {
            "add" => BlendOp::Add,
            "substract" | "subtract" => BlendOp::Subtract,
            "reverse_substract" | "reverse_subtract" => BlendOp::ReverseSubtract,
            "min" => BlendOp::Min,
            "max" => BlendOp::Max,
            o => match ADVANCED.iter().find(|a| **a == o) {
                Some(a) => BlendOp::Advanced(a),
                None => return Err(self.malformed(t.line, format!("unknown blend operation `{o}`"))),
            },
        })
    }

    fn run(&mut self, line: usize) -> Result<Command> {
        let mut first = self.expect_word("pipeline name")?;
        if first.text == "TIMED_EXECUTION" {
            first = self.expect_word("pipeline name")?;
        }
        let pipeline = self
            .script
            .pipelines
            .iter()
            .position(|p| p.name == first.text)
            .map(PipelineId)
            .ok_or_else(|| self.malformed(first.line, format!("unknown pipeline `{}`", first.text)))?;
        let kind = self.script.pipeline(pipeline).kind;
        let what = self.lex.peek_word().ok_or_else(|| self.malformed(line, "RUN needs a draw or workgroup counts"))?;
        let run = match what.text.as_str() {
            "DRAW_RECT" | "DRAW_GRID" => {
                self.lex.word();
                if kind != PipelineKind::Graphics {
                    return Err(self.malformed(line, format!("{} needs a graphics pipeline", what.text)));
                }
                self.keyword("POS")?;
                let (x, y) = (self.float("x")?, self.float("y")?);
                self.keyword("SIZE")?;
                let (width, height) = (self.float("width")?, self.float("height")?);
                if what.text == "DRAW_RECT" {
                    Run::DrawRect { x, y, width, height }
                } else {
                    self.keyword("CELLS")?;
                    let (columns, rows) = (self.number("columns")?, self.number("rows")?);
                    Run::DrawGrid { x, y, width, height, columns, rows }
                }
            }
            "DRAW_ARRAY" => {
                self.lex.word();
                if kind != PipelineKind::Graphics {
                    return Err(self.malformed(line, "DRAW_ARRAY needs a graphics pipeline"));
                }
                self.keyword("AS")?;
                let t = self.expect_word("topology")?;
                let topology = Topology::parse(&t.text).ok_or_else(|| self.malformed(t.line, format!("unknown topology `{}`", t.text)))?;
                let (mut indexed, mut start, mut count, mut start_instance, mut instance_count) = (false, 0, None, 0, 1);
                while let Some(w) = self.lex.word() {
                    match w.text.as_str() {
                        "INDEXED" => indexed = true,
                        "START_IDX" => start = self.number("START_IDX")?,
                        "COUNT" => count = Some(self.number("COUNT")?),
                        "START_INSTANCE" => start_instance = self.number("START_INSTANCE")?,
                        "INSTANCE_COUNT" => instance_count = self.number("INSTANCE_COUNT")?,
                        o => return Err(self.malformed(w.line, format!("unexpected `{o}` in RUN DRAW_ARRAY"))),
                    }
                }
                if indexed && self.script.pipeline(pipeline).index_data.is_none() {
                    return Err(self.malformed(line, "RUN ... INDEXED needs INDEX_DATA on the pipeline"));
                }
                Run::DrawArray { topology, indexed, start, count, start_instance, instance_count }
            }
            "RAYGEN" => return Err(self.unsupported(line, "RUN RAYGEN (ray tracing)")),
            _ => {
                if kind != PipelineKind::Compute {
                    return Err(self.malformed(line, "workgroup counts need a compute pipeline"));
                }
                Run::Compute { groups: [self.number("x")?, self.number("y")?, self.number("z")?] }
            }
        };
        Ok(Command::Run { pipeline, run })
    }

    fn tolerances(&mut self) -> Result<Vec<Tolerance>> {
        let mut out = Vec::new();
        while let Some(w) = self.lex.peek_word() {
            let (text, percent) = match w.text.strip_suffix('%') {
                Some(t) => (t, true),
                None => (w.text.as_str(), false),
            };
            let Ok(value) = text.parse::<f64>() else { break };
            self.lex.word();
            out.push(Tolerance { value, percent });
        }
        if out.is_empty() || out.len() > 4 {
            return Err(self.malformed(self.lex.line(), format!("TOLERANCE takes 1 to 4 values, found {}", out.len())));
        }
        Ok(out)
    }

    fn expect(&mut self, line: usize) -> Result<Expect> {
        let name = self.expect_word("buffer name")?;
        if matches!(name.text.as_str(), "IDX" | "EQ_BUFFER" | "RMSE_BUFFER" | "EQ_HISTOGRAM_EMD_BUFFER") {
            return Err(self.malformed(line, format!("missing buffer name between EXPECT and {}", name.text)));
        }
        let buffer = self.find_buffer(&name)?;
        let op = self.expect_word("IDX or a buffer comparison")?;
        match op.text.as_str() {
            "EQ_BUFFER" | "RMSE_BUFFER" | "EQ_HISTOGRAM_EMD_BUFFER" => {
                let b = self.buffer_ref()?;
                let (fa, fb) = (&self.script.buffer(buffer).element, &self.script.buffer(b).element);
                if fa.layout() != fb.layout() {
                    return Err(self.malformed(line, format!("EXPECT {} compares buffers of different formats", op.text)));
                }
                let comparison = match op.text.as_str() {
                    "EQ_BUFFER" => BufferComparison::Equal,
                    kind => {
                        self.keyword("TOLERANCE")?;
                        let t: f64 = self.float("TOLERANCE")? as f64;
                        if kind == "RMSE_BUFFER" {
                            BufferComparison::Rmse(t)
                        } else {
                            BufferComparison::HistogramEmd(t)
                        }
                    }
                };
                Ok(Expect::Buffers { a: buffer, b, comparison })
            }
            "IDX" => {
                let x: u32 = self.number("x")?;
                let mut y = None;
                if self.lex.peek_word().is_some_and(|w| parse_number::<u32>(&w.text).is_some()) {
                    y = Some(self.number::<u32>("y")?);
                }
                let next = self.expect_word("SIZE, TOLERANCE or a comparator")?;
                if next.text == "SIZE" {
                    let Some(y) = y else { return Err(self.malformed(line, "EXPECT ... SIZE needs IDX x y")) };
                    let (width, height) = (self.number("width")?, self.number("height")?);
                    let cmp = self.expect_word("EQ_RGB or EQ_RGBA")?;
                    let alpha = match cmp.text.as_str() {
                        "EQ_RGBA" => true,
                        "EQ_RGB" => false,
                        o => return Err(self.malformed(cmp.line, format!("unknown comparator `{o}` for a pixel rectangle"))),
                    };
                    let mut rgba = [0f64; 4];
                    for c in rgba.iter_mut().take(if alpha { 4 } else { 3 }) {
                        let v: u32 = self.number("colour value (0-255)")?;
                        if v > 255 {
                            return Err(self.malformed(line, format!("colour value {v} is outside 0-255")));
                        }
                        *c = v as f64 / 255.0;
                    }
                    let mut tolerance = Vec::new();
                    if self.lex.peek_word().is_some_and(|w| w.text == "TOLERANCE") {
                        self.lex.word();
                        tolerance = self.tolerances()?;
                    }
                    return Ok(Expect::Pixels { buffer, x, y, width, height, rgba, alpha, tolerance });
                }
                if y.is_some() {
                    return Err(self.malformed(line, "a Y value is only for pixel rectangles (IDX x y SIZE w h)"));
                }
                let mut tolerance = Vec::new();
                let mut cmp = next;
                if cmp.text == "TOLERANCE" {
                    tolerance = self.tolerances()?;
                    cmp = self.expect_word("comparator")?;
                }
                let comparator = match cmp.text.as_str() {
                    "EQ" => Comparator::Eq,
                    "NE" => Comparator::Ne,
                    "LT" => Comparator::Lt,
                    "LE" => Comparator::Le,
                    "GT" => Comparator::Gt,
                    "GE" => Comparator::Ge,
                    o => return Err(self.malformed(cmp.line, format!("unknown comparator `{o}`"))),
                };
                if !tolerance.is_empty() && comparator != Comparator::Eq {
                    return Err(self.malformed(line, "TOLERANCE is only for EQ"));
                }
                let layout = self.script.buffer(buffer).element.layout();
                let mut values = Vec::new();
                while let Some(w) = self.lex.word() {
                    let field = layout.fields[values.len() % layout.fields.len()];
                    values.push(
                        parse_value(&w.text, field.kind, field.bits)
                            .ok_or_else(|| self.malformed(w.line, format!("invalid value `{}` for this buffer's type", w.text)))?,
                    );
                }
                if values.is_empty() {
                    return Err(self.malformed(line, "EXPECT without values"));
                }
                Ok(Expect::Values { buffer, offset: x, comparator, tolerance, values, layout: None })
            }
            o => Err(self.malformed(op.line, format!("expected IDX or a buffer comparison, found `{o}`"))),
        }
    }
}

fn same_slot(a: &Binding, b: &Binding) -> bool {
    match (a, b) {
        (Binding::Color { location: x, .. }, Binding::Color { location: y, .. }) => x == y,
        (Binding::DepthStencil { .. }, Binding::DepthStencil { .. }) | (Binding::PushConstant { .. }, Binding::PushConstant { .. }) => true,
        (Binding::Buffers { set: s1, binding: b1, .. }, Binding::Buffers { set: s2, binding: b2, .. }) => s1 == s2 && b1 == b2,
        _ => false,
    }
}

/// Integers in decimal or `0x` hex.
fn parse_number<T: std::str::FromStr>(s: &str) -> Option<T> {
    if let Some(h) = s.strip_prefix("0x") {
        let v = u64::from_str_radix(h, 16).ok()?;
        return v.to_string().parse().ok();
    }
    s.parse().ok()
}
