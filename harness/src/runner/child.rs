//! The child side of the runner: render one test with one executor, in its own process, so a
//! driver crash or hang costs one test. The parent reads one JSON line from stdout.

use crate::compile;
use crate::executor::{translated::TranslatedExecutor, DriverInfo, ExecError, Executor, ExecutorKind};
use crate::shader_test;
use serde::{Deserialize, Serialize};
use std::path::Path;
use tesserae::ClipMode;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "kebab-case")]
pub enum ChildStatus {
    /// The image was written to the output path.
    Rendered,
    Skip,
    Fail,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ChildReport {
    pub status: ChildStatus,
    pub message: String,
    pub driver: Option<DriverInfo>,
}

/// Renders `test` with `kind` and writes the PNG to `out`. Translation happens before the
/// device is opened, so a machine without adapters still compiles and translates every test.
pub fn render(path: &Path, name: &str, kind: ExecutorKind, adapter: Option<&str>, clip: ClipMode, out: &Path) -> ChildReport {
    let fail = |message: String, driver: Option<DriverInfo>| ChildReport { status: ChildStatus::Fail, message, driver };
    let test = match shader_test::load(path, name) {
        Ok(t) => t,
        Err(e) => return fail(e.to_string(), None),
    };
    let result = (|| -> Result<(crate::image::Image, DriverInfo), ExecError> {
        match kind {
            ExecutorKind::Native => {
                for s in &test.shaders {
                    compile::compile_section(&test, s)?;
                }
                let mut ex = kind.create(adapter)?;
                Ok((ex.render(&test)?, ex.driver()))
            }
            ExecutorKind::Wgpu(backend) => {
                // Translated before a device is opened, so a machine without adapters still
                // translates every test (as many bind groups as wgpu allows; the executor
                // translates again for its device's limit).
                let desc = compile::pipeline(&test, tesserae::Options { clip, max_bind_groups: 8, ..Default::default() })?;
                if clip == ClipMode::Emulated {
                    // The last pre-rasterization stage's clip distances decide.
                    let last = desc.tess_eval.as_ref().unwrap_or(&desc.vertex);
                    let writes_clip = tesserae::reflect::load(&last.spirv, last.entry_point.as_deref())
                        .is_ok_and(|m| m.reflection.clip_distance_outputs > 0);
                    if !writes_clip {
                        return Err(ExecError::Skip("no clip distances: the plan equals the native-clip one".into()));
                    }
                }
                tesserae::translate(&desc)?;
                let mut ex = TranslatedExecutor::new(backend, adapter)?.with_clip(clip);
                Ok((ex.render(&test)?, ex.driver()))
            }
        }
    })();
    match result {
        Ok((img, driver)) => match img.write_png(out) {
            Ok(()) => ChildReport { status: ChildStatus::Rendered, message: String::new(), driver: Some(driver) },
            Err(e) => fail(e.to_string(), Some(driver)),
        },
        Err(ExecError::Skip(m)) => ChildReport { status: ChildStatus::Skip, message: m, driver: None },
        Err(e) => fail(e.to_string(), None),
    }
}
