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
var<private> gl_VertexIndex_1: i32;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;

fn main() {
    let _e7 = gl_VertexIndex_1;
    let _e10 = gl_VertexIndex_1;
    unnamed.gl_Position = vec4<f32>((-0.75f + f32(_e7)), (-0.75f + f32(_e10)), 0f, 1f);
    return;
}

fn tesserae_vertex(gl_VertexIndex: u32) -> vec4<f32> {
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    main();
    let _e5 = unnamed.gl_Position;
    return _e5;
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
    let _e14 = tesserae_vertex(_e7);
    tesserae_records[(((tesserae_gid.y * _e5) + tesserae_gid.x) * 1u)] = _e14;
}
// pass `geometry`, geometry stage
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

var<private> tesserae_io_11_g: i32;
var<private> tesserae_io_48_g: gl_PerVertex;
var<private> tesserae_io_52_g: array<gl_PerVertex, 1>;
var<private> tesserae_io_68_g: vec3<f32>;
var<private> tesserae_xfb_values: array<u32, 3> = array<u32, 3>();
var<private> tesserae_cull_distance: array<f32, 1>;
var<private> tesserae_geometry_position: vec4<f32>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_gs_records: array<vec4<f32>>;
@group(0) @binding(34) 
var<storage, read_write> tesserae_gs_indices: array<u32>;
@group(0) @binding(35) 
var<storage, read_write> tesserae_capture_words: array<u32>;
@group(0) @binding(36) 
var<storage, read_write> tesserae_capture_counts: array<u32>;
@group(0) @binding(39) 
var<storage, read_write> tesserae_capture_list: array<u32>;
var<private> tesserae_gs_slot: u32;
var<private> tesserae_gs_emitted: u32;
var<private> tesserae_gs_strip: u32;
var<private> tesserae_gs_primitives: u32;
var<private> tesserae_gs_captured: u32;
var<private> tesserae_gs_input_primitive: u32;

fn tesserae_end_primitive() {
    tesserae_gs_strip = 0u;
    return;
}

