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
swift build -c release --product drover >/dev/null
drover="$(swift build -c release --show-bin-path)/drover"

echo "== Making $count photos (640x480 JPEG, each different)"
mkdir -p "$work/photos"
convert -size 640x480 plasma:fractal -quality 85 "$work/base.jpg"
for ((i = 0; i < count; i++)); do
  # A different 8x8 corner patch per file, so no two files are the same bytes.
  printf -v name "%05d" "$i"
  cp "$work/base.jpg" "$work/photos/$name.jpg"
  printf '%s' "$name" >> "$work/photos/$name.jpg"   # trailing bytes after EOI: still a valid JPEG
done

echo "== Import with drover --import-only"
/usr/bin/time -f "drover import: %e s wall, %M KB max RSS" \
  "$drover" --library "$work/library" --import "$work/photos" --import-only | tail -1

echo "== The same thumbnails with vipsthumbnail (256 px box, PNG)"
mkdir -p "$work/vips"
/usr/bin/time -f "vipsthumbnail: %e s wall, %M KB max RSS" \
  bash -c "cd '$work/photos' && ls | xargs -P \$(nproc) -n 200 vipsthumbnail -s 256 -o '$work/vips/%s.png'"

echo "== Scrolling the grid through $count photos"
DROVER_BENCHMARK=scroll bash scripts/with-display.sh "$drover" --library "$work/library" 2>/dev/null | grep "scroll benchmark"
