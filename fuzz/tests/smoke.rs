//! Seeded smoke tests: every fuzz target and generator on a deterministic byte stream, the seed
//! corpus and the kept regressions, under plain `cargo test` on the stable toolchain.

use arbitrary::Unstructured;
use std::path::{Path, PathBuf};
use tesserae_fuzz::gen::{Features, PipelineSpec};
use tesserae_fuzz::oracle::translate::PipelineOutcome;
use tesserae_fuzz::rng::{smoke, XorShift};
use tesserae_fuzz::{oracle, shader_test_out, targets};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|d| d.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect()).unwrap_or_default();
    v.sort();
    v
}

fn spec(seed: u64, i: u64, f: &Features) -> Option<PipelineSpec> {
    let data = tesserae_fuzz::differential::input(seed, i);
    PipelineSpec::generate(&mut Unstructured::new(&data), f).ok()
}

/// SPIRV-Tools' validator on a module, in process (the rules of the Vulkan version its SPIR-V
/// version needs: Vulkan 1.1 for the generated modules).
fn spirv_val(words: &[u32], what: &str) {
    if let Err(e) = tesserae_fuzz::metamorphic::validate(words) {
        panic!("{what}: spirv-val: {e}\n{}", oracle::translate::disassemble(words));
    }
}

#[test]
fn generator_emits_valid_spirv() {
    for i in 0..200 {
        let Some(s) = spec(11, i, &Features::ALL) else { continue };
        spirv_val(&s.vertex_words(), &format!("vertex-{i}"));
        if let Some(f) = s.fragment_words() {
            spirv_val(&f, &format!("fragment-{i}"));
        }
        if let Some(g) = s.geometry_words() {
            spirv_val(&g, &format!("geometry-{i}"));
        }
    }
}

#[test]
fn shrink_candidates_stay_valid_and_smaller() {
    for i in 0..10 {
        let Some(s) = spec(12, i, &Features::DIFFERENTIAL) else { continue };
        for (k, c) in s.shrink_candidates().iter().enumerate().filter(|(k, _)| k % 7 == 0) {
            spirv_val(&c.vertex_words(), &format!("shrunk-vertex-{i}-{k}"));
            if let Some(f) = c.fragment_words() {
                spirv_val(&f, &format!("shrunk-fragment-{i}-{k}"));
            }
            oracle::pipeline(c);
        }
    }
}

#[test]
fn pipeline_smoke() {
    let (mut translated, mut refused) = (0, 0);
    smoke(1, 200, 2048, targets::pipeline);
    for i in 0..200 {
        let Some(s) = spec(2, i, &Features::ALL) else { continue };
        match oracle::pipeline(&s) {
            PipelineOutcome::Translated => translated += 1,
            PipelineOutcome::NotYetSupported => refused += 1,
        }
    }
    assert!(translated > 50, "{translated} translated, {refused} refused");
    // What is supported is never refused (known bugs aside, see oracle::known).
    for i in 0..200 {
        let Some(s) = spec(3, i, &Features::SUPPORTED) else { continue };
        // (Tessellation specs may use what the translator's tessellation refuses by name, and
        // a spec taking every bind group leaves none to the emulation.)
        if !s.not_yet_supported().is_empty() {
            assert!(s.tess.is_some() || s.resources.sets().len() >= 4, "{s:#?}");
            continue;
        }
        assert_ne!(oracle::pipeline(&s), PipelineOutcome::NotYetSupported, "{s:#?}");
    }
}

#[test]
fn spirv_words_smoke() {
    smoke(4, 200, 512, targets::spirv_words);
    // Generated modules with a few words or bits changed: past the header, into the parser.
    let mut rng = XorShift::new(5);
    for i in 0..200 {
        let Some(s) = spec(6, i, &Features::ALL) else { continue };
        let mut words = if i % 2 == 0 { s.vertex_words() } else { s.fragment_words().unwrap_or_else(|| s.vertex_words()) };
        for _ in 0..1 + rng.below(4) {
            let k = 5 + rng.below(words.len() as u64 - 5) as usize;
            match rng.below(3) {
                0 => words[k] ^= 1 << rng.below(32),
                1 => words[k] = rng.below(64) as u32,
                _ => {
                    words.truncate(k);
                }
            }
        }
        let mut bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        if i % 3 == 0 {
            bytes.push(rng.below(256) as u8);
            bytes.push(rng.below(256) as u8);
        }
        targets::spirv_words(&bytes);
    }
}

