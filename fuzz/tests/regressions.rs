//! Inputs that showed a bug, kept as tests. An open bug's test is `#[ignore]`d with the bug
//! named; check a fix with
//!
//! ```text
//! TESSERAE_FUZZ_STRICT=1 cargo test -p tesserae-fuzz --test regressions -- --ignored
//! ```
//! then un-ignore the test and move a target input to `regressions/<target>/fixed/` (run by
//! `tests/smoke.rs`).

use std::path::{Path, PathBuf};
use tesserae::{PipelineDesc, Stage, StageDesc};
use tesserae_fuzz::{oracle, shader_test};

fn path(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// The pipeline of a `.shader_test` with SPIR-V sections.
/// A binary SPIR-V file of the fuzz tree, as words.
fn words_of(rel: &str) -> Vec<u32> {
    let bytes = std::fs::read(path(rel)).unwrap();
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// `words` as one stage is refused at load as malformed, with a message containing `says`.
fn assert_stage_malformed(words: Vec<u32>, says: &str) {
    let r = tesserae::translate_stage(&StageDesc::new(words));
    assert!(
        matches!(&r, Err(tesserae::TranslateError::Load { source: tesserae::LoadError::Malformed(m), .. }) if m.contains(says)),
        "{:?}",
        r.map(|p| p.entry_point)
    );
}

fn desc_of(rel: &str) -> PipelineDesc {
    let p = path(rel);
    let text = std::fs::read_to_string(&p).unwrap();
    let t = shader_test::parse(&p, "regression", &text).unwrap();
    let stage = |s: Stage| {
        t.shader(s).map(|sec| StageDesc { spirv: shader_test::spirv_words(&p, sec).unwrap(), entry_point: Some(sec.entry_point.clone()) })
    };
    PipelineDesc {
        vertex: stage(Stage::Vertex).unwrap(),
        tess_control: stage(Stage::TessControl),
        tess_eval: stage(Stage::TessEval),
        geometry: stage(Stage::Geometry),
        fragment: stage(Stage::Fragment),
        topology: t.topology(),
        vertex_buffers: t.layouts(),
        specialization: t.specialization.clone(),
        primitive_restart_enable: t.test.primitive_restart,
        options: tesserae::Options::default(),
    }
}

/// The reproducers are valid `.shader_test` files the conformance runner can run.
#[test]
fn reproducers_parse() {
    for dir in ["regressions/pipeline", "regressions/differential"] {
        for e in std::fs::read_dir(path(dir)).unwrap().flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "shader_test") {
                let text = std::fs::read_to_string(&p).unwrap();
                assert!(oracle::shader_test::check_text(&text).is_some(), "{}", p.display());
            }
        }
    }
}

/// Fixed in 51d7d1f (integer outputs nobody reads become flat).
#[test]
fn integer_output_without_flat() {
    let desc = desc_of("regressions/pipeline/integer-output-without-flat.shader_test");
    let plan = oracle::translate::translate_checked(&desc).expect("a valid pipeline must translate");
    oracle::check_plan(&plan);
}

/// Fixed in 51d7d1f (entry points naming no function are refused).
#[test]
fn entry_point_lost() {
    let words = words_of("regressions/spirv_words/fixed/entry-point-lost.bin");
    // The module's OpEntryPoint names a function that the (truncated) module does not define.
    let r = tesserae::translate_stage(&StageDesc::new(words));
    assert!(r.is_err(), "a module whose entry point function is missing must be refused, got {:?}", r.map(|p| p.entry_point));
}

