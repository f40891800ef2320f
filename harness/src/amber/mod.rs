//! Runs an AmberScript with one executor, command by command, as Amber would: the host keeps
//! every buffer's bytes; each `RUN` hands the executor the bytes of what its pipeline binds and
//! takes back what the work wrote (colour attachments, storage buffers); `EXPECT` checks the
//! bytes with `tesserae_amber::verify`, Amber's own rules.
//!
//! Invariant: a script runs to the end, stops at its first failing `EXPECT` (Fail), or stops
//! at the first command the harness's model cannot run (Skip, naming the command, line and
//! reason) — never a Fail for a valid script the harness cannot run.

pub mod pipeline;

use crate::compile;
use crate::executor::{ExecError, Executor};
use crate::image::Image;
use pipeline::Refusal;
use tesserae_amber::{verify, BufferId, Command, ElementType, Expect, PipelineId, PipelineKind, Run, Script, ShaderSource, Step};

/// How the message of a row begins whose valid work the translator or the runtime refuses by
/// name (a feature WGSL cannot express, a device limit the emulation would pass).
pub const REFUSED: &str = "refused by name: ";

/// How a script ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Pass,
    Fail(String),
    Skip(String),
}

/// The host's copy of the buffers and what is known of the attachments.
pub struct State {
    names: Vec<String>,
    data: Vec<Vec<u8>>,
    /// `false` once work the executor did not read back may have written the buffer.
    known: Vec<bool>,
    /// An attachment every element of which holds one clear value (RGBA, or depth in [0]).
    cleared: Vec<Option<[f32; 4]>>,
    extent: Vec<Option<(u32, u32)>>,
    clear_colour: Vec<[f32; 4]>,
    clear_depth: Vec<f32>,
    /// The last graphics run's first colour attachment, shown in reports.
    pub image: Option<Image>,
}

impl State {
    fn new(script: &Script) -> Self {
        let n = script.buffers.len();
        State {
            names: script.buffers.iter().map(|b| b.name.clone()).collect(),
            data: script.buffers.iter().map(|b| b.data.clone()).collect(),
            known: vec![true; n],
            cleared: script.buffers.iter().map(|b| b.data.is_empty().then_some([0.0; 4])).collect(),
            extent: script.buffers.iter().map(|b| b.image.map(|i| (i.width, i.height))).collect(),
            clear_colour: vec![[0.0; 4]; script.pipelines.len()],
            clear_depth: vec![1.0; script.pipelines.len()],
            image: None,
        }
    }
    pub fn bytes(&self, b: BufferId) -> Result<&[u8], Refusal> {
        match self.known[b.0] {
            true => Ok(&self.data[b.0]),
            false => Err(Refusal(format!("buffer `{}` was written by work this executor does not read back", self.names[b.0]))),
        }
    }
    pub fn extent(&self, b: BufferId) -> Option<(u32, u32)> {
        self.extent[b.0]
    }

    /// Sizes an attachment to the pipeline's framebuffer, as Amber does when it creates the
    /// pipeline.
    fn attach(&mut self, script: &Script, b: BufferId, size: (u32, u32)) {
        let stride = script.buffer(b).element.layout().stride as usize;
        let len = (size.0 * size.1) as usize * stride;
        if self.data[b.0].len() != len {
            self.data[b.0].resize(len, 0);
        }
        self.extent[b.0] = Some(size);
    }

    fn fill(&mut self, script: &Script, b: BufferId, value: [f32; 4]) {
        let layout = script.buffer(b).element.layout();
        let mut element = vec![0u8; layout.stride as usize];
        for f in &layout.fields {
            let v = match f.channel {
                tesserae_amber::types::Channel::R | tesserae_amber::types::Channel::D => value[0],
                tesserae_amber::types::Channel::G => value[1],
                tesserae_amber::types::Channel::B => value[2],
                tesserae_amber::types::Channel::A => value[3],
                _ => 0.0,
            };
            tesserae_amber::types::write_field(&mut element, f, tesserae_amber::Value::Float(v as f64));
        }
        let n = self.data[b.0].len() / element.len().max(1);
        self.data[b.0] = element.repeat(n);
        self.cleared[b.0] = Some(value);
        self.known[b.0] = true;
    }
}

