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
    edges: array<f32, 4>,
    inside: array<f32, 2>,
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

var<private> tesserae_io_59_g: array<vec4<f32>, 4>;
var<private> tesserae_io_76_g: u32;
var<workgroup> tesserae_io_79_g: array<vec4<f32>, 4>;
var<workgroup> tesserae_io_100_g: array<f32, 4>;
var<workgroup> tesserae_io_115_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn pcf_u0028_struct_u002d_CP_u002d_vf41_u005b_4_u005d_u003b(ip: ptr<function, array<CP, 4>>) -> PC {
    var o: PC;

    o.edges[0i] = 2f;
    o.edges[1i] = 4f;
    o.edges[2i] = 1f;
    o.edges[3i] = 2.5f;
    o.inside[0i] = 3f;
    o.inside[1i] = 1.6f;
    let _e32 = o;
    return _e32;
}

fn u0040_main_u0028_struct_u002d_CP_u002d_vf41_u005b_4_u005d_u003b_u1_u003b(ip_1: ptr<function, array<CP, 4>>, id: ptr<function, u32>) -> CP {
    let _e20 = (*id);
    let _e22 = (*ip_1)[_e20];
    return _e22;
}

fn main() {
    var ip_2: array<CP, 4>;
    var id_1: u32;
    var param: array<CP, 4>;
    var param_1: u32;
    var u0040_patchConstantResult: PC;
    var param_2: array<CP, 4>;

    let _e25 = tesserae_io_59_g[0i];
    ip_2[0i].pos = _e25;
    let _e29 = tesserae_io_59_g[1i];
    ip_2[1i].pos = _e29;
    let _e33 = tesserae_io_59_g[2i];
    ip_2[2i].pos = _e33;
    let _e37 = tesserae_io_59_g[3i];
    ip_2[3i].pos = _e37;
    let _e40 = tesserae_io_76_g;
    id_1 = _e40;
    let _e41 = tesserae_io_76_g;
    let _e42 = ip_2;
    param = _e42;
    let _e43 = id_1;
    param_1 = _e43;
    let _e44 = u0040_main_u0028_struct_u002d_CP_u002d_vf41_u005b_4_u005d_u003b_u1_u003b((&param), (&param_1));
    tesserae_io_79_g[_e41] = _e44.pos;
    let _e47 = tesserae_io_76_g;
    if (_e47 == bitcast<u32>(0i)) {
        let _e50 = ip_2;
        param_2 = _e50;
        let _e51 = pcf_u0028_struct_u002d_CP_u002d_vf41_u005b_4_u005d_u003b((&param_2));
        u0040_patchConstantResult = _e51;
        let _e54 = u0040_patchConstantResult.edges[0i];
        tesserae_io_100_g[0i] = _e54;
        let _e58 = u0040_patchConstantResult.edges[1i];
        tesserae_io_100_g[1i] = _e58;
        let _e62 = u0040_patchConstantResult.edges[2i];
        tesserae_io_100_g[2i] = _e62;
        let _e66 = u0040_patchConstantResult.edges[3i];
        tesserae_io_100_g[3i] = _e66;
        let _e70 = u0040_patchConstantResult.inside[0i];
        tesserae_io_115_g[0i] = _e70;
        let _e74 = u0040_patchConstantResult.inside[1i];
        tesserae_io_115_g[1i] = _e74;
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
    tesserae_io_76_g = tesserae_lid;
    let _e13 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e19 = j;
        if (_e19 >= 4u) {
            break;
        }
        let _e27 = tesserae_src[((((tesserae_wg.y * _e13) + (tesserae_wg.x * 4u)) + _e19) * 1u)];
        tesserae_io_59_g[_e19] = _e27;
        continuing {
            let _e30 = j;
            j = (_e30 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e40 = tesserae_io_79_g[tesserae_lid];
    tesserae_cps[(((_e8 * 4u) + tesserae_lid) * 1u)] = _e40;
    if (tesserae_lid == 0u) {
        let _e49 = tesserae_io_100_g[0];
        let _e52 = tesserae_io_100_g[1];
        let _e55 = tesserae_io_100_g[2];
        let _e58 = tesserae_io_100_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e49, _e52, _e55, _e58);
        let _e66 = tesserae_io_115_g[0];
        let _e69 = tesserae_io_115_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e66, _e69, 0f, 0f);
    }
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct PC {
    edges: array<f32, 4>,
    inside: array<f32, 2>,
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

var<private> tesserae_io_171_g: array<f32, 4>;
var<private> tesserae_io_186_g: array<f32, 2>;
var<private> tesserae_io_196_g: vec3<f32>;
var<private> tesserae_io_205_g: array<vec4<f32>, 4>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_col: vec4<f32>;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage> tesserae_levels: array<vec4<f32>>;

fn tent_u0028_f1_u003b(x: ptr<function, f32>) -> f32 {
    let _e21 = (*x);
    let _e22 = (*x);
    return (2f * abs((_e21 - round(_e22))));
}

fn u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_4_u005d_u002d_f1_u005b_2_u005d_1_u003b_vf2_u003b_struct_u002d_CP_u002d_vf41_u005b_4_u005d_u003b(pc: ptr<function, PC>, uv: ptr<function, vec2<f32>>, p: array<CP, 4>) -> DSOut {
    var u: f32;
    var v: f32;
    var o: DSOut;
    var g: f32;
    var param: f32;
    var param_1: f32;
    var param_2: f32;
    var param_3: f32;
    var param_4: f32;
    var param_5: f32;

    let _e34 = (*uv)[0u];
    u = _e34;
    let _e36 = (*uv)[1u];
    v = _e36;
    let _e41 = u;
    let _e48 = u;
    let _e51 = v;
    o.pos = mix(mix(p[0].pos, p[1].pos, vec4(_e41)), mix(p[2].pos, p[3].pos, vec4(_e48)), vec4(_e51));
    g = 0f;
    let _e55 = u;
    let _e57 = u;
    let _e60 = v;
    let _e63 = v;
    if ((((_e55 > 0.00001f) && (_e57 < 0.99999f)) && (_e60 > 0.00001f)) && (_e63 < 0.99999f)) {
        let _e66 = u;
        let _e69 = (*pc).inside[0i];
        param = (_e66 * ceil(_e69));
        let _e72 = tent_u0028_f1_u003b((&param));
        let _e73 = v;
        let _e76 = (*pc).inside[1i];
        param_1 = (_e73 * ceil(_e76));
        let _e79 = tent_u0028_f1_u003b((&param_1));
        let _e81 = g;
        g = (_e81 + (_e72 + _e79));
    }
    let _e83 = u;
    if (_e83 < 0.00001f) {
        let _e85 = v;
        let _e88 = (*pc).edges[0i];
        param_2 = (_e85 * ceil(_e88));
        let _e91 = tent_u0028_f1_u003b((&param_2));
        let _e92 = g;
        g = (_e92 + _e91);
    }
    let _e94 = v;
    if (_e94 < 0.00001f) {
        let _e96 = u;
        let _e99 = (*pc).edges[1i];
        param_3 = (_e96 * ceil(_e99));
        let _e102 = tent_u0028_f1_u003b((&param_3));
        let _e103 = g;
        g = (_e103 + _e102);
    }
    let _e105 = u;
    if (_e105 > 0.99999f) {
        let _e107 = v;
        let _e110 = (*pc).edges[2i];
        param_4 = (_e107 * ceil(_e110));
        let _e113 = tent_u0028_f1_u003b((&param_4));
        let _e114 = g;
        g = (_e114 + _e113);
    }
    let _e116 = v;
    if (_e116 > 0.99999f) {
        let _e118 = u;
        let _e121 = (*pc).edges[3i];
        param_5 = (_e118 * ceil(_e121));
        let _e124 = tent_u0028_f1_u003b((&param_5));
        let _e125 = g;
        g = (_e125 + _e124);
    }
    let _e127 = u;
    let _e128 = v;
    let _e129 = g;
    o.col = vec4<f32>(_e127, _e128, (0.5f + (0.5f * _e129)), 1f);
    let _e134 = o;
    return _e134;
}

fn main() {
    var pc_1: PC;
    var uv_1: vec2<f32>;
    var p_1: array<CP, 4>;
    var flattenTemp: DSOut;
    var param_6: PC;
    var param_7: vec2<f32>;

    let _e27 = tesserae_io_171_g[0i];
    pc_1.edges[0i] = _e27;
    let _e31 = tesserae_io_171_g[1i];
    pc_1.edges[1i] = _e31;
    let _e35 = tesserae_io_171_g[2i];
    pc_1.edges[2i] = _e35;
    let _e39 = tesserae_io_171_g[3i];
    pc_1.edges[3i] = _e39;
    let _e43 = tesserae_io_186_g[0i];
    pc_1.inside[0i] = _e43;
    let _e47 = tesserae_io_186_g[1i];
    pc_1.inside[1i] = _e47;
    let _e50 = tesserae_io_196_g;
    uv_1 = vec2<f32>(_e50.x, _e50.y);
    let _e55 = tesserae_io_205_g[0i];
    p_1[0i].pos = _e55;
    let _e59 = tesserae_io_205_g[1i];
    p_1[1i].pos = _e59;
    let _e63 = tesserae_io_205_g[2i];
    p_1[2i].pos = _e63;
    let _e67 = tesserae_io_205_g[3i];
    p_1[3i].pos = _e67;
    let _e70 = p_1;
    let _e71 = pc_1;
    param_6 = _e71;
    let _e72 = uv_1;
    param_7 = _e72;
    let _e73 = u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_4_u005d_u002d_f1_u005b_2_u005d_1_u003b_vf2_u003b_struct_u002d_CP_u002d_vf41_u005b_4_u005d_u003b((&param_6), (&param_7), _e70);
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
    tesserae_io_196_g = _e3.xyz;
    let _e13 = tesserae_levels[(2u * _e5)];
    tesserae_io_171_g[0] = _e13.x;
    let _e21 = tesserae_levels[(2u * _e5)];
    tesserae_io_171_g[1] = _e21.y;
    let _e29 = tesserae_levels[(2u * _e5)];
    tesserae_io_171_g[2] = _e29.z;
    let _e37 = tesserae_levels[(2u * _e5)];
    tesserae_io_171_g[3] = _e37.w;
    let _e47 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_186_g[0] = _e47.x;
    let _e57 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_186_g[1] = _e57.y;
    j = 0u;
    loop {
        let _e64 = j;
        if (_e64 >= 4u) {
            break;
        }
        let _e72 = tesserae_cps[(((_e5 * 4u) + _e64) * 1u)];
        tesserae_io_205_g[_e64] = _e72;
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
