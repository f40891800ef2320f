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
struct CP {
    pos: vec4<f32>,
}

struct PC {
    edges: array<f32, 3>,
    inside: f32,
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

var<private> tesserae_io_52_g: array<vec4<f32>, 3>;
var<private> tesserae_io_66_g: u32;
var<workgroup> tesserae_io_69_g: array<vec4<f32>, 3>;
var<workgroup> tesserae_io_93_g: array<f32, 4>;
var<workgroup> tesserae_io_106_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn pcf_u0028_struct_u002d_CP_u002d_vf41_u005b_3_u005d_u003b(ip: ptr<function, array<CP, 3>>) -> PC {
    var o: PC;

    o.edges[0i] = 1.5f;
    o.edges[1i] = 2.2f;
    o.edges[2i] = 4f;
    o.inside = 3.4f;
    let _e25 = o;
    return _e25;
}

fn u0040_main_u0028_struct_u002d_CP_u002d_vf41_u005b_3_u005d_u003b_u1_u003b(ip_1: ptr<function, array<CP, 3>>, id: ptr<function, u32>) -> CP {
    let _e18 = (*id);
    let _e20 = (*ip_1)[_e18];
    return _e20;
}

fn main() {
    var ip_2: array<CP, 3>;
    var id_1: u32;
    var param: array<CP, 3>;
    var param_1: u32;
    var u0040_patchConstantResult: PC;
    var param_2: array<CP, 3>;

    let _e23 = tesserae_io_52_g[0i];
    ip_2[0i].pos = _e23;
    let _e27 = tesserae_io_52_g[1i];
    ip_2[1i].pos = _e27;
    let _e31 = tesserae_io_52_g[2i];
    ip_2[2i].pos = _e31;
    let _e34 = tesserae_io_66_g;
    id_1 = _e34;
    let _e35 = tesserae_io_66_g;
    let _e36 = ip_2;
    param = _e36;
    let _e37 = id_1;
    param_1 = _e37;
    let _e38 = u0040_main_u0028_struct_u002d_CP_u002d_vf41_u005b_3_u005d_u003b_u1_u003b((&param), (&param_1));
    tesserae_io_69_g[_e35] = _e38.pos;
    let _e41 = tesserae_io_66_g;
    if (_e41 == bitcast<u32>(0i)) {
        let _e44 = ip_2;
        param_2 = _e44;
        let _e45 = pcf_u0028_struct_u002d_CP_u002d_vf41_u005b_3_u005d_u003b((&param_2));
        u0040_patchConstantResult = _e45;
        let _e48 = u0040_patchConstantResult.edges[0i];
        tesserae_io_93_g[0i] = _e48;
        let _e52 = u0040_patchConstantResult.edges[1i];
        tesserae_io_93_g[1i] = _e52;
        let _e56 = u0040_patchConstantResult.edges[2i];
        tesserae_io_93_g[2i] = _e56;
        let _e59 = u0040_patchConstantResult.inside;
        tesserae_io_106_g[0i] = _e59;
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
    tesserae_io_66_g = tesserae_lid;
    let _e13 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e19 = j;
        if (_e19 >= 3u) {
            break;
        }
        let _e27 = tesserae_src[((((tesserae_wg.y * _e13) + (tesserae_wg.x * 3u)) + _e19) * 1u)];
        tesserae_io_52_g[_e19] = _e27;
        continuing {
            let _e30 = j;
            j = (_e30 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e40 = tesserae_io_69_g[tesserae_lid];
    tesserae_cps[(((_e8 * 3u) + tesserae_lid) * 1u)] = _e40;
    if (tesserae_lid == 0u) {
        let _e49 = tesserae_io_93_g[0];
        let _e52 = tesserae_io_93_g[1];
        let _e55 = tesserae_io_93_g[2];
        let _e58 = tesserae_io_93_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e49, _e52, _e55, _e58);
        let _e66 = tesserae_io_106_g[0];
        let _e69 = tesserae_io_106_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e66, _e69, 0f, 0f);
    }
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct PC {
    edges: array<f32, 3>,
    inside: f32,
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

var<private> tesserae_io_165_g: array<f32, 4>;
var<private> tesserae_io_178_g: array<f32, 2>;
var<private> tesserae_io_184_g: vec3<f32>;
var<private> tesserae_io_190_g: array<vec4<f32>, 3>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_col: vec4<f32>;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage> tesserae_levels: array<vec4<f32>>;

fn tent_u0028_f1_u003b(x: ptr<function, f32>) -> f32 {
    let _e22 = (*x);
    let _e23 = (*x);
    return (2f * abs((_e22 - round(_e23))));
}

fn u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_3_u005d_u002d_f11_u003b_vf3_u003b_struct_u002d_CP_u002d_vf41_u005b_3_u005d_u003b(pc: ptr<function, PC>, t: ptr<function, vec3<f32>>, p: array<CP, 3>) -> DSOut {
    var o: DSOut;
    var m: f32;
    var g: f32;
    var param: f32;
    var param_1: f32;
    var param_2: f32;
    var param_3: f32;
    var param_4: f32;
    var param_5: f32;
    var param_6: f32;

    let _e35 = (*t)[0u];
    let _e40 = (*t)[1u];
    let _e46 = (*t)[2u];
    o.pos = (((p[0].pos * _e35) + (p[1].pos * _e40)) + (p[2].pos * _e46));
    let _e53 = (*t)[0u];
    let _e55 = (*t)[1u];
    let _e57 = (*t)[2u];
    m = min(_e53, min(_e55, _e57));
    let _e60 = m;
    param = (6f * _e60);
    let _e62 = tent_u0028_f1_u003b((&param));
    g = _e62;
    let _e63 = m;
    if (_e63 > 0.00001f) {
        let _e66 = (*t)[0u];
        let _e67 = m;
        param_1 = (4f * (_e66 - _e67));
        let _e70 = tent_u0028_f1_u003b((&param_1));
        let _e72 = (*t)[1u];
        let _e73 = m;
        param_2 = (4f * (_e72 - _e73));
        let _e76 = tent_u0028_f1_u003b((&param_2));
        let _e79 = (*t)[2u];
        let _e80 = m;
        param_3 = (4f * (_e79 - _e80));
        let _e83 = tent_u0028_f1_u003b((&param_3));
        let _e85 = g;
        g = (_e85 + ((_e70 + _e76) + _e83));
    }
    let _e88 = (*t)[0u];
    if (_e88 < 0.00001f) {
        let _e91 = (*t)[1u];
        param_4 = (_e91 * 2f);
        let _e93 = tent_u0028_f1_u003b((&param_4));
        let _e94 = g;
        g = (_e94 + _e93);
    }
    let _e97 = (*t)[1u];
    if (_e97 < 0.00001f) {
        let _e100 = (*t)[0u];
        param_5 = (_e100 * 3f);
        let _e102 = tent_u0028_f1_u003b((&param_5));
        let _e103 = g;
        g = (_e103 + _e102);
    }
    let _e106 = (*t)[2u];
    if (_e106 < 0.00001f) {
        let _e109 = (*t)[0u];
        param_6 = (_e109 * 4f);
        let _e111 = tent_u0028_f1_u003b((&param_6));
        let _e112 = g;
        g = (_e112 + _e111);
    }
    let _e115 = (*t)[0u];
    let _e117 = (*t)[1u];
    let _e118 = g;
    o.col = vec4<f32>(_e115, _e117, (0.5f + (0.5f * _e118)), 1f);
    let _e123 = o;
    return _e123;
}

fn main() {
    var pc_1: PC;
    var t_1: vec3<f32>;
    var p_1: array<CP, 3>;
    var flattenTemp: DSOut;
    var param_7: PC;
    var param_8: vec3<f32>;

    let _e28 = tesserae_io_165_g[0i];
    pc_1.edges[0i] = _e28;
    let _e32 = tesserae_io_165_g[1i];
    pc_1.edges[1i] = _e32;
    let _e36 = tesserae_io_165_g[2i];
    pc_1.edges[2i] = _e36;
    let _e40 = tesserae_io_178_g[0i];
    pc_1.inside = _e40;
    let _e42 = tesserae_io_184_g;
    t_1 = _e42;
    let _e44 = tesserae_io_190_g[0i];
    p_1[0i].pos = _e44;
    let _e48 = tesserae_io_190_g[1i];
    p_1[1i].pos = _e48;
    let _e52 = tesserae_io_190_g[2i];
    p_1[2i].pos = _e52;
    let _e55 = p_1;
    let _e56 = pc_1;
    param_7 = _e56;
    let _e57 = t_1;
    param_8 = _e57;
    let _e58 = u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_3_u005d_u002d_f11_u003b_vf3_u003b_struct_u002d_CP_u002d_vf41_u005b_3_u005d_u003b((&param_7), (&param_8), _e55);
    flattenTemp = _e58;
    let _e60 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e60;
    let _e62 = flattenTemp.col;
    u0040_entryPointOutput_u002e_col = _e62;
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
    tesserae_io_184_g = _e3.xyz;
    let _e13 = tesserae_levels[(2u * _e5)];
    tesserae_io_165_g[0] = _e13.x;
    let _e21 = tesserae_levels[(2u * _e5)];
    tesserae_io_165_g[1] = _e21.y;
    let _e29 = tesserae_levels[(2u * _e5)];
    tesserae_io_165_g[2] = _e29.z;
    let _e37 = tesserae_levels[(2u * _e5)];
    tesserae_io_165_g[3] = _e37.w;
    let _e47 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_178_g[0] = _e47.x;
    let _e57 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_178_g[1] = _e57.y;
    j = 0u;
    loop {
        let _e64 = j;
        if (_e64 >= 3u) {
            break;
        }
        let _e72 = tesserae_cps[(((_e5 * 3u) + _e64) * 1u)];
        tesserae_io_190_g[_e64] = _e72;
        continuing {
            let _e75 = j;
            j = (_e75 + 1u);
        }
    }
    let _e78 = tesserae_vertex();
    return TesseraeEvalOut(_e78.out0_member, _e78.out1_member);
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
