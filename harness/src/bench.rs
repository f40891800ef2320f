//! `bench`: translation time of the corpus pipelines against naga alone (spv-in + validate +
//! wgsl-out per stage), measured in the same run and printed as a ratio for three sets:
//! * plain pipelines, against naga on the same SPIR-V;
//! * point-list pipelines and pipelines writing cull distances, which naga refuses (WebGPU has
//!   no `PointSize` or `CullDistance`), against naga on the same SPIR-V with those built-in
//!   outputs demoted to private variables (the translator's `lower::builtin_output`), the
//!   closest work naga alone can do.
//!
//! Tessellated pipelines and those with a geometry stage have no naga peer (naga has neither
//! stage) and are left out,
//! as are pipelines either side refuses; the report counts them. Also the CPU tessellator's
//! domain points per second at level 64 for each domain, with the Vulkan driver's capture of the
//! same patches (`tess_sweep::Capture`) as a peer, and the frame benches (`bench_frames`).

use crate::Selection;
use spirv::BuiltIn;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tesserae_harness::{compile, runner, shader_test};

fn naga_alone(words: &[u32]) -> Result<String, String> {
    let opts = naga::front::spv::Options { adjust_coordinate_space: true, strict_capabilities: false, block_ctx_dump_prefix: None };
    let m = naga::front::spv::Frontend::new(words.iter().copied(), &opts).parse().map_err(|e| e.to_string())?;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), tesserae::wgsl::capabilities())
        .validate(&m)
        .map_err(|e| e.to_string())?;
    naga::back::wgsl::write_string(&m, &info, naga::back::wgsl::WriterFlags::empty()).map_err(|e| e.to_string())
}

/// The naga work a plan's modules cost, without Tesserae's: naga reading the stages (for the
/// paired sets; a pipeline with a tessellation or geometry stage, which naga alone cannot
/// read, gets no spv-in at all, so its floor is low by its stages' parses) and validating and
/// writing every module
/// the translation built for the pipeline (not the templates every plan shares, such as the
/// tessellator's kernels, parsed once per process). The least a translation producing those
/// modules through naga could cost; for a plain pipeline, naga alone.
struct Floor {
    stages: Vec<Vec<u32>>,
    modules: Vec<naga::Module>,
}

impl Floor {
    /// `again` is a second translation of `plan`'s pipeline: a module both hold as one is a
    /// template's.
    fn of(stages: Vec<Vec<u32>>, plan: &tesserae::Plan, again: &tesserae::Plan) -> Floor {
        let mut built: Vec<tesserae::wgsl::ValidatedWgsl> = Vec::new();
        let shaders = |p: &'_ tesserae::Plan| p.passes.iter().flat_map(|pass| pass.shaders()).map(|s| s.wgsl.clone()).collect::<Vec<_>>();
        let again = shaders(again);
        for shader in shaders(plan) {
            let template = again.iter().any(|a| a.is_shared_with(&shader));
            if !template && !built.iter().any(|m| m.is_shared_with(&shader)) {
                built.push(shader);
            }
        }
        Floor { stages, modules: built.into_iter().map(|m| m.module().clone()).collect() }
    }

    fn run(&self) -> Result<(), String> {
        let opts = naga::front::spv::Options { adjust_coordinate_space: true, strict_capabilities: false, block_ctx_dump_prefix: None };
        for words in &self.stages {
            std::hint::black_box(naga::front::spv::Frontend::new(words.iter().copied(), &opts).parse().map_err(|e| e.to_string())?);
        }
        for module in &self.modules {
            let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), tesserae::wgsl::capabilities())
                .validate(module)
                .map_err(|e| e.to_string())?;
            std::hint::black_box(
                naga::back::wgsl::write_string(module, &info, naga::back::wgsl::WriterFlags::empty()).map_err(|e| e.to_string())?,
            );
        }
        Ok(())
    }
}

/// The compared sets, in report order: pipelines drawn as given (`plain`), with points
/// expanded, with cull distances tested in a primitive pass, and with other compute passes
/// (a primitive pass for flat varyings or strip restart, a transform feedback capture).
const SETS: [(&str, &str); 4] = [
    ("plain", "the same SPIR-V"),
    ("points", "PointSize, CullDistance outputs demoted"),
    ("cull", "CullDistance, PointSize outputs demoted"),
    ("passes", "the same SPIR-V"),
];

