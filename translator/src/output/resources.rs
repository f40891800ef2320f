//! The application's resources across a pipeline: where the emulation's bind group goes,
//! arrays of descriptors and combined samplers split, push constants lowered, and the plan's
//! resource table.
//!
//! [`ResourceContext::prepare`] runs on the loaded stages before any other lowering;
//! [`ResourceContext::finish`] fills in [`Plan::resources`] and [`Plan::push_constants`] from
//! what each pass's WGSL declares, then checks [`Plan::validate`].

use crate::descriptors::{self, DescriptorKind, DescriptorVar};
use crate::emulation::{binding, Emulation};
use crate::error::TranslateError;
use crate::plan::{AppResource, ComputePass, ComputePlan, Pass, Plan, PushConstants, Visibility, WgpuBinding};
use crate::reflect::LoadedModule;
use crate::Stage;
use std::collections::BTreeMap;

/// WebGPU's `maxBindingsPerBindGroup`: binding numbers of a group stay below it.
const MAX_BINDINGS_PER_GROUP: u32 = 1000;

/// What [`ResourceContext::prepare`] decided for a pipeline.
#[derive(Debug, Clone)]
pub struct ResourceContext {
    /// The lowest set no stage declares.
    group: u32,
    max_bind_groups: u32,
    vars: Vec<(Stage, DescriptorVar)>,
    /// (set, binding) of a combined image sampler → binding of its sampler half.
    samplers: BTreeMap<(u32, u32), u32>,
    /// Arrays of descriptors, split into one binding per element: (set, binding) → the
    /// array's name and its elements' bindings (element 0 keeps the array's).
    arrays: BTreeMap<(u32, u32), (String, Vec<u32>)>,
    /// Bytes of the largest push-constant block of any stage.
    push_size: u64,
    /// Copies of textures sampled through several samplers (`lower::texture_per_sampler`):
    /// (set, copy's binding) → the texture's (set, binding).
    texture_copies: BTreeMap<(u32, u32), (u32, u32)>,
    /// The pipeline's `primitive_restart_enable`, for the passes assembling strips.
    restart: bool,
}

