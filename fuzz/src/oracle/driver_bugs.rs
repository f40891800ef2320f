//! Known driver bugs, recognised by evidence: the pipeline's shape (its spec) only says which
//! bug *could* explain a difference; a signature explains it only when the images show what
//! the bug does (which pixels differ, how, and where) against what the Vulkan specification
//! predicts for the spec. The evidence comes from the two images compared and from renderings
//! of variants of the pipeline ([`Side`]) that remove the bug's trigger, or that the spec says
//! must render like the original on the pixels kept. A difference whose shape matches a
//! signature but whose evidence does not hold is a finding (saved, shrunk, reported) and the
//! reason the evidence failed goes with it.
//!
//! Each signature names the driver it was seen on, its reproducers under
//! `fuzz/regressions/differential/` and its corpus test ([`DriverBug::corpus_test`]: probes
//! computed from the spec and a native row in `corpus/expectations/llvmpipe.csv`); it only
//! applies when the native device is that driver.
//!
//! The images are the generator's: in defined-only mode the fragment stage ends with
//! red = max(red, 0.25) (`gen::spirv`), so a pixel with red at least [`COVERED_RED`] was drawn
//! and one below it holds the clear colour (0, 0, 0, 1): coverage is read from the images.

use super::platform::PlatformRule;
use crate::gen::{IExpr, Interp, PipelineSpec, Program};
use tesserae_results::image::Image;

/// Red of a drawn pixel: the generator's fragment stage writes red = max(red, 0.25), which is
/// 63.75 → 64 in UNORM8; the clear colour's red is 0.
pub const COVERED_RED: u8 = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DriverBug {
    /// lavapipe (Mesa 22.3.6) with 1–3 clip distances and enough cull distances to pass 4 in
    /// total: it draws nothing although every distance is positive (`lavapipe-clip-cull-*`,
    /// `corpus/cull/mixed-clip-cull`), draws stray pixels instead of a kept line
    /// (`lavapipe-clip-cull-range-3-2`), or draws a line a negative cull distance culls
    /// (`lavapipe-clip-cull-range-3-3`); each checked against the spec by hand.
    LavapipeClipCullRange,
    /// lavapipe (Mesa 22.3.6) clips `NoPerspective` outputs with the clip-space parameter, so
    /// the pixels a clip distance keeps do not keep their unclipped values
    /// (`lavapipe-noperspective-clipped-spirv`).
    LavapipeNoPerspectiveClipped,
    /// lavapipe and llvmpipe GL (Mesa 22.3.6, the draw module's clipper they share): a
    /// `NoPerspective` varying of a primitive the frustum clips reads 0 or NaN
    /// (`lavapipe-noperspective-*`, `llvmpipe-gl-noperspective-*`, each proven by hand).
    NoPerspectiveFrustumClipped,
    /// lavapipe (Mesa 22.3.6) gives the fragment stage `PrimitiveId` 0 for every patch but the
    /// first when the tessellation evaluation stage reads `PrimitiveId` too
    /// (`corpus/tess/primitive-id-fragment-and-evaluation`).
    LavapipeFragmentPrimitiveIdWithEvaluation,
    /// lavapipe (Mesa 22.3.6) draws stray pixels at the framebuffer's origin corner for a
    /// tessellation evaluation stage in point mode, pixels no tessellated point lies in; they
    /// stay where they are when every point moves (`lavapipe-tess-point-stray-pixel-*`,
    /// `corpus/tess/point-mode-stray-pixel`).
    LavapipeTessPointStrayPixel,
}

