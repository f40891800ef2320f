// pass `vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_9 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: vec4<f32>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec4<f32>,
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
var<private> vs_col: vec4<f32>;
var<private> colour_1: vec4<f32>;
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
    let _e13 = colour_1;
    vs_col = _e13;
    return;
}

fn tesserae_vertex(pos: vec2<f32>, colour: vec4<f32>) -> TesseraeVertexOut {
    pos_1 = pos;
    colour_1 = colour;
    main();
    let _e7 = unnamed.gl_Position;
    let _e8 = vs_col;
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
    let _e15 = (_e7 * 6u);
    let _e18 = tesserae_vb0_[_e15];
    let _e24 = tesserae_vb0_[(_e15 + 1u)];
    let _e33 = ((_e7 * 6u) + 2u);
    let _e36 = tesserae_vb0_[_e33];
    let _e42 = tesserae_vb0_[(_e33 + 1u)];
    let _e48 = tesserae_vb0_[(_e33 + 2u)];
    let _e54 = tesserae_vb0_[(_e33 + 3u)];
    let _e57 = tesserae_vertex(vec4<f32>(bitcast<f32>(_e18), bitcast<f32>(_e24), 0f, 1f).xy, vec4<f32>(bitcast<f32>(_e36), bitcast<f32>(_e42), bitcast<f32>(_e48), bitcast<f32>(_e54)));
    let _e59 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 2u);
    tesserae_records[_e59] = _e57.out0_member;
    tesserae_records[(_e59 + 1u)] = _e57.out1_member;
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

var<private> tesserae_io_18_g: array<gl_PerVertex, 32>;
var<workgroup> tesserae_io_59_g: array<gl_PerVertex, 1>;
var<private> tesserae_io_61_g: i32;
var<private> tesserae_io_76_g: array<vec4<f32>, 32>;
var<private> tesserae_io_90_g: i32;
var<workgroup> tesserae_io_108_g: array<vec4<f32>, 1>;
var<workgroup> tesserae_io_115_g: array<f32, 4>;
var<workgroup> tesserae_io_125_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn main() {
    var lo: vec2<f32>;
    var hi: vec2<f32>;
    var c: vec4<f32>;
    var local: f32;

    let _e27 = tesserae_io_18_g[0i].gl_Position;
    let _e31 = tesserae_io_18_g[1i].gl_Position;
    let _e36 = tesserae_io_18_g[2i].gl_Position;
    let _e40 = tesserae_io_18_g[3i].gl_Position;
    lo = min(min(_e27.xy, _e31.xy), min(_e36.xy, _e40.xy));
    let _e46 = tesserae_io_18_g[0i].gl_Position;
    let _e50 = tesserae_io_18_g[1i].gl_Position;
    let _e55 = tesserae_io_18_g[2i].gl_Position;
    let _e59 = tesserae_io_18_g[3i].gl_Position;
    hi = max(max(_e46.xy, _e50.xy), max(_e55.xy, _e59.xy));
    let _e63 = tesserae_io_61_g;
    let _e64 = lo;
    let _e65 = hi;
    tesserae_io_59_g[_e63].gl_Position = vec4<f32>(_e64.x, _e64.y, _e65.x, _e65.y);
    let _e74 = tesserae_io_76_g[0i];
    let _e76 = tesserae_io_76_g[1i];
    let _e79 = tesserae_io_76_g[2i];
    let _e82 = tesserae_io_76_g[3i];
    c = ((((_e74 + _e76) + _e79) + _e82) * 0.25f);
    let _e85 = tesserae_io_90_g;
    if (_e85 == 4i) {
        let _e88 = c[3u];
        local = _e88;
    } else {
        local = 0f;
    }
    let _e89 = local;
    c[3u] = _e89;
    let _e91 = tesserae_io_61_g;
    let _e92 = c;
    tesserae_io_108_g[_e91] = _e92;
    tesserae_io_115_g[0i] = 3f;
    tesserae_io_115_g[1i] = 3f;
    tesserae_io_115_g[2i] = 3f;
    tesserae_io_115_g[3i] = 3f;
    tesserae_io_125_g[0i] = 3f;
    tesserae_io_125_g[1i] = 3f;
    return;
}

fn tesserae_control() {
    main();
}

