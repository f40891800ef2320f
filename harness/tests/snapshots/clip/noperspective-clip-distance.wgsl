// pass `draw`, vertex stage
enable clip_distances;

struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    @builtin(clip_distances) gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @builtin(clip_distances) gl_ClipDistance: array<f32, 1>,
    @location(0) @interpolate(linear) member: f32,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec4<f32>;
var<private> v: f32;
var<private> value_1: f32;

fn main_1() {
    let _e7 = pos_1;
    unnamed.gl_Position = _e7;
    let _e10 = pos_1[1u];
    unnamed.gl_ClipDistance[0i] = _e10;
    let _e13 = value_1;
    v = _e13;
    return;
}

@vertex 
fn main(@location(0) pos: vec4<f32>, @location(1) value: f32) -> VertexOutput {
    pos_1 = pos;
    value_1 = value;
    main_1();
    let _e9 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e9);
    let _e11 = unnamed.gl_Position;
    let _e12 = unnamed.gl_ClipDistance;
    let _e13 = v;
    return VertexOutput(_e11, _e12, _e13);
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
