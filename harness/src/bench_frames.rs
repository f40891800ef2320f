//! Frame-time benchmarks: the same draw rendered natively on the Vulkan driver and translated
//! through wgpu's Vulkan backend on the same driver, in the same run, reported as a ratio.
//!
//! Each render includes pipeline creation, buffer upload, the draw and the readback, for both
//! executors alike; shaders are precompiled SPIR-V, so neither side pays for glslang. The
//! figure is the median of several renders after a warm-up. The same test with an empty draw
//! measures that fixed setup (the translated side compiles more pipelines); the *draw* ratio
//! subtracts it on both sides, which is what an application that keeps its pipelines pays per
//! frame. Both sides run on the device `--adapter` names (a substring; else the first Vulkan
//! device and wgpu adapter), and the report names the devices and drivers the runs used.

use std::time::Instant;
use tesserae_harness::compile::compile_section;
use tesserae_harness::executor::native::NativeExecutor;
use tesserae_harness::executor::translated::{Backend, TranslatedExecutor};
use tesserae_harness::executor::{DriverInfo, Executor};
use tesserae_harness::image::Image;
use tesserae_harness::shader_test::{self, Language, ShaderTest};

const RUNS: usize = 7;

/// Parses a generated test and replaces its GLSL by SPIR-V hex sections.
fn prepare(name: &str, text: &str) -> Result<ShaderTest, String> {
    let mut test = shader_test::parse(std::path::Path::new(name), name, text).map_err(|e| e.to_string())?;
    for i in 0..test.shaders.len() {
        let words = compile_section(&test, &test.shaders[i]).map_err(|e| e.to_string())?;
        let s = &mut test.shaders[i];
        s.language = Language::SpirvHex;
        s.source = words.iter().map(|w| format!("{w:08x}")).collect::<Vec<_>>().join(" ");
    }
    Ok(test)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Median native and translated milliseconds per render of `test`, whether the images are
/// identical, and the native image.
fn measure(
    native: &mut NativeExecutor,
    translated: &TranslatedExecutor,
    test: &ShaderTest,
    max_level: u32,
) -> Result<(f64, f64, bool, Image), String> {
    let options = tesserae::Options { max_tessellation_level: max_level, ..translated.options() };
    let plan = tesserae_harness::compile::pipeline(test, options)
        .map_err(|e| e.to_string())
        .and_then(|d| tesserae::translate(&d).map_err(|e| e.to_string()))?;
    let (mut tn, mut tt, mut same, mut image) = (Vec::new(), Vec::new(), true, None);
    for run in 0..=RUNS {
        let s = Instant::now();
        let a = native.render(test).map_err(|e| e.to_string())?;
        let dn = s.elapsed().as_secs_f64();
        let s = Instant::now();
        let b = translated.run_plan(test, &plan).map_err(|e| e.to_string())?;
        let dt = s.elapsed().as_secs_f64();
        same &= a == b;
        image = Some(a);
        if run > 0 {
            tn.push(dn * 1e3);
            tt.push(dt * 1e3);
        }
    }
    Ok((median(tn), median(tt), same, image.expect("RUNS + 1 renders")))
}

fn frame(label: &str, goal: Option<f64>, test: &ShaderTest, adapter: Option<&str>) -> Option<Image> {
    frame_at(label, goal, test, 64, adapter)
}

/// `device (driver version)`, as the executor reports it.
fn device(d: &DriverInfo) -> String {
    let version = if d.driver_version.is_empty() { String::new() } else { format!(" {}", d.driver_version) };
    format!("{} ({}{version})", d.device, d.driver)
}

/// As [`frame`], with intermediate buffers sized for tessellation levels up to `max_level`.
/// Returns the native image.
fn frame_at(label: &str, goal: Option<f64>, test: &ShaderTest, max_level: u32, adapter: Option<&str>) -> Option<Image> {
    match render_and_report(label, goal, test, max_level, adapter) {
        Ok(image) => Some(image),
        Err(e) => {
            println!("{label}: FAILED: {e}");
            FAILURES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            None
        }
    }
}

/// Frames that did not render, or rendered other images natively and translated: a timing of
/// a wrong image measures nothing, so the bench fails ([`failures`]).
static FAILURES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// How many frames failed so far in this process.
pub fn failures() -> usize {
    FAILURES.load(std::sync::atomic::Ordering::Relaxed)
}

fn render_and_report(label: &str, goal: Option<f64>, test: &ShaderTest, max_level: u32, adapter: Option<&str>) -> Result<Image, String> {
    let mut native = NativeExecutor::new(adapter).map_err(|e| e.to_string())?;
    let translated = TranslatedExecutor::new(Backend::Vulkan, adapter).map_err(|e| e.to_string())?;
    let mut empty = test.clone();
    for d in &mut empty.test.draws {
        d.count = 0;
    }
    let full = measure(&mut native, &translated, test, max_level)?;
    let setup = measure(&mut native, &translated, &empty, max_level)?;
    println!("{label}");
    println!("  native on           : {}", device(&native.driver()));
    println!("  translated on       : wgpu Vulkan, {}", device(&translated.driver()));
    println!("  native              : {:>8.2} ms/render, {:>8.2} ms setup, {:>8.2} ms draw", full.0, setup.0, full.0 - setup.0);
    println!("  translated (wgpu)   : {:>8.2} ms/render, {:>8.2} ms setup, {:>8.2} ms draw", full.1, setup.1, full.1 - setup.1);
    println!(
        "  ratio               : {:>8.2}x per render, {:.2}x per draw{}; images {}",
        full.1 / full.0,
        (full.1 - setup.1) / (full.0 - setup.0),
        goal.map_or(String::new(), |g| format!(" (goal <= {g}x)")),
        if full.2 { "identical" } else { "DIFFER" }
    );
    if !full.2 {
        return Err("the native and translated images differ".into());
    }
    Ok(full.3)
}

/// 100,000 points of size 4 in a 256×256 framebuffer; then the same squares as 200,000
/// triangles expanded on the CPU (an indexed list, four corners and six indices per square,
/// flat colour), drawn natively and through wgpu: the driver's own cost for the triangles the
/// point expansion draws, and wgpu's cost over it, so the points ratio splits into the
/// driver's triangles-versus-points cost, wgpu's overhead and the expansion's own.
pub fn points(adapter: Option<&str>) {
    let mut s = 12345u32;
    let mut rnd = || {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        (s % 20000) as f32 / 10000.0 - 1.0
    };
    let points: Vec<(f32, f32, f32)> = (0..100_000).map(|_| (rnd(), rnd(), rnd() * 0.5 + 0.5)).collect();
    let mut rows = String::new();
    for (x, y, shade) in &points {
        rows.push_str(&format!("{x} {y} {shade}\n"));
    }
    let text = format!(
        "[vertex shader]
#version 450
layout(location = 0) in vec2 pos;
layout(location = 1) in float shade;
layout(location = 0) out vec3 v_color;
void main() {{ gl_Position = vec4(pos, 0.0, 1.0); gl_PointSize = 4.0; v_color = vec3(shade, 1.0 - shade, 0.5); }}
[fragment shader]
#version 450
layout(location = 0) in vec3 v_color;
layout(location = 0) out vec4 o;
void main() {{ o = vec4(v_color, 1.0); }}
[vertex buffer 0]
0/float32x2 1/float32
{rows}
[test]
framebuffer 256 256
draw point-list vertices 100000
"
    );
    let points_image = match prepare("bench/points", &text) {
        Ok(t) => frame("points: 100,000 points of size 4, 256x256", Some(1.5), &t, adapter),
        Err(e) => {
            println!("points: {e}");
            None
        }
    };
    // Half a size-4 point is 2 pixels: 2 / 128 in normalized device coordinates.
    let h = 2.0 / 128.0;
    let (mut corners, mut indices) = (String::new(), String::new());
    for (i, (x, y, shade)) in points.iter().enumerate() {
        for (dx, dy) in [(-h, -h), (h, -h), (-h, h), (h, h)] {
            corners.push_str(&format!("{} {} {shade}\n", x + dx, y + dy));
        }
        let b = 4 * i;
        indices.push_str(&format!("{} {} {} {} {} {}\n", b, b + 1, b + 2, b + 2, b + 1, b + 3));
    }
    let quads = format!(
        "[vertex shader]
#version 450
layout(location = 0) in vec2 pos;
layout(location = 1) in float shade;
layout(location = 0) flat out vec3 v_color;
void main() {{ gl_Position = vec4(pos, 0.0, 1.0); v_color = vec3(shade, 1.0 - shade, 0.5); }}
[fragment shader]
#version 450
layout(location = 0) flat in vec3 v_color;
layout(location = 0) out vec4 o;
void main() {{ o = vec4(v_color, 1.0); }}
[vertex buffer 0]
0/float32x2 1/float32
{corners}
[index buffer u32]
{indices}
[test]
framebuffer 256 256
draw-indexed triangle-list indices 600000
"
    );
    let quads_image = match prepare("bench/points-as-quads", &quads) {
        Ok(t) => {
            frame("the same squares as 200,000 indexed triangles, expanded on the CPU (the driver's triangle path)", None, &t, adapter)
        }
        Err(e) => {
            println!("points as quads: {e}");
            None
        }
    };
    if let (Some(p), Some(q)) = (points_image, quads_image) {
        let differ = p.data.chunks(4).zip(q.data.chunks(4)).filter(|(a, b)| a != b).count();
        println!("  native squares vs native points: {differ} of {} pixels differ", p.width * p.height);
    }
}

/// 100,000 triangles with two cull distances, half of them culled.
pub fn cull(adapter: Option<&str>) {
    let mut rows = String::new();
    for i in 0..100_000u32 {
        let x = -1.0 + (i % 250) as f32 / 125.0;
        let y = -1.0 + (i / 250) as f32 / 200.0;
        // Every other triangle sits where both cull distances are negative.
        let keep = if i % 2 == 0 { 1.0 } else { -1.0 };
        rows.push_str(&format!("{x} {y} {keep}\n{} {y} {keep}\n{x} {} {keep}\n", x + 0.012, y + 0.012));
    }
    let text = format!(
        "[vertex shader]
#version 450
layout(location = 0) in vec2 pos;
layout(location = 1) in float keep;
layout(location = 0) out vec3 v_color;
out float gl_CullDistance[2];
void main() {{
    gl_Position = vec4(pos, 0.0, 1.0);
    v_color = vec3(pos * 0.5 + 0.5, 0.5);
    gl_CullDistance[0] = keep;
    gl_CullDistance[1] = keep * 2.0;
}}
[fragment shader]
#version 450
layout(location = 0) in vec3 v_color;
layout(location = 0) out vec4 o;
void main() {{ o = vec4(v_color, 1.0); }}
[vertex buffer 0]
0/float32x2 1/float32
{rows}
[test]
framebuffer 256 256
draw triangle-list vertices 300000
"
    );
    match prepare("bench/cull", &text) {
        Ok(t) => drop(frame("cull: 100,000 triangles, 2 cull distances, half culled, 256x256", Some(1.5), &t, adapter)),
        Err(e) => println!("cull: {e}"),
    }
}

/// 100,000 triangles (a 250 × 400 grid over a 256 × 256 framebuffer) through a geometry stage
/// that emits each as a 6-vertex strip, 4 triangles: the three corners and the three edge
/// midpoints, coloured by `gl_PrimitiveIDIn`.
pub fn geometry(adapter: Option<&str>) {
    let mut rows = String::new();
    for i in 0..100_000u32 {
        let x = -1.0 + (i % 250) as f32 / 125.0;
        let y = -1.0 + (i / 250) as f32 / 200.0;
        rows.push_str(&format!("{x} {y}\n{} {y}\n{x} {}\n", x + 0.008, y + 0.005));
    }
    let text = format!(
        "[require]
geometry
[vertex shader]
#version 450
layout(location = 0) in vec2 pos;
void main() {{
    gl_Position = vec4(pos, 0.0, 1.0);
}}
[geometry shader]
#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 6) out;
layout(location = 0) out vec3 g_color;
void main() {{
    vec4 a = gl_in[0].gl_Position, b = gl_in[1].gl_Position, c = gl_in[2].gl_Position;
    vec4 strip[6] = vec4[6](a, 0.5 * (a + b), 0.5 * (a + c), 0.5 * (b + c), c, b);
    vec3 color = vec3(float(gl_PrimitiveIDIn % 7) / 6.0, float(gl_PrimitiveIDIn % 11) / 10.0, 0.5);
    for (int i = 0; i < 6; i++) {{
        gl_Position = strip[i];
        g_color = color;
        EmitVertex();
    }}
}}
[fragment shader]
#version 450
layout(location = 0) in vec3 g_color;
layout(location = 0) out vec4 o;
void main() {{ o = vec4(g_color, 1.0); }}
[vertex buffer 0]
0/float32x2
{rows}
[test]
framebuffer 256 256
draw triangle-list vertices 300000
"
    );
    match prepare("bench/geometry", &text) {
        Ok(t) => drop(frame("geometry: 100,000 triangles, 4 emitted per input (a 6-vertex strip), 256x256", None, &t, adapter)),
        Err(e) => println!("geometry: {e}"),
    }
}

/// Transform feedback: 1,000,000 vertices of a point list captured (16 bytes each, 16 MB) with
/// the rasterizer discarding, natively through `VK_EXT_transform_feedback` and translated
/// through the capture passes; the captured bytes and counts must be identical.
pub fn capture(adapter: Option<&str>) {
    let n = 1_000_000u32;
    let text = format!(
        "[require]
transform-feedback
[vertex shader]
#version 450
layout(xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16, location = 0) out vec4 captured;
void main() {{
    float v = float(gl_VertexIndex);
    gl_Position = vec4(fract(v * 0.001) * 2.0 - 1.0, fract(v * 0.000001) * 2.0 - 1.0, 0.0, 1.0);
    captured = vec4(v, v * 0.5, sin(v), 1.0);
}}
[fragment shader]
#version 450
layout(location = 0) out vec4 o;
void main() {{ o = vec4(1.0); }}
[transform feedback 0]
size {bytes}
[test]
framebuffer 256 256
rasterizer-discard
draw point-list vertices {n}
",
        bytes = 16 * n
    );
    let label = "transform feedback: 1,000,000 vertices of a point list captured (16 MB), rasterizer discard";
    let test = match prepare("bench/capture", &text) {
        Ok(t) => t,
        Err(e) => {
            println!("{label}: {e}");
            return;
        }
    };
    let run = || -> Result<(), String> {
        let mut native = NativeExecutor::new(adapter).map_err(|e| e.to_string())?;
        let translated = TranslatedExecutor::new(Backend::Vulkan, adapter).map_err(|e| e.to_string())?;
        let plan = tesserae_harness::compile::pipeline(&test, translated.options())
            .map_err(|e| e.to_string())
            .and_then(|d| tesserae::translate(&d).map_err(|e| e.to_string()))?;
        let mut empty = test.clone();
        for d in &mut empty.test.draws {
            d.count = 0;
        }
        let mut timed = |t: &ShaderTest| -> Result<(f64, f64, bool), String> {
            let (mut tn, mut tt, mut same) = (Vec::new(), Vec::new(), true);
            for run in 0..=RUNS {
                let s = Instant::now();
                let a = native.render_outputs(t).map_err(|e| e.to_string())?;
                let dn = s.elapsed().as_secs_f64();
                let s = Instant::now();
                let b = translated.run_plan_outputs(t, &plan).map_err(|e| e.to_string())?;
                let dt = s.elapsed().as_secs_f64();
                same &= a.captures.is_some() && a.captures == b.captures;
                if run > 0 {
                    tn.push(dn * 1e3);
                    tt.push(dt * 1e3);
                }
            }
            Ok((median(tn), median(tt), same))
        };
        let full = timed(&test)?;
        let setup = timed(&empty)?;
        println!("{label}");
        println!("  native on           : {}", device(&native.driver()));
        println!("  translated on       : wgpu Vulkan, {}", device(&translated.driver()));
        println!("  native              : {:>8.2} ms/render, {:>8.2} ms setup, {:>8.2} ms draw", full.0, setup.0, full.0 - setup.0);
        println!("  translated (wgpu)   : {:>8.2} ms/render, {:>8.2} ms setup, {:>8.2} ms draw", full.1, setup.1, full.1 - setup.1);
        println!(
            "  ratio               : {:>8.2}x per render, {:.2}x per draw; captures {}",
            full.1 / full.0,
            (full.1 - setup.1) / (full.0 - setup.0),
            if full.2 { "identical" } else { "DIFFER" }
        );
        if !full.2 {
            return Err("the native and translated captures differ".into());
        }
        Ok(())
    };
    if let Err(e) = run() {
        println!("{label}: FAILED: {e}");
        FAILURES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// 4,096 patches (a 64 × 64 grid over the framebuffer) tessellated at `level` with a
/// per-patch colour: the control stage passes control points and levels, the evaluation stage
/// interpolates positions. The patches are drawn `per_draw` at a time: lavapipe (Mesa 22.3.6)
/// numbers a draw's tessellated vertices with 16 bits, so a draw past 65,536 domain points
/// renders wrong primitives there (see docs/emulation.md, "Known differences").
/// With `cull`, the evaluation stage also writes a cull distance `u - 1/2`.
fn tess_text(domain: &str, cps: u32, level: f32, per_draw: u32, cull: bool) -> String {
    let (require_cull, declare_cull, write_cull) = if cull {
        ("cull-distances 1\n", "out float gl_CullDistance[1];\n", "    gl_CullDistance[0] = gl_TessCoord.x - 0.5;\n")
    } else {
        ("", "", "")
    };
    let mut rows = String::new();
    for j in 0..64 {
        for i in 0..64 {
            let (x0, y0) = (-1.0 + i as f32 / 32.0, -1.0 + j as f32 / 32.0);
            let (x1, y1) = (x0 + 1.0 / 32.0, y0 + 1.0 / 32.0);
            if cps == 3 {
                rows.push_str(&format!("{x0} {y0}\n{x1} {y0}\n{x0} {y1}\n"));
            } else {
                rows.push_str(&format!("{x0} {y0}\n{x1} {y0}\n{x1} {y1}\n{x0} {y1}\n"));
            }
        }
    }
    let position = if cps == 3 {
        "gl_TessCoord.x * gl_in[0].gl_Position + gl_TessCoord.y * gl_in[1].gl_Position + gl_TessCoord.z * gl_in[2].gl_Position"
    } else {
        "mix(mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x), mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x), gl_TessCoord.y)"
    };
    format!(
        "[require]
tessellation
{require_cull}[vertex shader]
#version 450
layout(location = 0) in vec2 pos;
void main() {{ gl_Position = vec4(pos, 0.0, 1.0); }}
[tessellation control shader]
#version 450
layout(vertices = {cps}) out;
void main() {{
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    gl_TessLevelOuter[0] = {level:.1}; gl_TessLevelOuter[1] = {level:.1}; gl_TessLevelOuter[2] = {level:.1}; gl_TessLevelOuter[3] = {level:.1};
    gl_TessLevelInner[0] = {level:.1}; gl_TessLevelInner[1] = {level:.1};
}}
[tessellation evaluation shader]
#version 450
layout({domain}, equal_spacing, ccw) in;
layout(location = 0) out vec3 v_color;
{declare_cull}void main() {{
    gl_Position = {position};
    v_color = vec3(gl_TessCoord.xy, float(gl_PrimitiveID % 7) / 7.0);
{write_cull}}}
[fragment shader]
#version 450
layout(location = 0) in vec3 v_color;
layout(location = 0) out vec4 o;
void main() {{ o = vec4(v_color, 1.0); }}
[vertex buffer 0]
0/float32x2
{rows}
[test]
framebuffer 256 256
{}",
        (0..4096u32.div_ceil(per_draw))
            .map(|d| format!("draw patch-list-{cps} vertices {} first {}\n", per_draw.min(4096 - d * per_draw) * cps, d * per_draw * cps))
            .collect::<String>()
    )
}

/// 4,096 triangle patches at level 16 (also with a cull distance from the evaluation stage:
/// the two cull passes against the driver's culling) and 4,096 quad patches at level 64
/// (issue goal: the translated frame at most 1.0x the driver's; lavapipe tessellates on the
/// CPU).
pub fn tessellation(adapter: Option<&str>) {
    for (label, domain, cps, level, cull) in [
        ("tessellation: 4,096 triangle patches at level 16, 256x256", "triangles", 3, 16.0, false),
        ("tessellation: the same with a cull distance from the evaluation stage (u < 1/2 culled)", "triangles", 3, 16.0, true),
        ("tessellation: 4,096 quad patches at level 64, 256x256", "quads", 4, 64.0, false),
    ] {
        let domain_kind = if cps == 3 { tesserae::tessellator::Domain::Triangles } else { tesserae::tessellator::Domain::Quads };
        let points = tesserae::tessellator::gpu::max_points_per_patch(domain_kind, level as u32).max(1);
        let per_draw = (65_536 / points).max(1);
        match prepare("bench/tess", &tess_text(domain, cps, level, per_draw, cull)) {
            Ok(t) => drop(frame_at(label, Some(1.0), &t, level as u32, adapter)),
            Err(e) => println!("{label}: {e}"),
        }
    }
}
