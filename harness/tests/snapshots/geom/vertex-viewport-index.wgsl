// pass `vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_14 {
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

var<private> gl_VertexIndex_1: i32;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> gl_InstanceIndex_1: i32;
var<private> v_color: vec3<f32>;
var<private> tesserae_viewport_index: i32;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;

fn palette_u0028_i1_u003b(i: ptr<function, i32>) -> vec3<f32> {
    var k: i32;

    let _e16 = (*i);
    let _e19 = (_e16 - (7i * (_e16 / 7i)));
    k = (select(_e19, (_e19 + 7i), (((_e19 ^ 7i) < i32()) && (_e19 != i32()))) + 1i);
    let _e27 = k;
    let _e30 = k;
    let _e35 = k;
    return vec3<f32>(f32((_e27 & 1i)), f32(((_e30 >> bitcast<u32>(1i)) & 1i)), f32(((_e35 >> bitcast<u32>(2i)) & 1i)));
}

fn main() {
    var corner: vec2<f32>;
    var param: i32;

    let _e16 = gl_VertexIndex_1;
    let _e19 = gl_VertexIndex_1;
    corner = vec2<f32>(f32((_e16 & 1i)), f32((_e19 >> bitcast<u32>(1i))));
    let _e24 = corner;
    let _e26 = (_e24 - vec2(0.5f));
    unnamed.gl_Position = vec4<f32>(_e26.x, _e26.y, 0f, 1f);
    let _e31 = gl_InstanceIndex_1;
    tesserae_viewport_index = _e31;
    let _e32 = gl_InstanceIndex_1;
    param = _e32;
    let _e33 = palette_u0028_i1_u003b((&param));
    v_color = _e33;
    return;
}

fn tesserae_vertex(gl_VertexIndex: u32, gl_InstanceIndex: u32) -> TesseraeVertexOut {
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    gl_InstanceIndex_1 = i32(gl_InstanceIndex);
    main();
    let _e10 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e10);
    let _e12 = unnamed.gl_Position;
    let _e13 = v_color;
    return TesseraeVertexOut(_e12, _e13);
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
    let _e14 = tesserae_vertex(_e7, (tesserae_gid.y + _e10));
    let _e16 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 3u);
    tesserae_records[_e16] = _e14.out0_member;
    tesserae_records[(_e16 + 1u)] = vec4<f32>(_e14.out1_member, 0f);
    let _e28 = tesserae_viewport_index;
    tesserae_records[(_e16 + 2u)] = vec4<f32>(bitcast<f32>(u32(_e28)), 0f, 0f, 0f);
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
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage> tesserae_records: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_prims: array<u32>;
@group(0) @binding(34) 
var<storage, read_write> tesserae_flags: array<u32>;

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
    let i_2 = (_e3 + position);
    let _e7 = tesserae_draw.indexed;
    if (_e7 == 0u) {
        return i_2;
    }
    let _e10 = tesserae_raw_index(i_2);
    let _e14 = tesserae_draw.base_vertex;
    return u32((i32(_e10) + _e14));
}

fn tesserae_is_restart(i_1: u32) -> bool {
    let _e3 = tesserae_draw.indexed;
    if (_e3 == 0u) {
        return false;
    }
    let _e11 = tesserae_draw.index_u16_;
    let restart = select(4294967295u, 65535u, (_e11 != 0u));
    let _e17 = tesserae_draw.first;
    let _e19 = tesserae_raw_index((_e17 + i_1));
    return (_e19 == restart);
}

fn tesserae_cull_primitive(gid_1: vec3<u32>, stride: u32, cull_first: u32, cull_n: u32) {
    var v: array<u32, 3> = array<u32, 3>();
    var keep: bool = true;
    var k: u32 = 0u;
    var start: u32 = 0u;
    var j: u32;
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
            let _e20 = tesserae_is_restart((p + _e18));
            if _e20 {
                keep = false;
            }
        }
        continuing {
            let _e23 = k;
            k = (_e23 + 1u);
        }
    }
    j = p;
    loop {
        let _e28 = j;
        if (_e28 > 0u) {
        } else {
            break;
        }
        {
            let _e31 = j;
            let _e34 = tesserae_is_restart((_e31 - 1u));
            if _e34 {
                let _e35 = j;
                start = _e35;
                break;
            }
        }
        continuing {
            let _e37 = j;
            j = (_e37 - 1u);
        }
    }
    let _e39 = start;
    let odd = ((p - _e39) & 1u);
    v[0] = p;
    v[1] = ((p + 1u) + odd);
    v[2] = ((p + 2u) - odd);
    let _e55 = tesserae_draw.count;
    let base = (gid_1.y * _e55);
    loop {
        let _e59 = c;
        if (_e59 < cull_n) {
        } else {
            break;
        }
        {
            all_negative = true;
            k_1 = 0u;
            loop {
                let _e65 = k_1;
                if (_e65 < 3u) {
                } else {
                    break;
                }
                {
                    let _e69 = k_1;
                    let _e71 = v[_e69];
                    let _e75 = c;
                    let _e80 = c;
                    let d = tesserae_records[((((base + _e71) * stride) + cull_first) + (_e75 / 4u))][(_e80 % 4u)];
                    if !((d < 0f)) {
                        all_negative = false;
                    }
                }
                continuing {
                    let _e90 = k_1;
                    k_1 = (_e90 + 1u);
                }
            }
            let _e92 = all_negative;
            if _e92 {
                keep = false;
            }
        }
        continuing {
            let _e95 = c;
            c = (_e95 + 1u);
        }
    }
    let _e100 = tesserae_draw.primitives;
    let q = ((gid_1.y * _e100) + p);
    let _e107 = keep;
    tesserae_flags[q] = select(0u, 1u, _e107);
    loop {
        let _e111 = k_2;
        if (_e111 < 3u) {
        } else {
            break;
        }
        {
            let _e117 = k_2;
            let _e121 = k_2;
            let _e123 = v[_e121];
            let _e125 = keep;
            tesserae_prims[((q * 3u) + _e117)] = select(4294967295u, (base + _e123), _e125);
        }
        continuing {
            let _e128 = k_2;
            k_2 = (_e128 + 1u);
        }
    }
    return;
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_primitive_main(@builtin(global_invocation_id) gid: vec3<u32>) {
    tesserae_cull_primitive(gid, 3u, 0u, 0u);
}
// pass `draw survivors`, vertex stage
struct TesseraePassOut {
    @builtin(position) position: vec4<f32>,
    @location(0) v0_: vec3<f32>,
}

@group(0) @binding(32) 
var<storage> tesserae_records: array<vec4<f32>>;

@vertex 
fn tesserae_passthrough_main(@builtin(vertex_index) r: u32, @builtin(instance_index) tesserae_target: u32) -> TesseraePassOut {
    if (r == 4294967295u) {
        return TesseraePassOut(vec4<f32>(2f, 2f, 2f, 1f), vec3<f32>());
    }
    let _e11 = (r * 3u);
    let _e19 = tesserae_records[(_e11 + 2u)];
    if (bitcast<u32>(_e19.x) != (tesserae_target % 16u)) {
        return TesseraePassOut(vec4<f32>(2f, 2f, 2f, 1f), vec3<f32>());
    }
    let _e32 = tesserae_records[_e11];
    let _e37 = tesserae_records[(_e11 + 1u)];
    return TesseraePassOut(_e32, _e37.xyz);
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
