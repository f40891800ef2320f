//! Emits a [`PipelineSpec`] as SPIR-V 1.0 with rspirv's `dr::Builder`.
//!
//! The emitter is total (see the module documentation of [`super`]): references that do not
//! resolve become constants, stores to outputs that do not exist are skipped, `discard` is
//! only honoured as a statement of an `if`'s then-branch, so every spec — generated or shrunk —
//! gives a valid module (checked with SPIRV-Tools' validator, in process, by the smoke tests).

use super::*;
use ::spirv::{BuiltIn, Capability, Decoration, ExecutionMode, ExecutionModel, GlslStd450Op as Gl, StorageClass as Sc, Word};
use rspirv::binary::Assemble;
use rspirv::dr::{Builder, Operand};
use std::collections::HashMap;

mod resources;

/// `words` through spirv-opt's performance passes (SPIRV-Tools in process), bindings and
/// specialization constants kept; `None` when the optimizer refuses the module.
pub fn optimize(words: &[u32]) -> Option<Vec<u32>> {
    use spirv_tools::opt::Optimizer;
    let mut opt = spirv_tools::opt::create(Some(spirv_tools::TargetEnv::Vulkan_1_1));
    opt.register_performance_passes();
    let options = spirv_tools::opt::Options { preserve_bindings: true, preserve_spec_constants: true, ..Default::default() };
    opt.optimize(words, &mut |_: spirv_tools::error::Message| {}, Some(options)).ok().map(|b| b.as_words().to_vec())
}

/// The vertex stage of `spec`.
pub fn vertex(spec: &PipelineSpec) -> Vec<u32> {
    Em::new(spec, St::Vertex).emit()
}

/// The fragment stage of `spec` (a fragment stage writing black when the spec has none).
pub fn fragment(spec: &PipelineSpec) -> Vec<u32> {
    Em::new(spec, St::Fragment).emit()
}

/// The tessellation control stage of `spec` (which must have a [`TessSpec`]).
pub fn tess_control(spec: &PipelineSpec) -> Vec<u32> {
    Em::new(spec, St::TessControl).emit()
}

/// The tessellation evaluation stage of `spec` (which must have a [`TessSpec`]).
pub fn tess_eval(spec: &PipelineSpec) -> Vec<u32> {
    Em::new(spec, St::TessEval).emit()
}

/// The geometry stage of `spec` (which must have a [`GeometrySpec`]).
pub fn geometry(spec: &PipelineSpec) -> Vec<u32> {
    Em::new(spec, St::Geometry).emit()
}

/// `gl_MaxPatchVertices`: the size glslang gives per-vertex input arrays.
const MAX_PATCH_VERTICES: u32 = 32;

/// Most iterations of a loop (the generator makes at most 4).
const MAX_LOOP: u8 = 8;
/// Loop counters, one per nesting level.
const MAX_LOOP_NESTING: usize = 4;

#[derive(Clone, Copy)]
struct Types {
    void: Word,
    bool_: Word,
    f32_: Word,
    i32_: Word,
    u32_: Word,
}

/// A built-in output: a loose variable, or a member of the `gl_PerVertex` block.
#[derive(Clone, Copy)]
enum Place {
    Var(Word),
    Member(Word, u32),
}

struct Em<'s> {
    b: Builder,
    spec: &'s PipelineSpec,
    st: St,
    t: Types,
    glsl: Word,
    consts: HashMap<(Word, u32), Word>,
    interface: Vec<Word>,
    /// Stage inputs by index (vertex: attributes; fragment: varyings), with their types.
    inputs: Vec<Option<(Word, VType)>>,
    /// Vertex: varying outputs by index.
    varyings: Vec<Option<(Word, VType)>>,
    /// With [`PipelineSpec::varying_block`]: each varying's member index in the output block
    /// (`varyings` then holds the block variable).
    varying_members: Vec<Option<u32>>,
    position: Option<Place>,
    point_size: Option<Place>,
    clip: Option<(Place, u32)>,
    cull: Option<(Place, u32)>,
    color: Option<Word>,
    locals: Vec<Word>,
    /// A local holding 0.0 (see [`PipelineSpec::defold`]).
    zero: Word,
    locals_to_zero: Vec<Word>,
    counters: Vec<Word>,
    loops: usize,
    builtins: HashMap<BuiltIn, Word>,
    /// Tessellation and geometry stages: `gl_in` (array of `gl_PerVertex` with `Position`, or
    /// in a geometry stage a loose array of `Position`s: `gl_in_loose`).
    gl_in: Option<Word>,
    gl_in_loose: bool,
    /// Tessellation and geometry stages: per-vertex input arrays (control and geometry: the
    /// vertex stage's varyings; evaluation: the control-point outputs).
    pv_in: Vec<Option<(Word, VType)>>,
    /// Geometry stage: vertices of an input primitive (`gl_in.length()`).
    gs_in: u32,
    /// Geometry stage: function variables holding the current emission's input vertex and the
    /// number of vertices emitted so far.
    emit_vertex: Word,
    emitted: Word,
    /// Geometry stage: the `PrimitiveId` output (when the fragment stage reads it).
    primitive_id_out: Option<Word>,
    /// Control stage: `gl_out` and the control-point output arrays.
    gl_out: Option<Word>,
    cp_out: Vec<Option<(Word, VType)>>,
    /// Control stage: patch outputs; evaluation stage: patch inputs.
    patch: Vec<Option<(Word, VType)>>,
    /// `TessLevelOuter` and `TessLevelInner` (control: outputs; evaluation: inputs).
    levels: Option<(Word, Word)>,
    /// Control stage: past the barrier.
    after_barrier: bool,
    /// The resources this module declared so far (declared on first read).
    resources: HashMap<resources::Key, resources::Declared>,
}

impl<'s> Em<'s> {
    fn new(spec: &'s PipelineSpec, st: St) -> Self {
        let mut b = Builder::new();
        b.set_version(1, 0);
        b.capability(Capability::Shader);
        let glsl = b.ext_inst_import("GLSL.std.450");
        b.memory_model(::spirv::AddressingModel::Logical, ::spirv::MemoryModel::GLSL450);
        let t = Types {
            void: b.type_void(),
            bool_: b.type_bool(),
            f32_: b.type_float(32, None),
            i32_: b.type_int(32, 1),
            u32_: b.type_int(32, 0),
        };
        Em {
            b,
            spec,
            st,
            t,
            glsl,
            consts: HashMap::new(),
            interface: Vec::new(),
            inputs: Vec::new(),
            varyings: Vec::new(),
            varying_members: Vec::new(),
            position: None,
            point_size: None,
            clip: None,
            cull: None,
            color: None,
            locals: Vec::new(),
            zero: 0,
            locals_to_zero: Vec::new(),
            counters: Vec::new(),
            loops: 0,
            builtins: HashMap::new(),
            gl_in: None,
            gl_in_loose: false,
            pv_in: Vec::new(),
            gs_in: 1,
            emit_vertex: 0,
            emitted: 0,
            primitive_id_out: None,
            gl_out: None,
            cp_out: Vec::new(),
            patch: Vec::new(),
            levels: None,
            after_barrier: false,
            resources: HashMap::new(),
        }
    }

    // ---- types and constants ----

    fn scalar(&self, k: Kind) -> Word {
        match k {
            Kind::Float => self.t.f32_,
            Kind::Sint => self.t.i32_,
            Kind::Uint => self.t.u32_,
        }
    }

    fn vtype(&mut self, t: VType) -> Word {
        let s = self.scalar(t.kind);
        if t.n <= 1 {
            s
        } else {
            self.b.type_vector(s, t.n.min(4))
        }
    }

    /// Defined-only (differential) mode: red = max(red, 0.25) as the fragment stage's last
    /// store, so whatever a pipeline draws differs from the clear colour (black) and the
    /// comparison sees it; green, blue and alpha, and red above 0.25, keep what the program
    /// computed. (Before, over half of the compared pipelines drew only black.)
    fn visible_red(&mut self, color: Word) {
        let f32_ = self.t.f32_;
        let pt = self.ptr(Sc::Output, f32_);
        let idx = self.i(0);
        let p = self.b.access_chain(pt, None, color, [idx]).expect("access_chain");
        let red = self.b.load(f32_, None, p, None, []).expect("load");
        let floor = self.f(0.25);
        let visible = self.gl(f32_, Gl::FMax, &[red, floor]);
        self.b.store(p, visible, None, []).expect("store");
    }

    fn ptr(&mut self, sc: Sc, ty: Word) -> Word {
        self.b.type_pointer(None, sc, ty)
    }

    fn konst(&mut self, ty: Word, bits: u32) -> Word {
        if let Some(&id) = self.consts.get(&(ty, bits)) {
            return id;
        }
        let id = self.b.constant_bit32(ty, bits);
        self.consts.insert((ty, bits), id);
        id
    }

