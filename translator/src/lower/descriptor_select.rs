//! Arrays of descriptors indexed at run time → every element read, the indexed one selected.
//!
//! [`super::descriptor_arrays`] gives each element of an array of descriptors a variable of its
//! own (WebGPU has no arrays of bindings). An access chain whose first index is known only when
//! the shader runs (`texture(textures[material], uv)`, `ubos[frame].view`) then has no one
//! variable to start from. This pass rewrites every read through such a chain as the same read
//! of each element, combined by `OpSelect` on `index == k`:
//!
//! - a load of a value from a block (`ubos[i].view`, a whole struct: selected member by member)
//!   and `OpArrayLength`: the read is the instruction itself, its pointer rebuilt from each
//!   element (`OpAccessChain` with the chain's other indices);
//! - an image, sampler or combined sampler loaded from the array: every instruction that ends a
//!   handle's path (a sample, fetch, gather, query) with a value is the read, cloned per element
//!   with the handle's load and the `OpSampledImage`/`OpImage` between them. The clones go right
//!   before the read, so an `OpSampledImage` stays in its consumer's block.
//!
//! No control flow is added: an implicit-LOD sample keeps its derivatives, and the module keeps
//! the uniformity it had. The price is one read per element, so arrays longer than
//! [`MAX_SELECTED`] are refused, and an index past the array reads element 0 (undefined in
//! Vulkan). Writes through the array (stores, atomics, image writes) and handles passed on
//! (function calls, phis) are refused naming the array.
//!
//! Invariant: [`plan`] reads the module and refuses before anything changes; [`apply`] cannot
//! fail, so a refusal leaves the module as it was. Every id the pass removes (the chain, the
//! handle loads, the reads) has no use left: each read's result is replaced by its selection.

use super::{constant, fresh_id, global_defs, replace_uses_in_functions, type_id};
use rspirv::dr::{self, Instruction, Operand};
use spirv::{Op, Word};
use std::collections::HashMap;

/// The most elements one read is selected among (WebGPU's default limit of textures or
/// samplers in a shader stage).
pub const MAX_SELECTED: u32 = 16;

/// Selections larger than this many instructions per read (a large struct loaded whole) are
/// refused.
const MAX_SELECT_INSTRUCTIONS: usize = 4096;

/// The reads through the run-time-indexed chains of one array, checked and ready to apply.
pub struct Selection {
    chains: Vec<Chain>,
}

struct Chain {
    function: usize,
    id: Word,
    index: Word,
    /// The index's type (a 32-bit integer).
    index_type: Word,
    /// The chain's result type and indices after the first (empty: the element itself).
    pointer_type: Word,
    rest: Vec<Operand>,
    /// Each read: the instructions from the chain's use to the one whose value is selected
    /// (the last), as result ids.
    reads: Vec<Vec<Word>>,
    /// Handle instructions whose results nothing reads (removed with the chain).
    dead: Vec<Word>,
}

