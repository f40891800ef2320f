//! Reduction of a [`PipelineSpec`]: candidate specs that are each a little smaller, for a
//! greedy shrinker that keeps a candidate while it still shows the bug. The emitter is total,
//! so every candidate is a valid pipeline.

use super::*;

/// A mutable reference to one expression node.
pub enum Node<'a> {
    F(&'a mut FExpr),
    I(&'a mut IExpr),
    C(&'a mut Cond),
}

/// Calls `f` on every float expression node (pre-order), including those inside conditions
/// and integer expressions.
pub fn visit_fexprs(stmts: &[Stmt], f: &mut impl FnMut(&FExpr)) {
    let mut stmts = stmts.to_vec();
    walk_stmts(&mut stmts, &mut |n| {
        if let Node::F(e) = n {
            f(e)
        }
    });
}

/// Calls `f` on every expression node of `stmts`, parents before children.
pub fn walk_stmts(stmts: &mut [Stmt], f: &mut dyn FnMut(Node)) {
    for s in stmts {
        match s {
            Stmt::Assign(_, e) => walk_f(e, f),
            Stmt::Store(out, v) => {
                if let Out::ClipDynamic(i) = out {
                    walk_i(i, f);
                }
                match v {
                    Value::F(e) => walk_f(e, f),
                    Value::I(e) => walk_i(e, f),
                }
            }
            Stmt::If(c, a, b) => {
                walk_c(c, f);
                walk_stmts(a, f);
                walk_stmts(b, f);
            }
            Stmt::Loop(_, body) => walk_stmts(body, f),
            Stmt::Emit { vertex, stores } => {
                walk_i(vertex, f);
                walk_stmts(stores, f);
            }
            Stmt::Discard | Stmt::EndPrimitive => {}
        }
    }
}

/// Calls `f` on every node of `e` (pre-order), `e` first.
pub fn walk_fexpr(e: &mut FExpr, f: &mut dyn FnMut(Node)) {
    walk_f(e, f)
}

fn walk_f(e: &mut FExpr, f: &mut dyn FnMut(Node)) {
    f(Node::F(e));
    match e {
        FExpr::Un(_, a) => walk_f(a, f),
        FExpr::Bin(_, a, b) => {
            walk_f(a, f);
            walk_f(b, f);
        }
        FExpr::Select(c, a, b) => {
            walk_c(c, f);
            walk_f(a, f);
            walk_f(b, f);
        }
        FExpr::FromInt(i) => walk_i(i, f),
        FExpr::Read(Read::Buffer { index, .. }) => walk_i(index, f),
        FExpr::Read(Read::Texel { x, y, .. }) => {
            walk_i(x, f);
            walk_i(y, f);
        }
        _ => {}
    }
}

fn walk_i(e: &mut IExpr, f: &mut dyn FnMut(Node)) {
    f(Node::I(e));
    match e {
        IExpr::Bin(_, a, b) => {
            walk_i(a, f);
            walk_i(b, f);
        }
        IExpr::FromFloat(x) => walk_f(x, f),
        _ => {}
    }
}

fn walk_c(c: &mut Cond, f: &mut dyn FnMut(Node)) {
    f(Node::C(c));
    match c {
        Cond::F(_, a, b) => {
            walk_f(a, f);
            walk_f(b, f);
        }
        Cond::I(_, a, b) => {
            walk_i(a, f);
            walk_i(b, f);
        }
        Cond::Not(a) => walk_c(a, f),
        Cond::And(a, b) | Cond::Or(a, b) => {
            walk_c(a, f);
            walk_c(b, f);
        }
        _ => {}
    }
}

/// Simpler replacements of one node (constants, or one of its children).
fn simpler(n: &Node) -> Vec<Replacement> {
    match n {
        Node::F(e) => {
            let mut v = Vec::new();
            match e {
                FExpr::Const(c) if *c == 0.0 => return v,
                FExpr::Const(_) => return vec![Replacement::F(FExpr::Const(0.0))],
                FExpr::Un(_, a) => v.push(Replacement::F((**a).clone())),
                FExpr::Bin(_, a, b) | FExpr::Select(_, a, b) => {
                    v.push(Replacement::F((**a).clone()));
                    v.push(Replacement::F((**b).clone()));
                }
                _ => {}
            }
            v.push(Replacement::F(FExpr::Const(0.0)));
            v.push(Replacement::F(FExpr::Const(1.0)));
            v
        }
        Node::I(e) => {
            let mut v = Vec::new();
            match e {
                IExpr::Const(0) => return v,
                IExpr::Const(_) => return vec![Replacement::I(IExpr::Const(0))],
                IExpr::Bin(_, a, b) => {
                    v.push(Replacement::I((**a).clone()));
                    v.push(Replacement::I((**b).clone()));
                }
                _ => {}
            }
            v.push(Replacement::I(IExpr::Const(0)));
            v.push(Replacement::I(IExpr::Const(1)));
            v
        }
        Node::C(c) => {
            let mut v = Vec::new();
            match c {
                Cond::Const(_) => return v,
                Cond::Not(a) => v.push(Replacement::C((**a).clone())),
                Cond::And(a, b) | Cond::Or(a, b) => {
                    v.push(Replacement::C((**a).clone()));
                    v.push(Replacement::C((**b).clone()));
                }
                _ => {}
            }
            v.push(Replacement::C(Cond::Const(true)));
            v.push(Replacement::C(Cond::Const(false)));
            v
        }
    }
}

#[derive(Clone)]
enum Replacement {
    F(FExpr),
    I(IExpr),
    C(Cond),
}

fn count_nodes(stmts: &mut [Stmt]) -> usize {
    let mut n = 0;
    walk_stmts(stmts, &mut |_| n += 1);
    n
}

/// Replaces node `k` (in walk order) by its `r`-th simpler form; false if there is none.
fn replace_node(stmts: &mut [Stmt], k: usize, r: usize) -> bool {
    let mut i = 0;
    let mut done = false;
    walk_stmts(stmts, &mut |n| {
        if i == k && !done {
            let options = simpler(&n);
            if let Some(rep) = options.get(r).cloned() {
                match (n, rep) {
                    (Node::F(e), Replacement::F(x)) => *e = x,
                    (Node::I(e), Replacement::I(x)) => *e = x,
                    (Node::C(e), Replacement::C(x)) => *e = x,
                    _ => {}
                }
                done = true;
            }
        }
        i += 1;
    });
    done
}

/// Statement lists of a program, addressed by a path of (statement index, branch) steps.
fn lists(stmts: &[Stmt], path: &mut Vec<(usize, u8)>, out: &mut Vec<Vec<(usize, u8)>>) {
    out.push(path.clone());
    for (i, s) in stmts.iter().enumerate() {
        match s {
            Stmt::If(_, a, b) => {
                path.push((i, 0));
                lists(a, path, out);
                path.pop();
                path.push((i, 1));
                lists(b, path, out);
                path.pop();
            }
            Stmt::Loop(_, body) | Stmt::Emit { stores: body, .. } => {
                path.push((i, 0));
                lists(body, path, out);
                path.pop();
            }
            _ => {}
        }
    }
}

fn list_at<'a>(stmts: &'a mut Vec<Stmt>, path: &[(usize, u8)]) -> Option<&'a mut Vec<Stmt>> {
    let Some(((i, branch), rest)) = path.split_first() else { return Some(stmts) };
    match stmts.get_mut(*i)? {
        Stmt::If(_, a, b) => list_at(if *branch == 0 { a } else { b }, rest),
        Stmt::Loop(_, body) | Stmt::Emit { stores: body, .. } => list_at(body, rest),
        _ => None,
    }
}

