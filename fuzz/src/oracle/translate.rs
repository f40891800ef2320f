//! Oracles on the translator: it never panics (a panic is the bug libFuzzer reports), every
//! WGSL it returns validates under naga with the translator's capabilities, the vertex and
//! fragment WGSL of a plan agree on their interface as wgpu requires, translation is
//! deterministic, a generated (valid) pipeline is translated unless it uses a feature that is
//! not supported yet, and no translation reports a broken invariant (`InvalidPlan`: a plan
//! that fails `Plan::validate`, or SPIR-V words kept for naga that a lowering pass changed).

use crate::gen::PipelineSpec;
use naga::valid::{ValidationFlags, Validator};
use std::collections::BTreeMap;
use tesserae::{Pass, PipelineDesc, Plan, ShaderPlan, Stage, TranslateError};

/// Parses and validates WGSL as wgpu would; returns the module.
pub fn check_wgsl(what: &str, source: &str) -> naga::Module {
    let module = match naga::front::wgsl::parse_str(source) {
        Ok(m) => m,
        Err(e) => panic!("{what}: translator returned WGSL that does not parse:\n{}\n{source}", e.emit_to_string(source)),
    };
    if let Err(e) = Validator::new(ValidationFlags::all(), tesserae::wgsl::capabilities()).validate(&module) {
        panic!("{what}: translator returned WGSL that does not validate:\n{}\n{source}", e.emit_to_string(source));
    }
    module
}

/// How the oracle gets the naga module of a plan's WGSL.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    /// Parse the WGSL text and validate it ([`check_wgsl`]).
    Parse,
    /// The translator ran with [`tesserae::Options::verify_wgsl_round_trip`]: every
    /// `ValidatedWgsl` holds the module naga parsed from its own text, so parsing again would
    /// repeat the same call on the same input (half of an execution's time); the module is
    /// validated again here, as wgpu would.
    RoundTripped,
}

fn module_of<'w>(what: &str, w: &'w tesserae::wgsl::ValidatedWgsl, source: Source) -> std::borrow::Cow<'w, naga::Module> {
    match source {
        Source::Parse => std::borrow::Cow::Owned(check_wgsl(what, w)),
        Source::RoundTripped => {
            let module = w.module();
            if let Err(e) = Validator::new(ValidationFlags::all(), tesserae::wgsl::capabilities()).validate(module) {
                panic!("{what}: translator returned WGSL that does not validate:\n{}\n{w}", e.emit_to_string(w));
            }
            std::borrow::Cow::Borrowed(module)
        }
    }
}

/// A render pass's shader: `stage` is the pipeline stage it comes from (the vertex slot of a
/// render pass holds the vertex or, in a tessellation plan, the evaluation stage, or in a
/// geometry plan the pass-through stage drawing the geometry stage's records).
fn check_shader<'p>(plan: &'p ShaderPlan, stage: Stage, source: Source) -> std::borrow::Cow<'p, naga::Module> {
    let what = format!("{stage} stage");
    let slot_ok = plan.stage == stage || (stage == Stage::Vertex && matches!(plan.stage, Stage::TessEval | Stage::Geometry));
    assert!(slot_ok, "{what}: plan stage {}", plan.stage);
    let module = module_of(&what, &plan.wgsl, source);
    let want = match stage {
        Stage::Vertex | Stage::TessEval => naga::ShaderStage::Vertex,
        Stage::Fragment => naga::ShaderStage::Fragment,
        _ => naga::ShaderStage::Compute,
    };
    let found = module.entry_points.iter().any(|e| e.name == plan.entry_point && e.stage == want);
    assert!(found, "{what}: entry point `{}` ({want:?}) is not in the WGSL:\n{}", plan.entry_point, plan.wgsl);
    module
}

type IoKey = (naga::TypeInner, Option<naga::Interpolation>, Option<naga::Sampling>);

