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
    unnamed.gl_Position = vec4<f32>(_e6.x, _e6.y, 0.5f, 1f);
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
var<workgroup> tesserae_io_47_g: array<f32, 2>;
var<private> global: u32 = 2139095040u;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn main() {
    let _e16 = global;
    let _e18 = tesserae_io_17_g;
    let _e19 = tesserae_io_17_g;
    let _e22 = tesserae_io_24_g[_e19].gl_Position;
    tesserae_io_14_g[_e18].gl_Position = _e22;
    tesserae_io_34_g[0i] = 1f;
    tesserae_io_34_g[1i] = 1f;
    tesserae_io_34_g[2i] = 1f;
    tesserae_io_34_g[3i] = 1f;
    tesserae_io_47_g[0i] = bitcast<f32>(_e16);
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
        if (_e20 >= 3u) {
            break;
        }
        let _e28 = tesserae_src[((((tesserae_wg.y * _e14) + (tesserae_wg.x * 3u)) + _e20) * 1u)];
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
// pass `tessellation evaluation`, tessellation evaluation stage
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
var<private> tesserae_io_18_g: vec3<f32>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(41) 
var<storage, read_write> tesserae_eval_records: array<vec4<f32>>;
@group(0) @binding(40) 
var<storage> tesserae_indirect: array<u32>;

fn main() {
    let _e9 = tesserae_io_18_g[0u];
    let _e12 = tesserae_io_18_g[1u];
    unnamed.gl_Position = vec4<f32>((_e9 - 0.5f), (_e12 - 0.25f), 0.5f, 1f);
    return;
}

fn tesserae_vertex() -> vec4<f32> {
    main();
    let _e2 = unnamed.gl_Position;
    return _e2;
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_evaluation_records(@builtin(global_invocation_id) tesserae_id: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>) {
    let _e8 = (tesserae_id.x + ((tesserae_id.y * tesserae_groups.x) * 64u));
    let _e12 = tesserae_indirect[5u];
    if (_e8 >= _e12) {
        return;
    }
    let _e16 = tesserae_domain[_e8];
    tesserae_io_18_g = _e16.xyz;
    let _e22 = tesserae_vertex();
    let _e24 = (_e8 * 2u);
    tesserae_eval_records[_e24] = _e22;
    let _e29 = tesserae_draw.primitives;
    tesserae_eval_records[(_e24 + 1u)] = vec4<f32>(bitcast<f32>((bitcast<u32>(_e16.w) % max(_e29, 1u))), 0f, 0f, 0f);
}
// pass `geometry arguments`, geometry stage
@group(0) @binding(40) 
var<storage> tesserae_tess_indirect: array<u32>;
@group(0) @binding(44) 
var<storage, read_write> tesserae_arguments: array<u32>;

fn tesserae_geometry_arguments(n_in: u32, k: u32) {
    let _e4 = tesserae_tess_indirect[0];
    let primitives = (_e4 / n_in);
    let groups = ((primitives / k) + select(0u, 1u, ((primitives % k) != 0u)));
    tesserae_arguments[0] = min(groups, 65535u);
    tesserae_arguments[1] = ((groups / 65535u) + select(0u, 1u, ((groups % 65535u) != 0u)));
    tesserae_arguments[2] = 1u;
    return;
}

@compute @workgroup_size(1, 1, 1) 
fn main() {
    tesserae_geometry_arguments(2u, 21u);
}
// pass `geometry`, geometry stage
struct gl_PerVertex {
    gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

var<private> tesserae_io_13_g: gl_PerVertex;
var<private> tesserae_io_20_g: array<gl_PerVertex, 2>;
var<private> tesserae_geometry_position: vec4<f32>;
@group(0) @binding(42) 
var<storage, read_write> tesserae_gs_records: array<vec4<f32>>;
@group(0) @binding(43) 
var<storage, read_write> tesserae_gs_indices: array<u32>;
@group(0) @binding(39) 
var<storage> tesserae_tess_indices: array<u32>;
@group(0) @binding(40) 
var<storage> tesserae_tess_indirect: array<u32>;
var<private> tesserae_gs_slot: u32;
var<private> tesserae_gs_emitted: u32;
var<private> tesserae_gs_strip: u32;
var<private> tesserae_gs_primitives: u32;
var<private> tesserae_gs_captured: u32;
var<private> tesserae_gs_invocation: u32;
var<private> tesserae_gs_input_primitive: u32;
var<private> tesserae_gs_inputs: array<u32, 6>;
@group(0) @binding(41) 
var<storage> tesserae_src: array<vec4<f32>>;

fn tesserae_gs_begin(wg: vec3<u32>, groups: vec3<u32>, lid: u32, n: u32, k: u32) -> u32 {
    var v: array<u32, 6> = array<u32, 6>();
    var keep: bool = true;
    var k_1: u32 = 0u;
    var j_1: u32 = 0u;

    let tesserae_group = (wg.x + (wg.y * groups.x));
    let p = ((tesserae_group * k) + (lid / n));
    tesserae_gs_invocation = (lid % n);
    let _e17 = tesserae_tess_indirect[0];
    if (p >= (_e17 / 2u)) {
        return 0u;
    }
    let _e25 = tesserae_gs_invocation;
    tesserae_gs_slot = ((p * n) + _e25);
    tesserae_gs_emitted = 0u;
    tesserae_gs_strip = 0u;
    tesserae_gs_primitives = 0u;
    tesserae_gs_captured = 0u;
    loop {
        let _e41 = k_1;
        if (_e41 < 2u) {
        } else {
            break;
        }
        {
            let _e44 = k_1;
            let _e49 = k_1;
            let _e52 = tesserae_tess_indices[((p * 2u) + _e49)];
            v[_e44] = _e52;
        }
        continuing {
            let _e54 = k_1;
            k_1 = (_e54 + 1u);
        }
    }
    tesserae_gs_input_primitive = 0u;
    loop {
        let _e60 = j_1;
        if (_e60 < 2u) {
        } else {
            break;
        }
        {
            let _e64 = j_1;
            let _e66 = j_1;
            let _e68 = v[_e66];
            tesserae_gs_inputs[_e64] = _e68;
        }
        continuing {
            let _e70 = j_1;
            j_1 = (_e70 + 1u);
        }
    }
    let _e74 = keep;
    return select(1u, 2u, _e74);
}

fn tesserae_gs_stored(v_1: u32, per_invocation: u32, stride: u32, cull_first: u32, cull_n: u32) {
    var idx: array<u32, 3>;
    var keep_1: bool = true;
    var j_2: u32 = 0u;

    let _e6 = tesserae_gs_emitted;
    tesserae_gs_emitted = (_e6 + 1u);
    let _e10 = tesserae_gs_strip;
    tesserae_gs_strip = (_e10 + 1u);
    let _e14 = tesserae_gs_strip;
    if (_e14 >= 2u) {
        idx = array<u32, 3>(v_1, v_1, v_1);
        idx[0] = (v_1 - 1u);
        idx[1] = v_1;
        let _e25 = keep_1;
        if _e25 {
            let _e27 = tesserae_gs_slot;
            let _e30 = tesserae_gs_primitives;
            let at = ((_e27 * per_invocation) + (_e30 * 2u));
            loop {
                let _e36 = j_2;
                if (_e36 < 2u) {
                } else {
                    break;
                }
                {
                    let _e40 = j_2;
                    let _e43 = j_2;
                    let _e45 = idx[_e43];
                    tesserae_gs_indices[(at + _e40)] = _e45;
                }
                continuing {
                    let _e47 = j_2;
                    j_2 = (_e47 + 1u);
                }
            }
            let _e50 = tesserae_gs_primitives;
            tesserae_gs_primitives = (_e50 + 1u);
            return;
        } else {
            return;
        }
    } else {
        return;
    }
}

fn tesserae_gs_finish(per_invocation_1: u32) {
    var i: u32;

    let _e2 = tesserae_gs_slot;
    let first = (_e2 * per_invocation_1);
    let _e5 = tesserae_gs_primitives;
    i = (_e5 * 2u);
    loop {
        let _e9 = i;
        if (_e9 < per_invocation_1) {
        } else {
            break;
        }
        {
            let _e12 = i;
            tesserae_gs_indices[(first + _e12)] = 4294967295u;
        }
        continuing {
            let _e17 = i;
            i = (_e17 + 1u);
        }
    }
    return;
}

fn tesserae_end_primitive() {
    tesserae_gs_strip = 0u;
}

fn tesserae_emit_vertex() {
    let _e1 = tesserae_gs_emitted;
    if (_e1 >= 4u) {
        return;
    }
    let _e5 = tesserae_gs_slot;
    let _e7 = ((_e5 * 4u) + _e1);
    let _e11 = tesserae_geometry_position;
    tesserae_gs_records[(_e7 * 1u)] = vec4<f32>(_e11.x, -(_e11.y), _e11.z, _e11.w);
    tesserae_gs_stored(_e7, 6u, 1u, 0u, 0u);
}

fn main() {
    let _e8 = tesserae_io_20_g[0i].gl_Position;
    tesserae_geometry_position = _e8;
    tesserae_emit_vertex();
    return;
}

fn tesserae_geometry() {
    main();
}

@compute @workgroup_size(63, 1, 1) 
fn tesserae_geometry_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var j: u32;

    let _e5 = tesserae_gs_begin(tesserae_wg, tesserae_groups, tesserae_lid, 3u, 21u);
    if (_e5 == 0u) {
        return;
    }
    let _e10 = tesserae_gs_inputs[0u];
    let _e17 = tesserae_src[((_e10 * 2u) + 1u)];
    tesserae_gs_input_primitive = bitcast<u32>(_e17.x);
    if (_e5 == 2u) {
        j = 0u;
        loop {
            let _e29 = j;
            if (_e29 >= 2u) {
                break;
            }
            let _e34 = tesserae_gs_inputs[_e29];
            let _e39 = tesserae_src[(_e34 * 2u)];
            tesserae_io_20_g[_e29].gl_Position = _e39;
            continuing {
                let _e43 = j;
                j = (_e43 + 1u);
            }
        }
        tesserae_geometry();
    }
    tesserae_gs_finish(6u);
}
// pass `geometry index tail`, geometry stage
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
@group(0) @binding(43) 
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
    tesserae_fill_tail(wg, groups, lid, 73728u, 2u, 18u);
}
// pass `geometry draw`, geometry stage
struct TesseraePassOut {
    @builtin(position) position: vec4<f32>,
}

@group(0) @binding(42) 
var<storage> tesserae_records: array<vec4<f32>>;

@vertex 
fn tesserae_passthrough_main(@builtin(vertex_index) r: u32) -> TesseraePassOut {
    if (r == 4294967295u) {
        return TesseraePassOut(vec4<f32>(2f, 2f, 2f, 1f));
    }
    let _e13 = tesserae_records[(r * 1u)];
    return TesseraePassOut(_e13);
}
// pass `geometry draw`, fragment stage
var<private> frag: vec4<f32>;

fn main_1() {
    frag = vec4<f32>(1f, 1f, 1f, 1f);
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
