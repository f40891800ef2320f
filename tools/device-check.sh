#!/usr/bin/env bash
# The hardware check, on a lent GPU machine, in one run (prepare with tools/device-prepare.sh;
# run through the device tool with carry [".device"]): the conformance corpus on every
# executor, the three quick tessellator sweeps and the frame benches (points, cull,
# tessellation) on the device named by ADAPTER (default NVIDIA). At most 8 files come back
# from $OUT: adapters.json, conformance.log, results.csv, failures.csv, images.tgz (the
# failing rows' images), sweeps.log, bench.log. Compare with a lavapipe run here:
#   cargo xtask compare-runs target/conformance <folder holding the returned results.csv>
# Exit status: the conformance run's (0 as expected, 1 regressions, 125 nothing rendered).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-target/device-check}
adapter=${ADAPTER:-NVIDIA}
mkdir -p "$out"
h=$PWD/.device/tesserae-harness
[ -x "$h" ] || { echo "device-check: no $h (run tools/device-prepare.sh first)"; exit 125; }
if ! ldconfig -p | grep -q 'libvulkan.so.1'; then
    for f in .device/debs/*.deb; do dpkg -x "$f" /; done
    ldconfig
fi
ldconfig -p | grep -q 'libstdc++.so.6' || export LD_LIBRARY_PATH=$PWD/.device/lib
nv=/usr/local/nvidia/share
if [ -z "${VK_DRIVER_FILES:-}" ] && [ -f $nv/vulkan/icd.d/nvidia_icd.json ] && ! ls /usr/share/vulkan/icd.d/nvidia* /etc/vulkan/icd.d/nvidia* >/dev/null 2>&1; then
    export VK_DRIVER_FILES=$nv/vulkan/icd.d/nvidia_icd.json
    export __EGL_VENDOR_LIBRARY_FILENAMES=$nv/glvnd/egl_vendor.d/10_nvidia.json
fi
"$h" adapters > "$out/adapters.json" 2>&1
cat "$out/adapters.json"
run=target/device-run
timeout 360 "$h" run --adapter "$adapter" --out "$run" 2>&1 | tee "$out/conformance.log"
status=${PIPESTATUS[0]}
cp "$run/results.csv" "$run/failures.csv" "$out/" 2>/dev/null
# The images of every row that did not pass, under 16 MB.
(cd "$run" && find . -name '*.png' | grep -Ff <(awk -F, 'NR > 1 { print $1 }' failures.csv 2>/dev/null) | head -400 | tar czf - -T -) > "$out/images.tgz" 2>/dev/null
{
    timeout 60 "$h" tess-sweep --quick --adapter "$adapter"
    timeout 60 "$h" tess-sweep --quick --gpu --adapter "$adapter"
    timeout 120 "$h" tess-sweep --quick --gpu --backend gl --adapter "$adapter"
} 2>&1 | tee "$out/sweeps.log"
timeout 240 "$h" bench --only points,cull,tessellation --adapter "$adapter" 2>&1 | tee "$out/bench.log"
exit "$status"
