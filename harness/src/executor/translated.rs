//! The translated executor: the translator's [`tesserae::Plan`] run on wgpu.
//!
//! Backend and adapter come from the caller (`--backend`, `--adapter`) or from
//! `WGPU_BACKEND` / `WGPU_ADAPTER_NAME`. wgpu errors are caught with error scopes and an
//! uncaptured-error handler, so a bad plan is a failed test, never a panic.

use super::{DriverInfo, ExecError, Executor, Outputs, INSTALL_HINT};
use crate::compile;
use crate::image::Image;
use crate::shader_test::{
    AddressMode, BlendMode, CompareOp, CullMode, Descriptor, Filter, FrontFace, IndexFormat, SamplerState, ShaderTest, StencilOp,
    TexelFormat, TextureData, TextureView,
};
use std::sync::{Arc, Mutex};
use targets::Targets;
use tesserae::{ClipMode, Plan};
use tesserae_wgpu::{DrawCall, Inputs, PipelineConfig, TranslatedPipeline};

mod targets;

/// Point sizes clamp to this range. lavapipe reports `pointSizeRange` [0, 255] but draws sizes
/// below 1 (and NaN) as 1-pixel points, so the minimum is 1.
pub const POINT_SIZE_RANGE: [f32; 2] = [1.0, 255.0];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Vulkan,
    Gl,
}

impl Backend {
    /// `vulkan` or `gl`, in any case.
    pub fn parse(s: &str) -> Result<Backend, String> {
        match s.to_lowercase().as_str() {
            "vulkan" => Ok(Backend::Vulkan),
            "gl" => Ok(Backend::Gl),
            other => Err(format!("--backend must be vulkan or gl, not `{other}`")),
        }
    }
    pub(crate) fn wgpu(self) -> wgpu::Backends {
        match self {
            Backend::Vulkan => wgpu::Backends::VULKAN,
            Backend::Gl => wgpu::Backends::GL,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Backend::Vulkan => "vulkan",
            Backend::Gl => "gl",
        }
    }
}

/// Mesa's EGL (wgpu's GL backend) prints `error: XDG_RUNTIME_DIR is invalid or not set` on
/// every adapter probe when the variable is unset, as on CI machines and in containers; it is
/// not a failure. Headless runs get a private runtime directory instead, so the console only
/// shows what is actually wrong.
pub fn quiet_headless_gl() {
    if std::env::var_os("XDG_RUNTIME_DIR").is_some() {
        return;
    }
    let user = std::env::var("USER").unwrap_or_else(|_| "user".into());
    let dir = std::env::temp_dir().join(format!("tesserae-runtime-{user}"));
    if std::fs::create_dir_all(&dir).is_ok() {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
        }
        std::env::set_var("XDG_RUNTIME_DIR", &dir);
    }
}

/// The first adapter of `backends` whose name contains `filter` (case-insensitive; else
/// `WGPU_ADAPTER_NAME`); the error names the adapters there are and how to get Mesa's.
pub fn find_adapter(backends: wgpu::Backends, what: &str, filter: Option<&str>) -> Result<wgpu::Adapter, String> {
    quiet_headless_gl();
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = backends;
    let instance = wgpu::Instance::new(desc);
    let adapters = pollster::block_on(instance.enumerate_adapters(backends));
    let names: Vec<String> = adapters.iter().map(|a| a.get_info().name).collect();
    let filter = filter.map(str::to_string).or_else(|| std::env::var("WGPU_ADAPTER_NAME").ok());
    adapters.into_iter().find(|a| filter.as_ref().is_none_or(|f| a.get_info().name.to_lowercase().contains(&f.to_lowercase()))).ok_or_else(
        || {
            format!(
                "no wgpu {what} adapter{} (adapters: {}); {INSTALL_HINT}",
                filter.map(|f| format!(" matching {f:?}")).unwrap_or_default(),
                if names.is_empty() { "none".into() } else { names.join(", ") }
            )
        },
    )
}

pub struct TranslatedExecutor {
    backend: Backend,
    /// Colour-target formats the adapter renders to (a float target on GL may not be).
    renderable: Vec<crate::shader_test::TargetFormat>,
    /// Whether depth textures can be copied to buffers (not on wgpu's GL backend): the depth
    /// attachment is read back only then.
    depth_copies: bool,
    device: wgpu::Device,
    queue: wgpu::Queue,
    info: DriverInfo,
    clip: ClipMode,
    uncaptured: Arc<Mutex<Vec<String>>>,
    /// The device's compute pipelines, shared by the tests a child renders (the tessellator's
    /// kernels are the same for every tessellated test).
    kernels: tesserae_wgpu::KernelCache,
}

