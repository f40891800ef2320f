// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) member: f32,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> draw: f32;
var<private> which_1: f32;

fn main_1() {
    let _e8 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e8.x, _e8.y, 0f, 1f);
    let _e13 = which_1;
    draw = _e13;
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>, @location(1) which: f32) -> VertexOutput {
    pos_1 = pos;
    which_1 = which;
    main_1();
    let _e8 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e8);
    let _e10 = unnamed.gl_Position;
    let _e11 = draw;
    return VertexOutput(_e10, _e11);
}
// pass `draw`, fragment stage
struct FragmentOutput {
    @location(0) member: vec4<f32>,
    @builtin(sample_mask) member_1: u32,
}

var<private> draw_1: f32;
var<private> frag: vec4<f32>;
var<private> gl_SampleMask: u32 = 4294967295u;

fn main_1() {
    let _e11 = draw_1;
    if (_e11 == 0f) {
        frag = vec4<f32>(1f, 0f, 0f, 1f);
        gl_SampleMask = bitcast<u32>(15i);
    } else {
        frag = vec4<f32>(0f, 1f, 0f, 1f);
        gl_SampleMask = bitcast<u32>(7i);
    }
    return;
}

@fragment 
fn main(@location(0) @interpolate(flat) draw: f32) -> FragmentOutput {
    draw_1 = draw;
    main_1();
    let _e4 = frag;
    let _e5 = gl_SampleMask;
    return FragmentOutput(_e4, _e5);
}
