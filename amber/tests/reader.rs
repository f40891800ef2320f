//! The AmberScript reader on small scripts written for these tests: every command it takes,
//! and errors that name the file and line.

use std::path::Path;
use tesserae_amber::*;

fn parse(text: &str) -> Result<Script, ParseError> {
    tesserae_amber::parse(Path::new("t.amber"), "x/t", text)
}

fn ok(text: &str) -> Script {
    parse(text).unwrap_or_else(|e| panic!("{e}"))
}

fn err(text: &str) -> ParseError {
    parse(text).expect_err("should not parse")
}

const GRAPHICS: &str = r#"#!amber
DEVICE_FEATURE shaderFloat64
DEVICE_EXTENSION VK_KHR_storage_buffer_storage_class
INSTANCE_EXTENSION VK_KHR_get_physical_device_properties2
SET ENGINE_DATA fence_timeout_ms 1000

SHADER vertex vs PASSTHROUGH
SHADER fragment fs GLSL TARGET_ENV spv1.3
#version 430
layout(location = 0) out vec4 c; # not a comment inside a shader
void main() { c = vec4(1.0, 0.0, 0.0, 1.0); }
END

BUFFER ubo DATA_TYPE vec2<float> STD140 DATA
0.0 1.0
END
BUFFER fb FORMAT B8G8R8A8_UNORM
BUFFER depth FORMAT D32_SFLOAT_S8_UINT
BUFFER vtx DATA_TYPE vec2<float> DATA -1 -1  1 -1  0 1 END
BUFFER idx DATA_TYPE uint32 DATA 0 1 2 END
BUFFER pc DATA_TYPE int32 DATA 7 END
IMAGE tex FORMAT R8G8B8A8_UNORM DIM_2D WIDTH 2 HEIGHT 2 FILL 255
SAMPLER smp MAG_FILTER linear MIN_FILTER linear ADDRESS_MODE_U clamp_to_edge COMPARE on COMPARE_OP less

PIPELINE graphics p
  ATTACH vs
  ATTACH fs ENTRY_POINT main SPECIALIZE 3 AS uint32 4 SPECIALIZE 4 AS float 0.5
  FRAMEBUFFER_SIZE 32 16
  BIND BUFFER fb AS color LOCATION 0
  BIND BUFFER depth AS depth_stencil
  BIND BUFFER ubo AS uniform DESCRIPTOR_SET 0 BINDING 1
  BIND BUFFER tex AS combined_image_sampler SAMPLER smp DESCRIPTOR_SET 1 BINDING 0
  BIND SAMPLER smp DESCRIPTOR_SET 1 BINDING 2
  BIND BUFFER pc AS push_constant
  VERTEX_DATA vtx LOCATION 0 RATE vertex
  INDEX_DATA idx
  CULL_MODE back
  FRONT_FACE clockwise
  POLYGON_MODE fill
  PATCH_CONTROL_POINTS 4
  VIEWPORT 0 0 SIZE 32 16 MIN_DEPTH 0.25 MAX_DEPTH 0.75
  DEPTH
    TEST on
    WRITE on
    COMPARE_OP less_or_equal
  END
  STENCIL front_and_back
    TEST on
    PASS_OP replace
    REFERENCE 3
  END
  BLEND
    SRC_COLOR_FACTOR src_alpha
    DST_COLOR_FACTOR one_minus_src_alpha
    COLOR_OP add
  END
END

DERIVE_PIPELINE q FROM p
  FRAMEBUFFER_SIZE 8 8
END

CLEAR_COLOR p 0 0 255 255
CLEAR_DEPTH p 1.0
CLEAR_STENCIL p 0
CLEAR p
RUN p DRAW_RECT POS 0 0 SIZE 32 16
RUN p DRAW_GRID POS 0 0 SIZE 32 16 CELLS 4 2
RUN p DRAW_ARRAY AS TRIANGLE_LIST START_IDX 0 COUNT 3
RUN TIMED_EXECUTION p DRAW_ARRAY AS TRIANGLE_LIST INDEXED INSTANCE_COUNT 2 START_INSTANCE 1
REPEAT 2
  RUN q DRAW_RECT POS 0 0 SIZE 8 8
  EXPECT fb IDX 0 0 SIZE 2 2 EQ_RGBA 255 0 0 255 TOLERANCE 1 1 1 1
