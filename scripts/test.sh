#!/usr/bin/env bash
# Installs what Drover needs (idempotently), builds it, and runs every test:
# unit tests, GTK tests under a virtual display, and end-to-end tests that
# drive the real binary over AT-SPI.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh --test

echo "== Building"
swift build --build-tests

echo "== Unit and GTK tests (Swift)"
bash scripts/with-display.sh swift test --skip-build

echo "== End-to-end tests (real drover, AT-SPI, screenshots in test-output/)"
bash scripts/with-display.sh /usr/bin/python3 -m pytest -p no:cacheprovider -v Tests/EndToEnd
