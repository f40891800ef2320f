// pass `vertex`, vertex stage
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

var<private> global: vec2<f32>;
var<private> global_1: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> global_2: f32 = 0f;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn main() {
    var local: i32;
    var local_1: i32;
    var local_2: i32;
    var local_3: i32;
    var local_4: f32;

    local_4 = 0f;
    let _e18 = global_2;
    let _e21 = global;
    global_1[0i] = (_e21.x + (clamp(_e18, -1f, 1f) * 0.25f));
    let _e25 = global_2;
    let _e28 = global;
    global_1[1i] = (_e28.y + (clamp(_e25, -1f, 1f) * 0.25f));
    let _e32 = global_2;
    global_1[2i] = (0.5f + (clamp(_e32, -1f, 1f) * 0.45f));
    let _e37 = global_2;
    global_1[3i] = (1f + (clamp(_e37, 0f, 1f) * 0.5f));
    return;
}

fn tesserae_vertex(param: vec2<f32>) -> vec4<f32> {
    global = param;
    main();
    let _e3 = global_1;
    return _e3;
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
struct type_5 {
    m0_member: vec4<f32>,
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

var<private> tesserae_io_12_g: array<type_5, 32>;
var<workgroup> tesserae_io_16_g: array<type_5, 1>;
var<workgroup> tesserae_io_20_g: array<f32, 4>;
var<workgroup> tesserae_io_24_g: array<f32, 2>;
var<private> tesserae_io_37_g: i32;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn main() {
    var local: i32;
    var local_1: i32;
    var local_2: i32;
    var local_3: i32;
    var local_4: f32;

    local_4 = 0f;
    let _e21 = tesserae_io_37_g;
    let _e25 = tesserae_io_37_g;
    let _e28 = tesserae_io_12_g[((bitcast<u32>(_e21) + 0u) % 4u)].m0_member;
    tesserae_io_16_g[_e25].m0_member = _e28;
    let _e31 = tesserae_io_37_g;
    if (_e31 == 0i) {
        tesserae_io_20_g[0i] = 1f;
        tesserae_io_20_g[1i] = 1f;
        tesserae_io_20_g[2i] = 1f;
        tesserae_io_20_g[3i] = 1f;
        tesserae_io_24_g[0i] = 1f;
        tesserae_io_24_g[1i] = 1f;
    }
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
    tesserae_io_37_g = i32(tesserae_lid);
    let _e14 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e20 = j;
        if (_e20 >= 4u) {
            break;
        }
        let _e28 = tesserae_src[((((tesserae_wg.y * _e14) + (tesserae_wg.x * 4u)) + _e20) * 1u)];
        tesserae_io_12_g[_e20].m0_member = _e28;
        continuing {
            let _e32 = j;
            j = (_e32 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e43 = tesserae_io_16_g[tesserae_lid].m0_member;
    tesserae_cps[(((_e8 * 1u) + tesserae_lid) * 1u)] = _e43;
    if (tesserae_lid == 0u) {
        let _e52 = tesserae_io_20_g[0];
        let _e55 = tesserae_io_20_g[1];
        let _e58 = tesserae_io_20_g[2];
        let _e61 = tesserae_io_20_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e52, _e55, _e58, _e61);
        let _e69 = tesserae_io_24_g[0];
        let _e72 = tesserae_io_24_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e69, _e72, 0f, 0f);
    }
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct type_5 {
    m0_member: vec4<f32>,
}

struct TesseraeEvalOut {
    @builtin(position) position: vec4<f32>,
}

var<private> tesserae_io_12_g: array<type_5, 32>;
var<private> tesserae_io_16_g: array<f32, 4>;
var<private> tesserae_io_20_g: array<f32, 2>;
var<private> global: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> tesserae_io_45_g: vec3<f32>;
var<private> global_1: f32 = 0f;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage> tesserae_levels: array<vec4<f32>>;

fn main() {
    var local: i32;
    var local_1: i32;
    var local_2: i32;
    var local_3: i32;
    var local_4: f32;

    local_4 = 0f;
    let _e25 = global_1;
    let _e31 = tesserae_io_12_g[0i].m0_member[0i];
    let _e32 = tesserae_io_45_g;
    global[0i] = (((_e31 * 0.5f) + (_e32.x + -0.5f)) + (clamp(_e25, -1f, 1f) * 0.25f));
    let _e39 = global_1;
    let _e45 = tesserae_io_12_g[0i].m0_member[1i];
    let _e46 = tesserae_io_45_g;
    global[1i] = (((_e45 * 0.5f) + (_e46.y + -0.5f)) + (clamp(_e39, -1f, 1f) * 0.25f));
    let _e53 = global_1;
    global[2i] = (0.5f + (clamp(_e53, -1f, 1f) * 0.45f));
    let _e58 = global_1;
    global[3i] = (1f + (clamp(_e58, 0f, 1f) * 0.5f));
    return;
}

fn tesserae_vertex() -> vec4<f32> {
    main();
    let _e2 = global.y;
    global.y = -(_e2);
    let _e4 = global;
    return _e4;
}

@vertex 
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_point: u32) -> TesseraeEvalOut {
    var j: u32;

    let _e3 = tesserae_domain[tesserae_point];
    let _e5 = bitcast<u32>(_e3.w);
    tesserae_io_45_g = _e3.xyz;
    let _e13 = tesserae_levels[(2u * _e5)];
    tesserae_io_16_g[0] = _e13.x;
    let _e21 = tesserae_levels[(2u * _e5)];
    tesserae_io_16_g[1] = _e21.y;
    let _e29 = tesserae_levels[(2u * _e5)];
    tesserae_io_16_g[2] = _e29.z;
    let _e37 = tesserae_levels[(2u * _e5)];
    tesserae_io_16_g[3] = _e37.w;
    let _e47 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_20_g[0] = _e47.x;
    let _e57 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_20_g[1] = _e57.y;
    j = 0u;
    loop {
        let _e64 = j;
        if (_e64 >= 1u) {
            break;
        }
        let _e72 = tesserae_cps[(((_e5 * 1u) + _e64) * 1u)];
        tesserae_io_12_g[_e64].m0_member = _e72;
        continuing {
            let _e76 = j;
            j = (_e76 + 1u);
        }
    }
    let _e79 = tesserae_vertex();
    return TesseraeEvalOut(_e79);
}
// pass `tessellation evaluation`, fragment stage
var<private> global: vec4<f32>;

fn main_1() {
    var local: i32;
    var local_1: i32;
    var local_2: i32;
    var local_3: i32;
    var local_4: f32;

    local_4 = 0f;
    global[0i] = 0f;
    global[1i] = 0f;
    global[2i] = 0f;
    global[3i] = 1f;
    global[3i] = 0f;
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = global;
    return _e1;
}
