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
struct type_9 {
    member: f32,
    member_1: u32,
    member_2: u32,
    member_3: u32,
}

struct Weights {
    w: array<type_9, 4>,
    tail: vec2<f32>,
    flip: i32,
}

var<private> gl_FragCoord_1: vec4<f32>;
@group(0) @binding(0) 
var<uniform> u: Weights;
var<private> frag: vec4<f32>;

fn main_1() {
    var i: i32;

    let _e13 = gl_FragCoord_1[0u];
    i = (i32(_e13) / 16i);
    let _e17 = u.flip;
    if (_e17 == 1i) {
        let _e19 = i;
        i = (3i - _e19);
    }
    let _e21 = i;
    let _e25 = u.w[_e21].member;
    let _e27 = u.tail;
    frag = vec4<f32>(_e25, _e27.x, _e27.y, 1f);
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
