//! Where a module's memory layout departs from the layout its WGSL text would have.
//!
//! naga's WGSL writer writes struct members and arrays without their offsets, sizes or
//! strides: the text has WGSL's natural layout (each member at the next offset its alignment
//! allows, a struct's size its end rounded to its alignment, an array's stride its element's
//! size rounded likewise). A module read from SPIR-V keeps SPIR-V's explicit layout
//! (`Offset`, `ArrayStride`), which may leave gaps: `layout(offset = 48)`, std140 strides in a
//! storage buffer, a struct padded past its last member. [`drifts`] lists every such place;
//! [`spell_out`] writes `@size` attributes into the text so its structs have the module's
//! layout, and what it cannot express is left in the list (the round trip refuses it).

use naga::proc::Layouter;
use naga::{Handle, Type, TypeInner};

/// One place where the natural WGSL layout and the module's differ.
#[derive(Debug, Clone, PartialEq)]
pub enum Drift {
    /// Member `member` of a struct sits at `offset`, WGSL would put it at `natural`.
    Member { ty: Handle<Type>, member: usize, offset: u32, natural: u32 },
    /// A struct spans `span` bytes, WGSL would make it `natural`.
    Span { ty: Handle<Type>, span: u32, natural: u32 },
    /// An array's stride is `stride`, WGSL's would be `natural`.
    Stride { ty: Handle<Type>, stride: u32, natural: u32 },
}

fn round_up(align: u32, value: u32) -> u32 {
    value.div_ceil(align.max(1)).saturating_mul(align.max(1))
}

/// Every drift of the types `module`'s buffers (uniform, storage and immediate globals) hold,
/// struct members before spans, in arena order: the layouts the host shares. Other types'
/// layouts are the shader's own business (and a type no global holds is not written).
pub fn drifts(module: &naga::Module) -> Vec<Drift> {
    drifts_of(module, |space| {
        matches!(space, naga::AddressSpace::Uniform | naga::AddressSpace::Storage { .. } | naga::AddressSpace::Immediate)
    })
}

/// The drifts of the types storage buffers hold: what a writer that lays storage buffers out
/// naturally (naga's GLSL writer declares them `std430`, whose rules are WGSL's) and drops
/// offsets would get wrong. [`pad_shared_structs`] leaves some where members cannot fill a gap
/// (a struct some expression builds member by member, a span wider than natural, a gap past
/// [`MAX_PADS`] or not of whole words): only the text spells those out.
pub fn storage_drifts(module: &naga::Module) -> Vec<Drift> {
    drifts_of(module, |space| matches!(space, naga::AddressSpace::Storage { .. }))
}

fn drifts_of(module: &naga::Module, shared: impl Fn(naga::AddressSpace) -> bool) -> Vec<Drift> {
    let roots = module.global_variables.iter().filter(|(_, g)| shared(g.space)).map(|(_, g)| g.ty);
    let reachable = reachable(module, roots);
    if reachable.is_empty() {
        return Vec::new();
    }
    let mut layouter = Layouter::default();
    if layouter.update(module.to_ctx()).is_err() {
        return Vec::new();
    }
    let align = |t: Handle<Type>| u32::from(layouter[t].alignment.round_up(1));
    let mut out = Vec::new();
    for (handle, ty) in module.types.iter().filter(|(h, _)| reachable.contains(h)) {
        match &ty.inner {
            TypeInner::Struct { members, span } => {
                let mut end = 0u32;
                for (i, m) in members.iter().enumerate() {
                    let natural = round_up(align(m.ty), end);
                    if natural != m.offset {
                        out.push(Drift::Member { ty: handle, member: i, offset: m.offset, natural });
                    }
                    end = m.offset.saturating_add(layouter[m.ty].size);
                }
                let struct_align = members.iter().map(|m| align(m.ty)).max().unwrap_or(1);
                let natural = round_up(struct_align, end);
                if natural != *span {
                    out.push(Drift::Span { ty: handle, span: *span, natural });
                }
            }
            TypeInner::Array { base, stride, .. } => {
                let natural = round_up(align(*base), layouter[*base].size);
                if natural != *stride {
                    out.push(Drift::Stride { ty: handle, stride: *stride, natural });
                }
            }
            _ => {}
        }
    }
    out
}

