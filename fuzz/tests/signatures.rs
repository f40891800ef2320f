//! The differential oracle's signatures (`oracle::driver_bugs`, `oracle::platform`) explain a
//! difference only with evidence: for each, synthetic images where the pipeline's shape
//! matches and the evidence holds (explained), and where the shape matches but one piece of
//! evidence does not (not explained, so the difference stays a finding). Removing an evidence
//! check makes one of the negative cases pass as explained, and its test fail.

use arbitrary::Unstructured;
use tesserae::Topology;
use tesserae_fuzz::gen::{FExpr, Features, IExpr, Interp, Out, PipelineSpec, Program, Stmt, Value};
use tesserae_fuzz::oracle::driver_bugs::{classify, Case, Classification, DriverBug, Side};
use tesserae_fuzz::oracle::platform::{self, PlatformRule};
use tesserae_results::image::Image;

const LAVAPIPE: &str = "llvmpipe (LLVM 15.0.6, 256 bits)";
const CLEAR: [u8; 4] = [0, 0, 0, 255];
const SIZE: u32 = 16;

fn spec(seed: u64, f: &Features, keep: impl Fn(&PipelineSpec) -> bool) -> PipelineSpec {
    (0..400)
        .find_map(|i| {
            let data = tesserae_fuzz::differential::input(seed, i);
            PipelineSpec::generate(&mut Unstructured::new(&data), f).ok().filter(|s| keep(s))
        })
        .expect("a generated spec of that shape")
}

/// A SIZE×SIZE image: `f(x, y)` or the clear colour.
fn image(f: impl Fn(u32, u32) -> Option<[u8; 4]>) -> Image {
    let mut data = Vec::new();
    for y in 0..SIZE {
        for x in 0..SIZE {
            data.extend(f(x, y).unwrap_or(CLEAR));
        }
    }
    Image { width: SIZE, height: SIZE, data }
}

/// A square of `rgba` from (x0, y0), `n` pixels wide.
fn square(x0: u32, y0: u32, n: u32, rgba: [u8; 4]) -> Image {
    image(|x, y| (x >= x0 && x < x0 + n && y >= y0 && y < y0 + n).then_some(rgba))
}

fn blank() -> Image {
    image(|_, _| None)
}

fn run(
    spec: &PipelineSpec,
    executor: &str,
    native: &Image,
    translated: &Image,
    render: impl Fn(&PipelineSpec, Side) -> Image,
) -> Classification {
    let case = Case { spec, device: LAVAPIPE, executor, clip_emulated: false, native, translated };
    classify(&case, &mut |s: &PipelineSpec, side| Ok(render(s, side)))
}

fn explained(c: &Classification) -> Option<DriverBug> {
    c.explained.as_ref().map(|e| e.0)
}

fn not_shown(c: &Classification, bug: DriverBug) -> bool {
    c.not_shown.iter().any(|(b, _)| *b == bug)
}

