// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: vec2<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> v_uv: vec2<f32>;

fn main_1() {
    let _e8 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e8.x, _e8.y, 0f, 1f);
    let _e13 = pos_1;
    v_uv = ((_e13 * 0.5f) + vec2(0.5f));
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> VertexOutput {
    pos_1 = pos;
    main_1();
    let _e6 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e6);
    let _e8 = unnamed.gl_Position;
    let _e9 = v_uv;
    return VertexOutput(_e8, _e9);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_uv_1: vec2<f32>;
@group(0) @binding(0) 
var tex: texture_2d<f32>;
@group(0) @binding(1) 
var tex_sampler: sampler;

fn main_1() {
    let _e4 = v_uv_1;
    let _e5 = textureSample(tex, tex_sampler, _e4);
    frag = _e5;
    return;
}

@fragment 
fn main(@location(0) v_uv: vec2<f32>) -> @location(0) vec4<f32> {
    v_uv_1 = v_uv;
    main_1();
    let _e3 = frag;
    return _e3;
}