    fn f(&mut self, v: f32) -> Word {
        let t = self.t.f32_;
        self.konst(t, v.to_bits())
    }

    fn i(&mut self, v: i32) -> Word {
        let t = self.t.i32_;
        self.konst(t, v as u32)
    }

    fn u(&mut self, v: u32) -> Word {
        let t = self.t.u32_;
        self.konst(t, v)
    }

    fn gl(&mut self, ty: Word, op: Gl, args: &[Word]) -> Word {
        let glsl = self.glsl;
        self.b.ext_inst(ty, None, glsl, op as u32, args.iter().map(|&a| Operand::IdRef(a))).expect("ext_inst")
    }

    // ---- declarations ----

    /// An interface variable (an input or output, listed in the entry point).
    fn global(&mut self, sc: Sc, ty: Word) -> Word {
        let v = self.resource_variable(sc, ty);
        self.interface.push(v);
        v
    }

    fn location(&mut self, var: Word, loc: u32) {
        self.b.decorate(var, Decoration::Location, [Operand::LiteralBit32(loc)]);
    }

    /// `Component`, when not the first.
    fn component(&mut self, var: Word, component: u32) {
        if component > 0 {
            self.b.decorate(var, Decoration::Component, [Operand::LiteralBit32(component)]);
        }
    }

    fn interp(&mut self, var: Word, i: Interp) {
        if let Some(d) = interp_decoration(i) {
            self.b.decorate(var, d, []);
        }
    }

    fn builtin_input(&mut self, bi: BuiltIn) -> Word {
        if let Some(&v) = self.builtins.get(&bi) {
            return v;
        }
        let ty = match bi {
            BuiltIn::FragCoord => self.vtype(VType { kind: Kind::Float, n: 4 }),
            BuiltIn::PointCoord => self.vtype(VType { kind: Kind::Float, n: 2 }),
            BuiltIn::FrontFacing => self.t.bool_,
            BuiltIn::TessCoord => self.vtype(VType { kind: Kind::Float, n: 3 }),
            _ => self.t.i32_,
        };
        let v = self.global(Sc::Input, ty);
        self.b.decorate(v, Decoration::BuiltIn, [Operand::BuiltIn(bi)]);
        self.builtins.insert(bi, v);
        v
    }

    fn declare_vertex(&mut self) {
        let spec = self.spec;
        for a in &spec.attributes {
            let ty = self.vtype(a.ty);
            let v = self.global(Sc::Input, ty);
            self.location(v, a.location);
            self.inputs.push(Some((v, a.ty)));
        }
        self.declare_outputs();
    }

    fn array(&mut self, elem: Word, n: u32) -> Word {
        let len = self.u(n);
        self.b.type_array(elem, len)
    }

    /// `gl_in[32]` or `gl_out[n]`: an array of `gl_PerVertex { vec4 Position }` blocks.
    fn per_vertex_blocks(&mut self, sc: Sc, n: u32) -> Word {
        let vec4 = self.vtype(VType { kind: Kind::Float, n: 4 });
        // A struct of its own (never merged with an equal one, such as a varying block).
        let id = self.b.id();
        let st = self.b.type_struct_id(Some(id), [vec4]);
        self.b.member_decorate(st, 0, Decoration::BuiltIn, [Operand::BuiltIn(BuiltIn::Position)]);
        self.b.decorate(st, Decoration::Block, []);
        let arr = self.array(st, n);
        self.global(sc, arr)
    }

    /// Per-vertex (arrays of `n`) or per-patch variables at their locations.
    fn tess_vars(&mut self, sc: Sc, vars: &[(u32, VType)], n: Option<u32>) -> Vec<Option<(Word, VType)>> {
        let mut out = Vec::new();
        for &(location, t) in vars {
            let mut ty = self.vtype(t);
            if let Some(n) = n {
                ty = self.array(ty, n);
            }
            let v = self.global(sc, ty);
            self.location(v, location);
            if n.is_none() {
                self.b.decorate(v, Decoration::Patch, []);
            }
            out.push(Some((v, t)));
        }
        out
    }

    fn declare_levels(&mut self, sc: Sc) {
        let f = self.t.f32_;
        let mut ids = [0; 2];
        for (k, (n, bi)) in [(4, BuiltIn::TessLevelOuter), (2, BuiltIn::TessLevelInner)].into_iter().enumerate() {
            let ty = self.array(f, n);
            let v = self.global(sc, ty);
            self.b.decorate(v, Decoration::BuiltIn, [Operand::BuiltIn(bi)]);
            self.b.decorate(v, Decoration::Patch, []);
            ids[k] = v;
        }
        self.levels = Some((ids[0], ids[1]));
    }

    fn declare_tess(&mut self) {
        let spec = self.spec;
        let t = spec.tess.as_ref().expect("tessellation stages need a TessSpec");
        self.b.capability(Capability::Tessellation);
        self.gl_in = Some(self.per_vertex_blocks(Sc::Input, MAX_PATCH_VERTICES));
        let cp: Vec<(u32, VType)> = t.cp_vars.iter().map(|v| (v.location, v.ty)).collect();
        let patch: Vec<(u32, VType)> = t.patch_vars.iter().map(|v| (v.location, v.ty)).collect();
        if self.st == St::TessControl {
            let from_vertex: Vec<(u32, VType)> = spec.varyings.iter().map(|v| (v.location, v.ty)).collect();
            self.pv_in = self.tess_vars(Sc::Input, &from_vertex, Some(MAX_PATCH_VERTICES));
            let n = t.output_vertices.clamp(1, 32);
            self.gl_out = Some(self.per_vertex_blocks(Sc::Output, n));
            self.cp_out = self.tess_vars(Sc::Output, &cp, Some(n));
            self.patch = self.tess_vars(Sc::Output, &patch, None);
            self.declare_levels(Sc::Output);
        } else {
            self.pv_in = self.tess_vars(Sc::Input, &cp, Some(MAX_PATCH_VERTICES));
            self.patch = self.tess_vars(Sc::Input, &patch, None);
            self.declare_levels(Sc::Input);
            self.declare_outputs();
        }
    }

    /// The geometry stage's interface: `gl_in`, the vertex stage's varyings as arrays of
    /// `gl_in.length()`, and the outputs of the last pre-rasterization stage.
    fn declare_geometry(&mut self) {
        let spec = self.spec;
        let Some(g) = spec.geometry.as_ref() else { return self.declare_outputs() };
        self.b.capability(Capability::Geometry);
        let n = gs_input_vertices(spec);
        self.gs_in = n;
        if g.gl_in_block {
            self.gl_in = Some(self.per_vertex_blocks(Sc::Input, n));
        } else {
            let vec4 = self.vtype(VType { kind: Kind::Float, n: 4 });
            let arr = self.array(vec4, n);
            let v = self.global(Sc::Input, arr);
            self.b.decorate(v, Decoration::BuiltIn, [Operand::BuiltIn(BuiltIn::Position)]);
            self.gl_in = Some(v);
            self.gl_in_loose = true;
        }
        let from_vertex: Vec<(u32, VType)> = spec.varyings.iter().map(|v| (v.location, v.ty)).collect();
        self.pv_in = self.tess_vars(Sc::Input, &from_vertex, Some(n));
        self.declare_outputs();
        // (glslang's whole gl_PerVertex block declares PointSize, written or not.)
        if spec.point_size || spec.style == BuiltinStyle::BlockDeclaresAll {
            self.b.capability(Capability::GeometryPointSize);
        }
        if spec.fragment.as_ref().is_some_and(|f| f.uses_primitive_id()) {
            let i32_ = self.t.i32_;
            let v = self.global(Sc::Output, i32_);
            self.b.decorate(v, Decoration::BuiltIn, [Operand::BuiltIn(BuiltIn::PrimitiveId)]);
            self.primitive_id_out = Some(v);
        }
    }

