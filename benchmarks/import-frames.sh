#!/usr/bin/env bash
# Frame gaps while photos import: starts Drover with its frame monitor, imports
# N photos into it from a second `drover --import FILE…` (as a user would from a file
# manager), and prints the monitor's figures. Budget (docs/benchmarks.md): no gap over
# 50 ms while 200 photos import. Prints figures; it does not pass or fail.
#   [LIBRARY=M] [SORT=S] [DROVER_BEFORE=DIR] benchmarks/import-frames.sh [N]     (default 200)
# LIBRARY=M imports into a library of M photos (benchmarks/make-library.sh), shown in
# SORT (the sort-order setting: own, date-newest, date-oldest or title; default own).
# With DROVER_BEFORE=DIR (a folder holding an earlier build's drover and drover-decode),
# that build does the same import into a copy of the same library, right after this one.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source benchmarks/common.sh
build_drover
print_machine
mkdir -p "$work/schemas"
glib-compile-schemas --targetdir="$work/schemas" data
make_photos "$work/photos" "$count" 1600x1200
# A large library takes longer to open: the import starts once it is shown.
seconds=25 settle=4
if [[ -n ${LIBRARY:-} ]]; then
  drover="$drover" benchmarks/make-library.sh "$work/start" "$LIBRARY" >/dev/null
  seconds=40 settle=12
fi

# frames LABEL DROVER: one run, from a fresh copy of the starting library.
frames() {
  local label=$1 program=$2 run="$work/run-$1"
  mkdir -p "$run/home"
  if [[ -d $work/start ]]; then cp -a "$work/start" "$run/library"; fi
  cat > "$run/run.sh" <<INNER
export HOME="$run/home" XDG_DATA_HOME="$run/home/data" XDG_CONFIG_HOME="$run/home/config"
export GSETTINGS_SCHEMA_DIR="$work/schemas" GSETTINGS_BACKEND=keyfile
gsettings set app.drover.Drover sort-order "${SORT:-own}"
DROVER_BENCHMARK=frames DROVER_BENCHMARK_SECONDS=$seconds "$program" --library "$run/library" &
sleep $settle
"$program" --library "$run/library" --import "$work/photos"/*.jpg
wait
INNER
  printf '%-8s' "$label"
  bash scripts/with-display.sh bash "$run/run.sh" 2>/dev/null | grep "frame monitor" || echo "no figures"
}

echo "== Frame gaps while $count photos (1600x1200) import into ${LIBRARY:-0} shown in ${SORT:-own} order (load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores)"
frames now "$drover"
if [[ -n ${DROVER_BEFORE:-} ]]; then frames before "$(realpath "$DROVER_BEFORE")/drover"; fi
