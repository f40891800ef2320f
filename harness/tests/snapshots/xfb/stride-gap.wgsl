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
    @location(1) member_1: vec2<f32>,
    @location(2) @interpolate(flat) member_2: i32,
}

var<private> gl_VertexIndex_1: i32;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> v_color: vec4<f32>;
var<private> a: vec2<f32>;
var<private> b: i32;

fn main_1() {
    var i: i32;

    let _e16 = gl_VertexIndex_1;
    i = _e16;
    let _e17 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e17.x, _e17.y, 0f, 1f);
    v_color = vec4<f32>(0f, 0.5f, 1f, 1f);
    let _e22 = pos_1;
    a = (_e22 * 2f);
    let _e24 = i;
    b = ((-7i * _e24) - 1i);
    return;
}

@vertex 
fn main(@builtin(vertex_index) gl_VertexIndex: u32, @location(0) pos: vec2<f32>) -> VertexOutput {
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    pos_1 = pos;
    main_1();
    let _e11 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e11);
    let _e13 = unnamed.gl_Position;
    let _e14 = v_color;
    let _e15 = a;
    let _e16 = b;
    return VertexOutput(_e13, _e14, _e15, _e16);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_color_1: vec4<f32>;

fn main_1() {
    let _e2 = v_color_1;
    frag = _e2;
    return;
}

@fragment 
fn main(@location(0) v_color: vec4<f32>) -> @location(0) vec4<f32> {
    v_color_1 = v_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