impl TranslatedExecutor {
    pub fn new(backend: Backend, adapter: Option<&str>) -> Result<Self, ExecError> {
        let adapter = find_adapter(backend.wgpu(), backend.name(), adapter).map_err(ExecError::Skip)?;
        let features = adapter.features()
            & (wgpu::Features::CLIP_DISTANCES
                | wgpu::Features::SHADER_F16
                | wgpu::Features::FLOAT32_FILTERABLE
                | wgpu::Features::DEPTH32FLOAT_STENCIL8
                | wgpu::Features::RG11B10UFLOAT_RENDERABLE
                // Vertex shaders writing storage buffers (Vulkan's vertexPipelineStoresAndAtomics),
                // where the backend has it (native-only in wgpu; not in WebGPU).
                | wgpu::Features::VERTEX_WRITABLE_STORAGE);
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("tesserae"),
            required_features: features,
            required_limits: adapter.limits(),
            experimental_features: wgpu::ExperimentalFeatures::disabled(),
            memory_hints: wgpu::MemoryHints::Performance,
            trace: wgpu::Trace::Off,
        }))
        .map_err(|e| ExecError::Device(format!("request_device: {e}")))?;
        let uncaptured = Arc::new(Mutex::new(Vec::new()));
        let sink = uncaptured.clone();
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
            if let Ok(mut v) = sink.lock() {
                v.push(describe(&e));
            }
        }));
        let ai = adapter.get_info();
        let info = DriverInfo {
            executor: format!("wgpu-{}", backend.name()),
            device: ai.name.clone(),
            driver: ai.driver.clone(),
            driver_version: ai.driver_info.clone(),
            api_version: format!("{:?}", ai.backend),
        };
        let renderable = crate::shader_test::TargetFormat::ALL
            .iter()
            .copied()
            .filter(|f| {
                adapter.get_texture_format_features(wgpu_target_format(*f)).allowed_usages.contains(wgpu::TextureUsages::RENDER_ATTACHMENT)
            })
            .collect();
        let depth_copies = adapter.get_downlevel_capabilities().flags.contains(wgpu::DownlevelFlags::DEPTH_TEXTURE_AND_BUFFER_COPIES);
        Ok(TranslatedExecutor {
            renderable,
            depth_copies,
            backend,
            device,
            queue,
            info,
            clip: ClipMode::Native,
            uncaptured,
            kernels: tesserae_wgpu::KernelCache::new(),
        })
    }

    /// Forces a clip mode (the default is native `clip_distances`).
    pub fn with_clip(mut self, clip: ClipMode) -> Self {
        self.clip = clip;
        self
    }

    /// The error the scope caught and every uncaptured one (on wgpu's GL backend a pipeline's
    /// creation error can arrive after the error of the draw that used it), wgpu's Display
    /// carrying each cause chain.
    fn check(&self, label: &str, scope: wgpu::ErrorScopeGuard) -> Result<(), ExecError> {
        let mut errors: Vec<String> = pollster::block_on(scope.pop()).map(|e| describe(&e)).into_iter().collect();
        let _ = self.device.poll(wgpu::PollType::wait_indefinitely());
        if let Ok(mut v) = self.uncaptured.lock() {
            errors.extend(v.drain(..));
        }
        if errors.is_empty() {
            return Ok(());
        }
        Err(ExecError::Device(format!("{label}: {}", errors.join("; "))))
    }
}

impl Executor for TranslatedExecutor {
    fn name(&self) -> String {
        match self.clip {
            ClipMode::Native => format!("wgpu-{}", self.backend.name()),
            ClipMode::Emulated => format!("wgpu-{}-clip-emulated", self.backend.name()),
        }
    }

    fn driver(&self) -> DriverInfo {
        self.info.clone()
    }

    /// The Vulkan features a script asks for that have a wgpu feature the device may lack;
    /// the others are left to the translation (refused by name) or the work itself.
    fn require(&self, r: &super::DeviceRequirements) -> Result<(), ExecError> {
        const WGPU_FEATURES: &[(&str, wgpu::Features)] = &[
            ("Float16Int8Features.shaderFloat16", wgpu::Features::SHADER_F16),
            ("VkPhysicalDeviceShaderFloat16Int8Features.shaderFloat16", wgpu::Features::SHADER_F16),
        ];
        // A feature or property the harness does not check skips the script natively, so its
        // shaders may use what no tool here knows (a long-vector capability SPIRV-Tools cannot
        // assemble): skipped here too, not failed.
        if let Some(unknown) = r.features.iter().chain(r.properties).find(|f| !super::native::is_checked(f)) {
            return Err(ExecError::Skip(format!("the script needs {unknown}, which the harness does not check")));
        }
        for f in r.features {
            if let Some((_, needed)) = WGPU_FEATURES.iter().find(|(name, _)| name == f) {
                if !self.device.features().contains(*needed) {
                    return Err(ExecError::Skip(format!("{} lacks {needed:?} (the script's {f})", self.info.device)));
                }
            }
        }
        Ok(())
    }

    fn compute(&mut self, job: &super::ComputeJob) -> Result<Vec<(usize, Vec<u8>)>, ExecError> {
        let mut desc =
            tesserae::ComputeDesc::new(tesserae::StageDesc { spirv: job.spirv.clone(), entry_point: Some(job.entry_point.clone()) });
        desc.specialization = job.test.specialization.clone();
        desc.options = self.options();
        let plan = tesserae::translate_compute(&desc)?;
        self.run_compute(&job.test, plan, job.groups)
    }

    fn render_outputs(&mut self, test: &ShaderTest) -> Result<Outputs, ExecError> {
        if !self.renderable.contains(&test.test.target_format) {
            return Err(ExecError::Skip(format!("{} does not render to {:?}", self.info.device, test.test.target_format)));
        }
        let mut desc = compile::pipeline(test, self.options())?;
        // Restart disabled changes nothing unless an indexed strip holds the restart index (the
        // harness knows the indices; an application may not): only then are the strips
        // assembled in compute, as the translator does for `primitive_restart_enable: false`.
        if !restarts_anyway(test) {
            desc.primitive_restart_enable = true;
        }
        let plan = tesserae::translate(&desc)?;
        self.run_plan_outputs(test, &plan)
    }
}

