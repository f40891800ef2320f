// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_11 {
    member: vec4<u32>,
    member_1: vec4<u32>,
    member_2: vec4<u32>,
    member_3: i32,
    member_4: i32,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) member: vec4<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> colour: vec4<f32>;
@group(0) @binding(21) 
var<uniform> tesserae_draw_parameters: type_11;
var<private> gl_BaseVertex: i32;
var<private> gl_BaseInstance: i32;
var<private> gl_DrawID: i32;

fn main_1() {
    let _e16 = tesserae_draw_parameters.member_4;
    gl_BaseVertex = _e16;
    let _e18 = tesserae_draw_parameters.member_3;
    gl_BaseInstance = _e18;
    gl_DrawID = 0i;
    let _e19 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e19.x, _e19.y, 0f, 1f);
    let _e24 = gl_BaseVertex;
    let _e27 = gl_BaseInstance;
    let _e30 = gl_DrawID;
    colour = vec4<f32>((f32(_e24) / 16f), (f32(_e27) / 8f), f32(_e30), 1f);
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
var<private> frag: vec4<f32>;
var<private> colour_1: vec4<f32>;

fn main_1() {
    let _e2 = colour_1;
    frag = _e2;
    return;
}

@fragment 
fn main(@location(0) @interpolate(flat) colour: vec4<f32>) -> @location(0) vec4<f32> {
    colour_1 = colour;
    main_1();
    let _e3 = frag;
    return _e3;
}
