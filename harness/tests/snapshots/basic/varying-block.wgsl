// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct Deep {
    b: f32,
}

struct Tint {
    rg: vec2<f32>,
    deep: Deep,
}

struct VS_OUT {
    normal: vec3<f32>,
    tint: Tint,
    offs: array<vec2<f32>, 2>,
    id: i32,
    ramp: f32,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: vec3<f32>,
    @location(1) member_1: vec2<f32>,
    @location(2) member_2: f32,
    @location(3) member_3: vec2<f32>,
    @location(4) member_4: vec2<f32>,
    @location(5) @interpolate(flat) member_5: i32,
    @location(6) member_6: f32,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> id_1: i32;
var<private> vs_out_normal: vec3<f32>;
var<private> vs_out_tint_rg: vec2<f32>;
var<private> vs_out_tint_deep_b: f32;
var<private> vs_out_offs_0_: vec2<f32>;
var<private> vs_out_offs_1_: vec2<f32>;
var<private> vs_out_id: i32;
var<private> vs_out_ramp: f32;

fn main_1() {
    let _e31 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e31.x, _e31.y, 0f, 1f);
    vs_out_normal = vec3<f32>(0f, 0f, 1f);
    vs_out_tint_rg = Tint(vec2<f32>(0.25f, 0.5f), Deep(0.75f)).rg;
    vs_out_tint_deep_b = Tint(vec2<f32>(0.25f, 0.5f), Deep(0.75f)).deep.b;
    vs_out_offs_0_ = vec2<f32>(0.125f, 0.25f);
    vs_out_offs_1_ = vec2<f32>(0.5f, 0.0625f);
    let _e39 = id_1;
    vs_out_id = _e39;
    let _e41 = pos_1[0u];
    vs_out_ramp = ((_e41 * 0.5f) + 0.5f);
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>, @location(1) id: i32) -> VertexOutput {
    pos_1 = pos;
    id_1 = id;
    main_1();
    let _e14 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e14);
    let _e16 = unnamed.gl_Position;
    let _e17 = vs_out_normal;
    let _e18 = vs_out_tint_rg;
    let _e19 = vs_out_tint_deep_b;
    let _e20 = vs_out_offs_0_;
    let _e21 = vs_out_offs_1_;
    let _e22 = vs_out_id;
    let _e23 = vs_out_ramp;
    return VertexOutput(_e16, _e17, _e18, _e19, _e20, _e21, _e22, _e23);
}
// pass `draw`, fragment stage
struct Deep {
    b: f32,
}

struct Tint {
    rg: vec2<f32>,
    deep: Deep,
}

struct VS_OUT {
    normal: vec3<f32>,
    tint: Tint,
    offs: array<vec2<f32>, 2>,
    id: i32,
    ramp: f32,
}

var<private> frag: vec4<f32>;
var<private> fs_in_normal_1: vec3<f32>;
var<private> fs_in_tint_rg_1: vec2<f32>;
var<private> fs_in_tint_deep_b_1: f32;
var<private> fs_in_offs_0_1: vec2<f32>;
var<private> fs_in_offs_1_1: vec2<f32>;
var<private> fs_in_id_1: i32;
var<private> fs_in_ramp_1: f32;
var<private> fs_in: VS_OUT;

fn main_1() {
    var t: Tint;

    let _e18 = fs_in_normal_1;
    let _e19 = fs_in_tint_rg_1;
    let _e20 = fs_in_tint_deep_b_1;
    let _e23 = fs_in_offs_0_1;
    let _e24 = fs_in_offs_1_1;
    let _e26 = fs_in_id_1;
    let _e27 = fs_in_ramp_1;
    fs_in = VS_OUT(_e18, Tint(_e19, Deep(_e20)), array<vec2<f32>, 2>(_e23, _e24), _e26, _e27);
    let _e30 = fs_in.tint;
    t = _e30;
    let _e33 = t.rg[0u];
    let _e35 = fs_in.id;
    let _e39 = fs_in.offs[_e35][0u];
    let _e43 = t.rg[1u];
    let _e46 = fs_in.normal[2u];
    let _e51 = fs_in.offs[1i][1u];
    let _e55 = t.deep.b;
    let _e57 = fs_in.ramp;
    frag = vec4<f32>((_e33 + _e39), ((_e43 * _e46) + _e51), _e55, _e57);
    return;
}

@fragment 
fn main(@location(0) fs_in_normal: vec3<f32>, @location(1) fs_in_tint_rg: vec2<f32>, @location(2) fs_in_tint_deep_b: f32, @location(3) fs_in_offs_0_: vec2<f32>, @location(4) fs_in_offs_1_: vec2<f32>, @location(5) @interpolate(flat) fs_in_id: i32, @location(6) fs_in_ramp: f32) -> @location(0) vec4<f32> {
    fs_in_normal_1 = fs_in_normal;
    fs_in_tint_rg_1 = fs_in_tint_rg;
    fs_in_tint_deep_b_1 = fs_in_tint_deep_b;
    fs_in_offs_0_1 = fs_in_offs_0_;
    fs_in_offs_1_1 = fs_in_offs_1_;
    fs_in_id_1 = fs_in_id;
    fs_in_ramp_1 = fs_in_ramp;
    main_1();
    let _e15 = frag;
    return _e15;
}
