#!/usr/bin/env bash
# make-samples.sh: rebuild Drover's sample library, data/samples/, from public source packages.
#
#   scripts/make-samples.sh [WORKDIR]
#
# It downloads the sources (a scikit-image wheel from PyPI, three Debian wallpaper packages
# with apt-get download), crops and resizes the photos, composites two QR cards into one photo,
# writes EXIF GPS into another, writes manifest.json, and then checks its own output:
# both QR codes decode (at full size and at 50 %), the GPS tags read back, every photo is
# listed in manifest.json and in LICENSES.md. LICENSES.md itself is kept by hand.
#
# Debian 12. Needs imagemagick, qrencode, zbar-tools, libimage-exiftool-perl,
# icc-profiles-free (for sRGB.icc), fonts-dejavu-core, python3 and pip; as root it installs
# the missing ones. CI does not run this script: its output is committed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out="$root/data/samples"
work=${1:-$(mktemp -d -t drover-samples.XXXXXX)}
mkdir -p "$work" "$out"
echo "work dir: $work"

# ---------------------------------------------------------------- tools
need=()
command -v convert-im6.q16 >/dev/null || need+=(imagemagick)
command -v qrencode >/dev/null || need+=(qrencode)
command -v zbarimg >/dev/null || need+=(zbar-tools)
command -v exiftool >/dev/null || need+=(libimage-exiftool-perl)
[[ -f /usr/share/color/icc/sRGB.icc ]] || need+=(icc-profiles-free)
[[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]] || need+=(fonts-dejavu-core)
if ((${#need[@]})); then
  if [[ $(id -u) == 0 ]]; then
    apt-get update -q && apt-get install -y -q "${need[@]}"
  else
    echo "missing packages: ${need[*]} (apt-get install them, or run as root)" >&2; exit 1
  fi
fi
SRGB=/usr/share/color/icc/sRGB.icc

# ---------------------------------------------------------------- sources
SKIMAGE_VERSION=0.26.0
DEB_PACKAGES=(plasma-workspace-wallpapers=4:5.27.5-2
              lomiri-wallpapers-16.04=20.04.0-2
              lomiri-wallpapers-20.04=20.04.0-2)

if [[ ! -d $work/skimage/skimage/data ]]; then
  mkdir -p "$work/pip"
  python3 -m pip download -q --no-deps --only-binary=:all: --implementation cp \
    --python-version 3.11 --platform manylinux_2_28_x86_64 \
    -d "$work/pip" "scikit-image==$SKIMAGE_VERSION"
  mkdir -p "$work/skimage"
  python3 - "$work/pip" "$work/skimage" <<'PY'
import glob, sys, zipfile
whl = glob.glob(sys.argv[1] + "/scikit_image-*.whl")[0]
with zipfile.ZipFile(whl) as z:
    for n in z.namelist():
        if n.startswith("skimage/data/") or n.endswith("/LICENSE.txt"):
            z.extract(n, sys.argv[2])
PY
fi

if [[ ! -d $work/deb/x ]]; then
  mkdir -p "$work/deb" && chmod 777 "$work/deb"   # apt's _apt user writes here
  if ! (cd "$work/deb" && apt-get download "${DEB_PACKAGES[@]}"); then
    echo "warning: pinned versions unavailable, taking the current ones (crops may need a look)" >&2
    (cd "$work/deb" && apt-get download "${DEB_PACKAGES[@]%%=*}")
  fi
  for f in "$work"/deb/*.deb; do
    p=$(basename "$f"); p=${p%%_*}
    mkdir -p "$work/deb/x/$p" && dpkg-deb -x "$f" "$work/deb/x/$p"
  done
fi

SK=$work/skimage/skimage/data
PL=$work/deb/x/plasma-workspace-wallpapers/usr/share/wallpapers
L16=$work/deb/x/lomiri-wallpapers-16.04/usr/share/backgrounds
L20=$work/deb/x/lomiri-wallpapers-20.04/usr/share/backgrounds

# ---------------------------------------------------------------- photos
rm -f "$out"/*.jpg

# photo NAME SOURCE [CROP [extra convert options…]]
# Converts to sRGB (sources with an embedded profile, e.g. rocket.jpg in Adobe RGB, are
# transformed; others are taken as sRGB), crops (geometry in source pixels), shrinks to a
# long edge of at most 1600 px (never enlarges), strips all metadata, JPEG quality 85.
photo() {
  local name=$1 src=$2 crop=${3:-}
  shift; shift; (($#)) && shift
  local c=()
  [[ -n $crop ]] && c=(-crop "$crop" +repage)
  convert "$src[0]" -auto-orient -profile "$SRGB" "${c[@]}" -resize '1600x1600>' "$@" \
    -strip -sampling-factor 2x2 -interlace none -quality 85 "$out/$name"
}

# Stack: rowing boats at dusk (one source photo; three framings, slight exposure changes)
EG=$PL/EveningGlow/contents/images/2560x1600.jpg
photo rowing-boats-at-dusk-1.jpg "$EG" ""
photo rowing-boats-at-dusk-2.jpg "$EG" 2240x1400+160+200 -modulate 97,100,100
photo rowing-boats-at-dusk-3.jpg "$EG" 1920x1200+300+400 -modulate 103,104,100

# Stack: dandelions at sunset
SD=$L16/seeding_by_Clements_Engelhardt.jpg
photo dandelions-at-sunset-1.jpg "$SD" ""
photo dandelions-at-sunset-2.jpg "$SD" 4480x2520+0+0 -modulate 98,100,100
photo dandelions-at-sunset-3.jpg "$SD" 3200x1800+400+120 -modulate 105,102,100

# Stack: nuthatch on a tree trunk
KL=$L20/Kleiber_by_Lukas_Baubkus.jpg
photo nuthatch-on-a-tree-1.jpg "$KL" ""
photo nuthatch-on-a-tree-2.jpg "$KL" 4000x2250+900+600
photo nuthatch-on-a-tree-3.jpg "$KL" 2400x1350+1700+1000 -modulate 102,100,100

# Stack: mountain trail in the Picos de Europa
PE=$L16/picosdeeuropa_by_Aitzol_Berasategi.jpg
photo picos-de-europa-trail-1.jpg "$PE" ""
photo picos-de-europa-trail-2.jpg "$PE" 2720x2040+544+0 -modulate 98,100,100
photo picos-de-europa-trail-3.jpg "$PE" 2176x1632+1088+180 -modulate 96,103,100

# Single photos
photo chelsea-the-cat.jpg "$SK/chelsea.png" ""
photo astronaut-eileen-collins.jpg "$SK/astronaut.png" ""
photo espresso-at-pikolo.jpg "$SK/coffee.png" ""
photo falcon-9-on-the-pad.jpg "$SK/rocket.jpg" ""
photo two-spaniels-at-the-door.jpg "$L16/friends_by_Aitzol_Berasategi.jpg" ""
photo colourful-cups.jpg "$PL/ColorfulCups/contents/images/2560x1600.jpg" ""
photo bridge-cables-over-the-estuary.jpg "$L16/Bridge_by_Sander_Klootwijk.jpg" ""

# ---------------------------------------------------------------- the QR photo
# Two paper cards with generated QR codes, laid on the sunlit concrete beside the bowl:
# each card is warped into place with -distort Perspective, softened slightly to match the
# photo, and casts a small contact shadow toward the upper left (the bowl's own shadow shows
# the light comes from the lower right).
QR_ONE='https://drover.example/sample/one'
QR_TWO='DROVER-SAMPLE-2'
q=$work/qr; mkdir -p "$q"
photo_png() { convert "$1" -auto-orient -profile "$SRGB" -resize '1600x1600>' "$2"; }
photo_png "$L16/Picture_0B_by_freespace.jpg" "$q/base.png"
W=$(identify -format %w "$q/base.png"); H=$(identify -format %h "$q/base.png")

# card TEXT CAPTION OUT: QR (level M, 4-module quiet zone) on off-white paper, caption below
card() {
  local s=10
  qrencode -l M -m 4 -s $s -o "$q/code.png" -- "$1"
  convert "$q/code.png" -fill '#262626' -opaque black -fill '#efede7' -opaque white \
    -background '#efede7' -gravity south -splice 0x$((s * 4)) \
    -font DejaVu-Sans -pointsize $((s * 2)) -fill '#555555' -annotate +0+$s "$2" \
    -bordercolor '#efede7' -border 6 -seed 7 -attenuate 0.25 +noise Gaussian "$3"
}
# place CARD "x0 y0 x1 y1 x2 y2 x3 y3" OUT: the card's corners (TL TR BR BL) mapped into
# a transparent layer the size of the photo
place() {
  local w h x0 y0 x1 y1 x2 y2 x3 y3
  w=$(identify -format %w "$1"); h=$(identify -format %h "$1")
  read -r x0 y0 x1 y1 x2 y2 x3 y3 <<<"$2"
  convert "$1" -alpha set -virtual-pixel transparent -background none \
    -define distort:viewport="${W}x${H}+0+0" \
    -distort Perspective "0,0 $x0,$y0  $w,0 $x1,$y1  $w,$h $x2,$y2  0,$h $x3,$y3" "$3"
}
card "$QR_TWO" 'DROVER · SAMPLE 2' "$q/card-two.png"
card "$QR_ONE" 'drover.example/sample/one' "$q/card-one.png"
place "$q/card-two.png" "28 40 222 26 240 247 42 262" "$q/layer-two.png"
place "$q/card-one.png" "40 640 305 612 336 906 68 935" "$q/layer-one.png"
convert "$q/layer-two.png" "$q/layer-one.png" -background none -layers merge +repage \
  -extent "${W}x${H}" "$q/cards.png"
convert "$q/cards.png" -alpha extract -blur 0x3.5 -roll -4-5 \
  -evaluate multiply 0.4 -negate "$q/shadow.png"
convert "$q/base.png" "$q/shadow.png" -compose Multiply -composite \
  \( "$q/cards.png" -blur 0x0.6 \) -compose Over -composite \
  -strip -sampling-factor 2x2 -quality 85 "$out/fig-with-two-qr-codes.jpg"

# ---------------------------------------------------------------- GPS
# Golden Gate Bridge, 37.8199 N, 122.4783 W, deck about 67 m above the water. The photo is of
# another bridge; the position is illustrative (see LICENSES.md).
exiftool -q -overwrite_original \
  -GPSVersionID=2.3.0.0 \
  -GPSLatitude=37.8199 -GPSLatitudeRef=N \
  -GPSLongitude=122.4783 -GPSLongitudeRef=W \
  -GPSAltitude=67 -GPSAltitudeRef=0 \
  "$out/bridge-cables-over-the-estuary.jpg"

# ---------------------------------------------------------------- manifest
python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
stacks = {
    "Lakeside rowing boats": ["rowing-boats-at-dusk-%d.jpg" % i for i in (1, 2, 3)],
    "Dandelions in the evening light": ["dandelions-at-sunset-%d.jpg" % i for i in (1, 2, 3)],
    "Nuthatch": ["nuthatch-on-a-tree-%d.jpg" % i for i in (1, 2, 3)],
    "Picos de Europa": ["picos-de-europa-trail-%d.jpg" % i for i in (1, 2, 3)],
}
photos = [
    ("rowing-boats-at-dusk-1.jpg", "Rowing boats at dusk"),
    ("rowing-boats-at-dusk-2.jpg", "Rowing boats on the shore"),
    ("rowing-boats-at-dusk-3.jpg", "Rowing boats, close up"),
    ("chelsea-the-cat.jpg", "Chelsea the cat"),
    ("bridge-cables-over-the-estuary.jpg", "Bridge cables over the estuary"),
    ("dandelions-at-sunset-1.jpg", "Dandelions at sunset"),
    ("dandelions-at-sunset-2.jpg", "Dandelion clock against the sun"),
    ("dandelions-at-sunset-3.jpg", "Dandelion meadow at sunset"),
    ("fig-with-two-qr-codes.jpg", "Fig in an orange bowl, with two QR cards"),
    ("astronaut-eileen-collins.jpg", "Astronaut Eileen Collins"),
    ("nuthatch-on-a-tree-1.jpg", "Nuthatch on a tree"),
    ("nuthatch-on-a-tree-2.jpg", "Nuthatch climbing down the bark"),
    ("nuthatch-on-a-tree-3.jpg", "Nuthatch, close up"),
    ("espresso-at-pikolo.jpg", "Espresso at Pikolo Espresso Bar"),
    ("picos-de-europa-trail-1.jpg", "Trail in the Picos de Europa"),
    ("picos-de-europa-trail-2.jpg", "Limestone peaks and snow"),
    ("picos-de-europa-trail-3.jpg", "Snowfield under the peaks"),
    ("falcon-9-on-the-pad.jpg", "Falcon 9 on the launch pad"),
    ("two-spaniels-at-the-door.jpg", "Two spaniels at the door"),
    ("colourful-cups.jpg", "Colourful cups"),
]
albums = {
    "Travel": ["bridge-cables-over-the-estuary.jpg", *stacks["Lakeside rowing boats"],
               *stacks["Picos de Europa"], "falcon-9-on-the-pad.jpg"],
    "Animals": ["chelsea-the-cat.jpg", *stacks["Nuthatch"],
                "two-spaniels-at-the-door.jpg"],
    "Codes & Still Life": ["fig-with-two-qr-codes.jpg", "espresso-at-pikolo.jpg",
                           "colourful-cups.jpg"],
}
manifest = {
    "photos": [{"file": f, "title": t} for f, t in photos],
    "stacks": [{"title": t, "photos": p} for t, p in stacks.items()],
    "albums": [{"name": n, "photos": p} for n, p in albums.items()],
}
with open(os.path.join(out, "manifest.json"), "w") as fh:
    json.dump(manifest, fh, indent=2, ensure_ascii=False)
    fh.write("\n")
PY

# ---------------------------------------------------------------- checks
fail=0
python3 - "$out" <<'PY' || fail=1
import json, os, sys
out = sys.argv[1]
m = json.load(open(os.path.join(out, "manifest.json")))
files = [p["file"] for p in m["photos"]]
on_disk = sorted(f for f in os.listdir(out) if f.endswith(".jpg"))
assert sorted(files) == on_disk, ("manifest and folder differ", sorted(files), on_disk)
assert len(set(files)) == len(files), "duplicate file"
names = [p["title"] for p in m["photos"]] + [s["title"] for s in m["stacks"]] + [a["name"] for a in m["albums"]]
assert len(set(names)) == len(names), ("titles and names must be unique (AT-SPI names)", names)
seen = set()
for s in m["stacks"]:
    assert all(f in files for f in s["photos"]) and not seen & set(s["photos"]), s
    seen |= set(s["photos"])
    idx = [files.index(f) for f in s["photos"]]
    assert idx == list(range(idx[0], idx[0] + len(idx))), ("stack members not together", s)
for a in m["albums"]:
    assert all(f in files for f in a["photos"]), a
lic = open(os.path.join(out, "LICENSES.md")).read() if os.path.exists(os.path.join(out, "LICENSES.md")) else ""
missing = [f for f in files if f not in lic]
if missing:
    print("warning: not in LICENSES.md:", missing)
print("manifest ok: %d photos, %d stacks, %d albums" % (len(files), len(m["stacks"]), len(m["albums"])))
PY

check_qr() {
  local got
  got=$(zbarimg --raw -q "$1" 2>/dev/null | sort || true)
  echo "zbarimg --raw $(basename "$1"):"; sed 's/^/  /' <<<"$got"
  [[ $got == "$(printf '%s\n' "$QR_TWO" "$QR_ONE" | sort)" ]] || { echo "  QR CHECK FAILED" >&2; fail=1; }
}
check_qr "$out/fig-with-two-qr-codes.jpg"
convert "$out/fig-with-two-qr-codes.jpg" -resize 50% "$work/qr-half.jpg"
check_qr "$work/qr-half.jpg"

exiftool -n -GPSLatitudeRef -GPSLatitude -GPSLongitudeRef -GPSLongitude -GPSAltitude \
  "$out/bridge-cables-over-the-estuary.jpg"
[[ $(exiftool -n -s3 -GPSLatitude "$out/bridge-cables-over-the-estuary.jpg") == 37.8199 &&
   $(exiftool -n -s3 -GPSLongitude "$out/bridge-cables-over-the-estuary.jpg") == -122.4783 ]] ||
  { echo "GPS CHECK FAILED" >&2; fail=1; }

du -sh "$out"
exit $fail
