// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(3) member: vec3<f32>,
    @location(5) member_1: vec4<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> values_1: vec4<f32>;
var<private> global: vec3<f32>;
var<private> global_1: vec4<f32>;

fn main_1() {
    let _e12 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e12.x, _e12.y, 0f, 1f);
    let _e18 = values_1[0u];
    global[0u] = _e18;
    let _e20 = values_1;
    let _e21 = _e20.yz;
    global[1u] = _e21.x;
    global[2u] = _e21.y;
    let _e27 = values_1[3u];
    global_1[3u] = _e27;
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>, @location(1) values: vec4<f32>) -> VertexOutput {
    pos_1 = pos;
    values_1 = values;
    main_1();
    let _e9 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e9);
    let _e11 = unnamed.gl_Position;
    let _e12 = global;
    let _e13 = global_1;
    return VertexOutput(_e11, _e12, _e13);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> global: vec3<f32>;
var<private> global_1: vec4<f32>;

fn main_1() {
    let _e3 = global;
    let _e5 = global;
    let _e7 = global;
    let _e9 = global_1;
    frag = vec4<f32>(_e3.x, _e5.y, _e7.z, _e9.w);
    return;
}

@fragment 
fn main(@location(3) param: vec3<f32>, @location(5) param_1: vec4<f32>) -> @location(0) vec4<f32> {
    global = param;
    global_1 = param_1;
    main_1();
    let _e5 = frag;
    return _e5;
}
