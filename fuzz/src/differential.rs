//! The differential fuzzer: generated pipelines rendered natively (ash, the driver's own SPIR-V
//! path) and translated (Tesserae's WGSL through wgpu on the same driver), compared exactly as
//! the conformance runner compares a translated rendering with the live native one (a generated
//! test has no tolerance, so any differing pixel is a mismatch).
//!
//! Each rendering runs in a child process of the harness (`tesserae-harness render`), so a
//! driver crash or hang costs one pipeline. A mismatch — or a pipeline the native driver renders
//! but the translated path cannot — is shrunk greedily over the spec
//! ([`PipelineSpec::shrink_candidates`]) while it keeps the same kind of failure, and written as
//! a self-contained `.shader_test` with SPIR-V sections, which the conformance runner runs
//! unchanged (`tesserae-harness run --corpus fuzz/artifacts --filter 'differential/*'`).

use crate::gen::{Features, PipelineSpec};
use crate::oracle::driver_bugs::{self, Side};
use crate::oracle::platform;
use crate::rng::XorShift;
use crate::shader_test_out;
use arbitrary::Unstructured;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use tesserae_results::child::{self, ChildError, ChildReport, ChildStatus};
use tesserae_results::image::{self, Image};

#[derive(Debug, Clone)]
pub struct Config {
    /// The harness binary (`target/debug/tesserae-harness`).
    pub harness: PathBuf,
    /// Working directory for the current test and its images.
    pub work: PathBuf,
    /// Where reproducers go (`fuzz/artifacts/differential`).
    pub artifacts: PathBuf,
    pub seconds: u64,
    pub seed: u64,
    /// Seconds spent shrinking one finding.
    pub shrink_seconds: u64,
    /// Findings shrunk per run; later ones are counted and saved unshrunk (at most 20).
    pub max_shrinks: usize,
    /// Translated executors, each compared with the native rendering (`wgpu-vulkan`,
    /// `wgpu-gl`).
    pub executors: Vec<String>,
    pub adapter: Option<String>,
    /// Per-rendering timeout.
    pub timeout: Duration,
    pub features: Features,
    /// First iteration (to resume a run).
    pub first: u64,
    /// Stop after this iteration (with `first`, replays one finding).
    pub only: Option<u64>,
    /// Every pipeline gets a pass-through geometry stage (`tesserae-harness through-geometry`),
    /// which must not change what it draws: the geometry path checked on generated pipelines.
    pub through_geometry: bool,
}

/// The test text of `spec`: as written, or with a pass-through geometry stage in through-geometry
/// mode (`None` when the pipeline cannot take one, or the harness failed to write it).
fn test_text(cfg: &Config, spec: &PipelineSpec, comment: &str) -> Option<String> {
    let text = shader_test_out::write(spec, comment);
    // (A generated geometry stage is already there.)
    if !cfg.through_geometry || spec.geometry.is_some() {
        return Some(text);
    }
    let (input, output) = (cfg.work.join("through-geometry-in"), cfg.work.join("through-geometry-out"));
    let _ = std::fs::remove_dir_all(&output);
    std::fs::create_dir_all(&input).ok()?;
    std::fs::write(input.join("current.shader_test"), text).ok()?;
    let status = std::process::Command::new(&cfg.harness)
        .arg("through-geometry")
        .arg("--corpus")
        .arg(&input)
        .arg("--out")
        .arg(&output)
        .stdout(std::process::Stdio::null())
        .status()
        .ok()?;
    if !status.success() {
        return None;
    }
    std::fs::read_to_string(output.join("current.shader_test")).ok()
}

