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
var<workgroup> tesserae_io_48_g: array<f32, 4>;
var<workgroup> tesserae_io_64_g: array<f32, 2>;
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

    let _e16 = tesserae_io_10_g;
    i = _e16;
    let _e17 = tesserae_io_10_g;
    let _e18 = i;
    let _e21 = tesserae_io_28_g[_e18].gl_Position;
    tesserae_io_21_g[_e17].gl_Position = _e21;
    let _e24 = i;
    let _e25 = i;
    let _e27 = tesserae_io_41_g[_e25];
    tesserae_io_37_g[_e24] = _e27;
    let _e29 = i;
    let _e30 = i;
    tesserae_io_48_g[_e29] = (1f + f32(_e30));
    let _e34 = i;
    if (_e34 < 2i) {
        let _e36 = i;
        tesserae_io_64_g[_e36] = 2f;
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
    let _e51 = tesserae_io_21_g[tesserae_lid].gl_Position;
    tesserae_cps[(((_e8 * 4u) + tesserae_lid) * 1u)] = _e51;
    if (tesserae_lid == 0u) {
        let _e57 = (_e8 * 7u);
        let _e59 = tesserae_io_37_g;
        tesserae_patch_records[(_e57 + 3u)] = vec4<f32>(_e59[0], 0f, 0f, 0f);
        tesserae_patch_records[(_e57 + 4u)] = vec4<f32>(_e59[1], 0f, 0f, 0f);
        tesserae_patch_records[(_e57 + 5u)] = vec4<f32>(_e59[2], 0f, 0f, 0f);
        tesserae_patch_records[(_e57 + 6u)] = vec4<f32>(_e59[3], 0f, 0f, 0f);
        let _e98 = tesserae_io_48_g[0];
        let _e101 = tesserae_io_48_g[1];
        let _e104 = tesserae_io_48_g[2];
        let _e107 = tesserae_io_48_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e98, _e101, _e104, _e107);
        let _e115 = tesserae_io_64_g[0];
        let _e118 = tesserae_io_64_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e115, _e118, 0f, 0f);
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

struct type_15 {
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
var<private> tesserae_io_32_g: array<gl_PerVertex_1, 32>;
var<private> v_col: vec4<f32>;
var<private> tesserae_io_60_g: array<f32, 4>;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(34) 
var<storage> tesserae_patch_records: array<vec4<f32>>;

fn main() {
    var u: f32;
    var v: f32;

    let _e16 = tesserae_io_11_g[0u];
    u = _e16;
    let _e18 = tesserae_io_11_g[1u];
    v = _e18;
    let _e21 = tesserae_io_32_g[0i].gl_Position;
    let _e24 = tesserae_io_32_g[1i].gl_Position;
    let _e25 = u;
    let _e30 = tesserae_io_32_g[2i].gl_Position;
    let _e33 = tesserae_io_32_g[3i].gl_Position;
    let _e34 = u;
    let _e37 = v;
    unnamed.gl_Position = mix(mix(_e21, _e24, vec4(_e25)), mix(_e30, _e33, vec4(_e34)), vec4(_e37));
    let _e42 = tesserae_io_60_g[0i];
    let _e44 = tesserae_io_60_g[1i];
    let _e46 = tesserae_io_60_g[2i];
    let _e48 = tesserae_io_60_g[3i];
    v_col = vec4<f32>(_e42, _e44, _e46, _e48);
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
        let _e20 = tesserae_cps[(((_e5 * 4u) + _e12) * 1u)];
        tesserae_io_32_g[_e12].gl_Position = _e20;
        continuing {
            let _e24 = j;
            j = (_e24 + 1u);
        }
    }
    let _e28 = (_e5 * 7u);
    let _e33 = tesserae_patch_records[(_e28 + 3u)];
    let _e39 = tesserae_patch_records[(_e28 + 4u)];
    let _e45 = tesserae_patch_records[(_e28 + 5u)];
    let _e51 = tesserae_patch_records[(_e28 + 6u)];
    tesserae_io_60_g = array<f32, 4>(_e33.x, _e39.x, _e45.x, _e51.x);
    let _e55 = tesserae_vertex();
    return TesseraeEvalOut(_e55.out0_member, _e55.out1_member);
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
