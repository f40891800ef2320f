// pass `vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
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
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn main() {
    let _e6 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e6.x, _e6.y, 0f, 1f);
    return;
}

fn tesserae_vertex(pos: vec2<f32>) -> vec4<f32> {
    pos_1 = pos;
    main();
    let _e4 = unnamed.gl_Position;
    return _e4;
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
struct gl_PerVertex {
    gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
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

var<workgroup> tesserae_io_15_g: array<gl_PerVertex, 4>;
var<private> tesserae_io_18_g: i32;
var<private> tesserae_io_25_g: array<gl_PerVertex, 32>;
var<workgroup> tesserae_io_39_g: array<f32, 4>;
var<workgroup> tesserae_io_52_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn main() {
    let _e14 = tesserae_io_18_g;
    let _e15 = tesserae_io_18_g;
    let _e18 = tesserae_io_25_g[_e15].gl_Position;
    tesserae_io_15_g[_e14].gl_Position = _e18;
    let _e21 = tesserae_io_18_g;
    if (_e21 == 0i) {
        tesserae_io_39_g[0i] = 2f;
        tesserae_io_39_g[1i] = 2f;
        tesserae_io_39_g[2i] = 2f;
        tesserae_io_39_g[3i] = 2f;
        tesserae_io_52_g[0i] = 2f;
        tesserae_io_52_g[1i] = 2f;
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
    tesserae_io_18_g = i32(tesserae_lid);
    let _e14 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e20 = j;
        if (_e20 >= 4u) {
            break;
        }
        let _e28 = tesserae_src[((((tesserae_wg.y * _e14) + (tesserae_wg.x * 4u)) + _e20) * 1u)];
        tesserae_io_25_g[_e20].gl_Position = _e28;
        continuing {
            let _e32 = j;
            j = (_e32 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e43 = tesserae_io_15_g[tesserae_lid].gl_Position;
    tesserae_cps[(((_e8 * 4u) + tesserae_lid) * 1u)] = _e43;
    if (tesserae_lid == 0u) {
        let _e52 = tesserae_io_39_g[0];
        let _e55 = tesserae_io_39_g[1];
        let _e58 = tesserae_io_39_g[2];
        let _e61 = tesserae_io_39_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e52, _e55, _e58, _e61);
        let _e69 = tesserae_io_52_g[0];
        let _e72 = tesserae_io_52_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e69, _e72, 0f, 0f);
    }
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct gl_PerVertex_1 {
    gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_14 {
    @builtin(position) gl_Position: vec4<f32>,
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

struct TesseraeEvalOut {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(flat) v0_: vec4<f32>,
}

var<private> tesserae_io_11_g: vec3<f32>;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> tesserae_io_32_g: array<gl_PerVertex_1, 32>;
var<private> v_col: vec4<f32>;
var<private> tesserae_point_size: f32;
var<private> tesserae_cull_distance: array<f32, 1>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(39) 
var<storage> tesserae_indices: array<u32>;

fn main() {
    var u: f32;
    var v: f32;

    let _e20 = tesserae_io_11_g[0u];
    u = _e20;
    let _e22 = tesserae_io_11_g[1u];
    v = _e22;
    let _e25 = tesserae_io_32_g[0i].gl_Position;
    let _e28 = tesserae_io_32_g[1i].gl_Position;
    let _e29 = u;
    let _e34 = tesserae_io_32_g[2i].gl_Position;
    let _e37 = tesserae_io_32_g[3i].gl_Position;
    let _e38 = u;
    let _e41 = v;
    unnamed.gl_Position = mix(mix(_e25, _e28, vec4(_e29)), mix(_e34, _e37, vec4(_e38)), vec4(_e41));
    let _e45 = u;
    tesserae_point_size = (3f + (4f * _e45));
    let _e48 = v;
    tesserae_cull_distance[0i] = (_e48 - 0.25f);
    let _e51 = u;
    let _e52 = v;
    v_col = vec4<f32>(1f, _e51, _e52, 1f);
    return;
}

fn tesserae_vertex() -> TesseraeVertexOut {
    main();
    let _e4 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e4);
    let _e6 = unnamed.gl_Position;
    let _e7 = v_col;
    return TesseraeVertexOut(_e6, _e7);
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

fn tesserae_square_corner(corner_id: u32, c_1: vec4<f32>, size_keep: vec4<f32>) -> vec4<f32> {
    let corner = vec2<f32>(select(-1f, 1f, ((corner_id & 2u) != 0u)), select(1f, -1f, ((corner_id & 1u) != 0u)));
    let _e22 = tesserae_draw.viewport;
    let offset = (((corner * size_keep.x) / _e22) * c_1.w);
    return select(vec4<f32>(2f, 2f, 2f, 1f), vec4<f32>((c_1.xy + offset), c_1.zw), (size_keep.y != 0f));
}

fn tesserae_sprite_corner(vertex: u32) -> u32 {
    return ((3219984u >> (4u * (vertex % 6u))) & 15u);
}

@vertex 
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_vertex_index: u32) -> TesseraeEvalOut {
    var j: u32;

    let _e1 = tesserae_sprite_corner(tesserae_vertex_index);
    let _e6 = tesserae_indices[(tesserae_vertex_index / 6u)];
    let _e9 = tesserae_domain[_e6];
    tesserae_io_11_g = _e9.xyz;
    j = 0u;
    loop {
        let _e18 = j;
        if (_e18 >= 4u) {
            break;
        }
        let _e26 = tesserae_cps[(((bitcast<u32>(_e9.w) * 4u) + _e18) * 1u)];
        tesserae_io_32_g[_e18].gl_Position = _e26;
        continuing {
            let _e30 = j;
            j = (_e30 + 1u);
        }
    }
    let _e33 = tesserae_vertex();
    let _e36 = tesserae_point_size;
    let _e39 = tesserae_cull_distance[0];
    let _e45 = tesserae_point_size_keep(_e33.out0_member, _e36, (true && !((_e39 < 0f))));
    let _e46 = tesserae_square_corner(_e1, _e33.out0_member, _e45);
    return TesseraeEvalOut(_e46, _e33.out1_member);
}
// pass `tessellation evaluation`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_col_1: vec4<f32>;

fn main_1() {
    let _e2 = v_col_1;
    frag = _e2;
    return;
}

@fragment 
fn main(@location(0) @interpolate(flat) v_col: vec4<f32>) -> @location(0) vec4<f32> {
    v_col_1 = v_col;
    main_1();
    let _e3 = frag;
    return _e3;
}
