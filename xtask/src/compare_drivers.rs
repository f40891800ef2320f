//! `cargo xtask compare-drivers --driver A.json --driver B.json [--filter GLOB]`: renders the
//! selected tests with the native executor once per Vulkan ICD manifest (through the harness's
//! `render --driver`, which sets VK_DRIVER_FILES) and lists the tests whose images differ,
//! with a page per difference: image A, image B and their difference.
//!
//! Reads the PNGs with the `png` crate rather than depending on the harness library, so
//! xtask still builds when the harness does not.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub struct Args {
    pub drivers: Vec<PathBuf>,
    pub filter: Option<String>,
    pub out: PathBuf,
    pub corpus: PathBuf,
}

/// Corpus tests as (`area/name`, path), sorted; `expectations/` holds no tests.
pub fn discover(corpus: &Path, filter: Option<&str>) -> Result<Vec<(String, PathBuf)>, String> {
    let glob = match filter {
        Some(f) => Some(globset::Glob::new(f).map_err(|e| format!("--filter: {e}"))?.compile_matcher()),
        None => None,
    };
    let mut stack = vec![corpus.to_path_buf()];
    let mut out = Vec::new();
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "shader_test") {
                let rel = p.strip_prefix(corpus).unwrap_or(&p).with_extension("");
                let name = rel.to_string_lossy().replace('\\', "/");
                if glob.as_ref().is_none_or(|g| g.is_match(&name)) {
                    out.push((name, p));
                }
            }
        }
    }
    out.sort();
    Ok(out)
}

#[derive(Debug, Clone, PartialEq)]
pub struct Rgba {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

pub fn read_png(path: &Path) -> Result<Rgba, String> {
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(|e| err(&e))?;
    let mut reader = png::Decoder::new(std::io::BufReader::new(file)).read_info().map_err(|e| err(&e))?;
    let info = reader.info();
    if info.color_type != png::ColorType::Rgba || info.bit_depth != png::BitDepth::Eight {
        return Err(err(&"not an 8-bit RGBA PNG"));
    }
    let (width, height) = (info.width, info.height);
    let mut data = vec![0; (width * height * 4) as usize];
    reader.next_frame(&mut data).map_err(|e| err(&e))?;
    Ok(Rgba { width, height, data })
}

pub fn write_png(path: &Path, img: &Rgba) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let file = std::fs::File::create(path).map_err(|e| err(&e))?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), img.width, img.height);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header().map_err(|e| err(&e))?;
    w.write_image_data(&img.data).map_err(|e| err(&e))?;
    w.finish().map_err(|e| err(&e))
}

/// Differing pixels (any channel), and a picture of them in the harness's style: black where
/// equal, red (at least half intensity) elsewhere. `None` if the sizes differ.
pub fn difference(a: &Rgba, b: &Rgba) -> Option<(u64, Rgba)> {
    if (a.width, a.height) != (b.width, b.height) {
        return None;
    }
    let mut n = 0;
    let mut data = Vec::with_capacity(a.data.len());
    for (p, q) in a.data.chunks_exact(4).zip(b.data.chunks_exact(4)) {
        let d = p.iter().zip(q).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
        n += (d > 0) as u64;
        data.extend([if d == 0 { 0 } else { 128u8.saturating_add(d / 2) }, 0, 0, 255]);
    }
    Some((n, Rgba { width: a.width, height: a.height, data }))
}

/// One `render` child: ("rendered" | "skip" | "fail" | "crash", message, device name).
fn render(exe: &Path, driver: &Path, name: &str, test: &Path, png: &Path) -> (String, String, String) {
    let _ = std::fs::remove_file(png);
    let mut cmd = Command::new(exe);
    cmd.args(["render", "--executor", "native", "--name", name]).arg("--test").arg(test).arg("--out").arg(png);
    cmd.arg("--driver").arg(driver).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null());
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return ("crash".into(), format!("cannot start {}: {e}", exe.display()), String::new()),
    };
    let start = Instant::now();
    while matches!(child.try_wait(), Ok(None)) && start.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(10));
    }
    if matches!(child.try_wait(), Ok(None)) {
        let _ = child.kill();
        let _ = child.wait();
        return ("crash".into(), "timed out after 120 s".into(), String::new());
    }
    let out = child.wait_with_output().map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
    let Some(v) = out.lines().rev().find_map(|l| serde_json::from_str::<serde_json::Value>(l).ok()) else {
        return ("crash".into(), "no report from the child".into(), String::new());
    };
    let s = |v: &serde_json::Value| v.as_str().unwrap_or("").to_string();
    (s(&v["status"]), s(&v["message"]), s(&v["driver"]["device"]))
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Returns 0 when nothing differs, 1 when something does, 125 when nothing rendered.
pub fn compare_drivers(exe: &Path, args: &Args) -> Result<u8, String> {
    let [a, b] = &args.drivers[..] else { return Err("give exactly two --driver manifests".into()) };
    let tests = discover(&args.corpus, args.filter.as_deref())?;
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
        let images = (ra.0 == "rendered").then(|| read_png(&pa)).zip((rb.0 == "rendered").then(|| read_png(&pb)));
        rendered += (ra.0 == "rendered") as usize + (rb.0 == "rendered") as usize;
        let verdict = match images {
            Some((Ok(ia), Ok(ib))) => match difference(&ia, &ib) {
                Some((0, _)) => None,
                Some((n, d)) => {
                    write_png(&dir.join("diff.png"), &d)?;
                    Some(format!("{n} of {} pixels differ", ia.width * ia.height))
                }
                None => Some(format!("sizes differ: {}x{} vs {}x{}", ia.width, ia.height, ib.width, ib.height)),
            },
            Some((x, y)) => Some(format!("unreadable image: {}", x.err().or(y.err()).unwrap_or_default())),
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

    #[test]
    fn difference_counts_pixels() {
        let a = Rgba { width: 2, height: 1, data: vec![0, 0, 0, 255, 10, 10, 10, 255] };
        let mut b = a.clone();
        assert_eq!(difference(&a, &b).unwrap().0, 0);
        b.data[4] = 12;
        let (n, d) = difference(&a, &b).unwrap();
        assert_eq!((n, &d.data[..]), (1, &[0, 0, 0, 255, 129, 0, 0, 255][..]));
        assert!(difference(&a, &Rgba { width: 1, height: 1, data: vec![0; 4] }).is_none());
    }

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
