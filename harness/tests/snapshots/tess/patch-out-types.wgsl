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

var<workgroup> tesserae_io_15_g: array<gl_PerVertex, 3>;
var<private> tesserae_io_18_g: i32;
var<private> tesserae_io_25_g: array<gl_PerVertex, 32>;
var<private> tesserae_io_40_g: i32;
var<workgroup> tesserae_io_44_g: f32;
var<workgroup> tesserae_io_51_g: vec2<f32>;
var<workgroup> tesserae_io_60_g: vec3<f32>;
var<workgroup> tesserae_io_65_g: i32;
var<workgroup> tesserae_io_73_g: mat2x2<f32>;
var<workgroup> tesserae_io_86_g: array<f32, 2>;
var<workgroup> tesserae_io_97_g: array<f32, 4>;
var<workgroup> tesserae_io_102_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(34) 
var<storage, read_write> tesserae_patch_records: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn main() {
    var p: f32;

    let _e34 = tesserae_io_18_g;
    let _e35 = tesserae_io_18_g;
    let _e38 = tesserae_io_25_g[_e35].gl_Position;
    tesserae_io_15_g[_e34].gl_Position = _e38;
    let _e41 = tesserae_io_18_g;
    if (_e41 == 1i) {
        let _e43 = tesserae_io_40_g;
        p = f32(_e43);
        let _e45 = p;
        tesserae_io_44_g = (0.25f + (0.25f * _e45));
        let _e48 = p;
        tesserae_io_51_g = vec2<f32>(0.3f, (0.5f + (0.25f * _e48)));
        tesserae_io_60_g = vec3<f32>(0.1f, 0.2f, 0.25f);
        let _e52 = tesserae_io_40_g;
        tesserae_io_65_g = (2i + (3i * _e52));
        let _e55 = p;
        tesserae_io_73_g = mat2x2<f32>(vec2<f32>(0.5f, (0.25f - (0.25f * _e55))), vec2<f32>(0.125f, 0.5f));
        let _e61 = p;
        tesserae_io_86_g[0i] = (0.375f - (0.25f * _e61));
        tesserae_io_86_g[1i] = 1.5f;
        tesserae_io_97_g[0i] = 2f;
        tesserae_io_97_g[1i] = 2f;
        tesserae_io_97_g[2i] = 2f;
        tesserae_io_102_g[0i] = 2f;
    }
    return;
}

fn tesserae_control() {
    main();
}

@compute @workgroup_size(3, 1, 1) 
fn tesserae_control_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var j: u32;

    let _e6 = tesserae_draw.primitives;
    let _e8 = ((tesserae_wg.y * _e6) + tesserae_wg.x);
    tesserae_io_18_g = i32(tesserae_lid);
    tesserae_io_40_g = i32(tesserae_wg.x);
    let _e16 = tesserae_draw.count;
    j = 0u;
    loop {
        let _e22 = j;
        if (_e22 >= 3u) {
            break;
        }
        let _e30 = tesserae_src[((((tesserae_wg.y * _e16) + (tesserae_wg.x * 3u)) + _e22) * 1u)];
        tesserae_io_25_g[_e22].gl_Position = _e30;
        continuing {
            let _e34 = j;
            j = (_e34 + 1u);
        }
    }
    tesserae_control();
    workgroupBarrier();
    let _e45 = tesserae_io_15_g[tesserae_lid].gl_Position;
    tesserae_cps[(((_e8 * 3u) + tesserae_lid) * 1u)] = _e45;
    if (tesserae_lid == 0u) {
        let _e51 = (_e8 * 10u);
        let _e53 = tesserae_io_44_g;
        tesserae_patch_records[(_e51 + 2u)] = vec4<f32>(_e53, 0f, 0f, 0f);
        let _e63 = tesserae_io_51_g;
        tesserae_patch_records[(_e51 + 3u)] = vec4<f32>(_e63, 0f, 0f);
        let _e72 = tesserae_io_60_g;
        tesserae_patch_records[(_e51 + 4u)] = vec4<f32>(_e72, 0f);
        let _e80 = tesserae_io_65_g;
        tesserae_patch_records[(_e51 + 5u)] = bitcast<vec4<f32>>(vec4<i32>(_e80, 0i, 0i, 0i));
        let _e91 = tesserae_io_73_g;
        tesserae_patch_records[(_e51 + 6u)] = vec4<f32>(_e91[0], 0f, 0f);
        tesserae_patch_records[(_e51 + 7u)] = vec4<f32>(_e91[1], 0f, 0f);
        let _e109 = tesserae_io_86_g;
        tesserae_patch_records[(_e51 + 8u)] = vec4<f32>(_e109[0], 0f, 0f, 0f);
        tesserae_patch_records[(_e51 + 9u)] = vec4<f32>(_e109[1], 0f, 0f, 0f);
        let _e130 = tesserae_io_97_g[0];
        let _e133 = tesserae_io_97_g[1];
        let _e136 = tesserae_io_97_g[2];
        let _e139 = tesserae_io_97_g[3];
        tesserae_levels[(2u * _e8)] = vec4<f32>(_e130, _e133, _e136, _e139);
        let _e147 = tesserae_io_102_g[0];
        let _e150 = tesserae_io_102_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e147, _e150, 0f, 0f);
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

