//! `bench`: translation time of the corpus pipelines against naga alone on the same SPIR-V
//! (spv-in + validate + wgsl-out per stage), measured in the same run, printed as a ratio.

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

pub fn bench(sel: &Selection, iterations: u32) -> Result<ExitCode, String> {
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
