#!/usr/bin/env bash
# Called by meson.build: builds the drover and drover-decode products with SwiftPM
# and copies them to the two outputs (drover, then its decoder helper).
# LINKING is "static" (the Swift runtime and Foundation linked in: --static-swift-stdlib)
# or "shared". Never switch one SCRATCH folder between the two: SwiftPM keeps the objects
# it compiled for the other, and their autolinked libraries (CoreFoundation, static only)
# then fail the link.
set -euo pipefail
swift=$1 configuration=$2 linking=$3 source=$4 scratch=$5 output=$6 helper_output=$7
# No $ORIGIN run path: the installed programs find their libraries where the system keeps
# them (lintian's custom-library-search-path).
flags=(-c "$configuration" --package-path "$source" --scratch-path "$scratch" --disable-local-rpath)
if [ "$linking" = static ]; then flags+=(--static-swift-stdlib); fi
for product in drover drover-decode; do
  "$swift" build "${flags[@]}" --product "$product"
done
bin="$("$swift" build "${flags[@]}" --show-bin-path)"
cp "$bin/drover" "$output"
cp "$bin/drover-decode" "$helper_output"
