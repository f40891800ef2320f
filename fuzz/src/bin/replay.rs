//! `replay TARGET PATH...`: runs a fuzz target's body (`tesserae_fuzz::targets`) once on every
//! file under the paths, without libFuzzer. `cargo xtask fuzz --coverage` builds it with
//! coverage instrumentation to measure what a target's corpus reaches.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tesserae_fuzz::targets;

fn files(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(p).into_iter().flatten().flatten().map(|e| e.path()).collect();
        entries.sort();
        for e in entries {
            files(&e, out);
        }
    } else if p.is_file() {
        out.push(p.to_path_buf());
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((target, paths)) = args.split_first() else {
        eprintln!("usage: replay TARGET PATH...");
        return ExitCode::from(2);
    };
    let run: fn(&[u8]) = match target.as_str() {
        "spirv_words" => targets::spirv_words,
        "pipeline" => targets::pipeline,
        "pipeline_tess" => targets::pipeline_tess,
        "tessellator" => targets::tessellator,
        "shader_test" => targets::shader_test,
        other => {
            eprintln!("replay: unknown target `{other}`");
            return ExitCode::from(2);
        }
    };
    let mut inputs = Vec::new();
    for p in paths {
        files(Path::new(p), &mut inputs);
    }
    for f in &inputs {
        if let Ok(data) = std::fs::read(f) {
            run(&data);
        }
    }
    eprintln!("replay: {} inputs through {target}", inputs.len());
    ExitCode::SUCCESS
}
