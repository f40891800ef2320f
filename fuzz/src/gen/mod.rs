//! Structured generators, driven by [`arbitrary::Unstructured`] and valid by construction.
//!
//! [`PipelineSpec`] is a small AST of a vertex + fragment pipeline: vertex attributes,
//! varyings (locations, types, interpolation), the built-in outputs (`Position`, `PointSize`,
//! clip and cull distance arrays, loose or in a `gl_PerVertex` block), two programs made of
//! assignments, stores to outputs, `if`/`else`, counted loops and `discard`, over float and
//! integer expressions, plus the vertex data and topology of one draw. [`spirv`] emits it as
//! SPIR-V with rspirv's `dr::Builder`.
//!
//! Every spec emits valid SPIR-V whose behaviour is fully defined: values stay finite
//! (locals are clamped, divisors are `|b| + 1`, expressions are at most [`Limits::expr_depth`]
//! deep, integer-to-float conversions are clamped), every output is written before the body
//! runs, shifts are masked, array indices wrapped. The emitter is *total*: a reference to an
//! input, local, loop counter or output that does not exist is emitted as a constant or
//! skipped, so the shrinker ([`shrink`]) may delete anything without breaking validity.
//!
//! [`Features`] says which language features to generate. Some of them are generated but
//! refused by today's translator (tessellation); [`PipelineSpec::not_yet_supported`] lists those a spec uses,
//! and the `pipeline` oracle accepts an `Unsupported` refusal only for them.

pub mod shrink;
pub mod spirv;

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
    /// Tessellation stages. NOT YET SUPPORTED (refused); generating them is future work: the
    /// flag only makes specs draw a patch list, which the translator must refuse cleanly.
    pub tessellation: bool,
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
        control_flow: true,
        discard: true,
        integers: true,
        loose_interfaces: true,
        vertex_only: true,
        defined_only: false,
    };

    /// What the translator supports today: every spec must translate.
    pub const SUPPORTED: Features = Features { tessellation: false, defined_only: true, ..Features::ALL };

    /// What the differential fuzzer renders: supported features whose rendering is fully
    /// defined by Vulkan.
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
    /// Fragment only; component 0-1. Not yet supported by the translator.
    PointCoord(u8),
}

/// A float scalar expression.
#[derive(Debug, Clone, PartialEq)]
pub enum FExpr {
    Const(f32),
    /// Component `comp` of stage input `var` (vertex: an attribute; fragment: a varying).
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
}

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
}

/// A stage's code: `locals` float locals (zeroed) and a body.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    pub locals: u8,
    pub body: Vec<Stmt>,
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
}

impl PipelineSpec {
    /// Generates a spec from fuzzer bytes.
    pub fn generate(u: &mut Unstructured, f: &Features) -> Result<PipelineSpec> {
        Gen { u, f, l: Limits::DEFAULT }.spec()
    }

    /// Generates with explicit limits.
    pub fn generate_with(u: &mut Unstructured, f: &Features, l: Limits) -> Result<PipelineSpec> {
        Gen { u, f, l }.spec()
    }

    /// Features this spec uses that the translator refuses today, as substrings of the
    /// `Unsupported` message it gives. Keep in step with the translator: when a feature lands,
    /// delete its line here and switch it on in [`Features::SUPPORTED`].
    pub fn not_yet_supported(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        // REFUSED BY DESIGN: PointCoord outside point-list draws (undefined in Vulkan).
        if self.topology != Topology::PointList && self.fragment.as_ref().is_some_and(|p| p.uses_point_coord()) {
            v.push("PointCoord");
        }
        // NOT YET SUPPORTED: tessellation (patch lists).
        if matches!(self.topology, Topology::PatchList { .. }) {
            v.push("patch-list");
        }
        v
    }

    /// Clip distances the vertex stage actually declares (after shrinking, `clip` may be 0
    /// while a statement still refers to one: the emitter skips such stores).
    pub fn vertex_words(&self) -> Vec<u32> {
        spirv::vertex(self)
    }

    pub fn fragment_words(&self) -> Option<Vec<u32>> {
        self.fragment.as_ref().map(|_| spirv::fragment(self))
    }

