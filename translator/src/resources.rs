//! The application's resources across a pipeline: where the emulation's bind group goes,
//! combined samplers split, push constants lowered, and the plan's resource table.
//!
//! [`ResourceContext::prepare`] runs on the loaded stages before any other lowering;
//! [`ResourceContext::finish`] fills in [`Plan::resources`] and [`Plan::push_constants`] from
//! what each pass's WGSL declares, then checks [`Plan::validate`].

use crate::descriptors::{self, DescriptorKind, DescriptorVar};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::plan::{AppResource, Pass, PassResource, Plan, PushConstants, Resource, Visibility, WgpuBinding};
use crate::reflect::LoadedModule;
use crate::Stage;
use std::collections::BTreeMap;

/// What [`ResourceContext::prepare`] decided for a pipeline.
#[derive(Debug, Clone)]
pub struct ResourceContext {
    /// The lowest set no stage declares.
    group: u32,
    max_bind_groups: u32,
    vars: Vec<(Stage, DescriptorVar)>,
    /// (set, binding) of a combined image sampler → binding of its sampler half.
    samplers: BTreeMap<(u32, u32), u32>,
    /// Bytes of the largest push-constant block of any stage.
    push_size: u64,
}

impl ResourceContext {
    /// Reflects every stage's descriptors, refuses kinds wgpu lacks, picks the emulation group,
    /// and lowers combined samplers and push constants in every stage.
    pub fn prepare(stages: &mut [&mut LoadedModule], max_bind_groups: u32) -> Result<Self, TranslateError> {
        let mut vars = Vec::new();
        let mut push = Vec::new();
        for m in stages.iter() {
            let stage = m.reflection.stage;
            let (ds, pc) = descriptors::reflect(m.view());
            descriptors::refuse_inexpressible(stage, &ds)?;
            vars.extend(ds.into_iter().map(|d| (stage, d)));
            push.push(pc);
        }
        let mut group = 0;
        while vars.iter().any(|(_, d)| d.set == group) {
            group += 1;
        }
        let mut samplers = BTreeMap::new();
        for (stage, d) in &vars {
            if d.kind != DescriptorKind::CombinedImageSampler || samplers.contains_key(&(d.set, d.binding)) {
                continue;
            }
            if d.count != 1 {
                return Err(TranslateError::unsupported(*stage, format!("the array of combined image samplers `{}`", d.name)));
            }
            let top = vars.iter().filter(|(_, x)| x.set == d.set).map(|(_, x)| x.binding).max().unwrap_or(0);
            let next = top.max(samplers.iter().filter(|((s, _), _)| *s == d.set).map(|(_, b)| *b).max().unwrap_or(0)) + 1;
            samplers.insert((d.set, d.binding), next);
        }
        let push_size =
            stages.iter().zip(&push).filter_map(|(m, pc)| pc.map(|v| descriptors::block_size(m.view(), v) as u64)).max().unwrap_or(0);
        let ctx = ResourceContext { group, max_bind_groups, vars, samplers, push_size };
        for (m, pc) in stages.iter_mut().zip(push) {
            let stage = m.reflection.stage;
            for (_, d) in ctx.vars.iter().filter(|(s, d)| *s == stage && d.kind == DescriptorKind::CombinedImageSampler) {
                crate::lower::combined_sampler::split(m.module_mut(), d.id, d.set, ctx.samplers[&(d.set, d.binding)])
                    .map_err(|what| TranslateError::unsupported(stage, what))?;
            }
            m.try_lower(crate::lower::std140::applies, crate::lower::std140::lower)
                .map_err(|what| TranslateError::unsupported(stage, what))?;
            if let Some(var) = pc {
                let e = ctx.emulation(stage, "push constants")?;
                crate::lower::push_constants::lower(m.module_mut(), var, e.group, binding::PUSH_CONSTANTS)
                    .map_err(|what| TranslateError::unsupported(stage, what))?;
            }
        }
        Ok(ctx)
    }

    /// The emulation group, or a refusal naming the limit when the application takes every
    /// bind group the device has.
    pub fn emulation(&self, stage: Stage, needed_by: &str) -> Result<Emulation, TranslateError> {
        if self.group >= self.max_bind_groups {
            return Err(TranslateError::unsupported(
                stage,
                format!(
                    "{needed_by} need a bind group of their own, but the application's shaders use every one of the device's {} bind groups (sets 0..{})",
                    self.max_bind_groups,
                    self.max_bind_groups - 1
                ),
            ));
        }
        Ok(Emulation { group: self.group })
    }

