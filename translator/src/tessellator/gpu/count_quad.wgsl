// Quad domain: process the levels and count points and triangles (`quad.rs`).

fn tess_process(outer: vec4<u32>, inner: vec2<u32>) {
    process_levels(outer, inner, 4u, 2u, true);
}

fn tess_point_count() -> u32 {
    if patch_kind == PATCH_CULLED {
        return 0u;
    }
    if patch_kind == PATCH_MINIMAL {
        return 4u;
    }
    let ring = patch_outer[0].points - 1 + patch_outer[1].points - 1 + patch_outer[2].points - 1 + patch_outer[3].points - 1;
    return u32(ring + (patch_inner[0].points - 2) * (patch_inner[1].points - 2));
}

// The strip of quads left in the middle when the rings stop at an odd axis: x = its number
// of quads (0: none), y = 1 when it runs along u.
fn quad_centre_strip() -> vec2<i32> {
    let nu = patch_inner[0].points;
    let nv = patch_inner[1].points;
    if nu > nv && patch_inner[1].parity == PARITY_ODD {
        var extra = 1;
        if patch_inner[0].parity == PARITY_EVEN {
            extra = 2;
        }
        return vec2<i32>(((nu / 2 - nv / 2) << 1u) + extra, 1);
    }
    if nv >= nu && patch_inner[0].parity == PARITY_ODD {
        var extra = 1;
        if patch_inner[1].parity == PARITY_EVEN {
            extra = 2;
        }
        return vec2<i32>(((nv / 2 - nu / 2) << 1u) + extra, 0);
    }
    return vec2<i32>(0, 0);
}

fn tess_triangle_count() -> u32 {
    if patch_kind == PATCH_CULLED {
        return 0u;
    }
    if patch_kind == PATCH_MINIMAL {
        return 2u;
    }
    let n = vec2<i32>(patch_inner[0].points, patch_inner[1].points);
    let rings = min((n.x + 1) / 2, (n.y + 1) / 2);
    var outer_points = vec4<i32>(patch_outer[0].points, patch_outer[1].points, patch_outer[2].points, patch_outer[3].points);
    var count = 0;
    for (var ring = 1; ring < rings; ring++) {
        for (var side = 0; side < 4; side++) {
            let inner_points = n[(side + 1) & 1] - 2 * ring;
            count += inner_points + outer_points[side] - 2;
            outer_points[side] = inner_points;
        }
    }
    return u32(count + 2 * quad_centre_strip().x);
}

fn tess_entry_count() -> u32 {
    if TESS_POINT_MODE {
        return tess_point_count();
    }
    return 3u * tess_triangle_count();
}
