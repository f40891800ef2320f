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
struct CP {
    pos: vec4<f32>,
    col: vec4<f32>,
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

var<private> tesserae_io_55_g: array<vec4<f32>, 16>;
var<private> tesserae_io_61_g: array<vec4<f32>, 16>;
var<private> tesserae_io_169_g: u32;
var<workgroup> tesserae_io_178_g: array<vec4<f32>, 16>;
var<workgroup> tesserae_io_184_g: array<vec4<f32>, 16>;
var<workgroup> tesserae_io_200_g: array<f32, 4>;
var<workgroup> tesserae_io_215_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn pcf_u0028_struct_u002d_CP_u002d_vf4_u002d_vf41_u005b_16_u005d_u003b(ip: ptr<function, array<CP, 16>>) -> PC {
    var o: PC;

    o.edges[0i] = 3f;
    o.edges[1i] = 3f;
    o.edges[2i] = 3f;
    o.edges[3i] = 3f;
    o.inside[0i] = 3f;
    o.inside[1i] = 3f;
    let _e42 = o;
    return _e42;
}

fn u0040_main_u0028_struct_u002d_CP_u002d_vf4_u002d_vf41_u005b_16_u005d_u003b_u1_u003b(ip_1: ptr<function, array<CP, 16>>, id: ptr<function, u32>) -> CP {
    let _e30 = (*id);
    let _e32 = (*ip_1)[_e30];
    return _e32;
}

fn main() {
    var ip_2: array<CP, 16>;
    var id_1: u32;
    var flattenTemp: CP;
    var param: array<CP, 16>;
    var param_1: u32;
    var u0040_patchConstantResult: PC;
    var param_2: array<CP, 16>;

    let _e36 = tesserae_io_55_g[0i];
    ip_2[0i].pos = _e36;
    let _e40 = tesserae_io_61_g[0i];
    ip_2[0i].col = _e40;
    let _e44 = tesserae_io_55_g[1i];
    ip_2[1i].pos = _e44;
    let _e48 = tesserae_io_61_g[1i];
    ip_2[1i].col = _e48;
    let _e52 = tesserae_io_55_g[2i];
    ip_2[2i].pos = _e52;
    let _e56 = tesserae_io_61_g[2i];
    ip_2[2i].col = _e56;
    let _e60 = tesserae_io_55_g[3i];
    ip_2[3i].pos = _e60;
    let _e64 = tesserae_io_61_g[3i];
    ip_2[3i].col = _e64;
    let _e68 = tesserae_io_55_g[4i];
    ip_2[4i].pos = _e68;
    let _e72 = tesserae_io_61_g[4i];
    ip_2[4i].col = _e72;
    let _e76 = tesserae_io_55_g[5i];
    ip_2[5i].pos = _e76;
    let _e80 = tesserae_io_61_g[5i];
    ip_2[5i].col = _e80;
    let _e84 = tesserae_io_55_g[6i];
    ip_2[6i].pos = _e84;
    let _e88 = tesserae_io_61_g[6i];
    ip_2[6i].col = _e88;
    let _e92 = tesserae_io_55_g[7i];
    ip_2[7i].pos = _e92;
    let _e96 = tesserae_io_61_g[7i];
    ip_2[7i].col = _e96;
    let _e100 = tesserae_io_55_g[8i];
    ip_2[8i].pos = _e100;
    let _e104 = tesserae_io_61_g[8i];
    ip_2[8i].col = _e104;
    let _e108 = tesserae_io_55_g[9i];
    ip_2[9i].pos = _e108;
    let _e112 = tesserae_io_61_g[9i];
    ip_2[9i].col = _e112;
    let _e116 = tesserae_io_55_g[10i];
    ip_2[10i].pos = _e116;
    let _e120 = tesserae_io_61_g[10i];
    ip_2[10i].col = _e120;
    let _e124 = tesserae_io_55_g[11i];
    ip_2[11i].pos = _e124;
    let _e128 = tesserae_io_61_g[11i];
    ip_2[11i].col = _e128;
    let _e132 = tesserae_io_55_g[12i];
    ip_2[12i].pos = _e132;
    let _e136 = tesserae_io_61_g[12i];
    ip_2[12i].col = _e136;
    let _e140 = tesserae_io_55_g[13i];
    ip_2[13i].pos = _e140;
    let _e144 = tesserae_io_61_g[13i];
    ip_2[13i].col = _e144;
    let _e148 = tesserae_io_55_g[14i];
    ip_2[14i].pos = _e148;
    let _e152 = tesserae_io_61_g[14i];
    ip_2[14i].col = _e152;
    let _e156 = tesserae_io_55_g[15i];
    ip_2[15i].pos = _e156;
    let _e160 = tesserae_io_61_g[15i];
    ip_2[15i].col = _e160;
    let _e163 = tesserae_io_169_g;
    id_1 = _e163;
    let _e164 = ip_2;
    param = _e164;
    let _e165 = id_1;
    param_1 = _e165;
    let _e166 = u0040_main_u0028_struct_u002d_CP_u002d_vf4_u002d_vf41_u005b_16_u005d_u003b_u1_u003b((&param), (&param_1));
    flattenTemp = _e166;
    let _e167 = tesserae_io_169_g;
    let _e169 = flattenTemp.pos;
    tesserae_io_178_g[_e167] = _e169;
    let _e171 = tesserae_io_169_g;
    let _e173 = flattenTemp.col;
    tesserae_io_184_g[_e171] = _e173;
    let _e175 = tesserae_io_169_g;
    if (_e175 == bitcast<u32>(0i)) {
        let _e178 = ip_2;
        param_2 = _e178;
        let _e179 = pcf_u0028_struct_u002d_CP_u002d_vf4_u002d_vf41_u005b_16_u005d_u003b((&param_2));
        u0040_patchConstantResult = _e179;
        let _e182 = u0040_patchConstantResult.edges[0i];
        tesserae_io_200_g[0i] = _e182;
        let _e186 = u0040_patchConstantResult.edges[1i];
        tesserae_io_200_g[1i] = _e186;
        let _e190 = u0040_patchConstantResult.edges[2i];
        tesserae_io_200_g[2i] = _e190;
        let _e194 = u0040_patchConstantResult.edges[3i];
        tesserae_io_200_g[3i] = _e194;
        let _e198 = u0040_patchConstantResult.inside[0i];
        tesserae_io_215_g[0i] = _e198;
        let _e202 = u0040_patchConstantResult.inside[1i];
        tesserae_io_215_g[1i] = _e202;
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
    tesserae_io_169_g = tesserae_lid;
    let _e13 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e19 = j;
        if (_e19 >= 16u) {
            break;
        }
        let _e24 = ((((tesserae_wg.y * _e13) + (tesserae_wg.x * 16u)) + _e19) * 2u);
        let _e27 = tesserae_src[_e24];
        tesserae_io_55_g[_e19] = _e27;
        let _e34 = tesserae_src[(_e24 + 1u)];
        tesserae_io_61_g[_e19] = _e34;
        continuing {
            let _e37 = j;
            j = (_e37 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e44 = (((_e8 * 16u) + tesserae_lid) * 2u);
    let _e47 = tesserae_io_178_g[tesserae_lid];
    tesserae_cps[_e44] = _e47;
    let _e52 = tesserae_io_184_g[tesserae_lid];
    tesserae_cps[(_e44 + 1u)] = _e52;
    if (tesserae_lid == 0u) {
        let _e63 = tesserae_io_200_g[0];
        let _e66 = tesserae_io_200_g[1];
        let _e69 = tesserae_io_200_g[2];
        let _e72 = tesserae_io_200_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e63, _e66, _e69, _e72);
        let _e80 = tesserae_io_215_g[0];
        let _e83 = tesserae_io_215_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e80, _e83, 0f, 0f);
    }
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct PC {
    edges: array<f32, 4>,
    inside: array<f32, 2>,
}

struct CP {
    pos: vec4<f32>,
    col: vec4<f32>,
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

var<private> tesserae_io_147_g: array<f32, 4>;
var<private> tesserae_io_164_g: array<f32, 2>;
var<private> tesserae_io_174_g: vec3<f32>;
var<private> tesserae_io_182_g: array<vec4<f32>, 16>;
var<private> tesserae_io_187_g: array<vec4<f32>, 16>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_col: vec4<f32>;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage> tesserae_levels: array<vec4<f32>>;

fn bernstein_u0028_f1_u003b(t: ptr<function, f32>) -> vec4<f32> {
    var s: f32;

    let _e34 = (*t);
    s = (1f - _e34);
    let _e36 = s;
    let _e37 = s;
    let _e39 = s;
    let _e41 = (*t);
    let _e43 = s;
    let _e45 = s;
    let _e47 = (*t);
    let _e49 = (*t);
    let _e51 = s;
    let _e53 = (*t);
    let _e54 = (*t);
    let _e56 = (*t);
    return vec4<f32>(((_e36 * _e37) * _e39), (((3f * _e41) * _e43) * _e45), (((3f * _e47) * _e49) * _e51), ((_e53 * _e54) * _e56));
}

fn u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_4_u005d_u002d_f1_u005b_2_u005d_1_u003b_vf2_u003b_struct_u002d_CP_u002d_vf4_u002d_vf41_u005b_16_u005d_u003b(pc: ptr<function, PC>, uv: ptr<function, vec2<f32>>, p: array<CP, 16>) -> DSOut {
    var bu: vec4<f32>;
    var param: f32;
    var bv: vec4<f32>;
    var param_1: f32;
    var pos: vec4<f32>;
    var col: vec4<f32>;
    var j_1: i32;
    var i: i32;
    var w: f32;
    var indexable: array<CP, 16>;
    var indexable_1: array<CP, 16>;
    var o: DSOut;

    let _e48 = (*uv)[0u];
    param = _e48;
    let _e49 = bernstein_u0028_f1_u003b((&param));
    bu = _e49;
    let _e51 = (*uv)[1u];
    param_1 = _e51;
    let _e52 = bernstein_u0028_f1_u003b((&param_1));
    bv = _e52;
    pos = vec4<f32>(0f, 0f, 0f, 0f);
    col = vec4<f32>(0f, 0f, 0f, 0f);
    j_1 = 0i;
    loop {
        let _e53 = j_1;
        if (_e53 < 4i) {
            i = 0i;
            loop {
                let _e55 = i;
                if (_e55 < 4i) {
                    let _e57 = i;
                    let _e59 = bu[_e57];
                    let _e60 = j_1;
                    let _e62 = bv[_e60];
                    w = (_e59 * _e62);
                    let _e64 = w;
                    let _e65 = j_1;
                    let _e67 = i;
                    indexable = p;
                    let _e71 = indexable[((4i * _e65) + _e67)].pos;
                    let _e73 = pos;
                    pos = (_e73 + (_e71 * _e64));
                    let _e75 = w;
                    let _e76 = j_1;
                    let _e78 = i;
                    indexable_1 = p;
                    let _e82 = indexable_1[((4i * _e76) + _e78)].col;
                    let _e84 = col;
                    col = (_e84 + (_e82 * _e75));
                    continue;
                } else {
                    break;
                }
                continuing {
                    let _e86 = i;
                    i = (_e86 + 1i);
                }
            }
            continue;
        } else {
            break;
        }
        continuing {
            let _e88 = j_1;
            j_1 = (_e88 + 1i);
        }
    }
    let _e90 = pos;
    o.pos = _e90;
    let _e92 = col;
    o.col = _e92;
    let _e94 = o;
    return _e94;
}

fn main() {
    var pc_1: PC;
    var uv_1: vec2<f32>;
    var p_1: array<CP, 16>;
    var flattenTemp: DSOut;
    var param_2: PC;
    var param_3: vec2<f32>;

    let _e39 = tesserae_io_147_g[0i];
    pc_1.edges[0i] = _e39;
    let _e43 = tesserae_io_147_g[1i];
    pc_1.edges[1i] = _e43;
    let _e47 = tesserae_io_147_g[2i];
    pc_1.edges[2i] = _e47;
    let _e51 = tesserae_io_147_g[3i];
    pc_1.edges[3i] = _e51;
    let _e55 = tesserae_io_164_g[0i];
    pc_1.inside[0i] = _e55;
    let _e59 = tesserae_io_164_g[1i];
    pc_1.inside[1i] = _e59;
    let _e62 = tesserae_io_174_g;
    uv_1 = vec2<f32>(_e62.x, _e62.y);
    let _e67 = tesserae_io_182_g[0i];
    p_1[0i].pos = _e67;
    let _e71 = tesserae_io_187_g[0i];
    p_1[0i].col = _e71;
    let _e75 = tesserae_io_182_g[1i];
    p_1[1i].pos = _e75;
    let _e79 = tesserae_io_187_g[1i];
    p_1[1i].col = _e79;
    let _e83 = tesserae_io_182_g[2i];
    p_1[2i].pos = _e83;
    let _e87 = tesserae_io_187_g[2i];
    p_1[2i].col = _e87;
    let _e91 = tesserae_io_182_g[3i];
    p_1[3i].pos = _e91;
    let _e95 = tesserae_io_187_g[3i];
    p_1[3i].col = _e95;
    let _e99 = tesserae_io_182_g[4i];
    p_1[4i].pos = _e99;
    let _e103 = tesserae_io_187_g[4i];
    p_1[4i].col = _e103;
    let _e107 = tesserae_io_182_g[5i];
    p_1[5i].pos = _e107;
    let _e111 = tesserae_io_187_g[5i];
    p_1[5i].col = _e111;
    let _e115 = tesserae_io_182_g[6i];
    p_1[6i].pos = _e115;
    let _e119 = tesserae_io_187_g[6i];
    p_1[6i].col = _e119;
    let _e123 = tesserae_io_182_g[7i];
    p_1[7i].pos = _e123;
    let _e127 = tesserae_io_187_g[7i];
    p_1[7i].col = _e127;
    let _e131 = tesserae_io_182_g[8i];
    p_1[8i].pos = _e131;
    let _e135 = tesserae_io_187_g[8i];
    p_1[8i].col = _e135;
    let _e139 = tesserae_io_182_g[9i];
    p_1[9i].pos = _e139;
    let _e143 = tesserae_io_187_g[9i];
    p_1[9i].col = _e143;
    let _e147 = tesserae_io_182_g[10i];
    p_1[10i].pos = _e147;
    let _e151 = tesserae_io_187_g[10i];
    p_1[10i].col = _e151;
    let _e155 = tesserae_io_182_g[11i];
    p_1[11i].pos = _e155;
    let _e159 = tesserae_io_187_g[11i];
    p_1[11i].col = _e159;
    let _e163 = tesserae_io_182_g[12i];
    p_1[12i].pos = _e163;
    let _e167 = tesserae_io_187_g[12i];
    p_1[12i].col = _e167;
    let _e171 = tesserae_io_182_g[13i];
    p_1[13i].pos = _e171;
    let _e175 = tesserae_io_187_g[13i];
    p_1[13i].col = _e175;
    let _e179 = tesserae_io_182_g[14i];
    p_1[14i].pos = _e179;
    let _e183 = tesserae_io_187_g[14i];
    p_1[14i].col = _e183;
    let _e187 = tesserae_io_182_g[15i];
    p_1[15i].pos = _e187;
    let _e191 = tesserae_io_187_g[15i];
    p_1[15i].col = _e191;
    let _e194 = p_1;
    let _e195 = pc_1;
    param_2 = _e195;
    let _e196 = uv_1;
    param_3 = _e196;
    let _e197 = u0040_main_u0028_struct_u002d_PC_u002d_f1_u005b_4_u005d_u002d_f1_u005b_2_u005d_1_u003b_vf2_u003b_struct_u002d_CP_u002d_vf4_u002d_vf41_u005b_16_u005d_u003b((&param_2), (&param_3), _e194);
    flattenTemp = _e197;
    let _e199 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e199;
    let _e201 = flattenTemp.col;
    u0040_entryPointOutput_u002e_col = _e201;
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
    tesserae_io_174_g = _e3.xyz;
    let _e13 = tesserae_levels[(2u * _e5)];
    tesserae_io_147_g[0] = _e13.x;
    let _e21 = tesserae_levels[(2u * _e5)];
    tesserae_io_147_g[1] = _e21.y;
    let _e29 = tesserae_levels[(2u * _e5)];
    tesserae_io_147_g[2] = _e29.z;
    let _e37 = tesserae_levels[(2u * _e5)];
    tesserae_io_147_g[3] = _e37.w;
    let _e47 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_164_g[0] = _e47.x;
    let _e57 = tesserae_levels[((2u * _e5) + 1u)];
    tesserae_io_164_g[1] = _e57.y;
    j = 0u;
    loop {
        let _e64 = j;
        if (_e64 >= 16u) {
            break;
        }
        let _e69 = (((_e5 * 16u) + _e64) * 2u);
        let _e72 = tesserae_cps[_e69];
        tesserae_io_182_g[_e64] = _e72;
        let _e79 = tesserae_cps[(_e69 + 1u)];
        tesserae_io_187_g[_e64] = _e79;
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