/// Location bindings of an entry point's arguments (inputs) or result (outputs).
fn locations(module: &naga::Module, name: &str, outputs: bool) -> BTreeMap<u32, IoKey> {
    let mut out = BTreeMap::new();
    let Some(ep) = module.entry_points.iter().find(|e| e.name == name) else { return out };
    let mut add = |ty: naga::Handle<naga::Type>, binding: &Option<naga::Binding>| match (&module.types[ty].inner, binding) {
        (naga::TypeInner::Struct { members, .. }, None) => {
            for m in members {
                if let Some(naga::Binding::Location { location, interpolation, sampling, .. }) = &m.binding {
                    out.insert(*location, (module.types[m.ty].inner.clone(), *interpolation, *sampling));
                }
            }
        }
        (inner, Some(naga::Binding::Location { location, interpolation, sampling, .. })) => {
            out.insert(*location, (inner.clone(), *interpolation, *sampling));
        }
        _ => {}
    };
    if outputs {
        if let Some(r) = &ep.function.result {
            add(r.ty, &r.binding);
        }
    } else {
        for a in &ep.function.arguments {
            add(a.ty, &a.binding);
        }
    }
    out
}

fn dims(t: &naga::TypeInner) -> Option<(naga::Scalar, u32)> {
    match *t {
        naga::TypeInner::Scalar(s) => Some((s, 1)),
        naga::TypeInner::Vector { size, scalar } => Some((scalar, size as u32)),
        _ => None,
    }
}

/// The inter-stage rules wgpu checks when it creates the render pipeline: every fragment
/// input has a vertex output at its location with the same interpolation and sampling and a
/// type it is a subtype of (same scalar, no more components).
fn check_interface(vs: &naga::Module, vs_entry: &str, fs: &naga::Module, fs_entry: &str, plan: &Plan) {
    let outputs = locations(vs, vs_entry, true);
    for (loc, (ty, interp, sampling)) in locations(fs, fs_entry, false) {
        let Some((oty, ointerp, osampling)) = outputs.get(&loc) else {
            panic!("fragment input @location({loc}) has no vertex output (wgpu rejects the pipeline)\n{}", plan.to_json());
        };
        assert!(
            (interp, sampling) == (*ointerp, *osampling),
            "@location({loc}): fragment input interpolation {interp:?}/{sampling:?} differs from the vertex output's \
             {ointerp:?}/{osampling:?} (wgpu rejects the pipeline)\n{}",
            plan.to_json()
        );
        let ok = match (dims(&ty), dims(oty)) {
            (Some((s, n)), Some((os, on))) => s == os && n <= on,
            _ => ty == *oty,
        };
        assert!(
            ok,
            "@location({loc}): fragment input {ty:?} is not a subtype of vertex output {oty:?} (wgpu rejects the pipeline)\n{}",
            plan.to_json()
        );
    }
}