/// `lavapipe-clip-cull-range`: native draws nothing (or a stray pixel) where the clip and cull
/// distances alone keep what the translated pipeline draws.
#[test]
fn clip_cull_range_needs_native_outside_the_spec() {
    let mut s = spec(7, &Features::DIFFERENTIAL, |_| true);
    // (No NoPerspective input and no tessellation: only this signature's shape matches.)
    for v in &mut s.varyings {
        v.interp = Interp::Smooth;
    }
    s.tess = None;
    (s.clip, s.cull) = (3, 2);
    let drawn = [128, 40, 40, 255];
    let t = square(4, 4, 6, drawn);
    // The pipeline without clip distances and without cull distances both draw the square.
    let both_keep = |_: &PipelineSpec, side: Side| {
        assert_eq!(side, Side::Native, "the bound comes from native renderings of what lavapipe gets right");
        square(4, 4, 6, drawn)
    };
    let c = run(&s, "wgpu-vulkan", &blank(), &t, both_keep);
    assert_eq!(explained(&c), Some(DriverBug::LavapipeClipCullRange), "{c:?}");
    // A stray native pixel outside what the spec keeps.
    let stray = image(|x, y| if (x, y) == (0, 0) { Some(drawn) } else { None });
    assert_eq!(explained(&run(&s, "wgpu-vulkan", &stray, &t, both_keep)), Some(DriverBug::LavapipeClipCullRange));

    // Evidence missing: the cull distances alone cull everything, so the translated square is
    // what the spec cannot draw (a translator bug, not lavapipe's).
    let culled = |p: &PipelineSpec, _: Side| if p.clip == 0 { blank() } else { square(4, 4, 6, drawn) };
    let c = run(&s, "wgpu-vulkan", &blank(), &t, culled);
    assert_eq!(explained(&c), None);
    assert!(not_shown(&c, DriverBug::LavapipeClipCullRange), "{c:?}");
    // Evidence missing: pixels both draw differ in value.
    let other = square(4, 4, 6, [128, 41, 40, 255]);
    assert_eq!(explained(&run(&s, "wgpu-vulkan", &other, &t, both_keep)), None);
    // Evidence missing: native draws part of what the spec keeps, nothing outside it.
    let part = square(4, 4, 3, drawn);
    assert_eq!(explained(&run(&s, "wgpu-vulkan", &part, &t, both_keep)), None);

    // Shape: 4 distances in all work on lavapipe; another driver is not lavapipe.
    (s.clip, s.cull) = (1, 3);
    assert_eq!(run(&s, "wgpu-vulkan", &blank(), &t, both_keep), Classification::default());
    (s.clip, s.cull) = (3, 2);
    let case = Case { spec: &s, device: "NVIDIA H200", executor: "wgpu-vulkan", clip_emulated: false, native: &blank(), translated: &t };
    assert_eq!(classify(&case, &mut |_, _| Ok(blank())), Classification::default());
}

/// A spec whose fragment stage writes red 1 and blue = varying 0 (`NoPerspective` unless
/// `interp` says otherwise), green constant.
fn noperspective_spec(clip: u32) -> PipelineSpec {
    let mut s = spec(7, &Features::DIFFERENTIAL, |s| s.varyings.first().is_some_and(|v| v.ty.kind == tesserae_fuzz::gen::Kind::Float));
    for v in &mut s.varyings {
        v.interp = Interp::Smooth;
    }
    s.varyings[0].interp = Interp::NoPerspective;
    s.varyings[0].read = 1;
    (s.clip, s.cull) = (clip, 0);
    s.fragment = Some(Program {
        locals: 0,
        body: vec![
            Stmt::Store(Out::Color(0), Value::F(FExpr::Const(1.0))),
            Stmt::Store(Out::Color(1), Value::F(FExpr::Const(0.0))),
            Stmt::Store(Out::Color(2), Value::F(FExpr::Input { var: 0, comp: 0 })),
        ],
    });
    s
}

fn is_perspective_variant(s: &PipelineSpec) -> bool {
    s.varyings[0].interp == Interp::Smooth
}

