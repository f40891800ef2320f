// pass `vertex`, vertex stage
struct VSIn {
    pos: vec2<f32>,
}

struct VSOut {
    pos: vec4<f32>,
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

var<private> i_u002e_pos_1: vec2<f32>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn u0040_main_u0028_struct_u002d_VSIn_u002d_vf21_u003b(i: ptr<function, VSIn>) -> VSOut {
    var o: VSOut;

    let _e8 = (*i).pos;
    o.pos = vec4<f32>(_e8.x, _e8.y, 0f, 1f);
    let _e13 = o;
    return _e13;
}

fn main() {
    var i_1: VSIn;
    var param: VSIn;

    let _e7 = i_u002e_pos_1;
    i_1.pos = _e7;
    let _e9 = i_1;
    param = _e9;
    let _e10 = u0040_main_u0028_struct_u002d_VSIn_u002d_vf21_u003b((&param));
    u0040_entryPointOutput_u002e_pos = _e10.pos;
    return;
}

fn tesserae_vertex(i_u002e_pos: vec2<f32>) -> vec4<f32> {
    i_u002e_pos_1 = i_u002e_pos;
    main();
    let _e3 = u0040_entryPointOutput_u002e_pos;
    return _e3;
}

fn tesserae_raw_index(i_2: u32) -> u32 {
    let _e3 = tesserae_draw.index_u16_;
    if (_e3 != 0u) {
        let _e10 = tesserae_indices[(i_2 / 2u)];
        return ((_e10 >> ((i_2 & 1u) * 16u)) & 65535u);
    }
    let _e20 = tesserae_indices[i_2];
    return _e20;
}

fn tesserae_vertex_index(position: u32) -> u32 {
    let _e3 = tesserae_draw.first;
    let i_3 = (_e3 + position);
    let _e7 = tesserae_draw.indexed;
    if (_e7 == 0u) {
        return i_3;
    }
    let _e10 = tesserae_raw_index(i_3);
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
struct HSIn {
    pos: vec4<f32>,
}

struct PC {
    edges: array<f32, 4>,
    inside: array<f32, 2>,
    pid_pcf: f32,
}

struct CP {
    pos: vec4<f32>,
    pid_main: f32,
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

var<private> tesserae_io_68_g: array<vec4<f32>, 4>;
var<private> tesserae_io_84_g: u32;
var<private> tesserae_io_87_g: u32;
var<workgroup> tesserae_io_98_g: array<vec4<f32>, 4>;
var<workgroup> tesserae_io_105_g: array<f32, 4>;
var<workgroup> tesserae_io_123_g: array<f32, 4>;
var<workgroup> tesserae_io_137_g: array<f32, 2>;
var<workgroup> tesserae_io_144_g: f32;
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

fn pcf_u0028_struct_u002d_HSIn_u002d_vf41_u005b_4_u005d_u003b_u1_u003b(ip: ptr<function, array<HSIn, 4>>, pid: ptr<function, u32>) -> PC {
    var o: PC;

    o.edges[0i] = 2f;
    o.edges[1i] = 3f;
    o.edges[2i] = 2f;
    o.edges[3i] = 3f;
    o.inside[0i] = 2f;
    o.inside[1i] = 3f;
    let _e32 = (*pid);
    o.pid_pcf = f32(_e32);
    let _e35 = o;
    return _e35;
}

fn u0040_main_u0028_struct_u002d_HSIn_u002d_vf41_u005b_4_u005d_u003b_u1_u003b_u1_u003b(ip_1: ptr<function, array<HSIn, 4>>, id: ptr<function, u32>, pid_1: ptr<function, u32>) -> CP {
    var o_1: CP;

    let _e21 = (*id);
    let _e24 = (*ip_1)[_e21].pos;
    o_1.pos = _e24;
    let _e26 = (*pid_1);
    o_1.pid_main = f32(_e26);
    let _e29 = o_1;
    return _e29;
}

fn main() {
    var ip_2: array<HSIn, 4>;
    var id_1: u32;
    var pid_2: u32;
    var flattenTemp: CP;
    var param: array<HSIn, 4>;
    var param_1: u32;
    var param_2: u32;
    var u0040_patchConstantResult: PC;
    var param_3: array<HSIn, 4>;
    var param_4: u32;

    let _e28 = tesserae_io_68_g[0i];
    ip_2[0i].pos = _e28;
    let _e32 = tesserae_io_68_g[1i];
    ip_2[1i].pos = _e32;
    let _e36 = tesserae_io_68_g[2i];
    ip_2[2i].pos = _e36;
    let _e40 = tesserae_io_68_g[3i];
    ip_2[3i].pos = _e40;
    let _e43 = tesserae_io_84_g;
    id_1 = _e43;
    let _e44 = tesserae_io_87_g;
    pid_2 = _e44;
    let _e45 = ip_2;
    param = _e45;
    let _e46 = id_1;
    param_1 = _e46;
    let _e47 = pid_2;
    param_2 = _e47;
    let _e48 = u0040_main_u0028_struct_u002d_HSIn_u002d_vf41_u005b_4_u005d_u003b_u1_u003b_u1_u003b((&param), (&param_1), (&param_2));
    flattenTemp = _e48;
    let _e49 = tesserae_io_84_g;
    let _e51 = flattenTemp.pos;
    tesserae_io_98_g[_e49] = _e51;
    let _e53 = tesserae_io_84_g;
    let _e55 = flattenTemp.pid_main;
    tesserae_io_105_g[_e53] = _e55;
    let _e57 = tesserae_io_84_g;
    if (_e57 == bitcast<u32>(0i)) {
        let _e60 = ip_2;
        param_3 = _e60;
        let _e61 = tesserae_io_87_g;
        param_4 = _e61;
        let _e62 = pcf_u0028_struct_u002d_HSIn_u002d_vf41_u005b_4_u005d_u003b_u1_u003b((&param_3), (&param_4));
        u0040_patchConstantResult = _e62;
        let _e65 = u0040_patchConstantResult.edges[0i];
        tesserae_io_123_g[0i] = _e65;
        let _e69 = u0040_patchConstantResult.edges[1i];
        tesserae_io_123_g[1i] = _e69;
        let _e73 = u0040_patchConstantResult.edges[2i];
        tesserae_io_123_g[2i] = _e73;
        let _e77 = u0040_patchConstantResult.edges[3i];
        tesserae_io_123_g[3i] = _e77;
        let _e81 = u0040_patchConstantResult.inside[0i];
        tesserae_io_137_g[0i] = _e81;
        let _e85 = u0040_patchConstantResult.inside[1i];
        tesserae_io_137_g[1i] = _e85;
        let _e88 = u0040_patchConstantResult.pid_pcf;
        tesserae_io_144_g = _e88;
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
    tesserae_io_84_g = tesserae_lid;
    tesserae_io_87_g = tesserae_wg.x;
    let _e14 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e20 = j;
        if (_e20 >= 4u) {
            break;
        }
        let _e28 = tesserae_src[((((tesserae_wg.y * _e14) + (tesserae_wg.x * 4u)) + _e20) * 1u)];
        tesserae_io_68_g[_e20] = _e28;
        continuing {
            let _e31 = j;
            j = (_e31 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e38 = (((_e8 * 4u) + tesserae_lid) * 2u);
    let _e41 = tesserae_io_98_g[tesserae_lid];
    tesserae_cps[_e38] = _e41;
    let _e46 = tesserae_io_105_g[tesserae_lid];
    tesserae_cps[(_e38 + 1u)] = vec4<f32>(_e46, 0f, 0f, 0f);
    if (tesserae_lid == 0u) {
        let _e61 = tesserae_io_123_g[0];
        let _e64 = tesserae_io_123_g[1];
        let _e67 = tesserae_io_123_g[2];
        let _e70 = tesserae_io_123_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e61, _e64, _e67, _e70);
        let _e78 = tesserae_io_137_g[0];
        let _e81 = tesserae_io_137_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e78, _e81, 0f, 0f);
        let _e92 = tesserae_io_144_g;
        tesserae_patch_records[((_e8 * 5u) + 4u)] = vec4<f32>(_e92, 0f, 0f, 0f);
    }
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct PC {
    edges: array<f32, 4>,
    inside: array<f32, 2>,
    pid_pcf: f32,
}

struct CP {
    pos: vec4<f32>,
    pid_main: f32,
}

struct DSOut {
    pos: vec4<f32>,
    ids: vec2<f32>,
}

struct type_23 {
    @builtin(position) m0_member: vec4<f32>,
    @location(0) m1_member: vec2<f32>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec2<f32>,
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

struct TesseraeEvalOut {
    @builtin(position) position: vec4<f32>,
    @location(0) v0_: vec2<f32>,
    @location(1) @interpolate(flat) primitive_id: u32,
}

var<private> tesserae_io_64_g: array<f32, 4>;
var<private> tesserae_io_79_g: array<f32, 2>;
var<private> tesserae_io_86_g: f32;
var<private> tesserae_io_92_g: vec3<f32>;
var<private> tesserae_io_101_g: array<vec4<f32>, 4>;
var<private> tesserae_io_106_g: array<f32, 4>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_ids: vec2<f32>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(34) 
var<storage> tesserae_patch_records: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage> tesserae_levels: array<vec4<f32>>;

fn u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_4_u005d_u002d_f1_u005b_2_u005d_u002d_f11_u003b_vf2_u003b_struct_u002d_CP_u002d_vf4_u002d_f11_u005b_4_u005d_u003b(pc: ptr<function, PC>, uv: ptr<function, vec2<f32>>, p: array<CP, 4>) -> DSOut {
    var o: DSOut;

    let _e25 = (*uv)[0u];
    let _e33 = (*uv)[0u];
    let _e37 = (*uv)[1u];
    o.pos = mix(mix(p[0].pos, p[1].pos, vec4(_e25)), mix(p[2].pos, p[3].pos, vec4(_e33)), vec4(_e37));
    let _e42 = (*pc).pid_pcf;
    o.ids = vec2<f32>(_e42, p[2].pid_main);
    let _e47 = o;
    return _e47;
}

fn main() {
    var pc_1: PC;
    var uv_1: vec2<f32>;
    var p_1: array<CP, 4>;
    var flattenTemp: DSOut;
    var param: PC;
    var param_1: vec2<f32>;

    let _e23 = tesserae_io_64_g[0i];
    pc_1.edges[0i] = _e23;
    let _e27 = tesserae_io_64_g[1i];
    pc_1.edges[1i] = _e27;
    let _e31 = tesserae_io_64_g[2i];
    pc_1.edges[2i] = _e31;
    let _e35 = tesserae_io_64_g[3i];
    pc_1.edges[3i] = _e35;
    let _e39 = tesserae_io_79_g[0i];
    pc_1.inside[0i] = _e39;
    let _e43 = tesserae_io_79_g[1i];
    pc_1.inside[1i] = _e43;
    let _e46 = tesserae_io_86_g;
    pc_1.pid_pcf = _e46;
    let _e48 = tesserae_io_92_g;
    uv_1 = vec2<f32>(_e48.x, _e48.y);
    let _e53 = tesserae_io_101_g[0i];
    p_1[0i].pos = _e53;
    let _e57 = tesserae_io_106_g[0i];
    p_1[0i].pid_main = _e57;
    let _e61 = tesserae_io_101_g[1i];
    p_1[1i].pos = _e61;
    let _e65 = tesserae_io_106_g[1i];
    p_1[1i].pid_main = _e65;
    let _e69 = tesserae_io_101_g[2i];
    p_1[2i].pos = _e69;
    let _e73 = tesserae_io_106_g[2i];
    p_1[2i].pid_main = _e73;
    let _e77 = tesserae_io_101_g[3i];
    p_1[3i].pos = _e77;
    let _e81 = tesserae_io_106_g[3i];
    p_1[3i].pid_main = _e81;
    let _e84 = p_1;
    let _e85 = pc_1;
    param = _e85;
    let _e86 = uv_1;
    param_1 = _e86;
    let _e87 = u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_4_u005d_u002d_f1_u005b_2_u005d_u002d_f11_u003b_vf2_u003b_struct_u002d_CP_u002d_vf4_u002d_f11_u005b_4_u005d_u003b((&param), (&param_1), _e84);
    flattenTemp = _e87;
    let _e89 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e89;
    let _e91 = flattenTemp.ids;
    u0040_entryPointOutput_u002e_ids = _e91;
    return;
}

fn tesserae_vertex() -> TesseraeVertexOut {
    main();
    let _e3 = u0040_entryPointOutput_u002e_pos.y;
    u0040_entryPointOutput_u002e_pos.y = -(_e3);
    let _e5 = u0040_entryPointOutput_u002e_pos;
    let _e6 = u0040_entryPointOutput_u002e_ids;
    return TesseraeVertexOut(_e5, _e6);
}

@vertex 
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_point: u32) -> TesseraeEvalOut {
    var j: u32;

    let _e3 = tesserae_domain[tesserae_point];
    let _e5 = bitcast<u32>(_e3.w);
    tesserae_io_92_g = _e3.xyz;
    let _e13 = tesserae_levels[(2u * _e5)];
    tesserae_io_64_g[0] = _e13.x;
    let _e21 = tesserae_levels[(2u * _e5)];
    tesserae_io_64_g[1] = _e21.y;
    let _e29 = tesserae_levels[(2u * _e5)];
    tesserae_io_64_g[2] = _e29.z;
    let _e37 = tesserae_levels[(2u * _e5)];
    tesserae_io_64_g[3] = _e37.w;
    let _e47 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_79_g[0] = _e47.x;
    let _e57 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_79_g[1] = _e57.y;
    j = 0u;
    loop {
        let _e64 = j;
        if (_e64 >= 4u) {
            break;
        }
        let _e69 = (((_e5 * 4u) + _e64) * 2u);
        let _e72 = tesserae_cps[_e69];
        tesserae_io_101_g[_e64] = _e72;
        let _e79 = tesserae_cps[(_e69 + 1u)];
        tesserae_io_106_g[_e64] = _e79.x;
        continuing {
            let _e83 = j;
            j = (_e83 + 1u);
        }
    }
    let _e92 = tesserae_patch_records[((_e5 * 5u) + 4u)];
    tesserae_io_86_g = _e92.x;
    let _e95 = tesserae_vertex();
    let _e100 = tesserae_draw.primitives;
    return TesseraeEvalOut(_e95.out0_member, _e95.out1_member, (_e5 % max(_e100, 1u)));
}
// pass `tessellation evaluation`, fragment stage
struct PSIn {
    pos: vec4<f32>,
    ids: vec2<f32>,
}

var<private> i_u002e_pos_1: vec4<f32>;
var<private> i_u002e_ids_1: vec2<f32>;
var<private> pid_3: u32;
var<private> u0040_entryPointOutput: vec4<f32>;

fn u0040_main_u0028_struct_u002d_PSIn_u002d_vf4_u002d_vf21_u003b_u1_u003b(i: ptr<function, PSIn>, pid_1: ptr<function, u32>) -> vec4<f32> {
    let _e17 = (*i).ids[0u];
    let _e20 = (*pid_1);
    let _e26 = (*i).ids[1u];
    return vec4<f32>((0.25f + (0.25f * _e17)), (0.75f - (0.25f * f32(_e20))), (0.2f + (0.3f * _e26)), 1f);
}

fn main_1() {
    var i_1: PSIn;
    var pid_2: u32;
    var param: PSIn;
    var param_1: u32;

    let _e17 = i_u002e_pos_1;
    i_1.pos = _e17;
    let _e19 = i_u002e_ids_1;
    i_1.ids = _e19;
    let _e21 = pid_3;
    pid_2 = _e21;
    let _e22 = i_1;
    param = _e22;
    let _e23 = pid_2;
    param_1 = _e23;
    let _e24 = u0040_main_u0028_struct_u002d_PSIn_u002d_vf4_u002d_vf21_u003b_u1_u003b((&param), (&param_1));
    u0040_entryPointOutput = _e24;
    return;
}

@fragment 
fn main(@builtin(position) i_u002e_pos: vec4<f32>, @location(0) i_u002e_ids: vec2<f32>, @location(1) @interpolate(flat) pid: u32) -> @location(0) vec4<f32> {
    i_u002e_pos_1 = i_u002e_pos;
    i_u002e_ids_1 = i_u002e_ids;
    pid_3 = pid;
    main_1();
    let _e7 = u0040_entryPointOutput;
    return _e7;
}