/// A wgpu error with what it is about: its `Display` is only "Validation Error"; the
/// description names the call and the rule.
fn describe(e: &wgpu::Error) -> String {
    match e {
        // "Validation Error\n\nCaused by:\n  In ...\n    ...": one line, as a result's message.
        // (Internal: a pipeline's creation error on wgpu's GL backend, such as a texture
        // sampled with two samplers.)
        wgpu::Error::Validation { description, .. } | wgpu::Error::Internal { description, .. } => {
            description.lines().map(str::trim).filter(|l| !l.is_empty() && *l != "Caused by:").collect::<Vec<_>>().join(": ")
        }
        other => other.to_string(),
    }
}

fn view_dimension(view: TextureView) -> wgpu::TextureViewDimension {
    match view {
        TextureView::D2 => wgpu::TextureViewDimension::D2,
        TextureView::D2Array => wgpu::TextureViewDimension::D2Array,
        TextureView::Cube => wgpu::TextureViewDimension::Cube,
        TextureView::CubeArray => wgpu::TextureViewDimension::CubeArray,
    }
}

/// The depth attachment's format: D32 float (or 16-bit unorm), with 8 stencil bits for a
/// stencil test.
fn depth_format(test: &ShaderTest) -> wgpu::TextureFormat {
    match (test.test.stencil, test.test.depth.map(|z| z.format)) {
        (Some(_), _) => wgpu::TextureFormat::Depth32FloatStencil8,
        (None, Some(crate::shader_test::DepthFormat::D16Unorm)) => wgpu::TextureFormat::Depth16Unorm,
        (None, _) => wgpu::TextureFormat::Depth32Float,
    }
}

fn stencil_op(op: StencilOp) -> wgpu::StencilOperation {
    match op {
        StencilOp::Keep => wgpu::StencilOperation::Keep,
        StencilOp::Zero => wgpu::StencilOperation::Zero,
        StencilOp::Replace => wgpu::StencilOperation::Replace,
        StencilOp::IncrementClamp => wgpu::StencilOperation::IncrementClamp,
        StencilOp::DecrementClamp => wgpu::StencilOperation::DecrementClamp,
        StencilOp::Invert => wgpu::StencilOperation::Invert,
        StencilOp::IncrementWrap => wgpu::StencilOperation::IncrementWrap,
        StencilOp::DecrementWrap => wgpu::StencilOperation::DecrementWrap,
    }
}

fn compare(op: CompareOp) -> wgpu::CompareFunction {
    match op {
        CompareOp::Never => wgpu::CompareFunction::Never,
        CompareOp::Less => wgpu::CompareFunction::Less,
        CompareOp::Equal => wgpu::CompareFunction::Equal,
        CompareOp::LessEqual => wgpu::CompareFunction::LessEqual,
        CompareOp::Greater => wgpu::CompareFunction::Greater,
        CompareOp::NotEqual => wgpu::CompareFunction::NotEqual,
        CompareOp::GreaterEqual => wgpu::CompareFunction::GreaterEqual,
        CompareOp::Always => wgpu::CompareFunction::Always,
    }
}

fn blend(mode: BlendMode) -> Option<wgpu::BlendState> {
    let c = |src, dst| wgpu::BlendComponent { src_factor: src, dst_factor: dst, operation: wgpu::BlendOperation::Add };
    use wgpu::BlendFactor::*;
    match mode {
        BlendMode::Replace => None,
        BlendMode::Alpha => Some(wgpu::BlendState { color: c(SrcAlpha, OneMinusSrcAlpha), alpha: c(One, OneMinusSrcAlpha) }),
        BlendMode::Additive => Some(wgpu::BlendState { color: c(One, One), alpha: c(One, One) }),
    }
}

fn index_format(f: IndexFormat) -> wgpu::IndexFormat {
    match f {
        IndexFormat::U16 => wgpu::IndexFormat::Uint16,
        IndexFormat::U32 => wgpu::IndexFormat::Uint32,
    }
}

/// The test's fixed-function state in the runtime's terms.
pub fn pipeline_config(test: &ShaderTest) -> PipelineConfig {
    let t = &test.test;
    let format = wgpu_target_format(t.target_format);
    let mut config = PipelineConfig::new(format);
    let target = wgpu::ColorTargetState { format, blend: blend(t.blend), write_mask: wgpu::ColorWrites::ALL };
    config.color_targets = vec![Some(target); t.targets as usize];
    config.multisample.count = t.samples;
    let stencil = t.stencil.map_or(wgpu::StencilState::default(), |st| {
        let face = wgpu::StencilFaceState {
            compare: compare(st.compare),
            fail_op: stencil_op(st.fail),
            depth_fail_op: stencil_op(st.depth_fail),
            pass_op: stencil_op(st.pass),
        };
        wgpu::StencilState { front: face, back: face, read_mask: 0xff, write_mask: 0xff }
    });
    config.depth_stencil = (t.depth.is_some() || t.stencil.is_some()).then(|| wgpu::DepthStencilState {
        format: depth_format(test),
        depth_write_enabled: Some(t.depth.is_some_and(|d| d.write)),
        depth_compare: Some(t.depth.map_or(wgpu::CompareFunction::Always, |d| compare(d.compare))),
        stencil,
        bias: wgpu::DepthBiasState::default(),
    });
    config.front_face = match t.front_face {
        FrontFace::Ccw => wgpu::FrontFace::Ccw,
        FrontFace::Cw => wgpu::FrontFace::Cw,
    };
    config.cull_mode = match t.cull {
        CullMode::None => None,
        CullMode::Front => Some(wgpu::Face::Front),
        CullMode::Back => Some(wgpu::Face::Back),
    };
    config.strip_index_format = test.index_buffer.as_ref().map(|i| index_format(i.format));
    config.point_size_range = POINT_SIZE_RANGE;
    config
}

