// pass `vertex`, vertex stage
enable clip_distances;

struct VSIn {
    pos: vec2<f32>,
    color: vec3<f32>,
}

struct VSOut {
    pos: vec4<f32>,
    color: vec3<f32>,
    clip: f32,
    cull0_: vec4<f32>,
    cull1_: vec2<f32>,
}

struct type_20 {
    @builtin(position) m0_member: vec4<f32>,
    @location(0) m1_member: vec3<f32>,
    @builtin(clip_distances) m2_member: array<f32, 1>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec3<f32>,
    out2_member: array<f32, 1>,
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
var<private> i_u002e_color_1: vec3<f32>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_color: vec3<f32>;
var<private> u0040_entryPointOutput_u002e_clip: array<f32, 1> = array<f32, 1>();
var<private> tesserae_cull_distance: array<f32, 6>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn u0040_main_u0028_struct_u002d_VSIn_u002d_vf2_u002d_vf31_u003b(i: ptr<function, VSIn>) -> VSOut {
    var o: VSOut;

    let _e26 = (*i).pos;
    o.pos = vec4<f32>(_e26.x, _e26.y, 0f, 1f);
    let _e32 = (*i).color;
    o.color = _e32;
    let _e36 = (*i).pos[0u];
    o.clip = (0.9f - _e36);
    let _e41 = (*i).pos[0u];
    let _e45 = (*i).pos[1u];
    let _e49 = (*i).pos[1u];
    o.cull0_ = vec4<f32>((_e41 + 0.6f), (0.7f - _e45), (_e49 + 0.9f), 1f);
    let _e55 = (*i).pos[0u];
    let _e58 = (*i).pos[1u];
    o.cull1_ = vec2<f32>(1f, (0.5f - (_e55 * _e58)));
    let _e63 = o;
    return _e63;
}

fn main() {
    var i_1: VSIn;
    var flattenTemp: VSOut;
    var param: VSIn;

    let _e26 = i_u002e_pos_1;
    i_1.pos = _e26;
    let _e28 = i_u002e_color_1;
    i_1.color = _e28;
    let _e30 = i_1;
    param = _e30;
    let _e31 = u0040_main_u0028_struct_u002d_VSIn_u002d_vf2_u002d_vf31_u003b((&param));
    flattenTemp = _e31;
    let _e33 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e33;
    let _e35 = flattenTemp.color;
    u0040_entryPointOutput_u002e_color = _e35;
    let _e37 = flattenTemp.clip;
    u0040_entryPointOutput_u002e_clip[0i] = _e37;
    let _e41 = flattenTemp.cull0_[0u];
    tesserae_cull_distance[0i] = _e41;
    let _e45 = flattenTemp.cull0_[1u];
    tesserae_cull_distance[1i] = _e45;
    let _e49 = flattenTemp.cull0_[2u];
    tesserae_cull_distance[2i] = _e49;
    let _e53 = flattenTemp.cull0_[3u];
    tesserae_cull_distance[3i] = _e53;
    let _e57 = flattenTemp.cull1_[0u];
    tesserae_cull_distance[4i] = _e57;
    let _e61 = flattenTemp.cull1_[1u];
    tesserae_cull_distance[5i] = _e61;
    return;
}

fn tesserae_vertex(i_u002e_pos: vec2<f32>, i_u002e_color: vec3<f32>) -> TesseraeVertexOut {
    i_u002e_pos_1 = i_u002e_pos;
    i_u002e_color_1 = i_u002e_color;
    main();
    let _e8 = u0040_entryPointOutput_u002e_pos.y;
    u0040_entryPointOutput_u002e_pos.y = -(_e8);
    let _e10 = u0040_entryPointOutput_u002e_pos;
    let _e11 = u0040_entryPointOutput_u002e_color;
    let _e12 = u0040_entryPointOutput_u002e_clip;
    return TesseraeVertexOut(_e10, _e11, _e12);
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
    let _e15 = (_e7 * 5u);
    let _e18 = tesserae_vb0_[_e15];
    let _e24 = tesserae_vb0_[(_e15 + 1u)];
    let _e33 = ((_e7 * 5u) + 2u);
    let _e36 = tesserae_vb0_[_e33];
    let _e42 = tesserae_vb0_[(_e33 + 1u)];
    let _e48 = tesserae_vb0_[(_e33 + 2u)];
    let _e53 = tesserae_vertex(vec4<f32>(bitcast<f32>(_e18), bitcast<f32>(_e24), 0f, 1f).xy, vec4<f32>(bitcast<f32>(_e36), bitcast<f32>(_e42), bitcast<f32>(_e48), 1f).xyz);
    let _e55 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 5u);
    tesserae_records[_e55] = _e53.out0_member;
    tesserae_records[(_e55 + 1u)] = vec4<f32>(_e53.out1_member, 0f);
    tesserae_records[(_e55 + 2u)] = vec4<f32>(_e53.out2_member[0], 0f, 0f, 0f);
    let _e78 = tesserae_cull_distance[0];
    let _e81 = tesserae_cull_distance[1];
    let _e84 = tesserae_cull_distance[2];
    let _e87 = tesserae_cull_distance[3];
    tesserae_records[(_e55 + 3u)] = vec4<f32>(_e78, _e81, _e84, _e87);
    let _e95 = tesserae_cull_distance[4];
    let _e98 = tesserae_cull_distance[5];
    tesserae_records[(_e55 + 4u)] = vec4<f32>(_e95, _e98, 0f, 0f);
}
// pass `primitives`, vertex stage
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

