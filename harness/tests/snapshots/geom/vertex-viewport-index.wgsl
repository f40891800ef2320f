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
fn tesserae_is_restart(i: u32) -> bool {
    if tesserae_draw.indexed == 0u {
        return false;
    }
    let restart = select(0xffffffffu, 0xffffu, tesserae_draw.index_u16 != 0u);
    return tesserae_raw_index(tesserae_draw.first + i) == restart;
}

@group(0) @binding(32) var<storage, read> tesserae_records: array<vec4<f32>>;
@group(0) @binding(33) var<storage, read_write> tesserae_prims: array<u32>;
@group(0) @binding(34) var<storage, read_write> tesserae_flags: array<u32>;

@compute @workgroup_size(64)
fn tesserae_primitive_main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let p = gid.x;
    if p >= tesserae_draw.primitives {
        return;
    }
    var v = array<u32, 3>();
    var keep = true;
    for (var k = 0u; k < 3u; k++) {
        if tesserae_is_restart(p + k) {
            keep = false;
        }
    }
    // Strip parity counts from the last restart.
    var start = 0u;
    for (var j = p; j > 0u; j--) {
        if tesserae_is_restart(j - 1u) {
            start = j;
            break;
        }
    }
    let odd = (p - start) & 1u;
    v[0] = p; v[1] = p + 1u + odd; v[2] = p + 2u - odd;
    let base = gid.y * tesserae_draw.count;
    for (var c = 0u; c < 0u; c++) {
        var all_negative = true;
        for (var k = 0u; k < 3u; k++) {
            let d = tesserae_records[(base + v[k]) * 3u + 2u + c / 4u][c % 4u];
            if !(d < 0.0) {
                all_negative = false;
            }
        }
        if all_negative {
            keep = false;
        }
    }
    let q = gid.y * tesserae_draw.primitives + p;
    tesserae_flags[q] = select(0u, 1u, keep);
    for (var k = 0u; k < 3u; k++) {
        tesserae_prims[q * 3u + k] = select(4294967295u, base + v[k], keep);
    }
}
// pass `draw survivors`, vertex stage

@group(0) @binding(32) var<storage, read> tesserae_records: array<vec4<f32>>;

struct TesseraePassOut {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(perspective, center) v0: vec3<f32>,
}

@vertex
fn tesserae_passthrough_main(@builtin(vertex_index) r: u32, @builtin(instance_index) tesserae_target: u32) -> TesseraePassOut {
    var o: TesseraePassOut;
    if r == 4294967295u {
        o.position = vec4<f32>(2.0, 2.0, 2.0, 1.0);
        return o;
    }
    if bitcast<u32>(tesserae_records[r * 3u + 2u].x) != tesserae_target % 16u {
        o.position = vec4<f32>(2.0, 2.0, 2.0, 1.0);
        return o;
    }
    let b = r * 3u;
    o.position = tesserae_records[b];
    o.v0 = tesserae_records[b + 1u].xyz;
    return o;
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