fn tesserae_emit_vertex() {
    var tesserae_i: u32 = 0u;
    var idx: array<u32, 3>;
    var j_1: u32 = 0u;
    var keep_1: bool = true;
    var c: u32 = 0u;
    var all_negative: bool;
    var j_2: u32;
    var j_3: u32 = 0u;

    let _e1 = tesserae_gs_emitted;
    if (_e1 >= 3u) {
        return;
    }
    let _e5 = tesserae_gs_slot;
    let _e9 = tesserae_gs_emitted;
    let v_1 = ((_e5 * 3u) + _e9);
    let ob = (v_1 * 3u);
    let _e17 = tesserae_geometry_position.x;
    let _e20 = tesserae_geometry_position.y;
    let _e24 = tesserae_geometry_position.z;
    let _e27 = tesserae_geometry_position.w;
    tesserae_gs_records[ob] = vec4<f32>(_e17, -(_e20), _e24, _e27);
    let _e34 = tesserae_io_68_g;
    tesserae_gs_records[(ob + 1u)] = vec4<f32>(_e34, 0f);
    let _e43 = tesserae_cull_distance[0];
    tesserae_gs_records[(ob + 2u)] = vec4<f32>(_e43, 0f, 0f, 0f);
    loop {
        let _e50 = tesserae_i;
        if (_e50 < 3u) {
        } else {
            break;
        }
        {
            let _e56 = tesserae_i;
            let _e60 = tesserae_i;
            let _e62 = tesserae_xfb_values[_e60];
            tesserae_capture_words[((v_1 * 3u) + _e56)] = _e62;
        }
        continuing {
            let _e64 = tesserae_i;
            tesserae_i = (_e64 + 1u);
        }
    }
    let _e67 = tesserae_gs_emitted;
    tesserae_gs_emitted = (_e67 + 1u);
    let _e71 = tesserae_gs_strip;
    tesserae_gs_strip = (_e71 + 1u);
    let _e75 = tesserae_gs_strip;
    if (_e75 >= 3u) {
        idx = array<u32, 3>(v_1, v_1, v_1);
        let _e81 = tesserae_gs_strip;
        let odd = ((_e81 - 3u) & 1u);
        idx[0] = (v_1 - 2u);
        idx[1] = ((v_1 - 1u) + odd);
        idx[2] = (v_1 - odd);
        loop {
            let _e97 = j_1;
            if (_e97 < 3u) {
            } else {
                break;
            }
            {
                let _e102 = tesserae_gs_slot;
                let _e106 = tesserae_gs_captured;
                let _e110 = j_1;
                let _e113 = j_1;
                let _e115 = idx[_e113];
                tesserae_capture_list[(((_e102 * 3u) + (_e106 * 3u)) + _e110)] = _e115;
            }
            continuing {
                let _e117 = j_1;
                j_1 = (_e117 + 1u);
            }
        }
        let _e120 = tesserae_gs_captured;
        tesserae_gs_captured = (_e120 + 1u);
        loop {
            let _e127 = c;
            if (_e127 < 1u) {
            } else {
                break;
            }
            {
                all_negative = true;
                j_2 = 0u;
                loop {
                    let _e134 = j_2;
                    if (_e134 < 3u) {
                    } else {
                        break;
                    }
                    {
                        let _e138 = j_2;
                        let _e140 = idx[_e138];
                        let _e145 = c;
                        let _e150 = c;
                        let _e154 = tesserae_gs_records[(((_e140 * 3u) + 2u) + (_e145 / 4u))][(_e150 % 4u)];
                        if !((_e154 < 0f)) {
                            all_negative = false;
                        }
                    }
                    continuing {
                        let _e160 = j_2;
                        j_2 = (_e160 + 1u);
                    }
                }
                let _e162 = all_negative;
                if _e162 {
                    keep_1 = false;
                }
            }
            continuing {
                let _e165 = c;
                c = (_e165 + 1u);
            }
        }
        let _e167 = keep_1;
        if _e167 {
            let _e169 = tesserae_gs_slot;
            let _e173 = tesserae_gs_primitives;
            let at = ((_e169 * 3u) + (_e173 * 3u));
            loop {
                let _e179 = j_3;
                if (_e179 < 3u) {
                } else {
                    break;
                }
                {
                    let _e183 = j_3;
                    let _e186 = j_3;
                    let _e188 = idx[_e186];
                    tesserae_gs_indices[(at + _e183)] = _e188;
                }
                continuing {
                    let _e190 = j_3;
                    j_3 = (_e190 + 1u);
                }
            }
            let _e193 = tesserae_gs_primitives;
            tesserae_gs_primitives = (_e193 + 1u);
            return;
        } else {
            return;
        }
    } else {
        return;
    }
}

fn tesserae_xfb_capture() {
    let _e20 = tesserae_io_68_g;
    tesserae_xfb_values[0u] = bitcast<u32>(_e20.x);
    tesserae_xfb_values[1u] = bitcast<u32>(_e20.y);
    tesserae_xfb_values[2u] = bitcast<u32>(_e20.z);
    return;
}

fn main() {
    var d: f32;
    var k_1: i32;
    var c_1: vec2<f32>;

    let _e23 = tesserae_io_11_g;
    d = select(-1f, 1f, (_e23 == 0i));
    k_1 = 0i;
    loop {
        let _e26 = k_1;
        if (_e26 < 3i) {
            let _e28 = k_1;
            let _e31 = k_1;
            c_1 = vec2<f32>(select(0f, 0.5f, (_e28 == 2i)), select(0.5f, 0f, (_e31 == 0i)));
            let _e37 = tesserae_io_52_g[0i].gl_Position;
            let _e38 = c_1;
            tesserae_geometry_position = (_e37 + vec4<f32>(_e38.x, _e38.y, 0f, 0f));
            let _e43 = d;
            tesserae_cull_distance[0i] = _e43;
            let _e45 = tesserae_io_11_g;
            let _e47 = k_1;
            let _e49 = d;
            tesserae_io_68_g = vec3<f32>(f32(_e45), f32(_e47), _e49);
            tesserae_xfb_capture();
            tesserae_emit_vertex();
            continue;
        } else {
            break;
        }
        continuing {
            let _e51 = k_1;
            k_1 = (_e51 + 1i);
        }
    }
    return;
}

