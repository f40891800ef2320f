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

var<workgroup> tesserae_io_15_g: array<gl_PerVertex, 3>;
var<private> tesserae_io_18_g: i32;
var<private> tesserae_io_25_g: array<gl_PerVertex, 32>;
var<workgroup> tesserae_io_40_g: array<f32, 4>;
var<workgroup> tesserae_io_53_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn main() {
    let _e17 = tesserae_io_18_g;
    let _e18 = tesserae_io_18_g;
    let _e21 = tesserae_io_25_g[_e18].gl_Position;
    tesserae_io_15_g[_e17].gl_Position = _e21;
    let _e24 = tesserae_io_18_g;
    if (_e24 == 0i) {
        tesserae_io_40_g[0i] = 2f;
        tesserae_io_40_g[1i] = 3.1f;
        tesserae_io_40_g[2i] = 1f;
        tesserae_io_53_g[0i] = 3.4f;
    }
    return;
}

fn tesserae_control() {
    main();
}

@compute @workgroup_size(3, 1, 1) 
fn tesserae_control_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var j: u32;

    let _e6 = tesserae_draw.primitives;
    let _e8 = ((tesserae_wg.y * _e6) + tesserae_wg.x);
    tesserae_io_18_g = i32(tesserae_lid);
    let _e14 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e20 = j;
        if (_e20 >= 3u) {
            break;
        }
        let _e28 = tesserae_src[((((tesserae_wg.y * _e14) + (tesserae_wg.x * 3u)) + _e20) * 1u)];
        tesserae_io_25_g[_e20].gl_Position = _e28;
        continuing {
            let _e32 = j;
            j = (_e32 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e43 = tesserae_io_15_g[tesserae_lid].gl_Position;
    tesserae_cps[(((_e8 * 3u) + tesserae_lid) * 1u)] = _e43;
    if (tesserae_lid == 0u) {
        let _e52 = tesserae_io_40_g[0];
        let _e55 = tesserae_io_40_g[1];
        let _e58 = tesserae_io_40_g[2];
        let _e61 = tesserae_io_40_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e52, _e55, _e58, _e61);
        let _e69 = tesserae_io_53_g[0];
        let _e72 = tesserae_io_53_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e69, _e72, 0f, 0f);
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

struct type_14 {
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

var<private> tesserae_io_25_g: vec3<f32>;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> tesserae_io_43_g: array<gl_PerVertex_1, 32>;
var<private> v_col: vec4<f32>;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;

fn tent_u0028_f1_u003b(x: ptr<function, f32>) -> f32 {
    let _e18 = (*x);
    let _e19 = (*x);
    return (2f * abs((_e18 - round(_e19))));
}

fn main() {
    var t: vec3<f32>;
    var m: f32;
    var g: f32;
    var param: f32;
    var param_1: f32;
    var param_2: f32;
    var param_3: f32;
    var param_4: f32;
    var param_5: f32;
    var param_6: f32;

    let _e27 = tesserae_io_25_g;
    t = _e27;
    let _e29 = t[0u];
    let _e32 = tesserae_io_43_g[0i].gl_Position;
    let _e35 = t[1u];
    let _e38 = tesserae_io_43_g[1i].gl_Position;
    let _e42 = t[2u];
    let _e45 = tesserae_io_43_g[2i].gl_Position;
    unnamed.gl_Position = (((_e32 * _e29) + (_e38 * _e35)) + (_e45 * _e42));
    let _e50 = t[0u];
    let _e52 = t[1u];
    let _e54 = t[2u];
    m = min(_e50, min(_e52, _e54));
    let _e57 = m;
    param = (6f * _e57);
    let _e59 = tent_u0028_f1_u003b((&param));
    g = _e59;
    let _e60 = m;
    if (_e60 > 0.00001f) {
        let _e63 = t[0u];
        let _e64 = m;
        param_1 = (4f * (_e63 - _e64));
        let _e67 = tent_u0028_f1_u003b((&param_1));
        let _e69 = t[1u];
        let _e70 = m;
        param_2 = (4f * (_e69 - _e70));
        let _e73 = tent_u0028_f1_u003b((&param_2));
        let _e76 = t[2u];
        let _e77 = m;
        param_3 = (4f * (_e76 - _e77));
        let _e80 = tent_u0028_f1_u003b((&param_3));
        let _e82 = g;
        g = (_e82 + ((_e67 + _e73) + _e80));
    }
    let _e85 = t[0u];
    if (_e85 < 0.00001f) {
        let _e88 = t[1u];
        param_4 = (_e88 * 2f);
        let _e90 = tent_u0028_f1_u003b((&param_4));
        let _e91 = g;
        g = (_e91 + _e90);
    }
    let _e94 = t[1u];
    if (_e94 < 0.00001f) {
        let _e97 = t[0u];
        param_5 = (_e97 * 4f);
        let _e99 = tent_u0028_f1_u003b((&param_5));
        let _e100 = g;
        g = (_e100 + _e99);
    }
    let _e103 = t[2u];
    if (_e103 < 0.00001f) {
        let _e106 = t[0u];
        param_6 = (_e106 * 1f);
        let _e108 = tent_u0028_f1_u003b((&param_6));
        let _e109 = g;
        g = (_e109 + _e108);
    }
    let _e112 = t[0u];
    let _e114 = t[1u];
    let _e115 = g;
    v_col = vec4<f32>(_e112, _e114, (0.5f + (0.5f * _e115)), 1f);
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
    tesserae_io_25_g = _e3.xyz;
    j = 0u;
    loop {
        let _e12 = j;
        if (_e12 >= 3u) {
            break;
        }
        let _e20 = tesserae_cps[(((bitcast<u32>(_e3.w) * 3u) + _e12) * 1u)];
        tesserae_io_43_g[_e12].gl_Position = _e20;
        continuing {
            let _e24 = j;
            j = (_e24 + 1u);
        }
    }
    let _e27 = tesserae_vertex();
    return TesseraeEvalOut(_e27.out0_member, _e27.out1_member);
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
