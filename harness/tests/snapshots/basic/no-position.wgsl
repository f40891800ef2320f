// pass `draw`, vertex stage
struct VertexOutput {
    @location(0) member: vec4<f32>,
    @builtin(position) member_1: vec4<f32>,
}

var<private> v_color: vec4<f32>;
var<private> pos_1: vec2<f32>;
var<private> global: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);

fn main_1() {
    global = vec4<f32>(0f, 0f, 0f, -1f);
    let _e7 = pos_1;
    v_color = vec4<f32>(_e7.x, _e7.y, 1f, 1f);
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> VertexOutput {
    pos_1 = pos;
    main_1();
    let _e5 = global.y;
    global.y = -(_e5);
    let _e7 = v_color;
    let _e8 = global;
    return VertexOutput(_e7, _e8);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_color_1: vec4<f32>;

fn main_1() {
    let _e2 = v_color_1;
    frag = _e2;
    return;
}

@fragment 
fn main(@location(0) v_color: vec4<f32>) -> @location(0) vec4<f32> {
    v_color_1 = v_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