/// Finds every read through the chains `(chain id, index id)` of the array `name` of `length`
/// elements; `Err` names what cannot be selected.
pub fn plan(module: &dr::Module, name: &str, chains: &[(Word, Word)], length: u32) -> Result<Selection, String> {
    let refuse = |what: String| format!("the array of descriptors `{name}` indexed by a value known only when the shader runs, {what}");
    if chains.is_empty() {
        return Ok(Selection { chains: Vec::new() });
    }
    if length > MAX_SELECTED {
        return Err(refuse(format!("with {length} elements (each read reads every element and selects one: at most {MAX_SELECTED})")));
    }
    let defs = global_defs(module);
    let mut planned = Vec::new();
    for &(id, index) in chains {
        let Some((function, chain)) = module
            .functions
            .iter()
            .enumerate()
            .find_map(|(f, func)| func.blocks.iter().flat_map(|b| &b.instructions).find(|i| i.result_id == Some(id)).map(|i| (f, i)))
        else {
            return Err(refuse(format!("(no access chain %{id})")));
        };
        let func = &module.functions[function];
        let index_type = func
            .blocks
            .iter()
            .flat_map(|b| &b.instructions)
            .chain(&func.parameters)
            .find(|i| i.result_id == Some(index))
            .or_else(|| defs.get(&index))
            .and_then(|i| i.result_type)
            .unwrap_or(0);
        let int32 = defs.get(&index_type).map(|t| (t.class.opcode, t.operands.first()));
        if !matches!(int32, Some((Op::TypeInt, Some(Operand::LiteralBit32(32))))) {
            return Err(refuse("by an index that is not a 32-bit integer".into()));
        }
        let (mut reads, mut dead) = (Vec::new(), Vec::new());
        for user in uses_of(func, id) {
            reads_from(&defs, func, user, id, true, vec![], &mut reads, &mut dead).map_err(&refuse)?;
        }
        for read in &reads {
            let last = func.blocks.iter().flat_map(|b| &b.instructions).find(|i| i.result_id == read.last().copied());
            let ty = last.and_then(|i| i.result_type).unwrap_or(0);
            let size = select_size(&defs, ty, length as usize, 0).map_err(&refuse)?;
            if size > MAX_SELECT_INSTRUCTIONS {
                return Err(refuse(format!("read as a value of {size} selections (at most {MAX_SELECT_INSTRUCTIONS})")));
            }
        }
        planned.push(Chain {
            function,
            id,
            index,
            index_type,
            pointer_type: chain.result_type.unwrap_or(0),
            rest: chain.operands[2..].to_vec(),
            reads,
            dead,
        });
    }
    let mut ends: Vec<Word> = planned.iter().flat_map(|c| c.reads.iter().filter_map(|r| r.last().copied())).collect();
    ends.sort_unstable();
    if ends.windows(2).any(|w| w[0] == w[1]) {
        return Err(refuse("with two of its elements read by one instruction".into()));
    }
    Ok(Selection { chains: planned })
}

/// The instructions of `func` that name `id` in an operand.
fn uses_of(func: &dr::Function, id: Word) -> Vec<&Instruction> {
    func.blocks.iter().flat_map(|b| &b.instructions).filter(|i| i.operands.contains(&Operand::IdRef(id))).collect()
}

/// Whether `ty` is a handle type (image, sampler, combined sampler), which `OpSelect` cannot
/// choose between.
fn is_handle(defs: &HashMap<Word, Instruction>, ty: Word) -> bool {
    defs.get(&ty).is_some_and(|t| matches!(t.class.opcode, Op::TypeImage | Op::TypeSampler | Op::TypeSampledImage))
}

/// Adds to `reads` the reads that start with `user`, which takes `from` (a pointer into an
/// element when `pointer`, else a handle) at the end of `path` (the instructions from the
/// chain's use to `user`), and to `dead` the paths nothing reads.
#[allow(clippy::too_many_arguments)]
fn reads_from(
    defs: &HashMap<Word, Instruction>,
    func: &dr::Function,
    user: &Instruction,
    from: Word,
    pointer: bool,
    mut path: Vec<Word>,
    reads: &mut Vec<Vec<Word>>,
    dead: &mut Vec<Word>,
) -> Result<(), String> {
    let op = user.class.opcode;
    let (Some(result), Some(ty)) = (user.result_id, user.result_type) else {
        return Err(format!("written through ({op:?}: only reads are selected)"));
    };
    let handle = is_handle(defs, ty);
    // Whether `user` passes a pointer or handle on (Some(pointer)) or is the read.
    let passes_on = match op {
        Op::AccessChain | Op::InBoundsAccessChain if pointer && user.operands.first() == Some(&Operand::IdRef(from)) => Some(true),
        Op::Load if pointer && handle => Some(false),
        Op::Load | Op::ArrayLength if pointer => None,
        Op::SampledImage | Op::Image if !pointer => Some(false),
        Op::FunctionCall | Op::Phi | Op::Select | Op::CopyObject | Op::ImageTexelPointer => return Err(format!("used by {op:?}")),
        _ if !pointer && !handle => None,
        _ => return Err(format!("used by {op:?} (only loads, array lengths and image instructions are selected)")),
    };
    if path.contains(&result) {
        // Only malformed modules loop back (uses are dominated by their definitions).
        return Err(format!("used by {op:?} %{result}, which its own result reaches"));
    }
    path.push(result);
    let Some(pointer) = passes_on else {
        reads.push(path);
        return Ok(());
    };
    let users = uses_of(func, result);
    if users.is_empty() {
        dead.extend(&path);
    }
    for u in users {
        reads_from(defs, func, u, result, pointer, path.clone(), reads, dead)?;
    }
    Ok(())
}

