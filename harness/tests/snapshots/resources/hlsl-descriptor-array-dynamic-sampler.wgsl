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
struct Choice {
    samplerIndex: i32,
}

@group(0) @binding(1) 
var tex: texture_2d<f32>;
@group(0) @binding(0) 
var<uniform> unnamed: Choice;
var<private> pos_3: vec4<f32>;
var<private> u0040_entryPointOutput: vec4<f32>;
@group(0) @binding(2) 
var samplers_0_: sampler;
@group(0) @binding(3) 
var samplers_1_: sampler;
@group(0) @binding(4) 
var tex_copy_4_: texture_2d<f32>;

fn u0040_main_u0028_vf4_u003b(pos_1: ptr<function, vec4<f32>>) -> vec4<f32> {
    let _e15 = unnamed.samplerIndex;
    let _e17 = textureSample(tex, samplers_0_, vec2<f32>(0.375f, 0.5f));
    let _e18 = textureSample(tex_copy_4_, samplers_1_, vec2<f32>(0.375f, 0.5f));
    return select(_e17, _e18, (_e15 == 1i));
}

fn main_1() {
    var pos_2: vec4<f32>;
    var param: vec4<f32>;

    let _e15 = pos_3;
    pos_2 = _e15;
    let _e16 = pos_2;
    param = _e16;
    let _e17 = u0040_main_u0028_vf4_u003b((&param));
    u0040_entryPointOutput = _e17;
    return;
}

@fragment 
fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    pos_3 = pos;
    main_1();
    let _e3 = u0040_entryPointOutput;
    return _e3;
}
