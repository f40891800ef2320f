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
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_cps: array<vec4<f32>>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_levels: array<vec4<f32>>;

fn main() {
    let _e11 = tesserae_io_17_g;
    let _e12 = tesserae_io_17_g;
    let _e15 = tesserae_io_24_g[_e12].gl_Position;
    tesserae_io_14_g[_e11].gl_Position = _e15;
    tesserae_io_34_g[0i] = 1f;
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
// pass `tessellation evaluation`, tessellation evaluation stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_12 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) m1_member: u32,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: u32,
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
var<private> t_patch: u32;
var<private> tesserae_io_32_g: i32;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(38) 
var<storage> tesserae_domain: array<vec4<f32>>;
@group(0) @binding(41) 
var<storage, read_write> tesserae_eval_records: array<vec4<f32>>;
@group(0) @binding(40) 
var<storage> tesserae_indirect: array<u32>;

fn main() {
    let _e8 = tesserae_io_18_g;
    let _e9 = _e8.xy;
    unnamed.gl_Position = vec4<f32>(_e9.x, _e9.y, 0f, 1f);
    let _e14 = tesserae_io_32_g;
    t_patch = bitcast<u32>(_e14);
    return;
}

fn tesserae_vertex() -> TesseraeVertexOut {
    main();
    let _e3 = unnamed.gl_Position;
    let _e4 = t_patch;
    return TesseraeVertexOut(_e3, _e4);
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_evaluation_records(@builtin(global_invocation_id) tesserae_id: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>) {
    let _e8 = (tesserae_id.x + ((tesserae_id.y * tesserae_groups.x) * 64u));
    let _e12 = tesserae_indirect[5u];
    if (_e8 >= _e12) {
        return;
    }
    let _e16 = tesserae_domain[_e8];
    let _e18 = bitcast<u32>(_e16.w);
    let _e22 = tesserae_draw.primitives;
    tesserae_io_18_g = _e16.xyz;
    tesserae_io_32_g = i32((_e18 % max(_e22, 1u)));
    let _e30 = tesserae_vertex();
    let _e32 = (_e8 * 3u);
    tesserae_eval_records[_e32] = _e30.out0_member;
    tesserae_eval_records[(_e32 + 1u)] = bitcast<vec4<f32>>(vec4<u32>(_e30.out1_member, 0u, 0u, 0u));
    let _e48 = tesserae_draw.primitives;
    tesserae_eval_records[(_e32 + 2u)] = vec4<f32>(bitcast<f32>((_e18 % max(_e48, 1u))), 0f, 0f, 0f);
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
    tesserae_geometry_arguments(2u, 32u);
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
var<private> tesserae_io_28_g: vec2<u32>;
var<private> tesserae_io_31_g: array<u32, 2>;
var<private> tesserae_io_36_g: i32;
var<private> tesserae_xfb_values: array<u32, 2> = array<u32, 2>();
var<private> tesserae_geometry_position: vec4<f32>;
@group(0) @binding(42) 
var<storage, read_write> tesserae_gs_records: array<vec4<f32>>;
@group(0) @binding(43) 
var<storage, read_write> tesserae_gs_indices: array<u32>;
@group(0) @binding(39) 
var<storage> tesserae_tess_indices: array<u32>;
@group(0) @binding(40) 
var<storage> tesserae_tess_indirect: array<u32>;
@group(0) @binding(45) 
var<storage, read_write> tesserae_capture_words: array<u32>;
@group(0) @binding(46) 
var<storage, read_write> tesserae_capture_counts: array<u32>;
@group(0) @binding(49) 
var<storage, read_write> tesserae_capture_list: array<u32>;
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
    var j_2: u32 = 0u;
    var keep_1: bool = true;
    var j_3: u32 = 0u;

    let _e6 = tesserae_gs_emitted;
    tesserae_gs_emitted = (_e6 + 1u);
    let _e10 = tesserae_gs_strip;
    tesserae_gs_strip = (_e10 + 1u);
    let _e14 = tesserae_gs_strip;
    if (_e14 >= 1u) {
        idx = array<u32, 3>(v_1, v_1, v_1);
        idx[0] = v_1;
        loop {
            let _e22 = j_2;
            if (_e22 < 1u) {
            } else {
                break;
            }
            {
                let _e27 = tesserae_gs_slot;
                let _e30 = tesserae_gs_captured;
                let _e34 = j_2;
                let _e37 = j_2;
                let _e39 = idx[_e37];
                tesserae_capture_list[(((_e27 * per_invocation) + (_e30 * 1u)) + _e34)] = _e39;
            }
            continuing {
                let _e41 = j_2;
                j_2 = (_e41 + 1u);
            }
        }
        let _e44 = tesserae_gs_captured;
        tesserae_gs_captured = (_e44 + 1u);
        let _e49 = keep_1;
        if _e49 {
            let _e51 = tesserae_gs_slot;
            let _e54 = tesserae_gs_primitives;
            let at = ((_e51 * per_invocation) + (_e54 * 1u));
            loop {
                let _e60 = j_3;
                if (_e60 < 1u) {
                } else {
                    break;
                }
                {
                    let _e64 = j_3;
                    let _e67 = j_3;
                    let _e69 = idx[_e67];
                    tesserae_gs_indices[(at + _e64)] = _e69;
                }
                continuing {
                    let _e71 = j_3;
                    j_3 = (_e71 + 1u);
                }
            }
            let _e74 = tesserae_gs_primitives;
            tesserae_gs_primitives = (_e74 + 1u);
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
    i = (_e5 * 1u);
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
    let _e22 = tesserae_gs_slot;
    let _e26 = tesserae_gs_captured;
    tesserae_capture_counts[(2u * _e22)] = _e26;
    let _e30 = tesserae_gs_slot;
    tesserae_capture_counts[((2u * _e30) + 1u)] = 0u;
    return;
}

fn tesserae_end_primitive() {
    tesserae_gs_strip = 0u;
}

fn tesserae_emit_vertex() {
    var tesserae_i: u32;

    let _e1 = tesserae_gs_emitted;
    if (_e1 >= 1u) {
        return;
    }
    let _e5 = tesserae_gs_slot;
    let _e7 = ((_e5 * 1u) + _e1);
    let _e9 = (_e7 * 2u);
    let _e11 = tesserae_geometry_position;
    tesserae_gs_records[_e9] = vec4<f32>(_e11.x, -(_e11.y), _e11.z, _e11.w);
    let _e21 = tesserae_io_28_g;
    tesserae_gs_records[(_e9 + 1u)] = bitcast<vec4<f32>>(vec4<u32>(_e21, 0u, 0u));
    tesserae_i = 0u;
    loop {
        let _e34 = tesserae_i;
        if (_e34 >= 2u) {
            break;
        }
        let _e42 = tesserae_xfb_values[_e34];
        tesserae_capture_words[((_e7 * 2u) + _e34)] = _e42;
        continuing {
            let _e43 = tesserae_i;
            tesserae_i = (_e43 + 1u);
        }
    }
    tesserae_gs_stored(_e7, 1u, 2u, 0u, 0u);
}

fn tesserae_xfb_capture() {
    let _e12 = tesserae_io_28_g;
    tesserae_xfb_values[0u] = _e12.x;
    tesserae_xfb_values[1u] = _e12.y;
    return;
}

fn main() {
    let _e14 = tesserae_io_20_g[0i].gl_Position;
    tesserae_geometry_position = _e14;
    let _e16 = tesserae_io_31_g[0i];
    let _e17 = tesserae_io_36_g;
    tesserae_io_28_g = vec2<u32>(_e16, bitcast<u32>(_e17));
    tesserae_xfb_capture();
    tesserae_emit_vertex();
    return;
}

fn tesserae_geometry() {
    main();
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_geometry_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var j: u32;

    let _e5 = tesserae_gs_begin(tesserae_wg, tesserae_groups, tesserae_lid, 2u, 32u);
    if (_e5 == 0u) {
        return;
    }
    let _e10 = tesserae_gs_inputs[0u];
    let _e17 = tesserae_src[((_e10 * 3u) + 2u)];
    tesserae_gs_input_primitive = bitcast<u32>(_e17.x);
    if (_e5 == 2u) {
        let _e24 = tesserae_gs_invocation;
        tesserae_io_36_g = i32(_e24);
        j = 0u;
        loop {
            let _e31 = j;
            if (_e31 >= 2u) {
                break;
            }
            let _e36 = tesserae_gs_inputs[_e31];
            let _e38 = (_e36 * 3u);
            let _e41 = tesserae_src[_e38];
            tesserae_io_20_g[_e31].gl_Position = _e41;
            let _e49 = tesserae_src[(_e38 + 1u)];
            tesserae_io_31_g[_e31] = bitcast<vec4<u32>>(_e49).x;
            continuing {
                let _e54 = j;
                j = (_e54 + 1u);
            }
        }
        tesserae_geometry();
    }
    tesserae_gs_finish(1u);
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
    tesserae_fill_tail(wg, groups, lid, 12u, 2u, 2u);
}
// pass `capture scan 0`, geometry stage
@group(0) @binding(46) var<storage, read_write> tess_counts: array<u32>;
@group(0) @binding(47) var<storage, read_write> tess_offsets: array<u32>;

// Exclusive prefix sums of the (points, entries) pairs in tess_counts, into tess_offsets, in
// three kernels: per block of SCAN_BLOCK patches (local sums, block totals into the scratch
// after the 2P offsets), the block totals (one workgroup), then the block prefixes added.

const SCAN_THREADS: u32 = 256u;
const SCAN_ITEMS: u32 = 4u;
const SCAN_BLOCK: u32 = 1024u;

var<workgroup> scan_shared: array<vec2<u32>, 256>;

// `scan_patches()`, the number of items scanned, is given with the kernel.

fn scan_block_count(patches: u32) -> u32 {
    return patches / SCAN_BLOCK + select(0u, 1u, patches % SCAN_BLOCK != 0u);
}

// Where block b's total (then its prefix) is kept.
fn scan_scratch(patches: u32, block: u32) -> u32 {
    return 2u * patches + 2u * block;
}

// Inclusive sum over the workgroup's invocations of `value`. Every invocation calls it.
fn scan_workgroup(t: u32, value: vec2<u32>) -> vec2<u32> {
    var acc = value;
    scan_shared[t] = acc;
    workgroupBarrier();
    for (var d = 1u; d < SCAN_THREADS; d = d << 1u) {
        var add = vec2<u32>(0u);
        if t >= d {
            add = scan_shared[t - d];
        }
        workgroupBarrier();
        acc = acc + add;
        scan_shared[t] = acc;
        workgroupBarrier();
    }
    return acc;
}

const ENTRY_WORKGROUP: u32 = 64u;
const EXPANDED_VERTICES_PER_ENTRY: u32 = 6u;
@group(0) @binding(40) var<storage, read> tesserae_tess_indirect: array<u32>;
// Items scanned: as many as an earlier pass counted.
fn scan_patches() -> u32 {
    return tesserae_tess_indirect[0] / 2u * 2u;
}
// Scan kernel 1, ceil(P / SCAN_BLOCK) workgroups: each block's local exclusive sums into
// tess_offsets, its total into the scratch.

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) t: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) workgroups: vec3<u32>) {
    let patches = scan_patches();
    let block = wid.x + wid.y * workgroups.x;
    let first = block * SCAN_BLOCK + t * SCAN_ITEMS;
    var items: array<vec2<u32>, 4>;
    var sum = vec2<u32>(0u);
    for (var k = 0u; k < SCAN_ITEMS; k++) {
        let p = first + k;
        var c = vec2<u32>(0u);
        if p < patches && 2u * p + 1u < arrayLength(&tess_counts) {
            c = vec2<u32>(tess_counts[2u * p], tess_counts[2u * p + 1u]);
        }
        items[k] = c;
        sum = sum + c;
    }
    let inclusive = scan_workgroup(t, sum);
    var running = inclusive - sum;
    for (var k = 0u; k < SCAN_ITEMS; k++) {
        let p = first + k;
        if p < patches && 2u * p + 1u < arrayLength(&tess_offsets) {
            tess_offsets[2u * p] = running.x;
            tess_offsets[2u * p + 1u] = running.y;
        }
        running = running + items[k];
    }
    let s = scan_scratch(patches, block);
    if t == SCAN_THREADS - 1u && block < scan_block_count(patches) && s + 1u < arrayLength(&tess_offsets) {
        tess_offsets[s] = inclusive.x;
        tess_offsets[s + 1u] = inclusive.y;
    }
}
// pass `capture scan 1`, geometry stage
@group(0) @binding(47) var<storage, read_write> tess_offsets: array<u32>;
@group(0) @binding(48) var<storage, read_write> tess_indirect: array<u32>;

// Exclusive prefix sums of the (points, entries) pairs in tess_counts, into tess_offsets, in
// three kernels: per block of SCAN_BLOCK patches (local sums, block totals into the scratch
// after the 2P offsets), the block totals (one workgroup), then the block prefixes added.

const SCAN_THREADS: u32 = 256u;
const SCAN_ITEMS: u32 = 4u;
const SCAN_BLOCK: u32 = 1024u;

var<workgroup> scan_shared: array<vec2<u32>, 256>;

// `scan_patches()`, the number of items scanned, is given with the kernel.

fn scan_block_count(patches: u32) -> u32 {
    return patches / SCAN_BLOCK + select(0u, 1u, patches % SCAN_BLOCK != 0u);
}

// Where block b's total (then its prefix) is kept.
fn scan_scratch(patches: u32, block: u32) -> u32 {
    return 2u * patches + 2u * block;
}

// Inclusive sum over the workgroup's invocations of `value`. Every invocation calls it.
fn scan_workgroup(t: u32, value: vec2<u32>) -> vec2<u32> {
    var acc = value;
    scan_shared[t] = acc;
    workgroupBarrier();
    for (var d = 1u; d < SCAN_THREADS; d = d << 1u) {
        var add = vec2<u32>(0u);
        if t >= d {
            add = scan_shared[t - d];
        }
        workgroupBarrier();
        acc = acc + add;
        scan_shared[t] = acc;
        workgroupBarrier();
    }
    return acc;
}

const ENTRY_WORKGROUP: u32 = 64u;
const EXPANDED_VERTICES_PER_ENTRY: u32 = 6u;
@group(0) @binding(40) var<storage, read> tesserae_tess_indirect: array<u32>;
// Items scanned: as many as an earlier pass counted.
fn scan_patches() -> u32 {
    return tesserae_tess_indirect[0] / 2u * 2u;
}
// Scan kernel 2, exactly one workgroup: the block totals become exclusive block prefixes (in
// place), and the grand totals go to tess_indirect: `draw_indexed_indirect` arguments, the
// point total, then the workgroups of a dispatch with one invocation per index entry
// (ENTRY_WORKGROUP per workgroup, split over y past 65,535 workgroups), then `draw_indirect`
// arguments with EXPANDED_VERTICES_PER_ENTRY vertices per entry, then the workgroups of a
// dispatch with one invocation per domain point, each when the buffer has room.

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) t: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    if wid.x != 0u || wid.y != 0u || wid.z != 0u {
        return;
    }
    let patches = scan_patches();
    let blocks = scan_block_count(patches);
    let per = blocks / SCAN_THREADS + select(0u, 1u, blocks % SCAN_THREADS != 0u);
    let first = t * per;
    let len = arrayLength(&tess_offsets);
    var sum = vec2<u32>(0u);
    for (var k = 0u; k < per; k++) {
        let b = first + k;
        let s = scan_scratch(patches, b);
        if b < blocks && s + 1u < len {
            sum = sum + vec2<u32>(tess_offsets[s], tess_offsets[s + 1u]);
        }
    }
    let inclusive = scan_workgroup(t, sum);
    var running = inclusive - sum;
    for (var k = 0u; k < per; k++) {
        let b = first + k;
        let s = scan_scratch(patches, b);
        if b < blocks && s + 1u < len {
            let c = vec2<u32>(tess_offsets[s], tess_offsets[s + 1u]);
            tess_offsets[s] = running.x;
            tess_offsets[s + 1u] = running.y;
            running = running + c;
        }
    }
    if t != SCAN_THREADS - 1u {
        return;
    }
    let words = arrayLength(&tess_indirect);
    if words >= 6u {
        tess_indirect[0] = inclusive.y;
        tess_indirect[1] = 1u;
        tess_indirect[2] = 0u;
        tess_indirect[3] = 0u;
        tess_indirect[4] = 0u;
        tess_indirect[5] = inclusive.x;
    }
    if words >= 9u {
        write_dispatch(6u, inclusive.y);
    }
    if words >= 13u {
        tess_indirect[9] = inclusive.y * EXPANDED_VERTICES_PER_ENTRY;
        tess_indirect[10] = 1u;
        tess_indirect[11] = 0u;
        tess_indirect[12] = 0u;
    }
    if words >= 16u {
        write_dispatch(13u, inclusive.x);
    }
}

