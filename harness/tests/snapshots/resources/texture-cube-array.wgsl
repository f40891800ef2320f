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
var cubes: texture_cube_array<f32>;
@group(0) @binding(1) 
var cubes_sampler: sampler;

fn main_1() {
    var right: bool;
    var lower: bool;
    var dir: vec4<f32>;

    let _e18 = gl_FragCoord_1[0u];
    right = (_e18 > 32f);
    let _e21 = gl_FragCoord_1[1u];
    lower = (_e21 > 32f);
    let _e23 = lower;
    let _e25 = right;
    if (!(_e23) && !(_e25)) {
        dir = vec4<f32>(1f, 0f, 0f, 0f);
    } else {
        let _e28 = lower;
        let _e30 = right;
        if (!(_e28) && _e30) {
            dir = vec4<f32>(0f, -1f, 0f, 0f);
        } else {
            let _e32 = lower;
            let _e33 = right;
            if (_e32 && !(_e33)) {
                dir = vec4<f32>(0f, 0f, 1f, 1f);
            } else {
                dir = vec4<f32>(-1f, 0f, 0f, 1f);
            }
        }
    }
    let _e36 = dir;
    let _e43 = textureSample(cubes, cubes_sampler, vec3<f32>(_e36.x, _e36.y, _e36.z), i32(_e36.w));
    frag = _e43;
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
