// pass `draw`, vertex stage
enable clip_distances;

struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    @builtin(clip_distances) gl_ClipDistance: array<f32, 2>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @builtin(clip_distances) gl_ClipDistance: array<f32, 2>,
}

const N: i32 = 2i;

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 2>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;

fn main_1() {
    var i: i32;
    var local: f32;

    let _e13 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e13.x, _e13.y, 0f, 1f);
    i = 0i;
    loop {
        let _e18 = i;
        if (_e18 < N) {
            let _e20 = i;
            let _e21 = i;
            if (_e21 == 0i) {
                let _e24 = pos_1[0u];
                local = (_e24 + 0.5f);
            } else {
                let _e27 = pos_1[0u];
                local = (0.5f - _e27);
            }
            let _e29 = local;
            unnamed.gl_ClipDistance[_e20] = _e29;
            continue;
        } else {
            break;
        }
        continuing {
            let _e32 = i;
            i = (_e32 + 1i);
        }
    }
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> VertexOutput {
    pos_1 = pos;
    main_1();
    let _e6 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e6);
    let _e8 = unnamed.gl_Position;
    let _e9 = unnamed.gl_ClipDistance;
    return VertexOutput(_e8, _e9);
}
// pass `draw`, fragment stage
var<private> frag: vec4<f32>;

fn main_1() {
    frag = vec4<f32>(0.2f, 0.8f, 0.4f, 1f);
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
