// pass `capture vertex`, vertex stage
struct Block {
    m: mat2x2<f32>,
    i: vec2<i32>,
    skipped: vec4<f32>,
    f: array<f32, 2>,
}

struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
}

struct type_20 {
    @location(0) m0_member: vec2<f32>,
    @location(1) m1_member: vec2<f32>,
    @location(2) @interpolate(flat) m2_member: vec2<i32>,
    @location(3) m3_member: vec4<f32>,
    @location(4) m4_member: f32,
    @location(5) m5_member: f32,
    @builtin(position) gl_Position: vec4<f32>,
}

struct TesseraeVertexOut {
    out0_member: vec2<f32>,
    out1_member: vec2<f32>,
    out2_member: vec2<i32>,
    out3_member: vec4<f32>,
    out4_member: f32,
    out5_member: f32,
    out6_member: vec4<f32>,
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
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f));
var<private> tesserae_xfb_values: array<u32, 12> = array<u32, 12>();
var<private> blk_m_0_: vec2<f32>;
var<private> blk_m_1_: vec2<f32>;
var<private> blk_i: vec2<i32>;
var<private> blk_skipped: vec4<f32>;
var<private> blk_f_0_: f32;
var<private> blk_f_1_: f32;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_capture_words: array<u32>;

fn tesserae_xfb_capture() {
    let _e38 = blk_m_0_;
    tesserae_xfb_values[0u] = bitcast<u32>(_e38.x);
    tesserae_xfb_values[1u] = bitcast<u32>(_e38.y);
    let _e45 = blk_m_1_;
    tesserae_xfb_values[2u] = bitcast<u32>(_e45.x);
    tesserae_xfb_values[3u] = bitcast<u32>(_e45.y);
    let _e52 = blk_i;
    tesserae_xfb_values[4u] = bitcast<u32>(_e52.x);
    tesserae_xfb_values[5u] = bitcast<u32>(_e52.y);
    let _e59 = blk_f_0_;
    tesserae_xfb_values[6u] = bitcast<u32>(_e59);
    let _e62 = blk_f_1_;
    tesserae_xfb_values[7u] = bitcast<u32>(_e62);
    let _e66 = unnamed.gl_Position;
    tesserae_xfb_values[8u] = bitcast<u32>(_e66.x);
    tesserae_xfb_values[9u] = bitcast<u32>(_e66.y);
    tesserae_xfb_values[10u] = bitcast<u32>(_e66.z);
    tesserae_xfb_values[11u] = bitcast<u32>(_e66.w);
    return;
}

fn main() {
    var k: f32;

    let _e39 = gl_VertexIndex_1;
    k = f32(_e39);
    let _e41 = k;
    let _e42 = k;
    let _e44 = k;
    let _e46 = k;
    let _e50 = mat2x2<f32>(vec2<f32>(_e41, (_e42 + 1f)), vec2<f32>((_e44 + 2f), (_e46 + 3f)));
    blk_m_0_ = _e50[0];
    blk_m_1_ = _e50[1];
    let _e53 = gl_VertexIndex_1;
    blk_i = vec2<i32>((-(_e53) - 1i), 7i);
    blk_skipped = vec4<f32>(9f, 9f, 9f, 9f);
    let _e57 = k;
    blk_f_0_ = (_e57 / 4f);
    blk_f_1_ = -2f;
    let _e59 = k;
    unnamed.gl_Position = vec4<f32>((_e59 - 0.5f), 0.25f, 0f, 1f);
    tesserae_xfb_capture();
    return;
}

