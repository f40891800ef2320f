// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;

fn main_1() {
    let _e6 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e6.x, _e6.y, 0f, 1f);
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> @builtin(position) vec4<f32> {
    pos_1 = pos;
    main_1();
    let _e5 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e5);
    let _e7 = unnamed.gl_Position;
    return _e7;
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
@group(0) @binding(0) 
var texA: texture_2d<f32>;
@group(0) @binding(2) 
var texA_sampler: sampler;
@group(0) @binding(1) 
var texB: texture_2d<f32>;
@group(0) @binding(3) 
var texB_sampler: sampler;

fn tap_u0028_s21_u003b_vf2_u003b(s: texture_2d<f32>, param: sampler, uv: ptr<function, vec2<f32>>) -> vec4<f32> {
    let _e10 = (*uv);
    let _e11 = textureSample(s, param, _e10);
    return _e11;
}

fn twice_u0028_s21_u003b_s21_u003b_vf2_u003b(a: texture_2d<f32>, param_1: sampler, b: texture_2d<f32>, param_2: sampler, uv_1: ptr<function, vec2<f32>>) -> vec4<f32> {
    var param_3: vec2<f32>;
    var param_4: vec2<f32>;

    let _e14 = (*uv_1);
    param_3 = _e14;
    let _e15 = tap_u0028_s21_u003b_vf2_u003b(a, param_1, (&param_3));
    let _e16 = (*uv_1);
    param_4 = _e16;
    let _e17 = tap_u0028_s21_u003b_vf2_u003b(b, param_2, (&param_4));
    return (_e15 + (_e17 * 0.5f));
}

fn main_1() {
    var param_5: vec2<f32>;

    param_5 = vec2<f32>(0.5f, 0.5f);
    let _e8 = twice_u0028_s21_u003b_s21_u003b_vf2_u003b(texA, texA_sampler, texB, texB_sampler, (&param_5));
    frag = _e8;
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
