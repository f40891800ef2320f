// pass `vertex`, vertex stage
struct VSIn {
    pos: vec2<f32>,
    col: vec4<f32>,
}

struct VSOut {
    pos: vec4<f32>,
    col: vec4<f32>,
}

struct type_10 {
    @builtin(position) m0_member: vec4<f32>,
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

var<private> i_u002e_pos_1: vec2<f32>;
var<private> i_u002e_col_1: vec4<f32>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_col: vec4<f32>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn u0040_main_u0028_struct_u002d_VSIn_u002d_vf2_u002d_vf41_u003b(i: ptr<function, VSIn>) -> VSOut {
    var o: VSOut;

    let _e11 = (*i).pos;
    o.pos = vec4<f32>(_e11.x, _e11.y, 0f, 1f);
    let _e17 = (*i).col;
    o.col = _e17;
    let _e19 = o;
    return _e19;
}

fn main() {
    var i_1: VSIn;
    var flattenTemp: VSOut;
    var param: VSIn;

    let _e11 = i_u002e_pos_1;
    i_1.pos = _e11;
    let _e13 = i_u002e_col_1;
    i_1.col = _e13;
    let _e15 = i_1;
    param = _e15;
    let _e16 = u0040_main_u0028_struct_u002d_VSIn_u002d_vf2_u002d_vf41_u003b((&param));
    flattenTemp = _e16;
    let _e18 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e18;
    let _e20 = flattenTemp.col;
    u0040_entryPointOutput_u002e_col = _e20;
    return;
}

fn tesserae_vertex(i_u002e_pos: vec2<f32>, i_u002e_col: vec4<f32>) -> TesseraeVertexOut {
    i_u002e_pos_1 = i_u002e_pos;
    i_u002e_col_1 = i_u002e_col;
    main();
    let _e6 = u0040_entryPointOutput_u002e_pos;
    let _e7 = u0040_entryPointOutput_u002e_col;
    return TesseraeVertexOut(_e6, _e7);
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
struct HSIn {
    pos: vec4<f32>,
    col: vec4<f32>,
}

struct PC {
    edges: array<f32, 4>,
    inside: array<f32, 2>,
    avg: vec4<f32>,
    extra: vec2<f32>,
}

struct CP {
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

var<private> tesserae_io_88_g: array<vec4<f32>, 4>;
var<private> tesserae_io_93_g: array<vec4<f32>, 4>;
var<private> tesserae_io_117_g: u32;
var<workgroup> tesserae_io_120_g: array<vec4<f32>, 4>;
var<private> tesserae_io_137_g: u32;
var<workgroup> tesserae_io_144_g: array<f32, 4>;
var<workgroup> tesserae_io_159_g: array<f32, 2>;
var<workgroup> tesserae_io_166_g: vec4<f32>;
var<workgroup> tesserae_io_170_g: vec2<f32>;
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

fn pcf_u0028_struct_u002d_HSIn_u002d_vf4_u002d_vf41_u005b_4_u005d_u003b_u1_u003b(ip: ptr<function, array<HSIn, 4>>, pid: ptr<function, u32>) -> PC {
    var o: PC;

    o.edges[0i] = 1.5f;
    o.edges[1i] = 2.5f;
    o.edges[2i] = 3.5f;
    o.edges[3i] = 4.5f;
    o.inside[0i] = 2.5f;
    o.inside[1i] = 1.5f;
    let _e40 = (*ip)[0i].col;
    let _e43 = (*ip)[1i].col;
    let _e47 = (*ip)[2i].col;
    let _e51 = (*ip)[3i].col;
    o.avg = ((((_e40 + _e43) + _e47) + _e51) * 0.25f);
    let _e55 = (*pid);
    let _e61 = (*ip)[3i].col[3u];
    o.extra = vec2<f32>((0.5f * f32(_e55)), _e61);
    let _e64 = o;
    return _e64;
}

fn u0040_main_u0028_struct_u002d_HSIn_u002d_vf4_u002d_vf41_u005b_4_u005d_u003b_u1_u003b(ip_1: ptr<function, array<HSIn, 4>>, id: ptr<function, u32>) -> CP {
    var o_1: CP;

    let _e26 = (*id);
    let _e29 = (*ip_1)[_e26].pos;
    o_1.pos = _e29;
    let _e31 = o_1;
    return _e31;
}

fn main() {
    var ip_2: array<HSIn, 4>;
    var id_1: u32;
    var param: array<HSIn, 4>;
    var param_1: u32;
    var u0040_patchConstantResult: PC;
    var param_2: array<HSIn, 4>;
    var param_3: u32;

    let _e31 = tesserae_io_88_g[0i];
    ip_2[0i].pos = _e31;
    let _e35 = tesserae_io_93_g[0i];
    ip_2[0i].col = _e35;
    let _e39 = tesserae_io_88_g[1i];
    ip_2[1i].pos = _e39;
    let _e43 = tesserae_io_93_g[1i];
    ip_2[1i].col = _e43;
    let _e47 = tesserae_io_88_g[2i];
    ip_2[2i].pos = _e47;
    let _e51 = tesserae_io_93_g[2i];
    ip_2[2i].col = _e51;
    let _e55 = tesserae_io_88_g[3i];
    ip_2[3i].pos = _e55;
    let _e59 = tesserae_io_93_g[3i];
    ip_2[3i].col = _e59;
    let _e62 = tesserae_io_117_g;
    id_1 = _e62;
    let _e63 = tesserae_io_117_g;
    let _e64 = ip_2;
    param = _e64;
    let _e65 = id_1;
    param_1 = _e65;
    let _e66 = u0040_main_u0028_struct_u002d_HSIn_u002d_vf4_u002d_vf41_u005b_4_u005d_u003b_u1_u003b((&param), (&param_1));
    tesserae_io_120_g[_e63] = _e66.pos;
    let _e69 = tesserae_io_117_g;
    if (_e69 == bitcast<u32>(0i)) {
        let _e72 = ip_2;
        param_2 = _e72;
        let _e73 = tesserae_io_137_g;
        param_3 = _e73;
        let _e74 = pcf_u0028_struct_u002d_HSIn_u002d_vf4_u002d_vf41_u005b_4_u005d_u003b_u1_u003b((&param_2), (&param_3));
        u0040_patchConstantResult = _e74;
        let _e77 = u0040_patchConstantResult.edges[0i];
        tesserae_io_144_g[0i] = _e77;
        let _e81 = u0040_patchConstantResult.edges[1i];
        tesserae_io_144_g[1i] = _e81;
        let _e85 = u0040_patchConstantResult.edges[2i];
        tesserae_io_144_g[2i] = _e85;
        let _e89 = u0040_patchConstantResult.edges[3i];
        tesserae_io_144_g[3i] = _e89;
        let _e93 = u0040_patchConstantResult.inside[0i];
        tesserae_io_159_g[0i] = _e93;
        let _e97 = u0040_patchConstantResult.inside[1i];
        tesserae_io_159_g[1i] = _e97;
        let _e100 = u0040_patchConstantResult.avg;
        tesserae_io_166_g = _e100;
        let _e102 = u0040_patchConstantResult.extra;
        tesserae_io_170_g = _e102;
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
    tesserae_io_117_g = tesserae_lid;
    tesserae_io_137_g = tesserae_wg.x;
    let _e14 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e20 = j;
        if (_e20 >= 4u) {
            break;
        }
        let _e25 = ((((tesserae_wg.y * _e14) + (tesserae_wg.x * 4u)) + _e20) * 2u);
        let _e28 = tesserae_src[_e25];
        tesserae_io_88_g[_e20] = _e28;
        let _e35 = tesserae_src[(_e25 + 1u)];
        tesserae_io_93_g[_e20] = _e35;
        continuing {
            let _e38 = j;
            j = (_e38 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e48 = tesserae_io_120_g[tesserae_lid];
    tesserae_cps[(((_e8 * 4u) + tesserae_lid) * 1u)] = _e48;
    if (tesserae_lid == 0u) {
        let _e54 = (_e8 * 6u);
        let _e57 = tesserae_io_144_g[0];
        let _e60 = tesserae_io_144_g[1];
        let _e63 = tesserae_io_144_g[2];
        let _e66 = tesserae_io_144_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e57, _e60, _e63, _e66);
        let _e74 = tesserae_io_159_g[0];
        let _e77 = tesserae_io_159_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e74, _e77, 0f, 0f);
        let _e88 = tesserae_io_166_g;
        tesserae_patch_records[(_e54 + 4u)] = _e88;
        let _e94 = tesserae_io_170_g;
        tesserae_patch_records[(_e54 + 5u)] = vec4<f32>(_e94, 0f, 0f);
    }
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct PC {
    edges: array<f32, 4>,
    inside: array<f32, 2>,
    avg: vec4<f32>,
    extra: vec2<f32>,
}

struct CP {
    pos: vec4<f32>,
}

struct DSOut {
    pos: vec4<f32>,
    col: vec4<f32>,
}

struct type_23 {
    @builtin(position) m0_member: vec4<f32>,
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

var<private> tesserae_io_73_g: array<f32, 4>;
var<private> tesserae_io_88_g: array<f32, 2>;
var<private> tesserae_io_96_g: vec4<f32>;
var<private> tesserae_io_100_g: vec2<f32>;
var<private> tesserae_io_106_g: vec3<f32>;
var<private> tesserae_io_115_g: array<vec4<f32>, 4>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_col: vec4<f32>;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(34) 
var<storage> tesserae_patch_records: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage> tesserae_levels: array<vec4<f32>>;

fn u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_4_u005d_u002d_f1_u005b_2_u005d_u002d_vf4_u002d_vf21_u003b_vf2_u003b_struct_u002d_CP_u002d_vf41_u005b_4_u005d_u003b(pc: ptr<function, PC>, uv: ptr<function, vec2<f32>>, p: array<CP, 4>) -> DSOut {
    var o: DSOut;

    let _e25 = (*uv)[0u];
    let _e33 = (*uv)[0u];
    let _e37 = (*uv)[1u];
    o.pos = mix(mix(p[0].pos, p[1].pos, vec4(_e25)), mix(p[2].pos, p[3].pos, vec4(_e33)), vec4(_e37));
    let _e42 = (*pc).avg;
    let _e43 = _e42.xy;
    let _e46 = (*pc).avg[2u];
    let _e49 = (*pc).extra[0u];
    let _e53 = (*pc).extra[1u];
    o.col = vec4<f32>(_e43.x, _e43.y, (_e46 + _e49), _e53);
    let _e58 = o;
    return _e58;
}

fn main() {
    var pc_1: PC;
    var uv_1: vec2<f32>;
    var p_1: array<CP, 4>;
    var flattenTemp: DSOut;
    var param: PC;
    var param_1: vec2<f32>;

    let _e23 = tesserae_io_73_g[0i];
    pc_1.edges[0i] = _e23;
    let _e27 = tesserae_io_73_g[1i];
    pc_1.edges[1i] = _e27;
    let _e31 = tesserae_io_73_g[2i];
    pc_1.edges[2i] = _e31;
    let _e35 = tesserae_io_73_g[3i];
    pc_1.edges[3i] = _e35;
    let _e39 = tesserae_io_88_g[0i];
    pc_1.inside[0i] = _e39;
    let _e43 = tesserae_io_88_g[1i];
    pc_1.inside[1i] = _e43;
    let _e46 = tesserae_io_96_g;
    pc_1.avg = _e46;
    let _e48 = tesserae_io_100_g;
    pc_1.extra = _e48;
    let _e50 = tesserae_io_106_g;
    uv_1 = vec2<f32>(_e50.x, _e50.y);
    let _e55 = tesserae_io_115_g[0i];
    p_1[0i].pos = _e55;
    let _e59 = tesserae_io_115_g[1i];
    p_1[1i].pos = _e59;
    let _e63 = tesserae_io_115_g[2i];
    p_1[2i].pos = _e63;
    let _e67 = tesserae_io_115_g[3i];
    p_1[3i].pos = _e67;
    let _e70 = p_1;
    let _e71 = pc_1;
    param = _e71;
    let _e72 = uv_1;
    param_1 = _e72;
    let _e73 = u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_4_u005d_u002d_f1_u005b_2_u005d_u002d_vf4_u002d_vf21_u003b_vf2_u003b_struct_u002d_CP_u002d_vf41_u005b_4_u005d_u003b((&param), (&param_1), _e70);
    flattenTemp = _e73;
    let _e75 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e75;
    let _e77 = flattenTemp.col;
    u0040_entryPointOutput_u002e_col = _e77;
    return;
}

fn tesserae_vertex() -> TesseraeVertexOut {
    main();
    let _e3 = u0040_entryPointOutput_u002e_pos.y;
    u0040_entryPointOutput_u002e_pos.y = -(_e3);
    let _e5 = u0040_entryPointOutput_u002e_pos;
    let _e6 = u0040_entryPointOutput_u002e_col;
    return TesseraeVertexOut(_e5, _e6);
}

@vertex 
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_point: u32) -> TesseraeEvalOut {
    var j: u32;

    let _e3 = tesserae_domain[tesserae_point];
    let _e5 = bitcast<u32>(_e3.w);
    tesserae_io_106_g = _e3.xyz;
    let _e13 = tesserae_levels[(2u * _e5)];
    tesserae_io_73_g[0] = _e13.x;
    let _e21 = tesserae_levels[(2u * _e5)];
    tesserae_io_73_g[1] = _e21.y;
    let _e29 = tesserae_levels[(2u * _e5)];
    tesserae_io_73_g[2] = _e29.z;
    let _e37 = tesserae_levels[(2u * _e5)];
    tesserae_io_73_g[3] = _e37.w;
    let _e47 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_88_g[0] = _e47.x;
    let _e57 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_88_g[1] = _e57.y;
    j = 0u;
    loop {
        let _e64 = j;
        if (_e64 >= 4u) {
            break;
        }
        let _e72 = tesserae_cps[(((_e5 * 4u) + _e64) * 1u)];
        tesserae_io_115_g[_e64] = _e72;
        continuing {
            let _e75 = j;
            j = (_e75 + 1u);
        }
    }
    let _e79 = (_e5 * 6u);
    let _e84 = tesserae_patch_records[(_e79 + 4u)];
    tesserae_io_96_g = _e84;
    let _e90 = tesserae_patch_records[(_e79 + 5u)];
    tesserae_io_100_g = _e90.xy;
    let _e93 = tesserae_vertex();
    return TesseraeEvalOut(_e93.out0_member, _e93.out1_member);
}
// pass `tessellation evaluation`, fragment stage
struct PSIn {
    pos: vec4<f32>,
    col: vec4<f32>,
}

var<private> i_u002e_pos_1: vec4<f32>;
var<private> i_u002e_col_1: vec4<f32>;
var<private> u0040_entryPointOutput: vec4<f32>;

fn u0040_main_u0028_struct_u002d_PSIn_u002d_vf4_u002d_vf41_u003b(i: ptr<function, PSIn>) -> vec4<f32> {
    let _e7 = (*i).col;
    return _e7;
}

fn main_1() {
    var i_1: PSIn;
    var param: PSIn;

    let _e7 = i_u002e_pos_1;
    i_1.pos = _e7;
    let _e9 = i_u002e_col_1;
    i_1.col = _e9;
    let _e11 = i_1;
    param = _e11;
    let _e12 = u0040_main_u0028_struct_u002d_PSIn_u002d_vf4_u002d_vf41_u003b((&param));
    u0040_entryPointOutput = _e12;
    return;
}

@fragment 
fn main(@builtin(position) i_u002e_pos: vec4<f32>, @location(0) i_u002e_col: vec4<f32>) -> @location(0) vec4<f32> {
    i_u002e_pos_1 = i_u002e_pos;
    i_u002e_col_1 = i_u002e_col;
    main_1();
    let _e5 = u0040_entryPointOutput;
    return _e5;
}
