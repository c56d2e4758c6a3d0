#!/usr/bin/env bash
# Called by meson.build: builds the drover and drover-decode products with SwiftPM
# and copies them to the two outputs (drover, then its decoder helper).
# LINKING is "static" (the Swift runtime and Foundation linked in: --static-swift-stdlib)
# or "shared".
set -euo pipefail
swift=$1 configuration=$2 linking=$3 source=$4 scratch=$5 output=$6 helper_output=$7
# No $ORIGIN run path: the installed programs find their libraries where the system keeps
# them (lintian's custom-library-search-path).
flags=(-c "$configuration" --package-path "$source" --scratch-path "$scratch" --disable-local-rpath)
if [ "$linking" = static ]; then
  flags+=(--static-swift-stdlib)
  # A debug build does not link statically by itself with Swift 6.3.1: the link misses
  # the libraries Foundation's archive needs (CoreFoundation, its ICU, FoundationEssentials…;
  # "undefined reference to CFBundleGetMainBundle"), which a release build finds. Name them.
  if [ "$configuration" = debug ]; then
    for library in Foundation CoreFoundation _FoundationICU FoundationInternationalization FoundationEssentials \
                   _FoundationCShims _FoundationCollections swiftSynchronization; do
      flags+=(-Xlinker "-l$library")
    done
  fi
fi
for product in drover drover-decode; do
  "$swift" build "${flags[@]}" --product "$product"
done
bin="$("$swift" build "${flags[@]}" --show-bin-path)"
cp "$bin/drover" "$output"
cp "$bin/drover-decode" "$helper_output"
