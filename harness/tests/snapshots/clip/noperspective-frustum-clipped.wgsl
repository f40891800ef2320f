// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(linear) member: f32,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec4<f32>;
var<private> v: f32;
var<private> value_1: f32;

fn main_1() {
    let _e6 = pos_1;
    unnamed.gl_Position = _e6;
    let _e8 = value_1;
    v = _e8;
    return;
}

@vertex 
fn main(@location(0) pos: vec4<f32>, @location(1) value: f32) -> VertexOutput {
    pos_1 = pos;
    value_1 = value;
    main_1();
    let _e8 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e8);
    let _e10 = unnamed.gl_Position;
    let _e11 = v;
    return VertexOutput(_e10, _e11);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_1: f32;

fn main_1() {
    let _e4 = v_1;
    frag = vec4<f32>(1f, 0f, _e4, 1f);
    return;
}

@fragment 
fn main(@location(0) @interpolate(linear) v: f32) -> @location(0) vec4<f32> {
    v_1 = v;
    main_1();
    let _e3 = frag;
    return _e3;
}