#[test]
fn tessellator_smoke() {
    smoke(7, 2000, 64, targets::tessellator);
}

#[test]
fn shader_test_smoke() {
    smoke(8, 200, 1024, targets::shader_test);
    // Real tests with lines dropped, duplicated or cut.
    let mut rng = XorShift::new(9);
    // The `.shader_test` seeds only: a plain `cargo fuzz run shader_test` writes its new
    // inputs (any bytes, named by their hash) into this directory too.
    let seeds: Vec<PathBuf> =
        files(&root().join("corpus/shader_test")).into_iter().filter(|p| p.extension().is_some_and(|e| e == "shader_test")).collect();
    assert!(!seeds.is_empty());
    for i in 0..300 {
        let text = String::from_utf8_lossy(&std::fs::read(&seeds[i % seeds.len()]).unwrap()).into_owned();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        for _ in 0..1 + rng.below(3) {
            if lines.is_empty() {
                break;
            }
            let k = rng.below(lines.len() as u64) as usize;
            match rng.below(4) {
                0 => {
                    lines.remove(k);
                }
                1 => {
                    let l = lines[k].clone();
                    lines.insert(k, l);
                }
                2 => {
                    let cut = rng.below(lines[k].len() as u64 + 1) as usize;
                    let cut = (0..=cut).rev().find(|&c| lines[k].is_char_boundary(c)).unwrap_or(0);
                    lines[k].truncate(cut);
                }
                _ => lines[k] = format!("{} {}", lines[k], rng.below(100000)),
            }
        }
        targets::shader_test(lines.join("\n").as_bytes());
    }
}

/// The differential fuzzer's reproducers are valid `.shader_test` files carrying the spec.
#[test]
fn generated_tests_parse_back() {
    for i in 0..50 {
        let Some(s) = spec(10, i, &Features::DIFFERENTIAL) else { continue };
        let text = shader_test_out::write(&s, "smoke test");
        let t = oracle::shader_test::check_text(&text).unwrap_or_else(|| panic!("does not parse:\n{text}"));
        let vs = t.shader(tesserae::Stage::Vertex).unwrap();
        assert_eq!(tesserae_fuzz::shader_test::spirv_words(Path::new("x"), vs).unwrap(), s.vertex_words());
        assert_eq!(t.layouts(), vec![s.vertex_buffer_layout()]);
        assert_eq!(t.vertex_buffers[0].data.len(), s.vertices.len() * s.vertex_buffer_layout().stride as usize);
        assert_eq!(t.test.draws[0].count as usize, s.vertices.len());
        assert_eq!(t.topology(), s.topology);
        assert_eq!(t.requires.clip_distances, s.clip);
        assert_eq!(t.requires.geometry, s.geometry.is_some());
        let gs = t.shader(tesserae::Stage::Geometry).map(|g| tesserae_fuzz::shader_test::spirv_words(Path::new("x"), g).unwrap());
        assert_eq!(gs, s.geometry_words());
        let mut bindings: Vec<(u32, u32)> = t.resources.iter().map(|r| (r.set, r.binding)).collect();
        let mut wanted = s.resources.bindings();
        bindings.sort();
        bindings.dedup();
        wanted.sort();
        assert_eq!(bindings, wanted, "{text}");
        for tex in &s.resources.textures {
            let elements: Vec<u32> =
                t.resources.iter().filter(|r| (r.set, r.binding) == (tex.set, tex.binding)).map(|r| r.element).collect();
            assert_eq!(elements, (0..tex.elements.len() as u32).collect::<Vec<_>>(), "an array's elements, in order:\n{text}");
        }
        assert_eq!(t.push_constants.as_ref().map(|p| p.len()), (!s.resources.push.is_empty()).then_some(s.resources.push.len() * 16));
        assert_eq!(t.specialization, s.desc().specialization);
    }
}

