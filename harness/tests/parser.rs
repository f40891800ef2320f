//! The `.shader_test` parser: every corpus file parses, and malformed files give errors that
//! name the file and line.

use std::path::Path;
use tesserae_harness::runner::discover;
use tesserae_harness::shader_test::{parse, ParseError};

const GOOD: &str = "[vertex shader]
#version 450
void main() { gl_Position = vec4(0.0); }

[test]
draw triangle-list vertices 3
";

fn err(text: &str) -> ParseError {
    parse(Path::new("t.shader_test"), "x/t", text).expect_err("must fail")
}

#[test]
fn corpus_parses() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let tests = discover(&root);
    assert!(tests.len() >= 30, "corpus has {} tests", tests.len());
    // `.shader_test` files and the corpus's own Amber scripts.
    for (name, path) in tests {
        if let Err(e) = tesserae_harness::runner::load_test(&path, &name) {
            panic!("{}", e.message);
        }
    }
}

#[test]
fn minimal_test_parses() {
    let t = parse(Path::new("t.shader_test"), "x/t", GOOD).unwrap();
    assert_eq!(t.test.draws.len(), 1);
    assert_eq!((t.test.width, t.test.height), (64, 64));
}

#[test]
fn unknown_section() {
    let e = err(&format!("{GOOD}\n[geometry thing]\nfoo\n"));
    assert_eq!(e.line, 8);
    assert!(e.message.contains("unknown section [geometry thing]"), "{e}");
    assert!(e.to_string().starts_with("t.shader_test:8:"), "{e}");
}

#[test]
fn bad_number() {
    let e = err(&GOOD.replace("vertices 3", "vertices three"));
    assert_eq!(e.line, 6);
    assert!(e.message.contains("bad number `three`"), "{e}");
}

#[test]
fn missing_shader() {
    let e = err("[test]\ndraw triangle-list vertices 3\n");
    assert!(e.message.contains("missing vertex shader"), "{e}");
}

#[test]
fn unknown_directive() {
    let e = err(&format!("{GOOD}frobnicate 3\n"));
    assert_eq!(e.line, 7);
    assert!(e.message.contains("unknown directive `frobnicate 3`"), "{e}");
}

#[test]
fn missing_test_section() {
    let e = err("[vertex shader]\n#version 450\nvoid main() {}\n");
    assert!(e.message.contains("missing [test]"), "{e}");
}

#[test]
fn vertex_buffer_errors() {
    let with = |vb: &str| format!("{GOOD}\n[vertex buffer 0]\n{vb}\n");
    assert!(err(&with("0/float33\n1")).message.contains("unknown vertex format `float33`"));
    assert!(err(&with("0/float32x2\n1 2 3")).message.contains("do not fill whole vertices"));
    assert!(err(&with("0/unorm8x4\n1 2 3 300")).message.contains("bad number `300`"));
    assert!(err(&with("zero/float32\n1")).message.contains("bad number `zero`"));
}

#[test]
fn tolerance_needs_a_reason() {
    let e = err(&format!("{GOOD}tolerance channel 2 pixels 1%\n"));
    assert!(e.message.contains("reason"), "{e}");
    let t = parse(Path::new("t"), "x/t", &format!("{GOOD}tolerance on wgpu-gl channel 2 pixels 1% reason GL rounds\n")).unwrap();
    assert_eq!(t.test.tolerance("wgpu-gl").channel, 2);
    assert_eq!(t.test.tolerance("native").channel, 0);
}

#[test]
fn tolerance_bounds_are_checked() {
    for bad in ["channel 255 pixels 1%", "channel 0255 pixels 1%", "channel 256 pixels 1%", "channel -1 pixels 1%"] {
        let e = err(&format!("{GOOD}tolerance {bad} reason r\n"));
        assert!(e.message.contains("channel"), "{bad}: {e}");
    }
    for bad in ["pixels 100.5%", "pixels inf%", "pixels NaN%", "pixels -1%", "pixels 2", "edge-pixels 101%"] {
        let e = err(&format!("{GOOD}tolerance channel 0 {bad} reason r\n"));
        assert!(e.message.contains("pixel share") || e.message.contains("percent"), "{bad}: {e}");
    }
    let t = parse(Path::new("t"), "x/t", &format!("{GOOD}tolerance channel 254 edge-pixels 100% reason r\n")).unwrap();
    let tol = t.test.tolerance("native");
    assert_eq!((tol.channel, tol.pixels_percent, tol.edges_only), (254, 100.0, true));
    assert_eq!(tol.describe(), "channel 254 edge-pixels 100%");
}

#[test]
fn indexed_draw_needs_indices() {
    let e = err(&GOOD.replace("draw triangle-list vertices 3", "draw-indexed triangle-list indices 3"));
    assert!(e.message.contains("index buffer"), "{e}");
}

#[test]
fn spirv_hex_errors_name_the_line() {
    let text = "[vertex shader spirv]\n07230203 00010000\nzzzz\n\n[test]\ndraw point-list vertices 1\n";
    let t = parse(Path::new("t"), "x/t", text).unwrap();
    let e = tesserae_harness::shader_test::spirv_words(Path::new("t"), &t.shaders[0]).unwrap_err();
    assert_eq!(e.line, 3);
}

