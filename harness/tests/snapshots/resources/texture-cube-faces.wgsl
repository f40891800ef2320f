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
var cube: texture_cube<f32>;
@group(0) @binding(1) 
var smp: sampler;

fn main_1() {
    var col: i32;
    var row: i32;
    var indexable: array<vec3<f32>, 6>;

    let _e27 = gl_FragCoord_1[0u];
    col = (i32(_e27) / 16i);
    let _e31 = gl_FragCoord_1[1u];
    row = (i32(_e31) / 32i);
    let _e34 = col;
    let _e35 = row;
    let _e37 = (_e34 + (4i * _e35));
    let _e40 = (_e37 - (6i * (_e37 / 6i)));
    indexable = array<vec3<f32>, 6>(vec3<f32>(1f, 0.2f, 0.1f), vec3<f32>(-1f, 0.1f, 0.2f), vec3<f32>(0.2f, 1f, 0.1f), vec3<f32>(0.1f, -1f, 0.2f), vec3<f32>(0.2f, 0.1f, 1f), vec3<f32>(0.1f, 0.2f, -1f));
    let _e48 = indexable[select(_e40, (_e40 + 6i), (((_e40 ^ 6i) < i32()) && (_e40 != i32())))];
    let _e49 = textureSample(cube, smp, _e48);
    frag = _e49;
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