/// The resource generator: every kind of resource is generated, read in every stage, and
/// translated (the `pipeline` oracle checks each read resource is in the plan).
#[test]
fn resource_generator() {
    use tesserae::DescriptorKind as K;
    let mut seen: std::collections::BTreeMap<String, usize> = Default::default();
    let mut count = |what: String| *seen.entry(what).or_default() += 1;
    for i in 0..300 {
        let Some(s) = spec(16, i, &Features::ALL) else { continue };
        let desc = s.desc();
        for (stage, words) in [
            ("vertex", Some(&desc.vertex)),
            ("control", desc.tess_control.as_ref()),
            ("evaluation", desc.tess_eval.as_ref()),
            ("fragment", desc.fragment.as_ref()),
        ] {
            let Some(w) = words else { continue };
            spirv_val(&w.spirv, &format!("resources-{stage}-{i}"));
            let text = oracle::translate::disassemble(&w.spirv);
            for (needle, what) in [
                ("Uniform", "uniform"),
                ("BufferBlock", "buffer-block"),
                ("StorageBuffer", "storage"),
                ("PushConstant", "push"),
                ("OpImageFetch", "fetch"),
                ("OpImageSampleExplicitLod", "sample"),
                ("OpSampledImage", "separate-sampler"),
                ("SpecId", "spec"),
                ("RowMajor", "row-major-matrix"),
                ("ColMajor", "column-major-matrix"),
            ] {
                if text.contains(needle) {
                    count(format!("{stage} {what}"));
                }
            }
        }
        if oracle::pipeline(&s) != PipelineOutcome::Translated {
            continue;
        }
        let plan = tesserae::translate(&desc).unwrap();
        for r in &plan.resources {
            count(format!("translated {:?}", r.kind));
            if r.count > 1 {
                count("translated array of descriptors".into());
            }
        }
        if plan.push_constants.is_some() {
            count("translated push constants".into());
        }
        if !desc.specialization.is_empty() {
            count("translated specialization".into());
        }
    }
    for stage in ["vertex", "control", "evaluation", "fragment"] {
        for what in ["uniform", "storage", "push", "fetch", "sample", "spec"] {
            assert!(seen.get(&format!("{stage} {what}")).is_some_and(|&n| n > 0), "no {stage} stage reads {what}: {seen:#?}");
        }
    }
    for k in [K::UniformBuffer, K::StorageBuffer, K::SampledImage, K::Sampler, K::CombinedImageSampler] {
        assert!(seen.get(&format!("translated {k:?}")).is_some_and(|&n| n > 3), "few translated {k:?}: {seen:#?}");
    }
    assert!(seen.get("translated push constants").is_some_and(|&n| n > 3), "{seen:#?}");
    assert!(seen.get("translated array of descriptors").is_some_and(|&n| n > 3), "{seen:#?}");
    for what in ["row-major-matrix", "column-major-matrix"] {
        let n: usize = seen.iter().filter(|(k, _)| k.ends_with(what)).map(|(_, n)| n).sum();
        assert!(n > 3, "few stages read a {what} buffer: {seen:#?}");
    }
    assert!(seen.get("translated specialization").is_some_and(|&n| n > 3), "{seen:#?}");
}

/// An input of a pipeline target in both clip-distance modes (its first byte's bit 3 picks one,
/// `targets::checks`); any other target's input as it is.
fn clip_modes(target: &str, data: Vec<u8>) -> Vec<Vec<u8>> {
    let mut flipped = data.clone();
    match flipped.first_mut() {
        Some(first) if target.starts_with("pipeline") => {
            *first ^= 0b1000;
            vec![data, flipped]
        }
        _ => vec![data],
    }
}

