//! `spirv_reader` reads what rspirv reads: every `spirv_words` fuzz seed (the corpus shaders,
//! compiled, and SPIR-V written by hand), every kept fuzz input but the open findings, and
//! modules the fast path must hand to rspirv (enumerants with parameters, 64-bit constants,
//! switches, strings).

mod common;

use std::path::Path;

fn words_of(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn files_under(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            // Open findings fail until fixed; each has an ignored test of its own.
            if path.file_name().is_some_and(|n| n == "open") {
                continue;
            }
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn reads_what_rspirv_reads_on_fuzz_seeds_and_kept_inputs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut files = Vec::new();
    files_under(&root.join("corpus/spirv_words"), &mut files);
    files_under(&root.join("regressions/spirv_words"), &mut files);
    let (mut compared, mut modules, mut fast, mut viewed) = (0, 0, 0, 0);
    for path in &files {
        let words = words_of(&std::fs::read(path).unwrap());
        if tesserae::reflect::check_header(&words).is_err() {
            continue;
        }
        compared += 1;
        modules += usize::from(rspirv::dr::load_words(&words).is_ok());
        fast += usize::from(tesserae::spirv_reader::read(&words).is_some());
        viewed += usize::from(tesserae::spirv_view::ModuleView::read(&words).is_some());
        if let Err(e) = tesserae::spirv_reader::check_agrees_with_rspirv(&words) {
            panic!("{}: {e}", path.display());
        }
        if let Err(e) = tesserae::lower::check_predicates(&words) {
            panic!("{}: {e}", path.display());
        }
    }
    assert!(compared > 300 && modules > 250, "only {compared} inputs compared, {modules} of them modules");
    // The comparison is of the fast path: it reads nearly every module itself.
    assert!(fast * 10 >= modules * 9, "the fast path read only {fast} of {modules} modules");
    assert!(viewed * 10 >= modules * 9, "the view read only {viewed} of {modules} modules");
}

/// Shaders whose instructions take the paths the fast reader hands back to rspirv or sizes by
/// type: image operands, loop controls with parameters, 64-bit and 16-bit constants, switches
/// on 64-bit selectors, `OpSpecConstantOp`, execution modes with literals, decorations with
/// string arguments.
#[test]
fn reads_what_rspirv_reads_on_operands_with_parameters() {
    let sources = [
        (
            glslang::ShaderStage::Fragment,
            r#"#version 450
            #extension GL_EXT_control_flow_attributes : require
            layout(set = 0, binding = 0) uniform sampler2D tex;
            layout(constant_id = 3) const int K = 4;
            const int K2 = K * 2 + 1;
            layout(location = 0) flat in int sel;
            layout(location = 1) in vec2 uv;
            layout(location = 0) out vec4 color;
            void main() {
                vec4 c = textureLod(tex, uv, 1.0) + textureGrad(tex, uv, vec2(0.1), vec2(0.2))
                    + textureOffset(tex, uv, ivec2(1, -1)) + texture(tex, uv, 0.5);
                double d = 1.0000000001lf;
                switch (sel) { case 500000: c.x += float(d); break; case 2: c.y = 0.0; break; default: break; }
                [[unroll]] for (int i = 0; i < K2; ++i) { c.z += 0.125; }
                [[dependency_infinite]] for (int i = 0; i < 3; ++i) { c.w *= 0.5; }
                color = c;
            }"#,
        ),
        (
            glslang::ShaderStage::Vertex,
            r#"#version 450
            layout(location = 0) in vec4 p;
            layout(std140, set = 1, binding = 2) uniform U { mat4 m; float h; } u;
            layout(push_constant) uniform P { vec4 o; } pc;
            out gl_PerVertex { vec4 gl_Position; float gl_PointSize; };
            void main() { gl_Position = u.m * p + pc.o; gl_PointSize = 2.0; }"#,
        ),
    ];
    for (stage, source) in sources {
        let words = common::glsl(stage, source);
        tesserae::reflect::check_header(&words).unwrap();
        tesserae::spirv_reader::check_agrees_with_rspirv(&words).unwrap();
        assert!(tesserae::spirv_reader::read(&words).is_some());
    }
}

/// Instructions no shader compiler here writes, assembled with rspirv's builder: a string
/// decoration, an execution mode with literals, memory access and loop-control parameters, a
/// decoration with an id argument, 64-bit and 8-bit integer constants.
#[test]
fn reads_what_rspirv_reads_on_hand_built_operands() {
    use rspirv::binary::Assemble;
    use spirv::{Decoration, ExecutionMode, ExecutionModel, FunctionControl, LoopControl, MemoryAccess, StorageClass};
    let mut b = rspirv::dr::Builder::new();
    b.capability(spirv::Capability::Shader);
    b.capability(spirv::Capability::Int64);
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let f32t = b.type_float(32, None);
    let i64t = b.type_int(64, 1);
    let u8t = b.type_int(8, 0);
    let ptr = b.type_pointer(None, StorageClass::Function, f32t);
    let big = b.constant_bit64(i64t, 5_000_000_000);
    let small = b.constant_bit32(u8t, 7);
    let fnty = b.type_function(void, []);
    let main = b.begin_function(void, None, FunctionControl::NONE, fnty).unwrap();
    b.begin_block(None).unwrap();
    let v = b.variable(ptr, None, StorageClass::Function, None);
    let header = b.id();
    let merge = b.id();
    let cont = b.id();
    b.branch(header).unwrap();
    b.begin_block(Some(header)).unwrap();
    b.loop_merge(merge, cont, LoopControl::MIN_ITERATIONS, [rspirv::dr::Operand::LiteralBit32(3)]).unwrap();
    b.branch(cont).unwrap();
    b.begin_block(Some(cont)).unwrap();
    let x = b.load(f32t, None, v, Some(MemoryAccess::ALIGNED), [rspirv::dr::Operand::LiteralBit32(4)]).unwrap();
    b.store(v, x, Some(MemoryAccess::VOLATILE), []).unwrap();
    b.branch(merge).unwrap();
    b.begin_block(Some(merge)).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(ExecutionModel::GLCompute, main, "main", []);
    b.execution_mode(main, ExecutionMode::LocalSize, [8, 4, 1]);
    b.decorate(v, Decoration::UserSemantic, [rspirv::dr::Operand::LiteralString("TEXCOORD0".into())]);
    b.decorate(v, Decoration::AlignmentId, [rspirv::dr::Operand::IdRef(small)]);
    b.decorate(big, Decoration::SpecId, [rspirv::dr::Operand::LiteralBit32(9)]);
    b.name(main, "main");
    let words = b.module().assemble();
    tesserae::reflect::check_header(&words).unwrap();
    tesserae::spirv_reader::check_agrees_with_rspirv(&words).unwrap();
    assert!(tesserae::spirv_reader::read(&words).is_some());
    let read = tesserae::spirv_reader::load_words(&words).unwrap();
    assert_eq!(
        read.types_global_values
            .iter()
            .filter(|i| matches!(i.operands.first(), Some(rspirv::dr::Operand::LiteralBit64(5_000_000_000))))
            .count(),
        1
    );
}

/// The layout flag: glslang's output is in assembly order (so translation hands it to naga
/// as it came), and a module with a debug name after the annotations is not, though rspirv
/// reads it (it sorts the name back into its section, so its assembly differs).
#[test]
fn words_in_assembly_order_are_told_apart() {
    let words = common::vs(common::VS);
    let (_, in_order) = tesserae::spirv_view::ModuleView::read(&words[..]).unwrap();
    assert!(in_order, "glslang's output is in assembly order");
    tesserae::spirv_reader::check_agrees_with_rspirv(&words).unwrap();

    // Move the first OpName to just after the first annotation.
    let mut at = 5;
    let (mut name, mut annotation_end) = (None, None);
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        match spirv::Op::from_u32(words[at] & 0xffff) {
            Some(spirv::Op::Name) if name.is_none() => name = Some(at..at + count),
            Some(spirv::Op::Decorate) if annotation_end.is_none() => annotation_end = Some(at + count),
            _ => {}
        }
        at += count;
    }
    let (name, end) = (name.expect("an OpName"), annotation_end.expect("an OpDecorate"));
    let mut moved = words[..name.start].to_vec();
    moved.extend_from_slice(&words[name.end..end]);
    moved.extend_from_slice(&words[name.clone()]);
    moved.extend_from_slice(&words[end..]);
    let (_, in_order) = tesserae::spirv_view::ModuleView::read(&moved[..]).unwrap();
    assert!(!in_order, "a name after an annotation is out of assembly order");
    let module = tesserae::spirv_reader::load_words(&moved).unwrap();
    use rspirv::binary::Assemble;
    assert!(tesserae::spirv_reader::first_difference(&module.assemble(), &moved).is_some());
    tesserae::spirv_reader::check_agrees_with_rspirv(&moved).unwrap();
    // Translation takes it all the same (through the assembly).
    let loaded = tesserae::reflect::load(&moved, None).unwrap();
    assert_eq!(loaded.check_words(), Ok(()));
    assert_eq!(loaded.spirv(), module.assemble().as_slice());
}