impl DriverBug {
    pub const ALL: [DriverBug; 5] = [
        DriverBug::LavapipeClipCullRange,
        DriverBug::LavapipeNoPerspectiveClipped,
        DriverBug::NoPerspectiveFrustumClipped,
        DriverBug::LavapipeFragmentPrimitiveIdWithEvaluation,
        DriverBug::LavapipeTessPointStrayPixel,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DriverBug::LavapipeClipCullRange => "lavapipe-clip-cull-range",
            DriverBug::LavapipeNoPerspectiveClipped => "lavapipe-noperspective-clipped",
            DriverBug::NoPerspectiveFrustumClipped => "noperspective-frustum-clipped",
            DriverBug::LavapipeFragmentPrimitiveIdWithEvaluation => "lavapipe-fragment-primitive-id-with-evaluation",
            DriverBug::LavapipeTessPointStrayPixel => "lavapipe-tess-point-stray-pixel",
        }
    }

    /// The corpus test (`corpus/<name>.shader_test`) that reproduces the bug: probes computed
    /// from the spec, and an expected failure for the native executor in
    /// `corpus/expectations/llvmpipe.csv`.
    pub fn corpus_test(self) -> &'static str {
        match self {
            DriverBug::LavapipeClipCullRange => "cull/mixed-clip-cull",
            DriverBug::LavapipeNoPerspectiveClipped => "clip/noperspective-clip-distance",
            DriverBug::NoPerspectiveFrustumClipped => "clip/noperspective-frustum-clipped",
            DriverBug::LavapipeFragmentPrimitiveIdWithEvaluation => "tess/primitive-id-fragment-and-evaluation",
            DriverBug::LavapipeTessPointStrayPixel => "tess/point-mode-stray-pixel",
        }
    }

    /// Whether `spec` has the shape the bug needs on `device` (necessary, never sufficient).
    pub fn shape_matches(self, spec: &PipelineSpec, device: &str) -> bool {
        if !on_llvmpipe(device) {
            return false;
        }
        match self {
            DriverBug::LavapipeClipCullRange => (1..=3).contains(&spec.clip) && spec.cull > 0 && spec.clip + spec.cull > 4,
            DriverBug::LavapipeNoPerspectiveClipped => spec.clip > 0 && reads_noperspective(spec),
            DriverBug::NoPerspectiveFrustumClipped => reads_noperspective(spec),
            DriverBug::LavapipeFragmentPrimitiveIdWithEvaluation => {
                spec.fragment.as_ref().is_some_and(|f| f.uses_primitive_id())
                    && spec.tess.as_ref().is_some_and(|t| t.eval.uses_primitive_id())
            }
            DriverBug::LavapipeTessPointStrayPixel => spec.geometry.is_none() && spec.tess.as_ref().is_some_and(|t| t.point_mode),
        }
    }
}

fn on_llvmpipe(device: &str) -> bool {
    device.to_lowercase().contains("llvmpipe")
}

/// Whether the fragment stage has a `NoPerspective` input.
fn reads_noperspective(spec: &PipelineSpec) -> bool {
    spec.fragment.is_some() && spec.varyings.iter().any(|v| v.interp == Interp::NoPerspective && v.read > 0)
}

/// Which executor renders a variant: the native one, or the translated executor (and clip
/// mode) whose image is being compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Native,
    Translated,
}

/// Renders a variant of the pipeline on one side (the differential runner runs the harness; the
/// unit tests answer with synthetic images).
pub type Render<'r> = dyn FnMut(&PipelineSpec, Side) -> Result<Image, String> + 'r;

/// One difference to explain.
#[derive(Debug, Clone, Copy)]
pub struct Case<'a> {
    pub spec: &'a PipelineSpec,
    /// The native device's name.
    pub device: &'a str,
    /// The translated executor (`wgpu-vulkan`, `wgpu-gl`).
    pub executor: &'a str,
    /// Whether the translated executor emulated the clip distances.
    pub clip_emulated: bool,
    pub native: &'a Image,
    pub translated: &'a Image,
}

/// What [`classify`] concluded.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Classification {
    /// The signature whose evidence holds, with the evidence in words.
    pub explained: Option<(DriverBug, String)>,
    /// Signatures whose shape matched but whose evidence did not hold, with why.
    pub not_shown: Vec<(DriverBug, String)>,
}