/// `lavapipe-noperspective-clipped`: the difference goes with the `NoPerspective`
/// interpolation, lies in the channels the input reaches, and native's values are not the
/// unclipped ones the spec keeps.
#[test]
fn noperspective_clipped_needs_the_variants_and_the_reached_channels() {
    let s = noperspective_spec(1);
    let n = square(4, 4, 6, [255, 0, 100, 255]);
    let t = square(4, 4, 6, [255, 0, 120, 255]);
    let smooth = square(4, 4, 6, [255, 0, 110, 255]);
    // Perspective variant alike on both sides; unclipped native = the translated values.
    let good = |p: &PipelineSpec, _: Side| if is_perspective_variant(p) { smooth.clone() } else { t.clone() };
    let c = run(&s, "wgpu-vulkan", &n, &t, good);
    assert_eq!(explained(&c), Some(DriverBug::LavapipeNoPerspectiveClipped), "{c:?}");

    // The perspective variant still differs: not the NoPerspective interpolation.
    let still = |p: &PipelineSpec, side: Side| match (is_perspective_variant(p), side) {
        (true, Side::Native) => n.clone(),
        (true, Side::Translated) => t.clone(),
        _ => t.clone(),
    };
    let c = run(&s, "wgpu-vulkan", &n, &t, still);
    assert_eq!(explained(&c), None);
    assert!(not_shown(&c, DriverBug::LavapipeNoPerspectiveClipped));
    // Green differs: a channel no NoPerspective input reaches.
    let t_green = square(4, 4, 6, [255, 7, 100, 255]);
    assert_eq!(explained(&run(&s, "wgpu-vulkan", &n, &t_green, good)), None);
    // Coverage differs though no NoPerspective input decides a discard.
    let t_bigger = square(4, 4, 7, [255, 0, 100, 255]);
    assert_eq!(explained(&run(&s, "wgpu-vulkan", &n, &t_bigger, good)), None);
    // Native holds the unclipped values: clipping did not change them.
    let unclipped_is_native = |p: &PipelineSpec, _: Side| if is_perspective_variant(p) { smooth.clone() } else { n.clone() };
    let c = run(&s, "wgpu-vulkan", &n, &t, unclipped_is_native);
    assert_eq!(explained(&c), None, "{c:?}");
    assert!(not_shown(&c, DriverBug::LavapipeNoPerspectiveClipped));
    // (The frustum signature was tried too: nothing touches the border.)
    assert!(not_shown(&c, DriverBug::NoPerspectiveFrustumClipped));
}

/// `noperspective-frustum-clipped`: as above, and something drawn on the viewport's border.
#[test]
fn noperspective_frustum_needs_the_border() {
    let s = noperspective_spec(0);
    let at_border = |b| square(0, 4, 6, [255, 0, b, 255]);
    let (n, t) = (at_border(0), at_border(90));
    let alike = |_: &PipelineSpec, _: Side| at_border(45);
    let c = run(&s, "wgpu-gl", &n, &t, alike);
    assert_eq!(explained(&c), Some(DriverBug::NoPerspectiveFrustumClipped), "{c:?}");
    // Not on the border: the frustum clips nothing.
    let inside = |b| square(3, 4, 6, [255, 0, b, 255]);
    let c = run(&s, "wgpu-gl", &inside(0), &inside(90), |_: &PipelineSpec, _: Side| inside(45));
    assert_eq!(explained(&c), None);
    assert!(not_shown(&c, DriverBug::NoPerspectiveFrustumClipped));
    // The Smooth variant one step apart on wgpu-gl (its rounding rule: a pixel both draw) is
    // alike; two steps are not (seed 103, iteration 64: a geometry stage's frustum-clipped
    // triangle, 1 of 874 drawn pixels one step apart in the variant).
    let smooth_by = |step: u8| {
        move |_: &PipelineSpec, side: Side| match side {
            Side::Native => at_border(45),
            Side::Translated => {
                image(|x, y| ((4..10).contains(&y) && x < 6).then_some([255, 0, if (x, y) == (2, 5) { 45 + step } else { 45 }, 255]))
            }
        }
    };
    let c = run(&s, "wgpu-gl", &n, &t, smooth_by(1));
    assert_eq!(explained(&c), Some(DriverBug::NoPerspectiveFrustumClipped), "{c:?}");
    let c = run(&s, "wgpu-gl", &n, &t, smooth_by(2));
    assert_eq!(explained(&c), None, "{c:?}");
    assert!(not_shown(&c, DriverBug::NoPerspectiveFrustumClipped));
    // A Smooth input: no NoPerspective signature applies at all.
    let mut smooth = s.clone();
    smooth.varyings[0].interp = Interp::Smooth;
    assert_eq!(run(&smooth, "wgpu-gl", &n, &t, alike), Classification::default());
}

