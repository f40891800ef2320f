//! Structured generators, driven by [`arbitrary::Unstructured`] and valid by construction.
//!
//! [`PipelineSpec`] is a small AST of a vertex + fragment pipeline: vertex attributes,
//! varyings (locations, types, interpolation), the built-in outputs (`Position`, `PointSize`,
//! clip and cull distance arrays, loose or in a `gl_PerVertex` block), two programs made of
//! assignments, stores to outputs, `if`/`else`, counted loops and `discard`, over float and
//! integer expressions, plus the vertex data and topology of one draw, tessellation stages
//! ([`TessSpec`]), a geometry stage ([`GeometrySpec`]) and the resources every stage may read
//! ([`Resources`]: buffers, push constants, textures and samplers, specialization constants).
//! [`spirv`] emits it as SPIR-V with rspirv's `dr::Builder`.
//!
//! Every spec emits valid SPIR-V whose behaviour is fully defined: values stay finite
//! (locals are clamped, divisors are `|b| + 1`, expressions are at most [`Limits::expr_depth`]
//! deep, integer-to-float conversions are clamped), every output is written before the body
//! runs, shifts are masked, array indices wrapped. The emitter is *total*: a reference to an
//! input, local, loop counter or output that does not exist is emitted as a constant or
//! skipped, so the shrinker ([`shrink`]) may delete anything without breaking validity. A
//! geometry stage's emissions ([`Stmt::Emit`]) write every output before each `EmitVertex`
//! (outputs are undefined after one) and count themselves: an emission past `max_vertices` is
//! skipped at run time, so no loop or branch can emit more than the stage declares.
//!
//! [`Features`] says which language features to generate. A few combinations are generated
//! although the translator refuses them; [`PipelineSpec::not_yet_supported`] lists those a spec
//! uses, and the `pipeline` oracle accepts an `Unsupported` refusal only for them.

pub mod resources;
pub mod shrink;
pub mod spirv;

pub use resources::{BufferKind, BufferRes, MatrixLayout, Read, Resources, SamplerRes, SpecConst, TextureRes};

use arbitrary::{Result, Unstructured};
use tesserae::Topology;

/// Which features the generator may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Features {
    /// Write `ClipDistance` arrays (1 to 8 elements). Supported (native clip distances).
    pub clip_distances: bool,
    /// Write `CullDistance` arrays. Supported (a compute pass culls primitives).
    pub cull_distances: bool,
    /// Write `PointSize`. Supported: dropped in line and triangle draws, point expansion in
    /// point-list draws.
    pub point_size: bool,
    /// Draw point lists. Supported.
    pub point_list: bool,
    /// Read `PointCoord` in the fragment stage. Supported in point-list draws; refused in other
    /// draws (where Vulkan leaves its value undefined).
    pub point_coord: bool,
    /// Tessellation control + evaluation stages ([`TessSpec`]). Supported (emulated in compute).
    pub tessellation: bool,
    /// A geometry stage ([`GeometrySpec`]), after the vertex stage or the tessellation stages.
    /// Supported (emulated in compute). Its draws may use the topologies with adjacency.
    pub geometry: bool,
    /// `if`/`else` and loops.
    pub control_flow: bool,
    /// `discard` in the fragment stage.
    pub discard: bool,
    /// Integer (flat) varyings and integer vertex attributes.
    pub integers: bool,
    /// Sometimes a fragment stage that reads fewer components than the vertex stage writes,
    /// or a vertex output without the interpolation decoration the fragment input has.
    pub loose_interfaces: bool,
    /// Sometimes no fragment stage.
    pub vertex_only: bool,
    /// Only pipelines whose rendering Vulkan fully defines: point lists always write
    /// `PointSize`, `PointCoord` is only read in point lists.
    pub defined_only: bool,
    /// Every spec has tessellation stages (with `tessellation`).
    pub only_tessellation: bool,
    /// Every spec has a geometry stage (with `geometry`; tessellation is then never generated).
    pub only_geometry: bool,
    /// Uniform and storage buffers, push constants, textures and samplers, specialization
    /// constants ([`Resources`]), read in every stage.
    pub resources: bool,
    /// Sometimes an array of textures declared far longer than the elements the test gives
    /// and reads (up to 2^24): what an untrusted module may declare, for targets that only
    /// translate.
    pub huge_arrays: bool,
    /// Sometimes stages run through spirv-opt's performance passes (in process): merged and
    /// folded control flow, `OpPhi`s, as optimised shipped SPIR-V has ([`PipelineSpec::optimized`]).
    pub optimize: bool,
}

impl Features {
    /// Everything the generator can make: for the `pipeline` target, where the translator must
    /// either translate (and validate) or refuse one of the not-yet-supported features.
    pub const ALL: Features = Features {
        clip_distances: true,
        cull_distances: true,
        point_size: true,
        point_list: true,
        point_coord: true,
        tessellation: true,
        geometry: true,
        control_flow: true,
        discard: true,
        integers: true,
        loose_interfaces: true,
        vertex_only: true,
        defined_only: false,
        only_tessellation: false,
        only_geometry: false,
        resources: true,
        huge_arrays: true,
        optimize: true,
    };

    /// What the translator supports today: every spec must translate.
    pub const SUPPORTED: Features = Features { defined_only: true, huge_arrays: false, ..Features::ALL };

    /// Every spec has tessellation stages (the `pipeline_tess` target).
    pub const TESSELLATION: Features = Features { only_tessellation: true, ..Features::ALL };

    /// Every spec has a geometry stage (`differential --geometry`, the geometry smoke tests).
    pub const GEOMETRY: Features = Features { only_geometry: true, ..Features::ALL };

    /// What the differential fuzzer renders: supported features whose rendering is fully
    /// defined by Vulkan, tessellation and geometry stages included (the tessellator promises
    /// the driver's primitives and order, so overlapping tessellated triangles compare too;
    /// Vulkan orders a geometry stage's primitives by input primitive, invocation and emission).
    pub const DIFFERENTIAL: Features = Features { vertex_only: false, ..Features::SUPPORTED };
}

/// Size limits of generated specs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub attributes: usize,
    pub varyings: usize,
    pub locals: u8,
    pub stmts: usize,
    pub nesting: u32,
    /// Depth of expression trees. Values stay finite because leaves are bounded by 255 and
    /// 255^(2^depth) fits an f32 for depth 3.
    pub expr_depth: u32,
    pub vertices: usize,
}

impl Limits {
    pub const DEFAULT: Limits = Limits { attributes: 4, varyings: 5, locals: 4, stmts: 5, nesting: 3, expr_depth: 3, vertices: 12 };
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Float,
    Sint,
    Uint,
}

/// A scalar or vector type of 32-bit components.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VType {
    pub kind: Kind,
    /// Components, 1 to 4.
    pub n: u32,
}

/// A vertex input. `attributes[0]` is always the position, a float `vec2`.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    pub location: u32,
    pub ty: VType,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interp {
    Smooth,
    Flat,
    NoPerspective,
    Centroid,
}

/// A vertex output and (if `read > 0`) the fragment input at the same location.
#[derive(Debug, Clone, PartialEq)]
pub struct Varying {
    pub location: u32,
    /// The vertex output's type.
    pub ty: VType,
    /// Components the fragment input has: 0 (not consumed), else 1..=`ty.n`.
    pub read: u32,
    /// The fragment input's interpolation (integers: always `Flat`).
    pub interp: Interp,
    /// Whether the vertex output carries the same decoration (Vulkan only looks at the
    /// fragment side; the translator must harmonize).
    pub vertex_decorated: bool,
    /// First component at `location` (`Component`): non-zero when it shares the location with
    /// an earlier varying of the same type and interpolation ([`pack_components`]).
    pub component: u32,
}

