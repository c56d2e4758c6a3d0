#!/usr/bin/env bash
# Grid benchmark at scale: makes an N-photo library (benchmarks/make-library.sh: a few
# real imports, the other rows copies of theirs with hard-linked files, so 100,000 takes
# seconds, not hours), opens it and scrolls the grid from the top for FRAMES frames.
# Prints the time from launch to the first frame with tiles, to the first frame whose
# visible tiles all show their thumbnails, and to the whole collection in the grid, the
# frame gaps from the first frame to the end of the open and the main thread's longest CPU
# between two of them (a large collection arrives after its first page), then the scroll's frame gaps, the
# main thread's CPU per frame (the figure a loaded machine does not inflate: frame gaps
# count the waits for a core too) and resident memory (now and peak) after scrolling.
# Import throughput is measured by benchmarks/import-scale.sh. Prints figures only.
#   benchmarks/grid-scale.sh [N] [FRAMES]     (defaults 10000 and 1800, 30 s at 60 Hz)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
frames=${2:-1800}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source benchmarks/common.sh
build_drover
print_machine

echo "== Making a library of $count photos"
benchmarks/make-library.sh "$work/library" "$count"

echo "== Opening it and scrolling $frames frames from the top (load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores)"
DROVER_BENCHMARK=scroll DROVER_BENCHMARK_FRAMES=$frames \
  bash scripts/with-display.sh "$drover" --library "$work/library" 2>/dev/null | grep "benchmark"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
