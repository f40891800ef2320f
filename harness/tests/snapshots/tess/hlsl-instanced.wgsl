// pass `vertex`, vertex stage
struct VSIn {
    pos: vec2<f32>,
}

struct VSOut {
    pos: vec4<f32>,
    col: vec4<f32>,
}

struct type_13 {
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
var<private> inst_3: u32;
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

fn u0040_main_u0028_struct_u002d_VSIn_u002d_vf21_u003b_u1_u003b(i: ptr<function, VSIn>, inst: ptr<function, u32>) -> VSOut {
    var o: VSOut;

    let _e16 = (*i).pos;
    let _e17 = (*inst);
    let _e20 = (_e16 + (vec2<f32>(1f, 0f) * f32(_e17)));
    o.pos = vec4<f32>(_e20.x, _e20.y, 0f, 1f);
    let _e25 = (*inst);
    let _e29 = (*inst);
    o.col = vec4<f32>((1f - (0.75f * f32(_e25))), (0.25f + (0.5f * f32(_e29))), 0.5f, 1f);
    let _e35 = o;
    return _e35;
}

fn main() {
    var i_1: VSIn;
    var inst_1: u32;
    var flattenTemp: VSOut;
    var param: VSIn;
    var param_1: u32;

    let _e17 = i_u002e_pos_1;
    i_1.pos = _e17;
    let _e19 = inst_3;
    inst_1 = _e19;
    let _e20 = i_1;
    param = _e20;
    let _e21 = inst_1;
    param_1 = _e21;
    let _e22 = u0040_main_u0028_struct_u002d_VSIn_u002d_vf21_u003b_u1_u003b((&param), (&param_1));
    flattenTemp = _e22;
    let _e24 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e24;
    let _e26 = flattenTemp.col;
    u0040_entryPointOutput_u002e_col = _e26;
    return;
}

fn tesserae_vertex(i_u002e_pos: vec2<f32>, inst_2: u32) -> TesseraeVertexOut {
    i_u002e_pos_1 = i_u002e_pos;
    inst_3 = inst_2;
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
    let _e15 = (_e7 * 2u);
    let _e18 = tesserae_vb0_[_e15];
    let _e24 = tesserae_vb0_[(_e15 + 1u)];
    let _e30 = tesserae_vertex(vec4<f32>(bitcast<f32>(_e18), bitcast<f32>(_e24), 0f, 1f).xy, (tesserae_gid.y + _e10));
    let _e32 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 2u);
    tesserae_records[_e32] = _e30.out0_member;
    tesserae_records[(_e32 + 1u)] = _e30.out1_member;
}
// pass `tessellation control`, tessellation control stage
struct CP {
    pos: vec4<f32>,
    col: vec4<f32>,
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

var<private> tesserae_io_51_g: array<vec4<f32>, 3>;
var<private> tesserae_io_57_g: array<vec4<f32>, 3>;
var<private> tesserae_io_75_g: u32;
var<workgroup> tesserae_io_84_g: array<vec4<f32>, 3>;
var<workgroup> tesserae_io_90_g: array<vec4<f32>, 3>;
var<workgroup> tesserae_io_109_g: array<f32, 4>;
var<workgroup> tesserae_io_122_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn pcf_u0028_struct_u002d_CP_u002d_vf4_u002d_vf41_u005b_3_u005d_u003b(ip: ptr<function, array<CP, 3>>) -> PC {
    var o: PC;

    o.edges[0i] = 2.5f;
    o.edges[1i] = 1.5f;
    o.edges[2i] = 3.5f;
    o.inside = 2.5f;
    let _e26 = o;
    return _e26;
}

fn u0040_main_u0028_struct_u002d_CP_u002d_vf4_u002d_vf41_u005b_3_u005d_u003b_u1_u003b(ip_1: ptr<function, array<CP, 3>>, id: ptr<function, u32>) -> CP {
    let _e19 = (*id);
    let _e21 = (*ip_1)[_e19];
    return _e21;
}

fn main() {
    var ip_2: array<CP, 3>;
    var id_1: u32;
    var flattenTemp: CP;
    var param: array<CP, 3>;
    var param_1: u32;
    var u0040_patchConstantResult: PC;
    var param_2: array<CP, 3>;

    let _e25 = tesserae_io_51_g[0i];
    ip_2[0i].pos = _e25;
    let _e29 = tesserae_io_57_g[0i];
    ip_2[0i].col = _e29;
    let _e33 = tesserae_io_51_g[1i];
    ip_2[1i].pos = _e33;
    let _e37 = tesserae_io_57_g[1i];
    ip_2[1i].col = _e37;
    let _e41 = tesserae_io_51_g[2i];
    ip_2[2i].pos = _e41;
    let _e45 = tesserae_io_57_g[2i];
    ip_2[2i].col = _e45;
    let _e48 = tesserae_io_75_g;
    id_1 = _e48;
    let _e49 = ip_2;
    param = _e49;
    let _e50 = id_1;
    param_1 = _e50;
    let _e51 = u0040_main_u0028_struct_u002d_CP_u002d_vf4_u002d_vf41_u005b_3_u005d_u003b_u1_u003b((&param), (&param_1));
    flattenTemp = _e51;
    let _e52 = tesserae_io_75_g;
    let _e54 = flattenTemp.pos;
    tesserae_io_84_g[_e52] = _e54;
    let _e56 = tesserae_io_75_g;
    let _e58 = flattenTemp.col;
    tesserae_io_90_g[_e56] = _e58;
    let _e60 = tesserae_io_75_g;
    if (_e60 == bitcast<u32>(0i)) {
        let _e63 = ip_2;
        param_2 = _e63;
        let _e64 = pcf_u0028_struct_u002d_CP_u002d_vf4_u002d_vf41_u005b_3_u005d_u003b((&param_2));
        u0040_patchConstantResult = _e64;
        let _e67 = u0040_patchConstantResult.edges[0i];
        tesserae_io_109_g[0i] = _e67;
        let _e71 = u0040_patchConstantResult.edges[1i];
        tesserae_io_109_g[1i] = _e71;
        let _e75 = u0040_patchConstantResult.edges[2i];
        tesserae_io_109_g[2i] = _e75;
        let _e78 = u0040_patchConstantResult.inside;
        tesserae_io_122_g[0i] = _e78;
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
    tesserae_io_75_g = tesserae_lid;
    let _e13 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e19 = j;
        if (_e19 >= 3u) {
            break;
        }
        let _e24 = ((((tesserae_wg.y * _e13) + (tesserae_wg.x * 3u)) + _e19) * 2u);
        let _e27 = tesserae_src[_e24];
        tesserae_io_51_g[_e19] = _e27;
        let _e34 = tesserae_src[(_e24 + 1u)];
        tesserae_io_57_g[_e19] = _e34;
        continuing {
            let _e37 = j;
            j = (_e37 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e44 = (((_e8 * 3u) + tesserae_lid) * 2u);
    let _e47 = tesserae_io_84_g[tesserae_lid];
    tesserae_cps[_e44] = _e47;
    let _e52 = tesserae_io_90_g[tesserae_lid];
    tesserae_cps[(_e44 + 1u)] = _e52;
    if (tesserae_lid == 0u) {
        let _e63 = tesserae_io_109_g[0];
        let _e66 = tesserae_io_109_g[1];
        let _e69 = tesserae_io_109_g[2];
        let _e72 = tesserae_io_109_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e63, _e66, _e69, _e72);
        let _e80 = tesserae_io_122_g[0];
        let _e83 = tesserae_io_122_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e80, _e83, 0f, 0f);
    }
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct PC {
    edges: array<f32, 3>,
    inside: f32,
}

struct CP {
    pos: vec4<f32>,
    col: vec4<f32>,
}

struct DSOut {
    pos: vec4<f32>,
    col: vec4<f32>,
}

struct type_22 {
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

var<private> tesserae_io_59_g: array<f32, 4>;
var<private> tesserae_io_72_g: array<f32, 2>;
var<private> tesserae_io_78_g: vec3<f32>;
var<private> tesserae_io_84_g: array<vec4<f32>, 3>;
var<private> tesserae_io_89_g: array<vec4<f32>, 3>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_col: vec4<f32>;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage> tesserae_levels: array<vec4<f32>>;

fn u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_3_u005d_u002d_f11_u003b_vf3_u003b_struct_u002d_CP_u002d_vf4_u002d_vf41_u005b_3_u005d_u003b(pc: ptr<function, PC>, t: ptr<function, vec3<f32>>, p: array<CP, 3>) -> DSOut {
    var o: DSOut;

    let _e20 = (*t)[0u];
    let _e25 = (*t)[1u];
    let _e31 = (*t)[2u];
    o.pos = (((p[0].pos * _e20) + (p[1].pos * _e25)) + (p[2].pos * _e31));
    o.col = p[0].col;
    let _e40 = o;
    return _e40;
}

fn main() {
    var pc_1: PC;
    var t_1: vec3<f32>;
    var p_1: array<CP, 3>;
    var flattenTemp: DSOut;
    var param: PC;
    var param_1: vec3<f32>;

    let _e22 = tesserae_io_59_g[0i];
    pc_1.edges[0i] = _e22;
    let _e26 = tesserae_io_59_g[1i];
    pc_1.edges[1i] = _e26;
    let _e30 = tesserae_io_59_g[2i];
    pc_1.edges[2i] = _e30;
    let _e34 = tesserae_io_72_g[0i];
    pc_1.inside = _e34;
    let _e36 = tesserae_io_78_g;
    t_1 = _e36;
    let _e38 = tesserae_io_84_g[0i];
    p_1[0i].pos = _e38;
    let _e42 = tesserae_io_89_g[0i];
    p_1[0i].col = _e42;
    let _e46 = tesserae_io_84_g[1i];
    p_1[1i].pos = _e46;
    let _e50 = tesserae_io_89_g[1i];
    p_1[1i].col = _e50;
    let _e54 = tesserae_io_84_g[2i];
    p_1[2i].pos = _e54;
    let _e58 = tesserae_io_89_g[2i];
    p_1[2i].col = _e58;
    let _e61 = p_1;
    let _e62 = pc_1;
    param = _e62;
    let _e63 = t_1;
    param_1 = _e63;
    let _e64 = u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_3_u005d_u002d_f11_u003b_vf3_u003b_struct_u002d_CP_u002d_vf4_u002d_vf41_u005b_3_u005d_u003b((&param), (&param_1), _e61);
    flattenTemp = _e64;
    let _e66 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e66;
    let _e68 = flattenTemp.col;
    u0040_entryPointOutput_u002e_col = _e68;
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
    tesserae_io_78_g = _e3.xyz;
    let _e13 = tesserae_levels[(2u * _e5)];
    tesserae_io_59_g[0] = _e13.x;
    let _e21 = tesserae_levels[(2u * _e5)];
    tesserae_io_59_g[1] = _e21.y;
    let _e29 = tesserae_levels[(2u * _e5)];
    tesserae_io_59_g[2] = _e29.z;
    let _e37 = tesserae_levels[(2u * _e5)];
    tesserae_io_59_g[3] = _e37.w;
    let _e47 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_72_g[0] = _e47.x;
    let _e57 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_72_g[1] = _e57.y;
    j = 0u;
    loop {
        let _e64 = j;
        if (_e64 >= 3u) {
            break;
        }
        let _e69 = (((_e5 * 3u) + _e64) * 2u);
        let _e72 = tesserae_cps[_e69];
        tesserae_io_84_g[_e64] = _e72;
        let _e79 = tesserae_cps[(_e69 + 1u)];
        tesserae_io_89_g[_e64] = _e79;
        continuing {
            let _e82 = j;
            j = (_e82 + 1u);
        }
    }
    let _e85 = tesserae_vertex();
    return TesseraeEvalOut(_e85.out0_member, _e85.out1_member);
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
