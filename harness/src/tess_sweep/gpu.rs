//! `tess-sweep --gpu`: the GPU tessellator ([`tesserae::tessellator::gpu`]) against the CPU
//! tessellator, through wgpu (Vulkan or GL backend).
//!
//! All configurations of one mode run as one batch: the levels of every patch in one buffer,
//! `count`, the three scan kernels and `emit` dispatched as the runtime will, the results read
//! back and compared per patch with [`tesserae::tessellator::tessellate`]: the same numbers of
//! points and index entries, offsets that are the exclusive prefix sums of the counts, the
//! same `f32` bits of u, v and w (and the patch index in the fourth component) for every
//! point in order, and the same index list (global index − the patch's first point) in
//! order. Unlike the driver sweep, order is part of the contract here, so any difference is
//! a mismatch.
//!
//! `--gpu --quick` runs the quick sweep's 6,510 configurations ([`super::quick_level_sets`]):
//! 9 s on wgpu's Vulkan backend (lavapipe) and 69 s on GL (llvmpipe, which spends most of it
//! compiling the 36 modes' kernels), dev profile, two cores, Mesa 22.3.6.
//!
//! The last line of stdout is `configurations=N mismatches=M`; exit status 0 when M = 0, 1
//! otherwise, 125 when no adapter of the backend exists.

use super::{config, modes, sweep_levels, Levels, Mode};
use crate::executor::translated::Backend;
use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tesserae::draw_uniform::DrawUniform;
use tesserae::emulation::binding;
use tesserae::tessellator::gpu::{self, TessBindings, TessMode};
use tesserae::tessellator::{self, TessConfig};

/// Why the GPU run could not happen.
#[derive(Debug, thiserror::Error)]
pub enum GpuError {
    /// No adapter for the backend: nothing can be compared.
    #[error("{0}")]
    Unavailable(String),
    /// wgpu reported an error (validation, device loss, mapping).
    #[error("{0}")]
    Failed(String),
}

/// The emulation group and bindings the sweep uses (the runtime's intermediates start at 24).
pub const BINDINGS: TessBindings = TessBindings {
    group: 0,
    draw: binding::DRAW,
    levels: binding::INTERMEDIATES,
    counts: binding::INTERMEDIATES + 1,
    offsets: binding::INTERMEDIATES + 2,
    domain: binding::INTERMEDIATES + 3,
    indices: binding::INTERMEDIATES + 4,
    indirect: binding::INTERMEDIATES + 5,
};

pub fn tess_mode(mode: Mode) -> TessMode {
    TessMode { domain: mode.domain, spacing: mode.spacing, winding: mode.winding, point_mode: mode.point_mode }
}

/// Everything the kernels wrote for one batch, as words.
#[derive(Debug, Clone, Default)]
pub struct GpuOutput {
    pub counts: Vec<u32>,
    /// The first 2P words of `offsets` (the scratch after them is left out).
    pub offsets: Vec<u32>,
    pub indirect: [u32; 6],
    /// 4 words per point: bits of u, v, w and the patch index.
    pub domain: Vec<[u32; 4]>,
    pub indices: Vec<u32>,
}

struct Pipelines {
    count: wgpu::ComputePipeline,
    scan: Vec<wgpu::ComputePipeline>,
    emit: wgpu::ComputePipeline,
}

/// A wgpu device with the kernels of the modes used so far.
pub struct GpuTessellator {
    device: wgpu::Device,
    queue: wgpu::Queue,
    layout: wgpu::BindGroupLayout,
    pipeline_layout: wgpu::PipelineLayout,
    pipelines: std::collections::HashMap<tesserae::tessellator::Domain, Pipelines>,
    /// Stand-in for the draw's index buffer, which the kernels declare but do not read.
    draw_indices: wgpu::Buffer,
    description: String,
    max_binding: u64,
    max_workgroups: u32,
    uncaptured: Arc<Mutex<Vec<String>>>,
}