fn tesserae_vertex(gl_VertexIndex: u32) -> TesseraeVertexOut {
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    main();
    let _e11 = blk_m_0_;
    let _e12 = blk_m_1_;
    let _e13 = blk_i;
    let _e14 = blk_skipped;
    let _e15 = blk_f_0_;
    let _e16 = blk_f_1_;
    let _e17 = unnamed.gl_Position;
    return TesseraeVertexOut(_e11, _e12, _e13, _e14, _e15, _e16, _e17);
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
    let _e14 = tesserae_vertex(_e7);
    tesserae_i = 0u;
    loop {
        let _e19 = tesserae_i;
        if (_e19 >= 12u) {
            break;
        }
        let _e27 = tesserae_xfb_values[_e19];
        tesserae_capture_words[((((tesserae_gid.y * _e5) + tesserae_gid.x) * 12u) + _e19)] = _e27;
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

@group(0) @binding(33) var<storage, read_write> tesserae_capture_counts: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let p = gid.x;
    if p >= tesserae_draw.primitives {
        return;
    }
    var v = array<u32, 3>();
    var keep = true;
    for (var k = 0u; k < 1u; k++) { v[k] = p * 1u + k; }
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
@group(0) @binding(32) 
var<storage> tesserae_capture_words: array<u32>;
@group(0) @binding(28) 
var<storage> tesserae_capture_state: array<u32>;
@group(0) @binding(24) 
var<storage, read_write> tesserae_xfb0_buffer: array<u32>;
@group(0) @binding(25) 
var<storage, read_write> tesserae_xfb1_buffer: array<u32>;
@group(0) @binding(33) 
var<storage> tesserae_capture_counts: array<u32>;
@group(0) @binding(34) 
var<storage> tesserae_capture_offsets: array<u32>;

fn tesserae_capture_room() -> u32 {
    return min(min(4294967295u, ((arrayLength((&tesserae_xfb0_buffer)) * 4u) / 40u)), ((arrayLength((&tesserae_xfb1_buffer)) * 4u) / 16u));
}

fn tesserae_capture_vertex(q: u32, t_1: u32, src: u32) {
    let _e5 = ((q * 1u) + t_1);
    let _e7 = (src * 12u);
    let _e12 = tesserae_capture_words[_e7];
    tesserae_xfb0_buffer[(_e5 * 10u)] = _e12;
    let _e23 = tesserae_capture_words[(_e7 + 1u)];
    tesserae_xfb0_buffer[((_e5 * 10u) + 1u)] = _e23;
    let _e34 = tesserae_capture_words[(_e7 + 2u)];
    tesserae_xfb0_buffer[((_e5 * 10u) + 2u)] = _e34;
    let _e45 = tesserae_capture_words[(_e7 + 3u)];
    tesserae_xfb0_buffer[((_e5 * 10u) + 3u)] = _e45;
    let _e56 = tesserae_capture_words[(_e7 + 4u)];
    tesserae_xfb0_buffer[((_e5 * 10u) + 4u)] = _e56;
    let _e67 = tesserae_capture_words[(_e7 + 5u)];
    tesserae_xfb0_buffer[((_e5 * 10u) + 5u)] = _e67;
    let _e78 = tesserae_capture_words[(_e7 + 6u)];
    tesserae_xfb0_buffer[((_e5 * 10u) + 8u)] = _e78;
    let _e89 = tesserae_capture_words[(_e7 + 7u)];
    tesserae_xfb0_buffer[((_e5 * 10u) + 9u)] = _e89;
    let _e98 = tesserae_capture_words[(_e7 + 8u)];
    tesserae_xfb1_buffer[(_e5 * 4u)] = _e98;
    let _e109 = tesserae_capture_words[(_e7 + 9u)];
    tesserae_xfb1_buffer[((_e5 * 4u) + 1u)] = _e109;
    let _e120 = tesserae_capture_words[(_e7 + 10u)];
    tesserae_xfb1_buffer[((_e5 * 4u) + 2u)] = _e120;
    let _e131 = tesserae_capture_words[(_e7 + 11u)];
    tesserae_xfb1_buffer[((_e5 * 4u) + 3u)] = _e131;
}

@compute @workgroup_size(64, 1, 1) 
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    var v: array<u32, 3> = array<u32, 3>();
    var keep: bool = true;
    var k: u32 = 0u;
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
        let _e35 = k;
        if (_e35 < 1u) {
        } else {
            break;
        }
        {
            let _e38 = k;
            let _e42 = k;
            v[_e38] = ((p * 1u) + _e42);
        }
        continuing {
            let _e45 = k;
            k = (_e45 + 1u);
        }
    }
    loop {
        let _e49 = t;
        if (_e49 < 1u) {
        } else {
            break;
        }
        {
            let _e52 = t;
            let _e56 = tesserae_draw.count;
            let _e58 = t;
            let _e60 = v[_e58];
            tesserae_capture_vertex(q_1, _e52, ((gid.y * _e56) + _e60));
        }
        continuing {
            let _e63 = t;
            t = (_e63 + 1u);
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
@group(0) @binding(25) 
var<storage, read_write> tesserae_xfb1_buffer: array<u32>;

fn tesserae_capture_room() -> u32 {
    return min(min(4294967295u, ((arrayLength((&tesserae_xfb0_buffer)) * 4u) / 40u)), ((arrayLength((&tesserae_xfb1_buffer)) * 4u) / 16u));
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
struct Block {
    m: mat2x2<f32>,
    i: vec2<i32>,
    skipped: vec4<f32>,
    f: array<f32, 2>,
}

struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
}

struct VertexOutput {
    @location(0) member: vec2<f32>,
    @location(1) member_1: vec2<f32>,
    @location(2) @interpolate(flat) member_2: vec2<i32>,
    @location(3) member_3: vec4<f32>,
    @location(4) member_4: f32,
    @location(5) member_5: f32,
    @builtin(position) gl_Position: vec4<f32>,
}

var<private> gl_VertexIndex_1: i32;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f));
var<private> tesserae_xfb_values: array<u32, 12> = array<u32, 12>();
var<private> blk_m_0_: vec2<f32>;
var<private> blk_m_1_: vec2<f32>;
var<private> blk_i: vec2<i32>;
var<private> blk_skipped: vec4<f32>;
var<private> blk_f_0_: f32;
var<private> blk_f_1_: f32;

fn tesserae_xfb_capture() {
    let _e38 = blk_m_0_;
    tesserae_xfb_values[0u] = bitcast<u32>(_e38.x);
    tesserae_xfb_values[1u] = bitcast<u32>(_e38.y);
    let _e45 = blk_m_1_;
    tesserae_xfb_values[2u] = bitcast<u32>(_e45.x);
    tesserae_xfb_values[3u] = bitcast<u32>(_e45.y);
    let _e52 = blk_i;
    tesserae_xfb_values[4u] = bitcast<u32>(_e52.x);
    tesserae_xfb_values[5u] = bitcast<u32>(_e52.y);
    let _e59 = blk_f_0_;
    tesserae_xfb_values[6u] = bitcast<u32>(_e59);
    let _e62 = blk_f_1_;
    tesserae_xfb_values[7u] = bitcast<u32>(_e62);
    let _e66 = unnamed.gl_Position;
    tesserae_xfb_values[8u] = bitcast<u32>(_e66.x);
    tesserae_xfb_values[9u] = bitcast<u32>(_e66.y);
    tesserae_xfb_values[10u] = bitcast<u32>(_e66.z);
    tesserae_xfb_values[11u] = bitcast<u32>(_e66.w);
    return;
}

fn main_1() {
    var k: f32;

    let _e39 = gl_VertexIndex_1;
    k = f32(_e39);
    let _e41 = k;
    let _e42 = k;
    let _e44 = k;
    let _e46 = k;
    let _e50 = mat2x2<f32>(vec2<f32>(_e41, (_e42 + 1f)), vec2<f32>((_e44 + 2f), (_e46 + 3f)));
    blk_m_0_ = _e50[0];
    blk_m_1_ = _e50[1];
    let _e53 = gl_VertexIndex_1;
    blk_i = vec2<i32>((-(_e53) - 1i), 7i);
    blk_skipped = vec4<f32>(9f, 9f, 9f, 9f);
    let _e57 = k;
    blk_f_0_ = (_e57 / 4f);
    blk_f_1_ = -2f;
    let _e59 = k;
    unnamed.gl_Position = vec4<f32>((_e59 - 0.5f), 0.25f, 0f, 1f);
    tesserae_xfb_capture();
    return;
}

@vertex 
fn main(@builtin(vertex_index) gl_VertexIndex: u32) -> VertexOutput {
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    main_1();
    let _e12 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e12);
    let _e14 = blk_m_0_;
    let _e15 = blk_m_1_;
    let _e16 = blk_i;
    let _e17 = blk_skipped;
    let _e18 = blk_f_0_;
    let _e19 = blk_f_1_;
    let _e20 = unnamed.gl_Position;
    return VertexOutput(_e14, _e15, _e16, _e17, _e18, _e19, _e20);
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
