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
