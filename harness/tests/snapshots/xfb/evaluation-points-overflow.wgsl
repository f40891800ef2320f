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

var<workgroup> tesserae_io_14_g: array<gl_PerVertex, 1>;
var<private> tesserae_io_17_g: i32;
var<private> tesserae_io_24_g: array<gl_PerVertex, 32>;
var<workgroup> tesserae_io_34_g: array<f32, 4>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn main() {
    let _e10 = tesserae_io_17_g;
    let _e11 = tesserae_io_17_g;
    let _e14 = tesserae_io_24_g[_e11].gl_Position;
    tesserae_io_14_g[_e10].gl_Position = _e14;
    tesserae_io_34_g[0i] = 2f;
    tesserae_io_34_g[1i] = 2f;
    return;
}

fn tesserae_control() {
    main();
}

@compute @workgroup_size(1, 1, 1) 
fn tesserae_control_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var j: u32;

    let _e6 = tesserae_draw.primitives;
    let _e8 = ((tesserae_wg.y * _e6) + tesserae_wg.x);
    tesserae_io_17_g = i32(tesserae_lid);
    let _e14 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e20 = j;
        if (_e20 >= 1u) {
            break;
        }
        let _e28 = tesserae_src[((((tesserae_wg.y * _e14) + (tesserae_wg.x * 1u)) + _e20) * 1u)];
        tesserae_io_24_g[_e20].gl_Position = _e28;
        continuing {
            let _e32 = j;
            j = (_e32 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e43 = tesserae_io_14_g[tesserae_lid].gl_Position;
    tesserae_cps[(((_e8 * 1u) + tesserae_lid) * 1u)] = _e43;
    if (tesserae_lid == 0u) {
        let _e52 = tesserae_io_34_g[0];
        let _e55 = tesserae_io_34_g[1];
        let _e58 = tesserae_io_34_g[2];
        let _e61 = tesserae_io_34_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e52, _e55, _e58, _e61);
    }
}
// pass `capture points`, tessellation evaluation stage
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

struct type_19 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) m1_member: vec3<f32>,
    @location(1) @interpolate(flat) m2_member: u32,
    @location(2) m3_member: f32,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec3<f32>,
    out2_member: u32,
    out3_member: f32,
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
var<private> tesserae_io_20_g: array<gl_PerVertex_1, 32>;
var<private> tesserae_io_27_g: vec3<f32>;
var<private> t_color: vec3<f32>;
var<private> tesserae_io_42_g: i32;
var<private> patch_id: u32;
var<private> half: f32;
var<private> tesserae_xfb_values: array<u32, 2> = array<u32, 2>();
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(41) 
var<storage, read_write> tesserae_capture_words: array<u32>;
@group(0) @binding(40) 
var<storage> tesserae_indirect: array<u32>;

fn tesserae_xfb_capture() {
    let _e19 = patch_id;
    tesserae_xfb_values[0u] = _e19;
    let _e21 = half;
    tesserae_xfb_values[1u] = bitcast<u32>(_e21);
    return;
}

fn main() {
    let _e21 = tesserae_io_20_g[0i].gl_Position;
    let _e22 = tesserae_io_27_g;
    let _e24 = (_e22.xy * 0.5f);
    unnamed.gl_Position = (_e21 + vec4<f32>(_e24.x, _e24.y, 0f, 0f));
    let _e30 = tesserae_io_42_g;
    t_color = select(vec3<f32>(0f, 1f, 0f), vec3<f32>(1f, 0f, 0f), vec3((_e30 == 0i)));
    let _e34 = tesserae_io_42_g;
    patch_id = bitcast<u32>(_e34);
    half = 0.5f;
    tesserae_xfb_capture();
    return;
}

