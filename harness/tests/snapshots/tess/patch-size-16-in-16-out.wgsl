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

var<workgroup> tesserae_io_15_g: array<gl_PerVertex, 16>;
var<private> tesserae_io_18_g: i32;
var<private> tesserae_io_25_g: array<gl_PerVertex, 32>;
var<workgroup> tesserae_io_34_g: array<f32, 16>;
var<private> tesserae_io_38_g: array<f32, 32>;
var<workgroup> tesserae_io_53_g: array<f32, 4>;
var<workgroup> tesserae_io_65_g: array<f32, 2>;
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
    let _e25 = tesserae_io_18_g;
    let _e27 = tesserae_io_38_g[_e25];
    tesserae_io_34_g[_e24] = _e27;
    let _e29 = tesserae_io_18_g;
    if (_e29 == 0i) {
        tesserae_io_53_g[0i] = 3f;
        tesserae_io_53_g[1i] = 3f;
        tesserae_io_53_g[2i] = 3f;
        tesserae_io_53_g[3i] = 3f;
        tesserae_io_65_g[0i] = 3f;
        tesserae_io_65_g[1i] = 3f;
    }
    return;
}

fn tesserae_control() {
    main();
}

@compute @workgroup_size(16, 1, 1) 
fn tesserae_control_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var j: u32;

    let _e6 = tesserae_draw.primitives;
    let _e8 = ((tesserae_wg.y * _e6) + tesserae_wg.x);
    tesserae_io_18_g = i32(tesserae_lid);
    let _e14 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e20 = j;
        if (_e20 >= 16u) {
            break;
        }
        let _e25 = ((((tesserae_wg.y * _e14) + (tesserae_wg.x * 16u)) + _e20) * 2u);
        let _e28 = tesserae_src[_e25];
        tesserae_io_25_g[_e20].gl_Position = _e28;
        let _e36 = tesserae_src[(_e25 + 1u)];
        tesserae_io_38_g[_e20] = _e36.x;
        continuing {
            let _e40 = j;
            j = (_e40 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e47 = (((_e8 * 16u) + tesserae_lid) * 2u);
    let _e51 = tesserae_io_15_g[tesserae_lid].gl_Position;
    tesserae_cps[_e47] = _e51;
    let _e56 = tesserae_io_34_g[tesserae_lid];
    tesserae_cps[(_e47 + 1u)] = vec4<f32>(_e56, 0f, 0f, 0f);
    if (tesserae_lid == 0u) {
        let _e71 = tesserae_io_53_g[0];
        let _e74 = tesserae_io_53_g[1];
        let _e77 = tesserae_io_53_g[2];
        let _e80 = tesserae_io_53_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e71, _e74, _e77, _e80);
        let _e88 = tesserae_io_65_g[0];
        let _e91 = tesserae_io_65_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e88, _e91, 0f, 0f);
    }
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct gl_PerVertex {
    gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct gl_PerVertex_1 {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_18 {
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

var<private> tesserae_io_46_g: vec3<f32>;
var<private> tesserae_io_104_g: array<gl_PerVertex, 32>;
var<private> tesserae_io_118_g: array<f32, 32>;
var<private> unnamed: gl_PerVertex_1 = gl_PerVertex_1(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> v_col: vec4<f32>;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;

fn bernstein_u0028_f1_u003b(t: ptr<function, f32>) -> vec4<f32> {
    var s: f32;

    let _e17 = (*t);
    s = (1f - _e17);
    let _e19 = s;
    let _e20 = s;
    let _e22 = s;
    let _e24 = (*t);
    let _e26 = s;
    let _e28 = s;
    let _e30 = (*t);
    let _e32 = (*t);
    let _e34 = s;
    let _e36 = (*t);
    let _e37 = (*t);
    let _e39 = (*t);
    return vec4<f32>(((_e19 * _e20) * _e22), (((3f * _e24) * _e26) * _e28), (((3f * _e30) * _e32) * _e34), ((_e36 * _e37) * _e39));
}

fn main() {
    var u: f32;
    var v: f32;
    var bu: vec4<f32>;
    var param: f32;
    var bv: vec4<f32>;
    var param_1: f32;
    var p: vec4<f32>;
    var b: f32;
    var j_1: i32;
    var i: i32;
    var wgt: f32;

    let _e27 = tesserae_io_46_g[0u];
    u = _e27;
    let _e29 = tesserae_io_46_g[1u];
    v = _e29;
    let _e30 = u;
    param = _e30;
    let _e31 = bernstein_u0028_f1_u003b((&param));
    bu = _e31;
    let _e32 = v;
    param_1 = _e32;
    let _e33 = bernstein_u0028_f1_u003b((&param_1));
    bv = _e33;
    p = vec4<f32>(0f, 0f, 0f, 0f);
    b = 0f;
    j_1 = 0i;
    loop {
        let _e34 = j_1;
        if (_e34 < 4i) {
            i = 0i;
            loop {
                let _e36 = i;
                if (_e36 < 4i) {
                    let _e38 = i;
                    let _e40 = bu[_e38];
                    let _e41 = j_1;
                    let _e43 = bv[_e41];
                    wgt = (_e40 * _e43);
                    let _e45 = wgt;
                    let _e46 = j_1;
                    let _e48 = i;
                    let _e52 = tesserae_io_104_g[((4i * _e46) + _e48)].gl_Position;
                    let _e54 = p;
                    p = (_e54 + (_e52 * _e45));
                    let _e56 = wgt;
                    let _e57 = j_1;
                    let _e59 = i;
                    let _e62 = tesserae_io_118_g[((4i * _e57) + _e59)];
                    let _e64 = b;
                    b = (_e64 + (_e56 * _e62));
                    continue;
                } else {
                    break;
                }
                continuing {
                    let _e66 = i;
                    i = (_e66 + 1i);
                }
            }
            continue;
        } else {
            break;
        }
        continuing {
            let _e68 = j_1;
            j_1 = (_e68 + 1i);
        }
    }
    let _e70 = p;
    unnamed.gl_Position = _e70;
    let _e72 = u;
    let _e73 = v;
    let _e74 = b;
    v_col = vec4<f32>(_e72, _e73, _e74, 1f);
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
    tesserae_io_46_g = _e3.xyz;
    j = 0u;
    loop {
        let _e12 = j;
        if (_e12 >= 16u) {
            break;
        }
        let _e17 = (((bitcast<u32>(_e3.w) * 16u) + _e12) * 2u);
        let _e20 = tesserae_cps[_e17];
        tesserae_io_104_g[_e12].gl_Position = _e20;
        let _e28 = tesserae_cps[(_e17 + 1u)];
        tesserae_io_118_g[_e12] = _e28.x;
        continuing {
            let _e32 = j;
            j = (_e32 + 1u);
        }
    }
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
