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
struct Tint {
    tint: vec4<f32>,
}

@group(0) @binding(0) 
var previous: texture_2d<f32>;
var<private> frag: vec4<f32>;
@group(0) @binding(1) 
var<uniform> unnamed: Tint;
var<private> global: vec4<f32>;

fn main_1() {
    var c: vec4<f32>;

    let _e11 = global;
    let _e15 = textureLoad(previous, (vec2<i32>(_e11.xy) + vec2<i32>(0i, 0i)), 0i);
    c = _e15;
    let _e17 = c[2u];
    let _e20 = unnamed.tint[1u];
    let _e22 = c[0u];
    frag = vec4<f32>(_e17, _e20, _e22, 1f);
    return;
}

@fragment 
fn main(@builtin(position) param: vec4<f32>) -> @location(0) vec4<f32> {
    global = param;
    main_1();
    let _e3 = frag;
    return _e3;
}
