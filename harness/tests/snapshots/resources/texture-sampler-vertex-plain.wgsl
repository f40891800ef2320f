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

@group(0) @binding(0) 
var params: texture_2d<f32>;
@group(0) @binding(1) 
var smp: sampler;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> v_color: vec4<f32>;

fn main_1() {
    var color: vec4<f32>;
    var p: vec4<f32>;
    var offset: vec2<f32>;
    var psize: f32;
    var cull_sign: f32;

    let _e24 = textureSampleLevel(params, smp, vec2<f32>(0.25f, 0.5f), 0f);
    color = _e24;
    let _e25 = textureSampleLevel(params, smp, vec2<f32>(0.75f, 0.5f), 0f);
    p = _e25;
    let _e26 = p;
    offset = (vec2<f32>(0.5f, 0.75f) * _e26.xy);
    let _e30 = p[3u];
    psize = (8f * _e30);
    let _e33 = p[2u];
    cull_sign = ((_e33 * 2f) - 1f);
    let _e36 = pos_1;
    let _e37 = offset;
    let _e38 = (_e36 + _e37);
    unnamed.gl_Position = vec4<f32>(_e38.x, _e38.y, 0f, 1f);
    let _e43 = color;
    v_color = _e43;
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