struct type_21 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: vec4<f32>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec4<f32>,
}

struct TesseraeEvalOut {
    @builtin(position) position: vec4<f32>,
    @location(0) v0_: vec4<f32>,
}

var<private> tesserae_io_11_g: vec3<f32>;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> tesserae_io_30_g: array<gl_PerVertex_1, 32>;
var<private> v_col: vec4<f32>;
var<private> tesserae_io_54_g: f32;
var<private> tesserae_io_59_g: mat2x2<f32>;
var<private> tesserae_io_64_g: vec2<f32>;
var<private> tesserae_io_69_g: array<f32, 2>;
var<private> tesserae_io_75_g: vec3<f32>;
var<private> tesserae_io_79_g: i32;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(34) 
var<storage> tesserae_patch_records: array<vec4<f32>>;

fn main() {
    var t: vec3<f32>;

    let _e20 = tesserae_io_11_g;
    t = _e20;
    let _e22 = t[0u];
    let _e25 = tesserae_io_30_g[0i].gl_Position;
    let _e28 = t[1u];
    let _e31 = tesserae_io_30_g[1i].gl_Position;
    let _e35 = t[2u];
    let _e38 = tesserae_io_30_g[2i].gl_Position;
    unnamed.gl_Position = (((_e25 * _e22) + (_e31 * _e28)) + (_e38 * _e35));
    let _e42 = tesserae_io_54_g;
    let _e45 = tesserae_io_59_g[0][1u];
    let _e48 = tesserae_io_64_g[1u];
    let _e50 = tesserae_io_69_g[1i];
    let _e54 = tesserae_io_75_g[2u];
    let _e55 = tesserae_io_79_g;
    let _e61 = tesserae_io_59_g[1][0u];
    let _e63 = tesserae_io_69_g[0i];
    v_col = vec4<f32>((_e42 + _e45), ((_e48 * _e50) - 0.5f), (_e54 + (f32(_e55) / 16f)), (_e61 + _e63));
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

@vertex 
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_point: u32) -> TesseraeEvalOut {
    var j: u32;

    let _e3 = tesserae_domain[tesserae_point];
    let _e5 = bitcast<u32>(_e3.w);
    tesserae_io_11_g = _e3.xyz;
    j = 0u;
    loop {
        let _e12 = j;
        if (_e12 >= 3u) {
            break;
        }
        let _e20 = tesserae_cps[(((_e5 * 3u) + _e12) * 1u)];
        tesserae_io_30_g[_e12].gl_Position = _e20;
        continuing {
            let _e24 = j;
            j = (_e24 + 1u);
        }
    }
    let _e28 = (_e5 * 10u);
    let _e33 = tesserae_patch_records[(_e28 + 2u)];
    tesserae_io_54_g = _e33.x;
    let _e40 = tesserae_patch_records[(_e28 + 6u)];
    let _e46 = tesserae_patch_records[(_e28 + 7u)];
    tesserae_io_59_g = mat2x2<f32>(_e40.xy, _e46.xy);
    let _e54 = tesserae_patch_records[(_e28 + 3u)];
    tesserae_io_64_g = _e54.xy;
    let _e61 = tesserae_patch_records[(_e28 + 8u)];
    let _e67 = tesserae_patch_records[(_e28 + 9u)];
    tesserae_io_69_g = array<f32, 2>(_e61.x, _e67.x);
    let _e75 = tesserae_patch_records[(_e28 + 4u)];
    tesserae_io_75_g = _e75.xyz;
    let _e82 = tesserae_patch_records[(_e28 + 5u)];
    tesserae_io_79_g = bitcast<vec4<i32>>(_e82).x;
    let _e86 = tesserae_vertex();
    return TesseraeEvalOut(_e86.out0_member, _e86.out1_member);
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
fn main(@location(0) v_col: vec4<f32>) -> @location(0) vec4<f32> {
    v_col_1 = v_col;
    main_1();
    let _e3 = frag;
    return _e3;
}
