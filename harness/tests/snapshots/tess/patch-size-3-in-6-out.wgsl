// pass `vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16_: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
    vulkan_base_vertex: i32,
    tess_mode: u32,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn main() {
    let _e6 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e6.x, _e6.y, 0f, 1f);
    return;
}

fn tesserae_vertex(pos: vec2<f32>) -> vec4<f32> {
    pos_1 = pos;
    main();
    let _e4 = unnamed.gl_Position;
    return _e4;
}

fn tesserae_raw_index(i: u32) -> u32 {
    let _e3 = tesserae_draw.index_u16_;
    if (_e3 != 0u) {
        let _e10 = tesserae_indices[(i / 2u)];
        return ((_e10 >> ((i & 1u) * 16u)) & 65535u);
    }
    let _e20 = tesserae_indices[i];
    return _e20;
}

fn tesserae_vertex_index(position: u32) -> u32 {
    let _e3 = tesserae_draw.first;
    let i_1 = (_e3 + position);
    let _e7 = tesserae_draw.indexed;
    if (_e7 == 0u) {
        return i_1;
    }
    let _e10 = tesserae_raw_index(i_1);
    let _e14 = tesserae_draw.base_vertex;
    return u32((i32(_e10) + _e14));
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_vertex_main(@builtin(global_invocation_id) tesserae_gid: vec3<u32>) {
    let _e5 = tesserae_draw.count;
    if (tesserae_gid.x >= _e5) {
        return;
    }
    let _e7 = tesserae_vertex_index(tesserae_gid.x);
    let _e10 = tesserae_draw.first_instance;
    let _e15 = (_e7 * 2u);
    let _e18 = tesserae_vb0_[_e15];
    let _e24 = tesserae_vb0_[(_e15 + 1u)];
    let _e30 = tesserae_vertex(vec4<f32>(bitcast<f32>(_e18), bitcast<f32>(_e24), 0f, 1f).xy);
    tesserae_records[(((tesserae_gid.y * _e5) + tesserae_gid.x) * 1u)] = _e30;
}
// pass `tessellation control`, tessellation control stage
struct gl_PerVertex {
    gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16_: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
    vulkan_base_vertex: i32,
    tess_mode: u32,
}

var<private> tesserae_io_10_g: i32;
var<private> tesserae_io_30_g: array<gl_PerVertex, 32>;
var<workgroup> tesserae_io_55_g: array<gl_PerVertex, 6>;
var<workgroup> tesserae_io_62_g: array<vec4<f32>, 6>;
var<private> tesserae_io_68_g: i32;
var<workgroup> tesserae_io_83_g: array<f32, 4>;
var<workgroup> tesserae_io_95_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn main() {
    var i: i32;
    var p: vec4<f32>;
    var local: vec4<f32>;

    let _e27 = tesserae_io_10_g;
    i = _e27;
    let _e28 = i;
    if (_e28 < 3i) {
        let _e30 = i;
        let _e33 = tesserae_io_30_g[_e30].gl_Position;
        local = _e33;
    } else {
        let _e34 = i;
        let _e38 = tesserae_io_30_g[(_e34 - 3i)].gl_Position;
        let _e39 = i;
        let _e40 = (_e39 - 2i);
        let _e43 = (_e40 - (3i * (_e40 / 3i)));
        let _e52 = tesserae_io_30_g[select(_e43, (_e43 + 3i), (((_e43 ^ 3i) < i32()) && (_e43 != i32())))].gl_Position;
        local = ((_e38 + _e52) * 0.5f);
    }
    let _e55 = local;
    p = _e55;
    let _e56 = tesserae_io_10_g;
    let _e57 = p;
    tesserae_io_55_g[_e56].gl_Position = _e57;
    let _e60 = tesserae_io_10_g;
    let _e61 = i;
    let _e64 = tesserae_io_68_g;
    tesserae_io_62_g[_e60] = vec4<f32>((f32(_e61) / 8f), (f32(_e64) / 8f), 0f, 1f);
    let _e69 = i;
    if (_e69 == 0i) {
        tesserae_io_83_g[0i] = 3f;
        tesserae_io_83_g[1i] = 4f;
        tesserae_io_83_g[2i] = 5f;
        tesserae_io_95_g[0i] = 4f;
    }
    return;
}

fn tesserae_control() {
    main();
}

@compute @workgroup_size(6, 1, 1) 
fn tesserae_control_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var j: u32;

    let _e6 = tesserae_draw.primitives;
    let _e8 = ((tesserae_wg.y * _e6) + tesserae_wg.x);
    tesserae_io_10_g = i32(tesserae_lid);
    tesserae_io_68_g = i32(3u);
    let _e16 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e22 = j;
        if (_e22 >= 3u) {
            break;
        }
        let _e30 = tesserae_src[((((tesserae_wg.y * _e16) + (tesserae_wg.x * 3u)) + _e22) * 1u)];
        tesserae_io_30_g[_e22].gl_Position = _e30;
        continuing {
            let _e34 = j;
            j = (_e34 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e41 = (((_e8 * 6u) + tesserae_lid) * 2u);
    let _e45 = tesserae_io_55_g[tesserae_lid].gl_Position;
    tesserae_cps[_e41] = _e45;
    let _e50 = tesserae_io_62_g[tesserae_lid];
    tesserae_cps[(_e41 + 1u)] = _e50;
    if (tesserae_lid == 0u) {
        let _e61 = tesserae_io_83_g[0];
        let _e64 = tesserae_io_83_g[1];
        let _e67 = tesserae_io_83_g[2];
        let _e70 = tesserae_io_83_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e61, _e64, _e67, _e70);
        let _e78 = tesserae_io_95_g[0];
        let _e81 = tesserae_io_95_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e78, _e81, 0f, 0f);
    }
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct gl_PerVertex_1 {
    gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_17 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: vec4<f32>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec4<f32>,
}

struct TesseraeEvalOut {
    @builtin(position) position: vec4<f32>,
    @location(0) v0_: vec4<f32>,
}

var<private> tesserae_io_11_g: vec3<f32>;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> tesserae_io_39_g: array<gl_PerVertex_1, 32>;
var<private> v_col: vec4<f32>;
var<private> tesserae_io_93_g: array<vec4<f32>, 32>;
var<private> tesserae_io_101_g: i32;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;

fn main() {
    var u: f32;
    var v: f32;
    var w: f32;

    let _e24 = tesserae_io_11_g[0u];
    u = _e24;
    let _e26 = tesserae_io_11_g[1u];
    v = _e26;
    let _e28 = tesserae_io_11_g[2u];
    w = _e28;
    let _e29 = u;
    let _e30 = u;
    let _e34 = tesserae_io_39_g[0i].gl_Position;
    let _e36 = v;
    let _e37 = v;
    let _e41 = tesserae_io_39_g[1i].gl_Position;
    let _e44 = w;
    let _e45 = w;
    let _e49 = tesserae_io_39_g[2i].gl_Position;
    let _e52 = u;
    let _e54 = v;
    let _e58 = tesserae_io_39_g[3i].gl_Position;
    let _e61 = v;
    let _e63 = w;
    let _e67 = tesserae_io_39_g[4i].gl_Position;
    let _e70 = w;
    let _e72 = u;
    let _e76 = tesserae_io_39_g[5i].gl_Position;
    unnamed.gl_Position = ((((((_e34 * (_e29 * _e30)) + (_e41 * (_e36 * _e37))) + (_e49 * (_e44 * _e45))) + (_e58 * ((2f * _e52) * _e54))) + (_e67 * ((2f * _e61) * _e63))) + (_e76 * ((2f * _e70) * _e72)));
    let _e82 = tesserae_io_93_g[5i][0u];
    let _e85 = tesserae_io_93_g[3i][0u];
    let _e88 = tesserae_io_93_g[1i][1u];
    let _e89 = tesserae_io_101_g;
    v_col = vec4<f32>(_e82, _e85, _e88, select(0.25f, 1f, (_e89 == 6i)));
    return;
}

fn tesserae_vertex() -> TesseraeVertexOut {
    main();
    let _e4 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e4);
    let _e6 = unnamed.gl_Position;
    let _e7 = v_col;
    return TesseraeVertexOut(_e6, _e7);
}