/// `Program::reach`: what the confinement check of the `NoPerspective` signatures reads.
#[test]
fn reach_follows_locals_conditions_and_discards() {
    use tesserae_fuzz::gen::{CmpOp, Cond};
    let input = || FExpr::Input { var: 0, comp: 0 };
    let picked = |v: u8| v == 0;
    let p = Program {
        locals: 2,
        body: vec![
            Stmt::Assign(0, input()),
            Stmt::Store(Out::Color(1), Value::F(FExpr::Local(0))),
            Stmt::Store(Out::Color(2), Value::F(FExpr::Input { var: 1, comp: 0 })),
            Stmt::If(
                Cond::F(CmpOp::Lt, FExpr::Local(0), FExpr::Const(0.5)),
                vec![Stmt::Store(Out::Color(3), Value::F(FExpr::Const(1.0)))],
                vec![],
            ),
        ],
    };
    let r = p.reach(&picked);
    assert_eq!(r.channels, [false, true, false, true]);
    assert!(!r.coverage);
    // A later unconditional store replaces the reached value.
    let mut q = p.clone();
    q.body.push(Stmt::Store(Out::Color(1), Value::F(FExpr::Const(0.0))));
    assert_eq!(q.reach(&picked).channels, [false, false, false, true]);
    // A discard under a condition on the input decides coverage.
    let d = Program { locals: 0, body: vec![Stmt::If(Cond::F(CmpOp::Gt, input(), FExpr::Const(0.0)), vec![Stmt::Discard], vec![])] };
    assert!(d.reach(&picked).coverage);
    assert!(!d.reach(&|v| v == 1).coverage);
}

/// A tessellation spec whose fragment and evaluation stages both read `PrimitiveId`, with two
/// patches.
fn primitive_id_spec() -> PipelineSpec {
    let mut s = spec(13, &Features { only_tessellation: true, ..Features::DIFFERENTIAL }, |s| s.tess.is_some());
    let id = || Value::F(FExpr::FromInt(Box::new(IExpr::PrimitiveId)));
    s.fragment = Some(Program { locals: 0, body: vec![Stmt::Store(Out::Color(1), id())] });
    let t = s.tess.as_mut().unwrap();
    t.eval.locals = t.eval.locals.max(1);
    t.eval.body.push(Stmt::Assign(0, FExpr::FromInt(Box::new(IExpr::PrimitiveId))));
    let per_patch = t.input_vertices as usize;
    let one = s.vertices[..per_patch].to_vec();
    s.vertices = [one.clone(), one].concat();
    s
}

