//! `cargo xtask compare-drivers --driver A.json --driver B.json [--filter GLOB]`: renders the
//! selected tests with the native executor once per Vulkan ICD manifest (through the harness's
//! `render --driver`, which sets VK_DRIVER_FILES) and lists the tests whose images differ,
//! with a page per difference: image A, image B and their difference.
//!
//! Uses `tesserae-results` (no GPU) rather than the harness library, so xtask still builds
//! when the harness does not, and builds nothing of the translator.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use tesserae_results::child::{self, ChildStatus};
use tesserae_results::corpus::{self, FilterError};
use tesserae_results::image::{self, Image};

pub struct Args {
    pub drivers: Vec<PathBuf>,
    pub filter: Option<String>,
    pub out: PathBuf,
    pub corpus: PathBuf,
}

/// The corpus's `.shader_test` files whose names match `filter`.
pub fn discover(corpus: &Path, filter: Option<&str>) -> Result<Vec<(String, PathBuf)>, FilterError> {
    let glob = filter.map(corpus::filter).transpose()?;
    let tests = corpus::discover(corpus).into_iter().filter(|(_, p)| corpus::is_shader_test(p));
    Ok(tests.filter(|(name, _)| glob.as_ref().is_none_or(|g| g.is_match(name))).collect())
}