// The workgroups [x, y, 1] of a dispatch with one invocation per each of `count` things, at
// tess_indirect[at..at + 3]: ENTRY_WORKGROUP invocations each, over y past 65,535 workgroups.
fn write_dispatch(at: u32, count: u32) {
    let groups = count / ENTRY_WORKGROUP + select(0u, 1u, count % ENTRY_WORKGROUP != 0u);
    tess_indirect[at] = min(groups, 65535u);
    tess_indirect[at + 1u] = groups / 65535u + select(0u, 1u, groups % 65535u != 0u);
    tess_indirect[at + 2u] = 1u;
}
// pass `capture scan 2`, geometry stage
@group(0) @binding(47) var<storage, read_write> tess_offsets: array<u32>;

// Exclusive prefix sums of the (points, entries) pairs in tess_counts, into tess_offsets, in
// three kernels: per block of SCAN_BLOCK patches (local sums, block totals into the scratch
// after the 2P offsets), the block totals (one workgroup), then the block prefixes added.

const SCAN_THREADS: u32 = 256u;
const SCAN_ITEMS: u32 = 4u;
const SCAN_BLOCK: u32 = 1024u;

var<workgroup> scan_shared: array<vec2<u32>, 256>;

// `scan_patches()`, the number of items scanned, is given with the kernel.

