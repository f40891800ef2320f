// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: vec4<f32>,
    @location(1) member_1: vec4<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f));
var<private> pos_1: vec2<f32>;
var<private> v_color: vec4<f32>;
var<private> color_1: vec3<f32>;
var<private> v_extra: vec4<f32>;

fn main_1() {
    let _e10 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e10.x, _e10.y, 0f, 1f);
    let _e15 = color_1;
    v_color = vec4<f32>(_e15.x, _e15.y, _e15.z, 1f);
    v_extra = vec4<f32>(0f, 0.25f, 0f, 0f);
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>, @location(1) color: vec3<f32>) -> VertexOutput {
    pos_1 = pos;
    color_1 = color;
    main_1();
    let _e9 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e9);
    let _e11 = unnamed.gl_Position;
    let _e12 = v_color;
    let _e13 = v_extra;
    return VertexOutput(_e11, _e12, _e13);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_color_1: vec4<f32>;
var<private> v_extra_1: vec4<f32>;

fn main_1() {
    let _e3 = v_color_1;
    let _e4 = v_extra_1;
    frag = (_e3 + _e4);
    return;
}

@fragment 
fn main(@location(0) v_color: vec4<f32>, @location(1) v_extra: vec4<f32>) -> @location(0) vec4<f32> {
    v_color_1 = v_color;
    v_extra_1 = v_extra;
    main_1();
    let _e5 = frag;
    return _e5;
}
