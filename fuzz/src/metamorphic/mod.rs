//! The metamorphic fuzzer: variants of a pipeline that must render the same image, as
//! GraphicsFuzz and spirv-fuzz make them, so that no reference is needed.
//!
//! A test is taken as SPIR-V (a corpus test frozen by `tesserae-harness freeze`, or a generated
//! pipeline); one to three [`Transformation`]s (each `inline` preceded by an `outline` of the
//! same stage, so up to six steps) change its stages (each keeps the module valid,
//! which `spirv-val` checks in process, and its results exact in real arithmetic); the original
//! and the variant are rendered by each executor. The oracles compare an executor with itself:
//! native(original) = native(variant) finds driver compiler bugs, translated(original) =
//! translated(variant) finds bugs in naga, Tesserae or the driver compiling naga's output.
//! A difference of at most [`ROUNDING_STEPS`] in any channel is counted, not reported: a
//! product by 1.0 may stop a compiler from contracting a multiply-add, which Vulkan allows.
//! A finding is shrunk to the fewest transformations that still show it and saved as a
//! `.shader_test` whose comment lists them.

pub mod transform;

pub use transform::{NewUniform, Transformation};

use crate::differential::RenderChild;
use crate::rng::XorShift;
use rspirv::binary::Assemble;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tesserae_results::child::ChildStatus;
use tesserae_results::image::{self, Image};

/// Channel steps a variant may differ by without a finding (contraction; see the module docs).
pub const ROUNDING_STEPS: u8 = 1;

/// One shader section of a test written as SPIR-V words.
#[derive(Debug, Clone)]
pub struct FrozenStage {
    /// Line index (0-based) of the section header and of the line after its body.
    header: usize,
    end: usize,
    pub words: Vec<u32>,
}

/// A `.shader_test` whose shader sections are SPIR-V words (`[... shader spirv]`).
#[derive(Debug, Clone)]
pub struct FrozenTest {
    pub name: String,
    lines: Vec<String>,
    pub stages: Vec<FrozenStage>,
}

impl FrozenTest {
    /// The test's SPIR-V sections; `None` when it does not parse, or has a shader section in
    /// another language or none at all.
    pub fn parse(name: &str, text: &str) -> Option<FrozenTest> {
        let path = std::path::Path::new(name);
        let test = crate::shader_test::parse(path, name, text).ok()?;
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut stages = Vec::new();
        for s in &test.shaders {
            if s.language != crate::shader_test::Language::SpirvHex {
                return None;
            }
            let words = crate::shader_test::spirv_words(path, s).ok()?;
            // The body runs from the header (line `s.line`, 1-based) to the next section.
            let header = s.line - 1;
            let end = (header + 1..lines.len()).find(|&k| crate::shader_test::opens_section(&lines[k])).unwrap_or(lines.len());
            stages.push(FrozenStage { header, end, words });
        }
        stages.sort_by_key(|s| s.header);
        (!stages.is_empty()).then(|| FrozenTest { name: name.to_string(), lines, stages })
    }

    /// The test's text with each stage's words replaced by `words` (in stage order), and
    /// `comment` lines before it.
    pub fn text_with(&self, words: &[Vec<u32>], comment: &str) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            out += &format!("# {line}\n");
        }
        let mut k = 0;
        for (s, w) in self.stages.iter().zip(words) {
            for line in &self.lines[k..=s.header] {
                out += line;
                out.push('\n');
            }
            out += &tesserae_shader_test::spirv_hex(w);
            out.push('\n');
            k = s.end;
        }
        for line in &self.lines[k..] {
            out += line;
            out.push('\n');
        }
        out
    }

    /// The text of `variant`: its stages' words, and the uniform buffers it adds (before the
    /// `[test]` section).
    pub fn text_of(&self, variant: &Variant, comment: &str) -> String {
        let text = self.text_with(&variant.words, comment);
        let sections: String = variant.uniforms.iter().map(|u| u.section() + "\n").collect();
        match text.find("\n[test]") {
            Some(k) if !sections.is_empty() => format!("{}\n{sections}{}", &text[..k], &text[k + 1..]),
            _ => text,
        }
    }

    pub fn words(&self) -> Vec<Vec<u32>> {
        self.stages.iter().map(|s| s.words.clone()).collect()
    }
}

/// One transformation of a variant: which stage, which transformation, the seed of its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub stage: usize,
    pub transformation: Transformation,
    pub seed: u64,
}