    /// The outputs of the last pre-rasterization stage (vertex, evaluation or geometry).
    fn declare_outputs(&mut self) {
        let spec = self.spec;
        if spec.varying_block && !spec.varyings.is_empty() {
            // One output block, a member per varying, each with its own location (Vulkan
            // matches block members with loose inputs by location).
            let types: Vec<Word> = spec.varyings.iter().map(|v| self.vtype(v.ty)).collect();
            let id = self.b.id();
            let st = self.b.type_struct_id(Some(id), types);
            self.b.decorate(st, Decoration::Block, []);
            for (i, v) in spec.varyings.iter().enumerate() {
                self.b.member_decorate(st, i as u32, Decoration::Location, [Operand::LiteralBit32(v.location)]);
                if v.component > 0 {
                    self.b.member_decorate(st, i as u32, Decoration::Component, [Operand::LiteralBit32(v.component)]);
                }
                if v.vertex_decorated {
                    if let Some(d) = interp_decoration(v.interp) {
                        self.b.member_decorate(st, i as u32, d, []);
                    }
                }
            }
            let var = self.global(Sc::Output, st);
            for (i, v) in spec.varyings.iter().enumerate() {
                self.varyings.push(Some((var, v.ty)));
                self.varying_members.push(Some(i as u32));
            }
        } else {
            for v in &spec.varyings {
                let ty = self.vtype(v.ty);
                let var = self.global(Sc::Output, ty);
                self.location(var, v.location);
                self.component(var, v.component);
                if v.vertex_decorated {
                    self.interp(var, v.interp);
                }
                self.varyings.push(Some((var, v.ty)));
                self.varying_members.push(None);
            }
        }
        let vec4 = self.vtype(VType { kind: Kind::Float, n: 4 });
        let (clip, cull) = (spec.clip.min(8), spec.cull.min(8 - spec.clip.min(8)));
        if clip > 0 {
            self.b.capability(Capability::ClipDistance);
        }
        if cull > 0 {
            self.b.capability(Capability::CullDistance);
        }
        let arr = |em: &mut Self, n: u32| {
            let len = em.u(n);
            let f = em.t.f32_;
            em.b.type_array(f, len)
        };
        match spec.style {
            BuiltinStyle::Loose => {
                let p = self.global(Sc::Output, vec4);
                self.b.decorate(p, Decoration::BuiltIn, [Operand::BuiltIn(BuiltIn::Position)]);
                self.position = Some(Place::Var(p));
                if spec.point_size {
                    let f = self.t.f32_;
                    let v = self.global(Sc::Output, f);
                    self.b.decorate(v, Decoration::BuiltIn, [Operand::BuiltIn(BuiltIn::PointSize)]);
                    self.point_size = Some(Place::Var(v));
                }
                for (n, bi) in [(clip, BuiltIn::ClipDistance), (cull, BuiltIn::CullDistance)] {
                    if n > 0 {
                        let ty = arr(self, n);
                        let v = self.global(Sc::Output, ty);
                        self.b.decorate(v, Decoration::BuiltIn, [Operand::BuiltIn(bi)]);
                        if bi == BuiltIn::ClipDistance {
                            self.clip = Some((Place::Var(v), n));
                        } else {
                            self.cull = Some((Place::Var(v), n));
                        }
                    }
                }
            }
            BuiltinStyle::Block | BuiltinStyle::BlockDeclaresAll => {
                let all = spec.style == BuiltinStyle::BlockDeclaresAll;
                let f = self.t.f32_;
                let mut members = vec![(vec4, BuiltIn::Position)];
                if spec.point_size || all {
                    members.push((f, BuiltIn::PointSize));
                }
                if clip > 0 || all {
                    let ty = arr(self, clip.max(1));
                    members.push((ty, BuiltIn::ClipDistance));
                }
                if cull > 0 || all {
                    let ty = arr(self, cull.max(1));
                    members.push((ty, BuiltIn::CullDistance));
                }
                // A struct of its own (never merged with an equal one, such as a varying block).
                let id = self.b.id();
                let st = self.b.type_struct_id(Some(id), members.iter().map(|m| m.0));
                for (i, (_, bi)) in members.iter().enumerate() {
                    self.b.member_decorate(st, i as u32, Decoration::BuiltIn, [Operand::BuiltIn(*bi)]);
                }
                self.b.decorate(st, Decoration::Block, []);
                self.b.name(st, "gl_PerVertex");
                let var = self.global(Sc::Output, st);
                for (i, (_, bi)) in members.iter().enumerate() {
                    let place = Place::Member(var, i as u32);
                    match *bi {
                        BuiltIn::Position => self.position = Some(place),
                        BuiltIn::PointSize if spec.point_size => self.point_size = Some(place),
                        BuiltIn::ClipDistance if clip > 0 => self.clip = Some((place, clip)),
                        BuiltIn::CullDistance if cull > 0 => self.cull = Some((place, cull)),
                        _ => {}
                    }
                }
            }
        }
    }

    fn declare_fragment(&mut self) {
        let spec = self.spec;
        for v in &spec.varyings {
            if v.read == 0 {
                self.inputs.push(None);
                continue;
            }
            let t = VType { kind: v.ty.kind, n: v.read.min(v.ty.n) };
            let ty = self.vtype(t);
            let var = self.global(Sc::Input, ty);
            self.location(var, v.location);
            self.component(var, v.component);
            let interp = if t.kind == Kind::Float { v.interp } else { Interp::Flat };
            self.interp(var, interp);
            self.inputs.push(Some((var, t)));
        }
        let vec4 = self.vtype(VType { kind: Kind::Float, n: 4 });
        let c = self.global(Sc::Output, vec4);
        self.location(c, 0);
        self.color = Some(c);
    }

    // ---- the function ----

    fn emit(mut self) -> Vec<u32> {
        match self.st {
            St::Vertex => self.declare_vertex(),
            St::Fragment => self.declare_fragment(),
            St::TessControl | St::TessEval => self.declare_tess(),
            St::Geometry => self.declare_geometry(),
        }
        let void = self.t.void;
        let fn_ty = self.b.type_function(void, []);
        let main = self.b.begin_function(void, None, ::spirv::FunctionControl::NONE, fn_ty).expect("begin_function");
        self.b.name(main, "main");
        self.b.begin_block(None).expect("begin_block");
        let tess = self.spec.tess.as_ref();
        let program = match self.st {
            St::Vertex => Some(&self.spec.vertex),
            St::Fragment => self.spec.fragment.as_ref(),
            St::TessControl => tess.map(|t| &t.control),
            St::TessEval => tess.map(|t| &t.eval),
            St::Geometry => self.spec.geometry.as_ref().map(|g| &g.program),
        };
        let locals = program.map_or(0, |p| p.locals);
        let (f32_, i32_) = (self.t.f32_, self.t.i32_);
        let pf = self.ptr(Sc::Function, f32_);
        let pi = self.ptr(Sc::Function, i32_);
        for _ in 0..locals {
            let v = self.b.variable(pf, None, Sc::Function, None);
            self.locals.push(v);
        }
        for _ in 0..MAX_LOOP_NESTING {
            let v = self.b.variable(pi, None, Sc::Function, None);
            self.counters.push(v);
        }
        if self.spec.defold {
            self.zero = self.b.variable(pf, None, Sc::Function, None);
            self.locals_to_zero.push(self.zero);
        }
        if self.st == St::Geometry {
            self.emit_vertex = self.b.variable(pi, None, Sc::Function, None);
            self.emitted = self.b.variable(pi, None, Sc::Function, None);
            let zero = self.i(0);
            for v in [self.emit_vertex, self.emitted] {
                self.b.store(v, zero, None, []).expect("store");
            }
        }
        let zero = self.f(0.0);
        for l in self.locals.iter().chain(&self.locals_to_zero).copied().collect::<Vec<_>>() {
            self.b.store(l, zero, None, []).expect("store");
        }
        self.defaults();
        if let Some(p) = program {
            self.block(&p.body, false);
        }
        if let (St::TessControl, Some(t)) = (self.st, tess) {
            self.control_epilogue(t);
        }
        if let (St::Fragment, true, Some(color)) = (self.st, self.spec.defold, self.color) {
            self.visible_red(color);
        }
        self.b.ret().expect("ret");
        self.b.end_function().expect("end_function");
        let model = match self.st {
            St::Vertex => ExecutionModel::Vertex,
            St::Fragment => ExecutionModel::Fragment,
            St::TessControl => ExecutionModel::TessellationControl,
            St::TessEval => ExecutionModel::TessellationEvaluation,
            St::Geometry => ExecutionModel::Geometry,
        };
        let interface = self.interface.clone();
        self.b.entry_point(model, main, "main", interface);
        if self.st == St::Fragment {
            self.b.execution_mode(main, ExecutionMode::OriginUpperLeft, []);
        }
        if let (St::Geometry, Some(g)) = (self.st, self.spec.geometry.as_ref()) {
            let input = match self.gs_in {
                1 => ExecutionMode::InputPoints,
                2 => ExecutionMode::InputLines,
                4 => ExecutionMode::InputLinesAdjacency,
                6 => ExecutionMode::InputTrianglesAdjacency,
                _ => ExecutionMode::Triangles,
            };
            let output = match g.output {
                GsOutput::Points => ExecutionMode::OutputPoints,
                GsOutput::LineStrip => ExecutionMode::OutputLineStrip,
                GsOutput::TriangleStrip => ExecutionMode::OutputTriangleStrip,
            };
            self.b.execution_mode(main, input, []);
            self.b.execution_mode(main, ExecutionMode::Invocations, [g.invocations.clamp(1, GS_MAX_INVOCATIONS)]);
            self.b.execution_mode(main, output, []);
            let declared = g.max_vertices.clamp(1, GS_MAX_VERTICES) + g.spare_vertices.min(GS_MAX_SPARE_VERTICES);
            self.b.execution_mode(main, ExecutionMode::OutputVertices, [declared]);
        }
        if let Some(t) = tess.filter(|_| matches!(self.st, St::TessControl | St::TessEval)) {
            if self.st == St::TessControl {
                self.b.execution_mode(main, ExecutionMode::OutputVertices, [t.output_vertices.clamp(1, 32)]);
            }
            let here = match t.modes_in {
                ModesIn::Both => true,
                ModesIn::Control => self.st == St::TessControl,
                ModesIn::Eval => self.st == St::TessEval,
            };
            if here {
                use tesserae::tessellator::{Domain, Spacing, Winding};
                let domain = match t.domain {
                    Domain::Triangles => ExecutionMode::Triangles,
                    Domain::Quads => ExecutionMode::Quads,
                    Domain::Isolines => ExecutionMode::Isolines,
                };
                let spacing = match t.spacing {
                    Spacing::Equal => ExecutionMode::SpacingEqual,
                    Spacing::FractionalOdd => ExecutionMode::SpacingFractionalOdd,
                    Spacing::FractionalEven => ExecutionMode::SpacingFractionalEven,
                };
                let order = match t.winding {
                    Winding::Ccw => ExecutionMode::VertexOrderCcw,
                    Winding::Cw => ExecutionMode::VertexOrderCw,
                };
                for m in [domain, spacing, order] {
                    self.b.execution_mode(main, m, []);
                }
                if t.point_mode {
                    self.b.execution_mode(main, ExecutionMode::PointMode, []);
                }
            }
        }
        self.b.module().assemble()
    }

