// pass `draw`, vertex stage
enable clip_distances;

struct VSIn {
    pos: vec2<f32>,
    color: vec3<f32>,
}

struct VSOut {
    pos: vec4<f32>,
    color: vec3<f32>,
    clip0_: vec4<f32>,
    clip1_: vec2<f32>,
}

struct VertexOutput {
    @builtin(position) member: vec4<f32>,
    @location(0) member_1: vec3<f32>,
    @builtin(clip_distances) member_2: array<f32, 6>,
}

var<private> i_u002e_pos_1: vec2<f32>;
var<private> i_u002e_color_1: vec3<f32>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_color: vec3<f32>;
var<private> u0040_entryPointOutput_u002e_clip1_: array<f32, 6> = array<f32, 6>();

fn u0040_main_u0028_struct_u002d_VSIn_u002d_vf2_u002d_vf31_u003b(i: ptr<function, VSIn>) -> VSOut {
    var o: VSOut;

    let _e22 = (*i).pos;
    o.pos = vec4<f32>(_e22.x, _e22.y, 0f, 1f);
    let _e28 = (*i).color;
    o.color = _e28;
    let _e32 = (*i).pos[0u];
    let _e36 = (*i).pos[0u];
    let _e40 = (*i).pos[1u];
    let _e44 = (*i).pos[1u];
    o.clip0_ = vec4<f32>((_e32 + 0.8f), (0.8f - _e36), (_e40 + 0.8f), (0.8f - _e44));
    let _e50 = (*i).pos[0u];
    let _e54 = (*i).pos[1u];
    let _e58 = (*i).pos[0u];
    let _e62 = (*i).pos[1u];
    o.clip1_ = vec2<f32>(((1f - _e50) - _e54), ((1f + _e58) + _e62));
    let _e66 = o;
    return _e66;
}

fn main_1() {
    var i_1: VSIn;
    var flattenTemp: VSOut;
    var param: VSIn;

    let _e22 = i_u002e_pos_1;
    i_1.pos = _e22;
    let _e24 = i_u002e_color_1;
    i_1.color = _e24;
    let _e26 = i_1;
    param = _e26;
    let _e27 = u0040_main_u0028_struct_u002d_VSIn_u002d_vf2_u002d_vf31_u003b((&param));
    flattenTemp = _e27;
    let _e29 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e29;
    let _e31 = flattenTemp.color;
    u0040_entryPointOutput_u002e_color = _e31;
    let _e34 = flattenTemp.clip0_[0u];
    u0040_entryPointOutput_u002e_clip1_[0i] = _e34;
    let _e38 = flattenTemp.clip0_[1u];
    u0040_entryPointOutput_u002e_clip1_[1i] = _e38;
    let _e42 = flattenTemp.clip0_[2u];
    u0040_entryPointOutput_u002e_clip1_[2i] = _e42;
    let _e46 = flattenTemp.clip0_[3u];
    u0040_entryPointOutput_u002e_clip1_[3i] = _e46;
    let _e50 = flattenTemp.clip1_[0u];
    u0040_entryPointOutput_u002e_clip1_[4i] = _e50;
    let _e54 = flattenTemp.clip1_[1u];
    u0040_entryPointOutput_u002e_clip1_[5i] = _e54;
    return;
}

@vertex 
fn main(@location(0) i_u002e_pos: vec2<f32>, @location(1) i_u002e_color: vec3<f32>) -> VertexOutput {
    i_u002e_pos_1 = i_u002e_pos;
    i_u002e_color_1 = i_u002e_color;
    main_1();
    let _e8 = u0040_entryPointOutput_u002e_pos.y;
    u0040_entryPointOutput_u002e_pos.y = -(_e8);
    let _e10 = u0040_entryPointOutput_u002e_pos;
    let _e11 = u0040_entryPointOutput_u002e_color;
    let _e12 = u0040_entryPointOutput_u002e_clip1_;
    return VertexOutput(_e10, _e11, _e12);
}
// pass `draw`, fragment stage
var<private> pos_3: vec4<f32>;
var<private> color_3: vec3<f32>;
var<private> u0040_entryPointOutput: vec4<f32>;

fn u0040_main_u0028_vf4_u003b_vf3_u003b(pos_1: ptr<function, vec4<f32>>, color_1: ptr<function, vec3<f32>>) -> vec4<f32> {
    let _e6 = (*color_1);
    return vec4<f32>(_e6.x, _e6.y, _e6.z, 1f);
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
