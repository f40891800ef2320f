use tesserae::tessellator::*;
use tesserae_harness::tess_sweep::*;
fn main() {
    let mut cap = Capture::new(None).unwrap();
    let mode = Mode { domain: Domain::Triangles, spacing: Spacing::Equal, winding: Winding::Cw, point_mode: false };
    let levels: Vec<Levels> = std::env::args().skip(1).map(|a| { let v: Vec<f32> = a.split(',').map(|x| x.parse().unwrap()).collect(); ([v[0], v[1], v[2], v[3]], [v[4], v[5]]) }).collect();
    let got = cap.run(mode, &levels, (100, 100)).unwrap();
    for (k, g) in got.iter().enumerate() {
        println!("patch {k}: {} points {} prims", g.points.len(), g.primitives.len());
        if false { for p in &g.primitives { println!("  {:?}", p.iter().map(|c| c.map(f32::from_bits)).collect::<Vec<_>>()); } }
        let want = expected(&config(mode, levels[k]));
        println!(" want {} prims", want.primitives.len());
        if false { for p in &want.primitives { println!("  {:?}", p.iter().map(|c| c.map(f32::from_bits)).collect::<Vec<_>>()); } }
    }
}