/// SPIRV-Tools' validator for the module's SPIR-V version (the Vulkan version that takes it).
pub fn validate(words: &[u32]) -> Result<(), String> {
    use spirv_tools::val::Validator;
    let minor = words.get(1).map_or(0, |v| (v >> 8) & 0xff);
    let env = match minor {
        0..=3 => spirv_tools::TargetEnv::Vulkan_1_1,
        4 => spirv_tools::TargetEnv::Vulkan_1_1_Spirv_1_4,
        5 => spirv_tools::TargetEnv::Vulkan_1_2,
        _ => spirv_tools::TargetEnv::Vulkan_1_3,
    };
    spirv_tools::val::create(Some(env)).validate(words, None).map_err(|e| e.to_string())
}

/// A test's stages after some steps: their words, what each step did, and the uniform buffers
/// the steps added.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub words: Vec<Vec<u32>>,
    pub what: Vec<String>,
    pub uniforms: Vec<NewUniform>,
}

/// A (set, binding) no stage of `stages` declares: the lowest set a stage uses (0 if none, so
/// that no bind group is added where there are some), binding 900 or the first free above.
fn free_binding(stages: &[rspirv::dr::Module]) -> (u32, u32) {
    use spirv::Decoration;
    let mut used: Vec<(u32, u32)> = Vec::new();
    for m in stages {
        let value = |id: &rspirv::dr::Operand, d: Decoration| {
            m.annotations.iter().find_map(|a| match a.operands.as_slice() {
                [t, rspirv::dr::Operand::Decoration(k), rspirv::dr::Operand::LiteralBit32(v)] if t == id && *k == d => Some(*v),
                _ => None,
            })
        };
        for a in &m.annotations {
            if let [id, rspirv::dr::Operand::Decoration(Decoration::DescriptorSet), _] = a.operands.as_slice() {
                if let (Some(set), Some(binding)) = (value(id, Decoration::DescriptorSet), value(id, Decoration::Binding)) {
                    used.push((set, binding));
                }
            }
        }
    }
    let set = used.iter().map(|u| u.0).min().unwrap_or(0);
    let binding = (900..).find(|b| !used.contains(&(set, *b))).unwrap_or(u32::MAX);
    (set, binding)
}

/// The stages' words after `steps`, with what each step did; a step that finds no place is
/// skipped (its description says so). `Err` when a variant fails validation (a bug of the
/// transformation, reported as such).
pub fn apply(words: &[Vec<u32>], steps: &[Step]) -> Result<Variant, String> {
    let mut v = Variant { words: words.to_vec(), what: Vec::new(), uniforms: Vec::new() };
    for step in steps {
        let Some(stage) = v.words.get(step.stage) else { continue };
        let mut module = rspirv::dr::load_words(stage).map_err(|e| format!("stage {}: {e}", step.stage))?;
        // (Only a transformation that adds a uniform needs a free binding: every stage is read
        // for it.)
        let binding = if step.transformation.adds_uniform() {
            free_binding(&v.words.iter().filter_map(|w| rspirv::dr::load_words(w).ok()).collect::<Vec<_>>())
        } else {
            (0, 0)
        };
        let mut rng = XorShift::new(step.seed);
        match step.transformation.apply(&mut module, &mut rng, binding) {
            Some((d, uniform)) => {
                let new = module.assemble();
                validate(&new)
                    .map_err(|e| format!("{} on stage {} made an invalid module ({d}): {e}", step.transformation.name(), step.stage))?;
                v.what.push(format!("stage {}: {}: {d}", step.stage, step.transformation.name()));
                v.words[step.stage] = new;
                v.uniforms.extend(uniform);
            }
            None => v.what.push(format!("stage {}: {}: no place", step.stage, step.transformation.name())),
        }
    }
    Ok(v)
}

#[derive(Debug, Clone)]
pub struct Config {
    pub harness: PathBuf,
    pub work: PathBuf,
    pub artifacts: PathBuf,
    /// Frozen corpus tests (`tesserae-harness freeze`); generated pipelines besides.
    pub corpus: Option<PathBuf>,
    pub seconds: u64,
    pub seed: u64,
    pub executors: Vec<String>,
    pub timeout: Duration,
    /// Findings shrunk (later ones are saved as found).
    pub max_shrinks: usize,
}

/// What a variant showed on one executor.
#[derive(Debug, Clone, PartialEq)]
enum Verdict {
    Same,
    Rounding,
    /// The images differ: pixels, largest channel difference.
    Differ(u64, u8),
    /// The original rendered, the variant did not.
    VariantFailed(String),
    /// The translator refused the variant by name (`Unsupported`) where it took the original:
    /// a static decision the transformation changed (a dead `OpKill` makes a stage one that
    /// "discards"), allowed, so counted, not reported.
    Refused(String),
}