/// How one pipeline fared.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Both rendered the same image; `drawn` if anything but the clear colour shows.
    Same { drawn: bool },
    /// Both rendered, the images differ, and no signature's evidence explains it. `not_shown`:
    /// the signatures whose shape matched but whose evidence did not hold (the reasons are in
    /// the message).
    Differ { message: String, not_shown: Vec<&'static str> },
    /// The native driver rendered it, the translated path did not (translation refused,
    /// wgpu validation error, crash, timeout).
    TranslatedFailed(String),
    /// The native driver could not render it (a generator bug or a driver bug).
    NativeFailed(String),
    /// An executor skipped it (missing device or feature), or the translator refused a
    /// feature that is not supported yet.
    Skip(String),
    /// The images differ the way a known driver bug or platform rule makes them, its evidence
    /// checked (`oracle::driver_bugs`, `oracle::platform`): `signature` is its name, `pixels`
    /// how many pixels differed.
    KnownDriverBug { signature: &'static str, message: String, pixels: u64 },
}

impl Outcome {
    pub fn is_finding(&self) -> bool {
        matches!(self, Outcome::Differ { .. } | Outcome::TranslatedFailed(_) | Outcome::NativeFailed(_))
    }

    fn kind(&self) -> &'static str {
        match self {
            Outcome::Same { .. } => "same",
            Outcome::Differ { .. } => "mismatch",
            Outcome::TranslatedFailed(_) => "translated-failed",
            Outcome::NativeFailed(_) => "native-failed",
            Outcome::Skip(_) => "skip",
            Outcome::KnownDriverBug { .. } => "known-driver-bug",
        }
    }

    fn message(&self) -> String {
        match self {
            Outcome::Same { .. } => String::new(),
            Outcome::Differ { message: m, .. }
            | Outcome::TranslatedFailed(m)
            | Outcome::NativeFailed(m)
            | Outcome::Skip(m)
            | Outcome::KnownDriverBug { message: m, .. } => m.clone(),
        }
    }

    /// Whether `other` is the same failure for shrinking purposes: the same kind, and for
    /// failures with a message, the same first words (so a shrink does not wander to another
    /// bug).
    fn same_failure(&self, other: &Outcome) -> bool {
        if self.kind() != other.kind() {
            return false;
        }
        // The text before the first colon without its digits: for a difference, the executor
        // that differs (a wgpu-vulkan finding must not shrink into a wgpu-gl one, which seed 14
        // did: the kept reproducer had lost the Vulkan difference); for a failure, its class.
        let sig = |m: String| -> String { m.split([':', '\n']).next().unwrap_or("").chars().filter(|c| !c.is_ascii_digit()).collect() };
        sig(self.message()) == sig(other.message())
    }
}

#[cfg(test)]
mod tests {
    use super::Outcome;

    #[test]
    fn a_difference_shrinks_only_into_a_difference_on_the_same_executor() {
        let differ = |m: &str| Outcome::Differ { message: m.into(), not_shown: Vec::new() };
        let vulkan = differ("wgpu-vulkan: 466 of 4096 pixels differ");
        assert!(vulkan.same_failure(&differ("wgpu-vulkan: 6 of 4096 pixels differ")));
        assert!(!vulkan.same_failure(&differ("wgpu-gl: 37 of 4096 pixels differ")));
        assert!(!vulkan.same_failure(&Outcome::Same { drawn: true }));
    }
}

/// Counters of a run.
#[derive(Debug, Default, Clone)]
pub struct Stats {
    pub generated: u64,
    /// Pipelines both paths rendered and that were compared.
    pub compared: u64,
    pub same: u64,
    /// Compared pipelines whose image showed more than the clear colour.
    pub drawn: u64,
    /// Per shape tag ([`PipelineSpec::shape_tags`]): the pipelines rendered alike that drew
    /// nothing.
    pub blank_by_shape: BTreeMap<&'static str, u64>,
    /// Per shape tag: every pipeline rendered alike (the base each blank count compares with).
    pub same_by_shape: BTreeMap<&'static str, u64>,
    pub mismatches: u64,
    pub translated_failed: u64,
    pub native_failed: u64,
    pub skipped: u64,
    /// Mismatches explained by a known driver bug's or platform rule's signature.
    pub known_driver_bugs: u64,
    /// Per signature (driver bug or platform rule): how often its evidence explained a
    /// difference.
    pub signatures: BTreeMap<&'static str, u64>,
    /// Per signature: the most pixels a difference it explained had (the run's measurement
    /// of the rule).
    pub signature_max_pixels: BTreeMap<&'static str, u64>,
    /// Per signature: how often its shape matched a difference its evidence did not explain
    /// (each such difference is a mismatch, a finding).
    pub evidence_failed: BTreeMap<&'static str, u64>,
    pub shrink_evaluations: u64,
    pub artifacts: Vec<PathBuf>,
    pub seconds: f64,
}