/// Every file of the seed corpus runs through its target.
#[test]
fn seed_corpus() {
    for (target, f) in [
        ("spirv_words", targets::spirv_words as fn(&[u8])),
        ("pipeline", targets::pipeline),
        ("pipeline_tess", targets::pipeline_tess),
        ("tessellator", targets::tessellator),
        ("shader_test", targets::shader_test),
    ] {
        let seeds = files(&root().join("corpus").join(target));
        assert!(!seeds.is_empty(), "no seeds for {target}");
        for p in seeds {
            for data in clip_modes(target, std::fs::read(&p).unwrap()) {
                f(&data);
            }
        }
    }
}

/// Inputs that once crashed a target and are fixed; those still open live in
/// `tests/regressions.rs` as ignored tests.
#[test]
fn fixed_regressions() {
    for (target, f) in [
        ("spirv_words", targets::spirv_words as fn(&[u8])),
        ("pipeline", targets::pipeline),
        ("pipeline_tess", targets::pipeline_tess),
        ("tessellator", targets::tessellator),
        ("shader_test", targets::shader_test),
    ] {
        for p in files(&root().join("regressions").join(target).join("fixed")) {
            for data in clip_modes(target, std::fs::read(&p).unwrap()) {
                f(&data);
            }
        }
    }
}

// The differential oracle's signatures (driver bugs and platform rules) and their evidence
// checks are tested in tests/signatures.rs.

/// The differential oracle's allowance for llvmpipe's GL (`gl-interpolation-discontinuity`)
/// only covers fragment programs that take a discontinuous function of a value that may be
/// interpolated.
#[test]
fn discontinuities_over_interpolated_values() {
    use tesserae_fuzz::gen::{CmpOp, Cond, FBuiltin, FExpr, FUn, Interp, Program, Stmt};
    let f = Features::DIFFERENTIAL;
    let mut s = (0..200).find_map(|i| spec(7, i, &f).filter(|s| !s.varyings.is_empty())).expect("a spec with a varying");
    for v in &mut s.varyings {
        (v.read, v.interp) = (1, Interp::Smooth);
    }
    let program = |body: Vec<Stmt>| Program { locals: 1, body };
    let assign = |e: FExpr| program(vec![Stmt::Assign(0, e)]);
    let input = || Box::new(FExpr::Input { var: 0, comp: 0 });
    let fract_of_input = assign(FExpr::Un(FUn::Fract, input()));
    assert!(fract_of_input.discontinuous_over_interpolated(&s.varyings));
    assert!(!assign(FExpr::Un(FUn::Sin, input())).discontinuous_over_interpolated(&s.varyings), "continuous");
    assert!(!assign(FExpr::Un(FUn::Fract, Box::new(FExpr::Const(1.5)))).discontinuous_over_interpolated(&s.varyings), "a constant");
    let frag_coord = FExpr::Builtin(FBuiltin::FragCoord(0));
    let compared = program(vec![Stmt::If(Cond::F(CmpOp::Lt, frag_coord, FExpr::Const(3.0)), vec![Stmt::Discard], vec![])]);
    assert!(compared.discontinuous_over_interpolated(&s.varyings), "a comparison of FragCoord");
    s.varyings[0].interp = Interp::Flat;
    assert!(!fract_of_input.discontinuous_over_interpolated(&s.varyings), "a flat input is not interpolated");
}

/// Tessellation pipelines: valid SPIR-V for all four stages, and every one translates (or is
/// refused naming a not-yet-supported feature).
#[test]
fn tessellation_generator() {
    let (mut translated, mut total) = (0, 0);
    for i in 0..60 {
        let Some(s) = spec(13, i, &Features::TESSELLATION) else { continue };
        assert!(s.tess.is_some());
        let (c, e) = s.tess_words().unwrap();
        spirv_val(&c, &format!("tess-control-{i}"));
        spirv_val(&e, &format!("tess-eval-{i}"));
        spirv_val(&s.vertex_words(), &format!("tess-vertex-{i}"));
        if let Some(f) = s.fragment_words() {
            spirv_val(&f, &format!("tess-fragment-{i}"));
        }
        total += 1;
        if oracle::pipeline(&s) == PipelineOutcome::Translated {
            translated += 1;
        }
    }
    assert!(translated * 2 > total, "{translated} of {total} translated");
    smoke(14, 40, 2048, targets::pipeline_tess);
}

