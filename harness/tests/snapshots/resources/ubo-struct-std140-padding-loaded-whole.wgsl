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
struct Inner {
    w: array<f32, 2>,
    v: vec4<f32>,
}

struct Light {
    colour: vec4<f32>,
    m: mat2x2<f32>,
    inner: array<Inner, 2>,
}

struct type_9 {
    member: f32,
    member_1: u32,
    member_2: u32,
    member_3: u32,
}

struct Inner_1 {
    w: array<type_9, 2>,
    v: vec4<f32>,
}

struct type_12 {
    member: vec2<f32>,
    member_1: u32,
    member_2: u32,
}

struct Light_1 {
    colour: vec4<f32>,
    m: array<type_12, 2>,
    inner: array<Inner_1, 2>,
}

struct Lights {
    light: Light_1,
}

struct type_28 {
    member: array<f32, 2>,
    member_1: vec4<f32>,
}

struct type_30 {
    member: vec4<f32>,
    member_1: mat2x2<f32>,
    member_2: array<type_28, 2>,
}

@group(0) @binding(0) 
var<uniform> lights: Lights;
var<private> frag: vec4<f32>;

fn main_1() {
    var l: Light;

    let _e12 = lights.light.colour;
    let _e16 = lights.light.m[0u].member;
    let _e20 = lights.light.m[1u].member;
    let _e27 = lights.light.inner[0u].w[0u].member;
    let _e31 = lights.light.inner[0u].w[1u].member;
    let _e34 = lights.light.inner[0u].v;
    let _e40 = lights.light.inner[1u].w[0u].member;
    let _e44 = lights.light.inner[1u].w[1u].member;
    let _e47 = lights.light.inner[1u].v;
    let _e50 = type_30(_e12, mat2x2<f32>(_e16, _e20), array<type_28, 2>(type_28(array<f32, 2>(_e27, _e31), _e34), type_28(array<f32, 2>(_e40, _e44), _e47)));
    l.colour = _e50.member;
    l.m = _e50.member_1;
    l.inner[0i].w[0i] = _e50.member_2[0].member[0];
    l.inner[0i].w[1i] = _e50.member_2[0].member[1];
    l.inner[0i].v = _e50.member_2[0].member_1;
    l.inner[1i].w[0i] = _e50.member_2[1].member[0];
    l.inner[1i].w[1i] = _e50.member_2[1].member[1];
    l.inner[1i].v = _e50.member_2[1].member_1;
    let _e79 = l.colour[0u];
    let _e83 = l.m[1][0u];
    let _e88 = l.inner[1i].w[1i];
    let _e93 = l.inner[0i].v[3u];
    frag = vec4<f32>(_e79, _e83, _e88, _e93);
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
