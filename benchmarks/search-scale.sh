#!/usr/bin/env bash
# Search per keystroke over an N-photo library (benchmarks/make-library.sh), as the grid
# runs it (SearchIndex's matches, then the view's filter and date sort; a debug build of
# the tests), side by side with a reference: the same search as one SQLite query with
# LIKE over the same rows (titles, place names, album names, QR texts), timed by the
# sqlite3 CLI. A seventh of the photos are given a place name, every 50th a QR code and
# every 10th an album. Prints figures; it does not pass or fail.
#   [RELEASE=1] benchmarks/search-scale.sh [N]     (default 10000)
# RELEASE=1 times the optimized build the app ships instead of the test suite's debug one (20 to
# 40 times faster); it builds the tests optimized, in .build/search-release (7 minutes on two
# cores from nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
queries="sausalito,photo 123"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source benchmarks/common.sh
build_drover
print_machine
benchmarks/make-library.sh "$work/library" "$count" >/dev/null
sqlite3 "$work/library/library.sqlite" >/dev/null <<SQL
BEGIN;
UPDATE photo SET placeName = 'Sausalito, California, US', latitude = 37.8591, longitude = -122.4853 WHERE id % 7 = 0;
INSERT INTO qrCode (photoID, position, text, x0, y0, x1, y1, x2, y2, x3, y3)
SELECT id, 0, printf('https://tickets.example/%d', id), 0, 0, 1, 0, 1, 1, 0, 1 FROM photo WHERE id % 50 = 0;
INSERT INTO album (name, position, dateCreated) VALUES ('Holidays in Marin', (SELECT coalesce(max(position), 0) + 1 FROM album), 0);
INSERT INTO albumEntry (albumID, photoID, position)
SELECT (SELECT max(id) FROM album), id, id FROM photo WHERE id % 10 = 0;
COMMIT;
SQL

if [[ -n ${RELEASE:-} ]]; then
  # Swift 6.3.1's optimizer crashes in CopyPropagation on a GalleryKitTests function
  # (ConfinedExifTests) built with -O and -enable-testing; the pass is left out here.
  build=(-c release --build-path .build/search-release)
  swift build "${build[@]}" --build-tests -Xswiftc -enable-testing \
    -Xswiftc -Xllvm -Xswiftc -sil-disable-pass=copy-propagation >/dev/null
  echo "== Drover: SearchIndex over $count photos (release build)"
else
  build=()
  swift build --build-tests >/dev/null
  echo "== Drover: SearchIndex over $count photos (debug build)"
fi
DROVER_BENCHMARK_LIBRARY="$work/library" DROVER_BENCHMARK_QUERIES="$queries" \
  swift test "${build[@]}" --skip-build --filter SearchBenchmark 2>&1 | grep '^search-' | tee "$work/drover.txt"

echo "== Reference: one sqlite3 LIKE query per keystroke (best of 5)"
IFS=, read -ra list <<<"$queries"
for query in "${list[@]}"; do
  for ((length = 1; length <= ${#query}; length++)); do
    typed=${query:0:length}
    best=""
    for run in 1 2 3 4 5; do
      seconds=$(sqlite3 "$work/library/library.sqlite" <<SQL | sed -n 's/^Run Time: real \([0-9.]*\).*/\1/p' | tail -1
.timer on
SELECT count(*) FROM photo p WHERE lower(p.title) LIKE '%' || '$typed' || '%'
  OR lower(coalesce(p.placeName, '')) LIKE '%' || '$typed' || '%'
  OR EXISTS (SELECT 1 FROM qrCode q WHERE q.photoID = p.id AND lower(q.text) LIKE '%' || '$typed' || '%')
  OR EXISTS (SELECT 1 FROM albumEntry e JOIN album a ON a.id = e.albumID
             WHERE e.photoID = p.id AND lower(a.name) LIKE '%' || '$typed' || '%');
SQL
)
      best=$(/usr/bin/python3 -c "import sys; v=[float(x) for x in sys.argv[1:] if x]; print(min(v))" $best "$seconds")
    done
    printf 'sqlite-keystroke %s %.2f ms\n' "${typed// /_}" "$(/usr/bin/python3 -c "print($best * 1000)")"
  done
done | tee "$work/sqlite.txt"

echo "== Side by side (ms per keystroke, best of 5)"
/usr/bin/python3 - "$work/drover.txt" "$work/sqlite.txt" <<'PY'
import sys
drover = [line.split() for line in open(sys.argv[1]) if line.startswith("search-keystroke")]
sqlite = {line.split()[1]: line.split()[2] for line in open(sys.argv[2]) if line.startswith("sqlite-keystroke")}
print(f"{'typed':<12} {'drover':>8} {'sqlite LIKE':>12} {'found':>6}")
for _, typed, ms, _, found, _ in drover:
    print(f"{typed:<12} {ms:>8} {sqlite.get(typed, '?'):>12} {found:>6}")
PY