/// Shrinking a tessellation spec keeps it valid.
#[test]
fn tessellation_shrink_candidates_stay_valid() {
    for i in 0..4 {
        let Some(s) = spec(15, i, &Features::TESSELLATION) else { continue };
        for (k, c) in s.shrink_candidates().iter().enumerate().filter(|(k, _)| k % 11 == 0) {
            if let Some((tc, te)) = c.tess_words() {
                spirv_val(&tc, &format!("shrunk-tess-control-{i}-{k}"));
                spirv_val(&te, &format!("shrunk-tess-eval-{i}-{k}"));
            }
            oracle::pipeline(c);
        }
    }
}

/// Shrinking a geometry spec keeps it valid (the emitter is total: an emission's stores, its
/// vertex, `EndPrimitive`s and the stage itself may go), and can remove the stage.
#[test]
fn geometry_shrink_candidates_stay_valid() {
    let mut removed = 0;
    for i in 0..3 {
        let Some(s) = spec(18, i, &Features { only_geometry: true, ..Features::DIFFERENTIAL }) else { continue };
        let candidates = s.shrink_candidates();
        removed += candidates.iter().filter(|c| c.geometry.is_none()).count();
        for (k, c) in candidates.iter().enumerate().filter(|(k, _)| k % 17 == 0) {
            if let Some(g) = c.geometry_words() {
                spirv_val(&g, &format!("shrunk-geometry-{i}-{k}"));
            }
            spirv_val(&c.vertex_words(), &format!("shrunk-geometry-vertex-{i}-{k}"));
            oracle::pipeline(c);
        }
    }
    assert!(removed >= 2, "{removed} candidates without the geometry stage");
}

/// The generator packs varyings into one location by `Component` (plain, point and cull
/// pipelines alike), and such pipelines translate: issue 34 found the point path writing one
/// location twice, which the generator could not make then.
#[test]
fn generator_packs_varyings_by_component() {
    let (mut packed, mut translated, mut points, mut culled) = (0, 0, 0, 0);
    for i in 0..1000 {
        let Some(s) = spec(13, i, &Features::DIFFERENTIAL) else { continue };
        if !s.varyings.iter().any(|v| v.component > 0) {
            continue;
        }
        packed += 1;
        points += usize::from(s.topology == tesserae::Topology::PointList);
        culled += usize::from(s.cull > 0);
        spirv_val(&s.vertex_words(), &format!("packed-vertex-{i}"));
        if let Some(f) = s.fragment_words() {
            spirv_val(&f, &format!("packed-fragment-{i}"));
        }
        if matches!(oracle::pipeline(&s), PipelineOutcome::Translated) {
            translated += 1;
        }
    }
    // Seed 13 measured: 38 of 1,000 pack (5 point lists, 8 with cull distances) (a quarter of the pipelines try, and need two
    // varyings of one type and interpolation that fit in four components).
    assert!(
        packed >= 20 && points > 0 && culled > 0,
        "{packed} of 1000 generated pipelines pack varyings ({points} point lists, {culled} with cull distances)"
    );
    assert!(translated * 2 >= packed, "{translated} of {packed} packed pipelines translate");
}

/// Differential pipelines are steered to draw (positions on screen, planes through it,
/// discards of half the target, visible red, levels that tessellate; the run's summary reports
/// the share that drew: 77% on seed 31, 90 s, 2026-12-04). What can be checked without a
/// device: no pipeline's vertices all sit at one point, which is what an input whose bytes ran
/// out gave before (95 of these 300 pipelines, which drew nothing for that alone).
#[test]
fn differential_vertices_are_not_all_one_point() {
    let mut degenerate = Vec::new();
    let mut generated = 0;
    for i in 0..300 {
        let Some(s) = spec(31, i, &Features::DIFFERENTIAL) else { continue };
        generated += 1;
        let position = |v: &Vec<i32>| (v[0], v[1]);
        if s.vertices.len() > 1 && s.vertices.iter().all(|v| position(v) == position(&s.vertices[0])) {
            degenerate.push(i);
        }
    }
    assert!(generated > 250, "{generated}");
    assert!(
        degenerate.len() * 100 <= generated,
        "{} of {generated} pipelines put every vertex at one point: {degenerate:?}",
        degenerate.len()
    );
}