END
EXPECT fb IDX 0 0 SIZE 32 16 EQ_RGB 255 0 0
EXPECT ubo IDX 4 EQ 1.0
"#;

#[test]
fn graphics_scripts_read_whole() {
    let s = ok(GRAPHICS);
    assert_eq!(s.device_features, ["shaderFloat64"]);
    assert_eq!(s.device_extensions.len(), 1);
    assert_eq!(s.instance_extensions.len(), 1);
    assert_eq!(s.shaders.len(), 2);
    assert_eq!(s.shaders[0].source, ShaderSource::Passthrough);
    let ShaderSource::Glsl(src) = &s.shaders[1].source else { panic!() };
    assert!(src.contains("# not a comment inside a shader"), "shader text is raw");
    assert_eq!(s.shaders[1].target_env.as_deref(), Some("spv1.3"));
    // std140 non-array vec2: 8 bytes.
    assert_eq!(s.buffers[0].data, [0.0f32, 1.0].iter().flat_map(|f| f.to_le_bytes()).collect::<Vec<_>>());
    assert!(s.buffers[1].data.is_empty(), "a FORMAT buffer is sized by its framebuffer");
    assert_eq!(s.buffers[3].data.len(), 24);
    assert_eq!(s.buffers[6].data, vec![255u8; 16]);
    assert_eq!(s.buffers[6].image.map(|i| (i.width, i.height)), Some((2, 2)));
    assert_eq!(s.samplers[0].compare, Some(CompareOp::Less));
    assert_eq!(s.samplers[0].address[0], AddressMode::ClampToEdge);

    let p = &s.pipelines[0];
    assert_eq!(p.framebuffer, (32, 16));
    assert_eq!(p.shaders[1].specialization, vec![(3, SpecValue::U32(4)), (4, SpecValue::F32(0.5))]);
    assert_eq!(p.bindings.len(), 6);
    assert!(matches!(
        p.bindings[3],
        Binding::Buffers { ty: DescriptorType::CombinedImageSampler, set: 1, binding: 0, sampler: Some(_), .. }
    ));
    assert_eq!(p.push_constants(), Some(BufferId(5)));
    assert_eq!(p.index_data, Some(BufferId(4)));
    assert_eq!((p.cull, p.front_face_ccw, p.patch_control_points), (CullMode::Back, false, 4));
    assert_eq!(p.viewport.map(|v| (v.min_depth, v.max_depth)), Some((0.25, 0.75)));
    assert_eq!((p.depth.test, p.depth.write, p.depth.compare), (true, true, CompareOp::LessOrEqual));
    assert!(p.stencil.test);
    assert_eq!((p.stencil.front.pass, p.stencil.back.reference), (StencilOp::Replace, 3));
    assert_eq!(p.blend.map(|b| b.src_color), Some(BlendFactor::SrcAlpha));
    let q = &s.pipelines[1];
    assert_eq!((q.framebuffer, q.bindings.len(), q.depth.test), ((8, 8), 6, true), "a derived pipeline inherits everything else");

    let lines: Vec<usize> = s.commands.iter().map(|c| c.line).collect();
    assert_eq!(s.commands.len(), 11, "{lines:?}");
    assert_eq!(s.commands[0].command, Command::ClearColor { pipeline: PipelineId(0), rgba: [0.0, 0.0, 1.0, 1.0] });
    assert!(matches!(s.commands[4].command, Command::Run { run: Run::DrawRect { width, .. }, .. } if width == 32.0));
    assert!(matches!(s.commands[5].command, Command::Run { run: Run::DrawGrid { columns: 4, rows: 2, .. }, .. }));
    assert!(matches!(s.commands[6].command, Command::Run { run: Run::DrawArray { count: Some(3), indexed: false, .. }, .. }));
    assert!(matches!(
        s.commands[7].command,
        Command::Run { run: Run::DrawArray { indexed: true, instance_count: 2, start_instance: 1, count: None, .. }, .. }
    ));
    let Command::Repeat { count: 2, commands } = &s.commands[8].command else { panic!("{:?}", s.commands[8]) };
    assert_eq!(commands.len(), 2);
    assert!(matches!(&commands[1].command, Command::Expect(Expect::Pixels { alpha: true, tolerance, .. }) if tolerance.len() == 4));
    assert!(matches!(&s.commands[9].command, Command::Expect(Expect::Pixels { alpha: false, width: 32, .. })));
    assert!(matches!(&s.commands[10].command, Command::Expect(Expect::Values { offset: 4, comparator: Comparator::Eq, .. })));
    assert_eq!(s.commands[10].line, GRAPHICS.lines().count());
}

