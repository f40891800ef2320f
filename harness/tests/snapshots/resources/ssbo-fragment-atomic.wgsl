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
struct Counters {
    step: u32,
    total: u32,
    counts: array<u32, 4096>,
}

struct Counters_1 {
    step: u32,
    total: atomic<u32>,
    counts: array<atomic<u32>, 4096>,
}

var<private> gl_FragCoord_1: vec4<f32>;
@group(0) @binding(0) 
var<storage, read_write> c: Counters_1;
var<private> frag: vec4<f32>;

fn main_1() {
    var p: vec2<i32>;
    var old: u32;

    let _e16 = gl_FragCoord_1;
    p = vec2<i32>(_e16.xy);
    let _e20 = p[1u];
    let _e23 = p[0u];
    let _e28 = c.step;
    let _e29 = atomicAdd((&c.counts[((_e20 * 64i) + _e23)]), _e28);
    old = _e29;
    let _e31 = atomicAdd((&c.total), 1u);
    let _e32 = old;
    let _e34 = c.step;
    let _e38 = old;
    let _e42 = p[0u];
    frag = vec4<f32>((f32((_e32 + _e34)) / 255f), (f32(_e38) / 255f), (f32((_e42 / 16i)) * 0.2f), 1f);
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
