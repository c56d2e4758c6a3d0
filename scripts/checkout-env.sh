# Sourced (not run) by scripts/run.sh and benchmarks/common.sh: makes a drover built in
# this checkout a full Drover without installing it. It compiles the GSettings schema
# into .build/schemas and the translations into .build/locale, and exports the three
# variables that point drover at them and at data/ (Drover itself looks only in its
# installed prefix: Sources/Drover/App/InstalledLayout.swift):
#   DROVER_DATA_DIR       style sheet, icons, samples, places (data/)
#   DROVER_LOCALEDIR      the compiled translations
#   GSETTINGS_SCHEMA_DIR  the compiled schema, so window size, album, sort and tile size
#                         are remembered (GLib also reads the system's schemas)
_drover_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mkdir -p "$_drover_root/.build/schemas"
glib-compile-schemas --strict --targetdir="$_drover_root/.build/schemas" "$_drover_root/data"
bash "$_drover_root/scripts/compile-translations.sh" "$_drover_root/.build/locale"
export DROVER_DATA_DIR="$_drover_root/data" DROVER_LOCALEDIR="$_drover_root/.build/locale"
export GSETTINGS_SCHEMA_DIR="$_drover_root/.build/schemas${GSETTINGS_SCHEMA_DIR:+:$GSETTINGS_SCHEMA_DIR}"
unset _drover_root
