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
struct S {
    a: f32,
}

struct U {
    @size(16) s: S,
    after: f32,
    tesserae_pad_20_: f32,
    tesserae_pad_24_: f32,
    tesserae_pad_28_: f32,
    tesserae_pad_32_: f32,
    tesserae_pad_36_: f32,
    tesserae_pad_40_: f32,
    tesserae_pad_44_: f32,
    late: f32,
}

struct Tint {
    tesserae_pad_0_: vec4<f32>,
    tesserae_pad_16_: vec4<f32>,
    tint: vec4<f32>,
}

var<private> frag: vec4<f32>;
@group(0) @binding(0) 
var<uniform> u: U;
@group(0) @binding(1) 
var<uniform> unnamed: Tint;

fn main_1() {
    let _e9 = u.s.a;
    let _e11 = u.after;
    let _e13 = u.late;
    let _e16 = unnamed.tint;
    frag = (vec4<f32>(_e9, _e11, _e13, 1f) * _e16);
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
