// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct PushConsts {
    objPos: vec3<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
@group(0) @binding(20) 
var<uniform> pc: PushConsts;

fn main_1() {
    let _e7 = pos_1;
    let _e9 = pc.objPos;
    let _e11 = (_e7 + _e9.xy);
    unnamed.gl_Position = vec4<f32>(_e11.x, _e11.y, 0f, 1f);
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
struct PushConsts {
    member: u32,
    tesserae_pad_4_: f32,
    tesserae_pad_8_: f32,
    roughness: f32,
    metallic: f32,
}

var<private> frag: vec4<f32>;
@group(0) @binding(20) 
var<uniform> material: PushConsts;

fn main_1() {
    let _e8 = material.roughness;
    let _e10 = material.metallic;
    frag = vec4<f32>(_e8, _e10, 0.25f, 1f);
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