impl ResourceContext {
    /// Reflects every stage's descriptors, refuses kinds wgpu lacks, picks the emulation group,
    /// and lowers arrays of descriptors, combined samplers and push constants in every stage.
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
        // New bindings (array elements, then samplers of combined samplers) go above every
        // binding a stage declares in the set, in (set, binding) order: the same in every stage.
        let mut next: BTreeMap<u32, u32> = BTreeMap::new();
        for (_, d) in &vars {
            let n = next.entry(d.set).or_insert(0);
            *n = (*n).max(d.binding.saturating_add(1));
        }
        let arrays = split_descriptor_arrays(stages, &mut vars, &mut next)?;
        let shared = combined_by_sharing(&vars)?;
        let mut samplers = BTreeMap::new();
        let mut combined: Vec<(u32, u32)> =
            vars.iter().filter(|(_, d)| d.kind == DescriptorKind::CombinedImageSampler).map(|(_, d)| (d.set, d.binding)).collect();
        combined.extend(&shared);
        combined.sort();
        combined.dedup();
        for (set, binding) in combined {
            let (stage, name) = vars
                .iter()
                .find(|(_, d)| (d.set, d.binding) == (set, binding))
                .map(|(s, d)| (*s, d.name.clone()))
                .unwrap_or((Stage::Fragment, String::new()));
            samplers
                .insert((set, binding), allocate(&mut next, set, stage, || format!("the sampler of the combined image sampler `{name}`"))?);
        }
        let push_size =
            stages.iter().zip(&push).filter_map(|(m, pc)| pc.map(|v| descriptors::block_size(m.view(), v) as u64)).max().unwrap_or(0);
        let push_class = if stages.iter().zip(&push).all(|(m, pc)| pc.is_none_or(|v| descriptors::block_fits_uniform(m.view(), v))) {
            spirv::StorageClass::Uniform
        } else {
            spirv::StorageClass::StorageBuffer
        };
        let mut ctx =
            ResourceContext { group, max_bind_groups, vars, samplers, arrays, push_size, texture_copies: BTreeMap::new(), restart: true };
        for (m, pc) in stages.iter_mut().zip(push) {
            let stage = m.reflection.stage;
            for (_, d) in ctx.vars.iter().filter(|(s, _)| *s == stage) {
                match d.kind {
                    DescriptorKind::CombinedImageSampler => {
                        crate::lower::combined_sampler::split(m.module_mut(), d.id, d.set, ctx.samplers[&(d.set, d.binding)])
                            .map_err(|what| TranslateError::unsupported(stage, what))?
                    }
                    DescriptorKind::Sampler if shared.contains(&(d.set, d.binding)) => {
                        crate::lower::combined_sampler::move_sampler(m.module_mut(), d.id, ctx.samplers[&(d.set, d.binding)])
                    }
                    _ => {}
                }
            }
            for (name, applies, pass) in crate::lower::ON_RESOURCES {
                crate::profile::phase(name, || m.try_lower(applies, pass)).map_err(|what| TranslateError::unsupported(stage, what))?;
            }
            if crate::lower::draw_parameters::applies(m.view()) {
                let e = ctx.emulation(stage, "draw parameters (BaseVertex, BaseInstance)")?;
                m.try_lower(crate::lower::draw_parameters::applies, |module| {
                    crate::lower::draw_parameters::lower(module, e.group, binding::DRAW_PARAMETERS)
                })
                .map_err(|what| TranslateError::unsupported(stage, what))?;
            }
            if let Some(var) = pc {
                let e = ctx.emulation(stage, "push constants")?;
                crate::lower::push_constants::lower(m.module_mut(), var, e.group, binding::PUSH_CONSTANTS, push_class)
                    .map_err(|what| TranslateError::unsupported(stage, what))?;
            }
        }
        ctx.copy_textures_per_sampler(stages, &mut next)?;
        Ok(ctx)
    }

    /// Gives a texture sampled through several samplers (over all stages) a copy per sampler
    /// after the first (`lower::texture_per_sampler`), at bindings allocated like array
    /// elements', the same in every stage.
    fn copy_textures_per_sampler(&mut self, stages: &mut [&mut LoadedModule], next: &mut BTreeMap<u32, u32>) -> Result<(), TranslateError> {
        use crate::lower::texture_per_sampler;
        let mut pairs: BTreeMap<(u32, u32), std::collections::BTreeSet<(u32, u32)>> = BTreeMap::new();
        for m in stages.iter() {
            // Only a module with samplers can pair them (most have none: no rspirv module).
            if !m.view().types_global_values().any(|i| i.opcode == spirv::Op::TypeSampler) {
                continue;
            }
            for (t, s) in texture_per_sampler::pairs(m.module()) {
                pairs.entry(t).or_default().extend(s);
            }
        }
        let mut copies = BTreeMap::new();
        for (texture, samplers) in pairs.iter().filter(|(_, s)| s.len() > 1) {
            let stage = stages.first().map_or(Stage::Fragment, |m| m.reflection.stage);
            for sampler in samplers.iter().skip(1) {
                let what = || format!("a copy of the texture at set {} binding {} for a second sampler", texture.0, texture.1);
                let b = allocate(next, texture.0, stage, what)?;
                copies.insert((*texture, *sampler), b);
                self.texture_copies.insert((texture.0, b), *texture);
            }
        }
        if copies.is_empty() {
            return Ok(());
        }
        for m in stages.iter_mut() {
            if m.view().types_global_values().any(|i| i.opcode == spirv::Op::TypeSampler) {
                texture_per_sampler::apply(m.module_mut(), &copies);
            }
        }
        Ok(())
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
        Ok(Emulation { group: self.group, restart: self.restart })
    }

    /// Sets the pipeline's `primitive_restart_enable` (true until set).
    pub fn set_primitive_restart(&mut self, enabled: bool) {
        self.restart = enabled;
    }

    /// Fills the plan's resource table and push constants, adds the push-constant buffer to
    /// the passes whose shaders read it, and validates the plan.
    pub fn finish(&self, plan: &mut Plan) -> Result<(), TranslateError> {
        let table = self.table(&mut plan.passes);
        plan.resources = table.resources;
        plan.push_constants = table.push_constants;
        plan.emulation_group = table.emulation_group;
        plan.validate().map_err(|e| TranslateError::InvalidPlan(e.to_string()))
    }

    /// The plan of a compute pipeline whose one pass is `pass`: [`Self::finish`]'s table for
    /// it, validated.
    pub fn finish_compute(&self, pass: ComputePass, workgroup_size: [u32; 3]) -> Result<ComputePlan, TranslateError> {
        let mut passes = [Pass::Compute(pass)];
        let table = self.table(&mut passes);
        let [Pass::Compute(pass)] = passes else {
            return Err(TranslateError::InvalidPlan("the compute pass became another kind of pass".into()));
        };
        let plan = ComputePlan {
            version: crate::plan::PLAN_VERSION,
            pass,
            workgroup_size,
            emulation_group: table.emulation_group,
            push_constants: table.push_constants,
            resources: table.resources,
        };
        plan.validate().map_err(|e| TranslateError::InvalidPlan(e.to_string()))?;
        Ok(plan)
    }

    /// The application's resources across `passes`, and what every pass binds in the
    /// emulation group, derived from what its shaders declare ([`Emulation::pass_resources`]).
    fn table(&self, passes: &mut [Pass]) -> ResourceTable {
        let g = self.group;
        let mut resources: Vec<AppResource> = Vec::new();
        let mut push_size = None;
        for pass in passes.iter_mut() {
            let label = pass.label().to_string();
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
                            push_size = Some(self.push_size.max(push_constant_size(sh.wgsl.module(), g)));
                        }
                        continue;
                    }
                    // A texture's copy for a second sampler is that texture.
                    let (at_group, at_binding) = self.texture_copies.get(&(b.group, b.binding)).copied().unwrap_or((b.group, b.binding));
                    let (set, vk_binding, element, kind, name) = match self.var_at(at_group, at_binding) {
                        Some(d) => match self.array_element(d.set, d.binding) {
                            Some((binding, element, name)) => (d.set, binding, element, d.kind, name.to_string()),
                            None => (d.set, d.binding, 0, d.kind, d.name.clone()),
                        },
                        None => (b.group, b.binding, 0, DescriptorKind::UniformBuffer, b.name.clone()),
                    };
                    // A separate image and sampler sharing a binding are one combined descriptor.
                    let kind = if self.samplers.contains_key(&(set, vk_binding)) { DescriptorKind::CombinedImageSampler } else { kind };
                    let count = self.arrays.get(&(set, vk_binding)).map_or(1, |(_, e)| e.len() as u32);
                    let r = match resources.iter_mut().position(|r| r.set == set && r.binding == vk_binding) {
                        Some(i) => &mut resources[i],
                        None => {
                            resources.push(AppResource {
                                set,
                                binding: vk_binding,
                                kind,
                                name,
                                count,
                                wgpu: Vec::new(),
                                passes: Vec::new(),
                            });
                            resources.last_mut().expect("just pushed")
                        }
                    };
                    match r.wgpu.iter_mut().find(|w| w.group == b.group && w.binding == b.binding) {
                        Some(w) => {
                            w.visibility = w.visibility.union(vis);
                            // Stages may declare a block to different lengths
                            // (`lower::unread_block_tail`): the binding needs the longest.
                            w.min_size = w.min_size.max(buffer_size(sh.wgsl.module(), b.group, b.binding, &b.ty));
                            if let (
                                crate::plan::BindingType::StorageBuffer { read_only: a },
                                crate::plan::BindingType::StorageBuffer { read_only: b },
                            ) = (&mut w.ty, &b.ty)
                            {
                                *a = *a && *b;
                            }
                        }
                        None => r.wgpu.push(WgpuBinding {
                            group: b.group,
                            binding: b.binding,
                            element,
                            ty: b.ty.clone(),
                            visibility: vis,
                            min_size: buffer_size(sh.wgsl.module(), b.group, b.binding, &b.ty),
                        }),
                    }
                    if !r.passes.contains(&label) {
                        r.passes.push(label.clone());
                    }
                }
            }
            let provided = Emulation { group: g, restart: true }.pass_resources(&pass.shaders());
            *pass.resources_mut() = provided;
        }
        // Element by element; a combined sampler's texture before its sampler.
        for r in &mut resources {
            r.wgpu.sort_by_key(|w| (w.element, self.samplers.values().any(|s| *s == w.binding && r.set == w.group)));
        }
        resources.sort_by_key(|r| (r.set, r.binding));
        let uses_group = passes.iter().any(|p| p.shaders().iter().any(|s| s.bindings.iter().any(|b| b.group == g)));
        ResourceTable {
            resources,
            push_constants: push_size.map(|size| PushConstants { group: g, binding: binding::PUSH_CONSTANTS, size }),
            emulation_group: uses_group.then_some(g),
        }
    }

    /// The array of descriptors whose element (set, `binding`) is: its binding, the element's
    /// index and the array's name.
    fn array_element(&self, set: u32, binding: u32) -> Option<(u32, u32, &str)> {
        self.arrays.iter().filter(|((s, _), _)| *s == set).find_map(|((_, array), (name, elements))| {
            elements.iter().position(|b| *b == binding).map(|k| (*array, k as u32, name.as_str()))
        })
    }

    /// The Vulkan variable behind wgpu (group, binding): itself, or the combined sampler whose
    /// sampler half it is.
    fn var_at(&self, group: u32, b: u32) -> Option<&DescriptorVar> {
        let combined = self.samplers.iter().find(|((s, _), sb)| *s == group && **sb == b).map(|((_, vb), _)| *vb);
        let want = combined.unwrap_or(b);
        self.vars.iter().map(|(_, d)| d).find(|d| d.set == group && d.binding == want)
    }
}