/// Tries every signature whose shape matches, in [`DriverBug::ALL`]'s order; the first whose
/// evidence holds explains the difference.
pub fn classify(case: &Case, render: &mut Render) -> Classification {
    let mut out = Classification::default();
    for bug in DriverBug::ALL {
        if !bug.shape_matches(case.spec, case.device) {
            continue;
        }
        match evidence(bug, case, render) {
            Ok(e) => {
                out.explained = Some((bug, e));
                break;
            }
            Err(why) => out.not_shown.push((bug, why)),
        }
    }
    out
}

/// The evidence for `bug` in `case`: `Ok` with what the images show, `Err` with what they do
/// not.
pub fn evidence(bug: DriverBug, case: &Case, render: &mut Render) -> Result<String, String> {
    same_size(case.native, case.translated)?;
    match bug {
        DriverBug::LavapipeClipCullRange => clip_cull_range(case, render),
        DriverBug::LavapipeNoPerspectiveClipped => noperspective(case, render, false),
        DriverBug::NoPerspectiveFrustumClipped => noperspective(case, render, true),
        DriverBug::LavapipeFragmentPrimitiveIdWithEvaluation => primitive_id(case, render),
        DriverBug::LavapipeTessPointStrayPixel => tess_point_stray_pixel(case, render),
    }
}

fn same_size(a: &Image, b: &Image) -> Result<(), String> {
    if (a.width, a.height) != (b.width, b.height) || a.data.len() != (a.width * a.height * 4) as usize || b.data.len() != a.data.len() {
        return Err(format!("image sizes differ: {}x{} vs {}x{}", a.width, a.height, b.width, b.height));
    }
    Ok(())
}

/// Whether pixel `i` (row-major index) was drawn (see [`COVERED_RED`]).
pub fn covered(img: &Image, i: usize) -> bool {
    img.data[4 * i] >= COVERED_RED
}

fn px(img: &Image, i: usize) -> &[u8] {
    &img.data[4 * i..4 * i + 4]
}

fn pixels(img: &Image) -> usize {
    (img.width * img.height) as usize
}

fn differing(a: &Image, b: &Image) -> Vec<usize> {
    (0..pixels(a)).filter(|&i| px(a, i) != px(b, i)).collect()
}

fn xy(img: &Image, i: usize) -> (u32, u32) {
    (i as u32 % img.width, i as u32 / img.width)
}

/// Whether some pixel within one (the 8-neighbourhood) of pixel `i` satisfies `f`.
pub fn near(img: &Image, i: usize, f: impl Fn(usize) -> bool) -> bool {
    let (x, y) = xy(img, i);
    let (w, h) = (img.width as i64, img.height as i64);
    (-1..=1i64).any(|dy| {
        (-1..=1i64).any(|dx| {
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            nx >= 0 && ny >= 0 && nx < w && ny < h && f((ny * w + nx) as usize)
        })
    })
}

fn render_checked(render: &mut Render, spec: &PipelineSpec, side: Side, like: &Image, what: &str) -> Result<Image, String> {
    let img = render(spec, side).map_err(|e| format!("{what} ({side:?}) did not render: {e}"))?;
    same_size(like, &img)?;
    Ok(img)
}

