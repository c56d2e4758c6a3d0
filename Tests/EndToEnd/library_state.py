"""Reads a library folder from outside, after drover has exited: the database
(with Python's sqlite3, read-only) and the files in photos/ and thumbnails/.

Layout (GalleryKit's LibraryLocation): DIR/library.sqlite, DIR/photos/<fileName>,
DIR/thumbnails/<fileName>.png, or <fileName>.jpg for a JPEG photo imported since schema v7
(the row's thumbnailFormat); files being written are named ".import-…"."""

import hashlib
import os
import sqlite3
from pathlib import Path

TEMPORARY_PREFIX = ".import-"


def database(library):
    return Path(library) / "library.sqlite"


def photo_rows(library):
    """{fileName: title} for every row of the photo table."""
    uri = database(library).resolve().as_uri() + "?mode=ro"
    with sqlite3.connect(uri, uri=True) as db:
        return dict(db.execute("SELECT fileName, title FROM photo"))


def thumbnail_names(library):
    """{fileName: its thumbnail's file name} for every row of the photo table."""
    uri = database(library).resolve().as_uri() + "?mode=ro"
    extensions = {"png": ".png", "jpeg": ".jpg"}
    with sqlite3.connect(uri, uri=True) as db:
        return {name: name + extensions[kind] for name, kind in db.execute("SELECT fileName, thumbnailFormat FROM photo")}


def files_in(library, folder):
    """Regular file names in DIR/folder, hidden ones included."""
    path = Path(library) / folder
    return sorted(entry.name for entry in os.scandir(path) if entry.is_file(follow_symlinks=False))


def temporary_files(library):
    return [f"{folder}/{name}" for folder in ("photos", "thumbnails")
            for name in files_in(library, folder) if name.startswith(TEMPORARY_PREFIX)]


def consistency_problems(library):
    """Everything that breaks "every row has its files, every file has its row"."""
    problems = []
    rows = photo_rows(library)
    thumbnail_of = thumbnail_names(library)
    photos = set(files_in(library, "photos"))
    thumbnails = set(files_in(library, "thumbnails"))
    problems += [f"temporary file left: {name}" for name in temporary_files(library)]
    problems += [f"row without a photo file: {name}" for name in sorted(set(rows) - photos)]
    problems += [f"row without a thumbnail: {name}" for name in sorted(rows) if thumbnail_of[name] not in thumbnails]
    problems += [f"photo file without a row: {name}" for name in sorted(photos - set(rows))
                 if not name.startswith(TEMPORARY_PREFIX)]
    problems += [f"thumbnail without a row: {name}" for name in sorted(thumbnails - set(thumbnail_of.values()))
                 if not name.startswith(TEMPORARY_PREFIX)]
    uri = database(library).resolve().as_uri() + "?mode=ro"
    with sqlite3.connect(uri, uri=True) as db:
        check = db.execute("PRAGMA integrity_check").fetchone()[0]
        if check != "ok":
            problems.append(f"integrity_check: {check}")
        # Every photo is in the main collection, by itself or inside a stack.
        unlisted = db.execute("""
            SELECT fileName FROM photo p
            WHERE NOT EXISTS (SELECT 1 FROM collectionEntry e WHERE e.photoID = p.id)
              AND NOT EXISTS (SELECT 1 FROM collectionEntry e WHERE e.stackID = p.stackID)""").fetchall()
        problems += [f"photo not in All Photos: {name}" for (name,) in unlisted]
        dangling = db.execute("""
            SELECT id FROM collectionEntry e
            WHERE (kind = 'photo' AND NOT EXISTS (SELECT 1 FROM photo p WHERE p.id = e.photoID))
               OR (kind = 'stack' AND NOT EXISTS (SELECT 1 FROM stack s WHERE s.id = e.stackID))""").fetchall()
        problems += [f"collection entry {entry} points at nothing" for (entry,) in dangling]
    return problems


def fingerprint(path):
    """Bytes (hashed), size and modification time: what "untouched" means."""
    path = Path(path)
    info = path.stat()
    return hashlib.sha256(path.read_bytes()).hexdigest(), info.st_size, info.st_mtime_ns


def rotation(library, title):
    """The quarter turns right the photo titled `title` is turned in Drover (0 to 3)."""
    uri = database(library).resolve().as_uri() + "?mode=ro"
    with sqlite3.connect(uri, uri=True) as db:
        return db.execute("SELECT rotation FROM photo WHERE title = ?", (title,)).fetchone()[0]
