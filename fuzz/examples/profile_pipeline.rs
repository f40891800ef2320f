//! Times the phases of the `pipeline` target on seeded inputs (generation, SPIR-V emission,
//! translation, the oracle's checks): `cargo run --release -p tesserae-fuzz --example profile_pipeline [N]`.

use arbitrary::Unstructured;
use std::time::{Duration, Instant};
use tesserae_fuzz::gen::PipelineSpec;
use tesserae_fuzz::rng::XorShift;
use tesserae_fuzz::{oracle, targets};

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let mut rng = XorShift::new(1);
    let inputs: Vec<Vec<u8>> = (0..n)
        .map(|_| {
            let len = rng.below(2049) as usize;
            rng.bytes(len)
        })
        .collect();
    let (mut gen, mut emit, mut translate, mut check, mut whole) =
        (Duration::ZERO, Duration::ZERO, Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let mut translated = 0;
    for data in &inputs {
        let Some((&first, rest)) = data.split_first() else { continue };
        let t = Instant::now();
        let Ok(spec) = PipelineSpec::generate(&mut Unstructured::new(rest), &targets::pipeline_features(first)) else { continue };
        gen += t.elapsed();
        let t = Instant::now();
        let desc = spec.desc();
        emit += t.elapsed();
        let t = Instant::now();
        let r = tesserae::translate(&desc);
        translate += t.elapsed();
        if let Ok(plan) = &r {
            translated += 1;
            let t = Instant::now();
            oracle::check_plan(plan);
            check += t.elapsed();
        }
        let t = Instant::now();
        targets::pipeline(data);
        whole += t.elapsed();
    }
    println!("{n} inputs, {translated} translated");
    for (what, d) in [("generate", gen), ("emit SPIR-V", emit), ("translate", translate), ("check_plan", check), ("whole target", whole)] {
        println!("{what:>14}: {:8.3} ms/input", d.as_secs_f64() * 1e3 / n as f64);
    }
    println!("target exec/s: {:.1}", n as f64 / whole.as_secs_f64());
}