/// The member types of the composite `ty` (a matrix's columns, an array's elements, a
/// struct's members), `None` for a scalar or vector; `Err` for a type `OpSelect` cannot choose
/// (pointers, handles, runtime arrays) or an array too long to take apart.
fn members(defs: &HashMap<Word, Instruction>, ty: Word) -> Result<Option<Vec<Word>>, String> {
    let Some(t) = defs.get(&ty) else { return Err(format!("read as a value of an unknown type %{ty}")) };
    Ok(Some(match (t.class.opcode, t.operands.as_slice()) {
        (Op::TypeInt | Op::TypeFloat | Op::TypeBool | Op::TypeVector, _) => return Ok(None),
        (Op::TypeMatrix, [Operand::IdRef(column), Operand::LiteralBit32(count @ 2..=4)]) => vec![*column; *count as usize],
        (Op::TypeArray, [Operand::IdRef(element), Operand::IdRef(len)]) => {
            let len = super::constant_value(defs.get(len)).ok_or("read as an array of a length set when the pipeline is made")?;
            if len as usize > MAX_SELECT_INSTRUCTIONS {
                return Err(format!("read as an array of {len} elements"));
            }
            vec![*element; len as usize]
        }
        (Op::TypeStruct, members) => members.iter().filter_map(|m| if let Operand::IdRef(t) = m { Some(*t) } else { None }).collect(),
        (op, _) => return Err(format!("read as a value of {op:?}")),
    }))
}

/// Instructions a selection among `n` values of `ty` takes; `Err` as [`members`].
fn select_size(defs: &HashMap<Word, Instruction>, ty: Word, n: usize, depth: u32) -> Result<usize, String> {
    if depth > 8 {
        return Err("read as a value nested past 8 levels".into());
    }
    let Some(members) = members(defs, ty)? else { return Ok(n.saturating_sub(1)) };
    let mut size: usize = 1; // the construct
    for m in members {
        size = size.saturating_add(n).saturating_add(select_size(defs, m, n, depth + 1)?);
        if size > MAX_SELECT_INSTRUCTIONS {
            return Ok(size);
        }
    }
    Ok(size)
}