/// Whether naga's IR shifts a signed integer right (WGSL `>>` on i32: arithmetic).
fn has_signed_shift_right(wgsl: &str) -> bool {
    let module = naga::front::wgsl::parse_str(wgsl).unwrap();
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), tesserae::wgsl::capabilities()).validate(&module).unwrap();
    let signed_shift = |f: &naga::Function, fi: &naga::valid::FunctionInfo| {
        f.expressions.iter().any(|(_, e)| match e {
            naga::Expression::Binary { op: naga::BinaryOperator::ShiftRight, left, .. } => {
                fi[*left].ty.inner_with(&module.types).scalar_kind() == Some(naga::ScalarKind::Sint)
            }
            _ => false,
        })
    };
    module.functions.iter().any(|(h, f)| signed_shift(f, &info[h]))
        || module.entry_points.iter().enumerate().any(|(i, ep)| signed_shift(&ep.function, info.get_entry_point(i)))
}

/// Fixed by `lower::shift_signedness` (Base bitcast to unsigned around the shift).
#[test]
fn shift_right_logical_signed() {
    // Both reproducers shift only with OpShiftRightLogical: no arithmetic shift may appear.
    for (rel, stage) in [
        ("regressions/differential/shift-right-logical-signed-lines.shader_test", Stage::Fragment),
        ("regressions/differential/shift-right-logical-signed-points.shader_test", Stage::Vertex),
    ] {
        let plan = tesserae::translate(&desc_of(rel)).unwrap();
        for pass in &plan.passes {
            for sh in pass.shaders() {
                if sh.stage == stage {
                    assert!(!has_signed_shift_right(&sh.wgsl), "{rel}: logical shift translated as an arithmetic one:\n{}", sh.wgsl);
                }
            }
        }
    }
}

/// Fixed in 51d7d1f (odd scalar widths are refused before naga).
#[test]
fn naga_panics_on_odd_width() {
    // A glslang vertex module mutated by libFuzzer: `OpTypeFloat %6 28`, then arrays of it.
    let words = words_of("regressions/spirv_words/fixed/odd-width-array.bin");
    let r = std::panic::catch_unwind(|| tesserae::translate_stage(&StageDesc::new(words)));
    assert!(r.is_ok(), "the translator panicked on untrusted SPIR-V");
}

/// Every kept `spirv_words` input that showed a fixed bug still passes the target's oracles
/// (the tests below name the bug each one showed; this one walks the directory, so an input
/// kept without a test of its own still runs: the `naga-panic-*` inputs, for one, whose naga
/// panics the translator turns into typed errors since 51d7d1f).
#[test]
fn every_fixed_spirv_words_input_passes() {
    for e in std::fs::read_dir(path("regressions/spirv_words/fixed")).unwrap().flatten() {
        let p = e.path();
        if !p.is_file() {
            continue;
        }
        let bytes = std::fs::read(&p).unwrap();
        let r = std::panic::catch_unwind(|| tesserae_fuzz::targets::spirv_words(&bytes));
        assert!(r.is_ok(), "{}: the translator or the oracle panicked", p.display());
    }
}

/// Fixed with stub struct members keeping the module's names where they are identifiers
/// (`vertex_function::StubTypes`): a control stage whose `gl_out` block has a member named
/// `gl,CullDistance` (a mutated `OpMemberName`) made the stub declaring its struct
/// unparsable; and one whose member the writer names `gl_Positio_u0026_` (valid, but not a name
/// the namer keeps on a first pass) must keep it, since the kernel reads it by that name.
#[test]
fn stub_member_names() {
    fixed_spirv_words_input_passes("tess-stub-member-name-not-an-identifier.bin");
    fixed_spirv_words_input_passes("tess-stub-member-name-written-by-the-namer.bin");
}

/// Fixed with `link::fix_type` letting one stub type stand for the first of several user
/// types of one shape: a control stage with two such types (its `gl_in` and `gl_out` blocks
/// are separate structs of the same members) failed linking as a translator bug.
#[test]
fn stub_type_for_two_user_types() {
    fixed_spirv_words_input_passes("tess-stub-type-for-two-user-types.bin");
}

/// Fixed with `vertex_function::clip_distance_count`: an evaluation stage alone whose
/// `gl_ClipDistance` has 65281 elements gave the linked kernel a `clip_distances` built-in
/// WebGPU does not take (a translator bug by the oracle); now refused by name.
#[test]
fn evaluation_with_65281_clip_distances() {
    fixed_spirv_words_input_passes("tess-evaluation-65281-clip-distances.bin");
}