/// The spec says culling removes whole primitives and clipping removes parts of them; neither
/// adds a pixel or changes the value of a pixel kept. So the pixels the pipeline may draw are
/// those both the pipeline without its clip distances (cull distances alone, which lavapipe
/// gets right: `lavapipe-clip-cull-varying-*` draws with 0 + 5) and the pipeline without its
/// cull distances (1-3 clip distances alone, right too: `corpus/clip/clip-distance-{1,2,3}`
/// pass natively) draw. Evidence of the bug: the translated image stays inside those pixels,
/// the images differ only in which pixels are drawn, and native either draws a pixel outside
/// them (a stray pixel, or a culled primitive drawn) or draws nothing at all where the
/// translated pipeline draws.
fn clip_cull_range(case: &Case, render: &mut Render) -> Result<String, String> {
    let (n, t) = (case.native, case.translated);
    let no_clip = PipelineSpec { clip: 0, ..case.spec.clone() };
    let no_cull = PipelineSpec { cull: 0, ..case.spec.clone() };
    let a = render_checked(render, &no_clip, Side::Native, n, "the pipeline without clip distances")?;
    let b = render_checked(render, &no_cull, Side::Native, n, "the pipeline without cull distances")?;
    let allowed = |i: usize| covered(&a, i) && covered(&b, i);
    // Emulated clip distances discard per fragment on the interpolated distance rather than
    // clip the primitive: a pixel next to the cut may differ (the corpus's emulated-clip
    // tolerance; measured 11 of 1421 edge pixels, `cull/mixed-clip-cull-1-6`).
    let t_outside = (0..pixels(t)).filter(|&i| covered(t, i) && !allowed(i) && !(case.clip_emulated && near(t, i, allowed))).count();
    if t_outside > 0 {
        return Err(format!(
            "{} draws {t_outside} pixels that the pipeline without its clip distances or without its cull distances leaves clear natively (clipping and culling only remove pixels)",
            case.executor
        ));
    }
    let diff = differing(n, t);
    let value_diffs = diff.iter().filter(|&&i| covered(n, i) && covered(t, i)).count();
    if value_diffs > 0 {
        return Err(format!(
            "{value_diffs} of the {} differing pixels are drawn by both with different values; the bug adds or removes whole primitives' pixels",
            diff.len()
        ));
    }
    let stray = (0..pixels(n)).filter(|&i| covered(n, i) && !allowed(i)).count();
    let n_drawn = (0..pixels(n)).filter(|&i| covered(n, i)).count();
    let t_drawn = (0..pixels(t)).filter(|&i| covered(t, i)).count();
    if stray > 0 {
        return Ok(format!("native draws {stray} pixels the spec leaves clear (clipped or culled)"));
    }
    if n_drawn == 0 && t_drawn > 0 {
        return Ok(format!(
            "native draws nothing; {} draws {t_drawn} pixels, all kept by the clip and the cull distances alone",
            case.executor
        ));
    }
    Err(format!(
        "native draws {n_drawn} pixels, none outside what the clip and cull distances keep, and not nothing: the spec does not say native is wrong"
    ))
}

/// The pipeline with its `NoPerspective` fragment inputs interpolated with perspective
/// (Smooth), on llvmpipe (lavapipe or llvmpipe GL): when it renders alike natively and
/// translated, the difference depends on the `NoPerspective` interpolation. `None` when the
/// fragment stage has no such input.
pub fn perspective_variant(spec: &PipelineSpec, device: &str) -> Option<PipelineSpec> {
    if !on_llvmpipe(device) || !reads_noperspective(spec) {
        return None;
    }
    let mut variant = spec.clone();
    for v in &mut variant.varyings {
        if v.interp == Interp::NoPerspective {
            v.interp = Interp::Smooth;
        }
    }
    Some(variant)
}

