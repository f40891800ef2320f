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
struct type_12 {
    member: vec2<f32>,
    member_1: u32,
    member_2: u32,
}

struct Matrices {
    pre: f32,
    m: mat3x3<f32>,
    n: array<type_12, 4>,
    post: vec4<f32>,
}

var<private> gl_FragCoord_1: vec4<f32>;
var<private> frag: vec4<f32>;
@group(0) @binding(0) 
var<uniform> u: Matrices;

fn main_1() {
    var col: i32;

    let _e21 = gl_FragCoord_1[0u];
    col = (i32(_e21) / 16i);
    let _e24 = col;
    if (_e24 == 0i) {
        let _e27 = u.m;
        let _e28 = (_e27 * vec3<f32>(1f, 0.5f, 0.25f));
        let _e30 = u.pre;
        frag = vec4<f32>(_e28.x, _e28.y, _e28.z, (2f * _e30));
    } else {
        let _e36 = col;
        if (_e36 == 1i) {
            let _e41 = u.n[0u].member;
            let _e44 = u.n[1u].member;
            let _e47 = u.n[2u].member;
            let _e50 = u.n[3u].member;
            let _e52 = (mat4x2<f32>(_e41, _e44, _e47, _e50) * vec4<f32>(1f, 0.5f, 0.5f, 0.25f));
            let _e54 = u.post;
            let _e55 = _e54.zw;
            frag = vec4<f32>(_e52.x, _e52.y, _e55.x, _e55.y);
        } else {
            let _e61 = col;
            if (_e61 == 2i) {
                let _e65 = u.m[1];
                let _e67 = u.pre;
                frag = vec4<f32>(_e65.x, _e65.y, _e65.z, _e67);
            } else {
                let _e75 = u.n[3i].member;
                let _e79 = u.n[1i].member;
                frag = vec4<f32>(_e75.x, _e75.y, _e79.x, _e79.y);
            }
        }
    }
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
