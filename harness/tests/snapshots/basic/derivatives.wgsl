// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: vec2<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> uw: vec2<f32>;

fn main_1() {
    let _e8 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e8.x, _e8.y, 0f, 1f);
    let _e13 = pos_1;
    uw = (_e13 * 32f);
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> VertexOutput {
    pos_1 = pos;
    main_1();
    let _e6 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e6);
    let _e8 = unnamed.gl_Position;
    let _e9 = uw;
    return VertexOutput(_e8, _e9);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> uw_1: vec2<f32>;

fn main_1() {
    let _e9 = uw_1[0u];
    let _e10 = dpdx(_e9);
    let _e13 = uw_1[0u];
    let _e15 = uw_1[1u];
    let _e17 = fwidth((_e13 + _e15));
    let _e20 = uw_1[1u];
    let _e21 = dpdy(_e20);
    let _e25 = uw_1[0u];
    let _e26 = dpdy(_e25);
    frag = vec4<f32>((_e10 / 2f), (_e17 / 8f), (((_e21 / 2f) + 0.25f) + _e26), 1f);
    return;
}

@fragment 
fn main(@location(0) uw: vec2<f32>) -> @location(0) vec4<f32> {
    uw_1 = uw;
    main_1();
    let _e3 = frag;
    return _e3;
}
