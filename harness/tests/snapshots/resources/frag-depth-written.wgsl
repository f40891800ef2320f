// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) member: vec4<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec3<f32>;
var<private> v_color: vec4<f32>;
var<private> color_1: vec4<f32>;

fn main_1() {
    let _e7 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e7.x, _e7.y, _e7.z, 1f);
    let _e13 = color_1;
    v_color = _e13;
    return;
}

@vertex 
fn main(@location(0) pos: vec3<f32>, @location(1) color: vec4<f32>) -> VertexOutput {
    pos_1 = pos;
    color_1 = color;
    main_1();
    let _e8 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e8);
    let _e10 = unnamed.gl_Position;
    let _e11 = v_color;
    return VertexOutput(_e10, _e11);
}
// pass `draw`, fragment stage
struct FragmentOutput {
    @location(0) member: vec4<f32>,
    @builtin(frag_depth) member_1: f32,
}

var<private> frag: vec4<f32>;
var<private> v_color_1: vec4<f32>;
var<private> gl_FragDepth: f32 = 0f;
var<private> gl_FragCoord_1: vec4<f32>;

fn main_1() {
    var local: f32;

    let _e13 = v_color_1;
    let _e14 = _e13.xyz;
    frag = vec4<f32>(_e14.x, _e14.y, _e14.z, 1f);
    let _e20 = v_color_1[3u];
    if (_e20 > 0.5f) {
        let _e23 = gl_FragCoord_1[0u];
        local = select(0.7f, 0.3f, (_e23 < 32f));
    } else {
        let _e27 = gl_FragCoord_1[2u];
        local = _e27;
    }
    let _e28 = local;
    gl_FragDepth = _e28;
    return;
}

@fragment 
fn main(@location(0) @interpolate(flat) v_color: vec4<f32>, @builtin(position) gl_FragCoord: vec4<f32>) -> FragmentOutput {
    v_color_1 = v_color;
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e6 = frag;
    let _e7 = gl_FragDepth;
    return FragmentOutput(_e6, _e7);
}
