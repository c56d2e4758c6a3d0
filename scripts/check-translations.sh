#!/usr/bin/env bash
# Fails, saying what and where, when a translation cannot be trusted:
# - a translatable string xgettext would misread (not a literal, a \u{…} escape), or a
#   `count == 1 ?` plural outside ngettext (scripts/check-translations.py);
# - po/POTFILES or po/drover.pot out of date with the sources (a string added without
#   running scripts/update-po.sh);
# - a po/LANG.po missing a string, fuzzy, with a bad format, or with placeholders
#   that differ from the English.
# Runs in scripts/test.sh and `meson test`. The committed files are left as they were.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
python3 scripts/check-translations.py || status=1

if ! diff -u po/POTFILES <(bash scripts/potfiles.sh) >&2; then
  echo "error: po/POTFILES is out of date (run scripts/update-po.sh)" >&2; status=1
fi

# A fresh .pot from the sources, through meson as update-po.sh makes it, compared by
# its strings (not by line numbers or dates); then the committed .pot is put back.
scratch=$(mktemp -d)
trap 'cp "$scratch/drover.pot" po/drover.pot 2>/dev/null || true; cp "$scratch/POTFILES" po/POTFILES 2>/dev/null || true; rm -rf "$scratch"' EXIT
cp po/drover.pot po/POTFILES "$scratch/"
bash scripts/potfiles.sh > po/POTFILES
build=.build/meson-po
if [ ! -f "$build/build.ninja" ]; then meson setup "$build" >/dev/null; fi
if ! meson compile -C "$build" drover-pot >"$scratch/meson.log" 2>&1; then
  cat "$scratch/meson.log" >&2; echo "error: meson could not make the .pot (above)" >&2; exit 1
fi
cp po/drover.pot "$scratch/fresh.pot"
cp "$scratch/drover.pot" po/drover.pot
cp "$scratch/POTFILES" po/POTFILES
# msgcmp DEF REF names what REF has and DEF lacks: first the strings new in the sources
# ("fresh.pot: … used but not defined in po/drover.pot"), then the ones gone from them.
stale=0
msgcmp --use-untranslated po/drover.pot "$scratch/fresh.pot" 2>"$scratch/new.txt" || stale=1
msgcmp --use-untranslated "$scratch/fresh.pot" po/drover.pot 2>"$scratch/gone.txt" || stale=1
if [ "$stale" = 1 ]; then
  cat "$scratch/new.txt" "$scratch/gone.txt" >&2
  echo "error: po/drover.pot is out of date with the sources (run scripts/update-po.sh, then translate)" >&2
  status=1
fi

for language in $(grep -v '^#' po/LINGUAS); do
  po=po/$language.po
  if ! msgfmt --check -o /dev/null "$po"; then
    echo "error: $po does not compile (msgfmt --check above)" >&2; status=1
  fi
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$po" | grep -c '^#,.*fuzzy' || true)
  if [ "$fuzzy" -gt 0 ]; then
    echo "error: $po has $fuzzy fuzzy strings (msgattrib --only-fuzzy $po)" >&2; status=1
  fi
  if ! msgcmp "$po" po/drover.pot; then
    echo "error: $po is missing translations (above)" >&2; status=1
  fi
done
[ "$status" = 0 ] && echo "translations: sources, po/drover.pot and $(grep -vc '^#' po/LINGUAS) languages agree, complete"
exit $status