#[test]
fn garbage_never_panics() {
    let mut s = 0x9e37_79b9u32;
    let alphabet: Vec<char> = "[]#/ \n0123456789.-abcdefghijklmnopqrstuvwxyz_".chars().collect();
    for n in 0..500 {
        let mut text = String::new();
        for _ in 0..(n % 200) {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            text.push(alphabet[(s as usize) % alphabet.len()]);
        }
        let _ = parse(Path::new("g"), "g/g", &text);
        let _ = parse(Path::new("g"), "g/g", &format!("{GOOD}{text}"));
    }
}

#[test]
fn tolerance_patterns_match_executors() {
    use tesserae_harness::shader_test::wildcard_match;
    assert!(wildcard_match("*-clip-emulated", "wgpu-gl-clip-emulated"));
    assert!(wildcard_match("wgpu-*", "wgpu-vulkan"));
    assert!(!wildcard_match("wgpu-gl", "wgpu-gl-clip-emulated"));
    let text = format!("{GOOD}tolerance on *-emulated channel 9 pixels 1% reason a\ntolerance on wgpu-gl channel 1 pixels 0% reason b\n");
    let t = parse(Path::new("t"), "x/t", &text).unwrap();
    assert_eq!(t.test.tolerance("wgpu-gl-clip-emulated").channel, 9);
    assert_eq!(t.test.tolerance("wgpu-gl").channel, 1);
}

// ---- resources, depth, blend, specialization ----

use tesserae_harness::shader_test::{
    AddressMode, BlendMode, CompareOp, Descriptor, Filter, SamplerState, StencilOp, TexelFormat, TextureView,
};

fn ok(text: &str) -> tesserae_harness::shader_test::ShaderTest {
    parse(Path::new("t.shader_test"), "x/t", text).unwrap_or_else(|e| panic!("{e}"))
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
}

#[test]
fn uniform_buffer_is_std140() {
    let t = ok(&format!("{GOOD}\n[uniform buffer 0 1]\nfloat 1\nvec3 2 3 4\nfloat[2] 5 6\nint -1\n"));
    assert_eq!(t.resources.len(), 1);
    assert_eq!((t.resources[0].set, t.resources[0].binding, t.resources[0].line), (0, 1, 8));
    let Descriptor::UniformBuffer(b) = &t.resources[0].descriptor else { panic!("{:?}", t.resources[0]) };
    let w = words(b);
    assert_eq!(b.len(), 80);
    assert_eq!(w[0], 1f32.to_bits());
    assert_eq!(&w[4..7], &[2f32.to_bits(), 3f32.to_bits(), 4f32.to_bits()]);
    assert_eq!((w[8], w[12]), (5f32.to_bits(), 6f32.to_bits()));
    assert_eq!(w[16], u32::MAX);
}

#[test]
fn storage_buffer_and_push_constants_are_std430() {
    let t =
        ok(&format!("{GOOD}\n[storage buffer 2 0]\nfloat[2] 1 2\nmat2 1 2 3 4\nzeros 4\nuint 7\n\n[push constants]\nfloat 1\nvec2 2 3\n"));
    let Descriptor::StorageBuffer(b) = &t.resources[0].descriptor else { panic!() };
    let w = words(b);
    // float[2] at 0 (stride 4), mat2 at 8 (columns 8 apart), 4 zero bytes at 24, uint at 28; size 32.
    assert_eq!(w.len(), 8);
    assert_eq!(&w[2..6], &[1f32.to_bits(), 2f32.to_bits(), 3f32.to_bits(), 4f32.to_bits()]);
    assert_eq!((w[6], w[7]), (0, 7));
    let p = t.push_constants.as_ref().unwrap();
    assert_eq!(words(p), vec![1f32.to_bits(), 0, 2f32.to_bits(), 3f32.to_bits()]);
}

#[test]
fn buffer_row_errors() {
    let with = |rows: &str| err(&format!("{GOOD}\n[uniform buffer 0 0]\n{rows}\n"));
    let e = with("vec3 1 2");
    assert_eq!(e.line, 9);
    assert!(e.message.contains("`vec3` takes 3 values, got 2"), "{e}");
    assert!(with("vec5 1").message.contains("unknown type `vec5`"));
    assert!(with("int 1.5").message.contains("bad number `1.5`"));
    assert!(with("uint -1").message.contains("bad number `-1`"));
    assert!(with("zeros 6").message.contains("multiple of 4"));
    assert!(with("zeros 99999999996").message.contains("limit"));
    assert!(with("mat2x4[2] 1").message.contains("takes 16 values"));
    assert!(err(&format!("{GOOD}\n[uniform buffer 0 0]\n")).message.contains("no rows"));
    assert!(err(&format!("{GOOD}\n[push constants]\nfloat 1\n[push constants]\nfloat 2\n")).message.contains("second [push constants]"));
}