impl Stats {
    /// The share of the pipelines rendered alike that drew anything but the clear colour (a
    /// pipeline that draws nothing compares two blank images and proves little).
    pub fn drawn_percent(&self) -> f64 {
        100.0 * self.drawn as f64 / self.same.max(1) as f64
    }

    pub fn to_json(&self) -> String {
        serde_json::json!({
            "generated": self.generated,
            "compared": self.compared,
            "same": self.same,
            "drawn": self.drawn,
            "drawn_percent": self.drawn_percent(),
            "blank_by_shape": self.blank_by_shape,
            "same_by_shape": self.same_by_shape,
            "mismatches": self.mismatches,
            "translated_failed": self.translated_failed,
            "native_failed": self.native_failed,
            "skipped": self.skipped,
            "known_driver_bugs": self.known_driver_bugs,
            "signatures": self.signatures,
            "signature_max_pixels": self.signature_max_pixels,
            "signature_evidence_failed": self.evidence_failed,
            "shrink_evaluations": self.shrink_evaluations,
            "artifacts": self.artifacts.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
            "seconds": self.seconds,
        })
        .to_string()
    }
}

/// Runs `tesserae-harness render` for one executor; the image lands in `png`. A child that
/// gives no report is a `crash` or a `timeout` ([`ChildError::status`]).
fn render(cfg: &Config, test: &Path, executor: &str, clip: &str, png: &Path) -> Result<ChildReport, (&'static str, String)> {
    let child = RenderChild { harness: &cfg.harness, name: "differential/current", adapter: cfg.adapter.as_deref(), timeout: cfg.timeout };
    child.render(test, executor, clip, png)
}

/// How the fuzzers run `tesserae-harness render`, one test and executor per child.
pub(crate) struct RenderChild<'a> {
    pub harness: &'a Path,
    /// The test name the child reports.
    pub name: &'a str,
    pub adapter: Option<&'a str>,
    pub timeout: Duration,
}

impl RenderChild<'_> {
    /// Renders `test` with `executor` and clip-distance mode `clip`; the image lands in `png`.
    pub(crate) fn render(&self, test: &Path, executor: &str, clip: &str, png: &Path) -> Result<ChildReport, (&'static str, String)> {
        child::clear_output(png);
        let mut cmd = Command::new(self.harness);
        cmd.arg("render").arg("--test").arg(test).arg("--name").arg(self.name).arg("--executor").arg(executor);
        cmd.arg("--out").arg(png).arg("--clip").arg(clip);
        if let Some(a) = self.adapter {
            cmd.arg("--adapter").arg(a);
        }
        child::run_once(&mut cmd, self.timeout).map_err(|e| {
            let message = match &e {
                ChildError::Timeout(_) => format!("{executor}: {e}"),
                ChildError::NoReport { .. } => format!("{executor} {e}"),
                ChildError::Spawn { .. } | ChildError::Wait(_) => e.to_string(),
            };
            (e.status(), message)
        })
    }
}

/// The conformance runner's comparison of a generated test (no tolerance: any differing
/// channel of any pixel). Returns the summary, the number of differing pixels and the largest
/// channel difference when the images differ.
pub fn compare(expected: &Image, actual: &Image) -> Option<(String, u64, u8)> {
    if (expected.width, expected.height) != (actual.width, actual.height) {
        let all = (expected.width as u64) * (expected.height as u64);
        return Some((format!("sizes differ: {}x{} vs {}x{}", expected.width, expected.height, actual.width, actual.height), all, u8::MAX));
    }
    let c = image::compare(expected, actual, &image::Tolerance::EXACT);
    let (x, y) = image::first_difference(expected, actual)?;
    let first = format!("first at ({x}, {y}): native {:?}, translated {:?}", expected.pixel(x, y), actual.pixel(x, y));
    Some((format!("{}; {first}", c.summary()), c.differing_pixels, c.max_channel_diff))
}

