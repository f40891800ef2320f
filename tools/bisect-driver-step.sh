#!/bin/sh
# One step of bisecting a Vulkan driver with Tesserae's corpus; see docs/bisect-a-driver.md.
# Run through `git bisect run` in the driver's source tree:
#
#   DRIVER_BUILD='ninja -C build' DRIVER_MANIFEST=build/src/intel/vulkan/intel_devenv_icd.x86_64.json \
#   TESSERAE=~/tesserae TESSERAE_HARNESS=/tmp/tesserae-harness TESSERAE_FILTER='basic/*' \
#   git bisect run ~/tesserae/tools/bisect-driver-step.sh
#
# Builds the driver with $DRIVER_BUILD, then runs the selected tests with an already built
# harness ($TESSERAE_HARNESS; Tesserae is not rebuilt) with VK_DRIVER_FILES set to the built
# manifest. Exit 0 good, 1 bad, 125 skip (the build failed, no manifest, the driver does not
# load so nothing rendered, or the harness could not run).
#
# Optional: TESSERAE_REFERENCES (reference images, e.g. blessed with a known good build of
# the driver; default $TESSERAE/reference_images), TESSERAE_EXPECTATIONS (known failures),
# TESSERAE_BACKEND (default vulkan), TESSERAE_OUT (results directory; default a new temporary one).

skip() { echo "bisect-driver-step: $*: skip" >&2; exit 125; }

: "${DRIVER_BUILD:?set DRIVER_BUILD to the command that builds the driver}"
: "${DRIVER_MANIFEST:?set DRIVER_MANIFEST to the ICD manifest the build produces}"
: "${TESSERAE_FILTER:?set TESSERAE_FILTER to a glob over test names}"
TESSERAE=${TESSERAE:-$(cd "$(dirname "$0")/.." && pwd)}
TESSERAE_HARNESS=${TESSERAE_HARNESS:-$TESSERAE/target/debug/tesserae-harness}
[ -x "$TESSERAE_HARNESS" ] || skip "no harness binary at $TESSERAE_HARNESS"

rev=$(git rev-parse --short HEAD 2>/dev/null)
sh -c "$DRIVER_BUILD" >&2 || skip "$rev: the driver does not build"
case $DRIVER_MANIFEST in /*) manifest=$DRIVER_MANIFEST ;; *) manifest=$(pwd)/$DRIVER_MANIFEST ;; esac
[ -f "$manifest" ] || skip "$rev: the build made no $manifest"

out=${TESSERAE_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/bisect-driver-XXXXXX")}
set -- run --corpus "$TESSERAE/corpus" --references "${TESSERAE_REFERENCES:-$TESSERAE/reference_images}" \
    --filter "$TESSERAE_FILTER" --backend "${TESSERAE_BACKEND:-vulkan}" --driver "$manifest" --out "$out"
[ -n "$TESSERAE_EXPECTATIONS" ] && set -- "$@" --expectations "$TESSERAE_EXPECTATIONS"
(cd "$TESSERAE" && "$TESSERAE_HARNESS" "$@") >&2
code=$?
case $code in
    0) echo "bisect-driver-step: $rev: good (results in $out)" >&2; exit 0 ;;
    1) echo "bisect-driver-step: $rev: bad (results in $out)" >&2; exit 1 ;;
    *) skip "$rev: harness exit $code (125: nothing rendered; is the driver loadable?)" ;;
esac
