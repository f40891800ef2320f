#!/usr/bin/env bash
# Translation cost against naga alone in executed instructions (callgrind), for machines too
# noisy for `cargo xtask bench --only translate`'s wall-clock ratios: runs the bench under
# callgrind at two iteration counts and divides the extra instructions spent in
# `tesserae::translate` (a cold and a warm translation per pipeline and iteration) by those
# spent in naga alone (once per pipeline and iteration). Instruction counts leave out cache
# and allocator effects, so the wall-clock ratio on a quiet machine is higher (by about 0.15
# on the plain set in 2026-12).
#
#   tools/translate-instructions.sh [SET] [FILTER]     SET: plain (default), points, cull
#
# Needs valgrind and a release harness (cargo build --release -p tesserae-harness; HARNESS=path
# measures another build, for A/B).
set -euo pipefail
cd "$(dirname "$0")/.."
set_name=${1:-plain}
filter=${2:-*}
harness=${HARNESS:-target/release/tesserae-harness}
[ -x "$harness" ] || { echo "build the harness first: cargo build --release -p tesserae-harness" >&2; exit 2; }
out=$(mktemp -d)
run() {
  valgrind --tool=callgrind --callgrind-out-file="$out/$1.out" "$harness" bench --only "translate:$set_name" \
    --filter "$filter" --iterations "$1" >/dev/null 2>&1
  callgrind_annotate --inclusive=yes "$out/$1.out" 2>/dev/null >"$out/$1.txt"
}
inclusive() {
  awk -v f="$2" 'index($0, f) && index($0, "[") { gsub(",", "", $1); print $1; exit }' "$out/$1.txt"
}
run 2
run 6
t2=$(inclusive 2 'lib.rs:tesserae::translate '); t6=$(inclusive 6 'lib.rs:tesserae::translate ')
n2=$(inclusive 2 'bench.rs:tesserae_harness::bench::naga_alone '); n6=$(inclusive 6 'bench.rs:tesserae_harness::bench::naga_alone ')
rm -r "$out"
python3 -c "
dt, dn = ($t6 - $t2) / 4, ($n6 - $n2) / 4
print(f'$set_name: translate {dt / 2:,.0f} instructions per iteration, naga alone {dn:,.0f}: {dt / 2 / dn:.3f}x')
"