/// `lavapipe-fragment-primitive-id-with-evaluation`: native renders as if the fragment's id
/// were 0, the rest alike, and the differing pixels are later patches'.
#[test]
fn fragment_primitive_id_needs_native_id_zero_on_later_patches() {
    let s = primitive_id_spec();
    let per_patch = s.tess.as_ref().unwrap().input_vertices as usize;
    let (red, yellow) = ([255, 0, 0, 255], [255, 255, 0, 255]);
    // Patch 0 draws rows 1-2, patch 1 rows 8-9.
    let two = |second: [u8; 4]| {
        image(|_, y| {
            if (1..3).contains(&y) {
                Some(red)
            } else if (8..10).contains(&y) {
                Some(second)
            } else {
                None
            }
        })
    };
    let (n, t) = (two(red), two(yellow));
    let first_alone = image(|_, y| (1..3).contains(&y).then_some(red));
    let variants = |p: &PipelineSpec, _: Side| {
        if p.vertices.len() == per_patch {
            first_alone.clone()
        } else if !p.fragment.as_ref().unwrap().uses_primitive_id() {
            two(red)
        } else {
            two(yellow)
        }
    };
    let c = run(&s, "wgpu-vulkan", &n, &t, variants);
    assert_eq!(explained(&c), Some(DriverBug::LavapipeFragmentPrimitiveIdWithEvaluation), "{c:?}");

    // Native's id is not 0: native differs from the pipeline whose fragment id is 0.
    let n_other = two([255, 128, 0, 255]);
    let c = run(&s, "wgpu-vulkan", &n_other, &t, variants);
    assert_eq!(explained(&c), None);
    assert!(not_shown(&c, DriverBug::LavapipeFragmentPrimitiveIdWithEvaluation));
    // With only the fragment stage reading the id, native and translated still differ.
    let eval_blind_differs = |p: &PipelineSpec, side: Side| {
        if p.tess.as_ref().is_some_and(|t| !t.eval.uses_primitive_id()) && side == Side::Native {
            two([255, 1, 0, 255])
        } else {
            variants(p, side)
        }
    };
    assert_eq!(explained(&run(&s, "wgpu-vulkan", &n, &t, eval_blind_differs)), None);
    // A differing pixel shows the first patch's colour.
    let t_first = image(|x, y| {
        if (x, y) == (0, 1) {
            Some([255, 0, 9, 255])
        } else if (1..3).contains(&y) {
            Some(red)
        } else if (8..10).contains(&y) {
            Some(yellow)
        } else {
            None
        }
    });
    let first_differs = |p: &PipelineSpec, side: Side| {
        if p.vertices.len() == per_patch {
            image(|x, y| if (x, y) == (0, 1) { Some([255, 0, 9, 255]) } else { (1..3).contains(&y).then_some(red) })
        } else {
            variants(p, side)
        }
    };
    let c = run(&s, "wgpu-vulkan", &n, &t_first, first_differs);
    assert_eq!(explained(&c), None, "{c:?}");
    // One patch: PrimitiveId is 0 throughout.
    let mut one = s.clone();
    one.vertices.truncate(per_patch);
    assert_eq!(explained(&run(&one, "wgpu-vulkan", &n, &t, variants)), None);
}

fn platform(spec: &PipelineSpec, executor: &str, n: &Image, t: &Image, earlier_exact: bool) -> Option<PlatformRule> {
    let case = Case { spec, device: LAVAPIPE, executor, clip_emulated: false, native: n, translated: t };
    platform::classify(&case, earlier_exact).ok().map(|(r, _)| r)
}

