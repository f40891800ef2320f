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
var<private> global: vec4<f32>;
var<private> global_1: vec4<f32>;
var<private> global_2: i32 = 5i;
var<private> global_3: i32 = 3i;
var<private> global_4: i32 = -1i;

fn function_() {
    var local: vec4<f32>;
    var local_1: mat2x2<f32>;
    var local_2: array<f32, 3>;

    let _e19 = global_4;
    let _e20 = global_3;
    let _e21 = global_2;
    local = vec4<f32>(0.25f, 0.5f, 0.75f, 1f);
    let _e22 = global;
    if (_e22.x < 0f) {
        local[_e21] = 0f;
        let _e28 = local_1[_e20][1i];
        local_2[_e19] = _e28;
        let _e30 = local;
        let _e44 = select(select(select(_e30[0i], _e30[1i], (1i == _e21)), _e30[2i], (2i == _e21)), _e30[3i], (3i == _e21));
        local = vec4<f32>(select(_e30[0u], _e44, (0u == 3u)), select(_e30[1u], _e44, (1u == 3u)), select(_e30[2u], _e44, (2u == 3u)), select(_e30[3u], _e44, (3u == 3u)));
    }
    let _e62 = local;
    global_1 = _e62;
    return;
}

@fragment 
fn main(@builtin(position) param: vec4<f32>) -> @location(0) vec4<f32> {
    global = param;
    function_();
    let _e3 = global_1;
    return _e3;
}