@vertex 
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_point: u32) -> TesseraeEvalOut {
    var j: u32;

    let _e3 = tesserae_domain[tesserae_point];
    tesserae_io_11_g = _e3.xyz;
    tesserae_io_101_g = i32(6u);
    j = 0u;
    loop {
        let _e14 = j;
        if (_e14 >= 6u) {
            break;
        }
        let _e19 = (((bitcast<u32>(_e3.w) * 6u) + _e14) * 2u);
        let _e22 = tesserae_cps[_e19];
        tesserae_io_39_g[_e14].gl_Position = _e22;
        let _e30 = tesserae_cps[(_e19 + 1u)];
        tesserae_io_93_g[_e14] = _e30;
        continuing {
            let _e33 = j;
            j = (_e33 + 1u);
        }
    }
    let _e36 = tesserae_vertex();
    return TesseraeEvalOut(_e36.out0_member, _e36.out1_member);
}
// pass `tessellation evaluation`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_col_1: vec4<f32>;

fn main_1() {
    let _e2 = v_col_1;
    frag = _e2;
    return;
}

@fragment 
fn main(@location(0) v_col: vec4<f32>) -> @location(0) vec4<f32> {
    v_col_1 = v_col;
    main_1();
    let _e3 = frag;
    return _e3;
}
