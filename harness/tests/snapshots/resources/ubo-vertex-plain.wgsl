// pass `draw`, vertex stage
struct Params {
    psize: f32,
    offset: vec2<f32>,
    color: vec4<f32>,
    cull_sign: f32,
}

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

@group(0) @binding(0) 
var<uniform> u: Params;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> v_color: vec4<f32>;

fn main_1() {
    var color: vec4<f32>;
    var offset: vec2<f32>;
    var psize: f32;
    var cull_sign: f32;

    let _e16 = u.color;
    color = _e16;
    let _e18 = u.offset;
    offset = _e18;
    let _e20 = u.psize;
    psize = _e20;
    let _e22 = u.cull_sign;
    cull_sign = _e22;
    let _e23 = pos_1;
    let _e24 = offset;
    let _e25 = (_e23 + _e24);
    unnamed.gl_Position = vec4<f32>(_e25.x, _e25.y, 0f, 1f);
    let _e30 = color;
    v_color = _e30;
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> VertexOutput {
    pos_1 = pos;
    main_1();
    let _e6 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e6);
    let _e8 = unnamed.gl_Position;
    let _e9 = v_color;
    return VertexOutput(_e8, _e9);
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
fn main(@location(0) @interpolate(flat) v_color: vec4<f32>) -> @location(0) vec4<f32> {
    v_color_1 = v_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