/// The set a translated pipeline belongs to, the SPIR-V naga gets for it and the plan its
/// timed translations must give again, or why it is left out.
fn classify(desc: &tesserae::PipelineDesc) -> Result<(usize, Vec<Vec<u32>>, tesserae::Plan), &'static str> {
    if desc.tess_control.is_some() || desc.tess_eval.is_some() {
        return Err("tessellated (no naga peer)");
    }
    if desc.geometry.is_some() {
        return Err("with a geometry stage (no naga peer)");
    }
    let Ok(plan) = tesserae::translate(desc) else {
        return Err("refused by tesserae");
    };
    let stages = std::iter::once(&desc.vertex).chain(desc.fragment.as_ref());
    let vertex = tesserae::reflect::load(&desc.vertex.spirv, desc.vertex.entry_point.as_deref()).map_err(|_| "vertex does not load")?;
    let computes = plan.passes.iter().any(|p| matches!(p, tesserae::plan::Pass::Compute(_)));
    let set = match (vertex.reflection.cull_distance_outputs > 0, desc.topology.is_points(), computes) {
        (true, _, _) => 2,
        (false, true, _) => 1,
        (false, false, true) => 3,
        (false, false, false) => 0,
    };
    let naga_input: Vec<Vec<u32>> = if set == 0 || set == 3 {
        stages.map(|s| s.spirv.clone()).collect()
    } else {
        let strip = |s: &tesserae::StageDesc| without_builtin_outputs(&s.spirv, &[BuiltIn::PointSize, BuiltIn::CullDistance]);
        stages.map(strip).collect::<Result<_, _>>().map_err(|_| "built-ins not removable")?
    };
    if naga_input.iter().any(|w| naga_alone(w).is_err()) {
        return Err(if set == 0 || set == 3 { "refused by naga" } else { "refused by naga once demoted" });
    }
    Ok((set, naga_input, plan))
}

