#!/usr/bin/env bash
# Installs what Drover needs (idempotently), builds it, and runs it on the
# default library ($XDG_DATA_HOME/drover). Extra arguments go to drover.
# The checkout's data, translations and settings schema are compiled into .build/
# and named to drover in the environment (scripts/checkout-env.sh), so a checkout
# run remembers its window, album, sort and tile size as an installed one does.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bin=$(bash scripts/build-release.sh)
source scripts/checkout-env.sh
exec "$bin/drover" "$@"