/// `roots` and every type they hold (as members or elements, at any depth), each visited once.
fn reachable(module: &naga::Module, roots: impl Iterator<Item = Handle<Type>>) -> std::collections::HashSet<Handle<Type>> {
    let mut seen = std::collections::HashSet::new();
    let mut todo: Vec<Handle<Type>> = roots.collect();
    while let Some(t) = todo.pop() {
        if !seen.insert(t) {
            continue;
        }
        match &module.types[t].inner {
            TypeInner::Struct { members, .. } => todo.extend(members.iter().map(|m| m.ty)),
            TypeInner::Array { base, .. } | TypeInner::BindingArray { base, .. } => todo.push(*base),
            _ => {}
        }
    }
    seen
}

/// The structs naga's WGSL writer declares, in the order it writes them (arena order, less
/// WGSL's predeclared types).
fn written_structs(module: &naga::Module) -> Vec<Handle<Type>> {
    let st = &module.special_types;
    let predeclared = |h: Handle<Type>| {
        st.predeclared_types.values().any(|t| *t == h)
            || Some(h) == st.external_texture_params
            || Some(h) == st.external_texture_transfer_function
    };
    module.types.iter().filter(|(h, t)| matches!(t.inner, TypeInner::Struct { .. }) && !predeclared(*h)).map(|(h, _)| h).collect()
}

/// Whether any expression builds a value of `ty` member by member (a text with a member
/// added would pass it one value too few).
fn composed(module: &naga::Module, ty: Handle<Type>) -> bool {
    let builds = |e: &naga::Expression| matches!(e, naga::Expression::Compose { ty: t, .. } if *t == ty);
    module.global_expressions.iter().any(|(_, e)| builds(e))
        || module
            .functions
            .iter()
            .map(|(_, f)| f)
            .chain(module.entry_points.iter().map(|e| &e.function))
            .any(|f| f.expressions.iter().any(|(_, e)| builds(e)))
}