/// Rewrites the planned reads to read each of `elements` (element k's variable) and select.
pub fn apply(module: &mut dr::Module, selection: Selection, elements: &[Word]) {
    let bool_type = type_id(module, Op::TypeBool, vec![]);
    let mut removed: Vec<Word> = Vec::new();
    let mut replaced: Vec<(Word, Word)> = Vec::new();
    for chain in selection.chains {
        let constants: Vec<Word> = (0..elements.len() as u32).map(|k| constant(module, chain.index_type, k)).collect();
        let defs = global_defs(module);
        for read in &chain.reads {
            let Some(&last) = read.last() else { continue };
            let func = &module.functions[chain.function];
            let instructions: Vec<Instruction> = read
                .iter()
                .filter_map(|id| func.blocks.iter().flat_map(|b| &b.instructions).find(|i| i.result_id == Some(*id)).cloned())
                .collect();
            let mut out = Vec::new();
            // conditions[k]: index == k (element 0 is what no condition selects).
            let mut conditions = vec![0];
            for &k in constants.iter().skip(1) {
                let c = fresh_id(module);
                out.push(Instruction::new(Op::IEqual, Some(bool_type), Some(c), vec![Operand::IdRef(chain.index), Operand::IdRef(k)]));
                conditions.push(c);
            }
            let mut values = Vec::with_capacity(elements.len());
            for &element in elements {
                // Chains into the element by their operands from its variable: chains from
                // the array's chain fold into one chain from the element, written only where
                // something other than a chain reads it (the row-major pass refuses pointers
                // to arrays of row-major matrices, which nested chains pass through).
                let mut from_element = vec![Operand::IdRef(element)];
                from_element.extend(chain.rest.iter().cloned());
                let mut folded: HashMap<Word, (Word, Vec<Operand>)> = HashMap::from([(chain.id, (chain.pointer_type, from_element))]);
                let mut map: HashMap<Word, Word> = HashMap::new();
                if chain.rest.is_empty() {
                    map.insert(chain.id, element);
                }
                for inst in &instructions {
                    let old = inst.result_id.unwrap_or(0);
                    let base = match inst.operands.first() {
                        Some(Operand::IdRef(b)) if matches!(inst.class.opcode, Op::AccessChain | Op::InBoundsAccessChain) => folded.get(b),
                        _ => None,
                    };
                    if let Some((_, base)) = base {
                        let mut operands = base.clone();
                        operands.extend(inst.operands[1..].iter().cloned());
                        folded.insert(old, (inst.result_type.unwrap_or(0), operands));
                        continue;
                    }
                    let mut clone = inst.clone();
                    for op in &mut clone.operands {
                        let Operand::IdRef(id) = op else { continue };
                        if let (None, Some((ty, operands))) = (map.get(id), folded.get(id)) {
                            let p = fresh_id(module);
                            out.push(Instruction::new(Op::AccessChain, Some(*ty), Some(p), operands.clone()));
                            map.insert(*id, p);
                        }
                        if let Some(to) = map.get(id) {
                            *id = *to;
                        }
                    }
                    let id = fresh_id(module);
                    clone.result_id = Some(id);
                    map.insert(old, id);
                    out.push(clone);
                }
                values.push(map[&last]);
            }
            let ty = instructions.last().and_then(|i| i.result_type).unwrap_or(0);
            let selected = select(module, &defs, ty, &conditions, &values, &mut out);
            let func = &mut module.functions[chain.function];
            if let Some(block) = func.blocks.iter_mut().find(|b| b.instructions.iter().any(|i| i.result_id == Some(last))) {
                let at = block.instructions.iter().position(|i| i.result_id == Some(last)).unwrap_or(0);
                block.instructions.splice(at..at + 1, out);
            }
            replaced.push((last, selected));
            removed.extend(read.iter().copied());
        }
        removed.extend(chain.dead);
        removed.push(chain.id);
    }
    for f in &mut module.functions {
        for b in &mut f.blocks {
            b.instructions.retain(|i| !i.result_id.is_some_and(|r| removed.contains(&r)));
        }
    }
    module.annotations.retain(|a| !matches!(a.operands.first(), Some(Operand::IdRef(t)) if removed.contains(t)));
    module.debug_names.retain(|n| !matches!(n.operands.first(), Some(Operand::IdRef(t)) if removed.contains(t)));
    for (from, to) in replaced {
        replace_uses_in_functions(module, from, to);
    }
}

/// Emits into `out` the selection among `values` (of type `ty`; `values[k]` when
/// `conditions[k]`, `values[0]` when none holds) and returns its id. Scalars and vectors take
/// `OpSelect`; composites are taken apart, selected member by member and put together.
fn select(
    module: &mut dr::Module,
    defs: &HashMap<Word, Instruction>,
    ty: Word,
    conditions: &[Word],
    values: &[Word],
    out: &mut Vec<Instruction>,
) -> Word {
    // (`plan` checked that every type read takes a selection.)
    let members = match members(defs, ty) {
        Ok(Some(members)) => members,
        _ => {
            let mut acc = values[0];
            for (c, v) in conditions.iter().zip(values).skip(1) {
                let id = fresh_id(module);
                out.push(Instruction::new(
                    Op::Select,
                    Some(ty),
                    Some(id),
                    vec![Operand::IdRef(*c), Operand::IdRef(*v), Operand::IdRef(acc)],
                ));
                acc = id;
            }
            return acc;
        }
    };
    let mut parts = Vec::with_capacity(members.len());
    for (m, member_type) in members.into_iter().enumerate() {
        let extracted: Vec<Word> = values
            .iter()
            .map(|v| {
                let id = fresh_id(module);
                out.push(Instruction::new(
                    Op::CompositeExtract,
                    Some(member_type),
                    Some(id),
                    vec![Operand::IdRef(*v), Operand::LiteralBit32(m as u32)],
                ));
                id
            })
            .collect();
        parts.push(Operand::IdRef(select(module, defs, member_type, conditions, &extracted, out)));
    }
    let id = fresh_id(module);
    out.push(Instruction::new(Op::CompositeConstruct, Some(ty), Some(id), parts));
    id
}
