//! `bless`: render references with the native executor, in child processes like a run.

use crate::Selection;
use std::process::ExitCode;
use tesserae::ClipMode;
use tesserae_harness::executor::ExecutorKind;
use tesserae_harness::runner::{self, ExecutorConfig, Status};

pub fn bless(sel: &Selection) -> Result<ExitCode, String> {
    let tmp = std::env::temp_dir().join(format!("tesserae-bless-{}", std::process::id()));
    let opts = crate::run_options(sel, tmp.clone(), vec![ExecutorConfig { kind: ExecutorKind::Native, clip: ClipMode::Native }], 120)?;
    let mut failed = 0;
    for (name, path) in runner::select(&opts) {
        let png = tmp.join(format!("{}.png", name.replace('/', "__")));
        let _ = std::fs::create_dir_all(&tmp);
        let r = runner::render_in_child(&opts, &name, &path, &opts.executors[0], &png);
        match (r.status, r.image, r.driver) {
            (Status::Pass, Some(img), Some(driver)) => {
                let dest = runner::reference_path(&sel.references, &name);
                img.write_png(&dest).map_err(|e| e.to_string())?;
                let json = serde_json::to_string_pretty(&driver).map_err(|e| e.to_string())?;
                std::fs::write(dest.with_extension("json"), json + "\n").map_err(|e| e.to_string())?;
                println!("blessed {name} ({} {})", driver.device, driver.driver_version);
            }
            (status, _, _) => {
                failed += 1;
                eprintln!("{name}: not blessed ({}): {}", status.name(), r.message);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
