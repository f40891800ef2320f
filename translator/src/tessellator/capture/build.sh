#!/usr/bin/env bash
# Build the Vulkan capture tool used by `tessellator::native` (an ignored test) into DIR:
# one evaluation shader per (domain, spacing, order, point mode), and the `cap` binary.
# Needs glslangValidator (Debian: glslang-tools), the Vulkan headers and loader
# (libvulkan-dev) and a C compiler. Then, for lavapipe:
#   VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json TESS_CAPTURE_TOOL=DIR \
#     cargo test -p tesserae --lib tessellator::native -- --ignored --nocapture
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:?usage: build.sh DIR}"
mkdir -p "$out"
glslangValidator -V "$here/vs.vert" -o "$out/vs.spv" >/dev/null
glslangValidator -V "$here/tcs.tesc" -o "$out/tcs.spv" >/dev/null
for d in triangles quads isolines; do
  for s in equal_spacing fractional_odd_spacing fractional_even_spacing; do
    for w in cw ccw; do
      for p in 0 1; do
        pm=""; [ "$p" = 1 ] && pm=", point_mode"
        glslangValidator -V "$here/tes.tese" -DDOMAIN=$d -DSPACING=$s -DORDER=$w "-DPMODE=$pm" \
          -o "$out/tes_${d}_${s}_${w}_${p}.spv" >/dev/null
      done
    done
  done
done
cc -O1 -o "$out/cap" "$here/cap.c" -lvulkan
echo "built $out/cap"