/// Platform rules hold within their measured bounds only.
#[test]
fn platform_rules_are_bounded() {
    let mut s = spec(7, &Features::DIFFERENTIAL, |s| !s.varyings.is_empty());
    for v in &mut s.varyings {
        (v.read, v.interp) = (1, Interp::Smooth);
    }
    s.fragment = Some(Program { locals: 0, body: vec![Stmt::Store(Out::Color(0), Value::F(FExpr::Input { var: 0, comp: 0 }))] });
    s.topology = Topology::TriangleList;
    s.tess = None;
    let n = square(4, 4, 6, [200, 100, 50, 255]);
    let one_step = square(4, 4, 6, [200, 101, 50, 255]);
    let two_steps = square(4, 4, 6, [200, 102, 50, 255]);
    assert_eq!(platform(&s, "wgpu-gl", &n, &one_step, true), Some(PlatformRule::GlRounding));
    assert_eq!(platform(&s, "wgpu-vulkan", &n, &one_step, false), Some(PlatformRule::FlippedViewportRounding));
    assert_eq!(platform(&s, "wgpu-gl", &n, &two_steps, true), None);
    assert_eq!(platform(&s, "wgpu-vulkan", &n, &two_steps, false), None);

    // Lines on wgpu-gl: a line moved by one pixel, not by three.
    s.topology = Topology::LineList;
    let line = |y0: u32| image(|x, y| (y == y0 && (2..12).contains(&x)).then_some([200, 100, 50, 255]));
    assert_eq!(platform(&s, "wgpu-gl", &line(5), &line(6), true), Some(PlatformRule::GlLineRule));
    assert_eq!(platform(&s, "wgpu-gl", &line(5), &line(8), true), None);
    assert_eq!(platform(&s, "wgpu-vulkan", &line(5), &line(6), true), None, "Vulkan lines are compared exactly");
    // Along a line whose blue steps by 20 a pixel: sampled within half a pixel (3 steps off)
    // holds, 25 steps off (past both neighbours' values) does not.
    let ramp = |x0: u32, off: u8| {
        image(move |x, y| (y == 5 && (2..12).contains(&x)).then(|| [200, 100, (x * 20) as u8 + if x == x0 { off } else { 0 }, 255]))
    };
    assert_eq!(platform(&s, "wgpu-gl", &ramp(0, 0), &ramp(6, 3), true), Some(PlatformRule::GlLineRule));
    assert_eq!(platform(&s, "wgpu-gl", &ramp(0, 0), &ramp(6, 25), true), None);
    // A joint drawn by the other segment: the value native shows a pixel away.
    let joint = |v: u8| {
        image(move |x, y| match (x, y) {
            (5, 5) => Some([200, 100, v, 255]),
            (4, 5) => Some([200, 100, 80, 255]),
            (6, 5) | (5, 6) => Some([200, 100, 110, 255]),
            _ => None,
        })
    };
    assert_eq!(platform(&s, "wgpu-gl", &joint(111), &joint(81), true), Some(PlatformRule::GlLineRule));
    assert_eq!(platform(&s, "wgpu-gl", &joint(111), &joint(40), true), None);
    // A segment's end pixel drawn over another segment (green, measured around (37, 32) of
    // precision-gl-line-end-geometry-b9c30332): the other segment's value one pixel further
    // (40, 43, 46, then 49) holds; a value no nearby line reaches does not.
    let end = |v: u8| {
        image(move |x, y| {
            let g = match (x, y) {
                (4, 0) => 22,
                (4, 1) => 25,
                (5, 2) => 30,
                (5, 3) => 33,
                (6, 3) => v,
                (6, 4) => 38,
                (6, 5) => 55,
                (7, 0) => 40,
                (7, 1) => 43,
                (7, 2) => 46,
                (7, 5) => 42,
                _ => return None,
            };
            Some([64, g, 0, 255])
        })
    };
    assert_eq!(platform(&s, "wgpu-gl", &end(35), &end(49), true), Some(PlatformRule::GlLineRule));
    assert_eq!(platform(&s, "wgpu-gl", &end(35), &end(90), true), None);
    // A crossing segment moved by one under the other (alpha, measured around (45, 35) of
    // precision-gl-line-crossing-a508abee): native shows it two pixels on (62, 61).
    let crossing = |a: u8| {
        image(move |x, y| {
            let (g, alpha) = match (x, y) {
                (3, 3) => (84, 145),
                (4, 4) => (96, a),
                (5, 4) => (108, 142),
                (5, 5) => (114, 141),
                (6, 5) => (120, 140),
                (5, 6) => (114, 62),
                (6, 7) => (124, 61),
                _ => return None,
            };
            Some([64, g, 0, alpha])
        })
    };
    let moved = |a: u8| {
        let mut img = crossing(a);
        img.data[4 * (4 * SIZE as usize + 4) + 1] = 99;
        img
    };
    assert_eq!(platform(&s, "wgpu-gl", &crossing(143), &moved(63), true), Some(PlatformRule::GlLineRule));
    assert_eq!(platform(&s, "wgpu-gl", &crossing(143), &moved(20), true), None);

    // A discontinuity over an interpolated value: a few pixels, wgpu-vulkan exact before.
    s.topology = Topology::TriangleList;
    s.fragment = Some(Program {
        locals: 0,
        body: vec![Stmt::Store(
            Out::Color(1),
            Value::F(FExpr::Un(tesserae_fuzz::gen::FUn::Fract, Box::new(FExpr::Input { var: 0, comp: 0 }))),
        )],
    });
    let few = image(|x, y| {
        if (4..10).contains(&x) && (4..10).contains(&y) {
            Some(if (x, y) == (5, 5) { [200, 0, 50, 255] } else { [200, 100, 50, 255] })
        } else {
            None
        }
    });
    assert_eq!(platform(&s, "wgpu-gl", &n, &few, true), Some(PlatformRule::GlInterpolationDiscontinuity));
    assert_eq!(platform(&s, "wgpu-gl", &n, &few, false), None, "wgpu-vulkan did not render it exactly");
    let many = square(4, 4, 6, [200, 0, 50, 255]);
    assert_eq!(platform(&s, "wgpu-gl", &n, &many, true), None, "36 of 256 pixels is past 3%");
}

