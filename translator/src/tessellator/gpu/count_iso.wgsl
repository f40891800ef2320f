// Isoline domain: process the levels and count points and segments (`isoline.rs`).

fn tess_process(outer: vec4<u32>, inner: vec2<u32>) {
    process_isolines(outer.x, outer.y);
}

fn tess_point_count() -> u32 {
    if patch_kind == PATCH_CULLED {
        return 0u;
    }
    return u32(iso_lines * patch_outer[0].points);
}

fn tess_segment_count() -> u32 {
    if patch_kind == PATCH_CULLED {
        return 0u;
    }
    return u32(iso_lines * (patch_outer[0].points - 1));
}

fn tess_entry_count() -> u32 {
    if TESS_POINT_MODE {
        return tess_point_count();
    }
    return 2u * tess_segment_count();
}
