// pass `vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_16 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: vec3<f32>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec3<f32>,
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
var<private> v_color: vec3<f32>;
var<private> color_1: vec3<f32>;
var<private> tesserae_cull_distance: array<f32, 1>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn main() {
    var i: i32;
    var a: f32;

    let _e16 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e16.x, _e16.y, 0f, 1f);
    let _e21 = color_1;
    v_color = _e21;
    i = 0i;
    loop {
        let _e22 = i;
        if (_e22 < 1i) {
            let _e24 = i;
            a = (0.7f + (2.399f * f32(_e24)));
            let _e28 = i;
            let _e29 = pos_1;
            let _e30 = a;
            let _e32 = a;
            tesserae_cull_distance[_e28] = (dot(_e29, vec2<f32>(cos(_e30), sin(_e32))) + 0.2f);
            continue;
        } else {
            break;
        }
        continuing {
            let _e38 = i;
            i = (_e38 + 1i);
        }
    }
    return;
}

fn tesserae_vertex(pos: vec2<f32>, color: vec3<f32>) -> TesseraeVertexOut {
    pos_1 = pos;
    color_1 = color;
    main();
    let _e8 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e8);
    let _e10 = unnamed.gl_Position;
    let _e11 = v_color;
    return TesseraeVertexOut(_e10, _e11);
}

fn tesserae_raw_index(i_1: u32) -> u32 {
    let _e3 = tesserae_draw.index_u16_;
    if (_e3 != 0u) {
        let _e10 = tesserae_indices[(i_1 / 2u)];
        return ((_e10 >> ((i_1 & 1u) * 16u)) & 65535u);
    }
    let _e20 = tesserae_indices[i_1];
    return _e20;
}

fn tesserae_vertex_index(position: u32) -> u32 {
    let _e3 = tesserae_draw.first;
    let i_2 = (_e3 + position);
    let _e7 = tesserae_draw.indexed;
    if (_e7 == 0u) {
        return i_2;
    }
    let _e10 = tesserae_raw_index(i_2);
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
    let _e55 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 3u);
    tesserae_records[_e55] = _e53.out0_member;
    tesserae_records[(_e55 + 1u)] = vec4<f32>(_e53.out1_member, 0f);
    let _e68 = tesserae_cull_distance[0];
    tesserae_records[(_e55 + 2u)] = vec4<f32>(_e68, 0f, 0f, 0f);
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
        if (_e15 < 2u) {
        } else {
            break;
        }
        {
            let _e18 = k;
            let _e22 = k;
            v[_e18] = ((p * 2u) + _e22);
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
                if (_e40 < 2u) {
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
        if (_e86 < 2u) {
        } else {
            break;
        }
        {
            let _e92 = k_2;
            let _e95 = k_2;
            let _e97 = v[_e95];
            tesserae_prims[((q * 2u) + _e92)] = (base + _e97);
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
    tesserae_cull_primitive(gid, 3u, 2u, 1u);
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
        tesserae_indirect[0] = acc * 2u;
        tesserae_indirect[1] = 1u;
        tesserae_indirect[2] = 0u;
        tesserae_indirect[3] = 0u;
        tesserae_indirect[4] = 0u;
    }
    workgroupBarrier();
    var dst = tesserae_sums[t];
    for (var i = start; i < end; i++) {
        if tesserae_flags[i] != 0u {
            for (var k = 0u; k < 2u; k++) {
                tesserae_out_indices[dst * 2u + k] = tesserae_prims[i * 2u + k];
            }
            dst += 1u;
        }
    }
}
// pass `draw survivors`, vertex stage
struct TesseraePassOut {
    @builtin(position) position: vec4<f32>,
    @location(0) v0_: vec3<f32>,
}

@group(0) @binding(32) 
var<storage> tesserae_records: array<vec4<f32>>;

@vertex 
fn tesserae_passthrough_main(@builtin(vertex_index) r: u32) -> TesseraePassOut {
    let _e2 = (r * 3u);
    let _e5 = tesserae_records[_e2];
    let _e10 = tesserae_records[(_e2 + 1u)];
    return TesseraePassOut(_e5, _e10.xyz);
}
// pass `draw survivors`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_color_1: vec3<f32>;

fn main_1() {
    let _e3 = v_color_1;
    frag = vec4<f32>(_e3.x, _e3.y, _e3.z, 1f);
    return;
}

@fragment 
fn main(@location(0) v_color: vec3<f32>) -> @location(0) vec4<f32> {
    v_color_1 = v_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
