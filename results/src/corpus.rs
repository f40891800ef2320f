//! Tests under a corpus directory, by name (`area/name`).

use std::path::{Path, PathBuf};

/// Extensions of the test files the runner reads.
pub const TEST_EXTENSIONS: &[&str] = &["shader_test", "amber", "vkscript"];

/// AmberScript or VkScript, which `tesserae_amber` reads.
pub fn is_amber(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "amber" || x == "vkscript")
}

/// A `.shader_test` file.
pub fn is_shader_test(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "shader_test")
}

/// Tests under `corpus` (`.shader_test`, Amber's `.amber` and `.vkscript` files), as (`area/name`,
/// path), sorted; `expectations/` is not a test area. Unreadable directories hold no tests.
pub fn discover(corpus: &Path) -> Vec<(String, PathBuf)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(root, &p, out);
            } else if p.extension().is_some_and(|x| TEST_EXTENSIONS.iter().any(|t| x == *t)) {
                if let Ok(rel) = p.strip_prefix(root) {
                    // `x.vkscript` keeps its extension: Amber's tests have `x.amber` beside it.
                    let rel = if p.extension().is_some_and(|x| x == "vkscript") { rel.to_path_buf() } else { rel.with_extension("") };
                    let name = rel.to_string_lossy().replace('\\', "/");
                    out.push((name, p.clone()));
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(corpus, corpus, &mut out);
    out.sort();
    out
}

#[derive(Debug, thiserror::Error)]
#[error("--filter: {0}")]
pub struct FilterError(#[from] globset::Error);

/// A `--filter` glob over test names.
pub fn filter(pattern: &str) -> Result<globset::GlobMatcher, FilterError> {
    Ok(globset::Glob::new(pattern)?.compile_matcher())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discovers_the_corpus_with_a_glob() {
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
        let all = discover(&corpus);
        assert!(all.iter().any(|(n, p)| n == "basic/clear-only" && is_shader_test(p)));
        assert!(all.iter().any(|(_, p)| is_amber(p)));
        assert!(all.iter().all(|(n, _)| !n.starts_with("expectations")));
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        let g = filter("basic/{clear-only,fragcoord}").unwrap();
        assert_eq!(all.iter().filter(|(n, _)| g.is_match(n)).count(), 2);
        assert!(filter("basic/[").unwrap_err().to_string().starts_with("--filter: "));
        assert!(discover(&corpus.join("no-such-area")).is_empty());
    }
}
