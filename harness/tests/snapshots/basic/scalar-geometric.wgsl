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
struct U {
    a: vec4<f32>,
    b: vec4<f32>,
}

@group(0) @binding(0) 
var<uniform> u: U;
var<private> frag: vec4<f32>;

fn main_1() {
    var red: f32;
    var green: f32;
    var blue: f32;
    var alpha: f32;

    let _e17 = u.a[0u];
    let _e20 = u.a[1u];
    red = -(reflect(vec2<f32>(_e17, f32()), vec2<f32>(_e20, f32())).x);
    let _e28 = u.a[2u];
    let _e31 = u.a[3u];
    let _e34 = u.b[0u];
    green = refract(vec2<f32>(_e28, f32()), vec2<f32>(_e31, f32()), _e34).x;
    let _e41 = u.a[2u];
    let _e44 = u.a[3u];
    let _e47 = u.b[1u];
    let _e55 = u.b[3u];
    let _e58 = u.b[0u];
    let _e67 = u.b[3u];
    blue = (((0.5f + refract(vec2<f32>(_e41, f32()), vec2<f32>(_e44, f32()), _e47).x) + faceForward(vec2<f32>(_e55, f32()), vec2<f32>(_e58, f32()), vec2<f32>(1f, f32())).x) + _e67);
    let _e71 = u.b[3u];
    let _e74 = u.b[0u];
    let _e77 = u.a[3u];
    let _e85 = u.b[2u];
    alpha = (faceForward(vec2<f32>(_e71, f32()), vec2<f32>(_e74, f32()), vec2<f32>(_e77, f32())).x * -(normalize(vec2<f32>(_e85, f32())).x));
    let _e91 = red;
    let _e92 = green;
    let _e93 = blue;
    let _e94 = alpha;
    frag = vec4<f32>(_e91, _e92, _e93, _e94);
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
