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

fn main_1() {
    var r: f32;
    var g: f32;
    var b: f32;

    r = 0f;
    g = 0f;
    b = 0f;
    let _e13 = gl_FragCoord_1[0u];
    switch (i32(_e13) >> bitcast<u32>(4i)) {
        case 0: {
            r = 1f;
            g = 0.75f;
            break;
        }
        case 1: {
            g = 0.75f;
            break;
        }
        case 3: {
            let _e19 = r;
            r = (_e19 + 0.5f);
            break;
        }
        default: {
            b = 0.25f;
            let _e17 = r;
            r = (_e17 + 0.5f);
            break;
        }
    }
    let _e21 = r;
    let _e22 = g;
    let _e23 = b;
    frag = vec4<f32>(_e21, _e22, _e23, 1f);
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