fn scan_block_count(patches: u32) -> u32 {
    return patches / SCAN_BLOCK + select(0u, 1u, patches % SCAN_BLOCK != 0u);
}

// Where block b's total (then its prefix) is kept.
fn scan_scratch(patches: u32, block: u32) -> u32 {
    return 2u * patches + 2u * block;
}

// Inclusive sum over the workgroup's invocations of `value`. Every invocation calls it.
fn scan_workgroup(t: u32, value: vec2<u32>) -> vec2<u32> {
    var acc = value;
    scan_shared[t] = acc;
    workgroupBarrier();
    for (var d = 1u; d < SCAN_THREADS; d = d << 1u) {
        var add = vec2<u32>(0u);
        if t >= d {
            add = scan_shared[t - d];
        }
        workgroupBarrier();
        acc = acc + add;
        scan_shared[t] = acc;
        workgroupBarrier();
    }
    return acc;
}

const ENTRY_WORKGROUP: u32 = 64u;
const EXPANDED_VERTICES_PER_ENTRY: u32 = 6u;
@group(0) @binding(40) var<storage, read> tesserae_tess_indirect: array<u32>;
// Items scanned: as many as an earlier pass counted.
fn scan_patches() -> u32 {
    return tesserae_tess_indirect[0] / 2u * 2u;
}
// Scan kernel 3, ceil(P / SCAN_BLOCK) workgroups: each block's prefix added to its offsets.

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) t: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) workgroups: vec3<u32>) {
    let patches = scan_patches();
    let block = wid.x + wid.y * workgroups.x;
    let s = scan_scratch(patches, block);
    if block == 0u || block >= scan_block_count(patches) || s + 1u >= arrayLength(&tess_offsets) {
        return;
    }
    let prefix = vec2<u32>(tess_offsets[s], tess_offsets[s + 1u]);
    let first = block * SCAN_BLOCK + t * SCAN_ITEMS;
    for (var k = 0u; k < SCAN_ITEMS; k++) {
        let p = first + k;
        if p < patches && 2u * p + 1u < arrayLength(&tess_offsets) {
            tess_offsets[2u * p] += prefix.x;
            tess_offsets[2u * p + 1u] += prefix.y;
        }
    }
}
// pass `capture write`, geometry stage
@group(0) @binding(40) 
var<storage> tesserae_tess_indirect: array<u32>;
@group(0) @binding(45) 
var<storage> tesserae_capture_words: array<u32>;
@group(0) @binding(28) 
var<storage> tesserae_capture_state: array<u32>;
@group(0) @binding(24) 
var<storage, read_write> tesserae_xfb0_buffer: array<u32>;
@group(0) @binding(46) 
var<storage> tesserae_capture_counts: array<u32>;
@group(0) @binding(47) 
var<storage> tesserae_capture_offsets: array<u32>;
@group(0) @binding(49) 
var<storage> tesserae_capture_list: array<u32>;