/// How the vertex stage declares its built-in outputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuiltinStyle {
    /// One variable per built-in (as DXC emits).
    Loose,
    /// A `gl_PerVertex` block with only the members used.
    Block,
    /// A `gl_PerVertex` block declaring `PointSize`, `ClipDistance[1]` and `CullDistance[1]`
    /// members even when they are not written (as glslang emits).
    BlockDeclaresAll,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FUn {
    Neg,
    Abs,
    Floor,
    Ceil,
    Fract,
    Trunc,
    RoundEven,
    Sign,
    Sin,
    Cos,
    Tanh,
    Atan,
    /// `sqrt(abs(x))`.
    SqrtAbs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FBin {
    Add,
    Sub,
    Mul,
    /// `a / (abs(b) + 1)`.
    DivSafe,
    Min,
    Max,
    /// `OpFMod(a, abs(b) + 1)` (GLSL `mod`).
    ModSafe,
    /// `OpFRem(a, abs(b) + 1)` (truncating remainder).
    RemSafe,
    Step,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IBin {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    /// Shift amounts are masked with 31.
    Shl,
    ShrArith,
    ShrLogical,
    Min,
    Max,
}

/// Built-in inputs read as floats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FBuiltin {
    /// Fragment only; component 0-3.
    FragCoord(u8),
    /// Fragment only; component 0-1. Supported in point-list draws only.
    PointCoord(u8),
    /// Evaluation stage only; component 0-2.
    TessCoord(u8),
    /// Evaluation stage only: `TessLevelOuter[i]` (0-3) or `TessLevelInner[i - 4]` (4-5).
    TessLevel(u8),
}

/// A float scalar expression.
#[derive(Debug, Clone, PartialEq)]
pub enum FExpr {
    Const(f32),
    /// Component `comp` of stage input `var` (vertex: an attribute; fragment: a varying;
    /// geometry: the vertex stage's varying `var` at the current emission's input vertex, or
    /// its `gl_Position` when `var` is [`POSITION`]).
    Input {
        var: u8,
        comp: u8,
    },
    Local(u8),
    Builtin(FBuiltin),
    Un(FUn, Box<FExpr>),
    Bin(FBin, Box<FExpr>, Box<FExpr>),
    Select(Box<Cond>, Box<FExpr>, Box<FExpr>),
    /// `float(clamp(i, -255, 255))`.
    FromInt(Box<IExpr>),
    /// Tessellation and geometry stages: component `comp` of a per-vertex input of control
    /// point `vertex` (control stage: varying `var` of the vertex stage, point `vertex mod patch
    /// size`; evaluation stage: control-point output `var`, point `vertex mod output vertices`;
    /// geometry stage: varying `var` of the vertex stage, input vertex `vertex mod
    /// gl_in.length()`); `var == POSITION` reads `gl_in[vertex].gl_Position`.
    PerVertex {
        var: u8,
        vertex: u8,
        comp: u8,
    },
    /// Control stage, after its barrier only: component `comp` of control-point output `var`
    /// (or `POSITION`) that invocation `(InvocationId + offset) mod output vertices` wrote.
    Peer {
        var: u8,
        offset: u8,
        comp: u8,
    },
    /// A read of one of the pipeline's [`Resources`].
    Read(Read),
}

/// `var` of [`FExpr::PerVertex`] and [`FExpr::Peer`] naming `Position`.
pub const POSITION: u8 = 255;

/// A signed integer scalar expression (unsigned inputs and outputs are bitcast).
#[derive(Debug, Clone, PartialEq)]
pub enum IExpr {
    Const(i32),
    Input {
        var: u8,
        comp: u8,
    },
    /// The counter of the enclosing loop at this nesting level (0 = outermost).
    Counter(u8),
    /// Vertex only.
    VertexIndex,
    /// Vertex only.
    InstanceIndex,
    /// Control and geometry stages.
    InvocationId,
    /// Control, evaluation and geometry stages (`gl_PrimitiveIDIn` there), and the fragment
    /// stage of a tessellation or geometry pipeline.
    PrimitiveId,
    /// Control and evaluation stages.
    PatchVertices,
    Bin(IBin, Box<IExpr>, Box<IExpr>),
    /// `int(clamp(f, -1000, 1000))`.
    FromFloat(Box<FExpr>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Cond {
    Const(bool),
    F(CmpOp, FExpr, FExpr),
    I(CmpOp, IExpr, IExpr),
    Not(Box<Cond>),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    /// Fragment only.
    FrontFacing,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    F(FExpr),
    I(IExpr),
}

/// Something a stage writes.
#[derive(Debug, Clone, PartialEq)]
pub enum Out {
    /// `Position` component. x and y are emitted as `position_attr + 0.25 * clamp(e, -1, 1)`,
    /// z as `0.5 + 0.45 * clamp(e, -1, 1)`, w as `1 + 0.5 * clamp(e, 0, 1)`, so primitives
    /// stay on screen.
    Position(u8),
    Varying {
        var: u8,
        comp: u8,
    },
    Clip(u8),
    /// `ClipDistance[index mod count]`.
    ClipDynamic(IExpr),
    Cull(u8),
    /// Emitted as `clamp(e, 1, 8)`.
    PointSize,
    /// Fragment colour output (location 0, `vec4`) component.
    Color(u8),
    /// Control stage: per-patch output `var` component (written by invocation 0 only).
    Patch {
        var: u8,
        comp: u8,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// `local = clamp(e, -16, 16)`.
    Assign(u8, FExpr),
    Store(Out, Value),
    If(Cond, Vec<Stmt>, Vec<Stmt>),
    /// A counted loop (`for (i = 0; i < count; i++)`), count at most 8.
    Loop(u8, Vec<Stmt>),
    /// Fragment only, and only as a statement of an `if`'s then-branch (ignored elsewhere).
    Discard,
    /// Geometry only (ignored elsewhere): one output vertex. Every output is first written from
    /// input vertex `vertex mod gl_in.length()` (its position and varyings; clip and cull
    /// distances 1, `PointSize` 1, `PrimitiveId` [`GeometrySpec::primitive_id`]), then `stores`
    /// run (a `Position` store there offsets that vertex's), then `EmitVertex()`, unless the
    /// stage has emitted `max_vertices` already.
    Emit {
        vertex: IExpr,
        stores: Vec<Stmt>,
    },
    /// Geometry only (ignored elsewhere): `EndPrimitive()`.
    EndPrimitive,
}

/// A stage's code: `locals` float locals (zeroed) and a body.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    pub locals: u8,
    pub body: Vec<Stmt>,
}

/// A tessellation level: a constant written as is (0, negative, NaN, infinite and above the
/// maximum included), or an expression of the control stage (unclamped).
#[derive(Debug, Clone, PartialEq)]
pub enum Level {
    Const(f32),
    Expr(FExpr),
}

/// Level constants: in range, at the edges, out of range, not a number.
pub const LEVEL_CONSTS: [f32; 16] =
    [1.0, 2.0, 3.0, 4.5, 7.25, 16.0, 64.0, 65.0, 1000.0, 0.0, -1.0, -0.0, 0.5, f32::NAN, f32::INFINITY, 1.5];

/// A control-point or per-patch varying between the tessellation stages.
#[derive(Debug, Clone, PartialEq)]
pub struct TessVar {
    pub location: u32,
    pub ty: VType,
}

/// Where the tessellation execution modes (domain, spacing, winding, point mode) are declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModesIn {
    Eval,
    Control,
    Both,
}

/// The tessellation stages of a pipeline: the vertex stage's varyings are the control stage's
/// per-vertex inputs; the evaluation stage writes `Position`, the varyings, clip and cull
/// distances and `PointSize` (the spec's, as the vertex stage does without tessellation).
#[derive(Debug, Clone, PartialEq)]
pub struct TessSpec {
    pub domain: tesserae::tessellator::Domain,
    pub spacing: tesserae::tessellator::Spacing,
    pub winding: tesserae::tessellator::Winding,
    pub point_mode: bool,
    pub modes_in: ModesIn,
    /// Patch size (the draw's control points), 1 to 32.
    pub input_vertices: u32,
    /// The control stage's `OutputVertices`, 1 to 32.
    pub output_vertices: u32,
    /// Per-control-point outputs of the control stage (inputs of the evaluation stage).
    pub cp_vars: Vec<TessVar>,
    /// Per-patch outputs of the control stage.
    pub patch_vars: Vec<TessVar>,
    /// `TessLevelOuter[0..4]` then `TessLevelInner[0..2]`, written by invocation 0 last.
    pub levels: Vec<Level>,
    /// The control stage before its barrier (writes its own control point and patch outputs).
    pub control: Program,
    /// After the barrier: reads other invocations' outputs ([`FExpr::Peer`]), writes patch
    /// outputs only. `None`: no barrier.
    pub after_barrier: Option<Vec<Stmt>>,
    pub eval: Program,
    /// Clip-space x added to every position the evaluation stage writes, after its clamp: 0 in
    /// generated specs; the evidence of `lavapipe-tess-point-stray-pixel` moves every point
    /// with it.
    pub nudge_x: f32,
}

/// The output primitive of a geometry stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GsOutput {
    Points,
    LineStrip,
    TriangleStrip,
}

impl GsOutput {
    /// Vertices of one primitive of the strip.
    pub fn vertices(self) -> u32 {
        match self {
            GsOutput::Points => 1,
            GsOutput::LineStrip => 2,
            GsOutput::TriangleStrip => 3,
        }
    }
}

/// Most vertices a generated geometry stage declares (`max_vertices`).
pub const GS_MAX_VERTICES: u32 = 16;
/// Most invocations a generated geometry stage declares.
pub const GS_MAX_INVOCATIONS: u32 = 4;
/// Most output vertices a geometry stage declares beyond those it may emit
/// ([`GeometrySpec::spare_vertices`]).
pub const GS_MAX_SPARE_VERTICES: u32 = 4;

/// A geometry stage between the vertex (or tessellation evaluation) and fragment stages. Its
/// input primitive follows the draw's topology, or the tessellator's primitives
/// ([`gs_input_vertices`]); its per-vertex inputs are the varyings of the stage before it
/// (arrays of `gl_in.length()`), and it writes what that stage writes without it (`Position`,
/// the varyings, clip and cull distances, `PointSize`), so the fragment stage reads the same
/// interface.
#[derive(Debug, Clone, PartialEq)]
pub struct GeometrySpec {
    pub output: GsOutput,
    /// Vertices the stage may emit, 1 to [`GS_MAX_VERTICES`]; emissions past them are skipped.
    pub max_vertices: u32,
    /// `OutputVertices` is `max_vertices + spare_vertices` (at most [`GS_MAX_SPARE_VERTICES`]
    /// more): a stage may declare more vertices than it emits.
    pub spare_vertices: u32,
    /// `Invocations`, 1 to [`GS_MAX_INVOCATIONS`].
    pub invocations: u32,
    /// `gl_in` as an array of `gl_PerVertex { Position }` blocks (glslang), or a loose array
    /// of `BuiltIn Position` (DXC).
    pub gl_in_block: bool,
    /// The `PrimitiveId` each emission writes, when the fragment stage reads it (Vulkan gives
    /// the fragment what the provoking vertex wrote).
    pub primitive_id: IExpr,
    /// Assignments, `if`s, loops, [`Stmt::Emit`] and [`Stmt::EndPrimitive`].
    pub program: Program,
}

/// Vertices of one input primitive of a geometry stage in `spec` (`gl_in.length()`): of the
/// draw's topology, or after tessellation of the tessellator's primitives (points in point
/// mode, lines of isolines, triangles).
pub fn gs_input_vertices(spec: &PipelineSpec) -> u32 {
    if let Some(t) = &spec.tess {
        return match (t.point_mode, t.domain) {
            (true, _) => 1,
            (false, tesserae::tessellator::Domain::Isolines) => 2,
            (false, _) => 3,
        };
    }
    match spec.topology {
        Topology::PointList => 1,
        Topology::LineList | Topology::LineStrip => 2,
        Topology::TriangleList | Topology::TriangleStrip => 3,
        Topology::LineListAdjacency | Topology::LineStripAdjacency => 4,
        Topology::TriangleListAdjacency | Topology::TriangleStripAdjacency => 6,
        // (Without tessellation stages: the translator refuses the draw.)
        Topology::PatchList { .. } => 1,
    }
}

/// A generated vertex (+ fragment) pipeline and one draw.
#[derive(Debug, Clone, PartialEq)]
pub struct PipelineSpec {
    pub attributes: Vec<Attribute>,
    pub varyings: Vec<Varying>,
    pub style: BuiltinStyle,
    /// Clip distances written (0 to 8).
    pub clip: u32,
    /// Cull distances written (0 to 8 minus `clip`).
    pub cull: u32,
    pub point_size: bool,
    pub vertex: Program,
    pub fragment: Option<Program>,
    pub topology: Topology,
    /// Per vertex, the components of every attribute in order: floats in eighths (`v / 8`),
    /// integers as is.
    pub vertices: Vec<Vec<i32>>,
    /// Emit every float constant that is an operand of an operator as `c + zero` (a local
    /// holding 0), so that no operator has only constant operands: naga constant-folds such
    /// expressions on the host when wgpu compiles the WGSL, while the driver evaluates (or
    /// folds) them its own way, and transcendental functions then differ in the last bits.
    /// Real compilers fold constants before SPIR-V, so this only removes noise from the
    /// differential fuzzer (set by [`Features::defined_only`]).
    pub defold: bool,
    /// Tessellation stages (the topology is then a patch list of `input_vertices`).
    pub tess: Option<TessSpec>,
    /// A geometry stage (never with `tess`).
    pub geometry: Option<GeometrySpec>,
    /// Descriptors, push constants and specialization constants every stage may read.
    pub resources: Resources,
    /// The last pre-rasterization stage writes its varyings as members of one output block
    /// (each member with its location) rather than as loose variables.
    pub varying_block: bool,
    /// Every stage is run through spirv-opt's performance passes before it is used
    /// ([`Features::optimize`]); a stage the optimizer refuses stays as generated.
    pub optimized: bool,
}

impl PipelineSpec {
    /// Whether the draw rasterizes lines (a line topology, or tessellated isolines without
    /// point mode). GL rasterizes lines with the diamond-exit rule and Vulkan on lavapipe with
    /// Bresenham, so their pixels legitimately differ between wgpu-gl and the native driver
    /// (the corpus's `basic/line-list` tolerates the same); the differential fuzzer reports
    /// such a wgpu-gl difference as the known `gl-line-rule`, not as a finding.
    pub fn draws_lines(&self) -> bool {
        if let Some(g) = &self.geometry {
            return g.output == GsOutput::LineStrip;
        }
        let isolines = self.tess.as_ref().is_some_and(|t| t.domain == tesserae::tessellator::Domain::Isolines && !t.point_mode);
        matches!(self.topology, Topology::LineList | Topology::LineStrip) || isolines
    }

    /// Tags of what the pipeline does that may keep it from drawing (the differential run
    /// counts them over the pipelines that drew nothing, to show where to steer next).
    pub fn shape_tags(&self) -> Vec<&'static str> {
        let mut tags = Vec::new();
        if self.tess.is_some() {
            tags.push("tessellation");
        }
        if self.geometry.is_some() {
            tags.push("geometry");
        }
        if self.clip > 0 {
            tags.push("clip-distances");
        }
        if self.cull > 0 {
            tags.push("cull-distances");
        }
        if self.draws_points() {
            tags.push("points");
        } else if self.draws_lines() {
            tags.push("lines");
        } else {
            tags.push("triangles");
        }
        fn discards(stmts: &[Stmt]) -> bool {
            stmts.iter().any(|s| match s {
                Stmt::Discard => true,
                Stmt::If(_, a, b) => discards(a) || discards(b),
                Stmt::Loop(_, body) => discards(body),
                _ => false,
            })
        }
        if self.fragment.as_ref().is_some_and(|f| discards(&f.body)) {
            tags.push("discard");
        }
        if !self.defold {
            tags.push("undefined-values-allowed");
        }
        tags
    }

    /// Whether the draw rasterizes points: a point list, tessellation's point mode, or a
    /// geometry stage emitting points.
    pub fn draws_points(&self) -> bool {
        match (&self.geometry, &self.tess) {
            (Some(g), _) => g.output == GsOutput::Points,
            (None, Some(t)) => t.point_mode,
            (None, None) => self.topology == Topology::PointList,
        }
    }

    /// Generates a spec from fuzzer bytes.
    pub fn generate(u: &mut Unstructured, f: &Features) -> Result<PipelineSpec> {
        Gen { u, f, l: Limits::DEFAULT, steer_position: false, steer_distances: false, plane_crosses: false }.spec()
    }

    /// Features this spec uses that the translator refuses today, as substrings of the
    /// `Unsupported` message it gives. Keep in step with the translator: when a feature lands,
    /// delete its line here and switch it on in [`Features::SUPPORTED`].
    pub fn not_yet_supported(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        // REFUSED BY DESIGN: PointCoord outside point-list draws and tessellation's point mode
        // (undefined in Vulkan).
        let points = self.draws_points();
        let point_coord = self.fragment.as_ref().is_some_and(|p| p.uses_point_coord());
        if !points && point_coord {
            v.push("PointCoord");
        }
        // NOT YET SUPPORTED: a geometry stage's points drawn as squares (PointSize written or
        // PointCoord read) when the fragment stage reads the PrimitiveId the stage writes.
        if points
            && self.geometry.is_some()
            && (self.point_size || point_coord)
            && self.fragment.as_ref().is_some_and(|p| p.uses_primitive_id())
        {
            v.push("points of a size from a geometry stage");
        }
        // A patch list without tessellation stages (the generator makes none; a spec built by
        // hand may).
        if matches!(self.topology, Topology::PatchList { .. }) && self.tess.is_none() {
            v.push("patch-list");
        }
        // REFUSED BY DESIGN: the application takes every bind group wgpu offers (sets 0-3), and
        // the emulation (push constants, clip/cull/point/tessellation passes) needs one.
        if self.resources.sets().len() >= 4 {
            v.push("need a bind group of their own");
        }
        // REFUSED BY DESIGN: an array of descriptors is one wgpu binding per element, and a
        // long one runs past WebGPU's 1000 bindings per bind group.
        if self.resources.textures.iter().any(|t| t.declared.is_some()) {
            v.push("past WebGPU's 1000 per bind group");
        }
        v
    }

    /// Clip distances the vertex stage actually declares (after shrinking, `clip` may be 0
    /// while a statement still refers to one: the emitter skips such stores).
    pub fn vertex_words(&self) -> Vec<u32> {
        self.finish(spirv::vertex(self))
    }

    pub fn fragment_words(&self) -> Option<Vec<u32>> {
        self.fragment.as_ref().map(|_| self.finish(spirv::fragment(self)))
    }

    /// The tessellation control and evaluation stages, when the spec has them.
    pub fn tess_words(&self) -> Option<(Vec<u32>, Vec<u32>)> {
        self.tess.as_ref().map(|_| (self.finish(spirv::tess_control(self)), self.finish(spirv::tess_eval(self))))
    }

    /// The geometry stage, when the spec has one.
    pub fn geometry_words(&self) -> Option<Vec<u32>> {
        self.geometry.as_ref().map(|_| self.finish(spirv::geometry(self)))
    }

    /// A stage as the pipeline gets it: optimised when [`PipelineSpec::optimized`].
    fn finish(&self, words: Vec<u32>) -> Vec<u32> {
        if self.optimized {
            spirv::optimize(&words).unwrap_or(words)
        } else {
            words
        }
    }

    /// The pipeline description the translator gets.
    pub fn desc(&self) -> tesserae::PipelineDesc {
        let tess = self.tess_words();
        tesserae::PipelineDesc {
            vertex: tesserae::StageDesc { spirv: self.vertex_words(), entry_point: Some("main".into()) },
            tess_control: tess.as_ref().map(|t| tesserae::StageDesc { spirv: t.0.clone(), entry_point: Some("main".into()) }),
            tess_eval: tess.map(|t| tesserae::StageDesc { spirv: t.1, entry_point: Some("main".into()) }),
            geometry: self.geometry_words().map(|w| tesserae::StageDesc { spirv: w, entry_point: Some("main".into()) }),
            fragment: self.fragment_words().map(|w| tesserae::StageDesc { spirv: w, entry_point: Some("main".into()) }),
            topology: self.topology,
            vertex_buffers: vec![self.vertex_buffer_layout()],
            specialization: self.resources.specialization(),
            primitive_restart_enable: true,
            options: tesserae::Options::default(),
        }
    }

    /// One tightly packed buffer with every attribute in order.
    pub fn vertex_buffer_layout(&self) -> tesserae::VertexBufferLayout {
        let mut offset = 0;
        let mut attributes = Vec::new();
        for a in &self.attributes {
            let format = vertex_format(a.ty);
            attributes.push(tesserae::VertexAttribute { location: a.location, format, offset });
            offset += format.size();
        }
        tesserae::VertexBufferLayout { stride: offset, step_mode: tesserae::StepMode::Vertex, attributes }
    }
}

