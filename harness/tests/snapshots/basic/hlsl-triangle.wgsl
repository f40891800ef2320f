// pass `draw`, vertex stage
struct VSIn {
    pos: vec2<f32>,
    color: vec3<f32>,
}

struct VSOut {
    pos: vec4<f32>,
    color: vec3<f32>,
}

struct VertexOutput {
    @builtin(position) member: vec4<f32>,
    @location(0) member_1: vec3<f32>,
}

var<private> i_u002e_pos_1: vec2<f32>;
var<private> i_u002e_color_1: vec3<f32>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_color: vec3<f32>;

fn u0040_main_u0028_struct_u002d_VSIn_u002d_vf2_u002d_vf31_u003b(i: ptr<function, VSIn>) -> VSOut {
    var o: VSOut;

    let _e11 = (*i).pos;
    o.pos = vec4<f32>(_e11.x, _e11.y, 0f, 1f);
    let _e17 = (*i).color;
    o.color = _e17;
    let _e19 = o;
    return _e19;
}

fn main_1() {
    var i_1: VSIn;
    var flattenTemp: VSOut;
    var param: VSIn;

    let _e11 = i_u002e_pos_1;
    i_1.pos = _e11;
    let _e13 = i_u002e_color_1;
    i_1.color = _e13;
    let _e15 = i_1;
    param = _e15;
    let _e16 = u0040_main_u0028_struct_u002d_VSIn_u002d_vf2_u002d_vf31_u003b((&param));
    flattenTemp = _e16;
    let _e18 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e18;
    let _e20 = flattenTemp.color;
    u0040_entryPointOutput_u002e_color = _e20;
    return;
}

@vertex 
fn main(@location(0) i_u002e_pos: vec2<f32>, @location(1) i_u002e_color: vec3<f32>) -> VertexOutput {
    i_u002e_pos_1 = i_u002e_pos;
    i_u002e_color_1 = i_u002e_color;
    main_1();
    let _e7 = u0040_entryPointOutput_u002e_pos.y;
    u0040_entryPointOutput_u002e_pos.y = -(_e7);
    let _e9 = u0040_entryPointOutput_u002e_pos;
    let _e10 = u0040_entryPointOutput_u002e_color;
    return VertexOutput(_e9, _e10);
}
// pass `draw`, fragment stage
var<private> pos_3: vec4<f32>;
var<private> color_3: vec3<f32>;
var<private> u0040_entryPointOutput: vec4<f32>;

fn u0040_main_u0028_vf4_u003b_vf3_u003b(pos_1: ptr<function, vec4<f32>>, color_1: ptr<function, vec3<f32>>) -> vec4<f32> {
    let _e6 = (*color_1);
    let _e7 = _e6.zyx;
    return vec4<f32>(_e7.x, _e7.y, _e7.z, 1f);
}

fn main_1() {
    var pos_2: vec4<f32>;
    var color_2: vec3<f32>;
    var param: vec4<f32>;
    var param_1: vec3<f32>;

    let _e8 = pos_3;
    pos_2 = _e8;
    let _e9 = color_3;
    color_2 = _e9;
    let _e10 = pos_2;
    param = _e10;
    let _e11 = color_2;
    param_1 = _e11;
    let _e12 = u0040_main_u0028_vf4_u003b_vf3_u003b((&param), (&param_1));
    u0040_entryPointOutput = _e12;
    return;
}

@fragment 
fn main(@builtin(position) pos: vec4<f32>, @location(0) color: vec3<f32>) -> @location(0) vec4<f32> {
    pos_3 = pos;
    color_3 = color;
    main_1();
    let _e5 = u0040_entryPointOutput;
    return _e5;
}