/// What a plan promises about resources: its own invariants ([`Plan::validate`]); every
/// binding a shader's WGSL declares is in its [`ShaderPlan::bindings`] and the other way round;
/// every application binding a pass's shaders declare is listed in [`Plan::resources`] with
/// that pass, and every listed pass declares it; no two application resources (or the push
/// constants) share a (group, binding), and none is in the emulation group; every pass
/// provides each emulation binding its shaders declare; intermediate buffers cover any draw.
pub fn check_resources(plan: &Plan) {
    if let Err(e) = plan.validate() {
        panic!("the plan breaks its own invariants: {e}\n{}", plan.to_json());
    }
    let mut taken: BTreeMap<(u32, u32), String> = BTreeMap::new();
    for r in &plan.resources {
        for w in &r.wgpu {
            assert_ne!(Some(w.group), plan.emulation_group, "resource `{}` is in the emulation group\n{}", r.name, plan.to_json());
            if let Some(other) = taken.insert((w.group, w.binding), r.name.clone()) {
                panic!("`{}` and `{other}` share @group({}) @binding({})\n{}", r.name, w.group, w.binding, plan.to_json());
            }
        }
    }
    if let Some(pc) = &plan.push_constants {
        assert_eq!(Some(pc.group), plan.emulation_group, "push constants outside the emulation group\n{}", plan.to_json());
    }
    for pass in &plan.passes {
        for sh in pass.shaders() {
            let module = sh.wgsl.module();
            let declared: Vec<(u32, u32)> =
                module.global_variables.iter().filter_map(|(_, g)| g.binding.as_ref().map(|b| (b.group, b.binding))).collect();
            let listed: Vec<(u32, u32)> = sh.bindings.iter().map(|b| (b.group, b.binding)).collect();
            for d in &declared {
                assert!(
                    listed.contains(d),
                    "pass `{}`: the WGSL declares @group({}) @binding({}), the shader plan does not list it",
                    pass.label(),
                    d.0,
                    d.1
                );
            }
            for l in &listed {
                assert!(
                    declared.contains(l),
                    "pass `{}`: the shader plan lists @group({}) @binding({}), the WGSL does not declare it",
                    pass.label(),
                    l.0,
                    l.1
                );
            }
            for b in &sh.bindings {
                if Some(b.group) == plan.emulation_group {
                    continue;
                }
                let owner = plan.resources.iter().find(|r| r.wgpu.iter().any(|w| (w.group, w.binding) == (b.group, b.binding)));
                let Some(owner) = owner else {
                    panic!(
                        "pass `{}` uses @group({}) @binding({}) (`{}`), which no resource of the plan provides\n{}",
                        pass.label(),
                        b.group,
                        b.binding,
                        b.name,
                        plan.to_json()
                    );
                };
                assert!(
                    owner.passes.iter().any(|p| p == pass.label()),
                    "resource `{}` is used by pass `{}`, which its pass list omits",
                    owner.name,
                    pass.label()
                );
            }
        }
    }
    for r in &plan.resources {
        for p in &r.passes {
            let Some(pass) = plan.passes.iter().find(|x| x.label() == p) else {
                panic!("resource `{}` names a pass `{p}` the plan lacks", r.name)
            };
            let used = pass
                .shaders()
                .iter()
                .any(|s| s.bindings.iter().any(|b| r.wgpu.iter().any(|w| (w.group, w.binding) == (b.group, b.binding))));
            assert!(used, "resource `{}` lists pass `{p}`, whose shaders do not declare it", r.name);
        }
    }
    for b in &plan.buffers {
        for (count, prims, inst) in [(0, 0, 1), (3, 1, 1), (96, 32, 2), (65535, 21845, 3)] {
            let bytes = b.size.bytes(count, prims, inst);
            assert!(bytes >= 16 && bytes % 16 == 0, "buffer `{}`: {bytes} bytes for a draw of {count} positions", b.name);
        }
    }
}

/// Every shader of the plan validates and, for a render pass with both stages, the stage
/// interface is one wgpu accepts; the plan keeps its resource promises ([`check_resources`]).
pub fn check_plan(plan: &Plan) {
    check_plan_from(plan, Source::Parse);
}

fn check_plan_from(plan: &Plan, source: Source) {
    check_resources(plan);
    for pass in &plan.passes {
        #[allow(unreachable_patterns)]
        match pass {
            Pass::Render(rp) => {
                let vs = check_shader(&rp.vertex, Stage::Vertex, source);
                if let Some(f) = &rp.fragment {
                    let fs = check_shader(f, Stage::Fragment, source);
                    check_interface(&vs, &rp.vertex.entry_point, &fs, &f.entry_point, plan);
                }
                let used = tesserae::wgsl::entry_clip_distances(&vs, &rp.vertex.entry_point);
                assert_eq!(
                    rp.clip_distances, used,
                    "the plan says {} clip distances, the vertex entry point writes {used}\n{}",
                    rp.clip_distances, rp.vertex.wgsl
                );
            }
            other => {
                for sh in other.shaders() {
                    let module = module_of(&format!("{} pass `{}`", sh.stage, other.label()), &sh.wgsl, source);
                    assert!(
                        module.entry_points.iter().any(|e| e.name == sh.entry_point),
                        "pass `{}`: entry point `{}` is not in the WGSL:\n{}",
                        other.label(),
                        sh.entry_point,
                        sh.wgsl
                    );
                }
            }
        }
    }
}

