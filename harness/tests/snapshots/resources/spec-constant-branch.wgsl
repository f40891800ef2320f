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
const USE_GREEN: bool = true;
const BLUE_MODE: i32 = -3i;
const ALPHA_STEPS: u32 = 3u;

var<private> frag: vec4<f32>;

fn main_1() {
    var c: vec4<f32>;
    var i: u32;

    c = vec4<f32>(0f, 0f, 0f, 0f);
    if USE_GREEN {
        c[1u] = 0.8f;
    } else {
        c[0u] = 0.8f;
    }
    if true {
        c[2u] = 1f;
    } else {
        if false {
            c[2u] = 0.6f;
        } else {
            c[2u] = 0.2f;
        }
    }
    i = 0u;
    loop {
        let _e27 = i;
        if (_e27 < ALPHA_STEPS) {
            let _e30 = c[3u];
            c[3u] = (_e30 + 0.25f);
            continue;
        } else {
            break;
        }
        continuing {
            let _e33 = i;
            i = (_e33 + bitcast<u32>(1i));
        }
    }
    let _e36 = c;
    frag = _e36;
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