/// Translates `spec` in process first: a translator error needs no rendering (and shrinks
/// fast); refusals of not-yet-supported features are not findings.
pub fn translate_in_process(spec: &PipelineSpec) -> Option<Outcome> {
    let modes: &[tesserae::ClipMode] =
        if spec.clip > 0 { &[tesserae::ClipMode::Native, tesserae::ClipMode::Emulated] } else { &[tesserae::ClipMode::Native] };
    for &clip in modes {
        let mut desc = spec.desc();
        desc.options.clip = clip;
        desc.options.verify_wgsl_round_trip = true;
        let r = std::panic::catch_unwind(|| tesserae::translate(&desc));
        let err = match r {
            Err(p) => {
                let m = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
                return Some(Outcome::TranslatedFailed(format!("translator panicked ({clip:?} clip distances): {m}")));
            }
            Ok(Ok(_)) => continue,
            Ok(Err(e)) => e,
        };
        if let tesserae::TranslateError::Unsupported { feature, .. } = &err {
            let emulated_limit = clip == tesserae::ClipMode::Emulated && feature.contains("emulated clip distances");
            if emulated_limit || spec.not_yet_supported().iter().any(|a| feature.contains(a)) {
                return Some(Outcome::Skip(format!("not yet supported: {feature}")));
            }
        }
        return Some(Outcome::TranslatedFailed(format!("translation failed ({clip:?} clip distances): {err}")));
    }
    None
}

/// Renders `spec` both ways and compares.
pub fn evaluate(cfg: &Config, spec: &PipelineSpec) -> Outcome {
    if let Some(o) = translate_in_process(spec) {
        return o;
    }
    let test = cfg.work.join("current.shader_test");
    let Some(text) = test_text(cfg, spec, "differential fuzzer: current pipeline") else {
        return Outcome::Skip("no pass-through geometry stage for this pipeline".into());
    };
    if let Err(e) = std::fs::write(&test, text) {
        return Outcome::Skip(format!("cannot write {}: {e}", test.display()));
    }
    let native_png = cfg.work.join("native.png");
    let translated_png = cfg.work.join("translated.png");
    // When lavapipe dies on a geometry stage that ends more primitives than it declares room
    // for (`driver_bugs::GEOMETRY_PRIMITIVE_OVERFLOW`), the variant declaring that room (the
    // same emissions, so the same image by the spec) is the native rendering compared.
    let mut crashed: Option<String> = None;
    let n = match render(cfg, &test, "native", "native", &native_png) {
        Ok(n) if n.status == ChildStatus::Rendered => n,
        Ok(n) if n.status == ChildStatus::Skip => return Outcome::Skip(format!("native: {}", n.message)),
        failed => {
            let message = match failed {
                Ok(n) => format!("native {}: {}", n.status, n.message),
                Err((status, message)) => format!("native {status}: {message}"),
            };
            match overflow_variant_native(cfg, spec, &native_png) {
                Some(v) => {
                    crashed = Some(message);
                    v
                }
                None => return Outcome::NativeFailed(message),
            }
        }
    };
    let native = match Image::read_png(&native_png) {
        Ok(a) => a,
        Err(e) => return Outcome::NativeFailed(format!("unreadable image: {e}")),
    };
    // Like the conformance runner: the translated executor with native clip distances, and
    // with emulated ones when the pipeline writes any.
    let modes: &[&str] = if spec.clip > 0 { &["native", "emulated"] } else { &["native"] };
    for (k, executor) in cfg.executors.iter().enumerate() {
        for clip in modes {
            let name = if *clip == "native" { executor.clone() } else { format!("{executor}-clip-emulated") };
            match render(cfg, &test, executor, clip, &translated_png) {
                Ok(t) if t.status == ChildStatus::Rendered => {}
                // A later executor lacking what the test needs does not hide the first one's result.
                Ok(t) if t.status == ChildStatus::Skip && k > 0 => continue,
                Ok(t) if t.status == ChildStatus::Skip => return Outcome::Skip(format!("{name}: {}", t.message)),
                Ok(t) => return Outcome::TranslatedFailed(format!("{name} {}: {}", t.status, t.message)),
                Err((status, message)) => return Outcome::TranslatedFailed(format!("{name} {status}: {message}")),
            }
            let translated = match Image::read_png(&translated_png) {
                Ok(b) => b,
                Err(e) => return Outcome::TranslatedFailed(format!("{name}: unreadable image: {e}")),
            };
            if let Some((summary, differing, _)) = compare(&native, &translated) {
                // The conformance runner applies the test's tolerance for the executor: for
                // emulated clip distances, the corpus's (see shader_test_out).
                let total = (native.width * native.height) as f64;
                let allowed = if *clip == "emulated" {
                    (crate::shader_test_out::EMULATED_CLIP_TOLERANCE_PERCENT / 100.0 * total).floor() as u64
                } else {
                    0
                };
                if differing > allowed {
                    let o = explain(
                        cfg,
                        spec,
                        n.device(),
                        executor,
                        clip,
                        k > 0,
                        &native,
                        &translated,
                        format!("{name}: {summary}"),
                        differing,
                    );
                    return match (o, &crashed) {
                        // (Compared with the variant: the original crashed natively.)
                        (Outcome::Differ { message, not_shown }, Some(m)) => Outcome::Differ {
                            message: format!(
                                "{message}\nnative is the variant declaring more output vertices: the original crashed ({})",
                                m.lines().next().unwrap_or("")
                            ),
                            not_shown,
                        },
                        (o, _) => o,
                    };
                }
            }
        }
    }
    if let Some(m) = crashed {
        let message = format!(
            "{}: {}\nthe same stage declaring room for a primitive per vertex (emitting the same) renders natively as every translated executor renders this one",
            driver_bugs::GEOMETRY_PRIMITIVE_OVERFLOW,
            m.lines().next().unwrap_or("")
        );
        return Outcome::KnownDriverBug { signature: driver_bugs::GEOMETRY_PRIMITIVE_OVERFLOW, message, pixels: 0 };
    }
    let clear = [0u8, 0, 0, 255];
    Outcome::Same { drawn: native.data.chunks_exact(4).any(|p| p != clear) }
}