impl TranslatedExecutor {
    /// Translation options for this executor's device.
    pub fn options(&self) -> tesserae::Options {
        tesserae::Options {
            clip: self.clip,
            max_bind_groups: self.device.limits().max_bind_groups,
            // wgpu's GL backend keeps GL's last-vertex convention for flat varyings.
            provoking_vertex: match self.backend {
                Backend::Gl => tesserae::ProvokingVertex::Last,
                Backend::Vulkan => tesserae::ProvokingVertex::First,
            },
            // ...and, on a desktop GL context, never enables primitive restart.
            primitive_restart: self.backend != Backend::Gl,
            ..Default::default()
        }
    }

    /// Runs a plan through `tesserae-wgpu`, exactly as an application would: the test's
    /// buffers, textures and bind groups are made here, the runtime records the emulation's
    /// compute work and the draws; then the colour target is read back.
    pub fn run_plan(&self, test: &ShaderTest, plan: &Plan) -> Result<Image, ExecError> {
        self.run_plan_outputs(test, plan).map(|o| o.image)
    }

    /// Dispatches a compute plan over the test's descriptors and reads back its storage
    /// buffers.
    fn run_compute(&self, test: &ShaderTest, plan: tesserae::ComputePlan, groups: [u32; 3]) -> Result<Vec<(usize, Vec<u8>)>, ExecError> {
        let d = &self.device;
        let _ = d.poll(wgpu::PollType::wait_indefinitely());
        if let Ok(mut v) = self.uncaptured.lock() {
            v.clear();
        }
        let scope = d.push_error_scope(wgpu::ErrorFilter::Validation);
        let config = tesserae_wgpu::ComputeConfig { binding_type_overrides: self.unfilterable_overrides(test, &plan.resources)? };
        let resources = plan.resources.clone();
        let compute = tesserae_wgpu::TranslatedCompute::new(d, plan, &config)?;
        let layouts: Vec<(u32, &wgpu::BindGroupLayout)> = compute.sets().filter_map(|s| Some((s, compute.bind_group_layout(s)?))).collect();
        let (bind_groups, storage) = self.bind_groups(test, &resources, &layouts)?;
        let bg_refs: Vec<(u32, &wgpu::BindGroup)> = bind_groups.iter().map(|(s, g)| (*s, g)).collect();
        let inputs = tesserae_wgpu::ComputeInputs { bind_groups: &bg_refs, push_constants: test.push_constants.as_deref().unwrap_or(&[]) };
        let mut encoder = d.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("compute test") });
        compute.dispatch(d, &mut encoder, &inputs, groups)?;
        let staged = stage_storage(d, &mut encoder, &storage);
        self.queue.submit([encoder.finish()]);
        self.check("recording the dispatch", scope)?;
        let mut out: Vec<_> =
            staged.iter().map(|(index, b, len)| Ok((*index, read_buffer(d, b, *len)?))).collect::<Result<_, ExecError>>()?;
        out.extend(undeclared_storage(test, &resources));
        Ok(out)
    }

    /// Renders `plan` and reads back the targets and every storage buffer the test binds.
    pub fn run_plan_outputs(&self, test: &ShaderTest, plan: &Plan) -> Result<Outputs, ExecError> {
        let t = &test.test;
        let (w, h) = (t.width, t.height);
        let d = &self.device;
        // Errors still arriving from an earlier test on this device (the runner renders a
        // batch of tests on one device) belong to that test, not this one.
        let _ = d.poll(wgpu::PollType::wait_indefinitely());
        if let Ok(mut v) = self.uncaptured.lock() {
            v.clear();
        }
        if t.stencil.is_some() && !d.features().contains(wgpu::Features::DEPTH32FLOAT_STENCIL8) {
            return Err(ExecError::Skip(format!("{} lacks DEPTH32FLOAT_STENCIL8 (a stencil test's attachment)", self.info.device)));
        }
        let scope = d.push_error_scope(wgpu::ErrorFilter::Validation);
        let mut config = pipeline_config(test);
        config.binding_type_overrides = self.unfilterable_overrides(test, &plan.resources)?;
        config.kernel_cache = Some(self.kernels.clone());
        let mut pipeline = TranslatedPipeline::new(d, plan.clone(), &config)?;
        let targets = Targets::new(d, &self.queue, test, self.depth_copies)?;
        // Vertex and index buffers are storage buffers too: emulation passes pull from them.
        let vertex_buffers: Vec<wgpu::Buffer> = test
            .vertex_buffers
            .iter()
            .map(|b| self.buffer_init(&b.data, wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::STORAGE))
            .collect();
        let index_buffer = test
            .index_buffer
            .as_ref()
            .map(|ib| (self.buffer_init(&ib.bytes(), wgpu::BufferUsages::INDEX | wgpu::BufferUsages::STORAGE), index_format(ib.format)));
        let layouts: Vec<(u32, &wgpu::BindGroupLayout)> =
            pipeline.sets().filter_map(|s| Some((s, pipeline.bind_group_layout(s)?))).collect();
        let (bind_groups, storage) = self.bind_groups(test, &plan.resources, &layouts)?;
        let vb_refs: Vec<&wgpu::Buffer> = vertex_buffers.iter().collect();
        let bg_refs: Vec<(u32, &wgpu::BindGroup)> = bind_groups.iter().map(|(s, g)| (*s, g)).collect();
        // Transform feedback: each `[transform feedback N]` buffer, filled, bound whole at N.
        let captures: Vec<(u32, wgpu::Buffer)> = test
            .captures
            .iter()
            .map(|c| (c.buffer, self.buffer_init(&c.initial_bytes(), wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC)))
            .collect();
        if !captures.is_empty() && plan.capture.is_none() {
            return Err(ExecError::Device("the test captures, but its last pre-rasterization stage declares no Xfb execution mode".into()));
        }
        let capture_refs: Vec<(u32, &wgpu::Buffer)> = captures.iter().map(|(n, b)| (*n, b)).collect();
        let inputs = Inputs {
            vertex_buffers: &vb_refs,
            index_buffer: index_buffer.as_ref().map(|(b, f)| (b, *f)),
            bind_groups: &bg_refs,
            push_constants: test.push_constants.as_deref().unwrap_or(&[]),
            // Points are sized against the viewport (the first, when the test sets several).
            viewport: t.viewports.first().map_or([w as f32, h as f32], |v| [v[2], v[3]]),
            point_size: 1.0,
            capture_buffers: &capture_refs,
        };
        let draws: Vec<DrawCall> = t
            .draws
            .iter()
            .map(|dr| DrawCall {
                indexed: dr.indexed,
                count: dr.count,
                instances: dr.instances,
                first: dr.first,
                first_instance: dr.first_instance,
                base_vertex: dr.base_vertex,
            })
            .collect();
        let mut encoder = d.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("test") });
        pipeline.prepare(d, &self.queue, &mut encoder, &draws, &inputs)?;
        for (layer, pass_targets) in targets.passes(test).iter().enumerate() {
            let colour_attachments = targets.colour_attachments(test, pass_targets);
            let mut rpass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("test"),
                color_attachments: &colour_attachments,
                depth_stencil_attachment: targets.depth_attachment(test, layer),
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            if let Some(st) = t.stencil {
                rpass.set_stencil_reference(st.reference);
            }
            // Without `Layer` written, everything is drawn into layer 0; without `ViewportIndex`,
            // into viewport 0. With the rasterizer discarding, nothing is drawn.
            if !t.rasterizer_discard && (layer == 0 || pipeline.layered()) {
                let count = if pipeline.viewports() { t.viewports.len().max(1) } else { 1 };
                for (v, r) in t.viewports.iter().enumerate().take(count) {
                    rpass.set_viewport(r[0], r[1], r[2], r[3], 0.0, 1.0);
                    let [x, y, sw, sh] = t.scissor(r);
                    rpass.set_scissor_rect(x, y, sw, sh);
                    pipeline.draw_view(&mut rpass, layer as u32, v as u32)?;
                }
                if t.viewports.is_empty() {
                    pipeline.draw_layer(&mut rpass, layer as u32)?;
                }
            }
        }
        let readback = targets.copy_out(d, &mut encoder, test);
        // The storage buffers the shaders may have written, each into a buffer of its own; the
        // capture buffers and the capture's counts likewise.
        let storage_readback = stage_storage(d, &mut encoder, &storage);
        let staged_captures: Vec<(usize, wgpu::Buffer, usize)> =
            captures.iter().map(|(n, b)| (*n as usize, b.clone(), b.size() as usize)).collect();
        let capture_readback = stage_storage(d, &mut encoder, &staged_captures);
        let counts: Vec<(usize, wgpu::Buffer, usize)> = match (captures.is_empty(), pipeline.capture_counts()) {
            (false, Some(counts)) => vec![(0, counts.clone(), 8)],
            _ => Vec::new(),
        };
        let counts_readback = stage_storage(d, &mut encoder, &counts);
        self.queue.submit([encoder.finish()]);
        self.check("recording the plan", scope)?;
        let mut storage =
            storage_readback.iter().map(|(index, b, len)| Ok((*index, read_buffer(d, b, *len)?))).collect::<Result<Vec<_>, ExecError>>()?;
        storage.extend(undeclared_storage(test, &plan.resources));
        let captures = if captures.is_empty() {
            None
        } else {
            let mut c = super::Captures { buffers: Vec::new(), primitives_written: 0, primitives_needed: 0 };
            for (n, b, len) in &capture_readback {
                c.buffers.push((*n as u32, read_buffer(d, b, *len)?));
            }
            if let Some((_, b, len)) = counts_readback.first() {
                let bytes = read_buffer(d, b, *len)?;
                let word = |k: usize| u32::from_le_bytes([bytes[4 * k], bytes[4 * k + 1], bytes[4 * k + 2], bytes[4 * k + 3]]);
                (c.primitives_written, c.primitives_needed) = (word(0) as u64, word(1) as u64);
            }
            Some(c)
        };
        let (raw, depth) = readback.read(d, test)?;
        let images: Vec<Image> = raw.iter().map(|c| super::preview(t.target_format, c, w, h)).collect();
        Ok(Outputs { image: crate::image::side_by_side(&images), targets: raw, storage, depth, captures })
    }

    /// The application side of resources: the test's descriptors as wgpu objects, one bind
    /// group per set with the runtime's layouts, at the wgpu bindings the plan lists.
    /// The test's bind groups, and its storage buffers as (index in `test.resources`, buffer,
    /// bytes given) for reading back.
    #[allow(clippy::type_complexity)]
    fn bind_groups(
        &self,
        test: &ShaderTest,
        resources: &[tesserae::AppResource],
        layouts: &[(u32, &wgpu::BindGroupLayout)],
    ) -> Result<(Vec<(u32, wgpu::BindGroup)>, Vec<(usize, wgpu::Buffer, usize)>), ExecError> {
        let mut storage = Vec::new();
        enum Made {
            Buffer(wgpu::Buffer),
            Texture(wgpu::TextureView),
            Sampler(wgpu::Sampler),
        }
        let mut made: Vec<(u32, u32, Made)> = Vec::new();
        for r in resources {
            for element in 0..r.count {
                let given = test.resources.iter().position(|x| x.set == r.set && x.binding == r.binding && x.element == element);
                // Vulkan needs a descriptor only for what a shader uses (the native executor
                // checks that one is given for every buffer used); WebGPU binds every binding of
                // a layout, so a buffer the test does not give gets zeros.
                if given.is_none()
                    && r.wgpu
                        .iter()
                        .all(|w| matches!(w.ty, tesserae::BindingType::UniformBuffer | tesserae::BindingType::StorageBuffer { .. }))
                {
                    for w in r.wgpu.iter().filter(|w| w.element == element) {
                        let usage = if w.ty == tesserae::BindingType::UniformBuffer {
                            wgpu::BufferUsages::UNIFORM
                        } else {
                            wgpu::BufferUsages::STORAGE
                        };
                        made.push((w.group, w.binding, Made::Buffer(self.buffer_init(&vec![0; w.min_size.unwrap_or(16) as usize], usage))));
                    }
                    continue;
                }
                let Some(index) = given else {
                    let of = if r.count > 1 { format!("element {element} of ") } else { String::new() };
                    return Err(ExecError::Device(format!(
                        "the shaders read {of}{} `{}` at set {} binding {}, which the test does not give",
                        r.kind_name(),
                        r.name,
                        r.set,
                        r.binding
                    )));
                };
                let given = &test.resources[index];
                let wgpu: Vec<_> = r.wgpu.iter().filter(|w| w.element == element).collect();
                if wgpu.is_empty() {
                    continue; // an element no shader reads has no binding
                }
                // A buffer shorter than its block (Vulkan allows it where the shader reads only
                // what is there) is padded with zeros to the size WebGPU checks.
                let min_size = wgpu.iter().filter_map(|w| w.min_size).max().unwrap_or(0) as usize;
                let padded = |bytes: &[u8]| {
                    let mut b = bytes.to_vec();
                    b.resize(b.len().max(min_size), 0);
                    b
                };
                let objects: Vec<Made> = match &given.descriptor {
                    Descriptor::UniformBuffer(bytes) => vec![Made::Buffer(self.buffer_init(&padded(bytes), wgpu::BufferUsages::UNIFORM))],
                    Descriptor::StorageBuffer(bytes) => {
                        let b = self.buffer_init(&padded(bytes), wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC);
                        storage.push((index, b.clone(), bytes.len()));
                        vec![Made::Buffer(b)]
                    }
                    Descriptor::SampledTexture(tex) => vec![Made::Texture(self.texture(tex))],
                    Descriptor::Sampler(s) => vec![Made::Sampler(self.sampler(s))],
                    Descriptor::CombinedTextureSampler(tex, s) => vec![Made::Texture(self.texture(tex)), Made::Sampler(self.sampler(s))],
                    // The attachment an earlier pass rendered, bound as a texture
                    // (`lower::input_attachments`).
                    Descriptor::InputAttachment { texture, .. } => vec![Made::Texture(self.texture(texture))],
                };
                // Each wgpu binding takes the object of its type: a combined sampler's texture
                // and sampler, and a texture at every copy's binding too (a texture sampled
                // through several samplers).
                let object_for = |ty: &tesserae::BindingType| {
                    objects.iter().find_map(|o| match (o, ty) {
                        (Made::Texture(v), tesserae::BindingType::Texture { .. }) => Some(Made::Texture(v.clone())),
                        (Made::Sampler(x), tesserae::BindingType::Sampler { .. }) => Some(Made::Sampler(x.clone())),
                        (Made::Buffer(b), tesserae::BindingType::UniformBuffer | tesserae::BindingType::StorageBuffer { .. }) => {
                            Some(Made::Buffer(b.clone()))
                        }
                        _ => None,
                    })
                };
                let bound: Vec<Option<Made>> = wgpu.iter().map(|w| object_for(&w.ty)).collect();
                let kinds_bound = bound.iter().flatten().map(std::mem::discriminant).collect::<std::collections::HashSet<_>>();
                if bound.iter().any(Option::is_none) || objects.iter().any(|o| !kinds_bound.contains(&std::mem::discriminant(o))) {
                    return Err(ExecError::Device(format!(
                        "set {} binding {}: the test gives a {}, the shaders declare {}",
                        r.set,
                        r.binding,
                        given.descriptor.kind(),
                        r.kind_name()
                    )));
                }
                for (w, o) in wgpu.into_iter().zip(bound.into_iter().flatten()) {
                    made.push((w.group, w.binding, o));
                }
            }
        }
        let mut out = Vec::new();
        for &(set, layout) in layouts {
            let entries: Vec<wgpu::BindGroupEntry> = made
                .iter()
                .filter(|(g, _, _)| *g == set)
                .map(|(_, b, o)| wgpu::BindGroupEntry {
                    binding: *b,
                    resource: match o {
                        Made::Buffer(buf) => buf.as_entire_binding(),
                        Made::Texture(v) => wgpu::BindingResource::TextureView(v),
                        Made::Sampler(s) => wgpu::BindingResource::Sampler(s),
                    },
                })
                .collect();
            out.push((set, self.device.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout, entries: &entries })));
        }
        Ok((out, storage))
    }

    /// Textures WebGPU cannot filter bind as unfilterable floats, and the samplers of their set
    /// as non-filtering, as an application binds them (`PipelineConfig::binding_type_overrides`):
    /// an `rgba32float` texture without `FLOAT32_FILTERABLE`, and a depth texture the shader
    /// reads as a value (a `texture2D`, so WGSL's `texture_2d<f32>`) rather than compares. A
    /// linear sampler beside one cannot work in WebGPU: the test is skipped, naming why.
    fn unfilterable_overrides(
        &self,
        test: &ShaderTest,
        resources: &[tesserae::AppResource],
    ) -> Result<Vec<((u32, u32), wgpu::BindingType)>, ExecError> {
        let float32_filterable = self.device.features().contains(wgpu::Features::FLOAT32_FILTERABLE);
        let read_as_float = |set: u32, binding: u32| {
            resources
                .iter()
                .filter(|r| (r.set, r.binding) == (set, binding))
                .flat_map(|r| &r.wgpu)
                .any(|w| matches!(w.ty, tesserae::BindingType::Texture { sample: tesserae::TextureSample::Float, .. }))
        };
        let unfilterable = |r: &crate::shader_test::ResourceBinding| match &r.descriptor {
            Descriptor::SampledTexture(t) | Descriptor::CombinedTextureSampler(t, _) => match t.format {
                TexelFormat::Rgba32Float if !float32_filterable => {
                    Some((t.view, format!("{} lacks FLOAT32_FILTERABLE: a linear sampler beside an rgba32float texture", self.info.device)))
                }
                TexelFormat::Depth16Unorm if read_as_float(r.set, r.binding) => {
                    Some((t.view, "WebGPU filters depth textures only by comparison: a linear sampler reading one as a value".to_string()))
                }
                _ => None,
            },
            // Read with textureLoad only: no sampler to check.
            Descriptor::InputAttachment { texture: t, .. } if matches!(t.format, TexelFormat::Rgba32Float | TexelFormat::Depth16Unorm) => {
                Some((t.view, String::new()))
            }
            _ => None,
        };
        let mut out = Vec::new();
        for (given, (view, why)) in test.resources.iter().filter_map(|r| unfilterable(r).map(|u| (r, u))) {
            if matches!(given.descriptor, Descriptor::InputAttachment { .. }) {
                let texture = wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Float { filterable: false },
                    view_dimension: view_dimension(view),
                    multisampled: false,
                };
                let own = resources.iter().filter(|r| (r.set, r.binding) == (given.set, given.binding)).flat_map(|r| &r.wgpu);
                out.extend(own.map(|w| ((w.group, w.binding), texture.clone())));
                continue;
            }
            for r in resources.iter().filter(|r| r.set == given.set) {
                let Some(d) = test.resources.iter().find(|x| x.set == r.set && x.binding == r.binding && x.element == 0) else { continue };
                let sampler = match &d.descriptor {
                    Descriptor::Sampler(s) | Descriptor::CombinedTextureSampler(_, s) => Some(s),
                    _ => None,
                };
                if sampler.is_some_and(|s| s.filter == Filter::Linear && s.compare.is_none()) {
                    return Err(ExecError::Skip(why));
                }
                for w in &r.wgpu {
                    let ty = match w.ty {
                        tesserae::BindingType::Sampler { comparison: false } => {
                            wgpu::BindingType::Sampler(wgpu::SamplerBindingType::NonFiltering)
                        }
                        tesserae::BindingType::Texture { .. } if r.binding == given.binding && w.element == given.element => {
                            wgpu::BindingType::Texture {
                                sample_type: wgpu::TextureSampleType::Float { filterable: false },
                                view_dimension: view_dimension(view),
                                multisampled: false,
                            }
                        }
                        _ => continue,
                    };
                    out.push(((w.group, w.binding), ty));
                }
            }
        }
        Ok(out)
    }

    fn texture(&self, tex: &TextureData) -> wgpu::TextureView {
        let format = match tex.format {
            TexelFormat::Rgba8Unorm => wgpu::TextureFormat::Rgba8Unorm,
            TexelFormat::Rgba32Float => wgpu::TextureFormat::Rgba32Float,
            TexelFormat::Depth16Unorm => wgpu::TextureFormat::Depth16Unorm,
        };
        let size = wgpu::Extent3d { width: tex.width, height: tex.height, depth_or_array_layers: tex.layers };
        let t = self.device.create_texture(&wgpu::TextureDescriptor {
            label: Some("test texture"),
            size,
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: if tex.format.is_depth() {
                wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::RENDER_ATTACHMENT
            } else {
                wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST
            },
            view_formats: &[],
        });
        if tex.format.is_depth() {
            super::depth_fill::fill(&self.device, &self.queue, &t, tex);
        } else {
            self.queue.write_texture(
                t.as_image_copy(),
                &tex.data,
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(tex.width * tex.format.bytes_per_texel()),
                    rows_per_image: Some(tex.height),
                },
                size,
            );
        }
        t.create_view(&wgpu::TextureViewDescriptor { dimension: Some(view_dimension(tex.view)), ..Default::default() })
    }

    fn sampler(&self, s: &SamplerState) -> wgpu::Sampler {
        let filter = match s.filter {
            Filter::Nearest => wgpu::FilterMode::Nearest,
            Filter::Linear => wgpu::FilterMode::Linear,
        };
        let address = match s.address {
            AddressMode::Repeat => wgpu::AddressMode::Repeat,
            AddressMode::ClampToEdge => wgpu::AddressMode::ClampToEdge,
            AddressMode::MirrorRepeat => wgpu::AddressMode::MirrorRepeat,
        };
        self.device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("test sampler"),
            address_mode_u: address,
            address_mode_v: address,
            address_mode_w: address,
            mag_filter: filter,
            min_filter: filter,
            compare: s.compare.map(compare),
            ..Default::default()
        })
    }

    fn buffer_init(&self, data: &[u8], usage: wgpu::BufferUsages) -> wgpu::Buffer {
        let size = (data.len().max(4) as u64).div_ceil(4) * 4;
        let b = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size,
            usage: usage | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut padded = data.to_vec();
        padded.resize(size as usize, 0);
        self.queue.write_buffer(&b, 0, &padded);
        b
    }
}

