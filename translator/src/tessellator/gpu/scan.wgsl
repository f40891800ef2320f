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
