// pass `point vertices`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 5>,
}

struct type_17 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: vec3<f32>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec3<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 5>());
var<private> pos_1: vec2<f32>;
var<private> v_color: vec3<f32>;
var<private> color_1: vec3<f32>;
var<private> tesserae_point_size: f32;
var<private> tesserae_cull_distance: array<f32, 5>;

fn main() {
    var i: i32;
    var a: f32;

    let _e20 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e20.x, _e20.y, 0f, 1f);
    tesserae_point_size = 4f;
    let _e25 = color_1;
    v_color = _e25;
    i = 0i;
    loop {
        let _e26 = i;
        if (_e26 < 5i) {
            let _e28 = i;
            a = (0.7f + (2.399f * f32(_e28)));
            let _e32 = i;
            let _e33 = pos_1;
            let _e34 = a;
            let _e36 = a;
            tesserae_cull_distance[_e32] = (dot(_e33, vec2<f32>(cos(_e34), sin(_e36))) + 0.2f);
            continue;
        } else {
            break;
        }
        continuing {
            let _e42 = i;
            i = (_e42 + 1i);
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
}
@group(0) @binding(0) var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) var<storage, read> tesserae_indices: array<u32>;

// The index at position `i` of the draw, as stored (restart indices included).
fn tesserae_raw_index(i: u32) -> u32 {
    if tesserae_draw.index_u16 != 0u {
        return (tesserae_indices[i / 2u] >> ((i & 1u) * 16u)) & 0xffffu;
    }
    return tesserae_indices[i];
}

// The vertex index of position `position` of the draw (gl_VertexIndex).
fn tesserae_vertex_index(position: u32) -> u32 {
    let i = tesserae_draw.first + position;
    if tesserae_draw.indexed == 0u {
        return i;
    }
    return u32(i32(tesserae_raw_index(i)) + tesserae_draw.base_vertex);
}
@group(0) @binding(2) var<storage, read> tesserae_vb0: array<u32>;

@group(0) @binding(24) var<storage, read_write> tesserae_records: array<vec4<f32>>;

@compute @workgroup_size(64)
fn tesserae_point_vertex_main(@builtin(global_invocation_id) tesserae_gid: vec3<u32>) {
    if tesserae_gid.x >= tesserae_draw.count {
        return;
    }
    let tesserae_vertex_id = tesserae_vertex_index(tesserae_gid.x);
    let tesserae_instance = tesserae_gid.y + tesserae_draw.first_instance;
    let tesserae_w0 = (tesserae_vertex_id) * 5u + 0u;
    let tesserae_a0 = vec4<f32>(bitcast<f32>(tesserae_vb0[tesserae_w0 + 0u]), bitcast<f32>(tesserae_vb0[tesserae_w0 + 1u]), 0.0, 1.0);
    let tesserae_w1 = (tesserae_vertex_id) * 5u + 2u;
    let tesserae_a1 = vec4<f32>(bitcast<f32>(tesserae_vb0[tesserae_w1 + 0u]), bitcast<f32>(tesserae_vb0[tesserae_w1 + 1u]), bitcast<f32>(tesserae_vb0[tesserae_w1 + 2u]), 1.0);
    let tesserae_out = tesserae_vertex(vec2<f32>(tesserae_a0.xy), vec3<f32>(tesserae_a1.xyz));
    let tesserae_c = tesserae_out.out0_member;
    // `select` rather than `clamp`: a NaN size must become the minimum, as on lavapipe.
    let tesserae_size = min(select(tesserae_draw.size_range.x, tesserae_point_size, tesserae_point_size > tesserae_draw.size_range.x), tesserae_draw.size_range.y);
    // Only depth clips a point's centre: lavapipe draws points whose centre is just outside
    // the x/y planes (its guard band), and the viewport cuts the rest.
    var tesserae_keep = tesserae_c.z >= 0.0 && tesserae_c.z <= tesserae_c.w;
    for (var i = 0u; i < 5u; i++) { if tesserae_cull_distance[i] < 0.0 { tesserae_keep = false; } }
    let tesserae_base = (tesserae_gid.y * tesserae_draw.count + tesserae_gid.x) * 3u;
    tesserae_records[tesserae_base] = tesserae_c;
    tesserae_records[tesserae_base + 1u] = vec4<f32>(tesserae_size, select(0.0, 1.0, tesserae_keep), 0.0, 0.0);
    tesserae_records[tesserae_base + 2u] = vec4<f32>(tesserae_out.out1_member, 0.0);
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
}
@group(0) @binding(0) var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) var<storage, read> tesserae_indices: array<u32>;

// The index at position `i` of the draw, as stored (restart indices included).
fn tesserae_raw_index(i: u32) -> u32 {
    if tesserae_draw.index_u16 != 0u {
        return (tesserae_indices[i / 2u] >> ((i & 1u) * 16u)) & 0xffffu;
    }
    return tesserae_indices[i];
}

// The vertex index of position `position` of the draw (gl_VertexIndex).
fn tesserae_vertex_index(position: u32) -> u32 {
    let i = tesserae_draw.first + position;
    if tesserae_draw.indexed == 0u {
        return i;
    }
    return u32(i32(tesserae_raw_index(i)) + tesserae_draw.base_vertex);
}

@group(0) @binding(24) var<storage, read> tesserae_records: array<vec4<f32>>;

struct TesseraePointOut {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(flat) v0: vec3<f32>,
}

@vertex
fn tesserae_points_main(@builtin(vertex_index) tesserae_vertex: u32) -> TesseraePointOut {
    let corner_id = tesserae_vertex % 4u;
    let b = (tesserae_vertex / 4u) * 3u;
    let c = tesserae_records[b];
    let size_keep = tesserae_records[b + 1u];
    // Corners (-1, 1), (-1, -1), (1, 1), (1, -1) from the id's bits: a dynamically indexed
    // constant array costs a local copy per invocation in the SPIR-V naga writes.
    let corner = vec2<f32>(select(-1.0, 1.0, (corner_id & 2u) != 0u), select(1.0, -1.0, (corner_id & 1u) != 0u));
    var o: TesseraePointOut;
    let offset = corner * size_keep.x / tesserae_draw.viewport * c.w;
    o.position = select(vec4<f32>(2.0, 2.0, 2.0, 1.0), vec4<f32>(c.xy + offset, c.zw), size_keep.y != 0.0);
    o.v0 = tesserae_records[b + 2u].xyz;
    return o;
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
