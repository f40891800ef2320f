// pass `capture vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_13 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) m1_member: vec2<u32>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec2<u32>,
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
var<private> gl_InstanceIndex_1: i32;
var<private> ids: vec2<u32>;
var<private> tesserae_xfb_values: array<u32, 2> = array<u32, 2>();
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_capture_words: array<u32>;

fn tesserae_xfb_capture() {
    let _e13 = ids;
    tesserae_xfb_values[0u] = _e13.x;
    tesserae_xfb_values[1u] = _e13.y;
    return;
}

fn main() {
    let _e13 = gl_VertexIndex_1;
    let _e16 = gl_InstanceIndex_1;
    unnamed.gl_Position = vec4<f32>((0.1f * f32(_e13)), (0.1f * f32(_e16)), 0f, 1f);
    let _e21 = gl_VertexIndex_1;
    let _e23 = gl_InstanceIndex_1;
    ids = vec2<u32>(bitcast<u32>(_e21), bitcast<u32>(_e23));
    tesserae_xfb_capture();
    return;
}

fn tesserae_vertex(gl_VertexIndex: u32, gl_InstanceIndex: u32) -> TesseraeVertexOut {
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    gl_InstanceIndex_1 = i32(gl_InstanceIndex);
    main();
    let _e9 = unnamed.gl_Position;
    let _e10 = ids;
    return TesseraeVertexOut(_e9, _e10);
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
fn tesserae_capture_vertex_main(@builtin(global_invocation_id) tesserae_gid: vec3<u32>) {
    var tesserae_i: u32;

    let _e5 = tesserae_draw.count;
    if (tesserae_gid.x >= _e5) {
        return;
    }
    let _e7 = tesserae_vertex_index(tesserae_gid.x);
    let _e10 = tesserae_draw.first_instance;
    let _e14 = tesserae_vertex(_e7, (tesserae_gid.y + _e10));
    tesserae_i = 0u;
    loop {
        let _e19 = tesserae_i;
        if (_e19 >= 2u) {
            break;
        }
        let _e27 = tesserae_xfb_values[_e19];
        tesserae_capture_words[((((tesserae_gid.y * _e5) + tesserae_gid.x) * 2u) + _e19)] = _e27;
        continuing {
            let _e28 = tesserae_i;
            tesserae_i = (_e28 + 1u);
        }
    }
}
// pass `capture count`, vertex stage
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

@group(0) @binding(33) var<storage, read_write> tesserae_capture_counts: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let p = gid.x;
    if p >= tesserae_draw.primitives {
        return;
    }
    var v = array<u32, 3>();
    var keep = true;
    for (var k = 0u; k < 2u; k++) {
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
    v[0] = p; v[1] = p + 1u;
    let item = gid.y * tesserae_draw.primitives + p;
    tesserae_capture_counts[2u * item] = select(0u, 1u, keep);
    tesserae_capture_counts[2u * item + 1u] = 0u;
}
// pass `capture scan 0`, vertex stage
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
@group(0) @binding(33) var<storage, read_write> tess_counts: array<u32>;
@group(0) @binding(34) var<storage, read_write> tess_offsets: array<u32>;

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
// pass `capture scan 1`, vertex stage
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
@group(0) @binding(34) var<storage, read_write> tess_offsets: array<u32>;
@group(0) @binding(35) var<storage, read_write> tess_indirect: array<u32>;

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
// pass `capture scan 2`, vertex stage
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
@group(0) @binding(34) var<storage, read_write> tess_offsets: array<u32>;

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
// pass `capture write`, vertex stage
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
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage> tesserae_capture_words: array<u32>;
@group(0) @binding(28) 
var<storage> tesserae_capture_state: array<u32>;
@group(0) @binding(24) 
var<storage, read_write> tesserae_xfb0_buffer: array<u32>;
@group(0) @binding(33) 
var<storage> tesserae_capture_counts: array<u32>;
@group(0) @binding(34) 
var<storage> tesserae_capture_offsets: array<u32>;

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
    let i_2 = (_e3 + position);
    let _e7 = tesserae_draw.indexed;
    if (_e7 == 0u) {
        return i_2;
    }
    let _e10 = tesserae_raw_index(i_2);
    let _e14 = tesserae_draw.base_vertex;
    return u32((i32(_e10) + _e14));
}

fn tesserae_is_restart(i_1: u32) -> bool {
    let _e3 = tesserae_draw.indexed;
    if (_e3 == 0u) {
        return false;
    }
    let _e11 = tesserae_draw.index_u16_;
    let restart = select(4294967295u, 65535u, (_e11 != 0u));
    let _e17 = tesserae_draw.first;
    let _e19 = tesserae_raw_index((_e17 + i_1));
    return (_e19 == restart);
}