#[test]
fn compute_scripts_and_buffer_commands() {
    let s = ok(r#"#!amber
SHADER compute cs SPIRV-ASM TARGET_ENV spv1.0
               OpCapability Shader
END
SHADER compute hex SPIRV-HEX
03 02 23 07 00 00 01 00
END
BUFFER a DATA_TYPE int32[] STD140 SIZE 4 SERIES_FROM -1 INC_BY 2
BUFFER b DATA_TYPE float SIZE 3 FILL 0.5
BUFFER c DATA_TYPE int32[] STD140 SIZE 4 FILL 0
BUFFER d DATA_TYPE B8G8R8A8_UNORM DATA 1 2 3 4 END
PIPELINE compute p
  ATTACH cs
  BIND BUFFER a AS storage DESCRIPTOR_SET 0 BINDING 0
  BIND BUFFER_ARRAY b c AS storage_dynamic DESCRIPTOR_SET 0 BINDING 1 OFFSET 0 4 DESCRIPTOR_OFFSET 0 0 DESCRIPTOR_RANGE 8 -1
END
RUN p 2 1 1
COPY a TO c
EXPECT a IDX 0 EQ -1 1 3 5
EXPECT a IDX 0 TOLERANCE 10% EQ -1
EXPECT b IDX 0 LT 1.0 1.0
EXPECT a EQ_BUFFER c
EXPECT d RMSE_BUFFER d TOLERANCE 0.1
EXPECT d EQ_HISTOGRAM_EMD_BUFFER d TOLERANCE 0.005
"#);
    assert!(matches!(s.shaders[0].source, ShaderSource::SpirvAsm(_)));
    assert_eq!(s.shaders[1].source, ShaderSource::SpirvWords(vec![0x07230203, 0x00010000]));
    // std140 int32[]: 16 bytes per element.
    assert_eq!(s.buffers[0].data.len(), 64);
    assert_eq!(i32::from_le_bytes(s.buffers[0].data[48..52].try_into().unwrap()), 5);
    assert_eq!(s.buffers[1].data, [0.5f32; 3].iter().flat_map(|f| f.to_le_bytes()).collect::<Vec<_>>());
    assert_eq!(s.buffers[3].data, vec![1, 2, 3, 4]);
    let Binding::Buffers { buffers, ty, dynamic_offsets, descriptor_ranges, .. } = &s.pipelines[0].bindings[1] else { panic!() };
    assert_eq!((buffers.len(), *ty), (2, DescriptorType::StorageDynamic));
    assert_eq!(dynamic_offsets, &[0, 4]);
    assert_eq!(descriptor_ranges, &[Some(8), None]);
    assert_eq!(s.commands[0].command, Command::Run { pipeline: PipelineId(0), run: Run::Compute { groups: [2, 1, 1] } });
    assert_eq!(s.commands[1].command, Command::Copy { from: BufferId(0), to: BufferId(2) });
    assert!(
        matches!(&s.commands[3].command, Command::Expect(Expect::Values { tolerance, .. }) if tolerance[0] == Tolerance { value: 10.0, percent: true })
    );
    assert!(matches!(&s.commands[4].command, Command::Expect(Expect::Values { comparator: Comparator::Lt, .. })));
    assert!(
        matches!(&s.commands[6].command, Command::Expect(Expect::Buffers { comparison: BufferComparison::Rmse(t), .. }) if (*t - 0.1).abs() < 1e-6)
    );
    assert!(matches!(&s.commands[7].command, Command::Expect(Expect::Buffers { comparison: BufferComparison::HistogramEmd(_), .. })));
}

#[test]
fn errors_name_the_file_and_line() {
    let cases: &[(&str, usize, &str)] = &[
        ("#!amber\n\nBUFFER b DATA_TYPE vec2<float> DATA 1 2 3 END\n", 3, "not a whole number"),
        ("#!amber\nRUN nope 1 1 1\n", 2, "unknown pipeline `nope`"),
        ("#!amber\nSHADER vertex v GLSL\nvoid main() {}\n", 2, "SHADER without END"),
        ("#!amber\nBUFFER b DATA_TYPE vec7<float> SIZE 1 FILL 0\n", 2, "unknown data type"),
        ("#!amber\nSHADER compute c GLSL\nEND\nPIPELINE compute p\n  ATTACH c\n  FRAMEBUFFER_SIZE 1\nEND\n", 6, "missing height"),
        (
            "#!amber\nSHADER compute c GLSL\nEND\nPIPELINE compute p\nATTACH c\nEND\nRUN p DRAW_RECT POS 0 0 SIZE 1 1\n",
            7,
            "needs a graphics pipeline",
        ),
        ("#!amber\nBUFFER b DATA_TYPE int32 DATA 1 END\nEXPECT b IDX 0 EQ x\n", 3, "invalid value `x`"),
        ("#!amber\nBUFFER b DATA_TYPE int32 DATA 1 END\nEXPECT b IDX 0 1 EQ 1\n", 3, "only for pixel rectangles"),
        ("#!amber\nBUFFER b DATA_TYPE int32 DATA 1 END\nCLEAR_COLOR b 0 0 0 0\n", 3, "unknown pipeline `b`"),
        ("#!amber\nFROB\n", 2, "unknown command `FROB`"),
        ("#!amber\nREPEAT 2\nCLEAR_COLOR\n", 3, "missing pipeline name"),
    ];
    for (text, line, message) in cases {
        let e = err(text);
        assert_eq!(e.kind, ErrorKind::Malformed, "{text}");
        assert_eq!(e.line, *line, "{e}");
        assert!(e.message.contains(message), "{e}");
        assert!(e.to_string().starts_with(&format!("t.amber:{line}: ")), "{e}");
    }
}

#[test]
fn valid_amber_that_is_not_run_is_unsupported_with_its_line() {
    for (text, line, what) in [
        ("#!amber\n\nSHADER ray_generation r GLSL\nEND\n", 3, "ray tracing"),
        ("#!amber\nSHADER compute c OPENCL-C\nEND\n", 2, "OPENCL-C"),
        ("#!amber\nBUFFER b DATA_TYPE uint32 SIZE 4 FILE BINARY data.bin\n", 2, "FILE BINARY data.bin: No such file"),
        ("#!amber\nSHADER compute c GLSL\nEND\nPIPELINE compute p\n  ATTACH c\n  SUBGROUP c\n  END\nEND\n", 6, "SUBGROUP"),
    ] {
        let e = err(text);
        assert_eq!((e.kind, e.line), (ErrorKind::Unsupported, line), "{e}");
        assert!(e.to_string().contains(what), "{e}");
    }
}

#[test]
fn verify_follows_amber_rules() {
    use tesserae_amber::verify;
    let bgra = Format::parse("B8G8R8A8_UNORM").unwrap().layout;
    let red = [0u8, 0, 255, 255].repeat(4);
    assert!(verify::pixels(&red, &bgra, 2, (0, 0, 2, 2), [1.0, 0.0, 0.0, 1.0], true, &[]).is_ok());
    let e = verify::pixels(&red, &bgra, 2, (0, 0, 2, 2), [0.0, 1.0, 0.0, 1.0], true, &[]).unwrap_err();
    assert!(e.contains("4 of 4 pixels differ; first at (0, 0): expected 0 255 0 255, got 255 0 0 255"), "{e}");
    // One step of 255 is outside the default tolerance (0.002), inside an absolute 0.004.
    let off = [0u8, 0, 254, 255];
    assert!(verify::pixels(&off, &bgra, 1, (0, 0, 1, 1), [1.0, 0.0, 0.0, 1.0], true, &[]).is_err());
    assert!(verify::pixels(&off, &bgra, 1, (0, 0, 1, 1), [1.0, 0.0, 0.0, 1.0], true, &[Tolerance { value: 0.004, percent: false }]).is_ok());

    let ints = DataType::parse("int32").unwrap().layout(Layout::Std430);
    let data: Vec<u8> = [3i32, -4].iter().flat_map(|v| v.to_le_bytes()).collect();
    assert!(verify::values(&data, &ints, 0, Comparator::Eq, &[], &[Value::Int(3), Value::Int(-4)]).is_ok());
    assert!(verify::values(&data, &ints, 4, Comparator::Lt, &[], &[Value::Int(0)]).is_ok());
    let e = verify::values(&data, &ints, 0, Comparator::Eq, &[], &[Value::Int(3), Value::Int(4)]).unwrap_err();
    assert!(e.contains("value 1 (byte 4): expected Eq 4, got -4"), "{e}");
    assert!(verify::values(&data, &ints, 8, Comparator::Eq, &[], &[Value::Int(0)]).unwrap_err().contains("past the buffer"));

    // Floats: the expected decimal becomes the nearest f32 first (Amber's static_cast<float>),
    // then equal within Amber's relative 1e-8, or the first TOLERANCE.
    let floats = DataType::parse("float").unwrap().layout(Layout::Std430);
    let f = |v: f32| v.to_le_bytes().to_vec();
    assert!(verify::values(&f(0.1), &floats, 0, Comparator::Eq, &[], &[Value::Float(0.1)]).is_ok());
    let next = f(f32::from_bits(0.1f32.to_bits() + 1));
    assert!(verify::values(&next, &floats, 0, Comparator::Eq, &[], &[Value::Float(0.1)]).is_err(), "one ulp off is not equal");
    // CTS builtin/precision/square_matrix/inverse_highp_mat_3x3, line 99: one f32 step from the
    // decimal's nearest float, exactly the tolerance (the f64 decimal itself is a hair further).
    let got = f(-0.45945942401885986);
    let half_step = Tolerance { value: 0.000000059604644775390625, percent: false };
    assert!(verify::values(&got, &floats, 0, Comparator::Eq, &[half_step], &[Value::Float(-0.459459483623505)]).is_ok());
    // Only the first tolerance applies to every value (Amber's fuzzy comparison).
    let two = [f(1.0), f(2.5)].concat();
    let tols = [Tolerance { value: 0.6, percent: false }, Tolerance { value: 0.0, percent: false }];
    assert!(verify::values(&two, &floats, 0, Comparator::Eq, &tols, &[Value::Float(1.5), Value::Float(2.0)]).is_ok());

    let a = [10u8, 20, 30, 40].repeat(100);
    let mut b = a.clone();
    b[0] = 11;
    assert!(verify::buffers(&a, &a, &bgra, BufferComparison::Equal).is_ok());
    assert!(verify::buffers(&a, &b, &bgra, BufferComparison::Equal).unwrap_err().contains("1 of 100 elements differ"));
    // One value of 400 off by one: RMSE = sqrt(1/400) = 0.05.
    assert!(verify::buffers(&a, &b, &bgra, BufferComparison::Rmse(0.051)).is_ok());
    assert!(verify::buffers(&a, &b, &bgra, BufferComparison::Rmse(0.049)).is_err());
    // 1% of one channel's mass moved by one bin: EMD = 0.01 / 256.
    assert!(verify::buffers(&a, &b, &bgra, BufferComparison::HistogramEmd(0.0000391)).is_ok());
    assert!(verify::buffers(&a, &b, &bgra, BufferComparison::HistogramEmd(0.0000390)).is_err());
}

#[test]
fn never_panics_on_truncated_scripts() {
    for cut in 0..GRAPHICS.len() {
        if GRAPHICS.is_char_boundary(cut) {
            let _ = parse(&GRAPHICS[..cut]);
        }
    }
}

#[test]
fn vkscript_reads_into_the_same_model() {
    let s = ok(r#"# VkScript: no #!amber line
[require]
vertexPipelineStoresAndAtomics
VK_KHR_storage_buffer_storage_class
VK_KHR_get_physical_device_properties2
fbsize 32 16

[vertex shader passthrough]

[fragment shader]
#version 430
layout(location = 0) out vec4 c;
void main() { c = vec4(1.0, 0.0, 0.0, 1.0); }

[compute shader spirv]
               OpCapability Shader

[vertex data]
0/R32G32_SFLOAT 1/R8G8B8A8_UNORM
-1 -1   255 0 0 255
 1 -1   0 255 0 255

[indices]
0 1 0

[test]
ssbo 0:1 subdata float 4 1.0 \
   2.0
uniform ubo 1 vec2 0 0.5 0.25
uniform int 0 7
ssbo 2 64
clear color 0 0 1 1
clear
draw rect -1 -1 2 2
draw arrays indexed TRIANGLE_LIST 0 3
compute 2 1 1
tolerance 1%
probe ssbo float 0:1 4 ~= 1.0 2.0
relative probe rect rgba (0.0, 0.0, 1.0, 1.0) (1.0, 0.0, 0.0, 1.0)
probe rgb (3, 4) (0, 0, 1)
probe all rgba 1 0 0 1
depthTestEnable true
"#);
    assert_eq!(s.device_features, ["vertexPipelineStoresAndAtomics"]);
    assert_eq!(s.device_extensions, ["VK_KHR_storage_buffer_storage_class"]);
    // The one instance extension Amber knows by name goes to the instance.
    assert_eq!(s.instance_extensions, ["VK_KHR_get_physical_device_properties2"]);
    assert_eq!(s.pipelines.len(), 2);
    let g = &s.pipelines[0];
    assert_eq!((g.kind, g.framebuffer, g.shaders.len(), g.vertex_data.len()), (PipelineKind::Graphics, (32, 16), 2, 2));
    assert!(g.depth.test);
    assert_eq!(s.buffer(g.vertex_data[1].buffer).data, vec![255, 0, 0, 255, 0, 255, 0, 255]);
    assert_eq!(s.pipelines[1].kind, PipelineKind::Compute);
    // Buffers bound to both pipelines at their set and binding.
    for p in &s.pipelines {
        assert!(p.bindings.iter().any(|b| matches!(b, Binding::Buffers { set: 0, binding: 1, ty: DescriptorType::Storage, .. })));
        assert!(p.push_constants().is_some());
    }
    let c: Vec<&Command> = s.commands.iter().map(|c| &c.command).collect();
    assert!(matches!(c[0], Command::Write { offset: 4, data, .. } if data.len() == 8), "a continued line: {:?}", c[0]);
    assert!(matches!(c[1], Command::Write { offset: 0, data, .. } if data.len() == 8), "uniform values packed: {:?}", c[1]);
    assert!(matches!(c[3], Command::Resize { bytes: 64, .. }));
    assert!(
        matches!(c[6], Command::Run { run: Run::DrawRect { x, y, width, height }, .. } if (*x, *y, *width, *height) == (0.0, 0.0, 32.0, 16.0))
    );
    assert!(matches!(c[7], Command::Run { run: Run::DrawArray { indexed: true, count: Some(3), .. }, .. }));
    assert!(matches!(c[8], Command::Run { run: Run::Compute { groups: [2, 1, 1] }, .. }));
    assert!(matches!(c[9], Command::Expect(Expect::Values { offset: 4, tolerance, layout: Some(_), .. }) if tolerance[0].percent));
    assert!(matches!(c[10], Command::Expect(Expect::Pixels { x: 0, y: 0, width: 32, height: 16, alpha: true, .. })));
    assert!(matches!(c[11], Command::Expect(Expect::Pixels { x: 3, y: 4, width: 1, height: 1, alpha: false, .. })));
    assert_eq!(s.commands.len(), 13);
    let e = err("[test]\nfrobnicate 1 2 3\n");
    assert_eq!((e.kind, e.line), (ErrorKind::Malformed, 2), "{e}");
    let e = err("[require]\nfbsize 2 2\n[vertex shader passthrough]\n[test]\nlogicOp true\n");
    assert_eq!((e.kind, e.line), (ErrorKind::Unsupported, 5), "{e}");
}