/// Both `NoPerspective` signatures. Evidence common to both: (1) the perspective variant
/// renders alike natively and translated; (2) every differing pixel is drawn in both images
/// (the bug changes values, not coverage, unless a `NoPerspective` input decides a discard)
/// and differs only in colour channels a `NoPerspective` input can reach
/// ([`Program::reach`]). Then, for clip distances: the spec keeps the unclipped values on the
/// pixels a clip distance keeps (Vulkan, "Clipping Shader Outputs"), and native's differing
/// pixels are not those of the pipeline rendered without its clip distances (with emulated
/// clip distances, which do not clip geometrically, the translated ones are); for the
/// frustum: something is drawn on the viewport's border (the emitter keeps z in [0.05, 0.95]
/// and w in [1, 1.5], so only x and y past ±w clip, and a primitive they clip reaches the
/// border).
fn noperspective(case: &Case, render: &mut Render, frustum: bool) -> Result<String, String> {
    let (n, t, spec) = (case.native, case.translated, case.spec);
    let variant = perspective_variant(spec, case.device).ok_or("no NoPerspective fragment input")?;
    let pn = render_checked(render, &variant, Side::Native, n, "the perspective variant")?;
    let pt = render_checked(render, &variant, Side::Translated, n, "the perspective variant")?;
    let still = differing(&pn, &pt).len();
    // (Within the executor's one-step rounding rule: pixels both draw, one step apart.)
    let variant_case = Case { spec: &variant, native: &pn, translated: &pt, ..*case };
    let rounding = [PlatformRule::GlRounding, PlatformRule::FlippedViewportRounding]
        .into_iter()
        .find(|r| r.applies(&variant_case, false) && r.bound(&variant_case).is_ok());
    if still > 0 && rounding.is_none() {
        return Err(format!("with the NoPerspective inputs made Smooth, native and {} still differ at {still} pixels", case.executor));
    }
    let alike = match rounding {
        Some(r) if still > 0 => format!("Smooth renders alike but {still} pixels one step apart ({})", r.name()),
        _ => "Smooth renders alike".to_string(),
    };
    let fragment = spec.fragment.as_ref().ok_or("no fragment stage")?;
    let reach = fragment.reach(&|var| spec.varyings.get(var as usize).is_some_and(|v| v.interp == Interp::NoPerspective));
    let diff = differing(n, t);
    let mut coverage = 0usize;
    let mut outside = Vec::new();
    for &i in &diff {
        let (a, b) = (px(n, i), px(t, i));
        if covered(n, i) != covered(t, i) || !covered(n, i) {
            coverage += 1;
        } else if (0..4).any(|c| a[c] != b[c] && !reach.channels[c]) {
            outside.push(i);
        }
    }
    // Emulated clip distances: pixels along a cut may differ in coverage within the runner's
    // allowance for them (shader_test_out::EMULATED_CLIP_TOLERANCE_PERCENT of the image).
    let coverage_allowed = if reach.coverage {
        usize::MAX
    } else if case.clip_emulated {
        (crate::shader_test_out::EMULATED_CLIP_TOLERANCE_PERCENT / 100.0 * pixels(n) as f64) as usize
    } else {
        0
    };
    if coverage > coverage_allowed {
        return Err(format!("{coverage} differing pixels are drawn by one side only, and no NoPerspective input decides a discard"));
    }
    if let Some(&i) = outside.first() {
        return Err(format!(
            "{} differing pixels differ in colour channels no NoPerspective input reaches (first at {:?}: native {:?}, translated {:?}; reached {:?})",
            outside.len(),
            xy(n, i),
            px(n, i),
            px(t, i),
            reach.channels
        ));
    }
    if frustum {
        let border = |img: &Image| {
            (0..pixels(img)).any(|i| {
                let (x, y) = xy(img, i);
                covered(img, i) && (x == 0 || y == 0 || x == img.width - 1 || y == img.height - 1)
            })
        };
        if ![n, t, &pn, &pt].into_iter().any(border) {
            return Err("nothing is drawn on the viewport's border, so the frustum clips nothing".into());
        }
        return Ok(format!(
            "{alike}; the {} differing pixels are in channels NoPerspective inputs reach; drawn on the viewport's border",
            diff.len()
        ));
    }
    let unclipped = PipelineSpec { clip: 0, ..spec.clone() };
    let u = render_checked(render, &unclipped, Side::Native, n, "the pipeline without clip distances")?;
    let kept: Vec<usize> = diff.iter().copied().filter(|&i| covered(n, i) && covered(t, i)).collect();
    let native_off = kept.iter().filter(|&&i| px(n, i) != px(&u, i)).count();
    if native_off == 0 {
        return Err(format!("native's {} differing drawn pixels hold the unclipped values: not the clipped-NoPerspective bug", kept.len()));
    }
    if case.clip_emulated {
        let translated_off = kept.iter().filter(|&&i| px(t, i) != px(&u, i)).count();
        if translated_off > 0 {
            return Err(format!(
                "{translated_off} differing pixels of {} (emulated clip distances, no geometric clipping) are not the unclipped values",
                case.executor
            ));
        }
    }
    Ok(format!(
        "{alike}; {native_off} of native's differing pixels are not the unclipped values the spec keeps, in channels NoPerspective inputs reach"
    ))
}

