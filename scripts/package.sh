#!/usr/bin/env bash
# Usage: scripts/package.sh [OUTDIR]          (default OUTDIR: .build/package)
#
# Builds the Debian 12 binary package OUTDIR/drover_VERSION_ARCH.deb and prints its path.
# Install it with `sudo apt install ./drover_VERSION_ARCH.deb`; `apt remove drover` takes
# it away again (the user's library, ~/.local/share/drover, stays).
#
# 1. The programs: SwiftPM, release, with the Swift runtime and Foundation linked in
#    (--static-swift-stdlib), in the checkout's .build, as scripts/build-release.sh makes
#    them (a second run reuses that build).
#    PACKAGE_CONFIGURATION=debug makes the package from a debug build instead, linked the
#    same way, in .build-package-debug (not .build: SwiftPM would reuse the objects the
#    test build compiled for the shared runtime, and their autolinked libraries break the
#    static link; and back). The test command does that: a debug build of the two
#    programs takes less time than a release one, which would push the whole run past
#    its budget. That package is larger and slower, but installs and runs the same way.
# 2. The tree: meson.build's own install (DESTDIR, prefix /usr), so the package and
#    `meson install` share one install list: drover in /usr/bin, drover-decode in
#    /usr/libexec/drover, data in /usr/share/drover, translations in /usr/share/locale,
#    the schema, icons, desktop file and metainfo where Debian puts them. The schema is not
#    compiled here: Debian's glib trigger compiles /usr/share/glib-2.0/schemas on install
#    and on removal, as the hicolor, desktop-file-utils and shared-mime-info triggers
#    update their caches; so the package needs no maintainer scripts.
# 3. Depends: dpkg-shlibdeps on both programs (exactly the shared libraries they link);
#    Recommends: the gdk-pixbuf loaders for WebP, HEIF/HEIC and AVIF, which gdk-pixbuf
#    loads at run time (no linker can see them).
# 4. dpkg-deb --build --root-owner-group, compressed with xz (PACKAGE_COMPRESSION=gzip:
#    1.4 times larger, and made in 6 s instead of 68 s; the test command uses it).
#
# Network: none beyond Debian's packages. SwiftPM fetches GRDB and swift-property-based
# by their github.com URLs; on Drover's machines git reads those from a local mirror, so
# the build is offline. For an offline rebuild elsewhere (a source tarball), vendor them:
# copy both packages into the tarball (e.g. Vendor/GRDB.swift at the tag Package.swift
# names) and point Package.swift at them with `.package(path:)`, or ship a filled
# SwiftPM cache and build with `--disable-automatic-resolution` and a committed
# Package.resolved. Neither is done yet.
#
# The Maintainer field and the changelog's signature come from DEBFULLNAME and DEBEMAIL
# (as for dch), else from git's user.name and user.email.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=$(realpath -m "${1:-.build/package}")
configuration=${PACKAGE_CONFIGURATION:-release}
case $configuration in release | debug) ;; *) echo "error: PACKAGE_CONFIGURATION is release or debug" >&2; exit 2 ;; esac

version=$(sed -n "s/^project('drover', version: '\([^']*\)'.*/\1/p" meson.build)
arch=$(dpkg --print-architecture)
name=${DEBFULLNAME:-$(git config user.name || echo "Drover developers")}
email=${DEBEMAIL:-$(git config user.email || echo "drover@localhost")}
maintainer="$name <$email>"

# 1. and 2.: meson builds through SwiftPM and installs.
build=.build/meson-package-$configuration
scratch="$root/.build"
if [ "$configuration" = debug ]; then scratch="$root/.build-package-debug"; fi
options=(--prefix=/usr --buildtype="$configuration" -Dstatic_swift_stdlib=true -Dswiftpm_scratch="$scratch")
if [ -f "$build/build.ninja" ]; then
  meson setup --reconfigure "$build" "${options[@]}" >&2
else
  meson setup "$build" "${options[@]}" >&2
fi
meson compile -C "$build" >&2

work="$out/work"
stage="$work/root"
rm -rf "$work"   # only what an earlier run of this script made
mkdir -p "$stage"
DESTDIR="$stage" meson install -C "$build" --no-rebuild --quiet >&2
# Debian's trigger compiles the schemas; a compiled file in the package would clash.
rm -f "$stage/usr/share/glib-2.0/schemas/gschemas.compiled"
gzip -9n "$stage/usr/share/man/man1/drover.1"   # Debian's manual pages are compressed
strip --strip-unneeded --remove-section=.comment "$stage/usr/bin/drover" "$stage/usr/libexec/drover/drover-decode"

doc="$stage/usr/share/doc/drover"
mkdir -p "$doc"
cp packaging/debian/copyright "$doc/copyright"
release_date=$(sed -n 's/.*<release version="'"$version"'" date="\([0-9-]*\)".*/\1/p' data/app.drover.Drover.metainfo.xml)
if [ -z "$release_date" ]; then
  echo "error: data/app.drover.Drover.metainfo.xml has no <release> for $version (meson.build's version)" >&2; exit 1
fi
{
  echo "drover ($version) unstable; urgency=medium"
  echo
  echo "  * Release $version (notes: /usr/share/metainfo/app.drover.Drover.metainfo.xml)."
  echo
  echo " -- $maintainer  $(LC_ALL=C date -u -R -d "$release_date 12:00")"
} > "$work/changelog"
gzip -9n < "$work/changelog" > "$doc/changelog.gz"

# Modes as Debian wants them, whatever the umask and the checkout's modes were.
find "$stage" -type d -exec chmod 0755 {} +
find "$stage" -type f -exec chmod 0644 {} +
chmod 0755 "$stage/usr/bin/drover" "$stage/usr/libexec/drover/drover-decode"

# 3. Depends, from what the programs link.
mkdir -p "$work/shlibs/debian"
printf 'Source: drover\nMaintainer: %s\n\nPackage: drover\nArchitecture: %s\n' "$maintainer" "$arch" \
  > "$work/shlibs/debian/control"
if ! (cd "$work/shlibs" && dpkg-shlibdeps -O -e"$stage/usr/bin/drover" \
       -e"$stage/usr/libexec/drover/drover-decode") > "$work/substvars" 2> "$work/shlibdeps.log"; then
  cat "$work/shlibdeps.log" >&2; echo "error: dpkg-shlibdeps failed (above)" >&2; exit 1
fi
depends=$(sed -n 's/^shlibs:Depends=//p' "$work/substvars")
if [ -z "$depends" ]; then echo "error: dpkg-shlibdeps found no dependencies" >&2; exit 1; fi

mkdir -p "$stage/DEBIAN"
installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: drover
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Recommends: webp-pixbuf-loader, heif-gdk-pixbuf, libavif-gdk-pixbuf
Section: graphics
Priority: optional
Description: photo gallery built around drag and drop
 Drover is a photo gallery for the GNOME desktop. Pick up a photo, or a
 whole selection, and the grid makes room for it: drop it on an album to
 file it there, hover over an album to spring it open, or drop it on the
 delete zone to remove it.
 .
 Photos are imported by dragging them in from the file manager or a
 browser, and can be dragged out again into folders, mail and maps. Drover
 reads QR codes and places from photos, and every drag also works from the
 keyboard and with screen readers.
CONTROL
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

# 4.
deb="$out/drover_${version}_${arch}.deb"
dpkg-deb --build --root-owner-group -Z"${PACKAGE_COMPRESSION:-xz}" "$stage" "$deb" >&2
echo "$deb"
