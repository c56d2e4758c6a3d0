#!/usr/bin/env bash
# Compiles po/LANG.po into DIR/LANG/LC_MESSAGES/drover.mo (default DIR: .build/locale),
# where a drover run from the checkout finds them (Sources/Drover/App/LocaleFiles.swift;
# DROVER_LOCALEDIR points elsewhere). meson compiles and installs its own for an install.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-.build/locale}
for language in $(grep -v '^#' po/LINGUAS); do
  mkdir -p "$target/$language/LC_MESSAGES"
  msgfmt --check -o "$target/$language/LC_MESSAGES/drover.mo" "po/$language.po"
done
