// Quad domain: generate the points and triangles of the processed patch (`quad.rs`).

fn quad_points() {
    // Outer ring, each edge without its last point; edges 0 and 3 run against their ruler.
    for (var e = 0; e < 4; e++) {
        let edge = patch_outer[e];
        let last = edge.points - 1;
        for (var p = 0; p < last; p++) {
            var q = last - p;
            if e == 1 || e == 2 {
                q = p;
            }
            let t = edge_place(edge, q);
            if e == 0 {
                mesh_point(0u, t);
            } else if e == 1 {
                mesh_point(t, 0u);
            } else if e == 2 {
                mesh_point(FX_ONE, t);
            } else {
                mesh_point(t, FX_ONE);
            }
        }
    }
    let n = vec2<i32>(patch_inner[0].points, patch_inner[1].points);
    let rings = min(n.x, n.y) / 2;
    for (var ring = 1; ring < rings; ring++) {
        let first = ring;
        let last = vec2<i32>(n.x - 1 - ring, n.y - 1 - ring);
        for (var side = 0; side < 4; side++) {
            let across = side & 1;
            let along = 1 - across;
            var fixed_index = last[across];
            if side < 2 {
                fixed_index = first;
            }
            let fixed_at = edge_place(patch_inner[across], fixed_index);
            let along_edge = patch_inner[along];
            for (var p = first; p < last[along]; p++) {
                var q = last[along] - (p - first);
                if side == 1 || side == 2 {
                    q = p;
                }
                let t = edge_place(along_edge, q);
                if along == 1 {
                    mesh_point(fixed_at, t);
                } else {
                    mesh_point(t, fixed_at);
                }
            }
        }
    }
    if n.x > n.y && patch_inner[1].parity == PARITY_EVEN {
        for (var p = rings; p <= n.x - 1 - rings; p++) {
            mesh_point(edge_place(patch_inner[0], p), FX_HALF);
        }
    } else if n.y >= n.x && patch_inner[0].parity == PARITY_EVEN {
        for (var p = n.y - 1 - rings; p >= rings; p--) {
            mesh_point(FX_HALF, edge_place(patch_inner[1], p));
        }
    }
}

fn quad_triangles() {
    let n = vec2<i32>(patch_inner[0].points, patch_inner[1].points);
    let to_centre = vec2<i32>((n.x + 1) / 2, (n.y + 1) / 2);
    let rings = min(to_centre.x, to_centre.y);
    var middle_row_ring = vec2<i32>(-1, -1);
    if patch_inner[1].parity == PARITY_EVEN {
        middle_row_ring.x = to_centre.y - 1;
    }
    if patch_inner[0].parity == PARITY_EVEN {
        middle_row_ring.y = to_centre.x - 1;
    }
    var row_half = vec4<i32>(patch_outer[0].half_points, patch_outer[1].half_points, patch_outer[2].half_points, patch_outer[3].half_points);
    var row_parity = vec4<u32>(patch_outer[0].parity, patch_outer[1].parity, patch_outer[2].parity, patch_outer[3].parity);
    var row_points = vec4<i32>(patch_outer[0].points, patch_outer[1].points, patch_outer[2].points, patch_outer[3].points);
    var inner_base = row_points.x - 1 + row_points.y - 1 + row_points.z - 1 + row_points.w - 1;
    var outer_base = 0;
    for (var ring = 1; ring < rings; ring++) {
        let inner_points = vec2<i32>(n.x - 2 * ring, n.y - 2 * ring);
        let ring_inner_start = inner_base;
        let ring_outer_start = outer_base;
        for (var side = 0; side < 4; side++) {
            let along = (side + 1) & 1;
            let count = inner_points[along];
            let middle_row = ring == middle_row_ring[along];
            var inner_row = inner_base;
            var outer_row = outer_base;
            if side == 3 && middle_row {
                let start = inner_base + 1;
                mesh_remap = TessRemap(REMAP_REVERSE, start, (start << 1u) - 1, outer_base + row_points[side] - 1, ring_outer_start, 0, 0, 0);
                inner_row = start;
            } else if side == 3 {
                mesh_remap = TessRemap(
                    REMAP_WRAP,
                    inner_base,
                    count - 1,
                    ring_inner_start,
                    count,
                    outer_base - count,
                    count + row_points[side] - 1,
                    ring_outer_start,
                );
                inner_row = 0;
                outer_row = count;
            } else if side == 2 && middle_row {
                mesh_remap = TessRemap(REMAP_REVERSE, inner_base, inner_base << 1u, -1, -1, 0, 0, 0);
            }
            let inner_edge = patch_inner[along];
            if ring == 1 {
                stitch_transition(inner_row, inner_edge.half_points, inner_edge.parity, outer_row, row_half[side], row_parity[side]);
            } else {
                stitch_regular(true, DIAGONALS_MIRRORED, count, inner_row, outer_row);
            }
            mesh_no_remap();
            outer_base += row_points[side] - 1;
            if side == 2 && middle_row {
                inner_base -= count - 1;
            } else {
                inner_base += count - 1;
            }
            row_points[side] = count;
        }
        for (var side = 0; side < 4; side++) {
            row_half[side] = patch_inner[side & 1].half_points;
            row_parity[side] = patch_inner[side & 1].parity;
        }
    }
    let strip = quad_centre_strip();
    let quads = strip.x;
    if quads > 0 {
        if strip.y == 1 {
            let start = outer_base + quads + 2;
            mesh_remap = TessRemap(REMAP_REVERSE, start, start + start + quads, start, outer_base, 0, 0, 0);
            stitch_regular(false, DIAGONALS_INSIDE_TO_OUTSIDE, quads + 1, start, outer_base + 1);
        } else {
            let start = outer_base + quads + 1;
            mesh_remap = TessRemap(REMAP_REVERSE, start, start + start + quads, -1, -1, 0, 0, 0);
            var diagonals = DIAGONALS_INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE;
            if patch_inner[1].parity == PARITY_EVEN {
                diagonals = DIAGONALS_INSIDE_TO_OUTSIDE;
            }
            stitch_regular(false, diagonals, quads + 1, start, outer_base);
        }
    }
    mesh_no_remap();
}

fn tess_generate() {
    mesh_no_remap();
    if patch_kind == PATCH_MINIMAL {
        mesh_point(0u, 0u);
        mesh_point(FX_ONE, 0u);
        mesh_point(FX_ONE, FX_ONE);
        mesh_point(0u, FX_ONE);
        if !TESS_POINT_MODE {
            mesh_triangle(0, 1, 3);
            mesh_triangle(1, 2, 3);
        }
    } else if patch_kind == PATCH_FULL {
        quad_points();
        if !TESS_POINT_MODE {
            quad_triangles();
        }
    }
    if TESS_POINT_MODE {
        mesh_point_list();
    }
}