/// Translates and checks what comes back; returns the result for further checks.
pub fn translate_checked(desc: &PipelineDesc) -> Result<Plan, TranslateError> {
    // The oracle checks naga's WGSL writer too: written WGSL is parsed back and validated.
    let desc = &PipelineDesc { options: tesserae::Options { verify_wgsl_round_trip: true, ..desc.options }, ..desc.clone() };
    let r = tesserae::translate(desc);
    match &r {
        Ok(plan) => check_plan_from(plan, Source::RoundTripped),
        Err(e @ TranslateError::WgslRoundTrip { .. }) => panic!("translator produced invalid WGSL: {e}"),
        Err(e @ TranslateError::InvalidPlan(_)) => panic!("{e}"),
        Err(_) => {}
    }
    r
}

/// The `spirv_words` oracle: arbitrary words, as one stage on its own and as a pipeline.
///
/// The input is split as: the first `len / 4 * 4` bytes are little-endian words, the trailing
/// 0-3 bytes choose how they are used (so a `.spv` file is itself a good seed):
/// * no trailing byte: `translate_stage`, then a pipeline with the module as its vertex stage
///   (vertex buffers inferred from its inputs);
/// * trailing `t0 [t1 [t2]]`: a pipeline whose topology is `t0 % 5`; the words are cut in a
///   vertex and a fragment module at `len * t1 / 256` words (two trailing bytes), at word
///   `u16(t1, t2)` (three), or not at all (one: no fragment stage).
pub fn spirv_words(data: &[u8]) {
    let n = data.len() / 4 * 4;
    let words: Vec<u32> = data[..n].chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let tail = &data[n..];
    // The translator's fast SPIR-V reader reads what rspirv reads (its module invariant).
    if tesserae::reflect::check_header(&words).is_ok() {
        if let Err(e) = tesserae::spirv_reader::check_agrees_with_rspirv(&words) {
            panic!("tesserae::spirv_reader reads these words unlike rspirv: {e}");
        }
        if let Err(e) = tesserae::lower::check_predicates(&words) {
            panic!("{e}");
        }
    }
    if tail.is_empty() {
        let stage = tesserae::StageDesc { spirv: words.clone(), entry_point: None };
        match tesserae::translate_stage_with(&stage, tesserae::Options { verify_wgsl_round_trip: true, ..Default::default() }) {
            Ok(plan) => {
                check_wgsl("translate_stage", &plan.wgsl);
            }
            Err(e @ TranslateError::WgslRoundTrip { .. }) => panic!("translate_stage produced invalid WGSL: {e}"),
            Err(e @ TranslateError::InvalidPlan(_)) => panic!("translate_stage: {e}"),
            Err(_) => {}
        }
        let vertex_buffers = match tesserae::reflect::load(&words, None) {
            Ok(m) => tesserae::VertexBufferLayout::infer(&m.reflection),
            Err(_) => Vec::new(),
        };
        let desc = PipelineDesc { vertex_buffers, ..PipelineDesc::new(stage, None) };
        let _ = translate_checked(&desc);
        return;
    }
    let topology = [
        tesserae::Topology::PointList,
        tesserae::Topology::LineList,
        tesserae::Topology::LineStrip,
        tesserae::Topology::TriangleList,
        tesserae::Topology::TriangleStrip,
    ][tail[0] as usize % 5];
    let cut = match *tail {
        [_, t1, t2] => (u16::from_le_bytes([t1, t2]) as usize).clamp(1, words.len().max(1)),
        [_, t1] => (words.len() * t1 as usize / 256).max(1),
        _ => words.len(),
    }
    .min(words.len());
    let (v, f) = words.split_at(cut);
    let vertex = tesserae::StageDesc::new(v.to_vec());
    let vertex_buffers = match tesserae::reflect::load(v, None) {
        Ok(m) => tesserae::VertexBufferLayout::infer(&m.reflection),
        Err(_) => Vec::new(),
    };
    let fragment = (!f.is_empty()).then(|| tesserae::StageDesc::new(f.to_vec()));
    let desc = PipelineDesc { topology, vertex_buffers, ..PipelineDesc::new(vertex, fragment) };
    let _ = translate_checked(&desc);
}

