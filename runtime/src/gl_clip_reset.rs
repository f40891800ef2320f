//! A workaround for wgpu's GL backend (wgpu-hal 30.0.2, `gles/command.rs` and `queue.rs`):
//! a render pipeline with clip distances enables `GL_CLIP_DISTANCEi`, but the encoder's record
//! of how many planes are enabled starts at 0 in every command buffer and the queue's state
//! reset does not disable them. A later command buffer drawing with a pipeline without clip
//! distances then keeps the planes enabled, the vertex shader leaves `gl_ClipDistance`
//! undefined, and llvmpipe clips everything away (the conformance runner found it when tests
//! started sharing a device).
//!
//! The cure stays inside the application's render pass: after drawing with clip distances,
//! bind a pipeline with none. The GL backend then records the transition down to 0 and
//! disables the planes, leaving the context as the next command buffer expects. The pipeline
//! is never drawn with: it writes no colour (write masks 0) and matches the pass's formats.

use crate::PipelineConfig;
use tesserae::{Pass, Plan};

const WGSL: &str = "@vertex fn vs() -> @builtin(position) vec4<f32> { return vec4<f32>(0.0, 0.0, 0.0, 1.0); }\n@fragment fn fs() {}\n";

pub struct ClipPlaneReset {
    pipeline: wgpu::RenderPipeline,
}

impl ClipPlaneReset {
    /// `Some` on the GL backend when a render pass of `plan` uses clip distances.
    pub fn new(device: &wgpu::Device, plan: &Plan, config: &PipelineConfig) -> Option<Self> {
        let uses_clip = plan.passes.iter().any(|p| matches!(p, Pass::Render(r) if r.clip_distances > 0));
        if !uses_clip || device.adapter_info().backend != wgpu::Backend::Gl {
            return None;
        }
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("tesserae clip plane reset"),
            source: wgpu::ShaderSource::Wgsl(WGSL.into()),
        });
        let targets: Vec<Option<wgpu::ColorTargetState>> = config
            .color_targets
            .iter()
            .map(|t| t.as_ref().map(|t| wgpu::ColorTargetState { format: t.format, blend: None, write_mask: wgpu::ColorWrites::empty() }))
            .collect();
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("tesserae clip plane reset"),
            layout: None,
            vertex: wgpu::VertexState { module: &module, entry_point: Some("vs"), compilation_options: Default::default(), buffers: &[] },
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: config.depth_stencil.clone(),
            multisample: config.multisample,
            fragment: Some(wgpu::FragmentState {
                module: &module,
                entry_point: Some("fs"),
                compilation_options: Default::default(),
                targets: &targets,
            }),
            multiview_mask: None,
            cache: None,
        });
        Some(ClipPlaneReset { pipeline })
    }

    /// Binds the pipeline without clip distances (no draw).
    pub fn apply(&self, rpass: &mut wgpu::RenderPass<'_>) {
        rpass.set_pipeline(&self.pipeline);
    }
}
