//! The child side of the runner: render tests with one executor, in a process of their own,
//! so a driver crash or hang costs the parent nothing but a restart.
//!
//! Protocol ([`tesserae_results::child`]; `tesserae-harness batch`): the parent writes one
//! [`Request`] per line on stdin, then closes it; the child renders them in order and prints
//! one [`ChildReport`] as a JSON line per request, flushing after each. The executor's device
//! is opened once, on the first test that needs it, and kept for the whole batch: opening a
//! device is most of what a small test costs.

use crate::compile;
use crate::executor::{translated::TranslatedExecutor, ExecError, Executor, ExecutorKind};
use crate::shader_test;
use std::io::{BufRead, Write};
use std::path::Path;
use tesserae::ClipMode;
use tesserae_results::child::{captures_path, ChildReport, ChildStatus, Request};

/// One executor configuration, its device opened lazily and kept between tests.
pub struct BatchRenderer {
    kind: ExecutorKind,
    adapter: Option<String>,
    clip: ClipMode,
    executor: Option<Result<Box<dyn Executor>, String>>,
}

impl BatchRenderer {
    pub fn new(kind: ExecutorKind, adapter: Option<&str>, clip: ClipMode) -> Self {
        BatchRenderer { kind, adapter: adapter.map(str::to_string), clip, executor: None }
    }

    fn executor(&mut self) -> Result<&mut Box<dyn Executor>, String> {
        let (kind, adapter, clip) = (self.kind, self.adapter.clone(), self.clip);
        let slot = self.executor.get_or_insert_with(|| {
            let created: Result<Box<dyn Executor>, ExecError> = match kind {
                ExecutorKind::Native => kind.create(adapter.as_deref()),
                ExecutorKind::Wgpu(backend) => {
                    TranslatedExecutor::new(backend, adapter.as_deref()).map(|e| Box::new(e.with_clip(clip)) as Box<dyn Executor>)
                }
            };
            created.map_err(|e| e.to_string())
        });
        slot.as_mut().map_err(|e| e.clone())
    }

    /// Renders `path` and writes the PNG to `out`. Compilation and translation happen before
    /// the device is opened, so a machine without adapters still compiles and translates every
    /// test.
    pub fn render(&mut self, path: &Path, name: &str, out: &Path) -> ChildReport {
        if tesserae_results::corpus::is_amber(path) {
            return self.run_amber(path, name, out);
        }
        let report = |status, message: String, driver| ChildReport { name: name.to_string(), status, message, driver };
        let test = match shader_test::load(path, name) {
            Ok(t) => t,
            Err(e) => return report(ChildStatus::Fail, e.to_string(), None),
        };
        if let Err(e) = self.check_before_device(&test) {
            return match e {
                ExecError::Skip(m) => report(ChildStatus::Skip, m, None),
                e => report(ChildStatus::Fail, e.to_string(), None),
            };
        }
        let ex = match self.executor() {
            Ok(ex) => ex,
            Err(m) => return report(ChildStatus::Unavailable, m, None),
        };
        let driver = ex.driver();
        let outputs = ex.render_outputs(&test);
        if test.test.render_alone {
            // (The device is destroyed before the report, so what the driver does at teardown
            // belongs to this test: a heap it corrupted aborts here.)
            self.executor = None;
        }
        match outputs {
            // What transform feedback captured travels beside the PNG.
            Ok(o) => {
                let written = o.image.write_png(out).map_err(|e| e.to_string()).and_then(|()| {
                    o.captures.map_or(Ok(()), |c| c.write(&captures_path(out)).map_err(|e| format!("writing the captures: {e}")))
                });
                match written {
                    Ok(()) => report(ChildStatus::Rendered, String::new(), Some(driver)),
                    Err(e) => report(ChildStatus::Fail, e, Some(driver)),
                }
            }
            Err(ExecError::Skip(m)) => report(ChildStatus::Skip, m, Some(driver)),
            Err(e) => report(ChildStatus::Fail, e.to_string(), Some(driver)),
        }
    }