@compute @workgroup_size(1, 1, 1) 
fn tesserae_control_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var j: u32;

    let _e6 = tesserae_draw.primitives;
    let _e8 = ((tesserae_wg.y * _e6) + tesserae_wg.x);
    tesserae_io_61_g = i32(tesserae_lid);
    tesserae_io_90_g = i32(4u);
    let _e16 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e22 = j;
        if (_e22 >= 4u) {
            break;
        }
        let _e27 = ((((tesserae_wg.y * _e16) + (tesserae_wg.x * 4u)) + _e22) * 2u);
        let _e30 = tesserae_src[_e27];
        tesserae_io_18_g[_e22].gl_Position = _e30;
        let _e38 = tesserae_src[(_e27 + 1u)];
        tesserae_io_76_g[_e22] = _e38;
        continuing {
            let _e41 = j;
            j = (_e41 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e48 = (((_e8 * 1u) + tesserae_lid) * 2u);
    let _e52 = tesserae_io_59_g[tesserae_lid].gl_Position;
    tesserae_cps[_e48] = _e52;
    let _e57 = tesserae_io_108_g[tesserae_lid];
    tesserae_cps[(_e48 + 1u)] = _e57;
    if (tesserae_lid == 0u) {
        let _e68 = tesserae_io_115_g[0];
        let _e71 = tesserae_io_115_g[1];
        let _e74 = tesserae_io_115_g[2];
        let _e77 = tesserae_io_115_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e68, _e71, _e74, _e77);
        let _e85 = tesserae_io_125_g[0];
        let _e88 = tesserae_io_125_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e85, _e88, 0f, 0f);
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

struct type_19 {
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

var<private> tesserae_io_17_g: array<gl_PerVertex, 32>;
var<private> unnamed: gl_PerVertex_1 = gl_PerVertex_1(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> tesserae_io_33_g: vec3<f32>;
var<private> tesserae_io_47_g: array<vec4<f32>, 32>;
var<private> tesserae_io_51_g: i32;
var<private> global: vec4<f32>;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;

fn main() {
    var r: vec4<f32>;
    var c: vec4<f32>;
    var local: f32;

    let _e20 = tesserae_io_17_g[0i].gl_Position;
    r = _e20;
    let _e21 = r;
    let _e23 = r;
    let _e25 = tesserae_io_33_g;
    let _e27 = mix(_e21.xy, _e23.zw, _e25.xy);
    unnamed.gl_Position = vec4<f32>(_e27.x, _e27.y, 0f, 1f);
    let _e33 = tesserae_io_47_g[0i];
    c = _e33;
    let _e34 = tesserae_io_51_g;
    if (_e34 == 1i) {
        let _e37 = c[2u];
        local = _e37;
    } else {
        local = 0f;
    }
    let _e38 = local;
    c[2u] = _e38;
    let _e40 = c;
    let _e41 = _e40.xyz;
    global[0u] = _e41.x;
    global[1u] = _e41.y;
    global[2u] = _e41.z;
    let _e49 = c[3u];
    global[3u] = _e49;
    return;
}

fn tesserae_vertex() -> TesseraeVertexOut {
    main();
    let _e4 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e4);
    let _e6 = unnamed.gl_Position;
    let _e7 = global;
    return TesseraeVertexOut(_e6, _e7);
}

@vertex 
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_point: u32) -> TesseraeEvalOut {
    var j: u32;

    let _e3 = tesserae_domain[tesserae_point];
    tesserae_io_33_g = _e3.xyz;
    tesserae_io_51_g = i32(1u);
    j = 0u;
    loop {
        let _e14 = j;
        if (_e14 >= 1u) {
            break;
        }
        let _e19 = (((bitcast<u32>(_e3.w) * 1u) + _e14) * 2u);
        let _e22 = tesserae_cps[_e19];
        tesserae_io_17_g[_e14].gl_Position = _e22;
        let _e30 = tesserae_cps[(_e19 + 1u)];
        tesserae_io_47_g[_e14] = _e30;
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
var<private> global: vec4<f32>;

fn main_1() {
    let _e2 = global;
    let _e3 = _e2.xyz;
    let _e4 = global;
    frag = vec4<f32>(_e3.x, _e3.y, _e3.z, _e4.w);
    return;
}

@fragment 
fn main(@location(0) param: vec4<f32>) -> @location(0) vec4<f32> {
    global = param;
    main_1();
    let _e3 = frag;
    return _e3;
}
