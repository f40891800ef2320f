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
var<private> gl_FragCoord_1: vec4<f32>;
var<private> frag: vec4<f32>;

fn stop_below_u0028_f1_u003b(y: ptr<function, f32>) {
    let _e16 = gl_FragCoord_1[1u];
    let _e17 = (*y);
    if (_e16 > _e17) {
        discard;
    }
    return;
}

fn main_1() {
    var param: f32;
    var s: f32;
    var i: i32;
    var phi_59_: bool;

    let _e18 = gl_FragCoord_1[0u];
    if (_e18 < 16f) {
        discard;
    }
    param = 48f;
    stop_below_u0028_f1_u003b((&param));
    s = 0f;
    i = 0i;
    loop {
        let _e20 = i;
        if (_e20 < 4i) {
            let _e22 = i;
            let _e23 = (_e22 == 2i);
            phi_59_ = _e23;
            if _e23 {
                let _e25 = gl_FragCoord_1[0u];
                phi_59_ = (_e25 > 48f);
            }
            let _e28 = phi_59_;
            if _e28 {
                discard;
            }
            let _e29 = s;
            s = (_e29 + 0.25f);
            continue;
        } else {
            break;
        }
        continuing {
            let _e31 = i;
            i = (_e31 + 1i);
        }
    }
    let _e33 = s;
    frag = vec4<f32>(0f, _e33, 0.5f, 1f);
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