/// A lowering pass that changes a module but says it did not breaks the invariant that lets
/// naga read the input words; `check_words` (run by debug builds and by verified translation)
/// finds it.
#[test]
fn a_pass_hiding_its_change_is_caught() {
    let words = common::vs(common::VS);
    let mut loaded = tesserae::reflect::load(&words, None).unwrap();
    assert_eq!(loaded.check_words(), Ok(()));
    assert_eq!(loaded.spirv(), words.as_slice(), "an unchanged stage goes to naga as it came");
    loaded.lower(
        |_| true,
        |m| {
            m.debug_names.clear();
            false
        },
    );
    let err = loaded.check_words().unwrap_err();
    assert!(err.contains("without saying so"), "{err}");
    loaded.lower(
        |_| true,
        |m| {
            m.debug_names.clear();
            true
        },
    );
    assert_eq!(loaded.check_words(), Ok(()));
}

/// A pass's predicate that says the pass does not apply where it would change the module is
/// caught too: debug builds run the skipped pass on a copy.
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "predicate says it does not apply")]
fn a_predicate_hiding_a_change_is_caught() {
    let words = common::vs(common::VS);
    let mut loaded = tesserae::reflect::load(&words, None).unwrap();
    loaded.lower(
        |_| false,
        |m| {
            m.debug_names.clear();
            true
        },
    );
}