@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_records: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_prims: array<u32>;
@group(0) @binding(34) 
var<storage, read_write> tesserae_flags: array<u32>;

fn tesserae_cull_primitive(gid_1: vec3<u32>, stride: u32, cull_first: u32, cull_n: u32) {
    var v: array<u32, 3> = array<u32, 3>();
    var keep: bool = true;
    var k: u32 = 0u;
    var c: u32 = 0u;
    var all_negative: bool;
    var k_1: u32;
    var k_2: u32 = 0u;

    let p = gid_1.x;
    let _e7 = tesserae_draw.primitives;
    if (p >= _e7) {
        return;
    }
    loop {
        let _e15 = k;
        if (_e15 < 3u) {
        } else {
            break;
        }
        {
            let _e18 = k;
            let _e22 = k;
            v[_e18] = ((p * 3u) + _e22);
        }
        continuing {
            let _e25 = k;
            k = (_e25 + 1u);
        }
    }
    let _e30 = tesserae_draw.count;
    let base = (gid_1.y * _e30);
    loop {
        let _e34 = c;
        if (_e34 < cull_n) {
        } else {
            break;
        }
        {
            all_negative = true;
            k_1 = 0u;
            loop {
                let _e40 = k_1;
                if (_e40 < 3u) {
                } else {
                    break;
                }
                {
                    let _e44 = k_1;
                    let _e46 = v[_e44];
                    let _e50 = c;
                    let _e55 = c;
                    let d = tesserae_records[((((base + _e46) * stride) + cull_first) + (_e50 / 4u))][(_e55 % 4u)];
                    if !((d < 0f)) {
                        all_negative = false;
                    }
                }
                continuing {
                    let _e65 = k_1;
                    k_1 = (_e65 + 1u);
                }
            }
            let _e67 = all_negative;
            if _e67 {
                keep = false;
            }
        }
        continuing {
            let _e70 = c;
            c = (_e70 + 1u);
        }
    }
    let _e75 = tesserae_draw.primitives;
    let q = ((gid_1.y * _e75) + p);
    let _e82 = keep;
    tesserae_flags[q] = select(0u, 1u, _e82);
    loop {
        let _e86 = k_2;
        if (_e86 < 3u) {
        } else {
            break;
        }
        {
            let _e92 = k_2;
            let _e95 = k_2;
            let _e97 = v[_e95];
            tesserae_prims[((q * 3u) + _e92)] = (base + _e97);
        }
        continuing {
            let _e100 = k_2;
            k_2 = (_e100 + 1u);
        }
    }
    return;
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_primitive_main(@builtin(global_invocation_id) gid: vec3<u32>) {
    tesserae_cull_primitive(gid, 5u, 3u, 6u);
}
// pass `compact`, vertex stage
struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
    vulkan_base_vertex: i32,
    tess_mode: u32,
}
@group(0) @binding(0) var<uniform> tesserae_draw: TesseraeDraw;