/// What the `pipeline` oracle saw (for statistics in the smoke test).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PipelineOutcome {
    Translated,
    /// Refused for a feature that is not supported yet.
    NotYetSupported,
}

/// The `pipeline` oracle, for each clip-distance mode: a generated pipeline translates,
/// validates, has a consistent interface and translates the same way twice; the only accepted
/// refusal is `Unsupported` naming a feature of [`PipelineSpec::not_yet_supported`] (or a limit
/// of emulated clip distances); any other error panics.
/// Returns the outcome in native clip mode.
pub fn pipeline(spec: &PipelineSpec) -> PipelineOutcome {
    pipeline_with(spec, Checks { determinism: true, clip: ClipModes::Both })
}

/// Which clip-distance modes a pipeline is translated in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClipModes {
    Native,
    /// Emulated only (when the pipeline has clip distances; else native).
    Emulated,
    Both,
}

/// What [`pipeline_with`] checks beyond translating and validating.
#[derive(Debug, Clone, Copy)]
pub struct Checks {
    /// A second translation, without the WGSL round trip, gives the same plan.
    pub determinism: bool,
    pub clip: ClipModes,
}

/// [`pipeline`], in the clip modes `checks` asks for and with the determinism check optional
/// (the fuzz targets choose both per input, so one execution translates once or twice, not up
/// to four times). Returns the outcome of the first mode translated.
pub fn pipeline_with(spec: &PipelineSpec, checks: Checks) -> PipelineOutcome {
    use tesserae::ClipMode;
    let modes: &[ClipMode] = match (checks.clip, spec.clip > 0) {
        (ClipModes::Emulated, true) => &[ClipMode::Emulated],
        (ClipModes::Both, true) => &[ClipMode::Native, ClipMode::Emulated],
        _ => &[ClipMode::Native],
    };
    // The stages are emitted (and optimised) once: both clip modes translate the same words.
    let mut desc = spec.desc();
    let mut first = None;
    for &mode in modes {
        desc.options.clip = mode;
        let outcome = pipeline_in(spec, &desc, checks.determinism);
        first.get_or_insert(outcome);
    }
    first.expect("one clip mode at least")
}

fn pipeline_in(spec: &PipelineSpec, desc: &tesserae::PipelineDesc, check_determinism: bool) -> PipelineOutcome {
    let clip = desc.options.clip;
    match translate_checked(desc) {
        Ok(plan) => {
            check_spec_resources(spec, desc, &plan);
            if check_determinism {
                // Without the round trip `translate_checked` asked for: the same plan, WGSL and
                // names alike, or the fast path is not the verified one.
                let again = tesserae::translate(desc);
                assert!(
                    again.as_ref() == Ok(&plan),
                    "translation is not deterministic, or differs without the WGSL round trip ({clip:?} clip distances)\n{spec:#?}"
                );
            }
            PipelineOutcome::Translated
        }
        Err(TranslateError::Unsupported { feature, stage }) => {
            let mut allowed = spec.not_yet_supported();
            if clip == tesserae::ClipMode::Emulated {
                // NOT YET SUPPORTED: emulated clip distances need a fragment stage and free
                // varying locations.
                allowed.push("emulated clip distances");
            }
            assert!(
                allowed.iter().any(|a| feature.contains(a)),
                "translator refused `{feature}` ({stage} stage, {clip:?} clip distances), which is supported; \
                 not-yet-supported features of this spec: {allowed:?}\n{spec:#?}\nvertex:\n{}",
                disassemble(&desc.vertex.spirv)
            );
            PipelineOutcome::NotYetSupported
        }
        Err(e) => panic!(
            "translator rejected a valid generated pipeline ({clip:?} clip distances): {e}\n{spec:#?}\nvertex:\n{}\nfragment:\n{}",
            disassemble(&desc.vertex.spirv),
            desc.fragment.as_ref().map(|f| disassemble(&f.spirv)).unwrap_or_default()
        ),
    }
}

