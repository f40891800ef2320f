// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct UBO {
    projection: mat4x4<f32>,
    view: mat4x4<f32>,
    model: array<mat4x4<f32>, 2>,
}

struct PushConsts {
    frame: i32,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) member: i32,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
@group(1) @binding(20) 
var<uniform> pc: PushConsts;
var<private> gl_InstanceIndex_1: i32;
var<private> pos_1: vec2<f32>;
var<private> instance: i32;
@group(0) @binding(0) 
var<uniform> ubo_0_: UBO;
@group(0) @binding(1) 
var<uniform> ubo_1_: UBO;

fn main_1() {
    let _e15 = pc.frame;
    let _e16 = (_e15 == 1i);
    let _e18 = ubo_0_.projection;
    let _e20 = ubo_1_.projection;
    let _e35 = pc.frame;
    let _e36 = (_e35 == 1i);
    let _e38 = ubo_0_.view;
    let _e40 = ubo_1_.view;
    let _e56 = pc.frame;
    let _e57 = gl_InstanceIndex_1;
    let _e58 = (_e56 == 1i);
    let _e61 = ubo_0_.model[_e57];
    let _e64 = ubo_1_.model[_e57];
    let _e79 = pos_1;
    unnamed.gl_Position = (((mat4x4<f32>(select(_e18[0], _e20[0], _e16), select(_e18[1], _e20[1], _e16), select(_e18[2], _e20[2], _e16), select(_e18[3], _e20[3], _e16)) * mat4x4<f32>(select(_e38[0], _e40[0], _e36), select(_e38[1], _e40[1], _e36), select(_e38[2], _e40[2], _e36), select(_e38[3], _e40[3], _e36))) * mat4x4<f32>(select(_e61[0], _e64[0], _e58), select(_e61[1], _e64[1], _e58), select(_e61[2], _e64[2], _e58), select(_e61[3], _e64[3], _e58))) * vec4<f32>(_e79.x, _e79.y, 0f, 1f));
    let _e85 = gl_InstanceIndex_1;
    instance = _e85;
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
    let _e12 = instance;
    return VertexOutput(_e11, _e12);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> instance_1: i32;

fn main_1() {
    let _e7 = instance_1;
    frag = select(vec4<f32>(0f, 1f, 0f, 1f), vec4<f32>(1f, 0f, 0f, 1f), vec4((_e7 == 0i)));
    return;
}

@fragment 
fn main(@location(0) @interpolate(flat) instance: i32) -> @location(0) vec4<f32> {
    instance_1 = instance;
    main_1();
    let _e3 = frag;
    return _e3;
}
