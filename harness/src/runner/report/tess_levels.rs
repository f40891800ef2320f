//! The tessellation levels a control stage writes, where they are constants: a small
//! abstract interpretation of its SPIR-V that follows constant floats through function-local
//! variables (whole or by constant access chains), composites and function return values, into
//! stores to `TessLevelOuter[i]` / `TessLevelInner[i]`. That covers what glslang emits for
//! `gl_TessLevelOuter[0] = 2.3;` and for an HLSL patch-constant function returning constant
//! factors.
//!
//! Anything else (a level read from a buffer, an attribute, a loop index, or two different
//! constants on two paths) makes that level [`Level::Unknown`]. Control flow is ignored (a
//! local's last store in module order wins), so this is a heuristic for pictures, not a
//! semantic analysis; it never panics on any word sequence.

use std::collections::{BTreeMap, HashMap};
/// What is known about one level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Level {
    /// No store reaches it (its value is undefined).
    NotWritten,
    /// Every store writes this constant.
    Known(f32),
    /// Computed at run time, or different constants are stored.
    Unknown,
}

impl Level {
    fn store(&mut self, v: Option<f32>) {
        *self = match (*self, v) {
            (Level::NotWritten, Some(v)) => Level::Known(v),
            (Level::Known(a), Some(v)) if a.to_bits() == v.to_bits() => Level::Known(a),
            _ => Level::Unknown,
        };
    }
    pub fn value(self) -> Option<f32> {
        match self {
            Level::Known(v) => Some(v),
            _ => None,
        }
    }
}

/// The outer and inner levels the control stage writes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Levels {
    pub outer: [Level; 4],
    pub inner: [Level; 2],
}

const OP_FUNCTION: u32 = 54;
const OP_FUNCTION_CALL: u32 = 57;
const OP_VARIABLE: u32 = 59;
const OP_LOAD: u32 = 61;
const OP_STORE: u32 = 62;
const OP_ACCESS_CHAIN: u32 = 65;
const OP_IN_BOUNDS_ACCESS_CHAIN: u32 = 66;
const OP_DECORATE: u32 = 71;
const OP_COMPOSITE_CONSTRUCT: u32 = 80;
const OP_COMPOSITE_EXTRACT: u32 = 81;
const OP_COPY_OBJECT: u32 = 83;
const OP_RETURN_VALUE: u32 = 254;
const OP_TYPE_INT: u32 = 21;
const OP_TYPE_FLOAT: u32 = 22;
const OP_CONSTANT: u32 = 43;
const OP_CONSTANT_COMPOSITE: u32 = 44;
const DECORATION_BUILT_IN: u32 = 11;
const BUILT_IN_TESS_LEVEL_OUTER: u32 = 11;
const BUILT_IN_TESS_LEVEL_INNER: u32 = 12;

/// A value as far as it is known: constant floats, composites of them (sparse), or unknown.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Float(f32),
    Composite(BTreeMap<u32, Value>),
    Unknown,
}

impl Value {
    fn get(&self, path: &[u32]) -> Value {
        match (self, path) {
            (v, []) => v.clone(),
            (Value::Composite(m), [i, rest @ ..]) => m.get(i).map_or(Value::Unknown, |v| v.get(rest)),
            _ => Value::Unknown,
        }
    }
    fn set(&mut self, path: &[u32], v: Value) {
        match path {
            [] => *self = v,
            [i, rest @ ..] => {
                if !matches!(self, Value::Composite(_)) {
                    *self = Value::Composite(BTreeMap::new());
                }
                if let Value::Composite(m) = self {
                    m.entry(*i).or_insert(Value::Unknown).set(rest, v);
                }
            }
        }
    }
}

/// A pointer: a variable and a constant access path, or `None` where an index is dynamic.
#[derive(Debug, Clone)]
struct Ptr {
    root: u32,
    path: Option<Vec<u32>>,
}