/// Storage-buffer sizes of one run, in bytes, for [`GpuTessellator::run_sized`]: `None` sizes
/// the output buffers from the totals the scan computed.
#[derive(Debug, Clone, Copy, Default)]
pub struct OutputSizes {
    pub domain: Option<u64>,
    pub indices: Option<u64>,
}

/// The extra words after each output buffer's bound range, filled with [`SENTINEL`] and read
/// back: a kernel writing past the end of its binding would change them.
pub const GUARD_WORDS: u64 = 64;
pub const SENTINEL: u32 = 0xdead_beef;

impl GpuTessellator {
    /// The first adapter of `backend` whose name contains `adapter` (case-insensitive; else
    /// `WGPU_ADAPTER_NAME`), as in the translated executor.
    pub fn new(backend: Backend, adapter: Option<&str>) -> Result<GpuTessellator, GpuError> {
        let adapter = crate::executor::translated::find_adapter(backend.wgpu(), backend.name(), adapter).map_err(GpuError::Unavailable)?;
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("tess-sweep"),
            required_features: wgpu::Features::empty(),
            required_limits: adapter.limits(),
            experimental_features: wgpu::ExperimentalFeatures::disabled(),
            memory_hints: wgpu::MemoryHints::Performance,
            trace: wgpu::Trace::Off,
        }))
        .map_err(|e| GpuError::Failed(format!("request_device: {e}")))?;
        let uncaptured = Arc::new(Mutex::new(Vec::new()));
        let sink = uncaptured.clone();
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
            if let Ok(mut v) = sink.lock() {
                v.push(e.to_string());
            }
        }));
        let info = adapter.get_info();
        let limits = device.limits();
        let storage = |binding, read_only| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        };
        let b = BINDINGS;
        let entries = [
            wgpu::BindGroupLayoutEntry {
                binding: binding::DRAW,
                visibility: wgpu::ShaderStages::COMPUTE,
                ty: wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Uniform, has_dynamic_offset: false, min_binding_size: None },
                count: None,
            },
            storage(binding::INDEX, true),
            storage(b.levels, true),
            storage(b.counts, false),
            storage(b.offsets, false),
            storage(b.domain, false),
            storage(b.indices, false),
            storage(b.indirect, false),
        ];
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor { label: Some("tess"), entries: &entries });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("tess"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let draw_indices = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("draw indices"),
            size: 16,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        });
        Ok(GpuTessellator {
            description: format!("{} ({}, {} {})", info.name, backend.name(), info.driver, info.driver_info),
            max_binding: limits.max_storage_buffer_binding_size.min(limits.max_buffer_size) & !3,
            max_workgroups: limits.max_compute_workgroups_per_dimension,
            device,
            queue,
            layout,
            pipeline_layout,
            pipelines: Default::default(),
            draw_indices,
            uncaptured,
        })
    }

    pub fn description(&self) -> &str {
        &self.description
    }

    /// Largest storage binding, in bytes.
    pub fn max_binding(&self) -> u64 {
        self.max_binding
    }

    fn check(&self, what: &str, scope: wgpu::ErrorScopeGuard) -> Result<(), GpuError> {
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(GpuError::Failed(format!("{what}: {e}")));
        }
        if let Ok(mut v) = self.uncaptured.lock() {
            if !v.is_empty() {
                return Err(GpuError::Failed(format!("{what}: {}", v.drain(..).collect::<Vec<_>>().join("; "))));
            }
        }
        Ok(())
    }

    fn pipelines(&mut self, mode: TessMode) -> Result<&Pipelines, GpuError> {
        if !self.pipelines.contains_key(&mode.domain) {
            let scope = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
            let k = gpu::kernels(mode, &BINDINGS);
            let module = |label: &str, src: &str| {
                self.device
                    .create_shader_module(wgpu::ShaderModuleDescriptor { label: Some(label), source: wgpu::ShaderSource::Wgsl(src.into()) })
            };
            let pipeline = |label: &str, module: &wgpu::ShaderModule, entry: &str| {
                self.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                    label: Some(label),
                    layout: Some(&self.pipeline_layout),
                    module,
                    entry_point: Some(entry),
                    compilation_options: wgpu::PipelineCompilationOptions::default(),
                    cache: None,
                })
            };
            let tessellate = module("tess tessellate", &k.tessellate);
            let p = Pipelines {
                count: pipeline("tess count", &tessellate, gpu::COUNT_ENTRY),
                scan: k
                    .scan
                    .iter()
                    .enumerate()
                    .map(|(i, s)| pipeline(&format!("tess scan {i}"), &module(&format!("tess scan {i}"), s), gpu::ENTRY_POINT))
                    .collect(),
                emit: pipeline("tess emit", &tessellate, gpu::EMIT_ENTRY),
            };
            self.check(&format!("creating the kernels of {mode:?}"), scope)?;
            self.pipelines.insert(mode.domain, p);
        }
        Ok(&self.pipelines[&mode.domain])
    }

    fn storage(&self, label: &str, bytes: u64) -> wgpu::Buffer {
        self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: bytes.max(16).next_multiple_of(4),
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    }

    fn init(&self, label: &str, words: &[u32]) -> wgpu::Buffer {
        let buf = self.storage(label, words.len() as u64 * 4);
        if !words.is_empty() {
            self.queue.write_buffer(&buf, 0, &words_to_bytes(words));
        }
        buf
    }

    fn read(&self, buf: &wgpu::Buffer, bytes: u64) -> Result<Vec<u32>, GpuError> {
        if bytes == 0 {
            return Ok(Vec::new());
        }
        let staging = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("readback"),
            size: bytes,
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        let mut encoder = self.device.create_command_encoder(&Default::default());
        encoder.copy_buffer_to_buffer(buf, 0, &staging, 0, bytes);
        self.queue.submit([encoder.finish()]);
        let (tx, rx) = std::sync::mpsc::channel();
        staging.slice(..).map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        self.device.poll(wgpu::PollType::wait_indefinitely()).map_err(|e| GpuError::Failed(format!("poll: {e}")))?;
        rx.recv().map_err(|e| GpuError::Failed(format!("map_async: {e}")))?.map_err(|e| GpuError::Failed(format!("map_async: {e}")))?;
        let mapped = staging.slice(..).get_mapped_range().map_err(|e| GpuError::Failed(format!("get_mapped_range: {e}")))?;
        let words = mapped.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        drop(mapped);
        staging.unmap();
        Ok(words)
    }

    fn bind_group(&self, draw: &wgpu::Buffer, bufs: [(&wgpu::Buffer, Option<u64>); 6]) -> wgpu::BindGroup {
        let b = BINDINGS;
        let ids = [b.levels, b.counts, b.offsets, b.domain, b.indices, b.indirect];
        let mut entries = vec![
            wgpu::BindGroupEntry { binding: binding::DRAW, resource: draw.as_entire_binding() },
            wgpu::BindGroupEntry { binding: binding::INDEX, resource: self.draw_indices.as_entire_binding() },
        ];
        for (id, (buf, size)) in ids.into_iter().zip(bufs) {
            let resource =
                wgpu::BindingResource::Buffer(wgpu::BufferBinding { buffer: buf, offset: 0, size: size.and_then(wgpu::BufferSize::new) });
            entries.push(wgpu::BindGroupEntry { binding: id, resource });
        }
        self.device.create_bind_group(&wgpu::BindGroupDescriptor { label: Some("tess"), layout: &self.layout, entries: &entries })
    }

    fn dispatch(&self, pass: &mut wgpu::ComputePass, pipeline: &wgpu::ComputePipeline, group: &wgpu::BindGroup, workgroups: u32) {
        if workgroups == 0 {
            return;
        }
        let [x, y, z] = gpu::dispatch_size(workgroups, self.max_workgroups);
        pass.set_pipeline(pipeline);
        pass.set_bind_group(0, group, &[]);
        pass.dispatch_workgroups(x, y, z);
    }

    /// Splits dispatches over x and y past `n` workgroups per dimension (tests use a small
    /// `n` to exercise the kernels' two-dimensional numbering).
    pub fn set_max_workgroups_per_dimension(&mut self, n: u32) {
        self.max_workgroups = n.clamp(1, self.device.limits().max_compute_workgroups_per_dimension);
    }

    /// Only the scan kernels, over `counts` (2 words per patch) uploaded as they are: returns
    /// the offsets (first 2P words) and the indirect words.
    pub fn scan(&mut self, mode: TessMode, counts: &[u32]) -> Result<(Vec<u32>, [u32; 6]), GpuError> {
        let patches = (counts.len() / 2) as u32;
        self.pipelines(mode)?;
        let scope = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let draw = DrawUniform { instances: 1, primitives: patches, tess_mode: mode.draw_bits(), ..Default::default() };
        let draw_buf = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("draw"),
            size: tesserae::draw_uniform::SIZE,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        self.queue.write_buffer(&draw_buf, 0, &draw.to_bytes());
        let counts_buf = self.init("counts", counts);
        let offsets_buf = self.init("offsets", &vec![SENTINEL; gpu::offsets_len(patches) as usize]);
        let indirect_buf = self.init("indirect", &[SENTINEL; 6]);
        let placeholder = self.storage("unused", 16);
        let no_levels = self.storage("no levels", 16);
        let group = self.bind_group(
            &draw_buf,
            [
                (&no_levels, None),
                (&counts_buf, None),
                (&offsets_buf, None),
                (&placeholder, None),
                (&placeholder, None),
                (&indirect_buf, None),
            ],
        );
        let mut encoder = self.device.create_command_encoder(&Default::default());
        {
            let p = &self.pipelines[&mode.domain];
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor { label: Some("tess scan"), timestamp_writes: None });
            for (kernel, n) in p.scan.iter().zip(gpu::scan_workgroups(patches)) {
                self.dispatch(&mut pass, kernel, &group, n);
            }
        }
        self.queue.submit([encoder.finish()]);
        let offsets = self.read(&offsets_buf, 8 * patches as u64)?;
        let words = self.read(&indirect_buf, 24)?;
        self.check("running the scan", scope)?;
        let mut indirect = [0u32; 6];
        indirect.copy_from_slice(&words);
        Ok((offsets, indirect))
    }

    /// Tessellates `levels.len()` patches as `instances` instances of `levels.len() /
    /// instances` primitives (`instances` must divide the number of patches).
    pub fn run(&mut self, mode: TessMode, levels: &[Levels], instances: u32) -> Result<GpuOutput, GpuError> {
        self.run_sized(mode, levels, instances, OutputSizes::default()).map(|(o, _)| o)
    }

    /// [`GpuTessellator::run`] with chosen output binding sizes; also returns whether every
    /// guard word after the domain and index bindings still holds [`SENTINEL`].
    pub fn run_sized(
        &mut self,
        mode: TessMode,
        levels: &[Levels],
        instances: u32,
        sizes: OutputSizes,
    ) -> Result<(GpuOutput, bool), GpuError> {
        let patches = levels.len() as u32;
        let instances = instances.max(1);
        assert_eq!(patches % instances, 0, "instances must divide the patches");
        self.pipelines(mode)?;
        let scope = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let draw = DrawUniform { instances, primitives: patches / instances, tess_mode: mode.draw_bits(), ..Default::default() };
        let draw_buf = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("draw"),
            size: tesserae::draw_uniform::SIZE,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        self.queue.write_buffer(&draw_buf, 0, &draw.to_bytes());
        let mut level_words = Vec::with_capacity(levels.len() * 8);
        for (outer, inner) in levels {
            level_words.extend(outer.iter().map(|l| l.to_bits()));
            level_words.extend([inner[0].to_bits(), inner[1].to_bits(), 0, 0]);
        }
        let levels_buf = self.init("levels", &level_words);
        // Counts and offsets start as garbage, so that an unwritten word shows.
        let counts_buf = self.init("counts", &vec![SENTINEL; 2 * patches as usize]);
        let offsets_buf = self.init("offsets", &vec![SENTINEL; gpu::offsets_len(patches) as usize]);
        let indirect_buf = self.init("indirect", &[SENTINEL; 6]);
        let placeholder = self.storage("unused", 16);
        // Count and scan.
        {
            let p = &self.pipelines[&mode.domain];
            let group = self.bind_group(
                &draw_buf,
                [
                    (&levels_buf, None),
                    (&counts_buf, None),
                    (&offsets_buf, None),
                    (&placeholder, None),
                    (&placeholder, None),
                    (&indirect_buf, None),
                ],
            );
            let mut encoder = self.device.create_command_encoder(&Default::default());
            {
                let mut pass =
                    encoder.begin_compute_pass(&wgpu::ComputePassDescriptor { label: Some("tess count"), timestamp_writes: None });
                self.dispatch(&mut pass, &p.count, &group, gpu::count_workgroups(patches));
                for (kernel, n) in p.scan.iter().zip(gpu::scan_workgroups(patches)) {
                    self.dispatch(&mut pass, kernel, &group, n);
                }
            }
            self.queue.submit([encoder.finish()]);
        }
        let counts = self.read(&counts_buf, 8 * patches as u64)?;
        let offsets = self.read(&offsets_buf, 8 * patches as u64)?;
        let indirect_words = self.read(&indirect_buf, 24)?;
        let mut indirect = [0u32; 6];
        indirect.copy_from_slice(&indirect_words);
        // Emit, into buffers sized from the totals (or as asked), each followed by guard words.
        let domain_bytes = sizes.domain.unwrap_or(16 * indirect[5] as u64).min(self.max_binding - 4 * GUARD_WORDS) & !15;
        let index_bytes = sizes.indices.unwrap_or(4 * indirect[0] as u64).min(self.max_binding - 4 * GUARD_WORDS) & !3;
        // A zero-sized binding is not allowed: bind at least one element, then ignore it.
        let (domain_bound, index_bound) = (domain_bytes.max(16), index_bytes.max(4));
        let domain_buf = self.init("domain", &vec![SENTINEL; (domain_bound / 4 + GUARD_WORDS) as usize]);
        let indices_buf = self.init("indices", &vec![SENTINEL; (index_bound / 4 + GUARD_WORDS) as usize]);
        {
            let p = &self.pipelines[&mode.domain];
            let group = self.bind_group(
                &draw_buf,
                [
                    (&levels_buf, None),
                    (&counts_buf, None),
                    (&offsets_buf, None),
                    (&domain_buf, Some(domain_bound)),
                    (&indices_buf, Some(index_bound)),
                    (&indirect_buf, None),
                ],
            );
            let mut encoder = self.device.create_command_encoder(&Default::default());
            {
                let mut pass =
                    encoder.begin_compute_pass(&wgpu::ComputePassDescriptor { label: Some("tess emit"), timestamp_writes: None });
                self.dispatch(&mut pass, &p.emit, &group, gpu::count_workgroups(patches));
            }
            self.queue.submit([encoder.finish()]);
        }
        let domain_words = self.read(&domain_buf, domain_bound + 4 * GUARD_WORDS)?;
        let index_words = self.read(&indices_buf, index_bound + 4 * GUARD_WORDS)?;
        self.check("running the kernels", scope)?;
        let domain_end = (domain_bound / 4) as usize;
        let index_end = (index_bound / 4) as usize;
        let guards_intact = domain_words[domain_end..].iter().chain(&index_words[index_end..]).all(|&w| w == SENTINEL);
        let domain = domain_words[..(domain_bytes / 4) as usize].chunks_exact(4).map(|c| [c[0], c[1], c[2], c[3]]).collect();
        let indices = index_words[..(index_bytes / 4) as usize].to_vec();
        Ok((GpuOutput { counts, offsets, indirect, domain, indices }, guards_intact))
    }
}

fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// What differs between the CPU's tessellation of `cfg` and patch `p` of `out` (whose offsets
/// were checked separately), or `None`.
pub fn compare_patch(cfg: &TessConfig, p: usize, out: &GpuOutput) -> Option<String> {
    let want = tessellator::tessellate(cfg);
    let want_indices = want.primitives.indices();
    let (points, entries) = (out.counts[2 * p] as usize, out.counts[2 * p + 1] as usize);
    let mut s = String::new();
    if points != want.points.len() || entries != want_indices.len() {
        let _ =
            write!(s, "counts: cpu {} points {} entries, gpu {points} points {entries} entries; ", want.points.len(), want_indices.len());
    }
    let first_point = out.offsets[2 * p] as usize;
    let first_entry = out.offsets[2 * p + 1] as usize;
    for k in 0..want.points.len() {
        let [u, v, w] = want.coord3(k).map(f32::to_bits);
        let expect = [u, v, w, p as u32];
        match out.domain.get(first_point + k) {
            Some(&got) if got == expect => {}
            got => {
                let _ = write!(s, "point {k}: cpu {} gpu {}; ", words(&expect), got.map_or("missing".into(), |g| words(g)));
                break;
            }
        }
    }
    for (j, &want_index) in want_indices.iter().enumerate() {
        let got = out.indices.get(first_entry + j).map(|&g| g.wrapping_sub(first_point as u32));
        if got != Some(want_index) {
            let _ = write!(s, "index entry {j}: cpu {want_index} gpu {got:?}; ");
            break;
        }
    }
    (!s.is_empty()).then_some(s)
}

