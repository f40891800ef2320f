// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;

fn main_1() {
    let _e6 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e6.x, _e6.y, 0f, 1f);
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> @builtin(position) vec4<f32> {
    pos_1 = pos;
    main_1();
    let _e5 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e5);
    let _e7 = unnamed.gl_Position;
    return _e7;
}
// pass `draw`, fragment stage
struct type_5 {
    member: vec2<f32>,
}

var<private> global: vec4<f32>;

fn function_() {
    var local: type_5;

    local = type_5(vec2<f32>(0.25f, 0.5f));
    loop {
        let _e13 = local.member[1i];
        local.member[1i] = (_e13 + 0.25f);
        continue;
        continuing {
            break if !(false);
        }
    }
    let _e18 = local.member[1i];
    let _e21 = local.member[0i];
    global = vec4<f32>(_e21, _e18, 0f, 1f);
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    function_();
    let _e1 = global;
    return _e1;
}
