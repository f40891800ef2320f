// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct Move {
    offset: vec2<f32>,
}

struct Tint {
    tint: vec4<f32>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) member: vec4<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
@group(0) @binding(0) 
var<uniform> mv: Move;
var<private> v_tint: vec4<f32>;
@group(1) @binding(0) 
var<storage> t: Tint;

fn main_1() {
    let _e9 = pos_1;
    let _e11 = mv.offset;
    let _e12 = (_e9 + _e11);
    unnamed.gl_Position = vec4<f32>(_e12.x, _e12.y, 0f, 1f);
    let _e18 = t.tint;
    v_tint = _e18;
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> VertexOutput {
    pos_1 = pos;
    main_1();
    let _e6 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e6);
    let _e8 = unnamed.gl_Position;
    let _e9 = v_tint;
    return VertexOutput(_e8, _e9);
}
// pass `draw`, fragment stage
@group(3) @binding(0) 
var tb: texture_2d<f32>;
@group(3) @binding(1) 
var sb: sampler;
var<private> frag: vec4<f32>;
var<private> v_tint_1: vec4<f32>;
@group(2) @binding(1) 
var ca: texture_2d<f32>;
@group(2) @binding(2) 
var ca_sampler: sampler;

fn main_1() {
    var a: vec4<f32>;
    var b: vec4<f32>;

    let _e14 = textureSample(ca, ca_sampler, vec2<f32>(0.5f, 0.5f));
    a = _e14;
    let _e15 = textureSample(tb, sb, vec2<f32>(0.5f, 0.5f));
    b = _e15;
    let _e17 = v_tint_1[0u];
    let _e19 = a[1u];
    let _e21 = b[2u];
    let _e23 = v_tint_1[3u];
    frag = vec4<f32>(_e17, _e19, _e21, _e23);
    return;
}

@fragment 
fn main(@location(0) @interpolate(flat) v_tint: vec4<f32>) -> @location(0) vec4<f32> {
    v_tint_1 = v_tint;
    main_1();
    let _e3 = frag;
    return _e3;
}
