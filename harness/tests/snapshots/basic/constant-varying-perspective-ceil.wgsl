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
var<private> gl_VertexIndex_1: i32;
var<private> v: f32;

fn main_1() {
    let _e10 = pos_1;
    let _e11 = gl_VertexIndex_1;
    unnamed.gl_Position = vec4<f32>(_e10.x, _e10.y, 0.5f, select(1.5f, 1f, (_e11 == 0i)));
    v = -1f;
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>, @builtin(vertex_index) gl_VertexIndex: u32) -> VertexOutput {
    pos_1 = pos;
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    main_1();
    let _e9 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e9);
    let _e11 = unnamed.gl_Position;
    let _e12 = v;
    return VertexOutput(_e11, _e12);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_1: f32;

fn main_1() {
    let _e4 = v_1;
    frag = vec4<f32>(0f, -(ceil(_e4)), 0f, 1f);
    return;
}

@fragment 
fn main(@location(0) v: f32) -> @location(0) vec4<f32> {
    v_1 = v;
    main_1();
    let _e3 = frag;
    return _e3;
}
