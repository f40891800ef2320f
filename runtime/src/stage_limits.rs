//! The per-stage binding limits a pass's pipeline layout must fit, counted before wgpu sees
//! the layout.
//!
//! wgpu counts a pipeline layout's bindings per shader stage (storage buffers, uniform
//! buffers, sampled textures, samplers, storage textures, binding-array elements) against the
//! device's limits when the layout is created, and reports one over as a validation error —
//! a panic under wgpu's default error handler, and no hint of which pass of the plan it was.
//! The emulation's passes bind buffers of their own next to the application's (the
//! tessellation cull pass up to six storage buffers, plus those its evaluation stage reads),
//! so a plan that translates may still not fit a device created with WebGPU's default limits
//! (eight storage buffers per stage). [`check`] counts as wgpu does — every entry of every
//! bind group layout of the pipeline layout whose visibility includes the stage, whether or
//! not the pass's shader reads it — and names the pass, stage, kind and limit.
//!
//! Invariant: a layout [`check`] accepts is accepted by wgpu's per-stage count for the same
//! limits (the two count the same entries the same way; the test in `tests/errors.rs` shows
//! the refusal on a device with WebGPU's downlevel limits, and the same plan creating on the
//! adapter's).

use crate::RuntimeError;

/// What wgpu counts one entry as, and the limit that count is held to.
fn kind(entry: &wgpu::BindGroupLayoutEntry, limits: &wgpu::Limits) -> (&'static str, &'static str, u32) {
    if entry.count.is_some() {
        return (
            "binding-array elements",
            "max_binding_array_elements_per_shader_stage",
            limits.max_binding_array_elements_per_shader_stage,
        );
    }
    match entry.ty {
        wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Uniform, .. } => {
            ("uniform buffers", "max_uniform_buffers_per_shader_stage", limits.max_uniform_buffers_per_shader_stage)
        }
        wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Storage { .. }, .. } => {
            ("storage buffers", "max_storage_buffers_per_shader_stage", limits.max_storage_buffers_per_shader_stage)
        }
        wgpu::BindingType::Sampler(_) => ("samplers", "max_samplers_per_shader_stage", limits.max_samplers_per_shader_stage),
        wgpu::BindingType::StorageTexture { .. } => {
            ("storage textures", "max_storage_textures_per_shader_stage", limits.max_storage_textures_per_shader_stage)
        }
        // Sampled textures; the plan declares no external textures or acceleration structures.
        _ => ("sampled textures", "max_sampled_textures_per_shader_stage", limits.max_sampled_textures_per_shader_stage),
    }
}

/// Refuses a pipeline layout of `entries` (those of all its bind group layouts) that binds
/// more of a kind to one stage than `limits` allow.
pub(crate) fn check<'a>(
    limits: &wgpu::Limits,
    pass: &str,
    entries: impl Iterator<Item = &'a wgpu::BindGroupLayoutEntry> + Clone,
) -> Result<(), RuntimeError> {
    let stages =
        [(wgpu::ShaderStages::VERTEX, "vertex"), (wgpu::ShaderStages::FRAGMENT, "fragment"), (wgpu::ShaderStages::COMPUTE, "compute")];
    for (stage, stage_name) in stages {
        let mut counts: Vec<(&'static str, &'static str, u32, u32)> = Vec::new();
        for e in entries.clone().filter(|e| e.visibility.contains(stage)) {
            let (what, name, limit) = kind(e, limits);
            let n = e.count.map_or(1, |c| c.get());
            match counts.iter_mut().find(|c| c.0 == what) {
                Some(c) => c.3 += n,
                None => counts.push((what, name, limit, n)),
            }
        }
        if let Some((kind, name, limit, count)) = counts.into_iter().find(|c| c.3 > c.2) {
            return Err(RuntimeError::TooManyBindings { pass: pass.to_string(), stage: stage_name, kind, count, limit, name });
        }
    }
    Ok(())
}
