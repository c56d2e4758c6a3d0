#!/usr/bin/env bash
# Runs the Swift tests of permission handling as an unprivileged user (issue 33, item 1).
#
# The test command runs as root on CI, and root reads any file whatever its permissions,
# so as root these tests are disabled (and counted as skipped, `.enabled(if: !isRoot)`).
# Here they run again as nobody (uid/gid 65534, no supplementary groups, a clean
# environment) with a HOME, XDG_RUNTIME_DIR and TMPDIR of their own in a folder that user
# owns: a copy of the built test bundle is run directly (not `swift test`, which would
# write to .build). Each test named below must run and pass: a skip or a
# test that the filter no longer finds fails this script.
#
# Run as an ordinary user, the tests run as that user instead (no setpriv needed).
set -euo pipefail
cd "$(dirname "$0")/.."

tests=(
  "ImportTests/unreadableFileFails()"
  "OpeningTests/unreadableDatabaseIsRefusedUntouched()"
  "FolderScanTests/anUnreadableRootFolderIsReportedNotSilent()"
  "FolderScanTests/everyEntryIsImportedFailedOrSkippedWithItsReason()"
)
built="$(swift build --show-bin-path)"
[ -x "$built/DroverPackageTests.xctest" ] || { echo "error: $built/DroverPackageTests.xctest is missing: run swift build --build-tests" >&2; exit 1; }

filter=$(printf '%s\n' "${tests[@]}" | sed 's/[()]/\\&/g' | paste -sd'|')
work=$(mktemp -d /tmp/drover-as-user-XXXXXX)
log=$work/output.txt
trap 'rm -rf "$work"' EXIT
chmod 0755 "$work"
mkdir -m 0700 "$work/home" "$work/runtime" "$work/tmp"
# The checkout may sit below a folder others cannot enter (a CI clone under /root): the
# test bundle runs from a copy, with what it finds beside itself (the drover-decode helper
# its imports start, the test resources).
mkdir -m 0755 "$work/bin"
cp -p "$built/DroverPackageTests.xctest" "$built/drover-decode" "$work/bin/"
for resources in "$built"/*.resources; do
  [ -e "$resources" ] && cp -rp "$resources" "$work/bin/"
done
chmod -R a+rX "$work/bin"
bundle="$work/bin/DroverPackageTests.xctest"

command=(env -i HOME="$work/home" XDG_RUNTIME_DIR="$work/runtime" TMPDIR="$work/tmp" PATH=/usr/bin:/bin
         NO_COLOR=1 LANG=C.UTF-8 "$bundle" --testing-library swift-testing --filter "$filter")
if [ "$(id -u)" = 0 ]; then
  chown 65534:65534 "$work/home" "$work/runtime" "$work/tmp"
  echo "Running ${#tests[@]} permission tests as nobody (uid 65534)"
  command=(setpriv --reuid=65534 --regid=65534 --clear-groups --reset-env "${command[@]}")
  if ! setpriv --reuid=65534 --regid=65534 --clear-groups --reset-env test -x "$bundle"; then
    echo "error: nobody cannot run $bundle (is /tmp mounted noexec?)" >&2
    exit 1
  fi
fi
status=0
"${command[@]}" >"$log" 2>&1 || status=$?
cat "$log"
[ "$status" = 0 ] || { echo "error: the permission tests failed as a user (exit $status)" >&2; exit 1; }
if grep -q " skipped" "$log"; then
  echo "error: a permission test skipped as a user: it must run here" >&2
  exit 1
fi
for test in "${tests[@]}"; do
  name=${test#*/}
  if ! grep -qF "Test $name passed" "$log"; then
    echo "error: $test did not run and pass as a user" >&2
    exit 1
  fi
done
echo "All ${#tests[@]} permission tests ran and passed as a user."
