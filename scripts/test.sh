#!/usr/bin/env bash
# Installs what Drover needs (idempotently), builds it, and runs every test:
# unit tests, GTK tests under a virtual display, a bounded fuzzing run of the
# parsers that read untrusted bytes, and end-to-end tests that drive the real
# binary over AT-SPI.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh --test

echo "== Building"
swift build --build-tests

echo "== Unit and GTK tests (Swift)"
bash scripts/with-display.sh swift test --skip-build

echo "== Fuzzing (libFuzzer, 30 s per target; see FuzzTesting/README.md)"
bash scripts/fuzz.sh 30

echo "== End-to-end tests (real drover, AT-SPI, screenshots in test-output/)"
bash scripts/with-display.sh /usr/bin/python3 -m pytest -p no:cacheprovider -v Tests/EndToEnd
