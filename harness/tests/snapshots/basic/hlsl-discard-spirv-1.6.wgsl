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
var<private> pos_3: vec4<f32>;
var<private> u0040_entryPointOutput: vec4<f32>;

fn u0040_main_u0028_vf4_u003b(pos_1: ptr<function, vec4<f32>>) -> vec4<f32> {
    let _e10 = (*pos_1)[0u];
    if (_e10 < 32f) {
        if true {
            discard;
        }
    }
    return vec4<f32>(0f, 1f, 0f, 1f);
}

fn main_1() {
    var pos_2: vec4<f32>;
    var param: vec4<f32>;

    let _e10 = pos_3;
    pos_2 = _e10;
    let _e11 = pos_2;
    param = _e11;
    let _e12 = u0040_main_u0028_vf4_u003b((&param));
    u0040_entryPointOutput = _e12;
    return;
}

@fragment 
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    pos_3 = pos;
    main_1();
    let _e3 = u0040_entryPointOutput;
    return _e3;
}
