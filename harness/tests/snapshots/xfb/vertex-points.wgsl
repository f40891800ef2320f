// pass `point vertices`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_11 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: vec4<f32>,
    @location(1) m2_member: vec4<f32>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec4<f32>,
    out2_member: vec4<f32>,
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
var<private> v_color: vec4<f32>;
var<private> v: vec4<f32>;
var<private> tesserae_point_size: f32;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(24) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;

fn main() {
    var i: i32;
    var f: f32;

    let _e18 = gl_VertexIndex_1;
    i = _e18;
    let _e19 = i;
    f = f32(_e19);
    let _e21 = f;
    unnamed.gl_Position = vec4<f32>((-0.734375f + (0.5f * _e21)), -0.484375f, 0f, 1f);
    tesserae_point_size = 1f;
    let _e26 = f;
    let _e29 = f;
    v_color = vec4<f32>((0.25f * (_e26 + 1f)), (1f - (0.25f * _e29)), 0.5f, 1f);
    let _e33 = f;
    let _e34 = f;
    let _e37 = f;
    let _e40 = i;
    let _e41 = i;
    v = vec4<f32>(_e33, ((0.5f * _e34) + 0.25f), ((-2f * _e37) - 1f), (f32((_e40 * _e41)) + 100f));
    return;
}

fn tesserae_vertex(gl_VertexIndex: u32) -> TesseraeVertexOut {
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    main();
    let _e8 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e8);
    let _e10 = unnamed.gl_Position;
    let _e11 = v_color;
    let _e12 = v;
    return TesseraeVertexOut(_e10, _e11, _e12);
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
fn tesserae_point_vertex_main(@builtin(global_invocation_id) tesserae_gid: vec3<u32>) {
    var local: bool;
    var tesserae_keep: bool;

    let _e4 = tesserae_draw.count;
    if (tesserae_gid.x >= _e4) {
        return;
    }
    let _e7 = tesserae_vertex_index(tesserae_gid.x);
    let _e11 = tesserae_draw.first_instance;
    let tesserae_instance = (tesserae_gid.y + _e11);
    let _e14 = tesserae_vertex(u32(_e7));
    let _e18 = tesserae_draw.count;
    let tesserae_base = (((tesserae_gid.y * _e18) + tesserae_gid.x) * 4u);
    let tesserae_c = _e14.out0_member;
    let _e28 = tesserae_draw.size_range.x;
    let _e30 = tesserae_point_size;
    let _e32 = tesserae_point_size;
    let _e36 = tesserae_draw.size_range.x;
    let _e42 = tesserae_draw.size_range.y;
    let tesserae_size = min(select(_e28, _e30, (_e32 > _e36)), _e42);
    if (tesserae_c.z >= 0f) {
        local = (tesserae_c.z <= tesserae_c.w);
    } else {
        local = false;
    }
    let _e53 = local;
    tesserae_keep = _e53;
    tesserae_records[tesserae_base] = tesserae_c;
    let _e61 = tesserae_keep;
    tesserae_records[(tesserae_base + 1u)] = vec4<f32>(tesserae_size, select(0f, 1f, _e61), 0f, 0f);
    tesserae_records[(tesserae_base + 2u)] = _e14.out1_member;
    tesserae_records[(tesserae_base + 3u)] = _e14.out2_member;
    return;
}
// pass `expanded points`, vertex stage
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

@group(0) @binding(24) var<storage, read> tesserae_records: array<vec4<f32>>;

struct TesseraePointOut {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(flat) v0: vec4<f32>,
    @location(1) @interpolate(flat) v1: vec4<f32>,
}

@vertex
fn tesserae_points_main(@builtin(vertex_index) tesserae_vertex: u32) -> TesseraePointOut {
    let corner_id = tesserae_vertex % 4u;
    let b = (tesserae_vertex / 4u) * 4u;
    let c = tesserae_records[b];
    let size_keep = tesserae_records[b + 1u];
    // Corners (-1, 1), (-1, -1), (1, 1), (1, -1) from the id's bits: a dynamically indexed
    // constant array costs a local copy per invocation in the SPIR-V naga writes.
    let corner = vec2<f32>(select(-1.0, 1.0, (corner_id & 2u) != 0u), select(1.0, -1.0, (corner_id & 1u) != 0u));
    var o: TesseraePointOut;
    let offset = corner * size_keep.x / tesserae_draw.viewport * c.w;
    o.position = select(vec4<f32>(2.0, 2.0, 2.0, 1.0), vec4<f32>(c.xy + offset, c.zw), size_keep.y != 0.0);
    o.v0 = tesserae_records[b + 2u].xyzw;
    o.v1 = tesserae_records[b + 3u].xyzw;
    return o;
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