#[test]
fn set_and_binding_checks() {
    let e = err(&format!("{GOOD}\n[uniform buffer 0 3]\nfloat 1\n\n[sampler 0 3]\n"));
    assert_eq!(e.line, 11);
    assert!(e.message.contains("line 8") && e.message.contains("line 11"), "{e}");
    assert!(err(&format!("{GOOD}\n[sampler 8 0]\n")).message.contains("descriptor set 8 is out of range"));
    assert!(err(&format!("{GOOD}\n[sampler 0 1000]\n")).message.contains("binding 1000 is out of range"));
    assert!(err(&format!("{GOOD}\n[sampler 0]\n")).message.contains("expected [sampler SET BINDING]"));
    assert!(err(&format!("{GOOD}\n[texture a 0]\n")).message.contains("bad number `a`"));
    // Same binding in another set is fine.
    assert_eq!(ok(&format!("{GOOD}\n[sampler 0 3]\n[sampler 1 3]\n")).resources.len(), 2);
}

#[test]
fn textures_and_samplers() {
    let t = ok(&format!(
        "{GOOD}
[texture 1 0]
size 3 2
checker 1 1 0 0 1 0 0 1 1
sampler linear repeat

[texture 1 1]
size 2 1
format rgba32float
texels
-1 0 0.5 2
3 4 5 6

[sampler 1 2]
filter linear
address mirror

[sampler 1 3]
"
    ));
    let Descriptor::CombinedTextureSampler(tex, s) = &t.resources[0].descriptor else { panic!() };
    assert_eq!(*s, SamplerState::new(Filter::Linear, AddressMode::Repeat));
    assert_eq!((tex.width, tex.height, tex.format), (3, 2, TexelFormat::Rgba8Unorm));
    let red = [255, 0, 0, 255];
    let blue = [0, 0, 255, 255];
    let expect: Vec<u8> = [red, blue, red, blue, red, blue].concat();
    assert_eq!(tex.data, expect);
    let Descriptor::SampledTexture(tex) = &t.resources[1].descriptor else { panic!() };
    assert_eq!(tex.format, TexelFormat::Rgba32Float);
    let f: Vec<f32> = tex.data.chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
    assert_eq!(f, vec![-1.0, 0.0, 0.5, 2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_eq!(t.resources[2].descriptor, Descriptor::Sampler(SamplerState::new(Filter::Linear, AddressMode::MirrorRepeat)));
    assert_eq!(t.resources[3].descriptor, Descriptor::Sampler(SamplerState::new(Filter::Nearest, AddressMode::ClampToEdge)));

    let fill = ok(&format!("{GOOD}\n[texture 0 0]\nsize 1 1\nfill 0.5 0 1 0.2\n"));
    let Descriptor::SampledTexture(tex) = &fill.resources[0].descriptor else { panic!() };
    assert_eq!(tex.data, vec![128, 0, 255, 51]);
    let big = ok(&format!("{GOOD}\n[texture 0 0]\nsize 4 4\nchecker 2 0 0 0 1 1 1 1 1\n"));
    let Descriptor::SampledTexture(tex) = &big.resources[0].descriptor else { panic!() };
    let first: Vec<u8> = tex.data.chunks(4).map(|t| t[0]).collect();
    assert_eq!(first, vec![0, 0, 255, 255, 0, 0, 255, 255, 255, 255, 0, 0, 255, 255, 0, 0]);
}

#[test]
fn depth_layered_and_cube_textures_and_comparison_samplers() {
    let t = ok(&format!(
        "{GOOD}
[texture 0 0]
size 2 1
format depth16unorm
sampler linear clamp less-equal
texels
0.25
1

[texture 0 1]
size 1 1
layers 6
view cube
texels
1 0 0 1
0 1 0 1
0 0 1 1
1 1 0 1
0 1 1 1
1 0 1 1

[texture 0 2]
size 1 1
layers 3
fill 0 0 0 1

[sampler 0 3]
filter linear
compare greater
"
    ));
    let Descriptor::CombinedTextureSampler(depth, s) = &t.resources[0].descriptor else { panic!() };
    assert_eq!(s.compare, Some(CompareOp::LessEqual));
    assert_eq!((depth.format, depth.layers, depth.view), (TexelFormat::Depth16Unorm, 1, TextureView::D2));
    assert_eq!(depth.data, [16384u16.to_le_bytes(), 65535u16.to_le_bytes()].concat(), "round(d * 65535), little-endian");
    let Descriptor::SampledTexture(cube) = &t.resources[1].descriptor else { panic!() };
    assert_eq!((cube.layers, cube.view, cube.data.len()), (6, TextureView::Cube, 24));
    assert_eq!(&cube.data[8..12], &[0, 0, 255, 255], "layer 2 (+Y) is the third texel listed");
    let Descriptor::SampledTexture(array) = &t.resources[2].descriptor else { panic!() };
    assert_eq!((array.layers, array.view, array.data.len()), (3, TextureView::D2Array, 12), "layers > 1 default to an array view");
    let Descriptor::Sampler(s) = &t.resources[3].descriptor else { panic!() };
    assert_eq!(*s, SamplerState { filter: Filter::Linear, address: AddressMode::ClampToEdge, compare: Some(CompareOp::Greater) });
}

#[test]
fn arrays_of_descriptors() {
    let t = ok(&format!("{GOOD}\n[uniform buffer 0 3 1]\nvec4 1 0 0 1\n\n[uniform buffer 0 3]\nvec4 0 1 0 1\n"));
    let elements: Vec<(u32, u32, u32)> = t.resources.iter().map(|r| (r.set, r.binding, r.element)).collect();
    assert_eq!(elements, [(0, 3, 1), (0, 3, 0)], "file order; no element means element 0");
    let e = err(&format!("{GOOD}\n[texture 0 0 1]\nsize 1 1\nfill 1 1 1 1\n"));
    assert!(e.message.contains("has element 1 but no element 0"), "{e}");
    let e = err(&format!("{GOOD}\n[texture 0 0 0]\nsize 1 1\nfill 1 1 1 1\n\n[sampler 0 0 1]\n"));
    assert!(e.message.contains("an array's elements are of one kind"), "{e}");
    let e = err(&format!("{GOOD}\n[sampler 0 0 16]\n"));
    assert!(e.message.contains("array element 16 is out of range"), "{e}");
    let e = err(&format!("{GOOD}\n[sampler 0 0 0]\n\n[sampler 0 0]\n"));
    assert!(e.message.contains("declared twice"), "{e}");
    let e = err(&format!("{GOOD}\n[sampler 0 0 1 2]\n"));
    assert!(e.message.contains("[sampler SET BINDING ELEMENT]"), "{e}");
}

#[test]
fn texture_errors() {
    let with = |body: &str| err(&format!("{GOOD}\n[texture 0 0]\n{body}\n"));
    assert!(with("fill 1 1 1 1").message.contains("without a `size"));
    assert!(with("size 1 1").message.contains("without contents"));
    assert!(with("size 0 1\nfill 1 1 1 1").message.contains("1..256"));
    assert!(with("size 257 1\nfill 1 1 1 1").message.contains("1..256"));
    assert!(with("size 1 1\nfill 1 1 1 2").message.contains("outside [0, 1]"));
    assert!(with("size 1 1\nfill 1 1 1 1\nfill 0 0 0 0").message.contains("second content line"));
    assert!(with("size 1 1\nchecker 0 1 1 1 1 0 0 0 0").message.contains("at least 1"));
    let e = with("size 2 1\ntexels\n1 1 1 1");
    assert_eq!(e.line, 11);
    assert!(e.message.contains("1 texels listed"), "{e}");
    assert!(with("size 1 1\ntexels\n1 1 1").message.contains("expected a texel"));
    assert!(with("size 1 1\nformat rgb8\nfill 1 1 1 1").message.contains("rgba8unorm, rgba32float or depth16unorm"));
    assert!(with("size 1 1\nformat depth16unorm\nfill 1 1 1 1").message.contains("one depth value"));
    assert!(with("size 1 1\nformat depth16unorm\nfill 1.5").message.contains("outside [0, 1]"));
    assert!(with("size 1 1\nlayers 0\nfill 1 1 1 1").message.contains("1 to 16 layers"));
    assert!(with("size 1 1\nlayers 2\nview 2d\nfill 1 1 1 1").message.contains("use view 2d-array"));
    assert!(with("size 2 1\nlayers 6\nview cube\nfill 1 1 1 1").message.contains("6 square layers"));
    assert!(with("size 1 1\nlayers 5\nview cube\nfill 1 1 1 1").message.contains("6 square layers"));
    assert!(with("size 1 1\nview sphere\nfill 1 1 1 1").message.contains("2d, 2d-array, cube or cube-array"));
    assert!(with("size 1 1\nlayers 7\nview cube-array\nfill 1 1 1 1").message.contains("six per cube"));
    assert!(with("size 1 1\nfill 1 1 1 1\nsampler linear clamp lesser").message.contains("compare must be"));
    let e = with("size 1 1\nlayers 2\ntexels\n1 1 1 1");
    assert!(e.message.contains("the 1x1x2 texture has 2"), "{e}");
    assert!(err(&format!("{GOOD}\n[sampler 0 0]\ncompare less\ncompare greater\n")).message.contains("second `compare`"));
    assert!(with("size 1 1\nfill 1 1 1 1\nsampler cubic clamp").message.contains("nearest or linear"));
    assert!(with("size 1 1\nfill 1 1 1 1\nsampler linear wrap").message.contains("repeat, clamp or mirror"));
    assert!(err(&format!("{GOOD}\n[sampler 0 0]\nfilter linear\nfilter nearest\n")).message.contains("second `filter`"));
}

#[test]
fn input_attachments() {
    // GOOD's framebuffer is the default 64x64.
    let t = ok(&format!("{GOOD}\n[input attachment 0 2]\nindex 3\nsize 64 64\nfill 0 1 0 1\n"));
    let r = t.resources.iter().find(|r| r.binding == 2).unwrap();
    assert!(matches!(&r.descriptor, Descriptor::InputAttachment { index: 3, texture } if texture.width == 64));
    let with = |body: &str| err(&format!("{GOOD}\n[input attachment 0 0]\n{body}\n"));
    assert!(with("size 8 8\nfill 0 1 0 1").message.contains("the framebuffer's size (64x64), not 8x8"));
    assert!(with("size 64 64\nfill 0 1 0 1\nsampler linear clamp").message.contains("one layer and no sampler"));
    assert!(with("size 64 64\nlayers 2\nfill 0 1 0 1").message.contains("one layer and no sampler"));
    assert!(with("index 1\nindex 2\nsize 64 64\nfill 0 1 0 1").message.contains("second `index`"));
}

#[test]
fn specialization_constants() {
    let t = ok(&format!("{GOOD}\n[specialization constants]\n0 bool true\n3 int -2\n4 uint 7\n9 float 0.5\n"));
    let words: Vec<(u32, u32)> = t.specialization.iter().map(|(id, v)| (*id, v.word())).collect();
    assert_eq!(words, vec![(0, 1), (3, (-2i32) as u32), (4, 7), (9, 0.5f32.to_bits())]);
    let with = |body: &str| err(&format!("{GOOD}\n[specialization constants]\n{body}\n"));
    assert!(with("0 bool yes").message.contains("true or false"));
    assert!(with("0 double 1").message.contains("bool, int, uint or float"));
    assert!(with("0 int 1\n0 int 2").message.contains("given twice"));
    assert!(with("0 int").message.contains("ID TYPE VALUE"));
}

#[test]
fn depth_and_blend() {
    let t = ok(GOOD);
    assert_eq!((t.test.depth, t.test.blend), (None, BlendMode::Replace));
    let t = ok(&format!("{GOOD}depth d32f\nblend alpha\n"));
    let d = t.test.depth.unwrap();
    assert_eq!((d.compare, d.clear, d.write), (CompareOp::Less, 1.0, true));
    assert_eq!(t.test.blend, BlendMode::Alpha);
    let t = ok(&format!("{GOOD}depth d32f write off clear 0.25 compare greater-equal\nblend additive\n"));
    let d = t.test.depth.unwrap();
    assert_eq!((d.compare, d.clear, d.write), (CompareOp::GreaterEqual, 0.25, false));
    assert_eq!(t.test.blend, BlendMode::Additive);
    assert!(err(&format!("{GOOD}depth d24\n")).message.contains("d32f"));
    assert!(err(&format!("{GOOD}depth d32f clear 2\n")).message.contains("outside [0, 1]"));
    assert!(err(&format!("{GOOD}depth d32f compare lequal\n")).message.contains("compare op"));
    assert!(err(&format!("{GOOD}depth d32f write\n")).message.contains("unknown depth option"));
    assert!(err(&format!("{GOOD}depth d32f clear 0 clear 1\n")).message.contains("twice"));
    assert!(err(&format!("{GOOD}depth d32f\ndepth d32f\n")).message.contains("second `depth`"));
    assert!(err(&format!("{GOOD}blend multiply\n")).message.contains("replace, alpha or additive"));
    let st = ok(&format!("{GOOD}stencil compare not-equal ref 1 pass replace depth-fail invert clear 7\n")).test.stencil.unwrap();
    assert_eq!(
        (st.compare, st.reference, st.pass, st.fail, st.depth_fail, st.clear),
        (CompareOp::NotEqual, 1, StencilOp::Replace, StencilOp::Keep, StencilOp::Invert, 7)
    );
    assert_eq!(ok(GOOD).test.stencil, None);
    assert!(err(&format!("{GOOD}stencil ref 256\n")).message.contains("outside 0-255"));
    assert!(err(&format!("{GOOD}stencil pass add\n")).message.contains("stencil op must be"));
    assert!(err(&format!("{GOOD}stencil ref 1 ref 2\n")).message.contains("twice"));
    assert!(err(&format!("{GOOD}stencil\nstencil\n")).message.contains("second `stencil`"));
}

#[test]
fn colour_targets_probes_and_compile_targets() {
    let t = ok(&format!("{GOOD}targets 3\nprobe target 2 rect rgba 1 2 3 4 0 0 0 1\nprobe rgba 0 0 1 1 1 1\n"));
    assert_eq!(t.test.targets, 3);
    let targets: Vec<_> = t.test.probes.iter().map(|p| p.target).collect();
    assert_eq!(targets, [Some(2), None]);
    assert_eq!(ok(GOOD).test.targets, 1);
    assert_eq!((ok(GOOD).test.samples, ok(&format!("{GOOD}samples 4\n")).test.samples), (1, 4));
    assert!(err(&format!("{GOOD}samples 2\n")).message.contains("1 or 4"));
    assert!(err(&format!("{GOOD}targets 0\n")).message.contains("within 1..8"));
    assert!(err(&format!("{GOOD}targets 9\n")).message.contains("within 1..8"));
    // A probe of a target the test does not have, wherever `targets` stands.
    let e = err(&format!("{GOOD}probe target 1 rgba 0 0 1 1 1 1\n"));
    assert!(e.message.contains("past the test's 1 targets") && e.line == 7, "{e}");
    assert!(ok(&format!("{GOOD}probe target 1 rgba 0 0 1 1 1 1\ntargets 2\n")).test.probes[0].target == Some(1));
    assert!(err(&format!("{GOOD}probe target x rgba 0 0 1 1 1 1\n")).message.contains("bad number `x`"));
    // `target vulkan1.3` on a shader header; unknown targets and SPIR-V sections refuse it.
    let t = ok(&GOOD.replace("[vertex shader]", "[vertex shader target vulkan1.3]"));
    assert_eq!(t.shaders[0].target, tesserae_harness::shader_test::CompileTarget::Vulkan1_3);
    assert!(err(&GOOD.replace("[vertex shader]", "[vertex shader target vulkan9]")).message.contains("unknown target"));
    assert_eq!(ok(&GOOD.replace("[vertex shader]", "[vertex shader entry main]")).shaders[0].entry_point, "main");
}

#[test]
fn hlsl_attributes_are_shader_text() {
    let text = "[vertex shader hlsl]
[[vk::builtin(\"PointSize\")]] float psize : PSIZE;
float4 main() : SV_Position { return 0; }

[hull shader hlsl]
[domain(\"tri\")]
  [ outputcontrolpoints(3) ]
[numthreads(1, 1, 1)]
void main() {}

[test]
draw triangle-list vertices 3
";
    let t = ok(text);
    assert!(t.shaders[0].source.starts_with("[[vk::builtin(\"PointSize\")]]"), "{}", t.shaders[0].source);
    assert!(t.shaders[1].source.contains("[domain(\"tri\")]\n  [ outputcontrolpoints(3) ]\n[numthreads(1, 1, 1)]\n"));
    // Outside shader sections an unknown header is still an error.
    let e = err(&format!("{GOOD}[domain(\"tri\")]\n"));
    assert_eq!(e.line, 7);
    assert!(e.message.contains("unknown section [domain(\"tri\")]"), "{e}");
    let e = err(&format!("{GOOD}[[vk::builtin(\"PointSize\")]] float x;\n"));
    assert!(e.message.contains("malformed section header"), "{e}");
}

#[test]
fn mutated_resource_sections_never_panic() {
    let base = format!(
        "{GOOD}depth d32f compare less clear 0.5 write off\nblend alpha\n
[uniform buffer 0 0]\nvec4 1 2 3 4\nmat2x3[2] 1 2 3 4 5 6 7 8 9 10 11 12\nzeros 8\n
[storage buffer 1 2]\nuvec3 1 2 3\nint[2] -1 -2\n
[push constants]\nfloat 1\n
[texture 2 0]\nsize 2 2\nformat rgba32float\nsampler linear mirror\ntexels\n0 0 0 0\n1 1 1 1\n0 1 0 1\n1 0 1 0\n
[texture 2 1]\nsize 3 3\nchecker 2 0 0 0 1 1 1 1 1\n
[sampler 3 999]\nfilter linear\naddress repeat\n
[specialization constants]\n1 float 2.5\n2 bool false\n"
    );
    ok(&base);
    let vocab = [
        "0",
        "1",
        "3",
        "-1",
        "256",
        "257",
        "4294967295",
        "99999999999",
        "0.5",
        "nan",
        "inf",
        "[",
        "]",
        "[texture",
        "float[0]",
        "vec4[99]",
        "mat4x2",
        "zeros",
        "texels",
        "fill",
        "checker",
        "size",
        "sampler",
        "depth",
        "clear",
        "compare",
        "never",
        "",
        "#",
        "[test]",
        "[push constants]",
        "[sampler 0 0]",
    ];
    let lines: Vec<&str> = base.lines().collect();
    let mut s = 0x1234_5678u32;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        s as usize
    };
    for _ in 0..3000 {
        let mut ls: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        for _ in 0..1 + next() % 3 {
            let i = next() % ls.len();
            let mut ws: Vec<String> = ls[i].split(' ').map(String::from).collect();
            let j = next() % ws.len();
            match next() % 3 {
                0 => ws[j] = vocab[next() % vocab.len()].to_string(),
                1 => ws.insert(j, vocab[next() % vocab.len()].to_string()),
                _ => {
                    ws.remove(j);
                }
            }
            ls[i] = ws.join(" ");
        }
        let _ = parse(Path::new("m"), "m/m", &ls.join("\n"));
    }
}

/// `spirv-asm` shader sections hold SPIR-V assembly, assembled in process for their target:
/// the header's version word says SPIR-V 1.3 by default, 1.6 with `target vulkan1.3`.
#[test]
fn spirv_assembly_sections_assemble_for_their_target() {
    let asm = "               OpCapability Shader\n               OpMemoryModel Logical GLSL450\n               OpEntryPoint Fragment %main \"main\"\n               OpExecutionMode %main OriginUpperLeft\n       %void = OpTypeVoid\n         %fn = OpTypeFunction %void\n       %main = OpFunction %void None %fn\n      %entry = OpLabel\n               OpReturn\n               OpFunctionEnd\n";
    let text = |header: &str| {
        format!("[vertex shader]\n#version 450\nvoid main() {{ gl_Position = vec4(0.0); }}\n\n[{header}]\n{asm}\n[test]\ndraw triangle-list vertices 3\n")
    };
    for (header, version) in [("fragment shader spirv-asm", 0x0001_0300), ("fragment shader spirv-asm target vulkan1.3", 0x0001_0600)] {
        let t = tesserae_harness::shader_test::parse(std::path::Path::new("a.shader_test"), "x/a", &text(header)).unwrap();
        let s = &t.shaders[1];
        assert_eq!(s.language, tesserae_harness::shader_test::Language::SpirvAsm);
        let words = tesserae_harness::compile::compile_section(&t, s).unwrap();
        assert_eq!((words[0], words[1]), (0x0723_0203, version), "{header}");
    }
    let bad = tesserae_harness::shader_test::parse(
        std::path::Path::new("a.shader_test"),
        "x/a",
        &text("fragment shader spirv-asm").replace("OpReturn", "OpFrobnicate"),
    )
    .unwrap();
    let e = tesserae_harness::compile::compile_section(&bad, &bad.shaders[1]).unwrap_err().to_string();
    assert!(e.starts_with("a.shader_test:5: fragment shader does not compile") && e.contains("OpFrobnicate"), "{e}");
}

// ---- transform feedback ----

use tesserae_harness::shader_test::{CaptureBuffer, CaptureProbe, CaptureValues};

/// `GOOD` with capture sections after it (its `[test]` ends at line 6).
fn xfb(sections: &str, test_lines: &str) -> String {
    format!("{GOOD}{test_lines}\n{sections}")
}

#[test]
fn transform_feedback_sections_and_probes_parse() {
    let t = ok(&xfb(
        "[require]\ntransform-feedback\n\n[transform feedback 2]\nsize 16 # bytes\nfill 0xDEADbeef\n\n[transform feedback 0]\nsize 12\n",
        "rasterizer-discard\nprobe xfb 0 offset 4 float 1.5 -2\nprobe xfb 2 offset 0 int -1 2\nprobe xfb 2 offset 8 uint 0xffffffff 7\nprobe xfb primitives written 1 needed 3",
    ));
    assert!(t.requires.transform_feedback && t.needs_transform_feedback());
    assert!(t.test.rasterizer_discard);
    // By buffer number; the fill defaults to 0.
    assert_eq!(
        t.captures,
        vec![CaptureBuffer { buffer: 0, size: 12, fill: 0, line: 19 }, CaptureBuffer { buffer: 2, size: 16, fill: 0xdeadbeef, line: 15 },]
    );
    assert_eq!(t.capture(2).map(|c| c.initial_bytes()), Some([0xef, 0xbe, 0xad, 0xde].repeat(4)));
    assert_eq!(
        t.test.capture_probes,
        vec![
            CaptureProbe::Words { buffer: 0, offset: 4, values: CaptureValues::Float(vec![1.5, -2.0]), line: 8 },
            CaptureProbe::Words { buffer: 2, offset: 0, values: CaptureValues::Int(vec![-1, 2]), line: 9 },
            CaptureProbe::Words { buffer: 2, offset: 8, values: CaptureValues::Uint(vec![u32::MAX, 7]), line: 10 },
            CaptureProbe::Primitives { written: 1, needed: 3, line: 11 },
        ]
    );
    assert_eq!(t.test.capture_probes[3].line(), 11);
    // Without any of it: nothing needed, nothing probed.
    let plain = ok(GOOD);
    assert!(plain.captures.is_empty() && plain.test.capture_probes.is_empty() && !plain.test.rasterizer_discard);
    assert!(!plain.needs_transform_feedback());
    // A capture section alone implies the requirement.
    assert!(ok(&xfb("[transform feedback 1]\nsize 4\n", "")).needs_transform_feedback());
}

#[test]
fn transform_feedback_section_errors_name_the_line() {
    let at = |sections: &str| err(&xfb(sections, ""));
    let cases: &[(&str, usize, &str)] = &[
        ("[transform feedback 4]\nsize 4\n", 8, "transform feedback buffer 4 is out of range (buffers 0 to 3)"),
        ("[transform feedback]\nsize 4\n", 8, "expected [transform feedback N]"),
        ("[transform feedback 0 1]\nsize 4\n", 8, "expected [transform feedback N]"),
        ("[transform feedback x]\nsize 4\n", 8, "bad number `x` for transform feedback buffer"),
        ("[transform feedback 0]\nfill 1\n", 8, "without a `size BYTES` line"),
        ("[transform feedback 0]\n\nsize 0\n", 10, "multiple of 4 from 4 to 16777216, got 0"),
        ("[transform feedback 0]\nsize 6\n", 9, "got 6"),
        ("[transform feedback 0]\nsize 16777220\n", 9, "got 16777220"),
        ("[transform feedback 0]\nsize -4\n", 9, "bad number `-4` for capture buffer size"),
        ("[transform feedback 0]\nsize 4\nfill 0xzz\n", 10, "bad hexadecimal word `0xzz` for fill word"),
        ("[transform feedback 0]\nsize 4\nfill 0x100000000\n", 10, "bad hexadecimal word"),
        ("[transform feedback 0]\nsize 4\nsize 8\n", 10, "second `size` line (the first is at line 9)"),
        ("[transform feedback 0]\nsize 4\nfill 1\nfill 2\n", 11, "second `fill` line (the first is at line 10)"),
        ("[transform feedback 0]\nsize 4\nstride 16\n", 10, "unknown transform feedback line `stride 16`"),
        (
            "[transform feedback 1]\nsize 4\n[transform feedback 1]\nsize 8\n",
            10,
            "second [transform feedback 1] section (the first is at line 8)",
        ),
        ("[require]\ntransform-feedbacks\n", 9, "unknown requirement `transform-feedbacks`"),
    ];
    for (sections, line, message) in cases {
        let e = at(sections);
        assert_eq!(e.line, *line, "{sections:?}: {e}");
        assert!(e.message.contains(message), "{sections:?}: {e}");
    }
    // A decimal fill is a word too.
    assert_eq!(ok(&xfb("[transform feedback 0]\nsize 4\nfill 258\n", "")).captures[0].fill, 258);
}

#[test]
fn transform_feedback_probe_errors_name_the_line() {
    let section = "[transform feedback 1]\nsize 16\n";
    let at = |probe: &str| err(&xfb(section, probe));
    let cases: &[(&str, &str)] = &[
        ("probe xfb 1 offset 2 float 1", "a capture offset is a multiple of 4"),
        ("probe xfb 1 offset 0 double 1", "probe xfb values are float, int or uint, got `double`"),
        ("probe xfb 1 offset 0 float", "probe xfb needs at least one value"),
        ("probe xfb 1 offset 0 float one", "bad number `one` for float"),
        ("probe xfb 1 offset 0 int 4294967295", "bad number `4294967295` for int"),
        ("probe xfb 1 offset 0 uint -1", "bad number `-1` for uint"),
        ("probe xfb 1 offset 0 uint 0xg", "bad hexadecimal word `0xg` for uint"),
        ("probe xfb 0 offset 0 float 1", "probe xfb 0, but the test has no [transform feedback 0] section"),
        ("probe xfb 1 offset 8 uint 1 2 3", "reads bytes 8..20, past the end of the 16-byte buffer (line 8)"),
        ("probe xfb 1 offset 4294967292 uint 1 2", "past the end"),
        ("probe xfb one offset 0 uint 1", "bad number `one` for transform feedback buffer"),
        ("probe xfb 1 at 0 uint 1", "expected `probe xfb N offset BYTES"),
        ("probe xfb primitives written 1", "expected `probe xfb N offset BYTES"),
        ("probe xfb primitives written 1 needed x", "bad number `x` for primitives needed"),
        ("probe xfb", "expected `probe xfb N offset BYTES"),
        ("probe target 0 xfb 1 offset 0 uint 1", "`probe xfb` reads a capture buffer"),
        ("rasterizer-discard on", "unknown directive `rasterizer-discard on`"),
    ];
    for (probe, message) in cases {
        let e = at(probe);
        assert_eq!(e.line, 7, "{probe}: {e}");
        assert!(e.message.contains(message), "{probe}: {e}");
    }
    let e = err(&format!("{GOOD}probe xfb primitives written 1 needed 1\n"));
    assert_eq!(e.line, 7, "{e}");
    assert!(e.message.contains("no [transform feedback N] section"), "{e}");
    // The last word of the buffer is inside it.
    assert_eq!(ok(&xfb(section, "probe xfb 1 offset 12 uint 1")).test.capture_probes.len(), 1);
}

#[test]
fn every_prefix_of_a_transform_feedback_test_parses_or_errs() {
    let text = xfb(
        "[require]\ntransform-feedback\n[transform feedback 3]\nsize 64\nfill 0xdeadbeef\n",
        "rasterizer-discard\nprobe xfb 3 offset 60 float -1.5e3\nprobe xfb primitives written 18446744073709551615 needed 0",
    );
    for end in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
        let _ = parse(Path::new("p"), "x/p", &text[..end]);
    }
    let t = ok(&text);
    assert_eq!(t.test.capture_probes[1], CaptureProbe::Primitives { written: u64::MAX, needed: 0, line: 9 });
}

#[test]
fn render_alone_needs_a_reason() {
    let e = err(&format!("{GOOD}render-alone\n"));
    assert!(e.message.contains("render-alone REASON"), "{e}");
    assert!(!ok(GOOD).test.render_alone);
    assert!(ok(&format!("{GOOD}render-alone the driver corrupts its heap\n")).test.render_alone);
}
