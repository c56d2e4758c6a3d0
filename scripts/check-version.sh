#!/usr/bin/env bash
# Drover has one version number, meson.build's `version:`. This fails (naming the file)
# when the Swift constant (drover --version, the About window) or the metainfo's newest
# release differs from it.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n "s/^project('drover', version: '\([^']*\)'.*/\1/p" meson.build)
if [ -z "$version" ]; then echo "error: no version in meson.build's project()" >&2; exit 1; fi
swift=$(sed -n 's/^ *static let number = "\([^"]*\)".*/\1/p' Sources/Drover/App/DroverVersion.swift)
release=$(grep -o '<release version="[^"]*"' data/app.drover.Drover.metainfo.xml | head -1 | cut -d'"' -f2)
status=0
if [ "$swift" != "$version" ]; then
  echo "error: Sources/Drover/App/DroverVersion.swift says $swift, meson.build says $version" >&2; status=1
fi
if [ "$release" != "$version" ]; then
  echo "error: data/app.drover.Drover.metainfo.xml's newest release is $release, meson.build says $version" >&2; status=1
fi
[ "$status" = 0 ] && echo "version $version everywhere"
exit $status