pub fn vertex_format(t: VType) -> tesserae::VertexFormat {
    use tesserae::VertexFormat::*;
    let i = (t.n.clamp(1, 4) - 1) as usize;
    match t.kind {
        Kind::Float => [Float32, Float32x2, Float32x3, Float32x4][i],
        Kind::Sint => [Sint32, Sint32x2, Sint32x3, Sint32x4][i],
        Kind::Uint => [Uint32, Uint32x2, Uint32x3, Uint32x4][i],
    }
}

impl Program {
    pub fn uses_primitive_id(&self) -> bool {
        let mut found = false;
        let mut body = self.body.clone();
        shrink::walk_stmts(&mut body, &mut |n| {
            if matches!(n, shrink::Node::I(IExpr::PrimitiveId)) {
                found = true;
            }
        });
        found
    }

    /// Whether a fragment program applies a discontinuous operation (floor, ceil, fract,
    /// trunc, roundEven, sign, mod, rem, step, a float comparison, a float-to-int conversion)
    /// to a value that may be interpolated: a varying that is not flat, a built-in
    /// (`FragCoord`, `PointCoord`), or a local (which may hold either). Vulkan lets two
    /// implementations interpolate an ulp apart, and such an operation turns that into a
    /// full-scale difference at the few pixels where the value crosses the discontinuity.
    pub fn discontinuous_over_interpolated(&self, varyings: &[Varying]) -> bool {
        let smooth = |var: u8| varyings.get(var as usize).is_none_or(|v| v.interp != Interp::Flat);
        let interpolated = |e: &FExpr| {
            let mut found = false;
            shrink::walk_fexpr(&mut e.clone(), &mut |n| {
                found |= match n {
                    shrink::Node::F(FExpr::Input { var, .. }) => smooth(*var),
                    shrink::Node::F(FExpr::Builtin(_) | FExpr::Local(_)) => true,
                    _ => false,
                }
            });
            found
        };
        let mut found = false;
        let mut body = self.body.clone();
        shrink::walk_stmts(&mut body, &mut |n| {
            found |= match n {
                shrink::Node::F(FExpr::Un(op, a)) => {
                    matches!(op, FUn::Floor | FUn::Ceil | FUn::Fract | FUn::Trunc | FUn::RoundEven | FUn::Sign) && interpolated(a)
                }
                shrink::Node::F(FExpr::Bin(op, a, b)) => {
                    matches!(op, FBin::ModSafe | FBin::RemSafe | FBin::Step) && (interpolated(a) || interpolated(b))
                }
                shrink::Node::C(Cond::F(_, a, b)) => interpolated(a) || interpolated(b),
                shrink::Node::I(IExpr::FromFloat(a)) => interpolated(a),
                _ => false,
            }
        });
        found
    }