    /// `InvocationId` (control stage).
    fn invocation(&mut self) -> Word {
        let v = self.builtin_input(BuiltIn::InvocationId);
        let i32_ = self.t.i32_;
        self.b.load(i32_, None, v, None, []).expect("load")
    }

    /// `(InvocationId + offset) mod n`, as u32.
    fn invocation_mod(&mut self, offset: u32, n: u32) -> Word {
        let id = self.invocation();
        let u32_ = self.t.u32_;
        let u = self.b.bitcast(u32_, None, id).expect("bitcast");
        let off = self.u(offset);
        let sum = self.b.i_add(u32_, None, u, off).expect("iadd");
        let n = self.u(n.max(1));
        self.b.u_mod(u32_, None, sum, n).expect("umod")
    }

    /// Emits `if (InvocationId == 0) { f }`.
    fn if_first_invocation(&mut self, f: impl FnOnce(&mut Self)) {
        let id = self.invocation();
        let zero = self.i(0);
        let bool_ = self.t.bool_;
        let c = self.b.i_equal(bool_, None, id, zero).expect("ieq");
        let (then_l, merge_l) = (self.b.id(), self.b.id());
        self.b.selection_merge(merge_l, ::spirv::SelectionControl::NONE).expect("merge");
        self.b.branch_conditional(c, then_l, merge_l, []).expect("branch");
        self.b.begin_block(Some(then_l)).expect("block");
        f(self);
        self.b.branch(merge_l).expect("branch");
        self.b.begin_block(Some(merge_l)).expect("block");
    }

    /// The control stage after its body: the barrier and the statements after it, then the
    /// levels (invocation 0).
    fn control_epilogue(&mut self, t: &TessSpec) {
        if let Some(after) = &t.after_barrier {
            // barrier(): OpControlBarrier Workgroup Invocation None (as glslang emits it).
            let (wg, inv, none) = (self.u(2), self.u(4), self.u(0));
            self.b.control_barrier(wg, inv, none).expect("barrier");
            self.after_barrier = true;
            self.block(after, false);
            self.after_barrier = false;
        }
        let Some((outer, inner)) = self.levels else { return };
        self.if_first_invocation(|em| {
            for (i, level) in t.levels.iter().enumerate().take(6) {
                let x = match level {
                    Level::Const(c) => em.f(*c),
                    Level::Expr(e) => em.fexpr(e),
                };
                let (var, k) = if i < 4 { (outer, i) } else { (inner, i - 4) };
                let idx = em.i(k as i32);
                let f32_ = em.t.f32_;
                let p = em.ptr(Sc::Output, f32_);
                let p = em.b.access_chain(p, None, var, [idx]).expect("access_chain");
                em.b.store(p, x, None, []).expect("store");
            }
        });
    }

    /// Writes every output once, so nothing is left undefined whatever the body does.
    fn defaults(&mut self) {
        match self.st {
            St::TessControl => {
                let Some(t) = self.spec.tess.as_ref() else { return };
                // gl_out[id].gl_Position = gl_in[id mod patch size].gl_Position.
                let (Some(gl_in), Some(gl_out)) = (self.gl_in, self.gl_out) else { return };
                let src = self.invocation_mod(0, t.input_vertices);
                let id = self.invocation();
                let vec4 = self.vtype(VType { kind: Kind::Float, n: 4 });
                let zero = self.i(0);
                let pin = self.ptr(Sc::Input, vec4);
                let p = self.b.access_chain(pin, None, gl_in, [src, zero]).expect("access_chain");
                let pos = self.b.load(vec4, None, p, None, []).expect("load");
                let pout = self.ptr(Sc::Output, vec4);
                let p = self.b.access_chain(pout, None, gl_out, [id, zero]).expect("access_chain");
                self.b.store(p, pos, None, []).expect("store");
                for (var, v) in t.cp_vars.iter().enumerate() {
                    for comp in 0..v.ty.n as u8 {
                        let value = if v.ty.kind == Kind::Float { Value::F(FExpr::Const(0.0)) } else { Value::I(IExpr::Const(0)) };
                        self.store(&Out::Varying { var: var as u8, comp }, &value);
                    }
                }
                for (var, v) in t.patch_vars.iter().enumerate() {
                    for comp in 0..v.ty.n as u8 {
                        let value = if v.ty.kind == Kind::Float { Value::F(FExpr::Const(0.0)) } else { Value::I(IExpr::Const(0)) };
                        self.store(&Out::Patch { var: var as u8, comp }, &value);
                    }
                }
            }
            St::Vertex | St::TessEval | St::Geometry => {
                for c in 0..4 {
                    self.store(&Out::Position(c), &Value::F(FExpr::Const(0.0)));
                }
                for (var, v) in self.spec.varyings.iter().enumerate() {
                    for comp in 0..v.ty.n as u8 {
                        let value = if v.ty.kind == Kind::Float { Value::F(FExpr::Const(0.0)) } else { Value::I(IExpr::Const(0)) };
                        self.store(&Out::Varying { var: var as u8, comp }, &value);
                    }
                }
                for i in 0..self.clip.map_or(0, |c| c.1) as u8 {
                    self.store(&Out::Clip(i), &Value::F(FExpr::Const(1.0)));
                }
                for i in 0..self.cull.map_or(0, |c| c.1) as u8 {
                    self.store(&Out::Cull(i), &Value::F(FExpr::Const(1.0)));
                }
                if self.point_size.is_some() {
                    self.store(&Out::PointSize, &Value::F(FExpr::Const(1.0)));
                }
            }
            St::Fragment => {
                for c in 0..3 {
                    self.store(&Out::Color(c), &Value::F(FExpr::Const(0.0)));
                }
                self.store(&Out::Color(3), &Value::F(FExpr::Const(1.0)));
            }
        }
    }

    /// Emits statements into the current block; returns false if the block was terminated by
    /// `OpKill` (the rest of the list is unreachable and not emitted).
    fn block(&mut self, stmts: &[Stmt], in_then: bool) -> bool {
        for s in stmts {
            if !self.stmt(s, in_then) {
                return false;
            }
        }
        true
    }

