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
struct Scratch {
    base: vec4<f32>,
    slots: array<vec4<f32>, 4096>,
}

var<private> gl_FragCoord_1: vec4<f32>;
@group(0) @binding(0) 
var<storage, read_write> b: Scratch;
var<private> frag: vec4<f32>;

fn main_1() {
    var p: vec2<i32>;
    var idx: i32;

    let _e14 = gl_FragCoord_1;
    p = vec2<i32>(_e14.xy);
    let _e18 = p[1u];
    let _e21 = p[0u];
    idx = ((_e18 * 64i) + _e21);
    let _e23 = idx;
    let _e25 = b.base;
    let _e27 = p[0u];
    let _e34 = b.slots[_e23];
    b.slots[_e23] = (_e34 + (_e25 + vec4<f32>(0f, 0f, select(0f, 0.4f, (_e27 >= 32i)), 0f)));
    let _e38 = idx;
    let _e41 = b.slots[_e38];
    frag = _e41;
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
