//! Parses every `.amber` file under the directories given and counts the outcomes:
//! `cargo run -p tesserae-amber --example parse -- DIR...` (malformed files are listed).
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "amber") {
            out.push(p);
        }
    }
}

fn main() {
    let mut files = Vec::new();
    for d in std::env::args().skip(1) {
        walk(Path::new(&d), &mut files);
    }
    files.sort();
    let (mut ok, mut unsupported, mut malformed) = (0, BTreeMap::<String, usize>::new(), 0);
    for f in &files {
        match tesserae_amber::load(f, "x") {
            Ok(_) => ok += 1,
            Err(e) if e.kind == tesserae_amber::ErrorKind::Unsupported => *unsupported.entry(e.message.clone()).or_default() += 1,
            Err(e) => {
                malformed += 1;
                println!("MALFORMED {e}");
            }
        }
    }
    println!("{} files: {ok} parsed, {} unsupported, {malformed} malformed", files.len(), unsupported.values().sum::<usize>());
    for (why, n) in unsupported {
        println!("  {n:5}  {why}");
    }
}
