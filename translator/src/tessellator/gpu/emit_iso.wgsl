// Isoline domain: generate the points and segments of the processed patch (`isoline.rs`).

fn tess_generate() {
    mesh_no_remap();
    if patch_kind != PATCH_FULL {
        return;
    }
    let detail = patch_outer[0];
    let density = patch_outer[1];
    for (var line = 0; line < iso_lines; line++) {
        let v = edge_place(density, line);
        for (var p = 0; p < detail.points; p++) {
            if p > 0 && !TESS_POINT_MODE {
                mesh_entry(mesh_points - 1u);
                mesh_entry(mesh_points);
            }
            mesh_point(edge_place(detail, p), v);
        }
    }
    if TESS_POINT_MODE {
        mesh_point_list();
    }
}