fn tesserae_capture_room() -> u32 {
    return min(4294967295u, ((arrayLength((&tesserae_xfb0_buffer)) * 4u) / 8u));
}

fn tesserae_capture_vertex(q: u32, t: u32, src: u32) {
    let _e5 = ((q * 1u) + t);
    let _e7 = (src * 2u);
    let _e12 = tesserae_capture_words[_e7];
    tesserae_xfb0_buffer[(_e5 * 2u)] = _e12;
    let _e23 = tesserae_capture_words[(_e7 + 1u)];
    tesserae_xfb0_buffer[((_e5 * 2u) + 1u)] = _e23;
}

fn tesserae_capture_write(wg: vec3<u32>, groups: vec3<u32>, lid: u32, n: u32, k: u32, entries_per_slot: u32) {
    var j: u32 = 0u;
    var t_1: u32;

    let p = (((wg.x + (wg.y * groups.x)) * k) + (lid / n));
    let _e16 = tesserae_tess_indirect[0];
    if (p >= (_e16 / 2u)) {
        return;
    }
    let slot = ((p * n) + (lid % n));
    let _e25 = tesserae_capture_state[0];
    let _e30 = tesserae_capture_offsets[(2u * slot)];
    let first = (_e25 + _e30);
    let _e32 = tesserae_capture_room();
    loop {
        let _e35 = j;
        let _e40 = tesserae_capture_counts[(2u * slot)];
        if (_e35 < _e40) {
        } else {
            break;
        }
        {
            let _e42 = j;
            let q_1 = (first + _e42);
            if (q_1 >= _e32) {
                return;
            }
            t_1 = 0u;
            loop {
                let _e47 = t_1;
                if (_e47 < 1u) {
                } else {
                    break;
                }
                {
                    let _e50 = t_1;
                    let _e53 = j;
                    let _e57 = t_1;
                    let _e60 = tesserae_capture_list[(((slot * entries_per_slot) + (_e53 * 1u)) + _e57)];
                    tesserae_capture_vertex(q_1, _e50, _e60);
                }
                continuing {
                    let _e62 = t_1;
                    t_1 = (_e62 + 1u);
                }
            }
        }
        continuing {
            let _e65 = j;
            j = (_e65 + 1u);
        }
    }
    return;
}

@compute @workgroup_size(64, 1, 1) 
fn main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    tesserae_capture_write(tesserae_wg, tesserae_groups, tesserae_lid, 2u, 32u, 1u);
}
// pass `capture finish`, geometry stage
@group(0) @binding(48) 
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
    let total = tesserae_capture_totals[5];
    let _e5 = tesserae_capture_state[1];
    tesserae_capture_state[1] = (_e5 + total);
    let _e9 = tesserae_capture_room();
    let _e12 = tesserae_capture_state[0];
    tesserae_capture_state[0] = min(_e9, (_e12 + total));
    return;
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
    let _e13 = tesserae_records[(r * 2u)];
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