/// The native rendering of [`driver_bugs::geometry_primitive_overflow_variant`] into `png`, when
/// `spec` has its shape and the variant renders on llvmpipe.
fn overflow_variant_native(cfg: &Config, spec: &PipelineSpec, png: &Path) -> Option<ChildReport> {
    let variant = driver_bugs::geometry_primitive_overflow_variant(spec)?;
    let text = test_text(cfg, &variant, "differential fuzzer: the variant declaring more output vertices")?;
    let test = cfg.work.join("variant.shader_test");
    std::fs::write(&test, text).ok()?;
    let r = render(cfg, &test, "native", "native", png).ok()?;
    (r.status == ChildStatus::Rendered && driver_bugs::is_llvmpipe(r.device())).then_some(r)
}

/// A difference past the allowance: a platform rule within its measured bound, a driver bug
/// whose evidence holds (rendering the variants it asks for), or a finding that says which
/// signatures' shape matched and why their evidence did not hold. `earlier_exact`: the
/// translated executors before this one rendered like native.
#[allow(clippy::too_many_arguments)]
fn explain(
    cfg: &Config,
    spec: &PipelineSpec,
    device: &str,
    executor: &str,
    clip: &str,
    earlier_exact: bool,
    native: &Image,
    translated: &Image,
    summary: String,
    differing: u64,
) -> Outcome {
    let case = driver_bugs::Case { spec, device, executor, clip_emulated: clip == "emulated", native, translated };
    let mut not_shown: Vec<(&'static str, String)> = Vec::new();
    match platform::classify(&case, earlier_exact) {
        Ok((rule, evidence)) => {
            return Outcome::KnownDriverBug {
                signature: rule.name(),
                message: format!("{}: {summary}\n{evidence}", rule.name()),
                pixels: differing,
            }
        }
        Err(failed) => not_shown.extend(failed.into_iter().map(|(r, why)| (r.name(), why))),
    }
    let mut cache: HashMap<(String, Side), Result<Image, String>> = HashMap::new();
    let mut render = |variant: &PipelineSpec, side: Side| -> Result<Image, String> {
        let Some(text) = test_text(cfg, variant, "differential fuzzer: a variant of the current pipeline") else {
            return Err("no pass-through geometry stage for the variant".into());
        };
        cache.entry((text.clone(), side)).or_insert_with(|| render_variant(cfg, &text, side, executor, clip)).clone()
    };
    let c = driver_bugs::classify(&case, &mut render);
    if let Some((bug, evidence)) = c.explained {
        let message = format!("{}: {summary}\n{evidence} (corpus test {})", bug.name(), bug.corpus_test());
        return Outcome::KnownDriverBug { signature: bug.name(), message, pixels: differing };
    }
    not_shown.extend(c.not_shown.into_iter().map(|(b, why)| (b.name(), why)));
    // The geometry primitive overflow may corrupt memory without killing the process.
    if driver_bugs::geometry_primitive_overflow_variant(spec).is_some() {
        match driver_bugs::geometry_primitive_overflow(&case, &mut render) {
            Ok(evidence) => {
                let name = driver_bugs::GEOMETRY_PRIMITIVE_OVERFLOW;
                return Outcome::KnownDriverBug { signature: name, message: format!("{name}: {summary}\n{evidence}"), pixels: differing };
            }
            Err(why) => not_shown.push((driver_bugs::GEOMETRY_PRIMITIVE_OVERFLOW, why)),
        }
    }
    let mut message = summary;
    for (name, why) in &not_shown {
        message += &format!("\nshape of {name}, not its evidence: {why}");
    }
    Outcome::Differ { message, not_shown: not_shown.into_iter().map(|(n, _)| n).collect() }
}

/// Renders a variant's test text on one side (`executor` and `clip` for the translated one).
fn render_variant(cfg: &Config, text: &str, side: Side, executor: &str, clip: &str) -> Result<Image, String> {
    let test = cfg.work.join("variant.shader_test");
    let png = cfg.work.join("variant.png");
    std::fs::write(&test, text).map_err(|e| format!("cannot write {}: {e}", test.display()))?;
    let (executor, clip) = match side {
        Side::Native => ("native", "native"),
        Side::Translated => (executor, clip),
    };
    match render(cfg, &test, executor, clip, &png) {
        Ok(r) if r.status == ChildStatus::Rendered => Image::read_png(&png).map_err(|e| format!("unreadable image: {e}")),
        Ok(r) => Err(format!("{executor} {}: {}", r.status, r.message)),
        Err((status, message)) => Err(format!("{executor} {status}: {message}")),
    }
}

/// Shrinks a finding while it fails the same way (see [`crate::gen::shrink::shrink_by`]);
/// returns the reduced spec and its outcome.
pub fn shrink(cfg: &Config, spec: &PipelineSpec, outcome: &Outcome, stats: &mut Stats) -> (PipelineSpec, Outcome) {
    let deadline = Instant::now() + Duration::from_secs(cfg.shrink_seconds);
    let mut last = outcome.clone();
    let in_process = matches!(outcome, Outcome::TranslatedFailed(m) if m.starts_with("translat"));
    // A candidate that shrinks into a known driver bug is classified as that bug, so it is
    // not the same failure and the shrink does not wander into it.
    let small = crate::gen::shrink::shrink_by(spec, deadline, |cand| {
        stats.shrink_evaluations += 1;
        let o = if in_process { translate_in_process(cand).unwrap_or(Outcome::Same { drawn: false }) } else { evaluate(cfg, cand) };
        let same = outcome.same_failure(&o);
        if same {
            last = o;
        }
        same
    });
    if in_process {
        // The reproducer must be a pipeline the driver renders.
        let o = evaluate(cfg, &small);
        if o.kind() != last.kind() {
            last = Outcome::TranslatedFailed(format!("{} (after shrinking: {})", last.message(), o.message()));
        }
    }
    (small, last)
}

pub(crate) fn fnv(s: &str) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in s.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
    }
    h
}