/// Runs `script` on `ex`; the returned state holds the image of the last graphics run.
pub fn run(script: &Script, ex: &mut dyn Executor) -> (Outcome, State) {
    let mut state = State::new(script);
    let needs = crate::executor::DeviceRequirements {
        features: &script.device_features,
        properties: &script.device_properties,
        device_extensions: &script.device_extensions,
        instance_extensions: &script.instance_extensions,
    };
    match ex.require(&needs) {
        Ok(()) => {}
        Err(ExecError::Skip(m)) => return (Outcome::Skip(m), state),
        Err(e) => return (Outcome::Fail(e.to_string()), state),
    }
    let outcome = match steps(script, ex, &mut state, &script.commands) {
        Ok(()) => Outcome::Pass,
        Err(o) => o,
    };
    (outcome, state)
}

fn steps(script: &Script, ex: &mut dyn Executor, state: &mut State, steps: &[Step]) -> Result<(), Outcome> {
    for s in steps {
        step(script, ex, state, s)?;
    }
    Ok(())
}

fn step(script: &Script, ex: &mut dyn Executor, state: &mut State, s: &Step) -> Result<(), Outcome> {
    let at = |what: &str, m: String| format!("line {}: {what}: {m}", s.line);
    match &s.command {
        Command::ClearColor { pipeline, rgba } => state.clear_colour[pipeline.0] = *rgba,
        Command::ClearDepth { pipeline, value } => state.clear_depth[pipeline.0] = *value,
        Command::ClearStencil { .. } => {}
        Command::Clear { pipeline } => {
            let p = script.pipeline(*pipeline);
            for (b, _) in p.color_attachments() {
                state.attach(script, b, p.framebuffer);
                state.fill(script, b, state.clear_colour[pipeline.0]);
            }
            if let Some(b) = p.depth_attachment() {
                state.attach(script, b, p.framebuffer);
                state.fill(script, b, [state.clear_depth[pipeline.0]; 4]);
            }
        }
        Command::Run { pipeline, run } => match script.pipeline(*pipeline).kind {
            PipelineKind::Graphics => graphics(script, ex, state, *pipeline, run).map_err(|e| e.located(s.line))?,
            PipelineKind::Compute => compute(script, ex, state, *pipeline, run).map_err(|e| e.located(s.line))?,
        },
        Command::Copy { from, to } => {
            state.data[to.0] = state.data[from.0].clone();
            state.known[to.0] = state.known[from.0];
            state.cleared[to.0] = state.cleared[from.0];
            state.extent[to.0] = state.extent[from.0];
        }
        Command::Expect(e) => expect(script, state, e).map_err(|o| match o {
            Outcome::Fail(m) => Outcome::Fail(at("EXPECT", m)),
            Outcome::Skip(m) => Outcome::Skip(at("EXPECT", m)),
            Outcome::Pass => Outcome::Pass,
        })?,
        Command::Write { buffer, offset, data } => {
            let b = &mut state.data[buffer.0];
            if b.len() < offset + data.len() {
                b.resize(offset + data.len(), 0);
            }
            b[*offset..offset + data.len()].copy_from_slice(data);
            state.cleared[buffer.0] = None;
        }
        Command::Resize { buffer, bytes } => {
            state.data[buffer.0].resize(*bytes, 0);
            state.cleared[buffer.0] = None;
        }
        Command::Repeat { count, commands } => {
            for _ in 0..*count {
                steps(script, ex, state, commands)?;
            }
        }
    }
    Ok(())
}

/// A `RUN` that did not complete.
enum RunError {
    Refused(Refusal),
    Exec(ExecError),
}

impl From<Refusal> for RunError {
    fn from(r: Refusal) -> Self {
        RunError::Refused(r)
    }
}
impl From<ExecError> for RunError {
    fn from(e: ExecError) -> Self {
        RunError::Exec(e)
    }
}

