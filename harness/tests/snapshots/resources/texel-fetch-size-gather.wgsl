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
@group(0) @binding(0) 
var tex: texture_2d<f32>;
@group(0) @binding(1) 
var smp: sampler;

fn main_1() {
    var p: vec2<i32>;
    var size: vec2<i32>;
    var reds: vec4<f32>;

    let _e21 = gl_FragCoord_1;
    p = vec2<i32>(_e21.xy);
    let _e25 = p[0u];
    if (_e25 < 32i) {
        let _e28 = p[0u];
        let _e32 = p[1u];
        let _e35 = textureLoad(tex, vec2<i32>((3i - (_e28 / 16i)), (_e32 / 32i)), 0i);
        frag = _e35;
    } else {
        let _e36 = textureDimensions(tex, 0i);
        size = vec2<i32>(_e36);
        let _e38 = textureGather(0, tex, smp, vec2<f32>(0.5f, 0.5f));
        reds = _e38;
        let _e40 = size[0u];
        let _e44 = size[1u];
        let _e48 = reds[0u];
        let _e50 = reds[1u];
        let _e53 = reds[2u];
        let _e56 = reds[3u];
        frag = vec4<f32>((f32(_e40) / 8f), (f32(_e44) / 4f), ((((_e48 + _e50) + _e53) + _e56) / 2f), 1f);
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
