// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct Offsets {
    offset: vec4<f32>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: f32,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> depth: f32;
@group(0) @binding(0) 
var<uniform> ubos_0_: Offsets;
@group(0) @binding(1) 
var<uniform> ubos_1_: Offsets;

fn main_1() {
    let _e11 = pos_1;
    let _e16 = ubos_1_.offset;
    unnamed.gl_Position = (vec4<f32>(_e11.x, _e11.y, 0f, 1f) + _e16);
    let _e21 = unnamed.gl_Position[2u];
    depth = _e21;
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> VertexOutput {
    pos_1 = pos;
    main_1();
    let _e6 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e6);
    let _e8 = unnamed.gl_Position;
    let _e9 = depth;
    return VertexOutput(_e8, _e9);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> depth_1: f32;
@group(1) @binding(0) 
var tex_0_: texture_2d<f32>;
@group(1) @binding(2) 
var tex_0_sampler: sampler;
@group(1) @binding(1) 
var tex_1_: texture_2d<f32>;
@group(1) @binding(3) 
var tex_1_sampler: sampler;

fn main_1() {
    let _e12 = textureSample(tex_0_, tex_0_sampler, vec2<f32>(0.5f, 0.5f));
    let _e13 = textureSample(tex_1_, tex_1_sampler, vec2<f32>(0.5f, 0.5f));
    let _e15 = depth_1;
    frag = ((_e12 + _e13) + vec4<f32>(0f, 0f, _e15, 0f));
    return;
}

@fragment 
fn main(@location(0) depth: f32) -> @location(0) vec4<f32> {
    depth_1 = depth;
    main_1();
    let _e3 = frag;
    return _e3;
}