/// Fixed in aa80bcc (saturating clip + cull count).
#[test]
fn clip_cull_count_overflow() {
    // A glslang vertex module mutated by libFuzzer: ClipDistance and CullDistance arrays of
    // 4294574081 elements; the three trailing bytes ask for the pipeline form (cut in two).
    let bytes = std::fs::read(path("regressions/spirv_words/fixed/clip-cull-count-overflow.bin")).unwrap();
    let r = std::panic::catch_unwind(|| oracle::translate::spirv_words(&bytes));
    assert!(r.is_ok(), "the translator panicked (arithmetic overflow) on untrusted SPIR-V");
}

/// A push-constant block starting past offset 0 gains a leading member, and every access chain
/// into it shifts its first index by one: an index of 2^32 - 1 (invalid) overflowed
/// (`lower::push_constants`). It now stays as it was, for naga's validator to refuse.
#[test]
fn push_constant_member_index_u32_max() {
    let bytes = std::fs::read(path("regressions/spirv_words/fixed/push-constant-member-index-u32-max.bin")).unwrap();
    let r = std::panic::catch_unwind(|| oracle::translate::spirv_words(&bytes));
    assert!(r.is_ok(), "the translator panicked (arithmetic overflow) on untrusted SPIR-V");
}

/// Fixed in aa80bcc (locations bounded).
#[test]
fn vertex_input_location_overflow() {
    // A glslang module mutated by libFuzzer: a vertex input at a Location near 2^32.
    let bytes = std::fs::read(path("regressions/spirv_words/fixed/vertex-input-location-overflow.bin")).unwrap();
    let r = std::panic::catch_unwind(|| oracle::translate::spirv_words(&bytes));
    assert!(r.is_ok(), "the translator panicked (arithmetic overflow) on untrusted SPIR-V");
}

/// Fixed in 3edbebe (spec-constant array lengths use their default values).
#[test]
fn spec_constant_clip_array() {
    // A glslang module mutated by libFuzzer: gl_PerVertex's ClipDistance array is sized by an
    // OpSpecConstant (default 4); the trailing byte asks for the pipeline form.
    let bytes = std::fs::read(path("regressions/spirv_words/fixed/spec-constant-clip-array.bin")).unwrap();
    oracle::translate::spirv_words(&bytes);
}

#[test]
fn duplicate_entry_point_name() {
    // Fixed: naga now keeps only the selected entry point (by stage and name).
    // Vertex and Fragment entry points both named "main" on one function; the module is
    // translated as the vertex stage (the trailing bytes ask for the pipeline form).
    let bytes = std::fs::read(path("regressions/spirv_words/fixed/duplicate-entry-point-name.bin")).unwrap();
    oracle::translate::spirv_words(&bytes);
}

/// Fixed in 6c9be66 (id bounds above 2^24 are refused).
#[test]
fn fresh_id_bound_overflow() {
    // A glslang vertex module (writes PointSize) whose header bound was mutated to 0xffffffff.
    let bytes = std::fs::read(path("regressions/spirv_words/fixed/fresh-id-bound-overflow.bin")).unwrap();
    let r = std::panic::catch_unwind(|| oracle::translate::spirv_words(&bytes));
    assert!(r.is_ok(), "the translator panicked (arithmetic overflow) on untrusted SPIR-V");
}

#[test]
fn variable_storage_class_mismatch() {
    // Fixed: reflection refuses a variable whose storage class differs from its pointer's.
    // gl_PerVertex declared `OpVariable %_ptr_Uniform_gl_PerVertex Output`: the plan counts no
    // clip distances, the WGSL writes 3. Invalid SPIR-V: it should be refused.
    let bytes = std::fs::read(path("regressions/spirv_words/fixed/variable-storage-class-mismatch.bin")).unwrap();
    oracle::translate::spirv_words(&bytes);
}

