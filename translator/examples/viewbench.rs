fn main() {
    let dir = std::env::args().nth(1).unwrap();
    let mode = std::env::args().nth(2).unwrap_or_default();
    let mut mods = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let b = std::fs::read(e.unwrap().path()).unwrap();
        let w: Vec<u32> = b.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        if tesserae::spirv_view::ModuleView::read(&w[..]).is_some_and(|(_, o)| o) {
            mods.push(w);
        }
        if mods.len() >= 60 {
            break;
        }
    }
    for _ in 0..std::env::var("N").ok().and_then(|n| n.parse().ok()).unwrap_or(500) {
        for m in &mods {
            match mode.as_str() {
                "view" => {
                    std::hint::black_box(tesserae::spirv_view::ModuleView::read(&m[..]));
                }
                "checks" => {
                    let (v, _) = tesserae::spirv_view::ModuleView::read(&m[..]).unwrap();
                    std::hint::black_box(tesserae::module_checks::check(&v, 0, tesserae::desc::Stage::Fragment).ok());
                }
                "rspirv" => {
                    std::hint::black_box(tesserae::spirv_reader::read(m));
                }
                _ => {}
            }
        }
    }
}
