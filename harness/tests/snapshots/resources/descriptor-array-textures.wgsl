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
var<private> gl_FragCoord_1: vec4<f32>;
var<private> frag: vec4<f32>;
@group(0) @binding(1) 
var smp: sampler;
@group(0) @binding(0) 
var texs_0_: texture_2d<f32>;
@group(0) @binding(2) 
var texs_1_: texture_2d<f32>;
@group(0) @binding(3) 
var texs_2_: texture_2d<f32>;

fn main_1() {
    var uv: vec2<f32>;

    uv = vec2<f32>(0.5f, 0.5f);
    let _e17 = gl_FragCoord_1[1u];
    if (_e17 >= 32f) {
        let _e19 = uv;
        let _e20 = textureSample(texs_2_, smp, _e19);
        frag = _e20;
    } else {
        let _e22 = gl_FragCoord_1[0u];
        if (_e22 < 32f) {
            let _e24 = uv;
            let _e25 = textureSample(texs_0_, smp, _e24);
            frag = _e25;
        } else {
            let _e26 = uv;
            let _e27 = textureSample(texs_1_, smp, _e26);
            frag = _e27;
        }
    }
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