    /// The pipeline description the translator gets.
    pub fn desc(&self) -> tesserae::PipelineDesc {
        tesserae::PipelineDesc {
            vertex: tesserae::StageDesc { spirv: self.vertex_words(), entry_point: Some("main".into()) },
            tess_control: None,
            tess_eval: None,
            geometry: None,
            fragment: self.fragment_words().map(|w| tesserae::StageDesc { spirv: w, entry_point: Some("main".into()) }),
            topology: self.topology,
            vertex_buffers: vec![self.vertex_buffer_layout()],
            specialization: Vec::new(),
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

    /// Components per vertex.
    pub fn components_per_vertex(&self) -> usize {
        self.attributes.iter().map(|a| a.ty.n as usize).sum()
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

/// Which stage an expression is generated for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum St {
    Vertex,
    Fragment,
}

struct Ctx {
    st: St,
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
            varyings.push(Varying { location, ty: VType { kind, n }, read, interp, vertex_decorated });
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
        if f.tessellation {
            topologies.push(Topology::PatchList { control_points: 3 });
        }
        let topology = self.pick(&topologies)?;
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
        };
        spec.vertex = self.vertex_program(&spec)?;
        let fragment = !(f.vertex_only && self.chance(1, 10)?);
        if fragment {
            spec.fragment = Some(self.fragment_program(&spec)?);
        }
        spec.vertices = self.vertices(&spec)?;
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
        };
        let extra = self.u.int_in_range(0..=(self.l.vertices.saturating_sub(min)) / step)?;
        let count = min + extra * step;
        let mut out = Vec::with_capacity(count);
        for _ in 0..count {
            let mut v = Vec::new();
            for (i, a) in spec.attributes.iter().enumerate() {
                for _ in 0..a.ty.n {
                    v.push(match (i, a.ty.kind) {
                        // Position: eighths in [-1.5, 1.5].
                        (0, _) => self.u.int_in_range(-12..=12)?,
                        (_, Kind::Float) => self.u.int_in_range(-16..=16)?,
                        (_, Kind::Sint) => self.u.int_in_range(-8..=8)?,
                        (_, Kind::Uint) => self.u.int_in_range(0..=16)?,
                    });
                }
            }
            out.push(v);
        }
        Ok(out)
    }

    fn vertex_program(&mut self, spec: &PipelineSpec) -> Result<Program> {
        let locals = self.u.int_in_range(0..=self.l.locals)?;
        let mut ctx = Ctx { st: St::Vertex, locals, loops: 0, nesting: 0, in_then: false };
        let mut body = Vec::new();
        // Every output first (the emitter also writes defaults, so a shrunk spec stays defined).
        for c in 0..4 {
            if self.chance(3, 4)? {
                body.push(Stmt::Store(Out::Position(c), Value::F(self.fexpr(&ctx, 0, spec)?)));
            }
        }
        for (i, v) in spec.varyings.iter().enumerate() {
            for c in 0..v.ty.n as u8 {
                let value = self.value_for(v.ty.kind, &ctx, spec)?;
                body.push(Stmt::Store(Out::Varying { var: i as u8, comp: c }, value));
            }
        }
        for i in 0..spec.clip as u8 {
            body.push(Stmt::Store(Out::Clip(i), Value::F(self.fexpr(&ctx, 0, spec)?)));
        }
        for i in 0..spec.cull as u8 {
            body.push(Stmt::Store(Out::Cull(i), Value::F(self.fexpr(&ctx, 0, spec)?)));
        }
        if spec.point_size {
            body.push(Stmt::Store(Out::PointSize, Value::F(self.fexpr(&ctx, 0, spec)?)));
        }
        body.extend(self.stmts(&mut ctx, spec)?);
        Ok(Program { locals, body })
    }

    fn fragment_program(&mut self, spec: &PipelineSpec) -> Result<Program> {
        let locals = self.u.int_in_range(0..=self.l.locals)?;
        let mut ctx = Ctx { st: St::Fragment, locals, loops: 0, nesting: 0, in_then: false };
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
                    then.push(Stmt::Discard);
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
            _ => {
                let (out, kind) = self.out(ctx, spec)?;
                Stmt::Store(out, self.value_for(kind, ctx, spec)?)
            }
        })
    }

    /// An output of the stage and its component kind.
    fn out(&mut self, ctx: &Ctx, spec: &PipelineSpec) -> Result<(Out, Kind)> {
        if ctx.st == St::Fragment {
            return Ok((Out::Color(self.u.int_in_range(0..=3)?), Kind::Float));
        }
        let mut options: Vec<u8> = vec![0];
        if !spec.varyings.is_empty() {
            options.extend([1, 1, 1]);
        }
        if spec.clip > 0 {
            options.extend([2, 3]);
        }
        if spec.cull > 0 {
            options.push(4);
        }
        if spec.point_size {
            options.push(5);
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
        }
    }

    fn fexpr(&mut self, ctx: &Ctx, depth: u32, spec: &PipelineSpec) -> Result<FExpr> {
        let leaf = depth >= self.l.expr_depth || self.u.is_empty();
        let choice = if leaf { self.u.int_in_range(0..=3u8)? } else { self.u.int_in_range(0..=11u8)? };
        Ok(match choice {
            0 => FExpr::Const(self.pick(&FCONSTS)?),
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
                let point_coord = self.f.point_coord && (!self.f.defined_only || spec.topology == Topology::PointList);
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
