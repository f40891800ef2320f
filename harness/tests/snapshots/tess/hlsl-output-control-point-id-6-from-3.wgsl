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
    edges: array<f32, 3>,
    inside: f32,
}

struct CP {
    pos: vec4<f32>,
    k: f32,
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

var<private> tesserae_io_81_g: array<vec4<f32>, 3>;
var<private> tesserae_io_94_g: u32;
var<workgroup> tesserae_io_105_g: array<vec4<f32>, 6>;
var<workgroup> tesserae_io_113_g: array<f32, 6>;
var<workgroup> tesserae_io_131_g: array<f32, 4>;
var<workgroup> tesserae_io_143_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn pcf_u0028_struct_u002d_HSIn_u002d_vf41_u005b_3_u005d_u003b(ip: ptr<function, array<HSIn, 3>>) -> PC {
    var o: PC;

    o.edges[0i] = 3f;
    o.edges[1i] = 2f;
    o.edges[2i] = 4f;
    o.inside = 3f;
    let _e28 = o;
    return _e28;
}

fn u0040_main_u0028_struct_u002d_HSIn_u002d_vf41_u005b_3_u005d_u003b_u1_u003b(ip_1: ptr<function, array<HSIn, 3>>, id: ptr<function, u32>) -> CP {
    var o_1: CP;

    let _e22 = (*id);
    if (_e22 < 3u) {
        let _e24 = (*id);
        let _e27 = (*ip_1)[_e24].pos;
        o_1.pos = _e27;
    } else {
        let _e29 = (*id);
        let _e33 = (*ip_1)[(_e29 - 3u)].pos;
        let _e34 = (*id);
        let _e39 = (*ip_1)[((_e34 - 2u) % 3u)].pos;
        o_1.pos = ((_e33 + _e39) * 0.5f);
    }
    let _e43 = (*id);
    o_1.k = (f32(_e43) / 8f);
    let _e47 = o_1;
    return _e47;
}

fn main() {
    var ip_2: array<HSIn, 3>;
    var id_1: u32;
    var flattenTemp: CP;
    var param: array<HSIn, 3>;
    var param_1: u32;
    var u0040_patchConstantResult: PC;
    var param_2: array<HSIn, 3>;

    let _e27 = tesserae_io_81_g[0i];
    ip_2[0i].pos = _e27;
    let _e31 = tesserae_io_81_g[1i];
    ip_2[1i].pos = _e31;
    let _e35 = tesserae_io_81_g[2i];
    ip_2[2i].pos = _e35;
    let _e38 = tesserae_io_94_g;
    id_1 = _e38;
    let _e39 = ip_2;
    param = _e39;
    let _e40 = id_1;
    param_1 = _e40;
    let _e41 = u0040_main_u0028_struct_u002d_HSIn_u002d_vf41_u005b_3_u005d_u003b_u1_u003b((&param), (&param_1));
    flattenTemp = _e41;
    let _e42 = tesserae_io_94_g;
    let _e44 = flattenTemp.pos;
    tesserae_io_105_g[_e42] = _e44;
    let _e46 = tesserae_io_94_g;
    let _e48 = flattenTemp.k;
    tesserae_io_113_g[_e46] = _e48;
    let _e50 = tesserae_io_94_g;
    if (_e50 == bitcast<u32>(0i)) {
        let _e53 = ip_2;
        param_2 = _e53;
        let _e54 = pcf_u0028_struct_u002d_HSIn_u002d_vf41_u005b_3_u005d_u003b((&param_2));
        u0040_patchConstantResult = _e54;
        let _e57 = u0040_patchConstantResult.edges[0i];
        tesserae_io_131_g[0i] = _e57;
        let _e61 = u0040_patchConstantResult.edges[1i];
        tesserae_io_131_g[1i] = _e61;
        let _e65 = u0040_patchConstantResult.edges[2i];
        tesserae_io_131_g[2i] = _e65;
        let _e68 = u0040_patchConstantResult.inside;
        tesserae_io_143_g[0i] = _e68;
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
    tesserae_io_94_g = tesserae_lid;
    let _e13 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e19 = j;
        if (_e19 >= 3u) {
            break;
        }
        let _e27 = tesserae_src[((((tesserae_wg.y * _e13) + (tesserae_wg.x * 3u)) + _e19) * 1u)];
        tesserae_io_81_g[_e19] = _e27;
        continuing {
            let _e30 = j;
            j = (_e30 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e37 = (((_e8 * 6u) + tesserae_lid) * 2u);
    let _e40 = tesserae_io_105_g[tesserae_lid];
    tesserae_cps[_e37] = _e40;
    let _e45 = tesserae_io_113_g[tesserae_lid];
    tesserae_cps[(_e37 + 1u)] = vec4<f32>(_e45, 0f, 0f, 0f);
    if (tesserae_lid == 0u) {
        let _e60 = tesserae_io_131_g[0];
        let _e63 = tesserae_io_131_g[1];
        let _e66 = tesserae_io_131_g[2];
        let _e69 = tesserae_io_131_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e60, _e63, _e66, _e69);
        let _e77 = tesserae_io_143_g[0];
        let _e80 = tesserae_io_143_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e77, _e80, 0f, 0f);
    }
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct PC {
    edges: array<f32, 3>,
    inside: f32,
}

struct CP {
    pos: vec4<f32>,
    k: f32,
}

struct DSOut {
    pos: vec4<f32>,
    col: vec4<f32>,
}

struct type_24 {
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

var<private> tesserae_io_104_g: array<f32, 4>;
var<private> tesserae_io_117_g: array<f32, 2>;
var<private> tesserae_io_123_g: vec3<f32>;
var<private> tesserae_io_129_g: array<vec4<f32>, 6>;
var<private> tesserae_io_136_g: array<f32, 6>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_col: vec4<f32>;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage> tesserae_levels: array<vec4<f32>>;

fn u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_3_u005d_u002d_f11_u003b_vf3_u003b_struct_u002d_CP_u002d_vf4_u002d_f11_u005b_6_u005d_u003b(pc: ptr<function, PC>, t: ptr<function, vec3<f32>>, p: array<CP, 6>) -> DSOut {
    var o: DSOut;

    let _e26 = (*t)[0u];
    let _e28 = (*t)[0u];
    let _e34 = (*t)[1u];
    let _e36 = (*t)[1u];
    let _e43 = (*t)[2u];
    let _e45 = (*t)[2u];
    let _e52 = (*t)[0u];
    let _e55 = (*t)[1u];
    let _e62 = (*t)[1u];
    let _e65 = (*t)[2u];
    let _e72 = (*t)[2u];
    let _e75 = (*t)[0u];
    o.pos = ((((((p[0].pos * (_e26 * _e28)) + (p[1].pos * (_e34 * _e36))) + (p[2].pos * (_e43 * _e45))) + (p[3].pos * ((2f * _e52) * _e55))) + (p[4].pos * ((2f * _e62) * _e65))) + (p[5].pos * ((2f * _e72) * _e75)));
    o.col = vec4<f32>(p[5].k, p[3].k, p[4].k, 1f);
    let _e90 = o;
    return _e90;
}

fn main() {
    var pc_1: PC;
    var t_1: vec3<f32>;
    var p_1: array<CP, 6>;
    var flattenTemp: DSOut;
    var param: PC;
    var param_1: vec3<f32>;

    let _e28 = tesserae_io_104_g[0i];
    pc_1.edges[0i] = _e28;
    let _e32 = tesserae_io_104_g[1i];
    pc_1.edges[1i] = _e32;
    let _e36 = tesserae_io_104_g[2i];
    pc_1.edges[2i] = _e36;
    let _e40 = tesserae_io_117_g[0i];
    pc_1.inside = _e40;
    let _e42 = tesserae_io_123_g;
    t_1 = _e42;
    let _e44 = tesserae_io_129_g[0i];
    p_1[0i].pos = _e44;
    let _e48 = tesserae_io_136_g[0i];
    p_1[0i].k = _e48;
    let _e52 = tesserae_io_129_g[1i];
    p_1[1i].pos = _e52;
    let _e56 = tesserae_io_136_g[1i];
    p_1[1i].k = _e56;
    let _e60 = tesserae_io_129_g[2i];
    p_1[2i].pos = _e60;
    let _e64 = tesserae_io_136_g[2i];
    p_1[2i].k = _e64;
    let _e68 = tesserae_io_129_g[3i];
    p_1[3i].pos = _e68;
    let _e72 = tesserae_io_136_g[3i];
    p_1[3i].k = _e72;
    let _e76 = tesserae_io_129_g[4i];
    p_1[4i].pos = _e76;
    let _e80 = tesserae_io_136_g[4i];
    p_1[4i].k = _e80;
    let _e84 = tesserae_io_129_g[5i];
    p_1[5i].pos = _e84;
    let _e88 = tesserae_io_136_g[5i];
    p_1[5i].k = _e88;
    let _e91 = p_1;
    let _e92 = pc_1;
    param = _e92;
    let _e93 = t_1;
    param_1 = _e93;
    let _e94 = u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_3_u005d_u002d_f11_u003b_vf3_u003b_struct_u002d_CP_u002d_vf4_u002d_f11_u005b_6_u005d_u003b((&param), (&param_1), _e91);
    flattenTemp = _e94;
    let _e96 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e96;
    let _e98 = flattenTemp.col;
    u0040_entryPointOutput_u002e_col = _e98;
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
    tesserae_io_123_g = _e3.xyz;
    let _e13 = tesserae_levels[(2u * _e5)];
    tesserae_io_104_g[0] = _e13.x;
    let _e21 = tesserae_levels[(2u * _e5)];
    tesserae_io_104_g[1] = _e21.y;
    let _e29 = tesserae_levels[(2u * _e5)];
    tesserae_io_104_g[2] = _e29.z;
    let _e37 = tesserae_levels[(2u * _e5)];
    tesserae_io_104_g[3] = _e37.w;
    let _e47 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_117_g[0] = _e47.x;
    let _e57 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_117_g[1] = _e57.y;
    j = 0u;
    loop {
        let _e64 = j;
        if (_e64 >= 6u) {
            break;
        }
        let _e69 = (((_e5 * 6u) + _e64) * 2u);
        let _e72 = tesserae_cps[_e69];
        tesserae_io_129_g[_e64] = _e72;
        let _e79 = tesserae_cps[(_e69 + 1u)];
        tesserae_io_136_g[_e64] = _e79.x;
        continuing {
            let _e83 = j;
            j = (_e83 + 1u);
        }
    }
    let _e86 = tesserae_vertex();
    return TesseraeEvalOut(_e86.out0_member, _e86.out1_member);
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
