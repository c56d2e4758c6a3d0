#!/usr/bin/env bash
# Opening a 24-megapixel JPEG (6000×4000) in the viewer: when the first picture (the
# thumbnail) and the full image were on screen, counted from the open, and the frame
# gaps meanwhile; beside it, decoding the same file with djpeg (libjpeg-turbo, full size)
# and gdk-pixbuf-thumbnailer (to 256 px). Goals (issue 11): the thumbnail in the first
# frame, the full image within 300 ms, no frame gap over 50 ms. Prints figures; it does
# not pass or fail.   benchmarks/viewer-open.sh [RUNS]   (default 3)
# On a loaded machine wall-clock time lies: the CPU figures (djpeg's, Drover's decode
# and texture, the main thread's per frame) are the ones to compare.
# DROVER=path/to/drover uses that build (e.g. a debug one) instead of building release.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source benchmarks/common.sh
if [[ -n ${DROVER:-} ]]; then drover=$DROVER; else build_drover; fi
print_machine
mkdir -p "$work/home" "$work/photo"
# A fractal drawn small and enlarged: made in seconds (a 24-megapixel plasma takes minutes).
convert -size 1500x1000 plasma:fractal -resize 6000x4000! -quality 90 "$work/photo/big.jpg"
export HOME="$work/home" XDG_DATA_HOME="$work/home/data"
"$drover" --library "$work/library" --import "$work/photo/big.jpg" --import-only >/dev/null

echo "== Decoding the same 24-megapixel JPEG ($(du -k "$work/photo/big.jpg" | cut -f1) KB) outside Drover"
if command -v djpeg >/dev/null; then
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f "djpeg (full size): %e s, %U s user, %S s system" djpeg -outfile /dev/null "$work/photo/big.jpg"
  done
  # gdk-pixbuf's JPEG loader asks libjpeg for a scaled decode (the largest 1/N that
  # still covers the size asked), as the viewer's decode at the display's size does.
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f "djpeg -scale 1/4 (1500×1000): %e s, %U s user, %S s system" \
      djpeg -scale 1/4 -outfile /dev/null "$work/photo/big.jpg"
  done
else
  echo "djpeg: not installed (libjpeg-turbo-progs, scripts/install-deps.sh --test)"
fi
for ((i = 0; i < runs; i++)); do
  /usr/bin/time -f "gdk-pixbuf-thumbnailer (256 px): %e s, %U s user" \
    gdk-pixbuf-thumbnailer -s 256 "$work/photo/big.jpg" "$work/thumb.png"
done

# The photo's background scan (its QR codes, and the JPEG entry point the second thread of this
# decode starts from) runs in the 2 s Drover waits before it opens the photo.
echo "== Drover's viewer opening it (the library's first photo) at once: no warning, nothing decoded ahead"
for ((i = 0; i < runs; i++)); do
  DROVER_BENCHMARK=viewer bash scripts/with-display.sh "$drover" --library "$work/library" 2>/dev/null \
    | grep "viewer benchmark" || echo "viewer benchmark: no figures (drover failed?)"
done

# As a person opens it: a double click on its tile (xdotool, the two clicks $gap ms apart).
# The first click's press starts its decode (ViewerPrefetch); the figures count from the
# second, which opens the viewer.
gap=${DOUBLE_CLICK_MS:-120}
cat > "$work/double-click.sh" <<INNER
set -e
DROVER_BENCHMARK=viewer DROVER_BENCHMARK_OPEN=user "$drover" --library "$work/library" > "$work/drover.out" 2>/dev/null &
for ((t = 0; t < 300; t++)); do
  grep -q "waiting for the open" "$work/drover.out" 2>/dev/null && break
  sleep 0.1
done
read -r x y < <(sed -n 's/.*centre at \\([0-9-]*\\) \\([0-9-]*\\) in the window/\\1 \\2/p' "$work/drover.out")
window=\$(xdotool search --onlyvisible --pid \$! | head -1)
xdotool mousemove --window "\$window" --sync "\$x" "\$y"
sleep 0.5
xdotool click --repeat 2 --delay $gap 1
wait %1
INNER
echo "== Drover's viewer opened by a double click on its tile (clicks $gap ms apart)"
for ((i = 0; i < runs; i++)); do
  rm -f "$work/drover.out"
  bash scripts/with-display.sh bash "$work/double-click.sh" >/dev/null 2>&1 || true
  grep "viewer benchmark (" "$work/drover.out" 2>/dev/null || echo "viewer benchmark: no figures (was the photo opened?)"
done