/// The first `len` bytes of a mappable buffer, after the queue's work.
fn read_buffer(d: &wgpu::Device, b: &wgpu::Buffer, len: usize) -> Result<Vec<u8>, ExecError> {
    let (tx, rx) = std::sync::mpsc::channel();
    b.slice(..).map_async(wgpu::MapMode::Read, move |r| {
        let _ = tx.send(r);
    });
    d.poll(wgpu::PollType::wait_indefinitely()).map_err(|e| ExecError::Device(format!("poll: {e}")))?;
    rx.recv().map_err(|e| ExecError::Device(format!("map_async: {e}")))?.map_err(|e| ExecError::Device(format!("map_async: {e}")))?;
    let bytes = b.slice(..).get_mapped_range().map_err(|e| ExecError::Device(format!("get_mapped_range: {e}")))?[..len].to_vec();
    b.unmap();
    Ok(bytes)
}

/// The storage buffers the test binds where no shader declares a binding (index in
/// `test.resources`, the bytes given): WebGPU binds only what the plan lists, and a buffer no
/// shader can reach keeps its contents, as it does natively.
fn undeclared_storage(test: &ShaderTest, resources: &[tesserae::AppResource]) -> Vec<(usize, Vec<u8>)> {
    let declared = |set: u32, binding: u32| resources.iter().any(|r| (r.set, r.binding) == (set, binding));
    test.resources
        .iter()
        .enumerate()
        .filter_map(|(index, r)| match &r.descriptor {
            Descriptor::StorageBuffer(bytes) if !declared(r.set, r.binding) => Some((index, bytes.clone())),
            _ => None,
        })
        .collect()
}

