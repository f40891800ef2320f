// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) member: vec3<f32>,
}

var<private> gl_InstanceIndex_1: i32;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> v_color: vec3<f32>;

fn main_1() {
    var x: f32;

    let _e14 = gl_InstanceIndex_1;
    x = (-0.875f + (0.25f * f32(_e14)));
    let _e18 = pos_1;
    let _e20 = x;
    let _e22 = ((_e18 * 0.1f) + vec2<f32>(_e20, 0f));
    unnamed.gl_Position = vec4<f32>(_e22.x, _e22.y, 0f, 1f);
    let _e27 = gl_InstanceIndex_1;
    let _e30 = gl_InstanceIndex_1;
    v_color = vec3<f32>((f32(_e27) / 7f), (1f - (f32(_e30) / 7f)), 0.5f);
    return;
}

@vertex 
fn main(@builtin(instance_index) gl_InstanceIndex: u32, @location(0) pos: vec2<f32>) -> VertexOutput {
    gl_InstanceIndex_1 = i32(gl_InstanceIndex);
    pos_1 = pos;
    main_1();
    let _e9 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e9);
    let _e11 = unnamed.gl_Position;
    let _e12 = v_color;
    return VertexOutput(_e11, _e12);
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
fn main(@location(0) @interpolate(flat) v_color: vec3<f32>) -> @location(0) vec4<f32> {
    v_color_1 = v_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