/// Every resource a stage of `spec` reads is in the plan's resource table with its Vulkan
/// (set, binding) and kind, a separate sampler included, and bound in some pass; push constants
/// read give the plan its push-constant buffer. What a stage reads is what its SPIR-V declares
/// (the emitter declares a resource where it emits a read, and skips the reads of statements
/// it drops), so the check holds for shrunk specs too.
fn check_spec_resources(spec: &PipelineSpec, desc: &PipelineDesc, plan: &Plan) {
    use crate::gen::{BufferKind, SamplerRes};
    use tesserae::DescriptorKind as K;
    let r = &spec.resources;
    let kind_at = |set: u32, binding: u32| -> Option<K> {
        for b in &r.buffers {
            if (b.set, b.binding) == (set, binding) {
                return Some(if b.kind == BufferKind::Uniform { K::UniformBuffer } else { K::StorageBuffer });
            }
        }
        for t in &r.textures {
            if (t.set, t.binding) == (set, binding) {
                return Some(if t.sampler == SamplerRes::Combined { K::CombinedImageSampler } else { K::SampledImage });
            }
            if let SamplerRes::Separate { set: s, binding: b, .. } = t.sampler {
                if (s, b) == (set, binding) {
                    return Some(K::Sampler);
                }
            }
        }
        None
    };
    let stages = [Some(&desc.vertex), desc.tess_control.as_ref(), desc.tess_eval.as_ref(), desc.geometry.as_ref(), desc.fragment.as_ref()];
    let mut push = false;
    for stage in stages.into_iter().flatten() {
        let (bindings, reads_push) = declared_resources(&stage.spirv);
        push |= reads_push;
        for (set, binding) in bindings {
            let kind =
                kind_at(set, binding).unwrap_or_else(|| panic!("the generator declared set {set} binding {binding}, which the spec lacks"));
            let listed = plan.resources.iter().find(|x| (x.set, x.binding) == (set, binding));
            let Some(listed) = listed else {
                panic!(
                    "set {set} binding {binding} ({kind:?}) is read by the pipeline but missing from the plan's resources\n{}",
                    plan.to_json()
                )
            };
            assert_eq!(listed.kind, kind, "set {set} binding {binding}: the plan's kind\n{}", plan.to_json());
            assert!(
                !listed.wgpu.is_empty() && !listed.passes.is_empty(),
                "set {set} binding {binding} is bound nowhere\n{}",
                plan.to_json()
            );
        }
    }
    if push {
        assert!(plan.push_constants.is_some(), "push constants are read but the plan has no push-constant buffer\n{}", plan.to_json());
    }
}

/// The (set, binding) of every descriptor variable of a module, and whether it declares push
/// constants.
fn declared_resources(words: &[u32]) -> (Vec<(u32, u32)>, bool) {
    use rspirv::dr::Operand;
    let Ok(m) = rspirv::dr::load_words(words) else { return (Vec::new(), false) };
    let mut sets = BTreeMap::new();
    let mut bindings = BTreeMap::new();
    for d in &m.annotations {
        if let (Some(Operand::IdRef(id)), Some(Operand::Decoration(dec)), Some(Operand::LiteralBit32(v))) =
            (d.operands.first(), d.operands.get(1), d.operands.get(2))
        {
            match dec {
                spirv::Decoration::DescriptorSet => drop(sets.insert(*id, *v)),
                spirv::Decoration::Binding => drop(bindings.insert(*id, *v)),
                _ => {}
            }
        }
    }
    let push = m.types_global_values.iter().any(|i| {
        i.class.opcode == spirv::Op::Variable
            && matches!(i.operands.first(), Some(Operand::StorageClass(spirv::StorageClass::PushConstant)))
    });
    (sets.iter().filter_map(|(id, s)| bindings.get(id).map(|b| (*s, *b))).collect(), push)
}

/// A readable dump of a module for failure messages (rspirv's disassembler).
pub fn disassemble(words: &[u32]) -> String {
    use rspirv::binary::Disassemble;
    match rspirv::dr::load_words(words) {
        Ok(m) => m.disassemble(),
        Err(e) => format!("(does not load: {e})"),
    }
}
