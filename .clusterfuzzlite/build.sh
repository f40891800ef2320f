#!/bin/bash -eu
# ClusterFuzzLite runs $SRC/build.sh; the targets, seed corpora and dictionaries are built by
# the one OSS-Fuzz script (fuzz/oss-fuzz/build.sh, also `cargo xtask oss-fuzz-build`).
export PROJECT="$SRC/tesserae"
exec "$PROJECT/fuzz/oss-fuzz/build.sh"
