#!/usr/bin/env bash
# Installs what Drover needs (idempotently), builds it, and runs it on the
# default library ($XDG_DATA_HOME/drover). Extra arguments go to drover.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bin=$(bash scripts/build-release.sh)
bash scripts/compile-translations.sh  # .build/locale, where drover finds them in a checkout
exec "$bin/drover" "$@"
