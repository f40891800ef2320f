//! `bless`: render references with the native executor, in batch children like a run. An
//! image that fails the test's own probes is not blessed: a reference must agree with the
//! spec's answer, so a driver bug never becomes the expected image.

use crate::Selection;
use std::process::ExitCode;
use tesserae::ClipMode;
use tesserae_harness::executor::ExecutorKind;
use tesserae_harness::oracle;
use tesserae_harness::runner::{self, batch, ExecutorConfig, Status};
use tesserae_harness::shader_test;

pub fn bless(sel: &Selection) -> Result<ExitCode, String> {
    let tmp = std::env::temp_dir().join(format!("tesserae-bless-{}", std::process::id()));
    let native = ExecutorConfig { kind: ExecutorKind::Native, clip: ClipMode::Native };
    let opts = crate::run_options(sel, tmp.clone(), vec![native.clone()], 120)?;
    // Amber scripts have no reference images: their EXPECTs are the oracle.
    let tests: Vec<_> = runner::select(&opts).into_iter().filter(|(_, p)| !runner::is_amber(p)).collect();
    let requests: Vec<tesserae_results::child::Request> = tests
        .iter()
        .map(|(name, path)| tesserae_results::child::Request {
            name: name.clone(),
            path: path.clone(),
            png: tmp.join(format!("{}.png", name.replace('/', "__"))),
        })
        .collect();
    let cmd = batch::ChildCommand { exe: opts.child_exe.clone(), adapter: opts.adapter.clone(), timeout: opts.timeout };
    let renderings = batch::render_batch(&cmd, &native, &requests);
    let mut failed = 0;
    for ((name, path), r) in tests.iter().zip(renderings) {
        let probes = match (&r.image, shader_test::load(path, name)) {
            (Some(img), Ok(test)) => oracle::check_probes(&test, "native", img),
            (_, Err(e)) => Err(e.to_string()),
            (None, _) => Ok(()),
        };
        match (r.status, r.image, r.driver, probes) {
            (Status::Pass, Some(img), Some(driver), Ok(())) => {
                let dest = runner::reference_path(&sel.references, name);
                img.write_png(&dest).map_err(|e| e.to_string())?;
                let json = serde_json::to_string_pretty(&driver).map_err(|e| e.to_string())?;
                std::fs::write(dest.with_extension("json"), json + "\n").map_err(|e| e.to_string())?;
                println!("blessed {name} ({} {})", driver.device, driver.driver_version);
            }
            (_, _, _, Err(m)) => {
                failed += 1;
                eprintln!("{name}: not blessed: the driver's image fails the test's probes ({m})");
            }
            (status, _, _, _) => {
                failed += 1;
                eprintln!("{name}: not blessed ({}): {}", status.name(), r.message);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