fn tesserae_vertex() -> TesseraeVertexOut {
    main();
    let _e6 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e6);
    let _e8 = unnamed.gl_Position;
    let _e9 = t_color;
    let _e10 = patch_id;
    let _e11 = half;
    return TesseraeVertexOut(_e8, _e9, _e10, _e11);
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_capture_points(@builtin(global_invocation_id) tesserae_id: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>) {
    var j: u32;
    var tesserae_i: u32;

    let _e8 = (tesserae_id.x + ((tesserae_id.y * tesserae_groups.x) * 64u));
    let _e12 = tesserae_indirect[5u];
    if (_e8 >= _e12) {
        return;
    }
    let _e16 = tesserae_domain[_e8];
    let _e18 = bitcast<u32>(_e16.w);
    let _e22 = tesserae_draw.primitives;
    tesserae_io_27_g = _e16.xyz;
    tesserae_io_42_g = i32((_e18 % max(_e22, 1u)));
    j = 0u;
    loop {
        let _e33 = j;
        if (_e33 >= 1u) {
            break;
        }
        let _e41 = tesserae_cps[(((_e18 * 1u) + _e33) * 1u)];
        tesserae_io_20_g[_e33].gl_Position = _e41;
        continuing {
            let _e45 = j;
            j = (_e45 + 1u);
        }
    }
    let _e48 = tesserae_vertex();
    tesserae_i = 0u;
    loop {
        let _e53 = tesserae_i;
        if (_e53 >= 2u) {
            break;
        }
        let _e61 = tesserae_xfb_values[_e53];
        tesserae_capture_words[((_e8 * 2u) + _e53)] = _e61;
        continuing {
            let _e62 = tesserae_i;
            tesserae_i = (_e62 + 1u);
        }
    }
}
// pass `capture write`, tessellation evaluation stage
@group(0) @binding(41) 
var<storage> tesserae_capture_words: array<u32>;
@group(0) @binding(28) 
var<storage> tesserae_capture_state: array<u32>;
@group(0) @binding(24) 
var<storage, read_write> tesserae_xfb0_buffer: array<u32>;
@group(0) @binding(39) 
var<storage> tesserae_tess_indices: array<u32>;
@group(0) @binding(40) 
var<storage> tesserae_indirect: array<u32>;

fn tesserae_capture_room() -> u32 {
    return min(4294967295u, ((arrayLength((&tesserae_xfb0_buffer)) * 4u) / 8u));
}

fn tesserae_capture_vertex(q: u32, t_1: u32, src: u32) {
    let _e5 = ((q * 1u) + t_1);
    let _e7 = (src * 2u);
    let _e12 = tesserae_capture_words[_e7];
    tesserae_xfb0_buffer[(_e5 * 2u)] = _e12;
    let _e23 = tesserae_capture_words[(_e7 + 1u)];
    tesserae_xfb0_buffer[((_e5 * 2u) + 1u)] = _e23;
}

@compute @workgroup_size(64, 1, 1) 
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    var t: u32 = 0u;

    let primitive = (id.x + ((id.y * groups.x) * 64u));
    let _e15 = tesserae_indirect[0];
    if (((primitive + 1u) * 1u) > _e15) {
        return;
    }
    let _e19 = tesserae_capture_state[0];
    let q_1 = (_e19 + primitive);
    let _e21 = tesserae_capture_room();
    if (q_1 >= _e21) {
        return;
    }
    loop {
        let _e25 = t;
        if (_e25 < 1u) {
        } else {
            break;
        }
        {
            let _e28 = t;
            let _e32 = t;
            let _e35 = tesserae_tess_indices[((primitive * 1u) + _e32)];
            tesserae_capture_vertex(q_1, _e28, _e35);
        }
        continuing {
            let _e37 = t;
            t = (_e37 + 1u);
        }
    }
    return;
}
// pass `capture finish`, tessellation evaluation stage
@group(0) @binding(40) 
var<storage> tesserae_capture_totals: array<u32>;
@group(0) @binding(28) 
var<storage, read_write> tesserae_capture_state: array<u32>;
@group(0) @binding(24) 
var<storage, read_write> tesserae_xfb0_buffer: array<u32>;

