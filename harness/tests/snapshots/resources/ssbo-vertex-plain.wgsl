// pass `draw`, vertex stage
struct Params {
    color: vec4<f32>,
    offs: array<f32, 2>,
    psize: f32,
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

@group(0) @binding(1) 
var<storage> s: Params;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> v_color: vec4<f32>;

fn main_1() {
    var color: vec4<f32>;
    var offset: vec2<f32>;
    var psize: f32;
    var cull_sign: f32;

    let _e17 = s.color;
    color = _e17;
    let _e20 = s.offs[0i];
    let _e23 = s.offs[1i];
    offset = vec2<f32>(_e20, _e23);
    let _e26 = s.psize;
    psize = _e26;
    let _e28 = s.cull_sign;
    cull_sign = _e28;
    let _e29 = pos_1;
    let _e30 = offset;
    let _e31 = (_e29 + _e30);
    unnamed.gl_Position = vec4<f32>(_e31.x, _e31.y, 0f, 1f);
    let _e36 = color;
    v_color = _e36;
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
