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
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;

fn main() {
    unnamed.gl_Position = vec4<f32>(0f, 0f, 0f, 1f);
    return;
}

fn tesserae_vertex() -> vec4<f32> {
    main();
    let _e2 = unnamed.gl_Position;
    return _e2;
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
    let _e14 = tesserae_vertex();
    tesserae_records[(((tesserae_gid.y * _e5) + tesserae_gid.x) * 1u)] = _e14;
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
var<workgroup> tesserae_io_47_g: array<f32, 2>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn main() {
    let _e14 = tesserae_io_17_g;
    let _e15 = tesserae_io_17_g;
    let _e18 = tesserae_io_24_g[_e15].gl_Position;
    tesserae_io_14_g[_e14].gl_Position = _e18;
    tesserae_io_34_g[0i] = 1f;
    tesserae_io_34_g[1i] = 1f;
    tesserae_io_34_g[2i] = 1f;
    tesserae_io_34_g[3i] = 1f;
    tesserae_io_47_g[0i] = 1f;
    tesserae_io_47_g[1i] = 1f;
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
        let _e69 = tesserae_io_47_g[0];
        let _e72 = tesserae_io_47_g[1];
        tesserae_levels[((2u * _e8) + 1u)] = vec4<f32>(_e69, _e72, 0f, 0f);
    }
}
// pass `tessellation index tail`, tessellation evaluation stage
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
@group(0) @binding(39) 
var<storage, read_write> tesserae_indices: array<u32>;
@group(0) @binding(40) 
var<storage> tesserae_indirect: array<u32>;

fn tesserae_fill_tail(wg_1: vec3<u32>, groups_1: vec3<u32>, lid_1: u32, per_patch: u32, divisor: u32, multiplier: u32) {
    var k: u32 = 0u;
    var local: bool;

    let first = (((wg_1.x + (wg_1.y * groups_1.x)) * 1024u) + lid_1);
    let _e16 = tesserae_indirect[0];
    let total = ((_e16 / divisor) * multiplier);
    let _e21 = tesserae_draw.primitives;
    let _e24 = tesserae_draw.instances;
    let end = ((_e21 * _e24) * per_patch);
    loop {
        let _e29 = k;
        if (_e29 < 4u) {
        } else {
            break;
        }
        {
            let _e32 = k;
            let i = (first + (_e32 * 256u));
            if (i >= total) {
                local = (i < end);
            } else {
                local = false;
            }
            let _e41 = local;
            if _e41 {
                tesserae_indices[i] = 4294967295u;
            }
        }
        continuing {
            let _e46 = k;
            k = (_e46 + 1u);
        }
    }
    return;
}

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    tesserae_fill_tail(wg, groups, lid, 54u, 1u, 1u);
}
// pass `tessellation evaluation`, tessellation evaluation stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_13 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) m1_member: vec3<f32>,
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

struct TesseraeEvalOut {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(flat) v0_: vec3<f32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> tesserae_io_18_g: vec3<f32>;
var<private> tesserae_io_23_g: i32;
var<private> t_color: vec3<f32>;
var<private> tesserae_layer: i32;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;

fn main() {
    let _e13 = tesserae_io_18_g;
    let _e15 = tesserae_io_23_g;
    let _e19 = (_e13.xy - vec2(select(0.25f, 0.75f, (_e15 == 0i))));
    unnamed.gl_Position = vec4<f32>(_e19.x, _e19.y, 0f, 1f);
    let _e24 = tesserae_io_23_g;
    tesserae_layer = _e24;
    let _e25 = tesserae_io_23_g;
    t_color = select(vec3<f32>(0f, 1f, 0f), vec3<f32>(1f, 0f, 0f), vec3((_e25 == 0i)));
    return;
}

fn tesserae_vertex() -> TesseraeVertexOut {
    main();
    let _e4 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e4);
    let _e6 = unnamed.gl_Position;
    let _e7 = t_color;
    return TesseraeVertexOut(_e6, _e7);
}

@vertex 
fn tesserae_evaluation_main(@builtin(vertex_index) tesserae_point: u32, @builtin(instance_index) tesserae_target: u32) -> TesseraeEvalOut {
    if (tesserae_point == 4294967295u) {
        return TesseraeEvalOut(vec4<f32>(2f, 2f, 2f, 1f), vec3<f32>());
    }
    let _e12 = tesserae_domain[tesserae_point];
    let _e18 = tesserae_draw.primitives;
    tesserae_io_18_g = _e12.xyz;
    tesserae_io_23_g = i32((bitcast<u32>(_e12.w) % max(_e18, 1u)));
    let _e26 = tesserae_vertex();
    let _e33 = tesserae_layer;
    return TesseraeEvalOut(select(_e26.out0_member, vec4<f32>(2f, 2f, 2f, 1f), (u32(_e33) != (tesserae_target / 16u))), _e26.out1_member);
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
