#!/usr/bin/env bash
# Installs everything Drover needs to build, run and test on Debian 12.
# Idempotent: packages already present are skipped, so a second run is quick.
set -euo pipefail

# Build and run: GTK 4, libadwaita 1.2 and the C libraries Drover binds, plus SQLite for GRDB,
# the gdk-pixbuf loaders for WebP, HEIF/HEIC and AVIF photos, and GVfs's backends, through
# which GIO downloads an image dragged in from a browser; gettext for the translations (po/);
# xxHash (libxxhash-dev) for the content hash of imported photos; libpng (libpng-dev)
# for writing thumbnails; libseccomp (libseccomp-dev) for the decoder's system-call filter;
# libjpeg-turbo (libjpeg62-turbo-dev), which the decoder calls for JPEGs itself, and pixman
# (libpixman-1-dev), with which it resizes them.
BUILD_PACKAGES=(
  pkg-config libgtk-4-dev libadwaita-1-dev libzbar-dev libexif-dev libsqlite3-dev libxxhash-dev libpng-dev libseccomp-dev
  libjpeg62-turbo-dev libpixman-1-dev
  adwaita-icon-theme meson ninja-build desktop-file-utils appstream libglib2.0-bin gettext
  webp-pixbuf-loader heif-gdk-pixbuf libavif-gdk-pixbuf gvfs-backends
)
# Tests: a virtual display, a session bus with the accessibility bus, pointer
# automation, screenshots, AT-SPI from the system Python, image tools, a
# time limit on every end-to-end test (pytest-timeout), the Orca screen reader
# with speech-dispatcher for the screen-reader leg (Tests/EndToEnd/test_orca.py),
# the desktop applications the drag-and-drop tests use as peers (file managers
# of three toolkits, GNOME Maps, and two browsers), and for the Wayland leg
# GNOME's compositor, headless (mutter), PipeWire for its screen cast, and
# GStreamer's pipewiresrc read in process (GI) for screenshots, the desktop and
# document portals (file transfer as sandboxed apps do it), SQLite's shell
# (benchmarks/make-library.sh makes large libraries with it, for test_large_library.py), and
# vipsthumbnail and djpeg, the references benchmarks/import-scale.sh measures Drover's import against
# (djpeg and jpegtran also make and judge the damaged and arithmetic-coded JPEGs of DecoderKit's tests),
# xxhsum, the reference for the content hash's unit test;
# and for the package (scripts/package.sh: dpkg-shlibdeps, strip) and its test
# (Tests/EndToEnd/test_installed_package.py), lintian, which
# checks the .deb as Debian would, and strace, which shows the installed copy reads nothing of the checkout.
TEST_PACKAGES=(
  sqlite3 mutter pipewire wireplumber gstreamer1.0-pipewire gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good gir1.2-gstreamer-1.0
  xdg-desktop-portal xdg-desktop-portal-gtk
  xvfb xauth xdotool dbus dbus-x11 at-spi2-core
  python3-gi gir1.2-gtk-4.0 gir1.2-atspi-2.0
  imagemagick libvips-tools libjpeg-turbo-progs xxhash zbar-tools qrencode libimage-exiftool-perl python3-pytest python3-pytest-timeout
  nautilus gvfs gnome-maps thunar pcmanfm-qt firefox-esr chromium
  orca speech-dispatcher python3-pyatspi python3-speechd
  dpkg-dev binutils lintian strace
)

# The Swift toolchain does not come from apt: Drover's machines have Swift 6
# installed (for example in /opt/swift). Say so plainly if it is missing.
if ! command -v swift >/dev/null 2>&1; then
  echo "error: Swift 6 is required (swift not found on PATH)" >&2
  exit 1
fi

want=("${BUILD_PACKAGES[@]}")
if [ "${1:-}" = "--test" ]; then want+=("${TEST_PACKAGES[@]}"); fi

missing=()
for pkg in "${want[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
echo "Installing: ${missing[*]}"
install() { $SUDO apt-get install -y --no-install-recommends "${missing[@]}"; }
$SUDO apt-get update -q || true
# apt can fail transiently: repair and retry once.
if ! install; then
  $SUDO apt-get -f install -y
  $SUDO apt-get update -q || true
  install
fi