    /// Where values of the fragment inputs `input` picks can reach in this fragment program:
    /// the colour channels whose final value may depend on them (through locals, selections
    /// and the conditions of `if`s around a store) and whether they may decide a `discard`
    /// (the pixel's coverage). Conservative: a value that reaches a store in any branch
    /// reaches its channel. The differential oracle uses it to check that two renderings
    /// differ only where a suspect input is read ([`crate::oracle::driver_bugs`]).
    pub fn reach(&self, input: &dyn Fn(u8) -> bool) -> Reach {
        let mut st = ReachState { locals: [false; 256], reach: Reach::default() };
        reach_stmts(&self.body, input, false, true, &mut st);
        st.reach
    }

    pub fn uses_point_coord(&self) -> bool {
        let mut found = false;
        shrink::visit_fexprs(&self.body, &mut |e| {
            if matches!(e, FExpr::Builtin(FBuiltin::PointCoord(_))) {
                found = true;
            }
        });
        found
    }
}

/// What [`Program::reach`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reach {
    /// Colour channels (r, g, b, a) whose final value may depend on the inputs.
    pub channels: [bool; 4],
    /// Whether the inputs may decide a `discard`.
    pub coverage: bool,
}

struct ReachState {
    locals: [bool; 256],
    reach: Reach,
}

/// Whether a value read by `stmts`' expressions depends on a picked input or a reached local.
fn reads_reached(stmts: &mut [Stmt], input: &dyn Fn(u8) -> bool, locals: &[bool; 256]) -> bool {
    let mut found = false;
    shrink::walk_stmts(stmts, &mut |n| {
        found |= match n {
            shrink::Node::F(FExpr::Input { var, .. }) | shrink::Node::I(IExpr::Input { var, .. }) => input(*var),
            shrink::Node::F(FExpr::Local(l)) => locals[*l as usize],
            _ => false,
        }
    });
    found
}

/// `control`: a condition around these statements depends on the inputs; `definite`: the
/// statements run whenever the program does (a store there replaces what came before).
fn reach_stmts(stmts: &[Stmt], input: &dyn Fn(u8) -> bool, control: bool, definite: bool, st: &mut ReachState) {
    for s in stmts {
        match s {
            Stmt::Assign(l, e) => {
                let r = control || reads_reached(&mut [Stmt::Assign(*l, e.clone())], input, &st.locals);
                let slot = &mut st.locals[*l as usize];
                *slot = r || (!definite && *slot);
            }
            Stmt::Store(Out::Color(c), _) => {
                let r = control || reads_reached(&mut [s.clone()], input, &st.locals);
                let slot = &mut st.reach.channels[(*c).min(3) as usize];
                *slot = r || (!definite && *slot);
            }
            Stmt::Store(..) => {}
            Stmt::If(c, a, b) => {
                let ctl = control || reads_reached(&mut [Stmt::If(c.clone(), Vec::new(), Vec::new())], input, &st.locals);
                reach_stmts(a, input, ctl, false, st);
                reach_stmts(b, input, ctl, false, st);
            }
            Stmt::Loop(_, body) => {
                // Twice: a local reached in one iteration is read by the next.
                reach_stmts(body, input, control, false, st);
                reach_stmts(body, input, control, false, st);
            }
            Stmt::Discard => st.reach.coverage |= control,
            // (Geometry only: a fragment program has none.)
            Stmt::Emit { stores, .. } => reach_stmts(stores, input, control, false, st),
            Stmt::EndPrimitive => {}
        }
    }
}

/// Where a geometry stage's emission puts its vertex around its input vertex in defined-only
/// mode ([`Gen::emission`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Corner {
    /// The k-th emission of a straight-line stage: corner `(k & 1, k >> 1 & 1)`.
    Const(u8),
    /// In a loop: the corner its counter names.
    Counter,
    None,
}

/// Which stage an expression is generated for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum St {
    Vertex,
    Fragment,
    TessControl,
    TessEval,
    Geometry,
}

struct Ctx {
    st: St,
    /// Control stage: after the barrier (other invocations' outputs are readable).
    after_barrier: bool,
    locals: u8,
    /// Loop nesting at this point.
    loops: u8,
    nesting: u32,
    in_then: bool,
}

struct Gen<'a, 'b> {
    u: &'a mut Unstructured<'b>,
    f: &'a Features,
    l: Limits,
    /// Whether the stage being generated writes a position that lands on screen (decided at
    /// its first component, [`Gen::position`]).
    steer_position: bool,
    /// Whether the stage being generated writes clip and cull distances whose planes cross
    /// the screen (decided once per stage, [`Gen::distance`]).
    steer_distances: bool,
    /// Whether a steered distance of the stage being generated already crosses the screen.
    plane_crosses: bool,
}

const FCONSTS: [f32; 16] = [0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 0.25, 0.125, 3.0, -2.0, 0.75, 1.5, 4.0, -0.25, 0.375, 0.1];

impl Gen<'_, '_> {
    fn pick<T: Copy>(&mut self, items: &[T]) -> Result<T> {
        Ok(*self.u.choose(items)?)
    }

    fn chance(&mut self, num: u8, den: u8) -> Result<bool> {
        self.u.ratio(num, den)
    }

    fn spec(&mut self) -> Result<PipelineSpec> {
        let f = *self.f;
        // Locations: a shuffled pool, so attributes and varyings use scattered locations.
        let mut attr_locs: Vec<u32> = (0..8).collect();
        let mut var_locs: Vec<u32> = (0..8).collect();
        for pool in [&mut attr_locs, &mut var_locs] {
            for i in (1..pool.len()).rev() {
                let j = self.u.int_in_range(0..=i)?;
                pool.swap(i, j);
            }
        }
        let n_attr = self.u.int_in_range(1..=self.l.attributes.max(1))?;
        let mut attributes = vec![Attribute { location: attr_locs[0], ty: VType { kind: Kind::Float, n: 2 } }];
        for &location in &attr_locs[1..n_attr] {
            let kind = if f.integers { self.pick(&[Kind::Float, Kind::Float, Kind::Sint, Kind::Uint])? } else { Kind::Float };
            let n = self.u.int_in_range(1..=4)?;
            attributes.push(Attribute { location, ty: VType { kind, n } });
        }
        let n_var = self.u.int_in_range(0..=self.l.varyings.min(8))?;
        let mut varyings = Vec::new();
        for &location in var_locs.iter().take(n_var) {
            let kind = if f.integers { self.pick(&[Kind::Float, Kind::Float, Kind::Float, Kind::Sint, Kind::Uint])? } else { Kind::Float };
            let n = self.u.int_in_range(1..=4)?;
            let read = if f.loose_interfaces && self.chance(1, 4)? { self.u.int_in_range(0..=n)? } else { n };
            let interp = if kind == Kind::Float {
                self.pick(&[Interp::Smooth, Interp::Smooth, Interp::Flat, Interp::NoPerspective, Interp::Centroid])?
            } else {
                Interp::Flat
            };
            let vertex_decorated = !(f.loose_interfaces && self.chance(1, 4)?);
            // (NoPerspective with clip distances is fixed up below in defined_only mode.)
            varyings.push(Varying { location, ty: VType { kind, n }, read, interp, vertex_decorated, component: 0 });
        }
        let style = self.pick(&[BuiltinStyle::Loose, BuiltinStyle::Block, BuiltinStyle::BlockDeclaresAll])?;
        let clip = if f.clip_distances && self.chance(1, 2)? { self.u.int_in_range(1..=8)? } else { 0 };
        // Known driver bugs (lavapipe with 1-3 clip + cull distances past 4, NoPerspective
        // varyings with clip distances) are generated too and recognised by their signature
        // (`oracle::driver_bugs`), not avoided.
        let cull = if f.cull_distances && clip < 8 && self.chance(1, 5)? { self.u.int_in_range(1..=8 - clip)? } else { 0 };
        let mut point_size = f.point_size && self.chance(1, 3)?;

        let mut topologies =
            vec![Topology::TriangleList, Topology::TriangleList, Topology::TriangleStrip, Topology::LineList, Topology::LineStrip];
        if f.point_list {
            topologies.push(Topology::PointList);
        }
        let tessellated = f.tessellation && (f.only_tessellation || (!(f.geometry && f.only_geometry) && self.chance(1, 4)?));
        let input_vertices = if tessellated { self.patch_size()? } else { 0 };
        let mut topology = if tessellated { Topology::PatchList { control_points: input_vertices } } else { self.pick(&topologies)? };
        let geometry = f.geometry && (f.only_geometry || self.chance(1, if tessellated { 6 } else { 4 })?);
        // Only a geometry stage reads the adjacent vertices (without one they are skipped).
        if geometry && self.chance(1, 5)? {
            topology = match topology {
                Topology::LineList => Topology::LineListAdjacency,
                Topology::LineStrip => Topology::LineStripAdjacency,
                Topology::TriangleList => Topology::TriangleListAdjacency,
                Topology::TriangleStrip => Topology::TriangleStripAdjacency,
                t => t,
            };
        }
        if f.defined_only && topology == Topology::PointList {
            point_size = f.point_size;
        }

        let mut spec = PipelineSpec {
            attributes,
            varyings,
            style,
            clip,
            cull,
            point_size,
            vertex: Program { locals: 0, body: Vec::new() },
            fragment: None,
            topology,
            vertices: Vec::new(),
            defold: f.defined_only,
            tess: None,
            geometry: None,
            resources: if f.resources { Resources::generate(self.u, f.huge_arrays)? } else { Resources::default() },
            varying_block: false,
            optimized: false,
        };
        spec.vertex = self.vertex_program(&spec)?;
        if tessellated {
            spec.tess = Some(self.tess(&spec, input_vertices)?);
            // With `shaderTessellationAndGeometryPointSize` enabled (the native executor enables
            // it) the size of a point the evaluation stage emits is what it writes to PointSize,
            // and undefined when it writes none (1.0 only under maintenance5, which lavapipe
            // 22.3 lacks): native drew stray pixels (open-tess-*-pixel reproducers).
            if f.defined_only && spec.tess.as_ref().is_some_and(|t| t.point_mode) {
                spec.point_size = f.point_size;
            }
        }
        if geometry {
            let g = self.geometry(&spec)?;
            // The size of a point a geometry stage emits is what it writes to PointSize
            // (undefined when it writes none, with `shaderTessellationAndGeometryPointSize`).
            if f.defined_only && g.output == GsOutput::Points {
                spec.point_size = f.point_size;
            }
            spec.geometry = Some(g);
        }
        let fragment = !(f.vertex_only && self.chance(1, 10)?);
        if fragment {
            spec.fragment = Some(self.fragment_program(&spec)?);
        }
        spec.vertices = self.vertices(&spec)?;
        // Decided last, so the bytes of earlier inputs keep their meaning.
        spec.varying_block = !spec.varyings.is_empty() && self.chance(1, 3)?;
        // (Not into the per-vertex arrays of tessellation and geometry stages, which the
        // translator refuses packed.)
        if spec.tess.is_none() && spec.geometry.is_none() && self.chance(1, 4)? {
            pack_components(&mut spec.varyings);
        }
        // (One in four; an input whose bytes ran out answers `true`, so the chance is for not.)
        spec.optimized = f.optimize && !self.chance(3, 4)?;
        Ok(spec)
    }

