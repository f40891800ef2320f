// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;

fn main_1() {
    let _e6 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e6.x, _e6.y, 0f, 1f);
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
struct Tint {
    scale: vec4<f32>,
}

struct Push {
    which: i32,
}

var<private> gl_FragCoord_1: vec4<f32>;
var<private> frag: vec4<f32>;
@group(1) @binding(20) 
var<uniform> pc: Push;
@group(0) @binding(1) 
var<uniform> tints_0_: Tint;
@group(0) @binding(4) 
var<uniform> tints_1_: Tint;
@group(0) @binding(0) 
var tex_0_: texture_2d<f32>;
@group(0) @binding(5) 
var tex_0_sampler: sampler;
@group(0) @binding(2) 
var tex_1_: texture_2d<f32>;
@group(0) @binding(6) 
var tex_1_sampler: sampler;
@group(0) @binding(3) 
var tex_2_: texture_2d<f32>;
@group(0) @binding(7) 
var tex_2_sampler: sampler;

fn main_1() {
    var column: i32;

    let _e22 = gl_FragCoord_1[0u];
    column = (i32(_e22) / 22i);
    let _e25 = column;
    let _e28 = textureSample(tex_0_, tex_0_sampler, vec2<f32>(0.5f, 0.5f));
    let _e29 = textureSample(tex_1_, tex_1_sampler, vec2<f32>(0.5f, 0.5f));
    let _e30 = textureSample(tex_2_, tex_2_sampler, vec2<f32>(0.5f, 0.5f));
    let _e34 = pc.which;
    let _e37 = tints_0_.scale;
    let _e39 = tints_1_.scale;
    frag = (select(select(_e28, _e29, (_e25 == 1i)), _e30, (_e25 == 2i)) * select(_e37, _e39, (_e34 == 1i)));
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