fn tesserae_geometry() {
    main();
}

fn tesserae_gs_emit() {
    var tesserae_i_1: u32 = 0u;
    var idx_1: array<u32, 3>;
    var j_4: u32 = 0u;
    var keep_2: bool = true;
    var c_2: u32 = 0u;
    var all_negative_1: bool;
    var j_5: u32;
    var j_6: u32 = 0u;

    let _e1 = tesserae_gs_emitted;
    if (_e1 >= 3u) {
        return;
    }
    let _e5 = tesserae_gs_slot;
    let _e9 = tesserae_gs_emitted;
    let v_2 = ((_e5 * 3u) + _e9);
    let ob_1 = (v_2 * 3u);
    let _e17 = tesserae_geometry_position.x;
    let _e20 = tesserae_geometry_position.y;
    let _e24 = tesserae_geometry_position.z;
    let _e27 = tesserae_geometry_position.w;
    tesserae_gs_records[ob_1] = vec4<f32>(_e17, -(_e20), _e24, _e27);
    let _e34 = tesserae_io_68_g;
    tesserae_gs_records[(ob_1 + 1u)] = vec4<f32>(_e34, 0f);
    let _e43 = tesserae_cull_distance[0];
    tesserae_gs_records[(ob_1 + 2u)] = vec4<f32>(_e43, 0f, 0f, 0f);
    loop {
        let _e50 = tesserae_i_1;
        if (_e50 < 3u) {
        } else {
            break;
        }
        {
            let _e56 = tesserae_i_1;
            let _e60 = tesserae_i_1;
            let _e62 = tesserae_xfb_values[_e60];
            tesserae_capture_words[((v_2 * 3u) + _e56)] = _e62;
        }
        continuing {
            let _e64 = tesserae_i_1;
            tesserae_i_1 = (_e64 + 1u);
        }
    }
    let _e67 = tesserae_gs_emitted;
    tesserae_gs_emitted = (_e67 + 1u);
    let _e71 = tesserae_gs_strip;
    tesserae_gs_strip = (_e71 + 1u);
    let _e75 = tesserae_gs_strip;
    if (_e75 >= 3u) {
        idx_1 = array<u32, 3>(v_2, v_2, v_2);
        let _e81 = tesserae_gs_strip;
        let odd_1 = ((_e81 - 3u) & 1u);
        idx_1[0] = (v_2 - 2u);
        idx_1[1] = ((v_2 - 1u) + odd_1);
        idx_1[2] = (v_2 - odd_1);
        loop {
            let _e97 = j_4;
            if (_e97 < 3u) {
            } else {
                break;
            }
            {
                let _e102 = tesserae_gs_slot;
                let _e106 = tesserae_gs_captured;
                let _e110 = j_4;
                let _e113 = j_4;
                let _e115 = idx_1[_e113];
                tesserae_capture_list[(((_e102 * 3u) + (_e106 * 3u)) + _e110)] = _e115;
            }
            continuing {
                let _e117 = j_4;
                j_4 = (_e117 + 1u);
            }
        }
        let _e120 = tesserae_gs_captured;
        tesserae_gs_captured = (_e120 + 1u);
        loop {
            let _e127 = c_2;
            if (_e127 < 1u) {
            } else {
                break;
            }
            {
                all_negative_1 = true;
                j_5 = 0u;
                loop {
                    let _e134 = j_5;
                    if (_e134 < 3u) {
                    } else {
                        break;
                    }
                    {
                        let _e138 = j_5;
                        let _e140 = idx_1[_e138];
                        let _e145 = c_2;
                        let _e150 = c_2;
                        let _e154 = tesserae_gs_records[(((_e140 * 3u) + 2u) + (_e145 / 4u))][(_e150 % 4u)];
                        if !((_e154 < 0f)) {
                            all_negative_1 = false;
                        }
                    }
                    continuing {
                        let _e160 = j_5;
                        j_5 = (_e160 + 1u);
                    }
                }
                let _e162 = all_negative_1;
                if _e162 {
                    keep_2 = false;
                }
            }
            continuing {
                let _e165 = c_2;
                c_2 = (_e165 + 1u);
            }
        }
        let _e167 = keep_2;
        if _e167 {
            let _e169 = tesserae_gs_slot;
            let _e173 = tesserae_gs_primitives;
            let at_1 = ((_e169 * 3u) + (_e173 * 3u));
            loop {
                let _e179 = j_6;
                if (_e179 < 3u) {
                } else {
                    break;
                }
                {
                    let _e183 = j_6;
                    let _e186 = j_6;
                    let _e188 = idx_1[_e186];
                    tesserae_gs_indices[(at_1 + _e183)] = _e188;
                }
                continuing {
                    let _e190 = j_6;
                    j_6 = (_e190 + 1u);
                }
            }
            let _e193 = tesserae_gs_primitives;
            tesserae_gs_primitives = (_e193 + 1u);
            return;
        } else {
            return;
        }
    } else {
        return;
    }
}

