#!/usr/bin/env bash
# Regenerates po/POTFILES (every Swift source that calls tr/ntr/ctr, then the desktop
# file and the metainfo) and po/drover.pot (meson's i18n module, po/meson.build),
# and merges the new strings into each po/LANG.po, where they wait, untranslated or
# fuzzy, for a translator. scripts/check-translations.sh fails until they are done.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/potfiles.sh > po/POTFILES
build=.build/meson-po
if [ ! -f "$build/build.ninja" ]; then meson setup "$build" >/dev/null; fi
# xgettext reads the .swift files as C and says so for each, and finds Swift's """ strings
# unterminated: expected (no translatable string is in either), so not shown.
meson compile -C "$build" drover-pot drover-update-po 2>&1 \
  | grep -v -e "extension 'swift' is unknown; will try C" -e "unterminated string literal" || true
# meson's targets ran if the .pot is newer than POTFILES; a failure shows above.
[ po/drover.pot -nt po/POTFILES ] || { echo "error: po/drover.pot was not regenerated" >&2; exit 1; }
for language in $(grep -v '^#' po/LINGUAS); do
  echo "po/$language.po: $(msgfmt --statistics -o /dev/null "po/$language.po" 2>&1)"
done