    fn vertices(&mut self, spec: &PipelineSpec) -> Result<Vec<Vec<i32>>> {
        let (min, step) = match spec.topology {
            Topology::TriangleList => (3, 3),
            Topology::LineList => (2, 2),
            Topology::TriangleStrip => (3, 1),
            Topology::LineStrip => (2, 1),
            Topology::PointList => (1, 1),
            Topology::PatchList { control_points } => (control_points as usize, control_points as usize),
            // (Drawn with a geometry stage, the only reader of adjacency.)
            Topology::LineListAdjacency => (4, 4),
            Topology::LineStripAdjacency => (4, 1),
            Topology::TriangleListAdjacency => (6, 6),
            Topology::TriangleStripAdjacency => (6, 2),
        };
        let extra = self.u.int_in_range(0..=(self.l.vertices.saturating_sub(min)) / step)?;
        let count = min + extra * step;
        // Vertices come last: when the input's bytes have run out, `Unstructured` answers the
        // lowest value to every choice and every vertex would be the same point (nothing
        // drawn). Defined-only mode then takes them from a stream seeded by the pipeline's
        // shape, still deterministic.
        let mut rest =
            (spec.defold && self.u.is_empty()).then(|| crate::rng::XorShift::new(count as u64 * 0x9E37 + spec.attributes.len() as u64));
        let mut pick = |u: &mut Unstructured, lo: i32, hi: i32| -> Result<i32> {
            match &mut rest {
                Some(r) => Ok(lo + r.below((hi - lo + 1) as u64) as i32),
                None => u.int_in_range(lo..=hi),
            }
        };
        let mut out = Vec::with_capacity(count);
        for _ in 0..count {
            let mut v = Vec::new();
            for (i, a) in spec.attributes.iter().enumerate() {
                for _ in 0..a.ty.n {
                    v.push(match (i, a.ty.kind) {
                        // Position: eighths in [-1.5, 1.5]; in defined-only mode in [-1.125,
                        // 1.125], mostly on screen (in [-1.5, 1.5] a point list of three missed
                        // the screen one time in six; seed 51 drew 70%).
                        (0, _) if spec.defold => pick(self.u, -9, 9)?,
                        (0, _) => pick(self.u, -12, 12)?,
                        (_, Kind::Float) => pick(self.u, -16, 16)?,
                        (_, Kind::Sint) => pick(self.u, -8, 8)?,
                        (_, Kind::Uint) => pick(self.u, 0, 16)?,
                    });
                }
            }
            out.push(v);
        }
        Ok(out)
    }

    fn patch_size(&mut self) -> Result<u32> {
        Ok(match self.u.int_in_range(0..=9u8)? {
            0 => 1,
            1..=3 => 3,
            4 | 5 => 4,
            6 => 32,
            _ => self.u.int_in_range(1..=32)?,
        })
    }

    fn tess(&mut self, spec: &PipelineSpec, input_vertices: u32) -> Result<TessSpec> {
        use tesserae::tessellator::{Domain, Spacing, Winding};
        let domain = self.pick(&[Domain::Triangles, Domain::Quads, Domain::Isolines])?;
        let spacing = self.pick(&[Spacing::Equal, Spacing::FractionalOdd, Spacing::FractionalEven])?;
        let winding = self.pick(&[Winding::Ccw, Winding::Cw])?;
        let point_mode = self.chance(1, 4)?;
        let modes_in = self.pick(&[ModesIn::Eval, ModesIn::Eval, ModesIn::Control, ModesIn::Both])?;
        let output_vertices = if self.chance(1, 2)? { input_vertices } else { self.patch_size()? };
        // Locations: one shuffled pool for both lists (so they never collide).
        let mut locs: Vec<u32> = (0..12).collect();
        for i in (1..locs.len()).rev() {
            let j = self.u.int_in_range(0..=i)?;
            locs.swap(i, j);
        }
        let n_cp = self.u.int_in_range(0..=3usize)?;
        let n_patch = self.u.int_in_range(0..=2usize)?;
        let var = |g: &mut Self, location: u32| -> Result<TessVar> {
            let kind = if g.f.integers { g.pick(&[Kind::Float, Kind::Float, Kind::Float, Kind::Sint, Kind::Uint])? } else { Kind::Float };
            Ok(TessVar { location, ty: VType { kind, n: g.u.int_in_range(1..=4)? } })
        };
        let mut cp_vars = Vec::new();
        for &l in &locs[..n_cp] {
            cp_vars.push(var(self, l)?);
        }
        let mut patch_vars = Vec::new();
        for &l in &locs[n_cp..n_cp + n_patch] {
            patch_vars.push(var(self, l)?);
        }
        let mut t = TessSpec {
            domain,
            spacing,
            winding,
            point_mode,
            modes_in,
            input_vertices,
            output_vertices,
            cp_vars,
            patch_vars,
            levels: Vec::new(),
            control: Program { locals: 0, body: Vec::new() },
            after_barrier: None,
            eval: Program { locals: 0, body: Vec::new() },
            nudge_x: 0.0,
        };
        // The control stage: its own control point and the patch outputs first.
        let locals = self.u.int_in_range(0..=self.l.locals)?;
        let mut ctx = Ctx { st: St::TessControl, locals, loops: 0, nesting: 0, in_then: false, after_barrier: false };
        let mut spec_t = spec.clone();
        spec_t.tess = Some(t.clone());
        let mut body = Vec::new();
        for c in 0..4 {
            // Defined-only mode writes every component: an unwritten control-point output is
            // undefined in the evaluation stage (open-tess-point-cull-corner-898: y never
            // written, native drew garbage positions).
            if spec.defold || self.chance(1, 2)? {
                body.push(Stmt::Store(Out::Position(c), Value::F(self.fexpr(&ctx, 0, &spec_t)?)));
            }
        }
        for (list, patch) in [(&t.cp_vars, false), (&t.patch_vars, true)] {
            for (i, v) in list.iter().enumerate() {
                for comp in 0..v.ty.n as u8 {
                    let out = if patch { Out::Patch { var: i as u8, comp } } else { Out::Varying { var: i as u8, comp } };
                    let value = self.value_for(v.ty.kind, &ctx, &spec_t)?;
                    body.push(Stmt::Store(out, value));
                }
            }
        }
        body.extend(self.stmts(&mut ctx, &spec_t)?);
        t.control = Program { locals, body };
        if self.chance(1, 2)? {
            ctx.after_barrier = true;
            t.after_barrier = Some(self.stmts(&mut ctx, &spec_t)?);
        }
        for _ in 0..6 {
            // Defined-only mode: mostly levels that tessellate (positive, finite), so patches draw.
            let level = if spec.defold && self.chance(3, 4)? {
                Level::Const(self.pick(&[1.0, 2.0, 3.0, 4.5, 7.25, 16.0])?)
            } else if self.chance(3, 5)? {
                Level::Const(self.pick(&LEVEL_CONSTS)?)
            } else {
                Level::Expr(self.fexpr(&ctx, 0, &spec_t)?)
            };
            t.levels.push(level);
        }
        spec_t.tess = Some(t.clone());
        // The evaluation stage writes what the vertex stage writes without tessellation.
        let locals = self.u.int_in_range(0..=self.l.locals)?;
        let mut ctx = Ctx { st: St::TessEval, locals, loops: 0, nesting: 0, in_then: false, after_barrier: false };
        let mut body = self.output_stores(&ctx, &spec_t)?;
        body.extend(self.stmts(&mut ctx, &spec_t)?);
        t.eval = Program { locals, body };
        Ok(t)
    }

    /// Stores to every output of a vertex or evaluation stage.
    fn output_stores(&mut self, ctx: &Ctx, spec: &PipelineSpec) -> Result<Vec<Stmt>> {
        let mut body = Vec::new();
        self.steer_distances = spec.defold && self.chance(7, 8)?;
        self.plane_crosses = false;
        for c in 0..4 {
            // (A component left unwritten keeps its default 0: x and y the same at every vertex,
            // a primitive of no area; w = 0, nothing drawn. Defined-only mode writes them all.)
            if spec.defold || self.chance(3, 4)? {
                body.push(Stmt::Store(Out::Position(c), Value::F(self.position(ctx, c, spec)?)));
            }
        }
        for (i, v) in spec.varyings.iter().enumerate() {
            for c in 0..v.ty.n as u8 {
                let value = self.value_for(v.ty.kind, ctx, spec)?;
                body.push(Stmt::Store(Out::Varying { var: i as u8, comp: c }, value));
            }
        }
        for i in 0..spec.clip as u8 {
            body.push(Stmt::Store(Out::Clip(i), Value::F(self.distance(ctx, spec)?)));
        }
        for i in 0..spec.cull as u8 {
            body.push(Stmt::Store(Out::Cull(i), Value::F(self.distance(ctx, spec)?)));
        }
        if spec.point_size {
            body.push(Stmt::Store(Out::PointSize, Value::F(self.fexpr(ctx, 0, spec)?)));
        }
        Ok(body)
    }

    /// Component `c` of the position a vertex or evaluation stage writes. In defined-only
    /// (differential) mode, in seven stages of eight one that lands on screen: x and y from the
    /// position attribute (vertex) or the tessellation coordinate spread over [-0.75, 0.75]
    /// (evaluation), z in [0, 0.75], w = 1, so the compared images show what was drawn (two
    /// thirds of the pipelines drew nothing before); else any expression. (Decided per stage,
    /// not per component: a quarter of the components left free put a third of the pipelines
    /// off screen, 2026-12-06, seed 50: 68% drew.)
    fn position(&mut self, ctx: &Ctx, c: u8, spec: &PipelineSpec) -> Result<FExpr> {
        if !spec.defold {
            return self.fexpr(ctx, 0, spec);
        }
        if c == 0 {
            self.steer_position = self.chance(7, 8)?;
        }
        if !self.steer_position {
            return self.fexpr(ctx, 0, spec);
        }
        Ok(match (c, ctx.st) {
            (0 | 1, St::TessEval) => FExpr::Bin(
                FBin::Sub,
                Box::new(FExpr::Bin(FBin::Mul, Box::new(FExpr::Builtin(FBuiltin::TessCoord(c))), Box::new(FExpr::Const(1.5)))),
                Box::new(FExpr::Const(0.75)),
            ),
            (0 | 1, _) => FExpr::Input { var: 0, comp: c },
            (2, _) => FExpr::Const(self.pick(&[0.0, 0.25, 0.5, 0.75])?),
            _ => FExpr::Const(1.0),
        })
    }