fn words(w: &[u32]) -> String {
    let f: Vec<String> = w.iter().take(3).map(|&b| format!("{}[{b:08x}]", f32::from_bits(b))).collect();
    format!("({}, patch {})", f.join(", "), w.get(3).copied().unwrap_or(0))
}

/// Problems with the scan of a batch: offsets that are not the exclusive prefix sums of the
/// counts the GPU wrote, or indirect arguments that are not the totals.
pub fn check_scan(out: &GpuOutput) -> Vec<String> {
    let mut problems = Vec::new();
    let (mut points, mut entries) = (0u32, 0u32);
    for p in 0..out.counts.len() / 2 {
        if out.offsets[2 * p] != points || out.offsets[2 * p + 1] != entries {
            problems.push(format!(
                "patch {p}: offsets ({}, {}), prefix sums ({points}, {entries})",
                out.offsets[2 * p],
                out.offsets[2 * p + 1]
            ));
            if problems.len() > 3 {
                break;
            }
        }
        points = points.wrapping_add(out.counts[2 * p]);
        entries = entries.wrapping_add(out.counts[2 * p + 1]);
    }
    if out.indirect != [entries, 1, 0, 0, 0, points] {
        problems.push(format!("indirect {:?}, totals: {entries} entries, {points} points", out.indirect));
    }
    problems
}