fn tesserae_gs_end() {
    tesserae_gs_strip = 0u;
    return;
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_geometry_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var v: array<u32, 3> = array<u32, 3>();
    var keep: bool = true;
    var k: u32 = 0u;
    var j: u32 = 0u;
    var i: u32;

    let tesserae_group = tesserae_wg.x;
    let tesserae_primitive_id = ((tesserae_group * 64u) + (tesserae_lid / 1u));
    let tesserae_invocation = (tesserae_lid % 1u);
    let _e13 = tesserae_draw.primitives;
    if (tesserae_primitive_id >= _e13) {
        return;
    }
    let _e19 = tesserae_draw.primitives;
    tesserae_gs_slot = ((((tesserae_wg.y * _e19) + tesserae_primitive_id) * 1u) + tesserae_invocation);
    tesserae_gs_emitted = 0u;
    tesserae_gs_strip = 0u;
    tesserae_gs_primitives = 0u;
    tesserae_gs_captured = 0u;
    loop {
        let _e39 = k;
        if (_e39 < 1u) {
        } else {
            break;
        }
        {
            let _e42 = k;
            let _e46 = k;
            v[_e42] = ((tesserae_primitive_id * 1u) + _e46);
        }
        continuing {
            let _e49 = k;
            k = (_e49 + 1u);
        }
    }
    tesserae_gs_input_primitive = tesserae_primitive_id;
    let _e52 = keep;
    if _e52 {
        tesserae_io_11_g = i32(tesserae_primitive_id);
        loop {
            let _e57 = j;
            if (_e57 < 1u) {
            } else {
                break;
            }
            {
                let _e63 = tesserae_draw.count;
                let _e65 = j;
                let _e67 = v[_e65];
                let b = (((tesserae_wg.y * _e63) + _e67) * 1u);
                let _e72 = j;
                let _e77 = tesserae_src[b];
                tesserae_io_52_g[_e72].gl_Position = _e77;
            }
            continuing {
                let _e79 = j;
                j = (_e79 + 1u);
            }
        }
        tesserae_geometry();
    }
    let _e82 = tesserae_gs_slot;
    let first = (_e82 * 3u);
    let _e86 = tesserae_gs_primitives;
    i = (_e86 * 3u);
    loop {
        let _e90 = i;
        if (_e90 < 3u) {
        } else {
            break;
        }
        {
            let _e94 = i;
            tesserae_gs_indices[(first + _e94)] = 4294967295u;
        }
        continuing {
            let _e99 = i;
            i = (_e99 + 1u);
        }
    }
    let _e104 = tesserae_gs_slot;
    let _e108 = tesserae_gs_captured;
    tesserae_capture_counts[(2u * _e104)] = _e108;
    let _e112 = tesserae_gs_slot;
    tesserae_capture_counts[((2u * _e112) + 1u)] = 0u;
    return;
}
// pass `capture scan 0`, geometry stage
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
@group(0) @binding(36) var<storage, read_write> tess_counts: array<u32>;
@group(0) @binding(37) var<storage, read_write> tess_offsets: array<u32>;

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
// Items scanned: 1 per patch (or primitive) and instance of the draw.
fn scan_patches() -> u32 {
    return tesserae_draw.primitives * tesserae_draw.instances * 1u;
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
@group(0) @binding(37) var<storage, read_write> tess_offsets: array<u32>;
@group(0) @binding(38) var<storage, read_write> tess_indirect: array<u32>;

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
// Items scanned: 1 per patch (or primitive) and instance of the draw.
fn scan_patches() -> u32 {
    return tesserae_draw.primitives * tesserae_draw.instances * 1u;
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
@group(0) @binding(37) var<storage, read_write> tess_offsets: array<u32>;

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
// Items scanned: 1 per patch (or primitive) and instance of the draw.
fn scan_patches() -> u32 {
    return tesserae_draw.primitives * tesserae_draw.instances * 1u;
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
@group(0) @binding(35) var<storage, read> tesserae_capture_words: array<u32>;
@group(0) @binding(28) var<storage, read> tesserae_capture_state: array<u32>;
@group(0) @binding(24) var<storage, read_write> tesserae_xfb0: array<u32>;
fn tesserae_capture_room() -> u32 {
    var room = 0xffffffffu;
    room = min(room, arrayLength(&tesserae_xfb0) * 4u / 36u);
    return room;
}
@group(0) @binding(36) var<storage, read> tesserae_capture_counts: array<u32>;
@group(0) @binding(37) var<storage, read> tesserae_capture_offsets: array<u32>;
@group(0) @binding(39) var<storage, read> tesserae_capture_list: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
    let p = wg.x * 64u + lid / 1u;
    if p >= tesserae_draw.primitives {
        return;
    }
    let slot = (wg.y * tesserae_draw.primitives + p) * 1u + lid % 1u;
    let first = tesserae_capture_state[0] + tesserae_capture_offsets[2u * slot];
    let room = tesserae_capture_room();
    for (var j = 0u; j < tesserae_capture_counts[2u * slot]; j++) {
        let q = first + j;
        if q >= room {
            return;
        }
        for (var t = 0u; t < 3u; t++) {
            let src = tesserae_capture_list[slot * 3u + j * 3u + t];
            {
            tesserae_xfb0[(q * 3u + t) * 3u + 0u] = tesserae_capture_words[src * 3u + 0u];
            tesserae_xfb0[(q * 3u + t) * 3u + 1u] = tesserae_capture_words[src * 3u + 1u];
            tesserae_xfb0[(q * 3u + t) * 3u + 2u] = tesserae_capture_words[src * 3u + 2u];
            }
        }
    }
}
// pass `capture finish`, geometry stage
@group(0) @binding(38) var<storage, read> tesserae_capture_totals: array<u32>;
@group(0) @binding(28) var<storage, read_write> tesserae_capture_state: array<u32>;
@group(0) @binding(24) var<storage, read_write> tesserae_xfb0: array<u32>;
fn tesserae_capture_room() -> u32 {
    var room = 0xffffffffu;
    room = min(room, arrayLength(&tesserae_xfb0) * 4u / 36u);
    return room;
}

@compute @workgroup_size(1)
fn main() {
    let total = tesserae_capture_totals[5];
    tesserae_capture_state[1] += total;
    tesserae_capture_state[0] = min(tesserae_capture_room(), tesserae_capture_state[0] + total);
}
// pass `geometry draw`, geometry stage
struct TesseraePassOut {
    @builtin(position) position: vec4<f32>,
}

@group(0) @binding(33) 
var<storage> tesserae_records: array<vec4<f32>>;

@vertex 
fn tesserae_passthrough_main(@builtin(vertex_index) r: u32) -> TesseraePassOut {
    if (r == 4294967295u) {
        return TesseraePassOut(vec4<f32>(2f, 2f, 2f, 1f));
    }
    let _e13 = tesserae_records[(r * 3u)];
    return TesseraePassOut(_e13);
}
// pass `geometry draw`, fragment stage
var<private> frag: vec4<f32>;

fn main_1() {
    frag = vec4<f32>(1f, 0f, 0f, 1f);
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = frag;
    return _e1;
}
