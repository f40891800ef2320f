//! `tesserae sweep DIR`: translates every pipeline of precompiled SPIR-V under a directory, as
//! shipped by sample repositories and engines (`NAME.vert.spv`, `NAME.tesc.spv`,
//! `NAME.tese.spv`, `NAME.geom.spv`, `NAME.frag.spv` form the pipeline `NAME`), and reports
//! each outcome and a summary of the messages by class. What real shaders bring that the
//! translator fails on shows up here first; it needs no GPU.
//!
//! Classes: `ok`; `refused` (a valid feature WebGPU or Tesserae lacks, named); `invalid` (the
//! files do not form a valid pipeline: an input no stage writes, a module that does not
//! load); `failed` (naga or the translator failed on a pipeline it should take or refuse by
//! name: a bug to look at). Exit status 1 when any pipeline failed.

use crate::pipeline_of;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use tesserae::{Options, TranslateError};

#[derive(clap::Args)]
pub struct Args {
    /// Directory to walk.
    dir: PathBuf,
    /// Print every pipeline's outcome, not only the summary.
    #[arg(long)]
    verbose: bool,
    /// Also parse back and validate the WGSL written for each stage, and check it lays
    /// buffers out as the module does (`Options::verify_wgsl_round_trip`).
    #[arg(long)]
    paranoid: bool,
}

const STAGES: [&str; 5] = ["vert", "tesc", "tese", "geom", "frag"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    Ok,
    Refused,
    Invalid,
    Failed,
}

fn class_of(e: &TranslateError) -> Class {
    use TranslateError as E;
    match e {
        E::Unsupported { .. } => Class::Refused,
        E::InterfaceMissing { .. }
        | E::InterfaceMismatch { .. }
        | E::InvalidDesc(_)
        | E::Load { .. }
        | E::IncompleteTessellation { .. } => Class::Invalid,
        _ => Class::Failed,
    }
}

/// Pipelines under `dir`: name → stage files in pipeline order.
fn pipelines(dir: &Path) -> Result<BTreeMap<PathBuf, Vec<PathBuf>>, String> {
    let mut found: BTreeMap<PathBuf, Vec<(usize, PathBuf)>> = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                todo.push(path);
                continue;
            }
            let Some(name) = path.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_suffix(".spv")) else { continue };
            let Some((stem, ext)) = name.rsplit_once('.') else { continue };
            if let Some(order) = STAGES.iter().position(|s| *s == ext) {
                found.entry(path.with_file_name(stem)).or_default().push((order, path));
            }
        }
    }
    Ok(found
        .into_iter()
        .map(|(name, mut files)| {
            files.sort();
            (name, files.into_iter().map(|(_, p)| p).collect())
        })
        .collect())
}

/// A message with its numbers replaced, so messages that differ only in ids, locations and
/// bindings count together.
fn shape(message: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in message.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('N');
            }
            in_number = true;
        } else {
            in_number = false;
            out.push(if c == '\n' { ' ' } else { c });
        }
    }
    out.chars().take(160).collect()
}

/// Each stage of `files` translated on its own ([`tesserae::translate_stage_with`]); the first
/// failure is the group's outcome.
fn stages_alone(files: &[PathBuf], options: Options) -> Result<(), crate::Failure> {
    for f in files {
        let input = |e: &dyn std::fmt::Display| crate::Failure::Input(format!("{}: {e}", f.display()));
        let bytes = std::fs::read(f).map_err(|e| input(&e))?;
        let words = tesserae::reflect::words_from_bytes(&bytes).map_err(|e| input(&e))?;
        tesserae::translate_stage_with(&tesserae::StageDesc::new(words), options)?;
    }
    Ok(())
}

pub fn run(args: Args) -> Result<(String, bool), String> {
    let all = pipelines(&args.dir)?;
    let mut out = String::new();
    let mut counts: BTreeMap<Class, usize> = BTreeMap::new();
    let mut messages: BTreeMap<(Class, String), usize> = BTreeMap::new();
    let mut without_vertex = 0;
    for (name, files) in &all {
        let shown = name.strip_prefix(&args.dir).unwrap_or(name).display().to_string();
        let options = Options { verify_wgsl_round_trip: args.paranoid, ..Options::default() };
        let outcome = if files.iter().any(|f| f.to_string_lossy().ends_with(".vert.spv")) {
            pipeline_of(files, None, options).and_then(|desc| tesserae::translate(&desc).map(|_| ()).map_err(|e| e.into()))
        } else {
            // Stages a sample pairs with another name's vertex stage (Sascha Willems'
            // `normaldebug.geom` with `base.vert`): each translated alone, with a default context.
            without_vertex += 1;
            stages_alone(files, options)
        };
        let (class, message) = match outcome {
            Ok(_) => (Class::Ok, String::new()),
            Err(crate::Failure::Translate(e)) => (class_of(&e), e.to_string()),
            Err(crate::Failure::Load(path, tesserae::LoadError::Unsupported(m))) => {
                (Class::Refused, format!("{}: unsupported feature: {m}", path.strip_prefix(&args.dir).unwrap_or(&path).display()))
            }
            Err(e @ (crate::Failure::Input(_) | crate::Failure::Load(..))) => (Class::Invalid, e.to_string()),
        };
        *counts.entry(class).or_default() += 1;
        if class != Class::Ok {
            *messages.entry((class, shape(&message))).or_default() += 1;
        }
        if args.verbose {
            let first_line = message.lines().next().unwrap_or("");
            let _ = writeln!(
                out,
                "{:<8} {shown}{}{first_line}",
                format!("{class:?}").to_lowercase(),
                if message.is_empty() { "" } else { ": " }
            );
        }
    }
    let total: usize = counts.values().sum();
    let _ = writeln!(
        out,
        "{total} pipelines under {} ({without_vertex} of them stage groups without a vertex stage, each stage translated alone)",
        args.dir.display()
    );
    for (class, n) in &counts {
        let _ = writeln!(out, "  {:<8} {n:>5}", format!("{class:?}").to_lowercase());
    }
    let mut ranked: Vec<_> = messages.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let _ = writeln!(out, "messages (numbers as N), most frequent first:");
    for ((class, message), n) in ranked {
        let _ = writeln!(out, "  {n:>4} {:<8} {message}", format!("{class:?}").to_lowercase());
    }
    Ok((out, counts.get(&Class::Failed).copied().unwrap_or(0) > 0))
}
