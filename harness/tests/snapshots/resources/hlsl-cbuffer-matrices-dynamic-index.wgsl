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

    let _e21 = (*pos_1)[0u];
    k = (i32(_e21) / 4i);
    let _e24 = k;
    let _e26 = k;
    let _e28 = k;
    let _e39 = unnamed.a[(_e28 - (i32(floor((f32(_e28) / f32(2i)))) * 2i))][(_e26 / 2i)];
    let _e40 = k;
    let _e43 = k;
    let _e44 = (_e43 - 8i);
    let _e55 = unnamed.b[(_e44 - (i32(floor((f32(_e44) / f32(3i)))) * 3i))][((_e40 - 8i) / 3i)];
    v = select(_e55, _e39, (_e24 < 8i));
    let _e57 = v;
    let _e60 = unnamed.b;
    let _e66 = unnamed.a;
    return vec4<f32>((4f * _e57), (4f * (vec3<f32>(0f, 1f, 0f) * transpose(_e60)).y), (4f * (vec2<f32>(0f, 1f) * transpose(_e66)).w), 1f);
}

fn main_1() {
    var pos_2: vec4<f32>;
    var param: vec4<f32>;

    let _e19 = pos_3;
    pos_2 = _e19;
    let _e20 = pos_2;
    param = _e20;
    let _e21 = u0040_main_u0028_vf4_u003b((&param));
    u0040_entryPointOutput = _e21;
    return;
}

@fragment 
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    pos_3 = pos;
    main_1();
    let _e3 = u0040_entryPointOutput;
    return _e3;
}
