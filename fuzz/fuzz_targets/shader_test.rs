//! cargo-fuzz target `shader_test`: see `tesserae_fuzz::targets::shader_test`.
#![cfg_attr(fuzzing, no_main)]

#[cfg(fuzzing)]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tesserae_fuzz::targets::shader_test(data));

/// Without libFuzzer (a plain `cargo build`), run the target once on each file given.
#[cfg(not(fuzzing))]
fn main() {
    for path in std::env::args().skip(1) {
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        tesserae_fuzz::targets::shader_test(&data);
        println!("{path}: ok");
    }
}
