#!/usr/bin/env bash
# Called by meson.build: builds the drover product with SwiftPM and copies it to OUTPUT.
set -euo pipefail
swift=$1 configuration=$2 source=$3 scratch=$4 output=$5
"$swift" build -c "$configuration" --product drover --package-path "$source" --scratch-path "$scratch"
cp "$("$swift" build -c "$configuration" --package-path "$source" --scratch-path "$scratch" --show-bin-path)/drover" "$output"
