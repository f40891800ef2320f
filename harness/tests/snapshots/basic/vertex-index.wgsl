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
    var p: vec2<f32>;

    let _e11 = gl_VertexIndex_1;
    let _e16 = gl_VertexIndex_1;
    p = vec2<f32>(f32(((_e11 << bitcast<u32>(1i)) & 2i)), f32((_e16 & 2i)));
    let _e20 = p;
    let _e23 = ((_e20 * 2f) - vec2(1f));
    unnamed.gl_Position = vec4<f32>(_e23.x, _e23.y, 0f, 1f);
    let _e28 = gl_VertexIndex_1;
    let _e31 = gl_VertexIndex_1;
    let _e34 = gl_VertexIndex_1;
    v_color = vec3<f32>(select(0f, 1f, (_e28 == 0i)), select(0f, 1f, (_e31 == 1i)), select(0f, 1f, (_e34 == 2i)));
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