/// Fixed by `lower::non_writable_blocks`: a storage buffer whose block members are all
/// `NonWritable` (glslang's `readonly buffer`) was declared `read_write` (naga reads only the
/// variable's decorations), which wgpu refuses in a vertex stage without
/// `VERTEX_WRITABLE_STORAGE`. Found by the differential fuzzer's resource pipelines.
#[test]
fn readonly_storage_members() {
    let desc = desc_of("regressions/differential/readonly-storage-members-vertex.shader_test");
    let plan = oracle::translate::translate_checked(&desc).expect("a valid pipeline must translate");
    let storage: Vec<_> = plan.resources.iter().filter(|r| r.kind == tesserae::DescriptorKind::StorageBuffer).collect();
    assert!(!storage.is_empty(), "{}", plan.to_json());
    for r in storage {
        for w in &r.wgpu {
            assert_eq!(w.ty, tesserae::BindingType::StorageBuffer { read_only: true }, "{}", plan.to_json());
        }
    }
}

/// Replays `regressions/spirv_words/fixed/NAME` through the `spirv_words` target and its oracle.
fn fixed_spirv_words_input_passes(name: &str) {
    let bytes = std::fs::read(path(&format!("regressions/spirv_words/fixed/{name}"))).unwrap();
    let r = std::panic::catch_unwind(|| tesserae_fuzz::targets::spirv_words(&bytes));
    assert!(r.is_ok(), "{name}: the translator or the oracle panicked");
}

/// Fixed with `module_checks::check_ids`: a struct id defined twice (malformed)
/// sent the std140 lowering past the end of the other definition's members (found by
/// `spirv_words`). Now refused as malformed at load.
#[test]
fn result_id_defined_twice() {
    for name in ["std140-struct-id-defined-twice.bin", "std140-struct-id-defined-twice-2.bin", "clip-distances-id-defined-twice.bin"] {
        fixed_spirv_words_input_passes(name);
    }
}

/// Fixed with `reflect::check_locations`: outputs whose locations overlap (a 2,050-element
/// array at location 0 over an output at location 2; invalid in Vulkan) were written as WGSL
/// naming one varying twice (found by `spirv_words`). Now refused as malformed at load.
#[test]
fn output_locations_overlap() {
    // The last: a per-vertex block past the location limit, which the check first tried to
    // walk location by location (out of memory); the one before: out of memory before ids
    // were checked for uniqueness and bound.
    for name in [
        "output-locations-overlap-evaluation.bin",
        "output-locations-overlap-vertex.bin",
        "out-of-memory-malformed.bin",
        "overlap-check-block-past-max-location.bin",
    ] {
        fixed_spirv_words_input_passes(name);
    }
}

/// Fixed with `module_checks::check_fragment_only_instructions` and the id-bound check: `OpKill` in a
/// tessellation control stage, and a label id past the header's bound, became compute WGSL
/// that does not validate (found by `spirv_words`). Now refused as malformed at load.
#[test]
fn fragment_only_instruction_and_id_past_bound() {
    for name in ["kill-in-control-stage.bin", "label-id-past-bound.bin"] {
        fixed_spirv_words_input_passes(name);
    }
}

/// Fixed with `module_checks::check_call_pointer_arguments`: an access chain into a vector passed to
/// a function (invalid without variable pointers) became tessellation evaluation WGSL taking
/// the address of a vector component, which does not validate (found by `spirv_words`). Now
/// refused as malformed at load.
#[test]
fn function_call_pointer_argument_not_a_variable() {
    fixed_spirv_words_input_passes("evaluation-address-of-vector-component.bin");
}