/// Totals of one mode.
#[derive(Debug, Default, Clone, Copy)]
pub struct GpuSummary {
    pub configurations: usize,
    pub mismatches: usize,
    pub points: usize,
    pub entries: usize,
}

/// How many mismatching configurations are printed in detail.
const DETAILS: usize = 5;

/// Runs `levels` of `mode` in batches of at most `budget_points` expected domain points,
/// printing mismatch details while fewer than [`DETAILS`] have been printed in `total`.
pub fn sweep_mode(gpu: &mut GpuTessellator, mode: Mode, levels: &[Levels], total: &GpuSummary) -> Result<GpuSummary, GpuError> {
    let mut sum = GpuSummary::default();
    // Keep each batch's domain buffer well inside the binding limit.
    let budget_points = (gpu.max_binding() / 16 / 2).min(1 << 22) as usize;
    let mut start = 0;
    while start < levels.len() {
        let mut end = start;
        let mut points = 0;
        while end < levels.len() {
            let n = tessellator::point_count(&config(mode, levels[end])).max(1);
            if end > start && points + n > budget_points {
                break;
            }
            points += n;
            end += 1;
        }
        let batch = &levels[start..end];
        let out = gpu.run(tess_mode(mode), batch, 1)?;
        let scan = check_scan(&out);
        if !scan.is_empty() {
            sum.mismatches += 1;
            println!("MISMATCH {mode:?}: scan of {} patches: {}", batch.len(), scan.join("; "));
        }
        for (p, &l) in batch.iter().enumerate() {
            let cfg = config(mode, l);
            sum.configurations += 1;
            sum.points += out.counts[2 * p] as usize;
            sum.entries += out.counts[2 * p + 1] as usize;
            if let Some(why) = compare_patch(&cfg, p, &out) {
                sum.mismatches += 1;
                if total.mismatches + sum.mismatches <= DETAILS {
                    println!(
                        "MISMATCH {:?} {:?} {:?}{}: outer {:?} {:08x?} inner {:?} {:08x?}: {why}",
                        cfg.domain,
                        cfg.spacing,
                        cfg.winding,
                        if cfg.point_mode { " point-mode" } else { "" },
                        cfg.outer,
                        cfg.outer.map(f32::to_bits),
                        cfg.inner,
                        cfg.inner.map(f32::to_bits)
                    );
                }
            }
        }
        start = end;
    }
    Ok(sum)
}

