// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: vec4<f32>,
    @location(1) @interpolate(flat) member_1: vec2<u32>,
}

var<private> gl_VertexIndex_1: i32;
var<private> gl_InstanceIndex_1: i32;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f));
var<private> v_color: vec4<f32>;
var<private> ids: vec2<u32>;

fn main_1() {
    var v: f32;
    var i: f32;

    let _e12 = gl_VertexIndex_1;
    v = f32(_e12);
    let _e14 = gl_InstanceIndex_1;
    i = f32(_e14);
    let _e16 = v;
    let _e19 = i;
    unnamed.gl_Position = vec4<f32>(((0.25f * _e16) - 0.5f), ((0.5f * _e19) - 0.25f), 0.5f, 1f);
    v_color = vec4<f32>(1f, 1f, 1f, 1f);
    let _e24 = gl_VertexIndex_1;
    let _e26 = gl_InstanceIndex_1;
    ids = vec2<u32>(bitcast<u32>(_e24), bitcast<u32>(_e26));
    return;
}

@vertex 
fn main(@builtin(vertex_index) gl_VertexIndex: u32, @builtin(instance_index) gl_InstanceIndex: u32) -> VertexOutput {
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    gl_InstanceIndex_1 = i32(gl_InstanceIndex);
    main_1();
    let _e11 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e11);
    let _e13 = unnamed.gl_Position;
    let _e14 = v_color;
    let _e15 = ids;
    return VertexOutput(_e13, _e14, _e15);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_color_1: vec4<f32>;

fn main_1() {
    let _e2 = v_color_1;
    frag = _e2;
    return;
}

@fragment 
fn main(@location(0) v_color: vec4<f32>) -> @location(0) vec4<f32> {
    v_color_1 = v_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
