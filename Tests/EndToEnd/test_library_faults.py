"""Libraries that cannot be opened (issue 2, "Bad input and faults"): a damaged or
foreign database, or one from a newer Drover, gets a clear message instead of the
gallery; the file is never written to; "Use a Fresh Library" opens a working
library beside it. And a photo file missing from the library shows a "missing"
tile instead of crashing."""

import random
import sqlite3

import pytest

from drover_session import DroverSession, find_node, image_spread, screenshot
from image_files import write_png
from library_state import consistency_problems, database, fingerprint, photo_rows
from test_command_line import wait_for_samples
from test_smoke import expected_sample_tiles

ERROR_TITLE = "The Library Could Not Be Opened"


def snapshot(folder):
    """Every file in the library folder (not photos/ and thumbnails/) with its fingerprint.

    Reading a WAL-mode database, even read-only, makes SQLite create an empty -wal and
    a -shm index beside it: that is not a write to the library, so an empty -wal and
    any -shm are left out. A -wal with content would be (it would be checkpointed
    into the database on the next open)."""
    return {path.name: fingerprint(path) for path in sorted(folder.iterdir())
            if path.is_file() and not path.name.endswith("-shm")
            and not (path.name.endswith("-wal") and path.stat().st_size == 0)}


def make_real_library(session, images=3):
    """A genuine library made by drover itself, with a few photos."""
    originals = session.root / "originals"
    originals.mkdir(exist_ok=True)
    for i in range(images):
        write_png(originals / f"real-{i}.png", seed=i)
    result = session.run_again("--import", str(originals), "--import-only")
    assert result.returncode == 0, result.stdout + result.stderr
    assert not (database(session.library).parent / "library.sqlite-wal").exists()


def garbage(session):
    session.library.mkdir(parents=True)
    database(session.library).write_bytes(random.Random(2).randbytes(48 * 1024))
    return "damaged"


def damaged_pages(session):
    """A real library whose pages past the first were overwritten (a bad disk sector)."""
    make_real_library(session)
    path = database(session.library)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big") or 65536
    assert len(data) >= 3 * page, "library too small to damage a page"
    data[page:3 * page] = random.Random(3).randbytes(2 * page)
    path.write_bytes(bytes(data))
    return "damaged"


def newer_schema(session):
    """A real library that a later Drover migrated: GRDB's table lists a migration this build lacks."""
    make_real_library(session)
    with sqlite3.connect(database(session.library)) as db:
        db.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v999-from-the-future')")
    db.close()
    return "newer version of Drover"


def foreign_database(session):
    """A valid SQLite file that is not a Drover library."""
    session.library.mkdir(parents=True)
    with sqlite3.connect(database(session.library)) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
        db.execute("INSERT INTO recipes VALUES ('bread')")
    db.close()
    return "not a Drover photo library"


@pytest.mark.parametrize("damage", [garbage, damaged_pages, newer_schema, foreign_database],
                         ids=lambda damage: damage.__name__)
def test_unopenable_library_is_left_untouched_and_a_fresh_one_offered(damage):
    drover = DroverSession()
    try:
        expected_words = damage(drover)
        before = snapshot(drover.library)
        drover.start()

        drover.find("label", ERROR_TITLE, timeout=30)
        detail = drover.wait_for_label(lambda text: "untouched" in text or "not changed" in text,
                                       what="the error's explanation")
        assert expected_words in detail, detail
        assert str(database(drover.library)) in detail, detail
        fresh = drover.library.parent / f"{drover.library.name}-2"
        assert str(fresh) in detail, f"the fresh library's place is not named: {detail}"
        assert find_node(drover.application(), "table", "Photos") is None, "the gallery opened anyway"
        button = drover.find("push button", "Use a Fresh Library")
        shot = screenshot(f"library-error-{damage.__name__}")
        assert image_spread(shot) > 10, f"screenshot {shot} looks blank"

        assert snapshot(drover.library) == before, "the unopenable library's files were changed"
        assert button.do_action(0)
        expected = expected_sample_tiles()
        drover.wait_for_tiles(lambda names: names[: len(expected)] == expected, what="the samples in the fresh library")
        assert database(fresh).exists()
        assert drover.process.poll() is None
        drover.stop()
        assert snapshot(drover.library) == before, "the unopenable library's files were changed"
        assert consistency_problems(fresh) == []
    finally:
        drover.cleanup()


def test_missing_photo_file_shows_a_missing_tile():
    title = "Chelsea the cat"
    with DroverSession() as drover:
        wait_for_samples(drover)
        drover.stop()
        rows = photo_rows(drover.library)
        file_name = next(name for name, row_title in rows.items() if row_title == title)
        (drover.library / "photos" / file_name).unlink()

        drover.start()
        tiles = wait_for_samples(drover)
        assert title in tiles
        tile = drover.find("table cell", title)
        assert "missing" in (tile.get_description() or ""), tile.get_description()
        others = [drover.find("table cell", name) for name in tiles if name != title]
        assert not any("missing" in (other.get_description() or "") for other in others)
        toast = drover.wait_for_label(lambda text: "missing from the library" in text, what="the missing-file toast")
        assert toast == "1 photo's file is missing from the library."
        shot = screenshot("missing-photo-tile")
        assert image_spread(shot) > 20, f"screenshot {shot} looks blank"

        # Still running and answering; the row is kept for the user to deal with.
        assert drover.process.poll() is None
        assert drover.find("list", "Albums")
        drover.stop()
        assert drover.process.returncode in (0, -15), f"drover exited with {drover.process.returncode}"
        assert photo_rows(drover.library).get(file_name) == title