/// A tessellation spec in point mode with nothing another signature's shape needs.
fn tess_point_spec() -> PipelineSpec {
    let mut s = spec(17, &Features { only_tessellation: true, ..Features::DIFFERENTIAL }, |s| s.tess.is_some());
    s.tess.as_mut().unwrap().point_mode = true;
    (s.clip, s.cull) = (0, 0);
    for v in &mut s.varyings {
        v.interp = Interp::Smooth;
    }
    s.fragment = Some(Program { locals: 0, body: vec![] });
    s
}

/// `lavapipe-tess-point-stray-pixel`: native adds pixels in the origin corner that stay there
/// when every point moves.
#[test]
fn tess_point_stray_pixel_needs_pixels_that_do_not_move_with_the_points() {
    let s = tess_point_spec();
    let red = [255, 0, 0, 255];
    let points = |dx: u32, stray: Option<(u32, u32)>| image(move |x, y| ((x == 8 + dx && y == 8) || stray == Some((x, y))).then_some(red));
    let (n, t) = (points(0, Some((2, 0))), points(0, None));
    // The variant (every point moved right) keeps the stray pixel natively.
    let stays = |_: &PipelineSpec, side: Side| points(4, (side == Side::Native).then_some((2, 0)));
    let c = run(&s, "wgpu-vulkan", &n, &t, stays);
    assert_eq!(explained(&c), Some(DriverBug::LavapipeTessPointStrayPixel), "{c:?}");

    // The pixel moves with the points: a point of the pipeline, not a stray one.
    let moves = |_: &PipelineSpec, side: Side| points(4, (side == Side::Native).then_some((6, 0)));
    let c = run(&s, "wgpu-vulkan", &n, &t, moves);
    assert_eq!(explained(&c), None);
    assert!(not_shown(&c, DriverBug::LavapipeTessPointStrayPixel));
    // A differing pixel outside the corner.
    let c = run(&s, "wgpu-vulkan", &points(0, Some((5, 0))), &t, stays);
    assert!(not_shown(&c, DriverBug::LavapipeTessPointStrayPixel));
    // The translated executor draws the pixel native leaves clear.
    let c = run(&s, "wgpu-vulkan", &t, &n, stays);
    assert!(not_shown(&c, DriverBug::LavapipeTessPointStrayPixel));
}

/// Each driver-bug signature names a corpus test that reproduces the bug: it exists, has
/// probes (the spec's answer), and the native executor's expected failure is listed.
#[test]
fn every_signature_names_a_corpus_test_with_probes_and_a_native_row() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let rows = std::fs::read_to_string(root.join("corpus/expectations/llvmpipe.csv")).unwrap();
    for bug in DriverBug::ALL {
        let name = bug.corpus_test();
        let path = root.join("corpus").join(format!("{name}.shader_test"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}: {e}", bug.name(), path.display()));
        assert!(text.lines().any(|l| l.starts_with("probe ")), "{name} has no probes");
        assert!(
            rows.lines().any(|l| l.trim() == format!("{name},native,Fail")),
            "{name} has no native row in corpus/expectations/llvmpipe.csv"
        );
    }
    // The crash signature's test: probes, rendered alone, the native crash expected.
    let name = tesserae_fuzz::oracle::driver_bugs::GEOMETRY_PRIMITIVE_OVERFLOW_TEST;
    let text = std::fs::read_to_string(root.join("corpus").join(format!("{name}.shader_test"))).unwrap();
    assert!(text.lines().any(|l| l.starts_with("probe ")) && text.lines().any(|l| l.starts_with("render-alone ")), "{name}");
    assert!(rows.lines().any(|l| l.trim() == format!("{name},native,Crash")), "{name} has no native Crash row");
}
