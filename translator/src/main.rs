//! `tesserae` command line: translate SPIR-V pipelines, print WGSL or the plan; run the
//! reference tessellator on one patch (`tessellate`).
//!
//! Exit status: 0 success, 2 refused or invalid input (one message on stderr); `sweep`: 1 when
//! a pipeline failed.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use tesserae::{ClipMode, Options, PipelineDesc, Stage, StageDesc, Topology, VertexBufferLayout};

mod sweep_cmd;
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
        /// point-list, line-list, line-strip, triangle-list, triangle-strip, the four with
        /// `-adjacency`, patch-list-N (default from the stages: with tessellation, patches of the
        /// control stage's output size; with a geometry stage, a list of its input primitive;
        /// points when the last stage writes PointSize; triangles otherwise)
        #[arg(long)]
        topology: Option<String>,
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
    /// Translate every pipeline of precompiled SPIR-V under a directory (`NAME.vert.spv`,
    /// `NAME.frag.spv`, ... form the pipeline NAME) and summarize the outcomes: ok, refused
    /// (named), invalid input, failed (exit status 1 when any failed).
    Sweep(sweep_cmd::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Sweep(args) => sweep_cmd::run(args),
        command => run(command).map(|out| (out, false)),
    };
    match outcome {
        Ok((out, failed)) => {
            print!("{out}");
            if failed {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
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

/// Why a pipeline of files did not translate.
enum Failure {
    /// The files: unreadable, not words, two of one stage, no vertex stage.
    Input(String),
    /// A module that does not load (malformed, or refused while loading).
    Load(PathBuf, tesserae::LoadError),
    Translate(tesserae::TranslateError),
}

impl From<tesserae::TranslateError> for Failure {
    fn from(e: tesserae::TranslateError) -> Self {
        Failure::Translate(e)
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Input(m) => f.write_str(m),
            Failure::Load(path, e) => write!(f, "{}: {e}", path.display()),
            Failure::Translate(e) => e.fmt(f),
        }
    }
}

/// The pipeline the SPIR-V `files` form (each module's stage taken from it), its vertex
/// buffers inferred from the vertex stage's inputs. `topology` defaults to patches of the
/// control stage's output size with tessellation, a list of the geometry stage's input
/// primitive with one, points when the last pre-rasterization stage writes `PointSize`,
/// triangles otherwise; a given patch topology is kept, another is
/// replaced by patches when there is tessellation.
fn pipeline_of(files: &[PathBuf], topology: Option<Topology>, options: Options) -> Result<PipelineDesc, Failure> {
    let mut stages: Vec<(Stage, StageDesc, tesserae::Reflection)> = Vec::new();
    for f in files {
        let input = |e: &dyn std::fmt::Display| Failure::Input(format!("{}: {e}", f.display()));
        let bytes = std::fs::read(f).map_err(|e| input(&e))?;
        let words = tesserae::reflect::words_from_bytes(&bytes).map_err(|e| input(&e))?;
        let r = tesserae::reflect::load(&words, None).map_err(|e| Failure::Load(f.clone(), e))?.reflection;
        if stages.iter().any(|(s, _, _)| *s == r.stage) {
            return Err(Failure::Input(format!("{}: a second {} stage", f.display(), r.stage)));
        }
        stages.push((r.stage, StageDesc::new(words), r));
    }
    let take = |s: Stage| stages.iter().find(|(x, _, _)| *x == s).map(|(_, d, _)| d.clone());
    let Some((_, vertex, vr)) = stages.iter().find(|(s, _, _)| *s == Stage::Vertex).cloned() else {
        return Err(Failure::Input("a pipeline needs a vertex stage".into()));
    };
    let tess_control = take(Stage::TessControl);
    let last = stages.iter().rev().find(|(s, _, _)| *s != Stage::Fragment).map(|(_, _, r)| r);
    let topology = match (&tess_control, topology) {
        (Some(_), Some(t @ Topology::PatchList { .. })) => t,
        // Tessellation without a patch topology: patches as large as the control stage's output.
        (Some(tc), _) => {
            let r = tesserae::reflect::load(&tc.spirv, None).map_err(|e| Failure::Input(e.to_string()))?.reflection;
            let n = r.execution_mode(spirv::ExecutionMode::OutputVertices).and_then(|v| v.first().copied()).unwrap_or(3);
            Topology::PatchList { control_points: n }
        }
        (None, Some(t)) => t,
        // A geometry stage takes lists of its input primitive.
        (None, None) if last.is_some_and(|r| r.stage == Stage::Geometry) => {
            let has = |m| last.is_some_and(|r| r.execution_mode(m).is_some());
            use spirv::ExecutionMode as M;
            match () {
                _ if has(M::InputPoints) => Topology::PointList,
                _ if has(M::InputLines) => Topology::LineList,
                _ if has(M::InputLinesAdjacency) => Topology::LineListAdjacency,
                _ if has(M::InputTrianglesAdjacency) => Topology::TriangleListAdjacency,
                _ => Topology::TriangleList,
            }
        }
        (None, None) if last.is_some_and(|r| r.writes(spirv::BuiltIn::PointSize)) => Topology::PointList,
        (None, None) => Topology::TriangleList,
    };
    Ok(PipelineDesc {
        vertex,
        tess_control,
        tess_eval: take(Stage::TessEval),
        geometry: take(Stage::Geometry),
        fragment: take(Stage::Fragment),
        topology,
        vertex_buffers: VertexBufferLayout::infer(&vr),
        specialization: Vec::new(),
        primitive_restart_enable: true,
        options,
    })
}

fn run(command: Command) -> Result<String, String> {
    match command {
        Command::Tessellate(args) => tessellate_cmd::run(args),
        Command::Sweep(args) => sweep_cmd::run(args).map(|(out, _)| out),
        Command::Translate { files, plan, topology, clip, paranoid } => {
            let topology = topology.as_deref().map(parse_topology).transpose()?;
            let clip = match clip.as_str() {
                "native" => ClipMode::Native,
                "emulated" => ClipMode::Emulated,
                other => return Err(format!("unknown clip mode `{other}` (native or emulated)")),
            };
            let options = Options { clip, verify_wgsl_round_trip: paranoid, ..Options::default() };
            if files.len() == 1 && !plan {
                // One module that is not a vertex stage: its WGSL alone.
                let bytes = std::fs::read(&files[0]).map_err(|e| format!("{}: {e}", files[0].display()))?;
                let words = tesserae::reflect::words_from_bytes(&bytes).map_err(|e| format!("{}: {e}", files[0].display()))?;
                let loaded = tesserae::reflect::load(&words, None).map_err(|e| format!("{}: {e}", files[0].display()))?;
                if loaded.reflection.stage != Stage::Vertex {
                    let sp = tesserae::translate_stage_with(&StageDesc::new(words.clone()), options).map_err(|e| e.to_string())?;
                    return Ok(sp.wgsl.to_string());
                }
            }
            let desc = pipeline_of(&files, topology, options).map_err(|e| e.to_string())?;
            let p = tesserae::translate(&desc).map_err(|e| e.to_string())?;
            if plan {
                return Ok(p.to_json() + "\n");
            }
            let mut out = String::new();
            if let Some(m) = &p.tessellation {
                // The kernels read the mode from the draw uniform, which the runtime fills.
                out.push_str(&format!(
                    "// tessellation: {:?} spacing, {:?} winding, point mode {} (draw uniform tess_mode = {})\n",
                    m.spacing,
                    m.winding,
                    if m.point_mode { "on" } else { "off" },
                    m.draw_bits()
                ));
            }
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
