// Triangle domain: process the levels and count points and triangles (`tri.rs`).

fn tess_process(outer: vec4<u32>, inner: vec2<u32>) {
    process_levels(outer, inner, 3u, 1u, false);
}

fn tess_point_count() -> u32 {
    if patch_kind == PATCH_CULLED {
        return 0u;
    }
    if patch_kind == PATCH_MINIMAL {
        return 3u;
    }
    let ring = patch_outer[0].points - 1 + patch_outer[1].points - 1 + patch_outer[2].points - 1;
    let inner_rings = patch_inner[0].points / 2 - 1;
    var interior: i32;
    if patch_inner[0].parity == PARITY_ODD {
        interior = 3 * (inner_rings * (inner_rings + 1) - inner_rings);
    } else {
        interior = 3 * (inner_rings * (inner_rings + 1)) + 1;
    }
    return u32(ring + interior);
}

fn tess_triangle_count() -> u32 {
    if patch_kind == PATCH_CULLED {
        return 0u;
    }
    if patch_kind == PATCH_MINIMAL {
        return 1u;
    }
    let n = patch_inner[0].points;
    var outer_points = vec3<i32>(patch_outer[0].points, patch_outer[1].points, patch_outer[2].points);
    var count = 0;
    for (var ring = 1; ring < (n + 1) / 2; ring++) {
        let inner_points = n - 2 * ring;
        for (var side = 0; side < 3; side++) {
            count += inner_points + outer_points[side] - 2;
            outer_points[side] = inner_points;
        }
    }
    if patch_inner[0].parity == PARITY_ODD {
        count += 1;
    }
    return u32(count);
}

fn tess_entry_count() -> u32 {
    if TESS_POINT_MODE {
        return tess_point_count();
    }
    return 3u * tess_triangle_count();
}
