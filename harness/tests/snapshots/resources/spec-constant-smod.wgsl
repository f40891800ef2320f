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
const A: i32 = -7i;
const B: i32 = 3i;
const M1_: i32 = 2i;
const M2_: i32 = -2i;

var<private> frag: vec4<f32>;
var<private> global: i32 = M1_;
var<private> global_1: i32 = 2i;
var<private> global_2: i32 = 3i;

fn main_1() {
    let _e16 = global;
    let _e19 = global_1;
    let _e22 = global_2;
    frag = vec4<f32>((f32(_e16) / 4f), (f32(_e19) / 4f), (f32(_e22) / 8f), 1f);
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
