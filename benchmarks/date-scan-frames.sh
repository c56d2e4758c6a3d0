#!/usr/bin/env bash
# Frame gaps while the background date scan reads the EXIF dates of a 10,000-photo
# library (as one made before dates were read has none): Drover opens it with its frame
# monitor running, and the figures say how the main thread fared and how many photos were
# still waiting when the monitor stopped. Beside it, exiftool reading the same dates from
# the same files. Goal (issue 11): no frame gap over 50 ms. Prints figures only.
#   benchmarks/date-scan-frames.sh [COUNT] [SECONDS]   (default 10000 photos, 40 s)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
seconds=${2:-40}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source benchmarks/common.sh
build_drover
print_machine
mkdir -p "$work/home"
export HOME="$work/home" XDG_DATA_HOME="$work/home/data"
bash benchmarks/make-library.sh "$work/library" "$count"
# Every photo waits for its date, as after the migration to schema v5.
sqlite3 "$work/library/library.sqlite" "UPDATE photo SET dateTaken = NULL, dateState = 0"

echo "== exiftool reading DateTimeOriginal from the same $count files"
/usr/bin/time -f "exiftool: %e s, %U s user" exiftool -q -fast2 -s3 -DateTimeOriginal "$work/library/photos" >/dev/null

echo "== Drover's date scan of $count photos in the background, frame gaps over $seconds s"
DROVER_BENCHMARK=frames DROVER_BENCHMARK_SECONDS=$seconds bash scripts/with-display.sh \
  "$drover" --library "$work/library" 2>/dev/null | grep "frame monitor"
echo "photos still without a date read: $(sqlite3 "$work/library/library.sqlite" "SELECT count(*) FROM photo WHERE dateState = 0")"
