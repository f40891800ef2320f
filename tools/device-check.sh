#!/usr/bin/env bash
# The hardware check, on a lent GPU machine, in one run (prepare with tools/device-prepare.sh;
# run through the device tool with carry [".device"]): the conformance corpus on every
# executor, the three quick tessellator sweeps and the frame benches (points, cull,
# tessellation) on the device named by ADAPTER (default NVIDIA), and any external Amber suite
# unpacked under .device/suites/NAME (docs/external-suites.md), natively and on wgpu-vulkan.
# At most 8 files come back from $OUT: adapters.json, conformance.log, results.csv,
# failures.csv, images.tgz (the failing rows' images), sweeps.log, bench.log, suites.tgz
# (each suite's rows.jsonl and results.csv). Compare with a lavapipe run here:
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
timeout ${CORPUS_TIMEOUT:-360} "$h" run --adapter "$adapter" --out "$run" 2>&1 | tee "$out/conformance.log"
status=${PIPESTATUS[0]}
cp "$run/results.csv" "$run/failures.csv" "$out/" 2>/dev/null
# The images of every row that did not pass, under 16 MB.
(cd "$run" && find . -name '*.png' | grep -Ff <(awk -F, 'NR > 1 { print $1 }' failures.csv 2>/dev/null) | head -400 | tar czf - -T -) > "$out/images.tgz" 2>/dev/null
# External suites (a compile can hang a driver: each suite has its own time limit).
if ls -d .device/suites/*/ >/dev/null 2>&1; then
    for dir in .device/suites/*/; do
        name=$(basename "$dir")
        timeout ${SUITE_TIMEOUT:-180} "$h" run --corpus "$dir" --backend vulkan --clip native \
            --adapter "$adapter" --out "target/device-suites/$name" > "target/device-suites-$name.log" 2>&1
        echo "suite $name: exit $?; $(tail -1 "target/device-suites-$name.log")"
        cp "target/device-suites-$name.log" "target/device-suites/$name/run.log" 2>/dev/null
    done
    (cd target/device-suites && find . -maxdepth 2 \( -name rows.jsonl -o -name results.csv -o -name run.log \) | tar czf - -T -) > "$out/suites.tgz"
fi
{
    timeout 60 "$h" tess-sweep --quick --adapter "$adapter"
    timeout 60 "$h" tess-sweep --quick --gpu --adapter "$adapter"
    timeout 120 "$h" tess-sweep --quick --gpu --backend gl --adapter "$adapter"
} 2>&1 | tee "$out/sweeps.log"
timeout ${BENCH_TIMEOUT:-240} "$h" bench --only points,cull,tessellation --adapter "$adapter" 2>&1 | tee "$out/bench.log"
exit "$status"
