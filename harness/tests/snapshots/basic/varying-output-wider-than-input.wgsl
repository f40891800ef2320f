// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: vec4<f32>,
    @location(1) member_1: vec3<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> a: vec4<f32>;
var<private> b: vec3<f32>;

fn main_1() {
    let _e15 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e15.x, _e15.y, 0f, 1f);
    a = vec4<f32>(0.25f, 0.9f, 0.9f, 0.9f);
    b = vec3<f32>(0.5f, 0.75f, 0.1f);
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> VertexOutput {
    pos_1 = pos;
    main_1();
    let _e7 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e7);
    let _e9 = unnamed.gl_Position;
    let _e10 = a;
    let _e11 = b;
    return VertexOutput(_e9, _e10, _e11);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> a_1: vec4<f32>;
var<private> b_1: vec3<f32>;

fn main_1() {
    let _e4 = a_1;
    let _e6 = b_1;
    let _e7 = _e6.xy;
    frag = vec4<f32>(_e4.x, _e7.x, _e7.y, 1f);
    return;
}

@fragment 
fn main(@location(0) a: vec4<f32>, @location(1) b: vec3<f32>) -> @location(0) vec4<f32> {
    a_1 = a;
    b_1 = b;
    main_1();
    let _e5 = frag;
    return _e5;
}
