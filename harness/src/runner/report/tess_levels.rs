//! The tessellation levels a control stage writes, where they are constants: a scan of its
//! SPIR-V for stores of `OpConstant` floats into `TessLevelOuter[i]` / `TessLevelInner[i]`
//! through constant indices (what glslang emits for `gl_TessLevelOuter[0] = 2.3;`).
//!
//! Anything else (a level read from a buffer, an attribute, a loop index, or two different
//! constants on two paths) makes that level [`Level::Unknown`]. A heuristic for pictures, not
//! a semantic analysis: it never panics on any word sequence.

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

const OP_TYPE_INT: u32 = 21;
const OP_TYPE_FLOAT: u32 = 22;
const OP_CONSTANT: u32 = 43;
const OP_CONSTANT_COMPOSITE: u32 = 44;
const OP_STORE: u32 = 62;
const OP_ACCESS_CHAIN: u32 = 65;
const OP_IN_BOUNDS_ACCESS_CHAIN: u32 = 66;
const OP_DECORATE: u32 = 71;
const DECORATION_BUILT_IN: u32 = 11;
const BUILT_IN_TESS_LEVEL_OUTER: u32 = 11;
const BUILT_IN_TESS_LEVEL_INNER: u32 = 12;

/// The level variable an id is, or points into: (outer?, element index if known).
#[derive(Debug, Clone, Copy)]
struct Target {
    outer: bool,
    index: Option<u32>,
}

/// Scans a control stage's SPIR-V `words`.
pub fn levels(words: &[u32]) -> Levels {
    use std::collections::HashMap;
    let mut out = Levels { outer: [Level::NotWritten; 4], inner: [Level::NotWritten; 2] };
    let insts = instructions(words);
    let mut vars: HashMap<u32, bool> = HashMap::new();
    let (mut float_types, mut int_types) = (Vec::new(), Vec::new());
    let mut floats: HashMap<u32, f32> = HashMap::new();
    let mut ints: HashMap<u32, u32> = HashMap::new();
    let mut composites: HashMap<u32, Vec<u32>> = HashMap::new();
    for (op, a) in &insts {
        match (*op, a.as_slice()) {
            (OP_DECORATE, [id, DECORATION_BUILT_IN, b, ..]) if *b == BUILT_IN_TESS_LEVEL_OUTER => {
                vars.insert(*id, true);
            }
            (OP_DECORATE, [id, DECORATION_BUILT_IN, b, ..]) if *b == BUILT_IN_TESS_LEVEL_INNER => {
                vars.insert(*id, false);
            }
            (OP_TYPE_FLOAT, [id, 32, ..]) => float_types.push(*id),
            (OP_TYPE_INT, [id, 32, ..]) => int_types.push(*id),
            (OP_CONSTANT, [ty, id, v]) if float_types.contains(ty) => {
                floats.insert(*id, f32::from_bits(*v));
            }
            (OP_CONSTANT, [ty, id, v]) if int_types.contains(ty) => {
                ints.insert(*id, *v);
            }
            (OP_CONSTANT_COMPOSITE, [_, id, parts @ ..]) => {
                composites.insert(*id, parts.to_vec());
            }
            _ => {}
        }
    }
    let mut targets: HashMap<u32, Target> = vars.iter().map(|(&id, &outer)| (id, Target { outer, index: None })).collect();
    for (op, a) in &insts {
        match (*op, a.as_slice()) {
            (OP_ACCESS_CHAIN | OP_IN_BOUNDS_ACCESS_CHAIN, [_, id, base, indices @ ..]) => {
                if let Some(t) = targets.get(base).copied() {
                    let index = match (t.index, indices) {
                        (None, [i]) => ints.get(i).copied(),
                        _ => None,
                    };
                    targets.insert(*id, Target { outer: t.outer, index });
                }
            }
            (OP_STORE, [ptr, value, ..]) => {
                let Some(t) = targets.get(ptr).copied() else { continue };
                let slots: &mut [Level] = if t.outer { &mut out.outer } else { &mut out.inner };
                let whole_array = vars.contains_key(ptr);
                match (whole_array, t.index) {
                    // The whole array: a constant composite sets each element.
                    (true, _) => {
                        let parts = composites.get(value);
                        for (i, slot) in slots.iter_mut().enumerate() {
                            slot.store(parts.and_then(|p| p.get(i)).and_then(|c| floats.get(c)).copied());
                        }
                    }
                    (false, Some(i)) => {
                        if let Some(slot) = slots.get_mut(i as usize) {
                            slot.store(floats.get(value).copied());
                        }
                    }
                    // An element chosen at run time could be any of them.
                    (false, None) => slots.iter_mut().for_each(|s| *s = Level::Unknown),
                }
            }
            _ => {}
        }
    }
    out
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
