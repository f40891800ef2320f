// `count` (entry point `tess_count`): one invocation per patch writes its number of domain
// points and index entries.

@compute @workgroup_size(TESS_WORKGROUP)
fn tess_count(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) workgroups: vec3<u32>) {
    tess_read_mode();
    let p = tess_patch_index(gid, workgroups);
    if p >= tess_patches() || 2u * p + 1u >= arrayLength(&tess_counts) {
        return;
    }
    var points = 0u;
    var entries = 0u;
    if tess_load(p) {
        points = tess_point_count();
        entries = tess_entry_count();
    }
    tess_counts[2u * p] = points;
    tess_counts[2u * p + 1u] = entries;
}
