// pass `vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_9 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: vec4<f32>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec4<f32>,
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
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;

fn main() {
    var p: f32;

    let _e9 = gl_VertexIndex_1;
    p = f32(_e9);
    let _e11 = p;
    let _e13 = p;
    unnamed.gl_Position = vec4<f32>((-0.5f + _e11), (-0.5f + _e13), 0f, 1f);
    let _e17 = p;
    let _e19 = p;
    v_color = vec4<f32>((1f - _e17), _e19, 0f, 1f);
    return;
}

fn tesserae_vertex(gl_VertexIndex: u32) -> TesseraeVertexOut {
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    main();
    let _e6 = unnamed.gl_Position;
    let _e7 = v_color;
    return TesseraeVertexOut(_e6, _e7);
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
    let _e16 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 2u);
    tesserae_records[_e16] = _e14.out0_member;
    tesserae_records[(_e16 + 1u)] = _e14.out1_member;
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

var<private> tesserae_io_42_g: gl_PerVertex;
var<private> tesserae_io_46_g: array<gl_PerVertex, 1>;
var<private> tesserae_io_58_g: vec4<f32>;
var<private> tesserae_io_61_g: array<vec4<f32>, 1>;
var<private> tesserae_io_64_g: vec4<f32>;
var<private> tesserae_io_66_g: i32;
var<private> tesserae_xfb_values: array<u32, 4> = array<u32, 4>();
var<private> tesserae_geometry_position: vec4<f32>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
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
var<private> tesserae_gs_invocation: u32;
var<private> tesserae_gs_input_primitive: u32;
var<private> tesserae_gs_inputs: array<u32, 6>;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;