@group(0) @binding(33) var<storage, read> tesserae_prims: array<u32>;
@group(0) @binding(34) var<storage, read> tesserae_flags: array<u32>;
@group(0) @binding(35) var<storage, read_write> tesserae_out_indices: array<u32>;
@group(0) @binding(36) var<storage, read_write> tesserae_indirect: array<u32>;
var<workgroup> tesserae_sums: array<u32, 256>;

@compute @workgroup_size(256)
fn tesserae_compact_main(@builtin(local_invocation_index) t: u32) {
    let total = tesserae_draw.primitives * tesserae_draw.instances;
    let chunk = (total + 255u) / 256u;
    let start = min(t * chunk, total);
    let end = min(start + chunk, total);
    var sum = 0u;
    for (var i = start; i < end; i++) {
        sum += tesserae_flags[i];
    }
    tesserae_sums[t] = sum;
    workgroupBarrier();
    if t == 0u {
        var acc = 0u;
        for (var i = 0u; i < 256u; i++) {
            let x = tesserae_sums[i];
            tesserae_sums[i] = acc;
            acc += x;
        }
        tesserae_indirect[0] = acc * 3u;
        tesserae_indirect[1] = 1u;
        tesserae_indirect[2] = 0u;
        tesserae_indirect[3] = 0u;
        tesserae_indirect[4] = 0u;
    }
    workgroupBarrier();
    var dst = tesserae_sums[t];
    for (var i = start; i < end; i++) {
        if tesserae_flags[i] != 0u {
            for (var k = 0u; k < 3u; k++) {
                tesserae_out_indices[dst * 3u + k] = tesserae_prims[i * 3u + k];
            }
            dst += 1u;
        }
    }
}
// pass `draw survivors`, vertex stage
enable clip_distances;

struct TesseraePassOut {
    @builtin(position) position: vec4<f32>,
    @location(0) v0_: vec3<f32>,
    @builtin(clip_distances) clip: array<f32, 1>,
}

@group(0) @binding(32) 
var<storage> tesserae_records: array<vec4<f32>>;

@vertex 
fn tesserae_passthrough_main(@builtin(vertex_index) r: u32) -> TesseraePassOut {
    let _e2 = (r * 5u);
    let _e5 = tesserae_records[_e2];
    let _e10 = tesserae_records[(_e2 + 1u)];
    let _e16 = tesserae_records[(_e2 + 2u)];
    return TesseraePassOut(_e5, _e10.xyz, array<f32, 1>(_e16.x));
}
// pass `draw survivors`, fragment stage
var<private> pos_3: vec4<f32>;
var<private> color_3: vec3<f32>;
var<private> u0040_entryPointOutput: vec4<f32>;

fn u0040_main_u0028_vf4_u003b_vf3_u003b(pos_1: ptr<function, vec4<f32>>, color_1: ptr<function, vec3<f32>>) -> vec4<f32> {
    let _e6 = (*color_1);
    return vec4<f32>(_e6.x, _e6.y, _e6.z, 1f);
}

fn main_1() {
    var pos_2: vec4<f32>;
    var color_2: vec3<f32>;
    var param: vec4<f32>;
    var param_1: vec3<f32>;

    let _e8 = pos_3;
    pos_2 = _e8;
    let _e9 = color_3;
    color_2 = _e9;
    let _e10 = pos_2;
    param = _e10;
    let _e11 = color_2;
    param_1 = _e11;
    let _e12 = u0040_main_u0028_vf4_u003b_vf3_u003b((&param), (&param_1));
    u0040_entryPointOutput = _e12;
    return;
}

@fragment 
fn main(@builtin(position) pos: vec4<f32>, @location(0) color: vec3<f32>) -> @location(0) vec4<f32> {
    pos_3 = pos;
    color_3 = color;
    main_1();
    let _e5 = u0040_entryPointOutput;
    return _e5;
}