    fn stmt(&mut self, s: &Stmt, in_then: bool) -> bool {
        match s {
            Stmt::Assign(l, e) => {
                if let Some(&var) = self.locals.get(*l as usize) {
                    let v = self.fexpr(e);
                    let v = self.clamp_f(v, -16.0, 16.0);
                    self.b.store(var, v, None, []).expect("store");
                }
            }
            Stmt::Store(out, value) => self.store(out, value),
            Stmt::If(c, then, els) => {
                let cond = self.cond(c);
                let (then_l, else_l, merge_l) = (self.b.id(), self.b.id(), self.b.id());
                self.b.selection_merge(merge_l, ::spirv::SelectionControl::NONE).expect("merge");
                self.b.branch_conditional(cond, then_l, else_l, []).expect("branch");
                self.b.begin_block(Some(then_l)).expect("block");
                if self.block(then, true) {
                    self.b.branch(merge_l).expect("branch");
                }
                self.b.begin_block(Some(else_l)).expect("block");
                // The else-branch never kills, so the merge block is always reachable.
                if self.block(els, false) {
                    self.b.branch(merge_l).expect("branch");
                }
                self.b.begin_block(Some(merge_l)).expect("block");
            }
            Stmt::Loop(count, body) => {
                if self.loops >= MAX_LOOP_NESTING {
                    return self.block(body, false);
                }
                let counter = self.counters[self.loops];
                let zero = self.i(0);
                self.b.store(counter, zero, None, []).expect("store");
                let (header, check, body_l, cont, merge) = (self.b.id(), self.b.id(), self.b.id(), self.b.id(), self.b.id());
                self.b.branch(header).expect("branch");
                self.b.begin_block(Some(header)).expect("block");
                self.b.loop_merge(merge, cont, ::spirv::LoopControl::NONE, []).expect("loop_merge");
                self.b.branch(check).expect("branch");
                self.b.begin_block(Some(check)).expect("block");
                let (i32_, bool_) = (self.t.i32_, self.t.bool_);
                let i = self.b.load(i32_, None, counter, None, []).expect("load");
                let n = self.i((*count).min(MAX_LOOP) as i32);
                let lt = self.b.s_less_than(bool_, None, i, n).expect("slt");
                self.b.branch_conditional(lt, body_l, merge, []).expect("branch");
                self.b.begin_block(Some(body_l)).expect("block");
                self.loops += 1;
                let reached_end = self.block(body, false);
                self.loops -= 1;
                if reached_end {
                    self.b.branch(cont).expect("branch");
                }
                self.b.begin_block(Some(cont)).expect("block");
                let i = self.b.load(i32_, None, counter, None, []).expect("load");
                let one = self.i(1);
                let next = self.b.i_add(i32_, None, i, one).expect("iadd");
                self.b.store(counter, next, None, []).expect("store");
                self.b.branch(header).expect("branch");
                self.b.begin_block(Some(merge)).expect("block");
            }
            Stmt::Discard => {
                if in_then && self.st == St::Fragment {
                    self.b.kill().expect("kill");
                    return false;
                }
            }
            Stmt::Emit { vertex, stores } => {
                if self.st == St::Geometry {
                    self.emission(vertex, stores);
                }
            }
            Stmt::EndPrimitive => {
                if self.st == St::Geometry {
                    self.b.end_primitive().expect("end_primitive");
                }
            }
        }
        true
    }

    /// [`Stmt::Emit`]: every output from input vertex `vertex mod gl_in.length()`, the stores,
    /// then `EmitVertex()` unless `max_vertices` vertices were emitted.
    fn emission(&mut self, vertex: &IExpr, stores: &[Stmt]) {
        let Some(g) = self.spec.geometry.as_ref() else { return };
        let (i32_, u32_, bool_) = (self.t.i32_, self.t.u32_, self.t.bool_);
        let v = self.iexpr(vertex);
        let u = self.b.bitcast(u32_, None, v).expect("bitcast");
        let n = self.u(self.gs_in);
        let idx = self.b.u_mod(u32_, None, u, n).expect("umod");
        let idx = self.b.bitcast(i32_, None, idx).expect("bitcast");
        self.b.store(self.emit_vertex, idx, None, []).expect("store");
        // Outputs are undefined after an emission: all of them written again.
        if let (Some(place), Some(gl_in)) = (self.position, self.gl_in) {
            let vec4 = self.vtype(VType { kind: Kind::Float, n: 4 });
            let mut chain = vec![idx];
            if !self.gl_in_loose {
                chain.push(self.i(0));
            }
            let pin = self.ptr(Sc::Input, vec4);
            let p = self.b.access_chain(pin, None, gl_in, chain).expect("access_chain");
            let pos = self.b.load(vec4, None, p, None, []).expect("load");
            let pout = self.ptr(Sc::Output, vec4);
            let p = match place {
                Place::Var(v) => v,
                Place::Member(v, m) => {
                    let m = self.i(m as i32);
                    self.b.access_chain(pout, None, v, [m]).expect("access_chain")
                }
            };
            self.b.store(p, pos, None, []).expect("store");
        }
        for (var, v) in self.spec.varyings.iter().enumerate() {
            for comp in 0..v.ty.n as u8 {
                let var = var as u8;
                let value =
                    if v.ty.kind == Kind::Float { Value::F(FExpr::Input { var, comp }) } else { Value::I(IExpr::Input { var, comp }) };
                self.store(&Out::Varying { var, comp }, &value);
            }
        }
        for i in 0..self.clip.map_or(0, |c| c.1) as u8 {
            self.store(&Out::Clip(i), &Value::F(FExpr::Const(1.0)));
        }
        for i in 0..self.cull.map_or(0, |c| c.1) as u8 {
            self.store(&Out::Cull(i), &Value::F(FExpr::Const(1.0)));
        }
        if self.point_size.is_some() {
            self.store(&Out::PointSize, &Value::F(FExpr::Const(1.0)));
        }
        if let Some(out) = self.primitive_id_out {
            let id = self.iexpr(&g.primitive_id);
            self.b.store(out, id, None, []).expect("store");
        }
        self.block(stores, false);
        // if (emitted < max_vertices) { EmitVertex(); emitted += 1; }
        let count = self.b.load(i32_, None, self.emitted, None, []).expect("load");
        let max = self.i(g.max_vertices.clamp(1, GS_MAX_VERTICES) as i32);
        let room = self.b.s_less_than(bool_, None, count, max).expect("slt");
        let (then_l, merge_l) = (self.b.id(), self.b.id());
        self.b.selection_merge(merge_l, ::spirv::SelectionControl::NONE).expect("merge");
        self.b.branch_conditional(room, then_l, merge_l, []).expect("branch");
        self.b.begin_block(Some(then_l)).expect("block");
        self.b.emit_vertex().expect("emit_vertex");
        let one = self.i(1);
        let next = self.b.i_add(i32_, None, count, one).expect("iadd");
        self.b.store(self.emitted, next, None, []).expect("store");
        self.b.branch(merge_l).expect("branch");
        self.b.begin_block(Some(merge_l)).expect("block");
    }

    // ---- outputs ----

    /// A pointer to a float inside a built-in output (`index`: the component or element).
    fn builtin_elem(&mut self, place: Place, index: Word) -> Word {
        let f32_ = self.t.f32_;
        let p = self.ptr(Sc::Output, f32_);
        match place {
            Place::Var(v) => self.b.access_chain(p, None, v, [index]).expect("access_chain"),
            Place::Member(v, m) => {
                let m = self.i(m as i32);
                self.b.access_chain(p, None, v, [m, index]).expect("access_chain")
            }
        }
    }

    fn builtin_scalar(&mut self, place: Place) -> Word {
        match place {
            Place::Var(v) => v,
            Place::Member(v, m) => {
                let f32_ = self.t.f32_;
                let p = self.ptr(Sc::Output, f32_);
                let m = self.i(m as i32);
                self.b.access_chain(p, None, v, [m]).expect("access_chain")
            }
        }
    }