/// Fixed with `module_checks::check_ids` and `module_checks::check_member_decorations`: decorations of
/// undefined ids, a member decoration past a struct's last member, and a `gl_PerVertex` mixing
/// built-in and plain members became tessellation evaluation WGSL that does not validate
/// (clip distances without their extension; an integer varying without `flat`). Found by
/// `spirv_words`; the last two inputs are the first two with the undefined ids removed. Now
/// refused as malformed at load.
#[test]
fn undefined_ids_and_bad_member_decorations() {
    for name in [
        "evaluation-clip-distances-undefined-ids.bin",
        "evaluation-integer-output-undefined-ids.bin",
        "member-decoration-index-out-of-bounds.bin",
        "builtin-block-mixed-members.bin",
    ] {
        fixed_spirv_words_input_passes(name);
    }
}

/// Fixed with `module_checks::check_image_types`: an `OpTypeImage` with `Arrayed` 16777216 (and
/// depth 512) became fragment WGSL naming `texture_1d_array`, which WGSL lacks (found by
/// `spirv_words`). Now refused as malformed; valid 1D array images are refused as unsupported.
#[test]
fn image_type_operands_out_of_range() {
    fixed_spirv_words_input_passes("image-arrayed-out-of-range.bin");
    // A 1D depth image, written as `texture_depth_1d` (WGSL has none): unsupported.
    fixed_spirv_words_input_passes("image-depth-1d.bin");
}

/// Fixed with `deep_expressions::name_deep_expressions`: a chain of 200 (and 5,000) dependent
/// additions, valid SPIR-V, was written as one WGSL expression nested that deep, past naga's
/// WGSL parser's recursion limit (wgpu could not create the module). Built by hand while
/// looking for the cause of `spirv_words` runs that ended in stack overflows.
#[test]
fn deep_expression_chain() {
    for name in ["deep-expression-chain-200.bin", "deep-expression-chain-5000.bin"] {
        fixed_spirv_words_input_passes(name);
    }
}

/// Fixed with `module_checks::check_vector_shuffles`: an `OpVectorShuffle` selecting component 24577
/// made naga drop the vertex stage's clip-distance writes, so the plan promised a clip
/// distance its WGSL does not write (found by `spirv_words`). Now refused as malformed.
#[test]
fn vector_shuffle_component_out_of_range() {
    fixed_spirv_words_input_passes("vector-shuffle-component-out-of-range.bin");
    // The check itself overflowed adding two vector sizes near u32::MAX (found by the
    // coverage replay, a dev build with overflow checks, as this test runs).
    fixed_spirv_words_input_passes("vector-shuffle-size-overflow.bin");
}

/// Fixed with `module_checks::check_explicit_lod`: `OpImageSampleExplicitLod` whose image
/// operands name no level (`MakeTexelVisible` instead of `Lod`) became WGSL `textureSample`, an
/// implicit-level sample, in a vertex stage (found by `spirv_words`). Now refused as malformed;
/// implicit-level samples and derivatives outside fragment stages are refused too.
#[test]
fn explicit_lod_without_level() {
    fixed_spirv_words_input_passes("explicit-lod-without-level.bin");
}

/// Fixed with `wgsl::refuse_deep_nesting`: 300 nested selections (valid SPIR-V) became WGSL
/// past its limit of 127 nested braces, which naga's parser (and wgpu) refuse. Built by hand
/// while looking for the cause of stack overflows; now refused as unsupported, by name.
#[test]
fn nested_selections_past_wgsl_limit() {
    fixed_spirv_words_input_passes("nested-selections-300.bin");
}

/// Fixed with `module_checks::check_builtin_types`: `TessLevelInner` declared as
/// `array<array<f32, 4>, 2>` (patch built-ins are one array of floats) became tessellation
/// evaluation WGSL storing a float into an array (found by `spirv_words`). Now malformed.
#[test]
fn tess_level_nested_array() {
    fixed_spirv_words_input_passes("evaluation-tess-level-inner-nested-array.bin");
}

/// Fixed in `tessellation::translate_stage`: an evaluation stage alone whose integer output is
/// not `Flat` (valid: Vulkan asks it only of fragment inputs) became WGSL without
/// `@interpolate(flat)` (found by `spirv_words`; the second input is the first with its
/// invalid `RowMajor` on a variable removed, valid for spirv-val).
#[test]
fn evaluation_integer_output_not_flat() {
    for name in ["evaluation-integer-output-row-major.bin", "evaluation-integer-output-not-flat.bin"] {
        fixed_spirv_words_input_passes(name);
    }
}