#[derive(Debug, Default)]
pub struct Stats {
    pub variants: u64,
    pub compared: u64,
    pub rounding: u64,
    /// Variants the translator refused by name, by the refusal's text.
    pub refused: std::collections::BTreeMap<String, u64>,
    pub invalid_variants: u64,
    pub originals_failed: u64,
    pub applied: std::collections::BTreeMap<&'static str, u64>,
    pub findings: std::collections::BTreeMap<String, u64>,
    pub artifacts: Vec<PathBuf>,
    pub seconds: f64,
}

impl Stats {
    pub fn to_json(&self) -> String {
        serde_json::json!({
            "variants": self.variants,
            "compared": self.compared,
            "rounding": self.rounding,
            "refused": self.refused,
            "invalid_variants": self.invalid_variants,
            "originals_failed": self.originals_failed,
            "applied": self.applied,
            "findings": self.findings,
            "artifacts": self.artifacts.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
            "seconds": self.seconds,
        })
        .to_string()
    }
}

/// The component a difference on `executor` points at.
pub fn component(executor: &str) -> &'static str {
    match executor {
        "native" => "lavapipe (the driver's compiler)",
        "wgpu-vulkan" => "naga, Tesserae, or lavapipe compiling naga's SPIR-V",
        _ => "naga, Tesserae, or llvmpipe compiling naga's GLSL",
    }
}

fn render(cfg: &Config, text: &str, file: &str, executor: &str) -> Result<Image, String> {
    let test = cfg.work.join(format!("{file}.shader_test"));
    let png = cfg.work.join(format!("{file}-{executor}.png"));
    std::fs::write(&test, text).map_err(|e| format!("cannot write {}: {e}", test.display()))?;
    let child = RenderChild { harness: &cfg.harness, name: "metamorphic/current", adapter: None, timeout: cfg.timeout };
    match child.render(&test, executor, "native", &png) {
        Ok(r) if r.status == ChildStatus::Rendered => Image::read_png(&png).map_err(|e| format!("unreadable image: {e}")),
        Ok(r) => Err(format!("{}: {}", r.status, r.message)),
        Err((status, message)) => Err(format!("{status}: {message}")),
    }
}

fn verdict(original: &Image, variant: Result<Image, String>) -> Verdict {
    match variant {
        Err(e) if e.contains("unsupported feature") => Verdict::Refused(e),
        Err(e) => Verdict::VariantFailed(e),
        Ok(v) => {
            let c = image::compare(original, &v, &image::Tolerance::EXACT);
            if c.differing_pixels == 0 {
                Verdict::Same
            } else if c.max_channel_diff <= ROUNDING_STEPS {
                Verdict::Rounding
            } else {
                Verdict::Differ(c.differing_pixels, c.max_channel_diff)
            }
        }
    }
}

/// The tests to vary: the frozen corpus, then generated pipelines (one per iteration past it).
fn inputs(cfg: &Config) -> Vec<(String, String)> {
    let mut v = Vec::new();
    if let Some(dir) = &cfg.corpus {
        for (name, path) in tesserae_results::corpus::discover(dir) {
            if path.extension().and_then(|e| e.to_str()) != Some("shader_test") {
                continue;
            }
            if let Ok(text) = std::fs::read_to_string(&path) {
                v.push((name, text));
            }
        }
    }
    v
}

fn generated(seed: u64, i: u64) -> Option<(String, String)> {
    let data = crate::differential::input(seed, i);
    let spec = crate::gen::PipelineSpec::generate(&mut arbitrary::Unstructured::new(&data), &crate::gen::Features::DIFFERENTIAL).ok()?;
    if !spec.not_yet_supported().is_empty() {
        return None;
    }
    Some((format!("generated/{seed}-{i}"), crate::shader_test_out::write(&spec, "generated by the metamorphic fuzzer")))
}