/// `source`, naga's WGSL for `module`, with `@size` attributes (and a leading padding member
/// where a struct's first member is past 0) that give its structs the module's layout; `Err`
/// names a drift WGSL cannot spell (an array stride other than its element's aligned size).
pub fn spell_out(module: &naga::Module, source: &str) -> Result<Option<String>, String> {
    let drifts = drifts(module);
    if drifts.is_empty() {
        return Ok(None);
    }
    let name = |ty: Handle<Type>| match module.types[ty].name.clone() {
        Some(n) => n,
        // An unnamed type: the global holding it.
        None => module
            .global_variables
            .iter()
            .find(|(_, g)| reachable(module, std::iter::once(g.ty)).contains(&ty))
            .and_then(|(_, g)| g.name.clone())
            .unwrap_or_else(|| "an unnamed type".into()),
    };
    // Per struct: (member index → @size), and whether a leading pad is needed.
    let mut sizes: std::collections::HashMap<Handle<Type>, Vec<(usize, u32)>> = Default::default();
    let mut leading: std::collections::HashMap<Handle<Type>, u32> = Default::default();
    for d in &drifts {
        match *d {
            Drift::Stride { ty, stride, natural } => {
                return Err(format!(
                    "an array of stride {stride} (WGSL's stride for its element is {natural}) in `{}`: WGSL cannot spell that layout",
                    name(ty)
                ))
            }
            Drift::Member { ty, member: 0, offset, .. } => {
                if composed(module, ty) {
                    return Err(format!("the struct `{}` starting at offset {offset}, built member by member", name(ty)));
                }
                leading.insert(ty, offset);
            }
            Drift::Member { ty, member, offset, .. } => {
                let TypeInner::Struct { members, .. } = &module.types[ty].inner else { continue };
                // (Members out of offset order have no `@size` spelling.)
                let Some(size) = offset.checked_sub(members[member - 1].offset) else {
                    return Err(format!("the struct `{}` with members out of offset order", name(ty)));
                };
                sizes.entry(ty).or_default().push((member - 1, size));
            }
            Drift::Span { ty, span, .. } => {
                let TypeInner::Struct { members, .. } = &module.types[ty].inner else { continue };
                let Some(last) = members.last() else { continue };
                let Some(size) = span.checked_sub(last.offset) else {
                    return Err(format!("the struct `{}` spanning less than its last member's offset", name(ty)));
                };
                sizes.entry(ty).or_default().push((members.len() - 1, size));
            }
        }
    }
    let structs = written_structs(module);
    let mut out = String::with_capacity(source.len() + 64);
    let mut current: Option<(Handle<Type>, usize)> = None; // (struct, next member line)
    let mut next_struct = 0;
    for line in source.split_inclusive('\n') {
        if line.starts_with("struct ") {
            let Some(ty) = structs.get(next_struct).copied() else { return Err("more structs in the text than in the module".into()) };
            next_struct += 1;
            out.push_str(line);
            if let Some(offset) = leading.get(&ty) {
                out.push_str(&format!("    @size({offset}) tesserae_offset_{offset}: u32,\n"));
            }
            current = Some((ty, 0));
            continue;
        }
        if let Some((ty, member)) = current {
            if line.starts_with('}') {
                current = None;
            } else {
                if let Some((_, size)) = sizes.get(&ty).and_then(|s| s.iter().find(|(m, _)| *m == member)) {
                    let indent = line.len() - line.trim_start().len();
                    out.push_str(&line[..indent]);
                    out.push_str(&format!("@size({size}) "));
                    out.push_str(&line[indent..]);
                } else {
                    out.push_str(line);
                }
                current = Some((ty, member + 1));
                continue;
            }
        }
        out.push_str(line);
    }
    Ok(Some(out))
}

/// Where the layouts of the bound globals of `written` (a module) and `parsed` (its WGSL read
/// back) differ, walking their types together: the check that the text lays memory out as the
/// module does.
pub fn compare_bound_layouts(written: &naga::Module, parsed: &naga::Module) -> Result<(), String> {
    let bound = |m: &naga::Module| -> Vec<(naga::ResourceBinding, Handle<Type>)> {
        let mut v: Vec<_> = m.global_variables.iter().filter_map(|(_, g)| Some((g.binding?, g.ty))).collect();
        v.sort_by_key(|(b, _)| (b.group, b.binding));
        v
    };
    let (a, b) = (bound(written), bound(parsed));
    if a.len() != b.len() {
        return Err(format!("{} bound globals written, {} read back", a.len(), b.len()));
    }
    for ((ba, ta), (bb, tb)) in a.iter().zip(&b) {
        if ba != bb {
            return Err(format!("bindings {ba:?} and {bb:?}"));
        }
        same_layout(written, *ta, parsed, *tb).map_err(|e| format!("@group({}) @binding({}): {e}", ba.group, ba.binding))?;
    }
    Ok(())
}

fn same_layout(ma: &naga::Module, a: Handle<Type>, mb: &naga::Module, b: Handle<Type>) -> Result<(), String> {
    match (&ma.types[a].inner, &mb.types[b].inner) {
        (TypeInner::Struct { members: x, span: sx }, TypeInner::Struct { members: y, span: sy }) => {
            // The text may hold a leading padding member the module does not.
            let y: Vec<_> = y.iter().filter(|m| !m.name.as_deref().is_some_and(|n| n.starts_with("tesserae_offset_"))).collect();
            if x.len() != y.len() || sx != sy {
                return Err(format!("a struct of {} members spanning {sx} bytes read back as {} spanning {sy}", x.len(), y.len()));
            }
            for (i, (mx, my)) in x.iter().zip(y).enumerate() {
                if mx.offset != my.offset {
                    return Err(format!("member {i} at offset {} read back at {}", mx.offset, my.offset));
                }
                same_layout(ma, mx.ty, mb, my.ty).map_err(|e| format!("member {i}: {e}"))?;
            }
            Ok(())
        }
        (TypeInner::Array { base: x, stride: sx, .. }, TypeInner::Array { base: y, stride: sy, .. }) => {
            if sx != sy {
                return Err(format!("an array of stride {sx} read back with stride {sy}"));
            }
            same_layout(ma, *x, mb, *y)
        }
        _ => Ok(()),
    }
}