    fn store(&mut self, out: &Out, value: &Value) {
        let f32_ = self.t.f32_;
        match out {
            Out::Position(c) if self.st == St::TessControl => {
                let Some(gl_out) = self.gl_out else { return };
                let e = self.value_f(value);
                let e = self.clamp_f(e, -4.0, 4.0);
                let id = self.invocation();
                let (zero, c) = (self.i(0), self.i((*c).min(3) as i32));
                let p = self.ptr(Sc::Output, f32_);
                let p = self.b.access_chain(p, None, gl_out, [id, zero, c]).expect("access_chain");
                self.b.store(p, e, None, []).expect("store");
            }
            Out::Varying { var, comp } if self.st == St::TessControl => {
                let Some(Some((v, t))) = self.cp_out.get(*var as usize).copied() else { return };
                if u32::from(*comp) >= t.n {
                    return;
                }
                let x = self.value_of_kind(value, t.kind);
                let id = self.invocation();
                let elem = self.scalar(t.kind);
                let pt = self.ptr(Sc::Output, elem);
                let p = if t.n == 1 {
                    self.b.access_chain(pt, None, v, [id]).expect("access_chain")
                } else {
                    let idx = self.i(*comp as i32);
                    self.b.access_chain(pt, None, v, [id, idx]).expect("access_chain")
                };
                self.b.store(p, x, None, []).expect("store");
            }
            Out::Patch { var, comp } => {
                if self.st != St::TessControl {
                    return;
                }
                let Some(Some((v, t))) = self.patch.get(*var as usize).copied() else { return };
                if u32::from(*comp) >= t.n {
                    return;
                }
                // Only invocation 0 writes patch outputs (no two invocations race).
                self.if_first_invocation(|em| {
                    let x = em.value_of_kind(value, t.kind);
                    let elem = em.scalar(t.kind);
                    let p = if t.n == 1 {
                        v
                    } else {
                        let pt = em.ptr(Sc::Output, elem);
                        let idx = em.i(*comp as i32);
                        em.b.access_chain(pt, None, v, [idx]).expect("access_chain")
                    };
                    em.b.store(p, x, None, []).expect("store");
                });
            }
            Out::Position(c) => {
                let (Some(place), true) = (self.position, matches!(self.st, St::Vertex | St::TessEval | St::Geometry)) else { return };
                let c = (*c).min(3);
                let e = self.value_f(value);
                let v = match c {
                    0 | 1 => {
                        let e = self.clamp_f(e, -1.0, 1.0);
                        let k = self.f(0.25);
                        let d = self.b.f_mul(f32_, None, e, k).expect("fmul");
                        let base = match self.st {
                            St::TessEval => self.tess_base(c),
                            // The emission's input vertex.
                            St::Geometry => self.input_f(POSITION, c),
                            _ => self.input_f(0, c),
                        };
                        let x = self.b.f_add(f32_, None, base, d).expect("fadd");
                        match self.spec.tess.as_ref().map_or(0.0, |t| t.nudge_x) {
                            nudge if c == 0 && self.st == St::TessEval && nudge != 0.0 => {
                                let nudge = self.f(nudge);
                                self.b.f_add(f32_, None, x, nudge).expect("fadd")
                            }
                            _ => x,
                        }
                    }
                    2 => {
                        let e = self.clamp_f(e, -1.0, 1.0);
                        let (k, h) = (self.f(0.45), self.f(0.5));
                        let d = self.b.f_mul(f32_, None, e, k).expect("fmul");
                        self.b.f_add(f32_, None, h, d).expect("fadd")
                    }
                    _ => {
                        let e = self.clamp_f(e, 0.0, 1.0);
                        let (k, one) = (self.f(0.5), self.f(1.0));
                        let d = self.b.f_mul(f32_, None, e, k).expect("fmul");
                        self.b.f_add(f32_, None, one, d).expect("fadd")
                    }
                };
                let idx = self.i(c as i32);
                let p = self.builtin_elem(place, idx);
                self.b.store(p, v, None, []).expect("store");
            }
            Out::Varying { var, comp } => {
                let Some(Some((v, t))) = self.varyings.get(*var as usize).copied() else { return };
                if u32::from(*comp) >= t.n {
                    return;
                }
                let x = match t.kind {
                    Kind::Float => {
                        let e = self.value_f(value);
                        self.clamp_f(e, -16.0, 16.0)
                    }
                    Kind::Sint => self.value_i(value),
                    Kind::Uint => {
                        let i = self.value_i(value);
                        let u32_ = self.t.u32_;
                        self.b.bitcast(u32_, None, i).expect("bitcast")
                    }
                };
                let elem = self.scalar(t.kind);
                let member = self.varying_members.get(*var as usize).copied().flatten().map(|m| self.i(m as i32));
                let p = match (t.n, member) {
                    (1, None) => v,
                    (1, Some(m)) => {
                        let pt = self.ptr(Sc::Output, elem);
                        self.b.access_chain(pt, None, v, [m]).expect("access_chain")
                    }
                    (_, None) => {
                        let pt = self.ptr(Sc::Output, elem);
                        let idx = self.i(*comp as i32);
                        self.b.access_chain(pt, None, v, [idx]).expect("access_chain")
                    }
                    (_, Some(m)) => {
                        let pt = self.ptr(Sc::Output, elem);
                        let idx = self.i(*comp as i32);
                        self.b.access_chain(pt, None, v, [m, idx]).expect("access_chain")
                    }
                };
                self.b.store(p, x, None, []).expect("store");
            }
            Out::Clip(i) | Out::Cull(i) => {
                let target = if matches!(out, Out::Clip(_)) { self.clip } else { self.cull };
                let Some((place, n)) = target else { return };
                if u32::from(*i) >= n {
                    return;
                }
                let e = self.value_f(value);
                let e = self.clamp_f(e, -16.0, 16.0);
                let idx = self.i(*i as i32);
                let p = self.builtin_elem(place, idx);
                self.b.store(p, e, None, []).expect("store");
            }
            Out::ClipDynamic(index) => {
                let Some((place, n)) = self.clip else { return };
                let e = self.value_f(value);
                let e = self.clamp_f(e, -16.0, 16.0);
                let i = self.iexpr(index);
                let u32_ = self.t.u32_;
                let u = self.b.bitcast(u32_, None, i).expect("bitcast");
                let n = self.u(n);
                let idx = self.b.u_mod(u32_, None, u, n).expect("umod");
                let p = self.builtin_elem(place, idx);
                self.b.store(p, e, None, []).expect("store");
            }
            Out::PointSize => {
                let Some(place) = self.point_size else { return };
                let e = self.value_f(value);
                let e = self.clamp_f(e, 1.0, 8.0);
                let p = self.builtin_scalar(place);
                self.b.store(p, e, None, []).expect("store");
            }
            Out::Color(c) => {
                let Some(v) = self.color else { return };
                let e = self.value_f(value);
                let pt = self.ptr(Sc::Output, f32_);
                let idx = self.i((*c).min(3) as i32);
                let p = self.b.access_chain(pt, None, v, [idx]).expect("access_chain");
                self.b.store(p, e, None, []).expect("store");
            }
        }
    }

    // ---- expressions ----

    /// A value converted to a varying of `kind` (floats clamped to [-16, 16]).
    fn value_of_kind(&mut self, value: &Value, kind: Kind) -> Word {
        match kind {
            Kind::Float => {
                let e = self.value_f(value);
                self.clamp_f(e, -16.0, 16.0)
            }
            Kind::Sint => self.value_i(value),
            Kind::Uint => {
                let i = self.value_i(value);
                let u32_ = self.t.u32_;
                self.b.bitcast(u32_, None, i).expect("bitcast")
            }
        }
    }

    /// Evaluation stage: `0.5 * gl_in[0].gl_Position[c] + TessCoord[c] - 0.5` (x and y).
    fn tess_base(&mut self, c: u8) -> Word {
        let f32_ = self.t.f32_;
        let p = self.per_vertex_f(POSITION, 0, c);
        let tc = self.fexpr(&FExpr::Builtin(FBuiltin::TessCoord(c)));
        let (h, mh) = (self.f(0.5), self.f(-0.5));
        let a = self.b.f_mul(f32_, None, p, h).expect("fmul");
        let b = self.b.f_add(f32_, None, tc, mh).expect("fadd");
        self.b.f_add(f32_, None, a, b).expect("fadd")
    }

    /// Loads component `comp` of element `index` of a per-vertex array, as a float.
    fn load_elem_f(&mut self, sc: Sc, var: Word, t: VType, index: Word, comp: u8, block: bool) -> Word {
        let elem = self.scalar(t.kind);
        let pt = self.ptr(sc, elem);
        let c = self.i(comp as i32);
        let mut chain = vec![index];
        if block {
            let zero = self.i(0);
            chain.push(zero);
        }
        if t.n > 1 {
            chain.push(c);
        }
        let p = self.b.access_chain(pt, None, var, chain).expect("access_chain");
        let x = self.b.load(elem, None, p, None, []).expect("load");
        match t.kind {
            Kind::Float => x,
            k => {
                let i = self.as_signed(x, k);
                self.int_to_float(i)
            }
        }
    }

    /// [`FExpr::PerVertex`].
    fn per_vertex_f(&mut self, var: u8, vertex: u8, comp: u8) -> Word {
        if self.st == St::Geometry {
            let index = self.i((u32::from(vertex) % self.gs_in.max(1)) as i32);
            let table = self.pv_in.get(var as usize).copied().flatten();
            return self.load_control_point_f(Sc::Input, self.gl_in, table, var, index, comp);
        }
        let Some(t) = self.spec.tess.as_ref() else { return self.f(0.0) };
        let n = match self.st {
            St::TessControl => t.input_vertices,
            St::TessEval => t.output_vertices,
            _ => return self.f(0.0),
        }
        .clamp(1, 32);
        let index = self.i((u32::from(vertex) % n) as i32);
        let table = self.pv_in.get(var as usize).copied().flatten();
        self.load_control_point_f(Sc::Input, self.gl_in, table, var, index, comp)
    }

