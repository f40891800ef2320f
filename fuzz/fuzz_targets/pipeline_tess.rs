//! cargo-fuzz target `pipeline_tess`: see `tesserae_fuzz::targets::pipeline_tess`.
#![cfg_attr(fuzzing, no_main)]

#[cfg(fuzzing)]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tesserae_fuzz::targets::pipeline_tess(data));

/// Without libFuzzer (a plain `cargo build`), run the target once on each file given.
#[cfg(not(fuzzing))]
fn main() {
    for path in std::env::args().skip(1) {
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        tesserae_fuzz::targets::pipeline_tess(&data);
        println!("{path}: ok");
    }
}
