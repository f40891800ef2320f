// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;

fn main_1() {
    let _e6 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e6.x, _e6.y, 0f, 1f);
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> @builtin(position) vec4<f32> {
    pos_1 = pos;
    main_1();
    let _e5 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e5);
    let _e7 = unnamed.gl_Position;
    return _e7;
}
// pass `draw`, fragment stage
struct FragmentOutput {
    @builtin(sample_mask) member: u32,
    @location(0) member_1: vec4<f32>,
}

var<private> gl_FragCoord_1: vec4<f32>;
var<private> frag: vec4<f32>;
var<private> gl_SampleMask: u32 = 4294967295u;
var<private> gl_SampleMaskIn_1: u32;

fn main_1() {
    let _e13 = gl_FragCoord_1[0u];
    gl_SampleMask = bitcast<u32>(select(0i, -1i, (_e13 < 32f)));
    let _e17 = gl_SampleMaskIn_1;
    frag = vec4<f32>(f32(bitcast<i32>(_e17)), 0.5f, 0f, 1f);
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>, @builtin(sample_mask) gl_SampleMaskIn: u32) -> FragmentOutput {
    gl_FragCoord_1 = gl_FragCoord;
    gl_SampleMaskIn_1 = gl_SampleMaskIn;
    main_1();
    let _e6 = gl_SampleMask;
    let _e7 = frag;
    return FragmentOutput(_e6, _e7);
}