/// Moves the leading gap of a struct some expression builds member by member (a leading
/// padding member would leave its `Compose` a value short, in the module and in the text) into
/// the structs holding it: its members move down by the gap and its offset in each holder up by
/// as much, so every byte stays where SPIR-V put it and the holders' gaps are padded or spelled
/// out as any other. Only where WGSL can take that layout: the struct is only ever a member of
/// other structs, none in a uniform buffer (not an array's element or a buffer's own type,
/// which cannot move; WGSL's uniform rules put struct members at multiples of 16), and its
/// members and its new offsets stay aligned. `drifts` are the module's; whether a struct moved.
fn hoist_leading_gaps(module: &mut naga::Module, drifts: &[Drift]) -> bool {
    let leading: Vec<(Handle<Type>, u32)> = drifts
        .iter()
        .filter_map(|d| match *d {
            Drift::Member { ty, member: 0, offset, .. } if offset > 0 && composed(module, ty) => Some((ty, offset)),
            _ => None,
        })
        .collect();
    if leading.is_empty() {
        return false;
    }
    let uniform = uniform_types(module);
    let mut layouter = Layouter::default();
    if layouter.update(module.to_ctx()).is_err() {
        return false;
    }
    let mut moved_any = false;
    let align = |t: Handle<Type>| u32::from(layouter[t].alignment.round_up(1));
    for (ty, gap) in leading {
        let Some(holders) = holders_as_member(module, ty).filter(|_| !uniform.contains(&ty)) else { continue };
        let TypeInner::Struct { members, span } = &module.types[ty].inner else { continue };
        let struct_align = members.iter().map(|m| align(m.ty)).max().unwrap_or(1);
        let held_at = |(h, i): (Handle<Type>, usize)| match &module.types[h].inner {
            TypeInner::Struct { members, .. } => members[i].offset.checked_add(gap),
            _ => None,
        };
        if holders.iter().any(|&at| held_at(at).is_none_or(|o| o % struct_align != 0)) {
            continue;
        }
        // (Members out of offset order, one before the first, are left to `spell_out`'s refusal.)
        let moved: Option<Vec<naga::StructMember>> =
            members.iter().map(|m| Some(naga::StructMember { offset: m.offset.checked_sub(gap)?, ..m.clone() })).collect();
        let (Some(moved), Some(span)) = (moved, span.checked_sub(gap)) else { continue };
        if moved.iter().any(|m| m.offset % align(m.ty) != 0) {
            continue;
        }
        let new = Type { name: module.types[ty].name.clone(), inner: TypeInner::Struct { members: moved, span } };
        let mut rebuilt = vec![(ty, new)];
        for (h, i) in holders {
            if !rebuilt.iter().any(|(r, _)| *r == h) {
                rebuilt.push((h, module.types[h].clone()));
            }
            if let Some((_, Type { inner: TypeInner::Struct { members, .. }, .. })) = rebuilt.iter_mut().find(|(r, _)| *r == h) {
                // (`held_at` checked the sum.)
                members[i].offset += gap;
            }
        }
        // (`UniqueArena::replace` panics on a type the arena holds already.)
        if rebuilt.iter().any(|(_, t)| module.types.get(t).is_some()) {
            continue;
        }
        for (h, t) in rebuilt {
            module.types.replace(h, t);
        }
        moved_any = true;
    }
    moved_any
}

/// The types uniform buffers hold.
fn uniform_types(module: &naga::Module) -> std::collections::HashSet<Handle<Type>> {
    reachable(module, module.global_variables.iter().filter(|(_, g)| g.space == naga::AddressSpace::Uniform).map(|(_, g)| g.ty))
}

