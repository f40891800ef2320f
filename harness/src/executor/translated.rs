//! The translated executor: the translator's [`tesserae::Plan`] run on wgpu.
//!
//! Backend and adapter come from the caller (`--backend`, `--adapter`) or from
//! `WGPU_BACKEND` / `WGPU_ADAPTER_NAME`. wgpu errors are caught with error scopes and an
//! uncaptured-error handler, so a bad plan is a failed test, never a panic.

use super::{DriverInfo, ExecError, Executor, INSTALL_HINT};
use crate::compile;
use crate::image::Image;
use crate::shader_test::{CullMode, FrontFace, IndexFormat, ShaderTest};
use std::sync::{Arc, Mutex};
use tesserae::{BufferUsage, ClipMode, DrawShape, Pass, Plan, RenderPass, Resource, StepMode, Topology, VertexFormat, Workgroups};

/// Point sizes clamp to this range. lavapipe reports `pointSizeRange` [0, 255] but draws sizes
/// below 1 (and NaN) as 1-pixel points, so the minimum is 1.
pub const POINT_SIZE_RANGE: [f32; 2] = [1.0, 255.0];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Vulkan,
    Gl,
}

impl Backend {
    fn wgpu(self) -> wgpu::Backends {
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

pub struct TranslatedExecutor {
    backend: Backend,
    device: wgpu::Device,
    queue: wgpu::Queue,
    features: wgpu::Features,
    info: DriverInfo,
    clip: ClipMode,
    uncaptured: Arc<Mutex<Vec<String>>>,
}

impl TranslatedExecutor {
    pub fn new(backend: Backend, adapter: Option<&str>) -> Result<Self, ExecError> {
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
        desc.backends = backend.wgpu();
        let instance = wgpu::Instance::new(desc);
        let adapters = pollster::block_on(instance.enumerate_adapters(backend.wgpu()));
        let names: Vec<String> = adapters.iter().map(|a| a.get_info().name).collect();
        let filter = adapter.map(str::to_string).or_else(|| std::env::var("WGPU_ADAPTER_NAME").ok());
        let Some(adapter) =
            adapters.into_iter().find(|a| filter.as_ref().is_none_or(|f| a.get_info().name.to_lowercase().contains(&f.to_lowercase())))
        else {
            return Err(ExecError::Skip(format!(
                "no wgpu {} adapter{} (adapters: {}); {INSTALL_HINT}",
                backend.name(),
                filter.map(|f| format!(" matching {f:?}")).unwrap_or_default(),
                if names.is_empty() { "none".into() } else { names.join(", ") }
            )));
        };
        let features = adapter.features() & (wgpu::Features::CLIP_DISTANCES | wgpu::Features::SHADER_F16);
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
                v.push(e.to_string());
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
        Ok(TranslatedExecutor { backend, device, queue, features, info, clip: ClipMode::Native, uncaptured })
    }

    /// Forces a clip mode (the default is native `clip_distances`).
    pub fn with_clip(mut self, clip: ClipMode) -> Self {
        self.clip = clip;
        self
    }

    fn check(&self, label: &str, scope: wgpu::ErrorScopeGuard) -> Result<(), ExecError> {
        if let Some(e) = pollster::block_on(scope.pop()) {
            // wgpu's Display already carries the cause chain.
            return Err(ExecError::Device(format!("{label}: {e}")));
        }
        if let Ok(mut v) = self.uncaptured.lock() {
            if !v.is_empty() {
                return Err(ExecError::Device(format!("{label}: {}", v.drain(..).collect::<Vec<_>>().join("; "))));
            }
        }
        Ok(())
    }
}

pub fn wgpu_format(f: VertexFormat) -> wgpu::VertexFormat {
    use VertexFormat::*;
    match f {
        Float32 => wgpu::VertexFormat::Float32,
        Float32x2 => wgpu::VertexFormat::Float32x2,
        Float32x3 => wgpu::VertexFormat::Float32x3,
        Float32x4 => wgpu::VertexFormat::Float32x4,
        Uint32 => wgpu::VertexFormat::Uint32,
        Uint32x2 => wgpu::VertexFormat::Uint32x2,
        Uint32x3 => wgpu::VertexFormat::Uint32x3,
        Uint32x4 => wgpu::VertexFormat::Uint32x4,
        Sint32 => wgpu::VertexFormat::Sint32,
        Sint32x2 => wgpu::VertexFormat::Sint32x2,
        Sint32x3 => wgpu::VertexFormat::Sint32x3,
        Sint32x4 => wgpu::VertexFormat::Sint32x4,
        Unorm8x4 => wgpu::VertexFormat::Unorm8x4,
        Float16x2 => wgpu::VertexFormat::Float16x2,
        Float16x4 => wgpu::VertexFormat::Float16x4,
    }
}

enum Pipeline {
    Render(wgpu::RenderPipeline),
    Compute(wgpu::ComputePipeline),
}

fn index_format(f: IndexFormat) -> wgpu::IndexFormat {
    match f {
        IndexFormat::U16 => wgpu::IndexFormat::Uint16,
        IndexFormat::U32 => wgpu::IndexFormat::Uint32,
    }
}

fn wgpu_topology(t: Topology) -> Result<wgpu::PrimitiveTopology, ExecError> {
    Ok(match t {
        Topology::PointList => wgpu::PrimitiveTopology::PointList,
        Topology::LineList => wgpu::PrimitiveTopology::LineList,
        Topology::LineStrip => wgpu::PrimitiveTopology::LineStrip,
        Topology::TriangleList => wgpu::PrimitiveTopology::TriangleList,
        Topology::TriangleStrip => wgpu::PrimitiveTopology::TriangleStrip,
        Topology::PatchList { .. } => return Err(ExecError::Device("a render pass cannot draw patches on wgpu".into())),
    })
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

    fn render(&mut self, test: &ShaderTest) -> Result<Image, ExecError> {
        let desc = compile::pipeline(test, tesserae::Options { clip: self.clip })?;
        let plan = tesserae::translate(&desc)?;
        self.run_plan(test, &plan)
    }
}

impl TranslatedExecutor {
    /// Turns a plan into wgpu calls and reads the colour target back.
    ///
    /// Plans whose passes are all plain render passes record the test's draws in one render
    /// pass. Otherwise every recorded draw runs the whole pass list with its own uniform and
    /// intermediate buffers; the colour target is cleared once, before the first draw.
    pub fn run_plan(&self, test: &ShaderTest, plan: &Plan) -> Result<Image, ExecError> {
        let t = &test.test;
        let (w, h) = (t.width, t.height);
        let d = &self.device;
        let scope = d.push_error_scope(wgpu::ErrorFilter::Validation);
        let target = d.create_texture(&wgpu::TextureDescriptor {
            label: Some("colour"),
            size: wgpu::Extent3d { width: w, height: h, depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba8Unorm,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let view = target.create_view(&wgpu::TextureViewDescriptor::default());
        // Vertex and index buffers are also storage buffers: expansion passes pull from them.
        let vertex_buffers: Vec<wgpu::Buffer> = test
            .vertex_buffers
            .iter()
            .map(|b| self.buffer_init(&b.data, wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::STORAGE))
            .collect();
        let index_buffer = test
            .index_buffer
            .as_ref()
            .map(|ib| (self.buffer_init(&ib.bytes(), wgpu::BufferUsages::INDEX | wgpu::BufferUsages::STORAGE), ib.format));
        let dummy = self.buffer_init(&[0; 4], wgpu::BufferUsages::STORAGE);
        let pipelines =
            plan.passes.iter().map(|p| self.pipeline(test, p, index_buffer.as_ref().map(|b| b.1))).collect::<Result<Vec<_>, _>>()?;
        let mut encoder = d.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("test") });
        let c = t.clear;
        let clear = wgpu::Color { r: c[0] as f64, g: c[1] as f64, b: c[2] as f64, a: c[3] as f64 };
        let cleared = std::cell::Cell::new(false);
        let colour_pass = |encoder: &mut wgpu::CommandEncoder, label: &str| -> wgpu::RenderPass<'static> {
            let load = if cleared.replace(true) { wgpu::LoadOp::Load } else { wgpu::LoadOp::Clear(clear) };
            encoder
                .begin_render_pass(&wgpu::RenderPassDescriptor {
                    label: Some(label),
                    color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                        view: &view,
                        depth_slice: None,
                        resolve_target: None,
                        ops: wgpu::Operations { load, store: wgpu::StoreOp::Store },
                    })],
                    depth_stencil_attachment: None,
                    timestamp_writes: None,
                    occlusion_query_set: None,
                    multiview_mask: None,
                })
                .forget_lifetime()
        };
        let all_as_recorded = plan.passes.iter().all(|p| matches!(p, Pass::Render(RenderPass { draw: DrawShape::AsRecorded, .. })));
        if all_as_recorded {
            for (pass, pipeline) in plan.passes.iter().zip(&pipelines) {
                let (Pass::Render(rp), Pipeline::Render(pipeline)) = (pass, pipeline) else { continue };
                let mut rpass = colour_pass(&mut encoder, &rp.label);
                rpass.set_pipeline(pipeline);
                for (i, b) in vertex_buffers.iter().enumerate() {
                    rpass.set_vertex_buffer(i as u32, b.slice(..));
                }
                if let Some((b, f)) = &index_buffer {
                    rpass.set_index_buffer(b.slice(..), index_format(*f));
                }
                for dr in &t.draws {
                    let inst = dr.first_instance..dr.first_instance + dr.instances;
                    if dr.indexed {
                        rpass.draw_indexed(dr.first..dr.first + dr.count, dr.base_vertex, inst);
                    } else {
                        rpass.draw(dr.first..dr.first + dr.count, inst);
                    }
                }
            }
        } else {
            for dr in &t.draws {
                let params = self.draw_params(test, dr);
                let primitives = tesserae::cull::primitives_per_instance(test.topology(), dr.count);
                let intermediates: Vec<(String, wgpu::Buffer)> = plan
                    .buffers
                    .iter()
                    .map(|b| {
                        let usage = wgpu::BufferUsages::STORAGE
                            | match b.usage {
                                BufferUsage::Storage => wgpu::BufferUsages::empty(),
                                BufferUsage::Index => wgpu::BufferUsages::INDEX,
                                BufferUsage::Indirect => wgpu::BufferUsages::INDIRECT,
                            };
                        let size = b.size.bytes(dr.count, primitives, dr.instances);
                        (
                            b.name.clone(),
                            d.create_buffer(&wgpu::BufferDescriptor { label: Some(&b.name), size, usage, mapped_at_creation: false }),
                        )
                    })
                    .collect();
                let find = |name: &str| intermediates.iter().find(|(n, _)| n == name).map(|(_, b)| b);
                let resource = |r: &Resource| -> Result<&wgpu::Buffer, ExecError> {
                    Ok(match r {
                        Resource::DrawParams { .. } => &params,
                        Resource::IndexBufferAsStorage => index_buffer.as_ref().map_or(&dummy, |(b, _)| b),
                        Resource::VertexBufferAsStorage { slot } => vertex_buffers.get(*slot as usize).unwrap_or(&dummy),
                        Resource::Intermediate { name } => {
                            find(name).ok_or_else(|| ExecError::Device(format!("plan names an unknown buffer `{name}`")))?
                        }
                    })
                };
                for (pass, pipeline) in plan.passes.iter().zip(&pipelines) {
                    match (pass, pipeline) {
                        (Pass::Compute(cp), Pipeline::Compute(pipeline)) => {
                            let groups = self.bind_groups(&cp.resources, |g| pipeline.get_bind_group_layout(g), &resource)?;
                            let mut cpass =
                                encoder.begin_compute_pass(&wgpu::ComputePassDescriptor { label: Some(&cp.label), timestamp_writes: None });
                            cpass.set_pipeline(pipeline);
                            for (g, bg) in &groups {
                                cpass.set_bind_group(*g, bg, &[]);
                            }
                            let (x, y) = match cp.workgroups {
                                Workgroups::PerPosition { size } => (dr.count.div_ceil(size), dr.instances),
                                Workgroups::PerPrimitive { size } => (primitives.div_ceil(size), dr.instances),
                                Workgroups::One => (1, 1),
                            };
                            if x > 0 && y > 0 {
                                cpass.dispatch_workgroups(x, y, 1);
                            }
                        }
                        (Pass::Render(rp), Pipeline::Render(pipeline)) => {
                            let groups = self.bind_groups(&rp.resources, |g| pipeline.get_bind_group_layout(g), &resource)?;
                            let mut rpass = colour_pass(&mut encoder, &rp.label);
                            rpass.set_pipeline(pipeline);
                            for (g, bg) in &groups {
                                rpass.set_bind_group(*g, bg, &[]);
                            }
                            match &rp.draw {
                                DrawShape::AsRecorded => {
                                    return Err(ExecError::Device("a per-draw plan with an as-recorded render pass".into()))
                                }
                                DrawShape::ExpandedPoints { indices_per_point, indices } => {
                                    let Some(ib) = find(indices) else {
                                        return Err(ExecError::Device(format!("plan names an unknown buffer `{indices}`")));
                                    };
                                    rpass.set_index_buffer(ib.slice(..), wgpu::IndexFormat::Uint32);
                                    rpass.draw_indexed(0..indices_per_point * dr.count * dr.instances, 0, 0..1);
                                }
                                DrawShape::IndexedIndirect { indices, arguments } => {
                                    let (Some(ib), Some(args)) = (find(indices), find(arguments)) else {
                                        return Err(ExecError::Device("plan names an unknown indirect buffer".into()));
                                    };
                                    rpass.set_index_buffer(ib.slice(..), wgpu::IndexFormat::Uint32);
                                    rpass.draw_indexed_indirect(args, 0);
                                }
                            }
                        }
                        _ => return Err(ExecError::Device("pass and pipeline kinds differ".into())),
                    }
                }
            }
        }
        if !cleared.get() {
            drop(colour_pass(&mut encoder, "clear"));
        }
        let row = (w * 4).div_ceil(256) * 256;
        let readback = d.create_buffer(&wgpu::BufferDescriptor {
            label: Some("readback"),
            size: (row * h) as u64,
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        encoder.copy_texture_to_buffer(
            target.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &readback,
                layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(row), rows_per_image: Some(h) },
            },
            wgpu::Extent3d { width: w, height: h, depth_or_array_layers: 1 },
        );
        self.queue.submit([encoder.finish()]);
        self.check("recording the plan", scope)?;
        let (tx, rx) = std::sync::mpsc::channel();
        readback.slice(..).map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        d.poll(wgpu::PollType::wait_indefinitely()).map_err(|e| ExecError::Device(format!("poll: {e}")))?;
        rx.recv().map_err(|e| ExecError::Device(format!("map_async: {e}")))?.map_err(|e| ExecError::Device(format!("map_async: {e}")))?;
        let mapped = readback.slice(..).get_mapped_range().map_err(|e| ExecError::Device(format!("get_mapped_range: {e}")))?;
        let mut data = Vec::with_capacity((w * h * 4) as usize);
        for y in 0..h {
            let start = (y * row) as usize;
            data.extend_from_slice(&mapped[start..start + (w * 4) as usize]);
        }
        drop(mapped);
        readback.unmap();
        Ok(Image { width: w, height: h, data })
    }

    /// One bind group per group the resources name.
    fn bind_groups<'b>(
        &self,
        resources: &[tesserae::PassResource],
        layout: impl Fn(u32) -> wgpu::BindGroupLayout,
        resource: &dyn Fn(&Resource) -> Result<&'b wgpu::Buffer, ExecError>,
    ) -> Result<Vec<(u32, wgpu::BindGroup)>, ExecError> {
        let mut groups: Vec<u32> = resources.iter().map(|r| r.group).collect();
        groups.sort();
        groups.dedup();
        let mut out = Vec::new();
        for g in groups {
            let mut entries = Vec::new();
            for r in resources.iter().filter(|r| r.group == g) {
                entries.push(wgpu::BindGroupEntry { binding: r.binding, resource: resource(&r.resource)?.as_entire_binding() });
            }
            let bg = self.device.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout: &layout(g), entries: &entries });
            out.push((g, bg));
        }
        Ok(out)
    }

    fn pipeline(&self, test: &ShaderTest, pass: &Pass, index: Option<IndexFormat>) -> Result<Pipeline, ExecError> {
        let d = &self.device;
        let module = |label: &str, wgsl: &str| {
            d.create_shader_module(wgpu::ShaderModuleDescriptor { label: Some(label), source: wgpu::ShaderSource::Wgsl(wgsl.into()) })
        };
        let rp = match pass {
            Pass::Compute(cp) => {
                let m = module(&cp.label, &cp.shader.wgsl);
                return Ok(Pipeline::Compute(d.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                    label: Some(&cp.label),
                    layout: None,
                    module: &m,
                    entry_point: Some(&cp.shader.entry_point),
                    compilation_options: Default::default(),
                    cache: None,
                })));
            }
            Pass::Render(rp) => rp,
        };
        let t = &test.test;
        if rp.clip_distances > 0 && !self.features.contains(wgpu::Features::CLIP_DISTANCES) {
            return Err(ExecError::Skip(format!("{} lacks wgpu::Features::CLIP_DISTANCES", self.info.device)));
        }
        let vs = module("vertex", &rp.vertex.wgsl);
        let fs = rp.fragment.as_ref().map(|f| module("fragment", &f.wgsl));
        let attrs: Vec<Vec<wgpu::VertexAttribute>> = rp
            .vertex_buffers
            .iter()
            .map(|b| {
                b.attributes
                    .iter()
                    .map(|a| wgpu::VertexAttribute { format: wgpu_format(a.format), offset: a.offset as u64, shader_location: a.location })
                    .collect()
            })
            .collect();
        let layouts: Vec<Option<wgpu::VertexBufferLayout>> = rp
            .vertex_buffers
            .iter()
            .zip(&attrs)
            .map(|(b, a)| {
                Some(wgpu::VertexBufferLayout {
                    array_stride: b.stride as u64,
                    step_mode: match b.step_mode {
                        StepMode::Vertex => wgpu::VertexStepMode::Vertex,
                        StepMode::Instance => wgpu::VertexStepMode::Instance,
                    },
                    attributes: a,
                })
            })
            .collect();
        let strip_index_format = match (index, rp.topology.is_strip(), &rp.draw) {
            (Some(f), true, DrawShape::AsRecorded) => Some(index_format(f)),
            _ => None,
        };
        Ok(Pipeline::Render(d.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some(&rp.label),
            layout: None,
            vertex: wgpu::VertexState {
                module: &vs,
                entry_point: Some(&rp.vertex.entry_point),
                compilation_options: Default::default(),
                buffers: &layouts,
            },
            primitive: wgpu::PrimitiveState {
                topology: wgpu_topology(rp.topology)?,
                strip_index_format,
                front_face: match t.front_face {
                    FrontFace::Ccw => wgpu::FrontFace::Ccw,
                    FrontFace::Cw => wgpu::FrontFace::Cw,
                },
                // Expanded points are never culled: Vulkan culls polygons only.
                cull_mode: match (t.cull, &rp.draw) {
                    (_, DrawShape::ExpandedPoints { .. }) | (CullMode::None, _) => None,
                    (CullMode::Front, _) => Some(wgpu::Face::Front),
                    (CullMode::Back, _) => Some(wgpu::Face::Back),
                },
                unclipped_depth: false,
                polygon_mode: wgpu::PolygonMode::Fill,
                conservative: false,
            },
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            fragment: fs.as_ref().zip(rp.fragment.as_ref()).map(|(m, f)| wgpu::FragmentState {
                module: m,
                entry_point: Some(&f.entry_point),
                compilation_options: Default::default(),
                targets: &[Some(wgpu::ColorTargetState {
                    format: wgpu::TextureFormat::Rgba8Unorm,
                    blend: None,
                    write_mask: wgpu::ColorWrites::ALL,
                })],
            }),
            multiview_mask: None,
            cache: None,
        })))
    }

    /// The `TesseraeDraw` uniform of an expanded draw (layout in `tesserae::points`).
    fn draw_params(&self, test: &ShaderTest, dr: &crate::shader_test::Draw) -> wgpu::Buffer {
        let t = &test.test;
        let mut b = Vec::with_capacity(tesserae::points::DRAW_PARAMS_SIZE as usize);
        b.extend((t.width as f32).to_le_bytes());
        b.extend((t.height as f32).to_le_bytes());
        b.extend(1.0f32.to_le_bytes());
        b.extend((dr.indexed as u32).to_le_bytes());
        b.extend(dr.first.to_le_bytes());
        b.extend(dr.base_vertex.to_le_bytes());
        let u16_indices = test.index_buffer.as_ref().is_some_and(|i| i.format == IndexFormat::U16);
        b.extend((u16_indices as u32).to_le_bytes());
        b.extend(dr.count.to_le_bytes());
        b.extend(POINT_SIZE_RANGE[0].to_le_bytes());
        b.extend(POINT_SIZE_RANGE[1].to_le_bytes());
        b.extend(dr.instances.to_le_bytes());
        b.extend(tesserae::cull::primitives_per_instance(test.topology(), dr.count).to_le_bytes());
        b.extend(dr.first_instance.to_le_bytes());
        b.resize(tesserae::points::DRAW_PARAMS_SIZE as usize, 0);
        self.buffer_init(&b, wgpu::BufferUsages::UNIFORM)
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
