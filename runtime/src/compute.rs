//! A translated compute pipeline on the application's device ([`TranslatedCompute`]).
//!
//! ```text
//! let plan = tesserae::translate_compute(&desc)?;                      // once
//! let compute = TranslatedCompute::new(&device, plan, &ComputeConfig::default())?;
//! let group0 = device.create_bind_group(&BindGroupDescriptor {
//!     layout: compute.bind_group_layout(0).unwrap(), ... });          // the application's set 0
//! compute.dispatch(&device, &mut encoder, &ComputeInputs { bind_groups: &[(0, &group0)],
//!     push_constants: &bytes }, [x, y, z])?;                           // one compute pass
//! ```
//!
//! The layouts, the shader module (from the validated naga module) and the push-constant
//! uniform are made as for a graphics plan's passes, by the same functions. Push constants are
//! copied into that uniform by the encoder, just before the pass: dispatches recorded into one
//! encoder each see their own bytes, as Vulkan's `vkCmdPushConstants` gives each dispatch the
//! values recorded before it (a queue write would land before the whole submission).
//!
//! Invariants: the pipeline is created once, in [`TranslatedCompute::new`], after the plan is
//! validated and its workgroup size checked against the device's limits; `dispatch` records
//! into the encoder only (a copy and one compute pass).

use crate::{
    compute_pipeline, create_set_layouts, emulation_bind_group, pass_layout, pipeline_layout, push_constant_buffer, push_constant_bytes,
    set_group, set_layout_entries, stage_limits, undeclared, RuntimeError,
};
use std::collections::BTreeMap;
use tesserae::{ComputePlan, Resource, Visibility};

/// The application's choices for a compute pipeline.
#[derive(Debug, Clone, Default)]
pub struct ComputeConfig {
    /// Binding types the application chooses instead of the shader-derived ones, by wgpu
    /// (group, binding), as [`crate::PipelineConfig::binding_type_overrides`] (a texture that
    /// is not filterable, such as `R32Float`).
    pub binding_type_overrides: Vec<((u32, u32), wgpu::BindingType)>,
}

/// The application's resources for one dispatch.
#[derive(Debug, Clone, Copy)]
pub struct ComputeInputs<'a> {
    /// (Vulkan set, bind group made with [`TranslatedCompute::bind_group_layout`]).
    pub bind_groups: &'a [(u32, &'a wgpu::BindGroup)],
    /// Push-constant bytes at their Vulkan offsets.
    pub push_constants: &'a [u8],
}

/// A [`ComputePlan`]'s pipeline on one device.
pub struct TranslatedCompute {
    plan: ComputePlan,
    set_layouts: BTreeMap<u32, wgpu::BindGroupLayout>,
    /// Application sets the pipeline layout holds.
    sets: Vec<u32>,
    pipeline: wgpu::ComputePipeline,
    /// The emulation group's bind group (the push-constant uniform), when the shader reads it.
    emulation: Option<wgpu::BindGroup>,
    push_constants: Option<wgpu::Buffer>,
}

impl TranslatedCompute {
    /// Creates the plan's pipeline on `device`, with explicit layouts: one bind group layout per
    /// application set, and one for the emulation group when the shader reads push constants.
    pub fn new(device: &wgpu::Device, plan: ComputePlan, config: &ComputeConfig) -> Result<Self, RuntimeError> {
        plan.validate()?;
        crate::check_gl_storage_layouts(device, [(plan.pass.label.as_str(), &plan.pass.shader)])?;
        let limits = device.limits();
        check_workgroup_size(&limits, plan.workgroup_size)?;
        let emulation = plan.emulation_group;
        if let Some(g) = emulation.filter(|g| *g >= limits.max_bind_groups) {
            return Err(RuntimeError::TooManyBindGroups { group: g, max: limits.max_bind_groups });
        }
        let shaders = [(&plan.pass.shader, Visibility { compute: true, ..Default::default() })];
        let entries = set_layout_entries(shaders.iter().copied(), emulation, limits.max_bind_groups, &config.binding_type_overrides)?;
        let (sets, emulation_entries) = pass_layout(emulation, &shaders);
        let app = sets.iter().filter_map(|s| entries.get(s)).flat_map(|es| es.values());
        stage_limits::check(&limits, &plan.pass.label, app.chain(emulation_entries.values()))?;
        let set_layouts = create_set_layouts(device, &entries);
        let (layout, emulation_layout) = pipeline_layout(device, &plan.pass.label, emulation, &sets, emulation_entries, &set_layouts);
        let pipeline = compute_pipeline(device, &layout, &plan.pass);
        let push_constants = plan.push_constants.as_ref().map(|pc| push_constant_buffer(device, pc));
        let emulation = match &emulation_layout {
            None => None,
            Some(layout) => Some(emulation_bind_group(device, &plan.pass.label, layout, &plan.pass.resources, |r| match r.resource {
                Resource::PushConstants => push_constants.as_ref().ok_or_else(|| undeclared(&plan.pass.label, r)),
                _ => Err(RuntimeError::Unsupported(format!("{:?} in a compute plan", r.resource))),
            })?),
        };
        Ok(TranslatedCompute { plan, set_layouts, sets, pipeline, emulation, push_constants })
    }

