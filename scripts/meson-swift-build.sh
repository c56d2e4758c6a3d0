#!/usr/bin/env bash
# Called by meson.build: builds the drover and drover-decode products with SwiftPM
# and copies them to the two outputs (drover, then its decoder helper).
set -euo pipefail
swift=$1 configuration=$2 source=$3 scratch=$4 output=$5 helper_output=$6
for product in drover drover-decode; do
  "$swift" build -c "$configuration" --product "$product" --package-path "$source" --scratch-path "$scratch"
done
bin="$("$swift" build -c "$configuration" --package-path "$source" --scratch-path "$scratch" --show-bin-path)"
cp "$bin/drover" "$output"
cp "$bin/drover-decode" "$helper_output"