/// In defined-only (differential) mode the control stage writes every component of its
/// control point's position before anything else (an unwritten one is undefined in the
/// evaluation stage: `regressions/differential/invalid-tess-control-position-unwritten-898`).
#[test]
fn differential_control_stages_write_the_whole_position() {
    use tesserae_fuzz::gen::{Out, Stmt};
    let mut checked = 0;
    for i in 0..300 {
        let Some(s) = spec(32, i, &Features::DIFFERENTIAL) else { continue };
        let Some(t) = &s.tess else { continue };
        checked += 1;
        for c in 0..4 {
            assert!(
                t.control.body.iter().any(|st| matches!(st, Stmt::Store(Out::Position(k), _) if *k == c)),
                "pipeline {i}: the control stage does not write position component {c}"
            );
        }
    }
    assert!(checked > 20, "{checked} tessellated pipelines");
}

/// Geometry pipelines (issue 35): valid SPIR-V for every stage, and every one translates (or is
/// refused naming a not-yet-supported feature: the `pipeline` oracle). Every output primitive,
/// input primitive (adjacency included), loose and block `gl_in`, several invocations, loops,
/// `EndPrimitive` and culled emissions are generated.
#[test]
fn geometry_generator() {
    use tesserae_fuzz::gen::{GsOutput, Stmt};
    let (mut translated, mut total) = (0, 0);
    let mut seen: std::collections::BTreeMap<String, usize> = Default::default();
    let mut count = |what: String| *seen.entry(what).or_default() += 1;
    for i in 0..200 {
        let Some(s) = spec(17, i, &Features::GEOMETRY) else { continue };
        let g = s.geometry.as_ref().expect("only_geometry gives every spec a geometry stage");
        assert!(s.tess.is_none());
        let words = s.geometry_words().unwrap();
        spirv_val(&words, &format!("geometry-{i}"));
        spirv_val(&s.vertex_words(), &format!("geometry-vertex-{i}"));
        if let Some(f) = s.fragment_words() {
            spirv_val(&f, &format!("geometry-fragment-{i}"));
        }
        assert!((1..=16).contains(&g.max_vertices) && (1..=4).contains(&g.invocations), "{g:?}");
        count(format!("output {:?}", g.output));
        count(format!("input {}", s.topology.name()));
        count(format!("gl_in {}", if g.gl_in_block { "block" } else { "loose" }));
        count(format!("invocations {}", g.invocations.min(2)));
        let mut body = g.program.body.clone();
        let (mut emits, mut ends, mut loops, mut ifs) = (0, 0, 0, 0);
        fn walk(b: &[Stmt], f: &mut dyn FnMut(&Stmt)) {
            for s in b {
                f(s);
                match s {
                    Stmt::If(_, a, c) => {
                        walk(a, f);
                        walk(c, f);
                    }
                    Stmt::Loop(_, a) | Stmt::Emit { stores: a, .. } => walk(a, f),
                    _ => {}
                }
            }
        }
        walk(&body, &mut |s| match s {
            Stmt::Emit { .. } => emits += 1,
            Stmt::EndPrimitive => ends += 1,
            Stmt::Loop(..) => loops += 1,
            Stmt::If(..) => ifs += 1,
            _ => {}
        });
        body.clear();
        for (what, n) in [("emits", emits), ("end-primitive", ends), ("loop", loops), ("if", ifs)] {
            if n > 0 {
                count(what.to_string());
            }
        }
        if g.output == GsOutput::Points && s.point_size {
            count("points of a size".into());
        }
        if s.fragment.as_ref().is_some_and(|f| f.uses_primitive_id()) {
            count("fragment PrimitiveId".into());
        }
        total += 1;
        if oracle::pipeline(&s) == PipelineOutcome::Translated {
            translated += 1;
        } else {
            count("not yet supported".into());
        }
    }
    eprintln!("{translated} of {total} translated; {seen:#?}");
    assert!(total >= 190, "{total} generated");
    assert!(translated * 10 >= total * 9, "{translated} of {total} translated");
    for what in [
        "output Points",
        "output LineStrip",
        "output TriangleStrip",
        "input point-list",
        "input line-list",
        "input line-strip",
        "input triangle-list",
        "input triangle-strip",
        "input line-list-adjacency",
        "input triangle-list-adjacency",
        "gl_in loose",
        "gl_in block",
        "invocations 2",
        "emits",
        "end-primitive",
        "loop",
        "if",
        "fragment PrimitiveId",
    ] {
        assert!(seen.get(what).is_some_and(|&n| n > 0), "no geometry pipeline with {what}: {seen:#?}");
    }
}

