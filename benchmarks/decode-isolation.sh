#!/usr/bin/env bash
# What decoding in a child of the drover-decode server (a fresh forked process per image,
# the way imports decode) costs per image against decoding in Drover's own process:
# 200 JPEGs of 640×480 and 10 of 4000×3000, one at a time, each way twice; and the viewer's
# picture of the large ones (the decoded pixels handed back through a scratch file).
# Prints one line per size. Not part of the test command (it takes minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
source benchmarks/common.sh
print_machine
photos=$(mktemp -d)
trap 'rm -rf "$photos"' EXIT
make_photos "$photos/small" 200 640x480
make_photos "$photos/large" 10 4000x3000
swift build --build-tests >/dev/null
DROVER_BENCHMARK_PHOTOS="$photos" swift test --skip-build --filter DecodeIsolationBenchmark 2>&1 | grep '^decode-isolation'
