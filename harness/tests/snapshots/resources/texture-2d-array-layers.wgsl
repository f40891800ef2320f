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
var layers: texture_2d_array<f32>;
@group(0) @binding(1) 
var layers_sampler: sampler;

fn main_1() {
    var quadrant: vec2<i32>;
    var u: f32;

    let _e15 = gl_FragCoord_1;
    quadrant = (vec2<i32>(_e15.xy) / vec2(32i));
    let _e21 = gl_FragCoord_1[0u];
    u = select(0.75f, 0.25f, ((_e21 - (floor((_e21 / 32f)) * 32f)) < 16f));
    let _e28 = u;
    let _e30 = quadrant[0u];
    let _e32 = quadrant[1u];
    let _e36 = vec3<f32>(_e28, 0.5f, f32((_e30 + (2i * _e32))));
    let _e42 = textureSample(layers, layers_sampler, vec2<f32>(_e36.x, _e36.y), i32(_e36.z));
    frag = _e42;
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
