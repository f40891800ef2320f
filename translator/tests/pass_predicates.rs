//! The lowering passes' predicates hold where the pass changes something, and only there: a
//! predicate that holds for most modules makes every translation build rspirv's module of
//! them (`docs/translation-speed.md`), one that fails where the pass changes the module
//! leaves a shape naga cannot read. Each case is a GLSL stage, the predicate's answer on its
//! loaded module, and whether the pass changes that module.

mod common;
use common::{fs, glsl};
use glslang::ShaderStage;
use tesserae::lower;

type Pass = (&'static str, fn(&tesserae::spirv_view::ModuleView) -> bool, fn(&mut rspirv::dr::Module) -> bool);

const WIDEN: Pass = ("widen_fragment_outputs", lower::widen_fragment_outputs::applies, lower::widen_fragment_outputs::lower);
const UNREAD_TAIL: Pass = ("unread_block_tail", lower::unread_block_tail::applies, |m| lower::unread_block_tail::lower(m).unwrap());
const COMPOSITE_SELECT: Pass = ("composite_select", lower::composite_select::applies, |m| lower::composite_select::lower(m).unwrap());

fn check((name, applies, pass): Pass, words: &[u32], expected: bool) {
    let loaded = tesserae::reflect::load(words, None).expect("the stage loads");
    assert_eq!(applies(loaded.view()), expected, "{name}'s predicate");
    assert_eq!(pass(&mut loaded.module().clone()), expected, "{name} changing the module");
    assert_eq!(lower::check_predicates(words), Ok(()));
}

#[test]
fn widen_fragment_outputs_applies_to_outputs_narrower_than_four_components() {
    let out = |ty: &str| fs(&format!("#version 450\nlayout(location = 0) out {ty} c;\nvoid main() {{ c = {ty}(1.0); }}"));
    check(WIDEN, &out("vec4"), false);
    check(WIDEN, &out("vec2"), true);
    check(WIDEN, &out("float"), true);
}

#[test]
fn unread_block_tail_applies_to_blocks_read_short_of_their_last_member() {
    let reads = |read: &str| {
        fs(&format!(
            "#version 450
layout(set = 0, binding = 0) uniform U {{ vec4 a; vec4 b; }} u;
layout(location = 0) out vec4 c;
void main() {{ c = {read}; }}"
        ))
    };
    check(UNREAD_TAIL, &reads("u.a + u.b"), false);
    check(UNREAD_TAIL, &reads("u.b"), false);
    check(UNREAD_TAIL, &reads("u.a"), true);
}

#[test]
fn composite_select_skips_selects_of_scalars_and_vectors() {
    let words = glsl(
        ShaderStage::Fragment,
        "#version 450
layout(location = 0) flat in int k;
layout(location = 0) out vec4 c;
void main() { c = k > 0 ? vec4(1.0) : vec4(0.5); c.x = k > 1 ? 0.25 : c.x; }",
    );
    let view = tesserae::spirv_view::ModuleView::read(&words).expect("reads").0;
    assert!(view.bodies().any(|i| i.opcode == spirv::Op::Select), "glslang selects here (else the case tests nothing)");
    check(COMPOSITE_SELECT, &words, false);
}

/// Predicates that only look for an opcode read the view's opcode set instead of walking the
/// module: it must hold exactly the opcodes the module uses.
#[test]
fn the_views_opcode_set_holds_the_opcodes_used() {
    const FLOAT_CLASSIFY: Pass = ("float_classify", lower::float_classify::applies, lower::float_classify::lower);
    let classify = |test: &str| {
        fs(&format!(
            "#version 450
layout(location = 0) in vec4 v;
layout(location = 0) out vec4 c;
void main() {{ c = {test} ? vec4(1.0) : v; }}"
        ))
    };
    let words = classify("isnan(v.x)");
    let view = tesserae::spirv_view::ModuleView::read(&words).expect("reads").0;
    assert!(view.has_opcode(spirv::Op::IsNan) && !view.has_opcode(spirv::Op::IsInf));
    assert!(view.has_opcode(spirv::Op::Load) && view.has_opcode(spirv::Op::TypeFloat) && !view.has_opcode(spirv::Op::Kill));
    check(FLOAT_CLASSIFY, &words, true);
    check(FLOAT_CLASSIFY, &classify("isinf(v.y)"), true);
    check(FLOAT_CLASSIFY, &classify("v.x > 0.5"), false);
}
