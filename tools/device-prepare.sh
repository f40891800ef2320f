#!/usr/bin/env bash
# Prepares `.device/` (ignored) for tools/device-check.sh on a lent GPU machine, which has no
# network and no Rust toolchain: a stripped release harness, the Vulkan/EGL loaders as .debs
# (that machine has the NVIDIA driver but maybe not the loaders) and this machine's C++
# runtime (used there only when it has none). About 20 MB; the working tree travels too.
# Then, through the device tool: run `bash tools/device-check.sh` with carry [".device"].
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p tesserae-harness
rm -rf .device
mkdir -p .device/debs .device/lib
strip -o .device/tesserae-harness target/release/tesserae-harness
grep -qx '/.device/' .git/info/exclude 2>/dev/null || echo /.device/ >> .git/info/exclude
lists=${TMPDIR:-/tmp}/tesserae-apt-amd64
mkdir -p "$lists/partial"
apt=(apt-get -oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists="$lists")
"${apt[@]}" update -qq
(cd .device/debs && "${apt[@]}" download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
for lib in libstdc++.so.6 libgcc_s.so.1; do
    cp -L "$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64/ { print $NF; exit }')" .device/lib/
done
du -sh .device