    /// Component `comp` of control point `index`: of the position block when `var` is
    /// [`POSITION`], else of the per-vertex variable `table` (0.0 where there is none).
    fn load_control_point_f(&mut self, sc: Sc, block: Option<Word>, table: Option<(Word, VType)>, var: u8, index: Word, comp: u8) -> Word {
        if var == POSITION {
            let Some(block) = block else { return self.f(0.0) };
            let vt = VType { kind: Kind::Float, n: 4 };
            let in_block = !(self.gl_in_loose && sc == Sc::Input);
            return self.load_elem_f(sc, block, vt, index, comp.min(3), in_block);
        }
        match table {
            Some((v, vt)) if u32::from(comp) < vt.n => self.load_elem_f(sc, v, vt, index, comp, false),
            _ => self.f(0.0),
        }
    }

    /// [`FExpr::Peer`]: the control stage's outputs of another invocation, after the barrier.
    fn peer_f(&mut self, var: u8, offset: u8, comp: u8) -> Word {
        let Some(t) = self.spec.tess.as_ref() else { return self.f(0.0) };
        if self.st != St::TessControl || !self.after_barrier {
            return self.f(0.0);
        }
        let index = self.invocation_mod(u32::from(offset), t.output_vertices.clamp(1, 32));
        let table = self.cp_out.get(var as usize).copied().flatten();
        self.load_control_point_f(Sc::Output, self.gl_out, table, var, index, comp)
    }

    fn clamp_f(&mut self, x: Word, lo: f32, hi: f32) -> Word {
        let (lo, hi) = (self.f(lo), self.f(hi));
        let f32_ = self.t.f32_;
        self.gl(f32_, Gl::FClamp, &[x, lo, hi])
    }

    fn value_f(&mut self, v: &Value) -> Word {
        match v {
            Value::F(e) => self.fexpr(e),
            Value::I(e) => self.fexpr(&FExpr::FromInt(Box::new(e.clone()))),
        }
    }

    fn value_i(&mut self, v: &Value) -> Word {
        match v {
            Value::I(e) => self.iexpr(e),
            Value::F(e) => self.iexpr(&IExpr::FromFloat(Box::new(e.clone()))),
        }
    }

    /// Loads component `comp` of input `var` (None if it does not exist).
    fn load_input(&mut self, var: u8, comp: u8) -> Option<(Word, Kind)> {
        if self.st == St::Geometry {
            // At the current emission's input vertex.
            let i32_ = self.t.i32_;
            let index = self.b.load(i32_, None, self.emit_vertex, None, []).expect("load");
            if var == POSITION {
                return Some((self.load_control_point_f(Sc::Input, self.gl_in, None, POSITION, index, comp), Kind::Float));
            }
            let (v, t) = self.pv_in.get(var as usize).copied().flatten()?;
            if u32::from(comp) >= t.n {
                return None;
            }
            let elem = self.scalar(t.kind);
            let pt = self.ptr(Sc::Input, elem);
            let mut chain = vec![index];
            if t.n > 1 {
                chain.push(self.i(comp as i32));
            }
            let p = self.b.access_chain(pt, None, v, chain).expect("access_chain");
            return Some((self.b.load(elem, None, p, None, []).expect("load"), t.kind));
        }
        if self.st == St::TessControl {
            let (v, t) = self.pv_in.get(var as usize).copied().flatten()?;
            if u32::from(comp) >= t.n {
                return None;
            }
            let n = self.spec.tess.as_ref().map_or(1, |t| t.input_vertices.clamp(1, 32));
            let index = self.invocation_mod(0, n);
            let elem = self.scalar(t.kind);
            let pt = self.ptr(Sc::Input, elem);
            let mut chain = vec![index];
            if t.n > 1 {
                let c = self.i(comp as i32);
                chain.push(c);
            }
            let p = self.b.access_chain(pt, None, v, chain).expect("access_chain");
            return Some((self.b.load(elem, None, p, None, []).expect("load"), t.kind));
        }
        let source = if self.st == St::TessEval { &self.patch } else { &self.inputs };
        let (v, t) = (*source.get(var as usize)?)?;
        if u32::from(comp) >= t.n {
            return None;
        }
        let ty = self.vtype(t);
        let loaded = self.b.load(ty, None, v, None, []).expect("load");
        let elem = self.scalar(t.kind);
        let x = if t.n == 1 { loaded } else { self.b.composite_extract(elem, None, loaded, [comp as u32]).expect("extract") };
        Some((x, t.kind))
    }

    fn input_f(&mut self, var: u8, comp: u8) -> Word {
        match self.load_input(var, comp) {
            None => self.f(0.0),
            Some((x, Kind::Float)) => x,
            Some((x, k)) => {
                let i = self.as_signed(x, k);
                self.int_to_float(i)
            }
        }
    }

    fn as_signed(&mut self, x: Word, k: Kind) -> Word {
        if k == Kind::Uint {
            let i32_ = self.t.i32_;
            self.b.bitcast(i32_, None, x).expect("bitcast")
        } else {
            x
        }
    }

    fn int_to_float(&mut self, i: Word) -> Word {
        let (lo, hi) = (self.i(-255), self.i(255));
        let (i32_, f32_) = (self.t.i32_, self.t.f32_);
        let c = self.gl(i32_, Gl::SClamp, &[i, lo, hi]);
        self.b.convert_s_to_f(f32_, None, c).expect("convert")
    }

    fn float_to_int(&mut self, x: Word) -> Word {
        let c = self.clamp_f(x, -1000.0, 1000.0);
        let i32_ = self.t.i32_;
        self.b.convert_f_to_s(i32_, None, c).expect("convert")
    }

    fn fexpr(&mut self, e: &FExpr) -> Word {
        let f32_ = self.t.f32_;
        match e {
            FExpr::Const(v) => {
                let v = if v.is_finite() { v.clamp(-255.0, 255.0) } else { 0.0 };
                self.f(v)
            }
            FExpr::Input { var, comp } => self.input_f(*var, *comp),
            FExpr::Local(l) => match self.locals.get(*l as usize) {
                Some(&v) => self.b.load(f32_, None, v, None, []).expect("load"),
                None => self.f(0.0),
            },
            FExpr::PerVertex { var, vertex, comp } => self.per_vertex_f(*var, *vertex, *comp),
            FExpr::Peer { var, offset, comp } => self.peer_f(*var, *offset, *comp),
            FExpr::Read(r) => self.read_f(r),
            FExpr::Builtin(FBuiltin::TessLevel(i)) => {
                let (Some((outer, inner)), St::TessEval) = (self.levels, self.st) else { return self.f(0.0) };
                let i = (*i).min(5);
                let (var, k) = if i < 4 { (outer, i) } else { (inner, i - 4) };
                let idx = self.i(k as i32);
                let p = self.ptr(Sc::Input, f32_);
                let p = self.b.access_chain(p, None, var, [idx]).expect("access_chain");
                self.b.load(f32_, None, p, None, []).expect("load")
            }
            FExpr::Builtin(b) => {
                let (bi, n, c) = match *b {
                    FBuiltin::FragCoord(c) if self.st == St::Fragment => (BuiltIn::FragCoord, 4, c.min(3)),
                    FBuiltin::PointCoord(c) if self.st == St::Fragment => (BuiltIn::PointCoord, 2, c.min(1)),
                    FBuiltin::TessCoord(c) if self.st == St::TessEval => (BuiltIn::TessCoord, 3, c.min(2)),
                    _ => return self.f(0.0),
                };
                let var = self.builtin_input(bi);
                let ty = self.vtype(VType { kind: Kind::Float, n });
                let v = self.b.load(ty, None, var, None, []).expect("load");
                self.b.composite_extract(f32_, None, v, [c as u32]).expect("extract")
            }
            FExpr::Un(op, a) => {
                let x = self.operand(a);
                let g = |em: &mut Self, op: Gl| em.gl(f32_, op, &[x]);
                match op {
                    FUn::Neg => self.b.f_negate(f32_, None, x).expect("fneg"),
                    FUn::Abs => g(self, Gl::FAbs),
                    FUn::Floor => g(self, Gl::Floor),
                    FUn::Ceil => g(self, Gl::Ceil),
                    FUn::Fract => g(self, Gl::Fract),
                    FUn::Trunc => g(self, Gl::Trunc),
                    FUn::RoundEven => g(self, Gl::RoundEven),
                    FUn::Sign => g(self, Gl::FSign),
                    FUn::Sin => g(self, Gl::Sin),
                    FUn::Cos => g(self, Gl::Cos),
                    FUn::Tanh => g(self, Gl::Tanh),
                    FUn::Atan => g(self, Gl::Atan),
                    FUn::SqrtAbs => {
                        let a = g(self, Gl::FAbs);
                        self.gl(f32_, Gl::Sqrt, &[a])
                    }
                }
            }
            FExpr::Bin(op, a, b) => {
                let x = self.operand(a);
                let y = self.operand(b);
                let safe = |em: &mut Self| {
                    let a = em.gl(f32_, Gl::FAbs, &[y]);
                    let one = em.f(1.0);
                    em.b.f_add(f32_, None, a, one).expect("fadd")
                };
                match op {
                    FBin::Add => self.b.f_add(f32_, None, x, y).expect("fadd"),
                    FBin::Sub => self.b.f_sub(f32_, None, x, y).expect("fsub"),
                    FBin::Mul => self.b.f_mul(f32_, None, x, y).expect("fmul"),
                    FBin::DivSafe => {
                        let d = safe(self);
                        self.b.f_div(f32_, None, x, d).expect("fdiv")
                    }
                    FBin::ModSafe => {
                        let d = safe(self);
                        self.b.f_mod(f32_, None, x, d).expect("fmod")
                    }
                    FBin::RemSafe => {
                        let d = safe(self);
                        self.b.f_rem(f32_, None, x, d).expect("frem")
                    }
                    FBin::Min => self.gl(f32_, Gl::FMin, &[x, y]),
                    FBin::Max => self.gl(f32_, Gl::FMax, &[x, y]),
                    FBin::Step => self.gl(f32_, Gl::Step, &[x, y]),
                }
            }
            FExpr::Select(c, a, b) => {
                let c = self.cond(c);
                let x = self.fexpr(a);
                let y = self.fexpr(b);
                self.b.select(f32_, None, c, x, y).expect("select")
            }
            FExpr::FromInt(i) => {
                let i = self.iexpr(i);
                self.int_to_float(i)
            }
        }
    }

