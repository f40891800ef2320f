// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) member: vec4<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec3<f32>;
var<private> c: vec4<f32>;
var<private> colour_1: vec4<f32>;

fn main_1() {
    let _e7 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e7.x, _e7.y, _e7.z, 1f);
    let _e13 = colour_1;
    c = _e13;
    return;
}

@vertex 
fn main(@location(0) pos: vec3<f32>, @location(1) colour: vec4<f32>) -> VertexOutput {
    pos_1 = pos;
    colour_1 = colour;
    main_1();
    let _e8 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e8);
    let _e10 = unnamed.gl_Position;
    let _e11 = c;
    return VertexOutput(_e10, _e11);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> c_1: vec4<f32>;
var<private> gl_FragDepth: f32;

fn main_1() {
    let _e4 = c_1;
    frag = _e4;
    gl_FragDepth = 0f;
    return;
}

@fragment 
fn main(@location(0) @interpolate(flat) c: vec4<f32>) -> @location(0) vec4<f32> {
    c_1 = c;
    main_1();
    let _e3 = frag;
    return _e3;
}
