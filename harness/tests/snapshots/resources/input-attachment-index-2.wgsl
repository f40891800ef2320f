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
var<private> frag: vec4<f32>;
@group(1) @binding(3) 
var first: texture_2d<f32>;
@group(1) @binding(5) 
var second: texture_2d<f32>;
var<private> global: vec4<f32>;

fn main_1() {
    let _e7 = global;
    let _e11 = textureLoad(first, (vec2<i32>(_e7.xy) + vec2<i32>(0i, 0i)), 0i);
    let _e12 = global;
    let _e16 = textureLoad(second, (vec2<i32>(_e12.xy) + vec2<i32>(0i, 0i)), 0i);
    let _e18 = (_e11 + _e16).xyz;
    frag = vec4<f32>(_e18.x, _e18.y, _e18.z, 1f);
    return;
}

@fragment 
fn main(@builtin(position) param: vec4<f32>) -> @location(0) vec4<f32> {
    global = param;
    main_1();
    let _e3 = frag;
    return _e3;
}