    /// A clip or cull distance. In defined-only mode, in seven stages of eight a plane
    /// (`pos.x` or `pos.y` plus an offset), so clipped and culled pipelines still draw and
    /// their images show the boundary; else any expression. The stage's first plane crosses
    /// the screen (offset in [-0.25, 0.75]); each later one does so one time in three (offset
    /// in [0.25, 0.75]) and else keeps every position (offset 1.25: positions are at least
    /// -1.125), so that up to eight planes do not leave only a corner of the screen. (Every
    /// plane through the screen left 30% of the pipelines with clip distances blank, against
    /// 14% of all triangle pipelines, 2026-12-06, seed 60.)
    fn distance(&mut self, ctx: &Ctx, spec: &PipelineSpec) -> Result<FExpr> {
        if !spec.defold || !matches!(ctx.st, St::Vertex | St::TessEval | St::Geometry) || !self.steer_distances {
            return self.fexpr(ctx, 0, spec);
        }
        let comp = self.u.int_in_range(0..=1)?;
        // (An input whose bytes ran out answers the first choice and `true`: a plane that
        // keeps half the screen, then planes that keep everything.)
        let offset = if !self.plane_crosses {
            self.pick(&[0.5, 0.25, 0.0, 0.75, -0.25])?
        } else if self.chance(2, 3)? {
            1.25
        } else {
            self.pick(&[0.5, 0.25, 0.75])?
        };
        self.plane_crosses |= offset < 1.0;
        let along = match ctx.st {
            St::TessEval => FExpr::Builtin(FBuiltin::TessCoord(comp)),
            // The emitted vertex's input position.
            St::Geometry => FExpr::Input { var: POSITION, comp },
            _ => FExpr::Input { var: 0, comp },
        };
        Ok(FExpr::Bin(FBin::Add, Box::new(along), Box::new(FExpr::Const(offset))))
    }

    /// The geometry stage of `spec` (whose vertex stage and topology are decided). Its body is
    /// one of three shapes, then any statements: the input primitive's vertices emitted in
    /// order (a pass-through, each emission sometimes culled under a condition, `EndPrimitive`
    /// sometimes between them); a counted loop emitting the vertex its counter names; or
    /// statements alone (assignments, `if`s and loops around emissions).
    fn geometry(&mut self, spec: &PipelineSpec) -> Result<GeometrySpec> {
        let n_in = gs_input_vertices(spec);
        self.steer_distances = spec.defold && self.chance(7, 8)?;
        self.plane_crosses = false;
        // (Choices are ordered so that an input whose bytes ran out, which answers the first
        // choice, the lowest number and `true` to every `chance`, still draws: a strip of the
        // input vertices, at the corners of a square, no `EndPrimitive`, nothing culled.)
        let output = self.pick(&[GsOutput::TriangleStrip, GsOutput::LineStrip, GsOutput::Points, GsOutput::TriangleStrip])?;
        // (Mostly room for one primitive at least; sometimes not, which draws nothing.)
        let max_vertices = match self.u.int_in_range(0..=7u8)? {
            0..=3 => self.u.int_in_range(output.vertices()..=(output.vertices() + 3))?,
            4..=6 => self.u.int_in_range(output.vertices()..=GS_MAX_VERTICES)?,
            _ => self.u.int_in_range(1..=GS_MAX_VERTICES)?,
        };
        let spare_vertices = if self.chance(1, 4)? { self.u.int_in_range(1..=GS_MAX_SPARE_VERTICES)? } else { 0 };
        let invocations = if self.chance(1, 2)? { 1 } else { self.u.int_in_range(2..=GS_MAX_INVOCATIONS)? };
        let gl_in_block = self.chance(2, 3)?;
        let locals = self.u.int_in_range(0..=self.l.locals)?;
        let mut g = GeometrySpec {
            output,
            max_vertices,
            spare_vertices,
            invocations,
            gl_in_block,
            primitive_id: IExpr::PrimitiveId,
            program: Program { locals, body: Vec::new() },
        };
        let mut spec_g = spec.clone();
        spec_g.geometry = Some(g.clone());
        let mut ctx = Ctx { st: St::Geometry, locals, loops: 0, nesting: 0, in_then: false, after_barrier: false };
        if self.chance(1, 4)? {
            g.primitive_id = self.iexpr(&ctx, 1, &spec_g)?;
        }
        if spec.tess.is_some() && self.f.defined_only {
            g.primitive_id = IExpr::Const(0);
        }
        let mut body = Vec::new();
        // Enough emissions for a primitive where `max_vertices` allows.
        let least = output.vertices().min(max_vertices);
        match self.u.int_in_range(0..=4u8)? {
            0..=2 => {
                let count = self.u.int_in_range(least..=max_vertices.min(8).max(least))?;
                for k in 0..count {
                    let e = self.emission(&ctx, IExpr::Const((k % n_in) as i32), Corner::Const(k as u8), &spec_g)?;
                    body.push(self.maybe_culled(&ctx, e, &spec_g)?);
                    // Mostly after a whole primitive (one in the middle discards it).
                    let whole = (k + 1) % output.vertices() == 0;
                    if k + 1 < count && !self.chance(if whole { 2 } else { 11 }, if whole { 3 } else { 12 })? {
                        body.push(Stmt::EndPrimitive);
                    }
                }
            }
            3 => {
                let count = self.u.int_in_range(least.min(6) as u8..=6)?;
                ctx.loops += 1;
                ctx.nesting += 1;
                let vertex = if self.chance(2, 3)? { IExpr::Counter(0) } else { self.iexpr(&ctx, 1, &spec_g)? };
                let e = self.emission(&ctx, vertex, Corner::Counter, &spec_g)?;
                let mut inner = vec![self.maybe_culled(&ctx, e, &spec_g)?];
                if !self.chance(3, 4)? {
                    inner.push(Stmt::EndPrimitive);
                }
                ctx.loops -= 1;
                ctx.nesting -= 1;
                body.push(Stmt::Loop(count, inner));
            }
            _ => {}
        }
        body.extend(self.stmts(&mut ctx, &spec_g)?);
        g.program = Program { locals, body };
        Ok(g)
    }

    /// `e`, or, one time in eight, `if (!cond) e` (a vertex culled where `cond` holds).
    fn maybe_culled(&mut self, ctx: &Ctx, e: Stmt, spec: &PipelineSpec) -> Result<Stmt> {
        Ok(if !self.chance(7, 8)? { Stmt::If(self.cond(ctx, 0, spec)?, Vec::new(), vec![e]) } else { e })
    }

    /// A geometry stage's emission of input vertex `vertex`: offsets of its position, clip and
    /// cull distances (planes through the screen, as the vertex stage's), and a few stores to
    /// any output. In defined-only mode the x and y offsets mostly put the vertex at a corner
    /// of a square around its input vertex ([`Corner`]), so a point (or a line) grows into a
    /// quad a strip draws rather than a primitive of no area.
    fn emission(&mut self, ctx: &Ctx, vertex: IExpr, corner: Corner, spec: &PipelineSpec) -> Result<Stmt> {
        let mut stores = Vec::new();
        let steer = spec.defold && corner != Corner::None && self.chance(3, 4)?;
        for c in 0..4u8 {
            let e = if steer && c < 2 {
                // Emission k at corner (k & 1, k >> 1 & 1) of the square [-0.25, 0.25]².
                let bit = |k: IExpr| {
                    IExpr::Bin(
                        IBin::And,
                        Box::new(IExpr::Bin(IBin::ShrLogical, Box::new(k), Box::new(IExpr::Const(c as i32)))),
                        Box::new(IExpr::Const(1)),
                    )
                };
                Some(match corner {
                    Corner::Const(k) => FExpr::Const(if (k >> c) & 1 == 1 { 1.0 } else { -1.0 }),
                    _ => FExpr::Bin(
                        FBin::Sub,
                        Box::new(FExpr::Bin(
                            FBin::Mul,
                            Box::new(FExpr::FromInt(Box::new(bit(IExpr::Counter(0))))),
                            Box::new(FExpr::Const(2.0)),
                        )),
                        Box::new(FExpr::Const(1.0)),
                    ),
                })
            } else if !self.chance(if c < 2 { 2 } else { 7 }, if c < 2 { 3 } else { 8 })? {
                Some(self.fexpr(ctx, 0, spec)?)
            } else {
                None
            };
            if let Some(e) = e {
                stores.push(Stmt::Store(Out::Position(c), Value::F(e)));
            }
        }
        // (Points of more than a pixel show more of what the fragment stage computes.)
        if spec.point_size && self.chance(1, 2)? {
            let e = if spec.defold { FExpr::Const(self.pick(&[2.0, 3.0, 4.0, 6.0])?) } else { self.fexpr(ctx, 0, spec)? };
            stores.push(Stmt::Store(Out::PointSize, Value::F(e)));
        }
        for i in 0..spec.clip as u8 {
            if self.chance(1, 2)? {
                stores.push(Stmt::Store(Out::Clip(i), Value::F(self.distance(ctx, spec)?)));
            }
        }
        for i in 0..spec.cull as u8 {
            if self.chance(1, 2)? {
                stores.push(Stmt::Store(Out::Cull(i), Value::F(self.distance(ctx, spec)?)));
            }
        }
        for _ in 0..self.u.int_in_range(0..=3)? {
            let (out, kind) = self.out(ctx, spec)?;
            let mut value = self.value_for(kind, ctx, spec)?;
            if let (true, Out::ClipDynamic(_)) = (spec.defold, &out) {
                value = Value::F(self.distance(ctx, spec)?);
            }
            stores.push(Stmt::Store(out, value));
        }
        Ok(Stmt::Emit { vertex, stores })
    }

    fn vertex_program(&mut self, spec: &PipelineSpec) -> Result<Program> {
        let locals = self.u.int_in_range(0..=self.l.locals)?;
        let mut ctx = Ctx { st: St::Vertex, locals, loops: 0, nesting: 0, in_then: false, after_barrier: false };
        // Every output first (the emitter also writes defaults, so a shrunk spec stays defined).
        let mut body = self.output_stores(&ctx, spec)?;
        body.extend(self.stmts(&mut ctx, spec)?);
        Ok(Program { locals, body })
    }

