// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: vec3<f32>,
}

var<private> gl_VertexIndex_1: i32;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> v_color: vec3<f32>;

fn main_1() {
    var i: i32;
    var p: vec2<f32>;

    let _e16 = gl_VertexIndex_1;
    i = (_e16 - 5i);
    let _e18 = i;
    let _e23 = i;
    p = vec2<f32>(f32(((_e18 << bitcast<u32>(1i)) & 2i)), f32((_e23 & 2i)));
    let _e27 = p;
    let _e30 = ((_e27 * 1.5f) - vec2(0.75f));
    unnamed.gl_Position = vec4<f32>(_e30.x, _e30.y, 0f, 1f);
    let _e35 = gl_VertexIndex_1;
    v_color = vec3<f32>((f32(_e35) / 8f), 0.5f, 0f);
    return;
}

@vertex 
fn main(@builtin(vertex_index) gl_VertexIndex: u32) -> VertexOutput {
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    main_1();
    let _e7 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e7);
    let _e9 = unnamed.gl_Position;
    let _e10 = v_color;
    return VertexOutput(_e9, _e10);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_color_1: vec3<f32>;

fn main_1() {
    let _e3 = v_color_1;
    frag = vec4<f32>(_e3.x, _e3.y, _e3.z, 1f);
    return;
}

@fragment 
fn main(@location(0) v_color: vec3<f32>) -> @location(0) vec4<f32> {
    v_color_1 = v_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
