//! The pipeline's loaded stages, in pipeline order.
//!
//! Invariant: `last` is the stage that feeds the rasterizer (the geometry stage when present,
//! else the evaluation stage when tessellation is present, else the vertex stage); every stage
//! before it feeds a compute pass.

use crate::desc::{PipelineDesc, Stage, StageDesc};
use crate::error::TranslateError;
use crate::reflect::LoadedModule;

/// The control and evaluation stages of a tessellated pipeline.
pub(crate) struct TessStages<'w> {
    pub control: LoadedModule<'w>,
    pub evaluation: LoadedModule<'w>,
}

pub(crate) struct Stages<'w> {
    pub vertex: LoadedModule<'w>,
    pub tessellation: Option<TessStages<'w>>,
    pub geometry: Option<LoadedModule<'w>>,
    pub fragment: Option<LoadedModule<'w>>,
}

/// Whether the last of `stages` (in pipeline order) is a fragment stage.
fn ends_with_fragment(stages: &[&mut LoadedModule]) -> bool {
    stages.last().is_some_and(|s| s.reflection.stage == Stage::Fragment)
}

impl<'w> Stages<'w> {
    /// Loads every stage the description gives (specialized), refusing half a tessellation
    /// pair.
    pub fn load(desc: &'w PipelineDesc) -> Result<Self, TranslateError> {
        let load = |slot: Stage, stage: &'w StageDesc| {
            crate::load_stage_words(slot, &stage.spirv, stage.entry_point.as_deref(), &desc.specialization)
        };
        let vertex = load(Stage::Vertex, &desc.vertex)?;
        let fragment = desc.fragment.as_ref().map(|f| load(Stage::Fragment, f)).transpose()?;
        let tessellation = match (&desc.tess_control, &desc.tess_eval) {
            (None, None) => None,
            (Some(_), None) => return Err(TranslateError::IncompleteTessellation { present: Stage::TessControl }),
            (None, Some(_)) => return Err(TranslateError::IncompleteTessellation { present: Stage::TessEval }),
            (Some(c), Some(e)) => Some(TessStages { control: load(Stage::TessControl, c)?, evaluation: load(Stage::TessEval, e)? }),
        };
        let geometry = desc.geometry.as_ref().map(|g| load(Stage::Geometry, g)).transpose()?;
        Ok(Stages { vertex, tessellation, geometry, fragment })
    }

    /// The last pre-rasterization stage.
    pub fn last(&self) -> &LoadedModule<'w> {
        match (&self.geometry, &self.tessellation) {
            (Some(g), _) => g,
            (None, Some(t)) => &t.evaluation,
            (None, None) => &self.vertex,
        }
    }

    pub fn last_mut(&mut self) -> &mut LoadedModule<'w> {
        match (&mut self.geometry, &mut self.tessellation) {
            (Some(g), _) => g,
            (None, Some(t)) => &mut t.evaluation,
            (None, None) => &mut self.vertex,
        }
    }

    /// The pre-rasterization stages before the last, in pipeline order.
    pub fn before_last_mut(&mut self) -> Vec<&mut LoadedModule<'w>> {
        let mut all = self.pre_rasterization_mut();
        all.pop();
        all
    }

    /// The pre-rasterization stages in pipeline order, each with the one it feeds.
    pub fn producer_consumer_pairs(&self) -> Vec<(&LoadedModule<'w>, &LoadedModule<'w>)> {
        let mut order = vec![&self.vertex];
        if let Some(t) = &self.tessellation {
            order.extend([&t.control, &t.evaluation]);
        }
        order.extend(self.geometry.as_ref());
        order.windows(2).map(|w| (w[0], w[1])).collect()
    }

    fn pre_rasterization_mut(&mut self) -> Vec<&mut LoadedModule<'w>> {
        let mut all = self.all_mut();
        if ends_with_fragment(&all) {
            all.pop();
        }
        all
    }

    /// Every stage, in pipeline order.
    pub fn all_mut(&mut self) -> Vec<&mut LoadedModule<'w>> {
        let mut all = vec![&mut self.vertex];
        if let Some(t) = &mut self.tessellation {
            all.extend([&mut t.control, &mut t.evaluation]);
        }
        all.extend(self.geometry.as_mut());
        all.extend(self.fragment.as_mut());
        all
    }
}
