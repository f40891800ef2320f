// pass `point vertices`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_11 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: vec3<f32>,
    @location(1) @interpolate(linear) m2_member: f32,
    @location(2) @interpolate(flat) m3_member: i32,
    @location(3) @interpolate(perspective, centroid) m4_member: f32,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec3<f32>,
    out2_member: f32,
    out3_member: i32,
    out4_member: f32,
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
var<private> pos_1: vec4<f32>;
var<private> a: vec3<f32>;
var<private> b: f32;
var<private> c_1: i32;
var<private> gl_VertexIndex_1: i32;
var<private> d: f32;
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
    let _e18 = pos_1;
    unnamed.gl_Position = _e18;
    tesserae_point_size = 20f;
    let _e21 = pos_1[0u];
    let _e25 = pos_1[1u];
    a = vec3<f32>(((_e21 * 0.5f) + 0.5f), ((_e25 * 0.5f) + 0.5f), 0.25f);
    let _e30 = pos_1[3u];
    b = (_e30 / 4f);
    let _e32 = gl_VertexIndex_1;
    c_1 = _e32;
    d = 0.75f;
    return;
}

fn tesserae_vertex(pos: vec4<f32>, gl_VertexIndex: u32) -> TesseraeVertexOut {
    pos_1 = pos;
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    main();
    let _e12 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e12);
    let _e14 = unnamed.gl_Position;
    let _e15 = a;
    let _e16 = b;
    let _e17 = c_1;
    let _e18 = d;
    return TesseraeVertexOut(_e14, _e15, _e16, _e17, _e18);
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

fn tesserae_point_size_keep(c: vec4<f32>, size: f32, distances_kept: bool) -> vec4<f32> {
    var local: bool;
    var tesserae_keep: bool;

    let _e6 = tesserae_draw.size_range.x;
    let _e10 = tesserae_draw.size_range.x;
    let _e16 = tesserae_draw.size_range.y;
    let tesserae_size = min(select(_e6, size, (size > _e10)), _e16);
    if (c.z >= 0f) {
        local = (c.z <= c.w);
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
    let _e15 = (_e7 * 4u);
    let _e18 = tesserae_vb0_[_e15];
    let _e24 = tesserae_vb0_[(_e15 + 1u)];
    let _e30 = tesserae_vb0_[(_e15 + 2u)];
    let _e36 = tesserae_vb0_[(_e15 + 3u)];
    let _e39 = tesserae_vertex(vec4<f32>(bitcast<f32>(_e18), bitcast<f32>(_e24), bitcast<f32>(_e30), bitcast<f32>(_e36)), _e7);
    let _e41 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 6u);
    let _e44 = tesserae_point_size;
    let _e46 = tesserae_point_size_keep(_e39.out0_member, _e44, true);
    tesserae_records[_e41] = _e39.out0_member;
    tesserae_records[(_e41 + 1u)] = _e46;
    tesserae_records[(_e41 + 2u)] = vec4<f32>(_e39.out1_member, 0f);
    tesserae_records[(_e41 + 3u)] = vec4<f32>(_e39.out2_member, 0f, 0f, 0f);
    tesserae_records[(_e41 + 4u)] = bitcast<vec4<f32>>(vec4<i32>(_e39.out3_member, 0i, 0i, 0i));
    tesserae_records[(_e41 + 5u)] = vec4<f32>(_e39.out4_member, 0f, 0f, 0f);
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
    @location(0) @interpolate(flat) v0_: vec3<f32>,
    @location(1) @interpolate(flat) v1_: f32,
    @location(2) @interpolate(flat) v2_: i32,
    @location(3) @interpolate(flat) v3_: f32,
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
    let _e5 = ((tesserae_vertex / 4u) * 6u);
    let _e8 = tesserae_records[_e5];
    let _e13 = tesserae_records[(_e5 + 1u)];
    let _e14 = tesserae_square_corner((tesserae_vertex % 4u), _e8, _e13);
    let _e19 = tesserae_records[(_e5 + 2u)];
    let _e25 = tesserae_records[(_e5 + 3u)];
    let _e31 = tesserae_records[(_e5 + 4u)];
    let _e38 = tesserae_records[(_e5 + 5u)];
    return TesseraeSquareOut(_e14, _e19.xyz, _e25.x, bitcast<vec4<i32>>(_e31).x, _e38.x);
}
// pass `expanded points`, fragment stage
var<private> frag: vec4<f32>;
var<private> a_1: vec3<f32>;
var<private> b_1: f32;
var<private> c_1: i32;
var<private> d_1: f32;

fn main_1() {
    let _e6 = a_1;
    let _e7 = _e6.xy;
    let _e8 = b_1;
    let _e9 = c_1;
    let _e13 = d_1;
    frag = vec4<f32>(_e7.x, _e7.y, (_e8 + (f32(_e9) * 0.1f)), _e13);
    return;
}

@fragment 
fn main(@location(0) @interpolate(flat) a: vec3<f32>, @location(1) @interpolate(flat) b: f32, @location(2) @interpolate(flat) c: i32, @location(3) @interpolate(flat) d: f32) -> @location(0) vec4<f32> {
    a_1 = a;
    b_1 = b;
    c_1 = c;
    d_1 = d;
    main_1();
    let _e9 = frag;
    return _e9;
}
