//! `tesserae` command line: translate SPIR-V pipelines, print WGSL or the plan; run the
//! reference tessellator on one patch (`tessellate`).
//!
//! Exit status: 0 success, 2 refused or invalid input (one message on stderr).

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use tesserae::{ClipMode, Options, PipelineDesc, Stage, StageDesc, Topology, VertexBufferLayout};

mod tessellate_cmd;

#[derive(Parser)]
#[command(name = "tesserae", version, about = "Translate Vulkan pipelines (SPIR-V) for wgpu")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Translate SPIR-V modules (the stage is taken from each module; several files form one
    /// pipeline) and print the WGSL, or the plan as JSON with --plan.
    Translate {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the plan as JSON instead of WGSL.
        #[arg(long)]
        plan: bool,
        /// point-list, line-list, line-strip, triangle-list, triangle-strip, patch-list-N
        /// (default with tessellation stages: patch-list of the control stage's output size)
        #[arg(long, default_value = "triangle-list")]
        topology: String,
        /// native or emulated
        #[arg(long, default_value = "native")]
        clip: String,
        /// Also parse back and validate the WGSL naga writes for the given stages
        /// (`Options::verify_wgsl_round_trip`), a check of naga's WGSL writer.
        #[arg(long)]
        paranoid: bool,
    },
    /// Tessellate one patch with the CPU reference tessellator: print its domain points and
    /// primitives (text, or JSON with --json), and draw them with --svg FILE.
    Tessellate(tessellate_cmd::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("tesserae: {msg}");
            ExitCode::from(2)
        }
    }
}

fn parse_topology(s: &str) -> Result<Topology, String> {
    s.parse()
}

fn run(cli: Cli) -> Result<String, String> {
    match cli.command {
        Command::Tessellate(args) => tessellate_cmd::run(args),
        Command::Translate { files, plan, topology, clip, paranoid } => {
            let topology = parse_topology(&topology)?;
            let clip = match clip.as_str() {
                "native" => ClipMode::Native,
                "emulated" => ClipMode::Emulated,
                other => return Err(format!("unknown clip mode `{other}` (native or emulated)")),
            };
            let mut stages: Vec<(Stage, StageDesc, tesserae::Reflection)> = Vec::new();
            for f in &files {
                let bytes = std::fs::read(f).map_err(|e| format!("{}: {e}", f.display()))?;
                let words = tesserae::reflect::words_from_bytes(&bytes).map_err(|e| format!("{}: {e}", f.display()))?;
                let loaded = tesserae::reflect::load(&words, None).map_err(|e| format!("{}: {e}", f.display()))?;
                let r = loaded.reflection;
                if stages.iter().any(|(s, _, _)| *s == r.stage) {
                    return Err(format!("{}: a second {} stage", f.display(), r.stage));
                }
                stages.push((r.stage, StageDesc::new(words), r));
            }
            let take = |s: Stage| stages.iter().find(|(x, _, _)| *x == s).map(|(_, d, _)| d.clone());
            let Some((_, vertex, vr)) = stages.iter().find(|(s, _, _)| *s == Stage::Vertex).cloned() else {
                if stages.len() == 1 && !plan {
                    let options = Options { verify_wgsl_round_trip: paranoid, ..Options::default() };
                    let sp = tesserae::translate_stage_with(&stages[0].1, options).map_err(|e| e.to_string())?;
                    return Ok(sp.wgsl.to_string());
                }
                return Err("a pipeline needs a vertex stage".into());
            };
            let tess_control = take(Stage::TessControl);
            // Tessellation without a patch topology: patches as large as the control stage's output.
            let topology = match (&tess_control, topology) {
                (Some(tc), t) if !matches!(t, Topology::PatchList { .. }) => {
                    let r = tesserae::reflect::load(&tc.spirv, None).map_err(|e| e.to_string())?.reflection;
                    let n = r.execution_mode(spirv::ExecutionMode::OutputVertices).and_then(|v| v.first().copied()).unwrap_or(3);
                    Topology::PatchList { control_points: n }
                }
                (_, t) => t,
            };
            let desc = PipelineDesc {
                vertex,
                tess_control,
                tess_eval: take(Stage::TessEval),
                geometry: take(Stage::Geometry),
                fragment: take(Stage::Fragment),
                topology,
                vertex_buffers: VertexBufferLayout::infer(&vr),
                specialization: Vec::new(),
                options: Options { clip, verify_wgsl_round_trip: paranoid, ..Options::default() },
            };
            let p = tesserae::translate(&desc).map_err(|e| e.to_string())?;
            if plan {
                return Ok(p.to_json() + "\n");
            }
            let mut out = String::new();
            for pass in &p.passes {
                for sp in pass.shaders() {
                    // Overrides without defaults need the plan's values to be used on their own.
                    let constants: Vec<String> = sp.constants.iter().map(|(name, value)| format!("{name} = {value}")).collect();
                    let constants =
                        if constants.is_empty() { String::new() } else { format!(", pipeline constants {}", constants.join(", ")) };
                    out.push_str(&format!(
                        "// pass `{}`, {} stage, entry point `{}`{constants}\n{}\n",
                        pass.label(),
                        sp.stage,
                        sp.entry_point,
                        sp.wgsl
                    ));
                }
            }
            Ok(out)
        }
    }
}
