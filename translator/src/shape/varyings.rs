//! Where the emulation's own varyings go between the last pre-rasterization stage and the
//! fragment stage.
//!
//! Invariant: allocation starts at the first location past every varying of the last stage and
//! of the fragment stage, and takes in this order: `PointCoord` (one location), emulated clip
//! distances (four to a `vec4` location), the primitive ID (one location). A refusal names the
//! varying that would pass WebGPU's 16 locations.

use crate::desc::Stage;
use crate::error::TranslateError;
use crate::reflect::Reflection;
use crate::MAX_VARYING_LOCATIONS;

/// The emulation's varyings: each `Some` where the shape needs it, at that location.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Varyings {
    /// `PointCoord` of points drawn as quads, when the fragment stage reads it.
    pub point_coord: Option<u32>,
    /// The first of the `vec4` clip-distance varyings (emulated clipping).
    pub clip: Option<u32>,
    /// The primitive ID as a flat varying, where the rasterized primitives are not the
    /// application's (the location its `PrimitiveId` input takes if the fragment stage has one;
    /// [`Varyings::check_primitive_id`] refuses it past the limit).
    pub primitive_id: Option<u32>,
}

/// Which varyings a shape needs.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Needed {
    pub point_coord: bool,
    pub clip: bool,
    pub primitive_id: bool,
}

impl Varyings {
    pub fn allocate(last: &Reflection, fragment: Option<&Reflection>, needed: Needed) -> Result<Self, TranslateError> {
        let Some(fragment) = fragment else {
            if needed.clip {
                return Err(TranslateError::unsupported(last.stage, "emulated clip distances without a fragment stage"));
            }
            return Ok(Varyings::default());
        };
        let mut next = first_free_location(last, fragment);
        let mut varyings = Varyings::default();
        if needed.point_coord {
            if next >= MAX_VARYING_LOCATIONS {
                return Err(TranslateError::unsupported(Stage::Fragment, "PointCoord beyond the 16 varying locations"));
            }
            varyings.point_coord = Some(next);
            next += 1;
        }
        if needed.clip {
            let slots = last.clip_distance_outputs.div_ceil(4);
            if next + slots > MAX_VARYING_LOCATIONS {
                return Err(TranslateError::unsupported(last.stage, "emulated clip distances beyond the 16 varying locations"));
            }
            varyings.clip = Some(next);
            next += slots;
        }
        if needed.primitive_id {
            varyings.primitive_id = Some(next);
        }
        Ok(varyings)
    }

    /// Refuses a `PrimitiveId` input the fragment stage has at a location past the limit.
    pub fn check_primitive_id(location: u32) -> Result<(), TranslateError> {
        if location >= MAX_VARYING_LOCATIONS {
            return Err(TranslateError::unsupported(Stage::Fragment, "PrimitiveId beyond the 16 varying locations"));
        }
        Ok(())
    }
}

/// The first location past every varying of `last` and of the fragment stage.
fn first_free_location(last: &Reflection, fragment: &Reflection) -> u32 {
    last.outputs.iter().chain(&fragment.inputs).map(|v| v.location + v.ty.locations).max().unwrap_or(0)
}