/// Writes a reproducer; returns its path (None if an identical one exists).
fn save(cfg: &Config, spec: &PipelineSpec, outcome: &Outcome, note: &str) -> Option<PathBuf> {
    let body = shader_test_out::write(spec, "");
    let name = format!("{}-{:016x}.shader_test", outcome.kind(), fnv(&body));
    let path = cfg.artifacts.join(name);
    if path.exists() {
        return None;
    }
    let comment = format!(
        "Found by the differential fuzzer (cargo xtask fuzz --differential): {}.\n{}\n{note}\n\
         Reproduce: cargo run -p tesserae-harness -- run --corpus fuzz/artifacts --filter 'differential/*' --backend vulkan",
        outcome.kind(),
        outcome.message().lines().take(6).collect::<Vec<_>>().join("\n")
    );
    let text = test_text(cfg, spec, &comment)?;
    std::fs::create_dir_all(&cfg.artifacts).ok()?;
    std::fs::write(&path, text).ok()?;
    Some(path)
}

/// The generator input of iteration `i`.
pub fn input(seed: u64, i: u64) -> Vec<u8> {
    let mut rng = XorShift::new(seed ^ i.wrapping_mul(0xD1B5_4A32_D192_ED03));
    let len = 64 + rng.below(1500) as usize;
    rng.bytes(len)
}