/// Runs until the deadline; returns the run's statistics.
pub fn run(cfg: &Config) -> Stats {
    let start = Instant::now();
    let deadline = start + Duration::from_secs(cfg.seconds);
    let _ = std::fs::create_dir_all(&cfg.work);
    let _ = std::fs::create_dir_all(&cfg.artifacts);
    let corpus = inputs(cfg);
    let mut stats = Stats::default();
    let mut rng = XorShift::new(cfg.seed);
    let mut i = 0u64;
    let mut shrunk = 0;
    // A corpus test's original rendering per executor, rendered once (corpus tests come back;
    // a generated pipeline does not).
    let mut originals: std::collections::HashMap<(String, String), Option<Image>> = std::collections::HashMap::new();
    while Instant::now() < deadline {
        i += 1;
        // Corpus tests and generated pipelines alternate (all generated without a corpus).
        let from_corpus = !corpus.is_empty() && i % 2 == 0;
        let input = if from_corpus { Some(corpus[rng.below(corpus.len() as u64) as usize].clone()) } else { generated(cfg.seed, i) };
        let Some((name, text)) = input else { continue };
        let Some(test) = FrozenTest::parse(&name, &text) else { continue };
        let n = 1 + rng.below(3) as usize;
        let mut steps: Vec<Step> = Vec::new();
        for _ in 0..n {
            let step = Step {
                stage: rng.below(test.stages.len() as u64) as usize,
                transformation: Transformation::ALL[rng.below(Transformation::ALL.len() as u64) as usize],
                seed: rng.next_u64(),
            };
            // Few stages call a function of one block: an inlining mostly undoes an outlining.
            if step.transformation == Transformation::Inline {
                steps.push(Step { transformation: Transformation::Outline, ..step });
            }
            steps.push(step);
        }
        let variant = match apply(&test.words(), &steps) {
            Ok(v) => v,
            Err(e) => {
                stats.invalid_variants += 1;
                eprintln!("{name}: invalid variant: {e}");
                continue;
            }
        };
        if variant.words == test.words() {
            continue;
        }
        stats.variants += 1;
        let what = variant.what.clone();
        for (s, w) in steps.iter().zip(&what) {
            if !w.ends_with("no place") {
                *stats.applied.entry(s.transformation.name()).or_default() += 1;
            }
        }
        let variant_text = test.text_of(&variant, "");
        for executor in &cfg.executors {
            let original = if from_corpus {
                originals.entry((name.clone(), executor.clone())).or_insert_with(|| render(cfg, &text, "original", executor).ok()).clone()
            } else {
                render(cfg, &text, "original", executor).ok()
            };
            let Some(original) = original else {
                stats.originals_failed += 1;
                continue;
            };
            stats.compared += 1;
            match verdict(&original, render(cfg, &variant_text, "variant", executor)) {
                Verdict::Same => {}
                Verdict::Rounding => stats.rounding += 1,
                Verdict::Refused(e) => *stats.refused.entry(e.chars().take(160).collect()).or_default() += 1,
                finding => {
                    let (steps, what, finding) = if shrunk < cfg.max_shrinks {
                        shrunk += 1;
                        shrink(cfg, &test, &original, executor, &steps, finding)
                    } else {
                        (steps.clone(), what.clone(), finding)
                    };
                    *stats.findings.entry(component(executor).to_string()).or_default() += 1;
                    if let Some(p) = save(cfg, &test, executor, &steps, &what, &finding) {
                        eprintln!("finding ({executor}): {}", p.display());
                        stats.artifacts.push(p);
                    }
                }
            }
        }
    }
    stats.seconds = start.elapsed().as_secs_f64();
    stats
}

/// The fewest steps (dropping one at a time) that still show a finding on `executor`.
fn shrink(
    cfg: &Config,
    test: &FrozenTest,
    original: &Image,
    executor: &str,
    steps: &[Step],
    finding: Verdict,
) -> (Vec<Step>, Vec<String>, Verdict) {
    let mut best = (steps.to_vec(), finding);
    let mut k = 0;
    while k < best.0.len() && best.0.len() > 1 {
        let mut fewer = best.0.clone();
        fewer.remove(k);
        let shows = apply(&test.words(), &fewer).ok().and_then(|variant| {
            let v = verdict(original, render(cfg, &test.text_of(&variant, ""), "shrink", executor));
            matches!(v, Verdict::Differ(..) | Verdict::VariantFailed(_)).then_some(v)
        });
        match shows {
            Some(v) => best = (fewer, v),
            None => k += 1,
        }
    }
    let what = apply(&test.words(), &best.0).map(|v| v.what).unwrap_or_default();
    (best.0, what, best.1)
}

fn save(cfg: &Config, test: &FrozenTest, executor: &str, steps: &[Step], what: &[String], finding: &Verdict) -> Option<PathBuf> {
    let variant = apply(&test.words(), steps).ok()?;
    let shows = match finding {
        Verdict::Differ(pixels, steps) => {
            format!("{pixels} pixels differ from the original's rendering (largest channel difference {steps})")
        }
        Verdict::VariantFailed(e) => format!("the original renders, the variant does not: {e}"),
        _ => return None,
    };
    let mut comment = format!(
        "Metamorphic finding ({executor}, pointing at {}): a variant of {} that must render as the\noriginal; {shows}.\nTransformations:\n",
        component(executor),
        test.name
    );
    for w in what {
        comment += &format!("  {w}\n");
    }
    comment += "Reproduce: render this file and the original with `tesserae-harness render --executor EXECUTOR`.";
    let text = test.text_of(&variant, &comment);
    let hash = crate::differential::fnv(&text);
    let file = cfg.artifacts.join(format!("{executor}-{}-{:08x}.shader_test", test.name.replace('/', "-"), hash as u32));
    std::fs::write(&file, text).ok()?;
    Some(file)
}
