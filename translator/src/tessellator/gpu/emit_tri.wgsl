// Triangle domain: generate the points and triangles of the processed patch (`tri.rs`).

fn tri_points() {
    // Outer ring: each edge without its last point; edges 0 and 2 run against their ruler.
    for (var e = 0; e < 3; e++) {
        let edge = patch_outer[e];
        let last = edge.points - 1;
        for (var p = 0; p < last; p++) {
            var q = last - p;
            if e == 1 {
                q = p;
            }
            let t = edge_place(edge, q);
            if e == 0 {
                mesh_point(0u, t);
            } else if e == 1 {
                mesh_point(t, 0u);
            } else {
                mesh_point(t, FX_ONE - t);
            }
        }
    }
    let inner = patch_inner[0];
    let n = inner.points;
    for (var ring = 1; ring < n / 2; ring++) {
        let first = ring;
        let last = n - 1 - ring;
        for (var e = 0; e < 3; e++) {
            let depth = (edge_place(inner, first) * FX_TWO_THIRDS + FX_HALF) >> FX_FRAC_BITS;
            let inset = (depth + 1u) / 2u;
            for (var p = first; p < last; p++) {
                var q = last - (p - first);
                if e == 1 {
                    q = p;
                }
                let t = edge_place(inner, q) - inset;
                if e == 0 {
                    mesh_point(depth, t);
                } else if e == 1 {
                    mesh_point(t, depth);
                } else {
                    mesh_point(t, FX_ONE - t - depth);
                }
            }
        }
    }
    if inner.parity == PARITY_EVEN {
        mesh_point(FX_ONE_THIRD, FX_ONE_THIRD);
    }
}

fn tri_triangles() {
    let inner = patch_inner[0];
    let n = inner.points;
    var row_half = vec3<i32>(patch_outer[0].half_points, patch_outer[1].half_points, patch_outer[2].half_points);
    var row_parity = vec3<u32>(patch_outer[0].parity, patch_outer[1].parity, patch_outer[2].parity);
    var row_points = vec3<i32>(patch_outer[0].points, patch_outer[1].points, patch_outer[2].points);
    var inner_base = row_points.x - 1 + row_points.y - 1 + row_points.z - 1;
    var outer_base = 0;
    for (var ring = 1; ring < (n + 1) / 2; ring++) {
        let inner_points = n - 2 * ring;
        let ring_inner_start = inner_base;
        let ring_outer_start = outer_base;
        for (var side = 0; side < 3; side++) {
            var inner_row = inner_base;
            var outer_row = outer_base;
            if side == 2 {
                mesh_remap = TessRemap(
                    REMAP_WRAP,
                    inner_base,
                    inner_points - 1,
                    ring_inner_start,
                    inner_points,
                    outer_base - inner_points,
                    inner_points + row_points[side] - 1,
                    ring_outer_start,
                );
                inner_row = 0;
                outer_row = inner_points;
            }
            if ring == 1 {
                stitch_transition(inner_row, inner.half_points, inner.parity, outer_row, row_half[side], row_parity[side]);
            } else {
                stitch_regular(true, DIAGONALS_MIRRORED, inner_points, inner_row, outer_row);
            }
            mesh_no_remap();
            outer_base += row_points[side] - 1;
            inner_base += inner_points - 1;
            row_points[side] = inner_points;
        }
        row_half = vec3<i32>(inner.half_points);
        row_parity = vec3<u32>(inner.parity);
    }
    if inner.parity == PARITY_ODD {
        mesh_triangle(outer_base, outer_base + 1, outer_base + 2);
    }
}

fn tess_generate() {
    mesh_no_remap();
    if patch_kind == PATCH_MINIMAL {
        mesh_point(0u, FX_ONE);
        mesh_point(0u, 0u);
        mesh_point(FX_ONE, 0u);
        if !TESS_POINT_MODE {
            mesh_triangle(0, 1, 2);
        }
    } else if patch_kind == PATCH_FULL {
        tri_points();
        if !TESS_POINT_MODE {
            tri_triangles();
        }
    }
    if TESS_POINT_MODE {
        mesh_point_list();
    }
}
