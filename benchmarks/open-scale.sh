#!/usr/bin/env bash
# Open and scroll benchmark at scale: makes an N-photo library without importing N
# files (benchmarks/make-library.sh), opens it three times (the time from launch to
# the first frame with tiles, then to the whole collection in the grid and to all visible
# thumbnails, and resident memory), then scrolls the grid for FRAMES frames from the top
# (frame gaps, the main thread's CPU per frame, resident memory).
# Prints figures; it does not pass or fail.
#   benchmarks/open-scale.sh [N] [FRAMES]     (defaults 100000 and 1800, 30 s at 60 Hz)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100000}
frames=${2:-1800}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source benchmarks/common.sh
build_drover
print_machine

echo "== Making a library of $count photos"
benchmarks/make-library.sh "$work/library" "$count"
# Its pages written out first (at 1,000,000 photos, 2,000,000 files and a 290 MB database), so
# that no open competes with the writeback of the library just made, which a user's does not.
sync

echo "== Opening it (three runs)"
for run in 1 2 3; do
  DROVER_BENCHMARK=open bash scripts/with-display.sh "$drover" --library "$work/library" 2>/dev/null | grep "open benchmark"
done

echo "== Scrolling $frames frames from the top"
DROVER_BENCHMARK=scroll DROVER_BENCHMARK_FRAMES=$frames \
  bash scripts/with-display.sh "$drover" --library "$work/library" 2>/dev/null | grep "benchmark"
