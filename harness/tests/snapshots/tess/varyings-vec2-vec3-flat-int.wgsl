// pass `vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_13 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: vec2<f32>,
    @location(1) m2_member: vec3<f32>,
    @location(2) @interpolate(flat) m3_member: i32,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec2<f32>,
    out2_member: vec3<f32>,
    out3_member: i32,
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
var<private> vs_a: vec2<f32>;
var<private> vs_b: vec3<f32>;
var<private> vs_k: i32;
var<private> tag_1: i32;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn main() {
    let _e13 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e13.x, _e13.y, 0f, 1f);
    let _e18 = pos_1;
    vs_a = ((_e18 * 0.5f) + vec2(0.5f));
    let _e23 = pos_1[1u];
    vs_b = vec3<f32>(0.25f, (0.75f - (0.25f * _e23)), 0.5f);
    let _e27 = tag_1;
    vs_k = _e27;
    return;
}

fn tesserae_vertex(pos: vec2<f32>, tag: i32) -> TesseraeVertexOut {
    pos_1 = pos;
    tag_1 = tag;
    main();
    let _e9 = unnamed.gl_Position;
    let _e10 = vs_a;
    let _e11 = vs_b;
    let _e12 = vs_k;
    return TesseraeVertexOut(_e9, _e10, _e11, _e12);
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
    let _e43 = tesserae_vertex(vec4<f32>(bitcast<f32>(_e18), bitcast<f32>(_e24), 0f, 1f).xy, vec4<i32>(bitcast<i32>(_e36), 0i, 0i, 1i).x);
    let _e45 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 4u);
    tesserae_records[_e45] = _e43.out0_member;
    tesserae_records[(_e45 + 1u)] = vec4<f32>(_e43.out1_member, 0f, 0f);
    tesserae_records[(_e45 + 2u)] = vec4<f32>(_e43.out2_member, 0f);
    tesserae_records[(_e45 + 3u)] = bitcast<vec4<f32>>(vec4<i32>(_e43.out3_member, 0i, 0i, 0i));
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

