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
struct type_19 {
    member: f32,
    member_1: u32,
    member_2: u32,
    member_3: u32,
}

struct type_22 {
    member: vec2<f32>,
    member_1: u32,
    member_2: u32,
}

struct U {
    grid: array<array<type_19, 3>, 2>,
    m: array<array<type_22, 2>, 2>,
    r: array<array<type_22, 3>, 2>,
}

var<private> gl_FragCoord_1: vec4<f32>;
@group(0) @binding(0) 
var<uniform> u: U;
var<private> frag: vec4<f32>;

fn main_1() {
    var i: i32;
    var g: array<f32, 3>;
    var mm: mat2x2<f32>;
    var rr: mat2x3<f32>;
    var all_: array<array<f32, 3>, 2>;

    let _e17 = gl_FragCoord_1[0u];
    i = (i32(_e17) / 32i);
    let _e20 = i;
    let _e25 = u.grid[_e20][0u].member;
    let _e28 = u.grid[_e20][1u].member;
    let _e31 = u.grid[_e20][2u].member;
    let _e32 = array<f32, 3>(_e25, _e28, _e31);
    g[0i] = _e32[0];
    g[1i] = _e32[1];
    g[2i] = _e32[2];
    let _e39 = i;
    let _e44 = u.m[_e39][0u].member;
    let _e47 = u.m[_e39][1u].member;
    mm = mat2x2<f32>(_e44, _e47);
    let _e49 = i;
    let _e54 = u.r[_e49][0u].member;
    let _e57 = u.r[_e49][1u].member;
    let _e60 = u.r[_e49][2u].member;
    rr = transpose(mat3x2<f32>(_e54, _e57, _e60));
    let _e67 = u.grid[0u][0u].member;
    let _e71 = u.grid[0u][1u].member;
    let _e75 = u.grid[0u][2u].member;
    let _e80 = u.grid[1u][0u].member;
    let _e84 = u.grid[1u][1u].member;
    let _e88 = u.grid[1u][2u].member;
    let _e90 = array<array<f32, 3>, 2>(array<f32, 3>(_e67, _e71, _e75), array<f32, 3>(_e80, _e84, _e88));
    all_[0i][0i] = _e90[0][0];
    all_[0i][1i] = _e90[0][1];
    all_[0i][2i] = _e90[0][2];
    all_[1i][0i] = _e90[1][0];
    all_[1i][1i] = _e90[1][1];
    all_[1i][2i] = _e90[1][2];
    let _e108 = g[0i];
    let _e110 = g[2i];
    let _e113 = g[1i];
    let _e116 = mm[1][0u];
    let _e119 = rr[1][2u];
    let _e121 = i;
    let _e125 = all_[(1i - _e121)][1i];
    frag = vec4<f32>((_e108 + _e110), _e113, (_e116 + _e119), _e125);
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
