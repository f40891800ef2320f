//! The fuzz targets' panic hook, and `TESSERAE_FUZZ_STRICT=1`, which turns it off.

/// Whether the allowances are off.
pub fn strict() -> bool {
    std::env::var_os("TESSERAE_FUZZ_STRICT").is_some_and(|v| v != "0")
}

/// Distinct naga panic sites seen so far (`naga file:line: message`), each printed once.
static NAGA_PANIC_SITES: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// The translator runs naga's SPIR-V reader under `catch_unwind` and turns its panics into
/// `TranslateError::NagaFrontend` (translator/src/output/wgsl.rs). libFuzzer's panic hook aborts on
/// every panic, caught or not, so the fuzz targets install this hook: a panic located in naga's
/// source unwinds quietly (each site is printed once), so the translator can catch it; any
/// other panic goes to the previous hook (libFuzzer's: a crash). A naga panic the translator
/// does not catch still reaches libFuzzer's `catch_unwind` and is reported.
pub fn let_naga_panics_unwind() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let in_naga = info.location().is_some_and(|l| l.file().contains("/naga-") || l.file().contains("\\naga-"));
            if in_naga && !strict() {
                let loc = info
                    .location()
                    .map(|l| format!("{}:{}", l.file().rsplit("/src/").next().unwrap_or(l.file()), l.line()))
                    .unwrap_or_default();
                let msg = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                if let Ok(mut v) = NAGA_PANIC_SITES.lock() {
                    if !v.iter().any(|s| s.starts_with(&format!("naga {loc}:"))) {
                        eprintln!("naga panicked at {loc}: {msg} (the translator turns it into an error; reported once per site)");
                        v.push(format!("naga {loc}: {msg}"));
                    }
                }
                return;
            }
            prev(info)
        }));
    });
}