/// `program` with every `PrimitiveId` read replaced by 0.
fn primitive_id_zero(program: &mut Program) {
    crate::gen::shrink::walk_stmts(&mut program.body, &mut |n| {
        if let crate::gen::shrink::Node::I(e) = n {
            if matches!(e, IExpr::PrimitiveId) {
                *e = IExpr::Const(0);
            }
        }
    });
}

/// Evidence of the fragment `PrimitiveId` bug: (1) the draw has two patches or more; (2)
/// native renders exactly as the pipeline whose fragment stage reads 0 for `PrimitiveId`
/// (native's fragment id is 0 for every patch); (3) with that, native and translated agree
/// (the fragment id is the only difference); (4) with the evaluation stage reading 0 instead
/// (the fragment stage alone reads it, which lavapipe gets right: 1 for the second patch in
/// the corpus test's note) native and translated agree too, so the translated fragment id is
/// the driver's where the driver is right; (5) no differing pixel shows the first patch's
/// colour (the translated first patch drawn alone), so the pixels differ where later patches
/// draw.
fn primitive_id(case: &Case, render: &mut Render) -> Result<String, String> {
    let (n, t, spec) = (case.native, case.translated, case.spec);
    let tess = spec.tess.as_ref().ok_or("no tessellation stages")?;
    let per_patch = tess.input_vertices.max(1) as usize;
    let patches = spec.vertices.len() / per_patch;
    if patches < 2 {
        return Err(format!("{patches} patch: PrimitiveId is 0 throughout"));
    }
    let mut zero_fragment = spec.clone();
    primitive_id_zero(zero_fragment.fragment.as_mut().ok_or("no fragment stage")?);
    let zn = render_checked(render, &zero_fragment, Side::Native, n, "the pipeline with the fragment's PrimitiveId 0")?;
    let off = differing(n, &zn).len();
    if off > 0 {
        return Err(format!(
            "native differs at {off} pixels from the pipeline whose fragment stage reads PrimitiveId 0: native's id is not 0"
        ));
    }
    let zt = render_checked(render, &zero_fragment, Side::Translated, n, "the pipeline with the fragment's PrimitiveId 0")?;
    let off = differing(&zn, &zt).len();
    if off > 0 {
        return Err(format!("with the fragment's PrimitiveId 0 on both sides, native and {} still differ at {off} pixels", case.executor));
    }
    let mut zero_evaluation = spec.clone();
    if let Some(t) = zero_evaluation.tess.as_mut() {
        primitive_id_zero(&mut t.eval);
    }
    let gn = render_checked(render, &zero_evaluation, Side::Native, n, "the pipeline with the evaluation's PrimitiveId 0")?;
    let gt = render_checked(render, &zero_evaluation, Side::Translated, n, "the pipeline with the evaluation's PrimitiveId 0")?;
    let off = differing(&gn, &gt).len();
    if off > 0 {
        return Err(format!(
            "with only the fragment stage reading PrimitiveId (which lavapipe gets right), native and {} differ at {off} pixels",
            case.executor
        ));
    }
    let first = PipelineSpec { vertices: spec.vertices[..per_patch].to_vec(), ..spec.clone() };
    let ft = render_checked(render, &first, Side::Translated, n, "the first patch alone")?;
    let diff = differing(n, t);
    let first_patch = diff.iter().filter(|&&i| covered(&ft, i) && px(&ft, i) == px(t, i)).count();
    if first_patch > 0 {
        return Err(format!("{first_patch} differing pixels show the first patch's colour, whose PrimitiveId 0 is right natively"));
    }
    Ok(format!(
        "{patches} patches; native renders as with the fragment's PrimitiveId 0, and alike once that is so or the evaluation stage does not read it; the {} differing pixels are later patches'",
        diff.len()
    ))
}

