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
@group(0) @binding(0) 
var tex: texture_2d<f32>;
@group(0) @binding(1) 
var s_repeat: sampler;
@group(0) @binding(2) 
var s_clamp: sampler;
@group(0) @binding(3) 
var s_mirror: sampler;
var<private> frag: vec4<f32>;
@group(0) @binding(5) 
var tex_copy_5_: texture_2d<f32>;
@group(0) @binding(4) 
var tex_copy_4_: texture_2d<f32>;

fn main_1() {
    var cell: vec2<i32>;
    var uv: vec2<f32>;
    var indexable: array<f32, 4>;
    var r: vec4<f32>;
    var c: vec4<f32>;
    var m: vec4<f32>;
    var local: vec4<f32>;

    let _e27 = gl_FragCoord_1;
    cell = (vec2<i32>(_e27.xy) / vec2(16i));
    let _e33 = cell[0u];
    indexable = array<f32, 4>(-0.125f, 1.125f, 1.375f, -0.625f);
    let _e35 = indexable[_e33];
    uv = vec2<f32>(_e35, 0.5f);
    let _e37 = uv;
    let _e38 = textureSample(tex, s_repeat, _e37);
    r = _e38;
    let _e39 = uv;
    let _e40 = textureSample(tex_copy_4_, s_clamp, _e39);
    c = _e40;
    let _e41 = uv;
    let _e42 = textureSample(tex_copy_5_, s_mirror, _e41);
    m = _e42;
    let _e44 = cell[1u];
    if (_e44 == 0i) {
        let _e46 = r;
        local = _e46;
    } else {
        let _e48 = cell[1u];
        let _e50 = c;
        let _e51 = m;
        local = select(_e51, _e50, vec4((_e48 == 1i)));
    }
    let _e54 = local;
    frag = _e54;
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
