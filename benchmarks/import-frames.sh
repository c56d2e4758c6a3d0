#!/usr/bin/env bash
# Frame gaps while photos import: starts Drover with its frame monitor, imports
# N photos into it from a second `drover FILE…` (as a user would from a file
# manager), and prints the monitor's figures. Budget (DESIGN.md): no gap over
# 50 ms while 200 photos import. Prints figures; it does not pass or fail.
#   benchmarks/import-frames.sh [N]     (default 200)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source benchmarks/common.sh
build_drover
mkdir -p "$work/home"
make_photos "$work/photos" "$count" 1600x1200
cat > "$work/run.sh" <<INNER
export HOME="$work/home" XDG_DATA_HOME="$work/home/data"
DROVER_BENCHMARK=frames DROVER_BENCHMARK_SECONDS=25 "$drover" --library "$work/library" &
sleep 4
"$drover" --library "$work/library" "$work/photos"/*.jpg
wait
INNER
echo "== Frame gaps while $count photos (1600x1200) import"
bash scripts/with-display.sh bash "$work/run.sh" 2>/dev/null | grep "frame monitor"
