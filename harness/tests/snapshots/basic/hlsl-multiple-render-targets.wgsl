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
struct GBuffer {
    albedo: vec4<f32>,
    normal: vec4<f32>,
    material: vec4<f32>,
}

struct FragmentOutput {
    @location(0) member: vec4<f32>,
    @location(1) member_1: vec4<f32>,
    @location(2) member_2: vec4<f32>,
}

var<private> pos_3: vec4<f32>;
var<private> u0040_entryPointOutput_u002e_albedo: vec4<f32>;
var<private> u0040_entryPointOutput_u002e_normal: vec4<f32>;
var<private> u0040_entryPointOutput_u002e_material: vec4<f32>;

fn u0040_main_u0028_vf4_u003b(pos_1: ptr<function, vec4<f32>>) -> GBuffer {
    var g: GBuffer;

    g.albedo = vec4<f32>(0.5f, 0.5f, 0f, 0f);
    g.normal = vec4<f32>(0f, 0.25f, 0.5f, 0f);
    g.material = vec4<f32>(1f, 0f, 0.25f, 0f);
    let _e19 = g;
    return _e19;
}

fn main_1() {
    var pos_2: vec4<f32>;
    var flattenTemp: GBuffer;
    var param: vec4<f32>;

    let _e17 = pos_3;
    pos_2 = _e17;
    let _e18 = pos_2;
    param = _e18;
    let _e19 = u0040_main_u0028_vf4_u003b((&param));
    flattenTemp = _e19;
    let _e21 = flattenTemp.albedo;
    u0040_entryPointOutput_u002e_albedo = _e21;
    let _e23 = flattenTemp.normal;
    u0040_entryPointOutput_u002e_normal = _e23;
    let _e25 = flattenTemp.material;
    u0040_entryPointOutput_u002e_material = _e25;
    return;
}

@fragment 
fn main(@builtin(position) pos: vec4<f32>) -> FragmentOutput {
    pos_3 = pos;
    main_1();
    let _e5 = u0040_entryPointOutput_u002e_albedo;
    let _e6 = u0040_entryPointOutput_u002e_normal;
    let _e7 = u0040_entryPointOutput_u002e_material;
    return FragmentOutput(_e5, _e6, _e7);
}