    /// Runs an Amber script to its end; its EXPECTs decide the test here. The last graphics
    /// run's image is written for the report.
    fn run_amber(&mut self, path: &Path, name: &str, out: &Path) -> ChildReport {
        let report = |status, message: String, driver| ChildReport { name: name.to_string(), status, message, driver };
        let script = match tesserae_amber::load(path, name) {
            Ok(s) => s,
            Err(e) if e.kind == tesserae_amber::ErrorKind::Unsupported => return report(ChildStatus::Skip, e.to_string(), None),
            Err(e) => return report(ChildStatus::Fail, e.to_string(), None),
        };
        if self.clip == ClipMode::Emulated {
            // The emulated-clip executor is a second translation of pipelines that write clip
            // distances; an Amber script's pipelines run once, with the device's clipping.
            return report(ChildStatus::Skip, "Amber scripts run with native clip distances only".into(), None);
        }
        let ex = match self.executor() {
            Ok(ex) => ex,
            Err(m) => return report(ChildStatus::Unavailable, m, None),
        };
        let driver = ex.driver();
        let (outcome, state) = crate::amber::run(&script, ex.as_mut());
        if let Some(img) = &state.image {
            let _ = img.write_png(out);
        }
        // Amber's own negative tests (`NAME.expect_fail.amber`) pass when the script fails (an
        // EXPECT that does not hold, or work the executor refuses as invalid).
        let expect_fail = path.file_name().is_some_and(|f| f.to_string_lossy().contains(".expect_fail."));
        let outcome = match (expect_fail, outcome) {
            (true, crate::amber::Outcome::Fail(_)) => crate::amber::Outcome::Pass,
            (true, crate::amber::Outcome::Pass) => crate::amber::Outcome::Fail("an expect_fail script whose EXPECTs all held".into()),
            (_, o) => o,
        };
        match outcome {
            crate::amber::Outcome::Pass => report(ChildStatus::Passed, String::new(), Some(driver)),
            crate::amber::Outcome::Fail(m) => report(ChildStatus::Fail, m, Some(driver)),
            crate::amber::Outcome::Skip(m) => report(ChildStatus::Skip, m, Some(driver)),
        }
    }

    /// What can be decided without a device: the shaders compile; the translator takes the
    /// pipeline (as many bind groups as wgpu allows; the executor translates again for its
    /// device's limit, so once a device is open this translation is left to it); emulated
    /// clipping applies only where the last pre-rasterization stage writes clip distances.
    fn check_before_device(&self, test: &shader_test::ShaderTest) -> Result<(), ExecError> {
        match self.kind {
            ExecutorKind::Native => {
                for s in &test.shaders {
                    compile::compile_section(test, s)?;
                }
            }
            ExecutorKind::Wgpu(_) => {
                let desc = compile::pipeline(test, tesserae::Options { clip: self.clip, max_bind_groups: 8, ..Default::default() })?;
                if self.clip == ClipMode::Emulated {
                    let last = desc.geometry.as_ref().or(desc.tess_eval.as_ref()).unwrap_or(&desc.vertex);
                    let writes_clip = tesserae::reflect::load(&last.spirv, last.entry_point.as_deref())
                        .is_ok_and(|m| m.reflection.clip_distance_outputs > 0);
                    if !writes_clip {
                        return Err(ExecError::Skip("no clip distances: the plan equals the native-clip one".into()));
                    }
                }
                // Once the device is open, rendering translates the test and reports what
                // translation refuses just as this would (a second translation cost a tenth of
                // a translated row).
                if !matches!(self.executor, Some(Ok(_))) {
                    tesserae::translate(&desc)?;
                }
            }
        }
        Ok(())
    }
}

/// Serves a batch: requests from `input`, one JSON report per request on `output`.
pub fn serve(renderer: &mut BatchRenderer, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let Some(request) = Request::parse_line(&line) else {
            let r = ChildReport {
                name: String::new(),
                status: ChildStatus::Fail,
                message: format!("malformed request `{line}`"),
                driver: None,
            };
            writeln!(output, "{}", r.to_line())?;
            continue;
        };
        let r = renderer.render(&request.path, &request.name, &request.png);
        writeln!(output, "{}", r.to_line())?;
        output.flush()?;
    }
    Ok(())
}

/// Renders one test in this process (the `render` subcommand).
pub fn render(path: &Path, name: &str, kind: ExecutorKind, adapter: Option<&str>, clip: ClipMode, out: &Path) -> ChildReport {
    let mut r = BatchRenderer::new(kind, adapter, clip).render(path, name, out);
    if r.status == ChildStatus::Unavailable {
        r.status = ChildStatus::Skip;
    }
    r
}