/// The corner where lavapipe's stray tessellation points land: pixels with x and y at most 2
/// (every stray pixel seen: (2, 0) in `e9af3e82` and `d39a0885`, (0, 2) and (1, 2) in
/// `b01ab67a`).
const STRAY_CORNER: u32 = 2;

/// Clip-space x added to every point in [`tess_point_stray_pixel`]'s variant
/// ([`crate::gen::TessSpec::nudge_x`]): 16 pixels of the generator's 64-pixel framebuffer at
/// w = 1, 10.7 at its largest w (1.5), past the corner.
const STRAY_SHIFT: f32 = 0.5;

/// Evidence of the stray tessellation point: (1) every differing pixel is drawn natively and
/// left clear translated, and lies in the origin corner ([`STRAY_CORNER`]); (2) with every
/// point moved right by at least 10 pixels (every position the evaluation stage writes plus
/// [`STRAY_SHIFT`] in x, after the emitter's clamp), native still draws those pixels and the
/// translated executor still leaves them clear: they do not move with the points, so no point
/// the spec tessellates lies in them.
fn tess_point_stray_pixel(case: &Case, render: &mut Render) -> Result<String, String> {
    let (n, t) = (case.native, case.translated);
    let diff = differing(n, t);
    if let Some(&i) = diff.iter().find(|&&i| !covered(n, i) || covered(t, i)) {
        return Err(format!("pixel {:?} differs but is not drawn natively and clear translated", xy(n, i)));
    }
    if let Some(&i) = diff.iter().find(|&&i| xy(n, i).0 > STRAY_CORNER || xy(n, i).1 > STRAY_CORNER) {
        return Err(format!("pixel {:?} differs outside the origin corner", xy(n, i)));
    }
    let mut moved = case.spec.clone();
    let tess = moved.tess.as_mut().ok_or("no tessellation stages")?;
    tess.nudge_x += STRAY_SHIFT;
    let mn = render_checked(render, &moved, Side::Native, n, "the pipeline with every point moved right")?;
    let mt = render_checked(render, &moved, Side::Translated, n, "the pipeline with every point moved right")?;
    if let Some(&i) = diff.iter().find(|&&i| !covered(&mn, i) || covered(&mt, i)) {
        return Err(format!("with every point moved, pixel {:?} is no longer drawn natively only: it moved with the points", xy(n, i)));
    }
    Ok(format!(
        "native draws {} pixels in the origin corner that {} leaves clear, and still does with every point moved 10 to 16 pixels right",
        diff.len(),
        case.executor
    ))
}

/// The signature of lavapipe's (Mesa 22.3.6) geometry primitive overflow. Its draw module sizes
/// the per-invocation array of primitive lengths for the primitives `OutputVertices` decomposes
/// into (`u_decomposed_prims_for_vertices`: `OutputVertices − 1` line strips, `− 2` triangle
/// strips, at least one), but counts every `EndPrimitive` after at least one vertex,
/// incomplete primitives (which Vulkan discards) included: a stage that ends more primitives
/// than that writes past the array, and the process dies (SIGABRT from malloc's checks, or
/// SIGSEGV) or renders from corrupted memory. A strip stage declaring fewer vertices than one
/// primitive (`OutputVertices` 1 or 2 for triangle strips, 1 for line strips) that emits an
/// incomplete primitive dies the same way with two invocations or more, without any
/// `EndPrimitive`. Not in [`DriverBug::ALL`]: it shows as a crash, not as an image
/// (`fuzz/regressions/differential/lavapipe-geometry-primitive-overflow-*`,
/// [`GEOMETRY_PRIMITIVE_OVERFLOW_TEST`]).
pub const GEOMETRY_PRIMITIVE_OVERFLOW: &str = "lavapipe-geometry-primitive-overflow";

