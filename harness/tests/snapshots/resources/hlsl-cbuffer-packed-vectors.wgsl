// pass `draw`, vertex stage
struct VSOut {
    pos: vec4<f32>,
    d: vec3<f32>,
}

struct Params {
    a: f32,
    b_x: f32,
    b_y: f32,
    c: f32,
    e: f32,
    d_x: f32,
    d_y: f32,
    d_z: f32,
}

struct VertexOutput {
    @builtin(position) member: vec4<f32>,
    @location(0) member_1: vec3<f32>,
}

@group(0) @binding(0) 
var<uniform> unnamed: Params;
var<private> pos_3: vec2<f32>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_d: vec3<f32>;

fn u0040_main_u0028_vf2_u003b(pos_1: ptr<function, vec2<f32>>) -> VSOut {
    var o: VSOut;

    let _e14 = (*pos_1);
    o.pos = vec4<f32>(_e14.x, _e14.y, 0f, 1f);
    let _e20 = unnamed.d_x;
    let _e22 = unnamed.d_y;
    let _e24 = unnamed.d_z;
    o.d = vec3<f32>(_e20, _e22, _e24);
    let _e27 = o;
    return _e27;
}

fn main_1() {
    var pos_2: vec2<f32>;
    var flattenTemp: VSOut;
    var param: vec2<f32>;

    let _e15 = pos_3;
    pos_2 = _e15;
    let _e16 = pos_2;
    param = _e16;
    let _e17 = u0040_main_u0028_vf2_u003b((&param));
    flattenTemp = _e17;
    let _e19 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e19;
    let _e21 = flattenTemp.d;
    u0040_entryPointOutput_u002e_d = _e21;
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> VertexOutput {
    pos_3 = pos;
    main_1();
    let _e5 = u0040_entryPointOutput_u002e_pos.y;
    u0040_entryPointOutput_u002e_pos.y = -(_e5);
    let _e7 = u0040_entryPointOutput_u002e_pos;
    let _e8 = u0040_entryPointOutput_u002e_d;
    return VertexOutput(_e7, _e8);
}
// pass `draw`, fragment stage
struct Params {
    a: f32,
    b_x: f32,
    b_y: f32,
    c: f32,
    e: f32,
    d_x: f32,
    d_y: f32,
    d_z: f32,
    f: f32,
    g_x: f32,
    g_y: f32,
    k: f32,
}

@group(0) @binding(0) 
var<uniform> unnamed: Params;
var<private> pos_3: vec4<f32>;
var<private> dv_3: vec3<f32>;
var<private> u0040_entryPointOutput: vec4<f32>;

fn u0040_main_u0028_vf4_u003b_vf3_u003b(pos_1: ptr<function, vec4<f32>>, dv_1: ptr<function, vec3<f32>>) -> vec4<f32> {
    let _e24 = (*pos_1)[0u];
    if (_e24 < 32f) {
        let _e27 = unnamed.a;
        let _e29 = unnamed.b_y;
        let _e31 = (*dv_1)[2u];
        let _e33 = unnamed.c;
        return vec4<f32>(_e27, _e29, _e31, _e33);
    }
    let _e36 = unnamed.g_x;
    let _e38 = unnamed.g_y;
    let _e39 = vec2<f32>(_e36, _e38);
    let _e41 = unnamed.f;
    let _e43 = unnamed.e;
    let _e45 = unnamed.k;
    return vec4<f32>(_e39.x, _e39.y, _e41, (_e43 + _e45));
}

fn main_1() {
    var pos_2: vec4<f32>;
    var dv_2: vec3<f32>;
    var param: vec4<f32>;
    var param_1: vec3<f32>;

    let _e25 = pos_3;
    pos_2 = _e25;
    let _e26 = dv_3;
    dv_2 = _e26;
    let _e27 = pos_2;
    param = _e27;
    let _e28 = dv_2;
    param_1 = _e28;
    let _e29 = u0040_main_u0028_vf4_u003b_vf3_u003b((&param), (&param_1));
    u0040_entryPointOutput = _e29;
    return;
}

@fragment 
fn main(@builtin(position) pos: vec4<f32>, @location(0) dv: vec3<f32>) -> @location(0) vec4<f32> {
    pos_3 = pos;
    dv_3 = dv;
    main_1();
    let _e5 = u0040_entryPointOutput;
    return _e5;
}