fn tesserae_capture_room() -> u32 {
    return min(4294967295u, ((arrayLength((&tesserae_xfb0_buffer)) * 4u) / 8u));
}

@compute @workgroup_size(1, 1, 1) 
fn main() {
    let _e2 = tesserae_capture_totals[0];
    let total = (_e2 / 1u);
    let _e7 = tesserae_capture_state[1];
    tesserae_capture_state[1] = (_e7 + total);
    let _e11 = tesserae_capture_room();
    let _e14 = tesserae_capture_state[0];
    tesserae_capture_state[0] = min(_e11, (_e14 + total));
    return;
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

struct type_19 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) m1_member: vec3<f32>,
    @location(1) @interpolate(flat) m2_member: u32,
    @location(2) m3_member: f32,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec3<f32>,
    out2_member: u32,
    out3_member: f32,
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
    @location(0) @interpolate(flat) v0_: vec3<f32>,
    @location(1) @interpolate(flat) v1_: u32,
    @location(2) v2_: f32,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> tesserae_io_20_g: array<gl_PerVertex_1, 32>;
var<private> tesserae_io_27_g: vec3<f32>;
var<private> t_color: vec3<f32>;
var<private> tesserae_io_42_g: i32;
var<private> patch_id: u32;
var<private> half: f32;
var<private> tesserae_xfb_values: array<u32, 2> = array<u32, 2>();
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;

fn tesserae_xfb_capture() {
    let _e19 = patch_id;
    tesserae_xfb_values[0u] = _e19;
    let _e21 = half;
    tesserae_xfb_values[1u] = bitcast<u32>(_e21);
    return;
}

fn main() {
    let _e21 = tesserae_io_20_g[0i].gl_Position;
    let _e22 = tesserae_io_27_g;
    let _e24 = (_e22.xy * 0.5f);
    unnamed.gl_Position = (_e21 + vec4<f32>(_e24.x, _e24.y, 0f, 0f));
    let _e30 = tesserae_io_42_g;
    t_color = select(vec3<f32>(0f, 1f, 0f), vec3<f32>(1f, 0f, 0f), vec3((_e30 == 0i)));
    let _e34 = tesserae_io_42_g;
    patch_id = bitcast<u32>(_e34);
    half = 0.5f;
    tesserae_xfb_capture();
    return;
}

fn tesserae_vertex() -> TesseraeVertexOut {
    main();
    let _e6 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e6);
    let _e8 = unnamed.gl_Position;
    let _e9 = t_color;
    let _e10 = patch_id;
    let _e11 = half;
    return TesseraeVertexOut(_e8, _e9, _e10, _e11);
}

@vertex 
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_point: u32) -> TesseraeEvalOut {
    var j: u32;

    let _e3 = tesserae_domain[tesserae_point];
    let _e5 = bitcast<u32>(_e3.w);
    let _e9 = tesserae_draw.primitives;
    tesserae_io_27_g = _e3.xyz;
    tesserae_io_42_g = i32((_e5 % max(_e9, 1u)));
    j = 0u;
    loop {
        let _e20 = j;
        if (_e20 >= 1u) {
            break;
        }
        let _e28 = tesserae_cps[(((_e5 * 1u) + _e20) * 1u)];
        tesserae_io_20_g[_e20].gl_Position = _e28;
        continuing {
            let _e32 = j;
            j = (_e32 + 1u);
        }
    }
    let _e35 = tesserae_vertex();
    return TesseraeEvalOut(_e35.out0_member, _e35.out1_member, _e35.out2_member, _e35.out3_member);
}
// pass `tessellation evaluation`, fragment stage
var<private> frag: vec4<f32>;
var<private> t_color_1: vec3<f32>;

fn main_1() {
    let _e3 = t_color_1;
    frag = vec4<f32>(_e3.x, _e3.y, _e3.z, 1f);
    return;
}

@fragment 
fn main(@location(0) @interpolate(flat) t_color: vec3<f32>) -> @location(0) vec4<f32> {
    t_color_1 = t_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