/// Runs the differential fuzzer for `cfg.seconds`; prints progress to stderr.
pub fn run(cfg: &Config) -> Stats {
    let start = Instant::now();
    let deadline = start + Duration::from_secs(cfg.seconds);
    let _ = std::fs::create_dir_all(&cfg.work);
    let mut stats = Stats::default();
    let mut shrinks = 0usize;
    let mut unshrunk_saved = 0usize;
    let mut i = cfg.first;
    while Instant::now() < deadline && cfg.only.is_none_or(|o| i <= o) {
        let data = input(cfg.seed, i);
        i += 1;
        let mut u = Unstructured::new(&data);
        let Ok(spec) = PipelineSpec::generate(&mut u, &cfg.features) else { continue };
        stats.generated += 1;
        let outcome = evaluate(cfg, &spec);
        match &outcome {
            Outcome::Same { drawn } => {
                stats.compared += 1;
                stats.same += 1;
                stats.drawn += *drawn as u64;
                for tag in spec.shape_tags() {
                    *stats.same_by_shape.entry(tag).or_default() += 1;
                    if !drawn {
                        *stats.blank_by_shape.entry(tag).or_default() += 1;
                    }
                }
            }
            Outcome::Differ { not_shown, .. } => {
                stats.compared += 1;
                stats.mismatches += 1;
                for name in not_shown {
                    *stats.evidence_failed.entry(name).or_default() += 1;
                }
            }
            Outcome::TranslatedFailed(_) => stats.translated_failed += 1,
            Outcome::NativeFailed(_) => stats.native_failed += 1,
            Outcome::KnownDriverBug { signature, message: m, pixels } => {
                stats.known_driver_bugs += 1;
                *stats.signatures.entry(signature).or_default() += 1;
                let most = stats.signature_max_pixels.entry(signature).or_default();
                *most = (*most).max(*pixels);
                // Replaying one iteration (`--only`) says which signature it matched.
                if cfg.only.is_some() {
                    eprintln!("differential: known: {m}");
                }
            }
            Outcome::Skip(m) => {
                stats.skipped += 1;
                if stats.skipped == 1 {
                    eprintln!("differential: skipped: {m}");
                }
                if stats.compared == 0 && stats.skipped >= 3 {
                    eprintln!("differential: every pipeline is skipped; is a Vulkan driver installed?");
                    break;
                }
            }
        }
        if outcome.is_finding() {
            eprintln!(
                "differential: iteration {} (seed {}): {}: {}",
                i - 1,
                cfg.seed,
                outcome.kind(),
                outcome.message().lines().next().unwrap_or("")
            );
            let cheap = matches!(&outcome, Outcome::TranslatedFailed(m) if m.starts_with("translat"));
            let saved = if cheap || shrinks < cfg.max_shrinks {
                shrinks += !cheap as usize;
                let before = spec.size();
                let (small, small_outcome) = shrink(cfg, &spec, &outcome, &mut stats);
                let note = format!("Shrunk from size {before} to {} (seed {}, iteration {}).", small.size(), cfg.seed, i - 1);
                eprintln!("differential:   {note}");
                save(cfg, &small, &small_outcome, &note)
            } else if unshrunk_saved < 20 {
                unshrunk_saved += 1;
                save(cfg, &spec, &outcome, &format!("Not shrunk (seed {}, iteration {}).", cfg.seed, i - 1))
            } else {
                None
            };
            if let Some(p) = saved {
                eprintln!("differential:   wrote {}", p.display());
                stats.artifacts.push(p);
            }
        }
        if stats.generated % 50 == 0 {
            eprintln!(
                "differential: {:.0}s: {} generated, {} compared ({} drawn, {:.0}%), {} mismatches, {} translated failures, {} native failures",
                start.elapsed().as_secs_f64(),
                stats.generated,
                stats.compared,
                stats.drawn,
                stats.drawn_percent(),
                stats.mismatches,
                stats.translated_failed,
                stats.native_failed
            );
        }
    }
    stats.seconds = start.elapsed().as_secs_f64();
    stats
}
