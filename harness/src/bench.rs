//! `bench`: translation time of the corpus pipelines against naga alone on the same SPIR-V
//! (spv-in + validate + wgsl-out per stage), measured in the same run, printed as a ratio;
//! and the CPU tessellator's domain points per second at level 64 for each domain, with the
//! Vulkan driver's capture of the same patches (`tess_sweep::Capture`) as a peer.

use crate::Selection;
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

pub fn bench(sel: &Selection, iterations: u32, only: Option<&str>) -> Result<ExitCode, String> {
    let wants = |group: &str| only.is_none_or(|o| o.split(',').any(|g| g.trim() == group));
    if wants("points") {
        crate::bench_frames::points();
    }
    if wants("cull") {
        crate::bench_frames::cull();
    }
    if wants("tessellation") {
        crate::bench_frames::tessellation();
    }
    if wants("tessellator") {
        tessellator(sel.adapter.as_deref());
    }
    if !wants("translate") {
        return Ok(ExitCode::SUCCESS);
    }
    let opts = crate::run_options(sel, std::env::temp_dir(), Vec::new(), 0)?;
    let mut pipelines = Vec::new();
    for (name, path) in runner::select(&opts) {
        let Ok(test) = shader_test::load(&path, &name) else { continue };
        let Ok(desc) = compile::pipeline(&test, tesserae::Options::default()) else { continue };
        // Only pipelines both sides can handle make a fair pair.
        let stages: Vec<Vec<u32>> = std::iter::once(&desc.vertex).chain(desc.fragment.as_ref()).map(|s| s.spirv.clone()).collect();
        if tesserae::translate(&desc).is_err() || stages.iter().any(|w| naga_alone(w).is_err()) {
            continue;
        }
        pipelines.push((name, desc, stages));
    }
    if pipelines.is_empty() {
        return Err("no pipeline in the selection translates".into());
    }
    let mut t_translate = Duration::ZERO;
    let mut t_naga = Duration::ZERO;
    for _ in 0..iterations {
        // Interleave both measurements so machine noise hits them alike.
        for (_, desc, stages) in &pipelines {
            let s = Instant::now();
            std::hint::black_box(tesserae::translate(desc).ok());
            t_translate += s.elapsed();
            let s = Instant::now();
            for w in stages {
                std::hint::black_box(naga_alone(w).ok());
            }
            t_naga += s.elapsed();
        }
    }
    let n = (pipelines.len() as u32 * iterations) as f64;
    println!("translation of {} corpus pipelines x {iterations} iterations", pipelines.len());
    println!("  tesserae translate : {:>9.1} us/pipeline", t_translate.as_secs_f64() * 1e6 / n);
    println!("  naga alone         : {:>9.1} us/pipeline (spv-in + validate + wgsl-out)", t_naga.as_secs_f64() * 1e6 / n);
    println!("  ratio              : {:>9.2}x", t_translate.as_secs_f64() / t_naga.as_secs_f64());
    Ok(ExitCode::SUCCESS)
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