/// Where `ty` is a struct member: (struct, member index) for each; `None` where it is also a
/// global's type or an array's element, or held nowhere.
fn holders_as_member(module: &naga::Module, ty: Handle<Type>) -> Option<Vec<(Handle<Type>, usize)>> {
    if module.global_variables.iter().any(|(_, g)| g.ty == ty) {
        return None;
    }
    let mut holders = Vec::new();
    for (h, t) in module.types.iter() {
        match &t.inner {
            TypeInner::Struct { members, .. } => {
                holders.extend(members.iter().enumerate().filter(|(_, m)| m.ty == ty).map(|(i, _)| (h, i)))
            }
            TypeInner::Array { base, .. } | TypeInner::BindingArray { base, .. } if *base == ty => return None,
            _ => {}
        }
    }
    (!holders.is_empty()).then_some(holders)
}

/// Padding members one struct may gain (a kilobyte of gaps in scalars, four in 16-byte
/// vectors; Sascha Willems' multiview sample starts a block at 272). Past it the
/// gaps are only spelled out in the text: a gap of megabytes must not become a million members
/// (the `spirv_words` fuzzer's first find on this pass).
pub const MAX_PADS: usize = 256;

/// Gives the structs of `module`'s buffers padding members where SPIR-V's explicit offsets
/// leave gaps WGSL's natural layout would close, and renumbers the member accesses after
/// them: then every backend lays the buffers out as the application does (naga's GLSL writer,
/// which wgpu's GL backend uses, drops offsets as its WGSL writer does; a `@size` in the text
/// would not reach it). A struct some expression builds member by member is left as it is
/// ([`spell_out`] still fixes its text). Pads are members named `tesserae_pad_OFFSET` of a
/// 4-byte scalar or 16-byte vector type the arena holds before the struct (naga wants a
/// type's parts before it, and the struct keeps its handle); a struct with none, or whose gaps
/// would take more than [`MAX_PADS`] members, is left too.
pub fn pad_shared_structs(module: &mut naga::Module) {
    let mut drifts = drifts(module);
    if hoist_leading_gaps(module, &drifts) {
        drifts = self::drifts(module);
    }
    let mut gaps: std::collections::BTreeMap<Handle<Type>, Vec<usize>> = Default::default();
    for d in &drifts {
        if let Drift::Member { ty, member, offset, natural } = *d {
            if offset > natural && !composed(module, ty) {
                gaps.entry(ty).or_default().push(member);
            }
        }
    }
    if gaps.is_empty() {
        return;
    }
    let mut layouter = Layouter::default();
    if layouter.update(module.to_ctx()).is_err() {
        return;
    }
    // Types of 4 and of 16 bytes (aligned as much) declared before `before`.
    let pads = |before: Handle<Type>| {
        let earlier = || module.types.iter().take_while(move |(h, _)| *h != before);
        let word = |s: &naga::Scalar| s.width == 4 && s.kind != naga::ScalarKind::Bool;
        let scalar = earlier().find(|(_, t)| matches!(&t.inner, TypeInner::Scalar(s) if word(s))).map(|(h, _)| h);
        let quad = earlier()
            .find(|(_, t)| matches!(&t.inner, TypeInner::Vector { size: naga::VectorSize::Quad, scalar: s } if word(s)))
            .map(|(h, _)| h);
        (scalar, quad)
    };
    // Structs a uniform buffer holds (a type may be held by uniform and storage buffers both).
    let uniform = uniform_types(module);
    // Per struct: its new members and the new index of each old member.
    let mut rebuilt: Vec<(Handle<Type>, Type, Vec<u32>)> = Vec::new();
    for (ty, _) in &gaps {
        let TypeInner::Struct { members, span } = &module.types[*ty].inner else { continue };
        let (scalar, quad) = pads(*ty);
        // 16-byte pads only where the struct is aligned to 16 already (they would raise its
        // alignment, and a uniform struct's span must be a multiple of it).
        let quad = quad.filter(|_| members.iter().any(|m| layouter[m.ty].alignment.round_up(1) >= 16));
        let mut new_members = Vec::new();
        let mut map = Vec::new();
        let mut end = 0u32;
        let mut fits = true;
        for (i, m) in members.iter().enumerate() {
            // In a uniform buffer, after a struct or array member, WGSL's uniform rules (and
            // GLSL's std140) already round up to 16, and a pad there would break WGSL's rule;
            // the text's `@size` covers the rest (`spell_out`). GLSL's storage buffers are
            // std430, which does not round: they get the pads.
            let after_composite = i > 0
                && uniform.contains(ty)
                && matches!(module.types[members[i - 1].ty].inner, TypeInner::Struct { .. } | TypeInner::Array { .. });
            if !after_composite && m.offset > end && round_up(u32::from(layouter[m.ty].alignment.round_up(1)), end) != m.offset {
                if (m.offset - end) % 4 != 0 {
                    fits = false;
                    break;
                }
                let mut at = end;
                while at < m.offset && new_members.len() - map.len() < MAX_PADS {
                    let (pad, size) = match (quad, scalar) {
                        (Some(q), _) if at % 16 == 0 && m.offset - at >= 16 => (q, 16),
                        (_, Some(s)) => (s, 4),
                        _ => break,
                    };
                    new_members.push(naga::StructMember { name: Some(format!("tesserae_pad_{at}")), ty: pad, binding: None, offset: at });
                    at += size;
                }
                if at != m.offset {
                    fits = false;
                    break;
                }
            }
            map.push(new_members.len() as u32);
            new_members.push(m.clone());
            end = m.offset.saturating_add(layouter[m.ty].size);
        }
        let new = Type { name: module.types[*ty].name.clone(), inner: TypeInner::Struct { members: new_members, span: *span } };
        // (`UniqueArena::replace` panics on a type the arena holds: the struct unchanged, or a
        // twin of the padded one.)
        if fits && new.inner != module.types[*ty].inner && module.types.get(&new).is_none() {
            rebuilt.push((*ty, new, map));
        }
    }
    // Member accesses through the rebuilt structs, found on the module as it was.
    let mut renumbered: Vec<(Option<Handle<naga::Function>>, usize, Handle<naga::Expression>, u32)> = Vec::new();
    let functions = module
        .functions
        .iter()
        .map(|(h, f)| (Some(h), 0, f))
        .chain(module.entry_points.iter().enumerate().map(|(i, e)| (None, i, &e.function)));
    for (handle, entry, f) in functions {
        let mut typifier = naga::front::Typifier::new();
        let ctx = naga::proc::ResolveContext::with_locals(module, &f.local_variables, &f.arguments);
        for (h, e) in f.expressions.iter() {
            if typifier.grow(h, &f.expressions, &ctx).is_err() {
                break;
            }
            let naga::Expression::AccessIndex { base, index } = *e else { continue };
            let of = match typifier[base] {
                naga::proc::TypeResolution::Handle(t) => match module.types[t].inner {
                    TypeInner::Pointer { base, .. } => Some(base),
                    _ => Some(t),
                },
                naga::proc::TypeResolution::Value(TypeInner::Pointer { base, .. }) => Some(base),
                _ => None,
            };
            if let Some((_, _, map)) = of.and_then(|t| rebuilt.iter().find(|(s, _, _)| *s == t)) {
                if let Some(new) = map.get(index as usize) {
                    renumbered.push((handle, entry, h, *new));
                }
            }
        }
    }
    for (ty, new, _) in rebuilt {
        module.types.replace(ty, new);
    }
    for (handle, entry, h, new) in renumbered {
        let f = match handle {
            Some(fh) => &mut module.functions[fh],
            None => &mut module.entry_points[entry].function,
        };
        if let naga::Expression::AccessIndex { index, .. } = &mut f.expressions[h] {
            *index = new;
        }
    }
}
