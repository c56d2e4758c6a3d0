#!/usr/bin/env bash
# Scale benchmark: makes N distinct small photos, imports them without a window
# (import throughput, compared in the same run with vipsthumbnail making the same
# thumbnails), then opens the 10,000-photo library and scrolls the grid top to
# bottom, printing frame-gap figures. Prints figures; it does not pass or fail.
#   benchmarks/grid-scale.sh [N]       (default 10000)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v vipsthumbnail >/dev/null || apt-get install -y --no-install-recommends libvips-tools >/dev/null
source benchmarks/common.sh
build_drover

echo "== Making $count photos (640x480 JPEG, each different)"
make_photos "$work/photos" "$count" 640x480

echo "== Import with drover --import-only"
/usr/bin/time -f "drover import: %e s wall, %M KB max RSS" \
  "$drover" --library "$work/library" --import "$work/photos" --import-only | tail -1

echo "== The same thumbnails with vipsthumbnail (256 px box, PNG)"
mkdir -p "$work/vips"
/usr/bin/time -f "vipsthumbnail: %e s wall, %M KB max RSS" \
  bash -c "cd '$work/photos' && ls | xargs -P \$(nproc) -n 200 vipsthumbnail -s 256 -o '$work/vips/%s.png'"

echo "== Scrolling the grid through $count photos"
DROVER_BENCHMARK=scroll bash scripts/with-display.sh "$drover" --library "$work/library" 2>/dev/null | grep "scroll benchmark"
