// pass `point vertices`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_12 {
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
    let _e11 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e11.x, _e11.y, 0f, 1f);
    tesserae_point_size = 3f;
    let _e16 = color_1;
    v_color = _e16;
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
    let _e15 = (_e7 * 5u);
    let _e18 = tesserae_vb0_[_e15];
    let _e24 = tesserae_vb0_[(_e15 + 1u)];
    let _e33 = ((_e7 * 5u) + 2u);
    let _e36 = tesserae_vb0_[_e33];
    let _e42 = tesserae_vb0_[(_e33 + 1u)];
    let _e48 = tesserae_vb0_[(_e33 + 2u)];
    let _e53 = tesserae_vertex(vec4<f32>(bitcast<f32>(_e18), bitcast<f32>(_e24), 0f, 1f).xy, vec4<f32>(bitcast<f32>(_e36), bitcast<f32>(_e42), bitcast<f32>(_e48), 1f).xyz);
    let _e55 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 3u);
    let _e58 = tesserae_point_size;
    let _e60 = tesserae_point_size_keep(_e53.out0_member, _e58, true);
    tesserae_records[_e55] = _e53.out0_member;
    tesserae_records[(_e55 + 1u)] = _e60;
    tesserae_records[(_e55 + 2u)] = vec4<f32>(_e53.out1_member, 0f);
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
    return TesseraeSquareOut(_e14, _e19.xyz);
}
// pass `expanded points`, fragment stage
var<private> frag: vec4<f32>;
var<private> v_color_1: vec3<f32>;

fn main_1() {
    let _e3 = v_color_1;
    frag = vec4<f32>(_e3.x, _e3.y, _e3.z, 1f);
    return;
}

@fragment 
fn main(@location(0) @interpolate(flat) v_color: vec3<f32>) -> @location(0) vec4<f32> {
    v_color_1 = v_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