fn tesserae_gs_begin(wg: vec3<u32>, groups: vec3<u32>, lid: u32, n: u32, k: u32) -> u32 {
    var v: array<u32, 6> = array<u32, 6>();
    var keep: bool = true;
    var k_1: u32 = 0u;
    var j_1: u32 = 0u;

    let tesserae_group = wg.x;
    let tesserae_primitive_id = ((tesserae_group * k) + (lid / n));
    tesserae_gs_invocation = (lid % n);
    let _e13 = tesserae_draw.primitives;
    if (tesserae_primitive_id >= _e13) {
        return 0u;
    }
    let _e20 = tesserae_draw.primitives;
    let _e25 = tesserae_gs_invocation;
    tesserae_gs_slot = ((((wg.y * _e20) + tesserae_primitive_id) * n) + _e25);
    tesserae_gs_emitted = 0u;
    tesserae_gs_strip = 0u;
    tesserae_gs_primitives = 0u;
    tesserae_gs_captured = 0u;
    loop {
        let _e41 = k_1;
        if (_e41 < 1u) {
        } else {
            break;
        }
        {
            let _e44 = k_1;
            let _e48 = k_1;
            v[_e44] = ((tesserae_primitive_id * 1u) + _e48);
        }
        continuing {
            let _e51 = k_1;
            k_1 = (_e51 + 1u);
        }
    }
    tesserae_gs_input_primitive = tesserae_primitive_id;
    loop {
        let _e56 = j_1;
        if (_e56 < 1u) {
        } else {
            break;
        }
        {
            let _e60 = j_1;
            let _e65 = tesserae_draw.count;
            let _e67 = j_1;
            let _e69 = v[_e67];
            tesserae_gs_inputs[_e60] = ((wg.y * _e65) + _e69);
        }
        continuing {
            let _e72 = j_1;
            j_1 = (_e72 + 1u);
        }
    }
    let _e76 = keep;
    return select(1u, 2u, _e76);
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
    if (_e14 >= 3u) {
        idx = array<u32, 3>(v_1, v_1, v_1);
        let _e20 = tesserae_gs_strip;
        let odd = ((_e20 - 3u) & 1u);
        idx[0] = (v_1 - 2u);
        idx[1] = ((v_1 - 1u) + odd);
        idx[2] = (v_1 - odd);
        loop {
            let _e36 = j_2;
            if (_e36 < 3u) {
            } else {
                break;
            }
            {
                let _e41 = tesserae_gs_slot;
                let _e44 = tesserae_gs_captured;
                let _e48 = j_2;
                let _e51 = j_2;
                let _e53 = idx[_e51];
                tesserae_capture_list[(((_e41 * per_invocation) + (_e44 * 3u)) + _e48)] = _e53;
            }
            continuing {
                let _e55 = j_2;
                j_2 = (_e55 + 1u);
            }
        }
        let _e58 = tesserae_gs_captured;
        tesserae_gs_captured = (_e58 + 1u);
        let _e63 = keep_1;
        if _e63 {
            let _e65 = tesserae_gs_slot;
            let _e68 = tesserae_gs_primitives;
            let at = ((_e65 * per_invocation) + (_e68 * 3u));
            loop {
                let _e74 = j_3;
                if (_e74 < 3u) {
                } else {
                    break;
                }
                {
                    let _e78 = j_3;
                    let _e81 = j_3;
                    let _e83 = idx[_e81];
                    tesserae_gs_indices[(at + _e78)] = _e83;
                }
                continuing {
                    let _e85 = j_3;
                    j_3 = (_e85 + 1u);
                }
            }
            let _e88 = tesserae_gs_primitives;
            tesserae_gs_primitives = (_e88 + 1u);
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
    i = (_e5 * 3u);
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
    if (_e1 >= 4u) {
        return;
    }
    let _e5 = tesserae_gs_slot;
    let _e7 = ((_e5 * 4u) + _e1);
    let _e9 = (_e7 * 3u);
    let _e11 = tesserae_geometry_position;
    tesserae_gs_records[_e9] = vec4<f32>(_e11.x, -(_e11.y), _e11.z, _e11.w);
    let _e21 = tesserae_io_58_g;
    tesserae_gs_records[(_e9 + 1u)] = _e21;
    let _e27 = tesserae_io_64_g;
    tesserae_gs_records[(_e9 + 2u)] = _e27;
    tesserae_i = 0u;
    loop {
        let _e36 = tesserae_i;
        if (_e36 >= 4u) {
            break;
        }
        let _e44 = tesserae_xfb_values[_e36];
        tesserae_capture_words[((_e7 * 4u) + _e36)] = _e44;
        continuing {
            let _e45 = tesserae_i;
            tesserae_i = (_e45 + 1u);
        }
    }
    tesserae_gs_stored(_e7, 6u, 3u, 0u, 0u);
}

fn tesserae_xfb_capture() {
    let _e21 = tesserae_io_64_g;
    tesserae_xfb_values[0u] = bitcast<u32>(_e21.x);
    tesserae_xfb_values[1u] = bitcast<u32>(_e21.y);
    tesserae_xfb_values[2u] = bitcast<u32>(_e21.z);
    tesserae_xfb_values[3u] = bitcast<u32>(_e21.w);
    return;
}

fn main() {
    var k_2: i32;
    var corner: vec2<f32>;

    k_2 = 0i;
    loop {
        let _e23 = k_2;
        if (_e23 < 4i) {
            let _e25 = k_2;
            let _e28 = k_2;
            corner = ((vec2<f32>(f32((_e25 & 1i)), f32((_e28 >> bitcast<u32>(1i)))) * 0.5f) - vec2(0.25f));
            let _e38 = tesserae_io_46_g[0i].gl_Position;
            let _e39 = corner;
            tesserae_geometry_position = (_e38 + vec4<f32>(_e39.x, _e39.y, 0f, 0f));
            let _e45 = tesserae_io_61_g[0i];
            tesserae_io_58_g = _e45;
            let _e46 = tesserae_io_66_g;
            let _e48 = k_2;
            tesserae_io_64_g = vec4<f32>(f32(_e46), f32(_e48), 0.5f, 1f);
            tesserae_xfb_capture();
            tesserae_emit_vertex();
            continue;
        } else {
            break;
        }
        continuing {
            let _e51 = k_2;
            k_2 = (_e51 + 1i);
        }
    }
    tesserae_end_primitive();
    return;
}

fn tesserae_geometry() {
    main();
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_geometry_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var j: u32;

    let _e5 = tesserae_gs_begin(tesserae_wg, tesserae_groups, tesserae_lid, 1u, 64u);
    if (_e5 == 0u) {
        return;
    }
    if (_e5 == 2u) {
        let _e13 = tesserae_gs_input_primitive;
        tesserae_io_66_g = i32(_e13);
        j = 0u;
        loop {
            let _e18 = j;
            if (_e18 >= 1u) {
                break;
            }
            let _e23 = tesserae_gs_inputs[_e18];
            let _e25 = (_e23 * 2u);
            let _e28 = tesserae_src[_e25];
            tesserae_io_46_g[_e18].gl_Position = _e28;
            let _e36 = tesserae_src[(_e25 + 1u)];
            tesserae_io_61_g[_e18] = _e36;
            continuing {
                let _e39 = j;
                j = (_e39 + 1u);
            }
        }
        tesserae_geometry();
    }
    tesserae_gs_finish(6u);
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
@group(0) @binding(35) 
var<storage> tesserae_capture_words: array<u32>;
@group(0) @binding(28) 
var<storage> tesserae_capture_state: array<u32>;
@group(0) @binding(24) 
var<storage, read_write> tesserae_xfb0_buffer: array<u32>;
@group(0) @binding(36) 
var<storage> tesserae_capture_counts: array<u32>;
@group(0) @binding(37) 
var<storage> tesserae_capture_offsets: array<u32>;
@group(0) @binding(39) 
var<storage> tesserae_capture_list: array<u32>;

fn tesserae_capture_room() -> u32 {
    return min(4294967295u, ((arrayLength((&tesserae_xfb0_buffer)) * 4u) / 48u));
}

fn tesserae_capture_vertex(q: u32, t: u32, src: u32) {
    let _e5 = ((q * 3u) + t);
    let _e7 = (src * 4u);
    let _e12 = tesserae_capture_words[_e7];
    tesserae_xfb0_buffer[(_e5 * 4u)] = _e12;
    let _e23 = tesserae_capture_words[(_e7 + 1u)];
    tesserae_xfb0_buffer[((_e5 * 4u) + 1u)] = _e23;
    let _e34 = tesserae_capture_words[(_e7 + 2u)];
    tesserae_xfb0_buffer[((_e5 * 4u) + 2u)] = _e34;
    let _e45 = tesserae_capture_words[(_e7 + 3u)];
    tesserae_xfb0_buffer[((_e5 * 4u) + 3u)] = _e45;
}

fn tesserae_capture_write(wg: vec3<u32>, groups: vec3<u32>, lid: u32, n: u32, k: u32, entries_per_slot: u32) {
    var j: u32 = 0u;
    var t_1: u32;

    let p = ((wg.x * k) + (lid / n));
    let _e12 = tesserae_draw.primitives;
    if (p >= _e12) {
        return;
    }
    let _e17 = tesserae_draw.primitives;
    let slot = ((((wg.y * _e17) + p) * n) + (lid % n));
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
                if (_e47 < 3u) {
                } else {
                    break;
                }
                {
                    let _e50 = t_1;
                    let _e53 = j;
                    let _e57 = t_1;
                    let _e60 = tesserae_capture_list[(((slot * entries_per_slot) + (_e53 * 3u)) + _e57)];
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
    tesserae_capture_write(tesserae_wg, tesserae_groups, tesserae_lid, 1u, 64u, 6u);
}
// pass `capture finish`, geometry stage
@group(0) @binding(38) 
var<storage> tesserae_capture_totals: array<u32>;
@group(0) @binding(28) 
var<storage, read_write> tesserae_capture_state: array<u32>;
@group(0) @binding(24) 
var<storage, read_write> tesserae_xfb0_buffer: array<u32>;

fn tesserae_capture_room() -> u32 {
    return min(4294967295u, ((arrayLength((&tesserae_xfb0_buffer)) * 4u) / 48u));
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
    @location(0) v0_: vec4<f32>,
}

@group(0) @binding(33) 
var<storage> tesserae_records: array<vec4<f32>>;

@vertex 
fn tesserae_passthrough_main(@builtin(vertex_index) r: u32) -> TesseraePassOut {
    if (r == 4294967295u) {
        return TesseraePassOut(vec4<f32>(2f, 2f, 2f, 1f), vec4<f32>());
    }
    let _e11 = (r * 3u);
    let _e14 = tesserae_records[_e11];
    let _e19 = tesserae_records[(_e11 + 1u)];
    return TesseraePassOut(_e14, _e19);
}
// pass `geometry draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> g_color_1: vec4<f32>;

fn main_1() {
    let _e2 = g_color_1;
    frag = _e2;
    return;
}

@fragment 
fn main(@location(0) g_color: vec4<f32>) -> @location(0) vec4<f32> {
    g_color_1 = g_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
