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
struct PC {
    a: vec4<f32>,
    b: vec4<f32>,
    split: vec2<f32>,
}

var<private> frag: vec4<f32>;
var<private> gl_FragCoord_1: vec4<f32>;
@group(0) @binding(20) 
var<uniform> pc: PC;

fn main_1() {
    var local: vec4<f32>;
    var phi_36_: bool;

    let _e10 = gl_FragCoord_1[0u];
    let _e13 = pc.split[0u];
    let _e14 = (_e10 < _e13);
    phi_36_ = _e14;
    if _e14 {
        let _e16 = gl_FragCoord_1[1u];
        let _e19 = pc.split[1u];
        phi_36_ = (_e16 < _e19);
    }
    let _e22 = phi_36_;
    if _e22 {
        let _e24 = pc.a;
        local = _e24;
    } else {
        let _e26 = pc.b;
        local = _e26;
    }
    let _e27 = local;
    frag = _e27;
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
