// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) member: u32,
    @location(1) @interpolate(flat) member_1: vec2<i32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> v_id: u32;
var<private> id_1: u32;
var<private> v_pair: vec2<i32>;

fn main_1() {
    let _e11 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e11.x, _e11.y, 0f, 1f);
    let _e16 = id_1;
    v_id = _e16;
    let _e17 = id_1;
    let _e21 = id_1;
    v_pair = vec2<i32>(((bitcast<i32>(_e17) * 3i) - 4i), -(bitcast<i32>(_e21)));
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>, @location(1) id: u32) -> VertexOutput {
    pos_1 = pos;
    id_1 = id;
    main_1();
    let _e9 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e9);
    let _e11 = unnamed.gl_Position;
    let _e12 = v_id;
    let _e13 = v_pair;
    return VertexOutput(_e11, _e12, _e13);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_id_1: u32;
var<private> v_pair_1: vec2<i32>;

fn main_1() {
    let _e9 = v_id_1;
    let _e13 = v_pair_1[0u];
    let _e18 = v_pair_1[1u];
    frag = vec4<f32>((f32(_e9) / 8f), (f32((_e13 + 8i)) / 32f), (f32(-(_e18)) / 8f), 1f);
    return;
}

@fragment 
fn main(@location(0) @interpolate(flat) v_id: u32, @location(1) @interpolate(flat) v_pair: vec2<i32>) -> @location(0) vec4<f32> {
    v_id_1 = v_id;
    v_pair_1 = v_pair;
    main_1();
    let _e5 = frag;
    return _e5;
}
