//! cargo-fuzz target `tessellator`: see `tesserae_fuzz::targets::tessellator`.
#![cfg_attr(fuzzing, no_main)]

#[cfg(fuzzing)]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tesserae_fuzz::targets::tessellator(data));

/// Without libFuzzer (a plain `cargo build`), run the target once on each file given.
#[cfg(not(fuzzing))]
fn main() {
    for path in std::env::args().skip(1) {
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        tesserae_fuzz::targets::tessellator(&data);
        println!("{path}: ok");
    }
}
