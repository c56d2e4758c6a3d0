#!/usr/bin/env bash
# Makes a COUNT-photo library quickly, without importing COUNT files: Drover imports
# a few distinct photos (so the schema, the rows and the thumbnails are its own),
# then each further photo is a copy of one of those rows under its own file name,
# whose photo and thumbnail are hard links to the imported ones. The library is
# consistent by its own checks: every row names a file in photos/ and a thumbnail,
# every file in photos/ has a row, and every photo has a main-collection entry.
#   benchmarks/make-library.sh LIBRARY COUNT     (needs $drover, from common.sh)
set -euo pipefail
library=$1
count=$2
seeds=${SEEDS:-24}
(( count >= seeds )) || seeds=$count
here=$(dirname "$0")
source "$here/common.sh"
[[ -n ${drover:-} ]] || build_drover

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make_photos "$work/seeds" "$seeds" 640x480
"$drover" --library "$library" --import "$work/seeds" --import-only >/dev/null

# Rows: photo i (i > seeds) copies seed row ((i - 1) % seeds) + 1 with its own file
# name ("scale-000123.jpg") and title, and joins the end of the main collection. Its stamp
# (size and modification time) is the seed's, as its file is the seed's: as an import
# stores it, so that no open takes the library for one from before stamps and stores them.
sqlite3 "$library/library.sqlite" >/dev/null <<SQL
PRAGMA journal_mode = WAL;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT $seeds + 1 UNION ALL SELECT i + 1 FROM n WHERE i < $count)
INSERT INTO photo (id, fileName, originalFileName, title, width, height, dateTaken, fileDate, dateAdded, scanState,
                   contentHash, thumbnailFormat, fileSize, fileModified)
SELECT n.i, printf('scale-%06d.jpg', n.i), printf('scale-%06d.jpg', n.i), printf('Photo %d', n.i),
       s.width, s.height, s.dateTaken, s.fileDate - n.i * 3600, s.dateAdded, 1, s.contentHash, s.thumbnailFormat,
       s.fileSize, s.fileModified
FROM n JOIN photo s ON s.id = ((n.i - 1) % $seeds) + 1;
WITH RECURSIVE n(i) AS (SELECT $seeds + 1 UNION ALL SELECT i + 1 FROM n WHERE i < $count)
INSERT INTO collectionEntry (position, kind, photoID)
SELECT (SELECT max(position) FROM collectionEntry) + n.i, 'photo', n.i FROM n;
COMMIT;
SQL

# Files: hard links to the seeds' copies and thumbnails (the same bytes, no space).
sqlite3 -separator ' ' "$library/library.sqlite" \
  "SELECT p.fileName, s.fileName, s.thumbnailFormat FROM photo p JOIN photo s ON s.id = ((p.id - 1) % $seeds) + 1 WHERE p.id > $seeds" |
  /usr/bin/python3 -c '
import os, sys
library = sys.argv[1]
for line in sys.stdin:
    name, seed, kind = line.split()
    extension = {"png": "png", "jpeg": "jpg"}[kind]
    os.link(f"{library}/photos/{seed}", f"{library}/photos/{name}")
    os.link(f"{library}/thumbnails/{seed}.{extension}", f"{library}/thumbnails/{name}.{extension}")
' "$library"
echo "made a library of $(sqlite3 "$library/library.sqlite" 'SELECT count(*) FROM photo') photos in $library"
