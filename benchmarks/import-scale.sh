#!/usr/bin/env bash
# Import benchmark: Drover's own import (`drover --import-only`, the PhotoLibrary import
# the app runs: copy, verify, thumbnail, store) against `vipsthumbnail -s 256` (thumbnails
# only) and `djpeg -scale 1/8` (decode only, the practical limit) on the SAME files in one
# run, for 40 photos of 12 megapixels and 1,000 of 640x480. Prints wall-clock and CPU
# time (user + system: the steadier figure on a loaded machine) and the ratios.
# The tools run one process per core (xargs -P), as a fair reference for two cores.
# Each figure is the median of ROUNDS rounds (default 3), the tools taking turns in each.
# Prints figures; it does not pass or fail.
#   [ROUNDS=N] benchmarks/import-scale.sh [LARGE_COUNT] [SMALL_COUNT]     (defaults 40 and 1000)
# With DROVER_BEFORE=DIR (a folder holding an earlier build's drover and drover-decode),
# that build imports the same files too, right after this one, for a before/after in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
large=${1:-40}
small=${2:-1000}
rounds=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for tool in vipsthumbnail djpeg; do
  command -v "$tool" >/dev/null || { echo "error: $tool is missing (scripts/install-deps.sh --test installs it)" >&2; exit 1; }
done
source benchmarks/common.sh
build_drover
cores=$(nproc)

# timed NAME COMMAND…: runs COMMAND, appends "wall cpu" seconds to $work/NAME.times
# (the wall clock to the millisecond; time's own is to the hundredth).
timed() {
  local name=$1 start end; shift
  start=$(date +%s%N)
  /usr/bin/time -f "%U %S" -o "$work/$name.raw" "$@" >/dev/null
  end=$(date +%s%N)
  awk -v ns=$((end - start)) '{ printf "%.3f %.3f\n", ns / 1e9, $1 + $2 }' "$work/$name.raw" >> "$work/$name.times"
}

# median NAME: "wall cpu", each the median of the rounds' figures.
median() {
  local wall cpu
  wall=$(cut -d' ' -f1 "$work/$1.times" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
  cpu=$(cut -d' ' -f2 "$work/$1.times" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
  echo "$wall $cpu"
}

# measure LABEL COUNT SIZE [MAKER]: makes the photos (with MAKER, default make_photos),
# runs the three (and the earlier build) in turn, $rounds times, and prints the medians and
# their ratios. Each import starts from no library, as the first round's did.
measure() {
  local label=$1 count=$2 size=$3 maker=${4:-make_photos} photos="$work/photos-$2-${4:-plasma}"
  echo "== $label: making $count photos of $size"
  "$maker" "$photos" "$count" "$size"
  echo "   $(du -sm "$photos" | cut -f1) MB in all"
  # The photos' pages written out first, so no round competes with their writeback.
  sync
  rm -f "$work"/*.times
  for ((round = 0; round < rounds; round++)); do
    rm -rf "$work/library-$count" "$work/before-$count" "$work/vips-$count"
    # The last round's removal and its thumbnails' writeback done before anything is timed:
    # left to the disk meanwhile, they slowed whichever import came first by several percent.
    sync
    # With an earlier build beside it, the two take turns going first.
    if [ -n "${DROVER_BEFORE:-}" ] && ((round % 2)); then
      timed before "$DROVER_BEFORE/drover" --library "$work/before-$count" --import "$photos" --import-only
    fi
    timed drover "$drover" --library "$work/library-$count" --import "$photos" --import-only
    if [ -n "${DROVER_BEFORE:-}" ] && ! ((round % 2)); then
      timed before "$DROVER_BEFORE/drover" --library "$work/before-$count" --import "$photos" --import-only
    fi
    mkdir -p "$work/vips-$count"
    timed vips bash -c "cd '$photos' && ls | xargs -P $cores -n 50 vipsthumbnail -s 256 -o '$work/vips-$count/%s.png'"
    timed djpeg bash -c "cd '$photos' && ls | xargs -P $cores -n 1 djpeg -scale 1/8 -outfile /dev/null"
  done
  median drover > "$work/drover.time"
  median vips > "$work/vips.time"
  median djpeg > "$work/djpeg.time"
  [ -z "${DROVER_BEFORE:-}" ] || median before > "$work/before.time"
  local imported
  imported=$(ls "$work/library-$count/photos" | wc -l)
  read -r dw dc < "$work/drover.time"
  read -r vw vc < "$work/vips.time"
  read -r jw jc < "$work/djpeg.time"
  awk -v n="$count" -v got="$imported" -v dw="$dw" -v dc="$dc" -v vw="$vw" -v vc="$vc" -v jw="$jw" -v jc="$jc" 'BEGIN {
    printf "%-34s %8s %8s %12s\n", "", "wall s", "CPU s", "wall/photo"
    printf "%-34s %8.3f %8.2f %9.1f ms\n", "drover import (" got " imported)", dw, dc, dw * 1000 / n
    printf "%-34s %8.3f %8.2f %9.1f ms\n", "vipsthumbnail -s 256", vw, vc, vw * 1000 / n
    printf "%-34s %8.3f %8.2f %9.1f ms\n", "djpeg -scale 1/8", jw, jc, jw * 1000 / n
    printf "ratios: drover / vipsthumbnail %.2fx wall, %.2fx CPU; drover / djpeg %.2fx wall, %.2fx CPU\n", dw / vw, dc / vc, dw / jw, dc / jc
  }'
  if [ -n "${DROVER_BEFORE:-}" ]; then
    read -r bw bc < "$work/before.time"
    awk -v n="$count" -v got="$(ls "$work/before-$count/photos" | wc -l)" -v bw="$bw" -v bc="$bc" -v vw="$vw" -v vc="$vc" -v jw="$jw" -v jc="$jc" 'BEGIN {
      printf "%-34s %8.3f %8.2f %9.1f ms\n", "before: drover import (" got ")", bw, bc, bw * 1000 / n
      printf "before ratios: / vipsthumbnail %.2fx wall, %.2fx CPU; / djpeg %.2fx wall, %.2fx CPU\n", bw / vw, bc / vc, bw / jw, bc / jc
    }'
  fi
}

print_machine
measure "12-megapixel camera-like JPEGs (a real photo with sensor noise)" "$large" 4000x3000 make_camera_photos
measure "12-megapixel JPEGs (plasma)" "$large" 4000x3000
measure "640x480 JPEGs" "$small" 640x480
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
