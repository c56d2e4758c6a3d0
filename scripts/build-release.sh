#!/usr/bin/env bash
# Builds the release drover and drover-decode (the helper its imports decode in) and prints
# the folder they are in. The Swift runtime and Foundation are linked into both
# (--static-swift-stdlib): each program then starts in about half the time, because the
# dynamic loader no longer resolves Foundation's symbols at every start; an import of 40
# large photos, which starts drover and two decoder servers, took 4 % less (docs/benchmarks.md,
# "Seventh pass"). The programs are larger on disk (about 90 MB each against 17–25 MB).
set -euo pipefail
cd "$(dirname "$0")/.."
for product in drover drover-decode; do
  swift build -c release --static-swift-stdlib --product "$product" >&2
done
swift build -c release --static-swift-stdlib --show-bin-path
