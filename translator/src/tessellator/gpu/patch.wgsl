// The patch an invocation of `count` or `emit` works on.

// The number of patches of the draw: primitives per instance × instances.
fn tess_patches() -> u32 {
    return tesserae_draw.primitives * tesserae_draw.instances;
}

// One invocation per patch; a dispatch too large for one dimension continues in y.
fn tess_patch_index(gid: vec3<u32>, workgroups: vec3<u32>) -> u32 {
    return gid.x + gid.y * workgroups.x * TESS_WORKGROUP;
}

// Reads and processes patch p's levels; false when they are not in the buffer.
fn tess_load(p: u32) -> bool {
    if 2u * p + 1u >= arrayLength(&tess_levels) {
        return false;
    }
    let outer = bitcast<vec4<u32>>(tess_levels[2u * p]);
    let inner = bitcast<vec4<u32>>(tess_levels[2u * p + 1u]);
    tess_process(outer, inner.xy);
    return true;
}