var<workgroup> tesserae_io_15_g: array<gl_PerVertex, 4>;
var<private> tesserae_io_18_g: i32;
var<private> tesserae_io_25_g: array<gl_PerVertex, 32>;
var<workgroup> tesserae_io_35_g: array<vec2<f32>, 4>;
var<private> tesserae_io_39_g: array<vec2<f32>, 32>;
var<workgroup> tesserae_io_49_g: array<vec3<f32>, 4>;
var<private> tesserae_io_53_g: array<vec3<f32>, 32>;
var<workgroup> tesserae_io_62_g: array<i32, 4>;
var<private> tesserae_io_66_g: array<i32, 32>;
var<workgroup> tesserae_io_81_g: array<f32, 4>;
var<workgroup> tesserae_io_94_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn main() {
    let _e21 = tesserae_io_18_g;
    let _e22 = tesserae_io_18_g;
    let _e25 = tesserae_io_25_g[_e22].gl_Position;
    tesserae_io_15_g[_e21].gl_Position = _e25;
    let _e28 = tesserae_io_18_g;
    let _e29 = tesserae_io_18_g;
    let _e31 = tesserae_io_39_g[_e29];
    tesserae_io_35_g[_e28] = _e31;
    let _e33 = tesserae_io_18_g;
    let _e34 = tesserae_io_18_g;
    let _e36 = tesserae_io_53_g[_e34];
    tesserae_io_49_g[_e33] = _e36;
    let _e38 = tesserae_io_18_g;
    let _e39 = tesserae_io_18_g;
    let _e41 = tesserae_io_66_g[_e39];
    tesserae_io_62_g[_e38] = (_e41 * 2i);
    let _e44 = tesserae_io_18_g;
    if (_e44 == 0i) {
        tesserae_io_81_g[0i] = 3f;
        tesserae_io_81_g[1i] = 2f;
        tesserae_io_81_g[2i] = 3f;
        tesserae_io_81_g[3i] = 2f;
        tesserae_io_94_g[0i] = 2f;
        tesserae_io_94_g[1i] = 3f;
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
    tesserae_io_18_g = i32(tesserae_lid);
    let _e14 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e20 = j;
        if (_e20 >= 4u) {
            break;
        }
        let _e25 = ((((tesserae_wg.y * _e14) + (tesserae_wg.x * 4u)) + _e20) * 4u);
        let _e28 = tesserae_src[_e25];
        tesserae_io_25_g[_e20].gl_Position = _e28;
        let _e36 = tesserae_src[(_e25 + 1u)];
        tesserae_io_39_g[_e20] = _e36.xy;
        let _e44 = tesserae_src[(_e25 + 2u)];
        tesserae_io_53_g[_e20] = _e44.xyz;
        let _e52 = tesserae_src[(_e25 + 3u)];
        tesserae_io_66_g[_e20] = bitcast<vec4<i32>>(_e52).x;
        continuing {
            let _e57 = j;
            j = (_e57 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e64 = (((_e8 * 4u) + tesserae_lid) * 4u);
    let _e68 = tesserae_io_15_g[tesserae_lid].gl_Position;
    tesserae_cps[_e64] = _e68;
    let _e73 = tesserae_io_35_g[tesserae_lid];
    tesserae_cps[(_e64 + 1u)] = vec4<f32>(_e73, 0f, 0f);
    let _e83 = tesserae_io_49_g[tesserae_lid];
    tesserae_cps[(_e64 + 2u)] = vec4<f32>(_e83, 0f);
    let _e92 = tesserae_io_62_g[tesserae_lid];
    tesserae_cps[(_e64 + 3u)] = bitcast<vec4<f32>>(vec4<i32>(_e92, 0i, 0i, 0i));
    if (tesserae_lid == 0u) {
        let _e108 = tesserae_io_81_g[0];
        let _e111 = tesserae_io_81_g[1];
        let _e114 = tesserae_io_81_g[2];
        let _e117 = tesserae_io_81_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e108, _e111, _e114, _e117);
        let _e125 = tesserae_io_94_g[0];
        let _e128 = tesserae_io_94_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e125, _e128, 0f, 0f);
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

struct type_22 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: vec2<f32>,
    @location(1) m2_member: vec3<f32>,
    @location(2) @interpolate(flat) m3_member: i32,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec2<f32>,
    out2_member: vec3<f32>,
    out3_member: i32,
}

struct TesseraeEvalOut {
    @builtin(position) position: vec4<f32>,
    @location(0) v0_: vec2<f32>,
    @location(1) v1_: vec3<f32>,
    @location(2) @interpolate(flat) v2_: i32,
}

var<private> tesserae_io_11_g: vec3<f32>;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> tesserae_io_32_g: array<gl_PerVertex_1, 32>;
var<private> te_a: vec2<f32>;
var<private> tesserae_io_61_g: array<vec2<f32>, 32>;
var<private> te_b: vec3<f32>;
var<private> tesserae_io_84_g: array<vec3<f32>, 32>;
var<private> te_k: i32;
var<private> tesserae_io_106_g: array<i32, 32>;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;

fn main() {
    var u: f32;
    var v: f32;

    let _e19 = tesserae_io_11_g[0u];
    u = _e19;
    let _e21 = tesserae_io_11_g[1u];
    v = _e21;
    let _e24 = tesserae_io_32_g[0i].gl_Position;
    let _e27 = tesserae_io_32_g[1i].gl_Position;
    let _e28 = u;
    let _e33 = tesserae_io_32_g[2i].gl_Position;
    let _e36 = tesserae_io_32_g[3i].gl_Position;
    let _e37 = u;
    let _e40 = v;
    unnamed.gl_Position = mix(mix(_e24, _e27, vec4(_e28)), mix(_e33, _e36, vec4(_e37)), vec4(_e40));
    let _e45 = tesserae_io_61_g[0i];
    let _e47 = tesserae_io_61_g[1i];
    let _e48 = u;
    let _e52 = tesserae_io_61_g[2i];
    let _e54 = tesserae_io_61_g[3i];
    let _e55 = u;
    let _e58 = v;
    te_a = mix(mix(_e45, _e47, vec2(_e48)), mix(_e52, _e54, vec2(_e55)), vec2(_e58));
    let _e62 = tesserae_io_84_g[0i];
    let _e64 = tesserae_io_84_g[1i];
    let _e65 = u;
    let _e69 = tesserae_io_84_g[2i];
    let _e71 = tesserae_io_84_g[3i];
    let _e72 = u;
    let _e75 = v;
    te_b = mix(mix(_e62, _e64, vec3(_e65)), mix(_e69, _e71, vec3(_e72)), vec3(_e75));
    let _e79 = tesserae_io_106_g[0i];
    let _e81 = tesserae_io_106_g[3i];
    te_k = (_e79 + _e81);
    return;
}

fn tesserae_vertex() -> TesseraeVertexOut {
    main();
    let _e6 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e6);
    let _e8 = unnamed.gl_Position;
    let _e9 = te_a;
    let _e10 = te_b;
    let _e11 = te_k;
    return TesseraeVertexOut(_e8, _e9, _e10, _e11);
}

@vertex 
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_point: u32) -> TesseraeEvalOut {
    var j: u32;

    let _e3 = tesserae_domain[tesserae_point];
    tesserae_io_11_g = _e3.xyz;
    j = 0u;
    loop {
        let _e12 = j;
        if (_e12 >= 4u) {
            break;
        }
        let _e17 = (((bitcast<u32>(_e3.w) * 4u) + _e12) * 4u);
        let _e20 = tesserae_cps[_e17];
        tesserae_io_32_g[_e12].gl_Position = _e20;
        let _e28 = tesserae_cps[(_e17 + 1u)];
        tesserae_io_61_g[_e12] = _e28.xy;
        let _e36 = tesserae_cps[(_e17 + 2u)];
        tesserae_io_84_g[_e12] = _e36.xyz;
        let _e44 = tesserae_cps[(_e17 + 3u)];
        tesserae_io_106_g[_e12] = bitcast<vec4<i32>>(_e44).x;
        continuing {
            let _e49 = j;
            j = (_e49 + 1u);
        }
    }
    let _e52 = tesserae_vertex();
    return TesseraeEvalOut(_e52.out0_member, _e52.out1_member, _e52.out2_member, _e52.out3_member);
}
// pass `tessellation evaluation`, fragment stage
var<private> frag: vec4<f32>;
var<private> te_a_1: vec2<f32>;
var<private> te_b_1: vec3<f32>;
var<private> te_k_1: i32;

fn main_1() {
    let _e9 = te_a_1[0u];
    let _e11 = te_b_1[1u];
    let _e13 = te_a_1[1u];
    let _e16 = te_b_1[0u];
    let _e18 = te_k_1;
    frag = vec4<f32>(_e9, _e11, ((_e13 * 0.5f) + _e16), (f32(_e18) / 16f));
    return;
}

@fragment 
fn main(@location(0) te_a: vec2<f32>, @location(1) te_b: vec3<f32>, @location(2) @interpolate(flat) te_k: i32) -> @location(0) vec4<f32> {
    te_a_1 = te_a;
    te_b_1 = te_b;
    te_k_1 = te_k;
    main_1();
    let _e7 = frag;
    return _e7;
}
