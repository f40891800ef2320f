// `emit` (entry point `tess_emit`): one invocation per patch writes its domain points and its primitives' indices, in
// the CPU tessellator's order, from the offsets the scan computed.

@compute @workgroup_size(TESS_WORKGROUP)
fn tess_emit(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) workgroups: vec3<u32>) {
    tess_read_mode();
    let p = tess_patch_index(gid, workgroups);
    if p >= tess_patches() || 2u * p + 1u >= arrayLength(&tess_offsets) {
        return;
    }
    if !tess_load(p) {
        return;
    }
    mesh_patch = p;
    mesh_first_point = tess_offsets[2u * p];
    mesh_next_entry = tess_offsets[2u * p + 1u];
    mesh_points = 0u;
    tess_generate();
}