/// One `render` child: its report, or a `crash` or `timeout` report of its own.
fn render(exe: &Path, driver: &Path, name: &str, test: &Path, png: &Path) -> (String, String, String) {
    child::clear_output(png);
    let mut cmd = Command::new(exe);
    cmd.args(["render", "--executor", "native", "--name", name]).arg("--test").arg(test).arg("--out").arg(png);
    cmd.arg("--driver").arg(driver);
    match child::run_once(&mut cmd, Duration::from_secs(120)) {
        Ok(r) => (r.status.name().to_string(), r.message.clone(), r.device().to_string()),
        Err(e) => (e.status().to_string(), e.to_string(), String::new()),
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Returns 0 when nothing differs, 1 when something does, 125 when nothing rendered.
pub fn compare_drivers(exe: &Path, args: &Args) -> Result<u8, String> {
    let [a, b] = &args.drivers[..] else { return Err("give exactly two --driver manifests".into()) };
    let tests = discover(&args.corpus, args.filter.as_deref()).map_err(|e| e.to_string())?;
    if tests.is_empty() {
        return Err("no test matches the filter".into());
    }
    std::fs::create_dir_all(&args.out).map_err(|e| e.to_string())?;
    let style =
        "<style>body{font-family:sans-serif} img{width:256px;image-rendering:pixelated;border:1px solid #888} td{padding:4px}</style>";
    let mut index = format!(
        "<!doctype html><meta charset=utf-8><title>driver comparison</title>{style}<h1>A: {} vs B: {}</h1><ul>",
        esc(&a.display().to_string()),
        esc(&b.display().to_string())
    );
    let (mut differing, mut rendered) = (0, 0);
    for (name, path) in &tests {
        let dir = args.out.join(name);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let (pa, pb) = (dir.join("a.png"), dir.join("b.png"));
        let ra = render(exe, a, name, path, &pa);
        let rb = render(exe, b, name, path, &pb);
        let is_rendered = |r: &(String, String, String)| r.0 == ChildStatus::Rendered.name();
        let images = is_rendered(&ra).then(|| Image::read_png(&pa)).zip(is_rendered(&rb).then(|| Image::read_png(&pb)));
        rendered += is_rendered(&ra) as usize + is_rendered(&rb) as usize;
        let verdict = match images {
            Some((Ok(ia), Ok(ib))) if (ia.width, ia.height) != (ib.width, ib.height) => {
                Some(format!("sizes differ: {}x{} vs {}x{}", ia.width, ia.height, ib.width, ib.height))
            }
            Some((Ok(ia), Ok(ib))) => match image::compare(&ia, &ib, &image::Tolerance::EXACT) {
                c if c.exact => None,
                c => {
                    image::difference(&ia, &ib).write_png(&dir.join("diff.png")).map_err(|e| e.to_string())?;
                    Some(format!("{} of {} pixels differ", c.differing_pixels, c.total_pixels))
                }
            },
            Some((x, y)) => Some(format!("unreadable image: {}", x.err().or(y.err()).map(|e| e.to_string()).unwrap_or_default())),
            None if ra.0 == rb.0 => None,
            None => Some(format!("A: {} {}; B: {} {}", ra.0, ra.1, rb.0, rb.1)),
        };
        let Some(v) = verdict else {
            println!("same    {name} ({})", ra.0);
            continue;
        };
        differing += 1;
        println!("DIFFERS {name}: {v}");
        let img = |f: &str, label: &str| format!("<td>{label}<br><img src={f} alt=\"none\"></td>");
        let page = format!(
            "<!doctype html><meta charset=utf-8><title>{n}</title>{style}<h1>{n}</h1><p>{}</p><table><tr>{}{}{}</tr></table><p>A: {} ({}; {} {})<br>B: {} ({}; {} {})</p>",
            esc(&v),
            img("a.png", "A"),
            img("b.png", "B"),
            img("diff.png", "difference"),
            esc(&a.display().to_string()), esc(&ra.2), ra.0, esc(&ra.1),
            esc(&b.display().to_string()), esc(&rb.2), rb.0, esc(&rb.1),
            n = esc(name)
        );
        std::fs::write(dir.join("index.html"), page).map_err(|e| e.to_string())?;
        index += &format!("<li><a href=\"{n}/index.html\">{n}</a>: {}</li>", esc(&v), n = esc(name));
    }
    index += &format!("</ul><p>{differing} of {} tests differ</p>", tests.len());
    std::fs::write(args.out.join("index.html"), index).map_err(|e| e.to_string())?;
    println!("{differing} of {} tests differ; pages in {}/index.html", tests.len(), args.out.display());
    Ok(if rendered == 0 {
        125
    } else if differing > 0 {
        1
    } else {
        0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two manifests naming the same driver (lavapipe) differ in nothing. Needs a built harness
    /// next to this test binary and lavapipe; skipped, saying why, otherwise.
    #[test]
    fn the_same_driver_twice_differs_in_nothing() {
        const LAVAPIPE: &str = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";
        let exe = std::env::current_exe().ok().and_then(|e| Some(e.parent()?.parent()?.join("tesserae-harness")));
        let Some(built) = exe.filter(|e| e.is_file()) else {
            eprintln!("SKIPPED: no tesserae-harness binary (cargo build -p tesserae-harness)");
            return;
        };
        if !Path::new(LAVAPIPE).is_file() {
            eprintln!("SKIPPED: no lavapipe manifest at {LAVAPIPE}");
            return;
        }
        let tmp = std::env::temp_dir().join(format!("xtask-compare-drivers-{}", std::process::id()));
        std::fs::create_dir_all(&tmp).unwrap();
        let (harness, a, b) = (tmp.join("harness"), tmp.join("a.json"), tmp.join("b.json"));
        std::fs::copy(built, &harness).unwrap();
        std::fs::copy(LAVAPIPE, &a).unwrap();
        std::fs::copy(LAVAPIPE, &b).unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let args = Args {
            drivers: vec![a, b],
            filter: Some("basic/{clear-only,fragcoord}".into()),
            out: tmp.join("out"),
            corpus: root.join("corpus"),
        };
        assert_eq!(compare_drivers(&harness, &args), Ok(0));
        assert!(tmp.join("out/index.html").is_file());
        let _ = std::fs::remove_dir_all(tmp);
    }

    #[test]
    fn discovers_the_corpus_with_a_glob() {
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
        let t = discover(&corpus, Some("basic/clear-only")).unwrap();
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].0, "basic/clear-only");
        assert!(discover(&corpus, None).unwrap().iter().all(|(n, _)| !n.starts_with("expectations")));
    }
}
