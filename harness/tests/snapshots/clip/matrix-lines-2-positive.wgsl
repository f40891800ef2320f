// pass `draw`, vertex stage
enable clip_distances;

struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    @builtin(clip_distances) gl_ClipDistance: array<f32, 2>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @builtin(clip_distances) gl_ClipDistance: array<f32, 2>,
    @location(0) member: vec3<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 2>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> v_color: vec3<f32>;
var<private> color_1: vec3<f32>;

fn main_1() {
    var i: i32;
    var a: f32;

    let _e17 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e17.x, _e17.y, 0f, 1f);
    let _e22 = color_1;
    v_color = _e22;
    i = 0i;
    loop {
        let _e23 = i;
        if (_e23 < 2i) {
            let _e25 = i;
            a = (0.7f + (2.399f * f32(_e25)));
            let _e29 = i;
            let _e30 = i;
            unnamed.gl_ClipDistance[_e29] = (0.25f + (0.125f * f32(_e30)));
            continue;
        } else {
            break;
        }
        continuing {
            let _e36 = i;
            i = (_e36 + 1i);
        }
    }
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>, @location(1) color: vec3<f32>) -> VertexOutput {
    pos_1 = pos;
    color_1 = color;
    main_1();
    let _e9 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e9);
    let _e11 = unnamed.gl_Position;
    let _e12 = unnamed.gl_ClipDistance;
    let _e13 = v_color;
    return VertexOutput(_e11, _e12, _e13);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_color_1: vec3<f32>;

fn main_1() {
    let _e3 = v_color_1;
    frag = vec4<f32>(_e3.x, _e3.y, _e3.z, 1f);
    return;
}

@fragment 
fn main(@location(0) v_color: vec3<f32>) -> @location(0) vec4<f32> {
    v_color_1 = v_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