/// `%v47 = OpTypeVector %v47 4`, a vector of itself, in a push-constant block: the block's size
/// computation recursed until the stack overflowed (found by `spirv_words` with
/// `TESSERAE_FUZZ_LAST_INPUT`, the process killed by `SIGSEGV`). Now refused at load: types
/// refer only to types defined before them (`module_checks::check_global_definition_order`).
#[test]
fn type_defined_by_itself() {
    fixed_spirv_words_input_passes("type-vector-of-itself.bin");
    let bytes = std::fs::read(path("regressions/spirv_words/fixed/type-vector-of-itself.bin")).unwrap();
    let words = tesserae::reflect::words_from_bytes(&bytes).unwrap();
    let err = tesserae::reflect::load(&words, None).err().expect("a type defined by itself is malformed");
    assert!(err.to_string().contains("not defined before it"), "{err}");
}

/// Fixed by `module_checks::check_composite_count`: a matrix of 738,197,506 columns made
/// `lower::descriptor_select` allocate 2.95 GB of column types (`spirv_words`, out of memory
/// under libFuzzer's 2 GB limit). The module is malformed, and refused as such before any pass.
#[test]
fn matrix_of_738_million_columns_is_malformed() {
    let words = words_of("regressions/spirv_words/fixed/matrix-of-738197506-columns.bin");
    assert_stage_malformed(words, "TypeMatrix");
}

/// `words` without the `OpMemberName`s that name a member past their struct (malformed, refused
/// at load before anything else): what a kept input's own test needs when it tests a later
/// refusal of a module that also had such a name.
fn without_stray_member_names(words: &[u32]) -> Vec<u32> {
    let instructions = |words: &[u32]| -> Vec<(usize, usize)> {
        let mut at = 5;
        let mut out = Vec::new();
        while at < words.len() {
            let count = (words[at] >> 16).max(1) as usize;
            out.push((at, count.min(words.len() - at)));
            at += count;
        }
        out
    };
    let members: std::collections::HashMap<u32, usize> = instructions(words)
        .into_iter()
        .filter(|&(at, n)| words[at] & 0xffff == spirv::Op::TypeStruct as u32 && n >= 2)
        .map(|(at, n)| (words[at + 1], n - 2))
        .collect();
    let mut out = words[..5].to_vec();
    for (at, n) in instructions(words) {
        let stray = words[at] & 0xffff == spirv::Op::MemberName as u32
            && n >= 3
            && members.get(&words[at + 1]).is_none_or(|&m| words[at + 2] as usize >= m);
        if !stray {
            out.extend_from_slice(&words[at..at + n]);
        }
    }
    out
}

/// `spirv_words` (2026-12-06, after 2.15 M runs): a vertex stage capturing transform feedback
/// with an `XfbStride` near 2^32 overflowed the capture kernel's room arithmetic (a panic in a
/// debug build). Strides past lavapipe's 2048-byte limit are refused by name.
#[test]
fn a_huge_xfb_stride_is_refused_by_name() {
    let words = without_stray_member_names(&words_of("regressions/spirv_words/fixed/xfb-stride-multiply-overflow.bin"));
    let r = tesserae::translate_stage(&StageDesc::new(words));
    assert!(
        matches!(&r, Err(tesserae::TranslateError::Unsupported { feature, .. }) if feature.contains("XfbStride")),
        "{:?}",
        r.map(|p| p.entry_point)
    );
}

