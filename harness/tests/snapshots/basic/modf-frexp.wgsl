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
struct Values {
    v: vec4<f32>,
}

struct ResType {
    member: vec2<f32>,
    member_1: vec2<f32>,
}

struct ResType_1 {
    member: f32,
    member_1: i32,
}

@group(0) @binding(0) 
var<uniform> unnamed: Values;
var<private> frag: vec4<f32>;

fn main_1() {
    var fraction: vec2<f32>;
    var whole: vec2<f32>;
    var mantissa: f32;
    var e: i32;

    let _e12 = unnamed.v;
    let _e14 = modf(_e12.xy);
    whole = _e14.whole;
    fraction = _e14.fract;
    let _e19 = unnamed.v[2u];
    let _e20 = frexp(_e19);
    e = _e20.exp;
    mantissa = _e20.fract;
    let _e24 = fraction[0u];
    let _e26 = whole[0u];
    let _e28 = mantissa;
    let _e30 = fraction[1u];
    let _e34 = whole[1u];
    let _e37 = e;
    frag = vec4<f32>(_e24, (_e26 / 4f), _e28, ((((-(_e30) * 4f) * -(_e34)) * f32(_e37)) / 4f));
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
