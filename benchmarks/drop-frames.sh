#!/usr/bin/env bash
# A drop of N files: starts Drover (DROVER_BENCHMARK=drop), drags N files from a
# test drag source (a GTK 4 peer, offering them as one file list) onto the grid with
# xdotool, and prints the time from releasing the mouse to the first placeholder and
# to all N on screen (budget 100 ms), and the frame gaps from the first placeholder
# until the last one committed (budget: none over 50 ms). Prints figures; does not judge.
#   [LIBRARY=M] benchmarks/drop-frames.sh [N] [SIZE]     (defaults 1000 and 640x480)
# LIBRARY=M drops onto a library of M photos (benchmarks/make-library.sh).
# DROVER=path/to/drover runs that binary instead of building one (a kept "before"
# binary, to run before and after alternately); DROVER_WRAP="perf record -g -o F"
# runs Drover under a profiler.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-1000}
size=${2:-640x480}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source benchmarks/common.sh
if [[ -n ${DROVER:-} ]]; then drover=$(realpath "$DROVER"); else build_drover; fi
print_machine
peer="$PWD/Tests/EndToEnd/peers/drag_source.py"
mkdir -p "$work/home"
make_photos "$work/photos" "$count" "$size"
# A large library takes longer to open: the drag starts once it is shown.
settle=4
if [[ -n ${LIBRARY:-} ]]; then
  drover="$drover" benchmarks/make-library.sh "$work/library" "$LIBRARY" >/dev/null
  settle=12
fi
cat > "$work/run.sh" <<INNER
set -e
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CACHE_HOME="$work/home/cache"
DROVER_BENCHMARK=drop DROVER_BENCHMARK_DROP_COUNT=$count DROVER_BENCHMARK_SECONDS=600 \
  ${DROVER_WRAP:-} "$drover" --library "$work/library" > "$work/drover.out" &
sleep $settle
/usr/bin/python3 "$peer" --record "$work/peer.jsonl" --title "Benchmark Source" "$work/photos"/*.jpg &
peer=\$!
window=\$(xdotool search --sync --name "Benchmark Source" | head -1)
xdotool windowmove "\$window" 0 780
sleep 1
# Press on the peer, move over Drover's grid in steps, pause, release.
xdotool mousemove --sync 150 880 mousedown 1
for y in 800 700 600 500 400 300; do xdotool mousemove --sync 600 \$y; sleep 0.05; done
sleep 0.6
# CLOCK_MONOTONIC in ms (the clock Drover's figures use), taken just before the release:
# the figures below include starting xdotool, a few ms.
/usr/bin/python3 -c 'import time; print("released at %.1f" % (time.monotonic() * 1000))' > "$work/released"
xdotool mouseup 1
wait %1
kill \$peer 2>/dev/null || true
INNER
echo "== A drop of $count photos ($size) onto ${LIBRARY:-no} photos (load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores)"
bash scripts/with-display.sh bash "$work/run.sh" >/dev/null 2>&1 || true
grep "drop benchmark" "$work/drover.out" || echo "no figures from Drover (did the drop happen?)"
released=$(awk '{ print $3 }' "$work/released" 2>/dev/null || echo "")
if [[ -n $released ]]; then
  awk -v released="$released" '
    /first placeholder on screen at/ { printf "mouse released to the first placeholder: %.0f ms\n", $(NF) + 0 - released }
    /items on screen at/ { printf "mouse released to all placeholders: %.0f ms\n", $(NF) + 0 - released }' \
    <(sed 's/ ms$//' "$work/drover.out")
fi
echo "== Photos in the library afterwards: $(ls "$work/library/photos" 2>/dev/null | wc -l)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
