// pass `draw`, vertex stage
enable clip_distances;

struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    @builtin(clip_distances) gl_ClipDistance: array<f32, 6>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @builtin(clip_distances) gl_ClipDistance: array<f32, 6>,
    @location(0) member: vec3<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 6>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> v_color: vec3<f32>;
var<private> color_1: vec3<f32>;

fn main_1() {
    let _e38 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e38.x, _e38.y, 0f, 1f);
    let _e43 = color_1;
    v_color = _e43;
    let _e44 = pos_1;
    unnamed.gl_ClipDistance[0i] = (0.6f - dot(_e44, vec2<f32>(0.95534f, 0.29552f)));
    let _e49 = pos_1;
    unnamed.gl_ClipDistance[1i] = (0.63f - dot(_e49, vec2<f32>(0.22174f, 0.97511f)));
    let _e54 = pos_1;
    unnamed.gl_ClipDistance[2i] = (0.66f - dot(_e54, vec2<f32>(-0.7336f, 0.67959f)));
    let _e59 = pos_1;
    unnamed.gl_ClipDistance[3i] = (0.69f - dot(_e59, vec2<f32>(-0.95534f, -0.29552f)));
    let _e64 = pos_1;
    unnamed.gl_ClipDistance[4i] = (0.72f - dot(_e64, vec2<f32>(-0.22174f, -0.97511f)));
    let _e69 = pos_1;
    unnamed.gl_ClipDistance[5i] = (0.75f - dot(_e69, vec2<f32>(0.7336f, -0.67959f)));
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
