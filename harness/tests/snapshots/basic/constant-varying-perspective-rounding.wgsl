// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: f32,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> v: f32;

fn main_1() {
    let _e9 = pos_1;
    let _e11 = pos_1[0u];
    unnamed.gl_Position = vec4<f32>(_e9.x, _e9.y, 0.5f, (1f + (0.5f * clamp(_e11, 0f, 1f))));
    v = 0.5f;
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> VertexOutput {
    pos_1 = pos;
    main_1();
    let _e6 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e6);
    let _e8 = unnamed.gl_Position;
    let _e9 = v;
    return VertexOutput(_e8, _e9);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_1: f32;

fn main_1() {
    let _e4 = v_1;
    frag = vec4<f32>(0f, 0f, _e4, 1f);
    return;
}

@fragment 
fn main(@location(0) v: f32) -> @location(0) vec4<f32> {
    v_1 = v;
    main_1();
    let _e3 = frag;
    return _e3;
}
