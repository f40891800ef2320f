// pass `draw`, vertex stage
enable clip_distances;

struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    @builtin(clip_distances) gl_ClipDistance: array<f32, 7>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @builtin(clip_distances) gl_ClipDistance: array<f32, 7>,
    @location(0) member: vec3<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 7>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> v_color: vec3<f32>;
var<private> color_1: vec3<f32>;

fn main_1() {
    let _e43 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e43.x, _e43.y, 0f, 1f);
    let _e48 = color_1;
    v_color = _e48;
    let _e49 = pos_1;
    unnamed.gl_ClipDistance[0i] = (0.6f - dot(_e49, vec2<f32>(0.95534f, 0.29552f)));
    let _e54 = pos_1;
    unnamed.gl_ClipDistance[1i] = (0.63f - dot(_e54, vec2<f32>(0.3646f, 0.93117f)));
    let _e59 = pos_1;
    unnamed.gl_ClipDistance[2i] = (0.66f - dot(_e59, vec2<f32>(-0.50069f, 0.86562f)));
    let _e64 = pos_1;
    unnamed.gl_ClipDistance[3i] = (0.69f - dot(_e64, vec2<f32>(-0.98895f, 0.14825f)));
    let _e69 = pos_1;
    unnamed.gl_ClipDistance[4i] = (0.72f - dot(_e69, vec2<f32>(-0.73251f, -0.68076f)));
    let _e74 = pos_1;
    unnamed.gl_ClipDistance[5i] = (0.75f - dot(_e74, vec2<f32>(0.07553f, -0.99714f)));
    let _e79 = pos_1;
    unnamed.gl_ClipDistance[6i] = (0.78f - dot(_e79, vec2<f32>(0.82669f, -0.56266f)));
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
