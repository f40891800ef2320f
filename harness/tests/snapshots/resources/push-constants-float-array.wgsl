// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct Params {
    offsets: array<f32, 4>,
    color: vec4<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
@group(0) @binding(20) 
var<storage> pc: Params;

fn main_1() {
    let _e10 = pos_1;
    let _e13 = pc.offsets[1i];
    let _e16 = pc.offsets[2i];
    let _e18 = (_e10 + vec2<f32>(_e13, _e16));
    unnamed.gl_Position = vec4<f32>(_e18.x, _e18.y, 0f, 1f);
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
struct Params {
    offsets: array<f32, 4>,
    color: vec4<f32>,
}

var<private> frag: vec4<f32>;
@group(0) @binding(20) 
var<storage> pc: Params;

fn main_1() {
    let _e5 = pc.color;
    frag = _e5;
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