/// What [`ResourceContext::table`] finds: a plan's resources, push constants and emulation
/// group.
struct ResourceTable {
    resources: Vec<AppResource>,
    push_constants: Option<PushConstants>,
    emulation_group: Option<u32>,
}

/// The (set, binding)s where a separate image and a separate sampler (or a combined sampler
/// and either) share one binding: Vulkan reads a `COMBINED_IMAGE_SAMPLER` descriptor through
/// each (its table of descriptor types and the shader types that may use them), and HLSL puts
/// `Texture2D t : register(t1)` and `SamplerState s : register(s1)` there. WebGPU binds them
/// apart, so they become a combined sampler's two wgpu bindings. Variables of other kinds
/// sharing a binding (aliased buffers, two images in one stage) have no WebGPU equivalent and
/// are refused by name.
fn combined_by_sharing(vars: &[(Stage, DescriptorVar)]) -> Result<Vec<(u32, u32)>, TranslateError> {
    use DescriptorKind::{CombinedImageSampler, SampledImage, Sampler};
    let mut by_binding: BTreeMap<(u32, u32), Vec<&(Stage, DescriptorVar)>> = BTreeMap::new();
    for v in vars {
        by_binding.entry((v.1.set, v.1.binding)).or_default().push(v);
    }
    let mut shared = Vec::new();
    for ((set, binding), here) in by_binding {
        let has = |k: DescriptorKind| here.iter().any(|(_, d)| d.kind == k);
        let combinable = here.iter().all(|(_, d)| matches!(d.kind, SampledImage | Sampler | CombinedImageSampler));
        let kinds = [SampledImage, Sampler, CombinedImageSampler].into_iter().filter(|k| has(*k)).count();
        if combinable && kinds > 1 {
            if let Some((stage, d)) = here.iter().find(|(_, d)| d.array) {
                return Err(TranslateError::unsupported(
                    *stage,
                    format!("the array of descriptors `{}` sharing set {set} binding {binding} with a separate image or sampler", d.name),
                ));
            }
            // One image and one sampler per stage: a stage reading the binding through a
            // combined sampler and a separate half, or two images, would declare one wgpu
            // binding twice.
            for (stage, d) in &here {
                let halves =
                    |k: DescriptorKind| here.iter().filter(|(s, v)| s == stage && (v.kind == k || v.kind == CombinedImageSampler)).count();
                if halves(SampledImage) > 1 || halves(Sampler) > 1 {
                    return Err(TranslateError::unsupported(
                        *stage,
                        format!(
                            "`{}` and another variable reading the same half of the combined image sampler at set {set} binding {binding} in one stage",
                            d.name
                        ),
                    ));
                }
            }
            shared.push((set, binding));
            continue;
        }
        // Otherwise every variable there is of one kind, and one per stage.
        let first = here[0];
        let clash = here.iter().skip(1).find(|(s, d)| d.kind != first.1.kind || *s == first.0);
        if let Some((stage, d)) = clash {
            return Err(TranslateError::unsupported(
                *stage,
                format!(
                    "`{}` ({}) and `{}` ({}) sharing set {set} binding {binding} (aliased descriptors: WebGPU binds one resource per binding)",
                    first.1.name,
                    first.1.kind.words(),
                    d.name,
                    d.kind.words(),
                ),
            ));
        }
    }
    Ok(shared)
}