    /// An operand of a float operator (see [`PipelineSpec::defold`]).
    fn operand(&mut self, e: &FExpr) -> Word {
        let x = self.fexpr(e);
        if self.zero == 0 || !matches!(e, FExpr::Const(_)) {
            return x;
        }
        let f32_ = self.t.f32_;
        let z = self.b.load(f32_, None, self.zero, None, []).expect("load");
        self.b.f_add(f32_, None, x, z).expect("fadd")
    }

    fn iexpr(&mut self, e: &IExpr) -> Word {
        let i32_ = self.t.i32_;
        match e {
            IExpr::Const(v) => self.i(*v),
            IExpr::Input { var, comp } => match self.load_input(*var, *comp) {
                None => self.i(0),
                Some((x, Kind::Float)) => self.float_to_int(x),
                Some((x, k)) => self.as_signed(x, k),
            },
            IExpr::Counter(d) => {
                if (*d as usize) < self.loops {
                    let c = self.counters[*d as usize];
                    self.b.load(i32_, None, c, None, []).expect("load")
                } else {
                    self.i(0)
                }
            }
            IExpr::InvocationId => {
                if !matches!(self.st, St::TessControl | St::Geometry) {
                    return self.i(0);
                }
                self.invocation()
            }
            IExpr::PrimitiveId | IExpr::PatchVertices => {
                let tess_stage = matches!(self.st, St::TessControl | St::TessEval);
                // (`gl_PrimitiveIDIn` in a geometry stage.)
                let geometry_stage = self.st == St::Geometry && *e == IExpr::PrimitiveId;
                let fragment =
                    self.st == St::Fragment && (self.spec.tess.is_some() || self.spec.geometry.is_some()) && *e == IExpr::PrimitiveId;
                if !tess_stage && !geometry_stage && !fragment {
                    return self.i(0);
                }
                if fragment {
                    self.b.capability(if self.spec.tess.is_some() { Capability::Tessellation } else { Capability::Geometry });
                }
                let bi = if *e == IExpr::PrimitiveId { BuiltIn::PrimitiveId } else { BuiltIn::PatchVertices };
                let new = !self.builtins.contains_key(&bi);
                let v = self.builtin_input(bi);
                if fragment && new {
                    self.b.decorate(v, Decoration::Flat, []);
                }
                self.b.load(i32_, None, v, None, []).expect("load")
            }
            IExpr::VertexIndex | IExpr::InstanceIndex => {
                if self.st != St::Vertex {
                    return self.i(0);
                }
                let bi = if *e == IExpr::VertexIndex { BuiltIn::VertexIndex } else { BuiltIn::InstanceIndex };
                let v = self.builtin_input(bi);
                self.b.load(i32_, None, v, None, []).expect("load")
            }
            IExpr::Bin(op, a, b) => {
                let x = self.iexpr(a);
                let y = self.iexpr(b);
                let masked = |em: &mut Self| {
                    let m = em.i(31);
                    em.b.bitwise_and(i32_, None, y, m).expect("and")
                };
                match op {
                    IBin::Add => self.b.i_add(i32_, None, x, y).expect("iadd"),
                    IBin::Sub => self.b.i_sub(i32_, None, x, y).expect("isub"),
                    IBin::Mul => self.b.i_mul(i32_, None, x, y).expect("imul"),
                    IBin::And => self.b.bitwise_and(i32_, None, x, y).expect("and"),
                    IBin::Or => self.b.bitwise_or(i32_, None, x, y).expect("or"),
                    IBin::Xor => self.b.bitwise_xor(i32_, None, x, y).expect("xor"),
                    IBin::Shl => {
                        let s = masked(self);
                        self.b.shift_left_logical(i32_, None, x, s).expect("shl")
                    }
                    IBin::ShrArith => {
                        let s = masked(self);
                        self.b.shift_right_arithmetic(i32_, None, x, s).expect("sra")
                    }
                    IBin::ShrLogical => {
                        let s = masked(self);
                        self.b.shift_right_logical(i32_, None, x, s).expect("srl")
                    }
                    IBin::Min => self.gl(i32_, Gl::SMin, &[x, y]),
                    IBin::Max => self.gl(i32_, Gl::SMax, &[x, y]),
                }
            }
            IExpr::FromFloat(f) => {
                let x = self.fexpr(f);
                self.float_to_int(x)
            }
        }
    }

    fn cond(&mut self, c: &Cond) -> Word {
        let bool_ = self.t.bool_;
        match c {
            Cond::Const(v) => {
                if *v {
                    self.b.constant_true(bool_)
                } else {
                    self.b.constant_false(bool_)
                }
            }
            Cond::F(op, a, b) => {
                let x = self.fexpr(a);
                let y = self.fexpr(b);
                let r = match op {
                    CmpOp::Lt => self.b.f_ord_less_than(bool_, None, x, y),
                    CmpOp::Le => self.b.f_ord_less_than_equal(bool_, None, x, y),
                    CmpOp::Gt => self.b.f_ord_greater_than(bool_, None, x, y),
                    CmpOp::Ge => self.b.f_ord_greater_than_equal(bool_, None, x, y),
                    CmpOp::Eq => self.b.f_ord_equal(bool_, None, x, y),
                    CmpOp::Ne => self.b.f_unord_not_equal(bool_, None, x, y),
                };
                r.expect("fcmp")
            }
            Cond::I(op, a, b) => {
                let x = self.iexpr(a);
                let y = self.iexpr(b);
                let r = match op {
                    CmpOp::Lt => self.b.s_less_than(bool_, None, x, y),
                    CmpOp::Le => self.b.s_less_than_equal(bool_, None, x, y),
                    CmpOp::Gt => self.b.s_greater_than(bool_, None, x, y),
                    CmpOp::Ge => self.b.s_greater_than_equal(bool_, None, x, y),
                    CmpOp::Eq => self.b.i_equal(bool_, None, x, y),
                    CmpOp::Ne => self.b.i_not_equal(bool_, None, x, y),
                };
                r.expect("icmp")
            }
            Cond::Not(a) => {
                let x = self.cond(a);
                self.b.logical_not(bool_, None, x).expect("not")
            }
            Cond::And(a, b) => {
                let x = self.cond(a);
                let y = self.cond(b);
                self.b.logical_and(bool_, None, x, y).expect("and")
            }
            Cond::Or(a, b) => {
                let x = self.cond(a);
                let y = self.cond(b);
                self.b.logical_or(bool_, None, x, y).expect("or")
            }
            Cond::FrontFacing => {
                if self.st != St::Fragment {
                    return self.b.constant_false(bool_);
                }
                let v = self.builtin_input(BuiltIn::FrontFacing);
                self.b.load(bool_, None, v, None, []).expect("load")
            }
        }
    }
}

/// The decoration an interpolation qualifier takes (none for smooth).
fn interp_decoration(i: Interp) -> Option<Decoration> {
    match i {
        Interp::Smooth => None,
        Interp::Flat => Some(Decoration::Flat),
        Interp::NoPerspective => Some(Decoration::NoPerspective),
        Interp::Centroid => Some(Decoration::Centroid),
    }
}