/// The corpus test of [`GEOMETRY_PRIMITIVE_OVERFLOW`]: spec probes, rendered alone, and the
/// native executor's expected crash in `corpus/expectations/llvmpipe.csv`.
pub const GEOMETRY_PRIMITIVE_OVERFLOW_TEST: &str = "geom/primitive-overflow-crash";

/// Whether `stmts` has an `EndPrimitive` anywhere.
fn ends_primitives(stmts: &[crate::gen::Stmt]) -> bool {
    use crate::gen::Stmt;
    stmts.iter().any(|s| match s {
        Stmt::EndPrimitive => true,
        Stmt::If(_, a, b) => ends_primitives(a) || ends_primitives(b),
        Stmt::Loop(_, a) | Stmt::Emit { stores: a, .. } => ends_primitives(a),
        _ => false,
    })
}

/// The shape of [`GEOMETRY_PRIMITIVE_OVERFLOW`] and its evidence's variant: a geometry stage
/// emitting strips that may emit more vertices than the strip primitives `OutputVertices`
/// decomposes into, and either calls `EndPrimitive` (each ended primitive holds one vertex at
/// least) or declares fewer vertices than one primitive. The variant declares `vertices per
/// primitive − 1` more output vertices and emits exactly the same (its emissions stop at the
/// same count, [`crate::gen::GeometrySpec::spare_vertices`]), so the spec says it renders like
/// the original, and the driver's array then has room for a primitive per vertex. `None`
/// without the shape.
pub fn geometry_primitive_overflow_variant(spec: &PipelineSpec) -> Option<PipelineSpec> {
    let g = spec.geometry.as_ref()?;
    let per_primitive = g.output.vertices();
    let (emitted, declared) = (g.max_vertices, g.max_vertices + g.spare_vertices);
    let room = (declared + 1).saturating_sub(per_primitive);
    if per_primitive < 2 || room >= emitted || (room > 0 && !ends_primitives(&g.program.body)) {
        return None;
    }
    let mut variant = spec.clone();
    variant.geometry.as_mut()?.spare_vertices = per_primitive - 1;
    Some(variant)
}

/// Evidence of [`GEOMETRY_PRIMITIVE_OVERFLOW`] when the native rendering completed but differs:
/// on llvmpipe, the variant renders natively exactly as the pipeline rendered translated.
pub fn geometry_primitive_overflow(case: &Case, render: &mut Render) -> Result<String, String> {
    if !on_llvmpipe(case.device) {
        return Err("not llvmpipe".into());
    }
    let variant =
        geometry_primitive_overflow_variant(case.spec).ok_or("no geometry stage that may end more primitives than it declares")?;
    let vn = render_checked(render, &variant, Side::Native, case.native, "the variant declaring more output vertices")?;
    let left = differing(&vn, case.translated).len();
    if left > 0 {
        return Err(format!("the variant declaring more output vertices (same emissions) still differs natively at {left} pixels"));
    }
    Ok(format!(
        "the same stage declaring {} more output vertices (emitting the same) renders natively as {} renders this one",
        variant.geometry.as_ref().map_or(0, |g| g.spare_vertices) - case.spec.geometry.as_ref().map_or(0, |g| g.spare_vertices),
        case.executor
    ))
}

/// Whether a device name is llvmpipe's (lavapipe or llvmpipe GL).
pub fn is_llvmpipe(device: &str) -> bool {
    on_llvmpipe(device)
}