    /// Fills the plan's resource table and push constants, adds the push-constant buffer to
    /// the passes whose shaders read it, and validates the plan.
    pub fn finish(&self, plan: &mut Plan) -> Result<(), TranslateError> {
        let g = self.group;
        let mut resources: Vec<AppResource> = Vec::new();
        let mut push_size = None;
        for pass in &mut plan.passes {
            let label = pass.label().to_string();
            let mut push_used = false;
            for sh in pass.shaders() {
                let vis = if sh.is_compute() {
                    Visibility { compute: true, ..Default::default() }
                } else if sh.stage == Stage::Fragment {
                    Visibility { fragment: true, ..Default::default() }
                } else {
                    Visibility { vertex: true, ..Default::default() }
                };
                for b in &sh.bindings {
                    if b.group == g {
                        if b.binding == binding::PUSH_CONSTANTS {
                            push_used = true;
                            push_size = Some(self.push_size.max(push_constant_size(sh.wgsl.module(), g)));
                        }
                        continue;
                    }
                    let var = self.var_at(b.group, b.binding);
                    let (set, vk_binding, kind, name) = match var {
                        Some(d) => (d.set, d.binding, d.kind, d.name.clone()),
                        None => (b.group, b.binding, DescriptorKind::UniformBuffer, b.name.clone()),
                    };
                    let r = match resources.iter_mut().position(|r| r.set == set && r.binding == vk_binding) {
                        Some(i) => &mut resources[i],
                        None => {
                            resources.push(AppResource { set, binding: vk_binding, kind, name, wgpu: Vec::new(), passes: Vec::new() });
                            resources.last_mut().expect("just pushed")
                        }
                    };
                    match r.wgpu.iter_mut().find(|w| w.group == b.group && w.binding == b.binding) {
                        Some(w) => {
                            w.visibility = w.visibility.union(vis);
                            if let (
                                crate::plan::BindingType::StorageBuffer { read_only: a },
                                crate::plan::BindingType::StorageBuffer { read_only: b },
                            ) = (&mut w.ty, &b.ty)
                            {
                                *a = *a && *b;
                            }
                        }
                        None => r.wgpu.push(WgpuBinding { group: b.group, binding: b.binding, ty: b.ty.clone(), visibility: vis }),
                    }
                    if !r.passes.contains(&label) {
                        r.passes.push(label.clone());
                    }
                }
            }
            if push_used {
                let list = match pass {
                    Pass::Render(r) => &mut r.resources,
                    Pass::Compute(c) => &mut c.resources,
                };
                list.push(PassResource { group: g, binding: binding::PUSH_CONSTANTS, resource: Resource::PushConstants });
            }
        }
        for r in &mut resources {
            r.wgpu.sort_by_key(|w| (w.group, w.binding));
        }
        resources.sort_by_key(|r| (r.set, r.binding));
        plan.resources = resources;
        plan.push_constants = push_size.map(|size| PushConstants { group: g, binding: binding::PUSH_CONSTANTS, size });
        let uses_group = plan.passes.iter().any(|p| p.shaders().iter().any(|s| s.bindings.iter().any(|b| b.group == g)));
        plan.emulation_group = uses_group.then_some(g);
        plan.validate().map_err(|e| TranslateError::InvalidPlan(e.to_string()))
    }

    /// The Vulkan variable behind wgpu (group, binding): itself, or the combined sampler whose
    /// sampler half it is.
    fn var_at(&self, group: u32, b: u32) -> Option<&DescriptorVar> {
        let combined = self.samplers.iter().find(|((s, _), sb)| *s == group && **sb == b).map(|((_, vb), _)| *vb);
        let want = combined.unwrap_or(b);
        self.vars.iter().map(|(_, d)| d).find(|d| d.set == group && d.binding == want)
    }
}

/// Bytes of the lowered push-constant block (naga's layout of the uniform's type).
fn push_constant_size(module: &naga::Module, group: u32) -> u64 {
    module
        .global_variables
        .iter()
        .find(|(_, v)| v.binding.as_ref().is_some_and(|b| b.group == group && b.binding == binding::PUSH_CONSTANTS))
        .map(|(_, v)| match &module.types[v.ty].inner {
            naga::TypeInner::Struct { span, .. } => *span as u64,
            _ => 16,
        })
        .unwrap_or(0)
        .max(16)
        .div_ceil(16)
        * 16
}
