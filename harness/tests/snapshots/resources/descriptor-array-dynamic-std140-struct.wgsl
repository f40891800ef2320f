// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;

fn main_1() {
    let _e6 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e6.x, _e6.y, 0f, 1f);
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> @builtin(position) vec4<f32> {
    pos_1 = pos;
    main_1();
    let _e5 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e5);
    let _e7 = unnamed.gl_Position;
    return _e7;
}
// pass `draw`, fragment stage
struct Light {
    colour: vec4<f32>,
    m: mat2x2<f32>,
    w: array<f32, 2>,
}

struct type_8 {
    member: vec2<f32>,
    member_1: u32,
    member_2: u32,
}

struct type_10 {
    member: f32,
    member_1: u32,
    member_2: u32,
    member_3: u32,
}

struct Light_1 {
    colour: vec4<f32>,
    m: array<type_8, 2>,
    w: array<type_10, 2>,
}

struct B {
    l: Light_1,
}

struct Push {
    which: i32,
}

struct type_27 {
    member: vec4<f32>,
    member_1: mat2x2<f32>,
    member_2: array<f32, 2>,
}

@group(1) @binding(20) 
var<uniform> pc: Push;
var<private> frag: vec4<f32>;
@group(0) @binding(0) 
var<uniform> b_0_: B;
@group(0) @binding(1) 
var<uniform> b_1_: B;

fn main_1() {
    var l: Light;

    let _e13 = pc.which;
    let _e14 = (_e13 == 1i);
    let _e17 = b_0_.l.colour;
    let _e21 = b_0_.l.m[0u].member;
    let _e25 = b_0_.l.m[1u].member;
    let _e30 = b_0_.l.w[0u].member;
    let _e34 = b_0_.l.w[1u].member;
    let _e36 = type_27(_e17, mat2x2<f32>(_e21, _e25), array<f32, 2>(_e30, _e34));
    let _e39 = b_1_.l.colour;
    let _e43 = b_1_.l.m[0u].member;
    let _e47 = b_1_.l.m[1u].member;
    let _e52 = b_1_.l.w[0u].member;
    let _e56 = b_1_.l.w[1u].member;
    let _e58 = type_27(_e39, mat2x2<f32>(_e43, _e47), array<f32, 2>(_e52, _e56));
    let _e80 = type_27(select(_e36.member, _e58.member, _e14), mat2x2<f32>(select(_e36.member_1[0], _e58.member_1[0], _e14), select(_e36.member_1[1], _e58.member_1[1], _e14)), array<f32, 2>(select(_e36.member_2[0], _e58.member_2[0], _e14), select(_e36.member_2[1], _e58.member_2[1], _e14)));
    l.colour = _e80.member;
    l.m = _e80.member_1;
    l.w[0i] = _e80.member_2[0];
    l.w[1i] = _e80.member_2[1];
    let _e93 = l.colour[0u];
    let _e97 = l.m[1][0u];
    let _e100 = l.w[1i];
    frag = vec4<f32>(_e93, _e97, _e100, 1f);
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
