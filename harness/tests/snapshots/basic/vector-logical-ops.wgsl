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
var<private> global: vec4<f32>;
var<private> global_1: vec4<f32>;

fn function_() {
    let _e15 = global;
    let _e17 = vec2(_e15.x);
    let _e18 = (_e17 < vec2<f32>(32f, 16f));
    let _e19 = (_e17 >= vec2<f32>(16f, 48f));
    let _e22 = select(vec2<f32>(0f, 0f), vec2<f32>(1f, 1f), select(vec2<bool>(false, false), _e19, _e18));
    let _e23 = select(vec2<f32>(0f, 0f), vec2<f32>(1f, 1f), select(_e19, vec2<bool>(true, true), _e18));
    global_1 = vec4<f32>(_e22.x, _e23.y, _e22.y, _e23.x);
    return;
}

@fragment 
fn main(@builtin(position) param: vec4<f32>) -> @location(0) vec4<f32> {
    global = param;
    function_();
    let _e3 = global_1;
    return _e3;
}
