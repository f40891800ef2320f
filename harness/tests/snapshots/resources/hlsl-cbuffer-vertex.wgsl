// pass `draw`, vertex stage
struct VSOut {
    pos: vec4<f32>,
    color: vec4<f32>,
}

struct Params {
    color: vec4<f32>,
    offset: vec2<f32>,
}

struct VertexOutput {
    @builtin(position) member: vec4<f32>,
    @location(0) @interpolate(flat) member_1: vec4<f32>,
}

@group(0) @binding(0) 
var<uniform> unnamed: Params;
var<private> pos_3: vec2<f32>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_color: vec4<f32>;

fn u0040_main_u0028_vf2_u003b(pos_1: ptr<function, vec2<f32>>) -> VSOut {
    var o: VSOut;

    let _e10 = (*pos_1);
    let _e12 = unnamed.offset;
    let _e13 = (_e10 + _e12);
    o.pos = vec4<f32>(_e13.x, _e13.y, 0f, 1f);
    let _e19 = unnamed.color;
    o.color = _e19;
    let _e21 = o;
    return _e21;
}

fn main_1() {
    var pos_2: vec2<f32>;
    var flattenTemp: VSOut;
    var param: vec2<f32>;

    let _e11 = pos_3;
    pos_2 = _e11;
    let _e12 = pos_2;
    param = _e12;
    let _e13 = u0040_main_u0028_vf2_u003b((&param));
    flattenTemp = _e13;
    let _e15 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e15;
    let _e17 = flattenTemp.color;
    u0040_entryPointOutput_u002e_color = _e17;
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> VertexOutput {
    pos_3 = pos;
    main_1();
    let _e5 = u0040_entryPointOutput_u002e_pos.y;
    u0040_entryPointOutput_u002e_pos.y = -(_e5);
    let _e7 = u0040_entryPointOutput_u002e_pos;
    let _e8 = u0040_entryPointOutput_u002e_color;
    return VertexOutput(_e7, _e8);
}
// pass `draw`, fragment stage
var<private> pos_3: vec4<f32>;
var<private> color_3: vec4<f32>;
var<private> u0040_entryPointOutput: vec4<f32>;

fn u0040_main_u0028_vf4_u003b_vf4_u003b(pos_1: ptr<function, vec4<f32>>, color_1: ptr<function, vec4<f32>>) -> vec4<f32> {
    let _e5 = (*color_1);
    return _e5;
}

fn main_1() {
    var pos_2: vec4<f32>;
    var color_2: vec4<f32>;
    var param: vec4<f32>;
    var param_1: vec4<f32>;

    let _e7 = pos_3;
    pos_2 = _e7;
    let _e8 = color_3;
    color_2 = _e8;
    let _e9 = pos_2;
    param = _e9;
    let _e10 = color_2;
    param_1 = _e10;
    let _e11 = u0040_main_u0028_vf4_u003b_vf4_u003b((&param), (&param_1));
    u0040_entryPointOutput = _e11;
    return;
}

@fragment 
fn main(@builtin(position) pos: vec4<f32>, @location(0) @interpolate(flat) color: vec4<f32>) -> @location(0) vec4<f32> {
    pos_3 = pos;
    color_3 = color;
    main_1();
    let _e5 = u0040_entryPointOutput;
    return _e5;
}
