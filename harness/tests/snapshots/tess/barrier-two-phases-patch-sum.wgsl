// pass `vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_10 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: f32,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: f32,
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
var<private> vs_val: f32;
var<private> val_1: f32;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn main() {
    let _e8 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e8.x, _e8.y, 0f, 1f);
    let _e13 = val_1;
    vs_val = _e13;
    return;
}

fn tesserae_vertex(pos: vec2<f32>, val: f32) -> TesseraeVertexOut {
    pos_1 = pos;
    val_1 = val;
    main();
    let _e7 = unnamed.gl_Position;
    let _e8 = vs_val;
    return TesseraeVertexOut(_e7, _e8);
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
    let _e15 = (_e7 * 3u);
    let _e18 = tesserae_vb0_[_e15];
    let _e24 = tesserae_vb0_[(_e15 + 1u)];
    let _e36 = tesserae_vb0_[((_e7 * 3u) + 2u)];
    let _e43 = tesserae_vertex(vec4<f32>(bitcast<f32>(_e18), bitcast<f32>(_e24), 0f, 1f).xy, vec4<f32>(bitcast<f32>(_e36), 0f, 0f, 1f).x);
    let _e45 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 2u);
    tesserae_records[_e45] = _e43.out0_member;
    tesserae_records[(_e45 + 1u)] = vec4<f32>(_e43.out1_member, 0f, 0f, 0f);
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
var<workgroup> tesserae_io_21_g: array<gl_PerVertex, 4>;
var<private> tesserae_io_28_g: array<gl_PerVertex, 32>;
var<workgroup> tesserae_io_37_g: array<f32, 4>;
var<private> tesserae_io_41_g: array<f32, 32>;
var<workgroup> tesserae_io_55_g: array<f32, 4>;
var<workgroup> tesserae_io_76_g: vec4<f32>;
var<workgroup> tesserae_io_112_g: array<f32, 4>;
var<workgroup> tesserae_io_119_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(34) 
var<storage, read_write> tesserae_patch_records: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn main() {
    var i: i32;

    let _e25 = tesserae_io_10_g;
    i = _e25;
    let _e26 = tesserae_io_10_g;
    let _e27 = i;
    let _e30 = tesserae_io_28_g[_e27].gl_Position;
    tesserae_io_21_g[_e26].gl_Position = _e30;
    let _e33 = tesserae_io_10_g;
    let _e34 = i;
    let _e36 = tesserae_io_41_g[_e34];
    let _e37 = i;
    tesserae_io_37_g[_e33] = (_e36 * f32((_e37 + 1i)));
    let _e42 = tesserae_io_10_g;
    let _e43 = i;
    let _e44 = (_e43 + 1i);
    let _e47 = (_e44 - (4i * (_e44 / 4i)));
    let _e55 = tesserae_io_37_g[select(_e47, (_e47 + 4i), (((_e47 ^ 4i) < i32()) && (_e47 != i32())))];
    let _e56 = i;
    let _e57 = (_e56 + 2i);
    let _e60 = (_e57 - (4i * (_e57 / 4i)));
    let _e68 = tesserae_io_37_g[select(_e60, (_e60 + 4i), (((_e60 ^ 4i) < i32()) && (_e60 != i32())))];
    tesserae_io_55_g[_e42] = (_e55 + _e68);
    let _e71 = i;
    if (_e71 == 0i) {
        let _e74 = tesserae_io_55_g[0i];
        let _e77 = tesserae_io_55_g[3i];
        let _e81 = tesserae_io_55_g[1i];
        let _e83 = tesserae_io_55_g[2i];
        let _e86 = tesserae_io_55_g[2i];
        let _e88 = tesserae_io_37_g[3i];
        let _e92 = tesserae_io_37_g[0i];
        let _e94 = tesserae_io_37_g[1i];
        let _e97 = tesserae_io_37_g[2i];
        let _e100 = tesserae_io_37_g[3i];
        tesserae_io_76_g = vec4<f32>(((_e74 * 0.5f) + (_e77 * 0.25f)), (_e81 - _e83), (_e86 - (_e88 * 0.5f)), ((((_e92 + _e94) + _e97) + _e100) / 3f));
        tesserae_io_112_g[0i] = 2f;
        tesserae_io_112_g[1i] = 2f;
        tesserae_io_112_g[2i] = 2f;
        tesserae_io_119_g[0i] = 2f;
    }
    return;
}

