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
struct B {
    m: mat2x3<f32>,
    w: mat2x2<f32>,
}

@group(0) @binding(0) 
var<storage, read_write> b: B;
var<private> frag: vec4<f32>;

fn main_1() {
    b.m[0][1i] = vec2<f32>(0.25f, 0.5f).x;
    b.m[1][1i] = vec2<f32>(0.25f, 0.5f).y;
    b.w = transpose(mat2x2<f32>(vec2<f32>(0.1f, 0.2f), vec2<f32>(0.3f, 0.4f)));
    let _e28 = b.m[1][1i];
    let _e32 = b.m[0][1i];
    let _e36 = b.w[0][1i];
    let _e40 = b.w[1][0i];
    frag = vec4<f32>(_e28, _e32, _e36, _e40);
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