    pub fn plan(&self) -> &ComputePlan {
        &self.plan
    }

    /// Invocations per workgroup (x, y, z), after specialization.
    pub fn workgroup_size(&self) -> [u32; 3] {
        self.plan.workgroup_size
    }

    /// The layout the application's bind group for Vulkan set `set` must be made with.
    pub fn bind_group_layout(&self, set: u32) -> Option<&wgpu::BindGroupLayout> {
        self.set_layouts.get(&set)
    }

    /// Vulkan sets the shader uses.
    pub fn sets(&self) -> impl Iterator<Item = u32> + '_ {
        self.set_layouts.keys().copied()
    }

    /// Records one dispatch of `workgroups` (x, y, z) into `encoder`: the push constants'
    /// copy into their uniform, then a compute pass. `device` makes the copy's source.
    pub fn dispatch(
        &self,
        device: &wgpu::Device,
        encoder: &mut wgpu::CommandEncoder,
        inputs: &ComputeInputs,
        workgroups: [u32; 3],
    ) -> Result<(), RuntimeError> {
        let max = device.limits().max_compute_workgroups_per_dimension;
        if let Some(n) = workgroups.iter().copied().find(|n| *n > max) {
            return Err(RuntimeError::WorkgroupLimit {
                what: format!("a dispatch of {workgroups:?} workgroups"),
                value: n,
                limit: max,
                name: "max_compute_workgroups_per_dimension",
            });
        }
        let groups: Vec<(u32, &wgpu::BindGroup)> =
            self.sets.iter().map(|set| set_group(inputs.bind_groups, *set).map(|g| (*set, g))).collect::<Result<_, _>>()?;
        if let (Some(pc), Some(buffer)) = (&self.plan.push_constants, &self.push_constants) {
            let bytes = push_constant_bytes(pc, inputs.push_constants)?;
            let staging = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("tesserae push constants (staging)"),
                size: pc.size,
                usage: wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: true,
            });
            // (A buffer mapped at creation maps whole: the view is always there.)
            if let Ok(mut view) = staging.slice(..).get_mapped_range_mut() {
                view.copy_from_slice(&bytes);
            }
            staging.unmap();
            encoder.copy_buffer_to_buffer(&staging, 0, buffer, 0, pc.size);
        }
        let mut pass =
            encoder.begin_compute_pass(&wgpu::ComputePassDescriptor { label: Some(&self.plan.pass.label), timestamp_writes: None });
        pass.set_pipeline(&self.pipeline);
        for (set, group) in groups {
            pass.set_bind_group(set, group, &[]);
        }
        if let (Some(g), Some(group)) = (self.plan.emulation_group, &self.emulation) {
            pass.set_bind_group(g, group, &[]);
        }
        let [x, y, z] = workgroups;
        pass.dispatch_workgroups(x, y, z);
        Ok(())
    }
}

/// The workgroup size fits the device: each dimension and the invocations per workgroup.
fn check_workgroup_size(limits: &wgpu::Limits, size: [u32; 3]) -> Result<(), RuntimeError> {
    let dims = [
        (size[0], limits.max_compute_workgroup_size_x, "max_compute_workgroup_size_x"),
        (size[1], limits.max_compute_workgroup_size_y, "max_compute_workgroup_size_y"),
        (size[2], limits.max_compute_workgroup_size_z, "max_compute_workgroup_size_z"),
    ];
    let what = || format!("the workgroup size {size:?}");
    for (value, limit, name) in dims {
        if value > limit {
            return Err(RuntimeError::WorkgroupLimit { what: what(), value, limit, name });
        }
    }
    let invocations = size.iter().map(|n| u64::from(*n)).product::<u64>();
    let limit = limits.max_compute_invocations_per_workgroup;
    if invocations > u64::from(limit) {
        let value = u32::try_from(invocations).unwrap_or(u32::MAX);
        return Err(RuntimeError::WorkgroupLimit { what: what(), value, limit, name: "max_compute_invocations_per_workgroup" });
    }
    Ok(())
}