/// `prog` with one expression node replaced by a simpler one, for each node and each of the
/// (up to three) replacements [`replace_node`] offers.
fn expression_candidates(prog: &Program) -> Vec<Program> {
    let mut out = Vec::new();
    let mut body = prog.body.clone();
    for k in 0..count_nodes(&mut body) {
        for r in 0..3 {
            let mut b = prog.body.clone();
            if !replace_node(&mut b, k, r) {
                break;
            }
            out.push(Program { locals: prog.locals, body: b });
        }
    }
    out
}

/// Structural candidates for one program: drop a statement, inline an `if` branch or a loop
/// body. (An emission's stores are not inlined: outside an emission they are overwritten by
/// the next one.)
fn program_candidates(p: &Program) -> Vec<Program> {
    let mut out = Vec::new();
    let mut paths = Vec::new();
    lists(&p.body, &mut Vec::new(), &mut paths);
    for path in &paths {
        let len = {
            let mut body = p.body.clone();
            list_at(&mut body, path).map_or(0, |l| l.len())
        };
        for i in 0..len {
            let mut q = p.clone();
            let Some(list) = list_at(&mut q.body, path) else { continue };
            let s = list.remove(i);
            out.push(q.clone());
            // Inline the statement's children in its place.
            let inlined: Vec<Vec<Stmt>> = match s {
                Stmt::If(_, a, b) => vec![a, b],
                Stmt::Loop(_, body) => vec![body],
                _ => vec![],
            };
            for children in inlined {
                let mut r = q.clone();
                if let Some(list) = list_at(&mut r.body, path) {
                    for (k, c) in children.into_iter().enumerate() {
                        list.insert(i + k, c);
                    }
                    out.push(r);
                }
            }
        }
    }
    if p.locals > 0 {
        out.push(Program { locals: p.locals - 1, ..p.clone() });
    }
    out
}

