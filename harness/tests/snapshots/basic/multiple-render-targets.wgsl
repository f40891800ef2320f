// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) member: vec3<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> colour: vec3<f32>;

fn main_1() {
    let _e11 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e11.x, _e11.y, 0f, 1f);
    colour = vec3<f32>(0.25f, 0.5f, 0.75f);
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> VertexOutput {
    pos_1 = pos;
    main_1();
    let _e6 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e6);
    let _e8 = unnamed.gl_Position;
    let _e9 = colour;
    return VertexOutput(_e8, _e9);
}
// pass `draw`, fragment stage
struct FragmentOutput {
    @location(0) member: vec4<f32>,
    @location(1) member_1: vec4<f32>,
    @location(2) member_2: vec4<f32>,
}

var<private> albedo: vec4<f32>;
var<private> colour_1: vec3<f32>;
var<private> normal: vec4<f32>;
var<private> material: vec4<f32>;
var<private> gl_FragCoord_1: vec4<f32>;

fn main_1() {
    let _e12 = colour_1;
    albedo = vec4<f32>(_e12.x, _e12.y, _e12.z, 1f);
    normal = vec4<f32>(0.5f, 0.25f, 1f, 1f);
    let _e18 = gl_FragCoord_1[0u];
    material = vec4<f32>((_e18 / 64f), 0f, 0.5f, 0.5f);
    return;
}

@fragment 
fn main(@location(0) colour: vec3<f32>, @builtin(position) gl_FragCoord: vec4<f32>) -> FragmentOutput {
    colour_1 = colour;
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e7 = albedo;
    let _e8 = normal;
    let _e9 = material;
    return FragmentOutput(_e7, _e8, _e9);
}