/// Geometry stages after tessellation: the geometry stage takes the tessellator's primitives
/// (points in point mode, lines of isolines, triangles) from the evaluation stage's varyings;
/// every stage validates and the pipelines translate (or are refused naming a
/// not-yet-supported feature).
#[test]
fn geometry_after_tessellation_generator() {
    let (mut translated, mut total) = (0, 0);
    let f = Features { only_tessellation: true, only_geometry: true, ..Features::ALL };
    for i in 0..40 {
        let Some(s) = spec(19, i, &f) else { continue };
        assert!(s.tess.is_some() && s.geometry.is_some());
        let (c, e) = s.tess_words().unwrap();
        spirv_val(&c, &format!("tess-geometry-control-{i}"));
        spirv_val(&e, &format!("tess-geometry-eval-{i}"));
        spirv_val(&s.geometry_words().unwrap(), &format!("tess-geometry-geometry-{i}"));
        total += 1;
        if oracle::pipeline(&s) == PipelineOutcome::Translated {
            translated += 1;
        }
    }
    assert!(translated * 4 >= total * 3, "{translated} of {total} translated");
}

/// The shapes of the bugs users found that the fuzzer did not (issue 34, item 7) come out of
/// the generator, and each translates or is refused by name (`oracle::pipeline` panics
/// otherwise): uniform blocks longer than the range the test binds, arrays of textures
/// declared far longer than they are used (up to 2^24 elements), and stages optimised by
/// spirv-opt (merged and folded control flow, `OpPhi`s). Component packing has its own test
/// (`generator_packs_varyings_by_component`).
#[test]
fn generator_makes_the_shapes_users_found() {
    let (mut tails, mut huge, mut optimized, mut phis) = (0, 0, 0, 0);
    for i in 0..300 {
        let Some(s) = spec(21, i, &Features::ALL) else { continue };
        tails += usize::from(s.resources.buffers.iter().any(|b| b.unread_tail > 0));
        huge += usize::from(s.resources.textures.iter().any(|t| t.declared.is_some_and(|n| n >= 1 << 16)));
        if s.optimized {
            optimized += 1;
            let words = s.vertex_words();
            spirv_val(&words, &format!("optimized-vertex-{i}"));
            let plain = PipelineSpec { optimized: false, ..s.clone() }.vertex_words();
            let has_phi = |w: &[u32]| w.iter().skip(5).any(|&x| x & 0xffff == spirv::Op::Phi as u32 && x >> 16 >= 3);
            phis += usize::from(has_phi(&words) && !has_phi(&plain));
        }
        let _ = oracle::pipeline(&s);
    }
    // Seed 21 measured (2026-12-06): 20 tails, 5 huge arrays, 47 optimised (9 gained OpPhi).
    assert!(
        tails >= 10 && huge >= 3 && optimized >= 25 && phis >= 3,
        "{tails} tails, {huge} huge arrays, {optimized} optimised ({phis} gained OpPhi)"
    );
}
