// pass `draw`, vertex stage
var<private> pos_3: vec2<f32>;
var<private> u0040_entryPointOutput: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);

fn u0040_main_u0028_vf2_u003b(pos_1: ptr<function, vec2<f32>>) -> vec4<f32> {
    let _e5 = (*pos_1);
    return vec4<f32>(_e5.x, _e5.y, 0f, 1f);
}

fn main_1() {
    var pos_2: vec2<f32>;
    var param: vec2<f32>;

    let _e6 = pos_3;
    pos_2 = _e6;
    let _e7 = pos_2;
    param = _e7;
    let _e8 = u0040_main_u0028_vf2_u003b((&param));
    u0040_entryPointOutput = _e8;
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> @builtin(position) vec4<f32> {
    pos_3 = pos;
    main_1();
    let _e4 = u0040_entryPointOutput.y;
    u0040_entryPointOutput.y = -(_e4);
    let _e6 = u0040_entryPointOutput;
    return _e6;
}
// pass `draw`, fragment stage
struct C {
    a: mat2x4<f32>,
    b: mat3x3<f32>,
}

@group(0) @binding(0) 
var<uniform> unnamed: C;
var<private> pos_3: vec4<f32>;
var<private> u0040_entryPointOutput: vec4<f32>;

fn u0040_main_u0028_vf4_u003b(pos_1: ptr<function, vec4<f32>>) -> vec4<f32> {
    var k: i32;
    var v: f32;

    let _e22 = (*pos_1)[0u];
    k = (i32(_e22) / 4i);
    let _e25 = k;
    let _e27 = k;
    let _e29 = k;
    let _e32 = (_e29 - (2i * (_e29 / 2i)));
    let _e42 = unnamed.a[select(_e32, (_e32 + 2i), (((_e32 ^ 2i) < i32()) && (_e32 != i32())))][(_e27 / 2i)];
    let _e43 = k;
    let _e46 = k;
    let _e47 = (_e46 - 8i);
    let _e50 = (_e47 - (3i * (_e47 / 3i)));
    let _e60 = unnamed.b[select(_e50, (_e50 + 3i), (((_e50 ^ 3i) < i32()) && (_e50 != i32())))][((_e43 - 8i) / 3i)];
    v = select(_e60, _e42, (_e25 < 8i));
    let _e62 = v;
    let _e65 = unnamed.b;
    let _e71 = unnamed.a;
    return vec4<f32>((4f * _e62), (4f * (vec3<f32>(0f, 1f, 0f) * transpose(_e65)).y), (4f * (vec2<f32>(0f, 1f) * transpose(_e71)).w), 1f);
}

fn main_1() {
    var pos_2: vec4<f32>;
    var param: vec4<f32>;

    let _e20 = pos_3;
    pos_2 = _e20;
    let _e21 = pos_2;
    param = _e21;
    let _e22 = u0040_main_u0028_vf4_u003b((&param));
    u0040_entryPointOutput = _e22;
    return;
}

@fragment 
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    pos_3 = pos;
    main_1();
    let _e3 = u0040_entryPointOutput;
    return _e3;
}