fn tesserae_capture_room() -> u32 {
    return min(4294967295u, ((arrayLength((&tesserae_xfb0_buffer)) * 4u) / 16u));
}

fn tesserae_capture_vertex(q: u32, t_1: u32, src: u32) {
    let _e5 = ((q * 2u) + t_1);
    let _e7 = (src * 2u);
    let _e12 = tesserae_capture_words[_e7];
    tesserae_xfb0_buffer[(_e5 * 2u)] = _e12;
    let _e23 = tesserae_capture_words[(_e7 + 1u)];
    tesserae_xfb0_buffer[((_e5 * 2u) + 1u)] = _e23;
}

@compute @workgroup_size(64, 1, 1) 
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    var v: array<u32, 3> = array<u32, 3>();
    var keep: bool = true;
    var k: u32 = 0u;
    var start: u32 = 0u;
    var j: u32;
    var t: u32 = 0u;

    let p = gid.x;
    let _e4 = tesserae_draw.primitives;
    if (p >= _e4) {
        return;
    }
    let _e9 = tesserae_draw.primitives;
    let item = ((gid.y * _e9) + p);
    let _e16 = tesserae_capture_counts[(2u * item)];
    if (_e16 == 0u) {
        return;
    }
    let _e21 = tesserae_capture_state[0];
    let _e26 = tesserae_capture_offsets[(2u * item)];
    let q_1 = (_e21 + _e26);
    let _e28 = tesserae_capture_room();
    if (q_1 >= _e28) {
        return;
    }
    loop {
        let _e36 = k;
        if (_e36 < 2u) {
        } else {
            break;
        }
        {
            let _e39 = k;
            let _e41 = tesserae_is_restart((p + _e39));
            if _e41 {
                keep = false;
            }
        }
        continuing {
            let _e44 = k;
            k = (_e44 + 1u);
        }
    }
    j = p;
    loop {
        let _e49 = j;
        if (_e49 > 0u) {
        } else {
            break;
        }
        {
            let _e52 = j;
            let _e55 = tesserae_is_restart((_e52 - 1u));
            if _e55 {
                let _e56 = j;
                start = _e56;
                break;
            }
        }
        continuing {
            let _e58 = j;
            j = (_e58 - 1u);
        }
    }
    let _e60 = start;
    let odd = ((p - _e60) & 1u);
    v[0] = p;
    v[1] = (p + 1u);
    loop {
        let _e70 = t;
        if (_e70 < 2u) {
        } else {
            break;
        }
        {
            let _e73 = t;
            let _e77 = tesserae_draw.count;
            let _e79 = t;
            let _e81 = v[_e79];
            tesserae_capture_vertex(q_1, _e73, ((gid.y * _e77) + _e81));
        }
        continuing {
            let _e84 = t;
            t = (_e84 + 1u);
        }
    }
    return;
}
// pass `capture finish`, vertex stage
@group(0) @binding(35) 
var<storage> tesserae_capture_totals: array<u32>;
@group(0) @binding(28) 
var<storage, read_write> tesserae_capture_state: array<u32>;
@group(0) @binding(24) 
var<storage, read_write> tesserae_xfb0_buffer: array<u32>;

fn tesserae_capture_room() -> u32 {
    return min(4294967295u, ((arrayLength((&tesserae_xfb0_buffer)) * 4u) / 16u));
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
// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct VertexOutput {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) @interpolate(flat) member: vec2<u32>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> gl_VertexIndex_1: i32;
var<private> gl_InstanceIndex_1: i32;
var<private> ids: vec2<u32>;
var<private> tesserae_xfb_values: array<u32, 2> = array<u32, 2>();

fn tesserae_xfb_capture() {
    let _e13 = ids;
    tesserae_xfb_values[0u] = _e13.x;
    tesserae_xfb_values[1u] = _e13.y;
    return;
}

fn main_1() {
    let _e13 = gl_VertexIndex_1;
    let _e16 = gl_InstanceIndex_1;
    unnamed.gl_Position = vec4<f32>((0.1f * f32(_e13)), (0.1f * f32(_e16)), 0f, 1f);
    let _e21 = gl_VertexIndex_1;
    let _e23 = gl_InstanceIndex_1;
    ids = vec2<u32>(bitcast<u32>(_e21), bitcast<u32>(_e23));
    tesserae_xfb_capture();
    return;
}

@vertex 
fn main(@builtin(vertex_index) gl_VertexIndex: u32, @builtin(instance_index) gl_InstanceIndex: u32) -> VertexOutput {
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    gl_InstanceIndex_1 = i32(gl_InstanceIndex);
    main_1();
    let _e10 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e10);
    let _e12 = unnamed.gl_Position;
    let _e13 = ids;
    return VertexOutput(_e12, _e13);
}
// pass `draw`, fragment stage
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