/// The whole GPU sweep (`quick`: the quick subset of the driver sweep's configurations); see
/// the module documentation for the output and exit status.
pub fn run(backend: Backend, adapter: Option<&str>, quick: bool) -> ExitCode {
    let started = Instant::now();
    let mut gpu = match GpuTessellator::new(backend, adapter) {
        Ok(g) => g,
        Err(GpuError::Unavailable(m)) => {
            eprintln!("tess-sweep --gpu: {m}");
            return ExitCode::from(125);
        }
        Err(e) => {
            eprintln!("tess-sweep --gpu: {e}");
            return ExitCode::from(2);
        }
    };
    println!("gpu tessellator on {}{}", gpu.description(), if quick { " (quick sweep)" } else { "" });
    let mut total = GpuSummary::default();
    for mode in modes() {
        let levels = sweep_levels(mode, quick);
        let t = Instant::now();
        match sweep_mode(&mut gpu, mode, &levels, &total) {
            Ok(s) => {
                println!(
                    "{:<10} {:<15} {:<4}{:<11} {:>5} configurations {:>8} points {:>8} index entries {:>3} mismatches {:>6.2} s",
                    format!("{:?}", mode.domain),
                    format!("{:?}", mode.spacing),
                    format!("{:?}", mode.winding),
                    if mode.point_mode { " point-mode" } else { "" },
                    s.configurations,
                    s.points,
                    s.entries,
                    s.mismatches,
                    t.elapsed().as_secs_f64()
                );
                total.configurations += s.configurations;
                total.mismatches += s.mismatches;
                total.points += s.points;
                total.entries += s.entries;
            }
            Err(e) => {
                eprintln!("tess-sweep --gpu: {mode:?}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    println!("{} points and {} index entries compared in {:.1} s", total.points, total.entries, started.elapsed().as_secs_f64());
    println!("configurations={} mismatches={}", total.configurations, total.mismatches);
    ExitCode::from(if total.mismatches == 0 { 0 } else { 1 })
}
