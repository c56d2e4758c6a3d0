#!/usr/bin/env bash
# Frame gaps while N photos arrive by drag and drop: starts Drover with its
# frame monitor, drags N files from a test drag source (a GTK 4 peer) onto the
# grid with xdotool, and prints the monitor's figures (the longest main-loop
# frame gap during the import; budget 50 ms). Prints figures; does not judge.
#   benchmarks/drop-frames.sh [N]     (default 200)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source benchmarks/common.sh
build_drover
peer="$PWD/Tests/EndToEnd/peers/drag_source.py"
mkdir -p "$work/home"
make_photos "$work/photos" "$count" 1600x1200
cat > "$work/run.sh" <<INNER
set -e
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CACHE_HOME="$work/home/cache"
DROVER_BENCHMARK=frames DROVER_BENCHMARK_SECONDS=30 "$drover" --library "$work/library" &
sleep 4
/usr/bin/python3 "$peer" --record "$work/peer.jsonl" --title "Benchmark Source" "$work/photos"/*.jpg &
peer=\$!
window=\$(xdotool search --sync --name "Benchmark Source" | head -1)
xdotool windowmove "\$window" 0 780
sleep 1
# Press on the peer, move over Drover's grid in steps, pause, release.
xdotool mousemove --sync 150 880 mousedown 1
for y in 800 700 600 500 400 300; do xdotool mousemove --sync 600 \$y; sleep 0.05; done
sleep 0.6
xdotool mouseup 1
wait %1
kill \$peer 2>/dev/null || true
INNER
echo "== Frame gaps while $count photos (1600x1200) arrive by drop"
bash scripts/with-display.sh bash "$work/run.sh" 2>/dev/null | grep "frame monitor"
echo "== Photos in the library afterwards: $(ls "$work/library/photos" | wc -l)"