// A new binding, or a refusal naming what needs it when WebGPU's numbering (below
// 1000, `maxBindingsPerBindGroup`) would be passed; that also bounds the work a
// malformed array length can ask for.
fn allocate(next: &mut BTreeMap<u32, u32>, set: u32, stage: Stage, what: impl Fn() -> String) -> Result<u32, TranslateError> {
    let n = next.entry(set).or_insert(0);
    if *n >= MAX_BINDINGS_PER_GROUP {
        return Err(TranslateError::unsupported(
            stage,
            format!("{} (it needs wgpu binding {} of set {set}, past WebGPU's {MAX_BINDINGS_PER_GROUP} per bind group)", what(), *n),
        ));
    }
    *n += 1;
    Ok(*n - 1)
}

/// Splits every array of descriptors into one descriptor per element, in every stage
/// (`lower::descriptor_arrays`), element k of (set, b) at the same new binding in each; `vars`
/// become the stages' descriptors after the split. The elements' bindings by array.
fn split_descriptor_arrays(
    stages: &mut [&mut LoadedModule],
    vars: &mut Vec<(Stage, DescriptorVar)>,
    next: &mut BTreeMap<u32, u32>,
) -> Result<BTreeMap<(u32, u32), (String, Vec<u32>)>, TranslateError> {
    let mut by_binding: Vec<&(Stage, DescriptorVar)> = vars.iter().collect();
    by_binding.sort_by_key(|(_, d)| (d.set, d.binding));
    // Stages may size one array differently (GLSL sizes `t[]` by each stage's largest
    // constant index): the elements are the largest size's.
    let mut lengths: BTreeMap<(u32, u32), u32> = BTreeMap::new();
    for (stage, d) in &by_binding {
        if d.count == 0 {
            return Err(TranslateError::unsupported(*stage, format!("the runtime-sized array of descriptors `{}`", d.name)));
        }
        if d.array {
            let l = lengths.entry((d.set, d.binding)).or_insert(0);
            *l = (*l).max(d.count);
        }
    }
    let mut arrays: BTreeMap<(u32, u32), (String, Vec<u32>)> = BTreeMap::new();
    for (stage, d) in &by_binding {
        if d.array && !arrays.contains_key(&(d.set, d.binding)) {
            let length = lengths[&(d.set, d.binding)];
            let what = || format!("the array of {length} descriptors `{}`, one wgpu binding each", d.name);
            let mut bindings = vec![d.binding];
            for _ in 1..length {
                bindings.push(allocate(next, d.set, *stage, what)?);
            }
            arrays.insert((d.set, d.binding), (d.name.clone(), bindings));
        }
    }
    drop(by_binding);
    if !arrays.is_empty() {
        // Split in every stage, then reflect the stages again: each element is a descriptor.
        vars.clear();
        for m in stages.iter_mut() {
            let stage = m.reflection.stage;
            let (ds, _) = descriptors::reflect(m.view());
            for d in ds.iter().filter(|d| d.array) {
                let bindings = &arrays[&(d.set, d.binding)].1;
                let bindings = &bindings[..(d.count as usize).min(bindings.len())];
                crate::lower::descriptor_arrays::split(m.module_mut(), d.id, d.set, bindings)
                    .map_err(|what| TranslateError::unsupported(stage, what))?;
            }
            vars.extend(descriptors::reflect(m.view()).0.into_iter().map(|d| (stage, d)));
        }
    }
    Ok(arrays)
}

/// The least size of the buffer at (group, binding), for buffer bindings: the block's span,
/// or with a runtime-sized last member, that member's offset plus one element.
fn buffer_size(module: &naga::Module, group: u32, binding: u32, ty: &crate::plan::BindingType) -> Option<u64> {
    if !matches!(ty, crate::plan::BindingType::UniformBuffer | crate::plan::BindingType::StorageBuffer { .. }) {
        return None;
    }
    let (_, var) =
        module.global_variables.iter().find(|(_, v)| v.binding.as_ref().is_some_and(|b| b.group == group && b.binding == binding))?;
    let inner = &module.types[var.ty].inner;
    let runtime_tail = |members: &[naga::StructMember]| {
        let last = members.last()?;
        match module.types[last.ty].inner {
            naga::TypeInner::Array { size: naga::ArraySize::Dynamic, stride, .. } => Some(last.offset as u64 + stride as u64),
            _ => None,
        }
    };
    Some(match inner {
        naga::TypeInner::Struct { members, span } => runtime_tail(members).unwrap_or(*span as u64),
        other => other.size(module.to_ctx()) as u64,
    })
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