/// Greedy reduction: repeatedly takes the first smaller candidate for which `still_fails`
/// holds, until none does or `deadline` passes.
pub fn shrink_by(spec: &PipelineSpec, deadline: std::time::Instant, mut still_fails: impl FnMut(&PipelineSpec) -> bool) -> PipelineSpec {
    let mut best = spec.clone();
    'outer: loop {
        let size = best.size();
        for cand in best.shrink_candidates() {
            if std::time::Instant::now() > deadline {
                break 'outer;
            }
            if cand.size() < size && still_fails(&cand) {
                best = cand;
                continue 'outer;
            }
        }
        break;
    }
    best
}

impl PipelineSpec {
    /// Smaller variants of this spec, most aggressive first.
    pub fn shrink_candidates(&self) -> Vec<PipelineSpec> {
        let mut out = self.fewer_vertices();
        // Program structure.
        for p in program_candidates(&self.vertex) {
            out.push(PipelineSpec { vertex: p, ..self.clone() });
        }
        if let Some(f) = &self.fragment {
            for p in program_candidates(f) {
                out.push(PipelineSpec { fragment: Some(p), ..self.clone() });
            }
        }
        out.extend(self.smaller_interface());
        out.extend(self.simpler_varyings());
        // Expressions.
        for p in expression_candidates(&self.vertex) {
            out.push(PipelineSpec { vertex: p, ..self.clone() });
        }
        for p in self.fragment.iter().flat_map(expression_candidates) {
            out.push(PipelineSpec { fragment: Some(p), ..self.clone() });
        }
        if let Some(t) = &self.tess {
            out.extend(self.smaller_tessellation(t));
        }
        if let Some(g) = &self.geometry {
            out.extend(self.smaller_geometry(g));
        }
        // Vertex data: simpler values.
        for vi in 0..self.vertices.len() {
            for ci in 0..self.vertices[vi].len() {
                let x = self.vertices[vi][ci];
                if x != 0 && ci >= 2 {
                    let mut s = self.clone();
                    s.vertices[vi][ci] = 0;
                    out.push(s);
                }
            }
        }
        out
    }

    /// The spec without one primitive's vertices, for each primitive, while enough are left.
    fn fewer_vertices(&self) -> Vec<PipelineSpec> {
        let step = match self.topology {
            Topology::TriangleList => 3,
            Topology::LineList => 2,
            Topology::LineListAdjacency => 4,
            Topology::TriangleListAdjacency => 6,
            Topology::TriangleStripAdjacency => 2,
            Topology::PatchList { control_points } => control_points.max(1) as usize,
            _ => 1,
        };
        let min = match self.topology {
            Topology::TriangleList | Topology::TriangleStrip => 3,
            Topology::LineList | Topology::LineStrip => 2,
            Topology::LineListAdjacency | Topology::LineStripAdjacency => 4,
            Topology::TriangleListAdjacency | Topology::TriangleStripAdjacency => 6,
            _ => step,
        };
        let mut out = Vec::new();
        if self.vertices.len() >= min + step {
            for start in (0..=self.vertices.len() - step).step_by(step) {
                let mut s = self.clone();
                s.vertices.drain(start..start + step);
                out.push(s);
            }
        }
        out
    }

