//! The runner end to end on a scratch corpus: a broken file and a missing reference each cost
//! only their own rows, with messages that say what to do.

mod common;

use std::process::Command;

#[test]
fn broken_file_and_missing_reference() {
    let dir = std::env::temp_dir().join(format!("tesserae-runner-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("corpus/a")).unwrap();
    std::fs::write(
        dir.join("corpus/a/broken.shader_test"),
        "[vertex shader]\n#version 450\nvoid main(){}\n[test]\ndraw triangle-list vertices x\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("corpus/a/good.shader_test"),
        "[vertex shader]\n#version 450\nvoid main(){ gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n[fragment shader]\n#version 450\nlayout(location=0) out vec4 o;\nvoid main(){ o = vec4(1.0); }\n[test]\ndraw point-list vertices 1\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tesserae-harness"))
        .args(["run", "--backend", "vulkan", "--corpus"])
        .arg(dir.join("corpus"))
        .arg("--references")
        .arg(dir.join("refs"))
        .arg("--out")
        .arg(dir.join("out"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let csv = std::fs::read_to_string(dir.join("out/results.csv")).unwrap();
    assert!(csv.starts_with("test,executor,status,duration_ms\n"), "{csv}");
    // The broken file fails on every executor with its file and line; the run goes on.
    assert!(csv.contains("a/broken,native,Fail"), "{csv}");
    assert!(csv.contains("a/broken,wgpu-vulkan,Fail"), "{csv}");
    assert!(stderr.contains("broken.shader_test:5: bad number `x`"), "{stderr}");
    assert!(csv.contains("a/good,native,"), "{csv}");
    if csv.contains("a/good,native,Fail") {
        assert!(stderr.contains("cargo xtask bless --filter a/good"), "{stderr}");
    } else {
        // No Vulkan driver on this machine: rendering is skipped, not failed.
        assert!(csv.contains("a/good,native,Skip"), "{csv}");
        common::no_device("no Vulkan driver: the native executor skipped a/good");
    }
    assert_eq!(out.status.code(), Some(1), "a failing test fails the run");
    for f in ["failures.csv", "junit.xml", "index.html"] {
        assert!(dir.join("out").join(f).exists(), "{f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