/// The view decodes `OpConstant`, `OpName`, `OpMemberName`, `OpDecorate` and
/// `OpMemberDecorate` in their usual encoding without the grammar; every other encoding of
/// them (a word more or less, a name not filling its words, bytes after a name's nul, a name
/// that is not ASCII, or not UTF-8) goes to the grammar decoder, which reads or refuses it as rspirv does.
#[test]
fn irregular_encodings_of_the_views_fast_paths_read_as_rspirv_reads() {
    let vertex = common::vs(
        "#version 450
layout(location = 0) in vec2 pos;
layout(location = 1) flat out int k;
void main() { gl_Position = vec4(pos, 0.0, 1.0); gl_PointSize = 2.0; k = 7; }",
    );
    let fragment = common::fs(
        "#version 450
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
    color = texture(tex, uv) + textureLod(tex, uv, 1.0);
    for (int i = 0; i < 4; i++) { if (color.x > 0.5) { color.y += 0.25; } }
}",
    );
    let variants = edit_fast_path_instructions(&vertex) + edit_fast_path_instructions(&fragment);
    assert!(variants > 200, "only {variants} variants");
}

/// Edits each instruction of `words` that the view decodes on a fast path and checks the view
/// reads the result as rspirv does; returns how many edited modules were checked.
fn edit_fast_path_instructions(words: &[u32]) -> usize {
    use spirv::Op;
    let fast = [
        Op::Constant,
        Op::Name,
        Op::MemberName,
        Op::Decorate,
        Op::MemberDecorate,
        Op::Function,
        Op::SelectionMerge,
        Op::LoopMerge,
        Op::TypeFloat,
        Op::TypeImage,
        Op::ImageSampleImplicitLod,
        Op::ImageSampleExplicitLod,
        Op::Capability,
        Op::ExtInstImport,
        Op::MemoryModel,
        Op::Source,
    ];
    let words = words.to_vec();
    let mut variants = 0;
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let op = spirv::Op::from_u32(words[at] & 0xffff);
        if op.is_some_and(|op| fast.contains(&op)) {
            let end = at + count;
            let mut edits: Vec<Vec<u32>> = Vec::new();
            // One word more (a zero, a letter, a built-in number), one word less.
            for extra in [0u32, 0x4141_4141, 1] {
                let mut w = words.clone();
                w[at] += 1 << 16;
                w.insert(end, extra);
                edits.push(w);
            }
            if count > 2 {
                let mut w = words.clone();
                w[at] -= 1 << 16;
                w.remove(end - 1);
                edits.push(w);
            }
            // Each operand word an unknown enumerant or bitmask (or another id), or a bit that
            // takes parameters (loop controls, image operands).
            for k in at + 1..end {
                for value in [0xffff_ffffu32, 0x7fff, 2, 4] {
                    let mut w = words.clone();
                    w[k] = value;
                    edits.push(w);
                }
            }
            if matches!(op, Some(Op::Name | Op::MemberName)) {
                // A byte after the nul; a byte that is not ASCII; the nul in an earlier word.
                let last = words[end - 1].to_le_bytes();
                if let Some(nul) = last.iter().position(|b| *b == 0).filter(|n| *n < 3) {
                    let mut w = words.clone();
                    let mut b = last;
                    b[3] = b'x';
                    w[end - 1] = u32::from_le_bytes(b);
                    edits.push(w);
                    // Valid UTF-8 (read by the grammar decoder), and not UTF-8 (refused).
                    for bytes in [[0xc3, 0xa9], [0xff, b'a']] {
                        let mut b = last;
                        b[nul..nul + 2].copy_from_slice(&bytes);
                        let mut w = words.clone();
                        w[end - 1] = u32::from_le_bytes(b);
                        edits.push(w);
                    }
                }
                if count > 3 {
                    let mut w = words.clone();
                    w[end - 2] &= 0x00ff_ffff;
                    edits.push(w);
                }
            }
            for w in edits {
                variants += 1;
                if tesserae::reflect::check_header(&w).is_ok() {
                    if let Err(e) = tesserae::spirv_reader::check_agrees_with_rspirv(&w) {
                        panic!("{op:?} at word {at}, edited: {e}");
                    }
                }
            }
        }
        at += count;
    }
    variants
}
