// pass `point vertices`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_15 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) m1_member: vec4<f32>,
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

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
var<private> gl_VertexIndex_1: i32;
var<private> v_color: vec4<f32>;
var<private> a_1: vec4<f32>;
var<private> b_1: vec4<f32>;
var<private> c_2: vec4<f32>;
var<private> d_1: vec2<i32>;
var<private> e_1: u32;
var<private> tesserae_point_size: f32;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn main() {
    let _e21 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e21.x, _e21.y, 0f, 1f);
    tesserae_point_size = 8f;
    let _e26 = gl_VertexIndex_1;
    if (_e26 == 0i) {
        let _e28 = a_1;
        v_color = _e28;
    } else {
        let _e29 = gl_VertexIndex_1;
        if (_e29 == 1i) {
            let _e31 = b_1;
            v_color = _e31;
        } else {
            let _e32 = gl_VertexIndex_1;
            if (_e32 == 2i) {
                let _e34 = c_2;
                v_color = _e34;
            } else {
                let _e35 = gl_VertexIndex_1;
                if (_e35 == 3i) {
                    let _e38 = d_1[0u];
                    let _e43 = d_1[1u];
                    v_color = vec4<f32>((f32((_e38 + 4i)) / 8f), (f32(_e43) / 8f), 0f, 1f);
                } else {
                    let _e47 = e_1;
                    v_color = vec4<f32>((f32(_e47) / 255f), 0f, 1f, 1f);
                }
            }
        }
    }
    return;
}

fn tesserae_vertex(pos: vec2<f32>, gl_VertexIndex: u32, a: vec4<f32>, b: vec4<f32>, c: vec4<f32>, d: vec2<i32>, e: u32) -> TesseraeVertexOut {
    pos_1 = pos;
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    a_1 = a;
    b_1 = b;
    c_2 = c;
    d_1 = d;
    e_1 = e;
    main();
    let _e19 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e19);
    let _e21 = unnamed.gl_Position;
    let _e22 = v_color;
    return TesseraeVertexOut(_e21, _e22);
}

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
    let i_1 = (_e3 + position);
    let _e7 = tesserae_draw.indexed;
    if (_e7 == 0u) {
        return i_1;
    }
    let _e10 = tesserae_raw_index(i_1);
    let _e14 = tesserae_draw.base_vertex;
    return u32((i32(_e10) + _e14));
}

fn tesserae_half(h: u32) -> f32 {
    let sign_ = ((h & 32768u) << 16u);
    let e_2 = ((h >> 10u) & 31u);
    let m = (h & 1023u);
    if (e_2 == 0u) {
        return bitcast<f32>((sign_ | bitcast<u32>((f32(m) * 0.000000059604645f))));
    }
    if (e_2 == 31u) {
        return bitcast<f32>(((sign_ | 2139095040u) | (m << 13u)));
    }
    return bitcast<f32>(((sign_ | ((e_2 + 112u) << 23u)) | (m << 13u)));
}

fn tesserae_unpack_half2_(w: u32) -> vec2<f32> {
    let _e3 = tesserae_half((w & 65535u));
    let _e6 = tesserae_half((w >> 16u));
    return vec2<f32>(_e3, _e6);
}