    fn fragment_program(&mut self, spec: &PipelineSpec) -> Result<Program> {
        let locals = self.u.int_in_range(0..=self.l.locals)?;
        let mut ctx = Ctx { st: St::Fragment, locals, loops: 0, nesting: 0, in_then: false, after_barrier: false };
        let mut body = Vec::new();
        for c in 0..4 {
            body.push(Stmt::Store(Out::Color(c), Value::F(self.fexpr(&ctx, 0, spec)?)));
        }
        body.extend(self.stmts(&mut ctx, spec)?);
        Ok(Program { locals, body })
    }

    fn value_for(&mut self, kind: Kind, ctx: &Ctx, spec: &PipelineSpec) -> Result<Value> {
        Ok(if kind == Kind::Float { Value::F(self.fexpr(ctx, 0, spec)?) } else { Value::I(self.iexpr(ctx, 0, spec)?) })
    }

    fn stmts(&mut self, ctx: &mut Ctx, spec: &PipelineSpec) -> Result<Vec<Stmt>> {
        let n = self.u.int_in_range(0..=self.l.stmts)?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            if self.u.is_empty() {
                break;
            }
            out.push(self.stmt(ctx, spec)?);
        }
        Ok(out)
    }

    fn stmt(&mut self, ctx: &mut Ctx, spec: &PipelineSpec) -> Result<Stmt> {
        let cf = self.f.control_flow && ctx.nesting < self.l.nesting;
        let choice = self.u.int_in_range(0..=9u8)?;
        Ok(match choice {
            0..=2 if ctx.locals > 0 => {
                let l = self.u.int_in_range(0..=ctx.locals - 1)?;
                Stmt::Assign(l, self.fexpr(ctx, 0, spec)?)
            }
            3 | 4 if cf => {
                let cond = self.cond(ctx, 0, spec)?;
                ctx.nesting += 1;
                let saved = ctx.in_then;
                ctx.in_then = true;
                let mut then = self.stmts(ctx, spec)?;
                if ctx.st == St::Fragment && self.f.discard && self.chance(1, 4)? {
                    if spec.defold {
                        // Defined-only mode: the discard also takes a half of the target
                        // (x or y below 32), so a condition true everywhere does not blank the
                        // image, and the image shows the discard's edge.
                        let axis = self.u.int_in_range(0..=1)?;
                        let half = Cond::F(CmpOp::Lt, FExpr::Builtin(FBuiltin::FragCoord(axis)), FExpr::Const(32.0));
                        then.push(Stmt::If(half, vec![Stmt::Discard], Vec::new()));
                    } else {
                        then.push(Stmt::Discard);
                    }
                }
                ctx.in_then = false;
                let els = if self.chance(1, 2)? { self.stmts(ctx, spec)? } else { Vec::new() };
                ctx.in_then = saved;
                ctx.nesting -= 1;
                Stmt::If(cond, then, els)
            }
            5 if cf => {
                let count = self.u.int_in_range(0..=4)?;
                ctx.nesting += 1;
                ctx.loops += 1;
                let saved = ctx.in_then;
                ctx.in_then = false;
                let body = self.stmts(ctx, spec)?;
                ctx.in_then = saved;
                ctx.loops -= 1;
                ctx.nesting -= 1;
                Stmt::Loop(count, body)
            }
            // A geometry stage stores through its emissions.
            _ if ctx.st == St::Geometry => {
                if self.chance(1, 6)? {
                    Stmt::EndPrimitive
                } else {
                    let vertex = self.iexpr(ctx, 1, spec)?;
                    self.emission(ctx, vertex, Corner::None, spec)?
                }
            }
            _ => {
                let (out, kind) = self.out(ctx, spec)?;
                let mut value = self.value_for(kind, ctx, spec)?;
                // Defined-only mode: a clip distance stored at a dynamic index is a plane
                // through the screen too (see `distance`).
                if let (true, Out::ClipDynamic(_)) = (spec.defold, &out) {
                    value = Value::F(self.distance(ctx, spec)?);
                }
                Stmt::Store(out, value)
            }
        })
    }

    /// An output of the stage and its component kind.
    fn out(&mut self, ctx: &Ctx, spec: &PipelineSpec) -> Result<(Out, Kind)> {
        if ctx.st == St::Fragment {
            return Ok((Out::Color(self.u.int_in_range(0..=3)?), Kind::Float));
        }
        if ctx.st == St::TessControl {
            let t = spec.tess.as_ref().expect("a control stage has a TessSpec");
            let mut options: Vec<u8> = Vec::new();
            if !ctx.after_barrier {
                options.push(0);
                if !t.cp_vars.is_empty() {
                    options.extend([1, 1]);
                }
            }
            if !t.patch_vars.is_empty() {
                options.extend([2, 2]);
            }
            return Ok(match options.is_empty() {
                true => (Out::Patch { var: 0, comp: 0 }, Kind::Float),
                false => match self.pick(&options)? {
                    1 => {
                        let var = self.u.int_in_range(0..=t.cp_vars.len() - 1)?;
                        let v = &t.cp_vars[var];
                        (Out::Varying { var: var as u8, comp: self.u.int_in_range(0..=v.ty.n - 1)? as u8 }, v.ty.kind)
                    }
                    2 => {
                        let var = self.u.int_in_range(0..=t.patch_vars.len() - 1)?;
                        let v = &t.patch_vars[var];
                        (Out::Patch { var: var as u8, comp: self.u.int_in_range(0..=v.ty.n - 1)? as u8 }, v.ty.kind)
                    }
                    _ => (Out::Position(self.u.int_in_range(0..=3)?), Kind::Float),
                },
            });
        }
        // Defined-only (differential) mode leaves the position and the fixed clip and cull
        // distances to their steered first stores (`position`, `distance`), so a later store
        // of any value does not take the primitive off screen: stores go to varyings, a clip
        // distance at a dynamic index and the point size, and to the position only when the
        // stage has nothing else.
        let mut options: Vec<u8> = if spec.defold { Vec::new() } else { vec![0] };
        if !spec.varyings.is_empty() {
            options.extend([1, 1, 1]);
        }
        if spec.clip > 0 {
            options.extend(if spec.defold { &[3][..] } else { &[2, 3][..] });
        }
        if spec.cull > 0 && !spec.defold {
            options.push(4);
        }
        if spec.point_size {
            options.push(5);
        }
        if options.is_empty() {
            options.push(0);
        }
        Ok(match self.pick(&options)? {
            1 => {
                let var = self.u.int_in_range(0..=spec.varyings.len() - 1)?;
                let v = &spec.varyings[var];
                let comp = self.u.int_in_range(0..=v.ty.n - 1)? as u8;
                (Out::Varying { var: var as u8, comp }, v.ty.kind)
            }
            2 => (Out::Clip(self.u.int_in_range(0..=spec.clip - 1)? as u8), Kind::Float),
            3 => (Out::ClipDynamic(self.iexpr(ctx, 1, spec)?), Kind::Float),
            4 => (Out::Cull(self.u.int_in_range(0..=spec.cull - 1)? as u8), Kind::Float),
            5 => (Out::PointSize, Kind::Float),
            _ => (Out::Position(self.u.int_in_range(0..=3)?), Kind::Float),
        })
    }

    /// Readable inputs of the stage: (index, components, kind).
    fn inputs(ctx: &Ctx, spec: &PipelineSpec) -> Vec<(u8, u32, Kind)> {
        match ctx.st {
            St::Vertex => spec.attributes.iter().enumerate().map(|(i, a)| (i as u8, a.ty.n, a.ty.kind)).collect(),
            St::Fragment => {
                spec.varyings.iter().enumerate().filter(|(_, v)| v.read > 0).map(|(i, v)| (i as u8, v.read, v.ty.kind)).collect()
            }
            // The control stage: the vertex stage's varyings, at its own control point.
            St::TessControl => spec.varyings.iter().enumerate().map(|(i, v)| (i as u8, v.ty.n, v.ty.kind)).collect(),
            // The geometry stage: the vertex stage's varyings and position, at the emission's
            // input vertex.
            St::Geometry => {
                let mut v: Vec<(u8, u32, Kind)> = spec.varyings.iter().enumerate().map(|(i, v)| (i as u8, v.ty.n, v.ty.kind)).collect();
                v.push((POSITION, 4, Kind::Float));
                v
            }
            // The evaluation stage: the patch outputs.
            St::TessEval => spec
                .tess
                .as_ref()
                .map(|t| t.patch_vars.iter().enumerate().map(|(i, v)| (i as u8, v.ty.n, v.ty.kind)).collect())
                .unwrap_or_default(),
        }
    }

    /// A float read of another control point (tessellation stages).
    fn per_vertex(&mut self, ctx: &Ctx, spec: &PipelineSpec) -> Result<FExpr> {
        if ctx.st == St::Geometry {
            let mut vars: Vec<(u8, u32)> = vec![(POSITION, 4)];
            vars.extend(spec.varyings.iter().enumerate().filter(|(_, v)| v.ty.kind == Kind::Float).map(|(i, v)| (i as u8, v.ty.n)));
            let (var, n) = self.pick(&vars)?;
            let comp = self.u.int_in_range(0..=n - 1)? as u8;
            return Ok(FExpr::PerVertex { var, vertex: self.u.int_in_range(0..=7)?, comp });
        }
        let Some(t) = spec.tess.as_ref() else { return Ok(FExpr::Const(0.0)) };
        let peer = ctx.st == St::TessControl && ctx.after_barrier && self.chance(1, 2)?;
        let mut vars: Vec<(u8, u32)> = vec![(POSITION, 4)];
        if ctx.st == St::TessControl && !peer {
            vars.extend(spec.varyings.iter().enumerate().filter(|(_, v)| v.ty.kind == Kind::Float).map(|(i, v)| (i as u8, v.ty.n)));
        } else {
            vars.extend(t.cp_vars.iter().enumerate().filter(|(_, v)| v.ty.kind == Kind::Float).map(|(i, v)| (i as u8, v.ty.n)));
        }
        let (var, n) = self.pick(&vars)?;
        let comp = self.u.int_in_range(0..=n - 1)? as u8;
        Ok(if peer {
            FExpr::Peer { var, offset: self.u.int_in_range(0..=33)?, comp }
        } else {
            FExpr::PerVertex { var, vertex: self.u.int_in_range(0..=40)?, comp }
        })
    }

    fn fexpr(&mut self, ctx: &Ctx, depth: u32, spec: &PipelineSpec) -> Result<FExpr> {
        let leaf = depth >= self.l.expr_depth || self.u.is_empty();
        let choice = if leaf { self.u.int_in_range(0..=3u8)? } else { self.u.int_in_range(0..=11u8)? };
        Ok(match choice {
            0 if !spec.resources.is_empty() && self.chance(1, 2)? => match self.read(ctx, depth, spec)? {
                Some(r) => FExpr::Read(r),
                None => FExpr::Const(self.pick(&FCONSTS)?),
            },
            0 => FExpr::Const(self.pick(&FCONSTS)?),
            1 | 2 if matches!(ctx.st, St::TessControl | St::TessEval | St::Geometry) && self.chance(1, 2)? => self.per_vertex(ctx, spec)?,
            3 if ctx.st == St::TessEval && self.chance(1, 2)? => {
                if self.chance(2, 3)? {
                    FExpr::Builtin(FBuiltin::TessCoord(self.u.int_in_range(0..=2)?))
                } else {
                    FExpr::Builtin(FBuiltin::TessLevel(self.u.int_in_range(0..=5)?))
                }
            }
            1 | 2 => {
                let inputs: Vec<_> = Self::inputs(ctx, spec).into_iter().filter(|i| i.2 == Kind::Float).collect();
                if inputs.is_empty() {
                    FExpr::Const(self.pick(&FCONSTS)?)
                } else {
                    let (var, n, _) = self.pick(&inputs)?;
                    FExpr::Input { var, comp: self.u.int_in_range(0..=n - 1)? as u8 }
                }
            }
            3 if ctx.locals > 0 => FExpr::Local(self.u.int_in_range(0..=ctx.locals - 1)?),
            3 if ctx.st == St::Fragment => {
                // (Points of a point list or a geometry stage; not yet tessellation's point mode.)
                let point_coord = self.f.point_coord && (!self.f.defined_only || (spec.tess.is_none() && spec.draws_points()));
                if point_coord && self.chance(1, 4)? {
                    FExpr::Builtin(FBuiltin::PointCoord(self.u.int_in_range(0..=1)?))
                } else {
                    FExpr::Builtin(FBuiltin::FragCoord(self.u.int_in_range(0..=3)?))
                }
            }
            3 => FExpr::Const(self.pick(&FCONSTS)?),
            4..=5 => {
                let op = self.pick(&[
                    FUn::Neg,
                    FUn::Abs,
                    FUn::Floor,
                    FUn::Ceil,
                    FUn::Fract,
                    FUn::Trunc,
                    FUn::RoundEven,
                    FUn::Sign,
                    FUn::Sin,
                    FUn::Cos,
                    FUn::Tanh,
                    FUn::Atan,
                    FUn::SqrtAbs,
                ])?;
                FExpr::Un(op, Box::new(self.fexpr(ctx, depth + 1, spec)?))
            }
            6..=8 => {
                let op = self.pick(&[
                    FBin::Add,
                    FBin::Add,
                    FBin::Sub,
                    FBin::Mul,
                    FBin::Mul,
                    FBin::DivSafe,
                    FBin::Min,
                    FBin::Max,
                    FBin::ModSafe,
                    FBin::RemSafe,
                    FBin::Step,
                ])?;
                let a = self.fexpr(ctx, depth + 1, spec)?;
                let b = self.fexpr(ctx, depth + 1, spec)?;
                FExpr::Bin(op, Box::new(a), Box::new(b))
            }
            9 => {
                let c = self.cond(ctx, depth + 1, spec)?;
                let a = self.fexpr(ctx, depth + 1, spec)?;
                let b = self.fexpr(ctx, depth + 1, spec)?;
                FExpr::Select(Box::new(c), Box::new(a), Box::new(b))
            }
            10 if ctx.st == St::Fragment => FExpr::Builtin(FBuiltin::FragCoord(self.u.int_in_range(0..=3)?)),
            _ => FExpr::FromInt(Box::new(self.iexpr(ctx, depth + 1, spec)?)),
        })
    }

    /// A read of one of the spec's resources (`None` when it has none).
    fn read(&mut self, ctx: &Ctx, depth: u32, spec: &PipelineSpec) -> Result<Option<Read>> {
        let r = &spec.resources;
        let mut kinds = Vec::new();
        for (k, present, weight) in
            [(0, !r.buffers.is_empty(), 2), (1, !r.push.is_empty(), 1), (2, !r.textures.is_empty(), 2), (3, !r.spec_consts.is_empty(), 1)]
        {
            if present {
                kinds.extend(std::iter::repeat_n(k, weight));
            }
        }
        if kinds.is_empty() {
            return Ok(None);
        }
        let comp = self.u.int_in_range(0..=3)?;
        Ok(Some(match self.pick(&kinds)? {
            0 => {
                Read::Buffer { buf: self.u.choose_index(r.buffers.len())? as u8, index: Box::new(self.iexpr(ctx, depth + 1, spec)?), comp }
            }
            1 => Read::Push { elem: self.u.int_in_range(0..=3)?, comp },
            2 => Read::Texel {
                tex: self.u.choose_index(r.textures.len())? as u8,
                element: self.u.int_in_range(0..=2)?,
                x: Box::new(self.iexpr(ctx, depth + 1, spec)?),
                y: Box::new(self.iexpr(ctx, depth + 1, spec)?),
                comp,
                fetch: self.chance(1, 3)?,
            },
            _ => Read::Spec(self.u.choose_index(r.spec_consts.len())? as u8),
        }))
    }

    fn iexpr(&mut self, ctx: &Ctx, depth: u32, spec: &PipelineSpec) -> Result<IExpr> {
        let leaf = depth >= self.l.expr_depth || self.u.is_empty();
        let choice = if leaf { self.u.int_in_range(0..=3u8)? } else { self.u.int_in_range(0..=7u8)? };
        Ok(match choice {
            0 => IExpr::Const(self.u.int_in_range(-8..=16)?),
            1 => {
                let inputs: Vec<_> = Self::inputs(ctx, spec).into_iter().filter(|i| i.2 != Kind::Float).collect();
                if inputs.is_empty() {
                    IExpr::Const(self.u.int_in_range(-8..=16)?)
                } else {
                    let (var, n, _) = self.pick(&inputs)?;
                    IExpr::Input { var, comp: self.u.int_in_range(0..=n - 1)? as u8 }
                }
            }
            2 if ctx.loops > 0 => IExpr::Counter(self.u.int_in_range(0..=ctx.loops - 1)?),
            2 | 3 if ctx.st == St::TessControl => [IExpr::InvocationId, IExpr::InvocationId, IExpr::PrimitiveId, IExpr::PatchVertices]
                [self.u.int_in_range(0..=3usize)?]
            .clone(),
            2 | 3 if ctx.st == St::TessEval => {
                if self.chance(2, 3)? {
                    IExpr::PrimitiveId
                } else {
                    IExpr::PatchVertices
                }
            }
            // (After tessellation lavapipe 22.3 numbers the tessellated primitives rather than
            // the patches, `corpus/geom/after-tessellation-isolines-primitive-id`: defined-only
            // mode does not read the id there.)
            2 | 3 if ctx.st == St::Geometry => {
                if self.chance(1, 2)? || (spec.tess.is_some() && self.f.defined_only) {
                    IExpr::InvocationId
                } else {
                    IExpr::PrimitiveId
                }
            }
            // (After a geometry stage, the PrimitiveId it writes; not in defined-only mode with
            // points out, whose squares the translator does not draw with one yet.)
            2 | 3
                if ctx.st == St::Fragment
                    && match (&spec.tess, &spec.geometry) {
                        (Some(_), None) => true,
                        (None, Some(g)) => !(self.f.defined_only && g.output == GsOutput::Points),
                        (Some(_), Some(_)) => !self.f.defined_only,
                        (None, None) => false,
                    }
                    && self.chance(1, 3)? =>
            {
                IExpr::PrimitiveId
            }
            2 | 3 if ctx.st == St::Vertex => {
                if self.chance(3, 4)? {
                    IExpr::VertexIndex
                } else {
                    IExpr::InstanceIndex
                }
            }
            2 | 3 => IExpr::Const(self.u.int_in_range(-8..=16)?),
            4..=6 => {
                let op = self.pick(&[
                    IBin::Add,
                    IBin::Sub,
                    IBin::Mul,
                    IBin::And,
                    IBin::Or,
                    IBin::Xor,
                    IBin::Shl,
                    IBin::ShrArith,
                    IBin::ShrLogical,
                    IBin::Min,
                    IBin::Max,
                ])?;
                let a = self.iexpr(ctx, depth + 1, spec)?;
                let b = self.iexpr(ctx, depth + 1, spec)?;
                IExpr::Bin(op, Box::new(a), Box::new(b))
            }
            _ => IExpr::FromFloat(Box::new(self.fexpr(ctx, depth + 1, spec)?)),
        })
    }

    fn cond(&mut self, ctx: &Ctx, depth: u32, spec: &PipelineSpec) -> Result<Cond> {
        let cmp = [CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge, CmpOp::Eq, CmpOp::Ne];
        let leaf = depth >= self.l.expr_depth;
        let choice = if leaf { self.u.int_in_range(0..=2u8)? } else { self.u.int_in_range(0..=7u8)? };
        Ok(match choice {
            0 | 3 => Cond::F(self.pick(&cmp)?, self.fexpr(ctx, depth + 1, spec)?, self.fexpr(ctx, depth + 1, spec)?),
            1 | 4 => Cond::I(self.pick(&cmp)?, self.iexpr(ctx, depth + 1, spec)?, self.iexpr(ctx, depth + 1, spec)?),
            2 if ctx.st == St::Fragment && self.chance(1, 3)? => Cond::FrontFacing,
            2 => Cond::Const(self.chance(1, 2)?),
            5 => Cond::Not(Box::new(self.cond(ctx, depth + 1, spec)?)),
            6 => Cond::And(Box::new(self.cond(ctx, depth + 1, spec)?), Box::new(self.cond(ctx, depth + 1, spec)?)),
            _ => Cond::Or(Box::new(self.cond(ctx, depth + 1, spec)?), Box::new(self.cond(ctx, depth + 1, spec)?)),
        })
    }
}

/// Moves each varying that fits after an earlier one of the same type and interpolation into
/// that varying's location, at the component after it (`layout(location = L, component = C)`),
/// as shaders packing scalars and short vectors do. Each location takes at most two.
pub fn pack_components(varyings: &mut [Varying]) {
    let mut taken: Vec<usize> = Vec::new();
    for i in 1..varyings.len() {
        if taken.contains(&i) {
            continue;
        }
        let v = varyings[i].clone();
        let host = (0..i).find(|&j| {
            let h = &varyings[j];
            !taken.contains(&j)
                && h.component == 0
                && h.ty.kind == v.ty.kind
                && h.interp == v.interp
                && h.vertex_decorated == v.vertex_decorated
                && h.ty.n + v.ty.n <= 4
        });
        if let Some(j) = host {
            varyings[i].location = varyings[j].location;
            varyings[i].component = varyings[j].ty.n;
            taken.extend([i, j]);
        }
    }
}