impl RunError {
    fn located(self, line: usize) -> Outcome {
        match self {
            RunError::Refused(r) => Outcome::Skip(format!("line {line}: RUN: {}", r.0)),
            RunError::Exec(ExecError::Skip(m)) => Outcome::Skip(format!("line {line}: RUN: {m}")),
            // A valid shader the translator refuses by name is not run: the row says why.
            RunError::Exec(ExecError::Translate(e @ tesserae::TranslateError::Unsupported { .. })) => {
                Outcome::Skip(format!("line {line}: RUN: {REFUSED}{e}"))
            }
            RunError::Exec(ExecError::Runtime(
                e @ (tesserae_wgpu::RuntimeError::LimitExceeded { .. }
                | tesserae_wgpu::RuntimeError::TooManyBindings { .. }
                | tesserae_wgpu::RuntimeError::WorkgroupLimit { .. }
                | tesserae_wgpu::RuntimeError::Unsupported(_)),
            )) => Outcome::Skip(format!("line {line}: RUN: {REFUSED}{e}")),
            RunError::Exec(e) => Outcome::Fail(format!("line {line}: RUN: {e}")),
        }
    }
}

fn graphics(script: &Script, ex: &mut dyn Executor, state: &mut State, id: PipelineId, run: &Run) -> Result<(), RunError> {
    let p = script.pipeline(id);
    let colours: Vec<BufferId> = p.color_attachments().map(|(b, _)| b).collect();
    if colours.is_empty() {
        return Err(Refusal("a graphics pipeline without a colour attachment".into()).into());
    }
    let mut formats = Vec::new();
    for &b in &colours {
        state.attach(script, b, p.framebuffer);
        formats.push(pipeline::target_format(script, b)?);
    }
    // The test model gives every target one format (RGBA8 in either byte order counts as one).
    if formats.iter().any(|f| f.0 != formats[0].0) {
        return Err(Refusal("colour attachments of different formats".into()).into());
    }
    // Attachments that all hold one clear value are cleared to it; otherwise the draw starts
    // from their texels (a RUN over an earlier RUN's image).
    let clear = state.cleared[colours[0].0].filter(|c| colours.iter().all(|b| state.cleared[b.0] == Some(*c)));
    let initial = match clear {
        Some(_) => None,
        None => Some(
            colours
                .iter()
                .zip(&formats)
                .map(|(b, f)| state.bytes(*b).map(|t| if f.1 { pipeline::swap_red_blue(t) } else { t.to_vec() }))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    // An integer target's clear colour would be a float's bits: only 0 means the same.
    if formats[0].0.is_integer() && clear.is_some_and(|c| c != [0.0; 4]) {
        return Err(Refusal("an integer colour attachment cleared to a value other than 0".into()).into());
    }
    let targets = pipeline::Targets { format: formats[0].0, clear, initial };
    let depth = p.depth_attachment().map(|b| {
        state.attach(script, b, p.framebuffer);
        state.cleared[b.0].map(|d| d[0])
    });
    let depth_clear = match depth {
        Some(d) => d,
        None => Some(1.0),
    };
    let (test, storage) = pipeline::graphics(script, p, run, state, &targets, depth_clear)?;
    let out = ex.render_outputs(&test)?;
    let (w, h) = p.framebuffer;
    for (k, (&b, texels)) in colours.iter().zip(out.targets).enumerate() {
        if k == 0 {
            let mut rgba = Vec::with_capacity((w * h * 4) as usize);
            for row in 0..h as usize {
                let start = (row * out.image.width as usize) * 4;
                rgba.extend_from_slice(&out.image.data[start..start + w as usize * 4]);
            }
            state.image = Some(Image { width: w, height: h, data: rgba });
        }
        state.data[b.0] = if formats[k].1 { pipeline::swap_red_blue(&texels) } else { texels };
        state.cleared[b.0] = None;
        state.known[b.0] = true;
    }
    // The depth values, where the executor read them back and the buffer's format holds them.
    if let Some(b) = p.depth_attachment() {
        if p.depth.write {
            let bytes = out.depth.as_deref().and_then(|d| pipeline::encode_depth(script.buffer(b), d));
            state.known[b.0] = bytes.is_some();
            state.cleared[b.0] = None;
            if let Some(bytes) = bytes {
                state.data[b.0] = bytes;
            }
        }
    }
    write_back(state, &storage, &out.storage);
    Ok(())
}

/// Puts the storage buffers an executor read back into the host's copies; those it did not
/// read back become unknown.
fn write_back(state: &mut State, sources: &[pipeline::StorageSource], storage: &[(usize, Vec<u8>)]) {
    for src in sources {
        match storage.iter().find(|(i, _)| *i == src.resource) {
            Some((_, bytes)) => {
                let dst = &mut state.data[src.buffer.0];
                let end = (src.offset + bytes.len()).min(dst.len());
                dst[src.offset..end].copy_from_slice(&bytes[..end - src.offset]);
            }
            None => state.known[src.buffer.0] = false,
        }
    }
}

fn compute(script: &Script, ex: &mut dyn Executor, state: &mut State, id: PipelineId, run: &Run) -> Result<(), RunError> {
    let p = script.pipeline(id);
    let Run::Compute { groups } = run else {
        return Err(Refusal("a draw on a compute pipeline".into()).into());
    };
    let attached = &p.shaders[0];
    let shader = script.shader(attached.shader);
    let target = pipeline::compile_target(shader.target_env.as_deref())?;
    let spirv = match &shader.source {
        ShaderSource::Glsl(s) => {
            compile::compile_source(compile::SourceKind::Glsl, s, glslang::ShaderStage::Compute, target, &attached.entry_point)
        }
        ShaderSource::Hlsl(s) => {
            compile::compile_source(compile::SourceKind::Hlsl, s, glslang::ShaderStage::Compute, target, &attached.entry_point)
        }
        ShaderSource::SpirvAsm(s) => compile::assemble(s, target),
        ShaderSource::SpirvWords(w) => Ok(w.clone()),
        ShaderSource::Passthrough => Err("PASSTHROUGH is a vertex shader".into()),
    }
    .map_err(|log| {
        ExecError::Device(format!("{}:{}: compute shader `{}` does not compile:\n{log}", script.path.display(), shader.line, shader.name))
    })?;
    let (test, storage) = pipeline::compute(script, p, state)?;
    let job = crate::executor::ComputeJob { test, spirv, entry_point: attached.entry_point.clone(), groups: *groups };
    let out = ex.compute(&job)?;
    write_back(state, &storage, &out);
    Ok(())
}

fn expect(script: &Script, state: &State, e: &Expect) -> Result<(), Outcome> {
    let known = |b: BufferId| state.bytes(b).map_err(|r| Outcome::Skip(r.0));
    let result = match e {
        Expect::Pixels { buffer, x, y, width, height, rgba, alpha, tolerance } => {
            let data = known(*buffer)?;
            let Some((w, h)) = state.extent[buffer.0] else {
                return Err(Outcome::Skip(format!("buffer `{}` is not an image", script.buffer(*buffer).name)));
            };
            if x + width > w || y + height > h {
                return Err(Outcome::Fail(format!("the rectangle ({x}, {y}) {width}x{height} is outside the {w}x{h} image")));
            }
            let b = script.buffer(*buffer);
            if matches!(b.element, ElementType::Data { .. }) && b.format().is_none() {
                return Err(Outcome::Skip(format!("buffer `{}` probed as pixels has no format", b.name)));
            }
            verify::pixels(data, &b.element.layout(), w, (*x, *y, *width, *height), *rgba, *alpha, tolerance)
        }
        Expect::Values { buffer, offset, comparator, tolerance, values, layout } => {
            let layout = layout.clone().unwrap_or_else(|| script.buffer(*buffer).element.layout());
            verify::values(known(*buffer)?, &layout, *offset, *comparator, tolerance, values)
        }
        Expect::Buffers { a, b, comparison } => verify::buffers(known(*a)?, known(*b)?, &script.buffer(*a).element.layout(), *comparison),
    };
    result.map_err(Outcome::Fail)
}
