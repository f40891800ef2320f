//! The tessellation picture of a failure page: mode and levels derived from corpus tests
//! (glslang in process; no GPU).

use tesserae::tessellator::{Domain, Spacing, Winding};
use tesserae_harness::runner::report::tess_picture::{derive, Picture};

fn corpus_test(name: &str) -> tesserae_harness::shader_test::ShaderTest {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus").join(format!("{name}.shader_test"));
    tesserae_harness::shader_test::load(&path, name).unwrap()
}

#[test]
fn glsl_constant_levels() {
    let Some(Picture::Config(c)) = derive(&corpus_test("tess/matrix-quad-equal-ccw")) else { panic!("no configuration") };
    assert_eq!((c.domain, c.spacing, c.winding, c.point_mode), (Domain::Quads, Spacing::Equal, Winding::Ccw, false));
    assert_eq!((c.outer, c.inner), ([2.3, 1.0, 4.0, 2.9], [3.5, 1.7]));
}

#[test]
fn hlsl_patch_constant_function_levels() {
    // The factors come back from the patch-constant function as a struct, through locals.
    let Some(Picture::Config(c)) = derive(&corpus_test("tess/hlsl-tri-fractional-odd-ccw-4-outputs")) else { panic!("no configuration") };
    assert_eq!((c.domain, c.spacing, c.winding), (Domain::Triangles, Spacing::FractionalOdd, Winding::Ccw));
    assert_eq!((&c.outer[..3], c.inner[0]), (&[1.7, 2.9, 3.0][..], 3.0));
}

#[test]
fn levels_from_a_buffer_are_not_guessed() {
    match derive(&corpus_test("tess/resource-ubo-control-levels")) {
        Some(Picture::UnknownLevels(why)) => assert!(why.contains("run time"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn no_picture_without_patches() {
    let name = tesserae_harness::runner::discover(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus"))
        .into_iter()
        .find(|(n, _)| n.starts_with("basic/"))
        .unwrap()
        .0;
    assert_eq!(derive(&corpus_test(&name)), None);
}
