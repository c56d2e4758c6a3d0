#!/usr/bin/env bash
# Runs the Swift tests of permission handling as an unprivileged user (issue 33, item 1).
#
# The test command runs as root on CI, and root reads any file whatever its permissions,
# so as root these tests are disabled (and counted as skipped, `.enabled(if: !isRoot)`).
# Here they run again as nobody (uid/gid 65534, no supplementary groups, a clean
# environment) with a HOME, XDG_RUNTIME_DIR and TMPDIR of their own in a folder that user
# owns: the built test bundle is run directly (not `swift test`, which would write to
# .build), and it must read it. Each test named below must run and pass: a skip or a
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
bundle="$(swift build --show-bin-path)/DroverPackageTests.xctest"
[ -x "$bundle" ] || { echo "error: $bundle is missing: run swift build --build-tests" >&2; exit 1; }

filter=$(printf '%s\n' "${tests[@]}" | sed 's/[()]/\\&/g' | paste -sd'|')
work=$(mktemp -d /tmp/drover-as-user-XXXXXX)
log=$work/output.txt
trap 'rm -rf "$work"' EXIT
chmod 0755 "$work"
mkdir -m 0700 "$work/home" "$work/runtime" "$work/tmp"

command=(env -i HOME="$work/home" XDG_RUNTIME_DIR="$work/runtime" TMPDIR="$work/tmp" PATH=/usr/bin:/bin
         NO_COLOR=1 LANG=C.UTF-8 "$bundle" --testing-library swift-testing --filter "$filter")
if [ "$(id -u)" = 0 ]; then
  chown 65534:65534 "$work/home" "$work/runtime" "$work/tmp"
  echo "Running ${#tests[@]} permission tests as nobody (uid 65534)"
  command=(setpriv --reuid=65534 --regid=65534 --clear-groups --reset-env "${command[@]}")
  if ! setpriv --reuid=65534 --regid=65534 --clear-groups --reset-env test -x "$bundle"; then
    echo "error: nobody cannot run $bundle: the checkout and .build must be readable (and its folders searchable) by others" >&2
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