/// Copies of storage buffers (index in `test.resources`, buffer, bytes given) into mappable
/// buffers, recorded after the work.
fn stage_storage(
    d: &wgpu::Device,
    encoder: &mut wgpu::CommandEncoder,
    storage: &[(usize, wgpu::Buffer, usize)],
) -> Vec<(usize, wgpu::Buffer, usize)> {
    storage
        .iter()
        .map(|(index, buffer, len)| {
            let staging = d.create_buffer(&wgpu::BufferDescriptor {
                label: Some("storage readback"),
                size: buffer.size(),
                usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
                mapped_at_creation: false,
            });
            encoder.copy_buffer_to_buffer(buffer, 0, &staging, 0, buffer.size());
            (*index, staging, *len)
        })
        .collect()
}

/// Whether an indexed strip draw of `test` holds the all-ones index, which WebGPU always reads
/// as a restart.
fn restarts_anyway(test: &ShaderTest) -> bool {
    let Some(ib) = &test.index_buffer else { return false };
    let restart = match ib.format {
        crate::shader_test::IndexFormat::U16 => 0xffff,
        crate::shader_test::IndexFormat::U32 => u32::MAX,
    };
    test.test.draws.iter().any(|d| d.indexed && d.topology.is_strip()) && ib.indices.contains(&restart)
}

fn wgpu_target_format(f: crate::shader_test::TargetFormat) -> wgpu::TextureFormat {
    use crate::shader_test::TargetFormat as F;
    match f {
        F::Rgba8Unorm => wgpu::TextureFormat::Rgba8Unorm,
        F::Rgba16Float => wgpu::TextureFormat::Rgba16Float,
        F::Rgba32Float => wgpu::TextureFormat::Rgba32Float,
        F::Rg16Float => wgpu::TextureFormat::Rg16Float,
        F::Rg32Float => wgpu::TextureFormat::Rg32Float,
        F::R16Float => wgpu::TextureFormat::R16Float,
        F::R32Float => wgpu::TextureFormat::R32Float,
        F::R32Sint => wgpu::TextureFormat::R32Sint,
        F::Rg8Uint => wgpu::TextureFormat::Rg8Uint,
        F::Rg11b10Ufloat => wgpu::TextureFormat::Rg11b10Ufloat,
    }
}
