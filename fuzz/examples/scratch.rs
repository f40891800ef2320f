use arbitrary::Unstructured;
use tesserae_fuzz::gen::{Features, PipelineSpec};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() > 4 { dump(args[1].parse().unwrap(), args[4].parse().unwrap(), &Features::ALL); return; }
    let seed: u64 = args[1].parse().unwrap();
    let n: u64 = args[2].parse().unwrap();
    let feats = if args.get(3).map(|s| s.as_str()) == Some("all") { Features::ALL } else { Features::SUPPORTED };
    std::panic::set_hook(Box::new(|_| {}));
    let mut counts = std::collections::BTreeMap::new();
    for i in 0..n {
        let data = tesserae_fuzz::differential::input(seed, i);
        let Ok(s) = PipelineSpec::generate(&mut Unstructured::new(&data), &feats) else { continue };
        let r = std::panic::catch_unwind(|| tesserae_fuzz::oracle::pipeline(&s));
        if let Err(e) = r {
            let msg = e.downcast_ref::<String>().cloned().unwrap_or_default();
            let first: String = msg.lines().filter(|l| !l.contains("│") && !l.contains("┌")).take(3).collect::<Vec<_>>().join(" | ");
            let key: String = first.chars().take(200).collect();
            let c = counts.entry(key).or_insert((0, i));
            c.0 += 1;
        }
    }
    for (k, (c, i)) in counts { println!("{c:4} (first {i}): {k}"); }
}
#[allow(dead_code)]
pub fn dump(seed: u64, i: u64, feats: &Features) {
    let data = tesserae_fuzz::differential::input(seed, i);
    let s = PipelineSpec::generate(&mut Unstructured::new(&data), feats).unwrap();
    println!("style {:?} clip {} cull {} ps {} topo {:?}", s.style, s.clip, s.cull, s.point_size, s.topology);
    for v in &s.varyings { println!("{v:?}"); }
    match tesserae::translate(&s.desc()) {
        Ok(p) => { let tesserae::Pass::Render(rp) = &p.passes[0]; println!("clip_distances {}\n{}", rp.clip_distances, rp.vertex.wgsl); }
        Err(e) => println!("{e}"),
    }
}
