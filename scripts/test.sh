#!/usr/bin/env bash
# Installs what Drover needs (idempotently), builds it, and runs every test:
# unit tests, GTK tests under a virtual display, a bounded fuzzing run of the
# parsers that read untrusted bytes, and end-to-end tests that drive the real
# binary over AT-SPI.
#
# Nothing here can hang: each stage has a time limit (generous: several times
# what it takes on a loaded 2-core machine), and the whole run stops after
# TEST_TIME_LIMIT seconds (default 40 minutes, inside a 45-minute CI job), with
# a message naming the stage that ran out of time. Each end-to-end test has
# its own limit too (Tests/EndToEnd/conftest.py).
set -euo pipefail
cd "$(dirname "$0")/.."

total=${TEST_TIME_LIMIT:-2400}

# stage SECONDS WHAT COMMAND...: runs COMMAND for at most SECONDS, or for what
# is left of the whole run's time if that is less.
stage() {
  local limit=$1 what=$2
  shift 2
  local left=$((total - SECONDS))
  if [ "$left" -lt "$limit" ]; then limit=$left; fi
  if [ "$limit" -le 0 ]; then
    echo "error: no time left for: $what (the whole run may take $total s)" >&2
    exit 124
  fi
  echo "== $what"
  local start=$SECONDS status=0
  bash scripts/time-limit.sh "$limit" "$what" "$@" || status=$?
  stage_times+=("$(printf '%5d s  %s%s' $((SECONDS - start)) "$what" "$([ "$status" = 0 ] || echo " (exit $status)")")")
  echo "== $what: $((SECONDS - start)) s"
  return "$status"
}

# Each stage's seconds, listed at the end however the run ends: where the time goes (the
# whole run must stay under 30 minutes; docs/testing.md).
stage_times=()
print_stage_times() {
  echo "== Seconds per stage (whole run: $SECONDS s)"
  if [ ${#stage_times[@]} -gt 0 ]; then printf '%s\n' "${stage_times[@]}"; fi
}
trap print_stage_times EXIT

stage 900 "Installing dependencies" bash scripts/install-deps.sh --test

stage 1500 "Building" swift build --build-tests

# Every string translated, the .pot current with the sources (docs/translations.md).
stage 300 "Translations (po/ complete and current)" bash scripts/check-translations.sh

# Who imports whom (docs/architecture.md; the table is in scripts/check-layering.py), and
# every path the README and docs/ name exists.
stage 60 "Layering (who imports whom) and the docs' paths" \
  bash -c '/usr/bin/python3 scripts/check-layering.py && /usr/bin/python3 scripts/check-doc-paths.py'

# Skips counted: one not in Tests/expected_swift_skips.txt fails the stage (scripts/swift-test.sh).
stage 900 "Unit and GTK tests (Swift)" \
  bash scripts/swift-test.sh

# Permission handling as an unprivileged user (root reads anything): the Swift tests that
# are disabled as root run again as nobody, and must run and pass.
stage 300 "Permission tests as a user (Swift)" bash scripts/test-as-user.sh

# The parsers of images and EXIF get 30 s each; places, geo and drops 10 s, where 30 s
# reached no more code (measured: FuzzTesting/README.md).
stage 900 "Fuzzing (libFuzzer, 30 or 10 s per target; see FuzzTesting/README.md)" \
  bash -c 'bash scripts/fuzz.sh 30 exif image-ending && bash scripts/fuzz.sh 10 places geo drops jpeg-entry'

# -ra: the reason of every skip (and failure) in the summary. A skip that
# Tests/EndToEnd/expected_skips.txt does not allow on this leg fails the stage (conftest.py).
# The drag tests (the files named for drags, and the keyboard and single-pointer drags of
# test_accessibility.py) run with one core of the machine kept busy
# (scripts/with-cpu-hog.sh): a user's machine is rarely idle, and a drag test that passes
# only on a quiet one is flaky (issue 33). The files that drag only in passing (rotate,
# viewer, high contrast, ...) run on the quiet machine, for the whole run to stay under 30
# minutes; under the same load one of them flaked once (docs/testing.md#under-load).
X11_DRAG_TESTS=(
  Tests/EndToEnd/test_dnd_*.py Tests/EndToEnd/test_drag_features.py Tests/EndToEnd/test_accessibility.py
)
stage 900 "End-to-end drag tests on X11, one core kept busy (real drover, AT-SPI, screenshots in test-output/)" \
  bash scripts/with-cpu-hog.sh \
  bash scripts/with-display.sh /usr/bin/python3 -m pytest -p no:cacheprovider -v -ra "${X11_DRAG_TESTS[@]}"
stage 1200 "End-to-end tests on X11, the rest" \
  bash scripts/with-display.sh /usr/bin/python3 -m pytest -p no:cacheprovider -v -ra \
  $(printf -- '--ignore=%s ' "${X11_DRAG_TESTS[@]}") Tests/EndToEnd

# The drag scenarios again, on GNOME's own compositor (mutter, headless), driven
# through its RemoteDesktop API (Tests/EndToEnd/leg.py). Only the files with
# drags: the rest (command line, import faults) do not depend on the display.
WAYLAND_TESTS=(
  Tests/EndToEnd/test_dnd_grid.py Tests/EndToEnd/test_dnd_albums_delete.py Tests/EndToEnd/test_drag_features.py
  Tests/EndToEnd/test_dnd_sources.py Tests/EndToEnd/test_dnd_slow.py Tests/EndToEnd/test_accessibility.py
  Tests/EndToEnd/test_dnd_wayland.py Tests/EndToEnd/test_dnd_nautilus.py Tests/EndToEnd/test_dnd_portal.py
)
stage 1200 "End-to-end tests on Wayland (headless mutter; screenshots in test-output/wayland/)" \
  bash scripts/with-wayland.sh /usr/bin/python3 -m pytest -p no:cacheprovider -v -ra "${WAYLAND_TESTS[@]}"

# The package a user installs (issue 29): scripts/package.sh's .deb, installed into a
# throwaway root with dpkg --root and run from there, from PATH, with a fresh HOME, under
# strace (Tests/EndToEnd/test_installed_package.py; lintian, desktop-file-validate and
# appstreamcli too). Made from a debug build of the two programs, linked statically as a
# release is (its own SwiftPM folder: 1.5 minutes from nothing), and compressed with gzip:
# a release build from nothing took 4.3 minutes here and xz one more, and the whole run
# must stay under 30 minutes. Both stages: about 2 minutes. A release package is
# `scripts/package.sh` with no variables.
version=$(sed -n "s/^project('drover', version: '\([^']*\)'.*/\1/p" meson.build)
deb="$PWD/.build/package/drover_${version}_$(dpkg --print-architecture).deb"
stage 300 "Debian package (scripts/package.sh from the debug build)" \
  env PACKAGE_CONFIGURATION=debug PACKAGE_COMPRESSION=gzip bash scripts/package.sh .build/package
stage 600 "The installed package (dpkg --root, run from PATH under strace)" \
  env DROVER_DEB="$deb" bash scripts/with-display.sh /usr/bin/python3 -m pytest -p no:cacheprovider -v \
  Tests/EndToEnd/test_installed_package.py
