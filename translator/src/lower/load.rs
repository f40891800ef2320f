//! Loading a module: its words read and checked ([`crate::read`]: the reader, the view, the
//! load checks), the shapes WGSL and the interface matching do not take normalized by the
//! load-time passes ([`super::ON_INPUT`], [`flatten_io`], [`pack_components`]), and its entry
//! point reflected. Every [`LoadedModule`] comes from here, so no later step sees those shapes.
//! (The crate's users call these [`crate::reflect::load`] and [`crate::reflect::load_compute`].)

use super::{flatten_io, pack_components};
use crate::error::LoadError;
use crate::module_checks;
use crate::profile::phase;
use crate::reflect::{check_header_words, read, rspirv_module, select_entry_point, stage_of, LoadedModule, Reflector};
use crate::spirv_view::ModuleView;
use std::borrow::Cow;

/// Parses `words` and reflects the entry point `entry` (or the first graphics entry point).
pub fn load<'w>(words: impl Into<Cow<'w, [u32]>>, entry: Option<&str>) -> Result<LoadedModule<'w>, LoadError> {
    load_preferring(words.into(), entry, false)
}

/// As [`load`], for a compute pipeline: without `entry`, the first `GLCompute` entry point.
pub fn load_compute<'w>(words: impl Into<Cow<'w, [u32]>>, entry: Option<&str>) -> Result<LoadedModule<'w>, LoadError> {
    load_preferring(words.into(), entry, true)
}

fn load_preferring<'w>(words: Cow<'w, [u32]>, entry: Option<&str>, compute: bool) -> Result<LoadedModule<'w>, LoadError> {
    check_header_words(&words)?;
    let (mut view, mut module) = read(&words)?;
    let (entry_id, model, name) = select_entry_point(&view, entry, compute)?;
    let Some(stage) = stage_of(model) else {
        return Err(LoadError::UnknownExecutionModel { name, model: format!("{model:?}") });
    };
    if !view.functions().any(|f| f.def().and_then(|d| d.result_id) == Some(entry_id)) {
        return Err(LoadError::Malformed(format!("entry point `{name}` names %{entry_id}, which is not a function of the module")));
    }
    phase("load checks", || module_checks::check(&view, entry_id, stage))?;
    let mut input = module.is_none();
    // A user's name in the translator's namespace goes before any pass adds one of its own.
    let (phase_name, applies, pass) = super::FIRST;
    if applies(&view) {
        let m = rspirv_module(&mut module, &words)?;
        phase(phase_name, || pass(m));
        view = phase("rspirv assemble", || ModuleView::of_module(m));
        input = false;
    }
    // Transform feedback's capture reads the outputs before `drop_xfb` forgets what is captured
    // and `flatten_io` splits the blocks it reads.
    let capture = if super::xfb_capture::applies(&view, entry_id, stage) {
        let m = rspirv_module(&mut module, &words)?;
        input = false;
        phase("lower: xfb_capture", || super::xfb_capture::lower(m, entry_id, stage)).transpose()
    } else {
        None
    };
    // Shapes that are valid Vulkan but that the interface matching (and WGSL) does not take
    // are normalized before reflecting, so every consumer of a `LoadedModule` sees them gone.
    // Most modules have none: their rspirv module is not built.
    let normalize = !input || super::ON_INPUT.iter().any(|(_, applies, _)| applies(&view));
    if normalize {
        let m = rspirv_module(&mut module, &words)?;
        let mut changed = !input;
        for (name, _, pass) in super::ON_INPUT {
            changed |= phase(name, || pass(m));
        }
        if changed {
            view = phase("rspirv assemble", || ModuleView::of_module(m));
            input = false;
        }
    }
    // One index of the module serves the flattening's analysis and reflection, unless the
    // flattening changes the module (few modules have block or struct varyings).
    let reflector = phase("reflect", || Reflector::new(&view));
    let flatten = phase("lower: flatten_io", || flatten_io::analyse(&reflector, entry_id, stage))?;
    let packs = pack_components::applies(&view);
    let reflection = if flatten.is_none() && !packs {
        let reflection = phase("reflect", || reflector.reflect(entry_id, stage, name));
        drop(reflector);
        reflection?
    } else {
        drop(reflector);
        let m = rspirv_module(&mut module, &words)?;
        let mut changed = false;
        if let Some(analysis) = flatten {
            phase("lower: flatten_io", || flatten_io::apply(m, entry_id, stage, analysis))?;
            changed = true;
        }
        if packs {
            changed |= phase("lower: pack_components", || pack_components::lower(m))?;
        }
        if changed {
            view = phase("rspirv assemble", || ModuleView::of_module(m));
            input = false;
        }
        phase("reflect", || Reflector::new(&view).reflect(entry_id, stage, name))?
    };
    let mut reflection = reflection;
    reflection.capture = capture;
    Ok(LoadedModule::loaded(view, module, input, entry_id, reflection))
}