/// Scans a control stage's SPIR-V `words`.
pub fn levels(words: &[u32]) -> Levels {
    let insts = instructions(words);
    let mut level_vars: HashMap<u32, bool> = HashMap::new();
    let (mut float_types, mut int_types) = (Vec::new(), Vec::new());
    let mut ints: HashMap<u32, u32> = HashMap::new();
    let mut values: HashMap<u32, Value> = HashMap::new();
    for (op, a) in &insts {
        match (*op, a.as_slice()) {
            (OP_DECORATE, [id, DECORATION_BUILT_IN, b, ..]) if *b == BUILT_IN_TESS_LEVEL_OUTER => {
                level_vars.insert(*id, true);
            }
            (OP_DECORATE, [id, DECORATION_BUILT_IN, b, ..]) if *b == BUILT_IN_TESS_LEVEL_INNER => {
                level_vars.insert(*id, false);
            }
            (OP_TYPE_FLOAT, [id, 32, ..]) => float_types.push(*id),
            (OP_TYPE_INT, [id, 32, ..]) => int_types.push(*id),
            (OP_CONSTANT, [ty, id, v]) if float_types.contains(ty) => {
                values.insert(*id, Value::Float(f32::from_bits(*v)));
            }
            (OP_CONSTANT, [ty, id, v]) if int_types.contains(ty) => {
                ints.insert(*id, *v);
            }
            _ => {}
        }
    }
    // Three passes: the first ones learn what functions return (they may follow their callers).
    let mut returns: HashMap<u32, Value> = HashMap::new();
    let mut out = Levels { outer: [Level::NotWritten; 4], inner: [Level::NotWritten; 2] };
    for _ in 0..3 {
        out = Levels { outer: [Level::NotWritten; 4], inner: [Level::NotWritten; 2] };
        let mut vals = values.clone();
        let mut ptrs: HashMap<u32, Ptr> = HashMap::new();
        let mut memory: HashMap<u32, Value> = HashMap::new();
        let mut function = 0;
        let mut found: HashMap<u32, Value> = HashMap::new();
        for (op, a) in &insts {
            let value = |vals: &HashMap<u32, Value>, id: &u32| vals.get(id).cloned().unwrap_or(Value::Unknown);
            match (*op, a.as_slice()) {
                (OP_FUNCTION, [_, id, ..]) => function = *id,
                (OP_VARIABLE, [_, id, ..]) => {
                    ptrs.insert(*id, Ptr { root: *id, path: Some(Vec::new()) });
                }
                (OP_CONSTANT_COMPOSITE | OP_COMPOSITE_CONSTRUCT, [_, id, parts @ ..]) => {
                    let m = parts.iter().enumerate().map(|(i, p)| (i as u32, value(&vals, p))).collect();
                    vals.insert(*id, Value::Composite(m));
                }
                (OP_COMPOSITE_EXTRACT, [_, id, composite, indices @ ..]) => {
                    let v = value(&vals, composite).get(indices);
                    vals.insert(*id, v);
                }
                (OP_COPY_OBJECT, [_, id, from]) => {
                    let v = value(&vals, from);
                    vals.insert(*id, v);
                }
                (OP_ACCESS_CHAIN | OP_IN_BOUNDS_ACCESS_CHAIN, [_, id, base, indices @ ..]) => {
                    if let Some(b) = ptrs.get(base).cloned() {
                        let path = b.path.and_then(|mut p| {
                            for i in indices {
                                p.push(*ints.get(i)?);
                            }
                            Some(p)
                        });
                        ptrs.insert(*id, Ptr { root: b.root, path });
                    }
                }
                (OP_LOAD, [_, id, ptr, ..]) => {
                    let v = match ptrs.get(ptr) {
                        Some(Ptr { root, path: Some(path) }) => memory.get(root).map_or(Value::Unknown, |m| m.get(path)),
                        _ => Value::Unknown,
                    };
                    vals.insert(*id, v);
                }
                (OP_STORE, [ptr, v, ..]) => {
                    let Some(p) = ptrs.get(ptr).cloned() else { continue };
                    let v = value(&vals, v);
                    if let Some(&outer) = level_vars.get(&p.root) {
                        let slots: &mut [Level] = if outer { &mut out.outer } else { &mut out.inner };
                        store_level(slots, p.path.as_deref(), &v);
                    }
                    match p.path {
                        Some(path) => memory.entry(p.root).or_insert(Value::Unknown).set(&path, v),
                        None => {
                            memory.insert(p.root, Value::Unknown);
                        }
                    }
                }
                (OP_FUNCTION_CALL, [_, id, callee, ..]) => {
                    let v = returns.get(callee).cloned().unwrap_or(Value::Unknown);
                    vals.insert(*id, v);
                }
                (OP_RETURN_VALUE, [v]) => {
                    let v = value(&vals, v);
                    let merged = match found.get(&function) {
                        Some(old) if *old != v => Value::Unknown,
                        _ => v,
                    };
                    found.insert(function, merged);
                }
                _ => {}
            }
        }
        returns = found;
    }
    out
}

/// A store of `v` into a level array at `path` (`[]`: the whole array; `None`: a dynamic index).
fn store_level(slots: &mut [Level], path: Option<&[u32]>, v: &Value) {
    let as_float = |v: Value| match v {
        Value::Float(f) => Some(f),
        _ => None,
    };
    match path {
        Some([]) => {
            for (i, slot) in slots.iter_mut().enumerate() {
                slot.store(as_float(v.get(&[i as u32])));
            }
        }
        Some([i]) => {
            if let Some(slot) = slots.get_mut(*i as usize) {
                slot.store(as_float(v.clone()));
            }
        }
        // A deeper path than an array of floats has, or an element chosen at run time.
        _ => slots.iter_mut().for_each(|s| *s = Level::Unknown),
    }
}

/// (opcode, operands) of every instruction after the header; stops at a malformed one.
fn instructions(words: &[u32]) -> Vec<(u32, Vec<u32>)> {
    let mut out = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let op = words[at] & 0xffff;
        if count == 0 || at + count > words.len() {
            break;
        }
        out.push((op, words[at + 1..at + count].to_vec()));
        at += count;
    }
    out
}