    /// Fewer varyings, attributes, clip and cull distances, resources; built-ins and modes
    /// dropped where that keeps the result defined.
    fn smaller_interface(&self) -> Vec<PipelineSpec> {
        let mut out = Vec::new();
        for i in (0..self.varyings.len()).rev() {
            let mut s = self.clone();
            s.varyings.remove(i);
            out.push(s);
        }
        for i in (1..self.attributes.len()).rev() {
            let mut s = self.clone();
            let before: usize = s.attributes[..i].iter().map(|a| a.ty.n as usize).sum();
            let n = s.attributes.remove(i).ty.n as usize;
            for v in &mut s.vertices {
                v.drain(before..(before + n).min(v.len()));
            }
            out.push(s);
        }
        if self.clip > 0 {
            out.push(PipelineSpec { clip: 0, ..self.clone() });
            out.push(PipelineSpec { clip: self.clip - 1, ..self.clone() });
        }
        if self.cull > 0 {
            out.push(PipelineSpec { cull: 0, ..self.clone() });
        }
        for r in self.resources.shrink_candidates() {
            out.push(PipelineSpec { resources: r, ..self.clone() });
        }
        // A point list, or an evaluation or geometry stage drawing points, in defined-only mode
        // keeps its PointSize: without it the size is undefined and any difference is
        // meaningless.
        let draws_points = match &self.geometry {
            Some(g) => self.defold && g.output == GsOutput::Points,
            None => self.topology == Topology::PointList || (self.defold && self.tess.as_ref().is_some_and(|t| t.point_mode)),
        };
        if self.point_size && !draws_points {
            out.push(PipelineSpec { point_size: false, ..self.clone() });
        }
        if self.varying_block {
            out.push(PipelineSpec { varying_block: false, ..self.clone() });
        }
        if self.optimized {
            out.push(PipelineSpec { optimized: false, ..self.clone() });
        }
        if self.style != BuiltinStyle::Loose {
            out.push(PipelineSpec { style: BuiltinStyle::Loose, ..self.clone() });
        }
        out
    }

    /// Each varying made simpler one way: read whole, one component fewer, decorated in the
    /// vertex stage, interpolated smoothly.
    fn simpler_varyings(&self) -> Vec<PipelineSpec> {
        let mut out = Vec::new();
        for (i, v) in self.varyings.iter().enumerate() {
            let mut simpler = Vec::new();
            if v.read != 0 && v.read != v.ty.n {
                simpler.push(Varying { read: v.ty.n, ..v.clone() });
            }
            if v.ty.n > 1 {
                simpler.push(Varying { ty: VType { n: v.ty.n - 1, ..v.ty }, read: v.read.min(v.ty.n - 1), ..v.clone() });
            }
            if !v.vertex_decorated {
                simpler.push(Varying { vertex_decorated: true, ..v.clone() });
            }
            if v.ty.kind == Kind::Float && v.interp != Interp::Smooth {
                simpler.push(Varying { interp: Interp::Smooth, ..v.clone() });
            }
            for n in simpler {
                let mut s = self.clone();
                s.varyings[i] = n;
                out.push(s);
            }
        }
        out
    }

    /// The tessellation stages made smaller: their programs, the code after the barrier, the
    /// levels, the per-vertex and per-patch outputs, the modes, then their expressions.
    fn smaller_tessellation(&self, t: &TessSpec) -> Vec<PipelineSpec> {
        let with = |t2: TessSpec| PipelineSpec { tess: Some(t2), ..self.clone() };
        let mut out = Vec::new();
        for p in program_candidates(&t.control) {
            out.push(with(TessSpec { control: p, ..t.clone() }));
        }
        for p in program_candidates(&t.eval) {
            out.push(with(TessSpec { eval: p, ..t.clone() }));
        }
        if let Some(after) = &t.after_barrier {
            out.push(with(TessSpec { after_barrier: None, ..t.clone() }));
            for p in program_candidates(&Program { locals: t.control.locals, body: after.clone() }) {
                out.push(with(TessSpec { after_barrier: Some(p.body), ..t.clone() }));
            }
        }
        for i in 0..t.levels.len() {
            if t.levels[i] != Level::Const(1.0) {
                let mut t2 = t.clone();
                t2.levels[i] = Level::Const(1.0);
                out.push(with(t2));
            }
        }
        for i in (0..t.cp_vars.len()).rev() {
            let mut t2 = t.clone();
            t2.cp_vars.remove(i);
            out.push(with(t2));
        }
        for i in (0..t.patch_vars.len()).rev() {
            let mut t2 = t.clone();
            t2.patch_vars.remove(i);
            out.push(with(t2));
        }
        if t.point_mode {
            out.push(with(TessSpec { point_mode: false, ..t.clone() }));
        }
        if t.modes_in != ModesIn::Eval {
            out.push(with(TessSpec { modes_in: ModesIn::Eval, ..t.clone() }));
        }
        if t.output_vertices > 1 {
            out.push(with(TessSpec { output_vertices: 1, ..t.clone() }));
        }
        for p in expression_candidates(&t.control) {
            out.push(with(TessSpec { control: p, ..t.clone() }));
        }
        for p in expression_candidates(&t.eval) {
            out.push(with(TessSpec { eval: p, ..t.clone() }));
        }
        out
    }