fn tesserae_point_size_keep(c_1: vec4<f32>, size: f32, distances_kept: bool) -> vec4<f32> {
    var local: bool;
    var tesserae_keep: bool;

    let _e6 = tesserae_draw.size_range.x;
    let _e10 = tesserae_draw.size_range.x;
    let _e16 = tesserae_draw.size_range.y;
    let tesserae_size = min(select(_e6, size, (size > _e10)), _e16);
    if (c_1.z >= 0f) {
        local = (c_1.z <= c_1.w);
    } else {
        local = false;
    }
    let _e27 = local;
    tesserae_keep = _e27;
    if !(distances_kept) {
        tesserae_keep = false;
    }
    let _e31 = tesserae_keep;
    return vec4<f32>(tesserae_size, select(0f, 1f, _e31), 0f, 0f);
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_point_vertex_main(@builtin(global_invocation_id) tesserae_gid: vec3<u32>) {
    let _e5 = tesserae_draw.count;
    if (tesserae_gid.x >= _e5) {
        return;
    }
    let _e7 = tesserae_vertex_index(tesserae_gid.x);
    let _e10 = tesserae_draw.first_instance;
    let _e15 = (_e7 * 9u);
    let _e18 = tesserae_vb0_[_e15];
    let _e24 = tesserae_vb0_[(_e15 + 1u)];
    let _e36 = tesserae_vb0_[((_e7 * 9u) + 2u)];
    let _e44 = tesserae_vb0_[((_e7 * 9u) + 3u)];
    let _e50 = ((_e7 * 9u) + 4u);
    let _e53 = tesserae_vb0_[_e50];
    let _e58 = tesserae_vb0_[(_e50 + 1u)];
    let _e59 = tesserae_unpack_half2_(_e53);
    let _e60 = tesserae_unpack_half2_(_e58);
    let _e65 = ((_e7 * 9u) + 6u);
    let _e68 = tesserae_vb0_[_e65];
    let _e74 = tesserae_vb0_[(_e65 + 1u)];
    let _e86 = tesserae_vb0_[((_e7 * 9u) + 8u)];
    let _e92 = tesserae_vertex(vec4<f32>(bitcast<f32>(_e18), bitcast<f32>(_e24), 0f, 1f).xy, _e7, unpack4x8unorm(_e36), unpack4x8unorm(_e44).zyxw, vec4<f32>(_e59, _e60), vec4<i32>(bitcast<i32>(_e68), bitcast<i32>(_e74), 0i, 1i).xy, vec4<u32>(_e86, 0u, 0u, 1u).x);
    let _e94 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 3u);
    let _e97 = tesserae_point_size;
    let _e99 = tesserae_point_size_keep(_e92.out0_member, _e97, true);
    tesserae_records[_e94] = _e92.out0_member;
    tesserae_records[(_e94 + 1u)] = _e99;
    tesserae_records[(_e94 + 2u)] = _e92.out1_member;
}
// pass `expanded points`, vertex stage
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

struct TesseraeSquareOut {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(flat) v0_: vec4<f32>,
}

@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_records: array<vec4<f32>>;

fn tesserae_square_corner(corner_id: u32, c: vec4<f32>, size_keep: vec4<f32>) -> vec4<f32> {
    let corner = vec2<f32>(select(-1f, 1f, ((corner_id & 2u) != 0u)), select(1f, -1f, ((corner_id & 1u) != 0u)));
    let _e22 = tesserae_draw.viewport;
    let offset = (((corner * size_keep.x) / _e22) * c.w);
    return select(vec4<f32>(2f, 2f, 2f, 1f), vec4<f32>((c.xy + offset), c.zw), (size_keep.y != 0f));
}

@vertex 
fn tesserae_points_main(@builtin(vertex_index) tesserae_vertex: u32) -> TesseraeSquareOut {
    let _e5 = ((tesserae_vertex / 4u) * 3u);
    let _e8 = tesserae_records[_e5];
    let _e13 = tesserae_records[(_e5 + 1u)];
    let _e14 = tesserae_square_corner((tesserae_vertex % 4u), _e8, _e13);
    let _e19 = tesserae_records[(_e5 + 2u)];
    return TesseraeSquareOut(_e14, _e19);
}
// pass `expanded points`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_color_1: vec4<f32>;

fn main_1() {
    let _e2 = v_color_1;
    frag = _e2;
    return;
}

@fragment 
fn main(@location(0) @interpolate(flat) v_color: vec4<f32>) -> @location(0) vec4<f32> {
    v_color_1 = v_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
