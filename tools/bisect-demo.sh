#!/bin/sh
# Shows `cargo xtask bisect` finding a known bad commit. On a throwaway branch in a temporary
# worktree (the current tree is not touched, nothing is pushed), on top of HEAD: two good
# commits, one that breaks the harness's build (skip), its fix, the commit that breaks
# basic/clear-only (a wrong probe colour), and two good commits. Bisects HEAD..branch with a
# filter for that test, checks the breaking commit is named, then deletes branch and worktree.
set -eu
root=$(git rev-parse --show-toplevel)
base=$(git -C "$root" rev-parse HEAD)
branch=bisect-demo-$$
tree=${TMPDIR:-/tmp}/tesserae-bisect-demo-$$
git -C "$root" worktree add -q -b "$branch" "$tree" "$base"
cleanup() { git -C "$root" worktree remove --force "$tree"; git -C "$root" branch -q -D "$branch"; }
trap cleanup EXIT
c() { git -C "$tree" -c user.name=demo -c user.email=demo@example.invalid commit -q -am "$1"; }
echo >> "$tree/corpus/README.md"; c "demo: good 1"
echo >> "$tree/corpus/README.md"; c "demo: good 2"
echo 'compile_error!("demo: broken build");' >> "$tree/harness/src/lib.rs"; c "demo: the harness does not build"
sed -i '$d' "$tree/harness/src/lib.rs"; c "demo: the build is fixed"
sed -i 's/^probe all rgba 0.25 0.5 0.75 1$/probe all rgba 0.25 0.5 0.5 1/' "$tree/corpus/basic/clear-only.shader_test"
c "demo: BREAK basic/clear-only (wrong probe colour)"
breaking=$(git -C "$tree" rev-parse HEAD)
echo >> "$tree/corpus/README.md"; c "demo: good 3"
echo >> "$tree/corpus/README.md"; c "demo: good 4"
git -C "$tree" log --oneline "$base..$branch"
out=$(cd "$root" && cargo xtask bisect --good "$base" --bad "$branch" --filter basic/clear-only --backend vulkan 2>&1) || {
    echo "$out"; echo "bisect-demo: cargo xtask bisect failed"; exit 1; }
echo "$out" | grep -E '^bisect-step|first bad commit|^[0-9a-f]{40}$|^    demo'
echo "$out" | grep -q "^$breaking$" || { echo "bisect-demo: expected $breaking"; exit 1; }
echo "bisect-demo: ok, the breaking commit $breaking was found"