pub fn bench(sel: &Selection, iterations: u32, only: Option<&str>, profile: bool) -> Result<ExitCode, String> {
    let wants = |group: &str| only.is_none_or(|o| o.split(',').any(|g| g.trim() == group || g.trim().starts_with(&format!("{group}:"))));
    let adapter = sel.adapter.as_deref();
    if wants("points") {
        crate::bench_frames::points(adapter);
    }
    if wants("cull") {
        crate::bench_frames::cull(adapter);
    }
    if wants("tessellation") {
        crate::bench_frames::tessellation(adapter);
    }
    if wants("geometry") {
        crate::bench_frames::geometry(adapter);
    }
    if wants("capture") {
        crate::bench_frames::capture(adapter);
    }
    if wants("tessellator") {
        tessellator(adapter);
    }
    if wants("translate") {
        // `translate:plain` (or `translate:points+cull`) times those sets only.
        let sets: Option<Vec<&str>> =
            only.and_then(|o| o.split(',').find_map(|g| g.trim().strip_prefix("translate:"))).map(|s| s.split('+').collect());
        if let Some(unknown) = sets.iter().flatten().find(|s| !SETS.iter().chain(&UNPAIRED).any(|(name, _)| name == *s)) {
            return Err(format!("no translation set `{unknown}` (sets: plain, points, cull, passes, tess, geom)"));
        }
        translation(sel, iterations, profile, sets.as_deref())?;
    }
    if crate::bench_frames::failures() > 0 {
        eprintln!("bench: {} frame(s) failed or rendered different images", crate::bench_frames::failures());
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// `words` with the built-in outputs `builtins` demoted to private variables by the
/// translator's own pass (`lower::builtin_output`): the closest module naga alone can take for
/// a pipeline writing built-ins WebGPU lacks.
fn without_builtin_outputs(words: &[u32], builtins: &[BuiltIn]) -> Result<Vec<u32>, String> {
    use rspirv::binary::Assemble;
    let mut module = rspirv::dr::load_words(words).map_err(|e| e.to_string())?;
    for b in builtins {
        tesserae::lower::builtin_output::demote(&mut module, *b);
    }
    Ok(module.assemble())
}

/// A pipeline of one of the [`SETS`]: its set, description, naga's input (one module per
/// stage), the plan every timed translation must give again, and its test's name.
type SetMember = (usize, tesserae::PipelineDesc, Vec<Vec<u32>>, tesserae::Plan, String);

/// A pipeline without a naga peer: its [`UNPAIRED`] set, description, expected plan, name.
type Unpaired = (usize, tesserae::PipelineDesc, tesserae::Plan, String);

/// The selection's pipelines, each in its set or left out (with why, counted).
struct Pipelines {
    members: Vec<SetMember>,
    /// Each member's [`Floor`].
    floors: Vec<Floor>,
    /// Pipelines without a naga peer, by [`UNPAIRED`] set: tessellated, with a geometry stage.
    unpaired: Vec<Unpaired>,
    unpaired_floors: Vec<Floor>,
    left_out: Vec<(&'static str, u32)>,
}

fn translation(sel: &Selection, iterations: u32, profile: bool, sets: Option<&[&str]>) -> Result<(), String> {
    let Pipelines { members, floors, unpaired, unpaired_floors, left_out } = pipelines(sel, sets)?;
    let times = time_sets(&members, &floors, iterations)?;
    println!("translation of corpus pipelines x {iterations} iterations (naga alone: spv-in + validate + wgsl-out per stage)");
    println!(
        "  {:<7} {:>9} {:>15} {:>15} {:>8} {:>11} {:>13} {:>11} {:>11}   naga's input",
        "set", "pipelines", "tesserae us/p", "naga us/p", "ratio", "best ratio", "paired ratio", "floor us/p", "over floor"
    );
    for (i, (set, input)) in SETS.iter().enumerate() {
        let count = members.iter().filter(|(s, ..)| *s == i).count();
        if count == 0 {
            println!("  {set:<7} {count:>9}   (none in the selection)");
            continue;
        }
        times.print_row(i, count, iterations, set, input);
    }
    let skipped: Vec<String> = left_out.iter().map(|(why, n)| format!("{n} {why}")).collect();
    println!("  left out: {}", if skipped.is_empty() { "none".into() } else { skipped.join(", ") });
    println!("  ratio: all iterations' translations over naga's; best ratio: the fastest iteration over naga's fastest");
    println!("  (noise only adds time); paired ratio: the median over iterations of one iteration's translations over its naga loop");
    println!("  (each side in its own loop over one set's pipelines: neither warms caches for the other);");
    println!("  floor: naga reading the stages and validating and writing every module the plan holds that translation");
    println!("  built for it (the templates every plan shares left out): the least a translation through naga could cost");
    let (parsed, took) = tesserae::wgsl::template_parses();
    println!(
        "  templates (emulation WGSL parsed once per process): {parsed} parsed in {:.1} ms, by the untimed first translations",
        took.as_secs_f64() * 1e3
    );
    time_unpaired(&unpaired, &unpaired_floors, iterations)?;
    if profile {
        let unpaired = unpaired.into_iter().map(|(set, d, _, _)| (SETS.len() + set, d, Vec::new()));
        let all: Vec<_> = members.into_iter().map(|(set, d, stages, _, _)| (set, d, stages)).chain(unpaired).collect();
        profile_phases(&all, iterations);
    }
    Ok(())
}

/// The selection's pipelines in the sets `sets` names (all without), classified.
fn pipelines(sel: &Selection, sets: Option<&[&str]>) -> Result<Pipelines, String> {
    let opts = crate::run_options(sel, std::env::temp_dir(), Vec::new(), 0)?;
    let mut found =
        Pipelines { members: Vec::new(), floors: Vec::new(), unpaired: Vec::new(), unpaired_floors: Vec::new(), left_out: Vec::new() };
    for (name, path) in runner::select(&opts) {
        let Ok(test) = shader_test::load(&path, &name) else { continue };
        let why = match compile::pipeline(&test, tesserae::Options::default()) {
            Err(_) => "does not compile",
            Ok(desc) => match classify(&desc) {
                Ok((set, _, _)) if sets.is_some_and(|sets| !sets.contains(&SETS[set].0)) => continue,
                Ok((set, naga_input, expected)) => {
                    let again = tesserae::translate(&desc).map_err(|e| format!("{name}: a second translation failed: {e}"))?;
                    found.floors.push(Floor::of(naga_input.clone(), &expected, &again));
                    found.members.push((set, desc, naga_input, expected, name));
                    continue;
                }
                Err(why) => {
                    let set = if desc.tess_control.is_some() { Some(0) } else { desc.geometry.as_ref().map(|_| 1) };
                    if let Some(set) = set.filter(|&set| sets.is_none_or(|sets| sets.contains(&UNPAIRED[set].0))) {
                        if let (Ok(expected), Ok(again)) = (tesserae::translate(&desc), tesserae::translate(&desc)) {
                            found.unpaired_floors.push(Floor::of(Vec::new(), &expected, &again));
                            found.unpaired.push((set, desc, expected, name));
                        }
                    }
                    why
                }
            },
        };
        match found.left_out.iter_mut().find(|(w, _)| *w == why) {
            Some((_, n)) => *n += 1,
            None => found.left_out.push((why, 1)),
        }
    }
    if found.members.is_empty() && found.unpaired.is_empty() {
        return Err("no pipeline in the selection translates".into());
    }
    Ok(found)
}

/// Per set: translation, naga alone, each loop's fastest iteration, and each iteration's
/// translations over its naga loop.
struct SetTimes {
    translate: [Duration; SETS.len()],
    naga: [Duration; SETS.len()],
    // Each loop's fastest iteration (the machine's noise only ever adds time).
    best_translate: [Duration; SETS.len()],
    best_naga: [Duration; SETS.len()],
    floor: [Duration; SETS.len()],
    // Noise that lasts longer than an iteration (the machine's load moves naga alone by a third
    // between runs) hits both sides of such a pair alike.
    paired: [Vec<f64>; SETS.len()],
}

impl SetTimes {
    fn print_row(&self, i: usize, count: usize, iterations: u32, set: &str, input: &str) {
        let n = (count as u32 * iterations) as f64;
        let (tt, tn) = (self.translate[i].as_secs_f64(), self.naga[i].as_secs_f64());
        let best = self.best_translate[i].as_secs_f64() / self.best_naga[i].as_secs_f64();
        let median = median(&mut self.paired[i].clone());
        let tf = self.floor[i].as_secs_f64();
        println!(
            "  {set:<7} {count:>9} {:>15.1} {:>15.1} {:>7.2}x {best:>10.2}x {median:>12.2}x {:>11.1} {:>10.2}x   {input}",
            tt * 1e6 / n,
            tn * 1e6 / n,
            tt / tn,
            tf * 1e6 / n,
            tt / tf,
        );
    }
}

fn time_sets(all: &[SetMember], floors: &[Floor], iterations: u32) -> Result<SetTimes, String> {
    let mut t = SetTimes {
        translate: [Duration::ZERO; SETS.len()],
        naga: [Duration::ZERO; SETS.len()],
        best_translate: [Duration::MAX; SETS.len()],
        best_naga: [Duration::MAX; SETS.len()],
        floor: [Duration::ZERO; SETS.len()],
        paired: Default::default(),
    };
    for _ in 0..iterations {
        // Each side runs over one set's pipelines in a loop of its own, as an application
        // translating its pipelines at load would: no measurement follows the other side's
        // work on the same SPIR-V (which would leave that pipeline's words, and the code the
        // two share — naga — warm for it), nor a pipeline of another set (an emulated
        // pipeline's passes leave less of the caches to a plain one). Iterations repeat the
        // loops so machine noise hits them alike. The emulation's templates were parsed by the
        // untimed first translations, as by an application's first pipeline.
        for set in 0..SETS.len() {
            let members = || all.iter().filter(move |(s, ..)| *s == set);
            let mut translating = Duration::ZERO;
            for (_, desc, _, expected, name) in members() {
                let s = Instant::now();
                let plan = std::hint::black_box(tesserae::translate(desc));
                translating += s.elapsed();
                same_plan(name, plan, expected)?;
            }
            t.translate[set] += translating;
            t.best_translate[set] = t.best_translate[set].min(translating);
            let mut naga = Duration::ZERO;
            for (_, _, stages, _, name) in members() {
                let s = Instant::now();
                let outputs: Vec<_> = stages.iter().map(|w| std::hint::black_box(naga_alone(w))).collect();
                naga += s.elapsed();
                if let Some(Err(e)) = outputs.into_iter().find(Result::is_err) {
                    return Err(format!("{name}: naga alone failed on a stage it took before: {e}"));
                }
            }
            t.naga[set] += naga;
            t.best_naga[set] = t.best_naga[set].min(naga);
            let s = Instant::now();
            for ((_, _, _, _, name), floor) in all.iter().zip(floors).filter(|((s, ..), _)| *s == set) {
                floor.run().map_err(|e| format!("{name}: naga failed on the plan's modules: {e}"))?;
            }
            t.floor[set] += s.elapsed();
            if !naga.is_zero() {
                t.paired[set].push(translating.as_secs_f64() / naga.as_secs_f64());
            }
        }
    }
    Ok(t)
}

/// The sets of pipelines naga has no peer for (it takes no tessellation or geometry stage).
const UNPAIRED: [(&str, &str); 2] = [("tess", "tessellated pipelines"), ("geom", "pipelines with a geometry stage")];

/// Times the pipelines without a naga peer, per set.
fn time_unpaired(unpaired: &[Unpaired], floors: &[Floor], iterations: u32) -> Result<(), String> {
    for (i, (set, what)) in UNPAIRED.iter().enumerate() {
        let members: Vec<_> = unpaired.iter().zip(floors).filter(|((s, ..), _)| *s == i).collect();
        if members.is_empty() {
            continue;
        }
        let (mut translating, mut floor) = (Duration::ZERO, Duration::ZERO);
        for _ in 0..iterations {
            for ((_, desc, expected, name), _) in &members {
                let s = Instant::now();
                let plan = std::hint::black_box(tesserae::translate(desc));
                translating += s.elapsed();
                same_plan(name, plan, expected)?;
            }
            let s = Instant::now();
            for ((.., name), f) in &members {
                f.run().map_err(|e| format!("{name}: naga failed on the plan's modules: {e}"))?;
            }
            floor += s.elapsed();
        }
        let n = (members.len() as u32 * iterations) as f64;
        let modules = members.iter().map(|(_, f)| f.modules.len()).sum::<usize>() as f64 / members.len() as f64;
        println!(
            "  {set}: {} {what}, {:.1} us/p (no naga peer); floor (naga validating and writing the {modules:.1} modules per plan built for it): {:.1} us/p, {:.2}x",
            members.len(),
            translating.as_secs_f64() * 1e6 / n,
            floor.as_secs_f64() * 1e6 / n,
            translating.as_secs_f64() / floor.as_secs_f64()
        );
    }
    Ok(())
}

/// A timed translation gives the plan the untimed one before the loops gave: a bench timing a
/// translation that failed or changed would measure something else.
fn same_plan(name: &str, plan: Result<tesserae::Plan, tesserae::TranslateError>, expected: &tesserae::Plan) -> Result<(), String> {
    match plan {
        Ok(p) if p == *expected => Ok(()),
        Ok(_) => Err(format!("{name}: a timed translation gave another plan than the first")),
        Err(e) => Err(format!("{name}: a timed translation failed where the first did not: {e}")),
    }
}

/// Time per translation phase ([`tesserae::profile`]), us per pipeline, per set.
/// The median of `values` (sorted in place); NaN when empty.
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

fn profile_phases(pipelines: &[(usize, tesserae::PipelineDesc, Vec<Vec<u32>>)], iterations: u32) {
    /// The phases that are naga's own work (the rest of a translation is Tesserae's).
    const NAGA_PHASES: [&str; 3] = ["naga spv-in", "naga validate", "wgsl write"];
    for (i, set) in SETS.iter().chain(&UNPAIRED).map(|(set, _)| *set).enumerate() {
        let members: Vec<_> = pipelines.iter().filter(|(s, _, _)| *s == i).collect();
        if members.is_empty() {
            continue;
        }
        let mut totals: Vec<tesserae::profile::Phase> = Vec::new();
        // Per iteration: the time naga's phases took inside translation, and the rest of it,
        // over naga alone on the same SPIR-V in the loop just after (paired as `paired ratio`).
        // For points and cull, naga's phases also validate and write the linked passes.
        let (mut naga_inside, mut own) = (Vec::new(), Vec::new());
        for _ in 0..iterations {
            tesserae::profile::enable();
            let start = Instant::now();
            for (_, d, _) in &members {
                std::hint::black_box(tesserae::translate(d).ok());
            }
            let translating = start.elapsed().as_secs_f64();
            let phases = tesserae::profile::take();
            let naga: f64 = phases.iter().filter(|p| NAGA_PHASES.contains(&p.name)).map(|p| p.total.as_secs_f64()).sum();
            for p in phases {
                match totals.iter_mut().find(|t| t.name == p.name) {
                    Some(t) => {
                        t.total += p.total;
                        t.count += p.count;
                    }
                    None => totals.push(p),
                }
            }
            let start = Instant::now();
            for (_, _, stages) in &members {
                for w in stages {
                    std::hint::black_box(naga_alone(w).ok());
                }
            }
            let alone = start.elapsed().as_secs_f64();
            // Tessellated pipelines have no naga peer.
            if i < SETS.len() {
                naga_inside.push(naga / alone);
                own.push((translating - naga) / alone);
            }
        }
        let n = (members.len() as u32 * iterations) as f64;
        println!("  phases of {set} (us per pipeline, inclusive; calls per pipeline)");
        for p in totals {
            let indent = "  ".repeat(p.depth);
            println!("    {:<52} {:>9.1} {:>6.2}", format!("{indent}{}", p.name), p.total.as_secs_f64() * 1e6 / n, p.count as f64 / n);
        }
        if !naga_inside.is_empty() {
            println!(
                "    paired with naga alone: naga's phases inside translation {:.2}x naga alone, the rest of translation {:.2}x (timing each phase adds to the rest)",
                median(&mut naga_inside),
                median(&mut own)
            );
        }
    }
}

/// Domain points per second of [`tesserae::tessellator::tessellate`] with every level 64
/// (equal spacing), per domain: as many patches as one capture draw holds (65,536 points),
/// tessellated repeatedly for about half a second. The peer is the driver tessellating the
/// same patches in one draw through the sweep's capture pipeline (evaluation and geometry
/// shaders writing to storage buffers, read back), which costs more than tessellation alone.
fn tessellator(adapter: Option<&str>) {
    use tesserae::tessellator::{point_count, primitive_count, tessellate, Domain, Spacing, Winding};
    use tesserae_harness::tess_sweep::{config, Capture, Mode};
    let mut capture = Capture::new(adapter).map_err(|e| e.to_string());
    println!("tessellator, all levels 64, equal spacing");
    for domain in [Domain::Triangles, Domain::Quads, Domain::Isolines] {
        let mode = Mode { domain, spacing: Spacing::Equal, winding: Winding::Cw, point_mode: false };
        let cfg = config(mode, ([64.0; 4], [64.0; 2]));
        let per_patch = point_count(&cfg);
        let patches = vec![(cfg.outer, cfg.inner); (1 << 16) / per_patch];
        let points = (per_patch * patches.len()) as f64;
        let (mut runs, start) = (0u32, Instant::now());
        while runs < 3 || start.elapsed() < Duration::from_millis(500) {
            for _ in &patches {
                std::hint::black_box(tessellate(std::hint::black_box(&cfg)));
            }
            runs += 1;
        }
        let cpu = points * runs as f64 / start.elapsed().as_secs_f64();
        let peer = match &mut capture {
            Ok(cap) => {
                let prims = primitive_count(&cfg) * patches.len();
                let mut best = f64::INFINITY;
                // The first run compiles the pipeline; keep the best of the others.
                for k in 0..4 {
                    let s = Instant::now();
                    if let Err(e) = cap.run(mode, &patches, (points as usize, prims)) {
                        println!("  native capture failed: {e}");
                        break;
                    }
                    if k > 0 {
                        best = best.min(s.elapsed().as_secs_f64());
                    }
                }
                if best.is_finite() {
                    format!("native capture {:>6.2} M points/s (cpu/native {:.1}x)", points / best / 1e6, cpu * best / points)
                } else {
                    String::new()
                }
            }
            Err(e) => format!("native capture unavailable: {e}"),
        };
        println!("  {:<9} {per_patch:>5} points/patch  cpu {:>7.2} M points/s   {peer}", format!("{domain:?}"), cpu / 1e6);
    }
}
