// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: f32,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> v_zero: f32;
var<private> zero_1: f32;

fn main_1() {
    let _e8 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e8.x, _e8.y, 0f, 1f);
    let _e13 = zero_1;
    v_zero = _e13;
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>, @location(1) zero: f32) -> VertexOutput {
    pos_1 = pos;
    zero_1 = zero;
    main_1();
    let _e8 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e8);
    let _e10 = unnamed.gl_Position;
    let _e11 = v_zero;
    return VertexOutput(_e10, _e11);
}
// pass `draw`, fragment stage
var<private> v_zero_1: f32;
var<private> frag: vec4<f32>;

fn main_1() {
    var x: f32;

    let _e7 = v_zero_1;
    let tesserae_deep = (((((((((((((((((((((((_e7 + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f);
    let tesserae_deep_1 = ((((((((((((((((((((((((tesserae_deep + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f);
    let tesserae_deep_2 = ((((((((((((((((((((((((tesserae_deep_1 + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f);
    let tesserae_deep_3 = ((((((((((((((((((((((((tesserae_deep_2 + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f);
    let tesserae_deep_4 = ((((((((((((((((((((((((tesserae_deep_3 + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f);
    let tesserae_deep_5 = ((((((((((((((((((((((((tesserae_deep_4 + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f);
    let tesserae_deep_6 = ((((((((((((((((((((((((tesserae_deep_5 + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f);
    let tesserae_deep_7 = ((((((((((((((((((((((((tesserae_deep_6 + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f);
    let tesserae_deep_8 = ((((((((((((((((((((((((tesserae_deep_7 + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f);
    let tesserae_deep_9 = ((((((((((((((((((((((((tesserae_deep_8 + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f);
    x = (((((((((((tesserae_deep_9 + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f) + 0.002f);
    let _e258 = x;
    frag = vec4<f32>(_e258, 0.25f, 0.75f, 1f);
    return;
}

@fragment 
fn main(@location(0) v_zero: f32) -> @location(0) vec4<f32> {
    v_zero_1 = v_zero;
    main_1();
    let _e3 = frag;
    return _e3;
}