    /// The geometry stage gone (a point list in defined-only mode then writes its PointSize),
    /// or smaller.
    fn smaller_geometry(&self, g: &GeometrySpec) -> Vec<PipelineSpec> {
        let point_size =
            self.point_size || (self.defold && (self.topology == Topology::PointList || self.tess.as_ref().is_some_and(|t| t.point_mode)));
        let mut out = vec![PipelineSpec { geometry: None, point_size, ..self.clone() }];
        let with = |g2: GeometrySpec| PipelineSpec { geometry: Some(g2), ..self.clone() };
        for p in program_candidates(&g.program) {
            out.push(with(GeometrySpec { program: p, ..g.clone() }));
        }
        if g.invocations > 1 {
            out.push(with(GeometrySpec { invocations: 1, ..g.clone() }));
        }
        if g.max_vertices > 1 {
            out.push(with(GeometrySpec { max_vertices: g.max_vertices - 1, ..g.clone() }));
        }
        if g.spare_vertices > 0 {
            out.push(with(GeometrySpec { spare_vertices: 0, ..g.clone() }));
        }
        if !g.gl_in_block {
            out.push(with(GeometrySpec { gl_in_block: true, ..g.clone() }));
        }
        if g.primitive_id != IExpr::PrimitiveId {
            out.push(with(GeometrySpec { primitive_id: IExpr::PrimitiveId, ..g.clone() }));
        }
        for p in expression_candidates(&g.program) {
            out.push(with(GeometrySpec { program: p, ..g.clone() }));
        }
        out
    }

    /// A size measure that every candidate decreases (so greedy shrinking terminates).
    pub fn size(&self) -> usize {
        let mut n = self.vertices.len() * 4 + self.varyings.len() * 8 + self.attributes.len() * 8;
        n += (self.clip + self.cull) as usize
            + self.point_size as usize
            + (self.style != BuiltinStyle::Loose) as usize
            + self.varying_block as usize;
        for v in &self.varyings {
            n += v.ty.n as usize + (v.read != v.ty.n) as usize + (!v.vertex_decorated) as usize + (v.interp != Interp::Smooth) as usize;
        }
        for p in std::iter::once(&self.vertex).chain(self.fragment.as_ref()) {
            n += p.locals as usize + program_weight(&p.body);
        }
        if let Some(t) = &self.tess {
            n += 8 * (t.cp_vars.len() + t.patch_vars.len()) + t.point_mode as usize + (t.modes_in != ModesIn::Eval) as usize;
            n += t.output_vertices as usize - 1;
            n += t.levels.iter().filter(|l| **l != Level::Const(1.0)).count();
            for p in [&t.control, &t.eval] {
                n += p.locals as usize + program_weight(&p.body);
            }
            if let Some(after) = &t.after_barrier {
                n += 1 + program_weight(after);
            }
        }
        if let Some(g) = &self.geometry {
            n += 8 + g.program.locals as usize + program_weight(&g.program.body);
            n += (g.max_vertices as usize).saturating_sub(1) + g.spare_vertices as usize + (g.invocations as usize).saturating_sub(1);
            n += (!g.gl_in_block) as usize;
            n += (g.primitive_id != IExpr::PrimitiveId) as usize;
        }
        n += self.resources.size();
        n + self.vertices.iter().flatten().skip(2).filter(|&&x| x != 0).count()
    }
}

fn program_weight(stmts: &[Stmt]) -> usize {
    let mut n = 0;
    for s in stmts {
        n += 4;
        match s {
            Stmt::If(_, a, b) => n += 2 + program_weight(a) + program_weight(b),
            Stmt::Loop(c, b) => n += 2 + *c as usize + program_weight(b),
            Stmt::Emit { stores, .. } => n += 2 + program_weight(stores),
            _ => {}
        }
    }
    let mut body = stmts.to_vec();
    walk_stmts(&mut body, &mut |node| {
        n += match node {
            Node::F(FExpr::Const(c)) if *c == 0.0 => 0,
            Node::I(IExpr::Const(0)) => 0,
            Node::C(Cond::Const(_)) => 0,
            _ => 2,
        }
    });
    n
}
