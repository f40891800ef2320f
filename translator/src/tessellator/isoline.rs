//! The isoline domain: `lines` horizontal lines at v = 0, 1/density, ... (the line at v = 1 is
//! not drawn), each subdivided along u by the detail level. Points are stored line by line,
//! u increasing; each line is a strip of segments between consecutive points.

use super::levels::Isolines;
use super::stitch::Mesh;

pub(crate) fn point_count(iso: &Isolines) -> usize {
    (iso.lines * iso.detail.points) as usize
}

pub(crate) fn segment_count(iso: &Isolines) -> usize {
    (iso.lines * (iso.detail.points - 1)) as usize
}

/// Generate the points of every line; returns the segments as pairs of point indices.
pub(crate) fn generate(iso: &Isolines, mesh: &mut Mesh) -> Vec<[u32; 2]> {
    let mut segments = Vec::with_capacity(segment_count(iso));
    for line in 0..iso.lines {
        let v = iso.density.place(line);
        for p in 0..iso.detail.points {
            if p > 0 {
                let index = mesh.next_index() as u32;
                segments.push([index - 1, index]);
            }
            mesh.point(iso.detail.place(p), v);
        }
    }
    segments
}