fn tesserae_control() {
    main();
}

@compute @workgroup_size(4, 1, 1) 
fn tesserae_control_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var j: u32;

    let _e6 = tesserae_draw.primitives;
    let _e8 = ((tesserae_wg.y * _e6) + tesserae_wg.x);
    tesserae_io_10_g = i32(tesserae_lid);
    let _e14 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e20 = j;
        if (_e20 >= 4u) {
            break;
        }
        let _e25 = ((((tesserae_wg.y * _e14) + (tesserae_wg.x * 4u)) + _e20) * 2u);
        let _e28 = tesserae_src[_e25];
        tesserae_io_28_g[_e20].gl_Position = _e28;
        let _e36 = tesserae_src[(_e25 + 1u)];
        tesserae_io_41_g[_e20] = _e36.x;
        continuing {
            let _e40 = j;
            j = (_e40 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e47 = (((_e8 * 4u) + tesserae_lid) * 3u);
    let _e51 = tesserae_io_21_g[tesserae_lid].gl_Position;
    tesserae_cps[_e47] = _e51;
    let _e56 = tesserae_io_37_g[tesserae_lid];
    tesserae_cps[(_e47 + 1u)] = vec4<f32>(_e56, 0f, 0f, 0f);
    let _e67 = tesserae_io_55_g[tesserae_lid];
    tesserae_cps[(_e47 + 2u)] = vec4<f32>(_e67, 0f, 0f, 0f);
    if (tesserae_lid == 0u) {
        let _e81 = tesserae_io_76_g;
        tesserae_patch_records[((_e8 * 5u) + 4u)] = _e81;
        let _e88 = tesserae_io_112_g[0];
        let _e91 = tesserae_io_112_g[1];
        let _e94 = tesserae_io_112_g[2];
        let _e97 = tesserae_io_112_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e88, _e91, _e94, _e97);
        let _e105 = tesserae_io_119_g[0];
        let _e108 = tesserae_io_119_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e105, _e108, 0f, 0f);
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

struct type_13 {
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
var<private> tesserae_io_30_g: array<gl_PerVertex_1, 32>;
var<private> v_col: vec4<f32>;
var<private> tesserae_io_53_g: vec4<f32>;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(34) 
var<storage> tesserae_patch_records: array<vec4<f32>>;

fn main() {
    var t: vec3<f32>;

    let _e13 = tesserae_io_11_g;
    t = _e13;
    let _e15 = t[0u];
    let _e18 = tesserae_io_30_g[0i].gl_Position;
    let _e21 = t[1u];
    let _e24 = tesserae_io_30_g[1i].gl_Position;
    let _e28 = t[2u];
    let _e31 = tesserae_io_30_g[2i].gl_Position;
    unnamed.gl_Position = (((_e18 * _e15) + (_e24 * _e21)) + (_e31 * _e28));
    let _e35 = tesserae_io_53_g;
    v_col = _e35;
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
    let _e5 = bitcast<u32>(_e3.w);
    tesserae_io_11_g = _e3.xyz;
    j = 0u;
    loop {
        let _e12 = j;
        if (_e12 >= 4u) {
            break;
        }
        let _e20 = tesserae_cps[(((_e5 * 4u) + _e12) * 3u)];
        tesserae_io_30_g[_e12].gl_Position = _e20;
        continuing {
            let _e24 = j;
            j = (_e24 + 1u);
        }
    }
    let _e33 = tesserae_patch_records[((_e5 * 5u) + 4u)];
    tesserae_io_53_g = _e33;
    let _e35 = tesserae_vertex();
    return TesseraeEvalOut(_e35.out0_member, _e35.out1_member);
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
