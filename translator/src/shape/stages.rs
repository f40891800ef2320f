//! The pipeline's loaded stages, in pipeline order.
//!
//! Invariant: `last` is the stage that feeds the rasterizer (the evaluation stage when
//! tessellation is present, else the vertex stage); every stage before it feeds a compute pass.
//! A geometry stage would be one more optional member, last when present.

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
    pub fragment: Option<LoadedModule<'w>>,
}

impl<'w> Stages<'w> {
    /// Loads every stage the description gives (specialized), refusing a geometry stage and
    /// half a tessellation pair.
    pub fn load(desc: &'w PipelineDesc) -> Result<Self, TranslateError> {
        if desc.geometry.is_some() {
            return Err(TranslateError::unsupported(Stage::Geometry, "geometry shaders"));
        }
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
        Ok(Stages { vertex, tessellation, fragment })
    }

    /// The last pre-rasterization stage.
    pub fn last(&self) -> &LoadedModule<'w> {
        match &self.tessellation {
            Some(t) => &t.evaluation,
            None => &self.vertex,
        }
    }

    pub fn last_mut(&mut self) -> &mut LoadedModule<'w> {
        match &mut self.tessellation {
            Some(t) => &mut t.evaluation,
            None => &mut self.vertex,
        }
    }

    /// The pre-rasterization stages before the last, in pipeline order.
    pub fn before_last_mut(&mut self) -> Vec<&mut LoadedModule<'w>> {
        match &mut self.tessellation {
            Some(t) => vec![&mut self.vertex, &mut t.control],
            None => Vec::new(),
        }
    }

    /// The pre-rasterization stages in pipeline order, each with the one it feeds.
    pub fn producer_consumer_pairs(&self) -> Vec<(&LoadedModule<'w>, &LoadedModule<'w>)> {
        match &self.tessellation {
            Some(t) => vec![(&self.vertex, &t.control), (&t.control, &t.evaluation)],
            None => Vec::new(),
        }
    }

    /// Every stage, in pipeline order.
    pub fn all_mut(&mut self) -> Vec<&mut LoadedModule<'w>> {
        let mut all = vec![&mut self.vertex];
        if let Some(t) = &mut self.tessellation {
            all.extend([&mut t.control, &mut t.evaluation]);
        }
        all.extend(self.fragment.as_mut());
        all
    }
}
