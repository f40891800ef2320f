#!/bin/bash -eu
# OSS-Fuzz build script, Rust conventions
# (https://google.github.io/oss-fuzz/getting-started/new-project-guide/rust-lang/):
# build every cargo-fuzz target with `cargo fuzz build -O`, copy each to $OUT with its seed
# corpus as <target>_seed_corpus.zip and its dictionary as <target>.dict.
#
# Runs in OSS-Fuzz's base-builder-rust image, or locally without Docker through
# `cargo xtask oss-fuzz-build` (which sets SRC and OUT; PROJECT may point at the checkout).

PROJECT="${PROJECT:-$SRC/tesserae}"
cd "$PROJECT"

# The fuzz crate is a workspace member: cargo-fuzz builds into the workspace's target dir.
# RUSTC_BOOTSTRAP lets a stable toolchain take cargo-fuzz's -Z flags (OSS-Fuzz uses nightly).
export RUSTC_BOOTSTRAP=1
# One target at a time: `cargo fuzz build` with no target also links the `differential` bin,
# which is no fuzz target (it has no libFuzzer to supply the coverage symbols).
for src in fuzz/fuzz_targets/*.rs; do
  cargo fuzz build -O "$(basename "$src" .rs)"
done

TARGET_DIR="${CARGO_TARGET_DIR:-$PROJECT/target}"
RELEASE="$TARGET_DIR/x86_64-unknown-linux-gnu/release"

zip_dir() { # zip_dir OUTPUT.zip DIR: the files of DIR, flat
  if command -v zip >/dev/null; then
    (cd "$2" && zip -q -j "$1" ./*)
  else
    python3 - "$1" "$2" <<'PY'
import os, sys, zipfile
out, d = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for f in sorted(os.listdir(d)):
        p = os.path.join(d, f)
        if os.path.isfile(p):
            z.write(p, f)
PY
  fi
}

for src in fuzz/fuzz_targets/*.rs; do
  target=$(basename "$src" .rs)
  cp "$RELEASE/$target" "$OUT/$target"
  if [ -d "fuzz/corpus/$target" ]; then
    rm -f "$OUT/${target}_seed_corpus.zip"
    zip_dir "$OUT/${target}_seed_corpus.zip" "$PROJECT/fuzz/corpus/$target"
  fi
done

# Dictionaries: raw SPIR-V words for the translator's raw input, the format's words for the
# .shader_test parser. (The structured targets read generator bytes, not text or words.)
cp fuzz/spirv.dict "$OUT/spirv_words.dict"
cp fuzz/shader_test.dict "$OUT/shader_test.dict"