/// The same stage with a sane stride and a member `Offset` of 2^32 - 4 (found in review after
/// the stride fix): the captured words' offsets overflowed (`offset + 4`). Offsets past the
/// largest stride taken are refused by name before any arithmetic on them.
#[test]
fn a_huge_xfb_offset_is_refused_by_name() {
    let words = without_stray_member_names(&words_of("regressions/spirv_words/fixed/xfb-offset-add-overflow.bin"));
    let r = tesserae::translate_stage(&StageDesc::new(words));
    assert!(
        matches!(&r, Err(tesserae::TranslateError::Unsupported { feature, .. }) if feature.contains("offset 4294967292")),
        "{:?}",
        r.map(|p| p.entry_point)
    );
}

/// `spirv_words` (2026-12-06, after 2.6 M runs): a tessellation control stage whose
/// `gl_PerVertex` declares `ClipDistance` and `CullDistance` arrays of 589,825 elements ran the
/// translation past libFuzzer's 2 GB (records sized by the declared count). Arrays of more than
/// 8 distances (Vulkan's guaranteed limit, WebGPU's) are refused by name at load.
#[test]
fn a_clip_distance_array_of_589825_is_refused_by_name() {
    let words = words_of("regressions/spirv_words/fixed/clip-distance-array-of-589825.bin");
    let r = tesserae::translate_stage(&StageDesc::new(words));
    assert!(
        matches!(&r, Err(tesserae::TranslateError::Unsupported { feature, .. }) if feature.contains("array of 589825 elements")),
        "{:?}",
        r.map(|p| p.entry_point)
    );
}

/// `spirv_words` (2026-12-06, after 2.05 M runs): a vertex stage declaring its `ViewportIndex`
/// output a `vec4` of floats (Vulkan requires a 32-bit integer) became WGSL casting the vector
/// to `u32` in the layered draw's records (invalid WGSL, a translator bug as reported). A
/// `Layer` or `ViewportIndex` of another type is malformed, refused at load.
#[test]
fn a_viewport_index_declared_vec4_is_malformed() {
    let words = words_of("regressions/spirv_words/fixed/viewport-index-declared-vec4.bin");
    assert_stage_malformed(words, "ViewportIndex");
}

/// `spirv_words` (2026-12-06, after 23.7 M runs): a module whose result ids run past the
/// header's bound (59, with ids up to 262149), with instructions out of section order, so that
/// rspirv reads it instead of the view. Its view was built leniently (as for modules the passes
/// build, which define ids before raising the bound), so the load checks missed the ids past
/// the bound; the transform feedback capture then allocated fresh ids from the bound, defining
/// %59 to %63 a second time, and `const_operations` rewrote a use of one definition its
/// predicate read as the other (the oracle reported the predicate and the pass disagreeing).
/// Such ids are malformed, refused at load whichever reader reads the module.
#[test]
fn result_ids_past_the_bound_are_malformed_when_rspirv_reads_the_module() {
    let words = words_of("regressions/spirv_words/fixed/result-ids-past-bound-in-a-module-out-of-order.bin");
    assert!(tesserae::spirv_view::ModuleView::read(&words).is_some_and(|(_, in_order)| !in_order), "no longer a module rspirv reads");
    assert_stage_malformed(words, "not below the header's bound 59");
}

/// `spirv_words` (2026-12-06, at startup over the kept corpus, after the padded arrays reached
/// storage blocks): a runtime array decorated with an `ArrayStride` of 16,515,088 bytes. The
/// padding of wide strides gave each element about four million padding members (a timeout
/// and 1.8 GB). Padding stops at 64 words; a wider stride is refused by name as a layout WGSL
/// cannot spell.
#[test]
fn a_stride_of_megabytes_is_refused_not_padded() {
    let words = words_of("regressions/spirv_words/fixed/runtime-array-stride-of-16-mebibytes.bin");
    let r = tesserae::translate_stage(&StageDesc::new(words));
    assert!(
        matches!(&r, Err(tesserae::TranslateError::Unsupported { feature, .. }) if feature.contains("stride")),
        "{:?}",
        r.map(|p| p.entry_point)
    );
}

