//! Known driver bugs, recognised by signature: what the pipeline does (its spec) and what the
//! driver did wrong (the symptom in the images). The differential generator produces these
//! pipelines like any other; a mismatch matching a signature is reported as that bug, not as a
//! finding, and one that does not match stays a finding.
//!
//! Each signature names the driver it was seen on and its reproducers under
//! `fuzz/regressions/differential/`; it only applies when the native device is that driver.

use crate::gen::{Interp, PipelineSpec};
use tesserae_results::image::Image;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DriverBug {
    /// lavapipe (Mesa 22.3.6) with 1–3 clip distances and enough cull distances to pass 4 in
    /// total: it draws nothing although every distance is positive (`lavapipe-clip-cull-*`,
    /// `corpus/cull/mixed-clip-cull`), draws stray pixels instead of a kept line
    /// (`lavapipe-clip-cull-range-3-2`), or draws a line a negative cull distance culls
    /// (`lavapipe-clip-cull-range-3-3`); each checked against the spec by hand.
    LavapipeClipCullRange,
    /// lavapipe (Mesa 22.3.6) clips `NoPerspective` outputs with the clip-space parameter, so
    /// they differ where primitives are clipped by clip distances
    /// (`lavapipe-noperspective-clipped-*`).
    LavapipeNoPerspectiveClipped,
    /// lavapipe (Mesa 22.3.6) gives the fragment stage `PrimitiveId` 0 for every patch but the
    /// first when the tessellation evaluation stage reads `PrimitiveId` too
    /// (`corpus/tess/primitive-id-fragment-and-evaluation`).
    LavapipeFragmentPrimitiveIdWithEvaluation,
}

impl DriverBug {
    pub fn name(self) -> &'static str {
        match self {
            DriverBug::LavapipeClipCullRange => "lavapipe-clip-cull-range",
            DriverBug::LavapipeNoPerspectiveClipped => "lavapipe-noperspective-clipped",
            DriverBug::LavapipeFragmentPrimitiveIdWithEvaluation => "lavapipe-fragment-primitive-id-with-evaluation",
        }
    }
}

/// The known bug that explains `native` differing from `translated` for `spec` on `device`,
/// if any.
pub fn classify(spec: &PipelineSpec, device: &str, native: &Image, translated: &Image) -> Option<DriverBug> {
    if !device.to_lowercase().contains("llvmpipe") {
        return None;
    }
    if (1..=3).contains(&spec.clip) && spec.cull > 0 && spec.clip + spec.cull > 4 && native.data != translated.data {
        return Some(DriverBug::LavapipeClipCullRange);
    }
    if spec.clip > 0 && spec.varyings.iter().any(|v| v.interp == Interp::NoPerspective) {
        return Some(DriverBug::LavapipeNoPerspectiveClipped);
    }
    let fragment_reads_id = spec.fragment.as_ref().is_some_and(|f| f.uses_primitive_id());
    if fragment_reads_id && spec.tess.as_ref().is_some_and(|t| t.eval.uses_primitive_id()) {
        return Some(DriverBug::LavapipeFragmentPrimitiveIdWithEvaluation);
    }
    None
}

/// For a pipeline with `NoPerspective` varyings on llvmpipe (lavapipe or llvmpipe GL), the same
/// pipeline with them interpolated with perspective: the differential runner renders it when
/// the images differ, and when it renders alike everywhere, the difference is the
/// `noperspective-frustum-clipped` family (the `lavapipe-noperspective-*` and
/// `llvmpipe-gl-noperspective-*` reproducers, each proven by hand: such a varying of a primitive
/// the frustum clips reads 0 or NaN). `None` when the pipeline has no such varying.
pub fn perspective_variant(spec: &PipelineSpec, device: &str) -> Option<PipelineSpec> {
    if !device.to_lowercase().contains("llvmpipe") || !spec.varyings.iter().any(|v| v.interp == Interp::NoPerspective) {
        return None;
    }
    let mut variant = spec.clone();
    for v in &mut variant.varyings {
        if v.interp == Interp::NoPerspective {
            v.interp = Interp::Smooth;
        }
    }
    Some(variant)
}