/// `spirv_words` (2026-12-06, 367 k runs after the session's new passes): a tessellation
/// evaluation stage's integer output decorated `Index 8` (dual-source blending, which SPIR-V
/// allows only on fragment outputs); naga reads an indexed output without interpolation, and
/// the evaluation pass wrote it without the `flat` WGSL requires of integers (invalid WGSL).
/// `Index` outside a fragment stage is malformed, refused at load.
#[test]
fn an_index_decoration_outside_a_fragment_stage_is_malformed() {
    let words = words_of("regressions/spirv_words/fixed/index-decoration-on-evaluation-output.bin");
    assert_stage_malformed(words, "Index");
}

/// `spirv_words` (2026-12-06, 9.04 M runs into a campaign of 31 minutes): a tessellation
/// control stage whose push-constant block has an `OpMemberName` for member 2^32 - 1 (spirv-val
/// refuses a member past the struct's); the push-constant pass, renumbering the block's
/// members after the one it adds first, overflowed that number. A member name past its struct
/// is malformed, refused at load.
#[test]
fn a_member_name_past_its_struct_is_malformed() {
    let words = words_of("regressions/spirv_words/fixed/member-name-index-past-the-struct.bin");
    assert_stage_malformed(words, "OpMemberName");
}

/// `spirv_words` (2026-12-06, 1.17 M runs into a campaign of 10 minutes; the stack overflow
/// seen twice before without an input): a fragment stage whose `%56 = OpSampledImage %41 %54
/// %56` takes its own result (spirv-val: "has not been defined"). The walk of the readers of a
/// descriptor array element went round it until the stack overflowed. An instruction naming an
/// id not defined before it (other than a label, a function or an `OpPhi`'s value) is
/// malformed, refused at load.
#[test]
fn an_instruction_taking_its_own_result_is_malformed() {
    let words = words_of("regressions/spirv_words/fixed/sampled-image-of-its-own-result.bin");
    assert_stage_malformed(words, "SampledImage refers to %56, which is not defined before it");
}

/// The same stage with the loop two instructions long: `%56 = OpSampledImage %41 %54 %67` and
/// `%67 = OpImage %27 %56` before it, which names `%56` ahead of its definition. Malformed too.
#[test]
fn a_loop_of_sampled_images_is_malformed() {
    let mut words = words_of("regressions/spirv_words/fixed/sampled-image-of-its-own-result.bin");
    let at =
        (5..words.len()).find(|&i| words[i..].starts_with(&[5 << 16 | 86, 41, 56, 54, 56])).expect("the self-referring OpSampledImage");
    words[at + 4] = 67;
    words.splice(at..at, [4 << 16 | 100, 27, 67, 56]);
    words[3] = 68; // the bound
    assert_stage_malformed(words, "Image refers to %56, which is not defined before it");
}

/// Two pointer copies in successive blocks naming each other (`%p = OpCopyObject %q` in the
/// first block, `%q = OpCopyObject %p` in the second), `%p` loaded in a third: the recomputation
/// of pointers used across blocks followed the copies round until the stack overflowed (found
/// by hand after the finding above, looking for other walks over definitions). Malformed.
#[test]
fn pointer_copies_naming_each_other_are_malformed() {
    let text = "OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main \"main\" %out
OpExecutionMode %main OriginUpperLeft
OpDecorate %out Location 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%out_ptr = OpTypePointer Output %v4float
%out = OpVariable %out_ptr Output
%ptr = OpTypePointer Function %v4float
%main = OpFunction %void None %fn
%l0 = OpLabel
%v = OpVariable %ptr Function
%p = OpCopyObject %ptr %q
OpBranch %l1
%l1 = OpLabel
%q = OpCopyObject %ptr %p
OpBranch %l2
%l2 = OpLabel
%x = OpLoad %v4float %p
OpStore %out %x
OpReturn
OpFunctionEnd
";
    use spirv_tools::assembler::Assembler;
    let words =
        spirv_tools::assembler::create(None).assemble(text, spirv_tools::assembler::AssemblerOptions::default()).expect("assembles");
    assert_stage_malformed(words.as_words().to_vec(), "CopyObject refers to");
}
